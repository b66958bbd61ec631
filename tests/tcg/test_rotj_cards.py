"""Every Return of the Jedi card with abilities written so far, checked in the engine against
what its rules text says (../shared/reference/swtcg-data/ROTJ.txt; rulings from its Usage column
and ../shared/reference/swtcg.md). One test per card (a parametrised case in
tests/tcg/test_keyword_cards.py counts as one), grouped by kind: Locations first. Each test
checks exact numbers or compares with the same position without the ability."""

from __future__ import annotations

from dejarik.tcg.effects import abilities_of, deploy_cost, extra_draws, keyword
from dejarik.tcg.state import DISCARD, PILOTING
from tests.tcg.helpers import (
    DARK,
    LIGHT,
    act,
    c,
    close_window,
    in_attack_window,
    pass_until,
    position,
    rolled_in_log,
    start,
    texts,
    unit,
)

CLONE = "Clone Platoon"              # Light Ground 4/40/4/4, Clone Soldier (AOTC)
BDS = "Battle Droid Squad"           # Dark Ground 2/10/2/3 (AOTC)
STATION = "Naboo Defense Station"    # Light Ground, 6 power, 12 health (AOTC)
CORE = "Trade Federation Battleship Core"   # Dark Ground 10/10/10/12 (AOTC)
GUARD = "Naboo Security Guard"       # Light Character 2/30/2/2 (AOTC)
KAMINOAN = "Kaminoan Guard"          # Neutral Character 4/50/3/3 (AOTC)
MOTTI = "Admiral Motti (A)"          # Dark Character 3/30/3/3, Imperial (ANH)
HELMSMAN = "Imperial Navy Helmsman"  # Dark Character 4/20/3/4, Imperial (ANH)
LIEUTENANT = "Rebel Lieutenant"      # Light Character 4/10/3/4, Rebel (ANH)
MARINES = "Rebel Marine Squad"       # Light Ground 6/30/7/6, Rebel (ANH)
PATROL = "Stormtrooper Patrol"       # Dark Ground 5/40/4/5, Imperial (ANH)
DEVASTATOR = "Devastator (A)"        # Dark Space 9/20/8/8, Imperial Capital Ship (ANH)
RUNNER = "Rebel Blockade Runner"     # Light Space 6/30/4/5, Rebel Capital Ship (ANH)
DCS = "Droid Control Ship"           # Dark Space 9/10/9/9, Capital Ship (AOTC)
WING = "Droid Starfighter Wing"      # Dark Space 4/40/4/4 (AOTC)
GOZANTI = "Gozanti Cruiser"          # Neutral Space 6/10/5/6, Transport (AOTC)


def _lucky(s, u: int) -> list[int]:
    """The Lucky numbers among a unit's abilities (its own, its pilots', given ones)."""
    return [ab.n for ab in abilities_of(s, u) if ab.kind == "reroll" and ab.ops[0][1] == "lucky"]


def _aboard(s, pilot: str, host: str) -> int:
    x, h = unit(s, pilot), unit(s, host)
    s.hand[s.owner[x]].remove(x)
    s.zone[x] = PILOTING
    s.aboard[h] = [*s.aboard.get(h, []), x]
    return h


def _build_step(s, side: int) -> None:
    """Start the side's build step and run its start-of-step abilities."""
    start(s, ("build_step", side))
    pass_until(s, "?build")


def _to_side(s, side: int) -> None:
    """Pass at the open play-or-pass chance until it is this side's turn to act."""
    while s.tasks and s.current_player != side:
        act(s, "pass")


def offered(s, move: str) -> bool:
    """Whether the move is among the legal actions (none once the tasks have run out)."""
    return bool(s.tasks) and not s.done and move in texts(s)


# ---- Locations ------------------------------------------------------------------------------
def test_free_bespin_draws_a_card_when_its_owners_build_step_starts() -> None:
    """Free Bespin (ROTJ.txt, by its erratum): when your build step starts, draw a card."""
    s = position(light={"locations": ["Free Bespin"], "deck": [GUARD, CLONE]})
    _build_step(s, LIGHT)
    assert [s.name(x) for x in s.hand[LIGHT]] == [GUARD]


def test_occupied_bespin_draws_one_extra_card() -> None:
    """Occupied Bespin (ROTJ.txt, by its erratum): its owner draws one card more in each draw."""
    s = position(dark={"locations": ["Occupied Bespin"]})
    assert (extra_draws(s, DARK), extra_draws(s, LIGHT)) == (1, 0)


def test_free_endor_gains_a_force_when_its_owners_build_step_starts() -> None:
    """Free Endor (ROTJ.txt, by its erratum): when your build step starts, gain 1 Force."""
    s = position(light={"locations": ["Free Endor"]})
    _build_step(s, LIGHT)
    assert s.force == [0, 1]


def test_occupied_endor_gains_a_force_when_its_owners_build_step_starts() -> None:
    """Occupied Endor (ROTJ.txt, by its erratum): when your build step starts, gain 1 Force;
    not in the opponent's."""
    s = position(dark={"locations": ["Occupied Endor"]})
    _build_step(s, DARK)
    assert s.force == [1, 0]
    s = position(dark={"locations": ["Occupied Endor"]})
    _build_step(s, LIGHT)
    assert s.force == [0, 0]


def test_occupied_coruscant_gains_a_force_when_its_owners_build_step_starts() -> None:
    """Occupied Coruscant (ROTJ.txt, by its erratum): when your build step starts, gain 1 Force."""
    s = position(dark={"locations": ["Occupied Coruscant"]})
    _build_step(s, DARK)
    assert s.force == [1, 0]


def test_free_coruscant_gives_a_build_point_when_its_owners_build_step_starts() -> None:
    """Free Coruscant (ROTJ.txt, by its erratum): when your build step starts, gain 1 build point."""
    s = position(light={"locations": ["Free Coruscant"]})
    s.bp[LIGHT] = 2
    _build_step(s, LIGHT)
    assert s.bp[LIGHT] == 3


def test_throne_room_gains_a_force_for_each_of_your_jedi() -> None:
    """Throne Room (ROTJ.txt): when your build step starts, 1 Force for each Jedi you have in
    play (a Dark Jedi Master counts, an Elite Royal Guard treated as a Dark Jedi too; the
    opponent's Jedi and your non-Jedi do not)."""
    s = position(dark={"locations": ["Throne Room"], "arena": ["Emperor Palpatine (C)", "Elite Royal Guard", MOTTI]},
                 light={"arena": ["Luke Skywalker (M)"]})
    _build_step(s, DARK)
    assert s.force == [2, 0]


def test_dune_sea_damages_each_non_tatooine_ground_unit_as_the_ground_step_ends() -> None:
    """Dune Sea (ROTJ.txt): when the Ground battle step ends, 1 damage to each Ground unit of
    either side that is not Tatooine (the Skiff is)."""
    s = position(dark={"locations": ["Dune Sea"], "arena": [PATROL]}, light={"arena": [CLONE, "Skiff"]})
    for u in s.all_in_play():
        s.tapped[u] = True
    start(s, ("step", 1))
    while s.tasks:
        act(s, "pass")
    assert [s.damage[unit(s, n)] for n in (PATROL, CLONE, "Skiff")] == [1, 1, 0]


# ---- characters -----------------------------------------------------------------------------
def test_admiral_ackbar_a_gives_your_rebel_space_units_three_power() -> None:
    """Admiral Ackbar (A) (ROTJ.txt): each of your Rebel Space units gets +3 power (not a
    non-Rebel one, not the opponent's)."""
    s = position(light={"arena": ["Admiral Ackbar (A)", "Red Squadron X-Wing", GOZANTI]},
                 dark={"arena": ["TIE Interceptor"]})
    got = [s.power(unit(s, n)) for n in ("Red Squadron X-Wing", GOZANTI, "TIE Interceptor")]
    assert got == [5, 5, 3]


def test_anakin_skywalker_k_gains_six_force_when_discarded() -> None:
    """Anakin Skywalker (K) (ROTJ.txt): Evade 2 for 2 Force; when he is discarded from the
    Character arena, his owner gains 6 Force."""
    s = position(light={"arena": ["Anakin Skywalker (K)"]})
    a = unit(s, "Anakin Skywalker (K)")
    start(s, ("damage", a, 9, -1, 0))
    close_window(s)
    while s.tasks:
        act(s, "pass")
    assert s.zone[a] == DISCARD and s.force == [0, 6]
    s = position(light={"arena": ["Anakin Skywalker (K)"]}, force=(0, 2))
    start(s, ("damage", a, 3, -1, 0))
    act(s, f"use {c(s, 'Anakin Skywalker (K)')} 1")
    close_window(s)
    assert s.damage[a] == 1 and s.force == [0, 0]


def test_chewbacca_j_retaliates_and_pilots_a_speeder_or_walker() -> None:
    """Chewbacca (J) (ROTJ.txt): Retaliate 4 for 2 Force; piloting a Speeder or Walker it gets
    +2 speed (as printed), Accuracy 1 and "pay 2 Force -> Retaliate 4"."""
    s = position(light={"arena": ["Chewbacca (J)"]})
    own = abilities_of(s, unit(s, "Chewbacca (J)"))
    assert [(a.timing, a.n, a.force) for a in own if a.timing == "retaliate"] == [("retaliate", 4, 2)]
    s = position(light={"arena": ["Skiff"], "hand": ["Chewbacca (J)"]})
    h = unit(s, "Skiff")
    assert keyword(s, h, "accuracy") == 0
    _aboard(s, "Chewbacca (J)", "Skiff")
    got = [(a.n, a.force) for a in abilities_of(s, h) if a.timing == "retaliate"]
    assert (s.speed(h), keyword(s, h, "accuracy"), got) == (52, 1, [(4, 2)])


def test_han_solo_k_gives_your_other_rebel_ground_units_and_characters_lucky_two() -> None:
    """Han Solo (K) (ROTJ.txt): Accuracy 1, Lucky 2; each of your other Rebel Ground units and
    Rebel Characters gets Lucky 2 (a Rebel Space unit and a non-Rebel do not)."""
    s = position(light={"arena": ["Han Solo (K)", MARINES, LIEUTENANT, "Red Squadron X-Wing", CLONE]})
    got = [_lucky(s, unit(s, n)) for n in ("Han Solo (K)", MARINES, LIEUTENANT, "Red Squadron X-Wing", CLONE)]
    assert got == [[2], [2], [2], [], []] and keyword(s, unit(s, "Han Solo (K)"), "accuracy") == 1


def test_jabba_the_hutt_a_gets_a_power_for_each_tatooine_unit() -> None:
    """Jabba the Hutt (A) (ROTJ.txt): +1 power for each Tatooine unit in any arena, either
    side's, himself included."""
    s = position(dark={"arena": ["Jabba the Hutt (A)", "Worrt"]}, light={"arena": ["Skiff", CLONE]})
    assert s.power(unit(s, "Jabba the Hutt (A)")) == 3 + 3


def test_jabbas_dancers_gain_a_force_when_they_attack() -> None:
    """Jabba's Dancers (ROTJ.txt): whenever it attacks, its owner gains 1 Force."""
    s = position(dark={"arena": ["Jabba's Dancers"]}, light={"arena": [GUARD]})
    s.tapped[unit(s, GUARD)] = True
    in_attack_window(s, "Jabba's Dancers", GUARD, 2)
    assert s.force[DARK] == 1


def test_elite_royal_guard_counts_as_a_dark_jedi() -> None:
    """Elite Royal Guard (ROTJ.txt): treated as a Dark Jedi (selectors for Jedi name it)."""
    s = position(dark={"arena": ["Elite Royal Guard", "Royal Guards"]})
    g = unit(s, "Elite Royal Guard")
    from dejarik.tcg.abilities import Sel
    assert s.matches(Sel(subtypes=("Dark Jedi",)), g, DARK)
    assert not s.matches(Sel(subtypes=("Dark Jedi",)), unit(s, "Royal Guards"), DARK)


def test_oola_a_gives_each_of_your_characters_lucky_one() -> None:
    """Oola (A) (ROTJ.txt): each of your Characters (her too) gets Lucky 1; not the opponent's
    or your Ground units."""
    s = position(dark={"arena": ["Oola (A)", MOTTI, PATROL]}, light={"arena": [GUARD]})
    got = [_lucky(s, unit(s, n)) for n in ("Oola (A)", MOTTI, PATROL, GUARD)]
    assert got == [[1], [1], [], []]


def test_han_solo_j_gives_his_transport_lucky_three() -> None:
    """Han Solo (J) (ROTJ.txt): Lucky 3; piloting a Transport, the Transport gets Lucky 3."""
    s = position(light={"arena": ["Millennium Falcon (J)"], "hand": ["Han Solo (J)"]})
    h = unit(s, "Millennium Falcon (J)")
    before = _lucky(s, h)
    _aboard(s, "Han Solo (J)", "Millennium Falcon (J)")
    assert _lucky(s, h) == [*before, 3]


def test_lando_calrissian_i_gives_his_starfighter_accuracy_and_lucky() -> None:
    """Lando Calrissian (I) (ROTJ.txt): Lucky 2; piloting a Starfighter or Transport, it gets
    Accuracy 1 and Lucky 2."""
    s = position(light={"arena": ["Red Squadron X-Wing"], "hand": ["Lando Calrissian (I)"]})
    h = unit(s, "Red Squadron X-Wing")
    assert (keyword(s, h, "accuracy"), _lucky(s, h)) == (0, [])
    _aboard(s, "Lando Calrissian (I)", "Red Squadron X-Wing")
    assert (keyword(s, h, "accuracy"), _lucky(s, h)) == (1, [2])


def test_princess_leia_j_draws_one_extra_card() -> None:
    """Princess Leia (J) (ROTJ.txt): her owner draws one card more in each draw; Evade 1 for
    1 Force."""
    s = position(light={"arena": ["Princess Leia (J)"]}, force=(0, 1))
    assert (extra_draws(s, LIGHT), extra_draws(s, DARK)) == (1, 0)
    leia = unit(s, "Princess Leia (J)")
    start(s, ("damage", leia, 2, -1, 0))
    act(s, f"use {c(s, 'Princess Leia (J)')} 1")
    close_window(s)
    assert s.damage[leia] == 1


def test_r2_d2_i_gives_a_character_two_power_and_accuracy() -> None:
    """R2-D2 (I) (ROTJ.txt): tap while no unit attacks: one of your Characters gets +2 power and
    Accuracy 1 until the Character battle step ends."""
    s = position(light={"arena": ["R2-D2 (I)", LIEUTENANT]})
    start(s, ("step", 2))
    _to_side(s, LIGHT)
    act(s, f"use {c(s, 'R2-D2 (I)')} 1")
    act(s, f"choose {c(s, LIEUTENANT)}")
    lt = unit(s, LIEUTENANT)
    assert (s.power(lt), keyword(s, lt, "accuracy"), s.tapped[unit(s, "R2-D2 (I)")]) == (5, 1, True)


def test_captain_lennox_a_speeds_his_capital_ship_which_hurts_itself_attacking() -> None:
    """Captain Lennox (A) (ROTJ.txt): piloting a Capital Ship it gets +30 speed and +1 power,
    and when it attacks, 1 damage counter goes on it."""
    s = position(dark={"arena": [DEVASTATOR], "hand": ["Captain Lennox (A)"]}, light={"arena": [RUNNER]})
    h = _aboard(s, "Captain Lennox (A)", DEVASTATOR)
    assert (s.speed(h), s.power(h)) == (50, 9)
    s.tapped[unit(s, RUNNER)] = True
    in_attack_window(s, DEVASTATOR, RUNNER, 0)
    assert s.damage[h] == 1


def test_chief_chirpa_a_taps_for_a_build_point_and_a_force_and_wards_near_endor() -> None:
    """Chief Chirpa (A) (ROTJ.txt): tap in your build step: 1 build point and 1 Force. While an
    Endor Location is in play, an opponent's unit's damage to him is prevented unless they pay
    2 Force; without one, it lands."""
    s = position(light={"arena": ["Chief Chirpa (A)"]})
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Chief Chirpa (A)')} 1")
    assert (s.bp[LIGHT], s.force[LIGHT]) == (1, 1)
    for loc, want in ((["Free Endor"], 0), ([], 2)):
        s = position(light={"arena": ["Chief Chirpa (A)"], "locations": loc}, dark={"arena": [MOTTI]})
        chirpa = unit(s, "Chief Chirpa (A)")
        start(s, ("damage", chirpa, 2, unit(s, MOTTI), 1))
        close_window(s)
        assert s.damage[chirpa] == want


def test_wicket_w_warrick_a_wards_near_endor_and_cheapens_unique_light_characters() -> None:
    """Wicket W. Warrick (A) (ROTJ.txt): while an Endor Location is in play, an opponent's unit's
    damage to him is prevented unless they pay 2 Force; each of your unique Light Side
    Characters costs 1 less to deploy (a non-unique one does not)."""
    s = position(light={"arena": ["Wicket W. Warrick (A)"], "locations": ["Free Endor"]},
                 dark={"arena": [MOTTI]}, force=(2, 0))
    w = unit(s, "Wicket W. Warrick (A)")
    start(s, ("damage", w, 2, unit(s, MOTTI), 1))
    assert s.current_player == DARK and "pay 2" in texts(s)
    act(s, "pay 2")
    close_window(s)
    assert s.damage[w] == 2
    s = position(light={"arena": ["Wicket W. Warrick (A)"], "hand": ["Princess Leia (J)", LIEUTENANT]})
    assert (deploy_cost(s, unit(s, "Princess Leia (J)")), deploy_cost(s, unit(s, LIEUTENANT))) == (5, 4)


# ---- Space and Ground units -----------------------------------------------------------------
def test_death_star_ii_b_discards_a_capital_ship_instead_of_attacking() -> None:
    """Death Star II (B) (ROTJ.txt): tap instead of attacking: discard a Capital Ship from the
    Space arena (a Starfighter is not offered)."""
    s = position(dark={"arena": ["Death Star II (B)"]}, light={"arena": [RUNNER, "Red Squadron X-Wing"]})
    for n in (RUNNER, "Red Squadron X-Wing"):
        s.tapped[unit(s, n)] = True
    start(s, ("step", 0))
    pass_until(s, "?attack")
    act(s, f"use {c(s, 'Death Star II (B)')} 1")
    assert texts(s) == [f"choose {c(s, RUNNER)}"]
    act(s, f"choose {c(s, RUNNER)}")
    assert s.zone[unit(s, RUNNER)] == DISCARD


def test_scythe_squadron_a_repairs_itself_beside_a_capital_ship() -> None:
    """Scythe Squadron (A) (ROTJ.txt): tap instead of attacking, only while you have a Capital
    Ship: remove all its damage counters; without one, not offered."""
    for ships, offered in (([DEVASTATOR], True), ([], False)):
        s = position(dark={"arena": ["Scythe Squadron (A)", *ships]}, light={"arena": ["Red Squadron X-Wing"]})
        sq = unit(s, "Scythe Squadron (A)")
        s.damage[sq] = 3
        for u in s.all_in_play():
            s.tapped[u] = u != sq
        start(s, ("step", 0))
        pass_until(s, "?attack")
        assert (f"use {c(s, 'Scythe Squadron (A)')} 2" in texts(s)) == offered
        if offered:
            act(s, f"use {c(s, 'Scythe Squadron (A)')} 2")
            assert s.damage[sq] == 0


def test_skiff_taps_a_character_unless_its_owner_pays_two() -> None:
    """Skiff (ROTJ.txt): tap instead of attacking: tap one of the opponent's untapped
    Characters unless they pay 2 Force (unable to pay, it is tapped; paying, it is not)."""
    for force, tapped in ((0, True), (2, False)):
        s = position(light={"arena": ["Skiff"]}, dark={"arena": [MOTTI, BDS]}, force=(force, 0))
        s.tapped[unit(s, BDS)] = True
        start(s, ("step", 1))
        pass_until(s, "?attack")
        act(s, f"use {c(s, 'Skiff')} 1")
        act(s, f"choose {c(s, MOTTI)}")
        if force:
            act(s, "pay 2")
        assert s.tapped[unit(s, MOTTI)] == tapped


def test_b_wing_gets_accuracy_and_critical_hit_against_a_capital_ship() -> None:
    """B-Wing (ROTJ.txt): attacking a Capital Ship it has Accuracy 1 and Critical Hit 1;
    attacking another unit, neither."""
    s = position(light={"arena": ["B-Wing"]}, dark={"arena": [DCS, WING]})
    b = unit(s, "B-Wing")
    s.atk = [b, unit(s, DCS), -1, 0]
    assert (keyword(s, b, "accuracy"), s.critical_hit(b)) == (1, 1)
    s.atk = [b, unit(s, WING), -1, 0]
    assert (keyword(s, b, "accuracy"), s.critical_hit(b)) == (0, 0)


def test_ewok_artillery_rolls_two_dice_at_each_enemy_ground_unit() -> None:
    """Ewok Artillery (ROTJ.txt): tap instead of attacking: 2 dice of damage to each of the
    opponent's Ground units (not its own)."""
    s = position(light={"arena": ["Ewok Artillery", CLONE]}, dark={"arena": [PATROL, BDS]})
    for u in s.all_in_play():
        s.tapped[u] = s.name(u) != "Ewok Artillery"
    start(s, ("step", 1))
    pass_until(s, "?attack")
    act(s, f"use {c(s, 'Ewok Artillery')} 1")
    while s.tasks:
        act(s, "pass")
    rolls = [x for x in s.log if x.startswith("2 dice of damage at")]
    assert len(rolls) == 2 and not any(CLONE in x for x in rolls)


def test_ewok_glider_gets_three_power_attacking_an_imperial() -> None:
    """Ewok Glider (ROTJ.txt): +3 power attacking an Imperial unit; otherwise its own 2."""
    s = position(light={"arena": ["Ewok Glider"]}, dark={"arena": [PATROL, BDS]})
    g = unit(s, "Ewok Glider")
    s.atk = [g, unit(s, PATROL), -1, 1]
    assert s.power(g) == 5
    s.atk = [g, unit(s, BDS), -1, 1]
    assert s.power(g) == 2


def test_endor_regiment_is_faster_with_a_ground_location_and_hits_rebels_harder() -> None:
    """Endor Regiment (ROTJ.txt): +20 speed while a Location is in the Ground arena; +2 power
    attacking a Rebel unit."""
    s = position(dark={"arena": ["Endor Regiment"]}, light={"arena": [MARINES, CLONE], "locations": ["Ewok Village"]})
    r = unit(s, "Endor Regiment")
    assert s.speed(r) == 40
    s.atk = [r, unit(s, MARINES), -1, 1]
    assert s.power(r) == 10
    s.atk = [r, unit(s, CLONE), -1, 1]
    assert s.power(r) == 8
    s = position(dark={"arena": ["Endor Regiment"]})
    assert s.speed(unit(s, "Endor Regiment")) == 20


def test_forest_at_at_strips_the_defenders_shields_and_armor_for_its_attack() -> None:
    """Forest AT-AT (ROTJ.txt): Armor; when it attacks, the defender loses Shields and Armor
    for that attack."""
    s = position(dark={"arena": ["Forest AT-AT"]}, light={"arena": ["Gian Speeder"], "hand": ["Surprising Strength"]},
                 force=(0, 2))     # a card the Light Side could play keeps the attack's chance open
    at, gs = unit(s, "Forest AT-AT"), unit(s, "Gian Speeder")
    assert keyword(s, at, "armor") == 1 and keyword(s, gs, "armor") == 1
    s.tapped[gs] = True
    in_attack_window(s, "Forest AT-AT", "Gian Speeder", 1)
    assert keyword(s, gs, "armor") == 0


def test_forest_at_st_is_faster_and_stronger_with_a_ground_location() -> None:
    """Forest AT-ST (ROTJ.txt): +10 speed and +1 power while a Location is in the Ground arena."""
    s = position(dark={"arena": ["Forest AT-ST"], "locations": ["Dune Sea"]})
    assert (s.speed(unit(s, "Forest AT-ST")), s.power(unit(s, "Forest AT-ST"))) == (50, 3)
    s = position(dark={"arena": ["Forest AT-ST"]})
    assert (s.speed(unit(s, "Forest AT-ST")), s.power(unit(s, "Forest AT-ST"))) == (40, 2)


def test_gray_squadron_y_wing_has_armor() -> None:
    """Gray Squadron Y-Wing (ROTJ.txt): Armor (a 4 misses it; its Stun 2 is checked with the
    Stun cards)."""
    from tests.tcg.helpers import hits_with
    s = position(light={"arena": ["Gray Squadron Y-Wing"]}, dark={"arena": [WING]})
    assert hits_with(s, unit(s, WING), unit(s, "Gray Squadron Y-Wing"), [4, 4, 5]) == 1


def test_imperial_class_star_destroyer_gets_a_power_for_each_enemy_space_unit() -> None:
    """Imperial-Class Star Destroyer (ROTJ.txt): Shields 1; +1 power for each of the opponent's
    units in the Space arena."""
    s = position(dark={"arena": ["Imperial-Class Star Destroyer", WING]},
                 light={"arena": [RUNNER, "Red Squadron X-Wing"]})
    isd = unit(s, "Imperial-Class Star Destroyer")
    assert (s.power(isd), keyword(s, isd, "shields")) == (5, 1)


def test_worrt_rolls_two_dice_at_a_creature_in_the_ground_step() -> None:
    """Worrt (ROTJ.txt): tap during the Ground battle step: 2 dice of damage to a Creature in
    the Ground or Character arena, either side's (its ruling: its own too); not in another step."""
    s = position(dark={"arena": ["Worrt", "Rancor"]}, light={"arena": [CLONE]})
    start(s, ("step", 1))
    _to_side(s, DARK)
    act(s, f"use {c(s, 'Worrt')} 1")
    assert texts(s) == [f"choose {c(s, 'Worrt')}", f"choose {c(s, 'Rancor')}"]
    act(s, f"choose {c(s, 'Rancor')}")
    assert any(x.startswith("2 dice of damage at Rancor") for x in s.log)
    s = position(dark={"arena": ["Worrt", "Rancor"]}, light={"arena": [GUARD]})
    start(s, ("step", 2))
    assert not offered(s, f"use {c(s, 'Worrt')} 1")


# ---- Battle cards ---------------------------------------------------------------------------
def test_trap_door_taps_an_untapped_character_and_deals_three() -> None:
    """Trap Door! (ROTJ.txt): pay 4 Force: tap an untapped Character and deal 3 damage to it
    (a tapped one is not offered)."""
    s = position(dark={"hand": ["Trap Door!"]}, light={"arena": [LIEUTENANT, GUARD]}, force=(4, 0))
    s.tapped[unit(s, GUARD)] = True
    start(s, ("step", 0))
    act(s, f"play {c(s, 'Trap Door!')}")
    assert texts(s) == [f"choose {c(s, LIEUTENANT)}"]
    act(s, f"choose {c(s, LIEUTENANT)}")
    close_window(s)
    lt = unit(s, LIEUTENANT)
    assert (s.tapped[lt], s.damage[lt], s.force[DARK]) == (True, 3, 0)


def test_desperate_bluff_taps_your_character_to_tap_a_unit() -> None:
    """Desperate Bluff (ROTJ.txt): pay 2 Force and tap one of your untapped Characters: tap an
    untapped unit; with no untapped Character of yours, it can't be played."""
    s = position(light={"hand": ["Desperate Bluff"], "arena": [LIEUTENANT]}, dark={"arena": [CORE]}, force=(0, 2))
    start(s, ("step", 0))
    _to_side(s, LIGHT)
    act(s, f"play {c(s, 'Desperate Bluff')}")
    act(s, f"choose {c(s, LIEUTENANT)}")
    act(s, f"choose {c(s, CORE)}")
    assert s.tapped[unit(s, LIEUTENANT)] and s.tapped[unit(s, CORE)] and s.force[LIGHT] == 0
    s = position(light={"hand": ["Desperate Bluff"], "arena": [CLONE]}, dark={"arena": [CORE]}, force=(0, 2))
    start(s, ("step", 0))
    _to_side(s, LIGHT)
    assert not offered(s, f"play {c(s, 'Desperate Bluff')}")


def test_ionization_weapons_strips_shields_from_one_unit_or_an_arena() -> None:
    """Ionization Weapons (ROTJ.txt): pay 1 Force: one of the opponent's units loses Shields
    this turn; Enhance, 2 more: each of their units in a chosen arena does instead."""
    s = position(dark={"hand": ["Ionization Weapons"]},
                 light={"arena": ["Red Squadron X-Wing", "Mon Calamari Cruiser"]}, force=(1, 0))
    start(s, ("step", 0))
    act(s, f"play {c(s, 'Ionization Weapons')}")
    act(s, f"choose {c(s, 'Red Squadron X-Wing')}")
    assert [keyword(s, unit(s, n), "shields") for n in ("Red Squadron X-Wing", "Mon Calamari Cruiser")] == [0, 1]
    s = position(dark={"hand": ["Ionization Weapons"]},
                 light={"arena": ["Red Squadron X-Wing", "Mon Calamari Cruiser"]}, force=(3, 0))
    start(s, ("step", 0))
    act(s, f"play {c(s, 'Ionization Weapons')}")
    act(s, "pay 2")
    act(s, "choose space")
    assert [keyword(s, unit(s, n), "shields") for n in ("Red Squadron X-Wing", "Mon Calamari Cruiser")] == [0, 0]
    assert s.force[DARK] == 0


def test_vaders_summons_puts_a_retreated_enemy_character_into_the_arena() -> None:
    """Vader's Summons (ROTJ.txt): pay 1 Force: a Character in the opponent's build zone goes
    into the Character arena untapped; Enhance, 2 more: tapped instead."""
    for force, tapped in ((1, False), (3, True)):
        s = position(dark={"hand": ["Vader's Summons"]}, light={"retreated": [LIEUTENANT]}, force=(force, 0))
        start(s, ("step", 0))
        summons = "Vader's Summons"
        act(s, f"play {c(s, summons)}")
        act(s, f"choose {c(s, LIEUTENANT)}")
        if force == 3:
            act(s, "pay 2")
        lt = unit(s, LIEUTENANT)
        assert (lt in s.arena[LIGHT][2], s.tapped[lt], s.force[DARK]) == (True, tapped, 0)


def test_wookiee_hug_prevents_two_and_gives_retaliate_three() -> None:
    """Wookiee Hug (ROTJ.txt): pay 3 Force at the prevention chance: prevent 2 of the damage to
    your unit, which gets "pay 0 Force -> Retaliate 3" this turn."""
    s = position(light={"arena": [LIEUTENANT], "hand": ["Wookiee Hug"]}, force=(0, 3))
    lt = unit(s, LIEUTENANT)
    start(s, ("damage", lt, 3, -1, 0))
    act(s, f"play {c(s, 'Wookiee Hug')}")
    close_window(s)
    assert s.damage[lt] == 1
    assert [(a.n, a.force) for a in abilities_of(s, lt) if a.timing == "retaliate"] == [(3, 0)]


def test_close_quarters_boosts_your_four_units_of_an_arena() -> None:
    """Close Quarters (ROTJ.txt, by its erratum): pay 3 Force, choose the Ground or Character
    arena: with at least 4 units of yours there, each gets +2 power and Overkill this turn;
    with 3, nothing."""
    for n, bonus in ((4, 2), (3, 0)):
        s = position(light={"arena": [CLONE] * n, "hand": ["Close Quarters"]}, force=(0, 3))
        start(s, ("step", 0))
        _to_side(s, LIGHT)
        act(s, f"play {c(s, 'Close Quarters')}")
        act(s, texts(s)[0])      # the Ground arena: the first choice
        u = unit(s, CLONE)
        assert (s.power(u), keyword(s, u, "overkill")) == (4 + bonus, bonus // 2)


def test_decoy_gives_a_unit_intercept_for_one_force() -> None:
    """Decoy (ROTJ.txt): a unit gets "pay 1 Force -> Intercept" until the end of the turn."""
    s = position(light={"arena": [CLONE, STATION], "hand": ["Decoy"]})
    start(s, ("step", 0))
    _to_side(s, LIGHT)
    act(s, f"play {c(s, 'Decoy')}")
    act(s, f"choose {c(s, CLONE)}")
    got = [(a.timing, a.force) for a in abilities_of(s, unit(s, CLONE)) if a.timing == "intercept"]
    assert got == [("intercept", 1)]


def test_fly_casual_slows_a_unit_and_makes_it_lucky_before_space_attacks() -> None:
    """Fly Casual (ROTJ.txt): pay 2 Force before any Space attack: a Space or Ground unit gets
    -20 speed and Lucky 2 this turn; once a unit has attacked in Space, not offered."""
    s = position(light={"arena": [CLONE], "hand": ["Fly Casual"]}, force=(0, 2))
    start(s, ("step", 0))
    _to_side(s, LIGHT)
    act(s, f"play {c(s, 'Fly Casual')}")
    act(s, f"choose {c(s, CLONE)}")
    assert (s.speed(unit(s, CLONE)), _lucky(s, unit(s, CLONE))) == (20, [2])
    s = position(light={"arena": [CLONE], "hand": ["Fly Casual"]}, force=(0, 2))
    s.attacked = 1
    start(s, ("step", 0))
    _to_side(s, LIGHT)
    assert not offered(s, f"play {c(s, 'Fly Casual')}")


def test_surprising_strength_gives_four_power_to_a_weak_unit_for_the_attack() -> None:
    """Surprising Strength (ROTJ.txt): pay 2 Force in an attack: a unit with power 4 or less
    (now) gets +4 power for this attack (a stronger one is not offered)."""
    s = position(light={"arena": [CLONE, MARINES], "hand": ["Surprising Strength"]},
                 dark={"arena": [CORE]}, force=(0, 2))
    s.tapped[unit(s, CORE)] = True
    s.tapped[unit(s, MARINES)] = True
    in_attack_window(s, CLONE, CORE, 1)
    _to_side(s, LIGHT)
    act(s, f"play {c(s, 'Surprising Strength')}")
    assert f"choose {c(s, MARINES)}" not in texts(s)
    act(s, f"choose {c(s, CLONE)}")
    close_window(s)
    assert len(rolled_in_log(s)) == 8        # its 4 power, +4 for the attack


def test_savage_attack_gives_a_character_six_power_accuracy_and_critical_hit() -> None:
    """Savage Attack (ROTJ.txt): pay 6 Force in an attack: a Character gets +6 power, Accuracy 1
    and Critical Hit 1 for this attack."""
    s = position(light={"arena": [LIEUTENANT], "hand": ["Savage Attack"]}, dark={"arena": [MOTTI]}, force=(0, 6))
    s.tapped[unit(s, MOTTI)] = True
    in_attack_window(s, LIEUTENANT, MOTTI, 2)
    _to_side(s, LIGHT)
    act(s, f"play {c(s, 'Savage Attack')}")
    act(s, f"choose {c(s, LIEUTENANT)}")
    close_window(s)
    assert len(rolled_in_log(s)) == 9        # its 3 power, +6 for the attack
    assert f"{LIEUTENANT}: +6 power, +1 Critical Hit" in s.log and f"{LIEUTENANT} gets accuracy 1" in s.log


def test_log_trap_rolls_six_dice_at_a_slow_ground_unit() -> None:
    """Log Trap (ROTJ.txt): pay 1 Force: 6 dice of damage to a Ground unit with speed 30 or
    lower (a faster one is not offered)."""
    s = position(light={"hand": ["Log Trap"]}, dark={"arena": [BDS, PATROL]}, force=(0, 1))
    start(s, ("step", 0))
    _to_side(s, LIGHT)
    act(s, f"play {c(s, 'Log Trap')}")
    assert texts(s) == [f"choose {c(s, BDS)}"]
    act(s, f"choose {c(s, BDS)}")
    assert any(x.startswith(f"6 dice of damage at {BDS}") for x in s.log)


def test_high_speed_dodge_prevents_three_to_a_fast_unit_only() -> None:
    """High-Speed Dodge (ROTJ.txt): pay 1 Force: prevent 3 damage to one of your units with
    speed 50 or more; a slower one does not get the chance."""
    s = position(light={"arena": ["Red Squadron X-Wing"], "hand": ["High-Speed Dodge"]}, force=(0, 1))
    x = unit(s, "Red Squadron X-Wing")
    start(s, ("damage", x, 1, -1, 0))
    act(s, f"play {c(s, 'High-Speed Dodge')}")
    close_window(s)
    assert s.damage[x] == 0 and s.force[LIGHT] == 0
    s = position(light={"arena": [CLONE], "hand": ["High-Speed Dodge"]}, force=(0, 1))
    start(s, ("damage", unit(s, CLONE), 1, -1, 0))
    assert not offered(s, f"play {c(s, 'High-Speed Dodge')}")



# ---- Hidden Cost ----------------------------------------------------------------------------
def _hidden(card: str, side: int, counters: int, force: int, step: int = 0, **more):
    """The card face down in the side's build zone with these counters and Force; the step's
    first play-or-pass chance, turned to that side."""
    own = {"build": [(card, counters)], **more}
    f = (force, 0) if side == DARK else (0, force)
    s = position(dark=own if side == DARK else {"arena": [MOTTI]},
                 light=own if side == LIGHT else {"arena": [GUARD]}, force=f)
    start(s, ("step", step))
    _to_side(s, side)
    return s


def test_endor_imperial_fleet_is_finished_with_force_through_hidden_cost() -> None:
    """Endor Imperial Fleet (ROTJ.txt): Hidden Cost 3: face down with 3 build counters (cost 10),
    it may be finished at a chance to play by paying the other 7 in Force, and enters untapped;
    with 2 counters, or 6 Force, it may not. Overkill is checked with the Overkill cards."""
    s = _hidden("Endor Imperial Fleet", DARK, 3, 7)
    fleet = unit(s, "Endor Imperial Fleet")
    act(s, f"deploy {c(s, 'Endor Imperial Fleet')}")
    assert (fleet in s.arena[DARK][0], s.tapped[fleet], s.force[DARK]) == (True, False, 0)
    assert not offered(_hidden("Endor Imperial Fleet", DARK, 2, 9), f"deploy {c(s, 'Endor Imperial Fleet')}")
    assert not offered(_hidden("Endor Imperial Fleet", DARK, 3, 6), f"deploy {c(s, 'Endor Imperial Fleet')}")


def test_rebel_scouts_hidden_cost_works_in_the_build_step_too() -> None:
    """Rebel Scouts (ROTJ.txt): Hidden Cost 3 (cost 4): in the build step, with 3 counters and
    1 Force, it may be deployed paying the Force; Accuracy 1."""
    s = position(light={"build": [("Rebel Scouts", 3)]}, force=(0, 1))
    start(s, ("?build", LIGHT))
    act(s, f"deploy {c(s, 'Rebel Scouts')}")
    r = unit(s, "Rebel Scouts")
    assert (r in s.arena[LIGHT][1], s.force[LIGHT], keyword(s, r, "accuracy")) == (True, 0, 1)
    s = position(light={"build": [("Rebel Scouts", 2)]}, force=(0, 2))
    start(s, ("?build", LIGHT))
    assert not offered(s, f"deploy {c(s, 'Rebel Scouts')}")


def test_boba_fett_h_hidden_cost_armor_and_critical_hit() -> None:
    """Boba Fett (H) (ROTJ.txt): Hidden Cost 1: with a single counter, the rest (8 of his 9) in
    Force; Armor; Critical Hit 3."""
    s = _hidden("Boba Fett (H)", DARK, 1, 8, step=2)
    act(s, f"deploy {c(s, 'Boba Fett (H)')}")
    b = unit(s, "Boba Fett (H)")
    assert (b in s.arena[DARK][2], s.force[DARK], keyword(s, b, "armor"), s.critical_hit(b)) == (True, 0, 1, 3)


def test_darth_vader_o_hidden_cost_armor_and_evade() -> None:
    """Darth Vader (O) (ROTJ.txt): Hidden Cost 4 (cost 7: 3 Force), Armor, Evade 2 for 2 Force."""
    s = _hidden("Darth Vader (O)", DARK, 4, 3, step=2)
    act(s, f"deploy {c(s, 'Darth Vader (O)')}")
    v = unit(s, "Darth Vader (O)")
    assert (v in s.arena[DARK][2], s.force[DARK], keyword(s, v, "armor")) == (True, 0, 1)
    s = position(dark={"arena": ["Darth Vader (O)"]}, force=(2, 0))
    start(s, ("damage", v, 3, -1, 0))
    act(s, f"use {c(s, 'Darth Vader (O)')} 3")
    close_window(s)
    assert s.damage[v] == 1


def test_endor_attack_squad_has_hidden_cost_only_with_a_ground_location() -> None:
    """Endor Attack Squad (ROTJ.txt): Hidden Cost 3 only while there is a Location in the Ground
    arena (cost 5: 2 Force)."""
    s = _hidden("Endor Attack Squad", DARK, 3, 2, step=1, locations=["Dune Sea"])
    act(s, f"deploy {c(s, 'Endor Attack Squad')}")
    assert unit(s, "Endor Attack Squad") in s.arena[DARK][1] and s.force[DARK] == 0
    s = _hidden("Endor Attack Squad", DARK, 3, 2, step=1)
    assert not offered(s, f"deploy {c(s, 'Endor Attack Squad')}")


def test_scout_trooper_hidden_cost_and_speeder_pilot() -> None:
    """Scout Trooper (ROTJ.txt): Hidden Cost 1 (cost 2: 1 Force); piloting a Speeder it gives
    +10 speed and Accuracy 1."""
    s = _hidden("Scout Trooper", DARK, 1, 1, step=2)
    act(s, f"deploy {c(s, 'Scout Trooper')}")
    assert unit(s, "Scout Trooper") in s.arena[DARK][2]
    s = position(dark={"arena": ["Imperial Speeder Bike"], "hand": ["Scout Trooper"]})
    h = _aboard(s, "Scout Trooper", "Imperial Speeder Bike")
    assert (s.speed(h), keyword(s, h, "accuracy")) == (60, 2)


def test_jabba_the_hutt_c_gives_your_other_characters_free_intercept() -> None:
    """Jabba the Hutt (C) (ROTJ.txt): Hidden Cost 2; each of your other units in the Character
    arena gets "pay 0 Force -> Intercept" (he does not; the opponent's do not)."""
    s = position(dark={"arena": ["Jabba the Hutt (C)", MOTTI]}, light={"arena": [GUARD]})
    got = [[a.force for a in abilities_of(s, unit(s, n)) if a.timing == "intercept"]
           for n in ("Jabba the Hutt (C)", MOTTI, GUARD)]
    assert got == [[], [0], []]
    s = _hidden("Jabba the Hutt (C)", DARK, 2, 3, step=2)
    act(s, f"deploy {c(s, 'Jabba the Hutt (C)')}")
    assert s.force[DARK] == 0


def test_lando_calrissian_h_gives_a_neutral_unit_four_power_or_takes_four() -> None:
    """Lando Calrissian (H) (ROTJ.txt): Hidden Cost 2; tap while no unit attacks: a neutral unit
    gets -4 or +4 power (his choice) until the end of the turn (a non-neutral one is not offered)."""
    for pick, power in ((0, 3 - 4), (1, 3 + 4)):
        s = position(light={"arena": ["Lando Calrissian (H)", GUARD]}, dark={"arena": [KAMINOAN]})
        start(s, ("step", 2))
        _to_side(s, LIGHT)
        act(s, f"use {c(s, 'Lando Calrissian (H)')} 2")
        assert texts(s) == [f"choose {c(s, KAMINOAN)}"]
        act(s, f"choose {c(s, KAMINOAN)}")
        act(s, texts(s)[pick])
        assert s.power(unit(s, KAMINOAN)) == power
    s = _hidden("Lando Calrissian (H)", LIGHT, 2, 4, step=2)
    act(s, f"deploy {c(s, 'Lando Calrissian (H)')}")
    assert s.force[LIGHT] == 0


def test_luke_skywalker_o_gets_a_power_for_each_card_in_his_stack() -> None:
    """Luke Skywalker (O) (ROTJ.txt): Hidden Cost 4; Evade 2 for 2 Force; pay 2 Force while he
    attacks: +X power for this attack, X the cards in his stack (alone: 1; over two other
    versions: 3)."""
    from dejarik.tcg.state import UNDER

    for below, dice in (([], 6 + 1), (["Luke Skywalker (M)", "Luke Skywalker (N)"], 6 + 2 + 3)):
        s = position(light={"arena": ["Luke Skywalker (O)"], "hand": below}, dark={"arena": ["Darth Vader (N)"]},
                     force=(0, 2))
        top = unit(s, "Luke Skywalker (O)")
        for name in below:
            x = unit(s, name)
            s.hand[LIGHT].remove(x)
            s.zone[x] = UNDER
            s.under.setdefault(top, []).append(x)
        s.tapped[unit(s, "Darth Vader (N)")] = True
        in_attack_window(s, "Luke Skywalker (O)", "Darth Vader (N)", 2)
        _to_side(s, LIGHT)
        act(s, f"use {c(s, 'Luke Skywalker (O)')} 3")
        close_window(s)
        assert len(rolled_in_log(s)) == dice


def test_darth_vader_n_makes_the_opponents_battle_cards_cost_two_more() -> None:
    """Darth Vader (N) (ROTJ.txt): Armor; the opponent's Battle cards cost 2 more Force (Log Trap,
    1 Force, needs 3; his own side's cards pay their own cost); Evade 1 for 2 Force."""
    s = position(dark={"arena": ["Darth Vader (N)", BDS]}, light={"hand": ["Log Trap"]}, force=(0, 2))
    start(s, ("step", 0))
    assert not offered(s, f"play {c(s, 'Log Trap')}")
    s = position(dark={"arena": ["Darth Vader (N)", BDS]}, light={"hand": ["Log Trap"]}, force=(0, 3))
    start(s, ("step", 0))
    _to_side(s, LIGHT)
    act(s, f"play {c(s, 'Log Trap')}")
    act(s, f"choose {c(s, BDS)}")
    assert s.force[LIGHT] == 0 and keyword(s, unit(s, "Darth Vader (N)"), "armor") == 1
    s = position(dark={"arena": ["Darth Vader (N)"], "hand": ["Trap Door!"]}, light={"arena": [GUARD]}, force=(4, 0))
    start(s, ("step", 0))
    act(s, f"play {c(s, 'Trap Door!')}")
    assert s.force[DARK] == 0


def test_home_one_a_makes_your_battle_cards_cheaper_in_the_space_step() -> None:
    """Home One (A) (ROTJ.txt): Shields 1; each Battle card you play during the Space battle step
    costs 1 less Force (Fly Casual, 2, for 1); in the Ground step, the full 2."""
    for step, force_left in ((0, 1), (1, 0)):
        s = position(light={"arena": ["Home One (A)", CLONE], "hand": ["Fly Casual"]}, force=(0, 2))
        start(s, ("step", step))
        _to_side(s, LIGHT)
        act(s, f"play {c(s, 'Fly Casual')}")
        act(s, f"choose {c(s, CLONE)}")
        assert s.force[LIGHT] == force_left
    assert keyword(s, unit(s, "Home One (A)"), "shields") == 1


def test_jabbas_sail_barge_a_draws_two_then_discards_one() -> None:
    """Jabba's Sail Barge (A) (ROTJ.txt): tap in your build step: draw 2 cards, then discard one
    from your hand."""
    s = position(dark={"arena": ["Jabba's Sail Barge (A)"], "deck": [MOTTI, HELMSMAN]})
    start(s, ("?build", DARK))
    barge = "Jabba's Sail Barge (A)"
    act(s, f"use {c(s, barge)} 1")
    act(s, f"choose {c(s, MOTTI)}")
    assert [s.name(x) for x in s.hand[DARK]] == [HELMSMAN] and [s.name(x) for x in s.discard[DARK]] == [MOTTI]


def test_millennium_falcon_j_takes_an_extra_pilot_and_buys_lucky_three() -> None:
    """Millennium Falcon (J) (ROTJ.txt): it may carry an extra pilot (two board it); pay 3 Force:
    Lucky 3 until the end of the turn."""
    from dejarik.tcg.invariants import check_invariants

    s = position(light={"arena": ["Millennium Falcon (J)", "Han Solo (J)", "Lando Calrissian (I)"]})
    f = unit(s, "Millennium Falcon (J)")
    for pilot in ("Han Solo (J)", "Lando Calrissian (I)"):
        start(s, ("?build", LIGHT))
        act(s, f"pilot {c(s, pilot)} > {c(s, 'Millennium Falcon (J)')}")
        s.tasks = []
        s._legal = None
    assert len(s.aboard[f]) == 2 and check_invariants(s) == []
    s = position(light={"arena": ["Millennium Falcon (J)"]}, force=(0, 3))
    f = unit(s, "Millennium Falcon (J)")
    start(s, ("step", 0))
    _to_side(s, LIGHT)
    act(s, f"use {c(s, 'Millennium Falcon (J)')} 2")
    assert _lucky(s, f) == [3] and s.force[LIGHT] == 0


def test_free_tatooine_puts_a_card_from_the_discard_pile_under_the_deck() -> None:
    """Free Tatooine (ROTJ.txt, by its erratum): when your build step starts, you may put a card
    of your discard pile (any type) under your deck."""
    s = position(light={"locations": ["Free Tatooine"], "discard": ["Log Trap", GUARD], "deck": [CLONE]})
    start(s, ("build_step", LIGHT))
    act(s, "yes")
    act(s, f"choose {c(s, 'Log Trap')}")
    assert [s.name(x) for x in s.deck[LIGHT]] == ["Log Trap", CLONE]
    assert [s.name(x) for x in s.discard[LIGHT]] == [GUARD]


def test_occupied_tatooine_puts_a_card_from_the_discard_pile_under_the_deck() -> None:
    """Occupied Tatooine (ROTJ.txt, by its erratum): when your build step starts, you may put a
    card of your discard pile under your deck; declining leaves it there."""
    s = position(dark={"locations": ["Occupied Tatooine"], "discard": [MOTTI]})
    start(s, ("build_step", DARK))
    act(s, "yes")
    act(s, f"choose {c(s, MOTTI)}")
    assert [s.name(x) for x in s.deck[DARK]] == [MOTTI] and not s.discard[DARK]
    s = position(dark={"locations": ["Occupied Tatooine"], "discard": [MOTTI]})
    start(s, ("build_step", DARK))
    act(s, "pass")
    assert [s.name(x) for x in s.discard[DARK]] == [MOTTI]


def test_honor_the_fallen_gains_a_force_for_each_jedi_character_in_your_discard_pile() -> None:
    """Honor the Fallen (ROTJ.txt): completed, 1 Force for each Jedi Character card in your
    discard pile (not a non-Jedi, not the opponent's)."""
    from tests.tcg.helpers import complete, mission

    s = mission(LIGHT, "Honor the Fallen", mine={"discard": ["Luke Skywalker (M)", "Anakin Skywalker (K)", GUARD]},
                theirs={"discard": ["Emperor Palpatine (C)"]})
    complete(s, "Honor the Fallen", LIGHT)
    assert s.force == [0, 2]


def test_progress_report_doubles_the_counters_on_a_face_down_card() -> None:
    """Progress Report (ROTJ.txt): completed, a face-down card of your build zone gets another
    build counter for each it has (3 become 6)."""
    from tests.tcg.helpers import complete, mission

    s = mission(DARK, "Progress Report", mine={"build": [("Endor Imperial Fleet", 3)]})
    complete(s, "Progress Report", DARK)
    act(s, f"choose {c(s, 'Endor Imperial Fleet')}")
    assert s.counters[unit(s, "Endor Imperial Fleet")] == 6


def test_forests_of_endor_ward_your_ground_units_from_non_endor_attackers() -> None:
    """Forests of Endor (ROTJ.txt): damage an opponent's non-Endor Ground unit would deal to one
    of your Ground units is prevented unless they pay 2 Force (unable: prevented; paying: it
    lands); a Space unit's damage (Bombard) is not warded, nor are the opponent's units."""
    for force, source, want in ((0, CLONE, 0), (2, CLONE, 2), (0, "Republic Assault Ship", 2)):
        s = position(dark={"arena": [BDS], "locations": ["Forests of Endor"]},
                     light={"arena": [CLONE, "Republic Assault Ship"]}, force=(0, force))
        target = unit(s, BDS)
        start(s, ("damage", target, 2, unit(s, source), 1))
        if force:
            act(s, "pay 2")
        close_window(s)
        assert s.damage[target] == want
    s = position(dark={"arena": [BDS], "locations": ["Forests of Endor"]}, light={"arena": [CLONE]})
    start(s, ("damage", unit(s, CLONE), 2, unit(s, BDS), 1))
    close_window(s)
    assert s.damage[unit(s, CLONE)] == 2


def test_princess_leia_k_wards_herself_and_the_speeder_she_pilots() -> None:
    """Princess Leia (K) (ROTJ.txt): an opponent's unit's damage to her, or to the Speeder she
    pilots, is prevented unless they pay 2 Force; the Speeder also gets +20 speed and Lucky 1."""
    s = position(light={"arena": ["Princess Leia (K)"]}, dark={"arena": [MOTTI]})
    leia = unit(s, "Princess Leia (K)")
    start(s, ("damage", leia, 2, unit(s, MOTTI), 1))
    close_window(s)
    assert s.damage[leia] == 0
    s = position(light={"arena": ["Skiff"], "hand": ["Princess Leia (K)"]}, dark={"arena": [PATROL]})
    h = _aboard(s, "Princess Leia (K)", "Skiff")
    assert (s.speed(h), _lucky(s, h)) == (70, [1])
    start(s, ("damage", h, 2, unit(s, PATROL), 1))
    close_window(s)
    assert s.damage[h] == 0
    s = position(light={"arena": ["Skiff"]}, dark={"arena": [PATROL]})
    start(s, ("damage", unit(s, "Skiff"), 2, unit(s, PATROL), 1))
    close_window(s)
    assert s.damage[unit(s, "Skiff")] == 2


def test_reactor_core_pays_each_build_step_and_scars_a_space_unit_when_discarded() -> None:
    """Reactor Core (ROTJ.txt): when your build step starts, 1 build point and 1 Force; when it
    is discarded from play (here replaced by another Space Location), 3 damage counters go on
    one of your Space units."""
    s = position(dark={"locations": ["Reactor Core"]})
    _build_step(s, DARK)
    assert (s.bp[DARK], s.force[DARK]) == (1, 1)
    s = position(dark={"locations": ["Reactor Core"], "arena": [DEVASTATOR, WING]},
                 light={"build": [("Free Bespin", 3)]})
    start(s, ("?build", LIGHT))
    act(s, f"deploy {c(s, 'Free Bespin')} space")
    act(s, f"choose {c(s, DEVASTATOR)}")
    assert s.damage[unit(s, DEVASTATOR)] == 3 and s.places[0] == unit(s, "Free Bespin")


# ---- Spirits --------------------------------------------------------------------------------
def test_anakins_spirit_a_neither_controls_nor_deals_or_takes_damage() -> None:
    """Anakin's Spirit (A) (ROTJ.txt, by its erratum): it doesn't count toward controlling the
    Character arena (alone there, nobody controls it); all damage to it and by it is prevented;
    when your build step starts, 2 Force if you have Luke Skywalker or Princess Leia in the
    Character arena (either is enough, its ruling)."""
    spirit = "Anakin's Spirit (A)"
    s = position(light={"arena": [spirit]}, dark={"arena": [MOTTI]})
    a = unit(s, spirit)
    assert not s.controls(LIGHT, 2)
    s2 = position(light={"arena": [spirit]})
    assert not s2.controls(LIGHT, 2) and not s2.controls(DARK, 2)
    start(s, ("damage", a, 3, unit(s, MOTTI), 1))
    assert s.damage[a] == 0
    start(s, ("damage", unit(s, MOTTI), 2, a, 1))
    assert s.damage[unit(s, MOTTI)] == 0
    for friend, force in (("Princess Leia (K)", 2), ("Luke Skywalker (M)", 2), (LIEUTENANT, 0)):
        s = position(light={"arena": [spirit, friend]})
        _build_step(s, LIGHT)
        assert s.force[LIGHT] == force


def test_yodas_spirit_a_gains_a_force_for_each_spirit_as_the_character_step_ends() -> None:
    """Yoda's Spirit (A) (ROTJ.txt): doesn't count toward controlling the Character arena; all
    damage to and by it is prevented; when the Character battle step ends, 1 Force for each
    Spirit you control (two Spirits: 2)."""
    s = position(light={"arena": ["Yoda's Spirit (A)", "Anakin's Spirit (A)"]})
    y = unit(s, "Yoda's Spirit (A)")
    assert not s.controls(LIGHT, 2)
    for u in s.all_in_play():
        s.tapped[u] = True
    start(s, ("step", 2))
    while s.tasks:
        act(s, "pass")
    assert s.force[LIGHT] == 2
    s = position(light={"arena": ["Yoda's Spirit (A)"]})
    start(s, ("damage", y, 2, -1, 0))
    assert s.damage[y] == 0


# ---- attack costs ---------------------------------------------------------------------------
def test_max_rebo_band_a_makes_enemy_characters_pay_a_force_to_attack() -> None:
    """Max Rebo Band (A) (ROTJ.txt): each of the opponent's units in the Character arena can't
    attack unless its owner pays 1 Force (without it, no attack is offered; paying, it attacks
    and the Force is spent); its own side's Characters attack freely."""
    def attack_window(force: int):
        s = position(dark={"arena": ["Max Rebo Band (A)"]}, light={"arena": [LIEUTENANT]}, force=(0, force))
        s.tapped[unit(s, "Max Rebo Band (A)")] = True
        start(s, ("step", 2))
        pass_until(s, "?attack")
        return s

    move = "attack {} > {}"
    s = attack_window(0)
    assert not offered(s, move.format(c(s, LIEUTENANT), c(s, "Max Rebo Band (A)")))
    s = attack_window(1)
    act(s, move.format(c(s, LIEUTENANT), c(s, "Max Rebo Band (A)")))
    assert s.force[LIGHT] == 0 and f"{LIEUTENANT} attacks Max Rebo Band (A)" in s.log
    s = position(dark={"arena": ["Max Rebo Band (A)"]}, light={"arena": [LIEUTENANT]})
    s.tapped[unit(s, LIEUTENANT)] = True
    start(s, ("step", 2))
    pass_until(s, "?attack")
    assert offered(s, move.format(c(s, "Max Rebo Band (A)"), c(s, LIEUTENANT)))


def test_max_rebo_band_a_a_forced_attack_without_the_force_is_not_made() -> None:
    """Max Rebo Band (A) with Admiral Motti (A) (ANH.txt: a Jedi that can attack Motti must):
    a Jedi whose side has no Force to pay can't attack at all, so it does not attack (a random
    pool game hung here when the forced attack was the only option and the tax removed it)."""
    s = position(dark={"arena": ["Max Rebo Band (A)", "Admiral Motti (A)"]},
                 light={"arena": ["Ki-Adi-Mundi (B)"]}, force=(0, 0))
    for name in ("Max Rebo Band (A)", "Admiral Motti (A)"):
        s.tapped[unit(s, name)] = True
    start(s, ("step", 2))
    pass_until(s, "?attack")
    assert texts(s) == [f"hold {c(s, 'Ki-Adi-Mundi (B)')}"]


def test_mon_mothma_a_costs_two_force_to_attack_and_helps_rebels() -> None:
    """Mon Mothma (A) (ROTJ.txt): the opponent can't attack her unless they pay 2 Force; tap in
    the build step: your Rebel units cost 1 fewer build counter to deploy this turn; tap: your
    Rebel units get +1 power and Accuracy 1 this turn."""
    move = "attack {} > {}"
    for force, ok in ((1, False), (2, True)):
        s = position(light={"arena": ["Mon Mothma (A)"]}, dark={"arena": [MOTTI]}, force=(force, 0))
        s.tapped[unit(s, "Mon Mothma (A)")] = True
        start(s, ("step", 2))
        pass_until(s, "?attack")
        assert offered(s, move.format(c(s, MOTTI), c(s, "Mon Mothma (A)"))) == ok
    act(s, move.format(c(s, MOTTI), c(s, "Mon Mothma (A)")))
    assert s.force[DARK] == 0
    s = position(light={"arena": ["Mon Mothma (A)"], "build": [(LIEUTENANT, 3)]})
    start(s, ("?build", LIGHT))
    assert not offered(s, f"deploy {c(s, LIEUTENANT)}")
    act(s, f"use {c(s, 'Mon Mothma (A)')} 1")
    assert offered(s, f"deploy {c(s, LIEUTENANT)}")
    s = position(light={"arena": ["Mon Mothma (A)", MARINES, CLONE]})
    start(s, ("step", 2))
    _to_side(s, LIGHT)
    act(s, f"use {c(s, 'Mon Mothma (A)')} 2")
    m = unit(s, MARINES)
    assert (s.power(m), keyword(s, m, "accuracy"), s.power(unit(s, CLONE))) == (8, 1, 4)


def test_mon_mothma_a_intercepting_needs_the_attackers_two_force() -> None:
    """Mon Mothma (A)'s ruling: given Intercept (Jabba the Hutt (C)), she becomes the defender
    only if the attacker's owner pays 2 Force; refusing, the attack stays on its defender."""
    for pay, defender in ((False, LIEUTENANT), (True, "Mon Mothma (A)")):
        s = position(light={"arena": ["Mon Mothma (A)", LIEUTENANT, "Jabba the Hutt (C)"]},
                     dark={"arena": [MOTTI]}, force=(2, 0))
        for u in s.in_play(LIGHT):
            s.tapped[u] = True
        in_attack_window(s, MOTTI, LIEUTENANT, 2)
        _to_side(s, LIGHT)
        act(s, f"use {c(s, 'Mon Mothma (A)')} 4")
        act(s, "pay 2" if pay else "pass")
        assert s.atk is not None and s.name(s.atk[1]) == defender


def test_luke_skywalker_n_takes_a_dark_character_until_the_character_step_ends() -> None:
    """Luke Skywalker (N) (ROTJ.txt): Evade 2 for 5 Force; tap and pay X Force while no unit
    attacks: control of a Dark Side Character of total build cost X or less until the Character
    battle step ends (Admiral Motti, 3, for 3 Force; with 2 Force, not offered); Luke doesn't
    untap in the next untap step."""
    s = position(light={"arena": ["Luke Skywalker (N)"]}, dark={"arena": [MOTTI]}, force=(0, 2))
    start(s, ("step", 2))
    _to_side(s, LIGHT)
    assert not offered(s, f"use {c(s, 'Luke Skywalker (N)')} 2")
    s = position(light={"arena": ["Luke Skywalker (N)"]}, dark={"arena": [MOTTI]}, force=(0, 3))
    m, luke = unit(s, MOTTI), unit(s, "Luke Skywalker (N)")
    start(s, ("step", 2))
    _to_side(s, LIGHT)
    act(s, f"use {c(s, 'Luke Skywalker (N)')} 2")
    act(s, f"choose {c(s, MOTTI)}")
    assert (s.owner[m], m in s.arena[LIGHT][2], s.force[LIGHT], s.tapped[luke]) == (LIGHT, True, 0, True)
    start(s, ("disembark", 2))                  # the Character battle step ends
    assert s.owner[m] == DARK
    start(s, ("ready",))
    assert s.tapped[luke]


def test_baited_trap_taps_a_creature_that_then_stays_tapped() -> None:
    """Baited Trap (ROTJ.txt): pay 3 Force: tap an untapped Creature (a non-Creature is not
    offered); it doesn't untap in the next untap step."""
    s = position(dark={"hand": ["Baited Trap"]}, light={"arena": ["Worrt", CLONE]}, force=(3, 0))
    start(s, ("step", 0))
    act(s, f"play {c(s, 'Baited Trap')}")
    assert texts(s) == [f"choose {c(s, 'Worrt')}"]
    act(s, f"choose {c(s, 'Worrt')}")
    w = unit(s, "Worrt")
    assert s.tapped[w]
    start(s, ("ready",))
    assert s.tapped[w] and not s.tapped[unit(s, CLONE)]


def test_nien_nunb_a_boosts_his_ship_only_with_another_pilot_aboard() -> None:
    """Nien Nunb (A) (ROTJ.txt and rulings): a Starfighter or Transport pilot; alone aboard he
    gives nothing; with another pilot aboard (he is the extra pilot, whether he boards first or
    second) the unit gets +30 speed, +3 power and Accuracy 2."""
    from dejarik.tcg.invariants import check_invariants

    for order in (("Nien Nunb (A)", "Han Solo (J)"), ("Han Solo (J)", "Nien Nunb (A)")):
        s = position(light={"arena": ["Mon Calamari Cruiser", "Corellian Star Shuttle", *order]})
        h = unit(s, "Corellian Star Shuttle")      # a Republic Transport, 4/20/3/4
        start(s, ("?build", LIGHT))
        act(s, f"pilot {c(s, order[0])} > {c(s, 'Corellian Star Shuttle')}")
        if order[0] == "Nien Nunb (A)":
            assert (s.speed(h), s.power(h), keyword(s, h, "accuracy")) == (20, 3, 0)
        s.tasks = []
        s._legal = None
        start(s, ("?build", LIGHT))
        act(s, f"pilot {c(s, order[1])} > {c(s, 'Corellian Star Shuttle')}")
        assert (s.speed(h), s.power(h), keyword(s, h, "accuracy")) == (50, 6, 2)
        assert len(s.aboard[h]) == 2 and check_invariants(s) == []


# ---- Upkeep ---------------------------------------------------------------------------------
def test_jabbas_guards_upkeep_intercept_and_retaliate() -> None:
    """Jabba's Guards (ROTJ.txt): Upkeep: 1 build point, a card from hand, or tapping it (with
    all three payable, three options; with none but the tap, it taps); Intercept for 0 Force;
    Retaliate 3 for 3 Force."""
    guards = "Jabba's Guards"
    s = position(dark={"arena": [guards], "hand": [MOTTI]})
    s.bp[DARK] = 1
    start(s, ("build_step", DARK))
    assert texts(s) == ["choose option 1", "choose option 2", "choose option 3"]
    act(s, "choose option 2")
    act(s, f"choose {c(s, MOTTI)}")
    assert [s.name(x) for x in s.discard[DARK]] == [MOTTI] and s.bp[DARK] == 1
    s = position(dark={"arena": [guards]})
    start(s, ("build_step", DARK))
    assert s.tapped[unit(s, guards)] and s.tasks[-1][0] == "?build"
    got = [(a.timing, a.force, a.n) for a in abilities_of(s, unit(s, guards)) if a.timing in ("intercept", "retaliate")]
    assert got == [("intercept", 0, 0), ("retaliate", 3, 3)]


def test_ephant_mon_a_strips_a_battle_or_mission_card_when_he_attacks() -> None:
    """Ephant Mon (A) (ROTJ.txt): Upkeep: 1 build point or tap him; Hidden Cost 2; when he
    attacks, he may look through the opponent's hand and deck and discard one Battle or Mission
    card (a unit is not offered); their deck is then shuffled."""
    s = position(dark={"arena": ["Ephant Mon (A)"]},
                 light={"arena": [GUARD], "hand": ["Log Trap", CLONE], "deck": ["Honor the Fallen", LIEUTENANT]})
    s.tapped[unit(s, GUARD)] = True
    in_attack_window(s, "Ephant Mon (A)", GUARD, 2)
    act(s, "yes")
    assert sorted(texts(s)) == sorted([f"choose {c(s, 'Log Trap')}", f"choose {c(s, 'Honor the Fallen')}", "pass"])
    act(s, f"choose {c(s, 'Honor the Fallen')}")
    assert [s.name(x) for x in s.discard[LIGHT]] == ["Honor the Fallen"] and len(s.deck[LIGHT]) == 1
    s = position(dark={"arena": ["Ephant Mon (A)"]})
    start(s, ("build_step", DARK))
    assert s.tapped[unit(s, "Ephant Mon (A)")]          # no build point: the Upkeep taps him
    s = _hidden("Ephant Mon (A)", DARK, 2, 3, step=2)
    act(s, f"deploy {c(s, 'Ephant Mon (A)')}")
    assert s.force[DARK] == 0


def test_c_3po_h_draws_two_then_discards_two_or_a_battle_card() -> None:
    """C-3PO (H) (ROTJ.txt): tap in your build step: draw 2 cards, then discard 2 cards or 1
    Battle card (with no Battle card in hand, 2 cards)."""
    s = position(light={"arena": ["C-3PO (H)"], "deck": ["Log Trap", GUARD]})
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'C-3PO (H)')} 1")
    act(s, texts(s)[1])                          # the second choice: one Battle card
    assert texts(s) == [f"choose {c(s, 'Log Trap')}"]
    act(s, f"choose {c(s, 'Log Trap')}")
    assert [s.name(x) for x in s.hand[LIGHT]] == [GUARD]
    s = position(light={"arena": ["C-3PO (H)"], "deck": [CLONE, GUARD], "hand": [LIEUTENANT]})
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'C-3PO (H)')} 1")
    act(s, f"choose {c(s, CLONE)}")
    act(s, f"choose {c(s, GUARD)}")
    assert [s.name(x) for x in s.hand[LIGHT]] == [LIEUTENANT] and len(s.discard[LIGHT]) == 2


# ---- health bonuses -------------------------------------------------------------------------
def test_jabbas_palace_gives_every_neutral_unit_speed_power_and_health() -> None:
    """Jabba's Palace (ROTJ.txt): each neutral unit, either side's, gets +10 speed, +1 power and
    +1 health (a Light Side unit does not); when the Palace goes, a neutral unit whose damage now
    reaches its health is destroyed."""
    s = position(dark={"locations": ["Jabba's Palace"], "arena": [KAMINOAN]}, light={"arena": ["Skiff", GUARD]})
    k, sk, g = unit(s, KAMINOAN), unit(s, "Skiff"), unit(s, GUARD)
    assert [(s.speed(x), s.power(x), s.health(x)) for x in (k, sk, g)] == [(60, 4, 4), (60, 4, 4), (30, 2, 2)]
    s.damage[k] = 3
    s.places[2] = -1        # the Palace leaves: the Kaminoan Guard (health 3) has 3 damage
    pal = unit(s, "Jabba's Palace")
    s.zone[pal] = DISCARD
    s.discard[DARK].append(pal)
    start(s, ("step", 0))
    assert s.zone[k] == DISCARD


def test_malakili_a_makes_your_creatures_stronger_and_able_to_intercept() -> None:
    """Malakili (A) (ROTJ.txt): each of your Creatures gets +1 power, +1 health and "pay 1 Force
    -> Intercept" (not the opponent's)."""
    s = position(dark={"arena": ["Malakili (A)", "Rancor"]}, light={"arena": ["Worrt"]})
    r, w = unit(s, "Rancor"), unit(s, "Worrt")
    assert (s.power(r), s.health(r), s.power(w), s.health(w)) == (10, 10, 3, 3)
    assert [a.force for a in abilities_of(s, r) if a.timing == "intercept"] == [1]
    assert [a.force for a in abilities_of(s, w) if a.timing == "intercept"] == []


def test_endor_rebel_fleet_grows_with_each_other_space_unit_of_yours() -> None:
    """Endor Rebel Fleet (ROTJ.txt): +1 power and +1 health for each other Space unit you have
    in the Space arena (two others: 9/9; the opponent's do not count)."""
    s = position(light={"arena": ["Endor Rebel Fleet", "A-Wing", "B-Wing"]}, dark={"arena": [WING]})
    f = unit(s, "Endor Rebel Fleet")
    assert (s.power(f), s.health(f)) == (9, 9)


def test_death_star_battalion_is_stronger_under_an_imperial_capital_ship() -> None:
    """Death Star Battalion (ROTJ.txt): +2 power and +2 health while an Imperial Capital Ship or
    Battle Station is in the Space arena (a non-Imperial Capital Ship does not count)."""
    for space, want in (([DEVASTATOR], (6, 6)), (["Death Star II (A)"], (6, 6)), ([DCS], (4, 4))):
        s = position(dark={"arena": ["Death Star Battalion", *space]})
        b = unit(s, "Death Star Battalion")
        assert (s.power(b), s.health(b)) == want


# ---- Missions that split a hand -------------------------------------------------------------
def test_bargain_with_jabba_draws_then_splits_the_hand_with_the_opponent() -> None:
    """Bargain with Jabba (ROTJ.txt, by its erratum): draw 6 cards (as many as the deck holds:
    here 2, and no loss); the hand is set aside face up; you take one back, the opponent
    discards one, in turn until none are left."""
    s = position(light={"build": [("Bargain with Jabba", 3)], "hand": [GUARD], "deck": [CLONE, LIEUTENANT]})
    start(s, ("?build", LIGHT))
    act(s, f"complete {c(s, 'Bargain with Jabba')}")
    assert not s.done and len(texts(s)) == 3 and s.current_player == LIGHT
    act(s, f"choose {c(s, LIEUTENANT)}")           # kept
    assert s.current_player == DARK
    act(s, f"choose {c(s, GUARD)}")                # discarded by the Dark Side
    act(s, f"choose {c(s, CLONE)}")                # the last one: kept
    assert sorted(s.name(x) for x in s.hand[LIGHT]) == sorted([LIEUTENANT, CLONE])
    assert [s.name(x) for x in s.discard[LIGHT]] == ["Bargain with Jabba", GUARD]


def test_vaders_guile_needs_twelve_discards_then_splits_the_opponents_hand() -> None:
    """Vader's Guile (ROTJ.txt): it may be completed only with 12 or more cards in your discard
    pile; the opponent's hand is set aside face up, they take one back, you discard one, in turn."""
    guile = "Vader's Guile"
    s = position(dark={"build": [(guile, 2)], "discard": [BDS] * 11}, light={"hand": [GUARD, CLONE]})
    start(s, ("?build", DARK))
    assert not offered(s, f"complete {c(s, guile)}")
    s = position(dark={"build": [(guile, 2)], "discard": [BDS] * 12}, light={"hand": [GUARD, CLONE]})
    start(s, ("?build", DARK))
    act(s, f"complete {c(s, guile)}")
    assert s.current_player == LIGHT
    act(s, f"choose {c(s, GUARD)}")
    assert [s.name(x) for x in s.hand[LIGHT]] == [GUARD, CLONE]
    assert s.current_player == DARK and texts(s) == [f"choose {c(s, CLONE)}"]
    act(s, f"choose {c(s, CLONE)}")
    assert [s.name(x) for x in s.hand[LIGHT]] == [GUARD] and [s.name(x) for x in s.discard[LIGHT]] == [CLONE]


def test_jabba_the_hutt_b_strengthens_bounty_hunters_and_adds_a_bounty() -> None:
    """Jabba the Hutt (B) (ROTJ.txt and rulings): each of your Bounty Hunters gets +1 power;
    when your Character with a Bounty destroys an opponent's unit, you also gain 1 Force and 1
    build point at the start of your next build step (used just like Bounty)."""
    from tests.tcg.helpers import hits_with

    s = position(dark={"arena": ["Jabba the Hutt (B)", "Boba Fett (C)"]}, light={"arena": [GUARD]})
    boba = unit(s, "Boba Fett (C)")
    assert s.power(boba) == s.d(boba).power + 1
    hits_with(s, boba, unit(s, GUARD), [5, 5, 1, 1, 1, 1])
    s.atk = None
    assert s.zone[unit(s, GUARD)] == DISCARD
    start(s, ("build_step", DARK))
    for _ in range(5):
        if s.tasks and s.tasks[-1][0] != "?build":
            act(s, texts(s)[0])
    assert (s.bp[DARK], s.force[DARK]) == (2 + 1, 1)


def test_lightsaber_throw_deals_three_or_six_enhanced() -> None:
    """Lightsaber Throw (ROTJ.txt): pay 2 Force: 3 damage to a Character; Enhance, 4 more Force
    and tapping an untapped Character of yours: 6 damage instead, and you may discard a Location
    in the Character arena (its ruling: your own too)."""
    palace = "Jabba's Palace"
    s = position(dark={"hand": ["Lightsaber Throw"], "arena": [MOTTI]},
                 light={"arena": ["Jabba the Hutt (A)"], "locations": [palace]}, force=(6, 0))
    jabba = unit(s, "Jabba the Hutt (A)")      # health 7, +1 from the Palace
    start(s, ("step", 0))
    act(s, f"play {c(s, 'Lightsaber Throw')}")
    act(s, "pay 4")
    act(s, f"choose {c(s, MOTTI)}")
    act(s, f"choose {c(s, 'Jabba the Hutt (A)')}")
    close_window(s)
    act(s, "yes")
    act(s, f"choose {c(s, palace)}")
    assert (s.damage[jabba], s.tapped[unit(s, MOTTI)], s.places[2], s.force[DARK]) == (6, True, -1, 0)
    s = position(dark={"hand": ["Lightsaber Throw"]}, light={"arena": ["Luke Skywalker (N)"]}, force=(6, 0))
    start(s, ("step", 0))
    act(s, f"play {c(s, 'Lightsaber Throw')}")
    act(s, f"choose {c(s, 'Luke Skywalker (N)')}")   # no Character of its own to tap: no Enhance
    close_window(s)
    assert s.damage[unit(s, "Luke Skywalker (N)")] == 3 and s.force[DARK] == 4


def test_salacious_b_crumb_a_makes_an_enemy_attack_your_chosen_unit() -> None:
    """Salacious B. Crumb (A) (ROTJ.txt): tap: choose one of your units and one of the
    opponent's in the same arena (a unit of another arena is not offered); this turn the
    opponent's gets -2 power and must attack yours whenever it can."""
    s = position(dark={"arena": ["Salacious B. Crumb (A)", PATROL, BDS]}, light={"arena": [MARINES, GUARD]})
    start(s, ("step", 0))
    _to_side(s, DARK)
    act(s, f"use {c(s, 'Salacious B. Crumb (A)')} 1")
    act(s, f"choose {c(s, BDS)}")
    assert texts(s) == [f"choose {c(s, MARINES)}"]
    act(s, f"choose {c(s, MARINES)}")
    m = unit(s, MARINES)
    assert s.power(m) == 5
    s.tapped[unit(s, PATROL)] = True
    start(s, ("step", 1))
    pass_until(s, "?attack")
    while s.current_player != LIGHT:
        act(s, texts(s)[0])
    assert [x for x in texts(s) if x.startswith("attack")] == [f"attack {c(s, MARINES)} > {c(s, BDS)}"]


# ---- Pay X Force ----------------------------------------------------------------------------
def test_force_lightning_rolls_x_dice_only_a_jedi_master_may_prevent() -> None:
    """Force Lightning (ROTJ.txt): pay X Force: X dice of damage to a Character; only a Jedi
    Master can prevent it (a Jedi Knight's Evade is not offered; a Jedi Master's is)."""
    s = position(dark={"hand": ["Force Lightning"]}, light={"arena": ["Luke Skywalker (M)"]}, force=(3, 9), seed=3)
    start(s, ("step", 0))
    act(s, f"play {c(s, 'Force Lightning')}")
    assert texts(s) == ["choose x=1", "choose x=2", "choose x=3"]
    act(s, "choose x=3")
    act(s, f"choose {c(s, 'Luke Skywalker (M)')}")
    assert any(x.startswith("3 dice of damage at Luke Skywalker (M)") for x in s.log) and s.force[DARK] == 0
    assert not offered(s, f"use {c(s, 'Luke Skywalker (M)')} 2")      # a Jedi Knight: no Evade
    s = position(dark={"hand": ["Force Lightning"]}, light={"arena": ["Anakin Skywalker (K)"]}, force=(6, 2), seed=3)
    start(s, ("step", 0))
    act(s, f"play {c(s, 'Force Lightning')}")
    act(s, "choose x=6")
    act(s, f"choose {c(s, 'Anakin Skywalker (K)')}")
    hits = int(next(x for x in s.log if x.startswith("6 dice of damage")).split("= ")[1])
    assert hits and offered(s, f"use {c(s, 'Anakin Skywalker (K)')} 1")     # a Jedi Master's Evade


def test_emperor_palpatine_c_rolls_x_dice_instead_of_attacking() -> None:
    """Emperor Palpatine (C) (ROTJ.txt): tap instead of attacking and pay X Force: X dice of
    damage to a unit in the Character arena, which only a Jedi Master can prevent; Evade 2 for 2."""
    s = position(dark={"arena": ["Emperor Palpatine (C)"]}, light={"arena": [LIEUTENANT]}, force=(2, 0))
    s.tapped[unit(s, LIEUTENANT)] = True
    start(s, ("step", 2))
    pass_until(s, "?attack")
    act(s, f"use {c(s, 'Emperor Palpatine (C)')} 1")
    act(s, "choose x=2")
    act(s, f"choose {c(s, LIEUTENANT)}")
    assert any(x.startswith(f"2 dice of damage at {LIEUTENANT}") for x in s.log)
    assert s.force[DARK] == 0 and s.tapped[unit(s, "Emperor Palpatine (C)")]


def test_emperor_palpatine_d_has_power_and_health_equal_to_your_force() -> None:
    """Emperor Palpatine (D) (ROTJ.txt): his power and health equal your Force total (5 Force:
    5/5); Evade 3 for 2 Force, which lowers his health to 3; with no Force left he has no health
    and is destroyed."""
    s = position(dark={"arena": ["Emperor Palpatine (D)"]}, force=(5, 0))
    p = unit(s, "Emperor Palpatine (D)")
    assert (s.power(p), s.health(p)) == (5, 5)
    start(s, ("damage", p, 4, -1, 0))
    act(s, f"use {c(s, 'Emperor Palpatine (D)')} 2")
    close_window(s)
    assert (s.damage[p], s.health(p)) == (1, 3) and p in s.arena[DARK][2]
    s.force[DARK] = 1
    start(s, ("step", 0))
    assert s.zone[p] == DISCARD


# ---- "as long as this unit remains tapped" --------------------------------------------------
def test_endor_shield_generator_shields_a_space_unit_while_it_stays_tapped() -> None:
    """Endor Shield Generator (ROTJ.txt): tap instead of attacking: a Space unit gets Shields 4
    as long as the Generator stays tapped (its owner may leave it tapped in the untap step; once
    it untaps, the Shields go); Upkeep: 1 build point or back to its owner's hand."""
    gen = "Endor Shield Generator"
    s = position(dark={"arena": [gen, WING]}, light={"arena": [CLONE]}, deck_out="skip")
    s.tapped[unit(s, CLONE)] = True
    start(s, ("step", 1))
    pass_until(s, "?attack")
    act(s, f"use {c(s, gen)} 3")
    act(s, f"choose {c(s, WING)}")
    d = unit(s, WING)
    assert keyword(s, d, "shields") == 4
    start(s, ("end_turn",))
    start(s, ("ready",))
    assert texts(s) == [f"choose {c(s, gen)}", "pass"]
    act(s, "pass")                                   # it stays tapped: the Shields stay
    assert s.tapped[unit(s, gen)] and keyword(s, d, "shields") == 4
    start(s, ("ready",))
    act(s, f"choose {c(s, gen)}")                    # untapped now: the Shields are gone
    assert keyword(s, d, "shields") == 0
    s = position(dark={"arena": [gen]})
    start(s, ("build_step", DARK))                   # no build point: back to the hand
    assert [s.name(x) for x in s.hand[DARK]] == [gen]


def test_sarlacc_a_holds_a_character_and_hurts_it_each_character_step() -> None:
    """Sarlacc (A) (ROTJ.txt, by its erratum, and rulings): tap instead of attacking: one of the
    opponent's Characters; while the Sarlacc stays tapped, that Character doesn't untap and gets
    2 damage counters as each Character battle step starts; when the Sarlacc untaps, it ends."""
    s = position(dark={"arena": ["Sarlacc (A)"]}, light={"arena": [CLONE, LIEUTENANT]}, deck_out="skip")
    s.tapped[unit(s, CLONE)] = True
    start(s, ("step", 1))
    pass_until(s, "?attack")
    act(s, f"use {c(s, 'Sarlacc (A)')} 2")
    assert texts(s) == [f"choose {c(s, LIEUTENANT)}"]
    act(s, f"choose {c(s, LIEUTENANT)}")
    lt = unit(s, LIEUTENANT)
    s.tapped[lt] = True
    start(s, ("end_turn",))
    start(s, ("ready",))
    act(s, "pass")                                   # the Sarlacc stays tapped
    assert s.tapped[lt] and not s.tapped[unit(s, CLONE)]
    start(s, ("step", 2))
    assert s.damage[lt] == 2
    start(s, ("ready",))
    act(s, f"choose {c(s, 'Sarlacc (A)')}")          # it untaps: the Character with it
    assert not s.tapped[lt]
    s.damage[lt] = 0
    start(s, ("step", 2))
    assert s.damage[lt] == 0


# ---- Disrupt --------------------------------------------------------------------------------
def test_jabbas_spies_discard_themselves_to_disrupt_a_battle_card() -> None:
    """Jabba's Spies (ROTJ.txt): discard it: disrupt a Battle card just played unless its
    controller pays 3 Force (they can't: the card does nothing; they pay: it resolves);
    Hidden Cost 3."""
    spies = "Jabba's Spies"
    for light_force, cancelled in ((1, True), (4, False)):
        s = position(dark={"arena": [spies, BDS]}, light={"hand": ["Log Trap"]}, force=(0, light_force))
        start(s, ("step", 0))
        _to_side(s, LIGHT)
        act(s, f"play {c(s, 'Log Trap')}")
        assert s.current_player == DARK
        act(s, f"use {c(s, spies)} 2")
        if not cancelled:
            act(s, "pay 3")
            act(s, f"choose {c(s, BDS)}")
        assert s.zone[unit(s, spies)] == DISCARD
        assert any(x.startswith(f"6 dice of damage at {BDS}") for x in s.log) != cancelled
    s = _hidden(spies, DARK, 3, 3, step=2)
    act(s, f"deploy {c(s, spies)}")
    assert s.force[DARK] == 0


def test_darth_vader_p_discards_a_unit_to_disrupt_or_to_gain_its_cost_in_power() -> None:
    """Darth Vader (P) (ROTJ.txt): discard one of your units: disrupt a Battle card unless its
    controller pays 4 Force; or discard one of your units: +X power until the end of the turn, X
    its build cost (Admiral Motti: 3); Evade 2 for 3 Force."""
    vader = "Darth Vader (P)"
    s = position(dark={"arena": [vader, MOTTI, BDS]}, light={"hand": ["Log Trap"]}, force=(0, 1))
    start(s, ("step", 0))
    _to_side(s, LIGHT)
    act(s, f"play {c(s, 'Log Trap')}")
    act(s, f"use {c(s, vader)} 1")
    act(s, f"choose {c(s, MOTTI)}")
    assert s.zone[unit(s, MOTTI)] == DISCARD and not any(x.startswith("6 dice") for x in s.log)
    s = position(dark={"arena": [vader, MOTTI]})
    v = unit(s, vader)
    start(s, ("step", 2))
    _to_side(s, DARK)
    act(s, f"use {c(s, vader)} 2")
    act(s, f"choose {c(s, MOTTI)}")
    assert s.power(v) == 6 + 3 and s.zone[unit(s, MOTTI)] == DISCARD


def test_emperor_palpatine_e_wins_when_every_enemy_unit_is_corrupted() -> None:
    """Emperor Palpatine (E) (ROTJ.txt and rulings): pay 2 Force, 1 build point and tap in your
    build step: a corruption counter on a unit; when all of the opponent's units in play have
    one, he wins (with no units in play there is nothing to corrupt: no win, R2-D2's Heroism's
    ruling); if he is discarded, the counters on the opponent's units go; Evade 2 for 1."""
    s = position(dark={"arena": ["Emperor Palpatine (E)"]}, light={"arena": [GUARD, CLONE]}, force=(4, 0))
    s.bp[DARK] = 2
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'Emperor Palpatine (E)')} 1")
    act(s, f"choose {c(s, GUARD)}")
    assert ("mark", unit(s, GUARD), "corruption") in s.effects and not s.done
    s.tapped[unit(s, "Emperor Palpatine (E)")] = False     # (untapped by hand for a second use)
    s._legal = None
    act(s, f"use {c(s, 'Emperor Palpatine (E)')} 1")
    act(s, f"choose {c(s, CLONE)}")
    assert s.done and s.won == DARK
    s = position(dark={"arena": ["Emperor Palpatine (E)"]}, light={"arena": [GUARD]}, force=(2, 0))
    s.bp[DARK] = 1
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'Emperor Palpatine (E)')} 1")
    act(s, f"choose {c(s, 'Emperor Palpatine (E)')}")     # his own: the opponent's Guard is clean
    assert not s.done
    s = position(dark={"arena": ["Emperor Palpatine (E)"]}, light={"arena": [GUARD, CLONE]})
    s.effects.append(("mark", unit(s, GUARD), "corruption"))
    start(s, ("damage", unit(s, "Emperor Palpatine (E)"), 9, -1, 0))
    close_window(s)
    while s.tasks:
        act(s, "pass")
    assert not any(e[0] == "mark" for e in s.effects)


def test_ewok_village_wards_your_ground_units_from_units_and_effects() -> None:
    """Ewok Village (ROTJ.txt and ruling): damage the opponent would deal to one of your Ground
    units, by a unit or by an effect (Log Trap), is prevented unless they pay 1 Force (unable:
    prevented; paying: it lands)."""
    s = position(light={"arena": [CLONE], "locations": ["Ewok Village"]}, dark={"arena": [PATROL]})
    start(s, ("damage", unit(s, CLONE), 2, unit(s, PATROL), 1))
    close_window(s)
    assert s.damage[unit(s, CLONE)] == 0
    for force, hurt in ((1, False), (2, True)):
        s = position(light={"arena": [MARINES], "locations": ["Ewok Village"]}, dark={"hand": ["Log Trap"]},
                     force=(force, 0), seed=2)
        start(s, ("step", 0))
        act(s, f"play {c(s, 'Log Trap')}")
        act(s, f"choose {c(s, MARINES)}")
        hits = int(next(x for x in s.log if x.startswith("6 dice")).split("= ")[1])
        if hurt:
            act(s, "pay 1")
        close_window(s)
        m = unit(s, MARINES)
        assert hits > 0 and (s.damage[m] > 0 or s.zone[m] == DISCARD) == hurt


def test_rancor_pit_stops_all_battle_cards_in_the_character_step() -> None:
    """Rancor Pit (ROTJ.txt): Battle cards can't be played during the Character battle step, by
    either player (a Trap Door! in hand is not offered there); in the Space step they can."""
    from dejarik.tcg.effects import plays_forbidden

    s = position(dark={"locations": ["Rancor Pit"]}, light={"hand": ["Trap Door!"], "arena": [GUARD]},
                 force=(0, 4))
    s.step = 2
    assert plays_forbidden(s, LIGHT, "battle") and plays_forbidden(s, DARK, "battle")
    assert not plays_forbidden(s, LIGHT, "abilities")
    s.step = 0
    assert not plays_forbidden(s, LIGHT, "battle")
    start(s, ("step", 0))
    _to_side(s, LIGHT)
    assert offered(s, f"play {c(s, 'Trap Door!')}")
    s = position(dark={"locations": ["Rancor Pit"]}, light={"hand": ["Trap Door!"], "arena": [GUARD]},
                 force=(0, 4))
    start(s, ("step", 2))
    assert not offered(s, f"play {c(s, 'Trap Door!')}")


def test_bib_fortuna_a_holds_neutral_units_face_down_and_grows_for_each() -> None:
    """Bib Fortuna (A) (ROTJ.txt): free, while no unit attacks: another neutral unit of yours
    goes face down under him, out of play and out of his stack; he gets +20 speed, +2 power and
    +2 health for each card held. The cards go to their owners' discard piles when he is
    discarded; a retreat keeps them with him. The opponent sees only what was shown to them."""
    from dejarik.tcg.effects import discard_unit
    from dejarik.tcg.invariants import check_invariants
    from dejarik.tcg.observe import observation
    from dejarik.tcg.state import HELD
    from dejarik.tcg.tensors import LOCATIONS, spaces_for

    bib_name = "Bib Fortuna (A)"
    s = position(dark={"arena": [bib_name, KAMINOAN, GOZANTI, MOTTI]}, light={"arena": [GUARD, KAMINOAN]})
    bib, guard, ship = unit(s, bib_name), unit(s, KAMINOAN, DARK), unit(s, GOZANTI)
    assert (s.speed(bib), s.power(bib), s.health(bib)) == (30, 3, 4)
    start(s, ("step", 2))
    _to_side(s, DARK)
    act(s, f"use {c(s, bib_name)} 1")
    # only his other neutral units: not himself, not the Dark Motti, not the opponent's neutral
    assert sorted(texts(s)) == sorted([f"choose {c(s, KAMINOAN, DARK)}", f"choose {c(s, GOZANTI)}"])
    act(s, f"choose {c(s, KAMINOAN, DARK)}")
    assert (s.zone[guard], s.held[bib], guard in s.in_play(DARK)) == (HELD, [guard], False)
    assert (s.speed(bib), s.power(bib), s.health(bib), s.stack_size(bib)) == (50, 5, 6, 0)
    _to_side(s, DARK)
    act(s, f"use {c(s, bib_name)} 1")
    act(s, f"choose {c(s, GOZANTI)}")
    assert (s.speed(bib), s.power(bib), s.health(bib)) == (70, 7, 8)
    assert check_invariants(s) == []
    # both players saw the units go: the opponent sees their names; a card never shown to them
    # is only "a face-down card", and the tensor shows it as hidden
    seen = observation(s, LIGHT)["sides"][DARK]["arenas"]["character"]
    assert [u["held"] for u in seen if u["name"] == bib_name] == [[KAMINOAN, GOZANTI]]
    s.shown[ship] = 1 << DARK
    seen = observation(s, LIGHT)["sides"][DARK]["arenas"]["character"]
    assert [u["held"] for u in seen if u["name"] == bib_name] == [[KAMINOAN, "a face-down card"]]
    obs = spaces_for(s).observe(s, LIGHT)    # the per-card rows come first
    row = spaces_for(s).card_width
    assert obs[ship * row + LOCATIONS.index("opp_hidden")] == 1.0
    assert obs[guard * row + LOCATIONS.index("opp_held")] == 1.0
    # not while a unit attacks: the same chance, with an attack in progress
    s2 = position(dark={"arena": [bib_name, KAMINOAN, PATROL]}, light={"arena": [CLONE]})
    start(s2, ("step", 1))
    _to_side(s2, DARK)
    assert offered(s2, f"use {c(s2, bib_name)} 1")
    s2.atk, s2._legal = [unit(s2, PATROL), unit(s2, CLONE), -1, 1], None
    assert not offered(s2, f"use {c(s2, bib_name)} 1")
    # a retreat keeps the held cards with him; a discard sends them to the discard pile
    from dejarik.tcg.effects import retreat
    retreat(s, bib)
    s._legal = None
    assert (s.held[bib], check_invariants(s)) == ([guard, ship], [])
    discard_unit(s, bib)
    assert (bib in s.held, s.zone[guard], s.zone[ship]) == (False, DISCARD, DISCARD)
    assert guard in s.discard[DARK] and check_invariants(s) == []
