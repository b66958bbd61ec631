"""Games by name: the only door to anything game-specific. A new game registers here (or,
outside Dejarik's own tree, with `register`) and every surface can drive it."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from dejarik.core.errors import ConfigError
from dejarik.core.protocol import Game

_GAMES = {
    "deckbuilding": "dejarik.deckbuilding.family:GAME",
    "pandemic": "dejarik.pandemic.family:GAME",
    "tcg": "dejarik.tcg.family:GAME",
}
_BUILT_IN = frozenset(_GAMES)


def game_names() -> list[str]:
    """Every registered game, sorted."""
    return sorted(_GAMES)


def register(name: str, target: str) -> None:
    """Register a game object by 'module:attribute' (imported when first asked for).
    Dejarik's own games cannot be replaced."""
    if name in _BUILT_IN:
        raise ConfigError(f"{name!r} is one of Dejarik's own games and cannot be registered again")
    if ":" not in target:
        raise ConfigError(f"register {name!r}: the target must be 'module:attribute', got {target!r}")
    _GAMES[name] = target


def unregister(name: str) -> None:
    """Forget a game registered with `register` (tests use this to clean up)."""
    if name not in _BUILT_IN:
        _GAMES.pop(name, None)


def get_game(name: str) -> Game:
    """The registered game called `name`; ConfigError lists the known games otherwise."""
    try:
        target = _GAMES[name]
    except KeyError:
        raise ConfigError(f"unknown game {name!r}; known games: {', '.join(game_names())}") from None
    module, attr = target.split(":")
    game: Game = getattr(importlib.import_module(module), attr)
    return game


def games_offering(part: Callable[[Game], object]) -> list[str]:
    """The registered games, by name, that offer something: `part(game)` is not None (e.g.
    `lambda g: g.spaces`)."""
    return [name for name in game_names() if part(get_game(name)) is not None]


def first_game_offering(part: Callable[[Game], object], what: str) -> Game:
    """The first registered game (by name) that offers `part`: the default of a surface that
    serves one game at a time. ConfigError says `what` no game offers."""
    names = games_offering(part)
    if not names:
        raise ConfigError(f"no registered game offers {what}")
    return get_game(names[0])
