"""The deckbuilder's position fields, listed once here and checked against its hand-written
copy, hash and save (compiled with mypyc for speed, so they are not generated from a
declaration as the other games' are; see docs/performance.md). A field added to the state
and forgotten in `clone`, `_key` or `to_json` fails here."""

from __future__ import annotations

import ast
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from dejarik.deckbuilding import state as state_module
from dejarik.deckbuilding.family import GAME
from dejarik.deckbuilding.game import DeckbuildingState
from dejarik.deckbuilding.state import Frame, StateData

NARRATIVE = {"log", "secret_notes", "events"}
"""What a position is told with, not what it is: never copied, hashed or saved."""


def _bump(value: Any) -> Any:
    """A different value of the same shape."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    raise TypeError(value)


MUTATE: dict[str, Callable[[DeckbuildingState], None]] = {
    "players": lambda s: s.players[0].hand.append(0),
    "regions": lambda s: s.regions[0].row.append(0),
    "damage": lambda s: s.damage.__setitem__(0, s.damage[0] + 1),
    "used": lambda s: s.used.add(5),
    "attacked": lambda s: s.attacked.add(5),
    "bonus": lambda s: s.bonus.__setitem__(5, 1),
    "committed": lambda s: s.committed.append(0),
    "fired": lambda s: s.fired.add(99_999),
    "bought": lambda s: s.bought.append(0),
    "exile_end": lambda s: s.exile_end.add(5),
    "prevented": lambda s: s.prevented.__setitem__(0, s.prevented[0] + 1),
    "finished": lambda s: s.finished.add(3),
    "stack": lambda s: s.stack.append(Frame(0, -1, 0)),
}
"""How to change each container field in place (the scalar fields are bumped); card fields
get a card of the game (a saved number out of range is refused)."""
SCALARS = ("force", "active", "first", "turn", "target", "next_buy", "hunts_used", "passed",
           "waiting", "decider", "done", "win")


def _declared() -> set[str]:
    """The fields `StateData._init_fields` sets, read from its source."""
    source = Path(state_module.__file__ or "").with_name("state.py")   # the source even when compiled
    tree = ast.parse(source.read_text())
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == StateData.__name__)
    init = next(n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "_init_fields")
    out: set[str] = set()
    for node in ast.walk(init):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] \
            if isinstance(node, ast.AnnAssign) else []
        out |= {t.attr for t in targets if isinstance(t, ast.Attribute)}
    return out - NARRATIVE


def test_every_field_is_listed_here() -> None:
    assert _declared() == set(MUTATE) | set(SCALARS)


def _position() -> DeckbuildingState:
    s = DeckbuildingState({}, 3)
    for _ in range(30):
        s.apply(s.legal_actions()[0])
    return s


@pytest.mark.parametrize("field", sorted(set(MUTATE) | set(SCALARS)))
def test_the_copy_the_hash_and_the_save_cover_the_field(field: str) -> None:
    s = _position()
    before, saved = s.state_hash(), json.dumps(s.to_json(), sort_keys=True)
    c = s.clone()
    if field in MUTATE:
        MUTATE[field](c)
    else:
        setattr(c, field, _bump(getattr(c, field)))
    assert s.state_hash() == before, f"clone shares {field} with its original"
    assert c.state_hash() != before, f"the hash leaves out {field}"
    assert json.dumps(c.to_json(), sort_keys=True) != saved, f"the save leaves out {field}"
    if GAME.check_invariants(c) == []:   # a consistent position loads back as it was
        assert GAME.state_from_json(json.loads(json.dumps(c.to_json()))).state_hash() == c.state_hash()
