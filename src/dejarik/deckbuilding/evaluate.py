"""How good a position looks to one player: the heuristic player's evaluation.

It reads only what that player may know: public zones, their own hand, and the *contents*
(never the order) of hidden piles, which a player can always work out. So it gives the same
value for every position the player cannot tell apart (a test checks this). docs/agents.md
explains each feature; the weights are tunable (`HeuristicAgent(seed, weights=...)`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from dejarik.core.errors import ConfigError
from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding.cards import CardDef
from dejarik.deckbuilding.pack import PROG_ASSIGN
from dejarik.deckbuilding.rules import attack_of

if TYPE_CHECKING:
    from dejarik.deckbuilding.state import StateData

WEIGHTS: dict[str, float] = {
    "victory": 3.0,       # (bases I destroyed - bases they destroyed) / bases to win
    "base_damage": 1.2,   # damage on their base / its hp - damage on mine / its hp
    "force": 0.35,        # Force marker toward me, -1 .. 1
    "deck_quality": 1.6,  # mean card value of my cards - of theirs (value: see card_value)
    "resources": 0.1,    # resources in my pool during my turn (spend them, or lose them)
    "tempo": 0.06,        # attack on my cards in play not yet used this turn
    "ships": 0.04,        # hit points left on my capital ships - on theirs
    "row_threat": 0.02,   # cost of their faction's cards in the row (they may buy them) - of mine
}


def check_weights(weights: Mapping[str, float]) -> dict[str, float]:
    bad = sorted(set(weights) - set(WEIGHTS))
    if bad:
        raise ConfigError(f"unknown weight {bad[0]!r} (known: {', '.join(WEIGHTS)})")
    out = dict(WEIGHTS)
    for k, v in weights.items():
        if isinstance(v, bool) or not isinstance(v, int | float):
            raise ConfigError(f"weight {k!r} must be a number, got {v!r}")
        out[k] = float(v)
    return out


def card_value(c: CardDef) -> float:
    """A card's worth in a deck: its printed output, and its cost as a proxy for its ability."""
    return 0.5 * c.cost + 0.5 * (c.attack + c.resources + c.force)


def _def_values(s: StateData) -> list[float]:
    """card_value of every card definition, computed once per card table."""
    per_def: list[float] | None = s.table.cache.get("card_value")
    if per_def is None:
        per_def = s.table.cache["card_value"] = [card_value(c) for c in s.table.defs]
    return per_def


def features(s: StateData, pl: int) -> dict[str, float]:
    """The features, each for pl's team against the enemy team (a team of one in a 2-player
    game): totals of victory, means of base damage and deck quality."""
    me = s.players[pl]
    mates, foes = s.mates[pl], s.foes(pl)
    btw = max(1, s.bases_to_win)

    def base_hurt(base: int) -> float:
        if base < 0:  # destroyed and not yet replaced
            return 1.0
        return s.damage[base] / max(1, s.card(base).hp or 1)

    value, kind = _def_values(s), s.inst_def

    def quality(who: int) -> float:
        p = s.players[who]
        total = n = 0.0
        for pile in (p.hand, p.deck, p.discard, p.play):
            total += sum(value[kind[c]] for c in pile)
            n += len(pile)
        return total / max(1.0, n)

    def mean(f: Callable[[int], float], seats: tuple[int, ...]) -> float:
        return sum(f(x) for x in seats) / len(seats)

    def won(seats: tuple[int, ...]) -> float:
        return float(sum(min(btw, len(s.players[x].victory)) for x in seats)) / len(seats)

    toward_me = (s.force - 3) / 3 * (-1 if d.FORCE_END[pl & 1] == 0 else 1)
    # my team's turn, and I have not finished my part (team game): what I hold is still usable
    mine_turn = (s.active ^ pl) & 1 == 0 and pl not in s.finished
    tempo = 0.0
    if mine_turn:
        free = sum(attack_of(s, c, m) for m in mates if m not in s.finished
                   for c in s.players[m].play if c not in s.attacked and c not in s.committed)
        committed = sum(attack_of(s, c, o) for c in s.committed
                        if (o := s.owner_in_play(c, mates)) >= 0)
        target = s.card(s.target).target if s.target >= 0 else None
        # attack committed against a row card that it cannot defeat is wasted; an attack
        # resolved but still being split (team game: between two bases) still counts
        splitting = sum(f.n for f in s.stack if f.prog == PROG_ASSIGN)
        tempo = float(free + splitting + (committed if target is None or committed >= target else 0))

    def ship_hp(who: int) -> int:
        return sum((s.card(c).hp or 0) - s.damage[c] for c in s.players[who].play
                   if s.card(c).ctype == d.SHIP)

    row_threat = 0.0
    enemy = s.players[pl ^ 1].faction
    for c in s.region(pl).row:
        cd = s.card(c)
        if cd.faction == enemy:
            row_threat += cd.cost
        elif cd.faction == me.faction:
            row_threat -= cd.cost
    return {
        "victory": (won(mates) - won(foes)) / btw,
        "base_damage": mean(lambda x: base_hurt(s.players[x].base), foes)
        - mean(lambda x: base_hurt(s.players[x].base), mates),
        "force": toward_me,
        "deck_quality": mean(quality, mates) - mean(quality, foes),
        "resources": float(me.pool if mine_turn else 0),
        "tempo": tempo,
        "ships": float(sum(ship_hp(x) for x in mates) - sum(ship_hp(x) for x in foes)),
        "row_threat": -row_threat,
    }


def evaluate(s: StateData, pl: int, weights: Mapping[str, float] | None = None) -> float:
    """The position's value for player `pl`, from -1 (lost) to 1 (won)."""
    if s.done:
        return 0.0 if s.win < 0 else (1.0 if s.win == pl & 1 else -1.0)
    w = weights or WEIGHTS
    f = features(s, pl)
    return math.tanh(sum(w[k] * v for k, v in f.items()))
