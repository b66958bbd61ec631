"""The team game (seed 002) in the terminal app: one human, AI teammate and opponents."""

from __future__ import annotations

from pathlib import Path

from dejarik.tui.app import DejarikApp
from dejarik.tui.screens import GameOverScreen
from dejarik.tui.session import Session
from dejarik.tui.widgets import hotkey

from .helpers import go_on_if_asked, press, run, screen_text, settle
from .test_game import pick

TEAM = {"team": True, "bases_to_win": 2}


def test_a_whole_team_game_with_ai_teammate_and_opponents(tmp_path: Path) -> None:
    """Seed 002: the human plays Empire 1 beside an AI Empire 2 against two AI Rebels; the
    board shows the teammate's hand (the team confers, line 65) and no enemy hand."""
    async def body() -> None:
        session = Session.new(TEAM, 5, "greedy", 0)
        app = DejarikApp(session, save_path=tmp_path / "game.json", ai_delay=0)
        async with app.run_test(size=(160, 60)) as pilot:
            await settle(pilot)
            text = await screen_text(pilot)
            assert "Empire 2 (Greedy)" in text and "Rebels 2 (Greedy)" in text
            saw_switch = False
            for _ in range(3000):
                if isinstance(app.screen, GameOverScreen):
                    break
                board = app.board.model if app.board is not None else None
                assert board is not None and board.teammate is not None
                assert not isinstance(board.teammate.hand, int), "the teammate's hand is open"
                for enemy in (board.opponent, board.far_enemy):
                    assert enemy is not None
                    if board.decider == board.viewer and board.decider != board.active:
                        continue  # a decision may show the region opponent's hand
                    assert isinstance(enemy.hand, int), "an enemy hand is on screen"
                saw_switch |= "switch" in app.actions
                await press(pilot, hotkey(pick(app.actions)) if pick(app.actions) < 10 else "enter")
                await go_on_if_asked(pilot)
                await settle(pilot)
            assert isinstance(app.screen, GameOverScreen)
            assert saw_switch
            winner = session.state.winner()
            assert winner is not None
            assert any(line.startswith("Empire 2: ") for line in session.log)  # the AI teammate
            await press(pilot, "escape", "q")
        assert app.return_code == 0

    run(body)
