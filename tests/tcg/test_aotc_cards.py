"""Every Attack of the Clones card with abilities, checked in the engine against what its
rules text says (../shared/reference/swtcg-data/AOTC.txt). One test per card, grouped by kind:
keywords, static abilities, activated abilities, triggers, Battle cards, Missions. Each test
compares with a position without the ability or checks exact numbers."""

from __future__ import annotations

import pytest

from dejarik.tcg.state import ARENA, BUILD, COMMAND, DISCARD
from tests.tcg.helpers import (
    DARK,
    LIGHT,
    act,
    c,
    close_window,
    complete,
    dice_rolled,
    hits_with,
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

# plain units used as targets, attackers and company
CORE = "Trade Federation Battleship Core"   # Dark Ground 10 power, 12 health
STATION = "Naboo Defense Station"           # Light Ground 6 power, 12 health
DCS = "Droid Control Ship"                  # Dark Space 9/9 (no Droid itself)
NABOO_CRUISER = "Naboo Cruiser"             # Light Space 6 power, 7 health
GOZANTI = "Gozanti Cruiser"                 # Neutral Space 5/6
CLONE = "Clone Platoon"                     # Light Ground 4/40/4/4, Clone
CLONE_SQUAD = "Clone Squad"                 # Light Ground 3/10/3/3, Clone
WARRIOR = "Clone Warrior 4/163"             # Light Character 4/40/4/4, Clone
DROIDS = "Destroyer Droid Squad"            # Dark Ground 5/40/5/5, Droid
BDS = "Battle Droid Squad"                  # Dark Ground 2/10/2/3, Droid
WING = "Droid Starfighter Wing"             # Dark Space 4/40/4/4, Droid Starfighter
N1_SQUAD = "Naboo Starfighter Squadron"     # Light Space 4/40/4/4, Starfighter
GUARD = "Geonosian Guard"                   # Dark Character 2/30/2/2, Geonosian
GEO_WARRIOR = "Geonosian Warrior"           # Dark Character 3/50/3/2, Geonosian
NSG = "Naboo Security Guard"                # Light Character 2/30/2/2, Naboo Soldier
PADME_D = "Padme Amidala (D)"               # Light Character 3/50/3/3, Diplomat
KIT = "Kit Fisto (A)"                       # Light Character, Jedi, 4/40/4/5
ZAM_B = "Zam Wesell (B)"                    # Dark Character, Bounty Hunter, 3/40/3/3


# ============================================================================================
# Static abilities
# ============================================================================================
def test_boba_fett_a_slows_every_bounty_hunter_on_both_sides() -> None:
    """Boba in the Character arena: each Bounty Hunter, whoever owns it, gets -10 speed."""
    s = position(dark={"arena": ["Jango Fett (D)", ZAM_B]}, light={"arena": ["Boba Fett (A)", NSG]})
    assert s.speed(unit(s, "Jango Fett (D)")) == 40 and s.speed(unit(s, ZAM_B)) == 30
    assert s.speed(unit(s, NSG)) == 30       # not a Bounty Hunter
    s = position(dark={"arena": ["Jango Fett (D)"]}, light={"arena": [NSG]})
    assert s.speed(unit(s, "Jango Fett (D)")) == 50


def test_captain_typho_a_speeds_his_other_naboo_soldiers() -> None:
    """Typho: each of your other Naboo Soldiers +10 speed (in any arena); not himself, not
    the opponent's."""
    s = position(light={"arena": ["Captain Typho (A)", NSG, "Naboo Senatorial Escort"]})
    assert s.speed(unit(s, NSG)) == 40 and s.speed(unit(s, "Naboo Senatorial Escort")) == 20
    assert s.speed(unit(s, "Captain Typho (A)")) == 40


def test_clone_officer_gives_your_clones_one_power() -> None:
    """Clone Officer: each of your Clones +1 power; other units are unchanged."""
    s = position(light={"arena": ["Clone Officer", CLONE, NSG]})
    assert s.power(unit(s, CLONE)) == 5 and s.power(unit(s, NSG)) == 2
    s = position(light={"arena": [CLONE]})
    assert s.power(unit(s, CLONE)) == 4


def test_geonosian_sentry_speeds_your_other_geonosians() -> None:
    """Geonosian Sentry: each of your other Geonosians +10 speed, itself not."""
    s = position(dark={"arena": ["Geonosian Sentry", GUARD, "Geonosian Squad", BDS]})
    assert s.speed(unit(s, GUARD)) == 40 and s.speed(unit(s, "Geonosian Squad")) == 40
    assert s.speed(unit(s, "Geonosian Sentry")) == 40 and s.speed(unit(s, BDS)) == 10


def _attacking(s, attacker: str, defender: str) -> int:
    a = unit(s, attacker)
    s.atk = [a, unit(s, defender), -1, s.unit_arena(a)]
    return a


def test_jango_fett_a_has_critical_hit_two_only_against_a_jedi() -> None:
    """Jango (A) attacking a Jedi: Critical Hit 2; attacking anything else, or not attacking: 0."""
    s = position(dark={"arena": ["Jango Fett (A)"]}, light={"arena": [KIT, WARRIOR]})
    j = unit(s, "Jango Fett (A)")
    assert s.critical_hit(j) == 0
    _attacking(s, "Jango Fett (A)", KIT)
    assert s.critical_hit(j) == 2 and s.power(j) == 7
    _attacking(s, "Jango Fett (A)", WARRIOR)
    assert s.critical_hit(j) == 0


def test_jango_fett_b_gets_power_and_critical_hit_against_a_jedi() -> None:
    """Jango (B) attacking a Jedi: +1 power and Critical Hit 1."""
    s = position(dark={"arena": ["Jango Fett (B)"]}, light={"arena": [KIT, WARRIOR]})
    j = _attacking(s, "Jango Fett (B)", KIT)
    assert (s.power(j), s.critical_hit(j)) == (7, 1)
    _attacking(s, "Jango Fett (B)", WARRIOR)
    assert (s.power(j), s.critical_hit(j)) == (6, 0)


def test_jango_fett_c_gets_two_power_against_a_jedi() -> None:
    """Jango (C) attacking a Jedi: +2 power."""
    s = position(dark={"arena": ["Jango Fett (C)"]}, light={"arena": [KIT, WARRIOR]})
    j = _attacking(s, "Jango Fett (C)", KIT)
    assert s.power(j) == 6
    _attacking(s, "Jango Fett (C)", WARRIOR)
    assert s.power(j) == 4
    s.atk = None
    assert dice_rolled(s, j, unit(s, KIT)) == 6


def test_lama_su_a_makes_clones_one_counter_cheaper_to_deploy() -> None:
    """Lama in the Character arena: a Clone deploys with one counter fewer than its cost."""
    s = position(light={"arena": ["Lama Su (A)"], "build": [(CLONE, 3)]})
    start(s, ("?build", LIGHT))
    assert f"deploy {c(s, CLONE)}" in texts(s)
    act(s, f"deploy {c(s, CLONE)}")
    assert s.zone[unit(s, CLONE)] == ARENA
    s = position(light={"arena": [NSG], "build": [(CLONE, 3)]})
    start(s, ("?build", LIGHT))
    assert f"deploy {c(s, CLONE)}" not in texts(s)


def test_luxury_airspeeder_speeds_your_other_ground_units() -> None:
    """Luxury Airspeeder: your other Ground units +10 speed; itself and your enemy's not."""
    s = position(dark={"arena": [DROIDS]}, light={"arena": ["Luxury Airspeeder", CLONE]})
    assert s.speed(unit(s, CLONE)) == 50 and s.speed(unit(s, "Luxury Airspeeder")) == 60
    assert s.speed(unit(s, DROIDS)) == 40


def test_padme_amidala_a_speeds_jedi_and_powers_anakin() -> None:
    """Padme (A): each of your Jedi +10 speed; Anakin Skywalker +2 power."""
    s = position(light={"arena": ["Padme Amidala (A)", KIT, "Anakin Skywalker (D)", NSG]})
    assert s.speed(unit(s, KIT)) == 50 and s.power(unit(s, KIT)) == 4
    anakin = unit(s, "Anakin Skywalker (D)")
    assert s.speed(anakin) == 60 and s.power(anakin) == 6
    assert s.speed(unit(s, NSG)) == 30


def test_plo_koon_a_gains_power_with_another_jedi_and_evades_two() -> None:
    """Plo: +1 power while you have another Jedi in the Character arena; Pay 2 -> Evade 2."""
    s = position(light={"arena": ["Plo Koon (A)"]}, force=(0, 2))
    plo = unit(s, "Plo Koon (A)")
    assert s.power(plo) == 5
    s = position(light={"arena": ["Plo Koon (A)", KIT]}, force=(0, 2))
    plo = unit(s, "Plo Koon (A)")
    assert s.power(plo) == 6
    start(s, ("damage", plo, 3, -1, 1))
    act(s, f"use {c(s, 'Plo Koon (A)')} 2")
    assert s.damage[plo] == 1 and s.force[LIGHT] == 0


def test_slave_i_a_keeps_damaged_enemy_space_units_from_retreating() -> None:
    """Slave I in Space: the opponent may not retreat Space units that have damage counters."""
    light = {"arena": ["Republic Cruiser", N1_SQUAD, NSG]}
    s = position(dark={"arena": ["Slave I (A)"]}, light=light)
    s.damage[unit(s, "Republic Cruiser")] = 1
    s.damage[unit(s, NSG)] = 1
    start(s, ("?retreat", LIGHT))
    assert f"retreat {c(s, 'Republic Cruiser')}" not in texts(s)
    assert f"retreat {c(s, N1_SQUAD)}" in texts(s) and f"retreat {c(s, NSG)}" in texts(s)
    s = position(dark={"arena": [WING]}, light=light)
    s.damage[unit(s, "Republic Cruiser")] = 1
    start(s, ("?retreat", LIGHT))
    assert f"retreat {c(s, 'Republic Cruiser')}" in texts(s)


def test_taun_we_a_speeds_your_clones() -> None:
    """Taun We: each of your Clones +10 speed."""
    s = position(light={"arena": ["Taun We (A)", CLONE, "Clone Officer", NSG]})
    assert s.speed(unit(s, CLONE)) == 50 and s.speed(unit(s, "Clone Officer")) == 50
    assert s.speed(unit(s, NSG)) == 30


def test_acklay_is_fast_only_alone_in_the_character_arena() -> None:
    """Acklay: +30 speed while you have no other units in the Character arena."""
    s = position(dark={"arena": ["Acklay", DROIDS]}, light={"arena": [NSG]})
    assert s.speed(unit(s, "Acklay")) == 70
    s = position(dark={"arena": ["Acklay", GUARD]})
    assert s.speed(unit(s, "Acklay")) == 40


def test_chancellor_palpatine_a_slows_the_opponents_characters() -> None:
    """Palpatine: each of the opponent's Characters -10 speed; their other units and yours not."""
    s = position(dark={"arena": [GUARD, DROIDS]}, light={"arena": ["Chancellor Palpatine (A)", NSG]})
    assert s.speed(unit(s, GUARD)) == 20 and s.speed(unit(s, DROIDS)) == 40
    assert s.speed(unit(s, NSG)) == 30


def test_kaminoan_guard_gains_power_while_any_clone_is_in_play() -> None:
    """Kaminoan Guard: +1 power while one or more Clones, anyone's, are in an arena."""
    s = position(dark={"arena": ["Kaminoan Guard"]}, light={"arena": [CLONE]})
    assert s.power(unit(s, "Kaminoan Guard")) == 4
    s = position(dark={"arena": ["Kaminoan Guard"]}, light={"arena": [NSG]})
    assert s.power(unit(s, "Kaminoan Guard")) == 3


def test_nexu_taxes_the_opponents_activated_abilities() -> None:
    """Nexu: each activated ability of the opponent's units costs 1 more Force (Yoda (B)'s
    free tap and Kit Fisto's Evade alike)."""
    s = position(light={"arena": ["Yoda (B)"]})
    start(s, ("?build", LIGHT))
    assert f"use {c(s, 'Yoda (B)')} 3" in texts(s)
    s = position(dark={"arena": ["Nexu"]}, light={"arena": ["Yoda (B)"]})
    start(s, ("?build", LIGHT))
    assert f"use {c(s, 'Yoda (B)')} 3" not in texts(s)
    s = position(dark={"arena": ["Nexu"]}, light={"arena": [KIT]}, force=(0, 2))
    start(s, ("damage", unit(s, KIT), 3, -1, 1))
    assert not s.tasks and s.damage[unit(s, KIT)] == 3      # 2 Force no longer pays for Evade
    s = position(dark={"arena": ["Nexu"]}, light={"arena": [KIT]}, force=(0, 3))
    start(s, ("damage", unit(s, KIT), 3, -1, 1))
    act(s, f"use {c(s, KIT)} 1")
    assert s.force[LIGHT] == 0 and s.damage[unit(s, KIT)] == 1


def test_nexu_does_not_tax_jar_jars_triggered_reroll() -> None:
    """Nexu taxes activated abilities only; Jar Jar's reroll is a 'when your opponent rolls'
    trigger with no cost, so it stays free (and usable with 0 Force) under Nexu."""
    s = position(dark={"arena": ["Nexu", GEO_WARRIOR]}, light={"arena": ["Jar Jar Binks (A)"]}, seed=4)
    s.atk = [unit(s, GEO_WARRIOR), unit(s, "Jar Jar Binks (A)"), -1, 2]
    start(s, ("attack_roll",))
    assert s.tasks and f"use {c(s, 'Jar Jar Binks (A)')} 1" in texts(s)


def test_super_battle_droid_8ex_boosts_with_another_droid() -> None:
    """8EX: +10 speed and +1 power while you have another Droid in any arena."""
    s = position(dark={"arena": ["Super Battle Droid 8EX", BDS]})
    u = unit(s, "Super Battle Droid 8EX")
    assert (s.speed(u), s.power(u)) == (50, 6)
    s = position(dark={"arena": ["Super Battle Droid 8EX", GUARD]})
    u = unit(s, "Super Battle Droid 8EX")
    assert (s.speed(u), s.power(u)) == (40, 5)


def test_hyperdrive_ring_gains_power_with_a_starfighter_in_space() -> None:
    """Hyperdrive Ring: +2 power while you have a Starfighter in the Space arena."""
    s = position(light={"arena": ["Hyperdrive Ring", N1_SQUAD]})
    assert s.power(unit(s, "Hyperdrive Ring")) == 3
    s = position(dark={"arena": [WING]}, light={"arena": ["Hyperdrive Ring", "Republic Cruiser"]})
    assert s.power(unit(s, "Hyperdrive Ring")) == 1


def test_darth_sidious_a_makes_the_opponent_build_face_up() -> None:
    """Sidious in the Character arena: the opponent's build is visible; the card stays a
    face-down card. Without him it stays hidden."""
    s = position(dark={"arena": ["Darth Sidious (A)"]}, light={"hand": [CLONE]})
    s.bp = [0, 2]
    start(s, ("?build", LIGHT))
    act(s, f"build {c(s, CLONE)} +2")
    card = unit(s, CLONE)
    assert s.shown[card] >> DARK & 1 and not s.face_up[card] and s.zone[card] == BUILD
    s = position(dark={"arena": [GUARD]}, light={"hand": [CLONE]})
    s.bp = [0, 2]
    start(s, ("?build", LIGHT))
    act(s, f"build {c(s, CLONE)} +2")
    assert not s.shown[unit(s, CLONE)] >> DARK & 1


# ============================================================================================
# Activated abilities
# ============================================================================================
def test_anakin_skywalker_b_pumps_a_ground_unit_in_the_build_step() -> None:
    """Anakin (B), tap in your build step: one of your Ground units +20 speed and +2 power
    until the end of battle."""
    s = position(light={"arena": ["Anakin Skywalker (B)", CLONE]})
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Anakin Skywalker (B)')} 1")
    assert texts(s) == [f"choose {c(s, CLONE)}"]          # only a Ground unit of yours
    act(s, f"choose {c(s, CLONE)}")
    cl = unit(s, CLONE)
    assert (s.speed(cl), s.power(cl)) == (60, 6) and s.tapped[unit(s, "Anakin Skywalker (B)")]
    start(s, ("end_battle",))
    assert (s.speed(cl), s.power(cl)) == (40, 4)


def test_assassin_droid_asn_121_a_does_three_damage_unless_a_jedi_side_pays() -> None:
    """ASN-121, tap when it would attack: 3 damage to an enemy Character, unless the opponent
    has a Jedi in the Character arena and pays 2 Force."""
    s = position(dark={"arena": ["Assassin Droid ASN-121 (A)"]}, light={"arena": [WARRIOR]}, force=(0, 5))
    start(s, ("step", 2))
    act(s, f"use {c(s, 'Assassin Droid ASN-121 (A)')} 1")
    act(s, f"choose {c(s, WARRIOR)}")
    assert s.damage[unit(s, WARRIOR)] == 3 and s.tapped[unit(s, "Assassin Droid ASN-121 (A)")]
    s = position(dark={"arena": ["Assassin Droid ASN-121 (A)"]}, light={"arena": [WARRIOR, KIT]},
                 force=(0, 2))
    start(s, ("step", 2))
    act(s, f"use {c(s, 'Assassin Droid ASN-121 (A)')} 1")
    act(s, f"choose {c(s, WARRIOR)}")
    assert s.current_player == LIGHT and "pay 2" in texts(s)
    act(s, "pay 2")
    assert s.damage[unit(s, WARRIOR)] == 0 and s.force[LIGHT] == 0


def test_bail_organa_a_taps_the_unit_the_opponent_picks_unless_they_pay_three() -> None:
    """Bail, tap in your build step: the opponent picks one of its Characters; it is tapped
    unless the opponent pays 3 Force."""
    dark = {"arena": [GUARD, GEO_WARRIOR, DROIDS]}
    s = position(dark=dark, light={"arena": ["Bail Organa (A)"]})
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Bail Organa (A)')} 1")
    assert s.current_player == DARK
    assert sorted(texts(s)) == sorted([f"choose {c(s, GUARD)}", f"choose {c(s, GEO_WARRIOR)}"])
    act(s, f"choose {c(s, GUARD)}")
    assert s.tapped[unit(s, GUARD)] and not s.tapped[unit(s, GEO_WARRIOR)]
    s = position(dark=dark, light={"arena": ["Bail Organa (A)"]}, force=(3, 0))
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Bail Organa (A)')} 1")
    act(s, f"choose {c(s, GUARD)}")
    act(s, "pay 3")
    assert not s.tapped[unit(s, GUARD)] and s.force[DARK] == 0


def test_darth_tyranus_a_pays_one_for_two_power_this_attack() -> None:
    """Tyranus (A), Pay 1 Force during his attack: +2 power for this attack (9 dice, not 7)."""
    s = position(dark={"arena": ["Darth Tyranus (A)"]}, light={"arena": [STATION, WARRIOR]}, force=(1, 0))
    ty = unit(s, "Darth Tyranus (A)")
    in_attack_window(s, "Darth Tyranus (A)", WARRIOR, 2)
    assert s.power(ty) == 7
    act(s, f"use {c(s, 'Darth Tyranus (A)')} 1")
    assert len(rolled_in_log(s)) == 9 and s.force[DARK] == 0
    assert s.power(ty) == 7          # the attack is over


def test_darth_tyranus_a_deflects_one_damage_back() -> None:
    """Tyranus (A), Pay 2 Force -> Deflect 1: prevent 1 and do 1 to a unit in his arena."""
    s = position(dark={"arena": ["Darth Tyranus (A)"]}, light={"arena": [WARRIOR]}, force=(2, 0))
    ty, w = unit(s, "Darth Tyranus (A)"), unit(s, WARRIOR)
    start(s, ("damage", ty, 2, w, 1))
    assert f"use {c(s, 'Darth Tyranus (A)')} 2" not in texts(s)    # Evade needs 3
    act(s, f"use {c(s, 'Darth Tyranus (A)')} 3")
    act(s, "yes")
    act(s, f"choose {c(s, WARRIOR)}")
    assert s.damage[ty] == 1 and s.damage[w] == 1 and s.force[DARK] == 0


def test_dexter_jettster_a_gives_a_character_three_power_instead_of_attacking() -> None:
    """Dexter, tap when he would attack: one of your Characters +3 power until end of battle."""
    s = position(dark={"arena": [GUARD]}, light={"arena": ["Dexter Jettster (A)", WARRIOR]})
    start(s, ("step", 2))
    act(s, f"use {c(s, 'Dexter Jettster (A)')} 1")
    act(s, f"choose {c(s, WARRIOR)}")
    w = unit(s, WARRIOR)
    assert s.power(w) == 7 and s.tapped[unit(s, "Dexter Jettster (A)")]
    start(s, ("end_battle",))
    assert s.power(w) == 4


def test_obi_wan_kenobi_a_discards_himself_to_save_a_character_and_gain_force() -> None:
    """Obi-Wan (A), discard him: prevent all damage to one of your Characters, then gain
    Force equal to the damage prevented."""
    s = position(light={"arena": ["Obi-Wan Kenobi (A)", WARRIOR, CLONE]}, force=(0, 1))
    start(s, ("damage", unit(s, WARRIOR), 3, -1, 1))
    act(s, f"use {c(s, 'Obi-Wan Kenobi (A)')} 2")
    assert s.damage[unit(s, WARRIOR)] == 0 and s.force[LIGHT] == 4
    assert s.zone[unit(s, "Obi-Wan Kenobi (A)")] == DISCARD
    s = position(light={"arena": ["Obi-Wan Kenobi (A)", CLONE]})
    start(s, ("damage", unit(s, CLONE), 3, -1, 1))      # a Ground unit: not his to save
    assert not s.tasks and s.damage[unit(s, CLONE)] == 3


def test_queen_jamillia_a_retreats_a_diplomat_instead_of_attacking() -> None:
    """Jamillia, tap when she would attack: retreat one of your Diplomats."""
    s = position(light={"arena": ["Queen Jamillia (A)", "Bail Organa (A)", NSG]})
    s.tapped[unit(s, "Bail Organa (A)")] = True
    s.tapped[unit(s, NSG)] = True
    start(s, ("step", 2))
    act(s, f"use {c(s, 'Queen Jamillia (A)')} 1")
    assert f"choose {c(s, NSG)}" not in texts(s)          # not a Diplomat
    act(s, f"choose {c(s, 'Bail Organa (A)')}")
    bail = unit(s, "Bail Organa (A)")
    assert s.zone[bail] == BUILD and s.face_up[bail] and s.tapped[unit(s, "Queen Jamillia (A)")]


def test_r2_d2_a_gives_your_space_units_critical_hit_one() -> None:
    """R2-D2, tap in your build step: each of your Space units Critical Hit 1 until the end of
    battle."""
    s = position(dark={"arena": [WING]}, light={"arena": ["R2-D2 (A)", "Republic Cruiser", N1_SQUAD, CLONE]})
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'R2-D2 (A)')} 1")
    assert s.critical_hit(unit(s, "Republic Cruiser")) == 1 and s.critical_hit(unit(s, N1_SQUAD)) == 1
    assert s.critical_hit(unit(s, CLONE)) == 0 and s.critical_hit(unit(s, WING)) == 0
    start(s, ("end_battle",))
    assert s.critical_hit(unit(s, "Republic Cruiser")) == 0


def test_san_hill_a_gives_two_build_points_and_the_opponent_one() -> None:
    """San Hill, tap in your build step: you +2 build points, the opponent +1."""
    s = position(dark={"arena": ["San Hill (A)"]})
    s.bp = [1, 1]
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'San Hill (A)')} 1")
    assert s.bp == [3, 2] and s.tapped[unit(s, "San Hill (A)")]


LOOTERS = [  # (card, side, cards drawn, cards then discarded)
    ("Shu Mai (A)", DARK, 1, 1),
    ("Coruscant Freighter AA-9 (A)", LIGHT, 3, 2),
    ("Jawa Sandcrawler", DARK, 2, 2),
    ("Jedi Patrol", LIGHT, 1, 1),
    ("Reek", DARK, 1, 1),
    ("Trade Federation C-9979", DARK, 1, 0),
    ("Corellian Star Shuttle", LIGHT, 1, 0),
]


@pytest.mark.parametrize(("card", "side", "n", "m"), LOOTERS, ids=[x[0] for x in LOOTERS])
def test_tap_to_draw_then_discard_in_the_build_step(card: str, side: int, n: int, m: int) -> None:
    """Tap in your build step: draw n cards, then discard m from your hand; once per turn."""
    sides: list[dict] = [{}, {}]
    sides[side] = {"arena": [card], "hand": ["Swoop Bike"], "deck": ["Rickshaw"] * 4}
    s = position(dark=sides[0], light=sides[1])
    start(s, ("?build", side))
    act(s, f"use {c(s, card)} 1")
    assert len(s.hand[side]) == 1 + n and len(s.deck[side]) == 4 - n
    for _ in range(m):
        assert s.tasks[-1][0] == "?discard"
        act(s, texts(s)[0])
    assert len(s.hand[side]) == 1 + n - m and len(s.discard[side]) == m
    assert s.tasks[-1] == ("?build", side) and f"use {c(s, card)} 1" not in texts(s)


def test_nute_gunray_a_makes_the_opponent_discard_a_card_of_their_choice() -> None:
    """Nute, tap in your build step: the opponent chooses and discards a card from hand."""
    s = position(dark={"arena": ["Nute Gunray (A)"]}, light={"hand": [CLONE, "Hero's Dodge"]})
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'Nute Gunray (A)')} 1")
    assert s.current_player == LIGHT
    act(s, "choose " + c(s, "Hero's Dodge"))
    assert names(s, s.hand[LIGHT]) == [CLONE] and names(s, s.discard[LIGHT]) == ["Hero's Dodge"]


def test_c_3po_a_discards_two_to_draw_two() -> None:
    """C-3PO, tap and discard 2 cards in your build step: draw 2; not with fewer than 2."""
    s = position(light={"arena": ["C-3PO (A)"], "hand": ["Swoop Bike", "Patrol Speeder"],
                        "deck": ["Rickshaw", GOZANTI, "Taylander Shuttle"]})
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'C-3PO (A)')} 1")
    assert s.tasks[-1][0] == "?discard" and len(s.hand[LIGHT]) == 2     # the cost first, then the draw
    act(s, texts(s)[0])
    act(s, texts(s)[0])
    assert sorted(names(s, s.hand[LIGHT])) == sorted(["Rickshaw", GOZANTI])
    assert sorted(names(s, s.discard[LIGHT])) == ["Patrol Speeder", "Swoop Bike"]
    s = position(light={"arena": ["C-3PO (A)"], "hand": ["Swoop Bike"], "deck": ["Rickshaw"] * 2})
    start(s, ("?build", LIGHT))
    assert f"use {c(s, 'C-3PO (A)')} 1" not in texts(s)


def test_tyranuss_geonosian_speeder_a_fetches_a_battle_card() -> None:
    """Tap in your build step: search your deck for a Battle card, into your hand; shuffle."""
    s = position(dark={"arena": ["Tyranus's Geonosian Speeder (A)"],
                       "deck": [BDS, "Dark Speed", GUARD, "Dark Rendezvous"]})
    start(s, ("?build", DARK))
    act(s, "use " + c(s, "Tyranus's Geonosian Speeder (A)") + " 1")
    assert sorted(texts(s)) == sorted([f"choose {c(s, 'Dark Speed')}", "pass"])
    act(s, f"choose {c(s, 'Dark Speed')}")
    assert names(s, s.hand[DARK]) == ["Dark Speed"] and len(s.deck[DARK]) == 3


def test_yoda_b_taps_for_a_force_in_the_build_step() -> None:
    """Yoda (B), tap in your build step: gain 1 Force."""
    s = position(light={"arena": ["Yoda (B)"]}, force=(0, 2))
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Yoda (B)')} 3")
    assert s.force[LIGHT] == 3 and s.tapped[unit(s, "Yoda (B)")]
    assert f"use {c(s, 'Yoda (B)')} 3" not in texts(s)


@pytest.mark.parametrize(("card", "k", "cost", "n"), [("Yoda (A)", 3, 10, 3), ("Yoda (B)", 2, 5, 2)],
                         ids=["Yoda (A)", "Yoda (B)"])
def test_yoda_deflects_damage_back_at_an_enemy(card: str, k: int, cost: int, n: int) -> None:
    """Yoda's Deflect N: prevent N and do that much to a unit of your choice in his arena."""
    s = position(dark={"arena": [GEO_WARRIOR, "Geonosian Sentry"]}, light={"arena": [card]}, force=(0, cost))
    y, sentry = unit(s, card), unit(s, "Geonosian Sentry")
    start(s, ("damage", y, n + 1, unit(s, GEO_WARRIOR), 1))
    act(s, f"use {c(s, card)} {k}")
    act(s, "yes")
    act(s, f"choose {c(s, 'Geonosian Sentry')}")
    assert s.damage[y] == 1 and s.damage[sentry] == n and s.force[LIGHT] == 0


def test_corde_a_discards_herself_to_save_any_non_jedi_character() -> None:
    """Corde, discard her: prevent all damage to any one non-Jedi Character (even the
    opponent's); never a Jedi."""
    s = position(dark={"arena": [GUARD]}, light={"arena": ["Corde (A)", WARRIOR, KIT]})
    start(s, ("damage", unit(s, WARRIOR), 3, -1, 1))
    act(s, f"use {c(s, 'Corde (A)')} 2")
    assert s.damage[unit(s, WARRIOR)] == 0 and s.zone[unit(s, "Corde (A)")] == DISCARD
    s = position(dark={"arena": [GUARD]}, light={"arena": ["Corde (A)", KIT]})
    start(s, ("damage", unit(s, GUARD), 1, -1, 1))
    assert f"use {c(s, 'Corde (A)')} 2" in texts(s)
    s = position(light={"arena": ["Corde (A)", KIT]})
    start(s, ("damage", unit(s, KIT), 3, -1, 1))
    assert not s.tasks and s.damage[unit(s, KIT)] == 3


def test_obi_wan_kenobi_b_shields_anakin_for_one_force() -> None:
    """Obi-Wan (B), Pay 1 Force: prevent 1 damage to Anakin Skywalker; nobody else."""
    s = position(light={"arena": ["Obi-Wan Kenobi (B)", "Anakin Skywalker (C)", KIT]}, force=(0, 1))
    an = unit(s, "Anakin Skywalker (C)")
    start(s, ("damage", an, 2, -1, 1))
    act(s, f"use {c(s, 'Obi-Wan Kenobi (B)')} 3")
    assert s.damage[an] == 1 and s.force[LIGHT] == 0
    s = position(light={"arena": ["Obi-Wan Kenobi (B)", KIT]}, force=(0, 1))
    start(s, ("damage", unit(s, KIT), 2, -1, 1))
    assert not s.tasks


def test_padme_amidala_c_takes_one_counter_and_retreats_to_dodge_all() -> None:
    """Padme (C), put 1 damage counter on her and retreat her: prevent all damage to her."""
    s = position(light={"arena": ["Padme Amidala (C)"]})
    pa = unit(s, "Padme Amidala (C)")
    start(s, ("damage", pa, 3, -1, 1))
    act(s, f"use {c(s, 'Padme Amidala (C)')} 1")
    assert s.zone[pa] == BUILD and s.face_up[pa] and s.damage[pa] == 1


def test_poggle_the_lesser_a_taps_an_enemy_character_unless_they_pay_three() -> None:
    """Poggle, tap when he would attack: tap an enemy Character unless its side pays 3."""
    s = position(dark={"arena": ["Poggle the Lesser (A)"]}, light={"arena": [NSG]})
    start(s, ("step", 2))
    act(s, f"use {c(s, 'Poggle the Lesser (A)')} 1")
    act(s, f"choose {c(s, NSG)}")
    assert s.tapped[unit(s, NSG)] and s.tapped[unit(s, "Poggle the Lesser (A)")]
    s = position(dark={"arena": ["Poggle the Lesser (A)"]}, light={"arena": [NSG]}, force=(0, 3))
    start(s, ("step", 2))
    act(s, f"use {c(s, 'Poggle the Lesser (A)')} 1")
    act(s, f"choose {c(s, NSG)}")
    act(s, "pay 3")
    assert not s.tapped[unit(s, NSG)] and s.force[LIGHT] == 0


def test_jar_jar_binks_a_may_reroll_dice_rolled_at_him() -> None:
    """Jar Jar: when the opponent rolls attack dice against him, he may reroll any of them;
    against another unit there is no such chance."""
    s = position(dark={"arena": [GEO_WARRIOR]}, light={"arena": ["Jar Jar Binks (A)", NSG]}, seed=4)
    s.atk = [unit(s, GEO_WARRIOR), unit(s, "Jar Jar Binks (A)"), -1, 2]
    start(s, ("attack_roll",))
    assert s.current_player == LIGHT
    act(s, f"use {c(s, 'Jar Jar Binks (A)')} 1")
    first = s.dice[0]
    act(s, f"choose die 1 ({first})")
    act(s, "pass")
    assert any(line.startswith("dice rerolled") for line in s.log)
    s = position(dark={"arena": [GEO_WARRIOR]}, light={"arena": ["Jar Jar Binks (A)", NSG]}, seed=4)
    s.atk = [unit(s, GEO_WARRIOR), unit(s, NSG), -1, 2]
    start(s, ("attack_roll",))
    assert not s.tasks


def damage_logged(s, target: str) -> int:
    line = next(x for x in s.log if x.endswith(f" damage to {target}"))
    return int(line.split()[0])


@pytest.mark.parametrize(("card", "side", "seed", "target"),
                         [("Darth Tyranus (B)", DARK, 1, WARRIOR),
                          ("Obi-Wan Kenobi (B)", LIGHT, 1, GUARD)],
                         ids=["Darth Tyranus (B)", "Obi-Wan Kenobi (B)"])
def test_pay_two_for_critical_hit_two_this_attack(card: str, side: int, seed: int, target: str) -> None:
    """Pay 2 Force during his attack: Critical Hit 2 for this attack (a rolled 6 adds 2)."""
    sides: list[dict] = [{}, {}]
    sides[side] = {"arena": [card]}
    sides[1 - side] = {"arena": [target]}
    f = [0, 0]
    f[side] = 2
    s = position(dark=sides[0], light=sides[1], force=(f[0], f[1]), seed=seed)
    in_attack_window(s, card, target, 2)
    act(s, f"use {c(s, card)} 1")
    dice = rolled_in_log(s)
    assert 6 in dice and s.force[side] == 0
    assert damage_logged(s, target) == sum(d >= 4 for d in dice) + 2
    assert s.critical_hit(unit(s, card)) == 0     # only for that attack


# ============================================================================================
# Triggered abilities
# ============================================================================================
@pytest.mark.parametrize("card", ["Darth Sidious (A)", "Yoda (A)"])
def test_gains_a_force_when_the_battle_phase_ends(card: str) -> None:
    """Sidious (A) / Yoda (A) in the Character arena: +1 Force when the battle phase ends;
    retreated, nothing."""
    side = DARK if card.startswith("Darth") else LIGHT
    sides: list[dict] = [{}, {}]
    sides[side] = {"arena": [card]}
    s = start(position(dark=sides[0], light=sides[1], force=(2, 2)), ("end_battle",))
    assert s.force[side] == 3 and s.force[1 - side] == 2
    sides[side] = {"retreated": [card]}
    s = start(position(dark=sides[0], light=sides[1], force=(2, 2)), ("end_battle",))
    assert s.force == [2, 2]


def test_obi_wans_starfighter_a_repairs_itself_when_the_battle_phase_starts() -> None:
    """Obi-Wan's Starfighter in Space: when the battle phase starts, all its damage goes."""
    s = position(dark={"arena": [WING]}, light={"arena": ["Obi-Wan's Starfighter (A)", "Republic Cruiser"]})
    ship, cruiser = unit(s, "Obi-Wan's Starfighter (A)"), unit(s, "Republic Cruiser")
    s.damage[ship] = 2
    s.damage[cruiser] = 2
    start(s, ("battle",))
    assert s.damage[ship] == 0 and s.damage[cruiser] == 2


@pytest.mark.parametrize(("card", "side", "loser"), [("Padme Amidala (B)", LIGHT, DARK),
                                                     ("Wat Tambor (A)", DARK, LIGHT)],
                         ids=["Padme Amidala (B)", "Wat Tambor (A)"])
def test_the_other_side_gets_one_build_point_less(card: str, side: int, loser: int) -> None:
    """Padme (B) / Wat Tambor in the Character arena when build points are rolled: the other
    side gets -1 build point this turn."""
    for seed in (1, 2, 3, 4, 5, 6, 7, 8):
        sides: list[dict] = [{}, {}]
        sides[side] = {"arena": [card]}
        s = start(position(dark=sides[0], light=sides[1], seed=seed), ("command",))
        if s.bp[side] > 1:
            break
    assert s.bp[loser] == s.bp[side] - 1


def test_tyranuss_solar_sailer_a_may_retreat_when_its_attack_ends() -> None:
    """Solar Sailer: when its attack ends, you may retreat it."""
    s = position(dark={"arena": ["Tyranus's Solar Sailer (A)"]}, light={"arena": [NABOO_CRUISER]})
    sailer = unit(s, "Tyranus's Solar Sailer (A)")
    s.atk = [sailer, unit(s, NABOO_CRUISER), -1, 0]
    start(s, ("attack_end",))
    assert s.current_player == DARK and texts(s) == ["yes", "pass"]
    act(s, "yes")
    assert s.zone[sailer] == BUILD and s.face_up[sailer]
    s = position(dark={"arena": [WING]}, light={"arena": [NABOO_CRUISER]})
    s.atk = [unit(s, WING), unit(s, NABOO_CRUISER), -1, 0]
    start(s, ("attack_end",))
    assert s.zone[unit(s, WING)] == ARENA and not s.tasks


def test_zam_wesell_a_heals_or_gets_critical_hit_at_the_character_step() -> None:
    """Zam (A), when the Character battle step starts: remove 1 damage counter from her, or
    Critical Hit 2 until the end of battle."""
    s = position(dark={"arena": ["Zam Wesell (A)"]}, light={"arena": [NSG]})
    z = unit(s, "Zam Wesell (A)")
    s.damage[z] = 2
    start(s, ("step", 2))
    assert texts(s) == ["choose option 1", "choose option 2"]
    act(s, "choose option 1")
    assert s.damage[z] == 1 and s.critical_hit(z) == 0
    s = position(dark={"arena": ["Zam Wesell (A)"]}, light={"arena": [NSG]})
    z = unit(s, "Zam Wesell (A)")
    start(s, ("step", 2))
    act(s, "choose option 2")
    assert s.critical_hit(z) == 2
    start(s, ("end_battle",))
    assert s.critical_hit(z) == 0


def test_destroyer_droid_p_series_picks_speed_or_power_and_has_shields() -> None:
    """P Series, when the Character step starts: +20 speed, or +2 power until the end of
    battle. Shields 1 as well."""
    s = position(dark={"arena": ["Destroyer Droid, P Series"]}, light={"arena": [WARRIOR]})
    p = unit(s, "Destroyer Droid, P Series")
    start(s, ("step", 2))
    act(s, "choose option 1")
    assert (s.speed(p), s.power(p)) == (60, 5)
    s = position(dark={"arena": ["Destroyer Droid, P Series"]}, light={"arena": [WARRIOR]}, seed=2)
    p = unit(s, "Destroyer Droid, P Series")
    start(s, ("step", 2))
    act(s, "choose option 2")
    assert (s.speed(p), s.power(p)) == (40, 7)
    s = position(dark={"arena": ["Destroyer Droid, P Series"]}, light={"arena": [WARRIOR]}, seed=2)
    assert dice_rolled(s, unit(s, WARRIOR), unit(s, "Destroyer Droid, P Series")) == 3


def test_cliegg_lars_a_costs_a_force_when_deployed() -> None:
    """Cliegg: when you deploy him, you lose 1 Force."""
    s = position(light={"build": [("Cliegg Lars (A)", 2), (NSG, 2)]}, force=(0, 3))
    s.phase = COMMAND       # deploying in setup is not 'deploying' for triggers
    start(s, ("?build", LIGHT))
    act(s, f"deploy {c(s, NSG)}")
    assert s.force[LIGHT] == 3
    act(s, f"deploy {c(s, 'Cliegg Lars (A)')}")
    assert s.force[LIGHT] == 2 and s.zone[unit(s, "Cliegg Lars (A)")] == ARENA


def test_droid_control_ship_speeds_droids_and_hurts_them_when_it_is_discarded() -> None:
    """Droid Control Ship in Space: your Droids +10 speed; discarded from Space, it does 1
    damage to each of your Droids in each arena."""
    s = position(dark={"arena": [DCS, WING, BDS, "Super Battle Droid 8EX", GUARD]}, light={"arena": [CLONE]})
    assert s.speed(unit(s, BDS)) == 20 and s.speed(unit(s, WING)) == 50 and s.speed(unit(s, GUARD)) == 30
    assert s.speed(unit(s, CLONE)) == 40
    start(s, ("damage", unit(s, DCS), 9, unit(s, CLONE), 1))
    assert s.zone[unit(s, DCS)] == DISCARD
    assert [s.damage[unit(s, x)] for x in (WING, BDS, "Super Battle Droid 8EX", GUARD)] == [1, 1, 1, 0]
    assert s.speed(unit(s, BDS)) == 10


def test_elan_sleazebaggano_a_speeds_your_characters_then_hurts_them() -> None:
    """Elan: your other Characters +20 speed; when the battle phase ends, 1 damage to each
    of your other Characters."""
    s = position(dark={"arena": ["Elan Sleazebaggano (A)", GUARD, GEO_WARRIOR, BDS]},
                 light={"arena": [NSG]})
    assert s.speed(unit(s, GUARD)) == 50 and s.speed(unit(s, BDS)) == 10 and s.speed(unit(s, NSG)) == 30
    assert s.speed(unit(s, "Elan Sleazebaggano (A)")) == 50
    start(s, ("end_battle",))
    assert s.damage[unit(s, GUARD)] == 1 and s.damage[unit(s, GEO_WARRIOR)] == 1
    assert s.damage[unit(s, "Elan Sleazebaggano (A)")] == 0 and s.damage[unit(s, NSG)] == 0


def test_infantry_battle_droid_b1_series_draws_a_card_when_discarded() -> None:
    """B1 Series: discarded from the Character arena, you draw a card."""
    s = position(dark={"arena": ["Infantry Battle Droid, B1 Series"], "deck": [BDS]}, light={"arena": [NSG]})
    start(s, ("damage", unit(s, "Infantry Battle Droid, B1 Series"), 1, unit(s, NSG), 1))
    assert s.zone[unit(s, "Infantry Battle Droid, B1 Series")] == DISCARD
    assert names(s, s.hand[DARK]) == [BDS]


def test_watto_a_may_repair_a_droid_speeder_or_starfighter_at_battle_end() -> None:
    """Watto in the Character arena, when the battle phase ends: you may remove one damage
    counter from one of your Droids, Speeders or Starfighters."""
    s = position(dark={"arena": ["Watto (A)", BDS, GUARD, "Zam's Airspeeder (A)"]})
    for x in (BDS, GUARD):
        s.damage[unit(s, x)] = 2
    start(s, ("end_battle",))
    act(s, "yes")
    assert f"choose {c(s, GUARD)}" not in texts(s)
    assert f"choose {c(s, BDS)}" in texts(s)
    act(s, f"choose {c(s, BDS)}")
    assert s.damage[unit(s, BDS)] == 1 and s.damage[unit(s, GUARD)] == 2


# ============================================================================================
# Battle cards
# ============================================================================================
def play_in_step(s, card: str, step: int) -> None:
    """Open the step and play the card at its first play-or-pass chance."""
    start(s, ("step", step))
    act(s, f"play {c(s, card)}")


def test_battle_fatigue_weakens_every_unit_of_an_arena_not_yet_attacked_in() -> None:
    """Pay 2 -> pick an arena where no unit attacked this turn: each unit there, both sides',
    -1 power until the end of battle."""
    s = position(dark={"arena": [DROIDS, GUARD]}, light={"arena": [CLONE], "hand": ["Battle Fatigue"]},
                 force=(0, 2))
    s.attacked = 1                                   # someone attacked in Space already
    play_in_step(s, "Battle Fatigue", 1)
    assert texts(s) == ["choose ground", "choose character"]
    act(s, "choose ground")
    assert s.power(unit(s, DROIDS)) == 4 and s.power(unit(s, CLONE)) == 3
    assert s.power(unit(s, GUARD)) == 2 and s.force[LIGHT] == 0
    start(s, ("end_battle",))
    assert s.power(unit(s, DROIDS)) == 5


def test_dark_sides_command_turns_an_enemy_space_unit_on_its_own_side() -> None:
    """Pay 8 -> untap an opponent's tapped Space unit; its next attack this turn may be
    pointed at another of the opponent's Space units."""
    s = position(dark={"arena": [WING], "hand": ["Dark Side's Command"]},
                 light={"arena": ["Republic Cruiser", N1_SQUAD, CLONE]}, force=(8, 0))
    for x in ("Republic Cruiser", N1_SQUAD, CLONE):
        s.tapped[unit(s, x)] = True
    play_in_step(s, "Dark Side's Command", 0)
    assert sorted(texts(s)) == sorted([f"choose {c(s, 'Republic Cruiser')}", f"choose {c(s, N1_SQUAD)}"])
    act(s, f"choose {c(s, 'Republic Cruiser')}")
    assert not s.tapped[unit(s, "Republic Cruiser")] and s.force[DARK] == 0
    act(s, f"hold {c(s, WING)}")
    assert s.current_player == DARK
    act(s, f"attack {c(s, 'Republic Cruiser')} > {c(s, N1_SQUAD)}")
    assert "Republic Cruiser attacks Naboo Starfighter Squadron" in s.log


def test_dark_sides_compulsion_turns_an_enemy_ground_unit_on_its_own_side() -> None:
    """Pay 8 -> untap an opponent's tapped Ground unit; the Dark Side may have its next
    attack hit another of the opponent's Ground units."""
    s = position(dark={"arena": [DROIDS, WING], "hand": ["Dark Side's Compulsion"]},
                 light={"arena": [CLONE, CLONE_SQUAD, "Republic Cruiser"]}, force=(8, 0))
    for x in (CLONE, "Republic Cruiser"):
        s.tapped[unit(s, x)] = True
    play_in_step(s, "Dark Side's Compulsion", 1)
    assert texts(s) == [f"choose {c(s, CLONE)}"]     # only a tapped Ground unit of the opponent
    act(s, f"choose {c(s, CLONE)}")
    assert not s.tapped[unit(s, CLONE)]
    act(s, f"hold {c(s, DROIDS)}")
    act(s, f"attack {c(s, CLONE)} > {c(s, CLONE_SQUAD)}")
    assert "Clone Platoon attacks Clone Squad" in s.log


def test_heros_duty_gives_five_power_then_discards_the_attacker() -> None:
    """Pay 4 -> your attacking unit +5 power for this attack; when the attack ends, discard it."""
    s = position(dark={"arena": [CORE]}, light={"arena": [CLONE], "hand": ["Hero's Duty"]}, force=(0, 4), seed=2)
    in_attack_window(s, CLONE, CORE, 1)
    act(s, "play " + c(s, "Hero's Duty"))
    assert len(rolled_in_log(s)) == 9
    assert s.zone[unit(s, CLONE)] == DISCARD


def test_heros_flaw_gives_your_characters_critical_hit_two_against_one_target() -> None:
    """Pay 3 -> pick an opponent's Character: this turn your Characters attacking it have
    Critical Hit 2; against others, nothing extra."""
    s = position(dark={"arena": ["Geonosian Sentry", GUARD]}, light={"arena": [WARRIOR], "hand": ["Hero's Flaw"]},
                 force=(0, 3))
    play_in_step(s, "Hero's Flaw", 2)
    act(s, f"choose {c(s, 'Geonosian Sentry')}")
    w = unit(s, WARRIOR)
    assert hits_with(s, w, unit(s, "Geonosian Sentry"), [6, 1]) == 3
    assert hits_with(s, w, unit(s, GUARD), [6, 1]) == 1


def test_interference_in_the_senate_slows_and_weakens_the_opponent_in_one_arena() -> None:
    """Pay 10 -> pick an arena: the opponent's units there -20 speed and -2 power until the
    end of battle; yours unchanged."""
    s = position(dark={"arena": [DROIDS], "hand": ["Interference in the Senate"]},
                 light={"arena": [CLONE, WARRIOR]}, force=(10, 0))
    play_in_step(s, "Interference in the Senate", 1)
    act(s, "choose ground")
    cl = unit(s, CLONE)
    assert (s.speed(cl), s.power(cl)) == (20, 2) and s.power(unit(s, WARRIOR)) == 4
    assert s.power(unit(s, DROIDS)) == 5 and s.force[DARK] == 0


@pytest.mark.parametrize(("card", "cost", "n"), [("Jedi Knight's Deflection", 6, 2),
                                                 ("Padawan's Deflection", 3, 1)],
                         ids=["Jedi Knight's Deflection", "Padawan's Deflection"])
def test_deflection_cards_prevent_and_throw_the_damage_back(card: str, cost: int, n: int) -> None:
    """Pay X -> prevent N damage to one of your units; it may do that much damage to a unit
    of your choice in its arena."""
    s = position(dark={"arena": [DROIDS]}, light={"arena": [CLONE], "hand": [card]}, force=(0, cost))
    cl, dr = unit(s, CLONE), unit(s, DROIDS)
    start(s, ("damage", cl, 3, dr, 1))
    act(s, f"play {c(s, card)}")
    act(s, "yes")
    act(s, f"choose {c(s, DROIDS)}")
    assert s.damage[cl] == 3 - n and s.damage[dr] == n and s.force[LIGHT] == 0


def test_power_dive_untaps_a_starfighter_or_speeder() -> None:
    """Pay 3 -> untap one of your tapped Starfighters in Space or Speeders in Ground; not a
    transport."""
    s = position(dark={"arena": [WING]},
                 light={"arena": [N1_SQUAD, "Republic Cruiser", "Speeder Bike Squadron"], "hand": ["Power Dive"]},
                 force=(0, 3))
    for x in (N1_SQUAD, "Republic Cruiser", "Speeder Bike Squadron"):
        s.tapped[unit(s, x)] = True
    play_in_step(s, "Power Dive", 0)
    assert sorted(texts(s)) == sorted([f"choose {c(s, N1_SQUAD)}", f"choose {c(s, 'Speeder Bike Squadron')}"])
    act(s, f"choose {c(s, N1_SQUAD)}")
    assert not s.tapped[unit(s, N1_SQUAD)] and s.tapped[unit(s, "Republic Cruiser")]


def test_second_effort_rerolls_the_chosen_attack_dice() -> None:
    """Pay 5 -> after your attack roll, reroll the dice you choose; the defender can't."""
    s = position(dark={"arena": [CORE]}, light={"arena": [CLONE], "hand": ["Second Effort"]},
                 force=(0, 5), seed=3)
    s.atk = [unit(s, CLONE), unit(s, CORE), -1, 1]
    start(s, ("attack_roll",))
    act(s, "play " + c(s, "Second Effort"))
    act(s, texts(s)[0])
    act(s, "pass")
    assert any(line.startswith("dice rerolled") for line in s.log) and len(s.dice) == 4
    s = position(dark={"arena": [CORE], "hand": ["Second Effort"]}, light={"arena": [CLONE]}, force=(5, 0))
    s.atk = [unit(s, CLONE), unit(s, CORE), -1, 1]
    start(s, ("attack_roll",))
    assert not s.tasks


def test_spirit_of_the_fallen_needs_a_lost_character_and_gives_two_power() -> None:
    """Pay 2, only once one of your Characters was discarded from the arena this turn: each
    of your Characters +2 power until the end of battle."""
    s = position(dark={"arena": [GUARD]}, light={"arena": [WARRIOR, NSG], "hand": ["Spirit of the Fallen"]},
                 force=(0, 2))
    start(s, ("step", 2))
    assert "play " + c(s, "Spirit of the Fallen") not in texts(s)
    start(s, ("damage", unit(s, NSG), 2, -1, 1))
    assert s.zone[unit(s, NSG)] == DISCARD
    play_in_step(s, "Spirit of the Fallen", 2)
    assert s.power(unit(s, WARRIOR)) == 6 and s.power(unit(s, GUARD)) == 2


PUMPS = [  # (card, Force, power added for this attack)
    ("Tyranus's Wrath", 8, 7),
    ("Strength of Hate", 2, 3),
    ("Surge of Power", 1, 2),
]


@pytest.mark.parametrize(("card", "cost", "n"), PUMPS, ids=[x[0] for x in PUMPS])
def test_attack_pump_adds_power_for_this_attack_only(card: str, cost: int, n: int) -> None:
    """Pay X -> the attacking unit gets +N power for this attack: it rolls 3 + N dice."""
    s = position(dark={"arena": [GEO_WARRIOR], "hand": [card]}, light={"arena": [STATION, WARRIOR]},
                 force=(cost, 0), seed=6)
    in_attack_window(s, GEO_WARRIOR, WARRIOR, 2)
    act(s, f"play {c(s, card)}")
    assert len(rolled_in_log(s)) == 3 + n and s.force[DARK] == 0
    assert s.power(unit(s, GEO_WARRIOR)) == 3


DAMPERS = [("Tyranus's Gift", 3, 5), ("Weapon Response", 1, 2)]


@pytest.mark.parametrize(("card", "cost", "n"), DAMPERS, ids=[x[0] for x in DAMPERS])
def test_attack_damper_takes_power_from_the_enemy_attacker(card: str, cost: int, n: int) -> None:
    """Pay X -> the attacking unit gets -N power for this attack (here the opponent's 4)."""
    s = position(dark={"arena": [GUARD], "hand": [card]}, light={"arena": [WARRIOR]}, force=(cost, 0), seed=6)
    in_attack_window(s, WARRIOR, GUARD, 2)
    act(s, f"play {c(s, card)}")
    if 4 - n > 0:
        assert len(rolled_in_log(s)) == 4 - n
    else:
        assert "no dice: power 0 or less" in s.log
    assert s.power(unit(s, WARRIOR)) == 4


def test_war_will_follow_puts_a_retreated_enemy_ship_back_into_space() -> None:
    """Pay 3 -> pick a Space unit in the opponent's build zone: it goes into the Space arena,
    untapped."""
    s = position(dark={"arena": [WING], "hand": ["War Will Follow"]},
                 light={"arena": [CLONE], "retreated": ["Republic Cruiser", CLONE_SQUAD]}, force=(3, 0))
    play_in_step(s, "War Will Follow", 1)
    assert texts(s) == [f"choose {c(s, 'Republic Cruiser')}"]
    act(s, f"choose {c(s, 'Republic Cruiser')}")
    rc = unit(s, "Republic Cruiser")
    assert s.zone[rc] == ARENA and rc in s.arena[LIGHT][0] and not s.tapped[rc]


def test_ward_of_the_jedi_shelters_a_unit_while_it_has_company() -> None:
    """Pay 4 -> one of your units can't be attacked this turn while you have another unit in
    its arena."""
    s = position(dark={"arena": [DROIDS]}, light={"arena": [CLONE, CLONE_SQUAD], "hand": ["Ward of the Jedi"]},
                 force=(0, 4))
    play_in_step(s, "Ward of the Jedi", 1)
    act(s, f"choose {c(s, CLONE)}")
    attacks = [t for t in texts(s) if t.startswith("attack")]
    assert attacks == [f"attack {c(s, DROIDS)} > {c(s, CLONE_SQUAD)}"]
    s.arena[LIGHT][1].remove(unit(s, CLONE_SQUAD))     # alone now: it may be attacked
    s.zone[unit(s, CLONE_SQUAD)] = DISCARD
    s._legal = None
    assert f"attack {c(s, DROIDS)} > {c(s, CLONE)}" in texts(s)


def test_windus_solution_gives_thirty_speed_and_two_power() -> None:
    """Pay 2 -> one of your units +30 speed and +2 power until the end of battle."""
    s = position(dark={"arena": [DROIDS]}, light={"arena": [CLONE], "hand": ["Windu's Solution"]}, force=(0, 2))
    play_in_step(s, "Windu's Solution", 1)
    act(s, f"choose {c(s, CLONE)}")
    cl = unit(s, CLONE)
    assert (s.speed(cl), s.power(cl)) == (70, 6)
    start(s, ("end_battle",))
    assert (s.speed(cl), s.power(cl)) == (40, 4)


PREVENTERS = [  # (card, side, Force, prevented, a unit it may save, one it may not)
    ("Yoda's Intervention", LIGHT, 3, 3, CLONE, None),
    ("Hero's Dodge", LIGHT, 1, 2, WARRIOR, CLONE),
    ("High-Force Dodge", DARK, 5, 5, CORE, None),
    ("Pilot's Dodge", LIGHT, 2, 2, N1_SQUAD, WARRIOR),
]


@pytest.mark.parametrize(("card", "side", "cost", "n", "ok", "bad"), PREVENTERS, ids=[x[0] for x in PREVENTERS])
def test_dodge_cards_prevent_damage_to_the_right_units(card: str, side: int, cost: int, n: int,
                                                       ok: str, bad: str | None) -> None:
    """Pay X -> prevent up to N damage to one of your units (of the kinds the card names)."""
    sides: list[dict] = [{}, {}]
    sides[side] = {"arena": [ok] + ([bad] if bad else []), "hand": [card]}
    f = [0, 0]
    f[side] = cost
    s = position(dark=sides[0], light=sides[1], force=(f[0], f[1]))
    u = unit(s, ok)
    start(s, ("damage", u, n + 1, -1, 1))
    act(s, f"play {c(s, card)}")
    close_window(s)
    assert s.damage[u] == 1 and s.force[side] == 0
    if bad:
        s = position(dark=sides[0], light=sides[1], force=(f[0], f[1]))
        start(s, ("damage", unit(s, bad), 1, -1, 1))
        assert not s.tasks and s.damage[unit(s, bad)] == 1


def test_anakins_inspiration_speeds_your_units_in_one_arena() -> None:
    """Pay 2 -> pick an arena: each of your units there +20 speed until the end of battle."""
    s = position(dark={"arena": [DROIDS]},
                 light={"arena": [CLONE, CLONE_SQUAD, WARRIOR], "hand": ["Anakin's Inspiration"]}, force=(0, 2))
    play_in_step(s, "Anakin's Inspiration", 1)
    act(s, "choose ground")
    assert s.speed(unit(s, CLONE)) == 60 and s.speed(unit(s, CLONE_SQUAD)) == 30
    assert s.speed(unit(s, WARRIOR)) == 40 and s.speed(unit(s, DROIDS)) == 40


def test_attract_enemy_fire_redirects_the_attack_to_another_of_your_units() -> None:
    """Pay 2, while your unit is attacked -> pick another of your units in that arena: the
    attacker attacks it instead."""
    s = position(dark={"arena": [DROIDS]},
                 light={"arena": [CLONE, STATION, N1_SQUAD], "hand": ["Attract Enemy Fire"]}, force=(0, 2), seed=2)
    in_attack_window(s, DROIDS, CLONE, 1)
    act(s, "play " + c(s, "Attract Enemy Fire"))
    assert texts(s) == [f"choose {c(s, STATION)}"]
    act(s, f"choose {c(s, STATION)}")
    assert "the attack turns on Naboo Defense Station" in s.log
    assert s.damage[unit(s, CLONE)] == 0 and s.damage[unit(s, STATION)] == damage_logged(s, STATION) > 0


def test_cheat_the_game_rerolls_all_your_attack_dice() -> None:
    """Pay 3 -> after your attack roll, reroll all of your dice."""
    s = position(dark={"arena": [CORE]}, light={"arena": [CLONE], "hand": ["Cheat the Game"]},
                 force=(0, 3), seed=3)
    s.atk = [unit(s, CLONE), unit(s, CORE), -1, 1]
    start(s, ("attack_roll",))
    first = list(s.dice)
    act(s, "play " + c(s, "Cheat the Game"))
    line = next(x for x in s.log if x.startswith("dice rerolled"))
    again = [int(v) for v in line.split("[")[1].rstrip("]").split(",")]
    assert len(again) == len(first) == 4 and s.force[LIGHT] == 0
    assert s.damage[unit(s, CORE)] == sum(d >= 4 for d in again)


def test_dark_speed_is_free_and_gives_thirty_speed() -> None:
    """No Force -> one of your units +30 speed until the end of battle."""
    s = position(dark={"arena": [DROIDS], "hand": ["Dark Speed"]}, light={"arena": [CLONE]})
    play_in_step(s, "Dark Speed", 1)
    act(s, f"choose {c(s, DROIDS)}")
    assert s.speed(unit(s, DROIDS)) == 70 and s.force[DARK] == 0


def test_down_in_flames_discards_an_enemy_speeder() -> None:
    """Pay 4 -> the opponent discards one of its Speeders in the Ground arena."""
    s = position(dark={"arena": [DROIDS], "hand": ["Down in Flames"]},
                 light={"arena": [CLONE, "Speeder Bike Squadron"]}, force=(4, 0))
    play_in_step(s, "Down in Flames", 1)
    assert texts(s) == [f"choose {c(s, 'Speeder Bike Squadron')}"]
    act(s, f"choose {c(s, 'Speeder Bike Squadron')}")
    assert s.zone[unit(s, "Speeder Bike Squadron")] == DISCARD and s.zone[unit(s, CLONE)] == ARENA


def test_go_to_the_temple_retreats_any_number_of_your_units_from_an_arena() -> None:
    """Pay 2, when no unit is attacking -> pick an arena; retreat any of your units there."""
    s = position(dark={"arena": [DROIDS]},
                 light={"arena": [CLONE, CLONE_SQUAD, WARRIOR], "hand": ["Go to the Temple"]}, force=(0, 2))
    play_in_step(s, "Go to the Temple", 1)
    act(s, "choose ground")
    act(s, f"choose {c(s, CLONE)}")
    act(s, f"choose {c(s, CLONE_SQUAD)}")
    assert s.zone[unit(s, CLONE)] == BUILD and s.zone[unit(s, CLONE_SQUAD)] == BUILD
    assert s.zone[unit(s, WARRIOR)] == ARENA and s.zone[unit(s, DROIDS)] == ARENA
    s = position(dark={"arena": [DROIDS]}, light={"arena": [CLONE], "hand": ["Go to the Temple"]},
                 force=(0, 2))
    in_attack_window(s, DROIDS, CLONE, 1)       # while the attack runs it is not offered...
    assert any(" rolls [" in line for line in s.log)
    assert s.tasks[-1][0] == "?pop" and "play " + c(s, "Go to the Temple") in texts(s)   # ...after, it is


def test_master_and_apprentice_gives_two_units_two_power() -> None:
    """Pay 3 -> up to 2 of your units each +2 power until the end of battle."""
    s = position(dark={"arena": [DROIDS]},
                 light={"arena": [CLONE, WARRIOR, NSG], "hand": ["Master and Apprentice"]}, force=(0, 3))
    play_in_step(s, "Master and Apprentice", 1)
    act(s, f"choose {c(s, CLONE)}")
    act(s, f"choose {c(s, WARRIOR)}")
    assert s.power(unit(s, CLONE)) == 6 and s.power(unit(s, WARRIOR)) == 6 and s.power(unit(s, NSG)) == 2


def test_knockdown_taps_an_untapped_character() -> None:
    """Pay 4 -> tap an untapped Character (anyone's); not other units."""
    s = position(dark={"arena": [GUARD], "hand": ["Knockdown"]}, light={"arena": [NSG, WARRIOR, CLONE]},
                 force=(4, 0))
    s.tapped[unit(s, WARRIOR)] = True
    play_in_step(s, "Knockdown", 1)
    assert sorted(texts(s)) == sorted([f"choose {c(s, GUARD)}", f"choose {c(s, NSG)}"])
    act(s, f"choose {c(s, NSG)}")
    assert s.tapped[unit(s, NSG)]


@pytest.mark.parametrize(("card", "arena", "kind"), [("Repulsorlift Malfunction", 1, CLONE),
                                                     ("Sonic Shockwave", 0, N1_SQUAD)],
                         ids=["Repulsorlift Malfunction", "Sonic Shockwave"])
def test_tap_an_untapped_unit_of_one_type(card: str, arena: int, kind: str) -> None:
    """Pay 5 -> tap an untapped Ground (Space) unit, anyone's; other types can't be picked."""
    s = position(dark={"arena": [GUARD], "hand": [card]}, light={"arena": [CLONE, N1_SQUAD, NSG]}, force=(5, 0))
    play_in_step(s, card, 2)
    assert texts(s) == [f"choose {c(s, kind)}"]
    act(s, f"choose {c(s, kind)}")
    assert s.tapped[unit(s, kind)] and s.force[DARK] == 0


SHIELD_ARENA = [  # (card, arena, a unit of that arena to do damage, one of another arena)
    ("Lost in the Asteroids", 0, WING, DROIDS),
    ("Peace on Naboo", 1, DROIDS, GUARD),
    ("Lull in the Fighting", 2, GUARD, WING),
]


@pytest.mark.parametrize(("card", "arena", "src", "other"), SHIELD_ARENA, ids=[x[0] for x in SHIELD_ARENA])
def test_free_cards_prevent_all_damage_done_by_one_arenas_units(card: str, arena: int, src: str,
                                                                 other: str) -> None:
    """Free, only before any unit of that arena attacked: prevent all damage done by that
    arena's units this turn; damage from other units still lands."""
    s = position(dark={"arena": [WING, DROIDS, GUARD], "hand": [card]},
                 light={"arena": [STATION, NABOO_CRUISER, WARRIOR]})
    play_in_step(s, card, arena)
    assert s.zone[unit(s, card)] == DISCARD
    start(s, ("damage", unit(s, STATION), 2, unit(s, src), 1))
    assert s.damage[unit(s, STATION)] == 0
    start(s, ("damage", unit(s, STATION), 2, unit(s, other), 1))
    assert s.damage[unit(s, STATION)] == 2
    s = position(dark={"arena": [WING, DROIDS, GUARD], "hand": [card]},
                 light={"arena": [STATION, NABOO_CRUISER, WARRIOR]})
    s.attacked = 1 << arena
    start(s, ("step", arena))
    assert "play " + c(s, card) not in texts(s)


def test_target_locked_gives_critical_hit_two_for_this_attack() -> None:
    """Pay 2 -> your attacking unit has Critical Hit 2 for this attack."""
    s = position(dark={"arena": [GEO_WARRIOR], "hand": ["Target Locked"]}, light={"arena": [STATION, WARRIOR]},
                 force=(2, 0), seed=1)
    in_attack_window(s, GEO_WARRIOR, WARRIOR, 2)
    act(s, "play " + c(s, "Target Locked"))
    dice = rolled_in_log(s)
    assert 6 in dice and damage_logged(s, WARRIOR) == sum(d >= 4 for d in dice) + 2
    assert s.critical_hit(unit(s, GEO_WARRIOR)) == 0


# ============================================================================================
# Missions
# ============================================================================================
def test_clear_the_skies_thins_out_crowded_arenas_dark_side_first() -> None:
    """Each player discards one of its units from each arena where it has 4 or more; the
    Dark Side chooses first."""
    s = mission(LIGHT, "Clear the Skies", {"arena": [CLONE, CLONE, CLONE_SQUAD, CLONE_SQUAD, N1_SQUAD]},
                {"arena": [BDS, BDS, DROIDS, DROIDS, GUARD, GUARD, GUARD]})
    complete(s, "Clear the Skies", LIGHT)
    assert s.current_player == DARK and s.tasks[-1][0] == "?crowd"
    act(s, texts(s)[0])
    assert s.current_player == LIGHT
    act(s, texts(s)[0])
    assert [len(a) for a in s.arena[DARK]] == [0, 3, 3] and [len(a) for a in s.arena[LIGHT]] == [1, 3, 0]


def test_dark_rendezvous_costs_the_opponent_seven_force() -> None:
    """The opponent loses 7 Force (never below 0)."""
    s = mission(DARK, "Dark Rendezvous", force=(1, 9))
    complete(s, "Dark Rendezvous", DARK)
    assert s.force == [1, 2]
    s = mission(DARK, "Dark Rendezvous", force=(1, 5))
    complete(s, "Dark Rendezvous", DARK)
    assert s.force == [1, 0]


def test_destruction_of_hope_makes_the_opponent_discard_two_then_gains_one() -> None:
    """The opponent chooses and discards 2 cards from hand; you gain 1 Force."""
    s = mission(DARK, "Destruction of Hope", theirs={"hand": [CLONE, NSG, WARRIOR]}, force=(0, 0))
    complete(s, "Destruction of Hope", DARK)
    assert s.current_player == LIGHT
    act(s, f"choose {c(s, NSG)}")
    act(s, f"choose {c(s, WARRIOR)}")
    assert names(s, s.hand[LIGHT]) == [CLONE] and s.force[DARK] == 1


def test_jedi_call_for_help_needs_a_jedi_and_fetches_a_unit() -> None:
    """Only with a Jedi of yours in the Character arena: search your deck for a unit card."""
    deck = {"deck": [CLONE, "Hero's Dodge", "Shaak Ti (A)"]}
    s = mission(LIGHT, "Jedi Call for Help", {**deck, "arena": [NSG]})
    start(s, ("?build", LIGHT))
    assert "complete " + c(s, "Jedi Call for Help") not in texts(s)
    s = mission(LIGHT, "Jedi Call for Help", {**deck, "arena": [KIT]})
    complete(s, "Jedi Call for Help", LIGHT)
    assert sorted(texts(s)) == sorted([f"choose {c(s, CLONE)}", f"choose {c(s, 'Shaak Ti (A)')}", "pass"])
    act(s, f"choose {c(s, CLONE)}")
    assert names(s, s.hand[LIGHT]) == [CLONE] and len(s.deck[LIGHT]) == 2


def test_jedi_council_summons_fetches_a_jedi_and_gains_one() -> None:
    """Search your deck for a Jedi card into your hand; then gain 1 Force."""
    s = mission(LIGHT, "Jedi Council Summons", {"deck": [CLONE, "Shaak Ti (A)", NSG]})
    complete(s, "Jedi Council Summons", LIGHT)
    assert sorted(texts(s)) == sorted([f"choose {c(s, 'Shaak Ti (A)')}", "pass"])
    act(s, f"choose {c(s, 'Shaak Ti (A)')}")
    assert names(s, s.hand[LIGHT]) == ["Shaak Ti (A)"] and s.force[LIGHT] == 1


def test_a_moments_rest_prevents_all_damage_to_one_unit_this_turn() -> None:
    """Pick one of your units: all damage to it this turn is prevented; others still take it."""
    s = mission(LIGHT, "A Moment's Rest", {"arena": [CLONE, CLONE_SQUAD]})
    complete(s, "A Moment's Rest", LIGHT)
    act(s, f"choose {c(s, CLONE)}")
    start(s, ("damage", unit(s, CLONE), 3, -1, 1))
    start(s, ("damage", unit(s, CLONE_SQUAD), 2, -1, 1))
    assert s.damage[unit(s, CLONE)] == 0 and s.damage[unit(s, CLONE_SQUAD)] == 2


def test_order_here_makes_battle_cards_cost_three_more() -> None:
    """Each Battle card costs 3 more Force this turn, free ones included."""
    s = mission(LIGHT, "Order Here", {"arena": [WARRIOR], "hand": ["Hero's Dodge"]}, {"hand": ["Dark Speed"]},
                force=(2, 3))
    complete(s, "Order Here", LIGHT)
    start(s, ("damage", unit(s, WARRIOR), 3, -1, 1))
    assert not s.tasks and s.damage[unit(s, WARRIOR)] == 3          # 1 + 3 > 3 Force
    s.force = [3, 4]
    s.damage[unit(s, WARRIOR)] = 0
    start(s, ("damage", unit(s, WARRIOR), 3, -1, 1))
    act(s, "play " + c(s, "Hero's Dodge"))
    assert s.force[LIGHT] == 0 and s.damage[unit(s, WARRIOR)] == 1
    s.force = [2, 0]
    start(s, ("step", 2))
    assert "play " + c(s, "Dark Speed") not in texts(s)


def test_plot_the_secession_discards_the_hand_and_draws_five() -> None:
    """Discard your hand, then draw 5 cards."""
    s = mission(DARK, "Plot the Secession", {"hand": [GUARD, BDS], "deck": [DROIDS] * 7})
    complete(s, "Plot the Secession", DARK)
    assert names(s, s.hand[DARK]) == [DROIDS] * 5 and len(s.deck[DARK]) == 2
    assert sorted(names(s, s.discard[DARK])) == sorted([GUARD, BDS, "Plot the Secession"])


def test_seek_the_councils_wisdom_gains_four_force() -> None:
    """You gain 4 Force."""
    s = mission(LIGHT, "Seek the Council's Wisdom", force=(0, 1))
    complete(s, "Seek the Council's Wisdom", LIGHT)
    assert s.force == [0, 5]


def test_target_the_senator_rolls_four_dice_at_an_enemy_when_battle_starts() -> None:
    """When the battle phase starts, pick one of the opponent's units anywhere: 4 dice of
    damage to it (4+ is one damage each); nothing happens before."""
    s = mission(DARK, "Target the Senator", theirs={"arena": [STATION, N1_SQUAD]}, seed=3)
    complete(s, "Target the Senator", DARK)
    assert s.damage[unit(s, STATION)] == 0
    start(s, ("battle",))
    assert s.current_player == DARK
    assert sorted(texts(s)) == sorted([f"choose {c(s, STATION)}", f"choose {c(s, N1_SQUAD)}"])
    act(s, f"choose {c(s, STATION)}")
    line = next(x for x in s.log if x.startswith("4 dice of damage at Naboo Defense Station"))
    rolls = [int(v) for v in line.split("[")[1].split("]")[0].split(",")]
    assert len(rolls) == 4 and s.damage[unit(s, STATION)] == sum(r >= 4 for r in rolls)


def test_tyranuss_edict_shields_your_other_units_in_that_arena() -> None:
    """Pick one of your units: while it is in its arena, your other units there can't be
    attacked this turn."""
    s = mission(DARK, "Tyranus's Edict", {"arena": [DROIDS, BDS, GUARD]},
                {"arena": ["Speeder Bike Squadron", WARRIOR]})
    complete(s, "Tyranus's Edict", DARK)
    act(s, f"choose {c(s, BDS)}")
    start(s, ("step", 1))
    pass_until(s, "?attack")
    attacks = [t for t in texts(s) if t.startswith("attack")]
    assert attacks == [f"attack {c(s, 'Speeder Bike Squadron')} > {c(s, BDS)}"]


def test_capture_obi_wan_moves_two_force() -> None:
    """The opponent loses 2 Force; you gain 2."""
    s = mission(DARK, "Capture Obi-Wan", force=(1, 3))
    complete(s, "Capture Obi-Wan", DARK)
    assert s.force == [3, 1]


def test_chase_the_villain_stops_enemy_characters_retreating() -> None:
    """The opponent can't retreat Characters in its retreat step this turn; other units can."""
    s = mission(LIGHT, "Chase the Villain", theirs={"arena": [GUARD, DROIDS]})
    complete(s, "Chase the Villain", LIGHT)
    start(s, ("?retreat", DARK))
    assert texts(s) == [f"retreat {c(s, DROIDS)}", "pass"]


def test_departure_time_trades_a_unit_for_four_build_points() -> None:
    """You may discard one of your units; if you do, +4 build points this turn."""
    s = mission(LIGHT, "Departure Time", {"arena": [CLONE, NSG]})
    s.bp = [0, 0]
    complete(s, "Departure Time", LIGHT)
    act(s, "yes")
    act(s, f"choose {c(s, NSG)}")
    assert s.zone[unit(s, NSG)] == DISCARD and s.bp[LIGHT] == 4
    s = mission(LIGHT, "Departure Time", {"arena": [CLONE, NSG]})
    complete(s, "Departure Time", LIGHT)
    act(s, "pass")
    assert s.bp[LIGHT] == 0 and s.zone[unit(s, NSG)] == ARENA


def test_ship_arrival_reveals_until_a_unit_of_the_named_type() -> None:
    """Name Space, Ground or Character; reveal from the top until a unit of that type: it
    goes to your hand, the other revealed cards are shuffled back."""
    s = mission(LIGHT, "Ship Arrival", {"deck": [CLONE, "Hero's Dodge", N1_SQUAD, WARRIOR]})
    complete(s, "Ship Arrival", LIGHT)
    assert texts(s) == ["choose space", "choose ground", "choose character"]
    act(s, "choose space")
    assert names(s, s.hand[LIGHT]) == [N1_SQUAD]
    assert sorted(names(s, s.deck[LIGHT])) == sorted([CLONE, "Hero's Dodge", WARRIOR])


def test_splinter_the_republic_fetches_a_card_named_like_a_unit_you_have() -> None:
    """Search your deck for a card with the same name as one of your units in an arena."""
    s = mission(DARK, "Splinter the Republic",
                {"arena": ["Jango Fett (D)"], "deck": ["Jango Fett (A)", BDS, "Zam Wesell (A)"]})
    complete(s, "Splinter the Republic", DARK)
    assert sorted(texts(s)) == sorted(["choose " + c(s, "Jango Fett (A)"), "pass"])
    act(s, "choose " + c(s, "Jango Fett (A)"))
    assert names(s, s.hand[DARK]) == ["Jango Fett (A)"]


def test_subtle_assassination_discards_an_enemy_character_of_power_three_or_less() -> None:
    """Pick one of the opponent's Characters with power 3 or less: it is discarded."""
    s = mission(DARK, "Subtle Assassination", theirs={"arena": [NSG, WARRIOR, CLONE_SQUAD]})
    complete(s, "Subtle Assassination", DARK)
    assert texts(s) == [f"choose {c(s, NSG)}"]
    act(s, f"choose {c(s, NSG)}")
    assert s.zone[unit(s, NSG)] == DISCARD


def test_underworld_connections_shows_the_opponents_hand_and_gains_one() -> None:
    """Look at the opponent's hand; gain 1 Force."""
    s = mission(LIGHT, "Underworld Connections", theirs={"hand": [GUARD, "Dark Speed"]})
    assert not any(s.shown[x] >> LIGHT & 1 for x in s.hand[DARK])
    complete(s, "Underworld Connections", LIGHT)
    assert all(s.shown[x] >> LIGHT & 1 for x in s.hand[DARK]) and s.force[LIGHT] == 1


def test_wedding_of_destiny_draws_three_and_gains_one() -> None:
    """Draw 3 cards, then gain 1 Force."""
    s = mission(LIGHT, "Wedding of Destiny", {"deck": [CLONE] * 4})
    complete(s, "Wedding of Destiny", LIGHT)
    assert len(s.hand[LIGHT]) == 3 and len(s.deck[LIGHT]) == 1 and s.force[LIGHT] == 1


@pytest.mark.parametrize(("card", "kind", "wrong"), [("Hatch a Clone", CLONE, N1_SQUAD),
                                                     ("Take the Initiative", N1_SQUAD, CLONE)],
                         ids=["Hatch a Clone", "Take the Initiative"])
def test_return_up_to_two_units_of_a_type_from_discard(card: str, kind: str, wrong: str) -> None:
    """Return up to 2 Ground (Space) unit cards from your discard pile to your hand."""
    s = mission(LIGHT, card, {"discard": [kind, kind, kind, wrong, "Hero's Dodge"]})
    complete(s, card, LIGHT)
    assert texts(s) == [f"choose {c(s, kind)}", "pass"]
    act(s, f"choose {c(s, kind)}")
    act(s, texts(s)[0])
    assert names(s, s.hand[LIGHT]) == [kind, kind] and s.tasks[-1][0] != "?recover"


REPAIRS = [  # (card, side, unit repaired, Force gained, a damaged unit of another type)
    ("Mending", LIGHT, WARRIOR, 1, CLONE),
    ("Return to Spaceport", DARK, CORE, 0, GUARD),
    ("Starship Refit", LIGHT, NABOO_CRUISER, 0, CLONE),
]


@pytest.mark.parametrize(("card", "side", "hurt", "gain", "other"), REPAIRS, ids=[x[0] for x in REPAIRS])
def test_repair_missions_remove_up_to_four_damage(card: str, side: int, hurt: str, gain: int, other: str) -> None:
    """Remove up to 4 damage counters from one of your units of the named type."""
    s = mission(side, card, {"arena": [hurt, other]})
    s.damage[unit(s, hurt)] = 6 if hurt != WARRIOR else 3
    s.damage[unit(s, other)] = 1
    complete(s, card, side)
    assert texts(s) == [f"choose {c(s, hurt)}"]
    act(s, f"choose {c(s, hurt)}")
    assert s.damage[unit(s, hurt)] == (2 if hurt != WARRIOR else 0)
    assert s.damage[unit(s, other)] == 1 and s.force[side] == gain


def test_slumming_on_coruscant_discards_a_battle_or_mission_card_from_their_hand() -> None:
    """Look at the opponent's hand and pick a Battle or Mission card there: they discard it."""
    s = mission(LIGHT, "Slumming on Coruscant", theirs={"hand": [GUARD, "Dark Speed", "Dark Rendezvous"]})
    complete(s, "Slumming on Coruscant", LIGHT)
    assert sorted(texts(s)) == sorted([f"choose {c(s, 'Dark Speed')}", f"choose {c(s, 'Dark Rendezvous')}"])
    act(s, f"choose {c(s, 'Dark Speed')}")
    assert names(s, s.discard[DARK]) == ["Dark Speed"] and len(s.hand[DARK]) == 2
