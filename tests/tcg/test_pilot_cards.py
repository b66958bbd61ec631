"""Pilot and stacking cards (group PILOTS): Captain Lorth Needa (A), Yoda (G) (ESB), Hound's
Tooth (A) (RAS), Obi-Wan Kenobi (L) (ROTS), Darth Maul (F) (PM), checked in the engine against
what their rules text says (../shared/reference/swtcg-data/<SET>.txt; rulings from its Usage
column). Each test checks exact numbers or compares with the same position without the ability."""

from __future__ import annotations

from dejarik.tcg import flow as F
from dejarik.tcg import pilots
from dejarik.tcg.effects import abilities_of, discard_unit, keyword
from dejarik.tcg.invariants import check_invariants
from dejarik.tcg.state import ARENA, BUILD, COMMAND, DISCARD, PILOTING, UNDER, TcgState
from tests.tcg.helpers import (
    DARK,
    LIGHT,
    act,
    c,
    close_window,
    in_attack_window,
    pass_until,
    position,
    start,
    texts,
    unit,
)

STARSHIP = "Techno Union Starship"          # Dark Space 30/6/6, Techno Union Capital Ship, no abilities
ACCLAMATOR = "Acclamator-Class Assault Ship"  # Light Space 10/8/10, Republic Capital Ship, no abilities


def _board(s: TcgState, pilot: str, ship: str) -> None:
    """Put the pilot aboard the ship, as its owner's build step would."""
    pilots.move(s, unit(s, pilot), unit(s, ship))
    s.effects = []


def _attack_through(s: TcgState, attacker: str, defender: str, step: int) -> None:
    """Declare the attack, then pass every chance until the attack is over."""
    in_attack_window(s, attacker, defender, step)
    for _ in range(100):
        if s.done or s.atk is None:
            return
        pass_until(s, "?pop")
        act(s, "pass")
    raise AssertionError("the attack did not end")


# -- Captain Lorth Needa (A) ------------------------------------------------------------------
NEEDA = "Captain Lorth Needa (A)"


def test_captain_lorth_needa_a_gives_accuracy_and_leaves_when_the_defender_survives() -> None:
    """Captain Lorth Needa (A) (ESB.yaml): his Capital Ship gets Accuracy 1, and when it attacks,
    if the defending unit is not discarded (one check as the attack ends), Needa is discarded."""
    s = position(dark={"arena": [NEEDA, STARSHIP]}, light={"arena": [ACCLAMATOR]})
    ship, needa, foe = unit(s, STARSHIP), unit(s, NEEDA), unit(s, ACCLAMATOR)
    assert keyword(s, ship, "accuracy") == 0
    _board(s, NEEDA, STARSHIP)
    assert keyword(s, ship, "accuracy") == 1
    _attack_through(s, STARSHIP, ACCLAMATOR, 0)     # 6 power: at most 6 damage, 10 health
    assert s.zone[foe] == ARENA
    assert s.zone[needa] == DISCARD and needa in s.discard[DARK]
    assert s.zone[ship] == ARENA and not s.aboard and keyword(s, ship, "accuracy") == 0
    assert check_invariants(s) == []
    # the defender discarded: Needa stays aboard
    s = position(dark={"arena": [NEEDA, STARSHIP]}, light={"arena": [ACCLAMATOR]})
    ship, needa, foe = unit(s, STARSHIP), unit(s, NEEDA), unit(s, ACCLAMATOR)
    _board(s, NEEDA, STARSHIP)
    s.damage[foe] = 9                               # one hit discards it
    _attack_through(s, STARSHIP, ACCLAMATOR, 0)
    assert s.zone[foe] == DISCARD
    assert s.zone[needa] == PILOTING and s.aboard == {ship: [needa]}
    assert check_invariants(s) == []
    # Needa in the Character arena, not aboard: the ship's attack does nothing to him
    s = position(dark={"arena": [NEEDA, STARSHIP]}, light={"arena": [ACCLAMATOR]})
    _attack_through(s, STARSHIP, ACCLAMATOR, 0)
    assert s.zone[unit(s, NEEDA)] == ARENA



# -- Obi-Wan Kenobi (L) ----------------------------------------------------------------------
OBI = "Obi-Wan Kenobi (L)"
N1 = "Naboo Starfighter Squadron"           # Light Space 40/4/4, Naboo Starfighter, no abilities


def test_obi_wan_kenobi_l_flies_a_starfighter_and_may_move_off_when_the_space_step_ends() -> None:
    """Obi-Wan Kenobi (L) (ROTS.yaml): his Starfighter gets +10 speed, +1 power and "pay 1
    Force: Evade 1"; when the Space battle step ends he may move off into the Character arena."""
    s = position(light={"arena": [OBI, N1]}, force=(0, 5))
    obi, ship = unit(s, OBI), unit(s, N1)
    speed, power, own = s.speed(ship), s.power(ship), len(abilities_of(s, ship))
    _board(s, OBI, N1)
    assert (s.speed(ship), s.power(ship)) == (speed + 10, power + 1)
    given = abilities_of(s, ship)[own:]
    assert [(a.kind, a.n, a.force) for a in given] == [("prevent", 1, 1)]
    start(s, ("damage", ship, 2, -1, 1))            # Evade 1 for 1 Force, his ship's now
    act(s, f"use {c(s, N1)} {own + 1}")
    close_window(s)
    assert s.damage[ship] == 1 and s.force[LIGHT] == 4
    for answer, aboard in (("pass", True), (f"choose {c(s, OBI)}", False)):
        s.tasks = []
        start(s, ("disembark", 0))                  # the Space battle step ends
        assert s.tasks[-1][0] == "?pilot_off"
        act(s, answer)
        assert (s.zone[obi] == PILOTING) is aboard
    assert s.zone[obi] == ARENA and obi in s.arena[LIGHT][2] and not s.aboard
    assert (s.speed(ship), s.power(ship)) == (speed, power)
    assert check_invariants(s) == []
    s.tasks = []
    start(s, ("disembark", 1))                      # another step's end: nothing asked
    assert not s.tasks


def test_obi_wan_kenobi_l_may_leave_his_discarded_unit_for_the_character_arena() -> None:
    """Obi-Wan Kenobi (L) (ROTS.yaml): when the unit he flies is discarded, he may move to the
    Character arena (untapped; otherwise he stays in the discard pile with it)."""
    for answer, arena in (("pass", False), ("choose", True)):
        s = position(light={"arena": [OBI, N1]})
        obi, ship = unit(s, OBI), unit(s, N1)
        _board(s, OBI, N1)
        s.tapped[obi] = True
        s.tasks = []
        discard_unit(s, ship)
        assert s.zone[ship] == DISCARD and s.zone[obi] == DISCARD
        assert s.tasks[-1][0] == "?pilot_off"
        act(s, "pass" if answer == "pass" else f"choose {c(s, OBI)}")
        assert (s.zone[obi] == ARENA) is arena
        if arena:
            assert obi in s.arena[LIGHT][2] and not s.tapped[obi]
        assert check_invariants(s) == []
    s = position(light={"arena": [OBI, N1]})                       # in play, not aboard: nothing
    s.tasks = []
    discard_unit(s, unit(s, N1))
    assert not s.tasks and s.zone[unit(s, OBI)] == ARENA
    # a Starfighter of the Dark Side's: Obi-Wan's own Evade 2 as a Character
    s = position(light={"arena": [OBI]}, force=(0, 2))
    start(s, ("damage", unit(s, OBI), 3, -1, 1))
    act(s, f"use {c(s, OBI)} 2")
    close_window(s)
    assert s.damage[unit(s, OBI)] == 1 and s.force[LIGHT] == 0


# -- Darth Maul (F) --------------------------------------------------------------------------
MAUL = "Darth Maul (F)"
WARRIOR = "Naboo Security Guard"            # Light Character 2/30/2/2 (AOTC)


def test_darth_maul_f_deploys_from_the_build_zone_for_2_force_and_retreats_after_the_step() -> None:
    """Darth Maul (F) (PM.yaml): pay 2 Force, while he lies face down in your build zone with
    at least 5 build counters: he is deployed into the Character arena, and retreats when the
    Character battle step ends; "pay 1 Force: Evade 1" in the arena."""
    s = position(dark={"build": [(MAUL, 5)]}, light={"arena": [WARRIOR]}, force=(3, 0))
    maul = unit(s, MAUL)
    start(s, ("step", 2))
    pass_until(s, "?pop")
    act(s, f"use {c(s, MAUL)} 2")
    assert s.zone[maul] == ARENA and maul in s.arena[DARK][2] and s.force[DARK] == 1
    assert not s.tapped[maul] and s.counters[maul] == 0
    for _ in range(200):                            # he fights in the step, then goes back
        if not s.tasks or s.tasks[-1][0] == "?retreat":
            break
        acts = s.legal_actions()
        attack = [a for a in acts if s.action_to_text(a).startswith(f"attack {c(s, MAUL)}")]
        s.apply(attack[0] if attack else (F.PASS, 0, 0) if (F.PASS, 0, 0) in acts else acts[0])
    assert s.zone[maul] == BUILD and s.face_up[maul]     # retreated as the Character step ended
    assert check_invariants(s) == []
    # 4 counters, or only 1 Force: not offered
    for counters, force in ((4, 3), (5, 1)):
        s = position(dark={"build": [(MAUL, counters)], "arena": ["Battle Droid Squad"]},
                     light={"arena": [WARRIOR]}, force=(force, 0))
        start(s, ("step", 2))
        assert not s.tasks or f"use {c(s, MAUL)} 2" not in texts(s)
    s = position(dark={"build": [(MAUL, 5)]})       # not in the build step: a battle ability
    start(s, ("?build", DARK))
    assert not [t for t in texts(s) if t.startswith("use")]
    s = position(dark={"arena": [MAUL]}, force=(1, 0))      # Evade 1 for 1 Force
    start(s, ("damage", unit(s, MAUL), 3, -1, 1))
    act(s, f"use {c(s, MAUL)} 1")
    close_window(s)
    assert s.damage[unit(s, MAUL)] == 2 and s.force[DARK] == 0


# -- Hound's Tooth (A) -----------------------------------------------------------------------
TOOTH = "Hound's Tooth (A)"
WEDGE = "Wedge Antilles (B)"                # Speeder pilot: +20 speed, +2 power, Accuracy 1, prevent 2
NIEN = "Nien Nunb (A)"                      # with another pilot: +30 speed, +3 power, Accuracy 2


def _space_step_start(s: TcgState) -> None:
    s.tasks = []
    start(s, ("step", 0))


def test_hounds_tooth_a_gets_a_character_arena_pilots_abilities_as_written() -> None:
    """Hound's Tooth (A) (RAS.yaml and rulings): Shields 1; when the Space battle step starts,
    with no pilot aboard, it gets the pilot abilities of one of your Pilots in the Character arena
    until the turn ends, whatever that pilot may fly: Wedge Antilles (B)'s bonuses, but not his
    "this Speeder" prevention (the Tooth is a Transport)."""
    s = position(light={"arena": [TOOTH, WEDGE, NIEN]}, dark={"arena": [STARSHIP]})
    tooth = unit(s, TOOTH)
    assert keyword(s, tooth, "shields") == 1
    assert (s.speed(tooth), s.power(tooth), keyword(s, tooth, "accuracy")) == (40, 5, 0)
    _space_step_start(s)
    assert sorted(texts(s)) == sorted([f"choose {c(s, WEDGE)}", f"choose {c(s, NIEN)}"])
    act(s, f"choose {c(s, WEDGE)}")
    assert (s.speed(tooth), s.power(tooth), keyword(s, tooth, "accuracy")) == (60, 7, 1)
    assert s.zone[unit(s, WEDGE)] == ARENA and not s.aboard       # Wedge stays; no pilot aboard
    s.tasks = []
    start(s, ("damage", tooth, 3, -1, 1))          # "this Speeder": nothing prevented on a Transport
    while s.tasks:
        act(s, "pass")
    assert s.damage[tooth] == 3
    s.effects = []                                  # the turn ends: the abilities go
    assert (s.speed(tooth), s.power(tooth), keyword(s, tooth, "accuracy")) == (40, 5, 0)
    # Nien Nunb (A): his bonuses though no other pilot is there (the ruling)
    s = position(light={"arena": [TOOTH, NIEN]}, dark={"arena": [STARSHIP]})
    tooth = unit(s, TOOTH)
    _space_step_start(s)
    act(s, f"choose {c(s, NIEN)}")
    assert (s.speed(tooth), s.power(tooth), keyword(s, tooth, "accuracy")) == (70, 8, 2)
    assert check_invariants(s) == []


def test_hounds_tooth_a_copies_nothing_with_a_pilot_aboard() -> None:
    """Hound's Tooth (A) (RAS.yaml): with a pilot aboard, its own pilot's bonuses only, and no
    copy; discarded and back this turn, it has no copy left."""
    s = position(light={"arena": [TOOTH, NIEN, WEDGE]}, dark={"arena": [STARSHIP]})
    tooth = unit(s, TOOTH)
    _board(s, NIEN, TOOTH)                          # Nien alone aboard: nothing yet (his condition)
    _space_step_start(s)
    assert not s.tasks or f"choose {c(s, WEDGE)}" not in texts(s)
    assert (s.speed(tooth), s.power(tooth)) == (40, 5)
    s = position(light={"arena": [TOOTH, WEDGE]}, dark={"arena": [STARSHIP]})
    tooth = unit(s, TOOTH)
    _space_step_start(s)
    act(s, f"choose {c(s, WEDGE)}")
    assert s.power(tooth) == 7
    discard_unit(s, tooth)
    assert not [e for e in s.effects if e[0] == "pilot_copy"]


# -- Yoda (G) --------------------------------------------------------------------------------
YODA = "Yoda (G)"
ANI = "Anakin Skywalker (A)"                # Light 7/60/6/5, Jedi Padawan
LUKE = "Luke Skywalker (A)"                 # Light 5/50/4/4, Jedi Padawan


def _deploy_yoda(s: TcgState, card: int, host: str | None) -> None:
    """Deploy this Yoda (G) from the build zone; stack him under `host` (or decline)."""
    act(s, f"deploy {YODA}#{card}")
    assert s.tasks[-1][0] == "?trigger"
    if host is None:
        act(s, "pass")
        return
    act(s, "yes")
    if s.tasks[-1][0] == "?option":                 # the Padawans he may go under
        act(s, f"choose {host}")


def test_yoda_g_stacks_under_a_jedi_padawan_who_gets_the_stack_bonus() -> None:
    """Yoda (G) (ESB.yaml and rulings): deployed, he may go under a Jedi Padawan of another name
    (one copy a stack, never on top, the stack may hold a fifth card); there he doesn't count as
    Yoda: another Yoda (G) may go under another Padawan, and other Yodas deploy as usual."""
    s = position(light={"arena": [ANI, LUKE], "build": [(YODA, 3), (YODA, 3), ("Yoda (B)", 5)]})
    ani, luke = unit(s, ANI), unit(s, LUKE)
    y1, y2 = (i for i in range(len(s.card_def)) if s.name(i) == YODA)
    before = (s.speed(ani), s.power(ani), s.health(ani))
    s.phase = COMMAND
    start(s, ("?build", LIGHT))
    act(s, f"deploy {YODA}#{y1}")
    act(s, "yes")                                   # the trigger: yes
    assert sorted(s.legal_actions()) == [(F.CHOOSE, 0, 0), (F.CHOOSE, 1, 0)]     # Anakin or Luke
    act(s, "choose option 1")                       # Anakin, the first
    assert s.under == {ani: [y1]} and s.zone[y1] != ARENA
    assert (s.speed(ani), s.power(ani), s.health(ani)) == (before[0] + 10, before[1] + 1, before[2] + 1)
    assert not any(a[0] == F.RESTACK for a in s.legal_actions())     # never on top
    # the second copy: not under Anakin again, but under Luke
    act(s, f"deploy {YODA}#{y2}")
    act(s, "yes")
    assert len(s.legal_actions()) == 1
    act(s, "choose option 1")                       # Luke, the only one
    assert s.under == {ani: [y1], luke: [y2]}
    yb = unit(s, "Yoda (B)")
    act(s, f"deploy {c(s, 'Yoda (B)')}")           # another Yoda: his own unit, not a stack
    assert s.zone[yb] == ARENA and yb not in s.under
    assert check_invariants(s) == []


def test_yoda_g_lets_a_full_padawan_stack_hold_a_fifth_card() -> None:
    """Yoda (G) (ESB.yaml): a stack of 4 Anakin versions takes him as a fifth card; declined,
    he stays in the Character arena as Yoda; deployed in setup, nothing is asked (his ruling)."""
    four = [ANI, "Anakin Skywalker (B)", "Anakin Skywalker (C)", "Anakin Skywalker (D)"]
    s = position(light={"arena": [ANI], "hand": four[1:], "build": [(YODA, 3)]})
    ani = unit(s, ANI)
    for card in four[1:]:                           # a stack of 4 Anakins
        x = unit(s, card)
        s.hand[LIGHT].remove(x)
        s.zone[x] = UNDER
        s.under.setdefault(ani, []).append(x)
    assert check_invariants(s) == []
    health = s.health(ani)
    s.phase = COMMAND
    start(s, ("?build", LIGHT))
    _deploy_yoda(s, unit(s, YODA), "option 1")
    assert len(s.under[ani]) == 4 and s.health(ani) == health + 1
    assert check_invariants(s) == []
    s = position(light={"arena": [ANI], "build": [(YODA, 3)]})
    s.phase = COMMAND
    start(s, ("?build", LIGHT))
    _deploy_yoda(s, unit(s, YODA), None)
    assert s.zone[unit(s, YODA)] == ARENA and not s.under
    s = position(light={"arena": [ANI], "hand": [YODA]})
    s.setup_left = [0, 30]
    start(s, ("?setup", LIGHT, 0))
    act(s, f"deploy {c(s, YODA)}")
    assert not s.tasks or s.tasks[-1][0] != "?trigger"
