"""Checking a saved state's fields before any is used, so a bad save fails with a SaveError
naming the field, never later with a confusing error in the middle of a game."""

from __future__ import annotations

import functools
import types
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Union, get_args, get_origin

from dejarik.core.errors import SaveError


def conforms(value: Any, kind: Any) -> bool:
    """Whether JSON data `value` has the type `kind` (int, str, bool, list[int],
    list[int] | None, Any, ...). A bool is not an int here; a tuple passes for a list (a
    state's `to_json` may be loaded without going through JSON text)."""
    return _test_for(kind)(value)


_INT = {int}


@functools.cache
def _test_for(kind: Any) -> Callable[[Any], bool]:
    """The test for one type, built once (loading a position tests thousands of values)."""
    if kind is Any:
        return lambda v: True
    origin = get_origin(kind)
    if origin is Union or origin is types.UnionType:
        parts = [_test_for(k) for k in get_args(kind)]
        return lambda v: any(test(v) for test in parts)
    if origin is list:
        (item,) = get_args(kind)
        if item is int:   # the commonest test: the types of the items gathered in C
            return lambda v: isinstance(v, list | tuple) and (not v or set(map(type, v)) == _INT)
        inner = _test_for(item)
        return lambda v: isinstance(v, list | tuple) and all(inner(x) for x in v)
    if origin is dict:
        return lambda v: isinstance(v, dict)
    if kind is None or kind is type(None):
        return lambda v: v is None
    if kind is int:
        return lambda v: type(v) is int
    return lambda v: isinstance(v, kind)


def check_game(data: Any, game: str, engine_version: str) -> None:
    """Refuse data that is not a saved position of `game`, or one saved by another version of
    its engine (its rules or its fields may read differently)."""
    if not isinstance(data, Mapping) or data.get("game") != game:
        found = data.get("game") if isinstance(data, Mapping) else type(data).__name__
        raise SaveError(f"saved game: not a {game} position (game: {found!r})")
    if "engine_version" not in data:
        raise SaveError("saved game: missing field(s) engine_version")
    if data["engine_version"] != engine_version:
        raise SaveError(f"saved game: field 'engine_version': made by engine "
                        f"{short_repr(data.get('engine_version'))}, this is {engine_version}")


POSITION_HEADER = ("game", "engine_version")
"""The fields every saved position opens with, besides its game's own."""


def check_fields(data: Any, fields: Mapping[str, Any], where: str = "",
                 known: Iterable[str] = ()) -> None:
    """Refuse data that lacks a field, has one of the wrong type or has one nobody saves;
    `fields` maps each field to its type, `known` names the other fields it may hold, and
    `where` (e.g. 'players[0].') says whose fields they are."""
    if not isinstance(data, Mapping):
        raise SaveError(f"saved game: {where.rstrip('.') or 'the position'} must be an object, "
                        f"got {short_repr(data)}")
    allowed = set(fields).union(known)
    unknown = [str(k) for k in data if k not in allowed]
    if unknown:
        raise SaveError(f"saved game: unknown field(s) {', '.join(where + k for k in unknown)[:200]} "
                        "(a saved position holds only what Dejarik wrote)")
    missing = [where + k for k in fields if k not in data]
    if missing:
        raise SaveError(f"saved game: missing field(s) {', '.join(missing)}")
    for name, kind in fields.items():
        if not conforms(data[name], kind):
            raise SaveError(f"saved game: field {where + name!r} must be {kind_name(kind)}, "
                            f"got {short_repr(data[name])}")


def kind_name(kind: Any) -> str:
    return kind.__name__ if isinstance(kind, type) else str(kind).replace("typing.", "")


def short_repr(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def check_consistent(state: Any, check_invariants: Callable[[Any], list[str]]) -> None:
    """Refuse a loaded position whose fields are each well-typed but disagree with one another
    (a card in two places, a number out of range): the game's own invariants decide."""
    try:
        problems = check_invariants(state)
    except (IndexError, KeyError, TypeError, ValueError, OverflowError) as err:
        problems = [f"a number out of range ({err})"]
    if problems:
        raise SaveError(f"saved game: an inconsistent {state.game_name} position: {problems[0]}")


# What a rule raises when a value it reads from a hand-edited task is of the wrong kind.
_BROKEN_TASK = (IndexError, KeyError, TypeError, ValueError, OverflowError, AttributeError,
                ZeroDivisionError, RecursionError)
TRIAL_STEPS = 200


def check_runs(state: Any) -> None:
    """Refuse a loaded position whose saved task stack the rules cannot run. A task's arguments
    are whatever its rule put there (numbers, names, nested tuples), with no schema to test them
    against, so a clone plays its first legal action until every saved task has run (at most
    TRIAL_STEPS actions), looked at from every seat as each comes to the top: a wrong value, or
    a stack that runs out, fails here, while loading, and not in the middle of a game."""
    trial = state.clone()
    saved = list(trial.tasks)
    left, seen = len(saved), -1   # how many saved tasks, from the bottom, are still unrun
    try:
        for _ in range(TRIAL_STEPS):
            if trial.is_terminal():
                return
            if not trial.tasks:
                raise SaveError(f"saved game: a {state.game_name} position whose saved tasks "
                                "run out before the game ends (a task of the turn is missing)")
            if left == 0:
                return
            if seen != left:   # a saved task is newly on top: a view describes it in words
                seen = left
                for seat in range(trial.num_players):
                    trial.observation(seat)
            trial.apply(trial.legal_actions()[0])
            left = _unrun(trial.tasks, saved, left)
    except _BROKEN_TASK as err:
        raise SaveError(f"saved game: a {state.game_name} position whose saved tasks cannot run "
                        f"({type(err).__name__}: {str(err)[:120]})") from None


def check_resolves(state: Any, pending: Callable[[Any], bool]) -> None:
    """Refuse a loaded position that cannot be looked at or played on: a clone is viewed from
    every seat, then plays its first legal action while `pending` says something saved is
    still resolving (an ability half done), at most TRIAL_STEPS actions, viewed from every
    seat after each. Fields that each look right but do not fit together (a decision awaited
    with no ability resolving) fail here, while loading."""
    trial = state.clone()
    try:
        for _ in range(TRIAL_STEPS):
            for seat in range(trial.num_players):
                trial.observation(seat)
            if trial.is_terminal() or not pending(trial):
                trial.legal_actions()
                return
            trial.apply(trial.legal_actions()[0])
    except _BROKEN_TASK as err:
        raise SaveError(f"saved game: a {state.game_name} position that cannot be played on "
                        f"({type(err).__name__}: {str(err)[:120]})") from None


def _unrun(tasks: list[Any], saved: list[Any], left: int) -> int:
    """How many of the saved tasks are still on the stack, untouched, below everything else (a
    rule that pops a task and pushes a changed one has run it)."""
    n = min(left, len(tasks))
    k = 0
    while k < n and tasks[k] is saved[k]:
        k += 1
    return k
