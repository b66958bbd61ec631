"""The fitted evaluation: the tuner (`dejarik tune`), the deckbuilder's features and the hooks
that judge a move as its turn would end."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import yaml
from click.testing import CliRunner

from dejarik.agents.base import GreedyAgent, HeuristicAgent, RandomAgent, make_agent
from dejarik.agents.tune import fit_logistic, fit_shrunk, play_positions, tune
from dejarik.cli.main import main
from dejarik.core.errors import ConfigError
from dejarik.core.rng import Rng
from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding.evaluate import FEATURES, TEAM_WEIGHTS, WEIGHTS, evaluate, features
from dejarik.deckbuilding.game import DeckbuildingState, normalize_config
from dejarik.deckbuilding.hooks import finish_turn, play_out_hand

CONFIG = normalize_config({"turn_limit": 300})


def _positions(seed: int, config: dict[str, object] | None = None) -> list[DeckbuildingState]:
    s = DeckbuildingState(config or {}, seed)
    agent = RandomAgent(seed)
    out = []
    for step in range(300):
        if s.is_terminal():
            break
        if step % 9 == 0:
            out.append(s.clone())
        s.apply(agent.act(s))
    return out


def test_logistic_fit_recovers_known_weights() -> None:
    rng = np.random.default_rng(1)
    x = rng.normal(size=(20000, 3))
    true = np.array([1.5, -0.7, 0.0])
    y = (rng.random(20000) < 1 / (1 + np.exp(-(0.3 + x @ true)))).astype(float)
    bias, w = fit_logistic(x, y, penalty=0.0)
    assert abs(bias - 0.3) < 0.08 and np.allclose(w, true, atol=0.08)


def test_shrunk_fit_keeps_the_scale_of_a_chance() -> None:
    """The penalty bends the direction; the second fit restores a calibrated scale, so the mean
    predicted chance matches the share of wins."""
    rng = np.random.default_rng(2)
    x = rng.normal(size=(5000, 2))
    y = (rng.random(5000) < 1 / (1 + np.exp(-(x @ np.array([2.0, 1.0]))))).astype(float)
    bias, w = fit_shrunk(x, y, shrink=50.0)
    p = 1 / (1 + np.exp(-(bias + x @ w)))
    assert abs(float(p.mean()) - float(y.mean())) < 0.01
    assert float(np.linalg.norm(w)) > 1.0   # not shrunk toward nothing


def test_features_are_one_sides_view_of_the_other() -> None:
    """Every feature is my side's figure less theirs, so the two seats see opposite numbers and
    the evaluation (no bias) gives them opposite values."""
    for config in ({}, {"team": True}):
        for s in _positions(3, config):
            seats = s.num_players
            for p in range(seats):
                mine, theirs = features(s, p), features(s, p ^ 1)
                assert mine == pytest.approx([-v for v in theirs])
                assert evaluate(s, p) == pytest.approx(-evaluate(s, p ^ 1))
    assert len(features(_positions(4)[0], 0)) == len(FEATURES)
    assert set(WEIGHTS) == set(TEAM_WEIGHTS) == {"bias", *FEATURES}


def test_positions_are_recorded_at_the_end_of_each_turn_and_labelled_by_the_winner() -> None:
    x, y = play_positions("deckbuilding", CONFIG, "greedy", 5)
    assert x and len(x) == len(y) and len(x) % 2 == 0   # both seats, every turn
    assert all(len(f) == len(FEATURES) for f in x)
    assert sorted(set(y)) == [0, 1] and sum(y) == len(y) // 2   # one seat won, one lost


def test_the_same_seed_fits_the_same_weights() -> None:
    a = tune("deckbuilding", CONFIG, "greedy:explore=0.1", 12, 7, held_out=3)
    b = tune("deckbuilding", CONFIG, "greedy:explore=0.1", 12, 7, held_out=3)
    c = tune("deckbuilding", CONFIG, "greedy:explore=0.1", 12, 8)
    assert a == b and a["weights"] != c["weights"]
    assert a["held_out"]["games"] == 3 and 0 < a["fit"]["accuracy"] <= 1


def test_tune_command_writes_weights_the_players_read(tmp_path: Path) -> None:
    out = tmp_path / "w.yaml"
    res = CliRunner().invoke(main, ["tune", "deckbuilding", "--games", "10", "--jobs", "1",
                                    "--out", str(out), "--quiet"])
    assert res.exit_code == 0, res.output
    data = yaml.safe_load(out.read_text())
    assert set(data["weights"]) == set(WEIGHTS) and data["fitted"]["games"] == 10
    assert "held out (2 games)" in res.output
    agent = make_agent(f"heuristic:weights={out}", 1)
    s = _positions(6)[2]
    assert agent.act(s) in s.legal_actions()


def test_tune_refuses_what_it_cannot_do(tmp_path: Path) -> None:
    res = CliRunner().invoke(main, ["tune", "deckbuilding", "--out", str(tmp_path)])
    assert res.exit_code != 0 and "is a directory" in res.output
    res = CliRunner().invoke(main, ["tune", "deckbuilding", "--agents", "nobody",
                                    "--out", str(tmp_path / "w.yaml")])
    assert res.exit_code != 0 and "unknown agent 'nobody'" in res.output
    assert not (tmp_path / "w.yaml").exists()
    with pytest.raises(ConfigError, match="no evaluation features"):
        tune("pandemic", {}, "greedy", 2, 0)


def test_finish_turn_plays_the_turn_to_its_end() -> None:
    for s in _positions(8):
        turn = s.turn
        finish_turn(s, Rng(1))
        assert s.done or s.turn == turn + 1


def test_the_hand_is_played_out_by_rule() -> None:
    s = DeckbuildingState({}, 9)
    move = play_out_hand(s, Rng(0))
    assert move is not None and move in s.legal_actions() and move[0] == d.PLAY
    while s.players[s.active].hand and not s.waiting:
        s.apply(play_out_hand(s, Rng(0)) or s.legal_actions()[0])
    assert play_out_hand(s, Rng(0)) is None   # nothing left to play: the lookahead decides


def test_greedy_explores_only_when_asked() -> None:
    s = _positions(10)[3]
    assert all(GreedyAgent(k).act(s) == GreedyAgent(0).act(s) for k in range(5))
    moves = {GreedyAgent(k, explore=1.0).act(s) for k in range(40)}
    assert len(moves) > 1 and moves <= set(s.legal_actions())
    with pytest.raises(ConfigError, match="between 0 and 1"):
        make_agent("greedy:explore=2", 0)
    assert all(0.0 <= Rng(k).random() < 1.0 for k in range(100))


def test_heuristic_keeps_the_rules_move_unless_another_looks_better() -> None:
    """With a margin no judgement can clear, the lookahead plays the greedy rule's moves."""
    for s in _positions(12):
        if s.is_terminal():
            continue
        assert HeuristicAgent(1, margin=10.0).act(s) == GreedyAgent(0).act(s)


def test_search_answers_the_games_routine_decisions_without_searching() -> None:
    from dejarik.agents.ismcts import IsmctsAgent

    s = DeckbuildingState({}, 13)
    agent = IsmctsAgent(1, iterations=50)
    move = agent.act(s)
    assert move == play_out_hand(s, Rng(0)) and agent.last_iterations == 0


def test_search_with_one_iteration_plays_the_rules_move() -> None:
    """A new node tries the rule of thumb's move first: the smallest budget plays the rule."""
    from dejarik.agents.ismcts import IsmctsAgent

    checked = 0
    for s in [p for seed in range(14, 20) for p in _positions(seed)]:
        if s.is_terminal() or len(s.legal_actions()) == 1 or play_out_hand(s, Rng(0)):
            continue
        assert IsmctsAgent(2, iterations=1).act(s) == GreedyAgent(0).act(s)
        checked += 1
    assert checked >= 5


def test_weights_not_given_keep_the_fitted_ones_of_the_game_judged() -> None:
    """A weights file naming one feature changes that one: in the team game the others are the
    team game's fitted weights, not the 2-player game's."""
    from dejarik.deckbuilding.hooks import HOOKS

    partial = HOOKS.check_weights({"force": 0.9})
    assert partial == {"force": 0.9}
    for config, fitted in (({}, WEIGHTS), ({"team": True}, TEAM_WEIGHTS)):
        for s in _positions(6, config)[1:4]:
            assert evaluate(s, 0, partial) == pytest.approx(evaluate(s, 0, {**fitted, "force": 0.9}))
            assert evaluate(s, 0, dict(fitted)) == pytest.approx(evaluate(s, 0))
    with pytest.raises(ConfigError, match="unknown weight 'speed'"):
        HOOKS.check_weights({"speed": 1.0})
