"""What the trading card game shows people (its `views` capability), for the line terminal and
printed games. The board shows what the deciding side may know: its own hand and face-down
cards, the opponent's hand and face-down cards only as counts."""

from __future__ import annotations

from typing import Any

from dejarik.core.views import ViewModel, ViewsBase
from dejarik.tcg.decisions import MAIN, decision_prompt, option_label
from dejarik.tcg.state import ARENA_NAMES, PHASE_NAMES, SIDE_NAMES, TcgState


def _unit(s: TcgState, u: int) -> str:
    marks = (" tapped" if s.tapped[u] else "") + (f" {s.damage[u]} dmg" if s.damage[u] else "")
    stack = f" +{s.stack_size(u)} stacked" if s.stack_size(u) else ""
    return f"{s.name(u)} [{s.speed(u)}/{s.power(u)}/{s.health(u)}{marks}{stack}]"


def board_lines(s: TcgState, viewer: int | None = None) -> list[str]:
    """The board as `viewer` (default: the side deciding) may see it."""
    me = s.current_player if viewer is None else viewer
    step = f", {ARENA_NAMES[s.step]} battle" if s.step >= 0 else ""
    lines = [f"Turn {s.turn}, {PHASE_NAMES[s.phase]} phase{step}"]
    for p in (0, 1):
        lines.append(f"{SIDE_NAMES[p]}: Force {s.force[p]}, build points {s.bp[p]}, "
                     f"deck {len(s.deck[p])}, hand {len(s.hand[p])}, discard {len(s.discard[p])}")
        for a in range(3):
            units = ", ".join(_unit(s, u) for u in s.arena[p][a]) or "-"
            lines.append(f"  {ARENA_NAMES[a]:<9}: {units}")
        zone = []
        for c in s.build[p]:
            if s.face_up[c]:
                zone.append(f"{_unit(s, c)} (retreated)")
            elif p == me or (me >= 0 and s.shown[c] >> me & 1):
                zone.append(f"{s.name(c)} ({s.counters[c]}/{s.d(c).cost})")
            else:
                zone.append(f"face-down card ({s.counters[c]} counters)")
        lines.append("  Build zone: " + (", ".join(zone) or "-"))
    if 0 <= me <= 1:
        lines.append(f"Your hand: {', '.join(s.name(c) for c in s.hand[me]) or '-'}")
    lines.append("Cards: [speed/power/health]; a unit's abilities: `dejarik cards show tcg NAME`")
    return lines


def start_log(s: TcgState) -> list[str]:
    return [f"{SIDE_NAMES[0]}: {s.config['dark']}; {SIDE_NAMES[1]}: {s.config['light']}"]


def result_line(s: Any, seed: int) -> str:
    who = f"{SIDE_NAMES[s.won]} wins" if s.won >= 0 else "No winner"
    return f"Result: {who} after {s.turn} turns ({s.end_reason}), seed {seed}."


class TcgViews(ViewsBase):
    """The line terminal's words for the card game (no full-screen app or browser yet). The
    pending decision's words are the observation's `decision` (tcg/decisions.py)."""

    def seat_name(self, state: TcgState, seat: int) -> str:
        return SIDE_NAMES[seat]

    def start_log(self, state: TcgState) -> list[str]:
        return start_log(state)

    def result_line(self, state: TcgState, seed: int, actions: int) -> str:
        return result_line(state, seed)

    def board_lines(self, state: TcgState, viewer: int) -> list[str]:
        return board_lines(state, viewer)

    def main_decision(self, state: TcgState) -> bool:
        return state.tasks[-1][0] in MAIN

    def decision_prompt(self, state: TcgState) -> str:
        return decision_prompt(state)

    def option_label(self, state: TcgState, index: int) -> str:
        return option_label(state, index)


VIEWS: ViewModel = TcgViews()
