"""Playing at a plain terminal, line by line: the same loop for every game that uses it.

Each human decision shows the numbered legal actions; type a number or the action's words.
`b` shows the board again, `l` the last lines of the log, `q` quits. AI seats play at once and
their moves are printed. A game supplies its words through a `LineUI`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import click

from dejarik.agents.base import Agent, agent_specs, make_agent
from dejarik.core.errors import ConfigError, DejarikError
from dejarik.core.registry import get_game

HUMAN = "human"


@dataclass(frozen=True)
class LineUI:
    game: str
    who: Callable[[Any, int], str]               # a seat's name
    board: Callable[[Any], list[str]]            # the board, for people
    start_log: Callable[[Any], list[str]]        # the first log lines of a game just dealt
    result: Callable[[Any, int], str]            # the last line, given the seed
    show_board: Callable[[Any], bool]            # a main decision: show the board first


def _print_new(s: Any, shown: list[int]) -> None:
    log = s.log or []
    for line in log[shown[0]:]:
        click.echo(line if line.startswith("--") else f"   {line}")
    shown[0] = len(log)


def play_lines(ui: LineUI, cfg: dict[str, Any], seed: int, seats: list[str] | str, why: str,
               ask: Callable[[str], str] | None = None) -> Any:
    game = get_game(ui.game)
    n = game.num_players(cfg)
    specs = agent_specs(seats, n) if isinstance(seats, str) else seats
    if HUMAN in specs and why:
        raise ConfigError(f"human seats need a terminal ({why})")
    agents: dict[int, Agent] = {i: make_agent(sp, seed * 7919 + i)
                                for i, sp in enumerate(specs) if sp != HUMAN}
    s: Any = game.new_state(cfg, seed)
    s.log = ui.start_log(s)
    shown = [0]
    click.echo(f"seed {seed}; seats: " + ", ".join(f"{ui.who(s, i)} ({sp})" for i, sp in enumerate(specs)))
    prompt = ask or (lambda text: str(click.prompt(text, default="", show_default=False)))
    while not s.is_terminal():
        p = s.current_player
        if p in agents:
            a = agents[p].act(s)
            _print_new(s, shown)
            click.echo(f"   > {ui.who(s, p)}: {s.action_to_text(a)}")
            s.apply(a)
            continue
        legal = s.legal_actions()
        main = ui.show_board(s)
        if len(legal) == 1 and not main:   # nothing to choose (e.g. only `pass`)
            s.apply(legal[0])
            continue
        _print_new(s, shown)
        if main:
            click.echo("\n".join(ui.board(s)))
        click.echo(f"{ui.who(s, p)} decides:")
        for i, a in enumerate(legal, 1):
            click.echo(f"  {i:>2}. {s.action_to_text(a)}")
        while True:
            text = prompt("> ").strip()
            if text in ("q", "quit"):
                click.echo(f"game left unfinished (seed {seed})")
                return s
            if text in ("b", "board"):
                click.echo("\n".join(ui.board(s)))
                continue
            if text in ("l", "log"):
                click.echo("\n".join((s.log or [])[-20:]))
                continue
            try:
                numbered = text.isdigit() and 0 < int(text) <= len(legal)
                a = legal[int(text) - 1] if numbered else s.text_to_action(text)
            except DejarikError as err:
                click.echo(f"  {err}")
                continue
            s.apply(a)
            break
    _print_new(s, shown)
    click.echo(ui.result(s, seed))
    return s


def print_lines(ui: LineUI, cfg: dict[str, Any], seed: int, agents: list[Agent],
                save_replay: str | None, quiet: bool) -> None:
    """An AI-only game, move by move (`dejarik play GAME --agents ...`)."""
    from dejarik.sim.runner import play_game

    shown = [0]

    def on_action(state: Any, action: tuple[int, ...]) -> None:
        if state.log is None:
            state.log = ui.start_log(state)
        if not quiet:
            _print_new(state, shown)
            click.echo(f"   > {ui.who(state, state.current_player)}: {state.action_to_text(action)}")

    final, _, rep = play_game(ui.game, cfg, seed, agents, record=bool(save_replay), on_action=on_action)
    s: Any = final
    if not quiet and s.log is not None:
        _print_new(s, shown)
    click.echo(ui.result(s, seed))
    if save_replay and rep is not None:
        rep.save(save_replay)
        click.echo(f"replay saved to {save_replay}")
