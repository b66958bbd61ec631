"""Games by name. A new game registers here and every tool can drive it."""

from __future__ import annotations

import importlib

from dejarik.core.errors import ConfigError
from dejarik.core.protocol import Game

_GAMES = {
    "deckbuilding": "dejarik.deckbuilding.game:GAME",
    "pandemic": "dejarik.pandemic.game:GAME",
    "tcg": "dejarik.tcg.game:GAME",
}


def game_names() -> list[str]:
    return sorted(_GAMES)


def get_game(name: str) -> Game:
    try:
        target = _GAMES[name]
    except KeyError:
        raise ConfigError(f"unknown game {name!r}; known games: {', '.join(game_names())}") from None
    module, attr = target.split(":")
    game: Game = getattr(importlib.import_module(module), attr)
    return game
