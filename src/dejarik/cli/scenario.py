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
    one registered game that has scenario files."""
    data = read_yaml(path, ScenarioError)
    if isinstance(data, dict) and "game" in data:
        game = get_game(str(data["game"]))
        return require(game.scenarios, game, "scenarios")
    having = {name: s for name in game_names() if (s := get_game(name).scenarios) is not None}
    if len(having) != 1:
        raise ScenarioError(f"{path.name}: name its game with `game:` (games with scenario files: "
                            f"{', '.join(having) or 'none'})")
    return next(iter(having.values()))


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
