"""Every player works through the kernel protocol alone (here on the deckbuilder, the trading
card game and Kuhn poker, tests/games/kuhn.py) and never reads what its observation hides."""

from __future__ import annotations

from typing import Any

import pytest

from dejarik.agents import AGENTS, IsmctsAgent, RandomAgent, make_agent
from dejarik.agents.ismcts import _Node, play_out
from dejarik.core.errors import ConfigError
from dejarik.core.registry import get_game
from dejarik.core.rng import Rng
from dejarik.deckbuilding.game import DeckbuildingState
from dejarik.deckbuilding.hooks import HOOKS
from dejarik.tcg.game import new_state as new_tcg
from dejarik.tcg.state import TcgState
from tests.games.kuhn import BET, PASS, KuhnState

# cheap budgets: the decisions are compared, not judged
SPECS = ["random", "greedy", "heuristic", "ismcts:iterations=40:deals=10",
         "heuristic:samples=2:playout=rule:margin=0.1", "ismcts:iterations=16:playout=rule:margin=0.1",
         "ismcts:iterations=24:playout=rule:root=halving:horizon=move:margin=0.1"]


def _positions(s: Any, seed: int, every: int, steps: int) -> list[Any]:
    """Copies of every `every`-th position of a random game from `s` that offers a choice."""
    agent = RandomAgent(seed)
    out = []
    for step in range(steps):
        if s.is_terminal():
            break
        if step % every == 0 and len(s.legal_actions()) > 1:
            out.append(s.clone())
        s.apply(agent.act(s))
    return out


def _deckbuilding_positions(seed: int, every: int = 9) -> list[DeckbuildingState]:
    return _positions(DeckbuildingState({}, seed), seed, every, 300)


def _tcg_positions(seed: int, every: int = 7) -> list[TcgState]:
    return _positions(new_tcg({}, seed), seed, every, 400)


def _kuhn_positions() -> list[KuhnState]:
    out = []
    for seed in range(12):
        for history in ("", "p", "b", "pb"):
            s = KuhnState(seed)
            for ch in history:
                s.apply(BET if ch == "b" else PASS)
            out.append(s)
    return out


def _twins(positions: list[Any]) -> list[tuple[Any, Any]]:
    """Pairs of positions the deciding player cannot tell apart, differing in hidden cards."""
    pairs = []
    for s in positions:
        me = s.current_player
        for k in range(5):
            other = s.resample_hidden(me, seed=1000 + k)
            if other.state_hash() != s.state_hash():
                assert other.observation(me) == s.observation(me)
                pairs.append((s, other))
                break
    return pairs


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("game", ["deckbuilding", "tcg", "kuhn"])
def test_same_observation_same_decision(spec: str, game: str) -> None:
    """Two positions with the same observation but different hidden cards (the opponent's hand
    or card, every deck's order) give the same decision for the same seed."""
    positions: list[Any] = (_deckbuilding_positions(3) if game == "deckbuilding" else
                            _tcg_positions(3) + _tcg_positions(4) if game == "tcg" else _kuhn_positions())
    pairs = _twins(positions)
    assert len(pairs) >= 10
    for s, other in pairs:
        assert make_agent(spec, 7).act(s) == make_agent(spec, 7).act(other)


@pytest.mark.parametrize("game", ["deckbuilding", "kuhn"])
def test_ismcts_is_deterministic_for_a_seed_and_iteration_budget(game: str) -> None:
    positions: list[Any] = _deckbuilding_positions(8, every=15) if game == "deckbuilding" \
        else _kuhn_positions()[:8]
    a, b = IsmctsAgent(5, iterations=60), IsmctsAgent(5, iterations=60)
    assert [a.act(s) for s in positions] == [b.act(s) for s in positions]
    # another seed searches differently somewhere (visits differ), though it may agree often
    c = IsmctsAgent(6, iterations=60)
    picks = [c.act(s) for s in positions]
    assert all(p in s.legal_actions() for p, s in zip(picks, positions, strict=True))


@pytest.mark.parametrize("spec", ["heuristic", "ismcts:iterations=300", "ismcts:iterations=300:root=halving"])
def test_kuhn_dominant_choices(spec: str) -> None:
    """Facing a bet, calling with the King always wins and calling with the Jack always loses:
    both players must find the dominant reply (each hand and history, several seeds)."""
    for seed in range(30):
        s = KuhnState(seed)
        s.apply(BET)        # player 0 bets; player 1 decides
        card = s.cards[1]
        if card == 1:
            continue
        want = BET if card == 2 else PASS
        assert make_agent(spec, seed).act(s) == want, (spec, seed, card)


def test_ismcts_beats_random_at_kuhn() -> None:
    total = 0.0
    games = 200
    for g in range(games):
        seat = g % 2
        s = KuhnState(g)
        players: list[Any] = [RandomAgent(g), RandomAgent(g + 1)]
        players[seat] = IsmctsAgent(g, iterations=200)
        while not s.is_terminal():
            s.apply(players[s.current_player].act(s))
        total += s.returns()[seat]
    assert total / games > 0.1, f"mean result {total / games:.3f} per game"


def test_ismcts_time_budget_and_forced_moves() -> None:
    # a decision the search thinks about (not one the game answers by rule, `routine`)
    s = next(p for p in _deckbuilding_positions(4) if len(p.legal_actions()) > 1
             and HOOKS.routine(p, Rng(0)) is None)
    agent = IsmctsAgent(1, seconds=0.05)
    assert agent.act(s) in s.legal_actions()
    assert agent.last_iterations >= 1
    forced = DeckbuildingState({}, 4)
    while len(forced.legal_actions()) != 1:
        forced.apply(forced.legal_actions()[0])
    assert agent.act(forced) == forced.legal_actions()[0] and agent.last_iterations == 0


def test_the_search_leaves_the_real_position_alone() -> None:
    for s in _deckbuilding_positions(6, every=20):
        before = s.state_hash()
        IsmctsAgent(2, iterations=50).act(s)
        assert s.state_hash() == before


def test_agent_specs() -> None:
    assert set(AGENTS) >= {"random", "greedy", "heuristic", "ismcts"}
    agent: Any = make_agent("ismcts:iterations=25:exploration=1.2:deals=5", 1)
    assert (agent.iterations, agent.exploration, agent.deals) == (25, 1.2, 5)
    # playouts are a win or a loss: the lookahead then takes more deals and a margin by default
    agent = make_agent("heuristic:playout=rule", 1)
    assert (agent.samples, agent.margin) == (32, 0.15)
    agent = make_agent("heuristic:playout=rule:samples=8:margin=0", 1)
    assert (agent.samples, agent.margin) == (8, 0.0)
    agent = make_agent("heuristic", 1)
    assert (agent.samples, agent.margin) == (0, None)   # None: the game's `lookahead_margin`
    for bad, words in [("ismcts:depth=3", "no option 'depth'"), ("ismcts:iterations=lots", "expected int"),
                       ("ismcts:iterations=0", "at least 1"), ("alphago", "unknown agent"),
                       ("heuristic:weights", "key=value"), ("ismcts:horizon=forever", "'game', 'turn' or 'move'"),
                       ("ismcts:playout=random", "playout must be one of '', 'rule'"),
                       ("heuristic:playout=yes", "playout must be one of '', 'rule'"),
                       ("ismcts:margin=-0.1", "must not be negative"),
                       ("ismcts:root=thompson", "root must be one of 'ucb', 'halving'"),
                       ("ismcts:root=halving:seconds=1", "iterations, not seconds")]:
        with pytest.raises(ConfigError, match=words):
            make_agent(bad, 1)


def _searched_tree(agent: IsmctsAgent, s: Any) -> Any:
    """The root of the tree the agent grows for its decision at s."""
    agent.act(s)
    return agent.last_root


def test_a_turn_horizon_keeps_the_tree_to_the_searchers_own_moves() -> None:
    """In Kuhn poker the players alternate at every move: with the whole game in the tree the
    opponent's replies grow below the root's actions, with the turn horizon nothing does.
    The deckbuilder's hooks choose the turn horizon; a game without hooks searches it all."""
    s = KuhnState(3)
    whole = _searched_tree(IsmctsAgent(1, iterations=200), s)
    assert any(child.children for child in whole.children.values())
    own = _searched_tree(IsmctsAgent(1, iterations=200, horizon="turn"), s)
    assert own.children and not any(child.children for child in own.children.values())
    agent = IsmctsAgent(1, iterations=30)
    agent.act(s)
    assert agent.horizon == "game"
    position = next(p for p in _deckbuilding_positions(4) if HOOKS.routine(p, Rng(0)) is None)
    agent.act(position)
    assert agent.horizon == HOOKS.search_horizon == "turn"


def test_heuristic_weights_from_a_file(tmp_path: Any) -> None:
    good = tmp_path / "w.yaml"
    good.write_text("weights:\n  force: 2.0\n  victory: 5\n")
    agent: Any = make_agent(f"heuristic:weights={good}", 1)
    assert agent.weights == {"force": 2.0, "victory": 5.0}
    s = _deckbuilding_positions(2)[1]
    assert agent.act(s) in s.legal_actions()
    typo = tmp_path / "typo.yaml"
    typo.write_text("forse: 2.0\n")
    with pytest.raises(ConfigError, match="unknown weight 'forse'"):
        make_agent(f"heuristic:weights={typo}", 1).act(s)
    with pytest.raises(ConfigError, match="must be a number"):
        (tmp_path / "bad.yaml").write_text("force: lots\n")
        make_agent(f"heuristic:weights={tmp_path / 'bad.yaml'}", 1)
    with pytest.raises(ConfigError, match="cannot read"):
        make_agent(f"heuristic:weights={tmp_path / 'missing.yaml'}", 1)


def test_the_root_actions_are_compared_on_the_same_deals() -> None:
    """The k-th try of every root action meets the same deal of the hidden cards (in Kuhn
    poker: the opponent's card), so their difference is the action's, not the deals' luck."""
    seen: dict[tuple[int, ...], list[int]] = {}

    class Watched(KuhnState):
        """Every world the search deals is one of these (clones keep their class): the action
        a world takes at the root, and the card player 1 cannot see, are written down."""

        def apply(self, action: Any) -> None:
            if self.history == "b":
                seen.setdefault(action, []).append(self.cards[0])
            super().apply(action)

    s = Watched(4)
    s.apply(BET)
    agent = IsmctsAgent(3, iterations=60, deals=100)
    agent.act(s)
    tries = list(seen.values())
    assert len(tries) == 2 and min(map(len, tries)) >= 3
    shortest = min(map(len, tries))
    assert tries[0][:shortest] == tries[1][:shortest]
    assert len(set(tries[0])) > 1   # and the deals do differ from one try to the next


def test_with_playouts_every_try_meets_a_deal_of_its_own() -> None:
    """A deal decides its playout, so a deal met again repeats a result (no information, and a
    standard error too small for the margin test): with playouts the default deals no deal
    twice, where a fixed pool of 5 repeats its results every 5 tries."""
    game = get_game("deckbuilding")
    s = game.new_state(game.normalize_config({"turn_limit": 300}), 5001)
    rule = [make_agent("greedy", 1), make_agent("greedy", 2)]
    for _ in range(30):
        s.apply(rule[s.current_player].act(s))

    def tries(n: int, **options: Any) -> list[float]:
        agent = IsmctsAgent(3, iterations=1, playout="rule", horizon="move", **options)
        agent._prepare(s)
        child, pool = _Node(), list[Any]()
        child.tries = []
        for _ in range(n):
            agent._try(s, s.legal_actions()[0], child, pool)
        return child.tries

    assert make_agent("ismcts:playout=rule", 0).deals > 10**9
    assert make_agent("ismcts", 0).deals == 100
    pooled = tries(40, deals=5)
    assert pooled == pooled[:5] * 8 and len(set(pooled)) > 1   # the position's result is not settled
    assert tries(120, deals=100)[100:] == tries(20, deals=100)
    own = tries(120)
    assert own[100:] != own[:20] and own[:20] == tries(20)


def test_action_values_value_every_legal_action_without_choosing() -> None:
    """The yardstick bench/decision_regret.py judges decisions by: every legal action's mean
    over paired tries, reproducible for a seed, the position untouched."""
    s = KuhnState(4)
    s.apply(BET)
    before = s.state_hash()
    values = IsmctsAgent(3).action_values(s, 30)
    assert set(values) == set(s.legal_actions())
    assert all(-1.0 <= v <= 1.0 for v in values.values())
    assert values == IsmctsAgent(3).action_values(s, 30)
    assert s.state_hash() == before


def test_a_margin_keeps_the_rule_of_thumbs_move() -> None:
    """Values lie in -1..1, so with a margin of 2 no move beats the rule's: both lookahead
    players then play the greedy player's move, with or without playouts."""
    positions = [p for p in _deckbuilding_positions(5, every=6) if HOOKS.routine(p, Rng(0)) is None]
    assert len(positions) >= 5
    for spec in ("heuristic:margin=2", "heuristic:margin=2:playout=rule:samples=2",
                 "ismcts:iterations=20:margin=2:playout=rule"):
        for p in positions:
            assert make_agent(spec, 1).act(p) == make_agent("greedy", 1).act(p), spec


def test_without_a_margin_of_its_own_the_lookahead_takes_its_games(monkeypatch: Any) -> None:
    """A game's hooks may set the lookahead's margin (the card game's is 0.02): with a margin
    of 2 from the game, the lookahead plays the rule's move; a margin given in the spec wins."""
    import dataclasses

    from dejarik.agents import base

    positions = [p for p in _deckbuilding_positions(5, every=6) if HOOKS.routine(p, Rng(0)) is None]
    wide = dataclasses.replace(HOOKS, lookahead_margin=2.0)
    monkeypatch.setattr(base, "hooks_of", lambda state: wide)
    assert all(make_agent("heuristic", 1).act(p) == make_agent("greedy", 1).act(p) for p in positions)
    assert any(make_agent("heuristic:margin=0", 1).act(p) != make_agent("greedy", 1).act(p)
               for p in positions)


def test_a_playout_plays_the_game_to_its_end_by_the_rule() -> None:
    s = _deckbuilding_positions(2, every=40)[1]
    world = s.resample_hidden(s.current_player, 9)
    play_out(HOOKS, world, Rng(0))
    assert world.is_terminal() and world.winner() is not None
    short = s.resample_hidden(s.current_player, 9)
    play_out(HOOKS, short, Rng(0), moves=3)
    assert not short.is_terminal()


def test_a_move_horizon_keeps_the_tree_to_the_roots_actions() -> None:
    """With `horizon=move` the tree is the root's actions alone (each try judged as the rule
    goes on from it); the deckbuilder's own turn horizon grows the searcher's later decisions
    of the same turn below them."""
    positions = [p for p in _deckbuilding_positions(5, every=5) if HOOKS.routine(p, Rng(0)) is None]
    deeper = 0
    for p in positions[:6]:
        flat = _searched_tree(IsmctsAgent(2, iterations=60, horizon="move"), p)
        assert flat.children and not any(c.children for c in flat.children.values())
        turn = _searched_tree(IsmctsAgent(2, iterations=60), p)
        deeper += any(c.children for c in turn.children.values())
    assert deeper > 0


def test_sequential_halving_shares_the_budget_in_rounds() -> None:
    """With `root=halving` every root action gets tries in the first round, each round gives
    the survivors equal tries and keeps the better half, and the budget is spent (less what
    rounds of equal shares leave over). The last survivor, the action most tried, is played."""
    positions = [p for p in _deckbuilding_positions(5, every=5)
                 if HOOKS.routine(p, Rng(0)) is None and len(p.legal_actions()) >= 3]
    assert positions
    for p in positions[:4]:
        agent = IsmctsAgent(4, iterations=120, root="halving", horizon="move")
        chosen = agent.act(p)
        root = agent.last_root
        assert root is not None
        tries = sorted((c.visits for c in root.children.values()), reverse=True)
        n = len(p.legal_actions())
        assert len(tries) == n and min(tries) >= 1
        assert 120 - n <= sum(tries) <= 120 and agent.last_iterations == sum(tries)
        assert tries[0] == tries[1] > tries[-1]   # the final pair got the most
        assert root.children[chosen].visits == tries[0]
        assert all(len(c.tries) == c.visits for c in root.children.values())
