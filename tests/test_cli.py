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
    code, out = run("play", "deckbuilding", "--seed", "2", "--vs", "heuristic", "--save-replay", str(rep))
    assert code == 0
    assert "-- turn 1: Empire --" in out and "Result: " in out and " win after " in out
    code, out = run("replay", "verify", str(rep))
    assert code == 0 and out.startswith("ok: ") and "hashes match" in out
    data = json.loads(rep.read_text())
    data["hashes"][3] = "f" * 32
    rep.write_text(json.dumps(data))
    code, out = run("replay", "verify", str(rep))
    assert code == 2 and "hash mismatch after action 4" in out


def test_sim_reports_wins_length_speed(tmp_path: Path) -> None:
    code, out = run("sim", "deckbuilding", "--games", "4", "--seed", "1", "--agents", "random,greedy",
                    "--out", str(tmp_path / "run"), "--jobs", "1")
    assert code == 0
    assert "4 games: Empire won" in out and "Rebels won" in out and "length: mean" in out
    assert "games/s" in out


def test_sim_bad_agents(tmp_path: Path) -> None:
    code, out = run("sim", "deckbuilding", "--games", "1", "--agents", "random,wizard",
                    "--out", str(tmp_path / "run"))
    assert code == 2 and "unknown agent 'wizard'" in out
    assert not (tmp_path / "run").exists()


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
    assert "Empire galaxy cards: 30/30 copies known, 18 cards listed - complete" in out
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
                                    "--vs", "heuristic", "--override", str(ov)])
    assert res.exit_code == 0 and "Result:" in res.output


def test_cards_check_clone_wars_is_itemised_and_exits_1() -> None:
    code, out = run("cards", "check", "clone_wars")
    assert code == 1
    assert "UNKNOWN  Rishi: hp, ability unknown" in out
    assert "MISSING  no pilot card is listed (role: pilot)" in out
    assert out.rstrip().splitlines()[-1].startswith("INCOMPLETE: 7 composition items missing")


def test_cards_check_a_broken_pack_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: original\ncards:\n  - {name: X-Wing, ability: {do: [{drwa: 1}]}}\n")
    code, out = run("cards", "check", str(bad))
    assert code == 2 and "card 'X-Wing': ability.do[0].drwa: unknown primitive 'drwa'" in out


def test_cards_list_and_show() -> None:
    code, out = run("cards", "list", "clone_wars", "--role", "base")
    assert code == 0 and "Rishi" in out and "Admiral Trench" not in out
    assert "*unknown values" in out
    code, out = run("cards", "show", "clone_wars", "Admiral Trench")
    assert code == 0
    assert "target 5" in out and "cost ?" in out and "unknown: traits, copies, cost" in out
    assert "reward:" in out and "resources: 3" in out       # the pack entry
    code, out = run("cards", "show", "original", "x-wing")
    assert code == 0 and out.startswith("X-Wing  [original, galaxy]")
    code, out = run("cards", "show", "original", "Wing")
    assert code == 2 and "did you mean" in out and "X-Wing" in out


def test_cards_new_templates_load_and_check(tmp_path: Path) -> None:
    fresh = tmp_path / "mine.yaml"
    code, out = run("cards", "new", str(fresh))
    assert code == 0 and fresh.exists()
    code, out = run("cards", "check", str(fresh))
    assert code == 1 and "schema and references: ok" in out       # a valid, unfinished pack
    code, out = run("cards", "new", str(fresh))
    assert code == 2 and "exists" in out
    fill = tmp_path / "cw.yaml"
    code, out = run("cards", "new", str(fill), "--extends", "clone_wars")
    assert code == 0
    text = fill.read_text()
    assert "extends: clone_wars" in text and "- name: Rishi\n    hp: null" in text
    code, out = run("cards", "check", str(fill))       # unchanged skeleton: nothing new is known
    assert code == 1 and "UNKNOWN  Rishi: hp, ability unknown" in out
    filled = text.replace("- name: Rishi\n    hp: null", "- name: Rishi\n    hp: 9")
    fill.write_text(filled)
    code, out = run("cards", "check", str(fill))
    assert "UNKNOWN  Rishi: ability unknown" in out


def test_play_refuses_the_incomplete_clone_wars_pack() -> None:
    code, out = run("play", "deckbuilding", "--pack", "clone_wars", "--quiet")
    assert code == 2 and "cannot deal Separatists v Republic" in out and "Xorrn: hp, ability unknown" in out


def test_play_cross_edition_options(tmp_path: Path) -> None:
    code, out = run("play", "deckbuilding", "--factions", "rebel,empire", "--first", "random",
                    "--seed", "4", "--quiet", "--vs", "heuristic")
    assert code == 0 and "Result:" in out
    code, out = run("sim", "deckbuilding", "--games", "2", "--factions", "rebel,empire",
                    "--out", str(tmp_path / "run"), "--jobs", "1")
    assert code == 0 and "2 games: Rebels won" in out
    code, out = run("play", "deckbuilding", "--pack", "original", "--pack", "clone_wars",
                    "--factions", "empire,republic", "--quiet")
    assert code == 2 and "choose whose neutral deck" in out


def test_bench_runs_and_names_the_engine_build() -> None:
    """The benchmark command works end to end (its figures are read by people, not asserted)."""
    code, out = run("bench", "deckbuilding", "--seconds", "0.5", "--no-openspiel")
    assert code == 0, out
    assert out.startswith("engine: ") and "one process" in out
    for line in ("deckbuilding random", "deckbuilding greedy v greedy", "deckbuilding team random",
                 "deckbuilding team greedy", "ISMCTS search",
                 "pettingzoo API random", "gymnasium API random", "gymnasium vector API random",
                 "openspiel API random"):
        assert line in out
    assert "not installed" not in out  # make test installs the rl extra


def test_bench_runs_for_the_card_game_and_each_game_names_its_own_engine() -> None:
    """`bench tcg` runs (it was offered and crashed); the engine line is the benchmarked game's
    own build, asked of the module its states are made in: a game whose engine is not
    compiled (Kuhn poker, a test game) never claims to be, whatever the others are.
    (`bench pandemic` is not run here: its heuristic team plays a game in about a second.)"""
    import dejarik
    from dejarik._engine import build_state, stale_packages

    assert dejarik.engine_build("kuhn") == "pure Python"
    built = {game: "compiled (mypyc)" if build_state() != "none" and game not in stale_packages()
             else "pure Python" for game in ("pandemic", "tcg")}
    assert dejarik.engine_build("pandemic") == built["pandemic"]
    assert dejarik.engine_build("tcg") == built["tcg"]
    code, out = run("bench", "tcg", "--seconds", "0.3", "--no-openspiel")
    assert code == 0, out
    assert out.startswith(f"engine: {built['tcg']}, one process")
    for line in ("tcg random", "tcg greedy v greedy", "tcg heuristic v heuristic", "tcg ISMCTS search",
                 "pettingzoo API random", "gymnasium API random", "openspiel API random"):
        assert line in out


def test_spaces_prints_the_layout_and_its_json() -> None:
    code, out = run("spaces", "deckbuilding")
    assert code == 0, out
    assert "130 card instances; observation 4957 floats" in out and "2608 actions" in out
    assert "8-137  play card i" in out and "0-2  TIE Fighter (galaxy, empire)" in out
    code, out = run("spaces", "--json")
    data = json.loads(out[out.index("{"):])
    assert data["action_size"] == sum(b["count"] for b in data["action_blocks"])
    assert [c["index"] for c in data["cards"]] == list(range(130))
    code, out = run("spaces", "--mode", "full")
    assert code == 2 and "cannot deal" in out
