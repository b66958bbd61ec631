"""Typed commands and number keys: bad input shows an error and changes nothing."""

from __future__ import annotations

from pathlib import Path

from dejarik.tui.screens import CautionScreen, HelpScreen

from .helpers import make_app, press, run, screen_text, settle, type_text


def test_bad_typed_commands_show_an_error_and_change_nothing(tmp_path: Path) -> None:
    async def body() -> None:
        app = make_app(tmp_path, seed=3)
        async with app.run_test(size=(160, 45)) as pilot:
            await settle(pilot)
            digest, log = app.session.state.state_hash(), list(app.session.log)
            status = app.panels["status"]
            dear = next(c for c in app.board.model.row if c.card.cost > app.board.model.me.pool)  # type: ignore[union-attr]
            for text, message in (("play wookiee", "unknown card 'wookiee'"),
                                  ("fly away", "unknown verb 'fly'"),
                                  (f"buy {dear.ref}", "matches no legal action"),
                                  ("42", "there is no action 42")):
                await type_text(pilot, text)
                assert status.has_class("error") and message in status.text
                assert message in await screen_text(pilot)
                assert app.session.state.state_hash() == digest and app.session.log == log
            await press(pilot, "escape", "9")  # back to the list; there are fewer than 9 actions
            assert "there is no action 9" in await screen_text(pilot)
            assert app.session.state.state_hash() == digest
            await type_text(pilot, app.actions[0].split("#")[0])  # e.g. `play stormtrooper`
            assert app.session.state.state_hash() != digest
            assert not status.has_class("error")

    run(body)


def test_typed_number_and_notation_choose_actions(tmp_path: Path) -> None:
    async def body() -> None:
        app = make_app(tmp_path, seed=3, vs="human")
        async with app.run_test() as pilot:
            await press(pilot, "enter")  # past the hand-over screen
            first = app.actions[0]
            await type_text(pilot, "1")
            assert f"Empire: {first}" in app.session.log
            await type_text(pilot, "end")
            # four cards unplayed: the app asks first, and going back changes nothing
            assert isinstance(app.screen, CautionScreen)
            assert "You still have 4 cards in hand not played" in await screen_text(pilot)
            await press(pilot, "n")
            assert "Empire: end" not in app.session.log and not isinstance(app.screen, CautionScreen)
            await type_text(pilot, "end")
            await press(pilot, "y")
            assert "Empire: end" in app.session.log

    run(body)


def test_question_mark_in_the_empty_command_box_opens_help_and_types_otherwise(tmp_path: Path) -> None:
    async def body() -> None:
        app = make_app(tmp_path, seed=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await press(pilot, "colon", "question_mark")
            assert isinstance(app.screen, HelpScreen)
            body = app.screen.body
            await press(pilot, "pagedown")
            assert body.scroll_y > 0, "Page Down scrolls the help"
            await press(pilot, "end")
            assert body.scroll_y == body.max_scroll_y > 0
            await press(pilot, "home")
            assert body.scroll_y == 0
            await press(pilot, "escape")
            assert not isinstance(app.screen, HelpScreen)
            assert app.focused is app.command   # back where it was
            await press(pilot, "b", "question_mark")   # not empty: `?` is typed
            assert app.command.value == "b?" and not isinstance(app.screen, HelpScreen)

    run(body)
