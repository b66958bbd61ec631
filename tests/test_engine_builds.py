"""The compiled engine plays exactly as the pure-Python source it is built from (issue 5).

Both play the same seeded games, random and greedy, and must pass through the same state
hashes after every action; DEJARIK_PURE=1 must really run the source."""

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
import json, sys
import dejarik
from dejarik.agents.base import parse_agents
from dejarik.deckbuilding.game import DeckbuildingState
out = {"build": dejarik.engine_build(), "games": []}
for seed in range(int(sys.argv[1])):
    s = DeckbuildingState({"turn_limit": 300}, seed)
    s2 = s.clone()
    players = parse_agents("random,greedy" if seed % 2 else "greedy,random", seed)
    hashes = [s.state_hash()]
    while not s.done:
        s.apply(players[s.current_player].act(s))
        hashes.append(s.state_hash())
    assert s2.state_hash() == hashes[0]
    out["games"].append(hashes)
print(json.dumps(out))
"""


def _trajectories(games: int, pure: bool) -> dict[str, object]:
    env = dict(os.environ, DEJARIK_PURE="1" if pure else "0")
    done = subprocess.run([sys.executable, "-c", TRAJECTORIES, str(games)], env=env,
                          capture_output=True, text=True, timeout=600, check=True)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_pure_switch_runs_the_python_source() -> None:
    assert _trajectories(0, pure=True)["build"] == "pure Python"


@pytest.mark.skipif(build_state() != "current",
                    reason="no current compiled engine here (build it with `make compiled`)")
def test_compiled_engine_plays_every_game_as_the_source_does() -> None:
    compiled = _trajectories(40, pure=False)
    pure = _trajectories(40, pure=True)
    assert compiled["build"] == "compiled (mypyc)" and pure["build"] == "pure Python"
    assert compiled["games"] == pure["games"]


def test_a_stale_build_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import dejarik._engine as engine

    stamp = tmp_path / "_compiled.json"
    monkeypatch.setattr(engine, "STAMP", stamp)
    assert engine.build_state() == "none"
    stamp.write_text(json.dumps({"sources": engine.sources_digest()}))
    assert engine.build_state() == "current"
    stamp.write_text(json.dumps({"sources": "0" * 32}))
    assert engine.build_state() == "stale"
    assert dejarik.engine_build() in ("pure Python", "compiled (mypyc)")
