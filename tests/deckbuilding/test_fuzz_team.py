"""Random 2v2 team games (seed 002) with invariant checks after every action (issue 7).

1,000 uniformly random team games in both modes. After every action the engine's invariants
hold (cards conserved, pools, the Force, damage) and the team invariants too: every capital
ship in play lies in exactly one shared zone, its team's, and the game is won exactly when a
side has destroyed bases_to_win bases of *each* enemy's deck (`invariants._teams`). Every
10th action, each player's observation shows their own and their teammate's hand and no
enemy hand or deck order; every 10th game's replay must reproduce every state hash (random
team games run to thousands of actions; this keeps the test inside CI's time). Set
DEJARIK_FUZZ_TEAM_GAMES to run more.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from dejarik.core.replay import Replay, verify

from .test_fuzz import TATOOINE, TURN_LIMIT, play_checked

GAMES = int(os.environ.get("DEJARIK_FUZZ_TEAM_GAMES", "1000"))
CHUNKS = 20
MODES: list[dict[str, Any]] = [
    {"team": True},
    {"team": True, "mode": "full", **TATOOINE},
    {"team": True, "bases_to_win": 2, "bribing": True},
    {"team": True, "mode": "full", "bases_to_win": 4, **TATOOINE},
]


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_team_games_keep_invariants_and_replay(chunk: int) -> None:
    per_chunk = -(-GAMES // CHUNKS)
    finished = 0
    for i in range(per_chunk):
        seed = 10_000 + chunk * per_chunk + i
        config = {**MODES[seed % len(MODES)], "turn_limit": TURN_LIMIT}
        s, replay = play_checked(config, seed, observe_every=10, record=seed % 10 == 0)
        assert s.num_players == 4
        finished += s.winner() is not None
        if s.winner() is not None:
            won = s.teams[s.winner()]
            assert all(len(s.players[m].victory) >= s.bases_to_win for m in won)
        if replay is not None:
            result = verify(Replay.from_json(replay.to_json()))
            assert result.checked_hashes == len(replay.actions)
            assert result.final_hash == s.state_hash()
    if per_chunk >= 20:
        assert finished >= per_chunk * 0.5, f"only {finished}/{per_chunk} random team games had a winner"
