"""What a simulated game leaves behind for balance reports: sides, bases, buys, the Force.

The engine notes buys, revealed bases and turn ends in `state.events` only when a run asks
for it (`trace`), so untraced play pays nothing. The format is in docs/simulation.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dejarik.deckbuilding import defs as d

if TYPE_CHECKING:
    from dejarik.deckbuilding.game import DeckbuildingState


def trace(s: DeckbuildingState) -> None:
    """Start noting events, from the position as it is (the starting bases, the Force)."""
    s.events = [(d.EV_BASE, 0, seat, p.base) for seat, p in enumerate(s.players) if p.base >= 0]
    s.events.append((d.EV_TURN_END, 0, -1, s.force))


def game_record(s: DeckbuildingState) -> dict[str, Any]:
    """The game's own part of a simulation record (the runner adds seed, agents, winner...)."""
    events = s.events if s.events is not None else []
    bases: list[list[dict[str, Any]]] = [[] for _ in s.players]
    buys: list[list[dict[str, Any]]] = [[] for _ in s.players]
    force: list[int] = []
    for kind, turn, seat, value in events:
        if kind == d.EV_BUY:
            buys[seat].append({"card": s.name(value), "turn": turn})
        elif kind == d.EV_BASE:
            bases[seat].append({"card": s.name(value), "turn": turn})
        else:
            force.append(value)
    if s.done and s.win >= 0:
        force.append(s.force)  # a base fell during turn s.turn, which never reached its end
    return {
        "factions": [p.faction for p in s.players],
        "faction_names": [f.name for f in s.factions],
        "teams": [list(t) for t in s.teams],
        "first": s.first,
        "victory": [len(p.victory) for p in s.players],
        "bases": bases,
        "buys": buys,
        "force": force,
    }
