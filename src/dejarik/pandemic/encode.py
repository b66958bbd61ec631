"""The cooperative game's observation, compiled (tensors.py lays it out and documents it).

The observation is a few hundred numbers: they are worked out as native floats, block by
block, and an observer writes only those that differ from what its array holds
(`core.writes.write_changed`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from dejarik.core.errors import IllegalActionError
from dejarik.core.writes import unit, write_changed
from dejarik.pandemic.flow import C_ATTACK
from dejarik.pandemic.pack import DIFFICULTIES

if TYPE_CHECKING:
    from dejarik.core.spaces import FloatArray
    from dejarik.pandemic.state import PandemicState as S

DECISIONS: Final = ("?act", "?allocate", "?consent", "?contrib", "?discard", "?exhaust",
                    "?fly_on", "?limit", "?pick", "?prevent", "?ready", "?transport")
"""Every kind of decision the rules ask for (the op of the task on top of the stack)."""
CARD_COPIES: Final = 4.0
"""Counts of one squad card are divided by this (the most copies a card has is about this)."""
TURN_SCALE: Final = 100.0
PLANET_FEATURES: Final = 8
"""Per planet, before the seats' Jedi and the villain's figures standing on it
(tensors.PLANET_FEATURES names them)."""


class Encoder:
    """One layout's observation (its sizes are the layout's: tensors.Spaces)."""

    def __init__(self, seats: int, planets: int, squad: int, jedi: int, figures: int,
                 counters: int, villain_cards: int, missions: int, rates: int, phases: int,
                 invasion_cards: int, droid_total: int, blockade_total: int,
                 actions_per_turn: int, sizes: list[int]) -> None:
        self.seats, self.planets, self.squad, self.jedi = seats, planets, squad, jedi
        self.figures, self.counters, self.villain_cards = figures, counters, villain_cards
        self.missions, self.rates, self.phases = missions, rates, phases
        self.invasion_cards, self.droid_total = invasion_cards, droid_total
        self.blockade_total, self.actions_per_turn = blockade_total, actions_per_turn
        self.planet_width = PLANET_FEATURES + seats + figures
        self.seat_width = jedi + 2 * squad + 3
        self.sizes = sizes   # tracks, villain, missions, squad, decision
        self.size = planets * self.planet_width + seats * self.seat_width + sum(sizes)
        self.decision_at = {op: i for i, op in enumerate(DECISIONS)}

    def changes(self, s: S, player: int, last: list[float], out: FloatArray) -> None:
        """Bring `out` (and `last`, what it holds) to `player`'s observation of `s`."""
        write_changed(self.values(s, player), last, out, 0)

    def view_key(self, s: S, player: int) -> tuple[float, ...]:
        """The observation as a hashable key (values past 1 as 1, as written)."""
        return tuple([v if v < 1.0 else 1.0 for v in self.values(s, player)])

    def values(self, s: S, player: int) -> list[float]:
        """The whole observation (a value past 1 reads as 1 once written: `write_changed`)."""
        n = self.seats
        seat = [(player + k) % n for k in range(n)]         # relative -> real seat
        out = [0.0] * self.size
        at = self._planets(s, seat, out)
        at = self._seats(s, seat, out, at)
        at = self._tracks(s, out, at)
        at = self._villain(s, out, at)
        at = self._missions(s, out, at)
        at = self._squad(s, out, at)
        self._decision(s, seat, out, at)
        return out

    def _planets(self, s: S, seat: list[int], out: list[float]) -> int:
        w = self.planet_width
        top = float(s.max_droids)
        for p in range(self.planets):
            out[p * w] = min(s.droids[p] / top, 1.0)
            out[p * w + 1] = min(float(s.blockades[p]), 1.0)
        for slot in (0, 1):
            if s.slots[slot] >= 0:
                p = s.mission_planet(slot)
                if p >= 0:
                    out[p * w + 2 + slot] = 1.0
        deck, segments = s.inv_deck, s.inv_segments
        next_group = set(deck[len(deck) - segments[0]:]) if segments else set()
        known = set(deck[len(deck) - sum(segments):]) if segments else set()
        for card in s.inv_discard:
            if card >= 0:
                out[card * w + 4] += 1.0 / 4
        for card in next_group:
            if card >= 0:
                out[card * w + 5] = 1.0
        for card in known:
            if card >= 0:
                out[card * w + 6] = 1.0
        if s.ctx is not None:
            out[s.ctx[1] * w + 7] = 1.0
        for k, j in enumerate(seat):
            out[s.pos[j] * w + PLANET_FEATURES + k] = 1.0
        for f, p in enumerate(s.fig_pos):
            if p >= 0:
                out[p * w + PLANET_FEATURES + self.seats + f] = 1.0
        return self.planets * w

    def _seats(self, s: S, seat: list[int], out: list[float], at: int) -> int:
        w, jedi, squad = self.seat_width, self.jedi, self.squad
        for k, j in enumerate(seat):
            row = at + k * w
            out[row + s.jedi[j]] = 1.0
            for c in s.hands[j]:
                out[row + jedi + 2 * s.card_def[c] + (1 if s.exhausted[c] else 0)] += 1.0 / CARD_COPIES
            out[row + jedi + 2 * squad] = 1.0 if j == s.active else 0.0
            out[row + jedi + 2 * squad + 1] = 1.0 if j == s.current_player else 0.0
            out[row + jedi + 2 * squad + 2] = min(len(s.hands[j]) / 10.0, 1.0)
        return at + self.seats * w

    def _tracks(self, s: S, out: list[float], start: int) -> int:
        out[start + s.phase] = 1.0
        at = start + self.phases
        out[at + DIFFICULTIES.index(s.difficulty)] = 1.0
        at += len(DIFFICULTIES)
        out[at + s.invasion] = 1.0
        at += self.rates
        values = [s.threat / max(s.threat_last, 1), s.actions_left / self.actions_per_turn,
                  min(s.uses_left / 3.0, 1.0), min(s.turn / TURN_SCALE, 1.0),
                  s.droid_pool / self.droid_total, min(s.blockade_pool / self.blockade_total, 1.0),
                  1.0 if s.solo else 0.0, min(len(s.inv_deck) / self.invasion_cards, 1.0),
                  1.0 if s.done else 0.0]
        for i, v in enumerate(values):
            out[at + i] = v
        return start + self.sizes[0]

    def _villain(self, s: S, out: list[float], start: int) -> int:
        villains = s.pack.villains
        v = villains[s.villain]
        out[start + s.villain] = 1.0
        at = start + len(villains)
        for i, (_, _, low, high) in enumerate(v.counters):
            out[at + i] = (s.counters[i] - low) / max(high - low, 1)
        at += self.counters
        for f in range(len(v.figures)):
            health = s.figure_health(f)
            out[at + 3 * f] = min((health or 0) / 10.0, 1.0)
            out[at + 3 * f + 1] = 1.0 if s.fig_pos[f] >= 0 else 0.0
            out[at + 3 * f + 2] = 1.0 if s.defeated[f] else 0.0
        at += 3 * self.figures
        for c in s.villain_discard:
            out[at + c] = 1.0
        out[at + self.villain_cards] = len(s.villain_deck) / max(len(v.deck), 1)
        for i in range(start, at):
            out[i] = unit(out[i])
        return start + self.sizes[1]

    def _missions(self, s: S, out: list[float], at: int) -> int:
        m = self.missions
        for slot in (0, 1):
            if s.slots[slot] >= 0:
                out[at + slot * m + s.slots[slot]] = 1.0
        for done in s.mission_done:
            out[at + 2 * m + done] = 1.0
        out[at + 3 * m] = min(len(s.mission_deck) / max(m, 1), 1.0)
        return at + self.sizes[2]

    def _squad(self, s: S, out: list[float], at: int) -> int:
        for c in s.squad_discard:
            out[at + s.card_def[c]] += 1.0 / CARD_COPIES
        out[at + self.squad] = len(s.squad_deck) / max(len(s.card_def), 1)
        return at + self.sizes[3]

    def _decision(self, s: S, seat: list[int], out: list[float], start: int) -> None:
        at = start + len(self.decision_at) + self.seats
        if not s.done and s.tasks:
            task = s.tasks[-1]
            op = task[0]
            decision = self.decision_at.get(op, -1)
            if decision >= 0:
                out[start + decision] = 1.0
            decider = s.current_player
            if decider >= 0:
                out[start + len(self.decision_at) + seat.index(decider)] = 1.0
            if op == "?pick":
                out[at] = 1.0 if task[2] == "jedi" else 0.0
            if op in ("?allocate", "?discard", "?exhaust", "?ready") and len(task) > 2:
                out[at + 1] = min(int(task[2]) / 10.0, 1.0)
        ctx = s.ctx
        if ctx is not None:
            out[at + 2] = 1.0 if ctx[0] == C_ATTACK else 0.0
            out[at + 3] = 1.0 if ctx[0] != C_ATTACK else 0.0
            out[at + 4] = min(ctx[2] / 10.0, 1.0)
            out[at + 5] = min(ctx[3] / 10.0, 1.0)
            out[at + 6] = min(ctx[4] / 10.0, 1.0)
        if s.hurt is not None:
            out[at + 7] = min(s.hurt[1] / 10.0, 1.0)


class ActionCodes:
    """The index of each engine action: a block per action code (tensors.Spaces lays them
    out), `blocks[code]` = (its first index, its width, the argument at its first index)."""

    def __init__(self, blocks: dict[int, tuple[int, int, int]]) -> None:
        self.blocks = blocks

    def encode(self, action: tuple[int, ...]) -> int:
        code, arg = action[0], action[1]
        block = self.blocks.get(code)
        if block is None or not 0 <= arg - block[2] < block[1]:
            raise IllegalActionError(f"{action!r} is no action of this layout")
        return block[0] + arg - block[2]

    def legal(self, s: S) -> dict[int, tuple[int, ...]]:
        """Index -> engine action, for every legal action of the seat to move."""
        out: dict[int, tuple[int, ...]] = {}
        for action in s.legal_actions():
            out[self.encode(action)] = action
        return out
