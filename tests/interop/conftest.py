"""Positions for the adapter tests: a spread of states from seeded random games."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from dejarik.agents.base import RandomAgent
from dejarik.core.protocol import GameState
from dejarik.core.registry import get_game


def positions(games: int, every: int = 7, seed0: int = 0, game: str = "deckbuilding",
              config: dict[str, Any] | None = None) -> Iterator[Any]:
    """Every `every`-th position of `games` random games (each a clone, safe to change)."""
    g = get_game(game)
    cfg = g.normalize_config(dict(config or {}))
    for k in range(games):
        s: GameState = g.new_state(cfg, seed0 + k)
        agent = RandomAgent(seed0 + k)
        n = 0
        while not s.is_terminal():
            if n % every == 0:
                yield s.clone()
            s.apply(agent.act(s))
            n += 1
        yield s.clone()
