"""Train a small policy on the deckbuilder with masked PPO and plot its learning curve.

The policy plays one seat (chosen at random each game) against a Dejarik opponent through
the Gymnasium adapter (`dejarik/Deckbuilding-v0`), with illegal actions masked out by
sb3-contrib's MaskablePPO. Every `--eval-every` steps it plays `--eval-games` fresh games
against the random player (greedy choice of its most likely legal action) and the script
plots its win rate, with 95% intervals, against the random player's own rate in the same
games.

    pip install torch==2.13.0 'dejarik[rl,examples]'    # a CPU build of torch; see README
    python examples/train_ppo.py --timesteps 200000 --out docs/images/ppo-learning-curve.png
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO

from dejarik.agents.base import RandomAgent
from dejarik.core.stats import wilson
from dejarik.interop.gymnasium import DejarikEnv


def win_rate(choose: Any, games: int, opponent: str, seed: int) -> dict[str, float]:
    """Play `games` games, seats alternating, choosing moves with `choose(obs, mask, env)`."""
    wins = 0
    for g in range(games):
        env = DejarikEnv(opponent=opponent, seat=g % 2)
        obs, info = env.reset(seed=seed + g)
        done = False
        reward = 0.0
        while not done:
            action = choose(obs, info["action_mask"], env)
            obs, r, terminated, truncated, info = env.step(action)
            reward += float(r)
            done = terminated or truncated
        wins += reward > 0
    lo, hi = wilson(wins, games)
    return {"win_rate": wins / games, "low": lo, "high": hi}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--timesteps", type=int, default=200_000)
    ap.add_argument("--eval-every", type=int, default=20_000)
    ap.add_argument("--eval-games", type=int, default=100)
    ap.add_argument("--opponent", default="random", help="the training opponent (an agent spec)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="ppo-learning-curve.png", help="the plot (PNG)")
    ap.add_argument("--json", help="also write the numbers here")
    args = ap.parse_args(argv)

    torch.set_num_threads(1)  # a small network: one thread is fastest, and leaves a core free
    env = DejarikEnv(opponent=args.opponent, seat="random")
    env.reset(seed=args.seed)
    model = MaskablePPO("MlpPolicy", env, n_steps=2048, batch_size=256, learning_rate=3e-4,
                        n_epochs=5, gamma=0.999, ent_coef=0.01, policy_kwargs={"net_arch": [128, 128]},
                        seed=args.seed, device="cpu", verbose=0)
    eval_seed = 10_000_000 + args.seed  # evaluation deals never used in training

    def policy(obs: np.ndarray, mask: np.ndarray, _env: DejarikEnv) -> int:
        action, _ = model.predict(obs, action_masks=mask.astype(bool), deterministic=True)
        return int(action)

    picker = RandomAgent(args.seed)

    def random_policy(obs: np.ndarray, mask: np.ndarray, _env: DejarikEnv) -> int:
        legal = np.flatnonzero(mask)
        return int(legal[picker.rng.below(len(legal))])

    baseline = win_rate(random_policy, args.eval_games, "random", eval_seed)
    print(f"random player v random: {baseline['win_rate']:.1%} "
          f"({baseline['low']:.1%}-{baseline['high']:.1%})")
    curve = [{"timesteps": 0, **win_rate(policy, args.eval_games, "random", eval_seed)}]
    print(f"       0 steps: {curve[0]['win_rate']:.1%} against random (untrained)")
    start = time.perf_counter()
    while curve[-1]["timesteps"] < args.timesteps:
        model.learn(args.eval_every, reset_num_timesteps=False)
        point = {"timesteps": int(model.num_timesteps),
                 **win_rate(policy, args.eval_games, "random", eval_seed),
                 "seconds": round(time.perf_counter() - start, 1)}
        curve.append(point)
        print(f"{point['timesteps']:>8} steps: {point['win_rate']:.1%} against random "
              f"({point['low']:.1%}-{point['high']:.1%}), {point['seconds']:.0f} s")
    result = {"timesteps": args.timesteps, "opponent": args.opponent, "eval_games": args.eval_games,
              "seed": args.seed, "baseline": baseline, "curve": curve}
    plot(result, args.out)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=1)
    return result


def plot(result: dict[str, Any], path: str) -> None:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(6.4, 3.8), dpi=110)
    ax = fig.add_subplot()
    xs = [p["timesteps"] for p in result["curve"]]
    ys = [p["win_rate"] for p in result["curve"]]
    ax.fill_between(xs, [p["low"] for p in result["curve"]], [p["high"] for p in result["curve"]],
                    alpha=0.25, label="95% interval")
    ax.plot(xs, ys, marker="o", label="masked PPO")
    b = result["baseline"]
    ax.axhline(b["win_rate"], color="grey", linestyle="--", label="random player")
    ax.set_xlabel("training steps (the policy's own decisions)")
    ax.set_ylabel(f"win rate v random ({result['eval_games']} games)")
    ax.set_ylim(0, 1)
    ax.set_title(f"Deckbuilder: masked PPO trained against {result['opponent']}")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path)


if __name__ == "__main__":
    main()
