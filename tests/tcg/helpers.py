"""Build TCG positions by hand for rules tests: name the cards in each zone, then run tasks."""

from __future__ import annotations

from typing import Any

from dejarik.core.rng import Rng
from dejarik.tcg import flow as F
from dejarik.tcg.carddefs import all_defs
from dejarik.tcg.state import ARENA, BUILD, DARK, DECK, DISCARD, HAND, LIGHT, TcgState

ZONES = ("arena", "hand", "deck", "discard", "build", "retreated")


def position(dark: dict[str, Any] | None = None, light: dict[str, Any] | None = None,
             force: tuple[int, int] = (0, 0), seed: int = 1, **options: Any) -> TcgState:
    """A position with these cards. Each side maps zone -> list of card names; `build` takes
    (name, counters) pairs; `deck` lists cards top first. No task is pending."""
    sides = [dark or {}, light or {}]
    names = sorted({(n if isinstance(n, str) else n[0]) for side in sides for z in ZONES
                    for n in side.get(z, [])})
    table = all_defs()
    s = TcgState()
    s.config = {}
    s.options = {"draw": "ready", "deck_out": "lose", "build_points": "lose", "turn_limit": 0, **options}
    s.defs = tuple(table[n] for n in names)
    s.rng = Rng(seed)
    s.force = list(force)
    for p, side in enumerate(sides):
        for zone in ZONES:
            items = side.get(zone, [])
            if zone == "deck":
                items = list(reversed(items))    # top = last
            for item in items:
                name, counters = (item, 0) if isinstance(item, str) else item
                inst = len(s.card_def)
                s.card_def.append(names.index(name))
                s.owner.append(p)
                s.counters.append(counters)
                s.damage.append(0)
                s.tapped.append(zone == "retreated")
                s.face_up.append(zone == "retreated")
                s.shown.append(1 << p)
                if zone == "arena":
                    s.zone.append(ARENA)
                    s.arena[p][s.d(inst).arena].append(inst)
                elif zone in ("build", "retreated"):
                    s.zone.append(BUILD)
                    s.build[p].append(inst)
                else:
                    s.zone.append({"hand": HAND, "deck": DECK, "discard": DISCARD}[zone])
                    getattr(s, zone)[p].append(inst)
    return s


def unit(s: TcgState, name: str, p: int | None = None) -> int:
    """The (first) instance of this card, optionally of one side."""
    for i in range(len(s.card_def)):
        if s.name(i) == name and (p is None or s.owner[i] == p):
            return i
    raise KeyError(name)


def start(s: TcgState, *tasks: tuple[Any, ...]) -> TcgState:
    """Queue tasks (the first given runs first) and run until a decision waits."""
    s.tasks = [*reversed(tasks)]
    s.log = []
    F.run(s)
    return s


def act(s: TcgState, text: str) -> None:
    s.apply(s.text_to_action(text))


def texts(s: TcgState) -> list[str]:
    return [s.action_to_text(a) for a in s.legal_actions()]


def pass_until(s: TcgState, op: str, limit: int = 200) -> None:
    """Answer 'pass' (or the first option) until a decision of kind `op` waits."""
    for _ in range(limit):
        if s.done or s.tasks[-1][0] == op:
            return
        acts = s.legal_actions()
        s.apply((F.PASS, 0, 0) if (F.PASS, 0, 0) in acts else acts[0])
    raise AssertionError(f"no {op} decision within {limit} actions")


__all__ = ["DARK", "LIGHT", "act", "pass_until", "position", "start", "texts", "unit"]
