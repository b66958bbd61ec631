"""Loading a saved state (JSON) back, with validation that leaves nothing half-built."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dejarik.core.errors import DejarikError, SaveError
from dejarik.core.saved import (
    POSITION_HEADER,
    check_consistent,
    check_fields,
    check_game,
    check_resolves,
    short_repr,
)
from dejarik.deckbuilding.state import Frame, PlayerState, Region

if TYPE_CHECKING:
    from dejarik.deckbuilding.game import DeckbuildingState

_INTS = list[int]
_TYPES: dict[str, Any] = {
    "config": dict[str, Any], "rng": int, "cards": list[str], "players": list[dict[str, Any]],
    "regions": list[dict[str, Any]], "force": int, "active": int, "first": int, "turn": int,
    "damage": _INTS, "used": _INTS, "attacked": _INTS, "bonus": list[_INTS], "committed": _INTS,
    "target": int, "fired": _INTS, "next_buy": int, "bought": _INTS, "hunts_used": int,
    "exile_end": _INTS, "prevented": _INTS, "finished": _INTS, "passed": bool, "stack": list[_INTS],
    "waiting": bool, "decider": int, "done": bool, "winner": int,
}
"""Every field of a saved position with its type in JSON."""
_ZONES = ("hand", "deck", "discard", "play", "exile", "base_deck", "victory")
_PLAYER: dict[str, Any] = {"faction": str, **{z: _INTS for z in _ZONES}, "base": int, "pool": int}
_REGION: dict[str, Any] = {"row": _INTS, "galaxy_deck": _INTS, "galaxy_discard": _INTS, "pilots": _INTS}


def state_from_json(cls: type[DeckbuildingState], data: Mapping[str, Any]) -> DeckbuildingState:
    """The position saved by `to_json`; a bad one raises SaveError naming the field, and
    nothing is half-built."""
    from dejarik.deckbuilding.family import ENGINE_VERSION

    check_game(data, "deckbuilding", ENGINE_VERSION)
    check_fields(data, _TYPES, known=POSITION_HEADER)
    for i, raw in enumerate(data["players"]):
        check_fields(raw, _PLAYER, f"players[{i}].")
    for i, raw in enumerate(data["regions"]):
        check_fields(raw, _REGION, f"regions[{i}].")
    try:
        s = cls.blank(data["config"], data["rng"])
    except DejarikError as err:
        raise SaveError(f"saved game: field 'config': {err}") from None
    try:
        s.inst_def = [s.table.by_name[n] for n in data["cards"]]
    except KeyError as err:
        raise SaveError(f"saved game: field 'cards': unknown card {err.args[0]!r}") from None
    for raw in data["players"]:
        p = PlayerState(raw["faction"])
        for zone in _ZONES:
            setattr(p, zone, list(raw[zone]))
        p.base, p.pool = raw["base"], raw["pool"]
        s.players.append(p)
    if len(s.players) != s.num_players:
        raise SaveError(f"saved game: field 'players': {len(s.players)} players, "
                        f"the config has {s.num_players}")
    for raw in data["regions"]:
        r = Region()
        r.row, r.deck = list(raw["row"]), list(raw["galaxy_deck"])
        r.discard, r.pilots = list(raw["galaxy_discard"]), list(raw["pilots"])
        s.regions.append(r)
    if len(s.regions) != s.num_players // 2:
        raise SaveError(f"saved game: field 'regions': {len(s.regions)} regions, "
                        f"the config needs {s.num_players // 2}")
    s.force, s.active, s.turn, s.first = data["force"], data["active"], data["turn"], data["first"]
    s.damage = list(data["damage"])
    s.used, s.attacked = set(data["used"]), set(data["attacked"])
    if any(len(pair) != 2 for pair in data["bonus"]):
        raise SaveError("saved game: field 'bonus' must hold [card, amount] pairs")
    s.bonus = {k: v for k, v in data["bonus"]}
    s.committed, s.target = list(data["committed"]), data["target"]
    s.fired, s.next_buy = set(data["fired"]), data["next_buy"]
    s.bought, s.hunts_used = list(data["bought"]), data["hunts_used"]
    s.exile_end, s.prevented = set(data["exile_end"]), list(data["prevented"])
    s.finished, s.passed = set(data["finished"]), data["passed"]
    s.stack = []
    for fr in data["stack"]:
        if len(fr) != 9:
            raise SaveError("saved game: field 'stack' must hold frames of 9 numbers")
        prog, pc, source, player, revealed, moved, stage, n, picked = fr
        f = Frame(prog, source, player, revealed, moved)
        f.pc, f.stage, f.n, f.picked = pc, stage, n, picked
        s.stack.append(f)
    s.waiting, s.decider = data["waiting"], data["decider"]
    s.done, s.win = data["done"], data["winner"]
    _check_card_numbers(data, len(s.inst_def))
    from dejarik.deckbuilding.invariants import check_invariants

    check_consistent(s, check_invariants)
    progs = s.table.progs
    for i, f in enumerate(s.stack):
        if not (0 <= f.prog < len(progs) and 0 <= f.pc <= len(progs[f.prog])):   # at the end: done
            raise SaveError(f"saved game: field 'stack[{i}]': step {f.pc} of program {f.prog} "
                            f"does not exist")
    check_resolves(s, lambda t: bool(t.stack))
    return s


def _check_card_numbers(data: Mapping[str, Any], cards: int) -> None:
    """Every pile holds numbers of the game's cards (0 to `cards` - 1), checked before anything
    looks a card up: a number out of range would be read as a card that does not exist."""
    piles = [(f"players[{i}].{zone}", raw[zone]) for i, raw in enumerate(data["players"])
             for zone in _ZONES]
    piles += [(f"regions[{i}].{key}", raw[key]) for i, raw in enumerate(data["regions"])
              for key in _REGION]
    # the turn's marks are cards too; the attack's target is a card or a negative marker (no
    # target, the enemy base)
    piles += [(key, data[key]) for key in ("used", "attacked", "committed", "bought", "exile_end")]
    piles += [("bonus", [pair[0] for pair in data["bonus"] if pair[0] >= 0])]   # by source card
    piles += [("target", [data["target"]] if data["target"] >= 0 else [])]
    for where, numbers in piles:
        wrong = next((x for x in numbers if not 0 <= x < cards), None)
        if wrong is not None:
            raise SaveError(f"saved game: field '{where}': {short_repr(wrong)} is not a card "
                            f"number (the game has cards 0 to {cards - 1})")
