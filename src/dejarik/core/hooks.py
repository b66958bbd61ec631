"""The agents' hooks: what a game tells the built-in AI players (agents/), declared once.

A game that offers them builds one `AgentHooks` from its own functions: a rule-of-thumb move
(`rule_of_thumb`, the greedy player), an evaluation of a position from what one player may
know (`evaluate`, the lookahead and search players), and optionally `check_weights`,
`routine` (answer a small inner decision by rule, without search), `settle` (play the inner
choices of an action on by rule before it is judged) and `lookahead_samples` (how many
re-deals a lookahead averages). The defaults say "nothing to add".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from dejarik.core.protocol import Action
from dejarik.core.rng import Rng


def _no_routine(state: Any, rng: Rng, weights: Mapping[str, float] | None = None) -> Action | None:
    return None


def _no_settle(state: Any, rng: Rng) -> None:
    return None


def _as_given(weights: Mapping[str, float]) -> dict[str, float]:
    return dict(weights)


@dataclass(frozen=True)
class AgentHooks:
    """Every hook takes the state it is about; a state is never asked to know its players."""

    rule_of_thumb: Callable[[Any, Rng], Action]
    """One cheap legal move by rule of thumb (the greedy player); reads only what the deciding
    player may know."""
    evaluate: Callable[[Any, int, Mapping[str, float] | None], float]
    """How good the position looks to a player, -1..1, from what they may know."""
    check_weights: Callable[[Mapping[str, float]], dict[str, float]] = _as_given
    """The evaluation's weights with defaults filled in; unknown names raise ConfigError."""
    routine: Callable[[Any, Rng, Mapping[str, float] | None], Action | None] = _no_routine
    """A small inner decision answered by rule, or None to let the player think; a rule that
    weighs positions itself (the TCG's build step) does so with the player's weights (None: the
    game's own)."""
    settle: Callable[[Any, Rng], None] = _no_settle
    """Play the choices inside the action just applied on by rule, so it can be judged."""
    lookahead_samples: int = 1
    """How many re-deals of the hidden cards the one-step lookahead averages over."""
    lookahead_margin: float = 0.0
    """How much better (on the evaluation's scale, per re-deal) another move must look than the
    rule of thumb's before the one-step lookahead leaves the rule: for a game whose
    evaluation tells near-equal moves apart by less than its noise."""
    features: Callable[[Any, int], list[float]] | None = None
    """The numbers `evaluate` weighs, in `feature_names`' order, for a player: what
    `dejarik tune` fits the weights to (None: the game's evaluation is not fitted)."""
    feature_names: tuple[str, ...] = ()
    """The names of `features`, which are also the weights' names (with "bias")."""
    settle_leaves: bool = False
    """Whether the search players settle a leaf (`settle`) before scoring it: for a game whose
    evaluation is fitted at the ends of turns, so a leaf in mid-turn is judged as it would end."""
    same_for_every_seat: bool = False
    """Whether every seat values a position alike (a cooperative game): a search then asks
    `evaluate` once a leaf, not once a seat."""
    search_horizon: str = "game"
    """How far the search player's tree reaches: "game" (every seat's decisions, to the end)
    or "turn" (the searcher's own decisions until another seat moves; the leaf is then settled
    and judged), for a game whose evaluation compares positions at the end of a turn well, to
    which searching the later turns only adds noise."""
