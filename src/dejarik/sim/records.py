"""One simulated game as a record: the game's seed derives from the run's seed and its index,
so any game of a run can be played again alone, anywhere, and gives the same record.

Records carry no clock time and are written with sorted keys, so the same game gives the
same bytes on any backend (local processes or a Ray cluster).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, TypedDict

from dejarik.agents.base import Agent, parse_agents
from dejarik.core.protocol import Action, GameState, require
from dejarik.core.registry import get_game
from dejarik.core.rng import Rng
from dejarik.sim.checks import Checker, CheckFailed, failure_record
from dejarik.sim.runner import GameResult, play_game

RECORD_VERSION = 1


def game_seed(run_seed: int, index: int) -> int:
    """Game `index`'s seed: output `index` of the run seed's SplitMix64 stream, in 63 bits."""
    return Rng(run_seed + index * 0x9E3779B97F4A7C15).next64() >> 1  # the stream's step


@dataclass(frozen=True)
class RunSpec:
    """What a run plays. Two runs with equal specs play the same games."""

    game: str
    config: dict[str, Any]      # normalised by the game
    agents: tuple[str, ...]     # a spec per seat
    seed: int
    max_actions: int = 1_000_000
    check: bool = False          # every check after every action (sim/checks.py)

    def to_json(self) -> dict[str, Any]:
        out = {"game": self.game, "config": self.config, "agents": list(self.agents),
               "seed": self.seed, "max_actions": self.max_actions}
        return {**out, "check": True} if self.check else out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RunSpec:
        return cls(game=str(data["game"]), config=dict(data["config"]),
                   agents=tuple(str(a) for a in data["agents"]), seed=int(data["seed"]),
                   max_actions=int(data.get("max_actions", 1_000_000)),
                   check=bool(data.get("check", False)))


class TimedAgent:
    """An agent whose thinking is clocked: seconds and moves, kept beside the records (never
    in them, so a record stays the same bytes on any machine)."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.seconds = 0.0
        self.moves = 0

    def act(self, state: GameState) -> Action:
        start = time.perf_counter()
        action = self.agent.act(state)
        self.seconds += time.perf_counter() - start
        self.moves += 1
        return action


def play_record(spec: RunSpec, index: int, think: list[list[float]] | None = None) -> dict[str, Any]:
    """Play game `index` of a run and describe it: the fields every game shares, then the
    game's own (its run report's `game_record`). `think`, when given, gets each seat's
    thinking time added to it: [seconds, moves] per seat."""
    engine = get_game(spec.game)
    report = require(engine.report, engine, "report")
    seed = game_seed(spec.seed, index)
    agents = parse_agents(",".join(spec.agents), seed, players=len(spec.agents))
    timed = [TimedAgent(a) for a in agents]
    players: list[Agent] = list(timed) if think is not None else agents
    checker = Checker(engine, seed) if spec.check else None
    failure: dict[str, Any] | None = None
    try:
        state, result, replay = play_game(
            spec.game, spec.config, seed, players, max_actions=spec.max_actions, trace=True,
            record=checker is not None, on_action=checker.before if checker else None,
            after_action=checker.after if checker else None)
        if checker is not None:
            checker.finish(replay)
    except CheckFailed as err:   # the game stops at the first check that fails
        failure = failure_record(err)
        state, result = _replayed(spec, seed, checker)
    end = "action_limit"
    if failure is not None:
        end = "failure"
    elif state.is_terminal():
        end = "win" if result.winner is not None else "turn_limit"
    record: dict[str, Any] = {
        "v": RECORD_VERSION, "index": index, "seed": seed, "game": spec.game,
        "config": spec.config, "agents": list(spec.agents), "winner": result.winner,
        "end": end, "turns": result.turns, "actions": result.actions,
    }
    if failure is not None:
        record["failure"] = failure
    record.update(report.game_record(state))
    if think is not None:
        for seat, agent in enumerate(timed):
            think[seat][0] += agent.seconds
            think[seat][1] += agent.moves
    return record


def _replayed(spec: RunSpec, seed: int, checker: Checker | None) -> tuple[GameState, GameResult]:
    """The failed game played again up to the failing action, unchecked, for its record."""
    agents = parse_agents(",".join(spec.agents), seed, players=len(spec.agents))
    done = checker.actions if checker is not None else 0
    state, result, _ = play_game(spec.game, spec.config, seed, list(agents), trace=True,
                                 max_actions=done)
    return state, result


def record_line(record: dict[str, Any]) -> str:
    return json.dumps(record, sort_keys=True, separators=(",", ":")) + "\n"


class Chunk(TypedDict):
    """What a backend hands back for a chunk: the records, and each seat's [seconds, moves]
    of thinking (machine-dependent, so kept out of the records)."""

    lines: str
    think: list[list[float]]


def play_chunk(spec_json: dict[str, Any], indices: list[int]) -> Chunk:
    """Several games, as JSON lines: the unit of work of every backend."""
    spec = RunSpec.from_json(spec_json)
    think = [[0.0, 0] for _ in spec.agents]
    lines = "".join(record_line(play_record(spec, i, think)) for i in indices)
    return {"lines": lines, "think": think}
