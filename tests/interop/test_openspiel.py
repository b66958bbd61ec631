"""OpenSpiel adapter: OpenSpiel's own random simulation test, its bots, and bad actions."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the rl extra is not installed (pip install 'dejarik[rl]')")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from dejarik.interop.openspiel import spiel_name  # noqa: E402

GAME_NAME = "python_dejarik_deckbuilding"  # the name registered for the deckbuilder since the start


def test_the_deckbuilder_keeps_its_registered_name() -> None:
    assert spiel_name("deckbuilding") == GAME_NAME
    assert GAME_NAME in pyspiel.registered_names()


def _dealt(params: dict[str, object] | None = None, deal: int = 5) -> tuple[object, object]:
    game = pyspiel.load_game(GAME_NAME, params or {})
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == game.max_chance_outcomes()
    state.apply_action(deal)
    return game, state


def test_random_sim_test_passes_with_serialisation() -> None:
    game = pyspiel.load_game(GAME_NAME, {"turn_limit": 30})
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_random_sim_test_passes_on_a_whole_game() -> None:
    game = pyspiel.load_game(GAME_NAME, {"deals": 64})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_game_type_and_info() -> None:
    game = pyspiel.load_game(GAME_NAME)
    t = game.get_type()
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_players() == 2 and game.min_utility() == -1 and game.max_utility() == 1
    assert game.information_state_tensor_size() > game.observation_tensor_size() > 4000


def test_an_illegal_action_raises_spiel_error_and_changes_nothing() -> None:
    game, state = _dealt()
    before, history = str(state), state.history()
    bad = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(pyspiel.SpielError, match=f"illegal action {bad}"):
        state.apply_action(bad)
    assert str(state) == before and state.history() == history
    fresh = game.new_initial_state()
    with pytest.raises(pyspiel.SpielError, match="deal"):
        fresh.apply_action(game.max_chance_outcomes())


def test_serialisation_and_pickling_round_trip_mid_game() -> None:
    game, state = _dealt()
    rng = np.random.RandomState(0)
    for _ in range(40):
        state.apply_action(int(rng.choice(state.legal_actions())))
    text = pyspiel.serialize_game_and_state(game, state)
    _game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(state2) == str(state) and state2.legal_actions() == state.legal_actions()
    assert str(pickle.loads(pickle.dumps(state))) == str(state)
    p = state.current_player()
    assert state2.information_state_string(p) == state.information_state_string(p)


def test_observations_hide_what_the_player_may_not_know() -> None:
    _game, state = _dealt()
    rng = np.random.RandomState(1)
    for step in range(60):
        p = state.current_player()
        sample = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert sample.information_state_string(p) == state.information_state_string(p)
        assert np.array_equal(sample.observation_tensor(p), state.observation_tensor(p))
        assert np.array_equal(sample.information_state_tensor(p), state.information_state_tensor(p))
        assert sample.legal_actions() == state.legal_actions()
        if step == 0:
            assert str(sample) != str(state), "the hidden cards were dealt again"
        state.apply_action(int(rng.choice(state.legal_actions())))


def test_the_information_state_string_remembers_the_past() -> None:
    """Perfect recall: two histories that end in the same board still differ."""
    _game, a = _dealt()
    b = a.clone()
    # the same position reached twice differs in the information state only by its past
    assert a.information_state_string(0) == b.information_state_string(0)
    actions = a.legal_actions()
    a.apply_action(actions[0])
    b.apply_action(actions[-1])
    assert a.information_state_string(0) != b.information_state_string(0)


def test_openspiel_ismcts_and_mcts_bots_play_it_to_the_end() -> None:
    game, state = _dealt({"turn_limit": 6})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bots = [ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=np.random.RandomState(2)),
            mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=np.random.RandomState(3))]
    moves = 0
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves > 10 and sum(state.returns()) == 0
