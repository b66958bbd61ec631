"""`dejarik tune`: fit a game's evaluation weights to the outcomes of self-play games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from dejarik.cli.options import GAMES, fail, game_config
from dejarik.cli.simcmd import fitting_options, with_progress
from dejarik.core.errors import ConfigError, DejarikError


@click.command()
@click.argument("game", type=GAMES)
@click.option("--agents", default="greedy:explore=0.1", show_default=True,
              help="who plays the games learned from (a spec per seat, or one for every seat)")
@click.option("--games", "n", type=click.IntRange(min=2), default=2000, show_default=True,
              help="games to play; a fifth more, from another seed, are held out to check the fit")
@click.option("--shrink", type=click.FloatRange(min=0), default=2.0, show_default=True,
              help="how hard the weights are pulled toward each feature's own link with winning "
                   "(the penalty per position; 0: a plain fit)")
@fitting_options("the weights file to write (YAML; play with heuristic:weights=FILE)",
                 "worker processes (default: every core)")
def tune(game: str, agents: str, n: int, seed: int, shrink: float, turn_limit: int,
         jobs: int | None, out: str, quiet: bool, **opts: Any) -> None:
    """Fit the evaluation the heuristic and search players use: play games, note each seat's
    features at the end of every turn, and fit the chance of winning to them.

    The same command and seed write the same weights. The file holds the weights and how they
    were fitted; pass it as `heuristic:weights=FILE` or `ismcts:weights=FILE`."""
    import yaml

    from dejarik.agents.base import parse_agents
    from dejarik.agents.tune import tune as fit
    from dejarik.core.registry import get_game
    from dejarik.sim.batch import default_jobs

    try:
        engine = get_game(game)
        cfg = game_config(opts, turn_limit, game=game)
        parse_agents(agents, seed, engine.num_players(cfg))   # a bad spec fails before any game
        target = Path(out)
        if target.exists() and target.is_dir():
            raise ConfigError(f"--out {out} is a directory; name a file")
        held = max(1, n // 5)
        report = with_progress(n + held, quiet, lambda advance: fit(
            game, cfg, agents, n, seed, jobs or default_jobs(), held_out=held, shrink=shrink,
            on_progress=advance))
        weights = report.pop("weights")
        text = yaml.safe_dump({"weights": weights, "fitted": {**report, "config": cfg}},
                              sort_keys=False)
        tmp = target.with_name(target.name + ".tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(target)
        fitted, held_out = report["fit"], report.get("held_out", {})
        click.echo(f"{engine.info.title}: {report['records']} positions from {report['games']} "
                   f"games by {agents} (seed {seed})")
        click.echo(f"fit: log-loss {fitted['log_loss']}, {fitted['accuracy']:.1%} of winners foreseen")
        if held_out:
            click.echo(f"held out ({held_out['games']} games): log-loss {held_out['log_loss']}, "
                       f"{held_out['accuracy']:.1%} of winners foreseen")
        click.echo("weights: " + ", ".join(f"{k} {v:+.4g}" for k, v in weights.items()))
        click.echo(f"written to {target}")
    except DejarikError as err:
        fail(err)
    except OSError as err:
        fail(ConfigError(f"cannot write {out}: {err.strerror or err}"))
