"""The adapters reach their game through the registry: a game that declares learning spaces
gets them, one that does not is refused in one line naming the game and what it lacks."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from dejarik.cli.main import main
from dejarik.core.errors import MissingCapabilityError
from dejarik.core.spaces import learning_game, learning_games

NO_SPACES = (r"^Kuhn poker \(kuhn\) has no learning spaces "
             r"\(fixed-size observations and actions for learning agents\)$")
"""Every Star Wars game has learning spaces; Kuhn poker, the tests' own game, has none."""


def test_the_games_with_learning_spaces_are_declared() -> None:
    assert learning_games() == ["deckbuilding", "pandemic", "tcg"]
    game, spaces = learning_game()
    assert game.name == "deckbuilding" and "packs" in spaces.parameters
    with pytest.raises(MissingCapabilityError, match=NO_SPACES):
        learning_game("kuhn")


def test_pettingzoo_refuses_a_game_without_spaces_in_one_line() -> None:
    pytest.importorskip("pettingzoo", reason="the rl extra is not installed (pip install 'dejarik[rl]')")
    from dejarik.interop.pettingzoo import env, raw_env

    with pytest.raises(MissingCapabilityError, match=NO_SPACES):
        env(game="kuhn")
    with pytest.raises(MissingCapabilityError, match=NO_SPACES):
        raw_env(game="kuhn")


def test_gymnasium_refuses_a_game_without_spaces_in_one_line() -> None:
    pytest.importorskip("gymnasium", reason="the rl extra is not installed (pip install 'dejarik[rl]')")
    from dejarik.interop.gymnasium import DejarikEnv

    with pytest.raises(MissingCapabilityError, match=NO_SPACES):
        DejarikEnv(game="kuhn")


def test_openspiel_refuses_a_game_without_spaces_in_one_line() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="the rl extra is not installed (pip install 'dejarik[rl]')")
    from dejarik.interop.openspiel import DejarikSpielGame, spiel_name

    with pytest.raises(MissingCapabilityError, match=NO_SPACES):
        DejarikSpielGame(game="kuhn")
    assert spiel_name("kuhn") not in pyspiel.registered_names()


def test_spaces_command_prints_every_game() -> None:
    for game in ("deckbuilding", "pandemic", "tcg"):
        res = CliRunner().invoke(main, ["spaces", game])
        assert res.exit_code == 0, res.output
        assert re.search(r"observation \d+ floats .*; \d+ actions\n", res.output), res.output
        assert "\naction blocks:\n" in res.output
