"""The deckbuilding game behind the kernel protocol: config, setup, and DeckbuildingState."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any, Self

from dejarik.core.errors import ConfigError, DejarikError, IllegalActionError
from dejarik.core.rng import Rng
from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding import effects as fx
from dejarik.deckbuilding import notation, rules
from dejarik.deckbuilding.cards import CardTable
from dejarik.deckbuilding.pack import load_pack
from dejarik.deckbuilding.state import NO_TARGET, Frame, PlayerState, StateData

ENGINE_VERSION = "deckbuilding-1"
Action = tuple[int, int, int]

DEFAULTS: dict[str, Any] = {
    "pack": "original",
    "mode": "beginner",      # beginner: the 5-base beginner sets; full: every base with known hp
    "bases_to_win": None,    # default: 3 (beginner) or 4 (full), as the rulebook suggests
    "bribing": False,        # optional rule: pay a neutral row card's cost to discard it
    "turn_limit": 0,         # not a rule: a safety valve for simulations (0 = none)
    "overrides": {},         # {card name: {field: value}} for values the pack leaves unknown
}

_TABLES: dict[str, CardTable] = {}


def table_for(config: Mapping[str, Any]) -> CardTable:
    key = json.dumps([config["pack"], config["overrides"]], sort_keys=True)
    table = _TABLES.get(key)
    if table is None:
        table = load_pack(str(config["pack"]), config["overrides"] or None)
        _TABLES[key] = table
    return table


def normalize_config(config: Mapping[str, Any]) -> dict[str, Any]:
    unknown = sorted(set(config) - set(DEFAULTS))
    if unknown:
        raise ConfigError(f"unknown config field {unknown[0]!r} (known: {', '.join(DEFAULTS)})")
    cfg = {**DEFAULTS, **config}
    if cfg["mode"] not in ("beginner", "full"):
        raise ConfigError(f"mode must be 'beginner' or 'full', got {cfg['mode']!r}")
    if cfg["bases_to_win"] is None:
        cfg["bases_to_win"] = 3 if cfg["mode"] == "beginner" else 4
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
    table = table_for(cfg)
    for f in table.factions:
        n = len(base_pool(table, f.id, cfg["mode"]))
        if n < btw:
            raise ConfigError(f"{f.name} have only {n} playable bases in {cfg['mode']} mode; "
                              f"bases_to_win {btw} is impossible")
    return cfg


def base_pool(table: CardTable, faction: str, mode: str) -> list[int]:
    """Base card ids for a faction in a mode; bases with unknown hp are left out."""
    return [c.id for c in table.defs
            if c.role == d.BASE_ROLE and c.faction == faction and c.hp is not None
            and (mode == "full" or c.beginner)]


def missing_bases(table: CardTable, mode: str) -> list[str]:
    return [c.name for c in table.defs if c.role == d.BASE_ROLE and c.hp is None
            and (mode == "full" or c.beginner)]


class DeckbuildingState(StateData):
    """A position of Star Wars: The Deckbuilding Game (two players)."""

    num_players = 2

    def __init__(self, config: Mapping[str, Any], seed: int) -> None:
        self._blank(config, seed)
        self._setup()

    @classmethod
    def blank(cls, config: Mapping[str, Any], seed: int) -> DeckbuildingState:
        """An empty position for a config (no cards yet): scenarios and saves fill it in."""
        s = object.__new__(cls)
        s._blank(config, seed)
        s.inst_def = []
        return s

    def _blank(self, config: Mapping[str, Any], seed: int) -> None:
        self.config = normalize_config(config)
        self.table = table_for(self.config)
        self.defs = self.table.defs
        self.bases_to_win = int(self.config["bases_to_win"])
        self.bribing = bool(self.config["bribing"])
        self.turn_limit = int(self.config["turn_limit"])
        self.rng = Rng(seed)
        self._init_fields()
        self._legal: list[Action] | None = None

    # -- setup (rulebook PRZYGOTOWANIE / PREPARAZIONE) -------------------------------------------
    def _new(self, def_id: int, copies: int) -> list[int]:
        start = len(self.inst_def)
        self.inst_def.extend([def_id] * copies)
        return list(range(start, start + copies))

    def _setup(self) -> None:
        t = self.table
        self.inst_def = []
        starters = []
        for f in t.factions:
            cards: list[int] = []
            for c in t.defs:
                if c.role == d.STARTER and c.faction == f.id:
                    cards += self._new(c.id, c.copies)
            starters.append(cards)
        galaxy: list[int] = []
        for c in t.defs:
            if c.role == d.GALAXY:
                galaxy += self._new(c.id, c.copies)
        pilot = next(c for c in t.defs if c.role == d.PILOT)
        self.pilots = self._new(pilot.id, pilot.copies)
        bases = [[x for b in base_pool(t, f.id, self.config["mode"]) for x in self._new(b, 1)]
                 for f in t.factions]
        self.damage = [0] * len(self.inst_def)
        for seat, f in enumerate(t.factions):
            p = PlayerState(f.id)
            p.deck = starters[seat]
            self.rng.shuffle(p.deck)
            start = [b for b in bases[seat] if self.card(b).starting]
            p.base = start[0]
            p.base_deck = [b for b in bases[seat] if b != p.base]
            self.players.append(p)
        self.galaxy_deck = galaxy
        self.rng.shuffle(self.galaxy_deck)
        for _ in range(6):
            self.row.append(self.galaxy_deck.pop())
        self.force = d.FORCE_END[1]  # the second player's end of the track
        for seat in range(2):
            self.draw(seat, rules.HAND_SIZE)
        rules.start_turn(self)

    # -- protocol ------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.done:
            return -1
        return self.decider if self.waiting else self.active

    def legal_actions(self) -> list[Action]:
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
        if act not in self.legal_actions():
            raise IllegalActionError(f"illegal action {self._describe(act)}: "
                                     f"{'the game is over' if self.done else 'not among the legal actions'}")
        self._legal = None
        kind = act[0]
        if self.waiting:
            fx.answer(self, (act[0], act[1], act[2]))
        elif kind == d.PLAY:
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
        else:
            rules.end_turn(self)

    def _describe(self, act: tuple[int, ...]) -> str:
        try:
            return repr(notation.format_action(self, act))
        except (DejarikError, IndexError, KeyError, TypeError, ValueError):
            return repr(act)

    def is_terminal(self) -> bool:
        return self.done

    def winner(self) -> int | None:
        return self.win if self.done and self.win >= 0 else None

    def returns(self) -> list[float]:
        if not self.done or self.win < 0:
            return [0.0, 0.0]
        return [1.0 if p == self.win else -1.0 for p in range(2)]

    def heuristic_action(self, rng: Rng) -> Action:
        """The greedy player's move (see heuristic.py)."""
        from dejarik.deckbuilding.heuristic import heuristic_action

        return heuristic_action(self, rng)

    def action_to_text(self, action: tuple[int, ...]) -> str:
        return notation.format_action(self, action)

    def text_to_action(self, text: str) -> Action:
        return notation.parse_action(self, text)

    # -- copies, hashes, JSON ------------------------------------------------------------------
    def clone(self) -> Self:
        s = object.__new__(type(self))
        s.__dict__.update(self.__dict__)
        s.rng = self.rng.copy()
        s.players = [p.copy() for p in self.players]
        s.row = self.row[:]
        s.galaxy_deck = self.galaxy_deck[:]
        s.galaxy_discard = self.galaxy_discard[:]
        s.pilots = self.pilots[:]
        s.damage = self.damage[:]
        s.used = set(self.used)
        s.attacked = set(self.attacked)
        s.bonus = dict(self.bonus)
        s.committed = self.committed[:]
        s.fired = set(self.fired)
        s.bought = self.bought[:]
        s.exile_end = set(self.exile_end)
        s.prevented = self.prevented[:]
        s.stack = [f.copy() for f in self.stack]
        s.log = None
        s._legal = None
        return s

    def _key(self) -> tuple[Any, ...]:
        return (ENGINE_VERSION, self.config_key(), tuple(self.inst_def),
                tuple(p.key() for p in self.players), tuple(self.row), tuple(self.galaxy_deck),
                tuple(self.galaxy_discard), tuple(self.pilots), self.force, self.active, self.turn,
                tuple(self.damage), tuple(sorted(self.used)), tuple(sorted(self.attacked)),
                tuple(sorted(self.bonus.items())), tuple(self.committed), self.target,
                tuple(sorted(self.fired)), self.next_buy, tuple(self.bought), self.hunts_used,
                tuple(sorted(self.exile_end)), tuple(self.prevented),
                tuple(f.key() for f in self.stack), self.waiting, self.decider, self.done,
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
            "row": self.row, "galaxy_deck": self.galaxy_deck,
            "galaxy_discard": self.galaxy_discard, "pilots": self.pilots, "force": self.force,
            "active": self.active, "turn": self.turn, "damage": self.damage,
            "used": sorted(self.used), "attacked": sorted(self.attacked),
            "bonus": sorted(self.bonus.items()), "committed": self.committed,
            "target": self.target, "fired": sorted(self.fired), "next_buy": self.next_buy,
            "bought": self.bought, "hunts_used": self.hunts_used,
            "exile_end": sorted(self.exile_end), "prevented": self.prevented,
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


class DeckbuildingGame:
    """The game family object the registry hands out."""

    name = "deckbuilding"
    engine_version = ENGINE_VERSION

    def new_state(self, config: dict[str, Any], seed: int) -> DeckbuildingState:
        return DeckbuildingState(config, seed)

    def state_from_json(self, data: dict[str, Any]) -> DeckbuildingState:
        return DeckbuildingState.from_json(data)

    def normalize_config(self, config: dict[str, Any]) -> dict[str, Any]:
        return normalize_config(config)


GAME = DeckbuildingGame()

__all__ = ["GAME", "NO_TARGET", "DeckbuildingState", "Frame"]
