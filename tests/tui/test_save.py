"""Saving a game from the app and resuming it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dejarik.core.errors import SaveError
from dejarik.tui.session import SAVE_FORMAT, Session

from .helpers import make_app, press, run, screen_text, settle, type_text


def test_save_and_resume_round_trip(tmp_path: Path) -> None:
    async def first() -> tuple[str, list[str]]:
        app = make_app(tmp_path, seed=5)
        async with app.run_test() as pilot:
            await settle(pilot)
            await press(pilot, "1")
            await settle(pilot)
            await press(pilot, "end")  # the last action: end the turn; the AI plays its turn
            await press(pilot, "enter", "y")  # yes, end it with cards unplayed
            await settle(pilot)
            assert app.session.state.turn == 3 and app.session.human_decides
            await press(pilot, "1")
            await settle(pilot)
            await press(pilot, "ctrl+s")
            assert "Saved to" in await screen_text(pilot)
            return app.session.state.state_hash(), list(app.session.log)

    digest, log = run(first)
    path = tmp_path / "game.json"
    data = json.loads(path.read_text())
    assert data["format"] == SAVE_FORMAT and data["humans"] == [0] and data["vs"] == "heuristic"
    assert data["seed"] == 5 and data["log"] == log and data["state"]["turn"] == 3

    async def second() -> None:
        session = Session.load(path)
        app = make_app(tmp_path, session=session)
        async with app.run_test() as pilot:
            await settle(pilot)
            assert session.state.state_hash() == digest
            assert session.log == log
            assert any("Rebels: end" in line for line in session.log)
            before = session.stamp()
            await press(pilot, "1")  # play goes on
            await settle(pilot)
            assert session.stamp() > before

    run(second)


def test_typed_save_to_a_file_and_a_failed_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)

    async def body() -> None:
        app = make_app(tmp_path, seed=6)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            digest = app.session.state.state_hash()
            await type_text(pilot, "save mine.json")
            assert (tmp_path / "mine.json").exists()
            assert "Saved to mine.json" in app.panels["status"].text
            await type_text(pilot, "save no-such-dir/x.json")
            assert "cannot save to no-such-dir/x.json" in app.panels["status"].text
            assert app.session.state.state_hash() == digest

    run(body)
    assert Session.load(tmp_path / "mine.json").state.turn == 1


def test_loading_a_bad_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="missing.json: cannot read"):
        Session.load(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(SaveError, match="bad.json: not valid JSON"):
        Session.load(bad)
    bad.write_text(json.dumps({"format": "something else"}))
    with pytest.raises(SaveError, match="not a game saved by"):
        Session.load(bad)
    good = Session.new({"bases_to_win": 2}, 1, "random").to_json()
    good["state"]["players"][0]["hand"] = "lots"
    bad.write_text(json.dumps(good))
    with pytest.raises(SaveError, match="saved game"):
        Session.load(bad)
