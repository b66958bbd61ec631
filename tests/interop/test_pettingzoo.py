"""PettingZoo adapter: PettingZoo's own API and seed tests, and its illegal-move rule."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed (pip install 'dejarik[rl]')")

from pettingzoo.test import api_test, seed_test

from dejarik.core.errors import ConfigError, IllegalActionError
from dejarik.interop.pettingzoo import env, raw_env

# PettingZoo warns about every dict observation, the form its own docs prescribe for action
# masks (its classic games raise the same two warnings); nothing else may be warned about.
DICT_OBSERVATION_WARNINGS = ("Observation is not a NumPy array",
                             "Observation space for each agent probably should be")


def _only_dict_warnings(caught: list[warnings.WarningMessage]) -> None:
    other = {str(w.message) for w in caught} - {
        str(w.message) for w in caught if str(w.message).startswith(DICT_OBSERVATION_WARNINGS)}
    assert not other, other


def test_pettingzoo_api_test_passes() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(render_mode="ansi"), num_cycles=1000)
        api_test(raw_env(config={"turn_limit": 3}), num_cycles=200)  # a truncated episode too
    _only_dict_warnings(caught)


def test_pettingzoo_seed_test_passes() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        seed_test(env, num_cycles=300)
    _only_dict_warnings(caught)


def _play(e: object, seed: int) -> tuple[list[int], dict[str, float]]:
    e.reset(seed=seed)  # type: ignore[attr-defined]
    taken: list[int] = []
    totals = {"player_0": 0.0, "player_1": 0.0}
    for agent in e.agent_iter():  # type: ignore[attr-defined]
        obs, reward, terminated, truncated, _ = e.last()  # type: ignore[attr-defined]
        totals[agent] += reward
        if terminated or truncated:
            action = None
        else:
            legal = np.flatnonzero(obs["action_mask"])
            action = int(legal[len(taken) * 7919 % len(legal)])
            taken.append(action)
        e.step(action)  # type: ignore[attr-defined]
    return taken, totals


def test_a_whole_game_ends_with_opposite_rewards_and_replays_from_its_seed() -> None:
    first, totals = _play(env(), seed=11)
    assert sorted(totals.values()) == [-1.0, 1.0]
    again, _ = _play(env(), seed=11)
    assert again == first
    other, _ = _play(env(), seed=12)
    assert other != first


def test_only_the_agent_to_move_has_legal_actions() -> None:
    e = raw_env()
    e.reset(seed=4)
    idle = next(a for a in e.agents if a != e.agent_selection)
    assert e.observe(e.agent_selection)["action_mask"].any()
    assert not e.observe(idle)["action_mask"].any()


def test_an_illegal_move_ends_the_game_with_minus_one_and_leaves_the_position() -> None:
    """PettingZoo's rule for classic games (TerminateIllegalWrapper)."""
    e = env()
    e.reset(seed=2)
    agent = e.agent_selection
    obs, *_ = e.last()
    before = e.unwrapped.state.state_hash()
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        e.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert all(e.terminations.values())
    assert e.rewards[agent] == -1 and sum(e.rewards.values()) == -1
    assert e.unwrapped.state.state_hash() == before


def test_actions_outside_the_space_fail_and_change_nothing() -> None:
    e = env()
    e.reset(seed=2)
    before = e.unwrapped.state.state_hash()
    with pytest.raises(AssertionError):
        e.step(e.action_space(e.agent_selection).n)
    assert e.unwrapped.state.state_hash() == before


def test_raw_env_raises_on_an_illegal_action_and_changes_nothing() -> None:
    e = raw_env()
    e.reset(seed=2)
    obs = e.observe(e.agent_selection)
    before = e.state.state_hash()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match=f"action {bad}"):
        e.step(bad)
    assert e.state.state_hash() == before and e.agent_selection in e.agents


def test_render_ansi_shows_the_public_board() -> None:
    e = raw_env(render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert text is not None and text.startswith("Turn 1:") and "5 cards" in text
    quiet = raw_env()
    quiet.reset(seed=1)
    assert quiet.render() is None


def test_bad_settings_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(render_mode="human")
    with pytest.raises(ConfigError, match="mode"):
        raw_env(config={"mode": "epic"})
    with pytest.raises(ValueError, match="seed"):
        raw_env().reset(seed=-1)


@pytest.mark.parametrize("config", [{}, {"team": True}], ids=["two players", "team game"])
def test_every_observation_is_the_one_written_whole_and_stays_as_returned(
        config: dict[str, object]) -> None:
    """Each seat's observer rewrites only what changed since its last look; what `observe`
    returns must still equal the observation written from scratch and the mask from the
    layout, for every seat at every step, across a reset, and must not change afterwards."""
    e = raw_env({**config, "turn_limit": 40})
    rng = np.random.default_rng(3)
    kept: list[tuple[np.ndarray, np.ndarray]] = []
    for seed in (1, 2):
        e.reset(seed=seed)
        for agent in e.agent_iter():
            s = e.state
            assert s is not None
            for seat, name in enumerate(e.possible_agents):
                got = e.observe(name)
                assert np.array_equal(got["observation"], e.layout.observe(s, seat))
                assert np.array_equal(got["action_mask"], e.layout.mask(s, seat))
            last = e.observe(agent)
            if len(kept) < 50:
                kept.append((last["observation"], last["observation"].copy()))
            _, _, terminated, truncated, _ = e.last()
            e.step(None if terminated or truncated else
                   int(rng.choice(np.flatnonzero(last["action_mask"]))))
    assert all(np.array_equal(a, b) for a, b in kept)
