"""Bradley-Terry ratings on the Elo scale, with 95% intervals, from head-to-head scores.

Each player i has a strength r_i, and i beats j with chance 1 / (1 + 10^((r_j - r_i) / 400)):
the Elo scale, on which 400 points are odds of 10 to 1. The strengths are the maximum of the
likelihood of every game played (Newton's method), one player is held at 0 (the anchor), and
each interval is the estimate +- 1.96 standard errors from the curvature of the likelihood
(the inverse of the observed information). A draw is half a win.

One virtual draw is added to every pair that played, so a player who won every game gets a
large finite rating rather than an infinite one (the same device as BayesElo's prior; its pull
is one game in however many were played). Pure Python: a ladder has a handful of players.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

ELO = 400.0 / math.log(10.0)   # Elo points per unit of the logistic strength
Z95 = 1.959964


@dataclass(frozen=True)
class PairScore:
    """What i scored against j: wins plus half the draws, out of `games`."""

    i: int
    j: int
    score: float
    games: int


@dataclass(frozen=True)
class Rating:
    elo: float
    low: float
    high: float


@dataclass(frozen=True)
class Ratings:
    """Each player's rating relative to the anchor, and the covariance of the estimates
    (Elo points squared), from which any difference's interval follows."""

    ratings: list[Rating]
    covariance: list[list[float]]
    anchor: int

    def difference(self, i: int, j: int) -> Rating:
        """r_i - r_j with its 95% interval."""
        c = self.covariance
        d = self.ratings[i].elo - self.ratings[j].elo
        half = Z95 * math.sqrt(max(0.0, c[i][i] + c[j][j] - 2 * c[i][j]))
        return Rating(d, d - half, d + half)


def expected(elo_difference: float) -> float:
    """The chance that a player rated `elo_difference` above another beats them."""
    return 1.0 / (1.0 + math.pow(10.0, -elo_difference / 400.0))


def fit(players: int, scores: Sequence[PairScore], anchor: int = 0,
        iterations: int = 100) -> Ratings:
    """The ratings of `players` players (0 .. players-1) from their pair scores. Every player
    must be linked to the anchor by games played, or the ratings say nothing: ValueError."""
    pairs: dict[tuple[int, int], list[float]] = {}
    for p in scores:
        if p.i == p.j or not (0 <= p.i < players and 0 <= p.j < players):
            raise ValueError(f"a pair score names players {p.i} and {p.j} of {players}")
        if not 0 <= p.score <= p.games:
            raise ValueError(f"a score of {p.score} in {p.games} games")
        if p.games == 0:
            continue   # a pair that never played links nothing and earns no virtual draw
        key, won = ((p.i, p.j), p.score) if p.i < p.j else ((p.j, p.i), p.games - p.score)
        got = pairs.setdefault(key, [0.5, 1.0])   # the virtual draw
        got[0] += won
        got[1] += p.games
    _check_linked(players, pairs, anchor)
    free = [k for k in range(players) if k != anchor]
    r = [0.0] * players
    for _ in range(iterations):
        grad, info = _gradient_and_information(players, pairs, r)
        step = _solve([[info[a][b] for b in free] for a in free], [grad[a] for a in free])
        for a, s in zip(free, step, strict=True):
            r[a] += s
        if max(map(abs, step), default=0.0) < 1e-10:
            break
    _, info = _gradient_and_information(players, pairs, r)
    inverse = _invert([[info[a][b] for b in free] for a in free])
    cov = [[0.0] * players for _ in range(players)]
    for x, a in enumerate(free):
        for y, b in enumerate(free):
            cov[a][b] = inverse[x][y] * ELO * ELO
    ratings = []
    for k in range(players):
        half = Z95 * math.sqrt(max(0.0, cov[k][k]))
        ratings.append(Rating(r[k] * ELO, r[k] * ELO - half, r[k] * ELO + half))
    return Ratings(ratings, cov, anchor)


def _gradient_and_information(players: int, pairs: dict[tuple[int, int], list[float]],
                              r: list[float]) -> tuple[list[float], list[list[float]]]:
    """The log-likelihood's gradient and its negative Hessian (the observed information)."""
    grad = [0.0] * players
    info = [[0.0] * players for _ in range(players)]
    for (i, j), (won, games) in pairs.items():
        p = 1.0 / (1.0 + math.exp(r[j] - r[i]))
        grad[i] += won - games * p
        grad[j] -= won - games * p
        w = games * p * (1.0 - p)
        info[i][i] += w
        info[j][j] += w
        info[i][j] -= w
        info[j][i] -= w
    return grad, info


def _check_linked(players: int, pairs: dict[tuple[int, int], list[float]], anchor: int) -> None:
    linked, frontier = {anchor}, [anchor]
    while frontier:
        k = frontier.pop()
        for i, j in pairs:
            for a, b in ((i, j), (j, i)):
                if a == k and b not in linked:
                    linked.add(b)
                    frontier.append(b)
    missing = sorted(set(range(players)) - linked)
    if missing:
        raise ValueError(f"players {missing} played no games linking them to player {anchor}")


def _solve(m: list[list[float]], v: list[float]) -> list[float]:
    inv = _invert(m)
    return [sum(a * b for a, b in zip(row, v, strict=True)) for row in inv]


def _invert(m: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan inversion with partial pivoting (the information matrix is positive
    definite once the anchor's row and column are removed, for linked players)."""
    n = len(m)
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(m)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-12:
            raise ValueError("the ratings are not determined by these games")
        a[col], a[pivot] = a[pivot], a[col]
        p = a[col][col]
        a[col] = [x / p for x in a[col]]
        for r in range(n):
            if r != col and a[r][col] != 0.0:
                f = a[r][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
    return [row[n:] for row in a]
