"""The cooperative game as the registry hands it out: what it is, and what it offers.

Light on purpose: it imports the engine only when a game is made or loaded, so listing the
games (the CLI's help, the server's menus) loads no rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from dejarik.core.protocol import Benchmark, GameBase, GameInfo, GameState, named_options

ENGINE_VERSION = "pandemic-4"   # 4: source markers on the task stack (words.py)
DEFAULT_PACK = "pandemic_sample"


class PandemicGame(GameBase):
    """The game family object the registry hands out."""

    name = "pandemic"
    engine_version = ENGINE_VERSION
    info = GameInfo(
        title="Star Wars: The Clone Wars, a Pandemic System game",
        seats=(2, 5), teams=False, cooperative=True, hidden_information=True, chance=True,
        content="pack", contents=(DEFAULT_PACK,),
        summary="1 to 5 players (solo: one person, two Jedi) defend the galaxy together against a "
                "villain; Dejarik's sample campaign, or a pack of the published content you supply")
    benchmarks = (
        Benchmark("random", {"players": 2, "difficulty": "padawan"}, "random"),
        Benchmark("greedy team", {"players": 2, "difficulty": "padawan"}, "greedy"),
        Benchmark("greedy team of 4", {"players": 4, "difficulty": "knight"}, "greedy"),
        Benchmark("heuristic team", {"players": 2, "difficulty": "padawan"}, "heuristic"),
    )
    capability_paths: ClassVar[Mapping[str, str]] = {
        "agents": "dejarik.pandemic.policy:HOOKS",
        "spaces": "dejarik.pandemic.tensors:SPACES",
        "views": "dejarik.pandemic.views:VIEWS",
        "report": "dejarik.pandemic.simreport:REPORT",
        "options": "dejarik.pandemic.options:OPTIONS",
        "cards": "dejarik.pandemic.catalog:CARDS",
        "scenarios": "dejarik.pandemic.scenario:SCENARIOS",
        "inputs": "dejarik.pandemic.inputs:INPUTS",
    }

    def new_state(self, config: dict[str, Any], seed: int) -> GameState:
        from dejarik.pandemic.game import new_state

        return new_state(config, seed)

    def state_from_json(self, data: dict[str, Any]) -> GameState:
        from dejarik.pandemic.state import PandemicState

        return PandemicState.from_json(data)

    def content_digest(self, config: dict[str, Any]) -> str:
        from dejarik.pandemic.pack import content_digest

        return content_digest(config["pack"])

    def num_players(self, config: dict[str, Any]) -> int:
        return 2 if config.get("players", 2) == 1 else int(config.get("players", 2))

    def normalize_config(self, config: dict[str, Any]) -> dict[str, Any]:
        from dejarik.pandemic.game import normalize_config

        return normalize_config(named_options(config, self.name))

    def check_invariants(self, state: GameState) -> list[str]:
        from dejarik.pandemic.invariants import check_invariants
        from dejarik.pandemic.state import PandemicState

        assert isinstance(state, PandemicState)
        return check_invariants(state)



GAME = PandemicGame()
