"""Deck lists: a plain text format people can write by hand, checked against the card table.

One card per line, with its count first::

    # Republic clones (comments start with #)
    side: light
    4 Clone Trooper 4/163 (B)
    4x Anakin Skywalker (A)

Names are matched against the table without regard to case. A `side:` line is needed only
when every card is neutral. Construction rules (../shared/reference/swtcg.md, section 2): at
least 60 cards, at most 4 copies of any one card (each version of a unique character is a card
of its own), and the cards of one side plus neutral cards.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from dejarik.core.errors import ConfigError
from dejarik.core.files import read_text
from dejarik.tcg.cardpool import CardFacts, read_table

MIN_CARDS = 60
MAX_COPIES = 4
_LINE = re.compile(r"(?P<count>[0-9]+)\s*[xX]?\s+(?P<name>\S.*)")
_SIDE = re.compile(r"side\s*:\s*(?P<side>\S+)", re.IGNORECASE)


class DeckError(ConfigError):
    """A deck list that cannot be played: every message names the line and the reason."""


@dataclass(frozen=True)
class Deck:
    name: str
    side: str                                # light or dark
    entries: tuple[tuple[int, CardFacts], ...]   # (count, card), in the list's order

    @property
    def size(self) -> int:
        return sum(n for n, _ in self.entries)

    def cards(self) -> list[CardFacts]:
        """One item per physical card."""
        return [card for n, card in self.entries for _ in range(n)]


def parse_deck(text: str, source: str, table: Sequence[CardFacts] | None = None) -> Deck:
    """Read and check a deck list; `source` names it in errors."""
    cards = read_table() if table is None else list(table)
    by_name = {c.name.casefold(): c for c in cards}
    side: str | None = None
    side_line = 0
    counts: dict[str, int] = {}
    first_line: dict[str, int] = {}
    order: list[CardFacts] = []
    for line_no, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = f"{source} line {line_no}"
        m = _SIDE.fullmatch(line)
        if m:
            side = m.group("side").lower()
            if side not in ("light", "dark"):
                raise DeckError(f"{where}: side must be light or dark, not {m.group('side')!r}")
            side_line = line_no
            continue
        m = _LINE.fullmatch(line)
        if not m:
            raise DeckError(f"{where}: expected a count and a card name, like `4 Clone Trooper`, "
                            f"not {line!r}")
        count, name = int(m.group("count")), m.group("name").strip()
        card = by_name.get(name.casefold())
        if card is None:
            close = difflib.get_close_matches(name, [c.name for c in cards], n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise DeckError(f"{where}: no card named {name!r}{hint}")
        if count < 1:
            raise DeckError(f"{where}: {card.name}: a count must be 1 or more")
        counts[card.name] = counts.get(card.name, 0) + count
        if counts[card.name] > MAX_COPIES:
            raise DeckError(f"{where}: {counts[card.name]} copies of {card.name} (at most "
                            f"{MAX_COPIES} of any card)")
        if card.name not in first_line:
            first_line[card.name] = line_no
            order.append(card)
    sides = {c.side for c in order} - {"neutral"}
    if len(sides) > 1:
        light = next(c for c in order if c.side == "light")
        dark = next(c for c in order if c.side == "dark")
        later, earlier = sorted((light, dark), key=lambda c: first_line[c.name], reverse=True)
        raise DeckError(f"{source} line {first_line[later.name]}: {later.name} is a {later.side} "
                        f"side card, and the deck already holds {earlier.side} side cards (one "
                        "side plus neutral cards)")
    if sides:
        card_side = sides.pop()
        if side is not None and side != card_side:
            raise DeckError(f"{source} line {side_line}: the deck says side {side}, but its cards "
                            f"are {card_side} side")
        side = card_side
    if side is None:
        raise DeckError(f"{source}: every card is neutral; say which side plays it (`side: light` "
                        "or `side: dark`)")
    total = sum(counts.values())
    if total < MIN_CARDS:
        raise DeckError(f"{source}: {total} cards; a deck needs at least {MIN_CARDS}")
    entries = tuple((counts[c.name], c) for c in order)
    return Deck(name=Path(source).stem, side=side, entries=entries)


def load_deck(path: Path, table: Sequence[CardFacts] | None = None) -> Deck:
    return parse_deck(read_text(path, DeckError), path.name, table)


def format_deck(deck: Deck) -> str:
    """The canonical list: parse_deck(format_deck(d)) gives the same deck back."""
    lines = [f"side: {deck.side}"] + [f"{n} {card.name}" for n, card in deck.entries]
    return "\n".join(lines) + "\n"
