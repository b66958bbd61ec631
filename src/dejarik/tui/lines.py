"""Playing at a plain terminal, line by line: the same loop for every game that uses it.

Each human decision shows what it is for and the numbered legal actions, each with what it
does (the observation's `decision`); type a number or the action's words.
`b` shows the board again, `l` the last lines of the log, `q` quits. AI seats play at once and
their moves are printed. The game supplies its words through its view model (`views`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from dejarik.agents.base import Agent, agent_specs, make_agent
from dejarik.core.errors import ConfigError, DejarikError
from dejarik.core.protocol import require
from dejarik.core.registry import get_game

HUMAN = "human"


def print_new(s: Any, shown: list[int]) -> None:
    """The log lines not yet printed (`shown[0]` counts those printed), turn headers flush left."""
    log = s.log or []
    for line in log[shown[0]:]:
        click.echo(line if line.startswith("--") else f"   {line}")
    shown[0] = len(log)


def play_lines(game_name: str, cfg: dict[str, Any], seed: int, seats: list[str] | str, why: str,
               ask: Callable[[str], str] | None = None) -> Any:
    """Play a game at this terminal, human seats asked line by line; returns the final state
    (or the state when a player quit)."""
    game = get_game(game_name)
    views = require(game.views, game, "views")
    n = game.num_players(cfg)
    specs = agent_specs(seats, n) if isinstance(seats, str) else seats
    if HUMAN in specs and why:
        raise ConfigError(f"human seats need a terminal ({why})")
    agents: dict[int, Agent] = {i: make_agent(sp, seed * 7919 + i)
                                for i, sp in enumerate(specs) if sp != HUMAN}
    s: Any = game.new_state(cfg, seed)
    s.log = views.start_log(s)
    shown = [0]
    actions = 0
    click.echo(f"seed {seed}; seats: "
               + ", ".join(f"{views.seat_name(s, i)} ({sp})" for i, sp in enumerate(specs)))
    prompt = ask or (lambda text: str(click.prompt(text, default="", show_default=False)))
    while not s.is_terminal():
        p = s.current_player
        if p in agents:
            a = agents[p].act(s)
            print_new(s, shown)
            click.echo(f"   > {views.seat_name(s, p)}: {s.action_to_text(a)}")
            s.apply(a)
            actions += 1
            continue
        legal = s.legal_actions()
        main = views.main_decision(s)
        if len(legal) == 1 and not main:   # nothing to choose (e.g. only `pass`)
            s.apply(legal[0])
            actions += 1
            continue
        print_new(s, shown)
        if main:
            click.echo("\n".join(views.board_lines(s, p)))
        decision = s.observation(p).get("decision") or {}
        does = {o["action"]: o["does"] for o in decision.get("options", [])}
        click.echo(decision.get("prompt") or f"{views.seat_name(s, p)} decides:")
        for i, a in enumerate(legal, 1):
            text = s.action_to_text(a)
            click.echo(f"  {i:>2}. {text}" + (f"  - {does[text]}" if text in does else ""))
        while True:
            text = prompt("> ").strip()
            if text in ("q", "quit"):
                click.echo(f"game left unfinished (seed {seed})")
                return s
            if text in ("b", "board"):
                click.echo("\n".join(views.board_lines(s, p)))
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
            actions += 1
            break
    print_new(s, shown)
    click.echo(views.result_line(s, seed, actions))
    return s
