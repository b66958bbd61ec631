"""Printing a game as it is played (the `play` command)."""

from __future__ import annotations

from typing import Any

import click

from dejarik.agents.base import parse_agents
from dejarik.core.protocol import Action, GameState
from dejarik.sim.runner import play_game


def _status(s: Any) -> str:
    parts = []
    for i, p in enumerate(s.players):
        name = s.who(i)
        base = (f"{s.name(p.base)} {s.damage[p.base]}/{s.card(p.base).hp}" if p.base >= 0
                else "no base")
        ships = [f"{s.name(c)} {s.damage[c]}/{s.card(c).hp}" for c in p.play
                 if s.card(c).ctype == 1]
        parts.append(f"{name}: {base}, destroyed {len(p.victory)}"
                     + (f", ships: {', '.join(ships)}" if ships else ""))
    return "   [" + " | ".join(parts) + f" | Force {s.force}]"


def play_and_print(game: str, config: dict[str, Any], seed: int, agents: str,
                   save_replay: str | None, quiet: bool) -> None:
    from dejarik.core.registry import get_game

    players = parse_agents(agents, seed, get_game(game).num_players(config))
    if game in ("pandemic", "tcg"):
        from dejarik.tui.lines import print_lines

        if game == "tcg":
            from dejarik.tcg.terminal import UI
        else:
            from dejarik.pandemic.terminal import UI
        print_lines(UI, config, seed, players, save_replay, quiet)
        return
    printed = [0]

    def flush(s: Any) -> None:
        log = s.log
        for line in log[printed[0]:]:
            if line.startswith("-- turn") and not quiet:
                click.echo(_status(s))
            if not quiet:
                click.echo(line if line.startswith("--") else f"   {line}")
        printed[0] = len(log)

    def on_action(s: GameState, action: Action) -> None:
        st: Any = s
        if st.log is None:
            st.log = [f"-- turn {st.turn}: {st.factions[st.active].name} --"]
        flush(st)
        if st.waiting and not quiet:
            who = st.who(st.current_player)
            click.echo(f"   > {who}: {s.action_to_text(action)}")

    state, result, rep = play_game(game, config, seed, players, record=bool(save_replay),
                                   on_action=on_action)
    st: Any = state
    if st.log is not None:
        flush(st)
    names = [f.name for f in st.factions]
    winner = "no winner" if result.winner is None else f"{names[result.winner]} win"
    click.echo(_status(st))
    click.echo(f"Result: {winner} after {result.turns} turns ({result.actions} actions), seed {seed}.")
    if save_replay and rep is not None:
        rep.save(save_replay)
        click.echo(f"replay saved to {save_replay}")
