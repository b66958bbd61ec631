"""Seed 001, "3. Aktywacja złoczyńcy": "Znacznik przypominający", "Dobranie karty
złoczyńcy", "Planeta pod oblężeniem!", "Wierzchnia planeta", "Kilka możliwych skutków" and
"Rozpatrywanie efektów"."""

from __future__ import annotations

from .helpers import (
    P,
    act,
    board,
    card,
    conserved,
    decision,
    droids_in_game,
    hand,
    legal,
    run_tasks,
    set_mission,
    villain_cards,
)

SIEGE = {"siege": True}


def test_reminder_effect_before_the_card() -> None:
    """Seed 001, "Znacznik przypominający": with the reminder token on the deck, the sheet's ⚠
    effect resolves before the villain card is drawn (the villain moves toward the nearest
    Jedi first; the card then puts a droid where it now is)."""
    s = board(villain="Reminder Villain", at=("Beta", "Beta"))
    s.fig_pos[0] = P(s, "Alpha")
    villain_cards(s, card("Reinforce", {"droids": {"at": "villain", "count": 1}}))
    run_tasks(s, ("villain_step",))
    assert s.fig_pos == [P(s, "Beta")]
    assert s.droids[P(s, "Beta")] == 1 and s.droids[P(s, "Alpha")] == 0


def test_no_reminder_effect_without_the_token() -> None:
    """Seed 001, "Znacznik przypominający": the ⚠ effect resolves only while the token is on
    the deck."""
    s = board(villain="Reminder Villain", at=("Beta", "Beta"))
    s.fig_pos[0] = P(s, "Alpha")
    s.reminder = False
    villain_cards(s, card("Reinforce", {"droids": {"at": "villain", "count": 1}}))
    run_tasks(s, ("villain_step",))
    assert s.fig_pos == [P(s, "Alpha")] and s.droids[P(s, "Alpha")] == 1


def test_one_card_resolved_top_to_bottom_then_discarded() -> None:
    """Seed 001, "Dobranie karty złoczyńcy": draw 1 card, resolve its effects from top to
    bottom, then put it face up on the villain discard; no further card."""
    s = board(at=("Alpha", "Alpha"))
    villain_cards(s, card("Two steps", {"place_villain": {"at": "Gamma"}},
                          {"droids": {"at": "villain", "count": 2}}),
                  card("Second", {"threat": 3}))
    run_tasks(s, ("villain_step",))
    assert s.fig_pos == [P(s, "Gamma")] and s.droids[P(s, "Gamma")] == 2
    assert s.villain_discard == [0] and s.villain_deck == [1]
    assert s.threat == 0


def test_a_step_that_cannot_be_resolved_is_skipped() -> None:
    """Seed 001, "Dobranie karty złoczyńcy": effects that cannot be resolved are ignored; the
    rest still resolve (the villain is off the board, so it does not move)."""
    s = board(at=("Alpha", "Alpha"))
    villain_cards(s, card("Chase", {"move_villain": {"toward": "nearest_jedi", "steps": 2}},
                          {"droids": {"at": "villain", "count": 1}},
                          {"droids": {"at": "Eta", "count": 1}}))
    run_tasks(s, ("villain_step",))
    assert s.fig_pos == [-1] and sum(s.droids) == 1 and s.droids[P(s, "Eta")] == 1


def test_an_empty_villain_deck_reshuffles_its_discard() -> None:
    """Seed 001, "Dobranie karty złoczyńcy": no card left: shuffle the villain discard into a
    new deck, then draw."""
    s = board(at=("Alpha", "Alpha"))
    villain_cards(s, *(card(f"Nothing {i}") for i in range(6)))
    s.villain_discard, s.villain_deck = s.villain_deck, []
    run_tasks(s, ("villain_step",))
    assert len(s.villain_deck) == 5 and len(s.villain_discard) == 1
    assert sorted(s.villain_deck + s.villain_discard) == list(range(6))


def test_a_card_may_draw_another_villain_card() -> None:
    """Seed 001, "Dobranie karty złoczyńcy": no more cards unless a card says so."""
    s = board(at=("Alpha", "Alpha"))
    villain_cards(s, card("Again", {"villain_card": 1}), card("Threat", {"threat": 1}),
                  card("Unused", {"threat": 5}))
    run_tasks(s, ("villain_step",))
    assert s.threat == 1 and sorted(s.villain_discard) == [0, 1] and s.villain_deck == [2]


def _siege_board() -> tuple[object, list[int], list[int]]:
    s = board(at=("Alpha", "Alpha"))
    villain_cards(s, card("Siege", SIEGE))
    everything = list(s.inv_deck) + list(s.inv_discard)
    delta, beta = P(s, "Delta"), P(s, "Beta")
    rest = [c for c in everything if c not in (delta, beta, -1, -2)]
    s.inv_deck = [delta, *rest[:5]]                  # Delta at the bottom
    s.inv_discard = [-1, -2, beta, *rest[5:]]
    s.inv_segments = []
    return s, list(s.inv_deck), list(s.inv_discard)


def test_planet_under_siege() -> None:
    """Seed 001, "Planeta pod oblężeniem!": 1. the invasion marker moves 1 space; 2. the bottom
    invasion card's planet gets droids until it has 3; 3. the invasion discard, that card
    included, is shuffled and put face down on top of the invasion deck."""
    s, deck, discard = _siege_board()
    delta = P(s, "Delta")
    s.droids[delta], s.droid_pool = 1, 35
    run_tasks(s, ("villain_step",))
    assert s.invasion == 1
    assert s.droids[delta] == 3 and s.blockades[delta] == 0 and s.threat == 0
    assert s.inv_discard == []
    assert s.inv_deck[:5] == deck[1:]                 # the rest of the old deck, below
    assert sorted(s.inv_deck[5:]) == sorted([*discard, delta])   # the discard on top
    assert s.villain_discard == [0]
    conserved(s)


def test_siege_at_the_end_of_the_invasion_track_raises_the_threat() -> None:
    """Seed 001, "Planeta pod oblężeniem!" 1 and "Podnoszenie poziomu zagrożenia": the marker
    already on the last space: the threat rises instead."""
    s, _, _ = _siege_board()
    s.invasion = len(s.rates) - 1
    run_tasks(s, ("villain_step",))
    assert s.invasion == len(s.rates) - 1 and s.threat == 1


def test_siege_on_a_full_planet_places_nothing() -> None:
    """Seed 001, "Planeta pod oblężeniem!" 2: droids are added only up to 3 in all: a planet
    with 3 gets none and no occupation starts."""
    s, _, _ = _siege_board()
    delta = P(s, "Delta")
    s.droids[delta], s.droid_pool = 3, 33
    run_tasks(s, ("villain_step",))
    assert s.droids[delta] == 3 and s.blockades[delta] == 0 and s.threat == 0


def test_siege_without_droids_in_the_pool_raises_the_threat_per_missing_droid() -> None:
    """Seed 001, "Planeta pod oblężeniem!" 2 with "Podnoszenie poziomu zagrożenia": each droid
    that cannot be placed for lack of droids in the pool raises the threat by 1 (Delta has 1:
    2 are missing)."""
    s, _, _ = _siege_board()
    s.droids[P(s, "Delta")] = 1
    s.droids[P(s, "Beta")] = 3
    droids_in_game(s, 4)
    run_tasks(s, ("villain_step",))
    assert s.droids[P(s, "Delta")] == 1
    assert s.threat == 2
    conserved(s)


def test_siege_with_one_droid_in_the_pool() -> None:
    """Seed 001, "Planeta pod oblężeniem!" 2: 1 droid placed, 1 missing: threat +1."""
    s, _, _ = _siege_board()
    s.droids[P(s, "Delta")] = 1
    s.droids[P(s, "Beta")] = 3
    droids_in_game(s, 5)
    run_tasks(s, ("villain_step",))
    assert s.droids[P(s, "Delta")] == 2 and s.threat == 1 and s.droid_pool == 0
    conserved(s)


def test_siege_of_a_mission_planet_card() -> None:
    """Seed 001, "Planeta pod oblężeniem!" 2 and "Inwazja": a Mission Planet card at the bottom
    fills that colour's mission planet."""
    s, _, _ = _siege_board()
    set_mission(s, 1, "Relay")                       # white: Epsilon
    s.inv_deck[0], s.inv_discard[1] = s.inv_discard[1], s.inv_deck[0]   # -2 to the bottom
    run_tasks(s, ("villain_step",))
    assert s.droids[P(s, "Epsilon")] == 3
    conserved(s)


def test_top_planet_is_the_top_of_the_invasion_discard() -> None:
    """Seed 001, "Wierzchnia planeta": the top planet is the one on top of the invasion
    discard (a Mission Planet card there: that mission's planet)."""
    s = board(at=("Alpha", "Alpha"))
    villain_cards(s, card("Top Blockade", {"blockade": {"at": "top"}}))
    s.inv_discard.remove(P(s, "Zeta"))
    s.inv_deck = [c for c in s.inv_deck if c != P(s, "Zeta")]
    s.inv_discard.append(P(s, "Zeta"))
    conserved(s)
    run_tasks(s, ("villain_step",))
    assert s.blockades[P(s, "Zeta")] == 1 and sum(s.blockades) == 1
    assert s.threat == 0                          # not an occupation: no threat

    s = board(at=("Alpha", "Alpha"))
    set_mission(s, 0, "Archive")                  # orange: Eta
    villain_cards(s, card("Top Blockade", {"blockade": {"at": "top"}}))
    s.inv_discard.remove(-1)
    s.inv_discard.append(-1)
    run_tasks(s, ("villain_step",))
    assert s.blockades[P(s, "Eta")] == 1


def test_ties_in_the_villains_movement_are_the_active_players_choice() -> None:
    """Seed 001, "Kilka możliwych skutków" and "Rozpatrywanie efektów": a villain moving
    toward something takes a shortest path; between equal ones the active player chooses
    (from Alpha toward Gamma: by Beta or by Delta, never by Kappa)."""
    s = board(at=("Gamma", "Gamma"))
    s.active = 1
    s.fig_pos[0] = P(s, "Alpha")
    villain_cards(s, card("March", {"move_villain": {"toward": "nearest_jedi", "steps": 1}}))
    run_tasks(s, ("villain_step",))
    assert decision(s) == "?pick" and s.current_player == 1
    assert sorted(legal(s)) == ["pick Beta", "pick Delta"]
    act(s, "pick Delta")
    assert s.fig_pos == [P(s, "Delta")]


def test_the_villain_moves_along_a_shortest_path_to_the_nearest_jedi() -> None:
    """Seed 001, "Rozpatrywanie efektów": always the shortest way, toward the nearest Jedi
    (Iota is nearer to Alpha than Epsilon is: 2 steps by Kappa)."""
    s = board(at=("Epsilon", "Iota"))
    s.fig_pos[0] = P(s, "Alpha")
    villain_cards(s, card("March", {"move_villain": {"toward": "nearest_jedi", "steps": 2}}))
    run_tasks(s, ("villain_step",))
    assert s.fig_pos == [P(s, "Iota")]


def test_strike_damages_the_jedi_with_the_villain() -> None:
    """Seed 001, "Karty oddziałów" and "Obrona": a villain card's damage discards cards of the
    Jedi it names; defense cards may prevent it."""
    s = board(at=("Beta", "Gamma"))
    s.fig_pos[0] = P(s, "Beta")
    hand(s, 0, "Trooper", "Shield")
    hand(s, 1, "Trooper")
    villain_cards(s, card("Strike", {"damage": {"who": "at_villain", "amount": 2}}))
    run_tasks(s, ("villain_step",))
    assert decision(s) == "?prevent" and s.current_player == 0
    act(s, "exhaust Shield", "pass")
    assert decision(s) == "?discard"
    act(s, "discard Trooper")
    assert len(s.hands[0]) == 1 and len(s.hands[1]) == 1


def test_an_effect_with_several_outcomes_is_the_active_players_choice() -> None:
    """Seed 001, "Kilka możliwych skutków": an effect that can resolve in several ways is
    decided by the active player (the villain placed on "a mission planet", two of them)."""
    s = board(at=("Alpha", "Alpha"))
    s.active = 1
    set_mission(s, 0, "Relay")                        # Epsilon
    set_mission(s, 1, "Harbor")                       # Iota
    villain_cards(s, card("Raid", {"place_villain": {"at": "missions"}}))
    run_tasks(s, ("villain_step",))
    assert decision(s) == "?pick" and s.current_player == 1
    assert sorted(legal(s)) == ["pick Epsilon", "pick Iota"]
    act(s, "pick Iota")
    assert s.fig_pos == [P(s, "Iota")]
