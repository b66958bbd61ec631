"""Seed 001, "Często zapominane zasady" (Planety, Karty, Rozpatrywanie efektów, Dodatkowe
informacje) and the notes under "Jedi", "Karty misji" and "Złoczyńcy"."""

from __future__ import annotations

from typing import Any

from .helpers import (
    M,
    P,
    act,
    board,
    card,
    decision,
    die,
    give,
    hand,
    legal,
    mission_deck,
    names,
    only_passes,
    quiet_villain,
    repack,
    run_tasks,
    set_mission,
    villain_cards,
)


def _entry(d: dict[str, Any], section: str, name: str) -> dict[str, Any]:
    return next(e for e in d[section] if e["name"] == name)


# -- Karty: the hand limit -------------------------------------------------------------------
def test_hand_limit_applies_after_the_step_resolves() -> None:
    """Seed 001, "Karty" (and the Luminara / Obi-Wan notes): over 7 cards you discard after the
    effect has resolved, not in its middle: a mission that draws 2 on completion resolves
    fully (the next mission drawn, its "when drawn" done) before the discard."""
    s = board(at=("Epsilon", "Alpha"))

    def change(d: dict[str, Any]) -> None:
        relay = _entry(d, "missions", "Relay")
        relay["damage"] = 0
        relay["when_completed"] = [{"draw": {"who": "active", "count": 2}}]
    repack(s, change)
    set_mission(s, 0, "Relay")
    mission_deck(s, "Foundry")
    hand(s, 0, "Trooper", "Trooper", "Trooper", "Scout", "Scout", "Gunship", "Gunship")
    die(s, 3, 0)
    act(s, "mission Relay", "pass")
    assert decision(s) == "?limit" and len(s.hands[0]) == 9
    assert s.slots[0] == M(s, "Foundry") and s.droids[P(s, "Gamma")] == 1
    act(s, "discard Scout")
    assert decision(s) == "?limit"
    act(s, "discard Scout")
    assert decision(s) == "?act" and len(s.hands[0]) == 7


def test_hand_limit_after_the_villain_step() -> None:
    """Seed 001, "Karty" and "Karty oddziałów": the limit of 7 holds at all times; a player
    who draws past it in the villain step discards down to 7 once the card has resolved,
    before the invasion step."""
    s = board(at=("Alpha", "Gamma"))
    villain_cards(s, card("Supply drop", {"draw": {"who": "each", "count": 2}}))
    hand(s, 1, "Trooper", "Trooper", "Trooper", "Scout", "Scout", "Gunship", "Gunship")
    act(s, "end")
    assert decision(s) == "?limit" and s.current_player == 1
    assert len(s.hands[1]) == 9 and len(s.hands[0]) == 2
    assert sum(s.droids) == 0                     # the invasion has not come yet
    act(s, "discard Scout", "discard Scout")
    assert len(s.hands[1]) == 7
    assert sum(s.droids) == 2 and s.active == 1 and decision(s) == "?act"


def test_reinforce_at_seven_cards() -> None:
    """Seed 001, "Karty": you may reinforce even with 7 cards."""
    s = board(at=("Alpha", "Gamma"))
    hand(s, 0, "Trooper", "Trooper", "Trooper", "Scout", "Scout", "Gunship", "Gunship")
    assert "reinforce" in legal(s)


def test_an_ally_played_to_get_under_the_limit() -> None:
    """Seed 001, "Karty": over the limit, play allies or discard until 7 remain."""
    s = board(at=("Alpha", "Gamma"))
    hand(s, 0, "Trooper", "Trooper", "Trooper", "Scout", "Scout", "Gunship", "Commander")
    act(s, "reinforce")
    assert decision(s) == "?limit" and "ally Commander" in legal(s)
    act(s, "ally Commander")
    assert len(s.hands[0]) == 7 and decision(s) == "?act"
    assert s.actions_left == 4                      # 4 - 1 + the Commander's 1
    assert names(s, s.squad_discard) == ["Commander"]


# -- Karty: forced exhaust -------------------------------------------------------------------
def test_forced_exhaust_with_too_few_ready_cards_exhausts_what_there_is() -> None:
    """Seed 001, "Karty": an effect that makes you exhaust cards: with too few ready cards,
    exhaust those and nothing more happens (nothing is discarded, no choice is asked)."""
    s = board(at=("Beta", "Eta"))
    s.fig_pos[0] = P(s, "Alpha")
    mine = give(s, 0, "Trooper") + give(s, 0, "Scout", exhausted=True)
    theirs = give(s, 1, "Trooper", "Scout", "Shield")
    villain_cards(s, card("Drain", {"exhaust": {"who": "near_villain", "count": 2}}))
    run_tasks(s, ("villain_step",))
    assert s.tasks == [] and all(s.exhausted[c] for c in mine)
    assert len(s.hands[0]) == 2 and not any(s.exhausted[c] for c in theirs)   # Eta is far


def test_forced_exhaust_with_enough_cards_is_the_players_choice() -> None:
    """Seed 001, "Karty": with more ready cards than asked, exactly that many are exhausted,
    chosen by their holder."""
    s = board(at=("Beta", "Eta"))
    s.fig_pos[0] = P(s, "Beta")
    hand(s, 0, "Trooper", "Scout", "Shield")
    villain_cards(s, card("Drain", {"exhaust": {"who": "near_villain", "count": 2}}))
    run_tasks(s, ("villain_step",))
    assert decision(s) == "?exhaust" and s.current_player == 0
    act(s, "exhaust Shield", "exhaust Trooper")
    assert names(s, s.ready_cards(0)) == ["Scout"] and s.tasks == []


# -- Rozpatrywanie efektów: moving another Jedi needs agreement -------------------------------
def test_moving_another_jedi_needs_its_players_agreement() -> None:
    """Seed 001, "Rozpatrywanie efektów": an effect that moves another Jedi needs both players
    to agree (the Caller's ability: another Jedi to your planet)."""
    s = board(jedi=["Caller", "Seer", "Healer"], players=3, at=("Alpha", "Eta", "Zeta"))
    act(s, "ability")
    assert decision(s) == "?pick" and s.current_player == 0
    assert sorted(legal(s)) == ["pick Healer", "pick Seer"]
    act(s, "pick Seer")
    assert decision(s) == "?consent" and s.current_player == 1
    act(s, "refuse")
    assert s.pos[1] == P(s, "Eta") and decision(s) == "?act"
    assert s.actions_left == 4

    s = board(jedi=["Caller", "Seer", "Healer"], players=3, at=("Alpha", "Eta", "Zeta"))
    act(s, "ability", "pick Healer")
    assert s.current_player == 2
    act(s, "agree")
    assert s.pos[2] == P(s, "Alpha") and s.pos[1] == P(s, "Eta")


def test_an_ally_that_moves_another_jedi_asks_too() -> None:
    """Seed 001, "Rozpatrywanie efektów": the same for an ally (the Pilot)."""
    s = board(at=("Alpha", "Eta"))
    hand(s, 0, "Pilot")
    act(s, "ally Pilot", "pick Healer")
    assert decision(s) == "?consent" and s.current_player == 1
    act(s, "agree")
    assert s.pos[1] == P(s, "Alpha")


def test_an_ability_move_is_not_a_fly() -> None:
    """Seed 001, "Jedi" (the Aayla Secura and Yoda notes): moving a Jedi by an ability is not
    a fly action, so no transport can be used with it."""
    s = board(jedi=["Walker", "Seer"], at=("Alpha", "Gamma"))
    set_mission(s, 0, "Archive")                   # Eta
    hand(s, 0, "Gunship")
    act(s, "ability")
    assert s.pos[0] == P(s, "Eta")
    assert decision(s) == "?act" and s.actions_left == 4


# -- Dodatkowe informacje ----------------------------------------------------------------------
def test_no_attack_on_a_planet_without_enemies() -> None:
    """Seed 001, "Dodatkowe informacje": an attack cannot be made on a planet without enemies
    (not even with cards to exhaust)."""
    s = board(at=("Alpha", "Gamma"))
    hand(s, 0, "Heavy Gun", "Trooper")
    s.droids[P(s, "Beta")], s.droid_pool = 3, 33        # enemies next door do not count
    s._legal = None
    assert "attack" not in legal(s)


# -- Planety -----------------------------------------------------------------------------------
def test_a_card_naming_a_planet_is_used_only_there() -> None:
    """Seed 001, "Planety": a card showing a planet's name may be used only on that planet."""
    def change(d: dict[str, Any]) -> None:
        _entry(d, "squad", "Heavy Gun")["planet"] = "Alpha"

    for planet, offered in (("Beta", False), ("Alpha", True)):
        s = board(at=(planet, "Gamma"))
        repack(s, change)
        hand(s, 0, "Heavy Gun", "Trooper")
        s.droids[P(s, planet)], s.droid_pool = 1, 35
        die(s, 1, 0)
        act(s, "attack")
        assert ("exhaust Heavy Gun" in legal(s)) is offered
        assert "exhaust Trooper" in legal(s)


def test_your_planet_is_where_your_jedi_is() -> None:
    """Seed 001, "Planety": "your planet" is the planet your Jedi is on now."""
    s = board(at=("Zeta", "Gamma"))
    villain_cards(s, card("Here", {"droids": {"at": "your", "count": 2}}))
    run_tasks(s, ("villain_step",))
    assert s.droids[P(s, "Zeta")] == 2 and sum(s.droids) == 2


# -- Blokady / Mace Windu note -----------------------------------------------------------------
def test_no_effect_touches_the_droids_of_a_blockaded_planet() -> None:
    """Seed 001, "Blokady" and the Mace Windu note: while a blockade is on a planet, Jedi
    cannot affect its droids (an ability removing droids there does nothing)."""
    s = board(at=("Alpha", "Gamma"))

    def change(d: dict[str, Any]) -> None:
        _entry(d, "jedi", "Seer")["ability"] = [{"remove_droids": {"at": "your", "count": 2}}]
    repack(s, change)
    a = P(s, "Alpha")
    s.droids[a], s.droid_pool = 3, 33
    s.blockades[a], s.blockade_pool = 1, 2
    act(s, "ability")
    assert s.droids[a] == 3
    s = board(at=("Alpha", "Gamma"))
    repack(s, change)
    s.droids[a], s.droid_pool = 3, 33
    act(s, "ability")
    assert s.droids[a] == 1 and s.droid_pool == 35


def test_an_ability_dealing_damage_hits_the_blockade_first() -> None:
    """Seed 001, "Blokady" (and the Ahsoka note: an ability may remove blockades): damage from
    an ability goes to the blockade first, which shields the rest."""
    s = board(jedi=["Pusher", "Seer"], at=("Alpha", "Gamma"))
    b = P(s, "Beta")
    s.droids[b], s.droid_pool = 2, 34
    s.blockades[b], s.blockade_pool = 1, 2
    act(s, "ability", "pick Beta")
    assert s.droids[b] == 2 and s.blockades[b] == 1


# -- Karty misji: the card named is not taken from a player ----------------------------------------
def test_a_mission_does_not_take_a_card_from_a_player() -> None:
    """Seed 001, "Karty misji" (Zakładnicy, Punkt krytyczny, Niedokończone sprawy): a card the
    mission names goes to the active Jedi from the deck or discard, but not if a player
    already holds it."""
    def change(d: dict[str, Any]) -> None:
        relay = _entry(d, "missions", "Relay")
        relay["damage"] = 0
        relay["when_completed"] = [{"give_card": "Medic"}]

    for holder in (None, 1):
        s = board(at=("Epsilon", "Alpha"))
        repack(s, change)
        set_mission(s, 0, "Relay")
        if holder is not None:
            give(s, holder, "Medic")
        die(s, 3, 0)
        only_passes(act(s, "mission Relay"))
        assert s.mission_done == [M(s, "Relay")]
        if holder is None:
            assert names(s, s.hands[0]) == ["Medic"]
        else:
            assert s.hands[0] == [] and names(s, s.hands[1]) == ["Medic"]


# -- Złoczyńcy: a villain's counter (the Maul note) and placing it ------------------------------
def test_a_counter_stops_at_the_ends_of_its_track() -> None:
    """Seed 001, "Złoczyńcy" (the Maul note): a slider at an end of its track moves no
    further."""
    s = board()

    def change(d: dict[str, Any]) -> None:
        _entry(d, "villains", "Plain Villain")["counters"] = {"power": {"start": 0, "min": 0, "max": 2}}
    repack(s, change)
    s.counters = [0]
    villain_cards(s, card("Grow", {"counter": {"name": "power", "add": 3}}))
    run_tasks(s, ("villain_step",))
    assert s.counters == [2]
    villain_cards(s, card("Shrink", {"counter": {"name": "power", "add": -5}}))
    run_tasks(s, ("villain_step",))
    assert s.counters == [0]


def test_placing_the_villain_moves_it_whether_or_not_it_is_on_the_board() -> None:
    """Seed 001, "Złoczyńcy" (the Maul note, "Wrogie przejęcie"): place the villain on the top
    planet whether it is on the board already or not."""
    for start in ("Alpha", None):
        s = board()
        quiet_villain(s)
        if start:
            s.fig_pos[0] = P(s, start)
        villain_cards(s, card("Takeover", {"place_villain": {"at": "top"}}))
        run_tasks(s, ("villain_step",))
        assert s.fig_pos == [s.top_planet()]


def test_an_ability_naming_a_planet_is_used_only_there() -> None:
    """Seed 001, "Planety": an action whose description names a planet in brackets may be
    taken only on that planet (a Jedi ability bound to Alpha)."""
    def change(d: dict[str, Any]) -> None:
        _entry(d, "jedi", "Seer")["planet"] = "Alpha"

    for planet, offered in (("Beta", False), ("Alpha", True)):
        s = board(at=(planet, "Gamma"))
        repack(s, change)
        assert ("ability" in legal(s)) is offered
