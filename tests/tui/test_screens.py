"""What each screen shows: the board from the viewer's observation only, the hot-seat
hand-over that hides both hands, help, the piles, the AI's thinking indicator, and decisions
the opponent takes in the middle of a turn."""

from __future__ import annotations

from pathlib import Path

from dejarik.deckbuilding.board import build_board
from dejarik.deckbuilding.scenario import load_scenario
from dejarik.tui.screens import HandOverScreen, HelpScreen, PilesScreen
from dejarik.tui.session import Session
from dejarik.tui.widgets import CardText

from .helpers import make_app, press, run, screen_text, settle


def hand_names(session: Session, seat: int) -> set[str]:
    s = session.state
    return {s.name(c) for c in s.players[seat].hand}


def test_the_board_model_holds_only_what_the_viewer_may_know() -> None:
    session = Session.new({"bases_to_win": 2}, 3, "heuristic")
    s = session.state
    board = build_board(session.observation(), s.table, ["You", "Heuristic"], 2)
    assert board.viewer == 0
    assert board.opponent.hand == len(s.players[1].hand) == 5  # a count, not cards
    assert [c.ref for c in board.me.hand] == [s.refs()[c] for c in s.players[0].hand]
    assert board.me.deck == 5 and board.opponent.deck == 5  # deck sizes, never their order


def test_the_opponents_hand_never_reaches_the_screen(tmp_path: Path) -> None:
    async def body() -> None:
        app = make_app(tmp_path, seed=3)
        async with app.run_test(size=(160, 50)) as pilot:
            await settle(pilot)
            text = await screen_text(pilot)
            mine, theirs = hand_names(app.session, 0), hand_names(app.session, 1)
            assert all(name in text for name in mine)
            assert theirs and not any(name in text for name in theirs - mine)
            assert "Hand 5" in text  # the opponent's hand size is shown

    run(body)


def test_hot_seat_hand_over_hides_both_hands(tmp_path: Path) -> None:
    async def body() -> None:
        app = make_app(tmp_path, vs="human", seed=8)
        async with app.run_test() as pilot:
            await pilot.pause()
            session = app.session
            hands = hand_names(session, 0) | hand_names(session, 1)
            assert isinstance(app.screen, HandOverScreen)
            text = await screen_text(pilot)
            assert "Pass the terminal to Empire (Player 1)" in text
            assert not any(name in text for name in hands)
            await press(pilot, "enter")
            assert not isinstance(app.screen, HandOverScreen) and session.viewer == 0
            assert "Imperial Shuttle" in await screen_text(pilot)
            await press(pilot, "end", "enter", "y")  # Empire ends the turn: the last action (cards unplayed: yes)
            assert isinstance(app.screen, HandOverScreen)
            text = await screen_text(pilot)
            assert "Pass the terminal to Rebels (Player 2)" in text
            assert not any(name in text for name in hand_names(session, 0) | hand_names(session, 1))
            await press(pilot, "enter")
            assert session.viewer == 1 and app.board is not None
            assert isinstance(app.board.model.opponent.hand, int)
            assert "Alliance Shuttle" in await screen_text(pilot)

    run(body)


def test_help_and_piles_screens_open_and_close(tmp_path: Path) -> None:
    async def body() -> None:
        app = make_app(tmp_path, seed=3)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            await press(pilot, "question_mark")
            assert isinstance(app.screen, HelpScreen)
            text = await screen_text(pilot)
            assert "How to play" in text and "Force" in text
            await press(pilot, "escape")
            assert not isinstance(app.screen, HelpScreen)
            await press(pilot, "f1")
            assert isinstance(app.screen, HelpScreen)
            await press(pilot, "escape")
            await press(pilot, "end", "enter", "y")  # end the turn: the hand goes to the discard pile
            await settle(pilot)
            await press(pilot, "p")
            assert isinstance(app.screen, PilesScreen)
            text = await screen_text(pilot)
            assert "Empire discard pile" in text and "Galaxy discard pile" in text
            assert "Imperial Shuttle" in text
            await press(pilot, "down")  # highlight a card: its text shows
            assert "[original, starter]" in app.screen.query_one("#piles-card", CardText).text
            await press(pilot, "escape")
            assert not isinstance(app.screen, PilesScreen)

    run(body)


def test_the_ai_thinks_in_a_worker_and_its_moves_reach_the_log(tmp_path: Path) -> None:
    async def body() -> None:
        session = Session.new({"bases_to_win": 2}, 3, "heuristic")
        app = make_app(tmp_path, session=session)
        app.ai_delay = 0.5  # long enough to see the indicator
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            await press(pilot, "end", "enter", "y")
            assert app.thinking and "Heuristic is thinking" in app.panels["status"].text
            await press(pilot, "question_mark")  # the UI still answers meanwhile
            assert isinstance(app.screen, HelpScreen)
            await press(pilot, "escape")
            app.ai_delay = 0  # seen; now let the AI finish its turn quickly
            await settle(pilot)
            assert any(line.startswith("Rebels: ") for line in session.log)
            assert session.human_decides and not app.thinking

    run(body)


SNOWSPEEDER = {  # Rebels to act; Snowspeeder makes the Empire discard a card of its choice
    "active": "rebel", "first": "empire",
    "players": {"empire": {"hand": ["TIE Fighter", "Stormtrooper"], "base": "Lothal"},
                "rebel": {"hand": ["Snowspeeder"], "base": "Dantooine"}},
}


def test_an_opponent_decision_in_the_humans_turn_goes_to_the_ai(tmp_path: Path) -> None:
    async def body() -> None:
        session = Session(load_scenario(SNOWSPEEDER), (1,), "heuristic", 1)
        app = make_app(tmp_path, session=session)
        async with app.run_test() as pilot:
            await settle(pilot)
            assert app.actions[0].startswith("play snowspeeder")
            await press(pilot, "1")
            use = next(i for i, a in enumerate(app.actions) if a.startswith("use snowspeeder"))
            await press(pilot, str(use + 1))
            await settle(pilot)
            assert any(line.startswith("Empire: select ") for line in session.log)
            assert session.state.active == 1 and session.human_decides
            assert len(session.state.players[0].hand) == 1

    run(body)


def test_an_opponent_decision_in_hot_seat_hands_over_and_back(tmp_path: Path) -> None:
    async def body() -> None:
        session = Session(load_scenario(SNOWSPEEDER), (0, 1), "human", 1)
        app = make_app(tmp_path, session=session)
        async with app.run_test() as pilot:
            await pilot.pause()
            await press(pilot, "enter")  # Rebels take the terminal
            await press(pilot, "1")
            use = next(i for i, a in enumerate(app.actions) if a.startswith("use snowspeeder"))
            await press(pilot, str(use + 1))
            assert isinstance(app.screen, HandOverScreen)
            assert "in the other turn" in await screen_text(pilot)
            await press(pilot, "enter")
            assert session.viewer == 0 and app.actions[0].startswith("select ")
            await press(pilot, "1")
            assert isinstance(app.screen, HandOverScreen)  # back to the Rebels
            await press(pilot, "enter")
            assert session.viewer == 1

    run(body)
