"""The dejarik command line, as a user runs it."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from dejarik.cli.main import main


def run(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(main, list(args))
    return res.exit_code, res.output


def test_play_prints_a_whole_game(tmp_path: Path) -> None:
    rep = tmp_path / "r.json"
    code, out = run("play", "deckbuilding", "--seed", "2", "--save-replay", str(rep))
    assert code == 0
    assert "-- turn 1: Empire --" in out and "Result: " in out and " win after " in out
    code, out = run("replay", "verify", str(rep))
    assert code == 0 and out.startswith("ok: ") and "hashes match" in out
    data = json.loads(rep.read_text())
    data["hashes"][3] = "f" * 32
    rep.write_text(json.dumps(data))
    code, out = run("replay", "verify", str(rep))
    assert code == 2 and "hash mismatch after action 4" in out


def test_sim_reports_wins_length_speed() -> None:
    code, out = run("sim", "deckbuilding", "--games", "4", "--seed", "1", "--agents", "random,greedy")
    assert code == 0
    assert "Empire" in out and "Rebels" in out and "mean length" in out and "games/s" in out


def test_sim_bad_agents() -> None:
    code, out = run("sim", "deckbuilding", "--games", "1", "--agents", "random,wizard")
    assert code == 2 and "unknown agent 'wizard'" in out


def test_scenario_check(tmp_path: Path) -> None:
    good = tmp_path / "good.yaml"
    good.write_text("players:\n  empire: {hand: [TIE Fighter], base: Lothal}\n  rebel: {base: Dantooine}\n")
    code, out = run("scenario", "check", str(good))
    assert code == 0 and "ok:" in out and "play tie-fighter#0" in out
    bad = tmp_path / "bad.yaml"
    bad.write_text("players:\n  empire: {hand: [TIE Fighterr]}\n  rebel: {}\n")
    code, out = run("scenario", "check", str(bad))
    assert code == 2 and "unknown card 'TIE Fighterr'" in out


def test_cards_check_original_is_complete(tmp_path: Path) -> None:
    code, out = run("cards", "check", "original")
    assert code == 0 and "COMPLETE composition: every card of the edition is listed" in out
    assert "galaxy cards: 30/30 copies known, 18 cards listed - complete" in out
    assert "UNKNOWN  Tatooine: hp unknown" in out
    fix = tmp_path / "fix.yaml"
    fix.write_text("extends: original\ncards:\n  - {name: Tatooine, hp: 14}\n")
    code, out = run("cards", "check", str(fix))
    assert code == 0 and "Tatooine" not in out.split("== Rebels")[1].split("== neutral")[0]


def test_full_mode_is_refused_until_tatooine_is_known(tmp_path: Path) -> None:
    res = CliRunner().invoke(main, ["play", "deckbuilding", "--mode", "full", "--quiet"])
    assert res.exit_code == 2 and "Tatooine: hp unknown" in res.output
    ov = tmp_path / "ov.yaml"
    ov.write_text("cards:\n  Tatooine: {hp: 14}\n")
    res = CliRunner().invoke(main, ["play", "deckbuilding", "--mode", "full", "--quiet",
                                    "--override", str(ov)])
    assert res.exit_code == 0 and "Result:" in res.output
