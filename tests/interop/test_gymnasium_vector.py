"""The vector environment: many games stepped together in one process, each exactly as its
own `DejarikEnv` would play it, reset in the same step when it ends, for every game."""

from __future__ import annotations

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium", reason="the rl extra is not installed (pip install 'dejarik[rl]')")

from dejarik.core.errors import ConfigError  # noqa: E402
from dejarik.core.spaces import learning_games  # noqa: E402
from dejarik.interop.gymnasium import DejarikEnv, DejarikVectorEnv  # noqa: E402


@pytest.mark.parametrize("game", learning_games())
def test_each_game_of_the_batch_plays_as_its_own_environment_would(game: str) -> None:
    config = {"turn_limit": 12} if game == "deckbuilding" else None
    vec = DejarikVectorEnv(3, config=config, opponent="greedy", game=game)
    singles = [DejarikEnv(config, opponent="greedy", game=game) for _ in range(3)]
    obs, info = vec.reset(seed=40)
    assert obs.shape == (3, vec.layout.obs_size) and vec.observation_space.contains(obs)
    for i, env in enumerate(singles):
        o, inf = env.reset(seed=40 + i)
        assert np.array_equal(obs[i], o) and np.array_equal(info["action_mask"][i], inf["action_mask"])
    rng = np.random.default_rng(5)
    ended = 0
    for _ in range(150):
        actions = np.array([int(rng.choice(np.flatnonzero(m))) for m in info["action_mask"]])
        obs, rewards, terminated, truncated, info = vec.step(actions)
        for i, env in enumerate(singles):
            o, r, te, tr, inf = env.step(int(actions[i]))
            assert (rewards[i], terminated[i], truncated[i]) == (r, te, tr)
            if te or tr:   # reset in the same step: the last view is kept in the infos
                ended += 1
                assert info["_final_obs"][i] and np.array_equal(info["final_obs"][i], o)
                assert info["final_info"][i]["winner"] == inf.get("winner")
                o, inf = env.reset()
            assert np.array_equal(obs[i], o)
            assert np.array_equal(info["action_mask"][i], inf["action_mask"])
    if game == "deckbuilding":
        assert ended > 0   # the turn limit of 12 ends games within 150 steps


def test_the_batch_refuses_bad_input_and_changes_nothing() -> None:
    with pytest.raises(ConfigError, match="num_envs must be a whole number of 1 or more"):
        DejarikVectorEnv(0)
    vec = DejarikVectorEnv(2)
    obs, info = vec.reset(seed=1)
    hashes = [env._game().state_hash() for env in vec.envs]
    with pytest.raises(ValueError, match=r"one action per game, shape \(2,\)"):
        vec.step(np.array([0, 0, 0]))
    with pytest.raises(ValueError, match="outside the action space"):
        vec.step(np.array([int(np.flatnonzero(info['action_mask'][0])[0]), -1]))
    with pytest.raises(ValueError, match="one seed per game"):
        vec.reset(seed=[1, 2, 3])
    assert [env._game().state_hash() for env in vec.envs] == hashes   # no game moved
    # a masked-out action leaves that game as it was and says so
    bad = int(np.flatnonzero(info["action_mask"][0] == 0)[0])
    good = int(np.flatnonzero(info["action_mask"][1])[0])
    before = vec.envs[0]._game().state_hash()
    obs2, _, _, _, info2 = vec.step(np.array([bad, good]))
    assert info2["illegal_action"].tolist() == [True, False]
    assert vec.envs[0]._game().state_hash() == before and np.array_equal(obs2[0], obs[0])
    assert vec.action_masks().shape == (2, vec.layout.action_size)
