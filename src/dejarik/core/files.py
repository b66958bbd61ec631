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
SafeLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_yaml(path: Path, error: type[DejarikError], label: str | None = None) -> Any:
    """Parse a YAML file; an unreadable or malformed file raises `error`, naming `label`
    (default: the file name)."""
    where = label or path.name
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise error(f"{where}: cannot read ({err.strerror})") from None
    try:
        return yaml.load(text, Loader=SafeLoader)
    except yaml.YAMLError as err:
        raise error(f"{where}: not valid YAML ({err})") from None


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
