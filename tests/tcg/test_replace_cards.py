"""Replacement effects on damage and discard (group REPLACE): Millennium Falcon (F), R2-D2's
Heroism, Emperor's Prize (ESB.txt), Human Shield, Luke's Vow (RAS.txt) and Chewbacca (M)
(ROTS.txt), checked in the engine against their text and the rulings of their Usage column
(../shared/reference/swtcg-data/). Each test checks exact numbers or compares with the same
position without the card."""

from __future__ import annotations

from dejarik.tcg import flow as F
from dejarik.tcg.state import ARENA, BUILD, COMMAND, DISCARD
from tests.tcg.helpers import DARK, LIGHT, act, c, hits_with, position, start, texts, unit

FALCON = "Millennium Falcon (F)"     # Light Space, 5 health
HEROISM = "R2-D2's Heroism"
PRIZE = "Emperor's Prize"
SHIELD = "Human Shield"
VOW = "Luke's Vow"
CHEWIE = "Chewbacca (M)"             # Light Character 8/30/4/8 (ROTS)
R2 = "R2-D2 (A)"                     # Light Character, 3 health (AOTC)
WARRIOR = "Clone Warrior 4/163"      # Light Character 4/40/4/4 (AOTC), no abilities
PLATOON = "Clone Platoon"            # Light Ground 4/40/4/4 (AOTC), no abilities
KAMINOAN = "Kaminoan Guard"          # Neutral Character 4/50/3/3 (AOTC)
BDS = "Battle Droid Squad"           # Dark Ground 2/10/2/3 (AOTC)
CORE = "Trade Federation Battleship Core"   # Dark Ground 9/10/10/12 (AOTC)
DCS = "Droid Control Ship"           # Dark Space (AOTC)
TYRANUS = "Darth Tyranus (D)"        # Dark Character, 6 health (SR)
BIDDING = "Emperor's Bidding"


def _plays(s) -> list[str]:
    """The Battle cards the decider may play now (none when no decision waits)."""
    return [t for t in texts(s) if t.startswith("play")] if s.tasks and not s.done else []


def _damage(s, name: str, n: int, p: int | None = None, source: int = -1, attack: int = 0) -> int:
    u = unit(s, name, p)
    start(s, ("damage", u, n, source, attack))
    return u


# ---- Millennium Falcon (F) --------------------------------------------------------------------
def test_millennium_falcon_f_retreats_a_character_the_damage_would_discard() -> None:
    """Millennium Falcon (F) (ESB.txt): when damage would discard one of your Characters, you
    may prevent it and retreat the Character instead; the Falcon then stays tapped through the
    next untap step. Declining lets the discard happen."""
    s = position(light={"arena": [FALCON, WARRIOR]})
    w = _damage(s, WARRIOR, 5)
    assert s.tasks[-1][0] == "?may" and s.current_player == LIGHT
    act(s, "yes")
    assert s.zone[w] == BUILD and s.face_up[w] and s.damage[w] == 0
    assert ("no_untap", unit(s, FALCON)) in s.effects
    s = position(light={"arena": [FALCON, WARRIOR]})
    w = _damage(s, WARRIOR, 5)
    act(s, "pass")
    assert s.zone[w] == DISCARD and not any(e[0] == "no_untap" for e in s.effects)


def test_millennium_falcon_f_only_when_the_damage_left_discards_the_unit() -> None:
    """Millennium Falcon (F) (ESB.txt ruling): it comes at the end of the chance to prevent and
    only if the damage left would discard the Character: 3 damage on a 4-health Character just
    lands, and damage doubled by counters (Painful Reckoning) doesn't count."""
    s = position(light={"arena": [FALCON, WARRIOR]})
    w = _damage(s, WARRIOR, 3)
    assert not s.tasks and s.damage[w] == 3
    s = position(light={"arena": [FALCON, WARRIOR]})
    s.effects.append(("double_counters", 2))       # Painful Reckoning in the Character arena
    w = _damage(s, WARRIOR, 3)
    assert not s.tasks and s.zone[w] == DISCARD


def test_millennium_falcon_f_option_excess_reads_the_ruling_literally() -> None:
    """Millennium Falcon (F) (ESB.txt ruling, "greater than the unit's remaining health"): with
    --rule retreat_replace=excess, damage exactly equal to the health left is not replaced;
    more is. By default (lethal) exactly equal is."""
    s = position(light={"arena": [FALCON, WARRIOR]}, retreat_replace="excess")
    assert s.zone[_damage(s, WARRIOR, 4)] == DISCARD and not s.tasks
    s = position(light={"arena": [FALCON, WARRIOR]}, retreat_replace="excess")
    _damage(s, WARRIOR, 5)
    assert s.tasks[-1][0] == "?may"
    s = position(light={"arena": [FALCON, WARRIOR]})
    _damage(s, WARRIOR, 4)
    assert s.tasks[-1][0] == "?may"


def test_millennium_falcon_f_not_for_a_unit_that_cant_retreat_or_not_a_character() -> None:
    """Millennium Falcon (F) (ESB.txt ruling): if the Character can't retreat the Falcon is not
    used (and doesn't stay tapped); a Ground unit is no Character; the opponent's Characters
    are not yours. A retreated Character hit in the build zone is saved there."""
    s = position(light={"arena": [FALCON, WARRIOR]})
    s.effects.append(("forbid_retreat", DARK, _all_light()))
    w = _damage(s, WARRIOR, 4)
    assert s.zone[w] == DISCARD and not any(e[0] == "no_untap" for e in s.effects)
    s = position(light={"arena": [FALCON, PLATOON]})
    g = _damage(s, PLATOON, 4)
    assert s.zone[g] == DISCARD
    s = position(light={"arena": [FALCON]}, dark={"arena": [TYRANUS]})
    t = _damage(s, TYRANUS, 9)
    assert s.zone[t] == DISCARD
    s = position(light={"arena": [FALCON], "retreated": [WARRIOR]})
    w = _damage(s, WARRIOR, 6)
    act(s, "yes")
    assert s.zone[w] == BUILD and s.damage[w] == 0


def _all_light():
    from dejarik.tcg.abilities import Sel

    return Sel(owner=1)      # from the Dark Side's view: every Light Side unit


def test_millennium_falcon_f_secret_dice_are_known_before_the_choice() -> None:
    """Millennium Falcon (F) (ESB.txt ruling): secretly rolled attack dice can still be met:
    the choice comes once the dice are shown, and only if they would discard the Character."""
    for seed, hits in ((3, 4), (1, 3)):     # these seeds' dice show 4 and 3 hits
        s = position(dark={"arena": ["Darth Sidious (C)"]}, light={"arena": [FALCON, WARRIOR]}, seed=seed)
        sid, w = unit(s, "Darth Sidious (C)"), unit(s, WARRIOR)
        s.atk = [sid, w, -1, 2]
        s.effects.append(("secret_roll", sid, 6))
        start(s, ("damage", w, 6, sid, 1 | 4))
        assert any(ln.endswith(f": {hits} hits") for ln in s.log if "secret dice show" in ln)
        if hits >= 4:
            assert s.tasks[-1][0] == "?may"
            act(s, "yes")
            assert s.zone[w] == BUILD and s.damage[w] == 0
        else:
            assert s.damage[w] == hits and not s.tasks


# ---- R2-D2's Heroism --------------------------------------------------------------------------
def _heroism(forbid: bool = False):
    s = position(light={"arena": [R2, WARRIOR, PLATOON], "hand": [HEROISM]},
                 dark={"arena": [CORE, DCS]}, force=(0, 2))
    if forbid:
        s.effects.append(("forbid_retreat", DARK, _all_light()))
    start(s, ("?pop", F.GENERAL, LIGHT, 0))
    act(s, f"play {c(s, HEROISM)}")
    act(s, f"choose {c(s, R2)}")
    return s


def test_r2_d2s_heroism_retreats_all_and_keeps_you_from_losing() -> None:
    """R2-D2's Heroism (ESB.txt): pay 2 Force and discard R2-D2 from an arena: all your units
    retreat and you can't lose the game this turn; the Dark Side holding two arenas at the end
    of the turn doesn't win, nor does Emperor's Bidding (its ruling); without it, it does."""
    s = _heroism()
    assert s.zone[unit(s, R2)] == DISCARD and s.force[LIGHT] == 0
    assert all(s.zone[unit(s, n)] == BUILD for n in (WARRIOR, PLATOON))
    while s.tasks:
        act(s, "pass")
    s.finish(DARK, "an effect")
    assert not s.done
    # "when the turn ends ... you win the game" (Emperor's Bidding's effect), then arena control
    start(s, ("fx", (("at_turn_end", (("win",),)),), 0, (DARK, -1, (), -1, 0)))
    start(s, ("end_turn",))
    assert not s.done
    s = position(light={"arena": [R2]}, dark={"arena": [CORE, DCS]})
    start(s, ("end_turn",))
    assert s.done and s.won == DARK


def test_r2_d2s_heroism_no_effect_if_a_unit_cant_retreat() -> None:
    """R2-D2's Heroism (ESB.txt ruling): if any of your units can't retreat, it has no effect
    (R2-D2, its cost, is discarded all the same; no unit retreats, you may lose)."""
    s = _heroism(forbid=True)
    assert s.zone[unit(s, R2)] == DISCARD
    assert all(s.zone[unit(s, n)] == ARENA for n in (WARRIOR, PLATOON))
    assert not any(e[0] == "cant_lose" for e in s.effects)


def test_r2_d2s_heroism_needs_r2_d2_in_an_arena() -> None:
    """R2-D2's Heroism (ESB.txt): "discard R2-D2 from any arena" is its cost: with no R2-D2 in
    an arena (only retreated) it is not offered."""
    s = position(light={"retreated": [R2], "arena": [WARRIOR], "hand": [HEROISM]}, force=(0, 5))
    start(s, ("?pop", F.GENERAL, LIGHT, 0))
    assert not _plays(s)


# ---- Emperor's Prize --------------------------------------------------------------------------
def test_emperors_prize_returns_a_unit_discarded_by_more_than_twice_its_health() -> None:
    """Emperor's Prize (ESB.txt, erratum: at least twice its health + 1 counters): a unit of
    yours discarded this turn by 7 damage (health 3) comes back into its arena untapped, with no
    damage; one discarded by exactly 6 can't be chosen."""
    s = position(dark={"arena": [BDS], "hand": [PRIZE]}, force=(1, 0))
    b = _damage(s, BDS, 7)
    assert s.zone[b] == DISCARD
    start(s, ("?pop", F.GENERAL, DARK, 0))
    act(s, f"play {c(s, PRIZE)}")
    if s.tasks and s.tasks[-1][0] == "?choose":
        act(s, f"choose {c(s, BDS)}")
    assert s.zone[b] == ARENA and not s.tapped[b] and s.damage[b] == 0 and s.force[DARK] == 0
    s = position(dark={"arena": [BDS], "hand": [PRIZE]}, force=(1, 0))
    b = _damage(s, BDS, 6)
    start(s, ("?pop", F.GENERAL, DARK, 0))
    assert not _plays(s)


def test_emperors_prize_reads_the_last_discard_of_the_turn() -> None:
    """Emperor's Prize (ESB.txt): only the last time the card was discarded this turn counts; a
    discard by an effect (no damage) afterwards, or a new turn, takes the chance away."""
    s = position(dark={"arena": [BDS], "hand": [PRIZE]}, force=(1, 0))
    b = _damage(s, BDS, 7)
    assert any(e[0] == "discarded_with" and e[1] == b and e[2] == 7 and e[3] == 3 for e in s.effects)
    start(s, ("end_turn",))
    start(s, ("?pop", F.GENERAL, DARK, 0))
    assert not _plays(s)


# ---- Human Shield -----------------------------------------------------------------------------
def test_human_shield_prevents_all_and_hurts_attacking_characters() -> None:
    """Human Shield (RAS.txt, erratum): this turn all damage to your units is prevented; each
    point an attacking Character would have dealt goes back on it as a damage counter. A Ground
    attacker's damage is prevented with nothing back."""
    s = position(dark={"arena": [TYRANUS, BDS], "hand": [SHIELD]},
                 light={"arena": [WARRIOR, PLATOON]}, force=(6, 0))
    start(s, ("?pop", F.GENERAL, DARK, 0))
    act(s, f"play {c(s, SHIELD)}")
    assert s.force[DARK] == 0
    w, t = unit(s, WARRIOR), unit(s, TYRANUS)
    assert hits_with(s, w, t, [4, 5, 1, 6]) == 0
    assert s.damage[w] == 3
    g, b = unit(s, PLATOON), unit(s, BDS)
    assert hits_with(s, g, b, [4, 5, 6, 6]) == 0 and s.damage[g] == 0
    s = position(dark={"arena": [TYRANUS]}, light={"arena": [WARRIOR]})
    assert hits_with(s, unit(s, WARRIOR), unit(s, TYRANUS), [4, 5, 1, 6]) == 3


def test_human_shield_counters_can_destroy_the_attacker() -> None:
    """Human Shield (RAS.txt): the counters are not damage dealt (nothing prevents them); an
    attacker with as many as its health is discarded."""
    s = position(dark={"arena": [TYRANUS], "hand": [SHIELD]}, light={"arena": [KAMINOAN]}, force=(6, 0))
    start(s, ("?pop", F.GENERAL, DARK, 0))
    act(s, f"play {c(s, SHIELD)}")
    k = unit(s, KAMINOAN)
    s.damage[k] = 1
    hits_with(s, k, unit(s, TYRANUS), [4, 5, 6])
    assert s.zone[k] == DISCARD and s.damage[unit(s, TYRANUS)] == 0


# ---- Luke's Vow -------------------------------------------------------------------------------
def test_lukes_vow_saves_a_character_at_1_health() -> None:
    """Luke's Vow (RAS.txt, erratum; ruling: played after the damage is placed, before the
    discard): a Character damage would discard from the Character arena is left with counters
    one less than its health (3 of 4)."""
    s = position(light={"arena": [WARRIOR], "hand": [VOW]}, force=(0, 2))
    w = _damage(s, WARRIOR, 6)
    assert s.tasks[-1][0] == "?save" and s.damage[w] == 6
    act(s, f"play {c(s, VOW)}")
    assert s.zone[w] == ARENA and s.damage[w] == 3 and s.force[LIGHT] == 0
    s = position(light={"arena": [WARRIOR], "hand": [VOW]}, force=(0, 2))
    w = _damage(s, WARRIOR, 6)
    act(s, "pass")
    assert s.zone[w] == DISCARD


def test_lukes_vow_chance_waits_while_health_bonuses_are_checked() -> None:
    """Luke's Vow (RAS.txt): with a health bonus in play (Jabba's Palace: the engine then
    sweeps units whose damage reaches their health), the unit waiting on the chance is not
    swept away before it."""
    s = position(light={"arena": [WARRIOR], "hand": [VOW]}, dark={"locations": ["Jabba's Palace"]},
                 force=(0, 2))
    w = _damage(s, WARRIOR, 6)
    assert s.tasks[-1][0] == "?save" and s.zone[w] == ARENA
    act(s, f"play {c(s, VOW)}")
    assert s.zone[w] == ARENA and s.damage[w] == 3


def test_lukes_vow_only_for_a_character_about_to_be_discarded() -> None:
    """Luke's Vow (RAS.txt): no chance for damage that doesn't discard, for a Ground unit, or
    without the 2 Force."""
    s = position(light={"arena": [WARRIOR], "hand": [VOW]}, force=(0, 2))
    w = _damage(s, WARRIOR, 3)
    assert not s.tasks and s.damage[w] == 3
    s = position(light={"arena": [PLATOON], "hand": [VOW]}, force=(0, 2))
    assert s.zone[_damage(s, PLATOON, 5)] == DISCARD and not s.tasks
    s = position(light={"arena": [WARRIOR], "hand": [VOW]}, force=(0, 1))
    assert s.zone[_damage(s, WARRIOR, 5)] == DISCARD and not s.tasks


# ---- Chewbacca (M) ----------------------------------------------------------------------------
def _chewie(*, others: tuple[str, ...] = (WARRIOR,)):
    s = position(light={"arena": list(others), "build": [(CHEWIE, 8)]}, dark={"arena": [TYRANUS]})
    s.phase = COMMAND       # abilities are off in setup
    start(s, ("?build", LIGHT))
    act(s, f"deploy {c(s, CHEWIE)}")
    if s.tasks and s.tasks[-1][0] == "?choose":
        act(s, f"choose {c(s, WARRIOR)}")
    return s


def test_chewbacca_m_takes_the_chosen_units_discard() -> None:
    """Chewbacca (M) (ROTS.txt): the Character chosen as he is deployed, when it would be
    discarded, may have all its damage counters removed, Chewbacca being discarded instead;
    declined, the unit is discarded and Chewbacca stays."""
    s = _chewie()
    w, ch = unit(s, WARRIOR), unit(s, CHEWIE)
    _damage(s, WARRIOR, 5)
    assert s.tasks[-1][0] == "?may" and s.current_player == LIGHT
    act(s, "yes")
    assert s.zone[w] == ARENA and s.damage[w] == 0 and s.zone[ch] == DISCARD
    s = _chewie()
    w, ch = unit(s, WARRIOR), unit(s, CHEWIE)
    _damage(s, WARRIOR, 5)
    act(s, "pass")
    assert s.zone[w] == DISCARD and s.zone[ch] == ARENA


def test_chewbacca_m_also_covers_a_discard_by_an_effect() -> None:
    """Chewbacca (M) (ROTS.txt): "would be discarded" is any discard from the arena, also one an
    effect makes; the link ends when Chewbacca leaves play."""
    s = _chewie()
    w, ch = unit(s, WARRIOR), unit(s, CHEWIE)
    start(s, ("fx", (("discard_unit", ("self",), 0),), 0, (DARK, w, (), -1, 0)))
    act(s, "yes")
    assert s.zone[w] == ARENA and s.zone[ch] == DISCARD
    assert not any(e[0] == "replace_discard" for e in s.effects)
    _damage(s, WARRIOR, 4)
    assert s.zone[w] == DISCARD


def test_millennium_falcon_f_and_the_other_choices_explain_themselves() -> None:
    """Millennium Falcon (F), Luke's Vow, Chewbacca (M): each new choice says what it is for and
    what each option does, for both seats (the decision contract of test_decision_words)."""
    from tests.tcg.test_decision_words import check_decision

    s = position(light={"arena": [FALCON, WARRIOR]})
    _damage(s, WARRIOR, 5)
    check_decision(s)
    s = position(light={"arena": [WARRIOR], "hand": [VOW]}, force=(0, 2))
    _damage(s, WARRIOR, 6)
    check_decision(s)
    s = _chewie()
    _damage(s, WARRIOR, 5)
    check_decision(s)
    assert "Chewbacca" in s.observation(LIGHT)["decision"]["for"]


def test_emperors_prize_and_the_new_vocabulary_refuse_bad_data() -> None:
    """Emperor's Prize, Millennium Falcon (F), Luke's Vow: the loader names file, card, ability
    and field for bad uses of the new words."""
    import pytest

    from dejarik.core.errors import PackError
    from dejarik.tcg.abilities import parse_abilities

    bad = {
        "discarded_by_damage": {"play": 1, "do": [{"pick": {"discarded_by_damage": 2}}, {"to_arena": "chosen"}]},
        "then": {"static": {"extra_pilot": {}, "then": [{"draw": 1}]}},
        "health_left": {"play": 2, "do": [{"remove_damage": {"unit": "self", "n": 2, "health_left": 1}}]},
        "cant_lose": {"play": 2, "do": [{"cant_lose": 1}]},
        "to_arena": {"play": 2, "do": [{"to_arena": "defender"}]},
    }
    for field, ability in bad.items():
        with pytest.raises(PackError, match=rf"X\.yaml: Card: ability 1.*{field}"):
            parse_abilities({"set": "X", "cards": {"Card": [ability]}}, "X.yaml")


def test_chewbacca_m_link_and_pending_choices_survive_a_save() -> None:
    """Chewbacca (M), Human Shield: a real game with a replace_discard link (as Chewbacca's
    effect makes it), a turn's shield and a pending replacement choice round-trips through JSON
    with the same hash and the same options."""
    import json

    from dejarik.core.rng import Rng
    from dejarik.tcg.abilities import Sel
    from dejarik.tcg.game import new_state
    from dejarik.tcg.policy import heuristic_action
    from dejarik.tcg.state import SETUP, TcgState

    g = new_state({}, 3)
    while g.phase == SETUP:      # the setup played by rule of thumb
        g.apply(heuristic_action(g, Rng(1)))
    guard, saved = g.in_play(LIGHT)[:2]
    link = (("remove_damage", ("chosen",), -1, None, 0), ("discard_unit", ("self",), 0))
    g.effects += [("replace_discard", guard, saved, link, LIGHT), ("shield_units", DARK, Sel(), None)]
    g.tasks.append(("damage", saved, 99, -1, 0))
    F.run(g)
    while g.tasks[-1][0] == "?pop":      # nobody prevents it
        act(g, "pass")
    assert g.tasks[-1][0] == "?may"
    back = TcgState.from_json(json.loads(json.dumps(g.to_json())))
    assert back.state_hash() == g.state_hash() and texts(back) == texts(g)
    act(back, "yes")
    assert back.zone[saved] == ARENA and back.zone[guard] == DISCARD and back.damage[saved] == 0
