"""`dejarik bench`: load the benchmark modules from the repository's bench/ folder and run them.
Which module measures which game is declared in bench/games.py."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import click

import dejarik
from dejarik.core.errors import DejarikError
from dejarik.core.registry import get_game


def bench_dir() -> Path:
    """bench/ beside src/ (a source checkout, as `make` installs it)."""
    here = Path(dejarik.__file__).resolve().parents[2] / "bench"
    if not here.is_dir():
        raise DejarikError("benchmarks live in the repository's bench/ folder, which is not "
                           "beside this installation; run from a source checkout (make bench)")
    return here


def load(name: str) -> ModuleType:
    path = bench_dir() / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"dejarik_bench_{name}", path)
    if spec is None or spec.loader is None:
        raise DejarikError(f"cannot load benchmark {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module   # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def run_server_bench(games: int, seconds: float, think: str, seed: int, db_url: str | None,
                     json_out: str | None) -> None:
    """The load test of `dejarik serve` (bench/server_load.py); its table, and the figures as
    JSON in `json_out` if given. Fails if any error was counted."""
    mod = load("server_load")
    try:
        result = mod.run_load(games, seconds, mod.parse_think(think), seed, db_url,
                              progress=lambda text: click.echo(text, err=True))
    except (ValueError, RuntimeError) as err:   # bad figures, or the server did not start
        raise DejarikError(str(err)) from None
    click.echo(mod.format_table(result))
    if json_out:
        Path(json_out).write_text(json.dumps(result, indent=1) + "\n")
    if result["errors"]:
        raise DejarikError(f"the load test counted {result['errors']} errors")


def game_bench(game: str) -> ModuleType:
    """The benchmark module bench/games.py names for a game."""
    declared: dict[str, str] = load("games").BENCHMARKS
    if game not in declared:
        have = ", ".join(sorted(declared)) or "none"
        raise DejarikError(f"no benchmarks for {game} in bench/games.py (games with benchmarks: {have})")
    return load(declared[game])


def run_bench(game: str, seconds: float, openspiel: bool) -> None:
    mod = game_bench(game)
    click.echo(f"engine: {dejarik.engine_build(game)}, one process")
    click.echo(f"{'benchmark':<34}{'steps/s':>12}{'games/s':>10}   (median of windows; range)")
    for label, measure in mod.RATES:
        r = measure(seconds)
        spread = (f"   steps {r['steps_min']:,.0f}-{r['steps_max']:,.0f}, "
                  f"games {r['games_min']:.1f}-{r['games_max']:.1f}" if "steps_min" in r else "")
        click.echo(f"{'dejarik ' + game + ' ' + label:<34}{r['steps_per_s']:>12,.0f}"
                   f"{r['games_per_s']:>10.1f}{spread}")
    for label, measure in mod.SEARCH:
        m = measure(seconds)
        click.echo(f"{'dejarik ' + game + ' ' + label:<34}{m['iterations_per_s']:>12,.0f}"
                   f"{m['decisions_per_s']:>10.2f}  (iterations/s, decisions/s)")
    if get_game(game).spaces is not None:
        _interop_rates(game, seconds)
    if not openspiel:
        return
    osp = load("openspiel_games")
    if not osp.available():
        click.echo("openspiel: not installed (pip install 'dejarik[bench]' to compare)")
        return
    for name in osp.GAMES:
        o = osp.random_playout_rate(name, seconds)
        click.echo(f"{'openspiel ' + name + ' random':<34}{o['steps_per_s']:>12,.0f}"
                   f"{o['games_per_s']:>10.1f}")


def _interop_rates(game: str, seconds: float) -> None:
    """Steps per second of a game with learning spaces through PettingZoo, Gymnasium and
    OpenSpiel (the rl extra)."""
    mod = load("interop_bench")
    have = mod.available()
    for api, measure in (("pettingzoo", mod.pettingzoo_rate), ("gymnasium", mod.gymnasium_rate),
                         ("openspiel", mod.openspiel_rate)):
        label = f"{api} API random"
        if not have[api]:
            click.echo(f"{label:<34}{'not installed':>12}   (pip install 'dejarik[rl]')")
            continue
        r = measure(seconds, game)
        click.echo(f"{label:<34}{r['steps_per_s']:>12,.0f}{'':>10}   "
                   f"steps {r['steps_min']:,.0f}-{r['steps_max']:,.0f}")
