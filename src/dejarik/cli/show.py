"""Printing a game as it is played (the `play` command): the same for every game, in the
game's own words (its view model)."""

from __future__ import annotations

from typing import Any

import click

from dejarik.agents.base import parse_agents
from dejarik.core.protocol import Action, GameState, require
from dejarik.core.registry import get_game
from dejarik.sim.runner import play_game


def play_and_print(game_name: str, config: dict[str, Any], seed: int, agents: str,
                   save_replay: str | None, quiet: bool, start: GameState | None = None) -> None:
    """A game between AI players, move by move (only the result with `quiet`); from `start`
    (a scenario's position) when given."""
    game = get_game(game_name)
    views = require(game.views, game, "views")
    players = parse_agents(agents, seed, start.num_players if start is not None else
                           game.num_players(config))
    printed = [0]

    def flush(s: Any) -> None:
        log = s.log
        for line in log[printed[0]:]:
            if not quiet:
                status = views.status_line(s) if line.startswith("-- turn") else ""
                if status:
                    click.echo(status)
                click.echo(line if line.startswith("--") else f"   {line}")
        printed[0] = len(log)

    def on_action(s: GameState, action: Action) -> None:
        st: Any = s
        if st.log is None:
            st.log = views.start_log(st)
        flush(st)
        if not quiet and views.announces(st):
            click.echo(f"   > {views.seat_name(st, st.current_player)}: {s.action_to_text(action)}")

    state, result, rep = play_game(game_name, config, seed, players, record=bool(save_replay),
                                   on_action=on_action, start=start)
    st: Any = state
    if st.log is not None:
        flush(st)
    status = views.status_line(st)
    if status:
        click.echo(status)
    click.echo(views.result_line(st, seed, result.actions))
    if save_replay and rep is not None:
        rep.save(save_replay)
        click.echo(f"replay saved to {save_replay}")
