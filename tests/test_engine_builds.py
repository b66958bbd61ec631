"""The compiled engine plays exactly as the pure-Python source it is built from, in every game.

Both play the same seeded games, random and greedy, and must pass through the same state
hashes after every action and make the same search choices; DEJARIK_PURE=1 must really run
the source."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import dejarik
from dejarik._engine import build_state

TRAJECTORIES = """
import hashlib, json, sys
import dejarik
from dejarik import get_game
from dejarik.agents.base import parse_agents
from dejarik.agents.ismcts import IsmctsAgent
name, games, config = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3])
game = get_game(name)
config = game.normalize_config(config)
seats = game.num_players(config)
out = {"build": dejarik.engine_build(name), "games": [], "searches": [], "views": []}
for seed in range(games):
    s = game.new_state(config, seed)
    layout = game.spaces.for_state(s) if game.spaces is not None else None
    views = hashlib.sha256()
    s2 = s.clone()
    players = parse_agents("random" if seed % 2 else "greedy", seed, seats)
    search = IsmctsAgent(seed, iterations=30)
    hashes = [s.state_hash()]
    while not s.is_terminal():
        if seed < 2 and len(hashes) % 25 == 0 and len(s.legal_actions()) > 1:
            out["searches"].append(s.action_to_text(search.act(s)))
        if layout is not None and len(hashes) % 3 == 0:
            views.update(layout.observe(s, s.current_player).tobytes())
            views.update(repr(sorted(layout.legal(s))).encode())
        s.apply(players[s.current_player].act(s))
        hashes.append(s.state_hash())
    assert s2.state_hash() == hashes[0]
    out["games"].append(hashes)
    out["views"].append(views.hexdigest())
print(json.dumps(out))
"""

GAMES = {"deckbuilding": (40, {"turn_limit": 300}), "pandemic": (20, {}), "tcg": (20, {})}
"""Each game's cross-check: how many seeded games, with what configuration."""


def _trajectories(game: str, pure: bool, games: int | None = None) -> dict[str, object]:
    count, config = GAMES[game]
    env = dict(os.environ, DEJARIK_PURE="1" if pure else "0")
    done = subprocess.run([sys.executable, "-c", TRAJECTORIES, game, str(count if games is None else games),
                           json.dumps(config)], env=env, capture_output=True, text=True, timeout=600,
                          check=True)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_pure_switch_runs_the_python_source() -> None:
    for game in GAMES:
        assert _trajectories(game, pure=True, games=0)["build"] == "pure Python"


def test_every_game_is_in_the_compiled_set() -> None:
    from dejarik._engine import MODULES

    for game in GAMES:
        state_module = type(dejarik.get_game(game).new_state({}, 0)).__module__
        assert state_module.replace("dejarik.", "").replace(".", "/") + ".py" in MODULES
    assert "agents/ismcts.py" in MODULES


@pytest.mark.skipif(build_state() != "current",
                    reason="no current compiled engine here (build it with `make compiled`)")
@pytest.mark.parametrize("game", list(GAMES))
def test_compiled_engine_plays_every_game_as_the_source_does(game: str) -> None:
    """The same states after every action, the same ISMCTS choices, and the same learning
    observations and legal action indices, compiled and pure."""
    compiled = _trajectories(game, pure=False)
    pure = _trajectories(game, pure=True)
    assert compiled["build"] == "compiled (mypyc)" and pure["build"] == "pure Python"
    assert compiled["games"] == pure["games"]
    assert compiled["searches"] and compiled["searches"] == pure["searches"]
    assert compiled["views"] == pure["views"]


def test_a_stale_build_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import dejarik._engine as engine

    stamp = tmp_path / "_compiled.json"
    monkeypatch.setattr(engine, "STAMP", stamp)
    assert engine.build_state() == "none" and engine.stale_packages() == []
    packages = engine.package_digests()
    stamp.write_text(json.dumps({"sources": engine.sources_digest(), "packages": packages}))
    assert engine.build_state() == "current" and engine.stale_packages() == []
    stamp.write_text(json.dumps({"sources": "0" * 32}))      # an older stamp, without packages
    assert engine.build_state() == "stale" and engine.stale_packages() == sorted(packages)
    stamp.write_text("not json")
    assert engine.stale_packages() == sorted(packages)
    assert dejarik.engine_build() in ("pure Python", "compiled (mypyc)")


def test_only_the_packages_that_changed_run_their_source(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Editing the TCG's rules leaves the deckbuilder's build in use; editing the shared core,
    which every compiled package calls natively, leaves none."""
    import dejarik._engine as engine

    stamp = tmp_path / "_compiled.json"
    monkeypatch.setattr(engine, "STAMP", stamp)
    packages = engine.package_digests()
    assert {"core", "deckbuilding", "pandemic", "tcg", "agents"} <= set(packages)
    stamp.write_text(json.dumps({"sources": "x", "packages": {**packages, "tcg": "0" * 32}}))
    assert engine.stale_packages() == ["tcg"] and engine.build_state() == "stale"
    stamp.write_text(json.dumps({"sources": "x", "packages": {**packages, "core": "0" * 32}}))
    assert engine.stale_packages() == sorted(packages)


def test_a_stale_package_is_imported_from_its_source() -> None:
    """The import hook passes over the compiled modules of the stale packages only."""
    from dejarik import _SourceOnly

    hook = _SourceOnly(("dejarik.tcg.",))
    tcg_path = [str(Path(dejarik.__file__).parent / "tcg")]
    spec = hook.find_spec("dejarik.tcg.flow", tcg_path)
    assert spec is not None and spec.origin is not None and spec.origin.endswith("flow.py")
    assert hook.find_spec("dejarik.deckbuilding.rules",
                          [str(Path(dejarik.__file__).parent / "deckbuilding")]) is None


ATTRIBUTES = """
import json
from dejarik import get_game
from dejarik.agents.base import parse_agents
out = {}
for name in ("pandemic", "tcg"):
    game = get_game(name)
    s = game.new_state(game.normalize_config({}), 3)
    players = parse_agents("heuristic", 3, s.num_players)
    for _ in range(40):   # far enough that lookaheads have marked their copies
        s.apply(players[s.current_player].act(s))
    out[name] = sorted(vars(s))
print(json.dumps(out))
"""


def test_a_copy_names_every_attribute_a_state_has() -> None:
    """A compiled state has no `__dict__`, so a copy is made attribute by attribute from the
    game's field list: an attribute the list misses would be lost in every copy."""
    from dejarik.pandemic.state import FIELDS as PANDEMIC
    from dejarik.tcg.fields import FIELDS as TCG

    env = dict(os.environ, DEJARIK_PURE="1")
    done = subprocess.run([sys.executable, "-c", ATTRIBUTES], env=env, capture_output=True, text=True,
                          timeout=600, check=True)
    seen = json.loads(done.stdout)
    own = {"rng", "log", "trace"}   # each copy gets its own generator, and no log or record
    for name, fields in (("pandemic", PANDEMIC), ("tcg", TCG)):
        assert set(seen[name]) == set(fields.names) | set(fields.shared) | own, name
