"""Seed 001, "Podjęcie misji", "Sukces", "Porażka", "Przykłady podjęcia misji", "Karty
misji" and "Złoczyńcy" (no mission on the villain's planet before the finale)."""

from __future__ import annotations

from .helpers import (
    M,
    P,
    act,
    board,
    conserved,
    decision,
    die,
    give,
    hand,
    legal,
    mission_deck,
    names,
    only_passes,
    run_tasks,
    set_mission,
)


def test_a_mission_only_on_its_planet() -> None:
    """Seed 001, "Podjęcie misji": you attempt a mission when you are on its mission planet
    ("Planety": the planet with the mission marker)."""
    s = board(at=("Alpha", "Beta"))
    set_mission(s, 0, "Escape the Citadel")          # Beta
    set_mission(s, 1, "Relay")                       # Epsilon
    assert not any(t.startswith("mission") for t in legal(s))
    s.pos[0] = P(s, "Beta")
    s._legal = None
    assert [t for t in legal(s) if t.startswith("mission")] == ["mission Escape the Citadel"]


def test_no_mission_under_a_blockade() -> None:
    """Seed 001, "Podjęcie misji" and "Blokady": no mission on a planet with a blockade."""
    s = board(at=("Gamma", "Alpha"))
    set_mission(s, 0, "Foundry")
    g = P(s, "Gamma")
    assert "mission Foundry" in legal(s)
    s.blockades[g], s.blockade_pool = 1, 2
    s._legal = None
    assert "mission Foundry" not in legal(s)
    s.blockades[g], s.blockade_pool, s.droids[g], s.droid_pool = 0, 3, 3, 33
    s._legal = None
    assert "mission Foundry" in legal(s)              # droids alone do not stop it


def test_no_mission_with_the_villain_before_the_finale() -> None:
    """Seed 001, "Podjęcie misji" and "Złoczyńcy": before the finale no mission on a planet
    where the villain is."""
    s = board(at=("Gamma", "Alpha"))
    set_mission(s, 0, "Foundry")
    s.fig_pos[0] = P(s, "Gamma")
    s._legal = None
    assert "mission Foundry" not in legal(s)


def test_jedi_on_the_planet_add_cards_of_the_kinds_the_mission_shows() -> None:
    """Seed 001, "Podjęcie misji": roll, then every Jedi on the mission planet may exhaust
    cards of the kinds shown on the mission (only the kind counts); Jedi elsewhere cannot."""
    s = board(at=("Delta", "Delta", "Alpha"), players=3)
    set_mission(s, 0, "Evacuation")                   # transport, defense; 4
    hand(s, 0, "Gunship", "Trooper", "Scout")
    hand(s, 1, "Shield", "Heavy Gun")
    far = hand(s, 2, "Shield")[0]
    die(s, 1, 0)
    act(s, "mission Evacuation")
    assert decision(s) == "?contrib" and sorted(legal(s)) == ["exhaust Gunship", "pass"]
    act(s, "exhaust Gunship", "pass")
    assert s.current_player == 1 and sorted(legal(s)) == ["exhaust Shield", "pass"]
    act(s, "exhaust Shield", "pass")
    assert not s.exhausted[far]
    assert s.slots[0] == M(s, "Evacuation")           # 1 + 1 + 1 = 3 < 4: a failure


def test_success_damage_when_completed_and_the_next_mission() -> None:
    """Seed 001, "Sukces": the active Jedi takes 1 damage per damage symbol on the mission and
    on the die; the "when completed" effect; the card leaves the game; the next mission goes
    in its place (marker on its planet) and its "when drawn" resolves."""
    s = board(at=("Beta", "Alpha"))
    set_mission(s, 0, "Escape the Citadel")           # 7, damage 2, draw 1 when completed
    set_mission(s, 1, "Relay")
    mission_deck(s, "Foundry", "Harbor")              # Foundry: 1 droid on Gamma when drawn
    hand(s, 0, "Heavy Gun", "Heavy Gun", "Trooper", "Scout", "Scout", "Gunship")
    die(s, 2, 1)
    act(s, "mission Escape the Citadel", "exhaust Heavy Gun", "exhaust Heavy Gun",
        "exhaust Trooper", "pass")
    assert decision(s) == "?discard" and s.tasks[-1][2] == 3     # 2 on the card + 1 rolled
    act(s, "discard Scout", "discard Scout", "discard Gunship")
    assert len(s.hands[0]) == 4                        # 3 left + 1 drawn
    assert s.mission_done == [M(s, "Escape the Citadel")]
    assert s.slots == [M(s, "Foundry"), M(s, "Relay")]
    assert s.mission_deck == [M(s, "Harbor")]
    assert s.droids[P(s, "Gamma")] == 1
    assert s.mission_planet(0) == P(s, "Gamma")
    conserved(s)


def test_failure_only_die_damage_and_the_mission_stays() -> None:
    """Seed 001, "Porażka": the active Jedi takes 1 damage per damage symbol on the die but
    none for the mission's; the mission stays and may be attempted again."""
    s = board(at=("Beta", "Alpha"))
    set_mission(s, 0, "Escape the Citadel")
    hand(s, 0, "Trooper", "Scout", "Gunship", "Shield")
    die(s, 1, 1)
    act(s, "mission Escape the Citadel", "exhaust Trooper", "exhaust Shield", "pass")
    assert decision(s) == "?discard" and s.tasks[-1][2] == 1      # not 1 + the card's 2
    act(s, "discard Scout")
    assert s.slots[0] == M(s, "Escape the Citadel") and s.mission_done == []
    assert "mission Escape the Citadel" in legal(s)


def test_successes_do_not_carry_over_between_attempts() -> None:
    """Seed 001, "Podjęcie misji": successes of one action do not pass to the next; all must
    come in one attempt."""
    s = board(at=("Zeta", "Alpha"))
    set_mission(s, 0, "Beacon")                        # transport, 2
    die(s, 1, 0)
    only_passes(act(s, "mission Beacon"))
    only_passes(act(s, "mission Beacon"))
    assert s.slots[0] == M(s, "Beacon") and s.mission_done == []


def test_worked_mission_example() -> None:
    """Seed 001, "Przykłady podjęcia misji": Anakin and Ahsoka on the planet of "Escape from
    the Citadel" (7 successes, 2 damage, "when completed" draw 1). The first attempt fails:
    Anakin takes 1 for the die's symbol and prevents it with a defense card. Next action:
    Anakin exhausts 2 cards, Ahsoka 3; with the die that makes 7: success. Anakin takes 2
    (mission) + 1 (die) and discards 3, then draws 1; a new mission replaces it."""
    s = board(at=("Beta", "Beta"))
    set_mission(s, 0, "Escape the Citadel")
    set_mission(s, 1, "Relay")
    mission_deck(s, "Harbor")
    hand(s, 0, "Trooper", "Trooper", "Shield", "Shield", "Scout", "Scout")      # Anakin
    hand(s, 1, "Trooper", "Shield", "Shield")                                   # Ahsoka
    die(s, 2, 1)
    act(s, "mission Escape the Citadel", "pass", "pass")
    assert decision(s) == "?prevent" and s.hurt == [0, 1]
    act(s, "exhaust Shield")                       # Anakin prevents the die's damage
    only_passes(s)
    assert decision(s) == "?act" and len(s.hands[0]) == 6 and s.actions_left == 3
    assert s.slots[0] == M(s, "Escape the Citadel")
    act(s, "mission Escape the Citadel", "exhaust Trooper", "exhaust Shield", "pass")
    act(s, "exhaust Trooper", "exhaust Shield", "exhaust Shield", "pass")
    assert s.hurt is None and decision(s) == "?discard" and s.tasks[-1][2] == 3
    act(s, "discard Scout", "discard Scout", "discard Trooper")
    assert len(s.hands[0]) == 4                     # 6 - 3 + 1 drawn
    assert s.mission_done == [M(s, "Escape the Citadel")]
    assert s.slots[0] == M(s, "Harbor") and s.mission_planet(0) == P(s, "Iota")
    assert s.actions_left == 2
    conserved(s)


def test_empty_mission_deck_moves_the_marker_to_the_other_mission() -> None:
    """Seed 001, "Sukces": with no mission card left the marker goes to the other mission's
    planet (no finale while a mission remains)."""
    s = board(at=("Zeta", "Alpha"))
    set_mission(s, 0, "Beacon")
    set_mission(s, 1, "Relay")
    s.mission_unseen += s.mission_deck
    s.mission_deck = []
    hand(s, 0, "Gunship")
    die(s, 2, 0)
    act(s, "mission Beacon", "pass")
    assert s.slots == [-1, M(s, "Relay")]
    assert s.mission_planet(0) == P(s, "Epsilon") == s.mission_planet(1)
    assert not s.finale
    # the orange Mission Planet card now places its droid on that planet
    s.inv_deck.append(-1)
    s.inv_discard.remove(-1)
    run_tasks(s, ("invade",))
    assert s.droids[P(s, "Epsilon")] == 1


def test_an_ally_only_at_a_mission_planet_adds_successes() -> None:
    """Seed 001, "Karty sojuszników" (the C-3PO and R2-D2 note): an ally playable only during
    a mission on the mission planet you are on adds its successes there."""
    s = board(at=("Zeta", "Alpha"))
    set_mission(s, 0, "Outpost")                  # Theta: stealth, assault; 4
    s.pos[0] = P(s, "Theta")
    hand(s, 0, "Slicer", "Trooper")
    s._legal = None
    assert "ally Slicer" not in legal(s)          # not during a mission attempt
    die(s, 1, 0)
    act(s, "mission Outpost")
    assert "ally Slicer" in legal(s)
    act(s, "ally Slicer", "exhaust Trooper", "pass")
    assert s.mission_done == [M(s, "Outpost")]            # 1 + 2 + 1 = 4
    assert names(s, s.squad_discard) == ["Slicer", "Trooper"]   # Outpost's 1 damage took the Trooper


def test_cards_count_by_kind_not_by_effect() -> None:
    """Seed 001, "Podjęcie misji": the kinds shown on the mission count (its effect does not
    matter): an attack ally is not offered for a mission."""
    s = board(at=("Epsilon", "Alpha"))
    set_mission(s, 0, "Relay")                     # assault
    hand(s, 0, "Sergeant", "Heavy Gun")
    give(s, 0, "Trooper", exhausted=True)
    die(s, 1, 0)
    act(s, "mission Relay")
    assert sorted(legal(s)) == ["exhaust Heavy Gun", "pass"]
