"""Train a policy network on a game's learning spaces: `dejarik train`.

Two stages, both on the observation vectors and action indices the learning environments use
(core.spaces), both NumPy only:

1. **Imitation.** A teacher (any agent spec, by default the heuristic) plays games against
   itself; every decision with more than one legal action is recorded as the observation of
   the seat to move, its legal indices and the teacher's choice. The network is fitted to the
   choices by cross-entropy over the legal actions (Adam, minibatches), with a tenth of the
   games held out to report how often it agrees with the teacher on games it never saw.
2. **Self-play.** The network then plays through the Gymnasium environment
   (`dejarik.interop.gymnasium`, the `rl` extra) against a frozen copy of itself, drawing its
   moves from its softmax, and follows the policy gradient (REINFORCE, the outcome less a
   running mean as the advantage). The frozen copy is refreshed every `refresh` games.

The same command and seed write the same network.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from dejarik.agents.base import parse_agents
from dejarik.agents.policy import FORMAT, VERSION, Array, PolicyNet, pick
from dejarik.agents.tune import map_games
from dejarik.core.errors import ConfigError
from dejarik.core.rng import Rng
from dejarik.core.spaces import learning_game

QUANT = 255.0
"""Observations are stored as bytes for training (every value lies in 0..1): a tenth of the
memory of float32, and a recorded decision costs one byte per observed number."""


@dataclass
class Decisions:
    """Recorded decisions: observations (bytes, x QUANT), legal indices of decision i in
    `legal[offsets[i]:offsets[i+1]]`, and the chosen index."""

    obs: npt.NDArray[np.uint8]
    legal: npt.NDArray[np.int32]
    offsets: npt.NDArray[np.int64]
    chosen: npt.NDArray[np.int64]

    def __len__(self) -> int:
        return len(self.chosen)

    def masks(self, rows: npt.NDArray[np.int64], actions: int) -> npt.NDArray[np.bool_]:
        out = np.zeros((len(rows), actions), dtype=bool)
        for i, r in enumerate(rows):
            out[i, self.legal[self.offsets[r]:self.offsets[r + 1]]] = True
        return out

    def inputs(self, rows: npt.NDArray[np.int64]) -> Array:
        return self.obs[rows].astype(np.float32) / QUANT

    @staticmethod
    def join(parts: Sequence[Decisions], obs_size: int) -> Decisions:
        offsets = [0]
        for p in parts:
            offsets += (p.offsets[1:] + offsets[-1]).tolist()
        return Decisions(
            np.concatenate([p.obs for p in parts]) if parts else np.zeros((0, obs_size), np.uint8),
            np.concatenate([p.legal for p in parts]) if parts else np.zeros(0, np.int32),
            np.array(offsets, dtype=np.int64),
            np.concatenate([p.chosen for p in parts]) if parts else np.zeros(0, np.int64))


def _record(task: tuple[str, dict[str, Any], str, list[int]]) -> Decisions:
    game, config, teacher, seeds = task
    engine, spaces = learning_game(game)
    obs: list[npt.NDArray[np.uint8]] = []
    legal: list[int] = []
    offsets = [0]
    chosen: list[int] = []
    for seed in seeds:
        state = engine.new_state(config, seed)
        layout = spaces.for_state(state)
        players = parse_agents(teacher, seed, state.num_players)
        while not state.is_terminal():
            me = state.current_player
            action = players[me].act(state)
            index = layout.encode(state, action) if len(state.legal_actions()) > 1 else -1
            if index >= 0:   # a move past a cap of the spaces (-1) is no index to learn
                indices = sorted(layout.legal(state))
                obs.append(np.rint(layout.observe(state, me) * QUANT).astype(np.uint8))
                legal += indices
                offsets.append(len(legal))
                chosen.append(index)
            state.apply(action)
    size = spaces.for_state(engine.new_state(config, 0)).obs_size
    return Decisions(np.array(obs, dtype=np.uint8).reshape(-1, size), np.array(legal, np.int32),
                     np.array(offsets, np.int64), np.array(chosen, np.int64))


def record(game: str, config: dict[str, Any], teacher: str, games: int, seed: int, jobs: int = 1,
           on_progress: Callable[[int], None] | None = None) -> Decisions:
    """The teacher's decisions in `games` games, in game order whatever the number of workers."""
    parts = map_games(_record, game, config, teacher, games, seed, jobs, on_progress)
    engine, spaces = learning_game(game)
    return Decisions.join(parts, spaces.for_state(engine.new_state(config, 0)).obs_size)


class Adam:
    """The Adam optimiser over a network's arrays (updated in place)."""

    def __init__(self, net: PolicyNet, rate: float) -> None:
        self.arrays = [a for layer in net.layers for a in layer]
        self.m = [np.zeros_like(a) for a in self.arrays]
        self.v = [np.zeros_like(a) for a in self.arrays]
        self.rate = rate
        self.t = 0

    def step(self, grads: list[Array], decay: float = 0.0) -> None:
        self.t += 1
        fix1, fix2 = 1 - 0.9 ** self.t, 1 - 0.999 ** self.t
        for a, g, m, v in zip(self.arrays, grads, self.m, self.v, strict=True):
            if decay and a.ndim == 2:
                g = g + decay * a
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            a -= self.rate * (m / fix1) / (np.sqrt(v / fix2) + 1e-8)


def gradients(net: PolicyNet, x: Array, mask: npt.NDArray[np.bool_], target: npt.NDArray[np.int64],
              weight: Array) -> tuple[list[Array], float, float]:
    """Gradients of the weighted mean of -log p(target) under the softmax over the legal
    actions; also the (weighted) loss and how often the most likely action is the target."""
    scores, inputs = net.forward(x)
    scores = np.where(mask, scores, -np.inf)
    scores -= scores.max(axis=1, keepdims=True)
    p = np.exp(scores)
    p /= p.sum(axis=1, keepdims=True)
    rows = np.arange(len(target))
    loss = float(np.mean(-np.log(p[rows, target] + 1e-12) * weight))
    agree = float(np.mean(p.argmax(axis=1) == target))
    g = p
    g[rows, target] -= 1.0
    g *= (weight / len(target))[:, None].astype(np.float32)
    return backprop(net, inputs, g), loss, agree


def backprop(net: PolicyNet, inputs: list[Array], g: Array) -> list[Array]:
    """The gradients of every layer's weights and bias, given the gradient `g` of the loss
    with respect to the network's outputs and each layer's input from `forward`."""
    grads: list[Array] = []
    for i in range(len(net.layers) - 1, -1, -1):
        w, _ = net.layers[i]
        grads[:0] = [inputs[i].T @ g, g.sum(axis=0)]
        if i:
            g = (g @ w.T) * (inputs[i] > 0)
    return grads


def imitate(net: PolicyNet, data: Decisions, held: Decisions, epochs: int, seed: int,
            rate: float = 1e-3, batch: int = 256, decay: float = 1e-5,
            on_epoch: Callable[[int, dict[str, float]], None] | None = None) -> list[dict[str, float]]:
    """Fit the network to the teacher's choices; per epoch, the loss and agreement on the
    training decisions and on the held-out games' decisions."""
    opt = Adam(net, rate)
    rng = np.random.default_rng(seed)
    history = []
    for epoch in range(epochs):
        order = rng.permutation(len(data))
        losses, agrees = [], []
        for i in range(0, len(order), batch):
            rows = order[i:i + batch]
            grads, loss, agree = gradients(net, data.inputs(rows), data.masks(rows, net.action_size),
                                           data.chosen[rows], np.ones(len(rows), np.float32))
            opt.step(grads, decay)
            losses.append(loss)
            agrees.append(agree)
        figures = {"epoch": epoch + 1, "loss": round(float(np.mean(losses)), 4),
                   "agreement": round(float(np.mean(agrees)), 4), **agreement(net, held)}
        history.append(figures)
        if on_epoch:
            on_epoch(epoch + 1, figures)
    return history


def agreement(net: PolicyNet, data: Decisions) -> dict[str, float]:
    """Loss and agreement with the recorded choices (held-out games)."""
    if not len(data):
        return {}
    losses, agrees = [], []
    for i in range(0, len(data), 2048):
        rows = np.arange(i, min(i + 2048, len(data)))
        _, loss, agree = gradients(net, data.inputs(rows), data.masks(rows, net.action_size),
                                   data.chosen[rows], np.ones(len(rows), np.float32))
        losses.append(loss * len(rows))
        agrees.append(agree * len(rows))
    return {"held_out_loss": round(sum(losses) / len(data), 4),
            "held_out_agreement": round(sum(agrees) / len(data), 4)}


def self_play(net: PolicyNet, game: str, config: dict[str, Any], games: int, seed: int,
              rate: float = 1e-4, refresh: int = 200, batch: int = 16,
              league: Sequence[str] = (),
              on_game: Callable[[int], None] | None = None) -> dict[str, Any]:
    """REINFORCE through the Gymnasium environment against a frozen copy of the network,
    refreshed every `refresh` games, and the `league`'s agents in turn (game g meets the
    (g mod n)-th of the n opponents, the frozen copy first): a network that only meets itself
    can drift into habits any fixed player punishes. Returns the learner's score over each
    opponent's games."""
    from dejarik.interop.gymnasium import DejarikEnv  # the `rl` extra

    rng = Rng(seed)
    opt = Adam(net, rate)
    names = ["self", *league]
    baseline = [0.0] * len(names)   # one per opponent: the expected result differs
    won = [0.0] * len(names)
    met = [0] * len(names)
    with tempfile.TemporaryDirectory() as tmp:
        frozen = Path(tmp) / "frozen.npz"
        envs: list[DejarikEnv] = [DejarikEnv(config=config, game=game, seat="random", opponent=spec)
                                  for spec in league]
        mirror: DejarikEnv | None = None
        xs: list[Array] = []
        masks: list[npt.NDArray[np.bool_]] = []
        acts: list[int] = []
        weights: list[float] = []
        for g in range(games):
            if g % refresh == 0:
                net.save(frozen)
                mirror = DejarikEnv(config=config, game=game, seat="random",
                                    opponent=f"policy:file={frozen}:temperature=1")
            assert mirror is not None
            which = g % len(names)
            env = envs[which - 1] if which else mirror
            obs, info = env.reset(seed=rng.next64() >> 1)
            steps: list[tuple[Array, npt.NDArray[np.bool_], int]] = []
            done, reward = False, 0.0
            while not done:
                mask = np.asarray(info["action_mask"], dtype=bool)
                legal = np.flatnonzero(mask).tolist()
                action = pick(net.scores(obs), legal, 1.0, rng)
                if len(legal) > 1:
                    steps.append((obs, mask, action))
                obs, r, terminated, truncated, info = env.step(action)
                reward, done = float(r), terminated or truncated
            won[which] += (reward + 1) / 2
            met[which] += 1
            advantage = reward - baseline[which]
            baseline[which] += 0.02 * advantage
            for x, m, a in steps:
                xs.append(x)
                masks.append(m)
                acts.append(a)
                weights.append(advantage)
            if (g + 1) % batch == 0 and xs:
                grads, _, _ = gradients(net, np.array(xs), np.array(masks), np.array(acts),
                                        np.array(weights, np.float32))
                opt.step(grads)
                xs, masks, acts, weights = [], [], [], []
            if on_game:
                on_game(1)
    return {"games": games, "score": round(sum(won) / max(1, games), 4),
            "score_by_opponent": {n: round(w / m, 4) for n, w, m in zip(names, won, met, strict=True) if m}}


def train(game: str, config: dict[str, Any], teacher: str, games: int, epochs: int,
          hidden: Sequence[int], seed: int, self_play_games: int = 0,
          league: Sequence[str] = (), jobs: int = 1,
          on_progress: Callable[[int], None] | None = None,
          on_epoch: Callable[[int, dict[str, float]], None] | None = None) -> PolicyNet:
    """Record, imitate, then play against itself: the network and, in its `meta`, how."""
    if epochs < 1:
        raise ConfigError(f"epochs must be 1 or more, not {epochs}")
    if any(h < 1 for h in hidden):
        raise ConfigError(f"hidden layer sizes must be 1 or more, got {list(hidden)}")
    start = time.perf_counter()
    engine, spaces = learning_game(game)
    layout = spaces.for_state(engine.new_state(config, 0))
    held_games = max(1, games // 10)
    data = record(game, config, teacher, games - held_games, seed, jobs, on_progress)
    held = record(game, config, teacher, held_games, seed ^ 0x4E1D, jobs, on_progress)
    if not len(data):
        raise ConfigError("the teacher made no decision with a choice in it: play more games")
    meta: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": game, "config": config,
                            "hidden": list(hidden), "teacher": teacher, "games": games,
                            "seed": seed, "decisions": len(data)}
    net = PolicyNet.fresh([layout.obs_size, *hidden, layout.action_size], seed, meta)
    recorded = time.perf_counter()
    net.meta["imitation"] = imitate(net, data, held, epochs, seed, on_epoch=on_epoch)
    imitated = time.perf_counter()
    if self_play_games:
        net.meta["self_play"] = self_play(net, game, config, self_play_games, seed, league=league,
                                          on_game=on_progress)
        net.meta["league"] = list(league)
    net.meta["seconds"] = {"recording": round(recorded - start, 1),
                           "imitation": round(imitated - recorded, 1),
                           "self_play": round(time.perf_counter() - imitated, 1)}
    return net
