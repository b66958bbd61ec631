"""Scaling of `dejarik sim` from 1 to J worker processes, measured in alternating pairs.

The machine's speed drifts by tens of percent over minutes, so a 1-worker run and a J-worker
run taken minutes apart can give any ratio. Each pair here runs the two back to back (order
alternating), on fresh directories, and the median pair is the figure.

    python bench/scaling.py --games 4000 --pairs 5 --jobs 2 --agents greedy
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

from dejarik.deckbuilding.game import normalize_config
from dejarik.sim.batch import make_backend, open_run, run_games
from dejarik.sim.records import RunSpec


def rate(spec: RunSpec, games: int, jobs: int, where: Path) -> float:
    backend = make_backend("local", jobs)
    try:
        session = run_games(open_run(where, spec), games, backend)
    finally:
        backend.close()
    return float(session["games_played"] / session["seconds"])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--pairs", type=int, default=5)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--agents", default="greedy")
    ap.add_argument("--seed", type=int, default=77)
    args = ap.parse_args()
    seats = args.agents.split(",") * (2 if "," not in args.agents else 1)
    spec = RunSpec("deckbuilding", normalize_config({"turn_limit": 1000}), tuple(seats), args.seed)
    effs = []
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(args.pairs):
            order = (1, args.jobs) if k % 2 == 0 else (args.jobs, 1)
            rates = {j: rate(spec, args.games, j, Path(tmp) / f"{k}-{j}") for j in order}
            eff = rates[args.jobs] / (args.jobs * rates[1])
            effs.append(eff)
            print(f"pair {k + 1}: 1 worker {rates[1]:.1f} games/s, {args.jobs} workers "
                  f"{rates[args.jobs]:.1f} games/s, efficiency {100 * eff:.1f}%", flush=True)
    print(f"median efficiency over {args.pairs} pairs: {100 * statistics.median(effs):.1f}% "
          f"(range {100 * min(effs):.1f}-{100 * max(effs):.1f}%)")


if __name__ == "__main__":
    main()
