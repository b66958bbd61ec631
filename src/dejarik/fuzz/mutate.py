"""Damage a valid file the ways a careless or hostile user would: every mutation is a pure
function of the bytes and a seeded generator, so a seed names a damaged file exactly.

Text mutations work on the bytes (cut a span, repeat or swap lines, truncate, insert bytes
that are not UTF-8, nest brackets deeply, empty the file, blow it up); value mutations find a
number or a word and put something else there (huge, negative, not a number, the wrong type,
a very long string, a misspelling)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import yaml

from dejarik.core.rng import Rng

T = TypeVar("T")

NUMBERS = (b"-1", b"0", b"2147483648", b"9223372036854775808", b"-9223372036854775809",
           b"1e308", b"1000000000", b"10000000", b"3.5", b".nan", b"NaN", b"Infinity",
           b"1" + b"0" * 400)
WRONG_TYPES = (b"[1, 2]", b"{a: 1}", b'{"a": 1}', b"null", b"~", b"true", b'"x"', b"[]", b"{}",
               b"[[[]]]", b"&anchor 1", b"*alias", b"!!python/object:os.system", b"- - -",
               b'"\\u0000"', b"\"" + b"x" * 100_000 + b"\"")
MAX_OUT = 16 << 20
"""The largest damaged file: past every size limit Dejarik has, and small enough that making
it (a value repeated 100,000 times in a file already blown up) cannot exhaust the fuzzer's
own memory."""
MAX_PARSED = 2 << 20   # a larger file gets text mutations only (parsing it is refused anyway)
TOKEN = re.compile(rb"-?\d+(?:\.\d+)?|[A-Za-z][\w\-' ]*[\w]")


def pick(rng: Rng, items: Sequence[T]) -> T:
    return items[rng.below(len(items))]


def _span(data: bytes, rng: Rng) -> tuple[int, int]:
    if not data:
        return 0, 0
    a = rng.below(len(data))
    return a, min(len(data), a + 1 + rng.below(min(400, len(data) - a)))


def _lines(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True) or [b""]


def cut(data: bytes, rng: Rng) -> bytes:
    a, b = _span(data, rng)
    return data[:a] + data[b:]


def delete_line(data: bytes, rng: Rng) -> bytes:
    lines = _lines(data)
    del lines[rng.below(len(lines))]
    return b"".join(lines)


def repeat_line(data: bytes, rng: Rng) -> bytes:
    """A line twice (in YAML, a duplicated key)."""
    lines = _lines(data)
    i = rng.below(len(lines))
    times = 1 + (rng.below(3) if rng.below(4) else rng.below(5000))
    times = min(times, MAX_OUT // max(1, len(lines[i])))
    return b"".join(lines[:i] + [lines[i]] * (times + 1) + lines[i + 1:])


def swap_lines(data: bytes, rng: Rng) -> bytes:
    lines = _lines(data)
    i, j = rng.below(len(lines)), rng.below(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return b"".join(lines)


def truncate(data: bytes, rng: Rng) -> bytes:
    return data[:rng.below(len(data) + 1)]


def bad_bytes(data: bytes, rng: Rng) -> bytes:
    """Bytes that are not UTF-8 (or control characters) somewhere in the file."""
    at = rng.below(len(data) + 1)
    junk = bytes(rng.below(256) for _ in range(1 + rng.below(8)))
    return data[:at] + pick(rng, [junk, b"\xff", b"\xc3", b"\x00", b"\x1b[2J", b"\r"]) + data[at:]


def flip(data: bytes, rng: Rng) -> bytes:
    if not data:
        return data
    out = bytearray(data)
    for _ in range(1 + rng.below(4)):
        out[rng.below(len(out))] ^= 1 << rng.below(8)
    return bytes(out)


def nest(data: bytes, rng: Rng) -> bytes:
    """Deep nesting where a value starts (or around everything)."""
    depth = pick(rng, [200, 5000, 100_000])
    opener, closer = pick(rng, [(b"[", b"]"), (b"{a: ", b"}"), (b'{"a": ', b"}")])
    deep = opener * depth + b"1" + closer * depth
    match = _token(data, rng)
    if match is None or rng.below(3) == 0:
        return deep
    return data[:match[0]] + deep + data[match[1]:]


def empty(data: bytes, rng: Rng) -> bytes:
    return pick(rng, [b"", b"\n", b"   ", b"---\n", b"null", b"[]", b"{}", b"0", b'""'])


def blow_up(data: bytes, rng: Rng) -> bytes:
    """A very large file: the whole repeated, or one line repeated, to some megabytes."""
    target = pick(rng, [1, 4, 12]) << 20
    lines = _lines(data)
    piece = data if rng.below(2) else lines[rng.below(len(lines))]
    piece = piece or b"x\n"
    return piece * max(1, target // len(piece))


def _token(data: bytes, rng: Rng) -> tuple[int, int] | None:
    matches = [m.span() for m in TOKEN.finditer(data[:200_000])]
    return matches[rng.below(len(matches))] if matches else None


def _replace_token(choices: Callable[[bytes, Rng], bytes]) -> Callable[[bytes, Rng], bytes]:
    def mutate(data: bytes, rng: Rng) -> bytes:
        span = _token(data, rng)
        if span is None:
            return data + choices(b"", rng)
        a, b = span
        return data[:a] + choices(data[a:b], rng) + data[b:]
    mutate.__name__ = choices.__name__.lstrip("_")
    return mutate


def _number(old: bytes, rng: Rng) -> bytes:
    return pick(rng, NUMBERS)


def _wrong_type(old: bytes, rng: Rng) -> bytes:
    return pick(rng, WRONG_TYPES)


def _misspelt(old: bytes, rng: Rng) -> bytes:
    if len(old) < 2:
        return old + b"x"
    i = rng.below(len(old) - 1)
    return old[:i] + old[i + 1:] if rng.below(2) else old[:i] + old[i + 1:i + 2] + old[i:i + 1] + old[i + 2:]


def _long(old: bytes, rng: Rng) -> bytes:
    return old * min(pick(rng, [1000, 100_000]), MAX_OUT // max(1, len(old)))


number = _replace_token(_number)
wrong_type = _replace_token(_wrong_type)
misspelt = _replace_token(_misspelt)
long_value = _replace_token(_long)

MUTATIONS: tuple[Callable[[bytes, Rng], bytes], ...] = (
    cut, delete_line, repeat_line, swap_lines, truncate, bad_bytes, flip, nest, empty, blow_up,
    number, number, wrong_type, wrong_type, misspelt, misspelt, long_value)


# values a reshaped document may get anywhere: the wrong type, out of range, huge
ODD_VALUES: tuple[Any, ...] = (
    -1, 0, 1, 2**31, 2**63, -(2**63) - 1, 2**64, 10**30, 10**9, 1e308, 0.5, float("nan"), True,
    False, None, "", "x", "?", "x" * 20_000, [], {}, [1, 2, 3], {"a": 1}, [[[[]]]], "null",
    "-1", "TIE Fightr", "Tatoine")


def _places(doc: Any) -> list[tuple[Any, Any]]:
    """Every (container, key or index) in a parsed document, found without recursion."""
    found: list[tuple[Any, Any]] = []
    todo = [doc]
    while todo and len(found) < 50_000:
        node = todo.pop()
        if isinstance(node, dict):
            keys: list[Any] = list(node)
        elif isinstance(node, list):
            keys = list(range(len(node)))
        else:
            continue
        for k in keys:
            found.append((node, k))
            todo.append(node[k])
    return found


def reshape(doc: Any, rng: Rng) -> tuple[str, Any]:
    """Change a parsed document in one place: drop or rename a key, give a value of the wrong
    type or out of range, repeat a list item many times, add a field nobody knows."""
    places = _places(doc)
    if not places:
        return "odd value", pick(rng, ODD_VALUES)
    node, key = pick(rng, places)
    how = pick(rng, ("drop", "odd value", "odd value", "odd value", "repeat", "rename", "add"))
    if how == "drop":
        del node[key]
    elif how == "repeat" and isinstance(node, list):
        size = len(json.dumps(node[key], default=str)) + 2
        node[key + 1:key + 1] = [node[key]] * min(pick(rng, (1, 3, 100, 10_000)), MAX_PARSED // size)
    elif how == "rename" and isinstance(node, dict):
        value = node.pop(key)
        node[_misspelt(str(key).encode(), rng).decode("utf-8", "replace")] = value
    elif how == "add" and isinstance(node, dict):
        node[pick(rng, ("extra", "unknown_field", "hp", "1", ""))] = pick(rng, ODD_VALUES)
    else:
        how = "odd value"
        node[key] = pick(rng, ODD_VALUES)
    return how, doc


def _parse(data: bytes, suffix: str) -> Any:
    text = data.decode("utf-8")
    return json.loads(text) if suffix == ".json" else yaml.safe_load(text)


def _dump(doc: Any, suffix: str) -> bytes:
    if suffix == ".json":
        return json.dumps(doc).encode()
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True).encode()


def reshaped(data: bytes, rng: Rng, suffix: str) -> tuple[str, bytes]:
    """A change of structure in a JSON or YAML file (in a JSON-lines file, in one line), or a
    text mutation where the file does not parse."""
    if len(data) > MAX_PARSED:
        text_way = pick(rng, MUTATIONS)
        return text_way.__name__, text_way(data, rng)
    try:
        if suffix == ".jsonl":
            lines = data.splitlines(keepends=True)
            i = rng.below(len(lines))
            how, doc = reshape(json.loads(lines[i]), rng)
            lines[i] = json.dumps(doc).encode() + b"\n"
            return how, b"".join(lines)
        how, doc = reshape(_parse(data, suffix), rng)
        return how, _dump(doc, suffix)
    except (ValueError, yaml.YAMLError, RecursionError):
        text_way = pick(rng, MUTATIONS)
        return text_way.__name__, text_way(data, rng)


STRUCTURED = (".json", ".jsonl", ".yaml", ".yml")


def mutate(data: bytes, rng: Rng, suffix: str = "") -> tuple[str, bytes]:
    """One to three mutations (most often one), of the structure half the time where the
    format has one; their names and the damaged bytes."""
    names = []
    for _ in range(1 if rng.below(3) else 1 + rng.below(3)):
        if suffix in STRUCTURED and data and rng.below(2):
            name, data = reshaped(data, rng, suffix)
        else:
            how = pick(rng, MUTATIONS)
            name, data = how.__name__, how(data, rng)
        names.append(name)
        data = data[:MAX_OUT]
    return "+".join(names), data
