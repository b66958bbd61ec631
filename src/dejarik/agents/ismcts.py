"""Information-set Monte Carlo tree search (single-observer ISMCTS).

Each iteration deals the hidden cards again (`resample_hidden`, which depends only on what the
searching player can see), walks one tree shared by all those deals, and scores the leaf with
the game's `evaluate` hook (or, for a game without hooks, a random playout to the end). Children are
picked by UCB1 among the actions legal in *this* deal, counting how often each was available,
so actions that exist in some deals only are not over-explored. The searcher never touches the
real position beyond asking it for its own legal actions and its observation-based re-deal.

Dealing is the dearest step of an iteration, so a decision draws a pool of `deals` deals and
the iterations take copies of them in turn; `deals` equal to the iteration budget is the
textbook one-deal-per-iteration search. With playouts a deal decides its playout (the dealt
copy carries its own random state and the rule of thumb is deterministic), so a deal met
twice only repeats a result, and the repeat would shrink the standard error the margin test
trusts: there, by default, every try of a root action meets a deal of its own.

Chains of forced moves (one legal action), and moves the game answers by rule (the `routine`
hook, e.g. the deckbuilder's "play the cards in hand"), are walked through without a tree
node: they are not decisions, and counting them would only make the tree deeper. A new node
tries the game's rule-of-thumb move first, so a small budget starts from the rule's play. When
the game asks for it (`settle_leaves`), a leaf is played on by rule to the end of its turn
before it is scored, as the evaluation was fitted there.

With `playout=rule`, a leaf is instead played out to the end of the game by the game's rule
of thumb (every seat) and scored by who won: slower, but it sees what the evaluation misses
(an economy card's later payoff, the tempo of attacks), and more iterations keep making the
estimate better. The root's actions are always compared on the same deals (the k-th try of
each action meets the k-th deal), so their difference is not drowned in the luck of the deals;
`margin` keeps the rule's own move unless the search is sure another is better: a playout's
result is a win or a loss, so a few tries leave much luck in each action's average.

A game may keep the tree to the searcher's own turn (`search_horizon="turn"`, the
deckbuilder's choice; the `horizon` option overrides it): the tree then holds only the
searcher's decisions until another seat moves, each leaf is settled and judged at the end of
that turn, and a node is worth its most-tried child (the one the search believes best) rather
than the average of every line tried below it. Searching the opponents' later turns with the
same budget only added noise. With `horizon="move"` the tree is the root's actions alone:
each try of an action is judged as the rule would go on from it (settled and scored, or played
out), a bandit over the actions that spends the budget on the ones that look best.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Mapping
from typing import Any

from dejarik.core.errors import ConfigError
from dejarik.core.hooks import AgentHooks
from dejarik.core.protocol import Action, GameState
from dejarik.core.registry import get_game
from dejarik.core.rng import Rng


class _Node:
    __slots__ = ("avail", "children", "tries", "visits", "wins")
    tries: list[float]   # a root action's value in each of its tries, in order (root's children only)

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.wins = 0.0    # summed value, for the player who chose the action leading here
        self.avail = 0     # iterations in which the action leading here was legal


class IsmctsAgent:
    """Searches a fixed number of iterations (deterministic for a seed) or for a time budget.

    `iterations`: iterations per decision (ignored when `seconds` is set).
    `seconds`: wall-clock budget per decision; the result then depends on machine speed.
    `exploration`: the UCB1 constant, for values in [-1, 1].
    `rollout`: random moves played after leaving the tree before the leaf is scored (0: score
    the leaf at once; games without agent hooks always play out to the end).
    `deals`: how many different deals of the hidden cards a decision samples (at most one per
    iteration; iterations cycle through them). Default: 100 with the evaluation at the leaves,
    one per try with playouts.
    `weights`: passed to the game's `evaluate` hook, as for the heuristic player.
    `horizon`: "game", "turn" or "move" (see the module's docstring); by default the game's.
    `playout`: "" (score a leaf by the evaluation) or "rule" (play it out by the rule of thumb).
    `margin`: above 0, the rule of thumb's move is kept unless the most-tried action beat it,
    paired deal by deal, by more than this (on the -1..1 scale) and by more than the standard
    error of the mean difference (0: the most-tried action, always).
    `root`: "ucb" (UCB1 at the root, as below it) or "halving" (sequential halving: rounds of
    equal tries on the same deals, keeping the better half each round; needs `iterations`).
    """

    name = "ismcts"

    def __init__(self, seed: int = 0, iterations: int = 1000, seconds: float | None = None,
                 exploration: float = 0.7, rollout: int = 0, deals: int | None = None,
                 weights: Mapping[str, float] | None = None, horizon: str = "",
                 playout: str = "", margin: float = 0.0, root: str = "ucb") -> None:
        if iterations < 1:
            raise ConfigError(f"ismcts: iterations must be at least 1, got {iterations}")
        if seconds is not None and seconds <= 0:
            raise ConfigError(f"ismcts: seconds must be positive, got {seconds}")
        if exploration < 0 or rollout < 0 or margin < 0:
            raise ConfigError("ismcts: exploration, rollout and margin must not be negative")
        if playout not in PLAYOUTS:
            raise ConfigError(f"ismcts: playout must be one of {', '.join(map(repr, PLAYOUTS))}, "
                              f"got {playout!r}")
        if horizon not in ("", "game", "turn", "move"):
            raise ConfigError(f"ismcts: horizon must be 'game', 'turn' or 'move', got {horizon!r}")
        if deals is None:
            deals = sys.maxsize if playout else DEALS
        if deals < 1:
            raise ConfigError(f"ismcts: deals must be at least 1, got {deals}")
        if root not in ROOTS:
            raise ConfigError(f"ismcts: root must be one of {', '.join(map(repr, ROOTS))}, got {root!r}")
        if root == "halving" and seconds is not None:
            raise ConfigError("ismcts: root 'halving' shares out a number of iterations, not seconds")
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout = rollout
        self.deals = deals
        self.playout = playout
        self.margin = margin
        self.root = root
        self.horizon_option = horizon
        self.horizon = horizon or "game"   # the game's choice, set by each decision when not given
        self.weights = dict(weights) if weights else None
        self._checked: dict[str, float] | None = None
        self.last_iterations = 0   # iterations the last decision used (for benchmarks)
        self.last_root: _Node | None = None   # the tree the last searched decision grew
        self._hooks: AgentHooks | None = None   # the game's, set by each decision
        self._me = 0   # the searching player, set by each decision

    def act(self, state: GameState) -> Action:
        acts = state.legal_actions()
        if len(acts) == 1:
            self.last_iterations = 0
            return acts[0]
        me, hooks = self._prepare(state)
        if self.weights and self._checked is None and hooks is not None:
            self._checked = hooks.check_weights(self.weights)
        if hooks is not None:   # a decision the game answers by rule is not searched
            chosen = hooks.routine(state.resample_hidden(me, self.rng.next64()), self.rng,
                                   self._checked)
            if chosen is not None:
                self.last_iterations = 0
                return chosen
        root = _Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        pool: list[Any] = []
        usual = self._usual(state, acts)
        if self.root == "halving":
            best = self._halve(state, root, acts, usual, pool)
            done = sum(child.visits for child in root.children.values())
        else:
            while True:
                action, child = self._root_step(root, acts, usual)
                self._try(state, action, child, pool)
                done += 1
                if deadline is None:
                    if done >= self.iterations or _settled(root, done, self.iterations - done):
                        break
                elif time.perf_counter() >= deadline:
                    break
            best = max((child.visits, child.wins, a) for a, child in root.children.items())[2]
        self.last_iterations = done
        self.last_root = root
        if self.margin > 0 and usual is not None and best != usual \
                and not _clearly_better(root.children[best].tries, root.children[usual].tries, self.margin):
            return usual   # the rule's move, unless the search is sure another is better
        return best

    def _prepare(self, state: GameState) -> tuple[int, AgentHooks | None]:
        """Who searches, the game's hooks and the horizon, for a decision at `state`."""
        self._me = state.current_player
        self._hooks = hooks = get_game(state.game_name).agents
        self.horizon = self.horizon_option or (hooks.search_horizon if hooks is not None else "game")
        return self._me, hooks

    def action_values(self, state: GameState, tries: int) -> dict[Action, float]:
        """Every legal action's mean value (-1..1) for the player to move over `tries` paired
        tries, no choosing: a yardstick to judge a decision by (bench/decision_regret.py)."""
        self._prepare(state)
        pool: list[Any] = []
        values: dict[Action, float] = {}
        for action in state.legal_actions():
            child = _Node()
            child.tries = []
            for _ in range(tries):
                child.avail += 1
                self._try(state, action, child, pool)
            values[action] = child.wins / child.visits
        return values

    def _try(self, state: GameState, action: Action, child: _Node, pool: list[Any]) -> None:
        """One iteration through the root's `action`. The root's legal actions are the same in
        every deal, and the k-th try of an action meets the k-th deal of `pool`, so the actions
        are compared on equal luck."""
        k = child.visits % self.deals
        while len(pool) <= k:
            pool.append(state.resample_hidden(self._me, self.rng.next64()))
        world: Any = pool[k].clone()
        world.apply(action)
        before = child.wins
        self._iterate(child, world, [(child, self._me)])
        child.tries.append(child.wins - before)

    def _halve(self, state: GameState, root: _Node, acts: list[Action], usual: Action | None,
               pool: list[Any]) -> Action:
        """Sequential halving over the root's actions: each round gives every surviving action
        the same number of tries (on the same deals) and keeps the better half, so the budget
        goes to the close contest between the best few instead of where UCB1's early luck
        sends it. Returns the last survivor (the best average of the final round)."""
        alive = list(acts)
        for a in alive:
            child = root.children[a] = _Node()
            child.tries = []
        rounds = max(1, math.ceil(math.log2(len(alive))))
        budget = self.iterations
        for r in range(rounds):
            each = max(1, budget // ((rounds - r) * len(alive)))
            for a in alive:
                child = root.children[a]
                for _ in range(each):
                    child.avail += 1
                    self._try(state, a, child, pool)
            budget -= each * len(alive)
            # the better half by average (the rule's move first among equals)
            alive.sort(key=lambda a: (root.children[a].wins / root.children[a].visits, a == usual),
                       reverse=True)
            alive = alive[:max(1, (len(alive) + 1) // 2)]
        return alive[0]

    def _usual(self, state: GameState, acts: list[Action]) -> Action | None:
        """The rule of thumb's move at the root (it reads only what the player may know)."""
        if self._hooks is None:
            return None
        world = state.resample_hidden(self._me, self.rng.next64())
        move = self._hooks.rule_of_thumb(world, self.rng)
        return move if move in acts else None

    def _root_step(self, root: _Node, acts: list[Action], usual: Action | None) -> tuple[Action, _Node]:
        """The root's action for this iteration: each is tried once (the rule's first), then UCB1."""
        for a in acts:
            child = root.children.get(a)
            if child is not None:
                child.avail += 1
        untried = [a for a in acts if a not in root.children]
        if untried:
            a = usual if usual in untried else untried[0]
            child = root.children[a] = _Node()
            child.avail = 1
            child.tries = []   # only the root's children keep their tries: not on the hot path
            return a, child
        child, a = self._select(root, acts)
        return a, child

    def _iterate(self, node: _Node, world: Any, path: list[tuple[_Node, int]]) -> None:
        """One iteration below the root's child `node` (`path` holds it): walk the tree, add a
        node, score the leaf and back the value up. A path's entries are (node, player who
        chose the action into it)."""
        hooks = self._hooks
        while self.horizon != "move":
            self._skip_forced(world)
            if world.is_terminal() or (self.horizon == "turn" and world.current_player != self._me):
                break
            acts = world.legal_actions()
            player = world.current_player
            untried = []
            for a in acts:
                child = node.children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                # the rule of thumb's move is tried first: with a small budget the search then
                # starts from the rule and leaves it only for a move that scores better
                usual = hooks.rule_of_thumb(world, self.rng) if hooks is not None else None
                if usual in untried:
                    a = usual
                else:
                    a = untried[self.rng.below(len(untried))] if len(untried) > 1 else untried[0]
                child = _Node()
                child.avail = 1
                node.children[a] = child
                world.apply(a)
                path.append((child, player))
                break
            node, a = self._select(node, acts)
            world.apply(a)
            path.append((node, player))
        values = self._score(world)
        if self.horizon == "turn":
            # every node is the searcher's own choice: a node is worth the child it would
            # choose, not the average of every continuation tried below it
            value = values[self._me]
            for n, _ in reversed(path):
                n.visits += 1
                n.wins += value
                if n.children:   # the most-tried child: the one the search believes best
                    top = max(n.children.values(), key=lambda c: c.visits)
                    value = top.wins / top.visits
            return
        for n, player in path:
            n.visits += 1
            n.wins += values[player]

    def _skip_forced(self, world: Any) -> None:
        """Walk through forced moves (one legal action) and the moves the game answers by
        rule (`routine`): neither is a decision worth a node."""
        hooks = self._hooks
        while not world.is_terminal():
            if self.horizon == "turn" and world.current_player != self._me:
                return
            acts = world.legal_actions()
            if len(acts) == 1:
                world.apply(acts[0])
                continue
            chosen = hooks.routine(world, self.rng, self._checked) if hooks is not None else None
            if chosen is None:
                return
            world.apply(chosen)

    def _select(self, node: _Node, acts: list[Action]) -> tuple[_Node, Action]:
        best: tuple[_Node, Action] | None = None
        best_score = -math.inf
        c = self.exploration
        for a in acts:
            child = node.children[a]
            score = child.wins / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best_score, best = score, (child, a)
        assert best is not None
        return best

    def _score(self, world: Any) -> list[float]:
        """Each player's value of the leaf, in [-1, 1]."""
        hooks = self._hooks
        if hooks is not None and self.playout == "rule":
            play_out(hooks, world, self.rng)
            return list(world.returns())
        steps = self.rollout if hooks is not None else -1
        while steps != 0 and not world.is_terminal():
            acts = world.legal_actions()
            world.apply(acts[self.rng.below(len(acts))] if len(acts) > 1 else acts[0])
            steps -= 1
        if hooks is not None and hooks.settle_leaves and not world.is_terminal():
            hooks.settle(world, self.rng)   # judged as its turn would end, as the evaluation is fitted
        if world.is_terminal() or hooks is None:
            return list(world.returns())
        if hooks.same_for_every_seat:
            return [hooks.evaluate(world, 0, self._checked)] * world.num_players
        return [hooks.evaluate(world, p, self._checked) for p in range(world.num_players)]


def _clearly_better(best: list[float], rule: list[float], margin: float) -> bool:
    """Whether the tries of `best` beat those of `rule`, paired try by try (the k-th tries met
    the same deal), by more than `margin` on average and by more than the standard error of
    that average (a one-sided test at about 84%: the search's own pick needs little proof)."""
    n = min(len(best), len(rule))
    if n < 2:
        return False
    diffs = [b - r for b, r in zip(best, rule, strict=False)]
    mean = sum(diffs) / n
    spread = sum((x - mean) ** 2 for x in diffs) / (n - 1)
    return mean > margin and mean > math.sqrt(spread / n)


def _settled(root: _Node, done: int, remaining: int) -> bool:
    """True when the most-visited action leads the next by more than the iterations left:
    no further iteration could change the choice, so stopping now decides exactly the same."""
    if remaining >= done:   # the lead is at most `done`: early on it cannot be settled
        return False
    first = second = 0
    for child in root.children.values():
        v = child.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > remaining


PLAYOUTS = ("", "rule")
DEALS = 100   # the pool of deals a decision draws with the evaluation at the leaves
ROOTS = ("ucb", "halving")   # how the root's actions share the iterations


def play_out(hooks: AgentHooks, world: Any, rng: Rng, moves: int = 100_000) -> None:
    """Play `world` on by the game's rule of thumb, every seat, to the end of the game (or for
    at most `moves` moves, for a game the rule could play forever)."""
    while moves > 0 and not world.is_terminal():
        world.apply(hooks.rule_of_thumb(world, rng))
        moves -= 1
