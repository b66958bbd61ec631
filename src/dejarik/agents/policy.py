"""A learned policy as a player: `policy:file=FILE`.

The file is a small network (a multilayer perceptron, ReLU between layers) over a game's
observation vector (its learning spaces, the numbers the Gymnasium, PettingZoo and OpenSpiel
adapters hand out). It scores one of two things, as its `meta` says:

- `"scores": "actions"` (the default): one score per action index, from the observation of the
  seat to move. No search: it sees exactly what the learning environments show that seat.
- `"scores": "positions"`: one number, the worth of a position to the seat that observes it.
  The player tries each legal action on a copy of the position with everything hidden from it
  dealt again (as the heuristic and search players do), lets the game's `settle` hook play the
  rest of the action or turn by rule of thumb, and scores the observation of each result: a
  learned evaluation one step ahead, as TD-Gammon played. It never reads a hidden card.

The player takes the legal action with the highest score, or draws one with the softmax of the
scores at a `temperature`.

`dejarik train` writes such files (agents/learn.py); any trainer can, with NumPy: the format is
an `.npz` archive of `W0, b0, W1, b1, ...` (float32; `W_i` is inputs x outputs) and `meta`, a
JSON text naming the game, its configuration, the sizes and how the network was trained.
"""

from __future__ import annotations

import itertools
import json
import math
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from dejarik.core.errors import ConfigError
from dejarik.core.hooks import AgentHooks
from dejarik.core.protocol import Action, GameState
from dejarik.core.registry import get_game
from dejarik.core.rng import Rng
from dejarik.core.spaces import SpaceLayout, learning_game

FORMAT = "dejarik-policy"
VERSION = 1
SCORES = ("actions", "positions")
Array = npt.NDArray[np.float32]
SETTLE_LUCK = 0x5E77   # the settled rest of the turn meets the same luck after every action


def afterstates(world: GameState, seed: int, hooks: AgentHooks | None
                ) -> tuple[list[Action], list[GameState]]:
    """The legal actions in `world` (a re-deal of what the player to move cannot see) and, for
    each, the position it leads to, settled by the game's rule of thumb where it has one (the
    same luck, from `seed`, after every action)."""
    acts = world.legal_actions()
    after = []
    for action in acts:
        nxt = world.clone()
        nxt.apply(action)
        if hooks is not None:
            hooks.settle(nxt, Rng(seed ^ SETTLE_LUCK))
        after.append(nxt)
    return acts, after


def one_blas_thread() -> None:
    """Hold NumPy's BLAS to one thread in this process. A matrix product's sums are split
    among its threads, so the thread count changes a network's numbers in their last bits;
    training then drifts apart, and a near tie between two moves can fall the other way. With
    one thread, the same command and seed write the same network and play the same games
    whatever the machine's core count (on the same kind of processor: BLAS picks its kernels by
    processor). Dejarik runs its parallel work in processes (`-j`), not BLAS threads. Called
    for every network made (a few milliseconds), so that no one's later change outlasts it."""
    from threadpoolctl import threadpool_limits
    threadpool_limits(1, user_api="blas")


class PolicyNet:
    """The network: `layers` is a list of (weights, bias); ReLU after every layer but the last."""

    def __init__(self, layers: list[tuple[Array, Array]], meta: Mapping[str, Any]) -> None:
        one_blas_thread()
        self.layers = layers
        self.meta = dict(meta)

    @classmethod
    def fresh(cls, sizes: list[int], seed: int, meta: Mapping[str, Any]) -> PolicyNet:
        """Random weights for layer sizes [inputs, hidden..., actions] (He initialisation, the
        last layer small so that a fresh policy is near uniform)."""
        rng = np.random.default_rng(seed)
        layers = []
        for i, (n_in, n_out) in enumerate(itertools.pairwise(sizes)):
            scale = math.sqrt(2.0 / n_in) * (0.1 if i == len(sizes) - 2 else 1.0)
            layers.append(((rng.standard_normal((n_in, n_out)) * scale).astype(np.float32),
                           np.zeros(n_out, np.float32)))
        return cls(layers, meta)

    @property
    def obs_size(self) -> int:
        return int(self.layers[0][0].shape[0])

    @property
    def action_size(self) -> int:
        return int(self.layers[-1][0].shape[1])

    @property
    def scores_positions(self) -> bool:
        """Whether the network scores positions one step ahead, not action indices."""
        return bool(self.meta.get("scores", "actions") == "positions")

    def forward(self, x: Array) -> tuple[Array, list[Array]]:
        """Scores for a batch of observations, and each layer's input (for training)."""
        inputs = []
        for i, (w, b) in enumerate(self.layers):
            inputs.append(x)
            x = x @ w + b
            if i < len(self.layers) - 1:
                x = np.maximum(x, 0.0)
        return x, inputs

    def scores(self, obs: Array) -> Array:
        scores: Array = self.forward(obs[None, :])[0][0]
        return scores

    def save(self, path: Path) -> None:
        """Write the file whole or not at all (a temporary file, then a rename)."""
        arrays: dict[str, Any] = {"meta": np.array(json.dumps(self.meta, sort_keys=True))}
        for i, (w, b) in enumerate(self.layers):
            arrays[f"W{i}"], arrays[f"b{i}"] = w, b
        tmp = path.with_name(path.name + ".tmp")
        with tmp.open("wb") as f:
            np.savez_compressed(f, **arrays)
        tmp.replace(path)

    @classmethod
    def load(cls, path: str | Path) -> PolicyNet:
        """Read a policy file; a clear ConfigError names what is wrong with a bad one."""
        where = f"policy file {path}"
        try:
            with np.load(Path(path), allow_pickle=False) as data:
                arrays = {k: data[k] for k in data.files}
        except FileNotFoundError:
            raise ConfigError(f"{where}: no such file") from None
        except (OSError, ValueError, EOFError, zipfile.BadZipFile) as err:
            raise ConfigError(f"{where}: not a policy file ({err})") from None
        try:
            meta = json.loads(str(arrays.pop("meta")))
        except (KeyError, ValueError):
            raise ConfigError(f"{where}: no readable 'meta' entry") from None
        if not isinstance(meta, dict) or meta.get("format") != FORMAT:
            raise ConfigError(f"{where}: 'meta' does not say format {FORMAT!r}")
        if meta.get("scores", "actions") not in SCORES:
            raise ConfigError(f"{where}: 'meta' says it scores {meta.get('scores')!r}; a policy "
                              f"scores {' or '.join(SCORES)}")
        if meta.get("version") != VERSION:
            raise ConfigError(f"{where}: format version {meta.get('version')!r}; this Dejarik "
                              f"reads version {VERSION}")
        layers: list[tuple[Array, Array]] = []
        while f"W{len(layers)}" in arrays:
            i = len(layers)
            w, b = arrays.pop(f"W{i}"), arrays.pop(f"b{i}", None)
            if b is None or w.ndim != 2 or b.shape != (w.shape[1],):
                raise ConfigError(f"{where}: layer {i} has weights {w.shape} and bias "
                                  f"{None if b is None else b.shape}, which do not fit")
            if layers and layers[-1][0].shape[1] != w.shape[0]:
                raise ConfigError(f"{where}: layer {i} takes {w.shape[0]} inputs, but layer "
                                  f"{i - 1} gives {layers[-1][0].shape[1]}")
            if not (np.all(np.isfinite(w)) and np.all(np.isfinite(b))):
                raise ConfigError(f"{where}: layer {i} holds a number that is not finite")
            layers.append((w.astype(np.float32), b.astype(np.float32)))
        if not layers:
            raise ConfigError(f"{where}: no layers (W0, b0, ...)")
        if arrays:
            raise ConfigError(f"{where}: unexpected entries {', '.join(sorted(arrays))}")
        return cls(layers, meta)

    def check(self, game: str, layout: SpaceLayout, where: str) -> None:
        """The network must be for this game and this configuration's layout."""
        if self.meta.get("game") != game:
            raise ConfigError(f"{where} was trained for {self.meta.get('game')!r}, not {game!r}")
        if self.scores_positions:
            if (self.obs_size, self.action_size) != (layout.obs_size, 1):
                raise ConfigError(f"{where} reads {self.obs_size} numbers and gives "
                                  f"{self.action_size}; a position's worth is one number, and "
                                  f"this configuration of {game} observes {layout.obs_size}")
            return
        if (self.obs_size, self.action_size) != (layout.obs_size, layout.action_size):
            raise ConfigError(f"{where} reads {self.obs_size} numbers and scores {self.action_size} "
                              f"actions; this configuration of {game} has {layout.obs_size} and "
                              f"{layout.action_size} (it was trained with config "
                              f"{self.meta.get('config')})")


def pick(scores: Array, legal: list[int], temperature: float, rng: Rng) -> int:
    """The legal index with the best score (the lowest index among equals), or a draw from
    the softmax of the legal scores at `temperature`."""
    values = scores[legal]
    if temperature <= 0:
        return legal[int(np.argmax(values))]
    z = (values - values.max()) / temperature
    p = np.exp(z)
    u = rng.random() * float(p.sum())
    for index, weight in zip(legal, p, strict=True):
        u -= float(weight)
        if u < 0:
            return index
    return legal[-1]


class PolicyAgent:
    """Plays a trained policy file (see the module's docstring)."""

    name = "policy"

    def __init__(self, seed: int = 0, file: str = "", temperature: float = 0.0, deals: int = 1) -> None:
        if not file:
            raise ConfigError("the policy player needs a network: policy:file=FILE")
        if temperature < 0:
            raise ConfigError(f"policy temperature must not be negative, not {temperature}")
        if not 1 <= deals <= 64:
            raise ConfigError(f"policy deals must be 1 to 64, not {deals}")
        self.deals = deals
        self.file = file
        self.net = PolicyNet.load(file)
        self.temperature = temperature
        self.rng = Rng(seed)
        self._checked: tuple[str, int] | None = None

    def act(self, state: GameState) -> Action:
        acts = state.legal_actions()
        if len(acts) == 1:
            return acts[0]
        layout = learning_game(state.game_name)[1].for_state(state)
        key = (state.game_name, id(layout))
        if self._checked != key:
            self.net.check(state.game_name, layout, f"policy file {self.file}")
            self._checked = key
        if self.net.scores_positions:
            return self._one_step_ahead(state, layout)
        legal = layout.legal(state)
        obs = layout.observe(state, state.current_player)
        return legal[pick(self.net.scores(obs), sorted(legal), self.temperature, self.rng)]

    def _one_step_ahead(self, state: GameState, layout: SpaceLayout) -> Action:
        """Score the position each legal action leads to, on `deals` re-deals of the hidden
        cards (the mean worth of each action; the rest of the turn meets other luck on each);
        a decision the game answers by rule (`routine`) is answered so, as by the heuristic."""
        me = state.current_player
        hooks = get_game(state.game_name).agents
        seed = self.rng.next64()
        world = state.resample_hidden(me, seed)
        if hooks is not None:
            chosen = hooks.routine(world, self.rng, None)
            if chosen is not None:
                return chosen
        acts, after = afterstates(world, seed, hooks)
        worth = self.net.forward(np.array([layout.observe(s, me) for s in after]))[0][:, 0]
        if self.deals > 1:
            total, seen = worth.astype(np.float64), np.ones(len(acts))
            index = {a: i for i, a in enumerate(acts)}
            for _ in range(self.deals - 1):
                seed = self.rng.next64()
                more, after = afterstates(state.resample_hidden(me, seed), seed, hooks)
                scores = self.net.forward(np.array([layout.observe(s, me) for s in after]))[0][:, 0]
                for a, score in zip(more, scores, strict=True):
                    if a in index:   # the same options on every deal: they are the player's own
                        total[index[a]] += score
                        seen[index[a]] += 1
            worth = (total / seen).astype(np.float32)
        return acts[pick(worth, list(range(len(acts))), self.temperature, self.rng)]
