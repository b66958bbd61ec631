"""OpenSpiel's IS-MCTS bot against Dejarik's ISMCTS player, on the deckbuilder.

Both searches get the same number of iterations per decision and score their leaves with the
same position evaluation (Dejarik's `evaluate`, after the greedy rule finishes the leaf's turn),
so the match compares the two search implementations, not their evaluations. OpenSpiel's bot
sees the game only through OpenSpiel's API (`dejarik.interop.openspiel`); it samples hidden
cards with `resample_from_infostate`.
Seats alternate between games, and every game is dealt from a fixed chance outcome, so a run
is reproducible.

    python examples/openspiel_ismcts_vs_dejarik.py --games 10 --iterations 200
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

from dejarik.agents.ismcts import IsmctsAgent
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


def play(game: Any, deal: int, openspiel_seat: int, iterations: int, seed: int) -> dict[str, Any]:
    bot = ismcts.ISMCTSBot(game, DejarikEvaluation(), uct_c=0.7, max_simulations=iterations,
                           random_state=np.random.RandomState(seed))
    ours = IsmctsAgent(seed=seed, iterations=iterations)
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


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--iterations", type=int, default=200, help="search iterations per decision, both bots")
    ap.add_argument("--turn-limit", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", help="write the results here")
    args = ap.parse_args(argv)
    game = pyspiel.load_game(GAME_NAME, {"turn_limit": args.turn_limit, "seed": args.seed})
    results = []
    for i in range(args.games):
        r = play(game, deal=i, openspiel_seat=i % 2, iterations=args.iterations,
                 seed=args.seed * 1000 + i)
        results.append(r)
        who = ("OpenSpiel IS-MCTS" if r["openspiel_won"] else
               "Dejarik ISMCTS" if r["dejarik_won"] else "nobody")
        ms = (r["openspiel_seconds_per_move"] * 1000, r["dejarik_seconds_per_move"] * 1000)
        print(f"game {i + 1}: OpenSpiel in seat {r['openspiel_seat']}, {who} won after "
              f"{r['turns']} turns ({ms[0]:.0f} v {ms[1]:.0f} ms a move)")
    n = len(results)
    wins = sum(r["dejarik_won"] for r in results)
    lo, hi = wilson(wins, n)
    summary = {"games": n, "iterations": args.iterations, "dejarik_wins": wins,
               "openspiel_wins": sum(r["openspiel_won"] for r in results),
               "draws": sum(r["winner"] is None for r in results),
               "dejarik_win_rate_95ci": [round(lo, 3), round(hi, 3)], "results": results}
    print(f"Dejarik ISMCTS won {wins} of {n} ({100 * lo:.0f}-{100 * hi:.0f}% at 95%), "
          f"OpenSpiel IS-MCTS {summary['openspiel_wins']}, no winner {summary['draws']}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(summary, f, indent=1)
    return summary


if __name__ == "__main__":
    main()
