"""The rulebooks' rules, worked examples and FAQ answers, as tests.

Seed 000 is the Polish rulebook, seed 003 the Italian one (both the Clone Wars edition,
whose rules the original edition shares except exile). Each test names its section in both.
Clone Wars cards in the examples are replaced by original-edition cards with the same
numbers (the example's values are what is tested).
"""

from __future__ import annotations

import pytest

from dejarik.core.errors import ConfigError, IllegalActionError
from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding.game import DeckbuildingState, IncompletePackError
from dejarik.deckbuilding.rules import attack_of

from .helpers import EMPIRE, REBEL, act, legal, names, scenario


# -- PRZYGOTOWANIE / PREPARAZIONE (setup) ------------------------------------------------------
def test_setup_beginner() -> None:
    """000 PRZYGOTOWANIE / 003 PREPARAZIONE: 5 bases, starting base face up, 10 starter cards,
    90 galaxy cards with 6 in the row, 10 pilots, the Force marker at the second player's end,
    5 cards each; PRZEBIEG GRY / SVOLGIMENTO: the first faction (Empire) moves first."""
    s = DeckbuildingState({}, 3)
    emp, reb = s.players
    assert s.name(emp.base) == "Lothal" and s.name(reb.base) == "Dantooine"
    assert len(emp.base_deck) == 4 and len(reb.base_deck) == 4
    assert sorted(names(s, emp.base_deck)) == ["Corellia", "Coruscant", "Death Star", "Endor"]
    for p in s.players:
        assert len(p.hand) == 5 and len(p.deck) == 5 and p.pool == 0
    assert sorted(names(s, emp.hand + emp.deck)) == sorted(
        ["Imperial Shuttle"] * 7 + ["Stormtrooper"] * 2 + ["Inquisitor"])
    assert len(s.regions[0].row) == 6 and len(s.regions[0].deck) == 84
    assert len(s.regions[0].pilots) == 10
    assert s.force == d.FORCE_END[REBEL] and s.force_with(REBEL)
    assert s.active == EMPIRE and s.turn == 1 and s.current_player == EMPIRE


def test_setup_full_mode_needs_every_base() -> None:
    """000 PEŁNA KONTROLA / 003 GALASSIA COMPLETA: all 10 bases. Tatooine's hp is unknown in our
    sources: the game is refused, naming it, until the user supplies it (nothing is left out
    or filled in silently)."""
    with pytest.raises(IncompletePackError, match="Tatooine: hp unknown"):
        DeckbuildingState({"mode": "full"}, 1)
    t = DeckbuildingState({"mode": "full", "overrides": {"Tatooine": {"hp": 14}}}, 1)
    assert len(t.players[EMPIRE].base_deck) == 9
    assert len(t.players[REBEL].base_deck) == 9
    assert t.bases_to_win == 4


def test_same_seed_same_game() -> None:
    a, b = DeckbuildingState({}, 42), DeckbuildingState({}, 42)
    assert a.state_hash() == b.state_hash()
    assert a.state_hash() != DeckbuildingState({}, 43).state_hash()


@pytest.mark.parametrize("btw", [2, 3, 4, 5])
def test_variable_length_allowed(btw: int) -> None:
    """000 DOSTOSOWANIE DŁUGOŚCI GRY / 003 LUNGHEZZA VARIABILE: 2 to 5 bases to win."""
    assert DeckbuildingState({"bases_to_win": btw}, 1).bases_to_win == btw


@pytest.mark.parametrize("btw", [1, 6, "3"])
def test_variable_length_bounds(btw: object) -> None:
    with pytest.raises(ConfigError, match="bases_to_win"):
        DeckbuildingState({"bases_to_win": btw}, 1)


# -- RÓWNOWAGA MOCY / L'EQUILIBRIO DELLA FORZA ---------------------------------------------------
def test_force_with_you_spaces() -> None:
    """000 RÓWNOWAGA MOCY / 003 EQUILIBRIO: three spaces each side, the middle is neutral."""
    for pos, empire, rebel in [(0, True, False), (2, True, False), (3, False, False),
                               (4, False, True), (6, False, True)]:
        s = scenario(force=pos)
        assert (s.force_with(EMPIRE), s.force_with(REBEL)) == (empire, rebel)


def test_play_card_moves_force_worked_example() -> None:
    """000 ZAGRANIE KARTY / 003 GIOCARE UNA CARTA, worked example: a unit with 2 Force moves the
    marker 2 spaces toward its player (Asajj Ventress; here Grand Moff Tarkin, also Force 2)."""
    s = scenario(force=6, empire={"hand": ["Grand Moff Tarkin"]})
    act(s, "play grand-moff-tarkin")
    assert s.force == 4
    assert s.players[EMPIRE].pool == 2  # and its 2 resources at once


def test_force_marker_stops_at_the_end() -> None:
    s = scenario(force=1, empire={"hand": ["Grand Moff Tarkin"]})
    act(s, "play grand-moff-tarkin")
    assert s.force == 0


def test_force_bonus_at_start_of_turn() -> None:
    """000 POCZĄTEK TURY / 003 INIZIO DEL TURNO: marker on your last space: +1 resource."""
    s = scenario(force=0, phase="start")
    assert s.players[EMPIRE].pool == 1
    s = scenario(force=1, phase="start")
    assert s.players[EMPIRE].pool == 0


def test_capital_ship_resources_at_start_of_turn() -> None:
    """000 POCZĄTEK TURY / 003 INIZIO DEL TURNO: resources from each capital ship in play."""
    s = scenario(phase="start", force=3,
                 empire={"play": ["Gozanti Cruiser", "Imperial Carrier"]})
    assert s.players[EMPIRE].pool == 2 + 3


def test_new_base_chosen_at_start_of_turn() -> None:
    """000 POCZĄTEK TURY / 003 INIZIO DEL TURNO: without a base, choose one of those left and
    reveal it ("when revealed" resolves)."""
    s = scenario(phase="start", force=3,
                 empire={"base": None, "base_deck": ["Corellia", "Endor"]},
                 rebel={"victory": ["Lothal"]}, row=["TIE Fighter"])
    assert s.waiting and s.current_player == EMPIRE
    assert sorted(legal(s)) == sorted([f"select corellia#{i}" for i in [0, 1]
                                       if s.name(i) == "Corellia"] +
                                      [f"select endor#{i}" for i in [0, 1] if s.name(i) == "Endor"])
    act(s, "select corellia")
    assert s.name(s.players[EMPIRE].base) == "Corellia"
    act(s, "yes", "select tie-fighter")  # Corellia: take an Empire/neutral row card into hand
    assert names(s, s.players[EMPIRE].hand) == ["TIE Fighter"]


# -- ZAKUP KARTY / ACQUISTARE UNA CARTA --------------------------------------------------------
def test_purchase_rules() -> None:
    """000 ZAKUP KARTY / 003 ACQUISTARE: your faction or neutral only; pay the cost; the card goes
    on top of your discard pile; the row is refilled at once from the galaxy deck."""
    s = scenario(empire={"pool": 5}, row=["TIE Fighter", "X-Wing", "Jawa Scavenger"],
                 galaxy_deck=["Lobot"])
    opts = legal(s)
    assert any(o.startswith("buy tie-fighter") for o in opts)
    assert any(o.startswith("buy jawa-scavenger") for o in opts)
    assert not any(o.startswith("buy x-wing") for o in opts)  # an enemy card
    act(s, "buy tie-fighter")
    assert s.players[EMPIRE].pool == 4
    assert names(s, s.players[EMPIRE].discard) == ["TIE Fighter"]
    assert names(s, s.regions[0].row) == ["Lobot", "X-Wing", "Jawa Scavenger"]  # refilled in place
    with pytest.raises(IllegalActionError):
        s.apply((d.BUY, s.regions[0].row[1], d.Z_ROW))


def test_purchase_needs_enough_resources() -> None:
    s = scenario(empire={"pool": 2}, row=["Director Krennic"])
    assert not any(o.startswith("buy director-krennic") for o in legal(s))


def test_outer_rim_pilot_stack() -> None:
    """000 ZAKUP KARTY / 003 ACQUISTARE: the pilot stack can be bought from by either player."""
    s = scenario(empire={"pool": 2}, pilots=3)
    act(s, "buy outer-rim-pilot")
    assert len(s.regions[0].pilots) == 2 and names(s, s.players[EMPIRE].discard) == ["Outer Rim Pilot"]


# -- UŻYCIE ZDOLNOŚCI / USARE LA CAPACITÀ --------------------------------------------------------
def test_ability_once_per_turn_and_same_turn_as_played() -> None:
    """000 UŻYCIE ZDOLNOŚCI KARTY / 003 USARE LA CAPACITÀ: usable the turn it is played, once per
    turn; the next turn it is ready again (ships stay in play)."""
    s = scenario(empire={"hand": ["Gozanti Cruiser", "Stormtrooper"], "deck": ["Inquisitor"] * 6})
    act(s, "play gozanti-cruiser")
    assert any(o.startswith("use gozanti-cruiser") for o in legal(s))
    act(s, "use gozanti-cruiser", "select stormtrooper")
    assert names(s, s.players[EMPIRE].hand) == ["Inquisitor"]
    assert not any(o.startswith("use gozanti-cruiser") for o in legal(s))
    act(s, "end", "end")  # the Rebels pass their turn
    assert any(o.startswith("use gozanti-cruiser") for o in legal(s))


def test_repair_as_much_as_possible_example() -> None:
    """000 ZDOLNOŚCI / 003 CAPACITÀ example: repair 3 with only 2 damage repairs those 2."""
    s = scenario(empire={"hand": ["Landing Craft"], "base": {"card": "Lothal", "damage": 2}})
    act(s, "play landing-craft", "use landing-craft", "option 2")
    assert s.damage[s.players[EMPIRE].base] == 0


def test_abilities_are_optional_faq() -> None:
    """000 FAQ 'Czy muszę użyć zdolności' / 003 FAQ 'Sono obbligato': abilities are optional; a
    card's ability need not be used right after it is played (FAQ 2)."""
    s = scenario(empire={"hand": ["General Veers", "Stormtrooper"], "deck": ["Inquisitor"]})
    act(s, "play general-veers", "play stormtrooper")
    assert any(o.startswith("use general-veers") for o in legal(s))
    act(s, "end")  # never used: that is allowed
    assert s.active == REBEL


def test_must_play_no_card_faq() -> None:
    """000 FAQ 1 / 003 FAQ 1: you need not play every card; unplayed cards are discarded."""
    s = scenario(empire={"hand": ["TIE Fighter", "Stormtrooper"], "deck": ["Inquisitor"] * 5})
    act(s, "play stormtrooper", "end")
    assert sorted(names(s, s.players[EMPIRE].discard)) == ["Stormtrooper", "TIE Fighter"]


def test_choose_offers_only_resolvable_options() -> None:
    """000 WYBIERZ / 003 SCEGLIERE: you must pick an option you can resolve (Duros Spy: with the
    marker all the way on the Rebel side, the Empire must discard)."""
    s = scenario(active="rebel", force=6, rebel={"hand": ["Duros Spy"]},
                 empire={"hand": ["Stormtrooper"]})
    act(s, "play duros-spy", "use duros-spy")
    assert s.current_player == EMPIRE
    assert legal(s) == [f"select stormtrooper#{s.players[EMPIRE].hand[0]}"]


# -- ATAK / RISOLVERE UN ATTACCO ----------------------------------------------------------------
def test_attack_base_destroys_ships_first() -> None:
    """000 Atak na bazę przeciwnika / 003 Attaccare una Base: every capital ship must be destroyed
    before the base takes damage; ship damage stays."""
    s = scenario(empire={"hand": ["Darth Vader"]},
                 rebel={"play": [{"card": "Mon Calamari Cruiser", "damage": 2}]})
    act(s, "play darth-vader", "commit darth-vader base", "resolve")
    # Vader attacks 6 (the Force is with the Rebels): 4 destroys the cruiser, 2 reach the base
    assert names(s, s.players[REBEL].discard) == ["Mon Calamari Cruiser"]
    assert s.damage[s.players[REBEL].base] == 2


def test_attack_not_enough_for_ships() -> None:
    s = scenario(empire={"hand": ["Stormtrooper"]},
                 rebel={"play": ["Mon Calamari Cruiser"]})
    act(s, "play stormtrooper", "commit stormtrooper base", "resolve")
    cruiser = s.players[REBEL].play[0]
    assert s.damage[cruiser] == 2 and s.damage[s.players[REBEL].base] == 0


def test_attacker_distributes_damage_among_ships() -> None:
    """000/003 ibid.: with several ships and not enough damage, the attacker distributes it."""
    s = scenario(empire={"hand": ["Darth Vader"]},
                 rebel={"play": ["Mon Calamari Cruiser", "Hammerhead Corvette"]})
    act(s, "play darth-vader", "commit darth-vader base", "resolve")
    assert s.waiting and s.current_player == EMPIRE
    assert any(o.startswith("assign 4 hammerhead-corvette") for o in legal(s))
    act(s, "assign 4 hammerhead-corvette")  # the last 2 can only go to the cruiser
    assert not s.waiting
    assert names(s, s.players[REBEL].discard) == ["Hammerhead Corvette"]
    assert s.damage[s.players[REBEL].play[0]] == 2


def test_destroyed_base_excess_damage_lost() -> None:
    """000/003 ibid.: a destroyed base goes to the attacker's victory pile, its damage tokens
    return, and excess damage is lost (it is not dealt to the next base)."""
    s = scenario(empire={"hand": ["Darth Vader"]},
                 rebel={"base": {"card": "Dantooine", "damage": 5}, "base_deck": ["Mon Cala"]})
    act(s, "play darth-vader", "commit darth-vader base", "resolve")
    assert names(s, s.players[EMPIRE].victory) == ["Dantooine"]
    assert s.players[REBEL].base == -1
    assert all(x == 0 for x in s.damage)
    act(s, "end")
    assert s.name(s.players[REBEL].base) == "Mon Cala"  # the only one left: revealed
    assert s.damage[s.players[REBEL].base] == 0


def test_card_attacks_once_per_turn() -> None:
    """000 WYZNACZENIE DO ATAKU / 003 INVESTIRE: each card in play joins one attack a turn."""
    s = scenario(empire={"hand": ["Stormtrooper"]})
    act(s, "play stormtrooper", "commit stormtrooper base", "resolve")
    assert not any(o.startswith("commit") for o in legal(s))


def test_attack_destroyed_base_to_hit_ships_faq() -> None:
    """000 FAQ 'zniszczyłem bazę dzięki zdolności' / 003 FAQ: you may still attack the base after
    an ability destroyed it, to damage ships; damage meant for the base is lost."""
    s = scenario(active="rebel", rebel={"hand": ["Y-Wing", "Rebel Trooper"]},
                 empire={"base": {"card": "Lothal", "damage": 6},
                         "play": ["Gozanti Cruiser"]})
    act(s, "play y-wing", "play rebel-trooper", "use y-wing")
    assert s.players[EMPIRE].base == -1  # Y-Wing's 2 damage went to the base past the ship
    act(s, "commit rebel-trooper base", "resolve")
    assert s.damage[s.players[EMPIRE].play[0]] == 2


def test_victory_is_immediate() -> None:
    """000 ZWYCIĘSTWO / 003 VINCERE: the game ends at once with the N-th base; nothing more."""
    s = scenario(bases_to_win=2, empire={"hand": ["Darth Vader", "TIE Fighter"],
                                         "victory": ["Mon Cala"]},
                 rebel={"base": {"card": "Dantooine", "damage": 7}})
    act(s, "play darth-vader", "commit darth-vader base", "resolve")
    assert s.is_terminal() and s.winner() == EMPIRE and s.returns() == [1.0, -1.0]
    assert s.legal_actions() == [] and s.current_player == -1
    with pytest.raises(IllegalActionError):
        s.apply((d.END, 0, 0))


# -- ELIMINACJA I SABOTAŻ / CACCIA ALLA TAGLIA E SABOTAGGIO ------------------------------------
def test_sabotage_worked_example() -> None:
    """000 Eliminacja i sabotaż / 003 Caccia alla Taglia e Sabotaggio, worked example: two units
    attacking for 6 beat a target value of 5 (Admiral Trench; here Director Krennic, 5 with the
    same reward); it goes to the galaxy discard pile, the row refills, and the optional reward
    gives 3 resources and 2 Force."""
    s = scenario(active="rebel", force=3, rebel={"hand": ["X-Wing", "Rebel Commando"]},
                 row=["Director Krennic"], galaxy_deck=["Lobot"])
    act(s, "play x-wing", "play rebel-commando",
        "commit x-wing director-krennic", "commit rebel-commando director-krennic", "resolve")
    assert names(s, s.regions[0].discard) == ["Director Krennic"]
    assert names(s, s.regions[0].row) == ["Lobot"]
    assert legal(s) == ["yes", "no"]  # the reward is optional (FAQ)
    act(s, "yes")
    assert s.players[REBEL].pool == 3 and s.force == 5


def test_reward_optional_faq() -> None:
    """000 FAQ 'Czy muszę rozpatrzyć nagrodę' / 003 FAQ: rewards are optional."""
    s = scenario(active="rebel", force=3, rebel={"hand": ["B-Wing"]}, row=["Director Krennic"])
    act(s, "play b-wing", "commit b-wing director-krennic", "resolve", "no")
    assert s.players[REBEL].pool == 0 and s.force == 3


def test_hunting_needs_target_value_and_units_only() -> None:
    """000/003 ibid.: below the target value nothing happens (no damage is placed); capital ships
    cannot hunt; neutral cards are not targets."""
    s = scenario(active="rebel", rebel={"hand": ["X-Wing"], "play": ["Mon Calamari Cruiser"]},
                 row=["Director Krennic", "Lobot"])
    opts = legal(s)
    assert not any(o.startswith("commit mon-calamari-cruiser director") for o in opts)
    act(s, "play x-wing")
    assert not any("lobot" in o for o in legal(s) if o.startswith("commit"))
    act(s, "commit x-wing director-krennic", "resolve")
    assert names(s, s.regions[0].row) == ["Director Krennic", "Lobot"]
    assert all(x == 0 for x in s.damage)


def test_reward_resolves_before_when_abilities() -> None:
    """000 GDY / 003 QUANDO: when a 'when' ability conflicts with a reward, the reward first
    (Boba Fett draws only after the reward is settled)."""
    s = scenario(empire={"hand": ["Boba Fett"], "deck": ["Stormtrooper"]}, row=["X-Wing"])
    act(s, "play boba-fett", "commit boba-fett x-wing", "resolve")
    assert legal(s) == ["yes", "no"]  # the reward first: X-Wing gives 3 resources
    act(s, "yes")
    assert s.players[EMPIRE].pool == 3 and s.players[EMPIRE].hand == []
    act(s, "yes")  # then Boba Fett's draw
    assert names(s, s.players[EMPIRE].hand) == ["Stormtrooper"]


def test_when_abilities_not_once_per_turn() -> None:
    """000 GDY / 003 QUANDO: triggered abilities fire every time (Yavin IV on each discard)."""
    s = scenario(active="rebel", rebel={"hand": ["Snowspeeder", "Rebel Commando"],
                                        "base": "Yavin IV"},
                 empire={"hand": ["Stormtrooper", "Inquisitor"]}, force=3)
    act(s, "play snowspeeder", "use snowspeeder", "select stormtrooper", "yes")
    act(s, "play rebel-commando", "use rebel-commando", "select inquisitor", "yes")
    assert s.damage[s.players[EMPIRE].base] == 4


# -- ZAKOŃCZENIE TURY / FINIRE IL TURNO --------------------------------------------------------
def test_end_of_turn_order() -> None:
    """000 ZAKOŃCZENIE TURY / 003 FINIRE IL TURNO: units in play are discarded, ships stay, the
    hand is discarded, unspent resources return, five cards are drawn."""
    s = scenario(empire={"hand": ["Stormtrooper", "Gozanti Cruiser", "TIE Fighter"],
                         "deck": ["Imperial Shuttle"] * 6, "pool": 4})
    act(s, "play stormtrooper", "play gozanti-cruiser", "end")
    emp = s.players[EMPIRE]
    assert names(s, emp.play) == ["Gozanti Cruiser"]
    assert sorted(names(s, emp.discard)) == ["Stormtrooper", "TIE Fighter"]
    assert emp.pool == 0 and len(emp.hand) == 5 and len(emp.deck) == 1


def test_end_of_turn_draw_worked_example() -> None:
    """000/003 ibid., worked example: with 3 cards left, draw them, shuffle the discard pile into
    a new deck, draw the other 2."""
    s = scenario(empire={"deck": ["TIE Fighter", "TIE Bomber", "AT-ST"],
                         "discard": ["Stormtrooper"] * 4})
    act(s, "end")
    emp = s.players[EMPIRE]
    hand = names(s, emp.hand)
    assert hand[:3] == ["TIE Fighter", "TIE Bomber", "AT-ST"]
    assert hand[3:] == ["Stormtrooper", "Stormtrooper"]
    assert len(emp.deck) == 2 and emp.discard == []


def test_empty_deck_not_reshuffled_until_needed() -> None:
    """000 WYCZERPANA TALIA / 003 MAZZO VUOTO: an empty deck waits until a card is needed."""
    s = scenario(empire={"hand": ["Stormtrooper"], "deck": [] , "discard": ["Inquisitor"]},
                 galaxy_deck=[], galaxy_discard=["Lobot"], row=["TIE Fighter"])
    assert s.players[EMPIRE].discard and s.regions[0].discard  # nothing shuffled yet
    s.players[EMPIRE].pool = 1
    act(s, "buy tie-fighter")  # the row needs a card now
    assert names(s, s.regions[0].row) == ["Lobot"] and s.regions[0].discard == []


# -- ANIHILUJ / ESILIARE -----------------------------------------------------------------------
def test_self_exiling_card_gives_its_values_first() -> None:
    """000 ANIHILUJ / 003 ESILIARE: a card that exiles itself gives its resources first; the
    original edition: an exiled card leaves the game (it is not in the discard pile)."""
    s = scenario(force=3, empire={"hand": ["Outer Rim Pilot"]}, pilots=0)
    act(s, "play outer-rim-pilot", "use outer-rim-pilot")
    emp = s.players[EMPIRE]
    assert emp.pool == 2 and s.force == 2
    assert names(s, emp.exile) == ["Outer Rim Pilot"] and emp.play == [] and emp.discard == []


def test_exile_from_hand_cannot_be_played() -> None:
    """000/003 ibid.: a card exiled from hand cannot be played that turn."""
    s = scenario(empire={"hand": ["Kel Dor Mystic", "TIE Fighter"]})
    act(s, "play kel-dor-mystic", "use kel-dor-mystic", "select tie-fighter")
    assert not any(o.startswith("play tie-fighter") for o in legal(s))


def test_exile_two_from_both_zones_faq() -> None:
    """000 FAQ 'anihilować 2 karty z ręki albo ze stosu' / 003 FAQ: any mix of hand and discard
    (B-Wing's reward)."""
    s = scenario(force=3, empire={"hand": ["Darth Vader", "Imperial Shuttle"],
                                  "discard": ["Inquisitor"]}, row=["B-Wing"])
    act(s, "play darth-vader", "commit darth-vader b-wing", "resolve", "yes",
        "select imperial-shuttle", "select inquisitor")
    assert sorted(names(s, s.players[EMPIRE].exile)) == ["Imperial Shuttle", "Inquisitor"]


def test_exile_with_nothing_else_to_resolve_faq() -> None:
    """000 FAQ 'Tri-Fighter' / 003 FAQ 'Tri-Caccia': an ability may be used as far as it goes even
    when its later part cannot resolve (Hammerhead Corvette with no ship to destroy)."""
    s = scenario(active="rebel", rebel={"play": ["Hammerhead Corvette"]})
    act(s, "use hammerhead-corvette")
    assert names(s, s.players[REBEL].exile) == ["Hammerhead Corvette"]


# -- other keywords ----------------------------------------------------------------------------
def test_deal_damage_ignores_capital_ships() -> None:
    """000 ZADAJ OBRAŻENIA / 003 INFLIGGERE DANNI: dealt damage goes straight to the base."""
    s = scenario(active="rebel", rebel={"hand": ["Y-Wing"]},
                 empire={"play": ["Star Destroyer"]})
    act(s, "play y-wing", "use y-wing")
    assert s.damage[s.players[EMPIRE].base] == 2 and s.damage[s.players[EMPIRE].play[0]] == 0


def test_destroy_goes_to_the_right_discard() -> None:
    """000 ZNISZCZ / 003 DISTRUGGERE: a ship destroyed in play goes to its owner's discard pile;
    one in the galaxy row to the galaxy discard pile."""
    s = scenario(active="rebel", rebel={"play": ["Hammerhead Corvette"]},
                 empire={"play": [{"card": "Star Destroyer", "damage": 3}]}, row=["Imperial Carrier"])
    act(s, "use hammerhead-corvette", "select star-destroyer")
    assert names(s, s.players[EMPIRE].discard) == ["Star Destroyer"]
    assert all(x == 0 for x in s.damage)
    s = scenario(active="rebel", rebel={"play": ["Hammerhead Corvette"]}, row=["Imperial Carrier"])
    act(s, "use hammerhead-corvette", "select imperial-carrier")
    assert names(s, s.regions[0].discard) == ["Imperial Carrier"]


def test_discard_from_row_gives_no_reward() -> None:
    """000 ODRZUĆ / 003 SCARTARE: discarding a row card by an ability gives no reward."""
    s = scenario(force=3, empire={"hand": ["TIE Bomber"]}, row=["X-Wing"], galaxy_deck=["Lobot"])
    act(s, "play tie-bomber", "use tie-bomber", "select x-wing")
    assert names(s, s.regions[0].discard) == ["X-Wing"] and not s.waiting
    assert s.players[EMPIRE].pool == 0


def test_discard_from_opponent_hand_goes_to_their_pile() -> None:
    """000 ODRZUĆ / 003 SCARTARE: a card discarded from the opponent's hand goes to their pile,
    and the opponent chooses which unless the ability says random."""
    s = scenario(active="rebel", rebel={"hand": ["Snowspeeder"]},
                 empire={"hand": ["Stormtrooper", "TIE Fighter"]})
    act(s, "play snowspeeder", "use snowspeeder")
    assert s.current_player == EMPIRE
    act(s, "select tie-fighter")
    assert names(s, s.players[EMPIRE].discard) == ["TIE Fighter"]
    assert s.current_player == REBEL


def test_reveal_puts_card_back() -> None:
    """000 ODKRYJ / 003 RIVELARE: a revealed card goes back on top unless told to discard it."""
    s = scenario(force=3, empire={"hand": ["Scout Trooper"]}, galaxy_deck=["Lobot", "X-Wing"])
    act(s, "play scout-trooper", "use scout-trooper")
    assert names(s, s.regions[0].deck) == ["X-Wing", "Lobot"]  # top is last: Lobot still on top


def test_while_ends_when_card_leaves_play() -> None:
    """000 DOPÓKI / 003 MENTRE: a constant ability lasts while its card is in play."""
    s = scenario(active="rebel", rebel={"hand": ["Luke Skywalker"]}, force=6,
                 empire={"hand": ["TIE Fighter"], "play": ["Imperial Carrier"]})
    s2 = scenario(empire={"hand": ["TIE Fighter"], "play": ["Imperial Carrier"]})
    act(s2, "play tie-fighter")
    assert attack_of(s2, s2.players[EMPIRE].play[1], EMPIRE) == 3
    act(s, "play luke-skywalker", "use luke-skywalker", "select imperial-carrier")
    s.players[EMPIRE].play.append(s.players[EMPIRE].hand.pop())
    assert attack_of(s, s.players[EMPIRE].play[0], EMPIRE) == 2


def test_bribing_neutrals() -> None:
    """000 SPŁACANIE KART NEUTRALNYCH / 003 CORROMPERE: optional rule; pay a neutral row card's
    cost to discard it; not offered without the rule."""
    row = ["Jawa Scavenger", "X-Wing"]
    s = scenario(empire={"pool": 1}, row=row)
    assert not any(o.startswith("bribe") for o in legal(s))
    s = scenario(bribing=True, empire={"pool": 1}, row=row, galaxy_deck=["Lobot"])
    assert [o for o in legal(s) if o.startswith("bribe")] == [f"bribe jawa-scavenger#{s.regions[0].row[0]}"]
    act(s, "bribe jawa-scavenger")
    assert names(s, s.regions[0].discard) == ["Jawa Scavenger"] and s.players[EMPIRE].pool == 0
    assert names(s, s.players[EMPIRE].discard) == []


def test_piles_are_public_faq() -> None:
    """000 FAQ 'przeglądać stosy' / 003 FAQ: all discard and exile piles are open information and
    discard piles keep their order; the opponent's hand and deck order are hidden."""
    s = scenario(empire={"hand": ["TIE Fighter"], "discard": ["AT-ST", "Stormtrooper"],
                         "exile": ["Inquisitor"], "deck": ["Lobot"]},
                 rebel={"hand": ["X-Wing"], "discard": ["Y-Wing"]})
    obs = s.observation(REBEL)
    emp = obs["players"][EMPIRE]
    assert [x.split("#")[0] for x in emp["discard"]] == ["stormtrooper", "at-st"]  # bottom first
    assert [x.split("#")[0] for x in emp["exile"]] == ["inquisitor"]
    assert emp["hand"] == 1 and emp["deck"] == 1
    assert obs["players"][REBEL]["hand"] == [f"x-wing#{s.players[REBEL].hand[0]}"]
