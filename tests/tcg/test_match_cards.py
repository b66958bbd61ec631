"""The cards matched against another card, tied to an arena for the turn, or keeping units in
mind until the turn ends (group MATCH): Decoy Tactics, Failed for the Last Time (ESB), In
Disguise, Negotiate the Peace (PM), 2-1B's Touch (RAS), Rage of Victory, Palpatine's Sanctum and
It Just Might Work (ROTS), checked against their text and rulings
(../shared/reference/swtcg-data/<SET>.txt). Each test checks exact numbers or compares with the
same position where the card's condition fails."""

from __future__ import annotations

from dejarik.tcg.effects import _OPS, ctx_of, place_unit, to_discard
from dejarik.tcg.state import BATTLE, BUILD, DISCARD, HAND, TcgState
from tests.tcg.helpers import (
    DARK,
    LIGHT,
    act,
    c,
    complete,
    mission,
    pass_until,
    position,
    run_out,
    start,
    texts,
    unit,
)

BDS = "Battle Droid Squad"           # Dark Ground 2/10/2/3, Trade Federation Droid (AOTC)
DDS = "Destroyer Droid Squad"        # Dark Ground 5/40/5/5, Trade Federation Droid (AOTC)
AAT = "Trade Federation AAT"         # Dark Ground 4/30/4/4, Trade Federation Droid Tank
CORE = "Trade Federation Battleship Core"   # Dark Ground 9/10/10/12 (AOTC)
CLONE = "Clone Platoon"              # Light Ground 4/40/4/4, Clone Soldier (AOTC)
CLONE_SQUAD = "Clone Squad"          # Light Ground 3/10/3/3, Clone Soldier
STATION = "Naboo Defense Station"    # Light Ground 8/10/6/12 (AOTC)
PATROL = "Patrol Speeder"            # Neutral Ground 4/20/3/4, Naboo Speeder (AOTC)
WARRIOR = "Clone Warrior 4/163"      # Light Character 4/40/4/4, Clone Soldier (AOTC)
KAMINOAN = "Kaminoan Guard"          # Neutral Character 4/50/3/3 (AOTC)
YODA_A = "Yoda (A)"                  # Light Character 9/40/6/6 (AOTC)
OBI_B = "Obi-Wan Kenobi (B)"         # Light Character 5/40/5/5, Jedi Knight (AOTC)
GEO = "Geonosian Warrior"            # Dark Character 3/50/3/2 (AOTC)
VADER_C = "Darth Vader (C)"          # Dark Character 5/40/5/5, Dark Jedi Knight - Sith Lord (ANH)
MAUL_B = "Darth Maul (B)"            # Dark Character 7/60/6/4, Dark Jedi - Sith Apprentice (SR)
N1_SQUAD = "Naboo Starfighter Squadron"   # Light Space 4/40/4/4 (AOTC)


def _battle_chance(s: TcgState, side: int) -> None:
    """Open the Space battle step's first chance to play (every unit tapped: no attacks) and
    pass until `side` may play."""
    for u in s.all_in_play():
        s.tapped[u] = True
    start(s, ("step", 0))
    if not s.tasks:         # nothing to play: no chance opens
        return
    pass_until(s, "?pop")
    while s.current_player != side:
        act(s, "pass")


def _end_turn(s: TcgState) -> None:
    """Run the effects that wait for the end of the turn (the turn's end itself follows)."""
    start(s, ("end_turn",))
    run_out(s)


# ---- a card matched against another ---------------------------------------------------------
def test_decoy_tactics_offers_no_card_whose_name_is_retreated_or_piloting() -> None:
    """Decoy Tactics (ESB.txt) and reference section 10 (one unit of a unique name in play): a
    version in hand of a unit retreated to the build zone is not offered (found by the pool
    fuzz, seed 7336: two Princess Leias in play); another card of that arena still is."""
    s = position(light={"arena": [WARRIOR], "retreated": [OBI_B],
                        "hand": ["Decoy Tactics", "Obi-Wan Kenobi (A)", KAMINOAN]}, force=(0, 9))
    _battle_chance(s, LIGHT)
    act(s, f"play {c(s, 'Decoy Tactics')}")
    act(s, f"choose {c(s, WARRIOR)}")
    assert texts(s) == [f"choose {c(s, KAMINOAN)}"]


def test_decoy_tactics_swaps_in_a_card_of_that_arena_for_its_cost_until_the_turn_ends() -> None:
    """Decoy Tactics (ESB.txt): discard one of your units and pay X Force, X the build cost of
    a unit card of that arena in your hand: it goes into the arena, and is discarded when the
    turn ends; its ruling: not if it has left that arena by then."""
    s = position(light={"arena": [CLONE, N1_SQUAD], "hand": ["Decoy Tactics", PATROL, STATION, WARRIOR]},
                 force=(0, 5))
    _battle_chance(s, LIGHT)
    act(s, f"play {c(s, 'Decoy Tactics')}")
    # the Space unit has no Space card to match; the Station costs more than the Force
    assert texts(s) == [f"choose {c(s, CLONE)}"]
    act(s, f"choose {c(s, CLONE)}")
    assert texts(s) == [f"choose {c(s, PATROL)}"]
    act(s, f"choose {c(s, PATROL)}")
    patrol = unit(s, PATROL)
    assert unit(s, CLONE) in s.discard[LIGHT] and patrol in s.arena[LIGHT][1]
    assert not s.tapped[patrol] and s.force[LIGHT] == 1
    _end_turn(s)
    assert patrol in s.discard[LIGHT]
    # the same, but the unit retreats before the turn ends: it stays (the ruling)
    s = position(light={"arena": [CLONE], "hand": ["Decoy Tactics", PATROL]}, force=(0, 5))
    _battle_chance(s, LIGHT)
    act(s, f"play {c(s, 'Decoy Tactics')}")
    act(s, f"choose {c(s, CLONE)}")
    act(s, f"choose {c(s, PATROL)}")
    run_out(s)
    s.tasks = []
    patrol = unit(s, PATROL)
    from dejarik.tcg.effects import retreat

    retreat(s, patrol)
    _end_turn(s)
    assert s.zone[patrol] == BUILD
    # no card it could pay for: not offered
    s = position(light={"arena": [CLONE], "hand": ["Decoy Tactics", PATROL]}, force=(0, 3))
    _battle_chance(s, LIGHT)
    assert not s.tasks or f"play {c(s, 'Decoy Tactics')}" not in texts(s)


def test_failed_for_the_last_time_needs_the_whole_type_line_and_another_name() -> None:
    """Failed for the Last Time (ESB.txt and its ruling): discard one of your units; a card of
    your hand with a different name and the same complete type line goes into that arena
    (Destroyer Droid Squad for Battle Droid Squad: "Ground - Trade Federation Droid"; not the
    AAT, a "Trade Federation Droid Tank", nor another Battle Droid Squad)."""
    s = mission(DARK, "Failed for the Last Time", mine={"arena": [BDS], "hand": [BDS, AAT, DDS, CORE]})
    complete(s, "Failed for the Last Time", DARK)
    bds = s.arena[DARK][1][0]
    act(s, f"choose {s.name(bds)}#{bds}")
    assert s.zone[bds] == DISCARD
    assert texts(s) == [f"choose {c(s, DDS)}"]
    act(s, texts(s)[0])
    assert unit(s, DDS) in s.arena[DARK][1] and s.zone[unit(s, AAT)] == HAND
    # nothing matches: the unit is discarded all the same, nothing comes in
    s = mission(DARK, "Failed for the Last Time", mine={"arena": [BDS], "hand": [AAT]})
    complete(s, "Failed for the Last Time", DARK)
    act(s, f"choose {c(s, BDS)}")
    assert s.zone[unit(s, BDS)] == DISCARD and s.arena[DARK][1] == [] and s.zone[unit(s, AAT)] == HAND


def test_in_disguise_brings_a_cheaper_character_with_the_same_damage() -> None:
    """In Disguise (PM.txt): pay 3 Force and discard one of your Characters: you may put a
    Character card of build cost no more than the discarded one's into the Character arena,
    with as many damage counters as it had; as many as its health destroy it."""
    s = position(light={"arena": [OBI_B], "hand": ["In Disguise", WARRIOR, YODA_A, CLONE]}, force=(0, 3))
    s.damage[unit(s, OBI_B)] = 2
    _battle_chance(s, LIGHT)
    act(s, f"play {c(s, 'In Disguise')}")
    act(s, f"choose {c(s, OBI_B)}")
    # Yoda (A) costs 9, more than Obi-Wan's 5; the Clone Platoon is no Character
    assert sorted(texts(s)) == sorted([f"choose {c(s, WARRIOR)}", "pass"])
    act(s, f"choose {c(s, WARRIOR)}")
    w = unit(s, WARRIOR)
    assert w in s.arena[LIGHT][2] and s.damage[w] == 2 and s.force[LIGHT] == 0
    assert s.zone[unit(s, OBI_B)] == DISCARD
    # three counters on a unit of 3 health: it is destroyed
    s = position(light={"arena": [OBI_B], "hand": ["In Disguise", KAMINOAN]}, force=(0, 3))
    s.damage[unit(s, OBI_B)] = 3
    _battle_chance(s, LIGHT)
    act(s, f"play {c(s, 'In Disguise')}")
    act(s, f"choose {c(s, OBI_B)}")
    act(s, f"choose {c(s, KAMINOAN)}")
    assert s.zone[unit(s, KAMINOAN)] == DISCARD
    # its ruling: a unit kept alive by the discarded unit's health bonus is discarded before the
    # new one (with the same bonus) comes in (Malakili (A): each of your Creatures +1 health)
    s = position(light={"arena": ["Malakili (A)", "Opee Sea Killer"], "hand": ["In Disguise", "Malakili (A)"]},
                 force=(0, 3))
    s.sweeps = True
    opee = unit(s, "Opee Sea Killer")
    s.damage[opee] = 3
    assert s.health(opee) == 4
    _battle_chance(s, LIGHT)
    act(s, f"play {c(s, 'In Disguise')}")
    act(s, f"choose {c(s, 'Malakili (A)')}")
    assert s.zone[opee] == DISCARD
    act(s, f"choose Malakili (A)#{s.hand[LIGHT][0]}")      # the copy in hand
    assert s.name(s.arena[LIGHT][2][0]) == "Malakili (A)" and s.zone[opee] == DISCARD
    # a unique name the opponent has in play: contested at once (its ruling)
    s = position(light={"arena": [OBI_B], "hand": ["In Disguise", "Taun We (A)"]},
                 dark={"arena": ["Taun We (A)"]}, force=(0, 3))
    _battle_chance(s, LIGHT)
    s.phase = BATTLE
    act(s, f"play {c(s, 'In Disguise')}")
    act(s, f"choose {c(s, OBI_B)}")
    act(s, f"choose {c(s, 'Taun We (A)', LIGHT)}")
    assert s.tasks[-1][0] == "?bid"


# ---- a shared budget ------------------------------------------------------------------------
def test_negotiate_the_peace_returns_units_within_a_shared_cost_budget() -> None:
    """Negotiate the Peace (PM.txt, text erratum): return Light Side units of yours in one
    arena with total build cost 7 or less (stacked cards count), then any of the opponent's
    Dark Side units there whose total is no more than yours."""
    s = mission(LIGHT, "Negotiate the Peace", mine={"arena": [CLONE, CLONE_SQUAD, STATION, PATROL]},
                theirs={"arena": [BDS, DDS, CORE]})
    complete(s, "Negotiate the Peace", LIGHT)
    act(s, "choose ground")
    # the Station (8) is over the budget; the Patrol Speeder is neutral
    assert sorted(texts(s)) == sorted([f"choose {c(s, CLONE)}", f"choose {c(s, CLONE_SQUAD)}", "pass"])
    act(s, f"choose {c(s, CLONE)}")
    assert texts(s) == [f"choose {c(s, CLONE_SQUAD)}", "pass"]     # 4 + 3 = 7
    act(s, f"choose {c(s, CLONE_SQUAD)}")
    # the opponent's: up to 7 together (the Core's 9 never)
    assert sorted(texts(s)) == sorted([f"choose {c(s, BDS)}", f"choose {c(s, DDS)}", "pass"])
    act(s, f"choose {c(s, BDS)}")
    act(s, f"choose {c(s, DDS)}")
    assert {s.name(x) for x in s.hand[LIGHT]} == {CLONE, CLONE_SQUAD}
    assert {s.name(x) for x in s.hand[DARK]} == {BDS, DDS} and unit(s, CORE) in s.arena[DARK][1]
    # returning only the Clone Squad (3) leaves a budget of 3: only the Battle Droid Squad
    s = mission(LIGHT, "Negotiate the Peace", mine={"arena": [CLONE_SQUAD]}, theirs={"arena": [BDS, DDS]})
    complete(s, "Negotiate the Peace", LIGHT)
    act(s, "choose ground")
    act(s, f"choose {c(s, CLONE_SQUAD)}")
    assert texts(s) == [f"choose {c(s, BDS)}", "pass"]
    # a stack counts its cards beneath: Obi-Wan Kenobi (B) on (A) costs 5 + 1 = 6
    s = mission(LIGHT, "Negotiate the Peace", mine={"arena": [OBI_B, WARRIOR], "hand": ["Obi-Wan Kenobi (A)"]},
                theirs={"arena": [VADER_C, MAUL_B, GEO]})
    place_unit(s, unit(s, "Obi-Wan Kenobi (A)"), under_of=unit(s, OBI_B))
    complete(s, "Negotiate the Peace", LIGHT)
    act(s, "choose character")
    act(s, f"choose {c(s, OBI_B)}")       # 6 + 4 > 7: the Clone Warrior is not offered
    # X = 6: Darth Vader (C) (5) or the Geonosian Warrior (3), not Darth Maul (B) (7)
    assert sorted(texts(s)) == sorted([f"choose {c(s, VADER_C)}", f"choose {c(s, GEO)}", "pass"])
    act(s, f"choose {c(s, VADER_C)}")     # 5 + 3 > 6: done
    assert s.tasks[-1][0] == "?build" and unit(s, VADER_C) in s.hand[DARK] and unit(s, GEO) in s.arena[DARK][2]
    assert unit(s, OBI_B) in s.hand[LIGHT] and unit(s, "Obi-Wan Kenobi (A)") in s.hand[LIGHT]


# ---- a number chosen and matched -------------------------------------------------------------
def test_2_1bs_touch_heals_your_units_as_much_as_the_opponents() -> None:
    """2-1B's Touch (RAS.txt): remove up to 3 damage counters from an opponent's unit, and as
    many from your units, one each from a unit you choose."""
    s = mission(LIGHT, "2-1B's Touch", mine={"arena": [CLONE, WARRIOR]}, theirs={"arena": [CORE]})
    core, clone, w = unit(s, CORE), unit(s, CLONE), unit(s, WARRIOR)
    s.damage[core], s.damage[clone], s.damage[w] = 5, 2, 1
    complete(s, "2-1B's Touch", LIGHT)
    act(s, f"choose {c(s, CORE)}")
    assert texts(s) == ["choose x=0", "choose x=1", "choose x=2", "choose x=3"]
    act(s, "choose x=3")
    assert s.damage[core] == 2
    act(s, f"choose {c(s, CLONE)}")
    act(s, f"choose {c(s, CLONE)}")
    act(s, f"choose {c(s, WARRIOR)}")
    assert (s.damage[clone], s.damage[w]) == (0, 0) and s.tasks[-1][0] == "?build"
    # the opponent's unit had only 1 counter: X is at most 1
    s = mission(LIGHT, "2-1B's Touch", mine={"arena": [CLONE]}, theirs={"arena": [CORE]})
    s.damage[unit(s, CORE)], s.damage[unit(s, CLONE)] = 1, 3
    complete(s, "2-1B's Touch", LIGHT)
    act(s, f"choose {c(s, CORE)}")
    assert texts(s) == ["choose x=0", "choose x=1"]
    act(s, "choose x=1")
    act(s, f"choose {c(s, CLONE)}")
    assert s.damage[unit(s, CLONE)] == 2 and s.damage[unit(s, CORE)] == 0


# ---- an arena for the turn ------------------------------------------------------------------
def test_rage_of_victory_gives_four_power_to_units_there_at_each_discard() -> None:
    """Rage of Victory (ROTS.txt and its ruling): in the arena chosen, each time an opponent's
    unit there is discarded, each of your units there at that moment gets +4 power until the
    battle phase ends; a unit that came later gets only the later bonuses; other arenas get
    nothing."""
    s = mission(DARK, "Rage of Victory", mine={"arena": [BDS, GEO], "hand": [DDS]},
                theirs={"arena": [CLONE, STATION, WARRIOR]})
    complete(s, "Rage of Victory", DARK)
    act(s, "choose ground")
    run_out(s)
    bds, geo, dds = unit(s, BDS), unit(s, GEO), unit(s, DDS)
    start(s, ("damage", unit(s, CLONE), 9, -1, 0))
    run_out(s)
    assert s.power(bds) == 6 and s.power(geo) == 3
    start(s, ("damage", unit(s, WARRIOR), 9, -1, 0))     # the Character arena: nothing
    run_out(s)
    assert s.power(bds) == 6 and s.power(geo) == 3
    place_unit(s, dds)           # comes in now: only the next discard counts for it
    start(s, ("damage", unit(s, STATION), 20, -1, 0))
    run_out(s)
    assert s.power(bds) == 10 and s.power(dds) == 9


# ---- a Location counting a unit's kills -----------------------------------------------------
def test_palpatines_sanctum_counts_the_jedi_vader_destroys() -> None:
    """Palpatine's Sanctum (ROTS.txt and its ruling): whenever Darth Vader damages an
    opponent's Jedi and it is discarded, 2 mastery counters go on it; Vader gets +1 power and
    +1 health for each. Not for a non-Jedi, nor for another unit's kill (Darth Maul (B))."""
    s = position(dark={"arena": [VADER_C, MAUL_B], "locations": ["Palpatine's Sanctum"]},
                 light={"arena": [OBI_B, WARRIOR, "Anakin Skywalker (D)"]})
    vader = unit(s, VADER_C)
    assert (s.power(vader), s.health(vader)) == (5, 5)
    start(s, ("damage", unit(s, WARRIOR), 9, vader, 0))
    run_out(s)
    start(s, ("damage", unit(s, "Anakin Skywalker (D)"), 9, unit(s, MAUL_B), 0))
    run_out(s)
    assert (s.power(vader), s.health(vader)) == (5, 5)
    start(s, ("damage", unit(s, OBI_B), 9, vader, 0))
    run_out(s)
    assert unit(s, OBI_B) in s.discard[LIGHT]
    assert (s.power(vader), s.health(vader)) == (7, 7) and s.power(unit(s, MAUL_B)) == 6


# ---- units kept in mind until the turn ends -------------------------------------------------
def _ijmw(arenas: dict[str, str] | None = None) -> TcgState:
    s = mission(LIGHT, "It Just Might Work", mine={"arena": [N1_SQUAD, CLONE, WARRIOR, CLONE_SQUAD]}, force=(0, 0))
    complete(s, "It Just Might Work", LIGHT)
    for name in (N1_SQUAD, CLONE, WARRIOR):
        assert "pass" not in texts(s)       # all three must be chosen
        act(s, f"choose {c(s, name)}")
    run_out(s)
    return s


def test_it_just_might_work_gains_eight_force_if_the_three_units_stay() -> None:
    """It Just Might Work (ROTS.txt and its ruling): choose a Space, a Ground and a Character
    unit of yours; at the end of the turn, if each is in the arena it started in, gain 8 Force.
    Back in that arena after leaving play counts; retreated does not, nor moved in from another
    arena."""
    s = _ijmw()
    _end_turn(s)
    assert s.force[LIGHT] == 8
    s = _ijmw()      # retreated: no Force
    from dejarik.tcg.effects import retreat

    retreat(s, unit(s, CLONE))
    _end_turn(s)
    assert s.force[LIGHT] == 0
    s = _ijmw()      # discarded and put back into the Ground arena: it counts (the ruling)
    clone = unit(s, CLONE)
    to_discard(s, clone)
    place_unit(s, clone)
    _end_turn(s)
    assert s.force[LIGHT] == 8
    s = _ijmw()      # moved out to the Ground arena and back: it counts
    w = unit(s, WARRIOR)
    _OPS["move_arena"](s, ("move_arena", ("self",), 1, False), (), 0, ctx_of(LIGHT, w))
    _OPS["move_arena"](s, ("move_arena", ("self",), 2, False), (), 0, ctx_of(LIGHT, w))
    _end_turn(s)
    assert s.force[LIGHT] == 8
    s = _ijmw()      # moved away: not
    w = unit(s, WARRIOR)
    _OPS["move_arena"](s, ("move_arena", ("self",), 1, False), (), 0, ctx_of(LIGHT, w))
    _end_turn(s)
    assert s.force[LIGHT] == 0
    # with no Space unit, it can't be completed
    s = mission(LIGHT, "It Just Might Work", mine={"arena": [CLONE, WARRIOR]})
    start(s, ("?build", LIGHT))
    assert f"complete {c(s, 'It Just Might Work')}" not in texts(s)


# ---- the built-in players -------------------------------------------------------------------
def _answer_with(s: TcgState, agent: object, limit: int = 60) -> None:
    """Let the agent answer every decision until the effect is over (back to a build step or
    a chance to play, or nothing left); each answer must be a legal action."""
    for _ in range(limit):
        if s.done or not s.tasks or s.tasks[-1][0] in ("?build", "?pop", "?attack"):
            return
        a = agent.act(s)        # type: ignore[attr-defined]
        assert a in s.legal_actions(), (s.tasks[-1][0], a)
        s.apply(a)
    raise AssertionError(f"still deciding: {s.tasks[-1][0]}")


def test_it_just_might_work_and_the_other_match_cards_are_answered_by_the_built_in_players() -> None:
    """The new decisions (a card matched from hand, mandatory or optional; X named; a choice
    within a budget; a choice of exactly three) get legal answers from the rule-of-thumb and
    the lookahead players, which finish each effect."""
    from dejarik.agents.base import GreedyAgent, HeuristicAgent

    for agent in (GreedyAgent(1), HeuristicAgent(1)):
        s = position(light={"arena": [CLONE], "hand": ["Decoy Tactics", PATROL], "deck": [WARRIOR] * 3},
                     dark={"arena": [BDS], "deck": [GEO] * 3}, force=(0, 5))
        _battle_chance(s, LIGHT)
        act(s, f"play {c(s, 'Decoy Tactics')}")
        _answer_with(s, agent)
        assert unit(s, PATROL) in s.arena[LIGHT][1]
        s = position(light={"arena": [OBI_B], "hand": ["In Disguise", WARRIOR], "deck": [CLONE] * 3},
                     dark={"arena": [GEO], "deck": [BDS] * 3}, force=(0, 3))
        _battle_chance(s, LIGHT)
        act(s, f"play {c(s, 'In Disguise')}")
        _answer_with(s, agent)
        assert s.zone[unit(s, OBI_B)] == DISCARD
        s = mission(LIGHT, "2-1B's Touch", mine={"arena": [CLONE, WARRIOR], "deck": [CLONE] * 3},
                    theirs={"arena": [CORE], "deck": [BDS] * 3})
        s.damage[unit(s, CORE)] = s.damage[unit(s, CLONE)] = 2
        complete(s, "2-1B's Touch", LIGHT)
        _answer_with(s, agent)
        s = mission(LIGHT, "Negotiate the Peace", mine={"arena": [CLONE, CLONE_SQUAD], "deck": [CLONE] * 3},
                    theirs={"arena": [BDS, DDS], "deck": [BDS] * 3})
        complete(s, "Negotiate the Peace", LIGHT)
        _answer_with(s, agent)
        s = mission(LIGHT, "It Just Might Work", mine={"arena": [N1_SQUAD, CLONE, WARRIOR], "deck": [CLONE] * 3},
                    theirs={"deck": [BDS] * 3})
        complete(s, "It Just Might Work", LIGHT)
        _answer_with(s, agent)
        assert any(e[0] == "turn_end" for e in s.effects)
