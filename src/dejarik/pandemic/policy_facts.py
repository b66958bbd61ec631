"""What the AI teammates know of a position, in numbers their rules and evaluation share.

Everything here reads public facts only: the board, the hands (face up, seed 001, "Karty
oddziałów"), the invasion discard (so which planets are still in the invasion deck, never in
which order) and the villain's discard. Nothing reads a deck's order.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from dejarik.pandemic import board

if TYPE_CHECKING:
    from dejarik.pandemic.pack import Effects, SquadDef, Step
    from dejarik.pandemic.state import PandemicState as S

ATTACK_KINDS = ("assault", "stealth")


# -- the die ---------------------------------------------------------------------------------
@lru_cache(maxsize=16)
def _odds(die: tuple[tuple[int, int], ...]) -> tuple[tuple[float, ...], float]:
    faces = die or ((0, 0),)
    top = max(f[0] for f in faces)
    at_least = tuple(sum(1 for f in faces if f[0] >= k) / len(faces) for k in range(top + 2))
    return at_least, sum(f[1] for f in faces) / len(faces)


def success_chance(s: S, short: int) -> float:
    """The chance the die rolls at least `short` successes (seed 001, "Kość")."""
    at_least, _ = _odds(s.pack.die or ())
    if short <= 0:
        return 1.0
    return at_least[short] if short < len(at_least) else 0.0


def mean_hits(s: S) -> float:
    """Damage symbols a roll shows on average (each costs the roller a card)."""
    return _odds(s.pack.die or ())[1]


def faces(s: S) -> tuple[tuple[int, int, float], ...]:
    """The die's distinct faces (successes, damage) with their chances."""
    return _distinct_faces(s.pack.die or ((0, 0),))


@lru_cache(maxsize=16)
def _distinct_faces(die: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int, float], ...]:
    counts: dict[tuple[int, int], int] = {}
    for face in die:
        counts[face] = counts.get(face, 0) + 1
    return tuple((a, b, n / len(die)) for (a, b), n in sorted(counts.items()))


# -- cards -----------------------------------------------------------------------------------
def squad(s: S, c: int) -> SquadDef:
    return s.pack.squad[s.card_def[c]]


def usable_at(sd: SquadDef, planet: int) -> bool:
    """Seed 001, "Planety": a card naming a planet is used only there."""
    return sd.planet is None or sd.planet == planet


def potential(s: S, planet: int, kinds: tuple[str, ...], seats: list[int] | tuple[int, ...]) -> int:
    """What the ready cards of `kinds` held by `seats` add on `planet`."""
    total = 0
    for j in seats:
        for c in s.hands[j]:
            sd = squad(s, c)
            if not s.exhausted[c] and sd.kind in kinds and usable_at(sd, planet):
                total += sd.value or 0
    return total


def attack_potential(s: S, planet: int, seats: list[int] | tuple[int, ...]) -> int:
    """Seed 001, "Szturm i ukrycie": one kind per attack, so the better of the two."""
    return max(potential(s, planet, (k,), seats) for k in ATTACK_KINDS)


def ally_effect(sd: SquadDef) -> tuple[str, int]:
    """An ally's (or ability's) first effect step and its amount, as the rules of thumb read it."""
    steps = sd.effect or ()
    return _step_kind(steps[0]) if steps else ("", 0)


def _step_kind(step: Step) -> tuple[str, int]:
    op = str(step[0])
    amount = next((x for x in reversed(step[1:]) if isinstance(x, int)), 1)
    return op, amount


def held_allies(s: S, j: int, op: str) -> list[int]:
    """Ready ally cards of `j` whose effect is `op` (e.g. "prevent", "add_damage")."""
    return [c for c in s.hands[j] if not s.exhausted[c] and squad(s, c).kind == "ally"
            and ally_effect(squad(s, c))[0] == op]


# -- missions --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Mission:
    slot: int
    planet: int
    kinds: tuple[str, ...]
    need: int
    damage: int
    blockaded: bool   # a blockade there: no attempt until it is destroyed
    villain: bool     # a villain there before the finale: no attempt


def missions(s: S) -> list[Mission]:
    """The missions on the board (seed 001, "Podjęcie misji")."""
    out = []
    for slot in (0, 1):
        m = s.slots[slot]
        if m < 0:
            continue
        p = s.mission_planet(slot)
        if p < 0:
            continue
        md = s.pack.missions[m]
        out.append(Mission(slot, p, tuple(md.needs or ()), s.amount(md.threshold) if md.threshold else 0,
                           md.damage or 0, bool(s.blockades[p]), not s.finale and p in s.fig_pos))
    return out


def kind_demand(s: S, ms: list[Mission]) -> dict[str, float]:
    """How much each card kind is wanted: by the missions on the board, and by attacks and
    defense in general."""
    want = {"assault": 0.35, "stealth": 0.35, "defense": 0.45, "transport": 0.25}
    for m in ms:
        for k in m.kinds:
            want[k] = want.get(k, 0.0) + 0.75
    return want


def card_worth(s: S, c: int, demand: dict[str, float]) -> float:
    """How much keeping a card is worth, in cards: the kinds the missions ask for count most;
    an ally is kept for its effect."""
    sd = squad(s, c)
    if sd.kind == "ally":
        return 1.6
    return 0.5 + demand.get(sd.kind, 0.0) * (sd.value or 0)


# -- the invasion ----------------------------------------------------------------------------
def draw_chances(s: S, n: int) -> list[float]:
    """For each planet, the chance that one of the next `n` invasion cards names it, from
    what the players know: the groups shuffled onto the deck by "Planet Under Siege!" come
    first (seed 001), and the order inside a group, or of the rest of the deck, is unknown."""
    chance = [0.0] * len(s.droids)
    deck = s.inv_deck
    top = len(deck)
    groups = list(s.inv_segments)
    groups.append(top - sum(groups))
    for size in groups:
        if n > 0 and size > 0:
            share = min(1.0, n / size)
            for card in deck[top - size:top]:
                p = s.card_planet(card)
                if p >= 0:
                    chance[p] = min(1.0, chance[p] + share)
        n -= size
        top -= size
    return chance


def card_chances(s: S, n: float) -> list[tuple[int, float]]:
    """Each invasion card still in the deck, with the chance it is among the next `n` drawn
    (the known groups on top first, seed 001, "Planeta pod oblężeniem!")."""
    out = []
    deck = s.inv_deck
    top = len(deck)
    groups = list(s.inv_segments)
    groups.append(top - sum(groups))
    for size in groups:
        share = min(1.0, max(0.0, n) / size) if size > 0 else 0.0
        out += [(card, share) for card in deck[top - size:top]]
        n -= size
        top -= size
    return out


Event = tuple[float, int]   # (chance, droids it brings)


class Risk:
    """The occupations each planet is expected to suffer (seed 001, "Okupacja": a droid that
    would be a 4th occupies the planet) before the Jedi act again, and a little beyond: from
    the invasion cards still in the deck, the villain's per-turn effect, the villain cards
    not yet drawn (their droids, their extra invasions, "Planet Under Siege!" bringing the
    invasion discard back on top)."""

    def __init__(self, s: S) -> None:
        self.s = s
        rate = s.rates[s.invasion]
        deck = s.villain_deck or s.villain_discard
        each = 1.0 / len(deck) if deck else 0.0
        v = s.pack.villains[s.villain]
        cards = [v.deck[c].effects or () for c in deck]
        extra = each * sum(_count(step, "invade", s) for fx in cards for step in fx)
        siege = each * sum(1 for fx in cards if any(step[0] == "siege" for step in fx))
        planets = len(s.droids)
        self.soon: list[list[Event]] = [[] for _ in range(planets)]
        self.later: list[list[Event]] = [[] for _ in range(planets)]
        for card, q in card_chances(s, rate + extra):
            p = s.card_planet(card)
            if p >= 0:
                self.soon[p].append((q * (1 - siege), 1))
        for card, q in card_chances(s, 2 * rate + extra):
            p = s.card_planet(card)
            if p >= 0:
                self.later[p].append((q, 1))
        if siege:
            share = min(1.0, rate / (len(s.inv_discard) + 1))
            for card in s.inv_discard:
                p = s.card_planet(card)
                if p >= 0:
                    self.soon[p].append((siege * share, 1))
                    self.later[p].append((siege * share, 1))
        reminder = (v.finale_reminder if s.finale else v.reminder) if s.reminder else None
        bring = [(1.0, villain_droids(s, reminder or ()))] + [(each, villain_droids(s, fx)) for fx in cards]
        for chance, adds in bring:
            for p, n in adds.items():
                if chance > 0 and n > 0:
                    self.soon[p].append((chance, n))
                    self.later[p].append((chance, n))
        self._cache: dict[tuple[int, int], float] = {}

    def at(self, p: int, droids: int) -> float:
        """Expected occupations of `p` with `droids` on it: the next turn's in full, the one
        after at a discount (the Jedi can still answer)."""
        key = (p, droids)
        if key not in self._cache:
            soon = _occupations(self.soon[p], droids, self.s.max_droids)
            later = _occupations(self.later[p], droids, self.s.max_droids)
            self._cache[key] = soon + 0.4 * max(0.0, later - soon)
        return self._cache[key]

    def total(self) -> float:
        return sum(self.at(p, d) for p, d in enumerate(self.s.droids))


def _occupations(events: list[Event], droids: int, full: int) -> float:
    dist = [1.0]
    for q, n in events:
        nxt = [0.0] * min(8, len(dist) + n)
        for x, w in enumerate(dist):
            nxt[x] += w * (1 - q)
            nxt[min(len(nxt) - 1, x + n)] += w * q
        dist = nxt
    return sum(w * max(0, droids + x - full) for x, w in enumerate(dist))


def _count(step: Step, op: str, s: S) -> float:
    """How much of `op` a step does (through the branch of an "if" that holds now)."""
    if step[0] == op:
        return float(s.amount(step[1]))
    if step[0] == "if":
        from dejarik.pandemic.effects import cond_holds

        branch: Effects = step[2] if cond_holds(s, step[1]) else step[3]
        return sum(_count(x, op, s) for x in branch)
    return 0.0


def villain_droids(s: S, effects: Effects) -> dict[int, int]:
    """Where a villain card's steps put droids, as far as the players can tell now: the
    villain's planet (after it is placed or moved), the top planet, the missions."""
    from dejarik.pandemic.effects import cond_holds

    out: dict[int, int] = {}
    villains = sorted({p for p in s.fig_pos if p >= 0})

    def where(at: object) -> list[int]:
        if isinstance(at, int):
            return [at]
        if at == "villain":
            return villains
        if at == "top":
            top = s.top_planet()
            return [top] if top >= 0 else []
        if at == "missions":
            return s.mission_planets()
        return []

    def walk(steps: Effects) -> None:
        nonlocal villains
        for step in steps:
            op = step[0]
            if op == "if":
                walk(step[2] if cond_holds(s, step[1]) else step[3])
            elif op == "droids":
                for p in where(step[1]):
                    out[p] = out.get(p, 0) + s.amount(step[2])
            elif op == "fill_droids":
                for p in where(step[1]):
                    out[p] = out.get(p, 0) + max(0, min(s.amount(step[2]), s.max_droids) - s.droids[p])
            elif op == "place_villain":
                villains = where(step[1]) or villains
            elif op == "move_villain" and step[1] == "missions":
                villains = [_walk_toward(s, p, s.mission_planets(), s.amount(step[2])) for p in villains]

    walk(effects)
    return out


def _walk_toward(s: S, p: int, targets: list[int], steps: int) -> int:
    for _ in range(steps):
        nxt = board.steps_toward(s, p, targets)
        if not nxt:
            break
        p = nxt[0]
    return p


def threat_cost(s: S) -> float:
    """The threat an occupation costs now: one, and another with no blockade left."""
    return 1.0 if s.blockade_pool else 2.0


Figures = tuple[int | None, ...]   # the health of each villain figure on a planet (None: none)


def after_attack(s: S, blockades: int, droids: int, figs: Figures,
                 dealt: int) -> tuple[int, int, Figures, int]:
    """Seed 001, "Atak", "Blokady": what `dealt` damage in one attack leaves (blockades,
    droids, figures) and how many figures it drives off: blockades first (a blockade left
    shields the rest); then a figure when the damage reaches its health, then droids."""
    bh = s.pack.rules["blockade_health"]
    while blockades and dealt >= bh:
        blockades -= 1
        dealt -= bh
    if blockades:
        return blockades, droids, figs, 0
    left: list[int | None] = []
    removed = 0
    for hp in figs:
        if hp is not None and dealt >= hp:
            dealt -= hp
            removed += 1
        else:
            left.append(hp)
    return 0, max(0, droids - dealt // max(1, s.pack.rules["droid_health"])), tuple(left), removed


def enemies_left(s: S, p: int, dealt: int) -> int:
    """How many enemies `dealt` damage in one attack on `p` leaves there."""
    figs = tuple(s.figure_health(f) for f in board.figures_at(s, p))
    b, d, rest, _ = after_attack(s, s.blockades[p], s.droids[p], figs, dealt)
    return b + d + len(rest)
