"""Benchmarks of the deckbuilding engine, one core. Run by `dejarik bench deckbuilding`.

Figures are wall-clock rates over a time budget; they are recorded in docs/performance.md.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from dejarik.agents.base import Agent, GreedyAgent, RandomAgent
from dejarik.deckbuilding.game import DeckbuildingState

CONFIG = {"turn_limit": 1000}


def _rate(seconds: float, seed: int, agents: Callable[[int], list[Agent]]) -> dict[str, float]:
    """Play whole games (setup included) until the budget is spent; count every action."""
    steps = games = 0
    start = time.perf_counter()
    end = start + seconds
    g = seed
    while time.perf_counter() < end:
        s = DeckbuildingState(CONFIG, g)
        players = agents(g)
        g += 1
        while not s.done:
            s.apply(players[s.current_player].act(s))
            steps += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"steps_per_s": steps / elapsed, "games_per_s": games / elapsed, "games": games,
            "steps": steps, "seconds": elapsed}


def random_actions_rate(seconds: float = 3.0, seed: int = 0) -> dict[str, float]:
    """Uniformly random legal actions, back to back, across whole games."""
    agent = RandomAgent(seed)
    return _rate(seconds, seed, lambda g: [agent, agent])


def greedy_games_rate(seconds: float = 3.0, seed: int = 0) -> dict[str, float]:
    """Greedy against greedy, whole games."""
    return _rate(seconds, seed, lambda g: [GreedyAgent(g), GreedyAgent(g + 1)])


if __name__ == "__main__":
    print("random:", random_actions_rate())
    print("greedy:", greedy_games_rate())
