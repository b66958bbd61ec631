"""Issue 9, "Players": the heuristic and ISMCTS players take any seat through the kernel
protocol, with the die as chance, and never read a hidden order."""

from __future__ import annotations

import pytest

from dejarik.agents.base import make_agent
from dejarik.pandemic.game import new_state


@pytest.mark.parametrize("spec", ["heuristic", "ismcts:iterations=30", "greedy"])
def test_an_agent_plays_any_seat_to_the_end(spec: str) -> None:
    s = new_state({"players": 3, "difficulty": "padawan"}, 21)
    agents = [make_agent(spec if seat == 1 else "greedy", 5 + seat) for seat in range(3)]
    seats_played = set()
    while not s.is_terminal():
        seats_played.add(s.current_player)
        s.apply(agents[s.current_player].act(s))
    assert seats_played == {0, 1, 2}
    assert s.returns() in ([1.0] * 3, [-1.0] * 3)   # one team: the same result for every seat


@pytest.mark.parametrize("spec", ["heuristic", "ismcts:iterations=40"])
def test_decisions_depend_only_on_what_the_player_may_know(spec: str) -> None:
    """Two positions that differ only in hidden orders (decks, the mission deck, future dice)
    get the same decision from an agent with the same seed."""
    for seed in range(6):
        s = new_state({"players": 2}, 100 + seed)
        a, b = s.resample_hidden(0, 1), s.resample_hidden(0, 2)
        assert a.squad_deck != b.squad_deck or a.villain_deck != b.villain_deck
        assert a.observation(0) == b.observation(0)
        assert make_agent(spec, 9).act(a) == make_agent(spec, 9).act(b)
