"""The board's widgets. Each draws part of the game's board model (`views.app.board`) and
nothing else. The layout is the deckbuilder's, the one game with a full-screen app so far: the
model is read by its attributes (cards with names, colours and stats; sides; a Force track)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import DataTable, OptionList, RichLog, Static
from textual.widgets.option_list import Option

Board = Any
"""The game's board model, as its `views.app.board` builds it."""
Card = Any
"""A card on that board: `ref`, `name`, `colour`, `card` (its static stats), `text_lines`..."""
Side = Any
"""One side of that board."""


def card_name(c: Card) -> Text:
    """A card's name in its faction's colour (Text, so names with brackets stay literal)."""
    return Text(c.name, style=c.colour)


def force_track(board: Board) -> Text:
    """The 7-space Force track: side 0's end on the left, the marker where the Force is."""
    left, right = board.sides[0], board.sides[1]
    t = Text("Force  ", style="bold")
    t.append(f"{left.faction} ", style=f"bold {left.colour}")
    t.append("│", style="grey35")
    for i in range(board.force_spaces):
        owner = 0 if i < 3 else 1 if i > 3 else None
        colour = "grey50" if owner is None else board.sides[owner].colour
        t.append("●" if i == board.force else "·", style=f"bold {colour}" if i == board.force else colour)
        t.append("│", style="grey35")
    t.append(f" {right.faction}", style=f"bold {right.colour}")
    return t


def force_words(board: Board) -> Text:
    if board.force_with is None:
        return Text("Force balanced", style="grey62")
    side = board.sides[board.force_with]
    t = Text("Force with ", style="grey62")
    t.append(side.faction, style=side.colour)
    return t


def turn_line(board: Board, thinking: str = "") -> Text:
    active = board.sides[board.active]
    t = Text(f"Turn {board.turn}: ", style="bold")
    colour = active.colour
    t.append(f"{active.name} ({active.label})", style=f"bold {colour}")
    t.append(" · ")
    t.append(force_words(board))
    if board.terminal:
        t.append("  game over", style="bold")
    elif board.decider != board.active:
        decider = board.sides[board.decider]
        t.append(f"  {decider.name} must decide", style="italic")
    if board.attack_target is not None:
        what = board.target_name
        total = sum(c.attack or 0 for c in board.committed)
        t.append(f"\nAttack forming on {what}: {total} from "
                 + ", ".join(c.name for c in board.committed), style="yellow")
    return t


def side_summary(board: Board, side: Side) -> Text:
    """Base, bases left and destroyed, pile sizes, hand size and the resource pool of one side."""
    colour = side.colour
    other = board.sides[side.seat ^ 1]  # its victory pile holds this side's lost bases
    t = Text()
    t.append(f"{side.name} ({side.label})", style=f"bold {colour}")
    t.append(f"   resources {side.pool}", style="bold green" if side.pool else "")
    if side.finished:
        t.append("   finished this turn", style="italic grey62")
    t.append("\nBase: ")
    if side.base is None:
        t.append("destroyed, a new one is chosen next turn", style="italic")
    else:
        hp = side.base.card.hp or 0
        t.append(side.base.name, style="bold")
        t.append(f" {side.base.damage}/{hp} damage", style="red" if side.base.damage else "")
        if side.base.used:
            t.append(" (ability used)", style="grey62")
    t.append(f"\nBases: {side.bases_left} left, {other.destroyed} lost · "
             f"destroyed {side.destroyed}/{board.bases_to_win}")
    t.append(f"\nHand {side.hand_size} · deck {side.deck} · discard {len(side.discard)} "
             f"· exile {len(side.exile)}")
    return t


def galaxy_summary(board: Board) -> Text:
    t = Text("Galaxy row", style="bold")
    t.append(f" · deck {board.galaxy_deck} · discard {len(board.galaxy_discard)} "
             f"· pilots {board.pilots}")
    if board.galaxy_top:
        t.append("\nTop of the galaxy deck (you may look): ", style="yellow")
        t.append(", ".join(c.name for c in board.galaxy_top), style="yellow")
    return t


def _num(n: int | None) -> str:
    return "" if n is None else str(n)


class CardList(DataTable[Text | str]):
    """A zone's cards, one row each; highlighting a row shows the card's text."""

    COLUMNS: ClassVar[dict[str, tuple[str, ...]]] = {
        "row": ("Card", "Cost", "Tgt", "Reward", "Atk", "Res", "Frc"),
        "hand": ("Card", "Cost", "Atk", "Res", "Frc", "Type"),
        "play": ("In play", "Atk", "HP", "Res", "Note"),
    }

    def __init__(self, kind: str, *, id: str | None = None) -> None:
        super().__init__(id=id, cursor_type="row", zebra_stripes=True, show_cursor=True)
        self.kind = kind
        self.cards: list[Card] = []
        self._drawn: list[tuple[Card, bool]] | None = None

    def on_mount(self) -> None:
        self.add_columns(*self.COLUMNS[self.kind])

    def show(self, cards: Sequence[Card], committed: Sequence[Card] = ()) -> None:
        marks = {c.ref for c in committed}
        drawn = [(c, c.ref in marks) for c in cards]
        if drawn == self._drawn:
            return  # redrawing costs a layout pass; most moves change one zone or two
        self._drawn = drawn
        keep = self.cursor_row
        self.clear()
        self.cards = list(cards)
        for i, c in enumerate(self.cards):
            self.add_row(*self._cells(c, c.ref in marks), key=f"{i}:{c.ref}")
        if self.cards:
            self.move_cursor(row=min(keep, len(self.cards) - 1))

    def _cells(self, c: Card, committed: bool) -> tuple[Text | str, ...]:
        k = c.card
        if self.kind == "row":
            return (card_name(c), str(k.cost), _num(k.target), c.reward, str(k.attack),
                    str(k.resources), str(k.force))
        if self.kind == "hand":
            return (card_name(c), str(k.cost), str(k.attack), str(k.resources), str(k.force),
                    c.type_word)
        hp = f"{c.damage}/{k.hp}" if c.is_ship else ""
        notes = [w for w, on in (("attacking", committed), ("attacked", c.attacked and not committed),
                                 ("ability used", c.used)) if on]
        return (card_name(c), _num(c.attack), hp, str(k.resources) if c.is_ship else "", ", ".join(notes))

    def highlighted_card(self) -> Card | None:
        if not self.cards or not 0 <= self.cursor_row < len(self.cards):
            return None
        return self.cards[self.cursor_row]


class Panel(Static):
    """A Static that skips redrawing (and the layout pass it costs) when nothing changed."""

    _shown: Text | None = None

    @property
    def text(self) -> str:
        """What it shows, as plain text."""
        return self._shown.plain if self._shown is not None else ""

    def show_text(self, text: Text) -> None:
        if text != self._shown:
            self._shown = text
            self.update(text)


class CardBox(VerticalScroll, can_focus=False):
    """Scrolls the card text; kept out of the Tab order (Tab goes on to the card tables)."""


class CardText(Panel):
    """The text of the card last highlighted (the shared `cards show` rendering)."""

    def show(self, card: Card | None, zone: str = "", also: Card | None = None,
             heading: str = "") -> None:
        t = Text(f"▶ {heading}\n", style="bold cyan") if heading else Text()
        if card is None:
            t.append("Highlight a card (or an action naming one) to read it here.", style="grey62")
            self.show_text(t)
            return
        shown: list[tuple[Card, str]] = [(card, zone)] + ([(also, "")] if also is not None else [])
        for c, where in shown:
            if c is also:
                t.append("\n")
            lines = c.text_lines
            t.append(lines[0] + "\n", style=f"bold {c.colour}")
            t.append("\n".join(line.strip() for line in lines[1:]))
            reward = c.reward
            if reward:
                t.append(f"\nreward: {reward}")
            extra = [x for x in (where, f"damage {c.damage}" if c.damage else "") if x]
            if extra:
                t.append("\n(" + "; ".join(extra) + ")", style="grey62")
        self.show_text(t)


def hotkey(index: int) -> str:
    """The number key that picks action `index` (0-based): 1..9, then 0 for the tenth."""
    return str(index + 1) if index < 9 else "0" if index == 9 else " "


class ActionList(OptionList):
    """The legal actions, numbered: arrow keys and Enter, or the number keys, choose one."""

    _drawn: tuple[tuple[tuple[str, str], ...], bool] | None = None

    def show(self, items: Sequence[tuple[str, str]], describe: bool = True) -> None:
        """`items`: (notation, description) pairs; descriptions are left out when narrow."""
        if (tuple(items), describe) == self._drawn:
            return
        self._drawn = (tuple(items), describe)
        self.clear_options()
        options = []
        for i, (text, about) in enumerate(items):
            t = Text(f"{hotkey(i)} ", style="bold cyan")
            t.append(text, style="bold")
            if about and describe:
                t.append(f"  {about}", style="grey70")
            options.append(Option(t, id=f"a{i}"))
        self.add_options(options)
        if options:
            self.highlighted = 0


class GameLog(RichLog):
    """The game's narrative and every action, coloured by side."""

    def add(self, lines: Sequence[str], seats: Sequence[tuple[str, str]]) -> None:
        """`seats`: (name, colour) for colouring action lines. One write per batch: each
        write costs a redraw."""
        if not lines:
            return
        out = Text()
        for line in lines:
            if out:
                out.append("\n")
            if line.startswith("--"):
                out.append(line, style="bold")
            elif line.startswith("  "):
                out.append(line, style="grey70")
            else:
                style = ""
                for name, colour in seats:
                    if line.startswith(f"{name}:"):
                        style = colour
                out.append(line, style=style)
        self.write(out)
