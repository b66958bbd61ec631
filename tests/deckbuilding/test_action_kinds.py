"""The main phase's actions listed kind by kind (`rules.actions_of_kind`) are exactly the legal
actions of that kind, in the same order, so a player that lists only the kinds it looks at
(the rule of thumb) chooses as it would from the whole list, and `apply` accepts and refuses
the same actions either way."""

from __future__ import annotations

import pytest

from dejarik.agents.base import parse_agents
from dejarik.core.errors import IllegalActionError
from dejarik.core.rng import Rng
from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding import rules
from dejarik.deckbuilding.game import DeckbuildingState

KINDS = (d.PLAY, d.BUY, d.USE, d.COMMIT, d.RESOLVE, d.END, d.BRIBE, d.SWITCH)


@pytest.mark.parametrize("config", [{}, {"bribing": True}, {"team": True},
                                    {"mode": "full", "packs": ["original"], "overrides":
                                     {"Tatooine": {"hp": 8}}}],
                         ids=["two players", "bribing", "team game", "full mode"])
def test_each_kind_lists_what_the_whole_list_holds_of_it(config: dict[str, object]) -> None:
    checked = 0
    for seed in range(6):
        s = DeckbuildingState({**config, "turn_limit": 60}, seed)
        players = parse_agents("random" if seed % 2 else "greedy", seed, s.num_players)
        while not s.is_terminal():
            if not s.waiting:
                whole = s.clone().legal_actions()
                by_kind = [a for k in KINDS for a in rules.actions_of_kind(s, k)]
                assert sorted(by_kind) == sorted(whole)
                for k in KINDS:
                    assert rules.actions_of_kind(s, k) == [a for a in whole if a[0] == k]
                checked += 1
            s.apply(players[s.current_player].act(s))
    assert checked > 200


def test_apply_checks_a_choice_against_its_kind_without_the_whole_list() -> None:
    """A move of the listed kind, another kind's move, and an action no kind holds: the first
    two are played as they would be from the whole list, the last is refused unchanged."""
    rng = Rng(3)
    refused = 0
    for seed in range(20):
        s = DeckbuildingState({"turn_limit": 40}, seed)
        while not s.is_terminal() and not s.waiting:
            before = s.state_hash()
            s.actions_of_kind(d.PLAY)
            with pytest.raises(IllegalActionError):
                s.apply((d.PLAY, -5, 0))
            assert s.state_hash() == before
            refused += 1
            twin = s.clone()
            whole = twin.legal_actions()
            pick = whole[rng.below(len(whole))]
            s.actions_of_kind(d.PLAY)     # remembers the plays; the pick may be of another kind
            s.apply(pick)
            twin.apply(pick)
            assert s.state_hash() == twin.state_hash()
    assert refused > 50
