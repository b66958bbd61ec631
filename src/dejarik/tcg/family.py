"""The trading card game as the registry hands it out: what it is, and what it offers.

Light on purpose: it imports the engine only when a game is made or loaded, so listing the
games (the CLI's help, the server's menus) loads no rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from dejarik.core.protocol import Benchmark, GameBase, GameInfo, GameState, named_options

ENGINE_VERSION = "tcg-5"   # tcg-5: cards removed from the game, cards set aside
SAMPLES = Path(__file__).parent / "data" / "decks"


def sample_decks() -> list[str]:
    """The sample decks' names (their files in data/decks)."""
    return sorted(p.stem for p in SAMPLES.glob("*.txt"))


class TcgGame(GameBase):
    """The game family object the registry hands out."""

    name = "tcg"
    engine_version = ENGINE_VERSION
    info = GameInfo(
        title="Star Wars Trading Card Game",
        seats=(2, 2), teams=False, cooperative=False, hidden_information=True, chance=True,
        content="decks", contents=tuple(sample_decks()),
        summary="the Dark Side against the Light Side in three arenas (Space, Ground, Character), "
                "with build points and dice; the ten sets' cards, all but 3 with their abilities")
    # the default decks: the first Dark Side and Light Side sample decks
    benchmarks = (
        Benchmark("random", {}, "random"),
        Benchmark("greedy v greedy", {}, "greedy"),
        Benchmark("heuristic v heuristic", {}, "heuristic"),
    )
    capability_paths: ClassVar[Mapping[str, str]] = {
        "agents": "dejarik.tcg.policy:HOOKS",
        "spaces": "dejarik.tcg.tensors:SPACES",
        "views": "dejarik.tcg.views:VIEWS",
        "report": "dejarik.tcg.simreport:REPORT",
        "options": "dejarik.tcg.options:OPTIONS",
        "cards": "dejarik.tcg.catalog:CARDS",
        "scenarios": "dejarik.tcg.scenario:SCENARIOS",
        "inputs": "dejarik.tcg.inputs:INPUTS",
    }

    def new_state(self, config: dict[str, Any], seed: int) -> GameState:
        from dejarik.tcg.game import new_state

        return new_state(config, seed)

    def state_from_json(self, data: dict[str, Any]) -> GameState:
        from dejarik.tcg.state import TcgState

        return TcgState.from_json(data)

    def content_digest(self, config: dict[str, Any]) -> str:
        from dejarik.core.files import digest
        from dejarik.tcg.carddefs import all_defs
        from dejarik.tcg.game import deck_for

        decks = [deck_for(ref) for k in ("dark", "light")
                 for ref in (config[k] if isinstance(config[k], list) else [config[k]])]
        names = sorted({c.name for d in decks for c in d.cards()})
        table = all_defs(tuple(config.get("abilities", ())))
        return digest([[(n, c.name) for n, c in d.entries] for d in decks]
                      + [(n, repr(table[n].abilities)) for n in names])

    def num_players(self, config: dict[str, Any]) -> int:
        return 2

    def normalize_config(self, config: dict[str, Any]) -> dict[str, Any]:
        from dejarik.tcg.game import normalize_config

        return normalize_config(named_options(config, self.name))

    def check_invariants(self, state: GameState) -> list[str]:
        from dejarik.tcg.invariants import check_invariants
        from dejarik.tcg.state import TcgState

        assert isinstance(state, TcgState)
        return check_invariants(state)



GAME = TcgGame()
