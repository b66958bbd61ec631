"""The heuristic player (issue 4, first step): it decides from its observation only, it is
deterministic for a seed, and it beats a random player."""

from __future__ import annotations

from dejarik.agents.base import HeuristicAgent, RandomAgent
from dejarik.deckbuilding.game import DeckbuildingState
from dejarik.deckbuilding.hooks import HOOKS
from dejarik.sim.runner import play_game


def _positions(seed: int, every: int = 7) -> list[DeckbuildingState]:
    """Positions along a random game, some of them in the middle of an ability."""
    s = DeckbuildingState({}, seed)
    agent = RandomAgent(seed)
    out = []
    step = 0
    while not s.is_terminal() and step < 400:
        if step % every == 0:
            out.append(s.clone())
        s.apply(agent.act(s))
        step += 1
    return out


def test_same_observation_same_decision() -> None:
    """Two positions that differ only in cards hidden from the player (the opponent's hand,
    every deck's order) give the same decision for the same seed: it cannot peek."""
    checked = 0
    for s in _positions(11):
        me = s.current_player
        other = s.resample_hidden(me, seed=12345)
        assert other.observation(me) == s.observation(me)
        if other.state_hash() == s.state_hash():
            continue
        assert HeuristicAgent(seed=9).act(s) == HeuristicAgent(seed=9).act(other)
        checked += 1
    assert checked >= 20


def test_evaluation_reads_only_what_the_player_may_know() -> None:
    for s in _positions(5, every=5):
        for p in (0, 1):
            other = s.resample_hidden(p, seed=77)
            assert HOOKS.evaluate(other, p) == HOOKS.evaluate(s, p)


def test_heuristic_beats_random_with_seats_swapped() -> None:
    wins = 0
    games = 6
    for i in range(games):
        for seat in (0, 1):
            players = [RandomAgent(100 + i), RandomAgent(200 + i)]
            players[seat] = HeuristicAgent(300 + i)
            _, result, _ = play_game("deckbuilding", {"turn_limit": 300}, 1000 + i, players)
            wins += result.winner == seat
    assert wins >= 2 * games - 1, f"heuristic won only {wins} of {2 * games}"
