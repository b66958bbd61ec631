"""Plain-words descriptions of legal actions, next to their notation in the action list.

Everything here reads the board model (the viewer's observation) and static card data only.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from dejarik.deckbuilding.board import BoardView, CardView

REF = re.compile(r"[a-z0-9][a-z0-9-]*#\d+")


def refs_in(text: str) -> list[str]:
    """The `slug#id` card refs an action text names, in order."""
    return REF.findall(text)


def _stats(c: CardView) -> str:
    card = c.card
    parts = [f"{label} {n}" for label, n in (("attack", card.attack), ("resources", card.resources),
                                             ("Force", card.force)) if n]
    return ", ".join(parts)


def describe_action(text: str, board: BoardView, option_label: Callable[[int], str] | None = None) -> str:
    """A short description of one legal action text ('' when the notation says it all)."""
    words = text.split()
    verb = words[0] if words else ""
    refs = refs_in(text)
    card, zone = board.lookup(refs[0]) if refs else (None, "")
    if verb == "play" and card:
        stats = _stats(card)
        return f"play {card.name}" + (f" ({stats})" if stats else "")
    if verb == "buy" and card:
        return f"buy {card.name} for {card.card.cost}"
    if verb == "use" and card:
        return f"use the ability of {card.name}"
    if verb == "commit" and card:
        strength = card.attack if card.attack is not None else card.card.attack
        if words[-1] == "base":
            return f"attack the enemy base with {card.name} ({strength})"
        target = board.lookup(refs[1])[0].name if len(refs) > 1 else "a row card"
        return f"attack {target} in the row with {card.name} ({strength})"
    if verb == "resolve":
        total = sum(c.attack or 0 for c in board.committed)
        t = board.attack_target
        what = "the enemy base" if t == "base" else t.name if isinstance(t, CardView) else "the target"
        return f"resolve the attack on {what} ({total})"
    if verb == "end":
        return "end your turn (discard, draw 5)"
    if verb == "bribe" and card:
        return f"pay {card.card.cost} to discard {card.name} from the row"
    if verb == "select" and card:
        return f"choose {card.name}" + (f" ({zone})" if zone else "")
    if verb == "option" and len(words) == 2 and words[1].isdigit():
        label = option_label(int(words[1]) - 1) if option_label else ""
        return label or f"option {words[1]}"
    if verb == "assign" and card and len(words) == 3:
        hp = card.card.hp or 0
        return f"put {words[1]} damage on {card.name} ({card.damage}/{hp})"
    return {"yes": "yes, use it", "no": "no, skip it", "done": "done (stop here)"}.get(verb, "")
