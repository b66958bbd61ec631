"""`dejarik ladder`: the same deals for every pairing with seats swapped, resuming, extending,
refusals, the cooperative ladder, and each seat's thinking time in the sessions."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from dejarik.agents.base import parse_agents
from dejarik.cli.main import main
from dejarik.core.protocol import Action, GameState
from dejarik.core.runs import GAMES_FILE, RUN_FILE
from dejarik.deckbuilding.game import normalize_config
from dejarik.sim.batch import InlineBackend
from dejarik.sim.ladder import LADDER_FILE, PAGE_FILE, SUMMARY_FILE, Ladder, open_ladder, play_ladder
from dejarik.sim.records import Chunk, RunSpec, game_seed
from dejarik.sim.runner import play_game

FAST = ("--jobs", "1", "--quiet")


def ladder(*args: str) -> Result:
    return CliRunner().invoke(main, ["ladder", *args])


def runs_of(out: Path) -> dict[tuple[str, ...], Path]:
    """Each run directory of a ladder, by its agent per seat."""
    found = {}
    for run_json in sorted((out / "runs").glob(f"*/{RUN_FILE}")):
        found[tuple(json.loads(run_json.read_text())["agents"])] = run_json.parent
    return found


def records(run: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (run / GAMES_FILE).read_text().splitlines()]


def snapshot(path: Path) -> dict[str, bytes]:
    return {str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()}


def without_timing(summary: dict[str, Any]) -> dict[str, Any]:
    for row in summary["agents"]:
        row.pop("seconds_per_move")
    return summary


def test_every_pairing_plays_the_same_deals_and_each_pair_swaps_seats(tmp_path: Path) -> None:
    out = tmp_path / "lad"
    agents = ["random", "greedy", "heuristic"]
    res = ladder("deckbuilding", "--agents", ",".join(agents), "--games", "2", "--seed", "3",
                 "--turn-limit", "8", "--out", str(out), *FAST)   # short games: the deals matter here
    assert res.exit_code == 0, res.output
    runs = runs_of(out)
    assert set(runs) == {(a, b) for a in agents for b in agents if a != b}   # every ordered pair
    for (a, b), run in runs.items():
        (mine,) = records(run)   # 2 games per pair: one deal, played from each side
        assert mine["seed"] == game_seed(3, 0) and mine["index"] == 0 and mine["agents"] == [a, b]
        (swapped,) = records(runs[(b, a)])
        assert swapped["seed"] == mine["seed"] and swapped["factions"] == mine["factions"]
        assert swapped["bases"][0][0] == mine["bases"][0][0]   # the same starting bases
    summary = json.loads((out / SUMMARY_FILE).read_text())
    assert summary["anchor"] == "greedy" and summary["games_per_pair"] == 2
    assert {row["agent"]: row["games"] for row in summary["agents"]} == dict.fromkeys(agents, 4)
    for a in agents:
        for b in agents:
            if a != b:
                there, back = summary["pairs"][f"{a}\t{b}"], summary["pairs"][f"{b}\t{a}"]
                assert there["games"] == back["games"] == 2 and there["score"] + back["score"] == 2
    page = (out / PAGE_FILE).read_text()
    assert page.startswith("<!doctype html>") and "<svg" in page and "Head to head" in page
    for a in agents:
        assert f">{a}<" in page and f" {a} " in res.output
    assert "greedy = 0" in res.output and "(anchor)" in res.output and "head to head" in res.output
    assert f"the page: {out / PAGE_FILE}" in res.output


def side_score(record: dict[str, Any], side: int) -> float:
    return 0.5 if record["winner"] is None else float(record["winner"] == side)


def test_scores_come_from_both_runs_of_a_pair_and_the_anchor_can_be_named(tmp_path: Path) -> None:
    out = tmp_path / "lad"
    res = ladder("deckbuilding", "--agents", "greedy,random", "--games", "6", "--anchor", "random",
                 "--out", str(out), *FAST)
    assert res.exit_code == 0, res.output
    runs = runs_of(out)
    summary = json.loads((out / SUMMARY_FILE).read_text())
    assert summary["anchor"] == "random" and "random = 0" in res.output
    greedy = sum(side_score(r, 0) for r in records(runs[("greedy", "random")]))
    greedy += sum(side_score(r, 1) for r in records(runs[("random", "greedy")]))
    assert summary["pairs"]["greedy\trandom"]["score"] == greedy
    assert summary["pairs"]["random\tgreedy"]["score"] == 6 - greedy
    rows = {row["agent"]: row for row in summary["agents"]}
    assert rows["greedy"]["score"] == greedy and rows["greedy"]["games"] == 6
    assert rows["random"]["rating"] == {"elo": 0.0, "low": 0.0, "high": 0.0}
    closed = 400 * math.log10((greedy + 0.5) / (6 - greedy + 0.5))   # one pair: the closed form
    assert rows["greedy"]["rating"]["elo"] == pytest.approx(closed, abs=0.1)
    # each side's score: greedy as seat 0 in one run, seat 1 in the other
    by_side = [side["score"] for side in rows["greedy"]["by_side"]]
    assert by_side == [sum(side_score(r, 0) for r in records(runs[("greedy", "random")])),
                       sum(side_score(r, 1) for r in records(runs[("random", "greedy")]))]


def test_the_team_game_puts_one_agent_on_seats_0_and_2(tmp_path: Path) -> None:
    out = tmp_path / "team"
    res = ladder("deckbuilding", "--team", "--agents", "greedy,random", "--games", "2",
                 "--out", str(out), *FAST)
    assert res.exit_code == 0, res.output
    runs = runs_of(out)
    assert set(runs) == {("greedy", "random", "greedy", "random"), ("random", "greedy", "random", "greedy")}
    for seats, run in runs.items():
        (r,) = records(run)
        assert r["agents"] == list(seats) and r["teams"] == [[0, 2], [1, 3]]
        assert r["seed"] == game_seed(0, 0)
    summary = json.loads((out / SUMMARY_FILE).read_text())
    assert {row["agent"]: row["games"] for row in summary["agents"]} == {"greedy": 2, "random": 2}


class InterruptedBackend(InlineBackend):
    """Plays `chunks` chunks, then stops as Ctrl+C would."""

    def __init__(self, chunks: int) -> None:
        self.left = chunks

    def submit(self, spec: dict[str, Any], indices: list[int]) -> Chunk:
        if self.left == 0:
            raise KeyboardInterrupt
        self.left -= 1
        chunk: Chunk = super().submit(spec, indices)
        return chunk


def test_an_interrupted_ladder_resumes_to_the_same_games_and_summary(tmp_path: Path) -> None:
    args = ["deckbuilding", "--agents", "random,greedy", "--games", "8", "--seed", "4"]
    clean = tmp_path / "clean"
    assert ladder(*args, "--out", str(clean), *FAST).exit_code == 0
    part = tmp_path / "part"
    spec = Ladder("deckbuilding", normalize_config({"turn_limit": 1000}), ("random", "greedy"), 8, 4,
                  "greedy")
    with pytest.raises(KeyboardInterrupt):
        play_ladder(open_ladder(part, spec), InterruptedBackend(5), chunk=1)
    written = sum(len(records(run)) for run in runs_of(part).values())
    assert written == 3   # of the 5 chunks played, 2 were still in flight, and are lost
    res = ladder(*args, "--out", str(part), "--jobs", "1")
    assert res.exit_code == 0, res.output
    assert "2 pairings, 5 games to play" in res.output
    clean_runs, part_runs = runs_of(clean), runs_of(part)
    assert set(clean_runs) == set(part_runs)
    for seats, run in clean_runs.items():
        assert (part_runs[seats] / GAMES_FILE).read_bytes() == (run / GAMES_FILE).read_bytes()
        sessions = json.loads((part_runs[seats] / RUN_FILE).read_text())["sessions"]
        assert sum(s["games_played"] for s in sessions) == 4 and len(sessions) == 2
    assert (without_timing(json.loads((part / SUMMARY_FILE).read_text()))
            == without_timing(json.loads((clean / SUMMARY_FILE).read_text())))
    before = snapshot(part / "runs")
    again = ladder(*args, "--out", str(part), "--jobs", "1")   # nothing left: no game, same table
    assert again.exit_code == 0 and "games to play" not in again.output
    assert snapshot(part / "runs") == before


def test_one_more_agent_plays_only_the_new_pairings(tmp_path: Path) -> None:
    out = tmp_path / "lad"
    short = ["--games", "2", "--turn-limit", "8", "--out", str(out)]
    assert ladder("deckbuilding", "--agents", "random,greedy", *short, *FAST).exit_code == 0
    before = snapshot(out / "runs")
    res = ladder("deckbuilding", "--agents", "random,greedy,heuristic", *short, "--jobs", "1")
    assert res.exit_code == 0, res.output
    assert "6 pairings, 4 games to play" in res.output   # 4 new runs of one deal
    after = snapshot(out / "runs")
    assert {k: after[k] for k in before} == before       # the old runs' files are untouched
    assert len(runs_of(out)) == 6
    assert json.loads((out / LADDER_FILE).read_text())["agents"] == ["random", "greedy", "heuristic"]
    summary = json.loads((out / SUMMARY_FILE).read_text())
    assert {row["agent"]: row["games"] for row in summary["agents"]} == dict.fromkeys(
        ["random", "greedy", "heuristic"], 4)


@pytest.mark.parametrize(("change", "message"), [
    (["--seed", "2"], "holds a ladder with another seed (seed: 1)"),
    (["--turn-limit", "50"], "holds a ladder with another config"),
    (["--bases-to-win", "2"], "holds a ladder with another config"),
])
def test_another_seed_or_config_in_the_same_directory_is_refused(tmp_path: Path, change: list[str],
                                                                  message: str) -> None:
    out = tmp_path / "lad"
    base = ["deckbuilding", "--agents", "random,greedy", "--games", "2", "--out", str(out), *FAST]
    assert ladder(*base, "--seed", "1").exit_code == 0
    before = snapshot(out)
    res = ladder(*base, "--seed", "1", *change)
    assert res.exit_code == 2 and message in res.output
    assert snapshot(out) == before


@pytest.mark.parametrize(("args", "message"), [
    (["--games", "3"], "give an even number, not 3"),
    (["--agents", "greedy,random,greedy"], "--agents needs distinct agent specs"),
    (["--agents", "greedy"], "needs at least two agents"),
    (["--anchor", "heuristic"], "--anchor 'heuristic' is not one of the agents (greedy, random)"),
    (["--agents", "greedy,wizard"], "unknown agent 'wizard'"),
    (["--agents", "greedy,ismcts:depth=3"], "has no option 'depth'"),
    (["--games", "0"], "Invalid value for '--games'"),
    (["--seed", "-1"], "Invalid value for '--seed'"),
])
def test_bad_options_are_refused_and_nothing_is_written(tmp_path: Path, args: list[str],
                                                        message: str) -> None:
    out = tmp_path / "lad"
    res = ladder("deckbuilding", "--agents", "greedy,random", "--games", "2", "--out", str(out),
                 *FAST, *args)
    assert res.exit_code == 2 and message in res.output
    assert not out.exists()


def test_a_foreign_directory_is_refused_and_left_alone(tmp_path: Path) -> None:
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("mine")
    res = ladder("deckbuilding", "--agents", "greedy,random", "--games", "2", "--out", str(other), *FAST)
    assert res.exit_code == 2 and f"{other} is not empty and holds no ladder.json" in res.output
    assert sorted(p.name for p in other.iterdir()) == ["notes.txt"]
    # a plain simulation run is not a ladder either
    sim = tmp_path / "sim"
    assert CliRunner().invoke(main, ["sim", "deckbuilding", "--games", "1", "--out", str(sim),
                                     *FAST]).exit_code == 0
    before = snapshot(sim)
    res = ladder("deckbuilding", "--agents", "greedy,random", "--games", "2", "--out", str(sim), *FAST)
    assert res.exit_code == 2 and "holds no ladder.json" in res.output
    assert snapshot(sim) == before


def test_a_cooperative_ladder_rates_each_agent_against_the_game(tmp_path: Path) -> None:
    """Pandemic (seed 001) is won or lost by the whole team: each agent plays every deal on
    every seat, and a loss is a win for the game, never a draw."""
    out = tmp_path / "coop"
    res = ladder("pandemic", "--agents", "random,greedy", "--games", "4", "--out", str(out), *FAST)
    assert res.exit_code == 0, res.output
    assert "ratings on the Elo scale against the game, which is 0" in res.output
    runs = runs_of(out)
    assert set(runs) == {("random", "random"), ("greedy", "greedy")}   # two seats by default
    summary = json.loads((out / SUMMARY_FILE).read_text())
    assert summary["one_side"] and summary["anchor"] == "the game" and summary["pairs"] == {}
    losses = 0
    for row in summary["agents"]:
        mine = records(runs[(row["agent"], row["agent"])])
        assert [r["seed"] for r in mine] == [game_seed(0, i) for i in range(4)]
        wins = sum(r["winner"] == 0 for r in mine)
        losses += sum(r["winner"] is None for r in mine)
        assert row["games"] == 4 and row["score"] == wins    # a loss scores 0, not a half
        assert row["moves"] > 0 and row["seconds_per_move"] > 0   # even a player of microseconds
        # each agent is linked to the game alone: its rating is the pair's closed form
        assert row["rating"]["elo"] == pytest.approx(400 * math.log10((wins + 0.5) / (4 - wins + 0.5)),
                                                     abs=0.1)
    assert losses > 0


def test_a_game_stopped_by_the_turn_limit_is_a_draw_between_two_sides(tmp_path: Path) -> None:
    out = tmp_path / "draws"
    res = ladder("deckbuilding", "--agents", "random,greedy", "--games", "2", "--turn-limit", "3",
                 "--out", str(out), *FAST)
    assert res.exit_code == 0, res.output
    assert all(r["end"] == "turn_limit" for run in runs_of(out).values() for r in records(run))
    summary = json.loads((out / SUMMARY_FILE).read_text())
    for row in summary["agents"]:
        assert row["score"] == 1.0 and row["rating"]["elo"] == pytest.approx(0, abs=0.05)


def test_sessions_note_each_seats_thinking_time_and_moves(tmp_path: Path) -> None:
    """`think` is [seconds, moves] per seat; the moves are the actions that seat chose, counted
    here again by replaying every game."""
    out = tmp_path / "lad"
    res = ladder("deckbuilding", "--agents", "random,greedy", "--games", "4", "--out", str(out), *FAST)
    assert res.exit_code == 0, res.output
    total: dict[str, int] = {}
    for run in runs_of(out).values():
        meta = json.loads((run / RUN_FILE).read_text())
        spec = RunSpec.from_json(meta)
        counted = [0, 0]
        for r in records(run):
            for seat, moves in enumerate(seat_moves(spec, r["seed"])):
                counted[seat] += moves
        assert all(counted)
        (session,) = meta["sessions"]
        assert [moves for _, moves in session["think"]] == counted
        assert all(secs > 0 for secs, _ in session["think"])
        assert sum(counted) == sum(r["actions"] for r in records(run))
        for agent, moves in zip(spec.agents, counted, strict=True):
            total[agent] = total.get(agent, 0) + moves
    summary = json.loads((out / SUMMARY_FILE).read_text())
    assert {row["agent"]: row["moves"] for row in summary["agents"]} == total
    assert all(row["seconds_per_move"] > 0 for row in summary["agents"])


def seat_moves(spec: RunSpec, seed: int) -> list[int]:
    """The actions each seat chose in the game of `seed`, counted by playing it again."""
    counted = [0] * len(spec.agents)

    def count(state: GameState, _: Action) -> None:
        counted[state.current_player] += 1

    players = parse_agents(",".join(spec.agents), seed, players=len(spec.agents))
    play_game(spec.game, spec.config, seed, players, on_action=count)
    return counted
