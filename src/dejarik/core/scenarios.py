"""Scenarios for any game: a position written as the deal and the moves that reach it, or as a
saved position (docs/scenarios.md, "Every game").

    game: pandemic
    description: "The second Jedi's first turn"
    config: {players: 2, difficulty: master}
    seed: 7
    moves: [fly Kessa, reinforce, end]

The moves are action text, each checked as the game's notation checks it; a position no deal
reaches (a puzzle, a bug report) is written whole under `position:` as the game saves it.
Nothing here names a game: a game offers these by declaring `PlayedScenarios(its name)`.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from dejarik.core.errors import DejarikError, ScenarioError
from dejarik.core.files import read_yaml
from dejarik.core.protocol import GameState
from dejarik.core.registry import get_game
from dejarik.core.saved import short_repr

MAX_MOVES = 10_000
"""The most moves a scenario may list: a long game is under 2,000 actions."""
FIELDS = ("game", "description", "config", "seed", "moves", "position")


class PlayedScenarios:
    """The scenarios capability of a game with no scenario format of its own."""

    names_its_game = True

    def __init__(self, game: str) -> None:
        self.game = game

    def load(self, path: Path) -> GameState:
        return self.from_data(read_yaml(path, ScenarioError), path.name)

    def from_data(self, data: Any, where: str = "scenario") -> GameState:
        """The position a scenario's data describes (ScenarioError naming the field)."""
        def fail(msg: str) -> ScenarioError:
            return ScenarioError(f"{where}: {msg}")

        if not isinstance(data, Mapping):
            raise fail(f"a scenario is a mapping of {', '.join(FIELDS)}, got {short_repr(data)}")
        unknown = [str(k) for k in data if k not in FIELDS]
        if unknown:
            raise fail(f"unknown field(s) {', '.join(unknown)[:200]} (fields: {', '.join(FIELDS)})")
        if data.get("game") != self.game:
            raise fail(f"game: {short_repr(data.get('game'))}, but these are {self.game} scenarios")
        game = get_game(self.game)
        if "position" in data:
            extra = [k for k in ("config", "seed", "moves") if k in data]
            if extra:
                raise fail(f"position: a saved position stands alone (remove {', '.join(extra)})")
            try:
                return game.state_from_json(data["position"])
            except DejarikError as err:
                raise fail(f"position: {err}") from None
        config, seed, moves = data.get("config", {}), data.get("seed"), data.get("moves", [])
        if not isinstance(config, Mapping):
            raise fail(f"config: a mapping of the game's options, got {short_repr(config)}")
        if type(seed) is not int or not 0 <= seed < 1 << 63:
            raise fail(f"seed: the deal, a whole number from 0, got {short_repr(seed)}")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise fail(f"moves: a list of actions as text, got {short_repr(moves)}")
        if len(moves) > MAX_MOVES:
            raise fail(f"moves: {len(moves)} moves; a scenario holds at most {MAX_MOVES}")
        try:
            state = game.new_state(game.normalize_config(dict(config)), seed)
        except DejarikError as err:
            raise fail(f"config: {err}") from None
        for i, text in enumerate(moves):
            if state.is_terminal():
                raise fail(f"moves[{i}] {short_repr(text)}: the game is already over")
            try:
                state.apply(state.text_to_action(text))
            except DejarikError as err:
                raise fail(f"moves[{i}] {short_repr(text)}: {err}") from None
        return state

    def describe(self, state: GameState) -> str:
        game = get_game(self.game)
        turn = f"turn {game.report.turns(state)}" if game.report is not None else "a position"
        if state.is_terminal():
            return f"{turn}, the game is over"
        seat = state.current_player
        who = game.views.seat_name(state, seat) if game.views is not None else f"seat {seat}"
        return f"{turn}, {who} to act"
