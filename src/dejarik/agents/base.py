"""Agents choose actions through the kernel protocol only."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from dejarik.agents.ismcts import IsmctsAgent
from dejarik.core.errors import ConfigError
from dejarik.core.files import read_yaml
from dejarik.core.protocol import Action, GameState
from dejarik.core.rng import Rng

# Bumped whenever a built-in player chooses differently, so a simulation run started with the
# old players is not resumed with the new ones (sim/batch.py).
AGENTS_VERSION = 2


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

    def __init__(self, seed: int = 0, weights: dict[str, float] | None = None, samples: int = 0) -> None:
        if samples < 0:
            raise ConfigError(f"heuristic samples must be 1 or more, not {samples}")
        self.rng = Rng(seed)
        self.weights = weights
        self.samples = samples   # 0: as many as the game suggests (`lookahead_samples`), else 1
        self._checked: dict[str, float] | None = None

    def act(self, state: GameState) -> Action:
        acts = state.legal_actions()
        if len(acts) == 1:
            return acts[0]
        me = state.current_player
        samples = self.samples or getattr(state, "lookahead_samples", 1)
        seeds = [self.rng.next64() for _ in range(samples)]
        worlds: list[Any] = [state.resample_hidden(me, seeds[0])]
        routine = getattr(worlds[0], "routine_action", None)
        if routine is not None:   # a game may answer the decisions inside an action by rule
            chosen: Action | None = routine(self.rng)
            if chosen is not None:
                return chosen
        worlds += [state.resample_hidden(me, seed) for seed in seeds[1:]]
        if self.weights and self._checked is None:
            self._checked = worlds[0].check_weights(self.weights)
        weights = self._checked
        totals = [0.0] * len(acts)
        for world, seed in zip(worlds, seeds, strict=True):
            for i, a in enumerate(acts):
                nxt = world.clone()
                nxt.apply(a)
                settle = getattr(nxt, "settle", None)
                if settle is not None:   # a game may play out the choices inside an action first;
                    settle(Rng(seed ^ 0x5E77))   # every action meets the same luck (common random numbers)
                totals[i] += nxt.evaluate(me, weights)
        top = max(totals)
        best = [a for a, v in zip(acts, totals, strict=True) if v > top - 1e-9 * samples]
        return best[self.rng.below(len(best))] if len(best) > 1 else best[0]


AGENTS: dict[str, Any] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "heuristic": HeuristicAgent,
    "ismcts": IsmctsAgent,
}

# options an agent spec may set (`ismcts:iterations=500:seconds=2`), with their types
OPTIONS: dict[str, dict[str, type]] = {
    "heuristic": {"weights": dict, "samples": int},
    "ismcts": {"iterations": int, "seconds": float, "exploration": float, "rollout": int,
               "deals": int, "weights": dict},
}


def _option(agent: str, key: str, raw: str) -> Any:
    kinds = OPTIONS.get(agent, {})
    if key not in kinds:
        known = ", ".join(kinds) or "none"
        raise ConfigError(f"agent {agent!r} has no option {key!r} (options: {known})")
    kind = kinds[key]
    if kind is dict:
        return read_weights(raw)
    try:
        return kind(raw)
    except ValueError:
        raise ConfigError(f"agent option {key}={raw!r}: expected {kind.__name__}") from None


def read_weights(path: str) -> dict[str, float]:
    """Evaluation weights from a YAML file: a mapping `feature: weight`, optionally under a
    top-level `weights:` key. Unknown features are caught when the game first checks them."""
    data = read_yaml(Path(path), ConfigError, f"weights file {path}")
    if isinstance(data, dict) and set(data) == {"weights"}:
        data = data["weights"]
    if not isinstance(data, dict) or not all(isinstance(k, str) for k in data):
        raise ConfigError(f"weights file {path}: expected a mapping of feature names to numbers")
    for k, v in data.items():
        if isinstance(v, bool) or not isinstance(v, int | float):
            raise ConfigError(f"weights file {path}: weight {k!r} must be a number, got {v!r}")
    return {k: float(v) for k, v in data.items()}


def make_agent(spec: str, seed: int) -> Agent:
    """An agent from a spec: a name, optionally followed by `:option=value` pairs."""
    name, *pairs = spec.strip().split(":")
    if name not in AGENTS:
        raise ConfigError(f"unknown agent {name!r}; known agents: {', '.join(AGENTS)}")
    options: dict[str, Any] = {}
    for pair in pairs:
        key, eq, raw = pair.partition("=")
        if not eq or not key.strip():
            raise ConfigError(f"agent option {pair!r} in {spec!r}: write it as key=value")
        options[key.strip()] = _option(name, key.strip(), raw.strip())
    agent: Agent = AGENTS[name](seed, **options)
    return agent


def agent_names(spec: str) -> list[str]:
    """The agent names of a comma list of specs (options dropped)."""
    return [n.strip().split(":")[0] for n in spec.split(",") if n.strip()]


def agent_specs(spec: str, players: int = 2) -> list[str]:
    """An agent spec per seat from a comma list. Fewer names repeat in seat order: one serves
    every seat, and in the team game two name one per side (seats 0, 2 and 1, 3)."""
    names = [n.strip() for n in spec.split(",") if n.strip()]
    if names and players % len(names) == 0:
        names = [names[i % len(names)] for i in range(players)]
    if len(names) != players:
        raise ConfigError(f"--agents needs {players} names separated by commas (or one, or one "
                          f"per side), got {spec!r}")
    return names


def parse_agents(spec: str, seed: int, players: int = 2) -> list[Agent]:
    return [make_agent(n, seed * 7919 + i) for i, n in enumerate(agent_specs(spec, players))]
