"""Bradley-Terry ratings on the Elo scale (dejarik.core.ratings), against closed forms.

Two players, or any chain of pairs with no cycle, have ratings in closed form: the pair's
log-odds with its virtual draw, 400 * log10((s + 0.5) / (n - s + 0.5)), and a variance of
1 / ((n + 1) p (1 - p)) in natural units, which add along the chain."""

from __future__ import annotations

import math

import pytest

from dejarik.core.ratings import ELO, Z95, PairScore, Ratings, expected, fit


def closed_form(score: float, games: int) -> float:
    return 400 * math.log10((score + 0.5) / (games - score + 0.5))


def closed_half_width(score: float, games: int) -> float:
    """The 95% half-width of a lone pair's difference, in Elo points."""
    p = (score + 0.5) / (games + 1)
    return Z95 * ELO / math.sqrt((games + 1) * p * (1 - p))


def test_two_players_get_the_closed_form_and_a_symmetric_interval() -> None:
    r = fit(2, [PairScore(0, 1, 30, 40)], anchor=1)
    a = r.ratings[0]
    assert a.elo == pytest.approx(closed_form(30, 40), abs=1e-6)   # +185.3
    assert a.elo == pytest.approx(185.3, abs=0.1)
    assert a.elo - a.low == pytest.approx(a.high - a.elo, abs=1e-9)
    assert a.high - a.elo == pytest.approx(closed_half_width(30, 40), rel=1e-9)


def test_the_anchor_is_zero_with_no_width_and_the_others_move_with_it() -> None:
    scores = [PairScore(0, 1, 30, 40)]
    held_b, held_a = fit(2, scores, anchor=1), fit(2, scores, anchor=0)
    assert (held_b.ratings[1].elo, held_b.ratings[1].low, held_b.ratings[1].high) == (0, 0, 0)
    assert (held_a.ratings[0].elo, held_a.ratings[0].low, held_a.ratings[0].high) == (0, 0, 0)
    assert held_a.ratings[1].elo == pytest.approx(-held_b.ratings[0].elo, abs=1e-6)
    assert held_b.anchor == 1 and held_a.anchor == 0


def test_a_score_written_from_either_side_is_the_same_fit() -> None:
    """PairScore(i, j, s, n) says j scored n - s against i."""
    one = fit(2, [PairScore(0, 1, 30, 40)], anchor=1).ratings[0].elo
    other = fit(2, [PairScore(1, 0, 10, 40)], anchor=1).ratings[0].elo
    assert one == pytest.approx(other, abs=1e-9)


def test_ratings_are_transitive_along_a_chain() -> None:
    """A beat B 3 to 1 and B beat C 3 to 1, A and C never met: A sits the two gaps above C,
    and the A - C interval adds the two independent variances."""
    r = fit(3, [PairScore(0, 1, 30, 40), PairScore(1, 2, 30, 40)], anchor=2)
    gap = closed_form(30, 40)
    assert r.ratings[1].elo == pytest.approx(gap, abs=1e-6)
    assert r.ratings[0].elo == pytest.approx(2 * gap, abs=1e-6)
    d = r.difference(0, 2)
    assert d.elo == pytest.approx(2 * gap, abs=1e-6)
    assert d.high - d.elo == pytest.approx(math.sqrt(2) * closed_half_width(30, 40), rel=1e-6)
    ab = r.difference(0, 1)
    assert ab.elo == pytest.approx(gap, abs=1e-6)
    assert ab.high - ab.elo == pytest.approx(closed_half_width(30, 40), rel=1e-6)


def test_a_full_round_robin_meets_the_likelihood_equations() -> None:
    """At the maximum each player's expected score equals its actual one (virtual draws
    included), and the order follows the results."""
    scores = [PairScore(0, 1, 14, 20), PairScore(1, 2, 12, 20), PairScore(0, 2, 17, 20)]
    r = fit(3, scores, anchor=1)
    elo = [x.elo for x in r.ratings]
    assert elo[0] > elo[1] == 0 > elo[2]
    for k in range(3):
        actual = wanted = 0.0
        for p in scores:
            if k in (p.i, p.j):
                mine = p.score if k == p.i else p.games - p.score
                other = p.j if k == p.i else p.i
                actual += mine + 0.5
                wanted += (p.games + 1) * expected(elo[k] - elo[other])
        assert wanted == pytest.approx(actual, abs=1e-6)


def test_difference_is_zero_width_only_for_a_player_and_itself() -> None:
    r = fit(3, [PairScore(0, 1, 5, 10), PairScore(1, 2, 5, 10), PairScore(0, 2, 5, 10)])
    same = r.difference(2, 2)
    assert same.low == same.elo == same.high == 0
    d = r.difference(1, 2)
    assert d.low < d.elo < d.high
    # the anchor's difference with anyone is that player's own interval, mirrored
    to_anchor = r.difference(0, 1)
    assert to_anchor.high - to_anchor.elo == pytest.approx(r.ratings[1].high - r.ratings[1].elo)


def test_draws_count_half() -> None:
    """Ten draws are five wins in ten: an even score, rating 0."""
    even = fit(2, [PairScore(0, 1, 5.0, 10)], anchor=1).ratings[0]
    assert even.elo == pytest.approx(0, abs=1e-9)
    # 6 wins and 2 draws of 10 score 7
    r = fit(2, [PairScore(0, 1, 6 + 2 * 0.5, 10)], anchor=1).ratings[0]
    assert r.elo == pytest.approx(closed_form(7, 10), abs=1e-6)


@pytest.mark.parametrize("games", [1, 10, 1000])
def test_a_player_who_won_every_game_gets_a_finite_rating(games: int) -> None:
    r = fit(2, [PairScore(0, 1, games, games)], anchor=1).ratings[0]
    assert math.isfinite(r.elo) and math.isfinite(r.low) and math.isfinite(r.high)
    assert r.elo == pytest.approx(closed_form(games, games), abs=1e-6)   # 1000 games: +1321
    loser = fit(2, [PairScore(0, 1, 0, games)], anchor=0).ratings[1]
    assert loser.elo == pytest.approx(closed_form(games, games), abs=1e-6)


def test_more_games_give_a_narrower_interval() -> None:
    few = fit(2, [PairScore(0, 1, 6, 10)], anchor=1).ratings[0]
    many = fit(2, [PairScore(0, 1, 600, 1000)], anchor=1).ratings[0]
    assert many.high - many.low < (few.high - few.low) / 5


def test_players_with_no_games_linking_them_to_the_anchor_are_refused() -> None:
    with pytest.raises(ValueError, match=r"players \[2, 3\] played no games linking them to player 0"):
        fit(4, [PairScore(0, 1, 3, 5), PairScore(2, 3, 1, 5)])
    with pytest.raises(ValueError, match=r"players \[1\]"):
        fit(2, [])
    # a pair that played no game links nothing (no virtual draw either)
    with pytest.raises(ValueError, match=r"players \[1\]"):
        fit(2, [PairScore(0, 1, 0, 0)])


@pytest.mark.parametrize(("score", "message"), [
    (PairScore(0, 1, 11, 10), "a score of 11 in 10 games"),
    (PairScore(0, 1, -1, 10), "a score of -1 in 10 games"),
    (PairScore(0, 0, 1, 2), "names players 0 and 0 of 2"),
    (PairScore(0, 2, 1, 2), "names players 0 and 2 of 2"),
    (PairScore(-1, 1, 1, 2), "names players -1 and 1 of 2"),
])
def test_bad_scores_are_refused(score: PairScore, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        fit(2, [score])


def test_expected_is_the_inverse_of_the_elo_formula() -> None:
    assert expected(0) == 0.5
    assert expected(400) == pytest.approx(10 / 11)          # 400 points: odds of 10 to 1
    assert expected(400 * math.log10(3)) == pytest.approx(0.75)
    for d in (-700.0, -120.5, 33.0, 250.0):
        assert expected(d) + expected(-d) == pytest.approx(1.0)
    # the fitted gap predicts the (virtual-draw) score it came from
    r: Ratings = fit(2, [PairScore(0, 1, 30, 40)], anchor=1)
    assert expected(r.ratings[0].elo) == pytest.approx(30.5 / 41)
