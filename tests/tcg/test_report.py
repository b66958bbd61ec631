"""The card game's run report (tcg/simreport.py, simpage.py): the numbers of hand-made records,
what a traced game notes, and the page `dejarik report` draws."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from dejarik.agents.base import make_agent
from dejarik.cli.main import main
from dejarik.sim.runner import play_game
from dejarik.tcg.family import sample_decks
from dejarik.tcg.game import deck_for
from dejarik.tcg.simreport import REPORT, digest, summarize
from dejarik.tcg.state import ARENA


def record(end: str, turns: int, control: list[str], dark_cards: list[str],
           dark: str = "d1", light: str = "l1") -> dict[str, Any]:
    return {"end": end, "turns": turns, "reason": "controls the Space and Ground arenas",
            "dark": dark, "light": light, "control": control, "deployed": [dark_cards, ["X"]]}


def test_the_numbers_of_hand_made_records() -> None:
    recs = [record("dark", 2, ["D--", "DD-"], ["A", "B"]),
            record("light", 3, ["L--", "-L-", "LL-"], ["B"]),
            record("dark", 1, ["DDL"], ["A"], light="l2")]
    s = summarize(recs, min_games=1)
    assert [(r["matchup"], r["dark_wins"], r["games"]) for r in s["matchups"]] == [
        ("d1 v l1", 1, 2), ("d1 v l2", 1, 1)]
    turn1, turn2, turn3 = s["control"]
    assert turn1["games"] == 3 and turn1["space"] == {"dark": round(2 / 3, 4), "light": round(1 / 3, 4)}
    assert turn1["character"] == {"dark": 0.0, "light": round(1 / 3, 4)}
    assert turn2["games"] == 2 and turn2["ground"] == {"dark": 0.5, "light": 0.5}
    assert turn3["games"] == 1 and turn3["space"]["light"] == 1.0
    a = next(r for r in s["cards"]["rows"] if r["card"] == "A" and r["deck"] == "d1")
    assert (a["played"]["wins"], a["played"]["games"], a["not_played"]["games"]) == (2, 2, 1)
    assert a["difference"] == 1.0
    x = next(r for r in s["cards"]["rows"] if r["card"] == "X" and r["deck"] == "l1")
    assert (x["played"]["wins"], x["played"]["games"], x["not_played"]["games"]) == (1, 2, 0)
    assert s["lengths"] == {"dark": [[1, 1], [2, 1]], "light": [[3, 1]]}


def test_the_cards_a_player_could_play_and_never_did_are_named() -> None:
    """The census behind "no card left unused because the player cannot decide on it": per
    side, the games in which a card's ability, Battle card or Mission could be played, and the
    games it was."""
    recs = []
    for i in range(25):
        rec = record("dark", 2, ["D--", "DD-"], ["A"])
        rec.update(offered=[["Hold", "Used"], ["Hold"]], used=[["Used"] if i % 2 else [], []])
        recs.append(rec)
    s = summarize(recs)
    assert s["use"] == [{"side": "dark", "card": "Hold", "offered": 25, "used": 0},
                        {"side": "dark", "card": "Used", "offered": 25, "used": 12},
                        {"side": "light", "card": "Hold", "offered": 25, "used": 0}]
    line = digest(s)[-1]
    assert "played in some game: 1" in line and line.endswith(
        "never played: Hold (dark side, 25 games), Hold (light side, 25 games)")


def test_a_traced_game_notes_each_turns_arenas_and_every_card_put_into_play() -> None:
    for seed in range(4):
        state, result, _ = play_game("tcg", {}, seed, [make_agent("greedy", seed)] * 2, trace=True)
        rec = REPORT.game_record(state)
        assert 1 <= len(rec["control"]) <= result.turns
        last = rec["control"][-1]
        if "controls" in state.end_reason:
            assert len(rec["control"]) == result.turns
            assert last.count("DL"[state.won]) >= 2, "the winner holds two arenas at the end"
        for side in (0, 1):
            in_play = {state.name(c) for c in range(len(state.card_def))
                       if state.zone[c] == ARENA and state.owner[c] == side}
            assert in_play <= set(rec["deployed"][side])
            assert set(rec["used"][side]) <= set(rec["offered"][side])
        assert state.clone().trace is None


def test_dejarik_report_draws_a_run(tmp_path: Path) -> None:
    run = tmp_path / "run"
    res = CliRunner().invoke(main, ["sim", "tcg", "--deck", "all", "--games", "24", "--agents",
                                    "greedy", "--quiet", "--out", str(run)])
    assert res.exit_code == 0, res.output
    res = CliRunner().invoke(main, ["report", str(run)])
    assert res.exit_code == 0, res.output
    page = (run / "report.html").read_text(encoding="utf-8")
    for heading in ("Deck against deck", "Who holds the arenas", "Game length", "Cards and winning",
                    "Cards the players could play, and did"):
        assert f"<h2>{heading}</h2>" in page
    assert page.count("<svg") >= 3 and "<script" not in page
    summary = json.loads((run / "summary.json").read_text(encoding="utf-8"))
    assert summary["games"] == summary["traced"] == 24
    assert summary["control"][0]["games"] == 24
    sides = {n: deck_for(n).side for n in sample_decks()}
    pairs = [r["matchup"].split(" v ") for r in summary["matchups"]]
    assert len(pairs) > 1 and all(sides[d] == "dark" and sides[lt] == "light" for d, lt in pairs), \
        "sample decks of each side dealt against each other"
    assert sum(r["games"] for r in summary["matchups"]) == 24
