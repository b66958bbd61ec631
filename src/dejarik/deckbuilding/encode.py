"""The learning spaces' hot path, compiled: what an observation holds as (index, value) pairs,
and the index of each legal action (tensors.py lays both out and documents them).

An observation is mostly zeros: a one-hot location per card instance, a few marks, a few
dozen globals. Between two steps only a few of them change: listing those, here, and writing
them with one NumPy call is several times faster than filling the array from Python.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from dejarik.core.writes import unit
from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding.effects import MERGED_ZONES
from dejarik.deckbuilding.observe import revealed_cards, sees_hand, shown_zones
from dejarik.deckbuilding.rules import attack_with, bonus_sources

if TYPE_CHECKING:
    from dejarik.core.spaces import FloatArray
    from dejarik.deckbuilding.game import DeckbuildingState
    from dejarik.deckbuilding.state import PlayerState, Region

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


class ObservationTracker:
    """What one observer's array held when last written, and what it was written from: each
    card's location code, the contents of every pile it last read, the sources of the card
    marks (each group of marks with the entries it wrote), and the globals.
    `ObservationCodes.changes` brings the array and the tracker up to date together: a pile
    or a source of marks that has not changed since (one comparison each, in C) costs
    nothing more, so a step rewrites the few numbers it changed, not the whole observation."""

    def __init__(self, n: int) -> None:
        self.loc = [-2] * n            # -2: nothing written yet
        self.fresh = True              # nothing read yet: every card is written once
        self.piles: list[list[int]] = []   # each pile's contents when last read, in reading order
        self.codes: list[int] = []     # the location code each pile was written with
        self.bases: list[int] = []     # each seat's base when last read
        self.stamp = [0] * n           # the step at which each card was last placed
        self.step = 0
        self.sources: list[object] = [None] * _GROUPS   # what each group of marks was made from
        self.groups: list[dict[int, float]] = [{} for _ in range(_GROUPS)]   # and what it wrote
        self.globals: list[float] = []   # the globals block as last written (zeros at first)
        self.hot = [-1, -1, -1]   # the entry set in each one-hot part of it: Force, target, decision
        self.options = False      # the options block holds a pending choice's options


# The card marks, by group: each group is made from one part of the state, read again only
# when that part changed. Groups write disjoint entries.
_TOPS, _DAMAGE, _USED, _ATTACKED, _COMMITTED, _EXILE_END, _BOUGHT, _FIRED, _SOURCE, _ATTACK, \
    _ROWS = range(11)
_GROUPS: Final = 11


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
        shown = shown_zones(s, player)
        self._place_cards(s, player, shown, t, out)
        self._mark_cards(s, player, shown, t, out)
        self._write_globals(s, player, t, out)

    # -- where each card is --------------------------------------------------------------------
    def _place_cards(self, s: DeckbuildingState, player: int, shown: set[int],
                     t: ObservationTracker, out: FloatArray) -> None:
        """Each card's location, one-hot: only the piles whose contents (or whose code: a
        hand that became visible) changed since the last call are read again."""
        t.step += 1
        moved: list[int] = []   # cards that were in a pile read again: placed anew, or nowhere
        players = s.players
        i = 0
        for k, hand, deck, hidden, base, piles in self.seats:
            p = players[player ^ k]
            if k and not sees_hand(s, player, player ^ k, shown):
                hand = deck = hidden
            self._pile(t, i, p.hand, hand, out, moved)
            self._pile(t, i + 1, p.deck, deck, out, moved)
            self._pile(t, i + 2, p.discard, piles[0], out, moved)
            self._pile(t, i + 3, p.play, piles[1], out, moved)
            self._pile(t, i + 4, p.exile, piles[2], out, moved)
            self._pile(t, i + 5, p.base_deck, piles[3], out, moved)
            self._pile(t, i + 6, p.victory, piles[4], out, moved)
            i += 7
            if len(t.bases) <= k:
                t.bases.append(-1)
            if t.bases[k] != p.base or t.fresh:
                if t.bases[k] >= 0:
                    moved.append(t.bases[k])
                t.bases[k] = p.base
                if p.base >= 0:
                    t.stamp[p.base] = t.step
                    self._put(p.base, base, t.loc, out)
        for r, region in enumerate(self._regions(s, player)):
            row, deck, discard, pilots = self.regions[r]
            self._pile(t, i, region.row, row, out, moved)
            self._pile(t, i + 1, region.deck, deck, out, moved)
            self._pile(t, i + 2, region.discard, discard, out, moved)
            self._pile(t, i + 3, region.pilots, pilots, out, moved)
            i += 4
        stamp, step = t.stamp, t.step
        for c in moved:
            if stamp[c] != step:   # left its pile for none the observer tracks
                self._put(c, -1, t.loc, out)
        if t.fresh:
            for c in range(self.n):
                if t.loc[c] == -2:
                    self._put(c, -1, t.loc, out)
            t.fresh = False

    def _pile(self, t: ObservationTracker, i: int, cards: list[int], code: int, out: FloatArray,
              moved: list[int]) -> None:
        """Pile i of the reading order: if it changed, place its cards at `code` and note the
        cards it held before (they may have left it)."""
        if len(t.piles) <= i:
            t.piles.append([])
            t.codes.append(-2)
        elif t.codes[i] == code and t.piles[i] == cards:
            return
        moved.extend(t.piles[i])
        t.piles[i] = cards[:]
        t.codes[i] = code
        stamp, step, last = t.stamp, t.step, t.loc
        for c in cards:
            stamp[c] = step
            self._put(c, code, last, out)

    def _put(self, c: int, code: int, last: list[int], out: FloatArray) -> None:
        """Card c's location one-hot moved to `code` (-1: in no pile, the last column)."""
        before = last[c]
        if code != before:
            w = self.w
            if before != -2:
                out[c * w + (before if before >= 0 else w - 1)] = 0.0
            out[c * w + (code if code >= 0 else w - 1)] = 1.0
            last[c] = code

    # -- the card marks --------------------------------------------------------------------------
    def _mark_cards(self, s: DeckbuildingState, player: int, shown: set[int],
                    t: ObservationTracker, out: FloatArray) -> None:
        """The card block's other entries: tops seen, damage, marks, the pending ability's
        source, attack, row slots; each group made again only when its source changed."""
        w, col = self.w, self.col
        src = t.sources
        tops = seen_tops(s, player, shown)
        if src[_TOPS] != tops:
            src[_TOPS] = tops
            marks: dict[int, float] = {}
            for c, weight in tops:
                marks[c * w + col] = weight   # a card shown twice (revealed and on top): the last
            self._write(t, _TOPS, marks, out)
        damage = s.damage
        if src[_DAMAGE] != damage:
            src[_DAMAGE] = damage[:]
            marks = {}
            for c in range(self.n):
                if damage[c]:
                    marks[c * w + col + 1] = min(damage[c] / DAMAGE_SCALE, 1.0)
            self._write(t, _DAMAGE, marks, out)
        self._flags(t, _USED, s.used, col + 2, out)
        self._flags(t, _ATTACKED, s.attacked, col + 3, out)
        self._flags(t, _COMMITTED, s.committed, col + 4, out)
        self._flags(t, _EXILE_END, s.exile_end, col + 5, out)
        self._flags(t, _BOUGHT, s.bought, col + 6, out)
        fired = s.fired
        if src[_FIRED] != fired:
            src[_FIRED] = set(fired)
            marks = {}
            for key in fired:   # effects.fire_watchers: key = card * 8 + event
                marks[key // 8 * w + col + 7] = 1.0
            self._write(t, _FIRED, marks, out)
        source = s.stack[-1].source if s.stack else -1
        if src[_SOURCE] != source:
            src[_SOURCE] = source
            self._write(t, _SOURCE, {source * w + col + 8: 1.0} if source >= 0 else {}, out)
        marks = {}
        players = s.players
        for k in range(len(self.seats)):
            seat = player ^ k
            play = players[seat].play
            if play:
                boosts = bonus_sources(s, seat)
                for c in play:
                    v = min(attack_with(s, c, seat, boosts) / ATTACK_SCALE, 1.0)
                    if v != 0.0:
                        marks[c * w + col + 9] = v
        if t.groups[_ATTACK] != marks:
            self._write(t, _ATTACK, marks, out)
        rows = [region.row[:ROW_SLOTS] for region in self._regions(s, player)]
        if src[_ROWS] != rows:
            src[_ROWS] = rows
            marks = {}
            slot_col = col + 10
            for row in rows:
                for i, c in enumerate(row):
                    marks[c * w + slot_col + i] = 1.0
                slot_col += ROW_SLOTS
            self._write(t, _ROWS, marks, out)

    def _flags(self, t: ObservationTracker, group: int, cards: set[int] | list[int], at: int,
               out: FloatArray) -> None:
        """A group of marks that is 1 for each card of a set or list (the card's column `at`)."""
        if t.sources[group] == cards:
            return
        t.sources[group] = cards.copy()
        w = self.w
        self._write(t, group, {c * w + at: 1.0 for c in cards}, out)

    def _write(self, t: ObservationTracker, group: int, marks: dict[int, float],
               out: FloatArray) -> None:
        """A group's new entries written where they differ from its last, the rest cleared."""
        old = t.groups[group]
        for k in old:
            if k not in marks:
                out[k] = 0.0
        for k, v in marks.items():
            if old.get(k, 0.0) != v:
                out[k] = v
        t.groups[group] = marks

    def _regions(self, s: DeckbuildingState, player: int) -> list[Region]:
        """The observer's region, then (team game) the other one."""
        mine = s.region(player)
        return [mine, s.regions[1 - (player >> 1)]] if self.team else [mine]

    def _write_globals(self, s: DeckbuildingState, player: int, t: ObservationTracker,
                       out: FloatArray) -> None:
        """The globals block, each value compared with the one last written and written only
        where it differs (values are made as native floats, never stored unless changed)."""
        if not t.globals:
            t.globals = [0.0] * self.globals_count   # the array starts at zeros
        me, opp = s.players[player], s.players[player ^ 1]
        side = player & 1
        region = s.region(player)
        self._hot(t, 0, abs(s.force - d.FORCE_END[side]), out)
        count = self.count_scale
        turn_scale = float(s.turn_limit) if s.turn_limit else TURN_SCALE
        i = self.force_spaces
        i = self._put_global(t, i, float(s.force_with(player)), out)
        i = self._put_global(t, i, float(s.force_with(player ^ 1)), out)
        i = self._put_global(t, i, float(s.active == player and not s.done), out)
        i = self._put_global(t, i, float(s.current_player == player), out)
        i = self._put_global(t, i, float(s.waiting), out)
        i = self._put_global(t, i, float(s.first == side), out)
        i = self._put_global(t, i, s.turn / turn_scale, out)
        i = self._put_scores(t, i, me, opp, out)
        i = self._put_global(t, i, s.bases_to_win / VICTORIES_SCALE, out)
        i = self._put_global(t, i, s.prevented[side] / PREVENTED_SCALE, out)
        i = self._put_global(t, i, s.prevented[side ^ 1] / PREVENTED_SCALE, out)
        i = self._put_hands(t, i, me, opp, out)
        i = self._put_global(t, i, len(region.deck) / count, out)
        i = self._put_global(t, i, len(region.pilots) / count, out)
        i = self._put_global(t, i, float(s.next_buy >= 0), out)
        i = self._put_global(t, i, s.hunts_used / HUNTS_SCALE, out)
        i = self._put_global(t, i, float(s.bribing), out)
        if s.target < -1:
            target = 0
        elif s.target == d.TARGET_BASE:
            target = 1
        else:   # a row card: by slot, or gone from the row since (the attack will fizzle)
            row = s.region(s.active).row
            target = 3 + row.index(s.target) if s.target in row else 2
        self._hot(t, 1, i + target, out)
        i += 3 + ROW_SLOTS
        op = -1
        if s.waiting and s.stack:
            f = s.stack[-1]
            op = int(s.table.progs[f.prog][f.pc][0])
        self._hot(t, 2, i + 1 + op, out)
        if self.team:
            i += 1 + d.NUM_OPS
            mate, opp2 = s.players[player ^ 2], s.players[player ^ 3]
            other = s.regions[1 - (player >> 1)]
            i = self._put_scores(t, i, mate, opp2, out)
            i = self._put_hands(t, i, mate, opp2, out)
            i = self._put_global(t, i, len(other.deck) / count, out)
            i = self._put_global(t, i, len(other.pilots) / count, out)
            i = self._put_global(t, i, float(s.active == player ^ 2 and not s.done), out)
            i = self._put_global(t, i, float(player in s.finished), out)
            i = self._put_global(t, i, float(player ^ 2 in s.finished), out)
            i = self._put_global(t, i, float(s.passed), out)

    def _put_global(self, t: ObservationTracker, i: int, v: float, out: FloatArray) -> int:
        """Global i set to v (clipped to 0..1) where it differs; the next global's index."""
        v = unit(v)
        if t.globals[i] != v:
            t.globals[i] = v
            out[self.globals_at + i] = v
        return i + 1

    def _put_scores(self, t: ObservationTracker, i: int, a: PlayerState, b: PlayerState,
                    out: FloatArray) -> int:
        """Two seats' pools, then their victory piles (globals i to i + 3)."""
        i = self._put_global(t, i, a.pool / POOL_SCALE, out)
        i = self._put_global(t, i, b.pool / POOL_SCALE, out)
        i = self._put_global(t, i, len(a.victory) / VICTORIES_SCALE, out)
        return self._put_global(t, i, len(b.victory) / VICTORIES_SCALE, out)

    def _put_hands(self, t: ObservationTracker, i: int, a: PlayerState, b: PlayerState,
                   out: FloatArray) -> int:
        """Two seats' hand and deck sizes, the first seat's first (globals i to i + 3)."""
        i = self._put_global(t, i, len(a.hand) / HAND_SCALE, out)
        i = self._put_global(t, i, len(a.deck) / self.count_scale, out)
        i = self._put_global(t, i, len(b.hand) / HAND_SCALE, out)
        return self._put_global(t, i, len(b.deck) / self.count_scale, out)

    def _hot(self, t: ObservationTracker, part: int, index: int, out: FloatArray) -> None:
        """A one-hot part of the globals: its 1 moved to `index` (within the block)."""
        before = t.hot[part]
        if before != index:
            last, at = t.globals, self.globals_at
            if before >= 0:
                last[before] = 0.0
                out[at + before] = 0.0
            last[index] = 1.0
            out[at + index] = 1.0
            t.hot[part] = index


def seen_tops(s: DeckbuildingState, player: int, shown: set[int]) -> list[tuple[int, float]]:
    """Hidden cards the player sees on top of a deck now, with how (0.5: the galaxy deck's
    second card)."""
    if not s.stack:   # only an ability being resolved reveals or shows a card
        return []
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
        """The index of an engine action in this position (row targets are named by slot), or
        -1 for one the spaces do not offer (in the team game, more damage on a base at once
        than the most a capital ship can take: assign again for the rest)."""
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
        if kind == d.ASSIGN:   # damage on a base, team game: more than K is not offered
            return self.assign_at + a * self.max_assign + b - 1 if b <= self.max_assign else -1
        if kind == d.WHO and self.team:
            return self.who_at + (a ^ s.current_player)
        raise ValueError(f"not a deckbuilding action: {action!r}")

    def legal(self, s: DeckbuildingState) -> dict[int, tuple[int, ...]]:
        """Index -> engine action, for every legal action of the player to move that the
        spaces offer (all but damage past K on one base: assign again for more)."""
        out: dict[int, tuple[int, ...]] = {}
        for a in s.legal_actions():
            index = self.encode(s, a)
            if index >= 0:
                out[index] = a
        return out
