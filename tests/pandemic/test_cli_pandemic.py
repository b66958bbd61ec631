"""`dejarik play|sim|cards` for the cooperative game (issue 9), as a user runs them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dejarik.cli.main import main
from dejarik.pandemic.family import GAME
from dejarik.pandemic.views import seat_agents
from dejarik.tui.lines import play_lines


def play_in_terminal(*args: Any) -> Any:
    return play_lines("pandemic", *args)


def run(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(main, list(args))
    return res.exit_code, res.output


def test_cards_check_itemises_what_the_published_pack_knows_and_lacks() -> None:
    code, out = run("cards", "check", "pandemic_published")
    assert code == 1
    assert "known:" in out and "missing (" in out
    assert "Jedi: 7 of 7 named, 0 with a known ability" in out
    assert "villains: 4 of 4 named" in out and "planets: 5 named (Lola Sayu" in out
    assert "missions: 5 of 24 named" in out
    assert "squad cards: 0 of 46 counted" in out
    assert "result: incomplete; a game refuses this pack" in out


def test_cards_check_and_show_the_sample_pack_say_it_is_not_the_published_content() -> None:
    code, out = run("cards", "check", "pandemic_sample")
    assert code == 0 and "result: complete" in out
    assert "not the published" in out
    code, out = run("cards", "show", "pandemic_sample", "Planet Under Siege!")
    assert code == 0 and "siege" in out and "not the published game" in out
    code, out = run("cards", "show", "pandemic_sample", "No Such Thing")
    assert code == 2 and "no entry 'No Such Thing'" in out


def test_a_game_refuses_the_published_pack_naming_what_is_missing() -> None:
    code, out = run("play", "pandemic", "--pack", "pandemic_published", "--agents", "greedy")
    assert code == 2
    assert "pack 'pandemic_published' is incomplete" in out and "tracks.threat.spaces" in out
    assert "dejarik cards check pandemic_published" in out


def test_play_prints_an_ai_game_and_its_replay_verifies(tmp_path: Path) -> None:
    rep = tmp_path / "coop.json"
    code, out = run("play", "pandemic", "--agents", "greedy", "--seed", "4", "--players", "3",
                    "--save-replay", str(rep))
    assert code == 0, out
    assert "-- turn 1:" in out and "Result: " in out and ", seed 4." in out
    assert "not the published" in out      # the label is shown whenever the sample is played
    code, out = run("replay", "verify", str(rep))
    assert code == 0 and "hashes match" in out


def test_sim_reports_the_win_rate_by_difficulty(tmp_path: Path) -> None:
    out_dir = tmp_path / "run"
    code, out = run("sim", "pandemic", "--games", "24", "--agents", "greedy", "--difficulty", "all",
                    "--out", str(out_dir), "--quiet", "--jobs", "1")
    assert code == 0, out
    assert "24 games: the team won" in out and "by difficulty:" in out and "padawan" in out
    recs = [json.loads(line) for line in (out_dir / "games.jsonl").read_text().splitlines()]
    assert {r["difficulty"] for r in recs} <= {"padawan", "knight", "master", "grandmaster"}
    assert all(r["end"] in ("win", "loss", "turn_limit") and r["villain"] for r in recs)


def test_seats_solo_is_one_person_with_both_jedi_and_vs_fills_the_others() -> None:
    solo = GAME.normalize_config({"players": 1})
    assert seat_agents(solo, "ismcts", 0) == ["human", "human"]
    three = GAME.normalize_config({"players": 3})
    assert seat_agents(three, "heuristic", 1) == ["heuristic", "human", "heuristic"]
    assert seat_agents(three, "human", 0) == ["human"] * 3


def test_a_human_plays_at_the_terminal_by_number_or_by_words() -> None:
    """Scripted answers (seed 3): `1` flies, `b` shows the board, a wrong word is refused,
    `pass` declines the transport offered, `end` ends the actions; then quit."""
    cfg = GAME.normalize_config({"players": 2, "first": 0})
    answers = iter(["1", "b", "nonsense", "pass", "end"])
    seen: list[str] = []

    def ask(prompt: str) -> str:
        a = next(answers, "q")
        seen.append(a)
        return a

    s = play_in_terminal(cfg, 3, ["human", "greedy"], "", ask)
    assert seen[:5] == ["1", "b", "nonsense", "pass", "end"] and seen[-1] == "q"
    log = "\n".join(s.log or [])
    assert not s.done
    assert "flies to" in log                # "1": the first legal action is a fly
    assert "villain card:" in log           # "end" ended the actions: the villain step ran


def test_human_seats_need_a_terminal() -> None:
    cfg = GAME.normalize_config({"players": 2})
    with pytest.raises(Exception, match="human seats need a terminal"):
        play_in_terminal(cfg, 1, ["human", "greedy"], "standard input is not a terminal")
