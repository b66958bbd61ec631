"""The invariant check finds what it is there to find: a card twice, a card nowhere, a card that
does not exist, a negative pool, a Force marker off its track. The fuzz tests rely on it."""

from __future__ import annotations

from dejarik.deckbuilding.game import DeckbuildingState
from dejarik.deckbuilding.invariants import check_invariants


def fresh(team: bool = False) -> DeckbuildingState:
    return DeckbuildingState({"team": team} if team else {}, 3)


def test_a_dealt_game_keeps_every_invariant() -> None:
    assert check_invariants(fresh()) == []
    assert check_invariants(fresh(team=True)) == []


def test_a_card_in_two_places_is_named() -> None:
    s = fresh()
    s.players[0].discard.append(s.players[1].hand[0])
    assert any("is in 2 places" in p for p in check_invariants(s))


def test_a_card_in_no_place_is_counted() -> None:
    s = fresh(team=True)
    s.players[2].deck.pop()
    assert "1 card(s) are in no zone" in check_invariants(s)


def test_a_card_that_does_not_exist_is_named() -> None:
    s = fresh()
    n = len(s.inst_def)
    s.players[1].hand.append(n + 7)
    assert any(f"holds card #{n + 7}, which does not exist" in p for p in check_invariants(s))


def test_a_card_moved_in_place_of_another_breaks_conservation() -> None:
    s = fresh()
    hand = s.players[0].hand
    hand[0] = hand[1]   # the same number of cards, but one twice and one nowhere
    problems = check_invariants(s)
    assert any("is in 2 places" in p for p in problems) and "1 card(s) are in no zone" in problems


def test_pools_and_the_force_are_bounded() -> None:
    s = fresh()
    s.players[1].pool = -1
    s.force = 99
    problems = check_invariants(s)
    assert "player 1 has a negative resource pool (-1)" in problems
    assert "the Force marker is off the track (99)" in problems
