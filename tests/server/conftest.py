"""Fixtures for the game server: an app on a fresh SQLite file (AI moves in a thread), a
PostgreSQL server of our own where the machine has one, and WebSocket seats."""

from __future__ import annotations

import json
import os
import random
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dejarik.server.app import create_app
from dejarik.server.limits import Limits

FAST = Limits(messages_per_second=10_000, message_burst=10_000, creates_per_minute=10_000, create_burst=1000)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Keep each phase's report on the test item (`item.rep_call`), so that a fixture can tell
    in its teardown whether the test failed and print what it knows."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


def make_client(url: str, limits: Limits = FAST, seed: int = 2026) -> TestClient:
    """A server whose games are dealt from a seeded generator, so a test plays the same games
    every run."""
    deal = random.Random(seed)
    return TestClient(create_app(url, limits, ThreadPoolExecutor(1), lambda: deal.getrandbits(62)))


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.db'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with make_client(db_url) as c:
        yield c


class Seat:
    """One WebSocket connection, keeping every message it received."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.messages: list[dict[str, Any]] = []
        self.state: dict[str, Any] = {}

    def recv(self) -> dict[str, Any]:
        m: dict[str, Any] = json.loads(self.ws.receive_text())
        self.messages.append(m)
        if m["type"] == "state":
            self.state = m
        return m

    def until(self, kind: str, seq: int | None = None, errors_ok: bool = False) -> dict[str, Any]:
        """The next message of this kind (and at least this seq). An error on the way fails
        the test, unless it is what we wait for or `errors_ok`: no test waits forever for an
        answer that was refused."""
        while True:
            m = self.recv()
            if m["type"] == kind and (seq is None or m.get("seq", -1) >= seq):
                return m
            if m["type"] == "error" and not errors_ok:
                raise AssertionError(f"waiting for {kind}, got {m}")

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send_text(json.dumps(message))

    def hello(self, token: str | None) -> Seat:
        """Take the seat of `token` (None: watch as a spectator) and wait for the first state."""
        self.send({"type": "hello", "token": token} if token else {"type": "hello"})
        self.until("state")
        return self

    def act(self, action: str, seq: int | None = None) -> None:
        self.send({"type": "act", "seq": self.state["seq"] if seq is None else seq, "action": action})


def pick(legal: list[dict[str, str]], rng: random.Random) -> str:
    """A random legal action, mostly not ending the turn (random games then finish sooner)."""
    busy = [a["action"] for a in legal if a["action"] != "end"]
    return rng.choice(busy) if busy and rng.random() < 0.9 else rng.choice(legal)["action"]


def play_against_ai(me: Seat, rng: random.Random) -> None:
    """Answer every decision of this seat at random until the game is over (the AI plays the
    other seat)."""
    while me.state["status"] != "finished":
        if me.state["legal"]:
            seq = me.state["seq"]
            me.act(pick(me.state["legal"], rng))
            me.until("state", seq + 1)
        else:
            me.recv()


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def friend_game(client: TestClient, **body: Any) -> tuple[str, dict[int, str]]:
    """A game between two humans: (game id, {seat: token})."""
    g = create(client, opponent="friend", seat=0, **body)
    r = client.post(f"/api/games/{g['game']}/join", json={"invite": g["invite"]})
    assert r.status_code == 200, r.text
    return g["game"], {0: g["token"], 1: r.json()["token"]}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# -- PostgreSQL, from the machine's own packages -----------------------------------------------
def _pg_bin() -> Path | None:
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    for candidate in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (candidate / "initdb").exists():
            return candidate
    return None


def _as_postgres(cmd: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run it as the `postgres` user then."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *cmd]
    return cmd


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A PostgreSQL server started for the test session (skips where there is none)."""
    pytest.importorskip("psycopg", reason="psycopg is not installed (pip install dejarik[postgres])")
    bin_dir = _pg_bin()
    if bin_dir is None:
        pytest.skip("PostgreSQL is not installed (Debian: apt-get install postgresql); "
                    ".ci/run installs it")
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        pytest.skip("running as root without runuser: cannot start PostgreSQL as another user")
    # a folder of its own under the system temp dir: the `postgres` user cannot enter pytest's
    base = Path(tempfile.mkdtemp(prefix="dejarik-pg-"))
    data = base / "data"
    data.mkdir()
    if os.geteuid() == 0:
        shutil.chown(base, "postgres")
        shutil.chown(data, "postgres")
    port = free_port()
    init = subprocess.run(_as_postgres([str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres",
                                        "--auth=trust", "-E", "UTF8"]), capture_output=True, text=True)
    if init.returncode != 0:
        pytest.skip(f"initdb failed: {init.stderr.strip()[:300]}")
    opts = f"-c listen_addresses=127.0.0.1 -p {port} -k {data} -c fsync=on"
    start = subprocess.run(_as_postgres([str(bin_dir / "pg_ctl"), "-D", str(data), "-o", opts, "-l",
                                         str(data / "log.txt"), "-w", "-t", "60", "start"]),
                           capture_output=True, text=True)
    if start.returncode != 0:
        pytest.skip(f"PostgreSQL did not start: {start.stderr.strip()[:300]}")
    try:
        deadline = time.time() + 30
        while True:
            made = subprocess.run(_as_postgres([str(bin_dir / "createdb"), "-h", "127.0.0.1", "-p", str(port),
                                                "-U", "postgres", "dejarik"]), capture_output=True, text=True)
            if made.returncode == 0 or time.time() > deadline:
                break
            time.sleep(0.3)
        assert made.returncode == 0, made.stderr
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/dejarik"
    finally:
        subprocess.run(_as_postgres([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
                       capture_output=True)
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture
def pg_url(postgres_url: str) -> Iterator[str]:
    """The session's PostgreSQL database, emptied for each test."""
    import sqlalchemy as sa

    engine = sa.create_engine(postgres_url)
    with engine.begin() as conn:
        conn.execute(sa.text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
    engine.dispose()
    yield postgres_url


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each persistence test runs on SQLite and on PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.db'}"
    url: str = request.getfixturevalue("pg_url")
    return url
