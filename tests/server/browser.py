"""Helpers for driving the web UI in a real headless Chromium (Playwright) against a real
`dejarik serve` process: finding the browser, starting and stopping the server, the new-game
form, and playing by clicking. Used by tests/server/test_browser.py and tools/screenshots.py.

Nothing here talks to the game's WebSocket itself: every move is a click (or tap) in the page.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import random
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

# Launch flags that work on a headless machine running as root without network access.
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync"]
DESKTOP = {"viewport": {"width": 1280, "height": 860}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
MOVE_TIMEOUT = 30_000  # ms: an AI move, a round trip, a page load


def chromium_path() -> str | None:
    """The machine's Chromium (Debian's /usr/bin/chromium, or `chromium` on PATH)."""
    if Path("/usr/bin/chromium").exists():
        return "/usr/bin/chromium"
    return shutil.which("chromium")


def missing() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install playwright; no browser download needed)"
    if chromium_path() is None:
        return "Chromium is not installed (no /usr/bin/chromium and no `chromium` on PATH; Debian: apt-get install chromium)"
    return None


def launch(p: Any) -> Any:
    """A headless Chromium browser from a `sync_playwright()` handle."""
    return p.chromium.launch(executable_path=chromium_path(), args=LAUNCH_ARGS)


# The UI's endless animations (the playable cards' glow, the thinking dots) repaint every frame;
# in a software-rendered headless browser on a busy machine that slows every click. Tests turn
# them off (the screenshots keep them).
_STILL = """document.addEventListener('DOMContentLoaded', () => {
  const s = document.createElement('style');
  s.textContent = '*, *::before, *::after { animation: none !important; transition: none !important; }';
  document.head.append(s);
});"""


def new_context(browser: Any, *, still: bool = True, **options: Any) -> Any:
    """A browser context (a separate profile: its own localStorage) with `options`
    (DESKTOP, PHONE, ...); `still`: without animations."""
    ctx = browser.new_context(**options)
    ctx.set_default_timeout(MOVE_TIMEOUT)
    if still:
        ctx.add_init_script(_STILL)
    return ctx


# -- the server ----------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _death_signal() -> Any:
    """A function for the server's process to run before it starts: be sent SIGTERM if the
    test process dies without stopping it (Linux's PR_SET_PDEATHSIG; elsewhere None). Looked
    up here, so that the child only calls into libc between fork and exec."""
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    return lambda: prctl(1, signal.SIGTERM)


@dataclass
class Server:
    """A `dejarik serve` subprocess on a fresh SQLite file."""

    folder: Path
    port: int = 0
    proc: subprocess.Popen[bytes] | None = None
    out: Any = None
    db_url: str = ""                                    # default: g.db in `folder`
    args: tuple[str, ...] = ("--messages-per-second", "50")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def db_path(self) -> Path:
        return self.folder / "g.db"

    def start(self, timeout: float = 60.0) -> Server:
        self.port = self.port or free_port()
        self.out = open(self.folder / "server.log", "wb")  # noqa: SIM115 (closed in stop)
        cmd = [sys.executable, "-m", "dejarik.cli.main", "serve", "--db", self.db_url or f"sqlite:///{self.db_path}",
               "--port", str(self.port), "--ai-workers", "1", *self.args]
        self.proc = subprocess.Popen(cmd, stdout=self.out, stderr=subprocess.STDOUT,
                                     preexec_fn=_death_signal())
        deadline = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"dejarik serve exited with {self.proc.returncode}:\n{self.log()}")
            try:
                if httpx.get(f"{self.url}/api/options", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"dejarik serve did not answer within {timeout:.0f} s:\n{self.log()}")
            time.sleep(0.1)

    def log(self) -> str:
        path = self.folder / "server.log"
        return path.read_text(errors="replace")[-4000:] if path.exists() else ""

    def kill9(self) -> None:
        """Kill the server at once (SIGKILL): no shutdown code runs."""
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.proc = None
        if self.out is not None:
            self.out.close()
            self.out = None


@contextlib.contextmanager
def running_server(folder: Path) -> Iterator[Server]:
    server = Server(folder).start()
    try:
        yield server
    finally:
        server.stop()


# -- the game in the database (read-only) --------------------------------------------------------
def stored_game(db_path: Path, game_id: str) -> dict[str, Any]:
    """{"config", "seed", "actions"} of a game, read straight from the server's SQLite file
    (read-only): the truth a test checks the page against while the game is in progress."""
    con = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        row = con.execute("SELECT config, seed FROM games WHERE id = ?", (game_id,)).fetchone()
        assert row is not None, f"no game {game_id} in {db_path}"
        acts = [a for (a,) in con.execute("SELECT action FROM actions WHERE game_id = ? ORDER BY idx",
                                          (game_id,))]
    finally:
        con.close()
    return {"config": json.loads(row[0]), "seed": int(row[1]), "actions": acts}


def replay_states(game: dict[str, Any]) -> list[Any]:
    """The engine's state before the first action and after each one."""
    from dejarik.deckbuilding.game import DeckbuildingState

    states = [DeckbuildingState(game["config"], game["seed"])]
    for text in game["actions"]:
        nxt = states[-1].clone()
        nxt.apply(nxt.text_to_action(text))
        states.append(nxt)
    return states


# -- the page ------------------------------------------------------------------------------------
def game_id_of(page: Any) -> str:
    path = page.url.split("#")[0].rstrip("/")
    assert "/game/" in path, page.url
    return path.rsplit("/", 1)[1]


def create_game(page: Any, base: str, *, opponent: str = "ai", level: str = "easy", seat: str = "0",
                bases: int | None = None, mode: str | None = None, tap: bool = False) -> str:
    """Fill in the new-game form on the home page and start the game; returns its id once
    the game screen is showing."""
    page.goto(f"{base}/")
    page.wait_for_selector("#create-form")
    # the options arrive from /api/options; wait until the form holds them
    page.wait_for_function("() => document.querySelector('#level').options.length >= 4")
    page.select_option("#opponent", opponent)
    if opponent == "ai":
        page.select_option("#level", level)
    page.select_option("#seat", seat)
    if mode is not None:
        page.select_option("#mode", mode)
    if bases is not None:
        page.fill("#bases", str(bases))
    if tap:
        page.tap("#create")
    else:
        page.click("#create")
    page.wait_for_url("**/game/*", timeout=MOVE_TIMEOUT)
    page.wait_for_selector("#board[data-status='playing'], #board[data-status='waiting']", timeout=MOVE_TIMEOUT)
    return game_id_of(page)


# What a page shows, for a failing test's report: the board's attributes, the connection and the
# text of any visible error box.
DIAGNOSE = """() => {
  const attrs = (sel) => { const e = document.querySelector(sel); return e ? Object.assign({}, e.dataset) : null; };
  const text = (sel) => { const e = document.querySelector(sel); return e && !e.hidden ? e.textContent : null; };
  return JSON.stringify({board: attrs('#board'), conn: attrs('#conn'), error: text('#error'),
                         joinError: text('#join-error'), prompt: text('#prompt')});
}"""


def seq(page: Any) -> int:
    value = page.get_attribute("#board", "data-seq")
    return int(value) if value else -1


# The page's position in one call: {"ready": "finished" | "decide" | "", "seq", "actions"}.
# "decide": this page has a decision (enabled action buttons).
_SNAPSHOT = """() => {
  const b = document.querySelector('#board');
  const buttons = Array.from(document.querySelectorAll('#actions button.action:not([disabled])'));
  const ready = !b ? '' : b.dataset.status === 'finished' ? 'finished' : buttons.length ? 'decide' : '';
  return {ready, seq: b && b.dataset.seq ? Number(b.dataset.seq) : -1, actions: buttons.map((x) => x.dataset.action)};
}"""


def snapshot(page: Any) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(_SNAPSHOT)
    return result


def wait_ready(page: Any, timeout: float = MOVE_TIMEOUT) -> dict[str, Any]:
    """Wait until the page must decide or the game is over; returns the snapshot then."""
    handle = page.wait_for_function(f"() => {{ const s = ({_SNAPSHOT})(); return s.ready ? s : false; }}",
                                    timeout=timeout)
    result: dict[str, Any] = handle.json_value()
    return result


def wait_seq_past(page: Any, old: int, timeout: float = MOVE_TIMEOUT) -> None:
    page.wait_for_function("(old) => Number(document.querySelector('#board').dataset.seq || -1) > old",
                           arg=old, timeout=timeout)


def wait_seq(page: Any, value: int, timeout: float = MOVE_TIMEOUT) -> None:
    page.wait_for_selector(f"#board[data-seq='{value}']", state="attached", timeout=timeout)


@dataclass
class Player:
    """Picks and clicks moves in one page: mostly the first action that isn't 'end' (so the
    game moves on and finishes), sometimes a random one, and sometimes by clicking a playable
    card (then the action menu, when it opens) instead of a button."""

    rng: random.Random = field(default_factory=lambda: random.Random(1))
    tap: bool = False
    card_clicks: int = 0
    menu_clicks: int = 0
    button_clicks: int = 0

    def _press(self, page: Any, selector: str) -> None:
        if self.tap:
            page.tap(selector)
        else:
            page.click(selector)

    def move(self, page: Any, snap: dict[str, Any] | None = None) -> None:
        """Make one move in `page`, which must have a decision (`snap`: its snapshot, if the
        caller has it); returns once the page shows the next position."""
        snap = snap or snapshot(page)
        texts: list[str] = snap["actions"]
        assert texts, "no action buttons to click"
        busy = [t for t in texts if t != "end"]
        if busy and self.rng.random() < 0.3 and page.locator(".card.playable").count():
            self._click_card(page, snap["seq"])
        else:
            if busy and self.rng.random() < 0.93:
                text = busy[0] if self.rng.random() < 0.75 else self.rng.choice(busy)
            else:
                text = self.rng.choice(texts)
            self._press(page, f'#actions button.action[data-action="{css_string(text)}"]')
            self.button_clicks += 1
        wait_seq_past(page, snap["seq"])

    def _click_card(self, page: Any, before: int) -> None:
        """Click (tap) a playable card: it plays when it is the subject of one action, else the
        action menu opens and its first action is clicked."""
        cards = page.locator(".card.playable")
        card = cards.nth(self.rng.randrange(cards.count()))
        card.scroll_into_view_if_needed()
        if self.tap:
            card.tap()
        else:
            card.click()
        self.card_clicks += 1
        menu = page.locator("#action-menu:not([hidden]) button.menu-action:not([disabled])")
        # either the action went off at once (pending, or already answered) or the menu opened
        page.wait_for_function("""(old) => !document.querySelector('#action-menu').hidden
            || !document.querySelector('#actions button.action:not([disabled])')
            || Number(document.querySelector('#board').dataset.seq) > old""", arg=before, timeout=MOVE_TIMEOUT)
        if page.locator("#action-menu:not([hidden])").count():
            if menu.count():
                if self.tap:
                    menu.first.tap()
                else:
                    menu.first.click()
                self.menu_clicks += 1
            else:   # a sheet without an action for this card (phones): close it, click a button
                self._press(page, "#action-menu .menu-close")
                self._press(page, "#actions button.action")
                self.button_clicks += 1


def css_string(text: str) -> str:
    """`text` for use inside a double-quoted CSS attribute selector."""
    return text.replace("\\", "\\\\").replace('"', '\\"')


def play_until(page: Any, player: Player, *, moves: int | None = None, limit: int = 1500) -> int:
    """Click moves in a game against the AI until the game is over (or `moves` were made);
    returns how many moves this page made."""
    made = 0
    while (moves is None or made < moves) and made < limit:
        snap = wait_ready(page)
        if snap["ready"] == "finished":
            return made
        player.move(page, snap)
        made += 1
    assert moves is not None, f"the game did not finish within {limit} moves"
    return made


def log_lines(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("#log .log-line", "ls => ls.map(l => l.textContent)"))


def storage(page: Any) -> dict[str, dict[str, str]]:
    """The page's localStorage and sessionStorage, as {"local": {...}, "session": {...}}."""
    result: dict[str, dict[str, str]] = page.evaluate("""() => {
      const dump = (s) => Object.fromEntries(Array.from({length: s.length}, (_, i) => [s.key(i), s.getItem(s.key(i))]));
      return {local: dump(localStorage), session: dump(sessionStorage)};
    }""")
    return result


def record_frames(page: Any) -> list[str]:
    """Every WebSocket frame the page receives from now on (appended as they arrive)."""
    frames: list[str] = []

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", lambda payload: frames.append(
            payload.decode("utf-8", "replace") if isinstance(payload, bytes) else payload))

    page.on("websocket", on_socket)
    return frames


def page_width(page: Any) -> int:
    return int(page.evaluate("() => document.documentElement.scrollWidth"))
