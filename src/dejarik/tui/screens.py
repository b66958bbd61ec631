"""Screens over the board: help, the public piles, the hot-seat hand-over, game over, quit."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Markdown, OptionList, Static
from textual.widgets.option_list import Option

from dejarik.tui.widgets import Board, Card, CardText


class HelpScreen(ModalScreen[None]):
    """The rules in brief and the keys (the game's `views.app.help_text`, in Markdown)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,question_mark,f1", "close", "Close")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-body"):
            yield Markdown(self.text)

    def action_close(self) -> None:
        self.dismiss()


class PilesScreen(ModalScreen[None]):
    """Every public pile: discard and exile piles of both sides, the galaxy discard pile and
    the bases each side has destroyed. Highlight a card to read it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,p", "close", "Close")]

    def __init__(self, board: Board) -> None:
        super().__init__()
        self.board = board
        self.cards: dict[str, Card] = {}

    def _piles(self) -> list[tuple[str, tuple[Card, ...]]]:
        b = self.board
        out = []
        for side in (b.me, b.opponent):
            out += [(f"{side.faction} discard pile", side.discard),
                    (f"{side.faction} exile pile", side.exile),
                    (f"Bases {side.faction} destroyed", side.victory)]
        out.append(("Galaxy discard pile", b.galaxy_discard))
        return out

    def compose(self) -> ComposeResult:
        options: list[Option] = []
        for title, cards in self._piles():
            options.append(Option(Text(f"{title} ({len(cards)})", style="bold"), disabled=True))
            if not cards:
                options.append(Option(Text("  (empty)", style="grey62"), disabled=True))
            for i, c in enumerate(reversed(cards)):
                key = f"c{len(self.cards)}"
                self.cards[key] = c
                options.append(Option(Text(f"  {c.name}" + (" (top)" if i == 0 else "")), id=key))
        with Vertical(id="piles-body"):
            yield Static(Text("Public piles, top card first - Escape to close", style="bold"))
            with Horizontal():
                yield OptionList(*options, id="piles-list")
                yield CardText(id="piles-card")

    def on_mount(self) -> None:
        self.query_one(CardText).show(None)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        card = self.cards.get(event.option.id or "")
        self.query_one(CardText).show(card)

    def action_close(self) -> None:
        self.dismiss()


class HandOverScreen(Screen[None]):
    """Hot-seat: a blank screen between the two players' views, so neither sees the other's hand."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "ready", "I am ready")]

    def __init__(self, faction: str, label: str, why: str = "") -> None:
        super().__init__()
        self.faction = faction
        self.label = label
        self.why = why

    def compose(self) -> ComposeResult:
        text = Text(f"Pass the terminal to {self.faction} ({self.label})\n\n", style="bold")
        if self.why:
            text.append(f"{self.why}\n\n", style="italic")
        text.append("Press Enter when only they can see the screen.")
        with Vertical(id="handover-body"):
            yield Static(text, id="handover-text")

    def action_ready(self) -> None:
        self.dismiss()


class GameOverScreen(ModalScreen[bool]):
    """The result; q quits, Escape goes back to look at the final board."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,enter", "quit", "Quit"), Binding("escape", "back", "Look at the board")]

    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message

    def compose(self) -> ComposeResult:
        text = Text(f"{self.message}\n\n", style="bold")
        text.append("Enter or q: quit    Escape: look at the final board")
        with Vertical(id="dialog"):
            yield Static(text, id="gameover-text")

    def action_quit(self) -> None:
        self.dismiss(True)

    def action_back(self) -> None:
        self.dismiss(False)


class ConfirmQuitScreen(ModalScreen[bool]):
    """Quitting mid-game loses what is not saved: ask first."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,q", "answer(True)", "Quit"), Binding("n,escape", "answer(False)", "Stay")]

    def compose(self) -> ComposeResult:
        text = Text("Quit this game?\n\n", style="bold")
        text.append("Anything not saved (Ctrl+S) is lost.\n\ny: quit    n or Escape: keep playing")
        with Vertical(id="dialog"):
            yield Static(text, id="confirm-text")

    def action_answer(self, quit_: bool) -> None:
        self.dismiss(quit_)
