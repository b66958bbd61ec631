"""`dejarik sim --check`: every check after every action, for any game (sim/checks.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from dejarik.cli.main import main
from dejarik.core.registry import game_names, get_game
from dejarik.sim.records import RunSpec, play_record


@pytest.mark.parametrize("game", ["deckbuilding", "pandemic", "tcg"])
def test_checked_random_games_pass_every_check(game: str) -> None:
    engine = get_game(game)
    spec = RunSpec(game, engine.normalize_config({"turn_limit": 40}), ("random",) * 2, 3,
                   check=True)
    for index in range(3):
        record = play_record(spec, index)
        assert "failure" not in record and record["actions"] > 10


def test_a_broken_invariant_stops_the_game_and_is_recorded(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = get_game("deckbuilding")
    calls = {"n": 0}

    def broken(state: object) -> list[str]:
        calls["n"] += 1
        return ["a card in two places"] if calls["n"] == 25 else []

    monkeypatch.setattr(type(engine), "check_invariants", lambda self, state: broken(state))
    spec = RunSpec("deckbuilding", engine.normalize_config({"turn_limit": 40}), ("random",) * 2, 3,
                   check=True)
    record = play_record(spec, 0)
    assert record["end"] == "failure" and record["actions"] == 25
    assert record["failure"] == {"check": "invariants",
                                 "detail": "after action 25: a card in two places"}


def test_an_illegal_action_that_is_applied_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = get_game("tcg")
    state_type = type(engine.new_state(engine.normalize_config({}), 1))
    real = state_type.apply

    def lax(self: object, action: tuple[int, ...]) -> None:   # applies anything, legal or not
        real(self, action if action in self.legal_actions() else self.legal_actions()[0])  # type: ignore[attr-defined]

    monkeypatch.setattr(state_type, "apply", lax)
    spec = RunSpec("tcg", engine.normalize_config({}), ("random",) * 2, 3, check=True)
    record = play_record(spec, 0)
    assert record["failure"]["check"] == "illegal" and "not legal, was applied" in record["failure"]["detail"]


def test_the_command_says_every_game_passed(tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = CliRunner().invoke(main, ["sim", "pandemic", "--check", "--games", "4", "-j", "1",
                                       "--quiet", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "checks: all 4 games passed every check after every action" in result.output
    assert "pandemic" in game_names()
