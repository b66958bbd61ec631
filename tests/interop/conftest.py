"""Positions for the adapter tests: a spread of states from seeded random games."""

from __future__ import annotations

from collections.abc import Iterator

from dejarik.agents.base import RandomAgent
from dejarik.deckbuilding.game import DeckbuildingState


def positions(games: int, every: int = 7, seed0: int = 0) -> Iterator[DeckbuildingState]:
    """Every `every`-th position of `games` random games (each a clone, safe to change)."""
    for g in range(games):
        s = DeckbuildingState({}, seed0 + g)
        agent = RandomAgent(seed0 + g)
        n = 0
        while not s.is_terminal():
            if n % every == 0:
                yield s.clone()
            s.apply(agent.act(s))
            n += 1
        yield s.clone()
