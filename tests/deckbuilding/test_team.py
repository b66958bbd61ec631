"""The 2v2 team game, rule by rule, from seed 002 (shared/seeds/002_a51b1fce6965e37a.txt,
Polish). Each test names the seed's line(s) it checks: the rules (lines 13-84), the FAQ
(lines 90-95) and the card table (lines 216-258).

Seats: empire-1 = 0, rebel-1 = 1 (region 1), empire-2 = 2, rebel-2 = 3 (region 2); a seat's
opponent in its region is seat ^ 1, its teammate seat ^ 2.
"""

from __future__ import annotations

from typing import Any

import pytest

from dejarik.core.errors import IllegalActionError
from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding.game import DeckbuildingState, IncompletePackError
from dejarik.deckbuilding.invariants import check_invariants
from dejarik.deckbuilding.scenario import load_scenario

from .conftest import attack, base_damage, commit_all, do, inst, legal, names, offered

E1, R1, E2, R2 = 0, 1, 2, 3
KEYS = ("empire-1", "rebel-1", "empire-2", "rebel-2")
STARTING = {"empire": "Lothal", "rebel": "Dantooine"}  # hp 8 each
TATOOINE = {"Tatooine": {"hp": 14}}  # a stand-in: no source settles Tatooine's hp


def team(active: str = "empire-1", force: int = 3, regions: list[dict[str, Any]] | None = None,
         e1: dict[str, Any] | None = None, r1: dict[str, Any] | None = None,
         e2: dict[str, Any] | None = None, r2: dict[str, Any] | None = None,
         **top: Any) -> DeckbuildingState:
    """A team-game scenario: every player on their starting base, no pilots, Force in the middle."""
    players: dict[str, Any] = {}
    for key, raw in zip(KEYS, (e1, r1, e2, r2), strict=True):
        p = dict(raw or {})
        p.setdefault("base", STARTING[key.split("-")[0]])
        players[key] = p
    regs = [dict(r) for r in (regions or [{}, {}])]
    for r in regs:
        r.setdefault("pilots", 0)
    data = {"team": True, "active": active, "force": force, "players": players, "regions": regs,
            "seed": 1, **top}
    s = load_scenario(data)
    assert check_invariants(s) == []
    return s


def picks(s: DeckbuildingState) -> set[int]:
    """The cards a pending `select` may pick."""
    return {a[1] for a in s.legal_actions() if a[0] == d.SELECT}


def accept(s: DeckbuildingState) -> None:
    """Say yes to optional triggers until some other decision comes."""
    while s.waiting and "yes" in legal(s):
        do(s, "yes")


def hand(s: DeckbuildingState, seat: int) -> list[str]:
    return sorted(names(s, s.players[seat].hand))


# -- setup (lines 13-18) --------------------------------------------------------------------------
def test_setup_regions_decks_bases_and_force() -> None:
    """Seed 002 lines 15-18: one Force track; two regions, each with its own galaxy deck, row
    and Outer Rim pilots; every player their own deck and base deck; the first team drawn,
    and the second team starts with the Force marker at its end of the track."""
    firsts = set()
    for seed in range(12):
        s = DeckbuildingState({"team": True}, seed)
        assert s.num_players == 4 and len(s.regions) == 2
        assert [p.faction for p in s.players] == ["empire", "rebel", "empire", "rebel"]
        for r in s.regions:
            assert len(r.row) == 6 and len(r.pilots) == 10
            assert len(r.deck) + len(r.row) == 90
        assert not set(s.regions[0].deck) & set(s.regions[1].deck)
        for p in s.players:
            assert len(p.hand) == 5 and len(p.deck) == 5 and p.base >= 0 and len(p.base_deck) == 4
        assert s.force == (6 if s.first == 0 else 0)  # the second side's end
        assert s.active == s.first
        firsts.add(s.first)
    assert firsts == {0, 1}, "the first team is drawn at random"


def test_setup_first_team_can_be_fixed_and_defaults_to_random() -> None:
    """Seed 002 line 18 (the first team is drawn): `first` defaults to random in the team game."""
    assert DeckbuildingState({"team": True}, 0).config["first"] is None
    assert DeckbuildingState({"team": True, "first": 1}, 0).first == 1


# -- cooperation (lines 29-35) ----------------------------------------------------------------------
def test_you_means_your_team_veers_with_allys_stormtrooper() -> None:
    """Seed 002 line 31 (and card table line 227): with a Stormtrooper in play, the teammate's
    General Veers draws, since 'if you have' reads 'if your team has'."""
    s = team(e1={"play": ["Stormtrooper"]}, e2={"hand": ["General Veers"], "deck": ["TIE Fighter"]},
             active="empire-2")
    do(s, "play general-veers", "use general-veers")
    assert hand(s, E2) == ["TIE Fighter"]


def test_passive_base_abilities_reach_both_teammates_endor_twice() -> None:
    """Seed 002 line 33 and card table line 225: Endor boosts the Troopers and Vehicles of both
    teammates; with Endor as both players' base they get +2."""
    s = team(e1={"base": "Endor", "play": ["Stormtrooper"]}, e2={"play": ["AT-ST"]})
    assert attack(s, E1, "Stormtrooper") == 3 and attack(s, E2, "AT-ST") == 5
    s = team(e1={"base": "Endor", "play": ["Stormtrooper"]}, e2={"base": "Endor", "play": ["AT-ST"]})
    assert attack(s, E1, "Stormtrooper") == 4 and attack(s, E2, "AT-ST") == 6


def test_active_base_ability_usable_by_either_teammate_death_star() -> None:
    """Seed 002 line 33 and card table line 228: the Death Star may be used by either
    teammate, once a turn; with two Death Stars, twice, each by either player."""
    s = team(e1={"base": "Death Star", "pool": 4}, e2={"pool": 8},
             r1={"play": ["Hammerhead Corvette"]}, r2={"play": ["Mon Calamari Cruiser", "Rebel Transport"]},
             active="empire-2")
    ds = s.players[E1].base
    assert offered(s, f"use death-star#{ds}")
    do(s, f"use death-star#{ds}")
    # the ships of both enemies are in their shared zone, reachable from either region
    assert len(picks(s)) == 3
    do(s, f"select {inst(s, s.players[R1].play, 'Hammerhead Corvette')}")
    assert names(s, s.players[R1].discard) == ["Hammerhead Corvette"] and s.players[E2].pool == 4
    assert not offered(s, f"use death-star#{ds}"), "once a turn"
    s = team(e1={"base": "Death Star", "pool": 4}, e2={"base": "Death Star", "pool": 8},
             r2={"play": ["Mon Calamari Cruiser", "Rebel Transport"]}, active="empire-2")
    for seat in (E1, E2):
        do(s, f"use death-star#{s.players[seat].base}",
           f"select {s.players[R2].play[0]}")
    assert s.players[R2].play == [] and s.players[E2].pool == 0


def test_exile_never_touches_the_teammates_cards_kel_dor() -> None:
    """Seed 002 line 35 ('Wyjątek!') and card table line 237: Kel Dor Mystic exiles only its
    own player's cards."""
    s = team(r1={"hand": ["Kel Dor Mystic", "Rebel Trooper"], "discard": ["Alliance Shuttle"]},
             r2={"hand": ["Temple Guardian"], "discard": ["Rebel Trooper"]}, active="rebel-1")
    do(s, "play kel-dor-mystic", "use kel-dor-mystic")
    assert picks(s) == {*s.players[R1].hand, *s.players[R1].discard}


def test_exiling_abilities_of_shared_cards_stay_with_their_owner() -> None:
    """Seed 002 line 35 and line 50: the teammate may use a capital ship in the shared zone,
    but not one whose ability exiles (the Hammerhead Corvette exiles itself)."""
    s = team(r1={"play": ["Hammerhead Corvette", "Rebel Transport"]}, e1={"play": ["Gozanti Cruiser"]},
             active="rebel-2", first="rebel")
    assert not offered(s, "use hammerhead-corvette")
    assert offered(s, "use rebel-transport")


# -- regions (lines 42-44) ---------------------------------------------------------------------------
def test_regions_buy_only_from_your_own_row() -> None:
    """Seed 002 lines 42 and 69: a player buys only from their region's galaxy row."""
    s = team(e1={"pool": 9}, regions=[{"row": ["TIE Fighter"]}, {"row": ["AT-AT"]}])
    buys = [t for t in legal(s) if t.startswith("buy")]
    assert buys == [f"buy tie-fighter#{s.regions[0].row[0]}"]
    do(s, "buy tie-fighter")
    assert names(s, s.players[E1].discard) == ["TIE Fighter"] and names(s, s.regions[1].row) == ["AT-AT"]


def test_regions_abilities_reach_only_your_own_row() -> None:
    """Seed 002 line 44: an ability aimed at the galaxy row reaches only your region's."""
    s = team(e2={"hand": ["AT-ST"]}, active="empire-2",
             regions=[{"row": ["X-Wing"]}, {"row": ["Y-Wing", "Jawa Scavenger"]}])
    do(s, "play at-st", "use at-st")
    assert picks(s) == set(s.regions[1].row)


def test_regions_opponent_means_the_opponent_in_your_region() -> None:
    """Seed 002 line 44: 'your opponent' is the opponent in your region: a Snowspeeder makes
    only that player discard."""
    s = team(r2={"hand": ["Snowspeeder"]}, e1={"hand": ["Stormtrooper"]},
             e2={"hand": ["TIE Fighter", "Stormtrooper"]}, active="rebel-2", first="rebel")
    do(s, "play snowspeeder", "use snowspeeder")
    assert s.current_player == E2
    assert all(t.startswith("select") for t in legal(s))
    do(s, "select tie-fighter")
    assert names(s, s.players[E2].discard) == ["TIE Fighter"]
    assert names(s, s.players[E1].hand) == ["Stormtrooper"]


def test_regions_cards_stay_in_their_region() -> None:
    """Seed 002 line 42: cards never leave the region where they started: a card a player
    defeats in the row goes to their region's galaxy discard pile."""
    s = team(e2={"play": ["AT-ST"]}, active="empire-2",
             regions=[{"row": []}, {"row": ["Y-Wing"]}])
    do(s, f"commit at-st {s.regions[1].row[0]}", "resolve")
    assert names(s, s.regions[1].discard) == ["Y-Wing"] and s.regions[0].discard == []


# -- the shared zone (lines 48-52) ------------------------------------------------------------------
def test_shared_zone_ship_protects_both_bases() -> None:
    """Seed 002 lines 50 and 73: a capital ship in the shared zone protects both of its team's
    bases: no base takes damage until every enemy capital ship is destroyed."""
    s = team(e2={"play": ["Star Destroyer"]}, r1={"play": ["X-Wing"]}, active="rebel-1",
             first="rebel")
    do(s, "commit x-wing base", "resolve")
    assert s.damage[s.players[E2].play[0]] == 3
    assert base_damage(s, E1) == 0 and base_damage(s, E2) == 0


def test_shared_zone_only_the_player_who_played_a_ship_gets_its_resources() -> None:
    """Seed 002 line 50: only the player who played a capital ship gets its resources."""
    s = team(e1={"play": ["Imperial Carrier"]}, active="rebel-2", first="rebel")
    do(s, "end", "end")  # the Rebel team finishes; the Empire's turn begins
    assert s.active in (E1, E2)
    assert s.players[E1].pool == 3 and s.players[E2].pool == 0


def test_shared_zone_affect_enemy_ships_in_either_region_luke() -> None:
    """Seed 002 line 52 and line 73: a player may affect any ship in the enemy shared zone as
    if it were in their region: Luke in region 1 destroys a ship of empire-2."""
    s = team(r1={"hand": ["Luke Skywalker"]}, e2={"play": ["Star Destroyer"]}, active="rebel-1",
             first="rebel", force=6)
    do(s, "play luke-skywalker", "use luke-skywalker")
    assert picks(s) == set(s.players[E2].play)
    do(s, f"select {s.players[E2].play[0]}")
    assert names(s, s.players[E2].discard) == ["Star Destroyer"]


# -- team turns (lines 63-65) ----------------------------------------------------------------------
def test_team_turn_any_interleaving_and_both_must_finish() -> None:
    """Seed 002 line 63: both players of the team act in the same turn, in any order; each
    decision is that player's; the turn ends when both have finished."""
    s = team(e1={"hand": ["Stormtrooper", "Imperial Shuttle"]},
             e2={"hand": ["Stormtrooper", "Imperial Shuttle"]})
    assert s.current_player == E1 and "switch" in legal(s)
    do(s, "play stormtrooper", "switch")
    assert s.current_player == E2 and "switch" not in legal(s), "no handing back before acting"
    do(s, "play imperial-shuttle", "switch")
    assert s.current_player == E1
    do(s, "play imperial-shuttle", "end")
    assert s.current_player == E2 and s.turn == 1 and "switch" not in legal(s)
    assert s.players[E1].play != [] and s.players[E1].hand == [], "units stay until the team's turn ends"
    do(s, "end")
    assert s.turn == 2 and s.current_player == R1
    assert s.players[E1].play == [] and s.players[E2].play == []


def test_team_turn_resource_at_the_teams_end_of_the_force_track() -> None:
    """Seed 002 line 63: when the marker is at the team's end as its turn begins, each of the
    two players gains 1 resource."""
    s = team(active="rebel-2", first="rebel", force=0)
    do(s, "end", "end")
    assert s.players[E1].pool == 1 and s.players[E2].pool == 1
    s = team(active="rebel-2", first="rebel", force=1)
    do(s, "end", "end")
    assert s.players[E1].pool == 0 and s.players[E2].pool == 0


def test_team_turn_x_wing_example() -> None:
    """Seed 002 line 65: one player has an X-Wing in play with the Force neutral; the teammate
    plays a Temple Guardian for 1 Force, moving the marker to the light side; the first
    player then uses the X-Wing and draws."""
    s = team(r1={"play": ["X-Wing"], "deck": ["Rebel Trooper"]}, r2={"hand": ["Temple Guardian"]},
             active="rebel-1", first="rebel", force=3)
    assert not offered(s, "use x-wing")
    do(s, "switch", "play temple-guardian")
    assert s.current_player == R2
    accept(s)
    do(s, "option 3")  # the Temple Guardian's Force bonus
    assert s.force == 4
    do(s, "switch", "use x-wing")
    assert names(s, s.players[R1].hand) == ["Rebel Trooper"]


def test_team_turn_teammates_see_each_others_hands() -> None:
    """Seed 002 line 65: teammates may confer and discuss the cards in their hands. Dejarik
    shows each player their teammate's hand; the enemies' hands stay hidden."""
    s = team(e1={"hand": ["Stormtrooper"]}, e2={"hand": ["AT-AT"], "deck": ["TIE Fighter"]},
             r1={"hand": ["X-Wing"]}, r2={"hand": ["Y-Wing"]})
    obs = s.observation(E1)
    seats = obs["players"]
    assert seats[E2]["hand"] == [f"at-at#{s.players[E2].hand[0]}"]
    assert seats[R1]["hand"] == 1 and seats[R2]["hand"] == 1
    assert seats[E2]["deck"] == 1  # a count: deck order stays hidden from everyone
    other = s.resample_hidden(E1, 7)
    assert names(other, other.players[E2].hand) == ["AT-AT"], "search keeps the teammate's hand"
    assert other.observation(E1) == obs


# -- buying (line 69) -----------------------------------------------------------------------------
def test_buying_resources_are_not_shared() -> None:
    """Seed 002 line 69: each player has their own resources; they cannot be pooled."""
    s = team(e1={"pool": 0}, e2={"pool": 9}, regions=[{"row": ["TIE Fighter"]}, {}])
    assert not any(t.startswith("buy") for t in legal(s))


# -- attacking (line 73) --------------------------------------------------------------------------
def test_attack_is_pooled_and_split_between_the_enemy_bases() -> None:
    """Seed 002 line 73 and FAQ lines 90-91: the team pools its attack and splits the damage
    freely between both enemy bases, so both may fall in one turn."""
    s = team(e1={"play": ["AT-AT", "AT-ST"]}, e2={"play": ["AT-AT"]},
             r1={"base_deck": ["Mon Cala"]}, r2={"base_deck": ["Mon Cala"]})
    do(s, "commit at-at base", "commit at-st base", "switch", "commit at-at base", "resolve")
    assert s.current_player == E2 and all(t.startswith("assign") for t in legal(s))
    do(s, f"assign 8 {s.players[R1].base}")
    assert s.players[R1].base == -1
    # what is left (8) goes to the other base, the only one standing
    assert s.players[R2].base == -1
    assert len(s.players[E1].victory) == 1 and len(s.players[E2].victory) == 1


def test_attack_ships_first_in_either_region() -> None:
    """Seed 002 line 73: every enemy ship must be destroyed before a base takes damage, and
    the attackers may damage the ships of either enemy."""
    s = team(e1={"play": ["AT-AT"]}, r1={"play": ["Rebel Transport"]}, r2={"play": ["Hammerhead Corvette"]})
    do(s, "commit at-at base", "resolve")
    assert s.players[R1].play == [] and s.players[R2].play == []
    assert base_damage(s, R1) == 0 and base_damage(s, R2) == 0  # 6 = 2 + 4: nothing left


# -- winning (lines 80-84) --------------------------------------------------------------------------
def _bases(n: int, faction: str = "rebel") -> list[str]:
    pool = ["Mon Cala", "Hoth", "Sullust", "Yavin IV", "Bespin"] if faction == "rebel" else [
        "Corellia", "Coruscant", "Death Star", "Endor", "Kafrene"]
    return pool[:n]


def test_win_needs_three_bases_from_each_enemy_deck() -> None:
    """Seed 002 line 80: the team wins on 6 bases, 3 from each opponent's deck; more from one
    deck do not count. Here 4 + 2 = 6 destroyed bases is not yet a win; the third from the
    second deck is."""
    s = team(e1={"victory": _bases(4), "play": ["AT-AT", "AT-AT"]}, e2={"victory": ["Hoth", "Dagobah"]},
             r1={"base": None, "base_deck": ["Alderaan"]}, r2={"base_deck": ["Jedha"]})
    assert not s.done
    commit_all(s, E1, "base")
    do(s, "resolve")
    assert s.done and s.winner() == 0 and s.returns() == [1.0, -1.0, 1.0, -1.0]
    assert len(s.players[E2].victory) == 3


def test_win_default_bases_to_win_is_three_per_deck_in_both_modes() -> None:
    """Seed 002 lines 80-82: 3 bases from each deck, also in the recommended all-10-bases mode."""
    s = DeckbuildingState({"team": True, "mode": "full", "overrides": TATOOINE}, 3)
    assert s.bases_to_win == 3
    assert all(len(p.base_deck) == 9 for p in s.players)


def test_full_mode_needs_tatooines_hp_supplied() -> None:
    """Seed 002 line 82 recommends the all-10-bases mode; the original pack's Tatooine has no
    known hp, so the game says so instead of inventing one."""
    with pytest.raises(IncompletePackError, match="Tatooine"):
        DeckbuildingState({"team": True, "mode": "full"}, 0)


# -- FAQ (lines 90-95) -----------------------------------------------------------------------------
def test_faq_player_without_bases_plays_on() -> None:
    """Seed 002 lines 92-93: a player whose base deck is empty plays on without a base, and
    the enemies must damage the teammate's base."""
    s = team(r1={"base": None, "base_deck": [], "hand": ["X-Wing"]}, e1={"play": ["AT-AT"]},
             e2={"victory": _bases(3)})
    do(s, "commit at-at base", "resolve")
    assert base_damage(s, R2) == 6
    do(s, "end", "end")
    assert s.current_player == R1 and s.players[R1].base == -1
    do(s, "play x-wing")
    assert names(s, s.players[R1].play) == ["X-Wing"]


def test_faq_same_unique_cards_and_base_as_the_teammate() -> None:
    """Seed 002 lines 94-95: a player may have the same unique base and play the same unique
    cards as their teammate."""
    s = team(r1={"base": "Yavin IV", "play": ["Luke Skywalker"]},
             r2={"base": "Yavin IV", "hand": ["Luke Skywalker"]}, active="rebel-2", first="rebel")
    do(s, "play luke-skywalker")
    assert names(s, s.players[R2].play) == ["Luke Skywalker"]


# -- the card table (lines 216-258) ------------------------------------------------------------------
def test_card_admiral_piett_boosts_the_teammates_ships() -> None:
    """Seed 002 line 217: Admiral Piett's +1 also applies to the teammate's capital ships."""
    s = team(e1={"play": ["Admiral Piett"]}, e2={"play": ["Star Destroyer"]})
    assert attack(s, E2, "Star Destroyer") == 5


def test_card_imperial_carrier_boosts_the_teammates_fighters() -> None:
    """Seed 002 line 233: the Imperial Carrier's +1 also applies to the teammate's Fighters."""
    s = team(e1={"play": ["Imperial Carrier"]}, e2={"play": ["TIE Fighter"]})
    assert attack(s, E2, "TIE Fighter") == 3


@pytest.mark.parametrize("card,wanted,line", [
    ("AT-AT", "Stormtrooper", 218), ("Jabba's Sail Barge", "Dengar", 219),
])
def test_card_take_from_discard_may_be_the_teammates(card: str, wanted: str, line: int) -> None:
    """Seed 002 lines 218-219 (and 251, the Millennium Falcon): the teammate may take the card
    from their own discard pile instead, into their own hand."""
    s = team(e1={"hand": [card]}, e2={"discard": [wanted]})
    slug = card.lower().replace("'", "").replace(" ", "-")
    do(s, f"play {slug}", f"use {slug}")
    do(s, f"select {s.players[E2].discard[0]}")
    assert names(s, s.players[E2].hand) == [wanted] and s.players[E1].hand == [], line


def test_card_millennium_falcon_from_the_teammates_discard() -> None:
    """Seed 002 line 251: the Millennium Falcon may return a unique unit to the teammate's hand."""
    s = team(r1={"hand": ["Millennium Falcon"]}, r2={"discard": ["Han Solo", "X-Wing"]},
             active="rebel-1", first="rebel")
    do(s, "play millennium-falcon", "use millennium-falcon")
    han = inst(s, s.players[R2].discard, "Han Solo")
    assert picks(s) == {han}
    do(s, f"select {han}")
    assert names(s, s.players[R2].hand) == ["Han Solo"]


@pytest.mark.parametrize("base", ["Bespin", "Kafrene"])
def test_card_bespin_kafrene_first_neutral_card_of_the_team(base: str) -> None:
    """Seed 002 lines 220, 235: the first neutral card played by either teammate in the turn
    draws 1 card (2 when both players have this base); not again that turn."""
    side = "rebel" if base == "Bespin" else "empire"
    a, b = (R1, R2) if side == "rebel" else (E1, E2)
    kw = {"r1" if side == "rebel" else "e1": {"base": base, "deck": ["Z-95 Headhunter"] * 3},
          "r2" if side == "rebel" else "e2": {"hand": ["Z-95 Headhunter", "Z-95 Headhunter"],
                                                "deck": ["HWK-290"]}}
    s = team(active=f"{side}-2", first=side, **kw)
    do(s, "play z-95-headhunter")
    accept(s)
    assert len(s.players[b].hand) == 2 and len(s.players[a].hand) == 0  # drew 1
    do(s, "play z-95-headhunter")
    assert not s.waiting and len(s.players[b].hand) == 1  # once a turn
    both = {"r1" if side == "rebel" else "e1": {"base": base},
            "r2" if side == "rebel" else "e2": {"base": base, "hand": ["Z-95 Headhunter"],
                                                  "deck": ["HWK-290", "HWK-290"]}}
    s = team(active=f"{side}-2", first=side, **both)
    do(s, "play z-95-headhunter")
    accept(s)
    assert len(s.players[b].hand) == 2  # two bases: 2 cards


def test_card_chewbacca_with_the_teammates_unique_unit() -> None:
    """Seed 002 line 221: Chewbacca draws when the teammate has a unique unit in play."""
    s = team(r1={"play": ["Han Solo"]}, r2={"hand": ["Chewbacca"], "deck": ["X-Wing"]},
             active="rebel-2", first="rebel")
    do(s, "play chewbacca", "use chewbacca")
    assert hand(s, R2) == ["X-Wing"]


def test_card_coruscant_the_team_picks_who_looks() -> None:
    """Seed 002 line 222: at the start of the turn the team decides which player looks at the
    top 2 cards of their own galaxy deck (once a turn)."""
    s = team(e1={"base": "Coruscant"}, active="rebel-2", first="rebel",
             regions=[{"galaxy_deck": ["X-Wing", "Y-Wing"]}, {"galaxy_deck": ["AT-AT", "TIE Fighter"]}])
    do(s, "end", "end")
    assert s.current_player == E1
    assert sorted(legal(s)) == ["who empire-1", "who empire-2"]
    do(s, "who empire-2")
    accept(s)
    assert picks(s) == set(s.regions[1].deck[-2:])
    do(s, f"select {s.regions[1].deck[-1]}")
    # the one card left is not reshuffled with the one just discarded
    assert names(s, s.regions[1].discard) == ["AT-AT"] and names(s, s.regions[1].deck) == ["TIE Fighter"]
    assert s.regions[0].discard == []


@pytest.mark.parametrize("base,line", [("Dagobah", 223), ("Kessel", 240)])
def test_card_dagobah_kessel_only_the_revealer_exiles_own_cards(base: str, line: int) -> None:
    """Seed 002 lines 223, 240: only the player revealing Dagobah / Kessel resolves it, and
    never on the teammate's cards."""
    side = "rebel" if base == "Dagobah" else "empire"
    me, mate = (R1, R2) if side == "rebel" else (E1, E2)
    other = "rebel" if side == "empire" else "empire"
    starter = "Rebel Trooper" if side == "rebel" else "Stormtrooper"
    kw = {("r1" if side == "rebel" else "e1"): {"base": None, "base_deck": [base, "Hoth" if side == "rebel" else "Endor"],
                                                "hand": [starter]},
          ("r2" if side == "rebel" else "e2"): {"discard": [starter]}}
    s = team(active=f"{other}-2", first=other, **kw)
    do(s, "end", "end")
    assert s.current_player == me
    do(s, f"select {inst(s, s.players[me].base_deck, base)}")
    assert not any(t.startswith("who") for t in legal(s)), "no choice of resolver"
    accept(s)
    assert picks(s) == {*s.players[me].hand, *s.players[me].discard}, line
    assert s.players[mate].discard[0] not in picks(s)


def test_card_director_krennic_with_the_teammates_death_star() -> None:
    """Seed 002 line 224: Krennic draws 2 when the Death Star is the teammate's base."""
    s = team(e1={"base": "Death Star"}, e2={"hand": ["Director Krennic"], "deck": ["TIE Fighter"] * 2},
             active="empire-2")
    do(s, "play director-krennic", "use director-krennic")
    assert hand(s, E2) == ["TIE Fighter", "TIE Fighter"]


def test_card_nebulon_b_either_teammate_once_a_turn() -> None:
    """Seed 002 line 226: either teammate may use the Nebulon-B Frigate, once a turn."""
    s = team(e1={"play": ["Nebulon-B Frigate"]}, active="empire-2")
    assert offered(s, "use nebulon-b-frigate")
    do(s, "use nebulon-b-frigate")
    assert s.players[E2].pool == 3  # the only live option: nothing to repair
    do(s, "switch")
    assert not offered(s, "use nebulon-b-frigate")


def test_card_han_solo_with_the_teammates_falcon() -> None:
    """Seed 002 line 229: Han Solo draws 2 with the Millennium Falcon in the teammate's play."""
    s = team(r1={"play": ["Millennium Falcon"]}, r2={"hand": ["Han Solo"], "deck": ["X-Wing"] * 2},
             active="rebel-2", first="rebel")
    do(s, "play han-solo", "use han-solo")
    assert hand(s, R2) == ["X-Wing", "X-Wing"]


def test_card_hoth_two_hoths_prevent_four_between_both_bases() -> None:
    """Seed 002 line 230: with Hoth as both bases the first 4 damage of the enemy's turn is
    prevented, split in any way between both bases; one Hoth guards only itself."""
    s = team(r1={"base": "Hoth"}, r2={"base": "Hoth"}, e1={"play": ["AT-AT", "TIE Fighter"]})
    do(s, "commit at-at base", "commit tie-fighter base", "resolve")
    do(s, f"assign 1 {s.players[R1].base}", f"assign 7 {s.players[R2].base}")
    # the shared shield of 4 stops the 1 on rebel-1 and 3 of the 7 on rebel-2
    assert base_damage(s, R1) == 0 and base_damage(s, R2) == 4
    s = team(r1={"base": "Hoth"}, e1={"play": ["AT-AT", "TIE Fighter"]})
    do(s, "commit at-at base", "commit tie-fighter base", "resolve")
    do(s, f"assign 3 {s.players[R2].base}", f"assign 5 {s.players[R1].base}")
    assert base_damage(s, R2) == 3 and base_damage(s, R1) == 3  # Dantooine has no shield


def test_card_hwk_290_repairs_either_teammates_base() -> None:
    """Seed 002 line 231: exiling HWK-290 repairs 4 on your base or your teammate's."""
    s = team(e1={"hand": ["HWK-290"], "base": {"card": "Lothal", "damage": 2}},
             e2={"base": {"card": "Lothal", "damage": 5}})
    do(s, "play hwk-290", "use hwk-290")
    assert sorted(legal(s)) == ["who empire-1", "who empire-2"]
    do(s, "who empire-2")
    assert base_damage(s, E2) == 1 and base_damage(s, E1) == 2
    assert names(s, s.players[E1].exile) == ["HWK-290"]


def test_card_hwk_290_repairs_the_only_damaged_base_without_asking() -> None:
    """Seed 002 line 231: with only the teammate's base damaged, the repair goes there."""
    s = team(e1={"hand": ["HWK-290"]}, e2={"base": {"card": "Lothal", "damage": 5}})
    do(s, "play hwk-290", "use hwk-290")
    assert base_damage(s, E2) == 1


def test_card_ig_88_exiles_only_its_players_cards() -> None:
    """Seed 002 line 232: after IG-88 defeats a row target, only its player exiles, from
    their own hand or discard pile."""
    s = team(e1={"play": ["IG-88"], "hand": ["Stormtrooper"]}, e2={"discard": ["Stormtrooper"]},
             regions=[{"row": ["X-Wing"]}, {}])
    do(s, f"commit ig-88 {s.regions[0].row[0]}", "resolve")
    while s.waiting and s.current_player == E1 and not any(t.startswith("select") for t in legal(s)):
        do(s, "yes")
    assert picks(s) == set(s.players[E1].hand)


def test_card_jedha_first_neutral_purchase_of_the_team() -> None:
    """Seed 002 line 234: the first teammate to buy a neutral card in the turn takes it into
    hand (exiled at the end of the turn); once a turn."""
    s = team(r1={"base": "Jedha"}, r2={"pool": 4}, active="rebel-2", first="rebel",
             regions=[{}, {"row": ["Z-95 Headhunter", "Jawa Scavenger"]}])
    do(s, "buy z-95-headhunter")
    assert names(s, s.players[R2].hand) == ["Z-95 Headhunter"]
    do(s, "buy jawa-scavenger")
    assert names(s, s.players[R2].discard) == ["Jawa Scavenger"]


@pytest.mark.parametrize("base,card,line", [("Mon Cala", "X-Wing", 236), ("Corellia", "TIE Fighter", 241)])
def test_card_mon_cala_corellia_the_team_picks_who_resolves(base: str, card: str, line: int) -> None:
    """Seed 002 lines 236, 241: on revealing the base, its player decides whether they or the
    teammate resolve it; the chosen player takes a card of their own region's row."""
    side = "rebel" if base == "Mon Cala" else "empire"
    me, mate = (R1, R2) if side == "rebel" else (E1, E2)
    other = "rebel" if side == "empire" else "empire"
    kw = {("r1" if side == "rebel" else "e1"): {"base": None, "base_deck": [base]}}
    s = team(active=f"{other}-2", first=other, regions=[{"row": [card]}, {"row": [card]}], **kw)
    do(s, "end", "end")
    assert s.players[me].base >= 0  # the only base left is revealed at once
    assert sorted(legal(s)) == sorted([f"who {s.seat_key(me)}", f"who {s.seat_key(mate)}"]), line
    do(s, f"who {s.seat_key(mate)}")
    accept(s)
    do(s, f"select {s.regions[1].row[0]}")
    assert names(s, s.players[mate].hand) == [card] and s.players[me].hand == []
    assert names(s, s.regions[0].row) == [card]


def test_card_c_roc_either_teammate_discards_and_picks_the_base() -> None:
    """Seed 002 line 242: either teammate may discard a card to use the C-ROC Cruiser and
    choose which base to repair."""
    s = team(e1={"play": ["C-ROC Cruiser"], "base": {"card": "Lothal", "damage": 4}},
             e2={"hand": ["Stormtrooper"], "base": {"card": "Lothal", "damage": 4}}, active="empire-2")
    do(s, "use c-roc-cruiser")
    while not any(t.startswith(("select", "who")) for t in legal(s)):
        do(s, "yes")
    do(s, "select stormtrooper")
    do(s, "who empire-1")
    assert base_damage(s, E1) == 1 and base_damage(s, E2) == 4
    assert names(s, s.players[E2].discard) == ["Stormtrooper"]


def test_card_gozanti_either_teammate_once_a_turn() -> None:
    """Seed 002 line 243: either teammate may use the Gozanti Cruiser, once a turn."""
    s = team(e1={"play": ["Gozanti Cruiser"]}, e2={"hand": ["Stormtrooper"], "deck": ["AT-AT"]},
             active="empire-2")
    do(s, "use gozanti-cruiser")
    while not any(t.startswith("select") for t in legal(s)):
        do(s, "yes")
    do(s, "select stormtrooper")
    assert hand(s, E2) == ["AT-AT"]
    do(s, "switch")
    assert not offered(s, "use gozanti-cruiser")


def test_card_princess_leia_buys_only_for_her_player() -> None:
    """Seed 002 line 244: only Leia's player buys, from their own row, onto their own deck."""
    s = team(r1={"hand": ["Princess Leia"]}, active="rebel-1", first="rebel", force=6,
             regions=[{"row": ["X-Wing"]}, {"row": ["Y-Wing"]}])
    do(s, "play princess-leia", "use princess-leia")
    assert picks(s) == {s.regions[0].row[0]}
    do(s, "select x-wing")
    assert names(s, s.players[R1].deck) == ["X-Wing"] and s.players[R2].deck == []


def test_card_landing_craft_resources_to_its_player_repair_to_either_base() -> None:
    """Seed 002 line 245: only the player of the Landing Craft gains the resources; a repair
    may go to either teammate's base."""
    s = team(e1={"hand": ["Landing Craft", "Landing Craft"]}, e2={"base": {"card": "Lothal", "damage": 6}})
    do(s, "play landing-craft", "use landing-craft", "option 1")
    assert s.players[E1].pool == 4 and s.players[E2].pool == 0
    do(s, "play landing-craft", "use landing-craft", "option 2")
    assert base_damage(s, E2) == 2


def test_card_tie_fighter_with_the_teammates_ship() -> None:
    """Seed 002 line 246: the TIE Fighter draws while the teammate has a capital ship in play."""
    s = team(e1={"play": ["Star Destroyer"]}, e2={"hand": ["TIE Fighter"], "deck": ["AT-AT"]},
             active="empire-2")
    do(s, "play tie-fighter", "use tie-fighter")
    assert hand(s, E2) == ["AT-AT"]


def test_card_ord_mantell_once_a_turn_twice_with_two() -> None:
    """Seed 002 line 247: Ord Mantell's hunt of a neutral row card is the team's, once a turn;
    twice with Ord Mantell as both bases, each by either player."""
    s = team(e1={"base": "Ord Mantell", "play": ["AT-AT"]}, e2={"play": ["AT-AT"]},
             regions=[{"row": ["Jawa Scavenger"]}, {"row": ["Jawa Scavenger"]}])
    assert (d.COMMIT, s.players[E1].play[0], s.regions[0].row[0]) in s.legal_actions()
    do(s, f"commit at-at {s.regions[0].row[0]}", "resolve")
    accept(s)
    assert s.players[E1].pool == 1
    do(s, "switch")
    assert (d.COMMIT, s.players[E2].play[0], s.regions[1].row[0]) not in s.legal_actions()
    s = team(e1={"base": "Ord Mantell", "play": ["AT-AT"]}, e2={"base": "Ord Mantell", "play": ["AT-AT"]},
             regions=[{"row": ["Jawa Scavenger"]}, {"row": ["Jawa Scavenger"]}])
    do(s, f"commit at-at {s.regions[0].row[0]}", "resolve")
    accept(s)
    do(s, "switch")
    assert (d.COMMIT, s.players[E2].play[0], s.regions[1].row[0]) in s.legal_actions()


def test_card_quarren_mercenary_buyer_exiles_own_cards() -> None:
    """Seed 002 line 248: only the buyer of the Quarren Mercenary exiles, from their own cards."""
    s = team(e1={"pool": 4, "hand": ["Stormtrooper"]}, e2={"discard": ["Stormtrooper"]},
             regions=[{"row": ["Quarren Mercenary"]}, {}])
    do(s, "buy quarren-mercenary")
    while not any(t.startswith("select") for t in legal(s)):
        do(s, "yes")
    assert picks(s) and s.players[E2].discard[0] not in picks(s)


def test_card_rebel_transport_either_teammate_once_a_turn() -> None:
    """Seed 002 line 249: either teammate may use the Rebel Transport, once a turn."""
    s = team(r1={"play": ["Rebel Transport"]}, active="rebel-2", first="rebel")
    do(s, "use rebel-transport")
    assert s.players[R2].pool == 1
    do(s, "switch")
    assert not offered(s, "use rebel-transport")


def test_card_rodia_resolver_counts_their_row_and_picks_the_enemy_base() -> None:
    """Seed 002 line 250: the chosen player counts the enemy cards in their own row, deals that
    much damage to an enemy base of their choice and discards those cards from their row."""
    s = team(e2={"base": None, "base_deck": ["Rodia"]}, active="rebel-2", first="rebel",
             regions=[{"row": ["X-Wing", "Y-Wing"], "galaxy_deck": ["Jawa Scavenger"] * 3},
                      {"row": ["X-Wing", "AT-AT"]}])
    do(s, "end", "end")  # empire-2 reveals Rodia, its only base left, as the turn begins
    assert sorted(legal(s)) == ["who empire-1", "who empire-2"]
    do(s, "who empire-1")
    while not any(t.startswith("who rebel") for t in legal(s)):
        do(s, "yes")
    do(s, "who rebel-2")
    assert base_damage(s, R2) == 2 and base_damage(s, R1) == 0
    assert names(s, s.regions[1].row) == ["X-Wing", "AT-AT"]
    assert names(s, s.regions[0].discard) == ["X-Wing", "Y-Wing"]


def test_card_sullust_first_purchase_of_the_team_to_deck_top() -> None:
    """Seed 002 line 252: the first card bought by either teammate goes on top of that
    player's deck; once a turn."""
    s = team(r1={"base": "Sullust"}, r2={"pool": 6}, active="rebel-2", first="rebel",
             regions=[{}, {"row": ["X-Wing", "Y-Wing"]}])
    do(s, "buy x-wing", "buy y-wing")
    assert names(s, s.players[R2].deck) == ["X-Wing"] and names(s, s.players[R2].discard) == ["Y-Wing"]


def test_card_tatooine_the_team_picks_who_resolves() -> None:
    """Seed 002 line 253: on revealing Tatooine, its player decides who resolves it."""
    s = team(r1={"base": None, "base_deck": ["Tatooine"]}, active="empire-2", first="empire",
             overrides=TATOOINE, regions=[{}, {"row": ["AT-AT"], "galaxy_discard": ["X-Wing"]}])
    do(s, "end", "end")
    assert sorted(legal(s)) == ["who rebel-1", "who rebel-2"]
    do(s, "who rebel-2")
    assert s.current_player == R2


def test_card_twilek_smuggler_next_purchase_of_the_team() -> None:
    """Seed 002 line 254: the teammate who buys the next card puts it on their own deck."""
    s = team(e1={"hand": ["Twi'lek Smuggler"]}, e2={"pool": 2},
             regions=[{}, {"row": ["TIE Fighter"]}])
    do(s, "play twilek-smuggler", "use twilek-smuggler", "switch", "buy tie-fighter")
    assert names(s, s.players[E2].deck) == ["TIE Fighter"] and s.players[E1].deck == []


def test_card_u_wing_repairs_either_base() -> None:
    """Seed 002 line 255: the U-Wing repairs 3 on your base or your teammate's."""
    s = team(r1={"hand": ["U-Wing"], "base": {"card": "Dantooine", "damage": 1}},
             r2={"base": {"card": "Dantooine", "damage": 5}}, active="rebel-1", first="rebel", force=6)
    do(s, "play u-wing", "use u-wing", "who rebel-2")
    assert base_damage(s, R2) == 2 and base_damage(s, R1) == 1


def test_card_grand_moff_tarkin_takes_only_for_his_player() -> None:
    """Seed 002 line 256: only Tarkin's player takes an Empire card from their own row."""
    s = team(e2={"hand": ["Grand Moff Tarkin"]}, active="empire-2",
             regions=[{"row": ["AT-AT"]}, {"row": ["TIE Fighter"]}])
    do(s, "play grand-moff-tarkin", "use grand-moff-tarkin")
    assert picks(s) == {s.regions[1].row[0]}
    do(s, "select tie-fighter")
    assert names(s, s.players[E2].hand) == ["TIE Fighter"]


def test_card_yavin_iv_each_region_opponents_discard() -> None:
    """Seed 002 line 257: when an enemy discards from hand during the Rebel team's turn, the
    Rebel in that enemy's region deals 2 damage to an enemy base of their choice."""
    s = team(r1={"base": "Yavin IV"}, r2={"hand": ["Snowspeeder"]}, e2={"hand": ["Stormtrooper"]},
             active="rebel-2", first="rebel")
    do(s, "play snowspeeder", "use snowspeeder", "select stormtrooper")
    while s.waiting and not any(t.startswith("who") for t in legal(s)):
        do(s, "yes")
    assert s.current_player == R2
    do(s, "who empire-1")
    assert base_damage(s, E1) == 2 and base_damage(s, E2) == 0


def test_card_z95_with_any_enemy_ship() -> None:
    """Seed 002 line 258: the Z-95 draws if the enemy team has a ship in its shared zone."""
    s = team(e2={"play": ["Gozanti Cruiser"]}, r1={"hand": ["Z-95 Headhunter"], "deck": ["X-Wing"]},
             active="rebel-1", first="rebel")
    do(s, "play z-95-headhunter", "use z-95-headhunter")
    assert hand(s, R1) == ["X-Wing"]


def test_illegal_team_actions_change_nothing() -> None:
    """A switch to a teammate who has finished, and a purchase from the other region, are
    refused with a clear error and leave the state as it was."""
    s = team(e1={"pool": 5}, regions=[{}, {"row": ["TIE Fighter"]}])
    do(s, "switch", "end")
    before = s.state_hash()
    assert "switch" not in legal(s)
    with pytest.raises(IllegalActionError):
        s.apply((d.SWITCH, 0, 0))
    with pytest.raises(IllegalActionError):
        s.apply((1, s.regions[1].row[0], 9))
    assert s.state_hash() == before


def test_a_team_game_saves_and_loads_whole() -> None:
    """A team game mid-turn (a teammate finished, a decision pending) survives to_json and
    from_json: the same state hash, and play goes on the same."""
    s = DeckbuildingState({"team": True, "turn_limit": 60}, 11)
    rng = 0
    while not (s.finished and s.waiting) and not s.done:
        acts = s.legal_actions()
        rng = (rng * 1103515245 + 12345) % 2**31
        s.apply(acts[rng % len(acts)])
    assert s.finished and s.waiting
    copy = DeckbuildingState.from_json(s.to_json())
    assert copy.state_hash() == s.state_hash() and copy.num_players == 4
    for _ in range(200):
        if s.done:
            break
        a = s.legal_actions()[0]
        s.apply(a)
        copy.apply(a)
    assert copy.state_hash() == s.state_hash()
