"""A state's fields, declared once; copying, the hash key, JSON and loading derived from them.

A game lists the fields that make up a position, each with its type as JSON holds it (`int`,
`list[int]`, `list[list[int]] `, `list[int] | None`, `dict[int, list[int]]`, `list[Any]`...).
The type gives the shape: how deep the lists go, whether the field may be None, or a map from
ints to lists. From that one declaration `StateFields` makes:

- `copy(src, dst)`: copies every field, each list afresh, values shared (they are immutable),
  and hands over the `shared` attributes (the parts play never changes: the pack, the
  config...) as they are. It names every attribute, so it also copies a compiled state,
  which has no `__dict__`;
- `key(state)`: a tuple of every field, hashable and stable, for `state_hash`;
- `to_json(state)` and `load(state, data)`: plain JSON, and back with every field checked, so
  a bad save raises a SaveError naming the field and leaves nothing half-loaded.

The copy and key functions are generated as straight-line code once per game (as `dataclasses`
does), so they cost what the hand-written versions did. Values inside fields must be immutable:
ints, bools, strings, None, tuples and frozen dataclasses; the JSON codec tags tuples so they
come back as tuples (a game may pass its own codec for other values).
"""

from __future__ import annotations

import types
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Union, get_args, get_origin

from dejarik.core.errors import SaveError
from dejarik.core.saved import conforms, kind_name, short_repr


@dataclass(frozen=True)
class Field:
    """One field of a state: its attribute name and its type in JSON. `depth` (0 a value,
    1 a list, 2 a list of lists...), `optional` and `mapping` are read off the type."""

    name: str
    kind: Any
    depth: int = field(init=False)
    optional: bool = field(init=False)
    mapping: bool = field(init=False)

    def __post_init__(self) -> None:
        kind, optional = self.kind, False
        if get_origin(kind) in (Union, types.UnionType):
            args = [a for a in get_args(kind) if a is not type(None)]
            optional, kind = len(args) < len(get_args(kind)), args[0]
        depth = 0
        while get_origin(kind) is list:
            depth += 1
            kind = get_args(kind)[0]
        object.__setattr__(self, "depth", depth)
        object.__setattr__(self, "optional", optional)
        object.__setattr__(self, "mapping", get_origin(kind) is dict)


def encode_value(x: Any) -> Any:
    """JSON for a value: tuples tagged {"t": [...]}, lists as lists, the rest as is."""
    if isinstance(x, tuple):
        return {"t": [encode_value(v) for v in x]}
    if isinstance(x, list):
        return [encode_value(v) for v in x]
    return x


def decode_value(x: Any) -> Any:
    if isinstance(x, dict) and set(x) == {"t"} and isinstance(x["t"], list):
        return tuple(decode_value(v) for v in x["t"])
    if isinstance(x, list):
        return [decode_value(v) for v in x]
    return x


def _copy_expr(expr: str, depth: int) -> str:
    if depth == 0:
        return expr
    inner = _copy_expr("v", depth - 1)
    return f"list({expr})" if depth == 1 else f"[{inner} for v in {expr}]"


def _key_expr(expr: str, depth: int) -> str:
    if depth == 0:
        return expr
    return f"tuple({expr})" if depth == 1 else f"tuple({_key_expr('v', depth - 1)} for v in {expr})"


def _field_code(f: Field, src: str, key: bool) -> str:
    expr = f"{src}.{f.name}"
    if f.mapping:
        return (f"tuple(sorted((k, tuple(v)) for k, v in {expr}.items()))" if key
                else f"{{k: list(v) for k, v in {expr}.items()}}")
    body = (_key_expr if key else _copy_expr)(expr, f.depth)
    if f.optional and body != expr:
        return f"(None if {expr} is None else {body})"
    return body


class StateFields:
    """Everything a game does with its fields, made from one declaration."""

    def __init__(self, game: str, fields: Sequence[Field], shared: Sequence[str] = (),
                 encode: Callable[[Any], Any] = encode_value,
                 decode: Callable[[Any], Any] = decode_value) -> None:
        self.game = game
        self.fields = tuple(fields)
        self.names = tuple(f.name for f in self.fields)
        self.shared = tuple(shared)
        self.encode, self.decode = encode, decode
        copy_lines = [f"    dst.{f.name} = {_field_code(f, 'src', key=False)}" for f in self.fields]
        copy_lines += [f"    dst.{name} = src.{name}" for name in self.shared]
        key_items = ",\n        ".join(_field_code(f, "s", key=True) for f in self.fields)
        source = ("def copy(src, dst):\n" + "\n".join(copy_lines) + "\n"
                  f"def key(s):\n    return (\n        {key_items},\n    )\n")
        namespace: dict[str, Any] = {}
        exec(compile(source, f"<{game} state fields>", "exec"), namespace)
        self.copy: Callable[[Any, Any], None] = namespace["copy"]
        self.key: Callable[[Any], tuple[Any, ...]] = namespace["key"]

    def to_json(self, s: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in self.fields:
            value = getattr(s, f.name)
            if f.mapping:
                out[f.name] = [[k, list(v)] for k, v in sorted(value.items())]
            else:
                out[f.name] = self.encode(value)
        return out

    def load(self, s: Any, data: Mapping[str, Any]) -> None:
        """Set every field of `s` from `data`, each checked against its declared type. All or
        nothing: on a missing or bad field a SaveError names it and `s` is unchanged."""
        missing = [n for n in self.names if n not in data]
        if missing:
            raise SaveError(f"saved game: missing field(s) {', '.join(missing)}")
        loaded = {f.name: self._field(f, data[f.name]) for f in self.fields}
        for name, value in loaded.items():
            setattr(s, name, value)

    def _field(self, f: Field, raw: Any) -> Any:
        if f.mapping:
            pairs = isinstance(raw, list) and all(
                isinstance(p, list) and len(p) == 2 and conforms(p[0], int) and conforms(p[1], list[int])
                for p in raw)
            if not pairs:
                raise SaveError(f"saved game: field {f.name!r} must be a list of [number, list of "
                                f"numbers] pairs, got {short_repr(raw)}")
            return {k: list(v) for k, v in raw}
        try:
            value = self.decode(raw)
        except (TypeError, ValueError, KeyError, IndexError) as err:
            raise SaveError(f"saved game: field {f.name!r} is malformed ({err})") from None
        if not conforms(value, f.kind):
            raise SaveError(f"saved game: field {f.name!r} must be {kind_name(f.kind)}, "
                            f"got {short_repr(raw)}")
        return value

