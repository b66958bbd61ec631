"""Which of a player's decisions cost it games: hand some kinds of decision to another player.

A decision's kinds are the first words of its legal actions as the game's learning spaces
describe them (`describe(index)`: in the deckbuilder "play", "buy", "commit", "select",
"option", "yes", ...). For each split, the player plays every deal once from each seat against
the opponent, but any decision offering an action of one of the split's kinds is made by the
helper instead. If handing over the choices inside abilities lifts a learned policy to its
teacher's level and handing over the buys does not, the policy's buys are not what it lacks.

    python bench/split_decisions.py --player policy:file=bench/policies/deckbuilding.npz \\
        --helper heuristic --opponent heuristic --games 400 \\
        --split "" --split buy+commit+use --split select+option+yes+resolve

Any game with learning spaces (`--game`); the deals are the seeds from `--seed` on.
"""

from __future__ import annotations

import argparse

from dejarik.agents.base import make_agent
from dejarik.core.protocol import Action, GameState
from dejarik.core.spaces import learning_game
from dejarik.core.stats import wilson


class Split:
    """The player, except that decisions offering an action of one of `kinds` go to the helper."""

    def __init__(self, game: str, player: str, helper: str, kinds: set[str], seed: int) -> None:
        self.spaces = learning_game(game)[1]
        self.player = make_agent(player, seed)
        self.helper = make_agent(helper, seed + 1)
        self.kinds = kinds

    def act(self, state: GameState) -> Action:
        if self.kinds:
            layout = self.spaces.for_state(state)
            offered = {layout.describe(i).split(" ")[0] for i in layout.legal(state)}
            if offered & self.kinds:
                return self.helper.act(state)
        return self.player.act(state)


def score(args: argparse.Namespace, kinds: set[str]) -> tuple[float, float, float]:
    """The player's score (a draw is half) over `args.games` games, and its share from each seat."""
    game = learning_game(args.game)[0]
    config = game.normalize_config({"turn_limit": args.turn_limit})
    points = [0.0, 0.0]
    for g in range(args.games):
        deal, seat = divmod(g, 2)
        state = game.new_state(config, args.seed + deal)
        me = Split(args.game, args.player, args.helper, kinds, 1000 * args.seed + 2 * g)
        seats = [me, make_agent(args.opponent, 1000 * args.seed + 2 * g + 1)]
        if seat:
            seats.reverse()
        while not state.is_terminal():
            state.apply(seats[state.current_player].act(state))
        r = state.returns()
        points[seat] += 1.0 if r[seat] > r[1 - seat] else 0.5 if r[seat] == r[1 - seat] else 0.0
    half = args.games / 2
    return sum(points), points[0] / half, points[1] / half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="deckbuilding")
    parser.add_argument("--player", required=True, help="the agent spec under test")
    parser.add_argument("--helper", required=True, help="the agent spec that takes the split's decisions")
    parser.add_argument("--opponent", required=True)
    parser.add_argument("--split", action="append", default=[],
                        help="kinds joined by '+' ('' for none); repeat for several splits")
    parser.add_argument("--games", type=int, default=200, help="even: each deal from both seats")
    parser.add_argument("--turn-limit", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.games < 2 or args.games % 2:
        parser.error("--games must be even and at least 2: every deal is played from both seats")
    print(f"{args.player} against {args.opponent}, {args.games} games, seats swapped; "
          f"the split's decisions made by {args.helper}")
    print(f"{'handed over':<40} {'score':>6}  95% interval  first seat  second seat")
    for split in args.split or [""]:
        kinds = {k for k in split.split("+") if k}
        points, first, second = score(args, kinds)
        low, high = wilson(points, args.games)
        print(f"{'+'.join(sorted(kinds)) or '(nothing)':<40} {points / args.games:6.1%}  "
              f"{low:5.1%}-{high:5.1%}  {first:10.1%}  {second:11.1%}", flush=True)


if __name__ == "__main__":
    main()
