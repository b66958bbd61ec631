"""Shared helpers for the deckbuilding rules tests.

Positions are built with `dejarik.deckbuilding.scenario.load_scenario` (docs/scenarios.md) and
driven with the action notation (docs/notation.md). Every action applied through `do` is
followed by an invariant check, so a test also fails when the engine reaches an inconsistent
state on the way.
"""

from __future__ import annotations

from typing import Any

from dejarik.deckbuilding.invariants import check_invariants
from dejarik.deckbuilding.rules import attack_of
from dejarik.deckbuilding.scenario import load_scenario

EMPIRE, REBEL = 0, 1
STARTING_BASE = {"empire": "Lothal", "rebel": "Dantooine"}
_KEEP = object()


def position(active: str = "empire", force: int = 3, empire: dict[str, Any] | None = None,
             rebel: dict[str, Any] | None = None, **top: Any) -> Any:
    """A scenario with small defaults: starting bases, no pilots, Force in the middle.

    `empire` / `rebel` are the player mappings of docs/scenarios.md; a player without a
    `base` key gets their faction's starting base (write `base: None` for a destroyed base).
    Other keyword arguments are top-level scenario fields (row, galaxy_deck, phase, ...).
    """
    players: dict[str, Any] = {}
    for fid, raw in (("empire", empire), ("rebel", rebel)):
        p = dict(raw or {})
        p.setdefault("base", STARTING_BASE[fid])
        players[fid] = p
    data: dict[str, Any] = {"active": active, "force": force, "players": players, "pilots": 0,
                            "seed": 1}
    data.update(top)
    s = load_scenario(data)
    assert check_invariants(s) == []
    return s


def do(s: Any, *texts: str) -> None:
    """Apply actions written in notation, checking the invariants after each one."""
    for text in texts:
        s.apply(s.text_to_action(text))
        problems = check_invariants(s)
        assert problems == [], f"after {text!r}: {problems}"


def commit_all(s: Any, seat: int, target: str) -> None:
    """Commit every card the player has in play to one target ('base' or a row slug)."""
    for c in list(s.players[seat].play):
        do(s, f"commit {c} {target}")


def legal(s: Any) -> list[str]:
    """The legal actions, as text."""
    return [s.action_to_text(a) for a in s.legal_actions()]


def offered(s: Any, prefix: str) -> bool:
    """Whether some legal action's text starts with `prefix` (e.g. 'use x-wing')."""
    return any(t == prefix or t.startswith(prefix + "#") or t.startswith(prefix + " ")
               for t in legal(s))


def names(s: Any, pile: list[int]) -> list[str]:
    """Card names of a pile, in list order (for decks and discard piles: top card LAST)."""
    return [s.name(c) for c in pile]


def top(s: Any, pile: list[int]) -> str:
    """The name of a pile's top card."""
    return s.name(pile[-1])


def inst(s: Any, pile: list[int], name: str) -> int:
    """The first card instance in `pile` with this name."""
    for c in pile:
        if s.name(c) == name:
            return c
    raise AssertionError(f"{name} not in {names(s, pile)}")


def attack(s: Any, seat: int, name: str) -> int:
    """attack_of the named card the player has in play."""
    return int(attack_of(s, inst(s, s.players[seat].play, name), seat))


def base_damage(s: Any, seat: int) -> int:
    b = s.players[seat].base
    assert b >= 0, "that base is destroyed"
    return int(s.damage[b])
