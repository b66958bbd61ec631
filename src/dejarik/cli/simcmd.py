"""`dejarik sim`: many games on every core (or a Ray cluster) into a resumable results directory."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import click

from dejarik.cli.options import GAMES, fail, game_config, game_options
from dejarik.core.errors import DejarikError

if TYPE_CHECKING:
    from dejarik.core.reports import RunReport
    from dejarik.sim.batch import Backend, RunDir
    from dejarik.sim.records import RunSpec

MAX_SEED = 2**63 - 1
T = TypeVar("T")


@click.command()
@click.argument("game", type=GAMES)
@click.option("--games", "n", type=click.IntRange(min=1), default=100, show_default=True,
              help="games in the run (a run started again plays only the missing ones)")
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=0, show_default=True,
              help="the run's seed; each game's seed derives from it and the game's number")
@click.option("--agents", default="random,random", show_default=True,
              help="an agent per seat, e.g. greedy,ismcts:iterations=200 (one name: every seat; "
                   "team game: two names are one per side)")
@click.option("--turn-limit", type=click.IntRange(min=0), default=1000, show_default=True,
              help="stop a game with no winner after this many turns (0: never)")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="worker processes (default: every core); with --backend ray, ignored")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True)
@click.option("--address", default=None, help="with --backend ray: the cluster (default: start Ray here)")
@click.option("--out", "out", default=None,
              help="results directory (default: dejarik-runs/<game>_<agents>_seed<S>_<options hash>)")
@click.option("--chunk", type=click.IntRange(min=1), default=None,
              help="games per task (default: about 8 tasks per worker, at most 100 games)")
@click.option("--quiet", is_flag=True, help="no progress bar")
@click.option("--check", is_flag=True,
              help="check everything after every action (invariants, clone and save round trips, "
                   "illegal actions refused, notation read back, the replay at the end); a game "
                   "that fails stops there and is listed with its seed")
@game_options
def sim(game: str, n: int, seed: int, agents: str, turn_limit: int, jobs: int | None,
        backend: str, address: str | None, out: str | None, chunk: int | None, quiet: bool,
        check: bool, **opts: Any) -> None:
    """Play many games between agents into a results directory; print wins, length and speed.

    The directory holds run.json and games.jsonl (one record per game; docs/simulation.md).
    Run the same command again to resume an interrupted run; `dejarik report DIR` draws it."""
    from dejarik.agents.base import agent_specs, parse_agents
    from dejarik.core.protocol import require
    from dejarik.core.registry import get_game
    from dejarik.sim.batch import default_jobs, make_backend, open_run
    from dejarik.sim.records import RunSpec

    try:
        engine = get_game(game)
        report = require(engine.report, engine, "report")
        cfg = game_config(opts, turn_limit, game=game)
        seats = engine.num_players(cfg)
        parse_agents(agents, seed, seats)  # an unknown agent fails before anything is written
        spec = RunSpec(game=game, config=cfg, agents=tuple(agent_specs(agents, seats)), seed=seed,
                       check=check)
        run = open_run(Path(out) if out else _default_dir(spec), spec)
        todo = max(0, n - len(run.done & set(range(n))))
        if todo == 0:
            click.echo(f"{run.path}: games 0-{n - 1} are already there ({len(run.done)} in all)")
        else:
            pool = make_backend(backend, jobs or default_jobs(), address)
            session = run_stoppably(pool, lambda: _play(run, n, todo, pool, chunk, quiet),
                                    lambda: f"{len(run.done)} games are safe in {run.path}")
            rate = session["games_played"] / session["seconds"] if session["seconds"] else 0.0
            click.echo(f"{run.path}: played {session['games_played']} games in "
                       f"{session['seconds']:.1f} s ({rate:.1f} games/s, {pool.name}, "
                       f"{pool.workers} worker{'s' if pool.workers > 1 else ''})")
        _print_summary(report, run.path)
        if check:
            _print_checks(run.path, game, agents)
    except DejarikError as err:
        fail(err)


def run_stoppably(pool: Backend, work: Callable[[], T], safe: Callable[[], str]) -> T:
    """Run `work` on `pool`. Ctrl-C or `kill` (SIGTERM) stops the workers, says what is
    `safe`, and exits with 130, so running the same command again goes on."""
    signal.signal(signal.SIGTERM, _interrupted)
    try:
        return work()
    except KeyboardInterrupt:
        pool.close()
        click.echo(f"\ninterrupted: {safe()}; run the same command to go on", err=True)
        _exit_at_once(130)
    finally:
        pool.close()


def _interrupted(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def _exit_at_once(code: int) -> NoReturn:
    """Leave without the interpreter's shutdown: a worker stopped while it was sending a chunk
    leaves the process pool's result thread waiting for the rest of that message, and a normal
    exit would join that thread for ever. The games file is already closed; flush and go."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def _progress_lines(todo: int, every: float = 10.0) -> Callable[[int], None]:
    """Without a terminal (a log file, CI): a line on standard error every `every` seconds."""
    start = last = time.monotonic()
    done = 0

    def advance(k: int) -> None:
        nonlocal done, last
        done += k
        now = time.monotonic()
        if now - last >= every and done < todo:
            last = now
            rate = done / (now - start)
            click.echo(f"{done}/{todo} games, {rate:,.1f} games/s, about "
                       f"{(todo - done) / rate:,.0f} s left", err=True)

    return advance


def _default_dir(spec: RunSpec) -> Path:
    digest = hashlib.sha256(json.dumps(spec.to_json(), sort_keys=True).encode()).hexdigest()[:8]
    agents = "-v-".join(a.split(":")[0] for a in spec.agents)
    return Path("dejarik-runs") / f"{spec.game}_{agents}_seed{spec.seed}_{digest}"


def _play(run: RunDir, n: int, todo: int, pool: Backend, chunk: int | None,
          quiet: bool) -> dict[str, Any]:
    from dejarik.sim.batch import run_games

    return with_progress(todo, quiet, lambda advance: run_games(run, n, pool, chunk, on_progress=advance))


def fitting_options(out_help: str, jobs_help: str) -> Callable[[Any], Any]:
    """The options `tune` and `train` share: seed, turn limit, workers, the file to write,
    quiet, and the game's own options."""
    def wrap(f: Any) -> Any:
        for option in reversed([
            click.option("--seed", type=click.IntRange(0, MAX_SEED), default=0, show_default=True),
            click.option("--turn-limit", type=click.IntRange(min=0), default=300, show_default=True),
            click.option("--jobs", "-j", type=click.IntRange(min=1), default=None, help=jobs_help),
            click.option("--out", "out", type=click.Path(dir_okay=False), required=True, help=out_help),
            click.option("--quiet", is_flag=True, help="no progress bar"),
            game_options]):
            f = option(f)
        return f
    return wrap


def with_progress(todo: int, quiet: bool, work: Callable[[Callable[[int], None] | None], T]) -> T:
    """Run `work`, handing it a callback that counts finished games: a progress bar on a
    terminal, a line every few seconds without one (a log, CI), nothing when quiet."""
    if quiet:
        return work(None)
    if not sys.stderr.isatty():
        return work(_progress_lines(todo))
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("{task.fields[rate]}"), TimeElapsedColumn(), TextColumn("ETA"),
               TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("games", total=todo, rate="")

        def advance(k: int) -> None:
            bar.advance(task, k)
            speed = bar.tasks[0].speed
            bar.update(task, rate=f"{speed:,.1f} games/s" if speed else "")

        return work(advance)


def _print_checks(path: Path, game: str, agents: str) -> None:
    """How many checked games passed, and each failure with the seed that plays it again."""
    from dejarik.core.runs import GAMES_FILE, read_records

    games, failed = 0, []
    for _, record in read_records(path / GAMES_FILE, []):
        games += 1
        if isinstance(record.get("failure"), dict):
            failed.append(record)
    if not failed:
        click.echo(f"checks: all {games} games passed every check after every action")
        return
    click.echo(f"checks: {len(failed)} of {games} games failed a check", err=True)
    for record in failed[:20]:
        f = record["failure"]
        click.echo(f"  game {record.get('index')} (seed {record.get('seed')}): {f.get('check')} "
                   f"{f.get('detail')}\n    again: dejarik play {game} --agents {agents} "
                   f"--seed {record.get('seed')} (with this run's options)", err=True)
    sys.exit(1)


def _print_summary(report: RunReport, path: Path) -> None:
    """The same digest as `dejarik report` prints, over every game in the directory."""
    for line in report.digest(report.summarize_run(path)):
        click.echo(line)
    if report.draws:
        click.echo(f"(dejarik report {path} draws the plots)")
