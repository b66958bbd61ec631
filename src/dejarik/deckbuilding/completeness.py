"""What a pack lacks. Two readers: `dejarik cards check` prints an itemised account of a pack
against its edition's composition, and a game refuses to start while any card it would
deal is not fully known. Nothing is ever filled in: a gap is named, with how to fill it.
"""

from __future__ import annotations

from dataclasses import dataclass

from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding.cards import CardDef, CardTable, Composition

# Unknown traits or uniqueness only matter to filters that ask for them: a game may start,
# and is told that such a card matches no trait filter. Every other unknown field stops it.
SOFT = frozenset({"traits", "unique"})
SOFT_EFFECT = {"traits": "matches no trait filter", "unique": "counts as not unique"}
ROW_SIZE = 6
HOW_TO = ("write the values in a file that says `extends: PACK` (`dejarik cards new FILE --extends PACK` "
          "starts one) and load it with --pack FILE; docs/packs.md shows how")


@dataclass(frozen=True)
class Selection:
    """The decks a game deals: two factions (seat order), a neutral deck, a pilot stack, and
    who moves first (a seat, or None: at random, as cross-edition play says)."""

    factions: tuple[str, str]
    neutral: str
    pilots: str
    first: int | None


def hard_gaps(card: CardDef) -> list[str]:
    return [f for f in card.unknown if f not in SOFT]


def _describe(card: CardDef, fields: list[str]) -> str:
    return f"{card.name}: {', '.join(fields)} unknown"


def known_facts(c: CardDef) -> str:
    """What a partly known card's pack entry does establish, for the itemised account."""
    facts = []
    if "faction" not in c.unknown and c.role != d.BASE_ROLE:
        facts.append(c.faction)
    if "type" not in c.unknown and c.role != d.BASE_ROLE:
        facts.append(d.TYPE_WORDS[c.ctype].replace("_", " "))
    for f in ("copies", "cost", "attack", "resources", "force", "hp", "target"):
        if f not in c.unknown and c.raw.get(f) is not None:
            facts.append(f"{f} {c.raw[f]}")
    facts += [f for f in ("reward", "ability", "triggers", "statics") if c.raw.get(f)]
    if c.traits:
        facts.append("traits " + ", ".join(sorted(c.traits)))
    return ", ".join(facts)


def _deck(table: CardTable, role: int, faction: str, pack: str | None = None) -> list[CardDef]:
    return [c for c in table.defs if c.role == role and c.faction == faction
            and (pack is None or c.pack == pack)]


def _copies(cards: list[CardDef]) -> int:
    return sum(c.copies for c in cards if "copies" not in c.unknown)


def _deck_gaps(what: str, cards: list[CardDef], need: int) -> list[str]:
    out = [f"{what}: {_copies(cards)} of {need} copies known"] if _copies(cards) != need else []
    out += [f"  {_describe(c, hard_gaps(c))}" for c in cards if hard_gaps(c)]
    return out


def bases_in_play(table: CardTable, faction: str, mode: str) -> list[CardDef]:
    return [c for c in _deck(table, d.BASE_ROLE, faction) if mode == "full" or c.beginner]


def game_problems(table: CardTable, sel: Selection, mode: str) -> list[str]:
    """Everything that stops this game from being dealt; empty when it can start. Worked out
    once per table, selection and mode (every game of a simulation asks)."""
    key = f"game_problems {sel} {mode}"
    if key not in table.cache:
        table.cache[key] = _game_problems(table, sel, mode)
    return list(table.cache[key])


def _game_problems(table: CardTable, sel: Selection, mode: str) -> list[str]:
    out: list[str] = []
    for fid in sel.factions:
        comp = table.pack_of_faction(fid).composition
        name = table.faction(fid).name
        out += _deck_gaps(f"{name} starter deck", _deck(table, d.STARTER, fid), comp.starter_deck)
        out += _deck_gaps(f"{name} galaxy cards", _deck(table, d.GALAXY, fid), comp.galaxy_per_faction)
        bases = bases_in_play(table, fid, mode)
        need = comp.beginner_bases if mode == "beginner" else comp.bases_per_faction
        base_gaps = [f"  {_describe(c, hard_gaps(c))}" for c in bases if hard_gaps(c)]
        if len(bases) != need or base_gaps:
            out.append(f"{name} bases ({mode}): {len(bases)} of {need} listed")
        if sum(c.starting for c in bases) != 1:
            out.append(f"{name} bases: no starting base is marked (`starting: true`)")
        out += base_gaps
        home = table.pack_of_faction(fid).id
        lost = [c.name for c in table.defs if c.faction == "?" and c.pack == home]
        if lost:
            out.append(f"{home}: cards whose faction is unknown (each may belong to a deck dealt here): "
                       f"{', '.join(lost)}")
    neutral = table.pack(sel.neutral)
    out += _deck_gaps(f"neutral galaxy cards of {neutral.id}",
                      _deck(table, d.GALAXY, d.NEUTRAL, neutral.id), neutral.composition.galaxy_neutral)
    pilots = [c for c in table.defs if c.role == d.PILOT and c.pack == sel.pilots]
    if len(pilots) != 1:
        out.append(f"Outer Rim pilots of {sel.pilots}: needs one pilot card, has {len(pilots)}")
    else:
        need = table.pack(sel.pilots).composition.pilots
        out += _deck_gaps(f"Outer Rim pilots of {sel.pilots}", pilots, need)
    galaxy = sum(c.copies for c in dealt_cards(table, sel, mode) if c.role == d.GALAXY)
    if galaxy < ROW_SIZE:
        out.append(f"the galaxy deck has {galaxy} cards; the galaxy row alone needs {ROW_SIZE}")
    return list(dict.fromkeys(out))


def packs_to_complete(table: CardTable, sel: Selection, mode: str) -> list[str]:
    """The packs a user should extend to fix `game_problems`: those whose dealt cards have gaps,
    else the packs of the chosen factions."""
    packs = [c.pack for c in dealt_cards(table, sel, mode) if hard_gaps(c)]
    return list(dict.fromkeys(packs or [table.pack_of_faction(f).id for f in sel.factions]))


def dealt_cards(table: CardTable, sel: Selection, mode: str) -> list[CardDef]:
    cards = [c for fid in sel.factions for role in (d.STARTER, d.GALAXY)
             for c in _deck(table, role, fid)]
    cards += _deck(table, d.GALAXY, d.NEUTRAL, sel.neutral)
    cards += [c for c in table.defs if c.role == d.PILOT and c.pack == sel.pilots]
    return cards + [c for fid in sel.factions for c in bases_in_play(table, fid, mode)]


def game_warnings(table: CardTable, sel: Selection, mode: str) -> list[str]:
    """What a player should be told before a game that can start: soft gaps, unsure values."""
    soft: dict[str, list[str]] = {}
    unsure: list[str] = []
    for c in dealt_cards(table, sel, mode):
        for f in c.unknown:
            if f in SOFT:
                soft.setdefault(f, []).append(c.name)
        if c.unconfirmed:
            unsure.append(f"{c.name} ({', '.join(sorted(c.unconfirmed))})")
    out = [f"{f} unknown for {', '.join(names)}: each {SOFT_EFFECT[f]}" for f, names in soft.items()]
    if unsure:
        out.append(f"values not confirmed by any source: {'; '.join(unsure)} (`dejarik cards show` says why)")
    return out


# -- the itemised account of `dejarik cards check` ---------------------------------------------
@dataclass
class Report:
    pack: str
    lines: list[str]
    missing: int       # cards of the edition's composition that are not listed
    unknown: int       # listed cards with a value a game needs that no source establishes
    unsure: int        # values that are known but unconfirmed, or soft unknowns

    @property
    def complete(self) -> bool:
        """Every card of the edition is listed (values may still be unknown: see `unknown`)."""
        return self.missing == 0


class _Account:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.missing = 0
        self.unknown = 0
        self.unsure = 0

    def say(self, text: str) -> None:
        self.lines.append(text)

    def gap(self, text: str) -> None:
        self.missing += 1
        self.lines.append(f"  MISSING  {text}")

    def card(self, c: CardDef) -> None:
        hard = hard_gaps(c)
        soft = [f for f in c.unknown if f in SOFT]
        if hard:
            self.unknown += 1
            known = known_facts(c)
            self.say(f"  UNKNOWN  {_describe(c, hard)}" + (f"; known: {known}" if known else "")
                     + (f"  ({c.notes})" if c.notes else ""))
        if soft:
            self.unsure += 1
            self.say(f"  unknown  {c.name}: {', '.join(soft)} ({'; '.join(SOFT_EFFECT[f] for f in soft)})")
        reasons: dict[str, list[str]] = {}
        for f, why in c.unconfirmed.items():
            reasons.setdefault(why, []).append(f)
        for why, fields in reasons.items():
            self.unsure += len(fields)
            self.say(f"  unsure   {c.name}: {', '.join(fields)}: {why}")

    def deck(self, title: str, cards: list[CardDef], need: int, count_label: str = "copies") -> None:
        have = _copies(cards)
        unknown_copies = sum(1 for c in cards if "copies" in c.unknown)
        ok = have == need and not unknown_copies and all(not hard_gaps(c) for c in cards)
        self.say(f"{title}: {have}/{need} {count_label} known, {_n(len(cards), 'card')} listed"
                 + (" - complete" if ok else ""))
        if have < need:
            vague = f" ({_n(unknown_copies, 'listed card')} with unknown copies)" if unknown_copies else ""
            self.gap(f"{title}: {need - have} of {need} {count_label} not accounted for{vague}")
        elif have > need:
            self.gap(f"{title}: {have} copies listed but the edition has {need}")
        for c in cards:
            self.card(c)


def _n(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def pack_report(table: CardTable, pack_id: str) -> Report:
    """Every item of a pack against its composition: what is known, missing, unsure."""
    info = table.pack(pack_id)
    comp: Composition = info.composition
    cards = [c for c in table.defs if c.pack == pack_id]
    a = _Account()
    a.say(f"{info.id}: {info.title} ({info.edition} edition), from {' + '.join(info.files)}")
    a.say(f"schema and references: ok ({len(cards)} cards)")
    for fid in info.factions:
        f = table.faction(fid)
        a.say("")
        a.say(f"== {f.name} ({fid})")
        a.deck(f"{f.name} starter deck", _deck(table, d.STARTER, fid, pack_id), comp.starter_deck)
        a.deck(f"{f.name} galaxy cards", _deck(table, d.GALAXY, fid, pack_id), comp.galaxy_per_faction)
        bases = _deck(table, d.BASE_ROLE, fid, pack_id)
        starting = [b.name for b in bases if b.starting]
        beginner = [b for b in bases if b.beginner]
        a.say(f"{f.name} bases: {len(bases)}/{comp.bases_per_faction} listed, beginner set "
              f"{len(beginner)}/{comp.beginner_bases}, starting base: "
              f"{starting[0] if starting else 'none'}")
        if len(bases) < comp.bases_per_faction:
            a.gap(f"{f.name} bases: {comp.bases_per_faction - len(bases)} of {comp.bases_per_faction} "
                  "not listed")
        if len(beginner) != comp.beginner_bases:
            a.gap(f"{f.name} bases: the beginner set has {len(beginner)}, "
                  f"the edition has {comp.beginner_bases}")
        if not starting:
            a.gap(f"{f.name} bases: none is marked as the starting base")
        for b in bases:
            a.card(b)
    a.say("")
    a.say("== neutral")
    a.deck("neutral galaxy cards", _deck(table, d.GALAXY, d.NEUTRAL, pack_id), comp.galaxy_neutral)
    pilots = [c for c in cards if c.role == d.PILOT]
    a.deck("Outer Rim pilots", pilots, comp.pilots)
    if not pilots:
        a.gap("no pilot card is listed (role: pilot)")
    lost = [c for c in cards if c.faction == "?"]
    if lost:
        a.say("")
        a.say(f"== faction unknown ({len(lost)} cards: they count towards no deck yet)")
        for c in lost:
            a.card(c)
    a.say("")
    unsure = f" {_n(a.unsure, 'value')} unsure or soft-unknown (listed above)." if a.unsure else ""
    todo = f" To complete it, {HOW_TO.replace('PACK', pack_id)}."
    if a.missing:
        a.say(f"INCOMPLETE: {_n(a.missing, 'composition item')} missing, {_n(a.unknown, 'listed card')} "
              f"with unknown values.{unsure}{todo}")
    elif a.unknown:
        a.say(f"COMPLETE composition: every card of the edition is listed. {_n(a.unknown, 'card')} "
              f"still with unknown values; a game that deals them is refused until they are supplied."
              f"{unsure}{todo}")
    else:
        a.say(f"COMPLETE: every card is listed and every value a game needs is known.{unsure}")
    return Report(pack_id, a.lines, a.missing, a.unknown, a.unsure)
