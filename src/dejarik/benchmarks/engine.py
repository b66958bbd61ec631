"""A game's own rates, one core: the whole games its `benchmarks` declare, and the ISMCTS
search's iterations a second where it has agent hooks. Run by `dejarik bench GAME`.

Figures are wall-clock rates over a time budget; they are recorded in docs/performance.md.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from dejarik.agents.base import Agent, parse_agents
from dejarik.agents.ismcts import IsmctsAgent
from dejarik.core.protocol import Benchmark, Game, GameState

WINDOWS = 5
Rate = dict[str, float]


def _window(seconds: float, seed: int, deal: Callable[[int], tuple[GameState, list[Agent]]]
            ) -> tuple[int, int, float]:
    """Whole games (setup included) until the time is spent: (steps, games, seconds)."""
    steps = games = 0
    start = time.perf_counter()
    end = start + seconds
    g = seed
    while time.perf_counter() < end:
        s, players = deal(g)
        g += 1
        while not s.is_terminal():
            s.apply(players[s.current_player].act(s))
            steps += 1
        games += 1
    return steps, games, time.perf_counter() - start


def _setup(game: Game, bench: Benchmark) -> tuple[dict[str, object], int]:
    """A benchmark's normalised configuration and its number of seats."""
    config = game.normalize_config(dict(bench.config))
    return config, game.num_players(config)


def whole_games_rate(game: Game, bench: Benchmark, seconds: float = 3.0, seed: int = 0,
                     windows: int = WINDOWS) -> Rate:
    """The budget split into windows, each a fresh run of games from `seed`. The machine is
    shared and its speed drifts by tens of percent over minutes, so the median window is the
    figure and the slowest and fastest windows show the spread."""
    config, seats = _setup(game, bench)
    parse_agents(bench.players, seed, seats)   # a bad spec fails before the clock starts

    def deal(g: int) -> tuple[GameState, list[Agent]]:
        return game.new_state(config, g), parse_agents(bench.players, g, seats)

    runs = [_window(seconds / windows, seed, deal) for _ in range(windows)]
    steps = sorted(st / t for st, _, t in runs)
    games = sorted(g / t for _, g, t in runs)
    mid = windows // 2
    return {"steps_per_s": steps[mid], "games_per_s": games[mid], "steps_min": steps[0],
            "steps_max": steps[-1], "games_min": games[0], "games_max": games[-1],
            "games": sum(g for _, g, _ in runs), "steps": sum(st for st, _, _ in runs),
            "seconds": sum(t for _, _, t in runs)}


def decisions_along(game: Game, bench: Benchmark, seed: int, every: int = 4) -> list[GameState]:
    """Real choices (two or more legal actions) along one game of `bench`, early to late."""
    config, seats = _setup(game, bench)
    s = game.new_state(config, seed)
    players = parse_agents("greedy", seed, seats)
    out = []
    step = 0
    while not s.is_terminal():
        if step % every == 0 and len(s.legal_actions()) > 1:
            out.append(s.clone())
        s.apply(players[s.current_player].act(s))
        step += 1
    return out


def ismcts_rate(game: Game, seconds: float = 3.0, seed: int = 0) -> Rate:
    """ISMCTS search iterations per second (the default settings, 1,000 iterations a decision)
    over decisions taken along a greedy game of the game's first benchmark, until the budget
    is spent."""
    positions = decisions_along(game, game.benchmarks[0], seed)
    if not positions:
        raise ValueError(f"a greedy game of {game.name} offered no choice to search")
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


def searches(game: Game) -> list[tuple[str, Callable[[float], Rate]]]:
    """The search rates a game has: ISMCTS where it has agent hooks."""
    if game.agents is None:
        return []

    def measure(seconds: float) -> Rate:
        return ismcts_rate(game, seconds)

    return [("ISMCTS search", measure)]

