"""Reading YAML files with errors that name the file and say what is wrong."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

import yaml

from dejarik.core.errors import DejarikError, PackError

# libyaml's loader when PyYAML has it: the same documents, about ten times faster (every
# process of a simulation loads the packs).
_BaseLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

# What Dejarik reads, at most (docs/reliability.md): a file past one is refused by name before
# it is parsed, so no file can take minutes or gigabytes to be found wrong.
MAX_YAML_BYTES = 2 << 20      # a pack, override, scenario or deck list: 50 times the largest shipped
MAX_JSON_BYTES = 64 << 20     # a replay or saved game (a long game's replay is under 1 MB)
MAX_DEPTH = 40                # nested lists and mappings (a pack nests about 8 deep)


class SafeLoader(_BaseLoader):  # type: ignore[misc]
    """The safe loader, refusing a mapping that gives the same key twice (the last one would
    silently win, and a misplaced paste would go unnoticed)."""

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        seen: dict[Any, Any] = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            try:
                first = seen.setdefault(key, key_node)
            except TypeError:   # a list or mapping as a key: the base class names it
                break
            if first is not key_node:
                raise yaml.constructor.ConstructorError(
                    None, None, f"key {key!r} is given twice (first on line "
                    f"{first.start_mark.line + 1})", key_node.start_mark)
        return super().construct_mapping(node, deep=deep)


def read_text(path: Path, error: type[DejarikError], label: str | None = None,
              limit: int = MAX_YAML_BYTES) -> str:
    """A text file's content; one that cannot be read, is larger than `limit` bytes or is not
    UTF-8 raises `error` naming `label` (default: the file name). A byte-order mark is dropped."""
    where = label or path.name
    try:
        with path.open("rb") as f:
            data = f.read(limit + 1)
    except OSError as err:
        raise error(f"{where}: cannot read ({err.strerror or err})") from None
    if len(data) > limit:
        raise error(f"{where}: larger than {limit >> 20} MB, the most Dejarik reads from such a "
                    f"file")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data[:err.start].count(b"\n") + 1
        raise error(f"{where}: not UTF-8 text (byte {err.start}, line {line}); save it as "
                    f"UTF-8") from None


def check_depth(data: Any, error: type[DejarikError], where: str) -> Any:
    """The data, unless lists and mappings nest deeper than MAX_DEPTH (checked without
    recursion, so no nesting can exhaust the stack here or later)."""
    todo = [(data, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > MAX_DEPTH:
            raise error(f"{where}: lists and mappings nest more than {MAX_DEPTH} deep")
        todo += [(child, depth + 1) for child in children]
    return data


def parse_yaml(text: str, error: type[DejarikError], where: str) -> Any:
    """Parse YAML text; malformed, too deep or with a key given twice raises `error`."""
    try:
        return check_depth(yaml.load(text, Loader=SafeLoader), error, where)
    except yaml.YAMLError as err:
        raise error(f"{where}: not valid YAML ({err})") from None
    except (ValueError, OverflowError) as err:   # a number of more than 4,300 digits
        raise error(f"{where}: a value Dejarik cannot read ({str(err)[:120]})") from None
    except RecursionError:
        raise error(f"{where}: lists and mappings nest more than {MAX_DEPTH} deep") from None


def read_yaml(path: Path, error: type[DejarikError], label: str | None = None) -> Any:
    """Parse a YAML file; an unreadable, oversized, malformed or too deeply nested file
    raises `error`, naming `label` (default: the file name)."""
    where = label or path.name
    return parse_yaml(read_text(path, error, where), error, where)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        twice = next(k for i, (k, _) in enumerate(pairs) if k in dict(pairs[:i]))
        raise ValueError(f"key {twice!r} is given twice")
    return out


def parse_json(text: str | bytes, error: type[DejarikError], where: str) -> Any:
    """Parse JSON text; malformed, too deep or with a key given twice raises `error`."""
    try:
        return check_depth(json.loads(text, object_pairs_hook=_unique_keys), error, where)
    except RecursionError:
        raise error(f"{where}: lists and mappings nest more than {MAX_DEPTH} deep") from None
    except (ValueError, UnicodeDecodeError) as err:   # JSONDecodeError is a ValueError
        raise error(f"{where}: not valid JSON ({err})") from None


def read_json(path: Path, error: type[DejarikError], label: str | None = None) -> Any:
    """Parse a JSON file, with the checks of `read_text` and `parse_json`."""
    where = label or str(path)
    return parse_json(read_text(path, error, where, MAX_JSON_BYTES), error, where)


def digest(data: Any) -> str:
    """A short fingerprint of parsed content (packs): equal data, equal digest, whatever the
    key order or the file layout."""
    text = json.dumps(data, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def claims_pack(ref: str, bundled: Collection[str], ours: Callable[[dict[str, Any]], bool]) -> bool:
    """Whether a pack ref is a game's: one of its bundled pack ids, or a YAML file in its format
    (`ours` reads the file's top level), or one that extends such a pack."""
    if not ref.endswith((".yaml", ".yml")):
        return ref in bundled
    try:
        data = read_yaml(Path(ref), PackError)
    except PackError:
        return False
    if not isinstance(data, dict):
        return False
    base = data.get("extends")
    return ours(data) or (isinstance(base, str) and claims_pack(base, bundled, ours))
