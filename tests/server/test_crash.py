"""Durability: the server is killed with SIGKILL in the middle of a stream of moves and
restarted. Every acknowledged move is still there, the move in flight is there at most once,
and the game plays on to an end whose replay reproduces (issue 8, "Crash test"). Runs on
SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from dejarik.core.replay import Replay, verify
from tests.server.browser import Server


@pytest.fixture
def server(any_db_url: str, tmp_path: Path) -> Iterator[Server]:
    s = Server(tmp_path, db_url=any_db_url, args=("--messages-per-second", "5000",
                                                  "--creates-per-minute", "5000"))
    s.start()
    yield s
    s.stop()


class Client:
    def __init__(self, server: Server, game: str, token: str) -> None:
        self.ws: ClientConnection = connect(f"ws://127.0.0.1:{server.port}/ws/games/{game}").__enter__()
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.state: dict[str, Any] = {}
        self.until("state")

    def until(self, kind: str, seq: int = 0) -> dict[str, Any]:
        while True:
            m: dict[str, Any] = json.loads(self.ws.recv(timeout=30))
            if m["type"] == "state":
                self.state = m
            if m["type"] == "error" and kind == "ack":
                raise AssertionError(m)
            if m["type"] == kind and m.get("seq", 0) >= seq:
                return m


def connect_both(server: Server, game: str, tokens: dict[int, str]) -> list[Client]:
    return [Client(server, game, tokens[0]), Client(server, game, tokens[1])]


def move(clients: list[Client], rng: random.Random, sent: dict[int, tuple[int, str]],
         acked: dict[int, str]) -> None:
    """The seat that decides plays a random legal action; both wait for the new state."""
    mover = next(c for c in clients if c.state["legal"])
    seq = mover.state["seq"]
    busy = [a["action"] for a in mover.state["legal"] if a["action"] != "end"]
    text = rng.choice(busy) if busy and rng.random() < 0.9 else rng.choice(mover.state["legal"])["action"]
    sent[seq] = (clients.index(mover), text)
    mover.ws.send(json.dumps({"type": "act", "seq": seq, "action": text}))
    ack = mover.until("ack", seq + 1)
    acked[seq] = ack["action"]
    for c in clients:
        c.until("state", seq + 1)


def stored_actions(db_url: str, game: str) -> list[tuple[int, str]]:
    engine = sa.create_engine(db_url)
    with engine.connect() as conn:
        rows = conn.execute(sa.text("SELECT idx, action FROM actions WHERE game_id = :g ORDER BY idx"),
                            {"g": game}).all()
    engine.dispose()
    return [(int(r[0]), str(r[1])) for r in rows]


def test_sigkill_in_a_stream_of_moves_loses_no_acknowledged_move(server: Server, any_db_url: str) -> None:
    r = httpx.post(f"{server.url}/api/games", json={"opponent": "friend", "seat": 0})
    g = r.json()
    game = g["game"]
    second = httpx.post(f"{server.url}/api/games/{game}/join", json={"invite": g["invite"]}).json()
    tokens = {0: g["token"], 1: second["token"]}
    clients = connect_both(server, game, tokens)
    rng = random.Random(8)
    sent: dict[int, tuple[int, str]] = {}
    acked: dict[int, str] = {}
    for _ in range(40):   # some moves first, then the kill lands while moves stream
        move(clients, rng, sent, acked)
    killer = threading.Timer(0.4, server.kill9)
    killer.start()
    with pytest.raises((ConnectionClosed, TimeoutError, StopIteration)):
        for _ in range(100_000):
            move(clients, rng, sent, acked)
    killer.join()
    assert len(acked) > 40, "the kill should land after more moves were acknowledged"
    in_flight = {k: v for k, v in sent.items() if k not in acked}
    assert len(in_flight) <= 1

    server.start()   # the same database
    stored = stored_actions(any_db_url, game)
    # every acknowledged move, in order, each once; the one in flight at most once
    assert [i for i, _ in stored] == list(range(len(stored)))
    assert dict(stored[:len(acked)]) == acked
    assert len(acked) <= len(stored) <= len(acked) + len(in_flight)
    clients = connect_both(server, game, tokens)
    assert clients[0].state["seq"] == len(stored)
    # the client did not hear back about its last move, so it sends it again: it counts once
    for seq, (seat, text) in in_flight.items():
        mover = clients[seat]
        mover.ws.send(json.dumps({"type": "act", "seq": seq, "action": text}))
        ack = mover.until("ack", seq + 1)
        assert ack["seq"] == seq + 1
        acked[seq] = text
    assert len(stored_actions(any_db_url, game)) == len(acked)
    # and the game goes on, to the end
    for c in clients:
        c.until("state", len(acked)) if c.state["seq"] < len(acked) else None
    while clients[0].state["status"] != "finished":
        move(clients, rng, sent, acked)
    replay = httpx.get(f"{server.url}/api/games/{game}/replay").json()
    result = verify(Replay.from_json(replay))
    assert result.terminal and result.actions == len(acked) == len(stored_actions(any_db_url, game))
