"""The terminal app: the board, the action list and command box, card text, the log; AI moves
in a worker thread; hot-seat hand-overs; saving."""

from __future__ import annotations

import time
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import DataTable, Footer, Header, Input, OptionList

from dejarik.agents import Agent
from dejarik.core.appboard import AppBoard, Choice
from dejarik.core.errors import DejarikError
from dejarik.core.protocol import Action, GameState
from dejarik.tui.screens import (
    CautionScreen,
    ConfirmQuitScreen,
    GameOverScreen,
    HandOverScreen,
    HelpScreen,
    PilesScreen,
)
from dejarik.tui.session import Session, agent_title
from dejarik.tui.widgets import (
    ActionList,
    CardBox,
    CardText,
    CommandInput,
    GameLog,
    Panel,
    SheetTable,
    SheetView,
)

CSS = """
#main { height: 1fr; }
#board { width: 3fr; min-width: 40; padding: 0 1; }
#side { width: 2fr; min-width: 34; border-left: vkey $primary-darken-2; }
.sheet { margin-top: 1; }
#status { height: auto; max-height: 6; padding: 0 1; background: $boost; }
#status.error { background: $error 30%; }
#actions { height: 1fr; min-height: 4; border: none; }
#command { height: 1; border: none; padding: 0 1; background: $surface-lighten-1; }
#command:focus { background: $surface-lighten-2; }
#card-box { height: 9; border-top: hkey $primary-darken-2; padding: 0 1; }
#log { height: 1fr; min-height: 3; border-top: hkey $primary-darken-2; padding: 0 1; }
.narrow #board { min-width: 0; }
.narrow #side { width: 32; min-width: 0; }
.short .sheet { margin-top: 0; }
.short #card-box { height: 6; }
.short #log { height: 5; min-height: 0; }
HelpScreen, PilesScreen, GameOverScreen, ConfirmQuitScreen, CautionScreen { align: center middle; }
#help-body { width: 90%; max-width: 100; height: 90%; background: $panel; border: round $primary; }
#piles-body { width: 90%; height: 90%; background: $panel; border: round $primary; padding: 0 1; }
#piles-list { width: 1fr; }
#piles-card { width: 1fr; padding: 0 1; }
#dialog { width: 60; max-width: 100%; height: auto; background: $panel; border: round $primary;
          padding: 1 2; }
HandOverScreen { align: center middle; background: $background; }
#handover-body { width: 64; max-width: 100%; height: auto; border: double $primary; padding: 2 4; }
"""


KEYS = """
## Keys

| key | what it does |
|---|---|
| Up / Down, Enter | choose an action from the list |
| 1 ... 9, 0 | choose action 1 ... 9, 10 |
| `:` or `/` | type an action, a number, `save FILE`, `help`, `piles` or `quit` |
| Tab / Shift+Tab | move between the action list, the command box and the tables \
(highlight a row to read its card here and in the panel on the right) |
| `p` | the public piles (discard piles and the like) |
| Ctrl+S | save the game (resume with `dejarik play {game} --resume FILE`) |
| `?` or F1 | this help (also `?` in the empty command box) |
| Page Up / Page Down, Home / End | scroll this help |
| `q` | quit (asks first while the game is on); Ctrl+Q quits at once |

A move you may regret (ending a turn with cards unplayed) asks first: `y` goes ahead, `n` goes
back. Press Escape to close this help.
"""


class DejarikApp(App[None]):
    """Play one game in the terminal: any game whose views offer the full-screen app. Its
    `views.app.board` gives everything drawn (an `AppBoard`); help and narrative come from
    `views.app` too."""

    CSS = CSS
    TITLE = "Dejarik"
    AUTO_FOCUS = "#actions"
    NARROW = 120   # below this width actions show their words alone, on one line each
    SHORT = 36     # below this height sheets show their brief lines and the log shrinks
    NARROW_SIDE = 33   # the side pane's width when narrow, its border included
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark,f1", "help", "Help"),
        Binding("p", "piles", "Piles"),
        Binding("ctrl+s", "save", "Save"),
        Binding("colon,slash", "command", "Type"),
        Binding("escape", "to_actions", "Actions", show=False),
        Binding("q", "quit_game", "Quit"),
        *(Binding(str((i + 1) % 10), f"choose({i})", show=False) for i in range(10)),
    ]

    def __init__(self, session: Session, save_path: str | Path | None = None,
                 ai_delay: float = 0.25) -> None:
        super().__init__()
        self.session = session
        self.save_path = Path(save_path) if save_path else Path(f"dejarik-{session.seed}.json")
        self.ai_delay = ai_delay
        self.board: AppBoard | None = None
        self.thinking = False
        self.shown_for = -1        # the seat whose view is on screen (hot-seat hand-overs)
        self.logged = 0            # log lines already written to the log widget
        self.over_shown = False
        self.actions: list[str] = []
        self.saved: Path | None = None
        self.saved_at = -1         # the log's length when last saved: quitting then loses nothing
        self.narrow = False        # set from the terminal's size (see on_resize)
        self.short = False
        self.sheet_views: dict[str, SheetView] = {}

    # -- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="main"):
            yield VerticalScroll(id="board")
            with Vertical(id="side"):
                yield Panel(id="status")
                yield ActionList(id="actions")
                yield CommandInput(placeholder="type an action, a number, or: save FILE / help / piles",
                                   id="command")
                with CardBox(id="card-box"):
                    yield CardText(id="card")
                yield GameLog(id="log", wrap=True, markup=False, min_width=10)
        yield Footer()

    def on_resize(self, event: events.Resize) -> None:
        main = self.screen_stack[0]
        narrow, short = event.size.width < self.NARROW, event.size.height < self.SHORT
        changed = (narrow, short) != (self.narrow, self.short)
        self.narrow, self.short = narrow, short
        main.set_class(narrow, "narrow")
        main.set_class(short, "short")
        if changed and self.board is not None:
            self.refresh_board()

    def on_mount(self) -> None:
        s = self.session
        teams = [" & ".join(f"{s.faction(i)} ({s.label(i)})" for i in team) for team in s.state.teams]
        self.sub_title = f"{' v '.join(teams)} · seed {s.seed}"
        # the game screen's widgets, kept: `query_one` would search whatever screen is on top
        self.panels = {"status": self.query_one("#status", Panel)}
        self.board_pane = self.query_one("#board", VerticalScroll)
        self.card_text = self.query_one(CardText)
        self.action_list = self.query_one(ActionList)
        self.command = self.query_one("#command", CommandInput)
        self.game_log = self.query_one(GameLog)
        self.card_text.show(None)
        self.after_move()

    # -- drawing -------------------------------------------------------------------------------
    def refresh_board(self) -> None:
        with self.batch_update():  # one repaint for the whole board
            self._draw_board()

    def board_room(self) -> int:
        """The cells a sheet's table has across: the board pane's width less its padding and
        scroll bar (worked out from the terminal's width, as the pane may not be laid out yet)."""
        width = self.size.width
        side = self.NARROW_SIDE if self.narrow else max(34, (width * 2) // 5 + 1)
        return max(20, width - side - 4)

    def _draw_board(self) -> None:
        s = self.session
        seats = range(s.state.num_players)
        board = s.app.board(s.state, s.observation(), [s.label(i) for i in seats])
        self.board = board
        self.shown_for = board.viewer
        keys = [sh.key for sh in board.sheets]
        if keys != list(self.sheet_views):
            self.board_pane.remove_children()
            self.sheet_views = {k: SheetView(k) for k in keys}
            self.board_pane.mount_all(self.sheet_views.values())
        room = self.board_room()
        for sheet in board.sheets:
            self.sheet_views[sheet.key].show(sheet, room, self.short)
        mine = next((self.sheet_views[sh.key] for sh in board.sheets if sh.mine), None)
        if mine is not None and self.short:
            self.call_after_refresh(self.board_pane.scroll_to_widget, mine, animate=False, top=False)
        self.actions = list(board.legal)
        width = max(8, self.NARROW_SIDE - 4) if self.narrow else 0
        self.action_list.show(board.choices, width)
        self.game_log.add(s.log[self.logged:], [(s.faction(i), board.seat_styles[i]) for i in seats])
        self.logged = len(s.log)
        self.set_status()

    def set_status(self, error: str = "", note: str = "") -> None:
        """The line above the actions: an error, a note, or who decides and what about."""
        s = self.session
        status = self.panels["status"]
        status.set_class(bool(error), "error")
        if error or note:
            status.show_text(Text(error or note, style="bold" if error else "green"))
            return
        if s.state.is_terminal():
            status.show_text(Text(self.result_text() + " (q to quit)", style="bold"))
        elif self.thinking:
            status.show_text(Text(f"{agent_title(s.vs)} is thinking…", style="italic yellow"))
        elif s.human_decides:
            prompt = s.decision_prompt()
            who = "" if not s.hot_seat else f"{s.faction(s.decider)}: "
            status.show_text(Text(prompt or f"{who}your move - choose an action (? for help)"))
        else:
            status.show_text(Text(""))

    def result_text(self) -> str:
        """The game's own result line, and whether you won (each human's seat's return)."""
        s = self.session
        result = s.views.result_line(s.state, s.seed, s.actions_taken())
        if s.hot_seat and not s.app.shared_view:
            return result
        mine = s.state.returns()[s.humans[0]]
        return f"{result} {'You won!' if mine > 0 else 'You lost.' if mine < 0 else ''}".rstrip()

    def show_error(self, message: str, toast: bool = True) -> None:
        self.set_status(message)
        if toast:
            self.notify(message, severity="error", timeout=6)

    # -- the flow of play ----------------------------------------------------------------------
    def after_move(self) -> None:
        """Redraw, then hand the decision to whoever has it: the AI, the other human, or nobody."""
        s = self.session
        before = self.shown_for
        self.refresh_board()
        if s.state.is_terminal():
            if not self.over_shown:
                self.over_shown = True
                self.push_screen(GameOverScreen(self.result_text()), self._exit_if_confirmed)
            return
        if s.ai_decides:
            self.start_ai()
        elif s.hot_seat and not s.app.shared_view and s.decider != before:
            active = self.board.active if self.board is not None else s.decider
            why = "" if s.decider == active else "They must decide something in the other turn."
            self.push_screen(HandOverScreen(s.faction(s.decider), s.label(s.decider), why))

    def _exit_if_confirmed(self, quit_: bool | None) -> None:
        """What the game-over and quit dialogs call when they close."""
        if quit_:
            self.exit()

    def choose(self, text: str, confirmed: bool = False) -> None:
        """Apply a human's action given as notation; errors are shown and change nothing. An
        action with a caution (ending a turn with cards unplayed) is asked about first."""
        if self.thinking or not self.session.human_decides:
            self.show_error("wait: it is not your decision now", toast=False)
            return
        caution = "" if confirmed else self.caution_for(text)
        if caution:
            def answered(go_on: bool | None) -> None:
                if go_on:
                    self.choose(text, confirmed=True)
            self.push_screen(CautionScreen(caution), answered)
            return
        try:
            self.session.play_text(text)
        except DejarikError as err:
            self.show_error(str(err))
            return
        self.after_move()

    def caution_for(self, text: str) -> str:
        """The caution of the legal action `text` stands for ('' for none, or for bad text:
        the error is shown when it is applied)."""
        s = self.session
        try:
            canonical = s.state.action_to_text(s.state.text_to_action(text))
        except DejarikError:
            return ""
        board = self.board
        return next((c.caution for c in board.choices if c.action == canonical), "") if board else ""

    def start_ai(self) -> None:
        agent, copy, stamp = self.session.ai_job()
        self.thinking = True
        self.set_status()
        self.think(agent, copy, stamp)

    @work(thread=True, exclusive=True, group="ai")
    def think(self, agent: Agent, state: GameState, stamp: int) -> None:
        """Runs off the UI thread, on a private copy of the state."""
        started = time.monotonic()
        try:
            action = agent.act(state)
        except Exception as err:  # an agent bug must not take the app down
            self.call_from_thread(self.ai_failed, f"{agent_title(self.session.vs)} failed: {err!r}")
            return
        rest = self.ai_delay - (time.monotonic() - started)
        if rest > 0:
            time.sleep(rest)  # let a human follow the AI's moves
        self.call_from_thread(self.ai_answered, stamp, action)

    def ai_answered(self, stamp: int, action: Action) -> None:
        self.thinking = False
        if stamp != self.session.stamp() or not self.session.ai_decides:
            if self.session.ai_decides:
                self.start_ai()  # a stale answer (the game moved on meanwhile): ask again
            return
        try:
            self.session.apply(action)
        except DejarikError as err:
            self.ai_failed(f"{agent_title(self.session.vs)} chose an illegal action: {err}")
            return
        self.after_move()

    def ai_failed(self, message: str) -> None:
        self.thinking = False
        self.show_error(message + " - save the game (Ctrl+S) and report it")

    # -- input -----------------------------------------------------------------------------------
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if isinstance(event.option_list, ActionList):
            event.stop()
            self.action_choose(event.option_index)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if isinstance(event.option_list, ActionList) and self.board is not None:
            choices = self.board.choices
            if 0 <= event.option_index < len(choices):
                self.show_choice(choices[event.option_index])

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.has_focus:
            self._show_highlighted(event.data_table)

    def on_descendant_focus(self) -> None:
        self._show_highlighted(self.focused)

    def _show_highlighted(self, widget: object) -> None:
        """The face of the row highlighted in a focused sheet table."""
        if isinstance(widget, SheetTable):
            face = widget.highlighted_face()
            if face is not None:
                self.card_text.show(face)

    def show_choice(self, choice: Choice) -> None:
        """What an action names; headed by its notation when the list shows only its words."""
        heading = choice.action if self.narrow and choice.words else ""
        if choice.face is not None or heading:
            self.card_text.show(choice.face, heading)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text:
            return
        word, _, rest = text.partition(" ")
        if word == "save":
            if self.save(rest.strip() or None):
                event.input.value = ""
            return
        command = {"help": self.action_help, "?": self.action_help, "piles": self.action_piles,
                   "quit": self.action_quit_game}.get(word)
        if command is not None:
            event.input.value = ""
            command()
            return
        if text.isdigit():
            index = int(text) - 1
            if not 0 <= index < len(self.actions):
                self.show_error(f"there is no action {text} (the list has {len(self.actions)})")
                return
            text = self.actions[index]
        before = self.session.stamp()
        self.choose(text)
        if self.session.stamp() != before:
            event.input.value = ""

    # -- key actions -----------------------------------------------------------------------------
    def action_choose(self, index: int) -> None:
        if self.screen is not self.screen_stack[0]:
            return
        if not self.actions:
            if self.session.state.is_terminal():
                self.set_status()  # the result, and how to quit
            else:
                self.show_error("wait: it is not your decision now", toast=False)
            return
        if not 0 <= index < len(self.actions):
            self.show_error(f"there is no action {index + 1} (the list has {len(self.actions)})")
            return
        self.choose(self.actions[index])

    def action_help(self) -> None:
        s = self.session
        self.push_screen(HelpScreen(s.app.help_text(s.state) + KEYS.format(game=s.game.name)))

    def action_piles(self) -> None:
        if self.board is not None:
            self.push_screen(PilesScreen(self.board.piles))

    def action_command(self) -> None:
        self.command.focus()

    def action_to_actions(self) -> None:
        self.action_list.focus()

    def action_save(self) -> None:
        self.save(None)

    def save(self, path: str | None) -> bool:
        target = Path(path) if path else self.save_path
        try:
            written = self.session.save(target)
        except DejarikError as err:
            self.show_error(str(err))
            return False
        self.save_path = written
        self.saved = written
        self.saved_at = self.session.stamp()
        self.notify(f"saved to {written}")
        self.set_status(note=f"Saved to {written}; resume with: dejarik play {self.session.game.name} "
                             f"--resume {written}")
        return True

    def action_quit_game(self) -> None:
        if self.session.state.is_terminal():
            self.exit()
            return
        saved = self.saved if self.saved_at == self.session.stamp() else None
        self.push_screen(ConfirmQuitScreen(saved), self._exit_if_confirmed)


def run_app(session: Session, save_path: str | None = None) -> str:
    """Run the app until the player quits; returns a line to print afterwards (the result, or
    how to deal the same game again)."""
    app = DejarikApp(session, save_path)
    app.run()
    s = session
    if s.state.is_terminal():
        return app.result_text()
    saved = f"; last saved to {app.saved}" if app.saved else ""
    return f"game left unfinished on turn {s.app.turn(s.state)} (seed {s.seed}{saved})"
