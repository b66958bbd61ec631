"""Random and rule-of-thumb games with the eight sample decks (every pairing, across eras too),
checking the invariants of tcg/invariants.py after every action (issue 10's acceptance: 2,000
fuzzed games), and that a game's seed and actions replay it exactly."""

from __future__ import annotations

import itertools

import pytest

from dejarik.agents.base import GreedyAgent, RandomAgent
from dejarik.core.replay import Recorder, verify
from dejarik.tcg.game import new_state
from dejarik.tcg.invariants import check_invariants
from dejarik.tcg.state import TcgState

DARK = ("separatist_droid_army", "sith_and_bounty_hunters", "imperial_stormtroopers", "death_star_navy")
LIGHT = ("republic_clone_army", "jedi_council", "rebel_alliance", "mos_eisley_smugglers")
MATCHUPS = list(itertools.product(DARK, LIGHT))


def _play(seed: int, greedy: bool, rec: bool = False) -> tuple[TcgState, Recorder | None]:
    dark, light = MATCHUPS[seed % len(MATCHUPS)]
    s = new_state({"dark": dark, "light": light}, seed)
    agents = [(GreedyAgent if greedy else RandomAgent)(seed * 2 + i) for i in (0, 1)]
    recorder = Recorder("tcg", s.config, seed, s) if rec else None
    assert check_invariants(s) == []
    while not s.done:
        a = agents[s.current_player].act(s)
        text = s.action_to_text(a)
        s.apply(a)
        if recorder is not None:
            recorder.record(text, s)
        assert check_invariants(s) == []
    return s, recorder


@pytest.mark.parametrize("quarter", range(4))
def test_two_thousand_games_keep_the_invariants(quarter: int) -> None:
    """500 games a quarter (the quarters spread over the test workers)."""
    ends = {0: 0, 1: 0, -1: 0}
    turns = 0
    for seed in range(quarter * 500, quarter * 500 + 500):
        s, _ = _play(seed, greedy=seed % 2 == 0)
        ends[s.won] += 1
        turns += s.turn
    assert ends[0] > 75 and ends[1] > 75   # both sides win games
    assert turns / 500 > 1.5


def test_replays_reproduce_every_state() -> None:
    for seed in range(12):
        s, recorder = _play(seed, greedy=True, rec=True)
        assert recorder is not None
        res = verify(recorder.replay)
        assert res.terminal and res.checked_hashes == len(recorder.replay.actions) > 20
        assert res.final_hash == s.state_hash() and res.winner == s.winner()


def test_json_round_trip_mid_game() -> None:
    s = new_state({}, 5)
    agent = GreedyAgent(1)
    for _ in range(120):
        if s.done:
            break
        back = TcgState.from_json(s.to_json())
        assert back.state_hash() == s.state_hash()
        assert back.legal_actions() == s.legal_actions()
        s.apply(agent.act(s))


def test_a_re_dealt_copy_offers_the_same_actions() -> None:
    """What the decider may do never depends on cards it can't see: in a copy where its
    hidden cards are dealt again (as the lookahead and ISMCTS players search), the legal
    actions are the same tuples. (A deck search once offered a different copy of a card
    after the shuffle.)"""
    checked = 0
    for seed in range(60):
        dark, light = MATCHUPS[seed % len(MATCHUPS)]
        s = new_state({"dark": dark, "light": light}, seed)
        agents = [RandomAgent(seed * 2 + i) for i in (0, 1)]
        while not s.done:
            me = s.current_player
            world = s.resample_hidden(me, seed * 7919 + checked)
            assert world.legal_actions() == s.legal_actions(), (seed, s.tasks[-1][0])
            checked += 1
            s.apply(agents[me].act(s))
    assert checked > 3000
