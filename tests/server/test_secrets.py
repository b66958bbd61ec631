"""No secret reaches a seat: a sweep over every message each connection receives in whole
games (issue 8, "Seats and security"). A message may name a card only if its receiver could
see that card just before or just after the action it reports; every card in an enemy's hand
and in every deck is checked against each message. The seed never leaves the server
before the game is over, and neither does the replay file."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dejarik.deckbuilding.describe import refs_in
from dejarik.deckbuilding.game import DeckbuildingState
from tests.server.conftest import Seat, create, friend_game, pick, play_against_ai


def hidden_refs(s: DeckbuildingState, viewer: int) -> set[str]:
    """Every card `viewer` cannot see, from the true state: the hands of players who are not
    the viewer's team, and every deck (decks are face down, to their owners too)."""
    ref = s.refs()
    cards: list[int] = []
    for i, p in enumerate(s.players):
        if viewer < 0 or i not in s.mates[viewer]:
            cards += p.hand
        cards += p.deck
    for r in s.regions:
        cards += r.deck
    return {ref[c] for c in cards}


def sweep(replay: dict[str, Any], seats: dict[int, Seat]) -> int:
    """Check every message of every connection against the replayed game; returns how many
    messages were checked."""
    states = [DeckbuildingState(replay["config"], replay["seed"])]
    for text in replay["actions"]:
        nxt = states[-1].clone()
        nxt.apply(nxt.text_to_action(text))
        states.append(nxt)
    checked = 0
    for viewer, seat in seats.items():
        seen = [set(refs_in(json.dumps(s.observation(viewer)))) for s in states]
        at = 0
        for m in seat.messages:
            if m["type"] == "state":
                at = m["seq"]
            allowed = seen[at] | (seen[at - 1] if at else set())
            leaked = (hidden_refs(states[at], viewer) - allowed) & set(refs_in(json.dumps(m)))
            assert not leaked, f"viewer {viewer} got hidden cards {sorted(leaked)} at action {at}: {m['type']}"
            assert "seed" not in json.dumps(m)
            checked += 1
    return checked


def play_out(seats: list[Seat], rng: random.Random, limit: int = 5000) -> None:
    """Every seat answers with a random legal action whenever it decides, until the end."""
    while seats[0].state["status"] != "finished":
        movers = [s for s in seats if s.state["legal"]]
        if movers:
            m = movers[0]
            seq = m.state["seq"]
            m.act(pick(m.state["legal"], rng))
        else:   # an AI is thinking
            seq = seats[0].state["seq"]
        for s in seats:
            s.until("state", seq + 1)
        assert seats[0].state["seq"] < limit


@pytest.mark.parametrize("seed", ["g", "h"])
def test_no_message_to_any_seat_or_spectator_holds_a_secret(client: TestClient, seed: str) -> None:
    game, tokens = friend_game(client)
    with client.websocket_connect(f"/ws/games/{game}") as a, client.websocket_connect(f"/ws/games/{game}") as b, \
            client.websocket_connect(f"/ws/games/{game}") as w:
        seats = {0: Seat(a).hello(tokens[0]), 1: Seat(b).hello(tokens[1]), -1: Seat(w).hello(None)}
        r = client.get(f"/api/games/{game}/replay")
        assert r.status_code == 409 and "seed" not in r.text   # not before the end
        assert client.get(f"/api/games/{game}/replay/0").status_code == 409
        play_out([seats[0], seats[1], seats[-1]], random.Random(seed))
        replay = client.get(f"/api/games/{game}/replay").json()
    assert sweep(replay, seats) > 2 * len(replay["actions"])
    # these games move cards between hidden places: the others read of it as "a card"
    masked = [e["text"] for m in seats[-1].messages if m["type"] == "state" for e in m["log"]
              if "a card" in e["text"]]
    assert masked


def test_no_message_against_the_ai_holds_a_secret(client: TestClient) -> None:
    g = create(client, opponent="ai", level="medium", seat=0)
    with client.websocket_connect(f"/ws/games/{g['game']}") as a:
        me = Seat(a).hello(g["token"])
        play_against_ai(me, random.Random(5))
        replay = client.get(f"/api/games/{g['game']}/replay").json()
    assert sweep(replay, {0: me}) > len(replay["actions"])
