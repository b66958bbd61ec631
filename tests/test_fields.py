"""core/fields.py: one declaration of a state's fields gives copy, key, JSON and load."""

from __future__ import annotations

from typing import Any

import pytest

from dejarik.core.errors import SaveError
from dejarik.core.fields import Field, StateFields

FIELDS = StateFields("test", [Field("turn", int), Field("name", str), Field("deck", list[int]),
                              Field("hands", list[list[int]]), Field("attack", list[int] | None),
                              Field("under", dict[int, list[int]]), Field("tasks", list[Any])])


class _State:
    def __init__(self) -> None:
        self.turn, self.name = 3, "a"
        self.deck, self.hands = [1, 2], [[3], [4, 5]]
        self.attack: list[int] | None = None
        self.under = {7: [8, 9]}
        self.tasks: list[Any] = [("turn",), ("fx", (1, 2))]


def test_shapes_are_read_off_the_types() -> None:
    shapes = {f.name: (f.depth, f.optional, f.mapping) for f in FIELDS.fields}
    assert shapes == {"turn": (0, False, False), "name": (0, False, False), "deck": (1, False, False),
                      "hands": (2, False, False), "attack": (1, True, False),
                      "under": (0, False, True), "tasks": (1, False, False)}


def test_a_copy_shares_no_list_with_its_original() -> None:
    s, t = _State(), _State.__new__(_State)
    FIELDS.copy(s, t)
    t.deck.append(9)
    t.hands[1].append(9)
    t.under[7].append(1)
    assert (s.deck, s.hands, s.under) == ([1, 2], [[3], [4, 5]], {7: [8, 9]})
    assert FIELDS.key(t) != FIELDS.key(s)


def test_the_key_covers_every_field() -> None:
    s = _State()
    base = FIELDS.key(s)
    for change in (lambda x: setattr(x, "turn", 4), lambda x: x.hands[0].append(1),
                   lambda x: setattr(x, "attack", [1]), lambda x: x.under.update({1: []}),
                   lambda x: x.tasks.append(("end",))):
        other = _State()
        change(other)
        assert FIELDS.key(other) != base
    hash(base)


def test_json_round_trips_tuples_and_maps() -> None:
    s = _State()
    data = FIELDS.to_json(s)
    t = _State()
    t.tasks, t.under, t.turn = [], {}, 0
    FIELDS.load(t, data)
    assert FIELDS.key(t) == FIELDS.key(s) and t.tasks[1] == ("fx", (1, 2))


@pytest.mark.parametrize(("field", "value", "words"), [
    ("turn", "x", "field 'turn' must be int"),
    ("turn", True, "field 'turn' must be int"),
    ("deck", 5, "field 'deck' must be list"),
    ("hands", [1], "field 'hands' must be list"),
    ("under", [[1]], "field 'under'"),
])
def test_a_bad_field_is_named_and_nothing_is_loaded(field: str, value: Any, words: str) -> None:
    data = FIELDS.to_json(_State())
    data["turn"] = 9
    data[field] = value
    t = _State()
    before = FIELDS.key(t)
    with pytest.raises(SaveError, match=words):
        FIELDS.load(t, data)
    assert FIELDS.key(t) == before


def test_a_missing_field_is_named() -> None:
    data = FIELDS.to_json(_State())
    del data["hands"]
    with pytest.raises(SaveError, match="missing field.*hands"):
        FIELDS.load(_State(), data)
