"""Ability files of one's own: a player who knows what a card does (one Dejarik has not
written, or one they read differently) writes it in the vocabulary of docs/tcg-abilities.md,
and a game (`--abilities FILE`), `dejarik cards show` and `dejarik cards check` read the file
beside the bundled sets. A card in the file replaces the bundled entry of that name.

The file is YAML: `format: dejarik-tcg-abilities`, an optional `notes:` text, and `cards:`, a
mapping of card names (as `dejarik cards show tcg NAME` spells them) to lists of abilities
(empty: a file that gives nothing yet, as `dejarik cards new FILE --extends tcg` writes it).
"""

from __future__ import annotations

import difflib
from functools import cache
from pathlib import Path

from dejarik.core.errors import PackError
from dejarik.core.files import read_yaml
from dejarik.tcg.abilities import Ability, parse_abilities

FORMAT = "dejarik-tcg-abilities"
_KEYS = {"format", "cards", "notes"}


def is_ability_file(data: object) -> bool:
    """Whether parsed YAML is an ability file (its `format` says so)."""
    return isinstance(data, dict) and data.get("format") == FORMAT


def stamp(path: str) -> tuple[int, int]:
    """When the file last changed, and its size: a changed file is read again."""
    try:
        st = Path(path).stat()
    except OSError:
        return (0, 0)
    return (st.st_mtime_ns, st.st_size)


def read_ability_file(path: str) -> dict[str, tuple[Ability, ...]]:
    """The abilities a file gives, by card name; a bad file raises PackError naming the file,
    the card, the ability and the field."""
    return _read(path, stamp(path))


@cache
def _read(path: str, _stamp: tuple[int, int]) -> dict[str, tuple[Ability, ...]]:
    where = Path(path).name
    data = read_yaml(Path(path), PackError, where)
    if not is_ability_file(data):
        raise PackError(f"{where}: not an ability file (its first line should be "
                        f"'format: {FORMAT}'; docs/tcg-abilities.md, 'Abilities of your own')")
    extra = sorted(set(data) - _KEYS, key=str)
    if extra:
        raise PackError(f"{where}: unknown key {extra[0]!r} (keys: {', '.join(sorted(_KEYS))})")
    if "notes" in data and not isinstance(data["notes"], str):
        raise PackError(f"{where}: 'notes' should be text")
    _, cards = parse_abilities({"set": "own", "cards": data.get("cards") or {}}, where)
    known = _card_names()
    for name in cards:
        if name not in known:
            close = difflib.get_close_matches(name, sorted(known), n=3, cutoff=0.6)
            hint = f" (did you mean: {', '.join(close)}?)" if close else ""
            raise PackError(f"{where}: {name}: no trading card game card of that name{hint}")
    return cards


@cache
def _card_names() -> frozenset[str]:
    from dejarik.tcg.cardpool import read_table

    return frozenset(c.name for c in read_table())


def resolve(paths: tuple[str, ...]) -> tuple[str, ...]:
    """Each file as an absolute path (a config keeps these, so a saved game finds them again),
    once each, in the order given; a missing file is an error naming it."""
    out: list[str] = []
    for given in paths:
        path = Path(given).expanduser()
        if not path.is_file():
            raise PackError(f"no ability file {given!r}")
        text = str(path.resolve())
        if text not in out:
            out.append(text)
    return tuple(out)
