"""The deckbuilder's hooks for the AI players (core.hooks): the greedy rule (heuristic.py), and
the evaluation the lookahead and search players share (evaluate.py), which is fitted to
positions at the ends of turns. So a position is judged as the turn would end: the rest of the
turn is played on by the greedy rule first (`finish_turn`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from dejarik.core.hooks import AgentHooks
from dejarik.core.rng import Rng
from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding.evaluate import FEATURES, check_weights, evaluate, features
from dejarik.deckbuilding.heuristic import Move3, heuristic_action

if TYPE_CHECKING:
    from dejarik.deckbuilding.game import DeckbuildingState


def finish_turn(s: DeckbuildingState, rng: Rng) -> None:
    """Play the turn under way to its end by the greedy rule (every seat's choices in it)."""
    turn = s.turn
    while not s.done and s.turn == turn:
        s.apply(heuristic_action(s, rng))


def play_out_hand(s: DeckbuildingState, rng: Rng,
                  weights: Mapping[str, float] | None = None) -> Move3 | None:
    """Playing a card from the hand is the rule's answer whenever it has one: a card left in
    the hand is wasted, and the order of plays is for the rule to keep (the lookahead judges
    the turn's real choices: buys, attacks, abilities and the choices inside them)."""
    if s.waiting:
        return None
    move = heuristic_action(s, rng)
    return move if move[0] == d.PLAY else None


HOOKS = AgentHooks(rule_of_thumb=heuristic_action, evaluate=evaluate, check_weights=check_weights,
                   settle=finish_turn, routine=play_out_hand, features=features, feature_names=FEATURES,
                   settle_leaves=True, search_horizon="turn")
