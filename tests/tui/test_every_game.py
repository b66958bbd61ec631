"""The Pandemic game and the card game in the full-screen app: whole games played by keys alone
at 80x24 and 160x48, with the hand and the actions on screen, and no card the player may not
know anywhere on it."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from dejarik.agents import make_agent
from dejarik.core.appboard import AppBoard, line_text
from dejarik.tcg.observe import knows
from dejarik.tui.app import DejarikApp
from dejarik.tui.screens import CautionScreen, GameOverScreen, HandOverScreen, PilesScreen
from dejarik.tui.session import Session
from dejarik.tui.widgets import hotkey

from .helpers import go_on_if_asked, mine_in_view, press, run, screen_text, settle

SMALL, LARGE = (80, 24), (160, 48)


def board_text(board: AppBoard) -> str:
    """Every word the board model holds: sheets, rows, faces, actions and piles."""
    parts: list[str] = []
    for sheet in board.sheets:
        parts += [line_text(ln) for ln in (*sheet.head, *(sheet.brief or ()))]
        for row in sheet.rows:
            parts += [line_text(c) for c in row.cells]
            if row.face is not None:
                parts += [row.face.title, *row.face.lines, row.face.where]
    for c in board.choices:
        parts += [c.action, c.words, c.caution]
        if c.face is not None:
            parts += [c.face.title, *c.face.lines]
    for title, faces in board.piles:
        parts += [title, *(f.title for f in faces)]
    return "\n".join(parts)


def tcg_secrets(session: Session) -> set[str]:
    """Names of cards the human may not know that no card they know shares (nor contains)."""
    s: Any = session.state
    me = session.humans[0]
    cards = range(len(s.card_def))
    known = {s.name(c) for c in cards if knows(s, me, c)}
    return {n for n in {s.name(c) for c in cards if not knows(s, me, c)}
            if not any(n in k for k in known)}


def pandemic_secrets(session: Session) -> set[str]:
    """The missions still in the mission deck or back in the box: which they are is hidden."""
    s: Any = session.state
    shown = {s.pack.missions[m].name for m in [*s.slots, *s.mission_done] if m >= 0}
    return {s.pack.missions[m].name for m in s.mission_deck + s.mission_unseen} - shown


async def play_by_keys(app: DejarikApp, pilot: Any, secrets: Callable[[Session], set[str]],
                       seed: int) -> int:
    """Choose actions with number keys (now and then arrows and Enter) until the game ends, as a
    greedy player would (one move in five at random);
    every few moves, check the screen and the board model for secrets. Returns the moves made."""
    rng = random.Random(seed)
    adviser = make_agent("greedy", seed)   # the keys pressed are what it would choose, mostly
    moves = 0
    for moves in range(5000):
        await settle(pilot)
        if isinstance(app.screen, GameOverScreen):
            break
        if isinstance(app.screen, HandOverScreen):
            await press(pilot, "enter")
            continue
        assert app.board is not None and app.actions, "a human decides, so there are actions"
        if moves % 7 == 0:
            hidden = secrets(app.session)
            text = await screen_text(pilot) + board_text(app.board)
            leaked = sorted(n for n in hidden if n in text)
            assert not leaked, f"hidden cards on screen: {leaked}"
        state = app.session.state
        advice = state.action_to_text(adviser.act(state.clone()))
        i = app.actions.index(advice) if rng.random() < 0.8 else rng.randrange(len(app.actions))
        if i >= 10 or moves % 5 == 4:
            await press(pilot, "home", *["down"] * i, "enter")
        else:
            await press(pilot, hotkey(i))
        await go_on_if_asked(pilot)
    return moves


GAMES = [
    pytest.param("pandemic", {"players": 2}, "greedy", SMALL, 11, id="pandemic-2-jedi-80x24"),
    pytest.param("pandemic", {"players": 1}, "greedy", LARGE, 12, id="pandemic-solo-160x48"),
    pytest.param("tcg", {}, "greedy", SMALL, 13, id="tcg-80x24"),
    pytest.param("tcg", {}, "greedy", LARGE, 14, id="tcg-160x48"),
]


@pytest.mark.parametrize(("game", "config", "vs", "size", "seed"), GAMES)
def test_a_whole_game_by_keys_alone(tmp_path: Path, game: str, config: dict[str, Any], vs: str,
                                    size: tuple[int, int], seed: int) -> None:
    secrets = pandemic_secrets if game == "pandemic" else tcg_secrets
    humans = (0, 1) if config.get("players") == 1 else (0,)   # the solo game: one person, two Jedi
    session = Session.new(config, seed, vs, game=game, humans=humans)

    async def body() -> None:
        app = DejarikApp(session, save_path=tmp_path / "game.json", ai_delay=0)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await pilot.pause()
            assert mine_in_view(app), "your hand is on screen without scrolling"
            text = await screen_text(pilot)
            assert app.board is not None
            for choice in app.board.choices[:3]:   # the first actions are listed, in words when narrow
                assert (choice.words or choice.action)[:12] in text
            moves = await play_by_keys(app, pilot, secrets, seed)
            assert isinstance(app.screen, GameOverScreen), f"the game did not end in {moves} moves"
            over = await screen_text(pilot)
            assert "Result:" in over and f"seed {seed}" in over
            await press(pilot, "escape", "p")   # the final board, then its public piles
            assert isinstance(app.screen, PilesScreen)
            await press(pilot, "escape", "q")
        assert app.return_code == 0
        assert session.state.is_terminal()

    run(body)


def test_the_solo_game_needs_no_hand_over_and_both_jedi_are_yours(tmp_path: Path) -> None:
    session = Session.new({"players": 1}, 3, "greedy", game="pandemic", humans=(0, 1))
    assert session.label(0) == session.label(1) == "You"

    async def body() -> None:
        app = DejarikApp(session, save_path=tmp_path / "game.json", ai_delay=0)
        async with app.run_test(size=SMALL) as pilot:
            for _ in range(40):
                await settle(pilot)
                assert not isinstance(app.screen, HandOverScreen)
                await press(pilot, "1")
                await go_on_if_asked(pilot)
            assert {line.split(":")[0] for line in session.log if not line.startswith(("--", " "))} >= {
                session.faction(0)}

    run(body)


def test_ending_the_actions_early_asks_first(tmp_path: Path) -> None:
    session = Session.new({"players": 2}, 5, "greedy", game="pandemic", humans=(0,))

    async def body() -> None:
        app = DejarikApp(session, save_path=tmp_path / "game.json", ai_delay=0)
        async with app.run_test(size=LARGE) as pilot:
            await settle(pilot)
            assert session.decider == 0 and "end" in app.actions, "the seed opens on your turn"
            before = session.state.state_hash()
            await press(pilot, hotkey(app.actions.index("end")))
            assert isinstance(app.screen, CautionScreen)
            assert "still has 4 actions left" in await screen_text(pilot)
            await press(pilot, "escape")
            assert session.state.state_hash() == before

    run(body)


def test_a_card_built_face_down_by_the_ai_is_not_named_in_the_log() -> None:
    """Seed 004, building: the opponent's face-down cards are hidden, so the log says only that
    a face-down card got counters (the human plays its first legal action, over a few deals)."""
    hidden = named = 0
    for seed in range(3, 9):
        session = Session.new({}, seed, "greedy", game="tcg", humans=(0,))
        s: Any = session.state
        while not s.is_terminal():
            if session.human_decides:
                session.apply(s.legal_actions()[0])
                continue
            agent, copy, _ = session.ai_job()
            action = agent.act(copy)
            text = s.action_to_text(action)
            session.apply(action)
            if text.startswith("build "):
                card = text.split(" ", 1)[1].rsplit(" +", 1)[0]
                told = session.log[-1] if session.log[-1].startswith("Light Side: build") else next(
                    ln for ln in reversed(session.log) if ln.startswith("Light Side: build"))
                if knows(s, 0, int(card.rsplit("#", 1)[1])):
                    named += 1
                    assert card in told
                else:
                    hidden += 1
                    assert card not in told and "a face-down card" in told
    assert hidden >= 3


def test_sheets_fit_the_width_without_losing_the_first_columns() -> None:
    from dejarik.tui.widgets import SHORTEST_NAME, fit_columns

    assert fit_columns([20, 4, 3, 3], 100) == [20, 4, 3, 3]
    assert fit_columns([20, 4, 3, 3], 30) == [12, 4, 3, 3]         # the first is cut to fit
    assert fit_columns([20, 4, 3, 3], 24) == [16, 4]               # then the last ones go
    assert fit_columns([20, 4, 3, 3], 10)[0] == SHORTEST_NAME      # never below the shortest name
    assert fit_columns([10, 6, 40], 50) == [10, 6, 28]             # a long last column is cut, not lost
    assert fit_columns([], 50) == []
