"""Replays, saved positions, what a player may see and the re-deal of what they may not.

The rulebook (seed 001, "Karty oddziałów") keeps squad cards face up, so every hand is public;
the decks are face down ("Przygotowanie" 3, 4, 6, 7), so their order is hidden."""

from __future__ import annotations

import json

import pytest

from dejarik.agents.base import RandomAgent
from dejarik.core.errors import ReplayError
from dejarik.core.replay import verify
from dejarik.pandemic.state import PandemicState
from dejarik.sim.runner import play_game

from .helpers import PACK, P, act, board, die, game, hand

CONFIGS = [{"players": 2}, {"players": 1}, {"players": 4, "difficulty": "knight"},
           {"pack": PACK, "players": 3, "villain": "Reminder Villain"}]


@pytest.mark.parametrize("cfg", CONFIGS)
def test_random_games_replay_and_verify(cfg: dict[str, object]) -> None:
    """A game played by random agents, recorded, verifies action by action (hashes)."""
    for seed in (1, 2, 3):
        n = 2 if cfg["players"] == 1 else int(cfg["players"])   # type: ignore[call-overload]
        agents = [RandomAgent(seed * 10 + k) for k in range(n)]
        state, result, replay = play_game("pandemic", dict(cfg), seed, agents, record=True)
        assert replay is not None and state.is_terminal()
        out = verify(replay)
        assert out.actions == len(replay.actions) == result.actions
        assert out.checked_hashes == out.actions
        assert out.final_hash == state.state_hash() and out.terminal


def test_a_tampered_replay_fails_to_verify() -> None:
    """The verification would notice a different game (a changed seed)."""
    agents = [RandomAgent(1), RandomAgent(2)]
    _, _, replay = play_game("pandemic", {"players": 2}, 5, agents, record=True)
    assert replay is not None
    replay.seed += 1
    with pytest.raises(ReplayError):
        verify(replay)


def _mid_attack() -> PandemicState:
    s = board(at=("Alpha", "Alpha"))
    s.droids[P(s, "Alpha")], s.droid_pool = 2, 34
    hand(s, 0, "Trooper", "Scout")
    hand(s, 1, "Trooper", "Shield")
    die(s, 1, 1)
    act(s, "attack", "exhaust Trooper")
    return s


def test_json_round_trip_keeps_the_state_hash() -> None:
    """A position, even paused in the middle of an attack, saves to JSON and loads back equal."""
    for s in (game(seed=4), _mid_attack().clone()):
        data = json.loads(json.dumps(s.to_json()))
        t = PandemicState.from_json(data)
        assert t.state_hash() == s.state_hash()
        assert t.legal_actions() == s.legal_actions()
    s = game(seed=7)
    t = PandemicState.from_json(json.loads(json.dumps(s.to_json())))
    for _ in range(30):
        if s.is_terminal():
            break
        a = s.legal_actions()[0]
        s.apply(a)
        t.apply(a)
        assert t.state_hash() == s.state_hash()


def test_resample_hidden_reorders_only_the_hidden_decks() -> None:
    """The re-deal keeps everything public (hands, board, tracks, discards, missions in play)
    and only re-orders the face-down decks (the same cards in each)."""
    s = game(seed=3)
    differs = False
    for seed in range(1, 8):
        t = s.resample_hidden(0, seed)
        for name in ("hands", "exhausted", "pos", "droids", "blockades", "droid_pool", "threat",
                     "invasion", "fig_pos", "squad_discard", "villain_discard", "inv_discard",
                     "slots", "mission_done", "active", "tasks", "actions_left", "reminder"):
            assert getattr(t, name) == getattr(s, name), name
        assert sorted(t.squad_deck) == sorted(s.squad_deck)
        assert sorted(t.villain_deck) == sorted(s.villain_deck)
        assert sorted(t.inv_deck) == sorted(s.inv_deck)
        assert len(t.mission_deck) == len(s.mission_deck)
        assert sorted(t.mission_deck + t.mission_unseen) == sorted(s.mission_deck + s.mission_unseen)
        assert t.observation(0) == s.observation(0)
        differs |= (t.squad_deck != s.squad_deck or t.villain_deck != s.villain_deck
                    or t.inv_deck != s.inv_deck)
    assert differs


def test_resample_keeps_the_known_groups_of_a_siege() -> None:
    """Seed 001, "Planeta pod oblężeniem!" 3: the discard shuffled onto the invasion deck is
    known as a group (not its order): a re-deal keeps those cards on top."""
    s = game(seed=2)
    s.inv_segments = [3]
    top = sorted(s.inv_deck[-3:])
    for seed in range(1, 6):
        t = s.resample_hidden(0, seed)
        assert sorted(t.inv_deck[-3:]) == top


def test_observation_holds_no_deck_order() -> None:
    """The observation shows the decks' sizes, never their order (hands are public)."""
    s = game(seed=6)
    obs = s.observation(1)
    assert obs["squad_deck"] == len(s.squad_deck)
    assert obs["invasion_deck"] == len(s.inv_deck)
    assert obs["villain"]["deck"] == len(s.villain_deck)
    assert obs["mission_deck"] == len(s.mission_deck)
    assert [c["name"] for c in obs["jedi"][0]["cards"]] == [s.card_name(c) for c in s.hands[0]]
    text = json.dumps(obs)
    for m in s.mission_deck + s.mission_unseen:
        assert s.pack.missions[m].name not in text
    t = s.clone()
    t.squad_deck.reverse()
    t.villain_deck.reverse()
    t.inv_deck.reverse()
    assert t.observation(1) == obs
