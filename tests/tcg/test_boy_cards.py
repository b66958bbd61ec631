"""Every Battle of Yavin card with abilities that is not a pure keyword card (those are cases in
tests/tcg/test_keyword_cards.py), checked in the engine against what its rules text says
(../shared/reference/swtcg-data/BOY.txt; rulings from its Usage column and
../shared/reference/swtcg.md). One test per card (a parametrized case counts as one), grouped by
kind: static abilities, triggers, pilots, activated abilities, Battle cards, Missions. Each test
checks exact numbers or compares with the same position without the ability."""

from __future__ import annotations

from dejarik.tcg import flow as F
from dejarik.tcg.effects import deploy_cost, keyword
from dejarik.tcg.invariants import check_invariants
from dejarik.tcg.state import ARENA, BUILD, COMMAND, DISCARD, HAND
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

# plain units (no abilities) used as targets, attackers and company (cost/speed/power/health)
CORE = "Trade Federation Battleship Core"   # Dark Ground 10/10/10/12 (AOTC)
STATION = "Naboo Defense Station"           # Light Ground 6 power, 12 health (AOTC)
DCS = "Droid Control Ship"                  # Dark Space 9 power, 9 health (AOTC)
NABOO_CRUISER = "Naboo Cruiser"             # Light Space 6/10/6/7, Naboo Transport (AOTC)
WARRIOR = "Clone Warrior 4/163"             # Light Character 4/40/4/4, Clone Soldier (AOTC)
NSG = "Naboo Security Guard"                # Light Character 2/30/2/2, Naboo Soldier (AOTC)
PADME = "Padme Amidala (D)"                 # Light Character 3/50/3/3, unique Naboo Diplomat
GUARD = "Geonosian Guard"                   # Dark Character 2/30/2/2, Geonosian Soldier (AOTC)
JAWA = "Jawa"                               # neutral Character 2/20/2/2, Tatooine Jawa (ANH)
BDS = "Battle Droid Squad"                  # Dark Ground 2/10/2/3, Droid (AOTC)
ST_SQUAD = "Stormtrooper Squad"             # Dark Ground 3/20/4/2, Imperial Clone Stormtrooper
DSG_SQUAD = "Death Star Guard Squad"        # Dark Ground 3/20/3/3, Imperial Soldier (ANH)
HONOR = "Rebel Honor Company"               # Light Ground 7/40/7/7, Rebel Soldier (ANH)
CLONE = "Clone Platoon"                     # Light Ground 4/40/4/4 (AOTC)
TUSKENS = "Tusken Squad"                    # neutral Ground 4/30/4/3, Tatooine Tusken Warrior
SWOOP = "Flare-S Swoop"                     # neutral Ground 2/50/1/2, Independent Speeder (ANH)
Z95 = "Z-95 Headhunter"                     # neutral Space 3/40/2/2, Independent Starfighter
XW = "X-Wing Red Two"                       # Light Space 3/50/2/2, Rebel Starfighter, Shields 1
TIE = "TIE Fighter DS-3-12"                 # Dark Space 2/60/2/1, Imperial Starfighter (ANH)
YT = "YT-1300 Transport"                    # neutral Space 3/30/2/3, Independent Transport, Shields 1
CARRACK = "Carrack Cruiser"                 # Dark Space 5/40/5/5, Imperial Transport (ANH)
WARSHIP = "Trade Federation Warship"        # Dark Space 8/20/8/8 (SR)
ACCLAMATOR = "Acclamator-Class Assault Ship"  # Light Space 8/10/8/10 (SR)
MAUL_B = "Darth Maul (B)"                   # Dark Character 7/60/6/4, Dark Jedi (SR)
KIT = "Kit Fisto (A)"                       # Light Character, Jedi Master (AOTC)
R2_A = "R2-D2 (A)"                          # Light Character 3/10/2/3, Astromech Droid (AOTC)
GDF = "Geonosian Defense Fighter"           # Dark Space 3/60/2/3, Geonosian Starfighter (SR)
COURIER = "Sorusuub V-35 Courier"           # Light Ground 2/30/2/2, Independent Speeder (ANH)
REBEL_PILOT = "Rebel Pilot"                 # Light Character 2/20/2/2, Starfighter pilot (+20 speed)


def finish_attack(s, limit: int = 50) -> None:
    """Pass (or take the first option) until the attack under way has ended."""
    for _ in range(limit):
        if s.atk is None or not s.tasks:
            return
        acts = s.legal_actions()
        s.apply((F.PASS, 0, 0) if (F.PASS, 0, 0) in acts else acts[0])


def offered(s, move: str) -> bool:
    """Whether a decision waits and `move` is one of its options."""
    return bool(s.tasks) and not s.done and move in texts(s)


def attacking(s, attacker: str, defender: str) -> int:
    """Set up an attack (no task runs); the attacker's instance."""
    a = unit(s, attacker)
    s.atk = [a, unit(s, defender), -1, s.unit_arena(a)]
    return a


def strike(s, attacker: str, defender: str, arena: int) -> None:
    """Declare the attack in that arena's step, every other unit tapped first (so the attacker
    is the one to act)."""
    a = unit(s, attacker)
    for u in s.all_in_play():
        s.tapped[u] = u != a
    in_attack_window(s, attacker, defender, arena)


def board(s, side: int, pilot: str, ship: str) -> None:
    """Put the pilot aboard the ship in its owner's build step, then clear the tasks."""
    start(s, ("?build", side))
    act(s, f"pilot {c(s, pilot)} > {c(s, ship)}")
    s.tasks = []
    s._legal = None


def play_in_step(s, card: str, step: int) -> None:
    """Open the step and play the card at its first play-or-pass chance."""
    start(s, ("step", step))
    act(s, f"play {c(s, card)}")


def build_points_after_roll(s) -> tuple[int, int]:
    """Run the command phase's roll; the build points of each side then."""
    start(s, ("command",))
    return s.bp[DARK], s.bp[LIGHT]


# ============================================================================================
# Static abilities
# ============================================================================================
def test_stormtrooper_tk_875_loses_two_power_attacking_a_unique_character() -> None:
    """TK-875 (BOY.txt): -2 power while attacking a unique Character; full power against a
    non-unique one."""
    s = position(dark={"arena": ["Stormtrooper TK-875"]}, light={"arena": [PADME, WARRIOR]})
    st = attacking(s, "Stormtrooper TK-875", PADME)
    assert s.power(st) == 3
    attacking(s, "Stormtrooper TK-875", WARRIOR)
    assert s.power(st) == 5


def test_stormtrooper_ke_829_loses_two_power_attacking_a_unique_character_and_intercepts() -> None:
    """KE-829 (BOY.txt): -2 power while attacking a unique Character (4 -> 2 dice), full power
    otherwise; pay 2 Force -> Intercept when another of your Characters is attacked."""
    s = position(dark={"arena": ["Stormtrooper KE-829"]}, light={"arena": [PADME, WARRIOR]})
    st = unit(s, "Stormtrooper KE-829")
    assert dice_rolled(s, st, unit(s, PADME)) == 2
    s = position(dark={"arena": ["Stormtrooper KE-829"]}, light={"arena": [PADME, WARRIOR]})
    assert dice_rolled(s, unit(s, "Stormtrooper KE-829"), unit(s, WARRIOR)) == 4
    s = position(dark={"arena": ["Stormtrooper KE-829", GUARD]}, light={"arena": [WARRIOR]}, force=(2, 0))
    strike(s, WARRIOR, GUARD, 2)
    act(s, f"use {c(s, 'Stormtrooper KE-829')} 2")
    assert "the attack turns on Stormtrooper KE-829" in s.log and s.force[DARK] == 0


def test_imperial_dewback_gains_four_power_against_a_neutral_unit() -> None:
    """Imperial Dewback (BOY.txt): +4 power while attacking a neutral unit (Tusken Squad), not
    against a Light Side one; Accuracy 1 always."""
    s = position(dark={"arena": ["Imperial Dewback"]}, light={"arena": [TUSKENS, CLONE]})
    d = attacking(s, "Imperial Dewback", TUSKENS)
    assert s.power(d) == 6 and keyword(s, d, "accuracy") == 1
    attacking(s, "Imperial Dewback", CLONE)
    assert s.power(d) == 2


def test_death_star_trooper_gains_two_power_while_a_death_star_is_in_space() -> None:
    """Death Star Trooper (BOY.txt): +2 power while your Death Star is in the Space arena."""
    s = position(dark={"arena": ["Death Star Trooper", "Death Star (B)"]})
    assert s.power(unit(s, "Death Star Trooper")) == 4
    s = position(dark={"arena": ["Death Star Trooper"], "retreated": ["Death Star (B)"]})
    assert s.power(unit(s, "Death Star Trooper")) == 2


def test_stormtrooper_commander_gives_your_other_stormtroopers_one_power() -> None:
    """Stormtrooper Commander (BOY.txt): each of your other Stormtroopers +1 power (a Ground one
    too); not itself, not a non-Stormtrooper."""
    s = position(dark={"arena": ["Stormtrooper Commander", ST_SQUAD, DSG_SQUAD]})
    assert s.power(unit(s, ST_SQUAD)) == 5 and s.power(unit(s, DSG_SQUAD)) == 3
    assert s.power(unit(s, "Stormtrooper Commander")) == 5


def test_darth_vader_e_powers_stormtroopers_evades_and_retaliates() -> None:
    """Vader (E) (BOY.txt): each of your Stormtroopers +1 power while he is in the Character
    arena; pay 4 -> Evade 4; pay 2 -> Retaliate 4 (4 dice at his attacker as the attack ends)."""
    s = position(dark={"arena": ["Darth Vader (E)", ST_SQUAD]})
    assert s.power(unit(s, ST_SQUAD)) == 5
    s = position(dark={"retreated": ["Darth Vader (E)"], "arena": [ST_SQUAD]})
    assert s.power(unit(s, ST_SQUAD)) == 4
    s = position(dark={"arena": ["Darth Vader (E)"]}, force=(4, 0))
    v = unit(s, "Darth Vader (E)")
    start(s, ("damage", v, 5, -1, 1))
    act(s, f"use {c(s, 'Darth Vader (E)')} 2")
    close_window(s)
    assert s.damage[v] == 1 and s.force[DARK] == 0
    s = position(dark={"arena": ["Darth Vader (E)"]}, light={"arena": [KIT]}, force=(2, 0))
    s.tapped[unit(s, "Darth Vader (E)")] = True
    in_attack_window(s, KIT, "Darth Vader (E)", 2)
    while f"use {c(s, 'Darth Vader (E)')} 3" not in texts(s):
        act(s, "pass")
    act(s, f"use {c(s, 'Darth Vader (E)')} 3")
    finish_attack(s)
    assert any(x.startswith(f"4 dice of damage at {KIT}") for x in s.log) and s.force[DARK] == 0


def test_commander_willard_a_gives_your_starfighters_shields() -> None:
    """Willard (BOY.txt): each of your Starfighters has Shields 1 (an attacker rolls one die
    fewer); the opponent's Starfighter and your Transport do not."""
    s = position(light={"arena": ["Commander Willard (A)", Z95, YT]}, dark={"arena": [TIE, CARRACK]})
    assert keyword(s, unit(s, Z95), "shields") == 1 and keyword(s, unit(s, TIE), "shields") == 0
    assert keyword(s, unit(s, YT), "shields") == 1     # its own Shields 1, nothing more
    assert dice_rolled(s, unit(s, CARRACK), unit(s, Z95)) == 4


def test_mobile_command_base_gives_imperial_characters_stun_two() -> None:
    """Mobile Command Base (BOY.txt): each of your Imperial Characters has Stun 2 while it is in
    the Ground arena; another Character not; Shields 1 itself."""
    s = position(dark={"arena": ["Mobile Command Base", "Stormtrooper TK-875", GUARD]}, light={"arena": [CLONE]})
    assert keyword(s, unit(s, "Stormtrooper TK-875"), "stun") == 2 and keyword(s, unit(s, GUARD), "stun") == 0
    assert dice_rolled(s, unit(s, CLONE), unit(s, "Mobile Command Base")) == 3
    s = position(dark={"retreated": ["Mobile Command Base"], "arena": ["Stormtrooper TK-875"]})
    assert keyword(s, unit(s, "Stormtrooper TK-875"), "stun") == 0


def test_tatooine_hangar_makes_your_space_units_one_cheaper() -> None:
    """Tatooine Hangar (BOY.txt): each of your Space units costs 1 fewer build counter; a
    Ground unit and the opponent's Space unit cost as printed."""
    s = position(light={"arena": ["Tatooine Hangar"], "build": [(XW, 0), (CLONE, 0)]}, dark={"build": [(TIE, 0)]})
    assert deploy_cost(s, unit(s, XW)) == 2 and deploy_cost(s, unit(s, CLONE)) == 4
    assert deploy_cost(s, unit(s, TIE)) == 2


def test_grand_moff_tarkin_c_forbids_your_retreats() -> None:
    """Tarkin (C) (BOY.txt): his owner can't retreat units in the retreat step; the opponent
    still can."""
    s = position(dark={"arena": ["Grand Moff Tarkin (C)", DSG_SQUAD]}, light={"arena": [CLONE]})
    start(s, ("?retreat", DARK))
    assert not any(x.startswith("retreat") for x in texts(s))
    s = position(dark={"arena": ["Grand Moff Tarkin (C)"]}, light={"arena": [CLONE]})
    start(s, ("?retreat", LIGHT))
    assert f"retreat {c(s, CLONE)}" in texts(s)
    s = position(dark={"arena": [DSG_SQUAD]})
    start(s, ("?retreat", DARK))
    assert f"retreat {c(s, DSG_SQUAD)}" in texts(s)


def test_death_star_a_gives_starfighters_critical_hit_three_and_bombards() -> None:
    """Death Star (A) (BOY.txt): a Starfighter attacking it has Critical Hit 3 (a natural 6
    adds 3); a Transport attacking it has not; Bombard 8: it attacks a Ground unit with 8 dice."""
    s = position(dark={"arena": ["Death Star (A)"]}, light={"arena": [Z95, YT]})
    ds = unit(s, "Death Star (A)")
    assert hits_with(s, unit(s, Z95), ds, [6, 1]) == 4
    assert hits_with(s, unit(s, YT), ds, [6, 1]) == 1
    s = position(dark={"arena": ["Death Star (A)"]}, light={"arena": [STATION]}, seed=5)
    start(s, ("step", 0))
    pass_until(s, "?attack")
    act(s, f"attack {c(s, 'Death Star (A)')} > {c(s, STATION)}")
    assert len(rolled_in_log(s)) == 8


def test_millennium_falcon_c_takes_an_extra_pilot() -> None:
    """Falcon (C) (BOY.txt): two pilots may board it (the one-pilot rule allows one on another
    Transport); Accuracy 1 and Shields 1."""
    s = position(light={"arena": ["Millennium Falcon (C)", "Han Solo (B)", "Chewbacca (C)", YT]})
    f = unit(s, "Millennium Falcon (C)")
    board(s, LIGHT, "Han Solo (B)", "Millennium Falcon (C)")
    start(s, ("?build", LIGHT))
    assert f"pilot {c(s, 'Chewbacca (C)')} > {c(s, 'Millennium Falcon (C)')}" in texts(s)
    act(s, f"pilot {c(s, 'Chewbacca (C)')} > {c(s, 'Millennium Falcon (C)')}")
    assert len(s.aboard[f]) == 2 and s.power(f) == 6 and check_invariants(s) == []
    assert keyword(s, f, "accuracy") == 2 and keyword(s, f, "shields") == 1
    s = position(light={"arena": [YT, "Han Solo (B)", "Chewbacca (C)"]})
    board(s, LIGHT, "Han Solo (B)", YT)
    start(s, ("?build", LIGHT))
    assert f"pilot {c(s, 'Chewbacca (C)')} > {c(s, YT)}" not in texts(s)


def test_han_solo_a_draws_an_extra_card_in_the_draw_step() -> None:
    """Han (A) (BOY.txt): in the draw step his owner draws 2 cards instead of 1 (retreated, 1);
    Accuracy 1."""
    s = position(light={"arena": ["Han Solo (A)"], "deck": [NSG, WARRIOR, PADME]},
                 dark={"deck": [GUARD, MAUL_B]})
    start(s, ("ready",))
    assert names(s, s.hand[LIGHT]) == [NSG, WARRIOR] and names(s, s.hand[DARK]) == [GUARD]
    assert keyword(s, unit(s, "Han Solo (A)"), "accuracy") == 1
    s = position(light={"retreated": ["Han Solo (A)"], "deck": [NSG, WARRIOR, PADME]}, dark={"deck": [GUARD]})
    start(s, ("ready",))
    assert names(s, s.hand[LIGHT]) == [NSG]


# ============================================================================================
# Triggered abilities
# ============================================================================================
def test_colonel_wullf_yularen_a_gets_a_build_point_while_an_enemy_arena_is_empty() -> None:
    """Yularen (BOY.txt): at the build roll, +1 build point if the opponent lacks a unit in
    some arena; with a unit in each, nothing (the Light Side gets its own +1 for that)."""
    s = position(dark={"arena": ["Colonel Wullf Yularen (A)"]}, light={"arena": [CLONE]})
    dark, light = build_points_after_roll(s)
    assert dark == light + 1
    s = position(dark={"arena": ["Colonel Wullf Yularen (A)"]}, light={"arena": [CLONE, XW, NSG]})
    dark, light = build_points_after_roll(s)
    assert light == dark + 1


def test_princess_leia_d_gets_a_build_point_and_wards_off_characters() -> None:
    """Leia (D) (BOY.txt): +1 build point at the build roll; an opponent's Character's damage
    to her is prevented unless that player pays 2 Force."""
    s = position(light={"arena": ["Princess Leia (D)"]}, dark={"arena": [GUARD]})
    dark, light = build_points_after_roll(s)
    assert light == dark + 1
    s = position(light={"arena": ["Princess Leia (D)"]}, dark={"arena": [GUARD]}, force=(1, 0))
    leia = unit(s, "Princess Leia (D)")
    start(s, ("damage", leia, 2, unit(s, GUARD), 1))
    close_window(s)
    assert s.damage[leia] == 0
    s = position(light={"arena": ["Princess Leia (D)"]}, dark={"arena": [GUARD]}, force=(2, 0))
    start(s, ("damage", leia, 2, unit(s, GUARD), 1))
    act(s, "pay 2")
    close_window(s)
    assert s.damage[leia] == 2 and s.force == [0, 0]


def test_han_solo_c_costs_his_owner_a_build_point() -> None:
    """Han (C) (BOY.txt): at the build roll his owner gets 1 build point fewer; Accuracy 1."""
    s = position(light={"arena": ["Han Solo (C)"]}, dark={"arena": [GUARD]})
    dark, light = build_points_after_roll(s)
    assert light == dark - 1 and keyword(s, unit(s, "Han Solo (C)"), "accuracy") == 1


def test_lukes_skyhopper_a_gains_a_force_with_a_pilot_aboard() -> None:
    """Luke's Skyhopper (BOY.txt): when the battle phase starts, +1 Force if it has a pilot on
    it; with none, nothing; Accuracy 1."""
    s = position(light={"arena": ["Luke's Skyhopper (A)", "Luke Skywalker (D)"]})
    sk = unit(s, "Luke's Skyhopper (A)")
    board(s, LIGHT, "Luke Skywalker (D)", "Luke's Skyhopper (A)")
    start(s, ("battle",))
    assert s.force[LIGHT] == 1 and keyword(s, sk, "accuracy") == 1
    s = position(light={"arena": ["Luke's Skyhopper (A)", "Luke Skywalker (D)"]})
    start(s, ("battle",))
    assert s.force[LIGHT] == 0


def test_millennium_falcon_b_repairs_one_with_a_pilot_and_takes_an_extra_pilot() -> None:
    """Falcon (B) (BOY.txt; ruling: 1 counter however many pilots): when the battle phase starts,
    with a pilot aboard, its owner may remove 1 damage counter from it; two pilots may board;
    pay 2 -> Evade 2."""
    s = position(light={"arena": ["Millennium Falcon (B)", "Han Solo (B)", "Chewbacca (C)"]})
    f = unit(s, "Millennium Falcon (B)")
    board(s, LIGHT, "Han Solo (B)", "Millennium Falcon (B)")
    board(s, LIGHT, "Chewbacca (C)", "Millennium Falcon (B)")
    assert len(s.aboard[f]) == 2
    s.damage[f] = 3
    start(s, ("battle",))
    if s.tasks and "yes" in texts(s):
        act(s, "yes")
    assert s.damage[f] == 2
    s = position(light={"arena": ["Millennium Falcon (B)"]})
    f = unit(s, "Millennium Falcon (B)")
    s.damage[f] = 3
    start(s, ("battle",))
    if s.tasks and "yes" in texts(s):
        act(s, "yes")
    assert s.damage[f] == 3


def test_grand_moff_tarkin_b_repairs_a_battle_station_at_the_character_step() -> None:
    """Tarkin (B) (BOY.txt): when the Character battle step starts, up to 5 damage counters
    come off one of your damaged Battle Stations."""
    s = position(dark={"arena": ["Grand Moff Tarkin (B)", "Death Star (A)"]}, light={"arena": [WARRIOR]})
    ds = unit(s, "Death Star (A)")
    s.damage[ds] = 7
    start(s, ("step", 2))
    if "yes" in texts(s):
        act(s, "yes")
    if f"choose {c(s, 'Death Star (A)')}" in texts(s):
        act(s, f"choose {c(s, 'Death Star (A)')}")
    assert s.damage[ds] == 2


def test_womp_rat_makes_the_opponent_discard_a_card_when_deployed() -> None:
    """Womp Rat (BOY.txt): deployed, the opponent picks and discards 1 card of their hand."""
    s = position(dark={"build": [("Womp Rat", 3)]}, light={"hand": [NSG, WARRIOR]})
    s.phase = COMMAND
    start(s, ("?build", DARK))
    act(s, f"deploy {c(s, 'Womp Rat')}")
    assert s.current_player == LIGHT
    act(s, f"choose {c(s, NSG)}")
    assert names(s, s.hand[LIGHT]) == [WARRIOR] and s.zone[unit(s, NSG)] == DISCARD


def test_untamed_ronto_may_be_turned_on_another_unit_for_two_force() -> None:
    """Untamed Ronto (BOY.txt): when it attacks, the opponent may pay 2 Force and pick a unit
    of that arena, either side's, for it to attack instead; without paying the attack stands."""
    s = position(dark={"arena": [CORE, BDS]}, light={"arena": ["Untamed Ronto"]}, force=(2, 0))
    strike(s, "Untamed Ronto", CORE, 1)
    assert s.current_player == DARK
    act(s, "pay 2")
    act(s, f"choose {c(s, BDS)}")
    assert f"the attack turns on {BDS}" in s.log and s.force[DARK] == 0
    s = position(dark={"arena": [CORE]}, light={"arena": ["Untamed Ronto", CLONE]}, force=(2, 0))
    strike(s, "Untamed Ronto", CORE, 1)
    act(s, "pay 2")
    assert f"choose {c(s, 'Untamed Ronto')}" not in texts(s)
    act(s, f"choose {c(s, CLONE)}")
    assert f"the attack turns on {CLONE}" in s.log
    s = position(dark={"arena": [CORE, BDS]}, light={"arena": ["Untamed Ronto"]}, force=(2, 0))
    strike(s, "Untamed Ronto", CORE, 1)
    act(s, "pass")
    assert not any("the attack turns on" in x for x in s.log) and s.force[DARK] == 2


def test_tusken_war_party_returns_to_hand_for_a_card_of_the_hand() -> None:
    """Tusken War Party (BOY.txt): discarded from the Ground arena, its owner may discard a
    card from hand to take it back from the discard pile; with an empty hand it stays there."""
    s = position(light={"arena": ["Tusken War Party"], "hand": [NSG]}, dark={"arena": [CORE]})
    tw = unit(s, "Tusken War Party")
    start(s, ("damage", tw, 3, unit(s, CORE), 1))
    act(s, "yes")
    if s.tasks and f"choose {c(s, NSG)}" in texts(s):
        act(s, f"choose {c(s, NSG)}")
    assert s.zone[tw] == HAND and s.zone[unit(s, NSG)] == DISCARD
    s = position(light={"arena": ["Tusken War Party"]}, dark={"arena": [CORE]})
    tw = unit(s, "Tusken War Party")
    start(s, ("damage", tw, 3, unit(s, CORE), 1))
    if s.tasks and "yes" in texts(s):
        act(s, "yes")
    assert s.zone[tw] == DISCARD


# ============================================================================================
# Pilots with more than bonuses
# ============================================================================================
def test_darth_vader_d_evades_and_gives_his_starfighter_speed_power_and_evade() -> None:
    """Vader (D) (BOY.txt): pay 3 -> Evade 3 himself; aboard a Starfighter it gets +20 speed,
    +2 power and "pay 2 -> Evade 2"."""
    s = position(dark={"arena": ["Darth Vader (D)"]}, force=(3, 0))
    v = unit(s, "Darth Vader (D)")
    start(s, ("damage", v, 4, -1, 1))
    act(s, f"use {c(s, 'Darth Vader (D)')} 1")
    close_window(s)
    assert s.damage[v] == 1 and s.force[DARK] == 0
    s = position(dark={"arena": ["Darth Vader (D)", GDF]}, force=(2, 0))
    t = unit(s, GDF)
    board(s, DARK, "Darth Vader (D)", GDF)
    assert (s.speed(t), s.power(t)) == (80, 4)
    start(s, ("damage", t, 3, -1, 1))
    act(s, f"use {c(s, GDF)} 1")
    close_window(s)
    assert s.damage[t] == 1 and s.force[DARK] == 0


def test_luke_skywalker_e_evades_and_gives_his_starfighter_critical_hit_four_and_evade() -> None:
    """Luke (E) (BOY.txt): pay 2 -> Evade 2 himself; aboard a Starfighter it gets Critical Hit 4
    and "pay 2 -> Evade 2"."""
    s = position(light={"arena": ["Luke Skywalker (E)"]}, force=(0, 2))
    lk = unit(s, "Luke Skywalker (E)")
    start(s, ("damage", lk, 3, -1, 1))
    act(s, f"use {c(s, 'Luke Skywalker (E)')} 1")
    close_window(s)
    assert s.damage[lk] == 1
    s = position(light={"arena": ["Luke Skywalker (E)", Z95]}, dark={"arena": [WARSHIP]}, force=(0, 2))
    z = unit(s, Z95)
    board(s, LIGHT, "Luke Skywalker (E)", Z95)
    assert s.critical_hit(z) == 4
    assert hits_with(s, z, unit(s, WARSHIP), [6, 1]) == 5
    start(s, ("damage", z, 3, -1, 1))
    act(s, f"use {c(s, Z95)} 1")
    close_window(s)
    assert s.damage[z] == 1 and s.force[LIGHT] == 0


def test_han_solo_b_has_accuracy_and_gives_his_transport_speed_and_accuracy() -> None:
    """Han (B) (BOY.txt): Accuracy 1; aboard a Transport it gets +10 speed and Accuracy 1 (a
    Starfighter is not offered)."""
    s = position(light={"arena": ["Han Solo (B)", YT, Z95]})
    y = unit(s, YT)
    assert keyword(s, unit(s, "Han Solo (B)"), "accuracy") == 1
    start(s, ("?build", LIGHT))
    assert f"pilot {c(s, 'Han Solo (B)')} > {c(s, Z95)}" not in texts(s)
    board(s, LIGHT, "Han Solo (B)", YT)
    assert s.speed(y) == 40 and keyword(s, y, "accuracy") == 1 and s.power(y) == 2


def test_garven_dreis_a_gives_his_starfighter_two_power_for_two_force() -> None:
    """Garven Dreis (BOY.txt): aboard a Starfighter, it gets "pay 2 -> +2 power for this attack":
    2 + 2 = 4 dice."""
    s = position(light={"arena": ["Garven Dreis (A)", Z95]}, dark={"arena": [WARSHIP]}, force=(0, 2), seed=3)
    board(s, LIGHT, "Garven Dreis (A)", Z95)
    strike(s, Z95, WARSHIP, 0)
    act(s, f"use {c(s, Z95)} 1")
    close_window(s)
    assert len(rolled_in_log(s)) == 4 and s.force[LIGHT] == 0


def test_jek_porkins_a_gives_his_starfighter_retaliate_two() -> None:
    """Porkins (BOY.txt): aboard a Starfighter, it gets "pay 1 -> Retaliate 2": attacked, 2
    dice of damage at the attacker when the attack ends; without him it has no such ability."""
    s = position(light={"arena": ["Jek Porkins (A)", Z95]}, dark={"arena": [WARSHIP]}, force=(0, 1))
    board(s, LIGHT, "Jek Porkins (A)", Z95)
    strike(s, WARSHIP, Z95, 0)
    while f"use {c(s, Z95)} 1" not in texts(s):
        act(s, "pass")
    act(s, f"use {c(s, Z95)} 1")
    finish_attack(s)
    assert any(x.startswith(f"2 dice of damage at {WARSHIP}") for x in s.log) and s.force[LIGHT] == 0
    s = position(light={"arena": [Z95]}, dark={"arena": [WARSHIP]}, force=(0, 1))
    strike(s, WARSHIP, Z95, 0)
    assert not offered(s, f"use {c(s, Z95)} 1")


def test_r2_x2_a_powers_his_starfighter_and_makes_room_for_a_second_pilot() -> None:
    """R2-X2 (BOY.txt; "R2-K2" in the text is his own name): aboard a Starfighter it gets +1
    power and may carry an extra pilot who is not an Astromech Droid; another Astromech is not
    offered, and without him a second pilot is not either."""
    s = position(light={"arena": ["R2-X2 (A)", Z95, REBEL_PILOT, R2_A]})
    z = unit(s, Z95)
    board(s, LIGHT, "R2-X2 (A)", Z95)
    assert s.power(z) == 3
    start(s, ("?build", LIGHT))
    assert f"pilot {c(s, REBEL_PILOT)} > {c(s, Z95)}" in texts(s)
    act(s, f"pilot {c(s, REBEL_PILOT)} > {c(s, Z95)}")
    assert len(s.aboard[z]) == 2 and (s.speed(z), s.power(z)) == (60, 3)
    s = position(light={"arena": [Z95, REBEL_PILOT, "Jek Porkins (A)"]})
    board(s, LIGHT, REBEL_PILOT, Z95)
    start(s, ("?build", LIGHT))
    assert f"pilot {c(s, 'Jek Porkins (A)')} > {c(s, Z95)}" not in texts(s)


# ============================================================================================
# Activated abilities
# ============================================================================================
def test_chief_bast_a_looks_at_the_opponents_hand() -> None:
    """Chief Bast (BOY.txt): tapped in the build step, his owner sees the opponent's hand."""
    s = position(dark={"arena": ["Chief Bast (A)"]}, light={"hand": [NSG, WARRIOR]})
    assert not s.shown[unit(s, NSG)] & 1
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'Chief Bast (A)')} 1")
    assert s.shown[unit(s, NSG)] & 1 and s.shown[unit(s, WARRIOR)] & 1 and s.tapped[unit(s, "Chief Bast (A)")]


def test_rebel_ground_crew_chief_repairs_one_from_a_space_unit() -> None:
    """Rebel Ground Crew Chief (BOY.txt): tapped in the build step, 1 damage counter off one of
    your Space units (a Ground unit is not offered)."""
    s = position(light={"arena": ["Rebel Ground Crew Chief", NABOO_CRUISER, HONOR]})
    s.damage[unit(s, NABOO_CRUISER)] = 3
    s.damage[unit(s, HONOR)] = 3
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Rebel Ground Crew Chief')} 1")
    assert texts(s) == [f"choose {c(s, NABOO_CRUISER)}"]
    act(s, f"choose {c(s, NABOO_CRUISER)}")
    assert s.damage[unit(s, NABOO_CRUISER)] == 2 and s.damage[unit(s, HONOR)] == 3


def test_corellian_corvette_taps_for_a_build_point() -> None:
    """Corellian Corvette (BOY.txt): tapped in the build step, +1 build point this turn."""
    s = position(light={"arena": ["Corellian Corvette"]})
    s.bp = [0, 2]
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Corellian Corvette')} 1")
    assert s.bp[LIGHT] == 3 and s.tapped[unit(s, "Corellian Corvette")]


def test_wed_treadwell_repairs_two_from_a_droid() -> None:
    """WED Treadwell (BOY.txt): tapped in the build step, up to 2 damage counters off one of
    your Droids (itself included); a non-Droid is not offered."""
    s = position(dark={"arena": ["WED Treadwell", BDS, DSG_SQUAD]})
    s.damage[unit(s, BDS)] = 2
    s.damage[unit(s, DSG_SQUAD)] = 2
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'WED Treadwell')} 1")
    assert texts(s) == [f"choose {c(s, BDS)}"]
    act(s, f"choose {c(s, BDS)}")
    assert s.damage[unit(s, BDS)] == 0 and s.damage[unit(s, DSG_SQUAD)] == 2


def test_c_3po_d_takes_a_damage_counter_to_repair_another_droid() -> None:
    """C-3PO (D) (BOY.txt): in the build step, 1 damage counter on himself -> 1 off another of
    your Droids; he is not offered himself."""
    s = position(light={"arena": ["C-3PO (D)", R2_A]})
    r2, tp = unit(s, R2_A), unit(s, "C-3PO (D)")
    s.damage[r2] = 2
    s.damage[tp] = 1
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'C-3PO (D)')} 1")
    assert texts(s) == [f"choose {c(s, R2_A)}"]
    act(s, f"choose {c(s, R2_A)}")
    assert s.damage[r2] == 1 and s.damage[tp] == 2


def test_jawa_crawler_draws_two_then_discards_three() -> None:
    """Jawa Crawler (BOY.txt; ruling: the cards drawn may be discarded): tapped in the build
    step, draw 2 then discard 3 of the hand."""
    s = position(light={"arena": ["Jawa Crawler"], "hand": [NSG], "deck": [WARRIOR, PADME, JAWA]})
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Jawa Crawler')} 1")
    assert len(s.hand[LIGHT]) == 3
    for x in (WARRIOR, PADME, NSG):
        act(s, f"choose {c(s, x)}")
    assert s.hand[LIGHT] == [] and len(s.discard[LIGHT]) == 3 and names(s, s.deck[LIGHT]) == [JAWA]


def test_lukes_speeder_b_puts_a_build_counter_on_a_face_down_character() -> None:
    """Luke's Speeder (B) (BOY.txt): tapped in the build step, a face-down Character card of your
    build zone is shown and gets 1 build counter (a Ground card is not offered)."""
    s = position(light={"arena": ["Luke's Speeder (B)"], "build": [(WARRIOR, 1), (HONOR, 1)]})
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Luke' + chr(39) + 's Speeder (B)')} 1")
    assert texts(s) == [f"choose {c(s, WARRIOR)}"]
    act(s, f"choose {c(s, WARRIOR)}")
    assert s.counters[unit(s, WARRIOR)] == 2 and s.counters[unit(s, HONOR)] == 1


def test_lieutenant_shann_childsen_a_taps_a_non_jedi_character_instead_of_attacking() -> None:
    """Childsen (BOY.txt): instead of attacking, an untapped non-Jedi Character (either side's)
    is tapped; a Jedi is not offered."""
    s = position(dark={"arena": ["Lieutenant Shann Childsen (A)"]}, light={"arena": [KIT, WARRIOR]})
    s.tapped[unit(s, KIT)] = s.tapped[unit(s, WARRIOR)] = False
    start(s, ("step", 2))
    pass_until(s, "?attack")
    act(s, f"use {c(s, 'Lieutenant Shann Childsen (A)')} 1")
    assert texts(s) == [f"choose {c(s, WARRIOR)}"]
    act(s, f"choose {c(s, WARRIOR)}")
    assert s.tapped[unit(s, WARRIOR)] and s.tapped[unit(s, "Lieutenant Shann Childsen (A)")]


def test_tusken_raider_squad_taps_a_speeder_instead_of_attacking() -> None:
    """Tusken Raider Squad (BOY.txt): instead of attacking, an untapped Speeder is tapped; a
    non-Speeder is not offered."""
    s = position(dark={"arena": ["Tusken Raider Squad"]}, light={"arena": [COURIER, CLONE]})
    s.tapped[unit(s, CLONE)] = True     # slower than the Raiders, the Courier waits untapped
    start(s, ("step", 1))
    pass_until(s, "?attack")
    act(s, f"use {c(s, 'Tusken Raider Squad')} 1")
    assert texts(s) == [f"choose {c(s, COURIER)}"]
    act(s, f"choose {c(s, COURIER)}")
    assert s.tapped[unit(s, COURIER)]


def test_interrogation_droid_discards_itself_for_a_battle_or_mission_card() -> None:
    """Interrogation Droid (BOY.txt): instead of attacking, tapped and discarded, its owner sees
    the opponent's hand and picks a Battle or Mission card there to be discarded."""
    s = position(dark={"arena": ["Interrogation Droid"]}, light={"arena": [WARRIOR], "hand": [NSG, "Outrun"]})
    s.tapped[unit(s, WARRIOR)] = True
    start(s, ("step", 2))
    pass_until(s, "?attack")
    act(s, f"use {c(s, 'Interrogation Droid')} 1")
    assert texts(s) == [f"choose {c(s, 'Outrun')}"]
    act(s, f"choose {c(s, 'Outrun')}")
    assert s.zone[unit(s, "Outrun")] == DISCARD and s.zone[unit(s, "Interrogation Droid")] == DISCARD
    assert names(s, s.hand[LIGHT]) == [NSG]


def test_darth_vader_f_discards_a_character_of_total_health_three_or_less() -> None:
    """Vader (F) (BOY.txt; ruling: total health, not health left): tap and pay 4 instead of
    attacking: the opponent discards a Character of health 3 or less (a health 4 one, even
    damaged, is not offered); pay 2 -> Evade 1."""
    s = position(dark={"arena": ["Darth Vader (F)"]}, light={"arena": [PADME, WARRIOR]}, force=(4, 0))
    s.damage[unit(s, WARRIOR)] = 3
    for x in (PADME, WARRIOR):
        s.tapped[unit(s, x)] = True
    start(s, ("step", 2))
    pass_until(s, "?attack")
    act(s, f"use {c(s, 'Darth Vader (F)')} 1")
    assert texts(s) == [f"choose {c(s, PADME)}"]
    act(s, f"choose {c(s, PADME)}")
    assert s.zone[unit(s, PADME)] == DISCARD and s.force[DARK] == 0
    s = position(dark={"arena": ["Darth Vader (F)"]}, force=(2, 0))
    v = unit(s, "Darth Vader (F)")
    start(s, ("damage", v, 2, -1, 1))
    act(s, f"use {c(s, 'Darth Vader (F)')} 2")
    close_window(s)
    assert s.damage[v] == 1


def test_rebel_armored_freerunner_divides_three_damage_instead_of_attacking() -> None:
    """Freerunner (BOY.txt; ruling: all on one is allowed): instead of attacking, 3 damage to one
    enemy Ground unit, or 2 and 1 to two of them."""
    s = position(light={"arena": ["Rebel Armored Freerunner"]}, dark={"arena": [CORE, DSG_SQUAD]})
    start(s, ("step", 1))
    pass_until(s, "?attack")
    act(s, f"use {c(s, 'Rebel Armored Freerunner')} 1")
    act(s, texts(s)[1])      # the second option: 2 and 1
    act(s, f"choose {c(s, CORE)}")
    close_window(s)
    act(s, f"choose {c(s, DSG_SQUAD)}")
    close_window(s)
    assert s.damage[unit(s, CORE)] == 2 and s.damage[unit(s, DSG_SQUAD)] == 1
    s = position(light={"arena": ["Rebel Armored Freerunner"]}, dark={"arena": [CORE, DSG_SQUAD]})
    start(s, ("step", 1))
    pass_until(s, "?attack")
    act(s, f"use {c(s, 'Rebel Armored Freerunner')} 1")
    act(s, texts(s)[0])
    act(s, f"choose {c(s, CORE)}")
    close_window(s)
    assert s.damage[unit(s, CORE)] == 3 and s.damage[unit(s, DSG_SQUAD)] == 0


def test_chariot_light_assault_vehicle_gives_a_ground_attacker_accuracy() -> None:
    """Chariot (BOY.txt): tapped while one of your Ground units attacks, that unit gets Accuracy
    1 for the attack; not offered while a Character attacks."""
    s = position(dark={"arena": ["Chariot Light Assault Vehicle", "Juggernaut"]}, light={"arena": [CLONE]}, seed=1)
    s.tapped[unit(s, CLONE)] = True     # as fast as the Chariot, the Juggernaut may attack first
    in_attack_window(s, "Juggernaut", CLONE, 1)
    act(s, f"use {c(s, 'Chariot Light Assault Vehicle')} 1")
    close_window(s)
    rolled = rolled_in_log(s)
    hits = int(next(x for x in s.log if x.endswith(f" damage to {CLONE}")).split()[0])
    assert hits == sum(r >= 3 for r in rolled) != sum(r >= 4 for r in rolled)    # a 3 hits
    assert s.tapped[unit(s, "Chariot Light Assault Vehicle")]
    s = position(dark={"arena": ["Chariot Light Assault Vehicle", GUARD]}, light={"arena": [WARRIOR]})
    s.tapped[unit(s, WARRIOR)] = True
    in_attack_window(s, GUARD, WARRIOR, 2)
    assert not offered(s, f"use {c(s, 'Chariot Light Assault Vehicle')} 1")


def test_millennium_falcon_a_repairs_a_counter_for_each_build_point() -> None:
    """Falcon (A) (BOY.txt): in the build step, any number of build points -> that many damage
    counters off it (here 2 points, 2 counters); Shields 1; room for an extra pilot."""
    s = position(light={"arena": ["Millennium Falcon (A)", "Han Solo (B)", "Chewbacca (C)"]})
    f = unit(s, "Millennium Falcon (A)")
    s.damage[f] = 3
    s.bp = [0, 2]
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Millennium Falcon (A)')} 3")
    act(s, f"use {c(s, 'Millennium Falcon (A)')} 3")
    assert s.damage[f] == 1 and s.bp[LIGHT] == 0
    assert not offered(s, f"use {c(s, 'Millennium Falcon (A)')} 3")
    assert keyword(s, f, "shields") == 1
    act(s, f"pilot {c(s, 'Han Solo (B)')} > {c(s, 'Millennium Falcon (A)')}")
    act(s, f"pilot {c(s, 'Chewbacca (C)')} > {c(s, 'Millennium Falcon (A)')}")
    assert len(s.aboard[f]) == 2


def test_death_star_b_gives_starfighters_critical_hit_and_fetches_an_imperial_starfighter() -> None:
    """Death Star (B) (BOY.txt): a Starfighter attacking it has Critical Hit 3; pay 1 build point
    in the build step: an Imperial Starfighter card from the deck to hand (a Rebel one is not
    offered)."""
    s = position(dark={"arena": ["Death Star (B)"]}, light={"arena": [Z95]})
    assert hits_with(s, unit(s, Z95), unit(s, "Death Star (B)"), [6, 1]) == 4
    s = position(dark={"arena": ["Death Star (B)"], "deck": [TIE, XW, GUARD]})
    s.bp = [1, 0]
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'Death Star (B)')} 2")
    assert texts(s) == [f"choose {c(s, TIE)}", "pass"]
    act(s, f"choose {c(s, TIE)}")
    assert names(s, s.hand[DARK]) == [TIE] and s.bp[DARK] == 0


def test_death_star_c_clears_the_ground_arena_while_the_opponent_has_no_space_unit() -> None:
    """Death Star (C) (BOY.txt; rulings: any Space unit of the opponent's forbids it; both sides'
    Ground units go, build zones are untouched): tapped instead of attacking; a Starfighter
    attacking it has Critical Hit 3."""
    s = position(dark={"arena": ["Death Star (C)", DSG_SQUAD]}, light={"arena": [CLONE], "retreated": [HONOR]})
    start(s, ("step", 0))
    pass_until(s, "?attack")
    act(s, f"use {c(s, 'Death Star (C)')} 2")
    assert s.zone[unit(s, DSG_SQUAD)] == DISCARD and s.zone[unit(s, CLONE)] == DISCARD
    assert s.zone[unit(s, HONOR)] == BUILD
    s = position(dark={"arena": ["Death Star (C)", DSG_SQUAD]}, light={"arena": [CLONE, Z95]})
    s.tapped[unit(s, Z95)] = True
    start(s, ("step", 0))
    pass_until(s, "?attack")
    assert f"use {c(s, 'Death Star (C)')} 2" not in texts(s)
    assert hits_with(s, unit(s, Z95), unit(s, "Death Star (C)"), [6, 1]) == 4


def test_r2_q5_a_gets_a_build_point_unless_the_opponent_pays_four() -> None:
    """R2-Q5 (BOY.txt): tapped in the build step, +1 build point unless the opponent pays 4
    Force (paying, nothing; unable to pay, the point comes)."""
    s = position(dark={"arena": ["R2-Q5 (A)"]}, force=(0, 4))
    s.bp = [2, 0]
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'R2-Q5 (A)')} 1")
    assert s.current_player == LIGHT
    act(s, "pass")
    assert s.bp[DARK] == 3
    s = position(dark={"arena": ["R2-Q5 (A)"]}, force=(0, 4))
    s.bp = [2, 0]
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'R2-Q5 (A)')} 1")
    act(s, "pay 4")
    assert s.bp[DARK] == 2 and s.force[LIGHT] == 0
    s = position(dark={"arena": ["R2-Q5 (A)"]}, force=(0, 3))
    s.bp = [2, 0]
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'R2-Q5 (A)')} 1")
    assert s.bp[DARK] == 3


# ============================================================================================
# Battle cards
# ============================================================================================
def test_alien_rage_gives_a_unit_speed_power_and_critical_hit() -> None:
    """Alien Rage (BOY.txt): pay 5: one of your units gets +20 speed, +2 power and Critical Hit
    2 until the end of the turn."""
    s = position(light={"arena": [CLONE], "hand": ["Alien Rage"]}, force=(0, 5))
    cl = unit(s, CLONE)
    play_in_step(s, "Alien Rage", 1)
    act(s, f"choose {c(s, CLONE)}")
    assert (s.speed(cl), s.power(cl), s.critical_hit(cl)) == (60, 6, 2) and s.force[LIGHT] == 0
    start(s, ("end_turn",))
    assert (s.speed(cl), s.power(cl), s.critical_hit(cl)) == (40, 4, 0)


def test_accelerate_speeds_all_your_units() -> None:
    """Accelerate (BOY.txt): pay 3: each of your units +10 speed this turn; the opponent's not."""
    s = position(light={"arena": [CLONE, XW], "hand": ["Accelerate"]}, dark={"arena": [CORE]}, force=(0, 3))
    play_in_step(s, "Accelerate", 0)
    assert (s.speed(unit(s, CLONE)), s.speed(unit(s, XW)), s.speed(unit(s, CORE))) == (50, 60, 10)


def test_pilots_speed_gives_a_space_or_ground_unit_forty_speed() -> None:
    """Pilot's Speed (BOY.txt): pay 1: one of your Space or Ground units +40 speed (a Character
    is not offered)."""
    s = position(light={"arena": [CLONE, WARRIOR], "hand": ["Pilot's Speed"]}, force=(0, 1))
    play_in_step(s, "Pilot's Speed", 1)
    assert texts(s) == [f"choose {c(s, CLONE)}"]
    act(s, f"choose {c(s, CLONE)}")
    assert s.speed(unit(s, CLONE)) == 80


def test_heavy_fire_zone_gives_your_units_in_an_arena_critical_hit_two() -> None:
    """Heavy Fire Zone (BOY.txt): pay 8: each of your units in the chosen arena has Critical
    Hit 2 this turn; your units elsewhere not."""
    s = position(dark={"arena": [DSG_SQUAD, ST_SQUAD, TIE], "hand": ["Heavy Fire Zone"]}, force=(8, 0))
    play_in_step(s, "Heavy Fire Zone", 1)
    act(s, "choose Ground")
    assert [s.critical_hit(unit(s, x)) for x in (DSG_SQUAD, ST_SQUAD, TIE)] == [2, 2, 0]


def test_stormtrooper_assault_gives_your_units_in_ground_or_character_one_power() -> None:
    """Stormtrooper Assault (BOY.txt): pay 4: choose Ground or Character (not Space); each of
    your units there +1 power this turn."""
    s = position(dark={"arena": [DSG_SQUAD, GUARD, TIE], "hand": ["Stormtrooper Assault"]}, force=(4, 0))
    play_in_step(s, "Stormtrooper Assault", 1)
    assert sorted(texts(s)) == ["choose character", "choose ground"]
    act(s, "choose Character")
    assert [s.power(unit(s, x)) for x in (DSG_SQUAD, GUARD, TIE)] == [3, 3, 2]


def test_greedos_marksmanship_prevents_all_damage_to_a_character() -> None:
    """Greedo's Marksmanship (BOY.txt): pay 4 as damage is about to be dealt to your Character:
    all of it is prevented; not for a Ground unit."""
    s = position(light={"arena": [WARRIOR], "hand": ["Greedo's Marksmanship"]}, force=(0, 4))
    start(s, ("damage", unit(s, WARRIOR), 3, -1, 1))
    act(s, f"play {c(s, 'Greedo' + chr(39) + 's Marksmanship')}")
    close_window(s)
    assert s.damage[unit(s, WARRIOR)] == 0 and s.force[LIGHT] == 0
    s = position(light={"arena": [CLONE], "hand": ["Greedo's Marksmanship"]}, force=(0, 4))
    start(s, ("damage", unit(s, CLONE), 3, -1, 1))
    assert s.damage[unit(s, CLONE)] == 3


def test_hans_evasion_prevents_all_damage_to_a_space_unit() -> None:
    """Han's Evasion (BOY.txt): pay 4 as damage is about to be dealt to your Space unit: all of
    it is prevented; not for a Character."""
    s = position(light={"arena": [NABOO_CRUISER], "hand": ["Han's Evasion"]}, force=(0, 4))
    start(s, ("damage", unit(s, NABOO_CRUISER), 5, -1, 1))
    act(s, f"play {c(s, 'Han' + chr(39) + 's Evasion')}")
    close_window(s)
    assert s.damage[unit(s, NABOO_CRUISER)] == 0
    s = position(light={"arena": [WARRIOR], "hand": ["Han's Evasion"]}, force=(0, 4))
    start(s, ("damage", unit(s, WARRIOR), 3, -1, 1))
    assert s.damage[unit(s, WARRIOR)] == 3


def test_outrun_prevents_three_and_retreats_the_space_unit() -> None:
    """Outrun (BOY.txt): pay 3 as damage is about to be dealt to your unit in the Space arena:
    prevent up to 3, and the unit retreats; not for a Ground unit."""
    s = position(light={"arena": [NABOO_CRUISER], "hand": ["Outrun"]}, force=(0, 3))
    n = unit(s, NABOO_CRUISER)
    start(s, ("damage", n, 5, -1, 1))
    act(s, f"play {c(s, 'Outrun')}")
    close_window(s)
    assert s.damage[n] == 2 and s.zone[n] == BUILD and s.face_up[n]
    s = position(light={"arena": [CLONE], "hand": ["Outrun"]}, force=(0, 3))
    start(s, ("damage", unit(s, CLONE), 3, -1, 1))
    assert s.damage[unit(s, CLONE)] == 3


def test_artoos_repairs_prevents_two_and_repairs_two_with_a_droid_in_play() -> None:
    """Artoo's Repairs (BOY.txt): pay 3, with a Droid of yours in an arena, as damage is about
    to be dealt to your Space or Ground unit: prevent 2 of it and take up to 2 damage counters
    off that unit; without a Droid it is not offered."""
    s = position(light={"arena": [NABOO_CRUISER, R2_A], "hand": ["Artoo's Repairs"]}, force=(0, 3))
    n = unit(s, NABOO_CRUISER)
    s.damage[n] = 2
    start(s, ("damage", n, 3, -1, 1))
    act(s, f"play {c(s, 'Artoo' + chr(39) + 's Repairs')}")
    close_window(s)
    assert s.damage[n] == 1 and s.force[LIGHT] == 0
    s = position(light={"arena": [NABOO_CRUISER], "hand": ["Artoo's Repairs"]}, force=(0, 3))
    start(s, ("damage", unit(s, NABOO_CRUISER), 3, -1, 1))
    assert s.damage[unit(s, NABOO_CRUISER)] == 3


def test_malfunction_rolls_six_dice_at_an_enemy_droid() -> None:
    """Malfunction (BOY.txt): pay 2 while no unit attacks: 6 dice of damage at one of the
    opponent's Droids (a non-Droid is not offered)."""
    s = position(light={"arena": [CLONE], "hand": ["Malfunction"]}, dark={"arena": [BDS, CORE]}, force=(0, 2))
    play_in_step(s, "Malfunction", 1)
    assert texts(s) == [f"choose {c(s, BDS)}"]
    act(s, f"choose {c(s, BDS)}")
    line = next(x for x in s.log if x.startswith(f"6 dice of damage at {BDS}"))
    assert len(line.split("[")[1].split("]")[0].split(",")) == 6


def test_obi_wans_guidance_gives_a_character_or_a_piloted_unit_accuracy_two() -> None:
    """Obi-Wan's Guidance (BOY.txt): pay 4: one of your units in the Character arena, or one
    with a pilot on it, gets Accuracy 2 this turn; an unpiloted Space unit is not offered."""
    s = position(light={"arena": [WARRIOR, Z95, XW, REBEL_PILOT], "hand": ["Obi-Wan's Guidance"]}, force=(0, 4))
    board(s, LIGHT, REBEL_PILOT, Z95)
    play_in_step(s, "Obi-Wan's Guidance", 0)
    assert sorted(texts(s)) == sorted([f"choose {c(s, WARRIOR)}", f"choose {c(s, Z95)}"])
    act(s, f"choose {c(s, Z95)}")
    assert keyword(s, unit(s, Z95), "accuracy") == 2 and keyword(s, unit(s, XW), "accuracy") == 0


def test_let_the_wookiee_win_gives_your_units_in_an_arena_retaliate_two() -> None:
    """Let the Wookiee Win (BOY.txt): choose an arena: this turn each of your units there gets
    "pay 2 -> Retaliate 2" (2 dice at its attacker when the attack ends)."""
    s = position(light={"arena": [CLONE, WARRIOR], "hand": ["Let the Wookiee Win"]}, dark={"arena": [CORE]},
                 force=(0, 2))
    play_in_step(s, "Let the Wookiee Win", 0)
    act(s, "choose Ground")
    s.tasks = []
    strike(s, CORE, CLONE, 1)
    while f"use {c(s, CLONE)} 1" not in texts(s):
        act(s, "pass")
    act(s, f"use {c(s, CLONE)} 1")
    finish_attack(s)
    assert any(x.startswith(f"2 dice of damage at {CORE}") for x in s.log) and s.force[LIGHT] == 0
    s2 = position(light={"arena": [CLONE], "hand": ["Let the Wookiee Win"]}, dark={"arena": [CORE]}, force=(0, 2))
    play_in_step(s2, "Let the Wookiee Win", 0)
    act(s2, "choose Character")
    s2.tasks = []
    strike(s2, CORE, CLONE, 1)
    assert not offered(s2, f"use {c(s2, CLONE)} 1")


def test_blast_it_gives_a_space_unit_retaliate_three() -> None:
    """Blast It! (BOY.txt): one of your Space units gets "pay 1 -> Retaliate 3" this turn (a
    Ground unit is not offered)."""
    s = position(light={"arena": [NABOO_CRUISER, CLONE], "hand": ["Blast It!"]}, dark={"arena": [WARSHIP]},
                 force=(0, 1))
    play_in_step(s, "Blast It!", 0)
    assert texts(s) == [f"choose {c(s, NABOO_CRUISER)}"]
    act(s, f"choose {c(s, NABOO_CRUISER)}")
    s.tasks = []
    strike(s, WARSHIP, NABOO_CRUISER, 0)
    while f"use {c(s, NABOO_CRUISER)} 1" not in texts(s):
        act(s, "pass")
    act(s, f"use {c(s, NABOO_CRUISER)} 1")
    finish_attack(s)
    assert any(x.startswith(f"3 dice of damage at {WARSHIP}") for x in s.log) and s.force[LIGHT] == 0


def test_trust_your_feelings_gains_three_force_for_the_right_number_of_hits() -> None:
    """Trust Your Feelings (BOY.txt): played before your unit rolls, you name a number of hits;
    with exactly that many, +3 Force; with another number, nothing."""
    for guess_right in (True, False):
        s = position(light={"arena": [CLONE], "hand": ["Trust Your Feelings"]}, dark={"arena": [CORE]}, seed=3)
        strike(s, CLONE, CORE, 1)
        act(s, f"play {c(s, 'Trust Your Feelings')}")
        probe = position(light={"arena": [CLONE]}, dark={"arena": [CORE]}, seed=3)
        strike(probe, CLONE, CORE, 1)
        close_window(probe)
        hits = sum(r >= 4 for r in rolled_in_log(probe))
        act(s, f"choose {hits if guess_right else (hits + 1) % 5} hits")
        close_window(s)
        assert sum(r >= 4 for r in rolled_in_log(s)) == hits
        assert s.force[LIGHT] == (3 if guess_right else 0)


# ============================================================================================
# Missions
# ============================================================================================
def test_your_powers_are_weak_takes_all_the_opponents_force() -> None:
    """Your Powers Are Weak (BOY.txt): the opponent loses all their Force; yours stays."""
    s = position(dark={"build": [("Your Powers Are Weak", 6)]}, force=(2, 9))
    complete(s, "Your Powers Are Weak", DARK)
    assert s.force == [2, 0]


def test_creature_attack_rolls_five_dice_at_a_character_the_opponent_picks() -> None:
    """Creature Attack (BOY.txt; ruling: nothing without a Character then): when the battle
    phase starts, the opponent picks one of their Characters and 5 dice of damage are rolled at
    it."""
    s = mission(LIGHT, "Creature Attack", theirs={"arena": [GUARD, MAUL_B]})
    complete(s, "Creature Attack", LIGHT)
    s.tasks = []
    start(s, ("battle",))
    assert s.current_player == DARK
    act(s, f"choose {c(s, MAUL_B)}")
    line = next(x for x in s.log if x.startswith(f"5 dice of damage at {MAUL_B}"))
    assert len(line.split("[")[1].split("]")[0].split(",")) == 5
    s = mission(LIGHT, "Creature Attack", theirs={"arena": [CORE]})
    complete(s, "Creature Attack", LIGHT)
    s.tasks = []
    start(s, ("battle",))
    assert not any("dice of damage" in x for x in s.log)


def test_visit_to_mos_eisley_repairs_all_your_ground_units() -> None:
    """Visit to Mos Eisley (BOY.txt): every damage counter comes off each of your Ground units;
    your Space unit and the opponent's Ground unit keep theirs."""
    s = mission(LIGHT, "Visit to Mos Eisley", {"arena": [HONOR, CLONE, NABOO_CRUISER]}, {"arena": [CORE]})
    for x, n in ((HONOR, 5), (CLONE, 2), (NABOO_CRUISER, 3), (CORE, 4)):
        s.damage[unit(s, x)] = n
    complete(s, "Visit to Mos Eisley", LIGHT)
    assert [s.damage[unit(s, x)] for x in (HONOR, CLONE, NABOO_CRUISER, CORE)] == [0, 0, 3, 4]


def test_celebrate_the_victory_draws_five_while_the_opponent_has_no_space_unit() -> None:
    """Celebrate the Victory (BOY.txt; ruling: face-down cards don't count): draw 5, only if the
    opponent has no Space unit in the arena or retreated in the build zone."""
    deck = [NSG, WARRIOR, PADME, JAWA, R2_A, CLONE]
    s = mission(LIGHT, "Celebrate the Victory", {"deck": deck}, {"arena": [CORE], "build": [(TIE, 0)]})
    complete(s, "Celebrate the Victory", LIGHT)
    assert len(s.hand[LIGHT]) == 5
    s = mission(LIGHT, "Celebrate the Victory", {"deck": deck}, {"retreated": [TIE]})
    start(s, ("?build", LIGHT))
    assert f"complete {c(s, 'Celebrate the Victory')}" not in texts(s)
    s = mission(LIGHT, "Celebrate the Victory", {"deck": deck}, {"arena": [TIE]})
    start(s, ("?build", LIGHT))
    assert f"complete {c(s, 'Celebrate the Victory')}" not in texts(s)


def test_imperial_landing_craft_damages_the_chosen_ground_unit_as_the_battle_starts() -> None:
    """Imperial Landing Craft (BOY.txt, with its erratum and ruling): deployed, its owner picks
    one of the opponent's Ground units; when the battle phase starts, 2 damage to it if it is
    still in the Ground arena (retreated, none); the other Ground unit is untouched."""
    s = position(dark={"build": [("Imperial Landing Craft", 6)]}, light={"arena": [HONOR, CLONE]})
    s.phase = COMMAND
    start(s, ("?build", DARK))
    act(s, f"deploy {c(s, 'Imperial Landing Craft')}")
    act(s, f"choose {c(s, HONOR)}")
    s.tasks = []
    start(s, ("battle",))
    close_window(s)
    assert s.damage[unit(s, HONOR)] == 2 and s.damage[unit(s, CLONE)] == 0
    s = position(dark={"build": [("Imperial Landing Craft", 6)]}, light={"arena": [HONOR, CLONE]})
    s.phase = COMMAND
    start(s, ("?build", DARK))
    act(s, f"deploy {c(s, 'Imperial Landing Craft')}")
    act(s, f"choose {c(s, HONOR)}")
    s.tasks = []
    F.retreat(s, unit(s, HONOR))
    start(s, ("battle",))
    close_window(s)
    assert s.damage[unit(s, HONOR)] == 0 and s.damage[unit(s, CLONE)] == 0


def test_obi_wans_handiwork_stops_non_jedi_characters_attacking_this_turn() -> None:
    """Obi-Wan's Handiwork (BOY.txt): pay 5 before any Character attacks: this turn no non-Jedi
    Character (either side's) can attack; a Jedi still can; after a Character attack it is not
    offered."""
    s = position(light={"arena": [KIT, "Tusken War Party"], "hand": ["Obi-Wan's Handiwork"]},
                 dark={"arena": [GUARD, MAUL_B]}, force=(0, 5))
    play_in_step(s, "Obi-Wan's Handiwork", 1)
    s.tasks = []
    start(s, ("step", 2))
    pass_until(s, "?attack")
    moves = texts(s)
    assert not any(m.startswith(f"attack {c(s, GUARD)}") for m in moves)
    assert any(m.startswith(f"attack {c(s, MAUL_B)}") for m in moves) or s.tasks[-1][1] == LIGHT
    assert F.attack_barred(s, unit(s, GUARD)) and not F.attack_barred(s, unit(s, KIT))
    s = position(light={"arena": [KIT], "hand": ["Obi-Wan's Handiwork"]}, dark={"arena": [GUARD]}, force=(0, 5))
    s.attacked |= 1 << 2
    start(s, ("step", 1))
    assert not offered(s, f"play {c(s, 'Obi-Wan' + chr(39) + 's Handiwork')}")


def test_countermeasures_puts_the_attackers_damage_on_itself_too() -> None:
    """Countermeasures (BOY.txt; rulings: played before the dice; both take the same damage,
    after prevention): the attacker takes as many damage counters as it places on the
    defender."""
    s = position(light={"arena": [HONOR]}, dark={"arena": [CORE], "hand": ["Countermeasures"]}, force=(4, 0), seed=3)
    strike(s, HONOR, CORE, 1)
    act(s, f"play {c(s, 'Countermeasures')}")
    close_window(s)
    while s.tasks and s.atk is not None:
        act(s, "pass")
    dealt = s.damage[unit(s, CORE)]
    assert dealt > 0 and s.damage[unit(s, HONOR)] == dealt and s.force[DARK] == 0
    s = position(light={"arena": [HONOR]}, dark={"arena": [CORE]}, seed=3)
    strike(s, HONOR, CORE, 1)
    close_window(s)
    assert s.damage[unit(s, CORE)] == dealt and s.damage[unit(s, HONOR)] == 0


def test_deflectors_activated_prevents_one_of_each_damage_in_the_chosen_arena() -> None:
    """Deflectors Activated (BOY.txt; rulings: 1 off each unit's damage, copies add up): choose
    an arena; this turn 1 of each damage to your units there is prevented; in another arena
    all of it lands."""
    s = mission(LIGHT, "Deflectors Activated", {"arena": [HONOR, CLONE, NABOO_CRUISER]})
    complete(s, "Deflectors Activated", LIGHT)
    act(s, "choose ground")
    for x in (HONOR, CLONE, NABOO_CRUISER):
        start(s, ("damage", unit(s, x), 3, -1, 1))
        close_window(s)
    assert [s.damage[unit(s, x)] for x in (HONOR, CLONE, NABOO_CRUISER)] == [2, 2, 3]
    s.effects.append(("arena_prevent", LIGHT, 1, 1))     # a second copy: 2 off each
    start(s, ("damage", unit(s, HONOR), 3, -1, 1))
    close_window(s)
    assert s.damage[unit(s, HONOR)] == 3


def test_jawa_scavenger_sends_a_droid_it_damages_to_the_top_of_its_deck() -> None:
    """Jawa Scavenger (BOY.txt): damage it places on an opponent's Droid (that survives it) puts
    that Droid on top of its owner's deck; a non-Droid it damages stays."""
    s = position(light={"arena": ["Jawa Scavenger"]}, dark={"arena": [BDS, GUARD], "deck": [MAUL_B]})
    j, b = unit(s, "Jawa Scavenger"), unit(s, BDS)
    start(s, ("damage", b, 1, j, 1))
    close_window(s)
    assert names(s, s.deck[DARK]) == [MAUL_B, BDS] and s.deck[DARK][-1] == b and s.damage[b] == 0
    start(s, ("damage", unit(s, GUARD), 1, j, 1))
    close_window(s)
    assert s.zone[unit(s, GUARD)] != DISCARD and s.damage[unit(s, GUARD)] == 1
    assert len(s.deck[DARK]) == 2


def test_r2_d2_d_speeds_his_starfighter_repairs_it_and_makes_room_for_a_pilot() -> None:
    """R2-D2 (D) (BOY.txt): aboard a Starfighter it gets +10 speed and Critical Hit 2, 1 damage
    counter comes off it when the battle phase ends, and it may carry an extra pilot who is not
    an Astromech Droid (R2-D2 boarding second works too)."""
    s = position(light={"arena": ["R2-D2 (D)", Z95, REBEL_PILOT, R2_A]})
    z = unit(s, Z95)
    board(s, LIGHT, REBEL_PILOT, Z95)
    board(s, LIGHT, "R2-D2 (D)", Z95)
    assert len(s.aboard[z]) == 2 and (s.speed(z), s.critical_hit(z)) == (70, 2)
    s.damage[z] = 1
    start(s, ("end_battle",))
    assert s.damage[z] == 0
    s = position(light={"arena": ["R2-D2 (D)", Z95, "R2-X2 (A)", XW]})
    z = unit(s, Z95)
    board(s, LIGHT, "R2-D2 (D)", Z95)
    start(s, ("?build", LIGHT))
    assert f"pilot {c(s, 'R2-X2 (A)')} > {c(s, Z95)}" not in texts(s)     # an Astromech Droid
    assert f"pilot {c(s, 'R2-X2 (A)')} > {c(s, XW)}" in texts(s)
    s = position(light={"arena": [Z95]})
    s.damage[unit(s, Z95)] = 1
    start(s, ("end_battle",))
    assert s.damage[unit(s, Z95)] == 1


def test_chewbacca_b_repairs_one_for_each_card_drawn_and_retaliates() -> None:
    """Chewbacca (B) (BOY.txt; ruling: once per card drawn, resolved after the drawing effect):
    in the draw step, 1 damage counter off one of your Space or Ground units; with Jawa
    Crawler's "draw 2, then discard 3", the discards come first, then 2 counters come off;
    pay 1 -> Retaliate 2."""
    s = position(light={"arena": ["Chewbacca (B)", CLONE], "deck": [NSG]}, dark={"deck": [GUARD]})
    cl = unit(s, CLONE)
    s.damage[cl] = 2
    start(s, ("ready",))
    if s.tasks and f"choose {c(s, CLONE)}" in texts(s):
        act(s, f"choose {c(s, CLONE)}")
    assert s.damage[cl] == 1
    s = position(light={"arena": ["Chewbacca (B)", CLONE, "Jawa Crawler"], "hand": [NSG],
                        "deck": [WARRIOR, PADME]})
    cl = unit(s, CLONE)
    s.damage[cl] = 3
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Jawa Crawler')} 1")
    assert s.tasks[-1][0] == "?discard" and s.damage[cl] == 3
    for x in (NSG, WARRIOR, PADME):
        act(s, f"choose {c(s, x)}")
    for _ in range(2):
        if s.tasks and f"choose {c(s, CLONE)}" in texts(s):
            act(s, f"choose {c(s, CLONE)}")
    assert s.damage[cl] == 1
    s = position(light={"arena": ["Chewbacca (B)"]}, dark={"arena": [MAUL_B]}, force=(0, 1))
    s.tapped[unit(s, "Chewbacca (B)")] = True
    in_attack_window(s, MAUL_B, "Chewbacca (B)", 2)
    while f"use {c(s, 'Chewbacca (B)')} 2" not in texts(s):
        act(s, "pass")
    act(s, f"use {c(s, 'Chewbacca (B)')} 2")
    finish_attack(s)
    assert any(x.startswith(f"2 dice of damage at {MAUL_B}") for x in s.log) and s.force[LIGHT] == 0


def test_blow_this_thing_rolls_one_die_that_discards_the_defender_on_a_hit() -> None:
    """Blow This Thing (BOY.txt; rulings: the 1 die replaces the power, Accuracy still counts):
    pay 8 while your unit attacks: it rolls 1 die; a hit discards the defender (12 health),
    a miss leaves it untouched."""
    for seed, hit in ((1, True), (5, False)):
        s = position(light={"arena": [HONOR], "hand": ["Blow This Thing"]}, dark={"arena": [CORE]},
                     force=(0, 8), seed=seed)
        strike(s, HONOR, CORE, 1)
        act(s, f"play {c(s, 'Blow This Thing')}")
        close_window(s)
        while s.tasks and s.atk is not None:
            act(s, "pass")
        rolled = rolled_in_log(s)
        assert len(rolled) == 1 and (rolled[0] >= 4) == hit and s.force[LIGHT] == 0
        assert (s.zone[unit(s, CORE)] == DISCARD) == hit and s.damage[unit(s, CORE)] == 0


def test_grand_moff_tarkin_a_gets_a_build_point_and_gives_your_jedi_retaliate_four() -> None:
    """Tarkin (A) (BOY.txt): +1 build point at the build roll; while he is in play each of your
    Jedi has "pay 1 -> Retaliate 4" (4 dice at its attacker when the attack ends); without him
    the Jedi has no such ability."""
    s = position(dark={"arena": ["Grand Moff Tarkin (A)"]}, light={"arena": [WARRIOR]})
    dark, light = build_points_after_roll(s)
    assert dark == light + 1
    s = position(dark={"arena": ["Grand Moff Tarkin (A)", MAUL_B]}, light={"arena": [KIT]}, force=(1, 0))
    s.tapped[unit(s, MAUL_B)] = s.tapped[unit(s, "Grand Moff Tarkin (A)")] = True
    in_attack_window(s, KIT, MAUL_B, 2)
    move = f"use {c(s, MAUL_B)} {len(s.d(unit(s, MAUL_B)).abilities) + 1}"
    while move not in texts(s):
        act(s, "pass")
    act(s, move)
    finish_attack(s)
    assert any(x.startswith(f"4 dice of damage at {KIT}") for x in s.log) and s.force[DARK] == 0
    s = position(dark={"arena": [MAUL_B]}, light={"arena": [KIT]}, force=(1, 0))
    s.tapped[unit(s, MAUL_B)] = True
    in_attack_window(s, KIT, MAUL_B, 2)
    assert not offered(s, move)


def test_labria_a_makes_the_opponent_play_with_the_hand_face_up() -> None:
    """Labria (BOY.txt): while he is in play his owner's opponent plays with the hand face up:
    his owner knows those cards (also one drawn later); retreated, no longer; his owner's own
    hand stays hidden."""
    from dejarik.tcg.observe import knows

    s = position(dark={"arena": ["Labria (A)"], "hand": [GUARD]}, light={"hand": [NSG], "deck": [WARRIOR]})
    assert knows(s, DARK, unit(s, NSG)) and not knows(s, LIGHT, unit(s, GUARD))
    from dejarik.tcg.effects import draw
    draw(s, LIGHT)
    assert knows(s, DARK, unit(s, WARRIOR))
    s = position(dark={"retreated": ["Labria (A)"]}, light={"hand": [NSG]})
    assert not knows(s, DARK, unit(s, NSG))


def test_second_wave_puts_three_starfighters_from_the_discard_pile_into_space() -> None:
    """Second Wave (BOY.txt; rulings: different units, not deployed): only with no Space unit of
    yours in the arena or retreated; up to 3 Starfighter cards of different names go from your
    discard pile into the Space arena, untapped (a second copy of a name and a Transport are
    not offered)."""
    s = position(light={"discard": [Z95, Z95, XW, "Y-wing Gold Two", "X-wing Red Ten", YT],
                        "build": [("Second Wave", 6)]}, dark={"arena": [CORE]})
    complete(s, "Second Wave", LIGHT)
    assert f"choose {c(s, YT)}" not in texts(s)
    act(s, f"choose {c(s, Z95)}")
    second = [i for i in range(len(s.card_def)) if s.name(i) == Z95 and s.zone[i] == DISCARD]
    assert second and f"choose {Z95}#{second[0]}" not in texts(s)
    for x in (XW, "X-wing Red Ten"):
        act(s, f"choose {c(s, x)}")
    assert [s.zone[unit(s, x)] for x in (Z95, XW, "X-wing Red Ten")] == [ARENA] * 3
    assert s.zone[unit(s, "Y-wing Gold Two")] == DISCARD and not s.tapped[unit(s, Z95)]
    s = position(light={"discard": [Z95], "retreated": [XW], "build": [("Second Wave", 6)]})
    start(s, ("?build", LIGHT))
    assert f"complete {c(s, 'Second Wave')}" not in texts(s)


def test_refit_on_yavin_rebuilds_a_unit_face_down_with_three_counters() -> None:
    """Refit on Yavin (BOY.txt; ruling: all of its stack and pilots go): one of your Space or
    Ground units loses its damage and goes face down into your build zone with 3 build counters;
    its pilot is discarded; a Character is not offered."""
    s = position(light={"arena": [Z95, REBEL_PILOT, WARRIOR], "build": [("Refit on Yavin", 3)]})
    z, pilot = unit(s, Z95), unit(s, REBEL_PILOT)
    board(s, LIGHT, REBEL_PILOT, Z95)
    s.damage[z] = 1
    start(s, ("?build", LIGHT))
    act(s, f"complete {c(s, 'Refit on Yavin')}")
    assert texts(s) == [f"choose {c(s, Z95)}"]
    act(s, f"choose {c(s, Z95)}")
    assert s.zone[z] == BUILD and not s.face_up[z] and s.counters[z] == 3 and s.damage[z] == 0
    assert s.zone[pilot] == DISCARD and s.zone[unit(s, "Refit on Yavin")] == DISCARD


def test_sabers_locked_taps_the_character_that_rolls_lower() -> None:
    """Sabers Locked (BOY.txt; ruling: any arena or build zone): pay 1: choose your untapped
    Character and the opponent's (here one retreated in the build zone); each side rolls a die:
    the lower roll's Character is tapped, both on a tie."""
    for seed, mine_tapped, theirs_tapped in ((1, False, True), (3, True, True), (5, True, False)):
        s = position(light={"arena": [WARRIOR], "hand": ["Sabers Locked"]},
                     dark={"arena": [GUARD], "retreated": [MAUL_B]}, force=(0, 1), seed=seed)
        s.tapped[unit(s, MAUL_B)] = False
        play_in_step(s, "Sabers Locked", 0)
        act(s, f"choose {c(s, WARRIOR)}")
        assert sorted(texts(s)) == sorted([f"choose {c(s, GUARD)}", f"choose {c(s, MAUL_B)}"])
        act(s, f"choose {c(s, MAUL_B)}")
        line = next(x for x in s.log if x.startswith(f"{WARRIOR} rolls "))
        a, b = int(line.split(" rolls ")[1].split(",")[0]), int(line.split(" rolls ")[2])
        assert (a <= b, b <= a) == (mine_tapped, theirs_tapped)
        assert (s.tapped[unit(s, WARRIOR)], s.tapped[unit(s, MAUL_B)]) == (mine_tapped, theirs_tapped)
        assert not s.tapped[unit(s, GUARD)] and s.force[LIGHT] == 0


def test_obi_wan_kenobi_h_stacks_a_luke_card_under_luke_when_discarded() -> None:
    """Obi-Wan (H) (BOY.txt, with its erratum): discarded from the Character arena, while a
    Luke Skywalker is there, his owner may take a Luke Skywalker card from the deck and stack
    it under that Luke (a version already in the stack is not offered); the Luke gains +1
    health and power from the card beneath."""
    s = position(light={"arena": ["Obi-Wan Kenobi (H)", "Luke Skywalker (F)"],
                        "deck": ["Luke Skywalker (F)", "Luke Skywalker (E)", NSG]},
                 dark={"arena": [MAUL_B]})
    luke = unit(s, "Luke Skywalker (F)")
    health = s.health(luke)
    start(s, ("damage", unit(s, "Obi-Wan Kenobi (H)"), 7, unit(s, MAUL_B), 1))
    act(s, "yes")
    assert texts(s) == [f"choose {c(s, 'Luke Skywalker (E)')}", "pass"]
    act(s, f"choose {c(s, 'Luke Skywalker (E)')}")
    assert s.under[luke] == [unit(s, "Luke Skywalker (E)")] and s.health(luke) == health + 1
    s = position(light={"arena": ["Obi-Wan Kenobi (H)"], "deck": ["Luke Skywalker (E)"]}, dark={"arena": [MAUL_B]})
    start(s, ("damage", unit(s, "Obi-Wan Kenobi (H)"), 7, unit(s, MAUL_B), 1))
    if s.tasks and "yes" in texts(s):
        act(s, "yes")
    assert not s.tasks or texts(s) == ["pass"]
    assert s.zone[unit(s, "Luke Skywalker (E)")] != ARENA


def test_princess_leia_e_fetches_a_jedi_and_comes_back_for_one() -> None:
    """Leia (E) (BOY.txt): in the build step, discarded from the Character arena, a Jedi card
    comes from the deck to hand; later, from the discard pile, discarding one of your Jedi in
    the Character arena returns her to hand (without a Jedi it is not offered)."""
    s = position(light={"arena": ["Princess Leia (E)"], "deck": [KIT, NSG]})
    leia = unit(s, "Princess Leia (E)")
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Princess Leia (E)')} 1")
    assert texts(s) == [f"choose {c(s, KIT)}", "pass"]
    act(s, f"choose {c(s, KIT)}")
    assert s.zone[leia] == DISCARD and names(s, s.hand[LIGHT]) == [KIT]
    s = position(light={"arena": [KIT, WARRIOR], "discard": ["Princess Leia (E)"]})
    leia = unit(s, "Princess Leia (E)")
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Princess Leia (E)')} 2")
    assert texts(s) == [f"choose {c(s, KIT)}"]
    act(s, f"choose {c(s, KIT)}")
    assert s.zone[unit(s, KIT)] == DISCARD and s.zone[leia] == HAND
    s = position(light={"arena": [WARRIOR], "discard": ["Princess Leia (E)"]})
    start(s, ("?build", LIGHT))
    assert f"use {c(s, 'Princess Leia (E)')} 2" not in texts(s)


def test_escape_pod_saves_a_pilot_of_a_discarded_space_unit_and_goes_itself() -> None:
    """Escape Pod (BOY.txt, with its erratum): when one of your Space units with a pilot is
    discarded, the pilot may go to your build zone instead (retreated), and the Pod is then
    discarded; declining, both stay as they would be; without a Pod the pilot is discarded."""
    s = position(light={"arena": ["Escape Pod", Z95, REBEL_PILOT]}, dark={"arena": [WARSHIP]})
    z, pilot, pod = unit(s, Z95), unit(s, REBEL_PILOT), unit(s, "Escape Pod")
    board(s, LIGHT, REBEL_PILOT, Z95)
    start(s, ("damage", z, 2, unit(s, WARSHIP), 1))
    close_window(s)
    assert texts(s) == [f"choose {c(s, REBEL_PILOT)}", "pass"]
    act(s, f"choose {c(s, REBEL_PILOT)}")
    assert s.zone[z] == DISCARD and s.zone[pilot] == BUILD and s.face_up[pilot] and s.zone[pod] == DISCARD
    s = position(light={"arena": ["Escape Pod", Z95, REBEL_PILOT]}, dark={"arena": [WARSHIP]})
    board(s, LIGHT, REBEL_PILOT, Z95)
    start(s, ("damage", unit(s, Z95), 2, unit(s, WARSHIP), 1))
    close_window(s)
    act(s, "pass")
    assert s.zone[unit(s, REBEL_PILOT)] == DISCARD and s.zone[unit(s, "Escape Pod")] != DISCARD
    s = position(light={"arena": [Z95, REBEL_PILOT]}, dark={"arena": [WARSHIP]})
    board(s, LIGHT, REBEL_PILOT, Z95)
    start(s, ("damage", unit(s, Z95), 2, unit(s, WARSHIP), 1))
    close_window(s)
    assert s.zone[unit(s, REBEL_PILOT)] == DISCARD


def test_heros_potential_puts_a_stacked_card_on_top_until_the_turn_ends() -> None:
    """Hero's Potential (BOY.txt; ruling: the original top card is on top again afterwards):
    pay 4: a card under one of your stacked unique units becomes the top card (its own numbers,
    +1 for the card beneath), keeping the damage; when the turn ends the first top card is back."""
    from dejarik.tcg.effects import place_unit

    s = position(light={"arena": ["Luke Skywalker (F)"], "deck": ["Luke Skywalker (E)"],
                        "hand": ["Hero's Potential"]}, force=(0, 4))
    f, e = unit(s, "Luke Skywalker (F)"), unit(s, "Luke Skywalker (E)")
    place_unit(s, e, f)
    s.damage[f] = 1
    assert s.arena[LIGHT][2] == [f] and s.power(f) == 5
    play_in_step(s, "Hero's Potential", 0)
    act(s, f"choose {c(s, 'Luke Skywalker (F)')}")
    assert len(texts(s)) == 1
    act(s, texts(s)[0])
    assert s.arena[LIGHT][2] == [e] and s.under[e] == [f] and s.damage[e] == 1 and s.force[LIGHT] == 0
    assert (s.speed(e), s.power(e), s.health(e)) == (60, 5, 4)
    s.tasks = []
    start(s, ("end_turn",))
    assert s.arena[LIGHT][2] == [f] and s.under[f] == [e] and s.damage[f] == 1


def test_vaders_fury_makes_a_starfighter_attack_each_enemy_once() -> None:
    """Vader's Fury (BOY.txt; rulings: no tapping or untapping, an attacked unit is not attacked
    again): pay 6 while no unit attacks: this turn, each time your Starfighter's attack ends, it
    attacks a unit of the Space arena it has not attacked yet: three enemies, three attacks;
    without the card, one."""
    def attacks_by_fighter(play: bool) -> list[str]:
        s = position(dark={"arena": [GDF], "hand": ["Vader's Fury"] if play else []},
                     light={"arena": [NABOO_CRUISER, XW, YT]}, force=(6, 0), seed=4)
        for x in (NABOO_CRUISER, XW, YT):
            s.tapped[unit(s, x)] = True
        start(s, ("step", 0))
        if play:
            act(s, f"play {c(s, 'Vader' + chr(39) + 's Fury')}")
            act(s, f"choose {c(s, GDF)}")
        pass_until(s, "?attack")
        act(s, f"attack {c(s, GDF)} > {c(s, XW)}")
        for _ in range(200):
            if s.done or not s.tasks or s.tasks[-1][0] == "?attack" or s.tasks[-1][0] == "?build":
                break
            acts = s.legal_actions()
            s.apply((F.PASS, 0, 0) if (F.PASS, 0, 0) in acts and s.tasks[-1][0] != "?choose" else acts[0])
        return [x.split(" attacks ")[1] for x in s.log if x.startswith(f"{GDF} attacks ")]

    chained = attacks_by_fighter(True)
    assert chained[0] == XW and sorted(chained) == sorted([NABOO_CRUISER, XW, YT])
    assert attacks_by_fighter(False) == [XW]
