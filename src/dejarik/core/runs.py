"""Reading a simulation run's directory: `run.json` (what was played) and `games.jsonl` (one
record per game; docs/simulation.md).

The simulator writes a run; each game's run report reads it back. Both sides use these names
and this reader, kept in core so that a game's report needs nothing from the simulator.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from dejarik.core.errors import DejarikError
from dejarik.core.files import read_json

GAMES_FILE = "games.jsonl"   # a run directory: one record per line
RUN_FILE = "run.json"        # what the run plays, and its sessions


class RecordError(DejarikError):
    """Game records that cannot be summarized; the message names the file and line."""


MAX_TURNS = 100_000
"""The most turns a record may say a game lasted: far past any turn limit, and few enough that
a report's turn-by-turn plots and tables stay small."""


def _shown(value: Any) -> str:
    """A record's value as an error shows it: cut to 40 characters."""
    text = repr(value)
    return text[:40] + "..." if len(text) > 40 else text


def count(value: Any, name: str, high: int = MAX_TURNS) -> int:
    """A whole number a record holds, from 0 to `high` (ValueError naming it otherwise: the
    summaries turn it into a RecordError naming the file and line)."""
    if type(value) is not int or not 0 <= value <= high:
        raise ValueError(f"{name}: {_shown(value)} is not a whole "
                         f"number from 0 to {high}")
    return value


def one_of(value: Any, name: str, allowed: tuple[str, ...]) -> str:
    """A word a record holds from a known few (ValueError naming it otherwise): a report keys
    its tables and plots by it, so a damaged record's megabyte of text must not reach them."""
    if value not in allowed:
        raise ValueError(f"{name}: {_shown(value)} is not one of "
                         f"{', '.join(allowed)}")
    return str(value)


def read_records(path: Path, warnings: list[str]) -> Iterator[tuple[str, dict[str, Any]]]:
    """(where, record) for each line of a games.jsonl. A last line cut off without its newline is
    what an interrupted write leaves; it is skipped and noted in `warnings`. Any other line
    that is not a JSON object is an error naming the file and line."""
    try:
        stream = path.open(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"{path}: no such file (a run directory holds {GAMES_FILE})") from None
    except OSError as err:
        raise RecordError(f"{path}: cannot read ({err.strerror})") from None
    with stream:
        number = 0
        try:
            for number, line in enumerate(stream, 1):
                if not line.strip():
                    continue
                try:
                    record = json.loads(line)
                except (ValueError, RecursionError) as err:
                    if not line.endswith("\n"):
                        warnings.append(f"{path.name} line {number} is cut short (an interrupted "
                                        "write?) and was left out")
                        return
                    why = getattr(err, "msg", "nested too deeply")
                    raise RecordError(f"{path} line {number}: not valid JSON ({why})") from None
                if not isinstance(record, dict):
                    raise RecordError(f"{path} line {number}: a record is a JSON object")
                yield f"{path} line {number}", record
        except UnicodeDecodeError:
            raise RecordError(f"{path} line {number + 1}: not UTF-8 text") from None


def read_run(path: Path, warnings: list[str]) -> dict[str, Any] | None:
    """run.json, shown in a report only; one that cannot be read is noted, not fatal."""
    if not path.exists():
        return None
    try:
        data = read_json(path, RecordError)
    except RecordError as err:
        why = str(err).removeprefix(f"{path}: ")
        warnings.append(f"{path.name} could not be read ({why}); the run's settings are not shown")
        return None
    if not isinstance(data, dict):
        warnings.append(f"{path.name} is not a JSON object; the run's settings are not shown")
        return None
    return data


def run_dir_of(path: Path) -> Path:
    """The directory, or a RecordError saying there is none."""
    run_dir = Path(path)
    if not run_dir.is_dir():
        raise RecordError(f"{run_dir}: no such directory")
    return run_dir


def game_of_run(path: Path) -> str:
    """The registered name of the game a run directory holds: from run.json, or, in a directory
    that has only games, from its first record."""
    run_dir = run_dir_of(path)
    run = read_run(run_dir / RUN_FILE, [])
    if run is not None and isinstance(run.get("game"), str):
        return str(run["game"])
    games = run_dir / GAMES_FILE
    for where, record in read_records(games, []):
        if not isinstance(record.get("game"), str):
            raise RecordError(f"{where}: the record does not name its game")
        return str(record["game"])
    raise RecordError(f"{games}: no games in the file")


def summarize_dir(run_dir: Path, summarize: Callable[[Iterable[Mapping[str, Any]]], dict[str, Any]]
                  ) -> dict[str, Any]:
    """A game's summary of every record in a run directory, with the reader's warnings."""
    warnings: list[str] = []
    last = [f"{Path(run_dir) / GAMES_FILE}"]

    def records() -> Iterator[Mapping[str, Any]]:
        for where, record in read_records(Path(run_dir) / GAMES_FILE, warnings):
            last[0] = where
            yield record

    try:
        out = summarize(records())
    except (ValueError, TypeError, KeyError, AttributeError, IndexError, OverflowError) as err:
        # a record well-formed as JSON whose values the game's summary cannot use
        raise RecordError(f"{last[0]}: not a record of this game's games ({err!r})") from None
    out["warnings"] = warnings
    return out
