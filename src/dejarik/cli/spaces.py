"""`dejarik spaces`: the fixed observation and action layout of a configuration (docs/rl.md)."""

from __future__ import annotations

import json
from typing import Any

import click

from dejarik.cli.options import fail, game_config, game_options
from dejarik.core.errors import DejarikError


@click.command("spaces")
@click.argument("game", type=click.Choice(["deckbuilding"]), default="deckbuilding")
@game_options
@click.option("--json", "as_json", is_flag=True, help="print the layout as JSON")
def spaces(game: str, as_json: bool, **opts: Any) -> None:
    """Print the observation and action layout the learning environments use: sizes, action
    index blocks, feature names and which card each instance index is."""
    from dejarik.deckbuilding.game import DeckbuildingState
    from dejarik.deckbuilding.tensors import spaces_for

    try:
        state = DeckbuildingState(game_config(opts), 0)
    except DejarikError as err:
        fail(err)
    data: Any = spaces_for(state).summary(state)
    if as_json:
        click.echo(json.dumps(data, indent=1))
        return
    click.echo(f"{data['instances']} card instances; observation {data['obs_size']} floats "
               f"({data['instances']} x {len(data['card_features'])} card features + "
               f"{len(data['global_features'])} globals); {data['action_size']} actions")
    click.echo("action blocks:")
    for b in data["action_blocks"]:
        last = b["first"] + b["count"] - 1
        span = f"{b['first']}" if b["count"] == 1 else f"{b['first']}-{last}"
        click.echo(f"  {span:>11}  {b['actions']}")
    click.echo("card instances:")
    cards = data["cards"]
    start = 0
    for i in range(1, len(cards) + 1):
        if i == len(cards) or cards[i]["card"] != cards[start]["card"]:
            c = cards[start]
            span = f"{start}" if i - 1 == start else f"{start}-{i - 1}"
            click.echo(f"  {span:>11}  {c['card']} ({c['role']}, {c['faction']})")
            start = i
