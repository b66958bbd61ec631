"""SWTCG card facts: import them from the LackeyCCG set files, keep them in Dejarik's own table.

The community LackeyCCG plugin (SWTCG/SWTCG-LACKEY, ``starwars/sets/<SET>.txt``) lists every
card with its rules text, rulings and scripts. Dejarik ships none of that text: its table,
``data/cards.tsv``, holds only facts (set, number, name, side, type, subtype, the four stats,
rarity). The product reads that table and nothing else.

How ``cards.tsv`` was made (rerun it to rebuild the table from the same files)::

    python -m dejarik.tcg.cardpool ../shared/reference/swtcg-data src/dejarik/tcg/data/cards.tsv

It reads ``<SET>.txt`` for each set of SET_ORDER, in that order, and keeps each file's row
order.

Source quirks handled here: numbers come as ``7`` or ``7.0``; an empty stat means the card has
none; ``*`` (a stat) or ``X`` (Vader's Call's cost) means the card's text sets the value, so it is
stored as None and named in ``variable``. Promo and preview rows have no number.

Keys: a numbered card is ``<set>-<number>`` (``AOTC-1``). Promo and preview rows carry no number
in the source and none is invented, so their key is ``<set>-<name>`` (the name keeps Lackey's
printing tag, e.g. ``AOTC-Jango Fett (D) (Promo 1)``); names are unique within a set.
"""

from __future__ import annotations

import csv
import functools
import io
import os
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from dejarik.core.errors import PackError
from dejarik.core.files import read_text

SET_ORDER: tuple[str, ...] = ("AOTC", "SR", "ANH", "BOY", "JG", "ESB", "RAS", "PM", "ROTJ", "ROTS")
SET_NAMES: dict[str, str] = {
    "AOTC": "Attack of the Clones",
    "SR": "Sith Rising",
    "ANH": "A New Hope",
    "BOY": "Battle of Yavin",
    "JG": "Jedi Guardians",
    "ESB": "The Empire Strikes Back",
    "RAS": "Rogues and Scoundrels",
    "PM": "The Phantom Menace",
    "ROTJ": "Return of the Jedi",
    "ROTS": "Revenge of the Sith",
}

STATS: tuple[str, ...] = ("cost", "speed", "power", "health")
UNIT_TYPES = frozenset({"space", "ground", "character"})
TYPES = frozenset(UNIT_TYPES | {"battle", "mission", "location", "equipment"})
SIDES: dict[str, str] = {"L": "light", "D": "dark", "N": "neutral"}
MAX_TABLE_BYTES = 16 << 20   # the bundled table of every set is about 0.1 MB
RARITIES = frozenset({"C", "U", "R", "P"})  # P: promo or preview printing
TABLE_COLUMNS: tuple[str, ...] = (
    "set", "number", "name", "side", "type", "subtype", *STATS, "variable", "rarity",
)

# the Lackey columns read (others, such as the card text, are ignored)
_LACKEY_COLUMNS = ("Name", "Set", "Side", "Type", "Subtype", *(s.title() for s in STATS),
                   "Rarity", "Number")
_LACKEY_TYPES = {t.title(): t for t in TYPES}
_VARIABLE_MARKS = frozenset({"*", "X"})
_WHOLE = re.compile(r"[0-9]+(?:\.0*)?")  # 7 or 7.0: the files differ
# "Anakin Skywalker (C) (Promo)": base name, version letter, Lackey's printing tag
_NAME = re.compile(r"(?P<base>.*?)(?: \((?P<version>[A-Z])\))?(?: \((?:Promo|Preview)[^()]*\))?")


@dataclass(frozen=True, slots=True)
class CardFacts:
    """One printing of a card: what can be known without reading its text."""

    set: str
    number: str  # "" for promo and preview printings (the source gives none)
    name: str  # full name, with the version letter: "Anakin Skywalker (A)"
    side: str  # light, dark or neutral
    type: str  # one of TYPES
    subtype: str
    cost: int | None
    speed: int | None
    power: int | None
    health: int | None
    variable: tuple[str, ...]  # stats the card's text sets (given as * or X), in STATS order
    rarity: str  # C, U, R or P

    @property
    def is_unit(self) -> bool:
        return self.type in UNIT_TYPES

    @property
    def unique_name(self) -> str:
        """The name shared by all versions (no version letter, no promo tag)."""
        return _name_match(self.name).group("base")

    @property
    def version(self) -> str | None:
        return _name_match(self.name).group("version")

    @property
    def key(self) -> str:
        """A stable id: set and number, or set and name for unnumbered promos."""
        return f"{self.set}-{self.number or self.name}"


def _name_match(name: str) -> re.Match[str]:
    match = _NAME.fullmatch(name)
    assert match is not None  # the base group alone matches any name
    return match


def _whole_number(text: str, column: str, where: str) -> int:
    if not _WHOLE.fullmatch(text):
        raise PackError(f"{where}: column {column}: {text!r} is not a number")
    return int(text.split(".")[0])


def _check_new_key(card: CardFacts, line: int, seen: dict[str, int], source: str) -> None:
    if card.key in seen:
        raise PackError(f"{source} line {line}: card {card.key} repeats line {seen[card.key]}")
    seen[card.key] = line


def parse_lackey(text: str, source: str) -> list[CardFacts]:
    """Parse one Lackey set file; `source` names it in errors. Columns are found by header name."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter="\t")
    header = next(reader, None)
    if not header:
        raise PackError(f"{source}: empty file (no header line)")
    repeated = sorted({c for c in header if header.count(c) > 1})
    if repeated:
        raise PackError(f"{source} line 1: column(s) {', '.join(repeated)} appear twice")
    missing = [c for c in _LACKEY_COLUMNS if c not in header]
    if missing:
        raise PackError(f"{source} line 1: missing column(s) {', '.join(missing)}")
    index = {c: header.index(c) for c in _LACKEY_COLUMNS}
    cards: list[CardFacts] = []
    seen: dict[str, int] = {}
    for row in reader:
        if not row:  # a blank line
            continue
        line = reader.line_num
        where = f"{source} line {line}"
        if len(row) != len(header):
            raise PackError(f"{where}: {len(row)} fields, the header has {len(header)}")
        get = {c: row[i].strip() for c, i in index.items()}
        for column in ("Name", "Set"):
            if not get[column]:
                raise PackError(f"{where}: column {column}: empty")
        if get["Side"] not in SIDES:
            raise PackError(f"{where}: column Side: {get['Side']!r} is not L, D or N")
        if get["Type"] not in _LACKEY_TYPES:
            known = ", ".join(sorted(_LACKEY_TYPES))
            raise PackError(f"{where}: column Type: {get['Type']!r} is not a card type ({known})")
        if get["Rarity"] not in RARITIES:
            raise PackError(f"{where}: column Rarity: {get['Rarity']!r} is not C, U, R or P")
        stats: dict[str, int | None] = {}
        for stat in STATS:
            raw = get[stat.title()]
            variable = raw in _VARIABLE_MARKS
            stats[stat] = None if variable or not raw else _whole_number(raw, stat.title(), where)
        number = get["Number"]
        card = CardFacts(
            set=get["Set"], name=get["Name"], side=SIDES[get["Side"]],
            number=str(int(number.split(".")[0])) if _WHOLE.fullmatch(number) else number,
            type=_LACKEY_TYPES[get["Type"]], subtype=get["Subtype"], **stats,
            variable=tuple(s for s in STATS if get[s.title()] in _VARIABLE_MARKS),
            rarity=get["Rarity"],
        )
        _check_new_key(card, line, seen, source)
        cards.append(card)
    return cards


def _read_text(path: Path) -> str:
    """The file's text; CRLF stays as is (csv copes), a byte-order mark is dropped."""
    return read_text(path, PackError, limit=MAX_TABLE_BYTES)


def import_lackey(paths: Sequence[Path]) -> list[CardFacts]:
    """All cards of the given set files, in order; no key may repeat across files."""
    cards: list[CardFacts] = []
    first: dict[str, str] = {}
    for path in paths:
        for card in parse_lackey(_read_text(path), path.name):
            if card.key in first:
                raise PackError(f"{path.name}: card {card.key} repeats one of {first[card.key]}")
            first[card.key] = path.name
            cards.append(card)
    return cards


def _cell(value: int | str | None) -> str:
    return "" if value is None else str(value)


def format_table(cards: Iterable[CardFacts]) -> str:
    """Dejarik's table: plain TSV, no quoting (so no field may hold a tab or a line break)."""
    lines = ["\t".join(TABLE_COLUMNS)]
    for card in cards:
        cells = [card.set, card.number, card.name, card.side, card.type, card.subtype,
                 *(_cell(getattr(card, s)) for s in STATS), ",".join(card.variable), card.rarity]
        if any(ch in cell for cell in cells for ch in "\t\r\n"):
            raise PackError(f"card {card.key}: a field holds a tab or a line break")
        lines.append("\t".join(cells))
    return "\n".join(lines) + "\n"


def write_table(cards: Iterable[CardFacts], path: Path) -> None:
    """Write the table whole or not at all (a temporary file, then a rename)."""
    text = format_table(cards)
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_text(text, encoding="utf-8", newline="\n")
        os.replace(tmp, path)
    except OSError as err:
        tmp.unlink(missing_ok=True)
        raise PackError(f"{path.name}: cannot write ({err.strerror})") from None


def parse_table(text: str, source: str) -> list[CardFacts]:
    """Parse Dejarik's table, checking every cell (a user may supply their own table)."""
    lines = text.replace("\r\n", "\n").split("\n")
    if tuple(lines[0].split("\t")) != TABLE_COLUMNS:
        raise PackError(f"{source} line 1: the header must be {' '.join(TABLE_COLUMNS)}")
    cards: list[CardFacts] = []
    seen: dict[str, int] = {}
    for line, row_text in enumerate(lines[1:], start=2):
        if not row_text:  # a blank line (or the end of the last line)
            continue
        where = f"{source} line {line}"
        cells = row_text.split("\t")
        if len(cells) != len(TABLE_COLUMNS):
            raise PackError(f"{where}: {len(cells)} fields, the header has {len(TABLE_COLUMNS)}")
        row = dict(zip(TABLE_COLUMNS, cells, strict=True))
        for column in ("set", "name"):
            if not row[column]:
                raise PackError(f"{where}: column {column}: empty")
        for column, allowed in (("side", SIDES.values()), ("type", TYPES), ("rarity", RARITIES)):
            if row[column] not in allowed:
                known = ", ".join(sorted(allowed))
                raise PackError(f"{where}: column {column}: {row[column]!r} is not one of {known}")
        variable = tuple(row["variable"].split(",")) if row["variable"] else ()
        if variable != tuple(s for s in STATS if s in variable):  # unknown, repeated or out of order
            raise PackError(f"{where}: column variable: {row['variable']!r} is not a list of "
                            f"distinct stats in the order {','.join(STATS)}")
        stats: dict[str, int | None] = {}
        for stat in STATS:
            value = row[stat]
            if value and not (value.isascii() and value.isdigit()):
                raise PackError(f"{where}: column {stat}: {value!r} is not a whole number")
            if value and stat in variable:
                raise PackError(f"{where}: column {stat}: a variable stat has no value")
            stats[stat] = int(value) if value else None
        card = CardFacts(set=row["set"], number=row["number"], name=row["name"], side=row["side"],
                         type=row["type"], subtype=row["subtype"], **stats, variable=variable,
                         rarity=row["rarity"])
        _check_new_key(card, line, seen, source)
        cards.append(card)
    return cards


@functools.cache
def _bundled() -> tuple[CardFacts, ...]:
    ref = resources.files("dejarik.tcg").joinpath("data").joinpath("cards.tsv")
    return tuple(parse_table(ref.read_text(encoding="utf-8"), "cards.tsv"))


def read_table(path: Path | None = None) -> list[CardFacts]:
    """A card table; with no path, the one bundled with Dejarik (parsed once per process)."""
    if path is None:
        return list(_bundled())
    return parse_table(_read_text(path), path.name)


def main(argv: Sequence[str] | None = None) -> int:
    """Rebuild the table: ``python -m dejarik.tcg.cardpool SRC_DIR OUT.tsv``."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2:
        print("usage: python -m dejarik.tcg.cardpool SRC_DIR OUT.tsv", file=sys.stderr)
        return 2
    src, out = Path(args[0]), Path(args[1])
    try:
        cards = import_lackey([src / f"{code}.txt" for code in SET_ORDER])
        write_table(cards, out)
    except PackError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    print(f"wrote {len(cards)} cards to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
