"""A position of the cooperative game, and the kernel protocol over it.

The rules run as a stack of small tasks (`tasks`, plain tuples): an automatic task is popped
and run (flow.py, effects.py); a decision task (its op starts with "?") waits for an action
of its decider. So a position, paused in the middle of an attack or a villain card, clones and
serialises as plain data.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any, Self

from dejarik.core.errors import IllegalActionError
from dejarik.core.fields import Field, StateFields
from dejarik.core.protocol import Action
from dejarik.core.rng import Rng
from dejarik.pandemic.pack import Pack

Task = tuple[Any, ...]

# phases of a turn
SETUP, ACTIONS, VILLAIN, INVASION = 0, 1, 2, 3
PHASES = ("setup", "actions", "villain", "invasion")

_INTS = list[int]
FIELDS = StateFields("pandemic", [Field(name, kind) for name, kind in {
    "num_players": int, "solo": bool, "difficulty": str, "mission_count": int, "villain": int,
    "jedi": _INTS, "pos": _INTS, "hands": list[_INTS], "exhausted": list[bool], "squad_deck": _INTS,
    "squad_discard": _INTS, "droids": _INTS, "blockades": _INTS, "droid_pool": int,
    "blockade_pool": int, "threat": int, "invasion": int, "fig_pos": _INTS, "fig_last": _INTS,
    "defeated": list[bool], "counters": _INTS, "villain_deck": _INTS, "villain_discard": _INTS,
    "reminder": bool, "inv_deck": _INTS, "inv_discard": _INTS, "inv_segments": _INTS,
    "mission_deck": _INTS, "mission_unseen": _INTS, "mission_done": _INTS, "slots": _INTS,
    "finale": bool, "finale_next": int, "active": int, "phase": int, "turn": int,
    "actions_left": int, "uses_left": int, "ctx": _INTS | None, "hurt": _INTS | None,
    "tasks": list[Any], "done": bool, "won": bool, "end_reason": str,
}.items()], shared=("pack", "config", "teams", "card_def", "routes", "rates", "threat_last", "max_droids",
                    "turn_limit", "_legal", "lookahead_refusals"))
"""Every field of a position with its type in JSON: copying, the hash, saving and loading are
derived from this one list (core/fields.py). Tasks are tuples of mixed values."""


class PandemicState:
    """Everything about one game: the board, the decks, the Jedi, the task stack."""

    game_name = "pandemic"

    pack: Pack
    config: dict[str, Any]

    def __init__(self) -> None:
        self.num_players = 0
        self.teams: tuple[tuple[int, ...], ...] = ((),)
        self.solo = False
        self.difficulty = "padawan"
        self.mission_count = 0
        self.villain = 0
        self.card_def: tuple[int, ...] = ()     # squad instance -> squad def
        self.routes: tuple[tuple[int, ...], ...] = ()
        self.rates: tuple[int, ...] = ()
        self.threat_last = 0
        self.max_droids = 3
        self.jedi: list[int] = []               # seat -> Jedi def
        self.pos: list[int] = []                # seat -> planet
        self.hands: list[list[int]] = []
        self.exhausted: list[bool] = []         # per squad instance
        self.squad_deck: list[int] = []         # top = last
        self.squad_discard: list[int] = []
        self.droids: list[int] = []
        self.blockades: list[int] = []
        self.droid_pool = 0
        self.blockade_pool = 0
        self.threat = 0
        self.invasion = 0
        self.fig_pos: list[int] = []            # -1: off the board
        self.fig_last: list[int] = []           # where each figure was last on the board
        self.defeated: list[bool] = []          # removed during the finale
        self.counters: list[int] = []
        self.villain_deck: list[int] = []
        self.villain_discard: list[int] = []
        self.reminder = False
        self.inv_deck: list[int] = []           # planet, or -1 / -2: the orange / white Mission Planet card
        self.inv_discard: list[int] = []
        self.inv_segments: list[int] = []       # sizes of reshuffled groups on top of inv_deck
        self.mission_deck: list[int] = []
        self.mission_unseen: list[int] = []     # never drawn, back in the box
        self.mission_done: list[int] = []
        self.slots: list[int] = [-1, -1]        # orange, white: mission or -1
        self.finale = False
        self.finale_next = 0
        self.active = 0
        self.phase = SETUP
        self.turn = 0
        self.actions_left = 0
        self.uses_left = 0
        self.ctx: list[int] | None = None       # the attack or mission in progress (flow.py)
        self.hurt: list[int] | None = None      # [Jedi, damage] being taken now
        self.tasks: list[Task] = []
        self.done = False
        self.won = False
        self.end_reason = ""
        self.turn_limit = 0
        self.rng = Rng(0)
        self.log: list[str] | None = None
        self.trace: dict[str, Any] | None = None  # a simulated game's record (simreport.py)
        self._legal: list[Action] | None = None
        self.lookahead_refusals = 0   # requests refused in a lookahead's line (policy.settle)

    # -- names -----------------------------------------------------------------------------
    def planet_name(self, p: int) -> str:
        return self.pack.planets[p]

    def figure_name(self, f: int) -> str:
        return self.pack.villains[self.villain].figures[f].name

    def jedi_name(self, seat: int) -> str:
        return self.pack.jedi[self.jedi[seat]].name

    def card_name(self, inst: int) -> str:
        return self.pack.squad[self.card_def[inst]].name

    def who(self, seat: int) -> str:
        return self.jedi_name(seat) if seat >= 0 else "nobody"

    def note(self, text: str) -> None:
        if self.log is not None:
            self.log.append(text)

    # -- derived facts ---------------------------------------------------------------------
    def figure_health(self, f: int) -> int | None:
        fig = self.pack.villains[self.villain].figures[f]
        return fig.finale_health if self.finale else fig.health

    def mission_planet(self, slot: int) -> int:
        """Where a slot's marker is: its mission's planet, or (slot empty) the other one's."""
        m = self.slots[slot]
        if m < 0:
            m = self.slots[1 - slot]
            if m < 0:
                return -1
        planet = self.pack.missions[m].planet
        if planet is None or planet < 0:
            # a finale mission on the villain's planet: where a figure is, or (all driven off)
            # where the first one was last, so the mission can still be done
            return next((p for p in self.fig_pos if p >= 0), self.fig_last[0] if self.fig_last else -1)
        return planet

    def mission_planets(self) -> list[int]:
        return [p for p in (self.mission_planet(0), self.mission_planet(1)) if p >= 0]

    def top_planet(self) -> int:
        """Seed 001, "Wierzchnia planeta": the card on top of the invasion discard."""
        if not self.inv_discard:
            return -1
        return self.card_planet(self.inv_discard[-1])

    def card_planet(self, card: int) -> int:
        return card if card >= 0 else self.mission_planet(-card - 1)

    def threat_value(self) -> int:
        vals = self.pack.threat_values
        return vals[self.threat] if vals else self.threat

    def counter(self, name: str) -> int:
        for i, c in enumerate(self.pack.villains[self.villain].counters):
            if c[0] == name:
                return self.counters[i]
        return 0

    def amount(self, a: Any) -> int:
        if isinstance(a, int):
            return a
        _, base, ref = a
        plus = (self.threat_value() if ref == "threat" else
                self.rates[self.invasion] if ref == "invasion" else self.counter(ref))
        return int(base) + plus

    def ready_cards(self, seat: int) -> list[int]:
        return [c for c in self.hands[seat] if not self.exhausted[c]]

    # -- the end ---------------------------------------------------------------------------
    def finish(self, won: bool, reason: str) -> None:
        if not self.done:
            self.done, self.won, self.end_reason = True, won, reason
            self.note(("Victory: " if won else "Defeat: ") + reason)

    def check_win(self) -> None:
        v = self.pack.villains[self.villain]
        if not self.finale or self.done or not v.win:
            return
        figs = v.figures
        if "defeat" in v.win and not all(self.defeated[f] for f in range(len(figs))
                                         if figs[f].finale_health is not None):
            return
        if "missions" in v.win and self.finale_next <= len(v.finale_missions):
            return
        self.finish(True, "the finale is won")

    # -- the kernel protocol ---------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.done or not self.tasks:
            return -1
        from dejarik.pandemic.flow import decider

        return decider(self, self.tasks[-1])

    def legal_actions(self) -> list[tuple[int, ...]]:
        if self.done:
            return []
        if self._legal is None:
            from dejarik.pandemic.flow import options

            self._legal = options(self, self.tasks[-1])
        out: list[tuple[int, ...]] = list(self._legal)
        return out

    def apply(self, action: tuple[int, ...]) -> None:
        act = tuple(action)
        if self.done or act not in self.legal_actions():
            legal = ", ".join(self.action_to_text(a) for a in self.legal_actions()) or "none"
            raise IllegalActionError(f"{action!r} is not legal now (legal: {legal})")
        from dejarik.pandemic.flow import answer, run

        self._legal = None
        answer(self, self.tasks[-1], (act[0], act[1]))
        run(self)

    def is_terminal(self) -> bool:
        return self.done

    def winner(self) -> int | None:
        """The team (0: every Jedi) when it won; None on a loss."""
        return 0 if self.done and self.won else None

    def returns(self) -> list[float]:
        if not self.done:
            return [0.0] * self.num_players
        return [1.0 if self.won else -1.0] * self.num_players

    def action_to_text(self, action: tuple[int, ...]) -> str:
        from dejarik.pandemic.notation import action_text

        return action_text(self, action)

    def text_to_action(self, text: str) -> tuple[int, ...]:
        from dejarik.pandemic.notation import parse_action

        return parse_action(self, text)

    def observation(self, player: int) -> dict[str, Any]:
        from dejarik.pandemic.observe import observation

        return observation(self, player)

    def resample_hidden(self, player: int, seed: int) -> Self:
        from dejarik.pandemic.observe import resample_hidden

        world: Self = resample_hidden(self, seed)   # type: ignore[assignment]
        return world

    # -- copies, hashes, JSON --------------------------------------------------------------
    def clone(self) -> Self:
        s = type(self)()
        FIELDS.copy(self, s)
        s.rng = self.rng.copy()
        s.log = None
        s.trace = None
        return s

    def _key(self) -> tuple[Any, ...]:
        return (*FIELDS.key(self), self.rng.state)

    def state_hash(self) -> str:
        return hashlib.blake2b(repr(self._key()).encode(), digest_size=16).hexdigest()

    def to_json(self) -> dict[str, Any]:
        from dejarik.pandemic.saved import state_to_json

        return state_to_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PandemicState:
        from dejarik.pandemic.saved import state_from_json

        return state_from_json(cls, data)
