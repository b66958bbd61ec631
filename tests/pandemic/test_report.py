"""The cooperative game's run report (pandemic/simreport.py, simpage.py): the numbers of a
few hand-made records, what a traced game notes, and the page `dejarik report` draws."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from dejarik.agents.base import make_agent
from dejarik.cli.main import main
from dejarik.core.registry import get_game
from dejarik.pandemic.board import NO_BLOCKADE, OCCUPATION
from dejarik.pandemic.simreport import REPORT, summarize
from dejarik.sim.runner import play_game


def record(end: str, turns: int, tracks: list[list[int]], causes: dict[str, int],
           lost_to: str | None, difficulty: str = "padawan") -> dict[str, Any]:
    return {"end": end, "turns": turns, "villain": "V", "difficulty": difficulty,
            "jedi": ["A", "B"], "config": {"players": 2}, "tracks": tracks,
            "threat_causes": causes, "lost_to": lost_to, "threat_last": 8, "invasion_last": 6}


def test_the_numbers_of_three_games() -> None:
    recs = [record("win", 2, [[0, 0], [1, 1]], {OCCUPATION: 1}, None),
            record("loss", 3, [[2, 0], [4, 1], [6, 2]], {OCCUPATION: 5, NO_BLOCKADE: 3}, NO_BLOCKADE,
                   "master"),
            record("loss", 1, [[4, 2]], {OCCUPATION: 8}, OCCUPATION, "master")]
    s = summarize(recs)
    assert s["overall"]["wins"] == 1 and s["overall"]["games"] == 3
    assert [(r["key"], r["wins"], r["games"]) for r in s["by"]["difficulty"]] == [
        ("padawan", 1, 1), ("master", 0, 2)]
    assert {r["cause"]: r["games"] for r in s["lost_to"]} == {NO_BLOCKADE: 1, OCCUPATION: 1}
    assert all(r["share"] == 0.5 for r in s["lost_to"])
    assert {r["cause"]: (r["total"], r["per_game"]) for r in s["threat_from"]} == {
        OCCUPATION: (14, round(14 / 3, 3)), NO_BLOCKADE: (3, 1.0)}
    turn1, turn2, turn3 = s["tracks"]["threat"]
    assert (turn1["games"], turn1["mean"], turn1["won_mean"], turn1["lost_mean"]) == (3, 2.0, 0.0, 3.0)
    assert (turn2["games"], turn2["won_mean"], turn2["lost_mean"]) == (2, 1.0, 4.0)
    assert (turn3["games"], turn3["won_games"], turn3["won_mean"]) == (1, 0, None)
    assert s["tracks"]["invasion"][1]["mean"] == 1.0
    assert s["lengths"] == {"win": [[2, 1]], "loss": [[1, 1], [3, 1]]}
    assert s["track_ends"] == {"threat": 8, "invasion": 6}


def test_a_traced_game_notes_every_step_of_the_threat_and_each_turn() -> None:
    game = get_game("pandemic")
    for seed in range(6):
        cfg = {"players": 2, "difficulty": "grandmaster"}
        state, result, _ = play_game("pandemic", cfg, seed, [make_agent("random", seed)] * 2, trace=True)
        rec = REPORT.game_record(state)
        assert len(rec["tracks"]) == result.turns
        assert sum(rec["threat_causes"].values()) == state.threat - rec["tracks"][0][0]
        if rec["end"] == "loss":
            assert rec["lost_to"] in rec["threat_causes"]
        assert state.clone().trace is None, "a copy (an agent's lookahead) notes nothing"
        untraced = game.new_state(game.normalize_config(cfg), seed)
        assert "trace" not in json.dumps(untraced.to_json())


def test_dejarik_report_draws_a_run(tmp_path: Path) -> None:
    run = tmp_path / "run"
    res = CliRunner().invoke(main, ["sim", "pandemic", "--games", "12", "--agents", "greedy",
                                    "--difficulty", "all", "--quiet", "--out", str(run)])
    assert res.exit_code == 0, res.output
    res = CliRunner().invoke(main, ["report", str(run)])
    assert res.exit_code == 0, res.output
    page = (run / "report.html").read_text(encoding="utf-8")
    for heading in ("Who wins", "How games are lost", "The threat and invasion tracks over time",
                    "Game length"):
        assert f"<h2>{heading}</h2>" in page
    assert page.count("<svg") >= 3 and "<script" not in page
    summary = json.loads((run / "summary.json").read_text(encoding="utf-8"))
    assert summary["games"] == summary["traced"] == 12
    assert sum(summary["ends"].values()) == 12
