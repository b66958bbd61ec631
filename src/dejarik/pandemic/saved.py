"""A position as JSON and back (saved games, scenario files, the server's snapshots)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dejarik.core.errors import ConfigError
from dejarik.core.rng import Rng
from dejarik.pandemic.state import ENGINE_VERSION

if TYPE_CHECKING:
    from dejarik.pandemic.state import PandemicState

_FIELDS = ("num_players", "solo", "difficulty", "mission_count", "villain", "jedi", "pos", "hands",
           "exhausted", "squad_deck", "squad_discard", "droids", "blockades", "droid_pool",
           "blockade_pool", "threat", "invasion", "fig_pos", "fig_last", "defeated", "counters",
           "villain_deck", "villain_discard", "reminder", "inv_deck", "inv_discard",
           "inv_segments", "mission_deck", "mission_unseen", "mission_done", "slots", "finale",
           "finale_next", "active", "phase", "turn", "actions_left", "uses_left", "ctx", "hurt",
           "tasks", "done", "won", "end_reason")


def state_to_json(s: PandemicState) -> dict[str, Any]:
    out: dict[str, Any] = {"game": "pandemic", "engine_version": ENGINE_VERSION,
                           "config": s.config, "rng": s.rng.state}
    for name in _FIELDS:
        out[name] = getattr(s, name)
    return out


def _tuples(x: Any) -> Any:
    return tuple(_tuples(v) for v in x) if isinstance(x, list) else x


def state_from_json(cls: type[PandemicState], data: Mapping[str, Any]) -> PandemicState:
    from dejarik.pandemic.game import new_state

    if data.get("game") != "pandemic":
        raise ConfigError(f"not a pandemic position (game: {data.get('game')!r})")
    missing = [k for k in (*_FIELDS, "config", "rng") if k not in data]
    if missing:
        raise ConfigError(f"a saved pandemic position lacks {', '.join(missing)}")
    s = new_state(dict(data["config"]), 0)   # the shared parts: pack, routes, tracks
    try:
        for name in _FIELDS:
            value = data[name]
            if name == "tasks":
                value = [_tuples(t) for t in value]
            elif name == "hands":
                value = [list(h) for h in value]
            elif isinstance(value, list):
                value = list(value)
            setattr(s, name, value)
        s.rng = Rng(int(data["rng"]))
    except (TypeError, ValueError) as err:
        raise ConfigError(f"a saved pandemic position is malformed ({err})") from None
    s.teams = (tuple(range(s.num_players)),)
    s._legal = None
    s.log = None
    return s
