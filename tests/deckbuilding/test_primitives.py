"""One test per effect primitive of docs/packs.md, on a tiny custom pack.

The pack below (factions `red`, moving first, and `blue`) gives each primitive, and each option
of `move` and `buy`, a card of its own, so a test exercises exactly one piece of vocabulary.
The last part checks that a bad pack raises `PackError` naming the file, the card and the
field (docs/packs.md, first section).
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from dejarik.core.errors import PackError
from dejarik.deckbuilding.completeness import pack_report
from dejarik.deckbuilding.invariants import check_invariants
from dejarik.deckbuilding.pack import compile_pack, load_pack
from dejarik.deckbuilding.rules import attack_of
from dejarik.deckbuilding.scenario import load_scenario

from .conftest import do, legal, names, offered, top

RED, BLUE = 0, 1

MINI = """
pack: mini
title: "Primitive test pack"
edition: test
factions:
  - {id: red, name: Red, hunt: bounty hunting}
  - {id: blue, name: Blue, hunt: sabotage}
cards:
  # ---- starters, pilot, bases
  - {name: Red Grunt, role: starter, faction: red, type: unit, copies: 2, attack: 1}
  - {name: Blue Grunt, role: starter, faction: blue, type: unit, copies: 2, attack: 1}
  - {name: Hired Pilot, role: pilot, faction: neutral, type: unit, copies: 4, cost: 2, resources: 2}
  - {name: Red Home, role: base, faction: red, type: base, hp: 10, starting: true, beginner: true}
  - {name: Red Keep, role: base, faction: red, type: base, hp: 10, beginner: true,
     statics: [{keep_resources: true}]}
  - {name: Red Fort, role: base, faction: red, type: base, hp: 10, beginner: true}
  - {name: Blue Home, role: base, faction: blue, type: base, hp: 10, starting: true, beginner: true}
  - {name: Blue Keep, role: base, faction: blue, type: base, hp: 10, beginner: true}
  - {name: Blue Fort, role: base, faction: blue, type: base, hp: 10, beginner: true}
  # ---- plain galaxy cards
  - {name: Red Soldier, role: galaxy, faction: red, type: unit, copies: 3, cost: 2, attack: 2,
     target: 2, reward: [{gain: {resources: 1}}]}
  - {name: Blue Soldier, role: galaxy, faction: blue, type: unit, copies: 3, cost: 2, attack: 2,
     target: 2, reward: [{gain: {resources: 1}}]}
  - {name: Red Cruiser, role: galaxy, faction: red, type: capital_ship, copies: 1, cost: 3, hp: 3,
     attack: 1}
  - {name: Blue Cruiser, role: galaxy, faction: blue, type: capital_ship, copies: 1, cost: 3, hp: 3,
     attack: 1}
  - {name: Trinket, role: galaxy, faction: neutral, type: unit, copies: 2, cost: 1, resources: 1}
  - {name: Bauble, role: galaxy, faction: neutral, type: unit, copies: 2, cost: 4}
  # ---- one card per primitive (all neutral units, cost 0)
  - {name: Gainer, role: galaxy, faction: neutral, type: unit, copies: 1,
     ability: {do: [{gain: {resources: 2, force: 1, attack: 3}}]}}
  - {name: Drawer, role: galaxy, faction: neutral, type: unit, copies: 1,
     ability: {do: [{draw: 2}]}}
  - {name: Fixer, role: galaxy, faction: neutral, type: unit, copies: 1,
     ability: {do: [{repair: 3}]}}
  - {name: Zapper, role: galaxy, faction: neutral, type: unit, copies: 1,
     ability: {do: [{damage_base: 3}]}}
  - {name: Purger, role: galaxy, faction: neutral, type: unit, copies: 1,
     ability: {do: [{move: {from: row, filter: {faction: enemy}, to: discard, all: true,
                            then: [{damage_base: {per_moved: 2}}]}}]}}
  - {name: Martyr, role: galaxy, faction: neutral, type: unit, copies: 1, attack: 2,
     ability: {do: [{exile_self: true}, {gain: {resources: 1}}]}}
  - {name: Trasher, role: galaxy, faction: neutral, type: unit, copies: 1,
     ability: {do: [{move: {from: [hand, discard], to: exile, count: 2, up_to: true}}]}}
  - {name: Strict Trasher, role: galaxy, faction: neutral, type: unit, copies: 1,
     ability: {do: [{move: {from: hand, to: exile, count: 2}}]}}
  - {name: Gambler, role: galaxy, faction: neutral, type: unit, copies: 1,
     ability: {do: [{move: {from: opponent_hand, to: discard, random: true}}]}}
  - {name: Taxman, role: galaxy, faction: neutral, type: unit, copies: 1,
     ability: {do: [{move: {from: opponent_hand, to: discard, chooser: opponent}}]}}
  - {name: Thief, role: galaxy, faction: neutral, type: unit, copies: 1,
     ability: {do: [{move: {from: row, filter: {faction: own}, to: hand, mark: exile_at_end}}]}}
  - {name: Recycler, role: galaxy, faction: neutral, type: unit, copies: 1,
     ability: {do: [{move: {from: hand, to: discard, count: 2, up_to: true,
                            then: [{gain: {resources: 1}}]}}]}}
  - {name: Miller, role: galaxy, faction: neutral, type: unit, copies: 1,
     ability: {do: [{move: {from: opponent_deck_top, to: discard}}]}}
  - {name: Jailer, role: galaxy, faction: neutral, type: unit, copies: 1,
     ability: {do: [{move: {from: opponent_discard, to: exile}}]}}
  - {name: Diviner, role: galaxy, faction: neutral, type: unit, copies: 1,
     ability: {do: [{move: {from: galaxy_top, to: hand}}]}}
  - {name: Shopper, role: galaxy, faction: neutral, type: unit, copies: 1,
     ability: {do: [{buy: {from: row}}]}}
  - {name: Patron, role: galaxy, faction: neutral, type: unit, copies: 1,
     ability: {do: [{buy: {from: row, filter: {max_cost: 3}, free: true, to: deck_top}}]}}
  - {name: Reclaimer, role: galaxy, faction: neutral, type: unit, copies: 1,
     ability: {do: [{buy: {from: exile, free: true, to: hand}}]}}
  - {name: Chooser, role: galaxy, faction: neutral, type: unit, copies: 1,
     ability: {do: [{choose: {options: [
       {label: "repair 2", do: [{repair: 2}]},
       {label: "1 resource", do: [{gain: {resources: 1}}]},
       {label: "draw 1", do: [{draw: 1}]}]}}]}}
  - {name: Brancher, role: galaxy, faction: neutral, type: unit, copies: 1,
     ability: {do: [{if: {cond: force_with_you, then: [{gain: {resources: 1}}],
                          else: [{gain: {resources: 2}}]}}]}}
  - {name: Logician, role: galaxy, faction: neutral, type: unit, copies: 1,
     ability: {do: [{if: {cond: {all: [{any: [{base: Red Keep}, {in_play: {name: Gainer}}]},
                                       {not: {opponent_in_play: {type: capital_ship}}}]},
                          then: [{gain: {resources: 5}}]}}]}}
  - {name: Seer, role: galaxy, faction: neutral, type: unit, copies: 1,
     ability: {do: [{reveal_top: {own: [{gain: {resources: 1}}],
                                  enemy: [{discard_revealed: true}],
                                  neutral: [{draw: 1}]}}]}}
  - {name: Peeker, role: galaxy, faction: neutral, type: unit, copies: 1,
     ability: {do: [{look: galaxy_top}]}}
  - {name: Spy, role: galaxy, faction: neutral, type: unit, copies: 1,
     ability: {do: [{look: opponent_hand}]}}
  - {name: Swapper, role: galaxy, faction: neutral, type: unit, copies: 1,
     ability: {do: [{swap: {a: {from: galaxy_discard}, b: {from: row}}}]}}
  - {name: Smuggler, role: galaxy, faction: neutral, type: unit, copies: 1,
     ability: {do: [{next_buy: {to: hand}}]}}
  - {name: Payer, role: galaxy, faction: neutral, type: unit, copies: 1,
     ability: {do: [{pay: 3}, {gain: {force: 2}}]}}
  - {name: Eager, role: galaxy, faction: neutral, type: unit, copies: 1,
     triggers: [{"on": play, optional: false, do: [{gain: {resources: 1}}]}]}
"""


@pytest.fixture(scope="module")
def pack_path(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("packs") / "mini.yaml"
    path.write_text(MINI, encoding="utf-8")
    return str(path)


def mini(pack: str, active: str = "red", force: int = 3, red: dict[str, Any] | None = None,
         blue: dict[str, Any] | None = None, **top_fields: Any) -> Any:
    """A scenario on the mini pack (piles listed top card first, as in docs/scenarios.md)."""
    players = {"red": {"base": "Red Home", **(red or {})},
               "blue": {"base": "Blue Home", **(blue or {})}}
    data = {"pack": pack, "active": active, "force": force, "players": players, "pilots": 0,
            "seed": 3, **top_fields}
    s = load_scenario(data)
    assert check_invariants(s) == []
    return s


def dmg(s: Any, seat: int) -> int:
    return int(s.damage[s.players[seat].base])


def test_mini_pack_compiles(pack_path: str) -> None:
    """The test pack itself is valid (docs/packs.md)."""
    table = load_pack(pack_path)
    assert [f.id for f in table.factions] == ["red", "blue"]
    assert "Payer" in table.by_name


# ---------------------------------------------------------------------------------------- gain


def test_gain_resources_force_attack(pack_path: str) -> None:
    """`gain: {resources, force, attack}`: pool, Force toward you, attack on the source."""
    s = mini(pack_path, red={"hand": ["Gainer"]})
    do(s, "play gainer", "use gainer")
    assert s.players[RED].pool == 2 and s.force == 2
    assert attack_of(s, s.players[RED].play[0], RED) == 3
    s = mini(pack_path, active="blue", blue={"play": ["Gainer"]})
    do(s, "use gainer")
    assert s.force == 4, "the second faction's Force moves toward 6"


def test_gain_force_stops_at_the_end(pack_path: str) -> None:
    """`gain: force` at your end of the track: the marker stays (resolved as far as possible)."""
    s = mini(pack_path, force=0, red={"play": ["Gainer"]})
    do(s, "use gainer")
    assert s.force == 0 and s.players[RED].pool == 2


# ---------------------------------------------------------------------------------------- draw


def test_draw(pack_path: str) -> None:
    """`draw: 2` from the top of the deck."""
    s = mini(pack_path, red={"play": ["Drawer"], "deck": ["Trinket", "Bauble", "Red Soldier"]})
    do(s, "use drawer")
    assert names(s, s.players[RED].hand) == ["Trinket", "Bauble"]
    assert names(s, s.players[RED].deck) == ["Red Soldier"]


def test_draw_reshuffles_discard_when_deck_runs_out(pack_path: str) -> None:
    """`draw` with one card left: draw it, then shuffle the discard pile into a new deck and
    continue (rulebook *Empty deck*: WYCZERPANA TALIA / MAZZO VUOTO; *End of turn* example)."""
    s = mini(pack_path, red={"play": ["Drawer"], "deck": ["Trinket"],
                             "discard": ["Bauble", "Red Soldier"]})
    do(s, "use drawer")
    p = s.players[RED]
    assert len(p.hand) == 2 and names(s, p.hand)[0] == "Trinket"
    assert p.discard == [] and len(p.deck) == 1
    assert sorted(names(s, p.hand[1:] + p.deck)) == ["Bauble", "Red Soldier"]


def test_draw_not_offered_with_nothing_to_draw(pack_path: str) -> None:
    """`draw` with an empty deck and discard pile cannot do anything: not offered."""
    s = mini(pack_path, red={"play": ["Drawer"]})
    assert not offered(s, "use drawer")


# -------------------------------------------------------------------------------------- repair


@pytest.mark.parametrize(("before", "after"), [(5, 2), (2, 0)])
def test_repair_is_capped(pack_path: str, before: int, after: int) -> None:
    """`repair: 3` removes up to 3 damage (rulebook *Abilities*: 3 to repair, 2 damage - 2
    repaired)."""
    s = mini(pack_path, red={"play": ["Fixer"], "base": {"card": "Red Home", "damage": before}})
    do(s, "use fixer")
    assert dmg(s, RED) == after


def test_repair_not_offered_on_undamaged_base(pack_path: str) -> None:
    s = mini(pack_path, red={"play": ["Fixer"]})
    assert not offered(s, "use fixer")


# --------------------------------------------------------------------------------- damage_base


def test_damage_base_ignores_capital_ships(pack_path: str) -> None:
    """`damage_base: 3` goes to the opponent's base, not their ships (rulebook *Deal damage*:
    ZADAJ OBRAŻENIA / INFLIGGERE DANNI)."""
    s = mini(pack_path, red={"play": ["Zapper"]}, blue={"play": [{"card": "Blue Cruiser",
                                                                  "damage": 1}]})
    do(s, "use zapper")
    assert dmg(s, BLUE) == 3
    assert s.damage[s.players[BLUE].play[0]] == 1


def test_damage_base_can_destroy_the_base(pack_path: str) -> None:
    """`damage_base` reaching the hit points destroys the base: into the victory pile."""
    s = mini(pack_path, red={"play": ["Zapper"]},
             blue={"base": {"card": "Blue Home", "damage": 8}, "base_deck": ["Blue Keep"]})
    do(s, "use zapper")
    assert s.players[BLUE].base == -1
    assert names(s, s.players[RED].victory) == ["Blue Home"]
    assert not s.is_terminal()


def test_damage_base_per_moved_with_move_all(pack_path: str) -> None:
    """`move: {all: true, then: [damage_base: {per_moved: 2}]}`: every matching row card at
    that moment moves (no choice); replacements dealt into the row are not moved."""
    s = mini(pack_path, row=["Blue Soldier", "Red Soldier", "Blue Soldier", "Trinket"],
             galaxy_deck=["Blue Soldier", "Bauble"], red={"play": ["Purger"]})
    do(s, "use purger")
    assert not s.waiting
    assert names(s, s.regions[0].discard) == ["Blue Soldier", "Blue Soldier"]
    assert names(s, s.regions[0].row) == ["Blue Soldier", "Red Soldier", "Bauble", "Trinket"]
    assert dmg(s, BLUE) == 4


def test_damage_base_per_moved_nothing_moved(pack_path: str) -> None:
    """`then` runs only when a card moved: no enemy card in the row, no damage."""
    s = mini(pack_path, row=["Red Soldier"], red={"play": ["Purger"]})
    assert not offered(s, "use purger")


# ---------------------------------------------------------------------------------- exile_self


def test_exile_self(pack_path: str) -> None:
    """`exile_self`: the source leaves play for its owner's exile pile; the rest resolves; its
    attack could have been used first (rulebook *Exile*: ANIHILUJ / ESILIARE)."""
    s = mini(pack_path, red={"hand": ["Martyr"]})
    do(s, "play martyr", "commit martyr base", "resolve")
    assert dmg(s, BLUE) == 2
    do(s, "use martyr")
    assert names(s, s.players[RED].exile) == ["Martyr"]
    assert s.players[RED].play == [] and s.players[RED].pool == 1


# ---------------------------------------------------------------------------------------- move


def test_move_up_to_may_stop_early(pack_path: str) -> None:
    """`move` with `count: 2, up_to: true` from two zones: 'done' is offered at each pick."""
    s = mini(pack_path, red={"play": ["Trasher"], "hand": ["Trinket"],
                             "discard": ["Bauble", "Red Soldier"]})
    do(s, "use trasher")
    assert "done" in legal(s) and len(legal(s)) == 4
    do(s, "select bauble")
    assert "done" in legal(s)
    do(s, "done")
    assert names(s, s.players[RED].exile) == ["Bauble"]
    assert not s.waiting


def test_move_count_picks_from_both_zones(pack_path: str) -> None:
    """`move` from `[hand, discard]`, count 2: one of each is allowed (FAQ); it stops at 2."""
    s = mini(pack_path, red={"play": ["Trasher"], "hand": ["Trinket"],
                             "discard": ["Bauble", "Red Soldier"]})
    do(s, "use trasher", "select trinket", "select red-soldier")
    assert not s.waiting
    assert sorted(names(s, s.players[RED].exile)) == ["Red Soldier", "Trinket"]
    assert names(s, s.players[RED].discard) == ["Bauble"]


def test_move_without_up_to_must_pick_as_many_as_possible(pack_path: str) -> None:
    """`move` without `up_to`: no 'done'; with fewer cards than `count`, it moves what there is."""
    s = mini(pack_path, red={"play": ["Strict Trasher"], "hand": ["Trinket", "Bauble", "Bauble"]})
    do(s, "use strict-trasher")
    assert "done" not in legal(s)
    do(s, "select trinket")
    assert "done" not in legal(s)
    do(s, "select bauble")
    assert not s.waiting and names(s, s.players[RED].hand) == ["Bauble"]

    s = mini(pack_path, red={"play": ["Strict Trasher"], "hand": ["Trinket"]})
    do(s, "use strict-trasher", "select trinket")
    assert not s.waiting and names(s, s.players[RED].exile) == ["Trinket"]


def test_move_random(pack_path: str) -> None:
    """`move: {random: true}`: no decision; one card of the opponent's hand to their discard."""
    s = mini(pack_path, red={"play": ["Gambler"]}, blue={"hand": ["Blue Soldier", "Trinket"]})
    do(s, "use gambler")
    assert not s.waiting
    b = s.players[BLUE]
    assert len(b.hand) == 1 and len(b.discard) == 1
    assert sorted(names(s, b.hand + b.discard)) == ["Blue Soldier", "Trinket"]


def test_move_chooser_opponent(pack_path: str) -> None:
    """`move: {chooser: opponent}`: the opponent answers the decision (notation: the player who
    answers may be the opponent of the active player)."""
    s = mini(pack_path, red={"play": ["Taxman"]}, blue={"hand": ["Blue Soldier", "Trinket"]})
    do(s, "use taxman")
    assert s.current_player == BLUE and s.active == RED
    do(s, "select trinket")
    assert names(s, s.players[BLUE].discard) == ["Trinket"]
    assert s.current_player == RED


def test_move_mark_exile_at_end(pack_path: str) -> None:
    """`move: {mark: exile_at_end}`: the moved card is exiled when the turn ends."""
    s = mini(pack_path, red={"play": ["Thief"]}, row=["Blue Soldier", "Red Soldier"],
             galaxy_deck=["Trinket"])
    do(s, "use thief")
    assert legal(s) == [f"select red-soldier#{s.regions[0].row[1]}"], "`filter: {faction: own}`"
    do(s, "select red-soldier")
    assert names(s, s.players[RED].hand) == ["Red Soldier"]
    assert names(s, s.regions[0].row) == ["Blue Soldier", "Trinket"]
    do(s, "play red-soldier", "end")
    assert names(s, s.players[RED].exile) == ["Red Soldier"]
    assert "Red Soldier" not in names(s, s.players[RED].discard + s.players[RED].hand)


def test_move_then_runs_once_after_moving(pack_path: str) -> None:
    """`move: {then: [...]}`: run once afterwards if at least one card moved (not per card)."""
    s = mini(pack_path, red={"play": ["Recycler"], "hand": ["Trinket", "Bauble"]})
    do(s, "use recycler", "select trinket", "select bauble")
    assert s.players[RED].pool == 1
    s = mini(pack_path, red={"play": ["Recycler"], "hand": ["Trinket", "Bauble"]})
    do(s, "use recycler", "done")
    assert s.players[RED].pool == 0 and s.players[RED].discard == []


def test_move_zones_and_destinations_follow_the_owner(pack_path: str) -> None:
    """`move` destinations are the owner's piles: opponent_deck_top -> their discard,
    opponent_discard -> their exile; galaxy_top -> your hand."""
    s = mini(pack_path, red={"play": ["Miller", "Jailer", "Diviner"]},
             blue={"deck": ["Bauble", "Blue Soldier"], "discard": ["Trinket"]},
             galaxy_deck=["Red Cruiser", "Trinket"])
    do(s, "use miller", "select bauble")
    assert names(s, s.players[BLUE].discard) == ["Trinket", "Bauble"]
    assert names(s, s.players[BLUE].deck) == ["Blue Soldier"]
    do(s, "use jailer", "select bauble")
    assert names(s, s.players[BLUE].exile) == ["Bauble"]
    assert s.players[RED].exile == []
    do(s, "use diviner", "select red-cruiser")
    assert names(s, s.players[RED].hand) == ["Red Cruiser"]
    assert names(s, s.regions[0].deck) == ["Trinket"]


# ----------------------------------------------------------------------------------------- buy


def test_buy_paid_with_faction_and_cost_limits(pack_path: str) -> None:
    """`buy: {from: row}` pays the cost; only your faction or neutral, only what you can
    afford; 'done' declines a paid purchase (notation: Decisions)."""
    s = mini(pack_path, red={"play": ["Shopper"], "pool": 3},
             row=["Blue Soldier", "Red Soldier", "Bauble"], galaxy_deck=["Trinket"])
    do(s, "use shopper")
    assert sorted(legal(s)) == sorted(["done", f"select red-soldier#{s.regions[0].row[1]}"])
    do(s, "select red-soldier")
    assert s.players[RED].pool == 1
    assert names(s, s.players[RED].discard) == ["Red Soldier"]
    assert names(s, s.regions[0].row) == ["Blue Soldier", "Trinket", "Bauble"]

    s = mini(pack_path, red={"play": ["Shopper"], "pool": 3}, row=["Red Soldier"])
    do(s, "use shopper", "done")
    assert s.players[RED].pool == 3 and names(s, s.regions[0].row) == ["Red Soldier"]


def test_buy_free_to_deck_top(pack_path: str) -> None:
    """`buy: {free: true, to: deck_top, filter: {max_cost: 3}}`: no cost, no 'done', onto your
    deck."""
    s = mini(pack_path, red={"play": ["Patron"], "deck": ["Red Grunt"]},
             row=["Blue Soldier", "Red Soldier", "Bauble", "Trinket"], galaxy_deck=["Gainer"])
    do(s, "use patron")
    assert sorted(legal(s)) == sorted([f"select red-soldier#{s.regions[0].row[1]}",
                                       f"select trinket#{s.regions[0].row[3]}"])
    do(s, "select red-soldier")
    assert names(s, s.players[RED].deck) == ["Red Grunt", "Red Soldier"]
    assert s.players[RED].pool == 0 and s.players[RED].discard == []


def test_buy_from_exile(pack_path: str) -> None:
    """`buy: {from: exile}` reads your own exile pile."""
    s = mini(pack_path, red={"play": ["Reclaimer"], "exile": ["Bauble"]},
             blue={"exile": ["Trinket"]})
    do(s, "use reclaimer")
    assert legal(s) == [f"select bauble#{s.players[RED].exile[0]}"]
    do(s, "select bauble")
    assert names(s, s.players[RED].hand) == ["Bauble"] and s.players[RED].exile == []


# -------------------------------------------------------------------------------------- choose


def test_choose_offers_only_resolvable_options(pack_path: str) -> None:
    """`choose`: only options that can be resolved are offered (rulebook *Choose*: WYBIERZ /
    SCEGLIERE); a single one resolves without asking."""
    s = mini(pack_path, red={"play": ["Chooser"], "base": {"card": "Red Home", "damage": 3},
                             "deck": ["Trinket"]})
    do(s, "use chooser")
    assert legal(s) == ["option 1", "option 2", "option 3"]
    do(s, "option 3")
    assert names(s, s.players[RED].hand) == ["Trinket"]

    s = mini(pack_path, red={"play": ["Chooser"], "base": {"card": "Red Home", "damage": 3}})
    do(s, "use chooser")
    assert legal(s) == ["option 1", "option 2"]
    do(s, "option 1")
    assert dmg(s, RED) == 1

    s = mini(pack_path, red={"play": ["Chooser"]})
    do(s, "use chooser")
    assert not s.waiting and s.players[RED].pool == 1


# ------------------------------------------------------------------------------ if, conditions


@pytest.mark.parametrize(("force", "pool"), [(2, 1), (3, 2), (6, 2)])
def test_if_then_else(pack_path: str, force: int, pool: int) -> None:
    """`if: {cond: force_with_you, then, else}` - spaces 0-2 are the first faction's."""
    s = mini(pack_path, force=force, red={"play": ["Brancher"]})
    do(s, "use brancher")
    assert s.players[RED].pool == pool


@pytest.mark.parametrize(("red", "blue", "pool"), [
    ({"base": "Red Keep"}, {}, 5),
    ({"play": ["Gainer"]}, {}, 5),
    ({}, {}, 0),
    ({"base": "Red Keep"}, {"play": ["Blue Cruiser"]}, 0),
])
def test_conditions_all_any_not(pack_path: str, red: dict[str, Any], blue: dict[str, Any],
                                pool: int) -> None:
    """Conditions `{all}`, `{any}`, `{not}`, `{base: NAME}`, `{in_play}`, `{opponent_in_play}`."""
    red = {**red, "play": ["Logician", *red.get("play", [])]}
    s = mini(pack_path, red=red, blue=blue)
    if pool:
        do(s, "use logician")
        assert s.players[RED].pool == pool
    else:
        assert not offered(s, "use logician"), "the `if` has nothing to do"


# ---------------------------------------------------------------------- reveal_top, discard_revealed


@pytest.mark.parametrize(("revealed", "pool", "hand", "deck_top", "discard"), [
    ("Red Soldier", 1, [], "Red Soldier", []),      # own: gain 1, stays on top
    ("Blue Soldier", 0, [], "Trinket", ["Blue Soldier"]),  # enemy: discard_revealed
    ("Bauble", 0, ["Red Grunt"], "Bauble", []),       # neutral: draw 1, stays on top
])
def test_reveal_top_branches(pack_path: str, revealed: str, pool: int, hand: list[str],
                             deck_top: str, discard: list[str]) -> None:
    """`reveal_top: {own, enemy, neutral}` branches on the revealed card's faction relative to
    you; the card stays on top unless `discard_revealed` (rulebook *Reveal*: ODKRYJ /
    RIVELARE)."""
    s = mini(pack_path, red={"play": ["Seer"], "deck": ["Red Grunt"]},
             galaxy_deck=[revealed, "Trinket"])
    do(s, "use seer")
    assert s.players[RED].pool == pool
    assert names(s, s.players[RED].hand) == hand
    assert top(s, s.regions[0].deck) == deck_top
    assert names(s, s.regions[0].discard) == discard


def test_reveal_top_reshuffles_empty_galaxy_deck(pack_path: str) -> None:
    """`reveal_top` with an empty galaxy deck shuffles the galaxy discard pile into it first
    (rulebook *Empty deck*: WYCZERPANA TALIA / MAZZO VUOTO)."""
    s = mini(pack_path, red={"play": ["Seer"]}, galaxy_discard=["Red Soldier"])
    do(s, "use seer")
    assert s.players[RED].pool == 1
    assert names(s, s.regions[0].deck) == ["Red Soldier"] and s.regions[0].discard == []


def test_discard_revealed_only_the_revealed_card(pack_path: str) -> None:
    """`discard_revealed` (blue's view: Blue Soldier is its own card, Red Soldier the enemy's)."""
    s = mini(pack_path, active="blue", blue={"play": ["Seer"]},
             galaxy_deck=["Red Soldier", "Blue Soldier"])
    do(s, "use seer")
    assert names(s, s.regions[0].discard) == ["Red Soldier"]
    assert names(s, s.regions[0].deck) == ["Blue Soldier"]


# ---------------------------------------------------------------------------------------- look


@pytest.mark.parametrize("card", ["Peeker", "Spy"])
def test_look_changes_nothing(pack_path: str, card: str) -> None:
    """`look: galaxy_top` / `look: opponent_hand`: the chooser looks, then answers 'done'."""
    s = mini(pack_path, red={"play": [card]}, blue={"hand": ["Blue Soldier"]},
             galaxy_deck=["Bauble", "Trinket"])
    before = (s.players[BLUE].hand[:], s.regions[0].deck[:], s.regions[0].row[:])
    do(s, f"use {card.lower()}")
    assert s.current_player == RED and legal(s) == ["done"]
    do(s, "done")
    assert (s.players[BLUE].hand, s.regions[0].deck, s.regions[0].row) == before
    assert not s.waiting


def test_look_at_empty_hand_not_offered(pack_path: str) -> None:
    s = mini(pack_path, red={"play": ["Spy"]})
    assert not offered(s, "use spy")


# ---------------------------------------------------------------------------------------- swap


def test_swap(pack_path: str) -> None:
    """`swap: {a: {from: galaxy_discard}, b: {from: row}}`: the two cards trade places."""
    s = mini(pack_path, red={"play": ["Swapper"]}, galaxy_discard=["Bauble"],
             row=["Red Soldier", "Trinket"])
    do(s, "use swapper")
    assert sorted(legal(s)) == sorted(["done", f"select bauble#{s.regions[0].discard[0]}"])
    do(s, "select bauble")
    assert sorted(legal(s)) == sorted([f"select red-soldier#{s.regions[0].row[0]}",
                                       f"select trinket#{s.regions[0].row[1]}"])
    do(s, "select trinket")
    assert names(s, s.regions[0].row) == ["Red Soldier", "Bauble"]
    assert names(s, s.regions[0].discard) == ["Trinket"]


def test_swap_is_optional(pack_path: str) -> None:
    """`swap` is optional: 'done' first leaves both zones as they were."""
    s = mini(pack_path, red={"play": ["Swapper"]}, galaxy_discard=["Bauble"], row=["Trinket"])
    do(s, "use swapper", "done")
    assert names(s, s.regions[0].row) == ["Trinket"] and names(s, s.regions[0].discard) == ["Bauble"]


# ------------------------------------------------------------------------------------ next_buy


def test_next_buy_only_the_next_purchase(pack_path: str) -> None:
    """`next_buy: {to: hand}`: the next card bought this turn goes there, later ones do not."""
    s = mini(pack_path, red={"play": ["Smuggler"], "pool": 4}, row=["Red Soldier", "Trinket"],
             galaxy_deck=["Bauble", "Bauble"])
    do(s, "use smuggler", "buy trinket")
    assert names(s, s.players[RED].hand) == ["Trinket"]
    do(s, "buy red-soldier")
    assert names(s, s.players[RED].discard) == ["Red Soldier"]
    assert s.players[RED].pool == 1


def test_next_buy_ends_with_the_turn(pack_path: str) -> None:
    """`next_buy` lasts for this turn only (Red Keep keeps red's resource for the next turn)."""
    s = mini(pack_path, red={"base": "Red Keep", "play": ["Smuggler"], "pool": 1},
             row=["Trinket"], galaxy_deck=["Bauble"])
    do(s, "use smuggler", "end", "end")
    assert s.active == RED and s.players[RED].pool == 1
    do(s, "buy trinket")
    assert "Trinket" in names(s, s.players[RED].discard)
    assert "Trinket" not in names(s, s.players[RED].hand)


# ----------------------------------------------------------------------------------------- pay


def test_pay_spends_first(pack_path: str) -> None:
    """`pay: 3` written first: spend 3 resources, then the rest resolves."""
    s = mini(pack_path, red={"play": ["Payer"], "pool": 4})
    do(s, "use payer")
    assert s.players[RED].pool == 1 and s.force == 1


def test_pay_needs_the_resources_and_something_to_do(pack_path: str) -> None:
    """`pay` first: the ability can be used only when you can pay - and, like any ability, only
    when the rest can do something (the Force already at your end)."""
    assert not offered(mini(pack_path, red={"play": ["Payer"], "pool": 2}), "use payer")
    assert not offered(mini(pack_path, force=0, red={"play": ["Payer"], "pool": 9}), "use payer")


# ----------------------------------------------------------------------------- triggers, statics


def test_trigger_not_optional_resolves_without_asking(pack_path: str) -> None:
    """A trigger with `optional: false` resolves at once, with no yes/no."""
    s = mini(pack_path, red={"hand": ["Eager"]})
    do(s, "play eager")
    assert not s.waiting and s.players[RED].pool == 1


def test_keep_resources(pack_path: str) -> None:
    """`keep_resources: true` on the current base: the pool is not emptied at the end of turn."""
    s = mini(pack_path, red={"base": "Red Keep", "pool": 3})
    do(s, "end")
    assert s.players[RED].pool == 3
    s = mini(pack_path, red={"pool": 3})
    do(s, "end")
    assert s.players[RED].pool == 0


# ------------------------------------------------------------------------------------ PackError


def _mini_data() -> dict[str, Any]:
    return copy.deepcopy(yaml.safe_load(MINI))


def _card(data: dict[str, Any], name: str) -> dict[str, Any]:
    return next(c for c in data["cards"] if c["name"] == name)


def _bad_primitive(data: dict[str, Any]) -> None:
    _card(data, "Drawer")["ability"] = {"do": [{"drwa": 2}]}


def _bad_zone(data: dict[str, Any]) -> None:
    _card(data, "Trasher")["ability"]["do"][0]["move"]["from"] = ["hand", "pocket"]


def _no_hp(data: dict[str, Any]) -> None:
    del _card(data, "Red Cruiser")["hp"]


def _bad_faction(data: dict[str, Any]) -> None:
    _card(data, "Trinket")["faction"] = "green"


def _bad_destination(data: dict[str, Any]) -> None:
    _card(data, "Jailer")["ability"]["do"][0]["move"]["to"] = "trash"


def _bad_event(data: dict[str, Any]) -> None:
    _card(data, "Eager")["triggers"][0]["on"] = "sunrise"


def _bad_condition(data: dict[str, Any]) -> None:
    _card(data, "Brancher")["ability"]["do"][0]["if"]["cond"] = "force_against_you"


@pytest.mark.parametrize(("mutate", "card", "field", "words"), [
    (_bad_primitive, "Drawer", "ability.do[0]", "unknown primitive 'drwa'"),
    (_bad_zone, "Trasher", "ability.do[0].move.from[1]", "unknown zone 'pocket'"),
    (_no_hp, "Red Cruiser", "hp", "capital ship needs hp"),
    (_bad_faction, "Trinket", "faction", "unknown faction 'green'"),
    (_bad_destination, "Jailer", "ability.do[0].move.to", "unknown destination 'trash'"),
    (_bad_event, "Eager", "triggers[0].on", "unknown event 'sunrise'"),
    (_bad_condition, "Brancher", "ability.do[0].if.cond", "unknown condition"),
])
def test_bad_pack_raises_pack_error_naming_file_card_field(
        tmp_path: Path, mutate: Any, card: str, field: str, words: str) -> None:
    """docs/packs.md: a bad pack raises PackError whose message names the file, the card
    and the field (e.g. `original.yaml: card 'X-Wing': ability.do[0]: unknown primitive`)."""
    data = _mini_data()
    mutate(data)
    path = tmp_path / "broken.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with pytest.raises(PackError) as err:
        load_pack(str(path))
    msg = str(err.value)
    assert msg.startswith(f"broken.yaml: card {card!r}: {field}"), msg
    assert words in msg

    with pytest.raises(PackError) as err2:
        compile_pack(data, "other.yaml")
    assert str(err2.value).startswith(f"other.yaml: card {card!r}: "), str(err2.value)


def test_bad_pack_composition(tmp_path: Path) -> None:
    """A faction without a starter deck is a broken pack (PackError names file and faction);
    a missing pilot card only makes the pack incomplete, which `cards check` reports."""
    data = _mini_data()
    data["cards"] = [c for c in data["cards"] if c.get("role") != "starter" or c.get("faction") != "red"]
    with pytest.raises(PackError, match=r"^bad\.yaml: faction 'red' has no starter deck"):
        compile_pack(data, "bad.yaml")
    data = _mini_data()
    data["cards"] = [c for c in data["cards"] if c.get("role") != "pilot"]
    report = pack_report(compile_pack(data, "bad.yaml"), data["pack"])
    assert "  MISSING  no pilot card is listed (role: pilot)" in report.lines
