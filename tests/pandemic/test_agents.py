"""Issue 9, "Players": the heuristic and ISMCTS players take any seat through the kernel
protocol, with the die as chance, and never read a hidden order."""

from __future__ import annotations

import pytest

from dejarik.agents.base import make_agent
from dejarik.pandemic.game import new_state


@pytest.mark.parametrize("spec", ["heuristic", "ismcts:iterations=30", "greedy"])
def test_an_agent_plays_any_seat_to_the_end(spec: str) -> None:
    s = new_state({"players": 3, "difficulty": "padawan"}, 21)
    agents = [make_agent(spec if seat == 1 else "greedy", 5 + seat) for seat in range(3)]
    seats_played = set()
    while not s.is_terminal():
        seats_played.add(s.current_player)
        s.apply(agents[s.current_player].act(s))
    assert seats_played == {0, 1, 2}
    assert s.returns() in ([1.0] * 3, [-1.0] * 3)   # one team: the same result for every seat


@pytest.mark.parametrize("spec", ["heuristic", "ismcts:iterations=40"])
def test_decisions_depend_only_on_what_the_player_may_know(spec: str) -> None:
    """Two positions that differ only in hidden orders (decks, the mission deck, future dice)
    get the same decision from an agent with the same seed."""
    for seed in range(6):
        s = new_state({"players": 2}, 100 + seed)
        a, b = s.resample_hidden(0, 1), s.resample_hidden(0, 2)
        assert a.squad_deck != b.squad_deck or a.villain_deck != b.villain_deck
        assert a.observation(0) == b.observation(0)
        assert make_agent(spec, 9).act(a) == make_agent(spec, 9).act(b)


# -- the rules of thumb the AI teammates share (policy.py) ----------------------------------
def test_draw_chances_follow_the_groups_siege_put_on_top() -> None:
    """Seed 001, "Planeta pod oblężeniem!": the discard goes back on top of the invasion deck,
    so the players know those planets come first, though not in which order."""
    from dejarik.pandemic.policy import draw_chances

    s = new_state({"players": 2}, 3)
    s.inv_deck, s.inv_segments = [0, 1, 2, 3, 4, 5], [2]   # the top group is {4, 5}
    assert draw_chances(s, 1) == pytest.approx([0, 0, 0, 0, 0.5, 0.5] + [0] * 8)
    assert draw_chances(s, 3) == pytest.approx([0.25] * 4 + [1, 1] + [0] * 8)
    s.inv_deck, s.inv_segments = [7, -1], []   # a Mission Planet card names its planet
    chance = draw_chances(s, 1)
    assert chance[s.mission_planet(0)] == pytest.approx(0.5) and chance[7] == pytest.approx(0.5)


def test_danger_counts_the_occupations_the_next_invasion_may_cause() -> None:
    """Seed 001, "Okupacja": a full planet named again is occupied (threat +1), and with no
    blockade left the threat rises once more."""
    from dejarik.pandemic.policy import danger

    s = new_state({"players": 2}, 3)
    s.droids = [0] * len(s.droids)
    s.inv_deck, s.inv_segments = [0, 1, 2, 3], [2]   # {2, 3} come next; the rate is 2
    s.droids[3] = s.max_droids
    s.droids[0] = s.max_droids                       # full, but not drawn this time
    assert danger(s) == pytest.approx(1.0)
    s.blockade_pool = 0
    assert danger(s) == pytest.approx(2.0)


def test_a_jedi_refuses_to_be_pulled_away_from_a_mission_to_an_empty_planet() -> None:
    from dejarik.core.rng import Rng
    from dejarik.pandemic import codes as C
    from dejarik.pandemic.policy import heuristic_action

    s = new_state({"players": 2}, 3)
    mission, empty = s.mission_planet(0), next(p for p in range(len(s.droids)) if s.droids[p] == 0
                                               and p not in s.mission_planets())
    s.tasks.append(("?consent", 1, 0, ("move_jedi", "choose_other", "your")))
    for pos, answer in (([empty, mission], C.REFUSE), ([mission, empty], C.AGREE)):
        s.pos, s._legal = pos, None
        assert heuristic_action(s, Rng(1)) == (answer, 0)


def test_the_heuristic_answers_inside_an_action_by_rule_and_searches_the_choice_of_action() -> None:
    from dejarik.core.rng import Rng
    from dejarik.pandemic.policy import HOOKS

    s = new_state({"players": 2}, 5)
    rng = Rng(1)
    assert s.tasks[-1][0] == "?act" and HOOKS.routine(s, rng) is None
    inner = 0
    for _ in range(200):
        if s.done:
            break
        a = HOOKS.routine(s, rng)
        if s.tasks[-1][0] == "?act":
            assert a is None
            a = s.legal_actions()[rng.below(len(s.legal_actions()))]
        else:
            assert a in s.legal_actions()
            inner += 1
        s.apply(a)
    assert inner > 0


def test_the_heuristic_samples_option_is_checked() -> None:
    from dejarik.core.errors import ConfigError

    with pytest.raises(ConfigError, match="samples"):
        make_agent("heuristic:samples=-1", 0)
    s = new_state({"players": 2}, 7)
    assert make_agent("heuristic:samples=2", 3).act(s) in s.legal_actions()


@pytest.mark.parametrize("shared", [True, False])
def test_a_search_values_a_cooperative_leaf_once_for_the_whole_team(
        shared: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every Jedi of the team values a position alike (the hooks say so), so the search asks
    the evaluation once a leaf, not once a seat; a game whose seats differ is asked per seat."""
    from dataclasses import replace
    from types import SimpleNamespace

    from dejarik.agents import ismcts
    from dejarik.core.registry import get_game

    hooks = get_game("pandemic").agents
    assert hooks is not None and hooks.same_for_every_seat
    asked: list[int] = []

    def counted(s: object, player: int, weights: object) -> float:
        asked.append(player)
        return hooks.evaluate(s, player, None)

    mine = replace(hooks, evaluate=counted, same_for_every_seat=shared)
    monkeypatch.setattr(ismcts, "get_game", lambda name: SimpleNamespace(agents=mine))
    s = new_state({"players": 3, "difficulty": "padawan"}, 21)
    while len(s.legal_actions()) < 2:
        s.apply(s.legal_actions()[0])
    make_agent("ismcts:iterations=40", 3).act(s)
    assert asked and set(asked) == ({0} if shared else {0, 1, 2})
