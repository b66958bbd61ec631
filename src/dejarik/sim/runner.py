"""Play games between agents, one or many, through the kernel protocol only."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dejarik.agents.base import Agent
from dejarik.core.protocol import Action, Game, GameState, require
from dejarik.core.registry import get_game
from dejarik.core.replay import Recorder, Replay


@dataclass
class GameResult:
    seed: int
    winner: int | None
    turns: int
    actions: int


def play_game(game: str | Game, config: dict[str, Any], seed: int, agents: list[Agent],
              record: bool = False,
              on_action: Callable[[GameState, Action], None] | None = None,
              max_actions: int = 1_000_000,
              trace: bool = False,
              after_action: Callable[[GameState], None] | None = None,
              start: GameState | None = None,
              ) -> tuple[GameState, GameResult, Replay | None]:
    """Play one game to its end. `on_action` sees the state before each action is applied,
    `after_action` after;
    `trace` asks the game's run report to note what a simulation record needs (`game_record`).
    The turns are counted by the game's run report (0 for a game without one). `game` is a
    registered name or the game itself (`get_game(name)`). With `start`, play goes on from that
    position (a scenario's) instead of a new deal; it is not recorded."""
    engine = get_game(game) if isinstance(game, str) else game
    cfg = engine.normalize_config(config) if start is None else {}
    state = engine.new_state(cfg, seed) if start is None else start
    record = record and start is None
    report = engine.report
    note = None
    if trace:
        traced = require(report, engine, "report")
        traced.trace(state)
        note = traced.note_action
    recorder = Recorder(engine.name, cfg, seed, state) if record else None
    n = 0
    while not state.is_terminal() and n < max_actions:
        action = agents[state.current_player].act(state)
        if on_action is not None:
            on_action(state, action)
        if note is not None:
            note(state, action)
        text = state.action_to_text(action) if recorder else ""
        state.apply(action)
        n += 1
        if recorder:
            recorder.record(text, state)
        if after_action is not None:
            after_action(state)
    turns = report.turns(state) if report is not None else 0
    return state, GameResult(seed, state.winner(), turns, n), recorder.replay if recorder else None
