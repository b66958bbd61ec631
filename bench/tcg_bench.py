"""Benchmarks of the trading card game's engine, one core. Run by `dejarik bench tcg`.

The same measurement as the deckbuilder's (whole games, setup included, over a time budget
split into windows; the median window is the figure), through its `_rate`, with the default
decks (the first Dark Side and Light Side sample decks).
"""

from __future__ import annotations

from collections.abc import Callable

from dejarik.agents.base import Agent, GreedyAgent, HeuristicAgent, RandomAgent
from dejarik.cli.benchrun import load
from dejarik.tcg.game import new_state

_timing = load("deckbuilding_bench")
DECKS: dict[str, object] = {}


def _rate(seconds: float, seed: int, agents: Callable[[int], list[Agent]]) -> dict[str, float]:
    rate: dict[str, float] = _timing._rate(seconds, seed, agents, config=DECKS, make=new_state)
    return rate


def random_rate(seconds: float = 3.0, seed: int = 0) -> dict[str, float]:
    """Uniformly random legal actions, whole games."""
    return _rate(seconds, seed, lambda g: [RandomAgent(g), RandomAgent(g + 1)])


def greedy_rate(seconds: float = 3.0, seed: int = 0) -> dict[str, float]:
    """Greedy against greedy, whole games."""
    return _rate(seconds, seed, lambda g: [GreedyAgent(g), GreedyAgent(g + 1)])


def heuristic_rate(seconds: float = 3.0, seed: int = 0) -> dict[str, float]:
    """The heuristic player against itself (its lookahead on re-dealt copies), whole games."""
    return _rate(seconds, seed, lambda g: [HeuristicAgent(g), HeuristicAgent(g + 1)])


RATES = [("random", random_rate), ("greedy v greedy", greedy_rate),
         ("heuristic v heuristic", heuristic_rate)]
SEARCH: list[tuple[str, Callable[[float], dict[str, float]]]] = []
