"""Small statistics for win rates, in pure Python: intervals, a test and a false-discovery rule,
and the way every game's run report writes a rate down and puts it in words.

A balance report compares many proportions from a few thousand games; these are the standard
tools for that, written out so the report needs no numerical library. They live in core so
that each game's report (in its own package) shares them without reaching into the simulator.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for z = 1.96).

    Unlike p +- z*se it stays inside [0, 1] and keeps its coverage near 0% and 100%,
    where lopsided cards and sides live. With no trials every rate is possible: (0, 1)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def difference_interval(k1: int, n1: int, k2: int, n2: int, z: float = 1.96) -> tuple[float, float]:
    """An interval for p1 - p2 built from the two Wilson intervals (Newcombe's hybrid score
    method), which behaves near 0% and 100% as the Wilson interval does."""
    p1 = k1 / n1 if n1 else 0.0
    p2 = k2 / n2 if n2 else 0.0
    lo1, hi1 = wilson(k1, n1, z)
    lo2, hi2 = wilson(k2, n2, z)
    d = p1 - p2
    return (d - math.hypot(p1 - lo1, hi2 - p2), d + math.hypot(hi1 - p1, p2 - lo2))


def two_proportion_p(k1: int, n1: int, k2: int, n2: int) -> float:
    """Two-sided p-value of the pooled two-proportion z-test of k1/n1 against k2/n2.

    1.0 when the test says nothing: a group is empty, or every (or no) game was won, so the
    pooled variance is zero."""
    if n1 == 0 or n2 == 0:
        return 1.0
    pooled = (k1 + k2) / (n1 + n2)
    if pooled <= 0.0 or pooled >= 1.0:
        return 1.0
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    z = (k1 / n1 - k2 / n2) / se
    return math.erfc(abs(z) / math.sqrt(2))


def benjamini_hochberg(pvalues: Sequence[float], q: float = 0.05) -> list[bool]:
    """Which p-values are significant when the expected share of false discoveries among them
    is held at q (the Benjamini-Hochberg step-up rule), in the order given.

    Testing a hundred cards at 5% each would flag about five by chance alone; this does not."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    passed = 0  # the largest rank k with p_(k) <= k q / m; every smaller rank passes with it
    for rank, i in enumerate(order, 1):
        if pvalues[i] <= rank * q / m:
            passed = rank
    significant = [False] * m
    for i in order[:passed]:
        significant[i] = True
    return significant


def quantile(counts: Mapping[int, int], q: float) -> float:
    """The q-quantile of values given as {value: how many}, interpolating between neighbours
    (numpy's default rule), so a histogram answers without keeping every game."""
    total = sum(counts.values())
    if total == 0:
        raise ValueError("quantile of no values")
    pos = q * (total - 1)
    below = int(pos)
    lo = _kth(counts, below)
    hi = _kth(counts, min(below + 1, total - 1))
    return lo + (hi - lo) * (pos - below)


def _kth(counts: Mapping[int, int], k: int) -> int:
    """The k-th smallest value (0-based) of a histogram."""
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if k < seen:
            return value
    raise ValueError(f"rank {k} beyond {seen} values")


def mean(counts: Mapping[int, int]) -> float:
    """The mean of values given as {value: how many}."""
    return sum(v * c for v, c in counts.items()) / sum(counts.values())


# ---------------------------------------------------------------- rates as data


def rounded(x: float, digits: int = 4) -> float:
    """A number as the summaries keep it: a few digits, so summary.json stays readable."""
    return round(x, digits)


def significant(x: float, digits: int = 3) -> float:
    """A number kept to a few significant digits: a time of a fraction of a microsecond stays
    what it is instead of rounding to 0."""
    return float(f"{x:.{digits}g}")


def rate(wins: int, games: int) -> dict[str, Any]:
    """A win rate as the summaries keep it: games, wins, the rate (None without games) and its
    95% Wilson interval."""
    lo, hi = wilson(wins, games)
    return {"games": games, "wins": wins, "rate": rounded(wins / games) if games else None,
            "ci": [rounded(lo), rounded(hi)]}


# ---------------------------------------------------------------- rates in words

DASH = "\u2013"  # an en dash, between the ends of a range


def pct(x: float | None) -> str:
    """A share as a percentage with one decimal, or a dash when there is none."""
    return DASH if x is None else f"{100 * x:.1f}%"


def ci_text(ci: Sequence[float]) -> str:
    """An interval of shares as percentages, its ends joined by an en dash."""
    return f"{100 * ci[0]:.1f}{DASH}{100 * ci[1]:.1f}%"


def pct_range(ci: Sequence[float]) -> str:
    """An interval of shares as two percentages, e.g. '8.9%-53.2%' (the terminal summaries)."""
    return f"{pct(ci[0])}-{pct(ci[1])}"


def rate_cells(r: Mapping[str, Any]) -> list[Any]:
    """Games, wins, win rate and interval of a rate row, as table cells."""
    return [r["games"], r["wins"], pct(r["rate"]), ci_text(r["ci"]) if r["games"] else DASH]


def points(x: float | None) -> str:
    """A difference of two rates, in percentage points."""
    return DASH if x is None else f"{100 * x:+.1f}"
