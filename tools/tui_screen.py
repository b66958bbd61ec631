"""The full-screen terminal app's screen as plain text, for the docs and for bug reports.

Deals GAME at SEED, runs the app headless at WIDTHxHEIGHT, waits for the human's first
decision (AI seats play up to it), presses KEYS (comma separated, as Textual names them:
`1`, `down`, `enter`) and prints what the screen shows.

Usage: .venv/bin/python tools/tui_screen.py GAME [--size 120x34] [--seed 3] [--vs heuristic]
       [--config '{"players": 2}'] [--keys 3,2]
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import sys
from pathlib import Path

from rich.console import Console

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dejarik.tui.app import DejarikApp  # noqa: E402
from dejarik.tui.session import Session  # noqa: E402
from tests.tui.helpers import press, settle  # noqa: E402


def screen_text(app: DejarikApp) -> str:
    """What the active screen shows, one line per row, without colours."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True,
                      force_terminal=True, color_system="truecolor", legacy_windows=False)
    console.print(app.screen._compositor.render_update(full=True))
    return "\n".join(line.rstrip() for line in console.export_text(styles=False).splitlines())


async def capture(game: str, config: dict[str, object], seed: int, vs: str, size: tuple[int, int],
                  keys: list[str], out: Path) -> str:
    session = Session.new(config, seed, vs, game=game)
    app = DejarikApp(session, save_path=out, ai_delay=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for key in keys:
            await press(pilot, key)
            await settle(pilot)
        await pilot.pause()
        return screen_text(app)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--size", default="120x34")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--vs", default="heuristic")
    parser.add_argument("--config", default="{}")
    parser.add_argument("--keys", default="")
    args = parser.parse_args()
    width, height = (int(x) for x in args.size.split("x"))
    keys = [k for k in args.keys.split(",") if k]
    out = Path("dejarik-screen.json")
    print(asyncio.run(capture(args.game, json.loads(args.config), args.seed, args.vs, (width, height),
                              keys, out)))


if __name__ == "__main__":
    main()
