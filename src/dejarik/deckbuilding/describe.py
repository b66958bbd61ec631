"""Plain words for legal actions, next to their notation in the action list, and the card refs
an action names.

The words are the observation's own (`decision.options[].does`, written once in
`decision.py`), carried by the board model, so a surface shows exactly what the decider's
observation says.
"""

from __future__ import annotations

import re

from dejarik.deckbuilding.board import BoardView

REF = re.compile(r"[a-z0-9][a-z0-9-]*#\d+")


def refs_in(text: str) -> list[str]:
    """The `slug#id` card refs an action text names, in order."""
    return REF.findall(text)


def describe_action(text: str, board: BoardView) -> str:
    """What one legal action does, in words ('' for text that is no legal action of the board's
    viewer)."""
    return board.does.get(text, "")
