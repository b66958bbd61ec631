"""Seed 001, "4. Inwazja", "Okupacja", "Blokady" and "Podnoszenie poziomu zagrożenia"."""

from __future__ import annotations

from dejarik.pandemic.state import PandemicState

from .helpers import P, board, card, conserved, droids_in_game, run_tasks, set_mission, villain_cards


def stack_invasion(s: PandemicState, *planets: str) -> list[int]:
    """Put these invasion cards on top of the invasion deck, the first on top."""
    cards = [P(s, n) for n in planets]
    for c in cards:
        (s.inv_deck if c in s.inv_deck else s.inv_discard).remove(c)
    s.inv_deck += list(reversed(cards))
    s.inv_segments = []
    return cards


def test_invasion_reveals_as_many_cards_as_the_invasion_rate() -> None:
    """Seed 001, "4. Inwazja": reveal one by one as many invasion cards as the invasion track
    shows; 1 droid on each card's planet; each card then goes to the invasion discard."""
    s = board()
    s.invasion = 2                                   # rate 3
    cards = stack_invasion(s, "Beta", "Zeta", "Kappa", "Eta")[:3]
    deck = len(s.inv_deck)
    run_tasks(s, ("invasion_step",))
    assert s.droids[P(s, "Beta")] == s.droids[P(s, "Zeta")] == s.droids[P(s, "Kappa")] == 1
    assert s.droids[P(s, "Eta")] == 0 and sum(s.droids) == 3
    assert s.inv_discard[-3:] == cards
    assert len(s.inv_deck) == deck - 3
    conserved(s)


def test_rate_follows_the_marker() -> None:
    """Seed 001, "4. Inwazja": the current number on the invasion track (2 at its start)."""
    s = board()
    stack_invasion(s, "Beta", "Zeta", "Kappa")
    run_tasks(s, ("invasion_step",))
    assert sum(s.droids) == 2 and s.droids[P(s, "Kappa")] == 0


def test_a_fourth_droid_is_an_occupation() -> None:
    """Seed 001, "Okupacja": a 4th droid is not placed; the threat rises 1 and a blockade is
    put on the planet (one planet may hold several blockades)."""
    s = board()
    beta = P(s, "Beta")
    s.droids[beta], s.droid_pool = 3, 33
    stack_invasion(s, "Beta", "Zeta")
    run_tasks(s, ("invasion_step",))
    assert s.droids[beta] == 3 and s.blockades[beta] == 1 and s.threat == 1
    assert s.droid_pool == 32 and s.blockade_pool == 2
    s.inv_discard.remove(beta)
    s.inv_deck.append(beta)
    run_tasks(s, ("invade",))
    assert s.blockades[beta] == 2 and s.threat == 2 and s.droids[beta] == 3
    conserved(s)


def test_no_droid_in_the_pool_raises_the_threat() -> None:
    """Seed 001, "4. Inwazja" and "Podnoszenie poziomu zagrożenia": a droid to place with
    none left in the pool: the threat rises 1 per missing droid."""
    s = board()
    s.droids[P(s, "Alpha")] = 3
    droids_in_game(s, 3)
    stack_invasion(s, "Beta", "Zeta")
    run_tasks(s, ("invasion_step",))
    assert s.droids[P(s, "Beta")] == 0 and s.droids[P(s, "Zeta")] == 0
    assert s.threat == 2 and sum(s.blockades) == 0
    conserved(s)


def test_no_blockade_in_the_pool_raises_the_threat() -> None:
    """Seed 001, "Blokady": a blockade to place with none left in the pool: threat +1 (an
    occupation then costs 2: 1 for the occupation, 1 for the missing blockade)."""
    s = board()
    beta = P(s, "Beta")
    s.droids[beta], s.droid_pool = 3, 33
    s.blockades[P(s, "Eta")], s.blockade_pool = 3, 0
    stack_invasion(s, "Beta")
    run_tasks(s, ("invade",))
    assert s.blockades[beta] == 0 and s.threat == 2
    conserved(s)


def test_a_blockade_from_an_effect_does_not_raise_the_threat() -> None:
    """Seed 001, "Blokady": a blockade placed by any effect but an occupation does not raise
    the threat, unless the pool lacks one."""
    s = board()
    villain_cards(s, card("Wall", {"blockade": {"at": "Gamma"}}))
    run_tasks(s, ("villain_step",))
    assert s.blockades[P(s, "Gamma")] == 1 and s.threat == 0
    s = board()
    s.blockades[P(s, "Eta")], s.blockade_pool = 3, 0
    villain_cards(s, card("Wall", {"blockade": {"at": "Gamma"}}))
    run_tasks(s, ("villain_step",))
    assert s.blockades[P(s, "Gamma")] == 0 and s.threat == 1


def test_an_empty_invasion_deck_reshuffles_the_discard() -> None:
    """Seed 001, "4. Inwazja": no invasion card left: shuffle the invasion discard into a new
    deck, then reveal."""
    s = board()
    s.inv_discard += s.inv_deck
    s.inv_deck = []
    run_tasks(s, ("invasion_step",))
    assert len(s.inv_discard) == 2 and len(s.inv_deck) == 10
    assert sum(s.droids) + s.threat >= 1
    conserved(s)


def test_a_mission_planet_card_invades_that_colours_mission_planet() -> None:
    """Seed 001, "Przygotowanie" 4 and "4. Inwazja": a Mission Planet card puts its droid on
    the planet of the mission marker of its colour."""
    s = board()
    set_mission(s, 0, "Relay")                    # orange: Epsilon
    set_mission(s, 1, "Harbor")                   # white: Iota
    s.inv_discard.remove(-2)
    s.inv_deck.append(-2)
    run_tasks(s, ("invade",))
    assert s.droids[P(s, "Iota")] == 1 and sum(s.droids) == 1
    assert s.inv_discard[-1] == -2
    conserved(s)


def test_advancing_the_full_invasion_track_raises_the_threat() -> None:
    """Seed 001, "Podnoszenie poziomu zagrożenia": the invasion marker to move while on the
    last space: the threat rises instead."""
    s = board()
    s.invasion = len(s.rates) - 2
    villain_cards(s, card("Surge", {"invasion": 2}))
    run_tasks(s, ("villain_step",))
    assert s.invasion == len(s.rates) - 1 and s.threat == 1


def test_filling_a_planet_without_droids_in_the_pool() -> None:
    """Seed 001, "Podnoszenie poziomu zagrożenia": an effect that adds droids up to a number
    raises the threat 1 for every droid it cannot place (0 of 3 placed: +3)."""
    s = board()
    s.droids[P(s, "Alpha")] = 3
    droids_in_game(s, 3)
    villain_cards(s, card("Fill", {"fill_droids": {"at": "Gamma", "to": 3}}))
    run_tasks(s, ("villain_step",))
    assert s.droids[P(s, "Gamma")] == 0 and s.threat == 3


def test_droids_placed_one_by_one() -> None:
    """Seed 001, "Okupacja": droids placed by an effect are placed one by one, so the 4th on a
    planet is an occupation too (2 on a planet with 2: 1 placed, 1 occupation)."""
    s = board()
    g = P(s, "Gamma")
    s.droids[g], s.droid_pool = 2, 34
    villain_cards(s, card("Pour", {"droids": {"at": "Gamma", "count": 2}}))
    run_tasks(s, ("villain_step",))
    assert s.droids[g] == 3 and s.blockades[g] == 1 and s.threat == 1
    conserved(s)
