"""The game-agnostic kernel: the state protocol, the seeded RNG, errors and replays."""

from dejarik.core.errors import (
    ConfigError,
    DejarikError,
    IllegalActionError,
    NotationError,
    PackError,
    ReplayError,
    ScenarioError,
)
from dejarik.core.protocol import Action, Game, GameState
from dejarik.core.rng import Rng

__all__ = [
    "Action",
    "ConfigError",
    "DejarikError",
    "Game",
    "GameState",
    "IllegalActionError",
    "NotationError",
    "PackError",
    "ReplayError",
    "Rng",
    "ScenarioError",
]
