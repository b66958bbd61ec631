"""Playing through the WebSocket: whole games, errors that change nothing, order, idempotence.
Issue 8, "Seats and security" and "Durability"."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from tests.server.conftest import Seat, create, friend_game, make_client


def test_a_whole_game_against_the_ai(client: TestClient) -> None:
    g = create(client, opponent="ai", level="easy", seat=1)
    with client.websocket_connect(f"/ws/games/{g['game']}") as ws:
        me = Seat(ws)
        me.send({"type": "hello", "token": g["token"]})
        assert me.until("welcome")["seat"] == 1
        rng = random.Random(3)
        while True:
            m = me.until("state")
            assert m["obs"]["you"] == 1
            if m["status"] == "finished":
                break
            if m["legal"]:
                me.act(rng.choice(m["legal"])["action"])
                assert me.until("ack")["seq"] == m["seq"] + 1
    assert any(m["type"] == "thinking" for m in me.messages)
    summary = client.get(f"/api/games/{g['game']}").json()
    assert summary["status"] == "finished" and summary["winner"] in (0, 1)
    assert summary["actions"] == me.state["seq"]


def test_an_illegal_or_malformed_action_is_refused_and_changes_nothing(client: TestClient) -> None:
    game, tokens = friend_game(client)
    with client.websocket_connect(f"/ws/games/{game}") as ws:
        me = Seat(ws)
        me.send({"type": "hello", "token": tokens[0]})
        before = me.until("state")
        for bad, code in [
            ({"type": "act", "seq": 0, "action": "buy death-star#1"}, "illegal"),
            ({"type": "act", "seq": 0, "action": "fly away"}, "illegal"),
            ({"type": "act", "seq": 5, "action": "end"}, "stale"),
            ({"type": "act", "seq": "0", "action": "end"}, "malformed"),
            ({"type": "act", "seq": 0}, "malformed"),
            ({"type": "act", "seq": 0, "action": "end", "extra": 1}, "malformed"),
            ({"type": "launch"}, "malformed"),
        ]:
            me.send(bad)
            err = me.until("error")
            assert err["code"] == code, (bad, err)
            assert err["message"]
        ws.send_text("not json at all")
        assert me.until("error")["code"] == "malformed"
        ws.send_text("x" * 5000)
        assert me.until("error")["code"] == "too_large"
        me.send({"type": "ping"})
        assert me.until("pong")
    summary = client.get(f"/api/games/{game}").json()
    assert summary["actions"] == 0 == before["seq"]


def test_a_seat_cannot_act_out_of_turn_and_a_spectator_cannot_act(client: TestClient) -> None:
    game, tokens = friend_game(client)
    with client.websocket_connect(f"/ws/games/{game}") as a, client.websocket_connect(f"/ws/games/{game}") as b, \
            client.websocket_connect(f"/ws/games/{game}") as c:
        first, second, watcher = Seat(a), Seat(b), Seat(c)
        first.send({"type": "hello", "token": tokens[0]})
        second.send({"type": "hello", "token": tokens[1]})
        watcher.send({"type": "hello"})
        s0 = first.until("state")
        s1 = second.until("state")
        w = watcher.until("state")
        deciding, waiting = (first, second) if s0["legal"] else (second, first)
        assert s1["legal"] == [] or s0["legal"] == []
        assert w["legal"] == [] and w["obs"]["you"] == -1
        action = deciding.state["legal"][0]["action"]
        waiting.act(action, 0)
        assert waiting.until("error")["code"] == "not_your_turn"
        watcher.act(action, 0)
        assert watcher.until("error")["code"] == "unauthorized"
    assert client.get(f"/api/games/{game}").json()["actions"] == 0


def test_a_wrong_token_is_refused(client: TestClient) -> None:
    game, _ = friend_game(client)
    with client.websocket_connect(f"/ws/games/{game}") as ws:
        s = Seat(ws)
        s.send({"type": "hello", "token": "guessed-token"})
        assert s.until("error")["code"] == "unauthorized"


def test_the_same_action_sent_twice_counts_once(client: TestClient) -> None:
    game, tokens = friend_game(client)
    with client.websocket_connect(f"/ws/games/{game}") as a, client.websocket_connect(f"/ws/games/{game}") as b:
        seats = [Seat(a).hello(tokens[0]), Seat(b).hello(tokens[1])]
        mover = next(s for s in seats if s.state["legal"])
        action = mover.state["legal"][0]["action"]
        mover.act(action, 0)
        mover.act(action, 0)   # a resend, as after a lost acknowledgement
        first = mover.until("ack")
        again = mover.until("ack")
        assert first["seq"] == again["seq"] == 1 and again.get("repeated") is True
    assert client.get(f"/api/games/{game}").json()["actions"] == 1


def test_actions_sent_together_are_applied_one_at_a_time_in_order(client: TestClient) -> None:
    """Both seats fire their next action without waiting; only the one that is legal at its
    turn is applied, and the stored game replays."""
    game, tokens = friend_game(client)
    rng = random.Random(11)
    with client.websocket_connect(f"/ws/games/{game}") as a, client.websocket_connect(f"/ws/games/{game}") as b:
        seats = [Seat(a).hello(tokens[0]), Seat(b).hello(tokens[1])]
        for _ in range(60):
            seq = seats[0].state["seq"]
            for s in seats:   # both send for the same seq; one of them is not the decider
                legal = s.state["legal"]
                s.act(rng.choice(legal)["action"] if legal else "end", seq)
            for s in seats:
                s.until("state", seq + 1, errors_ok=True)   # the seat that did not decide is refused
            if seats[0].state["status"] == "finished":
                break
    stored = client.get(f"/api/games/{game}").json()["actions"]
    assert stored == seats[0].state["seq"] == seats[1].state["seq"] == 60


def test_a_game_resumes_after_the_server_restarts(any_db_url: str) -> None:
    db_url = any_db_url
    with make_client(db_url) as client:
        game, tokens = friend_game(client)
        with client.websocket_connect(f"/ws/games/{game}") as a, client.websocket_connect(f"/ws/games/{game}") as b:
            seats = [Seat(a).hello(tokens[0]), Seat(b).hello(tokens[1])]
            for _ in range(150):   # past a snapshot (every 100 actions)
                mover = next(s for s in seats if s.state["legal"])
                seq = mover.state["seq"]
                mover.act(mover.state["legal"][-1]["action"])
                for s in seats:
                    s.until("state", seq + 1)
            obs = seats[0].state["obs"]
            log_len = max(e["i"] for m in seats[0].messages if m["type"] == "state" for e in m["log"])
    with make_client(db_url) as client, client.websocket_connect(f"/ws/games/{game}") as ws:
        back = Seat(ws).hello(tokens[0]).state
        assert back["seq"] == 150
        assert back["obs"] == obs
        assert back["log"][-1]["i"] == log_len
