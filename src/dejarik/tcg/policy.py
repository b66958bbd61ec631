"""Rules of thumb and a position evaluation for the built-in players (agents/base.py).

Both read only what the deciding player may know: the board, pools, counts, and their own
hand and build zone (the evaluation uses the opponent's build counters, not the cards).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from dejarik.core.errors import ConfigError
from dejarik.core.hooks import AgentHooks
from dejarik.core.rng import Rng
from dejarik.tcg import flow as F
from dejarik.tcg.carddefs import MISSION, UNIT

if TYPE_CHECKING:
    from dejarik.tcg.state import TcgState as S

WEIGHTS: dict[str, float] = {
    "control": 4.0,       # an arena held (a unit there, none of the opponent's)
    "strength": 0.35,     # power + remaining health of units in play
    "speed": 0.02,        # speed of units in play
    "force": 0.25,
    "hand": 0.6,
    "counters": 0.4,      # build counters on cards in the build zone
    "build_points": 0.3,
}


def check_weights(weights: Mapping[str, float]) -> dict[str, float]:
    unknown = set(weights) - set(WEIGHTS)
    if unknown:
        raise ConfigError(f"unknown tcg evaluation feature {sorted(unknown)[0]!r} "
                          f"(features: {', '.join(WEIGHTS)})")
    return {**WEIGHTS, **weights}


def _side(s: S, p: int, w: Mapping[str, float]) -> float:
    total = 0.0
    for a in range(3):
        if s.controls(p, a):
            total += w["control"]
        for u in s.arena[p][a]:
            total += w["strength"] * (max(0, s.power(u)) + s.health(u) - s.damage[u])
            total += w["speed"] * s.speed(u)
    for c in s.build[p]:
        if s.face_up[c]:
            total += 0.8 * w["strength"] * (s.power(c) + s.health(c) - s.damage[c])
        else:
            total += w["counters"] * s.counters[c]
    return (total + w["force"] * s.force[p] + w["hand"] * len(s.hand[p])
            + w["build_points"] * s.bp[p])


def evaluate(s: S, player: int, weights: Mapping[str, float] | None = None) -> float:
    """Positive when `player` is ahead; a won game is +1000, a lost one -1000."""
    if s.done:
        return 0.0 if s.won < 0 else (1000.0 if s.won == player else -1000.0)
    w = weights or WEIGHTS
    return _side(s, player, w) - _side(s, 1 - player, w)


def _attack_value(s: S, u: int, t: int) -> float:
    left = s.health(t) - s.damage[t]
    expected = max(0, s.power(u) - s.d(t).keyword("shields")) / 2
    kill = 3.0 + s.d(t).cost if expected >= left else 0.0
    return kill + min(expected, left) - 0.1 * left


def _need(s: S, p: int, c: int) -> int:
    """How much p's board wants card c: a unit for an arena p is losing or absent from."""
    a = s.d(c).arena
    return _arena_need(s, p, a) if a >= 0 else 0


def _arena_need(s: S, p: int, a: int) -> int:
    mine, theirs = len(s.arena[p][a]), len(s.arena[1 - p][a])
    return 2 if mine == 0 else 1 if mine <= theirs else 0


def _build_fit(s: S, c: int, k: int) -> int:
    """Counters that bring a card nearest its cost, finishing cards already started."""
    cost, have = s.d(c).cost, s.counters[c]
    return min(have + k, cost) * 2 - abs(cost - have - k) + (s.zone[c] != 1)


def heuristic_action(s: S, rng: Rng) -> tuple[int, ...]:
    """A cheap sensible move: attack where damage lands, build toward the costliest card,
    deploy what is ready, prevent damage that would destroy a unit, otherwise pass."""
    acts = s.legal_actions()
    task = s.tasks[-1]
    op = task[0]
    me = s.current_player
    if op == "?attack":
        attacks = [a for a in acts if a[0] == F.ATTACK]
        if attacks:
            return max(attacks, key=lambda a: _attack_value(s, a[1], a[2]))
        return acts[0]
    if op in ("?setup", "?build"):
        deploys = [a for a in acts if a[0] == F.DEPLOY and s.d(a[1]).kind in (UNIT, MISSION)]
        if deploys:
            return max(deploys, key=lambda a: (_need(s, me, a[1]), s.d(a[1]).cost, -a[2]))
        builds = [a for a in acts if a[0] == F.BUILD_K]
        if builds:
            return max(builds, key=lambda a: (_need(s, me, a[1]), _build_fit(s, a[1], a[2])))
        return (F.PASS, 0, 0)
    if op == "?partial":
        builds = [a for a in acts if a[0] == F.BUILD_K]
        return max(builds, key=lambda a: (a[2], s.d(a[1]).cost)) if builds else acts[-1]
    if op == "?pop":
        if task[1] == F.PREVENT and s.dmg is not None:
            left = s.dmg[1] - s.dmg[4]
            t = s.dmg[0]
            if s.owner[t] == me and s.damage[t] + left >= s.health(t):
                plays = [a for a in acts if a[0] != F.PASS]
                if plays:
                    return plays[rng.below(len(plays))]
        return (F.PASS, 0, 0)
    if op in ("?redraw", "?retreat", "?bid", "?command"):
        return (F.PASS, 0, 0) if (F.PASS, 0, 0) in acts else acts[0]
    if op == "?choose":
        # effects that name the opponent's units hurt them: pick the strongest; our own, too
        return max(acts, key=lambda a: s.power(a[1]) + s.health(a[1]) if a[0] == F.CHOOSE and
                   s.zone[a[1]] in (3, 4) else -1)
    if op == "?pay":
        return acts[0]
    return _inner_choice(s, op, acts, me, rng)


def _inner_choice(s: S, op: str, acts: list[tuple[int, ...]], me: int, rng: Rng) -> tuple[int, ...]:
    """The small choices inside an effect: dice, discards, searches."""
    picks = [a for a in acts if a[0] == F.CHOOSE]
    if op == "?dice":
        # reroll the dice that went against us: misses when we attack, hits when we defend
        attacking = s.atk is not None and s.owner[s.atk[0]] == me
        bad = [a for a in picks if (s.dice[a[1]] < 4) == attacking]
        return bad[0] if bad else (F.PASS, 0, 0)
    if op in ("?search", "?recover", "?pick_from_hand"):
        return max(picks, key=lambda a: s.d(a[1]).cost) if picks else acts[-1]
    if op == "?discard":
        return min(picks, key=lambda a: s.d(a[1]).cost)
    if op == "?crowd":
        return min(picks, key=lambda a: s.power(a[1]) + s.health(a[1]) - s.damage[a[1]])
    if op == "?unit_type":
        return max(picks, key=lambda a: _arena_need(s, me, a[1]))
    return acts[rng.below(len(acts))]


# The decisions that begin a new choice of what to do: a one-step lookahead plays on to one
# of them (or to the chance before an attack) and judges the action by the position there.
_STOPS = frozenset({"?redraw", "?setup", "?partial", "?build", "?retreat", "?attack"})
# Decisions whose worth the evaluation can't see (which die, which card from a deck): the
# lookahead player answers them by rule of thumb.
_ROUTINE = frozenset({"?build", "?redraw", "?bid", "?pay", "?dice", "?discard", "?search", "?recover",
                      "?pick_from_hand", "?crowd", "?unit_type"})


def settle(s: S, rng: Rng, budget: int = 300) -> None:
    """Play on by rule of thumb until the next step decision, so that an attack is judged by
    the damage it did and an effect by its result, not by the half-done position after it."""
    while budget and not s.done:
        task = s.tasks[-1]
        if task[0] in _STOPS or (task[0] == "?pop" and task[1] == F.GENERAL):
            return
        s.apply(heuristic_action(s, rng))
        budget -= 1


def routine_action(s: S, rng: Rng) -> tuple[int, ...] | None:
    return heuristic_action(s, rng) if s.tasks[-1][0] in _ROUTINE else None


HOOKS = AgentHooks(rule_of_thumb=heuristic_action, evaluate=evaluate, check_weights=check_weights,
                   routine=routine_action, settle=settle)
