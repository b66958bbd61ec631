"""The statistics behind the balance report, against values worked out by hand or published."""

from __future__ import annotations

import math

import pytest

from dejarik.core.stats import (
    benjamini_hochberg,
    difference_interval,
    mean,
    quantile,
    two_proportion_p,
    wilson,
)


def test_wilson_known_values() -> None:
    assert wilson(50, 100) == pytest.approx((0.4038, 0.5962), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(10, 10)
    assert hi == 1.0 and lo == pytest.approx(0.7225, abs=1e-4)


def test_two_proportion_p_by_hand() -> None:
    # 60/100 v 40/100: pooled 0.5, se = sqrt(0.25 * 0.02), z = 0.2 / se = 2 sqrt 2,
    # two-sided p = erfc(z / sqrt 2) = erfc(2)
    assert two_proportion_p(60, 100, 40, 100) == pytest.approx(math.erfc(2.0), rel=1e-12)
    assert two_proportion_p(60, 100, 40, 100) == pytest.approx(0.004678, abs=1e-6)
    assert two_proportion_p(40, 100, 60, 100) == two_proportion_p(60, 100, 40, 100)
    assert two_proportion_p(5, 10, 5, 10) == 1.0


@pytest.mark.parametrize("args", [(0, 0, 3, 10), (3, 10, 0, 0), (0, 10, 0, 20), (10, 10, 20, 20)])
def test_two_proportion_p_undefined_is_one(args: tuple[int, int, int, int]) -> None:
    assert two_proportion_p(*args) == 1.0


def test_benjamini_hochberg_step_up() -> None:
    # thresholds k q / m for m = 4: .0125 .025 .0375 .05
    assert benjamini_hochberg([0.01, 0.04, 0.03, 0.20]) == [True, False, False, False]
    assert benjamini_hochberg([0.04, 0.01, 0.03, 0.02]) == [True] * 4
    # 0.02 misses its own threshold (.0167) but passes with 0.024 at rank 2 (.0333)
    assert benjamini_hochberg([0.5, 0.024, 0.02]) == [False, True, True]
    assert benjamini_hochberg([]) == []
    assert benjamini_hochberg([0.02, 0.02], q=0.01) == [False, False]


def test_difference_interval_matches_newcombe() -> None:
    # Newcombe (1998), example (a): 56/70 - 48/80, hybrid score interval 0.0524 to 0.3339
    assert difference_interval(56, 70, 48, 80) == pytest.approx((0.0524, 0.3339), abs=1e-4)


def test_quantile_and_mean_of_a_histogram() -> None:
    counts = {10: 1, 20: 1, 30: 1, 40: 1}
    assert quantile(counts, 0.5) == 25.0
    assert quantile(counts, 0.05) == pytest.approx(11.5)
    assert quantile(counts, 0.95) == pytest.approx(38.5)
    assert quantile({7: 3}, 0.25) == 7
    assert quantile({1: 2, 5: 2}, 0.0) == 1 and quantile({1: 2, 5: 2}, 1.0) == 5
    assert mean({2: 3, 4: 1}) == 2.5
    with pytest.raises(ValueError):
        quantile({}, 0.5)
