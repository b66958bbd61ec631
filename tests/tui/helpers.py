"""Driving the terminal app headless: make an app, wait for the AI, read the screen as text."""

from __future__ import annotations

import asyncio
import html
import re
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

from textual import events
from textual.pilot import Pilot
from textual.widgets import DataTable, Input

from dejarik.tui.app import DejarikApp
from dejarik.tui.screens import CautionScreen, GameOverScreen, HandOverScreen
from dejarik.tui.session import Session

T = TypeVar("T")
SMALL = {"bases_to_win": 2}  # beginner mode, two bases to win: short games


def run(test: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """Run an async test body (no pytest plugin needed)."""
    return asyncio.run(test())


def make_app(tmp_path: Path, vs: str = "heuristic", seed: int = 3, seat: int = 0,
             session: Session | None = None) -> DejarikApp:
    session = session or Session.new(SMALL, seed, vs, seat)
    return DejarikApp(session, save_path=tmp_path / "game.json", ai_delay=0)


async def settle(pilot: Pilot[Any], timeout: float = 30.0) -> None:
    """Wait until a human must act, a hand-over or game-over screen shows, or the game is over.
    (Polls with short sleeps: `pilot.pause()` waits for the CPU to idle, which is slow.)"""
    app = pilot.app
    assert isinstance(app, DejarikApp)
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        await asyncio.sleep(0.005)
        s = app.session
        if not app.thinking and (s.human_decides or s.state.is_terminal()
                                 or isinstance(app.screen, HandOverScreen | GameOverScreen)):
            return
    raise AssertionError("the app did not settle")


_CHARS = {"enter": "\r", "escape": "\x1b", "colon": ":", "question_mark": "?"}


async def press(pilot: Pilot[Any], *keys: str) -> None:
    """Press keys (letters, digits or key names such as 'enter', 'down', 'ctrl+s') one by one,
    as a terminal sends them, waiting for each to be handled.

    Like `pilot.press` without its waits for the CPU to go idle, which cost a tenth of a
    second a key here and would make a whole game slow to test."""
    for key in keys:
        char = key if len(key) == 1 else _CHARS.get(key)
        pilot.app.post_message(events.Key(key, char))
        for _ in range(3):  # a key hops app -> screen -> focused widget -> bindings; a pass each
            await pilot.pause(0)


# the key names a terminal gives the characters typed in tests (letters and digits name themselves)
_KEY_NAMES = {" ": "space", "-": "minus", "#": "number_sign", "/": "slash", ".": "full_stop",
              "_": "underscore", ":": "colon"}


async def type_text(pilot: Pilot[Any], text: str) -> None:
    """Go to the command box with ':' (unless there already), clear it, and type `text`
    key by key, then Enter."""
    if not isinstance(pilot.app.focused, Input):
        await press(pilot, "colon")
    await press(pilot, "home", "ctrl+k")  # clear what is left there (bad input stays to be fixed)
    for ch in text:
        name = ch if ch.isalnum() else _KEY_NAMES[ch]
        pilot.app.post_message(events.Key(name, ch))
    await press(pilot, "enter")


async def screen_text(pilot: Pilot[Any]) -> str:
    """Everything the active screen shows, as plain text (from an SVG screenshot)."""
    await pilot.pause()
    svg = pilot.app.export_screenshot()
    rows = re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.S)
    return html.unescape("".join(rows)).replace("\xa0", " ")


async def go_on_if_asked(pilot: Pilot[Any]) -> None:
    """Say yes to a caution (ending the turn with cards unplayed), as a player in a hurry does."""
    if isinstance(pilot.app.screen, CautionScreen):
        await press(pilot, "y")


def mine_in_view(app: DejarikApp) -> bool:
    """The viewer's own sheet (their hand) lies within the board pane's visible region."""
    pane = app.board_pane
    assert app.board is not None
    sheet = next(sh for sh in app.board.sheets if sh.mine)
    view = app.sheet_views[sheet.key]
    top = view.region.y
    table = view.query_one(DataTable)
    shown_rows = min(table.row_count, 3)
    inside = pane.region.y <= top and top + 2 + shown_rows <= pane.region.bottom
    assert inside, (pane.region, view.region, table.row_count)
    return inside
