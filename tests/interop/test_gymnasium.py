"""Gymnasium adapter: Gymnasium's own env checker, episodes against an opponent, bad actions."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium", reason="the rl extra is not installed (pip install 'dejarik[rl]')")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from dejarik.core.errors import ConfigError, IllegalActionError  # noqa: E402
from dejarik.interop.gymnasium import DejarikEnv, env_id  # noqa: E402

ENV_ID = "dejarik/Deckbuilding-v0"  # the id registered for the deckbuilder since the start


def test_the_deckbuilder_keeps_its_registered_id() -> None:
    assert env_id("deckbuilding") == ENV_ID and ENV_ID in gym.registry
    assert isinstance(gym.make(ENV_ID).unwrapped, DejarikEnv)


@pytest.mark.parametrize("kwargs", [{}, {"opponent": "greedy", "seat": "random"},
                                    {"opponent": "heuristic", "seat": 1, "render_mode": "ansi"}])
def test_gymnasium_check_env_passes_without_warnings(kwargs: dict[str, object]) -> None:
    env = gym.make(ENV_ID, **kwargs)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert not [str(w.message) for w in caught]


def _episode(env: DejarikEnv, seed: int) -> tuple[list[int], float, bool, bool]:
    obs, info = env.reset(seed=seed)
    taken: list[int] = []
    reward, terminated, truncated = 0.0, False, False
    while not (terminated or truncated):
        legal = np.flatnonzero(info["action_mask"])
        action = int(legal[len(taken) * 31 % len(legal)])
        taken.append(action)
        obs, r, terminated, truncated, info = env.step(action)
        reward += float(r)
        assert obs.shape == env.observation_space.shape
    return taken, reward, terminated, truncated


def test_an_episode_against_the_greedy_player_ends_in_a_result_and_replays() -> None:
    env = DejarikEnv(opponent="greedy", seat=1)
    taken, reward, terminated, _ = _episode(env, 5)
    assert terminated and reward in (-1.0, 1.0)
    assert env.state is not None and env.state.winner() == (env.seat if reward > 0 else 1 - env.seat)
    again, reward2, *_ = _episode(DejarikEnv(opponent="greedy", seat=1), 5)
    assert (again, reward2) == (taken, reward)


def test_the_turn_limit_truncates_with_no_reward() -> None:
    env = DejarikEnv(config={"turn_limit": 4})
    _, reward, terminated, truncated = _episode(env, 1)
    assert truncated and not terminated and reward == 0.0


def test_the_mask_matches_action_masks_and_the_opponent_moves_inside_step() -> None:
    env = DejarikEnv(opponent="random", seat=1)
    _, info = env.reset(seed=3)
    assert env.state is not None and env.state.current_player == 1
    assert np.array_equal(info["action_mask"].astype(bool), env.action_masks())


def test_a_masked_out_action_changes_nothing() -> None:
    env = DejarikEnv()
    obs, info = env.reset(seed=2)
    assert env.state is not None
    before = env.state.state_hash()
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs2, reward, terminated, truncated, info2 = env.step(bad)
    assert info2["illegal_action"] and reward == 0.0 and not terminated and not truncated
    assert np.array_equal(obs, obs2) and env.state.state_hash() == before


def test_illegal_action_raise_mode_and_out_of_space_actions() -> None:
    env = DejarikEnv(illegal_action="raise")
    _, info = env.reset(seed=2)
    assert env.state is not None
    before = env.state.state_hash()
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match=f"action {bad}"):
        env.step(bad)
    with pytest.raises(ValueError, match="outside the action space"):
        env.step(env.layout.action_size)
    with pytest.raises(ValueError, match="outside the action space"):
        env.step(-1)
    assert env.state.state_hash() == before


def test_bad_settings_are_refused_by_name() -> None:
    with pytest.raises(ConfigError, match="unknown agent 'chess'"):
        DejarikEnv(opponent="chess")
    with pytest.raises(ConfigError, match="seat"):
        DejarikEnv(seat=2)
    with pytest.raises(ConfigError, match="illegal_action"):
        DejarikEnv(illegal_action="penalise")
    with pytest.raises(ValueError, match="render_mode"):
        DejarikEnv(render_mode="rgb_array")
    with pytest.raises(RuntimeError, match="reset"):
        DejarikEnv().step(0)
