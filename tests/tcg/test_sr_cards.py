"""Every Sith Rising card with abilities, checked in the engine against what its rules text says
(../shared/reference/swtcg-data/SR.txt; rulings from its Usage column and
../shared/reference/swtcg.md). One test per card (a parametrized case counts as one), grouped by
kind: keywords, static abilities, activated abilities, triggers, Battle cards, Missions. Each
test checks exact numbers or compares with the same position without the ability."""

from __future__ import annotations

import pytest

from dejarik.tcg.abilities import Sel
from dejarik.tcg.effects import deploy_cost, keyword
from dejarik.tcg.state import ARENA, BUILD, COMMAND, DISCARD, HAND
from tests.tcg.helpers import (
    DARK,
    LIGHT,
    act,
    c,
    close_window,
    complete,
    dice_rolled,
    hits_with,
    in_attack_window,
    mission,
    names,
    pass_until,
    position,
    rolled_in_log,
    sides_of,
    start,
    texts,
    unit,
)

# plain units used as targets, attackers and company (cost/speed/power/health)
CORE = "Trade Federation Battleship Core"   # Dark Ground 10 power, 12 health (AOTC)
TFCC = "Trade Federation Control Core"      # Dark Ground 10/10/12/14
STATION = "Naboo Defense Station"           # Light Ground 6 power, 12 health (AOTC)
WARSHIP = "Trade Federation Warship"        # Dark Space 8/20/8/8
ACCLAMATOR = "Acclamator-Class Assault Ship"  # Light Space 8/10/8/10
YACHT = "Nubian Yacht"                      # Light Space 5/40/4/5, Naboo Transport
LEGION = "Clone Trooper Legion"             # Light Ground 7/30/7/7, Clone
TROOPER = "Clone Trooper 6/298"             # Light Character 3/60/2/3, Clone
LAAT = "Republic LAAT/i Gunship"            # Light Ground 6/50/7/3
SBD_SQUAD = "Super Battle Droid Squad"      # Dark Ground 5/30/5/6, Droid
SPIDER = "Commerce Guild Spider Droid"      # Dark Ground 3/50/3/2, Droid
GEO_FIGHTER = "Geonosian Defense Fighter"   # Dark Space 3/60/2/3
WARRIOR = "Clone Warrior 4/163"             # Light Character 4/40/4/4, Clone (AOTC)
NSG = "Naboo Security Guard"                # Light Character 2/30/2/2, Naboo Soldier (AOTC)
GUARD = "Geonosian Guard"                   # Dark Character 2/30/2/2, Geonosian (AOTC)
GEO_WARRIOR = "Geonosian Warrior"           # Dark Character 3/50/3/2, Geonosian (AOTC)
ZAM_B = "Zam Wesell (B)"                    # Dark Character 3/40/3/3, Bounty Hunter (AOTC)
BDS = "Battle Droid Squad"                  # Dark Ground 2/10/2/3, Droid (AOTC)
MAUL_B = "Darth Maul (B)"                   # Dark Character 7/60/6/4, Sith Apprentice
KIT = "Kit Fisto (A)"                       # Light Character, Jedi Master, 5/40/4/5 (AOTC)


def offered(s, move: str) -> bool:
    """Whether a decision waits and `move` is one of its options."""
    return bool(s.tasks) and not s.done and move in texts(s)


def run_out(s) -> None:
    """Pass until the next attack choice, or until nothing is left to do."""
    if s.tasks and not s.done:
        pass_until(s, "?attack")


# ============================================================================================
# Static abilities
# ============================================================================================
def test_chancellor_palpatine_b_weakens_the_opponents_characters() -> None:
    """Palpatine (B) in the Character arena (SR.txt): each of the opponent's Characters -1
    power; his side's own and the opponent's other units unchanged; retreated, nothing."""
    s = position(light={"arena": ["Chancellor Palpatine (B)", NSG]}, dark={"arena": [GUARD, BDS]})
    assert s.power(unit(s, GUARD)) == 1 and s.power(unit(s, BDS)) == 2 and s.power(unit(s, NSG)) == 2
    s = position(light={"retreated": ["Chancellor Palpatine (B)"]}, dark={"arena": [GUARD]})
    assert s.power(unit(s, GUARD)) == 2


def test_geonosian_picadors_give_your_creatures_one_power() -> None:
    """Picadors in the Ground arena (SR.txt): each of your Creatures +1 power; the opponent's
    Creatures and your other units unchanged."""
    s = position(dark={"arena": ["Geonosian Picadors", "Massiff", GUARD]}, light={"arena": ["Aiwha Rider"]})
    assert s.power(unit(s, "Massiff")) == 3 and s.power(unit(s, GUARD)) == 2
    assert s.power(unit(s, "Aiwha Rider")) == 2
    assert s.power(unit(s, "Geonosian Picadors")) == 1


def _attack_power(s, attacker: str, defender: str) -> int:
    s.atk = [unit(s, attacker), unit(s, defender), -1, s.unit_arena(unit(s, attacker))]
    return s.power(unit(s, attacker))


def test_jango_fett_e_weakens_a_jedi_attacking_him() -> None:
    """Jango (E) (SR.txt): a Jedi attacking Jango gets -3 power; a Jedi attacking another unit,
    or a non-Jedi attacking Jango, keeps its power."""
    s = position(dark={"arena": ["Jango Fett (E)", GUARD]}, light={"arena": [KIT, WARRIOR]})
    assert s.power(unit(s, KIT)) == 4
    assert _attack_power(s, KIT, "Jango Fett (E)") == 1
    assert _attack_power(s, KIT, GUARD) == 4
    assert _attack_power(s, WARRIOR, "Jango Fett (E)") == 4
    assert dice_rolled(s, unit(s, KIT), unit(s, "Jango Fett (E)")) == 1


def test_jedi_starfighter_wing_is_strong_only_undamaged() -> None:
    """Jedi Starfighter Wing (SR.txt): +4 power while it has no damage counters."""
    s = position(light={"arena": ["Jedi Starfighter Wing"]})
    w = unit(s, "Jedi Starfighter Wing")
    assert s.power(w) == 8
    s.damage[w] = 1
    assert s.power(w) == 4


def test_naboo_starfighter_wing_is_strong_only_undamaged() -> None:
    """Naboo Starfighter Wing (SR.txt): +3 power while it has no damage counters."""
    s = position(light={"arena": ["Naboo Starfighter Wing"]})
    w = unit(s, "Naboo Starfighter Wing")
    assert s.power(w) == 5
    s.damage[w] = 2
    assert s.power(w) == 2


def test_sio_bibble_a_speeds_and_powers_other_naboo_characters() -> None:
    """Sio in the Character arena (SR.txt): each other Naboo Character +20 speed and +1 power;
    not Sio himself, not a Naboo Space unit, not a non-Naboo Character."""
    s = position(light={"arena": ["Sio Bibble (A)", NSG, "Padme Amidala (D)", WARRIOR, YACHT]})
    assert (s.speed(unit(s, NSG)), s.power(unit(s, NSG))) == (50, 3)
    assert (s.speed(unit(s, "Padme Amidala (D)")), s.power(unit(s, "Padme Amidala (D)"))) == (70, 4)
    assert (s.speed(unit(s, "Sio Bibble (A)")), s.power(unit(s, "Sio Bibble (A)"))) == (20, 1)
    assert (s.speed(unit(s, WARRIOR)), s.power(unit(s, WARRIOR))) == (40, 4)
    assert (s.speed(unit(s, YACHT)), s.power(unit(s, YACHT))) == (40, 4)


def test_super_battle_droid_5te_gains_with_another_droid() -> None:
    """5TE (SR.txt): with a second Droid of its owner's anywhere in play, +10 speed and +1 power."""
    s = position(dark={"arena": ["Super Battle Droid 5TE"]})
    u = unit(s, "Super Battle Droid 5TE")
    assert (s.speed(u), s.power(u)) == (40, 4)
    s = position(dark={"arena": ["Super Battle Droid 5TE", BDS]})
    u = unit(s, "Super Battle Droid 5TE")
    assert (s.speed(u), s.power(u)) == (50, 5)


def test_geonosian_scout_weakens_its_attackers_with_another_geonosian() -> None:
    """Geonosian Scout (SR.txt): whatever attacks it is 2 power weaker, as long as its owner has a
    second Geonosian among the Characters in play; with no such Geonosian, or against another
    defender, no change."""
    s = position(dark={"arena": ["Geonosian Scout", GUARD]}, light={"arena": [WARRIOR]})
    assert _attack_power(s, WARRIOR, "Geonosian Scout") == 2
    assert _attack_power(s, WARRIOR, GUARD) == 4
    s = position(dark={"arena": ["Geonosian Scout", ZAM_B]}, light={"arena": [WARRIOR]})
    assert _attack_power(s, WARRIOR, "Geonosian Scout") == 4


def test_padme_amidala_e_makes_light_side_characters_cheaper() -> None:
    """Padme (E) in play (SR.txt, with its text erratum): Characters printed as Light Side need one
    build counter less to deploy; a Neutral Character or a Light Ground unit needs its full cost."""
    s = position(light={"arena": ["Padme Amidala (E)"], "build": [(NSG, 1), ("Massiff", 2), (LEGION, 6)]})
    assert deploy_cost(s, unit(s, NSG)) == 1
    assert deploy_cost(s, unit(s, "Massiff")) == 3
    assert deploy_cost(s, unit(s, LEGION)) == 7
    start(s, ("?build", LIGHT))
    assert f"deploy {c(s, NSG)}" in texts(s) and f"deploy {c(s, 'Massiff')}" not in texts(s)
    s = position(light={"build": [(NSG, 1)]})
    assert deploy_cost(s, unit(s, NSG)) == 2


def test_passel_argente_a_powers_your_other_characters() -> None:
    """Passel in the Character arena (SR.txt): each of your other Characters +1 power."""
    s = position(dark={"arena": ["Passel Argente (A)", GUARD, BDS]}, light={"arena": [NSG]})
    assert s.power(unit(s, GUARD)) == 3 and s.power(unit(s, "Passel Argente (A)")) == 1
    assert s.power(unit(s, BDS)) == 2 and s.power(unit(s, NSG)) == 2


def test_sun_fac_a_gives_your_other_geonosians_critical_hit_one() -> None:
    """Sun Fac in the Character arena (SR.txt): each of your other Geonosians Critical Hit 1."""
    s = position(dark={"arena": ["Sun Fac (A)", GUARD, ZAM_B]}, light={"arena": [WARRIOR]})
    assert s.critical_hit(unit(s, GUARD)) == 1 and s.critical_hit(unit(s, ZAM_B)) == 0
    assert s.critical_hit(unit(s, "Sun Fac (A)")) == 0
    assert hits_with(s, unit(s, GUARD), unit(s, WARRIOR), [6, 1]) == 2


def test_tusken_raider_gains_one_power_per_other_tusken() -> None:
    """Tusken Raider (SR.txt): its power rises by 1 per further Tusken in play, whoever owns it."""
    s = position(light={"arena": ["Tusken Raider"]})
    assert s.power(unit(s, "Tusken Raider")) == 1
    s = position(light={"arena": ["Tusken Raider", "Female Tusken Raider", "Tusken Camp"]},
                 dark={"arena": ["Massiff"]})
    assert s.power(unit(s, "Tusken Raider")) == 4


# ============================================================================================
# Activated abilities
# ============================================================================================
def test_darth_maul_c_shuts_off_evade_for_his_attack() -> None:
    """Maul (C), pay 3 while he attacks (SR.txt; Usage ruling): the opponent can't use Evade
    against his damage this attack, but may still use other prevention (a Battle card)."""
    light = {"arena": ["Mace Windu (C)"], "hand": ["Yoda's Intervention"]}
    s = position(dark={"arena": ["Darth Maul (C)"]}, light=light, force=(3, 5))
    maul, mace = unit(s, "Darth Maul (C)"), unit(s, "Mace Windu (C)")
    in_attack_window(s, "Darth Maul (C)", "Mace Windu (C)", 2)
    act(s, f"use {c(s, 'Darth Maul (C)')} 1")
    assert s.force[DARK] == 0
    s.tasks = []
    start(s, ("damage", mace, 3, maul, 1))
    assert f"use {c(s, 'Mace Windu (C)')} 1" not in texts(s)
    assert "play " + c(s, "Yoda's Intervention") in texts(s)
    s = position(dark={"arena": ["Darth Maul (C)"]}, light=light, force=(3, 5))
    s.atk = [maul, mace, -1, 2]
    start(s, ("damage", mace, 3, maul, 1))
    assert f"use {c(s, 'Mace Windu (C)')} 1" in texts(s)


def test_darth_sidious_b_turns_a_character_into_build_points() -> None:
    """Sidious (B) (SR.txt): for 4 Force in the build step, a Character of his own side (not him)
    is sacrificed for as many build points as its total cost; a Ground unit can't be used."""
    s = position(dark={"arena": ["Darth Sidious (B)", ZAM_B, BDS]}, force=(5, 0))
    s.bp = [1, 0]
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'Darth Sidious (B)')} 2")
    assert texts(s) == [f"choose {c(s, ZAM_B)}"]
    act(s, f"choose {c(s, ZAM_B)}")
    assert s.zone[unit(s, ZAM_B)] == DISCARD and s.bp[DARK] == 1 + 3 and s.force[DARK] == 1
    s = position(dark={"arena": ["Darth Sidious (B)", BDS]}, force=(5, 0))
    start(s, ("?build", DARK))
    assert f"use {c(s, 'Darth Sidious (B)')} 2" not in texts(s)


@pytest.mark.parametrize(("card", "side", "plain", "master"),
                         [("Darth Tyranus (D)", DARK, "Obi-Wan Kenobi (D)", KIT),
                          ("Yoda (C)", LIGHT, MAUL_B, "Darth Sidious (B)")],
                         ids=["Darth Tyranus (D)", "Yoda (C)"])
def test_four_damage_instead_of_attacking_that_only_masters_may_evade(card: str, side: int, plain: str,
                                                                      master: str) -> None:
    """Tyranus (D) / Yoda (C) (SR.txt; Usage rulings): tapping and paying 2 in place of an attack
    deals 4 damage to an enemy Character, which Evade can stop only for a Master (Jedi Master;
    for Yoda, Sith Master as well)."""
    for target, evades in ((plain, False), (master, True)):
        dark, light = sides_of(card, side, [target])
        f = [0, 0]
        f[side], f[1 - side] = 2, 9
        s = position(dark=dark, light=light, force=(f[0], f[1]))
        t = unit(s, target)
        start(s, ("step", 2))
        pass_until(s, "?attack")
        if s.current_player != side:
            act(s, f"hold {c(s, target)}")
        act(s, f"use {c(s, card)} 1")
        act(s, f"choose {c(s, target)}")
        evade = next(i + 1 for i, ab in enumerate(s.d(t).abilities) if ab.evade)
        assert offered(s, f"use {c(s, target)} {evade}") == evades
        close_window(s)
        assert s.damage[t] == 4 or s.zone[t] == DISCARD
        assert s.tapped[unit(s, card)] and s.force[side] == 0


def test_mace_windu_b_pays_one_for_two_power_this_attack() -> None:
    """Mace (B), pay 1 while he attacks (SR.txt): +2 power for this attack only."""
    s = position(dark={"arena": [MAUL_B]}, light={"arena": ["Mace Windu (B)"]}, force=(0, 1), seed=2)
    mace = unit(s, "Mace Windu (B)")
    s.tapped[unit(s, MAUL_B)] = True
    in_attack_window(s, "Mace Windu (B)", MAUL_B, 2)
    act(s, f"use {c(s, 'Mace Windu (B)')} 2")
    assert "Mace Windu (B): +2 power" in s.log
    close_window(s)
    assert len(rolled_in_log(s)) == 8 and s.power(mace) == 6 and s.force[LIGHT] == 0


def test_female_tusken_raider_repairs_each_damaged_tusken() -> None:
    """Female Tusken Raider (SR.txt): tapped in the build step, every damaged Tusken of its owner
    loses one damage counter; other units keep theirs."""
    s = position(light={"arena": ["Female Tusken Raider", "Tusken Raider", "Tusken Camp", NSG]},
                 dark={"arena": ["Massiff"]})
    for x in ("Tusken Raider", "Tusken Camp", NSG):
        s.damage[unit(s, x)] = 2
    s.damage[unit(s, "Massiff")] = 1
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Female Tusken Raider')} 1")
    assert [s.damage[unit(s, x)] for x in ("Tusken Raider", "Tusken Camp", NSG, "Massiff")] == [1, 1, 2, 1]
    assert s.tapped[unit(s, "Female Tusken Raider")]


def test_r2_d2_b_repairs_two_from_one_space_unit() -> None:
    """R2-D2 (B) (SR.txt): tapped in the build step, a Space unit of its owner sheds at most 2
    damage counters (a Ground unit is not offered)."""
    s = position(light={"arena": ["R2-D2 (B)", ACCLAMATOR, LEGION]})
    for x, n in ((ACCLAMATOR, 3), (LEGION, 3)):
        s.damage[unit(s, x)] = n
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'R2-D2 (B)')} 1")
    assert texts(s) == [f"choose {c(s, ACCLAMATOR)}"]
    act(s, f"choose {c(s, ACCLAMATOR)}")
    assert s.damage[unit(s, ACCLAMATOR)] == 1 and s.damage[unit(s, LEGION)] == 3


def test_clone_captain_moves_damage_onto_another_clone_to_prevent_it() -> None:
    """Clone Captain (SR.txt, with its text erratum): facing damage, its owner may shift counters
    onto a second Clone of theirs (any arena), stopping as much of the damage; once per damage
    instance; a non-Clone can't take them, and with no second Clone it is not offered."""
    s = position(light={"arena": ["Clone Captain", WARRIOR, LEGION, NSG]}, dark={"arena": [GUARD]})
    cap, warrior = unit(s, "Clone Captain"), unit(s, WARRIOR)
    start(s, ("damage", cap, 3, unit(s, GUARD), 1))
    act(s, f"use {c(s, 'Clone Captain')} 1")
    assert sorted(texts(s)) == sorted([f"choose {c(s, WARRIOR)}", f"choose {c(s, LEGION)}"])
    act(s, f"choose {c(s, WARRIOR)}")
    assert texts(s) == ["choose option 1", "choose option 2", "choose option 3"]
    act(s, "choose option 2")
    assert not s.tasks or f"use {c(s, 'Clone Captain')} 1" not in texts(s)
    close_window(s)
    assert s.damage[cap] == 1 and s.damage[warrior] == 2 and s.zone[cap] == ARENA
    s = position(light={"arena": ["Clone Captain", NSG]}, dark={"arena": [GUARD]})
    start(s, ("damage", unit(s, "Clone Captain"), 3, unit(s, GUARD), 1))
    assert not offered(s, f"use {c(s, 'Clone Captain')} 1")
    assert s.zone[unit(s, "Clone Captain")] == DISCARD


def test_clone_facility_puts_a_clone_from_the_deck_into_the_build_zone() -> None:
    """Clone Facility (SR.txt): tapped in the build step, a Clone card is fetched from the deck,
    revealed, and starts face down in the build zone holding one counter; the deck is shuffled;
    non-Clones are not offered."""
    s = position(light={"arena": ["Clone Facility"], "deck": [NSG, TROOPER, LEGION, YACHT]})
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Clone Facility')} 1")
    assert sorted(texts(s)) == sorted([f"choose {c(s, TROOPER)}", f"choose {c(s, LEGION)}", "pass"])
    act(s, f"choose {c(s, LEGION)}")
    legion = unit(s, LEGION)
    assert s.zone[legion] == BUILD and s.counters[legion] == 1 and not s.face_up[legion]
    assert s.shown[legion] == 3 and len(s.deck[LIGHT]) == 3 and s.tapped[unit(s, "Clone Facility")]


# ============================================================================================
# Triggered abilities
# ============================================================================================
def test_aayla_secura_a_heals_fully_when_the_battle_phase_starts() -> None:
    """Aayla in the Character arena (SR.txt): when the battle phase starts, remove all her
    damage counters; retreated, nothing."""
    s = position(light={"arena": ["Aayla Secura (A)", NSG]})
    a = unit(s, "Aayla Secura (A)")
    s.damage[a] = 2
    s.damage[unit(s, NSG)] = 1
    start(s, ("battle",))
    assert s.damage[a] == 0 and s.damage[unit(s, NSG)] == 1
    s = position(light={"retreated": ["Aayla Secura (A)"]})
    s.damage[0] = 2
    start(s, ("battle",))
    assert s.damage[0] == 2


POWER_UP = [  # (card, side, self-damage, an enemy in its arena)
    ("Anakin Skywalker (E)", LIGHT, 2, "Darth Sidious (B)"),
    ("Darth Maul (A)", DARK, 2, "Mace Windu (A)"),
    ("Techno Union Warship", DARK, 2, ACCLAMATOR),
    ("Droid Starfighter DFS-1VR", DARK, 1, ACCLAMATOR),
]


@pytest.mark.parametrize(("card", "side", "hurt", "target"), POWER_UP, ids=[x[0] for x in POWER_UP])
def test_optional_five_power_boost_costs_self_damage_after_the_attack(card: str, side: int, hurt: int,
                                                                      target: str) -> None:
    """(SR.txt) On declaring an attack, the owner may boost it by 5 power for that attack, paid for
    by `hurt` damage to the unit itself once the attack is over. Declined: own power, no harm."""
    for take in (True, False):
        dark, light = sides_of(card, side, [target])
        s = position(dark=dark, light=light, seed=4)
        u = unit(s, card)
        s.tapped[unit(s, target)] = True
        base = s.power(u)
        in_attack_window(s, card, target, s.unit_arena(u))
        assert texts(s) == ["yes", "pass"]
        act(s, "yes" if take else "pass")
        close_window(s)
        assert len(rolled_in_log(s)) == base + (5 if take else 0)
        run_out(s)
        hurt_now = s.damage[u] if s.zone[u] == ARENA else s.health(u)
        assert hurt_now == (hurt if take else 0) and (s.zone[u] == ARENA or hurt >= s.d(u).health)
        assert s.power(u) == base


def test_infantry_battle_droid_powers_up_then_draws_when_discarded() -> None:
    """Infantry Battle Droid (SR.txt): the same optional +5 boost, costing it 2 damage once the
    attack is over (its health is 2, so it is destroyed); leaving the Character arena for the
    discard pile, it gives its owner a card."""
    s = position(dark={"arena": ["Infantry Battle Droid"], "deck": [BDS]}, light={"arena": [WARRIOR]}, seed=4)
    ibd = unit(s, "Infantry Battle Droid")
    s.tapped[unit(s, WARRIOR)] = True
    in_attack_window(s, "Infantry Battle Droid", WARRIOR, 2)
    act(s, "yes")
    close_window(s)
    assert len(rolled_in_log(s)) == 8
    run_out(s)
    assert s.zone[ibd] == DISCARD and names(s, s.hand[DARK]) == [BDS]


def test_aurra_sing_a_untaps_when_her_damage_discards_a_jedi() -> None:
    """Aurra (SR.txt, with its text erratum): she has the Dark Jedi subtype words too; a Jedi
    destroyed by her damage readies her again; destroying a non-Jedi leaves her tapped."""
    s = position(dark={"arena": ["Aurra Sing (A)"]}, light={"arena": [KIT, NSG]})
    aurra = unit(s, "Aurra Sing (A)")
    assert aurra in s.select(Sel(owner=2, subtypes=("Dark Jedi",)), DARK)
    s.tapped[aurra] = True
    s.damage[unit(s, KIT)] = 4
    hits_with(s, aurra, unit(s, KIT), [5, 1])
    assert s.zone[unit(s, KIT)] == DISCARD and not s.tapped[aurra]
    s.tapped[aurra] = True
    hits_with(s, aurra, unit(s, NSG), [5, 5])
    assert s.zone[unit(s, NSG)] == DISCARD and s.tapped[aurra]


def test_jocasta_nu_a_draws_two_extra_then_puts_two_on_the_bottom() -> None:
    """Jocasta in play (SR.txt): at her owner's draw, 2 more cards come, then two cards picked from
    hand go under the deck (unseen: the log does not name them). Retreated, she does nothing;
    the opponent draws as usual."""
    deck = [NSG, WARRIOR, LEGION, TROOPER, YACHT]
    s = position(light={"arena": ["Jocasta Nu (A)"], "deck": deck}, dark={"deck": [BDS, GUARD]})
    start(s, ("ready",))
    assert names(s, s.hand[LIGHT]) == [NSG, WARRIOR, LEGION] and names(s, s.hand[DARK]) == [BDS]
    assert s.current_player == LIGHT and texts(s) == [f"choose {c(s, x)}" for x in (NSG, WARRIOR, LEGION)]
    act(s, f"choose {c(s, NSG)}")
    act(s, f"choose {c(s, LEGION)}")
    assert names(s, s.hand[LIGHT]) == [WARRIOR]
    assert names(s, s.deck[LIGHT]) == [LEGION, NSG, YACHT, TROOPER]      # bottom first
    assert s.shown[unit(s, NSG)] == 0 and not any("Naboo Security Guard" in x for x in s.log[-2:])
    s = position(light={"retreated": ["Jocasta Nu (A)"], "deck": deck}, dark={"deck": [BDS]})
    start(s, ("ready",))
    assert names(s, s.hand[LIGHT]) == [NSG] and len(s.deck[LIGHT]) == 4
    s = position(light={"arena": ["Jocasta Nu (A)"], "deck": deck}, draw="build")   # the ESB draw rule
    start(s, ("build_step", LIGHT))
    assert len(s.hand[LIGHT]) == 3 and s.tasks[-1][0] == "?discard"
    act(s, f"choose {c(s, WARRIOR)}")
    act(s, f"choose {c(s, LEGION)}")
    assert names(s, s.hand[LIGHT]) == [NSG] and s.tasks[-1] == ("?build", LIGHT)


def test_mace_windu_a_gains_a_force_when_the_battle_phase_ends() -> None:
    """Mace (A) in the Character arena (SR.txt): +1 Force when the battle phase ends."""
    s = start(position(light={"arena": ["Mace Windu (A)"]}, force=(2, 2)), ("end_battle",))
    assert s.force == [2, 3]
    s = start(position(light={"retreated": ["Mace Windu (A)"]}, force=(2, 2)), ("end_battle",))
    assert s.force == [2, 2]


def test_nute_gunray_b_adds_a_build_point_when_they_are_rolled() -> None:
    """Nute (B) in the Character arena when build points are rolled (SR.txt; Usage ruling): +1
    build point for his side this turn; without a roll (a build step alone) nothing."""
    s = start(position(dark={"arena": ["Nute Gunray (B)"]}), ("command",))
    assert s.bp[DARK] == s.bp[LIGHT] + 1
    s = position(dark={"arena": ["Nute Gunray (B)"]})
    s.bp = [2, 2]
    start(s, ("?build", DARK))
    assert s.bp == [2, 2]


def test_republic_drop_ship_gives_two_build_points_when_deployed_but_not_in_setup() -> None:
    """Drop Ship (SR.txt; Usage ruling): deployed in a build step, +2 build points this turn;
    deployed in setup, nothing."""
    s = position(light={"build": [("Republic Drop Ship", 5)]})
    s.phase = COMMAND
    s.bp = [0, 1]
    start(s, ("?build", LIGHT))
    act(s, f"deploy {c(s, 'Republic Drop Ship')}")
    assert s.bp[LIGHT] == 3
    s = position(light={"hand": ["Republic Drop Ship"], "deck": [NSG]})
    s.setup_left = [0, 30]
    start(s, ("?setup", LIGHT, 1))
    act(s, f"deploy {c(s, 'Republic Drop Ship')}")
    assert s.bp[LIGHT] == 0 and s.zone[unit(s, "Republic Drop Ship")] == ARENA


def test_sith_infiltrator_a_may_pay_two_to_return_to_hand() -> None:
    """Sith Infiltrator discarded from the Space arena (SR.txt; Usage ruling): you may pay 2
    Force to return this card to your hand; with less Force it stays in the discard pile."""
    s = position(dark={"arena": ["Sith Infiltrator (A)"]}, light={"arena": [ACCLAMATOR]}, force=(3, 0))
    si = unit(s, "Sith Infiltrator (A)")
    start(s, ("damage", si, 3, unit(s, ACCLAMATOR), 1))
    assert texts(s) == ["yes", "pass"]
    act(s, "yes")
    assert s.zone[si] == HAND and s.force[DARK] == 1
    s = position(dark={"arena": ["Sith Infiltrator (A)"]}, light={"arena": [ACCLAMATOR]}, force=(1, 0))
    start(s, ("damage", si, 3, unit(s, ACCLAMATOR), 1))
    assert not s.tasks and s.zone[si] == DISCARD and s.force[DARK] == 1


def test_tusken_camp_repairs_each_damaged_tusken_when_battle_starts() -> None:
    """Tusken Camp (SR.txt): as the battle phase opens, every damaged Tusken of its owner
    loses one damage counter (the opponent's and non-Tuskens keep theirs)."""
    s = position(light={"arena": ["Tusken Camp", "Tusken Raider", NSG]}, dark={"arena": ["Massiff"]})
    for x in ("Tusken Camp", "Tusken Raider", NSG, "Massiff"):
        s.damage[unit(s, x)] = 1
    start(s, ("battle",))
    assert [s.damage[unit(s, x)] for x in ("Tusken Camp", "Tusken Raider", NSG, "Massiff")] == [0, 0, 1, 1]


def test_aiwha_rider_looks_at_the_opponents_hand_when_deployed() -> None:
    """Aiwha Rider (SR.txt): when you deploy it, you see the opponent's hand."""
    s = position(light={"build": [("Aiwha Rider", 3)]}, dark={"hand": [BDS, GUARD]})
    s.phase = COMMAND
    start(s, ("?build", LIGHT))
    assert not any(s.shown[x] >> LIGHT & 1 for x in s.hand[DARK])
    act(s, f"deploy {c(s, 'Aiwha Rider')}")
    assert all(s.shown[x] >> LIGHT & 1 for x in s.hand[DARK])


def test_c_3po_b_draws_two_when_discarded() -> None:
    """C-3PO (B) discarded from the Character arena (SR.txt): draw 2 cards."""
    s = position(light={"arena": ["C-3PO (B)"], "deck": [NSG, WARRIOR, LEGION]}, dark={"arena": [GUARD]})
    start(s, ("damage", unit(s, "C-3PO (B)"), 3, unit(s, GUARD), 1))
    assert s.zone[unit(s, "C-3PO (B)")] == DISCARD and names(s, s.hand[LIGHT]) == [NSG, WARRIOR]


def test_destroyer_droid_w_series_picks_speed_or_power_at_the_character_step() -> None:
    """W Series (SR.txt): as the Character step opens, its owner picks +20 speed or +2 power for
    the rest of the battle phase."""
    s = position(dark={"arena": ["Destroyer Droid, W Series"]}, light={"arena": [NSG]})
    w = unit(s, "Destroyer Droid, W Series")
    start(s, ("step", 2))
    assert texts(s) == ["choose option 1", "choose option 2"]
    act(s, "choose option 2")
    assert (s.speed(w), s.power(w)) == (30, 6)
    s = position(dark={"arena": ["Destroyer Droid, W Series"]}, light={"arena": [NSG]})
    start(s, ("step", 2))
    act(s, "choose option 1")
    assert (s.speed(s.arena[DARK][2][0]), s.power(s.arena[DARK][2][0])) == (50, 4)


def test_senatorial_cruiser_may_return_a_starfighter_when_deployed() -> None:
    """Senatorial Cruiser (SR.txt): on deployment its owner may take one Starfighter card back
    from the discard pile (not another kind of Space unit)."""
    s = position(light={"build": [("Senatorial Cruiser", 6)],
                        "discard": ["Jedi Starfighter Scout", YACHT]})
    s.phase = COMMAND
    start(s, ("?build", LIGHT))
    act(s, f"deploy {c(s, 'Senatorial Cruiser')}")
    assert texts(s) == [f"choose {c(s, 'Jedi Starfighter Scout')}", "pass"]
    act(s, f"choose {c(s, 'Jedi Starfighter Scout')}")
    assert names(s, s.hand[LIGHT]) == ["Jedi Starfighter Scout"]


# ============================================================================================
# Battle cards
# ============================================================================================
def play_in_step(s, card: str, step: int) -> None:
    """Open the step and play the card at its first play-or-pass chance."""
    start(s, ("step", step))
    act(s, f"play {c(s, card)}")


def test_impossible_victory_readies_two_tapped_units_of_one_arena() -> None:
    """Pay 12 (SR.txt): in a single chosen arena, at most two tapped units of the player are
    readied (so they may attack again)."""
    s = position(light={"arena": [NSG, WARRIOR, TROOPER, LEGION], "hand": ["Impossible Victory"]},
                 dark={"arena": [GUARD]}, force=(0, 12))
    for x in (NSG, WARRIOR, TROOPER, LEGION):
        s.tapped[unit(s, x)] = True
    play_in_step(s, "Impossible Victory", 2)
    act(s, "choose character")
    assert f"choose {c(s, LEGION)}" not in texts(s)
    act(s, f"choose {c(s, NSG)}")
    act(s, f"choose {c(s, WARRIOR)}")
    assert [s.tapped[unit(s, x)] for x in (NSG, WARRIOR, TROOPER, LEGION)] == [False, False, True, True]
    assert s.force[LIGHT] == 0


def test_jedi_bravery_gives_your_units_in_an_arena_two_power() -> None:
    """Pay 6 (SR.txt): the player's units in one chosen arena are 2 stronger for the battle phase."""
    s = position(light={"arena": [NSG, WARRIOR, LEGION], "hand": ["Jedi Bravery"]},
                 dark={"arena": [GUARD]}, force=(0, 6))
    play_in_step(s, "Jedi Bravery", 2)
    act(s, "choose character")
    assert [s.power(unit(s, x)) for x in (NSG, WARRIOR, LEGION, GUARD)] == [4, 6, 7, 2]
    start(s, ("end_battle",))
    assert s.power(unit(s, NSG)) == 2


def test_unfriendly_fire_damages_every_unit_in_an_arena_yours_too() -> None:
    """Pay 7 (SR.txt; Usage ruling): 2 damage to each unit in the chosen arena, your own too."""
    s = position(dark={"arena": [GUARD, ZAM_B, BDS], "hand": ["Unfriendly Fire"]},
                 light={"arena": [WARRIOR]}, force=(7, 0))
    play_in_step(s, "Unfriendly Fire", 2)
    act(s, "choose character")
    close_window(s)
    assert s.zone[unit(s, GUARD)] == DISCARD and s.damage[unit(s, ZAM_B)] == 2
    assert s.damage[unit(s, WARRIOR)] == 2 and s.damage[unit(s, BDS)] == 0


def test_careful_targeting_strips_shields_until_the_battle_ends() -> None:
    """Pay 1 (SR.txt, with its text erratum): a unit loses Shields until the end of battle."""
    s = position(dark={"arena": ["Homing Spider Droid"]}, light={"arena": [LEGION], "hand": ["Careful Targeting"]},
                 force=(0, 1))
    hsd, legion = unit(s, "Homing Spider Droid"), unit(s, LEGION)
    play_in_step(s, "Careful Targeting", 1)
    act(s, f"choose {c(s, 'Homing Spider Droid')}")
    assert keyword(s, hsd, "shields") == 0
    s.tasks = []
    assert dice_rolled(s, legion, hsd) == 7
    start(s, ("end_battle",))
    assert keyword(s, hsd, "shields") == 1


def test_clever_escape_untaps_one_of_your_units_with_power_five_or_less() -> None:
    """Pay 4 (SR.txt): readies a unit of the player whose power is at most 5 (a stronger one is
    not offered)."""
    s = position(light={"arena": [NSG, LEGION], "hand": ["Clever Escape"]}, dark={"arena": [GUARD]},
                 force=(0, 4))
    for x in (NSG, LEGION):
        s.tapped[unit(s, x)] = True
    play_in_step(s, "Clever Escape", 2)
    assert texts(s) == [f"choose {c(s, NSG)}"]
    act(s, f"choose {c(s, NSG)}")
    assert not s.tapped[unit(s, NSG)] and s.tapped[unit(s, LEGION)]


def test_moment_of_truth_prevents_one_or_two_with_mace_windu() -> None:
    """Pay 1 (SR.txt): stops 1 damage to a unit of the player, or 2 if a Mace Windu stands in the
    Character arena."""
    for mine, left in (([WARRIOR], 2), ([WARRIOR, "Mace Windu (B)"], 1)):
        s = position(light={"arena": mine, "hand": ["Moment of Truth"]}, force=(0, 1))
        start(s, ("damage", unit(s, WARRIOR), 3, -1, 1))
        act(s, f"play {c(s, 'Moment of Truth')}")
        close_window(s)
        assert s.damage[unit(s, WARRIOR)] == left and s.force[LIGHT] == 0


def test_out_of_his_misery_gives_a_jedi_speed_and_stun_four() -> None:
    """Pay 3 (SR.txt): one of your Jedi +20 speed and Stun 4 until the end of battle; a unit it
    then damages gets -4 power."""
    s = position(light={"arena": [KIT, WARRIOR], "hand": ["Out of His Misery"]},
                 dark={"arena": [ZAM_B, MAUL_B]}, force=(0, 3))
    kit = unit(s, KIT)
    play_in_step(s, "Out of His Misery", 2)
    assert texts(s) == [f"choose {c(s, KIT)}"]
    act(s, f"choose {c(s, KIT)}")
    assert s.speed(kit) == 60 and keyword(s, kit, "stun") == 4
    s.tasks = []
    hits_with(s, kit, unit(s, MAUL_B), [5, 1])
    assert s.power(unit(s, MAUL_B)) == 2
    start(s, ("end_battle",))
    assert s.speed(kit) == 40 and keyword(s, kit, "stun") == 0


def test_trade_federation_offensive_speeds_your_space_or_ground_units() -> None:
    """Pay 4 (SR.txt): Space or Ground (the Character arena is not offered); the player's units
    there are 30 faster for the battle phase."""
    s = position(dark={"arena": [SBD_SQUAD, SPIDER, GUARD], "hand": ["Trade Federation Offensive"]},
                 light={"arena": [LEGION]}, force=(4, 0))
    play_in_step(s, "Trade Federation Offensive", 1)
    assert texts(s) == ["choose space", "choose ground"]
    act(s, "choose ground")
    assert [s.speed(unit(s, x)) for x in (SBD_SQUAD, SPIDER, GUARD, LEGION)] == [60, 80, 30, 30]


def test_aggressive_negotiations_gives_critical_hit_three_this_attack() -> None:
    """Pay 4 while your unit attacks (SR.txt): Critical Hit 3 for this attack."""
    s = position(dark={"arena": [TFCC]}, light={"arena": [LEGION], "hand": ["Aggressive Negotiations"]},
                 force=(0, 4))
    s.tapped[unit(s, TFCC)] = True
    in_attack_window(s, LEGION, TFCC, 1)
    act(s, f"play {c(s, 'Aggressive Negotiations')}")
    close_window(s)
    dice = rolled_in_log(s)
    assert "Clone Trooper Legion: +3 Critical Hit" in s.log and s.force[LIGHT] == 0
    assert s.damage[unit(s, TFCC)] == sum(r >= 4 for r in dice) + (3 if 6 in dice else 0)
    assert s.critical_hit(unit(s, LEGION)) == 0


def test_brutal_assault_gives_five_power_then_two_damage_to_the_attacker() -> None:
    """Pay 2 while your unit attacks (SR.txt): +5 power this attack; when it ends, the unit does
    2 damage to itself."""
    s = position(dark={"arena": [TFCC], "hand": ["Brutal Assault"]}, light={"arena": [STATION]},
                 force=(2, 0), seed=3)
    core = unit(s, TFCC)
    in_attack_window(s, TFCC, STATION, 1)
    act(s, f"play {c(s, 'Brutal Assault')}")
    close_window(s)
    assert len(rolled_in_log(s)) == 17
    run_out(s)
    assert s.damage[core] == 2 and s.power(core) == 12


def test_padawan_and_senator_gives_two_units_three_power() -> None:
    """Pay 5 (SR.txt): at most two units of the player become 3 stronger for the battle phase."""
    s = position(light={"arena": [NSG, WARRIOR, LEGION], "hand": ["Padawan and Senator"]},
                 dark={"arena": [GUARD]}, force=(0, 5))
    play_in_step(s, "Padawan and Senator", 2)
    act(s, f"choose {c(s, NSG)}")
    act(s, f"choose {c(s, LEGION)}")
    assert [s.power(unit(s, x)) for x in (NSG, WARRIOR, LEGION)] == [5, 4, 10]


def test_retreat_underground_retreats_a_unit_only_with_no_attack() -> None:
    """Pay 1, only while no unit is attacking (SR.txt): retreat one of your units."""
    s = position(light={"arena": [NSG, WARRIOR], "hand": ["Retreat Underground"]},
                 dark={"arena": [GUARD]}, force=(0, 1))
    play_in_step(s, "Retreat Underground", 2)
    act(s, f"choose {c(s, NSG)}")
    assert s.zone[unit(s, NSG)] == BUILD and s.zone[unit(s, WARRIOR)] == ARENA
    s = position(light={"arena": [NSG], "hand": ["Retreat Underground"]},
                 dark={"arena": [MAUL_B]}, force=(0, 1))
    in_attack_window(s, MAUL_B, NSG, 2)
    assert not offered(s, f"play {c(s, 'Retreat Underground')}")


def test_shoot_her_or_something_rerolls_the_attackers_dice() -> None:
    """Pay 2 after attack dice are rolled (SR.txt): choose any of your opponent's attack dice;
    they are rolled again. Not for your own attack's dice."""
    s = position(dark={"arena": [TFCC]}, light={"arena": [STATION], "hand": ["Shoot Her or Something"]},
                 force=(0, 2), seed=3)
    s.tapped[unit(s, STATION)] = True
    s.atk = [unit(s, TFCC), unit(s, STATION), -1, 1]
    s.dice = [6, 6, 1]
    start(s, ("?pop", 2, DARK, 0))
    assert s.current_player == LIGHT
    act(s, f"play {c(s, 'Shoot Her or Something')}")
    act(s, "choose die 1")
    act(s, "choose die 2")
    act(s, "pass")
    assert s.dice[2] == 1 and s.force[LIGHT] == 0 and "dice rerolled" in " ".join(s.log)
    s = position(dark={"arena": [TFCC]}, light={"arena": [STATION], "hand": ["Shoot Her or Something"]},
                 force=(0, 2))
    s.atk = [unit(s, STATION), unit(s, TFCC), -1, 1]
    s.dice = [1, 1]
    start(s, ("?pop", 2, DARK, 0))
    assert not s.tasks or f"play {c(s, 'Shoot Her or Something')}" not in texts(s)


def test_suppressing_fire_adds_four_to_a_bombard_attack_only() -> None:
    """Pay 2 during the attack (SR.txt; Usage ruling): your unit using Bombard on a Ground unit
    gets +4 power this attack (Bombard 4 + 4 = 8 dice); not offered for an ordinary attack."""
    s = position(dark={"arena": ["Trade Federation Battleship"], "hand": ["Suppressing Fire"]},
                 light={"arena": [LEGION]}, force=(2, 0), seed=5)
    in_attack_window(s, "Trade Federation Battleship", LEGION, 0)
    act(s, f"play {c(s, 'Suppressing Fire')}")
    close_window(s)
    assert len(rolled_in_log(s)) == 8
    s = position(dark={"arena": ["Trade Federation Battleship"], "hand": ["Suppressing Fire"]},
                 light={"arena": [ACCLAMATOR]}, force=(2, 0), seed=5)
    in_attack_window(s, "Trade Federation Battleship", ACCLAMATOR, 0)
    assert not offered(s, f"play {c(s, 'Suppressing Fire')}")


# ============================================================================================
# Missions
# ============================================================================================
def test_twilight_of_the_republic_pauses_your_build_step_for_the_light_sides() -> None:
    """Twilight of the Republic (SR.txt, with its text erratum and Usage ruling): completed, the
    Dark Side's build step stops and the Light Side's build step comes; then the Dark Side's goes
    on with its build points left, with no second start (no second draw). This turn the Light
    Side retreats first. Without it, the Dark Side builds and retreats first."""
    s = position(dark={"build": [("Twilight of the Republic", 2)], "hand": [SBD_SQUAD], "deck": [BDS, GUARD],
                       "arena": [SPIDER]},
                 light={"deck": [NSG, WARRIOR], "arena": [LEGION]}, draw="build")
    s.phase = COMMAND
    s.bp = [4, 3]
    start(s, ("build_step", DARK), ("build_step", LIGHT), ("?retreat", DARK), ("?retreat", LIGHT),
          ("command_end",))
    assert len(s.hand[DARK]) == 2
    act(s, f"complete {c(s, 'Twilight of the Republic')}")
    assert s.tasks[-1] == ("?build", LIGHT) and len(s.hand[LIGHT]) == 1
    act(s, "pass")
    assert s.tasks[-1] == ("?build", DARK) and s.bp[DARK] == 4 and len(s.hand[DARK]) == 2
    act(s, "pass")
    assert s.tasks[-1] == ("?retreat", LIGHT)
    act(s, "pass")
    assert s.tasks[-1] == ("?retreat", DARK)
    s = position(dark={"hand": [SBD_SQUAD], "deck": [BDS, GUARD]}, light={"deck": [NSG, WARRIOR]}, draw="build")
    s.phase = COMMAND
    start(s, ("build_step", DARK), ("build_step", LIGHT), ("?retreat", DARK), ("?retreat", LIGHT),
          ("command_end",))
    act(s, "pass")
    assert s.tasks[-1] == ("?build", LIGHT)
    act(s, "pass")
    assert s.tasks[-1] == ("?retreat", DARK)


def test_fog_of_war_taps_each_unit_on_a_five_or_six() -> None:
    """Fog of War (SR.txt): roll a die for each unit in the arenas, both sides'; 5 or 6 taps it."""
    s = mission(DARK, "Fog of War", {"arena": [GUARD, BDS, WARSHIP]}, {"arena": [NSG, LEGION, YACHT]}, seed=7)
    complete(s, "Fog of War", DARK)
    rolls = {line.split("roll for ")[1].split(":")[0]: int(line.rsplit(" ", 1)[1])
             for line in s.log if line.startswith("roll for ")}
    assert len(rolls) == 6
    for x, r in rolls.items():
        assert s.tapped[unit(s, x)] == (r >= 5)


def test_price_of_failure_trades_a_unit_for_four_cards_and_a_force() -> None:
    """Price of Failure (SR.txt): optionally sacrifice a unit of yours; doing so brings 4 cards and
    1 Force; declining changes nothing."""
    deck = [BDS, GUARD, ZAM_B, SPIDER, SBD_SQUAD]
    s = mission(DARK, "Price of Failure", {"arena": [GEO_WARRIOR], "deck": deck})
    complete(s, "Price of Failure", DARK)
    act(s, "yes")
    act(s, f"choose {c(s, GEO_WARRIOR)}")
    assert s.zone[unit(s, GEO_WARRIOR)] == DISCARD and len(s.hand[DARK]) == 4 and s.force[DARK] == 1
    s = mission(DARK, "Price of Failure", {"arena": [GEO_WARRIOR], "deck": deck})
    complete(s, "Price of Failure", DARK)
    act(s, "pass")
    assert s.zone[unit(s, GEO_WARRIOR)] == ARENA and not s.hand[DARK] and s.force[DARK] == 0


def test_recognition_of_valor_gains_a_force_per_jedi_in_the_arenas() -> None:
    """Recognition of Valor (SR.txt): gain 1 Force per Jedi you have in the arenas (not
    retreated ones, not the opponent's)."""
    s = mission(LIGHT, "Recognition of Valor",
                {"arena": [KIT, "Jedi Heroes", "Jedi Starfighter Scout", NSG], "retreated": ["Mace Windu (B)"]},
                {"arena": [MAUL_B]}, force=(0, 1))
    complete(s, "Recognition of Valor", LIGHT)
    assert s.force[LIGHT] == 1 + 3


def test_visit_the_lake_retreat_repairs_one_unit_in_each_arena() -> None:
    """Visit the Lake Retreat (SR.txt): one unit of the player per arena (Space, Ground,
    Character) sheds at most 2 damage counters."""
    s = mission(LIGHT, "Visit the Lake Retreat", {"arena": [ACCLAMATOR, LEGION, WARRIOR]})
    for x, n in ((ACCLAMATOR, 3), (LEGION, 1), (WARRIOR, 2)):
        s.damage[unit(s, x)] = n
    complete(s, "Visit the Lake Retreat", LIGHT)
    for x in (ACCLAMATOR, LEGION, WARRIOR):
        act(s, f"choose {c(s, x)}")
    assert [s.damage[unit(s, x)] for x in (ACCLAMATOR, LEGION, WARRIOR)] == [1, 0, 0]


def test_concentrated_fire_rolls_four_dice_at_a_space_unit_when_battle_starts() -> None:
    """Concentrated Fire (SR.txt; Usage ruling): when the battle phase starts, 4 dice of damage to
    one of the opponent's Space units; with none there, it does nothing."""
    s = mission(DARK, "Concentrated Fire", theirs={"arena": [ACCLAMATOR, LEGION]}, seed=3)
    complete(s, "Concentrated Fire", DARK)
    start(s, ("battle",))
    assert texts(s) == [f"choose {c(s, ACCLAMATOR)}"]
    act(s, f"choose {c(s, ACCLAMATOR)}")
    line = next(x for x in s.log if x.startswith("4 dice of damage at"))
    rolls = [int(v) for v in line.split("[")[1].split("]")[0].split(",")]
    assert len(rolls) == 4 and s.damage[unit(s, ACCLAMATOR)] == sum(r >= 4 for r in rolls)
    s = mission(DARK, "Concentrated Fire", theirs={"arena": [LEGION]})
    complete(s, "Concentrated Fire", DARK)
    start(s, ("battle",))
    assert s.damage[unit(s, LEGION)] == 0 and not any("dice of damage" in x for x in s.log)


def test_mauls_strategy_moves_two_force_or_three_with_maul() -> None:
    """Maul's Strategy (SR.txt): gain 2 Force and the opponent loses 2; with Darth Maul in the
    Character arena, 1 more each way."""
    s = mission(DARK, "Maul's Strategy", force=(0, 5))
    complete(s, "Maul's Strategy", DARK)
    assert s.force == [2, 3]
    s = mission(DARK, "Maul's Strategy", {"arena": [MAUL_B]}, force=(0, 5))
    complete(s, "Maul's Strategy", DARK)
    assert s.force == [3, 2]


def test_reassemble_c_3po_repairs_two_from_one_unit() -> None:
    """Reassemble C-3PO (SR.txt): a single unit of the player sheds at most 2 damage counters."""
    s = mission(LIGHT, "Reassemble C-3PO", {"arena": [LEGION, WARRIOR]})
    s.damage[unit(s, LEGION)] = 3
    complete(s, "Reassemble C-3PO", LIGHT)
    assert texts(s) == [f"choose {c(s, LEGION)}"]
    act(s, f"choose {c(s, LEGION)}")
    assert s.damage[unit(s, LEGION)] == 1


def test_run_the_gauntlet_rolls_six_dice_then_pays_the_opponent_two_force() -> None:
    """Run the Gauntlet (SR.txt; Usage ruling): when the battle phase starts, 6 dice of damage to
    one of the opponent's Ground units; then the opponent gains 2 Force, too late to pay for
    preventing that damage."""
    s = mission(DARK, "Run the Gauntlet", theirs={"arena": [LEGION], "hand": ["Pilot's Dodge"]}, seed=2)
    complete(s, "Run the Gauntlet", DARK)
    assert s.force[LIGHT] == 0
    start(s, ("battle",))
    act(s, f"choose {c(s, LEGION)}")
    line = next(x for x in s.log if x.startswith("6 dice of damage at"))
    hits = sum(int(v) >= 4 for v in line.split("[")[1].split("]")[0].split(","))
    assert hits > 0 and s.damage[unit(s, LEGION)] == hits
    assert s.force[LIGHT] == 2 and s.zone[unit(s, "Pilot's Dodge")] == HAND


# ============================================================================================
# The vocabulary added for SR: bad data is refused naming the file, the card and the field
# ============================================================================================
BAD = [
    ({"keyword": "stun"}, "ability 1.n"),
    ({"when": "attacks", "force": 2, "do": []}, "ability 1.force: a trigger with a Force cost must be optional"),
    ({"when": "deployed", "of": {}, "do": []}, "ability 1.of: only for 'destroys'"),
    ({"static": {"units": "self", "power": 1, "per": {"owner": "all"}}}, "ability 1.static.per.owner"),
    ({"static": {"units": "self", "power": 1}, "if": {"undamaged": 1}}, "ability 1.if.undamaged: only true"),
    ({"play": 1, "do": [{"grant": {"unit": "self", "keyword": "speed", "n": 1, "until": "battle"}}]},
     "ability 1.do[0].grant.keyword"),
    ({"play": 1, "do": [{"lose": {"unit": "self", "keyword": "shields", "n": 1, "until": "battle"}}]},
     "ability 1.do[0].lose.n"),
    ({"play": 1, "do": [{"choose_arena": {"among": ["moon"]}}]}, "ability 1.do[0].choose_arena.among"),
    ({"play": 1, "do": [{"branch": {"then": []}}]}, "ability 1.do[0].branch.if"),
    ({"play": 1, "do": [{"tap": {"unit": "self", "on_roll": 7}}]}, "ability 1.do[0].tap.on_roll"),
    ({"play": 1, "do": [{"damage": {"unit": "self", "n": 1, "no_evade": {"if": {}}}}]},
     "ability 1.do[0].damage.no_evade: unknown field 'if'"),
    ({"play": 1, "do": [{"gain_force": {"n": 1, "count": {}}}]}, "ability 1.do[0].gain_force: say n or count"),
    ({"play": 1, "do": [{"to_hand": "chosen"}]}, "ability 1.do[0].to_hand"),
    ({"play": 1, "do": [{"modify": {"unit": {"choose": {"side": "grey"}}, "power": 1, "until": "turn"}}]},
     "ability 1.do[0].modify.unit.choose.side"),
    ({"prevent": "transfer", "for": {}, "to": {}}, "ability 1: prevent: transfer needs 'for: self'"),
]


@pytest.mark.parametrize(("raw", "message"), BAD, ids=[b[1] for b in BAD])
def test_bad_new_vocabulary_is_refused_naming_card_and_field(raw: dict, message: str) -> None:
    """Each field added for SR is checked when a set file loads (docs/tcg-abilities.md)."""
    from dejarik.core.errors import PackError
    from dejarik.tcg.abilities import parse_abilities

    with pytest.raises(PackError) as err:
        parse_abilities({"set": "TST", "cards": {"Some Card": [raw]}}, "TST.yaml")
    assert str(err.value).startswith("TST.yaml: Some Card: ") and message in str(err.value)
