"""Cards removed from the game (zone REMOVED, docs/tcg.md "Cards removed from the game") and the
cards that remove them: Het Nkik (A), Kabe (A), Slave I (F) and C-3PO (G) (Rogues and
Scoundrels, ../shared/reference/swtcg-data/RAS.txt) and Separatist Fleet (Revenge of the Sith,
ROTS.txt). The zone's own test comes first: the cards there are conserved, face up in both
players' views, saved and copied, and shown on the boards and in the tensors."""

from __future__ import annotations

from dejarik.tcg import flow as F
from dejarik.tcg.appboard import app_board
from dejarik.tcg.carddefs import all_defs
from dejarik.tcg.effects import remove_from_game
from dejarik.tcg.game import new_state
from dejarik.tcg.invariants import check_invariants
from dejarik.tcg.observe import knows, observation
from dejarik.tcg.state import DISCARD, REMOVED, TcgState
from dejarik.tcg.tensors import LOCATIONS, spaces_for
from dejarik.tcg.views import board_lines
from tests.tcg.helpers import DARK, LIGHT, act, c, names, pass_until, position, start, texts, unit

BDS = "Battle Droid Squad"           # Dark Ground 2/10/2/3, Trade Federation Droid (AOTC)
SECURITY = "Security Droid"          # Dark Character, Trade Federation Droid (ROTS)
GUARD = "Naboo Security Guard"       # Light Character 2/30/2/2, Naboo Soldier (AOTC)
CLONE = "Clone Platoon"              # Light Ground 4/40/4/4 (AOTC)
ESCORT = "X-Wing Escort"             # Light Space 3/50/2/2 (RAS)
JAWA = "Jawa"                        # Neutral Character 2/20/2/2, Tatooine Jawa (ANH)
KAMINOAN = "Kaminoan Guard"          # Neutral Character 4/50/3/3 (AOTC)
SNOWSPEEDER = "Unmodified Snowspeeder"   # Light Ground, Upkeep: a damage counter (ESB)


def offered(s: TcgState, move: str) -> bool:
    return bool(s.tasks) and not s.done and move in texts(s)


# ---- the zone ----------------------------------------------------------------------------------
def test_removed_cards_are_conserved_public_saved_and_shown() -> None:
    """A card removed from the game leaves its discard pile for its owner's removed cards: the
    invariants count it, both players see it (the opponent too), it survives JSON and a copy,
    and the terminal board, the app board and the tensors show it."""
    s = position(dark={"discard": [BDS], "arena": [KAMINOAN]}, light={"discard": [GUARD], "arena": [CLONE]})
    bds, guard = unit(s, BDS), unit(s, GUARD)
    remove_from_game(s, bds)
    remove_from_game(s, guard)
    assert (s.zone[bds], s.removed, s.discard) == (REMOVED, [[bds], [guard]], [[], []])
    assert check_invariants(s) == []
    s.removed[DARK].clear()         # lost from the zone list: the invariant catches it
    assert any("not conserved" in x or "zone" in x for x in check_invariants(s))
    s.removed[DARK].append(bds)
    start(s, ("?build", DARK))
    for viewer in (DARK, LIGHT, -1):
        assert knows(s, viewer, bds) and knows(s, viewer, guard)
        sides = observation(s, viewer)["sides"]
        assert (sides[DARK]["removed"], sides[LIGHT]["removed"]) == ([BDS], [GUARD])
    copy = s.clone()
    copy.removed[LIGHT].clear()
    assert s.removed[LIGHT] == [guard]
    assert any(f"removed from the game: {BDS}" in line for line in board_lines(s, LIGHT))
    board = app_board(observation(s, LIGHT), all_defs(), ("a", "b"))
    assert [title for title, _ in board.piles][-2:] == ["Dark Side cards removed from the game",
                                                         "Light Side cards removed from the game"]
    layout = spaces_for(s)
    rows = layout.observe(s, LIGHT)[:layout.n * layout.card_width].reshape(layout.n, -1)
    assert rows[bds, LOCATIONS.index("opp_removed")] == 1 and rows[guard, LOCATIONS.index("my_removed")] == 1
    assert rows[bds, :len(LOCATIONS)].sum() == 1
    # a game in progress, saved and loaded with a card of each deck removed from the game
    g = new_state({}, 3)
    for p in (DARK, LIGHT):
        x = g.deck[p].pop()
        g.zone[x] = DISCARD
        g.discard[p].append(x)
        remove_from_game(g, x)
    assert check_invariants(g) == []
    back = TcgState.from_json(g.to_json())
    assert back.removed == g.removed and back.state_hash() == g.state_hash()
    assert back.zone[g.removed[LIGHT][0]] == REMOVED


# ---- Het Nkik (A) ------------------------------------------------------------------------------
def test_het_nkik_a_upkeep_removes_a_card_of_your_discard_pile_or_taps_him() -> None:
    """Het Nkik (A) (RAS.txt): Upkeep: remove a card of your own discard pile from the game, or
    tap him. With a card there both are offered; removing keeps him untapped; with an empty
    pile (or only the opponent's cards) he is tapped at once."""
    s = position(dark={"arena": ["Het Nkik (A)"], "discard": [BDS]}, light={"discard": [GUARD]})
    het = unit(s, "Het Nkik (A)")
    start(s, ("build_step", DARK))
    assert texts(s) == ["choose option 1", "choose option 2"]
    act(s, "choose option 1")
    assert texts(s) == [f"choose {c(s, BDS)}"]      # only his own pile's cards
    act(s, f"choose {c(s, BDS)}")
    assert (s.zone[unit(s, BDS)], s.tapped[het], s.tasks[-1][0]) == (REMOVED, False, "?build")
    assert s.discard[LIGHT] == [unit(s, GUARD)] and check_invariants(s) == []
    s = position(dark={"arena": ["Het Nkik (A)"]}, light={"discard": [GUARD]})
    start(s, ("build_step", DARK))
    assert s.tapped[unit(s, "Het Nkik (A)")] and s.tasks[-1][0] == "?build"
    assert s.zone[unit(s, GUARD)] == DISCARD


def test_het_nkik_a_gives_your_jawas_power_and_a_droid_bounty() -> None:
    """Het Nkik (A) (RAS.txt): each of your Jawas, himself included, gets +1 power and "Bounty:
    put a Droid card from your hand into its arena, tapped"; the opponent's Jawa gets nothing.
    A Jawa's kill puts the Droid in at the next build step, tapped (not a deployment)."""
    s = position(dark={"arena": ["Het Nkik (A)", JAWA, KAMINOAN], "hand": [BDS]},
                 light={"arena": [JAWA, GUARD]})
    mine, theirs = unit(s, JAWA, DARK), unit(s, JAWA, LIGHT)
    assert (s.power(unit(s, "Het Nkik (A)")), s.power(mine), s.power(theirs), s.power(unit(s, KAMINOAN))) \
        == (4, 3, 2, 3)
    s.atk = [mine, unit(s, GUARD), -1, 2]
    s.dice = [5, 5, 1]
    start(s, ("attack_damage",))
    s.atk = None
    assert s.zone[unit(s, GUARD)] == DISCARD
    s.tapped[unit(s, "Het Nkik (A)")] = True      # his Upkeep: nothing to pay
    start(s, ("build_step", DARK))
    assert texts(s) == [f"choose {c(s, BDS)}"]
    act(s, f"choose {c(s, BDS)}")
    bds = unit(s, BDS)
    assert bds in s.arena[DARK][1] and s.tapped[bds] and check_invariants(s) == []
    # without Het, the same kill earns no Bounty
    s = position(dark={"arena": [JAWA], "hand": [BDS]}, light={"arena": [GUARD]})
    s.atk = [unit(s, JAWA), unit(s, GUARD), -1, 2]
    s.dice = [5, 5]
    start(s, ("attack_damage",))
    s.atk = None
    start(s, ("build_step", DARK))
    assert names(s, s.hand[DARK]) == [BDS]


# ---- Kabe (A) ----------------------------------------------------------------------------------
def test_kabe_a_removes_an_opponents_card_for_a_build_point_next_turn() -> None:
    """Kabe (A) (RAS.txt): tap instead of attacking: you may remove a card of the opponent's
    discard pile from the game; if you do, 1 extra build point next turn. An empty pile (or a
    "no") gives no build point."""
    s = position(dark={"arena": ["Kabe (A)"], "discard": [BDS]}, light={"discard": [GUARD], "arena": [CLONE]})
    kabe = unit(s, "Kabe (A)")
    start(s, ("step", 2))
    pass_until(s, "?attack")
    act(s, f"use {c(s, 'Kabe (A)')} 1")
    assert s.tapped[kabe] and s.tasks[-1][0] == "?may"
    act(s, "yes")
    assert texts(s) == [f"choose {c(s, GUARD)}"]      # the opponent's pile only
    act(s, f"choose {c(s, GUARD)}")
    assert s.removed == [[], [unit(s, GUARD)]] and check_invariants(s) == []
    assert ("bp_next_turn", DARK, 1, s.turn + 1) in s.effects
    s = position(dark={"arena": ["Kabe (A)"], "discard": [BDS]}, light={"arena": [CLONE]})
    start(s, ("step", 2))
    pass_until(s, "?attack")
    act(s, f"use {c(s, 'Kabe (A)')} 1")
    assert not any(e[0] == "bp_next_turn" for e in s.effects) and s.removed == [[], []]


def test_kabe_a_cant_be_attacked_while_muftak_is_in_the_character_arena() -> None:
    """Kabe (A) (RAS.txt): while a Muftak (either side's) is in the Character arena, the
    opponent's units can't attack Kabe; without one they can."""
    for dark, light in (([], []), (["Muftak (A)"], []), ([], ["Muftak (A)"])):
        s = position(dark={"arena": ["Kabe (A)", KAMINOAN, *dark]}, light={"arena": [GUARD, *light]})
        start(s, ("step", 2))
        pass_until(s, "?attack")
        while s.current_player != LIGHT:
            act(s, "pass") if (F.PASS, 0, 0) in s.legal_actions() else s.apply(
                next(a for a in s.legal_actions() if a[0] == F.SKIP))
            pass_until(s, "?attack")
        targets = {a[2] for a in s.legal_actions() if a[0] == F.ATTACK and a[1] == unit(s, GUARD)}
        assert (unit(s, "Kabe (A)") in targets) == (not dark and not light)
        assert unit(s, KAMINOAN) in targets


# ---- Slave I (F) -------------------------------------------------------------------------------
def test_slave_i_f_removes_an_opponents_space_unit_for_three_build_points() -> None:
    """Slave I (F) (RAS.txt): Accuracy 1; tap, remove a Space unit of the opponent's discard pile
    from the game -> 3 build points, in the build step. Offered only with such a card there
    (not a Ground card, not one of your own Space units)."""
    s = position(dark={"arena": ["Slave I (F)"], "discard": ["TIE Fighter"]},
                 light={"discard": [ESCORT, CLONE]})
    assert s.d(unit(s, "Slave I (F)")).keyword("accuracy") == 1
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'Slave I (F)')} 2")
    assert texts(s) == [f"choose {c(s, ESCORT)}"]
    act(s, f"choose {c(s, ESCORT)}")
    assert (s.bp[DARK], s.tapped[unit(s, "Slave I (F)")]) == (3, True)
    assert s.removed == [[], [unit(s, ESCORT)]] and s.tasks[-1][0] == "?build"
    s = position(dark={"arena": ["Slave I (F)"], "discard": ["TIE Fighter"]}, light={"discard": [CLONE]})
    start(s, ("?build", DARK))
    assert not offered(s, f"use {c(s, 'Slave I (F)')} 2")


# ---- Separatist Fleet --------------------------------------------------------------------------
def test_separatist_fleet_removes_two_separatist_cards_to_heal_once_a_turn() -> None:
    """Separatist Fleet (ROTS.txt): remove 2 Trade Federation, Commerce Guild, Techno Union,
    Banking Clan or Separatist cards of your discard pile from the game -> remove 1 damage
    counter from it. Once a turn (its ruling), in the build step or in battle (no timing);
    offered only with 2 such cards there and damage on it."""
    fleet = "Separatist Fleet"
    s = position(dark={"arena": [fleet], "discard": [BDS, SECURITY, "TIE Fighter"]})
    f = unit(s, fleet)
    s.damage[f] = 2
    start(s, ("?build", DARK))
    act(s, f"use {c(s, fleet)} 2")
    assert texts(s) == [f"choose {c(s, BDS)}", f"choose {c(s, SECURITY)}"]
    act(s, f"choose {c(s, BDS)}")
    act(s, f"choose {c(s, SECURITY)}")
    assert s.damage[f] == 1 and names(s, s.removed[DARK]) == [BDS, SECURITY]
    assert names(s, s.discard[DARK]) == ["TIE Fighter"] and check_invariants(s) == []
    # used once this turn: not again, at either timing, even with cards to spare
    s.discard[DARK] += [x for x in s.removed[DARK]]
    for x in s.removed[DARK]:
        s.zone[x] = DISCARD
    s.removed[DARK].clear()
    s._legal = None
    assert not offered(s, f"use {c(s, fleet)} 2")
    assert not F._ability_plays(s, DARK, f, "any")
    # one such card only, or no damage: not offered
    s = position(dark={"arena": [fleet], "discard": [BDS, "TIE Fighter"]})
    s.damage[unit(s, fleet)] = 2
    start(s, ("?build", DARK))
    assert not offered(s, f"use {c(s, fleet)} 2")
    s = position(dark={"arena": [fleet], "discard": [BDS, SECURITY]})
    start(s, ("?build", DARK))
    assert not offered(s, f"use {c(s, fleet)} 2")
    s.damage[unit(s, fleet)] = 1
    assert F._ability_plays(s, DARK, unit(s, fleet), "any") == [(F.ABILITY, unit(s, fleet), 0)]


# ---- C-3PO (G) ---------------------------------------------------------------------------------
def test_c_3po_g_taps_to_pay_the_upkeep_of_one_of_your_units() -> None:
    """C-3PO (G) (RAS.txt, text erratum as given): tap -> pay the Upkeep costs of one of your
    units. Used as the Upkeeps come due at the start of your build step: the unit chosen (a
    retreated one too) pays nothing this turn. Passing, the Upkeep is paid as usual; tapped,
    he is not offered."""
    s = position(light={"arena": ["C-3PO (G)"], "retreated": [SNOWSPEEDER]})
    speeder, threepio = unit(s, SNOWSPEEDER), unit(s, "C-3PO (G)")
    start(s, ("build_step", LIGHT))
    assert s.tasks[-1][0] == "?upkeep_use"
    act(s, f"use {c(s, 'C-3PO (G)')} 1")
    act(s, f"choose {c(s, SNOWSPEEDER)}")
    assert (s.damage[speeder], s.tapped[threepio], s.tasks[-1][0]) == (0, True, "?build")
    s = position(light={"arena": ["C-3PO (G)"], "retreated": [SNOWSPEEDER]})
    start(s, ("build_step", LIGHT))
    act(s, "pass")
    assert s.damage[unit(s, SNOWSPEEDER)] == 1 and not s.tapped[unit(s, "C-3PO (G)")]
    s = position(light={"arena": ["C-3PO (G)"], "retreated": [SNOWSPEEDER]})
    s.tapped[unit(s, "C-3PO (G)")] = True
    start(s, ("build_step", LIGHT))
    assert s.damage[unit(s, SNOWSPEEDER)] == 1 and s.tasks[-1][0] == "?build"


def test_remove_cards_bad_data_is_refused_naming_the_field() -> None:
    """The loader refuses a `remove_cards` that names no discard pile or no number, with the
    file, the card, the ability and the field in the message."""
    import pytest

    from dejarik.core.errors import PackError
    from dejarik.tcg.abilities import parse_abilities

    bad = [({"activated": {"remove_cards": {"n": 0}}, "timing": "build", "do": []},
            "ability 1.activated.remove_cards.n"),
           ({"activated": {"remove_cards": {"cards": {"zone": "build"}}}, "timing": "build", "do": []},
            "ability 1.activated.remove_cards.cards"),
           ({"upkeep": [{"remove_cards": {"cards": {"owner": "any"}}}]},
            "ability 1.upkeep[0].remove_cards.cards"),
           ({"when": "deployed", "do": [{"remove_cards": {"n": 1, "what": 2}}]}, "remove_cards"),
           ({"when": "deployed", "do": [{"hand_to_arena": {"type": "space", "tapped": "yes"}}]},
            "hand_to_arena.tapped")]
    for ability, field in bad:
        with pytest.raises(PackError, match=r"X\.yaml: Card: .*" + field.replace("[", r"\[").replace("]", r"\]")):
            parse_abilities({"set": "X", "cards": {"Card": [ability]}}, "X.yaml")
