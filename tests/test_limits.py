"""Every limit on what Dejarik reads has a test here or in test_hostile_files.py, and a line in
docs/reliability.md's table (checked against the code's constants below). Each exceeded limit is
a named error; the largest value within it is accepted."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest
from click.testing import CliRunner

from dejarik.cli.main import main
from dejarik.core import files
from dejarik.core import scenarios as played
from dejarik.core.errors import PackError, SaveError, ScenarioError
from dejarik.deckbuilding import pack as deckbuilding_pack
from dejarik.deckbuilding import scenario
from dejarik.deckbuilding.options import read_overrides
from dejarik.deckbuilding.scenario import load_scenario
from dejarik.pandemic import pack as pandemic_pack
from dejarik.tcg import cardpool
from dejarik.tcg import saved as tcg_saved
from dejarik.tcg.decks import DeckError, parse_deck

DOCS = Path(__file__).resolve().parents[1] / "docs" / "reliability.md"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def limits_table() -> dict[str, str]:
    """docs/reliability.md's table of limits: what -> limit."""
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index("## Limits"):]
    section = section[:section.index("\n## ", 1)]
    rows = [line.split("|")[1:3] for line in section.splitlines() if line.startswith("| ")]
    return {what.strip(): limit.strip() for what, limit in rows[1:]}


def test_the_documented_limits_are_the_code_s() -> None:
    table = limits_table()

    def documented(start: str) -> str:
        found = [limit for what, limit in table.items() if what.startswith(start)]
        assert len(found) == 1, f"no single line of the limits table starts with {start!r}"
        return found[0]

    assert documented("a YAML file") == f"{files.MAX_YAML_BYTES >> 20} MB"
    assert documented("a JSON file") == f"{files.MAX_JSON_BYTES >> 20} MB"
    assert documented("a card table") == f"{cardpool.MAX_TABLE_BYTES >> 20} MB"
    assert documented("lists and mappings nested") == f"{files.MAX_DEPTH} deep"
    assert documented("a number in a deckbuilder pack") == str(deckbuilding_pack.MAX_NUMBER)
    assert documented("a number in a Pandemic pack") == str(pandemic_pack.MAX_NUMBER)
    assert documented("a scenario's pilots") == str(scenario.MAX_PILOTS)
    assert documented("a scenario player's resources") == str(deckbuilding_pack.MAX_NUMBER)
    assert documented("the card game's Force, build points") == str(tcg_saved.MAX_POOL)
    assert documented("the moves of a scenario") == str(played.MAX_MOVES)
    assert documented("a number in action text") == "9 digits"
    assert documented("the mistakes one deck list reports") == "50"


def test_a_json_file_over_64_mb_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as out:
        out.write(b"[" + b" " * files.MAX_JSON_BYTES + b"]")
    with pytest.raises(SaveError, match="big.json: larger than 64 MB, the most Dejarik reads"):
        files.read_json(big, SaveError)
    fits = tmp_path / "fits.json"
    fits.write_bytes(b"[1]")
    assert files.read_json(fits, SaveError) == [1]


def test_a_card_table_over_16_mb_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "cards.tsv"
    big.write_bytes(b"#" * (cardpool.MAX_TABLE_BYTES + 1))
    with pytest.raises(PackError, match="cards.tsv: larger than 16 MB"):
        cardpool.read_table(big)


def test_a_deckbuilder_override_number_over_999_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text("cards:\n  Tatooine: {hp: 1000}\n", encoding="utf-8")
    with pytest.raises(PackError, match="hp: expected a whole number from .* to 999"):
        read_overrides(str(path))
    path.write_text("cards:\n  Tatooine: {hp: 999}\n", encoding="utf-8")
    assert read_overrides(str(path)) == {"Tatooine": {"hp": 999}}


def test_a_deckbuilder_pack_number_over_999_is_refused(tmp_path: Path) -> None:
    text = resources.files("dejarik.deckbuilding").joinpath("packs", "original.yaml").read_text(
        encoding="utf-8")
    hp = re.search(r"\bhp: (\d+)", text)
    assert hp is not None
    path = tmp_path / "big.yaml"
    path.write_text(text[:hp.start()] + "hp: 1000" + text[hp.end():], encoding="utf-8")
    code, out = run("cards", "check", str(path))
    assert code != 0 and "must be at most 999, got 1000" in out


def test_a_pandemic_pack_number_over_999_is_refused(tmp_path: Path) -> None:
    text = resources.files("dejarik.pandemic").joinpath("packs", "pandemic_sample.yaml").read_text(
        encoding="utf-8")
    assert "\n  droids: 36\n" in text
    path = tmp_path / "big.yaml"
    path.write_text(text.replace("\n  droids: 36\n", "\n  droids: 1000\n"), encoding="utf-8")
    code, out = run("cards", "check", str(path))
    assert code != 0 and "1000 is out of range (0..999)" in out
    path.write_text(text, encoding="utf-8")
    assert run("cards", "check", str(path))[0] == 0


def test_a_scenario_player_s_resources_over_999_are_refused() -> None:
    data = {"players": {"empire": {"pool": 1000}, "rebel": {}}}
    with pytest.raises(ScenarioError, match="pool: expected a whole number from 0 to 999"):
        load_scenario(data)
    data = {"players": {"empire": {"pool": 999}, "rebel": {}}}
    assert load_scenario(data)


def test_a_deck_list_reports_at_most_50_mistakes() -> None:
    from tests.tcg.test_decks import TABLE, light_deck

    text = light_deck("".join(f"1 Nobody {i}\n" for i in range(60)))
    with pytest.raises(DeckError) as caught:
        parse_deck(text, "d.txt", TABLE)
    lines = str(caught.value).splitlines()
    assert len(lines) == 51 and lines[-1] == "(and 10 more)"
    assert all(line.startswith("d.txt line ") for line in lines[:50])


def test_a_number_in_action_text_over_9_digits_is_refused() -> None:
    """The deckbuilder's notation reads numbers (card and option numbers); the other games'
    match the whole text against their legal actions' texts and read no number."""
    from dejarik.core.errors import NotationError
    from dejarik.core.registry import get_game
    from dejarik.deckbuilding.notation import _count

    assert _count("9" * 9) == 999_999_999 and _count("9" * 10) == -1
    engine = get_game("deckbuilding")
    state = engine.new_state(engine.normalize_config({}), 1)
    with pytest.raises(NotationError, match="is not a card"):
        state.text_to_action("play x-wing#" + "1" * 10)
    for game in ("pandemic", "tcg"):
        engine = get_game(game)
        state = engine.new_state(engine.normalize_config({}), 1)
        with pytest.raises(NotationError):
            state.text_to_action("9" * 100_000)
