"""Seed 001, "Atak", "Przykład ataku", "Szturm i ukrycie", "Obrona", "Blokady", "Karty
oddziałów" (damage) and "Złoczyńcy" (a villain without health)."""

from __future__ import annotations

from .helpers import act, board, conserved, decision, die, enemies, give, hand, legal, names, only_passes


def test_no_attack_without_enemies() -> None:
    """Seed 001, "Dodatkowe informacje": no attack on a planet without enemies; any enemy
    (a droid, a blockade, the villain) allows one."""
    s = board(at=("Alpha", "Gamma"))
    assert "attack" not in legal(s)
    for kind in ("droids", "blockades", "villain"):
        s = board(at=("Alpha", "Gamma"))
        enemies(s, "Alpha", **{kind: 1 if kind != "villain" else True})   # type: ignore[arg-type]
        assert "attack" in legal(s), kind


def test_damage_is_successes_plus_exhausted_cards() -> None:
    """Seed 001, "Atak" and "Szturm i ukrycie": each success deals 1 damage; each assault card
    exhausted adds its symbols (Trooper 1, Heavy Gun 2); droids have 1 health."""
    s = board(at=("Alpha", "Gamma"))
    p = enemies(s, "Alpha", droids=3)
    hand(s, 0, "Trooper", "Heavy Gun", "Shield")
    die(s, 1, 0)
    act(s, "attack")
    assert s.actions_left == 3
    act(s, "exhaust Trooper", "exhaust Heavy Gun", "pass")
    assert s.droids[p] == 0 and s.droid_pool == 36
    assert len(s.hands[0]) == 3                 # no enemy left, no damage symbol: no damage
    assert sorted(names(s, s.ready_cards(0))) == ["Shield"]


def test_assault_and_stealth_never_in_the_same_attack() -> None:
    """Seed 001, "Szturm i ukrycie": assault or stealth cards, one kind per attack: once an
    assault card is used, no stealth card may join (nor from another Jedi)."""
    s = board(at=("Alpha", "Alpha"))
    enemies(s, "Alpha", droids=3)
    hand(s, 0, "Trooper", "Scout")
    hand(s, 1, "Scout", "Trooper")
    die(s, 0, 0)
    act(s, "attack")
    assert sorted(legal(s)) == ["exhaust Scout", "exhaust Trooper", "pass"]
    act(s, "exhaust Trooper")
    assert sorted(legal(s)) == ["pass"]
    act(s, "pass")
    assert s.current_player == 1 and sorted(legal(s)) == ["exhaust Trooper", "pass"]
    s2 = board(at=("Alpha", "Alpha"))
    enemies(s2, "Alpha", droids=3)
    hand(s2, 0, "Trooper", "Scout")
    hand(s2, 1, "Scout", "Trooper")
    die(s2, 0, 0)
    act(s2, "attack", "exhaust Scout", "pass")
    assert sorted(legal(s2)) == ["exhaust Scout", "pass"]           # stealth only now


def test_other_jedi_on_the_planet_add_to_the_attack() -> None:
    """Seed 001, "Szturm i ukrycie": when any Jedi attacks on your planet you may add your
    cards; a Jedi on another planet cannot."""
    s = board(at=("Alpha", "Alpha", "Beta"), players=3)
    p = enemies(s, "Alpha", droids=3)
    hand(s, 0, "Trooper")
    hand(s, 1, "Heavy Gun")
    far = hand(s, 2, "Heavy Gun")[0]
    die(s, 0, 0)
    act(s, "attack", "exhaust Trooper", "pass")
    assert s.current_player == 1
    act(s, "exhaust Heavy Gun", "pass")
    assert s.droids[p] == 0
    assert not s.exhausted[far]
    assert decision(s) == "?act"


def test_blockades_take_two_damage_first_then_the_rest() -> None:
    """Seed 001, "Blokady": a blockade has 2 health and shields the other enemies; damage left
    after the last blockade goes to the others. Then 1 damage per enemy left."""
    s = board(at=("Alpha", "Gamma"))
    p = enemies(s, "Alpha", droids=2, blockades=1)
    hand(s, 0, "Trooper", "Trooper", "Shield", "Scout")
    die(s, 2, 0)
    act(s, "attack", "exhaust Trooper", "pass")
    assert s.blockades[p] == 0 and s.blockade_pool == 3
    assert s.droids[p] == 1
    assert decision(s) == "?prevent"             # 1 droid left: 1 damage
    act(s, "pass", "discard Scout")
    assert len(s.hands[0]) == 3
    conserved(s)


def test_a_blockade_shields_the_other_enemies() -> None:
    """Seed 001, "Blokady": while a blockade stands, the others cannot be damaged: 1 damage
    is not enough for the blockade and does not reach the droids; with 2 blockades, 3
    damage removes one and the second shields the droids."""
    s = board(at=("Alpha", "Gamma"))
    p = enemies(s, "Alpha", droids=2, blockades=1)
    die(s, 1, 0)
    only_passes(act(s, "attack"))
    assert s.blockades[p] == 1 and s.droids[p] == 2
    s = board(at=("Alpha", "Gamma"))
    p = enemies(s, "Alpha", droids=2, blockades=2)
    die(s, 3, 0)
    only_passes(act(s, "attack"))
    assert s.blockades[p] == 1 and s.droids[p] == 2


def test_damage_does_not_carry_over_between_actions() -> None:
    """Seed 001, "Atak": damage is not added up between actions; a blockade (or a villain)
    needs its full health in one action."""
    s = board(at=("Alpha", "Gamma"))
    p = enemies(s, "Alpha", blockades=1)
    die(s, 1, 0)
    for _ in range(3):
        only_passes(act(s, "attack"))
    assert s.blockades[p] == 1 and s.actions_left == 1


def test_a_villain_needs_its_full_health_in_one_attack() -> None:
    """Seed 001, "Atak": the villain's health is on its sheet (3 here); 2 damage does not
    remove it, 3 does; it goes back off the board."""
    s = board(at=("Alpha", "Gamma"))
    p = enemies(s, "Alpha", villain=True)
    die(s, 2, 0)
    only_passes(act(s, "attack"))
    assert s.fig_pos == [p]
    die(s, 3, 0)
    only_passes(act(s, "attack"))
    assert s.fig_pos == [-1]
    assert s.defeated == [False] and not s.done        # before the finale: no victory


def test_the_attacker_chooses_which_enemies_take_the_damage() -> None:
    """Seed 001, "Atak" ("Kilka możliwych skutków"): damage too small for every enemy is
    given by the active player; the villain only if its full health fits."""
    s = board(at=("Alpha", "Gamma"))
    p = enemies(s, "Alpha", droids=2, villain=True)
    hand(s, 0, "Trooper", "Trooper", "Shield")
    die(s, 3, 0)
    act(s, "attack", "pass")
    assert decision(s) == "?allocate" and sorted(legal(s)) == ["target Plain Villain", "target droid"]
    act(s, "target Plain Villain")
    assert s.fig_pos == [-1] and s.droids[p] == 2
    s = board(at=("Alpha", "Gamma"))
    p = enemies(s, "Alpha", droids=2, villain=True)
    die(s, 2, 0)
    only_passes(act(s, "attack"))             # 2 < 3 health: only droids can be hit
    assert s.droids[p] == 0 and s.fig_pos == [p]


def test_after_the_attack_one_damage_per_enemy_left_and_per_damage_symbol() -> None:
    """Seed 001, "Atak": after dealing damage take 1 damage for each enemy left on your planet
    and for each damage symbol rolled; each damage discards a card ("Karty oddziałów")."""
    s = board(at=("Alpha", "Gamma"))
    enemies(s, "Alpha", droids=2, blockades=1, villain=True)
    hand(s, 0, "Trooper", "Trooper", "Scout", "Scout", "Gunship", "Gunship")
    die(s, 0, 1)
    act(s, "attack", "pass")
    assert decision(s) == "?discard" and s.tasks[-1][2] == 5     # 4 enemies + 1 symbol
    for _ in range(5):
        act(s, legal(s)[0])
    assert len(s.hands[0]) == 1 and len(s.squad_discard) == 5
    conserved(s)


def test_defense_cards_of_any_jedi_on_the_planet_prevent_one_each() -> None:
    """Seed 001, "Obrona": when a Jedi on your planet takes damage you may exhaust any number
    of defense cards; each prevents 1. A Jedi elsewhere cannot help."""
    s = board(at=("Alpha", "Alpha", "Beta"), players=3)
    enemies(s, "Alpha", droids=3)
    hand(s, 0, "Trooper", "Scout", "Shield", "Gunship")
    hand(s, 1, "Shield")
    far = hand(s, 2, "Shield")[0]
    die(s, 0, 1)
    act(s, "attack", "pass", "pass")       # seat 1's ?contrib offers only pass: it has no assault
    assert decision(s) == "?prevent" and s.current_player == 0
    act(s, "exhaust Shield", "pass")
    assert s.current_player == 1
    act(s, "exhaust Shield", "pass")
    assert decision(s) == "?discard" and s.tasks[-1][2] == 2          # 4 - 2
    act(s, "discard Trooper", "discard Scout")
    assert names(s, s.hands[0]) == ["Gunship", "Shield"]
    assert not s.exhausted[far]


def test_damage_beyond_the_hand_is_lost() -> None:
    """Seed 001, "Karty oddziałów": without enough cards the extra damage is lost."""
    s = board(at=("Alpha", "Gamma"))
    enemies(s, "Alpha", droids=3)
    hand(s, 0, "Gunship")
    die(s, 0, 1)
    act(s, "attack", "pass")
    assert s.hands[0] == [] and len(s.squad_discard) == 1
    assert decision(s) == "?act" and not s.done


def test_worked_attack_example() -> None:
    """Seed 001, "Przykład ataku": Ahsoka and Anakin face a blockade, Ventress (3 health) and
    2 droids. The die plus 2 assault cards each make 6 damage: 2 to the blockade, 3 to
    Ventress, 1 to a droid. Ahsoka takes 1 for the droid left and 1 for the damage symbol;
    Anakin exhausts 1 defense card to prevent 1, so Ahsoka discards only 1 card."""
    s = board(at=("Alpha", "Alpha"))
    p = enemies(s, "Alpha", droids=2, blockades=1, villain=True)
    hand(s, 0, "Trooper", "Trooper", "Scout")                    # Ahsoka, attacking
    hand(s, 1, "Trooper", "Trooper", "Shield")                   # Anakin
    die(s, 2, 1)
    act(s, "attack", "exhaust Trooper", "exhaust Trooper", "pass")
    act(s, "exhaust Trooper", "exhaust Trooper", "pass")
    assert s.blockades[p] == 0
    assert decision(s) == "?allocate"          # 4 left: Ventress and a droid, not both droids
    act(s, "target Plain Villain")
    assert s.fig_pos == [-1] and s.droids[p] == 1
    assert decision(s) == "?prevent" and s.current_player == 1 and s.hurt == [0, 2]
    act(s, "exhaust Shield")
    assert s.hurt == [0, 1]
    act(s, "pass")
    assert decision(s) == "?discard" and s.current_player == 0
    act(s, "discard Scout")
    assert len(s.hands[0]) == 2 and len(s.hands[1]) == 3
    assert s.squad_discard == [c for c in s.squad_discard if s.card_name(c) == "Scout"]
    conserved(s)


def test_an_attack_ally_adds_damage() -> None:
    """Seed 001, "Karty sojuszników" (the "Parszywa zgraja" note): an ally played during an
    attack adds its damage to the damage of that action."""
    s = board(at=("Alpha", "Alpha"))
    p = enemies(s, "Alpha", droids=3)
    hand(s, 0, "Trooper")
    hand(s, 1, "Sergeant")
    die(s, 0, 0)
    act(s, "attack", "exhaust Trooper", "pass")
    assert s.current_player == 1 and "ally Sergeant" in legal(s)
    act(s, "ally Sergeant", "pass")
    assert s.droids[p] == 0


def test_a_villain_without_health_cannot_be_removed() -> None:
    """Seed 001, "Złoczyńcy": a villain whose sheet shows no health cannot be removed; the
    Jedi still take 1 damage from it after an attack."""
    s = board(villain="Shadow", at=("Alpha", "Gamma"))
    p = enemies(s, "Alpha", droids=1, villain=True)
    hand(s, 0, "Trooper", "Scout", "Shield")
    die(s, 9, 0)
    act(s, "attack", "pass")
    assert s.droids[p] == 0 and s.fig_pos == [p]
    assert decision(s) == "?prevent" and s.hurt == [0, 1]


def test_the_attack_happens_only_on_your_planet() -> None:
    """Seed 001, "Atak": an attack removes enemies from the planet you are on, not elsewhere."""
    s = board(at=("Alpha", "Gamma"))
    p = enemies(s, "Alpha", droids=1)
    q = enemies(s, "Beta", droids=2)
    give(s, 0, "Shield")
    die(s, 5, 0)
    act(s, "attack", "pass")
    assert s.droids[p] == 0 and s.droids[q] == 2
