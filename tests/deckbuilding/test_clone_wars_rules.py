"""The Clone Wars edition's rules that differ from the original edition, as tests.

Seed 000 is the Polish rulebook, seed 003 the Italian one; both are the Clone Wars edition.
The main difference is exile: an exiled card is not gone from the game but lies on its
player's own exile pile, which some abilities read (000 ANIHILUJ / 003 ESILIARE). The FAQ
(000 NAJCZĘŚCIEJ ZADAWANE PYTANIA / 003 DOMANDE RICORRENTI) settles a few cards of the
edition (Tri-Fighter, Geonosis, Mygeeto); constant abilities are 000 DOPÓKI / 003 MENTRE; who
moves first is 000 PRZEBIEG GRY / 003 SVOLGIMENTO DEL GIOCO.

The cards are fictional ones from `packs/cw_rules.yaml` (factions `separatist`, listed first,
and `republic`): the real cards' texts are not known, so each rule is played with a made-up
card that does just what the rule talks about.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding.game import DeckbuildingState
from dejarik.deckbuilding.invariants import check_invariants
from dejarik.deckbuilding.rules import attack_of
from dejarik.deckbuilding.scenario import load_scenario

from .conftest import attack, base_damage, do, inst, legal, names, offered

PACK = str(Path(__file__).parent / "packs" / "cw_rules.yaml")
SEP, REP = 0, 1


def cw(active: str = "separatist", force: int = 3, separatist: dict[str, Any] | None = None,
       republic: dict[str, Any] | None = None, **top_fields: Any) -> Any:
    """A scenario on the test pack (piles listed top card first, as in docs/scenarios.md);
    both starting bases unless told otherwise, no pilots, the Force marker in the middle."""
    players = {"separatist": {"base": "Test Sep Home", **(separatist or {})},
               "republic": {"base": "Test Rep Home", **(republic or {})}}
    data = {"pack": PACK, "active": active, "force": force, "players": players, "pilots": 0,
            "seed": 5, **top_fields}
    s = load_scenario(data)
    assert check_invariants(s) == []
    return s


def sel(s: Any, pile: list[int], name: str) -> str:
    """`select` the first card of this name in a pile, by id."""
    return f"select {s.refs()[inst(s, pile, name)]}"


def srt(s: Any, pile: list[int]) -> list[str]:
    return sorted(names(s, pile))


# -- 1. the exile pile is a zone of its own ---------------------------------------------------------
def test_exile_from_hand_and_discard_goes_to_own_exile_pile() -> None:
    """000 ANIHILUJ / 003 ESILIARE: an exiled card is put on the exiling player's own exile
    pile (not the discard pile), and stays there: the end-of-turn reshuffle does not bring it
    back (000 ZAKOŃCZENIE TURY / 003 FINIRE IL TURNO)."""
    s = cw(separatist={"hand": ["Test Disposal Droid", "Test B1 Droid"],
                       "discard": ["Test Assault Droid", "Test Sep Shuttle"]})
    sep, rep = s.players
    do(s, "play test-disposal-droid", "use test-disposal-droid")
    do(s, sel(s, sep.hand, "Test B1 Droid"), sel(s, sep.discard, "Test Assault Droid"))
    assert not s.waiting
    assert names(s, sep.exile) == ["Test B1 Droid", "Test Assault Droid"]
    assert sep.hand == [] and names(s, sep.discard) == ["Test Sep Shuttle"]
    assert rep.exile == [] and s.regions[0].discard == []
    do(s, "end")
    sep = s.players[SEP]
    assert srt(s, sep.exile) == ["Test Assault Droid", "Test B1 Droid"]
    assert srt(s, sep.hand) == ["Test Disposal Droid", "Test Sep Shuttle"]
    assert sep.deck == [] and sep.discard == []


def test_exile_self_goes_from_play_to_own_exile_pile() -> None:
    """000 ANIHILUJ / 003 ESILIARE: a card whose ability exiles it goes from play to its
    owner's exile pile; at the end of the turn it is not discarded with the other units
    (000 ZAKOŃCZENIE TURY / 003 FINIRE IL TURNO)."""
    s = cw(separatist={"hand": ["Test Probe Droid", "Test Sep Shuttle"]})
    do(s, "play test-probe-droid", "play test-sep-shuttle", "use test-probe-droid")
    sep = s.players[SEP]
    assert names(s, sep.exile) == ["Test Probe Droid"]
    assert names(s, sep.play) == ["Test Sep Shuttle"] and sep.discard == []
    assert s.players[REP].exile == []
    do(s, "end")
    sep = s.players[SEP]
    assert names(s, sep.exile) == ["Test Probe Droid"]
    assert names(s, sep.hand) == ["Test Sep Shuttle"]


def test_exile_from_row_goes_to_own_exile_pile_without_reward() -> None:
    """000 ANIHILUJ / 003 ESILIARE: a card exiled from the galaxy row goes to the exiling
    player's exile pile (not the galaxy discard pile); it is not defeated, so its reward is
    not offered; its slot is refilled from the galaxy deck at once."""
    s = cw(separatist={"play": ["Test Scrapper"]},
           row=["Test Clone Scout", "Test Assault Droid"],
           galaxy_deck=["Test Mercenary", "Test Heavy Droid"])
    do(s, "use test-scrapper")
    assert sorted(legal(s)) == sorted([sel(s, s.regions[0].row, "Test Clone Scout"),
                                       sel(s, s.regions[0].row, "Test Assault Droid")])
    do(s, sel(s, s.regions[0].row, "Test Clone Scout"))
    assert not s.waiting, "no reward yes/no"
    sep = s.players[SEP]
    assert names(s, sep.exile) == ["Test Clone Scout"]
    assert sep.pool == 0 and s.force == 3
    assert s.regions[0].discard == [] and s.players[REP].exile == []
    assert names(s, s.regions[0].row) == ["Test Mercenary", "Test Assault Droid"]
    assert names(s, s.regions[0].deck) == ["Test Heavy Droid"]


def test_defeating_the_same_row_card_does_offer_its_reward() -> None:
    """000 ROZPATRZENIE ATAKU (Eliminacja i sabotaż) / 003 CACCIA ALLA TAGLIA E SABOTAGGIO
    (contrast with the test above): the same card defeated by bounty hunting goes to the galaxy discard pile and its
    reward is offered."""
    s = cw(separatist={"play": ["Test B1 Droid"]}, row=["Test Clone Scout"],
           galaxy_deck=["Test Mercenary"])
    scout = s.regions[0].row[0]
    do(s, f"commit test-b1-droid {s.refs()[scout]}", "resolve")
    assert legal(s) == ["yes", "no"]
    do(s, "yes")
    assert s.players[SEP].pool == 2
    assert names(s, s.regions[0].discard) == ["Test Clone Scout"] and s.players[SEP].exile == []


# -- 2. a card that exiles itself ---------------------------------------------------------------------
def test_exile_self_keeps_gains_and_may_attack_first() -> None:
    """000 ANIHILUJ / 003 ESILIARE: a card that exiles itself may use its attack, resources and
    Force before its ability: commit it, resolve the attack, then exile it; the resources and
    Force it gave stay, and the ability's own gain is added."""
    s = cw(force=3, separatist={"hand": ["Test Probe Droid"]})
    do(s, "play test-probe-droid")
    assert s.players[SEP].pool == 1 and s.force == 2
    do(s, "commit test-probe-droid base", "resolve")
    assert base_damage(s, REP) == 2
    assert offered(s, "use test-probe-droid")
    do(s, "use test-probe-droid")
    sep = s.players[SEP]
    assert names(s, sep.exile) == ["Test Probe Droid"] and sep.play == []
    assert sep.pool == 3 and s.force == 2
    assert base_damage(s, REP) == 2


def test_exile_self_first_then_no_attack() -> None:
    """000 ANIHILUJ / 003 ESILIARE: the order is the player's choice; a card exiled before it
    attacked has left play and can no longer be committed to an attack."""
    s = cw(separatist={"hand": ["Test Probe Droid"]})
    do(s, "play test-probe-droid")
    assert offered(s, "commit test-probe-droid")
    do(s, "use test-probe-droid")
    assert not offered(s, "commit test-probe-droid")
    assert legal(s) == ["end"]
    assert s.players[SEP].pool == 3


# -- 3. only cards there when the effect resolves -----------------------------------------------------
def test_exile_from_hand_or_discard_picks_only_cards_there_now() -> None:
    """000 ANIHILUJ / 003 ESILIARE: exiling from hand or discard pile picks only cards that are
    there as the effect resolves: not a card played this turn (it reaches the discard pile only
    at the end of the turn), not the deck, not the opponent's cards. A card exiled from hand
    cannot be played this turn."""
    s = cw(separatist={"hand": ["Test Sep Shuttle", "Test Disposal Droid", "Test B1 Droid"],
                       "deck": ["Test Heavy Droid"], "discard": ["Test Assault Droid"]},
           republic={"hand": ["Test Rep Shuttle"], "discard": ["Test Clone Scout"]})
    sep = s.players[SEP]
    do(s, "play test-sep-shuttle", "play test-disposal-droid", "use test-disposal-droid")
    assert sorted(legal(s)) == sorted([sel(s, sep.hand, "Test B1 Droid"),
                                       sel(s, sep.discard, "Test Assault Droid"), "done"])
    assert offered(s, "select test-b1-droid")
    do(s, "select test-b1-droid", "done")
    assert names(s, sep.exile) == ["Test B1 Droid"]
    assert not offered(s, "play test-b1-droid")
    assert legal(s) == ["end"]
    do(s, "end")
    sep = s.players[SEP]
    assert names(s, sep.exile) == ["Test B1 Droid"]
    assert "Test B1 Droid" not in names(s, sep.hand + sep.deck + sep.discard)


def test_exile_sees_a_card_that_reached_the_discard_pile_this_turn() -> None:
    """000 ANIHILUJ / 003 ESILIARE: what counts is the discard pile as the effect resolves: a
    card bought earlier this turn (bought cards go to the discard pile) can be exiled."""
    s = cw(separatist={"play": ["Test Disposal Droid"], "pool": 2},
           row=["Test Assault Droid"], galaxy_deck=["Test Mercenary"])
    assert not offered(s, "use test-disposal-droid"), "nothing in hand or discard yet"
    do(s, "buy test-assault-droid")
    assert names(s, s.players[SEP].discard) == ["Test Assault Droid"]
    do(s, "use test-disposal-droid", "select test-assault-droid")
    assert names(s, s.players[SEP].exile) == ["Test Assault Droid"]
    assert s.players[SEP].discard == []


# -- 4. exiled cards are neither in play nor in a discard pile ----------------------------------------
def test_discard_pile_effects_cannot_pick_exiled_cards() -> None:
    """000 ANIHILUJ / 003 ESILIARE: cards in an exile pile are not in the discard pile: an
    effect that takes a card from the discard pile offers only the discard pile's cards, and
    cannot be used when only the exile pile holds cards."""
    s = cw(separatist={"play": ["Test Recaller"], "discard": ["Test Assault Droid"],
                       "exile": ["Test Heavy Droid"]})
    do(s, "use test-recaller")
    assert legal(s) == [sel(s, s.players[SEP].discard, "Test Assault Droid")]
    do(s, "select test-assault-droid")
    assert names(s, s.players[SEP].hand) == ["Test Assault Droid"]
    assert names(s, s.players[SEP].exile) == ["Test Heavy Droid"]

    s = cw(separatist={"play": ["Test Recaller"], "exile": ["Test Heavy Droid"]})
    assert not offered(s, "use test-recaller")


def test_exiled_cards_are_not_reshuffled_into_the_deck() -> None:
    """000 ANIHILUJ / 003 ESILIARE with 000 ZAKOŃCZENIE TURY / 003 FINIRE IL TURNO: when the deck
    runs out, only the discard pile is shuffled into a new deck; the exile pile is not."""
    s = cw(separatist={"discard": ["Test Assault Droid"], "exile": ["Test Heavy Droid"]})
    do(s, "end")
    sep = s.players[SEP]
    assert names(s, sep.hand) == ["Test Assault Droid"]
    assert names(s, sep.exile) == ["Test Heavy Droid"] and sep.deck == [] and sep.discard == []


def test_only_effects_naming_exile_reach_it() -> None:
    """000 ANIHILUJ / 003 ESILIARE: only abilities that speak of exiled cards reach the exile
    pile: one that takes from the exile pile offers exactly its cards."""
    s = cw(separatist={"play": ["Test Salvager"], "discard": ["Test Assault Droid"],
                       "exile": ["Test Heavy Droid"]})
    do(s, "use test-salvager")
    assert legal(s) == [sel(s, s.players[SEP].exile, "Test Heavy Droid")]
    do(s, "select test-heavy-droid")
    sep = s.players[SEP]
    assert names(s, sep.hand) == ["Test Heavy Droid"] and sep.exile == []
    assert names(s, sep.discard) == ["Test Assault Droid"]


def test_constant_bonus_of_an_exiled_card_does_not_apply() -> None:
    """000 ANIHILUJ / 003 ESILIARE: a card in the exile pile is not in play, so its constant
    ability (+1 attack to your neutral units) does nothing (000 DOPÓKI / 003 MENTRE)."""
    s = cw(separatist={"play": ["Test Mercenary"], "exile": ["Test Dreadnought"]})
    assert attack(s, SEP, "Test Mercenary") == 2
    do(s, "commit test-mercenary base", "resolve")
    assert base_damage(s, REP) == 2


# -- 5. your own exile pile: buying Droids from it ------------------------------------------------------
def test_droid_control_ship_buys_a_droid_from_own_exile_pile() -> None:
    """000 ANIHILUJ / 003 ESILIARE, example (Droid Control Ship): each player has an exile pile
    of their own; an ability that buys a Droid card from your exile pile offers only the Droid
    cards there that you can afford (not the opponent's exile pile), and you pay the cost."""
    s = cw(separatist={"play": ["Test Control Ship"], "pool": 2,
                       "exile": ["Test B1 Droid", "Test Assault Droid", "Test Heavy Droid",
                                 "Test Sep Shuttle"]},
           republic={"exile": ["Test Mercenary Droid"]})
    sep, rep = s.players
    do(s, "use test-control-ship")
    assert sorted(legal(s)) == sorted([sel(s, sep.exile, "Test B1 Droid"),
                                       sel(s, sep.exile, "Test Assault Droid"), "done"])
    do(s, "select test-assault-droid")
    assert sep.pool == 0
    assert names(s, sep.discard) == ["Test Assault Droid"]
    assert srt(s, sep.exile) == ["Test B1 Droid", "Test Heavy Droid", "Test Sep Shuttle"]
    assert names(s, rep.exile) == ["Test Mercenary Droid"]


@pytest.mark.parametrize(("pool", "usable"), [(1, False), (4, True)])
def test_droid_control_ship_needs_an_affordable_droid_in_own_exile(pool: int, usable: bool) -> None:
    """000 ANIHILUJ / 003 ESILIARE, example (Droid Control Ship): a Droid in the opponent's exile
    pile, or one you cannot pay for, or a non-Droid card in yours, gives the ability nothing
    to do."""
    s = cw(separatist={"play": ["Test Control Ship"], "pool": pool,
                       "exile": ["Test Heavy Droid", "Test Sep Shuttle"]},
           republic={"exile": ["Test Mercenary Droid"]})
    assert offered(s, "use test-control-ship") is usable
    if usable:
        do(s, "use test-control-ship", "select test-heavy-droid")
        assert s.players[SEP].pool == 0
        assert names(s, s.players[SEP].discard) == ["Test Heavy Droid"]


# -- 6. exile piles are open information ----------------------------------------------------------------
def test_every_player_sees_every_exile_pile() -> None:
    """000 ANIHILUJ / 003 ESILIARE (and the FAQ, 000 NAJCZĘŚCIEJ ZADAWANE PYTANIA / 003 DOMANDE
    RICORRENTI): any player may look at any exile pile at any time: both observations show both
    exile piles card by card (while the opponent's hand stays hidden)."""
    s = cw(separatist={"exile": ["Test Heavy Droid", "Test B1 Droid"], "hand": ["Test Sep Shuttle"]},
           republic={"exile": ["Test Clone Scout"], "hand": ["Test Rep Shuttle"]})
    want = [[s.refs()[c] for c in p.exile] for p in s.players]
    assert [len(w) for w in want] == [2, 1]
    for seat in (SEP, REP):
        obs = s.observation(seat)
        assert [p["exile"] for p in obs["players"]] == want
        assert obs["players"][1 - seat]["hand"] == 1
    assert [x.split("#")[0] for x in want[SEP]] == ["test-b1-droid", "test-heavy-droid"]


# -- 7. FAQ: exile up to 2 from hand and/or discard -----------------------------------------------------
@pytest.mark.parametrize("picks", [
    [("hand", "Test B1 Droid"), ("hand", "Test Sep Shuttle")],
    [("discard", "Test Assault Droid"), ("discard", "Test Heavy Droid")],
    [("hand", "Test Sep Shuttle"), ("discard", "Test Heavy Droid")],
])
def test_faq_exile_two_from_hand_or_discard_in_any_mix(picks: list[tuple[str, str]]) -> None:
    """000 NAJCZĘŚCIEJ ZADAWANE PYTANIA / 003 DOMANDE RICORRENTI: 'exile up to 2 cards from your
    hand or discard pile' may take both from the hand, both from the discard pile, or one from
    each; it stops after 2."""
    s = cw(separatist={"play": ["Test Disposal Droid"], "hand": ["Test B1 Droid", "Test Sep Shuttle"],
                       "discard": ["Test Assault Droid", "Test Heavy Droid"]})
    sep = s.players[SEP]
    do(s, "use test-disposal-droid")
    for zone, name in picks:
        do(s, sel(s, getattr(sep, zone), name))
    assert not s.waiting
    assert srt(s, sep.exile) == sorted(n for _, n in picks)
    picked = {n for _, n in picks}
    assert srt(s, sep.hand) == sorted({"Test B1 Droid", "Test Sep Shuttle"} - picked)
    assert srt(s, sep.discard) == sorted({"Test Assault Droid", "Test Heavy Droid"} - picked)


# -- 8. FAQ: Tri-Fighter ---------------------------------------------------------------------------------
def test_faq_tri_fighter_usable_without_enemy_capital_ship() -> None:
    """000 NAJCZĘŚCIEJ ZADAWANE PYTANIA / 003 DOMANDE RICORRENTI (Tri-Fighter): an ability that
    exiles a Separatist card from the row and then acts on enemy capital ships can be used when
    the opponent has none; the exile part is resolved (as much as possible)."""
    s = cw(separatist={"play": ["Test Tri-Striker"]},
           row=["Test Assault Droid", "Test Clone Scout"], galaxy_deck=["Test Mercenary"])
    assert s.players[REP].play == []
    assert offered(s, "use test-tri-striker")
    do(s, "use test-tri-striker")
    assert legal(s) == [sel(s, s.regions[0].row, "Test Assault Droid")]
    do(s, "select test-assault-droid")
    assert not s.waiting
    assert names(s, s.players[SEP].exile) == ["Test Assault Droid"]
    assert names(s, s.regions[0].row) == ["Test Mercenary", "Test Clone Scout"]
    assert s.players[REP].discard == [] and s.regions[0].discard == []


def test_faq_tri_fighter_with_enemy_capital_ship_does_both() -> None:
    """000 NAJCZĘŚCIEJ ZADAWANE PYTANIA / 003 DOMANDE RICORRENTI (Tri-Fighter, contrast): with an
    enemy capital ship in play, both parts resolve: the row card is exiled and the ship
    destroyed (000 ZNISZCZ / 003 DISTRUGGERE: to its owner's discard pile, damage removed)."""
    s = cw(separatist={"play": ["Test Tri-Striker"]},
           republic={"play": [{"card": "Test Republic Frigate", "damage": 1}]},
           row=["Test Assault Droid"], galaxy_deck=["Test Mercenary"])
    rep = s.players[REP]
    do(s, "use test-tri-striker", "select test-assault-droid")
    assert legal(s) == [sel(s, rep.play, "Test Republic Frigate")]
    frigate = rep.play[0]
    do(s, "select test-republic-frigate")
    assert names(s, s.players[SEP].exile) == ["Test Assault Droid"]
    assert rep.play == [] and names(s, rep.discard) == ["Test Republic Frigate"]
    assert s.damage[frigate] == 0


def test_faq_tri_fighter_with_nothing_to_do_not_offered() -> None:
    """000 ZDOLNOŚCI / 003 CAPACITÀ with the Tri-Fighter FAQ: no Separatist card in the row and no
    enemy capital ship: the ability cannot resolve anything and is not offered."""
    s = cw(separatist={"play": ["Test Tri-Striker"]}, row=["Test Clone Scout", "Test Mercenary"])
    assert not offered(s, "use test-tri-striker")


# -- 9. FAQ: Geonosis ------------------------------------------------------------------------------------
def test_faq_geonosis_buys_cost_zero_droid_with_empty_pool() -> None:
    """000 NAJCZĘŚCIEJ ZADAWANE PYTANIA / 003 DOMANDE RICORRENTI (Geonosis): a base that buys a
    Droid card from your discard pile lets you buy a cost-0 Droid (like the B1 Battle Droid)
    with 0 resources; Droids that cost more, and non-Droid cards, are not offered."""
    s = cw(separatist={"base": "Test Foundry", "pool": 0,
                       "discard": ["Test B1 Droid", "Test Assault Droid", "Test Sep Shuttle"]})
    sep = s.players[SEP]
    do(s, "use test-foundry")
    assert sorted(legal(s)) == sorted([sel(s, sep.discard, "Test B1 Droid"), "done"])
    do(s, "select test-b1-droid")
    assert names(s, sep.hand) == ["Test B1 Droid"] and sep.pool == 0
    assert srt(s, sep.discard) == ["Test Assault Droid", "Test Sep Shuttle"]
    assert offered(s, "play test-b1-droid")


@pytest.mark.parametrize(("pool", "usable"), [(0, False), (1, False), (2, True)])
def test_faq_geonosis_droid_costing_more_than_pool(pool: int, usable: bool) -> None:
    """000 NAJCZĘŚCIEJ ZADAWANE PYTANIA / 003 DOMANDE RICORRENTI (Geonosis): a Droid that costs
    more than your pool cannot be bought; once you can pay, it can, and the cost is paid."""
    s = cw(separatist={"base": "Test Foundry", "pool": pool,
                       "discard": ["Test Assault Droid", "Test Sep Shuttle"]})
    assert offered(s, "use test-foundry") is usable
    if usable:
        do(s, "use test-foundry", "select test-assault-droid")
        sep = s.players[SEP]
        assert sep.pool == pool - 2 and names(s, sep.hand) == ["Test Assault Droid"]


# -- 10. FAQ: Mygeeto ------------------------------------------------------------------------------------
def test_faq_mygeeto_pool_survives_base_destroyed_on_opponents_turn() -> None:
    """000 NAJCZĘŚCIEJ ZADAWANE PYTANIA / 003 DOMANDE RICORRENTI (Mygeeto), with 000 ZAKOŃCZENIE
    TURY / 003 FINIRE IL TURNO: with a base that keeps unspent resources, the pool is not
    returned at the end of your turn; if the opponent destroys that base, the pool is not
    emptied at once: you may spend it in your next turn, and at the end of that turn (your new
    base has no such ability) it is returned."""
    s = cw(separatist={"base": {"card": "Test Vault", "damage": 7}, "base_deck": ["Test Foundry"],
                       "pool": 3},
           republic={"hand": ["Test Clone Striker"]},
           row=["Test Assault Droid"], galaxy_deck=["Test Mercenary"])
    do(s, "end")
    assert s.active == REP and s.players[SEP].pool == 3
    do(s, "play test-clone-striker", "commit test-clone-striker base", "resolve")
    sep = s.players[SEP]
    assert sep.base == -1 and names(s, s.players[REP].victory) == ["Test Vault"]
    assert sep.pool == 3
    do(s, "end")
    sep = s.players[SEP]
    assert s.active == SEP and s.name(sep.base) == "Test Foundry"
    assert sep.pool == 3
    do(s, "buy test-assault-droid")
    assert s.players[SEP].pool == 1
    do(s, "end")
    assert s.active == REP and s.players[SEP].pool == 0


def test_faq_mygeeto_without_the_base_pool_is_returned() -> None:
    """000 ZAKOŃCZENIE TURY / 003 FINIRE IL TURNO (contrast with Mygeeto): with an ordinary base,
    unspent resources are returned at the end of the turn."""
    s = cw(separatist={"pool": 3})
    do(s, "end")
    assert s.players[SEP].pool == 0


# -- 11. DOPÓKI / MENTRE: Dreadnought --------------------------------------------------------------------
def test_while_dreadnought_in_play_neutral_units_get_plus_one() -> None:
    """000 DOPÓKI / 003 MENTRE (Dreadnought example): while the card is in play, your neutral
    units have 1 more attack (not your faction's units, not capital ships); the bonus stops as
    soon as it leaves play - here it exiles itself before a committed attack is resolved."""
    s = cw(separatist={"play": ["Test Dreadnought", "Test Mercenary", "Test Assault Droid"],
                       "hand": ["Test Mercenary Droid"]})
    assert attack(s, SEP, "Test Mercenary") == 3
    assert attack(s, SEP, "Test Assault Droid") == 2
    assert attack(s, SEP, "Test Dreadnought") == 2
    do(s, "play test-mercenary-droid")
    assert attack(s, SEP, "Test Mercenary Droid") == 2
    do(s, "commit test-mercenary base", "use test-dreadnought")
    assert names(s, s.players[SEP].exile) == ["Test Dreadnought"]
    assert attack(s, SEP, "Test Mercenary") == 2
    assert attack(s, SEP, "Test Mercenary Droid") == 1
    do(s, "resolve")
    assert base_damage(s, REP) == 2


def test_while_dreadnought_destroyed_bonus_stops() -> None:
    """000 DOPÓKI / 003 MENTRE (Dreadnought example): the bonus ends when the card leaves play by
    being destroyed. (A made-up position: a neutral unit of the Separatists is still in play
    while the Republic destroys the Dreadnought in an attack on the base.)"""
    s = cw(active="republic",
           separatist={"play": [{"card": "Test Dreadnought", "damage": 4}, "Test Mercenary"]},
           republic={"hand": ["Test Clone Striker"]})
    merc = inst(s, s.players[SEP].play, "Test Mercenary")
    assert attack_of(s, merc, SEP) == 3
    do(s, "play test-clone-striker", "commit test-clone-striker base", "resolve")
    sep = s.players[SEP]
    assert names(s, sep.discard) == ["Test Dreadnought"]
    assert base_damage(s, SEP) == 2
    assert attack_of(s, merc, SEP) == 2


# -- 12. PRZEBIEG GRY / SVOLGIMENTO DEL GIOCO: who moves first ----------------------------------------------
def test_setup_first_listed_faction_moves_first() -> None:
    """000 PRZEBIEG GRY / 003 SVOLGIMENTO DEL GIOCO: the Separatists (the first-listed faction)
    take the first turn; 000 PRZYGOTOWANIE / 003 PREPARAZIONE: the Force marker starts at the
    Republic's (second player's) end of the track, so at the start of its first turn the Republic
    gains 1 resource (000 POCZĄTEK TURY GRACZA / 003 INIZIO DEL TURNO)."""
    s = DeckbuildingState({"packs": [PACK]}, 7)
    assert check_invariants(s) == []
    assert [p.faction for p in s.players] == ["separatist", "republic"]
    assert s.first == SEP and s.active == SEP and s.current_player == SEP
    assert s.force == d.FORCE_END[REP] == 6 and s.force_with(REP)
    sep, rep = s.players
    assert s.name(sep.base) == "Test Sep Home" and s.name(rep.base) == "Test Rep Home"
    assert srt(s, sep.hand) == ["Test B1 Droid", "Test Sep Shuttle"]
    assert len(s.regions[0].row) == 6 and len(s.regions[0].deck) == 20 - 6 and len(s.regions[0].pilots) == 2
    assert sep.pool == 0 and rep.pool == 0
    do(s, "end")
    assert s.active == REP and s.players[REP].pool == 1


def test_setup_separatists_first_even_in_the_second_seat() -> None:
    """000 PRZEBIEG GRY / 003 SVOLGIMENTO DEL GIOCO and 000 PRZYGOTOWANIE / 003 PREPARAZIONE: the
    Separatists move first whichever seat they sit in, and the Force marker starts at the
    Republic's end."""
    s = DeckbuildingState({"packs": [PACK], "factions": ["republic", "separatist"]}, 7)
    assert check_invariants(s) == []
    assert [p.faction for p in s.players] == ["republic", "separatist"]
    assert s.first == 1 and s.active == 1
    assert s.force == d.FORCE_END[0] == 0 and s.force_with(0)
