"""Every game with learning spaces, through the same checks: its layout's contract (indices,
masks, ranges, what a seat may not know) and each library's own conformance tests
(PettingZoo's api_test and seed_test, Gymnasium's check_env, OpenSpiel's random_sim_test with
serialisation). None of the checks names a game: the cases only pick configurations."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from dejarik.core.errors import IllegalActionError
from dejarik.core.protocol import GameState
from dejarik.core.spaces import learning_game, learning_games
from tests.interop.conftest import positions

CASES: list[tuple[str, dict[str, Any]]] = [
    ("deckbuilding", {}),
    ("deckbuilding", {"team": True}),
    ("pandemic", {"players": 1}),
    ("pandemic", {"players": 3, "difficulty": "master"}),
    ("pandemic", {"players": 5, "difficulty": "grandmaster"}),
    ("tcg", {}),
    ("tcg", {"dark": "sith_and_bounty_hunters", "light": "jedi_council"}),
]
IDS = [f"{game}-{'-'.join(f'{k}{v}' for k, v in cfg.items()) or 'default'}" for game, cfg in CASES]


def test_every_game_with_learning_spaces_has_a_case() -> None:
    assert sorted({game for game, _ in CASES}) == learning_games()


def sample(game: str, config: dict[str, Any]) -> Iterator[GameState]:
    """Every third position of four seeded random games, stopped after 60 turns."""
    return positions(4, every=3, game=game, config={**config, "turn_limit": 60})


@pytest.mark.parametrize(("game", "config"), CASES, ids=IDS)
def test_the_layout_is_the_same_for_every_seed(game: str, config: dict[str, Any]) -> None:
    g, spaces = learning_game(game)
    cfg = g.normalize_config(config)
    a, b = spaces.for_state(g.new_state(cfg, 1)), spaces.for_state(g.new_state(cfg, 98))
    assert (a.obs_size, a.action_size) == (b.obs_size, b.action_size)
    assert sum(int(np.prod(shape)) for shape in a.observation_parts.values()) == a.obs_size
    for i in range(a.action_size):
        assert a.describe(i)
    with pytest.raises(ValueError, match=str(a.action_size)):
        a.describe(a.action_size)


@pytest.mark.parametrize(("game", "config"), CASES, ids=IDS)
def test_every_legal_action_has_its_own_index_and_only_the_decider_has_any(
        game: str, config: dict[str, Any]) -> None:
    _, spaces = learning_game(game)
    checked = 0
    for s in sample(game, config):
        layout = spaces.for_state(s)
        acts = s.legal_actions()
        index = [layout.encode(s, a) for a in acts]
        offered = [i for i in index if i >= 0]   # -1: beyond a documented cap of the layout
        assert len(set(offered)) == len(offered) and all(i < layout.action_size for i in offered)
        assert len(offered) >= len(acts) * 0.9 and (offered or not acts)
        assert all(layout.decode(s, i) == a for i, a in zip(index, acts, strict=True) if i >= 0)
        mask = layout.mask(s)
        assert mask.dtype == np.int8 and sorted(np.flatnonzero(mask).tolist()) == sorted(offered)
        for seat in range(s.num_players):
            if seat != s.current_player:
                assert not layout.mask(s, seat).any()
        checked += len(acts)
    assert checked > 200


@pytest.mark.parametrize(("game", "config"), CASES, ids=IDS)
def test_an_illegal_index_is_refused_by_name_and_changes_nothing(game: str, config: dict[str, Any]) -> None:
    g, spaces = learning_game(game)
    s = g.new_state(g.normalize_config(config), 3)
    layout = spaces.for_state(s)
    bad = next(i for i in range(layout.action_size) if i not in layout.legal(s))
    before = s.state_hash()
    with pytest.raises(IllegalActionError, match=rf"action {bad} \(.+\) is not legal now"):
        layout.decode(s, bad)
    with pytest.raises(IllegalActionError, match="outside the space"):
        layout.decode(s, layout.action_size)
    assert s.state_hash() == before


@pytest.mark.parametrize(("game", "config"), CASES, ids=IDS)
def test_observations_are_numbers_in_range_that_hide_what_a_seat_may_not_know(
        game: str, config: dict[str, Any]) -> None:
    """A re-deal of everything a seat cannot see must look the same to that seat: same
    observation, same view key."""
    _, spaces = learning_game(game)
    changed = 0
    last: dict[int, bytes] = {}
    for k, s in enumerate(sample(game, config)):
        layout = spaces.for_state(s)
        for seat in range(s.num_players):
            obs = layout.observe(s, seat)
            assert obs.dtype == np.float32 and obs.shape == (layout.obs_size,)
            assert float(obs.min()) >= 0.0 and float(obs.max()) <= 1.0
            world = s.resample_hidden(seat, 1000 + k)
            assert np.array_equal(layout.observe(world, seat), obs)
            assert layout.view_key(world, seat) == layout.view_key(s, seat)
            changed += last.get(seat) != obs.tobytes()
            last[seat] = obs.tobytes()
    assert changed > 20, "the observation follows the game"


@pytest.mark.parametrize(("game", "config"), CASES, ids=IDS)
def test_pettingzoo_api_and_seed_tests_pass(game: str, config: dict[str, Any]) -> None:
    pytest.importorskip("pettingzoo", reason="the rl extra is not installed (pip install 'dejarik[rl]')")
    from pettingzoo.test import api_test, seed_test

    from dejarik.interop.pettingzoo import env

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game=game, config=config, render_mode="ansi"), num_cycles=300)
        seed_test(lambda **kw: env(game=game, config=config, **kw), num_cycles=100)
    other = {str(w.message) for w in caught
             if not str(w.message).startswith(("Observation is not a NumPy array",
                                               "Observation space for each agent probably should be"))}
    assert not other, other


@pytest.mark.parametrize(("game", "config"), CASES, ids=IDS)
def test_gymnasium_check_env_passes(game: str, config: dict[str, Any]) -> None:
    gym = pytest.importorskip("gymnasium", reason="the rl extra is not installed (pip install 'dejarik[rl]')")
    from gymnasium.utils.env_checker import check_env

    from dejarik.interop.gymnasium import env_id

    env = gym.make(env_id(game), config=config, opponent="greedy", seat="random")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert not [str(w.message) for w in caught]


@pytest.mark.parametrize(("game", "config"), CASES, ids=IDS)
def test_openspiel_random_sim_test_passes_with_serialisation(game: str, config: dict[str, Any]) -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="the rl extra is not installed (pip install 'dejarik[rl]')")
    from dejarik.interop.openspiel import spiel_name

    g, spaces = learning_game(game)
    params = {k: v for k, v in config.items() if k in spaces.parameters}
    loaded = pyspiel.load_game(spiel_name(game), {**params, "turn_limit": 40})
    assert loaded.num_players() == g.num_players(g.normalize_config(config))
    pyspiel.random_sim_test(loaded, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("game", "config"), CASES, ids=IDS)
def test_a_game_stopped_by_the_turn_limit_is_a_truncation_with_no_reward(
        game: str, config: dict[str, Any]) -> None:
    pytest.importorskip("pettingzoo", reason="the rl extra is not installed (pip install 'dejarik[rl]')")
    from dejarik.interop.pettingzoo import raw_env

    e = raw_env(game=game, config={**config, "turn_limit": 2})
    e.reset(seed=1)
    totals: dict[str, float] = {}
    ended: set[str] = set()
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] = totals.get(agent, 0.0) + float(reward)
        assert not terminated
        if truncated:
            ended.add(agent)
        e.step(None if truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    assert ended == set(e.possible_agents) and set(totals.values()) == {0.0}


@pytest.mark.parametrize(("game", "config"), CASES, ids=IDS)
def test_a_view_key_is_equal_exactly_when_the_observation_is(game: str, config: dict[str, Any]) -> None:
    """The adapters digest what a seat has seen by `view_key` (OpenSpiel's information states):
    over consecutive positions, and a re-deal of each, two keys are equal exactly when the two
    observations are."""
    _, spaces = learning_game(game)
    last: dict[int, tuple[object, bytes]] = {}
    equal = different = 0
    for k, s in enumerate(sample(game, config)):
        layout = spaces.for_state(s)
        for seat in range(s.num_players):
            key, obs = layout.view_key(s, seat), layout.observe(s, seat).tobytes()
            world = s.resample_hidden(seat, 2000 + k)
            assert layout.view_key(world, seat) == key
            if seat in last:
                before_key, before_obs = last[seat]
                assert (before_key == key) == (before_obs == obs)
                equal += before_obs == obs
                different += before_obs != obs
            last[seat] = (key, obs)
    assert different > 20
