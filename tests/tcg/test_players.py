"""The built-in players on the card game: the lookahead plays each decision on to the next
step (so an attack is judged by its damage), answers the small choices by rule of thumb, and
beats the rule-of-thumb player from both seats."""

from __future__ import annotations

from dejarik.agents.base import GreedyAgent, HeuristicAgent
from dejarik.core.rng import Rng
from dejarik.tcg import flow as F
from dejarik.tcg import policy
from dejarik.tcg.game import new_state
from dejarik.tcg.policy import HOOKS, routine_action
from dejarik.tcg.state import TcgState


def _to_first(op: str, seed: int = 1, inside_attack: bool = False) -> TcgState:
    """The first position of a greedy game (or of the games after it) deciding `op`."""
    for game in range(seed, seed + 50):
        s = new_state({}, game)
        agent = GreedyAgent(game)
        while not s.done:
            if s.tasks[-1][0] == op and (s.atk is not None) == inside_attack:
                return s
            s.apply(agent.act(s))
    raise AssertionError(f"no {op} in 50 games")


def test_settling_a_choice_inside_an_attack_plays_on_to_its_damage() -> None:
    s = _to_first("?pop", inside_attack=True)
    assert s.tasks[-1][1] != F.GENERAL
    HOOKS.settle(s, Rng(3))
    assert s.atk is None and s.dmg is None   # the dice rolled and the damage dealt
    assert s.done or s.tasks[-1][0] in ("?attack", "?pop", "?build", "?retreat", "?setup")
    assert s.done or s.tasks[-1][0] != "?pop" or s.tasks[-1][1] == F.GENERAL


def test_a_build_step_starts_as_the_rule_does_unless_another_start_ends_it_better() -> None:
    """The lookahead weighs the rule's building against each deploy, ability and card to put
    counters on, each played on to the end of the build step and judged there; attacks it
    leaves to the one-step lookahead."""
    differ = 0
    for s in [_to_first("?build", seed=game) for game in range(40)]:
        me = s.current_player
        luck = Rng(1)
        usual = policy.heuristic_action(s, luck)
        seed = luck.next64()
        chosen = routine_action(s, Rng(1))
        assert chosen in s.legal_actions()
        if chosen != usual:
            differ += 1
            assert (policy._build_step_end(s, me, chosen, seed)
                    > policy._build_step_end(s, me, usual, seed) + policy.BUILD_MARGIN)
    assert 0 < differ < 40, f"the lookahead left the rule's building at {differ} of 40 build steps"
    assert routine_action(_to_first("?attack"), Rng(1)) is None


def test_the_lookahead_beats_the_rule_of_thumb_from_both_seats() -> None:
    wins = 0
    games = 30
    for seed in range(games):
        for seat in (0, 1):
            s = new_state({}, 1000 + seed)
            agents = [GreedyAgent(seed), GreedyAgent(seed + 7)]
            agents[seat] = HeuristicAgent(seed)   # type: ignore[call-overload]
            while not s.done:
                s.apply(agents[s.current_player].act(s))
            wins += s.won == seat
    assert wins > 0.55 * 2 * games, f"the lookahead won {wins} of {2 * games}"
