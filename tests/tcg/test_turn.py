"""Seed 004 (../shared/seeds/004_60616c82074bc708.txt, "Sekcja 2: Struktura tury"): each test
names the line of the seed it checks."""

from __future__ import annotations

import pytest

from dejarik.core.errors import IllegalActionError
from dejarik.tcg import flow as F
from dejarik.tcg.state import ARENA, BUILD, DISCARD, HAND
from tests.tcg.helpers import DARK, LIGHT, act, pass_until, position, start, texts, unit

CLONE = "Clone Platoon"            # Light Ground 4/40/4/4
DROIDS = "Destroyer Droid Squad"   # Dark Ground 5/40/5/5: ties Clone Platoon, so it goes first
SLOW = "Battle Droid Squad"        # Dark Ground 2/10/2/3
FIGHTER = "Droid Starfighter Wing"  # Dark Space 4/40/4/4
CRUISER = "Republic Cruiser"       # Light Space 4/30/4/3, Shields 1


def test_ready_phase_untaps_gains_force_and_draws_dark_side_first() -> None:
    """Lines 15-18: untap (build zone and arenas), +4 Force each, then each draws, DS first."""
    s = position(dark={"arena": [DROIDS], "retreated": [FIGHTER], "deck": [CLONE.replace("Clone", "Clone") and DROIDS]},
                 light={"arena": [CLONE], "deck": [CRUISER]}, force=(1, 2))
    for u in range(len(s.card_def)):
        s.tapped[u] = True
    start(s, ("ready",))
    assert not any(s.tapped[u] for u in s.all_in_play() + s.build[DARK])
    assert s.force == [5, 6]
    assert [s.name(c) for c in s.hand[DARK]] == [DROIDS] and [s.name(c) for c in s.hand[LIGHT]] == [CRUISER]


def test_deck_out_loses_and_the_dark_side_draws_first() -> None:
    """Line 18 (the draw) and reference section 1: a player who must draw from an empty deck
    loses; the Dark Side draws first, so an empty Dark deck loses even if Light's is empty too."""
    s = start(position(dark={"arena": [DROIDS]}, light={"arena": [CLONE]}), ("ready",))
    assert s.done and s.winner() == LIGHT and "empty deck" in s.end_reason
    s = start(position(dark={"arena": [DROIDS]}, light={"arena": [CLONE]}, deck_out="skip"), ("ready",))
    assert not s.done


def test_build_roll_gives_both_players_the_die_plus_one_for_every_arena() -> None:
    """Line 25: the Light Side rolls one die; each player gets that many build points, +1 with
    a unit in each arena."""
    s = position(dark={"arena": [DROIDS, FIGHTER, "Geonosian Guard"]}, light={"arena": [CLONE]})
    start(s, ("command",))
    roll = s.bp[LIGHT]
    assert 1 <= roll <= 6 and s.bp[DARK] == roll + 1
    assert s.tasks[-1] == ("?build", DARK)     # line 26: the Dark Side builds first


def test_build_steps_then_retreat_steps_in_order() -> None:
    """Lines 26-29: DS builds, LS builds, DS retreats, LS retreats."""
    s = start(position(dark={"arena": [DROIDS]}, light={"arena": [CLONE]}), ("command",))
    order = []
    for _ in range(4):
        order.append(s.tasks[-1])
        act(s, "pass")
    assert order == [("?build", DARK), ("?build", LIGHT), ("?retreat", DARK), ("?retreat", LIGHT)]


def test_building_face_down_counters_persist_and_deploy_when_enough() -> None:
    """Lines 35-38: a card goes face down with at least one counter; spend more later; deploy
    when counters reach the cost (counters removed, unit to its arena)."""
    s = position(light={"hand": [CLONE]})
    s.bp = [0, 3]
    start(s, ("?build", LIGHT))
    c = unit(s, CLONE)
    assert "build Clone Platoon#0 +3" in texts(s) and "build Clone Platoon#0 +4" not in texts(s)
    act(s, "build Clone Platoon#0 +3")
    assert s.zone[c] == BUILD and s.counters[c] == 3 and not s.face_up[c]
    assert not any(t.startswith("deploy") for t in texts(s))     # 3 < cost 4
    act(s, "pass")
    s.bp = [0, 2]
    start(s, ("?build", LIGHT))
    act(s, "build Clone Platoon#0 +2")        # line 37: more counters than needed is allowed
    assert s.counters[c] == 5
    act(s, "deploy Clone Platoon#0")
    assert s.zone[c] == ARENA and s.counters[c] == 0 and c in s.arena[LIGHT][1]


def test_deploying_is_never_forced() -> None:
    """Line 39: a card with enough counters may stay in the build zone."""
    s = position(light={"build": [(CLONE, 4)]})
    start(s, ("?build", LIGHT))
    assert "pass" in texts(s) and "deploy Clone Platoon#0" in texts(s)
    act(s, "pass")
    assert s.zone[0] == BUILD


def test_face_down_cards_are_hidden_from_the_opponent() -> None:
    """Line 36: you may look at your partly built cards; your opponent may not."""
    s = position(dark={"build": [(FIGHTER, 2)]}, light={"arena": [CLONE]})
    seen = s.observation(LIGHT)["sides"][DARK]["build_zone"][0]
    assert "name" not in seen and seen["counters"] == 2
    assert s.observation(DARK)["sides"][DARK]["build_zone"][0]["name"] == FIGHTER


def test_missions_complete_resolve_and_are_discarded() -> None:
    """Line 38: completing a mission: do what it says, then discard it."""
    s = position(light={"build": [("Seek the Council's Wisdom", 2)]})
    start(s, ("?build", LIGHT))
    act(s, "complete Seek the Council's Wisdom#0")
    assert s.force[LIGHT] == 4 and s.zone[0] == DISCARD


def test_retreat_only_untapped_units_into_the_build_zone() -> None:
    """Lines 28, 43: tap untapped units and move them, face up, to the build zone."""
    s = position(dark={"arena": [SLOW, DROIDS]}, light={"arena": [CLONE]})
    s.tapped[unit(s, DROIDS)] = True
    start(s, ("?retreat", DARK))
    assert texts(s) == ["retreat Battle Droid Squad#0", "pass"]
    act(s, "retreat Battle Droid Squad#0")
    u = unit(s, SLOW)
    assert s.zone[u] == BUILD and s.face_up[u] and s.tapped[u]


def test_retreated_units_cannot_attack_or_be_attacked_and_redeploy_in_build_step() -> None:
    """Line 43: retreated units can't attack or be attacked; they return in a build step."""
    s = position(dark={"retreated": [DROIDS]}, light={"arena": [CLONE]})
    start(s, ("step", 1))
    pass_until(s, "?attack")
    assert texts(s) == ["hold Clone Platoon#1"]
    s = position(dark={"retreated": [DROIDS]})
    start(s, ("?build", DARK))
    act(s, "deploy Destroyer Droid Squad#0")
    assert s.zone[0] == ARENA


def test_arenas_fight_in_order_space_ground_character() -> None:
    """Lines 47-50: Space battle, then Ground, then Character."""
    s = position(dark={"arena": [FIGHTER, DROIDS, "Geonosian Guard"]},
                 light={"arena": [CRUISER, CLONE, "Naboo Security Guard"]})
    start(s, ("battle",))
    seen = []
    while not s.done and s.tasks:
        if s.tasks[-1][0] == "?attack":
            seen.append(s.unit_arena(s.legal_actions()[0][1]))
        acts = s.legal_actions()
        hold = [a for a in acts if a[0] == F.SKIP]
        s.apply(hold[0] if hold else (F.PASS, 0, 0))
        if s.tasks == [] or s.tasks[-1] == ("end_turn",):
            break
    assert seen == sorted(seen) and set(seen) == {0, 1, 2}


def test_fastest_attacks_first_and_dark_side_wins_speed_ties() -> None:
    """Line 48: untapped units attack from fastest to slowest; the Dark Side wins ties."""
    s = position(dark={"arena": ["Geonosian Warrior"]},                 # speed 50
                 light={"arena": ["Padme Amidala (D)", "Naboo Security Guard"]})   # 50, 30
    start(s, ("step", 2))
    assert s.current_player == DARK and texts(s)[-1] == "hold Geonosian Warrior#0"
    act(s, "hold Geonosian Warrior#0")
    assert texts(s)[-1] == "hold Padme Amidala (D)#1"
    act(s, "hold Padme Amidala (D)#1")
    assert texts(s)[-1] == "hold Naboo Security Guard#2"


def test_same_owner_speed_ties_let_the_owner_choose() -> None:
    """Line 48: with equal speed the owner chooses which of its units attacks first."""
    s = position(dark={"arena": ["Geonosian Guard", "Geonosian Guard"]}, light={"arena": [CLONE]})
    start(s, ("step", 2))
    holds = [t for t in texts(s) if t.startswith("hold")]
    assert holds == ["hold Geonosian Guard#0", "hold Geonosian Guard#1"]


def test_attack_taps_rolls_power_and_hits_on_four_or_more() -> None:
    """Lines 57-58, 62: tap the attacker, roll dice equal to power, 4+ hits for one damage each."""
    s = position(dark={"arena": [DROIDS]}, light={"arena": [CLONE]}, seed=7)
    start(s, ("step", 1))
    pass_until(s, "?attack")
    act(s, "attack Destroyer Droid Squad#0 > Clone Platoon#1")
    assert s.tapped[0]
    pass_until(s, "?attack")   # the Light Side's turn to attack
    hits = sum(1 for line in s.log or [] if "rolls" in line)
    assert hits == 1
    rolled = next(line for line in s.log or [] if "rolls" in line)
    dice = [int(x) for x in rolled.split("[")[1].rstrip("]").split(",")]
    assert len(dice) == 5 and s.damage[1] == sum(1 for d in dice if d >= 4)


def test_tapped_defenders_can_be_attacked_but_own_units_cannot() -> None:
    """Line 57: choose an opponent's unit in the same arena, tapped or not."""
    s = position(dark={"arena": [SLOW, DROIDS]}, light={"arena": [CLONE, "Clone Squad"]})
    s.tapped[unit(s, "Clone Squad")] = True
    s.tapped[unit(s, SLOW)] = True
    start(s, ("step", 1))
    pass_until(s, "?attack")
    assert [t for t in texts(s) if t.startswith("attack")] == [
        "attack Destroyer Droid Squad#1 > Clone Platoon#2", "attack Destroyer Droid Squad#1 > Clone Squad#3"]


def test_no_dice_when_power_is_zero_or_the_defender_left() -> None:
    """Line 58: no dice if the attacker's power is 0 or less, or a unit left the battle."""
    s = position(dark={"arena": [DROIDS]}, light={"arena": [CLONE]})
    start(s, ("step", 1))
    pass_until(s, "?attack")
    s.mods.append((0, 0, -5, 0, 0))
    act(s, "attack Destroyer Droid Squad#0 > Clone Platoon#1")
    assert any("no dice: power 0 or less" in line for line in s.log or [])


def test_damage_after_the_roll_lands_even_if_the_defender_retreats() -> None:
    """Line 59: a defender that retreats after the roll still takes the damage."""
    from dejarik.tcg.effects import retreat

    s = position(dark={"arena": [FIGHTER]}, light={"arena": [CRUISER]})
    s.atk = [0, 1, -1, 0]
    s.dice = [6, 5, 4]
    retreat(s, 1)
    start(s, ("attack_damage",))
    assert s.zone[1] == DISCARD


def test_destroyed_when_damage_reaches_health() -> None:
    """Line 62 and reference section 8.3: a unit with damage equal to its health is discarded."""
    s = position(dark={"arena": [FIGHTER]}, light={"arena": [CLONE]})
    start(s, ("damage", 1, 4, 0, 0))
    assert s.zone[1] == DISCARD


def test_earlier_arena_units_never_attack_again() -> None:
    """Line 52: once Ground battle begins, Space units can't attack again, even untapped."""
    s = position(dark={"arena": [FIGHTER, DROIDS]}, light={"arena": [CRUISER, CLONE]})
    start(s, ("step", 1))
    pass_until(s, "?attack")
    units = {a[1] for a in s.legal_actions()}
    assert units <= {unit(s, DROIDS), unit(s, CLONE)}


def test_untapped_again_may_attack_again_in_the_same_step() -> None:
    """Line 64: a card that untaps a unit lets it attack again in that arena's step."""
    s = position(dark={"arena": [DROIDS]}, light={"arena": [CLONE]})
    start(s, ("step", 1))
    pass_until(s, "?attack")
    act(s, "hold Destroyer Droid Squad#0")
    s.tapped[0] = False     # as Power Dive would
    act(s, "hold Clone Platoon#1")
    pass_until(s, "?attack")
    assert "hold Destroyer Droid Squad#0" in texts(s)


def test_cant_be_attacked_is_checked_before_the_attack_only() -> None:
    """Lines 69, 71: a unit that can't attack anything can't attack; the check is only before."""
    s = position(dark={"arena": [DROIDS]}, light={"arena": [CLONE, "Clone Squad"]})
    s.effects.append(("protect", unit(s, CLONE), "while_others"))
    start(s, ("step", 1))
    pass_until(s, "?attack")
    assert [t for t in texts(s) if t.startswith("attack")] == ["attack Destroyer Droid Squad#0 > Clone Squad#2"]


def test_must_attack_removes_every_other_choice() -> None:
    """Line 75: a unit that must attack a unit it can attack has no other choice."""
    s = position(dark={"arena": [DROIDS]}, light={"arena": [CLONE, "Clone Squad"]})
    s.effects.append(("must", 0, unit(s, "Clone Squad")))
    start(s, ("step", 1))
    pass_until(s, "?attack")
    assert texts(s) == ["attack Destroyer Droid Squad#0 > Clone Squad#2"]
    with pytest.raises(IllegalActionError):
        s.apply((F.SKIP, 0, 0))


def test_have_it_attack_turns_a_unit_on_its_own_side() -> None:
    """Lines 72-73: the commanding player may have the unit attack another of its owner's
    units; declining, the unit attacks normally."""
    s = position(dark={"arena": [DROIDS], "hand": ["Dark Side's Compulsion"]},
                 light={"arena": [CLONE, "Clone Squad"]}, force=(8, 0))
    s.tapped[unit(s, CLONE)] = True
    start(s, ("step", 1))
    act(s, "play Dark Side's Compulsion#1")
    act(s, "choose Clone Platoon#2")
    act(s, "hold Destroyer Droid Squad#0")
    assert s.current_player == DARK
    act(s, "attack Clone Platoon#2 > Clone Squad#3")
    assert "Clone Platoon attacks Clone Squad" in (s.log or [])


def test_end_of_turn_two_arenas_win() -> None:
    """Line 79: at the end of the turn a player controlling 2 or more arenas wins."""
    s = position(dark={"arena": [FIGHTER, DROIDS]}, light={"arena": ["Naboo Security Guard"]})
    start(s, ("end_turn",))
    assert s.done and s.winner() == DARK and "Space and Ground" in s.end_reason
    s = position(dark={"arena": [FIGHTER, DROIDS]}, light={"arena": [CLONE]})
    start(s, ("end_turn",))
    assert not s.done


def test_redraw_sets_aside_battle_and_mission_cards_and_refills() -> None:
    """Reference section 4.2: set aside Battle and Mission cards, then draw back up to 7."""
    hand = [CLONE, "Clone Squad", "Yoda's Intervention", "Hero's Dodge", "Mending", CRUISER, CLONE]
    s = position(light={"hand": hand, "deck": ["Clone Squad"] * 10})
    start(s, ("?redraw", LIGHT))
    assert len([t for t in texts(s) if t.startswith("choose")]) == 3
    act(s, "choose Yoda's Intervention#2")
    act(s, "pass")
    assert len(s.hand[LIGHT]) == 7 and s.zone[unit(s, "Yoda's Intervention")] == DISCARD


def test_setup_thirty_points_alternating_and_a_card_per_unit() -> None:
    """Reference section 4.3-4.5: 30 build points, alternate DS first, draw per unit, then one
    partial build."""
    s = position(dark={"hand": ["Trade Federation Battleship Core"] * 4, "deck": [DROIDS] * 10},
                 light={"hand": ["Naboo Spaceport"] * 4, "deck": [CLONE] * 10})
    s.setup_left = [30, 30]
    s.phase = 0
    start(s, ("?setup", DARK, 0))
    act(s, "deploy Trade Federation Battleship Core#0")
    assert s.current_player == LIGHT and len(s.hand[DARK]) == 4 and s.setup_left[DARK] == 21
    for _ in range(5):
        acts = [a for a in s.legal_actions() if a[0] == F.DEPLOY]
        s.apply(acts[0] if acts else (F.PASS, 0, 0))
    assert s.setup_left[DARK] in (3, 0) and len(s.arena[DARK][1]) == 3


def test_hand_cards_stay_in_hand_after_a_failed_play() -> None:
    s = position(light={"hand": [CLONE]})
    s.bp = [0, 1]
    start(s, ("?build", LIGHT))
    with pytest.raises(IllegalActionError):
        s.apply((F.DEPLOY, 0, 0))
    assert s.zone[0] == HAND and s.bp == [0, 1]


def test_hidden_cards_stay_hidden_and_resampling_keeps_the_view() -> None:
    """Seed 004 line 36 (face-down cards) and the project rule that a view holds only what its
    player may know: the Light Side's observation names none of the Dark Side's hand, deck or
    face-down cards, and a re-deal of what it cannot see leaves its observation unchanged."""
    from dejarik.tcg.game import new_state
    from dejarik.tcg.policy import HOOKS

    s = new_state({}, 11)
    while s.turn < 2 and not s.done:
        s.apply(HOOKS.rule_of_thumb(s, s.rng.copy()))
    view = s.observation(LIGHT)
    dark = view["sides"][DARK]
    assert set(dark["hand"]) == {"count", "known"} and dark["hand"]["known"] == []
    assert all("name" not in c for c in dark["build_zone"] if not c["retreated"])
    hidden = {s.name(c) for c in s.deck[DARK]} - {s.name(c) for c in s.all_in_play() + s.discard[DARK]}
    text = repr(view)
    assert not any(name in text for name in hidden - {s.name(c) for c in s.hand[LIGHT] + s.deck[LIGHT]})
    changed = 0
    for seed in range(5):
        w = s.resample_hidden(LIGHT, seed)
        assert w.observation(LIGHT) == view
        changed += w.hand[DARK] != s.hand[DARK]
    assert changed >= 3
