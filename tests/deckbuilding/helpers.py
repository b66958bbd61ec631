"""Shared helpers for deckbuilding tests: build scenarios with little typing, act by text."""

from __future__ import annotations

from typing import Any

from dejarik.deckbuilding.game import DeckbuildingState
from dejarik.deckbuilding.scenario import load_scenario

EMPIRE, REBEL = 0, 1


def scenario(**kw: Any) -> DeckbuildingState:
    """A position: both starting bases present, Empire to act, unless told otherwise."""
    data: dict[str, Any] = {"active": "empire", "players": {"empire": {}, "rebel": {}}}
    for key, value in kw.items():
        if key in ("empire", "rebel"):
            data["players"][key] = value
        else:
            data[key] = value
    for fid, base in (("empire", "Lothal"), ("rebel", "Dantooine")):
        data["players"][fid].setdefault("base", base)
    return load_scenario(data)


def act(s: DeckbuildingState, *texts: str) -> DeckbuildingState:
    for t in texts:
        s.apply(s.text_to_action(t))
    return s


def names(s: DeckbuildingState, cards: list[int]) -> list[str]:
    return [s.name(c) for c in cards]


def legal(s: DeckbuildingState) -> list[str]:
    return [s.action_to_text(a) for a in s.legal_actions()]
