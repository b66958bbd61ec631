"""Ability files of one's own (docs/tcg-abilities.md, "Abilities of your own"): a player who
knows what a card does writes it in the vocabulary; `cards new --extends tcg` writes the file
to fill in, `cards check` and `cards show` read it, and a game takes it with --abilities."""

from __future__ import annotations

from pathlib import Path

import pytest

from dejarik.core.errors import ConfigError
from dejarik.core.registry import get_game
from dejarik.tcg.carddefs import all_defs
from dejarik.tcg.game import SAMPLES, new_state
from dejarik.tcg.state import TcgState
from tests.test_cli import run

HEADER = "format: dejarik-tcg-abilities\ncards:\n"


def _unwritten_dark() -> str:
    names = sorted(d.name for d in all_defs().values()
                   if not d.implemented and d.facts.side == "dark" and d.kind == 0)
    assert names, "every Dark Side unit is written: this test needs another unwritten card"
    return names[0]


def _files(tmp_path: Path, card: str, abilities: str) -> tuple[str, str]:
    """(an ability file giving `card` these abilities, a Dark deck holding two of it)."""
    own = tmp_path / "own.yaml"
    own.write_text(f'{HEADER}  "{card}":\n    - {abilities}\n')
    deck = tmp_path / "deck.txt"
    deck.write_text((SAMPLES / "separatist_droid_army.txt").read_text() + f"\n2 {card}\n")
    return str(own), str(deck)


def test_a_file_of_ones_own_makes_an_unwritten_card_playable(tmp_path: Path) -> None:
    card = _unwritten_dark()
    own, deck = _files(tmp_path, card, "{keyword: shields, n: 1}")
    with pytest.raises(ConfigError, match="--abilities FILE"):
        new_state({"dark": deck}, 3)
    s = new_state({"dark": deck, "abilities": [own]}, 3)
    mine = [c for c in range(len(s.card_def)) if s.name(c) == card]
    assert len(mine) == 2 and all(s.defs[s.card_def[c]].keyword("shields") == 1 for c in mine)
    assert s.config["abilities"] == [str(Path(own).resolve())]
    # a saved position finds the file again, and the content digest tells the two readings apart
    again = TcgState.from_json(s.to_json())
    assert again.defs[again.card_def[mine[0]]].keyword("shields") == 1
    game = get_game("tcg")
    allowed = game.normalize_config({"dark": deck, "allow_unimplemented": True})
    assert game.content_digest(s.config) != game.content_digest(allowed)


def test_a_card_in_the_file_replaces_dejariks_reading(tmp_path: Path) -> None:
    own, _ = _files(tmp_path, "Jango Fett (A)", "{keyword: armor}")
    code, out = run("cards", "show", "tcg", "Jango Fett (A)", "--pack", own)
    assert code == 0 and out.splitlines()[-1] == "  - Armor"
    code, bundled = run("cards", "show", "tcg", "Jango Fett (A)")
    assert code == 0 and "Armor" not in bundled and bundled != out
    code, out = run("cards", "check", own)
    assert code == 0 and "1 card(s), 0 that Dejarik has not written, 1 replacing" in out
    assert "[replaces Dejarik's]" in out


def test_play_and_sim_take_the_file(tmp_path: Path) -> None:
    card = _unwritten_dark()
    own, deck = _files(tmp_path, card, "{keyword: shields, n: 1}")
    code, out = run("play", "tcg", "--deck", deck, "--agents", "greedy", "--seed", "2", "--quiet")
    assert code != 0 and card in out
    code, out = run("play", "tcg", "--deck", deck, "--abilities", own, "--agents", "greedy",
                    "--seed", "2", "--quiet")
    assert code == 0 and "Result:" in out
    code, out = run("sim", "tcg", "--deck", deck, "--abilities", own, "--agents", "greedy",
                    "--games", "4", "--quiet", "--out", str(tmp_path / "runs"))
    assert code == 0 and "4 games" in out


def test_the_template_lists_every_unwritten_card_and_reads_as_empty(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    code, out = run("cards", "new", str(path), "--extends", "tcg")
    assert code == 0, out
    text = path.read_text()
    for d in all_defs().values():
        assert (f"# {d.name}:" in text or f'# "{d.name}":' in text) == (not d.implemented), d.name
    code, out = run("cards", "check", str(path))
    assert code == 0 and "0 card(s)" in out
    # uncommenting a card without writing its abilities is an error naming the card
    first = next(line for line in text.splitlines() if line.startswith("  # ") and line.endswith(":"))
    body = text.replace(first, first.replace("# ", "", 1), 1)
    path.write_text(body.replace("  #   - ABILITY", "    - ABILITY", 1))
    code, out = run("cards", "check", str(path))
    assert code == 2 and first.strip("# :").strip('"') in out and "ability 1" in out


@pytest.mark.parametrize(("text", "words"), [
    (HEADER + "  Jango Fett (Z):\n    - {keyword: armor}\n", "no trading card game card"),
    (HEADER + "  Jango Fett (A):\n    - {keyword: amour}\n", "Jango Fett (A)"),
    ("format: dejarik-tcg-abilities\nextra: 1\ncards: {}\n", "unknown key 'extra'"),
    ("format: dejarik-tcg-abilities\ncards: [1, 2\n", "own.yaml"),
])
def test_a_bad_file_is_refused_naming_the_problem(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "own.yaml"
    path.write_text(text)
    code, out = run("cards", "check", str(path))
    assert code == 2 and words in out, out
    with pytest.raises(ConfigError, match="abilities: ") as refused:
        new_state({"abilities": [str(path)]}, 1)
    assert words in str(refused.value)
    assert path.read_text() == text                       # the file is left as it was


def test_a_file_without_its_format_line_is_not_read_as_abilities(tmp_path: Path) -> None:
    path = tmp_path / "own.yaml"
    path.write_text("cards:\n  Jango Fett (A):\n    - {keyword: armor}\n")
    with pytest.raises(ConfigError, match="not an ability file .*'format: dejarik-tcg-abilities'"):
        new_state({"abilities": [str(path)]}, 1)


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no ability file 'nowhere.yaml'"):
        new_state({"abilities": ["nowhere.yaml"]}, 1)
    with pytest.raises(ConfigError, match="a list of ability files"):
        new_state({"abilities": 7}, 1)


def test_the_docs_example_reads_as_the_docs_show(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/tcg-abilities.md, "Abilities of your own": its file, and `cards check` on it."""
    doc = (Path(__file__).parents[2] / "docs" / "tcg-abilities.md").read_text()
    section = doc.split("## Abilities of your own", 1)[1]
    blocks = section.split("```")
    yaml_text = blocks[1].removeprefix("yaml\n")
    quoted = blocks[3].strip("\n").splitlines()
    assert quoted[0] == "$ dejarik cards check ddt.yaml"
    (tmp_path / "ddt.yaml").write_text(yaml_text)
    monkeypatch.chdir(tmp_path)
    code, out = run("cards", "check", "ddt.yaml")
    assert code == 0 and out.splitlines() == quoted[1:]
