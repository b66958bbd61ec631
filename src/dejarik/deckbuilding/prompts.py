"""Words for the deckbuilder's pending decision: what an ability asks, and its options' labels.
Read from the ability being resolved (public) and the static card program, never a hidden card."""

from __future__ import annotations

from typing import Any

from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding.game import DeckbuildingState


def _pending(s: DeckbuildingState) -> tuple[Any, Any] | None:
    """The ability frame waiting for a decision and the op it waits at, if any."""
    if s.is_terminal() or not s.waiting or not s.stack:
        return None
    f = s.stack[-1]
    return f, s.table.progs[f.prog][f.pc]


def decision_prompt(s: DeckbuildingState) -> str:
    """What the pending decision is about, in words.

    It reads the ability being resolved, which is public (a card in play, a row card's
    reward, a base), and the labels of its options from the static card program; never a
    hidden card."""
    pending = _pending(s)
    if pending is None:
        return ""
    f, op = pending
    code = op[0]
    source = s.name(f.source) if f.source >= 0 else ""
    if code == d.OP_CHOOSE:
        labels = "; ".join(f"{i + 1}: {label}" for i, (label, _) in enumerate(op[2]))
        what = f"choose one - {labels}"
    elif code == d.OP_MOVE:
        what = f"choose a card to move to {_DEST.get(op[2], 'its place')}"
        what += " (or done)" if op[4] else ""
    elif code == d.OP_BUY:
        what = "choose a card to take for free" if op[3] else "choose a card to buy (or done)"
    else:
        what = _ASKS.get(code, "decide")
    who = s.who(s.decider)
    return f"{who}, {source}: {what}" if source else f"{who}: {what}"


def option_label(s: DeckbuildingState, index: int) -> str:
    """The label of option `index` of a pending 'choose one' (static card text)."""
    pending = _pending(s)
    if pending is None:
        return ""
    op = pending[1]
    if op[0] != d.OP_CHOOSE or not 0 <= index < len(op[2]):
        return ""
    return str(op[2][index][0])


_ASKS = {
    d.OP_LOOK: "look at the cards shown on the board, then done",
    d.OP_SWAP: "choose the cards to swap (or done)",
    d.OP_OPTIONAL: "use it? yes or no",
    d.OP_CHOOSE_BASE: "choose your new base",
    d.OP_ASSIGN: "assign the attack's damage among the enemy capital ships, then the bases",
    d.OP_REPAIR: "choose whose base to repair",
    d.OP_DAMAGE: "choose the enemy base to damage",
    d.OP_DELEGATE: "choose which of you resolves it",
}
_DEST = {v: k.replace("_", " ") for k, v in d.DEST_NAMES.items()}
_DEST[d.D_DECK_TOP] = "the top of a deck"
