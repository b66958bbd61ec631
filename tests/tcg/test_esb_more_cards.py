"""More The Empire Strikes Back cards numbered 1 to 90 (group B: reveals, set-aside cards,
budget choices), checked in the engine against what their rules text says
(../shared/reference/swtcg-data/ESB.txt; rulings from its Usage column). One test per card;
each checks exact numbers or compares with the same position without the ability."""

from __future__ import annotations

from dejarik.tcg.state import ARENA, BUILD, DISCARD, HAND, TcgState
from tests.tcg.helpers import (
    DARK,
    LIGHT,
    act,
    c,
    close_window,
    complete,
    in_attack_window,
    pass_until,
    position,
    rolled_in_log,
    start,
    texts,
    unit,
)

NSG = "Naboo Security Guard"                # Light Character 2/30/2/2, Naboo Soldier (AOTC)
CLONE = "Clone Platoon"                     # Light Ground 4/40/4/4 (AOTC)
TRENCH = "Rebel Trench Defenders"           # Light Ground 6/30/6/6, Rebel Squad (ESB)
GOZANTI = "Gozanti Cruiser"                 # neutral Space 6/10/5/6, no abilities (AOTC)
BDS = "Battle Droid Squad"                  # Dark Ground 2/10/2/3, Droid (AOTC)
COURIER = "Sorusuub V-35 Courier"           # Light Ground 2/30/2/2, Independent Speeder (ANH)


# -- activated abilities ----------------------------------------------------------------------
RIEEKAN = "General Carlist Rieekan (A)"


def test_general_carlist_rieekan_a_discards_a_location_so_units_there_may_retreat_to_prevent() -> None:
    """General Carlist Rieekan (A) (ESB.txt): in your build step, discard one of your Locations:
    this turn each of your units in its arena gets "retreat this unit: prevent all damage to it"."""
    s = position(light={"arena": [RIEEKAN, TRENCH, NSG], "locations": [("Hoth Icefields", "ground")]})
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, RIEEKAN)} 1")
    act(s, f"choose {c(s, 'Hoth Icefields')}")
    assert s.zone[unit(s, "Hoth Icefields")] == DISCARD
    t, g = unit(s, TRENCH), unit(s, NSG)
    for u, has in ((g, False), (t, True)):
        s.tasks = []
        start(s, ("damage", u, 3, -1, 1))
        assert bool(s.tasks and f"use {c(s, s.name(u))} 1" in texts(s)) == has
        if has:
            act(s, f"use {c(s, TRENCH)} 1")
            close_window(s)
            assert s.damage[t] == 0 and s.zone[t] == BUILD
    s = position(light={"arena": [RIEEKAN, TRENCH]})      # no Location: nothing to discard
    start(s, ("?build", LIGHT))
    assert f"use {c(s, RIEEKAN)} 1" not in texts(s)


ATTT = "All Terrain Troop Transport"       # Dark Ground 8/20/4/5, Armor


def test_all_terrain_troop_transport_puts_a_cheap_stormtrooper_from_hand_into_its_arena() -> None:
    """All Terrain Troop Transport (ESB.txt): tap: put a Stormtrooper card of build cost 4 or
    less from your hand into its arena (Ground or Character; not a deployment); the transport
    doesn't untap in your next untap step."""
    hand = ["Stormtrooper DV-692", "Stormtrooper Squad", "Sandtrooper", BDS]   # 4, 3, 5 (too dear), a Droid
    s = position(dark={"arena": [ATTT], "hand": hand})
    start(s, ("?build", DARK))
    act(s, f"use {c(s, ATTT)} 2")
    assert texts(s) == [f"choose {c(s, 'Stormtrooper DV-692')}", f"choose {c(s, 'Stormtrooper Squad')}"]
    act(s, f"choose {c(s, 'Stormtrooper DV-692')}")
    dv = unit(s, "Stormtrooper DV-692")
    assert s.zone[dv] == ARENA and dv in s.arena[DARK][2] and not s.tapped[dv]
    assert s.tapped[unit(s, ATTT)] and s.zone[unit(s, "Sandtrooper")] == HAND
    assert ("no_untap", unit(s, ATTT)) in [e[:2] for e in s.effects]      # skip_untap


VEERS = "General Maximilian Veers (B)"


def test_general_maximilian_veers_b_reveals_a_ground_card_into_play_until_the_ground_step_ends() -> None:
    """General Maximilian Veers (B) (ESB.txt): tap in your build step: reveal your deck's top
    card; a Ground card goes into the Ground arena and is discarded when the Ground battle step
    ends; any other card stays on top."""
    s = position(dark={"arena": [VEERS], "deck": [BDS, "Geonosian Guard"]})
    start(s, ("?build", DARK))
    act(s, f"use {c(s, VEERS)} 1")
    b = unit(s, BDS)
    assert s.zone[b] == ARENA and b in s.arena[DARK][1] and not s.tapped[b] and s.tapped[unit(s, VEERS)]
    s.tasks = []
    start(s, ("step", 1))
    for _ in range(10):
        if not s.tasks:
            break
        act(s, texts(s)[0])
    assert s.zone[b] == DISCARD
    s = position(dark={"arena": [VEERS], "deck": ["Geonosian Guard", BDS]})
    start(s, ("?build", DARK))
    act(s, f"use {c(s, VEERS)} 1")
    g = unit(s, "Geonosian Guard")
    assert s.deck[DARK][-1] == g and s.shown[g] == 3 and not s.in_play(DARK)[1:]


# -- Battle cards ---------------------------------------------------------------------------
def test_outmaneuver_them_prevents_one_of_each_damage_or_two_enhanced() -> None:
    """Outmaneuver Them (ESB.txt): pay 2 Force, choose one of your Space or Ground units: this
    turn 1 of each damage about to be dealt to it is prevented; Enhance, 3 more: 2 instead."""
    for force, enhance, left, kept in ((5, True, 2, 0), (5, False, 4, 3), (2, False, 4, 0)):
        s = position(light={"arena": [TRENCH, NSG], "hand": ["Outmaneuver Them"]},
                     dark={"arena": [GOZANTI]}, force=(0, force))
        s.tapped[unit(s, GOZANTI)] = True
        start(s, ("step", 0))
        pass_until(s, "?pop")
        act(s, f"play {c(s, 'Outmaneuver Them')}")
        assert not any(NSG in x for x in texts(s))      # a Character is no Space or Ground unit
        if any(x.startswith("choose") for x in texts(s)):
            act(s, f"choose {c(s, TRENCH)}")
        if force == 5:
            act(s, "pay 3" if enhance else "pass")
        t = unit(s, TRENCH)
        s.tasks = []
        start(s, ("damage", t, 3, -1, 1))
        close_window(s)
        start(s, ("damage", t, 3, -1, 1))
        close_window(s)
        assert s.damage[t] == left and s.force[LIGHT] == kept


def _legs(extra: list[str]) -> TcgState:
    s = position(light={"arena": [CLONE, *extra], "hand": ["Go for the Legs"]}, dark={"arena": [BDS]})
    s.tapped[unit(s, BDS)] = True
    in_attack_window(s, CLONE, BDS, 1)
    act(s, f"play {c(s, 'Go for the Legs')}")
    return s


def test_go_for_the_legs_taps_one_or_two_ground_units_for_power_accuracy_and_stun() -> None:
    """Go for the Legs (ESB.txt): tap one of your untapped Ground units: one of your Ground
    units gets +1 power, Accuracy 1 and Stun 1 for this attack; Enhance, tapping another: +2,
    Accuracy 2 and Stun 2 instead."""
    for enhance in (False, True):
        s = _legs([TRENCH, COURIER])
        act(s, f"choose option {2 if enhance else 1}")
        act(s, f"choose {c(s, TRENCH)}")
        if enhance:
            act(s, f"choose {c(s, COURIER)}")
        act(s, f"choose {c(s, CLONE)}")     # the attack goes on at once
        n = 2 if enhance else 1
        assert len(rolled_in_log(s)) == 4 + n
        assert f"{CLONE} gets accuracy {n}" in s.log and f"{CLONE} gets stun {n}" in s.log
        assert (s.tapped[unit(s, TRENCH)], s.tapped[unit(s, COURIER)]) == (True, enhance)
    s = _legs([TRENCH])                 # one untapped unit to tap: no Enhance offered
    assert texts(s) == [f"choose {c(s, TRENCH)}"]
    act(s, f"choose {c(s, TRENCH)}")
    act(s, f"choose {c(s, TRENCH)}")    # the tapped unit may get the bonus (no use this attack)
    assert len(rolled_in_log(s)) == 4 and s.tapped[unit(s, TRENCH)]


# -- Missions -------------------------------------------------------------------------------
def _dice_noted(s: TcgState) -> list[int]:
    line = next(x for x in s.log if "the dice show" in x)
    return [int(v) for v in line.split("show ")[1].split(" (")[0].split(", ")]


def test_blockade_discards_a_face_down_card_and_refunds_its_counters_as_build_points() -> None:
    """Blockade (ESB.txt): pick a face-down card of the opponent's build zone (unseen): it is
    discarded with its build counters, and its owner gains as many build points."""
    for k in (1, 2):
        s = position(dark={"build": [("Blockade", 1)]}, light={"build": [(CLONE, 3), (NSG, 1)]})
        complete(s, "Blockade", DARK)
        assert texts(s) == ["choose face-down card #1", "choose face-down card #2"]  # names unseen
        picked = s.build[LIGHT][k - 1]
        had = s.counters[picked]
        act(s, f"choose face-down card #{k}")
        assert s.zone[picked] == DISCARD and s.bp == [0, had] and had in (1, 3)
        assert len(s.build[LIGHT]) == 1 and s.zone[s.build[LIGHT][0]] == BUILD


def test_jedi_test_gains_ten_force_on_ten_or_more_with_two_dice_or_three_enhanced() -> None:
    """Jedi Test (ESB.txt): roll 2 dice; a total of 10 or more gains 10 Force; with at least 2
    build counters beyond its cost of 1 on it, 3 dice instead."""
    outcomes = set()
    for counters, ndice in ((1, 2), (2, 2), (3, 3), (5, 3)):
        for seed in range(1, 30):
            s = position(light={"build": [("Jedi Test", counters)]}, seed=seed)
            start(s, ("?build", LIGHT))
            act(s, f"complete {c(s, 'Jedi Test')}")
            dice = _dice_noted(s)
            assert len(dice) == ndice
            won = sum(dice) >= 10
            assert s.force[LIGHT] == (10 if won else 0)
            outcomes.add((ndice, won))
    assert outcomes == {(2, True), (2, False), (3, True), (3, False)}


def test_search_for_the_rebels_discards_up_to_three_locations_from_the_opponents_deck() -> None:
    """Search for the Rebels (ESB.txt): look through the opponent's deck and discard up to 3
    Location cards from it (one at a time, any names; you may stop); then they shuffle."""
    deck = ["Asteroid Field", "Hoth Icefields", "Asteroid Field", "Wampa Cave", NSG, "Dark Cave"]
    s = position(dark={"build": [("Search for the Rebels", 2)]}, light={"deck": deck})
    complete(s, "Search for the Rebels", DARK)
    assert len(texts(s)) == 5           # stop, or one of the 4 Location names
    for _ in range(3):
        act(s, "choose option 2")       # the first name left, one card each time
    assert sorted(s.name(x) for x in s.discard[LIGHT]) == ["Asteroid Field", "Asteroid Field", "Dark Cave"]
    assert sorted(s.name(x) for x in s.deck[LIGHT]) == ["Hoth Icefields", NSG, "Wampa Cave"]
    s = position(dark={"build": [("Search for the Rebels", 2)]}, light={"deck": deck})
    complete(s, "Search for the Rebels", DARK)
    act(s, "choose option 2")
    act(s, "choose option 1")           # stop after one
    assert [s.name(x) for x in s.discard[LIGHT]] == ["Asteroid Field"] and len(s.deck[LIGHT]) == 5


def test_yodas_training_stacks_up_to_three_versions_from_the_deck_under_a_jedi() -> None:
    """Yoda's Training (ESB.txt; ruling): choose one of your Jedi Characters: up to 3 cards of
    its name come from your deck into its stack (stacking rules hold); not with no Jedi."""
    obi = "Obi-Wan Kenobi (A)"
    deck = ["Obi-Wan Kenobi (B)", NSG, "Obi-Wan Kenobi (C)", "Obi-Wan Kenobi (D)", "Obi-Wan Kenobi (E)"]
    s = position(light={"arena": [obi, NSG], "build": [("Yoda's Training", 4)], "deck": deck})
    complete(s, "Yoda's Training", LIGHT)
    assert texts(s) == [f"choose {c(s, obi)}"]              # the Naboo guard is no Jedi
    act(s, f"choose {c(s, obi)}")
    for k in range(3):
        assert len(texts(s)) == 5 - k                       # the versions left, or pass
        act(s, texts(s)[0])
    assert s.stack_size(unit(s, obi)) == 3 and len(s.deck[LIGHT]) == 2
    assert texts(s)[0].startswith("restack")                # back in the build step
    s = position(light={"arena": [NSG], "build": [("Yoda's Training", 4)], "deck": deck})
    start(s, ("?build", LIGHT))
    training = "Yoda's Training"
    assert f"complete {c(s, training)}" not in texts(s)


def test_rally_the_defenders_deploys_cost_two_units_free_from_hand() -> None:
    """Rally the Defenders (ESB.txt; ruling): this turn units of printed build cost 2 or less
    deploy without paying their build costs: straight from hand, no build point spent."""
    s = position(light={"hand": [NSG, CLONE]})
    start(s, ("?build", LIGHT))
    assert f"deploy {c(s, NSG)}" not in texts(s)
    s = position(light={"build": [("Rally the Defenders", 4)], "hand": [NSG, CLONE]})
    complete(s, "Rally the Defenders", LIGHT)
    assert s.bp[LIGHT] == 0
    assert f"deploy {c(s, NSG)}" in texts(s) and f"deploy {c(s, CLONE)}" not in texts(s)
    act(s, f"deploy {c(s, NSG)}")
    assert s.zone[unit(s, NSG)] == ARENA and s.zone[unit(s, CLONE)] == HAND
