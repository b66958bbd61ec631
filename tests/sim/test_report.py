"""The balance report, from synthetic game records in the format of docs/simulation.md."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dejarik.cli.report import report
from dejarik.core.errors import DejarikError
from dejarik.core.runs import RecordError
from dejarik.deckbuilding.htmlreport import write_report
from dejarik.deckbuilding.simreport import summarize, summarize_run

CONFIG = {"mode": "beginner", "bases_to_win": 3, "packs": ["original"], "turn_limit": 300}


def record(index: int, first: int, winner: int | None, turns: int, force: list[int],
           buys: tuple[list[str], list[str]], bases: tuple[list[str], list[str]],
           config: dict[str, Any] | None = None) -> dict[str, Any]:
    """One game's record; bases after the first come into play on turns 5, 6, ..."""
    return {
        "index": index, "seed": 1000 + index, "game": "deckbuilding", "config": config or CONFIG,
        "agents": ["greedy", "greedy"], "factions": ["empire", "rebel"],
        "faction_names": ["Empire", "Rebels"], "first": first, "winner": winner,
        "end": "win" if winner is not None else "turn_limit", "turns": turns, "actions": 10 * turns,
        "victory": [0, 0],
        "bases": [[{"card": c, "turn": 0 if i == 0 else 4 + i} for i, c in enumerate(seat)]
                  for seat in bases],
        "buys": [[{"card": c, "turn": 1} for c in seat] for seat in buys],
        "force": force,
    }


def four_games() -> list[dict[str, Any]]:
    """Empire wins games 0 and 3, Rebels game 1, game 2 hits the turn limit."""
    return [
        record(0, 0, 0, 10, [3, 2, 1], (["A", "A"], ["B"]), (["Lothal", "Kessel"], ["Dantooine"])),
        record(1, 1, 1, 20, [3, 4], (["A"], []), (["Lothal"], ["Dantooine", "Yavin"])),
        record(2, 0, None, 30, [3, 3, 3, 3], ([], ["B"]), (["Lothal"], ["Dantooine"])),
        record(3, 1, 0, 40, [3, 2], (["A"], []), (["Lothal", "Kessel"], ["Dantooine"])),
    ]


def many_games(n: int, seed: int = 7) -> list[dict[str, Any]]:
    """n games (n even) where the Empire wins far more often when it bought Strong Card, and
    Neutral Card has nothing to do with winning: games come in pairs with the same result, the
    Empire buying Neutral Card in one and the Rebels in the other."""
    rng = random.Random(seed)
    games = []
    for i in range(0, n, 2):
        strong = rng.random() < 0.5
        winner = None if rng.random() < 0.05 else int(rng.random() >= (0.8 if strong else 0.35))
        turns = rng.randint(12, 40)
        bases = (["Lothal"] + ["Kessel"] * (rng.random() < 0.4), ["Dantooine"])
        force = [3] + [rng.randint(0, 6) for _ in range(turns)]
        empire = ["TIE Fighter"] + ["Strong Card"] * strong
        for j, buys in enumerate([([*empire, "Neutral Card"], ["X-wing"]),
                                  (empire, ["X-wing", "Neutral Card"])]):
            games.append(record(i + j, (i // 2) % 2, winner, turns, force, buys, bases))
    return games


def write_games(run: Path, games: list[dict[str, Any]], tail: str = "") -> Path:
    run.mkdir(exist_ok=True)
    (run / "games.jsonl").write_text(
        "".join(json.dumps(g, sort_keys=True) + "\n" for g in games) + tail, encoding="utf-8")
    return run


def card(summary: dict[str, Any], name: str, side: str) -> dict[str, Any]:
    return next(r for r in summary["cards"]["rows"] if r["card"] == name and r["side"] == side)


# ---------------------------------------------------------------- exact numbers


def test_win_rates_of_four_games() -> None:
    s = summarize(four_games())
    assert s["games"] == 4 and s["ends"] == {"win": 3, "turn_limit": 1}
    w = s["wins"]
    assert w["no_winner"] == {"games": 1, "share": 0.25}
    assert [(r["side"], r["name"], r["games"], r["wins"], r["rate"]) for r in w["by_side"]] == [
        ("empire", "Empire", 4, 2, 0.5), ("rebel", "Rebels", 4, 1, 0.25)]
    assert w["by_side"][0]["ci"] == [round(x, 4) for x in (0.1500, 0.8500)]
    assert (w["first_player"]["games"], w["first_player"]["wins"]) == (4, 2)
    assert [(r["side"], r["order"], r["games"], r["wins"]) for r in w["by_side_and_order"]] == [
        ("empire", "first", 2, 1), ("empire", "second", 2, 1),
        ("rebel", "first", 2, 1), ("rebel", "second", 2, 0)]


def test_length_of_four_games() -> None:
    length = summarize(four_games())["length"]
    assert {k: length[k] for k in ("games", "mean", "median", "p5", "p95", "min", "max")} == {
        "games": 4, "mean": 25.0, "median": 25.0, "p5": 11.5, "p95": 38.5, "min": 10, "max": 40}
    assert length["histogram"] == [(10, 1), (20, 1), (30, 1), (40, 1)]
    assert [(r["winner"], r["name"], r["games"], r["mean"]) for r in length["by_winner"]] == [
        ("empire", "Empire", 2, 25.0), ("rebel", "Rebels", 1, 20.0), (None, "no winner", 1, 30.0)]


def test_bases_of_four_games() -> None:
    bases = summarize(four_games())["bases"]
    assert [(r["side"], r["card"], r["starting"], r["games"], r["wins"]) for r in bases] == [
        ("empire", "Lothal", True, 4, 2), ("empire", "Kessel", False, 2, 2),
        ("rebel", "Dantooine", True, 4, 1), ("rebel", "Yavin", False, 1, 1)]


def test_cards_of_four_games_are_counted_once_per_game_and_too_few_to_test() -> None:
    s = summarize(four_games())
    a = card(s, "A", "empire")
    assert (a["bought"]["games"], a["bought"]["wins"], a["not_bought"]["games"], a["not_bought"]["wins"]) \
        == (3, 2, 1, 0)
    assert a["difference"] == 0.6667 and a["p"] is None and not a["tested"] and not a["significant"]
    b = card(s, "B", "rebel")
    assert (b["bought"]["games"], b["bought"]["wins"], b["not_bought"]["wins"], b["difference"]) \
        == (2, 0, 1, -0.5)
    assert s["cards"]["tested"] == 0 and s["cards"]["significant"] == 0
    assert summarize(four_games(), min_games=1)["cards"]["tested"] == 2


def test_force_of_four_games_counts_games_still_running() -> None:
    force = summarize(four_games())["force"]
    assert force["turns"] == [
        {"turn": 0, "games": 4, "mean": 3.0, "q25": 3.0, "q75": 3.0},
        {"turn": 1, "games": 4, "mean": 2.75, "q25": 2.0, "q75": 3.25},
        {"turn": 2, "games": 2, "mean": 2.0, "q25": 1.5, "q75": 2.5},
        {"turn": 3, "games": 1, "mean": 3.0, "q25": 3.0, "q75": 3.0}]
    empire = force["by_winner"][0]
    assert empire["winner"] == "empire" and [t["mean"] for t in empire["turns"]] == [3.0, 2.0, 1.0]


# ---------------------------------------------------------------- significance


def test_a_card_that_goes_with_winning_is_flagged_and_a_neutral_one_is_not() -> None:
    s = summarize(many_games(600))
    strong = card(s, "Strong Card", "empire")
    assert strong["tested"] and strong["significant"] and strong["difference"] > 0.3
    assert strong["difference_ci"][0] > 0
    for side in ("empire", "rebel"):
        neutral = card(s, "Neutral Card", side)
        assert neutral["tested"] and not neutral["significant"]
        assert neutral["difference"] == 0 and neutral["p"] == 1.0
    tie = card(s, "TIE Fighter", "empire")  # bought in every game: nothing to compare with
    assert not tie["tested"] and tie["not_bought"]["games"] == 0
    assert s["cards"]["significant"] >= 1
    assert s["cards"]["rows"][0]["card"] == "Strong Card"  # tested rows first, smallest p first


# ---------------------------------------------------------------- files and HTML


def test_write_report_is_self_contained(tmp_path: Path) -> None:
    games = many_games(300)
    games[1]["config"] = {**CONFIG, "bases_to_win": 4}
    run = write_games(tmp_path / "run", games, tail='{"index": 300, "fact')
    (run / "run.json").write_text(json.dumps({"game": "deckbuilding", "seed": 5,
                                              "agents": ["greedy", "greedy"], "config": CONFIG}))
    html_path, summary_path = write_report(run)
    assert (html_path, summary_path) == (run / "report.html", run / "summary.json")
    page = html_path.read_text(encoding="utf-8")
    assert page.count("<svg") == 6   # wins, length, bases, cards, cards over time, the Force
    assert 'src="http' not in page and "<script" not in page and "<link" not in page
    assert 'href="http' not in page and "url(http" not in page
    ids = re.findall(r'\bid="([^"]+)"', page)
    assert len(ids) == len(set(ids))  # several inline plots, no clashing ids
    assert "300</b> games" in page and "not causes" in page and "Strong Card" in page
    assert "greedy v greedy" in page and "&quot;beginner&quot;" in page
    assert "2 different game configs" in page and "cut short" in page
    summary = json.loads(summary_path.read_text())
    assert summary["games"] == 300 and summary["run"]["seed"] == 5
    assert [c["games"] for c in summary["configs"]] == [299, 1]
    other = tmp_path / "elsewhere.html"
    assert write_report(run, other)[0] == other
    assert other.read_text(encoding="utf-8") == page  # the same bytes every time


def test_a_cut_off_last_line_is_left_out_with_a_warning(tmp_path: Path) -> None:
    summary = summarize_run(write_games(tmp_path / "run", four_games(), tail='{"index": 4, "fact'))
    assert summary["games"] == 4
    assert summary["warnings"] == ["games.jsonl line 5 is cut short (an interrupted write?) and was left out"]


def test_a_whole_last_line_without_newline_counts(tmp_path: Path) -> None:
    games = four_games()
    run = write_games(tmp_path / "run", games[:3], tail=json.dumps(games[3]))
    assert summarize_run(run)["games"] == 4


@pytest.mark.parametrize(("content", "message"), [
    ("", "games.jsonl: no games"),
    ("\n\n", "games.jsonl: no games"),
    ("{}\n", "games.jsonl line 1: the record has no factions, winner"),
    ("[1, 2]\n", "games.jsonl line 1: a record is a JSON object"),
    ('{"game": "tcg", "winner": 0}\n', "games.jsonl line 1: a tcg game; the report draws deckbuilding runs only"),
])
def test_bad_files(tmp_path: Path, content: str, message: str) -> None:
    (tmp_path / "games.jsonl").write_text(content)
    with pytest.raises(RecordError, match=re.escape(message)):
        summarize_run(tmp_path)


def test_a_bad_line_is_named(tmp_path: Path) -> None:
    lines = [json.dumps(g) for g in four_games()]
    lines.insert(2, '{"index": 9,')
    (tmp_path / "games.jsonl").write_text("\n".join(lines) + "\n")
    with pytest.raises(RecordError, match=r"games\.jsonl line 3: not valid JSON"):
        summarize_run(tmp_path)
    bad = four_games()
    bad[1]["winner"] = 2
    write_games(tmp_path, bad)
    with pytest.raises(RecordError, match=r"games\.jsonl line 2: .*winner 2 is not a team"):
        summarize_run(tmp_path)
    bad[1]["winner"], bad[1]["buys"] = 1, [[{"turn": 1}], []]
    write_games(tmp_path, bad)
    with pytest.raises(RecordError, match=r"games\.jsonl line 2: a field is not in the record format"):
        summarize_run(tmp_path)


def test_missing_directory_or_file(tmp_path: Path) -> None:
    with pytest.raises(DejarikError, match="nowhere: no such directory"):
        write_report(tmp_path / "nowhere")
    with pytest.raises(RecordError, match=r"games\.jsonl: no such file"):
        summarize_run(tmp_path)
    with pytest.raises(RecordError, match="no games to summarize"):
        summarize([])


def test_an_unreadable_run_json_is_a_warning(tmp_path: Path) -> None:
    run = write_games(tmp_path / "run", four_games())
    (run / "run.json").write_text("{oops")
    summary = summarize_run(run)
    assert summary["run"] is None and "run.json could not be read" in summary["warnings"][0]


# ---------------------------------------------------------------- the command


def test_command_prints_paths_and_a_digest(tmp_path: Path) -> None:
    run = write_games(tmp_path / "run", many_games(300))
    res = CliRunner().invoke(report, [str(run), "--out", str(tmp_path / "r.html")])
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    assert lines[0] == f"wrote {tmp_path / 'r.html'}" and lines[1] == f"wrote {run / 'summary.json'}"
    assert lines[2].startswith("300 games: Empire won ") and "95% CI" in lines[2]
    assert lines[3].startswith("the first player won ")
    assert lines[4].startswith("length: mean ")
    assert re.match(r"cards: [1-9]\d* of \d+ card-side rows tested differ significantly", lines[5])


def test_command_fails_with_exit_2(tmp_path: Path) -> None:
    res = CliRunner().invoke(report, [str(tmp_path / "nowhere")])
    assert res.exit_code == 2
    assert res.stderr.startswith("error: ") and "no such directory" in res.stderr and res.stdout == ""


def test_command_refuses_a_run_of_a_game_whose_report_does_not_draw(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every Star Wars game draws its runs; a report that cannot is refused by name."""
    from dejarik.tcg.simreport import REPORT

    monkeypatch.setattr(REPORT, "draws", False)
    (tmp_path / "games.jsonl").write_text('{"game": "tcg", "winner": 0}\n')
    res = CliRunner().invoke(report, [str(tmp_path)])
    assert res.exit_code == 2 and res.stdout == ""
    assert "Star Wars Trading Card Game (tcg) has no drawn report" in res.stderr
    assert "`dejarik sim tcg` prints the summary" in res.stderr


def test_rounds_and_the_round_of_each_purchase() -> None:
    """A round is each side's turn once: turns 1 and 2 are round 1."""
    games = four_games()
    games[0]["buys"][0][1]["turn"] = 6          # Empire's second A of game 0: round 3
    s = summarize(games)
    rounds = s["length"]["rounds"]
    assert (rounds["games"], rounds["mean"], rounds["min"], rounds["max"]) == (4, 12.5, 5, 20)
    assert rounds["histogram"] == [(5, 1), (10, 1), (15, 1), (20, 1)]
    assert [r["rounds"]["mean"] for r in s["length"]["by_winner"]] == [12.5, 10.0, 15.0]
    a = card(s, "A", "empire")
    assert a["copies"] == 4 and a["mean_round"] == round((1 + 3 + 1 + 1) / 4, 2)


def test_one_row_per_figure_when_the_same_side_always_moves_first(tmp_path: Path) -> None:
    """When Empire moved first in every game, "Empire", "first player" and "Empire moving first"
    are the same games: the page and the digest say so once."""
    from dejarik.deckbuilding.simreport import digest, one_order

    games = [record(i, 0, i % 2, 10 + i, [3, 3], (["A"], ["B"]), (["Lothal"], ["Dantooine"]))
             for i in range(6)]
    s = summarize(games)
    assert one_order(s["wins"]) == "Empire" and one_order(summarize(four_games())["wins"]) is None
    assert digest(s)[1] == "Empire moved first in every game (the first player's rate is theirs)"
    html_path, _ = write_report(write_games(tmp_path / "run", games))
    page = html_path.read_text(encoding="utf-8")
    assert "Empire (moved first)" in page and "first player</td>" not in page
    assert "Empire moving first" not in page


def test_cards_held_round_by_round_over_the_games_still_running() -> None:
    comp = summarize(four_games())["composition"]
    assert comp["rounds"] == list(range(1, 21))
    assert comp["running"] == [4] * 5 + [3] * 5 + [2] * 5 + [1] * 5
    empire, rebels = comp["sides"]
    (a,) = empire["cards"]
    assert a["card"] == "A" and [a["mean"][r - 1] for r in (1, 5, 6, 11, 20)] == [1.0, 1.0, 0.667, 0.5, 1.0]
    (b,) = rebels["cards"]
    assert [b["mean"][r - 1] for r in (1, 6, 11, 16)] == [0.5, 0.333, 0.5, 0.0]
    assert empire["others"] == [0.0] * 20
