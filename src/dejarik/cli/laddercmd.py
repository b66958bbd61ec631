"""`dejarik ladder`: a round robin of agents on mirrored deals, rated on the Elo scale."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import click

from dejarik.cli.options import GAMES, fail, game_config, game_options
from dejarik.cli.simcmd import MAX_SEED, run_stoppably, with_progress
from dejarik.core.errors import DejarikError


@click.command()
@click.argument("game", type=GAMES)
@click.option("--agents", required=True,
              help="the agents to rank, separated by commas, e.g. greedy,heuristic,ismcts:iterations=300")
@click.option("--games", "n", type=click.IntRange(min=1), default=100, show_default=True,
              help="games per pair of agents, each deal played from both sides (cooperative game: "
                   "games per agent)")
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=0, show_default=True,
              help="the deals: game k of every pairing deals from this seed and k")
@click.option("--anchor", default=None,
              help="the agent rated 0 (default: greedy when it plays, else the first agent)")
@click.option("--turn-limit", type=click.IntRange(min=0), default=1000, show_default=True,
              help="stop a game with no winner after this many turns (0: never); it counts as a draw")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="worker processes (default: every core); with --backend ray, ignored")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True)
@click.option("--address", default=None, help="with --backend ray: the cluster (default: start Ray here)")
@click.option("--out", "out", default=None,
              help="ladder directory (default: dejarik-runs/ladder_<game>_seed<S>_<options hash>)")
@click.option("--chunk", type=click.IntRange(min=1), default=None, help="games per task")
@click.option("--quiet", is_flag=True, help="no progress bar")
@game_options
def ladder(game: str, agents: str, n: int, seed: int, anchor: str | None, turn_limit: int,
           jobs: int | None, backend: str, address: str | None, out: str | None,
           chunk: int | None, quiet: bool, **opts: Any) -> None:
    """Rank agents: every one plays every other on the same deals, seats swapped; print ratings
    on the Elo scale with 95% intervals and write an HTML page.

    Resumable: the same command plays only the missing games, and a longer --agents list adds
    only the new pairings. Each pairing is an ordinary simulation run (`dejarik report` reads it)."""
    from dejarik.agents.base import make_agent
    from dejarik.core.registry import get_game
    from dejarik.sim.batch import default_jobs, make_backend
    from dejarik.sim.ladder import (
        PAGE_FILE,
        SUMMARY_FILE,
        Ladder,
        check_agents,
        missing_games,
        open_ladder,
        play_ladder,
        summarize,
    )
    from dejarik.sim.ladderpage import ladder_html, ladder_lines

    try:
        get_game(game)
        cfg = game_config(opts, turn_limit, game=game)
        names = [a.strip() for a in agents.split(",") if a.strip()]
        for name in names:
            make_agent(name, 0)   # a bad spec fails before anything is written
        spec = Ladder(game, cfg, tuple(names), n, seed, check_agents(names, anchor))
        where = Path(out) if out else _default_dir(spec)
        runs = open_ladder(where, spec)
        todo = missing_games(runs)
        if todo:
            pool = make_backend(backend, jobs or default_jobs(), address)
            click.echo(f"{where}: {len(runs)} pairings, {todo} games to play on {pool.workers} "
                       f"worker{'s' if pool.workers > 1 else ''} ({pool.name})", err=True)
            run_stoppably(pool, lambda: with_progress(todo, quiet, lambda advance: play_ladder(
                runs, pool, chunk, advance)), lambda: f"the games played are safe in {where}")
        summary = summarize(where, spec)
        (where / SUMMARY_FILE).write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
        (where / PAGE_FILE).write_text(ladder_html(summary), encoding="utf-8")
        for line in ladder_lines(summary):
            click.echo(line)
        click.echo(f"\nthe page: {where / PAGE_FILE}; every game: {where / 'runs'}")
    except DejarikError as err:
        fail(err)


def _default_dir(spec: Any) -> Path:
    digest = hashlib.sha256(json.dumps(spec.config, sort_keys=True).encode()).hexdigest()[:8]
    return Path("dejarik-runs") / f"ladder_{spec.game}_seed{spec.seed}_{digest}"
