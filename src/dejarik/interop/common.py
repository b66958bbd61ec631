"""What the learning environments share: their game configuration and their seeds."""

from __future__ import annotations

import operator
from collections.abc import Mapping
from typing import Any

from dejarik.core.rng import Rng
from dejarik.deckbuilding.game import DeckbuildingState, normalize_config
from dejarik.deckbuilding.tensors import Spaces, spaces_for

ENV_TURN_LIMIT = 1000
"""Environments stop a game after this many turns unless the config says otherwise: an
episode must end. A stopped game is a truncation (no winner), not a termination. Random play
takes about 200 turns (median) and rarely 500."""


def env_config(config: Mapping[str, Any] | None) -> dict[str, Any]:
    """A checked deckbuilding config (ConfigError names what is wrong), with a turn limit."""
    cfg = dict(config or {})
    cfg.setdefault("turn_limit", ENV_TURN_LIMIT)
    return normalize_config(cfg)


def layout(config: Mapping[str, Any]) -> Spaces:
    """The fixed spaces of a config (its card instances do not depend on the seed)."""
    return spaces_for(DeckbuildingState(config, 0))


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


def truncated(state: DeckbuildingState) -> bool:
    """The game was stopped by the turn limit (no rule ended it)."""
    return state.is_terminal() and state.winner() is None and bool(state.turn_limit) \
        and state.turn > state.turn_limit
