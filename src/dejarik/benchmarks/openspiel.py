"""Random-playout throughput of OpenSpiel's C++ games, for comparison with Dejarik.

Measures, on a single core and a single process, how fast OpenSpiel's
``gin_rummy`` and ``hearts`` can be played with uniformly random actions when
driven through OpenSpiel's Python API (``pyspiel``).  The figures are meant to
sit next to Dejarik's own engine benchmark (random actions per second, games
per second).

OpenSpiel is an optional extra (PyPI package ``open_spiel``), so this module
imports cleanly without it; :func:`available` reports whether it can be used
and :func:`random_playout_rate` raises :class:`RuntimeError` when it cannot.

Run directly to print the figures for both games::

    python -m dejarik.benchmarks.openspiel [--seconds 2.0] [--seed 0]
"""

from __future__ import annotations

import argparse
import functools
import importlib
import importlib.metadata
import random
import time
from collections.abc import Sequence
from typing import Any

__all__ = ["GAMES", "available", "main", "random_playout_rate"]

#: The OpenSpiel games benchmarked by :func:`main`.
GAMES: tuple[str, ...] = ("gin_rummy", "hearts")

_MISSING_MESSAGE = "OpenSpiel is not installed: pip install 'dejarik[bench]' (package open_spiel)"


@functools.cache
def _pyspiel() -> Any:
    """Return the ``pyspiel`` module, or ``None`` if it cannot be imported.

    Imported lazily (and once) so that importing this module stays cheap and
    never fails when OpenSpiel is absent.
    """
    try:
        module: Any = importlib.import_module("pyspiel")
    except ImportError:
        return None
    return module


def available() -> bool:
    """Whether OpenSpiel's Python API (``pyspiel``) can be imported."""
    return _pyspiel() is not None


def random_playout_rate(game_name: str, seconds: float = 2.0, seed: int = 0) -> dict[str, float]:
    """Play random complete games of an OpenSpiel game for ``seconds`` seconds.

    Chance nodes sample an outcome from ``state.chance_outcomes()`` according
    to its probabilities; decision nodes pick uniformly among
    ``state.legal_actions()``.  Both use a private ``random.Random(seed)``.

    Every applied action (chance and player) counts as a step; player
    decisions are also counted on their own.  Steps of the game still in
    progress when the time budget runs out are counted, but only complete
    games count towards ``games`` and ``games_per_s``.

    Returns a dict with keys ``game``, ``steps_per_s``,
    ``decision_steps_per_s``, ``games_per_s``, ``games``, ``steps``,
    ``decision_steps`` and ``seconds`` (measured wall time, ``perf_counter``).

    Raises:
        RuntimeError: if OpenSpiel is not installed.
        ValueError: if ``seconds`` is not positive.
        NotImplementedError: if the game reaches a simultaneous-move node.
    """
    pyspiel = _pyspiel()
    if pyspiel is None:
        raise RuntimeError(_MISSING_MESSAGE)
    if not seconds > 0:
        raise ValueError(f"seconds must be positive, got {seconds!r}")

    game: Any = pyspiel.load_game(game_name)
    rng = random.Random(seed)
    choice = rng.choice
    choices = rng.choices
    clock = time.perf_counter

    games = 0
    steps = 0
    decision_steps = 0

    start = clock()
    deadline = start + seconds
    now = start
    while now < deadline:
        state: Any = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes: list[tuple[int, float]] = state.chance_outcomes()
                actions = [a for a, _ in outcomes]
                weights = [p for _, p in outcomes]
                action: int = choices(actions, weights=weights)[0]
            elif state.is_simultaneous_node():
                raise NotImplementedError(f"{game_name}: simultaneous-move nodes are not supported")
            else:
                action = choice(state.legal_actions())
                decision_steps += 1
            state.apply_action(action)
            steps += 1
            now = clock()
            if now >= deadline:
                if state.is_terminal():  # the last step finished this game
                    games += 1
                break
        else:
            games += 1
    elapsed = now - start

    return {
        "game": game_name,  # type: ignore[dict-item]
        "steps_per_s": steps / elapsed,
        "decision_steps_per_s": decision_steps / elapsed,
        "games_per_s": games / elapsed,
        "games": games,
        "steps": steps,
        "decision_steps": decision_steps,
        "seconds": elapsed,
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Print random-playout figures for each game in :data:`GAMES`."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    if not available():
        print(_MISSING_MESSAGE)
        return 1

    pyspiel = _pyspiel()
    version = getattr(pyspiel, "__version__", None)
    if version is None:
        try:
            version = importlib.metadata.version("open_spiel")
        except importlib.metadata.PackageNotFoundError:
            version = "unknown"
    print(f"OpenSpiel {version}, random playouts, {args.seconds:g} s per game")
    header = (
        f"{'game':<10} {'steps/s':>12} {'decisions/s':>12} {'games/s':>10}"
        f" {'games':>7} {'steps':>9} {'seconds':>8}"
    )
    print(header)
    print("-" * len(header))
    for name in GAMES:
        r = random_playout_rate(name, seconds=args.seconds, seed=args.seed)
        print(
            f"{name:<10} {r['steps_per_s']:>12,.0f} {r['decision_steps_per_s']:>12,.0f}"
            f" {r['games_per_s']:>10,.1f} {int(r['games']):>7}"
            f" {int(r['steps']):>9} {r['seconds']:>8.3f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
