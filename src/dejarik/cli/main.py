"""The `dejarik` command line."""

from __future__ import annotations

import secrets
import sys
from pathlib import Path
from typing import Any

import click

from dejarik import __version__
from dejarik.core.errors import ConfigError, DejarikError, PackError
from dejarik.core.files import read_yaml

GAMES = click.Choice(["deckbuilding"])
EDITIONS = {"original": "original", "clone_wars": "clone_wars"}  # --edition name -> pack id
HUMAN = "human"


def _fail(err: Exception) -> None:
    click.echo(f"error: {err}", err=True)
    sys.exit(2)


def _read_overrides(path: str | None) -> dict[str, Any]:
    if not path:
        return {}
    data = read_yaml(Path(path), PackError, label=path)
    if not isinstance(data, dict) or not isinstance(data.get("cards"), dict):
        raise PackError(f"{path}: an override file holds `cards: {{Card Name: {{field: value}}}}`")
    return dict(data["cards"])


def game_options(f: Any) -> Any:
    f = click.option("--mode", type=click.Choice(["beginner", "full"]), default="beginner",
                     show_default=True, help="beginner: 5 bases each; full: all 10")(f)
    f = click.option("--bases-to-win", type=int, default=None,
                     help="bases to destroy to win, 2-5 (default 3 beginner, 4 full)")(f)
    f = click.option("--bribing/--no-bribing", default=False, help="optional rule: bribe neutrals")(f)
    f = click.option("--pack", "packs", multiple=True, default=["original"], show_default=True,
                     help="pack id or .yaml file; repeat to load several (a file may extend a pack)")(f)
    f = click.option("--factions", default=None,
                     help="two factions, seat order, e.g. empire,republic (default: the first pack's)")(f)
    f = click.option("--neutral", default=None, help="whose neutral deck (a pack id)")(f)
    f = click.option("--pilots", default=None, help="whose Outer Rim pilot stack (a pack id)")(f)
    f = click.option("--first", type=click.Choice(["0", "1", "random"]), default=None,
                     help="who moves first (default: the edition's rule; cross-edition: random)")(f)
    f = click.option("--override", "override", default=None,
                     help="YAML file `cards: {Name: {field: value}}` filling unknown values")(f)
    return f


def _config(opts: dict[str, Any], turn_limit: int = 0) -> dict[str, Any]:
    """A game config from the common options; prints what the players should know first."""
    from dejarik.deckbuilding.completeness import game_warnings
    from dejarik.deckbuilding.game import normalize_config, selection, table_for

    first = opts.get("first")
    cfg = {"packs": list(opts["packs"]), "mode": opts["mode"], "bases_to_win": opts["bases_to_win"],
           "bribing": opts["bribing"], "overrides": _read_overrides(opts.get("override")),
           "turn_limit": turn_limit, "neutral": opts.get("neutral"), "pilot_stack": opts.get("pilots"),
           "factions": opts["factions"].split(",") if opts.get("factions") else None,
           "first": first if first in (None, "random") else int(first)}
    cfg = normalize_config(cfg)
    table = table_for(cfg)
    for line in game_warnings(table, selection(table, cfg), cfg["mode"]):
        click.echo(f"note: {line}", err=True)
    return cfg


@click.group()
@click.version_option(__version__, prog_name="dejarik")
def main() -> None:
    """Play, simulate and study Star Wars tabletop games."""


@main.command()
@click.argument("game", type=GAMES)
@click.option("--vs", default="ismcts", show_default=True,
              help="your opponent in the terminal app: an agent (ismcts, heuristic, greedy, "
                   "random, or a spec such as ismcts:seconds=2) or human (two people take turns "
                   "at one terminal)")
@click.option("--seat", type=click.Choice(["0", "1"]), default="0", show_default=True,
              help="your seat against an agent (seat 0 is the first faction)")
@click.option("--edition", type=click.Choice(sorted(EDITIONS)), default=None,
              help="which edition's pack to play (same as --pack ID)")
@click.option("--resume", default=None, help="continue a game saved in the terminal app (Ctrl+S)")
@click.option("--seed", type=int, default=None,
              help="the game's seed (default: a fresh one, shown so the game can be dealt again)")
@click.option("--agents", default=None,
              help="two agents, by seat (e.g. greedy,greedy): print a whole game between them")
@click.option("--save-replay", default=None, help="with a printed game: write its replay to this file")
@click.option("--quiet", is_flag=True, help="with a printed game: print only the result")
@game_options
def play(game: str, vs: str, seat: str, edition: str | None, resume: str | None, seed: int | None,
         agents: str | None, save_replay: str | None, quiet: bool, **opts: Any) -> None:
    """Play a game in the terminal against an AI (or hot-seat), or print an AI-v-AI game.

    With --agents, or when standard input or output is not a terminal, a whole game between
    AI players is printed turn by turn instead."""
    from dejarik.agents import make_agent
    from dejarik.cli.show import play_and_print

    if seed is None:
        seed = secrets.randbelow(1_000_000)  # drawn here, at the edge, and always shown
    try:
        if edition is not None:
            source = click.get_current_context().get_parameter_source("packs")
            if source is not None and source.name == "COMMANDLINE":
                raise ConfigError("give --edition or --pack, not both")
            opts["packs"] = [EDITIONS[edition]]
        if vs != HUMAN:
            make_agent(vs, 0)  # an unknown name fails before anything starts
        if agents is not None:
            play_and_print(game, _config(opts), seed, agents, save_replay, quiet)
            return
        from dejarik.tui.session import Session

        why = _not_a_terminal()
        if resume:
            session = Session.load(resume)  # a bad file is reported first, terminal or not
            if why:
                raise ConfigError(f"--resume needs a terminal ({why})")
        else:
            cfg = _config(opts)
            if why:
                pair = "heuristic" if vs == HUMAN else vs
                click.echo(f"{why}: printing a game between two AI players instead "
                           f"({pair} v {pair}, seed {seed})")
                play_and_print(game, cfg, seed, pair, save_replay, quiet)
                return
            if quiet or save_replay:
                raise ConfigError("--quiet and --save-replay go with a printed game between AI players: "
                                  "add --agents (e.g. --agents heuristic)")
            session = Session.new(cfg, seed, vs, int(seat))
        from dejarik.tui.app import run_app

        click.echo(run_app(session, resume))
    except DejarikError as err:
        _fail(err)


def _not_a_terminal() -> str:
    """Why the terminal app cannot run here ('' when it can)."""
    if not sys.stdin.isatty():
        return "standard input is not a terminal"
    if not sys.stdout.isatty():
        return "standard output is not a terminal"
    return ""


@main.command()
@click.argument("game", type=GAMES)
@click.option("--games", "n", type=int, default=100, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--agents", default="random,random", show_default=True)
@click.option("--turn-limit", type=int, default=1000, show_default=True,
              help="stop a game with no winner after this many turns (0: never)")
@game_options
def sim(game: str, n: int, seed: int, agents: str, turn_limit: int, **opts: Any) -> None:
    """Play N games between agents and print win rates, game length and speed."""
    from dejarik.deckbuilding.game import selection, table_for
    from dejarik.sim.runner import run_batch

    if n < 1:
        _fail(DejarikError("--games must be at least 1"))
    try:
        cfg = _config(opts, turn_limit)
        res = run_batch(game, cfg, n, seed, agents)
        table = table_for(cfg)
        names = [table.faction(f).name for f in selection(table, cfg).factions]
    except DejarikError as err:
        _fail(err)
    a = [x.strip() for x in agents.split(",")]
    a = a * 2 if len(a) == 1 else a
    click.echo(f"{n} games of {game} ({cfg['mode']}, seeds {seed}..{seed + n - 1})")
    for seat in range(2):
        click.echo(f"  {names[seat]:<10} ({a[seat]:<6}) wins {res.wins[seat]:>6}  "
                   f"({100 * res.wins[seat] / n:5.1f}%)")
    if res.no_winner:
        click.echo(f"  no winner (turn limit)  {res.no_winner:>6}")
    click.echo(f"  mean length: {res.mean_turns:.1f} turns, {res.mean_actions:.1f} actions")
    click.echo(f"  speed: {res.games_per_s:.1f} games/s, {res.actions_per_s:,.0f} actions/s "
               f"({res.seconds:.2f} s)")


@main.group()
def replay() -> None:
    """Replay files."""


@replay.command("verify")
@click.argument("file")
def replay_verify(file: str) -> None:
    """Re-run a replay and check every recorded state hash."""
    from dejarik.core.replay import Replay, verify

    try:
        res = verify(Replay.load(file))
    except DejarikError as err:
        _fail(err)
    click.echo(f"ok: {res.actions} actions, {res.checked_hashes} hashes match; "
               f"final hash {res.final_hash}; "
               + (f"winner: player {res.winner}" if res.terminal else "game not finished"))


@main.group()
def scenario() -> None:
    """Scenario files (any position, in YAML)."""


@scenario.command("check")
@click.argument("file")
def scenario_check(file: str) -> None:
    """Validate a scenario file and list the legal actions in it."""
    from dejarik.deckbuilding.scenario import load_scenario

    try:
        s = load_scenario(Path(file))
    except DejarikError as err:
        _fail(err)
    who = s.factions[s.current_player].name if s.current_player >= 0 else "nobody"
    click.echo(f"ok: {len(s.inst_def)} cards, turn {s.turn}, {who} to act")
    click.echo("legal: " + ", ".join(s.action_to_text(a) for a in s.legal_actions()))


@main.command()
@click.argument("game", type=GAMES)
@click.option("--seconds", type=float, default=3.0, show_default=True, help="time per measurement")
@click.option("--openspiel/--no-openspiel", default=True, help="also measure OpenSpiel games")
def bench(game: str, seconds: float, openspiel: bool) -> None:
    """Run the benchmarks in bench/ (one core) and print the figures."""
    from dejarik.cli.benchrun import run_bench

    try:
        run_bench(game, seconds, openspiel)
    except DejarikError as err:
        _fail(err)


from dejarik.cli.cards import cards  # noqa: E402

main.add_command(cards)

if __name__ == "__main__":
    main()
