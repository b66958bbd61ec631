"""The agents' hooks: what a game tells the built-in AI players (agents/), declared once.

A game that offers them subclasses `AgentHooks` and overrides what it has: a rule-of-thumb
move (`rule_of_thumb`, the greedy player), an evaluation of a position from what one player
may know (`evaluate`, the lookahead and search players), and optionally `routine` (answer a
small inner decision by rule, without search), `settle` (play the inner choices of an action
on by rule before it is judged) and `lookahead_samples` (how many re-deals a lookahead
averages). The defaults say "nothing to add".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dejarik.core.rng import Rng

Action = tuple[int, ...]


class AgentHooks:
    """Every hook takes the state it is about; a state is never asked to know its players."""

    lookahead_samples: int = 1
    """How many re-deals of the hidden cards the one-step lookahead averages over."""

    def rule_of_thumb(self, state: Any, rng: Rng) -> Action:
        """One cheap legal move by rule of thumb (the greedy player). Reads only what the
        deciding player may know."""
        raise NotImplementedError

    def evaluate(self, state: Any, player: int, weights: Mapping[str, float] | None = None) -> float:
        """How good the position looks to `player`, -1..1, from what they may know."""
        raise NotImplementedError

    def check_weights(self, weights: Mapping[str, float]) -> dict[str, float]:
        """The evaluation's weights with defaults filled in; unknown names raise ConfigError."""
        return dict(weights)

    def routine(self, state: Any, rng: Rng) -> Action | None:
        """A small inner decision answered by rule, or None to let the player think."""
        return None

    def settle(self, state: Any, rng: Rng) -> None:
        """Play the choices inside the action just applied on by rule, so it can be judged."""
