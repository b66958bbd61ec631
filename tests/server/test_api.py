"""The HTTP API: creating and joining games, validation, limits, replays (issue 8)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from fastapi.testclient import TestClient

from dejarik.core.replay import Replay, verify
from dejarik.server.limits import Limits, TokenBucket
from tests.server.conftest import Seat, create, make_client, play_against_ai


def games_stored(client: TestClient) -> int:
    count: int = client.app.state.hub.store.count_games()  # type: ignore[attr-defined]
    return count


def test_options_offer_the_playable_editions_and_the_ai_levels(client: TestClient) -> None:
    opts = client.get("/api/options").json()
    editions = {e["id"]: e for e in opts["editions"]}
    assert editions["original"]["playable"] is True
    # the Clone Wars pack lacks card data: offered, but disabled with the reason
    assert (editions["clone_wars"]["playable"] is False and "clone_wars" in editions["clone_wars"]["note"]) \
        or "cannot deal" in editions["clone_wars"]["note"]
    levels = opts["levels"]
    assert [lv["id"] for lv in levels] == ["beginner", "easy", "medium", "hard"]
    # each says how strong it measured and how long it thinks, strongest last
    assert all("rating" in lv["title"] and " a move" in lv["title"] for lv in levels)
    assert [lv["rating"] for lv in levels] == sorted(lv["rating"] for lv in levels)


def test_bad_requests_are_refused_with_the_reason_and_store_nothing(client: TestClient) -> None:
    for body, words in [
        ({"level": "godlike"}, "level"),
        ({"opponent": "ai", "extra": 1}, "extra"),
        ({"bases_to_win": 9}, "bases_to_win"),
        ({"seat": "0"}, "seat"),
        ({"edition": "clone_wars"}, "cannot deal"),
    ]:
        r = client.post("/api/games", json=body)
        assert r.status_code == 400, (body, r.text)
        assert words in r.json()["error"], r.json()
    r = client.post("/api/games", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "bad request" in r.json()["error"]
    r = client.post("/api/games", content=b"{" + b" " * 20000 + b"}", headers={"content-type": "application/json"})
    assert r.status_code == 413 and "larger than" in r.json()["error"]
    assert games_stored(client) == 0


def test_an_invite_claims_its_seat_once(client: TestClient) -> None:
    g = create(client, opponent="friend", seat=1)
    assert g["seat"] == 1 and g["invite"]
    assert client.get(f"/api/games/{g['game']}").json()["status"] == "waiting"
    assert client.post(f"/api/games/{g['game']}/join", json={"invite": "guess"}).status_code == 403
    r = client.post(f"/api/games/{g['game']}/join", json={"invite": g["invite"]})
    assert r.status_code == 200 and r.json()["seat"] == 0 and r.json()["token"] != g["token"]
    again = client.post(f"/api/games/{g['game']}/join", json={"invite": g["invite"]})
    assert again.status_code == 403 and "works once" in again.json()["error"]
    summary = client.get(f"/api/games/{g['game']}").json()
    assert summary["status"] == "playing" and all(s["claimed"] for s in summary["seats"])


def test_seat_tokens_are_unguessable_and_stored_only_as_digests(client: TestClient, db_url: str) -> None:
    g = create(client, opponent="friend")
    assert len(g["token"]) >= 32 and len(g["invite"]) >= 20
    raw = Path(db_url.removeprefix("sqlite:///")).read_bytes()
    assert g["token"].encode() not in raw and g["invite"].encode() not in raw


def test_unknown_games_are_404(client: TestClient) -> None:
    assert client.get("/api/games/nope").status_code == 404
    with client.websocket_connect("/ws/games/nope") as ws:
        s = Seat(ws)
        s.send({"type": "hello"})
        assert s.until("error")["code"] == "not_found"


def test_new_games_are_rate_limited_per_address(db_url: str) -> None:
    with make_client(db_url, Limits(creates_per_minute=1, create_burst=3)) as client:
        codes = [client.post("/api/games", json={}).status_code for _ in range(5)]
    assert codes == [201, 201, 201, 429, 429]


def test_a_token_bucket_refills_at_its_rate() -> None:
    now = [0.0]
    bucket = TokenBucket(2.0, 3, clock=lambda: now[0])
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    now[0] += 0.5
    assert bucket.take() and not bucket.take()


def test_messages_over_the_rate_are_ignored_with_an_error(db_url: str) -> None:
    with make_client(db_url, Limits(messages_per_second=1, message_burst=2)) as client:
        g = create(client)
        with client.websocket_connect(f"/ws/games/{g['game']}") as ws:
            s = Seat(ws).hello(g["token"])
            for _ in range(4):
                s.send({"type": "ping"})
            kinds = [s.recv()["type"] for _ in range(4)]
    assert kinds.count("pong") == 2 and kinds.count("error") == 2


def test_a_finished_game_replays_step_by_step_and_downloads(client: TestClient) -> None:
    g = create(client, opponent="ai", level="easy", seat=0)
    game = g["game"]
    with client.websocket_connect(f"/ws/games/{game}") as ws:
        me = Seat(ws).hello(g["token"])
        play_against_ai(me, random.Random(1))
    r = client.get(f"/api/games/{game}/replay")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    replay = Replay.from_json(json.loads(r.text))
    assert verify(replay).terminal and len(replay.actions) == me.state["seq"]
    total = len(replay.actions)
    start = client.get(f"/api/games/{game}/replay/0?seat=0").json()
    assert start["step"] == 0 and start["action"] is None and start["total"] == total
    mid = client.get(f"/api/games/{game}/replay/5?seat=0").json()
    assert mid["action"] == replay.actions[4] and mid["obs"]["you"] == 0
    end = client.get(f"/api/games/{game}/replay/{total}").json()
    assert end["obs"]["terminal"] and end["obs"]["you"] == -1
    assert client.get(f"/api/games/{game}/replay/{total + 1}").status_code == 400
    assert client.get(f"/api/games/{game}/replay/1?seat=7").status_code == 400


def test_serve_refuses_a_database_it_cannot_use_before_serving(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from dejarik.cli.main import main

    for url, words in [("foo://x", "Can't load plugin"),
                       (f"sqlite:///{tmp_path}/no/such/dir/g.db", "unable to open database file")]:
        result = CliRunner().invoke(main, ["serve", "--db", url])
        assert result.exit_code == 2 and words in result.output, result.output


def test_serving_on_a_port_in_use_is_refused_before_it_says_it_serves(tmp_path: Path) -> None:
    """It used to print "Dejarik is serving at ..." and then exit 3 with uvicorn's message."""
    import socket

    from click.testing import CliRunner

    from dejarik.cli.main import main

    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = CliRunner().invoke(main, ["serve", "--port", str(port), "--db",
                                           f"sqlite:///{tmp_path}/g.db"])
    assert result.exit_code == 2, result.output
    assert f"cannot serve at 127.0.0.1:{port}" in result.output and "--port" in result.output
    assert "serving at" not in result.output


def test_a_connection_joins_the_room_everyone_else_reaches(db_url: str) -> None:
    """A page's request drops an idle room as soon as it has read it. A connection that was
    waiting on that same load must not join the dropped copy: it would never hear of the
    friend who joins next (the browser test caught the host stuck at "waiting")."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from dejarik.server.db import open_engine
    from dejarik.server.rooms import Conn, Hub, Room
    from dejarik.server.schema import CreateGame
    from dejarik.server.store import Store

    async def scenario() -> None:
        heard: list[dict[str, object]] = []

        async def hear(text: str) -> None:
            heard.append(json.loads(text))

        with ThreadPoolExecutor(1) as pool:
            hub = Hub(Store(open_engine(db_url)), Limits(), pool, pool, lambda: 7)
            room, _, token, invite = await hub.create(CreateGame(opponent="friend", seat=0))
            assert invite is not None
            hub.maybe_forget(room)                 # no connection yet: dropped

            async def page_request() -> None:     # as app.read_room: read it, keep nothing
                hub.maybe_forget(await hub.room(room.id))

            async def connection() -> Room:       # as the WebSocket: join the room it gets
                got = await hub.room(room.id)
                host = Conn(hear, Limits())
                host.seat = got.seat_of(token)
                got.join(host)
                return got

            _, host_room = await asyncio.gather(page_request(), connection())
            assert hub.rooms.get(room.id) is host_room, "the connection joined a dropped room"
            await hub.join(room.id, invite)
            await asyncio.sleep(0.05)              # the connection's writer sends its queue
            states = [m["status"] for m in heard if m["type"] == "state"]
            assert states[0] == "waiting" and states[-1] == "playing", states
            for c in list(host_room.conns):
                host_room.leave(c)

    asyncio.run(scenario())
