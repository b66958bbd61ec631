"""Cards that name, reveal or show cards (group REVEAL): Dangerous Gamble, Parting of Heroes,
Future Sight, C-3PO (F) (The Empire Strikes Back) and Lightsaber Quick Draw (Revenge of the
Sith), checked in the engine against what their rules text says
(../shared/reference/swtcg-data/ESB.txt, ROTS.txt; rulings from the Usage column). Each test
checks exact numbers or compares with the same position without the ability, and that no
decision or view shows a player a card it may not know."""

from __future__ import annotations

from dejarik.core.rng import Rng
from dejarik.tcg.effects import draw
from dejarik.tcg.observe import knows, observation, resample_hidden
from dejarik.tcg.policy import heuristic_action
from dejarik.tcg.state import ARENA, BUILD, DISCARD, HAND, SETUP, TcgState
from dejarik.tcg.views import board_lines
from tests.tcg.helpers import (
    DARK,
    LIGHT,
    act,
    c,
    complete,
    position,
    start,
    texts,
    unit,
)

BDS = "Battle Droid Squad"                  # Dark Ground 2/10/2/3 (AOTC)
GUARD = "Geonosian Guard"                   # Dark Character 2/30/2/2, no abilities (AOTC)
ZAM = "Zam Wesell (B)"                      # Dark Character 3/40/3/3, no abilities (AOTC)
WARRIOR = "Geonosian Warrior"               # Dark Character 3/50/3/2, no abilities (AOTC)
GOZANTI = "Gozanti Cruiser"                 # neutral Space 6/10/5/6 (AOTC)
NSG = "Naboo Security Guard"                # Light Character 2/30/2/2 (AOTC)
CLONE = "Clone Platoon"                     # Light Ground 4/40/4/4 (AOTC)
CLONE_SQUAD = "Clone Squad"                 # Light Ground 3/10/3/3 (AOTC)
NABOO_SQ = "Naboo Starfighter Squadron"     # Light Space 4/40/4/4 (AOTC)


# -- Dangerous Gamble ---------------------------------------------------------------------
GAMBLE = "Dangerous Gamble"


def _gamble(deck: list[str], seen: dict[str, list[str]] | None = None, seed: int = 1) -> TcgState:
    s = position(light={"build": [(GAMBLE, 1)], "hand": [GOZANTI]},
                 dark={"deck": deck, **(seen or {})}, seed=seed)
    complete(s, GAMBLE, LIGHT)
    return s


def test_dangerous_gamble_gains_ten_build_points_when_the_named_card_is_revealed() -> None:
    """Dangerous Gamble (ESB.txt): the opponent shuffles, you name a card, they reveal their
    top card and put it into their hand; a match gives you 10 build points."""
    s = _gamble([BDS, BDS, BDS], {"discard": [BDS]})
    assert s.current_player == LIGHT and s.tasks[-1][0] == "?name"
    act(s, f"choose name {BDS}")
    top = s.hand[DARK]
    assert [s.name(x) for x in top] == [BDS] and s.bp == [0, 10] and len(s.deck[DARK]) == 2
    assert knows(s, LIGHT, top[0])                  # revealed: known while it stays in hand
    s = _gamble([BDS, BDS, BDS], {"discard": [BDS]})
    act(s, f"choose name {GOZANTI}")                # no match: no build points, the card still drawn
    assert s.bp == [0, 0] and [s.name(x) for x in s.hand[DARK]] == [BDS]
    s = _gamble([BDS, BDS, BDS], {"discard": [BDS]})
    act(s, "pass")                                  # a card not seen: never a match
    assert s.bp == [0, 0] and len(s.hand[DARK]) == 1
    s = _gamble([], {"discard": [BDS]})             # an empty deck: nothing revealed, no loss
    act(s, f"choose name {BDS}")
    assert s.bp == [0, 0] and not s.done and not s.hand[DARK]


def test_dangerous_gamble_ignores_the_version_letter_of_the_card_named() -> None:
    """Dangerous Gamble (ESB.txt; ruling): the subtype and version letter of the card named are
    ignored: naming Darth Vader (seen as version B in play) matches Darth Vader (A) on top."""
    s = _gamble(["Darth Vader (A)"], {"arena": ["Darth Vader (B)"]})
    assert "choose name Darth Vader" in texts(s)
    act(s, "choose name Darth Vader")
    assert s.bp == [0, 10] and [s.name(x) for x in s.hand[DARK]] == ["Darth Vader (A)"]


def test_dangerous_gamble_offers_only_names_the_namer_may_know() -> None:
    """Dangerous Gamble (ESB.txt): the names offered come from what the namer may know (the
    opponent's cards in play, discard pile and shown cards, and the namer's own neutral cards):
    a name found only in the opponent's hidden deck or hand is never offered, so the options
    tell nothing of it; the built-in players guess from their view only."""
    seen = {"discard": [BDS, BDS], "arena": [ZAM], "hand": [WARRIOR]}
    s = _gamble([GUARD, GUARD, "Darth Vader (A)"], seen)
    names = [f"choose name {n}" for n in (BDS, GOZANTI, "Zam Wesell")]
    assert texts(s) == [*names, "pass"]             # no Geonosian Guard, Darth Vader or Warrior
    assert observation(s, DARK)["decision"]["options"] == []    # the opponent sees no options
    other = _gamble([WARRIOR, "Darth Vader (A)", BDS], seen)    # another hidden deck: the same offer
    assert texts(other) == texts(s)
    for world in (s, other):
        assert heuristic_action(world, Rng(3)) == s.text_to_action(f"choose name {BDS}")  # seen twice
        again = resample_hidden(world, LIGHT, 7)
        assert [again.action_to_text(a) for a in again.legal_actions()] == texts(s)


# -- Parting of Heroes ------------------------------------------------------------------------
PARTING = "Parting of Heroes"
OBI = "Obi-Wan Kenobi (A)"


def test_parting_of_heroes_reveals_until_two_named_characters_and_the_opponent_picks_one() -> None:
    """Parting of Heroes (ESB.txt): reveal from the top until 2 Character cards with different
    names; the opponent chooses one, which goes face down into your build zone with 6 build
    counters; every other card revealed is discarded."""
    deck = [NSG, CLONE, NSG, OBI, "Yoda (A)"]
    s = position(light={"build": [(PARTING, 5)], "deck": deck})
    complete(s, PARTING, LIGHT)
    first, obi = s.deck[LIGHT][-1], unit(s, OBI)
    assert s.current_player == DARK                 # the opponent chooses
    assert texts(s) == [f"choose {NSG}#{first}", f"choose {c(s, OBI)}"]   # not the second guard
    for seed in range(4):   # the chooser's re-dealt worlds keep the revealed cards in place
        world = resample_hidden(s, DARK, seed)
        assert [world.action_to_text(a) for a in world.legal_actions()] == texts(s)
        assert world.deck[LIGHT][-4:] == s.deck[LIGHT][-4:]
    act(s, f"choose {c(s, OBI)}")
    assert s.zone[obi] == BUILD and not s.face_up[obi] and s.counters[obi] == 6
    assert sorted(s.name(x) for x in s.discard[LIGHT]) == sorted([PARTING, NSG, CLONE, NSG])
    assert [s.name(x) for x in s.deck[LIGHT]] == ["Yoda (A)"]


def test_parting_of_heroes_counts_versions_as_one_name_and_stops_at_the_decks_end() -> None:
    """Parting of Heroes (ESB.txt): two versions of one name are not "different names"; if the
    deck ends first, the opponent picks among the Characters found (one: that one). Option
    different_names=version: each version's name is its own."""
    s = position(light={"build": [(PARTING, 5)], "deck": [OBI, "Obi-Wan Kenobi (B)", CLONE]})
    complete(s, PARTING, LIGHT)
    assert texts(s) == [f"choose {c(s, OBI)}"]      # Obi-Wan (B) shares the name; the deck ended
    act(s, f"choose {c(s, OBI)}")
    assert s.counters[unit(s, OBI)] == 6 and not s.deck[LIGHT] and len(s.discard[LIGHT]) == 3
    s = position(light={"build": [(PARTING, 5)], "deck": [CLONE, CLONE_SQUAD]})
    complete(s, PARTING, LIGHT)                     # no Character at all: all discarded
    assert not s.deck[LIGHT] and not s.build[LIGHT] and len(s.discard[LIGHT]) == 3
    s = position(light={"build": [(PARTING, 5)], "deck": [OBI, "Obi-Wan Kenobi (B)", CLONE]},
                 different_names="version")         # the option: each version's name its own
    complete(s, PARTING, LIGHT)
    assert texts(s) == [f"choose {c(s, OBI)}", f"choose {c(s, 'Obi-Wan Kenobi (B)')}"]
    act(s, f"choose {c(s, OBI)}")
    assert [s.name(x) for x in s.deck[LIGHT]] == [CLONE]    # the reveal stopped at the second


def test_parting_of_heroes_built_in_player_gives_the_opponent_the_cheaper_card() -> None:
    """Parting of Heroes (ESB.txt): the built-in player choosing for its opponent puts the
    cheaper revealed Character into their build zone."""
    s = position(light={"build": [(PARTING, 5)], "deck": [OBI, NSG]})
    complete(s, PARTING, LIGHT)
    act(s, s.action_to_text(heuristic_action(s, Rng(1))))
    assert s.zone[unit(s, NSG)] == BUILD and s.zone[unit(s, OBI)] == DISCARD


# -- Future Sight -----------------------------------------------------------------------------
SIGHT = "Future Sight"
DECK5 = [CLONE_SQUAD, CLONE, NSG, "X-wing Red Ten", "Yoda (A)"]


def test_future_sight_pays_any_force_and_takes_one_card_per_build_counter() -> None:
    """Future Sight (ESB.txt): pay any amount of Force, look at that many cards from the top of
    your deck, put 1 of them into your hand for each build counter on Future Sight, discard the
    rest: with 2 counters and 3 Force paid, 2 cards to hand, 1 discarded."""
    s = position(light={"build": [(SIGHT, 2)], "deck": DECK5}, force=(0, 5))
    complete(s, SIGHT, LIGHT)
    assert texts(s) == [f"choose x={k}" for k in range(6)]     # 0 up to all 5 Force
    act(s, "choose x=3")
    assert s.force[LIGHT] == 2
    assert texts(s) == [f"choose {c(s, n)}" for n in (CLONE_SQUAD, CLONE, NSG)]
    act(s, f"choose {c(s, CLONE)}")
    act(s, f"choose {c(s, NSG)}")
    assert sorted(s.name(x) for x in s.hand[LIGHT]) == [CLONE, NSG]
    assert sorted(s.name(x) for x in s.discard[LIGHT]) == [CLONE_SQUAD, SIGHT]
    assert [s.name(x) for x in reversed(s.deck[LIGHT])] == ["X-wing Red Ten", "Yoda (A)"]
    assert not knows(s, DARK, unit(s, CLONE))       # taken unseen


def test_future_sight_takes_no_more_than_it_looked_at() -> None:
    """Future Sight (ESB.txt): more build counters than cards looked at takes them all; paying
    0 Force looks at nothing."""
    s = position(light={"build": [(SIGHT, 3)], "deck": DECK5}, force=(0, 5))
    complete(s, SIGHT, LIGHT)
    act(s, "choose x=1")
    act(s, f"choose {c(s, CLONE_SQUAD)}")
    assert [s.name(x) for x in s.hand[LIGHT]] == [CLONE_SQUAD] and s.force[LIGHT] == 4
    assert len(s.deck[LIGHT]) == 4 and [s.name(x) for x in s.discard[LIGHT]] == [SIGHT]
    s = position(light={"build": [(SIGHT, 3)], "deck": DECK5}, force=(0, 5))
    complete(s, SIGHT, LIGHT)
    act(s, "choose x=0")
    assert s.force[LIGHT] == 5 and not s.hand[LIGHT] and len(s.deck[LIGHT]) == 5


# -- C-3PO (F) --------------------------------------------------------------------------------
C3PO = "C-3PO (F)"


def test_c_3po_f_shows_the_opponents_drawn_cards_while_they_stay_in_hand() -> None:
    """C-3PO (F) (ESB.txt): whenever the opponent draws a card, it is shown to you: known in
    your view while it stays in their hand; your own draws stay hidden; not while he is
    retreated, nor in setup."""
    s = position(light={"arena": [C3PO], "deck": [NSG]}, dark={"deck": [BDS, GUARD], "hand": [ZAM]})
    start(s, ("ready",))                            # the draw step: each side draws 1
    bds, zam, nsg = unit(s, BDS), unit(s, ZAM), unit(s, NSG)
    assert s.zone[bds] == HAND and s.zone[nsg] == HAND
    assert knows(s, LIGHT, bds) and not knows(s, LIGHT, zam) and not knows(s, DARK, nsg)
    assert observation(s, LIGHT)["sides"][DARK]["hand"] == {"count": 2, "known": [BDS]}
    assert observation(s, DARK)["sides"][LIGHT]["hand"] == {"count": 1, "known": []}
    assert "Known in their hand: Battle Droid Squad" in board_lines(s, LIGHT)
    assert not any(line.startswith("Known in their hand") for line in board_lines(s, DARK))
    draw(s, DARK)                                   # an effect's draw is shown too
    assert knows(s, LIGHT, unit(s, GUARD))
    again = resample_hidden(s, LIGHT, 5)            # a re-deal keeps the shown cards in place
    assert sorted(again.name(x) for x in again.hand[DARK] if knows(again, LIGHT, x)) == [BDS, GUARD]
    s = position(light={"retreated": [C3PO]}, dark={"deck": [BDS]})
    draw(s, DARK)
    assert not knows(s, LIGHT, unit(s, BDS))
    s = position(light={"arena": [C3PO]}, dark={"deck": [BDS]})
    s.phase = SETUP                                 # setup's draws are not shown
    draw(s, DARK)
    assert not knows(s, LIGHT, unit(s, BDS))
    s = position(light={"arena": [NSG]}, dark={"deck": [BDS]})      # without him: hidden
    draw(s, DARK)
    assert not knows(s, LIGHT, unit(s, BDS)) and s.zone[unit(s, BDS)] == HAND


# -- Lightsaber Quick Draw --------------------------------------------------------------------
QUICK = "Lightsaber Quick Draw"
OBI_B = "Obi-Wan Kenobi (B)"                # Light Character Jedi Knight, speed 40


def _quick(hand: list[str], jedi_arena: str = "arena", force: int = 3, seed: int = 1) -> TcgState:
    s = position(light={jedi_arena: [OBI_B], "hand": [QUICK, *hand]},
                 dark={"arena": [GUARD, ZAM, WARRIOR, BDS]}, force=(0, force), seed=seed)
    start(s, ("step", 2))
    return s


def test_lightsaber_quick_draw_damages_units_slower_than_the_revealed_card() -> None:
    """Lightsaber Quick Draw (ROTS.txt): pay 3 Force, choose the Character or Ground arena
    where you have a Jedi, reveal a unit card from hand (it stays there, now known to the
    opponent): 4 dice of damage to each opponent's unit there slower than that card."""
    rolled = {GUARD: 0, ZAM: 0, WARRIOR: 0, BDS: 0}
    for seed in range(1, 6):
        s = _quick([NABOO_SQ, CLONE_SQUAD], seed=seed)
        act(s, f"play {c(s, QUICK)}")
        assert s.force[LIGHT] == 0
        assert texts(s) == ["choose character"]     # no Jedi of yours in the Ground arena
        act(s, "choose character")
        assert texts(s) == [f"choose {c(s, NABOO_SQ)}", f"choose {c(s, CLONE_SQUAD)}"]
        act(s, f"choose {c(s, NABOO_SQ)}")          # speed 40
        sq = unit(s, NABOO_SQ)
        assert s.zone[sq] == HAND and knows(s, DARK, sq) and not knows(s, DARK, unit(s, CLONE_SQUAD))
        for name in rolled:
            rolled[name] += sum(line.startswith(f"4 dice of damage at {name}") for line in s.log)
        for name in (ZAM, WARRIOR, BDS):
            assert s.damage[unit(s, name)] == 0 and s.zone[unit(s, name)] == ARENA
    assert rolled == {GUARD: 5, ZAM: 0, WARRIOR: 0, BDS: 0}     # only the speed-30 Guard


def test_lightsaber_quick_draw_needs_a_jedi_and_a_unit_card_in_hand() -> None:
    """Lightsaber Quick Draw (ROTS.txt): not playable with no Jedi of yours in the Character or
    Ground arena, or with no unit card in hand to reveal, or short of 3 Force."""
    for s in (_quick([NABOO_SQ], jedi_arena="retreated"), _quick([]), _quick([NABOO_SQ], force=2)):
        assert f"play {c(s, QUICK)}" not in texts(s)
    s = _quick([NABOO_SQ])
    assert f"play {c(s, QUICK)}" in texts(s)


def test_lightsaber_quick_draw_built_in_player_reveals_its_fastest_unit_card() -> None:
    """Lightsaber Quick Draw (ROTS.txt): the built-in player reveals its fastest unit card, so
    every opposing Character there (Guard 30, Zam 40, Warrior 50) is reached by a speed-60 card,
    and the Ground arena's Battle Droid Squad is not."""
    s = _quick([CLONE_SQUAD, "X-wing Red Ten"])     # speeds 10 and 60
    act(s, f"play {c(s, QUICK)}")
    act(s, "choose character")
    act(s, s.action_to_text(heuristic_action(s, Rng(2))))
    assert knows(s, DARK, unit(s, "X-wing Red Ten"))
    hit = {line.split(" at ")[1].split(":")[0] for line in s.log if line.startswith("4 dice of damage at")}
    assert hit == {GUARD, ZAM, WARRIOR}
    assert s.zone[unit(s, "X-wing Red Ten")] == HAND and s.zone[unit(s, CLONE_SQUAD)] == HAND


# -- the vocabulary ---------------------------------------------------------------------------
def test_reveal_vocabulary_rejects_bad_data_and_renders_in_words() -> None:
    """The primitives of this group: bad data names the file, card, ability and field; the
    cards' abilities render in words."""
    import re

    import pytest

    from dejarik.tcg.abilities import PackError, parse_abilities
    from dejarik.tcg.carddefs import all_defs
    from dejarik.tcg.cardtext import ability_text

    bad_cases = (
        ({"mission": True, "do": [{"dig": {"n": "paid", "take": 1, "rest": "top"}}]}, "do[0].dig.rest"),
        ({"mission": True, "do": [{"reveal_build": {"n": 2, "until_names": 2, "type": "character"}}]},
         "do[0].reveal_build"),
        ({"mission": True, "do": [{"reveal_build": {"n": 2, "type": "character", "by": "opponent"}}]},
         "do[0].reveal_build.by"),
        ({"mission": True, "do": [{"name_top": {"side": "them", "do": []}}]}, "do[0].name_top.side"),
        ({"mission": True, "do": [{"reveal_hand": {"type": ["jedi"]}}]}, "do[0].reveal_hand.type"),
        ({"mission": True, "do": [{"choose_arena": {"with": {"owner": "nobody"}}}]},
         "do[0].choose_arena.with.owner"),
        ({"play": 1, "do": [{"discard_unit": {"unit": {"each": {"slower_than": "defender"}}}}]},
         "do[0].discard_unit.unit.each.slower_than"),
        ({"static": {"show_draws": "you"}}, "static.show_draws"),
    )
    for bad, field in bad_cases:
        with pytest.raises(PackError, match=r"X\.yaml: Foo \(A\): ability 1\." + re.escape(field)):
            parse_abilities({"set": "X", "cards": {"Foo (A)": [bad]}}, "X.yaml")
    words = {n: " ".join(ability_text(ab) for ab in all_defs()[n].abilities)
             for n in (GAMBLE, PARTING, SIGHT, C3PO, QUICK)}
    assert "you name a card" in words[GAMBLE] and "10" in words[GAMBLE]
    assert "2 Character cards with different names" in words[PARTING]
    assert "your opponent chooses" in words[PARTING]
    assert "pay any amount of Force" in words[SIGHT] and "discard the rest" in words[SIGHT]
    assert "draws a card" in words[C3PO]
    assert "where there is" in words[QUICK] and "speed lower than" in words[QUICK]


def test_reveal_decisions_survive_a_save() -> None:
    """Dangerous Gamble, Parting of Heroes, Future Sight, Lightsaber Quick Draw: a real game
    waiting at each card's decision round-trips through JSON with the same options."""
    import json

    from dejarik.tcg import flow as F
    from dejarik.tcg.carddefs import all_defs
    from dejarik.tcg.game import new_state

    for name, first in ((GAMBLE, "?name"), (PARTING, "?reveal_pick"), (SIGHT, "?x"), (QUICK, "?arena")):
        g = new_state({"light": "jedi_council"}, 3)
        while g.phase == SETUP:
            g.apply(heuristic_action(g, Rng(1)))
        g.force = [5, 5]
        ops = all_defs()[name].abilities[0].ops
        g.tasks.append(("fx", ops, 0, (LIGHT, -1, (), -1, 2)))
        F.run(g)
        assert g.tasks[-1][0] == first
        for _ in range(3):
            back = TcgState.from_json(json.loads(json.dumps(g.to_json())))
            assert back.legal_actions() == g.legal_actions() and back.tasks[-1][0] == g.tasks[-1][0]
            if not g.tasks or g.tasks[-1][0] in ("?build", "?pop", "?attack"):
                break
            act(g, texts(g)[0])
