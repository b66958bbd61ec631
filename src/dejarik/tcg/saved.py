"""A position as JSON and back (saved games, the server's snapshots)."""

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
from dejarik.tcg.family import ENGINE_VERSION
from dejarik.tcg.fields import FIELDS

if TYPE_CHECKING:
    from dejarik.tcg.state import TcgState



def state_to_json(s: TcgState) -> dict[str, Any]:
    return {"game": "tcg", "engine_version": ENGINE_VERSION, "config": s.config,
            "rng": s.rng.state, **FIELDS.to_json(s)}


MAX_POOL = 9_999
"""The most Force, build points or setup points a saved position may hold: far beyond a game,
and small enough that the options they open (a build of 1 to N counters, a bid of up to N)
stay few."""


def state_from_json(cls: type[TcgState], data: Mapping[str, Any]) -> TcgState:
    """The position saved by `state_to_json`; a bad one raises SaveError naming the field."""
    from dejarik.tcg.game import new_state
    from dejarik.tcg.invariants import check_invariants

    check_game(data, "tcg", ENGINE_VERSION)
    check_fields(data, {"config": dict[str, Any], "rng": int}, known=(*POSITION_HEADER, *FIELDS.names))
    try:
        s = new_state(dict(data["config"]), 0)   # the shared parts: the card definitions
    except DejarikError as err:
        raise SaveError(f"saved game: field 'config': {err}") from None
    FIELDS.load(s, data)
    for name in ("force", "bp", "setup_left"):
        for value in getattr(s, name):
            if not 0 <= value <= MAX_POOL:
                raise SaveError(f"saved game: field {name!r}: {short_repr(value)} is not a number "
                                f"from 0 to {MAX_POOL}")
    s.rng = Rng(data["rng"])
    s._legal = None
    s.log = None
    check_consistent(s, check_invariants)
    check_runs(s)
    return s
