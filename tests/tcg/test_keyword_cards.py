"""The cards whose ability is a keyword (Critical Hit, Shields, Bombard, Ion Cannon, Stun, Evade,
Deflect), for every set, each checked in the engine with exact numbers. One parametrised case
counts as the card's test (tests/tcg/test_card_tests.py); a card with other abilities as well
has those tested in its set's module. Sources: ../shared/reference/swtcg-data/<SET>.txt, the
keyword's line in ../shared/reference/swtcg.md. To add a set's keyword cards, add its cases to
the lists below under the set's comment."""

from __future__ import annotations

import pytest

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
    assert len(rolled_in_log(s)) == n and n < s.power(unit(s, card))


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
