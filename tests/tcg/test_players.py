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


def test_the_build_step_is_judged_with_the_players_own_weights() -> None:
    """A player given weights (`heuristic:weights=FILE`) weighs its build step with them too:
    with every feature weighed at 0 no start looks better than the rule's (only a won or lost
    arena check still counts), where the game's own weights leave the rule in some steps."""
    flat = policy.check_weights({k: 0.0 for k in policy.WEIGHTS})
    positions = [_to_first("?build", seed=game) for game in range(40)]
    moved = [routine_action(s, Rng(1)) != policy.heuristic_action(s, Rng(1)) for s in positions]
    moved_flat = [routine_action(s, Rng(1), flat) != policy.heuristic_action(s, Rng(1))
                  for s in positions]
    assert sum(moved) > 0
    assert sum(moved_flat) < sum(moved), f"{sum(moved_flat)} of 40 left the rule with flat weights"


def _build_steps_offering(names: set[str], wanted: int = 8) -> list[tuple[TcgState, list[tuple[int, ...]]]]:
    """Build steps of greedy games with the Droid Army or the Sith deck where an ability of one
    of `names` may be used, with those abilities."""
    found = []
    for game in range(200):
        dark = ("separatist_droid_army", "sith_and_bounty_hunters")[game % 2]
        s = new_state({"dark": dark, "light": "jedi_council"}, game)
        agents = [GreedyAgent(game), GreedyAgent(game + 1)]
        while not s.done and len(found) < wanted:
            if s.tasks[-1][0] == "?build":
                uses = [a for a in s.legal_actions() if a[0] == F.ABILITY and s.name(a[1]) in names]
                if uses:
                    found.append((s.clone(), uses))
            s.apply(agents[s.current_player].act(s))
        if len(found) >= wanted:
            return found
    raise AssertionError(f"fewer than {wanted} build steps offer {sorted(names)}")


def test_the_lookahead_uses_the_abilities_whose_gain_is_a_card() -> None:
    """Nute Gunray (A) (the opponent discards a card) and Tyranus's Geonosian Speeder (A) (a
    Battle card into the hand) tap a unit for a card: with a card in hand weighed at next to
    nothing (the fit's 0.02) the lookahead never used them; at the game's weight it does,
    in some build steps and not in others."""
    steps = _build_steps_offering({"Nute Gunray (A)", "Tyranus's Geonosian Speeder (A)"})
    used = [routine_action(s, Rng(1)) in uses for s, uses in steps]
    assert 0 < sum(used) < len(steps), f"used in {sum(used)} of {len(steps)} build steps"
    assert not any(routine_action(s, Rng(1), policy.RULE_WEIGHTS) in uses for s, uses in steps)


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
