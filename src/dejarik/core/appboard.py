"""The full-screen terminal app's board, as every game fills it in.

A game's `views.app.board` returns an `AppBoard`: parts of the board (`Sheet`s) made of styled
lines and tables, the legal actions in words (`Choice`), the public piles and each seat's
colour. The app draws this and nothing else, so it never names a game, and what reaches the
screen is what the game put here from one seat's observation.

Styles are words a terminal understands ('bold', 'red1', 'grey62'), never the only carrier of
meaning: a faction or side is always named in text too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Span = tuple[str, str]
"""A piece of text and its style ('' for none)."""
Line = tuple[Span, ...]


def line(*parts: str | Span) -> Line:
    """A styled line from plain strings and (text, style) pairs."""
    return tuple((p, "") if isinstance(p, str) else p for p in parts)


def plain(text: str, style: str = "") -> Line:
    return ((text, style),)


def line_text(ln: Line) -> str:
    return "".join(t for t, _ in ln)


@dataclass(frozen=True)
class Face:
    """What the card panel shows for a highlighted row or action: a title in its colour, the
    text, and where it lies ('' when that goes without saying)."""

    title: str
    style: str = "bold"
    lines: tuple[str, ...] = ()
    where: str = ""

    def followed_by(self, other: Face) -> Face:
        """This face, then `other`'s title and text (an action's card, then what it aims at)."""
        return Face(self.title, self.style, (*self.lines, "", f"→ {other.title}", *other.lines), self.where)


@dataclass(frozen=True)
class Row:
    """One row of a sheet's table; highlighting it shows `face`."""

    cells: tuple[Line, ...]
    face: Face | None = None


@dataclass(frozen=True)
class Sheet:
    """One part of the board: a few lines, then an optional table.

    `brief` replaces `head` on a short screen (one line, say). The table's columns come in
    order of importance: where the pane is too narrow, the last ones are left out (the card
    panel still shows everything) and the first is shortened. `mine` marks the viewer's own
    cards, kept in view on a short screen."""

    key: str
    head: tuple[Line, ...] = ()
    columns: tuple[str, ...] = ()
    rows: tuple[Row, ...] = ()
    brief: tuple[Line, ...] | None = None
    mine: bool = False
    table_always: bool = False   # show the table (its header) even with no rows
    wide_table: bool = False     # the table is left out on a short screen (its lines say enough)


@dataclass(frozen=True)
class Choice:
    """A legal action: its notation, what it does in words, what highlighting it shows, and
    a caution asked before it is taken ('': none), such as ending a turn with cards unplayed."""

    action: str
    words: str = ""
    face: Face | None = None
    caution: str = ""


@dataclass(frozen=True)
class AppBoard:
    """Everything the app shows of one position, for one viewer."""

    viewer: int
    active: int                       # whose turn it is
    decider: int                      # who must decide now (-1: nobody)
    turn: int
    sheets: tuple[Sheet, ...]
    choices: tuple[Choice, ...]
    seat_styles: tuple[str, ...]      # each seat's colour, for the log
    piles: tuple[tuple[str, tuple[Face, ...]], ...] = ()   # public piles, top card first
    model: Any = field(default=None, compare=False)   # the game's own board model, for its tests

    @property
    def legal(self) -> tuple[str, ...]:
        return tuple(c.action for c in self.choices)
