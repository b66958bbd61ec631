"""Runs of many games into a results directory, resumable, on local processes or Ray.

A run directory holds `run.json` (what is played, and each session's timing) and
`games.jsonl` (one record per game, in index order). Games are played in chunks; a chunk's
lines are written with one write and flushed to disk, so a killed run loses at most the
chunks in flight, and starting it again plays exactly the games that are missing.
"""

from __future__ import annotations

import json
import os
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from itertools import islice
from multiprocessing import get_context
from pathlib import Path
from typing import Any, Protocol

from dejarik.agents.base import AGENTS_VERSION, agent_files
from dejarik.core.errors import ConfigError
from dejarik.core.files import read_json
from dejarik.core.registry import get_game
from dejarik.core.runs import GAMES_FILE, RUN_FILE
from dejarik.core.saved import short_repr
from dejarik.sim.records import Chunk, RunSpec, play_chunk

RUN_FORMAT = "dejarik-sim-run"
RUN_VERSION = 1


class Backend(Protocol):
    """Where chunks run. `submit` returns a handle; `result` waits for it."""

    name: str
    workers: int

    def submit(self, spec: dict[str, Any], indices: list[int]) -> Any: ...

    def result(self, handle: Any) -> Chunk: ...

    def close(self) -> None: ...


class InlineBackend:
    """This process, one chunk at a time (`--jobs 1`)."""

    name = "local"
    workers = 1

    def submit(self, spec: dict[str, Any], indices: list[int]) -> Any:
        return play_chunk(spec, indices)

    def result(self, handle: Chunk) -> Chunk:
        return handle

    def close(self) -> None:
        pass


class LocalBackend:
    """A pool of worker processes on this machine."""

    name = "local"

    def __init__(self, jobs: int) -> None:
        self.workers = jobs
        self.pool = ProcessPoolExecutor(max_workers=jobs, mp_context=get_context("spawn"))

    def submit(self, spec: dict[str, Any], indices: list[int]) -> Future[Chunk]:
        return self.pool.submit(play_chunk, spec, indices)

    def result(self, handle: Future[Chunk]) -> Chunk:
        return handle.result()

    def close(self) -> None:
        """Stop the workers, busy or not: after an interruption, a chunk still running would
        go on playing for minutes, its games lost, in a process nobody waits for."""
        processes = list((self.pool._processes or {}).values())   # no public handle on them
        self.pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        for process in processes:
            process.join(10)


def make_backend(name: str, jobs: int, address: str | None = None) -> Backend:
    if name == "ray":
        from dejarik.sim.ray_backend import RayBackend

        return RayBackend(address)
    if address:
        raise ConfigError("--address is for --backend ray")
    return InlineBackend() if jobs == 1 else LocalBackend(jobs)


def default_jobs() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


# -- the run directory ---------------------------------------------------------------------------
@dataclass
class RunDir:
    path: Path
    spec: RunSpec
    done: set[int] = field(default_factory=set)
    sessions: list[dict[str, Any]] = field(default_factory=list)

    @property
    def games_file(self) -> Path:
        return self.path / GAMES_FILE

    def save_meta(self) -> None:
        meta = {"format": RUN_FORMAT, "version": RUN_VERSION, **_identity(self.spec),
                "sessions": self.sessions}
        tmp = self.path / (RUN_FILE + ".tmp")
        tmp.write_text(json.dumps(meta, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        tmp.replace(self.path / RUN_FILE)


def open_run(path: Path, spec: RunSpec) -> RunDir:
    """Create a run directory, or reopen one that plays the same games (then resume it).

    Checks before it changes anything: a directory that holds another run, or that cannot be
    written, is refused with the reason."""
    meta_file = path / RUN_FILE
    if path.exists() and not path.is_dir():
        raise ConfigError(f"{path} exists and is not a directory")
    run = RunDir(path, spec)
    if meta_file.exists():
        meta = read_json(meta_file, ConfigError)
        if not isinstance(meta, dict) or meta.get("format") != RUN_FORMAT:
            raise ConfigError(f"{meta_file} is not a dejarik simulation run")
        _check_same_run(meta_file, meta, spec)
        sessions = meta.get("sessions", [])
        if not isinstance(sessions, list) or not all(isinstance(x, dict) for x in sessions):
            raise ConfigError(f"{meta_file}: 'sessions' is a list of the run's sessions, not "
                              f"{short_repr(sessions)}")
        run.sessions = list(sessions)
        run.done = _finished_games(run.games_file)
        report = get_game(spec.game).report
        if run.done and report is not None:   # every record readable before any is added
            report.summarize_run(path)
        _drop_cut_line(run.games_file)
    elif path.exists() and any(path.iterdir()):
        raise ConfigError(f"{path} is not empty and holds no {RUN_FILE}: choose another --out")
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / ".write-test"
        probe.write_text("", encoding="utf-8")
        probe.unlink()
    except OSError as err:
        raise ConfigError(f"cannot write to the results directory {path}: "
                          f"{err.strerror or err}") from err
    return run


def _identity(spec: RunSpec) -> dict[str, Any]:
    """What makes two runs the same games: the spec, the engine, the content of the packs
    (a pack edited in place makes different games), the players' version and the content of
    the files they read (weights, networks)."""
    game = get_game(spec.game)
    identity = {**spec.to_json(), "engine_version": game.engine_version,
                "content": game.content_digest(spec.config), "agents_version": AGENTS_VERSION}
    files = {path: digest for agent in spec.agents for path, digest in agent_files(agent).items()}
    if files:   # only then: runs of agents without files keep the identity they had
        identity["agent_files"] = files
    return identity


def _check_same_run(meta_file: Path, meta: dict[str, Any], spec: RunSpec) -> None:
    mine = _identity(spec)
    differ = [k for k in sorted(mine) if meta.get(k) != mine[k]]
    if differ:
        detail = "; ".join(f"{k}: the directory has {meta.get(k)!r}, this run {mine[k]!r}"
                           for k in differ)
        raise ConfigError(f"{meta_file.parent} holds a different run ({detail}); "
                          "use another --out, or the same options to resume it")


def _finished_games(games: Path) -> set[int]:
    """Indices already written (a last line cut short by a kill is not one of them)."""
    if not games.exists():
        return set()
    data = games.read_bytes()
    end = data.rfind(b"\n") + 1
    done: set[int] = set()
    for n, line in enumerate(data[:end].splitlines(), 1):
        try:
            index = json.loads(line)["index"]
        except (ValueError, KeyError, TypeError, IndexError, RecursionError) as err:
            raise ConfigError(f"{games}, line {n}: not a game record ({err!r})") from None
        if type(index) is not int or index < 0:
            raise ConfigError(f"{games}, line {n}: a game record's index is a whole number of 0 "
                              f"or more, not {index!r}")
        if index in done:
            raise ConfigError(f"{games}, line {n}: game {index} appears twice")
        done.add(index)
    return done


def _drop_cut_line(games: Path) -> None:
    """A last line cut short by a kill is dropped, once the rest is known to be sound."""
    if not games.exists():
        return
    data = games.read_bytes()
    end = data.rfind(b"\n") + 1
    if end < len(data):
        with games.open("r+b") as f:
            f.truncate(end)


# -- playing -------------------------------------------------------------------------------------
def chunks_of(todo: list[int], size: int) -> list[list[int]]:
    return [todo[i:i + size] for i in range(0, len(todo), size)]


def auto_chunk(todo: int, workers: int) -> int:
    """Big enough that a chunk is worth sending, small enough to spread the work and show
    progress: about eight chunks per worker, at most 100 games each."""
    return max(1, min(100, -(-todo // (8 * workers))))


def run_games(run: RunDir, games: int, backend: Backend, chunk: int | None = None,
              on_progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Play the games of `range(games)` not yet in the directory; return this session's entry."""
    return run_many([(run, games)], backend, chunk, on_progress)[0]


def run_many(runs: list[tuple[RunDir, int]], backend: Backend, chunk: int | None = None,
             on_progress: Callable[[int], None] | None = None) -> list[dict[str, Any]]:
    """Play the missing games of several runs on one backend, their chunks taken in turn so
    that every run advances together (a ladder's pairings); return each run's session entry.

    Each session notes its seats' thinking time ([seconds, moves] per seat)."""
    todos = [[i for i in range(games) if i not in run.done] for run, games in runs]
    size = chunk or auto_chunk(sum(map(len, todos)), backend.workers)
    sessions: list[dict[str, Any]] = []
    for run, _ in runs:
        sessions.append({
            "started": datetime.now(UTC).isoformat(timespec="seconds"), "backend": backend.name,
            "workers": backend.workers, "chunk": size, "games_before": len(run.done),
            "games_played": 0, "seconds": 0.0,
            "think": [[0.0, 0] for _ in run.spec.agents]})
        run.sessions.append(sessions[-1])
        run.save_meta()
    start = time.perf_counter()
    work = _interleaved([[(k, c) for c in chunks_of(todo, size)] for k, todo in enumerate(todos)])
    outs = [run.games_file.open("a", encoding="utf-8") for run, _ in runs]
    try:
        for result, (k, indices) in _in_order(backend, [(runs[k][0].spec.to_json(), (k, c))
                                                        for k, c in work]):
            run, out, session = runs[k][0], outs[k], sessions[k]
            out.write(result["lines"])
            out.flush()
            os.fsync(out.fileno())
            run.done.update(indices)
            session["games_played"] += len(indices)
            for seat, (secs, moves) in enumerate(result["think"]):
                session["think"][seat][0] = round(session["think"][seat][0] + secs, 6)
                session["think"][seat][1] += int(moves)
            session["seconds"] = round(time.perf_counter() - start, 3)
            if on_progress is not None:
                on_progress(len(indices))
    finally:
        for out in outs:
            out.close()
        for run, _ in runs:
            run.save_meta()
    return sessions


def _interleaved(lists: list[list[Any]]) -> list[Any]:
    """The items of several lists taken in turn: a1, b1, a2, b2, ..."""
    out: list[Any] = []
    for i in range(max(map(len, lists), default=0)):
        out.extend(lst[i] for lst in lists if i < len(lst))
    return out


def _in_order(backend: Backend, work: list[tuple[dict[str, Any], Any]]) -> Iterator[tuple[Chunk, Any]]:
    """Each chunk's result with its tag (spec, (tag, indices)), in the order given, with a
    bounded number of chunks in flight."""
    queue = iter(work)

    def send(item: tuple[dict[str, Any], Any]) -> tuple[Any, Any]:
        spec, tag = item
        return backend.submit(spec, tag[1]), tag

    pending = deque(send(item) for item in islice(queue, max(2, 3 * backend.workers)))
    while pending:
        handle, tag = pending.popleft()
        yield backend.result(handle), tag
        for nxt in islice(queue, 1):
            pending.append(send(nxt))
