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


AGENTS: dict[str, type[RandomAgent] | type[GreedyAgent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
}


def make_agent(name: str, seed: int) -> Agent:
    try:
        return AGENTS[name](seed)
    except KeyError:
        raise ConfigError(f"unknown agent {name!r}; known agents: {', '.join(AGENTS)}") from None


def parse_agents(spec: str, seed: int, players: int = 2) -> list[Agent]:
    names = [n.strip() for n in spec.split(",") if n.strip()]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise ConfigError(f"--agents needs {players} names separated by commas, got {spec!r}")
    return [make_agent(n, seed * 7919 + i) for i, n in enumerate(names)]
