"""The mutation fuzzer: every kind of file Dejarik reads, damaged many ways, read by the
commands users read it with. A run passes when each damaged file is either accepted or
refused with a clean, named error that leaves the file as it was; it fails on a Python
traceback, a crash (a signal: a segmentation fault, memory exhausted), a run past the time
limit, or a file changed by a refusal.

    python -m dejarik.fuzz.files --mutations 2000 -j 2

The kinds come from the registry: each game's own (`inputs`: packs, overrides, scenarios, deck
lists) and the kernel's for every game (replays, saved positions, saved terminal games and
simulation run directories). Each damaged file is read in a forked child of a process that
has imported everything already, so a run costs milliseconds, a crash cannot take the fuzzer
down, and the time and memory limits are the operating system's.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import resource
import shutil
import signal
import sys
import tempfile
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from pathlib import Path
from typing import Any, NoReturn

import click

from dejarik.core.errors import ActionError, DejarikError
from dejarik.core.inputs import FILE
from dejarik.core.protocol import GameState
from dejarik.core.registry import game_names, get_game
from dejarik.core.rng import Rng
from dejarik.fuzz.mutate import mutate

OUTCOMES = ("accepted", "refused", "traceback", "crash", "hang", "changed")
FAILURES = ("traceback", "crash", "hang", "changed")
MEMORY = 3 << 30   # bytes a child may map: past it, a reader must have refused the file
WRITTEN = 256 << 20   # bytes a child may write to one file: more is output without end


@dataclass(frozen=True)
class Target:
    """A kind of file of a game: `sample` writes a valid one (a file, or a directory when
    `suffix` is empty: a mutation then damages one of its files), and `read` reads it as a
    user's command does."""

    game: str
    kind: str
    suffix: str
    sample: Callable[[Path], None]
    read: Callable[[Path], None]

    @property
    def name(self) -> str:
        return f"{self.game} {self.kind}"


def cli(*commands: list[str]) -> Callable[[Path], None]:
    """A reader that runs `dejarik` commands in this process (`FILE` is the path). A command
    that refuses the file must leave it as it was."""
    def read(path: Path) -> None:
        from dejarik.cli.main import main

        for command in commands:
            args = [str(path) if a == FILE else a for a in command]
            before = _digest(path)
            try:
                main.main(args=args, prog_name="dejarik", standalone_mode=False)
            except SystemExit as done:
                if done.code not in (0, None):
                    _refused(path, before, f"exit {done.code}")
            except click.ClickException as err:
                _refused(path, before, err.format_message())
    return read


class Refused(Exception):
    """A command ended with its own clean error message."""


class Changed(Exception):
    """A command refused a file after changing it."""


def _refused(path: Path, before: str, said: str) -> NoReturn:
    if _digest(path) != before:
        raise Changed(f"refused ({said}) after changing {path.name}")
    raise Refused(said)


def _position(game: str) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        engine = get_game(game)
        state = engine.new_state(engine.normalize_config({}), 1)
        random_moves(state, Rng(1), 40)
        path.write_text(json.dumps(state.to_json()), encoding="utf-8")
    return write


def _read_position(game: str) -> Callable[[Path], None]:
    def read(path: Path) -> None:
        from dejarik.core.errors import SaveError
        from dejarik.core.files import read_json

        state = get_game(game).state_from_json(read_json(path, SaveError))
        # what a person does with it: look from every seat and play on (random moves, so
        # paths other than the loader's own trial are taken)
        random_moves(state, Rng(7), 30, look=True)
    return read


def random_moves(state: GameState, rng: Rng, moves: int, look: bool = False) -> None:
    """Up to `moves` uniformly random moves, fewer if the game ends; with `look`, every seat's
    view of each position is made too."""
    for _ in range(moves):
        if look:
            for seat in range(state.num_players):
                state.observation(seat)
        if state.is_terminal():
            return
        acts = state.legal_actions()
        state.apply(acts[rng.below(len(acts))])


DEPTHS = (0, 7, 30, 120)   # random moves into a game: the positions the notation is tried at


def _positions(game: str) -> list[GameState]:
    """A few positions of a game (random moves from seed 1), ending early if the game does."""
    engine = get_game(game)
    state = engine.new_state(engine.normalize_config({}), 1)
    rng, found, played = Rng(1), [], 0
    for depth in DEPTHS:
        random_moves(state, rng, depth - played)
        played = depth
        found.append(state.clone())
    return found


def _action_texts(game: str) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        texts = [s.action_to_text(a) for s in _positions(game) for a in s.legal_actions()]
        path.write_text("\n".join(texts) + "\n", encoding="utf-8")
    return write


def _read_action_texts(game: str) -> Callable[[Path], None]:
    """Each line, at every position: a legal action, or an ActionError (the notation's
    contract, docs/notation.md); a line read to no legal action is a failure."""
    def read(path: Path) -> None:
        positions = _positions(game)
        refused = 0
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines()[:2000]:
            for state in positions:
                try:
                    action = state.text_to_action(line)
                except ActionError:
                    refused += 1
                    continue
                if action not in state.legal_actions():
                    raise AssertionError(f"{line!r} was read as {action!r}, which is not legal")
        if refused:
            raise Refused(f"{refused} texts refused")
    return read


def _terminal_save(game: str) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        from dejarik.tui.session import Session

        engine = get_game(game)
        Session.new(engine.normalize_config({}), 1, "greedy", 0, game=game).save(path)
    return write


def targets() -> list[Target]:
    """Every kind of file every registered game reads."""
    found = []
    for game in game_names():
        engine = get_game(game)
        for given in engine.inputs:
            found.append(Target(game, given.kind, given.suffix, given.sample,
                                cli(*map(list, given.commands))))
        play = ["play", game, "--agents", "random", "--quiet", "--seed", "1"]
        sim = ["sim", game, "--agents", "random", "--games", "3", "--seed", "1", "-j", "1",
               "--quiet", "--out", FILE]
        found += [
            Target(game, "saved position", ".json", _position(game), _read_position(game)),
            Target(game, "action text", ".txt", _action_texts(game), _read_action_texts(game)),
        ]
        if engine.views is not None:   # `play` prints and records games through the views
            found.append(Target(game, "replay", ".json", cli([*play, "--save-replay", FILE]),
                                cli(["replay", "verify", FILE])))
        if engine.report is not None:   # `sim` writes runs through the run report
            found.append(Target(game, "simulation run", "", cli(sim), cli(
                sim, ["report", FILE]) if engine.report.draws else cli(sim)))
        if engine.views is not None and engine.views.app is not None:
            found.append(Target(game, "saved game", ".json", _terminal_save(game),
                                cli(["play", game, "--resume", FILE])))
    return found


def _seed(seed: int, target: Target, index: int) -> int:
    key = f"{seed}:{target.name}:{index}".encode()
    return int.from_bytes(hashlib.sha256(key).digest()[:8], "little")


def _digest(path: Path) -> str:
    h = hashlib.sha256()
    for p in sorted(path.rglob("*")) if path.is_dir() else [path]:
        if p.is_file():
            h.update(p.name.encode())
            h.update(p.read_bytes())
    return h.hexdigest()


def damage(target: Target, pristine: Path, where: Path, seed: int, index: int) -> tuple[Path, str]:
    """Write mutation `index` of the sample at `where`; its path and the mutations' names."""
    rng = Rng(_seed(seed, target, index))
    if pristine.is_dir():
        shutil.rmtree(where, ignore_errors=True)
        files = sorted(p for p in pristine.iterdir() if p.is_file())
        _copy(pristine, where)
        victim = files[rng.below(len(files))]
        how, data = mutate(victim.read_bytes(), rng, victim.suffix)
        (where / victim.name).write_bytes(data)
        return where, f"{victim.name}: {how}"
    how, data = mutate(pristine.read_bytes(), rng, pristine.suffix)
    where.write_bytes(data)
    return where, how


def _copy(source: Path, where: Path) -> Path:
    if source.is_dir():
        shutil.copytree(source, where)
    else:
        shutil.copyfile(source, where)
    return where


def run_one(target: Target, path: Path, seconds: float, log: Path) -> tuple[str, str]:
    """Read a damaged file in a forked child; the outcome and, for a failure, what it said."""
    pid = os.fork()
    if pid == 0:   # the child: limits, silence, read, exit with the outcome's number
        code = 4
        try:
            resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
            resource.setrlimit(resource.RLIMIT_FSIZE, (WRITTEN, WRITTEN))
            signal.setitimer(signal.ITIMER_REAL, seconds)
            fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
            os.dup2(fd, 1)
            os.dup2(fd, 2)
            try:
                target.read(path)
                code = 0
            except (Refused, DejarikError):
                code = 3
            except Changed:
                traceback.print_exc()
                code = 5
            except BaseException:
                traceback.print_exc()
                code = 4
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    said = _tail(log).strip().splitlines()
    last = said[-1][:300] if said else ""
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        if sig == signal.SIGALRM:
            return "hang", f"over {seconds:g} s"
        if sig == signal.SIGXFSZ:
            return "crash", f"wrote a file past {WRITTEN >> 20} MB (output without end)"
        return "crash", f"signal {signal.Signals(sig).name}"
    code = os.WEXITSTATUS(status)
    if code == 0:
        return "accepted", ""
    if code == 3:
        return "refused", last
    return ("changed" if code == 5 else "traceback"), last


def _tail(log: Path, size: int = 64 << 10) -> str:
    """The end of what a child said (a child that printed without end must not exhaust the
    fuzzer's memory as it is read)."""
    with log.open("rb") as f:
        f.seek(max(0, log.stat().st_size - size))
        return f.read().decode("utf-8", errors="replace")


def _work(task: tuple[str, int, list[int], float, str | None]) -> list[dict[str, Any]]:
    """Mutations `indices` of one target, in a worker process."""
    name, seed, indices, seconds, keep = task
    target = next((t for t in targets() if t.name == name), None)
    if target is None:   # a game registered in the parent only (a test's)
        raise click.ClickException(f"no kind of file {name!r} in this process's registry")
    results = []
    with tempfile.TemporaryDirectory(prefix="dejarik-fuzz-") as tmp:
        root = Path(tmp)
        pristine = root / f"sample{target.suffix}"
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            target.sample(pristine)
        outcome, said = run_one(target, _copy(pristine, root / f"check{target.suffix}"), seconds,
                                root / "said.txt")
        if outcome in FAILURES:   # refused is possible: the Clone Wars pack is incomplete
            raise click.ClickException(f"the sample {target.name} fails ({outcome}: {said}): "
                                       f"fix it before fuzzing it")
        for i in indices:
            path, how = damage(target, pristine, root / f"damaged{target.suffix}", seed, i)
            outcome, said = run_one(target, path, seconds, root / "said.txt")
            results.append({"target": name, "index": i, "mutation": how, "outcome": outcome,
                            "said": said})
            if keep is not None and outcome in FAILURES:
                kept = Path(keep) / f"{name.replace(' ', '_')}-{i}{target.suffix}"
                kept.parent.mkdir(parents=True, exist_ok=True)
                damage(target, pristine, kept, seed, i)
                shutil.copyfile(root / "said.txt", kept.with_name(kept.name + ".said.txt"))
    return results


def fuzz(mutations: int, seed: int = 0, only: str = "", seconds: float = 30.0, jobs: int = 1,
         keep: str | None = None, indices: list[int] | None = None,
         on_done: Callable[[str, int], None] | None = None) -> list[dict[str, Any]]:
    """Every target's mutations 0..`mutations`-1 (or just `indices`); a result per run."""
    chosen = [t.name for t in targets() if only.lower() in t.name.lower()]
    if not chosen:
        raise click.UsageError(f"no kind of file matches {only!r}")
    wanted = indices if indices is not None else list(range(mutations))
    size = max(1, min(50, len(wanted) // (4 * jobs) or 1))
    tasks = [(name, seed, wanted[i:i + size], seconds, keep)
             for name in chosen for i in range(0, len(wanted), size)]
    results: list[dict[str, Any]] = []
    parts: Iterator[list[dict[str, Any]]] | None = map(_work, tasks) if jobs == 1 else None
    with ProcessPoolExecutor(jobs, mp_context=get_context("spawn")) if jobs > 1 else \
            contextlib.nullcontext() as pool:
        if pool is not None:
            parts = pool.map(_work, tasks)
        assert parts is not None
        for task, part in zip(tasks, parts, strict=True):
            results += part
            if on_done:
                on_done(task[0], len(task[2]))
    return results


def table(results: list[dict[str, Any]]) -> list[str]:
    """The count of each outcome for each kind of file."""
    by: dict[str, Counter[str]] = {}
    for r in results:
        by.setdefault(r["target"], Counter())[r["outcome"]] += 1
    width = max(len(n) for n in by) if by else 10
    lines = [f"{'kind of file':{width}}  {'runs':>6}  " + "  ".join(f"{o:>9}" for o in OUTCOMES)]
    total: Counter[str] = Counter()
    for name, counts in by.items():
        total.update(counts)
        lines.append(f"{name:{width}}  {sum(counts.values()):>6}  "
                     + "  ".join(f"{counts[o]:>9}" for o in OUTCOMES))
    lines.append(f"{'all':{width}}  {sum(total.values()):>6}  "
                 + "  ".join(f"{total[o]:>9}" for o in OUTCOMES))
    return lines


@click.command()
@click.option("--mutations", type=click.IntRange(min=1), default=200, show_default=True,
              help="damaged files of each kind")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True)
@click.option("--only", default="", help="only the kinds whose name holds this text, e.g. "
              "'tcg deck' or 'replay'")
@click.option("--index", "index", type=click.IntRange(min=0), multiple=True,
              help="only this mutation (repeat for several): reproduce a failure")
@click.option("--time-limit", "seconds", type=click.FloatRange(min=0.1), default=30.0,
              show_default=True, help="seconds a reader may take on one file")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None,
              help="worker processes (default: every core)")
@click.option("--keep", default=None, metavar="DIR", help="write each file that failed here")
def main(mutations: int, seed: int, only: str, index: tuple[int, ...], seconds: float,
         jobs: int | None, keep: str | None) -> None:
    """Damage every kind of file Dejarik reads and check that each is accepted or refused
    with a named error; exit 1 when any run ends in a traceback, a crash or a hang."""
    done: Counter[str] = Counter()
    wanted = len(index) or mutations

    def progress(name: str, runs: int) -> None:
        done[name] += runs
        click.echo(f"{name}: {done[name]}/{wanted}", err=True)

    results = fuzz(mutations, seed, only, seconds, jobs or os.cpu_count() or 1, keep,
                   list(index) or None, on_done=progress)
    for line in table(results):
        click.echo(line)
    failed = [r for r in results if r["outcome"] in FAILURES]
    for r in failed:
        click.echo(f"{r['outcome']}: {r['target']} #{r['index']} ({r['mutation']}): {r['said']}"
                   f"\n  again: python -m dejarik.fuzz.files --seed {seed} "
                   f"--only '{r['target']}' --index {r['index']}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
