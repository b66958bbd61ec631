"""The Equipment card type (ROTS), as Dejarik plays it (docs/tcg.md, "Equipment").

Sources: ../shared/reference/swtcg.md section 3 ("Equipment: built; attached with its Equip cost
to a card whose type matches one of its subtypes, during your build step") and section 9 ("Equip:
the attach cost; once per turn, build step only"); the Equipment cards of ROTS and the rulings
that mention Equipment (../shared/reference/swtcg-data/*.txt): Sando Aqua Monster (PM: "put the
Equipment in your build zone"), Sith Infiltrator (SR: "Equipment remains detached"), Jump to
Lightspeed (ANH), Refit on Yavin (BOY) and C-3PO (E) (ESB): "cards stacked with it" include its
Equipment; Blockade (PM): Equipment can't be attached while cards can't leave the build zone.
Section 13 lists Equipment removal and transfer as unconfirmed: the defaults chosen are in
docs/tcg.md."""

from __future__ import annotations

from dejarik.core.rng import Rng
from dejarik.tcg import flow as F
from dejarik.tcg.decisions import does
from dejarik.tcg.effects import abilities_of, keyword
from dejarik.tcg.invariants import check_invariants
from dejarik.tcg.policy import heuristic_action
from dejarik.tcg.state import BUILD, DECK, DISCARD, EQUIPPED, HAND, TcgState
from dejarik.tcg.tensors import spaces_for
from tests.tcg.helpers import DARK, LIGHT, act, c, position, start, texts, unit

PISTOL = "Blaster Pistol"            # Neutral Equipment, Character, cost 1, Equip 0: +1 power
RIFLE = "Blaster Rifle"              # Neutral Equipment, Character, cost 1, Equip 1: +1 power, Crit 1
SABER = "Jedi Lightsaber"            # Light Equipment, Character, cost 2, Equip 1 bp + 1 Force
SHIELDS = "Vehicle Shields Package"  # Neutral Equipment, Space/Ground, cost 2, Equip 2: Shields 1
ENGINE = "Engine Upgrade"            # Neutral Equipment, Space, cost 2, Equip 2: +20 speed
CLONE = "Clone Warrior 4/163"        # Light Character 4/40/4/4, Clone Soldier
OBI_B = "Obi-Wan Kenobi (B)"         # Light Character 5/40/5/5, Jedi Knight
OBI_A = "Obi-Wan Kenobi (A)"         # Light Character 7/40/6/7, Jedi Knight
PLATOON = "Clone Platoon"            # Light Ground 4/40/4/4
N1 = "N-1 Starfighter"               # Light Space 2/60/2/1, Naboo Starfighter
PILOT = "Rebel Pilot"                # Light Character (ANH), Pilot: Starfighter, +20 speed


def _build(s: TcgState, p: int, bp: int) -> TcgState:
    s.bp[p] = bp
    return start(s, ("?build", p))


def test_equipment_is_built_then_attached_paying_its_equip_cost() -> None:
    s = _build(position(light={"hand": [RIFLE], "arena": [CLONE]}), LIGHT, 3)
    act(s, f"build {c(s, RIFLE)} +1")
    g, u = unit(s, RIFLE), unit(s, CLONE)
    assert s.zone[g] == BUILD and s.counters[g] == 1 and s.bp[LIGHT] == 2
    act(s, f"equip {c(s, RIFLE)} > {c(s, CLONE)}")
    assert s.zone[g] == EQUIPPED and s.gear == {u: [g]} and s.counters[g] == 0
    assert s.bp[LIGHT] == 1                      # the Equip cost: 1 build point
    assert s.power(u) == 5 and s.critical_hit(u) == 1
    assert not check_invariants(s)


def test_unfinished_equipment_cant_be_attached() -> None:
    s = _build(position(light={"build": [(SHIELDS, 1)], "arena": [PLATOON]}), LIGHT, 5)
    assert not any(t.startswith("equip") for t in texts(s))
    act(s, f"build {c(s, SHIELDS)} +1")
    assert f"equip {c(s, SHIELDS)} > {c(s, PLATOON)}" in texts(s)


def test_equipment_fits_only_units_of_its_type_line() -> None:
    s = _build(position(light={"build": [(ENGINE, 2), (SHIELDS, 2)], "arena": [CLONE, PLATOON, N1]}), LIGHT, 9)
    equips = sorted(t for t in texts(s) if t.startswith("equip"))
    assert equips == sorted([f"equip {c(s, ENGINE)} > {c(s, N1)}", f"equip {c(s, SHIELDS)} > {c(s, PLATOON)}",
                             f"equip {c(s, SHIELDS)} > {c(s, N1)}"])


def test_the_equip_cost_must_be_paid_in_build_points_and_force() -> None:
    s = _build(position(light={"build": [(SABER, 2)], "arena": [OBI_B]}), LIGHT, 1)
    assert f"equip {c(s, SABER)} > {c(s, OBI_B)}" not in texts(s)     # no Force
    s = _build(position(light={"build": [(SABER, 2)], "arena": [OBI_B]}, force=(0, 1)), LIGHT, 1)
    act(s, f"equip {c(s, SABER)} > {c(s, OBI_B)}")
    assert s.bp[LIGHT] == 0 and s.force[LIGHT] == 0 and s.power(unit(s, OBI_B)) == 7


def test_equipment_bonus_only_for_the_units_its_text_names() -> None:
    s = position(light={"arena": [CLONE, OBI_B], "equipped": [(SABER, CLONE)]})
    clone = unit(s, CLONE)
    assert s.power(clone) == 4 and len(abilities_of(s, clone)) == 0
    s = position(light={"arena": [OBI_B], "equipped": [(SABER, OBI_B)]})
    obi = unit(s, OBI_B)
    assert s.power(obi) == 7
    assert [a.deflect for a in abilities_of(s, obi)][-1] is True     # "Pay 2 Force -> Deflect 1"


def test_equipment_keywords_count_for_the_equipped_unit() -> None:
    s = position(light={"arena": [PLATOON], "equipped": [(SHIELDS, PLATOON)]})
    assert keyword(s, unit(s, PLATOON), "shields") == 1
    s = position(light={"arena": [N1], "equipped": [(ENGINE, N1)]})
    assert s.speed(unit(s, N1)) == 80


def test_equip_is_paid_once_a_turn_and_can_move_the_equipment() -> None:
    s = _build(position(light={"build": [(PISTOL, 1)], "arena": [CLONE, OBI_B]}), LIGHT, 0)
    act(s, f"equip {c(s, PISTOL)} > {c(s, CLONE)}")
    assert not any(t.startswith("equip") for t in texts(s))     # once this turn
    s.effects.clear()                                            # a later turn
    s._legal = None
    assert texts(s).count(f"equip {c(s, PISTOL)} > {c(s, OBI_B)}") == 1
    act(s, f"equip {c(s, PISTOL)} > {c(s, OBI_B)}")
    assert s.gear == {unit(s, OBI_B): [unit(s, PISTOL)]} and s.power(unit(s, CLONE)) == 4


def test_a_discarded_units_equipment_goes_back_to_the_build_zone_finished() -> None:
    s = position(light={"arena": [CLONE], "equipped": [(RIFLE, CLONE)]})
    u, g = unit(s, CLONE), unit(s, RIFLE)
    start(s, ("damage", u, 5, -1, 1))
    assert s.zone[u] == DISCARD
    assert s.zone[g] == BUILD and s.counters[g] == 1 and not s.face_up[g] and s.shown[g] == 3
    assert s.gear == {} and not check_invariants(s)


def test_option_equipment_discard_discards_it_with_its_unit() -> None:
    s = position(light={"arena": [CLONE], "equipped": [(RIFLE, CLONE)]}, equipment_discard="discard")
    start(s, ("damage", unit(s, CLONE), 5, -1, 1))
    assert s.zone[unit(s, RIFLE)] == DISCARD and not check_invariants(s)


def test_equipment_goes_with_a_retreating_unit_and_does_nothing_there() -> None:
    s = position(light={"arena": [CLONE], "equipped": [(RIFLE, CLONE)]})
    u, g = unit(s, CLONE), unit(s, RIFLE)
    start(s, ("?retreat", LIGHT))
    act(s, f"retreat {c(s, CLONE)}")
    assert s.zone[u] == BUILD and s.gear == {u: [g]} and s.zone[g] == EQUIPPED
    assert s.critical_hit(u) == 0 and not check_invariants(s)


def test_equipment_stays_with_the_stack_when_a_version_goes_on_top() -> None:
    s = _build(position(light={"arena": [OBI_B], "build": [(OBI_A, 7)], "equipped": [(RIFLE, OBI_B)]}), LIGHT, 0)
    act(s, f"deploy {c(s, OBI_A)}")
    top = unit(s, OBI_A)
    assert s.gear == {top: [unit(s, RIFLE)]} and s.power(top) == 6 + 1 + 1
    assert not check_invariants(s)


def test_a_character_going_aboard_as_a_pilot_leaves_its_equipment() -> None:
    s = _build(position(light={"arena": [PILOT, N1], "equipped": [(PISTOL, PILOT)]}), LIGHT, 0)
    act(s, f"pilot {c(s, PILOT)} > {c(s, N1)}")
    assert s.zone[unit(s, PISTOL)] == BUILD and s.gear == {} and not check_invariants(s)


def test_returning_a_unit_to_hand_takes_its_equipment_along() -> None:
    s = position(light={"arena": [CLONE], "equipped": [(RIFLE, CLONE)]})
    start(s, ("fx", (("return_to_hand", ("each", _sel_clone())),), 0, (LIGHT, -1, (), -1, 0)))
    assert s.zone[unit(s, RIFLE)] == HAND and s.zone[unit(s, CLONE)] == HAND
    assert not check_invariants(s)


def _sel_clone():  # type: ignore[no-untyped-def]
    from dejarik.tcg.abilities import Sel

    return Sel(subtypes=("Clone",))


def test_the_deck_top_and_face_down_moves_take_equipment_as_stacked_cards() -> None:
    s = position(light={"arena": [CLONE], "equipped": [(RIFLE, CLONE)]})
    start(s, ("fx", (("to_deck_top", ("each", _sel_clone())),), 0, (LIGHT, -1, (), -1, 0)))
    assert s.zone[unit(s, RIFLE)] == DECK and s.deck[LIGHT][-1] == unit(s, CLONE)
    assert not check_invariants(s)


def test_option_equipment_limit_one() -> None:
    s = _build(position(light={"build": [(PISTOL, 1)], "arena": [CLONE], "equipped": [(RIFLE, CLONE)]}), LIGHT, 0)
    assert f"equip {c(s, PISTOL)} > {c(s, CLONE)}" in texts(s)          # default: any number
    s = _build(position(light={"build": [(PISTOL, 1)], "arena": [CLONE], "equipped": [(RIFLE, CLONE)]},
                        equipment_limit="one"), LIGHT, 0)
    assert f"equip {c(s, PISTOL)} > {c(s, CLONE)}" not in texts(s)


def test_equipment_is_not_attached_while_deploying_is_forbidden() -> None:
    from dejarik.tcg.abilities import Sel

    s = position(light={"build": [(PISTOL, 1)], "arena": [CLONE]})
    s.effects.append(("forbid_deploy", LIGHT, Sel(owner=2)))
    _build(s, LIGHT, 0)
    assert not any(t.startswith("equip") for t in texts(s))


def test_equipment_in_words_tensors_and_the_board() -> None:
    s = _build(position(light={"build": [(RIFLE, 1)], "arena": [CLONE]}), LIGHT, 2)
    a = s.text_to_action(f"equip {c(s, RIFLE)} > {c(s, CLONE)}")
    assert a[0] == F.PILOT
    assert does(s, s.tasks[-1], a) == f"pay 1 build point(s) to equip {CLONE} with {RIFLE}"
    sp = spaces_for(s)
    assert sp.describe(sp.encode(s, a)).startswith("equip #")
    s.apply(a)
    from dejarik.tcg.views import board_lines

    assert any(f"{CLONE} [40/5/4] with {RIFLE}" in line for line in board_lines(s, LIGHT))
    obs = s.observation(LIGHT)
    assert obs["sides"][LIGHT]["arenas"]["character"][0]["equipment"] == [RIFLE]
    row = sp.observe(s, DARK)
    assert row.shape == (sp.obs_size,)
    assert s.clone().gear == s.gear and s.to_json()["gear"] == [[unit(s, CLONE), [unit(s, RIFLE)]]]


def test_the_rule_of_thumb_player_builds_and_attaches_equipment() -> None:
    s = _build(position(light={"build": [(RIFLE, 1)], "arena": [CLONE]}), LIGHT, 2)
    assert s.action_to_text(heuristic_action(s, Rng(1))) == f"equip {c(s, RIFLE)} > {c(s, CLONE)}"
    s = _build(position(light={"build": [(SABER, 2)], "arena": [CLONE]}, force=(0, 5)), LIGHT, 2)
    assert not s.action_to_text(heuristic_action(s, Rng(1))).startswith("equip")   # no bonus for a Clone
    s = _build(position(light={"hand": [RIFLE], "arena": [PLATOON]}), LIGHT, 2)
    assert heuristic_action(s, Rng(1)) == (F.PASS, 0, 0)     # no Character to carry it


def test_equipment_heavy_games_keep_the_invariants(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Whole games with decks full of Equipment and units to carry it, random and rule-of-thumb
    players: every card stays in one place after every action (tcg/invariants.py), Equipment
    gets attached, and the games end."""
    from dejarik.agents.base import GreedyAgent, RandomAgent
    from dejarik.tcg.game import new_state

    gear = {"dark": [PISTOL, RIFLE, "Sith Lightsaber", "Droid Battlestaff", SHIELDS, ENGINE,
                     "Vehicle Weapons Package"],
            "light": [PISTOL, RIFLE, SABER, "Droid Battlestaff", SHIELDS, ENGINE, "Vehicle Weapons Package"]}
    units = {"dark": ["Darth Tyranus (I)", "Geonosian Warrior", "Battle Droid Squad", "Droid Starfighter Wing",
                      "Droid Control Ship", "Super Battle Droid 7EX", "Darth Maul (B)", "Trade Federation Cruiser"],
             "light": [CLONE, OBI_B, PLATOON, N1, "Anakin's Starfighter (A)", "Jedi Starfighter 3R3",
                       "Mace Windu (A)", "Yoda (K)"]}
    attached = 0
    for seed in range(4):
        paths = []
        for side in ("dark", "light"):
            path = tmp_path / f"{side}-{seed}.txt"
            path.write_text(f"side: {side}\n" + "".join(f"4 {n}\n" for n in (*gear[side], *units[side])),
                            encoding="utf-8")
            paths.append(str(path))
        s = new_state({"dark": paths[0], "light": paths[1], "turn_limit": 30}, seed)
        agents = [(GreedyAgent if seed % 2 else RandomAgent)(seed * 2 + i) for i in (0, 1)]
        while not s.done:
            s.apply(agents[s.current_player].act(s))
            assert check_invariants(s) == []
            attached = max(attached, sum(len(g) for g in s.gear.values()))
    assert attached > 0


def test_equipment_goes_along_when_control_of_its_unit_changes() -> None:
    """Gaining control of a unit (docs/tcg.md) takes its Equipment along; it can't be moved to
    the new controller's other units; discarded there, it goes back to its owner's build zone."""
    from dejarik.tcg.effects import set_controller

    s = position(light={"arena": [CLONE], "equipped": [(RIFLE, CLONE)]}, dark={"arena": ["Geonosian Warrior"]})
    u, g = unit(s, CLONE), unit(s, RIFLE)
    set_controller(s, u, DARK, 4)
    assert s.owner[g] == DARK and s.power(u) == 5 and not check_invariants(s)
    s.bp[DARK] = 5
    start(s, ("?build", DARK))
    assert not any(t.startswith("equip") for t in texts(s))
    s.tasks.clear()
    s._legal = None
    start(s, ("damage", u, 5, -1, 1))
    assert s.zone[g] == BUILD and g in s.build[LIGHT] and s.owner[g] == LIGHT
    assert not check_invariants(s)


def test_the_equipment_options_are_game_options() -> None:
    """`--rule equipment_discard=discard`, `--rule equipment_limit=one`: checked config keys."""
    import pytest

    from dejarik.core.errors import ConfigError
    from dejarik.tcg.game import new_state

    s = new_state({"equipment_discard": "discard", "equipment_limit": "one"}, 1)
    assert (s.options["equipment_discard"], s.options["equipment_limit"]) == ("discard", "one")
    assert new_state({}, 1).options["equipment_discard"] == "detach"
    with pytest.raises(ConfigError):
        new_state({"equipment_limit": "two"}, 1)


def test_cards_show_renders_equipment() -> None:
    """`dejarik cards show tcg` names the type line's arenas and the Equip cost in words."""
    from tests.test_cli import run

    code, out = run("cards", "show", "tcg", SABER)
    assert code == 0
    assert "Equipment: attaches to a Character unit" in out
    assert "Equip (pay 1 build point(s) and 1 Force" in out and "Deflect 1 (pay 2 Force)" in out


def test_equipment_is_not_put_into_play_in_setup() -> None:
    """Setup puts units into play (reference 4): an Equipment card in hand is not offered."""
    s = position(light={"hand": [RIFLE, CLONE]})
    s.setup_left = [30, 30]
    start(s, ("?setup", LIGHT))
    assert not any(RIFLE in x for x in texts(s)) and any(CLONE in x for x in texts(s))

