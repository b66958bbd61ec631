"""Every Jedi Guardians card with abilities, checked in the engine against what its rules text
says (../shared/reference/swtcg-data/JG.txt; rulings from its Usage column and
../shared/reference/swtcg.md). One test per card (a parametrised case in
tests/tcg/test_keyword_cards.py counts as one), grouped by kind: characters, Space and Ground
units, Battle cards, Missions. Each test checks exact numbers or compares with the same position
without the ability."""

from __future__ import annotations

from dejarik.tcg.effects import abilities_of, keyword
from dejarik.tcg.fields import decode, encode
from dejarik.tcg.state import ARENA, BUILD, COMMAND, DISCARD, HAND, PILOTING
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
    start,
    texts,
    unit,
)

# plain units used as targets, attackers and company (cost/speed/power/health)
CORE = "Trade Federation Battleship Core"   # Dark Ground 9/10/10/12 (AOTC)
STATION = "Naboo Defense Station"           # Light Ground 8/10/6/12 (AOTC)
DCS = "Droid Control Ship"                  # Dark Space 9/10/9/9 (AOTC)
NABOO_CRUISER = "Naboo Cruiser"             # Light Space 6/10/6/7 (AOTC)
WARRIOR = "Clone Warrior 4/163"             # Light Character 4/40/4/4, Clone Soldier (AOTC)
CLONE = "Clone Platoon"                     # Light Ground 4/40/4/4, Clone Soldier (AOTC)
BDS = "Battle Droid Squad"                  # Dark Ground 2/10/2/3, Trade Federation Droid (AOTC)
WING = "Droid Starfighter Wing"             # Dark Space 4/40/4/4 (AOTC)
MAUL_B = "Darth Maul (B)"                   # Dark Character 7/60/6/4 (SR)
KIT = "Kit Fisto (A)"                       # Light Character, Jedi Master, 5/40/4/5 (AOTC)
GEO_WARRIOR = "Geonosian Warrior"           # Dark Character 3/50/3/2 (AOTC)
JSF = "Jedi Starfighter 3R3"                # Light Space 3/50/3/3, Jedi Starfighter (AOTC)
REEK = "Reek"                               # Dark Ground 3/50/2/2, Geonosian Creature (AOTC)


def _untapped(s, *cards: str):
    """Retreated units start tapped in a hand-made position; these are untapped (a later turn)."""
    for name in cards:
        s.tapped[unit(s, name)] = False
    return s


def _tap(s, *cards: str):
    for name in cards:
        s.tapped[unit(s, name)] = True
    return s


# ============================================================================================
# Characters
# ============================================================================================
def test_anakin_skywalker_h_powers_up_and_shields_padme() -> None:
    """Anakin (H) (JG.txt): 1 Force, +2 power for this attack; 1 Force, prevent up to 3 damage
    to Padme Amidala (not to another unit)."""
    s = position(light={"arena": ["Anakin Skywalker (H)"]}, dark={"arena": [MAUL_B]},
                 force=(0, 4))     # Force left over: the chance to play stays open
    _tap(s, MAUL_B)
    in_attack_window(s, "Anakin Skywalker (H)", MAUL_B, 2)
    act(s, f"use {c(s, 'Anakin Skywalker (H)')} 1")
    assert s.power(unit(s, "Anakin Skywalker (H)")) == 7 and s.force[LIGHT] == 3
    s = position(light={"arena": ["Anakin Skywalker (H)", "Padme Amidala (A)", WARRIOR]}, force=(0, 1))
    padme = unit(s, "Padme Amidala (A)")
    start(s, ("damage", padme, 4, -1, 1))
    act(s, f"use {c(s, 'Anakin Skywalker (H)')} 3")
    close_window(s)
    assert s.damage[padme] == 1 and s.force[LIGHT] == 0
    s = position(light={"arena": ["Anakin Skywalker (H)", "Padme Amidala (A)", WARRIOR]}, force=(0, 1))
    start(s, ("damage", unit(s, WARRIOR), 2, -1, 1))
    assert s.damage[unit(s, WARRIOR)] == 2      # nothing offered for the Clone


def test_aurra_sing_b_retreats_when_the_opponent_pays() -> None:
    """Aurra (B) (JG.txt): she counts as a Dark Jedi; when the Character battle step starts, her
    opponent may pay 4 Force to retreat her; with 3 Force they can't."""
    s = position(dark={"arena": ["Aurra Sing (B)"]}, light={"arena": [WARRIOR]}, force=(0, 4))
    aurra = unit(s, "Aurra Sing (B)")
    assert "Dark Jedi" in s.d(aurra).tags
    start(s, ("step", 2))
    assert s.current_player == LIGHT
    act(s, "pay 4")
    assert s.zone[aurra] == BUILD and s.force[LIGHT] == 0
    s = position(dark={"arena": ["Aurra Sing (B)"]}, light={"arena": [WARRIOR]}, force=(0, 3))
    start(s, ("step", 2))
    assert s.zone[aurra] == ARENA and s.force[LIGHT] == 3


def test_darth_maul_e_gains_speed_and_power() -> None:
    """Maul (E) (JG.txt): 1 Force, +20 speed this turn; 2 Force, +3 power for this attack."""
    s = position(dark={"arena": ["Darth Maul (E)"]}, light={"arena": [WARRIOR]}, force=(6, 0))
    maul = unit(s, "Darth Maul (E)")
    in_attack_window(s, "Darth Maul (E)", WARRIOR, 2)
    act(s, f"use {c(s, 'Darth Maul (E)')} 1")
    act(s, f"use {c(s, 'Darth Maul (E)')} 2")
    assert s.speed(maul) == 80 and s.power(maul) == 9 and s.force[DARK] == 3
    start(s, ("attack_cleanup",))
    assert s.speed(maul) == 80 and s.power(maul) == 6


def test_darth_tyranus_f_gets_critical_hit_and_strips_build_counters_from_reserve() -> None:
    """Tyranus (F) (JG.txt): 2 Force, Critical Hit 2 for this attack; Reserves (retreated,
    untapped), in battle: tap to remove up to 2 build counters from a face-down card of the
    opponent's build zone, whose name the chooser doesn't see; in an arena that is not offered."""
    s = position(dark={"arena": ["Darth Tyranus (F)"]}, light={"arena": [KIT]}, force=(4, 0))
    ty = unit(s, "Darth Tyranus (F)")
    in_attack_window(s, "Darth Tyranus (F)", KIT, 2)
    act(s, f"use {c(s, 'Darth Tyranus (F)')} 1")
    assert s.critical_hit(ty) == 2
    s = _untapped(position(dark={"retreated": ["Darth Tyranus (F)"]}, light={"build": [(STATION, 4)]}),
                  "Darth Tyranus (F)")
    start(s, ("step", 1))
    act(s, f"use {c(s, 'Darth Tyranus (F)')} 3")
    st = unit(s, STATION)
    assert texts(s) == [f"choose face-down card #{st}"]
    act(s, f"choose face-down card #{st}")
    assert s.counters[st] == 2 and s.tapped[unit(s, "Darth Tyranus (F)")]
    s = position(dark={"arena": ["Darth Tyranus (F)"]}, light={"build": [(STATION, 4)]})
    start(s, ("step", 1))
    assert not s.tasks or f"use {c(s, 'Darth Tyranus (F)')} 3" not in texts(s)


def test_even_piell_a_powers_up_attacking_jedi_and_gives_force_from_reserve() -> None:
    """Even Piell (A) (JG.txt): 2 Force, your attacking Jedi +2 power for this attack, again and
    again; not for a Clone; Reserves, build step: tap, gain 1 Force."""
    s = position(light={"arena": ["Even Piell (A)", KIT, WARRIOR]}, dark={"arena": [MAUL_B]}, force=(0, 6))
    _tap(s, MAUL_B, "Even Piell (A)")
    in_attack_window(s, KIT, MAUL_B, 2)
    act(s, f"use {c(s, 'Even Piell (A)')} 1")
    act(s, f"use {c(s, 'Even Piell (A)')} 1")
    assert s.power(unit(s, KIT)) == 8 and s.force[LIGHT] == 2
    s = position(light={"arena": ["Even Piell (A)", WARRIOR]}, dark={"arena": [MAUL_B]}, force=(0, 4))
    _tap(s, MAUL_B, "Even Piell (A)")
    in_attack_window(s, WARRIOR, MAUL_B, 2)
    assert not s.tasks or f"use {c(s, 'Even Piell (A)')} 1" not in texts(s)
    s = _untapped(position(light={"retreated": ["Even Piell (A)"]}), "Even Piell (A)")
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Even Piell (A)')} 3")
    assert s.force[LIGHT] == 1 and s.tapped[unit(s, "Even Piell (A)")]


def test_jedi_youngling_turns_a_build_point_into_two_force_from_reserve() -> None:
    """Jedi Youngling (JG.txt): Reserves, build step: tap and pay 1 build point, gain 2 Force;
    not without a build point, and not from the arena."""
    s = _untapped(position(light={"retreated": ["Jedi Youngling"]}), "Jedi Youngling")
    s.bp = [0, 1]
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Jedi Youngling')} 2")
    assert s.force[LIGHT] == 2 and s.bp[LIGHT] == 0
    s = _untapped(position(light={"retreated": ["Jedi Youngling"]}), "Jedi Youngling")
    start(s, ("?build", LIGHT))
    assert f"use {c(s, 'Jedi Youngling')} 2" not in texts(s)
    s = position(light={"arena": ["Jedi Youngling"]})
    s.bp = [0, 1]
    start(s, ("?build", LIGHT))
    assert f"use {c(s, 'Jedi Youngling')} 2" not in texts(s)


def test_ki_adi_mundi_a_mends_an_arena_from_reserve() -> None:
    """Ki-Adi-Mundi (A) (JG.txt): Reserves, while no unit attacks: tap, choose an arena; 1 damage
    comes off each of your units there, none elsewhere."""
    s = _untapped(position(light={"retreated": ["Ki-Adi-Mundi (A)"], "arena": [WARRIOR, "Padme Amidala (A)", CLONE]}),
                  "Ki-Adi-Mundi (A)")
    for name, n in ((WARRIOR, 2), ("Padme Amidala (A)", 1), (CLONE, 1)):
        s.damage[unit(s, name)] = n
    start(s, ("step", 0))
    act(s, f"use {c(s, 'Ki-Adi-Mundi (A)')} 2")
    act(s, "choose character")
    assert [s.damage[unit(s, n)] for n in (WARRIOR, "Padme Amidala (A)", CLONE)] == [1, 0, 1]


def test_kouhun_gives_itself_up_for_five_damage() -> None:
    """Kouhun (JG.txt): instead of attacking, tap it and discard it: 5 damage to one of the
    opponent's Characters."""
    s = position(dark={"arena": ["Kouhun"]}, light={"arena": ["Yoda (D)", CLONE]})
    _tap(s, "Yoda (D)")
    start(s, ("step", 2))
    pass_until(s, "?attack")
    act(s, f"use {c(s, 'Kouhun')} 1")
    assert texts(s) == [f"choose {c(s, 'Yoda (D)')}"]
    act(s, f"choose {c(s, 'Yoda (D)')}")
    assert s.damage[unit(s, "Yoda (D)")] == 5 and s.zone[unit(s, "Kouhun")] == DISCARD


def test_mace_windu_d_strengthens_the_other_jedi() -> None:
    """Mace (D) (JG.txt): each of your other Jedi +1 power while he is in the arena; not himself,
    not the opponent's Jedi, not a Clone; retreated, nothing."""
    s = position(light={"arena": ["Mace Windu (D)", KIT, WARRIOR]}, dark={"arena": ["Darth Tyranus (C)"]})
    assert [s.power(unit(s, n)) for n in ("Mace Windu (D)", KIT, WARRIOR)] == [5, 5, 4]
    assert s.power(unit(s, "Darth Tyranus (C)")) == s.d(unit(s, "Darth Tyranus (C)")).power
    s = position(light={"retreated": ["Mace Windu (D)"], "arena": [KIT]})
    assert s.power(unit(s, KIT)) == 4


def test_obi_wan_kenobi_i_hits_harder_against_a_damaged_character() -> None:
    """Obi-Wan (I) (JG.txt): +3 power while attacking a damaged Character; not an undamaged one."""
    s = position(light={"arena": ["Obi-Wan Kenobi (I)"]}, dark={"arena": [MAUL_B]})
    obi, maul = unit(s, "Obi-Wan Kenobi (I)"), unit(s, MAUL_B)
    assert dice_rolled(s, obi, maul) == 6
    s.damage[maul] = 1
    assert dice_rolled(s, obi, maul) == 9


def test_oppo_rancisis_a_weakens_an_attacking_dark_character() -> None:
    """Oppo Rancisis (A) (JG.txt): 4 Force, an attacking Dark Side Character gets -4 power for
    this attack; not offered while his own side attacks."""
    s = position(light={"arena": ["Oppo Rancisis (A)", WARRIOR]}, dark={"arena": [MAUL_B]}, force=(0, 8))
    in_attack_window(s, MAUL_B, WARRIOR, 2)
    act(s, f"use {c(s, 'Oppo Rancisis (A)')} 1")
    assert s.power(unit(s, MAUL_B)) == 2 and s.force[LIGHT] == 4
    s = position(light={"arena": ["Oppo Rancisis (A)", WARRIOR]}, dark={"arena": [MAUL_B]}, force=(0, 4))
    _tap(s, MAUL_B, "Oppo Rancisis (A)")
    in_attack_window(s, WARRIOR, MAUL_B, 2)
    assert not s.tasks or f"use {c(s, 'Oppo Rancisis (A)')} 1" not in texts(s)


def test_padme_amidala_f_and_anakin_give_each_other_accuracy() -> None:
    """Padme (F) (JG.txt): with Anakin Skywalker in the Character arena she and he each have
    Accuracy 1; apart, neither has."""
    s = position(light={"arena": ["Padme Amidala (F)", "Anakin Skywalker (H)"]}, dark={"arena": [MAUL_B]})
    padme, anakin = unit(s, "Padme Amidala (F)"), unit(s, "Anakin Skywalker (H)")
    assert keyword(s, padme, "accuracy") == 1 and keyword(s, anakin, "accuracy") == 1
    assert hits_with(s, padme, unit(s, MAUL_B), [3, 2]) == 1
    s = position(light={"arena": ["Padme Amidala (F)"], "retreated": ["Anakin Skywalker (H)"]})
    assert keyword(s, unit(s, "Padme Amidala (F)"), "accuracy") == 0
    s = position(light={"arena": ["Anakin Skywalker (H)"], "retreated": ["Padme Amidala (F)"]})
    assert keyword(s, unit(s, "Anakin Skywalker (H)"), "accuracy") == 0


def test_r2_d2_e_prevents_one_damage_to_a_space_or_ground_unit_from_reserve() -> None:
    """R2-D2 (E) (JG.txt): Reserves: tap, prevent 1 damage to one of your Space or Ground units;
    not to a Character."""
    s = _untapped(position(light={"retreated": ["R2-D2 (E)"], "arena": [CLONE, WARRIOR]}), "R2-D2 (E)")
    start(s, ("damage", unit(s, CLONE), 2, -1, 1))
    act(s, f"use {c(s, 'R2-D2 (E)')} 1")
    close_window(s)
    assert s.damage[unit(s, CLONE)] == 1 and s.tapped[unit(s, "R2-D2 (E)")]
    s = _untapped(position(light={"retreated": ["R2-D2 (E)"], "arena": [CLONE, WARRIOR]}), "R2-D2 (E)")
    start(s, ("damage", unit(s, WARRIOR), 2, -1, 1))
    assert s.damage[unit(s, WARRIOR)] == 2


def test_senator_tikkes_a_draws_two_and_discards_one_from_reserve() -> None:
    """Tikkes (A) (JG.txt): Reserves, build step: tap, pay 1 build point, draw 2 cards, then
    discard 1."""
    s = _untapped(position(dark={"retreated": ["Senator Tikkes (A)"], "deck": [BDS, REEK, WING]}),
                  "Senator Tikkes (A)")
    s.bp = [1, 0]
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'Senator Tikkes (A)')} 1")
    assert sorted(names(s, s.hand[DARK])) == sorted([BDS, REEK])
    act(s, f"choose {c(s, REEK)}")
    assert names(s, s.hand[DARK]) == [BDS] and s.zone[unit(s, REEK)] == DISCARD and s.bp[DARK] == 0


def test_shaak_ti_b_gains_power_for_one_force() -> None:
    """Shaak Ti (B) (JG.txt): 1 Force, +2 power for this attack."""
    s = position(light={"arena": ["Shaak Ti (B)"]}, dark={"arena": [MAUL_B]}, force=(0, 2))
    _tap(s, MAUL_B)
    in_attack_window(s, "Shaak Ti (B)", MAUL_B, 2)
    act(s, f"use {c(s, 'Shaak Ti (B)')} 1")
    assert s.power(unit(s, "Shaak Ti (B)")) == 6 and s.force[LIGHT] == 1


def test_shmi_skywalker_a_finds_an_anakin_when_damaged() -> None:
    """Shmi (A) (JG.txt): when she takes damage (and stays), her owner may search the deck for an
    Anakin Skywalker card; other cards are not offered."""
    s = position(light={"arena": ["Shmi Skywalker (A)"], "deck": [WARRIOR, "Anakin Skywalker (A)"]})
    start(s, ("damage", unit(s, "Shmi Skywalker (A)"), 1, -1, 1))
    act(s, "yes")
    assert texts(s) == [f"choose {c(s, 'Anakin Skywalker (A)')}", "pass"]
    act(s, f"choose {c(s, 'Anakin Skywalker (A)')}")
    assert names(s, s.hand[LIGHT]) == ["Anakin Skywalker (A)"]


def test_yoda_d_gains_force_instead_of_attacking_and_untaps_for_eight() -> None:
    """Yoda (D) (JG.txt): instead of attacking, tap for 2 Force; 8 Force untaps him (offered only
    while he is tapped)."""
    s = position(light={"arena": ["Yoda (D)"]}, dark={"arena": [MAUL_B]}, force=(0, 8))
    _tap(s, MAUL_B)
    start(s, ("step", 2))
    pass_until(s, "?attack")
    act(s, f"use {c(s, 'Yoda (D)')} 1")
    yoda = unit(s, "Yoda (D)")
    assert s.force[LIGHT] == 10 and s.tapped[yoda]
    assert s.tasks[-1][0] == "?pop" and s.current_player == LIGHT
    act(s, f"use {c(s, 'Yoda (D)')} 2")
    assert not s.tapped[yoda] and s.force[LIGHT] == 2


def test_battle_protocol_droid_a_draws_two_when_discarded() -> None:
    """Battle Protocol Droid (A) (JG.txt): discarded from the arena, its owner draws 2 cards."""
    s = position(dark={"arena": ["Battle Protocol Droid (A)"], "deck": [BDS, REEK, WING]})
    start(s, ("damage", unit(s, "Battle Protocol Droid (A)"), 3, -1, 1))
    assert sorted(names(s, s.hand[DARK])) == sorted([BDS, REEK])


def test_coleman_trebor_a_gives_the_opponent_force_when_discarded() -> None:
    """Coleman Trebor (A) (JG.txt): discarded from the arena, the opponent gains 4 Force."""
    s = position(light={"arena": ["Coleman Trebor (A)"]}, force=(1, 0))
    start(s, ("damage", unit(s, "Coleman Trebor (A)"), 4, -1, 1))
    assert s.force == [5, 0]


def test_depa_billaba_a_evades_beside_mace_and_gives_force_from_reserve() -> None:
    """Depa (A) (JG.txt): with Mace Windu in the Character arena, 1 Force: Evade 3; without him,
    not offered. Reserves, build step: tap, gain 1 Force."""
    s = position(light={"arena": ["Depa Billaba (A)", "Mace Windu (D)"]}, force=(0, 1))
    depa = unit(s, "Depa Billaba (A)")
    start(s, ("damage", depa, 4, -1, 1))
    act(s, f"use {c(s, 'Depa Billaba (A)')} 1")
    close_window(s)
    assert s.damage[depa] == 1 and s.force[LIGHT] == 0
    s = position(light={"arena": ["Depa Billaba (A)"]}, force=(0, 1))
    start(s, ("damage", depa, 2, -1, 1))
    assert s.damage[unit(s, "Depa Billaba (A)")] == 2
    s = _untapped(position(light={"retreated": ["Depa Billaba (A)"]}), "Depa Billaba (A)")
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Depa Billaba (A)')} 2")
    assert s.force[LIGHT] == 1


def test_protocol_battle_droid_a_attack_can_be_bought_off() -> None:
    """Protocol Battle Droid (A) (JG.txt): when it attacks, the opponent may pay 4 Force: its
    damage to the defender is prevented and it deals 2 to itself (health 2: it is destroyed).
    Without the payment the attack goes on."""
    s = position(dark={"arena": ["Protocol Battle Droid (A)"]}, light={"arena": [WARRIOR]}, force=(0, 4))
    in_attack_window(s, "Protocol Battle Droid (A)", WARRIOR, 2)
    assert s.tasks[-1][0] == "?offer" and texts(s) == ["pay 4", "pass"]
    act(s, "pay 4")
    assert s.zone[unit(s, "Protocol Battle Droid (A)")] == DISCARD and s.force[LIGHT] == 0
    assert s.damage[unit(s, WARRIOR)] == 0


def test_protocol_battle_droid_a_disarm_prevents_its_damage_to_the_defender() -> None:
    """The prevention of Protocol Battle Droid (A)'s payment, on its own: hits on the defender
    come to nothing for this attack, while other damage it deals still counts."""
    s = position(dark={"arena": ["Protocol Battle Droid (A)"]}, light={"arena": [WARRIOR, KIT]})
    pbd, w = unit(s, "Protocol Battle Droid (A)"), unit(s, WARRIOR)
    s.effects.append(("disarmed", pbd))
    assert hits_with(s, pbd, w, [5, 5, 1]) == 0
    start(s, ("damage", unit(s, KIT), 1, pbd, 0))
    assert s.damage[unit(s, KIT)] == 1


def test_qui_gon_jinn_b_inspires_another_jedi_when_discarded() -> None:
    """Qui-Gon (B) (JG.txt): discarded from the arena, one of your other Jedi in the Character
    arena gets +4 power this turn and untaps."""
    s = position(light={"arena": ["Qui-Gon Jinn (B)", KIT, WARRIOR]})
    _tap(s, KIT)
    start(s, ("damage", unit(s, "Qui-Gon Jinn (B)"), 4, -1, 1))
    assert texts(s) == [f"choose {c(s, KIT)}"]
    act(s, f"choose {c(s, KIT)}")
    assert s.power(unit(s, KIT)) == 8 and not s.tapped[unit(s, KIT)]


def test_ric_920_speeds_up_the_other_tatooine_units() -> None:
    """RIC-920 (JG.txt): each of your other Tatooine units +20 speed; not itself, not others."""
    s = position(light={"arena": ["RIC-920", "Cliegg Lars (A)", WARRIOR]})
    assert [s.speed(unit(s, n)) for n in ("RIC-920", "Cliegg Lars (A)", WARRIOR)] == [30, 50, 40]


def test_sun_fac_b_builds_a_geonosian_card_from_reserve() -> None:
    """Sun Fac (B) (JG.txt): Reserves, build step: tap, show a face-down Geonosian card of your
    build zone and put 2 build counters on it; other cards are not offered."""
    s = _untapped(position(dark={"retreated": ["Sun Fac (B)"], "build": [(GEO_WARRIOR, 1), (BDS, 1)]}),
                  "Sun Fac (B)")
    start(s, ("?build", DARK))
    act(s, f"use {c(s, 'Sun Fac (B)')} 1")
    assert texts(s) == [f"choose {c(s, GEO_WARRIOR)}"]
    act(s, f"choose {c(s, GEO_WARRIOR)}")
    g = unit(s, GEO_WARRIOR)
    assert s.counters[g] == 3 and s.shown[g] == 3 and s.counters[unit(s, BDS)] == 1


def test_yoda_e_prevents_two_damage_to_any_of_your_units_from_reserve() -> None:
    """Yoda (E) (JG.txt): Reserves: tap, prevent up to 2 damage to one of your units."""
    s = _untapped(position(light={"retreated": ["Yoda (E)"], "arena": [CLONE]}), "Yoda (E)")
    start(s, ("damage", unit(s, CLONE), 3, -1, 1))
    act(s, f"use {c(s, 'Yoda (E)')} 2")
    close_window(s)
    assert s.damage[unit(s, CLONE)] == 1


def test_separatist_battle_droid_draws_a_card_when_discarded() -> None:
    """Separatist Battle Droid (JG.txt): discarded from the arena, its owner draws a card."""
    s = position(dark={"arena": ["Separatist Battle Droid"], "deck": [BDS, REEK]})
    start(s, ("damage", unit(s, "Separatist Battle Droid"), 1, -1, 1))
    assert names(s, s.hand[DARK]) == [BDS]


def test_scurrier_grows_with_every_other_scurrier() -> None:
    """Scurrier (JG.txt): +2 power for each other Scurrier in the Character arena, either side's."""
    s = position(dark={"arena": ["Scurrier"]}, light={"arena": ["Scurrier"]})
    assert s.power(unit(s, "Scurrier", DARK)) == 3
    s = position(dark={"arena": ["Scurrier", "Scurrier"]}, light={"arena": ["Scurrier"]})
    assert s.power(unit(s, "Scurrier", LIGHT)) == 5
    s = position(dark={"arena": ["Scurrier"]})
    assert s.power(unit(s, "Scurrier")) == 1


# ============================================================================================
# Space and Ground units
# ============================================================================================
def test_slave_i_c_hits_jedi_harder() -> None:
    """Slave I (C) (JG.txt): +2 power while attacking a Jedi (a Jedi Starfighter counts: its
    subtype holds the word); 4 against another unit."""
    s = position(dark={"arena": ["Slave I (C)"]}, light={"arena": [JSF, NABOO_CRUISER]})
    sl = unit(s, "Slave I (C)")
    assert dice_rolled(s, sl, unit(s, JSF)) == 6
    assert dice_rolled(s, sl, unit(s, NABOO_CRUISER)) == 4


def test_trade_federation_blockade_ship_bombards_with_five() -> None:
    """Blockade Ship (JG.txt): Bombard 5 and Overkill together: an attack on the Ground arena
    with 5 dice, whose spare hits may go on another Ground unit."""
    s = position(dark={"arena": ["Trade Federation Blockade Ship"]}, light={"arena": [CLONE, STATION]})
    ship, cl = unit(s, "Trade Federation Blockade Ship"), unit(s, CLONE)
    s.damage[cl] = 3
    s.atk = [ship, cl, 5, 0]
    s.dice = [5, 5, 4, 1, 2]
    start(s, ("attack_damage",))
    act(s, f"choose {c(s, STATION)}")
    assert cl in s.discard[LIGHT] and s.damage[unit(s, STATION)] == 2


def test_tipoca_training_ground_guards_and_aims_clones_from_reserve() -> None:
    """Tipoca (JG.txt): Reserves: tap, prevent up to 2 damage to one of your Clones (not another
    unit); Reserves: tap, your attacking Clone gets Accuracy 1 for this attack."""
    s = _untapped(position(light={"retreated": ["Tipoca Training Ground"], "arena": [CLONE, STATION]}),
                  "Tipoca Training Ground")
    start(s, ("damage", unit(s, CLONE), 3, -1, 1))
    act(s, f"use {c(s, 'Tipoca Training Ground')} 1")
    close_window(s)
    assert s.damage[unit(s, CLONE)] == 1
    s = _untapped(position(light={"retreated": ["Tipoca Training Ground"], "arena": [CLONE, STATION]}),
                  "Tipoca Training Ground")
    start(s, ("damage", unit(s, STATION), 3, -1, 1))
    assert s.damage[unit(s, STATION)] == 3
    s = _untapped(position(light={"retreated": ["Tipoca Training Ground"], "arena": [CLONE]},
                           dark={"arena": [CORE]}, force=(0, 0)), "Tipoca Training Ground")
    _tap(s, CORE)
    in_attack_window(s, CLONE, CORE, 1)
    act(s, f"use {c(s, 'Tipoca Training Ground')} 2")
    assert f"{CLONE} gets accuracy 1" in s.log and s.tapped[unit(s, "Tipoca Training Ground")]


def test_tyranuss_geonosian_speeder_b_finds_a_geonosian_when_attacked() -> None:
    """Tyranus's Geonosian Speeder (B) (JG.txt): when an opponent's unit attacks it, its owner
    may search the deck for a Geonosian card (not another card)."""
    s = position(dark={"arena": ["Tyranus's Geonosian Speeder (B)"], "deck": [BDS, GEO_WARRIOR]},
                 light={"arena": [CLONE]})
    _tap(s, "Tyranus's Geonosian Speeder (B)")
    in_attack_window(s, CLONE, "Tyranus's Geonosian Speeder (B)", 1)
    act(s, "yes")
    assert texts(s) == [f"choose {c(s, GEO_WARRIOR)}", "pass"]
    act(s, f"choose {c(s, GEO_WARRIOR)}")
    assert names(s, s.hand[DARK]) == [GEO_WARRIOR]


def test_coruscant_air_bus_draws_from_reserve() -> None:
    """Coruscant Air Bus (JG.txt): Reserves, build step: tap, draw a card; in the arena, not."""
    s = _untapped(position(light={"retreated": ["Coruscant Air Bus"], "deck": [CLONE, WARRIOR]}),
                  "Coruscant Air Bus")
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Coruscant Air Bus')} 1")
    assert names(s, s.hand[LIGHT]) == [CLONE]
    s = position(light={"arena": ["Coruscant Air Bus"], "deck": [CLONE]})
    start(s, ("?build", LIGHT))
    assert f"use {c(s, 'Coruscant Air Bus')} 1" not in texts(s)


def test_executioner_cart_keeps_a_character_from_evading() -> None:
    """Executioner Cart (JG.txt): instead of attacking, tap: one of the opponent's Characters
    can't use Evade this turn (its other abilities still work)."""
    s = position(dark={"arena": ["Executioner Cart"]}, light={"arena": [KIT, CLONE]}, force=(0, 4))
    _tap(s, CLONE)
    start(s, ("step", 1))
    pass_until(s, "?attack")
    act(s, f"use {c(s, 'Executioner Cart')} 1")
    act(s, f"choose {c(s, KIT)}")
    kit = unit(s, KIT)
    start(s, ("damage", kit, 3, -1, 1))
    assert s.damage[kit] == 3 and s.force[LIGHT] == 4
    s = position(light={"arena": [KIT]}, force=(0, 4))
    start(s, ("damage", unit(s, KIT), 3, -1, 1))
    assert f"use {c(s, KIT)} 1" in texts(s)


def test_neimoidian_shuttle_a_retreats_a_trade_federation_unit() -> None:
    """Neimoidian Shuttle (A) (JG.txt): 2 Force, while no unit attacks: retreat one of your Trade
    Federation units (itself too, by its ruling), tapped; not another unit."""
    s = position(dark={"arena": ["Neimoidian Shuttle (A)", BDS, REEK]}, force=(2, 0))
    start(s, ("step", 0))
    act(s, f"use {c(s, 'Neimoidian Shuttle (A)')} 1")
    assert texts(s) == [f"choose {c(s, 'Neimoidian Shuttle (A)')}", f"choose {c(s, BDS)}"]
    act(s, f"choose {c(s, BDS)}")
    assert s.zone[unit(s, BDS)] == BUILD and s.tapped[unit(s, BDS)] and s.force[DARK] == 0


def test_orray_draws_when_another_creature_is_deployed() -> None:
    """Orray (JG.txt): in the Ground arena, when its owner finishes building another Creature,
    draw a card; another unit, nothing."""
    s = position(dark={"arena": ["Orray"], "build": [(REEK, 3), (BDS, 2)], "deck": [WING, DCS]})
    s.phase = COMMAND
    start(s, ("?build", DARK))
    act(s, f"deploy {c(s, BDS)}")
    assert s.hand[DARK] == []
    act(s, f"deploy {c(s, REEK)}")
    assert names(s, s.hand[DARK]) == [WING]


def test_republic_communications_tower_gives_critical_hit_to_other_ground_units() -> None:
    """Communications Tower (JG.txt): each of your other Ground units has Critical Hit 1; not
    the tower, not a Character."""
    s = position(light={"arena": ["Republic Communications Tower", CLONE, WARRIOR]})
    assert [s.critical_hit(unit(s, n)) for n in ("Republic Communications Tower", CLONE, WARRIOR)] == [0, 1, 0]


def test_tyranuss_solar_sailer_b_saves_a_character_by_retreating_it() -> None:
    """Solar Sailer (B) (JG.txt): Reserves: tap and 4 Force, prevent 1 damage to one of your
    Characters and retreat it (the rest of the damage still lands, in the build zone)."""
    s = _untapped(position(dark={"retreated": ["Tyranus's Solar Sailer (B)"], "arena": [MAUL_B]}, force=(4, 0)),
                  "Tyranus's Solar Sailer (B)")
    maul = unit(s, MAUL_B)
    start(s, ("damage", maul, 2, -1, 1))
    sailer = c(s, "Tyranus's Solar Sailer (B)")
    act(s, f"use {sailer} 1")
    close_window(s)
    assert s.zone[maul] == BUILD and s.damage[maul] == 1 and s.force[DARK] == 0


def test_captured_reek_is_discarded_unless_its_owner_pays() -> None:
    """Captured Reek (JG.txt): when it attacks, discard it unless its owner pays 1 Force."""
    s = position(light={"arena": ["Captured Reek"]}, dark={"arena": [BDS]}, force=(0, 1))
    in_attack_window(s, "Captured Reek", BDS, 1)
    act(s, "pay 1")
    assert s.zone[unit(s, "Captured Reek")] == ARENA and s.force[LIGHT] == 0
    s = position(light={"arena": ["Captured Reek"]}, dark={"arena": [BDS]})
    in_attack_window(s, "Captured Reek", BDS, 1)
    assert s.zone[unit(s, "Captured Reek")] == DISCARD and s.damage[unit(s, BDS)] == 0


def test_clone_fire_team_speeds_up_the_other_clones() -> None:
    """Clone Fire Team (JG.txt): each of your other Clones +10 speed (in any arena)."""
    s = position(light={"arena": ["Clone Fire Team", CLONE, WARRIOR, STATION]})
    assert [s.speed(unit(s, n)) for n in ("Clone Fire Team", CLONE, WARRIOR, STATION)] == [40, 50, 50, 10]


def test_diplomatic_barge_brings_back_a_starfighter_when_it_attacks() -> None:
    """Diplomatic Barge (JG.txt): when it attacks, its owner may put a retreated Starfighter of
    theirs back into the Space arena, untapped."""
    s = position(light={"arena": ["Diplomatic Barge"], "retreated": [JSF]}, dark={"arena": [DCS]})
    in_attack_window(s, "Diplomatic Barge", DCS, 0)
    act(s, "yes")
    act(s, f"choose {c(s, JSF)}")
    assert s.zone[unit(s, JSF)] == ARENA and not s.tapped[unit(s, JSF)]


def test_droid_starfighter_assault_wing_weakens_with_damage() -> None:
    """Assault Wing (JG.txt): -1 power for each damage counter on it."""
    s = position(dark={"arena": ["Droid Starfighter Assault Wing"]})
    w = unit(s, "Droid Starfighter Assault Wing")
    assert s.power(w) == 4
    s.damage[w] = 3
    assert s.power(w) == 1


def test_forward_command_center_boosts_an_attacking_ground_unit() -> None:
    """Forward Command Center (JG.txt): tap, your attacking Ground unit +5 power for this
    attack; not for a Character."""
    s = position(light={"arena": ["Forward Command Center", CLONE]}, dark={"arena": [CORE]})
    _tap(s, CORE)
    in_attack_window(s, CLONE, CORE, 1)
    act(s, f"use {c(s, 'Forward Command Center')} 1")
    assert len(rolled_in_log(s)) == 9 and s.tapped[unit(s, "Forward Command Center")]
    s = position(light={"arena": ["Forward Command Center", WARRIOR]}, dark={"arena": [MAUL_B]})
    _tap(s, MAUL_B)
    in_attack_window(s, WARRIOR, MAUL_B, 2)
    assert not s.tasks or f"use {c(s, 'Forward Command Center')} 1" not in texts(s)


def test_republic_assault_transport_builds_a_ground_card() -> None:
    """Republic Assault Transport (JG.txt): tap in the build step: show a face-down Ground card
    of your build zone and put 3 build counters on it; not a Character card."""
    s = position(light={"arena": ["Republic Assault Transport"], "build": [(STATION, 1), (WARRIOR, 1)]})
    start(s, ("?build", LIGHT))
    act(s, f"use {c(s, 'Republic Assault Transport')} 1")
    assert texts(s) == [f"choose {c(s, STATION)}"]
    act(s, f"choose {c(s, STATION)}")
    assert s.counters[unit(s, STATION)] == 4 and s.counters[unit(s, WARRIOR)] == 1


def test_republic_hyperdrive_ring_gives_itself_to_save_a_jedi_starfighter() -> None:
    """Hyperdrive Ring (JG.txt): Reserves: discard it, prevent all damage to one of your Jedi
    Starfighters; not another Space unit."""
    s = _untapped(position(light={"retreated": ["Republic Hyperdrive Ring"], "arena": [JSF, NABOO_CRUISER]}),
                  "Republic Hyperdrive Ring")
    start(s, ("damage", unit(s, JSF), 3, -1, 1))
    act(s, f"use {c(s, 'Republic Hyperdrive Ring')} 1")
    close_window(s)
    assert s.damage[unit(s, JSF)] == 0 and s.zone[unit(s, "Republic Hyperdrive Ring")] == DISCARD
    s = _untapped(position(light={"retreated": ["Republic Hyperdrive Ring"], "arena": [JSF, NABOO_CRUISER]}),
                  "Republic Hyperdrive Ring")
    start(s, ("damage", unit(s, NABOO_CRUISER), 3, -1, 1))
    assert s.damage[unit(s, NABOO_CRUISER)] == 3


def test_shaak_grows_with_damage() -> None:
    """Shaak (JG.txt): +1 power for each damage counter on it."""
    s = position(light={"arena": ["Shaak"]})
    u = unit(s, "Shaak")
    assert s.power(u) == 1
    s.damage[u] = 3
    assert s.power(u) == 4


# ============================================================================================
# Battle cards
# ============================================================================================
def test_coup_de_grace_doubles_the_damage_on_a_unit() -> None:
    """Coup de Grace (JG.txt): 8 Force: as much damage to one of the opponent's units as it has
    damage counters."""
    s = position(dark={"hand": ["Coup de Grace"]}, light={"arena": [KIT, CLONE]}, force=(8, 0))
    s.damage[unit(s, KIT)] = 2
    start(s, ("step", 2))
    act(s, f"play {c(s, 'Coup de Grace')}")
    act(s, f"choose {c(s, KIT)}")
    assert s.damage[unit(s, KIT)] == 4 and s.force[DARK] == 0


def test_furious_charge_gives_overkill_for_the_attack() -> None:
    """Furious Charge (JG.txt): 3 Force, before the roll: your attacking unit has Overkill for
    this attack, and not after it."""
    s = position(light={"arena": [CLONE], "hand": ["Furious Charge"]}, dark={"arena": [BDS, CORE]},
                 force=(0, 3))
    _tap(s, BDS, CORE)
    in_attack_window(s, CLONE, BDS, 1)
    assert s.dice == []
    act(s, f"play {c(s, 'Furious Charge')}")
    assert f"{CLONE} gets overkill 1" in s.log and s.force[LIGHT] == 0
    start(s, ("attack_cleanup",))
    assert keyword(s, unit(s, CLONE), "overkill") == 0


def test_rapid_recovery_heals_and_untaps_a_diplomat() -> None:
    """Rapid Recovery (JG.txt): 1 Force, while no unit attacks: all damage off one of your
    damaged Diplomats, which untaps; another damaged unit is not offered."""
    s = position(light={"arena": ["Padme Amidala (A)", WARRIOR], "hand": ["Rapid Recovery"]}, force=(0, 1))
    padme = unit(s, "Padme Amidala (A)")
    s.damage[padme] = s.damage[unit(s, WARRIOR)] = 2
    _tap(s, "Padme Amidala (A)")
    start(s, ("step", 0))
    act(s, f"play {c(s, 'Rapid Recovery')}")
    assert texts(s) == [f"choose {c(s, 'Padme Amidala (A)')}"]
    act(s, f"choose {c(s, 'Padme Amidala (A)')}")
    assert s.damage[padme] == 0 and not s.tapped[padme] and s.damage[unit(s, WARRIOR)] == 2


def test_tyranuss_power_helps_a_jedi_attacking_a_jedi() -> None:
    """Tyranus's Power (JG.txt): 1 Force: your Jedi attacking a Jedi +4 power for this attack
    (a Dark Jedi counts); not offered against a Clone."""
    s = position(dark={"arena": ["Darth Tyranus (C)"], "hand": ["Tyranus's Power"]}, light={"arena": [KIT]},
                 force=(1, 0))
    in_attack_window(s, "Darth Tyranus (C)", KIT, 2)
    act(s, "play " + c(s, "Tyranus's Power"))
    assert len(rolled_in_log(s)) == 9
    s = position(dark={"arena": ["Darth Tyranus (C)"], "hand": ["Tyranus's Power"]}, light={"arena": [WARRIOR]},
                 force=(1, 0))
    in_attack_window(s, "Darth Tyranus (C)", WARRIOR, 2)
    assert len(rolled_in_log(s)) == 5


def test_jedi_knights_survival_prevents_all_damage_from_an_enemy_unit() -> None:
    """Jedi Knight's Survival (JG.txt): 5 Force: all damage an opponent's unit is about to deal
    is prevented; damage from no unit is not offered."""
    s = position(light={"arena": [KIT], "hand": ["Jedi Knight's Survival"]}, dark={"arena": [MAUL_B]},
                 force=(0, 5))
    kit = unit(s, KIT)
    start(s, ("damage", kit, 4, unit(s, MAUL_B), 1))
    act(s, "play " + c(s, "Jedi Knight's Survival"))
    close_window(s)
    assert s.damage[kit] == 0 and s.force[LIGHT] == 0
    s = position(light={"arena": [KIT], "hand": ["Jedi Knight's Survival"]}, force=(0, 5))
    start(s, ("damage", unit(s, KIT), 4, -1, 1))
    assert "play " + c(s, "Jedi Knight's Survival") not in texts(s)      # Kit's Evade is offered


def test_lightsaber_loss_weakens_an_attacking_jedi() -> None:
    """Lightsaber Loss (JG.txt): 2 Force: an attacking Jedi gets -5 power for this attack (Kit,
    power 4, rolls nothing); not offered while a Clone attacks."""
    s = position(light={"arena": [KIT]}, dark={"arena": [MAUL_B], "hand": ["Lightsaber Loss"]}, force=(2, 0))
    _tap(s, MAUL_B)
    in_attack_window(s, KIT, MAUL_B, 2)
    act(s, f"play {c(s, 'Lightsaber Loss')}")
    assert "no dice: power 0 or less" in s.log and s.force[DARK] == 0
    s = position(light={"arena": [WARRIOR]}, dark={"arena": [MAUL_B], "hand": ["Lightsaber Loss"]}, force=(2, 0))
    _tap(s, MAUL_B)
    in_attack_window(s, WARRIOR, MAUL_B, 2)
    assert len(rolled_in_log(s)) == 4 and s.force[DARK] == 2


def test_tactical_leadership_gives_an_arena_overkill_this_turn() -> None:
    """Tactical Leadership (JG.txt): 5 Force, while no unit attacks: each of your units in the
    chosen arena has Overkill this turn; others not."""
    s = position(dark={"arena": [BDS, CORE, WING], "hand": ["Tactical Leadership"]}, force=(5, 0))
    start(s, ("step", 0))
    act(s, f"play {c(s, 'Tactical Leadership')}")
    act(s, "choose ground")
    assert [keyword(s, unit(s, n), "overkill") for n in (BDS, CORE, WING)] == [1, 1, 0]


def test_close_pursuit_slows_an_enemy_unit() -> None:
    """Close Pursuit (JG.txt): free: one of the opponent's Space or Ground units -20 speed this
    turn (ruling); a Character is not offered."""
    s = position(dark={"hand": ["Close Pursuit"]}, light={"arena": [CLONE, WARRIOR]})
    start(s, ("step", 0))
    act(s, f"play {c(s, 'Close Pursuit')}")
    assert texts(s) == [f"choose {c(s, CLONE)}"]
    act(s, f"choose {c(s, CLONE)}")
    assert s.speed(unit(s, CLONE)) == 20
    start(s, ("battle_cleanup",))
    assert s.speed(unit(s, CLONE)) == 20


def test_gunship_offensive_untaps_a_ground_unit() -> None:
    """Gunship Offensive (JG.txt): 6 Force: untap one of your Ground units."""
    s = position(light={"arena": [CLONE, WARRIOR], "hand": ["Gunship Offensive"]}, force=(0, 6))
    _tap(s, CLONE, WARRIOR)
    start(s, ("step", 0))
    act(s, f"play {c(s, 'Gunship Offensive')}")
    assert texts(s) == [f"choose {c(s, CLONE)}"]
    act(s, f"choose {c(s, CLONE)}")
    assert not s.tapped[unit(s, CLONE)] and s.tapped[unit(s, WARRIOR)]


def test_obi_wans_maneuver_prevents_one_damage_to_a_space_or_ground_unit() -> None:
    """Obi-Wan's Maneuver (JG.txt): free: prevent 1 damage to one of your Space or Ground
    units; not to a Character."""
    s = position(light={"arena": [CLONE], "hand": ["Obi-Wan's Maneuver"]})
    start(s, ("damage", unit(s, CLONE), 2, -1, 1))
    act(s, "play " + c(s, "Obi-Wan's Maneuver"))
    close_window(s)
    assert s.damage[unit(s, CLONE)] == 1
    s = position(light={"arena": [WARRIOR], "hand": ["Obi-Wan's Maneuver"]})
    start(s, ("damage", unit(s, WARRIOR), 2, -1, 1))
    assert s.damage[unit(s, WARRIOR)] == 2


# ============================================================================================
# Missions
# ============================================================================================
def test_guidance_of_the_chancellor_renews_a_chosen_hand() -> None:
    """Guidance of the Chancellor (JG.txt): look at the opponent's hand, then a player chosen
    discards the hand and draws as many cards."""
    s = mission(DARK, "Guidance of the Chancellor", theirs={"hand": [CLONE, WARRIOR], "deck": [STATION, KIT, JSF]})
    complete(s, "Guidance of the Chancellor", DARK)
    assert all(s.shown[x] & 1 for x in s.hand[LIGHT])
    act(s, "choose option 2")
    assert sorted(names(s, s.hand[LIGHT])) == sorted([STATION, KIT])
    assert sorted(names(s, s.discard[LIGHT])) == sorted([CLONE, WARRIOR])


def test_homing_missile_hits_a_chosen_unit_when_the_battle_starts() -> None:
    """Homing Missile (JG.txt, with the IDC's erratum): when the battle phase starts, 3 damage to
    a unit chosen in any arena or retreated in the opponent's build zone (not one's own)."""
    s = mission(LIGHT, "Homing Missile", mine={"retreated": [JSF]}, theirs={"arena": [CORE], "retreated": [MAUL_B]})
    complete(s, "Homing Missile", LIGHT)
    start(s, ("battle",))
    assert sorted(texts(s)) == sorted([f"choose {c(s, CORE)}", f"choose {c(s, MAUL_B)}"])
    assert decode(encode(s.tasks)) == s.tasks     # the choice's selectors (any_of) survive saving
    act(s, f"choose {c(s, MAUL_B)}")
    assert s.damage[unit(s, MAUL_B)] == 3


def test_jedi_council_quorum_wins_with_seven_council_members() -> None:
    """Jedi Council Quorum (JG.txt): when the turn ends, 7 Council Members in arenas or the build
    zone win the game, even when the opponent controls two arenas (ruling); 6 do not."""
    council = ["Adi Gallia (A)", "Eeth Koth (A)", "Even Piell (A)", "Ki-Adi-Mundi (A)", "Mace Windu (D)",
               "Oppo Rancisis (A)", "Yoda (D)"]
    for k, winner in ((7, LIGHT), (6, DARK)):
        mine = {"arena": council[:3], "build": [(x, 1) for x in council[3:k]]}
        s = mission(LIGHT, "Jedi Council Quorum", mine=mine, theirs={"arena": [CORE, DCS]})
        complete(s, "Jedi Council Quorum", LIGHT)
        start(s, ("end_turn",))
        assert s.done and s.won == winner


def test_call_for_reinforcements_brings_back_retreated_units_of_a_type() -> None:
    """Call for Reinforcements (JG.txt): when the battle phase starts, choose a type: every
    retreated unit of that type, both sides', goes back into its arena (still tapped); others
    stay."""
    s = mission(DARK, "Call for Reinforcements", mine={"retreated": [BDS, MAUL_B]}, theirs={"retreated": [CLONE]})
    complete(s, "Call for Reinforcements", DARK)
    start(s, ("battle",))
    act(s, "choose ground")
    assert s.zone[unit(s, BDS)] == ARENA and s.zone[unit(s, CLONE)] == ARENA and s.tapped[unit(s, CLONE)]
    assert s.zone[unit(s, MAUL_B)] == BUILD


def test_jedi_training_exercise_fetches_a_version_and_hurts_the_jedi() -> None:
    """Jedi Training Exercise (JG.txt): choose one of your Jedi, take a card of the same name
    from the deck, and the Jedi takes 1 damage."""
    s = mission(LIGHT, "Jedi Training Exercise", mine={"arena": ["Mace Windu (D)", WARRIOR],
                                                     "deck": [KIT, "Mace Windu (A)"]})
    complete(s, "Jedi Training Exercise", LIGHT)
    assert texts(s) == [f"choose {c(s, 'Mace Windu (D)')}"]
    act(s, f"choose {c(s, 'Mace Windu (D)')}")
    assert texts(s) == [f"choose {c(s, 'Mace Windu (A)')}", "pass"]
    act(s, f"choose {c(s, 'Mace Windu (A)')}")
    assert names(s, s.hand[LIGHT]) == ["Mace Windu (A)"] and s.damage[unit(s, "Mace Windu (D)")] == 1


def test_underworld_investigations_sees_hand_and_build_zone_and_gains_force() -> None:
    """Underworld Investigations (JG.txt): see the opponent's hand and face-down build cards,
    then gain 2 Force."""
    s = mission(LIGHT, "Underworld Investigations", theirs={"hand": [BDS], "build": [(CORE, 2)]})
    complete(s, "Underworld Investigations", LIGHT)
    assert s.shown[unit(s, BDS)] & 2 and s.shown[unit(s, CORE)] & 2 and s.force[LIGHT] == 2


def test_train_for_war_fetches_a_clone() -> None:
    """Train for War (JG.txt): search the deck for a Clone card; others are not offered."""
    s = mission(LIGHT, "Train for War", mine={"deck": [STATION, CLONE]})
    complete(s, "Train for War", LIGHT)
    assert texts(s) == [f"choose {c(s, CLONE)}", "pass"]
    act(s, f"choose {c(s, CLONE)}")
    assert names(s, s.hand[LIGHT]) == [CLONE]


def test_tyranuss_return_takes_a_character_back_for_its_cost_in_force() -> None:
    """Tyranus's Return (JG.txt): one of your Characters, in an arena or retreated (ruling), goes
    back to your hand; you gain its total build cost in Force."""
    s = mission(DARK, "Tyranus's Return", mine={"retreated": [MAUL_B], "arena": [BDS]})
    complete(s, "Tyranus's Return", DARK)
    assert texts(s) == [f"choose {c(s, MAUL_B)}"]
    act(s, f"choose {c(s, MAUL_B)}")
    assert s.zone[unit(s, MAUL_B)] == HAND and s.force[DARK] == 7


def test_droid_deactivation_taps_an_enemy_droid() -> None:
    """Droid Deactivation (JG.txt): tap one of the opponent's Droids, in an arena or retreated;
    other units are not offered."""
    s = mission(LIGHT, "Droid Deactivation", theirs={"arena": [BDS, MAUL_B]})
    complete(s, "Droid Deactivation", LIGHT)
    assert texts(s) == [f"choose {c(s, BDS)}"]
    act(s, f"choose {c(s, BDS)}")
    assert s.tapped[unit(s, BDS)] and not s.tapped[unit(s, MAUL_B)]


def test_plan_for_the_future_gives_four_build_points() -> None:
    """Plan for the Future (JG.txt): +4 build points this turn."""
    s = mission(DARK, "Plan for the Future")
    s.bp = [1, 0]
    complete(s, "Plan for the Future", DARK)
    assert s.bp[DARK] == 5


# ============================================================================================
# Attacks on the opponent's build zone
# ============================================================================================
def _attacks_build_zone(card: str, side: int, target: str, step: int) -> None:
    own = {"arena": [card]}
    them = {"retreated": [target]}
    dark, light = (own, them) if side == DARK else (them, own)
    s = position(dark=dark, light=light)
    move = f"attack {c(s, card)} > {c(s, target)}"
    start(s, ("step", step))
    pass_until(s, "?attack")
    assert move in texts(s)
    act(s, move)
    assert len(rolled_in_log(s)) == s.power(unit(s, card)) and "no dice: a unit left the battle" not in s.log


def test_jango_fett_g_attacks_characters_in_the_build_zone() -> None:
    """Jango (G) (JG.txt): he may attack the opponent's retreated Characters, rolling his power;
    another Character may not."""
    _attacks_build_zone("Jango Fett (G)", DARK, WARRIOR, 2)
    s = position(dark={"arena": ["Jango Fett (G)"]}, light={"retreated": [KIT]}, force=(0, 2))
    kit = unit(s, KIT)
    start(s, ("damage", kit, 3, unit(s, "Jango Fett (G)"), 1))
    assert s.damage[kit] == 3       # retreated, Kit's Evade is off (reference section 9)
    s = position(dark={"arena": [MAUL_B]}, light={"retreated": [WARRIOR]})
    start(s, ("step", 2))
    pass_until(s, "?attack")
    assert texts(s) == [f"hold {c(s, MAUL_B)}"]


def test_plo_koon_b_attacks_characters_in_the_build_zone() -> None:
    """Plo Koon (B) (JG.txt): he may attack the opponent's retreated Characters."""
    _attacks_build_zone("Plo Koon (B)", LIGHT, MAUL_B, 2)


def test_zam_wesell_c_attacks_and_shoots_into_the_build_zone() -> None:
    """Zam (C) (JG.txt): she may attack the opponent's retreated Characters; Reserves, while no
    unit attacks: tap, dice of damage equal to her power (5) at a retreated enemy Character."""
    _attacks_build_zone("Zam Wesell (C)", DARK, WARRIOR, 2)
    s = _untapped(position(dark={"retreated": ["Zam Wesell (C)"]}, light={"retreated": [WARRIOR], "arena": [CLONE]}),
                  "Zam Wesell (C)")
    start(s, ("step", 0))
    act(s, f"use {c(s, 'Zam Wesell (C)')} 2")
    assert texts(s) == [f"choose {c(s, WARRIOR)}"]
    act(s, f"choose {c(s, WARRIOR)}")
    assert any(x.startswith(f"5 dice of damage at {WARRIOR}") for x in s.log)


def test_obi_wans_starfighter_b_may_attack_a_retreated_space_unit() -> None:
    """Obi-Wan's Starfighter (B) (JG.txt): 2 Force: this turn it may attack a Space unit in the
    opponent's build zone, with +2 power for that attack; before paying, it may not."""
    s = position(light={"arena": ["Obi-Wan's Starfighter (B)"]}, dark={"retreated": [WING], "arena": [DCS]},
                 force=(0, 2))
    ows = c(s, "Obi-Wan's Starfighter (B)")
    _tap(s, DCS)
    start(s, ("step", 0))
    act(s, f"use {ows} 1")
    pass_until(s, "?attack")
    act(s, f"attack {ows} > {c(s, WING)}")
    assert len(rolled_in_log(s)) == 5
    s = position(light={"arena": ["Obi-Wan's Starfighter (B)"]}, dark={"retreated": [WING], "arena": [DCS]})
    _tap(s, DCS)
    start(s, ("step", 0))
    pass_until(s, "?attack")
    assert f"attack {ows} > {c(s, WING)}" not in texts(s)


def test_trade_federation_battle_freighter_becomes_a_fortification() -> None:
    """Battle Freighter (JG.txt): while no unit attacks, discard it from the Space arena: a
    face-down Trade Federation Fortification of your build zone, shown, gets 5 build counters
    and, with enough, may be deployed at once; with no such card it is not offered."""
    s = position(dark={"arena": ["Trade Federation Battle Freighter"], "build": [(CORE, 5), (BDS, 1)]})
    start(s, ("step", 0))
    act(s, f"use {c(s, 'Trade Federation Battle Freighter')} 1")
    assert texts(s) == [f"choose {c(s, CORE)}"]
    act(s, f"choose {c(s, CORE)}")
    assert s.zone[unit(s, "Trade Federation Battle Freighter")] == DISCARD
    act(s, f"deploy {c(s, CORE)}")
    assert s.zone[unit(s, CORE)] == ARENA
    s = position(dark={"arena": ["Trade Federation Battle Freighter"], "build": [(BDS, 1)]})
    start(s, ("step", 0))
    assert not s.tasks or f"use {c(s, 'Trade Federation Battle Freighter')} 1" not in texts(s)


def test_trade_federation_core_ship_becomes_a_capital_ship() -> None:
    """Core Ship (JG.txt): the same from the Ground arena for a Trade Federation Capital Ship;
    too few counters, and it stays in the build zone with them."""
    s = position(dark={"arena": ["Trade Federation Core Ship"], "build": [(DCS, 3)]})
    start(s, ("step", 0))
    act(s, f"use {c(s, 'Trade Federation Core Ship')} 1")
    act(s, f"choose {c(s, DCS)}")
    assert s.counters[unit(s, DCS)] == 8 and s.zone[unit(s, DCS)] == BUILD
    assert not s.tasks or s.tasks[-1][0] != "?deploy_now"


def test_unified_attack_adds_a_tapped_units_power() -> None:
    """Unified Attack (JG.txt): 4 Force and tap another untapped unit of yours in the attack's
    arena: your attacking unit gets +X power for this attack, X the tapped unit's power; a unit
    of another arena is not offered."""
    s = position(light={"arena": [CLONE, STATION, WARRIOR], "hand": ["Unified Attack"]}, dark={"arena": [CORE]},
                 force=(0, 4))
    _tap(s, CORE)
    in_attack_window(s, CLONE, CORE, 1)
    act(s, f"play {c(s, 'Unified Attack')}")
    assert texts(s) == [f"choose {c(s, STATION)}"]
    act(s, f"choose {c(s, STATION)}")
    assert len(rolled_in_log(s)) == 10 and s.tapped[unit(s, STATION)]


def test_synchronized_systems_powers_two_units_and_evens_their_speed() -> None:
    """Synchronized Systems (JG.txt): 6 Force: up to 2 of your units in one arena +3 power this
    turn; the slower gets the difference in speed."""
    s = position(dark={"arena": [BDS, "Destroyer Droid Squad", CORE], "hand": ["Synchronized Systems"]},
                 force=(6, 0))
    start(s, ("step", 0))
    act(s, f"play {c(s, 'Synchronized Systems')}")
    act(s, "choose ground")
    act(s, f"choose {c(s, BDS)}")
    act(s, f"choose {c(s, 'Destroyer Droid Squad')}")
    bds, dds = unit(s, BDS), unit(s, "Destroyer Droid Squad")
    assert (s.power(bds), s.power(dds), s.power(unit(s, CORE))) == (5, 8, 10)
    assert (s.speed(bds), s.speed(dds), s.speed(unit(s, CORE))) == (40, 40, 10)


def test_jedi_arrogance_lets_its_owner_have_enemy_rolls_rerolled() -> None:
    """Jedi Arrogance (JG.txt): in the arena chosen, this turn, each attack roll of the opponent's
    units may be rerolled whole, once, at the owner's word; not rolls in another arena."""
    s = mission(DARK, "Jedi Arrogance", mine={"arena": [MAUL_B, CORE]}, theirs={"arena": [KIT, CLONE]})
    complete(s, "Jedi Arrogance", DARK)
    act(s, "choose character")
    _tap(s, MAUL_B)
    in_attack_window(s, KIT, MAUL_B, 2)
    assert s.tasks[-1][0] == "?may" and s.current_player == DARK
    act(s, "yes")
    line = next(x for x in s.log if x.startswith("dice rerolled: "))
    again = [int(v) for v in line.split("[")[1].rstrip("]").split(",")]
    assert len(again) == 4 and f"{sum(v >= 4 for v in again)} damage to {MAUL_B}" in s.log
    s2 = mission(DARK, "Jedi Arrogance", mine={"arena": [MAUL_B, CORE]}, theirs={"arena": [KIT, CLONE]})
    complete(s2, "Jedi Arrogance", DARK)
    act(s2, "choose character")
    _tap(s2, CORE)
    in_attack_window(s2, CLONE, CORE, 1)
    assert not any(t[0] == "?may" for t in s2.tasks)


def test_eeth_koth_a_gains_three_force_for_a_right_prediction() -> None:
    """Eeth Koth (A) (JG.txt): when he attacks, his owner predicts the hits; the dice showing that
    many hits give 3 Force, another number nothing."""
    for guess_right in (True, False):
        s = position(light={"arena": ["Eeth Koth (A)"]}, dark={"arena": [MAUL_B]})
        _tap(s, MAUL_B)
        in_attack_window(s, "Eeth Koth (A)", MAUL_B, 2)
        assert s.tasks[-1][0] == "?predict" and "choose 0 hits" in texts(s)
        probe = s.clone()           # the dice the attack will roll (same generator)
        probe.log = []
        act(probe, "choose 0 hits")
        close_window(probe)
        hits = sum(v >= 4 for v in rolled_in_log(probe))
        guess = hits if guess_right else hits + 1
        act(s, f"choose {guess} hits")
        close_window(s)
        assert s.force[LIGHT] == (3 if guess_right else 0)


def test_padmes_yacht_b_builds_a_revealed_character() -> None:
    """Padme's Yacht (B) (JG.txt): tap in the build step: reveal the top 3 cards; a Character
    among them goes face down into the build zone with 1 counter; the rest are discarded."""
    s = position(light={"arena": ["Padme's Yacht (B)"], "deck": [CLONE, WARRIOR, JSF, KIT]})
    start(s, ("?build", LIGHT))
    act(s, "use " + c(s, "Padme's Yacht (B)") + " 2")
    assert texts(s) == [f"choose {c(s, WARRIOR)}"]
    act(s, f"choose {c(s, WARRIOR)}")
    assert s.zone[unit(s, WARRIOR)] == BUILD and s.counters[unit(s, WARRIOR)] == 1
    assert sorted(names(s, s.discard[LIGHT])) == sorted([CLONE, JSF]) and names(s, s.deck[LIGHT]) == [KIT]
    s = position(light={"arena": ["Padme's Yacht (B)"], "deck": [CLONE, JSF, STATION, KIT]})
    start(s, ("?build", LIGHT))
    act(s, "use " + c(s, "Padme's Yacht (B)") + " 2")
    assert len(s.discard[LIGHT]) == 3 and s.build[LIGHT] == []


def test_gather_the_council_takes_different_council_members_for_force() -> None:
    """Gather the Council (JG.txt): any number of Council Member cards with different names from
    the deck into hand, 1 Force each; a second copy of a name is not offered."""
    s = mission(LIGHT, "Gather the Council", mine={"deck": ["Yoda (D)", "Yoda (D)", "Even Piell (A)", KIT]})
    complete(s, "Gather the Council", LIGHT)
    act(s, f"choose {c(s, 'Yoda (D)')}")
    assert texts(s) == [f"choose {c(s, 'Even Piell (A)')}", "pass"]
    act(s, f"choose {c(s, 'Even Piell (A)')}")
    act(s, "pass")
    assert sorted(names(s, s.hand[LIGHT])) == ["Even Piell (A)", "Yoda (D)"] and s.force[LIGHT] == 2


def test_remember_the_prophecy_takes_the_named_type_from_the_top_five() -> None:
    """Remember the Prophecy (JG.txt): a player chosen reveals the top 5 cards; those of the type
    named go to their hand, the rest to the discard pile."""
    s = mission(DARK, "Remember the Prophecy", theirs={"deck": [CLONE, "Rapid Recovery", WARRIOR, STATION,
                                                               "Gunship Offensive", KIT]})
    complete(s, "Remember the Prophecy", DARK)
    act(s, "choose option 2")
    act(s, "choose battle")
    assert sorted(names(s, s.hand[LIGHT])) == ["Gunship Offensive", "Rapid Recovery"]
    assert sorted(names(s, s.discard[LIGHT])) == sorted([CLONE, WARRIOR, STATION]) and names(s, s.deck[LIGHT]) == [KIT]


# ============================================================================================
# Pilots with more than bonuses
# ============================================================================================
def _aboard(s, pilot: str, ship: str, side: int):
    start(s, ("?build", side))
    act(s, f"pilot {c(s, pilot)} > {c(s, ship)}")
    return s


def _granted_evade(pilot: str, ship: str, force: int, n: int) -> None:
    """Aboard, the ship has one more ability, Evade n for `force` Force; before, it has not."""
    s = position(light={"arena": [pilot, ship]}, force=(0, force))
    u = unit(s, ship)
    k = len(s.d(u).abilities) + 1
    start(s, ("damage", u, n, -1, 1))
    assert s.damage[u] == n or s.zone[u] == DISCARD      # nothing was offered
    s = _aboard(position(light={"arena": [pilot, ship]}, force=(0, force)), pilot, ship, LIGHT)
    s.damage[u] = 0
    start(s, ("damage", u, n, -1, 1))
    act(s, f"use {c(s, ship)} {k}")
    close_window(s)
    assert s.damage[u] == 0 and s.force[LIGHT] == 0


def test_adi_gallia_a_pilots_a_starfighter_with_evade() -> None:
    """Adi Gallia (A) (JG.txt): aboard a Starfighter it gets +20 speed, +2 power and Evade 1
    for 2 Force."""
    s = _aboard(position(light={"arena": ["Adi Gallia (A)", JSF]}), "Adi Gallia (A)", JSF, LIGHT)
    assert (s.speed(unit(s, JSF)), s.power(unit(s, JSF))) == (70, 5)
    _granted_evade("Adi Gallia (A)", JSF, 2, 1)


def test_saesee_tiin_a_pilots_with_evade() -> None:
    """Saesee Tiin (A) (JG.txt): aboard a Capital Ship, Starfighter or Transport it gives +10
    speed, +1 power and Evade 2 for 2 Force."""
    s = _aboard(position(light={"arena": ["Saesee Tiin (A)", NABOO_CRUISER]}), "Saesee Tiin (A)",
                NABOO_CRUISER, LIGHT)
    assert (s.speed(unit(s, NABOO_CRUISER)), s.power(unit(s, NABOO_CRUISER))) == (20, 7)
    _granted_evade("Saesee Tiin (A)", JSF, 2, 2)


def test_obi_wan_kenobi_j_pulls_a_ship_out_and_pilots_with_evade() -> None:
    """Obi-Wan (J) (JG.txt): 3 Force, while no unit attacks: one of the opponent's retreated Space
    units goes into the Space arena, untapped; as a pilot, the Starfighter gets Evade 4 for 3."""
    s = position(light={"arena": ["Obi-Wan Kenobi (J)"]}, dark={"retreated": [WING]}, force=(0, 3))
    start(s, ("step", 0))
    act(s, f"use {c(s, 'Obi-Wan Kenobi (J)')} 1")
    act(s, f"choose {c(s, WING)}")
    assert s.zone[unit(s, WING)] == ARENA and not s.tapped[unit(s, WING)] and s.force[LIGHT] == 0
    _granted_evade("Obi-Wan Kenobi (J)", JSF, 3, 4)


def test_jango_fett_f_aims_at_jedi_and_flies_a_lone_patrol_ship() -> None:
    """Jango (F) (JG.txt): Accuracy 1 while attacking a Jedi; aboard a Patrol Ship, it gets +20
    speed and +3 power while its owner has no other Space unit."""
    s = position(dark={"arena": ["Jango Fett (F)"]}, light={"arena": [KIT, WARRIOR]})
    jango = unit(s, "Jango Fett (F)")
    s.atk = [jango, unit(s, KIT), -1, 2]
    assert keyword(s, jango, "accuracy") == 1
    s.atk = [jango, unit(s, WARRIOR), -1, 2]
    assert keyword(s, jango, "accuracy") == 0
    s = _aboard(position(dark={"arena": ["Jango Fett (F)", "Slave I (C)"]}), "Jango Fett (F)", "Slave I (C)", DARK)
    assert (s.speed(unit(s, "Slave I (C)")), s.power(unit(s, "Slave I (C)"))) == (70, 7)
    s = _aboard(position(dark={"arena": ["Jango Fett (F)", "Slave I (C)", WING]}), "Jango Fett (F)",
                "Slave I (C)", DARK)
    assert (s.speed(unit(s, "Slave I (C)")), s.power(unit(s, "Slave I (C)"))) == (50, 4)


def test_boba_fett_b_lets_a_patrol_ship_attack_the_character_arena() -> None:
    """Boba Fett (B) (JG.txt): aboard a Patrol Ship, it may attack a Character instead of a Space
    unit, with 5 power; without him it may not."""
    s = position(dark={"arena": ["Slave I (C)"]}, light={"arena": [WARRIOR]})
    start(s, ("step", 0))
    pass_until(s, "?attack")
    assert texts(s) == [f"hold {c(s, 'Slave I (C)')}"]
    s = _aboard(position(dark={"arena": ["Boba Fett (B)", "Slave I (C)"]}, light={"arena": [WARRIOR]}),
                "Boba Fett (B)", "Slave I (C)", DARK)
    start(s, ("step", 0))
    pass_until(s, "?attack")
    act(s, f"attack {c(s, 'Slave I (C)')} > {c(s, WARRIOR)}")
    assert len(rolled_in_log(s)) == 5


# ============================================================================================
# Missions that give abilities for the turn
# ============================================================================================
def test_jedi_superiority_lets_jedi_shrug_off_clones_and_droids() -> None:
    """Jedi Superiority (JG.txt): this turn each of your Jedi gets '1 Force: prevent up to 4
    damage to it, only while a Clone or Droid attacks'; not while another unit attacks, and a
    unit that is no Jedi does not get it."""
    for attacker, offered in ((BDS, True), (MAUL_B, False)):
        s = mission(LIGHT, "Jedi Superiority", mine={"arena": ["Yoda (D)", WARRIOR]},
                    theirs={"arena": [attacker]}, force=(0, 1))
        complete(s, "Jedi Superiority", LIGHT)
        yoda, a = unit(s, "Yoda (D)"), unit(s, attacker)
        k = len(s.d(yoda).abilities) + 1
        assert len(abilities_of(s, yoda)) == k and len(abilities_of(s, unit(s, WARRIOR))) == len(s.d(unit(s, WARRIOR)).abilities)
        s.atk = [a, yoda, -1, s.unit_arena(a)]
        start(s, ("damage", yoda, 4, a, 1))
        if offered:
            act(s, f"use {c(s, 'Yoda (D)')} {k}")
            close_window(s)
        assert s.damage[yoda] == (0 if offered else 4) and s.force[LIGHT] == (0 if offered else 1)


def test_lightsaber_gift_gives_jedi_a_power_boost_for_the_turn() -> None:
    """Lightsaber Gift (JG.txt): this turn each of your Jedi gets '2 Force: +3 power for this
    attack'."""
    s = mission(LIGHT, "Lightsaber Gift", mine={"arena": [KIT, WARRIOR]}, theirs={"arena": [MAUL_B]}, force=(0, 4))
    complete(s, "Lightsaber Gift", LIGHT)
    _tap(s, MAUL_B)
    kit = unit(s, KIT)
    k = len(s.d(kit).abilities) + 1
    in_attack_window(s, KIT, MAUL_B, 2)
    act(s, f"use {c(s, KIT)} {k}")
    assert s.power(kit) == 7 and s.force[LIGHT] == 2
    assert len(abilities_of(s, unit(s, WARRIOR))) == len(s.d(unit(s, WARRIOR)).abilities)


def test_anakin_skywalker_i_speeds_a_speeder_and_jumps_off_after_the_ground_battle() -> None:
    """Anakin (I) (JG.txt): aboard a Speeder it gets +30 speed; when the Ground battle step ends
    he moves off it into the Character arena (not before)."""
    s = _aboard(position(light={"arena": ["Anakin Skywalker (I)", "Patrol Speeder"]}), "Anakin Skywalker (I)",
                "Patrol Speeder", LIGHT)
    anakin, sp = unit(s, "Anakin Skywalker (I)"), unit(s, "Patrol Speeder")
    assert s.speed(sp) == 50 and s.aboard == {sp: [anakin]}
    start(s, ("step", 1))
    pass_until(s, "?attack")
    assert s.aboard == {sp: [anakin]}
    act(s, f"hold {c(s, 'Patrol Speeder')}")
    assert anakin in s.arena[LIGHT][2] and s.aboard == {} and s.speed(sp) == 20


def test_zams_airspeeder_b_lets_its_pilot_escape() -> None:
    """Zam's Airspeeder (B) (JG.txt): discarded with a pilot aboard, its owner may move the pilot
    to the build zone (retreated) instead of discarding it; or let it go with the unit."""
    for keep in (True, False):
        s = position(dark={"arena": ["Zam's Airspeeder (B)", "FA-4 (A)"]})
        ship, pilot = unit(s, "Zam's Airspeeder (B)"), unit(s, "FA-4 (A)")
        s.arena[DARK][2].remove(pilot)       # aboard by hand (a Speeder pilot of the Dark Side)
        s.zone[pilot] = PILOTING
        s.aboard[ship] = [pilot]
        start(s, ("damage", ship, 2, -1, 1))
        assert s.zone[ship] == DISCARD and s.tasks[-1][0] == "?keep_pilot"
        act(s, f"choose {c(s, 'FA-4 (A)')}" if keep else "pass")
        assert s.zone[pilot] == (BUILD if keep else DISCARD)
        assert not keep or s.face_up[pilot]


def test_dark_dreams_copies_a_battle_card_the_opponent_played() -> None:
    """Dark Dreams (JG.txt): when a Battle card the opponent played this turn could be played,
    pay its cost and get its effects: here Gunship Offensive (6 Force) untaps one of its
    player's own Ground units; with 5 Force, or before the opponent plays one, not offered."""
    s = position(light={"arena": [CLONE], "hand": ["Gunship Offensive"]},
                 dark={"arena": [BDS, CORE], "hand": ["Dark Dreams"]}, force=(6, 6))
    _tap(s, CLONE, BDS)
    start(s, ("step", 0))
    assert s.current_player == LIGHT      # nothing to copy yet: the Dark Side passed
    act(s, f"play {c(s, 'Gunship Offensive')}")
    act(s, f"choose {c(s, CLONE)}")
    act(s, f"play {c(s, 'Dark Dreams')}")
    assert texts(s) == [f"choose {c(s, 'Gunship Offensive')}"]
    act(s, f"choose {c(s, 'Gunship Offensive')}")
    act(s, f"choose {c(s, BDS)}")
    assert not s.tapped[unit(s, BDS)] and s.force[DARK] == 0 and s.zone[unit(s, "Dark Dreams")] == DISCARD
    s = position(light={"arena": [CLONE], "hand": ["Gunship Offensive"]},
                 dark={"arena": [BDS], "hand": ["Dark Dreams"]}, force=(5, 6))
    _tap(s, CLONE, BDS)
    start(s, ("step", 0))
    act(s, f"play {c(s, 'Gunship Offensive')}")
    act(s, f"choose {c(s, CLONE)}")
    assert not s.tasks or f"play {c(s, 'Dark Dreams')}" not in texts(s)


def test_gondola_speeder_brings_a_pilot_down_from_space() -> None:
    """Gondola Speeder (JG.txt): instead of attacking, tap: one of your pilots aboard a Space unit
    moves off into the Character arena; with no such pilot it is not offered."""
    s = _aboard(position(light={"arena": ["Gondola Speeder", "Adi Gallia (A)", JSF]}), "Adi Gallia (A)", JSF, LIGHT)
    start(s, ("step", 1))
    pass_until(s, "?attack")
    act(s, f"use {c(s, 'Gondola Speeder')} 1")
    act(s, f"choose {c(s, 'Adi Gallia (A)')}")
    assert unit(s, "Adi Gallia (A)") in s.arena[LIGHT][2] and s.aboard == {}
    s = position(light={"arena": ["Gondola Speeder", "Adi Gallia (A)", JSF]})
    start(s, ("step", 1))
    pass_until(s, "?attack")
    assert texts(s) == [f"hold {c(s, 'Gondola Speeder')}"]


def test_tame_the_beast_chooses_an_enemy_creatures_attack() -> None:
    """Tame the Beast (JG.txt): this turn the Mission's owner decides whether the opponent's
    Creature attacks and which unit of its arena, of either side; its owner is not asked."""
    s = mission(LIGHT, "Tame the Beast", mine={"arena": [WARRIOR]}, theirs={"arena": ["Acklay", GEO_WARRIOR]})
    complete(s, "Tame the Beast", LIGHT)
    assert texts(s) == [f"choose {c(s, 'Acklay')}"]
    act(s, f"choose {c(s, 'Acklay')}")
    _tap(s, GEO_WARRIOR, WARRIOR)
    start(s, ("step", 2))
    pass_until(s, "?tame")
    assert s.current_player == LIGHT
    assert sorted(texts(s)) == sorted([f"attack {c(s, 'Acklay')} > {c(s, GEO_WARRIOR)}",
                                       f"attack {c(s, 'Acklay')} > {c(s, WARRIOR)}", f"hold {c(s, 'Acklay')}"])
    act(s, f"attack {c(s, 'Acklay')} > {c(s, GEO_WARRIOR)}")
    assert f"Acklay attacks {GEO_WARRIOR}" in s.log
    s = mission(LIGHT, "Tame the Beast", mine={"arena": [WARRIOR]}, theirs={"arena": ["Acklay", GEO_WARRIOR]})
    complete(s, "Tame the Beast", LIGHT)
    act(s, f"choose {c(s, 'Acklay')}")
    _tap(s, GEO_WARRIOR, WARRIOR)
    start(s, ("step", 2))
    pass_until(s, "?tame")
    act(s, f"hold {c(s, 'Acklay')}")
    assert s.tapped[unit(s, "Acklay")] and not any("Acklay attacks" in x for x in s.log)
    # the ruling: a Creature with an "instead of attacking" ability may still use it
    s = mission(LIGHT, "Tame the Beast", mine={"arena": [WARRIOR]}, theirs={"arena": ["Kouhun"]})
    complete(s, "Tame the Beast", LIGHT)
    act(s, f"choose {c(s, 'Kouhun')}")
    _tap(s, WARRIOR)
    start(s, ("step", 2))
    pass_until(s, "?tame")
    act(s, "pass")
    assert s.current_player == DARK and texts(s) == [f"use {c(s, 'Kouhun')} 1"]


def test_zam_wesell_d_chooses_her_stats_when_deployed_and_each_turn() -> None:
    """Zam (D) (JG.txt): on deploying, her owner chooses 60/4/3 with Critical Hit 2 or 20/4/5 with
    Accuracy 1; at the next ready phase the choice may change, or stay (ruling)."""
    s = position(dark={"build": [("Zam Wesell (D)", 5)], "deck": [BDS, BDS]}, light={"deck": [CLONE, CLONE]})
    s.phase = COMMAND
    start(s, ("?build", DARK))
    act(s, f"deploy {c(s, 'Zam Wesell (D)')}")
    assert texts(s) == ["choose option 1", "choose option 2"]
    act(s, "choose option 2")
    zam = unit(s, "Zam Wesell (D)")
    assert (s.speed(zam), s.power(zam), s.health(zam), s.critical_hit(zam), keyword(s, zam, "accuracy")) == \
        (20, 4, 5, 0, 1)
    start(s, ("end_turn",))
    start(s, ("ready",))
    assert "pass" in texts(s)
    act(s, "pass")          # the last turn's line stays
    assert s.health(zam) == 5
    start(s, ("ready",))
    s.damage[zam] = 3
    act(s, "choose option 1")     # health 3: with 3 damage she is destroyed
    assert s.zone[zam] == DISCARD


def test_darth_sidious_c_rolls_in_secret_after_prevention() -> None:
    """Sidious (C) (JG.txt, with its ruling): his dice are rolled only once the chance to prevent
    is over: the defender's Evade is offered against the most they could do (7, his power), with
    no dice shown; then the roll settles the damage, less what was prevented."""
    s = position(dark={"arena": ["Darth Sidious (C)"]}, light={"arena": ["Yoda (D)"]}, force=(0, 2))
    _tap(s, "Yoda (D)")
    in_attack_window(s, "Darth Sidious (C)", "Yoda (D)", 2)
    yoda = unit(s, "Yoda (D)")
    assert s.dice == [] and s.dmg is not None and s.dmg[1] == 7 and "Darth Sidious (C) rolls 7 dice in secret" in s.log
    act(s, f"use {c(s, 'Yoda (D)')} 3")         # Evade 4
    close_window(s)
    line = next(x for x in s.log if "secret dice show" in x)
    hits = int(line.rsplit(": ", 1)[1].split()[0])
    assert s.damage[yoda] == max(0, hits - 4) and s.force[LIGHT] == 0
