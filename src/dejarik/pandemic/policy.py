"""The rule-of-thumb player (`greedy`), and the evaluation the heuristic and ISMCTS players use.

Both read only public facts: the hands are face up, and nothing here looks at a deck's order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from dejarik.core.errors import ConfigError
from dejarik.core.hooks import AgentHooks
from dejarik.core.protocol import Action
from dejarik.core.rng import Rng
from dejarik.pandemic import board
from dejarik.pandemic import codes as C
from dejarik.pandemic import flow as F
from dejarik.pandemic.state import ACTIONS

if TYPE_CHECKING:
    from dejarik.pandemic.state import PandemicState as S

WEIGHTS: dict[str, float] = {
    "missions": 1.2,         # share of the missions done (the finale's included)
    "threat": -0.9,          # how far the threat marker has gone
    "droids": -0.3,          # droids on the board, per space for them
    "full_planets": -0.4,    # planets one droid from an occupation
    "blockades": -0.3,       # blockades on the board
    "cards": 0.35,           # squad cards in hand, per hand limit
    "ready": 0.1,            # of them ready
    "mission_reach": 0.25,   # how close the Jedi are to the missions
    "villain_down": 0.3,     # villain figures off the board
    "danger": -0.9,          # occupations the next invasion is expected to cause
}


def check_weights(weights: Mapping[str, float]) -> dict[str, float]:
    unknown = set(weights) - set(WEIGHTS)
    if unknown:
        raise ConfigError(f"unknown pandemic weight {sorted(unknown)[0]!r} (features: {', '.join(WEIGHTS)})")
    return {**WEIGHTS, **weights}


def features(s: S) -> dict[str, float]:
    pack = s.pack
    n = s.num_players
    v = pack.villains[s.villain]
    total = s.mission_count + len(v.finale_missions)
    planets = len(s.droids)
    limit = pack.rules["hand_limit"]
    cards = sum(len(h) for h in s.hands)
    ready = sum(1 for h in s.hands for c in h if not s.exhausted[c])
    targets = s.mission_planets()
    reach = 1.0
    if targets:
        dist = board.distances(s, targets)
        far = max(dist) or 1
        reach = 1.0 - min(dist[p] for p in s.pos) / far
    return {
        "danger": danger(s) / max(1, s.threat_last),
        "missions": len(s.mission_done) / max(1, total),
        "threat": s.threat / max(1, s.threat_last),
        "droids": sum(s.droids) / (s.max_droids * planets),
        "full_planets": sum(1 for d in s.droids if d >= s.max_droids) / planets,
        "blockades": sum(s.blockades) / max(1, sum(s.blockades) + s.blockade_pool),
        "cards": cards / (limit * n),
        "ready": ready / (limit * n),
        "mission_reach": reach,
        "villain_down": sum(1 for p in s.fig_pos if p < 0) / max(1, len(s.fig_pos)),
    }


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


def danger(s: S) -> float:
    """The threat the next invasion is expected to add by occupying full planets."""
    per = 1 if s.blockade_pool else 2   # an occupation with no blockade left costs two
    chance = draw_chances(s, s.rates[s.invasion])
    return sum(c * per for p, c in enumerate(chance) if s.droids[p] >= s.max_droids)


def evaluate(s: S, weights: Mapping[str, float] | None = None) -> float:
    """The team's prospects, -1..1 (the same for every seat: the game is cooperative)."""
    if s.done:
        return 1.0 if s.won else -1.0
    w = weights or WEIGHTS
    f = features(s)
    x = sum(w[k] * f[k] for k in f)
    return max(-0.95, min(0.95, x))


def heuristic_action(s: S, rng: Rng) -> Action:
    acts = s.legal_actions()
    if len(acts) == 1:
        return acts[0]
    op = s.tasks[-1][0]
    pick = _RULES.get(op)
    a = pick(s, acts) if pick else None
    return a if a is not None and a in acts else acts[rng.below(len(acts))]


def settle(s: S, rng: Rng, budget: int = 400) -> None:
    """Play the rest of the active Jedi's actions by rule of thumb, stopping before the
    villain's step: a one-step lookahead then judges each action by the turn it leads to,
    not by the half-done position right after it."""
    turn = s.turn
    while budget and not s.done and s.turn == turn and s.phase == ACTIONS:
        s.apply(heuristic_action(s, rng))
        budget -= 1


def _mean_success(s: S) -> float:
    die = s.pack.die or ((0, 0),)
    return sum(f[0] for f in die) / len(die)


def _value(s: S, c: int) -> int:
    return s.pack.squad[s.card_def[c]].value or 0


def _kind(s: S, c: int) -> str:
    return s.pack.squad[s.card_def[c]].kind


def _potential(s: S, here: int, kinds: tuple[str, ...], skip: int = -1) -> int:
    return sum(_value(s, c) for j in range(s.num_players) if s.pos[j] == here and j != skip
               for c in s.hands[j] if not s.exhausted[c] and _kind(s, c) in kinds)


def _clear_cost(s: S, p: int) -> int:
    cost: int = s.blockades[p] * s.pack.rules["blockade_health"] + s.droids[p]
    return cost + sum(s.figure_health(f) or 0 for f in board.figures_at(s, p))


def _occupation_ahead(s: S, p: int) -> bool:
    """A full planet the next invasion may name: an occupation to prevent."""
    return s.droids[p] >= s.max_droids and draw_chances(s, s.rates[s.invasion])[p] > 0


def _step(acts: list[Action], dist: list[int]) -> Action | None:
    """The fly that lands closest by `dist` (route distances to what the Jedi heads for)."""
    return min((a for a in acts if a[0] == C.FLY), key=lambda a: dist[a[1]], default=None)


def _act(s: S, acts: list[Action]) -> Action | None:
    j = s.active
    here = s.pos[j]
    for a in acts:
        if a[0] == C.MISSION:
            m = s.pack.missions[s.slots[a[1]]]
            if _mean_success(s) + _potential(s, here, m.needs or ()) >= s.amount(m.threshold):
                return a
    if (C.ABILITY, 0) in acts:
        return (C.ABILITY, 0)
    if (C.ATTACK, 0) in acts:
        cards = max(_potential(s, here, ("assault",)), _potential(s, here, ("stealth",)))
        strength = _mean_success(s) + cards
        if _occupation_ahead(s, here) or s.droids[here] >= 2 or s.blockades[here] or \
                strength >= _clear_cost(s, here) or (s.droids[here] and here in s.mission_planets()):
            return (C.ATTACK, 0)
    if len(s.hands[j]) < 3:
        return (C.REINFORCE, 0)
    targets = [p for p in s.mission_planets() if p != here]
    if here in s.mission_planets():
        return (C.REINFORCE, 0) if len(s.hands[j]) < 7 else (C.END, 0)
    if targets:
        step = _step(acts, board.distances(s, targets))
        if step is not None:
            return step
    return (C.REINFORCE, 0)


def _contrib(s: S, acts: list[Action]) -> Action | None:
    ctx = s.ctx
    if ctx is None:
        return None
    total = ctx[2] + ctx[4]
    exhausts = [a for a in acts if a[0] == C.EXHAUST]
    if not exhausts:
        return (C.PASS, 0)
    best = max(exhausts, key=lambda a: s.pack.squad[a[1]].value or 0)
    if ctx[0] == F.C_ATTACK:
        return best if total < _clear_cost(s, ctx[1]) else (C.PASS, 0)
    m = s.pack.missions[s.slots[ctx[6]]]
    need = s.amount(m.threshold)
    if total >= need:
        return (C.PASS, 0)
    return best if total + _potential(s, ctx[1], m.needs or ()) >= need else (C.PASS, 0)


def _discard(s: S, acts: list[Action]) -> Action | None:
    discards = [a for a in acts if a[0] == C.DISCARD]
    if not discards:
        return None
    return max(discards, key=lambda a: (a[1] % 2, -(s.pack.squad[a[1] // 2].value or 0)))


def _prevent(s: S, acts: list[Action]) -> Action | None:
    return next((a for a in acts if a[0] == C.EXHAUST), (C.PASS, 0))


def _transport(s: S, acts: list[Action]) -> Action | None:
    targets = s.mission_planets()
    if not targets or board.distances(s, targets)[s.pos[s.tasks[-1][1]]] < 1:
        return (C.PASS, 0)
    return next((a for a in acts if a[0] == C.EXHAUST), None)


def _fly_on(s: S, acts: list[Action]) -> Action | None:
    targets = s.mission_planets()
    if not targets:
        return (C.PASS, 0)
    dist = board.distances(s, targets)
    best = _step(acts, dist)
    return best if best is not None and dist[best[1]] < dist[s.pos[s.tasks[-1][1]]] else (C.PASS, 0)


def _allocate(s: S, acts: list[Action]) -> Action | None:
    return max(acts, key=lambda a: a[1])


def _exhaust(s: S, acts: list[Action]) -> Action | None:
    return min(acts, key=lambda a: s.pack.squad[a[1]].value or 0)


def _ready(s: S, acts: list[Action]) -> Action | None:
    return max(acts, key=lambda a: s.pack.squad[a[1]].value or 0)


def _worth(s: S, p: int) -> int:
    """Where a Jedi is useful: a mission planet, else a planet with enemies."""
    return 2 if p in s.mission_planets() else 1 if board.enemies_at(s, p) else 0


def _consent(s: S, acts: list[Action]) -> Action | None:
    """Agree to be moved to the asking Jedi's planet only when it is the more useful place."""
    _, me, you, step = s.tasks[-1][:4]
    if step[0] == "move_jedi" and step[2] == "your":
        return (C.AGREE, 0) if _worth(s, s.pos[you]) > _worth(s, s.pos[me]) else (C.REFUSE, 0)
    return (C.AGREE, 0)


_RULES = {"?act": _act, "?contrib": _contrib, "?discard": _discard, "?limit": _discard,
          "?prevent": _prevent, "?transport": _transport, "?fly_on": _fly_on,
          "?allocate": _allocate, "?exhaust": _exhaust, "?ready": _ready, "?consent": _consent}


def routine_action(s: S, rng: Rng) -> Action | None:
    """The rule-of-thumb answer to a decision inside an action (the answers a lookahead
    assumes when it settles an action); None when the Jedi chooses an action."""
    if s.done or not s.tasks or s.tasks[-1][0] == "?act":
        return None
    return heuristic_action(s, rng)


def _team_value(s: S, player: int, weights: Mapping[str, float] | None = None) -> float:
    """The evaluation seen from any seat: the game is cooperative, so every seat's is the team's."""
    return evaluate(s, weights)


# the one-step lookahead averages 4 re-deals: its rollouts to the end of the turn roll dice,
# and one sample is too noisy to rank actions by (4 beat 1 by 46% to 15% at padawan)
HOOKS = AgentHooks(rule_of_thumb=heuristic_action, evaluate=_team_value, check_weights=check_weights,
                   routine=routine_action, settle=settle, lookahead_samples=4)
