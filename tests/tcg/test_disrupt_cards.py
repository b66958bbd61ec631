"""Disrupt of Missions and activated abilities, the opponent's abilities made dearer, control
taken by cost or by a secret bid, and a Location switched off: Dismiss, Foil, Thwart, Darth
Sidious (F), Darth Sidious (G) (../shared/reference/swtcg-data/ROTS.txt), Lando Calrissian
(D), Occupation (ESB.txt). Each test checks exact numbers or compares with the same position
without the card."""

from __future__ import annotations

from typing import Any

from dejarik.tcg import flow as F
from dejarik.tcg.state import ARENA, DISCARD, UNDER, TcgState
from dejarik.tcg.views import VIEWS
from tests.tcg.helpers import DARK, LIGHT, act, c, position, run_out, start, texts, unit

BDS = "Battle Droid Squad"                  # Dark Ground 2/10/2/3 (AOTC)
GUARD = "Geonosian Guard"                   # Dark Character 2/30/2/2 (AOTC)
NSG = "Naboo Security Guard"                # Light Character 2/30/2/2 (AOTC)
CLONE = "Clone Platoon"                     # Light Ground 4/40/4/4 (AOTC)
YODA = "Yoda (B)"                           # Light Character 5/40/4/4: Evade 4 (3), tap: +1 Force (build)
ATTACK = "Unexpected Attack"                # ROTS Mission, cost 0: the battle steps reversed this turn


def _build_step(dark: dict[str, Any], light: dict[str, Any], force: tuple[int, int], side: int) -> TcgState:
    s = position(dark=dark, light=light, force=force)
    start(s, ("?build", side))
    return s


# ---- Foil

def test_foil_disrupts_a_mission_just_completed() -> None:
    """Foil (ROTS.txt): pay 3 Force -> disrupt a Mission: Unexpected Attack, completed by the
    Light Side, is disrupted (no reversed battle order; the Mission stays discarded, its build
    counters spent); without Foil, or with 2 Force, the Mission works."""
    for dark_force, foiled in ((3, True), (2, False)):
        s = _build_step({"hand": ["Foil"], "arena": [BDS]}, {"build": [(ATTACK, 1)], "arena": [CLONE]},
                        (dark_force, 0), LIGHT)
        act(s, f"complete {c(s, ATTACK)}")
        assert s.zone[unit(s, ATTACK)] == DISCARD
        if foiled:
            assert s.current_player == DARK and f"play {c(s, 'Foil')}" in texts(s)
            act(s, f"play {c(s, 'Foil')}")
            assert s.force[DARK] == 0
        else:
            assert s.tasks[-1][0] == "?build"      # no chance to disrupt: nothing to pay with
        run_out(s)
        assert (("reverse_battle",) in s.effects) != foiled
        assert s.zone[unit(s, ATTACK)] == DISCARD


def test_foil_is_not_offered_against_a_battle_card_or_an_ability() -> None:
    """Foil (ROTS.txt) names a Mission only: when the opponent uses an ability, it is not
    offered (and there is no chance to disrupt at all)."""
    s = _build_step({"hand": ["Foil"], "arena": [BDS]}, {"arena": [YODA]}, (5, 0), LIGHT)
    act(s, f"use {c(s, YODA)} 3")
    assert s.tasks[-1][0] == "?build" and s.force[LIGHT] == 1


# ---- Thwart

def test_thwart_disrupts_an_ability_which_cant_be_used_again_this_turn() -> None:
    """Thwart (ROTS.txt): pay 3 Force -> disrupt an activated ability; it can't be used again
    this turn. Yoda (B)'s tap -> +1 Force: he is tapped (the cost stays paid), no Force comes.
    Yoda's Evade 4 Thwarted: the 4 damage land (3 Force paid for it), and his Evade is not
    offered against the next damage."""
    s = _build_step({"hand": ["Thwart"], "arena": [BDS]}, {"arena": [YODA]}, (3, 0), LIGHT)
    act(s, f"use {c(s, YODA)} 3")
    assert s.current_player == DARK
    act(s, f"play {c(s, 'Thwart')}")
    run_out(s)
    assert s.tapped[unit(s, YODA)] and s.force == [0, 0]
    # Evade: the damage lands; the Evade can't be used again this turn
    s = position(dark={"hand": ["Thwart"], "arena": [GUARD]}, light={"arena": [YODA]}, force=(3, 6))
    yoda = unit(s, YODA)
    start(s, ("damage", yoda, 3, -1, 1))
    act(s, f"use {c(s, YODA)} 1")
    act(s, f"play {c(s, 'Thwart')}")
    while s.tasks and s.tasks[-1][0] == "?pop":
        act(s, "pass")
    assert s.damage[yoda] == 3 and s.force == [0, 3]
    start(s, ("damage", yoda, 1, -1, 1))      # no chance to Evade it: the damage lands
    assert not s.tasks and s.zone[yoda] == DISCARD and s.force[LIGHT] == 3   # 4 damage: destroyed
    # without Thwart the Evade prevents it all
    s = position(dark={"arena": [GUARD]}, light={"arena": [YODA]}, force=(3, 6))
    start(s, ("damage", unit(s, YODA), 3, -1, 1))
    act(s, f"use {c(s, YODA)} 1")
    run_out(s)
    assert s.damage[unit(s, YODA)] == 0


def test_thwart_answers_a_disrupt_ability() -> None:
    """Thwart (ROTS.txt) against Darth Vader (G)'s tap -> disrupt a Battle card: Vader's
    disrupt does nothing, so the Light Side's Battle card (Log Trap, 6 dice) resolves."""
    s = position(dark={"arena": ["Darth Vader (G)", BDS]}, light={"hand": ["Log Trap", "Thwart"], "arena": [NSG]},
                 force=(0, 9))
    start(s, ("step", 0))
    while s.tasks and s.current_player != LIGHT:
        act(s, "pass")
    act(s, f"play {c(s, 'Log Trap')}")
    act(s, f"use {c(s, 'Darth Vader (G)')} 2")
    act(s, f"play {c(s, 'Thwart')}")
    run_out(s)
    assert s.tapped[unit(s, "Darth Vader (G)")]
    assert any(x.startswith(f"6 dice of damage at {BDS}") for x in s.log or [])


# ---- Dismiss

def test_dismiss_disrupts_a_battle_card_or_an_ability_with_a_card_discarded() -> None:
    """Dismiss (ROTS.txt): pay 4 Force, discard a card from your hand -> disrupt a Battle card
    or an activated ability. Against Yoda (B)'s Force ability: 4 Force and the other card go,
    Yoda's Force doesn't come; it may be used again (no lock, unlike Thwart) in a later build
    step's chance. With Dismiss alone in hand it is not offered."""
    s = _build_step({"hand": ["Dismiss", GUARD], "arena": [BDS]}, {"arena": [YODA]}, (4, 0), LIGHT)
    act(s, f"use {c(s, YODA)} 3")
    act(s, f"play {c(s, 'Dismiss')}")
    act(s, f"choose {c(s, GUARD)}")
    run_out(s)
    assert s.force == [0, 0] and s.zone[unit(s, GUARD)] == DISCARD and s.hand[DARK] == []
    assert ("thwarted", unit(s, YODA), 2) not in s.effects
    s = _build_step({"hand": ["Dismiss"], "arena": [BDS]}, {"arena": [YODA]}, (4, 0), LIGHT)
    act(s, f"use {c(s, YODA)} 3")
    assert s.tasks[-1][0] == "?build" and s.force[LIGHT] == 1
    # a Battle card: No Good to Me Dead (this turn the opponent gets no Bounty) does nothing
    s = position(dark={"hand": ["No Good to Me Dead"], "arena": [BDS]},
                 light={"hand": ["Dismiss", CLONE], "arena": [NSG]}, force=(0, 4))
    start(s, ("step", 2))
    act(s, f"play {c(s, 'No Good to Me Dead')}")
    act(s, f"play {c(s, 'Dismiss')}")
    act(s, f"choose {c(s, CLONE)}")
    run_out(s)
    assert ("no_bounty", LIGHT) not in s.effects and s.force[LIGHT] == 0


# ---- Darth Sidious (G)

SID_G = "Darth Sidious (G)"                 # Dark Character 7/30/4/6
OBI = "Obi-Wan Kenobi (A)"                  # Light Character 7/40/6/7 (AOTC)


def test_darth_sidious_g_taxes_the_opponents_force_abilities_by_one() -> None:
    """Darth Sidious (G) (ROTS.txt): each of the opponent's activated abilities that cost Force
    (0 or more) costs 1 more: Yoda (B)'s Evade 4 costs 4, not 3; his tap ability, with no Force
    in its cost, still costs nothing (the ruling); Sidious's own Evade is not taxed."""
    s = position(dark={"arena": [SID_G]}, light={"arena": [YODA]})
    yoda, sid = unit(s, YODA), unit(s, SID_G)
    evade, tap = s.d(yoda).abilities[0], s.d(yoda).abilities[2]
    assert F._force_cost(s, LIGHT, evade, yoda) == 4 and F._force_cost(s, LIGHT, tap, yoda) == 0
    assert F._force_cost(s, DARK, s.d(sid).abilities[2], sid) == 1
    without = position(light={"arena": [YODA]})
    assert F._force_cost(without, LIGHT, evade, unit(without, YODA)) == 3
    # his ruling: with a Nexu in play (+1 to every ability) his tax reaches the tap ability too
    nexu = position(dark={"arena": [SID_G, "Nexu"]}, light={"arena": [YODA]})
    assert F._force_cost(nexu, LIGHT, tap, unit(nexu, YODA)) == 2
    assert F._force_cost(nexu, LIGHT, evade, unit(nexu, YODA)) == 5
    # with 3 Force, Yoda's Evade is no longer offered against damage
    s = position(dark={"arena": [SID_G]}, light={"arena": [YODA]}, force=(0, 3))
    start(s, ("damage", unit(s, YODA), 2, -1, 1))
    assert not s.tasks and s.damage[unit(s, YODA)] == 2


def test_darth_sidious_g_trades_a_unit_for_control_of_a_cheaper_one_in_its_arena() -> None:
    """Darth Sidious (G) (ROTS.txt): pay 4 Force, discard one of your units -> gain control of
    an opponent's unit in the same arena with equal or less build cost until the battle ends.
    Geonosian Guard (2) discarded: the Naboo Security Guard (2) may be taken, Obi-Wan (7) not;
    a Clone Platoon in the Ground arena is out of reach."""
    s = _build_step({"arena": [SID_G, GUARD]}, {"arena": [NSG, OBI, CLONE]}, (4, 0), DARK)
    act(s, f"use {c(s, SID_G)} 2")
    act(s, f"choose {c(s, GUARD)}")
    assert s.zone[unit(s, GUARD)] == DISCARD and s.force[DARK] == 0
    assert texts(s) == [f"choose {c(s, NSG)}"]
    act(s, f"choose {c(s, NSG)}")
    nsg = unit(s, NSG)
    assert nsg in s.arena[DARK][2] and s.zone[nsg] == ARENA
    start(s, ("battle_cleanup",))       # the battle phase ends: it goes back
    assert nsg in s.arena[LIGHT][2]
    # discarding Sidious himself (7) reaches Obi-Wan (7)
    s = _build_step({"arena": [SID_G]}, {"arena": [NSG, OBI]}, (4, 0), DARK)
    act(s, f"use {c(s, SID_G)} 2")
    act(s, f"choose {c(s, SID_G)}")
    assert sorted(texts(s)) == sorted([f"choose {c(s, NSG)}", f"choose {c(s, OBI)}"])
    act(s, f"choose {c(s, OBI)}")
    assert unit(s, OBI) in s.arena[DARK][2]


# ---- Darth Sidious (F)

SID_F = "Darth Sidious (F)"                 # Dark Character 8/30/5/6


def test_darth_sidious_f_discards_a_unit_for_force_and_build_points_split_as_chosen() -> None:
    """Darth Sidious (F) (ROTS.txt): discard one of your units -> gain build points and Force
    totalling half its build cost, rounded down, split as you choose; in the build step. A
    Battle Droid Squad (2): 1 point, as Force or as a build point; Sidious himself (8, his
    ruling): 4, here 1 Force and 3 build points."""
    s = _build_step({"arena": [SID_F, BDS]}, {"arena": [NSG]}, (0, 0), DARK)
    bp = s.bp[DARK]
    act(s, f"use {c(s, SID_F)} 1")
    act(s, f"choose {c(s, BDS)}")
    assert texts(s) == ["choose 0 force", "choose 1 force"]
    act(s, "choose 1 force")
    assert s.zone[unit(s, BDS)] == DISCARD and s.force[DARK] == 1 and s.bp[DARK] == bp
    s = _build_step({"arena": [SID_F, BDS]}, {"arena": [NSG]}, (0, 0), DARK)
    act(s, f"use {c(s, SID_F)} 1")
    act(s, f"choose {c(s, SID_F)}")
    act(s, "choose 1 force")
    assert s.zone[unit(s, SID_F)] == DISCARD and s.force[DARK] == 1 and s.bp[DARK] == bp + 3
    assert s.tasks[-1][0] == "?build"        # the build step goes on: the points may be spent


# ---- Occupation

def _occupy(location: str, light: dict[str, Any]) -> TcgState:
    """The Dark Side plays Occupation on the Light Side's Location at the battle phase's first
    chance to play."""
    s = position(dark={"hand": ["Occupation"], "arena": [BDS]}, light={"locations": [location], **light},
                 force=(2, 0))
    start(s, ("battle",))
    while s.current_player != DARK:
        act(s, "pass")
    act(s, f"play {c(s, 'Occupation')}")
    act(s, f"choose {c(s, location)}")
    assert s.force[DARK] == 0
    return s


def test_occupation_switches_a_locations_static_and_triggers_off_for_the_turn() -> None:
    """Occupation (ESB.txt): pay 2 Force -> a Location in any arena has no effect until the turn
    ends. Jungles of Dagobah's -20 speed to non-Creature Ground units: the Clone Platoon is back
    to 40 (20 before); Hoth Icefields' 2 dice at each Ground unit when the Ground step starts
    don't come; the next turn the Location works again. It stays in play."""
    s = position(light={"locations": ["Jungles of Dagobah"], "arena": [CLONE]})
    assert s.speed(unit(s, CLONE)) == 20
    s = _occupy("Jungles of Dagobah", {"arena": [CLONE]})
    assert s.speed(unit(s, CLONE)) == 40 and unit(s, "Jungles of Dagobah") in s.places
    s.effects = []          # the turn is over: it works again
    assert s.speed(unit(s, CLONE)) == 20
    s = _occupy("Hoth Icefields", {"arena": [CLONE]})
    start(s, ("step", 1))
    assert not any("dice of damage" in x for x in s.log or [])
    s = position(dark={"arena": [BDS]}, light={"locations": ["Hoth Icefields"], "arena": [CLONE]})
    start(s, ("step", 1))
    assert sum("dice of damage" in x for x in s.log or []) == 2


def test_occupation_switches_off_a_locations_given_abilities() -> None:
    """Occupation (ESB.txt): Medical Center gives each of its owner's Characters a build-step
    repair; switched off, the ability is gone from the Naboo Security Guard this turn."""
    s = _occupy("Medical Center", {"arena": [NSG]})
    assert len(F.abilities_of(s, unit(s, NSG))) == 0
    s = position(light={"locations": ["Medical Center"], "arena": [NSG]})
    assert len(F.abilities_of(s, unit(s, NSG))) == 1


# ---- Lando Calrissian (D)

LANDO = "Lando Calrissian (D)"              # neutral Character 2/50/4/5, Accuracy 1


def _lando_bids(dark_bid: int, light_bid: int, force: tuple[int, int] = (3, 3), **options: Any) -> TcgState:
    """The Light Side's Lando at the start of the Character battle step: both bid."""
    s = position(dark={"arena": [GUARD]}, light={"arena": [LANDO]}, force=force, **options)
    start(s, ("step", 2))
    assert s.tasks[-1][0] == "?secret_bid" and s.current_player == DARK
    act(s, f"bid {dark_bid}")
    assert s.current_player == LIGHT
    act(s, f"bid {light_bid}")
    return s


def test_lando_calrissian_d_goes_to_the_higher_secret_bid_for_the_turn() -> None:
    """Lando Calrissian (D) (ESB.txt): when the Character battle step starts, both players bid
    Force in secret; the winner gains control of Lando until the turn ends, his owner winning
    ties. Dark 3 against Light 2: the Dark Side takes him and pays 3 (the loser pays nothing);
    2 against 2: he stays, the Light Side paying 2. Option secret_bid=both: both pay."""
    s = _lando_bids(3, 2)
    lando = unit(s, LANDO)
    assert lando in s.arena[DARK][2] and s.force == [0, 3]
    start(s, ("end_turn",))
    assert lando in s.arena[LIGHT][2]
    s = _lando_bids(2, 2)
    assert unit(s, LANDO) in s.arena[LIGHT][2] and s.force == [3, 1]
    s = _lando_bids(3, 2, secret_bid="both")
    assert unit(s, LANDO) in s.arena[DARK][2] and s.force == [0, 1]
    s = _lando_bids(0, 0)
    assert unit(s, LANDO) in s.arena[LIGHT][2] and s.force == [3, 3]


def test_lando_calrissian_d_keeps_the_first_bid_secret() -> None:
    """Lando Calrissian (D) (ESB.txt): the Light Side, bidding second, can't learn the Dark
    Side's bid: not from its decision's words, nor the log, nor a re-dealt copy of the game
    (the lookahead players' view), which is the same whatever the Dark Side bid."""
    worlds = []
    for bid in (0, 3):
        s = position(dark={"arena": [GUARD]}, light={"arena": [LANDO]}, force=(3, 3))
        start(s, ("step", 2))
        act(s, f"bid {bid}")
        seen = s.observation(LIGHT)
        decision = seen["decision"]
        assert decision["player"] == LIGHT and [o["action"] for o in decision["options"]] == [
            "bid 0", "bid 1", "bid 2", "bid 3"]
        assert "secret" in decision["for"] and str(bid) not in decision["for"] + decision["prompt"]
        assert (s.log or [])[-1] == "the Dark Side bids in secret for Lando Calrissian (D)'s ability " \
            "(when the Character battle step starts): a secret bid"
        # the full-screen app's log line for the move: the amount only to the bidder
        assert VIEWS.app is not None
        assert VIEWS.app.told(s, (F.BID, bid, 0), f"bid {bid}", LIGHT) == "bids in secret"
        assert VIEWS.app.told(s, (F.BID, bid, 0), f"bid {bid}", -1) == "bids in secret"
        assert VIEWS.app.told(s, (F.BID, bid, 0), f"bid {bid}", DARK) == f"bid {bid}"
        worlds.append([s.resample_hidden(LIGHT, seed).tasks for seed in (1, 2, 3)])
    assert worlds[0] == worlds[1]
    # the Dark Side's own re-deal keeps nothing to hide
    s = position(dark={"arena": [GUARD]}, light={"arena": [LANDO]}, force=(3, 3))
    start(s, ("step", 2))
    act(s, "bid 2")
    assert s.resample_hidden(DARK, 1).tasks[-1][2] == 2


def test_lando_calrissian_d_stacked_cards_go_back_with_him() -> None:
    """Lando Calrissian (D) (ESB.txt, its ruling): cards stacked with Lando go with him; taken
    with Lando Calrissian (F) beneath, both go to the winner and come back together."""
    s = position(dark={"arena": [GUARD]}, light={"arena": [LANDO, "Lando Calrissian (F)"]}, force=(3, 3))
    lando, f = unit(s, LANDO), unit(s, "Lando Calrissian (F)")
    s.arena[LIGHT][2].remove(f)
    s.under[lando], s.zone[f] = [f], UNDER
    start(s, ("step", 2))
    act(s, "bid 3")
    act(s, "bid 0")
    assert lando in s.arena[DARK][2] and s.under[lando] == [f] and s.force == [0, 3]
    start(s, ("end_turn",))
    assert lando in s.arena[LIGHT][2] and s.under[lando] == [f] and s.zone[f] == UNDER
