"""Playing strength of one agent against another, seats swapped, with 95% confidence intervals.

    python bench/strength.py ismcts:iterations=1000 heuristic --games 400 --workers 2

Game k deals from seed `seed + k // 2`; agent A takes seat `k % 2`, so every deal is played
once from each side. Each finished game is appended to a JSON-lines file as soon as it ends,
and a re-run with the same arguments skips the games already there, so a long run can be
stopped and resumed. The report counts a game with no winner (turn limit) as half a win.
The figures in docs/agents.md come from this script.
"""

from __future__ import annotations

import argparse
import json
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from dejarik.agents.base import make_agent
from dejarik.core.stats import wilson
from dejarik.sim.runner import play_game

CONFIG: dict[str, Any] = {"turn_limit": 300}   # beginner mode, the original edition


def play_one(task: tuple[str, str, int, int]) -> dict[str, Any]:
    a_spec, b_spec, seed, k = task
    seat = k % 2
    deal = seed + k // 2
    specs = [b_spec, b_spec]
    specs[seat] = a_spec
    agents = [make_agent(sp, deal * 7919 + i) for i, sp in enumerate(specs)]
    start = time.perf_counter()
    _, result, _ = play_game("deckbuilding", CONFIG, deal, agents)
    return {"game": k, "deal": deal, "a_seat": seat, "winner": result.winner,
            "a_won": result.winner == seat, "turns": result.turns, "actions": result.actions,
            "seconds": round(time.perf_counter() - start, 2)}


def report(rows: list[dict[str, Any]], a_spec: str, b_spec: str) -> str:
    n = len(rows)
    wins = sum(r["a_won"] for r in rows)
    draws = sum(r["winner"] is None for r in rows)
    score = wins + 0.5 * draws
    lo, hi = wilson(score, n)
    lines = [f"{a_spec} v {b_spec}: {n} games, A won {wins}, lost {n - wins - draws}, "
             f"no winner {draws}",
             f"A's score {score / n:.1%} (95% CI {lo:.1%} .. {hi:.1%})" if n else "no games"]
    for seat in (0, 1):
        part = [r for r in rows if r["a_seat"] == seat]
        if part:
            w = sum(r["a_won"] for r in part) + 0.5 * sum(r["winner"] is None for r in part)
            plo, phi = wilson(w, len(part))
            lines.append(f"  A in seat {seat}: {w:g}/{len(part)} = {w / len(part):.1%} "
                         f"(95% CI {plo:.1%} .. {phi:.1%})")
    if n:
        secs = sum(r["seconds"] for r in rows)
        lines.append(f"  mean {sum(r['turns'] for r in rows) / n:.1f} turns, "
                     f"{secs / n:.1f} s of one core per game")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("a", help="agent spec A, e.g. ismcts:iterations=1000")
    ap.add_argument("b", help="agent spec B, e.g. heuristic")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=10_000)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--out", default=None, help="JSON-lines file (default: bench/results/...)")
    args = ap.parse_args()
    make_agent(args.a, 0), make_agent(args.b, 0)   # a bad spec fails before any game
    name = f"{args.a}_v_{args.b}_seed{args.seed}".replace(":", "-").replace("=", "")
    out = Path(args.out) if args.out else Path(__file__).parent / "results" / f"{name}.jsonl"
    out.parent.mkdir(parents=True, exist_ok=True)
    rows = [json.loads(line) for line in out.read_text().splitlines()] if out.exists() else []
    done = {r["game"] for r in rows}
    todo = [(args.a, args.b, args.seed, k) for k in range(args.games) if k not in done]
    print(f"{len(done)} games already in {out}; playing {len(todo)} more "
          f"on {args.workers} worker(s)", flush=True)
    with out.open("a") as f, Pool(args.workers) as pool:
        for row in pool.imap_unordered(play_one, todo):
            f.write(json.dumps(row) + "\n")
            f.flush()
            rows.append(row)
            if len(rows) % 20 == 0:
                print(f"{len(rows)} games: {sum(r['a_won'] for r in rows)} won by A", flush=True)
    rows = [r for r in rows if r["game"] < args.games]
    print(report(rows, args.a, args.b))


if __name__ == "__main__":
    main()
