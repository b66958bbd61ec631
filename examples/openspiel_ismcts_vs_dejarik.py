"""OpenSpiel's IS-MCTS bot against Dejarik's ISMCTS player, on the deckbuilder.

Both searches get the same number of iterations per decision and score their leaves the same
way, so the match compares the two search implementations, not their evaluations: by default
with Dejarik's position evaluation (`evaluate`, after the greedy rule finishes the leaf's turn),
or with `--leaf playout` by playing the leaf out to the end of the game by the rule of thumb.
`--ours` adds options to Dejarik's player (`playout=rule` is implied by `--leaf playout`). OpenSpiel's bot
sees the game only through OpenSpiel's API (`dejarik.interop.openspiel`); it samples hidden
cards with `resample_from_infostate`.
Each deal is played twice, once with OpenSpiel's bot in each seat, and every game is dealt
from a fixed chance outcome, so a run is reproducible.

    python examples/openspiel_ismcts_vs_dejarik.py --games 10 --iterations 200
    python examples/openspiel_ismcts_vs_dejarik.py --games 200 --iterations 100 --leaf playout \
        --ours root=halving:margin=0.15:horizon=move
"""

from __future__ import annotations

import argparse
import json
import os
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

from dejarik.agents.base import make_agent
from dejarik.agents.ismcts import play_out
from dejarik.core.rng import Rng
from dejarik.core.stats import wilson
from dejarik.deckbuilding.hooks import HOOKS
from dejarik.interop.openspiel import DejarikSpielState, spiel_name

GAME_NAME = spiel_name("deckbuilding")


class DejarikEvaluation:
    """An OpenSpiel MCTS evaluator built on Dejarik's position evaluation (no rollouts)."""

    def evaluate(self, state: DejarikSpielState) -> np.ndarray:
        if state.is_terminal():
            return np.asarray(state.returns(), dtype=float)
        engine = state.engine.state.clone()
        if HOOKS.settle_leaves:   # judged as its turn would end, as Dejarik's search judges a leaf
            HOOKS.settle(engine, Rng(0))
            if engine.is_terminal():
                return np.asarray(engine.returns(), dtype=float)
        v = HOOKS.evaluate(engine, 0)
        return np.array([v, -v])

    def prior(self, state: DejarikSpielState) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


class DejarikPlayout(DejarikEvaluation):
    """Scores a leaf by playing it out to the end of the game by the rule of thumb, every seat
    (what Dejarik's `ismcts:playout=rule` does)."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def evaluate(self, state: DejarikSpielState) -> np.ndarray:
        engine = state.engine.state.clone()
        play_out(HOOKS, engine, self.rng)
        return np.asarray(engine.returns(), dtype=float)


def play(game: Any, deal: int, openspiel_seat: int, iterations: int, seed: int,
         leaf: str = "evaluation", ours_options: str = "") -> dict[str, Any]:
    evaluator = DejarikPlayout(seed) if leaf == "playout" else DejarikEvaluation()
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=0.7, max_simulations=iterations,
                           random_state=np.random.RandomState(seed))
    spec = f"ismcts:iterations={iterations}" + (":playout=rule" if leaf == "playout" else "")
    ours = make_agent(spec + (f":{ours_options}" if ours_options else ""), seed)
    layout = game.layout
    state = game.new_initial_state()
    state.apply_action(deal)
    moves = [0, 0]
    think = [0.0, 0.0]
    while not state.is_terminal():
        seat = state.current_player()
        start = time.perf_counter()
        if seat == openspiel_seat:
            action = bot.step(state)
        else:
            engine = state.engine.state
            action = layout.encode(engine, ours.act(engine))
        think[seat] += time.perf_counter() - start
        moves[seat] += 1
        state.apply_action(action)
    winner = state.engine.state.winner()
    mine, theirs = openspiel_seat, 1 - openspiel_seat
    return {"deal": deal, "openspiel_seat": openspiel_seat, "winner": winner,
            "openspiel_won": winner == mine, "dejarik_won": winner == theirs,
            "turns": state.engine.state.turn,
            "openspiel_seconds_per_move": think[mine] / max(moves[mine], 1),
            "dejarik_seconds_per_move": think[theirs] / max(moves[theirs], 1)}


SETTINGS = ("iterations", "turn_limit", "seed", "leaf", "ours")
_GAMES: dict[tuple[int, int], Any] = {}


def play_game(args: dict[str, Any], i: int) -> dict[str, Any]:
    """Game i: deal i // 2, OpenSpiel's bot in seat i % 2 (each deal is played from both sides)."""
    key = (args["turn_limit"], args["seed"])
    if key not in _GAMES:   # one loaded game per process
        _GAMES[key] = pyspiel.load_game(GAME_NAME, {"turn_limit": key[0], "seed": key[1]})
    r = play(_GAMES[key], deal=i // 2, openspiel_seat=i % 2, iterations=args["iterations"],
             seed=args["seed"] * 1000 + i, leaf=args["leaf"], ours_options=args["ours"])
    return {"game": i, **r}


def _earlier(path: str | None, settings: dict[str, Any]) -> list[dict[str, Any]]:
    """The games an earlier run with the same settings left in `path` (a run resumes)."""
    if not path or not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        old = json.load(f)
    differ = [k for k in SETTINGS if old.get(k) != settings[k]]
    if differ:
        raise SystemExit(f"{path} holds a match with another {', '.join(differ)}: "
                         "choose another --json, or the same settings to resume it")
    return list(old.get("results", []))


def _summary(settings: dict[str, Any], results: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(results)
    wins = sum(r["dejarik_won"] for r in results)
    lo, hi = wilson(wins, n) if n else (0.0, 1.0)
    return {**settings, "games": n, "dejarik_wins": wins,
            "openspiel_wins": sum(r["openspiel_won"] for r in results),
            "draws": sum(r["winner"] is None for r in results),
            "dejarik_win_rate_95ci": [round(lo, 3), round(hi, 3)],
            "results": sorted(results, key=lambda r: r["game"])}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--iterations", type=int, default=200, help="search iterations per decision, both bots")
    ap.add_argument("--turn-limit", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--leaf", choices=("evaluation", "playout"), default="evaluation",
                    help="how both searches score a leaf")
    ap.add_argument("--ours", default="", help="more options for Dejarik's ismcts player, e.g. root=halving")
    ap.add_argument("--jobs", type=int, default=1, help="games played at once, one process each")
    ap.add_argument("--json", help="write the results here after every game; a run with the "
                                   "same settings and file resumes")
    args = ap.parse_args(argv)
    settings = {k: getattr(args, k) for k in SETTINGS}
    results = _earlier(args.json, settings)
    todo = [i for i in range(args.games) if i not in {r["game"] for r in results}]
    with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else nullcontext() as pool:
        runs = pool.map(play_game, [settings] * len(todo), todo) if pool is not None \
            else (play_game(settings, i) for i in todo)
        for r in runs:
            results.append(r)
            who = ("OpenSpiel IS-MCTS" if r["openspiel_won"] else
                   "Dejarik ISMCTS" if r["dejarik_won"] else "nobody")
            ms = (r["openspiel_seconds_per_move"] * 1000, r["dejarik_seconds_per_move"] * 1000)
            print(f"game {r['game'] + 1}: OpenSpiel in seat {r['openspiel_seat']}, {who} won after "
                  f"{r['turns']} turns ({ms[0]:.0f} v {ms[1]:.0f} ms a move)", flush=True)
            if args.json:
                tmp = args.json + ".tmp"
                with open(tmp, "w", encoding="utf-8") as f:
                    json.dump(_summary(settings, results), f, indent=1)
                os.replace(tmp, args.json)
    summary = _summary(settings, results)
    lo, hi = summary["dejarik_win_rate_95ci"]
    print(f"Dejarik ISMCTS won {summary['dejarik_wins']} of {summary['games']} "
          f"({100 * lo:.0f}-{100 * hi:.0f}% at 95%), "
          f"OpenSpiel IS-MCTS {summary['openspiel_wins']}, no winner {summary['draws']}")
    return summary


if __name__ == "__main__":
    main()
