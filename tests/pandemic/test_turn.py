"""Seed 001, "Przebieg gry": the turn, its 4 actions, flying, reinforcing, the Jedi cards,
transports and allies."""

from __future__ import annotations

from dejarik.pandemic import flow as F

from .helpers import (
    P,
    act,
    board,
    card,
    conserved,
    decision,
    die,
    give,
    hand,
    legal,
    names,
    quiet_villain,
    ready_names,
    run_tasks,
    villain_cards,
)


def test_ready_all_your_exhausted_cards_at_the_start_of_your_turn() -> None:
    """Seed 001, "1. Przygotuj karty": at the start of your turn ready all your exhausted
    cards (only yours: the other Jedi's stay exhausted until their turn)."""
    s = board()
    mine = give(s, 0, "Trooper", "Shield", exhausted=True)
    theirs = give(s, 1, "Scout", exhausted=True)
    run_tasks(s, ("turn",))
    assert decision(s) == "?act" and s.active == 0
    assert not any(s.exhausted[c] for c in mine)
    assert all(s.exhausted[c] for c in theirs)


def test_up_to_four_actions_then_the_villain_and_the_invasion() -> None:
    """Seed 001, "2. Wykonaj 4 akcje": up to 4 actions, the same one several times; after
    the 4th, "3. Aktywacja złoczyńcy" and "4. Inwazja", then the next player."""
    s = board(at=("Alpha", "Gamma"))
    quiet_villain(s)
    deck_before = len(s.villain_deck)
    inv_before = len(s.inv_deck)
    for left in (3, 2, 1):
        act(s, "reinforce")
        assert s.active == 0 and s.actions_left == left
    act(s, "reinforce")
    assert len(s.hands[0]) == 4
    # the free action still fits in the action step after the 4th action (Dejarik's reading
    # of "Karty Jedi": it may be used during the step, and the step ends when the player ends it)
    assert "ability" in legal(s) and legal(s)[-1] == "end" and s.actions_left == 0
    assert not any(a.startswith(("fly", "reinforce", "attack", "mission")) for a in legal(s))
    act(s, "end")
    assert s.active == 1 and s.turn == 2 and s.actions_left == 4
    assert len(s.villain_deck) == deck_before - 1           # one villain card
    assert len(s.inv_deck) == inv_before - 2                # the invasion rate (2)
    assert sum(s.droids) == 2
    conserved(s)


def test_ending_the_action_step_early() -> None:
    """Seed 001, "2. Wykonaj 4 akcje": *up to* 4 actions: a player may stop after fewer."""
    s = board(at=("Alpha", "Gamma"))
    quiet_villain(s)
    act(s, "reinforce", "end")
    assert len(s.hands[0]) == 1
    assert s.active == 1 and s.actions_left == 4


def test_fly_only_to_a_joined_planet() -> None:
    """Seed 001, "Lot": move your Jedi to a neighbouring planet (joined by a route)."""
    s = board(at=("Alpha", "Gamma"))
    flies = sorted(t for t in legal(s) if t.startswith("fly"))
    assert flies == ["fly Beta", "fly Delta", "fly Kappa"]
    act(s, "fly Delta")
    assert s.pos[0] == P(s, "Delta") and s.actions_left == 3
    assert sorted(t for t in legal(s) if t.startswith("fly")) == ["fly Alpha", "fly Gamma"]


def test_enemies_do_not_stop_a_fly() -> None:
    """Seed 001, "Lot": enemies (droids, blockades and villains) do not affect a Jedi's
    movement: a Jedi flies into and out of a planet full of them."""
    s = board(at=("Alpha", "Gamma"))
    beta = P(s, "Beta")
    s.droids[beta], s.droid_pool = 3, s.droid_pool - 3
    s.blockades[beta], s.blockade_pool = 1, s.blockade_pool - 1
    s.fig_pos[0] = beta
    act(s, "fly Beta")
    assert "fly Gamma" in legal(s)
    act(s, "fly Gamma")
    assert s.pos[0] == P(s, "Gamma")


def test_reinforce_draws_one_card_even_at_the_limit_then_back_to_seven() -> None:
    """Seed 001, "Wezwanie posiłków": draw 1 squad card even with 7 already; over the limit,
    discard (exhausted cards too) or play allies until 7 remain."""
    s = board(at=("Alpha", "Gamma"))
    cards = hand(s, 0, "Trooper", "Trooper", "Scout", "Scout", "Shield", "Shield", "Quartermaster")
    s.exhausted[cards[0]] = True               # one exhausted Trooper
    top = s.squad_deck[-1]
    act(s, "reinforce")
    assert top in s.hands[0] and len(s.hands[0]) == 8
    assert decision(s) == "?limit" and s.current_player == 0
    options = legal(s)
    assert "discard Trooper (exhausted)" in options       # an exhausted card may go
    assert "ally Quartermaster" in options                # or an ally be played
    act(s, "discard Trooper (exhausted)")
    assert cards[0] in s.squad_discard
    assert len(s.hands[0]) == 7 and decision(s) == "?act"
    conserved(s)


def test_reinforce_from_an_empty_deck_reshuffles_the_discard() -> None:
    """Seed 001, "Wezwanie posiłków": no card in the deck: shuffle the squad discard into a
    new deck, then draw."""
    s = board(at=("Alpha", "Gamma"))
    s.squad_discard, s.squad_deck = s.squad_deck, []
    before = set(s.squad_discard)
    act(s, "reinforce")
    assert len(s.hands[0]) == 1 and s.hands[0][0] in before
    assert s.squad_discard == []
    assert set(s.squad_deck) == before - set(s.hands[0])
    conserved(s)


def test_jedi_ability_is_a_free_action() -> None:
    """Seed 001, "Karty Jedi": the ability is a free action: it uses none of the 4 actions
    (here the Seer's: draw 1 card; once a turn)."""
    s = board(at=("Alpha", "Gamma"))
    assert "ability" in legal(s)
    act(s, "ability")
    assert len(s.hands[0]) == 1
    assert s.actions_left == 4 and decision(s) == "?act"
    assert "ability" not in legal(s)
    act(s, "reinforce", "reinforce", "reinforce")
    assert "ability" not in legal(s)


def test_jedi_ability_only_in_your_own_action_step() -> None:
    """Seed 001, "Karty Jedi": only during your "Wykonaj 4 akcje" step, never during another
    action nor during another player's turn."""
    s = board(at=("Alpha", "Alpha"))
    alpha = P(s, "Alpha")
    s.droids[alpha], s.droid_pool = 2, s.droid_pool - 2
    hand(s, 0, "Trooper")
    hand(s, 1, "Trooper")
    die(s, 0, 0)
    act(s, "attack")
    assert decision(s) == "?contrib"
    assert all(a[0] != F.ABILITY for a in s.legal_actions())          # during an action
    act(s, "pass")
    assert decision(s) == "?contrib" and s.current_player == 1
    assert all(a[0] != F.ABILITY for a in s.legal_actions())          # another player


def test_transport_lets_the_flyer_move_twice() -> None:
    """Seed 001, "Transport": exhaust a transport when you fly: the same fly action may move
    twice; only 1 transport per fly action."""
    s = board(at=("Alpha", "Eta"))
    hand(s, 0, "Gunship", "Gunship")
    act(s, "fly Beta")
    assert decision(s) == "?transport"
    act(s, "exhaust Gunship")
    assert decision(s) == "?fly_on"
    assert sorted(legal(s)) == ["fly Alpha", "fly Gamma", "pass"]
    act(s, "fly Gamma")
    assert s.pos[0] == P(s, "Gamma")
    assert decision(s) == "?act" and s.actions_left == 3        # one action, no 2nd transport
    assert ready_names(s, 0) == ["Gunship"]


def test_transport_from_another_jedi_on_the_planet() -> None:
    """Seed 001, "Transport": when you *or another Jedi on your planet* flies, you may exhaust
    a transport for it."""
    s = board(at=("Alpha", "Alpha", "Eta"), players=3)
    hand(s, 1, "Gunship")
    hand(s, 2, "Gunship")                       # on another planet: cannot help
    act(s, "fly Kappa")
    assert decision(s) == "?transport" and s.current_player == 1
    act(s, "exhaust Gunship")
    assert s.current_player == 0
    act(s, "fly Iota")
    assert s.pos[0] == P(s, "Iota") and s.pos[1] == P(s, "Alpha")
    assert s.exhausted[s.hands[1][0]] and not s.exhausted[s.hands[2][0]]


def test_a_declined_transport_does_not_move_twice() -> None:
    """Seed 001, "Transport": the transport is optional; without it a fly moves once."""
    s = board(at=("Alpha", "Gamma"))
    hand(s, 0, "Gunship")
    act(s, "fly Beta", "pass")
    assert decision(s) == "?act" and s.pos[0] == P(s, "Beta") and ready_names(s, 0) == ["Gunship"]


def test_an_ally_is_discarded_to_use_it() -> None:
    """Seed 001, "Sojusznik": unlike other squad cards an ally is discarded to use its effect
    (the Commander: 1 more action this turn); playing it is not an action."""
    s = board(at=("Alpha", "Gamma"))
    c = hand(s, 0, "Commander")[0]
    act(s, "ally Commander")
    assert c in s.squad_discard and s.hands[0] == []
    assert s.actions_left == 5


def test_an_exhausted_ally_cannot_be_played() -> None:
    """Seed 001, "Sojusznik" and "Karty sojuszników": an ally exhausted by another effect
    cannot be used until it is readied."""
    s = board(at=("Alpha", "Gamma"))
    give(s, 0, "Commander", exhausted=True)
    assert "ally Commander" not in legal(s)


def test_an_ally_in_another_players_decision() -> None:
    """Seed 001, "Sojusznik": allies may be played at any time, even in another player's turn
    (here the Medic, prevent 2, played by seat 1 when seat 0 takes damage on their planet)."""
    s = board(at=("Beta", "Beta"))
    beta = P(s, "Beta")
    s.droids[beta], s.droid_pool = 3, s.droid_pool - 3
    hand(s, 0, "Trooper", "Scout", "Gunship")
    medic = hand(s, 1, "Medic")[0]
    die(s, 0, 0)
    act(s, "attack", "pass", "pass")             # no cards: 0 damage dealt, 3 droids remain
    assert decision(s) == "?prevent" and s.current_player == 1     # seat 0 has no defense
    assert "ally Medic" in legal(s)
    act(s, "ally Medic")
    assert medic in s.squad_discard
    act(s, "pass")
    assert decision(s) == "?discard" and s.current_player == 0
    act(s, "discard Trooper")
    assert len(s.hands[0]) == 2 and decision(s) == "?act"            # 3 - 2 prevented = 1


def test_an_actions_only_ally_waits_for_the_action_step() -> None:
    """Seed 001, "Sojusznik" ("unless the card says otherwise"): an ally that may be played
    only in the action step (the Commander) is not offered in the villain step."""
    s = board(at=("Beta", "Beta"))
    villain = P(s, "Beta")
    s.fig_pos[0] = villain
    hand(s, 0, "Trooper", "Trooper")
    hand(s, 1, "Commander", "Medic")
    villain_cards(s, card("Strike", {"damage": {"who": "at_villain", "amount": 1}}))
    run_tasks(s, ("villain_step",))
    assert decision(s) == "?prevent" and s.current_player == 1
    options = legal(s)
    assert "ally Medic" in options and "ally Commander" not in options


def test_cards_are_conserved_through_a_turn() -> None:
    """Seed 001, "Karty oddziałów": squad cards only move between the deck, the hands and the
    discard (a check of the bookkeeping behind every other test)."""
    s = board(at=("Beta", "Gamma"))
    beta = P(s, "Beta")
    s.droids[beta], s.droid_pool = 2, s.droid_pool - 2
    hand(s, 0, "Trooper", "Shield", "Gunship")
    die(s, 1, 1)
    act(s, "attack", "exhaust Trooper", "pass")      # 1 + 1: both droids; 1 damage symbol
    assert decision(s) == "?prevent"
    act(s, "pass", "discard Gunship")
    assert sum(s.droids) == 0 and s.droid_pool == 36
    assert names(s, s.hands[0]) == ["Shield", "Trooper"]
    assert names(s, s.squad_discard) == ["Gunship"]
    conserved(s)
