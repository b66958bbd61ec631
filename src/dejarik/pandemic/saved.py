"""A position as JSON and back (saved games, scenario files, the server's snapshots)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dejarik.core.errors import DejarikError, SaveError
from dejarik.core.rng import Rng
from dejarik.core.saved import (
    POSITION_HEADER,
    check_consistent,
    check_fields,
    check_game,
    check_runs,
    short_repr,
)
from dejarik.pandemic.family import ENGINE_VERSION
from dejarik.pandemic.state import FIELDS

if TYPE_CHECKING:
    from dejarik.pandemic.state import PandemicState


def state_to_json(s: PandemicState) -> dict[str, Any]:
    return {"game": "pandemic", "engine_version": ENGINE_VERSION, "config": s.config,
            "rng": s.rng.state, **FIELDS.to_json(s)}


def state_from_json(cls: type[PandemicState], data: Mapping[str, Any]) -> PandemicState:
    """The position saved by `state_to_json`; a bad one raises SaveError naming the field."""
    from dejarik.pandemic.game import new_state
    from dejarik.pandemic.invariants import check_invariants

    check_game(data, "pandemic", ENGINE_VERSION)
    check_fields(data, {"config": dict[str, Any], "rng": int}, known=(*POSITION_HEADER, *FIELDS.names))
    try:
        s = new_state(dict(data["config"]), 0)   # the shared parts: pack, routes, tracks
    except DejarikError as err:
        raise SaveError(f"saved game: field 'config': {err}") from None
    seats = s.num_players                       # what the config says
    FIELDS.load(s, data)
    if s.num_players != seats:
        raise SaveError(f"saved game: field 'num_players': {short_repr(s.num_players)}, but its "
                        f"config plays {seats} seats")
    s.rng = Rng(data["rng"])
    s.teams = (tuple(range(s.num_players)),)
    s._legal = None
    s.log = None
    check_consistent(s, check_invariants)
    check_runs(s)
    return s
