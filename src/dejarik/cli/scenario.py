"""`dejarik scenario`: scenario files, any position of a game written in YAML."""

from __future__ import annotations

from pathlib import Path

import click

from dejarik.cli.options import fail
from dejarik.core.errors import DejarikError, ScenarioError
from dejarik.core.files import read_yaml
from dejarik.core.options import Scenarios
from dejarik.core.protocol import require
from dejarik.core.registry import game_names, get_game


def scenarios_for(path: Path) -> Scenarios:
    """The scenarios of the game the file names with `game:`, or, when it names none, of the
    one registered game whose scenario files may leave `game:` out."""
    data = read_yaml(path, ScenarioError)
    if isinstance(data, dict) and "game" in data:
        game = get_game(str(data["game"]))
        return require(game.scenarios, game, "scenarios")
    having = {name: s for name in game_names() if (s := get_game(name).scenarios) is not None}
    unnamed = [s for s in having.values() if not s.names_its_game]
    if len(unnamed) != 1:
        raise ScenarioError(f"{path.name}: name its game with `game:` (games with scenario files: "
                            f"{', '.join(having) or 'none'})")
    return unnamed[0]


@click.group()
def scenario() -> None:
    """Scenario files (any position, in YAML)."""


@scenario.command("check")
@click.argument("file")
def scenario_check(file: str) -> None:
    """Validate a scenario file and list the legal actions in it.

    The file names its game with `game:`; without it, it is a scenario of the one game that
    has scenario files."""
    path = Path(file)
    try:
        scenarios = scenarios_for(path)
        s = scenarios.load(path)
    except DejarikError as err:
        fail(err)
    click.echo(f"ok: {scenarios.describe(s)}")
    click.echo("legal: " + ", ".join(s.action_to_text(a) for a in s.legal_actions()))


@scenario.command("play")
@click.argument("file")
@click.option("--agents", default="greedy", show_default=True,
              help="who plays on from the position: one agent spec for every seat, or one a seat "
                   "(comma-separated)")
@click.option("--seed", type=int, default=0, show_default=True, help="the AI players' own luck")
@click.option("--quiet", is_flag=True, help="print only the result")
def scenario_play(file: str, agents: str, seed: int, quiet: bool) -> None:
    """Play a scenario's position on to the end between AI players, move by move.

    The file names its game with `game:` (see `scenario check`)."""
    from dejarik.cli.show import play_and_print

    path = Path(file)
    try:
        scenarios = scenarios_for(path)
        s = scenarios.load(path)
        click.echo(f"from {path.name}: {scenarios.describe(s)}")
        play_and_print(s.game_name, {}, seed, agents, None, quiet, start=s)
    except DejarikError as err:
        fail(err)
