"""What the cooperative game shows people (its `views` capability): the board, the Jedi's
names, the log's opening and the result line, for the line terminal and printed games. Type a
number or an action's words (`fly Kessa`). The board is public: every seat sees all of it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dejarik.core.appboard import AppBoard
from dejarik.core.errors import ConfigError
from dejarik.core.views import AppViewsBase, ViewModel, ViewsBase
from dejarik.pandemic.appboard import app_board
from dejarik.pandemic.family import GAME
from dejarik.pandemic.report import LABEL_PUBLISHED, LABEL_SAMPLE
from dejarik.pandemic.state import PandemicState
from dejarik.pandemic.words import does, prompt

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


def result_line(s: PandemicState, seed: int) -> str:
    return f"Result: {'victory' if s.won else 'defeat'} after {s.turn} turns ({s.end_reason}), seed {seed}."


HELP = """\
# How to play

**Star Wars: The Clone Wars, a Pandemic System game**: the Jedi play together against the
villain, {players}. Every hand lies face up, so the whole board is public. Play: **{pack}**.

## A Jedi's turn

1. **Actions** ({actions} a turn):
   - **fly** along a route to the next planet (a transport card may carry you one step further);
   - **reinforce**: draw a squad card (your hand holds at most {limit});
   - **attack** the droids, blockades and villain on your planet: roll, and add squad cards;
   - **mission**: on a mission's planet, roll and add cards of the kinds it needs; enough
     successes complete it.
   Your **ability** is a free action; **ally** cards are played at any time they say.
2. **The villain** then acts (a villain card), and
3. **the invasion**: droids arrive on as many planets as the invasion rate says.

A 4th droid on a planet is an occupation: the threat rises and a blockade is placed. The
team **loses** when the threat reaches its last space; it **wins** by completing the
missions and then the villain's finale.

## The board

The tracks (threat ■ reached, □ to come), the villain and its figures, the missions with what
they need, the deciding Jedi's hand (exhausted cards are grey and marked), every Jedi, and the
map: each planet's droids, blockades, who is there and its routes. Highlight a row for its
card or planet. Your AI teammates decide on their own turns; a decision they ask of you
(agreeing to be moved, say) comes to you.

## Typing actions

`fly Kessa`, `reinforce`, `attack`, `mission Recover the Lost Archive`, `exhaust Gunship Wing`,
`ally Slicer Vix Marrow`, `end`: the notation is in `docs/notation.md`; a number picks that
action from the list.
"""


class PandemicApp(AppViewsBase):
    """The full-screen app's parts: the board is public, so people sharing a terminal see the
    same screen with no hand-over between them."""

    shared_view = True

    def board(self, state: PandemicState, obs: Mapping[str, Any], labels: list[str]) -> AppBoard:
        return app_board(obs, state.pack, labels)

    def help_text(self, state: PandemicState) -> str:
        n = state.num_players
        players = "one person playing two Jedi" if state.solo else f"{n} Jedi"
        rules = state.pack.rules
        return HELP.format(players=players, pack=state.pack.name, actions=rules["actions_per_turn"],
                           limit=rules["hand_limit"])

    def opening_log(self, state: PandemicState) -> list[str]:
        return start_log(state)

    def turn(self, state: PandemicState) -> int:
        return state.turn


class PandemicViews(ViewsBase):
    """The cooperative game's words for the line terminal, printed games and the full-screen
    app (no browser yet)."""

    app = PandemicApp()

    def seat_name(self, state: PandemicState, seat: int) -> str:
        return state.jedi_name(seat)

    def start_log(self, state: PandemicState) -> list[str]:
        return start_log(state)

    def result_line(self, state: PandemicState, seed: int, actions: int) -> str:
        return result_line(state, seed)

    def board_lines(self, state: PandemicState, viewer: int) -> list[str]:
        return board_lines(state)

    def main_decision(self, state: PandemicState) -> bool:
        return bool(state.tasks[-1][0] == "?act")

    def decision_prompt(self, state: PandemicState) -> str:
        """The decision's prompt (words.py, as in the observation); '' for an ordinary move."""
        if state.done or not state.tasks or state.tasks[-1][0] == "?act":
            return ""
        return prompt(state, state.tasks[-1])

    def option_label(self, state: PandemicState, index: int) -> str:
        """What legal action `index` does (words.py, as in the observation's options)."""
        acts = state.legal_actions()
        if not 0 <= index < len(acts):
            return ""
        return does(state, state.tasks[-1], acts[index])


VIEWS: ViewModel = PandemicViews()
