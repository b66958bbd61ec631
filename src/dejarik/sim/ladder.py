"""A ladder: every agent against every other on the same deals, seats swapped, rated on the Elo
scale (core.ratings).

A ladder directory holds `ladder.json` (the game, its options, the seed and the agents) and one
ordinary simulation run per pairing under `runs/`, so each pairing resumes, and reads in
`dejarik report`, like any `dejarik sim` run. Every pairing plays the same deals: game k of
every run deals from the ladder's seed and k. In a game of two sides, A v B and B v A are two
runs over the same deals, so each deal is played once from each side. In a game of one side
(cooperative), each agent plays every deal as the whole team, and is rated against the game
itself, which sits at 0.

Adding an agent to the list and running again plays only the new pairings.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from dataclasses import dataclass
from itertools import permutations
from pathlib import Path
from typing import Any

from dejarik.core.errors import ConfigError
from dejarik.core.files import read_json
from dejarik.core.ratings import PairScore, expected, fit
from dejarik.core.registry import get_game
from dejarik.core.runs import GAMES_FILE, RUN_FILE, read_records, read_run
from dejarik.core.stats import rounded, significant, wilson
from dejarik.sim.batch import Backend, RunDir, open_run, run_many
from dejarik.sim.records import RunSpec

LADDER_FILE = "ladder.json"
SUMMARY_FILE = "summary.json"
PAGE_FILE = "ladder.html"
LADDER_FORMAT = "dejarik-ladder"
THE_GAME = "the game"   # the opponent of every team in a cooperative game


@dataclass(frozen=True)
class Pairing:
    """One run of the ladder: an agent per side, and how many deals it plays."""

    sides: tuple[str, ...]
    spec: RunSpec
    games: int

    @property
    def folder(self) -> str:
        slug = "-v-".join(re.sub(r"[^A-Za-z0-9]+", "-", s).strip("-") for s in self.sides)
        digest = hashlib.sha256(json.dumps(list(self.sides)).encode()).hexdigest()[:8]
        return f"{slug[:80]}_{digest}"


@dataclass(frozen=True)
class Ladder:
    game: str
    config: dict[str, Any]     # normalised by the game
    agents: tuple[str, ...]
    games: int                 # per pair of agents (two sides), per agent (one side)
    seed: int
    anchor: str                # the agent held at 0 (two sides); the game itself (one side)

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side, from a position of the game."""
        engine = get_game(self.game)
        return engine.new_state(self.config, self.seed).teams

    def pairings(self) -> list[Pairing]:
        sides = self.sides()
        seats = sum(len(s) for s in sides)
        if len(sides) == 1:
            return [Pairing((a,), RunSpec(self.game, self.config, (a,) * seats, self.seed),
                            self.games) for a in self.agents]
        if len(sides) != 2:
            raise ConfigError(f"a ladder needs a game of one or two sides; this one has {len(sides)}")
        if len(self.agents) < 2:
            raise ConfigError(f"a ladder of a game of two sides needs at least two agents, "
                              f"got {', '.join(self.agents)}")
        if self.games % 2:
            raise ConfigError(f"--games is per pair of agents, each deal played from both "
                              f"sides: give an even number, not {self.games}")
        side_of = {seat: k for k, side in enumerate(sides) for seat in side}
        out = []
        for pair in permutations(self.agents, 2):
            seat_agents = tuple(pair[side_of[seat]] for seat in range(seats))
            out.append(Pairing(pair, RunSpec(self.game, self.config, seat_agents, self.seed),
                               self.games // 2))
        return out

    def to_json(self) -> dict[str, Any]:
        return {"format": LADDER_FORMAT, "version": 1, "game": self.game, "config": self.config,
                "seed": self.seed, "games": self.games, "agents": list(self.agents),
                "anchor": self.anchor}


def check_agents(agents: list[str], anchor: str | None) -> str:
    """The anchor: the one named, else greedy when it plays, else the first agent."""
    if len(agents) < 1 or len(set(agents)) != len(agents):
        raise ConfigError(f"--agents needs distinct agent specs separated by commas, got {agents}")
    if anchor is not None and anchor not in agents:
        raise ConfigError(f"--anchor {anchor!r} is not one of the agents ({', '.join(agents)})")
    return anchor or ("greedy" if "greedy" in agents else agents[0])


def open_ladder(path: Path, ladder: Ladder) -> list[tuple[Pairing, RunDir]]:
    """Create the ladder directory or reopen one of the same game, options and seed, and open
    every pairing's run. Checks everything before it writes anything."""
    meta = path / LADDER_FILE
    if meta.exists():
        old = read_json(meta, ConfigError)
        if not isinstance(old, dict) or old.get("format") != LADDER_FORMAT:
            raise ConfigError(f"{meta} is not a dejarik ladder")
        mine = ladder.to_json()
        differ = [k for k in ("game", "config", "seed") if old.get(k) != mine[k]]
        if differ:
            raise ConfigError(f"{path} holds a ladder with another {', '.join(differ)} "
                              f"({'; '.join(f'{k}: {old.get(k)!r}' for k in differ)}); use "
                              "another --out, or the same game, options and seed to extend it")
    elif path.exists() and (not path.is_dir() or any(path.iterdir())):
        raise ConfigError(f"{path} is not empty and holds no {LADDER_FILE}: choose another --out")
    pairings = ladder.pairings()
    runs = [(p, open_run(path / "runs" / p.folder, p.spec)) for p in pairings]
    tmp = path / (LADDER_FILE + ".tmp")
    tmp.write_text(json.dumps(ladder.to_json(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    tmp.replace(meta)
    return runs


def missing_games(runs: list[tuple[Pairing, RunDir]]) -> int:
    return sum(len(set(range(p.games)) - r.done) for p, r in runs)


def play_ladder(runs: list[tuple[Pairing, RunDir]], backend: Backend, chunk: int | None = None,
                on_progress: Any = None) -> list[dict[str, Any]]:
    """Play every pairing's missing games together, on one backend. A finished run is left
    alone: no empty session is added to it."""
    todo = [(r, p.games) for p, r in runs if set(range(p.games)) - r.done]
    return run_many(todo, backend, chunk, on_progress)


# -- results -------------------------------------------------------------------------------------
def summarize(path: Path, ladder: Ladder) -> dict[str, Any]:
    """The ladder's results: each agent's rating with its interval, score, games and thinking
    time, and every pair's head-to-head score. Written to summary.json beside the runs."""
    one_side = len(ladder.sides()) == 1
    names = list(ladder.agents) + ([THE_GAME] if one_side else [])
    index = {n: k for k, n in enumerate(names)}
    head: dict[tuple[int, int], list[float]] = {}   # (i, j) -> [i's score, games]
    by_side: dict[tuple[int, int], list[float]] = {}  # (agent, side) -> [score, games]
    think = {n: [0.0, 0.0] for n in ladder.agents}
    turns: dict[str, list[float]] = {}
    for p in ladder.pairings():
        run_dir = path / "runs" / p.folder
        sides = [index[a] for a in p.sides] + ([index[THE_GAME]] if one_side else [])
        for _, rec in read_records(run_dir / GAMES_FILE, []) if (run_dir / GAMES_FILE).exists() else []:
            if int(rec["index"]) >= p.games:
                continue
            won = rec["winner"]
            if won is None and one_side:
                won = 1   # the team did not win: the game did
            for side, me in enumerate(sides):
                score = 0.5 if won is None else float(won == side)
                for other in sides:
                    if other != me:
                        _add(head, (me, other), score)
                if me < len(ladder.agents):
                    _add(by_side, (me, side), score)
                    _add(turns, names[me], float(rec.get("turns", 0)))
        _add_thinking(run_dir, p, ladder, think)
    return _summary(ladder, names, head, by_side, think, turns, one_side)


def _add(cells: dict[Any, list[float]], key: Any, value: float) -> None:
    """One more game in a [total, games] cell."""
    cell = cells.setdefault(key, [0.0, 0.0])
    cell[0] += value
    cell[1] += 1


def _add_thinking(run_dir: Path, p: Pairing, ladder: Ladder, think: dict[str, list[float]]) -> None:
    """Each agent's thinking, from the sessions of the run (seat by seat)."""
    run = read_run(run_dir / RUN_FILE, [])
    for session in (run or {}).get("sessions", []):
        for seat, (secs, moves) in enumerate(session.get("think", [])):
            agent = p.spec.agents[seat]
            think[agent][0] += secs
            think[agent][1] += moves


def _summary(ladder: Ladder, names: list[str], head: dict[tuple[int, int], list[float]],
             by_side: dict[tuple[int, int], list[float]], think: dict[str, list[float]],
             turns: dict[str, list[float]], one_side: bool) -> dict[str, Any]:
    anchor = names.index(THE_GAME if one_side else ladder.anchor)
    played = [k for k in range(len(names))
              if any(head.get((k, j), [0, 0])[1] for j in range(len(names)))]
    rated: dict[int, dict[str, float]] = {}
    if anchor in played and len(played) > 1:
        where = {k: x for x, k in enumerate(played)}
        scores = [PairScore(where[i], where[j], s, int(n)) for (i, j), (s, n) in head.items()
                  if i < j and i in where and j in where]
        try:
            fitted = fit(len(played), scores, anchor=where[anchor])
        except ValueError:
            fitted = None
        if fitted is not None:
            for k, x in where.items():
                r = fitted.ratings[x]
                rated[k] = {"elo": round(r.elo, 1), "low": round(r.low, 1), "high": round(r.high, 1)}
    rows: list[dict[str, Any]] = []
    for k, name in enumerate(names):
        if name == THE_GAME:
            continue
        score = sum(head.get((k, j), [0, 0])[0] for j in range(len(names)))
        games = int(sum(head.get((k, j), [0, 0])[1] for j in range(len(names))))
        if one_side:   # every game was against the game: count each once
            score, games = head.get((k, anchor), [0.0, 0.0])[0], int(head.get((k, anchor), [0, 0])[1])
        lo, hi = wilson(score, games)
        secs, moves = think[name]
        rows.append({
            "agent": name, "rating": rated.get(k), "games": games, "score": score,
            "rate": rounded(score / games) if games else None, "ci": [rounded(lo), rounded(hi)],
            "seconds_per_move": significant(secs / moves) if moves else None,
            "moves": int(moves),
            "turns": rounded(turns[name][0] / turns[name][1], 2) if name in turns else None,
            "by_side": [_rate(by_side.get((k, side))) for side in range(1 if one_side else 2)],
        })
    rows.sort(key=_rank_key)
    pairs = {}
    for (i, j), (s, n) in sorted(head.items()):
        if names[i] != THE_GAME and names[j] != THE_GAME:
            pairs[f"{names[i]}\t{names[j]}"] = _rate([s, n])
    return {"game": ladder.game, "config": ladder.config, "seed": ladder.seed,
            "games_per_pair": ladder.games, "one_side": one_side,
            "anchor": THE_GAME if one_side else ladder.anchor, "agents": rows, "pairs": pairs}


def _rank_key(row: dict[str, Any]) -> float:
    """Best first; agents without a rating yet last."""
    rating = row["rating"]
    return -float(rating["elo"]) if rating else math.inf


def _rate(cell: list[float] | None) -> dict[str, Any]:
    score, games = cell or [0.0, 0.0]
    lo, hi = wilson(score, int(games))
    return {"score": score, "games": int(games),
            "rate": rounded(score / games) if games else None, "ci": [rounded(lo), rounded(hi)]}


def predicted(summary: dict[str, Any], a: str, b: str) -> float | None:
    """The ratings' forecast of a's score against b."""
    rating = {r["agent"]: r["rating"] for r in summary["agents"]}
    if rating.get(a) is None or rating.get(b) is None:
        return None
    return expected(rating[a]["elo"] - rating[b]["elo"])
