"""The deckbuilding game behind the kernel protocol: config, setup, and DeckbuildingState."""

from __future__ import annotations

import copy
import hashlib
import json
import os
from collections.abc import Mapping
from typing import Any, Self

from dejarik.core.errors import ConfigError, DejarikError, IllegalActionError
from dejarik.core.rng import Rng
from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding import effects as fx
from dejarik.deckbuilding import notation, rules
from dejarik.deckbuilding.cards import CardTable
from dejarik.deckbuilding.completeness import (
    HOW_TO,
    Selection,
    bases_in_play,
    dealt_cards,
    game_problems,
    packs_to_complete,
)
from dejarik.deckbuilding.family import ENGINE_VERSION
from dejarik.deckbuilding.pack import load_packs
from dejarik.deckbuilding.state import NO_TARGET, Frame, PlayerState, Region, StateData, seat_tables

GAME_NAME = "deckbuilding"   # the name it is registered under (core/registry.py)
# Not a second Action type (that is core.protocol.Action): the fixed-size tuple this compiled
# module uses, which mypyc handles faster than a tuple of any length.
Move3 = tuple[int, int, int]

DEFAULTS: dict[str, Any] = {
    "packs": ["original"],   # pack ids or .yaml files, in order (a file may extend an earlier pack)
    "team": False,           # the 2v2 team game (seed 002): 4 seats, two regions, team turns
    "factions": None,        # [side 0, side 1] faction ids; default: the first pack's two factions
    "neutral": None,         # whose neutral deck of 30 (a pack id); default: the factions' pack
    "pilot_stack": None,     # whose Outer Rim pilot stack (a pack id); default: the neutral deck's
    "first": None,           # side 0 or 1, or "random"; default: the edition's rule (see below)
    "mode": "beginner",      # beginner: the 5-base beginner sets; full: all 10 bases
    "bases_to_win": None,    # default: 3 (beginner) or 4 (full), as the rulebook suggests; in the
                             # team game: bases of *each* enemy's deck, default 3 (seed 002)
    "bribing": False,        # optional rule: pay a neutral row card's cost to discard it
    "turn_limit": 0,         # not a rule: a safety valve for simulations (0 = none)
    "overrides": {},         # {card name: {field: value}}: a quick way to fill a few values
}

_TABLES: dict[str, CardTable] = {}


def _stamp(ref: str) -> Any:
    """A pack file's identity for the table cache: the same path edited is a new table."""
    if not ref.endswith((".yaml", ".yml")):
        return ref
    try:
        st = os.stat(ref)
    except OSError:
        return ref
    return [os.path.abspath(ref), st.st_mtime_ns, st.st_size]


def table_for(config: Mapping[str, Any]) -> CardTable:
    key = json.dumps([[_stamp(r) for r in config["packs"]], config["overrides"]], sort_keys=True)
    table = _TABLES.get(key)
    if table is None:
        table = load_packs(list(config["packs"]), config["overrides"] or None)
        _TABLES[key] = table
    return table


class IncompletePackError(ConfigError):
    """The chosen decks hold cards whose values no source establishes."""


def _packs_list(v: Any) -> list[str]:
    if isinstance(v, str):
        v = [v]
    if not isinstance(v, list | tuple) or not v or not all(isinstance(x, str) and x for x in v):
        raise ConfigError(f"packs must be a list of pack ids or .yaml files, got {v!r}")
    return list(v)


def selection(table: CardTable, cfg: Mapping[str, Any]) -> Selection:
    """Resolve factions, neutral deck, pilots and first player (rulebook: cross-edition play)."""
    fids = [f.id for f in table.factions]
    factions = cfg["factions"]
    if factions is None:
        factions = table.packs[0].factions[:2]
    if (not isinstance(factions, list | tuple) or len(factions) != 2
            or factions[0] == factions[1] or not all(f in fids for f in factions)):
        raise ConfigError(f"factions must be two different factions of the loaded packs "
                          f"({', '.join(fids)}), got {factions!r}")
    homes = {table.pack_of_faction(f).id for f in factions}
    pack_ids = [p.id for p in table.packs]
    neutral = cfg["neutral"]
    if neutral is None:
        if len(homes) > 1:
            raise ConfigError(f"the factions come from different packs ({', '.join(sorted(homes))}): "
                              "choose whose neutral deck to play with (neutral: PACK)")
        neutral = next(iter(homes))
    pilots = cfg["pilot_stack"]
    if pilots is None:
        pilots = neutral if any(c.role == d.PILOT and c.pack == neutral for c in table.defs) else None
        pilots = pilots or next((c.pack for c in table.defs if c.role == d.PILOT), neutral)
    for what, v in (("neutral", neutral), ("pilot_stack", pilots)):
        if v not in pack_ids:
            raise ConfigError(f"{what} must be one of the loaded packs ({', '.join(pack_ids)}), got {v!r}")
    first = cfg["first"]
    if first is None and cfg.get("team"):
        first = "random"  # seed 002, PRZYGOTOWANIE 4: the first team is drawn
    if first is None:
        # one edition: whichever faction its pack lists first moves first; cross-edition: random
        if homes == {neutral}:
            order = table.pack(neutral).factions
            first = 0 if order.index(factions[0]) < order.index(factions[1]) else 1
        else:
            first = "random"
    if first not in (0, 1, "random"):
        raise ConfigError(f"first must be 0, 1 or 'random', got {first!r}")
    return Selection((factions[0], factions[1]), neutral, pilots, None if first == "random" else first)


def normalize_config(config: Mapping[str, Any], deal: bool = True) -> dict[str, Any]:
    """Check a config and fill in defaults. With `deal`, also check that a new game can be
    dealt from it (scenarios and saves list their own cards, so they skip that)."""
    config = dict(config)
    if "pack" in config:  # a single pack, as scenarios and older configs say it
        if "packs" in config:
            raise ConfigError("give either pack or packs, not both")
        config["packs"] = config.pop("pack")
    unknown = sorted(set(config) - set(DEFAULTS), key=str)   # a YAML key may be a number
    if unknown:
        raise ConfigError(f"unknown config field {unknown[0]!r} (known: {', '.join(DEFAULTS)})")
    cfg = {**DEFAULTS, **config}
    cfg["packs"] = _packs_list(cfg["packs"])
    if cfg["mode"] not in ("beginner", "full"):
        raise ConfigError(f"mode must be 'beginner' or 'full', got {cfg['mode']!r}")
    if not isinstance(cfg["team"], bool):
        raise ConfigError(f"team must be true or false, got {cfg['team']!r}")
    if cfg["bases_to_win"] is None:
        cfg["bases_to_win"] = 3 if cfg["mode"] == "beginner" or cfg["team"] else 4
    btw = cfg["bases_to_win"]
    if isinstance(btw, bool) or not isinstance(btw, int) or not 2 <= btw <= 5:
        raise ConfigError(f"bases_to_win must be a whole number from 2 to 5, got {btw!r}")
    if not isinstance(cfg["bribing"], bool):
        raise ConfigError(f"bribing must be true or false, got {cfg['bribing']!r}")
    tl = cfg["turn_limit"]
    if isinstance(tl, bool) or not isinstance(tl, int) or tl < 0:
        raise ConfigError(f"turn_limit must be a whole number >= 0, got {tl!r}")
    if not isinstance(cfg["overrides"], Mapping):
        raise ConfigError("overrides must be a mapping {card name: {field: value}}")
    cfg["overrides"] = dict(cfg["overrides"])
    if cfg["factions"] is not None:
        f = cfg["factions"]
        cfg["factions"] = list(f) if isinstance(f, list | tuple) else f
    table = table_for(cfg)
    sel = selection(table, cfg)
    if deal:
        check_dealable(table, sel, cfg)
    return cfg


def check_dealable(table: CardTable, sel: Selection, cfg: Mapping[str, Any]) -> None:
    btw = cfg["bases_to_win"]
    problems = game_problems(table, sel, cfg["mode"])
    if problems:
        names = " v ".join(table.faction(f).name for f in sel.factions)
        todo = [HOW_TO.replace("PACK", p) for p in packs_to_complete(table, sel, cfg["mode"])]
        raise IncompletePackError(
            f"cannot deal {names} ({cfg['mode']} mode): the packs do not say everything the game needs "
            "(nothing is filled in for you):\n  " + "\n  ".join(problems)
            + f"\nTo play, {'; and '.join(todo)}.")
    for f in sel.factions:
        n = len(bases_in_play(table, f, cfg["mode"]))
        if n < btw:
            raise ConfigError(f"{table.faction(f).name} have only {n} bases in {cfg['mode']} mode; "
                              f"bases_to_win {btw} is impossible")


# The last config dealt from, as given, with what it resolved to: a simulation deals thousands
# of games from one config, and checking it again each time cost a sixth of a greedy game.
# Configs that name pack files are checked every time (a file edited is a new table).
_LAST_CONFIG: list[tuple[dict[str, Any], dict[str, Any], CardTable, Selection]] = []


def _prepared(config: Mapping[str, Any], deal: bool) -> tuple[dict[str, Any], CardTable, Selection]:
    """The normalised config, its card table and its selection."""
    if deal and _LAST_CONFIG and _LAST_CONFIG[0][0] == config:
        _, cfg, table, sel = _LAST_CONFIG[0]
        return cfg, table, sel
    cfg = normalize_config(config, deal)
    table = table_for(cfg)
    sel = selection(table, cfg)
    packs = config.get("packs", config.get("pack"))
    if deal and not any(isinstance(r, str) and r.endswith((".yaml", ".yml"))
                        for r in (packs if isinstance(packs, list | tuple) else [packs])):
        _LAST_CONFIG[:] = [(copy.deepcopy(dict(config)), cfg, table, sel)]
    return cfg, table, sel


class _Layout:
    """A new game's cards before any shuffle: the instances (their card ids, in order), each
    region's galaxy deck and pilot stack, each seat's starter deck and bases. The same for
    every game of a selection and mode, so it is laid out once and copied."""

    def __init__(self, inst_def: list[int], regions: list[Region], players: list[PlayerState]
                 ) -> None:
        self.inst_def, self.regions, self.players = inst_def, regions, players


_LAYOUTS: dict[tuple[int, Selection, str, int], tuple[CardTable, _Layout]] = {}


def _layout(s: DeckbuildingState) -> _Layout:
    """The layout of s's table, selection, mode and seats (cached; the table is kept with it,
    so a table that was dropped and whose id came back is not mistaken for it)."""
    t, sel, mode = s.table, s.selection, s.config["mode"]
    key = (id(t), sel, mode, s.num_players)
    hit = _LAYOUTS.get(key)
    if hit is not None and hit[0] is t:
        return hit[1]
    inst_def: list[int] = []

    def new(def_id: int, copies: int) -> list[int]:
        start = len(inst_def)
        inst_def.extend([def_id] * copies)
        return list(range(start, start + copies))

    regions, players = [], []
    pilot = next(c for c in t.defs if c.role == d.PILOT and c.pack == sel.pilots)
    for _ in range(s.num_players // 2):
        region = Region()
        for c in dealt_cards(t, sel, mode):
            if c.role == d.GALAXY:
                region.deck += new(c.id, c.copies)
        region.pilots = new(pilot.id, pilot.copies)
        regions.append(region)
    for f in s.factions:
        p = PlayerState(f.id)
        for c in t.defs:
            if c.role == d.STARTER and c.faction == f.id:
                p.deck += new(c.id, c.copies)
        bases = [x for b in bases_in_play(t, f.id, mode) for x in new(b.id, 1)]
        p.base = next(b for b in bases if t.defs[inst_def[b]].starting)
        p.base_deck = [b for b in bases if b != p.base]
        players.append(p)
    layout = _Layout(inst_def, regions, players)
    _LAYOUTS[key] = (t, layout)
    return layout


class DeckbuildingState(StateData):
    """A position of Star Wars: The Deckbuilding Game: two players, or the 2v2 team game
    (seed 002) with four seats (see `state.seat_tables`)."""

    game_name = GAME_NAME

    def __init__(self, config: Mapping[str, Any] | None = None, seed: int = 0) -> None:
        """A new game dealt from `config` and `seed`. Without a config: an empty shell for
        `clone` and `blank` to fill in."""
        if config is not None:
            self._blank(config, seed, deal=True)
            self._setup()

    @classmethod
    def blank(cls, config: Mapping[str, Any], seed: int) -> DeckbuildingState:
        """An empty position for a config (no cards yet): scenarios and saves fill it in."""
        s = cls()
        s._blank(config, seed)
        s.inst_def = []
        return s

    def _blank(self, config: Mapping[str, Any], seed: int, deal: bool = False) -> None:
        self.config, self.table, self.selection = _prepared(config, deal)
        self.defs = self.table.defs
        self.team_game = bool(self.config["team"])
        self.num_players = 4 if self.team_game else 2
        self.mates = seat_tables(self.num_players)
        sides = [self.table.faction(f) for f in self.selection.factions]
        self.factions = [sides[seat & 1] for seat in range(self.num_players)]
        self.bases_to_win = int(self.config["bases_to_win"])
        self.bribing = bool(self.config["bribing"])
        self.turn_limit = int(self.config["turn_limit"])
        self.rng = Rng(seed)
        self._init_fields()
        self._legal: list[Move3] | None = None
        self._kind = -1                          # the kind whose actions `_kind_acts` lists
        self._kind_acts: list[Move3] = []

    # -- setup (rulebook PRZYGOTOWANIE / PREPARAZIONE) -------------------------------------------
    def _setup(self) -> None:
        """Deal a new game. The team game has two regions, each with its own galaxy deck,
        row and pilot stack, and every player their own deck and bases (seed 002)."""
        layout = _layout(self)
        self.inst_def = list(layout.inst_def)
        self.regions = [r.copy() for r in layout.regions]
        self.players = [p.copy() for p in layout.players]
        self.damage = [0] * len(self.inst_def)
        # cross-edition play and the team game: the first side is drawn at random; the Force
        # marker starts at the second side's end of the track
        sel = self.selection
        self.first = sel.first if sel.first is not None else self.rng.below(2)
        self.active = self.first
        for p in self.players:
            self.rng.shuffle(p.deck)
        for region in self.regions:
            self.rng.shuffle(region.deck)
            for _ in range(6):
                region.row.append(region.deck.pop())
        self.force = d.FORCE_END[1 - self.first]
        for seat in range(self.num_players):
            self.draw(seat, rules.HAND_SIZE)
        rules.start_turn(self)

    # -- protocol ------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.done:
            return -1
        return self.decider if self.waiting else self.active

    def legal_actions(self) -> list[Move3]:
        acts = self._legal
        if acts is None:
            if self.done:
                acts = []
            elif self.waiting:
                acts = fx.options(self)
            else:
                acts = rules.main_actions(self)
            self._legal = acts
        return acts

    def apply(self, action: tuple[int, ...]) -> None:
        act = tuple(action)
        if not self._is_legal(act):
            raise IllegalActionError(f"illegal action {self._describe(act)}: "
                                     f"{'the game is over' if self.done else 'not among the legal actions'}")
        self._legal = None
        self._kind = -1
        kind = act[0]
        if self.waiting:
            if self.log is not None:  # say what was chosen, in words (not on the hot path)
                from dejarik.deckbuilding.decision import note_answer

                note_answer(self, (act[0], act[1], act[2]))
            fx.answer(self, (act[0], act[1], act[2]))
            return
        self.passed = False
        if kind == d.PLAY:
            rules.play_card(self, act[1])
        elif kind == d.BUY:
            fx.buy(self, act[1], act[2], self.active)
            fx.run(self)
        elif kind == d.USE:
            rules.use_ability(self, act[1])
        elif kind == d.COMMIT:
            rules.commit(self, act[1], act[2])
        elif kind == d.RESOLVE:
            rules.resolve_attack(self)
        elif kind == d.BRIBE:
            rules.bribe(self, act[1])
        elif kind == d.SWITCH:
            rules.switch(self)
        else:
            rules.end_turn(self)

    def actions_of_kind(self, kind: int) -> list[Move3]:
        """The main phase's legal actions of one kind, remembered until the next action: a
        player that looks only at some kinds (the rule of thumb) lists only those, and `apply`
        checks its choice against the same list."""
        acts = rules.actions_of_kind(self, kind)
        self._kind, self._kind_acts = kind, acts
        return acts

    def _is_legal(self, act: tuple[int, ...]) -> bool:
        """Among the legal actions: the whole list when it is known, else the list of the
        action's kind (a player that chose without listing every action is not made to)."""
        if self._legal is not None or self.done or self.waiting or not act:
            return act in self.legal_actions()
        if act[0] == self._kind:
            return act in self._kind_acts
        return act in rules.actions_of_kind(self, act[0])

    def _describe(self, act: tuple[int, ...]) -> str:
        try:
            return repr(notation.format_action(self, act))
        except (DejarikError, IndexError, KeyError, TypeError, ValueError):
            return repr(act)

    def is_terminal(self) -> bool:
        return self.done

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The sides: ((0,), (1,)), or ((0, 2), (1, 3)) in the team game."""
        return self.mates[:2]

    def winner(self) -> int | None:
        """The winning side (team), which is also a seat: side i's first seat is seat i."""
        return self.win if self.done and self.win >= 0 else None

    def returns(self) -> list[float]:
        if not self.done or self.win < 0:
            return [0.0] * self.num_players
        return [1.0 if p & 1 == self.win else -1.0 for p in range(self.num_players)]

    def action_to_text(self, action: tuple[int, ...]) -> str:
        return notation.format_action(self, action)

    def text_to_action(self, text: str) -> Move3:
        return notation.parse_action(self, text)

    # -- copies, hashes, JSON ------------------------------------------------------------------
    def clone(self) -> Self:
        s = type(self)()
        # shared, never changed during play
        s.config, s.table, s.defs, s.selection = self.config, self.table, self.defs, self.selection
        s.factions, s.inst_def, s._refs, s._config_key = (self.factions, self.inst_def, self._refs,
                                                          self._config_key)
        s.bases_to_win, s.bribing, s.turn_limit = self.bases_to_win, self.bribing, self.turn_limit
        s.num_players, s.team_game, s.mates = self.num_players, self.team_game, self.mates
        # the position
        s.force, s.active, s.first, s.turn = self.force, self.active, self.first, self.turn
        s.target, s.next_buy, s.hunts_used = self.target, self.next_buy, self.hunts_used
        s.waiting, s.decider, s.done, s.win = self.waiting, self.decider, self.done, self.win
        s.rng = self.rng.copy()
        s.players = [p.copy() for p in self.players]
        s.regions = [r.copy() for r in self.regions]
        s.damage = self.damage[:]
        s.used = set(self.used)
        s.attacked = set(self.attacked)
        s.bonus = dict(self.bonus)
        s.committed = self.committed[:]
        s.fired = set(self.fired)
        s.bought = self.bought[:]
        s.exile_end = set(self.exile_end)
        s.prevented = self.prevented[:]
        s.finished = set(self.finished)
        s.passed = self.passed
        s.stack = [f.copy() for f in self.stack]
        s.log = None
        s.secret_notes = {}
        s.events = None
        s._legal = None
        s._kind = -1
        s._kind_acts = []
        return s

    def _key(self) -> tuple[Any, ...]:
        return (ENGINE_VERSION, self.config_key(), tuple(self.inst_def),
                tuple(p.key() for p in self.players), tuple(r.key() for r in self.regions),
                self.force, self.active, self.first,
                self.turn,
                tuple(self.damage), tuple(sorted(self.used)), tuple(sorted(self.attacked)),
                tuple(sorted(self.bonus.items())), tuple(self.committed), self.target,
                tuple(sorted(self.fired)), self.next_buy, tuple(self.bought), self.hunts_used,
                tuple(sorted(self.exile_end)), tuple(self.prevented), tuple(sorted(self.finished)),
                self.passed, tuple(f.key() for f in self.stack), self.waiting, self.decider, self.done,
                self.win, self.rng.state)

    _config_key: str | None = None

    def config_key(self) -> str:
        if self._config_key is None:
            self._config_key = json.dumps(self.config, sort_keys=True)
        return self._config_key

    def state_hash(self) -> str:
        return hashlib.blake2b(repr(self._key()).encode(), digest_size=16).hexdigest()

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "deckbuilding", "engine_version": ENGINE_VERSION, "config": self.config,
            "cards": [self.defs[i].name for i in self.inst_def],
            "players": [{"faction": p.faction, "hand": p.hand, "deck": p.deck,
                         "discard": p.discard, "play": p.play, "exile": p.exile, "base": p.base,
                         "base_deck": p.base_deck, "victory": p.victory, "pool": p.pool}
                        for p in self.players],
            "regions": [{"row": r.row, "galaxy_deck": r.deck, "galaxy_discard": r.discard,
                         "pilots": r.pilots} for r in self.regions],
            "force": self.force,
            "active": self.active, "first": self.first, "turn": self.turn, "damage": self.damage,
            "used": sorted(self.used), "attacked": sorted(self.attacked),
            "bonus": sorted(self.bonus.items()), "committed": self.committed,
            "target": self.target, "fired": sorted(self.fired), "next_buy": self.next_buy,
            "bought": self.bought, "hunts_used": self.hunts_used,
            "exile_end": sorted(self.exile_end), "prevented": self.prevented,
            "finished": sorted(self.finished), "passed": self.passed,
            "stack": [list(f.key()) for f in self.stack], "waiting": self.waiting,
            "decider": self.decider, "done": self.done, "winner": self.win,
            "rng": self.rng.state,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DeckbuildingState:
        from dejarik.deckbuilding.saved import state_from_json

        return state_from_json(cls, data)

    # -- what a player may know ----------------------------------------------------------------
    def observation(self, player: int) -> dict[str, Any]:
        from dejarik.deckbuilding.observe import observation

        return observation(self, player)

    def resample_hidden(self, player: int, seed: int) -> Self:
        from dejarik.deckbuilding.observe import resample_hidden

        return resample_hidden(self, player, seed)


__all__ = ["NO_TARGET", "DeckbuildingState", "Frame"]
