"""A game with learning spaces as a single-agent Gymnasium environment against built-in
opponents.

    import gymnasium, dejarik.interop.gymnasium  # registers "dejarik/Deckbuilding-v0"
    env = gymnasium.make("dejarik/Deckbuilding-v0", opponent="greedy")
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample(info["action_mask"]))

Importing the module registers `dejarik/<Game>-v0` for every registered game that declares
learning spaces (`env_id`). The learner plays one seat (`seat` 0, 1, ..., or "random" for a
draw per episode); the opponents' moves, including their answers to the learner's
abilities, are made inside `step`. The reward is +1 for a win and -1 for a loss, at the end;
a game stopped by the turn limit is truncated with reward 0. The legal-action mask is
`info["action_mask"]` (and `action_masks()`, as sb3-contrib's MaskablePPO asks for it).

Gymnasium sets no rule for actions outside a mask. Here an action outside the space raises
ValueError; a masked-out action leaves the game unchanged and returns the same observation
with reward `illegal_reward` (default 0) and `info["illegal_action"] = True`, or raises
IllegalActionError if `illegal_action="raise"`.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from dejarik.agents.base import Agent, make_agent
from dejarik.core.errors import ConfigError
from dejarik.core.protocol import Action, GameState
from dejarik.core.spaces import learning_games, mask_of
from dejarik.interop.common import SeedStream, episode


def _index(action: Any, size: int) -> int:
    """An action index from an int or a NumPy integer, in 0..size-1 (ValueError otherwise)."""
    try:
        index = operator.index(action)
    except TypeError:
        index = -1
    if isinstance(action, bool) or not 0 <= index < size:
        raise ValueError(f"action {action!r} is outside the action space (Discrete({size}))")
    return index


def env_id(game: str) -> str:
    """The Gymnasium id of a registered game, e.g. 'dejarik/Deckbuilding-v0' for the deckbuilder."""
    return f"dejarik/{game.capitalize()}-v0"


class DejarikEnv(gym.Env[np.ndarray, np.int64]):
    """One seat of a game (`game`, by default the first registered game with learning
    spaces); every other seat is a Dejarik agent (`opponent`, an agent spec)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012

    def __init__(self, config: Mapping[str, Any] | None = None, opponent: str = "random",
                 seat: int | str = 0, render_mode: str | None = None,
                 illegal_action: str = "ignore", illegal_reward: float = 0.0,
                 game: str | None = None) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi' or None, got {render_mode!r}")
        self.episode = episode(game, config)
        players = self.episode.players
        if seat != "random" and seat not in range(players):
            raise ConfigError(f"seat must be {', '.join(map(str, range(players)))} or 'random', "
                              f"got {seat!r}")
        if illegal_action not in ("ignore", "raise"):
            raise ConfigError(f"illegal_action must be 'ignore' or 'raise', got {illegal_action!r}")
        make_agent(opponent, 0)  # check the spec now (ConfigError names the problem)
        self.render_mode = render_mode
        self.config = self.episode.config
        self.layout = self.episode.layout
        self.opponent_spec = opponent
        self.seat_choice = seat
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.observation_space = spaces.Box(0.0, 1.0, (self.layout.obs_size,), np.float32)
        self.action_space = spaces.Discrete(self.layout.action_size)
        self._seeds = SeedStream()
        self.state: GameState | None = None
        self.seat = 0
        self.opponent: Agent | None = None
        self._legal: Mapping[int, Action] = {}
        self._observer = self.layout.observer()   # rewrites only what changed since last step

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)  # Gymnasium's own np_random, seeded as its checker expects
        if seed is not None:
            self._seeds.restart(seed)
        game_seed = self._seeds.next()
        players = self.episode.players
        self.seat = int(self.seat_choice) if self.seat_choice != "random" else game_seed % players
        self.state = self.episode.new_state(game_seed)
        self.opponent = make_agent(self.opponent_spec, game_seed ^ 0x5EED)
        self.game_seed = game_seed
        self._observer.forget()
        self._opponent_moves()
        self._settle()
        return self._obs(), self._info()

    def _game(self) -> GameState:
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        return self.state

    def _opponent_moves(self) -> None:
        s = self._game()
        assert self.opponent is not None
        while not s.is_terminal() and s.current_player != self.seat:
            s.apply(self.opponent.act(s))

    def _obs(self) -> np.ndarray:
        return self._observer.observe(self._game(), self.seat).copy()

    def _settle(self) -> None:
        """The learner's legal actions in the position reached (none when it is not theirs):
        listed once a step, for the mask and for the next action's lookup."""
        s = self._game()
        self._legal = self.layout.legal(s) if s.current_player == self.seat else {}

    def _mask(self) -> np.ndarray:
        return mask_of(self._legal, self.layout.action_size)

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        s = self._game()
        info: dict[str, Any] = {"action_mask": self._mask(), "seat": self.seat,
                                "turn": self.episode.spaces.turns(s)}
        if illegal:
            info["illegal_action"] = True
        if s.is_terminal():
            info["winner"] = s.winner()
        return info

    def action_masks(self) -> np.ndarray:
        """The legal-action mask as a bool array (the name MaskablePPO looks for)."""
        self._game()
        return self._mask().astype(bool)

    def step(self, action: np.int64 | int) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        reward, terminated, truncated, illegal = self.advance(action)
        return self._obs(), reward, terminated, truncated, self._info(illegal)

    def advance(self, action: np.int64 | int) -> tuple[float, bool, bool, bool]:
        """`step` without the observation and info (the vector environment gathers those into
        its batch): (reward, terminated, truncated, the action was illegal)."""
        s = self._game()
        index = _index(action, self.layout.action_size)
        if s.is_terminal():
            raise RuntimeError("the episode is over: call reset()")
        act = self._legal.get(index)
        if act is None:
            if self.illegal_action == "raise":
                self.layout.decode(s, index)  # raises IllegalActionError, names the action
            return self.illegal_reward, False, False, True
        s.apply(act)
        self._opponent_moves()
        self._settle()
        if not s.is_terminal():
            return 0.0, False, False, False
        cut = self.episode.truncated(s)
        return self.episode.rewards(s)[self.seat], not cut, cut, False

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.episode.spaces.render(self._game(), self.seat)


class DejarikVectorEnv(gym.vector.VectorEnv[np.ndarray, np.ndarray, np.ndarray]):
    """`num_envs` games of `DejarikEnv` (same arguments) stepped together in one process, as
    batches (it is not faster per step than one `DejarikEnv`; for more steps a second run
    games on more cores, e.g. with `gymnasium.vector.AsyncVectorEnv`). A game that ends is
    reset in the same step (Gymnasium's same-step autoreset): its last observation and info
    are in `infos["final_obs"]` and `infos["final_info"]`, flagged by `infos["_final_obs"]`.
    `reset(seed=k)` seeds game i with k + i. The legal-action masks are
    `infos["action_mask"]`, one row per game. Each game's observer keeps its row of one array
    and rewrites only what changed since the last step."""

    metadata: dict[str, Any] = {"autoreset_mode": gym.vector.AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(self, num_envs: int = 8, config: Mapping[str, Any] | None = None,
                 opponent: str = "random", seat: int | str = 0, illegal_action: str = "ignore",
                 illegal_reward: float = 0.0, game: str | None = None) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ConfigError(f"num_envs must be a whole number of 1 or more, got {num_envs!r}")
        self.envs = [DejarikEnv(config, opponent, seat, None, illegal_action, illegal_reward, game)
                     for _ in range(num_envs)]
        first = self.envs[0]
        self._batch = np.zeros((num_envs, first.layout.obs_size), dtype=np.float32)
        for env, row in zip(self.envs, self._batch, strict=True):
            env._observer = env.layout.observer(row)   # each game's observer writes its row
        self.num_envs = num_envs
        self.layout = first.layout
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = gym.vector.utils.batch_space(first.observation_space, num_envs)
        self.action_space = gym.vector.utils.batch_space(first.action_space, num_envs)

    def reset(self, *, seed: int | list[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        seeds = seed if isinstance(seed, list) else [None if seed is None else seed + i
                                                    for i in range(self.num_envs)]
        if len(seeds) != self.num_envs:
            raise ValueError(f"reset takes one seed per game ({self.num_envs}), got {len(seeds)}")
        for env, one in zip(self.envs, seeds, strict=True):
            env.reset(seed=one)
        return self._observations(), self._infos()

    def step(self, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                                 dict[str, Any]]:
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise ValueError(f"step takes one action per game, shape ({self.num_envs},); got "
                             f"shape {actions.shape}")
        rewards = np.zeros(self.num_envs, dtype=np.float64)
        terminated = np.zeros(self.num_envs, dtype=np.bool_)
        truncated = np.zeros(self.num_envs, dtype=np.bool_)
        illegal = np.zeros(self.num_envs, dtype=np.bool_)
        indices = [_index(a, self.layout.action_size) for a in actions.tolist()]   # all, first
        for i, (env, index) in enumerate(zip(self.envs, indices, strict=True)):
            rewards[i], terminated[i], truncated[i], illegal[i] = env.advance(index)
        ended = np.flatnonzero(terminated | truncated)
        finals: dict[str, Any] = {}
        if len(ended):
            final_obs = np.empty(self.num_envs, dtype=object)
            final_info = np.empty(self.num_envs, dtype=object)
            for i in ended.tolist():
                env = self.envs[i]
                final_obs[i], final_info[i] = env._obs(), env._info()
                env.reset()
            flagged = np.zeros(self.num_envs, dtype=np.bool_)
            flagged[ended] = True
            finals = {"final_obs": final_obs, "_final_obs": flagged, "final_info": final_info,
                      "_final_info": flagged}
        infos = self._infos()
        if illegal.any():
            infos["illegal_action"], infos["_illegal_action"] = illegal, illegal.copy()
        return self._observations(), rewards, terminated, truncated, {**infos, **finals}

    def _observations(self) -> np.ndarray:
        for env in self.envs:
            env._observer.observe(env._game(), env.seat)
        return self._batch.copy()

    def _infos(self) -> dict[str, Any]:
        size = self.layout.action_size
        masks = np.zeros((self.num_envs, size), dtype=np.int8)
        flat = [i * size + k for i, env in enumerate(self.envs) for k in env._legal]
        masks.reshape(-1)[flat] = 1
        every = np.ones(self.num_envs, dtype=np.bool_)
        return {"action_mask": masks, "_action_mask": every,
                "seat": np.array([env.seat for env in self.envs]), "_seat": every.copy(),
                "turn": np.array([self.envs[0].episode.spaces.turns(env._game())
                                  for env in self.envs]), "_turn": every.copy()}

    def action_masks(self) -> np.ndarray:
        """The legal-action masks as a bool array, a row per game."""
        masks: np.ndarray = self._infos()["action_mask"]
        return masks.astype(bool)


def register() -> None:
    """Make `gymnasium.make(env_id(game))` work for every game with learning spaces (done on
    import)."""
    for game in learning_games():
        if env_id(game) not in gym.registry:
            gym.register(id=env_id(game), entry_point="dejarik.interop.gymnasium:DejarikEnv",
                         nondeterministic=False, kwargs={"game": game})


register()
