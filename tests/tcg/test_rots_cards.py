"""Every Revenge of the Sith card with abilities written so far, checked in the engine against
what its rules text says (../shared/reference/swtcg-data/ROTS.txt; rulings from its Usage column
and ../shared/reference/swtcg.md). One test per card (a parametrised case in
tests/tcg/test_keyword_cards.py counts as one), grouped by kind. Each test checks exact numbers
or compares with the same position without the ability. The Equipment rules themselves are in
tests/tcg/test_equipment.py."""

from __future__ import annotations

from dejarik.tcg import flow as F
from dejarik.tcg.effects import abilities_of, keyword
from dejarik.tcg.state import BUILD, COMMAND, DISCARD, EQUIPPED, HAND, TcgState
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
    pass_until,
    position,
    rolled_in_log,
    start,
    texts,
    unit,
)

BDS = "Battle Droid Squad"           # Dark Ground 2/10/2/3, Trade Federation Droid (AOTC)
CLONE = "Clone Platoon"              # Light Ground 4/40/4/4, Clone Soldier (AOTC)
CORE = "Trade Federation Battleship Core"   # Dark Ground 9/10/10/12 (AOTC)
STATION = "Naboo Defense Station"    # Light Ground 8/10/6/12 (AOTC)
WARRIOR = "Clone Warrior 4/163"      # Light Character 4/40/4/4, Clone Soldier (AOTC)
CORE_C = "Yoda (A)"                  # Light Character 9/40/6/6, a sturdy Jedi (AOTC)
KAMINOAN = "Kaminoan Guard"          # Neutral Character 4/50/3/3 (AOTC)
GEO = "Geonosian Warrior"            # Dark Character 3/50/3/2 (AOTC)
MAUL_B = "Darth Maul (B)"            # Dark Character 7/60/6/4, Dark Jedi (SR)
TYRANUS_C = "Darth Tyranus (C)"      # Dark Character 5/50/5/4, Dark Jedi Master (AOTC)
OBI_B = "Obi-Wan Kenobi (B)"         # Light Character 5/40/5/5, Jedi Knight (AOTC)
ANAKIN_A = "Anakin Skywalker (A)"    # Light Character 7/60/6/5, Jedi Padawan (AOTC)
WING = "Droid Starfighter Wing"      # Dark Space 4/40/4/4 (AOTC)
DCS = "Droid Control Ship"           # Dark Space 9/10/9/9, Trade Federation Capital Ship (AOTC)
N1_SQUAD = "Naboo Starfighter Squadron"   # Light Space 4/40/4/4, Naboo Starfighter (AOTC)
NABOO_CRUISER = "Naboo Cruiser"      # Light Space 6/10/6/7 (AOTC)
JSF = "Jedi Starfighter 3R3"         # Light Space 3/50/3/3, Jedi Starfighter (AOTC)
PATROL = "Patrol Speeder"            # Neutral Ground 4/20/3/4, Naboo Speeder (AOTC)
OPEE = "Opee Sea Killer"             # Neutral Ground, Naboo Aquatic Creature (PM)
RIFLE = "Blaster Rifle"              # Neutral Equipment, Character, Equip 1: +1 power, Critical Hit 1
SABER = "Jedi Lightsaber"            # Light Equipment, Character, Equip 1 bp + 1 Force
SITH_SABER = "Sith Lightsaber"       # Dark Equipment, Character, Equip 1 Force + 1 bp
ANAKINS_SF = "Anakin's Starfighter (A)"
JMD = "Jedi Master's Deflection"
PISTOL = "Blaster Pistol"            # Neutral Equipment, Character, Equip 0: +1 power


def _build(s: TcgState, p: int, bp: int) -> TcgState:
    s.bp[p] = bp
    s.phase = COMMAND
    return start(s, ("?build", p))


def _to_player(s: TcgState, side: int) -> None:
    for _ in range(20):
        if s.current_player == side:
            return
        act(s, "pass")


# ---- Equipment ------------------------------------------------------------------------------
def test_engine_upgrade_gives_a_space_unit_twenty_speed() -> None:
    """Engine Upgrade (ROTS.txt): Equip for 2 build points; the equipped Space unit gets +20
    speed."""
    s = _build(position(light={"build": [("Engine Upgrade", 2)], "arena": [N1_SQUAD, CLONE]}), LIGHT, 2)
    assert f"equip {c(s, 'Engine Upgrade')} > {c(s, CLONE)}" not in texts(s)
    act(s, f"equip {c(s, 'Engine Upgrade')} > {c(s, N1_SQUAD)}")
    assert s.speed(unit(s, N1_SQUAD)) == 60 and s.bp[LIGHT] == 0


def test_vehicle_shields_package_gives_shields_one() -> None:
    """Vehicle Shields Package (ROTS.txt): Equip for 2 build points on a Space or Ground unit,
    which gets Shields 1: an attacker rolls one die fewer."""
    s = position(dark={"arena": [BDS]}, light={"arena": [CLONE], "equipped": [("Vehicle Shields Package", CLONE)]})
    assert keyword(s, unit(s, CLONE), "shields") == 1
    assert dice_rolled(s, unit(s, BDS), unit(s, CLONE)) == 1
    s = _build(position(light={"build": [("Vehicle Shields Package", 2)], "arena": [CLONE, N1_SQUAD, WARRIOR]}),
               LIGHT, 2)
    assert sorted(t for t in texts(s) if t.startswith("equip")) == sorted(
        f"equip {c(s, 'Vehicle Shields Package')} > {c(s, x)}" for x in (CLONE, N1_SQUAD))


def test_vehicle_weapons_package_gives_two_power_for_one_build_point() -> None:
    """Vehicle Weapons Package (ROTS.txt): Equip for 1 build point; the Space or Ground unit
    gets +2 power."""
    s = _build(position(light={"build": [("Vehicle Weapons Package", 2)], "arena": [CLONE]}), LIGHT, 1)
    act(s, f"equip {c(s, 'Vehicle Weapons Package')} > {c(s, CLONE)}")
    assert s.power(unit(s, CLONE)) == 6 and s.bp[LIGHT] == 0


def test_blaster_pistol_equips_for_nothing() -> None:
    """Blaster Pistol (ROTS.txt): Equip for 0 build points; the Character gets +1 power."""
    s = _build(position(light={"build": [(PISTOL, 1)], "arena": [WARRIOR]}), LIGHT, 0)
    act(s, f"equip {c(s, PISTOL)} > {c(s, WARRIOR)}")
    assert s.power(unit(s, WARRIOR)) == 5


def test_blaster_rifle_gives_power_and_critical_hit() -> None:
    """Blaster Rifle (ROTS.txt): Equip for 1 build point; +1 power and Critical Hit 1."""
    s = position(dark={"arena": [GEO]}, light={"arena": [WARRIOR], "equipped": [(RIFLE, WARRIOR)]})
    w, g = unit(s, WARRIOR), unit(s, GEO)
    assert s.power(w) == 5 and s.critical_hit(w) == 1
    s.damage[g] = 0
    assert hits_with(s, w, g, [6, 1, 1, 1, 1]) == 2 or s.zone[g] == DISCARD


def test_droid_battlestaff_gives_power_and_stun() -> None:
    """Droid Battlestaff (ROTS.txt): Equip for 1 build point; +2 power and Stun 2."""
    s = position(dark={"arena": [GEO], "equipped": [("Droid Battlestaff", GEO)]}, light={"arena": [OBI_B]})
    g, o = unit(s, GEO), unit(s, OBI_B)
    assert s.power(g) == 5 and keyword(s, g, "stun") == 2
    assert hits_with(s, g, o, [5, 1, 1, 1, 1]) == 1 and s.power(o) == 3


def test_jedi_lightsaber_works_for_a_jedi_or_sith_only() -> None:
    """Jedi Lightsaber (ROTS.txt): Equip for 1 build point and 1 Force; an equipped Jedi or Sith
    Character gets +2 power and "Pay 2 Force -> Deflect 1"; another Character gets nothing."""
    s = position(light={"arena": [OBI_B], "equipped": [(SABER, OBI_B)]}, dark={"arena": [GEO]}, force=(0, 2))
    o = unit(s, OBI_B)
    assert s.power(o) == 7
    k = len(abilities_of(s, o))
    start(s, ("damage", o, 2, unit(s, GEO), 1))
    act(s, f"use {c(s, OBI_B)} {k}")
    while s.tasks:
        act(s, "pass")
    assert s.force[LIGHT] == 0 and s.damage[o] == 1
    s = position(light={"arena": [WARRIOR], "equipped": [(SABER, WARRIOR)]})
    assert s.power(unit(s, WARRIOR)) == 4 and abilities_of(s, unit(s, WARRIOR)) == ()


def test_sith_lightsaber_gives_power_and_critical_hit_two() -> None:
    """Sith Lightsaber (ROTS.txt): Equip for 1 Force and 1 build point; a Jedi or Sith
    Character gets +2 power and Critical Hit 2."""
    s = _build(position(dark={"build": [(SITH_SABER, 2)], "arena": [MAUL_B, GEO]}, force=(1, 0)), DARK, 1)
    act(s, f"equip {c(s, SITH_SABER)} > {c(s, MAUL_B)}")
    m = unit(s, MAUL_B)
    assert (s.power(m), s.critical_hit(m), s.force[DARK], s.bp[DARK]) == (8, 2, 0, 0)
    s = position(dark={"arena": [GEO], "equipped": [(SITH_SABER, GEO)]})
    assert s.power(unit(s, GEO)) == 3


def test_darth_tyranus_i_attaches_equipment_for_less() -> None:
    """Darth Tyranus (I) (ROTS.txt): Equipment costs 1 less Force and 1 less build point to
    attach to him (Sith Lightsaber: free); Evade 2 for 2 Force."""
    s = _build(position(dark={"build": [(SITH_SABER, 2)], "arena": ["Darth Tyranus (I)", MAUL_B]}), DARK, 0)
    assert texts(s).count(f"equip {c(s, SITH_SABER)} > {c(s, 'Darth Tyranus (I)')}") == 1
    assert f"equip {c(s, SITH_SABER)} > {c(s, MAUL_B)}" not in texts(s)
    act(s, f"equip {c(s, SITH_SABER)} > {c(s, 'Darth Tyranus (I)')}")
    assert s.power(unit(s, "Darth Tyranus (I)")) == 8
    s = position(dark={"arena": ["Darth Tyranus (I)"]}, force=(2, 0))
    t = unit(s, "Darth Tyranus (I)")
    start(s, ("damage", t, 3, -1, 1))
    act(s, f"use {c(s, 'Darth Tyranus (I)')} 1")
    assert s.damage[t] == 1


def test_anakins_starfighter_a_attaches_equipment_for_less() -> None:
    """Anakin's Starfighter (A) (ROTS.txt): Equipment costs 1 less to attach to it (Engine
    Upgrade for 1 build point); Critical Hit 1; Evade 1 for 1 Force. The preview printing plays
    as the card."""
    s = _build(position(light={"build": [("Engine Upgrade", 2)], "arena": ["Anakin's Starfighter (A)"]}), LIGHT, 1)
    act(s, f"equip {c(s, 'Engine Upgrade')} > {c(s, ANAKINS_SF)}")
    a = unit(s, "Anakin's Starfighter (A)")
    assert s.speed(a) == 80 and s.bp[LIGHT] == 0 and s.critical_hit(a) == 1
    s = position(light={"arena": ["Anakin's Starfighter (A)"]}, force=(0, 1))
    a = unit(s, "Anakin's Starfighter (A)")
    start(s, ("damage", a, 2, -1, 1))
    act(s, f"use {c(s, ANAKINS_SF)} 1")
    assert s.damage[a] == 1
    from dejarik.tcg.carddefs import all_defs

    assert all_defs()["Anakin's Starfighter (A) (Preview)"].abilities == all_defs()["Anakin's Starfighter (A)"].abilities


# ---- Units ----------------------------------------------------------------------------------
def test_commerce_guild_droid_81_x_ion_cannon_reaches_space() -> None:
    """Commerce Guild Droid 81-X (ROTS.txt): Ion Cannon 2 (a Space unit may be attacked, with 2
    dice) and Critical Hit 2."""
    s = position(dark={"arena": ["Commerce Guild Droid 81-X"]}, light={"arena": [NABOO_CRUISER]}, seed=5)
    start(s, ("step", 1))
    pass_until(s, "?attack")
    assert f"attack {c(s, 'Commerce Guild Droid 81-X')} > {c(s, NABOO_CRUISER)}" in texts(s)
    assert s.critical_hit(unit(s, "Commerce Guild Droid 81-X")) == 2


def test_commerce_guild_starship_rots_trades_damage_for_a_build_point() -> None:
    """Commerce Guild Starship ROTS (ROTS.txt): put 1 damage counter on it for 1 build point,
    in the build step; Shields 1."""
    s = _build(position(dark={"arena": ["Commerce Guild Starship ROTS"]}), DARK, 0)
    u = unit(s, "Commerce Guild Starship ROTS")
    act(s, f"use {c(s, 'Commerce Guild Starship ROTS')} 1")
    act(s, f"use {c(s, 'Commerce Guild Starship ROTS')} 1")
    assert s.damage[u] == 2 and s.bp[DARK] == 2 and keyword(s, u, "shields") == 1


def test_coruscant_shuttle_finds_a_jedi_card_when_deployed() -> None:
    """Coruscant Shuttle (ROTS.txt): when deployed, its owner may search the deck for a Jedi
    card, show it and take it into hand; Evade 1 for 1 Force."""
    s = _build(position(light={"build": [("Coruscant Shuttle", 4)], "deck": [WARRIOR, OBI_B, CLONE]}), LIGHT, 0)
    act(s, f"deploy {c(s, 'Coruscant Shuttle')}")
    for _ in range(5):
        if f"choose {c(s, OBI_B)}" in texts(s):
            break
        act(s, "yes")
    assert f"choose {c(s, WARRIOR)}" not in texts(s)
    act(s, f"choose {c(s, OBI_B)}")
    assert s.zone[unit(s, OBI_B)] == HAND


def test_darth_vader_s_puts_three_counters_instead_of_attacking_without_tapping() -> None:
    """Darth Vader (S) (ROTS.txt, text erratum): pay 3 Force when he would attack, once a turn:
    3 damage counters on any Character; it does not tap him, so he may still attack (ruling)."""
    s = position(dark={"arena": ["Darth Vader (S)"]}, light={"arena": [OBI_B, WARRIOR]}, force=(6, 0))
    start(s, ("step", 2))
    pass_until(s, "?attack")
    v = unit(s, "Darth Vader (S)")
    act(s, f"use {c(s, 'Darth Vader (S)')} 1")
    act(s, f"choose {c(s, OBI_B)}")
    assert s.damage[unit(s, OBI_B)] == 3 and not s.tapped[v] and s.force[DARK] == 3
    pass_until(s, "?attack")
    assert f"use {c(s, 'Darth Vader (S)')} 1" not in texts(s)       # once a turn
    assert f"attack {c(s, 'Darth Vader (S)')} > {c(s, WARRIOR)}" in texts(s)
    assert keyword(s, v, "armor") == 1


def test_grand_moff_tarkin_d_boosts_capital_ships() -> None:
    """Grand Moff Tarkin (D) (ROTS.txt): each of his side's Capital Ships and Battle Stations
    gets +1 power and Critical Hit 1 (not other units)."""
    s = position(dark={"arena": ["Grand Moff Tarkin (D)", DCS, WING]})
    d, w = unit(s, DCS), unit(s, WING)
    assert (s.power(d), s.critical_hit(d), s.power(w), s.critical_hit(w)) == (10, 1, 4, 0)


def test_jar_jar_binks_c_discards_for_a_build_point_and_pays_one_to_draw() -> None:
    """Jar Jar Binks (C) (ROTS.txt): tap and discard a card for 1 build point (build step);
    tap and pay 1 build point to draw a card; Lucky 2."""
    s = _build(position(light={"arena": ["Jar Jar Binks (C)"], "hand": [CLONE]}), LIGHT, 0)
    act(s, f"use {c(s, 'Jar Jar Binks (C)')} 1")
    act(s, f"choose {c(s, CLONE)}")
    assert s.bp[LIGHT] == 1 and s.zone[unit(s, CLONE)] == DISCARD and s.tapped[unit(s, "Jar Jar Binks (C)")]
    s = _build(position(light={"arena": ["Jar Jar Binks (C)"], "deck": [CLONE]}), LIGHT, 1)
    act(s, f"use {c(s, 'Jar Jar Binks (C)')} 2")
    assert s.bp[LIGHT] == 0 and s.zone[unit(s, CLONE)] == HAND
    assert abilities_of(s, unit(s, "Jar Jar Binks (C)"))[2].n == 2


def test_mas_amedda_a_retreats_alone_and_trades_damage_for_build_points() -> None:
    """Mas Amedda (A) (ROTS.txt): at the start of the Character battle step, with no other unit
    of his side there, he retreats; put a damage counter on one of your units for 1 build point
    (once a turn, its ruling)."""
    s = position(dark={"arena": ["Mas Amedda (A)"]}, light={"arena": [WARRIOR]})
    start(s, ("step", 2))
    assert s.zone[unit(s, "Mas Amedda (A)")] == BUILD
    s = position(dark={"arena": ["Mas Amedda (A)", GEO]}, light={"arena": [WARRIOR]})
    start(s, ("step", 2))
    assert s.zone[unit(s, "Mas Amedda (A)")] != BUILD
    s = _build(position(dark={"arena": ["Mas Amedda (A)", CORE]}), DARK, 0)
    act(s, f"use {c(s, 'Mas Amedda (A)')} 2")
    act(s, f"choose {c(s, CORE)}")
    assert s.damage[unit(s, CORE)] == 1 and s.bp[DARK] == 1
    assert f"use {c(s, 'Mas Amedda (A)')} 2" not in texts(s)


def test_nos_monster_is_faster_with_an_aquatic_location_anywhere() -> None:
    """Nos Monster (ROTS.txt): +30 speed while any Aquatic Location is in play (any arena)."""
    s = position(dark={"arena": ["Nos Monster"]})
    assert s.speed(unit(s, "Nos Monster")) == 20
    s = position(dark={"arena": ["Nos Monster"]}, light={"locations": ["Utapau Sinkhole"]})
    assert s.speed(unit(s, "Nos Monster")) == 50


def test_obi_wan_kenobi_n_is_stronger_against_a_dark_jedi() -> None:
    """Obi-Wan Kenobi (N) (ROTS.txt): attacking a Dark Jedi he gets +2 power and Accuracy 1;
    Evade 2 for 1 Force."""
    s = position(dark={"arena": [MAUL_B, GEO]}, light={"arena": ["Obi-Wan Kenobi (N)"]})
    o = unit(s, "Obi-Wan Kenobi (N)")
    s.atk = [o, unit(s, MAUL_B), -1, 2]
    assert s.power(o) == 7 and keyword(s, o, "accuracy") == 1
    s.atk = [o, unit(s, GEO), -1, 2]
    assert s.power(o) == 5 and keyword(s, o, "accuracy") == 0


def test_republic_fighter_wing_gains_power_per_other_space_unit() -> None:
    """Republic Fighter Wing (ROTS.txt): +1 power for each other unit of its side in Space."""
    s = position(light={"arena": ["Republic Fighter Wing", N1_SQUAD, JSF]}, dark={"arena": [WING]})
    assert s.power(unit(s, "Republic Fighter Wing")) == 6


def test_super_battle_droid_7ex_draws_two_when_discarded() -> None:
    """Super Battle Droid 7EX (ROTS.txt): discarded from the Character arena, its owner draws 2
    cards; Critical Hit 2."""
    s = position(dark={"arena": ["Super Battle Droid 7EX"], "deck": [BDS, GEO, CORE]})
    u = unit(s, "Super Battle Droid 7EX")
    assert s.critical_hit(u) == 2
    start(s, ("damage", u, 4, -1, 1))
    assert len(s.hand[DARK]) == 2 and len(s.deck[DARK]) == 1


def test_theta_class_shuttle_returns_a_character_from_the_discard_pile() -> None:
    """Theta-Class Shuttle (ROTS.txt): discard it from the Space arena to return a Character
    card from the discard pile to hand; Shields 1."""
    s = position(dark={"arena": ["Theta-Class Shuttle"], "discard": [GEO, BDS]})
    start(s, ("step", 0))
    _to_player(s, DARK)
    act(s, f"use {c(s, 'Theta-Class Shuttle')} 2")
    assert f"choose {c(s, BDS)}" not in texts(s)
    act(s, f"choose {c(s, GEO)}")
    assert s.zone[unit(s, GEO)] == HAND and s.zone[unit(s, "Theta-Class Shuttle")] == DISCARD


def test_venator_class_destroyer_gains_power_per_damage() -> None:
    """Venator-Class Destroyer (ROTS.txt): +1 power for each damage counter on it; Evade 1."""
    s = position(light={"arena": ["Venator-Class Destroyer"]})
    v = unit(s, "Venator-Class Destroyer")
    s.damage[v] = 2
    assert s.power(v) == 7


def test_yoda_k_returns_to_hand_with_four_force_when_discarded() -> None:
    """Yoda (K) (ROTS.txt): when discarded, his owner gains 4 Force and he goes back to hand;
    Deflect 2 for 2 Force, Evade 1 for 1 Force."""
    s = position(light={"arena": ["Yoda (K)"]})
    y = unit(s, "Yoda (K)")
    start(s, ("damage", y, 7, -1, 1))
    assert s.zone[y] == HAND and s.force[LIGHT] == 4


def test_destroyer_droid_q_series_picks_a_mode_when_the_character_step_starts() -> None:
    """Destroyer Droid, Q Series (ROTS.txt): when the Character battle step starts its owner
    picks: +10 speed and Stun 3, or +1 power and Accuracy 1, until the end of the battle."""
    s = position(dark={"arena": ["Destroyer Droid, Q Series"]}, light={"arena": [WARRIOR]})
    u = unit(s, "Destroyer Droid, Q Series")
    start(s, ("step", 2))
    act(s, "choose option 1")
    assert (s.speed(u), keyword(s, u, "stun"), s.power(u)) == (50, 3, 4)
    s = position(dark={"arena": ["Destroyer Droid, Q Series"]}, light={"arena": [WARRIOR]})
    u = unit(s, "Destroyer Droid, Q Series")
    start(s, ("step", 2))
    act(s, "choose option 2")
    assert (s.speed(u), keyword(s, u, "accuracy"), s.power(u), keyword(s, u, "shields")) == (40, 1, 5, 1)


def test_droid_missiles_discards_itself_for_three_counters() -> None:
    """Droid Missiles (ROTS.txt): when it would attack, discard it: 3 damage counters on a unit
    in the Space arena."""
    s = position(dark={"arena": ["Droid Missiles"]}, light={"arena": [NABOO_CRUISER]})
    start(s, ("step", 0))
    pass_until(s, "?attack")
    act(s, f"use {c(s, 'Droid Missiles')} 1")
    act(s, f"choose {c(s, NABOO_CRUISER)}")
    assert s.damage[unit(s, NABOO_CRUISER)] == 3 and s.zone[unit(s, "Droid Missiles")] == DISCARD


def test_hardcell_class_transport_discards_after_space_and_draws_for_a_build_point() -> None:
    """Hardcell-Class Transport (ROTS.txt): when the Space battle step ends its owner discards a
    card; pay 1 build point in the build step to draw 2."""
    s = _build(position(dark={"arena": ["Hardcell-Class Transport"], "deck": [BDS, GEO]}), DARK, 1)
    act(s, f"use {c(s, 'Hardcell-Class Transport')} 2")
    assert len(s.hand[DARK]) == 2 and s.bp[DARK] == 0
    s = position(dark={"arena": ["Hardcell-Class Transport"], "hand": [BDS, GEO]})
    s.tapped[unit(s, "Hardcell-Class Transport")] = True
    start(s, ("step", 0))
    for _ in range(10):
        if f"choose {c(s, BDS)}" in texts(s):
            break
        act(s, "pass")
    act(s, f"choose {c(s, BDS)}")
    assert s.zone[unit(s, BDS)] == DISCARD and len(s.hand[DARK]) == 1


def test_gh_7_medical_droid_removes_three_damage_from_a_character() -> None:
    """GH-7 Medical Droid (ROTS.txt): tap it while no unit attacks: remove up to 3 damage
    counters from one of your Characters."""
    s = position(light={"arena": ["GH-7 Medical Droid", OBI_B, CLONE]})
    s.damage[unit(s, OBI_B)] = 4
    s.damage[unit(s, CLONE)] = 1
    start(s, ("step", 0))
    _to_player(s, LIGHT)
    act(s, f"use {c(s, 'GH-7 Medical Droid')} 1")
    assert f"choose {c(s, CLONE)}" not in texts(s)
    act(s, f"choose {c(s, OBI_B)}")
    assert s.damage[unit(s, OBI_B)] == 1
    s = _build(position(light={"arena": ["GH-7 Medical Droid", OBI_B]}), LIGHT, 0)
    s.damage[unit(s, OBI_B)] = 2
    s._legal = None
    act(s, f"use {c(s, 'GH-7 Medical Droid')} 2")     # in the build step too
    act(s, f"choose {c(s, OBI_B)}")
    assert s.damage[unit(s, OBI_B)] == 0


def test_anakin_skywalker_l_pays_three_for_six_power() -> None:
    """Anakin Skywalker (L) (ROTS.txt): pay 3 Force while he attacks: +6 power for this attack;
    Evade 2 for 3 Force."""
    s = position(dark={"arena": [MAUL_B]}, light={"arena": ["Anakin Skywalker (L)"]}, force=(0, 3))
    s.tapped[unit(s, MAUL_B)] = True
    in_attack_window(s, "Anakin Skywalker (L)", MAUL_B, 2)
    _to_player(s, LIGHT)
    act(s, f"use {c(s, 'Anakin Skywalker (L)')} 1")
    assert len(rolled_in_log(s)) == 11 and s.force[LIGHT] == 0


def test_coruscant_emergency_ship_prevents_two_once_a_turn() -> None:
    """Coruscant Emergency ship (ROTS.txt): free, once a turn: prevent up to 2 damage to one of
    its side's Ground units."""
    s = position(light={"arena": ["Coruscant Emergency ship", CLONE]})
    cl = unit(s, CLONE)
    start(s, ("damage", cl, 3, -1, 1))
    act(s, f"use {c(s, 'Coruscant Emergency ship')} 1")
    assert s.damage[cl] == 1
    start(s, ("damage", cl, 1, -1, 1))
    assert not s.tasks or f"use {c(s, 'Coruscant Emergency ship')} 1" not in texts(s)


def test_darth_sidious_e_puts_three_counters_and_one_on_himself() -> None:
    """Darth Sidious (E) (ROTS.txt): pay 3 Force and tap him in the build step: 3 damage
    counters on a Ground or Character unit, 1 on him; Evade 2 for 3 Force."""
    s = _build(position(dark={"arena": ["Darth Sidious (E)"]}, light={"arena": [STATION, N1_SQUAD]}, force=(3, 0)),
               DARK, 0)
    act(s, f"use {c(s, 'Darth Sidious (E)')} 1")
    assert f"choose {c(s, N1_SQUAD)}" not in texts(s)
    act(s, f"choose {c(s, STATION)}")
    assert s.damage[unit(s, STATION)] == 3 and s.damage[unit(s, "Darth Sidious (E)")] == 1


def test_darth_vader_q_is_stronger_against_jedi() -> None:
    """Darth Vader (Q) (ROTS.txt): attacking a Jedi he gets +2 power; a Jedi Padawan, also
    Accuracy 1; Evade 2 for 4 Force."""
    s = position(dark={"arena": ["Darth Vader (Q)"]}, light={"arena": [OBI_B, ANAKIN_A, WARRIOR]})
    v = unit(s, "Darth Vader (Q)")
    out = []
    for t in (OBI_B, ANAKIN_A, WARRIOR):
        s.atk = [v, unit(s, t), -1, 2]
        out.append((s.power(v), keyword(s, v, "accuracy")))
    assert out == [(9, 0), (9, 1), (7, 0)]


def test_tf_battle_droid_army_loses_power_per_damage() -> None:
    """TF Battle Droid Army (ROTS.txt): -1 power for each damage counter on it."""
    s = position(dark={"arena": ["TF Battle Droid Army"]})
    u = unit(s, "TF Battle Droid Army")
    s.damage[u] = 3
    assert s.power(u) == 7


def test_v_wing_clone_starfighter_draws_when_discarded() -> None:
    """V-wing Clone Starfighter (ROTS.txt): discarded from the Space arena, draw a card."""
    s = position(light={"arena": ["V-wing Clone Starfighter"], "deck": [CLONE, WARRIOR]})
    start(s, ("damage", unit(s, "V-wing Clone Starfighter"), 2, -1, 1))
    assert len(s.hand[LIGHT]) == 1


def test_darth_vader_r_damage_cant_be_prevented_even_his_deflect() -> None:
    """Darth Vader (R) (ROTS.txt): damage from Vader can't be prevented, his Deflect's too (its
    ruling): no chance to prevent is given; Hidden Cost 5; Deflect 1 (2), Evade 2 (3)."""
    s = position(dark={"arena": ["Darth Vader (R)"]}, light={"arena": [OBI_B]}, force=(0, 9))
    v, o = unit(s, "Darth Vader (R)"), unit(s, OBI_B)
    assert hits_with(s, v, o, [5, 5, 1, 1, 1, 1]) == 2          # Obi-Wan's Evade is not offered
    s = position(dark={"arena": ["Darth Vader (R)"]}, light={"arena": [OBI_B]}, force=(2, 9))
    v, o = unit(s, "Darth Vader (R)"), unit(s, OBI_B)
    start(s, ("damage", v, 2, o, 1))
    act(s, f"use {c(s, 'Darth Vader (R)')} 3")
    act(s, "yes")
    act(s, f"choose {c(s, OBI_B)}")
    while s.tasks:
        assert f"use {c(s, OBI_B)} 2" not in texts(s)      # Obi-Wan can't evade it
        act(s, "pass")
    assert s.damage[o] == 1 and s.damage[v] == 1
    s = _build(position(dark={"build": [("Darth Vader (R)", 5)]}, force=(5, 0)), DARK, 0)
    act(s, f"deploy {c(s, 'Darth Vader (R)')}")
    assert s.force[DARK] == 0


def test_bail_organa_b_taps_an_opponents_unit_for_two_build_points() -> None:
    """Bail Organa (B) (ROTS.txt): pay 2 build points and tap him in the build step: tap one
    of the opponent's units, in an arena or the build zone (its ruling)."""
    s = position(light={"arena": ["Bail Organa (B)"]}, dark={"arena": [GEO], "retreated": [BDS]})
    s.tapped[unit(s, BDS)] = False
    _build(s, LIGHT, 2)
    act(s, f"use {c(s, 'Bail Organa (B)')} 1")
    assert sorted(texts(s)) == sorted([f"choose {c(s, GEO)}", f"choose {c(s, BDS)}"])
    act(s, f"choose {c(s, BDS)}")
    assert s.tapped[unit(s, BDS)] and s.bp[LIGHT] == 0 and s.tapped[unit(s, "Bail Organa (B)")]


def test_r4_p17_a_gives_a_build_point_or_repairs_a_starfighter() -> None:
    """R4-P17 (A) (ROTS.txt): tap: gain 1 build point, or remove up to 2 damage counters from
    one of your Starfighters or Speeders."""
    s = _build(position(light={"arena": ["R4-P17 (A)", N1_SQUAD, CLONE]}), LIGHT, 0)
    s.damage[unit(s, N1_SQUAD)] = 3
    s.damage[unit(s, CLONE)] = 1
    s._legal = None
    act(s, f"use {c(s, 'R4-P17 (A)')} 1")
    act(s, "choose option 2")
    assert f"choose {c(s, CLONE)}" not in texts(s)
    act(s, f"choose {c(s, N1_SQUAD)}")
    assert s.damage[unit(s, N1_SQUAD)] == 1
    s = _build(position(light={"arena": ["R4-P17 (A)"]}), LIGHT, 0)
    act(s, f"use {c(s, 'R4-P17 (A)')} 1")
    act(s, "choose option 1")
    assert s.bp[LIGHT] == 1


def test_naboo_star_skiff_puts_a_naboo_character_in_the_build_zone() -> None:
    """Naboo Star Skiff (ROTS.txt): when finished and deployed, its owner may search the deck
    for a Naboo Character (not a Naboo ship): face down into the build zone with 1 counter."""
    s = _build(position(light={"build": [("Naboo Star Skiff", 5)],
                               "deck": [NABOO_CRUISER, "Naboo Security Guard", CLONE]}), LIGHT, 0)
    act(s, f"deploy {c(s, 'Naboo Star Skiff')}")
    act(s, "yes")
    assert f"choose {c(s, NABOO_CRUISER)}" not in texts(s)
    act(s, f"choose {c(s, 'Naboo Security Guard')}")
    g = unit(s, "Naboo Security Guard")
    assert s.zone[g] == BUILD and s.counters[g] == 1


def test_nute_gunray_d_discards_a_card_from_the_opponents_hand() -> None:
    """Nute Gunray (D) (ROTS.txt): tap and pay 2 build points in the build step: look at the
    opponent's hand and discard a card of it."""
    s = _build(position(dark={"arena": ["Nute Gunray (D)"]}, light={"hand": [CLONE, "Force Dodge"]}), DARK, 2)
    act(s, f"use {c(s, 'Nute Gunray (D)')} 1")
    act(s, f"choose {c(s, CLONE)}")
    assert s.zone[unit(s, CLONE)] == DISCARD and s.bp[DARK] == 0


def _attack_targets(s: TcgState, attacker: str) -> list[str]:
    start(s, ("step", 2))
    pass_until(s, "?attack")
    return sorted(x.split(" > ")[1] for x in texts(s) if x.startswith(f"attack {c(s, attacker)} > "))


def test_padme_amidala_g_costs_two_force_to_attack_and_trades_herself_for_cards() -> None:
    """Padme Amidala (G) (ROTS.txt): the opponent can't attack her unless they pay 2 Force;
    discard her from the arena: gain 2 Force and draw 2 cards."""
    def targets(force: int) -> list[str]:
        s = position(dark={"arena": [MAUL_B]}, light={"arena": ["Padme Amidala (G)", WARRIOR]}, force=(force, 0))
        return sorted(x.split("#")[0] for x in _attack_targets(s, MAUL_B))

    assert targets(1) == [WARRIOR]
    assert targets(2) == [WARRIOR, "Padme Amidala (G)"]
    s = position(dark={"arena": [MAUL_B]}, light={"arena": ["Padme Amidala (G)", WARRIOR]}, force=(2, 0))
    _attack_targets(s, MAUL_B)
    act(s, f"attack {c(s, MAUL_B)} > {c(s, 'Padme Amidala (G)')}")
    assert s.force[DARK] == 0
    s = position(light={"arena": ["Padme Amidala (G)"], "deck": [CLONE, WARRIOR, OBI_B]})
    start(s, ("step", 0))
    _to_player(s, LIGHT)
    act(s, f"use {c(s, 'Padme Amidala (G)')} 1")
    assert s.force[LIGHT] == 2 and len(s.hand[LIGHT]) == 2 and s.zone[unit(s, "Padme Amidala (G)")] == DISCARD


def test_padme_amidala_h_taxes_attacks_on_diplomats_and_draws() -> None:
    """Padme Amidala (H) (ROTS.txt): the opponent can't attack a Diplomat unless they pay 2
    Force (other units: free); tap her in the build step: draw a card and gain 1 Force."""
    s = position(dark={"arena": [MAUL_B]}, light={"arena": ["Padme Amidala (H)", "Jar Jar Binks (A)", WARRIOR]},
                 force=(1, 0))
    assert _attack_targets(s, MAUL_B) == [c(s, WARRIOR)]
    s = position(dark={"arena": [MAUL_B]}, light={"arena": ["Padme Amidala (H)", "Jar Jar Binks (A)", WARRIOR]},
                 force=(2, 0))
    assert len(_attack_targets(s, MAUL_B)) == 3
    s = _build(position(light={"arena": ["Padme Amidala (H)"], "deck": [CLONE]}), LIGHT, 0)
    act(s, f"use {c(s, 'Padme Amidala (H)')} 2")
    assert s.force[LIGHT] == 1 and len(s.hand[LIGHT]) == 1


def test_yoda_j_digs_a_card_when_attacked() -> None:
    """Yoda (J) (ROTS.txt): when attacked, look at the top 4 cards of your deck, put one into
    your hand and the rest under the deck; Lucky 2; Evade 2 for 2 Force."""
    deck = [CLONE, WARRIOR, OBI_B, KAMINOAN, PATROL]
    s = position(dark={"arena": [MAUL_B]}, light={"arena": ["Yoda (J)"], "deck": deck})
    in_attack_window(s, MAUL_B, "Yoda (J)", 2)
    assert f"choose {c(s, PATROL)}" not in texts(s)       # only the top 4
    act(s, f"choose {c(s, OBI_B)}")
    assert s.zone[unit(s, OBI_B)] == HAND
    # the other three lie under the deck, below the fifth card, which is now on top
    assert s.name(s.deck[LIGHT][-1]) == PATROL
    assert sorted(s.name(x) for x in s.deck[LIGHT][:3]) == sorted([CLONE, WARRIOR, KAMINOAN])


def test_jedi_concentration_takes_two_of_the_top_five() -> None:
    """Jedi Concentration (ROTS.txt): look at the top 5 cards of your deck, put 2 into your hand
    and the rest on the bottom."""
    deck = [CLONE, WARRIOR, OBI_B, KAMINOAN, PATROL, STATION]
    s = mission(LIGHT, "Jedi Concentration", {"deck": deck})
    complete(s, "Jedi Concentration", LIGHT)
    assert f"choose {c(s, STATION)}" not in texts(s)
    act(s, f"choose {c(s, OBI_B)}")
    act(s, f"choose {c(s, PATROL)}")
    assert sorted(s.name(x) for x in s.hand[LIGHT]) == sorted([OBI_B, PATROL])
    assert s.name(s.deck[LIGHT][-1]) == STATION and len(s.deck[LIGHT]) == 4
    assert sorted(s.name(x) for x in s.deck[LIGHT][:3]) == sorted([CLONE, WARRIOR, KAMINOAN])


# ---- Locations ------------------------------------------------------------------------------
def test_chancellors_office_costs_the_opponent_a_force() -> None:
    """Chancellor's Office (ROTS.txt): when the Character battle step starts, the opponent
    loses 1 Force."""
    s = position(dark={"locations": ["Chancellor's Office"]}, light={"arena": [WARRIOR]}, force=(0, 3))
    start(s, ("step", 2))
    assert s.force[LIGHT] == 2


def test_mustafar_system_gives_force_to_the_space_arenas_controller() -> None:
    """Mustafar System (ROTS.txt): when the Space battle step ends, its owner gains 1 Force if
    they control the Space arena."""
    def force(dark: list[str]) -> int:
        s = position(dark={"arena": dark, "locations": ["Mustafar System"]}, light={"arena": [N1_SQUAD]})
        for u in s.all_in_play():
            s.tapped[u] = True
        start(s, ("step", 0))
        while s.tasks:
            act(s, "pass")
        return s.force[DARK]

    assert force([WING]) == 0
    s = position(dark={"arena": [WING], "locations": ["Mustafar System"]})
    s.tapped[unit(s, WING)] = True
    start(s, ("step", 0))
    while s.tasks:
        act(s, "pass")
    assert s.force[DARK] == 1


def test_utapau_system_gives_its_owners_space_units_critical_hit() -> None:
    """Utapau System (ROTS.txt): each of its owner's Space units gets Critical Hit 1."""
    s = position(dark={"arena": [WING], "locations": ["Utapau System"]}, light={"arena": [N1_SQUAD]})
    assert (s.critical_hit(unit(s, WING)), s.critical_hit(unit(s, N1_SQUAD))) == (1, 0)


def test_utapau_sinkhole_slows_ground_units_but_creatures_and_aquatic() -> None:
    """Utapau Sinkhole (ROTS.txt): each Ground unit, of either side, loses 1 power and 10 speed
    unless it is a Creature or Aquatic."""
    s = position(dark={"arena": [BDS]}, light={"arena": [OPEE, CLONE], "locations": ["Utapau Sinkhole"]})
    assert (s.power(unit(s, BDS)), s.speed(unit(s, CLONE)), s.speed(unit(s, OPEE))) == (1, 30, 40)


def test_mustafar_battle_grounds_damages_each_unit_of_its_own_arena() -> None:
    """Mustafar Battle Grounds (ROTS.txt, text erratum): at the start of the battle step of the
    arena it is in, 1 damage counter on each unit there (both sides); other arenas not."""
    s = position(dark={"arena": [BDS, GEO]}, light={"arena": [CLONE, WARRIOR],
                                                    "locations": [("Mustafar Battle Grounds", "ground")]})
    start(s, ("step", 1))
    assert [s.damage[unit(s, x)] for x in (BDS, CLONE)] == [1, 1]
    start(s, ("step", 2))
    assert [s.damage[unit(s, x)] for x in (GEO, WARRIOR)] == [0, 0]


# ---- Battle cards ---------------------------------------------------------------------------
def test_force_dodge_prevents_four() -> None:
    """Force Dodge (ROTS.txt): pay 4 Force: prevent up to 4 damage to one of your units."""
    s = position(light={"arena": [CLONE], "hand": ["Force Dodge"]}, force=(0, 4))
    start(s, ("damage", unit(s, CLONE), 5, -1, 1))
    act(s, f"play {c(s, 'Force Dodge')}")
    assert s.damage[unit(s, CLONE)] == 1 and s.force[LIGHT] == 0


def test_jedi_piloting_prevents_two_to_a_space_or_ground_unit() -> None:
    """Jedi Piloting (ROTS.txt): pay 1 Force: prevent up to 2 damage to a Space or Ground unit
    (not a Character)."""
    s = position(light={"arena": [CLONE], "hand": ["Jedi Piloting"]}, force=(0, 1))
    start(s, ("damage", unit(s, CLONE), 3, -1, 1))
    act(s, f"play {c(s, 'Jedi Piloting')}")
    assert s.damage[unit(s, CLONE)] == 1
    s = position(light={"arena": [WARRIOR], "hand": ["Jedi Piloting"]}, force=(0, 1))
    start(s, ("damage", unit(s, WARRIOR), 3, -1, 1))
    assert not s.tasks or f"play {c(s, 'Jedi Piloting')}" not in texts(s)


def test_thread_the_needle_prevents_all_damage_to_a_space_unit() -> None:
    """Thread the Needle (ROTS.txt): pay 3 Force: prevent all damage to one of your Space units."""
    s = position(light={"arena": [NABOO_CRUISER], "hand": ["Thread the Needle"]}, force=(0, 3))
    start(s, ("damage", unit(s, NABOO_CRUISER), 6, -1, 1))
    act(s, f"play {c(s, 'Thread the Needle')}")
    assert s.damage[unit(s, NABOO_CRUISER)] == 0


def test_jedi_masters_deflection_prevents_three_and_deals_it_back() -> None:
    """Jedi Master's Deflection (ROTS.txt): pay 3 Force: prevent up to 3 damage to one of your
    Jedi Characters, which may deal that much to a unit in its arena."""
    s = position(light={"arena": [OBI_B], "hand": ["Jedi Master's Deflection"]}, dark={"arena": [MAUL_B]},
                 force=(0, 3))
    start(s, ("damage", unit(s, OBI_B), 4, unit(s, MAUL_B), 1))
    act(s, f"play {c(s, JMD)}")
    act(s, "yes")
    act(s, f"choose {c(s, MAUL_B)}")
    close_window(s)
    assert s.damage[unit(s, OBI_B)] == 1 and s.damage[unit(s, MAUL_B)] == 3


def test_diving_attack_gives_a_space_unit_power_and_critical_hit_for_the_attack() -> None:
    """Diving Attack (ROTS.txt): no Force: a Space unit gets +2 power and Critical Hit 1 for
    this attack."""
    s = position(light={"arena": [N1_SQUAD], "hand": ["Diving Attack"]},
                 dark={"arena": [DCS], "hand": ["Surge of Strength"]}, force=(4, 0))
    s.tapped[unit(s, DCS)] = True
    in_attack_window(s, N1_SQUAD, DCS, 0)
    _to_player(s, LIGHT)
    act(s, f"play {c(s, 'Diving Attack')}")
    n = unit(s, N1_SQUAD)
    act(s, f"choose {c(s, N1_SQUAD)}")
    assert (s.power(n), s.critical_hit(n)) == (6, 1)


def test_power_attack_gives_a_character_power_and_critical_hit_for_the_attack() -> None:
    """Power Attack (ROTS.txt): no Force: a Character gets +2 power and Critical Hit 1 for this
    attack."""
    s = position(light={"arena": [WARRIOR], "hand": ["Power Attack"]},
                 dark={"arena": [MAUL_B], "hand": ["Surge of Strength"]}, force=(4, 0))
    s.tapped[unit(s, MAUL_B)] = True
    in_attack_window(s, WARRIOR, MAUL_B, 2)
    _to_player(s, LIGHT)
    act(s, f"play {c(s, 'Power Attack')}")
    w = unit(s, WARRIOR)
    act(s, f"choose {c(s, WARRIOR)}")
    assert (s.power(w), s.critical_hit(w)) == (6, 1)


def test_surge_of_strength_gives_five_power_until_the_battle_ends() -> None:
    """Surge of Strength (ROTS.txt): pay 4 Force: a unit gets +5 power until end of battle."""
    s = position(dark={"arena": [BDS], "hand": ["Surge of Strength"]}, force=(4, 0))
    start(s, ("step", 0))
    act(s, f"play {c(s, 'Surge of Strength')}")
    act(s, f"choose {c(s, BDS)}")
    assert s.power(unit(s, BDS)) == 7
    start(s, ("end_battle",))
    assert s.power(unit(s, BDS)) == 2


def test_homing_missiles_salvo_rolls_six_dice_at_a_space_unit_even_retreated() -> None:
    """Homing Missiles Salvo (ROTS.txt): pay 4 Force: 6 dice of damage to any Space unit, in an
    arena or the build zone (its ruling); not a Ground unit."""
    s = position(dark={"hand": ["Homing Missiles Salvo"]}, light={"retreated": [NABOO_CRUISER], "arena": [CLONE]},
                 force=(4, 0))
    start(s, ("step", 0))
    act(s, f"play {c(s, 'Homing Missiles Salvo')}")
    assert f"choose {c(s, CLONE)}" not in texts(s)
    act(s, f"choose {c(s, NABOO_CRUISER)}")
    assert any("6 dice" in x or "rolls [" in x for x in s.log)


def test_confusion_taps_every_unit_in_the_chosen_arena() -> None:
    """Confusion (ROTS.txt): pay 5 Force, choose an arena: tap all units there (both sides)."""
    s = position(dark={"arena": [BDS, WING], "hand": ["Confusion"]}, light={"arena": [CLONE]}, force=(5, 0))
    start(s, ("step", 0))
    act(s, f"play {c(s, 'Confusion')}")
    act(s, "choose ground")
    assert (s.tapped[unit(s, BDS)], s.tapped[unit(s, CLONE)], s.tapped[unit(s, WING)]) == (True, True, False)


def test_spinning_slash_makes_a_jedi_attack_on_and_on() -> None:
    """Spinning Slash (ROTS.txt, text erratum): pay 5 Force while no unit attacks: each time the
    chosen Jedi's attack ends, it attacks a Character it hasn't attacked this turn: two enemies,
    two attacks; without the card, one."""
    def attacks_by_maul(play: bool) -> list[str]:
        s = position(dark={"arena": [MAUL_B], "hand": ["Spinning Slash"] if play else []},
                     light={"arena": [CORE_C, KAMINOAN]}, force=(5, 0), seed=4)
        for x in (CORE_C, KAMINOAN):
            s.tapped[unit(s, x)] = True
        start(s, ("step", 2))
        if play:
            act(s, f"play {c(s, 'Spinning Slash')}")
            act(s, f"choose {c(s, MAUL_B)}")
        pass_until(s, "?attack")
        act(s, f"attack {c(s, MAUL_B)} > {c(s, CORE_C)}")
        for _ in range(200):
            if s.done or not s.tasks or s.tasks[-1][0] in ("?attack", "?build"):
                break
            acts = s.legal_actions()
            s.apply((F.PASS, 0, 0) if (F.PASS, 0, 0) in acts and s.tasks[-1][0] != "?choose" else acts[0])
        return [x.split(" attacks ")[1] for x in s.log if x.startswith(f"{MAUL_B} attacks ")]

    chained = attacks_by_maul(True)
    assert chained[0] == CORE_C and sorted(chained) == sorted([CORE_C, KAMINOAN])
    assert attacks_by_maul(False) == [CORE_C]


def test_strike_with_impunity_stops_the_opponents_retaliate() -> None:
    """Strike with Impunity (ROTS.txt): pay 1 Force: the opponent can't use Retaliate abilities
    this turn (Chewbacca (K), Retaliate 5 for 1 Force, is offered it without the card)."""
    def offered(play: bool) -> bool:
        s = position(dark={"arena": [MAUL_B], "hand": ["Strike with Impunity"]},
                     light={"arena": ["Chewbacca (K)"]}, force=(1, 5))
        s.tapped[unit(s, "Chewbacca (K)")] = True
        start(s, ("step", 2))
        if play:
            act(s, f"play {c(s, 'Strike with Impunity')}")
        pass_until(s, "?attack")
        act(s, f"attack {c(s, MAUL_B)} > {c(s, 'Chewbacca (K)')}")
        for _ in range(6):
            if not s.tasks or s.tasks[-1][0] != "?pop":
                return False
            if f"use {c(s, 'Chewbacca (K)')} 1" in texts(s):
                return True
            act(s, "pass")
        return False

    assert offered(False) and not offered(True)


# ---- Missions -------------------------------------------------------------------------------
def test_meditate_draws_two_and_gains_two_force() -> None:
    """Meditate (ROTS.txt): draw 2 cards and gain 2 Force."""
    s = mission(LIGHT, "Meditate", {"deck": [CLONE, WARRIOR, OBI_B]})
    complete(s, "Meditate", LIGHT)
    assert len(s.hand[LIGHT]) == 2 and s.force[LIGHT] == 2


def test_sacrifice_the_expendable_trades_ground_units() -> None:
    """Sacrifice the Expendable (ROTS.txt): discard one of your Ground units; if you do, discard
    an opponent's Ground unit with build cost 5 or less (not a costlier one)."""
    s = mission(DARK, "Sacrifice the Expendable", {"arena": [BDS]}, {"arena": [CLONE, STATION]})
    complete(s, "Sacrifice the Expendable", DARK)
    act(s, f"choose {c(s, BDS)}")
    assert s.zone[unit(s, BDS)] == DISCARD
    assert f"choose {c(s, STATION)}" not in texts(s)
    act(s, f"choose {c(s, CLONE)}")
    assert s.zone[unit(s, CLONE)] == DISCARD
    s = _build(mission(DARK, "Sacrifice the Expendable", {}, {"arena": [CLONE]}), DARK, 0)
    assert f"complete {c(s, 'Sacrifice the Expendable')}" not in texts(s)


def test_treachery_discards_a_card_of_the_opponents_hand() -> None:
    """Treachery (ROTS.txt): look at the opponent's hand and choose a card: they discard it."""
    s = mission(DARK, "Treachery", {}, {"hand": [CLONE, "Force Dodge"]})
    complete(s, "Treachery", DARK)
    act(s, f"choose {c(s, 'Force Dodge')}")
    assert s.zone[unit(s, "Force Dodge")] == DISCARD and s.zone[unit(s, CLONE)] == HAND


assert EQUIPPED


def test_unexpected_attack_fights_the_character_battle_first() -> None:
    """Unexpected Attack (ROTS.txt): this turn the battle goes Character, Ground, then Space."""
    def order(play: bool) -> list[str]:
        s = mission(DARK, "Unexpected Attack", {"arena": [WING, BDS, GEO]}, {"arena": [N1_SQUAD, CLONE, WARRIOR]})
        if play:
            complete(s, "Unexpected Attack", DARK)
            s.tasks.clear()
        for u in s.all_in_play():
            s.tapped[u] = True
        start(s, ("battle",))
        for _ in range(100):
            if not s.tasks:
                break
            act(s, "pass")
        return [x.split()[0] for x in s.log if x.endswith(" battle") and len(x.split()) == 2]

    assert order(False) == ["Space", "Ground", "Character"]
    assert order(True) == ["Character", "Ground", "Space"]


def test_stubborn_personality_stops_stacking_this_turn() -> None:
    """Stubborn Personality (ROTS.txt): this turn stacks can't be rearranged and no version
    goes onto a unique unit from hand or the build zone."""
    s = _build(position(light={"arena": [OBI_B], "build": [("Obi-Wan Kenobi (A)", 7)]}), LIGHT, 0)
    assert f"deploy {c(s, 'Obi-Wan Kenobi (A)')}" in texts(s)
    s = mission(DARK, "Stubborn Personality", {}, {"arena": [OBI_B], "build": [("Obi-Wan Kenobi (A)", 7)]})
    complete(s, "Stubborn Personality", DARK)
    _build(s, LIGHT, 0)
    assert not any(x.startswith("deploy") for x in texts(s))


def test_instill_doubt_keeps_a_unit_from_its_activated_abilities() -> None:
    """Instill Doubt (ROTS.txt): choose a unit: it can't use activated abilities this turn
    (Obi-Wan Kenobi (B)'s Evade is not offered; without the Mission it is)."""
    s = mission(DARK, "Instill Doubt", {}, {"arena": [OBI_B]}, force=(0, 2))
    o = unit(s, OBI_B)
    start(s, ("damage", o, 2, -1, 1))
    assert f"use {c(s, OBI_B)} 2" in texts(s)
    s = mission(DARK, "Instill Doubt", {}, {"arena": [OBI_B]}, force=(0, 2))
    complete(s, "Instill Doubt", DARK)
    act(s, f"choose {c(s, OBI_B)}")
    start(s, ("damage", o, 2, -1, 1))
    assert s.damage[o] == 2


def test_r2_d2_j_repairs_its_starfighter_and_leaves_room_for_a_pilot() -> None:
    """R2-D2 (J) (ROTS.txt, text erratum): Starfighter pilot: the Starfighter gets Lucky 3,
    loses 1 damage counter when the Space battle step starts, and may carry an extra pilot
    that is not an Astromech Droid."""
    s = _build(position(light={"arena": ["R2-D2 (J)", JSF, "Rebel Pilot"]}), LIGHT, 0)
    act(s, f"pilot {c(s, 'R2-D2 (J)')} > {c(s, JSF)}")
    assert f"pilot {c(s, 'Rebel Pilot')} > {c(s, JSF)}" in texts(s)    # the extra seat
    j = unit(s, JSF)
    assert any(a.kind == "reroll" and a.n == 3 for a in abilities_of(s, j))
    s.tasks.clear()
    s.damage[j] = 2
    start(s, ("step", 0))
    assert s.damage[j] == 1


def test_recusant_class_light_destroyer_takes_two_cards_of_a_chosen_type() -> None:
    """Recusant-Class Light Destroyer (ROTS.txt): when finished and deployed, choose Space,
    Ground or Character: search the deck for 2 cards of that type into hand (one if only one
    is there, its ruling)."""
    s = _build(position(dark={"build": [("Recusant-Class Light Destroyer", 8)],
                              "deck": [GEO, BDS, WING, CORE, MAUL_B]}), DARK, 0)
    act(s, f"deploy {c(s, 'Recusant-Class Light Destroyer')}")
    act(s, "yes")
    act(s, "choose option 2")
    assert f"choose {c(s, GEO)}" not in texts(s)
    act(s, f"choose {c(s, BDS)}")
    act(s, f"choose {c(s, CORE)}")
    assert sorted(s.name(x) for x in s.hand[DARK]) == sorted([BDS, CORE])


def test_techno_union_interceptor_is_stronger_alone_in_space() -> None:
    """Techno Union Interceptor (ROTS.txt): with no other unit of its side in the Space arena it
    gets +10 speed, +1 power and +1 health; with another, not."""
    s = position(dark={"arena": ["Techno Union Interceptor"]}, light={"arena": [N1_SQUAD]})
    u = unit(s, "Techno Union Interceptor")
    assert (s.speed(u), s.power(u), s.health(u)) == (50, 4, 4)
    s = position(dark={"arena": ["Techno Union Interceptor", WING]})
    u = unit(s, "Techno Union Interceptor")
    assert (s.speed(u), s.power(u), s.health(u)) == (40, 3, 3)


def test_c_3po_i_may_discard_the_top_card_of_either_deck() -> None:
    """C-3PO (I) (ROTS.txt): when the Character battle step starts, its owner may look at the
    top card of either deck and may put it into its owner's discard pile."""
    s = position(light={"arena": ["C-3PO (I)"], "deck": [CLONE]}, dark={"arena": [GEO], "deck": [BDS, WING]})
    start(s, ("step", 2))
    act(s, "yes")
    act(s, "choose option 2")
    act(s, f"choose {c(s, BDS)}")
    assert s.zone[unit(s, BDS)] == DISCARD and s.deck[DARK] == [unit(s, WING)]
    s = position(light={"arena": ["C-3PO (I)"], "deck": [CLONE, WARRIOR]}, dark={"arena": [GEO]})
    start(s, ("step", 2))
    act(s, "yes")
    act(s, "choose option 1")
    act(s, "pass")                      # looked at, kept on top
    assert s.deck[LIGHT][-1] == unit(s, CLONE) and len(s.deck[LIGHT]) == 2



def test_kashyyyk_system_gives_space_units_retaliate_for_their_power() -> None:
    """Kashyyyk System (ROTS.txt): each of your Space units without a Retaliate of its own gets
    "pay X Force -> Retaliate X", X its power; a unit with Retaliate keeps only its own."""
    s = position(light={"locations": ["Kashyyyk System"], "arena": [N1_SQUAD, "Y-wing Gold Two"]},
                 dark={"arena": [WING]}, force=(0, 4))
    n1, gold = unit(s, N1_SQUAD), unit(s, "Y-wing Gold Two")
    granted = [ab for ab in abilities_of(s, n1) if ab.timing == "retaliate"]
    assert len(granted) == 1 and granted[0].static.get("force_power")
    assert [ab.force for ab in abilities_of(s, gold) if ab.timing == "retaliate"] == [1]
    assert not [ab for ab in abilities_of(s, unit(s, WING)) if ab.timing == "retaliate"]
    s.tapped[n1] = s.tapped[gold] = True
    in_attack_window(s, WING, N1_SQUAD, 0)
    i = len(abilities_of(s, n1))
    use = f"use {c(s, N1_SQUAD)} {i}"
    while use not in texts(s):
        act(s, "pass")
    act(s, use)
    assert s.force[LIGHT] == 0               # pays 4, its power
    while s.atk is not None:
        act(s, "pass")
    assert any(x.startswith(f"4 dice of damage at {WING}") for x in s.log)
    # with 3 Force it can't pay for its power of 4
    s = position(light={"locations": ["Kashyyyk System"], "arena": [N1_SQUAD]}, dark={"arena": [WING]},
                 force=(0, 3))
    s.tapped[unit(s, N1_SQUAD)] = True
    in_attack_window(s, WING, N1_SQUAD, 0)
    while s.tasks and s.atk is not None:
        assert not any(x.startswith(f"use {c(s, N1_SQUAD)}") for x in texts(s))
        act(s, "pass")


def _light_plays(s: TcgState, card: str) -> None:
    """Pass the Dark Side's chance in the Space step until the Light Side may play the card."""
    start(s, ("step", 0))
    while f"play {c(s, card)}" not in texts(s):
        act(s, "pass")
    act(s, f"play {c(s, card)}")


def test_combined_squadron_tactics_powers_three_space_units_of_different_speeds() -> None:
    """Combined Squadron Tactics (ROTS.txt): pay 4 Force: three of your Space units with
    different speeds each get +3 power this turn; playable only with three such units."""
    cst = "Combined Squadron Tactics"
    s = position(light={"arena": [N1_SQUAD, N1_SQUAD, JSF], "hand": [cst]}, force=(0, 4))
    start(s, ("step", 0))
    assert f"play {c(s, cst)}" not in texts(s)      # speeds 40, 40, 50: only two different
    s = position(light={"arena": [N1_SQUAD, N1_SQUAD, JSF, NABOO_CRUISER], "hand": [cst]}, force=(0, 4))
    n1s = [u for u in s.in_play(LIGHT) if s.d(u).name == N1_SQUAD]
    _light_plays(s, cst)
    assert len([t for t in texts(s) if t.startswith("choose")]) == 4
    act(s, f"choose {c(s, N1_SQUAD)}")
    assert len([t for t in texts(s) if t.startswith("choose")]) == 2     # the 50 and the 10 only
    act(s, f"choose {c(s, JSF)}")
    act(s, f"choose {c(s, NABOO_CRUISER)}")
    assert [s.power(u) for u in n1s] == [7, 4]
    assert (s.power(unit(s, JSF)), s.power(unit(s, NABOO_CRUISER))) == (6, 9)
    assert s.force[LIGHT] == 0


def test_unity_of_the_jedi_gives_three_jedi_of_different_names_power_and_accuracy() -> None:
    """Unity of the Jedi (ROTS.txt, erratum): pay 3 Force with no attack under way: three of
    your Jedi of different names in the Character arena each get +2 power and Accuracy 1."""
    uj = "Unity of the Jedi"
    s = position(light={"arena": [OBI_B, ANAKIN_A], "hand": [uj]}, force=(0, 3))
    start(s, ("step", 2))
    assert f"play {c(s, uj)}" not in texts(s)       # only two Jedi
    s = position(light={"arena": [OBI_B, ANAKIN_A, CORE_C, WARRIOR], "hand": [uj]}, force=(0, 3))
    _light_plays(s, uj)
    assert f"choose {c(s, WARRIOR)}" not in texts(s)     # no Jedi
    for name in (OBI_B, ANAKIN_A, CORE_C):
        act(s, f"choose {c(s, name)}")
    assert [s.power(unit(s, n)) for n in (OBI_B, ANAKIN_A, CORE_C)] == [7, 8, 8]
    assert [keyword(s, unit(s, n), "accuracy") for n in (OBI_B, ANAKIN_A, CORE_C, WARRIOR)] == [1, 1, 1, 0]


def _buzz_droid_next_turn(untap: bool) -> int:
    """Buzz Droid attacks the Naboo Cruiser; next turn it untaps or stays tapped, and the Space
    battle step starts: the damage counters that start put on the Cruiser."""
    s = position(dark={"arena": ["Buzz Droid"]}, light={"arena": [NABOO_CRUISER]})
    cr = unit(s, NABOO_CRUISER)
    s.tapped[cr] = True
    in_attack_window(s, "Buzz Droid", NABOO_CRUISER, 0)
    while s.tasks and not s.done:
        act(s, "pass" if "pass" in texts(s) else texts(s)[0])
    s.options["deck_out"] = "skip"
    start(s, ("end_turn",))
    start(s, ("ready",))
    assert s.tasks[-1][0] == "?untap" and texts(s) == [f"choose {c(s, 'Buzz Droid')}", "pass"]
    act(s, f"choose {c(s, 'Buzz Droid')}" if untap else "pass")
    while s.tasks and not s.done:
        act(s, "pass" if "pass" in texts(s) else texts(s)[0])
    s.tapped[cr] = True
    before = s.damage[cr]
    start(s, ("step", 0))
    return s.damage[cr] - before


def test_buzz_droid_left_tapped_damages_the_last_unit_it_attacked() -> None:
    """Buzz Droid (ROTS.txt): its owner may leave it tapped in the untap step; when the Space
    battle step starts with it tapped, one damage counter goes on the last unit it attacked."""
    assert _buzz_droid_next_turn(untap=False) == 1
    assert _buzz_droid_next_turn(untap=True) == 0
