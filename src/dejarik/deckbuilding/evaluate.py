"""How good a position looks to one player: the evaluation the lookahead and search players use.

It reads only what that player may know: public zones, their own hand, and the *contents*
(never the order) of hidden piles, which a player can always work out. So it gives the same
value for every position the player cannot tell apart (a test checks this).

The value is a logistic model, tanh((bias + sum of weight * feature) / 2), which is 2P - 1 for
P the chance that the player's side wins. The weights are not set by hand: `dejarik tune`
fits them to the outcomes of self-play games at the end of each turn (docs/agents.md gives
the command, the data and the figures), and the fitted set ships in `WEIGHTS` below. The
features are built to see the race and the economy: how many turns each side needs to destroy
the bases it still must, at the attack its deck deals per turn, and what its income will be
worth over the turns the game has left.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING

from dejarik.core.errors import ConfigError
from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding.cards import CardDef

if TYPE_CHECKING:
    from dejarik.deckbuilding.state import StateData

HAND = 5            # cards drawn for a turn: the deck's output per turn is HAND draws of it
BASE_HP = 10.0      # a base's hit points when no base is left in a deck to average over

FEATURES: tuple[str, ...] = (
    "victory",       # (bases my side destroyed - bases theirs did) / bases to win
    "base_damage",   # share of their base's hit points gone - of mine
    "force",         # the Force marker toward me, -1 .. 1
    "next",          # 1 when my side moves next, -1 when theirs does
    "race",          # (their turns to win - mine) / (theirs + mine): who wins a pure race
    "race_log",      # log of the same ratio, clipped to -3 .. 3
    "attack",        # attack my deck and ships deal per turn - theirs, / 10
    "income",        # resources per turn, mine - theirs, / 10
    "income_left",   # income difference times the turns the game has left (the race's length), / 30
    "force_icons",   # Force icons per turn, mine - theirs
    "ships",         # hit points left on my capital ships in play - on theirs, / 10
    "cost",          # mean cost of a card in my deck - in theirs (buys an ability too), / 5
    "cards",         # cards in my deck - in theirs, / 10
    "row_threat",    # cost of my faction's cards in the galaxy row - of theirs (who can buy them), / 10
)

# Fitted by `dejarik tune deckbuilding --games 2000 --seed 0` (the 2-player game) and
# `dejarik tune deckbuilding --team --games 1000 --seed 0` (the team game): greedy players
# making one move in ten at random, the beginner mode of the original edition; docs/agents.md
# gives the figures. "bias" is the constant term.
WEIGHTS: dict[str, float] = {
    "bias": 0.0, "victory": 1.46994, "base_damage": 0.18852, "force": 0.45721, "next": 0.06282,
    "race": 1.24186, "race_log": 0.55165, "attack": 1.14798, "income": -0.08914,
    "income_left": 0.00296, "force_icons": 0.31108, "ships": 0.47556, "cost": 3.57496,
    "cards": 0.13247, "row_threat": -0.01767,
}
TEAM_WEIGHTS: dict[str, float] = {
    "bias": 0.0, "victory": 1.79573, "base_damage": 0.39503, "force": 0.19162, "next": 0.05057,
    "race": 1.356, "race_log": 0.6364, "attack": 1.02946, "income": -0.75103,
    "income_left": -0.3601, "force_icons": 0.42806, "ships": 0.28602, "cost": 2.90556,
    "cards": 0.14385, "row_threat": -0.01351,
}


def check_weights(weights: Mapping[str, float]) -> dict[str, float]:
    """The given weights, checked. A weight not given keeps the fitted one of the game being
    judged (the 2-player or the team game's: `evaluate` fills it in)."""
    bad = sorted(set(weights) - set(WEIGHTS))
    if bad:
        raise ConfigError(f"unknown weight {bad[0]!r} (known: {', '.join(WEIGHTS)})")
    out: dict[str, float] = {}
    for k, v in weights.items():
        if isinstance(v, bool) or not isinstance(v, int | float):
            raise ConfigError(f"weight {k!r} must be a number, got {v!r}")
        out[k] = float(v)
    return out


def card_value(c: CardDef) -> float:
    """A card's printed worth, for the rules of thumb: its output and its cost."""
    return 0.5 * c.cost + 0.5 * (c.attack + c.resources + c.force)


class _Side:
    """One seat's deck as a machine that makes attack, resources and Force each turn."""

    __slots__ = ("attack", "cards", "cost", "force", "income", "ship_attack", "ship_hp", "won")

    def __init__(self, s: StateData, seat: int, btw: int) -> None:
        p = s.players[seat]
        defs, kind = s.defs, s.inst_def
        attack = resources = force = cost = 0
        n = ship_attack = ship_hp = ship_income = 0
        for pile in (p.hand, p.deck, p.discard, p.play):
            for c in pile:
                cd = defs[kind[c]]
                if cd.ctype == d.SHIP and pile is p.play:
                    ship_attack += cd.attack   # a ship in play stays and gives every turn
                    ship_income += cd.resources
                    ship_hp += (cd.hp or 0) - s.damage[c]
                    continue
                n += 1
                attack += cd.attack
                resources += cd.resources
                force += cd.force
                cost += cd.cost
        draws = min(HAND, n) / max(1, n)
        self.cards = n
        self.attack = attack * draws + ship_attack
        self.income = resources * draws + ship_income
        self.force = force * draws
        self.cost = cost / max(1, n)
        self.ship_attack = ship_attack
        self.ship_hp = ship_hp
        self.won = min(btw, len(p.victory))


def _damage_to_win(s: StateData, attacker: int, btw: int) -> float:
    """Damage `attacker`'s side must still deal to the bases of the seat it attacks."""
    target = s.players[attacker ^ 1]
    left = btw - min(btw, len(s.players[attacker].victory))
    if left <= 0:
        return 0.0
    spare = [(s.card(b).hp or 0) for b in target.base_deck]
    mean_hp = sum(spare) / len(spare) if spare else BASE_HP
    if target.base >= 0:
        now = (s.card(target.base).hp or 0) - s.damage[target.base]
        return max(0, now) + (left - 1) * mean_hp
    return left * mean_hp


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs)


def features(s: StateData, pl: int) -> list[float]:
    """The features in FEATURES' order, for pl's team against the enemy team (a team of one
    in a 2-player game): a team's figures are its seats' means."""
    mates, foes = s.mates[pl], s.foes(pl)
    btw = max(1, s.bases_to_win)
    me = [_Side(s, x, btw) for x in mates]
    them = [_Side(s, x, btw) for x in foes]

    def hurt(seat: int) -> float:
        base = s.players[seat].base
        return 1.0 if base < 0 else s.damage[base] / max(1, s.card(base).hp or 1)

    att_me, att_them = _mean([x.attack for x in me]), _mean([x.attack for x in them])
    inc_me, inc_them = _mean([x.income for x in me]), _mean([x.income for x in them])
    turns_me = _mean([_damage_to_win(s, x, btw) for x in mates]) / max(0.5, att_me)
    turns_them = _mean([_damage_to_win(s, x, btw) for x in foes]) / max(0.5, att_them)
    ratio = (turns_them + 0.5) / (turns_me + 0.5)
    toward_me = (s.force - 3) / 3 * (-1 if d.FORCE_END[pl & 1] == 0 else 1)
    row_threat = 0.0
    mine, enemy = s.players[pl].faction, s.players[pl ^ 1].faction
    for c in s.region(pl).row:
        cd = s.card(c)
        if cd.faction == mine:
            row_threat += cd.cost
        elif cd.faction == enemy:
            row_threat -= cd.cost
    return [
        (_mean([x.won for x in me]) - _mean([x.won for x in them])) / btw,
        _mean([hurt(x) for x in foes]) - _mean([hurt(x) for x in mates]),
        toward_me,
        1.0 if (s.active ^ pl) & 1 == 0 else -1.0,
        (turns_them - turns_me) / (turns_them + turns_me + 1.0),
        max(-3.0, min(3.0, math.log(ratio))),
        (att_me - att_them) / 10,
        (inc_me - inc_them) / 10,
        (inc_me - inc_them) * min(turns_me, turns_them) / 30,
        _mean([x.force for x in me]) - _mean([x.force for x in them]),
        (_mean([x.ship_hp for x in me]) - _mean([x.ship_hp for x in them])) / 10,
        (_mean([x.cost for x in me]) - _mean([x.cost for x in them])) / 5,
        (_mean([x.cards for x in me]) - _mean([x.cards for x in them])) / 10,
        row_threat / 10,
    ]


def evaluate(s: StateData, pl: int, weights: Mapping[str, float] | None = None) -> float:
    """The position's value for player `pl`, from -1 (lost) to 1 (won)."""
    if s.done:
        return 0.0 if s.win < 0 else (1.0 if s.win == pl & 1 else -1.0)
    fitted = TEAM_WEIGHTS if s.team_game else WEIGHTS
    if weights and len(weights) < len(fitted):   # a partial set: the rest as fitted for this game
        weights = {**fitted, **weights}
    w = weights or fitted
    z = w["bias"]
    for name, x in zip(FEATURES, features(s, pl), strict=True):
        z += w[name] * x
    return math.tanh(0.5 * z)
