"""The browser's AI levels are what the ladder measured: each level's figures are those of its
agent in the committed ladder summary, the game it was measured on is the one the browser
deals by default, and every level beats the one below it with intervals apart."""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from dejarik.agents import make_agent
from dejarik.deckbuilding.browser import LEVELS, LEVELS_LADDER
from dejarik.deckbuilding.game import normalize_config
from dejarik.deckbuilding.views import DeckbuildingBrowser

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def summary() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / LEVELS_LADDER / "summary.json").read_text())
    return data


def test_each_level_shows_its_agents_measured_rating_and_time(summary: dict[str, Any]) -> None:
    rows = {row["agent"]: row for row in summary["agents"]}
    for level in LEVELS:
        row = rows[level.spec]
        assert level.rating == (row["rating"]["elo"], row["rating"]["low"], row["rating"]["high"]), level.id
        assert level.seconds_per_move == row["seconds_per_move"], level.id
        make_agent(level.spec, 0)   # the spec plays


def test_the_ladder_played_the_game_the_browser_deals(summary: dict[str, Any]) -> None:
    form = {"edition": "original", "mode": "beginner", "bases_to_win": None}
    dealt = normalize_config(DeckbuildingBrowser().form_config(form))
    measured = {k: v for k, v in summary["config"].items() if k != "turn_limit"}
    assert measured == {k: v for k, v in dealt.items() if k != "turn_limit"}
    assert summary["games_per_pair"] >= 400 and not summary["one_side"]


def test_every_level_beats_the_one_below_with_intervals_apart(summary: dict[str, Any]) -> None:
    """Issue acceptance: "every level offered in the browser is stronger than the one below
    it, with intervals that do not overlap" (rating intervals, and the head-to-head score's
    interval above one half)."""
    for lower, upper in pairwise(LEVELS):
        assert lower.rating[2] < upper.rating[1], (lower.id, upper.id)   # the anchor's interval is its rating
        head = summary["pairs"][f"{upper.spec}\t{lower.spec}"]
        assert head["ci"][0] > 0.5, (upper.id, lower.id, head)


def test_a_level_reads_as_what_it_measured() -> None:
    hard = next(level for level in LEVELS if level.id == "hard")
    assert hard.measured() == "rating +141 (+116 to +166), 655 µs a move"
    medium = next(level for level in LEVELS if level.id == "medium")
    assert medium.measured() == "rating 0 (the ladder's anchor), 7 µs a move"
