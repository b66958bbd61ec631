"""Agents choose actions through the kernel protocol only, and a game's declared agent hooks
(core.hooks), reached through the registry from the state's `game_name`."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, Protocol

from dejarik.agents.ismcts import PLAYOUTS, IsmctsAgent, play_out
from dejarik.agents.policy import PolicyAgent
from dejarik.agents.uniform import RandomAgent
from dejarik.core.errors import ConfigError
from dejarik.core.files import read_yaml
from dejarik.core.hooks import AgentHooks
from dejarik.core.protocol import Action, GameState
from dejarik.core.registry import get_game
from dejarik.core.rng import Rng

# Bumped whenever a built-in player chooses differently, so a simulation run started with the
# old players is not resumed with the new ones (sim/batch.py).
AGENTS_VERSION = 6


class Agent(Protocol):
    name: str

    def act(self, state: GameState) -> Action: ...


def hooks_of(state: GameState) -> AgentHooks | None:
    """The agent hooks the state's game declares, or None."""
    return get_game(state.game_name).agents


def need_hooks(state: GameState, player: str) -> AgentHooks:
    """The state's game's agent hooks; a clear error names the game when it has none."""
    hooks = hooks_of(state)
    if hooks is None:
        game = get_game(state.game_name)
        raise ConfigError(f"the {player} player needs agent hooks (an evaluation), and "
                          f"{game.info.title} ({game.name}) declares none")
    return hooks


class GreedyAgent:
    """One cheap rule-of-thumb move a step, no search: the game's `rule_of_thumb` hook (a
    uniformly random legal move for a game without hooks).

    It sees only what its `observation` would allow: the rule reads public state and the
    agent's own hand.
    """

    name = "greedy"

    def __init__(self, seed: int = 0, explore: float = 0.0) -> None:
        if not 0.0 <= explore <= 1.0:
            raise ConfigError(f"greedy explore must be a share between 0 and 1, not {explore}")
        self.rng = Rng(seed)
        self.explore = explore   # the share of moves made at random (varied play for `dejarik tune`)
        self._game = ""   # the game whose hooks are cached: one lookup per game, not per move
        self._hooks: AgentHooks | None = None

    def act(self, state: GameState) -> Action:
        if state.game_name != self._game:
            self._game, self._hooks = state.game_name, hooks_of(state)
        hooks = self._hooks
        if hooks is None or (self.explore and self.rng.random() < self.explore):
            acts = state.legal_actions()
            return acts[self.rng.below(len(acts))]
        return hooks.rule_of_thumb(state, self.rng)


PLAYOUT_SAMPLES = 32    # the lookahead's deals per action when it plays moves out (measured)
PLAYOUT_MARGIN = 0.15   # and the margin by which a move must beat the rule's (docs/agents.md)


class HeuristicAgent:
    """One-step lookahead on the game's evaluation: try each legal action on a copy of the
    position in which everything hidden from it is dealt again (`resample_hidden`), and take
    the action whose result the game's `evaluate` hook likes best. With `playout="rule"` each
    result is first played out to the end of the game by the rule of thumb (flat Monte Carlo:
    every action meets the same deals), and `margin` keeps the rule's move among near-equals.

    Game-agnostic (kernel protocol plus the agent hooks), and it never reads hidden cards: its
    decision depends only on its observation, the seed and the weights.
    """

    name = "heuristic"

    def __init__(self, seed: int = 0, weights: dict[str, float] | None = None, samples: int = 0,
                 margin: float | None = None, playout: str = "") -> None:
        if samples < 0:
            raise ConfigError(f"heuristic samples must be 1 or more, not {samples}")
        if margin is not None and margin < 0:
            raise ConfigError(f"heuristic margin must not be negative, not {margin}")
        if playout not in PLAYOUTS:
            raise ConfigError(f"heuristic playout must be one of {', '.join(map(repr, PLAYOUTS))}, "
                              f"not {playout!r}")
        self.playout = playout   # "rule": judge a move by playing the game out by the rule of thumb
        # how much better (on the evaluation's scale) a move must look than the rule's; a played-out
        # game is a win or a loss, so playouts need many deals and a margin over their luck
        # None: the game's own (`lookahead_margin`), or PLAYOUT_MARGIN with playouts
        self.margin = margin if margin is not None else PLAYOUT_MARGIN if playout else None
        self.rng = Rng(seed)
        self.weights = weights
        # 0: as many as the game's hooks suggest (`lookahead_samples`), or PLAYOUT_SAMPLES
        self.samples = samples or (PLAYOUT_SAMPLES if playout else 0)
        self._checked: dict[str, float] | None = None

    def act(self, state: GameState) -> Action:
        acts = state.legal_actions()
        if len(acts) == 1:
            return acts[0]
        me = state.current_player
        hooks = need_hooks(state, "heuristic")
        samples = self.samples or hooks.lookahead_samples
        seeds = [self.rng.next64() for _ in range(samples)]
        if self.weights and self._checked is None:
            self._checked = hooks.check_weights(self.weights)
        weights = self._checked
        worlds: list[GameState] = [state.resample_hidden(me, seeds[0])]
        chosen = hooks.routine(worlds[0], self.rng, weights)   # an inner decision answered by rule
        if chosen is not None:
            return chosen
        worlds += [state.resample_hidden(me, seed) for seed in seeds[1:]]
        totals = [0.0] * len(acts)
        for world, seed in zip(worlds, seeds, strict=True):
            for i, a in enumerate(acts):
                nxt = world.clone()
                nxt.apply(a)
                # the game may play the choices inside the action on first; every action
                # meets the same luck (common random numbers)
                luck = Rng(seed ^ 0x5E77)
                hooks.settle(nxt, luck)
                if self.playout:
                    play_out(hooks, nxt, luck)
                totals[i] += hooks.evaluate(nxt, me, weights)
        # the rule of thumb's move unless another is judged better by more than the margin:
        # a lookahead that improves on the rule, and does not wander among equal moves
        usual = hooks.rule_of_thumb(worlds[0].clone(), Rng(seeds[0] ^ 0x7A11))
        top = max(totals)
        margin = hooks.lookahead_margin if self.margin is None else self.margin
        if usual in acts and totals[acts.index(usual)] >= top - (margin + 1e-9) * samples:
            return usual
        best = [a for a, v in zip(acts, totals, strict=True) if v > top - 1e-9 * samples]
        return best[self.rng.below(len(best))] if len(best) > 1 else best[0]


AGENTS: dict[str, Any] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "heuristic": HeuristicAgent,
    "ismcts": IsmctsAgent,
    "policy": PolicyAgent,
}

# options an agent spec may set (`ismcts:iterations=500:seconds=2`), with their types
OPTIONS: dict[str, dict[str, type]] = {
    "greedy": {"explore": float},
    "heuristic": {"weights": dict, "samples": int, "margin": float, "playout": str},
    "ismcts": {"iterations": int, "seconds": float, "exploration": float, "rollout": int,
               "deals": int, "weights": dict, "horizon": str, "playout": str, "margin": float,
               "root": str},
    "policy": {"file": str, "temperature": float, "deals": int},
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
    top-level `weights:` key (beside which `dejarik tune` notes how they were fitted). Unknown
    features are caught when the game first checks them."""
    data = read_yaml(Path(path), ConfigError, f"weights file {path}")
    if isinstance(data, dict) and isinstance(data.get("weights"), dict):
        data = data["weights"]   # a `dejarik tune` file: the weights, and how they were fitted
    if not isinstance(data, dict) or not all(isinstance(k, str) for k in data):
        raise ConfigError(f"weights file {path}: expected a mapping of feature names to numbers")
    for k, v in data.items():
        if isinstance(v, bool) or not isinstance(v, int | float):
            raise ConfigError(f"weights file {path}: weight {k!r} must be a number, got {v!r}")
    return {k: float(v) for k, v in data.items()}


def agent_files(spec: str) -> dict[str, str]:
    """The files an agent spec reads (weights files, policy networks): path -> a digest of
    its content, so that a run is not resumed with a file changed under it."""
    out: dict[str, str] = {}
    name, pairs = _parse_spec(spec)
    kinds = OPTIONS.get(name, {})
    for key, raw in pairs:
        if kinds.get(key) is dict or key == "file":
            try:
                out[raw] = hashlib.sha256(Path(raw).read_bytes()).hexdigest()[:16]
            except OSError as err:
                raise ConfigError(f"agent {name!r}: cannot read {raw}: {err.strerror or err}") from None
    return out


def _parse_spec(spec: str) -> tuple[str, list[tuple[str, str]]]:
    """A spec's agent name and its `key=value` options, as written (a malformed option is a
    ConfigError)."""
    name, *pairs = spec.strip().split(":")
    options = []
    for pair in pairs:
        key, eq, raw = pair.partition("=")
        if not eq or not key.strip():
            raise ConfigError(f"agent option {pair!r} in {spec!r}: write it as key=value")
        options.append((key.strip(), raw.strip()))
    return name, options


def make_agent(spec: str, seed: int) -> Agent:
    """An agent from a spec: a name, optionally followed by `:option=value` pairs."""
    name, pairs = _parse_spec(spec)
    if name not in AGENTS:
        raise ConfigError(f"unknown agent {name!r}; known agents: {', '.join(AGENTS)}")
    options = {key: _option(name, key, raw) for key, raw in pairs}
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
