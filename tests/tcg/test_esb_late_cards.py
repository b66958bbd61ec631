"""The Empire Strikes Back cards numbered 91 to 210 (Death Mark on), checked in the engine against
what their rules text says (../shared/reference/swtcg-data/ESB.txt; rulings from its Usage
column and ../shared/reference/swtcg.md). One test per card (a parametrised case in
tests/tcg/test_keyword_cards.py counts as one). Each test checks exact numbers or compares with
the same position without the ability. ESB numbers 1-90 are in tests/tcg/test_esb_cards.py."""

from __future__ import annotations

from dejarik.tcg.effects import deploy_cost, keyword
from dejarik.tcg.state import ARENA as ARENA_Z
from dejarik.tcg.state import BUILD, COMMAND, DISCARD, HAND, PILOTING
from tests.tcg.helpers import (
    DARK,
    LIGHT,
    act,
    c,
    close_window,
    complete,
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

BDS = "Battle Droid Squad"           # Dark Ground 2/10/2/3 (AOTC)
DROIDS = "Destroyer Droid Squad"     # Dark Ground 5/40/5/5 (AOTC)
CLONE = "Clone Platoon"              # Light Ground 4/40/4/4 (AOTC)
CORE = "Trade Federation Battleship Core"   # Dark Ground 9/10/10/12 (AOTC)
STATION = "Naboo Defense Station"    # Light Ground, 6 power, 12 health (AOTC)
DCS = "Droid Control Ship"           # Dark Space, 9 power, 9 health (AOTC)
NABOO_CRUISER = "Naboo Cruiser"      # Light Space, 6 power, 7 health (AOTC)
WARRIOR = "Clone Warrior 4/163"      # Light Character 4/40/4/4 (AOTC)
KAMINOAN = "Kaminoan Guard"          # Neutral Character 4/50/3/3 (AOTC)
TYRANUS = "Darth Tyranus (D)"        # Dark Character 8/50/6/6, a Dark Jedi (SR)
OBI_WAN = "Obi-Wan Kenobi (D)"       # Light Character 6/60/4/6, a Jedi (SR)
GOZANTI = "Gozanti Cruiser"          # Neutral Space 6/10/5/6, no abilities (AOTC)
N1 = "N-1 Starfighter"               # Light Space Naboo Starfighter (AOTC)
SKYHOPPER = "Incom T-16 Skyhopper"   # Light Ground Speeder (ANH)
VADER_J = "Darth Vader (J)"          # Dark Character, ESB
WARNING = "Leia's Warning"
HANS_ATTACK = "Han's Attack"
VENGEANCE = "Vader's Vengeance"
ATAT = "All Terrain Armored Transport"   # Dark Ground Walker 7/20/5/5, Armor, Shields 1 (ESB)


def _dice_lines(s, n: int) -> dict[str, int]:
    """The units each `n dice of damage at X: ... = hits` line names, with its hits."""
    return {ln.split(" at ")[1].split(":")[0]: int(ln.rsplit("= ", 1)[1])
            for ln in s.log if ln.startswith(f"{n} dice of damage at ")}


def _next_ready(s) -> None:
    """End the turn and run the next ready phase (untap, Force, draw: an empty deck is no loss)."""
    s.options["deck_out"] = "skip"
    start(s, ("end_turn",))
    start(s, ("ready",))


# ---- Locations ------------------------------------------------------------------------------
def test_hoth_icefields_rolls_two_dice_at_each_ground_unit() -> None:
    """Hoth Icefields (ESB.txt): when the Ground battle step starts, 2 dice of damage to each
    unit in the Ground arena, both sides'; the Character arena is spared."""
    s = position(dark={"arena": [CORE], "locations": ["Hoth Icefields"]},
                 light={"arena": [STATION, WARRIOR]})
    for u in s.all_in_play():
        s.tapped[u] = True
    start(s, ("step", 1))
    run_out(s)
    rolled = _dice_lines(s, 2)
    assert sorted(rolled) == [STATION, CORE] and s.damage[unit(s, WARRIOR)] == 0
    assert all(s.damage[unit(s, n)] == hits for n, hits in rolled.items())


def test_jungles_of_dagobah_slows_non_creature_ground_units() -> None:
    """Jungles of Dagobah (ESB.txt): each non-Creature Ground unit, either side's, gets -20
    speed; a Creature keeps its speed."""
    s = position(dark={"arena": [DROIDS, "Dragonsnake"], "locations": ["Jungles of Dagobah"]},
                 light={"arena": [CLONE, WARRIOR]})
    assert [s.speed(unit(s, n)) for n in (DROIDS, CLONE, "Dragonsnake", WARRIOR)] == [20, 20, 40, 40]


def test_medical_center_lets_each_of_your_characters_tap_to_heal_three() -> None:
    """Medical Center (ESB.txt): each of your Characters may tap in your build step to remove 3
    damage counters from itself; the opponent's Characters may not."""
    s = position(light={"arena": [OBI_WAN], "locations": ["Medical Center"]}, dark={"arena": [KAMINOAN]})
    o = unit(s, OBI_WAN)
    s.damage[o] = 5
    start(s, ("?build", LIGHT))
    moves = [x for x in texts(s) if x.startswith(f"use {c(s, OBI_WAN)}")]
    act(s, moves[0])
    assert s.damage[o] == 2 and s.tapped[o]
    start(s, ("?build", DARK))
    assert not any(x.startswith(f"use {c(s, KAMINOAN)}") for x in texts(s))


def test_rebel_trenches_gives_your_ground_units_armor() -> None:
    """Rebel Trenches (ESB.txt): each of your Ground units gets Armor (a 4 misses, a 5 hits);
    the opponent's don't."""
    s = position(light={"arena": [STATION], "locations": ["Rebel Trenches"]}, dark={"arena": [CORE]})
    assert keyword(s, unit(s, STATION), "armor") == 1 and keyword(s, unit(s, CORE), "armor") == 0
    assert hits_with(s, unit(s, CORE), unit(s, STATION), [4, 4, 5]) == 1


def test_torture_room_rolls_three_dice_at_an_enemy_character() -> None:
    """Torture Room (ESB.txt): when the Character battle step starts, its owner chooses one of
    the opponent's Characters: 3 dice of damage to it."""
    s = position(dark={"arena": [TYRANUS], "locations": ["Torture Room"]}, light={"arena": [OBI_WAN]})
    for u in s.all_in_play():
        s.tapped[u] = True
    start(s, ("step", 2))
    assert texts(s) == [f"choose {c(s, OBI_WAN)}"]
    act(s, texts(s)[0])
    run_out(s)
    assert sorted(_dice_lines(s, 3)) == [OBI_WAN]


def test_yodas_hut_gives_each_player_a_build_point_per_jedi_character() -> None:
    """Yoda's Hut (ESB.txt): when the build roll is made, each player gains 1 build point for
    each Jedi Character they have (Obi-Wan for the Light Side, Tyranus for the Dark Side)."""
    s = position(light={"arena": [OBI_WAN, WARRIOR], "locations": ["Yoda's Hut"]},
                 dark={"arena": [TYRANUS, KAMINOAN]})
    start(s, ("command",))
    s2 = position(light={"arena": [OBI_WAN, WARRIOR]}, dark={"arena": [TYRANUS, KAMINOAN]})
    start(s2, ("command",))
    assert (s.bp[DARK] - s2.bp[DARK], s.bp[LIGHT] - s2.bp[LIGHT]) == (1, 1)


def test_cloud_city_dining_hall_stops_characters_retreating() -> None:
    """Cloud City Dining Hall (ESB.txt): Characters, either side's, can't retreat; a Ground unit
    still may."""
    s = position(light={"arena": [WARRIOR, CLONE], "locations": ["Cloud City Dining Hall"]})
    start(s, ("?retreat", LIGHT))
    assert f"retreat {c(s, WARRIOR)}" not in texts(s) and f"retreat {c(s, CLONE)}" in texts(s)


def test_dagobah_system_gives_two_force_when_your_build_step_starts() -> None:
    """Dagobah System (ESB.txt): at the start of its owner's build step, 2 Force; not at the
    start of the opponent's."""
    s = position(light={"locations": ["Dagobah System"]})
    start(s, ("build_step", LIGHT))
    assert s.force[LIGHT] == 2
    s = position(light={"locations": ["Dagobah System"]})
    start(s, ("build_step", DARK))
    assert s.force[LIGHT] == 0


def test_hoth_system_makes_space_units_cheaper() -> None:
    """Hoth System (ESB.txt): each Space unit, either side's, costs 1 fewer to deploy."""
    s = position(dark={"build": [(GOZANTI, 5)], "locations": ["Hoth System"]}, light={"build": [(CLONE, 3)]})
    assert deploy_cost(s, unit(s, GOZANTI)) == 5 and deploy_cost(s, unit(s, CLONE)) == 4
    start(s, ("?build", DARK))
    assert f"deploy {c(s, GOZANTI)}" in texts(s)


def test_rebel_hangar_heals_two_from_a_space_or_ground_unit() -> None:
    """Rebel Hangar (ESB.txt): when the Ground battle step starts, its owner removes up to 2
    damage counters from one of their Space or Ground units (not a Character)."""
    s = position(light={"arena": [STATION, WARRIOR], "locations": ["Rebel Hangar"]})
    s.damage[unit(s, STATION)] = 3
    s.damage[unit(s, WARRIOR)] = 3
    for u in s.all_in_play():
        s.tapped[u] = True
    start(s, ("step", 1))
    assert texts(s) == [f"choose {c(s, STATION)}"]
    act(s, texts(s)[0])
    assert (s.damage[unit(s, STATION)], s.damage[unit(s, WARRIOR)]) == (1, 3)


def test_swamps_of_dagobah_makes_every_unit_cost_one_more() -> None:
    """Swamps of Dagobah (ESB.txt): each unit, either side's, costs 1 more to deploy: a Clone
    Platoon (cost 4) with 4 counters can't be deployed; with 5 it can."""
    s = position(light={"build": [(CLONE, 4)]}, dark={"build": [(BDS, 2)], "locations": ["Swamps of Dagobah"]})
    assert (deploy_cost(s, unit(s, CLONE)), deploy_cost(s, unit(s, BDS))) == (5, 3)
    start(s, ("?build", LIGHT))
    assert f"deploy {c(s, CLONE)}" not in texts(s)
    s.counters[unit(s, CLONE)] = 5
    start(s, ("?build", LIGHT))
    assert f"deploy {c(s, CLONE)}" in texts(s)


# ---- units ----------------------------------------------------------------------------------
def _mill_choice(card: str, k: int, n: int, which: int) -> tuple[int, int, int, int]:
    s = position(dark={"arena": [card], "deck": [BDS] * 6}, light={"deck": [CLONE] * 6})
    start(s, ("?build", DARK))
    act(s, f"use {c(s, card)} {k}")
    act(s, f"choose option {which}")
    return len(s.deck[DARK]), len(s.discard[DARK]), len(s.deck[LIGHT]), len(s.discard[LIGHT])


def test_dragonsnake_taps_to_mill_four_cards_of_either_player() -> None:
    """Dragonsnake (ESB.txt): tap in your build step (or instead of attacking): the player of
    your choice puts their top 4 cards into their discard pile."""
    assert _mill_choice("Dragonsnake", 1, 4, 1) == (6, 0, 2, 4)
    assert _mill_choice("Dragonsnake", 1, 4, 2) == (2, 4, 6, 0)
    s = position(dark={"arena": ["Dragonsnake"]}, light={"arena": [CLONE]})
    start(s, ("step", 1))
    pass_until(s, "?attack")
    assert f"use {c(s, 'Dragonsnake')} 2" in texts(s) and f"use {c(s, 'Dragonsnake')} 1" not in texts(s)


def test_bogwing_taps_to_mill_two_cards_of_either_player() -> None:
    """Bogwing (ESB.txt): as Dragonsnake, with 2 cards."""
    assert _mill_choice("Bogwing", 1, 2, 1) == (6, 0, 4, 2)
    assert _mill_choice("Bogwing", 1, 2, 2) == (4, 2, 6, 0)


def test_imperial_fleet_pays_build_points_to_remove_damage() -> None:
    """Imperial Fleet (ESB.txt): in the build step, each build point paid removes 1 damage
    counter (3 points, 3 counters); with no build points left, not offered."""
    s = position(dark={"arena": ["Imperial Fleet"]})
    f = unit(s, "Imperial Fleet")
    s.damage[f] = 5
    s.bp[DARK] = 3
    start(s, ("?build", DARK))
    for _ in range(3):
        act(s, f"use {c(s, 'Imperial Fleet')} 1")
    assert (s.damage[f], s.bp[DARK]) == (2, 0)
    assert f"use {c(s, 'Imperial Fleet')} 1" not in texts(s)


def test_millennium_falcon_d_takes_an_extra_pilot_and_has_its_keywords() -> None:
    """Millennium Falcon (D) (ESB.txt): two pilots may board it; Accuracy 1, Armor, Shields 1."""
    s = position(light={"arena": ["Millennium Falcon (D)", "Han Solo (B)", "Chewbacca (C)"]})
    f = unit(s, "Millennium Falcon (D)")
    assert [keyword(s, f, k) for k in ("accuracy", "armor", "shields")] == [1, 1, 1]
    start(s, ("?build", LIGHT))
    act(s, f"pilot {c(s, 'Han Solo (B)')} > {c(s, 'Millennium Falcon (D)')}")
    start(s, ("?build", LIGHT))
    act(s, f"pilot {c(s, 'Chewbacca (C)')} > {c(s, 'Millennium Falcon (D)')}")
    assert len(s.aboard[f]) == 2


def test_princess_leia_f_makes_enemy_characters_pay_two_to_damage_her() -> None:
    """Princess Leia (F) (ESB.txt): damage an opponent's Character would deal her is prevented
    unless that player pays 2 Force; a Ground unit's damage is not warded."""
    s = position(light={"arena": ["Princess Leia (F)"]}, dark={"arena": [TYRANUS, CORE]})
    leia = unit(s, "Princess Leia (F)")
    start(s, ("damage", leia, 2, unit(s, TYRANUS), 1))
    close_window(s)
    assert s.damage[leia] == 0
    start(s, ("damage", leia, 2, unit(s, CORE), 1))
    close_window(s)
    assert s.damage[leia] == 2


def test_r2_d2_f_draws_one_more_then_discards_one() -> None:
    """R2-D2 (F) (ESB.txt): in its owner's draw step, 1 card more, then one card from hand is
    discarded: the hand ends one card bigger than before, the discard pile one card bigger."""
    s = position(light={"arena": ["R2-D2 (F)"], "deck": [CLONE, WARRIOR, STATION]}, draw="build")
    start(s, ("build_step", LIGHT))
    run_out(s)
    assert len(s.discard[LIGHT]) == 1 and len(s.deck[LIGHT]) + len(s.hand[LIGHT]) == 2


def test_rebel_fleet_retreats_itself_for_four_force() -> None:
    """Rebel Fleet (ESB.txt): pay 4 Force when no unit is attacking: it retreats to the build
    zone; with 3 Force, not offered."""
    s = position(light={"arena": ["Rebel Fleet"]}, force=(0, 4))
    start(s, ("step", 0))
    pass_until(s, "?pop")
    act(s, f"use {c(s, 'Rebel Fleet')} 1")
    f = unit(s, "Rebel Fleet")
    assert s.zone[f] == BUILD and s.force[LIGHT] == 0
    s = position(light={"arena": ["Rebel Fleet"]}, force=(0, 3))
    start(s, ("step", 0))
    assert not s.tasks or f"use {c(s, 'Rebel Fleet')} 1" not in texts(s)


def test_rebel_hoth_army_finds_a_ground_location_for_the_build_zone() -> None:
    """Rebel Hoth Army (ESB.txt): when deployed, its owner may take a Ground Location from the
    deck into the build zone, face down with 1 build counter (a Space Location is not offered)."""
    s = position(light={"build": [("Rebel Hoth Army", 6)], "deck": ["Dagobah System", "Rebel Trenches"]})
    s.phase = COMMAND
    start(s, ("?build", LIGHT))
    act(s, f"deploy {c(s, 'Rebel Hoth Army')}")
    act(s, "yes")
    assert texts(s) == [f"choose {c(s, 'Rebel Trenches')}", "pass"]
    act(s, texts(s)[0])
    t = unit(s, "Rebel Trenches")
    assert s.zone[t] == BUILD and s.counters[t] == 1


def test_rebel_troop_cart_makes_rebel_ground_units_cheaper() -> None:
    """Rebel Troop Cart (ESB.txt): each Rebel Ground unit costs 1 fewer to deploy; a Rebel
    Character does not."""
    s = position(light={"arena": ["Rebel Troop Cart"], "build": [("Rebel Hoth Army", 5), ("Princess Leia (F)", 5)]})
    assert deploy_cost(s, unit(s, "Rebel Hoth Army")) == 5
    assert deploy_cost(s, unit(s, "Princess Leia (F)")) == 5


def test_redemption_a_heals_three_from_a_character_and_has_armor() -> None:
    """Redemption (A) (ESB.txt): when the Space battle step starts, up to 3 damage counters come
    off one of your Characters; Armor."""
    s = position(light={"arena": ["Redemption (A)", OBI_WAN]})
    o = unit(s, OBI_WAN)
    s.damage[o] = 4
    for u in s.all_in_play():
        s.tapped[u] = True
    start(s, ("step", 0))
    act(s, f"choose {c(s, OBI_WAN)}")
    assert s.damage[o] == 1 and keyword(s, unit(s, "Redemption (A)"), "armor") == 1


def test_tie_bomber_pilot_gives_three_power_only_when_bombarding() -> None:
    """TIE Bomber Pilot (ESB.txt): its Starfighter gets +3 power while attacking a Ground unit
    (Bombard), not while attacking a Space unit."""
    s = position(dark={"arena": ["TIE Bomber EX-1-8", "TIE Bomber Pilot"]}, light={"arena": [CLONE, N1]})
    start(s, ("?build", DARK))
    act(s, f"pilot {c(s, 'TIE Bomber Pilot')} > {c(s, 'TIE Bomber EX-1-8')}")
    b = unit(s, "TIE Bomber EX-1-8")
    s.atk = [b, unit(s, N1), -1, 0]
    assert s.power(b) == 2
    s.atk = [b, unit(s, CLONE), -1, 0]
    assert s.power(b) == 5


def test_tie_bomber_squad_has_critical_hit_against_capital_ships_and_bombs_the_ground() -> None:
    """TIE Bomber Squad (ESB.txt): Critical Hit 2 while attacking a Capital Ship; tap: 1 die of
    damage to each of the opponent's Ground units."""
    s = position(dark={"arena": ["TIE Bomber Squad"]},
                 light={"arena": ["Kuat Nebulon-B Frigate", N1, CLONE, STATION]})
    b = unit(s, "TIE Bomber Squad")
    s.atk = [b, unit(s, N1), -1, 0]
    assert s.critical_hit(b) == 0
    s.atk = [b, unit(s, "Kuat Nebulon-B Frigate"), -1, 0]
    assert s.critical_hit(b) == 2
    s.atk = None
    start(s, ("step", 0))
    pass_until(s, "?pop")
    act(s, f"use {c(s, 'TIE Bomber Squad')} 2")
    run_out(s)
    assert sorted(_dice_lines(s, 1)) == [CLONE, STATION]


def test_tie_pursuit_pilot_gives_three_build_points_next_turn_when_its_starfighter_goes() -> None:
    """TIE Pursuit Pilot (ESB.txt): when its Starfighter is discarded from the Space arena, its
    owner gains 3 build points next turn."""
    s = position(dark={"arena": ["TIE Fighter EX-4-9", "TIE Pursuit Pilot"]}, light={"arena": [NABOO_CRUISER]})
    start(s, ("?build", DARK))
    act(s, f"pilot {c(s, 'TIE Pursuit Pilot')} > {c(s, 'TIE Fighter EX-4-9')}")
    start(s, ("damage", unit(s, "TIE Fighter EX-4-9"), 5, unit(s, NABOO_CRUISER), 1))
    run_out(s)
    assert unit(s, "TIE Fighter EX-4-9") in s.discard[DARK]
    assert ("bp_next_turn", DARK, 3) in s.effects or any(e[0] == "bp_next_turn" for e in s.effects)


def test_gallofree_medium_transport_taps_for_two_build_points() -> None:
    """Gallofree medium Transport (ESB.txt): tap in your build step: 2 build points."""
    s = position(light={"arena": ["Gallofree medium Transport"]})
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Gallofree medium Transport')} 1")
    assert s.bp[LIGHT] == 2 and s.tapped[unit(s, "Gallofree medium Transport")]


def test_kuat_lancer_class_frigate_has_accuracy_against_starfighters() -> None:
    """Kuat Lancer-Class Frigate (ESB.txt): Accuracy 1 while attacking a Starfighter only."""
    s = position(dark={"arena": ["Kuat Lancer-Class Frigate"]}, light={"arena": [N1, NABOO_CRUISER]})
    k = unit(s, "Kuat Lancer-Class Frigate")
    s.atk = [k, unit(s, N1), -1, 0]
    assert keyword(s, k, "accuracy") == 1
    s.atk = [k, unit(s, NABOO_CRUISER), -1, 0]
    assert keyword(s, k, "accuracy") == 0


def test_navy_trooper_gets_two_power_beside_darth_vader() -> None:
    """Navy Trooper (ESB.txt): +2 power as long as Darth Vader is in the Character arena."""
    s = position(dark={"arena": ["Navy Trooper", VADER_J]})
    assert s.power(unit(s, "Navy Trooper")) == 4
    s = position(dark={"arena": ["Navy Trooper", TYRANUS]})
    assert s.power(unit(s, "Navy Trooper")) == 2


def test_rebel_escape_squad_gains_a_build_point_on_the_roll() -> None:
    """Rebel Escape Squad (ESB.txt): when the build roll is made, 1 build point more for its
    owner (in the Space arena); Shields 1."""
    s = position(light={"arena": ["Rebel Escape Squad"]})
    start(s, ("command",))
    assert s.bp[LIGHT] == s.bp[DARK] + 1 and keyword(s, unit(s, "Rebel Escape Squad"), "shields") == 1


def test_rebel_assault_frigate_taps_unless_its_owner_pays_a_build_point() -> None:
    """Rebel Assault Frigate (ESB.txt): when its owner's build step starts, it is tapped unless
    they pay 1 build point (their choice)."""
    s = position(light={"arena": ["Rebel Assault Frigate"]})
    s.bp[LIGHT] = 2
    start(s, ("build_step", LIGHT))
    opts = texts(s)
    assert len(opts) == 2
    act(s, opts[0])
    run_out(s)
    f = unit(s, "Rebel Assault Frigate")
    assert (s.bp[LIGHT], s.tapped[f]) in ((1, False), (2, True))


def test_dreadnaught_heavy_cruiser_finds_a_starfighter_when_the_build_step_starts() -> None:
    """Dreadnaught Heavy Cruiser (ESB.txt): at the start of its owner's build step, they may
    take a Starfighter card from the deck into their hand."""
    s = position(dark={"arena": ["Dreadnaught Heavy Cruiser"], "deck": [BDS, "TIE Fighter EX-4-9"]})
    start(s, ("build_step", DARK))
    act(s, "yes")
    assert texts(s) == [f"choose {c(s, 'TIE Fighter EX-4-9')}", "pass"]
    act(s, texts(s)[0])
    assert names(s, s.hand[DARK]) == ["TIE Fighter EX-4-9"]


def test_imperial_ii_star_destroyer_adds_two_counters_to_a_starfighter_once_a_turn() -> None:
    """Imperial II Star Destroyer (ESB.txt): in the build step, show a face-down Starfighter:
    2 build counters on it; once a turn (its ruling)."""
    s = position(dark={"arena": ["Imperial II Star Destroyer"], "build": [("TIE Fighter EX-4-9", 0)]})
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'Imperial II Star Destroyer')} 1")
    _run_out_choice = [x for x in texts(s) if x.startswith("choose")]
    if _run_out_choice:
        act(s, _run_out_choice[0])
    assert s.counters[unit(s, "TIE Fighter EX-4-9")] == 2
    start(s, ("?build", DARK))
    assert f"use {c(s, 'Imperial II Star Destroyer')} 1" not in texts(s)


def test_tauntaun_mount_taps_to_speed_and_power_a_rebel_character() -> None:
    """Tauntaun Mount (ESB.txt): tap: one of your Rebel Characters gets +20 speed and +2 power
    until the turn ends."""
    s = position(light={"arena": ["Tauntaun Mount", "Princess Leia (F)"]})
    start(s, ("step", 0))
    pass_until(s, "?pop")
    act(s, f"use {c(s, 'Tauntaun Mount')} 1")
    act(s, f"choose {c(s, 'Princess Leia (F)')}")
    leia = unit(s, "Princess Leia (F)")
    assert (s.speed(leia), s.power(leia)) == (60, 6)


def test_tie_bomber_ex_1_2_has_critical_hit_when_bombarding() -> None:
    """TIE Bomber EX-1-2 (ESB.txt): Critical Hit 2 while attacking a Ground unit (with its
    Bombard 2), none against a Space unit."""
    s = position(dark={"arena": ["TIE Bomber EX-1-2"]}, light={"arena": [STATION, NABOO_CRUISER]})
    b = unit(s, "TIE Bomber EX-1-2")
    assert keyword(s, b, "bombard") == 2
    s.atk = [b, unit(s, STATION), -1, 0]
    assert s.critical_hit(b) == 2
    s.atk = [b, unit(s, NABOO_CRUISER), -1, 0]
    assert s.critical_hit(b) == 0


def test_tie_fighter_ex_4_9_has_accuracy_beside_an_imperial_capital_ship() -> None:
    """TIE Fighter EX-4-9 (ESB.txt): Accuracy 1 while you have an Imperial Capital Ship in the
    Space arena."""
    s = position(dark={"arena": ["TIE Fighter EX-4-9", "Imperial II Star Destroyer"]})
    assert keyword(s, unit(s, "TIE Fighter EX-4-9"), "accuracy") == 1
    s = position(dark={"arena": ["TIE Fighter EX-4-9", DCS]})
    assert keyword(s, unit(s, "TIE Fighter EX-4-9"), "accuracy") == 0


def test_tie_fighter_os_72_8_has_power_beside_an_imperial_capital_ship() -> None:
    """TIE Fighter OS-72-8 (ESB.txt): +1 power while you have an Imperial Capital Ship in the
    Space arena."""
    s = position(dark={"arena": ["TIE Fighter OS-72-8", "Imperial II Star Destroyer"]})
    assert s.power(unit(s, "TIE Fighter OS-72-8")) == 3
    s = position(dark={"arena": ["TIE Fighter OS-72-8", DCS]})
    assert s.power(unit(s, "TIE Fighter OS-72-8")) == 2


def test_tie_pursuit_squad_loses_a_power_per_damage_counter() -> None:
    """TIE Pursuit Squad (ESB.txt): -1 power for each damage counter on it; Critical Hit 2."""
    s = position(dark={"arena": ["TIE Pursuit Squad"]})
    t = unit(s, "TIE Pursuit Squad")
    s.damage[t] = 3
    assert s.power(t) == 1 and s.critical_hit(t) == 2


def test_y_wing_gold_six_has_armor() -> None:
    """Y-Wing Gold Six (ESB.txt): Armor: a 4 misses it, a 5 hits."""
    s = position(light={"arena": ["Y-Wing Gold Six"]}, dark={"arena": [DCS]})
    y = unit(s, "Y-Wing Gold Six")
    assert keyword(s, y, "armor") == 1
    assert hits_with(s, unit(s, DCS), y, [4, 4, 5]) == 1


# ---- Battle cards -----------------------------------------------------------------------------
def test_emergency_repairs_discards_the_hand_to_prevent_all_damage() -> None:
    """Emergency Repairs (ESB.txt): pay 1 Force and discard your hand: all the damage about to
    be dealt to one of your units is prevented."""
    s = position(light={"arena": [STATION], "hand": ["Emergency Repairs", CLONE]}, force=(0, 1))
    st = unit(s, STATION)
    start(s, ("damage", st, 5, -1, 1))
    act(s, f"play {c(s, 'Emergency Repairs')}")
    close_window(s)
    assert s.damage[st] == 0 and s.hand[LIGHT] == [] and s.force[LIGHT] == 0
    assert unit(s, CLONE) in s.discard[LIGHT]


def test_vicious_attack_gives_an_attacking_creature_three_or_six_power() -> None:
    """Vicious Attack (ESB.txt): pay 1 Force: your attacking Creature gets +3 power for the
    attack; Enhance, 2 more: +6 instead."""
    for force, enhance, gain in ((3, True, 6), (3, False, 3)):
        s = position(dark={"arena": ["Dragonsnake"], "hand": ["Vicious Attack"]}, light={"arena": [STATION]},
                     force=(force, 0))
        s.tapped[unit(s, STATION)] = True
        in_attack_window(s, "Dragonsnake", STATION, 1)
        act(s, f"play {c(s, 'Vicious Attack')}")
        act(s, "pay 2" if enhance else "pass")
        assert f"Dragonsnake: +{gain} power" in s.log and s.force[DARK] == force - 1 - (2 if enhance else 0)


def test_725_to_1_gives_speed_and_power_on_four_or_more() -> None:
    """725 to 1 (ESB.txt): choose one of your units and roll: on 4-6 it gets +20 speed and +2
    power until the turn ends; on 1-3 nothing."""
    seen = set()
    for seed in range(1, 30):
        s = position(light={"arena": [CLONE], "hand": ["725 to 1"]}, seed=seed)
        start(s, ("step", 0))
        pass_until(s, "?pop")
        act(s, f"play {c(s, '725 to 1')}")
        if texts(s) and texts(s)[0].startswith("choose"):
            act(s, f"choose {c(s, CLONE)}")
        u = unit(s, CLONE)
        seen.add((s.speed(u), s.power(u)))
    assert seen == {(40, 4), (60, 6)}


def test_armor_plating_gives_a_unit_armor_this_turn() -> None:
    """Armor Plating (ESB.txt): pay 2 Force: one of your units gets Armor until the turn ends."""
    s = position(dark={"arena": [CORE], "hand": ["Armor Plating"]}, force=(2, 0))
    start(s, ("step", 0))
    pass_until(s, "?pop")
    act(s, f"play {c(s, 'Armor Plating')}")
    if texts(s) and texts(s)[0].startswith("choose"):
        act(s, f"choose {c(s, CORE)}")
    assert keyword(s, unit(s, CORE), "armor") == 1 and s.force[DARK] == 0


def test_precise_attack_gives_accuracy_to_a_unit_or_to_an_arena() -> None:
    """Precise Attack (ESB.txt): pay 3 Force: one of your units gets Accuracy 1; Enhance, 2
    more: each of your units in the chosen arena instead."""
    s = position(light={"arena": [CLONE, STATION, WARRIOR], "hand": ["Precise Attack"]}, force=(0, 5))
    start(s, ("step", 0))
    pass_until(s, "?pop")
    act(s, f"play {c(s, 'Precise Attack')}")
    act(s, "pay 2")
    act(s, "choose ground")
    assert [keyword(s, unit(s, n), "accuracy") for n in (CLONE, STATION, WARRIOR)] == [1, 1, 0]
    s = position(light={"arena": [CLONE, STATION], "hand": ["Precise Attack"]}, force=(0, 3))
    start(s, ("step", 0))
    pass_until(s, "?pop")
    act(s, f"play {c(s, 'Precise Attack')}")
    act(s, f"choose {c(s, CLONE)}")
    assert [keyword(s, unit(s, n), "accuracy") for n in (CLONE, STATION)] == [1, 0]


def test_close_the_shield_doors_gives_armor_to_a_unit_or_to_an_arena() -> None:
    """Close the Shield Doors (ESB.txt): pay 3 Force: one of your units gets Armor this turn;
    Enhance, 1 more: each of your units in the chosen arena instead."""
    s = position(light={"arena": [CLONE, STATION, WARRIOR], "hand": ["Close the Shield Doors"]}, force=(0, 4))
    start(s, ("step", 0))
    pass_until(s, "?pop")
    act(s, f"play {c(s, 'Close the Shield Doors')}")
    act(s, "pay 1")
    act(s, "choose ground")
    assert [keyword(s, unit(s, n), "armor") for n in (CLONE, STATION, WARRIOR)] == [1, 1, 0]


def test_blizzard_rolls_three_dice_at_each_ground_unit() -> None:
    """Blizzard (ESB.txt): pay 2 Force: 3 dice of damage to each unit in the Ground arena."""
    s = position(dark={"arena": [CORE], "hand": ["Blizzard"]}, light={"arena": [STATION, WARRIOR]}, force=(2, 0))
    start(s, ("step", 0))
    pass_until(s, "?pop")
    act(s, f"play {c(s, 'Blizzard')}")
    run_out(s)
    assert sorted(_dice_lines(s, 3)) == [STATION, CORE]


def test_force_throw_taps_a_dark_jedi_to_roll_three_dice_at_every_other_character() -> None:
    """Force Throw (ESB.txt): tap one of your untapped Dark Jedi in the Character arena: 3 dice
    of damage to each other unit there (either side's); without an untapped Dark Jedi, not
    offered."""
    s = position(dark={"arena": [TYRANUS, KAMINOAN, GOZANTI], "hand": ["Force Throw"]}, light={"arena": [OBI_WAN]})
    s.tapped[unit(s, GOZANTI)] = True
    start(s, ("step", 0))
    pass_until(s, "?pop")
    act(s, f"play {c(s, 'Force Throw')}")
    run_out(s)
    assert s.tapped[unit(s, TYRANUS)] and sorted(_dice_lines(s, 3)) == [KAMINOAN, OBI_WAN]
    s = position(dark={"arena": [KAMINOAN, GOZANTI], "hand": ["Force Throw"]}, light={"arena": [OBI_WAN]})
    s.tapped[unit(s, GOZANTI)] = True
    start(s, ("step", 0))
    assert not s.tasks or f"play {c(s, 'Force Throw')}" not in texts(s)


def test_hanging_around_takes_three_or_six_power_from_an_enemy_for_the_attack() -> None:
    """Hanging Around (ESB.txt): pay 2 Force: one of the opponent's units gets -3 power for this
    attack; Enhance, 2 more: -6 instead."""
    for force, enhance, loss in ((4, True, 6), (2, False, 3)):
        s = position(light={"arena": [CORE]}, dark={"arena": [STATION], "hand": ["Hanging Around"]},
                     force=(force, 0))
        s.tapped[unit(s, STATION)] = True
        in_attack_window(s, CORE, STATION, 1)
        act(s, f"play {c(s, 'Hanging Around')}")
        act(s, f"choose {c(s, CORE)}")
        if force == 4:
            act(s, "pay 2" if enhance else "pass")
        assert f"{CORE}: -{loss} power" in s.log


def test_snowstorm_rolls_five_dice_at_a_ground_unit() -> None:
    """Snowstorm (ESB.txt): pay 2 Force: 5 dice of damage to a unit in the Ground arena."""
    s = position(dark={"hand": ["Snowstorm"]}, light={"arena": [STATION, WARRIOR]}, force=(2, 0))
    start(s, ("step", 0))
    pass_until(s, "?pop")
    act(s, f"play {c(s, 'Snowstorm')}")
    assert texts(s) == [f"choose {c(s, STATION)}"]
    act(s, texts(s)[0])
    run_out(s)
    assert sorted(_dice_lines(s, 5)) == [STATION]


def test_strange_lodgings_prevents_one_or_four_enhanced() -> None:
    """Strange Lodgings (ESB.txt): pay 1 Force: prevent 1 damage to one of your units; Enhance,
    3 more: prevent 4 instead."""
    for force, enhance, left in ((4, True, 1), (4, False, 4), (1, False, 4)):
        s = position(light={"arena": [STATION], "hand": ["Strange Lodgings"]}, force=(0, force))
        st = unit(s, STATION)
        start(s, ("damage", st, 5, -1, 1))
        act(s, f"play {c(s, 'Strange Lodgings')}")
        if force == 4:
            act(s, "pay 3" if enhance else "pass")
        close_window(s)
        assert s.damage[st] == left


def test_trust_her_instincts_prevents_four_with_a_creature_in_play() -> None:
    """Trust Her Instincts (ESB.txt): pay 3 Force: prevent up to 4 damage to one of your units,
    only if you have a Creature in any arena."""
    s = position(light={"arena": [STATION, "Tauntaun Mount"], "hand": ["Trust Her Instincts"]}, force=(0, 3))
    st = unit(s, STATION)
    start(s, ("damage", st, 5, -1, 1))
    act(s, f"play {c(s, 'Trust Her Instincts')}")
    close_window(s)
    assert s.damage[st] == 1
    s = position(light={"arena": [STATION], "hand": ["Trust Her Instincts"]}, force=(0, 3))
    start(s, ("damage", unit(s, STATION), 5, -1, 1))
    assert not s.tasks or f"play {c(s, 'Trust Her Instincts')}" not in texts(s)


def test_visions_of_the_future_prevents_the_attackers_damage_and_untaps_it() -> None:
    """Visions of the Future (ESB.txt): pay 3 Force: all the damage your attacking unit would
    deal is prevented, and it untaps."""
    s = position(light={"arena": [CLONE], "hand": ["Visions of the Future"]}, dark={"arena": [BDS]}, force=(0, 3))
    s.tapped[unit(s, BDS)] = True
    in_attack_window(s, CLONE, BDS, 1)
    for _ in range(4):
        if f"play {c(s, 'Visions of the Future')}" in texts(s):
            break
        act(s, "pass")
    act(s, f"play {c(s, 'Visions of the Future')}")
    run_out(s)
    assert s.damage[unit(s, BDS)] == 0


# ---- Missions ---------------------------------------------------------------------------------
def test_explore_the_swamps_taps_a_character_to_seed_a_location() -> None:
    """Explore the Swamps (ESB.txt): tap one of your Characters in the Character arena: a
    Location from the deck goes face down into the build zone with 3 build counters; with no
    untapped Character, it can't be completed."""
    s = mission(LIGHT, "Explore the Swamps", mine={"arena": [WARRIOR], "deck": ["Rebel Trenches"]})
    complete(s, "Explore the Swamps", LIGHT)
    act(s, f"choose {c(s, WARRIOR)}")
    act(s, f"choose {c(s, 'Rebel Trenches')}")
    t = unit(s, "Rebel Trenches")
    assert s.tapped[unit(s, WARRIOR)] and s.zone[t] == BUILD and s.counters[t] == 3
    s = mission(LIGHT, "Explore the Swamps", mine={"arena": [CLONE], "deck": ["Rebel Trenches"]})
    start(s, ("?build", LIGHT))
    assert f"complete {c(s, 'Explore the Swamps')}" not in texts(s)


def test_ground_assault_gives_your_ground_units_two_power() -> None:
    """Ground Assault (ESB.txt): each of your Ground units gets +2 power until the turn ends;
    the opponent's do not."""
    s = mission(DARK, "Ground Assault", mine={"arena": [BDS, CORE]}, theirs={"arena": [CLONE]})
    complete(s, "Ground Assault", DARK)
    assert [s.power(unit(s, n)) for n in (BDS, CORE, CLONE)] == [4, 12, 4]


def test_jedi_masters_meditation_taps_a_jedi_for_its_build_cost_in_force() -> None:
    """Jedi Master's Meditation (ESB.txt): tap one of your untapped Jedi: Force equal to its
    total build cost (Obi-Wan Kenobi (D): 6)."""
    s = mission(LIGHT, "Jedi Master's Meditation", mine={"arena": [OBI_WAN, WARRIOR]})
    complete(s, "Jedi Master's Meditation", LIGHT)
    if any(x.startswith("choose") for x in texts(s)):
        act(s, f"choose {c(s, OBI_WAN)}")
    assert s.force[LIGHT] == 6 and s.tapped[unit(s, OBI_WAN)]


def test_probe_the_galaxy_finds_a_location() -> None:
    """Probe the Galaxy (ESB.txt): a Location from the deck into the hand (a unit card is not
    offered)."""
    s = mission(DARK, "Probe the Galaxy", mine={"deck": [BDS, "Torture Room"]})
    complete(s, "Probe the Galaxy", DARK)
    assert texts(s) == [f"choose {c(s, 'Torture Room')}", "pass"]
    act(s, texts(s)[0])
    assert names(s, s.hand[DARK]) == ["Torture Room"]


_ = (DISCARD, HAND, PILOTING, SKYHOPPER, GOZANTI)


# ---- cards on primitives added with them --------------------------------------------------------
def test_carbon_freeze_taps_a_character_that_then_skips_its_untap() -> None:
    """Carbon Freeze (ESB.txt): an opponent's untapped Character is tapped and doesn't untap in
    their next untap step, unless they pay 3 Force (then nothing happens)."""
    s = mission(DARK, "Carbon Freeze", theirs={"arena": [OBI_WAN]})
    complete(s, "Carbon Freeze", DARK)
    if texts(s) and texts(s)[0].startswith("choose"):
        act(s, f"choose {c(s, OBI_WAN)}")
    o = unit(s, OBI_WAN)
    assert s.tapped[o]
    _next_ready(s)
    assert s.tapped[o]
    _next_ready(s)
    assert not s.tapped[o]
    s = mission(DARK, "Carbon Freeze", theirs={"arena": [OBI_WAN]}, force=(0, 3))
    complete(s, "Carbon Freeze", DARK)
    if texts(s) and texts(s)[0].startswith("choose"):
        act(s, f"choose {c(s, OBI_WAN)}")
    act(s, "pay 3")
    assert not s.tapped[unit(s, OBI_WAN)] and s.force[LIGHT] == 0


def test_snowspeeder_rogue_ten_shoots_a_walker_and_skips_its_untap() -> None:
    """Snowspeeder Rogue Ten (ESB.txt): instead of attacking, tap: 4 damage to one of the
    opponent's Walkers, and it doesn't untap in the next untap step."""
    s = position(light={"arena": ["Snowspeeder Rogue Ten"]}, dark={"arena": ["All Terrain Armored Transport"]})
    s.tapped[unit(s, "All Terrain Armored Transport")] = True
    start(s, ("step", 1))
    pass_until(s, "?attack")
    act(s, f"use {c(s, 'Snowspeeder Rogue Ten')} 1")
    if texts(s) and texts(s)[0].startswith("choose"):
        act(s, f"choose {c(s, 'All Terrain Armored Transport')}")
    run_out(s)
    r = unit(s, "Snowspeeder Rogue Ten")
    assert s.damage[unit(s, "All Terrain Armored Transport")] == 4
    _next_ready(s)
    assert s.tapped[r]


def test_antivehicle_laser_cannon_cannot_attack_squads_and_stays_tapped_after_attacking() -> None:
    """Antivehicle Laser Cannon (ESB.txt): it can't attack a Squad (a Walker it can); after it
    attacks it doesn't untap in the next untap step; Accuracy 1."""
    s = position(light={"arena": ["Antivehicle Laser Cannon"]},
                 dark={"arena": ["Snowtrooper Squad", "All Terrain Scout Transport"]})
    a = unit(s, "Antivehicle Laser Cannon")
    s.tapped[unit(s, "Snowtrooper Squad")] = s.tapped[unit(s, "All Terrain Scout Transport")] = True
    start(s, ("step", 1))
    pass_until(s, "?attack")
    moves = texts(s)
    assert f"attack {c(s, 'Antivehicle Laser Cannon')} > {c(s, 'Snowtrooper Squad')}" not in moves
    act(s, f"attack {c(s, 'Antivehicle Laser Cannon')} > {c(s, 'All Terrain Scout Transport')}")
    run_out(s)
    _next_ready(s)
    assert s.tapped[a] and keyword(s, a, "accuracy") == 1


def test_shield_generator_stops_bombard_on_your_ground_units() -> None:
    """Shield Generator (ESB.txt): the opponent's Space units can't attack your Ground units
    (Bombard); without it they can. Shields 1."""
    for gen, can in ((True, False), (False, True)):
        light = {"arena": [STATION, "Shield Generator"] if gen else [STATION]}
        s = position(dark={"arena": ["TIE Bomber EX-1-8"]}, light=light)
        start(s, ("step", 0))
        pass_until(s, "?attack")
        assert (f"attack {c(s, 'TIE Bomber EX-1-8')} > {c(s, STATION)}" in texts(s)) == can


def test_princess_leia_h_makes_rebel_characters_cheaper_and_hides_behind_them() -> None:
    """Princess Leia (H) (ESB.txt): your Rebel Characters cost 1 fewer; while another Rebel
    Character of yours is in the Character arena, she can't be attacked."""
    s = position(light={"arena": ["Princess Leia (H)", "Princess Leia (F)"], "build": [("Luke Skywalker (H)", 3)]},
                 dark={"arena": [TYRANUS]})
    assert deploy_cost(s, unit(s, "Luke Skywalker (H)")) == 3
    for other, can in ((["Princess Leia (F)"], False), ([], True)):
        s = position(light={"arena": ["Princess Leia (H)", *other]}, dark={"arena": [TYRANUS]})
        start(s, ("step", 2))
        pass_until(s, "?attack")
        assert (f"attack {c(s, TYRANUS)} > {c(s, 'Princess Leia (H)')}" in texts(s)) == can


def test_landos_repairs_leaves_one_damage_counter() -> None:
    """Lando's Repairs (ESB.txt): all but 1 damage counter come off one of your Starfighters or
    Transports."""
    s = mission(LIGHT, "Lando's Repairs", mine={"arena": ["Millennium Falcon (D)"]})
    f = unit(s, "Millennium Falcon (D)")
    s.damage[f] = 3
    complete(s, "Lando's Repairs", LIGHT)
    if texts(s) and texts(s)[0].startswith("choose"):
        act(s, f"choose {c(s, 'Millennium Falcon (D)')}")
    assert s.damage[f] == 1


def test_alter_the_deal_gives_both_players_a_new_hand_of_seven() -> None:
    """Alter the Deal (ESB.txt): each player discards their hand and draws 7 cards."""
    s = mission(DARK, "Alter the Deal", mine={"hand": [BDS], "deck": [CORE] * 8},
                theirs={"hand": [CLONE, WARRIOR], "deck": [STATION] * 8})
    complete(s, "Alter the Deal", DARK)
    run_out(s)
    assert (len(s.hand[DARK]), len(s.hand[LIGHT])) == (7, 7)
    assert names(s, s.hand[LIGHT]) == [STATION] * 7 and unit(s, CLONE) in s.discard[LIGHT]


def test_quicker_easier_more_seductive_splits_the_force_in_half() -> None:
    """Quicker, Easier, More Seductive (ESB.txt): both players' Force is pooled and split; the
    odd 1 goes to its player: 2 + 7 = 9 becomes 5 for the Dark Side, 4 for the Light Side."""
    s = mission(DARK, "Quicker, Easier, More Seductive", force=(2, 7))
    complete(s, "Quicker, Easier, More Seductive", DARK)
    assert s.force == [5, 4]


def test_lando_calrissian_b_finds_a_neutral_location_for_the_build_zone() -> None:
    """Lando Calrissian (B) (ESB.txt): when deployed, a neutral Location from the deck goes face
    down into the build zone with 3 build counters (a Light Side Location is not offered)."""
    s = position(light={"build": [("Lando Calrissian (B)", 6)], "deck": ["Dagobah System", "Hoth System"]})
    s.phase = COMMAND
    start(s, ("?build", LIGHT))
    act(s, f"deploy {c(s, 'Lando Calrissian (B)')}")
    act(s, "yes")
    assert texts(s) == [f"choose {c(s, 'Hoth System')}", "pass"]
    act(s, texts(s)[0])
    h = unit(s, "Hoth System")
    assert s.zone[h] == BUILD and s.counters[h] == 3


def test_bespin_system_gives_each_player_an_extra_card() -> None:
    """Bespin System (ESB.txt): each player, its owner's opponent too, draws 1 extra card in the
    draw step."""
    s = position(dark={"locations": ["Bespin System"], "deck": [BDS] * 4}, light={"deck": [CLONE] * 4})
    start(s, ("ready",))
    assert (len(s.hand[DARK]), len(s.hand[LIGHT])) == (2, 2)


def test_cloud_city_landing_platform_draws_when_deployed_and_rerolls_the_build_roll() -> None:
    """Cloud City Landing Platform (ESB.txt): when put into its arena, its owner draws a card;
    when the build roll is made, they may roll it again (build points follow the new roll)."""
    s = position(light={"build": [("Cloud City Landing Platform", 1)], "deck": [CLONE]})
    s.phase = COMMAND
    start(s, ("?build", LIGHT))
    act(s, next(x for x in texts(s) if x.startswith(f"deploy {c(s, 'Cloud City Landing Platform')}")))
    assert names(s, s.hand[LIGHT]) == [CLONE]
    s = position(light={"locations": ["Cloud City Landing Platform"]}, seed=3)
    start(s, ("command",))
    act(s, "yes")
    roll = next(e[1] for e in s.effects if e[0] == "build_roll")
    assert s.bp == [roll, roll] and any(x.startswith("the build roll is rolled again") for x in s.log)


def test_meditation_chamber_moves_a_force_at_the_end_of_the_turn() -> None:
    """Meditation Chamber (ESB.txt): when the turn ends, its owner gains 1 Force and the
    opponent loses 1."""
    s = position(dark={"locations": ["Meditation Chamber"]}, force=(0, 3))
    start(s, ("end_battle",), ("end_turn",))
    run_out(s)
    assert s.force == [1, 2]


def test_cloud_city_battleground_makes_your_battle_cards_two_cheaper() -> None:
    """Cloud City Battleground (ESB.txt): your Battle cards cost 2 less Force: Blizzard (2)
    costs nothing."""
    s = position(dark={"arena": [CORE], "hand": ["Blizzard"], "locations": ["Cloud City Battleground"]},
                 light={"arena": [STATION]})
    start(s, ("step", 0))
    pass_until(s, "?pop")
    assert f"play {c(s, 'Blizzard')}" in texts(s)
    s = position(dark={"arena": [CORE], "hand": ["Blizzard"]}, light={"arena": [STATION]})
    start(s, ("step", 0))
    assert not s.tasks or f"play {c(s, 'Blizzard')}" not in texts(s)


def test_han_solo_f_rolls_off_for_force_when_he_attacks() -> None:
    """Han Solo (F) (ESB.txt): when he attacks, each player rolls: the higher gains 2 Force, a
    tie gives Han's player 4; Accuracy 1."""
    outcomes = set()
    for seed in range(1, 40):
        s = position(light={"arena": ["Han Solo (F)"]}, dark={"arena": [TYRANUS]}, seed=seed)
        s.tapped[unit(s, TYRANUS)] = True
        in_attack_window(s, "Han Solo (F)", TYRANUS, 2)
        line = next(x for x in s.log if x.startswith("Han Solo (F): rolls"))
        mine, theirs = (int(v) for v in line.split("rolls ")[1].split(" against "))
        want = (0, 2) if mine > theirs else (2, 0) if mine < theirs else (0, 4)
        assert tuple(s.force) == want
        outcomes.add(want)
    assert outcomes == {(0, 2), (2, 0), (0, 4)}
    assert keyword(s, unit(s, "Han Solo (F)"), "accuracy") == 1


def test_han_enchained_keeps_a_unit_out_of_attacks_both_ways() -> None:
    """Han Enchained (ESB.txt): this turn one of your units can't attack or be attacked (the
    other units of its arena still fight)."""
    s = mission(LIGHT, "Han Enchained", mine={"arena": [CLONE, STATION]}, theirs={"arena": [DROIDS]})
    complete(s, "Han Enchained", LIGHT)
    act(s, f"choose {c(s, CLONE)}")
    start(s, ("step", 1))
    pass_until(s, "?attack")
    moves = texts(s)
    assert f"attack {c(s, DROIDS)} > {c(s, CLONE)}" not in moves
    assert f"attack {c(s, DROIDS)} > {c(s, STATION)}" in moves
    s.tapped[unit(s, DROIDS)] = True
    s.tasks = []
    start(s, ("step", 1))
    assert not any(x.startswith(f"attack {c(s, CLONE)}") for x in (texts(s) if s.tasks else []))


def test_leias_warning_prevents_two_of_each_damage_to_a_jedi_this_turn() -> None:
    """Leia's Warning (ESB.txt): pay 3 Force, choose one of your Jedi Characters: this turn 2 of
    each damage about to be dealt to it is prevented (each time); not playable without a Jedi."""
    s = position(light={"arena": [OBI_WAN], "hand": ["Leia's Warning"]}, dark={"arena": [GOZANTI]}, force=(0, 3))
    s.tapped[unit(s, GOZANTI)] = True
    start(s, ("step", 0))
    pass_until(s, "?pop")
    act(s, f"play {c(s, WARNING)}")
    if texts(s) and texts(s)[0].startswith("choose"):
        act(s, f"choose {c(s, OBI_WAN)}")
    o = unit(s, OBI_WAN)
    s.tasks = []
    start(s, ("damage", o, 3, -1, 1))
    close_window(s)
    start(s, ("damage", o, 1, -1, 1))
    close_window(s)
    assert s.damage[o] == 1 and s.force[LIGHT] == 0
    s = position(light={"arena": [WARRIOR], "hand": ["Leia's Warning"]}, dark={"arena": [GOZANTI]}, force=(0, 3))
    s.tapped[unit(s, GOZANTI)] = True
    start(s, ("step", 0))
    assert not s.tasks or f"play {c(s, WARNING)}" not in texts(s)


def test_luke_skywalker_i_evades_as_many_as_the_cards_in_his_stack() -> None:
    """Luke Skywalker (I) (ESB.txt and its ruling): pay 2 Force: Evade X, X the cards in his
    stack: alone, Evade 1; over Luke Skywalker (H), Evade 2."""
    from dejarik.tcg.state import UNDER

    for below, left in (([], 3), (["Luke Skywalker (H)"], 2)):
        s = position(light={"arena": ["Luke Skywalker (I)"], "hand": below}, force=(0, 2))
        top = unit(s, "Luke Skywalker (I)")
        for name in below:
            x = unit(s, name)
            s.hand[LIGHT].remove(x)
            s.zone[x] = UNDER
            s.under.setdefault(top, []).append(x)
        start(s, ("damage", top, 4, -1, 1))
        act(s, f"use {c(s, 'Luke Skywalker (I)')} 1")
        close_window(s)
        assert s.damage[top] == left and s.force[LIGHT] == 0


def test_imperial_misdirection_moves_all_damage_to_another_unit_of_that_side() -> None:
    """Imperial Misdirection (ESB.txt): pay 2 Force, choose a unit: all its damage counters go
    to another unit of the same player's in that arena (the opponent's units are not offered)."""
    s = position(dark={"hand": ["Imperial Misdirection"], "arena": [DROIDS]},
                 light={"arena": [CLONE, STATION]}, force=(2, 0))
    s.damage[unit(s, CLONE)] = 3
    s.tapped[unit(s, DROIDS)] = True
    start(s, ("step", 0))
    pass_until(s, "?pop")
    act(s, f"play {c(s, 'Imperial Misdirection')}")
    act(s, f"choose {c(s, CLONE)}")
    assert texts(s) == [f"choose {c(s, STATION)}"]
    act(s, texts(s)[0])
    assert (s.damage[unit(s, CLONE)], s.damage[unit(s, STATION)]) == (0, 3) and s.force[DARK] == 0


def test_hans_promise_returns_a_character_for_each_player() -> None:
    """Han's Promise (ESB.txt): a Character card from your discard pile goes into the Character
    arena; then the opponent may do the same with one of theirs."""
    s = mission(LIGHT, "Han's Promise", mine={"discard": [WARRIOR]}, theirs={"discard": [TYRANUS]})
    complete(s, "Han's Promise", LIGHT)
    act(s, f"choose {c(s, WARRIOR)}")
    while texts(s) == ["pass"]:
        act(s, "pass")
    assert s.current_player == DARK
    act(s, f"choose {c(s, TYRANUS)}")
    run_out(s)
    assert unit(s, WARRIOR) in s.arena[LIGHT][2] and unit(s, TYRANUS) in s.arena[DARK][2]


def test_jedi_trap_retreats_all_but_the_character_the_light_side_keeps() -> None:
    """Jedi Trap (ESB.txt): the Light Side player picks one of their units in the Character
    arena; the others there retreat (their units elsewhere stay)."""
    s = mission(DARK, "Jedi Trap", theirs={"arena": [OBI_WAN, WARRIOR, "Princess Leia (F)", CLONE]})
    complete(s, "Jedi Trap", DARK)
    assert s.current_player == LIGHT
    act(s, f"choose {c(s, WARRIOR)}")
    assert [s.zone[unit(s, n)] == BUILD for n in (OBI_WAN, WARRIOR, "Princess Leia (F)", CLONE)] == \
        [True, False, True, False]


def test_hans_attack_adds_the_cost_difference_against_a_costlier_defender() -> None:
    """Han's Attack (ESB.txt): pay 2 Force: your attacking unit gets +X power for the attack, X
    the defender's build cost less its own; against a cheaper defender, not offered."""
    s = position(light={"arena": [CLONE], "hand": ["Han's Attack"]}, dark={"arena": [CORE]}, force=(0, 2))
    s.tapped[unit(s, CORE)] = True
    in_attack_window(s, CLONE, CORE, 1)
    for _ in range(3):
        if f"play {c(s, HANS_ATTACK)}" in texts(s):
            break
        act(s, "pass")
    act(s, f"play {c(s, HANS_ATTACK)}")
    assert f"{CLONE}: +5 power" in s.log and s.force[LIGHT] == 0     # 9 - 4
    s = position(light={"arena": [CLONE], "hand": ["Han's Attack"]}, dark={"arena": [BDS]}, force=(0, 2))
    s.tapped[unit(s, BDS)] = True
    in_attack_window(s, CLONE, BDS, 1)
    for _ in range(3):
        if not s.tasks or s.atk is None:
            break
        assert f"play {c(s, HANS_ATTACK)}" not in texts(s)
        act(s, "pass")


def test_tauntaun_is_discarded_to_save_a_character_from_a_killing_blow() -> None:
    """Tauntaun (ESB.txt, by its erratum): discard it to prevent all damage a Character-arena
    unit would deal one of your Characters, only when that damage would destroy the Character."""
    s = position(light={"arena": ["Tauntaun", WARRIOR]}, dark={"arena": [TYRANUS]})
    w, t = unit(s, WARRIOR), unit(s, "Tauntaun")
    start(s, ("damage", w, 4, unit(s, TYRANUS), 1))
    act(s, f"use {c(s, 'Tauntaun')} 1")
    close_window(s)
    assert s.damage[w] == 0 and s.zone[t] == DISCARD
    s = position(light={"arena": ["Tauntaun", WARRIOR]}, dark={"arena": [TYRANUS]})
    start(s, ("damage", unit(s, WARRIOR), 3, unit(s, TYRANUS), 1))
    assert not s.tasks or f"use {c(s, 'Tauntaun')} 1" not in texts(s)


def test_executor_bridge_makes_your_pilots_two_cheaper() -> None:
    """Executor Bridge (ESB.txt): each of your Pilots costs 2 fewer to deploy (TIE Bomber Pilot,
    cost 2, with no counters may deploy); a non-pilot Character does not."""
    s = position(dark={"build": [("TIE Bomber Pilot", 0), (KAMINOAN, 2)], "locations": ["Executor Bridge"]})
    assert (deploy_cost(s, unit(s, "TIE Bomber Pilot")), deploy_cost(s, unit(s, KAMINOAN))) == (0, 4)
    s = position(dark={"build": [("TIE Bomber Pilot", 0)]})
    assert deploy_cost(s, unit(s, "TIE Bomber Pilot")) == 2


def test_hoth_battle_plains_doubles_damage_from_ground_units() -> None:
    """Hoth Battle Plains (ESB.txt): damage a unit in the Ground arena (either side's) would deal
    is doubled before prevention: 2 becomes 4; a Space unit's damage, and damage with no unit as
    its source, stay as they are."""
    s = position(dark={"arena": [CORE, DCS], "locations": ["Hoth Battle Plains"]}, light={"arena": [STATION]})
    st = unit(s, STATION)
    start(s, ("damage", st, 2, unit(s, CORE), 1))
    assert s.damage[st] == 4
    start(s, ("damage", st, 2, unit(s, DCS), 1))
    assert s.damage[st] == 6
    start(s, ("damage", st, 1, -1, 0))
    assert s.damage[st] == 7


def test_painful_reckoning_puts_an_extra_counter_for_each_counter_in_the_arena() -> None:
    """Painful Reckoning (ESB.txt and its rulings): pay 4 Force, choose an arena: this turn each
    damage counter put on a unit there brings one more (2 damage: 4 counters); with Hoth Battle
    Plains too, 2 damage from a Ground unit puts 8 counters."""
    for plains, want in (([], 4), (["Hoth Battle Plains"], 8)):
        s = position(dark={"arena": [CORE], "hand": ["Painful Reckoning"], "locations": plains},
                     light={"arena": [STATION, OBI_WAN]}, force=(4, 0))
        s.tapped[unit(s, CORE)] = True
        start(s, ("step", 0))
        pass_until(s, "?pop")
        act(s, f"play {c(s, 'Painful Reckoning')}")
        act(s, "choose ground")
        s.tasks = []
        st, o = unit(s, STATION), unit(s, OBI_WAN)
        start(s, ("damage", st, 2, unit(s, CORE), 1))
        start(s, ("damage", o, 2, -1, 0))
        assert (s.damage[st], s.damage[o]) == (want, 2)


def test_vaders_vengeance_pays_x_force_for_x_power() -> None:
    """Vader's Vengeance (ESB.txt, by its erratum): pay X Force: your attacking unit gets +X
    power for this attack (3 of 5 Force: +3, 2 Force left)."""
    s = position(dark={"arena": [DROIDS], "hand": ["Vader's Vengeance"]}, light={"arena": [STATION]}, force=(5, 0))
    s.tapped[unit(s, STATION)] = True
    in_attack_window(s, DROIDS, STATION, 1)
    act(s, f"play {c(s, VENGEANCE)}")
    assert texts(s) == [f"choose x={k}" for k in range(1, 6)]
    act(s, "choose x=3")
    assert f"{DROIDS}: +3 power" in s.log and s.force[DARK] == 2


def test_space_slug_heals_by_the_build_cost_of_a_unit_it_destroys() -> None:
    """Space Slug (ESB.txt): when its damage makes another unit be discarded, as many damage
    counters as that unit's build cost come off it (an N-1 Starfighter, cost 2: 3 becomes 1);
    Armor."""
    s = position(dark={"arena": ["Space Slug"]}, light={"arena": [N1, NABOO_CRUISER]})
    sl, n1 = unit(s, "Space Slug"), unit(s, N1)
    s.damage[sl] = 3
    start(s, ("damage", n1, 5, sl, 1))
    run_out(s)
    assert n1 in s.discard[LIGHT] and s.damage[sl] == 3 - s.d(n1).cost and keyword(s, sl, "armor") == 1
    start(s, ("damage", unit(s, NABOO_CRUISER), 1, sl, 1))
    run_out(s)
    assert s.damage[sl] == 3 - s.d(n1).cost


def test_leap_into_the_chasm_discards_each_players_cheapest_unit() -> None:
    """Leap into the Chasm (ESB.txt and its ruling): each player discards their unit of lowest
    build cost in the arenas; between tied units its owner chooses."""
    s = mission(LIGHT, "Leap into the Chasm", mine={"arena": [CLONE, STATION]},
                theirs={"arena": [BDS, "Battle Droid Squad", CORE]})
    complete(s, "Leap into the Chasm", LIGHT)
    _run_out_choosing = 0
    while s.tasks and not s.done and texts(s) != ["pass"]:
        act(s, texts(s)[0])
        _run_out_choosing += 1
    assert unit(s, CLONE) in s.discard[LIGHT] and unit(s, STATION) not in s.discard[LIGHT]
    assert [s.name(x) for x in s.discard[DARK]] == [BDS] and unit(s, CORE) not in s.discard[DARK]


def test_rebel_command_center_draws_when_built_and_wins_speed_ties() -> None:
    """Rebel Command Center (ESB.txt): when it is finished, its owner draws a card; their units
    win speed ties (a Light unit of speed 40 acts before a Dark one of 40; without it, after)."""
    s = position(light={"build": [("Rebel Command Center", 1)], "deck": [CLONE]})
    s.phase = COMMAND
    start(s, ("?build", LIGHT))
    act(s, next(x for x in texts(s) if x.startswith(f"deploy {c(s, 'Rebel Command Center')}")))
    assert names(s, s.hand[LIGHT]) == [CLONE]
    for loc, first in ((["Rebel Command Center"], LIGHT), ([], DARK)):
        s = position(light={"arena": [CLONE], "locations": loc}, dark={"arena": [DROIDS]})
        start(s, ("step", 1))
        pass_until(s, "?attack")
        assert s.current_player == first


def test_probe_droid_leaves_after_the_space_step_and_may_bring_a_probot() -> None:
    """Probe Droid (ESB.txt): when the Space battle step ends it is discarded; then its owner may
    take a Probot card from the deck and put it into the Character arena."""
    s = position(dark={"arena": ["Probe Droid"], "deck": [BDS, "Probot"]})
    for u in s.all_in_play():
        s.tapped[u] = True
    start(s, ("step", 0))
    while s.tasks and not any(x.startswith("choose") for x in texts(s)):
        act(s, texts(s)[0] if "pass" not in texts(s) else "pass")
    assert unit(s, "Probe Droid") in s.discard[DARK]
    assert texts(s) == [f"choose {c(s, 'Probot')}", "pass"]
    act(s, texts(s)[0])
    p = unit(s, "Probot")
    assert p in s.arena[DARK][2] and not s.tapped[p]


def _veers_attack(attacking: bool):
    """General Maximilian Veers (A) aboard an AT-AT; the AT-AT attacks a Clone Platoon, or is
    attacked by one; stop at the first chance after the roll where the Dark Side decides."""
    s = position(dark={"arena": [ATAT, "General Maximilian Veers (A)"]}, light={"arena": [CLONE]}, seed=5)
    start(s, ("?build", DARK))
    act(s, f"pilot {c(s, 'General Maximilian Veers (A)')} > {c(s, ATAT)}")
    s.tasks = []
    if attacking:
        s.tapped[unit(s, CLONE)] = True
        in_attack_window(s, ATAT, CLONE, 1)
    else:
        s.tapped[unit(s, ATAT)] = True
        in_attack_window(s, CLONE, ATAT, 1)
    return s


def test_general_maximilian_veers_a_gives_his_walker_speed_power_and_a_reroll_when_attacking() -> None:
    """General Maximilian Veers (A) (ESB.txt): his Walker gets +10 speed, +2 power, and when it
    rolls its attack dice its owner may reroll any number of them once; not when it is the one
    attacked."""
    s = _veers_attack(True)
    a = unit(s, ATAT)
    assert (s.speed(a), s.power(a)) == (30, 7)
    move = f"use {c(s, ATAT)} 3"
    for _ in range(20):
        if not s.tasks or move in texts(s):
            break
        act(s, "pass")
    rolled = len(s.dice)
    act(s, move)
    for k in range(rolled):
        act(s, f"choose die {k + 1} ({s.dice[k]})")
    assert any(line.startswith("dice rerolled") for line in s.log) or s.tasks
    s = _veers_attack(False)
    for _ in range(20):
        if not s.tasks or s.atk is None:
            break
        assert f"use {c(s, ATAT)} 3" not in texts(s)
        act(s, "pass")


def test_belly_of_the_beast_taps_a_random_untapped_character() -> None:
    """Belly of the Beast (ESB.txt): when the Character battle step starts, one untapped unit in
    the Character arena (either side's), picked at random, is tapped; a tapped one is never
    picked."""
    picked = set()
    for seed in range(1, 12):
        s = position(dark={"arena": [TYRANUS, KAMINOAN], "locations": ["Belly of the Beast"]},
                     light={"arena": [OBI_WAN]}, seed=seed)
        s.tapped[unit(s, KAMINOAN)] = True
        start(s, ("step", 2))
        now = {n for n in (TYRANUS, OBI_WAN) if s.tapped[unit(s, n)]}
        assert len(now) == 1
        picked |= now
    assert picked == {TYRANUS, OBI_WAN}


def test_death_mark_pays_four_build_points_next_turn_for_the_marked_unit() -> None:
    """Death Mark (ESB.txt): when the battle phase starts, its player marks an opponent's unit;
    if that unit is discarded, 4 build points come at their next build step (a unit not marked
    pays nothing)."""
    for marked, want in ((STATION, 4), (CLONE, 0)):
        s = mission(DARK, "Death Mark", theirs={"arena": [STATION, CLONE]})
        complete(s, "Death Mark", DARK)
        run_out(s)
        start(s, ("battle",))
        act(s, f"choose {c(s, marked)}")
        s.tasks = []
        start(s, ("damage", unit(s, STATION), 20, -1, 0))
        run_out(s)
        assert unit(s, STATION) in s.discard[LIGHT]
        assert sum(e[2] for e in s.effects if e[0] == "bp_next_turn" and e[1] == DARK) == want


def test_well_earned_meal_gains_force_for_each_enemy_unit_discarded() -> None:
    """Well-Earned Meal (ESB.txt): this turn, whenever an opponent's unit is discarded from an
    arena or build zone, its player gains Force equal to that unit's build cost (Clone Platoon:
    4); their own units' discards give nothing."""
    s = mission(DARK, "Well-Earned Meal", mine={"arena": [BDS]}, theirs={"arena": [CLONE]})
    complete(s, "Well-Earned Meal", DARK)
    run_out(s)
    start(s, ("damage", unit(s, CLONE), 9, -1, 0))
    run_out(s)
    start(s, ("damage", unit(s, BDS), 9, -1, 0))
    run_out(s)
    assert unit(s, CLONE) in s.discard[LIGHT] and unit(s, BDS) in s.discard[DARK] and s.force[DARK] == 4


def test_lando_calrissian_c_discards_another_unit_to_prevent_all_damage() -> None:
    """Lando Calrissian (C) (ESB.txt and its ruling): discard another of your units (in an arena
    or retreated in the build zone): all damage about to be dealt to him is prevented, and 2
    build points come next turn; with no other unit, not offered."""
    s = position(light={"arena": ["Lando Calrissian (C)"], "retreated": [CLONE]})
    lando = unit(s, "Lando Calrissian (C)")
    start(s, ("damage", lando, 3, -1, 1))
    act(s, f"use {c(s, 'Lando Calrissian (C)')} 1")
    run_out(s)
    assert s.damage[lando] == 0 and unit(s, CLONE) in s.discard[LIGHT]
    assert any(e[0] == "bp_next_turn" and e[1] == LIGHT and e[2] == 2 for e in s.effects)
    s = position(light={"arena": ["Lando Calrissian (C)"]})
    start(s, ("damage", unit(s, "Lando Calrissian (C)"), 3, -1, 1))
    assert not s.tasks or f"use {c(s, 'Lando Calrissian (C)')} 1" not in texts(s)


def test_float_away_shields_a_unit_of_an_arena_that_lost_a_unit_this_turn() -> None:
    """Float Away (ESB.txt): pay 1 Force, when no unit is attacking: one of your units in an
    arena from which a unit has been discarded this turn gets Shields 3 until the turn ends;
    with no discard there, not offered."""
    s = position(light={"arena": [CLONE, NABOO_CRUISER], "hand": ["Float Away"]}, dark={"arena": [BDS]},
                 force=(0, 1))
    start(s, ("damage", unit(s, BDS), 5, -1, 0))
    assert unit(s, BDS) in s.discard[DARK]
    for u in s.all_in_play():
        s.tapped[u] = True
    start(s, ("step", 0))
    pass_until(s, "?pop")
    while s.current_player != LIGHT:
        act(s, "pass")
    act(s, f"play {c(s, 'Float Away')}")
    assert texts(s) == [f"choose {c(s, CLONE)}"]
    act(s, texts(s)[0])
    assert keyword(s, unit(s, CLONE), "shields") == 3 and keyword(s, unit(s, NABOO_CRUISER), "shields") == 0
    s = position(light={"arena": [CLONE, NABOO_CRUISER], "hand": ["Float Away"]}, force=(0, 1))
    for u in s.all_in_play():
        s.tapped[u] = True
    start(s, ("step", 0))
    assert not s.tasks or f"play {c(s, 'Float Away')}" not in texts(s)


def test_executor_hangar_lands_any_number_of_pilots_untapped() -> None:
    """Executor Hangar (ESB.txt): when the Character battle step starts, its owner may move any
    number of their pilots from units in the Space arena into the Character arena, untapped
    (here one of two, then stop)."""
    s = position(dark={"arena": ["TIE Bomber EX-1-8", "TIE Fighter EX-4-9", "TIE Bomber Pilot",
                                 "TIE Pursuit Pilot"], "locations": ["Executor Hangar"]})
    start(s, ("?build", DARK))
    act(s, f"pilot {c(s, 'TIE Bomber Pilot')} > {c(s, 'TIE Bomber EX-1-8')}")
    start(s, ("?build", DARK))
    act(s, f"pilot {c(s, 'TIE Pursuit Pilot')} > {c(s, 'TIE Fighter EX-4-9')}")
    s.tasks = []
    for u in (*s.all_in_play(), unit(s, "TIE Bomber Pilot"), unit(s, "TIE Pursuit Pilot")):
        s.tapped[u] = True
    start(s, ("step", 2))
    assert sorted(texts(s)) == sorted([f"choose {c(s, 'TIE Bomber Pilot')}", f"choose {c(s, 'TIE Pursuit Pilot')}",
                                       "pass"])
    act(s, f"choose {c(s, 'TIE Bomber Pilot')}")
    assert texts(s) == [f"choose {c(s, 'TIE Pursuit Pilot')}", "pass"]
    act(s, "pass")
    b = unit(s, "TIE Bomber Pilot")
    assert b in s.arena[DARK][2] and not s.tapped[b] and s.zone[unit(s, "TIE Pursuit Pilot")] == PILOTING


def test_stormtrooper_sentry_returns_to_hand_when_a_dark_jedi_is_deployed() -> None:
    """Stormtrooper Sentry (ESB.txt): while it is in your discard pile, when you deploy a Dark
    Jedi you may return it to your hand (a Character that is no Dark Jedi: not offered); Armor."""
    s = position(dark={"discard": ["Stormtrooper Sentry"], "build": [(TYRANUS, 8), (KAMINOAN, 4)]})
    s.phase = COMMAND
    start(s, ("?build", DARK))
    act(s, f"deploy {c(s, KAMINOAN)}")
    assert texts(s) != ["yes", "pass"]
    act(s, f"deploy {c(s, TYRANUS)}")
    act(s, "yes")
    sentry = unit(s, "Stormtrooper Sentry")
    assert sentry in s.hand[DARK] and keyword(s, sentry, "armor") == 1


def test_snowtrooper_elite_squad_retreats_instead_of_being_discarded_beside_vader() -> None:
    """Snowtrooper Elite Squad (ESB.txt and its ruling): while Darth Vader is in the Character
    arena, when it would be discarded (destroyed here) it retreats instead with no damage; without
    Vader it is discarded."""
    from dejarik.tcg.invariants import check_invariants

    for vader, saved in (([VADER_J], True), ([], False)):
        s = position(dark={"arena": ["Snowtrooper Elite Squad", *vader]}, light={"arena": [STATION]})
        e = unit(s, "Snowtrooper Elite Squad")
        start(s, ("damage", e, 5, unit(s, STATION), 1))
        run_out(s)
        if saved:
            assert s.zone[e] == BUILD and s.face_up[e] and s.damage[e] == 0 and not check_invariants(s)
        else:
            assert e in s.discard[DARK]


def test_probot_is_discarded_when_damaged_draws_five_and_puts_back_as_many_as_its_damage() -> None:
    """Probot (ESB.txt, by its erratum): when it is damaged (2 damage here), it is discarded, its
    owner draws 5 cards, then puts 2 cards of their hand (the damage it had) on top of the deck."""
    deck = [BDS, CORE, KAMINOAN, TYRANUS, DCS, GOZANTI, VADER_J]
    s = position(dark={"arena": ["Probot"], "deck": deck}, light={"arena": [STATION]})
    p = unit(s, "Probot")
    start(s, ("damage", p, 2, unit(s, STATION), 1))
    run_out(s)
    assert p in s.discard[DARK] and len(s.hand[DARK]) == 3 and len(s.deck[DARK]) == 4
    assert set(names(s, s.deck[DARK][-2:])) <= set(deck[:5])     # the top two came from the hand


def test_self_destruct_gives_retaliate_by_build_cost_then_discards_the_unit() -> None:
    """Self-Destruct (ESB.txt, by its erratum): pay 3 Force: one of your units gets "Pay 0 Force
    -> Retaliate X" (X its build cost: Clone Platoon, 4) this turn; when the turn ends it is
    discarded."""
    s = position(light={"arena": [CLONE], "hand": ["Self-Destruct"]}, dark={"arena": [DROIDS]},
                 force=(0, 3), seed=4)
    for u in s.all_in_play():
        s.tapped[u] = True
    start(s, ("step", 1))
    pass_until(s, "?pop")
    while s.current_player != LIGHT:
        act(s, "pass")
    act(s, f"play {c(s, 'Self-Destruct')}")
    act(s, f"choose {c(s, CLONE)}")
    s.tasks = []
    s.tapped[unit(s, DROIDS)] = False
    in_attack_window(s, DROIDS, CLONE, 1)
    move = next((x for x in texts(s) if x.startswith(f"use {c(s, CLONE)}")), None)
    while move is None:         # the attacker's side may act first at the chance
        act(s, "pass")
        move = next((x for x in texts(s) if x.startswith(f"use {c(s, CLONE)}")), None)
    act(s, move)
    run_out(s)
    assert any(x.startswith(f"4 dice of damage at {DROIDS}") for x in s.log)
    s.tasks = []
    start(s, ("end_turn",))
    assert unit(s, CLONE) in s.discard[LIGHT]


def test_wampa_must_attack_may_attack_its_own_side_and_cannot_retreat() -> None:
    """Wampa (ESB.txt and its ruling): it can't retreat, must attack (no holding back), and may
    attack its owner's other units in the Ground arena (never itself)."""
    s = position(light={"arena": ["Wampa", CLONE]}, dark={"arena": [DROIDS]})
    s.tapped[unit(s, CLONE)] = s.tapped[unit(s, DROIDS)] = True
    start(s, ("step", 1))
    pass_until(s, "?attack")
    w = c(s, "Wampa")
    assert sorted(texts(s)) == sorted([f"attack {w} > {c(s, DROIDS)}", f"attack {w} > {c(s, CLONE)}"])
    act(s, f"attack {w} > {c(s, CLONE)}")
    assert f"Wampa attacks {CLONE}" in s.log
    s = position(light={"arena": ["Wampa", CLONE]})
    start(s, ("?retreat", LIGHT))
    assert f"retreat {c(s, 'Wampa')}" not in texts(s) and f"retreat {c(s, CLONE)}" in texts(s)


def test_han_solo_e_speeds_his_creature_and_cashes_it_in_for_four_force() -> None:
    """Han Solo (E) (ESB.txt): piloting a Creature, it gets +30 speed and "retreat Han, discard
    this Creature -> gain 4 Force" (any time: here in the build step); Accuracy 1."""
    s = position(light={"arena": ["Tauntaun", "Han Solo (E)"]})
    h, t = unit(s, "Han Solo (E)"), unit(s, "Tauntaun")
    assert keyword(s, h, "accuracy") == 1
    start(s, ("?build", LIGHT))
    act(s, f"pilot {c(s, 'Han Solo (E)')} > {c(s, 'Tauntaun')}")
    assert s.speed(t) == 70
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Tauntaun')} 3")
    assert s.zone[h] == BUILD and s.face_up[h] and t in s.discard[LIGHT] and s.force[LIGHT] == 4


def test_vaders_call_pays_up_to_x_force_for_as_many_discards() -> None:
    """Vader's Call (ESB.txt, its erratum): a Mission of build cost X (the counters it is completed
    with): completing it, its owner pays any Force from 0 up to X; the opponent discards that many
    cards."""
    s = position(dark={"build": [("Vader's Call", 3)]}, light={"hand": [CLONE, WARRIOR, STATION, N1]},
                 force=(5, 0))
    complete(s, "Vader's Call", DARK)
    assert texts(s) == [f"choose x={k}" for k in range(4)]     # up to X = 3, not the 5 Force
    act(s, "choose x=2")
    assert s.force[DARK] == 3
    while s.tasks and s.tasks[-1][0] == "?discard":
        act(s, texts(s)[0])
    assert len(s.hand[LIGHT]) == 2 and len(s.discard[LIGHT]) == 2
    s = position(dark={"build": [("Vader's Call", 1)]}, light={"hand": [CLONE]}, force=(0, 0))
    complete(s, "Vader's Call", DARK)        # one counter is enough; no Force: X = 0 only
    assert texts(s) == ["choose x=0"]
    act(s, "choose x=0")
    assert len(s.hand[LIGHT]) == 1 and not (s.tasks and s.tasks[-1][0] == "?discard")


def test_hope_of_another_makes_a_whole_stack_a_jedi_for_the_game() -> None:
    """Hope of Another (ESB.txt and its rulings): one of your Characters becomes a Jedi until the
    game ends: every version in its stack (still one after a restack, and next turn); a card
    not in play then (a later stacked version, a card that left play) is no Jedi."""
    from dejarik.tcg.abilities import Sel
    from dejarik.tcg.effects import to_discard
    from dejarik.tcg.state import UNDER

    jedi = Sel(subtypes=("Jedi",))
    s = mission(LIGHT, "Hope of Another", mine={"arena": ["Han Solo (A)", "Han Solo (B)", WARRIOR]})
    a, b = unit(s, "Han Solo (A)"), unit(s, "Han Solo (B)")
    s.arena[LIGHT][2].remove(b)
    s.under[a], s.zone[b] = [b], UNDER
    assert s.select(jedi, LIGHT) == []
    complete(s, "Hope of Another", LIGHT)
    assert texts(s) == [f"choose {c(s, 'Han Solo (A)')}", f"choose {c(s, WARRIOR)}"]
    act(s, f"choose {c(s, 'Han Solo (A)')}")
    assert s.select(jedi, LIGHT) == [a]
    assert s.select(Sel(all_subtypes=("Independent", "Jedi")), LIGHT) == [a]
    assert s.select(Sel(not_subtypes=("Jedi",)), LIGHT) == [unit(s, WARRIOR)]
    _next_ready(s)
    start(s, ("?build", LIGHT))
    act(s, f"restack {c(s, 'Han Solo (A)')} {c(s, 'Han Solo (B)')}")
    assert s.select(jedi, LIGHT) == [b]          # the version beneath was in play: a Jedi too
    to_discard(s, b)
    assert s.select(jedi, LIGHT) == [] and not any(e[0] == "words" for e in s.effects)


def test_dont_get_all_mushy_swaps_activated_abilities_when_one_could_be_played() -> None:
    """Don't Get All Mushy (ESB.txt and its ruling): pay 2 Force: two of your Characters get each
    other's activated abilities as well as their own this turn; it is played whenever one of
    those abilities could be (here the build step, for Yoda (B)'s build ability), not otherwise."""
    mushy = "Don't Get All Mushy"
    s = position(light={"arena": ["Yoda (B)", WARRIOR], "hand": [mushy]}, force=(0, 2))
    start(s, ("?build", LIGHT))
    assert f"play {c(s, mushy)}" in texts(s)
    act(s, f"play {c(s, mushy)}")
    act(s, f"choose {c(s, 'Yoda (B)')}")
    act(s, f"choose {c(s, WARRIOR)}")
    w = unit(s, WARRIOR)
    assert s.force[LIGHT] == 0 and f"use {c(s, WARRIOR)} 3" in texts(s)     # Yoda's third ability
    act(s, f"use {c(s, WARRIOR)} 3")
    assert s.force[LIGHT] == 1 and s.tapped[w] and not s.tapped[unit(s, "Yoda (B)")]
    s.force[LIGHT] = 3
    start(s, ("damage", w, 4, -1, 1))          # and Yoda's Evade 4 for 3 Force
    assert f"use {c(s, WARRIOR)} 1" in texts(s)
    s = position(light={"arena": [OBI_WAN, WARRIOR], "hand": [mushy]}, force=(0, 2))
    start(s, ("?build", LIGHT))                # no build-step ability among them: not now
    assert f"play {c(s, mushy)}" not in texts(s)
    start(s, ("damage", unit(s, WARRIOR), 2, -1, 1))   # at a prevention chance (Obi-Wan's Evade) yes
    assert f"play {c(s, mushy)}" in texts(s)


def test_snowspeeder_squad_returns_from_the_discard_pile_for_two_rebel_speeders() -> None:
    """Snowspeeder Squad (ESB.txt): while it is in your discard pile, at a chance to play with no
    unit attacking: discard 2 of your Rebel Speeders from the Ground arena, and it goes from the
    discard pile into the Ground arena; with one Speeder, or during an attack, not offered."""
    squad, two, ten = "Snowspeeder Squad", "Snowspeeder Rogue Two", "Snowspeeder Rogue Ten"
    s = position(light={"arena": [two, ten, CLONE], "discard": [squad]}, dark={"arena": [BDS]})
    start(s, ("step", 1))
    pass_until(s, "?pop")
    act(s, f"use {c(s, squad)} 1")
    assert texts(s) == [f"choose {c(s, two)}", f"choose {c(s, ten)}"]     # not the Clone Platoon
    act(s, f"choose {c(s, two)}")
    act(s, f"choose {c(s, ten)}")
    q = unit(s, squad)
    assert s.zone[q] == ARENA_Z and s.unit_arena(q) == 1 and not s.tapped[q]
    assert unit(s, two) in s.discard[LIGHT] and unit(s, ten) in s.discard[LIGHT]
    s = position(light={"arena": [two, CLONE], "discard": [squad]})
    start(s, ("step", 1))
    assert not s.tasks or f"use {c(s, squad)} 1" not in texts(s)
    s = position(light={"arena": [two, ten], "discard": [squad]}, dark={"arena": [BDS]})
    in_attack_window(s, two, BDS, 1)           # a unit is attacking: no chance offered in the attack
    assert s.atk is None and f"use {c(s, squad)} 1" in texts(s)


def test_surprise_reinforcements_gives_both_sides_five_build_points_opponent_first() -> None:
    """Surprise Reinforcements (ESB.txt and its ruling): pay 4 Force with no unit attacking: the
    opponent gains 5 build points and may put them as build counters on face-down cards (from
    the build zone or from hand), then you do the same; nothing is deployed, even when a card
    gets its whole cost."""
    card = "Surprise Reinforcements"
    s = position(dark={"hand": [card], "build": [(CORE, 1)], "arena": [BDS]},
                 light={"hand": [CLONE], "build": [(WARRIOR, 2)], "arena": [STATION]}, force=(4, 0))
    start(s, ("step", 1))
    pass_until(s, "?pop")
    act(s, f"play {c(s, card)}")
    assert s.tasks[-1] == ("?build", LIGHT, 5) and s.force[DARK] == 0
    assert not any(x.startswith(("deploy", "complete", "use")) for x in texts(s))
    act(s, f"build {c(s, WARRIOR)} +2")        # Clone Warrior: its whole cost, yet not deployed
    assert s.tasks[-1] == ("?build", LIGHT, 3) and not any(x.startswith("deploy") for x in texts(s))
    act(s, f"build {c(s, CLONE)} +3")          # a card from hand, face down
    cl = unit(s, CLONE)
    assert s.zone[cl] == BUILD and s.counters[cl] == 3 and s.counters[unit(s, WARRIOR)] == 4
    assert s.tasks[-1] == ("?build", DARK, 5)
    act(s, f"build {c(s, CORE)} +5")
    assert s.counters[unit(s, CORE)] == 6 and s.zone[unit(s, CORE)] == BUILD
    assert s.bp == [0, 0]


def _mynock_next_turn(untap: bool) -> tuple[int, int]:
    """Mynock attacks the Naboo Cruiser; next turn it untaps or stays tapped, and the Space battle
    step starts: (the Cruiser's power then, Mynock tapped 0/1)."""
    s = position(dark={"arena": ["Mynock"]}, light={"arena": [NABOO_CRUISER]})
    cr, m = unit(s, NABOO_CRUISER), unit(s, "Mynock")
    s.tapped[cr] = True
    in_attack_window(s, "Mynock", NABOO_CRUISER, 0)
    run_out(s)
    _next_ready(s)
    assert s.tasks[-1][0] == "?untap" and texts(s) == [f"choose {c(s, 'Mynock')}", "pass"]
    act(s, f"choose {c(s, 'Mynock')}" if untap else "pass")
    run_out(s)
    s.tapped[cr] = True
    start(s, ("step", 0))
    return s.power(cr), int(s.tapped[m])


def test_mynock_left_tapped_saps_the_last_unit_it_attacked() -> None:
    """Mynock (ESB.txt and its ruling): its owner may leave it tapped in the untap step; when the
    Space battle step starts with it tapped, the last unit it attacked gets -3 power this turn
    (Naboo Cruiser: 6 -> 3); untapped, nothing."""
    assert _mynock_next_turn(untap=False) == (3, 1)
    assert _mynock_next_turn(untap=True) == (6, 0)


def test_lambda_class_shuttle_moves_a_pilot_between_space_units_and_players_do_not_loop() -> None:
    """Lambda-Class Shuttle (ESB.txt): pay 0 Force, with no unit attacking: one of your pilots
    aboard one of your Space units goes aboard another of your Space units it may pilot (not
    the Shuttle, a Transport). Free and repeatable: the built-in players use it once a turn, so
    they can't move the pilot there and back for ever (policy.py)."""
    from dejarik.agents.base import HeuristicAgent
    from dejarik.core.rng import Rng
    from dejarik.tcg import pilots
    from dejarik.tcg.policy import routine_action

    lam, ex, os_, pilot = "Lambda-Class Shuttle", "TIE Fighter EX-4-9", "TIE Fighter OS-72-8", "TIE Bomber Pilot"
    s = position(dark={"arena": [lam, ex, os_, pilot]}, light={"arena": [NABOO_CRUISER]})
    pilots.move(s, unit(s, pilot), unit(s, ex))
    s.effects = []
    for n in (lam, ex, os_, NABOO_CRUISER):
        s.tapped[unit(s, n)] = True
    start(s, ("step", 0))
    pass_until(s, "?pop")
    assert s.current_player == DARK
    act(s, f"use {c(s, lam)} 1")
    assert texts(s) == [f"pilot {c(s, pilot)} > {c(s, os_)}"]
    act(s, texts(s)[0])
    assert s.aboard == {unit(s, os_): [unit(s, pilot)]}
    pass_until(s, "?pop")
    if s.current_player == LIGHT:
        act(s, "pass")
    # used once this turn: offered again, but the players answer by rule (pass), no lookahead
    assert s.current_player == DARK and f"use {c(s, lam)} 1" in texts(s)
    assert routine_action(s, Rng(1)) == (0, 0, 0)
    s = position(dark={"arena": [lam, ex, os_, pilot]}, light={"arena": [NABOO_CRUISER]})
    pilots.move(s, unit(s, pilot), unit(s, ex))
    for n in (lam, ex, os_, NABOO_CRUISER):
        s.tapped[unit(s, n)] = True
    start(s, ("step", 0))
    agents, moves = [HeuristicAgent(seed=3), HeuristicAgent(seed=4)], 0
    while s.tasks and s.step == 0 and moves < 40:
        s.apply(agents[s.current_player].act(s))
        moves += 1
    assert moves < 40 and sum(ln.endswith(f"uses {lam}") for ln in s.log) <= 1   # the step ended
