"""A quick forecast of the battle still to come, for the built-in players (tcg/policy.py).

The battle decides the game (seed 004, "Koniec tury": two arenas held at the end of the turn
win), so both the rules of thumb and the evaluation ask what it is likely to leave standing.
The forecast plays the remaining battle steps many times on a sketch of the board: units in
speed order (the Dark Side first on ties, seed 004 "Space battle"), each attacking the target
a simple rule likes, hits on 4+ with Critical Hit on a 6 and Shields taking dice away
(reference section 9). Battle cards, abilities and prevention are left out.

It reads only the public board (units in play, their damage and tapping), so it is safe for
any player. Its dice come from fixed streams, never from the game: the same board always gets
the same forecast, and two boards a player compares meet the same luck.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from dejarik.core.rng import Rng
from dejarik.tcg.effects import can_be_attacked, keyword, static_mods
from dejarik.tcg.flow import alt_power
from dejarik.tcg.state import BATTLE, DARK, LIGHT, OVER

if TYPE_CHECKING:
    from dejarik.tcg.state import TcgState as S

SAMPLES = 16
_STREAM = 256
# the forecast's dice: one uniform draw per attacker (by card instance, so that two boards a
# player compares give each unit the same luck), read through the hit distribution
_DRAWS: tuple[tuple[float, ...], ...] = tuple(
    tuple((r.next64() >> 11) / (1 << 53) for _ in range(_STREAM))
    for r in (Rng(0x7C6B + k) for k in range(SAMPLES)))
CONTROL_BONUS = 4.0
"""What a kill is worth beyond the unit when it empties the arena of the opponent's units."""


@cache
def hit_odds(dice: int, crit: int) -> tuple[float, ...]:
    """P(hits = k) for k = 0..: each die misses on 1-3, hits on 4-5, and on a 6 hits and adds
    Critical Hit once for the roll (reference section 9)."""
    odds = [0.0] * (dice + crit + 1)
    fact = [1.0]
    for i in range(1, dice + 1):
        fact.append(fact[-1] * i)
    for h in range(dice + 1):
        for x in range(dice - h + 1):
            m = dice - h - x
            p = fact[dice] / (fact[h] * fact[x] * fact[m]) * (1 / 3) ** h * (1 / 6) ** x * 0.5 ** m
            odds[h + x + (crit if x else 0)] += p
    return tuple(odds)


@cache
def _at_least(dice: int, crit: int) -> tuple[float, ...]:
    """P(hits >= k) for k = 0.. (1.0 at k = 0)."""
    odds = hit_odds(dice, crit)
    out = [0.0] * (len(odds) + 1)
    for k in range(len(odds) - 1, -1, -1):
        out[k] = out[k + 1] + odds[k]
    return tuple(out)


def kill_chance(dice: int, crit: int, left: int) -> float:
    """The chance an attack of `dice` dice deals at least `left` damage."""
    if dice <= 0:
        return 0.0
    table = _at_least(dice, crit)
    return table[left] if 0 <= left < len(table) else (1.0 if left < 0 else 0.0)


def expected_hits(dice: int, crit: int) -> float:
    return dice / 2 + crit * (1 - (5 / 6) ** dice) if dice > 0 else 0.0


def unit_worth(cost: int, power: int, left: int, health: int) -> float:
    """What a unit in play is worth: half its build cost, half its fighting strength, less
    the damage it carries."""
    return 0.5 * cost + 0.25 * (max(0, power) + max(0, left)) + 0.25 * cost * left / max(1, health)


def numbers(s: S, u: int) -> tuple[int, int, int]:
    """Speed, power and Critical Hit of a unit in play: `TcgState.speed`, `power` and
    `critical_hit` at once, reading the static abilities a single time."""
    d = s.d(u)
    stack = s.stack_size(u)
    speed, power, crit = static_mods(s, u)
    speed += d.speed + 10 * stack
    power += d.power + stack
    crit += d.keyword("critical_hit")
    for m in s.mods:
        if m[0] == u:
            speed, power, crit = speed + m[1], power + m[2], crit + m[3]
    return speed, power, crit


@dataclass
class Sketch:
    """The board as the forecast sees it: per unit (by position in `units`) its numbers."""

    units: list[int]
    owner: list[int]
    arena: list[int]
    left: list[int]                    # health left
    fixed: list[float]                 # unit_worth = fixed + per_health * health left
    per_health: list[float]
    order: list[list[int]]             # per arena, the units still to attack, in turn
    targets: list[list[tuple[int, tuple[float, ...], float]]]   # per unit: (target, P(hits >= k), E[hits])
    steps: list[int]                   # the arenas whose battle is still to come
    end_check: bool                    # the end-of-turn arena check is still to come
    index: dict[int, int] = field(default_factory=dict)

    def worth(self, i: int, left: int) -> float:
        return self.fixed[i] + self.per_health[i] * left if left > 0 else 0.0


def battle_steps(s: S) -> tuple[list[int], bool]:
    """The arenas still to fight this turn, and whether the end-of-turn check is to come."""
    if s.done or s.phase == OVER:
        return [], False
    tasks = s.tasks
    end_check = ("end_turn",) in tasks
    if s.phase != BATTLE:
        return [0, 1, 2], end_check
    if ("end_battle",) not in tasks:
        return [], end_check
    steps = {t[1] for t in tasks if t[0] == "step"}
    if s.step >= 0:
        steps.add(s.step)
    return sorted(steps), end_check


def sketch(s: S) -> Sketch:
    """The units in play with what the forecast needs."""
    units = s.all_in_play()
    steps, end_check = battle_steps(s)
    n = len(units)
    sk = Sketch(units=units, owner=[0] * n, arena=[0] * n, left=[0] * n, fixed=[0.0] * n,
                per_health=[0.0] * n, order=[[], [], []], targets=[[] for _ in range(n)], steps=steps,
                end_check=end_check)
    speed, power, crit = [0] * n, [0] * n, [0] * n
    open_to_attack = [can_be_attacked(s, u) for u in units]
    for i, u in enumerate(units):
        d = s.d(u)
        sk.index[u] = i
        sk.owner[i] = s.owner[u]
        sk.arena[i] = s.unit_arena(u)     # moved units fight where they are (move_arena)
        health = s.health(u)
        sk.left[i] = health - s.damage[u]
        speed[i], power[i], crit[i] = numbers(s, u)
        cost = d.cost + 2 * s.stack_size(u)
        sk.fixed[i] = 0.5 * cost + 0.25 * max(0, power[i])
        sk.per_health[i] = 0.25 + 0.25 * cost / max(1, health)
    for i, u in enumerate(units):
        if s.tapped[u] or sk.arena[i] not in steps:
            continue
        sk.order[sk.arena[i]].append(i)
        for j, t in enumerate(units):
            if sk.owner[j] == sk.owner[i] or not open_to_attack[j]:
                continue
            if sk.arena[j] == sk.arena[i]:
                dice = power[i]
            else:
                dice = alt_power(s, u, t)
                if dice == -2:      # flow.OWN_POWER: into another arena with its own power
                    dice = power[i]
                elif dice < 0:
                    continue
            dice -= keyword(s, t, "shields")
            if dice > 0:
                sk.targets[i].append((j, _at_least(dice, crit[i]), expected_hits(dice, crit[i])))
    for a in steps:
        sk.order[a].sort(key=lambda i: (-speed[i], sk.owner[i] != DARK))
    return sk


@dataclass
class Outcome:
    """One forecast battle: who holds each arena after it, and what is left standing."""

    holder: list[int]          # per arena: DARK, LIGHT or -1
    left: list[int]            # per sketch unit: health left (<= 0: destroyed or gone)


def play_out(sk: Sketch, sample: int, gone: frozenset[int] = frozenset()) -> Outcome:
    """One run of the remaining battle on the sketch, with the sample's dice; the units at
    the indexes `gone` take no part (they retreat first).

    Each attacker aims where the chance to destroy, times the target's worth (more when it
    is the last of its side in its arena), plus the damage that sticks, is highest."""
    n = len(sk.units)
    left = [0 if i in gone else sk.left[i] for i in range(n)] if gone else list(sk.left)
    alive_in = [[0, 0, 0], [0, 0, 0]]
    for i in range(n):
        if left[i] > 0:
            alive_in[sk.owner[i]][sk.arena[i]] += 1
    draws = _DRAWS[sample % SAMPLES]
    units = sk.units
    owner, arena, fixed, per_health = sk.owner, sk.arena, sk.fixed, sk.per_health
    for a in sk.steps:
        for i in sk.order[a]:
            if left[i] <= 0:
                continue
            best, best_score = -1, -1.0
            best_odds: tuple[float, ...] = ()
            for j, at_least, hits in sk.targets[i]:
                lj = left[j]
                if lj <= 0:
                    continue
                worth = fixed[j] + per_health[j] * lj + 2.0
                if alive_in[owner[j]][arena[j]] == 1:
                    worth += CONTROL_BONUS
                chance = at_least[lj] if lj < len(at_least) else 0.0
                score = chance * worth + 0.3 * (hits if hits < lj else lj)
                if score > best_score:
                    best, best_score, best_odds = j, score, at_least
            if best < 0:
                continue
            draw = draws[units[i] % _STREAM]
            dealt = 0
            while dealt + 1 < len(best_odds) and draw < best_odds[dealt + 1]:
                dealt += 1
            before = left[best]
            left[best] = before - dealt
            if left[best] <= 0 < before:
                alive_in[owner[best]][arena[best]] -= 1
    holder = [DARK if alive_in[DARK][a] and not alive_in[LIGHT][a]
              else LIGHT if alive_in[LIGHT][a] and not alive_in[DARK][a] else -1 for a in range(3)]
    return Outcome(holder, left)


def forecast(sk: Sketch, gone: frozenset[int] = frozenset(), samples: int = SAMPLES) -> list[Outcome]:
    """The remaining battle played `samples` times (once when none is left to fight)."""
    if not sk.steps:
        return [play_out(sk, 0, gone)]
    return [play_out(sk, k, gone) for k in range(samples)]


def survival(sk: Sketch, outcomes: list[Outcome]) -> list[float]:
    """Per sketch unit, the share of forecast battles it lives through."""
    alive = [0] * len(sk.units)
    for o in outcomes:
        for i, v in enumerate(o.left):
            alive[i] += v > 0
    return [a / len(outcomes) for a in alive]
