"""What the trading card game shows people (its `views` capability), for the line terminal and
printed games. The board shows what the deciding side may know: its own hand and face-down
cards, the opponent's hand and face-down cards only as counts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dejarik.core.appboard import AppBoard
from dejarik.core.views import AppViewsBase, ViewModel, ViewsBase
from dejarik.tcg.appboard import app_board
from dejarik.tcg.decisions import MAIN, decision_prompt, option_label
from dejarik.tcg.flow import BID
from dejarik.tcg.observe import knows
from dejarik.tcg.state import ARENA_NAMES, PHASE_NAMES, SIDE_NAMES, TcgState


def _unit(s: TcgState, u: int, me: int = -1) -> str:
    marks = (" tapped" if s.tapped[u] else "") + (f" {s.damage[u]} dmg" if s.damage[u] else "")
    stack = f" +{s.stack_size(u)} stacked" if s.stack_size(u) else ""
    gear = "".join(f" with {s.name(g)}" for g in s.gear.get(u, ()))    # its Equipment
    held = s.held.get(u, ())    # cards face down under it: named only to whom they were shown
    under = (" holding " + ", ".join(s.name(c) if knows(s, me, c) else "a face-down card"
                                     for c in held)) if held else ""
    return f"{s.name(u)} [{s.speed(u)}/{s.power(u)}/{s.health(u)}{marks}{stack}]{gear}{under}"


def board_lines(s: TcgState, viewer: int | None = None) -> list[str]:
    """The board as `viewer` (default: the side deciding) may see it."""
    me = s.current_player if viewer is None else viewer
    step = f", {ARENA_NAMES[s.step]} battle" if s.step >= 0 else ""
    lines = [f"Turn {s.turn}, {PHASE_NAMES[s.phase]} phase{step}"]
    for p in (0, 1):
        lines.append(f"{SIDE_NAMES[p]}: Force {s.force[p]}, build points {s.bp[p]}, "
                     f"deck {len(s.deck[p])}, hand {len(s.hand[p])}, discard {len(s.discard[p])}"
                     + (f", removed from the game: {', '.join(s.name(c) for c in s.removed[p])}"
                        if s.removed[p] else ""))
        for a in range(3):
            units = ", ".join(_unit(s, u, me) for u in s.arena[p][a]) or "-"
            lines.append(f"  {ARENA_NAMES[a]:<9}: {units}")
        zone = []
        for c in s.build[p]:
            if s.face_up[c]:
                zone.append(f"{_unit(s, c, me)} (retreated)")
            elif p == me or (me >= 0 and s.shown[c] >> me & 1):
                zone.append(f"{s.name(c)} ({s.counters[c]}/{s.d(c).cost})")
            else:
                zone.append(f"face-down card ({s.counters[c]} counters)")
        lines.append("  Build zone: " + (", ".join(zone) or "-"))
        aside = [c for c in sorted(s.aside) if s.owner[c] == p]    # set aside for a while
        if aside:
            lines.append("  Set aside: " + ", ".join(s.name(c) if knows(s, me, c) else "a face-down card"
                                                     for c in aside))
    if 0 <= me <= 1:
        lines.append(f"Your hand: {', '.join(s.name(c) for c in s.hand[me]) or '-'}")
        known = [s.name(c) for c in s.hand[1 - me] if knows(s, me, c)]   # shown (C-3PO (F), Labria)
        if known:
            lines.append(f"Known in their hand: {', '.join(known)}")
    lines.append("Cards: [speed/power/health]; a unit's abilities: `dejarik cards show tcg NAME`")
    return lines


def start_log(s: TcgState) -> list[str]:
    return [f"{SIDE_NAMES[0]}: {s.config['dark']}; {SIDE_NAMES[1]}: {s.config['light']}"]


def result_line(s: Any, seed: int) -> str:
    who = f"{SIDE_NAMES[s.won]} wins" if s.won >= 0 else "No winner"
    return f"Result: {who} after {s.turn} turns ({s.end_reason}), seed {seed}."


HELP = """\
# How to play

**The Star Wars Trading Card Game**, the Dark Side against the Light Side. Units fight in three
**arenas**: Space, Ground and Character. A side that **controls two or more arenas** at the end
of a turn wins; a side that must draw from an empty deck loses.

## A turn

1. **Ready**: units untap, each side gains 4 Force and draws a card (the Dark Side first).
2. **Command** (building): the Light Side rolls one die for both sides' **build points** (one
   more for a side with a unit in every arena); each side in turn puts
   build counters on cards (`build CARD +N`: from your hand a card goes face down into your
   build zone), **deploys** a unit whose counters reach its cost, **completes** a Mission, and
   may **retreat** an untapped unit to the build zone. Unspent build points are lost.
3. **Battle**, arena by arena (Space, Ground, Character): units **attack** in turn
   (`attack UNIT > TARGET`): the attacker rolls as many dice as its power, each 4 or more hits;
   `hold UNIT` lets a unit sit out; battle cards (`play CARD`) and abilities (`use CARD N`)
   are played in between.

## The board

At the top: the turn, the phase and battle step, and an attack's dice. Then the opponent's
side (Force, build points, deck, hand size, their units by arena and their build zone: a
face-down card shows only its counters), your side, and your hand with cost, speed, power and
health. Highlight a row to read the card. Card text is Dejarik's own summary of each card.

## Typing actions

`build Clone Squad#12 +3`, `deploy Clone Squad#12`, `attack Jango Fett (A)#4 > Clone Platoon#70`,
`play Hero's Dodge#41`, `retreat Clone Platoon#70`, `pass`: the notation is in `docs/tcg.md`;
a number picks that action from the list.
"""

class TcgApp(AppViewsBase):
    """The full-screen app's parts; a card the reader may not know is not named in the log."""

    def board(self, state: TcgState, obs: Mapping[str, Any], labels: list[str]) -> AppBoard:
        return app_board(obs, {d.name: d for d in state.defs}, labels)

    def told(self, state: TcgState, action: Any, text: str, reader: int) -> str:
        """Each card the action names (`NAME#N`) that the reader may not know once it is
        applied (a card built face down) reads as 'a face-down card'."""
        if action[0] == BID and state.tasks and state.tasks[-1][0] == "?secret_bid" \
                and reader != 1 - state.tasks[-1][1]:
            return "bids in secret"      # the first of two secret bids (effects._secret_bid)
        for inst in {x for x in action[1:] if isinstance(x, int)} | {action[2] - 1}:
            if 0 <= inst < len(state.card_def) and not knows(state, reader, inst):
                text = text.replace(f"{state.name(inst)}#{inst}", "a face-down card")
        return text

    def help_text(self, state: TcgState) -> str:
        return HELP

    def opening_log(self, state: TcgState) -> list[str]:
        return start_log(state)

    def turn(self, state: TcgState) -> int:
        return state.turn


class TcgViews(ViewsBase):
    """The card game's words for the line terminal, printed games and the full-screen app (no
    browser yet). The pending decision's words are the observation's `decision`
    (tcg/decisions.py)."""

    app = TcgApp()

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
