"""Issue 9 acceptance: 2,000 fuzzed games of the cooperative game pass the invariants after
every action (droids and blockades conserved, every card in one place, no hand above 7 once a
step has resolved, tracks in bounds), and their replays reproduce every state hash.

The games mix random and rule-of-thumb players, 1 to 5 players, both sample villains and every
difficulty. DEJARIK_FUZZ_GAMES changes the count (locally).
"""

from __future__ import annotations

import os

import pytest

from dejarik.agents.base import GreedyAgent, RandomAgent
from dejarik.core.replay import Recorder, verify
from dejarik.pandemic.game import new_state
from dejarik.pandemic.invariants import check_invariants
from dejarik.pandemic.state import PandemicState

GAMES = int(os.environ.get("DEJARIK_FUZZ_GAMES", "2000"))
CHUNKS = 20
DIFFICULTIES = ("padawan", "knight", "master", "grandmaster")


def config(i: int) -> dict[str, object]:
    return {"players": 1 + i % 5, "villain": ("Admiral Dravic Sollen", "Sythra Vane")[i // 5 % 2],
            "difficulty": DIFFICULTIES[i // 10 % 4], "turn_limit": 200}


def play(i: int, record: bool) -> PandemicState:
    s = new_state(config(i), 1000 + i)
    assert check_invariants(s) == []
    agents = [(GreedyAgent if (i + p) % 3 == 0 else RandomAgent)(i * 10 + p) for p in range(s.num_players)]
    rec = Recorder("pandemic", s.config, 1000 + i, s) if record else None
    steps = 0
    while not s.is_terminal():
        a = agents[s.current_player].act(s)
        text = s.action_to_text(a)
        s.apply(a)
        steps += 1
        assert check_invariants(s) == []
        if rec:
            rec.record(text, s)
        if i % 50 == 0 and steps % 97 == 0:   # a saved position plays on identically
            again = PandemicState.from_json(s.to_json())
            assert again.state_hash() == s.state_hash()
            assert again.legal_actions() == s.legal_actions()
    if rec:
        res = verify(rec.replay)
        assert res.terminal and res.actions == steps
    return s


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_fuzzed_games_keep_the_invariants(chunk: int) -> None:
    ends = set()
    for i in range(chunk, GAMES, CHUNKS):
        s = play(i, record=i % 10 == 0)
        assert s.done
        ends.add(s.end_reason.split(" (")[0])
    assert ends   # every game came to an end, with a reason


def test_the_fuzz_reaches_the_finale_and_wins() -> None:
    """The fuzz is only worth something if it visits the rare states: a finale and a win."""
    finales = wins = 0
    for i in range(0, 400):
        cfg = config(i) | {"difficulty": "padawan", "players": 2}
        s = new_state(cfg, 5000 + i)
        agents = [GreedyAgent(i), GreedyAgent(i + 1)]
        while not s.is_terminal():
            s.apply(agents[s.current_player].act(s))
            assert check_invariants(s) == []
        finales += s.finale
        wins += s.won
    assert finales > 0 and wins > 0, (finales, wins)
