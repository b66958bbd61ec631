"""Parsing action text by matching it against the legal actions' own text, so a game's
formatting and parsing can never disagree.

The three failures are told apart the same way in every game (core.errors): text whose first
word is none of the game's verbs is no action of the game (NotationError); text that starts
with a verb but matches no legal action is not legal now (IllegalActionError); text that is
the start of several legal actions' text names more than one (AmbiguousActionError).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from dejarik.core.errors import AmbiguousActionError, IllegalActionError, NotationError
from dejarik.core.protocol import Action


def _words(text: str) -> list[str]:
    return text.lower().split()


def legal_listing(state: Any, fmt: Callable[[Any, Action], str], shown: int = 20) -> str:
    """The legal actions' text for an error message: the first `shown`, then how many more."""
    legal: list[Action] = state.legal_actions()
    listed = ", ".join(fmt(state, a) for a in legal[:shown]) or "none (the game is over)"
    more = f" and {len(legal) - shown} more" if len(legal) > shown else ""
    return listed + more


def match_action(state: Any, text: str, fmt: Callable[[Any, Action], str], verbs: Collection[str],
                 shown: int = 20) -> Action:
    """The legal action whose text is `text` (case and spacing do not matter), or the one legal
    action whose text starts with the words of `text`. `verbs` are the first words of every
    action text the game writes: they tell text of this game from text of none."""
    want = _words(text)
    if not want:
        raise NotationError("empty action text")
    legal: list[Action] = state.legal_actions()
    texts = [_words(fmt(state, a)) for a in legal]
    found = [a for a, words in zip(legal, texts, strict=True) if words == want]
    if not found:
        found = [a for a, words in zip(legal, texts, strict=True) if words[:len(want)] == want]
    if len(found) == 1:
        return found[0]
    if found:
        names = ", ".join(fmt(state, a) for a in found[:shown])
        more = f" and {len(found) - shown} more" if len(found) > shown else ""
        raise AmbiguousActionError(f"{text!r} names several legal actions: {names}{more}")
    if want[0] not in verbs:
        raise NotationError(f"{text!r} is no action of this game (actions begin with "
                            f"{', '.join(sorted(verbs))}); legal now: {legal_listing(state, fmt, shown)}")
    raise IllegalActionError(f"{text!r} is not a legal action now; legal: {legal_listing(state, fmt, shown)}")
