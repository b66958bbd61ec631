"""The card game from the command line: card coverage (issue 10's acceptance: the first set at
100%; Sith Rising too), refusing unimplemented cards unless allowed, printed games and simulation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dejarik.core.errors import ConfigError
from dejarik.tcg.carddefs import all_defs, coverage
from dejarik.tcg.game import SAMPLES, new_state
from tests.test_cli import run


def test_coverage_reports_attack_of_the_clones_complete() -> None:
    code, out = run("cards", "coverage", "tcg")
    assert code == 0, out
    rows = {line.split()[0]: line.split() for line in out.splitlines() if line.strip()}
    assert rows["AOTC"][-3:] == ["189", "189", "100.0%"]
    assert rows["SR"][-3:] == ["93", "93", "100.0%"]           # Sith Rising, every card
    anh_done = coverage(all_defs().values())["ANH"][0]       # A New Hope: in progress
    assert rows["ANH"][-3:-1] == [str(anh_done), "186"] and anh_done > 6
    rots_done = coverage(all_defs().values())["ROTS"][0]     # Revenge of the Sith
    assert rows["ROTS"][-3:-1] == [str(rots_done), "111"] and rots_done > 90
    code, out = run("cards", "coverage", "tcg", "--missing")
    missing = [d.name for d in all_defs().values() if not d.implemented]
    assert code == 0 and all(name in out for name in missing) and "Yoda (B)" not in out


def _unwritten_light() -> tuple[str, str]:
    """Two cards a Light Side deck may hold whose abilities Dejarik has not written."""
    names = sorted(d.name for d in all_defs().values()
                   if not d.implemented and d.facts.side in ("light", "neutral") and d.kind == 0)
    assert len(names) >= 1, "every card is written: this test needs another unwritten card"
    return names[0], names[-1]


def _deck_with(tmp_path: Path, extra: str) -> str:
    path = tmp_path / "deck.txt"
    path.write_text((SAMPLES / "republic_clone_army.txt").read_text() + extra + "\n")
    return str(path)


def test_a_deck_with_unimplemented_cards_is_refused_naming_them(tmp_path: Path) -> None:
    first, last = _unwritten_light()
    deck = _deck_with(tmp_path, f"2 {first}\n1 {last}")
    with pytest.raises(ConfigError) as refused:
        new_state({"light": deck}, 1)
    assert first in str(refused.value) and last in str(refused.value)
    s = new_state({"light": deck, "allow_unimplemented": True}, 1)
    assert sum(s.name(c) == first for c in range(len(s.card_def))) == 2 + (first == last)
    code, out = run("play", "tcg", "--deck", deck, "--agents", "greedy", "--quiet")
    assert code != 0 and first in out and "--allow-unimplemented" in out and "--abilities" in out


def test_play_prints_a_whole_game() -> None:
    code, out = run("play", "tcg", "--agents", "greedy", "--seed", "4", "--quiet")
    assert code == 0, out
    assert re.search(r"Result: (Dark|Light) Side wins after \d+ turns \(controls the \w+ and \w+ arenas", out), out


def test_sim_summarises_each_matchup(tmp_path: Path) -> None:
    code, out = run("sim", "tcg", "--games", "6", "--agents", "greedy", "-j", "1", "--quiet",
                    "--deck", "sith_and_bounty_hunters", "--opponent-deck", "jedi_council",
                    "--out", str(tmp_path / "run"))
    assert code == 0, out
    m = re.search(r"sith_and_bounty_hunters v jedi_council: Dark Side (\d)/6 .*95% CI .*Light Side (\d)", out)
    assert m and int(m[1]) + int(m[2]) == 6, out
