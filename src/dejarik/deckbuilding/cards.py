"""Card definitions, filters and the compiled card table a game runs on."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

Op = tuple[Any, ...]
Program = tuple[Op, ...]
Cond = tuple[Any, ...]


def slugify(name: str) -> str:
    """'Jabba's Sail Barge' -> 'jabbas-sail-barge': the card word used by the notation."""
    s = name.lower().replace("'", "").replace("\u2019", "")
    return re.sub(r"[^a-z0-9]+", "-", s).strip("-")


@dataclass(frozen=True, slots=True)
class Filter:
    """Which cards match. Faction 'own'/'enemy' is relative to the deciding player."""

    ctype: int = -1
    faction: str | None = None
    traits: frozenset[str] | None = None
    unique: bool | None = None
    name: str | None = None
    max_cost: int | None = None

    def match(self, card: CardDef, own: str, enemy: str) -> bool:
        if self.ctype >= 0 and card.ctype != self.ctype:
            return False
        f = self.faction
        if f is not None:
            want = own if f == "own" else enemy if f == "enemy" else f
            if card.faction != want:
                return False
        if self.traits is not None and (card.traits is None or not (card.traits & self.traits)):
            return False
        if self.unique is not None and card.unique != self.unique:
            return False
        if self.name is not None and card.printed != self.name:
            return False
        return self.max_cost is None or card.cost <= self.max_cost


ANY = Filter()


@dataclass(frozen=True, slots=True)
class AttackBonus:
    """A constant +attack: to the card itself, or to its owner's cards in play that match."""

    to_self: bool
    filter: Filter
    amount: int
    per_opponent_victory: bool
    cond: Cond | None


@dataclass(frozen=True, slots=True)
class BuyTo:
    """Where a bought card goes instead of the discard pile."""

    self_only: bool
    dest: int
    first_each_turn: bool
    filter: Filter
    exile_at_end: bool


@dataclass(frozen=True, slots=True)
class Trigger:
    event: str
    prog: int
    filter: Filter
    first_each_turn: bool


@dataclass(slots=True)
class CardDef:
    id: int
    name: str
    slug: str
    role: int
    faction: str
    ctype: int
    cost: int
    attack: int
    resources: int
    force: int
    hp: int | None
    target: int | None
    traits: frozenset[str] | None
    unique: bool
    copies: int
    starting: bool = False
    beginner: bool = False
    text: str = ""
    edition: str = ""
    ability: int = -1
    requires: Cond | None = None
    reward: int = -1
    triggers: dict[str, tuple[Trigger, ...]] = field(default_factory=dict)
    attack_bonuses: tuple[AttackBonus, ...] = ()
    buy_to: tuple[BuyTo, ...] = ()
    prevent_damage: int = 0
    hunt_neutral: int = 0
    keep_resources: bool = False
    pack: str = ""
    printed: str = ""                  # the printed name (`name` gets '[pack]' if two packs share it)
    unknown: tuple[str, ...] = ()      # fields no source establishes (null in the pack)
    unconfirmed: dict[str, str] = field(default_factory=dict)  # field -> why it is not certain
    notes: str = ""
    raw: dict[str, Any] = field(default_factory=dict)  # the pack entry (after merging), for display


@dataclass(frozen=True)
class Composition:
    """How many cards an edition's box holds (both rulebooks: 90 galaxy cards, 10 starters,
    10 pilots, 10 bases per faction of which 5 are the beginner set)."""

    galaxy_per_faction: int = 30
    galaxy_neutral: int = 30
    starter_deck: int = 10
    pilots: int = 10
    bases_per_faction: int = 10
    beginner_bases: int = 5


@dataclass
class PackInfo:
    """One pack of a table, after the files that extend it were merged in."""

    id: str
    title: str
    edition: str
    factions: list[str]
    composition: Composition
    files: list[str]


@dataclass
class FactionInfo:
    id: str
    name: str
    hunt: str


@dataclass
class CardTable:
    """Every card definition and compiled program of the packs in play."""

    packs: list[PackInfo]
    factions: list[FactionInfo]
    defs: list[CardDef]
    progs: list[Program]
    by_name: dict[str, int]
    by_slug: dict[str, int]
    # derived data other modules compute once per table (e.g. the evaluation's card values)
    cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def pack(self, pack_id: str) -> PackInfo:
        for p in self.packs:
            if p.id == pack_id:
                return p
        raise KeyError(pack_id)

    def faction(self, fid: str) -> FactionInfo:
        for f in self.factions:
            if f.id == fid:
                return f
        raise KeyError(fid)

    def pack_of_faction(self, fid: str) -> PackInfo:
        return next(p for p in self.packs if fid in p.factions)
