"""The deckbuilder's hooks for the AI players (core.hooks): the greedy rule (heuristic.py) and
the evaluation the lookahead and search players share (evaluate.py)."""

from __future__ import annotations

from dejarik.core.hooks import AgentHooks
from dejarik.deckbuilding.evaluate import check_weights, evaluate
from dejarik.deckbuilding.heuristic import heuristic_action

HOOKS = AgentHooks(rule_of_thumb=heuristic_action, evaluate=evaluate, check_weights=check_weights)
