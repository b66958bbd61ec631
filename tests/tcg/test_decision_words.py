"""Decisions explain themselves: every pending decision says in the observation what it is for
and what each option does, the log says what was chosen, and a player orders their own
abilities that trigger together."""

from __future__ import annotations

import random

import pytest

from dejarik import get_game
from dejarik.tcg.state import ARENA, TcgState
from tests.tcg.helpers import DARK, LIGHT, act, position, start, texts, unit

GAME = get_game("tcg")
PAIRS = [("separatist_droid_army", "republic_clone_army"), ("sith_and_bounty_hunters", "jedi_council"),
         ("separatist_droid_army", "jedi_council")]
NSG = "Naboo Security Guard"
SIDIOUS, ELAN, WATTO = "Darth Sidious (A)", "Elan Sleazebaggano (A)", "Watto (A)"


def c(s: TcgState, name: str, p: int | None = None) -> str:
    return f"{name}#{unit(s, name, p)}"


def check_decision(s: TcgState) -> None:
    """The contract of the observation's `decision`, for both seats."""
    who = s.current_player
    legal = [s.action_to_text(a) for a in s.legal_actions()]
    public = None
    for viewer in (DARK, LIGHT):
        d = s.observation(viewer)["decision"]
        assert d["player"] == who and d["for"] and d["prompt"], d
        if public is None:
            public = (d["for"], d["prompt"])
        assert (d["for"], d["prompt"]) == public     # the same words for every seat
        if viewer != who:
            assert d["options"] == []
            continue
        assert [o["action"] for o in d["options"]] == legal
        for o in d["options"]:
            assert o["does"] and o["does"] != o["action"], o


def _random_game(seed: int, check_every: int = 1) -> tuple[TcgState, int]:
    dark, light = PAIRS[seed % len(PAIRS)]
    s = GAME.new_state({"dark": dark, "light": light}, seed)
    assert isinstance(s, TcgState)
    s.log = []
    rng = random.Random(seed)
    inner = 0
    steps = 0
    while not s.is_terminal() and steps < 4000:
        if steps % check_every == 0:
            check_decision(s)
        if steps % 7 == 0:
            viewer = s.current_player
            world = s.resample_hidden(viewer, seed + steps)
            assert world.observation(viewer)["decision"] == s.observation(viewer)["decision"]
            other = 1 - viewer
            world = s.resample_hidden(other, seed + steps)
            assert world.observation(other)["decision"] == s.observation(other)["decision"]
        op = s.tasks[-1][0]
        before = len(s.log)
        s.apply(s.legal_actions()[rng.randrange(len(s.legal_actions()))])
        if op not in ("?setup", "?build", "?attack", "?retreat", "?pop"):
            inner += 1
            line = s.log[before]
            assert line.startswith(("the Dark Side ", "the Light Side ")), line
            assert " chooses for " in line or " bids " in line or " bidding " in line \
                or " partly builds " in line, line
        steps += 1
    assert "decision" not in s.observation(DARK) or not s.is_terminal()
    return s, inner


@pytest.mark.parametrize("seed", range(24))
def test_random_games_explain_every_decision(seed: int) -> None:
    s, inner = _random_game(seed)
    assert s.is_terminal() and "decision" not in s.observation(DARK)
    assert inner > 0


def test_the_views_read_the_same_words() -> None:
    views = GAME.views
    s = position(dark={"arena": ["Poggle the Lesser (A)"]}, light={"arena": [NSG]}, force=(0, 3))
    start(s, ("step", 2))
    assert views.decision_prompt(s) == ""                 # a main move: the board says it
    act(s, f"use {c(s, 'Poggle the Lesser (A)')} 1")
    d = s.observation(DARK)["decision"]
    assert views.decision_prompt(s) == d["prompt"]
    assert [views.option_label(s, i) for i in range(len(d["options"]))] == [o["does"] for o in d["options"]]
    assert views.option_label(s, len(d["options"])) == ""


def test_an_opponents_payment_names_the_ability_and_the_cost() -> None:
    """Poggle: tap an enemy Character unless its side pays 3 Force; the Light Side decides."""
    s = position(dark={"arena": ["Poggle the Lesser (A)"]}, light={"arena": [NSG]}, force=(0, 3))
    start(s, ("step", 2))
    act(s, f"use {c(s, 'Poggle the Lesser (A)')} 1")
    d = s.observation(DARK)["decision"]
    assert d["for"] == "Poggle the Lesser (A)'s ability (used instead of attacking)"
    assert d["prompt"] == "Dark Side: choose one of the Light Side's units in the Character arena"
    assert d["options"] == [{"action": f"choose {c(s, NSG)}",
                             "does": f"pick {NSG} (Light Side's, the Character arena): tap {NSG} "
                                     f"unless its owner pays 3 Force"}]
    act(s, f"choose {c(s, NSG)}")
    d = s.observation(LIGHT)["decision"]
    assert d["prompt"] == "Light Side: pay 3 Force to stop it, or not"
    assert [o["does"] for o in d["options"]] == [
        f"pay 3 Force so that this does not happen: tap {NSG}", f"don't pay: tap {NSG}"]
    act(s, "pay 3")
    assert s.log[-2:] == [
        f"the Dark Side chooses for Poggle the Lesser (A)'s ability (used instead of attacking): "
        f"pick {NSG} (Light Side's, the Character arena): tap {NSG} unless its owner pays 3 Force",
        f"the Light Side chooses for Poggle the Lesser (A)'s ability (used instead of attacking): "
        f"pay 3 Force so that this does not happen: tap {NSG}"]


def test_an_optional_trigger_says_what_yes_does_and_the_log_tells_the_answer() -> None:
    s = position(dark={"arena": [WATTO, "Battle Droid Squad"]})
    s.damage[unit(s, "Battle Droid Squad")] = 2
    start(s, ("end_battle",))
    d = s.observation(DARK)["decision"]
    assert d["for"] == "Watto (A)'s ability (when the battle phase ends)"
    assert [o["does"] for o in d["options"]] == [
        "yes: you choose one of your damaged Droids/Speeders/Starfighters; remove up to 1 damage from it",
        "no: don't use it"]
    act(s, "yes")
    act(s, f"choose {c(s, 'Battle Droid Squad')}")
    assert s.log[-3:-1] == [
        "the Dark Side chooses for Watto (A)'s ability (when the battle phase ends): yes: they choose "
        "one of their damaged Droids/Speeders/Starfighters; remove up to 1 damage from it",
        "the Dark Side chooses for Watto (A)'s ability (when the battle phase ends): pick Battle Droid "
        "Squad (Dark Side's, the Ground arena): remove up to 1 damage from Battle Droid Squad"]


def test_an_arena_choice_and_a_discard_name_their_card() -> None:
    s = position(dark={"arena": ["Destroyer Droid Squad"]},
                 light={"arena": ["Clone Platoon"], "hand": ["Battle Fatigue"]}, force=(0, 2))
    start(s, ("step", 1))
    act(s, f"play {c(s, 'Battle Fatigue')}")
    d = s.observation(LIGHT)["decision"]
    assert d["for"] == "the Light Side's Battle card Battle Fatigue"
    assert d["options"][1] == {"action": "choose ground",
                               "does": "pick the Ground arena: each unit in the Ground arena gets -1 power "
                                       "until the end of the battle phase"}
    s = position(dark={"arena": ["Nute Gunray (A)"]}, light={"hand": ["Clone Platoon", "Hero's Dodge"]})
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'Nute Gunray (A)')} 1")
    d = s.observation(DARK)["decision"]           # the Dark Side sees what the Light Side is asked
    assert (d["player"], d["for"], d["options"]) == (LIGHT, "Nute Gunray (A)'s ability (used in the build step)", [])
    act(s, "choose " + c(s, "Hero's Dodge"))
    assert s.log[-1] == ("the Light Side chooses for Nute Gunray (A)'s ability (used in the build step): "
                         "discard Hero's Dodge from their hand")


def test_setup_partial_build_keeps_the_card_out_of_the_log() -> None:
    s = position(dark={"hand": ["Clone Platoon"], "deck": ["Clone Squad"]})
    s.setup_left = [3, 0]
    start(s, ("?partial", DARK))
    d = s.observation(DARK)["decision"]
    assert d["options"][0]["does"] == ("put the card Clone Platoon face down in your build zone with 1 "
                                       "build counter (it costs 4) and draw a card")
    assert "Clone Platoon" not in s.observation(LIGHT)["decision"]["prompt"]
    act(s, f"build {c(s, 'Clone Platoon')} +2")
    assert s.log[-1] == "the Dark Side partly builds a card in setup with 2 build counter(s)"


# -- abilities that trigger together ---------------------------------------------------------------
def test_simultaneous_triggers_are_ordered_by_their_owner() -> None:
    """Seed 004 (../shared/seeds/004_60616c82074bc708.txt) says nothing of abilities that trigger
    together: line 15 has the Dark Side start each step of the ready phase, and line 79 (end
    of turn) only says to resolve every ability that works then. The reference
    (../shared/reference/swtcg.md) settles order between the sides (section 1, line 26: the
    Dark Side goes first whenever order matters) and lets the Dark Side order contested pairs
    (section 10, line 175); on one player's own simultaneous triggers it is silent too. So the
    Dark Side's resolve first, and each player orders their own.

    Darth Sidious (A) (gain 1 Force) and Elan Sleazebaggano (A) (1 damage to each other
    Character) both trigger when the battle phase ends: with Sidious first, the Force he gains
    pays for his Evade against Elan's damage."""
    s = position(dark={"arena": [SIDIOUS, ELAN]}, light={"arena": ["Yoda (A)", NSG]}, force=(1, 0))
    start(s, ("end_battle",))
    assert s.current_player == DARK
    assert texts(s) == [f"first {c(s, SIDIOUS)}", f"first {c(s, ELAN)}"]
    assert s.text_to_action(f"first {c(s, ELAN)}") in s.legal_actions()       # the notation round-trips
    d = s.observation(DARK)["decision"]
    assert d["for"] == "the order of the Dark Side's abilities that trigger together (when the battle phase ends)"
    assert d["options"][0]["does"] == f"{SIDIOUS}'s ability resolves first: gain 1 Force"
    act(s, f"first {c(s, SIDIOUS)}")
    assert s.force[DARK] == 2
    assert s.log[0] == (f"the Dark Side chooses for the order of the Dark Side's abilities that trigger "
                        f"together (when the battle phase ends): {SIDIOUS}'s ability resolves first: "
                        f"gain 1 Force")
    while s.tasks and s.dmg is None:
        act(s, "pass")
    assert s.dmg is not None and s.name(s.dmg[0]) == SIDIOUS
    assert f"use {c(s, SIDIOUS)} 3" in texts(s)                                # Evade 3, for 2 Force
    # the other order: Elan's damage comes while the Dark Side has 1 Force, too little to evade
    s = position(dark={"arena": [SIDIOUS, ELAN]}, light={"arena": ["Yoda (A)", NSG]}, force=(1, 0))
    start(s, ("end_battle",))
    act(s, f"first {c(s, ELAN)}")
    offered: list[str] = []
    while s.tasks:
        offered += texts(s)
        act(s, "pass")
    assert f"use {c(s, SIDIOUS)} 3" not in offered
    assert s.damage[unit(s, SIDIOUS)] == 1 and s.force[DARK] == 2


def test_the_light_sides_triggers_wait_for_the_dark_sides_and_copies_need_no_order() -> None:
    s = position(dark={"arena": [SIDIOUS]}, light={"arena": ["Yoda (A)", ELAN]})
    start(s, ("end_battle",))
    assert s.force[DARK] == 1                       # the Dark Side's own trigger ran first
    assert s.current_player == LIGHT and texts(s) == [f"first {c(s, 'Yoda (A)')}", f"first {c(s, ELAN)}"]
    # two copies of one ability: the order changes nothing, so nobody is asked
    droid = "Destroyer Droid, P Series"
    s = position(dark={"arena": [droid, droid]})
    start(s, ("step", 2))
    assert s.tasks[-1][0] == "?option"
    s = position(dark={"arena": [droid, "Zam Wesell (A)"]})
    start(s, ("step", 2))
    assert s.tasks[-1][0] == "?order"
    act(s, f"first {c(s, 'Zam Wesell (A)')}")
    assert s.tasks[-1][0] == "?option"
    assert s.observation(DARK)["decision"]["for"] == \
        "Zam Wesell (A)'s ability (when the Character battle step starts)"


def test_an_order_decision_survives_hidden_resampling() -> None:
    s = position(dark={"arena": [SIDIOUS, ELAN], "hand": ["Clone Platoon"]}, light={"hand": [NSG]})
    start(s, ("end_battle",))
    assert s.tasks[-1][0] == "?order"
    for viewer in (DARK, LIGHT):
        world = s.resample_hidden(viewer, 3)
        assert world.observation(viewer)["decision"] == s.observation(viewer)["decision"]
    assert all(s.zone[u] == ARENA for u in (unit(s, SIDIOUS), unit(s, ELAN)))
