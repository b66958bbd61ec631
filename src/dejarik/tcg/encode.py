"""The card game's observation, compiled and written in place (tensors.py lays it out and
documents it).

Each card instance's row is packed into one whole number (its key) and compared with the key
its row was last written from: only a row whose key changed is written, and in it only the
entries that changed. The opponent's build slots and the globals are a short list compared
value by value. A random step changes a handful of rows of 120, so a step writes a few dozen
numbers, not 5,570.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from dejarik.core.errors import IllegalActionError
from dejarik.core.writes import unit, write_changed
from dejarik.tcg import flow as F
from dejarik.tcg.flow import MAX_STACK, SETUP_POINTS
from dejarik.tcg.observe import knows
from dejarik.tcg.state import ARENA, ASIDE, EQUIPPED, HELD, PLACE, REMOVED

if TYPE_CHECKING:
    from dejarik.core.spaces import FloatArray
    from dejarik.tcg.state import TcgState as S

BUILD_AT_ONCE: Final = 12
"""The most build counters one action of the spaces adds (more: build again)."""
BID_STEPS: Final = 30
"""A bid is offered up to this far above the lowest bid allowed."""
BUILD_SLOTS: Final = 24
"""The opponent's build zone is shown slot by slot, up to this many slots."""
DICE: Final = 12
"""The dice of the attack in progress, up to this many."""
STAT_SCALE: Final = 20.0
"""Counters, damage and stats are divided by this (and clipped to 0..1)."""
FORCE_SCALE: Final = 50.0


def _scaled(x: int, top: int) -> int:
    """A count clipped to 0..top (its scaled value is then x / top, in 0..1)."""
    return 0 if x < 0 else top if x > top else x


# A card's row is packed into one int (its key): the location column (HIDDEN_AT for a card
# the observer may not identify), then each value clipped to its scale, as a whole number:
# counters, damage, tapped, retreated, speed, power, health (each of 0..20), stacked (0..4),
# attacking, defending, taking damage. Equal keys, equal rows: a card whose key is as last
# written costs one comparison of two ints.
STAT: Final = 20   # STAT_SCALE as a whole number (a literal: compiled in as a constant)
_FIELDS: Final = ((STAT, 5), (STAT, 5), (1, 1), (1, 1), (STAT, 5), (STAT, 5), (STAT, 5),
                  (MAX_STACK, 3), (1, 1), (1, 1), (1, 1))
"""Each value's scale and bit width in a key, in column order after the locations."""
HIDDEN_AT: Final = 63
HIDDEN_KEY: Final = HIDDEN_AT << 33   # 33: the bits of the values
NONE: Final = -1
"""The key of a row not written yet."""


class Tracker:
    """What an observer's array holds: each card's key as last written (NONE: not yet), and
    the build slots and globals after the card block."""

    def __init__(self, n: int) -> None:
        self.keys: list[int] = [NONE] * n
        self.tail: list[float] = []


class Encoder:
    """The dynamic part of one layout's observation (the printed facts of each instance are
    written once, when an observer starts: `Spaces.blank`)."""

    def __init__(self, n: int, width: int, zone_at: dict[int, int], opp: int, equipped_at: int,
                 held_at: int, removed_at: int, aside_at: int, values_at: int, phases: int,
                 arenas: int, decisions: list[str], globals_count: int) -> None:
        self.n, self.w = n, width
        self.opp = opp
        zones = max([*zone_at, EQUIPPED, HELD, REMOVED, ASIDE, ARENA, PLACE]) + 1
        self.zone_at = [zone_at.get(z, -1) for z in range(zones)]
        pairs = {EQUIPPED: equipped_at, HELD: held_at, REMOVED: removed_at, ASIDE: aside_at}
        self.pair_at = [pairs.get(z, -1) for z in range(zones)]
        self.values_at = values_at
        self.tail_at = n * width
        self.phases, self.arenas = phases, arenas
        self.decisions = {op: i for i, op in enumerate(decisions)}
        self.globals_count = globals_count
        # a constant tuple is made anew at each use in compiled code: lists, made once
        self.tops = [top for top, _ in _FIELDS]
        self.widths = [bits for _, bits in _FIELDS]

    def changes(self, s: S, player: int, t: Tracker, out: FloatArray) -> None:
        """Bring `out` (and `t`) to `player`'s observation of `s`, writing only what differs."""
        keys = t.keys
        now = self._keys(s, player)
        for c in range(self.n):
            key, old = now[c], keys[c]
            if old != key:
                self._write_row(c, old, key, out)
                keys[c] = key
        write_changed(self._tail(s, player), t.tail, out, self.tail_at)

    def view_key(self, s: S, player: int) -> tuple[object, ...]:
        """What `changes` writes, as a hashable key: equal keys, equal observations (the
        printed facts are the same in every position of a layout)."""
        return (tuple(self._keys(s, player)), tuple(self._tail(s, player)))

    def _keys(self, s: S, player: int) -> list[int]:
        atk = s.atk
        attacker, defender = (atk[0], atk[1]) if atk is not None else (-1, -1)
        hurt = s.dmg[0] if s.dmg is not None else -1
        return [self._key(s, player, c, attacker, defender, hurt) for c in range(self.n)]

    def _tail(self, s: S, player: int) -> list[float]:
        """The opponent's build slots, then the globals."""
        tail = self._slots(s, player)
        tail.extend(self._globals(s, player))
        return tail

    def _key(self, s: S, player: int, c: int, attacker: int, defender: int, hurt: int) -> int:
        mine = s.owner[c] == player
        if not mine and not knows(s, player, c):
            return HIDDEN_KEY
        z = s.zone[c]
        pair = self.pair_at[z]
        if pair >= 0:      # equipped, held face down, removed, set aside: a pair of their own
            at = pair + (0 if mine else 1)
        else:
            if z == ARENA:
                at = s.unit_arena(c) + 4
            elif z == PLACE:
                at = s.location_arena(c) + 4
            else:
                at = self.zone_at[z]
            if not mine:   # the opponent's, after opp_hidden
                at += self.opp
        key = at
        key = key << 5 | _scaled(s.counters[c], STAT)
        key = key << 5 | _scaled(s.damage[c], STAT)
        key = key << 1 | (1 if s.tapped[c] else 0)
        key = key << 1 | (1 if s.face_up[c] else 0)
        if z == ARENA:
            speed, power = s.speed_and_power(c)
            key = key << 5 | _scaled(speed, STAT)
            key = key << 5 | _scaled(power, STAT)
            key = key << 5 | _scaled(s.health(c), STAT)
            key = key << 3 | _scaled(s.stack_size(c), MAX_STACK)
        else:
            key <<= 18
        key = key << 1 | (1 if c == attacker else 0)
        key = key << 1 | (1 if c == defender else 0)
        return key << 1 | (1 if c == hurt else 0)

    def _write_row(self, c: int, old: int, key: int, out: FloatArray) -> None:
        """The entries of card c's row that differ between two keys (old NONE: a row of
        zeros)."""
        base = c * self.w
        first = base + self.values_at
        tops, widths = self.tops, self.widths
        k = len(tops) - 1
        new_bits, old_bits = key, old if old != NONE else 0
        while k >= 0:   # the values, last first, as they come off the low bits
            top, bits = tops[k], widths[k]
            mask = (1 << bits) - 1
            v, was = new_bits & mask, old_bits & mask
            if v != was or old == NONE:
                out[first + k] = v / top
            new_bits >>= bits
            old_bits >>= bits
            k -= 1
        at, before = new_bits, old_bits if old != NONE else -1
        if at != before:
            if before >= 0:
                out[base + (self.opp if before == HIDDEN_AT else before)] = 0.0
            out[base + (self.opp if at == HIDDEN_AT else at)] = 1.0

    def _slots(self, s: S, player: int) -> list[float]:
        """The opponent's build zone, slot by slot: present, its counters, known."""
        out = [0.0] * (BUILD_SLOTS * 3)
        i = 0
        for c in s.build[1 - player][:BUILD_SLOTS]:
            out[i] = 1.0
            out[i + 1] = unit(s.counters[c] / STAT_SCALE)
            out[i + 2] = 1.0 if knows(s, player, c) else 0.0
            i += 3
        return out

    def _globals(self, s: S, player: int) -> list[float]:
        me, opp = player, 1 - player
        n = float(self.n)
        out = [1.0 if me == 0 else 0.0, s.force[me] / FORCE_SCALE, s.force[opp] / FORCE_SCALE,
               s.bp[me] / 10.0, s.bp[opp] / 10.0, s.setup_left[me] / SETUP_POINTS,
               s.setup_left[opp] / SETUP_POINTS, float(s.lost_character[me]),
               float(s.lost_character[opp]), len(s.hand[me]) / STAT_SCALE,
               len(s.hand[opp]) / STAT_SCALE, len(s.deck[me]) / n, len(s.deck[opp]) / n,
               s.turn / 100.0]
        out.extend([0.0] * (self.globals_count - len(out)))
        at = 14
        out[at + s.phase] = 1.0
        at += self.phases
        if s.step >= 0:
            out[at + s.step] = 1.0
        at += self.arenas
        for a in range(self.arenas):
            out[at + a] = float(s.attacked >> a & 1)
        at += self.arenas
        if s.dmg is not None:
            out[at], out[at + 1] = s.dmg[1] / STAT_SCALE, s.dmg[4] / STAT_SCALE
        at += 2
        for i, face in enumerate(s.dice[:DICE]):
            out[at + i] = face / 6.0
        at += DICE
        if not s.done and s.tasks:
            out[at] = 1.0 if s.current_player == player else 0.0
            decision = self.decisions.get(s.tasks[-1][0], -1)
            if decision >= 0:
                out[at + 1 + decision] = 1.0
        return [unit(v) for v in out]


class ActionCodes:
    """The index of each engine action in one layout's blocks (tensors.Spaces lays them out):
    a block per action kind, `at[kind]` its first index and `width[kind]` its size."""

    def __init__(self, n: int, abilities: int, at: dict[int, int], width: dict[int, int]) -> None:
        self.n, self.abilities = n, abilities
        kinds = len(F.KIND_NAMES)
        self.at = [at[k] for k in range(kinds)]
        self.width = [width[k] for k in range(kinds)]
        # how each kind's offset is made: looked up once here, not named at every action
        how = {F.PASS: 0, F.PLAY: 1, F.SKIP: 1, F.RETREAT: 1, F.BUILD_K: 2, F.DEPLOY: 3,
               F.ABILITY: 4, F.CHOOSE: 4, F.ATTACK: 5, F.BID: 6, F.RESTACK: 7, F.PILOT: 8}
        self.how = [how.get(k, -1) for k in range(kinds)]

    def encode(self, s: S, action: tuple[int, ...]) -> int:
        """The index of an engine action, or -1 for one the spaces do not offer (a build or a
        bid beyond the caps in tensors' docstring)."""
        kind, a, b = action[0], action[1], action[2]
        how = self.how[kind] if 0 <= kind < len(self.how) else -1
        if how == 0:
            offset = 0
        elif how == 1:
            offset = a
        elif how == 2:
            if b > BUILD_AT_ONCE:
                return -1
            offset = a * BUILD_AT_ONCE + b - 1
        elif how == 3:
            if b > 1:     # a Location's third arena (Space/Ground/Character): not in the spaces
                return -1
            offset = a * 2 + b
        elif how == 4:
            offset = a * self.abilities + b
        elif how == 5:
            offset = a * self.n + b
        elif how == 6:
            low = lowest_bid(s)
            if a - low >= BID_STEPS:
                return -1
            offset = a - low
        elif how == 7:
            place = s.under[a].index(b)
            if place >= MAX_STACK:   # a fifth card and more (Jedi Temple)
                return -1
            offset = a * MAX_STACK + place
        elif how == 8:    # also Equipment attached to a unit (docs/tcg.md, "Equipment")
            offset = a * (self.n + 1) + b
        else:
            raise IllegalActionError(f"{action!r} is no action of the trading card game")
        if not 0 <= offset < self.width[kind]:
            raise IllegalActionError(f"{action!r} does not fit the learning spaces")
        return self.at[kind] + offset

    def legal(self, s: S) -> dict[int, tuple[int, ...]]:
        """Index -> engine action, for every legal action the spaces offer."""
        out: dict[int, tuple[int, ...]] = {}
        for action in s.legal_actions():
            index = self.encode(s, action)
            if index >= 0:
                out[index] = action
        return out


def lowest_bid(s: S) -> int:
    """The lowest bid the bid under way allows."""
    task = s.tasks[-1]
    if task[0] == "?secret_bid":      # 0 up to the bidder's Force
        return 0
    return int((task[3], task[4])[task[5]]) + 1
