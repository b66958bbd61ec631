"""The terminal app as a new user first meets it: an 80x24 terminal shows the galaxy row's
numbers and the actions in words on one line each, log lines wrap instead of being cut, the
quit dialog knows a game just saved, and a "use it?" prompt says what the ability does."""

from __future__ import annotations

import re
from pathlib import Path

from textual.widgets import DataTable

from dejarik.core.rng import Rng
from dejarik.deckbuilding.family import GAME
from dejarik.tui.screens import ConfirmQuitScreen

from .helpers import make_app, press, run, screen_text, settle

SMALL = (80, 24)


def test_the_galaxy_rows_numbers_show_at_80_columns_and_more_at_120(tmp_path: Path) -> None:
    async def body(size: tuple[int, int]) -> list[str]:
        app = make_app(tmp_path, seed=3)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await pilot.pause()
            table = app.sheet_views["galaxy"].query_one(DataTable)
            return [str(c.label) for c in table.columns.values()]

    narrow = run(lambda: body(SMALL))
    assert narrow[:6] == ["Card", "Side", "Cost", "Atk", "Res", "Frc"]
    wide = run(lambda: body((120, 40)))
    assert wide[:7] == ["Card", "Side", "Cost", "Atk", "Res", "Frc", "Tgt"]
    assert "Reward" in run(lambda: body((170, 48)))


def test_actions_are_words_on_one_line_when_narrow_and_the_log_wraps(tmp_path: Path) -> None:
    async def body() -> None:
        app = make_app(tmp_path, seed=3)
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot)
            assert app.board is not None
            listed = app.action_list
            assert listed.option_count == len(app.board.choices)
            for i, choice in enumerate(app.board.choices):
                prompt = listed.get_option_at_index(i).prompt
                text = str(getattr(prompt, "plain", prompt))
                assert "\n" not in text and len(text) <= listed.size.width
                assert text[2:].startswith((choice.words or choice.action)[:10])   # words, not notation
            long_line = "Empire: " + "a long narrative line " * 6 + "END"
            app.game_log.add([long_line], [])
            await pilot.pause()
            shown = re.sub(r"\s+", " ", await screen_text(pilot))
            assert "END" in shown, "a long log line wraps, and its end is on screen"

    run(body)


def test_quitting_right_after_a_save_says_nothing_is_lost(tmp_path: Path) -> None:
    async def body() -> None:
        app = make_app(tmp_path, seed=3)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            await press(pilot, "q")
            assert isinstance(app.screen, ConfirmQuitScreen)
            assert "Anything not saved" in await screen_text(pilot)
            await press(pilot, "n", "ctrl+s", "q")
            assert isinstance(app.screen, ConfirmQuitScreen)
            text = await screen_text(pilot)
            assert "Nothing is lost" in text and "Anything not saved" not in text
            await press(pilot, "n", "1")   # a move after the save: unsaved again
            await settle(pilot)
            await press(pilot, "q")
            assert "Anything not saved" in await screen_text(pilot)
            await press(pilot, "y")
        assert app.return_code == 0

    run(body)


def test_a_use_it_prompt_says_what_the_ability_does() -> None:
    """Every optional ability met in random games asks with its effect in words."""
    asked = 0
    for seed in range(40):
        s = GAME.new_state({}, seed)
        rng = Rng(seed)
        while not s.is_terminal() and asked < 25:
            prompt = s.observation(s.current_player).get("decision", {}).get("prompt", "")
            if "use it" in prompt or "take it" in prompt:
                asked += 1
                words = re.search(r"(use|take) it \((.+)\)\? yes or no$", prompt)
                assert words and words.group(2).strip(), prompt
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
        if asked >= 25:
            break
    assert asked >= 25
