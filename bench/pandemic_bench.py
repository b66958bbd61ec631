"""Benchmarks of the cooperative engine, one core. Run by `dejarik bench pandemic`.

The same measurement as the deckbuilder's: whole games (setup included) until the time is
spent, split into windows; the median window is the figure, the others show the spread.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from dejarik.agents.base import Agent, GreedyAgent, HeuristicAgent, RandomAgent
from dejarik.pandemic.game import new_state

WINDOWS = 5
TWO = {"players": 2, "difficulty": "padawan"}
FOUR = {"players": 4, "difficulty": "knight"}


def _window(seconds: float, seed: int, agents: Callable[[int, int], list[Agent]],
            config: dict[str, object]) -> tuple[int, int, float]:
    steps = games = 0
    start = time.perf_counter()
    end = start + seconds
    g = seed
    while time.perf_counter() < end:
        s = new_state(config, g)
        players = agents(g, s.num_players)
        g += 1
        while not s.done:
            s.apply(players[s.current_player].act(s))
            steps += 1
        games += 1
    return steps, games, time.perf_counter() - start


def _rate(seconds: float, seed: int, agents: Callable[[int, int], list[Agent]],
          config: dict[str, object]) -> dict[str, float]:
    runs = [_window(seconds / WINDOWS, seed, agents, config) for _ in range(WINDOWS)]
    steps = sorted(st / t for st, _, t in runs)
    games = sorted(g / t for _, g, t in runs)
    mid = WINDOWS // 2
    return {"steps_per_s": steps[mid], "games_per_s": games[mid], "steps_min": steps[0],
            "steps_max": steps[-1], "games_min": games[0], "games_max": games[-1]}


def random_rate(seconds: float = 3.0, seed: int = 0) -> dict[str, float]:
    """Uniformly random legal actions, two Jedi, whole games."""
    return _rate(seconds, seed, lambda g, n: [RandomAgent(g + i) for i in range(n)], TWO)


def greedy_rate(seconds: float = 3.0, seed: int = 0) -> dict[str, float]:
    """Two greedy Jedi, whole games."""
    return _rate(seconds, seed, lambda g, n: [GreedyAgent(g + i) for i in range(n)], TWO)


def greedy_four_rate(seconds: float = 3.0, seed: int = 0) -> dict[str, float]:
    """Four greedy Jedi at knight, whole games."""
    return _rate(seconds, seed, lambda g, n: [GreedyAgent(g + i) for i in range(n)], FOUR)


def heuristic_rate(seconds: float = 3.0, seed: int = 0) -> dict[str, float]:
    """Two heuristic Jedi (one-step lookahead on re-dealt copies), whole games."""
    return _rate(seconds, seed, lambda g, n: [HeuristicAgent(g + i) for i in range(n)], TWO)


RATES = [("random", random_rate), ("greedy team", greedy_rate),
         ("greedy team of 4", greedy_four_rate), ("heuristic team", heuristic_rate)]
