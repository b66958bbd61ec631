"""Benchmarks of the cooperative engine, one core. Run by `dejarik bench pandemic`.

The same measurement as the deckbuilder's (whole games, setup included, over a time budget
split into windows; the median window is the figure), through its `_rate`.
"""

from __future__ import annotations

from collections.abc import Callable

from dejarik.agents.base import Agent, GreedyAgent, HeuristicAgent, RandomAgent
from dejarik.cli.benchrun import load
from dejarik.pandemic.game import new_state

_timing = load("deckbuilding_bench")
TWO = {"players": 2, "difficulty": "padawan"}
FOUR = {"players": 4, "difficulty": "knight"}


def _rate(seconds: float, seed: int, agents: Callable[[int], list[Agent]],
          config: dict[str, object]) -> dict[str, float]:
    rate: dict[str, float] = _timing._rate(seconds, seed, agents, config=config, make=new_state)
    return rate


def random_rate(seconds: float = 3.0, seed: int = 0) -> dict[str, float]:
    """Uniformly random legal actions, two Jedi, whole games."""
    return _rate(seconds, seed, lambda g: [RandomAgent(g), RandomAgent(g + 1)], TWO)


def greedy_rate(seconds: float = 3.0, seed: int = 0) -> dict[str, float]:
    """Two greedy Jedi, whole games."""
    return _rate(seconds, seed, lambda g: [GreedyAgent(g + i) for i in range(2)], TWO)


def greedy_four_rate(seconds: float = 3.0, seed: int = 0) -> dict[str, float]:
    """Four greedy Jedi at knight, whole games."""
    return _rate(seconds, seed, lambda g: [GreedyAgent(g + i) for i in range(4)], FOUR)


def heuristic_rate(seconds: float = 3.0, seed: int = 0) -> dict[str, float]:
    """Two heuristic Jedi (one-step lookahead on re-dealt copies), whole games."""
    return _rate(seconds, seed, lambda g: [HeuristicAgent(g + i) for i in range(2)], TWO)


RATES = [("random", random_rate), ("greedy team", greedy_rate),
         ("greedy team of 4", greedy_four_rate), ("heuristic team", heuristic_rate)]
SEARCH: list[tuple[str, Callable[[float], dict[str, float]]]] = []
