"""Scenarios for the games without a format of their own (core/scenarios.py): the deal and
the moves that reach a position, or a saved position whole; every mistake named by field."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from dejarik.cli.main import main
from dejarik.core.errors import ScenarioError
from dejarik.core.registry import get_game
from dejarik.core.scenarios import MAX_MOVES, PlayedScenarios

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "scenarios"
FILES = {"pandemic": EXAMPLES / "pandemic-first-moves.yaml", "tcg": EXAMPLES / "tcg-first-deploys.yaml"}


@pytest.mark.parametrize("game", sorted(FILES))
def test_the_shipped_examples_load_and_reach_the_same_position_every_time(game: str) -> None:
    scenarios = get_game(game).scenarios
    assert isinstance(scenarios, PlayedScenarios)
    a, b = scenarios.load(FILES[game]), scenarios.load(FILES[game])
    assert a.state_hash() == b.state_hash() and a.legal_actions()
    assert scenarios.describe(a).endswith(" to act")


@pytest.mark.parametrize("game", sorted(FILES))
def test_a_saved_position_is_a_scenario_too(game: str) -> None:
    scenarios = PlayedScenarios(game)
    state = scenarios.load(FILES[game])
    again = scenarios.from_data({"game": game, "position": state.to_json()})
    assert again.state_hash() == state.state_hash()
    with pytest.raises(ScenarioError, match="a saved position stands alone \\(remove seed\\)"):
        scenarios.from_data({"game": game, "position": state.to_json(), "seed": 1})
    with pytest.raises(ScenarioError, match="position: saved game: missing field"):
        scenarios.from_data({"game": game, "position": {"game": game}})


@pytest.mark.parametrize(("data", "problem"), [
    ([1, 2], "a scenario is a mapping of game, description, config, seed, moves, position"),
    ({"game": "pandemic", "seed": 1, "turn": 3}, "unknown field\\(s\\) turn"),
    ({"game": "tcg", "seed": 1}, "game: 'tcg', but these are pandemic scenarios"),
    ({"game": "pandemic"}, "seed: the deal, a whole number from 0, got None"),
    ({"game": "pandemic", "seed": True}, "seed: the deal"),
    ({"game": "pandemic", "seed": 1, "config": [1]}, "config: a mapping of the game's options"),
    ({"game": "pandemic", "seed": 1, "config": {"players": 9}}, "config: players: 1 to 5"),
    ({"game": "pandemic", "seed": 1, "moves": "end"}, "moves: a list of actions as text"),
    ({"game": "pandemic", "seed": 1, "moves": ["end", "fly Nowhere"]}, "moves\\[1\\] 'fly Nowhere': "),
    ({"game": "pandemic", "seed": 1, "moves": ["end"] * (MAX_MOVES + 1)},
     f"moves: {MAX_MOVES + 1} moves; a scenario holds at most {MAX_MOVES}"),
])
def test_a_bad_scenario_is_refused_by_field(data: object, problem: str) -> None:
    with pytest.raises(ScenarioError, match=problem):
        PlayedScenarios("pandemic").from_data(data, "s.yaml")


def test_moves_past_the_end_are_named() -> None:
    scenarios = PlayedScenarios("tcg")
    state = scenarios.load(FILES["tcg"])
    moves = ["pass", "pass"]
    while not state.is_terminal():
        action = state.legal_actions()[0]
        moves.append(state.action_to_text(action))
        state.apply(action)
    data = {"game": "tcg", "seed": 4, "moves": [*moves, "pass"]}
    with pytest.raises(ScenarioError, match=f"moves\\[{len(moves)}\\] 'pass': the game is already over"):
        scenarios.from_data(data)


@pytest.mark.parametrize("game", sorted(FILES))
def test_the_commands_check_and_play_a_scenario(game: str) -> None:
    res = CliRunner().invoke(main, ["scenario", "check", str(FILES[game])])
    assert res.exit_code == 0 and res.output.startswith("ok: turn "), res.output
    res = CliRunner().invoke(main, ["scenario", "play", str(FILES[game]), "--agents", "greedy",
                                    "--quiet"])
    assert res.exit_code == 0, res.output
    first, last = res.output.splitlines()[0], res.output.splitlines()[-1]
    assert first.startswith(f"from {FILES[game].name}: turn ") and last.startswith("Result: ")
