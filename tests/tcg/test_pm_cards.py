"""Every The Phantom Menace card with abilities written so far, checked in the engine against
what its rules text says (../shared/reference/swtcg-data/PM.txt; rulings from its Usage column
and ../shared/reference/swtcg.md). One test per card (a parametrised case in
tests/tcg/test_keyword_cards.py counts as one), grouped by kind: Locations first. Each test
checks exact numbers or compares with the same position without the ability. The Location rules
themselves are in tests/tcg/test_locations.py."""

from __future__ import annotations

from dejarik.tcg.effects import abilities_of, discard_unit, keyword
from dejarik.tcg.state import BUILD, COMMAND, DISCARD, TcgState
from tests.tcg.helpers import (
    DARK,
    LIGHT,
    act,
    c,
    close_window,
    complete,
    in_attack_window,
    mission,
    names,
    pass_until,
    position,
    rolled_in_log,
    start,
    texts,
    unit,
)

BDS = "Battle Droid Squad"           # Dark Ground 2/10/2/3, Trade Federation Droid (AOTC)
CLONE = "Clone Platoon"              # Light Ground 4/40/4/4, Clone Soldier (AOTC)
PATROL = "Patrol Speeder"            # Neutral Ground 4/20/3/4, Naboo Speeder (AOTC)
GUARD = "Naboo Security Guard"       # Light Character 2/30/2/2, Naboo Soldier (AOTC)
JAR_JAR = "Jar Jar Binks (A)"        # Light Character 3/40/2/2, Gungan Diplomat (AOTC)
KAMINOAN = "Kaminoan Guard"          # Neutral Character 4/50/3/3 (AOTC)
WATTOS_SHOP = "Watto's Shop"         # Neutral Location, Character, cost 1
SEBULBAS_PODRACER = "Sebulba's Podracer (A)"
TC14 = "TC-14 (A)"                   # Dark Character 3/10/1/2, a slow Droid
GOZANTI = "Gozanti Cruiser"          # Neutral Space 6/10/5/6, no abilities (AOTC)


# ---- Locations ------------------------------------------------------------------------------
def test_streets_of_theed_slows_every_non_naboo_unit() -> None:
    """Streets of Theed (PM.txt): each non-Naboo unit, either side's, gets -10 speed."""
    s = position(dark={"arena": [BDS]}, light={"arena": [CLONE, PATROL], "locations": ["Streets of Theed"]})
    assert (s.speed(unit(s, BDS)), s.speed(unit(s, CLONE)), s.speed(unit(s, PATROL))) == (0, 30, 20)


def test_mos_espa_gives_every_neutral_unit_one_power() -> None:
    """Mos Espa (PM.txt): each Neutral unit, either side's, gets +1 power; others don't."""
    s = position(dark={"arena": [GOZANTI], "locations": ["Mos Espa"]}, light={"arena": [PATROL, CLONE]})
    assert (s.power(unit(s, GOZANTI)), s.power(unit(s, PATROL)), s.power(unit(s, CLONE))) == (6, 4, 4)


def test_trade_federation_hangar_makes_droids_cheaper_to_deploy() -> None:
    """Trade Federation Hangar (PM.txt): each Droid unit costs 1 fewer build point to deploy:
    a Battle Droid Squad (cost 2) with 1 counter may deploy; without the Hangar it may not."""
    def deployable(locations: list[str]) -> bool:
        s = position(dark={"build": [(BDS, 1)], "locations": locations})
        start(s, ("?build", DARK))
        return f"deploy {c(s, BDS)}" in texts(s)

    assert deployable(["Trade Federation Hangar"]) and not deployable([])


def test_naboo_system_is_discarded_for_a_build_point_and_two_force() -> None:
    """Naboo System (PM.txt): discard it in your build step to gain 1 build point and 2 Force."""
    s = position(light={"locations": ["Naboo System"]}, force=(0, 1))
    s.bp[LIGHT] = 3
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Naboo System')} 1")
    x = unit(s, "Naboo System")
    assert (s.bp[LIGHT], s.force[LIGHT], s.zone[x], s.places) == (4, 3, DISCARD, [-1, -1, -1])


def test_theed_royal_palace_gives_two_force_after_the_character_step() -> None:
    """Theed Royal Palace (PM.txt): when the Character battle step ends, its owner gains 2 Force
    if they have a Character in the Character arena."""
    def force_after(light_arena: list[str]) -> int:
        s = position(dark={"arena": [KAMINOAN]}, light={"arena": light_arena,
                                                      "locations": ["Theed Royal Palace"]})
        for u in s.all_in_play():
            s.tapped[u] = True
        start(s, ("step", 2))
        while s.tasks:
            act(s, "pass")
        return s.force[LIGHT]

    assert force_after([GUARD]) == 2 and force_after([CLONE]) == 0


def test_otoh_gunga_finds_a_gungan_when_its_owners_build_step_starts() -> None:
    """Otoh Gunga (PM.txt): at the start of your build step you may search your deck for a
    Gungan unit and put it into your hand (a non-Gungan is not offered); not in the opponent's."""
    s = position(light={"locations": ["Otoh Gunga"], "deck": [GUARD, JAR_JAR]})
    start(s, ("build_step", LIGHT))
    act(s, "yes")
    assert texts(s) == [f"choose {c(s, JAR_JAR)}", "pass"]
    act(s, f"choose {c(s, JAR_JAR)}")
    assert names(s, s.hand[LIGHT]) == [JAR_JAR]
    s = position(dark={"locations": ["Otoh Gunga"], "deck": [JAR_JAR]})
    start(s, ("build_step", LIGHT))
    assert s.tasks[-1] == ("?build", LIGHT)


def _obi_wan_stack(locations: list[str]):
    """Obi-Wan Kenobi (A) in the Character arena over (B), (C) and (E): a stack of 4; (K) in the
    build zone with 4 build counters (cost 5)."""
    from dejarik.tcg.state import HAND, UNDER

    below = ["Obi-Wan Kenobi (B)", "Obi-Wan Kenobi (C)", "Obi-Wan Kenobi (E)"]
    s = position(light={"arena": ["Obi-Wan Kenobi (A)"], "hand": below,
                        "build": [("Obi-Wan Kenobi (K)", 4)], "locations": locations})
    top = unit(s, "Obi-Wan Kenobi (A)")
    for name in below:
        x = unit(s, name)
        s.hand[LIGHT].remove(x)
        s.zone[x] = UNDER
        s.under.setdefault(top, []).append(x)
    assert not s.hand[LIGHT] and HAND != UNDER
    start(s, ("?build", LIGHT))
    return s


def test_jedi_temple_makes_jedi_cheaper_and_lifts_the_stack_limit() -> None:
    """Jedi Temple (PM.txt and its rulings): each Jedi costs 1 less to deploy, and a Jedi
    Character's stack may hold more than 4 cards: Obi-Wan Kenobi (K) (cost 5) with 4 counters
    joins a stack of 4 as its fifth card; without the Temple, neither."""
    from dejarik.tcg.invariants import check_invariants

    s = _obi_wan_stack([])
    assert not any(x.startswith(f"deploy {c(s, 'Obi-Wan Kenobi (K)')}") for x in texts(s))
    s = _obi_wan_stack(["Jedi Temple"])
    act(s, f"deploy {c(s, 'Obi-Wan Kenobi (K)')} under")
    top = unit(s, "Obi-Wan Kenobi (A)")
    assert len(s.under[top]) == 4 and s.power(top) == s.d(top).power + 4 and not check_invariants(s)


def test_sith_infiltrator_b_discards_a_ground_or_space_location_when_deployed() -> None:
    """Sith Infiltrator (B) (PM.txt): when deployed, its owner may discard a Ground or Space
    Location in play (a Character-arena Location is not offered)."""
    s = position(dark={"build": [("Sith Infiltrator (B)", 5)]},
                 light={"locations": ["Streets of Theed", "Theed Royal Palace"]})
    s.phase = COMMAND
    start(s, ("?build", DARK))
    act(s, f"deploy {c(s, 'Sith Infiltrator (B)')}")
    act(s, "yes")
    assert texts(s) == [f"choose {c(s, 'Streets of Theed')}"]
    act(s, f"choose {c(s, 'Streets of Theed')}")
    assert s.places == [-1, -1, unit(s, "Theed Royal Palace")]
    assert names(s, s.discard[LIGHT]) == ["Streets of Theed"]


def test_bravo_starfighter_gets_a_power_for_each_naboo_location() -> None:
    """Bravo Starfighter (PM.txt): +1 power for each Naboo Location in any arena (either
    side's); a non-Naboo Location adds nothing."""
    s = position(light={"arena": ["Bravo Starfighter"], "locations": ["Naboo System", "Theed Royal Palace"]},
                 dark={"locations": ["Mos Espa"]})
    assert s.power(unit(s, "Bravo Starfighter")) == 3
    s = position(light={"arena": ["Bravo Starfighter"]})
    assert s.power(unit(s, "Bravo Starfighter")) == 1


def test_flash_speeder_is_faster_while_a_naboo_location_is_in_play() -> None:
    """Flash Speeder (PM.txt): +20 speed while there is a Naboo Location in any arena."""
    s = position(light={"arena": ["Flash Speeder"]}, dark={"locations": ["Naboo System"]})
    assert s.speed(unit(s, "Flash Speeder")) == 60
    s = position(light={"arena": ["Flash Speeder"]}, dark={"locations": ["Mos Espa"]})
    assert s.speed(unit(s, "Flash Speeder")) == 40


def test_melt_your_way_in_discards_a_location() -> None:
    """Melt Your Way In (PM.txt): choose a Location in any arena and discard it."""
    s = mission(LIGHT, "Melt Your Way In", theirs={"locations": ["Trade Federation Hangar"]})
    complete(s, "Melt Your Way In", LIGHT)
    act(s, f"choose {c(s, 'Trade Federation Hangar')}")
    assert s.places == [-1, -1, -1] and names(s, s.discard[DARK]) == ["Trade Federation Hangar"]


# ---- characters -----------------------------------------------------------------------------
def test_qui_gon_jinn_c_untaps_himself_for_four_force() -> None:
    """Qui-Gon Jinn (C) (PM.txt): pay 4 Force to untap him, at a chance to play in battle."""
    s = position(light={"arena": ["Qui-Gon Jinn (C)"]}, force=(0, 4))
    q = unit(s, "Qui-Gon Jinn (C)")
    s.tapped[q] = True
    start(s, ("step", 2))
    pass_until(s, "?pop")
    while s.current_player != LIGHT:
        act(s, "pass")
    act(s, f"use {c(s, 'Qui-Gon Jinn (C)')} 3")
    assert not s.tapped[q] and s.force[LIGHT] == 0


def test_qui_gon_jinn_d_heals_fully_for_four_force_in_the_build_step() -> None:
    """Qui-Gon Jinn (D) (PM.txt): pay 4 Force in your build step: remove all his damage."""
    s = position(light={"arena": ["Qui-Gon Jinn (D)"]}, force=(0, 4))
    q = unit(s, "Qui-Gon Jinn (D)")
    s.damage[q] = 5
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Qui-Gon Jinn (D)')} 2")
    assert s.damage[q] == 0 and s.force[LIGHT] == 0


def test_durge_a_heals_for_build_points_and_may_return_to_hand() -> None:
    """Durge (A) (PM.txt): 4 build points in the build step remove all his damage; discarded
    from the Character arena, he may go back to his owner's hand."""
    s = position(dark={"arena": ["Durge (A)"]})
    d = unit(s, "Durge (A)")
    s.damage[d], s.bp[DARK] = 6, 4
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'Durge (A)')} 2")
    assert s.damage[d] == 0 and s.bp[DARK] == 0
    start(s, ("damage", d, 9, -1, 1))
    act(s, "yes")
    assert names(s, s.hand[DARK]) == ["Durge (A)"]


def test_finis_valorum_b_gives_force_a_build_point_and_a_card() -> None:
    """Finis Valorum (B) (PM.txt): tap in your build step: 1 Force, 1 build point, a card."""
    s = position(light={"arena": ["Finis Valorum (B)"], "deck": [CLONE]})
    s.bp[LIGHT] = 2
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Finis Valorum (B)')} 1")
    assert (s.force[LIGHT], s.bp[LIGHT], names(s, s.hand[LIGHT])) == (1, 3, [CLONE])


def test_tc_14_a_draws_for_a_build_point() -> None:
    """TC-14 (A) (PM.txt): tap and pay 1 build point in your build step: draw a card."""
    s = position(dark={"arena": ["TC-14 (A)"], "deck": [BDS]})
    s.bp[DARK] = 1
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'TC-14 (A)')} 1")
    assert (s.bp[DARK], names(s, s.hand[DARK]), s.tapped[unit(s, "TC-14 (A)")]) == (0, [BDS], True)


def test_yaddle_a_draws_two_then_discards_one() -> None:
    """Yaddle (A) (PM.txt): tap in your build step: draw 2 cards, then discard 1."""
    s = position(light={"arena": ["Yaddle (A)"], "deck": [CLONE, GUARD]})
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Yaddle (A)')} 1")
    act(s, f"choose {c(s, GUARD)}")
    assert names(s, s.hand[LIGHT]) == [CLONE] and names(s, s.discard[LIGHT]) == [GUARD]


def test_dark_woman_a_pays_one_force_for_accuracy_in_her_attack() -> None:
    """Dark Woman (A) (PM.txt): pay 1 Force: Accuracy 1 for this attack, so each die showing 3
    or more hits (Durge (A), 9 health, takes every hit of her 4 dice)."""
    s = position(light={"arena": ["Dark Woman (A)"]}, dark={"arena": ["Durge (A)"]}, force=(0, 1))
    s.tapped[unit(s, "Durge (A)")] = True
    in_attack_window(s, "Dark Woman (A)", "Durge (A)", 2)
    while s.current_player != LIGHT:
        act(s, "pass")
    act(s, f"use {c(s, 'Dark Woman (A)')} 4")
    assert "Dark Woman (A) gets accuracy 1" in s.log and s.force[LIGHT] == 0
    dice = rolled_in_log(s)
    assert len(dice) == 4 and s.damage[unit(s, "Durge (A)")] == sum(d >= 3 for d in dice)


def test_obi_wan_kenobi_k_hits_harder_against_a_dark_jedi() -> None:
    """Obi-Wan Kenobi (K) (PM.txt): attacking a Dark Jedi, +3 power and Critical Hit 2; against
    anyone else, neither."""
    s = position(light={"arena": ["Obi-Wan Kenobi (K)"]}, dark={"arena": ["Darth Maul (B)", KAMINOAN]})
    o = unit(s, "Obi-Wan Kenobi (K)")
    s.atk = [o, unit(s, "Darth Maul (B)"), -1, 2]
    assert (s.power(o), s.critical_hit(o)) == (7, 2)
    s.atk = [o, unit(s, KAMINOAN), -1, 2]
    assert (s.power(o), s.critical_hit(o)) == (4, 0)


def test_aayla_secura_b_gets_power_and_accuracy_against_a_bounty_hunter() -> None:
    """Aayla Secura (B) (PM.txt): attacking a Bounty Hunter, +2 power and Accuracy 1."""
    s = position(light={"arena": ["Aayla Secura (B)"]}, dark={"arena": ["Durge (A)", KAMINOAN]})
    a = unit(s, "Aayla Secura (B)")
    s.atk = [a, unit(s, "Durge (A)"), -1, 2]
    assert (s.power(a), keyword(s, a, "accuracy")) == (5, 1)
    s.atk = [a, unit(s, KAMINOAN), -1, 2]
    assert (s.power(a), keyword(s, a, "accuracy")) == (3, 0)


def test_captain_tarpals_a_gives_each_gungan_of_his_side_accuracy() -> None:
    """Captain Tarpals (A) (PM.txt): each of your Gungan units, him included (its ruling), gets
    Accuracy 1; the opponent's Gungans and your others don't."""
    s = position(light={"arena": ["Captain Tarpals (A)", JAR_JAR, GUARD]}, dark={"arena": ["Gungan Battle Wagon"]})
    got = [keyword(s, unit(s, n), "accuracy") for n in ("Captain Tarpals (A)", JAR_JAR, GUARD, "Gungan Battle Wagon")]
    assert got == [1, 1, 0, 0]


def test_boss_nass_a_makes_other_gungans_cheaper_and_stronger() -> None:
    """Boss Nass (A) (PM.txt): each of your other Gungan units costs 1 fewer to deploy and gets
    +1 power."""
    s = position(light={"arena": ["Boss Nass (A)", JAR_JAR], "build": [("Gungan Battle Wagon", 2)]})
    assert s.power(unit(s, JAR_JAR)) == 3 and s.power(unit(s, "Boss Nass (A)")) == 4
    start(s, ("?build", LIGHT))
    assert f"deploy {c(s, 'Gungan Battle Wagon')}" in texts(s)     # cost 3, 2 counters


# ---- Space and Ground units -----------------------------------------------------------------
def test_blockade_battleship_keeps_the_opponents_units_from_retreating() -> None:
    """Blockade Battleship (PM.txt): your opponent's units can't retreat (yours still can)."""
    s = position(dark={"arena": ["Blockade Battleship", BDS]}, light={"arena": [CLONE, GUARD]})
    start(s, ("?retreat", LIGHT))
    assert texts(s) == ["pass"]
    start(s, ("?retreat", DARK))
    assert f"retreat {c(s, BDS)}" in texts(s)


def test_fambaa_shield_beast_shields_the_gungans_in_the_ground_arena() -> None:
    """Fambaa Shield Beast (PM.txt): each of your Gungan units in the Ground arena (the Beast
    too) gets Shields 1; a Gungan Character does not."""
    s = position(light={"arena": ["Fambaa Shield Beast", "Gungan Battle Wagon", JAR_JAR, CLONE]})
    got = [keyword(s, unit(s, n), "shields") for n in ("Fambaa Shield Beast", "Gungan Battle Wagon", JAR_JAR, CLONE)]
    assert got == [1, 1, 0, 0]


def test_gungan_battle_wagon_strengthens_other_gungan_ground_units() -> None:
    """Gungan Battle Wagon (PM.txt): each of your other Gungan Ground units gets +1 power, and
    Critical Hit 1 while attacking a Droid; not the Wagon itself, nor a Gungan Character."""
    s = position(light={"arena": ["Gungan Battle Wagon", "Fambaa Shield Beast", JAR_JAR]},
                 dark={"arena": [BDS, "Gozanti Cruiser"]})
    beast = unit(s, "Fambaa Shield Beast")
    assert (s.power(beast), s.power(unit(s, "Gungan Battle Wagon")), s.power(unit(s, JAR_JAR))) == (5, 2, 2)
    s.atk = [beast, unit(s, BDS), -1, 1]
    assert s.critical_hit(beast) == 1
    s.atk = [beast, unit(s, "Gozanti Cruiser"), -1, 1]
    assert s.critical_hit(beast) == 0


def test_gungan_catapult_untaps_once_a_turn_and_hits_droids_harder() -> None:
    """Gungan Catapult (PM.txt): pay 0 Force: untap it, once per turn; attacking a Droid it
    gets Critical Hit 2."""
    s = position(light={"arena": ["Gungan Catapult"]}, dark={"arena": [BDS, "Gozanti Cruiser"]})
    cat = unit(s, "Gungan Catapult")
    s.atk = [cat, unit(s, BDS), -1, 1]
    assert s.critical_hit(cat) == 2
    s.atk = None
    for u in s.all_in_play():
        s.tapped[u] = True
    start(s, ("step", 1))
    while s.current_player != LIGHT:
        act(s, "pass")
    act(s, f"use {c(s, 'Gungan Catapult')} 1")
    assert not s.tapped[cat]
    s.tapped[cat] = True
    while s.tasks and s.current_player != LIGHT:
        act(s, "pass")
    assert f"use {c(s, 'Gungan Catapult')} 1" not in texts(s)


def test_jedi_transport_finds_a_jedi_card_when_discarded() -> None:
    """Jedi Transport (PM.txt): discarded from the Space arena, its owner may search the deck
    for a Jedi card (a non-Jedi is not offered)."""
    s = position(light={"arena": ["Jedi Transport"], "deck": [CLONE, "Yaddle (A)"]})
    start(s, ("damage", unit(s, "Jedi Transport"), 3, -1, 1))
    act(s, "yes")
    assert texts(s) == [f"choose {c(s, 'Yaddle (A)')}", "pass"]
    act(s, f"choose {c(s, 'Yaddle (A)')}")
    assert names(s, s.hand[LIGHT]) == ["Yaddle (A)"]


def test_kaadu_scout_marks_a_ground_target_for_its_sides_ground_units() -> None:
    """Kaadu Scout (PM.txt): tap instead of attacking: choose an opponent's Ground unit; this
    turn your Ground units get Accuracy 1 against it (each die of 3 hits)."""
    from tests.tcg.helpers import hits_with

    s = position(light={"arena": ["Kaadu Scout", CLONE]}, dark={"arena": ["Trade Federation Battleship Core"]})
    s.tapped[unit(s, CLONE)] = True
    start(s, ("step", 1))
    pass_until(s, "?attack")
    act(s, f"use {c(s, 'Kaadu Scout')} 1")
    act(s, f"choose {c(s, 'Trade Federation Battleship Core')}")
    core = unit(s, "Trade Federation Battleship Core")
    assert hits_with(s, unit(s, CLONE), core, [3, 3, 2, 1]) == 2


def test_guardian_mantis_a_marks_a_space_target_for_all_its_sides_units() -> None:
    """Guardian Mantis (A) (PM.txt): tap instead of attacking: choose an opponent's Space unit;
    this turn each of your units gets Accuracy 1 when attacking it."""
    from tests.tcg.helpers import hits_with

    s = position(dark={"arena": ["Guardian Mantis (A)", "Gozanti Cruiser"]}, light={"arena": ["Naboo Cruiser"]})
    s.tapped[unit(s, "Gozanti Cruiser")] = True
    s.tapped[unit(s, "Naboo Cruiser")] = True
    start(s, ("step", 0))
    pass_until(s, "?attack")
    act(s, f"use {c(s, 'Guardian Mantis (A)')} 2")
    act(s, f"choose {c(s, 'Naboo Cruiser')}")
    assert hits_with(s, unit(s, "Gozanti Cruiser"), unit(s, "Naboo Cruiser"), [3, 3, 2, 1, 1]) == 2


# ---- Battle cards and Missions --------------------------------------------------------------
def test_discuss_it_in_committee_prevents_all_damage_in_the_chosen_arena() -> None:
    """Discuss It in Committee (PM.txt): pay 4 Force, choose an arena: all damage to units
    there is prevented this turn (damage elsewhere lands)."""
    s = position(dark={"hand": ["Discuss It in Committee"], "arena": [BDS, KAMINOAN]}, force=(4, 0))
    start(s, ("step", 0))
    act(s, f"play {c(s, 'Discuss It in Committee')}")
    act(s, "choose ground")
    assert s.force[DARK] == 0
    start(s, ("damage", unit(s, BDS), 2, -1, 1))
    start(s, ("damage", unit(s, KAMINOAN), 2, -1, 1))
    assert (s.damage[unit(s, BDS)], s.damage[unit(s, KAMINOAN)]) == (0, 2)


def test_gas_attack_rolls_four_dice_at_each_non_droid_character() -> None:
    """Gas Attack (PM.txt): 4 dice of damage to each non-Droid Character in the Character arena
    (either side's); a Droid Character is spared."""
    s = mission(DARK, "Gas Attack", mine={"arena": ["TC-14 (A)"]},
                theirs={"arena": ["Qui-Gon Jinn (D)", "Durge (A)"]})
    complete(s, "Gas Attack", DARK)
    while s.tasks:
        act(s, "pass")
    rolled = {ln.split(" at ")[1].split(":")[0]: int(ln.rsplit("= ", 1)[1])
              for ln in s.log if ln.startswith("4 dice of damage at ")}
    assert sorted(rolled) == ["Durge (A)", "Qui-Gon Jinn (D)"]
    assert all(s.damage[unit(s, n)] == hits for n, hits in rolled.items())
    assert s.damage[unit(s, "TC-14 (A)")] == 0


def test_blockade_pm_stops_deploying_and_battle_cards_this_turn() -> None:
    """Blockade PM (PM.txt and its ruling): this turn no card moves from a build zone into an
    arena (units, retreated units, Locations) and no Battle card is played, by either side."""
    s = mission(DARK, "Blockade PM", mine={"build": [(BDS, 2)]},
                theirs={"build": [("Streets of Theed", 1)], "retreated": [CLONE]})
    complete(s, "Blockade PM", DARK)
    assert f"deploy {c(s, BDS)}" not in texts(s)
    start(s, ("?build", LIGHT))
    assert texts(s) == ["pass"]
    assert sum(e[0] == "forbid_plays" for e in s.effects) == 2


def _deployable_with(card: str, counters: int, locations: list[str]) -> bool:
    s = position(dark={"build": [(card, counters)], "locations": locations})
    start(s, ("?build", DARK))
    return f"deploy {c(s, card)}" in texts(s)


def test_opee_sea_killer_costs_one_less_beside_an_aquatic_ground_location() -> None:
    """Opee Sea Killer (PM.txt): 1 fewer build counter to deploy if an Aquatic Location is in
    the Ground arena (Swamps of Naboo is one; Mos Espa is not)."""
    assert _deployable_with("Opee Sea Killer", 3, ["Swamps of Naboo"])
    assert not _deployable_with("Opee Sea Killer", 3, ["Mos Espa"])


def test_colo_claw_fish_costs_one_less_beside_an_aquatic_ground_location() -> None:
    """Colo Claw Fish (PM.txt): as Opee Sea Killer (cost 6: 5 counters do with Otoh Gunga, an
    Aquatic City); Stun 5 is its keyword."""
    assert _deployable_with("Colo Claw Fish", 5, ["Otoh Gunga"])
    assert not _deployable_with("Colo Claw Fish", 5, [])
    s = position(dark={"arena": ["Colo Claw Fish"]})
    assert keyword(s, unit(s, "Colo Claw Fish"), "stun") == 5


def test_bongo_sub_finds_an_aquatic_location_when_deployed() -> None:
    """Bongo Sub (PM.txt): when deployed, its owner may search the deck for an Aquatic Location
    (a non-Aquatic Location and an Aquatic unit are not offered)."""
    s = position(light={"build": [("Bongo Sub", 3)], "deck": ["Mos Espa", "Otoh Gunga", "Opee Sea Killer"]})
    s.phase = COMMAND
    start(s, ("?build", LIGHT))
    act(s, f"deploy {c(s, 'Bongo Sub')}")
    act(s, "yes")
    assert texts(s) == [f"choose {c(s, 'Otoh Gunga')}", "pass"]
    act(s, f"choose {c(s, 'Otoh Gunga')}")
    assert names(s, s.hand[LIGHT]) == ["Otoh Gunga"]


def test_podracing_course_discards_the_slowest_of_three_ground_units() -> None:
    """Podracing Course (PM.txt): when the Ground battle step ends with more than 2 units in the
    Ground arena, the slowest is discarded (either side's); with 2, none; a tie is the
    Course's owner's choice."""
    def ground_step(dark: list[str], light: list[str]):
        s = position(dark={"arena": dark, "locations": ["Podracing Course"]}, light={"arena": light})
        for u in s.all_in_play():
            s.tapped[u] = True
        start(s, ("step", 1))
        while s.tasks and s.tasks[-1][0] == "?pop":
            act(s, "pass")
        return s

    s = ground_step([PATROL], [CLONE, "Naboo Senatorial Escort"])     # speeds 20, 40, 10
    assert names(s, s.discard[LIGHT]) == ["Naboo Senatorial Escort"] and not s.discard[DARK]
    s = ground_step([PATROL], [CLONE])
    assert not s.discard[LIGHT] and not s.discard[DARK]
    s = ground_step([BDS, "Trade Federation Battleship Core"], [CLONE])   # speeds 10, 10, 40
    assert texts(s) == [f"choose {c(s, BDS)}", f"choose {c(s, 'Trade Federation Battleship Core')}"]
    act(s, f"choose {c(s, BDS)}")
    assert names(s, s.discard[DARK]) == [BDS]


def test_swamps_of_naboo_gives_naboo_creatures_and_gungans_a_free_evade() -> None:
    """Swamps of Naboo (PM.txt): each Naboo Creature and Gungan unit (either side's) gets
    "Pay 0 Force -> Evade 1"; others don't."""
    s = position(dark={"arena": ["Fambaa Shield Beast", BDS]},
                 light={"locations": ["Swamps of Naboo"]})
    beast = unit(s, "Fambaa Shield Beast")
    start(s, ("damage", beast, 3, -1, 1))
    assert f"use {c(s, 'Fambaa Shield Beast')} 2" in texts(s)
    act(s, f"use {c(s, 'Fambaa Shield Beast')} 2")
    while s.tasks:
        act(s, "pass")
    assert s.damage[beast] == 2
    start(s, ("damage", unit(s, BDS), 1, -1, 1))
    assert not s.tasks and s.damage[unit(s, BDS)] == 1      # no chance to prevent: none to offer


def test_captain_panaka_a_gives_naboo_units_stun_and_a_free_retaliate() -> None:
    """Captain Panaka (A) (PM.txt and its ruling): each of your Naboo units, Panaka too, gets
    Stun 2 and "Pay 0 Force -> Retaliate 2"; a non-Naboo unit neither."""
    s = position(light={"arena": ["Captain Panaka (A)", GUARD, CLONE]})
    got = [(keyword(s, unit(s, n), "stun"), len(abilities_of(s, unit(s, n))) - len(s.d(unit(s, n)).abilities))
           for n in ("Captain Panaka (A)", GUARD, CLONE)]
    assert got == [(2, 1), (2, 1), (0, 0)]
    assert abilities_of(s, unit(s, GUARD))[-1].timing == "retaliate"


def test_nute_gunray_c_makes_trade_federation_units_cheaper_and_gives_intercept() -> None:
    """Nute Gunray (C) (PM.txt): your Trade Federation units cost 1 fewer to deploy and each
    gets "Pay 0 Force -> Intercept": a Battle Droid Squad takes over an attack on the Core."""
    s = position(dark={"arena": ["Nute Gunray (C)", BDS, "Trade Federation Battleship Core"],
                       "build": [("Trade Federation AAT", 3)]}, light={"arena": [CLONE]})
    start(s, ("?build", DARK))
    assert f"deploy {c(s, 'Trade Federation AAT')}" in texts(s)        # cost 4, 3 counters
    s.tasks = []
    for u in s.all_in_play():
        s.tapped[u] = u != unit(s, CLONE)
    in_attack_window(s, CLONE, "Trade Federation Battleship Core", 1)
    while s.current_player != DARK:
        act(s, "pass")
    act(s, f"use {c(s, BDS)} 1")
    assert s.atk is not None and s.atk[1] == unit(s, BDS)


def test_wattos_shop_trades_a_space_or_ground_unit_card_for_a_build_point_once_a_turn() -> None:
    """Watto's Shop (PM.txt): in your build step, once per turn, discard a Space or Ground unit
    from your hand to gain 1 build point (a Character card may not be discarded for it)."""
    s = position(dark={"locations": [WATTOS_SHOP], "hand": [BDS, KAMINOAN, "Gozanti Cruiser"]})
    start(s, ("?build", DARK))
    act(s, f"use {c(s, WATTOS_SHOP)} 1")
    assert texts(s) == [f"choose {c(s, BDS)}", f"choose {c(s, 'Gozanti Cruiser')}"]
    act(s, f"choose {c(s, BDS)}")
    assert s.bp[DARK] == 1 and names(s, s.discard[DARK]) == [BDS]
    assert f"use {c(s, WATTOS_SHOP)} 1" not in texts(s)
    s = position(dark={"locations": [WATTOS_SHOP], "hand": [KAMINOAN]})
    start(s, ("?build", DARK))
    assert texts(s) == ["pass"]


def test_theed_power_generator_adjusts_the_build_roll_by_one() -> None:
    """Theed Power Generator (PM.txt): when the build roll is made, its owner may move it up or
    down by 1 (never above 6 or below 1); both players' build points follow the roll."""
    for option, step in ((1, 1), (2, -1)):
        s = position(dark={"locations": ["Theed Power Generator"]})
        start(s, ("command",))
        roll = int(next(x for x in s.log if x.startswith("build roll")).split()[2].rstrip(":"))
        act(s, "yes")
        act(s, f"choose option {option}")
        new = min(6, max(1, roll + step))
        assert s.bp == [new, new]


def test_corridors_of_power_saves_credit_counters_for_build_points() -> None:
    """Corridors of Power (PM.txt): when its owner's build step starts, put a Credit counter on
    it, or take all of them off for 1 extra build point each this turn. The counters stay from
    turn to turn and go with the Location."""
    s = position(dark={"locations": ["Corridors of Power"]})
    cor = unit(s, "Corridors of Power")
    for _ in range(2):
        start(s, ("build_step", DARK))
        act(s, "yes")
        act(s, "choose option 1")
    assert s.observation(DARK)["sides"][DARK]["locations"]["ground"]["counters"] == 2
    start(s, ("end_turn",))
    start(s, ("build_step", DARK))
    act(s, "yes")
    act(s, "choose option 2")
    assert s.bp[DARK] == 2 and s.observation(DARK)["sides"][DARK]["locations"]["ground"]["counters"] == 0
    assert s.tasks[-1] == ("?build", DARK) and s.zone[cor] != DISCARD


def test_gian_speeder_is_faster_while_a_naboo_location_is_in_the_ground_arena() -> None:
    """Gian Speeder (PM.txt): +20 speed while a Naboo Location is in the Ground arena (one in
    the Space arena does not count); Armor is its keyword."""
    s = position(light={"arena": ["Gian Speeder"], "locations": ["Streets of Theed"]})
    assert s.speed(unit(s, "Gian Speeder")) == 20 + 20     # a Naboo Speeder: Theed's -10 spares it
    s = position(light={"arena": ["Gian Speeder"], "locations": ["Naboo System"]})
    assert s.speed(unit(s, "Gian Speeder")) == 20


def test_trade_federation_mtt_finds_up_to_three_trade_federation_droids() -> None:
    """Trade Federation MTT (PM.txt): when deployed, up to 3 Trade Federation Droid cards from
    the deck to the hand (a non-Droid is not offered)."""
    s = position(dark={"build": [("Trade Federation MTT", 6)],
                       "deck": [BDS, "Trade Federation AAT", "Trade Federation STAP", KAMINOAN]})
    s.phase = COMMAND
    start(s, ("?build", DARK))
    act(s, f"deploy {c(s, 'Trade Federation MTT')}")
    act(s, "yes")
    for card in (BDS, "Trade Federation AAT", "Trade Federation STAP"):
        assert f"choose {c(s, KAMINOAN)}" not in texts(s)
        act(s, f"choose {c(s, card)}")
    assert sorted(names(s, s.hand[DARK])) == sorted([BDS, "Trade Federation AAT", "Trade Federation STAP"])


def test_ki_adi_mundi_b_may_attack_retreated_characters_for_two_force() -> None:
    """Ki-Adi-Mundi (B) (PM.txt): pay 2 Force: this turn he can attack Characters in the
    opponent's build zone; before paying, he can't."""
    s = position(light={"arena": ["Ki-Adi-Mundi (B)"]}, dark={"retreated": [KAMINOAN], "arena": ["Durge (A)"]},
                 force=(0, 2))
    s.tapped[unit(s, "Durge (A)")] = True
    start(s, ("step", 2))
    pass_until(s, "?attack")
    ki = c(s, "Ki-Adi-Mundi (B)")
    assert f"attack {ki} > {c(s, KAMINOAN)}" not in texts(s)
    s = position(light={"arena": ["Ki-Adi-Mundi (B)"]}, dark={"retreated": [KAMINOAN], "arena": ["Durge (A)"]},
                 force=(0, 2))
    s.tapped[unit(s, "Durge (A)")] = True
    start(s, ("step", 2))
    while s.current_player != LIGHT:
        act(s, "pass")
    act(s, f"use {ki} 2")
    pass_until(s, "?attack")
    assert f"attack {ki} > {c(s, KAMINOAN)}" in texts(s) and s.force[LIGHT] == 0


def test_watto_b_returns_a_space_or_ground_unit_card_for_a_build_point() -> None:
    """Watto (B) (PM.txt): tap and pay 1 build point in your build step: a Space or Ground unit
    card goes from your discard pile to your hand (a Character card is not offered)."""
    s = position(dark={"arena": ["Watto (B)"], "discard": [BDS, KAMINOAN, "Gozanti Cruiser"]})
    s.bp[DARK] = 1
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'Watto (B)')} 1")
    assert texts(s) == [f"choose {c(s, BDS)}", f"choose {c(s, 'Gozanti Cruiser')}", "pass"]
    act(s, f"choose {c(s, 'Gozanti Cruiser')}")
    assert names(s, s.hand[DARK]) == ["Gozanti Cruiser"] and s.bp[DARK] == 0


def test_falumpaset_gets_accuracy_with_a_gungan_in_play_and_with_a_pilot() -> None:
    """Falumpaset (PM.txt): Accuracy 1 as long as you have a Gungan unit in an arena, and
    Accuracy 1 as long as it has a Pilot (the two add up)."""
    from dejarik.tcg.state import PILOTING

    s = position(dark={"arena": ["Falumpaset"], "hand": ["Naboo Pilot"]}, light={"arena": [JAR_JAR]})
    f = unit(s, "Falumpaset")
    assert keyword(s, f, "accuracy") == 0          # the opponent's Gungan does not count
    s = position(dark={"arena": ["Falumpaset", "Gungan Battle Wagon"], "hand": ["Naboo Pilot"]})
    f = unit(s, "Falumpaset")
    assert keyword(s, f, "accuracy") == 1
    pilot = unit(s, "Naboo Pilot")
    s.hand[DARK].remove(pilot)
    s.zone[pilot] = PILOTING
    s.aboard[f] = [pilot]
    assert keyword(s, f, "accuracy") == 2


def _lucky(s, u: int) -> list[int]:
    """The Lucky numbers among a unit's abilities (its own, its pilots', given ones)."""
    return [ab.n for ab in abilities_of(s, u) if ab.kind == "reroll" and ab.ops[0][1] == "lucky"]


def _aboard(s, pilot: str, host: str):
    from dejarik.tcg.state import PILOTING

    x, h = unit(s, pilot), unit(s, host)
    s.hand[s.owner[x]].remove(x)
    s.zone[x] = PILOTING
    s.aboard[h] = [x]
    return h


def test_anakin_skywalker_j_gives_his_speeder_speed_and_lucky_two() -> None:
    """Anakin Skywalker (J) (PM.txt): piloting a Speeder or Starfighter, it gets +20 speed and
    Lucky 2 (he is offered onto a Speeder in the build step)."""
    s = position(light={"arena": [PATROL], "hand": ["Anakin Skywalker (J)"]})
    assert _lucky(s, unit(s, PATROL)) == []
    h = _aboard(s, "Anakin Skywalker (J)", PATROL)
    assert _lucky(s, h) == [2] and s.speed(h) == 20 + 20


def test_ric_olie_a_gives_his_starfighter_or_transport_lucky_two() -> None:
    """Ric Olie (A) (PM.txt): the Starfighter or Transport he pilots gets Lucky 2."""
    s = position(light={"arena": ["Naboo Royal Starship"], "hand": ["Ric Olie (A)"]})
    assert _lucky(s, _aboard(s, "Ric Olie (A)", "Naboo Royal Starship")) == [2]


def test_naboo_pilot_gives_his_starfighter_lucky_one() -> None:
    """Naboo Pilot (PM.txt): the Starfighter he pilots gets Lucky 1."""
    s = position(light={"arena": ["N-1 Starfighter"], "hand": ["Naboo Pilot"]})
    assert _lucky(s, _aboard(s, "Naboo Pilot", "N-1 Starfighter")) == [1]


def test_royal_cruiser_is_lucky_while_a_naboo_location_is_in_the_space_arena() -> None:
    """Royal Cruiser (PM.txt): Lucky 2 as long as a Naboo Location is in the Space arena."""
    s = position(light={"arena": ["Royal Cruiser"], "locations": ["Naboo System"]})
    assert _lucky(s, unit(s, "Royal Cruiser")) == [2]
    s = position(light={"arena": ["Royal Cruiser"], "locations": ["Streets of Theed"]})
    assert _lucky(s, unit(s, "Royal Cruiser")) == []


def test_ann_and_tann_gella_a_weaken_enemy_characters_and_lend_lucky() -> None:
    """Ann and Tann Gella (A) (PM.txt): each of the opponent's Characters gets -2 power; tap:
    one of your Characters gets Lucky 2 until the end of the turn."""
    s = position(dark={"arena": ["Ann and Tann Gella (A)", KAMINOAN]},
                 light={"arena": [GUARD]})
    assert s.power(unit(s, GUARD)) == 0 and s.power(unit(s, KAMINOAN)) == 3
    start(s, ("step", 2))
    act(s, f"use {c(s, 'Ann and Tann Gella (A)')} 2")
    act(s, f"choose {c(s, KAMINOAN)}")
    assert _lucky(s, unit(s, KAMINOAN)) == [2] and s.tapped[unit(s, "Ann and Tann Gella (A)")]


def test_unconventional_maneuvers_gives_a_space_or_ground_unit_lucky_three() -> None:
    """Unconventional Maneuvers (PM.txt): pay 3 Force: one of your Space or Ground units gets
    Lucky 3 until the end of the turn (a Character is not offered)."""
    s = position(light={"arena": [CLONE, GUARD], "hand": ["Unconventional Maneuvers"]}, force=(0, 3))
    start(s, ("step", 0))
    while s.current_player != LIGHT:
        act(s, "pass")
    act(s, f"play {c(s, 'Unconventional Maneuvers')}")
    assert f"choose {c(s, GUARD)}" not in texts(s)
    act(s, f"choose {c(s, CLONE)}")
    assert _lucky(s, unit(s, CLONE)) == [3] and s.force[LIGHT] == 0


def test_sith_probe_droid_makes_the_opponent_play_with_the_hand_revealed() -> None:
    """Sith Probe Droid (PM.txt): its owner's opponent plays with the hand revealed: its owner
    knows those cards; without it, not; its owner's own hand stays hidden."""
    from dejarik.tcg.observe import knows

    s = position(dark={"arena": ["Sith Probe Droid"], "hand": [BDS]}, light={"hand": [GUARD]})
    assert knows(s, DARK, unit(s, GUARD)) and not knows(s, LIGHT, unit(s, BDS))
    s = position(dark={"arena": [BDS]}, light={"hand": [GUARD]})
    assert not knows(s, DARK, unit(s, GUARD))


def test_vilmarh_grahrk_a_gambles_on_the_build_roll_and_is_lucky_beside_a_light_jedi() -> None:
    """Vilmarh Grahrk (A) (PM.txt and its ruling): when the build roll is made he rolls a die:
    the build roll again loses his owner 1 build point, anything else gains 1 (the other player
    is untouched). Lucky 3 as long as his owner has a Light Side Jedi in the Character arena."""
    for seed in range(1, 9):
        s = position(dark={"arena": ["Vilmarh Grahrk (A)"]}, seed=seed)
        start(s, ("command",))
        roll = int(next(x for x in s.log if x.startswith("build roll")).split()[2].rstrip(":"))
        die = int(next(x for x in s.log if x.startswith("a die shows")).split()[3])
        assert s.bp == [roll + (-1 if die == roll else 1), roll]
    s = position(dark={"arena": ["Vilmarh Grahrk (A)", "Yaddle (A)"]})
    v = unit(s, "Vilmarh Grahrk (A)")
    assert _lucky(s, v) == [3]
    s = position(dark={"arena": ["Vilmarh Grahrk (A)", KAMINOAN]})
    assert _lucky(s, unit(s, "Vilmarh Grahrk (A)")) == []


def test_c_9979_finds_an_mtt_an_aat_and_a_stap() -> None:
    """C-9979 (PM.txt and its ruling): when deployed, up to one Trade Federation MTT, one AAT
    and one STAP from the deck to the hand (a second AAT, or another Droid, is not offered)."""
    s = position(dark={"build": [("C-9979", 8)],
                       "deck": ["Trade Federation AAT", "Trade Federation AAT", BDS, "Trade Federation STAP"]})
    s.phase = COMMAND
    start(s, ("?build", DARK))
    act(s, f"deploy {c(s, 'C-9979')}")
    act(s, "yes")
    assert texts(s) == ["pass"] or s.tasks[-1][0] != "?search"     # no MTT in the deck
    while s.tasks and s.tasks[-1][0] == "?search":
        options = [x for x in texts(s) if x != "pass"]
        assert all("Trade Federation" in x for x in options) and len(options) <= 1
        act(s, options[0] if options else "pass")
    assert sorted(names(s, s.hand[DARK])) == ["Trade Federation AAT", "Trade Federation STAP"]


def test_sneak_attack_rolls_two_dice_or_eight_enhanced() -> None:
    """Sneak Attack (PM.txt): pay 2 Force: 2 dice of damage to a unit in any arena; Enhance, 6
    more Force: 8 dice instead (with less than 8 Force in all, the plain 2 dice)."""
    for force, enhance, dice in ((8, True, 8), (8, False, 2), (2, False, 2)):
        s = position(dark={"hand": ["Sneak Attack"]}, light={"arena": ["Naboo Defense Station"]}, force=(force, 0))
        start(s, ("step", 0))
        act(s, f"play {c(s, 'Sneak Attack')}")
        act(s, f"choose {c(s, 'Naboo Defense Station')}")
        if force == 8:
            act(s, "pay 6" if enhance else "pass")
        assert any(x.startswith(f"{dice} dice of damage at Naboo Defense Station") for x in s.log)
        assert s.force[DARK] == force - 2 - (6 if enhance else 0)


def test_fight_on_all_fronts_boosts_a_unit_in_each_arena() -> None:
    """Fight on All Fronts (PM.txt): only with units of yours in all 3 arenas; pay 3 Force: a
    unit in each arena gets +2 power and Critical Hit 1 this turn; Enhance, 3 more: +4 and
    Critical Hit 2 instead."""
    units = {"arena": [GOZANTI, BDS, KAMINOAN], "hand": ["Fight on All Fronts"]}
    for force, enhance, power, crit in ((6, True, 4, 2), (3, False, 2, 1)):
        s = position(dark=units, force=(force, 0))
        start(s, ("step", 0))
        act(s, f"play {c(s, 'Fight on All Fronts')}")
        if enhance:
            act(s, "pay 3")
        for name in (GOZANTI, BDS, KAMINOAN):
            act(s, f"choose {c(s, name)}")
        got = [(s.power(unit(s, n)) - s.d(unit(s, n)).power, s.critical_hit(unit(s, n)))
               for n in (GOZANTI, BDS, KAMINOAN)]
        assert got == [(power, crit)] * 3 and s.force[DARK] == 0
    s = position(dark={"arena": [GOZANTI, BDS], "hand": ["Fight on All Fronts"]}, force=(6, 0))
    start(s, ("step", 0))
    assert f"play {c(s, 'Fight on All Fronts')}" not in texts(s)


def test_let_the_cube_decide_gives_what_the_die_shows() -> None:
    """Let the Cube Decide (PM.txt): pay 2 Force, choose a unit and roll: 1) +2 power,
    2) Accuracy 1, 3) +20 speed, 4) Stun 4, 5) Critical Hit 2, until the end of the turn; a 6
    gives all five."""
    want = {1: (0, 2, 0, 0, 0), 2: (0, 0, 0, 1, 0), 3: (20, 0, 0, 0, 0), 4: (0, 0, 0, 0, 4),
            5: (0, 0, 2, 0, 0), 6: (20, 2, 2, 1, 4)}
    seen = set()
    for seed in range(1, 40):
        s = position(dark={"hand": ["Let the Cube Decide"], "arena": [GOZANTI]}, force=(2, 0), seed=seed)
        g = unit(s, GOZANTI)
        start(s, ("step", 0))
        act(s, f"play {c(s, 'Let the Cube Decide')}")
        act(s, f"choose {c(s, GOZANTI)}")
        die = int(next(x for x in s.log if x.startswith("a die shows")).split()[3])
        got = (s.speed(g) - 10, s.power(g) - 5, s.critical_hit(g), keyword(s, g, "accuracy"), keyword(s, g, "stun"))
        assert got == want[die]
        seen.add(die)
    assert len(seen) >= 5


def test_sebulbas_podracer_a_puts_three_counters_on_a_ground_unit_and_one_on_itself() -> None:
    """Sebulba's Podracer (A) (PM.txt): tap instead of attacking: 3 damage counters on a unit in
    the Ground arena (nothing prevents counters) and 1 on itself."""
    s = position(dark={"arena": [SEBULBAS_PODRACER]}, light={"arena": ["Naboo Defense Station"]})
    start(s, ("step", 1))
    pass_until(s, "?attack")
    act(s, f"use {c(s, SEBULBAS_PODRACER)} 1")
    act(s, f"choose {c(s, 'Naboo Defense Station')}")
    assert (s.damage[unit(s, "Naboo Defense Station")], s.damage[unit(s, SEBULBAS_PODRACER)]) == (3, 1)
    assert s.tapped[unit(s, SEBULBAS_PODRACER)]


def test_a_bigger_fish_gives_accuracy_and_overkill_against_a_cheaper_defender() -> None:
    """A Bigger Fish (PM.txt): pay 3 Force: your unit attacking a unit of lower total build cost
    gets Accuracy 1 and Overkill for this attack; against an equal cost, not offered."""
    def attack(defender: str):
        s = position(dark={"arena": [GOZANTI], "hand": ["A Bigger Fish"]}, light={"arena": [defender]},
                     force=(3, 0))
        s.tapped[unit(s, defender)] = True
        in_attack_window(s, GOZANTI, defender, 0)
        return s

    s = attack("N-1 Starfighter")                 # cost 2 against the Gozanti's 6
    act(s, f"play {c(s, 'A Bigger Fish')}")
    # the attack then runs to its end (nothing else to play), so its grants show in the log
    assert {f"{GOZANTI} gets accuracy 1", f"{GOZANTI} gets overkill 1"} <= set(s.log) and s.force[DARK] == 0
    s = attack("Naboo Cruiser")                   # cost 6: never offered, the attack runs out
    assert unit(s, "A Bigger Fish") in s.hand[DARK] and s.force[DARK] == 3


def test_gungan_grand_army_discards_another_gungan_to_heal_three() -> None:
    """Gungan Grand Army (PM.txt): discard one of your other Gungan units: remove up to 3 damage
    counters from it (not offered without another Gungan); Critical Hit 1 attacking a Droid."""
    s = position(light={"arena": ["Gungan Grand Army", JAR_JAR, CLONE]}, dark={"arena": [BDS, GOZANTI]})
    army = unit(s, "Gungan Grand Army")
    s.damage[army] = 5
    for u in s.all_in_play():
        s.tapped[u] = True
    start(s, ("step", 0))
    while s.current_player != LIGHT:
        act(s, "pass")
    act(s, f"use {c(s, 'Gungan Grand Army')} 1")
    assert texts(s) == [f"choose {c(s, JAR_JAR)}"]
    act(s, f"choose {c(s, JAR_JAR)}")
    assert s.damage[army] == 2 and names(s, s.discard[LIGHT]) == [JAR_JAR]
    assert not s.tasks or f"use {c(s, 'Gungan Grand Army')} 1" not in texts(s)   # no other Gungan
    s.atk = [army, unit(s, BDS), -1, 1]
    assert s.critical_hit(army) == 1
    s.atk = [army, unit(s, GOZANTI), -1, 1]
    assert s.critical_hit(army) == 0


def test_podrace_pays_the_fastest_ground_unit_s_owner_when_the_ground_step_ends() -> None:
    """Podrace (PM.txt, by its erratum): when the Ground battle step ends, the player with the
    fastest Ground unit gains 4 Force and draws 2 cards (whoever completed it); a tie, and
    neither does."""
    def race(light_unit: str):
        s = mission(DARK, "Podrace", mine={"arena": [BDS]}, theirs={"arena": [light_unit], "deck": [GUARD, CLONE]})
        complete(s, "Podrace", DARK)
        for u in s.all_in_play():
            s.tapped[u] = True
        start(s, ("step", 1))
        while s.tasks:
            act(s, "pass")
        return s

    s = race(CLONE)                          # 40 against the Squad's 10
    assert s.force == [0, 4] and len(s.hand[LIGHT]) == 2
    s = race("Naboo Senatorial Escort")      # 10 against 10
    assert s.force == [0, 0] and not s.hand[LIGHT]


def test_orn_free_taa_a_taps_for_a_build_point_and_shrugs_off_attackers() -> None:
    """Orn Free Taa (A) (PM.txt): tap and 1 build point in your build step: tap an opponent's
    unit. Attacked, the damage of that attack to him is prevented unless the attacker's owner
    taps one of their untapped Characters."""
    s = position(light={"arena": ["Orn Free Taa (A)"]}, dark={"arena": [BDS]})
    s.bp[LIGHT] = 1
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Orn Free Taa (A)')} 1")
    act(s, f"choose {c(s, BDS)}")
    assert s.tapped[unit(s, BDS)] and s.bp[LIGHT] == 0

    def attacked(tap: bool):
        s = position(light={"arena": ["Orn Free Taa (A)"]}, dark={"arena": ["Durge (A)", TC14]}, seed=4)
        s.tapped[unit(s, "Orn Free Taa (A)")] = True
        in_attack_window(s, "Durge (A)", "Orn Free Taa (A)", 2)
        assert s.current_player == DARK and f"choose {c(s, TC14)}" in texts(s)
        act(s, f"choose {c(s, TC14)}" if tap else "pass")
        while s.tasks and not s.done and s.atk is not None:
            act(s, "pass")
        return s

    s = attacked(True)
    assert s.tapped[unit(s, TC14)] and (s.damage[unit(s, "Orn Free Taa (A)")] > 0
                                            or s.zone[unit(s, "Orn Free Taa (A)")] == DISCARD)
    s = attacked(False)
    assert not s.tapped[unit(s, TC14)] and s.damage[unit(s, "Orn Free Taa (A)")] == 0


# ---- cards that change control or arenas (the shared primitives) ----------------------------
GARDULLA = "Gardulla the Hutt (A)"   # Neutral Character 7/20/3/6, Hutt


def _gardulla_at_character_step(force: int) -> tuple[TcgState, int, int]:
    """The Character battle step's first chance to play, with Gardulla's ability offered to
    the Dark Side if it can be used (the Light Side passes first)."""
    s = position(dark={"arena": [GARDULLA]}, light={"arena": [GUARD, "Obi-Wan Kenobi (A)", CLONE]},
                 force=(force, 0))
    start(s, ("step", 2))
    pass_until(s, "?pop")
    while s.tasks and s.current_player != DARK and f"use {c(s, GARDULLA)} 1" not in texts(s):
        act(s, "pass")
    return s, unit(s, GUARD), unit(s, "Obi-Wan Kenobi (A)")


def test_gardulla_the_hutt_a_takes_a_character_until_the_character_step_ends() -> None:
    """Gardulla the Hutt (A) (PM.yaml): pay X Force, in the Character battle step with no
    attack on, for control of an opposing non-Jedi Character of total build cost X or less
    until that step ends; X is paid as the chosen unit's cost (Naboo Security Guard: 2)."""
    s, guard, obi = _gardulla_at_character_step(5)
    act(s, f"use {c(s, GARDULLA)} 1")
    offered = texts(s)
    assert any(f"#{guard}" in t for t in offered) and not any(f"#{obi}" in t for t in offered)
    act(s, next(t for t in offered if f"#{guard}" in t))
    assert (s.owner[guard], guard in s.arena[DARK][2], s.force[DARK]) == (DARK, True, 3)
    assert s.lent[guard] == [LIGHT, 2]
    start(s, ("disembark", 2))                  # the Character battle step ends
    assert (s.owner[guard], guard in s.arena[LIGHT][2], s.lent) == (LIGHT, True, {})


def test_gardulla_the_hutt_a_offers_nothing_beyond_your_force_and_returns_discards() -> None:
    """Gardulla the Hutt (A) (PM.yaml): with 1 Force no Character is cheap enough, so the
    ability is not offered; a unit taken and then discarded goes to its owner's discard pile."""
    s, guard, _ = _gardulla_at_character_step(1)
    assert not s.tasks or f"use {c(s, GARDULLA)} 1" not in texts(s)
    s, guard, _ = _gardulla_at_character_step(2)
    act(s, f"use {c(s, GARDULLA)} 1")
    act(s, next(t for t in texts(s) if f"#{guard}" in t))
    assert s.owner[guard] == DARK and s.force[DARK] == 0
    discard_unit(s, guard)
    assert guard in s.discard[LIGHT] and s.owner[guard] == LIGHT and not s.lent


WALKER = "Walking Droid Starfighter"   # Dark Ground 4/20/3/2, Critical Hit 1


def test_walking_droid_starfighter_moves_to_space_and_fights_there() -> None:
    """Walking Droid Starfighter (PM.yaml): pay 3 Force in the Space battle step, before any
    attack this turn: it moves into the Space arena and is a Space unit there (it may attack a
    Space unit; a Ground selector no longer sees it); retreated, it comes back to Ground."""
    s = position(dark={"arena": [WALKER]}, light={"arena": ["Republic Cruiser", CLONE]}, force=(3, 0))
    w = unit(s, WALKER)
    start(s, ("step", 0))
    pass_until(s, "?pop")
    while s.current_player != DARK:
        act(s, "pass")
    act(s, f"use {c(s, WALKER)} 1")
    assert (s.unit_arena(w), w in s.arena[DARK][0], s.unit_type(w), s.force[DARK]) == (0, True, "space", 0)
    assert s.critical_hit(w) == 1
    act(s, f"hold {c(s, 'Republic Cruiser')}")          # the Light Side's faster Cruiser waits
    assert f"attack {c(s, WALKER)} > {c(s, 'Republic Cruiser')}" in texts(s)
    from dejarik.tcg.effects import retreat
    retreat(s, w)
    assert w in s.build[DARK] and s.unit_arena(w) == 1 and not s.moved


def test_walking_droid_starfighter_is_not_offered_after_an_attack() -> None:
    """Walking Droid Starfighter (PM.yaml): once a unit has attacked this turn, no move."""
    s = position(dark={"arena": [WALKER]}, light={"arena": ["Republic Cruiser", CLONE]}, force=(3, 0))
    s.attacked = 1
    start(s, ("step", 0))
    assert s.tasks[-1][0] == "?attack" and not any(t.startswith("use ") for t in texts(s))


def test_darth_sidious_d_taxes_the_opponents_force_abilities_only() -> None:
    """Darth Sidious (D) (PM.yaml; rulings): the opponent's activated abilities that cost Force
    (0 or more) cost 2 more; one with no Force cost (Yoda (B)'s tap) stays free, unless a Nexu
    taxes it too; his own Evade 2 costs 3."""
    s = position(dark={"arena": ["Darth Sidious (D)"]}, light={"arena": ["Kit Fisto (A)"]}, force=(0, 3))
    kit = unit(s, "Kit Fisto (A)")
    start(s, ("damage", kit, 3, -1, 1))
    assert not s.tasks and s.damage[kit] == 3           # Evade for 2 + 2 is out of reach
    s = position(dark={"arena": ["Darth Sidious (D)"]}, light={"arena": ["Kit Fisto (A)"]}, force=(0, 4))
    kit = unit(s, "Kit Fisto (A)")
    start(s, ("damage", kit, 3, -1, 1))
    act(s, f"use {c(s, 'Kit Fisto (A)')} 1")
    assert s.force[LIGHT] == 0
    s = position(dark={"arena": ["Darth Sidious (D)"]}, light={"arena": ["Yoda (B)"]})
    start(s, ("?build", LIGHT))
    assert f"use {c(s, 'Yoda (B)')} 3" in texts(s)
    s = position(dark={"arena": ["Darth Sidious (D)", "Nexu"]}, light={"arena": ["Yoda (B)"]}, force=(0, 2))
    start(s, ("?build", LIGHT))
    assert f"use {c(s, 'Yoda (B)')} 3" not in texts(s)   # 1 (Nexu) + 2 (Sidious, extended) > 2
    s = position(dark={"arena": ["Darth Sidious (D)"]}, force=(3, 0))
    sid = unit(s, "Darth Sidious (D)")
    start(s, ("damage", sid, 3, -1, 1))
    act(s, f"use {c(s, 'Darth Sidious (D)')} 2")
    close_window(s)
    assert s.damage[sid] == 1 and s.force[DARK] == 0


def test_duel_of_the_fates_repeats_a_battle_step_nobody_holds() -> None:
    """Duel of the Fates (PM.yaml): this turn, when a battle step ends with neither player
    controlling its arena, all units there untap and the step is fought again; not where one
    side holds the arena (or has no unit there)."""
    duel = ("Duel of the Fates", 7)                    # fully built: its cost is 7
    s = position(light={"build": [duel], "arena": ["Republic Cruiser"]},
                 dark={"arena": ["Trade Federation Battleship"]})
    complete(s, "Duel of the Fates", LIGHT)
    for u in s.all_in_play():
        s.tapped[u] = True
    start(s, ("disembark", 0))
    assert any("battle step again" in x for x in s.log)
    assert not any(s.tapped[u] for u in s.all_in_play()) and s.tasks[-1][0] == "?attack"
    s = position(light={"build": [duel], "arena": ["Republic Cruiser"]})
    complete(s, "Duel of the Fates", LIGHT)
    s.tapped[unit(s, "Republic Cruiser")] = True
    start(s, ("disembark", 0))
    assert not any("battle step again" in x for x in s.log) and s.tapped[unit(s, "Republic Cruiser")]


def test_rune_haako_a_draws_two_then_pays_with_a_trade_federation_card_or_two() -> None:
    """Rune Haako (A) (PM.yaml; ruling): pay 0 -> he retreats; tap -> draw 2, then discard 2
    cards unless you discard a Trade Federation card (two may go even with one in hand)."""
    rune = "Rune Haako (A)"
    s = position(dark={"arena": [rune], "deck": [KAMINOAN, BDS]})
    s.phase = COMMAND
    start(s, ("?build", DARK))
    act(s, f"use {c(s, rune)} 2")
    assert len(s.hand[DARK]) == 2
    act(s, texts(s)[0])                                   # the Trade Federation way
    assert texts(s) == [f"choose {c(s, BDS)}"]
    act(s, f"choose {c(s, BDS)}")
    assert s.hand[DARK] == [unit(s, KAMINOAN)]
    s = position(dark={"arena": [rune], "deck": [KAMINOAN, GUARD]})
    s.phase = COMMAND
    start(s, ("?build", DARK))
    act(s, f"use {c(s, rune)} 2")
    act(s, f"choose {c(s, KAMINOAN)}")                    # no Trade Federation card: 2 go
    act(s, f"choose {c(s, GUARD)}")
    assert s.hand[DARK] == [] and len(s.discard[DARK]) == 2
    s = position(dark={"arena": [rune]}, light={"arena": [CLONE]})
    start(s, ("step", 2))
    pass_until(s, "?pop")
    while s.current_player != DARK:
        act(s, "pass")
    act(s, f"use {c(s, rune)} 1")
    assert s.zone[unit(s, rune)] == BUILD


def test_aurra_sing_c_holds_a_deck_card_for_each_unit_she_destroys() -> None:
    """Aurra Sing (C) (PM.txt): she counts as a Dark Jedi; when her damage discards a unit, the
    top card of her deck goes face down under her (out of play, not her stack) and she gets +10
    speed, +1 power and +1 health for each. Her rulings: another version on top keeps the cards
    but not the bonus; leaving play other than by a discard sets them aside until the game ends
    (a discard sends them to the discard pile). Her opponent may not know the card."""
    from dejarik.tcg.effects import SET_ASIDE, place_unit
    from dejarik.tcg.invariants import check_invariants
    from dejarik.tcg.observe import observation
    from dejarik.tcg.state import HAND, HELD
    from tests.tcg.helpers import hits_with

    name = "Aurra Sing (C)"
    s = position(dark={"arena": [name], "hand": ["Aurra Sing (A)"], "deck": [BDS, CLONE]},
                 light={"arena": [GUARD, KAMINOAN]})
    aurra, top = unit(s, name), unit(s, BDS)
    assert "Dark Jedi" in s.d(aurra).tags
    assert (s.speed(aurra), s.power(aurra), s.health(aurra)) == (40, 4, 4)
    s.damage[unit(s, GUARD)] = 1
    hits_with(s, aurra, unit(s, GUARD), [5, 5])
    assert (s.zone[unit(s, GUARD)], s.zone[top], s.held[aurra]) == (DISCARD, HELD, [top])
    assert (s.speed(aurra), s.power(aurra), s.health(aurra), s.stack_size(aurra)) == (50, 5, 5, 0)
    assert check_invariants(s) == []
    mine = observation(s, DARK)["sides"][DARK]["arenas"]["character"][0]["held"]
    theirs = observation(s, LIGHT)["sides"][DARK]["arenas"]["character"][0]["held"]
    assert (mine, theirs) == ([BDS], ["a face-down card"])
    # a damage that doesn't discard adds nothing
    hits_with(s, aurra, unit(s, KAMINOAN), [1, 1, 1, 1])
    assert s.held[aurra] == [top]
    # another version on top: the card stays with the stack, the bonus doesn't apply
    other = unit(s, "Aurra Sing (A)")
    place_unit(s, other)
    # (+10 speed for the one card beneath it, as any stack; nothing for the held card)
    assert (s.held.get(other), s.speed(other), s.stack_size(other)) == ([top], s.d(other).speed + 10, 1)
    # returned to hand: the card is set aside, out of play, for the rest of the game
    start(s, ("fx", (("return_to_hand", ("self",)),), 0, (DARK, other, (), -1, 0)))
    assert (s.zone[other], s.held.get(SET_ASIDE), s.zone[top]) == (HAND, [top], HELD)
    # a discard sends them to the discard pile instead
    s = position(dark={"arena": [name], "deck": [BDS]}, light={"arena": [GUARD]})
    aurra = unit(s, name)
    s.damage[unit(s, GUARD)] = 1
    hits_with(s, aurra, unit(s, GUARD), [5, 5])
    discard_unit(s, aurra)
    assert (s.zone[unit(s, BDS)], s.held) == (DISCARD, {})
