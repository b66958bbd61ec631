"""Parsing action text by matching it against the legal actions' own text, so a game's
formatting and parsing can never disagree."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dejarik.core.errors import NotationError

Action = tuple[int, ...]


def match_action(state: Any, text: str, fmt: Callable[[Any, Action], str], shown: int = 20) -> Action:
    """The legal action whose text is `text` (case and spacing do not matter)."""
    want = " ".join(text.lower().split())
    legal: list[Action] = state.legal_actions()
    for a in legal:
        if " ".join(fmt(state, a).lower().split()) == want:
            return a
    listed = ", ".join(fmt(state, a) for a in legal[:shown]) or "none (the game is over)"
    more = f" and {len(legal) - shown} more" if len(legal) > shown else ""
    raise NotationError(f"{text!r} is not a legal action now; legal: {listed}{more}")
