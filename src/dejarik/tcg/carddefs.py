"""A card as the engine sees it: the facts of the card table plus its compiled abilities.

Names, subtypes and ability records are read once per game; the hot path indexes these by
small ints. A card whose abilities are not written in Dejarik's vocabulary yet is
`implemented = False`; a game refuses it unless `allow_unimplemented` is set, and then it plays
with its printed stats only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from dejarik.tcg.abilities import ARENAS, Ability, bundled_abilities, disrupt_kinds, selectors_in
from dejarik.tcg.cardpool import CardFacts, read_table

UNIT, BATTLE, MISSION, OTHER, LOCATION, EQUIPMENT = 0, 1, 2, 3, 4, 5


@dataclass(frozen=True, slots=True)
class CardDef:
    """A card's facts, with what the rules ask of them worked out once (the hot path reads
    these many times a move: a property that parsed the name each time cost a third of a
    random game)."""

    facts: CardFacts
    abilities: tuple[Ability, ...]
    implemented: bool
    tags: frozenset[str]          # every run of whole words in the subtype: "Jedi", "Jedi Master"
    name: str
    uname: str                    # the name every version shares (uniqueness and stacking go by it)
    unique: bool
    kind: int                     # UNIT, BATTLE, MISSION, LOCATION, EQUIPMENT or OTHER
    arena: int                    # a unit's arena (an index of ARENAS), else -1
    cost: int
    speed: int
    power: int
    health: int
    homes: tuple[int, ...] = ()   # a Location: the arenas it may go to (its type line), else ()
    fits: tuple[int, ...] = ()    # Equipment: the arenas of the units it may equip (its type line)
    hidden: bool = False          # it has a Hidden Cost ability (flow.hidden_deploys looks for these)
    from_discard: bool = False    # it has an ability that works from the discard pile (flow looks for these)
    from_build: bool = False      # it has an ability that works face down in the build zone (flow too)
    copies_pilot: bool = False    # an ability of its own copies a pilot's abilities (effects.copied_pilots)
    from_hand: bool = False       # it has a trigger that works from the hand (effects looks for these)
    after_check: bool = False     # its statics change health or win the game: flow.run checks after tasks
    disrupts: frozenset[str] = frozenset()   # what its Disrupt abilities answer: battle, mission, ability
    reads_discards: bool = False  # it asks how a card was last discarded this turn: discards are recorded

    def keyword(self, name: str) -> int:
        return sum(a.n for a in self.abilities if a.kind == "keyword" and a.keyword == name)


# names the rules treat as one for uniqueness (reference section 10)
_EQUIVALENT = {"Beru Whitesun": "Beru Lars", "Queen Amidala": "Padme Amidala",
               "Padmé Amidala": "Padme Amidala"}


def _tags(subtype: str) -> frozenset[str]:
    words = subtype.split()
    return frozenset(" ".join(words[i:j]) for i in range(len(words)) for j in range(i + 1, len(words) + 1))


def word_tags(subtype: str) -> frozenset[str]:
    """Every run of whole words of a subtype ("Jedi Master" -> Jedi, Master, Jedi Master)."""
    return _tags(subtype)


def location_arenas(subtype: str) -> tuple[int, ...]:
    """The arenas a Location's type line names before its subtype words: "Ground/Character"
    (ROTS), "Character - Coruscant", "Space/Ground/Character - Rebel Tatooine", "Ground Aquatic"."""
    words = subtype.split(" - ")[0].split()
    names = [w.lower() for w in words[0].split("/")] if words else []
    return tuple(ARENAS.index(n) for n in names if n in ARENAS)


def _printed(name: str) -> str:
    """The card a promo printing reprints: "Jango Fett (D) (Promo 1)" plays as "Jango Fett (D)"."""
    cut = name.find(") (")
    return name[:cut + 1] if cut >= 0 else name.split(" (Promo")[0].split(" (Preview")[0]


def _names_op(x: object, name: str) -> bool:
    """Whether an effect list (its nested lists too: branch, may ...) has a step of this name."""
    if isinstance(x, tuple):
        if x and x[0] == name:
            return True
        return any(_names_op(y, name) for y in x)
    return False


def make_def(facts: CardFacts, table: dict[str, tuple[Ability, ...]]) -> CardDef:
    """A card's definition, its abilities taken from `table` (card name -> abilities)."""
    abilities = table.get(facts.name, table.get(_printed(facts.name)))
    t = facts.type
    kind = UNIT if t in ARENAS else BATTLE if t == "battle" else MISSION if t == "mission" \
        else LOCATION if t == "location" else EQUIPMENT if t == "equipment" else OTHER
    # "treat it as a ...": the words join its subtype for every rule that reads subtypes
    extra = " ".join(a.static["subtype"] for a in abilities or () if a.kind == "treat_as")
    tags = _tags(facts.subtype) | _tags(extra)
    return CardDef(facts, abilities or (), abilities is not None, tags, name=facts.name,
                   uname=_EQUIVALENT.get(facts.unique_name, facts.unique_name),
                   unique=facts.version is not None,
                   kind=kind,
                   arena=ARENAS.index(t) if t in ARENAS else -1, cost=facts.cost or 0,
                   speed=facts.speed or 0, power=facts.power or 0, health=facts.health or 0,
                   homes=location_arenas(facts.subtype) if kind == LOCATION else (),
                   fits=location_arenas(facts.subtype) if kind == EQUIPMENT else (),
                   hidden=any(a.kind == "hidden_cost" for a in abilities or ()),
                   from_discard=any(a.from_discard for a in abilities or ()),
                   from_build=any(a.from_build for a in abilities or ()),
                   copies_pilot=any(_names_op(a.ops, "copy_pilot") for a in abilities or ()),
                   from_hand=any(a.kind == "trigger" and a.static.get("from_hand") for a in abilities or ()),
                   reads_discards=any(sel.discarded_by_damage >= 0 for a in abilities or ()
                                      for sel in selectors_in(a.ops)),
                   after_check=any(a.kind == "static" and ("health" in a.static or "force_stats" in a.static
                                                           or "wins_if_marked" in a.static)
                                   for a in abilities or ()),
                   disrupts=frozenset(k for a in abilities or () for k in disrupt_kinds(a)))


def all_defs(files: tuple[str, ...] = ()) -> dict[str, CardDef]:
    """Every card of the shipped table, by full name; the abilities are the bundled sets'
    unless an ability file of the player's own (abilityfiles.py) gives a card's, the last
    file given winning (a file changed since is read again)."""
    if not files:
        return _defs(())
    from dejarik.tcg.abilityfiles import stamp

    return _defs(tuple((path, stamp(path)) for path in files))


@cache
def _defs(files: tuple[tuple[str, tuple[int, int]], ...]) -> dict[str, CardDef]:
    table = bundled_abilities()
    if files:
        from dejarik.tcg.abilityfiles import read_ability_file

        table = dict(table)
        for path, _ in files:
            table.update(read_ability_file(path))
    return {c.name: make_def(c, table) for c in read_table()}


def coverage(defs: Iterable[CardDef]) -> dict[str, tuple[int, int]]:
    """Per set: (implemented cards, cards)."""
    out: dict[str, tuple[int, int]] = {}
    for d in defs:
        done, total = out.get(d.facts.set, (0, 0))
        out[d.facts.set] = (done + d.implemented, total + 1)
    return out
