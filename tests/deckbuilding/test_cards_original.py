"""One test (at least) for every card of the original pack that has behaviour.

Each test sets up a minimal position (docs/scenarios.md), triggers the ability through the
action notation (docs/notation.md) and checks the exact change of state. The card's encoding
is in src/dejarik/deckbuilding/packs/original.yaml; the readings chosen where sources
disagree are in docs/cards.md. Rulebook sections are cited from the Clone Wars rulebooks in
shared/seeds (seed 000 = Polish, seed 003 = Italian), whose general rules the original
edition shares.

A coverage test at the end fails when a card with an ability, triggers, constant abilities or
a reward has no test here (the `covers` decorator records which cards a test covers).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
import yaml

from dejarik.deckbuilding.pack import bundled_pack_path

from .conftest import (
    EMPIRE,
    REBEL,
    attack,
    base_damage,
    commit_all,
    do,
    inst,
    legal,
    names,
    offered,
    position,
    top,
)

COVERED: set[str] = set()
REWARDS_COVERED: set[str] = set()


def covers(*cards: str, reward: bool = False) -> Callable[[Any], Any]:
    """Record that the decorated test covers these cards (their reward, with reward=True)."""

    def deco(fn: Any) -> Any:
        (REWARDS_COVERED if reward else COVERED).update(cards)
        return fn

    return deco


def sel(s: Any, pile: list[int], name: str) -> str:
    """`select` the first card of this name in a pile, by id (unambiguous)."""
    return f"select {inst(s, pile, name)}"


# ============================================================================ Empire galaxy


@covers("TIE Fighter")
def test_tie_fighter_draws_only_with_own_capital_ship_in_play() -> None:
    """original.yaml TIE Fighter: ability `requires: {in_play: {type: capital_ship}}`, draw 1.
    Rulebook *If*: seed 000 (PL) JEŚLI / seed 003 (IT) SE - usable only while it holds."""
    s = position(empire={"hand": ["TIE Fighter"], "deck": ["Stormtrooper"]},
                 rebel={"play": ["Mon Calamari Cruiser"]})
    do(s, "play tie-fighter")
    assert not offered(s, "use tie-fighter"), "the opponent's capital ship does not count"

    s = position(empire={"hand": ["TIE Fighter"], "deck": ["Stormtrooper"],
                         "play": ["Gozanti Cruiser"]})
    do(s, "play tie-fighter", "use tie-fighter")
    assert names(s, s.players[EMPIRE].hand) == ["Stormtrooper"]
    assert s.players[EMPIRE].deck == []
    assert not offered(s, "use tie-fighter"), "once per turn"


@covers("AT-ST")
def test_at_st_discards_any_row_card_without_reward() -> None:
    """original.yaml AT-ST: `move: {from: row, to: discard}`. Rulebook *Discard*: seed 000
    (PL) ODRZUĆ / seed 003 (IT) SCARTARE - a row card discarded by an ability gives no reward;
    *Purchase*: the row slot is refilled at once."""
    s = position(empire={"hand": ["AT-ST"]}, row=["X-Wing", "Jawa Scavenger"],
                 galaxy_deck=["Y-Wing"])
    do(s, "play at-st", "use at-st")
    assert sorted(legal(s)) == sorted([f"select x-wing#{s.regions[0].row[0]}",
                                       f"select jawa-scavenger#{s.regions[0].row[1]}"])
    do(s, "select x-wing")
    assert names(s, s.regions[0].discard) == ["X-Wing"]
    assert names(s, s.regions[0].row) == ["Y-Wing", "Jawa Scavenger"]
    assert s.regions[0].deck == []
    assert not s.waiting
    assert s.players[EMPIRE].pool == 0 and s.force == 3, "no reward is collected"


@covers("Landing Craft")
def test_landing_craft_choose_resources_or_repair() -> None:
    """original.yaml Landing Craft: `choose` gain 4 resources / repair 4. Rulebook *Choose*:
    seed 000 (PL) WYBIERZ / seed 003 (IT) SCEGLIERE; *Repair*: NAPRAW / RIPARARE."""
    s = position(empire={"hand": ["Landing Craft"], "base": {"card": "Lothal", "damage": 5}})
    do(s, "play landing-craft", "use landing-craft")
    assert legal(s) == ["option 1", "option 2"]
    do(s, "option 2")
    assert base_damage(s, EMPIRE) == 1 and s.players[EMPIRE].pool == 0

    s = position(empire={"hand": ["Landing Craft"], "base": {"card": "Lothal", "damage": 5}})
    do(s, "play landing-craft", "use landing-craft", "option 1")
    assert base_damage(s, EMPIRE) == 5 and s.players[EMPIRE].pool == 4


@covers("Landing Craft")
def test_landing_craft_undamaged_base_only_offers_resources() -> None:
    """original.yaml Landing Craft. Rulebook *Choose* (WYBIERZ / SCEGLIERE): an option that
    cannot be resolved (repair with no damage) is not offered, so the ability just gains 4."""
    s = position(empire={"hand": ["Landing Craft"]})
    do(s, "play landing-craft", "use landing-craft")
    assert not s.waiting
    assert s.players[EMPIRE].pool == 4


@covers("Director Krennic")
def test_director_krennic_draws_one_or_two_with_death_star() -> None:
    """original.yaml Director Krennic: draw 1, `if: {cond: {base: Death Star}}` draw 1 more."""
    s = position(empire={"hand": ["Director Krennic"], "deck": ["Stormtrooper", "TIE Fighter"]})
    do(s, "play director-krennic")
    assert s.players[EMPIRE].pool == 2
    do(s, "use director-krennic")
    assert names(s, s.players[EMPIRE].hand) == ["Stormtrooper"]

    s = position(empire={"hand": ["Director Krennic"], "deck": ["Stormtrooper", "TIE Fighter"],
                         "base": "Death Star"})
    do(s, "play director-krennic", "use director-krennic")
    assert sorted(names(s, s.players[EMPIRE].hand)) == ["Stormtrooper", "TIE Fighter"]
    assert s.players[EMPIRE].deck == []


@covers("Boba Fett")
def test_boba_fett_draws_after_the_reward() -> None:
    """original.yaml Boba Fett: trigger `on: defeat_target` draw 1. Rulebook *When*: seed 000
    (PL) GDY / seed 003 (IT) QUANDO - the reward is resolved before a 'when' ability."""
    s = position(empire={"play": ["Boba Fett"], "deck": ["Stormtrooper"]},
                 row=["X-Wing"], galaxy_deck=["Y-Wing"])
    do(s, "commit boba-fett x-wing", "resolve")
    assert names(s, s.regions[0].discard) == ["X-Wing"]
    assert names(s, s.regions[0].row) == ["Y-Wing"]
    assert s.current_player == EMPIRE and legal(s) == ["yes", "no"]
    do(s, "yes")  # the X-Wing's reward: 3 resources
    assert s.players[EMPIRE].pool == 3 and s.players[EMPIRE].hand == []
    assert legal(s) == ["yes", "no"]  # now Boba Fett's trigger
    do(s, "yes")
    assert names(s, s.players[EMPIRE].hand) == ["Stormtrooper"]
    assert not s.waiting


@covers("Boba Fett")
def test_boba_fett_no_draw_when_attack_fails() -> None:
    """original.yaml Boba Fett: the trigger needs a *successful* bounty hunt. Rulebook
    *Bounty hunting and sabotage* (ELIMINACJA I SABOTAŻ / CACCIA ALLA TAGLIA E SABOTAGGIO):
    below the target value nothing happens."""
    s = position(empire={"play": ["Boba Fett"], "deck": ["Stormtrooper"]},
                 row=["Luke Skywalker"], galaxy_deck=["Y-Wing"])
    do(s, "commit boba-fett luke-skywalker", "resolve")
    assert not s.waiting
    assert names(s, s.regions[0].row) == ["Luke Skywalker"] and s.regions[0].discard == []
    assert s.players[EMPIRE].hand == []


@covers("Imperial Carrier")
def test_imperial_carrier_gives_own_fighters_plus_one() -> None:
    """original.yaml Imperial Carrier: `attack_bonus: {to: {type: unit, trait: Fighter}}`.
    Rulebook *While*: seed 000 (PL) DOPÓKI / seed 003 (IT) MENTRE."""
    s = position(empire={"play": ["Imperial Carrier", "TIE Fighter", "Z-95 Headhunter",
                                  "Stormtrooper"]},
                 rebel={"play": ["X-Wing"]})
    assert attack(s, EMPIRE, "TIE Fighter") == 3
    assert attack(s, EMPIRE, "Z-95 Headhunter") == 3, "any Fighter you have, neutral too"
    assert attack(s, EMPIRE, "Stormtrooper") == 2
    assert attack(s, EMPIRE, "Imperial Carrier") == 0
    assert attack(s, REBEL, "X-Wing") == 3, "not the opponent's Fighters"
    s = position(empire={"play": ["TIE Fighter"]})
    assert attack(s, EMPIRE, "TIE Fighter") == 2


@covers("AT-AT")
def test_at_at_returns_a_trooper_from_discard() -> None:
    """original.yaml AT-AT: `move: {from: discard, filter: {trait: Trooper}, to: hand}`."""
    s = position(empire={"hand": ["AT-AT"],
                         "discard": ["TIE Fighter", "Death Trooper", "Stormtrooper"]})
    do(s, "play at-at", "use at-at")
    d = s.players[EMPIRE].discard
    assert sorted(legal(s)) == sorted([f"select death-trooper#{inst(s, d, 'Death Trooper')}",
                                       f"select stormtrooper#{inst(s, d, 'Stormtrooper')}"])
    do(s, "select death-trooper")
    assert names(s, s.players[EMPIRE].hand) == ["Death Trooper"]
    assert sorted(names(s, s.players[EMPIRE].discard)) == ["Stormtrooper", "TIE Fighter"]


@covers("AT-AT", reward=True)
def test_at_at_reward_free_purchase_of_own_card() -> None:
    """original.yaml AT-AT reward: `buy: {from: row, filter: {faction: own}, free: true}`
    (docs/cards.md). The Rebel player who defeats it buys a Rebel row card for 0."""
    s = position(active="rebel", rebel={"play": ["Rebel Trooper"] * 3, "pool": 1},
                 row=["AT-AT", "X-Wing", "TIE Fighter", "Jawa Scavenger"],
                 galaxy_deck=["Luke Skywalker", "Lobot"])
    commit_all(s, REBEL, "at-at")
    do(s, "resolve", "yes")
    assert sorted(legal(s)) == sorted([f"select x-wing#{inst(s, s.regions[0].row, 'X-Wing')}",
                                       f"select luke-skywalker#{inst(s, s.regions[0].row, 'Luke Skywalker')}"])
    do(s, "select luke-skywalker")
    assert names(s, s.players[REBEL].discard) == ["Luke Skywalker"]
    assert s.players[REBEL].pool == 1
    assert "AT-AT" in names(s, s.regions[0].discard)
    assert not s.waiting


@covers("Grand Moff Tarkin")
def test_grand_moff_tarkin_takes_empire_card_exiled_at_end() -> None:
    """original.yaml Grand Moff Tarkin: `move: {from: row, filter: {faction: own}, to: hand,
    mark: exile_at_end}` - not a purchase (docs/cards.md). Rulebook *Exile*: seed 000 (PL)
    ANIHILUJ / seed 003 (IT) ESILIARE."""
    s = position(empire={"hand": ["Grand Moff Tarkin"]},
                 row=["X-Wing", "TIE Fighter", "Jawa Scavenger"], galaxy_deck=["AT-ST"])
    do(s, "play grand-moff-tarkin")
    assert s.players[EMPIRE].pool == 2 and s.force == 1
    do(s, "use grand-moff-tarkin")
    assert legal(s) == [f"select tie-fighter#{s.regions[0].row[1]}"], "only Empire cards"
    do(s, "select tie-fighter")
    assert names(s, s.players[EMPIRE].hand) == ["TIE Fighter"]
    assert names(s, s.regions[0].row) == ["X-Wing", "AT-ST", "Jawa Scavenger"]
    assert s.players[EMPIRE].pool == 2, "taken at no cost"
    do(s, "play tie-fighter", "end")
    assert names(s, s.players[EMPIRE].exile) == ["TIE Fighter"]
    assert "TIE Fighter" not in names(s, s.players[EMPIRE].discard + s.players[EMPIRE].hand
                                      + s.players[EMPIRE].deck)
    assert "Grand Moff Tarkin" in names(s, s.players[EMPIRE].hand + s.players[EMPIRE].deck
                                        + s.players[EMPIRE].discard)


@covers("Grand Moff Tarkin")
def test_grand_moff_tarkin_card_left_in_hand_is_exiled_too() -> None:
    """original.yaml Grand Moff Tarkin: the taken card is exiled at the end of the turn wherever
    it is (here: still in hand)."""
    s = position(empire={"play": ["Grand Moff Tarkin"]}, row=["Admiral Piett"])
    do(s, "use grand-moff-tarkin", "select admiral-piett", "end")
    assert names(s, s.players[EMPIRE].exile) == ["Admiral Piett"]
    assert "Admiral Piett" not in names(s, s.players[EMPIRE].hand + s.players[EMPIRE].deck)


@covers("Grand Moff Tarkin", "Gozanti Cruiser")
def test_tarkins_card_in_hand_can_still_be_discarded() -> None:
    """original.yaml Grand Moff Tarkin + Gozanti Cruiser. The taken card is an ordinary card in
    your hand until the turn ends. Rulebook *Discard* (ODRZUĆ / SCARTARE): the player discarding
    from their hand picks any card of it. So Gozanti may discard it (and it is still exiled at
    the end of the turn)."""
    s = position(empire={"play": ["Grand Moff Tarkin", "Gozanti Cruiser"], "deck": ["Stormtrooper"]},
                 row=["TIE Fighter"])
    do(s, "use grand-moff-tarkin", "select tie-fighter")
    assert offered(s, "use gozanti-cruiser")
    do(s, "use gozanti-cruiser", "select tie-fighter")
    assert names(s, s.players[EMPIRE].hand) == ["Stormtrooper"]
    do(s, "end")
    assert names(s, s.players[EMPIRE].exile) == ["TIE Fighter"]


@covers("Darth Vader")
def test_darth_vader_plus_four_while_force_with_empire() -> None:
    """original.yaml Darth Vader: `attack_bonus: {to: self, amount: 4, while: force_with_you}`.
    Playing him moves the Force 2 toward the Empire (rulebook *Play a card*, ZAGRANIE KARTY /
    GIOCARE UNA CARTA). Rulebook *While* (DOPÓKI / MENTRE)."""
    s = position(force=4, empire={"hand": ["Darth Vader"]})
    do(s, "play darth-vader")
    assert s.force == 2
    assert attack(s, EMPIRE, "Darth Vader") == 10
    s = position(force=3, empire={"play": ["Darth Vader"]})
    assert attack(s, EMPIRE, "Darth Vader") == 6


@covers("Admiral Piett")
def test_admiral_piett_gives_capital_ships_plus_one() -> None:
    """original.yaml Admiral Piett: `attack_bonus: {to: {type: capital_ship}, amount: 1}`.
    Rulebook *Attack the base* (ROZPATRZENIE ATAKU / RISOLVERE UN ATTACCO)."""
    s = position(empire={"play": ["Admiral Piett", "Star Destroyer", "TIE Fighter"]})
    assert attack(s, EMPIRE, "Star Destroyer") == 5
    assert attack(s, EMPIRE, "TIE Fighter") == 2
    assert attack(s, EMPIRE, "Admiral Piett") == 0
    do(s, "commit star-destroyer base", "resolve")
    assert base_damage(s, REBEL) == 5


@covers("TIE Bomber")
def test_tie_bomber_discards_a_row_card() -> None:
    """original.yaml TIE Bomber: `move: {from: row, to: discard}`. Rulebook *Discard* (ODRZUĆ /
    SCARTARE): to the galaxy discard pile, no reward."""
    s = position(empire={"hand": ["TIE Bomber"]}, row=["Luke Skywalker", "Lobot"],
                 galaxy_deck=["Snowspeeder"])
    do(s, "play tie-bomber", "use tie-bomber", "select luke-skywalker")
    assert names(s, s.regions[0].discard) == ["Luke Skywalker"]
    assert names(s, s.regions[0].row) == ["Snowspeeder", "Lobot"]
    assert s.players[EMPIRE].pool == 0 and s.force == 3 and not s.waiting


@covers("Scout Trooper")
@pytest.mark.parametrize(("top_card", "force", "deck_top", "discard"), [
    ("TIE Fighter", 2, "TIE Fighter", []),      # Empire card: gain 1 Force, it stays on top
    ("X-Wing", 3, "Jawa Scavenger", ["X-Wing"]),  # Rebel card: galaxy discard pile
    ("Lobot", 3, "Lobot", []),                  # neutral: back face down on top
])
def test_scout_trooper_reveal_branches(top_card: str, force: int, deck_top: str,
                                       discard: list[str]) -> None:
    """original.yaml Scout Trooper: `reveal_top` own: gain 1 Force / enemy: discard_revealed /
    neutral: nothing. Rulebook *Reveal*: seed 000 (PL) ODKRYJ / seed 003 (IT) RIVELARE (a card
    not discarded goes back on top); RULES FAQ for the neutral case."""
    s = position(empire={"hand": ["Scout Trooper"]}, galaxy_deck=[top_card, "Jawa Scavenger"],
                 row=["Y-Wing"])
    do(s, "play scout-trooper")
    assert s.players[EMPIRE].pool == 2
    do(s, "use scout-trooper")
    assert not s.waiting
    assert s.force == force
    assert top(s, s.regions[0].deck) == deck_top
    assert names(s, s.regions[0].discard) == discard
    assert names(s, s.regions[0].row) == ["Y-Wing"]


@covers("Death Trooper")
def test_death_trooper_plus_two_while_force_with_empire() -> None:
    """original.yaml Death Trooper: `attack_bonus: {to: self, amount: 2, while: force_with_you}`.
    Rulebook *While* (DOPÓKI / MENTRE)."""
    assert attack(position(force=2, empire={"play": ["Death Trooper"]}), EMPIRE, "Death Trooper") == 5
    assert attack(position(force=0, empire={"play": ["Death Trooper"]}), EMPIRE, "Death Trooper") == 5
    assert attack(position(force=3, empire={"play": ["Death Trooper"]}), EMPIRE, "Death Trooper") == 3


@covers("TIE Interceptor")
@pytest.mark.parametrize(("top_card", "hand", "deck_top", "discard"), [
    ("TIE Fighter", ["Stormtrooper"], "TIE Fighter", []),   # Empire card: draw a card
    ("X-Wing", [], "Jawa Scavenger", ["X-Wing"]),         # Rebel card: discarded
    ("Lobot", [], "Lobot", []),                          # neutral: back on top
])
def test_tie_interceptor_reveal_branches(top_card: str, hand: list[str], deck_top: str,
                                         discard: list[str]) -> None:
    """original.yaml TIE Interceptor: `reveal_top` own: draw 1 / enemy: discard_revealed /
    neutral: nothing. Rulebook *Reveal* (ODKRYJ / RIVELARE)."""
    s = position(empire={"hand": ["TIE Interceptor"], "deck": ["Stormtrooper"]},
                 galaxy_deck=[top_card, "Jawa Scavenger"])
    do(s, "play tie-interceptor", "use tie-interceptor")
    assert not s.waiting
    assert names(s, s.players[EMPIRE].hand) == hand
    assert top(s, s.regions[0].deck) == deck_top
    assert names(s, s.regions[0].discard) == discard
    assert s.force == 3


@covers("Gozanti Cruiser")
def test_gozanti_cruiser_discard_to_draw() -> None:
    """original.yaml Gozanti Cruiser: `move: {from: hand, to: discard, then: [draw 1]}`.
    docs/cards.md: 'do X to do Y' - nothing to discard, nothing drawn (not offered)."""
    s = position(empire={"play": ["Gozanti Cruiser"], "hand": ["Imperial Shuttle", "Stormtrooper"],
                         "deck": ["TIE Fighter"]})
    do(s, "use gozanti-cruiser")
    assert s.current_player == EMPIRE
    do(s, "select imperial-shuttle")
    assert names(s, s.players[EMPIRE].discard) == ["Imperial Shuttle"]
    assert sorted(names(s, s.players[EMPIRE].hand)) == ["Stormtrooper", "TIE Fighter"]

    s = position(empire={"play": ["Gozanti Cruiser"], "deck": ["TIE Fighter"]})
    assert not offered(s, "use gozanti-cruiser")


@covers("Moff Jerjerrod")
def test_moff_jerjerrod_swaps_top_card_with_row_card_when_force() -> None:
    """original.yaml Moff Jerjerrod: `if force_with_you: swap {a: galaxy_top, b: row}`.
    docs/cards.md: the swap is optional ('you may')."""
    s = position(force=2, empire={"hand": ["Moff Jerjerrod"]},
                 row=["X-Wing", "Lobot"], galaxy_deck=["Darth Vader", "Jawa Scavenger"])
    do(s, "play moff-jerjerrod", "use moff-jerjerrod")
    vader = s.regions[0].deck[-1]
    assert sorted(legal(s)) == sorted(["done", f"select darth-vader#{vader}"])
    do(s, "select darth-vader")
    assert sorted(legal(s)) == sorted([f"select x-wing#{s.regions[0].row[0]}", f"select lobot#{s.regions[0].row[1]}"])
    do(s, "select lobot")
    assert names(s, s.regions[0].row) == ["X-Wing", "Darth Vader"]
    assert names(s, s.regions[0].deck) == ["Jawa Scavenger", "Lobot"]
    assert s.regions[0].discard == [] and not s.waiting


@covers("Moff Jerjerrod")
def test_moff_jerjerrod_only_looks_without_force() -> None:
    """original.yaml Moff Jerjerrod: without the Force, `look: galaxy_top` (no change); with the
    Force the swap may be declined."""
    s = position(force=3, empire={"hand": ["Moff Jerjerrod"]},
                 row=["X-Wing"], galaxy_deck=["Darth Vader"])
    do(s, "play moff-jerjerrod", "use moff-jerjerrod")
    assert legal(s) == ["done"]
    do(s, "done")
    assert names(s, s.regions[0].row) == ["X-Wing"] and names(s, s.regions[0].deck) == ["Darth Vader"]

    s = position(force=2, empire={"play": ["Moff Jerjerrod"]},
                 row=["X-Wing"], galaxy_deck=["Darth Vader"])
    do(s, "use moff-jerjerrod", "done")
    assert names(s, s.regions[0].row) == ["X-Wing"] and names(s, s.regions[0].deck) == ["Darth Vader"]
    assert not s.waiting


@covers("General Veers")
def test_general_veers_draws_with_trooper_or_vehicle() -> None:
    """original.yaml General Veers: `requires: {in_play: {type: unit, traits: [Trooper,
    Vehicle]}}`, draw 1. Rulebook *If* (JEŚLI / SE)."""
    s = position(empire={"play": ["General Veers", "TIE Fighter"], "deck": ["Stormtrooper"]})
    assert not offered(s, "use general-veers")
    for other in ("Stormtrooper", "AT-ST"):
        s = position(empire={"play": ["General Veers", other], "deck": ["Imperial Shuttle"]})
        do(s, "use general-veers")
        assert names(s, s.players[EMPIRE].hand) == ["Imperial Shuttle"]


# ============================================================================ Rebel galaxy


@covers("Y-Wing")
def test_y_wing_damages_base_even_with_capital_ships() -> None:
    """original.yaml Y-Wing: `exile_self` then `damage_base: 2`. Rulebook *Deal damage*: seed 000
    (PL) ZADAJ OBRAŻENIA / seed 003 (IT) INFLIGGERE DANNI - straight to the base, ignoring
    capital ships; *Exile* (ANIHILUJ / ESILIARE): its attack may be used first."""
    s = position(active="rebel", rebel={"hand": ["Y-Wing"]},
                 empire={"play": [{"card": "Star Destroyer", "damage": 1}]})
    do(s, "play y-wing", "use y-wing")
    assert base_damage(s, EMPIRE) == 2
    assert s.damage[s.players[EMPIRE].play[0]] == 1
    assert names(s, s.players[REBEL].exile) == ["Y-Wing"]
    assert s.players[REBEL].play == []


@covers("Jyn Erso")
def test_jyn_erso_puts_a_card_from_opponent_hand_on_their_deck() -> None:
    """original.yaml Jyn Erso: `look: opponent_hand`, then with the Force `move: {from:
    opponent_hand, to: deck_top, chooser: you}` (docs/cards.md: you choose)."""
    s = position(active="rebel", force=4, rebel={"hand": ["Jyn Erso"]},
                 empire={"hand": ["Stormtrooper", "Imperial Shuttle"], "deck": ["TIE Fighter"]})
    do(s, "play jyn-erso", "use jyn-erso")
    assert s.current_player == REBEL and legal(s) == ["done"]   # looking
    do(s, "done")
    assert s.current_player == REBEL
    do(s, "select stormtrooper")
    assert names(s, s.players[EMPIRE].hand) == ["Imperial Shuttle"]
    assert names(s, s.players[EMPIRE].deck) == ["TIE Fighter", "Stormtrooper"]
    assert not s.waiting


@covers("Jyn Erso")
def test_jyn_erso_only_looks_without_force() -> None:
    """original.yaml Jyn Erso: without the Force the `if` does nothing; looking changes no state."""
    s = position(active="rebel", force=3, rebel={"hand": ["Jyn Erso"]},
                 empire={"hand": ["Stormtrooper"], "deck": ["TIE Fighter"]})
    do(s, "play jyn-erso", "use jyn-erso", "done")
    assert not s.waiting
    assert names(s, s.players[EMPIRE].hand) == ["Stormtrooper"]
    assert names(s, s.players[EMPIRE].deck) == ["TIE Fighter"]


@covers("U-Wing")
def test_u_wing_repairs_three_only_with_force() -> None:
    """original.yaml U-Wing: `requires: force_with_you`, repair 3. Rulebook *If* (JEŚLI / SE);
    *Repair* (NAPRAW / RIPARARE), resolved as far as possible (*Abilities*)."""
    s = position(active="rebel", force=3, rebel={"hand": ["U-Wing"],
                                                 "base": {"card": "Dantooine", "damage": 5}})
    do(s, "play u-wing")
    assert s.players[REBEL].pool == 3
    assert not offered(s, "use u-wing")

    s = position(active="rebel", force=4, rebel={"hand": ["U-Wing"],
                                                 "base": {"card": "Dantooine", "damage": 5}})
    do(s, "play u-wing", "use u-wing")
    assert base_damage(s, REBEL) == 2

    s = position(active="rebel", force=4, rebel={"hand": ["U-Wing"],
                                                 "base": {"card": "Dantooine", "damage": 2}})
    do(s, "play u-wing", "use u-wing")
    assert base_damage(s, REBEL) == 0


@covers("Hammerhead Corvette")
def test_hammerhead_destroys_a_capital_ship_in_opponent_play() -> None:
    """original.yaml Hammerhead Corvette: `exile_self`, then destroy a capital ship in the
    opponent's play area or an Empire one in the row. Rulebook *Destroy*: seed 000 (PL) ZNISZCZ /
    seed 003 (IT) DISTRUGGERE - to its owner's discard pile."""
    s = position(active="rebel", rebel={"play": ["Hammerhead Corvette"]},
                 empire={"play": [{"card": "Star Destroyer", "damage": 2}, "TIE Fighter"]},
                 row=["Imperial Carrier", "Blockade Runner", "Mon Calamari Cruiser"],
                 galaxy_deck=["Lobot"])
    do(s, "use hammerhead-corvette")
    sd = inst(s, s.players[EMPIRE].play, "Star Destroyer")
    assert sorted(legal(s)) == sorted([f"select star-destroyer#{sd}",
                                       f"select imperial-carrier#{s.regions[0].row[0]}"])
    do(s, "select star-destroyer")
    assert names(s, s.players[EMPIRE].discard) == ["Star Destroyer"]
    assert names(s, s.players[EMPIRE].play) == ["TIE Fighter"]
    assert s.damage[sd] == 0
    assert names(s, s.players[REBEL].exile) == ["Hammerhead Corvette"]
    assert names(s, s.regions[0].row) == ["Imperial Carrier", "Blockade Runner", "Mon Calamari Cruiser"]


@covers("Hammerhead Corvette")
def test_hammerhead_destroys_an_empire_capital_ship_in_the_row() -> None:
    """original.yaml Hammerhead Corvette: row ships must be Empire ones (docs/cards.md); a
    destroyed row ship goes to the galaxy discard pile and the row refills."""
    s = position(active="rebel", rebel={"hand": ["Hammerhead Corvette"]},
                 row=["Blockade Runner", "Imperial Carrier"], galaxy_deck=["Lobot"])
    do(s, "play hammerhead-corvette", "use hammerhead-corvette")
    assert legal(s) == [f"select imperial-carrier#{s.regions[0].row[1]}"]
    do(s, "select imperial-carrier")
    assert names(s, s.regions[0].discard) == ["Imperial Carrier"]
    assert names(s, s.regions[0].row) == ["Blockade Runner", "Lobot"]
    assert names(s, s.players[REBEL].exile) == ["Hammerhead Corvette"]
    assert s.players[REBEL].pool == 2


@covers("Han Solo")
def test_han_solo_draws_one_or_two_with_falcon() -> None:
    """original.yaml Han Solo: draw 1, `if: {in_play: {name: Millennium Falcon}}` draw 1 more."""
    s = position(active="rebel", rebel={"play": ["Han Solo"], "deck": ["X-Wing", "Y-Wing"]})
    do(s, "use han-solo")
    assert names(s, s.players[REBEL].hand) == ["X-Wing"]
    s = position(active="rebel", rebel={"play": ["Han Solo", "Millennium Falcon"],
                                        "deck": ["X-Wing", "Y-Wing"]})
    do(s, "use han-solo")
    assert sorted(names(s, s.players[REBEL].hand)) == ["X-Wing", "Y-Wing"]


@covers("Cassian Andor")
def test_cassian_andor_opponent_discards_after_sabotage() -> None:
    """original.yaml Cassian Andor: `on: defeat_target`, opponent discards (their choice).
    Rulebook *Discard* (ODRZUĆ / SCARTARE): the player discarding from their hand chooses;
    *When* (GDY / QUANDO): after the reward."""
    s = position(active="rebel", rebel={"play": ["Cassian Andor"]},
                 empire={"hand": ["Stormtrooper", "Imperial Shuttle"]},
                 row=["TIE Fighter"], galaxy_deck=["Lobot"])
    do(s, "commit cassian-andor tie-fighter", "resolve")
    do(s, "no")                         # decline the TIE Fighter's reward
    assert s.current_player == REBEL and legal(s) == ["yes", "no"]
    do(s, "yes")
    assert s.current_player == EMPIRE
    do(s, "select stormtrooper")
    assert names(s, s.players[EMPIRE].discard) == ["Stormtrooper"]
    assert names(s, s.players[EMPIRE].hand) == ["Imperial Shuttle"]
    assert s.players[REBEL].pool == 0 and not s.waiting


@covers("B-Wing")
def test_b_wing_opponent_chooses_discard() -> None:
    """original.yaml B-Wing: `choose` with `chooser: opponent`: they discard or B-Wing +2.
    Rulebook *Choose* (WYBIERZ / SCEGLIERE)."""
    s = position(active="rebel", rebel={"hand": ["B-Wing"]},
                 empire={"hand": ["Stormtrooper", "Imperial Shuttle"]})
    do(s, "play b-wing", "use b-wing")
    assert s.current_player == EMPIRE and legal(s) == ["option 1", "option 2"]
    do(s, "option 1")
    assert s.current_player == EMPIRE
    do(s, "select imperial-shuttle")
    assert names(s, s.players[EMPIRE].discard) == ["Imperial Shuttle"]
    assert attack(s, REBEL, "B-Wing") == 5


@covers("B-Wing")
def test_b_wing_opponent_chooses_plus_two_attack() -> None:
    """original.yaml B-Wing: option 2 gives B-Wing +2 attack this turn (*Gain*: ZYSKUJESZ /
    OTTENERE)."""
    s = position(active="rebel", rebel={"hand": ["B-Wing"]}, empire={"hand": ["Stormtrooper"]})
    do(s, "play b-wing", "use b-wing", "option 2")
    assert attack(s, REBEL, "B-Wing") == 7
    assert names(s, s.players[EMPIRE].hand) == ["Stormtrooper"]
    do(s, "commit b-wing base", "resolve")
    assert base_damage(s, EMPIRE) == 7


@covers("B-Wing")
def test_b_wing_opponent_with_empty_hand_gives_plus_two() -> None:
    """original.yaml B-Wing: with the opponent's hand empty only '+2 attack' can be resolved, so
    it happens without a choice (rulebook *Choose*, WYBIERZ / SCEGLIERE)."""
    s = position(active="rebel", rebel={"hand": ["B-Wing"]})
    do(s, "play b-wing", "use b-wing")
    assert not s.waiting
    assert attack(s, REBEL, "B-Wing") == 7


@covers("Princess Leia")
def test_princess_leia_free_purchase_to_deck_top_with_force() -> None:
    """original.yaml Princess Leia: free `buy` of a Rebel row card, `to: deck_top` with the
    Force (docs/cards.md)."""
    s = position(active="rebel", force=4, rebel={"play": ["Princess Leia"], "deck": ["Y-Wing"]},
                 row=["X-Wing", "TIE Fighter", "Jawa Scavenger"], galaxy_deck=["Lobot"])
    do(s, "use princess-leia")
    assert legal(s) == [f"select x-wing#{s.regions[0].row[0]}"], "only Rebel cards, no 'done' (free)"
    do(s, "select x-wing")
    assert names(s, s.players[REBEL].deck) == ["Y-Wing", "X-Wing"]
    assert s.players[REBEL].discard == [] and s.players[REBEL].pool == 0
    assert names(s, s.regions[0].row) == ["Lobot", "TIE Fighter", "Jawa Scavenger"]


@covers("Princess Leia")
def test_princess_leia_free_purchase_to_discard_without_force() -> None:
    """original.yaml Princess Leia: without the Force the free purchase goes to the discard pile.
    Playing her moves the Force 2 toward the Rebels (ZAGRANIE KARTY / GIOCARE UNA CARTA)."""
    s = position(active="rebel", force=0, rebel={"hand": ["Princess Leia"]},
                 row=["Chewbacca"], galaxy_deck=["Lobot"])
    do(s, "play princess-leia")
    assert s.force == 2 and s.players[REBEL].pool == 2
    do(s, "use princess-leia", "select chewbacca")
    assert names(s, s.players[REBEL].discard) == ["Chewbacca"]
    assert s.players[REBEL].deck == [] and s.players[REBEL].pool == 2


@covers("Millennium Falcon")
def test_millennium_falcon_returns_a_unique_unit() -> None:
    """original.yaml Millennium Falcon: `move: {from: discard, filter: {type: unit, unique:
    true}, to: hand}`."""
    s = position(active="rebel", rebel={"hand": ["Millennium Falcon"],
                                        "discard": ["X-Wing", "Han Solo", "Rebel Transport"]})
    do(s, "play millennium-falcon", "use millennium-falcon")
    assert legal(s) == [f"select han-solo#{inst(s, s.players[REBEL].discard, 'Han Solo')}"]
    do(s, "select han-solo")
    assert names(s, s.players[REBEL].hand) == ["Han Solo"]


@covers("Millennium Falcon", reward=True)
def test_millennium_falcon_reward_free_empire_purchase() -> None:
    """original.yaml Millennium Falcon reward: free purchase of an own-faction (Empire) row card,
    to the discard pile (docs/cards.md). Rewards are optional (FAQ)."""
    s = position(empire={"play": ["Stormtrooper"] * 4, "pool": 2},
                 row=["Millennium Falcon", "X-Wing", "Darth Vader", "Lobot"],
                 galaxy_deck=["Star Destroyer", "Dengar"])
    commit_all(s, EMPIRE, "millennium-falcon")
    do(s, "resolve")
    assert legal(s) == ["yes", "no"] and s.current_player == EMPIRE
    do(s, "yes")
    assert sorted(legal(s)) == sorted([f"select darth-vader#{inst(s, s.regions[0].row, 'Darth Vader')}",
                                       f"select star-destroyer#{inst(s, s.regions[0].row, 'Star Destroyer')}"])
    do(s, "select darth-vader")
    assert names(s, s.players[EMPIRE].discard) == ["Darth Vader"]
    assert s.players[EMPIRE].pool == 2
    assert names(s, s.regions[0].discard) == ["Millennium Falcon"]
    assert "Darth Vader" not in names(s, s.regions[0].row)


@covers("Luke Skywalker")
def test_luke_skywalker_destroys_capital_ship_with_force() -> None:
    """original.yaml Luke Skywalker: `requires: force_with_you`, destroy a capital ship in the
    opponent's play area. Rulebook *Destroy* (ZNISZCZ / DISTRUGGERE)."""
    s = position(active="rebel", force=3, rebel={"play": ["Luke Skywalker"]},
                 empire={"play": ["Star Destroyer"]})
    assert not offered(s, "use luke-skywalker")
    s = position(active="rebel", force=4, rebel={"play": ["Luke Skywalker"]})
    assert not offered(s, "use luke-skywalker"), "nothing to destroy"

    s = position(active="rebel", force=4, rebel={"play": ["Luke Skywalker"]},
                 empire={"play": [{"card": "Star Destroyer", "damage": 3}, "Gozanti Cruiser"]},
                 row=["Imperial Carrier"])
    do(s, "use luke-skywalker")
    assert len(legal(s)) == 2
    do(s, "select star-destroyer")
    assert names(s, s.players[EMPIRE].play) == ["Gozanti Cruiser"]
    assert names(s, s.players[EMPIRE].discard) == ["Star Destroyer"]
    assert s.damage[s.players[EMPIRE].discard[0]] == 0
    assert names(s, s.regions[0].row) == ["Imperial Carrier"]


@covers("Baze Malbus")
def test_baze_malbus_plus_one_per_rebel_base_destroyed() -> None:
    """original.yaml Baze Malbus: `attack_bonus: {to: self, amount: {count: opponent_victory}}`
    (the Empire's victory pile holds the Rebel bases it destroyed)."""
    s = position(active="rebel", rebel={"play": ["Baze Malbus"]})
    assert attack(s, REBEL, "Baze Malbus") == 2
    s = position(active="rebel", rebel={"play": ["Baze Malbus"], "base": "Mon Cala"},
                 empire={"victory": ["Dantooine", "Hoth"]})
    assert attack(s, REBEL, "Baze Malbus") == 4
    s = position(active="rebel", rebel={"play": ["Baze Malbus"], "victory": ["Lothal"]})
    assert attack(s, REBEL, "Baze Malbus") == 2, "his own victory pile does not count"


@covers("Snowspeeder")
def test_snowspeeder_opponent_discards_their_choice() -> None:
    """original.yaml Snowspeeder: `move: {from: opponent_hand, to: discard, chooser: opponent}`.
    Rulebook *Discard* (ODRZUĆ / SCARTARE)."""
    s = position(active="rebel", rebel={"hand": ["Snowspeeder"]},
                 empire={"hand": ["Stormtrooper", "Inquisitor"]})
    do(s, "play snowspeeder", "use snowspeeder")
    assert s.current_player == EMPIRE and len(legal(s)) == 2
    do(s, "select inquisitor")
    assert names(s, s.players[EMPIRE].discard) == ["Inquisitor"]
    assert names(s, s.players[EMPIRE].hand) == ["Stormtrooper"]
    s = position(active="rebel", rebel={"hand": ["Snowspeeder"]})
    do(s, "play snowspeeder")
    assert not offered(s, "use snowspeeder")


@covers("Duros Spy")
@pytest.mark.parametrize("choice", [1, 2])
def test_duros_spy_opponent_chooses(choice: int) -> None:
    """original.yaml Duros Spy: opponent's `choose`: discard a card, or the Force moves 1 toward
    the Rebels. Rulebook *Choose* (WYBIERZ / SCEGLIERE)."""
    s = position(active="rebel", force=4, rebel={"hand": ["Duros Spy"]},
                 empire={"hand": ["Stormtrooper"]})
    do(s, "play duros-spy")
    assert s.players[REBEL].pool == 2
    do(s, "use duros-spy")
    assert s.current_player == EMPIRE and legal(s) == ["option 1", "option 2"]
    do(s, f"option {choice}")
    if choice == 1:
        do(s, "select stormtrooper")
        assert names(s, s.players[EMPIRE].discard) == ["Stormtrooper"] and s.force == 4
    else:
        assert s.players[EMPIRE].hand != [] and s.force == 5
    assert not s.waiting


@covers("Duros Spy")
def test_duros_spy_force_at_rebel_end_forces_discard() -> None:
    """original.yaml Duros Spy with the Force already at the Rebel end: the Force option cannot
    be resolved, so the opponent must discard (rulebook *Choose*, WYBIERZ / SCEGLIERE; RULES
    FAQ; docs/cards.md)."""
    s = position(active="rebel", force=6, rebel={"hand": ["Duros Spy"]},
                 empire={"hand": ["Stormtrooper", "Imperial Shuttle"]})
    do(s, "play duros-spy", "use duros-spy")
    assert s.current_player == EMPIRE
    assert all(t.startswith("select ") for t in legal(s)) and len(legal(s)) == 2
    do(s, "select stormtrooper")
    assert names(s, s.players[EMPIRE].discard) == ["Stormtrooper"] and s.force == 6

    s = position(active="rebel", force=6, rebel={"hand": ["Duros Spy"]})
    do(s, "play duros-spy")
    assert not offered(s, "use duros-spy"), "neither option can be resolved"


@covers("Rebel Transport")
def test_rebel_transport_resource_or_repair() -> None:
    """original.yaml Rebel Transport: `choose` gain 1 resource / repair 2. Rulebook *Choose*."""
    s = position(active="rebel", rebel={"play": ["Rebel Transport"],
                                        "base": {"card": "Dantooine", "damage": 3}})
    do(s, "use rebel-transport")
    assert legal(s) == ["option 1", "option 2"]
    do(s, "option 2")
    assert base_damage(s, REBEL) == 1 and s.players[REBEL].pool == 0
    s = position(active="rebel", rebel={"play": ["Rebel Transport"]})
    do(s, "use rebel-transport")
    assert not s.waiting and s.players[REBEL].pool == 1


@covers("Chirrut Imwe")
def test_chirrut_imwe_plus_two_while_force_with_rebels() -> None:
    """original.yaml Chirrut Imwe: `attack_bonus: {to: self, amount: 2, while: force_with_you}`;
    playing him moves the Force 2 toward the Rebels."""
    s = position(active="rebel", force=2, rebel={"hand": ["Chirrut Imwe"]})
    do(s, "play chirrut-imwe")
    assert s.force == 4 and attack(s, REBEL, "Chirrut Imwe") == 2
    s = position(active="rebel", force=3, rebel={"play": ["Chirrut Imwe"]})
    assert attack(s, REBEL, "Chirrut Imwe") == 0


@covers("Rebel Commando")
def test_rebel_commando_opponent_chooses_without_force() -> None:
    """original.yaml Rebel Commando: without the Force the opponent chooses the discard
    (rulebook *Discard*, ODRZUĆ / SCARTARE)."""
    s = position(active="rebel", force=3, rebel={"hand": ["Rebel Commando"]},
                 empire={"hand": ["Stormtrooper", "Imperial Shuttle"]})
    do(s, "play rebel-commando", "use rebel-commando")
    assert s.current_player == EMPIRE and len(legal(s)) == 2
    do(s, "select imperial-shuttle")
    assert names(s, s.players[EMPIRE].discard) == ["Imperial Shuttle"]


@covers("Rebel Commando")
def test_rebel_commando_random_discard_with_force() -> None:
    """original.yaml Rebel Commando: with the Force the discard is random - no decision."""
    s = position(active="rebel", force=4, rebel={"hand": ["Rebel Commando"]},
                 empire={"hand": ["Stormtrooper", "Imperial Shuttle", "Inquisitor"]})
    do(s, "play rebel-commando", "use rebel-commando")
    assert not s.waiting
    assert len(s.players[EMPIRE].hand) == 2 and len(s.players[EMPIRE].discard) == 1
    assert sorted(names(s, s.players[EMPIRE].hand + s.players[EMPIRE].discard)) == [
        "Imperial Shuttle", "Inquisitor", "Stormtrooper"]


@covers("Rebel Commando")
def test_rebel_commando_random_discard_is_uniform_over_cards() -> None:
    """original.yaml Rebel Commando (`move ... random: true`). A random discard picks one of the
    cards in hand with equal chance (rulebook *Discard*: 'a random card'). With 3 Imperial
    Shuttles and 1 Stormtrooper, the Stormtrooper goes about 1 time in 4 (300 trials: expected
    75, standard deviation 7.5; the bound 105 is 4 standard deviations)."""
    hits = Counter[str]()
    for seed in range(300):
        s = position(active="rebel", force=4, seed=seed, rebel={"play": ["Rebel Commando"]},
                     empire={"hand": ["Imperial Shuttle"] * 3 + ["Stormtrooper"]})
        do(s, "use rebel-commando")
        hits[top(s, s.players[EMPIRE].discard)] += 1
    assert 45 <= hits["Stormtrooper"] <= 105, hits


@covers("X-Wing")
def test_x_wing_draws_only_with_force() -> None:
    """original.yaml X-Wing: `requires: force_with_you`, draw 1. Rulebook *If* (JEŚLI / SE)."""
    s = position(active="rebel", force=3, rebel={"hand": ["X-Wing"], "deck": ["Y-Wing"]})
    do(s, "play x-wing")
    assert not offered(s, "use x-wing")
    s = position(active="rebel", force=4, rebel={"hand": ["X-Wing"], "deck": ["Y-Wing"]})
    do(s, "play x-wing", "use x-wing")
    assert names(s, s.players[REBEL].hand) == ["Y-Wing"]


@covers("Chewbacca")
def test_chewbacca_draws_with_another_unique_unit() -> None:
    """original.yaml Chewbacca: `requires: {in_play: {type: unit, unique: true}}` (another card
    than himself), draw 1."""
    s = position(active="rebel", rebel={"play": ["Chewbacca", "X-Wing"], "deck": ["Y-Wing"]})
    assert not offered(s, "use chewbacca")
    s = position(active="rebel", rebel={"play": ["Chewbacca", "Han Solo"], "deck": ["Y-Wing"]})
    do(s, "use chewbacca")
    assert names(s, s.players[REBEL].hand) == ["Y-Wing"]


# ============================================================================ neutral galaxy


@covers("Z-95 Headhunter")
def test_z95_headhunter_draws_when_opponent_has_capital_ship() -> None:
    """original.yaml Z-95 Headhunter: `requires: {opponent_in_play: {type: capital_ship}}`."""
    s = position(empire={"play": ["Z-95 Headhunter", "Gozanti Cruiser"], "deck": ["Stormtrooper"]})
    assert not offered(s, "use z-95-headhunter"), "own ships do not count"
    s = position(empire={"play": ["Z-95 Headhunter"], "deck": ["Stormtrooper"]},
                 rebel={"play": ["Rebel Transport"]})
    do(s, "use z-95-headhunter")
    assert names(s, s.players[EMPIRE].hand) == ["Stormtrooper"]


@covers("Jawa Scavenger")
def test_jawa_scavenger_buys_from_galaxy_discard_paying_cost() -> None:
    """original.yaml Jawa Scavenger: `exile_self`, then `buy: {from: galaxy_discard}` - the
    cost is paid and faction limits apply (docs/cards.md). Rulebook *Purchase* (ZAKUP KARTY /
    ACQUISTARE UNA CARTA)."""
    s = position(active="rebel", rebel={"hand": ["Jawa Scavenger"]},
                 galaxy_discard=["X-Wing", "Y-Wing", "TIE Fighter", "Kel Dor Mystic"])
    do(s, "play jawa-scavenger")
    assert s.players[REBEL].pool == 2
    do(s, "use jawa-scavenger")
    gd = s.regions[0].discard
    assert sorted(legal(s)) == sorted([
        "done", f"select y-wing#{inst(s, gd, 'Y-Wing')}",
        f"select kel-dor-mystic#{inst(s, gd, 'Kel Dor Mystic')}"])
    do(s, "select y-wing")
    assert s.players[REBEL].pool == 1
    assert names(s, s.players[REBEL].discard) == ["Y-Wing"]
    assert names(s, s.players[REBEL].exile) == ["Jawa Scavenger"]
    assert sorted(names(s, s.regions[0].discard)) == ["Kel Dor Mystic", "TIE Fighter", "X-Wing"]


@covers("Rodian Gunslinger")
def test_rodian_gunslinger_plus_two_against_row() -> None:
    """original.yaml Rodian Gunslinger: `attack_bonus: {to: self, amount: 2, while:
    attacking_row}`: 4 against a row card (X-Wing, target 3), 2 against the base."""
    s = position(empire={"play": ["Rodian Gunslinger"]}, row=["X-Wing"], galaxy_deck=["Lobot"])
    assert attack(s, EMPIRE, "Rodian Gunslinger") == 2
    do(s, "commit rodian-gunslinger x-wing")
    assert attack(s, EMPIRE, "Rodian Gunslinger") == 4
    do(s, "resolve")
    assert names(s, s.regions[0].discard) == ["X-Wing"]

    s = position(empire={"play": ["Rodian Gunslinger"]}, row=["X-Wing"])
    do(s, "commit rodian-gunslinger base")
    assert attack(s, EMPIRE, "Rodian Gunslinger") == 2
    do(s, "resolve")
    assert base_damage(s, REBEL) == 2


@covers("Kel Dor Mystic")
def test_kel_dor_mystic_exiles_itself_and_one_card() -> None:
    """original.yaml Kel Dor Mystic: `exile_self`, then exile up to 1 card from hand or discard.
    Rulebook *Exile* (ANIHILUJ / ESILIARE): its Force is used first."""
    s = position(active="rebel", force=2, rebel={"hand": ["Kel Dor Mystic", "Alliance Shuttle"],
                                                 "discard": ["Rebel Trooper"]})
    do(s, "play kel-dor-mystic")
    assert s.force == 4
    do(s, "use kel-dor-mystic")
    assert "done" in legal(s) and len(legal(s)) == 3
    do(s, "select rebel-trooper")
    assert sorted(names(s, s.players[REBEL].exile)) == ["Kel Dor Mystic", "Rebel Trooper"]
    assert names(s, s.players[REBEL].hand) == ["Alliance Shuttle"]
    assert s.players[REBEL].discard == [] and s.force == 4 and not s.waiting


@covers("Lobot")
@pytest.mark.parametrize(("option", "atk", "pool", "force"), [
    (1, 2, 0, 3), (2, 0, 2, 3), (3, 0, 0, 1)])
def test_lobot_bonus_choice(option: int, atk: int, pool: int, force: int) -> None:
    """original.yaml Lobot: `on: play` optional trigger, `choose` +2 attack / +2 resources /
    +2 Force. Rulebook *When* (GDY / QUANDO)."""
    s = position(empire={"hand": ["Lobot"]})
    do(s, "play lobot")
    assert legal(s) == ["yes", "no"]
    do(s, "yes")
    assert legal(s) == ["option 1", "option 2", "option 3"]
    do(s, f"option {option}")
    assert (attack(s, EMPIRE, "Lobot"), s.players[EMPIRE].pool, s.force) == (atk, pool, force)


@covers("Bossk")
def test_bossk_gains_force_after_successful_hunt() -> None:
    """original.yaml Bossk: `on: defeat_target` gain 1 Force (after the reward)."""
    s = position(empire={"play": ["Bossk"]}, row=["X-Wing"], galaxy_deck=["Lobot"])
    do(s, "commit bossk x-wing", "resolve", "no")
    assert legal(s) == ["yes", "no"]
    do(s, "yes")
    assert s.force == 2 and s.players[EMPIRE].pool == 0


@covers("Fang Fighter")
def test_fang_fighter_bought_to_hand_and_draws_with_force() -> None:
    """original.yaml Fang Fighter: `buy_to: {to: hand, self: true}`; `on: buy` draw 1 with the
    Force."""
    s = position(active="rebel", force=4, rebel={"pool": 3, "deck": ["X-Wing"]},
                 row=["Fang Fighter"], galaxy_deck=["Lobot"])
    do(s, "buy fang-fighter")
    assert s.players[REBEL].pool == 0
    assert legal(s) == ["yes", "no"]
    do(s, "yes")
    assert sorted(names(s, s.players[REBEL].hand)) == ["Fang Fighter", "X-Wing"]
    assert s.players[REBEL].discard == []
    assert offered(s, "play fang-fighter")


@covers("Fang Fighter")
def test_fang_fighter_bought_to_hand_without_force_no_draw() -> None:
    """original.yaml Fang Fighter without the Force: to hand, nothing drawn, nothing asked."""
    s = position(active="rebel", force=3, rebel={"pool": 3, "deck": ["X-Wing"]},
                 row=["Fang Fighter"], galaxy_deck=["Lobot"])
    do(s, "buy fang-fighter")
    assert not s.waiting
    assert names(s, s.players[REBEL].hand) == ["Fang Fighter"]
    assert names(s, s.players[REBEL].deck) == ["X-Wing"]


@covers("Twi'lek Smuggler")
def test_twilek_smuggler_next_purchase_to_deck_top() -> None:
    """original.yaml Twi'lek Smuggler: `next_buy: {to: deck_top}` - only the next purchase."""
    s = position(active="rebel", rebel={"hand": ["Twi'lek Smuggler"], "deck": ["Rebel Trooper"]},
                 row=["Y-Wing", "Kel Dor Mystic"], galaxy_deck=["Lobot", "Dengar"])
    do(s, "play twilek-smuggler")
    assert s.players[REBEL].pool == 3
    do(s, "use twilek-smuggler", "buy y-wing")
    assert names(s, s.players[REBEL].deck) == ["Rebel Trooper", "Y-Wing"]
    do(s, "buy kel-dor-mystic")
    assert names(s, s.players[REBEL].discard) == ["Kel Dor Mystic"]
    assert s.players[REBEL].pool == 0


@covers("C-ROC Cruiser")
def test_c_roc_cruiser_discard_to_repair() -> None:
    """original.yaml C-ROC Cruiser: discard a card from hand; if you do, repair 3."""
    s = position(active="rebel", rebel={"play": ["C-ROC Cruiser"], "hand": ["Rebel Trooper"],
                                        "base": {"card": "Dantooine", "damage": 4}})
    do(s, "use c-roc-cruiser", "select rebel-trooper")
    assert names(s, s.players[REBEL].discard) == ["Rebel Trooper"]
    assert base_damage(s, REBEL) == 1
    s = position(active="rebel", rebel={"play": ["C-ROC Cruiser"],
                                        "base": {"card": "Dantooine", "damage": 4}})
    assert not offered(s, "use c-roc-cruiser"), "no card to discard: no repair"


@covers("Dengar")
def test_dengar_gains_two_resources_after_hunt() -> None:
    """original.yaml Dengar: `on: defeat_target` gain 2 resources (after the reward)."""
    s = position(active="rebel", rebel={"play": ["Dengar"]}, row=["TIE Fighter"],
                 galaxy_deck=["Lobot"])
    do(s, "commit dengar tie-fighter", "resolve", "yes")  # the reward: 1 resource
    assert s.players[REBEL].pool == 1 and legal(s) == ["yes", "no"]
    do(s, "yes")
    assert s.players[REBEL].pool == 3 and not s.waiting


@covers("Quarren Mercenary")
def test_quarren_mercenary_exiles_one_without_force() -> None:
    """original.yaml Quarren Mercenary: `on: buy`, exile up to 1 card (hand or discard) without
    the Force."""
    s = position(force=3, empire={"pool": 4, "hand": ["Imperial Shuttle"],
                                  "discard": ["Stormtrooper"]},
                 row=["Quarren Mercenary"], galaxy_deck=["Lobot"])
    do(s, "buy quarren-mercenary", "yes")
    assert "done" in legal(s)
    do(s, "select imperial-shuttle")
    assert not s.waiting
    assert names(s, s.players[EMPIRE].exile) == ["Imperial Shuttle"]
    assert sorted(names(s, s.players[EMPIRE].discard)) == ["Quarren Mercenary", "Stormtrooper"]


@covers("Quarren Mercenary")
def test_quarren_mercenary_exiles_two_with_force() -> None:
    """original.yaml Quarren Mercenary with the Force: up to 2 cards."""
    s = position(force=2, empire={"pool": 4, "hand": ["Imperial Shuttle"],
                                  "discard": ["Stormtrooper"]},
                 row=["Quarren Mercenary"], galaxy_deck=["Lobot"])
    do(s, "buy quarren-mercenary", "yes", "select imperial-shuttle")
    assert s.waiting and "done" in legal(s)
    do(s, "select stormtrooper")
    assert not s.waiting
    assert sorted(names(s, s.players[EMPIRE].exile)) == ["Imperial Shuttle", "Stormtrooper"]
    assert names(s, s.players[EMPIRE].discard) == ["Quarren Mercenary"]


@covers("HWK-290")
def test_hwk_290_exiles_itself_to_repair_four() -> None:
    """original.yaml HWK-290: `exile_self`, repair 4 (its 4 resources stay in the pool)."""
    s = position(active="rebel", rebel={"hand": ["HWK-290"],
                                        "base": {"card": "Dantooine", "damage": 6}})
    do(s, "play hwk-290", "use hwk-290")
    assert base_damage(s, REBEL) == 2
    assert names(s, s.players[REBEL].exile) == ["HWK-290"]
    assert s.players[REBEL].pool == 4


@covers("IG-88")
def test_ig_88_exiles_a_card_after_hunt() -> None:
    """original.yaml IG-88: `on: defeat_target`, exile up to 1 card from hand or discard."""
    s = position(empire={"play": ["IG-88"], "hand": ["Imperial Shuttle"]},
                 row=["B-Wing"], galaxy_deck=["Lobot"])
    do(s, "commit ig-88 b-wing", "resolve", "no", "yes")
    assert "done" in legal(s)
    do(s, "select imperial-shuttle")
    assert names(s, s.players[EMPIRE].exile) == ["Imperial Shuttle"]
    assert not s.waiting


@covers("Nebulon-B Frigate")
def test_nebulon_b_frigate_repair_or_resources() -> None:
    """original.yaml Nebulon-B Frigate: `choose` repair 3 / gain 3 resources."""
    s = position(empire={"play": ["Nebulon-B Frigate"], "base": {"card": "Lothal", "damage": 4}})
    do(s, "use nebulon-b-frigate")
    assert legal(s) == ["option 1", "option 2"]
    do(s, "option 1")
    assert base_damage(s, EMPIRE) == 1 and s.players[EMPIRE].pool == 0
    s = position(empire={"play": ["Nebulon-B Frigate"], "base": {"card": "Lothal", "damage": 4}})
    do(s, "use nebulon-b-frigate", "option 2")
    assert base_damage(s, EMPIRE) == 4 and s.players[EMPIRE].pool == 3


@covers("Lando Calrissian")
def test_lando_calrissian_draw_and_discard_with_force() -> None:
    """original.yaml Lando Calrissian: draw 1, then with the Force the opponent discards (their
    choice)."""
    s = position(active="rebel", force=5, rebel={"play": ["Lando Calrissian"], "deck": ["X-Wing"]},
                 empire={"hand": ["Stormtrooper", "Inquisitor"]})
    do(s, "use lando-calrissian")
    assert names(s, s.players[REBEL].hand) == ["X-Wing"]
    assert s.current_player == EMPIRE
    do(s, "select inquisitor")
    assert names(s, s.players[EMPIRE].discard) == ["Inquisitor"]

    s = position(active="rebel", force=3, rebel={"play": ["Lando Calrissian"], "deck": ["X-Wing"]},
                 empire={"hand": ["Stormtrooper"]})
    do(s, "use lando-calrissian")
    assert not s.waiting
    assert names(s, s.players[REBEL].hand) == ["X-Wing"]
    assert names(s, s.players[EMPIRE].hand) == ["Stormtrooper"]


@covers("Jabba's Sail Barge")
def test_jabbas_sail_barge_returns_a_bounty_hunter() -> None:
    """original.yaml Jabba's Sail Barge: `move: {from: discard, filter: {trait: Bounty Hunter},
    to: hand}`."""
    s = position(empire={"play": ["Jabba's Sail Barge"],
                         "discard": ["Bossk", "Stormtrooper", "Dengar"]})
    do(s, "use jabbas-sail-barge")
    assert len(legal(s)) == 2
    do(s, "select dengar")
    assert names(s, s.players[EMPIRE].hand) == ["Dengar"]
    assert sorted(names(s, s.players[EMPIRE].discard)) == ["Bossk", "Stormtrooper"]


@covers("Jabba the Hutt")
def test_jabba_the_hutt_exile_to_draw_one_or_two() -> None:
    """original.yaml Jabba the Hutt: exile a card from hand; if you do, draw 1 (2 with the
    Force). Playing him moves the Force 2 toward you."""
    s = position(force=3, empire={"play": ["Jabba the Hutt"], "hand": ["Imperial Shuttle"],
                                  "deck": ["Stormtrooper", "TIE Fighter"]})
    do(s, "use jabba-the-hutt", "select imperial-shuttle")
    assert names(s, s.players[EMPIRE].exile) == ["Imperial Shuttle"]
    assert names(s, s.players[EMPIRE].hand) == ["Stormtrooper"]

    s = position(force=4, empire={"hand": ["Jabba the Hutt", "Imperial Shuttle"],
                                  "deck": ["Stormtrooper", "TIE Fighter"]})
    do(s, "play jabba-the-hutt")
    assert s.force == 2
    do(s, "use jabba-the-hutt", "select imperial-shuttle")
    assert sorted(names(s, s.players[EMPIRE].hand)) == ["Stormtrooper", "TIE Fighter"]


# ============================================================================ starters, pilot


@covers("Inquisitor")
@pytest.mark.parametrize(("option", "atk", "pool", "force"), [
    (1, 1, 0, 3), (2, 0, 1, 3), (3, 0, 0, 2)])
def test_inquisitor_bonus_choice(option: int, atk: int, pool: int, force: int) -> None:
    """original.yaml Inquisitor: `on: play` `choose` +1 attack / +1 resource / +1 Force."""
    s = position(empire={"hand": ["Inquisitor"]})
    do(s, "play inquisitor", "yes", f"option {option}")
    assert (attack(s, EMPIRE, "Inquisitor"), s.players[EMPIRE].pool, s.force) == (atk, pool, force)


@covers("Inquisitor")
def test_inquisitor_force_option_not_offered_at_empire_end() -> None:
    """original.yaml Inquisitor with the Force at the Empire end: '+1 Force' cannot be resolved and
    is not offered (rulebook *Choose*, WYBIERZ / SCEGLIERE). The +1 attack lets it attack."""
    s = position(force=0, empire={"hand": ["Inquisitor"]})
    do(s, "play inquisitor", "yes")
    assert legal(s) == ["option 1", "option 2"]
    do(s, "option 1", "commit inquisitor base", "resolve")
    assert base_damage(s, REBEL) == 1


@covers("Temple Guardian")
@pytest.mark.parametrize(("option", "atk", "pool", "force"), [
    (1, 1, 0, 3), (2, 0, 1, 3), (3, 0, 0, 4)])
def test_temple_guardian_bonus_choice(option: int, atk: int, pool: int, force: int) -> None:
    """original.yaml Temple Guardian: `on: play` `choose` +1 attack / +1 resource / +1 Force."""
    s = position(active="rebel", rebel={"hand": ["Temple Guardian"]})
    do(s, "play temple-guardian", "yes")
    assert legal(s) == ["option 1", "option 2", "option 3"]
    do(s, f"option {option}")
    assert (attack(s, REBEL, "Temple Guardian"), s.players[REBEL].pool, s.force) == (atk, pool, force)


@covers("Temple Guardian")
def test_temple_guardian_trigger_can_be_declined() -> None:
    """original.yaml Temple Guardian: triggers are optional by default (FAQ: abilities are
    optional)."""
    s = position(active="rebel", rebel={"hand": ["Temple Guardian"]})
    do(s, "play temple-guardian", "no")
    assert not s.waiting
    assert (attack(s, REBEL, "Temple Guardian"), s.players[REBEL].pool, s.force) == (0, 0, 3)


@covers("Outer Rim Pilot")
def test_outer_rim_pilot_exiles_for_force_keeping_resources() -> None:
    """original.yaml Outer Rim Pilot: `exile_self`, gain 1 Force; its 2 resources stay."""
    s = position(active="rebel", rebel={"hand": ["Outer Rim Pilot"]})
    do(s, "play outer-rim-pilot")
    assert s.players[REBEL].pool == 2
    do(s, "use outer-rim-pilot")
    assert s.force == 4 and s.players[REBEL].pool == 2
    assert names(s, s.players[REBEL].exile) == ["Outer Rim Pilot"]


@covers("Outer Rim Pilot")
def test_outer_rim_pilot_bought_from_the_stack() -> None:
    """The Outer Rim Pilot stack is open to both players (rulebook *Purchase*)."""
    s = position(empire={"pool": 2}, pilots=2)
    do(s, "buy outer-rim-pilot")
    assert names(s, s.players[EMPIRE].discard) == ["Outer Rim Pilot"]
    assert len(s.regions[0].pilots) == 1 and s.players[EMPIRE].pool == 0


# ============================================================================ Empire bases


def _reveal(faction: str, base: str, **kw: Any) -> Any:
    """The start of `faction`'s turn with its base destroyed and `base` the only one left: the
    base is revealed at once (rulebook *Start of turn*, POCZĄTEK TURY GRACZA / INIZIO DEL
    TURNO)."""
    player = dict(kw.pop(faction, {}))
    player.update(base=None, base_deck=[base])
    return position(active=faction, phase="start", **{faction: player}, **kw)


@covers("Corellia")
def test_corellia_reveal_takes_empire_or_neutral_row_card() -> None:
    """original.yaml Corellia: `on: reveal`, take an Empire or neutral row card into hand for
    free - not a purchase (docs/cards.md). Rulebook *When* (GDY / QUANDO)."""
    s = _reveal("empire", "Corellia", row=["TIE Fighter", "X-Wing", "Jawa Scavenger"],
                galaxy_deck=["AT-ST"])
    assert s.players[EMPIRE].base >= 0 and s.name(s.players[EMPIRE].base) == "Corellia"
    assert legal(s) == ["yes", "no"]
    do(s, "yes")
    assert sorted(legal(s)) == sorted([f"select tie-fighter#{s.regions[0].row[0]}",
                                       f"select jawa-scavenger#{s.regions[0].row[2]}"])
    do(s, "select jawa-scavenger")
    assert names(s, s.players[EMPIRE].hand) == ["Jawa Scavenger"]
    assert names(s, s.regions[0].row) == ["TIE Fighter", "X-Wing", "AT-ST"]
    assert s.players[EMPIRE].pool == 0 and not s.waiting


@covers("Kessel")
def test_kessel_reveal_exiles_up_to_three() -> None:
    """original.yaml Kessel: `on: reveal`, exile up to 3 cards from hand and/or discard (FAQ:
    mixing the two piles is allowed)."""
    s = _reveal("empire", "Kessel", empire={"hand": ["Imperial Shuttle", "Stormtrooper"],
                                            "discard": ["Imperial Shuttle", "Inquisitor"]})
    do(s, "yes", sel(s, s.players[EMPIRE].hand, "Imperial Shuttle"))
    do(s, sel(s, s.players[EMPIRE].discard, "Imperial Shuttle"))
    assert "done" in legal(s)
    do(s, "select inquisitor")
    assert not s.waiting
    assert sorted(names(s, s.players[EMPIRE].exile)) == ["Imperial Shuttle", "Imperial Shuttle",
                                                         "Inquisitor"]
    assert names(s, s.players[EMPIRE].hand) == ["Stormtrooper"]


@covers("Kessel")
def test_kessel_reveal_may_stop_early() -> None:
    """original.yaml Kessel: `up_to: true` - 'done' after one card."""
    s = _reveal("empire", "Kessel", empire={"hand": ["Imperial Shuttle", "Stormtrooper"]})
    do(s, "yes", "select imperial-shuttle", "done")
    assert not s.waiting
    assert names(s, s.players[EMPIRE].exile) == ["Imperial Shuttle"]


@covers("Kafrene")
def test_kafrene_first_neutral_card_played_draws() -> None:
    """original.yaml Kafrene: `card_played` with `filter: {faction: neutral}` and
    `first_each_turn`: draw 1. The Outer Rim Pilot is neutral (docs/cards.md)."""
    s = position(empire={"base": "Kafrene", "hand": ["TIE Fighter", "Jawa Scavenger",
                                                     "Outer Rim Pilot"],
                         "deck": ["Imperial Shuttle", "Stormtrooper"]})
    do(s, "play tie-fighter")
    assert not s.waiting, "an Empire card does not trigger it"
    do(s, "play jawa-scavenger")
    assert legal(s) == ["yes", "no"]
    do(s, "yes")
    assert names(s, s.players[EMPIRE].hand) == ["Outer Rim Pilot", "Imperial Shuttle"]
    do(s, "play outer-rim-pilot")
    assert not s.waiting, "only the first neutral card each turn"
    assert names(s, s.players[EMPIRE].hand) == ["Imperial Shuttle"]
    assert names(s, s.players[EMPIRE].deck) == ["Stormtrooper"]


@covers("Mustafar")
def test_mustafar_reveal_gains_four_force() -> None:
    """original.yaml Mustafar: `on: reveal` gain 4 Force. Chosen among the remaining bases at
    the start of the turn (rulebook *Start of turn*)."""
    s = position(phase="start", force=5, empire={"base": None, "base_deck": ["Mustafar", "Kessel"]})
    assert s.current_player == EMPIRE and len(legal(s)) == 2
    do(s, "select mustafar", "yes")
    assert s.force == 1
    assert s.name(s.players[EMPIRE].base) == "Mustafar"
    assert names(s, s.players[EMPIRE].base_deck) == ["Kessel"]


@covers("Ord Mantell")
def test_ord_mantell_hunts_a_neutral_card_for_its_cost() -> None:
    """original.yaml Ord Mantell: `hunt_neutral: 1` - target value = cost, reward = resources
    equal to the cost (docs/cards.md, KLEER's reading). Rulebook *Bounty hunting and sabotage*
    (ELIMINACJA I SABOTAŻ / CACCIA ALLA TAGLIA E SABOTAGGIO)."""
    s = position(empire={"base": "Ord Mantell", "play": ["Stormtrooper"] * 4},
                 row=["Lando Calrissian", "Jawa Scavenger", "X-Wing"], galaxy_deck=["Y-Wing"])
    troopers = list(s.players[EMPIRE].play)
    for c in troopers[:3]:
        do(s, f"commit {c} lando-calrissian")
    do(s, "resolve")
    assert names(s, s.regions[0].discard) == ["Lando Calrissian"]
    assert legal(s) == ["yes", "no"]
    do(s, "yes")
    assert s.players[EMPIRE].pool == 6 and s.force == 3
    assert names(s, s.regions[0].row) == ["Y-Wing", "Jawa Scavenger", "X-Wing"]
    assert not offered(s, f"commit stormtrooper#{troopers[3]} jawa-scavenger"), "one per turn"
    assert offered(s, f"commit stormtrooper#{troopers[3]} y-wing")


@covers("Ord Mantell")
def test_ord_mantell_needs_the_cost_and_only_with_that_base() -> None:
    """original.yaml Ord Mantell: below the cost nothing happens; without the base, neutral row
    cards cannot be bounty hunted (rulebook: only enemy faction units have a target value)."""
    s = position(empire={"play": ["Stormtrooper"]}, row=["Jawa Scavenger"])
    assert not offered(s, "commit stormtrooper jawa-scavenger")
    s = position(empire={"base": "Ord Mantell", "play": ["Stormtrooper"]},
                 row=["Lando Calrissian"], galaxy_deck=["Y-Wing"])
    do(s, "commit stormtrooper lando-calrissian", "resolve")
    assert not s.waiting
    assert names(s, s.regions[0].row) == ["Lando Calrissian"] and s.players[EMPIRE].pool == 0


@covers("Coruscant")
def test_coruscant_looks_at_two_discards_one() -> None:
    """original.yaml Coruscant: `on: turn_start`, `move: {from: galaxy_top2, to:
    galaxy_discard}` - the other card stays on top (docs/cards.md)."""
    s = position(phase="start", empire={"base": "Coruscant"},
                 galaxy_deck=["X-Wing", "TIE Fighter", "Jawa Scavenger"])
    assert s.current_player == EMPIRE and legal(s) == ["yes", "no"]
    do(s, "yes")
    xw, tie = s.regions[0].deck[-1], s.regions[0].deck[-2]
    assert sorted(legal(s)) == sorted([f"select x-wing#{xw}", f"select tie-fighter#{tie}"])
    do(s, "select tie-fighter")
    assert names(s, s.regions[0].discard) == ["TIE Fighter"]
    assert names(s, s.regions[0].deck) == ["Jawa Scavenger", "X-Wing"]
    assert not s.waiting


@covers("Coruscant")
def test_coruscant_discarding_the_top_card() -> None:
    """original.yaml Coruscant: discarding the top card leaves the second one on top."""
    s = position(phase="start", empire={"base": "Coruscant"},
                 galaxy_deck=["X-Wing", "TIE Fighter", "Jawa Scavenger"])
    do(s, "yes", "select x-wing")
    assert names(s, s.regions[0].discard) == ["X-Wing"]
    assert names(s, s.regions[0].deck) == ["Jawa Scavenger", "TIE Fighter"]


@covers("Death Star")
def test_death_star_pays_four_to_destroy_a_capital_ship() -> None:
    """original.yaml Death Star: `pay: 4`, then destroy a capital ship in the opponent's play
    area or any capital ship in the row (docs/cards.md). Rulebook *Destroy* (ZNISZCZ /
    DISTRUGGERE)."""
    s = position(empire={"base": "Death Star", "pool": 5},
                 rebel={"play": [{"card": "Mon Calamari Cruiser", "damage": 1}]},
                 row=["Rebel Transport", "Blockade Runner", "Imperial Carrier", "X-Wing"],
                 galaxy_deck=["Lobot"])
    do(s, "use death-star")
    assert len(legal(s)) == 4 and not any("x-wing" in t for t in legal(s))
    assert s.players[EMPIRE].pool == 1
    do(s, "select mon-calamari-cruiser")
    assert names(s, s.players[REBEL].discard) == ["Mon Calamari Cruiser"]
    assert s.players[REBEL].play == [] and s.damage[s.players[REBEL].discard[0]] == 0
    assert not offered(s, "use death-star"), "once per turn"


@covers("Death Star")
def test_death_star_destroys_row_ship_of_any_faction() -> None:
    """original.yaml Death Star: a row ship goes to the galaxy discard pile; the row refills."""
    s = position(empire={"base": "Death Star", "pool": 4}, row=["Rebel Transport"],
                 galaxy_deck=["Lobot"])
    do(s, "use death-star", "select rebel-transport")
    assert names(s, s.regions[0].discard) == ["Rebel Transport"]
    assert names(s, s.regions[0].row) == ["Lobot"] and s.players[EMPIRE].pool == 0


@covers("Death Star")
def test_death_star_needs_four_resources_and_a_ship() -> None:
    """original.yaml Death Star: `pay` written first - usable only when you can pay, and only
    when there is something to destroy."""
    s = position(empire={"base": "Death Star", "pool": 3}, row=["Rebel Transport"])
    assert not offered(s, "use death-star")
    s = position(empire={"base": "Death Star", "pool": 9}, row=["X-Wing"])
    assert not offered(s, "use death-star")


@covers("Endor")
def test_endor_troopers_and_vehicles_plus_one() -> None:
    """original.yaml Endor: `attack_bonus: {to: {type: unit, traits: [Trooper, Vehicle]}}` while
    it is the current base."""
    s = position(empire={"base": "Endor", "play": ["Stormtrooper", "AT-ST", "TIE Fighter",
                                                   "Gozanti Cruiser"]})
    assert attack(s, EMPIRE, "Stormtrooper") == 3
    assert attack(s, EMPIRE, "AT-ST") == 5
    assert attack(s, EMPIRE, "TIE Fighter") == 2
    assert attack(s, EMPIRE, "Gozanti Cruiser") == 0
    s = position(empire={"play": ["Stormtrooper"]})
    assert attack(s, EMPIRE, "Stormtrooper") == 2


@covers("Rodia")
def test_rodia_discards_rebel_row_cards_one_damage_each() -> None:
    """original.yaml Rodia: `on: reveal`, `move: {from: row, filter: {faction: enemy}, all: true,
    then: [damage_base: {per_moved: 1}]}`. Only the cards in the row at that moment: the Rebel
    card dealt as a replacement stays (docs/cards.md)."""
    s = _reveal("empire", "Rodia", row=["X-Wing", "TIE Fighter", "Y-Wing", "Jawa Scavenger"],
                galaxy_deck=["B-Wing", "AT-ST"])
    do(s, "yes")
    assert sorted(names(s, s.regions[0].discard)) == ["X-Wing", "Y-Wing"]
    assert names(s, s.regions[0].row) == ["B-Wing", "TIE Fighter", "AT-ST", "Jawa Scavenger"]
    assert base_damage(s, REBEL) == 2
    assert not s.waiting


# ============================================================================ Rebel bases


@covers("Mon Cala")
def test_mon_cala_reveal_takes_rebel_or_neutral_row_card() -> None:
    """original.yaml Mon Cala: `on: reveal`, take a Rebel or neutral row card into hand."""
    s = _reveal("rebel", "Mon Cala", row=["TIE Fighter", "X-Wing", "Jawa Scavenger"],
                galaxy_deck=["AT-ST"])
    do(s, "yes")
    assert sorted(legal(s)) == sorted([f"select x-wing#{s.regions[0].row[1]}",
                                       f"select jawa-scavenger#{s.regions[0].row[2]}"])
    do(s, "select x-wing")
    assert names(s, s.players[REBEL].hand) == ["X-Wing"]
    assert names(s, s.regions[0].row) == ["TIE Fighter", "AT-ST", "Jawa Scavenger"]
    assert s.players[REBEL].pool == 0


@covers("Dagobah")
def test_dagobah_reveal_exiles_up_to_three() -> None:
    """original.yaml Dagobah: `on: reveal`, exile up to 3 cards from hand and/or discard."""
    s = _reveal("rebel", "Dagobah", rebel={"hand": ["Alliance Shuttle"],
                                           "discard": ["Rebel Trooper", "Temple Guardian",
                                                       "X-Wing"]})
    do(s, "yes", "select alliance-shuttle", "select rebel-trooper", "select temple-guardian")
    assert not s.waiting
    assert sorted(names(s, s.players[REBEL].exile)) == ["Alliance Shuttle", "Rebel Trooper",
                                                        "Temple Guardian"]
    assert names(s, s.players[REBEL].discard) == ["X-Wing"]


@covers("Bespin")
def test_bespin_first_neutral_card_played_draws() -> None:
    """original.yaml Bespin: like Kafrene - the first neutral card played each turn draws."""
    s = position(active="rebel", rebel={"base": "Bespin",
                                        "hand": ["Outer Rim Pilot", "Lobot", "X-Wing"],
                                        "deck": ["Y-Wing", "Alliance Shuttle"]})
    do(s, "play outer-rim-pilot", "yes")
    assert sorted(names(s, s.players[REBEL].hand)) == ["Lobot", "X-Wing", "Y-Wing"]
    do(s, "play lobot", "no")   # Lobot's own trigger; Bespin does not fire again
    assert not s.waiting
    assert names(s, s.players[REBEL].deck) == ["Alliance Shuttle"]


@covers("Alderaan")
def test_alderaan_reveal_gains_four_force() -> None:
    """original.yaml Alderaan: `on: reveal` gain 4 Force (toward the Rebels)."""
    s = _reveal("rebel", "Alderaan", force=1)
    do(s, "yes")
    assert s.force == 5


@covers("Hoth")
def test_hoth_prevents_exactly_two_damage_each_turn() -> None:
    """original.yaml Hoth: `prevent_damage: 2` - the first 2 damage each turn, over several
    attacks; it starts again the next turn."""
    s = position(empire={"play": ["Star Destroyer", "Stormtrooper"]}, rebel={"base": "Hoth"})
    do(s, "commit stormtrooper base", "resolve")
    assert base_damage(s, REBEL) == 0
    do(s, "commit star-destroyer base", "resolve")
    assert base_damage(s, REBEL) == 4
    do(s, "end", "end")                        # the Rebels' turn, then the Empire's again
    assert s.current_player == EMPIRE
    do(s, "commit star-destroyer base", "resolve")
    assert base_damage(s, REBEL) == 6


@covers("Hoth")
def test_hoth_prevents_ability_damage_too() -> None:
    """original.yaml Hoth: the prevention covers damage of any kind (docs/cards.md), e.g. Rodia
    discarding 3 Rebel cards deals only 1."""
    s = _reveal("empire", "Rodia", rebel={"base": "Hoth"},
                row=["X-Wing", "Y-Wing", "B-Wing"], galaxy_deck=["Lobot", "Dengar", "Bossk"])
    do(s, "yes")
    assert base_damage(s, REBEL) == 1


@covers("Jedha")
def test_jedha_first_neutral_purchase_to_hand_exiled_at_end() -> None:
    """original.yaml Jedha: `buy_to: {to: hand, first_each_turn: true, filter: {faction: neutral},
    exile_at_end: true}`. A Rebel purchase does not use it up; a second neutral purchase goes to
    the discard pile."""
    s = position(active="rebel", rebel={"base": "Jedha", "pool": 10},
                 row=["X-Wing", "Jawa Scavenger", "Kel Dor Mystic"],
                 galaxy_deck=["Z-95 Headhunter", "Snowspeeder", "Y-Wing"])
    do(s, "buy x-wing")
    assert names(s, s.players[REBEL].discard) == ["X-Wing"]
    do(s, "buy jawa-scavenger")
    assert names(s, s.players[REBEL].hand) == ["Jawa Scavenger"]
    do(s, "buy kel-dor-mystic")
    assert names(s, s.players[REBEL].discard) == ["X-Wing", "Kel Dor Mystic"]
    assert s.players[REBEL].pool == 4
    do(s, "play jawa-scavenger")
    assert s.players[REBEL].pool == 6
    do(s, "end")
    p = s.players[REBEL]
    assert names(s, p.exile) == ["Jawa Scavenger"]
    assert sorted(names(s, p.hand + p.deck + p.discard)) == ["Kel Dor Mystic", "X-Wing"]


@covers("Tatooine")
def test_tatooine_reveal_swaps_rebel_card_from_galaxy_discard() -> None:
    """original.yaml Tatooine (hp null, supplied with an override): `on: reveal`, `swap: {a:
    {from: galaxy_discard, filter: {faction: own}}, b: {from: row}}`."""
    s = _reveal("rebel", "Tatooine", overrides={"Tatooine": {"hp": 14}},
                galaxy_discard=["TIE Fighter", "X-Wing"], row=["AT-ST", "Lobot"])
    do(s, "yes")
    xw = inst(s, s.regions[0].discard, "X-Wing")
    assert sorted(legal(s)) == sorted(["done", f"select x-wing#{xw}"])
    do(s, "select x-wing")
    assert len(legal(s)) == 2
    do(s, "select at-st")
    assert names(s, s.regions[0].row) == ["X-Wing", "Lobot"]
    assert sorted(names(s, s.regions[0].discard)) == ["AT-ST", "TIE Fighter"]
    assert not s.waiting


@covers("Sullust")
def test_sullust_first_purchase_only_to_deck_top() -> None:
    """original.yaml Sullust: `buy_to: {to: deck_top, first_each_turn: true}`."""
    s = position(active="rebel", rebel={"base": "Sullust", "pool": 5, "deck": ["Rebel Trooper"]},
                 row=["X-Wing", "Y-Wing"], galaxy_deck=["Lobot", "Dengar"])
    do(s, "buy x-wing")
    assert names(s, s.players[REBEL].deck) == ["Rebel Trooper", "X-Wing"]
    do(s, "buy y-wing")
    assert names(s, s.players[REBEL].discard) == ["Y-Wing"]
    assert names(s, s.players[REBEL].deck) == ["Rebel Trooper", "X-Wing"]


@covers("Yavin IV")
def test_yavin_iv_two_damage_per_opponent_discard() -> None:
    """original.yaml Yavin IV: `on: opponent_discards`, damage_base 2 - every discard, not once
    per turn (RULES FAQ; rulebook *When*, GDY / QUANDO: not limited to once a turn)."""
    s = position(active="rebel", rebel={"base": "Yavin IV",
                                        "play": ["Snowspeeder", "Rebel Commando"]},
                 empire={"hand": ["Stormtrooper", "Imperial Shuttle", "Inquisitor"]})
    do(s, "use snowspeeder", "select stormtrooper")
    assert s.current_player == REBEL and legal(s) == ["yes", "no"]
    do(s, "yes")
    assert base_damage(s, EMPIRE) == 2
    do(s, "use rebel-commando", "select inquisitor", "yes")
    assert base_damage(s, EMPIRE) == 4
    assert len(s.players[EMPIRE].discard) == 2 and not s.waiting


@covers("Yavin IV")
def test_yavin_iv_random_discard_counts_card_on_deck_does_not() -> None:
    """original.yaml Yavin IV: a random discard (Rebel Commando with the Force) is a discard;
    Jyn Erso putting a card from the hand onto the deck is not."""
    s = position(active="rebel", force=4,
                 rebel={"base": "Yavin IV", "play": ["Rebel Commando", "Jyn Erso"]},
                 empire={"hand": ["Stormtrooper", "Imperial Shuttle"]})
    do(s, "use jyn-erso", "done", "select stormtrooper")
    assert not s.waiting and base_damage(s, EMPIRE) == 0
    do(s, "use rebel-commando")
    assert names(s, s.players[EMPIRE].discard) == ["Imperial Shuttle"]
    assert legal(s) == ["yes", "no"]
    do(s, "yes")
    assert base_damage(s, EMPIRE) == 2


@covers("Yavin IV")
def test_yavin_iv_not_for_own_discards() -> None:
    """original.yaml Yavin IV: only the opponent's discards count (here the Rebels discard their
    own card with C-ROC Cruiser)."""
    s = position(active="rebel", rebel={"base": "Yavin IV", "play": ["C-ROC Cruiser"],
                                        "hand": ["Rebel Trooper"]})
    do(s, "use c-roc-cruiser", "select rebel-trooper")
    assert not s.waiting and base_damage(s, EMPIRE) == 0


# ============================================================================ rewards

EMPIRE_TARGETS = {"TIE Fighter", "AT-ST", "Landing Craft", "Director Krennic", "Boba Fett",
                  "AT-AT", "Grand Moff Tarkin", "Darth Vader", "Admiral Piett", "TIE Bomber",
                  "Scout Trooper", "Death Trooper", "TIE Interceptor", "Moff Jerjerrod",
                  "General Veers"}

# card -> (resources, Force) the defeating player gains
REWARD_GAINS: dict[str, tuple[int, int]] = {
    "TIE Fighter": (1, 0), "Landing Craft": (4, 0), "Director Krennic": (3, 2),
    "Boba Fett": (3, 2), "Grand Moff Tarkin": (3, 3), "Darth Vader": (4, 4),
    "Admiral Piett": (0, 1), "Death Trooper": (0, 2), "TIE Interceptor": (3, 0),
    "Moff Jerjerrod": (0, 3), "General Veers": (0, 3),
    "Y-Wing": (1, 0), "Jyn Erso": (0, 3), "U-Wing": (4, 0), "Han Solo": (3, 2),
    "Cassian Andor": (3, 2), "Princess Leia": (3, 3), "Luke Skywalker": (4, 4),
    "Baze Malbus": (0, 1), "Chirrut Imwe": (0, 2), "Rebel Commando": (0, 2), "X-Wing": (3, 0),
    "Chewbacca": (0, 3),
}
# card -> how many cards (up to) the defeating player exiles from hand / discard
REWARD_EXILES: dict[str, int] = {"AT-ST": 2, "TIE Bomber": 1, "Scout Trooper": 1, "B-Wing": 2,
                                 "Snowspeeder": 1, "Duros Spy": 1}
REWARDS_COVERED.update(REWARD_GAINS, REWARD_EXILES)


def _defeat(card: str, **player: Any) -> tuple[Any, int]:
    """The opponent of the card's faction defeats it with four 2-attack starters (8 attack)."""
    side, seat, trooper, force = (("rebel", REBEL, "Rebel Trooper", 1) if card in EMPIRE_TARGETS
                                  else ("empire", EMPIRE, "Stormtrooper", 5))
    s = position(active=side, force=force, row=[card], galaxy_deck=["Lobot"],
                 **{side: {"play": [trooper] * 4, **player}})
    commit_all(s, seat, s.card(s.regions[0].row[0]).slug)
    do(s, "resolve")
    assert names(s, s.regions[0].discard) == [card]
    assert names(s, s.regions[0].row) == ["Lobot"]
    assert s.current_player == seat and legal(s) == ["yes", "no"]
    return s, seat


@pytest.mark.parametrize("card", sorted(REWARD_GAINS))
def test_reward_gain(card: str) -> None:
    """original.yaml `reward` of each faction unit: resources / Force for the player who defeats
    it (target value = cost). Rulebook *Bounty hunting and sabotage* (ELIMINACJA I SABOTAŻ /
    CACCIA ALLA TAGLIA E SABOTAGGIO): the attacker may take the reward."""
    s, seat = _defeat(card)
    before = s.force
    do(s, "yes")
    res, force = REWARD_GAINS[card]
    assert s.players[seat].pool == res
    assert s.force == (before + force if seat == REBEL else before - force)
    assert not s.waiting


@pytest.mark.parametrize("card", sorted(REWARD_EXILES))
def test_reward_exile(card: str) -> None:
    """original.yaml `reward: move {from: [hand, discard], to: exile, count: N, up_to: true}`:
    the defeating player exiles up to N cards, from either pile (FAQ)."""
    n = REWARD_EXILES[card]
    shuttle = "Alliance Shuttle" if card in EMPIRE_TARGETS else "Imperial Shuttle"
    s, seat = _defeat(card, hand=[shuttle], discard=["Outer Rim Pilot"])
    do(s, "yes")
    assert "done" in legal(s) and len(legal(s)) == 3
    do(s, f"select {shuttle.lower().replace(' ', '-')}")
    if n == 2:
        pilot = inst(s, s.players[seat].discard, "Outer Rim Pilot")
        assert sorted(legal(s)) == ["done", f"select outer-rim-pilot#{pilot}"]
        do(s, "select outer-rim-pilot")
    assert not s.waiting
    expect = [shuttle, "Outer Rim Pilot"][:n]
    assert sorted(names(s, s.players[seat].exile)) == sorted(expect)
    assert s.players[seat].pool == 0


def test_reward_can_be_declined() -> None:
    """Rewards are optional (FAQ: NAJCZĘŚCIEJ ZADAWANE PYTANIA / DOMANDE RICORRENTI)."""
    s, seat = _defeat("Darth Vader")
    do(s, "no")
    assert s.players[seat].pool == 0 and s.force == 1 and not s.waiting


def test_sabotage_below_target_value_does_nothing() -> None:
    """Rulebook *Bounty hunting and sabotage*: total attack below the target value - nothing
    happens, the card stays in the row and no reward is offered."""
    s = position(active="rebel", rebel={"play": ["Rebel Trooper"] * 2}, row=["Darth Vader"])
    commit_all(s, REBEL, "darth-vader")
    do(s, "resolve")
    assert names(s, s.regions[0].row) == ["Darth Vader"] and not s.waiting and s.regions[0].discard == []


# ============================================================================ coverage


def _pack_cards() -> list[dict[str, Any]]:
    data = yaml.safe_load(bundled_pack_path("original").read_text(encoding="utf-8"))
    return list(data["cards"])


_CARDS = _pack_cards()
WITH_BEHAVIOUR = sorted(c["name"] for c in _CARDS
                        if any(c.get(k) for k in ("ability", "triggers", "statics", "reward")))
WITH_REWARD = sorted(c["name"] for c in _CARDS if c.get("reward"))


@pytest.mark.parametrize("card", WITH_BEHAVIOUR)
def test_every_card_with_behaviour_has_a_test(card: str) -> None:
    """Every card of original.yaml with an ability, triggers, statics or a reward is covered by
    a test in this module (a new card without a test fails here)."""
    assert card in COVERED, f"no test covers {card!r}"


@pytest.mark.parametrize("card", WITH_REWARD)
def test_every_reward_has_a_test(card: str) -> None:
    """Every `reward` of original.yaml is exercised by a test in this module."""
    assert card in REWARDS_COVERED, f"no test covers the reward of {card!r}"


def test_coverage_lists_are_not_stale() -> None:
    """Names recorded by `covers` all exist in the pack (catches typos)."""
    all_names = {c["name"] for c in _CARDS}
    assert sorted(COVERED - all_names) == []
    assert sorted(REWARDS_COVERED - all_names) == []
    assert len(WITH_BEHAVIOUR) > 60
