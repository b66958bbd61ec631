"""The `dejarik` command line."""

from __future__ import annotations

import secrets
import sys
from typing import Any

import click

from dejarik import __version__
from dejarik.cli.options import GAMES, HUMAN, fail, game_config, game_options, seat_specs
from dejarik.cli.report import report
from dejarik.cli.simcmd import sim
from dejarik.cli.spaces import spaces
from dejarik.core.errors import ConfigError, DejarikError


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
@click.option("--seat", type=click.Choice(["0", "1", "2", "3", "4"]), default="0", show_default=True,
              help="your seat (0 and 1: the first and second side; a team game: 2 and 3 are "
                   "the second region's, and the AI plays your teammate; a cooperative game: "
                   "your hero, the AI plays the others)")
@click.option("--resume", default=None, help="continue a game saved in the terminal app (Ctrl+S)")
@click.option("--seed", type=int, default=None,
              help="the game's seed (default: a fresh one, shown so the game can be dealt again)")
@click.option("--agents", default=None,
              help="an agent per seat (e.g. greedy,greedy; one name: every seat): print a whole "
                   "game between them; `human` seats play line by line at this terminal, "
                   "without the full-screen app (e.g. human,heuristic,human)")
@click.option("--save-replay", default=None, help="with a printed game: write its replay to this file")
@click.option("--quiet", is_flag=True, help="with a printed game: print only the result")
@game_options
def play(game: str, vs: str, seat: str, resume: str | None, seed: int | None,
         agents: str | None, save_replay: str | None, quiet: bool, **opts: Any) -> None:
    """Play a game in the terminal against an AI (or hot-seat), or print an AI-v-AI game.

    With --agents, or when standard input or output is not a terminal, a whole game between
    AI players is printed turn by turn instead."""
    from dejarik.agents import make_agent
    from dejarik.agents.base import agent_names
    from dejarik.cli.show import play_and_print
    from dejarik.core.protocol import require
    from dejarik.core.registry import get_game

    if seed is None:
        seed = secrets.randbelow(1_000_000)  # drawn here, at the edge, and always shown
    try:
        family = get_game(game)
        views = require(family.views, family, "views")
        if vs != HUMAN:
            make_agent(vs, 0)  # an unknown name fails before anything starts
        if agents is not None:
            if HUMAN in agent_names(agents):
                from dejarik.tui.lines import play_lines

                play_lines(game, game_config(opts, game=game), seed, agents, _not_a_terminal())
                return
            play_and_print(game, game_config(opts, game=game), seed, agents, save_replay, quiet)
            return
        from dejarik.tui.session import Session

        why = _not_a_terminal()
        if resume:
            session = Session.load(resume)  # a bad file is reported first, terminal or not
            if why:
                raise ConfigError(f"--resume needs a terminal ({why})")
        else:
            cfg = game_config(opts, game=game)
            if why:
                agent = "heuristic" if vs == HUMAN else vs
                click.echo(f"{why}: printing a game between AI players instead ({agent} in every "
                           f"seat, seed {seed})")
                play_and_print(game, cfg, seed, agent, save_replay, quiet)
                return
            if views.app is None:   # the game plays at the line terminal
                from dejarik.tui.lines import play_lines

                play_lines(game, cfg, seed, seat_specs(game, cfg, opts, vs, int(seat)), why)
                return
            if quiet or save_replay:
                raise ConfigError("--quiet and --save-replay go with a printed game between AI players: "
                                  "add --agents (e.g. --agents heuristic)")
            specs = seat_specs(game, cfg, opts, vs, int(seat))
            humans = tuple(i for i, spec in enumerate(specs) if spec == HUMAN)
            session = Session.new(cfg, seed, vs, game=game, humans=humans)
        from dejarik.tui.app import run_app

        click.echo(run_app(session, resume))
    except DejarikError as err:
        fail(err)


def _not_a_terminal() -> str:
    """Why the terminal app cannot run here ('' when it can)."""
    if not sys.stdin.isatty():
        return "standard input is not a terminal"
    if not sys.stdout.isatty():
        return "standard output is not a terminal"
    return ""


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
        fail(err)
    click.echo(f"ok: {res.actions} actions, {res.checked_hashes} hashes match; "
               f"final hash {res.final_hash}; "
               + (f"winner: player {res.winner}" if res.terminal else "game not finished"))


@main.command()
@click.argument("game", type=click.Choice([*GAMES.choices, "server"]))
@click.option("--seconds", type=float, default=None,
              help="time per measurement (default 3); server: how long the bots play (default 60)")
@click.option("--openspiel/--no-openspiel", default=True, help="also measure OpenSpiel games")
@click.option("--games", type=click.IntRange(1), default=200, show_default=True,
              help="server: games in play at once, two bot clients each")
@click.option("--think", default="0.2-1.0", show_default=True,
              help="server: a bot's think time, MIN-MAX seconds or one value (0: flat out)")
@click.option("--seed", type=int, default=1, show_default=True,
              help="server: seed of the bots' choices and think times")
@click.option("--db", "db_url", default=None,
              help="server: database URL to serve (default: a fresh SQLite file)")
@click.option("--json", "json_out", default=None, help="server: also write the figures to this JSON file")
def bench(game: str, seconds: float | None, openspiel: bool, games: int, think: str, seed: int,
          db_url: str | None, json_out: str | None) -> None:
    """Run the benchmarks shipped with Dejarik and print the figures: a game's engine (one core), or
    `server`, a load test of `dejarik serve` on loopback."""
    from dejarik.cli.benchrun import run_bench, run_server_bench

    try:
        if game == "server":
            run_server_bench(games, 60.0 if seconds is None else seconds, think, seed, db_url, json_out)
        else:
            run_bench(game, 3.0 if seconds is None else seconds, openspiel)
    except DejarikError as err:
        fail(err)


from dejarik.cli.cards import cards  # noqa: E402
from dejarik.cli.laddercmd import ladder  # noqa: E402
from dejarik.cli.scenario import scenario  # noqa: E402
from dejarik.cli.serve import serve  # noqa: E402
from dejarik.cli.traincmd import train  # noqa: E402
from dejarik.cli.tunecmd import tune  # noqa: E402

main.add_command(cards)
main.add_command(scenario)
main.add_command(sim)
main.add_command(ladder)
main.add_command(tune)
main.add_command(train)
main.add_command(report)
main.add_command(spaces)
main.add_command(serve)

if __name__ == "__main__":
    main()
