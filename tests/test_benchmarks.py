"""The benchmarks shipped in the package (`dejarik.benchmarks`): what they play comes from the
registered game, so a game from outside Dejarik's tree is benchmarked like its own."""

from __future__ import annotations

import dataclasses

import pytest

from dejarik.benchmarks import engine
from dejarik.core.errors import ConfigError
from dejarik.core.protocol import RANDOM_PLAY, Benchmark
from dejarik.core.registry import game_names, get_game


def test_every_game_declares_random_play_first_and_agents_that_exist() -> None:
    for name in game_names():
        game = get_game(name)
        assert game.benchmarks, name
        assert game.benchmarks[0].players == "random", name
        for bench in game.benchmarks:
            config = game.normalize_config(dict(bench.config))   # a bad config raises
            assert game.num_players(config) >= 1


def test_a_game_that_declares_none_is_benchmarked_by_random_play() -> None:
    kuhn = get_game("kuhn")
    assert kuhn.benchmarks == RANDOM_PLAY
    r = engine.whole_games_rate(kuhn, kuhn.benchmarks[0], seconds=0.05, windows=1)
    assert r["games"] >= 1 and r["steps"] >= 2 * r["games"]   # a Kuhn game is 2 or 3 moves
    assert r["steps_per_s"] > 0 and r["games_per_s"] > 0


def test_the_search_rate_is_offered_where_the_game_has_agent_hooks() -> None:
    kuhn = get_game("kuhn")
    [(label, measure)] = engine.searches(kuhn)
    assert label == "ISMCTS search"
    m = measure(0.05)
    assert m["decisions"] >= 1 and m["iterations_per_s"] > 0


def test_whole_games_are_counted_to_the_end() -> None:
    game = get_game("tcg")
    r = engine.whole_games_rate(game, game.benchmarks[0], seconds=0.05, windows=1)
    assert r["games"] >= 1 and r["steps"] > r["games"]


def test_a_bad_agent_spec_fails_before_any_game() -> None:
    game = get_game("kuhn")
    bad = dataclasses.replace(game.benchmarks[0], players="nobody")
    with pytest.raises(ConfigError, match="unknown agent 'nobody'"):
        engine.whole_games_rate(game, bad, seconds=10.0)
    with pytest.raises(ConfigError):
        engine.whole_games_rate(get_game("deckbuilding"), Benchmark("x", {"turn_limit": -1}, "random"), 10.0)
