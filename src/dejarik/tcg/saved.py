"""A position as JSON and back (saved games, the server's snapshots)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from dejarik.core.errors import ConfigError
from dejarik.core.rng import Rng
from dejarik.tcg.abilities import Sel
from dejarik.tcg.state import ENGINE_VERSION

if TYPE_CHECKING:
    from dejarik.tcg.state import TcgState

_FIELDS = ("card_def", "owner", "zone", "counters", "damage", "tapped", "face_up", "shown", "deck",
           "hand", "discard", "build", "arena", "force", "bp", "setup_left", "lost_character", "mods",
           "effects", "atk", "dice", "dmg", "used", "attacked", "step", "turn", "phase", "tasks",
           "done", "won", "end_reason")


def encode(x: Any) -> Any:
    """Tasks and effects hold tuples and selectors: tagged so they come back the same."""
    if isinstance(x, Sel):
        return {"sel": {k: encode(v) for k, v in asdict(x).items()}}
    if isinstance(x, tuple):
        return {"t": [encode(v) for v in x]}
    if isinstance(x, list):
        return [encode(v) for v in x]
    return x


def decode(x: Any) -> Any:
    if isinstance(x, dict) and set(x) == {"t"}:
        return tuple(decode(v) for v in x["t"])
    if isinstance(x, dict) and set(x) == {"sel"}:
        d = {k: decode(v) for k, v in x["sel"].items()}
        d["any_of"] = tuple(d.get("any_of", ()))   # already selectors: decoded above
        return Sel(**d)
    if isinstance(x, list):
        return [decode(v) for v in x]
    return x


def state_to_json(s: TcgState) -> dict[str, Any]:
    out: dict[str, Any] = {"game": "tcg", "engine_version": ENGINE_VERSION, "config": s.config,
                           "rng": s.rng.state,
                           "under": [[k, list(v)] for k, v in sorted(s.under.items())],
                           "aboard": [[k, list(v)] for k, v in sorted(s.aboard.items())]}
    for name in _FIELDS:
        out[name] = encode(getattr(s, name))
    return out


def state_from_json(cls: type[TcgState], data: Mapping[str, Any]) -> TcgState:
    from dejarik.tcg.game import new_state

    if data.get("game") != "tcg":
        raise ConfigError(f"not a tcg position (game: {data.get('game')!r})")
    missing = [k for k in (*_FIELDS, "config", "rng", "under", "aboard") if k not in data]
    if missing:
        raise ConfigError(f"a saved tcg position lacks {', '.join(missing)}")
    s = new_state(dict(data["config"]), 0)   # the shared parts: the card definitions
    try:
        for name in _FIELDS:
            setattr(s, name, decode(data[name]))
        s.mods = [(m[0], m[1], m[2], m[3], m[4]) for m in s.mods]
        s.used = [(u[0], u[1]) for u in s.used]
        s.under = {int(k): list(v) for k, v in data["under"]}
        s.aboard = {int(k): list(v) for k, v in data["aboard"]}
        s.rng = Rng(int(data["rng"]))
    except (TypeError, ValueError, KeyError) as err:
        raise ConfigError(f"a saved tcg position is malformed ({err})") from None
    s._legal = None
    s.log = None
    return s
