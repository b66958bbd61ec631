"""The cards whose ability is a keyword (Critical Hit, Shields, Bombard, Ion Cannon, Stun, Evade,
Deflect), for every set, each checked in the engine with exact numbers. One parametrised case
counts as the card's test (tests/tcg/test_card_tests.py); a card with other abilities as well
has those tested in its set's module. Sources: ../shared/reference/swtcg-data/<SET>.txt, the
keyword's line in ../shared/reference/swtcg.md. To add a set's keyword cards, add its cases to
the lists below under the set's comment."""

from __future__ import annotations

import pytest

from dejarik.tcg import flow as F
from dejarik.tcg.effects import keyword
from tests.tcg.helpers import (
    DARK,
    LIGHT,
    act,
    c,
    close_window,
    dice_rolled,
    evade_case,
    hits_with,
    in_attack_window,
    pass_until,
    position,
    rolled_in_log,
    sides_of,
    start,
    texts,
    unit,
)

# plain units used as targets and attackers (cost/speed/power/health, set)
CORE = "Trade Federation Battleship Core"   # Dark Ground 10/10/10/12 (AOTC)
STATION = "Naboo Defense Station"           # Light Ground, 6 power, 12 health (AOTC)
DCS = "Droid Control Ship"                  # Dark Space, 9 power, 9 health (AOTC)
NABOO_CRUISER = "Naboo Cruiser"             # Light Space, 6 power, 7 health (AOTC)
WARSHIP = "Trade Federation Warship"        # Dark Space 8/20/8/8 (SR)
ACCLAMATOR = "Acclamator-Class Assault Ship"  # Light Space 8/10/8/10 (SR)
LEGION = "Clone Trooper Legion"             # Light Ground 7/30/7/7 (SR)
SBD_SQUAD = "Super Battle Droid Squad"      # Dark Ground 5/30/5/6 (SR)
CLONE = "Clone Platoon"                     # Light Ground 4/40/4/4 (AOTC)
DROIDS = "Destroyer Droid Squad"            # Dark Ground 5/40/5/5 (AOTC)
BDS = "Battle Droid Squad"                  # Dark Ground 2/10/2/3 (AOTC)
WING = "Droid Starfighter Wing"             # Dark Space 4/40/4/4 (AOTC)
N1_SQUAD = "Naboo Starfighter Squadron"     # Light Space 4/40/4/4 (AOTC)
WARRIOR = "Clone Warrior 4/163"             # Light Character 4/40/4/4 (AOTC)
MAUL_B = "Darth Maul (B)"                   # Dark Character 7/60/6/4 (SR)
KIT = "Kit Fisto (A)"                       # Light Character, Jedi Master (AOTC)

# ============================================================================================
# Critical Hit N: a natural 6 among the attack dice adds N damage, once however many 6s
# ============================================================================================
CRIT = [  # (card, side, its Critical Hit, a sturdy enemy in its arena)
    # Attack of the Clones
    ("Obi-Wan's Starfighter (A)", LIGHT, 2, DCS),
    ("Tyranus's Solar Sailer (A)", DARK, 2, NABOO_CRUISER),
    ("AT-TE Walker 23X", LIGHT, 2, CORE),
    ("Corde (A)", LIGHT, 1, "Darth Tyranus (C)"),   # a Jedi: Corde cannot shield it
    ("Zam's Airspeeder (A)", DARK, 3, STATION),
    ("Bravo N-1 Starfighter", LIGHT, 1, DCS),
    ("Chancellor's Guard Squad", LIGHT, 2, CORE),
    ("Elite Jedi Squad", LIGHT, 2, CORE),
    ("Geonosian Fighter", DARK, 1, NABOO_CRUISER),
    ("Geonosian Squad", DARK, 3, STATION),
    ("Jango Fett (D)", DARK, 1, WARRIOR),
    # Sith Rising
    ("Battle Droid Assault Squad", DARK, 1, STATION),
    ("Diplomatic Cruiser", LIGHT, 1, WARSHIP),
    # A New Hope
    ("TIE Fighter DS-55-6", DARK, 2, NABOO_CRUISER),
    ("X-Wing Attack Formation", LIGHT, 3, DCS),
    ("Y-Wing Gold Squadron", LIGHT, 1, DCS),
    ("Elite Stormtrooper Squad", DARK, 1, STATION),
    # Battle of Yavin
    ("Luke's X-Wing (B)", LIGHT, 4, DCS),
    ("Y-wing Gold Two", LIGHT, 1, DCS),
    # The Phantom Menace
    ("Cloakshape Fighter", DARK, 1, NABOO_CRUISER),
    ("Modified YV-330 (A)", DARK, 1, NABOO_CRUISER),
    ("Delta Six Jedi Starfighter", LIGHT, 1, DCS),
    # Return of the Jedi
    ("Mixed Battlegroup", LIGHT, 1, DCS),
    ("Red Squadron X-Wing", LIGHT, 1, DCS),
    ("Elite Squad", LIGHT, 1, CORE),
    ("Royal Guards", DARK, 1, STATION),
    ("TIE Interceptor", DARK, 1, NABOO_CRUISER),
    # ESB (91-210)
    ("Luke Skywalker (H)", LIGHT, 2, "Darth Tyranus (D)"),
    ("Snowspeeder Rogue Two", LIGHT, 1, CORE),
    ("Snowtrooper Heavy Weapons Team", DARK, 2, STATION),
    ("X-wing Rogue Seven", LIGHT, 1, DCS),
    # ROTS
    ("Commerce Guild Droid 81-X", DARK, 2, STATION),
    ("AT-AP", LIGHT, 1, CORE),
    ("DC0052 Intergalactic Airspeeder", LIGHT, 1, CORE),
    ("Droid Tri-Fighter", DARK, 1, NABOO_CRUISER),
    ("Plo Koon's Starfighter (A)", LIGHT, 2, DCS),
    ("Vulture Droid Starfighter", DARK, 1, NABOO_CRUISER),
    ("Boba Fett (H)", DARK, 3, "Luke Skywalker (N)"),
    ("Scythe Squadron (A)", DARK, 1, NABOO_CRUISER),
]


@pytest.mark.parametrize(("card", "side", "n", "target"), CRIT, ids=[x[0] for x in CRIT])
def test_critical_hit_adds_its_value_on_a_natural_six(card: str, side: int, n: int, target: str) -> None:
    """Critical Hit N: a 6 adds N to the hits (once, however many 6s); no 6, no extra."""
    dark, light = sides_of(card, side, [target])
    s = position(dark=dark, light=light)
    a, t = unit(s, card), unit(s, target)
    assert s.critical_hit(a) == n
    assert hits_with(s, a, t, [6, 2]) == 1 + n
    s = position(dark=dark, light=light)
    assert hits_with(s, a, t, [5, 4]) == 2
    s = position(dark=dark, light=light)
    assert hits_with(s, a, t, [6, 6, 1]) == 2 + n


# ============================================================================================
# Shields 1: a unit attacking this one rolls one die fewer than its power
# ============================================================================================
SHIELDS = [  # (card, side, an enemy attacker in its arena)
    # Attack of the Clones
    ("Padme's Yacht (A)", LIGHT, WING),
    ("AT-TE Walker 71E", LIGHT, DROIDS),
    ("Republic Cruiser", LIGHT, WING),
    ("Commerce Guild Starship", DARK, N1_SQUAD),
    ("Intergalactic Banking Clan Starship", DARK, N1_SQUAD),
    ("Recon Speeder", LIGHT, DROIDS),
    ("Speeder Bike Squadron", LIGHT, DROIDS),
    ("Walking Droid Fighter", DARK, CLONE),
    # Sith Rising
    ("Republic Drop Ship", LIGHT, SBD_SQUAD),
    ("Destroyer Droid, W Series", DARK, WARRIOR),
    ("Homing Spider Droid", DARK, LEGION),
    ("AT-TE Troop Transport", LIGHT, SBD_SQUAD),
    ("Commerce Guild Cruiser", DARK, ACCLAMATOR),
    ("Senatorial Cruiser", LIGHT, WARSHIP),
    # A New Hope
    ("X-Wing Red Two", LIGHT, WING),
    ("YT-1300 Transport", LIGHT, WING),
    ("Luke's X-Wing (A)", LIGHT, WING),
    ("Devastator (A)", DARK, N1_SQUAD),
    ("Tantive IV (A)", LIGHT, WING),
    ("YV-664 Light Freighter", LIGHT, WING),
    # Jedi Guardians
    ("Corporate Alliance Tank Droid", DARK, CLONE),
    ("Republic Light Assault Cruiser", LIGHT, WING),
    ("Padme's Yacht (B)", LIGHT, WING),
    # Return of the Jedi
    ("Mon Calamari Cruiser", LIGHT, WARSHIP),
    # ESB (91-210)
    ("All Terrain Armored Transport", DARK, CLONE),
    ("Kuat Nebulon-B Frigate", LIGHT, WING),
    # ROTS
    ("Patrol Mode Vulture Droid", DARK, CLONE),
    ("Republic Assault Gunboat", LIGHT, WING),
    ("Home One (A)", LIGHT, WARSHIP),
    ("Imperial-Class Star Destroyer", DARK, NABOO_CRUISER),
]


@pytest.mark.parametrize(("card", "side", "attacker"), SHIELDS, ids=[x[0] for x in SHIELDS])
def test_shields_take_one_die_from_each_attack(card: str, side: int, attacker: str) -> None:
    """Shields 1: the attacker rolls its power less one."""
    dark, light = sides_of(card, side, [attacker])
    s = position(dark=dark, light=light, seed=3)
    a, t = unit(s, attacker), unit(s, card)
    assert dice_rolled(s, a, t) == s.power(a) - 1


# ============================================================================================
# Bombard N and Ion Cannon N: attacks into the other arena with N dice
# ============================================================================================
BOMBARD = [  # (card, side, Bombard N, a Ground enemy)
    # Attack of the Clones
    ("Republic Assault Ship", LIGHT, 2, BDS),
    ("Trade Federation Battleship", DARK, 4, STATION),
    ("Trade Federation War Freighter", DARK, 3, STATION),
    # A New Hope
    ("Imperial Star Destroyer", DARK, 3, STATION),
    ("Victory-Class Star Destroyer", DARK, 2, STATION),
    # Jedi Guardians
    ("Trade Federation Droid Bomber", DARK, 2, STATION),
    ("Trade Federation Blockade Ship", DARK, 5, STATION),
    # Battle of Yavin
    ("Star Destroyer", DARK, 2, STATION),
    # Return of the Jedi
    ("Death Star II (A)", DARK, 10, STATION),
    # ESB (91-210)
    ("TIE Bomber EX-1-8", DARK, 2, STATION),
    # ROTS
    ("Acclamator II-Class Assault Ship", LIGHT, 4, CORE),
    ("Trade Federation Cruiser", DARK, 3, STATION),
]


@pytest.mark.parametrize(("card", "side", "n", "target"), BOMBARD, ids=[x[0] for x in BOMBARD])
def test_bombard_attacks_the_ground_arena_with_n_dice(card: str, side: int, n: int, target: str) -> None:
    """Bombard N: in the Space battle the unit may attack a Ground unit, rolling N dice."""
    dark, light = sides_of(card, side, [target])
    s = position(dark=dark, light=light, seed=5)
    start(s, ("step", 0))
    pass_until(s, "?attack")
    move = f"attack {c(s, card)} > {c(s, target)}"
    assert move in texts(s)
    act(s, move)
    assert len(rolled_in_log(s)) == n


def test_a_space_unit_without_bombard_cannot_reach_the_ground_arena() -> None:
    """The contrast for the Bombard tests: a plain Space unit has only 'hold'."""
    s = position(dark={"arena": [WING]}, light={"arena": [CLONE]})
    start(s, ("step", 0))
    pass_until(s, "?attack")
    assert texts(s) == [f"hold {c(s, WING)}"]


ION = [  # (card, side, Ion Cannon N, a Space enemy)
    # Attack of the Clones
    ("Naboo Spaceport", LIGHT, 4, DCS),
    ("Commerce Guild Droid Platoon", DARK, 3, NABOO_CRUISER),
    # Sith Rising
    ("Mobile Assault Cannon", LIGHT, 2, WARSHIP),
    # A New Hope
    ("Death Star Cannon Tower", DARK, 3, NABOO_CRUISER),   # power 0: it rolls only by Ion Cannon
    # Battle of Yavin
    ("Death Star Turbolaser Tower", DARK, 5, NABOO_CRUISER),   # power 0 too
]


@pytest.mark.parametrize(("card", "side", "n", "target"), ION, ids=[x[0] for x in ION])
def test_ion_cannon_attacks_the_space_arena_with_n_dice(card: str, side: int, n: int, target: str) -> None:
    """Ion Cannon N: in the Ground battle the unit may attack a Space unit, rolling N dice
    instead of its power."""
    dark, light = sides_of(card, side, [target])
    s = position(dark=dark, light=light, seed=5)
    start(s, ("step", 1))
    pass_until(s, "?attack")
    move = f"attack {c(s, card)} > {c(s, target)}"
    assert move in texts(s)
    act(s, move)
    assert len(rolled_in_log(s)) == n and n != s.power(unit(s, card))


# ============================================================================================
# Stun N: a unit this one damages gets -N power until the battle ends
# ============================================================================================
STUN = [  # (card, side, Stun N, a sturdy enemy in its arena)
    # Sith Rising
    ("Mace Windu (C)", LIGHT, 2, MAUL_B),
    ("Massiff", LIGHT, 2, MAUL_B),
    ("Slave I (B)", DARK, 3, ACCLAMATOR),
    ("Darth Tyranus (E)", DARK, 2, WARRIOR),
    ("Hailfire Droid", DARK, 3, STATION),
    ("Jedi Starfighter Scout", LIGHT, 2, WARSHIP),
    ("Obi-Wan Kenobi (D)", LIGHT, 3, MAUL_B),
    ("Anakin Skywalker (F)", LIGHT, 2, MAUL_B),
    ("Darth Maul (D)", DARK, 2, WARRIOR),
    # A New Hope
    ("Y-Wing Gold One", LIGHT, 3, WARSHIP),
    ("Stormtrooper Patrol", DARK, 2, STATION),
    ("TIE Fighter DS-73-3", DARK, 2, NABOO_CRUISER),
    ("Dannik Jerriko (A)", DARK, 3, WARRIOR),
    ("Stormtrooper DV-692", DARK, 3, WARRIOR),
    # Battle of Yavin
    ("TIE Fighter DS-29-4", DARK, 3, NABOO_CRUISER),
    ("Sandtrooper Squad", DARK, 2, STATION),
    # Return of the Jedi
    ("Gray Squadron Y-Wing", LIGHT, 2, WARSHIP),
    # ROTS
    ("Droid Security Escort", DARK, 3, WARRIOR),
]


@pytest.mark.parametrize(("card", "side", "n", "target"), STUN, ids=[x[0] for x in STUN])
def test_stun_weakens_a_unit_it_damages_until_the_battle_ends(card: str, side: int, n: int,
                                                              target: str) -> None:
    """Stun N (reference section 9): -N power to a unit this one damages, until the end of the
    battle phase; an attack that misses stuns nothing."""
    dark, light = sides_of(card, side, [target])
    s = position(dark=dark, light=light)
    a, t = unit(s, card), unit(s, target)
    base = s.power(t)
    assert keyword(s, a, "stun") == n
    assert hits_with(s, a, t, [5, 1]) == 1
    assert s.power(t) == base - n
    start(s, ("end_battle",))
    assert s.power(t) == base
    s = position(dark=dark, light=light)
    assert hits_with(s, a, t, [1, 2]) == 0 and s.power(t) == base


# ============================================================================================
# Pay X Force -> Evade N, and -> Deflect N
# ============================================================================================
EVADE = [  # (card, side, ability number, Force cost, Evade N)
    # Attack of the Clones
    ("Anakin Skywalker (A)", LIGHT, 1, 3, 3),
    ("Anakin Skywalker (B)", LIGHT, 2, 1, 1),
    ("Darth Sidious (A)", DARK, 3, 2, 3),
    ("Darth Tyranus (A)", DARK, 2, 3, 3),
    ("Obi-Wan Kenobi (A)", LIGHT, 1, 2, 2),
    ("Yoda (A)", LIGHT, 2, 2, 3),
    ("Anakin Skywalker (C)", LIGHT, 1, 2, 2),
    ("Darth Tyranus (B)", DARK, 2, 3, 3),
    ("Kit Fisto (A)", LIGHT, 1, 2, 2),
    ("Obi-Wan Kenobi (B)", LIGHT, 2, 2, 2),
    ("Shaak Ti (A)", LIGHT, 1, 1, 1),
    ("Yoda (B)", LIGHT, 1, 3, 4),
    ("Anakin Skywalker (D)", LIGHT, 1, 1, 1),
    ("Darth Tyranus (C)", DARK, 1, 2, 2),
    ("Obi-Wan Kenobi (C)", LIGHT, 1, 2, 2),
    # Sith Rising
    ("Aayla Secura (A)", LIGHT, 1, 3, 2),
    ("Jocasta Nu (A)", LIGHT, 2, 1, 2),
    ("Anakin Skywalker (E)", LIGHT, 2, 3, 2),
    ("Darth Maul (A)", DARK, 2, 3, 2),
    ("Darth Maul (C)", DARK, 2, 3, 1),
    ("Darth Sidious (B)", DARK, 1, 1, 2),
    ("Darth Tyranus (D)", DARK, 2, 3, 3),
    ("Mace Windu (C)", LIGHT, 1, 2, 2),
    ("Yoda (C)", LIGHT, 2, 2, 3),
    ("Darth Maul (B)", DARK, 1, 2, 2),
    ("Darth Tyranus (E)", DARK, 2, 2, 2),
    ("Jedi Heroes", LIGHT, 1, 2, 1),
    ("Mace Windu (B)", LIGHT, 1, 2, 2),
    ("Obi-Wan Kenobi (D)", LIGHT, 2, 2, 2),
    ("Anakin Skywalker (F)", LIGHT, 2, 1, 1),
    ("Darth Maul (D)", DARK, 2, 1, 1),
    # A New Hope
    ("X-Wing Attack Formation", LIGHT, 2, 2, 1),
    ("Darth Vader (C)", DARK, 1, 2, 2),
    ("Obi-Wan Kenobi (G)", LIGHT, 1, 2, 2),
    ("Obi-Wan Kenobi (F)", LIGHT, 1, 2, 2),
    ("Obi-Wan Kenobi (E)", LIGHT, 2, 2, 2),
    ("Luke Skywalker (A)", LIGHT, 1, 2, 1),
    ("Luke Skywalker (B)", LIGHT, 1, 2, 1),
    ("Darth Vader (B)", DARK, 2, 3, 3),
    # Jedi Guardians
    ("Anakin Skywalker (H)", LIGHT, 2, 2, 2),
    ("Aurra Sing (B)", DARK, 3, 2, 2),
    ("Darth Maul (E)", DARK, 4, 4, 2),
    ("Darth Tyranus (F)", DARK, 2, 3, 3),
    ("Even Piell (A)", LIGHT, 2, 1, 1),
    ("Ki-Adi-Mundi (A)", LIGHT, 1, 2, 2),
    ("Mace Windu (D)", LIGHT, 3, 3, 3),
    ("Obi-Wan Kenobi (I)", LIGHT, 3, 3, 4),     # "Evade 4 (prevent up to 3)": the 4 counts
    ("Oppo Rancisis (A)", LIGHT, 2, 1, 2),
    ("Yoda (D)", LIGHT, 3, 2, 4),
    ("Coleman Trebor (A)", LIGHT, 2, 1, 1),
    ("Qui-Gon Jinn (B)", LIGHT, 2, 1, 1),
    ("Yoda (E)", LIGHT, 1, 2, 2),
    ("Darth Tyranus (G)", DARK, 2, 2, 2),
    ("Jedi Starfighter Squadron", LIGHT, 2, 3, 1),
    ("Eeth Koth (A)", LIGHT, 3, 4, 4),         # "Evade 4 (prevent up to 3)": the 4 counts
    ("Plo Koon (B)", LIGHT, 2, 3, 2),
    ("Obi-Wan's Starfighter (B)", LIGHT, 2, 2, 2),
    ("Adi Gallia (A)", LIGHT, 1, 3, 2),
    ("Saesee Tiin (A)", LIGHT, 1, 2, 2),
    ("Obi-Wan Kenobi (J)", LIGHT, 2, 2, 2),
    ("Anakin Skywalker (I)", LIGHT, 1, 2, 2),
    ("Darth Sidious (C)", DARK, 2, 2, 3),
    # Battle of Yavin
    ("Luke's X-Wing (B)", LIGHT, 2, 2, 2),
    ("Luke Skywalker (F)", LIGHT, 1, 1, 1),
    ("Luke Skywalker (G)", LIGHT, 1, 2, 1),
    # The Phantom Menace
    ("A'Sharad Hett (A)", LIGHT, 1, 1, 1),
    # Return of the Jedi
    ("Luke Skywalker (M)", LIGHT, 2, 2, 2),
    # ESB (91-210)
    ("Luke Skywalker (H)", LIGHT, 2, 3, 2),
    ("Darth Vader (J)", DARK, 2, 3, 2),
    # ROTS
    ("Obi-Wan Kenobi (M)", LIGHT, 2, 3, 2),
    ("Plo Koon's Starfighter (A)", LIGHT, 2, 2, 1),
    ("Anakin Skywalker (M)", LIGHT, 2, 2, 1),
    ("Luke Skywalker (N)", LIGHT, 1, 5, 2),
    ("Darth Vader (N)", DARK, 3, 2, 1),
    ("Anakin Skywalker (K)", LIGHT, 1, 2, 2),
    ("Elite Royal Guard", DARK, 2, 1, 1),
    ("Princess Leia (J)", LIGHT, 1, 1, 1),
    ("Luke Skywalker (O)", LIGHT, 2, 2, 2),
    ("Darth Vader (O)", DARK, 3, 2, 2),
    ("Darth Vader (P)", DARK, 3, 3, 2),
    ("Emperor Palpatine (C)", DARK, 2, 2, 2),
]


@pytest.mark.parametrize(("card", "side", "k", "cost", "n"), EVADE, ids=[x[0] for x in EVADE])
def test_evade_prevents_n_damage_for_its_force_cost(card: str, side: int, k: int, cost: int, n: int) -> None:
    """Pay X Force -> Evade N: prevent N of the damage about to be placed on the unit, once per
    damage instance; with less than X Force it is not offered."""
    s = evade_case(card, side, force=2 * cost, hit=n + 1)
    u = unit(s, card)
    act(s, f"use {card}#{u} {k}")
    assert not s.tasks or f"use {card}#{u} {k}" not in texts(s)     # not twice for one damage
    close_window(s)
    assert s.damage[u] == 1 and s.force[side] == cost
    s = evade_case(card, side, force=cost - 1, hit=n + 1)
    assert not s.tasks or f"use {card}#{u} {k}" not in texts(s)


DEFLECT = [  # (card, side, ability number, Force cost, Deflect N)
    # Sith Rising
    ("Aurra Sing (A)", DARK, 3, 2, 1),
    ("Mace Windu (A)", LIGHT, 2, 5, 2),
    # Jedi Guardians
    ("Darth Maul (E)", DARK, 3, 3, 1),
    ("Obi-Wan Kenobi (I)", LIGHT, 2, 3, 1),
    ("Eeth Koth (A)", LIGHT, 2, 2, 1),
    # Return of the Jedi
    ("Luke Skywalker (M)", LIGHT, 1, 3, 1),
    # ESB (91-210)
    ("Darth Vader (J)", DARK, 3, 3, 1),
    # ROTS
    ("Darth Tyranus (H)", DARK, 1, 4, 2),
]


@pytest.mark.parametrize(("card", "side", "k", "cost", "n"), DEFLECT, ids=[x[0] for x in DEFLECT])
def test_deflect_prevents_and_deals_that_much_back(card: str, side: int, k: int, cost: int, n: int) -> None:
    """Pay X Force -> Deflect N: prevent N and deal as much to a unit of the attacker's side in
    the arena."""
    enemy = MAUL_B if side == LIGHT else KIT
    dark, light = sides_of(card, side, [enemy])
    f = [0, 0]
    f[side] = cost
    s = position(dark=dark, light=light, force=(f[0], f[1]))
    u, e = unit(s, card), unit(s, enemy)
    start(s, ("damage", u, n + 1, e, 1))
    act(s, f"use {c(s, card)} {k}")
    act(s, "yes")
    act(s, f"choose {c(s, enemy)}")
    close_window(s)
    assert s.damage[u] == 1 and s.damage[e] == n and s.force[side] == 0


# ============================================================================================
# Pilots whose whole text is the pilot ability: aboard a unit of the named subtype in the build
# step, the unit gets the bonuses (seed 004 line 26; reference section 11)
# ============================================================================================
PILOTS = [  # (card, side, a unit it may board, what the unit gains)
    # A New Hope
    ("Imperial Navy Helmsman", DARK, "Techno Union Starship", {"speed": 20}),
    ("TIE Fighter Elite Pilot", DARK, "Geonosian Defense Fighter", {"speed": 20, "critical_hit": 2}),
    ("Imperial Navy Lieutenant", DARK, "Trade Federation C-9979", {"power": 1}),
    ("Star Destroyer Commander", DARK, "Techno Union Starship", {"critical_hit": 2}),
    ("Rebel Pilot", LIGHT, "Bravo N-1 Starfighter", {"speed": 20}),
    ("TIE Fighter Pilot", DARK, "Geonosian Defense Fighter", {"power": 1}),
    # Jedi Guardians
    ("FA-4 (A)", DARK, "Geonosian Defense Fighter", {"speed": 10}),
    # The Empire Strikes Back
    ("Derek Hobbie Klivian (A)", LIGHT, "Incom T-16 Skyhopper", {"speed": 10, "power": 1}),
    # Battle of Yavin
    ("Chewbacca (C)", LIGHT, "YT-1300 Transport", {"power": 2}),
    ("Luke Skywalker (G)", LIGHT, "YT-1300 Transport", {"critical_hit": 2}),
    # The Phantom Menace
    ("Sebulba (A)", DARK, "Patrol Speeder", {"speed": 20, "power": 2}),
    # ROTS
    ("Anakin Skywalker (M)", LIGHT, "Jedi Starfighter 3R3", {"speed": 10}),
]


def _unit_stats(s, u: int) -> dict[str, int]:
    return {"speed": s.speed(u), "power": s.power(u), "critical_hit": s.critical_hit(u)}


@pytest.mark.parametrize(("card", "side", "ship", "gain"), PILOTS, ids=[x[0] for x in PILOTS])
def test_a_pilot_gives_the_unit_it_boards_its_bonuses(card: str, side: int, ship: str,
                                                      gain: dict[str, int]) -> None:
    """The pilot is offered onto the unit in its owner's build step; aboard, the unit has
    exactly the printed bonuses more, and nothing else changes."""
    own: dict[str, object] = {"arena": [card, ship]}
    s = start(position(dark=own if side == DARK else None, light=own if side == LIGHT else None),
              ("?build", side))
    p, u = unit(s, card), unit(s, ship)
    before = _unit_stats(s, u)
    act(s, f"pilot {c(s, card)} > {c(s, ship)}")
    after = _unit_stats(s, u)
    assert {k: after[k] - before[k] for k in after if after[k] != before[k]} == gain
    assert s.aboard == {u: [p]}


# ============================================================================================
# Accuracy N: each attack die counts N more for hitting; a Critical Hit still needs a natural 6
# ============================================================================================
ACCURACY = [  # (card, side, Accuracy N, a sturdy enemy in its arena)
    # A New Hope
    ("Elite Stormtrooper Squad", DARK, 1, STATION),
    ("Luke's X-Wing (A)", LIGHT, 1, DCS),
    ("Incom T-16 Skyhopper", LIGHT, 1, CORE),
    ("Jawa Squad", LIGHT, 1, CORE),
    ("Vader's TIE Fighter (B)", DARK, 1, NABOO_CRUISER),
    # Jedi Guardians
    ("Mobile Artillery Division", LIGHT, 1, CORE),
    ("Geonosian Fighter Escort", DARK, 1, NABOO_CRUISER),
    ("Republic Light Assault Cruiser", LIGHT, 1, DCS),
    ("Slave I (C)", DARK, 2, NABOO_CRUISER),
    # Battle of Yavin
    ("Han Solo (D)", LIGHT, 1, MAUL_B),
    ("Rebel Defense Team", LIGHT, 1, CORE),
    ("X-wing Red Squadron", LIGHT, 1, DCS),
    ("TIE Fighter DS-55-2", DARK, 1, NABOO_CRUISER),
    # The Phantom Menace
    ("Trade Federation STAP", DARK, 1, STATION),
    ("Gungan Kaadu Squad", DARK, 1, STATION),
    # Return of the Jedi
    ("Imperial Speeder Bike", DARK, 1, STATION),
    # ESB (91-210)
    ("Snowtrooper Squad", DARK, 1, STATION),
    ("Blizzard Force AT-AT", DARK, 1, STATION),
    # ROTS
    ("Droid Security Escort", DARK, 1, WARRIOR),
    ("Elite Guardian", DARK, 1, WARRIOR),
    ("Patrol Mode Vulture Droid", DARK, 1, STATION),
    ("BARC Speeder", LIGHT, 1, CORE),
    ("Obi-Wan Kenobi (M)", LIGHT, 1, MAUL_B),
    ("STAP Squad", DARK, 1, STATION),
    ("Trade Federation Cruiser", DARK, 1, NABOO_CRUISER),
    ("Rebel Scouts", LIGHT, 1, CORE),
]


@pytest.mark.parametrize(("card", "side", "n", "target"), ACCURACY, ids=[x[0] for x in ACCURACY])
def test_accuracy_adds_to_each_attack_die(card: str, side: int, n: int, target: str) -> None:
    """Accuracy N (reference section 9): a die showing 4 - N already hits, one lower misses;
    a die raised to 6 is no natural 6, so Critical Hit does not count it."""
    dark, light = sides_of(card, side, [target])
    s = position(dark=dark, light=light)
    a, t = unit(s, card), unit(s, target)
    assert keyword(s, a, "accuracy") == n
    assert hits_with(s, a, t, [4 - n, 3 - n]) == 1
    s = position(dark=dark, light=light)
    assert hits_with(s, a, t, [6 - n, 1]) == 1       # no natural 6: no Critical Hit


# ============================================================================================
# Pay X Force -> Intercept: when another of your units in its arena is attacked, it becomes the
# defender
# ============================================================================================
INTERCEPT = [  # (card, side, ability number, Force cost, an ally in its arena, an enemy attacker)
    # A New Hope
    ("Rebel Trooper", LIGHT, 1, 2, WARRIOR, MAUL_B),
    ("Rebel Squad", LIGHT, 1, 2, CLONE, DROIDS),
    ("Tatooine Speeder", LIGHT, 1, 2, CLONE, DROIDS),
    ("TIE Fighter DS-61-9", DARK, 1, 1, DCS, N1_SQUAD),
    ("TIE Fighter Squad", DARK, 1, 2, DCS, N1_SQUAD),
    ("X-Wing Red Three", LIGHT, 1, 2, NABOO_CRUISER, WING),
    ("Darth Vader (C)", DARK, 2, 1, MAUL_B, WARRIOR),
    ("Obi-Wan Kenobi (G)", LIGHT, 2, 1, WARRIOR, MAUL_B),
    ("Obi-Wan Kenobi (F)", LIGHT, 2, 1, WARRIOR, MAUL_B),
    ("Stormtrooper TK-119", DARK, 1, 1, MAUL_B, WARRIOR),
    ("TIE Fighter DS-73-3", DARK, 1, 2, DCS, N1_SQUAD),
    ("Y-Wing Gold Squadron", LIGHT, 1, 2, NABOO_CRUISER, WING),
    # Battle of Yavin
    ("TIE Fighter DS-55-2", DARK, 2, 1, DCS, N1_SQUAD),
    ("Sandtrooper Squad", DARK, 1, 3, CORE, CLONE),
    ("Chewbacca (A)", LIGHT, 1, 1, WARRIOR, MAUL_B),
    ("X-wing Squadron", LIGHT, 1, 3, NABOO_CRUISER, WING),
    # Return of the Jedi
    ("TIE Interceptor", DARK, 2, 1, DCS, N1_SQUAD),
    # ROTS
    ("Droid Security Escort", DARK, 1, 1, MAUL_B, WARRIOR),
    ("Elite Guardian", DARK, 1, 1, MAUL_B, WARRIOR),
]


def _tapped_for_intercept(s, card: str, ally: str):
    """The card and its ally already tapped, so the enemy is the one to attack (Intercept asks
    nothing of the interceptor's tapping)."""
    s.tapped[unit(s, card)] = s.tapped[unit(s, ally)] = True
    return s


@pytest.mark.parametrize(("card", "side", "k", "cost", "ally", "enemy"), INTERCEPT,
                         ids=[x[0] for x in INTERCEPT])
def test_intercept_makes_this_unit_the_defender(card: str, side: int, k: int, cost: int, ally: str,
                                               enemy: str) -> None:
    """Pay X Force -> Intercept (reference section 9): when the ally next to it is attacked, its
    owner pays X and the attack turns on this unit; not when this unit is attacked itself, and
    not without X Force."""
    dark, light = sides_of(card, side, [enemy], mine=[ally])
    f = [0, 0]
    f[side] = cost
    s = _tapped_for_intercept(position(dark=dark, light=light, force=(f[0], f[1])), card, ally)
    in_attack_window(s, enemy, ally, s.unit_arena(unit(s, card)))
    move = f"use {c(s, card)} {k}"
    assert s.current_player == side and move in texts(s)
    act(s, move)
    assert f"the attack turns on {card}" in s.log and s.force[side] == 0
    assert s.damage[unit(s, ally)] == 0 and any(f"damage to {card}" in x for x in s.log)
    s = _tapped_for_intercept(position(dark=dark, light=light, force=(f[0], f[1])), card, ally)
    in_attack_window(s, enemy, card, s.unit_arena(unit(s, card)))
    assert s.current_player != side or move not in texts(s)
    f[side] = cost - 1
    s = _tapped_for_intercept(position(dark=dark, light=light, force=(f[0], f[1])), card, ally)
    in_attack_window(s, enemy, ally, s.unit_arena(unit(s, card)))
    assert s.current_player != side or move not in texts(s)


# ============================================================================================
# Overkill: the hits beyond what destroys the defender may go on another unit of its side in
# that arena
# ============================================================================================
OVERKILL = [  # (card, side, an enemy in the arena it attacks, another, sturdier enemy there)
    # Jedi Guardians
    ("Battle Droid Division", DARK, CLONE, LEGION),
    ("Corporate Alliance Tank Droid", DARK, CLONE, LEGION),
    ("Darth Tyranus (G)", DARK, WARRIOR, KIT),
    ("Jedi Starfighter Squadron", LIGHT, WING, DCS),
    ("Republic Attack Gunship", LIGHT, BDS, CORE),
    ("Sabaoth Starfighter", DARK, N1_SQUAD, NABOO_CRUISER),
    ("Trade Federation Blockade Ship", DARK, N1_SQUAD, NABOO_CRUISER),
    ("Droid Starfighter Assault Wing", DARK, N1_SQUAD, NABOO_CRUISER),
    ("Mace Windu (D)", LIGHT, MAUL_B, "Darth Tyranus (C)"),
    ("Separatist Battle Droid", DARK, WARRIOR, KIT),
    # ROTS
    ("Chewbacca (L)", LIGHT, MAUL_B, "Darth Tyranus (C)"),
    # Return of the Jedi
    ("Endor Imperial Fleet", DARK, N1_SQUAD, NABOO_CRUISER),
]


def _overkill_attack(card: str, side: int, weak: str, sturdy: str, dice: list[int], hurt: bool = True):
    dark, light = sides_of(card, side, [weak, sturdy])
    s = position(dark=dark, light=light)
    a, w = unit(s, card), unit(s, weak)
    if hurt:
        s.damage[w] = s.health(w) - 1          # one hit destroys it
    s.atk = [a, w, -1, s.unit_arena(a)]
    s.dice = list(dice)
    return start(s, ("attack_damage",))


@pytest.mark.parametrize(("card", "side", "weak", "sturdy"), OVERKILL, ids=[x[0] for x in OVERKILL])
def test_overkill_puts_the_hits_beyond_the_defenders_health_on_another_unit(card: str, side: int,
                                                                           weak: str, sturdy: str) -> None:
    """Overkill (reference section 9): 3 hits on a defender one hit from destruction: the
    attacker's owner may put the 2 beyond it on another enemy unit in that arena, or keep them
    all on the defender; with no hits to spare nothing is asked."""
    s = _overkill_attack(card, side, weak, sturdy, [5, 5, 5])
    w, t = unit(s, weak), unit(s, sturdy)
    assert keyword(s, unit(s, card), "overkill") == 1
    assert texts(s) == [f"choose {c(s, sturdy)}", "pass"]
    act(s, f"choose {c(s, sturdy)}")
    close_window(s)
    assert w in s.discard[1 - side] and s.damage[t] == 2
    s = _overkill_attack(card, side, weak, sturdy, [5, 5, 5])
    act(s, "pass")
    close_window(s)
    assert w in s.discard[1 - side] and s.damage[t] == 0
    s = _overkill_attack(card, side, weak, sturdy, [5, 1, 1], hurt=False)
    assert s.damage[w] == 1 and s.damage[t] == 0 and not any(x[0] == "?choose" for x in s.tasks)


# ============================================================================================
# Unpreventable: the damage of its attacks can't be prevented
# ============================================================================================
UNPREVENTABLE = [  # (card, side, a sturdy enemy in its arena, a Battle card that would prevent)
    # A New Hope
    ("Stormtrooper Assault Team", DARK, STATION, "Pilot's Dodge"),
    # Return of the Jedi
    ("Rancor", DARK, STATION, "Pilot's Dodge"),
]


@pytest.mark.parametrize(("card", "side", "target", "dodge"), UNPREVENTABLE, ids=[x[0] for x in UNPREVENTABLE])
def test_unpreventable_attack_damage_gets_no_prevention_chance(card: str, side: int, target: str,
                                                                dodge: str) -> None:
    """"Damage from this unit's attack can't be prevented": the defender's side gets no chance to
    prevent (its prevention card is not offered) and all the hits land; a plain attacker's damage
    gets the chance."""
    own: dict[str, object] = {"arena": [card]}
    them: dict[str, object] = {"arena": [target], "hand": [dodge]}
    f = [0, 0]
    f[1 - side] = 5
    dark, light = (own, them) if side == DARK else (them, own)
    s = position(dark=dark, light=light, force=(f[0], f[1]))
    assert hits_with(s, unit(s, card), unit(s, target), [5, 6]) == 2 and not s.tasks
    plain = BDS if side == DARK else CLONE
    own["arena"] = [plain]
    s = position(dark=dark, light=light, force=(f[0], f[1]))
    s.atk = [unit(s, plain), unit(s, target), -1, 1]
    s.dice = [5, 6]
    start(s, ("attack_damage",))
    assert f"play {c(s, dodge)}" in texts(s)


# ============================================================================================
# Dice Penalty N: N is taken off each attack die (like Accuracy -N, adding up with Accuracy)
# ============================================================================================
DICE_PENALTY = [  # (card, side, penalty N, a sturdy enemy in its arena)
    # A New Hope
    ("Rebel Marine Squad", LIGHT, 1, CORE),
]


@pytest.mark.parametrize(("card", "side", "n", "target"), DICE_PENALTY, ids=[x[0] for x in DICE_PENALTY])
def test_dice_penalty_takes_from_each_attack_die(card: str, side: int, n: int, target: str) -> None:
    """Dice Penalty N (Rebel Marine Squad's ruling: like Accuracy -N, adding up with Accuracy):
    a die showing 4 + N - 1 misses, 4 + N hits; with Accuracy N given, a 4 hits again."""
    dark, light = sides_of(card, side, [target])
    s = position(dark=dark, light=light)
    a, t = unit(s, card), unit(s, target)
    assert keyword(s, a, "dice_penalty") == n
    assert hits_with(s, a, t, [3 + n, 4 + n, 3 + n]) == 1
    s.effects.append(("keyword", a, "accuracy", n, 2))
    assert hits_with(s, a, t, [4, 4 + n, 3]) == 2


# ============================================================================================
# Pay X Force -> Retaliate N: attacked by a unit of its arena, its owner may pay X (once an
# attack); when the attack ends, N dice of damage go to the attacker
# ============================================================================================
RETALIATE = [  # (card, side, ability number, Force cost, Retaliate N, an enemy attacker in its arena)
    # Battle of Yavin
    ("Chewbacca (A)", LIGHT, 2, 3, 6, MAUL_B),
    ("Chewbacca (C)", LIGHT, 1, 2, 4, MAUL_B),
    ("Chewbacca (D)", LIGHT, 1, 2, 4, MAUL_B),
    ("Luke Skywalker (F)", LIGHT, 2, 1, 2, MAUL_B),
    ("Stormtrooper Platoon", DARK, 1, 1, 2, LEGION),
    ("X-wing Squadron", LIGHT, 2, 2, 2, DCS),
    ("Y-wing Gold Two", LIGHT, 2, 1, 2, DCS),
    # The Phantom Menace
    ("Yinchorri Fighter", DARK, 1, 0, 2, N1_SQUAD),
    ("Marauder-Class Corvette", DARK, 2, 0, 3, N1_SQUAD),
    # Return of the Jedi
    ("Cantina Bar Mob", LIGHT, 1, 1, 4, DROIDS),
    ("Chewbacca (K)", LIGHT, 1, 1, 5, MAUL_B),
    # ROTS
    ("Elite Guardian", DARK, 2, 1, 3, WARRIOR),
    ("Chewbacca (J)", LIGHT, 1, 2, 4, MAUL_B),
]


def _retaliate_attack(card: str, side: int, enemy: str, force: int):
    """The enemy attacks the card (tapped, so the enemy acts); stop at the attack's first
    chance to play."""
    dark, light = sides_of(card, side, [enemy])
    f = [0, 0]
    f[side] = force
    s = position(dark=dark, light=light, force=(f[0], f[1]), seed=7)
    s.tapped[unit(s, card)] = True
    in_attack_window(s, enemy, card, s.unit_arena(unit(s, card)))
    return s


def _run_attack_out(s) -> None:
    """Pass (or take the first option) until the attack is over."""
    for _ in range(100):
        if s.done or not s.tasks or s.atk is None:
            return
        acts = s.legal_actions()
        s.apply((F.PASS, 0, 0) if (F.PASS, 0, 0) in acts else acts[0])


@pytest.mark.parametrize(("card", "side", "k", "cost", "n", "enemy"), RETALIATE, ids=[x[0] for x in RETALIATE])
def test_retaliate_rolls_n_dice_at_the_attacker_when_the_attack_ends(card: str, side: int, k: int, cost: int,
                                                                    n: int, enemy: str) -> None:
    """Pay X Force -> Retaliate N (reference section 9): attacked by a unit of its arena, its
    owner pays X (once for the attack) and, when the attack ends, N dice of damage are rolled at
    the attacker; without X Force it is not offered, and unused nothing is rolled."""
    s = _retaliate_attack(card, side, enemy, cost)
    move = f"use {c(s, card)} {k}"
    for _ in range(4):                  # the attacker's side may act first at the chance
        if move in texts(s):
            break
        act(s, "pass")
    act(s, move)
    assert s.force[side] == 0 and (s.current_player != side or move not in texts(s))
    _run_attack_out(s)
    line = next(x for x in s.log if x.startswith(f"{n} dice of damage at {enemy}"))
    assert len(line.split("[")[1].split("]")[0].split(",")) == n
    s = _retaliate_attack(card, side, enemy, cost - 1)
    for _ in range(4):
        if not s.tasks or s.tasks[-1][0] != "?pop":
            break
        assert move not in texts(s)
        act(s, "pass")
    s = _retaliate_attack(card, side, enemy, cost)
    _run_attack_out(s)
    assert not any("dice of damage at" in x for x in s.log)


# ============================================================================================
# Armor: attack dice against this unit hit only on 5 or 6 (Accuracy still adds)
# ============================================================================================
ARMOR = [  # (card, side, an enemy attacker in its arena without Accuracy or Critical Hit)
    # The Phantom Menace
    ("Citadel Cruiser", DARK, N1_SQUAD),
    ("Gian Speeder", LIGHT, BDS),
    ("Trade Federation MTT", DARK, CLONE),
    # ESB (91-210)
    ("All Terrain Armored Transport", DARK, CLONE),
    ("All Terrain Scout Transport", DARK, CLONE),
    ("Blizzard Force AT-AT", DARK, CLONE),
    ("Imperial II-Class Star Destroyer", DARK, N1_SQUAD),
    ("Kuat Nebulon-B Frigate", LIGHT, WING),
    ("Snowtrooper Guard", DARK, WARRIOR),
    ("Darth Vader (J)", DARK, WARRIOR),
    # ROTS
    ("AT-AP", LIGHT, BDS),
    ("AT-RT", LIGHT, BDS),
    ("Tank Droid", DARK, CLONE),
]


@pytest.mark.parametrize(("card", "side", "attacker"), ARMOR, ids=[x[0] for x in ARMOR])
def test_armor_makes_attack_dice_hit_only_on_five_or_six(card: str, side: int, attacker: str) -> None:
    """Armor (reference section 9): a 4 misses the armored unit, a 5 and a 6 hit."""
    dark, light = sides_of(card, side, [attacker])
    s = position(dark=dark, light=light)
    assert keyword(s, unit(s, card), "armor") == 1
    assert hits_with(s, unit(s, attacker), unit(s, card), [4, 5, 6]) == 2


# ============================================================================================
# Lucky X: when the unit attacks or is attacked, its owner may reroll up to X attack dice
# ============================================================================================
LUCKY = [  # (card, side, ability number, Lucky X, an enemy attacker rolling more than X dice)
    # The Phantom Menace
    ("Jar Jar Binks (B)", LIGHT, 2, 3, MAUL_B),
    ("Anakin's Podracer (A)", LIGHT, 2, 1, DROIDS),
    ("Inferno (A)", DARK, 2, 2, N1_SQUAD),
    # Return of the Jedi
    ("Mixed Battlegroup", LIGHT, 3, 1, DCS),
    ("Elite Squad", LIGHT, 2, 2, DROIDS),
]


@pytest.mark.parametrize(("card", "side", "k", "n", "enemy"), LUCKY, ids=[x[0] for x in LUCKY])
def test_lucky_rerolls_up_to_x_attack_dice(card: str, side: int, k: int, n: int, enemy: str) -> None:
    """Lucky X (reference section 9): after the enemy's attack roll its owner may pick up to X
    of the dice (no more are offered) and reroll them, once a roll."""
    dark, light = sides_of(card, side, [enemy])
    s = position(dark=dark, light=light, seed=5)
    s.tapped[unit(s, card)] = True
    in_attack_window(s, enemy, card, s.unit_arena(unit(s, card)))
    move = f"use {c(s, card)} {k}"
    for _ in range(20):
        if move in texts(s):
            break
        act(s, "pass")
    rolled = len(s.dice)
    act(s, move)
    for i in range(n):
        act(s, f"choose die {i + 1} ({s.dice[i]})")
    assert texts(s) == ["pass"] and rolled > n
    act(s, "pass")
    assert any(line.startswith("dice rerolled") for line in s.log)
    assert not s.tasks or s.done or move not in texts(s)      # once a roll

