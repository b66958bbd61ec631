"""`dejarik sim`: seeds per game, records, resuming, killing, backends, bad options (issue 5)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from dejarik.cli.main import main
from dejarik.core.runs import GAMES_FILE
from dejarik.deckbuilding.game import normalize_config
from dejarik.sim.batch import InlineBackend, open_run, run_games
from dejarik.sim.records import RunSpec, game_seed, play_record, record_line

SPEC = RunSpec("deckbuilding", normalize_config({"turn_limit": 1000}), ("greedy", "random"), 5)


def sim(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(main, ["sim", "deckbuilding", *args])
    return res.exit_code, res.output


def clean_run(path: Path, games: int, spec: RunSpec = SPEC) -> bytes:
    run_games(open_run(path, spec), games, InlineBackend())
    return (path / GAMES_FILE).read_bytes()


def test_game_seeds_derive_from_the_run_seed() -> None:
    seeds = [game_seed(5, i) for i in range(1000)]
    assert len(set(seeds)) == 1000 and all(0 <= s < 2**63 for s in seeds)
    assert seeds == [game_seed(5, i) for i in range(1000)]
    assert game_seed(6, 0) not in seeds


def test_a_record_describes_its_game_and_any_game_replays_alone(tmp_path: Path) -> None:
    data = clean_run(tmp_path / "run", 6)
    lines = data.decode().splitlines(keepends=True)
    assert [json.loads(x)["index"] for x in lines] == list(range(6))
    r = json.loads(lines[4])
    assert r["seed"] == game_seed(5, 4) and r["agents"] == ["greedy", "random"]
    assert r["factions"] == ["empire", "rebel"] and r["end"] == "win" and r["winner"] in (0, 1)
    assert r["victory"][r["winner"]] == 3 and r["config"]["mode"] == "beginner"
    assert len(r["force"]) == r["turns"] + 1 and all(0 <= f <= 6 for f in r["force"])
    assert all(b[0]["turn"] == 0 for b in r["bases"])
    assert all(1 <= buy["turn"] <= r["turns"] for side in r["buys"] for buy in side)
    assert record_line(play_record(SPEC, 4)) == lines[4]  # game 4 alone, same bytes


def test_resuming_plays_only_the_missing_games(tmp_path: Path) -> None:
    whole = clean_run(tmp_path / "whole", 12)
    part = tmp_path / "part"
    clean_run(part, 5)
    games = part / GAMES_FILE
    games.write_bytes(games.read_bytes() + b'{"index": 5, "seed"')  # a write cut by a kill
    code, out = sim("--games", "12", "--seed", "5", "--agents", "greedy,random", "--out", str(part),
                    "--jobs", "1", "--quiet")
    assert code == 0 and "played 7 games" in out
    assert games.read_bytes() == whole
    code, out = sim("--games", "12", "--seed", "5", "--agents", "greedy,random", "--out", str(part),
                    "--jobs", "1")
    assert code == 0 and "games 0-11 are already there (12 in all)" in out
    sessions = json.loads((part / "run.json").read_text())["sessions"]
    assert [s["games_played"] for s in sessions] == [5, 7]


def test_killed_midway_then_started_again_loses_and_repeats_nothing(tmp_path: Path) -> None:
    """A real process on two workers is killed with SIGKILL while it writes; the rerun
    completes the run, and the file equals an uninterrupted run's, byte for byte."""
    out = tmp_path / "killed"
    args = [sys.executable, "-c", "from dejarik.cli.main import main; main()", "sim", "deckbuilding",
            "--games", "300", "--seed", "5", "--agents", "greedy,random", "--out", str(out),
            "--jobs", "2", "--chunk", "4", "--quiet"]
    proc = subprocess.Popen(args, start_new_session=True, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    games = out / GAMES_FILE
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if games.exists() and games.read_bytes().count(b"\n") >= 40:
            break
        time.sleep(0.05)
    assert proc.poll() is None, "the run ended before it could be killed"
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    written = games.read_bytes().count(b"\n")
    assert 40 <= written < 300
    done = subprocess.run(args, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    indices = [json.loads(x)["index"] for x in games.read_text().splitlines()]
    assert sorted(indices) == list(range(300))
    assert games.read_bytes() == clean_run(tmp_path / "clean", 300)


def test_local_processes_give_the_same_records_as_one_process(tmp_path: Path) -> None:
    code, _ = sim("--games", "16", "--seed", "5", "--agents", "greedy,random",
                  "--out", str(tmp_path / "pool"), "--jobs", "2", "--chunk", "3", "--quiet")
    assert code == 0
    assert (tmp_path / "pool" / GAMES_FILE).read_bytes() == clean_run(tmp_path / "one", 16)


def test_ray_backend_gives_byte_identical_records(tmp_path: Path) -> None:
    pytest.importorskip("ray", reason="Ray is an optional extra: pip install 'dejarik[ray]'")
    code, out = sim("--games", "16", "--seed", "5", "--agents", "greedy,random",
                    "--out", str(tmp_path / "ray"), "--backend", "ray", "--chunk", "4", "--quiet")
    assert code == 0, out
    assert ", ray, " in out
    assert (tmp_path / "ray" / GAMES_FILE).read_bytes() == clean_run(tmp_path / "local", 16)


@pytest.mark.parametrize(("args", "message"), [
    (["--agents", "greedy,wizard"], "unknown agent 'wizard'"),
    (["--agents", "ismcts:depth=3"], "depth"),
    (["--pack", "no_such_pack"], "no_such_pack"),
    (["--seed", "-1"], "Invalid value for '--seed'"),
    (["--seed", "x"], "'x' is not a valid integer"),
    (["--games", "0"], "Invalid value for '--games'"),
    (["--address", "127.0.0.1:1"], "--address is for --backend ray"),
])
def test_bad_options_are_refused_and_nothing_is_written(tmp_path: Path, args: list[str],
                                                        message: str) -> None:
    out = tmp_path / "run"
    code, text = sim("--games", "2", "--out", str(out), *args)
    assert code == 2 and message in text
    assert not out.exists() or not any(out.iterdir())


def test_unwritable_or_foreign_directories_are_refused(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    code, text = sim("--games", "1", "--out", str(blocker / "run"))
    assert code == 2 and "cannot write to the results directory" in text
    code, text = sim("--games", "1", "--out", str(blocker))
    assert code == 2 and "is not a directory" in text
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("mine")
    code, text = sim("--games", "1", "--out", str(other))
    assert code == 2 and "is not empty" in text
    assert sorted(p.name for p in other.iterdir()) == ["notes.txt"]


def test_a_directory_of_another_run_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert sim("--games", "2", "--seed", "1", "--out", str(out), "--jobs", "1", "--quiet")[0] == 0
    before = (out / GAMES_FILE).read_bytes()
    code, text = sim("--games", "2", "--seed", "2", "--out", str(out), "--jobs", "1")
    assert code == 2 and "holds a different run (seed: the directory has 1, this run 2)" in text
    assert (out / GAMES_FILE).read_bytes() == before


def test_a_records_seed_replays_the_game_with_dejarik_play(tmp_path: Path) -> None:
    r = json.loads(clean_run(tmp_path / "run", 3).decode().splitlines()[2])
    res = CliRunner().invoke(main, ["play", "deckbuilding", "--agents", ",".join(r["agents"]),
                                    "--seed", str(r["seed"]), "--quiet"])
    winner = r["faction_names"][r["winner"]]
    assert f"Result: {winner} win after {r['turns']} turns ({r['actions']} actions)" in res.output


def test_sim_team_game_records_four_seats_and_summarises_per_side(tmp_path: Path) -> None:
    """Issue 7: `dejarik sim deckbuilding --team` plays the 2v2 game (seed 002): two agent names
    are one per side, records name the teams and the winning side, and the summary counts
    each side once a game."""
    out = tmp_path / "team"
    code, text = sim("--team", "--games", "6", "--agents", "greedy,random", "--out", str(out),
                     "--jobs", "1", "--quiet")
    assert code == 0, text
    records = [json.loads(line) for line in (out / GAMES_FILE).read_text().splitlines()]
    assert len(records) == 6
    for r in records:
        assert r["agents"] == ["greedy", "random", "greedy", "random"]
        assert r["teams"] == [[0, 2], [1, 3]] and r["config"]["team"] is True
        assert r["factions"] == ["empire", "rebel", "empire", "rebel"]
        assert len(r["bases"]) == len(r["buys"]) == len(r["victory"]) == 4
        if r["winner"] is not None:
            won = r["teams"][r["winner"]]
            assert all(r["victory"][seat] >= 3 for seat in won)
    wins = sum(r["winner"] == 0 for r in records)
    assert f"6 games: Empire won {100 * wins / 6:.1f}%" in text
    # a record's seed plays the same game again, printed
    r = records[0]
    res = CliRunner().invoke(main, ["play", "deckbuilding", "--team", "--agents", "greedy,random",
                                    "--seed", str(r["seed"]), "--quiet"])
    assert f"after {r['turns']} turns ({r['actions']} actions)" in res.output


def test_a_run_is_not_resumed_once_its_pack_was_edited(tmp_path: Path) -> None:
    """Resuming after a pack changed would mix games of two contents in one result."""
    from dejarik.pandemic.pack import bundled_path

    pack = tmp_path / "mine.yaml"
    pack.write_text(bundled_path("pandemic_sample").read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "run"
    args = ["sim", "pandemic", "--pack", str(pack), "--out", str(out), "--jobs", "1", "--agents", "greedy"]
    assert CliRunner().invoke(main, [*args, "--games", "2", "--quiet"]).exit_code == 0
    before = (out / GAMES_FILE).read_bytes()
    pack.write_text(pack.read_text(encoding="utf-8").replace("spaces: 14 ", "spaces: 15 "), encoding="utf-8")
    res = CliRunner().invoke(main, [*args, "--games", "3"])
    assert res.exit_code == 2 and "holds a different run (content: the directory has" in res.output
    assert (out / GAMES_FILE).read_bytes() == before
