"""Cards whose units leave play and come back, or that come into play from unusual places:
Sando Aqua Monster (PM), Bright Hope (A) and Admiral Firmus Piett (B) (ESB), Big Asteroid and
Medium Asteroid (RAS). Each test checks the card against its rules text and its rulings
(../shared/reference/swtcg-data/<SET>.txt, Usage column) with exact numbers, or against the same
position without the ability."""

from __future__ import annotations

from dejarik.tcg import flow as F
from dejarik.tcg.effects import SET_ASIDE, deploy_cost, discard_unit, retreat
from dejarik.tcg.invariants import check_invariants
from dejarik.tcg.state import ARENA, BUILD, COMMAND, DECK, DISCARD, HAND, HELD, PILOTING, UNDER
from tests.tcg.helpers import DARK, LIGHT, act, c, pass_until, position, start, texts, unit

BIG, MEDIUM, SMALL = "Big Asteroid", "Medium Asteroid", "Small Asteroid"   # Neutral Space, Asteroid
DCS = "Droid Control Ship"           # Dark Space 9/10/9/9 (AOTC)
RUNNER = "Rebel Blockade Runner"     # Light Space 6/30/4/5 (ANH)
CLONE = "Clone Platoon"              # Light Ground 4/40/4/4 (AOTC)
LIEUTENANT = "Rebel Lieutenant"      # Light Character 4/10/3/4 (ANH)
HOPE = "Bright Hope (A)"             # Light Space 5/30/2/5, Rebel Transport (ESB)
PIETT = "Admiral Firmus Piett (B)"   # Dark Character 5/40/5/5, Imperial Officer (ESB)
TAGGE = "General Tagge (A)"          # Dark Character, Imperial Officer (ANH)
PATROL = "Stormtrooper Patrol"       # Dark Ground 5/40/4/5, Imperial Clone Stormtrooper (ANH)
SANDO = "Sando Aqua Monster"         # Neutral Ground 10/30/10/7 (PM)
ATST = "Blizzard Force AT-ST"        # Dark Ground 3/40/2/3, Imperial Assault Walker (ESB)
DRIVER = "AT-AT Driver"              # Dark Character, Walker pilot (ESB)
SHIELDS = "Vehicle Shields Package"  # Neutral Equipment, Space/Ground (ROTS)
MARINES = "Rebel Marine Squad"       # Light Ground 6/30/7/6 (ANH)
SWAMPS = "Swamps of Naboo"           # Location, Ground - Naboo Aquatic (PM)


def _take_trigger(s) -> None:
    """Answer yes at the optional trigger waiting now."""
    assert s.tasks[-1][0] == "?trigger"
    s.apply((F.CHOOSE, 1, 0))


# ---- Big Asteroid and Medium Asteroid -------------------------------------------------------
def test_big_asteroid_brings_up_to_two_medium_asteroids_from_deck_hand_and_discard() -> None:
    """Big Asteroid (RAS.yaml): it doesn't count toward controlling the Space arena; discarded
    from it, its owner may take up to 2 Medium Asteroids from deck, hand and discard pile
    together into the Space arena, then shuffles the deck (even when none came from it)."""
    s = position(dark={"arena": [BIG], "hand": [MEDIUM], "discard": [MEDIUM], "deck": [PATROL, MEDIUM]},
                 light={"arena": [CLONE]})
    big = unit(s, BIG)
    assert not s.controls(DARK, 0) and not s.controls(LIGHT, 0)    # an Asteroid alone: nobody
    top = s.deck[DARK][-1]
    s.shown[top] = 3            # a deck card known to both: a shuffle makes it unknown again
    start(s)
    discard_unit(s, big)
    F.run(s)
    _take_trigger(s)
    hand_m, pile_m = s.hand[DARK][0], next(x for x in s.discard[DARK] if s.name(x) == MEDIUM)
    deck_m = next(x for x in s.deck[DARK] if s.name(x) == MEDIUM)
    # one choice for each place holding one, and a stop
    assert sorted(texts(s)) == sorted([f"choose {MEDIUM}#{hand_m}", f"choose {MEDIUM}#{pile_m}",
                                       f"choose {MEDIUM}#{deck_m}", "pass"])
    act(s, f"choose {MEDIUM}#{hand_m}")
    act(s, f"choose {MEDIUM}#{pile_m}")
    # two taken: the one in the deck stays there; the deck was shuffled all the same
    assert sorted(s.arena[DARK][0]) == sorted([hand_m, pile_m])
    assert (s.zone[deck_m], s.tapped[hand_m], s.tapped[pile_m], s.shown[top]) == (DECK, False, False, 0)
    assert not s.controls(DARK, 0) and s.tasks == [] and check_invariants(s) == []




def test_big_asteroid_declined_takes_nothing_and_keeps_the_deck_order() -> None:
    """Big Asteroid (RAS.yaml): "you may": declining takes nothing and shuffles nothing."""
    s = position(dark={"arena": [BIG], "hand": [MEDIUM], "deck": [PATROL, MEDIUM]})
    top = s.deck[DARK][-1]
    s.shown[top] = 3
    start(s)
    discard_unit(s, unit(s, BIG))
    F.run(s)
    act(s, "pass")
    assert (s.arena[DARK][0], s.shown[top], len(s.hand[DARK])) == ([], 3, 1)


def test_big_asteroid_dark_sacrifice_bonus_comes_before_the_asteroids() -> None:
    """Big Asteroid (RAS.yaml), its ruling: Dark Sacrifice's bonus is given before the two
    Medium Asteroids come out, so they don't get it (Big Asteroid's cost 6: the Droid Control
    Ship 9 -> 15 power, each Medium Asteroid keeps its 1)."""
    s = position(dark={"arena": [BIG, DCS], "hand": ["Dark Sacrifice", MEDIUM, MEDIUM]},
                 light={"arena": [RUNNER]}, force=(2, 0))
    start(s, ("step", 0))
    pass_until(s, "?pop")
    while f"play {c(s, 'Dark Sacrifice')}" not in texts(s):
        act(s, "pass")
    act(s, f"play {c(s, 'Dark Sacrifice')}")
    act(s, "choose Space")
    act(s, f"choose {c(s, BIG)}")
    _take_trigger(s)
    while s.tasks[-1][0] == "?fetch" and len(s.legal_actions()) > 1:
        s.apply(s.legal_actions()[0])
    mediums = [x for x in s.arena[DARK][0] if s.name(x) == MEDIUM]
    assert len(mediums) == 2
    assert (s.power(unit(s, DCS)), [s.power(x) for x in mediums]) == (15, [1, 1])


def test_medium_asteroid_brings_small_asteroids_and_shuffles_only_a_searched_deck() -> None:
    """Medium Asteroid (RAS.yaml): discarded from play, up to 2 Small Asteroids from deck, hand
    and/or discard pile go into the Space arena; the deck is shuffled only if a card was taken
    from it (Dejarik's reading of "if you searched your deck", docs/tcg.md)."""
    for from_deck, shuffled in ((False, 3), (True, 0)):
        s = position(dark={"arena": [MEDIUM], "hand": [SMALL], "deck": [PATROL, SMALL]})
        top = s.deck[DARK][-1]
        s.shown[top] = 3
        start(s)
        discard_unit(s, unit(s, MEDIUM))
        F.run(s)
        _take_trigger(s)
        pick = next(x for x in (s.deck[DARK] if from_deck else s.hand[DARK]) if s.name(x) == SMALL)
        act(s, f"choose {SMALL}#{pick}")
        act(s, "pass")
        assert ([s.name(x) for x in s.arena[DARK][0]], s.shown[top]) == ([SMALL], shuffled)
        assert check_invariants(s) == []


# ---- Bright Hope (A) ------------------------------------------------------------------------
def _hope_with_card() -> tuple[object, int, int]:
    s = position(light={"build": [(HOPE, 5), ("Refit on Yavin", 3)], "hand": [CLONE, LIEUTENANT]},
                 dark={"arena": [DCS]})
    hope, platoon = unit(s, HOPE), unit(s, CLONE)
    s.phase = COMMAND       # not setup: a deployment then triggers nothing
    start(s, ("?build", LIGHT))
    act(s, f"deploy {c(s, HOPE)}")
    # a Ground card of the hand (not the Character), or none
    assert sorted(texts(s)) == sorted([f"choose {c(s, CLONE)}", "pass"])
    act(s, f"choose {c(s, CLONE)}")
    return s, hope, platoon


def test_bright_hope_a_holds_a_ground_card_that_comes_back_with_five_counters() -> None:
    """Bright Hope (A) (ESB.yaml): finished, it may hold a Ground card of the hand face down
    (unseen by the opponent); discarded from the Space arena, that card goes face down into
    the build zone with 5 build counters."""
    from dejarik.tcg.observe import observation

    s, hope, platoon = _hope_with_card()
    assert (s.zone[platoon], s.held[hope], s.shown[platoon]) == (HELD, [platoon], 1 << LIGHT)
    seen = observation(s, DARK)["sides"][LIGHT]["arenas"]["space"]
    assert [u["held"] for u in seen if u["name"] == HOPE] == [["a face-down card"]]
    assert not any(CLONE in line for line in s.log[-3:])     # the log doesn't name it
    discard_unit(s, hope)
    assert (s.zone[hope], s.zone[platoon], s.counters[platoon], s.face_up[platoon]) == (DISCARD, BUILD, 5, False)
    assert platoon in s.build[LIGHT] and hope not in s.held and check_invariants(s) == []


def test_bright_hope_a_card_stays_set_aside_when_it_leaves_another_way() -> None:
    """Bright Hope (A) (ESB.yaml), its ruling with Refit on Yavin: put face down into the build
    zone, the held card stays removed; discarded from the build zone (retreated, not from the
    Space arena), it stays set aside too (docs/tcg.md), never to the discard pile."""
    s, hope, platoon = _hope_with_card()
    act(s, f"complete {c(s, 'Refit on Yavin')}")
    act(s, f"choose {c(s, HOPE)}")
    assert (s.zone[hope], s.counters[hope], s.zone[platoon], s.held[SET_ASIDE]) == (BUILD, 3, HELD, [platoon])
    s2, hope2, platoon2 = _hope_with_card()
    s2.tapped[hope2] = False
    retreat(s2, hope2)
    discard_unit(s2, hope2)
    assert (s2.zone[hope2], s2.zone[platoon2], s2.held[SET_ASIDE]) == (DISCARD, HELD, [platoon2])
    assert check_invariants(s) == [] and check_invariants(s2) == []


# ---- Admiral Firmus Piett (B) ---------------------------------------------------------------
def test_admiral_firmus_piett_b_comes_from_the_hand_when_an_imperial_officer_falls() -> None:
    """Admiral Firmus Piett (B) (ESB.yaml): while he is in the hand, when an Imperial Officer is
    discarded from an arena, his owner may pay 4 Force to put him into the Character arena
    (untapped, not a deployment); a unit of another subtype, or 3 Force, gives nothing."""
    s = position(dark={"arena": [TAGGE, PATROL], "hand": [PIETT]}, force=(5, 0))
    piett = unit(s, PIETT)
    start(s)
    discard_unit(s, unit(s, PATROL))     # not an Imperial Officer
    F.run(s)
    assert (s.tasks, s.zone[piett]) == ([], HAND)
    discard_unit(s, unit(s, TAGGE))
    F.run(s)
    assert texts(s) == ["yes", "pass"]
    # the opponent is not told which card of the hand asks
    from dejarik.tcg.observe import observation

    assert "Piett" not in str(observation(s, LIGHT)["decision"])
    act(s, "yes")
    assert (s.zone[piett], piett in s.arena[DARK][2], s.tapped[piett], s.force[DARK]) == (ARENA, True, False, 1)
    # 3 Force: not offered; from the discard pile: nothing
    s = position(dark={"arena": [TAGGE], "hand": [PIETT]}, force=(3, 0))
    start(s)
    discard_unit(s, unit(s, TAGGE))
    F.run(s)
    assert (s.tasks, s.zone[unit(s, PIETT)], s.force[DARK]) == ([], HAND, 3)
    s = position(dark={"arena": [TAGGE], "discard": [PIETT]}, force=(9, 0))
    start(s)
    discard_unit(s, unit(s, TAGGE))
    F.run(s)
    assert (s.tasks, s.zone[unit(s, PIETT)]) == ([], DISCARD)


def test_admiral_firmus_piett_b_left_the_hand_before_answering() -> None:
    """Admiral Firmus Piett (B) (ESB.yaml): if he leaves the hand before his trigger is
    answered, it is not offered (the Force is not paid)."""
    s = position(dark={"arena": [TAGGE], "hand": [PIETT]}, force=(5, 0))
    start(s)
    discard_unit(s, unit(s, TAGGE))
    from dejarik.tcg.effects import to_discard

    to_discard(s, unit(s, PIETT))
    F.run(s)
    assert (s.tasks, s.force[DARK], s.zone[unit(s, PIETT)]) == ([], 5, DISCARD)


# ---- Sando Aqua Monster ---------------------------------------------------------------------
def _sando_holds_the_atst():
    s = position(light={"arena": [SANDO, MARINES, CLONE]},
                 dark={"arena": [ATST, PATROL], "hand": [DRIVER], "equipped": [(SHIELDS, ATST)]})
    atst, driver, gear = unit(s, ATST), unit(s, DRIVER), unit(s, SHIELDS)
    s.hand[DARK].remove(driver)          # the driver aboard the AT-ST
    s.zone[driver] = PILOTING
    s.aboard[atst] = [driver]
    s.tapped[atst] = s.tapped[unit(s, PATROL)] = True     # the Light Side attacks first
    s.tapped[unit(s, CLONE)] = True                         # and Sando is its fastest untapped
    s.damage[atst] = 1
    start(s, ("step", 1))
    pass_until(s, "?attack")
    act(s, f"use {c(s, SANDO)} 2")
    # a Ground unit of either side with total health 4 or less (Marines: 6; the Patrol: 5)
    assert sorted(texts(s)) == sorted([f"choose {c(s, ATST)}", f"choose {c(s, CLONE)}"])
    act(s, f"choose {c(s, ATST)}")
    return s, unit(s, SANDO), atst, driver, gear


def test_sando_aqua_monster_costs_one_less_with_an_aquatic_location() -> None:
    """Sando Aqua Monster (PM.yaml): 1 fewer build counter to deploy while an Aquatic Location
    is in the Ground arena (10 -> 9)."""
    s = position(light={"hand": [SANDO]})
    assert deploy_cost(s, unit(s, SANDO)) == 10
    s = position(light={"hand": [SANDO]}, dark={"locations": [SWAMPS]})
    assert deploy_cost(s, unit(s, SANDO)) == 9


def test_sando_aqua_monster_sets_a_unit_aside_and_returns_it_when_discarded() -> None:
    """Sando Aqua Monster (PM.yaml): tap, instead of attacking: a Ground unit with health 4 or
    less is set aside with its pilot (its Equipment to its owner's build zone: ruling); when
    Sando is discarded from the Ground arena, it comes back tapped, pilot aboard, to its
    owner's side, its damage gone."""
    s, sando, atst, driver, gear = _sando_holds_the_atst()
    assert (s.zone[atst], s.zone[driver], s.held[sando], s.tapped[sando]) == (HELD, HELD, [atst, driver], True)
    assert (s.zone[gear], s.counters[gear], gear in s.build[DARK]) == (BUILD, s.d(gear).cost, True)
    assert check_invariants(s) == []
    # the records survive a copy and a save
    from dejarik.tcg.fields import decode, encode

    assert decode(encode(s.effects)) == s.effects and decode(encode(s.held)) == s.held
    s = s.clone()
    discard_unit(s, sando)
    assert (s.zone[atst], atst in s.arena[DARK][1], s.tapped[atst], s.damage[atst]) == (ARENA, True, True, 0)
    assert (s.aboard[atst], s.zone[driver], s.speed(atst)) == ([driver], PILOTING, 60)
    assert s.zone[sando] == DISCARD and sando not in s.held and check_invariants(s) == []
    assert not [e for e in s.effects if e[0] == "held_unit"]


def test_sando_aqua_monster_units_stay_aside_if_it_leaves_another_way() -> None:
    """Sando Aqua Monster (PM.yaml), its ruling: retreated and then discarded from the build
    zone (not from the Ground arena), the units stay set aside for the game."""
    s, sando, atst, driver, _gear = _sando_holds_the_atst()
    s.tapped[sando] = False
    retreat(s, sando)
    assert s.held[sando] == [atst, driver]      # they go with it
    discard_unit(s, sando)
    assert (s.zone[atst], s.zone[driver], s.held[SET_ASIDE]) == (HELD, HELD, [atst, driver])
    assert check_invariants(s) == [] and not [e for e in s.effects if e[0] == "held_unit"]
    # returned to its owner's hand from the arena: the same
    from dejarik.tcg.effects import push_fx

    s, sando, atst, driver, _gear = _sando_holds_the_atst()
    push_fx(s, (("return_to_hand", ("self",)),), (LIGHT, sando, (), -1, 0))
    F.run(s)
    assert (s.zone[sando], s.zone[atst], s.held[SET_ASIDE]) == (HAND, HELD, [atst, driver])
    assert check_invariants(s) == []


def test_sando_aqua_monster_returns_a_stack_with_its_versions() -> None:
    """Sando Aqua Monster (PM.yaml): a unit with a version stacked under it (the "unit" is the
    cards of its stack: ruling) goes aside whole and comes back as the same stack, its top card
    on top, to its owner's side; a Light Side Sando's own Light unit comes back to its side too."""
    s = position(dark={"arena": [SANDO]},
                 light={"arena": ["Luke's Speeder (A)", "Luke's Speeder (B)", MARINES]})
    top, below = unit(s, "Luke's Speeder (A)"), unit(s, "Luke's Speeder (B)")
    s.arena[LIGHT][1].remove(below)
    s.zone[below] = UNDER
    s.under[top] = [below]
    for x in s.in_play(LIGHT):
        s.tapped[x] = True
    start(s, ("step", 1))
    pass_until(s, "?attack")
    act(s, f"use {c(s, SANDO)} 2")
    act(s, f"choose Luke's Speeder (A)#{top}")
    sando = unit(s, SANDO)
    assert (s.held[sando], top in s.under, s.zone[below]) == ([top, below], False, HELD)
    discard_unit(s, sando)
    assert (s.zone[top], top in s.arena[LIGHT][1], s.under[top], s.zone[below], s.tapped[top]) == \
        (ARENA, True, [below], UNDER, True)
    assert check_invariants(s) == []


# ---- the vocabulary these cards added -------------------------------------------------------
def test_big_asteroid_new_vocabulary_rejects_bad_data() -> None:
    """The loader names file, card, ability and field for bad `fetch`, `hand_to_held`,
    `release_held` and `from_hand` data (Big Asteroid and the other cards of this module)."""
    import re

    import pytest

    from dejarik.tcg.abilities import PackError, parse_abilities

    fetch = {"name": MEDIUM, "up_to": 2, "from": ["deck"], "to": "arena"}
    bad_cases = (
        ({"mission": True, "do": [{"fetch": {**fetch, "from": ["build"]}}]}, "do[0].fetch.from"),
        ({"mission": True, "do": [{"fetch": {**fetch, "to": "hand"}}]}, "do[0].fetch.to"),
        ({"mission": True, "do": [{"fetch": {**fetch, "shuffle": "never"}}]}, "do[0].fetch.shuffle"),
        ({"mission": True, "do": [{"fetch": {**fetch, "name": ""}}]}, "do[0].fetch.name"),
        ({"mission": True, "do": [{"hand_to_held": {"type": "battle"}}]}, "do[0].hand_to_held.type"),
        ({"static": {"release_held": {"from": "hand", "to": "build", "counters": 5}}},
         "static.release_held.from"),
        ({"static": {"release_held": {"from": "space", "to": "arena", "counters": 5}}},
         "static.release_held.counters"),
        ({"when": "unit_discarded", "do": [{"draw": 1}]}, "from_hand"),
        ({"when": "deployed", "from_hand": True, "do": [{"draw": 1}]}, "from_hand"),
    )
    for bad, field in bad_cases:
        with pytest.raises(PackError, match=r"X\.yaml: Foo \(A\): ability 1\." + re.escape(field)):
            parse_abilities({"set": "X", "cards": {"Foo (A)": [bad]}}, "X.yaml")
    _, cards = parse_abilities({"set": "X", "cards": {"Foo (A)": [{"mission": True, "do": [{"fetch": fetch}]}]}},
                               "X.yaml")
    assert cards["Foo (A)"][0].ops == (("fetch", MEDIUM, 2, (0,), "always"),)


def test_bright_hope_a_and_asteroids_choices_answered_by_the_built_in_players() -> None:
    """Bright Hope (A), Big Asteroid, Admiral Firmus Piett (B): the built-in players' rules
    answer the new decisions (`?hand_to_held`, `?fetch`, the hand trigger) with legal actions,
    and take the most costly card offered."""
    from dejarik.core.rng import Rng
    from dejarik.tcg import policy

    rng = Rng(3)
    s = position(light={"build": [(HOPE, 5)], "hand": [CLONE, MARINES, LIEUTENANT]}, dark={"arena": [DCS]})
    s.phase = COMMAND
    start(s, ("?build", LIGHT))
    act(s, f"deploy {c(s, HOPE)}")
    assert s.tasks[-1][0] == "?hand_to_held"
    a = policy.routine_action(s, rng)
    assert a in s.legal_actions() and a[1] == unit(s, MARINES)     # cost 6 over the Platoon's 4
    s = position(dark={"arena": [BIG], "hand": [MEDIUM], "deck": [MEDIUM], "discard": [PIETT, TAGGE]})
    start(s)
    discard_unit(s, unit(s, BIG))
    F.run(s)
    for _ in range(4):
        if not s.tasks:
            break
        a = policy.heuristic_action(s, rng)
        assert a in s.legal_actions()
        s.apply(a)
    assert s.tasks == [] and check_invariants(s) == []
    s = position(dark={"arena": [TAGGE], "hand": [PIETT]}, force=(4, 0))
    start(s)
    discard_unit(s, unit(s, TAGGE))
    F.run(s)
    assert policy.heuristic_action(s, rng) in s.legal_actions()
    act(s, "pass")      # declined: the log doesn't name him either
    assert not any("Piett" in line for line in s.log) and s.zone[unit(s, PIETT)] == HAND
