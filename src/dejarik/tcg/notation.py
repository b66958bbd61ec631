"""Actions as text (docs/tcg.md, "Notation"): `build Clone Squad#12 +3`, `attack Jango Fett (A)#4
> Clone Platoon#70`, `play Hero's Dodge#41`, `choose ground`, `first Watto (A)#7`, `pass`.

A card is named with its instance number after `#`, since a deck holds copies. Parsing matches
the text against the legal actions, so formatting and parsing always agree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dejarik.core.errors import NotationError
from dejarik.core.notation import match_action
from dejarik.core.protocol import Action
from dejarik.tcg import flow as F
from dejarik.tcg.carddefs import EQUIPMENT

if TYPE_CHECKING:
    from dejarik.tcg.state import TcgState as S

ARENA_WORDS = ("space", "ground", "character")
CARD_TYPE_WORDS = ("space", "ground", "character", "battle", "mission", "location", "equipment")
VERBS = frozenset({"pass", "build", "deploy", "complete", "use", "play", "attack", "hold", "retreat",
                   "choose", "yes", "pay", "bid", "restack", "pilot", "unpilot", "first", "equip"})
"""The first word of every action's text: text starting otherwise is no action of this game."""


def card(s: S, inst: int) -> str:
    return f"{s.name(inst)}#{inst}"


def _choice(s: S, arg: int) -> str:
    task = s.tasks[-1] if s.tasks else ("",)
    op = task[0]
    if op in ("?arena", "?unit_type"):
        return f"choose {ARENA_WORDS[arg]}"
    if op in ("?option", "?mode"):
        return f"choose option {arg + 1}"
    if op == "?dice":
        return f"choose die {arg + 1} ({s.dice[arg]})" if arg < len(s.dice) else f"choose die {arg + 1}"
    if op in ("?may", "?trigger"):
        return "yes"
    if op == "?card_type":
        return f"choose {CARD_TYPE_WORDS[arg]}"
    if op == "?name":      # a card instance stands for its name, every version
        return f"choose name {s.d(arg).uname}"
    if op == "?predict":
        return f"choose {arg} hits"
    if op in ("?x", "?name_x"):
        return f"choose x={arg}"
    if op == "?gain_split":
        return f"choose {arg} force"
    if op in ("?pay", "?offer"):
        return f"pay {task[2]}"
    if op in ("?counters", "?face_down") and not s.shown[arg] >> int(task[1]) & 1:
        return f"choose face-down card #{arg}"     # a card the chooser can't see
    if op == "?order":
        return f"first {card(s, arg)}"
    return f"choose {card(s, arg)}"


def action_text(s: S, a: Action) -> str:
    kind, x, y = a[0], a[1], a[2]
    if kind == F.PASS:
        return "pass"
    if kind == F.BUILD_K:
        return f"build {card(s, x)} +{y}"
    if kind == F.DEPLOY:
        word = "complete" if s.d(x).kind == 2 else "deploy"
        homes = s.d(x).homes
        if homes:      # a Location: the arena is named when it may go to more than one
            return f"deploy {card(s, x)}" + (f" {ARENA_WORDS[homes[y]]}" if len(homes) > 1 else "")
        return f"{word} {card(s, x)}" + (" under" if y else "")
    if kind == F.ABILITY:
        return f"use {card(s, x)} {y + 1}"
    if kind == F.PLAY:
        return f"play {card(s, x)}"
    if kind == F.ATTACK:
        return f"attack {card(s, x)} > {card(s, y)}"
    if kind == F.SKIP:
        return f"hold {card(s, x)}"
    if kind == F.RETREAT:
        return f"retreat {card(s, x)}"
    if kind == F.CHOOSE:
        return _choice(s, x)
    if kind == F.BID:
        return f"bid {x}"
    if kind == F.RESTACK:
        return f"restack {card(s, x)} {card(s, y)}"
    if kind == F.PILOT and s.d(x).kind == EQUIPMENT:    # docs/tcg.md, "Equipment"
        return f"equip {card(s, x)} > {card(s, y - 1)}"
    if kind == F.PILOT:
        return f"pilot {card(s, x)} > {card(s, y - 1)}" if y else f"unpilot {card(s, x)}"
    raise NotationError(f"no action has the kind {kind}")


def parse_action(s: S, text: str) -> Action:
    """The legal action this text names (case and spacing do not matter)."""
    return match_action(s, text, action_text, VERBS)
