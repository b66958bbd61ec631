"""A whole game against the AI, played through key presses only."""

from __future__ import annotations

from pathlib import Path

import pytest

from dejarik.tui.screens import GameOverScreen
from dejarik.tui.widgets import hotkey

from .helpers import go_on_if_asked, make_app, mine_in_view, press, run, screen_text, settle


def pick(actions: list[str]) -> int:
    """A quick-to-finish plan: play cards, attack the base, resolve, buy, then end the turn
    (a decision takes its first option)."""
    for i, a in enumerate(actions):
        if a.startswith("play "):
            return i
    for i, a in enumerate(actions):
        if a.startswith("commit ") and a.endswith(" base"):
            return i
    for prefix in ("resolve", "buy "):
        for i, a in enumerate(actions):
            if a.startswith(prefix):
                return i
    return actions.index("end") if "end" in actions else 0


@pytest.mark.parametrize("size", [(80, 24), (160, 48)], ids=["80x24", "160x48"])
def test_a_whole_game_against_the_ai_by_keys_only(tmp_path: Path, size: tuple[int, int]) -> None:
    async def body() -> None:
        app = make_app(tmp_path, seed=27)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await pilot.pause()
            assert mine_in_view(app), "your hand is on screen without scrolling"
            for n in range(1000):
                if isinstance(app.screen, GameOverScreen):
                    break
                i = pick(app.actions)
                if n % 6 == 5 or i >= 10:  # now and then by arrow keys and Enter
                    await press(pilot, "home", *["down"] * i, "enter")
                else:
                    await press(pilot, hotkey(i))
                await go_on_if_asked(pilot)
                await settle(pilot)
            assert isinstance(app.screen, GameOverScreen)
            winner = app.session.state.winner()
            assert winner is not None
            assert f"{app.session.faction(winner)} win" in await screen_text(pilot)
            assert any(line.startswith("Rebels: ") for line in app.session.log)  # the AI moved
            await press(pilot, "escape")  # back to look at the final board
            assert not isinstance(app.screen, GameOverScreen)
            assert app.actions == []
            await press(pilot, "q")
        assert app.return_code == 0

    run(body)
