"""The uniformly random player, compiled with the engines: random playouts, fuzzing and the
engine benchmarks spend a good share of their time choosing its moves."""

from __future__ import annotations

from typing import ClassVar

from dejarik.core.protocol import Action, GameState
from dejarik.core.rng import Rng


class RandomAgent:
    """Uniformly random among the legal actions, from its own seeded generator."""

    name: ClassVar[str] = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, state: GameState) -> Action:
        acts = state.legal_actions()
        return acts[self.rng.below(len(acts))]
