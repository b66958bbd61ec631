"""A game with learning spaces as a PettingZoo AEC environment (turn-based, action masks).

    from dejarik.interop.pettingzoo import env
    e = env(config={"mode": "beginner"}, render_mode="ansi")  # game=NAME; by default the
                                                                # first game with spaces
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

The agent to act may act several times in a row (a turn is many actions, and an ability can
ask the opponent to choose). Illegal moves follow PettingZoo's rule for classic games:
`env()` wraps the game in TerminateIllegalWrapper, so an illegal move ends the episode with
-1 for the player who made it and leaves the game itself untouched; an action outside the
space fails an assertion. `raw_env` has no wrappers and raises IllegalActionError instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from dejarik.core.protocol import Action, GameState
from dejarik.core.spaces import mask_of
from dejarik.interop.common import SeedStream, episode

RENDER_MODES = ["ansi"]


class raw_env(AECEnv[str, dict[str, np.ndarray], int]):
    """Every seat of one game, an agent each (`player_0`, `player_1`, ...).
    Observation: {"observation", "action_mask"}."""

    def __init__(self, config: Mapping[str, Any] | None = None, render_mode: str | None = None,
                 game: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be 'ansi' or None, got {render_mode!r}")
        self.render_mode = render_mode
        self.episode = episode(game, config)
        self.metadata = {"name": f"dejarik_{self.episode.game.name}_v0", "render_modes": RENDER_MODES,
                         "is_parallelizable": False}
        self.config = self.episode.config
        self.layout = self.episode.layout
        self.seats = tuple(f"player_{i}" for i in range(self.episode.players))
        self.possible_agents = list(self.seats)
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, (self.layout.obs_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.layout.action_size,), np.int8),
            }) for a in self.seats}
        self.action_spaces = {a: spaces.Discrete(self.layout.action_size) for a in self.seats}
        self._seeds = SeedStream()
        self.state: GameState | None = None
        # one observer a seat, rewriting only what changed since that seat's last observation
        self._observers = [self.layout.observer() for _ in self.seats]
        self._legal: Mapping[int, Action] | None = None   # the position's, once asked for

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds.restart(seed)
        self.game_seed = self._seeds.next()
        self.state = self.episode.new_state(self.game_seed)
        self.agents = list(self.seats)
        self.rewards = dict.fromkeys(self.seats, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.seats, 0.0)
        self.terminations = dict.fromkeys(self.seats, False)
        self.truncations = dict.fromkeys(self.seats, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.seats}
        self.agent_selection = self.seats[self.state.current_player]
        for observer in self._observers:
            observer.forget()
        self._legal = None

    def _game(self) -> GameState:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state

    def _legal_now(self) -> Mapping[int, Action]:
        """The legal actions of the player to move, listed once a position."""
        if self._legal is None:
            self._legal = self.layout.legal(self._game())
        return self._legal

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        s, seat = self._game(), self.seats.index(agent)
        legal = self._legal_now() if seat == s.current_player else {}
        return {"observation": self._observers[seat].observe(s, seat).copy(),
                "action_mask": mask_of(legal, self.layout.action_size)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        s = self._game()
        if action is None:
            raise ValueError(f"{agent} is to act; None is only for agents whose game is over")
        act = self._legal_now().get(int(action))
        if act is None:   # IllegalActionError, naming it; nothing changed
            act = self.layout.decode(s, int(action))
        s.apply(act)
        self._legal = None
        self._cumulative_rewards[agent] = 0.0
        if s.is_terminal():
            cut = self.episode.truncated(s)
            rewards = self.episode.rewards(s)
            for seat, a in enumerate(self.seats):
                self.rewards[a] = rewards[seat]
                self.terminations[a] = not cut
                self.truncations[a] = cut
                self.infos[a] = {"winner": s.winner(), "turns": self.episode.spaces.turns(s)}
            self.agent_selection = self.seats[(self.seats.index(agent) + 1) % len(self.seats)]
        else:
            self._clear_rewards()
            self.agent_selection = self.seats[s.current_player]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.episode.spaces.render(self._game())

    def close(self) -> None:
        self.state = None


def env(config: Mapping[str, Any] | None = None, render_mode: str | None = None,
        game: str | None = None) -> AECEnv[str, Any, Any]:
    """The environment with PettingZoo's standard wrappers for classic games."""
    e: AECEnv[str, Any, Any] = raw_env(config, render_mode, game)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)
