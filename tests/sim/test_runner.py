"""`play_game`, the one-game runner every surface shares (docs/api.md)."""

from __future__ import annotations

import pytest

from dejarik.agents.base import make_agent
from dejarik.core.errors import ConfigError
from dejarik.core.registry import get_game
from dejarik.sim.runner import play_game


def test_a_game_is_named_or_given_and_plays_the_same() -> None:
    agents = [make_agent("greedy", 1), make_agent("greedy", 2)]
    by_name, result, replay = play_game("tcg", {}, 5, agents, record=True)
    agents = [make_agent("greedy", 1), make_agent("greedy", 2)]
    given, again, replay2 = play_game(get_game("tcg"), {}, 5, agents, record=True)
    assert by_name.state_hash() == given.state_hash() and result == again
    assert replay is not None and replay2 is not None and replay.game == replay2.game == "tcg"


def test_an_unknown_game_is_named() -> None:
    with pytest.raises(ConfigError, match="unknown game 'chess'; known games: "):
        play_game("chess", {}, 1, [])
