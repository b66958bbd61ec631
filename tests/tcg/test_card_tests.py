"""Every card written in the ability vocabulary has a test of its own (issue: every card of the
ten sets, "a coverage test fails if any card lacks one"). A card counts as tested when a test in
a card module (tests/tcg/test_*_cards.py) is named after it (`test_<card>_...`, the card's name
in lower case with every run of other characters as one underscore) or takes it as the first
value of a parametrised case."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from dejarik.tcg.abilities import bundled_abilities

HERE = Path(__file__).parent


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower().replace("'", "")).strip("_")


def cards_under_test() -> tuple[set[str], list[str]]:
    """(card names given to parametrised card tests, names of card tests)."""
    given: set[str] = set()
    tests: list[str] = []
    for path in sorted(HERE.glob("test_*_cards.py")):
        module = importlib.import_module(f"tests.tcg.{path.stem}")
        for attr, fn in vars(module).items():
            if not attr.startswith("test_"):
                continue
            tests.append(attr)
            for mark in getattr(fn, "pytestmark", []):
                if mark.name != "parametrize":
                    continue
                for case in mark.args[1]:
                    first = case.values[0] if hasattr(case, "values") else case
                    first = first[0] if isinstance(first, tuple) else first
                    if isinstance(first, str):
                        given.add(first)
    return given, tests


def untested(table: dict[str, tuple[object, ...]]) -> list[str]:
    """The cards of `table` (name -> abilities) that have abilities and no test."""
    given, tests = cards_under_test()
    missing = []
    for name, abilities in table.items():
        if not abilities or name in given:
            continue
        prefix = f"test_{slug(name)}"
        if not any(t == prefix or t.startswith(prefix + "_") for t in tests):
            missing.append(name)
    return sorted(missing)


def test_every_card_with_an_ability_has_a_test() -> None:
    assert untested(dict(bundled_abilities())) == []


def test_the_check_reports_a_card_without_a_test() -> None:
    """The check can fail: a card with an ability that no test names is reported; one without
    abilities, or named by a test, is not."""
    table = {"Nobody (Z)": ("an ability",), "Blank (Z)": (), "Yoda (A)": ("an ability",),
             "Taun We (A)": ("an ability",)}
    assert untested(table) == ["Nobody (Z)"]
    assert slug("Obi-Wan's Starfighter (A)") == "obi_wans_starfighter_a"
