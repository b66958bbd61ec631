"""Fit a game's evaluation to the outcomes of self-play: `dejarik tune`.

Games are played by the given agents; at the end of every turn (the game's run report counts
turns), each seat's features (the `features` agent hook) are recorded, and when the game ends
each record is labelled with whether that seat's side won. A logistic regression of the labels
on the features (L2-penalised, fitted by Newton's method on standardised features) gives the
weights: the evaluation tanh((bias + w . f) / 2) is then 2P - 1 for P the fitted chance of
winning. Games without a winner are left out. The same command and seed give the same weights.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from typing import Any, TypeVar

import numpy as np

from dejarik.agents.base import parse_agents
from dejarik.core.errors import ConfigError
from dejarik.core.hooks import AgentHooks
from dejarik.core.protocol import require
from dejarik.core.registry import get_game
from dejarik.core.rng import Rng

T = TypeVar("T")
A = TypeVar("A")
Sample = tuple[list[list[float]], list[int]]   # features per record, label per record


def fitted_hooks(game: str) -> AgentHooks:
    """The game's agent hooks, which must offer features to fit."""
    engine = get_game(game)
    hooks = require(engine.agents, engine, "agents")
    if hooks.features is None or not hooks.feature_names:
        raise ConfigError(f"{engine.info.title} ({game}) has no evaluation features to fit")
    return hooks


def play_positions(game: str, config: dict[str, Any], agents: str, seed: int) -> Sample:
    """One game's records: each seat's features at the end of each turn, labelled 1 when that
    seat's side won (nothing for a game without a winner)."""
    engine = get_game(game)
    hooks = fitted_hooks(game)
    features = hooks.features
    assert features is not None
    report = require(engine.report, engine, "report")
    state = engine.new_state(config, seed)
    players = parse_agents(agents, seed, state.num_players)
    side = {seat: k for k, team in enumerate(state.teams) for seat in team}
    seen: list[tuple[int, list[float]]] = []
    turn = report.turns(state)
    while not state.is_terminal():
        state.apply(players[state.current_player].act(state))
        now = report.turns(state)
        if now != turn and not state.is_terminal():
            turn = now
            seen += [(seat, features(state, seat)) for seat in range(state.num_players)]
    won = state.winner()
    if won is None:
        return [], []
    return [f for _, f in seen], [int(side[seat] == won) for seat, _ in seen]


def _play_many(task: tuple[str, dict[str, Any], str, list[int]]) -> Sample:
    game, config, agents, seeds = task
    xs: list[list[float]] = []
    ys: list[int] = []
    for seed in seeds:
        x, y = play_positions(game, config, agents, seed)
        xs += x
        ys += y
    return xs, ys


Task = tuple[str, dict[str, Any], str, list[int]]
"""(game, config, agents, the seeds of a chunk of games): what a worker is given."""


def game_seeds(games: int, seed: int) -> list[int]:
    """The seeds of `games` games drawn from one seed (the same whatever the chunking)."""
    rng = Rng(seed)
    return [rng.next64() >> 1 for _ in range(games)]


def chunked(game: str, config: dict[str, Any], agents: str, seeds: list[int],
            size: int) -> list[Task]:
    return [(game, config, agents, seeds[i:i + size]) for i in range(0, len(seeds), size)]


def map_tasks(work: Callable[[A], T], tasks: list[A], sizes: list[int], jobs: int = 1,
              on_progress: Callable[[int], None] | None = None) -> Iterator[T]:
    """`work` over `tasks` on `jobs` worker processes, each result yielded in task order as
    soon as it and those before it are done (a caller may keep each as it comes). Progress
    is counted in `sizes`, each task's number of games."""
    if jobs == 1:
        results: Iterable[T] = map(work, tasks)
        pool = None
    else:
        pool = ProcessPoolExecutor(jobs, mp_context=get_context("spawn"))
        results = pool.map(work, tasks)
    try:
        for games, part in zip(sizes, results, strict=True):
            if on_progress is not None:
                on_progress(games)
            yield part
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)


def map_games(work: Callable[[Task], T], game: str, config: dict[str, Any], agents: str,
              games: int, seed: int, jobs: int = 1,
              on_progress: Callable[[int], None] | None = None) -> list[T]:
    """`work` over chunks of `games` seeded games, on `jobs` worker processes: each chunk's
    result, in game order whatever the number of workers (so the same seed gives the same
    data). `work` takes (game, config, agents, seeds) and must be importable by the workers."""
    size = max(1, min(50, games // (8 * jobs) or 1))
    tasks = chunked(game, config, agents, game_seeds(games, seed), size)
    return list(map_tasks(work, tasks, [len(t[3]) for t in tasks], jobs, on_progress))


def collect(game: str, config: dict[str, Any], agents: str, games: int, seed: int, jobs: int = 1,
            on_progress: Callable[[int], None] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Every record of `games` games, in game order whatever the number of workers."""
    parts = map_games(_play_many, game, config, agents, games, seed, jobs, on_progress)
    xs = [f for part in parts for f in part[0]]
    ys = [y for part in parts for y in part[1]]
    return np.array(xs, dtype=float), np.array(ys, dtype=float)


def fit_logistic(x: np.ndarray, y: np.ndarray, penalty: float = 1.0,
                 iterations: int = 50) -> tuple[float, np.ndarray]:
    """Bias and weights maximising the L2-penalised log-likelihood (the penalty acts on the
    standardised weights; it is the log-likelihood of `penalty` records), by Newton's method."""
    if len(y) == 0:
        raise ConfigError("no finished game to learn from: play more games or a higher turn limit")
    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale[scale == 0] = 1.0
    z = np.hstack([np.ones((len(y), 1)), (x - mean) / scale])
    w = np.zeros(z.shape[1])
    ridge = np.full(z.shape[1], penalty)
    ridge[0] = 0.0
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-(z @ w)))
        grad = z.T @ (y - p) - ridge * w
        hess = (z * (p * (1 - p))[:, None]).T @ z + np.diag(ridge)
        step = np.linalg.solve(hess, grad)
        w += step
        if float(np.max(np.abs(step))) < 1e-9:
            break
    weights = w[1:] / scale
    return float(w[0] - weights @ mean), weights


def fit_shrunk(x: np.ndarray, y: np.ndarray, shrink: float) -> tuple[float, np.ndarray]:
    """A heavily penalised fit, rescaled: the penalty (`shrink` per record) sets the direction
    of the weights, pulled toward each feature's own correlation with winning, which ranks the
    moves of a lookahead far better than the plain fit does (docs/agents.md has the sweep);
    a second, one-number fit then restores the scale, so that the value still reads as a
    chance of winning (search adds values up, and needs them calibrated)."""
    bias, w = fit_logistic(x, y, penalty=shrink * len(y))
    if not np.any(w):
        return bias, w
    scale_bias, scale = fit_logistic((x @ w)[:, None], y, penalty=0.0)
    return scale_bias, w * float(scale[0])


def score(x: np.ndarray, y: np.ndarray, bias: float, weights: np.ndarray) -> dict[str, float]:
    """How well the weights predict: log-loss (nats per record) and accuracy."""
    p = np.clip(1.0 / (1.0 + np.exp(-(x @ weights + bias))), 1e-12, 1 - 1e-12)
    loss = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    return {"log_loss": round(loss, 4), "accuracy": round(float(np.mean((p > 0.5) == (y > 0.5))), 4)}


def tune(game: str, config: dict[str, Any], agents: str, games: int, seed: int, jobs: int = 1,
         held_out: int = 0, shrink: float = 2.0,
         on_progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Play, fit and report: the weights (names as the evaluation reads them) and how well they
    predict `held_out` more games, from another seed, that were not fitted."""
    hooks = fitted_hooks(game)
    if shrink < 0:
        raise ConfigError(f"shrink must not be negative, not {shrink}")
    x, y = collect(game, config, agents, games, seed, jobs, on_progress)
    bias, w = fit_shrunk(x, y, shrink)
    report: dict[str, Any] = {"game": game, "agents": agents, "games": games, "seed": seed,
                              "shrink": shrink, "records": len(y), "fit": score(x, y, bias, w)}
    if held_out:
        hx, hy = collect(game, config, agents, held_out, seed ^ 0x401D, jobs, on_progress)
        if len(hy):
            report["held_out"] = {"games": held_out, "records": len(hy), **score(hx, hy, bias, w)}
    weights = {"bias": round(bias, 5)}
    weights.update({name: round(float(v), 5) for name, v in zip(hooks.feature_names, w, strict=True)})
    report["weights"] = hooks.check_weights(weights)
    return report
