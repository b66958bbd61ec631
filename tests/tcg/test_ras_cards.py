"""Every Rogues and Scoundrels card with abilities written so far, checked in the engine against
what its rules text says (../shared/reference/swtcg-data/RAS.txt; rulings from its Usage column
and ../shared/reference/swtcg.md). One test per card (a parametrised case in
tests/tcg/test_keyword_cards.py counts as one). Each test checks exact numbers or compares with
the same position without the ability. Upkeep and Bounty, the set's keywords, have rule tests of
their own first (docs/tcg.md, "Upkeep and Bounty")."""

from __future__ import annotations

from typing import Any

from dejarik.tcg import flow as F
from dejarik.tcg.abilities import bundled_abilities
from dejarik.tcg.cardtext import ability_text
from dejarik.tcg.effects import abilities_of, keyword
from dejarik.tcg.state import BUILD, COMMAND, DISCARD, TcgState
from tests.tcg.helpers import (
    DARK,
    LIGHT,
    act,
    c,
    hits_with,
    in_attack_window,
    mission,
    names,
    pass_until,
    position,
    run_out,
    start,
    texts,
    unit,
)

CLONE = "Clone Platoon"              # Light Ground 4/40/4/4, Clone Soldier (AOTC)
BDS = "Battle Droid Squad"           # Dark Ground 2/10/2/3, Trade Federation Droid (AOTC)
GUARD = "Naboo Security Guard"       # Light Character 2/30/2/2, Naboo Soldier (AOTC)
KAMINOAN = "Kaminoan Guard"          # Neutral Character 4/50/3/3 (AOTC)
ESCORT = "X-Wing Escort"             # Light Space 3/50/2/2, Rebel Starfighter (RAS)
TIE = "TIE Fighter"                  # Dark Space 2/40/2/1, Imperial Starfighter (RAS)


def finish_attack(s: TcgState, limit: int = 60) -> None:
    """Pass (or take the first option) until the attack under way has ended."""
    for _ in range(limit):
        if s.atk is None or not s.tasks or s.done:
            return
        acts = s.legal_actions()
        s.apply((F.PASS, 0, 0) if (F.PASS, 0, 0) in acts else acts[0])


def upkeep(dark: dict[str, Any], bp: int = 0, force: int = 0) -> TcgState:
    """The Dark Side's build step starts with these cards, bp build points and force Force;
    the state at the first decision."""
    s = position(dark=dark, force=(force, 0))
    s.bp[DARK] = bp
    start(s, ("build_step", DARK))
    return s


def kill(s: TcgState, attacker: str, victim: str, dice: list[int]) -> None:
    """The attacker's attack (fixed dice) destroys the victim."""
    hits_with(s, unit(s, attacker), unit(s, victim), dice)
    s.atk = None
    assert s.zone[unit(s, victim)] == DISCARD


def offered(s: TcgState, move: str) -> bool:
    """Whether a decision waits and `move` is one of its options."""
    return bool(s.tasks) and not s.done and move in texts(s)


def given_no(s: TcgState, u: int) -> int:
    """The action number of the first ability a static ability in play gives u."""
    return len(s.d(u).abilities) + 1


def collect(s: TcgState, side: int = DARK) -> None:
    """That side's next build step starts: Bounties are collected, Upkeep paid."""
    start(s, ("build_step", side))


# ---- the keywords: Upkeep and Bounty ------------------------------------------------------
def test_upkeep_offers_only_the_options_its_owner_can_pay() -> None:
    """Upkeep: with build points, a card in hand and the unit untapped, Bossk's three options are
    offered; with none of the first two, tapping is the only one and is paid at once; with the
    unit tapped too, nothing is paid."""
    s = upkeep({"arena": ["Bossk (A)"], "hand": [GUARD]}, bp=2)
    assert texts(s) == ["choose option 1", "choose option 2", "choose option 3"]
    act(s, "choose option 1")
    assert s.bp[DARK] == 1 and s.tasks[-1][0] == "?build"
    s = upkeep({"arena": ["Bossk (A)"]})
    assert s.tapped[unit(s, "Bossk (A)")] and s.tasks[-1][0] == "?build"
    s = position(dark={"arena": ["Bossk (A)"]})
    s.tapped[unit(s, "Bossk (A)")] = True
    start(s, ("build_step", DARK))
    assert s.tasks[-1][0] == "?build" and s.bp[DARK] == 0


def test_upkeep_is_paid_by_retreated_units_and_only_in_their_owners_build_step() -> None:
    """Upkeep works in the build zone (reference section 9); the opponent's build step asks
    nothing of it."""
    s = position(light={"retreated": ["Unmodified Snowspeeder"]})
    start(s, ("build_step", LIGHT))
    assert s.damage[unit(s, "Unmodified Snowspeeder")] == 1
    s = position(light={"arena": ["Unmodified Snowspeeder"]})
    start(s, ("build_step", DARK))
    assert s.damage[unit(s, "Unmodified Snowspeeder")] == 0


def test_bounty_is_collected_at_the_start_of_the_next_build_step_only_for_opponents_units() -> None:
    """Bounty: Boba Fett (C) destroys an opponent's unit: nothing yet; at his owner's next build
    step he collects 2 build points, once. Destroying a unit of his own side earns nothing."""
    s = position(dark={"arena": ["Boba Fett (C)"]}, light={"arena": [GUARD]})
    kill(s, "Boba Fett (C)", GUARD, [5, 5, 1, 1, 1, 1])
    assert s.bp[DARK] == 0
    collect(s)
    assert s.bp[DARK] == 2
    collect(s)
    assert s.bp[DARK] == 2
    s = position(dark={"arena": ["Boba Fett (C)", "Garindan (A)"]})
    kill(s, "Boba Fett (C)", "Garindan (A)", [5, 5, 1, 1, 1, 1])
    collect(s)
    assert s.bp[DARK] == 0


def test_bounty_waits_through_the_end_of_the_turn() -> None:
    """A Bounty earned in the battle phase is still owed after the turn ends."""
    s = position(dark={"arena": ["Boba Fett (C)"]}, light={"arena": [GUARD]})
    kill(s, "Boba Fett (C)", GUARD, [5, 5, 1, 1, 1, 1])
    start(s, ("end_turn",))
    collect(s)
    assert s.bp[DARK] == 2


# ---- Locations ----------------------------------------------------------------------------
def test_trash_compactor_puts_a_counter_on_every_character_when_the_step_starts() -> None:
    """Trash Compactor (RAS.txt): when the Character battle step starts, 1 damage counter on
    each unit in the Character arena, either side's; the Guard (health 2) survives with 1."""
    s = position(dark={"arena": [KAMINOAN], "locations": ["Trash Compactor"]}, light={"arena": [GUARD, CLONE]})
    start(s, ("step", 2))
    assert (s.damage[unit(s, KAMINOAN)], s.damage[unit(s, GUARD)], s.damage[unit(s, CLONE)]) == (1, 1, 0)


def test_death_star_control_room_gives_space_units_accuracy() -> None:
    """Death Star Control Room (RAS.txt): each of your Space units gets Accuracy 1 (the TIE
    Fighter's own 1 makes 2); not the opponent's."""
    s = position(dark={"arena": [TIE], "locations": ["Death Star Control Room"]}, light={"arena": [ESCORT]})
    assert keyword(s, unit(s, TIE), "accuracy") == 2 and keyword(s, unit(s, ESCORT), "accuracy") == 1


def test_kessel_system_lets_each_character_tap_for_a_build_point() -> None:
    """Kessel System (RAS.txt): each of your Characters gets 'tap -> 1 build point' in your
    build step; without it, no such ability."""
    s = position(dark={"arena": [KAMINOAN], "locations": ["Kessel System"]})
    start(s, ("?build", DARK))
    act(s, f"use {c(s, KAMINOAN)} {given_no(s, unit(s, KAMINOAN))}")
    assert s.bp[DARK] == 1 and s.tapped[unit(s, KAMINOAN)]
    s = position(dark={"arena": [KAMINOAN]})
    assert abilities_of(s, unit(s, KAMINOAN)) == s.d(unit(s, KAMINOAN)).abilities


def test_luke_s_garage_lets_characters_repair_a_vehicle() -> None:
    """Luke's Garage (RAS.txt): each of your Characters gets 'tap -> remove up to 3 damage
    counters from a Space or Ground unit' in the build step."""
    s = position(light={"arena": [GUARD, CLONE], "locations": ["Luke's Garage"]})
    s.damage[unit(s, CLONE)] = 3
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, GUARD)} 1")
    assert texts(s) == [f"choose {c(s, CLONE)}"]
    act(s, f"choose {c(s, CLONE)}")
    assert s.damage[unit(s, CLONE)] == 0


def test_lukes_garage_is_named_for_the_card_test_check() -> None:
    """Luke's Garage (RAS.txt): the ability is one the Characters have, not the Space units."""
    s = position(light={"arena": [ESCORT], "locations": ["Luke's Garage"]})
    assert abilities_of(s, unit(s, ESCORT)) == bundled_abilities()[ESCORT]


def test_ord_mantell_system_makes_bounty_hunters_cheaper() -> None:
    """Ord Mantell System (RAS.txt): each of your Bounty Hunters costs 1 fewer: Zutton (cost 4)
    with 3 counters may deploy; without the Location it may not."""
    def deployable(locations: list[str]) -> bool:
        s = position(dark={"build": [("Zutton (A)", 3)], "locations": locations})
        start(s, ("?build", DARK))
        return f"deploy {c(s, 'Zutton (A)')}" in texts(s)

    assert deployable(["Ord Mantell System"]) and not deployable([])


def test_streets_of_tatooine_lets_neutral_units_retreat_for_one_force() -> None:
    """Streets of Tatooine (RAS.txt): your Neutral Ground units and Characters get 'pay 1 ->
    retreat this unit' when no unit attacks; a Light Side unit does not."""
    s = position(light={"arena": [KAMINOAN, CLONE], "locations": ["Streets of Tatooine"]}, force=(0, 1))
    k = unit(s, KAMINOAN)
    assert len(abilities_of(s, k)) == given_no(s, k)
    assert abilities_of(s, unit(s, CLONE)) == s.d(unit(s, CLONE)).abilities
    start(s, ("step", 2))
    pass_until(s, "?pop")
    while f"use {c(s, KAMINOAN)} {given_no(s, k)}" not in texts(s):
        act(s, "pass")
    act(s, f"use {c(s, KAMINOAN)} {given_no(s, k)}")
    assert s.zone[unit(s, KAMINOAN)] == BUILD and s.force[LIGHT] == 0


def test_tatooine_desert_cheapens_tatooine_units_and_slows_others() -> None:
    """Tatooine Desert (RAS.txt): each Tatooine unit costs 1 fewer to deploy; each non-Tatooine
    Ground unit (either side's) gets -20 speed; a Tatooine one does not."""
    s = position(dark={"arena": [BDS, "Bantha Herd"], "locations": ["Tatooine Desert"]}, light={"arena": [CLONE]})
    assert (s.speed(unit(s, BDS)), s.speed(unit(s, CLONE)), s.speed(unit(s, "Bantha Herd"))) == (-10, 20, 20)
    s = position(dark={"build": [("Bantha Herd", 2)], "locations": ["Tatooine Desert"]})
    start(s, ("?build", DARK))
    assert f"deploy {c(s, 'Bantha Herd')}" in texts(s)


def test_mos_eisley_cantina_waives_one_characters_upkeep() -> None:
    """Mos Eisley Cantina (RAS.txt): at the start of your build step you choose one of your
    Characters; its Upkeep is not paid this turn (Dengar takes no counter); without the Cantina
    he takes one."""
    s = position(dark={"arena": ["Dengar (A)"], "locations": ["Mos Eisley Cantina"]})
    start(s, ("build_step", DARK))
    act(s, f"choose {c(s, 'Dengar (A)')}")
    assert s.damage[unit(s, "Dengar (A)")] == 0
    s = position(dark={"arena": ["Dengar (A)"]})
    start(s, ("build_step", DARK))
    assert s.damage[unit(s, "Dengar (A)")] == 1


# ---- Missions and Battle cards --------------------------------------------------------------
def test_call_for_hunters_taps_a_character_and_finds_bounty_hunters() -> None:
    """Call for Hunters (RAS.txt): tap one of your untapped Characters, then take up to 4
    Bounty Hunters from the deck; a non-Bounty Hunter is not offered."""
    s = mission(DARK, "Call for Hunters", mine={"arena": [KAMINOAN],
                                                "deck": ["Zutton (A)", "Greedo (B)", "Garindan (A)"]})
    start(s, ("?build", DARK))
    act(s, f"complete {c(s, 'Call for Hunters')}")
    act(s, f"choose {c(s, KAMINOAN)}")
    assert s.tapped[unit(s, KAMINOAN)]
    assert f"choose {c(s, 'Garindan (A)')}" not in texts(s)
    act(s, f"choose {c(s, 'Zutton (A)')}")
    act(s, f"choose {c(s, 'Greedo (B)')}")
    run_out(s)
    assert sorted(names(s, s.hand[DARK])) == ["Greedo (B)", "Zutton (A)"]


def test_call_for_hunters_needs_an_untapped_character() -> None:
    """Call for Hunters (RAS.txt): with no untapped Character it can't be completed."""
    s = mission(DARK, "Call for Hunters", mine={"arena": [KAMINOAN]})
    s.tapped[unit(s, KAMINOAN)] = True
    start(s, ("?build", DARK))
    assert f"complete {c(s, 'Call for Hunters')}" not in texts(s)


def test_lando_system_finds_a_location() -> None:
    """Lando System? (RAS.txt): search your deck for a Location, into your hand."""
    s = mission(LIGHT, "Lando System?", mine={"deck": [GUARD, "Luke's Garage"]})
    start(s, ("?build", LIGHT))
    act(s, f"complete {c(s, 'Lando System?')}")
    assert texts(s) == [f"choose {c(s, 'Luke' + chr(39) + 's Garage')}", "pass"]


def test_yodas_lesson_draws_two_and_three_when_discarded_by_the_opponent() -> None:
    """Yoda's Lesson (RAS.txt): pay 4 -> draw 2; discarded from hand by an opponent's effect,
    its owner may draw 3."""
    s = position(light={"hand": ["Yoda's Lesson"], "deck": [GUARD, CLONE, KAMINOAN]}, force=(0, 4))
    start(s, ("step", 2))
    pass_until(s, "?pop")
    while f"play {c(s, 'Yoda' + chr(39) + 's Lesson')}" not in texts(s):
        act(s, "pass")
    act(s, f"play {c(s, 'Yoda' + chr(39) + 's Lesson')}")
    assert len(s.hand[LIGHT]) == 2 and s.force[LIGHT] == 0
    s = position(dark={"arena": ["Muftak (A)"]}, light={"hand": ["Yoda's Lesson"],
                                                       "deck": [GUARD, CLONE, KAMINOAN]})
    start(s, ("step", 2))
    pass_until(s, "?attack")
    act(s, f"use {c(s, 'Muftak (A)')} 1")
    act(s, f"choose {c(s, 'Yoda' + chr(39) + 's Lesson')}")
    act(s, "yes")
    assert len(s.hand[LIGHT]) == 3


def test_no_good_to_me_dead_stops_the_opponents_bounties_this_turn() -> None:
    """No Good to Me Dead (RAS.txt): the opponent's units receive no Bounty this turn."""
    s = position(dark={"arena": ["Boba Fett (C)"]}, light={"arena": [GUARD], "hand": ["No Good to Me Dead"]})
    s.effects.append(("no_bounty", DARK))      # what playing it records
    kill(s, "Boba Fett (C)", GUARD, [5, 5, 1, 1, 1, 1])
    collect(s)
    assert s.bp[DARK] == 0
    s = position(light={"hand": ["No Good to Me Dead"]})
    start(s, ("step", 2))
    pass_until(s, "?pop")
    while f"play {c(s, 'No Good to Me Dead')}" not in texts(s):
        act(s, "pass")
    act(s, f"play {c(s, 'No Good to Me Dead')}")
    assert ("no_bounty", DARK) in s.effects


# ---- Characters -----------------------------------------------------------------------------
def test_admiral_firmus_piett_c_gives_space_units_intercept_and_retreats() -> None:
    """Admiral Firmus Piett (C) (RAS.txt): your Space units get 'pay 0 -> Intercept'; pay 1 ->
    retreat him when no unit attacks, only with a Dark Jedi of yours in an arena."""
    s = position(dark={"arena": ["Admiral Firmus Piett (C)", TIE]})
    assert [a.timing for a in abilities_of(s, unit(s, TIE))][-1:] == ["intercept"]
    s = position(dark={"arena": [TIE]})
    assert not any(a.timing == "intercept" for a in abilities_of(s, unit(s, TIE)))
    s = position(dark={"arena": ["Admiral Firmus Piett (C)", "Darth Vader (M)"]}, force=(1, 0))
    start(s, ("step", 2))
    pass_until(s, "?pop")
    act(s, f"use {c(s, 'Admiral Firmus Piett (C)')} 2")
    assert s.zone[unit(s, "Admiral Firmus Piett (C)")] == BUILD
    s = position(dark={"arena": ["Admiral Firmus Piett (C)"]}, force=(1, 0))
    start(s, ("step", 2))
    assert not offered(s, f"use {c(s, 'Admiral Firmus Piett (C)')} 2")


def test_boba_fett_g_drains_force_by_damage_and_collects_a_build_point() -> None:
    """Boba Fett (G) (RAS.txt): the opponent loses 1 Force per damage he places (after the
    counters: ruling); Bounty 1 build point; Upkeep 1 build point or tap."""
    s = position(dark={"arena": ["Boba Fett (G)"]}, light={"arena": [GUARD, KAMINOAN]}, force=(0, 5))
    hits_with(s, unit(s, "Boba Fett (G)"), unit(s, KAMINOAN), [5, 5, 1, 1, 1, 1, 1])
    assert s.force[LIGHT] == 3
    kill(s, "Boba Fett (G)", GUARD, [5, 5, 1, 1, 1, 1, 1])
    assert s.force[LIGHT] == 1       # 2 damage placed on the 2-health Guard
    collect(s)
    assert s.bp[DARK] == 1 and s.tasks[-1][0] == "?option"   # 1 collected, then Upkeep asks
    act(s, "choose option 1")
    assert s.bp[DARK] == 0 and not s.tapped[unit(s, "Boba Fett (G)")]


def test_bossk_a_bounty_clears_the_victims_name_from_the_deck() -> None:
    """Bossk (A) (RAS.txt): Bounty: every card with the name of the unit he destroyed goes from
    the opponent's deck to their discard pile; other cards stay."""
    s = position(dark={"arena": ["Bossk (A)"]}, light={"arena": ["Luke Skywalker (L)"], "deck": [
        "Luke's X-Wing (D)", "Luke Skywalker (L)", CLONE, "Luke Skywalker (L)"]})
    kill(s, "Bossk (A)", "Luke Skywalker (L)", [5, 5, 5, 5, 5, 1, 1, 1])
    s.tapped[unit(s, "Bossk (A)")] = True
    collect(s)
    assert sorted(names(s, s.deck[LIGHT])) == [CLONE, "Luke's X-Wing (D)"]


def test_dengar_a_takes_a_counter_each_build_step_and_heals_with_a_bounty() -> None:
    """Dengar (A) (RAS.txt): Upkeep: 1 damage counter on him; Bounty: remove all his damage."""
    s = position(dark={"arena": ["Dengar (A)"]}, light={"arena": [GUARD]})
    s.damage[unit(s, "Dengar (A)")] = 3
    kill(s, "Dengar (A)", GUARD, [5, 5, 1, 1, 1, 1, 1])
    collect(s)
    assert s.damage[unit(s, "Dengar (A)")] == 1     # healed, then the Upkeep's counter


def test_doctor_evazan_a_shoots_a_cheap_character_of_either_side() -> None:
    """Doctor Evazan (A) (RAS.txt): tap instead of attacking: 4 dice at an untapped Character
    of total build cost 4 or less (either side's: ruling); a costlier one is not offered."""
    s = position(dark={"arena": ["Doctor Evazan (A)", KAMINOAN, "Sleen"]}, light={"arena": [GUARD, "Bossk (A)"]})
    s.tapped[unit(s, KAMINOAN)] = True
    start(s, ("step", 2))
    pass_until(s, "?attack")
    act(s, f"use {c(s, 'Doctor Evazan (A)')} 1")
    assert sorted(texts(s)) == sorted([f"choose {c(s, GUARD)}", f"choose {c(s, 'Sleen')}"])
    act(s, f"choose {c(s, GUARD)}")
    assert any(x.startswith(f"4 dice of damage at {GUARD}") for x in s.log)


def test_guri_a_bounty_gives_a_character_an_untap() -> None:
    """Guri (A) (RAS.txt): Bounty: one of your Characters gets 'pay 2 -> untap' this turn."""
    s = position(dark={"arena": ["Guri (A)"]}, light={"arena": [GUARD]}, force=(2, 0))
    kill(s, "Guri (A)", GUARD, [5, 5, 1, 1, 1, 1, 1, 1])
    s.tapped[unit(s, "Guri (A)")] = True
    collect(s)
    act(s, f"choose {c(s, 'Guri (A)')}")
    assert len(abilities_of(s, unit(s, "Guri (A)"))) == 4


def test_ig_88_a_taps_a_droid_for_upkeep_and_draws_three() -> None:
    """IG-88 (A) (RAS.txt): Upkeep: tap one of your untapped Droids (he is one himself);
    Bounty: draw 3."""
    s2 = position(dark={"arena": ["IG-88 (A)", BDS], "deck": [GUARD, CLONE, KAMINOAN]})
    start(s2, ("build_step", DARK))
    assert sorted(texts(s2)) == sorted([f"choose {c(s2, 'IG-88 (A)')}", f"choose {c(s2, BDS)}"])
    act(s2, f"choose {c(s2, BDS)}")
    assert s2.tapped[unit(s2, BDS)] and not s2.tapped[unit(s2, "IG-88 (A)")]
    s = position(dark={"arena": ["IG-88 (A)"], "deck": [BDS, CLONE, KAMINOAN]}, light={"arena": [GUARD]})
    kill(s, "IG-88 (A)", GUARD, [5, 5, 1, 1, 1])
    collect(s)
    assert len(s.hand[DARK]) == 3


def test_lobot_b_is_a_droid_and_builds_a_bespin_unit() -> None:
    """Lobot (B) (RAS.txt): he counts as a Droid; deployed, a Bespin unit from the deck goes
    into the build zone with 2 counters."""
    s = position(light={"build": [("Lobot (B)", 6)], "deck": [GUARD, "Bespin Patrol Cloud Car"]})
    s.phase = COMMAND
    start(s, ("?build", LIGHT))
    act(s, f"deploy {c(s, 'Lobot (B)')}")
    act(s, f"choose {c(s, 'Bespin Patrol Cloud Car')}")
    car = unit(s, "Bespin Patrol Cloud Car")
    assert s.zone[car] == BUILD and s.counters[car] == 2
    assert s.select(F.Sel(subtypes=("Droid",)), LIGHT) == [unit(s, "Lobot (B)")]


def test_mara_jade_b_collects_four_force_and_pays_upkeep_in_force() -> None:
    """Mara Jade (B) (RAS.txt): a Dark Jedi too; Upkeep 1 Force or tap; Bounty 4 Force;
    Deflect 1 for 1."""
    s = position(dark={"arena": ["Mara Jade (B)"]}, light={"arena": [GUARD]}, force=(1, 0))
    kill(s, "Mara Jade (B)", GUARD, [5, 5, 1, 1, 1])
    collect(s)
    act(s, "choose option 1")
    assert s.force[DARK] == 4 and not s.tapped[unit(s, "Mara Jade (B)")]
    assert s.select(F.Sel(subtypes=("Dark Jedi",)), DARK) == [unit(s, "Mara Jade (B)")]


def test_prince_xizor_a_waives_and_boosts_other_neutral_upkeep_units() -> None:
    """Prince Xizor (A) (RAS.txt): your other Neutral units skip their Upkeep, and those with
    Upkeep get +10 speed and +1 power (Dengar: 60/8); a Neutral unit without Upkeep (Kaminoan
    Guard) gets nothing; Xizor pays his own (3 build points here)."""
    s = position(dark={"arena": ["Prince Xizor (A)", "Dengar (A)", KAMINOAN]})
    d = unit(s, "Dengar (A)")
    assert (s.speed(d), s.power(d), s.power(unit(s, KAMINOAN))) == (60, 8, 3)
    s.bp[DARK] = 3
    start(s, ("build_step", DARK))
    act(s, "choose option 1")
    assert s.damage[d] == 0 and s.bp[DARK] == 0


def test_princess_leia_i_gives_accuracy_build_points_and_waives_smuggler_upkeep() -> None:
    """Princess Leia (I) (RAS.txt): tap -> your Characters get Accuracy 1 for the turn (ruling);
    tap -> 2 build points; your Smugglers don't pay Upkeep."""
    s = position(light={"arena": ["Princess Leia (I)", GUARD]})
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Princess Leia (I)')} 1")
    assert keyword(s, unit(s, GUARD), "accuracy") == 1
    s = position(light={"arena": ["Princess Leia (I)"]})
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Princess Leia (I)')} 2")
    assert s.bp[LIGHT] == 2
    s = position(light={"arena": ["Princess Leia (I)", "Dash Rendar (A)"]})
    start(s, ("build_step", LIGHT))
    assert not s.tapped[unit(s, "Dash Rendar (A)")] and s.tasks[-1][0] == "?build"


def test_zuckuss_a_mills_five_for_a_bounty() -> None:
    """Zuckuss (A) (RAS.txt): Bounty: the top 5 cards of the opponent's deck go to the discard
    pile (of 6, one stays)."""
    s = position(dark={"arena": ["Zuckuss (A)"]}, light={"arena": [GUARD], "deck": [CLONE] * 6})
    kill(s, "Zuckuss (A)", GUARD, [5, 5, 1, 1])
    s.tapped[unit(s, "Zuckuss (A)")] = True
    collect(s)
    assert len(s.deck[LIGHT]) == 1 and len(s.discard[LIGHT]) == 6


def test_4_lom_a_bounty_heals_one_of_your_units() -> None:
    """4-LOM (A) (RAS.txt): Bounty: remove all damage counters from one of your units."""
    s = position(dark={"arena": ["4-LOM (A)", KAMINOAN]}, light={"arena": [GUARD]})
    s.damage[unit(s, KAMINOAN)] = 2
    kill(s, "4-LOM (A)", GUARD, [5, 5])
    s.tapped[unit(s, "4-LOM (A)")] = True
    collect(s)
    act(s, f"choose {c(s, KAMINOAN)}")
    assert s.damage[unit(s, KAMINOAN)] == 0


def test_chewbacca_h_retaliates_with_his_power_and_intercepts() -> None:
    """Chewbacca (H) (RAS.txt): pay 0 -> Retaliate X, X his power (5 dice); pay 3 -> Intercept."""
    s = position(dark={"arena": [KAMINOAN]}, light={"arena": ["Chewbacca (H)", GUARD]}, force=(0, 3))
    s.tapped[unit(s, "Chewbacca (H)")] = s.tapped[unit(s, GUARD)] = True
    in_attack_window(s, KAMINOAN, "Chewbacca (H)", 2)
    while f"use {c(s, 'Chewbacca (H)')} 1" not in texts(s):
        act(s, "pass")
    act(s, f"use {c(s, 'Chewbacca (H)')} 1")
    finish_attack(s)
    assert any(x.startswith(f"5 dice of damage at {KAMINOAN}") for x in s.log)
    s = position(dark={"arena": [KAMINOAN]}, light={"arena": ["Chewbacca (H)", GUARD]}, force=(0, 3))
    s.tapped[unit(s, "Chewbacca (H)")] = s.tapped[unit(s, GUARD)] = True
    in_attack_window(s, KAMINOAN, GUARD, 2)
    while f"use {c(s, 'Chewbacca (H)')} 2" not in texts(s):
        act(s, "pass")
    act(s, f"use {c(s, 'Chewbacca (H)')} 2")
    assert s.atk is not None and s.atk[1] == unit(s, "Chewbacca (H)") and s.force[LIGHT] == 0


def test_darth_vader_m_gives_every_unit_a_force_bounty_and_cheapens_hunters() -> None:
    """Darth Vader (M) (RAS.txt): each of your units gets 'Bounty: gain 1 Force' (Boba Fett (C)
    then collects 2 build points and 1 Force); your Bounty Hunters cost 1 fewer; Evade 2."""
    s = position(dark={"arena": ["Darth Vader (M)", "Boba Fett (C)"]}, light={"arena": [GUARD]})
    kill(s, "Boba Fett (C)", GUARD, [5, 5, 1, 1, 1, 1])
    collect(s)
    assert (s.bp[DARK], s.force[DARK]) == (2, 1)
    s = position(dark={"arena": ["Darth Vader (M)"], "build": [("Zutton (A)", 3)]})
    start(s, ("?build", DARK))
    assert f"deploy {c(s, 'Zutton (A)')}" in texts(s)


def test_garindan_a_bounty_makes_the_opponent_discard_a_card_you_pick() -> None:
    """Garindan (A) (RAS.txt): Bounty: look at the opponent's hand; they discard a card you pick."""
    s = position(dark={"arena": ["Garindan (A)"]}, light={"arena": [GUARD], "hand": [CLONE, KAMINOAN]})
    kill(s, "Garindan (A)", GUARD, [5, 5, 1])
    s.tapped[unit(s, "Garindan (A)")] = True
    collect(s)
    act(s, f"choose {c(s, CLONE)}")
    assert names(s, s.hand[LIGHT]) == [KAMINOAN]


def test_greedo_b_has_a_dice_penalty_and_draws_two() -> None:
    """Greedo (B) (RAS.txt): Accuracy -1 (each die 1 lower: 5s hit, 4s don't, on a 2-health
    Guard 2 hits of [5, 5, 4, 4, 1]); Bounty: draw 2."""
    s = position(dark={"arena": ["Greedo (B)"], "deck": [CLONE, KAMINOAN]}, light={"arena": [GUARD]})
    assert hits_with(s, unit(s, "Greedo (B)"), unit(s, GUARD), [5, 4, 4, 4, 1]) == 1
    s = position(dark={"arena": ["Greedo (B)"], "deck": [CLONE, KAMINOAN]}, light={"arena": [GUARD]})
    kill(s, "Greedo (B)", GUARD, [5, 5, 4, 4, 1])
    s.tapped[unit(s, "Greedo (B)")] = True
    collect(s)
    assert len(s.hand[DARK]) == 2


def test_lando_calrissian_e_builds_a_bespin_unit_from_hand() -> None:
    """Lando Calrissian (E) (RAS.txt): tap in your build step: a Bespin unit from hand goes face
    down into the build zone with 4 counters; a non-Bespin card is not offered."""
    s = position(dark={"arena": ["Lando Calrissian (E)"], "hand": ["Bespin Cloud Car Squad", GUARD]})
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'Lando Calrissian (E)')} 2")
    assert f"choose {c(s, GUARD)}" not in texts(s)
    act(s, f"choose {c(s, 'Bespin Cloud Car Squad')}")
    car = unit(s, "Bespin Cloud Car Squad")
    assert s.zone[car] == BUILD and s.counters[car] == 4


def test_luke_skywalker_l_grows_with_other_unique_characters() -> None:
    """Luke Skywalker (L) (RAS.txt): +2 power for each other unique Character of yours (Chewbacca
    (H): 7); a non-unique one adds nothing."""
    s = position(light={"arena": ["Luke Skywalker (L)", "Chewbacca (H)", GUARD]})
    assert s.power(unit(s, "Luke Skywalker (L)")) == 7


def test_e_3po_a_makes_the_opponent_discard_when_it_damages() -> None:
    """E-3PO (A) (RAS.txt): whenever it damages an opponent's unit, the opponent discards 1."""
    s = position(dark={"arena": ["E-3PO (A)"]}, light={"arena": [KAMINOAN], "hand": [CLONE]})
    hits_with(s, unit(s, "E-3PO (A)"), unit(s, KAMINOAN), [5, 1])
    act(s, f"choose {c(s, CLONE)}")
    assert s.hand[LIGHT] == [] and names(s, s.discard[LIGHT]) == [CLONE]


def test_boba_fett_c_collects_two_build_points() -> None:
    """Boba Fett (C) (RAS.txt): Bounty: 2 build points (the Preview printing plays the same)."""
    s = position(dark={"arena": ["Boba Fett (C) (Preview)"]}, light={"arena": [GUARD]})
    kill(s, "Boba Fett (C) (Preview)", GUARD, [5, 5, 1, 1, 1, 1])
    collect(s)
    assert s.bp[DARK] == 2


def test_boba_fett_d_bounty_taps_an_opponents_character() -> None:
    """Boba Fett (D) (RAS.txt): Bounty: tap one of the opponent's untapped Characters."""
    s = position(dark={"arena": ["Boba Fett (D)"]}, light={"arena": [GUARD, KAMINOAN]})
    kill(s, "Boba Fett (D)", GUARD, [5, 5, 1, 1, 1])
    s.tapped[unit(s, "Boba Fett (D)")] = True
    collect(s)
    assert texts(s) == [f"choose {c(s, KAMINOAN)}"]
    act(s, f"choose {c(s, KAMINOAN)}")
    assert s.tapped[unit(s, KAMINOAN)]


def test_boba_fett_e_slows_the_opponents_bounty_hunters() -> None:
    """Boba Fett (E) (RAS.txt): each of the opponent's Bounty Hunters gets -20 speed; yours not."""
    s = position(dark={"arena": ["Boba Fett (E)", "Zutton (A)"]}, light={"arena": ["Greedo (B)"]})
    assert (s.speed(unit(s, "Greedo (B)")), s.speed(unit(s, "Zutton (A)"))) == (10, 20)


def test_dash_rendar_a_pilots_a_transport_with_accuracy_and_evade() -> None:
    """Dash Rendar (A) (RAS.txt): as a pilot of a Transport it gives Accuracy 1 and 'pay 0 ->
    Evade 1' (the Outrider: Accuracy 2)."""
    s = position(light={"arena": ["Dash Rendar (A)", "Millennium Falcon (H)"]})
    start(s, ("?build", LIGHT))
    act(s, f"pilot {c(s, 'Dash Rendar (A)')} > {c(s, 'Millennium Falcon (H)')}")
    falcon = unit(s, "Millennium Falcon (H)")
    assert keyword(s, falcon, "accuracy") == 1
    assert any(a.evade for a in abilities_of(s, falcon))


def test_kyle_katarn_a_is_a_jedi_padawan_with_a_force_bounty() -> None:
    """Kyle Katarn (A) (RAS.txt): a Jedi Padawan too; Bounty: gain 2 Force."""
    s = position(light={"arena": ["Kyle Katarn (A)"]}, dark={"arena": [KAMINOAN]})
    kill(s, "Kyle Katarn (A)", KAMINOAN, [5, 5, 5, 1, 1, 1])
    s.tapped[unit(s, "Kyle Katarn (A)")] = True
    collect(s, LIGHT)
    assert s.force[LIGHT] == 1      # 2 collected, then 1 paid for his Upkeep (he is tapped)
    assert s.select(F.Sel(subtypes=("Jedi Padawan",)), LIGHT) == [unit(s, "Kyle Katarn (A)")]


def test_leebo_a_repairs_a_vehicle() -> None:
    """Leebo (A) (RAS.txt): tap in the build step: remove up to 3 damage from a Space or Ground
    unit (of 4, 1 stays)."""
    s = position(dark={"arena": ["Leebo (A)", BDS]})
    s.damage[unit(s, BDS)] = 2
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'Leebo (A)')} 2")
    act(s, f"choose {c(s, BDS)}")
    assert s.damage[unit(s, BDS)] == 0


def test_muftak_a_makes_the_opponent_discard_instead_of_attacking() -> None:
    """Muftak (A) (RAS.txt): tap instead of attacking: the opponent discards a card of their
    choice."""
    s = position(dark={"arena": ["Muftak (A)"]}, light={"hand": [CLONE, GUARD]})
    start(s, ("step", 2))
    pass_until(s, "?attack")
    act(s, f"use {c(s, 'Muftak (A)')} 1")
    act(s, f"choose {c(s, GUARD)}")
    assert names(s, s.hand[LIGHT]) == [CLONE]


def test_sleen_mills_one_and_mills_by_force_when_discarded() -> None:
    """Sleen (RAS.txt): tap in the build step: the opponent's top card goes to the discard
    pile; discarded, the top X go, X its owner's Force (3)."""
    s = position(dark={"arena": ["Sleen"]}, light={"deck": [CLONE] * 5}, force=(3, 0))
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'Sleen')} 1")
    assert len(s.deck[LIGHT]) == 4
    s.tasks = []
    start(s, ("damage", unit(s, "Sleen"), 2, -1, 0))
    run_out(s)
    assert len(s.deck[LIGHT]) == 1


def test_zutton_a_draws_two() -> None:
    """Zutton (A) (RAS.txt): tap in the build step: draw 2; Upkeep: discard 1 or tap."""
    s = position(dark={"arena": ["Zutton (A)"], "deck": [CLONE, GUARD]})
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'Zutton (A)')} 2")
    assert len(s.hand[DARK]) == 2


def test_tusken_warrior_damage_cant_be_prevented() -> None:
    """Tusken Warrior (RAS.txt): damage from its attack can't be prevented (Unpreventable)."""
    s = position(dark={"arena": ["Tusken Warrior"]})
    assert keyword(s, unit(s, "Tusken Warrior"), "unpreventable") == 1


# ---- Ground units ---------------------------------------------------------------------------
def test_dune_sea_krayt_dragon_untaps_only_while_attacked() -> None:
    """Dune Sea Krayt Dragon (RAS.txt): pay 4 -> untap it, only while it is the defender."""
    s = position(dark={"arena": [BDS]}, light={"arena": ["Dune Sea Krayt Dragon", CLONE]}, force=(0, 4))
    dragon = unit(s, "Dune Sea Krayt Dragon")
    s.tapped[dragon] = s.tapped[unit(s, CLONE)] = True
    in_attack_window(s, BDS, "Dune Sea Krayt Dragon", 1)
    while f"use {c(s, 'Dune Sea Krayt Dragon')} 1" not in texts(s):
        act(s, "pass")
    act(s, f"use {c(s, 'Dune Sea Krayt Dragon')} 1")
    assert not s.tapped[dragon] and s.force[LIGHT] == 0
    s = position(dark={"arena": [BDS]}, light={"arena": ["Dune Sea Krayt Dragon", CLONE]}, force=(0, 4))
    s.tapped[unit(s, "Dune Sea Krayt Dragon")] = s.tapped[unit(s, CLONE)] = True
    in_attack_window(s, BDS, CLONE, 1)
    for _ in range(30):
        assert not offered(s, f"use {c(s, 'Dune Sea Krayt Dragon')} 1")
        if not s.tasks or s.atk is None:
            break
        act(s, "pass")


def test_modal_nodes_a_taps_the_ground_arena() -> None:
    """Modal Nodes (A) (RAS.txt): tap and discard it instead of attacking: tap each other unit
    in the Ground arena, either side's."""
    s = position(dark={"arena": ["Modal Nodes (A)", BDS]}, light={"arena": [CLONE]})
    start(s, ("step", 1))
    pass_until(s, "?attack")
    act(s, f"use {c(s, 'Modal Nodes (A)')} 1")
    assert s.zone[unit(s, "Modal Nodes (A)")] == DISCARD
    assert s.tapped[unit(s, BDS)] and s.tapped[unit(s, CLONE)]


def test_at_at_lets_the_defender_retreat_and_cant_be_prevented() -> None:
    """AT-AT (RAS.txt): when it attacks, the opponent may have the defender retreat; its damage
    can't be prevented; Armor."""
    s = position(dark={"arena": ["AT-AT"]}, light={"arena": [CLONE]})
    in_attack_window(s, "AT-AT", CLONE, 1)
    act(s, "pay 0")
    assert s.zone[unit(s, CLONE)] == BUILD
    s = position(dark={"arena": ["AT-AT"]})
    assert keyword(s, unit(s, "AT-AT"), "unpreventable") == 1 and keyword(s, unit(s, "AT-AT"), "armor") == 1


def test_bespin_cloud_car_squad_can_be_tapped_and_weakens_with_damage() -> None:
    """Bespin Cloud Car Squad (RAS.txt): when the Ground step starts the opponent may pay 3 to
    tap it; -1 power per damage counter (2 counters: power 3)."""
    s = position(dark={"arena": ["Bespin Cloud Car Squad"]}, light={"arena": [CLONE]}, force=(0, 3))
    car = unit(s, "Bespin Cloud Car Squad")
    start(s, ("step", 1))
    act(s, "pay 3")
    assert s.tapped[car] and s.force[LIGHT] == 0
    s.damage[car] = 2
    assert s.power(car) == 3


def test_cloud_city_wing_guard_is_stronger_with_lando() -> None:
    """Cloud City Wing Guard (RAS.txt): +2 power while Lando Calrissian is in any arena; when the
    Ground step starts the opponent may pay 3 to tap it."""
    s = position(light={"arena": ["Cloud City Wing Guard", "Lando Calrissian (E)"]})
    assert s.power(unit(s, "Cloud City Wing Guard")) == 6
    s = position(light={"arena": ["Cloud City Wing Guard"]}, dark={"arena": [BDS]}, force=(3, 0))
    start(s, ("step", 1))
    act(s, "pay 3")
    assert s.power(unit(s, "Cloud City Wing Guard")) == 4 and s.tapped[unit(s, "Cloud City Wing Guard")]


def test_enraged_wampa_gets_critical_hit_against_creatures() -> None:
    """Enraged Wampa (RAS.txt): Critical Hit 2 while attacking a Creature: a 6 on a Bantha Herd
    (health 4) adds 2; on a Clone Platoon it adds nothing."""
    s = position(dark={"arena": ["Enraged Wampa"]}, light={"arena": ["Bantha Herd", CLONE]})
    assert hits_with(s, unit(s, "Enraged Wampa"), unit(s, "Bantha Herd"), [6, 1, 1, 1, 1, 1]) == 3
    s = position(dark={"arena": ["Enraged Wampa"]}, light={"arena": [CLONE]})
    assert hits_with(s, unit(s, "Enraged Wampa"), unit(s, CLONE), [6, 1, 1, 1, 1, 1]) == 1


def test_bantha_herd_is_faster_and_stronger_with_a_pilot() -> None:
    """Bantha Herd (RAS.txt): +20 speed and +2 power while it has a pilot (a stand-in pilot
    entry); without one 20/3."""
    s = position(dark={"arena": ["Bantha Herd", GUARD]})
    b = unit(s, "Bantha Herd")
    assert (s.speed(b), s.power(b)) == (20, 3)
    s.aboard[b] = [unit(s, GUARD)]
    assert (s.speed(b), s.power(b)) == (40, 5)


def test_base_guards_get_power_and_armor_with_a_ground_location() -> None:
    """Base Guards (RAS.txt): +2 power and Armor while you have a Location in the Ground arena."""
    s = position(light={"arena": ["Base Guards"], "locations": ["Streets of Tatooine"]})
    g = unit(s, "Base Guards")
    assert (s.power(g), keyword(s, g, "armor")) == (7, 1)
    s = position(light={"arena": ["Base Guards"]})
    g = unit(s, "Base Guards")
    assert (s.power(g), keyword(s, g, "armor")) == (5, 0)


def test_bespin_patrol_cloud_car_can_be_tapped_for_one_force() -> None:
    """Bespin Patrol Cloud Car (RAS.txt): when the Ground step starts the opponent may pay 1
    Force to tap it."""
    s = position(dark={"arena": ["Bespin Patrol Cloud Car"]}, light={"arena": [CLONE]}, force=(0, 1))
    start(s, ("step", 1))
    act(s, "pay 1")
    assert s.tapped[unit(s, "Bespin Patrol Cloud Car")] and s.force[LIGHT] == 0


def test_stormtrooper_detachment_hits_neutral_units_harder() -> None:
    """Stormtrooper Detachment (RAS.txt): +2 power while attacking a Neutral unit: 6 dice at the
    Kaminoan Guard, 4 at a Light unit."""
    from tests.tcg.helpers import dice_rolled

    s = position(dark={"arena": ["Stormtrooper Detachment"]}, light={"arena": [KAMINOAN, CLONE]})
    assert dice_rolled(s, unit(s, "Stormtrooper Detachment"), unit(s, KAMINOAN)) == 6
    s = position(dark={"arena": ["Stormtrooper Detachment"]}, light={"arena": [KAMINOAN, CLONE]})
    assert dice_rolled(s, unit(s, "Stormtrooper Detachment"), unit(s, CLONE)) == 4


def test_unmodified_snowspeeder_takes_a_counter_each_build_step() -> None:
    """Unmodified Snowspeeder (RAS.txt): Upkeep: 1 damage counter on it."""
    s = position(light={"arena": ["Unmodified Snowspeeder"]})
    start(s, ("build_step", LIGHT))
    assert s.damage[unit(s, "Unmodified Snowspeeder")] == 1


# ---- Space units ----------------------------------------------------------------------------
def test_ig_2000_a_chooses_speed_or_power_when_the_space_step_starts() -> None:
    """IG-2000 (A) (RAS.txt): when the Space step starts, +20 speed or +2 power for the turn."""
    s = position(dark={"arena": ["IG-2000 (A)"]}, light={"arena": [ESCORT]})
    start(s, ("step", 0))
    act(s, "choose option 2")
    ig = unit(s, "IG-2000 (A)")
    assert (s.speed(ig), s.power(ig)) == (30, 6)


def test_virago_a_mills_three_for_upkeep_and_chooses_speed() -> None:
    """Virago (A) (RAS.txt): Upkeep: the top 3 cards of your deck to the discard pile; when the
    Space step starts, +20 speed or +2 power."""
    s = position(dark={"arena": ["Virago (A)"], "deck": [CLONE] * 4})
    start(s, ("build_step", DARK))
    assert len(s.deck[DARK]) == 1 and len(s.discard[DARK]) == 3
    s = position(dark={"arena": ["Virago (A)"]}, light={"arena": [ESCORT]})
    start(s, ("step", 0))
    act(s, "choose option 1")
    assert s.speed(unit(s, "Virago (A)")) == 90


def test_mist_hunter_a_gets_accuracy_against_damaged_units() -> None:
    """Mist Hunter (A) (RAS.txt): Accuracy 1 while attacking a damaged unit: 3s hit a damaged
    Escort, not an undamaged one."""
    s = position(dark={"arena": ["Mist Hunter (A)"]}, light={"arena": ["Millennium Falcon (H)"]})
    f = unit(s, "Millennium Falcon (H)")
    assert hits_with(s, unit(s, "Mist Hunter (A)"), f, [3, 3, 1, 1, 1]) == 0
    s.tasks = []
    s.damage[f] = 1
    assert hits_with(s, unit(s, "Mist Hunter (A)"), f, [4, 3, 3, 1, 1]) == 3


def test_slave_i_e_lets_bounty_hunters_retreat_for_two() -> None:
    """Slave I (E) (RAS.txt): each of your Bounty Hunters gets 'pay 2 -> retreat this unit'."""
    s = position(dark={"arena": ["Slave I (E)", "Zutton (A)", KAMINOAN]})
    z, k = unit(s, "Zutton (A)"), unit(s, KAMINOAN)
    assert len(abilities_of(s, z)) == given_no(s, z) and abilities_of(s, k) == s.d(k).abilities


def test_slave_i_d_attacks_space_units_in_the_build_zone() -> None:
    """Slave I (D) (RAS.txt): it may attack the opponent's retreated Space units."""
    s = position(dark={"arena": ["Slave I (D)"]}, light={"retreated": [ESCORT, CLONE]})
    start(s, ("step", 0))
    pass_until(s, "?attack")
    assert f"attack {c(s, 'Slave I (D)')} > {c(s, ESCORT)}" in texts(s)
    assert f"attack {c(s, 'Slave I (D)')} > {c(s, CLONE)}" not in texts(s)


def test_millennium_falcon_h_gives_three_build_points_next_turn() -> None:
    """Millennium Falcon (H) (RAS.txt): discarded from the Space arena, 3 extra build points next
    turn (not this one)."""
    s = position(light={"arena": ["Millennium Falcon (H)"]})
    start(s, ("damage", unit(s, "Millennium Falcon (H)"), 5, -1, 0))
    run_out(s)
    assert s.bp[LIGHT] == 0
    s.turn += 1
    s.tasks = [("command",)]
    F.run(s)
    assert s.bp[LIGHT] - s.bp[DARK] == 3


def test_punishing_one_a_pays_upkeep() -> None:
    """Punishing One (A) (RAS.txt): Upkeep 1 build point or tap."""
    s = upkeep({"arena": ["Punishing One (A)"]}, bp=1)
    act(s, "choose option 1")
    assert s.bp[DARK] == 0 and not s.tapped[unit(s, "Punishing One (A)")]


def test_outrider_a_pays_upkeep_by_discarding() -> None:
    """Outrider (A) (RAS.txt): Upkeep: 1 build point, discard 1 or tap."""
    s = upkeep({"arena": ["Outrider (A)"], "hand": [CLONE]})
    act(s, "choose option 1")
    act(s, f"choose {c(s, CLONE)}")
    assert names(s, s.discard[DARK]) == [CLONE]


def test_star_destroyer_ras_retaliates_only_with_darth_vader() -> None:
    """Star Destroyer RAS (RAS.txt): while Darth Vader is in any arena it has 'pay 1 ->
    Retaliate 3'."""
    s = position(dark={"arena": ["Star Destroyer RAS", "Darth Vader (M)"]})
    assert any(a.timing == "retaliate" for a in abilities_of(s, unit(s, "Star Destroyer RAS")))
    s = position(dark={"arena": ["Star Destroyer RAS"]})
    assert not any(a.timing == "retaliate" for a in abilities_of(s, unit(s, "Star Destroyer RAS")))


def test_tie_fighter_gives_a_build_point_next_turn() -> None:
    """TIE Fighter (RAS.txt): discarded from the Space arena, 1 extra build point next turn."""
    s = position(dark={"arena": [TIE]})
    start(s, ("damage", unit(s, TIE), 1, -1, 0))
    run_out(s)
    s.turn += 1
    s.tasks = [("command",)]
    F.run(s)
    assert s.bp[DARK] - s.bp[LIGHT] == 1


def test_x_wing_escort_is_stronger_with_another_starfighter() -> None:
    """X-Wing Escort (RAS.txt): +2 power with another Starfighter of yours in the Space arena."""
    s = position(light={"arena": [ESCORT, "Millennium Falcon (H)"]})
    assert s.power(unit(s, ESCORT)) == 2
    s = position(light={"arena": [ESCORT, ESCORT]})
    assert s.power(unit(s, ESCORT)) == 4


def test_every_ras_ability_renders_in_words() -> None:
    """The set's abilities all render (cardtext)."""
    from dejarik.core.files import read_yaml
    from dejarik.tcg.abilities import DATA, PackError, parse_abilities

    _, cards = parse_abilities(read_yaml(DATA / "RAS.yaml", PackError), "RAS.yaml")
    assert len(cards) > 70
    for abilities in cards.values():
        for ab in abilities:
            assert ability_text(ab)


def test_ig_2000_a_takes_only_droid_pilots() -> None:
    """IG-2000 (A) (RAS.txt): it can be piloted only by Droids: R2-D2 (D) may board it, the Rebel
    Pilot may not."""
    s = position(light={"arena": ["IG-2000 (A)", "Rebel Pilot", "R2-D2 (D)"]})
    start(s, ("?build", LIGHT))
    ig = c(s, "IG-2000 (A)")
    assert f"pilot {c(s, 'R2-D2 (D)')} > {ig}" in texts(s)
    assert f"pilot {c(s, 'Rebel Pilot')} > {ig}" not in texts(s)


def test_mist_hunter_a_takes_only_droid_or_bounty_hunter_pilots() -> None:
    """Mist Hunter (A) (RAS.txt): piloted only by Droids and Bounty Hunters: the Imperial Navy
    Lieutenant may board the Outrider (A), not the Mist Hunter."""
    s = position(dark={"arena": ["Mist Hunter (A)", "Outrider (A)", "Imperial Navy Lieutenant"]})
    start(s, ("?build", DARK))
    lt = c(s, "Imperial Navy Lieutenant")
    assert f"pilot {lt} > {c(s, 'Outrider (A)')}" in texts(s)
    assert f"pilot {lt} > {c(s, 'Mist Hunter (A)')}" not in texts(s)


def test_dantooine_system_shields_the_tapped_units() -> None:
    """Dantooine System (RAS.txt): discard it: your units tapped now can't be attacked this
    turn, even untapped later (ruling); an untapped one can."""
    s = position(light={"arena": [CLONE, "Base Guards"], "locations": ["Dantooine System"]},
                 dark={"arena": [BDS]})
    s.tapped[unit(s, CLONE)] = True
    start(s, ("step", 1))
    pass_until(s, "?pop")
    while f"use {c(s, 'Dantooine System')} 1" not in texts(s):
        act(s, "pass")
    act(s, f"use {c(s, 'Dantooine System')} 1")
    s.tapped[unit(s, CLONE)] = False
    pass_until(s, "?attack")
    while s.tasks[-1][1] == LIGHT:               # the Light Side's faster units wait
        act(s, next(m for m in texts(s) if m.startswith("hold")))
        pass_until(s, "?attack")
    moves = texts(s)
    assert f"attack {c(s, BDS)} > {c(s, CLONE)}" not in moves
    assert f"attack {c(s, BDS)} > {c(s, 'Base Guards')}" in moves
    assert s.zone[unit(s, "Dantooine System")] == DISCARD


def test_falcons_needs_gives_an_opponents_unit_an_upkeep() -> None:
    """Falcon's Needs (RAS.txt): an opponent's unit gets 'Upkeep: 2 build points or tap' for the
    rest of the game (it outlasts the turn); two of them are paid one by one (ruling): tapped by
    the first, the second takes the build points."""
    s = mission(DARK, "Falcon's Needs", theirs={"arena": [CLONE]})
    start(s, ("?build", DARK))
    act(s, f"complete {c(s, 'Falcon' + chr(39) + 's Needs')}")
    act(s, f"choose {c(s, CLONE)}")
    s.tasks = []
    start(s, ("end_turn",))
    s.effects.append(next(e for e in s.effects if e[0] == "upkeep_grant"))   # a second one
    s.bp[LIGHT] = 2
    start(s, ("build_step", LIGHT))
    act(s, "choose option 2")                    # the first: tap
    assert s.tapped[unit(s, CLONE)] and s.bp[LIGHT] == 0   # the second: only the build points


def test_commander_nemet_a_may_mill_the_opponents_top_card() -> None:
    """Commander Nemet (A) (RAS.txt): when your build step starts, look at the opponent's top
    card and you may put it into their discard pile; a Capital Ship pilot (+10 speed, +1
    power)."""
    s = position(dark={"arena": ["Commander Nemet (A)"]}, light={"deck": [CLONE, GUARD]})
    start(s, ("build_step", DARK))
    run_to = 0
    while s.tasks[-1][0] != "?may" and run_to < 5:
        act(s, texts(s)[0])
        run_to += 1
    act(s, "yes")
    assert names(s, s.discard[LIGHT]) == [CLONE] and names(s, s.deck[LIGHT]) == [GUARD]
    s = position(dark={"arena": ["Commander Nemet (A)", "Star Destroyer RAS"]})
    start(s, ("?build", DARK))
    act(s, f"pilot {c(s, 'Commander Nemet (A)')} > {c(s, 'Star Destroyer RAS')}")
    sd = unit(s, "Star Destroyer RAS")
    assert (s.speed(sd), s.power(sd)) == (30, 6)


def test_han_solo_i_untaps_when_he_wins_the_roll() -> None:
    """Han Solo (I) (RAS.txt): when his attack ends, both roll; higher, he untaps. Over seeds,
    he is untapped after some attacks and not after others."""
    seen = set()
    for seed in range(12):
        s = position(light={"arena": ["Han Solo (I)"]}, dark={"arena": [KAMINOAN]}, seed=seed)
        s.tapped[unit(s, KAMINOAN)] = True
        in_attack_window(s, "Han Solo (I)", KAMINOAN, 2)
        finish_attack(s)
        line = next(x for x in s.log if " rolls " in x and " against " in x)
        mine, theirs = (int(v) for v in line.split("rolls ")[1].split(" against "))
        assert s.tapped[unit(s, "Han Solo (I)")] == (mine <= theirs)
        seen.add(mine > theirs)
    assert seen == {True, False}


def test_small_asteroid_doesnt_count_toward_control() -> None:
    """Small Asteroid (RAS.txt): alone, it holds the Space arena for nobody; beside an X-Wing
    Escort of the opponent's it doesn't keep the Escort from holding it."""
    s = position(dark={"arena": ["Small Asteroid"]})
    assert not s.controls(DARK, 0)
    s = position(dark={"arena": ["Small Asteroid"]}, light={"arena": [ESCORT]})
    assert s.controls(LIGHT, 0)
    s = position(dark={"arena": [TIE]}, light={"arena": [ESCORT]})
    assert not s.controls(LIGHT, 0)


def test_millennium_falcon_i_taps_without_a_wookiee_or_smuggler_pilot() -> None:
    """Millennium Falcon (I) (RAS.txt): when its owner's build step starts it taps unless a
    Wookiee or a Smuggler pilots it (Dash Rendar, a Smuggler, keeps it untapped)."""
    s = position(light={"arena": ["Millennium Falcon (I)"]})
    start(s, ("build_step", LIGHT))
    assert s.tapped[unit(s, "Millennium Falcon (I)")]
    s = position(light={"arena": ["Millennium Falcon (I)", "Dash Rendar (A)"]})
    f = unit(s, "Millennium Falcon (I)")
    start(s, ("?build", LIGHT))
    act(s, f"pilot {c(s, 'Dash Rendar (A)')} > {c(s, 'Millennium Falcon (I)')}")
    s.tasks = []
    start(s, ("build_step", LIGHT))
    assert not s.tapped[f]


def test_landos_influence_takes_a_neutral_unit_for_the_next_step() -> None:
    """Lando's Influence (RAS.txt): played during a battle step, when the next step starts you
    gain control of an opponent's Neutral unit in that arena until that step ends; it can't be
    played at the battle phase's first chance (ruling: no step under way)."""
    s = position(dark={"arena": [BDS, KAMINOAN]}, light={"arena": [CLONE], "hand": ["Lando's Influence"]})
    start(s, ("step", 1))
    pass_until(s, "?pop")
    while f"play {c(s, 'Lando' + chr(39) + 's Influence')}" not in texts(s):
        act(s, "pass")
    act(s, f"play {c(s, 'Lando' + chr(39) + 's Influence')}")
    s.tasks = []
    start(s, ("step", 2))
    if s.tasks and s.tasks[-1][0] == "?choose":
        act(s, f"choose {c(s, KAMINOAN)}")
    assert unit(s, KAMINOAN) in s.arena[LIGHT][2]
    s = position(light={"hand": ["Lando's Influence"]})
    assert s.step < 0
    from dejarik.tcg.effects import condition

    ab = bundled_abilities()["Lando's Influence"][0]
    assert ab.cond is not None and not condition(s, ab.cond, LIGHT, -1)


def test_stinger_a_sends_its_pilot_to_the_character_arena() -> None:
    """Stinger (A) (RAS.txt): discarded from the Space arena with a pilot, the pilot moves into
    the Character arena tapped instead of being discarded; Shields 1; pay 1 -> Intercept."""
    s = position(dark={"arena": ["Stinger (A)", "TIE Fighter Pilot"]})
    st, pilot = unit(s, "Stinger (A)"), unit(s, "TIE Fighter Pilot")
    start(s, ("?build", DARK))
    act(s, f"pilot {c(s, 'TIE Fighter Pilot')} > {c(s, 'Stinger (A)')}")
    s.tasks = []
    start(s, ("damage", st, 9, -1, 0))
    run_out(s)
    assert s.zone[st] == DISCARD and pilot in s.arena[DARK][2] and s.tapped[pilot]
    assert keyword(s, unit(s, "Stinger (A)"), "shields") == 1


def test_holoprojection_chamber_makes_missions_cheaper_to_complete() -> None:
    """Holoprojection Chamber (RAS.txt): your Missions cost 1 fewer to complete: Call for
    Hunters (cost 2) with 1 counter can be completed; without the Chamber it can't."""
    def completable(locations: list[str]) -> bool:
        s = position(dark={"build": [("Call for Hunters", 1)], "arena": [KAMINOAN], "locations": locations})
        start(s, ("?build", DARK))
        return f"complete {c(s, 'Call for Hunters')}" in texts(s)

    assert completable(["Holoprojection Chamber"]) and not completable([])


def test_lars_homestead_cheapens_units_of_printed_cost_five_or_less() -> None:
    """Lars Homestead (RAS.txt): your units of build cost 5 or less cost 1 fewer (Zutton, cost
    4, with 3 counters); a cost-6 unit gets nothing (Lobot with 5)."""
    s = position(light={"build": [("Zutton (A)", 3), ("Lobot (B)", 5)], "locations": ["Lars Homestead"]})
    start(s, ("?build", LIGHT))
    moves = texts(s)
    assert f"deploy {c(s, 'Zutton (A)')}" in moves and f"deploy {c(s, 'Lobot (B)')}" not in moves


def test_hans_sacrifice_discards_a_damaged_unit_to_untap_another_there() -> None:
    """Han's Sacrifice (RAS.txt): discard one of your damaged units: untap one of your units in
    its arena."""
    s = position(light={"arena": [CLONE, "Base Guards"], "hand": ["Han's Sacrifice"]}, dark={"arena": [BDS]})
    s.damage[unit(s, CLONE)] = 1
    s.tapped[unit(s, "Base Guards")] = True
    start(s, ("step", 1))
    pass_until(s, "?pop")
    while f"play {c(s, 'Han' + chr(39) + 's Sacrifice')}" not in texts(s):
        act(s, "pass")
    act(s, f"play {c(s, 'Han' + chr(39) + 's Sacrifice')}")
    act(s, "choose Ground")
    for _ in range(3):      # a choice with one candidate is made at once
        if s.tasks[-1][0] != "?choose":
            break
        act(s, f"choose {c(s, CLONE)}" if f"choose {c(s, CLONE)}" in texts(s) else f"choose {c(s, 'Base Guards')}")
    assert s.zone[unit(s, CLONE)] == DISCARD and not s.tapped[unit(s, "Base Guards")]


def test_chewbacca_i_retaliates_with_his_power_and_untaps_on_a_kill() -> None:
    """Chewbacca (I) (RAS.txt): pay 0 -> Retaliate X (X his power: 7 dice); if it discards the
    attacker, he untaps. A kill in his own attack doesn't untap him."""
    for seed in range(6):
        s = position(dark={"arena": [KAMINOAN]},
                     light={"arena": ["Chewbacca (I)"]}, seed=seed)
        chewie = unit(s, "Chewbacca (I)")
        s.tapped[chewie] = True
        in_attack_window(s, KAMINOAN, "Chewbacca (I)", 2)
        while f"use {c(s, 'Chewbacca (I)')} 1" not in texts(s):
            act(s, "pass")
        act(s, f"use {c(s, 'Chewbacca (I)')} 1")
        finish_attack(s)
        assert any(x.startswith(f"7 dice of damage at {KAMINOAN}") for x in s.log)
        if s.zone[unit(s, KAMINOAN)] == DISCARD:
            assert "Chewbacca (I) is untapped" in s.log
            break
        assert "Chewbacca (I) is untapped" not in s.log
    else:
        raise AssertionError("no seed made the Retaliate destroy the attacker")
    s = position(dark={"arena": [KAMINOAN]}, light={"arena": ["Chewbacca (I)"]})
    s.tapped[unit(s, "Chewbacca (I)")] = True
    kill(s, "Chewbacca (I)", KAMINOAN, [5, 5, 5, 1, 1, 1, 1])
    run_out(s)
    assert s.tapped[unit(s, "Chewbacca (I)")]


def test_ponda_baba_a_must_attack_the_weakest_unit() -> None:
    """Ponda Baba (A) (RAS.txt): he must attack the unit of lowest power he can attack: the
    Naboo Security Guard (2), not the Kaminoan Guard (3); holding back is still allowed."""
    s = position(dark={"arena": ["Ponda Baba (A)"]}, light={"arena": [GUARD, "Jar Jar Binks (A)", KAMINOAN]})
    for u in s.arena[LIGHT][2]:
        s.tapped[u] = True
    start(s, ("step", 2))
    pass_until(s, "?attack")
    ponda = c(s, "Ponda Baba (A)")
    moves = [m for m in texts(s) if m.startswith(f"attack {ponda}")]
    assert sorted(moves) == sorted([f"attack {ponda} > {c(s, GUARD)}", f"attack {ponda} > {c(s, 'Jar Jar Binks (A)')}"])
    assert f"hold {ponda}" in texts(s)


def test_han_solo_h_gains_three_force_for_a_right_prediction() -> None:
    """Han Solo (H) (RAS.txt): attacked, his owner predicts the damage placed on him after
    prevention; right, 3 Force when the attack ends; wrong, nothing. The Promo plays the same."""
    han = "Han Solo (H) (Promo)"
    seen = set()
    for guess in range(4):
        s = position(dark={"arena": [KAMINOAN]}, light={"arena": [han]}, seed=3)
        s.tapped[unit(s, han)] = True
        in_attack_window(s, KAMINOAN, han, 2)
        act(s, f"choose {guess} hits")
        finish_attack(s)
        placed = s.damage[unit(s, han)]
        assert s.force[LIGHT] == (3 if guess == placed else 0)
        seen.add(guess == placed)
    assert seen == {True, False}


def test_yoda_i_evades_two_and_restacking_is_free() -> None:
    """Yoda (I) (RAS.txt): pay 2 -> Evade 2; rearranging another unique Character's stack in
    the build step spends no build points (Dejarik's restacking is free already)."""
    s = position(light={"arena": ["Yoda (I)"]}, force=(0, 2))
    y = unit(s, "Yoda (I)")
    start(s, ("damage", y, 3, -1, 1))
    act(s, f"use {c(s, 'Yoda (I)')} 1")
    run_out(s)
    assert s.damage[y] == 1 and s.force[LIGHT] == 0
    s = position(light={"arena": ["Yoda (I)", "Luke Skywalker (L)"], "hand": ["Luke Skywalker (A)"]})
    top, other = unit(s, "Luke Skywalker (L)"), unit(s, "Luke Skywalker (A)")
    from dejarik.tcg.state import UNDER

    s.hand[LIGHT].remove(other)
    s.zone[other] = UNDER
    s.under[top] = [other]
    start(s, ("?build", LIGHT))
    act(s, f"restack {c(s, 'Luke Skywalker (L)')} {c(s, 'Luke Skywalker (A)')}")
    assert s.bp[LIGHT] == 0 and s.arena[LIGHT][2][-1] == other


def test_vendetta_prevents_the_damage_and_turns_it_into_power() -> None:
    """Vendetta (RAS.txt): pay 4 -> prevent all the damage about to be dealt to one of your
    Characters; this turn its attack damage can't be prevented and it gets +X power, X the
    damage prevented (3: the Kaminoan Guard 3 -> 6)."""
    s = position(light={"arena": [KAMINOAN], "hand": ["Vendetta"]}, force=(0, 4))
    k = unit(s, KAMINOAN)
    start(s, ("damage", k, 3, -1, 1))
    act(s, f"play {c(s, 'Vendetta')}")
    run_out(s)
    assert (s.damage[k], s.power(k), keyword(s, k, "unpreventable"), s.force[LIGHT]) == (0, 6, 1, 0)
    s = position(light={"arena": [CLONE], "hand": ["Vendetta"]}, force=(0, 4))
    start(s, ("damage", unit(s, CLONE), 3, -1, 1))
    assert not offered(s, f"play {c(s, 'Vendetta')}")


def test_lukes_x_wing_d_is_stronger_piloted_and_its_abilities_cost_less() -> None:
    """Luke's X-Wing (D) (RAS.txt): +3 power with a pilot (3 -> 6 with Luke Skywalker (E),
    whose bonus is Critical Hit); each of its activated abilities costs 1 less Force: the
    Evade 2 (pay 2) that Luke (E) gives it is paid with the 1 Force its owner has."""
    s = position(light={"arena": ["Luke's X-Wing (D)", "Luke Skywalker (E)"]}, force=(0, 1))
    x = unit(s, "Luke's X-Wing (D)")
    base = s.power(x)
    start(s, ("?build", LIGHT))
    act(s, f"pilot {c(s, 'Luke Skywalker (E)')} > {c(s, chr(76) + 'uke' + chr(39) + 's X-Wing (D)')}")
    s.tasks = []
    assert (base, s.power(x)) == (3, 6)
    start(s, ("damage", x, 2, -1, 1))
    evade = len(abilities_of(s, x))
    act(s, f"use {c(s, chr(76) + 'uke' + chr(39) + 's X-Wing (D)')} {evade}")
    run_out(s)
    assert s.damage[x] == 0 and s.force[LIGHT] == 0


def test_r2_d2_h_pilots_a_starfighter_repairs_it_and_leaves_a_seat() -> None:
    """R2-D2 (H) (RAS.txt): aboard a Starfighter, +10 speed and +1 power; at the start of the
    Space step 1 damage counter comes off it; it may carry an extra non-astromech pilot (the
    Rebel Pilot boards beside him), not a second astromech."""
    s = position(light={"arena": [ESCORT, "R2-D2 (H)", "Rebel Pilot", "R2-X2 (A)"]}, dark={"arena": [TIE]})
    x = unit(s, ESCORT)
    start(s, ("?build", LIGHT))
    act(s, f"pilot {c(s, 'R2-D2 (H)')} > {c(s, ESCORT)}")
    assert f"pilot {c(s, 'Rebel Pilot')} > {c(s, ESCORT)}" in texts(s)
    assert f"pilot {c(s, 'R2-X2 (A)')} > {c(s, ESCORT)}" not in texts(s)
    s.tasks = []
    assert (s.speed(x), s.power(x)) == (60, 3)
    s.damage[x] = 1
    start(s, ("step", 0))
    assert s.damage[x] == 0


def test_dark_sacrifice_turns_a_discarded_units_cost_into_power() -> None:
    """Dark Sacrifice (RAS.txt): pay 2, discard one of your units from an arena: your other
    units there get +X power for the turn, X its total build cost (Stormtrooper Detachment, 6:
    the AT-AT 4 -> 10); units of other arenas get nothing."""
    s = position(dark={"arena": ["AT-AT", "Stormtrooper Detachment", KAMINOAN], "hand": ["Dark Sacrifice"]},
                 light={"arena": [CLONE]}, force=(2, 0))
    kam = s.power(unit(s, KAMINOAN))
    start(s, ("step", 1))
    pass_until(s, "?pop")
    while f"play {c(s, 'Dark Sacrifice')}" not in texts(s):
        act(s, "pass")
    act(s, f"play {c(s, 'Dark Sacrifice')}")
    act(s, "choose Ground")
    act(s, f"choose {c(s, 'Stormtrooper Detachment')}")
    assert s.zone[unit(s, "Stormtrooper Detachment")] == DISCARD
    assert (s.power(unit(s, "AT-AT")), s.power(unit(s, KAMINOAN)), s.force[DARK]) == (10, kam, 0)


def test_jabbas_death_mark_pays_five_build_points_for_the_marked_unit() -> None:
    """Jabba's Death Mark (RAS.txt): when the battle phase starts, choose an opponent's unit; if
    it is discarded this turn, 5 extra build points next turn; another unit's loss gives none."""
    for victim, extra in ((GUARD, 5), (KAMINOAN, 0)):
        s = mission(DARK, "Jabba's Death Mark", theirs={"arena": [GUARD, KAMINOAN]})
        s.phase = COMMAND
        start(s, ("?build", DARK))
        act(s, f"complete {c(s, 'Jabba' + chr(39) + 's Death Mark')}")
        s.tasks = []
        start(s, ("battle",))
        pass_until(s, "?choose")
        act(s, f"choose {c(s, GUARD)}")
        s.tasks = []
        start(s, ("damage", unit(s, victim), 9, -1, 0))
        run_out(s)
        start(s, ("end_turn",))
        s.turn += 1
        s.tasks = [("command",)]
        F.run(s)
        assert s.bp[DARK] - s.bp[LIGHT] == extra


def test_lando_calrissian_g_counts_the_bespin_units_in_play() -> None:
    """Lando Calrissian (G) (RAS.txt): speed 10 times, power and health equal to, the Bespin
    units in the arenas, either side's, himself included: alone 10/1/1; with two more (one the
    opponent's) 30/3/3; a retreated Bespin unit doesn't count."""
    s = position(light={"arena": ["Lando Calrissian (G)"]})
    lando = unit(s, "Lando Calrissian (G)")
    assert (s.speed(lando), s.power(lando), s.health(lando)) == (10, 1, 1)
    s = position(light={"arena": ["Lando Calrissian (G)", "Bespin Patrol Cloud Car"]},
                 dark={"arena": ["Bespin Cloud Car Squad"], "retreated": ["Lobot (B)"]})
    lando = unit(s, "Lando Calrissian (G)")
    assert (s.speed(lando), s.power(lando), s.health(lando)) == (30, 3, 3)


def test_mos_eisley_replaces_the_draw_with_a_reveal_until_a_named_type() -> None:
    """Mos Eisley (RAS.txt): instead of drawing in the draw step, its owner names a card type
    and reveals until one: it goes to hand, the cards above it to the discard pile; the
    opponent draws as usual."""
    s = position(light={"locations": ["Mos Eisley"], "deck": [GUARD, CLONE, "Luke's Garage", KAMINOAN]},
                 dark={"deck": [BDS]})
    start(s, ("ready",))
    assert s.tasks[-1][0] == "?card_type" and names(s, s.hand[DARK]) == [BDS] and s.hand[LIGHT] == []
    act(s, "choose location")
    assert names(s, s.hand[LIGHT]) == ["Luke's Garage"]
    assert sorted(names(s, s.discard[LIGHT])) == [CLONE, GUARD] and names(s, s.deck[LIGHT]) == [KAMINOAN]


def _play_against_disrupt(light: dict[str, Any], force: tuple[int, int]) -> TcgState:
    """The Dark Side plays No Good to Me Dead at the first chance of the Character step; the
    Light Side then gets its chance to disrupt it."""
    s = position(dark={"hand": ["No Good to Me Dead"], "arena": [BDS]}, light=light, force=force)
    start(s, ("step", 2))
    pass_until(s, "?pop")
    act(s, f"play {c(s, 'No Good to Me Dead')}")
    return s


def test_disrupting_strike_cancels_a_battle_card_unless_paid() -> None:
    """Disrupting Strike (RAS.txt): pay 1 -> disrupt a Battle card just played unless its player
    pays 2: with no Force the card does nothing; paying 2 it resolves."""
    s = _play_against_disrupt({"hand": ["Disrupting Strike"]}, (0, 1))
    act(s, f"play {c(s, 'Disrupting Strike')}")
    run_out(s)
    assert ("no_bounty", LIGHT) not in s.effects and s.force[LIGHT] == 0
    s = _play_against_disrupt({"hand": ["Disrupting Strike"]}, (2, 1))
    act(s, f"play {c(s, 'Disrupting Strike')}")
    act(s, "pay 2")
    run_out(s)
    assert ("no_bounty", LIGHT) in s.effects and s.force[DARK] == 0


def test_landos_trickery_taps_a_neutral_unit_to_disrupt() -> None:
    """Lando's Trickery (RAS.txt): tap one of your untapped Neutral units -> disrupt a Battle
    card; without one it is not offered."""
    s = _play_against_disrupt({"hand": ["Lando's Trickery"], "arena": [KAMINOAN]}, (0, 0))
    act(s, f"play {c(s, 'Lando' + chr(39) + 's Trickery')}")
    act(s, f"choose {c(s, KAMINOAN)}")
    assert s.tapped[unit(s, KAMINOAN)] and ("cancelled", unit(s, "No Good to Me Dead")) in s.effects
    run_out(s)
    assert ("no_bounty", LIGHT) not in s.effects
    s = _play_against_disrupt({"hand": ["Lando's Trickery"], "arena": [CLONE]}, (0, 0))
    assert not offered(s, f"play {c(s, 'Lando' + chr(39) + 's Trickery')}")
    run_out(s)
    assert ("no_bounty", LIGHT) in s.effects


def test_space_slug_ras_holds_a_space_unit_tapped_while_it_stays_tapped() -> None:
    """Space Slug RAS (RAS.txt): tap instead of attacking: tap an opponent's untapped Space unit
    of health 5 or less; in the next untap step its owner may leave the Slug tapped, and the
    unit stays tapped with it; the step after, both untap. A unit of health 6 is not offered."""
    s = position(dark={"arena": ["Space Slug RAS"], "deck": [BDS] * 3},
                 light={"arena": [ESCORT, "Stinger (A)"], "deck": [CLONE] * 3})
    slug, esc = unit(s, "Space Slug RAS"), unit(s, ESCORT)
    s.tapped[unit(s, "Stinger (A)")] = True
    s.tasks, s.log = [], []
    F.use_ability(s, DARK, slug, 1)             # as the Slug would attack (its timing)
    F.run(s)
    assert texts(s) == [f"choose {c(s, ESCORT)}"]   # the Stinger (health 6) is not offered
    act(s, f"choose {c(s, ESCORT)}")
    assert s.tapped[esc] and s.tapped[slug]
    s.tasks = []
    start(s, ("end_turn",))
    start(s, ("ready",))
    assert s.tasks and s.tasks[-1][0] == "?untap"
    act(s, "pass")                               # the Slug stays tapped
    run_out(s)
    assert s.tapped[slug] and s.tapped[esc]
    start(s, ("end_turn",))
    start(s, ("ready",))
    run_out(s)
    assert not s.tapped[slug] and not s.tapped[esc]


def test_take_a_prisoner_discards_the_opponents_characters_of_a_name() -> None:
    """Take a Prisoner (RAS.txt): search the opponent's deck; up to 4 Character cards of the
    name picked go to their discard pile; others stay; they shuffle."""
    s = mission(DARK, "Take a Prisoner", theirs={"deck": [GUARD, CLONE, GUARD, KAMINOAN, GUARD]})
    start(s, ("?build", DARK))
    act(s, f"complete {c(s, 'Take a Prisoner')}")
    assert len(texts(s)) == 2                   # the two Character names (the Platoon is Ground)
    act(s, next(m for m in texts(s) if "2" in m))  # the second name in order: Naboo Security Guard
    run_out(s)
    assert names(s, s.discard[LIGHT]) == [GUARD] * 3
    assert sorted(names(s, s.deck[LIGHT])) == sorted([CLONE, KAMINOAN])


def test_bad_upkeep_and_bounty_data_is_refused_naming_the_card_and_field() -> None:
    """The loader refuses a bad Upkeep option or Bounty, naming file, card, ability and field."""
    import re

    import pytest

    from dejarik.tcg.abilities import PackError, parse_abilities

    for bad, field in (({"upkeep": [{"pay": 1}]}, "upkeep[0]"), ({"upkeep": []}, "upkeep"),
                       ({"upkeep": [{"tap": 2}]}, "upkeep[0].tap"), ({"bounty": [{"gain": 1}]}, "bounty")):
        with pytest.raises(PackError, match=r"X\.yaml: Foo \(A\): ability 1\." + re.escape(field)):
            parse_abilities({"set": "X", "cards": {"Foo (A)": [bad]}}, "X.yaml")


def test_ugnaught_returns_exactly_five_cards_itself_included_to_the_deck() -> None:
    """Ugnaught (RAS.txt): tapped and discarded in the build step, exactly 5 cards of the discard
    pile (it may be one: Usage) go into the deck, which is shuffled; there is no stopping early."""
    s = position(dark={"arena": ["Ugnaught"], "discard": [BDS, GUARD, KAMINOAN, TIE, CLONE, ESCORT]})
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'Ugnaught')} 1")
    ug = next(x for x in s.discard[DARK] if s.name(x) == "Ugnaught")
    assert "pass" not in texts(s) and len(texts(s)) == 7
    act(s, f"choose {c(s, 'Ugnaught')}")
    for _ in range(4):
        assert "pass" not in texts(s)
        s.apply(s.legal_actions()[0])
    assert len(s.deck[DARK]) == 5 and ug in s.deck[DARK] and len(s.discard[DARK]) == 2
    assert s.tasks and s.tasks[-1][0] != "?recover"


def test_ugnaught_returns_all_when_fewer_than_five() -> None:
    """Ugnaught (RAS.txt): with only itself and one card in the discard pile, both go back."""
    s = position(dark={"arena": ["Ugnaught"], "discard": [BDS]})
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'Ugnaught')} 1")
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    assert len(s.deck[DARK]) == 2 and s.discard[DARK] == []


def test_lando_calrissian_f_holds_two_cards_then_takes_them_and_gives_no_bounty() -> None:
    """Lando Calrissian (F) (RAS.txt): tapped, the top 2 cards of his owner's deck go face down
    under him (out of play, not in his stack); tapped again, they go to the hand; a Bounty
    hunter that destroys him earns nothing (a Guard earns Boba Fett 2)."""
    s = position(light={"arena": ["Lando Calrissian (F)"], "deck": [GUARD, BDS, CLONE]})
    lando = unit(s, "Lando Calrissian (F)")
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Lando Calrissian (F)')} 1")
    assert len(s.held[lando]) == 2 and len(s.deck[LIGHT]) == 1 and s.hand[LIGHT] == []
    s.tapped[lando] = False
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Lando Calrissian (F)')} 3")
    assert len(s.hand[LIGHT]) == 2 and lando not in s.held and len(s.deck[LIGHT]) == 1
    s = position(dark={"arena": ["Boba Fett (C)"]}, light={"arena": ["Lando Calrissian (F)"]})
    kill(s, "Boba Fett (C)", "Lando Calrissian (F)", [5, 5, 5, 5, 1, 1])
    collect(s)
    assert s.bp[DARK] == 0
