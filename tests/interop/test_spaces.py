"""The fixed observation and action spaces (dejarik.deckbuilding.tensors, docs/rl.md)."""

from __future__ import annotations

import numpy as np
import pytest

from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding.game import DeckbuildingState
from dejarik.deckbuilding.observe import shown_zones
from dejarik.deckbuilding.tensors import (
    CARD_FEATURES,
    GLOBAL_FEATURES,
    LOCATIONS,
    OPTION_FEATURES,
    TEAM_CARD_FEATURES,
    TEAM_LOCATIONS,
    spaces_for,
)
from tests.interop.conftest import positions


def test_sizes_are_fixed_by_the_config() -> None:
    a, b = DeckbuildingState({}, 1), DeckbuildingState({}, 99)
    sa, sb = spaces_for(a), spaces_for(b)
    assert (sa.action_size, sa.obs_size) == (sb.action_size, sb.obs_size)
    assert sa.obs_size == (sa.n * len(CARD_FEATURES) + len(GLOBAL_FEATURES)
                           + sa.options * len(OPTION_FEATURES))
    assert sa.n == len(a.inst_def) == 130  # beginner mode, original edition
    assert sa.observe(a, 0).shape == (sa.obs_size,)
    assert sa.mask(a).shape == (sa.action_size,)


def test_a_pending_choice_shows_what_each_option_does() -> None:
    """"option 0" means something else on every card: the options block says what each option
    of the pending choice gains and does, and is empty while no choice is pending."""
    seen = 0
    for s in positions(40):
        if s.is_terminal():
            continue
        sp = spaces_for(s)
        width = len(OPTION_FEATURES)
        block = sp.observe(s, s.current_player)[-sp.option_width:].reshape(sp.options, width)
        options = [a for a in s.legal_actions() if a[0] == d.OPTION]
        if not options:
            assert not block.any()
            continue
        f = s.stack[-1]
        choice = s.table.progs[f.prog][f.pc]
        assert block[:len(choice[2]), 0].all() and not block[len(choice[2]):].any()
        for i, (_, prog) in enumerate(choice[2]):
            steps = s.table.progs[prog]
            gained = [sum(step[k] for step in steps if step[0] == d.OP_GAIN) for k in (1, 2, 3)]
            expected = np.clip(np.array(gained, dtype=np.float32) / 5.0, 0, 1)
            assert np.allclose(block[i, 2:5], expected)
            assert block[i, OPTION_FEATURES.index(f"op_{steps[0][0]}")] > 0
        seen += 1
    assert seen >= 3, "the sample positions hold a few choices between options"


def test_describe_names_each_block() -> None:
    s = DeckbuildingState({}, 3)
    sp = spaces_for(s)
    assert sp.describe(0) == "end" and sp.describe(4) == "done"
    assert sp.describe(5) == "option 0"
    play = sp.encode(s, next(a for a in s.legal_actions() if a[0] == d.PLAY))
    assert sp.describe(play).startswith("play #")
    assert sp.describe(sp.commit_at + 7) == f"commit #1 ({sp.instances[1]}) against the enemy base"
    assert sp.describe(sp.commit_at + 8).endswith("against row slot 0")
    assert sp.describe(sp.action_size - 1).startswith(f"assign {sp.max_assign} damage")
    with pytest.raises(ValueError, match="outside"):
        sp.describe(sp.action_size)


def test_identical_copies_in_hand_are_one_index_whatever_the_order() -> None:
    # rulebook: cards are played from the hand in any order; copies are interchangeable, so
    # the index must not reveal or depend on the order the hand happens to be in
    for s in positions(6, every=11):
        if s.is_terminal() or s.waiting:
            continue
        sp = spaces_for(s)
        me = s.players[s.active]
        flipped = s.clone()
        flipped.players[s.active].hand = me.hand[::-1]
        flipped._legal = None
        assert np.array_equal(sp.mask(s), sp.mask(flipped))
        assert np.array_equal(sp.observe(s, s.active), sp.observe(flipped, s.active))


def test_values_are_in_range_and_every_card_is_somewhere() -> None:
    for s in positions(6):
        sp = spaces_for(s)
        for p in (0, 1):
            o = sp.observe(s, p)
            assert o.dtype == np.float32 and o.min() >= 0.0 and o.max() <= 1.0
            cards = o[: sp.n * sp.card_width].reshape(sp.n, sp.card_width)
            assert (cards[:, : len(LOCATIONS)].sum(axis=1) == 1).all()


def test_observation_arrays_never_hold_hidden_cards() -> None:
    """Issue 6: two states that differ only in hidden cards give equal observation arrays.
    resample_hidden re-deals exactly what the player cannot see; a public change does show."""
    compared = 0
    for s in positions(10, every=5):
        sp = spaces_for(s)
        for p in (0, 1):
            other = s.resample_hidden(p, compared + 17)
            assert np.array_equal(sp.observe(s, p), sp.observe(other, p))
            assert sp.view_key(s, p) == sp.view_key(other, p)
            compared += 1
    assert compared > 200


def test_swapping_a_card_between_opponent_hand_and_deck_is_invisible() -> None:
    s = DeckbuildingState({}, 5)
    sp = spaces_for(s)
    me, opp = s.current_player, 1 - s.current_player
    changed = s.clone()
    hand, deck = changed.players[opp].hand, changed.players[opp].deck
    i = next(i for i, c in enumerate(deck) if s.inst_def[c] != s.inst_def[hand[0]])
    hand[0], deck[i] = deck[i], hand[0]
    assert changed.state_hash() != s.state_hash()
    assert np.array_equal(sp.observe(s, me), sp.observe(changed, me))
    assert sp.view_key(s, me) == sp.view_key(changed, me)
    # the opponent does see their own hand change
    assert not np.array_equal(sp.observe(s, opp), sp.observe(changed, opp))
    # and a public change is visible to the observer
    public = s.clone()
    public.players[opp].pool += 1
    assert not np.array_equal(sp.observe(s, me), sp.observe(public, me))


def test_cards_shown_by_a_decision_are_seen_by_the_decider_only() -> None:
    found = 0
    for s in positions(60, every=1, seed0=500):
        if not s.waiting:
            continue
        zones = shown_zones(s, s.decider)
        if not zones & {d.Z_GALAXY_TOP, d.Z_GALAXY_TOP2, d.Z_DECK_TOP, d.Z_OPP_DECK_TOP}:
            continue
        sp = spaces_for(s)
        col = len(LOCATIONS)  # seen_on_top
        seen = sp.observe(s, s.decider)[: sp.n * sp.card_width].reshape(sp.n, -1)[:, col]
        other = sp.observe(s, 1 - s.decider)[: sp.n * sp.card_width].reshape(sp.n, -1)[:, col]
        assert seen.sum() > other.sum()
        found += 1
        if found >= 3:
            break
    assert found, "no position with a shown deck top in 60 random games"


def test_the_team_game_names_seats_from_the_observer_and_shows_the_teammates_hand() -> None:
    """The team variant's rulebook lets teammates confer (WSPÓLNE TURY): the teammate's hand
    is seen, the enemies' are not; the other region has its own row."""
    s = DeckbuildingState({"team": True}, 5)
    sp = spaces_for(s)
    assert sp.locations == TEAM_LOCATIONS and sp.obs_size == sp.n * len(TEAM_CARD_FEATURES) + len(
        sp.global_features) + sp.options * len(OPTION_FEATURES)
    for player in range(4):
        cards = sp.observe(s, player)[:sp.n * sp.card_width].reshape(sp.n, sp.card_width)
        at = {name: cards[:, i] for i, name in enumerate(TEAM_LOCATIONS)}
        for seat, where in ((player ^ 2, "mate_hand"), (player ^ 1, "opp_hidden"), (player ^ 3, "opp2_hidden")):
            assert all(at[where][c] == 1 for c in s.players[seat].hand)
        assert all(at["row"][c] == 1 for c in s.region(player).row)
        assert all(at["other_row"][c] == 1 for c in s.regions[1 - (player >> 1)].row)
        assert (cards[:, :len(TEAM_LOCATIONS)].sum(axis=1) == 1).all(), "every card is somewhere"


def test_a_choice_of_player_in_the_team_game_is_indexed_from_the_chooser() -> None:
    seen = 0
    for s in positions(3, every=1, game="deckbuilding", config={"team": True}):
        who = [a for a in s.legal_actions() if a[0] == d.WHO]
        if not who:
            continue
        sp = spaces_for(s)
        for a in who:
            i = sp.encode(s, a)
            assert i == sp.who_at + (a[1] ^ s.current_player) and sp.decode(s, i) == a
            assert sp.describe(i).startswith("choose ")
        seen += 1
    assert seen >= 3


def test_damage_on_a_base_past_the_assign_block_is_offered_in_steps() -> None:
    """In the team game the damage of an attack on the bases is assigned among the enemy bases,
    and the engine offers any amount on each; the assign block is K wide (the most a capital ship can take), so more
    than K at once on a base is not offered (it ran into the next instance's indices, then out
    of the space). Every offered index is its own and in range, 1..K on each base is offered,
    and assigning K puts K on it (the rest is assigned next)."""
    from dejarik.agents.base import parse_agents

    seen = 0
    for seed in range(20):
        s = DeckbuildingState({"team": True, "turn_limit": 200}, seed)
        sp = spaces_for(s)
        players = parse_agents("random", seed, 4)
        while not s.is_terminal() and seen < 5:
            acts = s.legal_actions()
            big = [a for a in acts if a[0] == d.ASSIGN and a[2] > sp.max_assign]
            if big:
                legal = sp.legal(s)
                assert all(0 <= i < sp.action_size for i in legal)
                assert sorted(legal.values()) == sorted(a for a in acts if a not in big)
                assert all(sp.encode(s, a) == -1 for a in big)
                assert int(sp.mask(s).sum()) == len(legal)
                base = big[0][1]
                assert {a[2] for a in legal.values() if a[1] == base} == set(range(1, sp.max_assign + 1))
                before = s.damage[base]
                s.apply((d.ASSIGN, base, sp.max_assign))
                # K more damage on it, or it is destroyed (and the next one revealed)
                assert s.damage[base] == before + sp.max_assign or base not in [p.base for p in s.players]
                seen += 1
                continue
            s.apply(players[s.current_player].act(s))
        if seen >= 5:
            break
    assert seen >= 5
