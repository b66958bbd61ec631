"""`dejarik bench`: run the benchmarks shipped in `dejarik.benchmarks` and print the figures.
What a game's benchmarks play is declared by the game (`Game.benchmarks`)."""

from __future__ import annotations

import json
from pathlib import Path

import click

import dejarik
from dejarik.core.errors import DejarikError
from dejarik.core.registry import get_game


def run_server_bench(games: int, seconds: float, think: str, seed: int, db_url: str | None,
                     json_out: str | None) -> None:
    """The load test of `dejarik serve` (dejarik.benchmarks.server_load); its table, and the
    figures as JSON in `json_out` if given. Fails if any error was counted."""
    from dejarik.benchmarks import server_load

    try:
        result = server_load.run_load(games, seconds, server_load.parse_think(think), seed, db_url,
                                      progress=lambda text: click.echo(text, err=True))
    except (ValueError, RuntimeError) as err:   # bad figures, or the server did not start
        raise DejarikError(str(err)) from None
    click.echo(server_load.format_table(result))
    if json_out:
        Path(json_out).write_text(json.dumps(result, indent=1) + "\n")
    if result["errors"]:
        raise DejarikError(f"the load test counted {result['errors']} errors")


def run_bench(name: str, seconds: float, openspiel: bool) -> None:
    from dejarik.benchmarks import engine
    from dejarik.benchmarks import openspiel as osp

    game = get_game(name)
    click.echo(f"engine: {dejarik.engine_build(name)}, one process")
    click.echo(f"{'benchmark':<40}{'steps/s':>12}{'games/s':>10}   (median of windows; range)")
    for bench in game.benchmarks:
        r = engine.whole_games_rate(game, bench, seconds)
        click.echo(f"{'dejarik ' + name + ' ' + bench.label:<40}{r['steps_per_s']:>12,.0f}"
                   f"{r['games_per_s']:>10.1f}   steps {r['steps_min']:,.0f}-{r['steps_max']:,.0f}, "
                   f"games {r['games_min']:.1f}-{r['games_max']:.1f}")
    for label, measure in engine.searches(game):
        m = measure(seconds)
        click.echo(f"{'dejarik ' + name + ' ' + label:<40}{m['iterations_per_s']:>12,.0f}"
                   f"{m['decisions_per_s']:>10.2f}  (iterations/s, decisions/s)")
    if game.spaces is not None:
        _interop_rates(name, seconds)
    if not openspiel:
        return
    if not osp.available():
        click.echo("openspiel: not installed (pip install 'dejarik[bench]' to compare)")
        return
    for spiel in osp.GAMES:
        o = osp.random_playout_rate(spiel, seconds)
        click.echo(f"{'openspiel ' + spiel + ' random':<40}{o['steps_per_s']:>12,.0f}"
                   f"{o['games_per_s']:>10.1f}")


def _interop_rates(game: str, seconds: float) -> None:
    """Steps per second of a game with learning spaces through PettingZoo, Gymnasium and
    OpenSpiel (the rl extra)."""
    from dejarik.benchmarks import interop

    have = interop.available()
    for api, label, measure in (
            ("pettingzoo", "pettingzoo API random", interop.pettingzoo_rate),
            ("gymnasium", "gymnasium API random", interop.gymnasium_rate),
            ("gymnasium", f"gymnasium vector API random, {interop.VECTOR_GAMES} games",
             interop.gymnasium_vector_rate),
            ("openspiel", "openspiel API random", interop.openspiel_rate)):
        if not have[api]:
            click.echo(f"{label:<40}{'not installed':>12}   (pip install 'dejarik[rl]')")
            continue
        r = measure(seconds, game)
        click.echo(f"{label:<40}{r['steps_per_s']:>12,.0f}{'':>10}   "
                   f"steps {r['steps_min']:,.0f}-{r['steps_max']:,.0f}")
