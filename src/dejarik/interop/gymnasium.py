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

from collections.abc import Mapping
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from dejarik.agents.base import Agent, make_agent
from dejarik.core.errors import ConfigError
from dejarik.core.protocol import GameState
from dejarik.core.spaces import learning_games
from dejarik.interop.common import SeedStream, episode


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
        self._opponent_moves()
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
        return self.layout.observe(self._game(), self.seat)

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        s = self._game()
        info: dict[str, Any] = {"action_mask": self.layout.mask(s, self.seat), "seat": self.seat,
                                "turn": self.episode.spaces.turns(s)}
        if illegal:
            info["illegal_action"] = True
        if s.is_terminal():
            info["winner"] = s.winner()
        return info

    def action_masks(self) -> np.ndarray:
        """The legal-action mask as a bool array (the name MaskablePPO looks for)."""
        return self.layout.mask(self._game(), self.seat).astype(bool)

    def step(self, action: np.int64 | int) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        s = self._game()
        if not self.action_space.contains(action):
            raise ValueError(f"action {action!r} is outside the action space "
                             f"(Discrete({self.layout.action_size}))")
        if s.is_terminal():
            raise RuntimeError("the episode is over: call reset()")
        legal = self.layout.legal(s)
        act = legal.get(int(action))
        if act is None:
            if self.illegal_action == "raise":
                self.layout.decode(s, int(action))  # raises IllegalActionError, names the action
            return self._obs(), self.illegal_reward, False, False, self._info(illegal=True)
        s.apply(act)
        self._opponent_moves()
        reward = self.episode.rewards(s)[self.seat] if s.is_terminal() else 0.0
        cut = self.episode.truncated(s)
        return self._obs(), reward, s.is_terminal() and not cut, cut, self._info()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.episode.spaces.render(self._game(), self.seat)


def register() -> None:
    """Make `gymnasium.make(env_id(game))` work for every game with learning spaces (done on
    import)."""
    for game in learning_games():
        if env_id(game) not in gym.registry:
            gym.register(id=env_id(game), entry_point="dejarik.interop.gymnasium:DejarikEnv",
                         nondeterministic=False, kwargs={"game": game})


register()
