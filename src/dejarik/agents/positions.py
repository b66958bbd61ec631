"""Train a network that scores positions one step ahead (`dejarik train --scores positions`).

The player (`policy:file=...`, agents/policy.py) tries each legal action on a re-deal of the
hidden cards, lets the game's rule of thumb settle the rest of the action or turn, and keeps the
action whose result the network scores highest. The network learns from a teacher's games seen
the same way: at each decision, every legal action's settled result, observed by the seat to
move. It learns to score the result of the teacher's choice highest among its siblings
(cross-entropy of the softmax over them) and, where the game has an evaluation, to give each
result the evaluation's number, which anchors the scale. A teacher that searches (playouts by
the rule of thumb, say) is then learnt once, and costs one pass of the network a decision.

How it was trained is in the file's `meta`; the same command and seed write the same network.
"""

from __future__ import annotations

import hashlib
import json
import re
import tempfile
import time
import zipfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from dejarik.agents.base import agent_specs, parse_agents
from dejarik.agents.learn import QUANT, Adam, backprop
from dejarik.agents.policy import Array, PolicyNet, afterstates
from dejarik.agents.tune import Task, chunked, game_seeds, map_games, map_tasks
from dejarik.core.errors import ConfigError
from dejarik.core.hooks import AgentHooks
from dejarik.core.protocol import GameState
from dejarik.core.registry import get_game
from dejarik.core.rng import Rng
from dejarik.core.spaces import learning_game


@dataclass
class Positions:
    """Decisions seen one step ahead: the observations (bytes, x QUANT) of each legal action's
    settled result, decision i's in rows `offsets[i]:offsets[i+1]`; the index of the chosen one
    within its decision; and a value for every row (the game's evaluation of that result)."""

    obs: npt.NDArray[np.uint8]
    offsets: npt.NDArray[np.int64]
    chosen: npt.NDArray[np.int64]
    values: npt.NDArray[np.float32]

    def __len__(self) -> int:
        return len(self.chosen)

    def rows(self, decisions: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.int64],
                                                              npt.NDArray[np.int64]]:
        """The rows of some decisions, and where each decision starts among them (and ends)."""
        starts, ends = self.offsets[decisions], self.offsets[decisions + 1]
        rows = np.concatenate([np.arange(a, b) for a, b in zip(starts, ends, strict=True)])
        return rows, np.concatenate([[0], np.cumsum(ends - starts)])

    @staticmethod
    def join(parts: list[Positions], obs_size: int) -> Positions:
        offsets = [0]
        for p in parts:
            offsets += (p.offsets[1:] + offsets[-1]).tolist()
        if not parts:
            return Positions(np.zeros((0, obs_size), np.uint8), np.zeros(1, np.int64),
                             np.zeros(0, np.int64), np.zeros(0, np.float32))
        return Positions(np.concatenate([p.obs for p in parts]), np.array(offsets, np.int64),
                         np.concatenate([p.chosen for p in parts]),
                         np.concatenate([p.values for p in parts]))


def needs_thought(state: GameState, hooks: AgentHooks | None) -> bool:
    """A decision the position player thinks about: a choice the game does not answer by rule."""
    if len(state.legal_actions()) < 2:
        return False
    return hooks is None or hooks.routine(state.resample_hidden(state.current_player, 0),
                                          Rng(0), None) is None


@dataclass(frozen=True)
class Labels:
    """A labeller's choices in a chunk of games, kept apart from their positions (a few bytes a
    decision where the positions take kilobytes): with them the chunk is recorded again without
    asking the labeller, whose search is the dear part. `checks` fingerprint what the student
    saw at each decision; from the first that differs (the student playing otherwise, on
    another machine's arithmetic say), the labeller is asked again."""

    chosen: list[int]
    checks: list[int]

    @staticmethod
    def of(data: Positions) -> Labels:
        return Labels(data.chosen.tolist(),
                      [zlib.crc32(data.obs[a:b].tobytes())
                       for a, b in zip(data.offsets[:-1], data.offsets[1:], strict=True)])


def _record(task: Task, given: Labels | None = None) -> Positions:
    """Record a chunk of games. `agents` is the teacher's spec, or the teacher's and the
    players' separated by a tab: then the players make the moves and the teacher only names
    the choice it would make at each decision of the seats that play the first seat's spec
    (its games are not played), unless `given` holds that choice. Players of two kinds change
    sides from one game to the next."""
    game, config, agents, seeds = task
    teacher, _, playing = agents.partition("\t")
    engine, spaces = learning_game(game)
    hooks = get_game(game).agents
    obs: list[npt.NDArray[np.uint8]] = []
    values: list[float] = []
    offsets: list[int] = [0]
    chosen: list[int] = []
    for seed in seeds:
        state = engine.new_state(config, seed)
        layout = spaces.for_state(state)
        specs = agent_specs(playing or teacher, state.num_players)
        student = specs[0]
        if seed & 1:   # the other side (sides alternate seats, in the team game too)
            specs = specs[1:] + specs[:1]
        players = parse_agents(",".join(specs), seed, state.num_players)
        labels = parse_agents(teacher, seed, state.num_players) if playing else players
        luck = Rng(seed ^ 0xAF7E)
        while not state.is_terminal():
            me = state.current_player
            action = players[me].act(state)
            if specs[me] == student and needs_thought(state, hooks):
                deal = luck.next64()
                acts, after = afterstates(state.resample_hidden(me, deal), deal, hooks)
                rows = [np.rint(layout.observe(s, me) * QUANT).astype(np.uint8) for s in after]
                k = len(chosen)
                if given is not None and (k >= len(given.chosen) or given.checks[k] != zlib.crc32(
                        b"".join(r.tobytes() for r in rows))):
                    given = None
                if given is not None:
                    chosen.append(given.chosen[k])
                else:
                    chosen.append(acts.index(labels[me].act(state) if playing else action))
                obs += rows
                values += [hooks.evaluate(s, me, None) if hooks else 0.0 for s in after]
                offsets.append(len(obs))
            state.apply(action)
    size = spaces.for_state(engine.new_state(config, 0)).obs_size
    return Positions(np.array(obs, np.uint8).reshape(-1, size), np.array(offsets, np.int64),
                     np.array(chosen, np.int64), np.array(values, np.float32))


def record(game: str, config: dict[str, Any], teacher: str, games: int, seed: int, jobs: int = 1,
           on_progress: Callable[[int], None] | None = None, players: str = "",
           parts: Path | None = None) -> Positions:
    """The teacher's decisions in `games` games seen one step ahead, each result valued by the
    game's evaluation (0 where it has none). With `players` (an agent spec), they play the
    games and the teacher names its choice at each decision of the first seat's kind of
    player. With `parts` (a folder), each chunk of games is kept there as it is done, and a
    chunk found there is not played again: a long recording can stop and go on."""
    agents = f"{teacher}\t{players}" if players else teacher
    engine, spaces = learning_game(game)
    size = spaces.for_state(engine.new_state(config, 0)).obs_size
    if parts is None:
        return Positions.join(map_games(_record, game, config, agents, games, seed, jobs,
                                        on_progress), size)
    # chunks of a size that does not depend on the workers, so a kept chunk is found again
    tasks = chunked(game, config, agents, game_seeds(games, seed), max(1, min(50, games // 64)))
    done = {i: p for i, t in enumerate(tasks) if (p := _kept_part(parts, i, t)) is not None}
    if on_progress is not None and done:
        on_progress(sum(len(tasks[i][3]) for i in done))
    todo = [i for i in range(len(tasks)) if i not in done]

    def keep_labels(i: int) -> None:
        """A labeller's choices outlive their positions (see kept_recording)."""
        path = parts / f"{i:05d}.labels.json"
        if players and not path.exists():
            _save_labels(path, _chunk_key(tasks[i]), Labels.of(done[i]))

    for i in done:
        keep_labels(i)
    labelled = [(tasks[i], _kept_labels(parts, i, tasks[i]) if players else None) for i in todo]
    for i, part in zip(todo, map_tasks(_record_labelled, labelled,
                                       [len(tasks[i][3]) for i in todo], jobs, on_progress),
                       strict=True):
        _save(parts / f"{i:05d}.npz", _chunk_key(tasks[i]), part)
        done[i] = part
        keep_labels(i)
    return Positions.join([done[i] for i in range(len(tasks))], size)


def _record_labelled(item: tuple[Task, Labels | None]) -> Positions:
    return _record(*item)


def _chunk_key(task: Task) -> str:
    """What a kept chunk was made of: its agents and seeds."""
    return json.dumps(task[2:], sort_keys=True)


def _portable(key: str) -> str:
    """A chunk key with agents' files named without their folder (a student's file is named
    by its weights' digest): kept files can move, and name no machine's paths."""
    return re.sub(r'file=[^,:"\\]*/', "file=", key)


def _same_key(kept: str, wanted: str) -> bool:
    """Whether a kept chunk's settings are these, files compared by name, not folder."""
    return _portable(kept) == _portable(wanted)


def _kept_part(parts: Path, i: int, task: Task) -> Positions | None:
    """Chunk i of a recording, if it was kept for this very task."""
    path = parts / f"{i:05d}.npz"
    return _load(path, _chunk_key(task)) if path.exists() else None


def _kept_labels(parts: Path, i: int, task: Task) -> Labels | None:
    """The labeller's choices kept for chunk i of this very task, if any."""
    path = parts / f"{i:05d}.labels.json"
    if not path.exists():
        return None
    try:
        kept = json.loads(path.read_text())
        labels = Labels([int(c) for c in kept["chosen"]], [int(c) for c in kept["checks"]])
        same = _same_key(str(kept["key"]), _chunk_key(task))
    except (OSError, KeyError, TypeError, ValueError) as err:
        raise ConfigError(f"labels {path}: not a file of kept labels ({err})") from None
    if not same or len(labels.chosen) != len(labels.checks):
        raise ConfigError(f"labels {path} were made with other settings than their name says; "
                          f"remove them")
    return labels


def _save_labels(path: Path, key: str, labels: Labels) -> None:
    """Written whole or not at all."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps({"key": _portable(key), "chosen": labels.chosen,
                               "checks": labels.checks}))
    tmp.replace(path)


def _load(path: Path, wanted: str) -> Positions:
    """A kept recording of positions made with the settings `wanted`, or a named error."""
    try:
        with np.load(path, allow_pickle=False) as z:
            if _same_key(str(z["key"]), wanted):
                return Positions(z["obs"], z["offsets"], z["chosen"], z["values"])
    except (OSError, KeyError, ValueError, EOFError, zipfile.BadZipFile) as err:
        raise ConfigError(f"recording {path}: not a recording of positions ({err})") from None
    raise ConfigError(f"recording {path} was made with other settings than its name says; "
                      f"remove it")


def _save(path: Path, key: str, data: Positions) -> None:
    """Written whole or not at all."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("wb") as f:
        np.savez(f, key=np.array(_portable(key)), obs=data.obs, offsets=data.offsets, chosen=data.chosen,
                 values=data.values)
    tmp.replace(path)


def kept_recording(keep: Path | None, name: str, key: dict[str, Any],
                   make: Callable[[Path | None], Positions]) -> Positions:
    """Positions recorded once: read from `keep`'s file for these settings (`key`: game,
    config, teacher, games, seed) when there is one, else recorded by `make` and written there
    (whole or not at all). Training again with other network sizes or epochs costs no game.
    `make` is given a folder beside that file for the chunks done so far: a recording stopped
    half way goes on from there."""
    if keep is None:
        return make(None)
    wanted = json.dumps(key, sort_keys=True)
    stem = f"{name}-{hashlib.sha256(wanted.encode()).hexdigest()[:12]}"
    cache = keep / f"{stem}.npz"
    if cache.exists():
        return _load(cache, wanted)
    parts = keep / f"{stem}.parts"
    data = make(parts)
    _save(cache, wanted, data)
    for chunk in parts.glob("*.npz"):   # a labeller's choices stay: they are the dear part
        chunk.unlink()
    if parts.exists() and not any(parts.iterdir()):
        parts.rmdir()
    return data


def _loss(net: PolicyNet, data: Positions, decisions: npt.NDArray[np.int64],
          values: float) -> tuple[list[Array], dict[str, float]]:
    """Gradients and figures of the cross-entropy of the chosen result among its siblings plus
    `values` x the squared error of every score against its result's value."""
    rows, groups = data.rows(decisions)
    v, inputs = net.forward(data.obs[rows].astype(np.float32) / QUANT)
    v = v[:, 0]
    best = np.maximum.reduceat(v, groups[:-1])
    sizes = np.diff(groups)
    e = np.exp(v - np.repeat(best, sizes))
    p = e / np.repeat(np.add.reduceat(e, groups[:-1]), sizes)
    target = groups[:-1] + data.chosen[decisions]
    dv = p / len(decisions)
    dv[target] -= 1.0 / len(decisions)
    err = v - data.values[rows]
    dv += values * 2 * err / len(rows)
    figures = {"loss": float(np.mean(-np.log(p[target] + 1e-12))),
               "agreement": float(np.mean(v[target] == best)),
               "value_error": float(np.mean(err ** 2))}
    return backprop(net, inputs, dv[:, None].astype(np.float32)), figures


def fit(net: PolicyNet, data: Positions, held: Positions, epochs: int, seed: int, values: float,
        rate: float = 1e-3, batch: int = 128,
        on_epoch: Callable[[int, dict[str, float]], None] | None = None) -> list[dict[str, float]]:
    """Fit the network for `epochs` passes (Adam, minibatches of decisions); per epoch, the
    figures on the training decisions and how often it picks the teacher's choice on the
    held-out ones."""
    opt = Adam(net, rate)
    rng = np.random.default_rng(seed)
    history = []
    for epoch in range(epochs):
        order = rng.permutation(len(data))
        seen: dict[str, list[float]] = {}
        for i in range(0, len(order), batch):
            grads, figures = _loss(net, data, np.sort(order[i:i + batch]), values)
            opt.step(grads)
            for k, x in figures.items():
                seen.setdefault(k, []).append(x)
        result = {"epoch": epoch + 1, **{k: round(float(np.mean(x)), 4) for k, x in seen.items()},
                  "held_out_agreement": agreement(net, held)}
        history.append(result)
        if on_epoch:
            on_epoch(epoch + 1, result)
    return history


def agreement(net: PolicyNet, data: Positions) -> float:
    """How often the network's best-scored result is the one the teacher chose."""
    if not len(data):
        return 0.0
    v = np.concatenate([net.forward(data.obs[i:i + 4096].astype(np.float32) / QUANT)[0][:, 0]
                        for i in range(0, len(data.obs), 4096)])
    starts, ends = data.offsets[:-1], data.offsets[1:]
    picks = [a + int(np.argmax(v[a:b])) for a, b in zip(starts, ends, strict=True)]
    return round(float(np.mean(np.array(picks) == starts + data.chosen)), 4)


def digest(net: PolicyNet) -> str:
    """A short fingerprint of a network's weights (what a recording of its games depends on)."""
    h = hashlib.sha256()
    for w, b in net.layers:
        h.update(w.tobytes())
        h.update(b.tobytes())
    return h.hexdigest()[:16]


def train(game: str, config: dict[str, Any], teacher: str, games: int, epochs: int,
          hidden: list[int], seed: int, meta: dict[str, Any], jobs: int = 1,
          refine: str = "", refine_games: int = 0, refine_epochs: int = 2, self_play: int = 0,
          against: str = "", labeller: str = "", keep: Path | None = None, rounds: int = 1,
          on_progress: Callable[[int], None] | None = None,
          on_epoch: Callable[[int, dict[str, float]], None] | None = None) -> PolicyNet:
    """Record the teacher's games (kept in `keep` when given) and fit a network that scores
    positions (the module's docstring); then, with `refine`, go on learning from a second
    teacher's games at a third of the rate: a dear teacher (one that searches) is copied best
    by a network that already judges like a cheap one. With `self_play`, the network then
    plays that many games against itself, the last teacher names its choice at each of their
    decisions, and the network learns from those with the second teacher's games (expert
    iteration, or DAgger: it learns to mend its own mistakes in the positions it reaches
    itself, which a copy of the teacher's games never shows it). With `against` (an agent
    spec) it plays that agent instead, sides swapped game by game, and only its own decisions
    are named; `labeller` names them in place of the last teacher. With `rounds`, that is
    done again by each new network, on new deals, learning from every round's decisions so far
    (DAgger's aggregation). `meta` is completed with how."""
    start = time.perf_counter()
    engine, spaces = learning_game(game)
    layout = spaces.for_state(engine.new_state(config, 0))
    distil = 1.0 if get_game(game).agents is not None else 0.0

    def games_of(who: str, n: int, at: int = seed, players: str = "", **key_extra: str
                 ) -> tuple[Positions, Positions]:
        """A teacher's games, a tenth held out, each recording kept under its settings."""
        held_games = max(1, n // 10)
        key = {"game": game, "config": config, "teacher": who, "seed": at, **key_extra}
        data = kept_recording(keep, "teacher", {**key, "games": n - held_games}, lambda parts: record(
            game, config, who, n - held_games, at, jobs, on_progress, players, parts))
        held = kept_recording(keep, "held-out", {**key, "games": held_games}, lambda parts: record(
            game, config, who, held_games, at ^ 0x4E1D, jobs, on_progress, players, parts))
        if not len(data):
            raise ConfigError(f"{who} made no decision with a choice in it: play more games")
        return data, held

    data, held = games_of(teacher, games)
    net = PolicyNet.fresh([layout.obs_size, *hidden, 1], seed,
                          {**meta, "scores": "positions", "decisions": len(data)})
    recorded = time.perf_counter()
    net.meta["imitation"] = fit(net, data, held, epochs, seed, distil, on_epoch=on_epoch)
    seconds = {"recording": round(recorded - start, 1),
               "imitation": round(time.perf_counter() - recorded, 1)}
    if refine:
        del data, held
        begun = time.perf_counter()
        data, held = games_of(refine, refine_games)
        recorded = time.perf_counter()
        net.meta["refine"] = {"teacher": refine, "games": refine_games, "decisions": len(data),
                              "epochs": fit(net, data, held, refine_epochs, seed, distil,
                                            rate=3e-4, on_epoch=on_epoch)}
        seconds["refine_recording"] = round(recorded - begun, 1)
        seconds["refining"] = round(time.perf_counter() - recorded, 1)
    if self_play:
        labeller = labeller or refine or teacher
        extra = {"against": against} if against else {}
        own_rounds: list[Positions] = []
        history: list[dict[str, Any]] = []
        for round_no in range(rounds):
            begun = time.perf_counter()
            with tempfile.TemporaryDirectory() as tmp:
                # kept beside the recording, the student keeps its name, so its chunks are
                # found again
                student = (keep or Path(tmp)) / f"student-{digest(net)}.npz"
                if not student.exists():
                    student.parent.mkdir(parents=True, exist_ok=True)
                    net.save(student)
                players = f"policy:file={student}" + (f",{against}" if against else "")
                own, own_held = games_of(labeller, self_play, (seed ^ 0x5E1F) + round_no, players,
                                         student=digest(net), **extra)
            recorded = time.perf_counter()
            own_rounds.append(own)
            # DAgger: each round learns from every round's decisions so far
            data = Positions.join([data, *own_rounds] if refine else own_rounds, layout.obs_size)
            history.append({"decisions": len(own),
                            "epochs": fit(net, data, own_held, refine_epochs, seed, distil,
                                          rate=3e-4, on_epoch=on_epoch)})
            suffix = "" if round_no == 0 else f"_{round_no + 1}"
            seconds[f"self_play_recording{suffix}"] = round(recorded - begun, 1)
            seconds[f"self_play_fitting{suffix}"] = round(time.perf_counter() - recorded, 1)
        net.meta["self_play"] = {"labeller": labeller, "games": self_play,
                                 "decisions": history[0]["decisions"], **extra,
                                 "epochs": history[0]["epochs"],
                                 **({"rounds": history} if rounds > 1 else {})}
    net.meta["seconds"] = seconds
    return net
