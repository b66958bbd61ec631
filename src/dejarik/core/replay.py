"""Replays: config + seed + actions (+ engine version). Re-running one reproduces every hash."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dejarik.core.errors import DejarikError, ReplayError
from dejarik.core.files import read_json
from dejarik.core.protocol import GameState
from dejarik.core.registry import get_game
from dejarik.core.saved import short_repr

FORMAT = "dejarik-replay/1"
FIELDS = {"format", "game", "engine_version", "config", "seed", "initial_hash", "actions", "hashes"}


@dataclass
class Replay:
    """A recorded game. `hashes[i]` is the state hash after `actions[i]`; `hashes` may be empty."""

    game: str
    config: dict[str, Any]
    seed: int
    engine_version: str
    actions: list[str] = field(default_factory=list)
    hashes: list[str] = field(default_factory=list)
    initial_hash: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "engine_version": self.engine_version,
            "config": self.config,
            "seed": self.seed,
            "initial_hash": self.initial_hash,
            "actions": self.actions,
            "hashes": self.hashes,
        }

    @classmethod
    def from_json(cls, data: Any, where: str = "replay") -> Replay:
        if not isinstance(data, dict):
            raise ReplayError(f"{where}: expected a JSON object")
        if data.get("format") != FORMAT:
            raise ReplayError(f"{where}: 'format' must be {FORMAT!r}, got {data.get('format')!r}")
        extra = sorted(map(str, set(data) - FIELDS))
        if extra:
            raise ReplayError(f"{where}: unknown field {extra[0]!r} (a replay holds "
                              f"{', '.join(sorted(FIELDS))})")
        seed = data.get("seed")
        if "seed" in data and type(seed) is not int:   # not 1.5, not true, not Infinity
            raise ReplayError(f"{where}: 'seed' must be a whole number, got {short_repr(seed)}")
        try:
            replay = cls(
                game=str(data["game"]),
                config=dict(data["config"]),
                seed=int(data["seed"]),
                engine_version=str(data["engine_version"]),
                actions=[str(a) for a in data["actions"]],
                hashes=[str(h) for h in data.get("hashes", [])],
                initial_hash=str(data.get("initial_hash", "")),
            )
        except KeyError as err:
            raise ReplayError(f"{where}: missing field {err.args[0]!r}") from None
        except (TypeError, ValueError) as err:
            raise ReplayError(f"{where}: bad field value ({err})") from None
        if replay.hashes and len(replay.hashes) != len(replay.actions):
            raise ReplayError(f"{where}: {len(replay.actions)} actions but {len(replay.hashes)} hashes")
        return replay

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Replay:
        p = Path(path)
        return cls.from_json(read_json(p, ReplayError), where=str(p))


class Recorder:
    """Follows a live game and records each action as text, with the hash after it."""

    def __init__(self, game: str, config: dict[str, Any], seed: int, state: GameState) -> None:
        engine = get_game(game)
        self.replay = Replay(game, config, seed, engine.engine_version,
                             initial_hash=state.state_hash())

    def record(self, text: str, state_after: GameState) -> None:
        self.replay.actions.append(text)
        self.replay.hashes.append(state_after.state_hash())


@dataclass
class VerifyResult:
    actions: int
    checked_hashes: int
    final_hash: str
    terminal: bool
    winner: int | None


def verify(replay: Replay) -> VerifyResult:
    """Re-run a replay from its config and seed; raise ReplayError at the first divergence."""
    game = get_game(replay.game)
    if replay.engine_version != game.engine_version:
        raise ReplayError(
            f"replay was made by engine {replay.engine_version}, this is {game.engine_version}"
        )
    try:
        state = game.new_state(replay.config, replay.seed)
    except DejarikError as err:
        raise ReplayError(f"cannot set up the replay's game: {err}") from None
    if replay.initial_hash and state.state_hash() != replay.initial_hash:
        raise ReplayError("initial state hash differs: the setup does not reproduce")
    checked = 0
    for i, text in enumerate(replay.actions):
        try:
            state.apply(state.text_to_action(text))
        except DejarikError as err:
            raise ReplayError(f"action {i + 1} ({text!r}) failed: {err}") from None
        if replay.hashes:
            got = state.state_hash()
            if got != replay.hashes[i]:
                raise ReplayError(
                    f"hash mismatch after action {i + 1} ({text!r}): "
                    f"recorded {replay.hashes[i]}, got {got}"
                )
            checked += 1
    return VerifyResult(len(replay.actions), checked, state.state_hash(), state.is_terminal(),
                        state.winner())
