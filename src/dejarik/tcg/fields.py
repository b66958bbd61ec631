"""The card game's state fields, declared once (core/fields.py): copying, the hash, saving and
loading are all derived from this list. Effects, tasks and the like hold tuples and ability
selectors, which the codec below tags so they come back the same."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from dejarik.core.fields import Field, StateFields, decode_value
from dejarik.tcg.abilities import Sel


def encode(x: Any) -> Any:
    """A selector as {"sel": {...}}; everything else as core's codec writes it."""
    if isinstance(x, Sel):     # field by field: the selectors of any_of stay selectors
        return {"sel": {f.name: encode(getattr(x, f.name)) for f in fields(x)}}
    if isinstance(x, tuple):
        return {"t": [encode(v) for v in x]}
    if isinstance(x, list):
        return [encode(v) for v in x]
    return x


def decode(x: Any) -> Any:
    if isinstance(x, dict) and set(x) == {"sel"}:
        d = {k: decode(v) for k, v in x["sel"].items()}
        d["any_of"] = tuple(d.get("any_of", ()))   # already selectors: decoded above
        return Sel(**d)
    if isinstance(x, dict) and set(x) == {"t"}:
        return tuple(decode(v) for v in x["t"])
    if isinstance(x, list):
        return [decode(v) for v in x]
    return decode_value(x)


_INTS = list[int]
FIELDS = StateFields("tcg", [Field(name, kind) for name, kind in {
    "card_def": _INTS, "owner": _INTS, "zone": _INTS, "counters": _INTS, "damage": _INTS,
    "tapped": list[bool], "face_up": list[bool], "shown": _INTS, "deck": list[_INTS],
    "hand": list[_INTS], "discard": list[_INTS], "build": list[_INTS], "arena": list[list[_INTS]],
    "places": _INTS,
    "force": _INTS, "bp": _INTS, "setup_left": _INTS, "lost_character": _INTS, "mods": list[Any],
    "effects": list[Any], "atk": _INTS | None, "dice": _INTS, "dmg": list[int | bool] | None,
    "used": list[Any], "attacked": int, "step": int, "turn": int, "phase": int, "tasks": list[Any],
    "done": bool, "won": int, "end_reason": str,
    "under": dict[int, _INTS], "aboard": dict[int, _INTS], "lent": dict[int, _INTS],
    "moved": dict[int, _INTS], "gear": dict[int, _INTS],
    "held": dict[int, _INTS],
    "removed": list[_INTS],
    "aside": dict[int, _INTS],
}.items()], shared=("defs", "sweeps", "from_hand", "reads_discards", "disrupts", "config", "options",
                     "num_players", "_legal"),
    encode=encode, decode=decode)
