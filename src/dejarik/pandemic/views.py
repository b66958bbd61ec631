"""What the cooperative game shows people (its `views` capability): the board, the Jedi's
names, the log's opening and the result line, for the line terminal and printed games. Type a
number or an action's words (`fly Kessa`). The board is public: every seat sees all of it."""

from __future__ import annotations

from typing import Any

from dejarik.core.errors import ConfigError
from dejarik.core.views import ViewModel, ViewsBase
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


class PandemicViews(ViewsBase):
    """The line terminal's words for the cooperative game (no full-screen app or browser yet)."""

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
