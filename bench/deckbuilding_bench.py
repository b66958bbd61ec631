"""Benchmarks of the deckbuilding engine, one core. Run by `dejarik bench deckbuilding`.

Figures are wall-clock rates over a time budget; they are recorded in docs/performance.md.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from dejarik.agents.base import Agent, GreedyAgent, RandomAgent
from dejarik.agents.ismcts import IsmctsAgent
from dejarik.deckbuilding.game import DeckbuildingState

CONFIG = {"turn_limit": 1000}
TEAM = {"turn_limit": 1000, "team": True}
WINDOWS = 5


def _window(seconds: float, seed: int, agents: Callable[[int], list[Agent]],
            config: dict[str, object], make: Callable[[Any, int], Any]) -> tuple[int, int, float]:
    """Whole games (setup included) until the time is spent: (steps, games, seconds)."""
    steps = games = 0
    start = time.perf_counter()
    end = start + seconds
    g = seed
    while time.perf_counter() < end:
        s = make(config, g)
        players = agents(g)
        g += 1
        while not s.done:
            s.apply(players[s.current_player].act(s))
            steps += 1
        games += 1
    return steps, games, time.perf_counter() - start


def _rate(seconds: float, seed: int, agents: Callable[[int], list[Agent]],
          windows: int = WINDOWS, config: dict[str, object] = CONFIG,
          make: Callable[[Any, int], Any] = DeckbuildingState) -> dict[str, float]:
    """The budget split into windows, each a fresh run of games from `seed`. The machine is
    shared and its speed drifts by tens of percent over minutes, so the median window is the
    figure and the slowest and fastest windows show the spread. `make(config, seed)` deals a
    game (another game's benchmarks pass their own)."""
    runs = [_window(seconds / windows, seed, agents, config, make) for _ in range(windows)]
    steps = sorted(st / t for st, _, t in runs)
    games = sorted(g / t for _, g, t in runs)
    mid = windows // 2
    return {"steps_per_s": steps[mid], "games_per_s": games[mid], "steps_min": steps[0],
            "steps_max": steps[-1], "games_min": games[0], "games_max": games[-1],
            "games": sum(g for _, g, _ in runs), "steps": sum(st for st, _, _ in runs),
            "seconds": sum(t for _, _, t in runs)}


def random_actions_rate(seconds: float = 3.0, seed: int = 0) -> dict[str, float]:
    """Uniformly random legal actions, back to back, across whole games."""
    agent = RandomAgent(seed)
    return _rate(seconds, seed, lambda g: [agent, agent])


def greedy_games_rate(seconds: float = 3.0, seed: int = 0) -> dict[str, float]:
    """Greedy against greedy, whole games."""
    return _rate(seconds, seed, lambda g: [GreedyAgent(g), GreedyAgent(g + 1)])


def team_random_rate(seconds: float = 3.0, seed: int = 0) -> dict[str, float]:
    """The 2v2 team game: uniformly random legal actions, across whole games."""
    agent = RandomAgent(seed)
    return _rate(seconds, seed, lambda g: [agent] * 4, config=TEAM)


def team_greedy_rate(seconds: float = 3.0, seed: int = 0) -> dict[str, float]:
    """The 2v2 team game, four greedy players, whole games."""
    return _rate(seconds, seed, lambda g: [GreedyAgent(g + i) for i in range(4)], config=TEAM)


RATES = [("random", random_actions_rate), ("greedy v greedy", greedy_games_rate),
         ("team random", team_random_rate), ("team greedy", team_greedy_rate)]


def _decisions(seed: int, every: int = 4) -> list[DeckbuildingState]:
    """Real choices (two or more legal actions) along a greedy game, early to late."""
    s = DeckbuildingState(CONFIG, seed)
    players = [GreedyAgent(seed), GreedyAgent(seed + 1)]
    out = []
    step = 0
    while not s.done:
        if step % every == 0 and len(s.legal_actions()) > 1:
            out.append(s.clone())
        s.apply(players[s.current_player].act(s))
        step += 1
    return out


def ismcts_rate(seconds: float = 3.0, seed: int = 0) -> dict[str, float]:
    """ISMCTS search iterations per second (the default settings, 1,000 iterations a decision)
    over decisions taken along a greedy game, until the budget is spent."""
    positions = _decisions(seed)
    agent = IsmctsAgent(seed, iterations=1000)
    iterations = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        agent.act(positions[decisions % len(positions)])
        iterations += agent.last_iterations
        decisions += 1
    elapsed = time.perf_counter() - start
    return {"iterations_per_s": iterations / elapsed, "decisions_per_s": decisions / elapsed,
            "decisions": decisions, "seconds": elapsed}


SEARCH = [("ISMCTS search", ismcts_rate)]


if __name__ == "__main__":
    print("random:", random_actions_rate())
    print("greedy:", greedy_games_rate())
    print("ismcts:", ismcts_rate())
