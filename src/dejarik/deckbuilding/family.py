"""The deckbuilding game as the registry hands it out: what it is, and what it offers.

Kept apart from game.py, which is compiled with the rest of the hot path, and light: it
imports the engine only when a game is made or loaded, so listing the games (the CLI's help,
the server's menus) loads no rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, cast

from dejarik.core.protocol import Benchmark, GameBase, GameInfo, GameState, named_options

ENGINE_VERSION = "deckbuilding-4"


def _as_state(state: object) -> GameState:
    """The compiled state's actions are fixed triples (faster under mypyc): in fact a GameState,
    though mypy reads list[tuple[int, int, int]] as no list[tuple[int, ...]]."""
    return cast(GameState, state)


class DeckbuildingGame(GameBase):
    """The game family object the registry hands out."""

    name = "deckbuilding"
    engine_version = ENGINE_VERSION
    info = GameInfo(
        title="Star Wars: The Deckbuilding Game",
        seats=(2, 4), teams=True, cooperative=False, hidden_information=True, chance=True,
        content="packs", contents=("original", "clone_wars"),
        summary="two players (or the 2v2 team game) build decks and destroy each other's bases; "
                "the original and Clone Wars editions, by their rulebooks")
    # long enough that no benchmarked game is cut short
    benchmarks = (
        Benchmark("random", {"turn_limit": 1000}, "random"),
        Benchmark("greedy v greedy", {"turn_limit": 1000}, "greedy"),
        Benchmark("team random", {"turn_limit": 1000, "team": True}, "random"),
        Benchmark("team greedy", {"turn_limit": 1000, "team": True}, "greedy"),
    )
    capability_paths: ClassVar[Mapping[str, str]] = {
        "agents": "dejarik.deckbuilding.hooks:HOOKS",
        "spaces": "dejarik.deckbuilding.tensors:SPACES",
        "views": "dejarik.deckbuilding.views:VIEWS",
        "report": "dejarik.deckbuilding.simreport:REPORT",
        "options": "dejarik.deckbuilding.options:OPTIONS",
        "cards": "dejarik.deckbuilding.catalog:CARDS",
        "scenarios": "dejarik.deckbuilding.scenario:SCENARIOS",
        "inputs": "dejarik.deckbuilding.inputs:INPUTS",
    }

    def new_state(self, config: dict[str, Any], seed: int) -> GameState:
        from dejarik.deckbuilding.game import DeckbuildingState

        return _as_state(DeckbuildingState(config, seed))

    def state_from_json(self, data: dict[str, Any]) -> GameState:
        from dejarik.deckbuilding.game import DeckbuildingState

        return _as_state(DeckbuildingState.from_json(data))

    def content_digest(self, config: dict[str, Any]) -> str:
        from dejarik.deckbuilding.pack import content_digest

        return content_digest(list(config["packs"]), config["overrides"] or None)

    def num_players(self, config: dict[str, Any]) -> int:
        return 4 if config.get("team") else 2

    def normalize_config(self, config: dict[str, Any]) -> dict[str, Any]:
        from dejarik.deckbuilding.game import normalize_config

        return normalize_config(named_options(config, self.name))

    def check_invariants(self, state: GameState) -> list[str]:
        from dejarik.deckbuilding.game import DeckbuildingState
        from dejarik.deckbuilding.invariants import check_invariants

        assert isinstance(state, DeckbuildingState)
        return check_invariants(state)


GAME = DeckbuildingGame()
