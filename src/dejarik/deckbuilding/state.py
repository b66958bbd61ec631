"""The deckbuilding game state: zones as lists of card instances, pools, the Force track.

Card *instances* are ints (0..n-1) indexing `inst_def`, which maps to a CardDef id. The
turn rules live in `rules.py`, the effect interpreter in `effects.py`; this module holds the
data and the low-level mutators they share (draw, move, buy, damage).
"""

from __future__ import annotations

from typing import Any

from dejarik.core.rng import Rng
from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding.cards import CardDef, CardTable, FactionInfo

NO_TARGET = -2


class PlayerState:
    __slots__ = ("base", "base_deck", "deck", "discard", "exile", "faction", "hand", "play",
                 "pool", "victory")

    def __init__(self, faction: str) -> None:
        self.faction = faction
        self.hand: list[int] = []
        self.deck: list[int] = []      # top of deck = last element
        self.discard: list[int] = []   # top of pile = last element
        self.play: list[int] = []      # units and capital ships in play
        self.exile: list[int] = []
        self.base = -1                 # current base instance, -1 while destroyed
        self.base_deck: list[int] = []
        self.victory: list[int] = []   # bases of the region opponent that this side destroyed
        self.pool = 0

    def copy(self) -> PlayerState:
        p = PlayerState(self.faction)
        p.hand = self.hand[:]
        p.deck = self.deck[:]
        p.discard = self.discard[:]
        p.play = self.play[:]
        p.exile = self.exile[:]
        p.base = self.base
        p.base_deck = self.base_deck[:]
        p.victory = self.victory[:]
        p.pool = self.pool
        return p

    def key(self) -> tuple[Any, ...]:
        return (self.faction, tuple(self.hand), tuple(self.deck), tuple(self.discard),
                tuple(self.play), tuple(self.exile), self.base, tuple(self.base_deck),
                tuple(self.victory), self.pool)


class Frame:
    """One ability being resolved: a program, where it is, and what it has done so far."""

    __slots__ = ("moved", "n", "pc", "picked", "player", "prog", "revealed", "source", "stage")

    def __init__(self, prog: int, source: int, player: int, revealed: int = -1,
                 moved: int = 0) -> None:
        self.prog = prog
        self.pc = 0
        self.source = source      # the card instance whose ability this is (-1: none)
        self.player = player      # who controls it
        self.revealed = revealed  # card revealed by reveal_top, for its branches
        self.moved = moved        # cards moved by the `move` this is the `then` of
        self.stage = 0            # op-local progress
        self.n = 0                # op-local counter
        self.picked = -1          # op-local chosen card

    def copy(self) -> Frame:
        f = Frame(self.prog, self.source, self.player, self.revealed, self.moved)
        f.pc, f.stage, f.n, f.picked = self.pc, self.stage, self.n, self.picked
        return f

    def key(self) -> tuple[int, ...]:
        return (self.prog, self.pc, self.source, self.player, self.revealed, self.moved,
                self.stage, self.n, self.picked)


class Region:
    """One region's galaxy cards: a 2-player game has one region, the team game two."""

    __slots__ = ("deck", "discard", "pilots", "row")

    def __init__(self) -> None:
        self.row: list[int] = []
        self.deck: list[int] = []      # the galaxy deck; top = last element
        self.discard: list[int] = []   # the galaxy discard pile
        self.pilots: list[int] = []    # the Outer Rim pilot stack

    def copy(self) -> Region:
        r = Region()
        r.row, r.deck, r.discard, r.pilots = self.row[:], self.deck[:], self.discard[:], self.pilots[:]
        return r

    def key(self) -> tuple[Any, ...]:
        return (tuple(self.row), tuple(self.deck), tuple(self.discard), tuple(self.pilots))


def seat_tables(num_players: int) -> tuple[tuple[int, ...], ...]:
    """Each seat's team, lowest seat first. Seat s is on side s & 1 and plays in region
    s >> 1, so its opponent in the region is s ^ 1 and its teammate (team game) s ^ 2."""
    return tuple(tuple(range(seat & 1, num_players, 2)) for seat in range(num_players))


class StateData:
    """All fields of a position. `DeckbuildingState` adds the protocol on top."""

    table: CardTable
    factions: list[FactionInfo]          # per seat
    defs: list[CardDef]
    inst_def: list[int]
    num_players: int = 2
    team_game: bool = False
    mates: tuple[tuple[int, ...], ...] = seat_tables(2)

    def _init_fields(self) -> None:
        self.players: list[PlayerState] = []
        self.regions: list[Region] = []
        self.force = 6
        self.active = 0                      # who acts in the main phase (a seat)
        self.first = 0                       # the side that took the first turn
        self.turn = 1
        self.damage: list[int] = []
        # turn-scoped
        self.used: set[int] = set()          # abilities used this turn
        self.attacked: set[int] = set()      # cards committed to an attack this turn
        self.bonus: dict[int, int] = {}      # attack gained this turn
        self.committed: list[int] = []
        self.target = NO_TARGET
        self.fired: set[int] = set()         # first-each-turn triggers already fired (source)
        self.next_buy = -1
        self.bought: list[int] = []          # card instances bought this turn
        self.hunts_used = 0
        self.exile_end: set[int] = set()     # exile these at the end of this turn
        self.prevented = [0, 0]              # damage prevented on each side's bases this turn
        self.finished: set[int] = set()      # team game: teammates done with this turn
        self.passed = False                  # team game: the initiative was just handed over
        # resolution
        self.stack: list[Frame] = []
        self.waiting = False
        self.decider = 0
        self.done = False
        self.win = -1                        # the winning side (= seat in a 2-player game)
        self.log: list[str] | None = None
        # log lines only some seats may read in full: line index -> (those seats, full text);
        # the line in `log` is what everyone else reads (see `note`)
        self.secret_notes: dict[int, tuple[tuple[int, ...], str]] = {}
        self.events: list[tuple[int, int, int, int]] | None = None  # set by a traced run

    def event(self, kind: int, seat: int, value: int) -> None:
        if self.events is not None:
            self.events.append((kind, self.turn, seat, value))

    # -- seats ---------------------------------------------------------------------------------
    def foes(self, pl: int) -> tuple[int, ...]:
        """The enemy team (in a 2-player game: the opponent)."""
        return self.mates[pl ^ 1]

    def ally(self, pl: int) -> int:
        """pl's teammate, or -1 in a 2-player game."""
        return pl ^ 2 if self.team_game else -1

    def region(self, pl: int) -> Region:
        return self.regions[pl >> 1]

    def seat_key(self, pl: int) -> str:
        """A seat's word in notation and scenarios: 'rebel', or 'rebel-2' in the team game."""
        fid = self.factions[pl].id
        return f"{fid}-{(pl >> 1) + 1}" if self.team_game else fid

    def who(self, pl: int) -> str:
        """A seat's name for the log: 'Rebels', or 'Rebels 2' in the team game."""
        name = self.factions[pl].name
        return f"{name} {(pl >> 1) + 1}" if self.team_game else name

    # -- reading -------------------------------------------------------------------------------
    _refs: list[str] | None = None

    def refs(self) -> list[str]:
        """`slug#id` of every card instance (made once; the instance table never changes)."""
        if self._refs is None or len(self._refs) != len(self.inst_def):
            self._refs = [f"{self.defs[x].slug}#{i}" for i, x in enumerate(self.inst_def)]
        return self._refs

    def card(self, inst: int) -> CardDef:
        return self.defs[self.inst_def[inst]]

    def name(self, inst: int) -> str:
        return self.defs[self.inst_def[inst]].name

    def force_with(self, player: int) -> bool:
        """Is the Force with this seat's side?"""
        return self.force <= 2 if player & 1 == 0 else self.force >= 4

    def note(self, text: str, seen_by: tuple[int, ...] = (), public: str = "") -> None:
        """Narrate. With `seen_by`, only those seats may read `text`; the rest read `public`
        (a card moving between hidden zones is named only to the players who see it). Callers
        check `log` before building the text: most games (simulations, searches) keep none."""
        if self.log is None:
            return
        if seen_by:
            self.secret_notes[len(self.log)] = (seen_by, text)
            text = public
        self.log.append(text)

    def take_log(self, viewer: int) -> list[str]:
        """The narrative so far as `viewer` may read it (-1: a spectator), and clear it."""
        lines = self.log or []
        out = [self.secret_notes[i][1] if i in self.secret_notes and viewer in self.secret_notes[i][0]
               else line for i, line in enumerate(lines)]
        lines.clear()
        self.secret_notes.clear()
        return out

    # -- decks ---------------------------------------------------------------------------------
    rng: Rng

    def ensure_player_deck(self, pi: int, k: int) -> None:
        """Reshuffle the discard pile under the deck when it holds fewer than k cards."""
        p = self.players[pi]
        if len(p.deck) < k and p.discard:
            pile = p.discard
            p.discard = []
            self.rng.shuffle(pile)
            p.deck[:0] = pile
            if self.log is not None:
                self.note(f"{self.who(pi)}: discard pile reshuffled into the deck")

    def ensure_galaxy_deck(self, pl: int, k: int) -> None:
        """Reshuffle pl's region's galaxy discard pile under its deck when short of k cards."""
        r = self.regions[pl >> 1]
        if len(r.deck) < k and r.discard:
            pile = r.discard
            r.discard = []
            self.rng.shuffle(pile)
            r.deck[:0] = pile
            self.note("the galaxy discard pile is reshuffled into the galaxy deck")

    def draw(self, pi: int, n: int) -> int:
        p = self.players[pi]
        drawn = 0
        for _ in range(n):
            if not p.deck:
                self.ensure_player_deck(pi, 1)
                if not p.deck:
                    break
            p.hand.append(p.deck.pop())
            drawn += 1
        return drawn

    def refill_row(self, pl: int, index: int) -> None:
        """Fill slot `index` of pl's region's row at once from its galaxy deck."""
        r = self.regions[pl >> 1]
        if not r.deck:
            self.ensure_galaxy_deck(pl, 1)
            if not r.deck:
                return
        c = r.deck.pop()
        r.row.insert(index, c)
        if self.log is not None:
            self.note(f"{self.name(c)} enters the galaxy row")

    # -- moving cards ----------------------------------------------------------------------------
    def zone_list(self, zone: int, pl: int) -> list[int]:
        """The list behind a zone code, seen from player `pl` (deck tops: the whole deck)."""
        if zone in d.GALAXY_ZONES:
            r = self.regions[pl >> 1]
            if zone == d.Z_ROW:
                return r.row
            if zone == d.Z_GALAXY_DISCARD:
                return r.discard
            return r.pilots if zone == d.Z_PILOTS else r.deck
        p = self.players[self.zone_owner(zone, pl)]
        if zone in (d.Z_HAND, d.Z_OPP_HAND):
            return p.hand
        if zone in (d.Z_DISCARD, d.Z_OPP_DISCARD, d.Z_ALLY_DISCARD):
            return p.discard
        if zone in (d.Z_PLAY, d.Z_OPP_PLAY, d.Z_FAR_PLAY):
            return p.play
        if zone == d.Z_EXILE:
            return p.exile
        if zone == d.Z_BASE_DECK:
            return p.base_deck
        return p.deck

    @staticmethod
    def zone_owner(zone: int, pl: int) -> int:
        """Whose zone this is (-1: the galaxy's)."""
        if zone in d.GALAXY_ZONES:
            return -1
        if zone >= d.Z_ALLY_DISCARD:
            return pl ^ 2 if zone == d.Z_ALLY_DISCARD else pl ^ 3
        return pl if zone < d.Z_OPP_HAND or zone == d.Z_BASE_DECK else pl ^ 1

    def take(self, c: int, zone: int, pl: int) -> None:
        """Remove card c from a zone; the row is refilled at once; leaving play clears it."""
        lst = self.zone_list(zone, pl)
        i = lst.index(c)
        del lst[i]
        if zone == d.Z_ROW:
            self.refill_row(pl, i)
        elif zone in (d.Z_PLAY, d.Z_OPP_PLAY, d.Z_FAR_PLAY):
            self.damage[c] = 0
            self.bonus.pop(c, None)
            if c in self.committed:
                self.committed.remove(c)

    def put(self, c: int, dest: int, owner: int, controller: int) -> None:
        """Put card c at a destination; `owner` is the player whose zone it left (-1: galaxy,
        in the controller's region)."""
        who = owner if owner >= 0 else controller
        if dest == d.D_HAND:
            self.players[who].hand.append(c)
        elif dest == d.D_DISCARD and owner >= 0:
            self.players[owner].discard.append(c)
        elif dest == d.D_EXILE:
            self.players[who].exile.append(c)
        elif dest == d.D_DECK_TOP:
            self.players[who].deck.append(c)
        else:
            self.regions[controller >> 1].discard.append(c)

    def owner_in_play(self, c: int, seats: tuple[int, ...]) -> int:
        """Which of these seats has card c in play (-1: none)."""
        for pl in seats:
            if c in self.players[pl].play:
                return pl
        return -1

    # -- damage --------------------------------------------------------------------------------
    def damage_base(self, pi: int, n: int) -> None:
        """Deal n damage to player pi's base (prevention applies); may end the game.

        A destroyed base goes to the victory pile of pi's opponent in the region, so each
        player's pile holds the bases of one enemy deck, and the team game's "3 bases from
        each opponent's deck" is a count per pile (seed 002, ZWYCIĘSTWO)."""
        p = self.players[pi]
        base = p.base
        if base < 0 or n <= 0 or self.done:
            return
        if self.card(base).prevent_damage:
            # Hoth: the team's bases that prevent damage pool their shields (seed 002)
            side = pi & 1
            shield = sum(self.card(b).prevent_damage for b in
                         (self.players[m].base for m in self.mates[pi]) if b >= 0)
            stop = min(shield - self.prevented[side], n)
            if stop > 0:
                self.prevented[side] += stop
                n -= stop
                if self.log is not None:
                    self.note(f"{self.name(base)} prevents {stop} damage")
                if n == 0:
                    return
        self.damage[base] += n
        hp = self.card(base).hp or 0
        if self.damage[base] >= hp:
            self.damage[base] = 0
            p.base = -1
            self.players[pi ^ 1].victory.append(base)
            if self.log is not None:
                self.note(f"{self.name(base)} takes {n} damage and is destroyed")
            # the winners must have destroyed bases_to_win bases of *each* enemy's deck
            if all(len(self.players[m ^ 1].victory) >= self.bases_to_win for m in self.mates[pi]):
                self.finish((pi & 1) ^ 1)
        elif self.log is not None:
            self.note(f"{self.name(base)} takes {n} damage ({self.damage[base]}/{hp})")

    bases_to_win: int
    bribing: bool
    turn_limit: int

    def damage_ship(self, owner: int, ship: int, n: int) -> None:
        self.damage[ship] += n
        hp = self.card(ship).hp or 0
        if self.damage[ship] >= hp:
            self.take(ship, d.Z_PLAY, owner)
            self.players[owner].discard.append(ship)
            if self.log is not None:
                self.note(f"{self.name(ship)} takes {n} damage and is destroyed")
        elif self.log is not None:
            self.note(f"{self.name(ship)} takes {n} damage ({self.damage[ship]}/{hp})")

    def finish(self, winner: int) -> None:
        self.done = True
        self.win = winner
        self.stack.clear()
        self.waiting = False
        self.committed.clear()
        self.target = NO_TARGET
        if winner >= 0 and self.log is not None:
            self.note(f"{self.factions[winner].name} win")  # seats 0 and 1 are sides 0 and 1
