"""Loading a saved state (JSON) back, with validation that leaves nothing half-built."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dejarik.core.errors import DejarikError
from dejarik.deckbuilding.state import Frame, PlayerState, Region

if TYPE_CHECKING:
    from dejarik.deckbuilding.game import DeckbuildingState


class SaveError(DejarikError):
    """A saved game that cannot be loaded."""


def _ints(v: Any, what: str) -> list[int]:
    if not isinstance(v, list) or not all(type(x) is int for x in v):
        raise SaveError(f"saved game: {what} must be a list of card numbers")
    return list(v)


def state_from_json(cls: type[DeckbuildingState], data: Mapping[str, Any]) -> DeckbuildingState:
    from dejarik.deckbuilding.game import ENGINE_VERSION

    if not isinstance(data, Mapping) or data.get("game") != "deckbuilding":
        raise SaveError("saved game: not a deckbuilding state")
    if data.get("engine_version") != ENGINE_VERSION:
        raise SaveError(f"saved game: made by engine {data.get('engine_version')}, "
                        f"this is {ENGINE_VERSION}")
    try:
        s = cls.blank(data["config"], int(data["rng"]))
        names = data["cards"]
        try:
            s.inst_def = [s.table.by_name[n] for n in names]
        except KeyError as err:
            raise SaveError(f"saved game: unknown card {err.args[0]!r}") from None
        for raw in data["players"]:
            p = PlayerState(str(raw["faction"]))
            for zone in ("hand", "deck", "discard", "play", "exile", "base_deck", "victory"):
                setattr(p, zone, _ints(raw[zone], f"players.{zone}"))
            p.base = int(raw["base"])
            p.pool = int(raw["pool"])
            s.players.append(p)
        if len(s.players) != s.num_players:
            raise SaveError(f"saved game: {len(s.players)} players, the config has {s.num_players}")
        for raw in data["regions"]:
            r = Region()
            r.row = _ints(raw["row"], "regions.row")
            r.deck = _ints(raw["galaxy_deck"], "regions.galaxy_deck")
            r.discard = _ints(raw["galaxy_discard"], "regions.galaxy_discard")
            r.pilots = _ints(raw["pilots"], "regions.pilots")
            s.regions.append(r)
        if len(s.regions) != s.num_players // 2:
            raise SaveError(f"saved game: {len(s.regions)} regions, the config needs {s.num_players // 2}")
        s.force, s.active, s.turn = int(data["force"]), int(data["active"]), int(data["turn"])
        s.first = int(data["first"])
        s.damage = _ints(data["damage"], "damage")
        s.used = set(_ints(data["used"], "used"))
        s.attacked = set(_ints(data["attacked"], "attacked"))
        s.bonus = {int(k): int(v) for k, v in data["bonus"]}
        s.committed = _ints(data["committed"], "committed")
        s.target = int(data["target"])
        s.fired = set(_ints(data["fired"], "fired"))
        s.next_buy = int(data["next_buy"])
        s.bought = _ints(data["bought"], "bought")
        s.hunts_used = int(data["hunts_used"])
        s.exile_end = set(_ints(data["exile_end"], "exile_end"))
        s.prevented = _ints(data["prevented"], "prevented")
        s.finished = set(_ints(data["finished"], "finished"))
        s.passed = bool(data["passed"])
        s.stack = []
        for fr in data["stack"]:
            prog, pc, source, player, revealed, moved, stage, n, picked = (int(x) for x in fr)
            f = Frame(prog, source, player, revealed, moved)
            f.pc, f.stage, f.n, f.picked = pc, stage, n, picked
            s.stack.append(f)
        s.waiting, s.decider = bool(data["waiting"]), int(data["decider"])
        s.done, s.win = bool(data["done"]), int(data["winner"])
    except SaveError:
        raise
    except DejarikError as err:
        raise SaveError(f"saved game: {err}") from None
    except (KeyError, TypeError, ValueError, IndexError) as err:
        raise SaveError(f"saved game: missing or bad field ({err!r})") from None
    from dejarik.deckbuilding.invariants import check_invariants

    problems = check_invariants(s)
    if problems:
        raise SaveError(f"saved game: inconsistent state: {problems[0]}")
    return s
