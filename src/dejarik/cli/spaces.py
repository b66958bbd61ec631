"""`dejarik spaces`: the fixed observation and action layout of a configuration (docs/rl.md)."""

from __future__ import annotations

import json
from typing import Any

import click

from dejarik.cli.options import GAMES, fail, game_config, game_options
from dejarik.core.errors import DejarikError


@click.command("spaces")
@click.argument("game", type=GAMES, required=False)
@game_options
@click.option("--json", "as_json", is_flag=True, help="print the layout as JSON")
def spaces(game: str | None, as_json: bool, **opts: Any) -> None:
    """Print the observation and action layout the learning environments use: sizes, action
    index blocks, feature names and what each index stands for. GAME defaults to the first
    game with learning spaces."""
    from dejarik.core.spaces import learning_game

    try:
        g, learning = learning_game(game)
        state = g.new_state(game_config(opts, game=g.name), 0)
        layout = learning.for_state(state)
    except DejarikError as err:
        fail(err)
    if as_json:
        click.echo(json.dumps(layout.summary(state), indent=1))
        return
    click.echo(layout.summary_text(state))
