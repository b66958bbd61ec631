"""An observer that rewrites only what changed since its last observation (the environments
step with one) must give exactly the observation written whole, at every step, for every
seat, in every configuration; and one written for a batch of games must equal each game's."""

from __future__ import annotations

import numpy as np
import pytest

from dejarik.agents.base import parse_agents
from dejarik.core.spaces import learning_game, learning_games

INCREMENTAL_CASES = [
    ("deckbuilding", {}), ("deckbuilding", {"team": True}), ("deckbuilding", {"bribing": True}),
    ("pandemic", {"players": 1}), ("pandemic", {"players": 4, "difficulty": "grandmaster"}),
    ("tcg", {}), ("tcg", {"dark": "sith_and_bounty_hunters", "light": "jedi_council"}),
]


def test_every_game_has_an_incremental_case() -> None:
    assert sorted({game for game, _ in INCREMENTAL_CASES}) == learning_games()


@pytest.mark.parametrize(("name", "config"), INCREMENTAL_CASES,
                         ids=[f"{g}-{'-'.join(map(str, c.values())) or 'default'}"
                              for g, c in INCREMENTAL_CASES])
def test_an_observer_that_rewrites_what_changed_writes_the_whole_observation(
        name: str, config: dict[str, object]) -> None:
    """Each seat's observer, kept from step to step, against a fresh observation (written
    whole) at every step of random and rule-of-thumb games; then a new game after forget()."""
    game, spaces = learning_game(name)
    cfg = game.normalize_config({**config, "turn_limit": 60})
    steps = 0
    for seed in range(4):
        state = game.new_state(cfg, seed)
        layout = spaces.for_state(state)
        watchers = [layout.observer() for _ in range(state.num_players)]
        players = parse_agents("random" if seed % 2 else "greedy", seed, state.num_players)
        while not state.is_terminal():
            for seat, watcher in enumerate(watchers):
                assert np.array_equal(watcher.observe(state, seat), layout.observe(state, seat))
            steps += 1
            state.apply(players[state.current_player].act(state))
        fresh = game.new_state(cfg, seed + 100)
        watchers[0].forget()
        assert np.array_equal(watchers[0].observe(fresh, 0), layout.observe(fresh, 0))
    assert steps > 300


@pytest.mark.parametrize("name", learning_games())
def test_every_games_observers_and_batches_match_its_observation(name: str) -> None:
    game, spaces = learning_game(name)
    cfg = game.normalize_config({})
    states = [game.new_state(cfg, seed) for seed in range(3)]
    layout = spaces.for_state(states[0])
    watcher = layout.observer()
    players = parse_agents("random", 1, states[0].num_players)
    for _ in range(30):
        for s in states:
            if not s.is_terminal():
                s.apply(players[s.current_player].act(s))
        seats = [max(s.current_player, 0) for s in states]
        batch = layout.observe_batch(states, seats)
        for i, (s, seat) in enumerate(zip(states, seats, strict=True)):
            assert np.array_equal(batch[i], layout.observe(s, seat))
        assert np.array_equal(watcher.observe(states[0], seats[0]), layout.observe(states[0], seats[0]))
