"""`dejarik play`: the terminal app when there is a terminal, a printed AI game otherwise."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dejarik.cli import main as cli
from dejarik.tui.session import Session


def play(*args: str) -> tuple[int, str]:
    """Exit code and standard output (notes and errors go to standard error)."""
    res = CliRunner().invoke(cli.main, ["play", "deckbuilding", *args])
    return res.exit_code, res.stdout if res.exit_code == 0 else res.output


def test_without_a_terminal_an_ai_game_is_printed_and_says_why() -> None:
    code, out = play("--seed", "3", "--bases-to-win", "2", "--quiet", "--vs", "heuristic")
    assert code == 0
    first = out.splitlines()[0]
    assert first == ("standard input is not a terminal: printing a game between AI players "
                     "instead (heuristic in every seat, seed 3)")
    assert "Result: " in out and "seed 3." in out
    code, out = play("--seed", "3", "--bases-to-win", "2", "--quiet", "--vs", "human")
    assert code == 0 and "(heuristic in every seat, seed 3)" in out
    code, out = play("--seed", "3", "--bases-to-win", "2", "--quiet", "--vs", "random")
    assert code == 0 and "(random in every seat, seed 3)" in out


def test_the_default_opponent_is_ismcts() -> None:
    from dejarik.cli.main import play as play_command

    vs = next(p for p in play_command.params if p.name == "vs")
    assert vs.default == "ismcts"


def test_a_fresh_seed_is_drawn_and_shown() -> None:
    code, out = play("--bases-to-win", "2", "--quiet", "--vs", "greedy")
    assert code == 0
    seed = re.search(r"seed (\d+)\)", out.splitlines()[0])
    assert seed is not None and f"seed {seed.group(1)}." in out


def test_editions_and_agents_fail_cleanly() -> None:
    code, out = play("--edition", "clone_wars")
    assert code == 2 and out.startswith("error: cannot deal") and "Traceback" not in out
    code, out = play("--edition", "original", "--pack", "clone_wars")
    assert code == 2 and "give --edition or --pack, not both" in out
    code, out = play("--vs", "wizard")
    assert code == 2 and "unknown agent 'wizard'" in out
    code, out = play("--mode", "full", "--edition", "original")
    assert code == 2 and "Tatooine: hp unknown" in out


def test_resume_needs_a_readable_save(tmp_path: Path) -> None:
    code, out = play("--resume", str(tmp_path / "missing.json"))
    assert code == 2 and out.startswith(f"error: {tmp_path / 'missing.json'}: cannot read")
    assert "Traceback" not in out
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2")
    code, out = play("--resume", str(bad))
    assert code == 2 and "bad.json: not valid JSON" in out
    good = tmp_path / "good.json"
    Session.new({"bases_to_win": 2}, 1, "random").save(good)
    code, out = play("--resume", str(good))
    assert code == 2 and "--resume needs a terminal (standard input is not a terminal)" in out


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Session, str | None]]:
    """Pretend there is a terminal, and catch the session the app would have run."""
    started: list[tuple[Session, str | None]] = []

    def run_app(session: Session, save_path: str | None = None) -> str:
        started.append((session, save_path))
        return "app closed"

    monkeypatch.setattr(cli, "_not_a_terminal", lambda: "")
    monkeypatch.setattr("dejarik.tui.app.run_app", run_app)
    return started


def test_with_a_terminal_the_app_starts(terminal: list[Any], tmp_path: Path) -> None:
    code, out = play("--seed", "9", "--vs", "random", "--seat", "1", "--bases-to-win", "2")
    assert code == 0 and "app closed" in out
    session, _ = terminal[-1]
    assert session.humans == (1,) and session.vs == "random" and session.seed == 9
    assert session.state.bases_to_win == 2
    code, out = play("--vs", "human", "--edition", "original")
    assert code == 0
    session, _ = terminal[-1]
    assert session.humans == (0, 1) and session.agents == {}
    path = tmp_path / "saved.json"
    session.save(path)
    code, out = play("--quiet")
    assert code == 2 and "add --agents" in out
    code, out = play("--resume", str(path))
    assert code == 0
    resumed, save_path = terminal[-1]
    assert save_path == str(path) and resumed.state.state_hash() == session.state.state_hash()


def test_agents_still_print_a_game() -> None:
    code, out = play("--seed", "2", "--agents", "greedy,random", "--quiet")
    assert code == 0 and "not a terminal" not in out
    assert "-- turn" not in out and "Result: " in out and "seed 2." in out
