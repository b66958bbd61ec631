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

from dejarik.tui.board import BoardView, CardView
from dejarik.tui.widgets import CardText

HELP = """\
# How to play

**Star Wars: The Deckbuilding Game**, for two. Each side starts with a deck of 10 weak
cards, a base, and a reserve of bases. Destroy **{bases}** enemy bases to win.

## Your turn

1. **Play cards** from your hand, in any order. A card adds its **resources** to your pool,
   its **attack** is ready to use, and its **Force** icons push the Force marker your way.
2. **Use abilities** of your cards in play and of your base, each once a turn.
3. **Buy** cards from the galaxy row with your resources: cards of your own faction or
   neutral ones. The Outer Rim pilot is always on offer. A bought card goes to your discard
   pile; the row is refilled at once from the galaxy deck.
4. **Attack** by committing units and capital ships (`commit CARD base` or `commit CARD
   ROWCARD`), then `resolve`:
   - **the enemy base**: enemy capital ships must be destroyed first (you split the damage
     among them); what is left hits the base. A destroyed base goes to your victory pile.
   - **an enemy card in the galaxy row** (bounty hunting or sabotage, units only): if your
     attack reaches its **target** value, it goes to the galaxy discard pile and you may
     take its **reward**. Neutral row cards can be hunted only where a card says so.
   Each card attacks at most once a turn.
5. **End** the turn: units in play and your hand are discarded, capital ships stay, unspent
   resources are lost, and you draw 5. An empty deck is refilled by shuffling your discard.

## The Force

A track of 7 spaces between the two sides. The Force is **with you** while the marker is on
one of the 3 spaces at your end; many cards get stronger then. With the marker on your very
last space you get 1 resource as your turn starts.

## Turn start

Your capital ships give their resources; if your base was destroyed, you choose a new one
from your reserve. Sometimes your opponent must decide during your turn (a card makes them
discard, say): the app then asks them.

## Keys

| key | what it does |
|---|---|
| Up / Down, Enter | choose an action from the list |
| 1 ... 9, 0 | choose action 1 ... 9, 10 |
| `:` or `/` | type an action (`play x-wing`, `buy 37`, `commit 12 base`, `end`), a number, \
`save FILE`, `help`, `piles` or `quit` |
| Tab / Shift+Tab | move between the action list, the command box and the card tables \
(highlight a card to read it) |
| `p` | look at the discard and exile piles, the galaxy discard pile and destroyed bases |
| Ctrl+S | save the game (resume with `dejarik play deckbuilding --resume FILE`) |
| `?` or F1 | this help |
| `q` | quit (asks first while the game is on); Ctrl+Q quits at once |

Columns: **Cost**, **Atk** attack, **Res** resources, **Frc** Force, **HP** damage taken /
hit points, **Tgt** the attack needed to defeat a row card, **Reward** what that earns.
Notation is explained in `docs/notation.md`.

Press Escape to close this help.
"""


class HelpScreen(ModalScreen[None]):
    """The rules in brief and the keys."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,question_mark,f1", "close", "Close")]

    def __init__(self, bases_to_win: int) -> None:
        super().__init__()
        self.bases_to_win = bases_to_win

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-body"):
            yield Markdown(HELP.format(bases=self.bases_to_win))

    def action_close(self) -> None:
        self.dismiss()


class PilesScreen(ModalScreen[None]):
    """Every public pile: discard and exile piles of both sides, the galaxy discard pile and
    the bases each side has destroyed. Highlight a card to read it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,p", "close", "Close")]

    def __init__(self, board: BoardView) -> None:
        super().__init__()
        self.board = board
        self.cards: dict[str, CardView] = {}

    def _piles(self) -> list[tuple[str, tuple[CardView, ...]]]:
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
