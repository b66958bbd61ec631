"""`dejarik play pandemic`: the cooperative game at a terminal, any seat human or AI.

Each human decision shows the board and the numbered legal actions; type a number or the
action's words (`fly Kessa`). `b` shows the board again, `l` the last lines of the log,
`q` quits. AI seats play at once and their moves are printed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from dejarik.agents.base import Agent, agent_specs, make_agent
from dejarik.core.errors import ConfigError, DejarikError
from dejarik.pandemic.game import GAME
from dejarik.pandemic.report import LABEL_PUBLISHED, LABEL_SAMPLE
from dejarik.pandemic.state import PandemicState

HUMAN = "human"


def seat_agents(cfg: dict[str, Any], vs: str, seat: int) -> list[str]:
    """A spec per seat: `vs` human is everyone at this terminal; solo is one person, two Jedi."""
    n = GAME.num_players(cfg)
    if cfg["players"] == 1 or vs == HUMAN:
        return [HUMAN] * n
    if seat >= n:
        raise ConfigError(f"--seat {seat}: this game has seats 0 to {n - 1}")
    return [HUMAN if i == seat else vs for i in range(n)]


def board_lines(s: PandemicState) -> list[str]:
    pack = s.pack
    v = pack.villains[s.villain]
    lines = [f"{pack.name} ({LABEL_PUBLISHED if pack.published else LABEL_SAMPLE})",
             f"Turn {s.turn}: {s.jedi_name(s.active)} ({s.actions_left} actions left)   "
             f"threat {s.threat}/{s.threat_last}   invasion rate {s.rates[s.invasion]}   "
             f"pool: {s.droid_pool} droids, {s.blockade_pool} blockades"]
    figs = ", ".join(f"{f.name} on {s.planet_name(s.fig_pos[i])}" if s.fig_pos[i] >= 0
                     else f"{f.name} off the board" for i, f in enumerate(v.figures))
    lines.append(f"Villain: {v.name}{' (finale)' if s.finale else ''}: {figs}")
    for k, m in enumerate(s.slots):
        if m >= 0:
            md = pack.missions[m]
            where = s.planet_name(s.mission_planet(k))
            lines.append(f"Mission ({('orange', 'white')[k]}): {md.name} on {where}"
                         f"  needs {'/'.join(md.needs or ())} {s.amount(md.threshold)}, damage {md.damage}")
    lines.append(f"Missions left in the deck: {len(s.mission_deck)}; done: {len(s.mission_done)}")
    for j in range(s.num_players):
        cards = ", ".join(s.card_name(c) + ("*" if s.exhausted[c] else "") for c in s.hands[j]) or "no cards"
        lines.append(f"  {s.jedi_name(j)} on {s.planet_name(s.pos[j])}: {cards}")
    hot = [f"{name} {s.droids[p]}d" + (f"+{s.blockades[p]}B" if s.blockades[p] else "")
           for p, name in enumerate(pack.planets) if s.droids[p] or s.blockades[p]]
    lines.append("Enemies: " + (", ".join(hot) or "none") + "   (* exhausted, d droids, B blockades)")
    return lines


def start_log(s: PandemicState) -> list[str]:
    """The log of a game just dealt: where the enemies start, then the first turn's header."""
    v = s.pack.villains[s.villain]
    enemies = ", ".join(f"{s.planet_name(p)} {n}" for p, n in enumerate(s.droids) if n)
    missions = ", ".join(f"{s.pack.missions[m].name} ({s.planet_name(s.mission_planet(k))})"
                         for k, m in enumerate(s.slots) if m >= 0)
    where = s.planet_name(s.fig_pos[0]) if s.fig_pos[0] >= 0 else "no planet"
    first = f"{s.jedi_name(s.active)} on {s.planet_name(s.pos[s.active])}"
    return [f"setup: {v.name} on {where}; droids: {enemies}",
            f"setup: missions {missions}; {s.mission_count} in the deck at {s.difficulty}",
            f"-- turn {s.turn}: {first} --"]


def _print_new(s: PandemicState, shown: list[int]) -> None:
    log = s.log or []
    for line in log[shown[0]:]:
        click.echo(line if line.startswith("--") else f"   {line}")
    shown[0] = len(log)


def play_in_terminal(cfg: dict[str, Any], seed: int, seats: list[str] | str, why: str,
                     ask: Callable[[str], str] | None = None) -> PandemicState:
    n = GAME.num_players(cfg)
    specs = agent_specs(seats, n) if isinstance(seats, str) else seats
    if HUMAN in specs and why:
        raise ConfigError(f"human seats need a terminal ({why})")
    agents: dict[int, Agent] = {i: make_agent(sp, seed * 7919 + i)
                                for i, sp in enumerate(specs) if sp != HUMAN}
    s = GAME.new_state(cfg, seed)
    s.log = start_log(s)
    shown = [0]
    click.echo(f"seed {seed}; seats: " + ", ".join(f"{s.jedi_name(i)} ({sp})" for i, sp in enumerate(specs)))
    prompt = ask or (lambda text: str(click.prompt(text, default="", show_default=False)))
    while not s.is_terminal():
        p = s.current_player
        if p in agents:
            a = agents[p].act(s)
            _print_new(s, shown)
            click.echo(f"   > {s.jedi_name(p)}: {s.action_to_text(a)}")
            s.apply(a)
            continue
        legal = s.legal_actions()
        if len(legal) == 1 and s.tasks[-1][0] != "?act":   # nothing to choose (e.g. only `pass`)
            s.apply(legal[0])
            continue
        _print_new(s, shown)
        if s.tasks[-1][0] == "?act":
            click.echo("\n".join(board_lines(s)))
        click.echo(f"{s.jedi_name(p)} decides:")
        for i, a in enumerate(legal, 1):
            click.echo(f"  {i:>2}. {s.action_to_text(a)}")
        while True:
            text = prompt("> ").strip()
            if text in ("q", "quit"):
                click.echo(f"game left unfinished (seed {seed})")
                return s
            if text in ("b", "board"):
                click.echo("\n".join(board_lines(s)))
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
    click.echo(result_line(s, seed))
    return s


def print_game(cfg: dict[str, Any], seed: int, agents: list[Agent], save_replay: str | None,
               quiet: bool) -> None:
    """An AI-only game, turn by turn (`dejarik play pandemic --agents ...`)."""
    from dejarik.sim.runner import play_game

    shown = [0]

    def on_action(state: Any, action: tuple[int, ...]) -> None:
        if state.log is None:
            state.log = start_log(state)
        if not quiet:
            _print_new(state, shown)
            click.echo(f"   > {state.jedi_name(state.current_player)}: {state.action_to_text(action)}")

    final, _, rep = play_game("pandemic", cfg, seed, agents, record=bool(save_replay), on_action=on_action)
    s: Any = final
    if not quiet and s.log is not None:
        _print_new(s, shown)
    click.echo(result_line(s, seed))
    if save_replay and rep is not None:
        rep.save(save_replay)
        click.echo(f"replay saved to {save_replay}")


def result_line(s: PandemicState, seed: int) -> str:
    return f"Result: {'victory' if s.won else 'defeat'} after {s.turn} turns ({s.end_reason}), seed {seed}."
