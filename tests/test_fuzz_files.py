"""The mutation fuzzer at a size that fits CI: every kind of file of every game, damaged a few
ways, read by the commands users read it with (dejarik/fuzz/files.py). Run it at any size by
hand: `python -m dejarik.fuzz.files --mutations 2000`."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from dejarik.core.registry import game_names, get_game
from dejarik.fuzz.files import FAILURES, damage, fuzz, table, targets

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the fuzzer forks a child per file")


def test_every_game_offers_its_files_and_the_kernels() -> None:
    kinds = {(t.game, t.kind) for t in targets()}
    for game in game_names():
        engine = get_game(game)
        assert (game, "saved position") in kinds and (game, "action text") in kinds
        assert ((game, "replay") in kinds) == (engine.views is not None)
        assert ((game, "simulation run") in kinds) == (engine.report is not None)
    assert {"deckbuilding", "pandemic", "tcg"} <= {g for g, k in kinds if k == "replay"}
    assert ("deckbuilding", "override file") in kinds and ("tcg", "deck list") in kinds
    assert ("deckbuilding", "saved game") in kinds   # the one game the terminal app saves


def test_damaged_files_are_accepted_or_refused_by_name() -> None:
    results = fuzz(6, seed=7, seconds=60.0, jobs=1)
    failed = [r for r in results if r["outcome"] in FAILURES]
    assert not failed, "\n".join(table(results) + [str(r) for r in failed])
    assert len(results) == 6 * len(targets())
    outcomes = {r["outcome"] for r in results}
    assert "refused" in outcomes and "accepted" in outcomes


def test_a_mutation_is_named_by_its_seed(tmp_path: Path) -> None:
    target = next(t for t in targets() if t.kind == "scenario")
    pristine = tmp_path / "sample.yaml"
    target.sample(pristine)
    first = damage(target, pristine, tmp_path / "a.yaml", 5, 3)
    second = damage(target, pristine, tmp_path / "b.yaml", 5, 3)
    assert first[1] == second[1] and (tmp_path / "a.yaml").read_bytes() == (
        tmp_path / "b.yaml").read_bytes() != pristine.read_bytes()
