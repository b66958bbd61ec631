"""The view model capability: what a game shows people, for every surface that draws it.

Three surfaces draw a game: the plain line terminal (tui/lines.py) and printed games
(cli/show.py), the full-screen terminal app (tui/app.py) and the browser (server/). Each asks the
game's `views` for everything game-specific, so none of them names a game. What a view shows
is built from `state.observation(player)` plus static card data; where a method takes the state
itself, it reads only what every seat may know (names, turn headers, the ability being resolved)
or static data (card definitions, the config), and says so.

`ViewModel` is what every game with views offers (the line terminal and printed games need no
more). The full-screen app and the browser need more, so those parts are separate small
protocols reachable from it: `views.app` and `views.browser`, None where a game has none (the
surface then says so, or falls back to the line terminal).

States are typed `Any` here: each game's views take its own state class, and surfaces hold it
as a `GameState`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, NamedTuple, Protocol

from dejarik.core.appboard import AppBoard


class Level(NamedTuple):
    """One AI strength a surface offers, with what it measured on the game's ladder
    (`dejarik ladder`, rated against greedy at 0): people choose by strength and patience."""

    id: str
    title: str                        # 'Hard: one move of lookahead'
    spec: str                         # the agent spec that plays it
    rating: tuple[float, float, float]    # Elo on the ladder, with its 95% interval (low, high)
    seconds_per_move: float           # thinking time per move on the machine that ran the ladder

    def measured(self) -> str:
        """The figures in words: 'rating +141 (+116 to +166), 655 µs a move'."""
        elo, low, high = self.rating
        if low == high == elo:
            strength = f"rating {elo:.0f} (the ladder's anchor)"
        else:
            strength = f"rating {elo:+.0f} ({low:+.0f} to {high:+.0f})"
        secs = self.seconds_per_move
        pace = (f"{secs * 1e6:.0f} µs" if secs < 1e-3 else f"{secs * 1e3:.0f} ms" if secs < 1
                else f"{secs:.1f} s")
        return f"{strength}, {pace} a move"

    def choice(self) -> dict[str, Any]:
        """The level as the new-game form offers it."""
        elo, low, high = self.rating
        return {"id": self.id, "title": f"{self.title} · {self.measured()}", "spec": self.spec,
                "rating": elo, "rating_low": low, "rating_high": high,
                "seconds_per_move": self.seconds_per_move}


class AppViews(Protocol):
    """What the full-screen terminal app draws that only the game knows."""

    def board(self, state: Any, obs: Mapping[str, Any], labels: list[str]) -> AppBoard:
        """Everything the app shows of one observation (widgets draw this and nothing else):
        sheets of the board, the legal actions in words, the public piles. `labels` names the
        seats ('You', 'Heuristic'). The state is read for static data only (the card table,
        the config)."""
        ...

    @property
    def shared_view(self) -> bool:
        """Whether every seat sees the same board (all of it public): people sharing a
        terminal then need no blank screen between their turns."""
        ...

    def told(self, state: Any, action: Any, text: str, reader: int) -> str:
        """How an action just applied (`text`: its notation, taken before) reads to `reader`
        (-1: to every seat); a card the reader may not know is not named."""
        ...

    def help_text(self, state: Any) -> str:
        """The help screen (Markdown): the rules in brief and the keys, for this config."""
        ...

    def opening_log(self, state: Any) -> list[str]:
        """The app's log lines when play starts (or resumes without a log) at this position."""
        ...

    def take_log(self, state: Any, reader: int) -> list[str]:
        """The narrative written since last asked, as `reader` may read it (-1: lines every
        seat may read, for a shared hot-seat screen)."""
        ...

    def turn(self, state: Any) -> int:
        """The turn number, for the line printed when a game is left unfinished."""
        ...


class BrowserViews(Protocol):
    """What the browser's server reads beside the observation: the new-game form, card
    definitions and words for the legal actions. All static card data or public."""

    @property
    def levels(self) -> tuple[Level, ...]:
        """The AI strengths offered, weakest first, each stronger than the one before it on
        the game's ladder (intervals apart)."""
        ...

    def new_game_options(self) -> dict[str, Any]:
        """The new-game form's choices (the content, each saying whether it can be dealt; the
        modes; the AI levels; ...), as the HTTP API returns them."""
        ...

    def form_config(self, form: Mapping[str, Any]) -> dict[str, Any]:
        """A game config (not yet normalised) from the new-game form's fields."""
        ...

    def config_summary(self, config: Mapping[str, Any]) -> dict[str, Any]:
        """The parts of a normalised config a game's summary shows."""
        ...

    def card_catalog(self, state: Any) -> dict[str, dict[str, Any]]:
        """Every card the game can show, by the slug its observations name it by (static)."""
        ...

    def legal_with_labels(self, state: Any, obs: Mapping[str, Any],
                          labels: list[str]) -> list[dict[str, str]]:
        """The legal actions in `obs` (the decider's), each {'action', 'label'}."""
        ...

    def secret_notes(self, state: Any) -> Mapping[int, tuple[Collection[int], str]]:
        """Log lines (by index in the state's log) that only some seats may read in full:
        (those seats, the line as they read it); the others read the log's own line."""
        ...


class ViewModel(Protocol):
    """What a game shows people: seat names, the log, the board as lines, the result, and the
    words for a pending decision. `app` and `browser` are the richer surfaces' parts."""

    # -- seats and the log -----------------------------------------------------------------------
    def seat_name(self, state: Any, seat: int) -> str:
        """A seat's name for people ('Rebels', 'Kessa', 'Dark Side'); public."""
        ...

    def start_log(self, state: Any) -> list[str]:
        """The first log lines of a game just dealt (the log starts empty)."""
        ...

    def status_line(self, state: Any) -> str:
        """A printed game's one-line summary, shown before each new turn and at the end
        ('' where the game has none)."""
        ...

    def announces(self, state: Any) -> bool:
        """Whether a printed game echoes the action about to be taken here (False where the
        game's own log already tells it)."""
        ...

    def result_line(self, state: Any, seed: int, actions: int) -> str:
        """The last line of a game: who won, after how long, and its seed."""
        ...

    # -- the line terminal -----------------------------------------------------------------------
    def board_lines(self, state: Any, viewer: int) -> list[str]:
        """The board as `viewer` may see it, as plain lines."""
        ...

    def main_decision(self, state: Any) -> bool:
        """Whether the decision now is a main one (the line terminal shows the board first);
        a minor one with a single legal action is taken without asking."""
        ...

    # -- the pending decision --------------------------------------------------------------------
    def decision_prompt(self, state: Any) -> str:
        """What the pending decision is about, in words ('' for an ordinary move). Reads the
        ability being resolved, which is public, never a hidden card."""
        ...

    def option_label(self, state: Any, index: int) -> str:
        """The label of option `index` of a pending choice ('' when there is none)."""
        ...

    def action_cards(self, text: str) -> list[str]:
        """The card refs an action's text names, in order (a surface hides from a viewer any
        it could not see)."""
        ...

    # -- the richer surfaces ---------------------------------------------------------------------
    @property
    def app(self) -> AppViews | None:
        """The full-screen terminal app's parts (None: the game plays in the line terminal)."""
        ...

    @property
    def browser(self) -> BrowserViews | None:
        """The browser's parts (None: the server does not offer the game)."""
        ...


class AppViewsBase:
    """Defaults an app part may keep: seats see different things, an action reads as its
    notation to everyone, and the narrative is the state's `log` list, taken as it grows."""

    shared_view = False

    def told(self, state: Any, action: Any, text: str, reader: int) -> str:
        return text

    def take_log(self, state: Any, reader: int) -> list[str]:
        log = state.log
        lines = list(log or [])
        if log:
            log.clear()
        return lines


class ViewsBase:
    """Defaults a game's views may keep: no status line, every action echoed, no decision
    words, no card refs in actions, and no full-screen app or browser."""

    app: AppViews | None = None
    browser: BrowserViews | None = None

    def status_line(self, state: Any) -> str:
        return ""

    def announces(self, state: Any) -> bool:
        return True

    def decision_prompt(self, state: Any) -> str:
        return ""

    def option_label(self, state: Any, index: int) -> str:
        return ""

    def action_cards(self, text: str) -> list[str]:
        return []
