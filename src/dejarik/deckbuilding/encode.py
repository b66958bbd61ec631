"""The learning spaces' hot path, compiled: what an observation holds as (index, value) pairs,
and the index of each legal action (tensors.py lays both out and documents them).

An observation is mostly zeros: a one-hot location per card instance, a few marks, a few
dozen globals. Between two steps only a few of them change: listing those, here, and writing
them with one NumPy call is several times faster than filling the array from Python.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Protocol

from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding.effects import MERGED_ZONES
from dejarik.deckbuilding.observe import revealed_cards, sees_hand, shown_zones
from dejarik.deckbuilding.rules import attack_of

if TYPE_CHECKING:
    from dejarik.deckbuilding.game import DeckbuildingState
    from dejarik.deckbuilding.state import Region

ROW_SLOTS: Final = 6
DAMAGE_SCALE: Final = 20.0
ATTACK_SCALE: Final = 20.0
TURN_SCALE: Final = 1000.0
POOL_SCALE: Final = 50.0
VICTORIES_SCALE: Final = 5.0
PREVENTED_SCALE: Final = 10.0
HAND_SCALE: Final = 20.0
HUNTS_SCALE: Final = 5.0

# A seat as the observer names it (player ^ k): the location codes of its hand, deck, hand or
# deck unseen, base, and its discard, play, exile, base deck and victory piles.
SeatCodes = tuple[int, int, int, int, int, tuple[int, int, int, int, int]]


class FloatArray(Protocol):
    """A writable array of floats by index: here a memoryview of a float32 NumPy array, whose
    items are set far more cheaply one by one than through NumPy's indexing."""

    def __setitem__(self, index: int, value: float, /) -> None: ...


def _unit(v: float) -> float:
    return min(max(v, 0.0), 1.0)


class ObservationTracker:
    """What one observer's array held when last written: each card's location code, the
    other card entries, and the globals. `ObservationCodes.changes` brings the array and the
    tracker up to date together: between two steps only a few cards move, so an environment
    rewrites a handful of numbers, not the whole observation."""

    def __init__(self, n: int) -> None:
        self.loc = [-2] * n            # -2: nothing written yet
        self.extra: dict[int, float] = {}   # the other card entries last written, by position
        self.globals: list[float] = []


class ObservationCodes:
    """Where each part of a configuration's observation lies, and how to list it."""

    def __init__(self, n: int, card_width: int, locations: int, seats: list[SeatCodes],
                 regions: list[tuple[int, int, int, int]], team: bool, force_spaces: int,
                 globals_count: int, count_scale: float) -> None:
        self.n, self.w, self.col = n, card_width, locations
        self.seats, self.regions, self.team = seats, regions, team
        self.globals_at = n * card_width
        self.force_spaces = force_spaces
        self.globals_count = globals_count
        self.count_scale = count_scale

    def changes(self, s: DeckbuildingState, player: int, t: ObservationTracker,
                out: FloatArray) -> None:
        """Turn the array `t` describes (`out`, a writable view of its float32 values) into
        `player`'s observation of `s`, writing only the entries that differ; `t` is brought
        up to date. Written item by item: for the few dozen entries a step changes, that is
        several times cheaper than gathering them for NumPy."""
        w = self.w
        shown = shown_zones(s, player)
        loc = self._locations(s, player, shown)
        last = t.loc
        for c in range(self.n):
            code = loc[c]
            before = last[c]
            if code != before:
                if before != -2:
                    out[c * w + (before if before >= 0 else w - 1)] = 0.0
                out[c * w + (code if code >= 0 else w - 1)] = 1.0
                last[c] = code
        extra = self._card_extras(s, player, shown)
        old = t.extra
        for k in old:
            if k not in extra:
                out[k] = 0.0
        for k, v in extra.items():
            if old.get(k, 0.0) != v:
                out[k] = v
        t.extra = extra
        g = self._globals(s, player)
        before_g = t.globals
        at = self.globals_at
        for i in range(len(g)):
            if not before_g or g[i] != before_g[i]:
                out[at + i] = g[i]
        t.globals = g

    def _locations(self, s: DeckbuildingState, player: int, shown: set[int]) -> list[int]:
        """Each card's location code, as the observer may know it."""
        players = s.players
        loc = [-1] * self.n
        for k, hand, deck, hidden, base, piles in self.seats:
            p = players[player ^ k]
            if k and not sees_hand(s, player, player ^ k, shown):
                hand = deck = hidden
            for c in p.hand:
                loc[c] = hand
            for c in p.deck:
                loc[c] = deck
            for c in p.discard:
                loc[c] = piles[0]
            for c in p.play:
                loc[c] = piles[1]
            for c in p.exile:
                loc[c] = piles[2]
            for c in p.base_deck:
                loc[c] = piles[3]
            for c in p.victory:
                loc[c] = piles[4]
            if p.base >= 0:
                loc[p.base] = base
        for i, region in enumerate(self._regions(s, player)):
            row, deck, discard, pilots = self.regions[i]
            for c in region.row:
                loc[c] = row
            for c in region.deck:
                loc[c] = deck
            for c in region.discard:
                loc[c] = discard
            for c in region.pilots:
                loc[c] = pilots
        return loc

    def _card_extras(self, s: DeckbuildingState, player: int, shown: set[int]) -> dict[int, float]:
        """The card block's other entries, position -> value: tops seen, damage, marks, the
        pending ability's source, attack, row slots."""
        w, col = self.w, self.col
        out: dict[int, float] = {}
        for c, weight in seen_tops(s, player, shown):
            out[c * w + col] = weight   # a card shown twice (revealed and on top): the last
        damage = s.damage
        for c in range(self.n):
            if damage[c]:
                out[c * w + col + 1] = min(damage[c] / DAMAGE_SCALE, 1.0)
        for c in s.used:
            out[c * w + col + 2] = 1.0
        for c in s.attacked:
            out[c * w + col + 3] = 1.0
        for c in s.committed:
            out[c * w + col + 4] = 1.0
        for c in s.exile_end:
            out[c * w + col + 5] = 1.0
        for c in s.bought:
            out[c * w + col + 6] = 1.0
        for key in s.fired:   # effects.fire_watchers: key = card * 8 + event
            out[key // 8 * w + col + 7] = 1.0
        if s.stack:
            src = s.stack[-1].source
            if src >= 0:
                out[src * w + col + 8] = 1.0
        players = s.players
        for k in range(len(self.seats)):
            for c in players[player ^ k].play:
                v = min(attack_of(s, c, player ^ k) / ATTACK_SCALE, 1.0)
                if v != 0.0:
                    out[c * w + col + 9] = v
        slot_col = col + 10
        for region in self._regions(s, player):
            for i, c in enumerate(region.row[:ROW_SLOTS]):
                out[c * w + slot_col + i] = 1.0
            slot_col += ROW_SLOTS
        return out

    def _regions(self, s: DeckbuildingState, player: int) -> list[Region]:
        """The observer's region, then (team game) the other one."""
        mine = s.region(player)
        return [mine, s.regions[1 - (player >> 1)]] if self.team else [mine]

    def _globals(self, s: DeckbuildingState, player: int) -> list[float]:
        """The globals block, every value."""
        g = [0.0] * self.globals_count
        me, opp = s.players[player], s.players[player ^ 1]
        side = player & 1
        region = s.region(player)
        g[abs(s.force - d.FORCE_END[side])] = 1.0
        count = self.count_scale
        turn_scale = float(s.turn_limit) if s.turn_limit else TURN_SCALE
        values = [
            float(s.force_with(player)), float(s.force_with(player ^ 1)),
            float(s.active == player and not s.done), float(s.current_player == player),
            float(s.waiting), float(s.first == side), s.turn / turn_scale,
            me.pool / POOL_SCALE, opp.pool / POOL_SCALE,
            len(me.victory) / VICTORIES_SCALE, len(opp.victory) / VICTORIES_SCALE,
            s.bases_to_win / VICTORIES_SCALE, s.prevented[side] / PREVENTED_SCALE,
            s.prevented[side ^ 1] / PREVENTED_SCALE, len(me.hand) / HAND_SCALE,
            len(me.deck) / count, len(opp.hand) / HAND_SCALE, len(opp.deck) / count,
            len(region.deck) / count, len(region.pilots) / count, float(s.next_buy >= 0),
            s.hunts_used / HUNTS_SCALE, float(s.bribing)]
        i = self.force_spaces
        for v in values:
            g[i] = _unit(v)
            i += 1
        if s.target < -1:
            target = 0
        elif s.target == d.TARGET_BASE:
            target = 1
        else:   # a row card: by slot, or gone from the row since (the attack will fizzle)
            row = s.region(s.active).row
            target = 3 + row.index(s.target) if s.target in row else 2
        g[i + target] = 1.0
        i += 3 + ROW_SLOTS
        op = -1
        if s.waiting and s.stack:
            f = s.stack[-1]
            op = int(s.table.progs[f.prog][f.pc][0])
        g[i + 1 + op] = 1.0
        if self.team:
            i += 1 + d.NUM_OPS
            mate, opp2 = s.players[player ^ 2], s.players[player ^ 3]
            other = s.regions[1 - (player >> 1)]
            for v in (mate.pool / POOL_SCALE, opp2.pool / POOL_SCALE,
                      len(mate.victory) / VICTORIES_SCALE, len(opp2.victory) / VICTORIES_SCALE,
                      len(mate.hand) / HAND_SCALE, len(mate.deck) / count,
                      len(opp2.hand) / HAND_SCALE, len(opp2.deck) / count, len(other.deck) / count,
                      len(other.pilots) / count, float(s.active == player ^ 2 and not s.done),
                      float(player in s.finished), float(player ^ 2 in s.finished),
                      float(s.passed)):
                g[i] = _unit(v)
                i += 1
        return g


def seen_tops(s: DeckbuildingState, player: int, shown: set[int]) -> list[tuple[int, float]]:
    """Hidden cards the player sees on top of a deck now, with how (0.5: the galaxy deck's
    second card)."""
    out: list[tuple[int, float]] = [(c, 1.0) for c in revealed_cards(s)]
    deck = s.region(player).deck
    if (d.Z_GALAXY_TOP in shown or d.Z_GALAXY_TOP2 in shown) and deck:
        out.append((deck[-1], 1.0))
        if d.Z_GALAXY_TOP2 in shown and len(deck) > 1:
            out.append((deck[-2], 0.5))
    for zone, seat in ((d.Z_DECK_TOP, player), (d.Z_OPP_DECK_TOP, player ^ 1)):
        pile = s.players[seat].deck
        if zone in shown and pile:
            out.append((pile[-1], 1.0))
    return out


def first_copy(s: DeckbuildingState, c: int, pile: list[int]) -> int:
    """The lowest-numbered copy of card c in its pile: identical copies are one choice, and
    the index must not depend on the pile's order (a hand's order is nobody's business)."""
    marked = s.exile_end
    if c in marked:   # marked to be exiled at end of turn: a choice of its own
        return c
    idef = s.inst_def
    kind = idef[c]
    best = -1
    for x in pile:
        if (best < 0 or x < best) and idef[x] == kind and x not in marked:
            best = x
    return best if best >= 0 else c


class ActionCodes:
    """The action blocks of a configuration (tensors.Spaces documents them)."""

    def __init__(self, single: dict[int, int], option_at: int, card_at: dict[int, int],
                 commit_at: int, assign_at: int, max_assign: int, who_at: int, team: bool) -> None:
        self.single, self.option_at, self.card_at = single, option_at, card_at
        self.commit_at, self.assign_at, self.max_assign = commit_at, assign_at, max_assign
        self.who_at, self.team = who_at, team

    def encode(self, s: DeckbuildingState, action: tuple[int, ...]) -> int:
        """The index of an engine action in this position (row targets are named by slot)."""
        kind, a, b = action[0], action[1], action[2]
        single = self.single.get(kind, -1)
        if single >= 0:
            return single
        if kind == d.OPTION:
            return self.option_at + a
        if kind == d.PLAY:
            return self.card_at[kind] + first_copy(s, a, s.players[s.active].hand)
        if kind == d.SELECT and b in MERGED_ZONES:
            f = s.stack[-1]
            return self.card_at[kind] + first_copy(s, a, s.zone_list(b, f.player))
        if kind in self.card_at:
            return self.card_at[kind] + a
        if kind == d.COMMIT:
            t = 0 if b == d.TARGET_BASE else 1 + s.region(s.active).row.index(b)
            return self.commit_at + a * (1 + ROW_SLOTS) + t
        if kind == d.ASSIGN:
            return self.assign_at + a * self.max_assign + b - 1
        if kind == d.WHO and self.team:
            return self.who_at + (a ^ s.current_player)
        raise ValueError(f"not a deckbuilding action: {action!r}")

    def legal(self, s: DeckbuildingState) -> dict[int, tuple[int, ...]]:
        """Index -> engine action, for every legal action of the player to move."""
        out: dict[int, tuple[int, ...]] = {}
        for a in s.legal_actions():
            out[self.encode(s, a)] = a
        return out
