"""The board's widgets. Each draws part of the game's `AppBoard` (core/appboard.py) and nothing
else: sheets of styled lines and tables, the action list, the card panel and the log."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import DataTable, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from dejarik.core.appboard import Choice, Face, Line, Row, Sheet

PADDING = 2        # a table cell's padding, both sides together
SHORTEST_NAME = 12  # the first column is not cut below this


def styled(ln: Line) -> Text:
    """A core Line as Rich Text (Text, so names with brackets stay literal)."""
    t = Text()
    for text, style in ln:
        t.append(text, style=style or None)
    return t


def styled_lines(lines: Sequence[Line]) -> Text:
    return Text("\n").join(styled(ln) for ln in lines)


def fit_columns(widths: Sequence[int], room: int) -> list[int]:
    """The widths of the columns that fit in `room` cells: the last columns go first, then
    the first is shortened down to SHORTEST_NAME; a column left out partly fits when at
    least SHORTEST_NAME cells of it would show (it is cut)."""
    n = len(widths)
    if not n:
        return []
    while n > 1 and min(widths[0], SHORTEST_NAME) + sum(widths[1:n]) + PADDING * n > room:
        n -= 1
    first = max(min(widths[0], room - sum(widths[1:n]) - PADDING * n), min(widths[0], SHORTEST_NAME))
    out = [first, *widths[1:n]]
    rest = room - sum(out) - PADDING * (n + 1)
    if n < len(widths) and rest >= SHORTEST_NAME:
        out.append(min(widths[n], rest))
    return out


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


class SheetTable(DataTable[Text]):
    """A sheet's table, one row each; highlighting a row shows its face in the card panel."""

    def __init__(self) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, show_cursor=True)
        self.rows_shown: tuple[Row, ...] = ()
        self._drawn: tuple[tuple[str, ...], tuple[Row, ...], int] | None = None

    def show(self, columns: tuple[str, ...], rows: tuple[Row, ...], room: int) -> None:
        if (columns, rows, room) == self._drawn:
            return  # redrawing costs a layout pass; most moves change a sheet or two
        self._drawn = (columns, rows, room)
        keep = self.cursor_row
        self.clear(columns=True)
        self.rows_shown = rows
        cells = [[styled(c) for c in r.cells] for r in rows]
        widths = [max([cell_len(title)] + [t.cell_len for r in cells for t in r[i:i + 1]])
                  for i, title in enumerate(columns)]
        fitted = fit_columns(widths, room)
        for title, width in zip(columns, fitted, strict=False):
            self.add_column(title, width=width)
        for i, r in enumerate(cells):
            for cell, width in zip(r, fitted, strict=False):
                cell.truncate(width, overflow="ellipsis")
            self.add_row(*r[:len(fitted)], key=str(i))
        if rows:
            self.move_cursor(row=min(keep, len(rows) - 1))

    def highlighted_face(self) -> Face | None:
        if not 0 <= self.cursor_row < len(self.rows_shown):
            return None
        return self.rows_shown[self.cursor_row].face


class SheetView(Vertical):
    """One sheet: its lines, then its table (hidden when it has no rows)."""

    DEFAULT_CSS = "SheetView { height: auto; } SheetView SheetTable { height: auto; max-height: 24; }"

    def __init__(self, key: str) -> None:
        super().__init__(classes="sheet")
        self.key = key
        self.head = Panel()
        self.table = SheetTable()

    def compose(self) -> ComposeResult:
        yield self.head
        yield self.table

    def show(self, sheet: Sheet, room: int, short: bool) -> None:
        head = sheet.brief if short and sheet.brief is not None else sheet.head
        self.head.display = bool(head)
        self.head.show_text(styled_lines(head))
        shown = (bool(sheet.rows) or sheet.table_always) and not (short and sheet.wide_table)
        if self.table.display != shown:
            self.table.display = shown
        self.table.show(sheet.columns, sheet.rows, room)


class CardBox(VerticalScroll, can_focus=False):
    """Scrolls the card text; kept out of the Tab order (Tab goes on to the card tables)."""


class CardText(Panel):
    """The face of the card (or thing) last highlighted."""

    def show(self, face: Face | None, heading: str = "") -> None:
        t = Text(f"▶ {heading}\n", style="bold cyan") if heading else Text()
        if face is None:
            if not heading:
                t.append("Highlight a card (or an action naming one) to read it here.", style="grey62")
            self.show_text(t)
            return
        t.append(face.title + "\n", style=face.style)
        t.append("\n".join(line.strip() for line in face.lines))
        if face.where:
            t.append(f"\n({face.where})", style="grey62")
        self.show_text(t)


def hotkey(index: int) -> str:
    """The number key that picks action `index` (0-based): 1..9, then 0 for the tenth."""
    return str(index + 1) if index < 9 else "0" if index == 9 else " "


class ActionList(OptionList):
    """The legal actions, numbered: arrow keys and Enter, or the number keys, choose one.

    Wide, an action shows its notation and its words; narrow, its words alone on one line
    (the card panel then heads with the notation), so nothing wraps into raw notation."""

    _drawn: tuple[tuple[Choice, ...], int] | None = None

    def show(self, choices: Sequence[Choice], narrow_width: int = 0) -> None:
        """`narrow_width`: the list's width when narrow (0: wide)."""
        if (tuple(choices), narrow_width) == self._drawn:
            return
        self._drawn = (tuple(choices), narrow_width)
        self.clear_options()
        options = []
        for i, c in enumerate(choices):
            t = Text(f"{hotkey(i)} ", style="bold cyan")
            if narrow_width:
                t.append(c.words or c.action, style="bold" if not c.words else "")
                t.truncate(max(narrow_width, 8), overflow="ellipsis")
            else:
                t.append(c.action, style="bold")
                if c.words:
                    t.append(f"  {c.words}", style="grey70")
            options.append(Option(t, id=f"a{i}"))
        self.add_options(options)
        if options:
            self.highlighted = 0


class CommandInput(Input):
    """The command box. `?` typed into an empty box opens the help, as it does elsewhere
    (no action or command starts with it)."""

    async def _on_key(self, event: events.Key) -> None:
        if event.character == "?" and not self.value:
            event.stop()
            event.prevent_default()
            await self.app.run_action("help")
            return
        await super()._on_key(event)


class GameLog(RichLog):
    """The game's narrative and every action, coloured by seat."""

    def add(self, lines: Sequence[str], seats: Sequence[tuple[str, str]]) -> None:
        """`seats`: (name, colour) for colouring action lines. One write per batch: each
        write costs a redraw."""
        if not lines:
            return
        out = Text()
        for ln in lines:
            if out:
                out.append("\n")
            if ln.startswith("--"):
                out.append(ln, style="bold")
            elif ln.startswith("  "):
                out.append(ln, style="grey70")
            else:
                style = ""
                for name, colour in seats:
                    if ln.startswith(f"{name}:"):
                        style = colour
                out.append(ln, style=style)
        self.write(out)
