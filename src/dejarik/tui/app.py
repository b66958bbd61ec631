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
from dejarik.core.errors import DejarikError
from dejarik.core.protocol import Action, GameState
from dejarik.tui.screens import ConfirmQuitScreen, GameOverScreen, HandOverScreen, HelpScreen, PilesScreen
from dejarik.tui.session import Session, agent_title
from dejarik.tui.widgets import (
    ActionList,
    Board,
    CardBox,
    CardList,
    CardText,
    GameLog,
    Panel,
    force_track,
    galaxy_summary,
    side_summary,
    turn_line,
)

CSS = """
#main { height: 1fr; }
#board { width: 3fr; min-width: 40; padding: 0 1; }
#side { width: 2fr; min-width: 34; border-left: vkey $primary-darken-2; }
.summary { margin-top: 1; }
CardList { height: auto; max-height: 12; margin-bottom: 0; }
#status { height: auto; max-height: 4; padding: 0 1; background: $boost; }
#status.error { background: $error 30%; }
#actions { height: 1fr; min-height: 4; border: none; }
#command { height: 1; border: none; padding: 0 1; background: $surface-lighten-1; }
#command:focus { background: $surface-lighten-2; }
#card-box { height: 9; border-top: hkey $primary-darken-2; padding: 0 1; }
#log { height: 1fr; min-height: 3; border-top: hkey $primary-darken-2; padding: 0 1; }
.narrow #board { width: 1fr; min-width: 0; }
.narrow #side { width: 32; min-width: 0; }
.short .summary { margin-top: 0; }
.short #card-box { height: 6; }
.short #log { height: 5; min-height: 0; }
HelpScreen, PilesScreen, GameOverScreen, ConfirmQuitScreen { align: center middle; }
#help-body { width: 90%; max-width: 100; height: 90%; background: $panel; border: round $primary; }
#piles-body { width: 90%; height: 90%; background: $panel; border: round $primary; padding: 0 1; }
#piles-list { width: 1fr; }
#piles-card { width: 1fr; padding: 0 1; }
#dialog { width: 60; max-width: 100%; height: auto; background: $panel; border: round $primary;
          padding: 1 2; }
HandOverScreen { align: center middle; background: $background; }
#handover-body { width: 64; max-width: 100%; height: auto; border: double $primary; padding: 2 4; }
"""


class DejarikApp(App[None]):
    """Play one game in the terminal: a game whose views offer the full-screen app (the board
    model, action words, help and narrative come from `views.app`)."""

    CSS = CSS
    TITLE = "Dejarik"
    AUTO_FOCUS = "#actions"
    NARROW = 120   # below this width the action list drops descriptions (the card panel shows them)
    SHORT = 36     # below this height the card panel and the log shrink
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
        self.board: Board | None = None
        self.thinking = False
        self.shown_for = -1        # the seat whose view is on screen (hot-seat hand-overs)
        self.logged = 0            # log lines already written to the log widget
        self.over_shown = False
        self.actions: list[str] = []
        self.saved: Path | None = None
        self.narrow = False        # set from the terminal's width (see on_resize)

    # -- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="main"):
            with VerticalScroll(id="board"):
                yield Panel(id="turn")
                yield Panel(id="force")
                yield Panel(id="opp", classes="summary")
                yield CardList("play", id="opp-play")
                yield Panel(id="far", classes="summary")        # team game: the other enemy
                yield CardList("play", id="far-play")
                yield Panel(id="galaxy", classes="summary")
                yield CardList("row", id="row")
                yield Panel(id="me", classes="summary")
                yield Panel(id="hand-title")
                yield CardList("hand", id="hand")
                yield CardList("play", id="my-play")
                yield Panel(id="mate", classes="summary")       # team game: the teammate
                yield CardList("hand", id="mate-hand")
                yield CardList("play", id="mate-play")
            with Vertical(id="side"):
                yield Panel(id="status")
                yield ActionList(id="actions")
                yield Input(placeholder="type an action, a number, or: save FILE / help / piles",
                            id="command")
                with CardBox(id="card-box"):
                    yield CardText(id="card")
                yield GameLog(id="log", wrap=True, markup=False)
        yield Footer()

    def on_resize(self, event: events.Resize) -> None:
        main = self.screen_stack[0]
        changed = self.narrow != (event.size.width < self.NARROW)
        self.narrow = event.size.width < self.NARROW
        main.set_class(self.narrow, "narrow")
        main.set_class(event.size.height < self.SHORT, "short")
        if changed and self.board is not None:
            self.refresh_board()

    def on_mount(self) -> None:
        s = self.session
        seats = range(s.state.num_players)
        names = [f"{s.faction(i)} ({s.label(i)})" for i in seats]
        self.sub_title = f"{' & '.join(names[0::2])} v {' & '.join(names[1::2])} · seed {s.seed}"
        # the game screen's widgets, kept: `query_one` would search whatever screen is on top
        self.panels = {p.id or "": p for p in self.query(Panel) if not isinstance(p, CardText)}
        self.tables = {t.id or "": t for t in self.query(CardList)}
        self.card_text = self.query_one(CardText)
        self.action_list = self.query_one(ActionList)
        self.command = self.query_one("#command", Input)
        self.game_log = self.query_one(GameLog)
        self.card_text.show(None)
        self.after_move()

    # -- drawing -------------------------------------------------------------------------------
    def refresh_board(self) -> None:
        with self.batch_update():  # one repaint for the whole board
            self._draw_board()

    def _draw_board(self) -> None:
        s = self.session
        seats = range(s.state.num_players)
        board = s.app.board(s.state, s.observation(), [s.label(i) for i in seats])
        self.board = board
        self.shown_for = board.viewer
        self.panels["turn"].show_text(turn_line(board))
        self.panels["force"].show_text(force_track(board))
        self.panels["opp"].show_text(side_summary(board, board.opponent))
        self.tables["opp-play"].show(board.opponent.play, board.committed)
        self.panels["galaxy"].show_text(galaxy_summary(board))
        self.tables["row"].show(board.row + board.galaxy_top)
        self.panels["me"].show_text(side_summary(board, board.me))
        self.tables["my-play"].show(board.me.play, board.committed)
        hand = board.me.hand
        self.panels["hand-title"].show_text(Text(f"Your hand ({board.me.hand_size})", style="bold"))
        self.tables["hand"].show(() if isinstance(hand, int) else hand)
        self._draw_team(board)
        for table in self.tables.values():
            shown = bool(table.cards) or table.id in ("row", "hand")
            if table.display != shown:
                table.display = shown
        self.actions = list(board.legal)
        self.action_list.show(
            [(a, s.app.describe_action(s.state, board, a)) for a in self.actions], not self.narrow)
        self.game_log.add(s.log[self.logged:], [(s.faction(i), board.sides[i].colour) for i in seats])
        self.logged = len(s.log)
        self.set_status()

    def _draw_team(self, board: Board) -> None:
        """Team game: the other enemy (its ships are in reach) and the teammate, whose hand
        the team shares (seed 002); hidden in a 2-player game."""
        mate, far = board.teammate, board.far_enemy
        for pid in ("far", "mate"):
            self.panels[pid].display = mate is not None
        if mate is None or far is None:
            for tid in ("far-play", "mate-hand", "mate-play"):
                self.tables[tid].show(())
            return
        self.panels["far"].show_text(side_summary(board, far))
        self.tables["far-play"].show(tuple(c for c in far.play if c.is_ship), board.committed)
        self.panels["mate"].show_text(side_summary(board, mate))
        self.tables["mate-hand"].show(() if isinstance(mate.hand, int) else mate.hand)
        self.tables["mate-play"].show(mate.play, board.committed)

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
        s = self.session
        w = s.state.winner()
        if w is None:
            return "Game over: no winner."
        win = f"Game over: {s.faction(w)} win"
        if s.hot_seat:
            return f"{win} ({s.label(w)})."
        return f"{win}. {'You won!' if w in s.humans else s.label(w) + ' won.'}"

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
        elif s.hot_seat and s.decider != before:
            active = self.board.active if self.board is not None else s.decider
            why = "" if s.decider == active else "They must decide something in the other turn."
            self.push_screen(HandOverScreen(s.faction(s.decider), s.label(s.decider), why))

    def _exit_if_confirmed(self, quit_: bool | None) -> None:
        """What the game-over and quit dialogs call when they close."""
        if quit_:
            self.exit()

    def choose(self, text: str) -> None:
        """Apply a human's action given as notation; errors are shown and change nothing."""
        if self.thinking or not self.session.human_decides:
            self.show_error("wait: it is not your decision now", toast=False)
            return
        try:
            self.session.play_text(text)
        except DejarikError as err:
            self.show_error(str(err))
            return
        self.after_move()

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
        if isinstance(event.option_list, ActionList) and 0 <= event.option_index < len(self.actions):
            self.show_card_of(self.actions[event.option_index])

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.has_focus:
            self._show_highlighted(event.data_table)

    def on_descendant_focus(self) -> None:
        self._show_highlighted(self.focused)

    def _show_highlighted(self, widget: object) -> None:
        """The text of the card highlighted in a focused card table."""
        if not isinstance(widget, CardList) or self.board is None:
            return
        card = widget.highlighted_card()
        if card is not None:
            found = self.board.find(card.ref)
            self.card_text.show(card, found[1] if found else "")

    def show_card_of(self, action: str) -> None:
        """The card an action names (and its target), headed by the action's description when
        the list is too narrow to show it."""
        board = self.board
        if board is None:
            return
        s = self.session
        refs = s.views.action_cards(action)
        heading = s.app.describe_action(s.state, board, action) if self.narrow else ""
        if not refs:
            if heading:
                self.card_text.show(None, heading=heading)
            return
        card, zone = board.lookup(refs[0])
        also = board.lookup(refs[1])[0] if len(refs) > 1 else None
        self.card_text.show(card, zone, also, heading)

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
        self.push_screen(HelpScreen(self.session.app.help_text(self.session.state)))

    def action_piles(self) -> None:
        if self.board is not None:
            self.push_screen(PilesScreen(self.board))

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
        self.notify(f"saved to {written}")
        self.set_status(note=f"Saved to {written}; resume with: dejarik play {self.session.game.name} "
                             f"--resume {written}")
        return True

    def action_quit_game(self) -> None:
        if self.session.state.is_terminal():
            self.exit()
            return
        self.push_screen(ConfirmQuitScreen(), self._exit_if_confirmed)


def run_app(session: Session, save_path: str | None = None) -> str:
    """Run the app until the player quits; returns a line to print afterwards (the result, or
    how to deal the same game again)."""
    app = DejarikApp(session, save_path)
    app.run()
    s = session
    if s.state.is_terminal():
        return f"{app.result_text()} (seed {s.seed})"
    saved = f"; last saved to {app.saved}" if app.saved else ""
    return f"game left unfinished on turn {s.app.turn(s.state)} (seed {s.seed}{saved})"
