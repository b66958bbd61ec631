"""The AI teammates: the rule-of-thumb player (`greedy`), and the evaluation, the settling of
a turn and the inner answers the heuristic and ISMCTS players use.

The rule of thumb plans each Jedi's turn (policy_plan) and answers the decisions inside an
action by rule (policy_inner); both, and the evaluation here, count in one currency (squad
cards) from public facts only (policy_facts): the hands are face up, and nothing here looks
at a deck's order.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from dejarik.core.errors import ConfigError
from dejarik.core.hooks import AgentHooks
from dejarik.core.protocol import Action
from dejarik.core.rng import Rng
from dejarik.pandemic import codes as C
from dejarik.pandemic import policy_facts as K
from dejarik.pandemic import policy_inner as inner
from dejarik.pandemic import policy_plan as plan
from dejarik.pandemic.policy_facts import draw_chances
from dejarik.pandemic.state import ACTIONS

if TYPE_CHECKING:
    from dejarik.pandemic.state import PandemicState as S

WEIGHTS: dict[str, float] = {
    "missions": 14.0,        # missions completed (the finale's included), each
    "villain_defeated": 14.0,  # figures the finale needs defeated, each
    "villain_down": 3.0,     # villain figures off the board before the finale, each
    "threat": -4.0,          # each space of the threat track gone
    "danger": -4.0,          # threat the coming invasions are expected to add by occupations
    "droids": -0.25,         # droids on the board, each
    "blockades": -1.0,       # blockades on the board, each (twice that with none in the pool)
    "cards": 1.0,            # squad cards in hand, each (up to the hand limit)
    "mission_cards": 0.2,    # what the cards add toward the missions on the board
    "distance": -1.5,        # routes from each Jedi to the nearest mission
    "next_turn": 0.25,       # what the best plan of the Jedi acting next is worth
    "refused": -1.0,         # requests refused in a lookahead's line (see settle)
}
"""The evaluation's features, in squad cards: the rule of thumb's currency (policy_plan), so
the lookahead judges a turn the way the rule of thumb plans one."""

SCALE = 40.0   # cards of difference that move the evaluation most of the way to its ends


def check_weights(weights: Mapping[str, float]) -> dict[str, float]:
    unknown = set(weights) - set(WEIGHTS)
    if unknown:
        raise ConfigError(f"unknown pandemic weight {sorted(unknown, key=str)[0]!r} "
                          f"(features: {', '.join(WEIGHTS)})")
    return {**WEIGHTS, **weights}


def features(s: S) -> dict[str, float]:
    """The team's position in numbers, from public facts only. Missions and threat count from
    the middle of the game, so the evaluation of a whole game spreads around zero."""
    f = plan.facts(s)
    limit = s.pack.rules["hand_limit"]
    v = s.pack.villains[s.villain]
    needed = [x for x, fig in enumerate(v.figures) if fig.finale_health is not None] \
        if v.win and "defeat" in v.win else []
    total = s.mission_count + len(v.finale_missions) + len(needed)
    on_missions = sum(K.potential(s, m.planet, m.kinds, [j]) for m in f.ms for j in range(s.num_players))
    return {
        "missions": len(s.mission_done) - total / 2,
        "villain_defeated": float(sum(1 for x in needed if s.defeated[x])) if s.finale else 0.0,
        "villain_down": 0.0 if s.finale else float(sum(1 for p in s.fig_pos if p < 0)),
        "threat": s.threat - s.threat_last / 3,
        "danger": f.risk.total() * f.tcost,
        "droids": float(sum(s.droids)),
        "blockades": float(sum(s.blockades)) * (1 if s.blockade_pool else 2),
        "cards": float(sum(min(limit, len(h)) for h in s.hands)),
        "mission_cards": float(on_missions),
        "distance": float(sum(max(0, f.target_dist[p]) for p in s.pos)),
        "next_turn": _next_turn(s),
        "refused": float(s.lookahead_refusals),
    }


def _next_turn(s: S) -> float:
    """The worth of the best plan for the rest of the acting Jedi's turn (between turns: the
    next Jedi's whole turn, its cards readied, seed 001 "Przygotuj karty"): how ready the team
    is to use the actions coming."""
    if s.phase == ACTIONS:
        return plan.plan(s, plan.facts(s), s.active).value
    t = s.clone()
    j = (s.active + 1) % s.num_players
    for c in t.hands[j]:
        t.exhausted[c] = False
    t.active = j
    t.actions_left = s.pack.rules["actions_per_turn"]
    t.uses_left = s.pack.jedi[s.jedi[j]].uses
    return plan.plan(t, plan.facts(t), j).value


def danger(s: S) -> float:
    """The threat the next invasion is expected to add by occupying full planets."""
    per = 1 if s.blockade_pool else 2   # an occupation with no blockade left costs two
    chance = draw_chances(s, s.rates[s.invasion])
    return sum(c * per for p, c in enumerate(chance) if s.droids[p] >= s.max_droids)


def evaluate(s: S, weights: Mapping[str, float] | None = None) -> float:
    """The team's prospects, -1..1 (the same for every seat: the game is cooperative): +1 won,
    -1 lost, else the weighted features squashed short of either end."""
    if s.done:
        return 1.0 if s.won else -1.0
    w = weights or WEIGHTS
    x = sum(w[k] * v for k, v in features(s).items())
    return 0.95 * math.tanh(x / SCALE)


def heuristic_action(s: S, rng: Rng) -> Action:
    acts = s.legal_actions()
    if len(acts) == 1:
        return acts[0]
    op = s.tasks[-1][0]
    pick = _RULES.get(op)
    a = pick(s, acts) if pick else None
    return a if a is not None and a in acts else acts[rng.below(len(acts))]


def settle(s: S, rng: Rng, budget: int = 600) -> None:
    """Play the rest of the turn by rule of thumb, the villain's card and the invasion
    included, so a one-step lookahead judges each action by the whole turn it leads to: every
    line ends where the next Jedi's turn begins (an action that ends the turn is judged there
    too). A request the teammate refuses wastes the rest of the turn's actions, and the line
    is marked so the evaluation counts it even when no action was left to waste: the lookahead
    never asks in vain."""
    while budget and not s.done and not _turn_start(s):
        a = heuristic_action(s, rng)
        if s.tasks[-1][0] == "?consent" and a[0] == C.REFUSE and s.phase == ACTIONS:
            s.actions_left = 0
            s.lookahead_refusals += 1
        s.apply(a)
        budget -= 1


def _turn_start(s: S) -> bool:
    """A Jedi's turn not yet begun: every action and ability use left, every card ready."""
    j = s.active
    fresh = s.actions_left == s.pack.rules["actions_per_turn"] and s.uses_left == s.pack.jedi[s.jedi[j]].uses
    return fresh and s.phase == ACTIONS and bool(s.tasks) and s.tasks[-1][0] == "?act" \
        and not any(s.exhausted[c] for c in s.hands[j])


def _discard_rule(s: S, acts: list[Action]) -> Action | None:
    return inner.discard(s, acts, s.tasks[-1][1])


_RULES: dict[str, Callable[[S, list[Action]], Action | None]] = {
    "?act": plan.choose, "?contrib": inner.contrib, "?discard": _discard_rule, "?limit": _discard_rule,
    "?prevent": inner.prevent, "?transport": inner.transport, "?fly_on": inner.fly_on,
    "?allocate": inner.allocate, "?exhaust": lambda s, acts: inner.exhaust_or_ready(s, acts, False),
    "?ready": lambda s, acts: inner.exhaust_or_ready(s, acts, True), "?consent": inner.consent,
    "?pick": inner.pick}


def routine_action(s: S, rng: Rng, weights: Mapping[str, float] | None = None) -> Action | None:
    """The rule-of-thumb answer to a decision inside an action (the answers a lookahead
    assumes when it settles an action); None when the Jedi chooses an action."""
    if s.done or not s.tasks or s.tasks[-1][0] == "?act":
        return None
    return heuristic_action(s, rng)


def _team_value(s: S, player: int, weights: Mapping[str, float] | None = None) -> float:
    """The evaluation seen from any seat: the game is cooperative, so every seat's is the
    team's."""
    return evaluate(s, weights)


# the one-step lookahead averages 4 re-deals: each line plays the rest of the turn, rolling
# dice and drawing the villain's and the invasion's cards, and one deal is too noisy to rank
# actions by
HOOKS = AgentHooks(rule_of_thumb=heuristic_action, evaluate=_team_value, check_weights=check_weights,
                   routine=routine_action, settle=settle, lookahead_samples=4,
                   same_for_every_seat=True)
