"""The adapters reach their game through the registry: a game that declares learning spaces
gets them, one that does not is refused in one line naming the game and what it lacks."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from dejarik.cli.main import main
from dejarik.core.errors import MissingCapabilityError
from dejarik.core.spaces import learning_game, learning_games

NO_SPACES = (r"^Star Wars Trading Card Game \(tcg\) has no learning spaces "
             r"\(fixed-size observations and actions for learning agents\)$")


def test_the_games_with_learning_spaces_are_declared() -> None:
    assert learning_games() == ["deckbuilding", "pandemic"]
    game, spaces = learning_game()
    assert game.name == "deckbuilding" and "packs" in spaces.parameters
    with pytest.raises(MissingCapabilityError, match=NO_SPACES):
        learning_game("tcg")


def test_pettingzoo_refuses_a_game_without_spaces_in_one_line() -> None:
    pytest.importorskip("pettingzoo", reason="the rl extra is not installed (pip install 'dejarik[rl]')")
    from dejarik.interop.pettingzoo import env, raw_env

    with pytest.raises(MissingCapabilityError, match=NO_SPACES):
        env(game="tcg")
    with pytest.raises(MissingCapabilityError, match=NO_SPACES):
        raw_env(game="tcg")


def test_gymnasium_refuses_a_game_without_spaces_in_one_line() -> None:
    pytest.importorskip("gymnasium", reason="the rl extra is not installed (pip install 'dejarik[rl]')")
    from dejarik.interop.gymnasium import DejarikEnv

    with pytest.raises(MissingCapabilityError, match=NO_SPACES):
        DejarikEnv(game="tcg")


def test_openspiel_refuses_a_game_without_spaces_in_one_line() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="the rl extra is not installed (pip install 'dejarik[rl]')")
    from dejarik.interop.openspiel import DejarikSpielGame, spiel_name

    with pytest.raises(MissingCapabilityError, match=NO_SPACES):
        DejarikSpielGame(game="tcg")
    assert spiel_name("tcg") not in pyspiel.registered_names()


def test_spaces_command_refuses_a_game_without_spaces_in_one_line() -> None:
    res = CliRunner().invoke(main, ["spaces", "tcg"])
    assert res.exit_code == 2
    assert res.output.strip().splitlines() == [
        "error: Star Wars Trading Card Game (tcg) has no learning spaces "
        "(fixed-size observations and actions for learning agents)"]
