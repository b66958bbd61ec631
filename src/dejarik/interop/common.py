"""What the learning environments share: their game, its configuration, and their seeds.

Every adapter reaches its game through the registry: `Episode` is the game, its learning
spaces (core.spaces) and the fixed layout of one configuration.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dejarik.core.errors import ConfigError
from dejarik.core.protocol import Game, GameState
from dejarik.core.rng import Rng
from dejarik.core.spaces import LearningSpaces, SpaceLayout, learning_game

ENV_TURN_LIMIT = 1000
"""Environments stop a game after this many turns unless the config says otherwise: an
episode must end. A stopped game is a truncation (no winner), not a termination. Random play
takes about 200 turns (median) and rarely 500."""


@dataclass(frozen=True)
class Episode:
    """A game's episodes in one configuration: the game, its learning spaces, the checked
    config and its layout (the same for every seed)."""

    game: Game
    spaces: LearningSpaces
    config: dict[str, Any]
    layout: SpaceLayout

    @property
    def players(self) -> int:
        """How many seats this configuration has (the adapters make an agent of each)."""
        return self.game.num_players(self.config)

    def new_state(self, seed: int) -> GameState:
        """A new game, which must fit the configuration's one layout: a configuration that
        deals a different layout from game to game (several decks a side) is refused."""
        state = self.game.new_state(self.config, seed)
        layout = self.spaces.for_state(state)
        if layout is not self.layout and layout.summary(state) != self.layout.summary(state):
            raise ConfigError(f"{self.game.name}: this configuration deals games of different "
                              "layouts (e.g. several decks for a side); a learning environment "
                              "needs one")
        return state

    def truncated(self, state: GameState) -> bool:
        """The game was stopped by the turn limit (no rule ended it)."""
        return self.spaces.truncated(state)

    def rewards(self, state: GameState) -> list[float]:
        """Each seat's reward once the game is over: its result, or 0 for every seat when the
        turn limit stopped it (a truncation has no result, even where the game's own rules
        would score it as a loss)."""
        if self.truncated(state):
            return [0.0] * self.players
        return [float(r) for r in state.returns()]


def episode(game: str | None, config: Mapping[str, Any] | None) -> Episode:
    """The episodes of `game` (by default the first registered game with learning spaces) in
    a config, checked (ConfigError names what is wrong) and given a turn limit. A game
    without learning spaces is refused in one line (MissingCapabilityError)."""
    g, spaces = learning_game(game)
    cfg = dict(config or {})
    cfg.setdefault("turn_limit", ENV_TURN_LIMIT)
    cfg = g.normalize_config(cfg)
    return Episode(g, spaces, cfg, spaces.for_state(g.new_state(cfg, 0)))


class SeedStream:
    """Game seeds for successive episodes: `reset(seed)` restarts the stream, `reset()` takes
    the next seed of it. The stream starts at seed 0, so even an unseeded environment is
    reproducible."""

    def __init__(self, seed: int = 0) -> None:
        self.restart(seed)

    def restart(self, seed: int) -> None:
        try:
            value = operator.index(seed)  # int or a NumPy integer
        except TypeError:
            value = -1
        if isinstance(seed, bool) or value < 0:
            raise ValueError(f"seed must be a whole number >= 0, got {seed!r}")
        self._rng = Rng(value)

    def next(self) -> int:
        return self._rng.next64() >> 1
