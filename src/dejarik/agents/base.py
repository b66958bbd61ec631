"""Agents choose actions through the kernel protocol only."""

from __future__ import annotations

from typing import Any, Protocol

from dejarik.core.errors import ConfigError
from dejarik.core.protocol import Action, GameState
from dejarik.core.rng import Rng


class Agent(Protocol):
    name: str

    def act(self, state: GameState) -> Action: ...


class RandomAgent:
    """Uniformly random among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, state: GameState) -> Action:
        acts = state.legal_actions()
        return acts[self.rng.below(len(acts))]


class GreedyAgent:
    """One cheap rule-of-thumb move a step, no search: the game supplies `heuristic_action`.

    It sees only what its `observation` would allow: the heuristic reads public state and
    the agent's own hand.
    """

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, state: GameState) -> Action:
        pick: Any = getattr(state, "heuristic_action", None)
        if pick is None:
            acts = state.legal_actions()
            return acts[self.rng.below(len(acts))]
        action: Action = pick(self.rng)
        return action


class HeuristicAgent:
    """One-step lookahead on the game's evaluation: try each legal action on a copy of the
    position in which everything hidden from it is dealt again (`resample_hidden`), and take
    the action whose result the game's `evaluate(player, weights)` likes best.

    Game-agnostic (kernel protocol plus `evaluate`), and it never reads hidden cards: its
    decision depends only on its observation, the seed and the weights.
    """

    name = "heuristic"

    def __init__(self, seed: int = 0, weights: dict[str, float] | None = None) -> None:
        self.rng = Rng(seed)
        self.weights = weights
        self._checked: dict[str, float] | None = None

    def act(self, state: GameState) -> Action:
        acts = state.legal_actions()
        if len(acts) == 1:
            return acts[0]
        me = state.current_player
        world: Any = state.resample_hidden(me, self.rng.next64())
        if self.weights and self._checked is None:
            self._checked = world.check_weights(self.weights)
        weights = self._checked
        best: list[Action] = []
        best_value = -2.0
        for a in acts:
            nxt = world.clone()
            nxt.apply(a)
            value = nxt.evaluate(me, weights)
            if value > best_value + 1e-9:
                best, best_value = [a], value
            elif value > best_value - 1e-9:
                best.append(a)
        return best[self.rng.below(len(best))] if len(best) > 1 else best[0]


AGENTS: dict[str, Any] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "heuristic": HeuristicAgent,
}


def make_agent(name: str, seed: int) -> Agent:
    try:
        agent: Agent = AGENTS[name](seed)
    except KeyError:
        raise ConfigError(f"unknown agent {name!r}; known agents: {', '.join(AGENTS)}") from None
    return agent


def parse_agents(spec: str, seed: int, players: int = 2) -> list[Agent]:
    names = [n.strip() for n in spec.split(",") if n.strip()]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise ConfigError(f"--agents needs {players} names separated by commas, got {spec!r}")
    return [make_agent(n, seed * 7919 + i) for i, n in enumerate(names)]
