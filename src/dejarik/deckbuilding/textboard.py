"""A plain-text picture of a position, drawn from one viewer's observation (or a spectator's).

Used where a terminal UI is too much: the learning environments' "ansi" render mode and the
OpenSpiel observation strings. It reads only `observation(viewer)`, so it shows nothing the
viewer may not know.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from dejarik.deckbuilding import defs as d

if TYPE_CHECKING:
    from dejarik.deckbuilding.game import DeckbuildingState


def board_text(s: DeckbuildingState, viewer: int = -1) -> str:
    """The board as `viewer` sees it (-1: a spectator, who sees no hand)."""
    obs = s.observation(viewer)
    names = [f.name for f in s.factions]
    refs = {r: i for i, r in enumerate(s.refs())}

    def card(ref: str) -> str:
        return s.name(refs[ref])

    def cards(seq: Sequence[str]) -> str:
        return ", ".join(card(r) for r in seq) or "-"

    force_owner = obs["force_with"]
    track = "".join("#" if i == obs["force"] else "." for i in range(d.FORCE_SPACES))
    head = f"Turn {obs['turn']}: {names[obs['active']]} to play"
    if obs["terminal"]:
        w = obs["winner"]
        head = f"Game over after {obs['turn']} turns: " + ("no winner" if w is None else f"{names[w]} win")
    elif s.waiting:
        head += f" (decision: {names[obs['decision']['player']]})"
    force_note = "" if force_owner is None else f" (with {names[force_owner]})"
    lines = [head, f"Force {names[0]} [{track}] {names[1]}{force_note}"]
    for i, p in enumerate(obs["players"]):
        base = p["base"]
        base_text = "no base" if base is None else f"{card(base['card'])} {base['damage']}/{base['hp']}"
        hand = p["hand"]
        hand_text = f"{hand} cards" if isinstance(hand, int) else cards(hand)
        lines.append(f"{names[i]}: base {base_text}, destroyed {len(p['victory'])}/{s.bases_to_win}, "
                     f"pool {p['pool']}, deck {p['deck']}, discard {len(p['discard'])}")
        lines.append(f"  hand: {hand_text}")
        lines.append("  in play: " + (", ".join(_in_play(card(x["card"]), x) for x in p["play"]) or "-"))
    lines.append(f"Galaxy row: {cards(obs['row'])}")
    lines.append(f"Galaxy deck {obs['galaxy_deck']}, discard {len(obs['galaxy_discard'])}, "
                 f"Outer Rim pilots {obs['pilots']}")
    attack = obs["attack"]
    if attack["committed"]:
        target = "the enemy base" if attack["target"] == "base" else card(attack["target"])
        lines.append(f"Attacking {target} with {cards(attack['committed'])}")
    return "\n".join(lines)


def _in_play(name: str, x: dict[str, Any]) -> str:
    marks = [f"attack {x['attack']}"]
    if x["damage"]:
        marks.append(f"damage {x['damage']}")
    if x["attacked"]:
        marks.append("attacked")
    return f"{name} ({', '.join(marks)})"
