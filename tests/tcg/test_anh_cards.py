"""Every A New Hope card with abilities that is not a pure keyword card (those are cases in
tests/tcg/test_keyword_cards.py), checked in the engine against what its rules text says
(../shared/reference/swtcg-data/ANH.txt; rulings from its Usage column and
../shared/reference/swtcg.md). One test per card (a parametrized case counts as one), grouped by
kind: static abilities, triggers, activated abilities, Battle cards, Missions. Each test checks
exact numbers or compares with the same position without the ability."""

from __future__ import annotations

import pytest

from dejarik.tcg.effects import deploy_cost, keyword
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
NABOO_CRUISER = "Naboo Cruiser"             # Light Space 6 power, 7 health (AOTC)
WARRIOR = "Clone Warrior 4/163"             # Light Character 4/40/4/4, Clone Soldier (AOTC)
TROOPER = "Clone Trooper 6/298"             # Light Character 3/60/2/3, Clone (SR)
NSG = "Naboo Security Guard"                # Light Character 2/30/2/2, Naboo Soldier (AOTC)
PADME = "Padme Amidala (D)"                 # Light Character 3/50/3/3, unique Naboo Diplomat
GUARD = "Geonosian Guard"                   # Dark Character 2/30/2/2, Geonosian Soldier (AOTC)
ZAM_B = "Zam Wesell (B)"                    # Dark Character 3/40/3/3, unique Bounty Hunter
TANBRIS = "Lieutenant Tanbris (A)"          # Dark Character 4/10/4/5, unique Imperial Soldier
JAWA = "Jawa"                               # neutral Character 2/20/2/2, Tatooine Jawa
BDS = "Battle Droid Squad"                  # Dark Ground 2/10/2/3, Droid (AOTC)
ST_SQUAD = "Stormtrooper Squad"             # Dark Ground 3/20/4/2, Imperial Clone Stormtrooper
DSG_SQUAD = "Death Star Guard Squad"        # Dark Ground 3/20/3/3, Imperial Soldier
HONOR = "Rebel Honor Company"               # Light Ground 7/40/7/7, Rebel Soldier
TURRET = "Planetary Defense Turret"         # Light Ground 5/30/6/4, Rebel Fortification
TUSKENS = "Tusken Squad"                    # neutral Ground 4/30/4/3, Tatooine Tusken Warrior
Z95 = "Z-95 Headhunter"                     # neutral Space 3/40/2/2, Independent Starfighter
TIE = "TIE Fighter DS-3-12"                 # Dark Space 2/60/2/1, Imperial Starfighter
CARRACK = "Carrack Cruiser"                 # Dark Space 5/40/5/5, Imperial Transport
ACCLAMATOR = "Acclamator-Class Assault Ship"  # Light Space 8/10/8/10 (SR)
WARSHIP = "Trade Federation Warship"        # Dark Space 8/20/8/8 (SR)
MAUL_B = "Darth Maul (B)"                   # Dark Character 7/60/6/4, Dark Jedi (SR)
KIT = "Kit Fisto (A)"                       # Light Character, Jedi Master (AOTC)


def offered(s, move: str) -> bool:
    """Whether a decision waits and `move` is one of its options."""
    return bool(s.tasks) and not s.done and move in texts(s)


def run_out(s) -> None:
    """Pass until the next attack choice, or until nothing is left to do."""
    if s.tasks and not s.done:
        pass_until(s, "?attack")


def strike(s, attacker: str, defender: str, arena: int) -> None:
    """Declare the attack in that arena's step, every other unit tapped first (so the attacker
    is the one to act)."""
    a = unit(s, attacker)
    for u in s.all_in_play():
        s.tapped[u] = u != a
    in_attack_window(s, attacker, defender, arena)


def hits_in_log(s, defender: str) -> int:
    """The hits the attack's roll made, from the log line 'N damage to DEFENDER'."""
    line = next(x for x in s.log if x.endswith(f" damage to {defender}"))
    return int(line.split()[0])


def attacking(s, attacker: str, defender: str) -> int:
    """Set up an attack (no task runs); the attacker's instance."""
    a = unit(s, attacker)
    s.atk = [a, unit(s, defender), -1, s.unit_arena(a)]
    return a


# ============================================================================================
# Static abilities
# ============================================================================================
def test_figrin_dan_a_slows_and_weakens_the_opponents_characters() -> None:
    """Figrin in the Character arena (ANH.txt): each of the opponent's Characters -10 speed and
    -1 power; his own side's Characters unchanged; retreated, nothing."""
    s = position(dark={"arena": ["Figrin D'an (A)", GUARD]}, light={"arena": [WARRIOR, HONOR]})
    assert (s.speed(unit(s, WARRIOR)), s.power(unit(s, WARRIOR))) == (30, 3)
    assert (s.speed(unit(s, GUARD)), s.power(unit(s, GUARD))) == (30, 2)
    assert s.power(unit(s, HONOR)) == 7
    s = position(dark={"retreated": ["Figrin D'an (A)"]}, light={"arena": [WARRIOR]})
    assert s.power(unit(s, WARRIOR)) == 4


def test_jawa_leader_gives_every_other_jawa_one_power() -> None:
    """Jawa Leader (ANH.txt): each other Jawa, either side's, any arena, +1 power; not itself."""
    s = position(dark={"arena": ["Jawa Leader", JAWA]}, light={"arena": ["Jawa Squad", NSG]})
    assert s.power(unit(s, JAWA)) == 3 and s.power(unit(s, "Jawa Squad")) == 3
    assert s.power(unit(s, "Jawa Leader")) == 3 and s.power(unit(s, NSG)) == 2


def test_momaw_nadon_a_slows_stormtroopers_in_the_character_arena() -> None:
    """Momaw (ANH.txt): each Stormtrooper in the Character arena -20 speed; a Ground one not."""
    s = position(light={"arena": ["Momaw Nadon (A)"]}, dark={"arena": ["Stormtrooper DV-523", ST_SQUAD]})
    assert s.speed(unit(s, "Stormtrooper DV-523")) == 20 and s.speed(unit(s, ST_SQUAD)) == 20
    s = position(dark={"arena": ["Stormtrooper DV-523"]})
    assert s.speed(unit(s, "Stormtrooper DV-523")) == 40


def test_obi_wan_kenobi_e_weakens_non_jedi_attacking_him() -> None:
    """Obi-Wan (E) (ANH.txt): a non-Jedi Character attacking him gets -2 power; attacking another
    unit, or a Jedi attacking him, keeps its power (his Evade 2 is a case of the keyword tests)."""
    s = position(light={"arena": ["Obi-Wan Kenobi (E)", WARRIOR]}, dark={"arena": [TANBRIS, MAUL_B]})
    attacking(s, TANBRIS, "Obi-Wan Kenobi (E)")
    assert s.power(unit(s, TANBRIS)) == 2
    attacking(s, TANBRIS, WARRIOR)
    assert s.power(unit(s, TANBRIS)) == 4
    attacking(s, MAUL_B, "Obi-Wan Kenobi (E)")
    assert s.power(unit(s, MAUL_B)) == 6
    assert dice_rolled(s, unit(s, TANBRIS), unit(s, "Obi-Wan Kenobi (E)")) == 2


def test_commander_praji_a_speeds_your_other_characters() -> None:
    """Praji (ANH.txt): each of your other Characters +10 speed; not him, not Ground units, not
    the opponent's."""
    s = position(dark={"arena": ["Commander Praji (A)", GUARD, ST_SQUAD]}, light={"arena": [WARRIOR]})
    assert [s.speed(unit(s, x)) for x in ("Commander Praji (A)", GUARD, ST_SQUAD, WARRIOR)] == [30, 40, 20, 40]


def test_imperial_control_station_powers_imperial_starfighters() -> None:
    """Imperial Control Station (ANH.txt): each of your Imperial Starfighters +1 power (the words
    need not stand together: Vader's TIE Fighter is an Imperial Dark Jedi - Sith Starfighter);
    an Imperial Transport and another side's Starfighter unchanged."""
    s = position(dark={"arena": ["Imperial Control Station", TIE, CARRACK, "Vader's TIE Fighter (B)"]},
                 light={"arena": [Z95]})
    assert [s.power(unit(s, x)) for x in (TIE, CARRACK, "Vader's TIE Fighter (B)", Z95)] == [3, 5, 4, 2]


def test_rebel_control_officer_gives_other_rebels_speed_and_power() -> None:
    """Rebel Control Officer (ANH.txt): each of your other Rebels +10 speed, +1 power."""
    s = position(light={"arena": ["Rebel Control Officer", HONOR, WARRIOR]})
    assert (s.speed(unit(s, HONOR)), s.power(unit(s, HONOR))) == (50, 8)
    assert (s.speed(unit(s, WARRIOR)), s.power(unit(s, WARRIOR))) == (40, 4)
    assert s.power(unit(s, "Rebel Control Officer")) == 4


def test_sandtrooper_has_critical_hit_two_against_tatooine_characters() -> None:
    """Sandtrooper (ANH.txt): Critical Hit 2 while attacking a Tatooine Character only."""
    s = position(dark={"arena": ["Sandtrooper"]}, light={"arena": [JAWA, WARRIOR]})
    st = attacking(s, "Sandtrooper", JAWA)
    assert s.critical_hit(st) == 2
    attacking(s, "Sandtrooper", WARRIOR)
    assert s.critical_hit(st) == 0
    s = position(dark={"arena": ["Sandtrooper"]}, light={"arena": [KIT]})
    assert hits_with(s, unit(s, "Sandtrooper"), unit(s, KIT), [6, 1]) == 1
    s = position(dark={"arena": ["Sandtrooper"]}, light={"arena": ["Owen Lars (A)"]})
    assert hits_with(s, unit(s, "Sandtrooper"), unit(s, "Owen Lars (A)"), [6, 1]) == 3


STORMTROOPERS = [  # (card, printed power)
    ("Stormtrooper TK-421", 6),
    ("Stormtrooper DV-523", 5),
    ("Stormtrooper DV-692", 4),
    ("Stormtrooper TK-119", 3),
]


@pytest.mark.parametrize(("card", "power"), STORMTROOPERS, ids=[x[0] for x in STORMTROOPERS])
def test_stormtroopers_lose_two_power_attacking_a_unique_character(card: str, power: int) -> None:
    """These Stormtroopers (ANH.txt) get -2 power while attacking a unique Character; against a
    non-unique one they keep their power (DV-692's Stun and TK-119's Intercept are cases of the
    keyword tests)."""
    s = position(dark={"arena": [card]}, light={"arena": [PADME, WARRIOR]})
    st = attacking(s, card, PADME)
    assert s.power(st) == power - 2
    attacking(s, card, WARRIOR)
    assert s.power(st) == power
    assert dice_rolled(s, st, unit(s, PADME)) == power - 2


def test_devastator_a_gains_two_power_against_rebel_space_units() -> None:
    """Devastator (ANH.txt): +2 power while attacking a Rebel Space unit; not against another
    Space unit (its Shields 1 is a case of the keyword tests)."""
    s = position(dark={"arena": ["Devastator (A)"]}, light={"arena": ["X-Wing Red Two", NABOO_CRUISER]})
    d = attacking(s, "Devastator (A)", "X-Wing Red Two")
    assert s.power(d) == 10
    attacking(s, "Devastator (A)", NABOO_CRUISER)
    assert s.power(d) == 8


def test_domesticated_bantha_gains_two_power_with_a_tusken() -> None:
    """Domesticated Bantha (ANH.txt): +2 power while you have a Tusken in any arena (the
    opponent's Tusken does not count)."""
    s = position(light={"arena": ["Domesticated Bantha", "Tusken Sharpshooter"]})
    assert s.power(unit(s, "Domesticated Bantha")) == 4
    s = position(light={"arena": ["Domesticated Bantha"]}, dark={"arena": [TUSKENS]})
    assert s.power(unit(s, "Domesticated Bantha")) == 2


def test_tusken_sharpshooter_gives_other_tuskens_accuracy() -> None:
    """Tusken Sharpshooter (ANH.txt): Accuracy 1 itself; each other Tusken, either side's, gets
    Accuracy 1 (the Sharpshooter does not get it twice); a non-Tusken gets none. A Tusken Squad
    die of 3 then hits."""
    s = position(light={"arena": ["Tusken Sharpshooter", NSG]}, dark={"arena": [TUSKENS, CORE]})
    assert keyword(s, unit(s, "Tusken Sharpshooter"), "accuracy") == 1
    assert keyword(s, unit(s, TUSKENS), "accuracy") == 1 and keyword(s, unit(s, NSG), "accuracy") == 0
    s = position(light={"arena": ["Tusken Sharpshooter", STATION]}, dark={"arena": [TUSKENS]})
    assert hits_with(s, unit(s, TUSKENS), unit(s, STATION), [3, 2]) == 1
    s = position(light={"arena": [STATION]}, dark={"arena": [TUSKENS]})
    assert hits_with(s, unit(s, TUSKENS), unit(s, STATION), [3, 2]) == 0


def test_stormtrooper_squad_leader_gives_your_other_stormtroopers_accuracy() -> None:
    """Squad Leader (ANH.txt): Accuracy 1 itself, and each of your other Stormtroopers gets
    Accuracy 1; the opponent's units and your non-Stormtroopers get none."""
    s = position(dark={"arena": ["Stormtrooper Squad Leader", ST_SQUAD, DSG_SQUAD]}, light={"arena": [STATION]})
    assert keyword(s, unit(s, "Stormtrooper Squad Leader"), "accuracy") == 1
    assert keyword(s, unit(s, ST_SQUAD), "accuracy") == 1 and keyword(s, unit(s, DSG_SQUAD), "accuracy") == 0
    assert hits_with(s, unit(s, ST_SQUAD), unit(s, STATION), [3, 3, 2]) == 2


def test_jawa_collection_team_stuns_four_against_droids() -> None:
    """Jawa Collection Team (ANH.txt): Stun 4 while attacking a Droid: the Droid it damages has
    -4 power for the battle; a non-Droid it damages is not stunned."""
    s = position(light={"arena": ["Jawa Collection Team"]}, dark={"arena": [BDS, ST_SQUAD]})
    jct, droid = unit(s, "Jawa Collection Team"), unit(s, BDS)
    assert hits_with(s, jct, droid, [5, 1]) == 1
    assert s.power(droid) == 2 - 4
    s = position(light={"arena": ["Jawa Collection Team"]}, dark={"arena": [DSG_SQUAD]})
    assert hits_with(s, unit(s, "Jawa Collection Team"), unit(s, DSG_SQUAD), [5, 1]) == 1
    assert s.power(unit(s, DSG_SQUAD)) == 3


def test_urorrurrr_a_gains_two_power_with_more_characters() -> None:
    """URoRRuR'R'R (ANH.txt): +2 power while you have more Characters in the arena than your
    opponent; with as many, nothing."""
    s = position(light={"arena": ["URoRRuR'R'R (A)", NSG]}, dark={"arena": [GUARD]})
    assert s.power(unit(s, "URoRRuR'R'R (A)")) == 4
    s = position(light={"arena": ["URoRRuR'R'R (A)", NSG]}, dark={"arena": [GUARD, ZAM_B]})
    assert s.power(unit(s, "URoRRuR'R'R (A)")) == 2


def test_c_3po_c_makes_your_neutral_units_cheaper() -> None:
    """C-3PO (C) (ANH.txt): each of your neutral units costs 1 less to deploy; your Light Side
    unit and the opponent's neutral unit cost as printed."""
    s = position(light={"arena": ["C-3PO (C)"], "build": [(JAWA, 0), (NSG, 0)]}, dark={"build": [(Z95, 0)]})
    assert deploy_cost(s, unit(s, JAWA)) == 1 and deploy_cost(s, unit(s, NSG)) == 2
    assert deploy_cost(s, unit(s, Z95)) == 3


def test_wuher_a_makes_every_droid_cost_one_more() -> None:
    """Wuher (ANH.txt): each Droid, either side's, costs 1 more to deploy; a non-Droid not."""
    s = position(dark={"arena": ["Wuher (A)"], "build": [(BDS, 0)]}, light={"build": [("R2-D2 (A)", 0), (NSG, 0)]})
    assert deploy_cost(s, unit(s, BDS)) == 3 and deploy_cost(s, unit(s, "R2-D2 (A)")) == 4
    assert deploy_cost(s, unit(s, NSG)) == 2


# ============================================================================================
# Triggered abilities
# ============================================================================================
def test_princess_leia_c_draws_three_when_discarded() -> None:
    """Leia (C) discarded from the Character arena (ANH.txt): draw 3 cards."""
    s = position(light={"arena": ["Princess Leia (C)"], "deck": [NSG, WARRIOR, TROOPER, PADME]},
                 dark={"arena": [GUARD]})
    start(s, ("damage", unit(s, "Princess Leia (C)"), 3, unit(s, GUARD), 1))
    assert s.zone[unit(s, "Princess Leia (C)")] == DISCARD and names(s, s.hand[LIGHT]) == [NSG, WARRIOR, TROOPER]


def test_tantive_iv_a_costs_the_opponent_three_force_when_discarded() -> None:
    """Tantive IV discarded from the Space arena (ANH.txt): the opponent loses 3 Force (its
    Shields 1 is a case of the keyword tests)."""
    s = position(light={"arena": ["Tantive IV (A)"]}, dark={"arena": [WARSHIP]}, force=(5, 0))
    start(s, ("damage", unit(s, "Tantive IV (A)"), 5, unit(s, WARSHIP), 1))
    assert s.zone[unit(s, "Tantive IV (A)")] == DISCARD and s.force == [2, 0]
    s = position(light={"arena": ["Tantive IV (A)"]}, dark={"arena": [WARSHIP]}, force=(5, 0))
    start(s, ("damage", unit(s, "Tantive IV (A)"), 4, unit(s, WARSHIP), 1))
    assert s.force == [5, 0]


def test_obi_wan_kenobi_f_gains_four_force_when_discarded() -> None:
    """Obi-Wan (F) discarded from the Character arena (ANH.txt): his owner gains 4 Force (his
    Evade and Intercept are cases of the keyword tests)."""
    s = position(light={"arena": ["Obi-Wan Kenobi (F)"]}, dark={"arena": [MAUL_B]})
    start(s, ("damage", unit(s, "Obi-Wan Kenobi (F)"), 5, unit(s, MAUL_B), 1))
    assert s.zone[unit(s, "Obi-Wan Kenobi (F)")] == DISCARD and s.force == [0, 4]


def test_imperial_sentry_droid_sees_the_opponents_hand_as_the_battle_phase_ends() -> None:
    """Imperial Sentry Droid (ANH.txt): when the battle phase ends, its owner sees the opponent's
    hand; retreated, not."""
    s = position(dark={"arena": ["Imperial Sentry Droid"]}, light={"hand": [NSG, "Leia's Kiss"]})
    start(s, ("end_battle",))
    assert all(s.shown[x] >> DARK & 1 for x in s.hand[LIGHT])
    s = position(dark={"retreated": ["Imperial Sentry Droid"]}, light={"hand": [NSG]})
    start(s, ("end_battle",))
    assert not any(s.shown[x] >> DARK & 1 for x in s.hand[LIGHT])


def test_remote_seeker_droid_gains_a_force_beside_a_jedi() -> None:
    """Remote Seeker Droid (ANH.txt): when the battle phase ends, +1 Force if its owner has a
    Jedi in the Character arena; without one, nothing."""
    s = position(light={"arena": ["Remote Seeker Droid", "Obi-Wan Kenobi (G)"]})
    start(s, ("end_battle",))
    assert s.force == [0, 1]
    s = position(light={"arena": ["Remote Seeker Droid", NSG]}, dark={"arena": [MAUL_B]})
    start(s, ("end_battle",))
    assert s.force == [0, 0]


def test_princess_leia_a_drains_a_force_and_wards_off_characters() -> None:
    """Leia (A) (ANH.txt): when the battle phase ends the opponent loses 1 Force; damage an
    opponent's Character would do to her is prevented unless that player pays 2 Force (paying,
    it lands; unable to pay, it is prevented); damage from something else is not warded."""
    s = position(light={"arena": ["Princess Leia (A)"]}, force=(3, 0))
    start(s, ("end_battle",))
    assert s.force == [2, 0]
    s = position(light={"arena": ["Princess Leia (A)"]}, dark={"arena": [GUARD]}, force=(1, 0))
    leia = unit(s, "Princess Leia (A)")
    start(s, ("damage", leia, 2, unit(s, GUARD), 1))
    close_window(s)
    assert s.damage[leia] == 0
    s = position(light={"arena": ["Princess Leia (A)"]}, dark={"arena": [GUARD]}, force=(2, 0))
    start(s, ("damage", leia, 2, unit(s, GUARD), 1))
    assert s.current_player == DARK and "pay 2" in texts(s)
    act(s, "pay 2")
    close_window(s)
    assert s.damage[leia] == 2 and s.force == [0, 0]
    s = position(light={"arena": ["Princess Leia (A)"]}, force=(2, 0))
    leia = unit(s, "Princess Leia (A)")
    start(s, ("damage", leia, 2, -1, 0))
    close_window(s)
    assert s.damage[leia] == 2


def test_princess_leia_b_has_accuracy_and_wards_off_characters() -> None:
    """Leia (B) (ANH.txt): Accuracy 1; an opponent's Character's damage to her is prevented
    unless that player pays 2 Force."""
    s = position(light={"arena": ["Princess Leia (B)"]}, dark={"arena": [TANBRIS]}, force=(0, 0))
    leia = unit(s, "Princess Leia (B)")
    assert keyword(s, leia, "accuracy") == 1
    assert hits_with(s, leia, unit(s, TANBRIS), [3, 2, 1]) == 1
    s = position(light={"arena": ["Princess Leia (B)"]}, dark={"arena": [TANBRIS]}, force=(2, 0))
    start(s, ("damage", leia, 2, unit(s, TANBRIS), 1))
    act(s, "pass")
    close_window(s)
    assert s.damage[leia] == 0 and s.force == [2, 0]


def test_krayt_dragon_untaps_when_it_destroys_a_unit() -> None:
    """Krayt Dragon (ANH.txt): when its damage makes a unit be discarded, it untaps; a unit that
    survives does not untap it."""
    s = position(dark={"arena": [ST_SQUAD]}, light={"arena": ["Krayt Dragon"]})
    k = unit(s, "Krayt Dragon")
    s.tapped[k] = True
    hits_with(s, k, unit(s, ST_SQUAD), [5, 5, 1])
    assert s.zone[unit(s, ST_SQUAD)] == DISCARD and not s.tapped[k]
    s = position(dark={"arena": [CORE]}, light={"arena": ["Krayt Dragon"]})
    k = unit(s, "Krayt Dragon")
    s.tapped[k] = True
    hits_with(s, k, unit(s, CORE), [5, 5, 1])
    assert s.tapped[k]


def test_x_wing_red_one_may_gain_three_power_for_two_damage() -> None:
    """X-Wing Red One (ANH.txt): as it attacks its owner may give it +3 power for the attack;
    then, as the attack ends, it does 2 damage to itself (health 2: it is discarded)."""
    s = position(light={"arena": ["X-Wing Red One"]}, dark={"arena": [WARSHIP]}, seed=3)
    red = unit(s, "X-Wing Red One")
    strike(s, "X-Wing Red One", WARSHIP, 0)
    act(s, "yes")
    close_window(s)
    assert len(rolled_in_log(s)) == 6
    run_out(s)
    assert s.zone[red] == DISCARD
    s = position(light={"arena": ["X-Wing Red One"]}, dark={"arena": [WARSHIP]}, seed=3)
    strike(s, "X-Wing Red One", WARSHIP, 0)
    act(s, "pass")
    close_window(s)
    assert len(rolled_in_log(s)) == 3
    run_out(s)
    assert s.zone[unit(s, "X-Wing Red One")] == ARENA


def test_r5_d4_a_may_gain_power_and_brings_an_astromech_when_discarded() -> None:
    """R5-D4 (ANH.txt, with its text erratum): attacking, +1 power for the attack if its owner
    wishes, then 2 damage to itself as the attack ends; discarded from the Character arena, its
    owner may take an Astromech Droid card from the deck into hand (a non-Astromech Droid is not
    offered)."""
    s = position(light={"arena": ["R5-D4 (A)"], "deck": ["R2-D2 (A)", "C-3PO (C)", NSG]},
                 dark={"arena": [TANBRIS]}, seed=3)
    r5 = unit(s, "R5-D4 (A)")
    s.tapped[unit(s, TANBRIS)] = True
    strike(s, "R5-D4 (A)", TANBRIS, 2)
    act(s, "yes")
    close_window(s)
    assert len(rolled_in_log(s)) == 3
    pass_until(s, "?search")
    assert s.zone[r5] == DISCARD
    assert texts(s) == [f"choose {c(s, 'R2-D2 (A)')}", "pass"]
    act(s, f"choose {c(s, 'R2-D2 (A)')}")
    assert names(s, s.hand[LIGHT]) == ["R2-D2 (A)"]


def test_dannik_jerriko_a_heals_one_when_he_damages_a_character() -> None:
    """Dannik (ANH.txt; rulings): when his damage lands on a Character, 1 damage counter comes
    off him, only 1 however much damage; all of it prevented, nothing comes off (his Stun 3 is a
    case of the keyword tests)."""
    s = position(dark={"arena": ["Dannik Jerriko (A)"]}, light={"arena": [KIT]})
    d = unit(s, "Dannik Jerriko (A)")
    s.damage[d] = 3
    assert hits_with(s, d, unit(s, KIT), [5, 5, 1]) == 2
    assert s.damage[d] == 2
    s = position(dark={"arena": ["Dannik Jerriko (A)"]}, light={"arena": [KIT], "hand": ["Hero's Dodge"]},
                 force=(0, 1))
    d = unit(s, "Dannik Jerriko (A)")
    s.damage[d] = 3
    s.atk = [d, unit(s, KIT), -1, 2]
    s.dice = [5, 1, 1]
    start(s, ("attack_damage",))
    act(s, f"play {c(s, 'Hero' + chr(39) + 's Dodge')}")
    close_window(s)
    assert s.damage[unit(s, KIT)] == 0 and s.damage[d] == 3


def test_death_star_scanning_technician_discards_a_card_from_the_opponents_hand() -> None:
    """Scanning Technician (ANH.txt, with its text erratum): deployed, its owner sees the
    opponent's hand and picks any one card there, which is discarded."""
    s = position(dark={"build": [("Death Star Scanning Technician", 5)]}, light={"hand": [NSG, "Leia's Kiss"]})
    s.phase = COMMAND
    start(s, ("?build", DARK))
    act(s, f"deploy {c(s, 'Death Star Scanning Technician')}")
    assert sorted(texts(s)) == sorted([f"choose {c(s, NSG)}", f"choose {c(s, 'Leia' + chr(39) + 's Kiss')}"])
    act(s, f"choose {c(s, NSG)}")
    assert s.zone[unit(s, NSG)] == DISCARD and names(s, s.hand[LIGHT]) == ["Leia's Kiss"]


# ============================================================================================
# Activated abilities
# ============================================================================================
def test_luke_skywalker_b_pays_two_for_twenty_speed() -> None:
    """Luke (B) (ANH.txt): pay 2 Force at a chance to play: +20 speed until the end of the turn
    (his Evade 1 is a case of the keyword tests); without 2 Force it is not offered."""
    s = position(light={"arena": ["Luke Skywalker (B)"]}, dark={"arena": [GUARD]}, force=(0, 2))
    luke = unit(s, "Luke Skywalker (B)")
    start(s, ("step", 2))
    act(s, f"use {c(s, 'Luke Skywalker (B)')} 2")
    assert s.speed(luke) == 70 and s.force[LIGHT] == 0
    start(s, ("end_battle",))
    assert s.speed(luke) == 70
    s = position(light={"arena": ["Luke Skywalker (B)"]}, dark={"arena": [GUARD]}, force=(0, 1))
    start(s, ("step", 2))
    assert not offered(s, f"use {c(s, 'Luke Skywalker (B)')} 2")


def test_darth_vader_b_pays_two_for_two_power_while_attacking() -> None:
    """Vader (B) (ANH.txt): while he attacks, pay 2 Force: +2 power for the attack (8 dice);
    not offered when another unit attacks (his Evade 3 is a case of the keyword tests)."""
    s = position(dark={"arena": ["Darth Vader (B)"]}, light={"arena": [KIT]}, force=(2, 0), seed=3)
    strike(s, "Darth Vader (B)", KIT, 2)
    act(s, f"use {c(s, 'Darth Vader (B)')} 1")
    close_window(s)
    assert len(rolled_in_log(s)) == 8 and s.force[DARK] == 0


def test_vaders_tie_fighter_b_pays_one_for_one_power_while_attacking() -> None:
    """Vader's TIE Fighter (B) (ANH.txt): while it attacks, pay 1 Force: +1 power for the
    attack (4 dice); its Accuracy 1 is a case of the keyword tests."""
    s = position(dark={"arena": ["Vader's TIE Fighter (B)"]}, light={"arena": [NABOO_CRUISER]},
                 force=(1, 0), seed=3)
    strike(s, "Vader's TIE Fighter (B)", NABOO_CRUISER, 0)
    act(s, f"use {c(s, 'Vader' + chr(39) + 's TIE Fighter (B)')} 2")
    close_window(s)
    assert len(rolled_in_log(s)) == 4 and s.force[DARK] == 0


def test_luke_skywalker_a_fetches_a_luke_skywalker_card() -> None:
    """Luke (A) (ANH.txt): tapped in the build step, a Luke Skywalker card (any version) comes
    from the deck to hand, shown; another card is not offered."""
    s = position(light={"arena": ["Luke Skywalker (A)"], "deck": [NSG, "Luke Skywalker (C)", "Luke's Speeder (A)"]})
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Luke Skywalker (A)')} 2")
    assert texts(s) == [f"choose {c(s, 'Luke Skywalker (C)')}", "pass"]
    act(s, f"choose {c(s, 'Luke Skywalker (C)')}")
    assert names(s, s.hand[LIGHT]) == ["Luke Skywalker (C)"] and s.tapped[unit(s, "Luke Skywalker (A)")]


def test_yavin_4_hangar_base_fetches_a_starfighter() -> None:
    """Yavin 4 Hangar Base (ANH.txt): tapped in its owner's build step, a Starfighter card comes
    from the deck to hand; a Capital Ship is not offered."""
    s = position(light={"arena": ["Yavin 4 Hangar Base"], "deck": ["Tantive IV (A)", "X-Wing Red Two", NSG]})
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Yavin 4 Hangar Base')} 1")
    assert texts(s) == [f"choose {c(s, 'X-Wing Red Two')}", "pass"]
    act(s, f"choose {c(s, 'X-Wing Red Two')}")
    assert names(s, s.hand[LIGHT]) == ["X-Wing Red Two"]


def test_tatooine_sandcrawler_fetches_a_droid_or_a_jawa() -> None:
    """Tatooine Sandcrawler (ANH.txt): tapped in the build step, a Droid or Jawa card comes from
    the deck to hand; another card is not offered."""
    s = position(dark={"arena": ["Tatooine Sandcrawler"], "deck": [JAWA, BDS, GUARD]})
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'Tatooine Sandcrawler')} 1")
    assert sorted(texts(s)) == sorted([f"choose {c(s, JAWA)}", f"choose {c(s, BDS)}", "pass"])
    act(s, f"choose {c(s, BDS)}")
    assert names(s, s.hand[DARK]) == [BDS]


def test_it_0_interrogator_droid_discards_a_battle_or_mission_card() -> None:
    """IT-0 (ANH.txt): tapped in the build step, its owner sees the opponent's hand and picks a
    Battle or Mission card there to be discarded (a unit card is not offered)."""
    s = position(dark={"arena": ["IT-0 Interrogator Droid"]}, light={"hand": [NSG, "Leia's Kiss", "Oil Bath"]})
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'IT-0 Interrogator Droid')} 1")
    assert sorted(texts(s)) == sorted([f"choose {c(s, 'Leia' + chr(39) + 's Kiss')}", f"choose {c(s, 'Oil Bath')}"])
    act(s, f"choose {c(s, 'Oil Bath')}")
    assert names(s, s.hand[LIGHT]) == [NSG, "Leia's Kiss"] and s.zone[unit(s, "Oil Bath")] == DISCARD


def test_imperial_detention_block_taps_a_non_jedi_character() -> None:
    """Imperial Detention Block (ANH.txt): tapped in the build step, an untapped non-Jedi
    Character (either side's) is tapped; Jedi are not offered."""
    s = position(dark={"arena": ["Imperial Detention Block", GUARD]}, light={"arena": [KIT, WARRIOR]})
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'Imperial Detention Block')} 1")
    assert sorted(texts(s)) == sorted([f"choose {c(s, GUARD)}", f"choose {c(s, WARRIOR)}"])
    act(s, f"choose {c(s, WARRIOR)}")
    assert s.tapped[unit(s, WARRIOR)] and not s.tapped[unit(s, KIT)]


def test_general_dodonna_a_gives_a_unit_accuracy_for_the_turn() -> None:
    """Dodonna (ANH.txt): tapped in the build step, one of your units gets Accuracy 1 until the
    end of the turn (gone after it)."""
    s = position(light={"arena": ["General Dodonna (A)", HONOR]})
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'General Dodonna (A)')} 1")
    act(s, f"choose {c(s, HONOR)}")
    assert keyword(s, unit(s, HONOR), "accuracy") == 1
    start(s, ("end_turn",))
    assert keyword(s, unit(s, HONOR), "accuracy") == 0


def test_beru_lars_a_trades_herself_for_a_character_card() -> None:
    """Beru (ANH.txt): discarded from the Character arena in the build step, a Character card
    comes back from the discard pile to hand (a Ground unit card is not offered)."""
    s = position(light={"arena": ["Beru Lars (A)"], "discard": [WARRIOR, HONOR]})
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Beru Lars (A)')} 1")
    assert s.zone[unit(s, "Beru Lars (A)")] == DISCARD
    assert f"choose {c(s, HONOR)}" not in texts(s)
    act(s, f"choose {c(s, WARRIOR)}")
    assert names(s, s.hand[LIGHT]) == [WARRIOR]


def test_moisture_farm_trades_itself_for_a_jedi_character_card() -> None:
    """Moisture Farm (ANH.txt): discarded from the Ground arena in the build step, a Jedi
    Character card comes back from the discard pile to hand (a non-Jedi is not offered)."""
    s = position(light={"arena": ["Moisture Farm"], "discard": [WARRIOR, KIT]})
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Moisture Farm')} 1")
    assert texts(s) == [f"choose {c(s, KIT)}", "pass"]
    act(s, f"choose {c(s, KIT)}")
    assert names(s, s.hand[LIGHT]) == [KIT] and s.zone[unit(s, "Moisture Farm")] == DISCARD


def test_owen_lars_a_keeps_a_character_from_being_attacked() -> None:
    """Owen (ANH.txt): discarded in the build step, one of your Characters can't be attacked
    this turn; your other Character still can."""
    s = position(light={"arena": ["Owen Lars (A)", WARRIOR, NSG]}, dark={"arena": [MAUL_B]})
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Owen Lars (A)')} 1")
    act(s, f"choose {c(s, WARRIOR)}")
    s.tasks = []
    start(s, ("step", 2))
    pass_until(s, "?attack")
    assert f"attack {c(s, MAUL_B)} > {c(s, WARRIOR)}" not in texts(s)
    assert f"attack {c(s, MAUL_B)} > {c(s, NSG)}" in texts(s)


def test_yv_664_light_freighter_trades_itself_for_two_build_points() -> None:
    """YV-664 (ANH.txt): discarded from the Space arena in the build step, +2 build points (its
    Shields 1 is a case of the keyword tests)."""
    s = position(light={"arena": ["YV-664 Light Freighter"]})
    s.bp = [0, 1]
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'YV-664 Light Freighter')} 2")
    assert s.bp[LIGHT] == 3 and s.zone[unit(s, "YV-664 Light Freighter")] == DISCARD


def test_dianoga_a_taps_a_character_with_power_four_or_less() -> None:
    """Dianoga (ANH.txt; ruling: the usual timing): tapping itself at a chance to play, an
    untapped Character with power 4 or less is tapped; a stronger one is not offered."""
    s = position(dark={"arena": ["Dianoga (A)"]}, light={"arena": [WARRIOR, "Obi-Wan Kenobi (E)"]})
    start(s, ("step", 2))
    act(s, f"use {c(s, 'Dianoga (A)')} 1")
    assert texts(s) == [f"choose {c(s, WARRIOR)}"]
    act(s, f"choose {c(s, WARRIOR)}")
    assert s.tapped[unit(s, WARRIOR)] and s.tapped[unit(s, "Dianoga (A)")]


def test_lin_demolitionmech_damages_every_other_character_instead_of_attacking() -> None:
    """Lin Demolitionmech (ANH.txt): instead of attacking, 2 damage to each other Character,
    both sides'; itself untouched."""
    s = position(dark={"arena": ["Lin Demolitionmech", TANBRIS]}, light={"arena": [WARRIOR, TROOPER]})
    for x in (TANBRIS, WARRIOR, TROOPER):
        s.tapped[unit(s, x)] = True
    start(s, ("step", 2))
    pass_until(s, "?attack")
    act(s, f"use {c(s, 'Lin Demolitionmech')} 1")
    close_window(s)
    while s.tasks and s.tasks[-1][0] == "?pop":
        act(s, "pass")
    assert [s.damage[unit(s, x)] for x in (TANBRIS, WARRIOR, TROOPER, "Lin Demolitionmech")] == [2, 2, 2, 0]


def test_mouse_droid_pays_a_build_point_to_draw() -> None:
    """Mouse Droid (ANH.txt): tap it and pay 1 build point in the build step: draw a card; with
    no build point it is not offered."""
    s = position(dark={"arena": ["Mouse Droid"], "deck": [GUARD, BDS]})
    s.bp = [2, 0]
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'Mouse Droid')} 1")
    assert names(s, s.hand[DARK]) == [GUARD] and s.bp[DARK] == 1
    s = position(dark={"arena": ["Mouse Droid"], "deck": [GUARD, BDS]})
    start(s, ("?build", DARK))
    assert not offered(s, f"use {c(s, 'Mouse Droid')} 1")


def test_death_star_hangar_bay_taps_a_space_unit_with_power_five_or_less() -> None:
    """Hangar Bay (ANH.txt): tap it and pay 1 build point in the build step: an untapped Space
    unit with power 5 or less is tapped; a stronger one is not offered."""
    s = position(dark={"arena": ["Death Star Hangar Bay"]}, light={"arena": ["X-Wing Red Two", NABOO_CRUISER]})
    s.bp = [1, 0]
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'Death Star Hangar Bay')} 1")
    assert texts(s) == [f"choose {c(s, 'X-Wing Red Two')}"]
    act(s, f"choose {c(s, 'X-Wing Red Two')}")
    assert s.tapped[unit(s, "X-Wing Red Two")] and s.bp[DARK] == 0


# ============================================================================================
# Battle cards
# ============================================================================================
def play_in_step(s, card: str, step: int) -> None:
    """Open the step and play the card at its first play-or-pass chance."""
    start(s, ("step", step))
    act(s, f"play {c(s, card)}")


FOR_THIS_ATTACK = [  # (card, Force, side, attacker, defender, arena, dice with it, a unit it won't help)
    ("Fate of the Dragon", 12, DARK, TANBRIS, WARRIOR, 2, 14, None),
    ("Precise Blast", 2, LIGHT, HONOR, CORE, 1, 11, (WARRIOR, MAUL_B, 2)),
    ("Well-Aimed Shot", 2, DARK, WARSHIP, ACCLAMATOR, 0, 12, (TANBRIS, WARRIOR, 2)),
    ("Preemptive Shot", 2, LIGHT, WARRIOR, MAUL_B, 2, 8, (HONOR, CORE, 1)),
    ("Stay Sharp", 2, LIGHT, WARRIOR, MAUL_B, 2, 5, None),
    ("Air Cover", 0, LIGHT, HONOR, CORE, 1, 10, (WARRIOR, MAUL_B, 2)),
    ("Ground Support", 0, DARK, WARSHIP, ACCLAMATOR, 0, 11, (TANBRIS, WARRIOR, 2)),
]


@pytest.mark.parametrize(("card", "force", "side", "attacker", "defender", "arena", "dice", "other"),
                         FOR_THIS_ATTACK, ids=[x[0] for x in FOR_THIS_ATTACK])
def test_battle_cards_add_power_for_this_attack(card: str, force: int, side: int, attacker: str,
                                                defender: str, arena: int, dice: int, other) -> None:
    """Pay the Force while one of your units attacks (ANH.txt): it rolls that many more dice
    (Fate +10, Precise Blast / Well-Aimed Shot / Preemptive Shot +4 for a Ground / Space /
    Character attacker only, Stay Sharp +1 and Critical Hit 1, Air Cover / Ground Support +3
    for a Ground / Space attacker while you have more units in the Space / Ground arena); for
    another kind of attacker it is not offered."""
    company = {"Air Cover": ([Z95], [TIE, CARRACK][:0]), "Ground Support": ([ST_SQUAD], [])}
    mine, theirs = company.get(card, ([], []))
    f = [0, 0]
    f[side] = force
    own = {"arena": [attacker, *mine], "hand": [card]}
    opp = {"arena": [defender, *theirs]}
    dark, light = (own, opp) if side == DARK else (opp, own)
    s = position(dark=dark, light=light, force=(f[0], f[1]), seed=3)
    strike(s, attacker, defender, arena)
    act(s, f"play {c(s, card)}")
    close_window(s)
    rolled = rolled_in_log(s)
    assert len(rolled) == dice and s.force[side] == 0
    if card == "Stay Sharp":      # Critical Hit 1 for the attack: a natural 6 adds 1
        assert 6 in rolled and hits_in_log(s, defender) == sum(r >= 4 for r in rolled) + 1
    if other is not None:
        a2, d2, ar2 = other
        own = {"arena": [a2, *mine], "hand": [card]}
        opp = {"arena": [d2]}
        dark, light = (own, opp) if side == DARK else (opp, own)
        s = position(dark=dark, light=light, force=(f[0], f[1]), seed=3)
        strike(s, a2, d2, ar2)
        assert not offered(s, f"play {c(s, card)}")


def test_air_cover_needs_more_space_units_than_the_opponent() -> None:
    """Air Cover (ANH.txt): with as many Space units as the opponent, it is not offered."""
    s = position(light={"arena": [HONOR, Z95], "hand": ["Air Cover"]}, dark={"arena": [CORE, TIE]}, seed=3)
    strike(s, HONOR, CORE, 1)
    assert not offered(s, f"play {c(s, 'Air Cover')}")


def test_hans_courage_gives_a_character_power_and_accuracy_for_the_attack() -> None:
    """Han's Courage (ANH.txt): pay 4 while your Character attacks: +2 power and Accuracy 1 for
    the attack, gone once it ends."""
    s = position(light={"arena": [WARRIOR], "hand": ["Han's Courage"]}, dark={"arena": [MAUL_B]},
                 force=(0, 4), seed=13)     # the roll holds a 3: a hit only with Accuracy
    w = unit(s, WARRIOR)
    strike(s, WARRIOR, MAUL_B, 2)
    act(s, f"play {c(s, 'Han' + chr(39) + 's Courage')}")
    rolled = rolled_in_log(s)
    assert len(rolled) == 6 and 3 in rolled and hits_in_log(s, MAUL_B) == sum(r >= 3 for r in rolled)
    run_out(s)
    assert s.power(w) == 4 and keyword(s, w, "accuracy") == 0


def test_vaders_grip_taps_any_untapped_unit() -> None:
    """Vader's Grip (ANH.txt): pay 7: tap an untapped unit, either side's."""
    s = position(dark={"arena": [GUARD], "hand": ["Vader's Grip"]}, light={"arena": [WARRIOR]}, force=(7, 0))
    play_in_step(s, "Vader's Grip", 2)
    assert sorted(texts(s)) == sorted([f"choose {c(s, GUARD)}", f"choose {c(s, WARRIOR)}"])
    act(s, f"choose {c(s, WARRIOR)}")
    assert s.tapped[unit(s, WARRIOR)] and s.force[DARK] == 0


def test_tarkins_stench_taps_the_opponents_units_in_one_arena() -> None:
    """Tarkin's Stench (ANH.txt): pay 12: the opponent's untapped units in the chosen arena are
    all tapped; yours there and theirs elsewhere are not."""
    s = position(dark={"arena": [GUARD], "hand": ["Tarkin's Stench"]},
                 light={"arena": [WARRIOR, NSG, HONOR]}, force=(12, 0))
    play_in_step(s, "Tarkin's Stench", 2)
    act(s, "choose character")
    assert [s.tapped[unit(s, x)] for x in (WARRIOR, NSG, HONOR, GUARD)] == [True, True, False, False]


def test_vaders_leadership_gives_three_power_in_one_arena() -> None:
    """Vader's Leadership (ANH.txt): pay 9: your units in the chosen arena +3 power until the end
    of the turn; the opponent's there unchanged."""
    s = position(dark={"arena": [GUARD, ST_SQUAD], "hand": ["Vader's Leadership"]}, light={"arena": [WARRIOR]},
                 force=(9, 0))
    play_in_step(s, "Vader's Leadership", 2)
    act(s, "choose character")
    start(s, ("end_battle",))
    assert [s.power(unit(s, x)) for x in (GUARD, ST_SQUAD, WARRIOR)] == [5, 4, 4]


def test_stormtrooper_charge_gives_your_stormtroopers_one_power() -> None:
    """Stormtrooper Charge (ANH.txt): pay 3: each of your Stormtroopers +1 power this turn."""
    s = position(dark={"arena": [ST_SQUAD, "Stormtrooper DV-523", DSG_SQUAD], "hand": ["Stormtrooper Charge"]},
                 force=(3, 0))
    play_in_step(s, "Stormtrooper Charge", 1)
    assert [s.power(unit(s, x)) for x in (ST_SQUAD, "Stormtrooper DV-523", DSG_SQUAD)] == [5, 6, 3]


def test_hold_em_off_gives_your_characters_speed_and_stun() -> None:
    """Hold 'Em Off (ANH.txt): pay 4: each of your Characters +10 speed and Stun 2 this turn;
    a Ground unit gets nothing."""
    s = position(light={"arena": [WARRIOR, HONOR], "hand": ["Hold 'Em Off"]}, dark={"arena": [MAUL_B]},
                 force=(0, 4))
    play_in_step(s, "Hold 'Em Off", 2)
    w = unit(s, WARRIOR)
    assert s.speed(w) == 50 and keyword(s, w, "stun") == 2 and keyword(s, unit(s, HONOR), "stun") == 0
    s.tasks = []
    hits_with(s, w, unit(s, MAUL_B), [5, 1])
    assert s.power(unit(s, MAUL_B)) == 4


def test_leias_kiss_gives_a_unit_speed_and_accuracy() -> None:
    """Leia's Kiss (ANH.txt): pay 3: one of your units +30 speed and Accuracy 1 this turn."""
    s = position(light={"arena": [WARRIOR, NSG], "hand": ["Leia's Kiss"]}, dark={"arena": [MAUL_B]},
                 force=(0, 3))
    play_in_step(s, "Leia's Kiss", 2)
    act(s, f"choose {c(s, NSG)}")
    n = unit(s, NSG)
    assert s.speed(n) == 60 and keyword(s, n, "accuracy") == 1 and keyword(s, unit(s, WARRIOR), "accuracy") == 0


def test_stabilize_deflectors_gives_your_starfighters_shields() -> None:
    """Stabilize Deflectors (ANH.txt): pay 2: each of your Starfighters Shields 1 this turn; an
    attacker then rolls one die fewer against it."""
    s = position(light={"arena": ["X-Wing Red Three", NABOO_CRUISER], "hand": ["Stabilize Deflectors"]},
                 dark={"arena": [WARSHIP]}, force=(0, 2))
    play_in_step(s, "Stabilize Deflectors", 0)
    assert keyword(s, unit(s, "X-Wing Red Three"), "shields") == 1
    assert keyword(s, unit(s, NABOO_CRUISER), "shields") == 0
    s.tasks = []
    assert dice_rolled(s, unit(s, WARSHIP), unit(s, "X-Wing Red Three")) == 7


def test_synchronized_assault_gives_your_starfighters_accuracy() -> None:
    """Synchronized Assault (ANH.txt): pay 4: each of your Starfighters Accuracy 1 this turn."""
    s = position(dark={"arena": [TIE, CARRACK], "hand": ["Synchronized Assault"]}, force=(4, 0))
    play_in_step(s, "Synchronized Assault", 0)
    assert keyword(s, unit(s, TIE), "accuracy") == 1 and keyword(s, unit(s, CARRACK), "accuracy") == 0


def test_benefits_of_training_gives_your_ground_soldiers_accuracy() -> None:
    """Benefits of Training (ANH.txt): pay 4: each of your Soldiers in the Ground arena gets
    Accuracy 1 this turn; a Soldier Character and a Ground non-Soldier get none."""
    s = position(light={"arena": [HONOR, TURRET, WARRIOR], "hand": ["Benefits of Training"]}, force=(0, 4))
    play_in_step(s, "Benefits of Training", 1)
    assert [keyword(s, unit(s, x), "accuracy") for x in (HONOR, TURRET, WARRIOR)] == [1, 0, 0]


def test_astromech_assistance_repairs_two_from_a_space_unit() -> None:
    """Astromech Assistance (ANH.txt): pay 1: up to 2 damage counters off one of your Space units
    (a Ground unit is not offered)."""
    s = position(light={"arena": [NABOO_CRUISER, HONOR], "hand": ["Astromech Assistance"]}, force=(0, 1))
    s.damage[unit(s, NABOO_CRUISER)] = 3
    s.damage[unit(s, HONOR)] = 3
    play_in_step(s, "Astromech Assistance", 0)
    assert texts(s) == [f"choose {c(s, NABOO_CRUISER)}"]
    act(s, f"choose {c(s, NABOO_CRUISER)}")
    assert s.damage[unit(s, NABOO_CRUISER)] == 1 and s.damage[unit(s, HONOR)] == 3


def test_lukes_warning_prevents_three_to_a_character_or_one_to_another_unit() -> None:
    """Luke's Warning (ANH.txt): pay 2 as damage is about to be dealt to your unit: prevent 3 of
    it for a Character, 1 for a Space or Ground unit."""
    for who, left in ((WARRIOR, 1), (HONOR, 3)):
        s = position(light={"arena": [who], "hand": ["Luke's Warning"]}, force=(0, 2))
        start(s, ("damage", unit(s, who), 4, -1, 1))
        act(s, f"play {c(s, 'Luke' + chr(39) + 's Warning')}")
        close_window(s)
        assert s.damage[unit(s, who)] == left and s.force[LIGHT] == 0


def test_into_the_garbage_chute_prevents_all_and_retreats_the_character() -> None:
    """Into the Garbage Chute (ANH.txt): pay 4 as damage is about to be dealt to your unit in the
    Character arena: prevent all of it and retreat that unit; not for a Ground unit."""
    s = position(light={"arena": [WARRIOR], "hand": ["Into the Garbage Chute"]}, force=(0, 4))
    w = unit(s, WARRIOR)
    start(s, ("damage", w, 3, -1, 1))
    act(s, f"play {c(s, 'Into the Garbage Chute')}")
    close_window(s)
    assert s.damage[w] == 0 and s.zone[w] == BUILD and s.face_up[w]
    s = position(light={"arena": [HONOR], "hand": ["Into the Garbage Chute"]}, force=(0, 4))
    start(s, ("damage", unit(s, HONOR), 3, -1, 1))
    assert s.damage[unit(s, HONOR)] == 3


def test_obi_wans_prowess_prevents_two_and_deals_it_back() -> None:
    """Obi-Wan's Prowess (ANH.txt): pay 4 as damage is about to be dealt to your Character:
    prevent up to 2, and that Character may deal as much to a Character of your choice there."""
    s = position(light={"arena": [WARRIOR], "hand": ["Obi-Wan's Prowess"]}, dark={"arena": [TANBRIS]},
                 force=(0, 4))
    w, t = unit(s, WARRIOR), unit(s, TANBRIS)
    start(s, ("damage", w, 3, t, 1))
    act(s, f"play {c(s, 'Obi-Wan' + chr(39) + 's Prowess')}")
    act(s, "yes")
    act(s, f"choose {c(s, TANBRIS)}")
    close_window(s)
    assert s.damage[w] == 1 and s.damage[t] == 2


def test_death_star_plans_gives_space_attackers_critical_hit_three_on_one_unit() -> None:
    """Death Star Plans (ANH.txt): pay 6: this turn your Space units attacking the chosen enemy
    Space unit have Critical Hit 3; against another unit, none."""
    s = position(dark={"arena": [WARSHIP], "hand": ["Death Star Plans"]},
                 light={"arena": [ACCLAMATOR, NABOO_CRUISER]}, force=(6, 0))
    play_in_step(s, "Death Star Plans", 0)
    act(s, f"choose {c(s, ACCLAMATOR)}")
    s.tasks = []
    assert hits_with(s, unit(s, WARSHIP), unit(s, ACCLAMATOR), [6, 1]) == 4
    assert hits_with(s, unit(s, WARSHIP), unit(s, NABOO_CRUISER), [6, 1]) == 1


def test_slipping_through_prevents_damage_from_units_in_one_arena() -> None:
    """Slipping Through (ANH.txt): pay 8: this turn damage by units in the chosen arena is
    prevented (both sides'); damage by units elsewhere still lands."""
    s = position(light={"arena": [WARRIOR, HONOR], "hand": ["Slipping Through"]},
                 dark={"arena": [TANBRIS, CORE]}, force=(0, 8))
    play_in_step(s, "Slipping Through", 2)
    act(s, "choose character")
    s.tasks = []
    assert hits_with(s, unit(s, TANBRIS), unit(s, WARRIOR), [5, 5]) == 0
    assert hits_with(s, unit(s, CORE), unit(s, HONOR), [5, 5]) == 2


def test_jump_to_lightspeed_returns_a_space_unit_and_its_stack_to_hand() -> None:
    """Jump to Lightspeed (ANH.txt; ruling: also while it is attacked): one of your Space units
    goes back to hand with its damage gone, with the cards stacked under it and its pilot."""
    s = position(light={"arena": ["Luke's X-Wing (A)", "Rebel Pilot", WARRIOR], "hand": ["Jump to Lightspeed"]},
                 dark={"arena": [WARSHIP]})
    xw, pilot = unit(s, "Luke's X-Wing (A)"), unit(s, "Rebel Pilot")
    start(s, ("?build", LIGHT))
    act(s, f"pilot {c(s, 'Rebel Pilot')} > {c(s, 'Luke' + chr(39) + 's X-Wing (A)')}")
    s.tasks = []
    s.damage[xw] = 1
    strike(s, WARSHIP, "Luke's X-Wing (A)", 0)
    act(s, f"play {c(s, 'Jump to Lightspeed')}")
    act(s, f"choose {c(s, 'Luke' + chr(39) + 's X-Wing (A)')}")
    assert s.zone[xw] == HAND and s.zone[pilot] == HAND and s.damage[xw] == 0
    assert s.zone[unit(s, WARRIOR)] == ARENA


def test_strike_me_down_trades_a_jedi_for_six_force() -> None:
    """Strike Me Down (ANH.txt): with no unit attacking, discard one of your Jedi from the
    Character arena: gain 6 Force; with no Jedi there it is not offered."""
    s = position(light={"arena": ["Obi-Wan Kenobi (G)", WARRIOR], "hand": ["Strike Me Down"]})
    play_in_step(s, "Strike Me Down", 2)
    assert texts(s) == [f"choose {c(s, 'Obi-Wan Kenobi (G)')}"]
    act(s, f"choose {c(s, 'Obi-Wan Kenobi (G)')}")
    assert s.zone[unit(s, "Obi-Wan Kenobi (G)")] == DISCARD and s.force[LIGHT] == 6
    s = position(light={"arena": [WARRIOR], "hand": ["Strike Me Down"]})
    start(s, ("step", 2))
    assert not offered(s, f"play {c(s, 'Strike Me Down')}")


@pytest.mark.parametrize(("card", "kind", "other"), [("No Escape", WARRIOR, HONOR),
                                                      ("Nowhere to Run", HONOR, WARRIOR)],
                         ids=["No Escape", "Nowhere to Run"])
def test_pulling_a_retreated_unit_back_into_its_arena(card: str, kind: str, other: str) -> None:
    """No Escape / Nowhere to Run (ANH.txt): pay 3: a Character / Ground unit the opponent has
    retreated goes back into its arena, untapped; the other kind is not offered."""
    s = position(dark={"arena": [GUARD], "hand": [card]}, light={"retreated": [kind, other]}, force=(3, 0))
    play_in_step(s, card, 2)
    assert texts(s) == [f"choose {c(s, kind)}"]
    act(s, f"choose {c(s, kind)}")
    u = unit(s, kind)
    assert s.zone[u] == ARENA and not s.tapped[u] and s.zone[unit(s, other)] == BUILD


def test_tractor_beam_pulls_a_space_unit_in_tapped_and_gives_accuracy_against_it() -> None:
    """Tractor Beam (ANH.txt): pay 6: a Space unit the opponent has retreated comes back into the
    Space arena, tapped; this turn your units attacking it have Accuracy 1 (not against another)."""
    s = position(dark={"arena": [WARSHIP], "hand": ["Tractor Beam"]},
                 light={"retreated": [ACCLAMATOR], "arena": [NABOO_CRUISER]}, force=(6, 0))
    play_in_step(s, "Tractor Beam", 0)
    act(s, f"choose {c(s, ACCLAMATOR)}")
    a = unit(s, ACCLAMATOR)
    assert s.zone[a] == ARENA and s.tapped[a]
    s.tasks = []
    assert hits_with(s, unit(s, WARSHIP), a, [3, 3, 2]) == 2
    assert hits_with(s, unit(s, WARSHIP), unit(s, NABOO_CRUISER), [3, 3, 2]) == 0


# ============================================================================================
# Missions
# ============================================================================================
def test_capture_the_falcon_taps_an_untapped_enemy_space_unit() -> None:
    """Capture the Falcon (ANH.txt): one of the opponent's untapped Space units is tapped (a
    Ground unit, or your own, is not offered)."""
    s = mission(DARK, "Capture the Falcon", {"arena": [WARSHIP]}, {"arena": [ACCLAMATOR, HONOR]})
    complete(s, "Capture the Falcon", DARK)
    assert texts(s) == [f"choose {c(s, ACCLAMATOR)}"]
    act(s, f"choose {c(s, ACCLAMATOR)}")
    assert s.tapped[unit(s, ACCLAMATOR)] and not s.tapped[unit(s, WARSHIP)]


def test_destroy_alderaan_discards_the_opponents_hand() -> None:
    """Destroy Alderaan (ANH.txt): the opponent's whole hand is discarded; yours stays."""
    s = position(dark={"hand": [GUARD], "build": [("Destroy Alderaan", 10)]},
                 light={"hand": [NSG, WARRIOR, "Leia's Kiss"]})
    complete(s, "Destroy Alderaan", DARK)
    assert s.hand[LIGHT] == [] and len(s.discard[LIGHT]) == 3 and names(s, s.hand[DARK]) == [GUARD]


def test_insignificant_power_costs_the_opponent_four_force() -> None:
    """Insignificant Power (ANH.txt): the opponent loses 4 Force (all of it, with less)."""
    s = mission(DARK, "Insignificant Power", force=(1, 6))
    complete(s, "Insignificant Power", DARK)
    assert s.force == [1, 2]
    s = mission(DARK, "Insignificant Power", force=(1, 3))
    complete(s, "Insignificant Power", DARK)
    assert s.force == [1, 0]


def test_into_hiding_taps_an_untapped_non_jedi_character() -> None:
    """Into Hiding (ANH.txt): an untapped non-Jedi Character, either side's, is tapped; a Jedi
    is not offered."""
    s = mission(LIGHT, "Into Hiding", {"arena": [KIT]}, {"arena": [GUARD, MAUL_B]})
    complete(s, "Into Hiding", LIGHT)
    assert texts(s) == [f"choose {c(s, GUARD)}"]
    act(s, f"choose {c(s, GUARD)}")
    assert s.tapped[unit(s, GUARD)]


def test_lukes_repairs_removes_one_damage_from_each_damaged_unit() -> None:
    """Luke's Repairs (ANH.txt): 1 damage counter off each of your damaged units; the opponent's
    keep theirs."""
    s = mission(LIGHT, "Luke's Repairs", {"arena": [HONOR, WARRIOR, NSG]}, {"arena": [CORE]})
    for x, n in ((HONOR, 3), (WARRIOR, 1), (CORE, 2)):
        s.damage[unit(s, x)] = n
    complete(s, "Luke's Repairs", LIGHT)
    assert [s.damage[unit(s, x)] for x in (HONOR, WARRIOR, NSG, CORE)] == [2, 0, 0, 2]


def test_learning_the_force_gains_a_force_per_character() -> None:
    """Learning the Force (ANH.txt; ruling: pilots aboard are not counted): +1 Force for each of
    your Characters in the arena."""
    s = mission(LIGHT, "Learning the Force", {"arena": [WARRIOR, NSG, HONOR, "Rebel Pilot", "X-Wing Red Two"]},
                {"arena": [GUARD]})
    start(s, ("?build", LIGHT))
    act(s, f"pilot {c(s, 'Rebel Pilot')} > {c(s, 'X-Wing Red Two')}")
    act(s, f"complete {c(s, 'Learning the Force')}")
    assert s.force[LIGHT] == 2


def test_support_in_the_senate_gives_a_build_point_per_diplomat() -> None:
    """Support in the Senate (ANH.txt): +1 build point for each Diplomat in the Character arena,
    both sides'."""
    s = mission(LIGHT, "Support in the Senate", {"arena": [PADME, "Princess Leia (C)", WARRIOR]},
                {"arena": ["Nute Gunray (A)"]})
    complete(s, "Support in the Senate", LIGHT)
    assert s.bp[LIGHT] == 3


def test_regroup_on_yavin_needs_two_units_in_each_arena() -> None:
    """Regroup on Yavin (ANH.txt; ruling: the points come on completion): +3 build points with 2
    or more of your units in each arena; with one arena short, nothing."""
    full = {"arena": [NABOO_CRUISER, "X-Wing Red Two", HONOR, TURRET, WARRIOR, NSG]}
    s = mission(LIGHT, "Regroup on Yavin", full)
    complete(s, "Regroup on Yavin", LIGHT)
    assert s.bp[LIGHT] == 3
    s = mission(LIGHT, "Regroup on Yavin", {"arena": [NABOO_CRUISER, "X-Wing Red Two", HONOR, WARRIOR, NSG]})
    complete(s, "Regroup on Yavin", LIGHT)
    assert s.bp[LIGHT] == 0


def test_dissolve_the_senate_discards_every_diplomat_character() -> None:
    """Dissolve the Senate (ANH.txt): every Diplomat in the Character arena, both sides', is
    discarded; other Characters stay."""
    s = mission(DARK, "Dissolve the Senate", {"arena": ["Nute Gunray (A)", GUARD]}, {"arena": [PADME, WARRIOR]})
    complete(s, "Dissolve the Senate", DARK)
    assert [s.zone[unit(s, x)] for x in ("Nute Gunray (A)", PADME, GUARD, WARRIOR)] == [DISCARD, DISCARD,
                                                                                       ARENA, ARENA]


def test_obi_wans_task_taps_a_jedi_for_three_build_points() -> None:
    """Obi-Wan's Task (ANH.txt): completing it taps one of your untapped Jedi in the Character
    arena and gives +3 build points; with no untapped Jedi it can't be completed."""
    s = mission(LIGHT, "Obi-Wan's Task", {"arena": [KIT, WARRIOR]})
    complete(s, "Obi-Wan's Task", LIGHT)
    act(s, f"choose {c(s, KIT)}")
    assert s.tapped[unit(s, KIT)] and s.bp[LIGHT] == 3
    s = mission(LIGHT, "Obi-Wan's Task", {"arena": [KIT, WARRIOR]})
    s.tapped[unit(s, KIT)] = True
    start(s, ("?build", LIGHT))
    assert not offered(s, f"complete {c(s, 'Obi-Wan' + chr(39) + 's Task')}")


def test_vaders_interference_taps_a_jedi_to_cost_the_opponent_three_build_points() -> None:
    """Vader's Interference (ANH.txt; ruling: the opponent loses 3 build points): completing it
    taps one of your untapped Jedi (Dark Jedi count) in the Character arena; with none it can't
    be completed."""
    s = mission(DARK, "Vader's Interference", {"arena": [MAUL_B]})
    s.bp = [0, 5]
    complete(s, "Vader's Interference", DARK)
    act(s, f"choose {c(s, MAUL_B)}")
    assert s.tapped[unit(s, MAUL_B)] and s.bp[LIGHT] == 2
    s = mission(DARK, "Vader's Interference", {"arena": [GUARD]})
    start(s, ("?build", DARK))
    assert not offered(s, f"complete {c(s, 'Vader' + chr(39) + 's Interference')}")


def test_plan_of_attack_taps_a_character_to_fetch_a_battle_card() -> None:
    """Plan of Attack (ANH.txt): completing it taps one of your untapped Characters and fetches
    a Battle card from the deck (a unit card is not offered)."""
    s = mission(LIGHT, "Plan of Attack", {"arena": [WARRIOR], "deck": [NSG, "Leia's Kiss"]})
    complete(s, "Plan of Attack", LIGHT)
    act(s, f"choose {c(s, WARRIOR)}")
    assert s.tapped[unit(s, WARRIOR)]
    assert texts(s) == [f"choose {c(s, 'Leia' + chr(39) + 's Kiss')}", "pass"]
    act(s, f"choose {c(s, 'Leia' + chr(39) + 's Kiss')}")
    assert names(s, s.hand[LIGHT]) == ["Leia's Kiss"]


def test_press_the_advantage_weakens_units_of_one_kind() -> None:
    """Press the Advantage (ANH.txt; ruling: units in play now): choose Clone, Droid or Jedi;
    each such unit, both sides', -3 power this turn."""
    s = mission(DARK, "Press the Advantage", {"arena": [BDS, MAUL_B]}, {"arena": [WARRIOR, KIT]})
    complete(s, "Press the Advantage", DARK)
    act(s, "choose option 3")
    assert [s.power(unit(s, x)) for x in (BDS, MAUL_B, WARRIOR, KIT)] == [2, 3, 4, 1]


def test_demonstration_of_power_strengthens_dark_side_units_with_five_power() -> None:
    """Demonstration of Power (ANH.txt): each of your Dark Side units with power 5 or more now
    gets +3 power this turn; a weaker one and a neutral one not."""
    s = mission(DARK, "Demonstration of Power", {"arena": [MAUL_B, GUARD, "Dannik Jerriko (A)", WARSHIP]})
    complete(s, "Demonstration of Power", DARK)
    assert [s.power(unit(s, x)) for x in (MAUL_B, GUARD, "Dannik Jerriko (A)", WARSHIP)] == [9, 2, 3, 11]


def test_oil_bath_removes_four_damage_in_one_arena() -> None:
    """Oil Bath (ANH.txt): up to 4 damage counters off your damaged units of one arena, divided
    as you like; another arena's stay."""
    s = mission(LIGHT, "Oil Bath", {"arena": [HONOR, TURRET, WARRIOR]})
    for x, n in ((HONOR, 3), (TURRET, 3), (WARRIOR, 2)):
        s.damage[unit(s, x)] = n
    complete(s, "Oil Bath", LIGHT)
    act(s, "choose ground")
    for x in (HONOR, HONOR, TURRET, TURRET):
        act(s, f"choose {c(s, x)}")
    assert [s.damage[unit(s, x)] for x in (HONOR, TURRET, WARRIOR)] == [1, 1, 2]


def test_disrupt_the_power_system_stops_bombard_and_gains_a_force() -> None:
    """Disrupt the Power System (ANH.txt): this turn the opponent's units, also those deployed
    after it, can't use Bombard or Ion Cannon; +1 Force."""
    s = mission(LIGHT, "Disrupt the Power System", {"arena": [HONOR]},
                {"arena": ["Imperial Star Destroyer", "Death Star Cannon Tower"]})
    complete(s, "Disrupt the Power System", LIGHT)
    assert s.force[LIGHT] == 1
    isd = unit(s, "Imperial Star Destroyer")
    assert keyword(s, isd, "bombard") == 0 and keyword(s, unit(s, "Death Star Cannon Tower"), "ion_cannon") == 0
    s.tasks = []
    start(s, ("step", 0))
    pass_until(s, "?attack")
    assert texts(s) == [f"hold {c(s, 'Imperial Star Destroyer')}"]
    s = mission(LIGHT, "Disrupt the Power System", {"arena": [HONOR]}, {"build": [("Victory-Class Star Destroyer", 6)]})
    complete(s, "Disrupt the Power System", LIGHT)
    s.tasks = []
    start(s, ("?build", DARK))
    act(s, f"deploy {c(s, 'Victory-Class Star Destroyer')}")      # after it: no Bombard either
    assert keyword(s, unit(s, "Victory-Class Star Destroyer"), "bombard") == 0


# ============================================================================================
# More characters and units
# ============================================================================================
def test_greedo_a_retreats_if_the_opponent_pays_three() -> None:
    """Greedo (ANH.txt): as the Character step starts, the opponent may pay 3 Force to have him
    retreat; declining (or with less than 3 Force), he stays."""
    s = position(dark={"arena": ["Greedo (A)"]}, light={"arena": [WARRIOR]}, force=(0, 3))
    g = unit(s, "Greedo (A)")
    start(s, ("step", 2))
    assert s.current_player == LIGHT and "pay 3" in texts(s)
    act(s, "pay 3")
    assert s.zone[g] == BUILD and s.force[LIGHT] == 0
    s = position(dark={"arena": ["Greedo (A)"]}, light={"arena": [WARRIOR]}, force=(0, 3))
    start(s, ("step", 2))
    act(s, "pass")
    assert s.zone[unit(s, "Greedo (A)")] == ARENA and s.force[LIGHT] == 3


def test_rebel_crew_chief_puts_a_build_counter_on_a_starfighter() -> None:
    """Rebel Crew Chief (ANH.txt): tapped in the build step, one of your face-down Starfighter
    cards is shown and gets 1 build counter (another kind is not offered)."""
    s = position(light={"arena": ["Rebel Crew Chief"], "build": [("X-Wing Red Two", 1), (NABOO_CRUISER, 1)]})
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Rebel Crew Chief')} 1")
    assert texts(s) == [f"choose {c(s, 'X-Wing Red Two')}"]
    act(s, f"choose {c(s, 'X-Wing Red Two')}")
    xw = unit(s, "X-Wing Red Two")
    assert s.counters[xw] == 2 and s.shown[xw] == 3 and s.counters[unit(s, NABOO_CRUISER)] == 1


def test_lukes_speeder_a_trades_itself_for_three_counters_on_a_space_card() -> None:
    """Luke's Speeder (ANH.txt): discarded from the Ground arena in the build step, one of your
    face-down Space unit cards is shown and gets 3 build counters (a Character card is not
    offered)."""
    s = position(light={"arena": ["Luke's Speeder (A)"], "build": [(NABOO_CRUISER, 1), (WARRIOR, 1)]})
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Luke' + chr(39) + 's Speeder (A)')} 1")
    assert texts(s) == [f"choose {c(s, NABOO_CRUISER)}"]
    act(s, f"choose {c(s, NABOO_CRUISER)}")
    assert s.counters[unit(s, NABOO_CRUISER)] == 4 and s.zone[unit(s, "Luke's Speeder (A)")] == DISCARD


def test_mounted_stormtrooper_trades_itself_for_two_counters_on_a_stormtrooper_character() -> None:
    """Mounted Stormtrooper (ANH.txt): discarded from the Ground arena in the build step, one of
    your face-down Stormtrooper Character cards gets 2 build counters (a Ground Stormtrooper card
    or another Character card is not offered)."""
    s = position(dark={"arena": ["Mounted Stormtrooper"],
                       "build": [("Stormtrooper DV-523", 1), (ST_SQUAD, 1), (GUARD, 1)]})
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'Mounted Stormtrooper')} 1")
    assert texts(s) == [f"choose {c(s, 'Stormtrooper DV-523')}"]
    act(s, f"choose {c(s, 'Stormtrooper DV-523')}")
    assert s.counters[unit(s, "Stormtrooper DV-523")] == 3


def test_eg_6_power_droid_untaps_another_droid_instead_of_attacking() -> None:
    """EG-6 (ANH.txt): instead of attacking, it taps to untap another of your tapped Droids in
    the Character arena (a non-Droid is not offered); once a turn, even if it is untapped."""
    s = position(light={"arena": ["EG-6 Power Droid", "R2-D2 (A)", WARRIOR]}, dark={"arena": [GUARD]})
    for x in ("R2-D2 (A)", WARRIOR, GUARD):
        s.tapped[unit(s, x)] = True
    start(s, ("step", 2))
    pass_until(s, "?attack")
    act(s, f"use {c(s, 'EG-6 Power Droid')} 1")
    assert texts(s) == [f"choose {c(s, 'R2-D2 (A)')}"]
    act(s, f"choose {c(s, 'R2-D2 (A)')}")
    assert s.log.count("R2-D2 (A) is untapped") == 1 and s.tapped[unit(s, "EG-6 Power Droid")]
    s.tapped[unit(s, "EG-6 Power Droid")] = False     # untapped again: not a second time this turn
    s.tapped[unit(s, "R2-D2 (A)")] = True
    s.tasks = []
    start(s, ("step", 2))
    pass_until(s, "?attack")
    assert not offered(s, f"use {c(s, 'EG-6 Power Droid')} 1")


def test_rebel_marine_cant_attack_without_a_space_unit() -> None:
    """Rebel Marine (ANH.txt): with no unit of its owner in the Space arena it can't attack;
    with one, it can."""
    s = position(light={"arena": ["Rebel Marine"]}, dark={"arena": [GUARD]})
    s.tapped[unit(s, GUARD)] = True
    start(s, ("step", 2))
    pass_until(s, "?attack")
    assert texts(s) == [f"hold {c(s, 'Rebel Marine')}"]
    s = position(light={"arena": ["Rebel Marine", NABOO_CRUISER]}, dark={"arena": [GUARD]})
    s.tapped[unit(s, GUARD)] = True
    start(s, ("step", 2))
    pass_until(s, "?attack")
    assert f"attack {c(s, 'Rebel Marine')} > {c(s, GUARD)}" in texts(s)


def test_general_tagge_a_bars_your_battle_cards_and_powers_capital_ships() -> None:
    """Tagge (ANH.txt): his owner can't play Battle cards; each of that player's Capital Ships
    gets +1 power (a Transport does not)."""
    s = position(dark={"arena": ["General Tagge (A)", "Imperial Star Destroyer", CARRACK],
                       "hand": ["Vader's Grip"]}, light={"arena": [WARRIOR]}, force=(7, 0))
    assert s.power(unit(s, "Imperial Star Destroyer")) == 8 and s.power(unit(s, CARRACK)) == 5
    start(s, ("step", 2))
    assert not offered(s, f"play {c(s, 'Vader' + chr(39) + 's Grip')}")
    s = position(dark={"arena": [CARRACK], "hand": ["Vader's Grip"]}, light={"arena": [WARRIOR]}, force=(7, 0))
    start(s, ("step", 2))
    assert offered(s, f"play {c(s, 'Vader' + chr(39) + 's Grip')}")


def test_luke_skywalker_c_is_stronger_beside_another_jedi() -> None:
    """Luke (C) (ANH.txt): with another Jedi of his owner in the Character arena, +2 power and
    "pay 3 Force -> Evade 1"; alone, neither."""
    s = position(light={"arena": ["Luke Skywalker (C)", "Obi-Wan Kenobi (G)"]}, force=(0, 3))
    luke = unit(s, "Luke Skywalker (C)")
    assert s.power(luke) == 4
    start(s, ("damage", luke, 2, -1, 1))
    act(s, f"use {c(s, 'Luke Skywalker (C)')} 2")
    close_window(s)
    assert s.damage[luke] == 1 and s.force[LIGHT] == 0
    s = position(light={"arena": ["Luke Skywalker (C)", WARRIOR]}, force=(0, 3))
    luke = unit(s, "Luke Skywalker (C)")
    assert s.power(luke) == 2
    start(s, ("damage", luke, 2, -1, 1))
    assert s.damage[luke] == 2


def test_admiral_motti_a_must_be_attacked_by_jedi_characters() -> None:
    """Motti (ANH.txt, with its text erratum; ruling: before "would attack" abilities): a Jedi
    Character that can attack him must (no other target, no holding back); a non-Jedi may
    choose."""
    s = position(dark={"arena": ["Admiral Motti (A)", GUARD]}, light={"arena": [KIT, WARRIOR]})
    for x in ("Admiral Motti (A)", GUARD, WARRIOR):
        s.tapped[unit(s, x)] = True
    start(s, ("step", 2))
    pass_until(s, "?attack")
    assert texts(s) == [f"attack {c(s, KIT)} > {c(s, 'Admiral Motti (A)')}"]
    s = position(dark={"arena": ["Admiral Motti (A)", GUARD]}, light={"arena": [WARRIOR]})
    for x in ("Admiral Motti (A)", GUARD):
        s.tapped[unit(s, x)] = True
    start(s, ("step", 2))
    pass_until(s, "?attack")
    assert len(texts(s)) == 3


def test_jon_dutch_vander_a_gives_his_starfighter_stun_three() -> None:
    """Dutch (ANH.txt): aboard one of his owner's Starfighters in the build step, it gets Stun 3:
    a unit it then damages has -3 power for the battle phase."""
    s = position(light={"arena": ['Jon "Dutch" Vander (A)', "X-Wing Red Two"]}, dark={"arena": [WARSHIP]})
    xw = unit(s, "X-Wing Red Two")
    assert keyword(s, xw, "stun") == 0
    start(s, ("?build", LIGHT))
    act(s, f"pilot {c(s, 'Jon ' + chr(34) + 'Dutch' + chr(34) + ' Vander (A)')} > {c(s, 'X-Wing Red Two')}")
    assert keyword(s, xw, "stun") == 3
    s.tasks = []
    hits_with(s, xw, unit(s, WARSHIP), [5, 1])
    assert s.power(unit(s, WARSHIP)) == 5


def test_penetrate_the_shields_adds_three_against_a_shielded_unit() -> None:
    """Penetrate the Shields (ANH.txt; ruling: checked when played): +3 power for the attack
    against a unit with Shields (8 + 3 - 1 = 10 dice); against one without, not offered."""
    s = position(dark={"arena": [WARSHIP], "hand": ["Penetrate the Shields"]}, light={"arena": ["X-Wing Red Two"]},
                 seed=3)
    strike(s, WARSHIP, "X-Wing Red Two", 0)
    act(s, f"play {c(s, 'Penetrate the Shields')}")
    close_window(s)
    assert len(rolled_in_log(s)) == 10
    s = position(dark={"arena": [WARSHIP], "hand": ["Penetrate the Shields"]}, light={"arena": [NABOO_CRUISER]})
    strike(s, WARSHIP, NABOO_CRUISER, 0)
    assert not offered(s, f"play {c(s, 'Penetrate the Shields')}")


def test_strategy_session_gives_all_your_units_accuracy_this_turn() -> None:
    """Strategy Session (ANH.txt; ruling: units that come into play later too): each of your
    units has Accuracy 1 this turn, one deployed after it as well; the opponent's have none;
    after the turn, gone."""
    s = position(light={"arena": [HONOR], "build": [("Strategy Session", 4), (WARRIOR, 4)]},
                 dark={"arena": [CORE]})
    s.phase = COMMAND
    start(s, ("?build", LIGHT))
    act(s, f"complete {c(s, 'Strategy Session')}")
    act(s, f"deploy {c(s, WARRIOR)}")
    assert keyword(s, unit(s, HONOR), "accuracy") == 1 and keyword(s, unit(s, WARRIOR), "accuracy") == 1
    assert keyword(s, unit(s, CORE), "accuracy") == 0
    start(s, ("end_turn",))
    assert keyword(s, unit(s, HONOR), "accuracy") == 0


def test_surprise_attack_bars_the_opponents_battle_cards() -> None:
    """Surprise Attack (ANH.txt): this turn the opponent can't play Battle cards (its own side
    still can)."""
    s = mission(LIGHT, "Surprise Attack", {"arena": [WARRIOR], "hand": ["Leia's Kiss"]},
                {"arena": [GUARD], "hand": ["Vader's Grip"]}, force=(7, 3))
    complete(s, "Surprise Attack", LIGHT)
    s.tasks = []
    start(s, ("step", 2))
    assert not offered(s, f"play {c(s, 'Vader' + chr(39) + 's Grip')}")
    pass_until(s, "?pop")
    while s.current_player != LIGHT:
        act(s, "pass")
    assert offered(s, f"play {c(s, 'Leia' + chr(39) + 's Kiss')}")


def test_disturbance_in_the_force_bars_the_opponents_activated_abilities() -> None:
    """Disturbance in the Force (ANH.txt): this turn the opponent can't use activated abilities
    (Evade included); without it, they can."""
    s = mission(DARK, "Disturbance in the Force", {"arena": [GUARD]},
                {"arena": ["Luke Skywalker (B)"]}, force=(0, 4))
    complete(s, "Disturbance in the Force", DARK)
    s.tasks = []
    luke = unit(s, "Luke Skywalker (B)")
    start(s, ("damage", luke, 2, -1, 1))
    assert s.damage[luke] == 2
    s = position(dark={"arena": [GUARD]}, light={"arena": ["Luke Skywalker (B)"]}, force=(0, 4))
    luke = unit(s, "Luke Skywalker (B)")
    start(s, ("damage", luke, 2, -1, 1))
    assert offered(s, f"use {c(s, 'Luke Skywalker (B)')} 1")


def test_rebel_fighter_wing_weakens_with_each_damage_counter() -> None:
    """Rebel Fighter Wing (ANH.txt): Critical Hit 2, and -1 power for each damage counter on it."""
    s = position(light={"arena": ["Rebel Fighter Wing"]}, dark={"arena": [WARSHIP]})
    w = unit(s, "Rebel Fighter Wing")
    assert s.power(w) == 8
    s.damage[w] = 3
    assert s.power(w) == 5
    assert hits_with(s, w, unit(s, WARSHIP), [6, 1]) == 3


@pytest.mark.parametrize(("card", "gunner_side_unit", "target", "arena", "base"),
                         [("Death Star Superlaser Gunner", "Imperial Star Destroyer", HONOR, 0, 3),
                          ("Death Star Turbolaser Gunner", "Death Star Cannon Tower", NABOO_CRUISER, 1, 3)],
                         ids=["Death Star Superlaser Gunner", "Death Star Turbolaser Gunner"])
def test_gunners_add_two_power_to_cross_arena_attacks(card: str, gunner_side_unit: str, target: str,
                                                      arena: int, base: int) -> None:
    """Superlaser / Turbolaser Gunner (ANH.txt): tapped in the build step, this turn each of your
    units using Bombard on a Ground unit (Ion Cannon on a Space unit) gets +2 power: 3 + 2 dice;
    without it, 3."""
    for use, dice in ((True, base + 2), (False, base)):
        s = position(dark={"arena": [card, gunner_side_unit]}, light={"arena": [target]}, seed=5)
        if use:
            start(s, ("?build", DARK))
            act(s, f"use {c(s, card)} 1")
            s.tasks = []
        strike(s, gunner_side_unit, target, arena)
        close_window(s)
        assert len(rolled_in_log(s)) == dice


def test_its_not_over_yet_fights_an_arena_again() -> None:
    """It's Not Over Yet (ANH.txt; ruling): pay 5 once every unit in every arena is tapped:
    the chosen arena's units untap and a new battle step begins there; while a unit is untapped
    it is not offered."""
    s = position(light={"arena": [WARRIOR, HONOR], "hand": ["It's Not Over Yet"]}, dark={"arena": [GUARD]},
                 force=(0, 5))
    for u in s.all_in_play():
        s.tapped[u] = True
    start(s, ("step", 2))
    act(s, f"play {c(s, 'It' + chr(39) + 's Not Over Yet')}")
    act(s, "choose character")
    assert not s.tapped[unit(s, WARRIOR)] and not s.tapped[unit(s, GUARD)] and s.tapped[unit(s, HONOR)]
    pass_until(s, "?attack")
    assert s.step == 2 and f"attack {c(s, WARRIOR)} > {c(s, GUARD)}" in texts(s)
    s = position(light={"arena": [WARRIOR], "hand": ["It's Not Over Yet"]}, dark={"arena": [GUARD]}, force=(0, 5))
    s.tapped[unit(s, WARRIOR)] = True
    start(s, ("step", 2))
    assert not offered(s, f"play {c(s, 'It' + chr(39) + 's Not Over Yet')}")


def test_imperial_blockade_costs_eight_force_and_freezes_the_opponents_build_points() -> None:
    """Imperial Blockade (ANH.txt; ruling: the points are lost): completing it takes 8 Force
    (with 7 it can't be completed); the opponent then can't spend build points this turn."""
    s = position(dark={"build": [("Imperial Blockade", 2)]}, light={"hand": [NSG]}, force=(9, 0))
    complete(s, "Imperial Blockade", DARK)
    assert s.force[DARK] == 1
    s.bp = [0, 4]
    s.tasks = []
    start(s, ("?build", LIGHT))
    assert texts(s) == ["pass"]
    s = position(dark={"build": [("Imperial Blockade", 2)]}, force=(7, 0))
    start(s, ("?build", DARK))
    assert not offered(s, f"complete {c(s, 'Imperial Blockade')}")


def test_jedi_extinction_keeps_the_opponents_jedi_out_this_turn() -> None:
    """Jedi Extinction (ANH.txt): this turn the opponent can't put a Jedi into the Character
    arena (neither deploy one nor bring a retreated one back); a non-Jedi still deploys."""
    s = position(dark={"build": [("Jedi Extinction", 3)]},
                 light={"build": [(KIT, 9), (WARRIOR, 4)], "retreated": ["Obi-Wan Kenobi (G)"]})
    complete(s, "Jedi Extinction", DARK)
    s.tasks = []
    start(s, ("?build", LIGHT))
    deploys = [t for t in texts(s) if t.startswith("deploy")]
    assert deploys == [f"deploy {c(s, WARRIOR)}"]


def test_contingency_plan_turns_build_counters_back_into_build_points() -> None:
    """Contingency Plan (ANH.txt; ruling: the cards stay partly built): every partially built
    card loses its counters and their total comes back as build points; a fully built card keeps
    its counters."""
    s = position(light={"build": [("Contingency Plan", 1), (WARRIOR, 2), (HONOR, 3), (NSG, 2)]})
    complete(s, "Contingency Plan", LIGHT)
    assert s.bp[LIGHT] == 5
    assert [s.counters[unit(s, x)] for x in (WARRIOR, HONOR, NSG)] == [0, 0, 2]
    assert s.zone[unit(s, WARRIOR)] == BUILD


def test_our_only_hope_puts_four_counters_on_the_one_partial_card() -> None:
    """Our Only Hope (ANH.txt): with exactly 1 other partially built card it can be completed:
    the hand is discarded and that card gets 4 build counters; with 2 it can't be completed."""
    s = position(light={"build": [("Our Only Hope", 1), (HONOR, 1)], "hand": [NSG, WARRIOR]})
    complete(s, "Our Only Hope", LIGHT)
    act(s, f"choose {c(s, HONOR)}")
    assert s.counters[unit(s, HONOR)] == 5 and s.hand[LIGHT] == [] and len(s.discard[LIGHT]) == 3
    s = position(light={"build": [("Our Only Hope", 1), (HONOR, 1), (WARRIOR, 1)]})
    start(s, ("?build", LIGHT))
    assert not offered(s, f"complete {c(s, 'Our Only Hope')}")


def test_jawa_supply_trip_builds_a_droid_from_hand_with_a_counter_per_jawa() -> None:
    """Jawa Supply Trip (ANH.txt): a Droid card from your hand is shown and goes into your build
    zone with 1 build counter for each Jawa you have in the arenas (the opponent's Jawa does not
    count; a non-Droid card is not offered)."""
    s = position(light={"build": [("Jawa Supply Trip", 1)], "arena": [JAWA, "Jawa Squad"],
                        "hand": ["R2-D2 (A)", NSG]}, dark={"arena": ["Jawa Leader"]})
    complete(s, "Jawa Supply Trip", LIGHT)
    assert texts(s) == [f"choose {c(s, 'R2-D2 (A)')}"]
    act(s, f"choose {c(s, 'R2-D2 (A)')}")
    r2 = unit(s, "R2-D2 (A)")
    assert s.zone[r2] == BUILD and s.counters[r2] == 2 and s.shown[r2] == 3 and not s.face_up[r2]


def test_obi_wans_plan_taps_one_character_to_speed_another() -> None:
    """Obi-Wan's Plan (ANH.txt): tap one of your untapped Characters, then one of your other
    Characters (the tapped one is not offered) gets +40 speed this turn."""
    s = position(light={"arena": [WARRIOR, NSG], "hand": ["Obi-Wan's Plan"]}, dark={"arena": [GUARD]})
    play_in_step(s, "Obi-Wan's Plan", 2)
    act(s, f"choose {c(s, WARRIOR)}")
    assert texts(s) == [f"choose {c(s, NSG)}"]
    act(s, f"choose {c(s, NSG)}")
    assert s.tapped[unit(s, WARRIOR)] and s.speed(unit(s, NSG)) == 70 and s.speed(unit(s, WARRIOR)) == 40


def test_most_desperate_hour_gives_critical_hit_six_and_taps_the_rest() -> None:
    """Most Desperate Hour (ANH.txt): pay 5 before any of your Space units attacks: one of your
    Starfighters gets Critical Hit 6 this turn and your other Space units are tapped (not the
    opponent's); once one of yours has attacked there, it is not offered."""
    s = position(light={"arena": ["X-Wing Red Two", NABOO_CRUISER, "Y-Wing Gold One"],
                        "hand": ["Most Desperate Hour"]}, dark={"arena": [WARSHIP]}, force=(0, 5))
    play_in_step(s, "Most Desperate Hour", 0)
    act(s, f"choose {c(s, 'X-Wing Red Two')}")
    xw = unit(s, "X-Wing Red Two")
    assert s.critical_hit(xw) == 6 and not s.tapped[xw]
    assert s.tapped[unit(s, NABOO_CRUISER)] and s.tapped[unit(s, "Y-Wing Gold One")]
    assert not s.tapped[unit(s, WARSHIP)]
    s = position(light={"arena": ["X-Wing Red Two"], "hand": ["Most Desperate Hour"]},
                 dark={"arena": [WARSHIP]}, force=(0, 5))
    s.attacked = 1 << (3 + 3 * LIGHT + 0)
    start(s, ("step", 0))
    assert not offered(s, f"play {c(s, 'Most Desperate Hour')}")
    s = position(light={"arena": ["X-Wing Red Two"], "hand": ["Most Desperate Hour"]},
                 dark={"arena": [WARSHIP]}, force=(0, 5))
    s.attacked = 1 << (3 + 3 * DARK + 0) | 1      # only the opponent has attacked there
    start(s, ("step", 0))
    assert offered(s, f"play {c(s, 'Most Desperate Hour')}")


def test_vaders_tie_fighter_a_may_come_back_to_hand_with_its_stack_and_pilot() -> None:
    """Vader's TIE Fighter (A) (ANH.txt; rulings): discarded from its arena, its owner may pay 2
    Force to take it back into hand with the cards stacked with it and its pilot; declining,
    they stay in the discard pile (its Evade 2 is a case of the keyword tests)."""
    s = position(dark={"arena": ["Vader's TIE Fighter (B)", "TIE Fighter Pilot"],
                       "build": [("Vader's TIE Fighter (A)", 5)]}, light={"arena": [ACCLAMATOR]}, force=(2, 0))
    s.phase = COMMAND
    start(s, ("?build", DARK))
    vtf_b = unit(s, "Vader's TIE Fighter (B)")
    act(s, f"pilot {c(s, 'TIE Fighter Pilot')} > {c(s, 'Vader' + chr(39) + 's TIE Fighter (B)')}")
    act(s, f"deploy {c(s, 'Vader' + chr(39) + 's TIE Fighter (A)')}")     # on top of (B)
    s.tasks = []
    vtf_a = unit(s, "Vader's TIE Fighter (A)")
    group = [vtf_a, vtf_b, unit(s, "TIE Fighter Pilot")]
    assert s.zone[vtf_a] == ARENA
    start(s, ("damage", vtf_a, 9, unit(s, ACCLAMATOR), 1))
    act(s, "pass")                 # no Evade
    act(s, "yes")
    assert all(s.zone[x] == HAND for x in group) and s.force[DARK] == 0


def test_rebel_blockade_runner_draws_and_comes_back_when_discarded_by_the_opponent() -> None:
    """Rebel Blockade Runner (ANH.txt; ruling: not a deployment): tapped in the build step, draw
    a card; discarded from hand by an opponent's effect (Destroy Alderaan here), its owner may
    put it into the Space arena from the discard pile."""
    s = position(light={"arena": ["Rebel Blockade Runner"], "deck": [NSG, WARRIOR]})
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Rebel Blockade Runner')} 1")
    assert names(s, s.hand[LIGHT]) == [NSG]
    s = position(dark={"build": [("Destroy Alderaan", 10)]}, light={"hand": ["Rebel Blockade Runner", NSG]})
    complete(s, "Destroy Alderaan", DARK)
    act(s, "yes")
    rbr = unit(s, "Rebel Blockade Runner")
    assert s.zone[rbr] == ARENA and not s.tapped[rbr] and s.zone[unit(s, NSG)] == DISCARD


def test_error_in_judgment_discards_a_face_down_card_unless_paid_for() -> None:
    """Error in Judgment (ANH.txt): its owner picks one of the opponent's face-down cards in the
    build zone; it is discarded unless the opponent pays 5 Force (a retreated unit is not
    offered)."""
    s = mission(DARK, "Error in Judgment", theirs={"build": [(HONOR, 2)], "retreated": [WARRIOR]}, force=(0, 5))
    complete(s, "Error in Judgment", DARK)
    assert texts(s) == [f"choose face-down card #{unit(s, HONOR)}"]
    act(s, texts(s)[0])
    act(s, "pay 5")
    assert s.zone[unit(s, HONOR)] == BUILD and s.force[LIGHT] == 0
    s = mission(DARK, "Error in Judgment", theirs={"build": [(HONOR, 2)]}, force=(0, 4))
    complete(s, "Error in Judgment", DARK)
    act(s, texts(s)[0])
    assert s.zone[unit(s, HONOR)] == DISCARD


def test_darth_vader_a_may_pay_to_make_a_non_jedi_character_retreat() -> None:
    """Vader (A) (ANH.txt): attacking a Character that is no Jedi Knight or Jedi Master, his owner
    may pay Force equal to its total build cost (4 for a Clone Warrior); the Character retreats
    when the attack ends. Against a Jedi Knight, nothing is offered (his Evade and Intercept are
    cases of the keyword tests)."""
    s = position(dark={"arena": ["Darth Vader (A)"]}, light={"arena": [WARRIOR, NSG]}, force=(4, 0), seed=2)
    strike(s, "Darth Vader (A)", WARRIOR, 2)
    assert "pay 4" in texts(s)
    act(s, "pay 4")
    w = unit(s, WARRIOR)
    assert s.force[DARK] == 0 and s.zone[w] == BUILD and s.damage[w] == 3     # hit, then retreated
    assert s.log[-1] == "Clone Warrior 4/163 retreats"
    s = position(dark={"arena": ["Darth Vader (A)"]}, light={"arena": ["Obi-Wan Kenobi (G)", NSG]}, force=(9, 0))
    strike(s, "Darth Vader (A)", "Obi-Wan Kenobi (G)", 2)
    assert not (s.tasks and s.tasks[-1][0] == "?offer") and s.force[DARK] == 9
    assert s.zone[unit(s, "Obi-Wan Kenobi (G)")] != BUILD


# ============================================================================================
# Pilots with more than bonuses, and abilities given to units
# ============================================================================================
def board(s, side: int, pilot: str, ship: str) -> None:
    """Put the pilot aboard the ship in its owner's build step, then clear the tasks."""
    start(s, ("?build", side))
    act(s, f"pilot {c(s, pilot)} > {c(s, ship)}")
    s.tasks = []


def test_wedge_antilles_a_speeds_powers_and_may_retreat_a_damaged_starfighter() -> None:
    """Wedge (ANH.txt): aboard a Starfighter, it gets +20 speed and +2 power, and "pay 1 Force ->
    retreat it" while no unit attacks and only while it has damage counters."""
    s = position(light={"arena": ["Wedge Antilles (A)", "X-Wing Red Two"]}, dark={"arena": [WARSHIP]},
                 force=(0, 1))
    xw = unit(s, "X-Wing Red Two")
    board(s, LIGHT, "Wedge Antilles (A)", "X-Wing Red Two")
    assert (s.speed(xw), s.power(xw)) == (70, 4)
    start(s, ("step", 0))
    assert not offered(s, f"use {c(s, 'X-Wing Red Two')} 2")
    s.damage[xw] = 1
    s.tasks = []
    s._legal = None
    start(s, ("step", 0))
    act(s, f"use {c(s, 'X-Wing Red Two')} 2")
    assert s.zone[xw] == BUILD and s.aboard == {xw: [unit(s, "Wedge Antilles (A)")]} and s.force[LIGHT] == 0


def test_biggs_darklighter_a_lets_his_starfighter_die_for_another_space_unit() -> None:
    """Biggs (ANH.txt): his Starfighter gets "discard it (and Biggs) -> prevent all damage to one
    of your other Space units"; not for the Starfighter itself."""
    s = position(light={"arena": ["Biggs Darklighter (A)", "X-Wing Red Two", NABOO_CRUISER]},
                 dark={"arena": [WARSHIP]})
    xw, cruiser, biggs = unit(s, "X-Wing Red Two"), unit(s, NABOO_CRUISER), unit(s, "Biggs Darklighter (A)")
    board(s, LIGHT, "Biggs Darklighter (A)", "X-Wing Red Two")
    start(s, ("damage", cruiser, 5, unit(s, WARSHIP), 1))
    act(s, f"use {c(s, 'X-Wing Red Two')} 2")
    close_window(s)
    assert s.damage[cruiser] == 0 and s.zone[xw] == DISCARD and s.zone[biggs] == DISCARD
    s = position(light={"arena": ["Biggs Darklighter (A)", "X-Wing Red Two"]}, dark={"arena": [WARSHIP]})
    board(s, LIGHT, "Biggs Darklighter (A)", "X-Wing Red Two")
    start(s, ("damage", unit(s, "X-Wing Red Two"), 1, unit(s, WARSHIP), 1))
    assert not offered(s, f"use {c(s, 'X-Wing Red Two')} 2")


def test_rebel_lieutenant_boosts_his_capital_ship_and_the_other_space_units() -> None:
    """Rebel Lieutenant (ANH.txt): aboard a Capital Ship, it gets +10 speed and +1 power, and
    while it is in the Space arena each of your other Space units gets +10 speed (the opponent's
    do not)."""
    s = position(light={"arena": ["Rebel Lieutenant", "Tantive IV (A)", "X-Wing Red Two"]},
                 dark={"arena": [WARSHIP]})
    t4, xw = unit(s, "Tantive IV (A)"), unit(s, "X-Wing Red Two")
    assert (s.speed(t4), s.power(t4), s.speed(xw)) == (30, 5, 50)
    board(s, LIGHT, "Rebel Lieutenant", "Tantive IV (A)")
    assert (s.speed(t4), s.power(t4), s.speed(xw)) == (40, 6, 60)
    assert s.speed(unit(s, WARSHIP)) == 20


def test_luke_skywalker_d_gives_his_speeder_speed_and_critical_hit_against_creatures() -> None:
    """Luke (D) (ANH.txt): aboard a Speeder, it gets +20 speed, and Critical Hit 2 while
    attacking a Creature (not another unit)."""
    s = position(light={"arena": ["Luke Skywalker (D)", "Flare-S Swoop"]}, dark={"arena": ["Krayt Dragon", CORE]})
    sw = unit(s, "Flare-S Swoop")
    board(s, LIGHT, "Luke Skywalker (D)", "Flare-S Swoop")
    assert s.speed(sw) == 70
    attacking(s, "Flare-S Swoop", "Krayt Dragon")
    assert s.critical_hit(sw) == 2
    attacking(s, "Flare-S Swoop", CORE)
    assert s.critical_hit(sw) == 0


def test_jedi_intervention_gives_a_unit_intercept_for_the_turn() -> None:
    """Jedi Intervention (ANH.txt): one of your units gets "pay 2 Force -> Intercept" this turn:
    when another of your Characters is then attacked, it may take the attack."""
    s = position(light={"arena": [WARRIOR, NSG], "hand": ["Jedi Intervention"]}, dark={"arena": [MAUL_B]},
                 force=(0, 2))
    play_in_step(s, "Jedi Intervention", 2)
    act(s, f"choose {c(s, WARRIOR)}")
    s.tasks = []
    strike(s, MAUL_B, NSG, 2)
    act(s, f"use {c(s, WARRIOR)} 1")
    assert f"the attack turns on {WARRIOR}" in s.log and s.force[LIGHT] == 0


def test_desperate_confrontation_gives_your_units_a_power_ability() -> None:
    """Desperate Confrontation (ANH.txt; ruling: units in play now): each of your units gets
    "pay 1 Force -> +2 power for this attack" this turn: 4 + 2 = 6 dice."""
    s = mission(LIGHT, "Desperate Confrontation", {"arena": [WARRIOR]}, {"arena": [MAUL_B]}, force=(0, 1))
    complete(s, "Desperate Confrontation", LIGHT)
    s.tasks = []
    strike(s, WARRIOR, MAUL_B, 2)
    act(s, f"use {c(s, WARRIOR)} 1")
    close_window(s)
    assert len(rolled_in_log(s)) == 6 and s.force[LIGHT] == 0


def test_tiree_a_gives_intercept_and_a_last_boost_to_the_other_starfighters() -> None:
    """Tiree (ANH.txt): his Starfighter gets "pay 2 Force -> Intercept", and when it is discarded
    from the Space arena each of your other Starfighters gets +2 power this turn."""
    s = position(light={"arena": ["Tiree (A)", "X-Wing Red Two", NABOO_CRUISER, "Y-Wing Gold One"]},
                 dark={"arena": [WARSHIP]}, force=(0, 2))
    xw, yw = unit(s, "X-Wing Red Two"), unit(s, "Y-Wing Gold One")
    board(s, LIGHT, "Tiree (A)", "X-Wing Red Two")
    strike(s, WARSHIP, NABOO_CRUISER, 0)
    act(s, f"use {c(s, 'X-Wing Red Two')} 2")
    assert "the attack turns on X-Wing Red Two" in s.log and s.force[LIGHT] == 0
    s = position(light={"arena": ["Tiree (A)", "X-Wing Red Two", "Y-Wing Gold One"]}, dark={"arena": [WARSHIP]})
    xw, yw = unit(s, "X-Wing Red Two"), unit(s, "Y-Wing Gold One")
    board(s, LIGHT, "Tiree (A)", "X-Wing Red Two")
    start(s, ("damage", xw, 5, unit(s, WARSHIP), 1))
    assert s.zone[xw] == DISCARD and s.power(yw) == 5 and s.power(unit(s, WARSHIP)) == 8


def test_starfighters_end_deals_a_damage_per_ten_speed_then_discards_the_starfighter() -> None:
    """Starfighter's End (ANH.txt; rulings): pay 6 with no unit attacking: your untapped
    Starfighter (50 speed) deals 5 damage to an enemy unit in the Space arena, then it is
    discarded; a tapped Starfighter is not offered."""
    s = position(light={"arena": ["X-Wing Red Two", "X-Wing Red Three"], "hand": ["Starfighter's End"]},
                 dark={"arena": [WARSHIP]}, force=(0, 6))
    s.tapped[unit(s, "X-Wing Red Three")] = True
    play_in_step(s, "Starfighter's End", 0)
    assert texts(s) == [f"choose {c(s, 'X-Wing Red Two')}"]
    act(s, f"choose {c(s, 'X-Wing Red Two')}")
    act(s, f"choose {c(s, WARSHIP)}")
    close_window(s)
    assert s.damage[unit(s, WARSHIP)] == 5 and s.zone[unit(s, "X-Wing Red Two")] == DISCARD


def test_imperial_manipulation_moves_a_damage_counter_within_an_arena() -> None:
    """Imperial Manipulation (ANH.txt; ruling: between any units of one arena): when the battle
    phase starts, 1 damage counter moves from a damaged unit to another unit of its arena (here
    between two of the opponent's units); a unit of another arena is not offered."""
    s = mission(DARK, "Imperial Manipulation", {"arena": [CORE]}, {"arena": [HONOR, TURRET, WARRIOR]})
    complete(s, "Imperial Manipulation", DARK)
    s.damage[unit(s, HONOR)] = 2
    s.tasks = []
    start(s, ("battle",))
    pass_until(s, "?choose")
    act(s, f"choose {c(s, HONOR)}")
    assert sorted(texts(s)) == sorted([f"choose {c(s, TURRET)}", f"choose {c(s, CORE)}"])
    act(s, f"choose {c(s, TURRET)}")
    assert s.damage[unit(s, HONOR)] == 1 and s.damage[unit(s, TURRET)] == 1


def test_rescue_prevents_two_or_adds_three_power() -> None:
    """Rescue (ANH.txt): pay 4: as damage is about to be dealt to your unit, prevent 2 of it; or,
    while your unit attacks, +3 power for the attack (4 + 3 = 7 dice)."""
    s = position(light={"arena": [WARRIOR], "hand": ["Rescue"]}, force=(0, 4))
    start(s, ("damage", unit(s, WARRIOR), 3, -1, 1))
    act(s, f"play {c(s, 'Rescue')}")
    close_window(s)
    assert s.damage[unit(s, WARRIOR)] == 1 and s.force[LIGHT] == 0
    s = position(light={"arena": [WARRIOR], "hand": ["Rescue"]}, dark={"arena": [MAUL_B]}, force=(0, 4), seed=3)
    strike(s, WARRIOR, MAUL_B, 2)
    act(s, f"play {c(s, 'Rescue')}")
    close_window(s)
    assert len(rolled_in_log(s)) == 7


def test_protection_of_the_master_taps_a_jedi_to_shield_another() -> None:
    """Protection of the Master (ANH.txt): tap one of your untapped Jedi in the arena of another
    of your Jedi about to take damage: all of that damage is prevented; with no second Jedi
    there (or for a non-Jedi) it is not offered."""
    s = position(light={"arena": [KIT, "Obi-Wan Kenobi (G)"], "hand": ["Protection of the Master"]})
    kit = unit(s, KIT)
    start(s, ("damage", kit, 3, -1, 1))
    act(s, f"play {c(s, 'Protection of the Master')}")
    assert texts(s) == [f"choose {c(s, 'Obi-Wan Kenobi (G)')}"]
    act(s, f"choose {c(s, 'Obi-Wan Kenobi (G)')}")
    close_window(s)
    assert s.damage[kit] == 0 and s.tapped[unit(s, "Obi-Wan Kenobi (G)")]
    s = position(light={"arena": [KIT, WARRIOR], "hand": ["Protection of the Master"]})
    start(s, ("damage", unit(s, KIT), 3, -1, 1))
    assert s.damage[unit(s, KIT)] == 3


def test_rebel_surrender_discards_a_unit_whose_attack_rolled_no_hits() -> None:
    """Rebel Surrender (ANH.txt; rulings): pay 4 right after an opponent's Character or Ground
    unit attacked and rolled no hits (before another attack): it is discarded; after an attack
    that rolled a hit, it is not offered."""
    s = position(light={"arena": [NSG]}, dark={"arena": [GUARD], "hand": ["Rebel Surrender"]}, force=(4, 0),
                 seed=14)
    strike(s, NSG, GUARD, 2)
    assert all(r < 4 for r in rolled_in_log(s))
    act(s, f"play {c(s, 'Rebel Surrender')}")
    assert s.zone[unit(s, NSG)] == DISCARD and s.force[DARK] == 0
    s = position(light={"arena": [HONOR]}, dark={"arena": [CORE], "hand": ["Rebel Surrender"]}, force=(4, 0),
                 seed=14)
    strike(s, HONOR, CORE, 1)
    assert any(r >= 4 for r in rolled_in_log(s))
    assert not offered(s, f"play {c(s, 'Rebel Surrender')}")


def test_blaster_barrage_divides_the_hits_between_two_units() -> None:
    """Blaster Barrage (ANH.txt, with its text erratum; rulings): pay 5 while your unit attacks,
    before the dice: its hits may be split between the defender and another of the opponent's
    units in that arena, as its owner likes."""
    s = position(dark={"arena": [CORE], "hand": ["Blaster Barrage"]}, light={"arena": [HONOR, STATION]},
                 force=(5, 0), seed=3)
    strike(s, CORE, HONOR, 1)
    act(s, f"play {c(s, 'Blaster Barrage')}")
    close_window(s)
    hits = hits_in_log(s, HONOR)
    assert hits >= 2
    act(s, f"choose {c(s, STATION)}")
    assert len(texts(s)) == hits + 1
    act(s, "choose option 3")         # 2 hits on the second unit
    close_window(s)
    assert s.damage[unit(s, STATION)] == 2 and s.damage[unit(s, HONOR)] == min(hits - 2, 7)


def top_first(s, p: int) -> list[str]:
    return names(s, list(reversed(s.deck[p])))


def test_r2_d2_c_rearranges_the_top_of_the_opponents_deck() -> None:
    """R2-D2 (C) (ANH.txt): tapped in the build step, its owner looks at the opponent's top 3
    cards and puts them back in the order chosen (the first chosen on top); the 4th card stays."""
    s = position(light={"arena": ["R2-D2 (C)"]}, dark={"deck": [GUARD, BDS, ZAM_B, TANBRIS]})
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'R2-D2 (C)')} 1")
    assert sorted(texts(s)) == sorted(f"choose {c(s, x)}" for x in (GUARD, BDS, ZAM_B))
    assert all(s.shown[unit(s, x)] >> LIGHT & 1 for x in (GUARD, BDS, ZAM_B))
    act(s, f"choose {c(s, ZAM_B)}")
    act(s, f"choose {c(s, BDS)}")
    assert top_first(s, DARK) == [ZAM_B, BDS, GUARD, TANBRIS]


def test_rebel_control_post_mills_space_cards_from_the_opponents_deck() -> None:
    """Rebel Control Post (ANH.txt): instead of attacking, its owner looks at the opponent's top 5
    cards, discards any of the Space unit cards there (others are not offered), and puts the
    rest back on top in any order."""
    s = position(light={"arena": ["Rebel Control Post"]},
                 dark={"arena": [BDS], "deck": [WARSHIP, GUARD, CARRACK, ZAM_B, TIE, TANBRIS]})
    s.tapped[unit(s, BDS)] = True
    start(s, ("step", 1))
    pass_until(s, "?attack")
    act(s, f"use {c(s, 'Rebel Control Post')} 1")
    assert sorted(texts(s)) == sorted([*(f"choose {c(s, x)}" for x in (WARSHIP, CARRACK, TIE)), "pass"])
    act(s, f"choose {c(s, WARSHIP)}")
    act(s, f"choose {c(s, TIE)}")
    act(s, "pass")
    act(s, f"choose {c(s, ZAM_B)}")
    act(s, f"choose {c(s, CARRACK)}")
    assert top_first(s, DARK) == [ZAM_B, CARRACK, GUARD, TANBRIS]
    assert names(s, s.discard[DARK]) == [WARSHIP, TIE]
