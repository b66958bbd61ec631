"""A position of the trading card game, and the kernel protocol over it.

Seat 0 plays the Dark Side and seat 1 the Light Side (the Dark Side acts first whenever order
matters: seed 004, "Faza gotowości"). Cards are instances 0..n-1 indexing `card_def`; zones are
lists of instances. The rules run as a stack of small tasks (tcg/flow.py), so a position paused
in the middle of an attack clones and serialises as plain data.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any, Self

from dejarik.core.errors import IllegalActionError
from dejarik.core.protocol import Action
from dejarik.core.rng import Rng
from dejarik.tcg.abilities import ARENA_ATTACK, ARENA_CHOSEN, ARENA_THREATENED, Sel
from dejarik.tcg.carddefs import CardDef
from dejarik.tcg.fields import FIELDS

DARK, LIGHT = 0, 1
SIDE_NAMES = ("Dark Side", "Light Side")
ARENA_NAMES = ("Space", "Ground", "Character")
# zones of a card instance
DECK, HAND, DISCARD, BUILD, ARENA, UNDER, PILOTING, PLACE, EQUIPPED, HELD = range(10)
ASIDE = 10      # set aside for a while, out of play (s.aside; effects.set_aside)
REMOVED = 11    # removed from the game: out for good, face up, known to both (s.removed)
ZONE_NAMES = ("deck", "hand", "discard", "build zone", "arena", "stack", "piloting", "location",
              "equipped", "held face down", "set aside", "removed from the game")
# phases
SETUP, READY, COMMAND, BATTLE, OVER = range(5)
PHASE_NAMES = ("setup", "ready", "command", "battle", "over")
# how long a modifier lasts
UNTIL_ATTACK, UNTIL_BATTLE, UNTIL_TURN = 0, 1, 2
# s.effects entries (kind, card, tags) of subtype words gained in play (effects.gain_subtype),
# kept at the front of s.effects: until the game ends, until the turn ends
WORD_KINDS = ("words", "words_turn")

Task = tuple[Any, ...]



class TcgState:
    """Everything about one game: zones, counters, pools, the effects in force, the tasks."""

    game_name = "tcg"
    teams: tuple[tuple[int, ...], ...] = ((0,), (1,))   # the Dark Side (seat 0), the Light Side

    defs: tuple[CardDef, ...]
    # what the game's cards ask of the engine, worked out once by `set_defs` (a game without
    # such a card skips the check): a static changing health or winning (flow.run sweeps after
    # tasks), a trigger working from the hand, a question on how a card was discarded, and the
    # kinds of play some card may Disrupt
    sweeps = False
    from_hand = False
    reads_discards = False
    disrupts: frozenset[str] = frozenset()
    config: dict[str, Any]

    def __init__(self) -> None:
        self.num_players = 2
        self.card_def: list[int] = []       # instance -> index into defs
        self.owner: list[int] = []
        self.zone: list[int] = []
        self.counters: list[int] = []       # build counters (build zone)
        self.damage: list[int] = []         # damage counters (a stack keeps them on its top)
        self.tapped: list[bool] = []
        self.face_up: list[bool] = []       # in the build zone: a retreated unit (face up)
        self.shown: list[int] = []          # bit p: player p knows this hidden card
        self.under: dict[int, list[int]] = {}   # stack top -> the versions beneath it
        self.aboard: dict[int, list[int]] = {}  # a unit -> the pilots aboard it
        self.gear: dict[int, list[int]] = {}    # a unit -> the Equipment attached to it
        self.held: dict[int, list[int]] = {}    # a unit -> cards face down under it, out of play
        # a card set aside for a while (effects.set_aside) -> [the player who set it aside, may
        # they play it (1/0), face up (1/0), where it returns, when, its group, one play only]
        self.aside: dict[int, list[int]] = {}
        self.lent: dict[int, list[int]] = {}    # a card another player controls -> [owner, until]
        self.moved: dict[int, list[int]] = {}   # a unit in an arena not its card's -> [that arena]
        self.deck: list[list[int]] = [[], []]   # top = last
        self.hand: list[list[int]] = [[], []]
        self.discard: list[list[int]] = [[], []]
        self.removed: list[list[int]] = [[], []]   # removed from the game (REMOVED), by owner
        self.build: list[list[int]] = [[], []]
        self.arena: list[list[list[int]]] = [[[], [], []], [[], [], []]]
        self.places = [-1, -1, -1]          # the Location in each arena, either side's (-1: none)
        self.force = [0, 0]
        self.bp = [0, 0]
        self.setup_left = [0, 0]
        self.lost_character = [0, 0]        # a Character was discarded from the arena this turn
        self.mods: list[tuple[int, int, int, int, int]] = []   # (unit, speed, power, crit, until)
        self.effects: list[tuple[Any, ...]] = []   # continuous effects of this turn (effects.py)
        self.atk: list[int] | None = None   # [attacker, defender, fixed power or -1, arena]
        self.dice: list[int] = []
        self.dmg: list[int] | None = None   # [unit, amount, source, is attack, prevented]
        self.used: list[tuple[int, int]] = []   # (unit, ability) used in this damage instance
        self.attacked = 0                   # bit per arena: a unit attacked there this turn
        self.step = -1                      # the battle step's arena (-1: none)
        self.turn = 0
        self.phase = SETUP
        self.tasks: list[Task] = []
        self.done = False
        self.won = -1
        self.end_reason = ""
        self.rng = Rng(0)
        self.options: dict[str, Any] = {}
        self.log: list[str] | None = None
        self.trace: dict[str, Any] | None = None   # a simulated game's record (simreport.py)
        self._legal: list[Action] | None = None

    # -- names -----------------------------------------------------------------------------
    def d(self, inst: int) -> CardDef:
        return self.defs[self.card_def[inst]]

    def name(self, inst: int) -> str:
        return self.defs[self.card_def[inst]].name

    def note(self, text: str) -> None:
        if self.log is not None:
            self.log.append(text)

    def set_defs(self, defs: tuple[CardDef, ...]) -> None:
        """The game's card definitions, and what they ask of the engine (above)."""
        self.defs = defs
        self.sweeps = any(d.after_check for d in defs)
        self.from_hand = any(d.from_hand for d in defs)
        self.reads_discards = any(d.reads_discards for d in defs)
        self.disrupts = frozenset(k for d in defs for k in d.disrupts)

    # -- units and their numbers -----------------------------------------------------------
    def true_owner(self, c: int) -> int:
        """Who owns card c, whoever controls it now (a control change lends it: s.lent)."""
        lent = self.lent.get(c) if self.lent else None
        return self.owner[c] if lent is None else lent[0]

    def in_play(self, p: int) -> list[int]:
        a = self.arena[p]
        return a[0] + a[1] + a[2]

    def all_in_play(self) -> list[int]:
        return self.in_play(DARK) + self.in_play(LIGHT)

    def locations(self, p: int = -1) -> list[int]:
        """The Locations in the arenas (zone PLACE), in arena order: p's only, or all (-1)."""
        return [c for c in self.places if c >= 0 and (p < 0 or self.owner[c] == p)]

    def location_arena(self, c: int) -> int:
        """The arena a Location in play occupies (-1: it is not in play)."""
        return self.places.index(c) if c in self.places else -1

    def unit_arena(self, u: int) -> int:
        if self.moved and u in self.moved:    # moved to another arena (effects.move_arena)
            return self.moved[u][0]
        return self.defs[self.card_def[u]].arena

    def unit_type(self, u: int) -> str:
        """Its card's type, or the type of the arena it was moved to ("treat it as a Space unit")."""
        if self.moved and u in self.moved:
            return ("space", "ground", "character")[self.moved[u][0]]
        return self.defs[self.card_def[u]].facts.type

    def stack_size(self, u: int) -> int:
        below = self.under.get(u)
        return len(below) if below else 0

    def _static_mods(self, u: int) -> tuple[int, int, int]:
        """What the units in play add to u's speed, power and Critical Hit (static abilities)."""
        from dejarik.tcg.effects import static_mods

        return static_mods(self, u)

    def speed_and_power(self, u: int) -> tuple[int, int]:
        """Both at once: what the units in play give is worked out once for the two."""
        d = self.defs[self.card_def[u]]
        stacked = self.stack_size(u)
        given = self._static_mods(u)
        speed = d.speed + 10 * stacked + given[0]
        power = d.power + stacked + given[1]
        for m in self.mods:
            if m[0] == u:
                speed += m[1]
                power += m[2]
        return speed, power

    def speed(self, u: int) -> int:
        return self.speed_and_power(u)[0]

    def power(self, u: int) -> int:
        return self.speed_and_power(u)[1]

    def health(self, u: int) -> int:
        d = self.defs[self.card_def[u]]
        if not d.health:      # a card with '*' stats: the mode chosen (effects.mode_stats)
            from dejarik.tcg.effects import mode_stats, static_health

            # ... and what static abilities give it (Lando Calrissian (G): one per Bespin unit)
            extra = static_health(self, u) if self.zone[u] == ARENA else 0
            return mode_stats(self, u)[2] + self.stack_size(u) + extra
        if self.zone[u] == ARENA:       # static abilities in play ("+1 health")
            from dejarik.tcg.effects import static_health

            return d.health + self.stack_size(u) + static_health(self, u)
        return d.health + self.stack_size(u)

    def critical_hit(self, u: int) -> int:
        total = self.defs[self.card_def[u]].keyword("critical_hit") + self._static_mods(u)[2]
        for m in self.mods:
            if m[0] == u:
                total += m[3]
        return total

    def matches(self, sel: Sel, u: int, ctl: int, source: int = -1, arena: int = -1) -> bool:
        """Whether unit u is one `sel` names for controller `ctl` (`arena`: the chosen one)."""
        if sel.any_of:      # each alternative says where its units are
            return any(self.matches(alt, u, ctl, source, arena) for alt in sel.any_of)
        if sel.anywhere:    # an arena, a retreated unit, or a face-down card of the controller's
            if self.zone[u] == BUILD:
                if not self.face_up[u] and self.owner[u] != ctl:
                    return False
            elif self.zone[u] != ARENA:
                return False
        elif sel.build_zone:
            if self.zone[u] != BUILD or not self.face_up[u]:
                return False
        elif sel.location:
            if self.zone[u] != PLACE:
                return False
        elif sel.discard:
            if self.zone[u] != DISCARD:
                return False
        elif self.zone[u] != ARENA:
            return False
        return self.matches_card(sel, u, ctl, source, arena)

    def matches_card(self, sel: Sel, u: int, ctl: int, source: int = -1, arena: int = -1) -> bool:
        """The selector's tests other than where the unit is."""
        if sel.any_of:
            return any(self.matches_card(alt, u, ctl, source, arena) for alt in sel.any_of)
        o = self.owner[u]
        if (sel.owner == 0 and o != ctl) or (sel.owner == 1 and o == ctl):
            return False
        d = self.defs[self.card_def[u]]
        if sel.arenas:
            where = self.unit_arena(u) if not d.homes else self.location_arena(u)
            ok = False
            for a in sel.arenas:
                if a == ARENA_CHOSEN:
                    a = arena
                elif a == ARENA_THREATENED:
                    a = self.unit_arena(self.dmg[0]) if self.dmg else -2
                elif a == ARENA_ATTACK:
                    a = self.atk[3] if self.atk else -2
                ok = ok or a == where
            if not ok:
                return False
        if sel.side and d.facts.side != sel.side:
            return False
        if sel.types and self.unit_type(u) not in sel.types:
            return False
        if sel.subtypes and not any(t in d.tags for t in sel.subtypes) \
                and not (self.effects and self.effects[0][0] in WORD_KINDS
                         and any(t in self.gained_tags(u) for t in sel.subtypes)):
            return False
        if sel.not_subtypes and (any(t in d.tags for t in sel.not_subtypes)
                                 or (self.effects and self.effects[0][0] in WORD_KINDS
                                     and any(t in self.gained_tags(u) for t in sel.not_subtypes))):
            return False
        if sel.name and d.uname != sel.name:
            return False
        if sel.exclude and u in sel.exclude:
            return False
        if sel.other_than_threatened and self.dmg is not None and u == self.dmg[0]:
            return False
        if sel.unique is not None and d.unique != sel.unique:
            return False
        if sel.all_subtypes and not all(t in d.tags for t in sel.all_subtypes) \
                and not (self.effects and self.effects[0][0] in WORD_KINDS
                         and all(t in d.tags or t in self.gained_tags(u) for t in sel.all_subtypes)):
            return False
        if sel.min_power is not None and self.power(u) < sel.min_power:
            return False
        if sel.has_keyword:
            from dejarik.tcg.effects import keyword

            if keyword(self, u, sel.has_keyword) <= 0:
                return False
        if sel.tapped is not None and self.tapped[u] != sel.tapped:
            return False
        if sel.damaged is not None and (self.damage[u] > 0) != sel.damaged:
            return False
        if sel.other and u == source:
            return False
        if sel.other_than_defender and self.atk is not None and u == self.atk[1]:
            return False
        if sel.max_health is not None and self.health(u) > sel.max_health:
            return False
        if sel.piloted is not None and bool(self.aboard.get(u)) != sel.piloted:
            return False
        if sel.stacked is not None and bool(self.under.get(u)) != sel.stacked:
            return False
        if sel.min_speed is not None and self.speed(u) < sel.min_speed:
            return False
        if sel.max_speed is not None and self.speed(u) > sel.max_speed:
            return False
        if sel.max_cost is not None and d.cost + self.stack_size(u) > sel.max_cost:
            return False
        if sel.cost_cap and d.cost + self.stack_size(u) > self._cost_cap(sel.cost_cap, ctl, source):
            return False
        if sel.has_upkeep is not None and any(ab.kind == "upkeep" for ab in d.abilities) != sel.has_upkeep:
            return False
        if sel.has_bounty is not None and any(ab.kind == "bounty" for ab in d.abilities) != sel.has_bounty:
            return False
        if sel.is_pilot is not None and any(ab.kind == "pilot" for ab in d.abilities) != sel.is_pilot:
            return False
        if sel.discarded_by_damage >= 0 and not any(
                e[0] == "discarded_with" and e[1] == u and e[2] > sel.discarded_by_damage * e[3]
                for e in self.effects):     # its last discard this turn: damage over N x health
            return False
        if sel.discards_here and not any(e[0] == "left_play" and len(e) > 3 and e[3] == self.unit_arena(u)
                                         for e in self.effects):
            return False
        if sel.hand_match:     # a card of the controller's hand matched against it (Decoy Tactics)
            from dejarik.tcg.effects import hand_matches

            if not hand_matches(self, ctl, u, sel.hand_match):
                return False
        return sel.max_power is None or self.power(u) <= sel.max_power

    def gained_tags(self, u: int) -> tuple[str, ...]:
        """The subtype words card u has gained in play (gain_subtype): the entries at the front
        of the effects."""
        out: tuple[str, ...] = ()
        for e in self.effects:
            if e[0] not in WORD_KINDS:
                break
            if e[1] == u:
                out += e[2]
        return out

    def _cost_cap(self, cap: str, ctl: int, source: int) -> int:
        """The most a `max_cost: force|counters` selector allows: the controller's Force, or the
        counters on the ability's own card (effects.card_counters)."""
        if cap == "force":
            return self.force[ctl]
        if cap == "x":      # X is known only inside an effect: a choice puts it in (effects._choose)
            return 99
        from dejarik.tcg.effects import card_counters

        return card_counters(self, source) if source >= 0 else 0

    def select(self, sel: Sel, ctl: int, source: int = -1, arena: int = -1) -> list[int]:
        """Every unit `sel` names, Dark Side's first, in arena order."""
        if sel.build_zone:
            pool = [u for p in (DARK, LIGHT) for u in self.build[p] if self.face_up[u]]
        elif sel.location:
            pool = self.locations()
        elif sel.discard:
            pool = self.discard[DARK] + self.discard[LIGHT]
        elif sel.anywhere or any(a.build_zone or a.anywhere for a in sel.any_of):
            pool = self.all_in_play() + self.build[DARK] + self.build[LIGHT]
        else:
            pool = self.all_in_play()
        return [u for u in pool if self.matches(sel, u, ctl, source, arena)]

    def controls(self, p: int, a: int) -> bool:
        """Seed 004, "Koniec tury": a unit of yours in the arena and none of your opponent's.
        A unit that "doesn't count toward controlling" the arena (a static `no_control`: Small
        Asteroid) counts for neither side (docs/tcg.md)."""
        return self._holds(p, a) and not self._holds(1 - p, a)

    def _holds(self, p: int, a: int) -> bool:
        for u in self.arena[p][a]:
            if not any(ab.kind == "static" and "no_control" in ab.static
                       for ab in self.defs[self.card_def[u]].abilities):
                return True
        return False

    # -- the end ---------------------------------------------------------------------------
    def finish(self, winner: int, reason: str) -> None:
        if winner >= 0 and self.effects and ("cant_lose", 1 - winner) in self.effects:
            self.note(f"{SIDE_NAMES[1 - winner]} can't lose the game this turn ({reason})")
            return
        if not self.done:
            self.done, self.won, self.end_reason = True, winner, reason
            self.phase = OVER
            self.note(f"{SIDE_NAMES[winner]} wins: {reason}" if winner >= 0 else f"Game over: {reason}")

    # -- the kernel protocol ---------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.done or not self.tasks:
            return -1
        from dejarik.tcg.flow import decider

        return decider(self, self.tasks[-1])

    def legal_actions(self) -> list[tuple[int, ...]]:
        if self.done:
            return []
        if self._legal is None:
            from dejarik.tcg.flow import options

            self._legal = options(self, self.tasks[-1])
        return list(self._legal)

    def apply(self, action: tuple[int, ...]) -> None:
        act = tuple(action)
        if self.done or act not in self.legal_actions():
            shown = ", ".join(self.action_to_text(a) for a in self.legal_actions()[:12]) or "none"
            raise IllegalActionError(f"{action!r} is not legal now (legal: {shown}"
                                     f"{', ...' if len(self.legal_actions()) > 12 else ''})")
        from dejarik.tcg.flow import answer, run

        self._legal = None
        answer(self, self.tasks[-1], (act[0], act[1], act[2]))
        run(self)

    def is_terminal(self) -> bool:
        return self.done

    def winner(self) -> int | None:
        return self.won if self.done and self.won >= 0 else None

    def returns(self) -> list[float]:
        if not self.done or self.won < 0:
            return [0.0, 0.0]
        return [1.0 if p == self.won else -1.0 for p in (DARK, LIGHT)]

    def action_to_text(self, action: tuple[int, ...]) -> str:
        from dejarik.tcg.notation import action_text

        return action_text(self, action)

    def text_to_action(self, text: str) -> tuple[int, ...]:
        from dejarik.tcg.notation import parse_action

        return parse_action(self, text)

    def observation(self, player: int) -> dict[str, Any]:
        from dejarik.tcg.observe import observation

        return observation(self, player)

    def resample_hidden(self, player: int, seed: int) -> Self:
        from dejarik.tcg.observe import resample_hidden

        world: Self = resample_hidden(self, player, seed)   # type: ignore[assignment]
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
        from dejarik.tcg.saved import state_to_json

        return state_to_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TcgState:
        from dejarik.tcg.saved import state_from_json

        return state_from_json(cls, data)

