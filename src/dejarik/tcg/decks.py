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
    """Read and check a deck list; `source` names it in errors. Every mistake is reported at
    once, a line each, so a list with three mistakes takes one run to mend."""
    cards = read_table() if table is None else list(table)
    by_name = {c.name.casefold(): c for c in cards}
    side: str | None = None
    side_line = 0
    counts: dict[str, int] = {}
    first_line: dict[str, int] = {}
    order: list[CardFacts] = []
    problems: list[str] = []
    for line_no, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = f"{source} line {line_no}"
        m = _SIDE.fullmatch(line)
        if m:
            if m.group("side").lower() not in ("light", "dark"):
                problems.append(f"{where}: side must be light or dark, not {m.group('side')!r}")
            else:
                side, side_line = m.group("side").lower(), line_no
            continue
        m = _LINE.fullmatch(line)
        if not m:
            problems.append(f"{where}: expected a count and a card name, like `4 Clone Trooper`, "
                            f"not {line[:60]!r}")
            continue
        digits, name = m.group("count"), m.group("name").strip()
        card = by_name.get(name.casefold())
        if card is None:
            close = (difflib.get_close_matches(name, [c.name for c in cards], n=1)
                     if len(problems) < 50 else [])   # past the 50 reported: no time on hints
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            problems.append(f"{where}: no card named {name[:60]!r}{hint}")
            continue
        count = int(digits) if len(digits) <= 3 else MAX_COPIES + 1
        if count < 1:
            problems.append(f"{where}: {card.name}: a count must be 1 or more")
            continue
        counts[card.name] = counts.get(card.name, 0) + count
        if counts[card.name] > MAX_COPIES:
            shown = counts[card.name] if len(digits) <= 3 else digits
            problems.append(f"{where}: {shown} copies of {card.name} (at most {MAX_COPIES} of "
                            f"any card)")
        if card.name not in first_line:
            first_line[card.name] = line_no
            order.append(card)
    sides = {c.side for c in order} - {"neutral"}
    if len(sides) > 1:
        light = next(c for c in order if c.side == "light")
        dark = next(c for c in order if c.side == "dark")
        later, earlier = sorted((light, dark), key=lambda c: first_line[c.name], reverse=True)
        problems.append(f"{source} line {first_line[later.name]}: {later.name} is a "
                        f"{later.side} side card, and the deck already holds {earlier.side} "
                        "side cards (one side plus neutral cards)")
    elif sides:
        card_side = sides.pop()
        if side is not None and side != card_side:
            problems.append(f"{source} line {side_line}: the deck says side {side}, but its "
                            f"cards are {card_side} side")
        side = card_side
    elif side is None and not problems:
        problems.append(f"{source}: every card is neutral; say which side plays it "
                        "(`side: light` or `side: dark`)")
    total = sum(counts.values())
    if total < MIN_CARDS:
        problems.append(f"{source}: {total} cards; a deck needs at least {MIN_CARDS}")
    if problems:
        more = f"\n(and {len(problems) - 50} more)" if len(problems) > 50 else ""
        raise DeckError("\n".join(problems[:50]) + more)
    assert side is not None
    entries = tuple((counts[c.name], c) for c in order)
    return Deck(name=Path(source).stem, side=side, entries=entries)


def load_deck(path: Path, table: Sequence[CardFacts] | None = None) -> Deck:
    return parse_deck(read_text(path, DeckError), path.name, table)


def format_deck(deck: Deck) -> str:
    """The canonical list: parse_deck(format_deck(d)) gives the same deck back."""
    lines = [f"side: {deck.side}"] + [f"{n} {card.name}" for n, card in deck.entries]
    return "\n".join(lines) + "\n"
