"""The Empire Strikes Back cards numbered 1 to 90 with abilities, checked in the engine against
what their rules text says (../shared/reference/swtcg-data/ESB.txt; rulings from its Usage
column and ../shared/reference/swtcg.md). One test per card, grouped by kind: static abilities,
triggers, pilots, activated and prevention abilities, Battle cards, Missions. Each test checks
exact numbers or compares with the same position without the ability. (Numbers 91 to 210 are in
tests/tcg/test_esb_late_cards.py.)"""

from __future__ import annotations

from typing import Any

from dejarik.tcg import flow as F
from dejarik.tcg.effects import abilities_of, card_counters, deploy_cost, discard_unit, keyword, mark_bonus
from dejarik.tcg.state import BUILD, COMMAND, DISCARD, HAND, TcgState
from tests.tcg.helpers import (
    DARK,
    LIGHT,
    act,
    c,
    close_window,
    complete,
    in_attack_window,
    position,
    rolled_in_log,
    run_out,
    start,
    texts,
    unit,
)

# plain units used as targets and company (cost/speed/power/health)
CLONE = "Clone Platoon"                     # Light Ground 4/40/4/4 (AOTC)
BDS = "Battle Droid Squad"                  # Dark Ground 2/10/2/3, Droid (AOTC)
NSG = "Naboo Security Guard"                # Light Character 2/30/2/2, Naboo Soldier (AOTC)
GUARD = "Geonosian Guard"                   # Dark Character 2/30/2/2 (AOTC)
TANBRIS = "Lieutenant Tanbris (A)"          # Dark Character 4/10/4/5, Imperial Soldier (ANH)
LEIA_C = "Princess Leia (C)"                # Light Character 3/40/2/3, Rebel Diplomat (ANH)
OBI = "Obi-Wan Kenobi (A)"                  # Light Character 7/40/6/7, Jedi Knight (AOTC)
TRENCH = "Rebel Trench Defenders"           # Light Ground 6/30/6/6, Rebel Squad (ESB)
XW = "X-Wing Red Two"                       # Light Space 3/50/2/2, Rebel Starfighter, Shields 1
TIE = "TIE Fighter DS-3-12"                 # Dark Space 2/60/2/1, Imperial Starfighter (ANH)
STARSHIP = "Techno Union Starship"          # Dark Space 6/30/6/6, Capital Ship (AOTC)
YT = "YT-1300 Transport"                    # neutral Space 3/30/2/3, Independent Transport
COURIER = "Sorusuub V-35 Courier"           # Light Ground 2/30/2/2, Independent Speeder (ANH)
SWOOP = "Flare-S Swoop"                     # neutral Ground 2/50/1/2, Independent Speeder (ANH)
EOPIE = "Eopie"                             # neutral Ground 2/20/1/2, Tatooine Creature (PM)
R2_A = "R2-D2 (A)"                          # Light Character 3/10/2/3, Astromech Droid (AOTC)
LUKES_SPEEDER = "Luke's Snowspeeder (A)"
SHUTTLE = "Vader's Imperial Shuttle (A)"
LUKES_XWING = "Luke's X-Wing (C)"
WRATH = "Luke's Wrath"
FAILURE = "Jedi's Failure"
SNOW_SQUAD = "Stormtrooper Squad"           # Dark Ground 3/20/4/2, Imperial Clone Stormtrooper (ANH)
LEIA_G = "Princess Leia (G)"                # Light Character 5/50/4/4, Rebel Diplomat
LUKE_K = "Luke Skywalker (K)"               # Light Character 5/60/5/4, Rebel Officer Jedi Padawan


def finish_attack(s: TcgState, limit: int = 50) -> None:
    """Pass (or take the first option) until the attack under way has ended."""
    for _ in range(limit):
        if s.atk is None or not s.tasks:
            return
        acts = s.legal_actions()
        s.apply((F.PASS, 0, 0) if (F.PASS, 0, 0) in acts else acts[0])


def strike(s: TcgState, attacker: str, defender: str, arena: int) -> None:
    """Declare the attack in that arena's step, every other unit tapped first."""
    a = unit(s, attacker)
    for u in s.all_in_play():
        s.tapped[u] = u != a
    in_attack_window(s, attacker, defender, arena)


def until_offered(s: TcgState, move: str, limit: int = 30) -> None:
    """Pass until `move` is offered."""
    for _ in range(limit):
        if move in texts(s):
            return
        act(s, "pass")
    raise AssertionError(f"{move} never offered")


def board(s: TcgState, side: int, pilot: str, ship: str) -> None:
    """Put the pilot aboard the ship in its owner's build step, then clear the tasks."""
    start(s, ("?build", side))
    act(s, f"pilot {c(s, pilot)} > {c(s, ship)}")
    s.tasks = []
    s._legal = None


def build_step(s: TcgState, side: int, bp: int = 0) -> None:
    """Open that side's build step (out of setup) with these build points."""
    s.phase = COMMAND
    s.bp[side] = bp
    start(s, ("?build", side))


# ============================================================================================
# Static abilities
# ============================================================================================
def test_blizzard_force_snowtrooper_gets_two_power_outnumbering_rebels() -> None:
    """Blizzard Force Snowtrooper (ESB.txt): +2 power while you have more Imperial Characters
    in the Character arena than the opponent has Rebel ones; Armor."""
    s = position(dark={"arena": ["Blizzard Force Snowtrooper", TANBRIS]}, light={"arena": [LEIA_C]})
    u = unit(s, "Blizzard Force Snowtrooper")
    assert s.power(u) == 5 and keyword(s, u, "armor") == 1
    s = position(dark={"arena": ["Blizzard Force Snowtrooper"]}, light={"arena": [LEIA_C]})
    assert s.power(unit(s, "Blizzard Force Snowtrooper")) == 3


def test_executor_a_gives_your_imperials_two_power() -> None:
    """Executor (A) (ESB.txt): while it is in the Space arena, each of your Imperials +2 power."""
    s = position(dark={"arena": ["Executor (A)", TANBRIS, GUARD]})
    assert (s.power(unit(s, TANBRIS)), s.power(unit(s, GUARD)), s.power(unit(s, "Executor (A)"))) == (6, 2, 12)
    s = position(dark={"retreated": ["Executor (A)"], "arena": [TANBRIS]})
    assert s.power(unit(s, TANBRIS)) == 4


def test_k_3po_a_makes_droids_cheaper_and_draws_on_droid_deploys() -> None:
    """K-3PO (A) (ESB.txt; ruling): your Droids cost 1 fewer to deploy; whenever you deploy a
    Droid you draw a card, and deploying K-3PO himself draws one too."""
    s = position(light={"arena": ["K-3PO (A)"], "build": [(R2_A, 0)]})
    assert deploy_cost(s, unit(s, R2_A)) == 2
    s = position(light={"arena": ["K-3PO (A)"], "build": [(R2_A, 2), (CLONE, 4)], "deck": [NSG, NSG, NSG]})
    build_step(s, LIGHT)
    act(s, f"deploy {c(s, R2_A)}")
    assert len(s.hand[LIGHT]) == 1
    act(s, f"deploy {c(s, CLONE)}")
    assert len(s.hand[LIGHT]) == 1
    s = position(light={"build": [("K-3PO (A)", 3)], "deck": [NSG]})
    build_step(s, LIGHT)
    act(s, f"deploy {c(s, 'K-3PO (A)')}")
    assert len(s.hand[LIGHT]) == 1


def test_r2_d2_g_gives_your_space_units_twenty_speed() -> None:
    """R2-D2 (G) (ESB.txt): each of your units in the Space arena gets +20 speed."""
    s = position(light={"arena": ["R2-D2 (G)", XW, CLONE]}, dark={"arena": [TIE]})
    assert (s.speed(unit(s, XW)), s.speed(unit(s, CLONE)), s.speed(unit(s, TIE))) == (70, 40, 60)


def test_toryn_farr_a_cant_retreat_and_speeds_up_rebels() -> None:
    """Toryn Farr (A) (ESB.txt): she can't retreat; pay 1 Force (as often as paid) -> one of
    your Rebel units +10 speed until the end of the turn."""
    s = position(light={"arena": ["Toryn Farr (A)", LEIA_C]}, force=(0, 2))
    start(s, ("?retreat", LIGHT))
    assert f"retreat {c(s, LEIA_C)}" in texts(s) and f"retreat {c(s, 'Toryn Farr (A)')}" not in texts(s)
    s = position(light={"arena": ["Toryn Farr (A)", LEIA_C]}, dark={"arena": [TIE]}, force=(0, 2))
    start(s, ("step", 0))
    until_offered(s, f"use {c(s, 'Toryn Farr (A)')} 2")
    act(s, f"use {c(s, 'Toryn Farr (A)')} 2")
    act(s, f"choose {c(s, LEIA_C)}")
    until_offered(s, f"use {c(s, 'Toryn Farr (A)')} 2")
    act(s, f"use {c(s, 'Toryn Farr (A)')} 2")
    act(s, f"choose {c(s, LEIA_C)}")
    assert s.speed(unit(s, LEIA_C)) == 60 and s.force[LIGHT] == 0


def test_wampa_cave_makes_your_creatures_cheaper() -> None:
    """Wampa Cave (ESB.txt): each of your Creatures costs 1 fewer build counter to deploy."""
    s = position(dark={"locations": ["Wampa Cave"], "build": [(EOPIE, 0), (BDS, 0)]},
                 light={"build": [(EOPIE, 0)]})
    e, other = unit(s, EOPIE, DARK), unit(s, EOPIE, LIGHT)
    assert (deploy_cost(s, e), deploy_cost(s, other), deploy_cost(s, unit(s, BDS))) == (1, 2, 2)


def test_cloud_city_penthouse_makes_every_character_cheaper() -> None:
    """Cloud City Penthouse (ESB.txt): each Character, either side's, costs 1 fewer to deploy."""
    s = position(light={"locations": ["Cloud City Penthouse"], "build": [(NSG, 0), (CLONE, 0)]},
                 dark={"build": [(GUARD, 0)]})
    assert (deploy_cost(s, unit(s, NSG)), deploy_cost(s, unit(s, GUARD)), deploy_cost(s, unit(s, CLONE))) == (1, 1, 4)


def test_admiral_kendal_ozzel_a_trades_space_power_for_accuracy() -> None:
    """Admiral Kendal Ozzel (A) (ESB.txt): each of your Space units -2 power and Accuracy 1."""
    s = position(dark={"arena": ["Admiral Kendal Ozzel (A)", STARSHIP, BDS]})
    ship = unit(s, STARSHIP)
    assert (s.power(ship), keyword(s, ship, "accuracy"), s.power(unit(s, BDS))) == (4, 1, 2)


def test_anti_infantry_laser_battery_gets_four_power_on_a_squad() -> None:
    """Anti-Infantry Laser Battery (ESB.txt): +4 power while attacking a Squad; Armor."""
    s = position(light={"arena": ["Anti-Infantry Laser Battery"]},
                 dark={"arena": ["Snowtrooper Heavy Weapons Team", BDS]})
    b = unit(s, "Anti-Infantry Laser Battery")
    s.atk = [b, unit(s, "Snowtrooper Heavy Weapons Team"), -1, 1]
    assert s.power(b) == 5 and keyword(s, b, "armor") == 1
    s.atk = [b, unit(s, BDS), -1, 1]
    assert s.power(b) == 1


# ============================================================================================
# Triggers
# ============================================================================================
def test_avenger_a_lets_the_opponent_retreat_its_defender() -> None:
    """Avenger (A) (ESB.txt): when it attacks, the opponent may retreat the defending unit; then
    the attack ends with no dice. Armor."""
    s = position(dark={"arena": ["Avenger (A)"]}, light={"arena": [XW]})
    x = unit(s, XW)
    strike(s, "Avenger (A)", XW, 0)
    act(s, "pay 0")
    finish_attack(s)
    assert s.zone[x] == BUILD and s.damage[x] == 0 and keyword(s, unit(s, "Avenger (A)"), "armor") == 1
    s = position(dark={"arena": ["Avenger (A)"]}, light={"arena": [XW]})
    strike(s, "Avenger (A)", XW, 0)
    act(s, "pass")
    assert s.zone[unit(s, XW)] != BUILD


def test_carbon_freezing_chamber_returns_a_character_unless_paid() -> None:
    """Carbon-Freezing Chamber (ESB.txt): when the Character battle step starts, choose an
    opposing Character (in an arena or retreated): it returns to hand unless its owner pays 3."""
    s = position(dark={"locations": ["Carbon-Freezing Chamber"]}, light={"arena": [NSG]})
    n = unit(s, NSG)
    start(s, ("step", 2))
    act(s, f"choose {c(s, NSG)}")
    assert s.zone[n] == HAND
    s = position(dark={"locations": ["Carbon-Freezing Chamber"]}, light={"retreated": [NSG]}, force=(0, 3))
    n = unit(s, NSG)
    start(s, ("step", 2))
    act(s, f"choose {c(s, NSG)}")
    act(s, "pay 3")
    assert s.zone[n] == BUILD and s.force[LIGHT] == 0


def test_lukes_snowspeeder_a_costs_four_force_when_discarded() -> None:
    """Luke's Snowspeeder (A) (ESB.txt): when it is discarded, you lose 4 Force; Evade 2."""
    s = position(light={"arena": [LUKES_SPEEDER]}, force=(0, 6))
    u = unit(s, LUKES_SPEEDER)
    start(s, ("damage", u, 3, -1, 1))
    act(s, "pass")
    assert s.zone[u] == DISCARD and s.force[LIGHT] == 2
    s = position(light={"arena": [LUKES_SPEEDER]}, force=(0, 2))
    u = unit(s, LUKES_SPEEDER)
    start(s, ("damage", u, 4, -1, 1))
    act(s, f"use {c(s, LUKES_SPEEDER)} 2")
    close_window(s)
    assert s.damage[u] == 2


def test_wedges_snowspeeder_a_marks_what_it_damages() -> None:
    """Wedge's Snowspeeder (A) (ESB.txt): when it damages another unit, this turn each of your
    other Ground units gets Accuracy 3 attacking that unit."""
    s = position(light={"arena": ["Wedge's Snowspeeder (A)", CLONE]}, dark={"arena": [BDS, "Blizzard One (A)"]})
    w, b, one = unit(s, "Wedge's Snowspeeder (A)"), unit(s, BDS), unit(s, "Blizzard One (A)")
    s.atk = [w, one, -1, 1]
    s.dice = [6, 6, 6]
    start(s, ("attack_damage",))
    close_window(s)
    cl = unit(s, CLONE)
    assert (mark_bonus(s, cl, one, accuracy=True), mark_bonus(s, cl, b, accuracy=True)) == (3, 0)
    assert mark_bonus(s, w, one, accuracy=True) == 0


def test_asteroid_field_rolls_two_dice_at_every_space_unit() -> None:
    """Asteroid Field (ESB.txt): when the Space battle step starts, 2 dice of damage to each
    unit in the Space arena, either side's."""
    s = position(dark={"locations": ["Asteroid Field"], "arena": [TIE]}, light={"arena": [XW, CLONE]})
    start(s, ("step", 0))
    assert sum(1 for x in s.log if "2 dice of damage" in x) == 2


def test_blizzard_force_at_st_searches_a_location_when_it_attacks() -> None:
    """Blizzard Force AT-ST (ESB.txt): when it attacks, you may take a Location from your deck."""
    s = position(dark={"arena": ["Blizzard Force AT-ST"], "deck": ["Wampa Cave", BDS]}, light={"arena": [CLONE]})
    strike(s, "Blizzard Force AT-ST", CLONE, 1)
    act(s, "yes")
    act(s, f"choose {c(s, 'Wampa Cave')}")
    assert unit(s, "Wampa Cave") in s.hand[DARK]


def test_bespin_twin_pod_cloud_car_is_tapped_for_two_opposing_force() -> None:
    """Bespin Twin-Pod Cloud Car (ESB.txt): when the Ground battle step starts, the opponent may
    pay 2 Force to tap it; Accuracy 1."""
    s = position(dark={"arena": ["Bespin Twin-Pod Cloud Car"]}, light={"arena": [CLONE]}, force=(0, 2))
    u = unit(s, "Bespin Twin-Pod Cloud Car")
    start(s, ("step", 1))
    act(s, "pay 2")
    assert s.tapped[u] and s.force[LIGHT] == 0 and keyword(s, u, "accuracy") == 1


# ============================================================================================
# Pilots
# ============================================================================================
def test_dack_ralter_a_adds_a_pilot_intercepts_and_powers_up_on_loss() -> None:
    """Dack Ralter (A) (ESB.txt; ruling): his Speeder may carry an extra pilot and gets
    Intercept (pay 1); when it is discarded, your other Ground units there get +2 power."""
    s = position(light={"arena": [COURIER, CLONE], "build": [("Dack Ralter (A)", 2)], "hand": []})
    s.build[LIGHT].remove(unit(s, "Dack Ralter (A)"))
    s.arena[LIGHT][2].append(unit(s, "Dack Ralter (A)"))
    s.zone[unit(s, "Dack Ralter (A)")] = 4
    board(s, LIGHT, "Dack Ralter (A)", COURIER)
    sp = unit(s, COURIER)
    assert any(ab.timing == "intercept" for ab in abilities_of(s, sp))
    discard_unit(s, sp)
    F.run(s)
    assert s.power(unit(s, CLONE)) == 6


def test_lieutenant_wes_janson_a_gives_critical_hit_four_on_walkers() -> None:
    """Lieutenant Wes Janson (A) (ESB.txt): his Speeder gets Critical Hit 4 while attacking an
    Assault Walker."""
    s = position(light={"arena": [COURIER, "Lieutenant Wes Janson (A)"]}, dark={"arena": ["Blizzard One (A)", BDS]})
    board(s, LIGHT, "Lieutenant Wes Janson (A)", COURIER)
    sp = unit(s, COURIER)
    s.atk = [sp, unit(s, "Blizzard One (A)"), -1, 1]
    assert s.critical_hit(sp) == 4
    s.atk = [sp, unit(s, BDS), -1, 1]
    assert s.critical_hit(sp) == 0


def test_wedge_antilles_b_speeds_his_speeder_and_shields_it() -> None:
    """Wedge Antilles (B) (ESB.txt): his Speeder gets +20 speed, +2 power, Accuracy 1, and 2 of
    each damage to it is prevented."""
    s = position(light={"arena": [COURIER, "Wedge Antilles (B)"]})
    board(s, LIGHT, "Wedge Antilles (B)", COURIER)
    sp = unit(s, COURIER)
    assert (s.speed(sp), s.power(sp), keyword(s, sp, "accuracy")) == (50, 4, 1)
    start(s, ("damage", sp, 3, -1, 1))
    until_offered(s, f"use {c(s, COURIER)} 1")
    act(s, f"use {c(s, COURIER)} 1")
    close_window(s)
    assert s.damage[sp] == 1


def test_zev_senesca_a_pilots_and_recovers_a_character() -> None:
    """Zev Senesca (A) (ESB.txt): his Speeder gets +10 speed; pay 3 Force with no attack on ->
    a Character card from your discard pile to your hand."""
    s = position(light={"arena": [COURIER, "Zev Senesca (A)"]})
    board(s, LIGHT, "Zev Senesca (A)", COURIER)
    assert s.speed(unit(s, COURIER)) == 40
    s = position(light={"arena": ["Zev Senesca (A)"], "discard": [NSG]}, dark={"arena": [GUARD]}, force=(0, 3))
    start(s, ("step", 2))
    until_offered(s, f"use {c(s, 'Zev Senesca (A)')} 1")
    act(s, f"use {c(s, 'Zev Senesca (A)')} 1")
    act(s, f"choose {c(s, NSG)}")
    assert unit(s, NSG) in s.hand[LIGHT] and s.force[LIGHT] == 0


def test_admiral_firmus_piett_a_trades_an_imperial_for_a_piett() -> None:
    """Admiral Firmus Piett (A) (ESB.txt): discard one of your Imperial units in your build step
    to take a Piett card from your deck; his Capital Ship gets +20 speed."""
    s = position(dark={"arena": ["Admiral Firmus Piett (A)", TANBRIS], "deck": ["Admiral Firmus Piett (B)", BDS]})
    build_step(s, DARK)
    act(s, f"use {c(s, 'Admiral Firmus Piett (A)')} 1")
    act(s, f"choose {c(s, TANBRIS)}")
    act(s, f"choose {c(s, 'Admiral Firmus Piett (B)')}")
    assert s.zone[unit(s, TANBRIS)] == DISCARD and unit(s, "Admiral Firmus Piett (B)") in s.hand[DARK]
    s = position(dark={"arena": [STARSHIP, "Admiral Firmus Piett (A)"]})
    board(s, DARK, "Admiral Firmus Piett (A)", STARSHIP)
    assert s.speed(unit(s, STARSHIP)) == 50


def test_at_at_driver_speeds_a_walker_and_gives_retaliate() -> None:
    """AT-AT Driver (ESB.txt): his Walker gets +20 speed and 'pay 1 -> Retaliate 3'."""
    s = position(dark={"arena": ["Blizzard One (A)", "AT-AT Driver"]})
    board(s, DARK, "AT-AT Driver", "Blizzard One (A)")
    w = unit(s, "Blizzard One (A)")
    assert s.speed(w) == 60 and any(ab.timing == "retaliate" for ab in abilities_of(s, w))


def test_chewbacca_f_retaliates_and_pilots_a_transport() -> None:
    """Chewbacca (F) (ESB.txt): pay 1 -> Retaliate 3; his Transport gets Accuracy 1 and
    'pay 1 -> Retaliate 3'."""
    s = position(light={"arena": [YT, "Chewbacca (F)"]})
    board(s, LIGHT, "Chewbacca (F)", YT)
    t = unit(s, YT)
    assert keyword(s, t, "accuracy") == 1 and any(ab.timing == "retaliate" for ab in abilities_of(s, t))
    assert any(ab.timing == "retaliate" for ab in abilities_of(s, unit(s, "Chewbacca (F)")))


# ============================================================================================
# Activated and prevention abilities
# ============================================================================================
def test_2_1b_medical_droid_a_repairs_a_character_per_build_point() -> None:
    """2-1B Medical Droid (A) (ESB.txt): pay 1 build point -> 1 damage counter off one of your
    Characters, as often as you pay."""
    s = position(light={"arena": ["2-1B Medical Droid (A)", OBI]})
    o = unit(s, OBI)
    s.damage[o] = 3
    build_step(s, LIGHT, bp=2)
    for _ in range(2):
        act(s, f"use {c(s, '2-1B Medical Droid (A)')} 1")
        act(s, f"choose {c(s, OBI)}")
    assert s.damage[o] == 1 and s.bp[LIGHT] == 0


def test_at_at_assault_group_takes_two_counters_to_prevent_all() -> None:
    """AT-AT Assault Group (ESB.txt): put 2 damage counters on it -> prevent all the damage."""
    s = position(dark={"arena": ["AT-AT Assault Group"]})
    u = unit(s, "AT-AT Assault Group")
    start(s, ("damage", u, 7, -1, 1))
    act(s, f"use {c(s, 'AT-AT Assault Group')} 1")
    close_window(s)
    assert s.damage[u] == 2


def test_chewbacca_e_repairs_every_vehicle_per_build_point() -> None:
    """Chewbacca (E) (ESB.txt): pay 3 -> Retaliate 8; pay build points -> that many damage
    counters off each of your Space and Ground units (1 per point paid)."""
    s = position(light={"arena": ["Chewbacca (E)", XW, CLONE, NSG]})
    x, cl, n = unit(s, XW), unit(s, CLONE), unit(s, NSG)
    s.damage[x], s.damage[cl], s.damage[n] = 1, 3, 1
    build_step(s, LIGHT, bp=2)
    act(s, f"use {c(s, 'Chewbacca (E)')} 2")
    act(s, f"use {c(s, 'Chewbacca (E)')} 2")
    assert (s.damage[x], s.damage[cl], s.damage[n]) == (0, 1, 1)


def test_han_solo_g_takes_counters_to_spare_a_diplomat() -> None:
    """Han Solo (G) (ESB.txt): when one of your Diplomats would be damaged, you may prevent it
    and put 2 damage counters on Han; Accuracy 1."""
    s = position(light={"arena": ["Han Solo (G)", LEIA_C]})
    h, leia = unit(s, "Han Solo (G)"), unit(s, LEIA_C)
    start(s, ("damage", leia, 2, -1, 1))
    act(s, f"use {c(s, 'Han Solo (G)')} 1")
    close_window(s)
    assert (s.damage[leia], s.damage[h], keyword(s, h, "accuracy")) == (0, 2, 1)


def test_lando_calrissian_a_spends_build_points_three_ways() -> None:
    """Lando Calrissian (A) (ESB.txt): in your build step, 1 build point -> 1 counter off him;
    2 -> draw a card; 3 -> a unit card from your discard pile to your hand."""
    s = position(light={"arena": ["Lando Calrissian (A)"], "deck": [NSG], "discard": [CLONE]})
    lando = unit(s, "Lando Calrissian (A)")
    s.damage[lando] = 2
    build_step(s, LIGHT, bp=6)
    act(s, f"use {c(s, 'Lando Calrissian (A)')} 1")
    act(s, f"use {c(s, 'Lando Calrissian (A)')} 2")
    act(s, f"use {c(s, 'Lando Calrissian (A)')} 3")
    act(s, f"choose {c(s, CLONE)}")
    assert s.damage[lando] == 1 and sorted(s.hand[LIGHT]) == sorted([unit(s, NSG), unit(s, CLONE)])
    assert s.bp[LIGHT] == 0


def test_major_bren_derlin_a_armors_your_ground_units() -> None:
    """Major Bren Derlin (A) (ESB.txt): tap, with no attack on -> your Ground units get Armor
    until the end of the turn."""
    s = position(light={"arena": ["Major Bren Derlin (A)", CLONE]}, dark={"arena": [BDS]})
    start(s, ("step", 1))
    until_offered(s, f"use {c(s, 'Major Bren Derlin (A)')} 1")
    act(s, f"use {c(s, 'Major Bren Derlin (A)')} 1")
    assert keyword(s, unit(s, CLONE), "armor") == 1 and keyword(s, unit(s, BDS), "armor") == 0


def test_vaders_imperial_shuttle_a_fetches_a_darth_vader() -> None:
    """Vader's Imperial Shuttle (A) (ESB.txt): tap in your build step -> take a Darth Vader card
    from your deck into your hand."""
    s = position(dark={"arena": ["Vader's Imperial Shuttle (A)"], "deck": ["Darth Vader (J)", TANBRIS]})
    build_step(s, DARK)
    act(s, f"use {c(s, SHUTTLE)} 1")
    act(s, f"choose {c(s, 'Darth Vader (J)')}")
    assert unit(s, "Darth Vader (J)") in s.hand[DARK]


def test_lukes_x_wing_c_has_its_keywords_and_evade() -> None:
    """Luke's X-Wing (C) (ESB.txt): Accuracy 1, Critical Hit 1, Shields 1, pay 1 -> Evade 1."""
    s = position(light={"arena": ["Luke's X-Wing (C)"]}, force=(0, 1))
    x = unit(s, "Luke's X-Wing (C)")
    assert (keyword(s, x, "accuracy"), s.critical_hit(x), keyword(s, x, "shields")) == (1, 1, 1)
    start(s, ("damage", x, 2, -1, 1))
    act(s, f"use {c(s, LUKES_XWING)} 4")
    close_window(s)
    assert s.damage[x] == 1


def test_blizzard_one_a_has_armor_and_critical_hit_two() -> None:
    """Blizzard One (A) (ESB.txt): Armor and Critical Hit 2."""
    s = position(dark={"arena": ["Blizzard One (A)"]})
    u = unit(s, "Blizzard One (A)")
    assert (keyword(s, u, "armor"), s.critical_hit(u)) == (1, 2)


def test_planetary_ion_cannon_has_ion_cannon_ten() -> None:
    """Planetary Ion Cannon (ESB.txt): Ion Cannon 10."""
    s = position(light={"arena": ["Planetary Ion Cannon"]}, dark={"arena": [STARSHIP]})
    u = unit(s, "Planetary Ion Cannon")
    assert keyword(s, u, "ion_cannon") == 10 and F.can_attack(s, u, unit(s, STARSHIP))


# ============================================================================================
# Battle cards
# ============================================================================================
def test_kiss_from_your_sister_taps_leia_to_heal_luke() -> None:
    """Kiss from Your Sister (ESB.txt): tap Princess Leia in the Character arena -> all damage
    counters off Luke Skywalker and 4 Force."""
    s = position(light={"arena": [LEIA_C, "Luke Skywalker (A)"], "hand": ["Kiss from Your Sister"]},
                 dark={"arena": [GUARD]})
    luke = unit(s, "Luke Skywalker (A)")
    s.damage[luke] = 3
    start(s, ("step", 2))
    until_offered(s, f"play {c(s, 'Kiss from Your Sister')}")
    act(s, f"play {c(s, 'Kiss from Your Sister')}")
    act(s, f"choose {c(s, LEIA_C)}")
    assert s.tapped[unit(s, LEIA_C)] and s.damage[luke] == 0 and s.force[LIGHT] == 4


def test_lukes_wrath_gives_luke_accuracy() -> None:
    """Luke's Wrath (ESB.txt): pay 1 -> Luke Skywalker gets Accuracy 1 this turn; Enhance, pay
    1 more -> Accuracy 2 instead."""
    def accuracy(force: int, enhance: bool) -> int:
        s = position(light={"arena": ["Luke Skywalker (A)"], "hand": ["Luke's Wrath"]},
                     dark={"arena": [GUARD]}, force=(0, force))
        start(s, ("step", 2))
        until_offered(s, f"play {c(s, WRATH)}")
        act(s, f"play {c(s, WRATH)}")
        act(s, f"choose {c(s, 'Luke Skywalker (A)')}")
        if "pay 1" in texts(s):
            act(s, "pay 1" if enhance else "pass")
        return keyword(s, unit(s, "Luke Skywalker (A)"), "accuracy")

    assert (accuracy(1, False), accuracy(2, True), accuracy(2, False)) == (1, 2, 1)


def test_3_720_to_1_powers_up_a_unit_on_a_six() -> None:
    """3,720 to 1 (ESB.txt): choose one of your units and roll: on a 6 it gets +60 speed and
    +6 power this turn; otherwise nothing."""
    results = set()
    for seed in range(1, 15):
        s = position(light={"arena": [NSG], "hand": ["3,720 to 1"]}, dark={"arena": [GUARD]}, seed=seed)
        start(s, ("step", 2))
        until_offered(s, f"play {c(s, '3,720 to 1')}")
        act(s, f"play {c(s, '3,720 to 1')}")
        if s.tasks and f"choose {c(s, NSG)}" in texts(s):
            act(s, f"choose {c(s, NSG)}")
        results.add((s.speed(unit(s, NSG)), s.power(unit(s, NSG))))
    assert results == {(30, 2), (90, 8)}


def test_battle_the_wampa_powers_an_attack_on_a_creature() -> None:
    """Battle the Wampa (ESB.txt): pay 1 while your unit attacks a Creature -> +3 power and
    Critical Hit 3 for this attack (the attack rolls 7 dice, not 4); not offered against other
    units."""
    s = position(light={"arena": [CLONE], "hand": ["Battle the Wampa"]}, dark={"arena": [EOPIE, BDS]}, force=(0, 1))
    strike(s, CLONE, EOPIE, 1)
    until_offered(s, f"play {c(s, 'Battle the Wampa')}")
    act(s, f"play {c(s, 'Battle the Wampa')}")
    finish_attack(s)
    assert len(rolled_in_log(s)) == 7          # 4 power + 3
    s = position(light={"arena": [CLONE], "hand": ["Battle the Wampa"]}, dark={"arena": [EOPIE, BDS]}, force=(0, 1))
    strike(s, CLONE, BDS, 1)
    assert not s.tasks or f"play {c(s, 'Battle the Wampa')}" not in texts(s)
    assert len(rolled_in_log(s)) == 4


# ============================================================================================
# Missions
# ============================================================================================
def test_emperors_bidding_wins_if_the_opponent_has_no_jedi() -> None:
    """Emperor's Bidding (ESB.txt): when the turn ends, if the opponent has no Jedi in any arena,
    you win."""
    s = position(dark={"build": [("Emperor's Bidding", 8)]}, light={"arena": [NSG]})
    complete(s, "Emperor's Bidding", DARK)
    start(s, ("end_turn",))
    assert s.done and s.won == DARK
    s = position(dark={"build": [("Emperor's Bidding", 8)], "arena": [GUARD]}, light={"arena": [OBI]})
    complete(s, "Emperor's Bidding", DARK)
    start(s, ("end_turn",))
    assert not s.done



def test_jedis_failure_powers_a_jedi_then_hands_it_over_for_good() -> None:
    """Jedi's Failure (ESB.txt; ruling): pay 2 while your Jedi attacks -> +8 power for this
    attack; when the next turn starts, the opponent gains control of that Jedi until the game
    ends (not if it has left play by then)."""
    def played(discard_it: bool) -> tuple[TcgState, int]:
        s = position(light={"arena": [OBI], "hand": [FAILURE], "deck": [NSG] * 3},
                     dark={"arena": [TANBRIS], "deck": [GUARD] * 3}, force=(0, 2))
        o = unit(s, OBI)
        strike(s, OBI, TANBRIS, 2)
        until_offered(s, f"play {c(s, FAILURE)}")
        act(s, f"play {c(s, FAILURE)}")
        finish_attack(s)
        assert len(rolled_in_log(s)) == 14          # 6 power + 8
        if discard_it:
            discard_unit(s, o)
        s.tasks = [("turn",)]
        F.run(s)
        return s, o

    s, o = played(False)
    assert (s.owner[o], o in s.arena[DARK][2], s.lent[o]) == (DARK, True, [LIGHT, 5])
    s, o = played(True)
    assert o in s.discard[LIGHT] and s.owner[o] == LIGHT and not s.lent


def test_luke_skywalker_k_bails_out_of_his_speeder_into_the_ground_arena() -> None:
    """Luke Skywalker (K) (ESB.txt, erratum and ruling): his Speeder gets +10 speed and Accuracy
    1; when it is discarded from the Ground arena, Luke moves into the Ground arena untapped, a
    Ground unit until the Ground battle step ends; then, still there, into the Character arena
    untapped (from any other zone he stays where he is). Pay 3 -> Evade 2."""
    s = position(light={"arena": [COURIER, LUKE_K]}, dark={"arena": [BDS]})
    board(s, LIGHT, LUKE_K, COURIER)
    sp, luke = unit(s, COURIER), unit(s, LUKE_K)
    assert (s.speed(sp), keyword(s, sp, "accuracy")) == (40, 1)
    assert any(ab.evade and ab.n == 2 and ab.force == 3 for ab in s.d(luke).abilities)
    s.tapped[sp] = True
    discard_unit(s, sp)
    F.run(s)
    assert (s.zone[luke], luke in s.arena[LIGHT][1], s.tapped[luke], s.unit_type(luke)) == (4, True, False, "ground")
    assert F.can_attack(s, luke, unit(s, BDS))
    s.tapped[luke] = True
    start(s, ("disembark", 1))
    assert (luke in s.arena[LIGHT][2], s.tapped[luke], s.moved) == (True, False, {})
    s = position(light={"arena": [COURIER, LUKE_K]})
    board(s, LIGHT, LUKE_K, COURIER)
    sp, luke = unit(s, COURIER), unit(s, LUKE_K)
    discard_unit(s, sp)
    from dejarik.tcg.effects import retreat
    retreat(s, luke)
    start(s, ("disembark", 1))
    assert s.zone[luke] == BUILD


def test_dark_cave_gathers_corruption_and_takes_a_character_for_the_turn() -> None:
    """Dark Cave (ESB.txt): a Corruption counter whenever a Light Side Character attacks; when
    the Character battle step starts you may remove them all for control, until the end of the
    turn, of an opposing Character arena unit whose build cost is at most the counters removed."""
    s = position(dark={"locations": ["Dark Cave"], "arena": [GUARD]}, light={"arena": [NSG, LEIA_C]})
    cave, n, leia = unit(s, "Dark Cave"), unit(s, NSG), unit(s, LEIA_C)
    strike(s, NSG, GUARD, 2)
    finish_attack(s)
    assert card_counters(s, cave) == 1
    s.effects.append(("card_counters", cave, 1))       # a second Light Side attack, earlier
    start(s, ("step", 2))
    act(s, "yes")
    assert f"choose {c(s, NSG)}" in texts(s) and f"choose {c(s, LEIA_C)}" not in texts(s)  # costs 2 / 3
    act(s, f"choose {c(s, NSG)}")
    assert (s.owner[n], card_counters(s, cave), s.owner[leia]) == (DARK, 0, LIGHT)
    s.tasks = [("end_turn",)]
    F.run(s)
    assert s.owner[n] == LIGHT and n in s.arena[LIGHT][2] and not s.lent
    s = position(dark={"locations": ["Dark Cave"], "arena": [TIE]}, light={"arena": [XW]})
    strike(s, XW, TIE, 0)                               # a Space unit attacking: no counter
    finish_attack(s)
    assert card_counters(s, unit(s, "Dark Cave")) == 0


def test_lobot_a_is_a_droid_that_mills_five_and_draws_one() -> None:
    """Lobot (A) (ESB.txt): he counts as a Droid; tap -> a player of your choice discards the
    top 5 cards of their deck, then draws a card."""
    s = position(light={"arena": ["Lobot (A)"]}, dark={"deck": [GUARD] * 7})
    lobot = unit(s, "Lobot (A)")
    assert "Droid" in s.d(lobot).tags
    build_step(s, LIGHT)
    act(s, f"use {c(s, 'Lobot (A)')} 2")
    act(s, texts(s)[0])                                  # the opponent's deck
    assert (len(s.discard[DARK]), len(s.hand[DARK]), len(s.deck[DARK])) == (5, 1, 1)


def test_mara_jade_a_heals_at_the_character_step_end_and_drains_force() -> None:
    """Mara Jade (A) (ESB.txt): she counts as a Dark Jedi; when the Character battle step ends,
    all her damage counters come off and the opponent loses that much Force; pay 2 -> Evade 1."""
    s = position(dark={"arena": ["Mara Jade (A)"]}, force=(0, 5))
    mara = unit(s, "Mara Jade (A)")
    assert "Dark Jedi" in s.d(mara).tags or "Jedi" in s.d(mara).tags
    s.damage[mara] = 3
    start(s, ("disembark", 2))
    assert (s.damage[mara], s.force[LIGHT]) == (0, 2)
    assert any(ab.evade and ab.n == 1 and ab.force == 2 for ab in s.d(mara).abilities)


def test_darth_vader_i_fetches_a_dark_side_battle_card() -> None:
    """Darth Vader (I) (ESB.txt): pay 2 -> take a Dark Side Battle card from your deck (not a
    neutral one); pay 2 -> Evade 2."""
    s = position(dark={"arena": ["Darth Vader (I)"], "deck": ["Jedi's Failure", "Battle the Wampa", "Sacrifice"]},
                 force=(2, 0))
    build_step(s, DARK)
    act(s, f"use {c(s, 'Darth Vader (I)')} 1")
    assert f"choose {c(s, 'Sacrifice')}" in texts(s) and f"choose {c(s, FAILURE)}" not in texts(s)
    act(s, f"choose {c(s, 'Sacrifice')}")
    assert unit(s, "Sacrifice") in s.hand[DARK] and s.force[DARK] == 0


def test_echo_base_boosts_other_rebels_and_draws_their_attacks() -> None:
    """Echo Base (ESB.txt): each of your other Rebel units in the Ground arena gets +10 speed
    and +1 power; when a unit attacks one of your Rebel Ground units, you may have it attack
    Echo Base instead (not for a non-Rebel unit)."""
    s = position(light={"arena": ["Echo Base", TRENCH, COURIER]}, dark={"arena": [BDS]})
    t = unit(s, TRENCH)
    assert (s.speed(t), s.power(t), s.power(unit(s, COURIER))) == (40, 7, 2)
    strike(s, BDS, TRENCH, 1)
    until_offered(s, f"use {c(s, 'Echo Base')} 2")
    act(s, f"use {c(s, 'Echo Base')} 2")
    assert "the attack turns on Echo Base" in s.log and s.damage[t] == 0
    s = position(light={"arena": ["Echo Base", COURIER]}, dark={"arena": [BDS]})
    strike(s, BDS, COURIER, 1)
    assert not s.tasks or f"use {c(s, 'Echo Base')} 2" not in texts(s)


def test_princess_leia_g_shields_smugglers_and_gives_her_transport_build_points() -> None:
    """Princess Leia (G) (ESB.txt; ruling): when one of your Smugglers would be damaged, you may
    prevent it and put 1 damage counter on Leia (not while she pilots); her Transport gets
    "+3 build points this turn when the build roll is made"."""
    s = position(light={"arena": [LEIA_G, "Han Solo (G)"]})
    leia, han = unit(s, LEIA_G), unit(s, "Han Solo (G)")
    start(s, ("damage", han, 3, -1, 1))
    act(s, f"use {c(s, LEIA_G)} 1")
    close_window(s)
    assert (s.damage[han], s.damage[leia]) == (0, 1)

    def bp_with(pilot: bool) -> int:
        s = position(light={"arena": [YT, LEIA_G]}, seed=3)
        if pilot:
            board(s, LIGHT, LEIA_G, YT)
        s.phase = COMMAND
        start(s, ("command",))
        return s.bp[LIGHT]

    assert bp_with(True) == bp_with(False) + 3
    s = position(light={"arena": [YT, LEIA_G, "Han Solo (G)"]})
    board(s, LIGHT, LEIA_G, YT)
    han = unit(s, "Han Solo (G)")
    start(s, ("damage", han, 3, -1, 1))
    assert not s.tasks or f"use {c(s, LEIA_G)} 1" not in texts(s)


def test_darth_vader_g_taps_to_disrupt_a_battle_card_unless_paid() -> None:
    """Darth Vader (G) (ESB.txt): tap -> disrupt a Battle card just played unless its
    controller pays 2 Force (Log Trap's 6 dice then never come); pay 3 -> Evade 3."""
    for light_force, cancelled in ((1, True), (3, False)):
        s = position(dark={"arena": ["Darth Vader (G)", BDS]}, light={"hand": ["Log Trap"]}, force=(0, light_force))
        start(s, ("step", 0))
        while s.tasks and s.current_player != LIGHT:
            act(s, "pass")
        act(s, f"play {c(s, 'Log Trap')}")
        act(s, f"use {c(s, 'Darth Vader (G)')} 2")
        if not cancelled:
            act(s, "pay 2")
            act(s, f"choose {c(s, BDS)}")
        assert s.tapped[unit(s, "Darth Vader (G)")]
        assert any(x.startswith(f"6 dice of damage at {BDS}") for x in s.log) != cancelled


def test_yoda_f_taps_to_disrupt_a_battle_card_unless_paid() -> None:
    """Yoda (F) (ESB.txt, its scrambled words read in order): tap -> disrupt a Battle card
    unless its controller pays 2 Force; pay 3 -> Evade 3."""
    for dark_force, cancelled in ((3, True), (5, False)):
        s = position(light={"arena": ["Yoda (F)"], "retreated": [XW]}, dark={"hand": ["War Will Follow"]},
                     force=(dark_force, 0))
        start(s, ("step", 0))
        while s.tasks and s.current_player != DARK:
            act(s, "pass")
        act(s, f"play {c(s, 'War Will Follow')}")
        act(s, f"use {c(s, 'Yoda (F)')} 1")
        if not cancelled:
            act(s, "pay 2")
            act(s, f"choose {c(s, XW)}")
        assert (s.zone[unit(s, XW)] == BUILD) == cancelled


def test_stormtrooper_swarm_powers_stormtroopers_by_their_number() -> None:
    """Stormtrooper Swarm (ESB.txt): pay 9 -> each of your Stormtroopers gets +X power this
    turn, X the number of Stormtroopers in all arenas (the opponent's count too)."""
    s = position(dark={"arena": [SNOW_SQUAD, "Blizzard Force Snowtrooper", BDS], "hand": ["Stormtrooper Swarm"]},
                 light={"arena": [CLONE]}, force=(9, 0))
    start(s, ("step", 1))
    while s.tasks and s.current_player != DARK:
        act(s, "pass")
    act(s, f"play {c(s, 'Stormtrooper Swarm')}")
    assert (s.power(unit(s, SNOW_SQUAD)), s.power(unit(s, "Blizzard Force Snowtrooper")),
            s.power(unit(s, BDS))) == (4 + 2, 3 + 2 + 2, 2)       # the Snowtrooper's own +2 too
    assert s.force[DARK] == 0


# ---- cards a first helper left out (group A)

def _battle_played(player: int, card: str, dark: dict[str, Any], light: dict[str, Any],
                   force: tuple[int, int]) -> TcgState:
    """The player named plays `card` (in hand) at their first chance of the Character step; the
    other side's chance to disrupt it waits."""
    s = position(dark=dark, light=light, force=force)
    start(s, ("step", 2))
    while s.tasks and s.current_player != player:
        act(s, "pass")
    act(s, f"play {c(s, card, player)}")
    return s


NO_GOOD = "No Good to Me Dead"              # Dark Battle card (RAS): pay 0, you get no Bounty


def test_change_in_destiny_pays_four_to_disrupt() -> None:
    """Change in Destiny (ESB.txt): pay 4 Force -> disrupt a Battle card just played; with 3
    Force it is not offered."""
    s = _battle_played(DARK, NO_GOOD, {"hand": [NO_GOOD], "arena": [BDS]},
                       {"hand": ["Change in Destiny"], "arena": [NSG]}, (0, 5))
    act(s, f"play {c(s, 'Change in Destiny')}")
    assert ("cancelled", unit(s, NO_GOOD)) in s.effects and s.force[LIGHT] == 1
    run_out(s)
    assert ("no_bounty", LIGHT) not in s.effects
    s = _battle_played(DARK, NO_GOOD, {"hand": [NO_GOOD], "arena": [BDS]},
                       {"hand": ["Change in Destiny"], "arena": [NSG]}, (0, 3))
    assert f"play {c(s, 'Change in Destiny')}" not in texts(s)
    run_out(s)
    assert ("no_bounty", LIGHT) in s.effects


def test_desperate_times_discards_your_hand_to_disrupt() -> None:
    """Desperate Times (ESB.txt): discard your hand -> disrupt a Battle card just played (it
    costs no Force; the rest of the hand goes to the discard pile)."""
    s = _battle_played(DARK, NO_GOOD, {"hand": [NO_GOOD], "arena": [BDS]},
                       {"hand": ["Desperate Times", CLONE, LEIA_C], "arena": [NSG]}, (0, 0))
    act(s, f"play {c(s, 'Desperate Times')}")
    assert s.hand[LIGHT] == [] and s.zone[unit(s, CLONE)] == DISCARD and s.zone[unit(s, LEIA_C)] == DISCARD
    assert ("cancelled", unit(s, NO_GOOD)) in s.effects
    run_out(s)
    assert ("no_bounty", LIGHT) not in s.effects


def test_sacrifice_discards_a_unit_to_disrupt_a_cheap_battle_card() -> None:
    """Sacrifice (ESB.txt): discard one of your units in an arena -> disrupt a Battle card whose
    printed cost is 4 Force or less: Yoda's Lesson (4) is disrupted (no cards drawn); Slipping
    Through (8) can't be."""
    dark = {"hand": ["Sacrifice"], "arena": [GUARD, BDS]}
    s = _battle_played(LIGHT, "Yoda's Lesson", dark,
                       {"hand": ["Yoda's Lesson"], "arena": [NSG], "deck": [CLONE] * 3}, (0, 4))
    act(s, f"play {c(s, 'Sacrifice')}")
    act(s, f"choose {c(s, GUARD)}")
    assert s.zone[unit(s, GUARD)] == DISCARD and ("cancelled", unit(s, "Yoda's Lesson")) in s.effects
    run_out(s)
    assert len(s.hand[LIGHT]) == 0 and s.force[LIGHT] == 0
    s = _battle_played(LIGHT, "Slipping Through", dark,
                       {"hand": ["Slipping Through"], "arena": [NSG]}, (0, 8))
    assert f"play {c(s, 'Sacrifice')}" not in texts(s)


def test_darth_vader_k_evades_as_much_as_the_force_paid() -> None:
    """Darth Vader (K) (ESB.txt): Armor; pay 2 -> +2 power and Stun 2 for this attack; pay X
    Force -> Evade X (5 damage, X = 3 of 4 Force: 2 damage land, 1 Force left)."""
    s = position(dark={"arena": ["Darth Vader (K)"]}, force=(4, 0))
    v = unit(s, "Darth Vader (K)")
    assert keyword(s, v, "armor") == 1
    start(s, ("damage", v, 5, -1, 1))
    act(s, f"use {c(s, 'Darth Vader (K)')} 3")
    assert texts(s) == [f"choose x={k}" for k in range(1, 5)]
    act(s, "choose x=3")
    close_window(s)
    assert s.damage[v] == 2 and s.force[DARK] == 1
    s = position(dark={"arena": ["Darth Vader (K)"]}, force=(0, 0))
    start(s, ("damage", unit(s, "Darth Vader (K)"), 5, -1, 1))     # no Force: no chance offered
    assert not s.tasks and s.damage[unit(s, "Darth Vader (K)")] == 5


def test_darth_vader_k_pays_two_for_power_and_stun_in_his_attack() -> None:
    """Darth Vader (K) (ESB.txt): pay 2 Force in his attack -> +2 power and Stun 2 for it."""
    s = position(dark={"arena": ["Darth Vader (K)"]}, light={"arena": [OBI]}, force=(2, 0))
    v = unit(s, "Darth Vader (K)")
    in_attack_window(s, "Darth Vader (K)", OBI, 2)
    act(s, f"use {c(s, 'Darth Vader (K)')} 2")
    assert s.power(v) == 8 and keyword(s, v, "stun") == 2 and s.force[DARK] == 0


def test_luke_skywalker_j_draws_whenever_you_prevent_damage_to_your_unit() -> None:
    """Luke Skywalker (J) (ESB.txt): whenever you prevent damage to one of your units, draw a
    card; pay 4 -> Evade 2 (his own Evade draws too; damage to the opponent's unit does not)."""
    s = position(light={"arena": ["Luke Skywalker (J)"], "deck": [CLONE] * 3}, force=(0, 4))
    luke = unit(s, "Luke Skywalker (J)")
    start(s, ("damage", luke, 3, -1, 1))
    act(s, f"use {c(s, 'Luke Skywalker (J)')} 2")
    close_window(s)
    assert s.damage[luke] == 1 and len(s.hand[LIGHT]) == 1 and s.force[LIGHT] == 0
    # a Dark prevention on a Dark unit draws nothing for the Light Side
    s = position(light={"arena": ["Luke Skywalker (J)"], "deck": [CLONE] * 3},
                 dark={"arena": ["Darth Vader (K)"]}, force=(2, 0))
    start(s, ("damage", unit(s, "Darth Vader (K)"), 3, -1, 1))
    act(s, f"use {c(s, 'Darth Vader (K)')} 3")
    act(s, "choose x=2")
    close_window(s)
    assert s.hand[LIGHT] == [] and s.damage[unit(s, "Darth Vader (K)")] == 1


def test_yoda_h_gains_a_force_each_time_you_prevent_damage() -> None:
    """Yoda (H) (ESB.txt, by its erratum and ruling): whenever you prevent damage to one of your
    units, gain 1 Force, once for each prevention used; pay 3 -> Evade 2. His own Evade on 3
    damage: 3 - 3 + 1 Force (Yoda (F)'s Evade, with no such trigger, leaves 0)."""
    s = position(light={"arena": ["Yoda (H)", LUKE_K]}, force=(0, 3))
    yoda = unit(s, "Yoda (H)")
    start(s, ("damage", yoda, 3, -1, 1))
    act(s, f"use {c(s, 'Yoda (H)')} 2")
    close_window(s)
    assert s.damage[yoda] == 1 and s.force[LIGHT] == 1
    without = position(light={"arena": ["Yoda (F)"]}, force=(0, 3))
    start(without, ("damage", unit(without, "Yoda (F)"), 3, -1, 1))
    act(without, f"use {c(without, 'Yoda (F)')} 2")
    close_window(without)
    assert without.force[LIGHT] == 0


def test_cloud_city_prison_empties_both_force_pools_as_the_turn_ends() -> None:
    """Cloud City Prison (ESB.txt): when each turn ends, each player loses all their Force
    (5 and 3 become 0 and 0; without it they stay)."""
    for locs, left in ((["Cloud City Prison"], (0, 0)), ([], (5, 3))):
        s = position(dark={"locations": locs, "arena": [GUARD]}, light={"arena": [NSG]}, force=(5, 3))
        start(s, ("end_battle",), ("end_turn",))
        run_out(s)
        assert (s.force[DARK], s.force[LIGHT]) == left and not s.done


def test_obi_wans_spirit_a_makes_your_jedi_abilities_cheaper_and_takes_no_damage() -> None:
    """Obi-Wan's Spirit (A) (ESB.txt): it doesn't count toward controlling its arena; all damage
    to and from it is prevented; each of your Jedi Characters' activated abilities costs 1 less
    Force, never below 1: Yoda (H)'s Evade (3) costs 2, Shaak Ti (A)'s (1) still 1."""
    s = position(light={"arena": ["Obi-Wan's Spirit (A)", "Yoda (H)", "Shaak Ti (A)"]}, force=(0, 2))
    yoda, shaak, spirit = unit(s, "Yoda (H)"), unit(s, "Shaak Ti (A)"), unit(s, "Obi-Wan's Spirit (A)")
    assert F._force_cost(s, LIGHT, abilities_of(s, yoda)[1], yoda) == 2
    assert F._force_cost(s, LIGHT, abilities_of(s, shaak)[0], shaak) == 1
    start(s, ("damage", yoda, 3, -1, 1))
    act(s, f"use {c(s, 'Yoda (H)')} 2")
    close_window(s)
    assert s.damage[yoda] == 1 and s.force[LIGHT] == 0 + 1     # 2 paid, 1 back from his trigger
    start(s, ("damage", spirit, 3, -1, 1))
    run_out(s)
    assert s.damage[spirit] == 0
    alone = position(light={"arena": ["Obi-Wan's Spirit (A)"]}, dark={"arena": []})
    assert not alone.controls(LIGHT, 2)
    without = position(light={"arena": ["Yoda (H)"]})
    assert F._force_cost(without, LIGHT, abilities_of(without, unit(without, "Yoda (H)"))[1],
                         unit(without, "Yoda (H)")) == 3


def test_millennium_falcon_g_rolls_to_avoid_damage() -> None:
    """Millennium Falcon (G) (ESB.txt): an extra pilot; Accuracy 1; when it would be damaged, a
    die is rolled: on 1 or 2 all of that damage is prevented (3 damage: 0 or 3 by the roll)."""
    from dejarik.tcg.pilots import max_pilots

    seen = set()
    for seed in range(12):
        s = position(light={"arena": ["Millennium Falcon (G)"]}, seed=seed)
        f = unit(s, "Millennium Falcon (G)")
        start(s, ("damage", f, 3, -1, 1))
        run_out(s)
        roll = int(next(x for x in s.log if "to avoid the damage" in x).split(" rolls ")[1].split()[0])
        assert s.damage[f] == (0 if roll <= 2 else 3)
        seen.add(roll <= 2)
    assert seen == {True, False}
    assert max_pilots(s, f) == 2 and keyword(s, f, "accuracy") == 1


def test_c_3po_e_is_shuffled_into_the_deck_with_his_stack_when_discarded() -> None:
    """C-3PO (E) (ESB.txt and its ruling): when he is discarded from the Character arena, he,
    the cards stacked with him and his attached Equipment are shuffled into his owner's deck
    (the discard pile stays empty; the deck grows by 3)."""
    from dejarik.tcg.state import UNDER

    s = position(light={"arena": ["C-3PO (E)"], "hand": ["C-3PO (A)"], "deck": [CLONE] * 2,
                        "equipped": [("Jedi Lightsaber", "C-3PO (E)")]})
    top, below = unit(s, "C-3PO (E)"), unit(s, "C-3PO (A)")
    s.hand[LIGHT].remove(below)
    s.zone[below] = UNDER
    s.under.setdefault(top, []).append(below)
    s.tasks = []
    discard_unit(s, top)
    F.run(s)
    run_out(s)
    assert s.discard[LIGHT] == [] and len(s.deck[LIGHT]) == 5
    assert {top, below, unit(s, "Jedi Lightsaber")} <= set(s.deck[LIGHT])


def test_streets_of_cloud_city_fights_the_ground_battle_first() -> None:
    """Streets of Cloud City (ESB.txt and its ruling): while it is in play the battle steps go
    Ground, Space, then Character (without it: Space, Ground, Character)."""
    def order(locs: list[str]) -> list[str]:
        s = position(dark={"locations": locs, "arena": [BDS, TIE, GUARD]}, light={"arena": [CLONE, XW, NSG]})
        for u in s.all_in_play():
            s.tapped[u] = True
        start(s, ("battle",))
        run_out(s)
        return [x.split()[0] for x in s.log if x.endswith(" battle") and len(x.split()) == 2]

    assert order([]) == ["Space", "Ground", "Character"]
    assert order(["Streets of Cloud City"]) == ["Ground", "Space", "Character"]


def test_fx_7_medical_assistance_droid_a_doubles_your_damage_removal() -> None:
    """FX-7 Medical Assistance Droid (A) (ESB.txt): when you would remove damage counters from
    one of your units, remove up to twice that many: 2-1B's 1 counter becomes 2 (5 -> 3; up to
    the counters there: 1 -> 0)."""
    for fx, damage, left in ((["FX-7 Medical Assistance Droid (A)"], 5, 3), ([], 5, 4),
                             (["FX-7 Medical Assistance Droid (A)"], 1, 0)):
        s = position(light={"arena": ["2-1B Medical Droid (A)", OBI, *fx]})
        o = unit(s, OBI)
        s.damage[o] = damage
        build_step(s, LIGHT, bp=1)
        act(s, f"use {c(s, '2-1B Medical Droid (A)')} 1")
        act(s, f"choose {c(s, OBI)}")
        assert s.damage[o] == left


def test_chewbacca_g_brings_back_a_droid_with_a_damage_counter() -> None:
    """Chewbacca (G) (ESB.txt and its ruling): in your build step, once a turn, pay 1 build
    point -> a Droid Character card from your discard pile goes into the Character arena with 1
    damage counter (not a Droid: not offered); pay 3 -> Retaliate 6."""
    s = position(light={"arena": ["Chewbacca (G)"], "discard": [R2_A, NSG]})
    build_step(s, LIGHT, bp=2)
    act(s, f"use {c(s, 'Chewbacca (G)')} 1")
    assert f"choose {c(s, NSG)}" not in texts(s)
    act(s, f"choose {c(s, R2_A)}")
    r2 = unit(s, R2_A)
    assert s.zone[r2] == F.ARENA and s.damage[r2] == 1 and not s.tapped[r2] and s.bp[LIGHT] == 1
    assert f"use {c(s, 'Chewbacca (G)')} 1" not in texts(s)        # once a turn
    chewie = unit(s, "Chewbacca (G)")
    assert abilities_of(s, chewie)[1].timing == "retaliate" and abilities_of(s, chewie)[1].force == 3


def test_darth_vader_h_discards_your_other_units_whose_attack_does_no_damage() -> None:
    """Darth Vader (H) (ESB.txt and its ruling): each of your other units gets +2 power; one of
    them whose attack does no damage (a miss, or all of it prevented) is discarded as the attack
    ends; pay 2 -> Evade 2. Lieutenant Tanbris (4 power, 6 with Vader) attacks Obi-Wan."""
    seen = set()
    for seed in range(6):
        s = position(dark={"arena": ["Darth Vader (H)", TANBRIS]}, light={"arena": [OBI]}, seed=seed)
        t = unit(s, TANBRIS)
        assert s.power(t) == 6 and s.power(unit(s, "Darth Vader (H)")) == 5
        strike(s, TANBRIS, OBI, 2)
        finish_attack(s)
        hurt = s.damage[unit(s, OBI)] > 0
        assert (s.zone[t] == DISCARD) == (not hurt)
        seen.add(hurt)
    assert True in seen
    # all of it prevented: Obi-Wan's Spirit (A) takes no damage, so the attacker goes
    s = position(dark={"arena": ["Darth Vader (H)", TANBRIS]}, light={"arena": ["Obi-Wan's Spirit (A)"]})
    strike(s, TANBRIS, "Obi-Wan's Spirit (A)", 2)
    finish_attack(s)
    assert s.zone[unit(s, TANBRIS)] == DISCARD
    # without Vader nothing happens
    s = position(dark={"arena": [TANBRIS]}, light={"arena": ["Obi-Wan's Spirit (A)"]})
    strike(s, TANBRIS, "Obi-Wan's Spirit (A)", 2)
    finish_attack(s)
    assert s.zone[unit(s, TANBRIS)] != DISCARD


def test_millennium_falcon_e_may_attack_into_the_character_arena() -> None:
    """Millennium Falcon (E) (ESB.txt): an extra pilot; it can't retreat; it may attack a unit in
    the Character arena instead of a Space unit, with its own power (5 dice)."""
    from dejarik.tcg.pilots import max_pilots

    s = position(light={"arena": ["Millennium Falcon (E)"]}, dark={"arena": [TIE, GUARD]})
    f = unit(s, "Millennium Falcon (E)")
    assert F.can_attack(s, f, unit(s, GUARD)) and F.can_attack(s, f, unit(s, TIE))
    assert F.alt_power(s, f, unit(s, GUARD)) == F.OWN_POWER and F.attack_power(s, f, unit(s, GUARD), -2) == 5
    assert max_pilots(s, f) == 2 and F.retreat_forbidden(s, f)
    plain = position(light={"arena": [XW]}, dark={"arena": [GUARD]})
    assert not F.can_attack(plain, unit(plain, XW), unit(plain, GUARD))
    strike(s, "Millennium Falcon (E)", GUARD, 0)
    assert "Millennium Falcon (E) attacks Geonosian Guard" in s.log
    assert len(next(x for x in s.log if x.startswith("Millennium Falcon (E) rolls")).split(",")) == 5
