"""Dejarik: play, simulate and study Star Wars tabletop games by their published rules.

The engine's hot modules may be compiled with mypyc (`make compiled`); the Python source is
the reference. Set DEJARIK_PURE=1 to run the source even where compiled modules are present.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from importlib.machinery import SOURCE_SUFFIXES, FileFinder, ModuleSpec, SourceFileLoader
from types import ModuleType

__version__ = "0.1.0"


class _SourceOnly:
    """Finds dejarik's modules (or those of some subpackages) as .py files only, so compiled
    extensions are passed over."""

    def __init__(self, prefixes: tuple[str, ...] = ("dejarik.",)) -> None:
        self.prefixes = prefixes

    def find_spec(self, name: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if not name.startswith(self.prefixes) or not path:
            return None
        for entry in path:
            spec = FileFinder(entry, (SourceFileLoader, SOURCE_SUFFIXES)).find_spec(name)
            if spec is not None:
                return spec
        return None


def _choose_engine() -> None:
    if os.environ.get("DEJARIK_PURE", "") not in ("", "0"):
        sys.meta_path.insert(0, _SourceOnly())
        return
    from dejarik._engine import stale_packages

    stale = stale_packages()
    if stale:
        sys.stderr.write(f"dejarik: the compiled {', '.join(stale)} engine is older than its "
                         "source; running that source (rebuild with `make compiled`)\n")
        sys.meta_path.insert(0, _SourceOnly(tuple(f"dejarik.{p}." for p in stale)))


_choose_engine()

# The public door: every game by name (see core/protocol.py for what a game offers).
from dejarik.core.registry import game_names, get_game, register  # noqa: E402

__all__ = ["__version__", "engine_build", "game_names", "get_game", "register"]


def engine_build(game: str = "deckbuilding") -> str:
    """'compiled (mypyc)' when a game's rules run compiled, else 'pure Python': asked of the
    module its states are made in, so a game whose engine is not compiled never claims it."""
    state = get_game(game).new_state({}, 0)
    where = sys.modules[type(state).__module__].__file__ or ""
    return "pure Python" if where.endswith(".py") else "compiled (mypyc)"
