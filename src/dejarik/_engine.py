"""The compiled engine: which modules mypyc builds, and whether a build matches the source.

`python -m dejarik.build_engine` (`make compiled`) compiles them in place, in a source
checkout. A build remembers a digest of its sources; when the source has changed since,
the package runs the Python source instead of a stale build, and says so.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
STAMP = PACKAGE / "_compiled.json"
MODULES = (
    "core/rng.py",
    "core/tasks.py",
    "core/writes.py",
    "deckbuilding/defs.py",
    "deckbuilding/cards.py",
    "deckbuilding/state.py",
    "deckbuilding/game.py",
    "deckbuilding/rules.py",
    "deckbuilding/effects.py",
    "deckbuilding/heuristic.py",
    "deckbuilding/evaluate.py",
    "deckbuilding/observe.py",
    "deckbuilding/encode.py",
    "deckbuilding/notation.py",
    "deckbuilding/invariants.py",
    "pandemic/pack.py",
    "pandemic/codes.py",
    "pandemic/board.py",
    "pandemic/state.py",
    "pandemic/flow.py",
    "pandemic/effects.py",
    "pandemic/game.py",
    "pandemic/observe.py",
    "pandemic/encode.py",
    "pandemic/policy_facts.py",
    "pandemic/policy_plan.py",
    "pandemic/policy_inner.py",
    "pandemic/policy.py",
    "tcg/cardpool.py",
    "tcg/abilities.py",
    "tcg/carddefs.py",
    "tcg/state.py",
    "tcg/flow.py",
    "tcg/effects.py",
    "tcg/pilots.py",
    "tcg/equipment.py",
    "tcg/game.py",
    "tcg/observe.py",
    "tcg/encode.py",
    "tcg/policy_battle.py",
    "tcg/policy.py",
    "agents/uniform.py",
    "agents/ismcts.py",
)
"""The hot path of every game and of the search, compiled with mypyc; each module has a
pure-versus-compiled cross-check (tests/test_engine_builds.py). The Makefile reads this list."""


def _digest(modules: tuple[str, ...]) -> str:
    h = hashlib.blake2b(digest_size=16)
    for m in modules:
        h.update(m.encode())
        h.update((PACKAGE / m).read_bytes())
    return h.hexdigest()


def sources_digest() -> str:
    return _digest(MODULES)


def package_digests() -> dict[str, str]:
    """A digest of each subpackage's compiled modules ("core", "deckbuilding", ...)."""
    packages = sorted({m.split("/")[0] for m in MODULES})
    return {p: _digest(tuple(m for m in MODULES if m.startswith(p + "/"))) for p in packages}


SHARED = "core"
"""The package every other compiled package calls natively: when it changed, no part of the
build may be used. The others call each other only through Python (the game protocol), so one
package's stale build leaves the rest usable."""


def stale_packages() -> list[str]:
    """The subpackages whose compiled modules are older than their source (all of them when
    there is a build but it cannot tell, or the shared one changed); empty when the build is
    current or there is none."""
    if not STAMP.exists():
        return []
    digests = package_digests()
    try:
        stamp = json.loads(STAMP.read_text(encoding="utf-8"))
        built = stamp.get("packages") if isinstance(stamp, dict) else None
        if not isinstance(built, dict):
            return [] if stamp["sources"] == sources_digest() else sorted(digests)
    except (OSError, ValueError, KeyError, TypeError):
        return sorted(digests)
    stale = sorted(p for p, d in digests.items() if built.get(p) != d)
    return sorted(digests) if SHARED in stale else stale


def build_state() -> str:
    """'none' (no build), 'current', or 'stale' (some source changed since the build)."""
    if not STAMP.exists():
        return "none"
    return "stale" if stale_packages() else "current"
