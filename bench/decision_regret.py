"""How far each player's choice falls short of the best, decision by decision.

Positions are taken from games of the rule of thumb against itself (every 17th move with a
real choice); at each, every legal action is valued by many paired playouts (`--tries`, the
yardstick: the same model of the opponent the playout searches use), and each player's choice
is charged the gap between the best action's value and its own (the regret, on the -1..1
scale). A search that turns more iterations into better decisions shows a smaller regret.

    python bench/decision_regret.py --positions 40 --tries 400 \\
        --agents "ismcts:iterations=100:playout=rule:root=halving:margin=0.15:horizon=move;greedy"
"""

from __future__ import annotations

import argparse
import time

from dejarik.agents.base import make_agent
from dejarik.agents.ismcts import IsmctsAgent
from dejarik.core.protocol import GameState
from dejarik.core.registry import get_game


def positions(count: int, seed: int) -> list[GameState]:
    game = get_game("deckbuilding")
    config = game.normalize_config({"turn_limit": 300})
    hooks = game.agents
    assert hooks is not None
    found: list[GameState] = []
    g = 0
    while len(found) < count:
        state = game.new_state(config, seed + g)
        rule = [make_agent("greedy", g), make_agent("greedy", g + 1)]
        step = 0
        while not state.is_terminal() and len(found) < count:
            me = state.current_player
            if (len(state.legal_actions()) > 1 and step % 17 == 5
                    and hooks.routine(state.resample_hidden(me, 1), make_agent("greedy", 0).rng) is None):
                found.append(state.clone())
                if len(found) % 4 == 0:   # at most four positions from one game
                    break
            state.apply(rule[me].act(state))
            step += 1
        g += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agents", required=True, help="agent specs separated by semicolons")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--tries", type=int, default=400, help="the yardstick's tries per action")
    parser.add_argument("--seed", type=int, default=5000)
    args = parser.parse_args()
    specs = [spec for spec in args.agents.split(";") if spec]
    regret: dict[str, list[float]] = {spec: [] for spec in specs}
    spent = dict.fromkeys(specs, 0.0)
    for i, state in enumerate(positions(args.positions, args.seed)):
        values = IsmctsAgent(99, playout="rule", horizon="move").action_values(state, args.tries)
        best = max(values.values())
        for spec in specs:
            start = time.perf_counter()
            choice = make_agent(spec, 7 + i).act(state)
            spent[spec] += time.perf_counter() - start
            regret[spec].append(best - values[choice])
        print(f"position {i}: {len(values)} actions, regret "
              + ", ".join(f"{r[-1]:.3f}" for r in regret.values()), flush=True)
    for spec in specs:
        r = regret[spec]
        print(f"{spec}: mean regret {sum(r) / len(r):.4f}, the best action at {sum(x <= 0 for x in r)} "
              f"of {len(r)} decisions, {spent[spec] / len(r):.2f} s a decision")


if __name__ == "__main__":
    main()
