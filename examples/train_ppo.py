"""Train a small policy on any Dejarik game with masked PPO and plot its learning curve.

The policy plays one seat (chosen at random each game) through the Gymnasium adapter, with
illegal actions masked out by sb3-contrib's MaskablePPO; every other seat is a Dejarik agent
(`--opponent`: the opponents, or in the cooperative Pandemic game the teammates). Every
`--eval-every` steps it plays `--eval-games` fresh games (its most likely legal action each
time) and the script plots its win rate, with 95% intervals, against the rates of teams of
built-in players (`--baselines`) on the same deals.

    pip install torch==2.13.0 'dejarik[rl,examples]'    # a CPU build of torch; see README
    python examples/train_ppo.py --timesteps 200000 --out docs/images/ppo-learning-curve.png
    python examples/train_ppo.py --game pandemic --config '{"difficulty": "master"}' \
        --opponent greedy --baselines greedy,heuristic --shaping 1 --timesteps 300000 \
        --out docs/images/ppo-pandemic.png

`--shaping W` adds potential-based shaping (Ng, Harada and Russell, 1999) to the training
reward: W times the change in the game's own evaluation of the position for the policy's seat
(`agents.evaluate`, -1..1). Such shaping changes no optimal policy; it gives a sparse reward,
such as the Pandemic game's team win, a slope to climb. Evaluation counts wins only.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import gymnasium as gym
import numpy as np
import torch
from sb3_contrib import MaskablePPO

from dejarik.agents.base import make_agent
from dejarik.core.protocol import require
from dejarik.core.stats import wilson
from dejarik.interop.gymnasium import DejarikEnv

GAMMA = 0.999


class Shaped(gym.Wrapper[np.ndarray, np.int64, np.ndarray, np.int64]):
    """The training reward plus `weight * (GAMMA * phi(next) - phi(now))`, phi being the game's
    evaluation of the position for the policy's seat (0 once the game is over)."""

    def __init__(self, env: DejarikEnv, weight: float) -> None:
        super().__init__(env)
        self.base = env
        self.weight = weight
        game = env.episode.game
        self.evaluate = require(game.agents, game, "agents").evaluate
        self.phi = 0.0

    def potential(self) -> float:
        state = self.base.state
        return 0.0 if state.is_terminal() else float(self.evaluate(state, self.base.seat, None))

    def reset(self, **kwargs: Any) -> Any:
        out = self.env.reset(**kwargs)
        self.phi = self.potential()
        return out

    def step(self, action: np.int64) -> Any:
        obs, reward, terminated, truncated, info = self.env.step(action)
        phi = self.potential()
        shaped = float(reward) + self.weight * (GAMMA * phi - self.phi)
        self.phi = phi
        return obs, shaped, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        return self.base.action_masks()


def win_rate(choose: Any, games: int, opponent: str, seed: int, game: str,
             config: dict[str, Any]) -> dict[str, float]:
    """Play `games` games, seats taking turns, choosing moves with `choose(obs, mask, env)`."""
    wins = 0
    seats = DejarikEnv(game=game, config=config).episode.players
    for g in range(games):
        env = DejarikEnv(game=game, config=config, opponent=opponent, seat=g % seats)
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
    ap.add_argument("--game", default="deckbuilding", help="a registered game")
    ap.add_argument("--config", default="{}", help="the game's config, as JSON")
    ap.add_argument("--opponent", default="random",
                    help="every other seat, in training and evaluation (an agent spec)")
    ap.add_argument("--baselines", default="random",
                    help="comma-separated agent specs: each plays every seat of the same deals")
    ap.add_argument("--shaping", type=float, default=0.0,
                    help="weight of the potential-based shaping from the game's evaluation (0: none)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="ppo-learning-curve.png", help="the plot (PNG)")
    ap.add_argument("--json", help="also write the numbers here")
    args = ap.parse_args(argv)

    torch.set_num_threads(1)  # a small network: one thread is fastest, and leaves a core free
    config = json.loads(args.config)
    base = DejarikEnv(game=args.game, config=config, opponent=args.opponent, seat="random")
    env: gym.Env[np.ndarray, np.int64] = Shaped(base, args.shaping) if args.shaping else base
    env.reset(seed=args.seed)
    model = MaskablePPO("MlpPolicy", env, n_steps=2048, batch_size=256, learning_rate=3e-4,
                        n_epochs=5, gamma=GAMMA, ent_coef=0.01, policy_kwargs={"net_arch": [128, 128]},
                        seed=args.seed, device="cpu", verbose=0)
    eval_seed = 10_000_000 + args.seed  # evaluation deals never used in training

    def policy(obs: np.ndarray, mask: np.ndarray, _env: DejarikEnv) -> int:
        action, _ = model.predict(obs, action_masks=mask.astype(bool), deterministic=True)
        return int(action)

    def evaluate(choose: Any, others: str) -> dict[str, float]:
        return win_rate(choose, args.eval_games, others, eval_seed, args.game, config)

    baselines = {}
    for spec in args.baselines.split(","):
        agent = make_agent(spec, args.seed)

        def by_agent(obs: np.ndarray, mask: np.ndarray, e: DejarikEnv, agent: Any = agent) -> int:
            return int(e.layout.encode(e.state, agent.act(e.state)))

        start = time.perf_counter()
        baselines[spec] = {**evaluate(by_agent, spec), "seconds": round(time.perf_counter() - start, 1)}
        b = baselines[spec]
        print(f"{spec} in every seat: {b['win_rate']:.1%} ({b['low']:.1%}-{b['high']:.1%}), "
              f"{b['seconds']:.0f} s")
    curve = [{"timesteps": 0, **evaluate(policy, args.opponent)}]
    print(f"       0 steps: {curve[0]['win_rate']:.1%} (untrained)")
    start = time.perf_counter()
    while curve[-1]["timesteps"] < args.timesteps:
        model.learn(args.eval_every, reset_num_timesteps=False)
        point = {"timesteps": int(model.num_timesteps),
                 **evaluate(policy, args.opponent),
                 "seconds": round(time.perf_counter() - start, 1)}
        curve.append(point)
        print(f"{point['timesteps']:>8} steps: {point['win_rate']:.1%} with {args.opponent} "
              f"({point['low']:.1%}-{point['high']:.1%}), {point['seconds']:.0f} s")
    result = {"game": args.game, "config": config, "timesteps": args.timesteps,
              "shaping": args.shaping, "opponent": args.opponent, "eval_games": args.eval_games,
              "seed": args.seed,
              "baselines": baselines, "curve": curve}
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
    shaped = f", shaping {result['shaping']:g}" if result.get("shaping") else ""
    ax.plot(xs, ys, marker="o", label=f"masked PPO{shaped}, {result['opponent']} in the other seats")
    for (spec, b), style in zip(result["baselines"].items(), ("--", ":", "-."), strict=False):
        ax.axhline(b["win_rate"], color="grey", linestyle=style, label=f"{spec} in every seat")
    ax.set_xlabel("training steps (the policy's own decisions)")
    ax.set_ylabel(f"win rate ({result['eval_games']} games)")
    ax.set_ylim(0, 1)
    ax.set_title(f"{result['game']} {json.dumps(result['config'])}: masked PPO")
    ax.legend(loc="best")
    fig.tight_layout()
    fig.savefig(path)


if __name__ == "__main__":
    main()
