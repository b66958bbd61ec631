"""Actions as text (docs/notation.md): `fly Kessa`, `attack`, `exhaust Clone Squad`, `pass`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dejarik.core.errors import NotationError
from dejarik.core.notation import match_action
from dejarik.core.protocol import Action
from dejarik.pandemic import codes as C

if TYPE_CHECKING:
    from dejarik.pandemic.state import PandemicState as S

_WORDS = {C.REINFORCE: "reinforce", C.ATTACK: "attack", C.ABILITY: "ability", C.END: "end",
          C.PASS: "pass", C.AGREE: "agree", C.REFUSE: "refuse"}
_CARD_WORDS = {C.ALLY: "ally", C.EXHAUST: "exhaust", C.READY: "ready"}
VERBS = frozenset({*_WORDS.values(), *_CARD_WORDS.values(), "fly", "mission", "discard", "target", "pick"})
"""The first word of every action's text: text starting otherwise is no action of this game."""


def action_text(s: S, a: Action) -> str:
    code, arg = a[0], a[1]
    if code in _WORDS:
        return _WORDS[code]
    if code == C.FLY:
        return f"fly {s.planet_name(arg)}"
    if code == C.MISSION:
        return f"mission {s.pack.missions[s.slots[arg]].name}" if s.slots[arg] >= 0 else "mission"
    if code in _CARD_WORDS:
        return f"{_CARD_WORDS[code]} {s.pack.squad[arg].name}"
    if code == C.DISCARD:
        d, ex = divmod(arg, 2)
        return f"discard {s.pack.squad[d].name}" + (" (exhausted)" if ex else "")
    if code == C.TARGET:
        return "target droid" if arg < 0 else f"target {s.figure_name(arg)}"
    if code == C.PICK:
        task = s.tasks[-1] if s.tasks else ()
        if len(task) > 2 and task[0] == "?pick" and task[2] == "jedi":
            return f"pick {s.jedi_name(arg)}"
        return f"pick {s.planet_name(arg)}"
    raise NotationError(f"no action has the code {code}")


def parse_action(s: S, text: str) -> Action:
    """The legal action this text names (case and spacing do not matter)."""
    return match_action(s, text, action_text, VERBS, shown=1000)
