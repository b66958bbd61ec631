"""Cards that set cards aside for a while and play them "as if from your hand" (group SET-ASIDE:
effects.set_aside, the set-aside place `s.aside`), and Redoubled Effort (effects.extra_use).
docs/tcg.md, "Cards set aside", says what Dejarik decided where the sources are silent."""

from __future__ import annotations

from dataclasses import replace

import pytest

from dejarik.core.errors import DejarikError
from dejarik.core.rng import Rng
from dejarik.tcg import flow as F
from dejarik.tcg.abilities import parse_abilities
from dejarik.tcg.appboard import app_board
from dejarik.tcg.carddefs import all_defs
from dejarik.tcg.effects import AS_PLAY
from dejarik.tcg.game import new_state
from dejarik.tcg.invariants import check_invariants
from dejarik.tcg.observe import observation
from dejarik.tcg.policy import heuristic_action
from dejarik.tcg.state import ASIDE, DISCARD, HAND, TcgState
from dejarik.tcg.tensors import LOCATIONS, spaces_for
from dejarik.tcg.views import board_lines
from tests.tcg.helpers import (
    DARK,
    LIGHT,
    act,
    c,
    close_window,
    complete,
    in_attack_window,
    mission,
    pass_until,
    position,
    start,
    texts,
    unit,
)

SURGE = "Surge of Power"          # 1 Force, while attacking: your attacker +2 power (cost 0: a Battle card)
HATE = "Strength of Hate"         # 2 Force, while attacking: your attacker +3 power
DODGE = "Hero's Dodge"            # 1 Force, a prevention chance only
PLATOON = "Clone Platoon"         # a Ground unit of build cost 4
JAWA = "Jawa"
GUARD = "Geonosian Guard"         # Dark Character 30/2/2
NABOO = "Naboo Security Guard"    # Light Character 30/2/2


def _round_trip(s: TcgState) -> None:
    """The set-aside place survives a copy (a save: test_quinlan_vos_a_set_aside_cards_are_saved)."""
    copy = s.clone()
    assert (copy.state_hash(), copy.aside) == (s.state_hash(), s.aside)
    copy.aside[next(iter(copy.aside))][AS_PLAY] = 9
    assert copy.aside != s.aside        # a copy of its own


# -- Darth Vader (L) --------------------------------------------------------------------------
def test_darth_vader_l_plays_the_opponents_battle_cards_and_puts_the_rest_back() -> None:
    """Darth Vader (L) (RAS.yaml): when he attacks, the top 3 cards of the opponent's deck are
    set aside face up; his side may play the Battle cards among them as if from hand (paying
    their cost; each then goes to its owner's discard pile) and when the Character battle step
    ends the rest go back on top of their owner's deck in the order Vader's side picks."""
    vader = "Darth Vader (L)"
    s = position(dark={"arena": [vader]},
                 light={"arena": [NABOO], "deck": [SURGE, PLATOON, HATE, JAWA]}, force=(5, 0))
    in_attack_window(s, vader, NABOO, 2)
    surge, hate, platoon = unit(s, SURGE), unit(s, HATE), unit(s, PLATOON)
    assert sorted(s.aside) == sorted([surge, hate, platoon]) and s.zone[surge] == ASIDE
    assert [s.name(x) for x in s.deck[LIGHT]] == [JAWA]
    assert check_invariants(s) == []
    _round_trip(s)
    # face up: both players see them; only the Battle cards are Vader's side's to play
    seen = observation(s, LIGHT)["sides"][LIGHT]["set_aside"]
    assert sorted((x["name"], x["playable_by"]) for x in seen) == [
        (PLATOON, None), (HATE, "Dark Side"), (SURGE, "Dark Side")]
    assert texts(s) == [f"play {c(s, HATE)}", f"play {c(s, SURGE)}", "pass"]
    act(s, f"play {c(s, SURGE)}")
    assert (s.force[DARK], s.power(unit(s, vader)), s.zone[surge], surge in s.discard[LIGHT]) == (4, 7, DISCARD, True)
    # the defender's side can't play them (not in its hand): it passed at once
    assert s.current_player == DARK and not any(a[0] == F.PLAY for a in F._window_plays(s, LIGHT, F.IN_ATTACK))
    pass_until(s, "?aside_order")
    assert s.current_player == DARK        # the order is Vader's side's
    act(s, f"choose {c(s, HATE)}")         # the first chosen ends on top
    assert [s.name(x) for x in reversed(s.deck[LIGHT])] == [HATE, PLATOON, JAWA]
    assert (s.aside, check_invariants(s)) == ({}, [])


def test_darth_vader_l_without_an_attack_sets_nothing_aside() -> None:
    """Darth Vader (L) (RAS.yaml): nothing is set aside until he attacks (another unit's attack
    doesn't trigger it), and his Evade 3 costs 3 Force."""
    s = position(dark={"arena": ["Darth Vader (L)", GUARD]},
                 light={"arena": [NABOO], "deck": [SURGE, PLATOON, HATE, JAWA]}, force=(5, 0))
    start(s, ("step", 2))
    pass_until(s, "?attack")
    act(s, f"hold {c(s, 'Darth Vader (L)')}")
    pass_until(s, "?attack")
    act(s, f"attack {c(s, GUARD)} > {c(s, NABOO)}")
    assert (s.aside, len(s.deck[LIGHT])) == ({}, 4)
    s = position(dark={"arena": ["Darth Vader (L)"]}, force=(3, 0))
    start(s, ("damage", unit(s, "Darth Vader (L)"), 3, -1, 1))
    act(s, f"use {c(s, 'Darth Vader (L)')} 1")
    assert (s.force[DARK], s.damage[unit(s, "Darth Vader (L)")]) == (0, 0)


# -- Quinlan Vos (A) --------------------------------------------------------------------------
def test_quinlan_vos_a_sets_his_top_cards_aside_face_down_and_plays_them() -> None:
    """Quinlan Vos (A) (PM.yaml): when the Character battle step starts, the top 3 cards of his
    deck are set aside face down (his side may look at them and play the Battle cards among
    them as if from hand); when that step ends the rest go under his deck in the order his side
    picks. The opponent doesn't know them, even in a re-dealt world."""
    quinlan = "Quinlan Vos (A)"
    s = position(dark={"arena": [GUARD]},
                 light={"arena": [quinlan], "deck": [SURGE, PLATOON, HATE, JAWA]}, force=(0, 5))
    start(s, ("step", 2))
    surge, hate, platoon, jawa = unit(s, SURGE), unit(s, HATE), unit(s, PLATOON), unit(s, JAWA)
    assert sorted(s.aside) == sorted([surge, hate, platoon]) and s.deck[LIGHT] == [jawa]
    mine = [x["name"] for x in observation(s, LIGHT)["sides"][LIGHT]["set_aside"]]
    theirs = [x["name"] for x in observation(s, DARK)["sides"][LIGHT]["set_aside"]]
    assert (sorted(mine), theirs) == (sorted([SURGE, PLATOON, HATE]), ["a face-down card"] * 3)
    assert not any(SURGE in line or HATE in line for line in s.log)     # the log names none
    _round_trip(s)
    world = s.resample_hidden(DARK, 7)     # the opponent's search re-deals them
    assert (check_invariants(world), len(world.aside)) == ([], 3)
    assert check_invariants(s.resample_hidden(LIGHT, 7)) == []
    pass_until(s, "?attack")
    act(s, f"attack {c(s, quinlan)} > {c(s, GUARD)}")
    assert s.current_player == LIGHT      # the Dark Side had nothing to play
    assert f"play {c(s, SURGE)}" in texts(s) and f"play {c(s, HATE)}" in texts(s)
    act(s, f"play {c(s, SURGE)}")
    assert (s.power(unit(s, quinlan)), s.force[LIGHT], surge in s.discard[LIGHT]) == (8, 4, True)
    pass_until(s, "?aside_order")
    assert s.current_player == LIGHT
    act(s, f"choose {c(s, HATE)}")        # the first chosen ends at the very bottom
    assert s.deck[LIGHT] == [hate, platoon, jawa] and s.aside == {}
    assert check_invariants(s) == []


def test_quinlan_vos_a_set_aside_cards_are_saved() -> None:
    """Quinlan Vos (A) (PM.yaml): a game saved with his face-down set-aside cards (his effect run
    on a real game) loads with the same place, records and knowledge."""
    g = new_state({}, 3)
    op = next(a for a in all_defs()["Quinlan Vos (A)"].abilities if a.kind == "trigger").ops[0]
    g.tasks.append(("fx", (op,), 0, (LIGHT, -1, (), -1, 0)))
    F.run(g)
    assert (len(g.aside), check_invariants(g)) == (3, [])
    back = TcgState.from_json(g.to_json())
    assert (back.aside, back.state_hash()) == (g.aside, g.state_hash())
    assert all(back.zone[x] == ASIDE for x in back.aside)
    assert [x["name"] for x in observation(back, DARK)["sides"][LIGHT]["set_aside"]] == ["a face-down card"] * 3


def test_quinlan_vos_a_set_aside_cards_on_the_board() -> None:
    """Quinlan Vos (A) (PM.yaml): the terminal board and the app board show his face-down
    set-aside cards by name to his side only; the learning spaces put them in the set-aside
    places (unknown to the opponent: opp_hidden)."""
    s = position(dark={"arena": [GUARD]},
                 light={"arena": ["Quinlan Vos (A)"], "deck": [SURGE, PLATOON, HATE, JAWA]}, force=(0, 5))
    start(s, ("step", 2))
    assert f"  Set aside: {HATE}, {PLATOON}, {SURGE}" in board_lines(s, LIGHT)
    assert "  Set aside: a face-down card, a face-down card, a face-down card" in board_lines(s, DARK)
    sheets = app_board(observation(s, LIGHT), all_defs(), ("a", "b")).sheets
    heads = [str(sheet.head) for sheet in sheets]
    assert any("Set aside: " in h and f"{SURGE} (the Light Side may play it)" in h for h in heads)
    assert not any(SURGE in str(sheet.head) for sheet in app_board(observation(s, DARK), all_defs(),
                                                                    ("a", "b")).sheets)
    layout = spaces_for(s)
    mine = layout.observe(s, LIGHT)[:layout.n * layout.card_width].reshape(layout.n, -1)
    theirs = layout.observe(s, DARK)[:layout.n * layout.card_width].reshape(layout.n, -1)
    surge = unit(s, SURGE)
    assert mine[surge, LOCATIONS.index("my_aside")] == 1
    assert theirs[surge, LOCATIONS.index("opp_hidden")] == 1 and theirs[surge, :len(LOCATIONS)].sum() == 1


def test_quinlan_vos_a_set_aside_data_is_checked() -> None:
    """Quinlan Vos (A) (PM.yaml): the set_aside effect's fields are validated; a bad value
    names the file, the card, the ability and the field."""
    bad = {"set": "PM", "cards": {"Quinlan Vos (A)": [
        {"when": "step_start_character", "do": [{"set_aside": {
            "from": "deck", "n": 3, "face": "down", "play": "any", "back": "deck_middle",
            "until": "character_step"}}]}]}}
    with pytest.raises(DejarikError, match=r"PM\.yaml.*Quinlan Vos \(A\).*set_aside\.back"):
        parse_abilities(bad, "PM.yaml")
    bad["cards"]["Quinlan Vos (A)"][0]["do"][0]["set_aside"].update(back="hand", n=0)
    with pytest.raises(DejarikError, match=r"set_aside\.n"):
        parse_abilities(bad, "PM.yaml")


def test_quinlan_vos_a_built_in_players_finish_the_step() -> None:
    """Quinlan Vos (A) (PM.yaml): the rule-of-thumb player sees the set-aside cards among its
    options and the step ends with every card back in a zone (no stall)."""
    s = position(dark={"arena": [GUARD]},
                 light={"arena": ["Quinlan Vos (A)"], "deck": [SURGE, PLATOON, HATE, JAWA]}, force=(0, 9))
    start(s, ("step", 2), ("end_turn",))
    rng = Rng(3)
    for _ in range(100):
        if s.done or not s.tasks:
            break
        s.apply(heuristic_action(s, rng))
        assert check_invariants(s) == []
    assert s.aside == {} and len(s.deck[LIGHT]) + len(s.discard[LIGHT]) == 4


# -- Quest for Truth --------------------------------------------------------------------------
def test_quest_for_truth_plays_one_of_the_opponents_battle_cards() -> None:
    """Quest for Truth (ESB.yaml): completing it looks at the opponent's hand and sets aside all
    its Battle cards; this turn its side may play one of them as if from hand (paying its cost;
    it then goes to its owner's discard pile); when the turn ends the rest go back to the
    opponent's hand."""
    s = mission(DARK, "Quest for Truth", mine={"arena": [GUARD], "hand": [HATE]},
                theirs={"arena": [NABOO], "hand": [SURGE, DODGE, PLATOON]}, force=(3, 5))
    complete(s, "Quest for Truth", DARK)
    surge, dodge, platoon = unit(s, SURGE), unit(s, DODGE), unit(s, PLATOON)
    assert (sorted(s.aside), s.hand[LIGHT]) == (sorted([surge, dodge]), [platoon])
    assert s.shown[platoon] >> DARK & 1          # the rest of the hand was seen
    assert check_invariants(s) == []
    _round_trip(s)
    in_attack_window(s, GUARD, NABOO, 2)
    assert f"play {c(s, SURGE)}" in texts(s)
    act(s, f"play {c(s, SURGE)}")
    assert (s.power(unit(s, GUARD)), s.force[DARK], surge in s.discard[LIGHT]) == (4, 2, True)
    assert s.aside[dodge][AS_PLAY] == 0          # one of them only
    assert texts(s) == [f"play {c(s, HATE)}", "pass"]      # the Light Side passed: nothing to play
    start(s, ("end_turn",))
    assert (s.zone[dodge], dodge in s.hand[LIGHT], s.aside) == (HAND, True, {})
    assert check_invariants(s) == []


def test_quest_for_truth_with_no_battle_card_sets_nothing_aside() -> None:
    """Quest for Truth (ESB.yaml): with no Battle card in the opponent's hand nothing is set
    aside (the hand is still seen), and nothing is left to return at the end of the turn."""
    s = mission(DARK, "Quest for Truth", theirs={"hand": [PLATOON, JAWA]})
    complete(s, "Quest for Truth", DARK)
    assert (s.aside, len(s.hand[LIGHT])) == ({}, 2)
    assert all(s.shown[x] >> DARK & 1 for x in s.hand[LIGHT])


# -- Mace Windu (F) ---------------------------------------------------------------------------
def _mace(top: str, force: int = 10) -> TcgState:
    """Mace Windu (F) attacking, his ability offered at the chance before the dice."""
    s = position(dark={"arena": [GUARD]}, light={"arena": ["Mace Windu (F)"], "deck": [top, JAWA]},
                 force=(0, force))
    in_attack_window(s, "Mace Windu (F)", GUARD, 2)
    assert s.current_player == LIGHT      # the Dark Side had nothing to play
    return s


def test_mace_windu_f_reveals_a_battle_card_to_play_at_that_chance() -> None:
    """Mace Windu (F) (ROTS.yaml): pay 2 Force, reveal the top card of his deck: +X power for
    this attack, X its build cost (a Battle card has none: 0); a Battle card may be played at
    that play-or-pass chance, paying its cost, then goes to the discard pile."""
    s = _mace(SURGE)
    mace, surge = unit(s, "Mace Windu (F)"), unit(s, SURGE)
    act(s, f"use {c(s, 'Mace Windu (F)')} 2")
    assert (s.force[LIGHT], s.power(mace), s.zone[surge], s.shown[surge]) == (8, 7, ASIDE, 3)
    assert s.current_player == LIGHT      # the Dark Side passed again
    assert f"play {c(s, SURGE)}" in texts(s)
    act(s, f"play {c(s, SURGE)}")
    assert (s.force[LIGHT], s.power(mace), s.zone[surge], s.aside) == (7, 9, DISCARD, {})
    assert check_invariants(s) == []


def test_mace_windu_f_other_cards_give_their_build_cost() -> None:
    """Mace Windu (F) (ROTS.yaml): a revealed card that is not a Battle card gives +X power (its
    build cost) and goes straight to the discard pile; with an empty deck the ability isn't
    offered (revealing is part of its cost)."""
    s = _mace(PLATOON)
    act(s, f"use {c(s, 'Mace Windu (F)')} 2")
    assert (s.power(unit(s, "Mace Windu (F)")), s.zone[unit(s, PLATOON)], s.aside) == (11, DISCARD, {})
    s = position(dark={"arena": [GUARD]}, light={"arena": ["Mace Windu (F)"], "hand": [SURGE]}, force=(0, 10))
    in_attack_window(s, "Mace Windu (F)", GUARD, 2)
    assert texts(s) == [f"play {c(s, SURGE)}", "pass"]


def test_mace_windu_f_battle_card_of_another_timing_is_discarded() -> None:
    """Mace Windu (F) (ROTS.yaml), its rulings: the Battle card must be one playable at that
    chance (a prevention card is not), and unplayed it is discarded when the chance ends; it is
    not kept for a later chance."""
    s = _mace(DODGE)
    dodge = unit(s, DODGE)
    act(s, f"use {c(s, 'Mace Windu (F)')} 2")
    assert f"play {c(s, DODGE)}" not in texts(s) and s.zone[dodge] == ASIDE
    close_window(s)
    assert (s.zone[dodge], s.aside, check_invariants(s)) == (DISCARD, {}, [])


def test_mace_windu_f_gains_force_when_the_character_step_ends() -> None:
    """Mace Windu (F) (ROTS.yaml): when the Character battle step ends his side gains 1 Force
    (not when another step ends)."""
    s = position(light={"arena": ["Mace Windu (F)"]}, force=(0, 2))
    start(s, ("disembark", 1))
    assert s.force[LIGHT] == 2
    start(s, ("disembark", 2))
    assert s.force[LIGHT] == 3


# -- Redoubled Effort -------------------------------------------------------------------------
def _evades(played: bool) -> tuple[int, int, int]:
    """Mace Windu (F) attacked, with or without Redoubled Effort played on him: how many times
    his Evade 2 works against one damage instance of 6, the damage he takes, the Force left."""
    s = position(dark={"arena": ["Geonosian Warrior"]},     # (a second copy keeps the chance open)
                 light={"arena": ["Mace Windu (F)"], "hand": ["Redoubled Effort"] * 2}, force=(0, 10))
    in_attack_window(s, "Geonosian Warrior", "Mace Windu (F)", 2)
    mace = unit(s, "Mace Windu (F)")
    if played:
        act(s, f"play {c(s, 'Redoubled Effort')}")
        act(s, f"choose {c(s, 'Mace Windu (F)')}")
        assert ("extra_use", mace) in s.effects
    start(s, ("damage", mace, 6, unit(s, "Geonosian Warrior"), 1))     # the attack's damage
    uses = 0
    while s.tasks and f"use {c(s, 'Mace Windu (F)')} 3" in texts(s):
        act(s, f"use {c(s, 'Mace Windu (F)')} 3")
        uses += 1
    if s.tasks:
        close_window(s)
    return uses, s.damage[mace], s.force[LIGHT]


def test_redoubled_effort_lets_an_evade_work_twice() -> None:
    """Redoubled Effort (RAS.yaml): one of your Characters may use one of its activated
    abilities one extra time this attack: Mace Windu (F)'s Evade 2, once per damage instance,
    works twice against the same damage (and not a third time); the extra use goes when the
    attack ends."""
    assert _evades(False) == (1, 4, 8)
    assert _evades(True) == (2, 2, 6)


def test_redoubled_effort_extra_use_ends_with_the_attack() -> None:
    """Redoubled Effort (RAS.yaml): it costs nothing; the extra use lasts for this attack only,
    and while it lasts a once-a-turn ability used already may be used again (flow's limit
    test)."""
    s = position(light={"arena": ["Mace Windu (F)"], "hand": ["Redoubled Effort"] * 2},
                 dark={"arena": ["Geonosian Warrior"]}, force=(0, 10))
    in_attack_window(s, "Geonosian Warrior", "Mace Windu (F)", 2)
    act(s, f"play {c(s, 'Redoubled Effort')}")
    act(s, f"choose {c(s, 'Mace Windu (F)')}")
    mace = unit(s, "Mace Windu (F)")
    assert ("extra_use", mace) in s.effects and s.force[LIGHT] == 10    # it costs nothing
    ab = next(a for a in s.d(mace).abilities if a.kind == "activated")
    s.effects.append(("used", mace, 1))
    once = replace(ab, once_per_turn=True)
    assert F._used_up(s, mace, 1, once) is False       # the extra use lifts the limit
    start(s, ("attack_cleanup",))
    assert ("extra_use", mace) not in s.effects
    assert F._used_up(s, mace, 1, once) is True
    assert s.zone[unit(s, "Redoubled Effort")] == DISCARD


def test_darth_vader_l_lookahead_player_plays_through_the_step() -> None:
    """Darth Vader (L) (RAS.yaml) with Quinlan Vos (A) across the table: the one-step lookahead
    player (it re-deals what it can't see, the face-down set-aside cards included) and the
    rule of thumb decide every choice, the set-aside cards among their options, to the end of
    the turn, with every card back in a zone."""
    from dejarik.agents.base import GreedyAgent, HeuristicAgent

    s = position(dark={"arena": ["Darth Vader (L)"], "deck": [JAWA, PLATOON]},
                 light={"arena": ["Quinlan Vos (A)"], "deck": [SURGE, HATE, PLATOON, SURGE, JAWA, DODGE]},
                 force=(9, 9))
    start(s, ("step", 2), ("end_turn",))
    agents = (HeuristicAgent(1), GreedyAgent(2))
    offered = False
    for _ in range(200):
        if s.done or not s.tasks:
            break
        offered = offered or any(a[0] == F.PLAY and s.zone[a[1]] == ASIDE for a in s.legal_actions())
        s.apply(agents[s.current_player].act(s))
        assert check_invariants(s) == []
    assert (offered, s.aside, s.tasks) == (True, {}, [])
