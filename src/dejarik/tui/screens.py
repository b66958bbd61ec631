"""Screens over the board: help, the public piles, the hot-seat hand-over, game over, quit,
and the caution asked before a move a player may regret."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Markdown, OptionList, Static
from textual.widgets.option_list import Option

from dejarik.core.appboard import Face
from dejarik.tui.widgets import CardText


class HelpScreen(ModalScreen[None]):
    """The rules in brief and the keys (the game's `views.app.help_text`, in Markdown)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,f1", "close", "Close"),
        Binding("pagedown,space", "page(1)", "Page down", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("down,j", "line(1)", show=False), Binding("up,k", "line(-1)", show=False),
        Binding("home", "end(0)", show=False), Binding("end", "end(1)", show=False)]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-body"):
            yield Markdown(self.text)

    @property
    def body(self) -> VerticalScroll:
        return self.query_one("#help-body", VerticalScroll)

    def action_page(self, direction: int) -> None:
        """The keys scroll the help whatever has the focus inside it (a link, say)."""
        body = self.body
        body.scroll_to(y=body.scroll_y + direction * max(1, body.size.height - 1), animate=False)

    def action_line(self, direction: int) -> None:
        self.body.scroll_to(y=self.body.scroll_y + direction, animate=False)

    def action_end(self, bottom: int) -> None:
        body = self.body
        body.scroll_to(y=body.max_scroll_y if bottom else 0, animate=False)

    def action_close(self) -> None:
        self.dismiss()


class PilesScreen(ModalScreen[None]):
    """Every public pile the game lists (discard piles, destroyed bases...), top card first.
    Highlight a card to read it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,p", "close", "Close")]

    def __init__(self, piles: tuple[tuple[str, tuple[Face, ...]], ...]) -> None:
        super().__init__()
        self.piles = piles
        self.faces: dict[str, Face] = {}

    def compose(self) -> ComposeResult:
        options: list[Option] = []
        for title, faces in self.piles:
            options.append(Option(Text(f"{title} ({len(faces)})", style="bold"), disabled=True))
            if not faces:
                options.append(Option(Text("  (empty)", style="grey62"), disabled=True))
            for i, face in enumerate(faces):
                key = f"c{len(self.faces)}"
                self.faces[key] = face
                options.append(Option(Text(f"  {face.title}" + (" (top)" if i == 0 else "")), id=key))
        with Vertical(id="piles-body"):
            yield Static(Text("Public piles, top card first - Escape to close", style="bold"))
            with Horizontal():
                yield OptionList(*options, id="piles-list")
                yield CardText(id="piles-card")

    def on_mount(self) -> None:
        self.query_one(CardText).show(None)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.query_one(CardText).show(self.faces.get(event.option.id or ""))

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

    def __init__(self, saved: Path | None = None) -> None:
        super().__init__()
        self.saved = saved   # the file the game was saved to, with no move since

    def compose(self) -> ComposeResult:
        text = Text("Quit this game?\n\n", style="bold")
        if self.saved is None:
            text.append("Anything not saved (Ctrl+S) is lost.")
        else:
            text.append(f"Nothing is lost: the game is saved in {self.saved}.")
        text.append("\n\ny: quit    n or Escape: keep playing")
        with Vertical(id="dialog"):
            yield Static(text, id="confirm-text")

    def action_answer(self, quit_: bool) -> None:
        self.dismiss(quit_)


class CautionScreen(ModalScreen[bool]):
    """A move the player may regret (ending the turn with cards unplayed): say why, ask."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,enter", "answer(True)", "Go ahead"), Binding("n,escape", "answer(False)", "Go back")]

    def __init__(self, caution: str) -> None:
        super().__init__()
        self.caution = caution

    def compose(self) -> ComposeResult:
        text = Text(f"{self.caution}\n\n", style="bold")
        text.append("y or Enter: go ahead    n or Escape: go back")
        with Vertical(id="dialog"):
            yield Static(text, id="caution-text")

    def action_answer(self, go_on: bool) -> None:
        self.dismiss(go_on)
