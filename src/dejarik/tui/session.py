"""The game behind the terminal app, with no widgets: who decides, applying chosen or typed
actions, AI moves, the log, saving and resuming. Keeping this apart from Textual lets tests
check the rules of play directly, and keeps every widget a plain view of it."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from dejarik.agents import Agent, make_agent
from dejarik.core.errors import ConfigError, DejarikError, SaveError
from dejarik.core.files import read_json
from dejarik.core.protocol import Action, Game, GameState, require
from dejarik.core.registry import first_game_offering, get_game
from dejarik.core.views import AppViews, ViewModel

SAVE_FORMAT = "dejarik-terminal-save"
SAVE_VERSION = 1
HUMAN = "human"

_AGENT_TITLES = {"ismcts": "ISMCTS"}


def agent_title(spec: str) -> str:
    """How an agent is named on screen ('Heuristic is thinking...'): its name, without the
    options a spec may add (`ismcts:iterations=500` is 'ISMCTS')."""
    name = spec.split(":")[0].strip()
    return _AGENT_TITLES.get(name, name.capitalize())


def agent_seed(seed: int, seat: int) -> int:
    """An AI seat's own seed, derived from the game's as `play --agents` derives it."""
    return seed * 7919 + seat


def app_game() -> Game:
    """The game the app plays when none is named (a save from before saves named it): the first
    registered game whose views offer the full-screen app."""
    return first_game_offering(lambda g: g.views and g.views.app, "the full-screen terminal app")


def app_views(game: Game) -> tuple[ViewModel, AppViews]:
    """A game's views and their full-screen app part, or an error saying which it lacks."""
    views = require(game.views, game, "views")
    return views, require(views.app, game, "full-screen terminal app")


class Session:
    """One game in progress: the state, which seats are human, the AI players, and the log.

    The log is plain text lines so that it saves as it is: an action is `Seat: text`, what
    the action caused is indented two spaces, and a new turn starts with `--`. The game is the
    state's (`state.game_name`); everything game-specific comes from its views.
    """

    def __init__(self, state: GameState, humans: tuple[int, ...], vs: str, seed: int,
                 log: list[str] | None = None) -> None:
        seats = range(state.num_players)
        if not humans or any(h not in seats for h in humans):
            raise DejarikError(f"human seats must be among 0-{state.num_players - 1}, got {humans!r}")
        self.game = get_game(state.game_name)
        self.views, self.app = app_views(self.game)
        self.state = state
        self.humans = tuple(sorted(set(humans)))
        self.vs = vs
        self.seed = seed
        self.agents: dict[int, Agent] = {
            seat: make_agent(vs, agent_seed(seed, seat)) for seat in seats if seat not in self.humans}
        logging: Any = state
        logging.log = []   # every game's state keeps a narrative in `log` once it is a list
        self.log = list(log) if log is not None else self.app.opening_log(state)
        self._last_viewer = self.decider if self.decider in self.humans else self.humans[0]

    @classmethod
    def new(cls, config: Mapping[str, Any], seed: int, vs: str, seat: int = 0,
            game: str | None = None, humans: tuple[int, ...] | None = None) -> Session:
        """A fresh game of `game` (default: `app_game()`): one human at `seat`, agent `vs` at
        every other seat (in a team game the teammate too), or humans at every seat (`vs`
        'human', hot-seat). `humans`, where given, names the human seats instead (the game's
        own choice: the solo Pandemic game is one person at two seats)."""
        family = app_game() if game is None else get_game(game)
        app_views(family)  # a game without the app says so before dealing
        state = family.new_state(dict(config), seed)
        if humans is None:
            if seat not in range(state.num_players):
                raise DejarikError(f"--seat must be one of 0-{state.num_players - 1}, got {seat!r}")
            humans = tuple(range(state.num_players)) if vs == HUMAN else (seat,)
        return cls(state, humans, vs, seed)

    # -- who is who ------------------------------------------------------------------------------
    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    @property
    def decider(self) -> int:
        """Who must decide now (-1 once the game is over); it may not be whose turn it is."""
        return self.state.current_player

    @property
    def human_decides(self) -> bool:
        return self.decider in self.humans

    @property
    def ai_decides(self) -> bool:
        return self.decider in self.agents

    @property
    def viewer(self) -> int:
        """Whose eyes the board is drawn for: the human seat; in hot-seat, the human deciding."""
        if self.decider in self.humans:
            self._last_viewer = self.decider
        return self._last_viewer

    def faction(self, seat: int) -> str:
        """The seat's name: 'Rebels', or 'Rebels 2' in the team game."""
        return self.views.seat_name(self.state, seat)

    def label(self, seat: int) -> str:
        """'You', the AI's name, or (hot-seat) 'Player 1'/'Player 2'."""
        if self.hot_seat and not self.app.shared_view:
            return f"Player {seat + 1}"   # a shared view: one team at one screen, every human is you
        return "You" if seat in self.humans else agent_title(self.vs)

    def observation(self) -> dict[str, Any]:
        """Everything the board may show: exactly what the viewer may know."""
        return self.state.observation(self.viewer)

    # -- acting ----------------------------------------------------------------------------------
    def play_text(self, text: str) -> str:
        """Apply an action typed by the deciding human; returns its canonical text.
        Bad or illegal text raises a DejarikError and changes nothing."""
        if not self.human_decides:
            raise DejarikError("it is not your decision now")
        action = self.state.text_to_action(text)
        self.apply(action)
        return self.state.action_to_text(action)

    def apply(self, action: Action) -> None:
        """Apply one action and log it with what it caused."""
        who = self.decider
        text = self.state.action_to_text(action)
        self.state.apply(action)  # raises before changing anything
        # hot-seat players share one screen, so it shows only what every seat may read
        reader = -1 if self.hot_seat and not self.app.shared_view else self.humans[0]
        self.log.append(f"{self.faction(who)}: {self.app.told(self.state, action, text, reader)}")
        narrative = self.app.take_log(self.state, reader)
        self.log.extend(line if line.startswith("--") else f"  {line}" for line in narrative)

    def ai_job(self) -> tuple[Agent, GameState, int]:
        """What an AI move needs, taken on the UI thread: the agent, a private copy of the state
        to think on (so the board can keep reading the real one), and a stamp to check the
        answer is still wanted when it comes back."""
        seat = self.decider
        if seat not in self.agents:
            raise DejarikError("no AI player decides now")
        copy = self.state.clone()
        return self.agents[seat], copy, len(self.log)

    def actions_taken(self) -> int:
        """Actions in the log: its lines that are neither a turn header nor what one caused."""
        return sum(not line.startswith(("--", "  ")) for line in self.log)

    def stamp(self) -> int:
        return len(self.log)

    # -- the pending decision --------------------------------------------------------------------
    def decision_prompt(self) -> str:
        return self.views.decision_prompt(self.state)

    def option_label(self, index: int) -> str:
        return self.views.option_label(self.state, index)

    # -- saving ----------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.game.name,
                "humans": list(self.humans),
                "vs": self.vs, "seed": self.seed, "log": self.log, "state": self.state.to_json()}

    def save(self, path: str | Path) -> Path:
        """Write the session as JSON (through a temporary file, so a failed save leaves any
        earlier file whole)."""
        target = Path(path).expanduser()
        text = json.dumps(self.to_json(), indent=1)
        try:
            fd, tmp = tempfile.mkstemp(prefix=".dejarik-", suffix=".json", dir=target.parent or ".")
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.replace(tmp, target)
        except OSError as err:
            raise DejarikError(f"cannot save to {target}: {err.strerror or err}") from None
        return target

    @classmethod
    def load(cls, path: str | Path) -> Session:
        """A session saved by `save`; a missing, corrupt or foreign file raises SaveError."""
        p = Path(path).expanduser()
        return cls.from_json(read_json(p, SaveError), str(p))

    @classmethod
    def from_json(cls, data: Any, label: str = "saved game") -> Session:
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError(f"{label} is not a game saved by `dejarik play` in the terminal")
        if data.get("version") != SAVE_VERSION:
            raise SaveError(f"{label}: save version {data.get('version')!r}, expected {SAVE_VERSION}")
        humans, vs, seed, log = data.get("humans"), data.get("vs"), data.get("seed"), data.get("log")
        if (not isinstance(humans, list) or not all(type(h) is int for h in humans)
                or not isinstance(vs, str) or type(seed) is not int
                or not isinstance(log, list) or not all(isinstance(x, str) for x in log)):
            raise SaveError(f"{label}: bad session fields (humans, vs, seed, log)")
        game = data.get("game")
        if game is not None and not isinstance(game, str):
            raise SaveError(f"{label}: bad session field (game)")
        try:
            family = app_game() if game is None else get_game(game)
        except ConfigError as err:
            raise SaveError(f"{label}: {err}") from None
        state = family.state_from_json(data.get("state") or {})
        try:
            return cls(state, tuple(humans), vs, seed, log)
        except DejarikError as err:
            raise SaveError(f"{label}: {err}") from None
