"""Pilots: seed 004 line 26 ("Ciemna Strona buduje": in the build step a player may move
pilots) and ../shared/reference/swtcg.md section 11 (a Character with a pilot ability goes onto
or off a non-Droid unit of the subtype it names, once per build step; the unit gets the bonuses).
The rules the reference leaves open are Dejarik's documented decisions (docs/tcg.md)."""

from __future__ import annotations

from pathlib import Path

from dejarik.tcg import flow as F
from dejarik.tcg.effects import discard_unit
from dejarik.tcg.game import SAMPLES, new_state
from dejarik.tcg.invariants import check_invariants
from dejarik.tcg.state import ARENA, BUILD, DISCARD, LIGHT, PILOTING, UNDER
from tests.tcg.helpers import act, position, start, texts, unit


def _build_step(light: dict[str, list[object]], **options: str) -> tuple[object, int, int]:
    s = start(position(light=light, **options), ("?build", LIGHT))
    return s, unit(s, "Rebel Pilot"), unit(s, "N-1 Starfighter")


def test_line_26_a_pilot_moves_onto_a_unit_which_gets_its_bonus() -> None:
    s, pilot, ship = _build_step({"arena": ["Rebel Pilot", "N-1 Starfighter"]})
    speed = s.speed(ship)
    move = f"pilot Rebel Pilot#{pilot} > N-1 Starfighter#{ship}"
    assert move in texts(s)
    act(s, move)
    assert s.zone[pilot] == PILOTING and s.aboard == {ship: [pilot]}
    assert pilot not in s.arena[LIGHT][2]
    assert s.speed(ship) == speed + 20                   # Rebel Pilot: the Starfighter gets +20 speed
    assert not s.controls(LIGHT, 2)                      # aboard, it holds no Character arena
    assert s.observation(0)["sides"][LIGHT]["arenas"]["space"][0]["pilots"] == ["Rebel Pilot"]
    assert check_invariants(s) == []


def test_line_26_once_per_build_step_then_off_into_the_character_arena() -> None:
    s, pilot, ship = _build_step({"arena": ["Rebel Pilot", "N-1 Starfighter"]})
    speed = s.speed(ship)
    act(s, f"pilot Rebel Pilot#{pilot} > N-1 Starfighter#{ship}")
    assert f"unpilot Rebel Pilot#{pilot}" not in texts(s)   # moved once this build step
    s.effects = []                                          # the turn ends; a new build step
    s.tasks = []
    start(s, ("?build", LIGHT))
    act(s, f"unpilot Rebel Pilot#{pilot}")
    assert s.zone[pilot] == ARENA and pilot in s.arena[LIGHT][2] and not s.aboard
    assert s.speed(ship) == speed
    assert check_invariants(s) == []


def test_reference_11_only_non_droid_units_of_the_named_subtype() -> None:
    s = start(position(dark={"arena": ["TIE Fighter Pilot", "Droid Starfighter Squadron",
                                        "Trade Federation Battleship", "Geonosian Fighter"]}),
              ("?build", 0))
    moves = [t for t in texts(s) if t.startswith("pilot")]
    assert moves == [f"pilot TIE Fighter Pilot#{unit(s, 'TIE Fighter Pilot')} > "
                     f"Geonosian Fighter#{unit(s, 'Geonosian Fighter')}"]


def test_a_finished_pilot_deploys_straight_onto_a_unit() -> None:
    s, pilot, ship = _build_step({"build": [("Rebel Pilot", 2)], "arena": ["N-1 Starfighter"]})
    assert f"deploy Rebel Pilot#{pilot}" in texts(s)       # or into the Character arena
    act(s, f"pilot Rebel Pilot#{pilot} > N-1 Starfighter#{ship}")
    assert s.zone[pilot] == PILOTING and s.counters[pilot] == 0
    assert check_invariants(s) == []


def test_an_unfinished_pilot_does_not() -> None:
    s, _, _ = _build_step({"build": [("Rebel Pilot", 1)], "arena": ["N-1 Starfighter"]})
    assert not [t for t in texts(s) if t.startswith("pilot")]


def test_the_pilot_goes_where_its_unit_goes() -> None:
    s, pilot, ship = _build_step({"arena": ["Rebel Pilot", "N-1 Starfighter"]})
    act(s, f"pilot Rebel Pilot#{pilot} > N-1 Starfighter#{ship}")
    F.retreat(s, ship)                                      # into the build zone: still aboard
    assert s.zone[ship] == BUILD and s.aboard == {ship: [pilot]}
    assert check_invariants(s) == []
    discard_unit(s, ship)                                   # onto the discard pile: with it
    assert s.zone[pilot] == DISCARD and not s.aboard and pilot in s.discard[LIGHT]
    assert check_invariants(s) == []


def test_a_pilot_aboard_cannot_be_attacked() -> None:
    s = start(position(dark={"arena": ["Geonosian Fighter"]},
                       light={"arena": ["Rebel Pilot", "N-1 Starfighter"]}), ("?build", LIGHT))
    pilot, ship, enemy = unit(s, "Rebel Pilot"), unit(s, "N-1 Starfighter"), unit(s, "Geonosian Fighter")
    act(s, f"pilot Rebel Pilot#{pilot} > N-1 Starfighter#{ship}")
    assert F.can_attack(s, enemy, ship) and not F.can_attack(s, enemy, pilot)


def test_one_pilot_a_unit_unless_the_option_allows_more() -> None:
    two = {"arena": ["Rebel Pilot", "FA-4 (A)", "N-1 Starfighter"]}
    for option, offered in (("one", False), ("any", True)):
        s, pilot, ship = _build_step(dict(two), pilots=option)
        act(s, f"pilot Rebel Pilot#{pilot} > N-1 Starfighter#{ship}")
        droid = unit(s, "FA-4 (A)")
        assert (f"pilot FA-4 (A)#{droid} > N-1 Starfighter#{ship}" in texts(s)) is offered, option


def test_a_unique_pilot_aboard_keeps_its_name_from_being_deployed_again() -> None:
    s = start(position(light={"arena": ["Derek Hobbie Klivian (A)", "Swoop Bike"],
                              "build": [("Derek Hobbie Klivian (A)", 3)]}), ("?build", LIGHT))
    aboard, waiting = (i for i in range(len(s.card_def)) if s.name(i) == "Derek Hobbie Klivian (A)")
    bike = unit(s, "Swoop Bike")
    assert f"deploy Derek Hobbie Klivian (A)#{waiting}" not in texts(s)   # the name is in play
    act(s, f"pilot Derek Hobbie Klivian (A)#{aboard} > Swoop Bike#{bike}")
    assert s.speed(bike) == 50 + 10 and s.power(bike) == 2 + 1
    assert not [t for t in texts(s) if f"#{waiting}" in t and not t.startswith("build")]


def test_pilot_decks_keep_the_invariants(tmp_path: Path) -> None:
    """Random games with pilots in both decks: every move of a pilot keeps the cards
    conserved, the pilots on units with room, and the replays exact."""
    from dejarik.agents.base import RandomAgent

    decks = {}
    for side, name, extra in (("dark", "separatist_droid_army",
                               ["4 Geonosian Fighter", "4 TIE Fighter Pilot", "2 Star Destroyer Commander"]),
                              ("light", "republic_clone_army", ["4 Rebel Pilot", "4 N-1 Starfighter"])):
        path = tmp_path / f"{side}.txt"     # the sample deck and some pilots (a deck may pass 60)
        path.write_text((SAMPLES / f"{name}.txt").read_text() + "\n".join(extra) + "\n")
        decks[side] = str(path)
    moves = 0
    for seed in range(150):
        s = new_state({**decks, "allow_unimplemented": True}, seed)
        agents = [RandomAgent(seed), RandomAgent(seed + 1)]
        while not s.done:
            a = agents[s.current_player].act(s)
            moves += a[0] == F.PILOT
            s.apply(a)
            assert check_invariants(s) == []
    assert moves > 50


def test_a_retreated_stack_is_not_offered_as_a_pilot() -> None:
    """Only a lone card pilots (the Character arena's rule, now also in the build zone): a
    retreated pilot with another version stacked beneath it is not offered aboard; alone, it
    is. Found by the random pool decks (seed 1500: a stack left beneath a pilot)."""
    light = {"retreated": ["Luke Skywalker (D)"], "arena": ["Flare-S Swoop"]}
    s = start(position(light=light), ("?build", LIGHT))
    luke, swoop = unit(s, "Luke Skywalker (D)"), unit(s, "Flare-S Swoop")
    move = f"pilot Luke Skywalker (D)#{luke} > Flare-S Swoop#{swoop}"
    assert move in texts(s)
    s = position(light={**light, "hand": ["Luke Skywalker (A)"]})
    luke, other = unit(s, "Luke Skywalker (D)"), unit(s, "Luke Skywalker (A)")
    s.hand[LIGHT].remove(other)
    s.zone[other] = UNDER
    s.under[luke] = [other]
    assert check_invariants(s) == []
    start(s, ("?build", LIGHT))
    assert not any(t.startswith(f"pilot Luke Skywalker (D)#{luke}") for t in texts(s))


def test_a_pilot_only_controlled_for_now_boards_none_of_the_controllers_units() -> None:
    """docs/tcg.md, "Gaining control of a unit" (default found by the pool fuzz, seed 170): a
    borrowed pilot and the borrower's ship never make one unit, either way round, so control
    ends cleanly; once the pilot is back with its owner it boards its owner's ships again."""
    from dejarik.tcg import pilots
    from dejarik.tcg.effects import UNTIL_TURN_END, end_control, set_controller
    from dejarik.tcg.state import DARK

    luke, tie, xwing = "Luke Skywalker (E)", "TIE Fighter DS-55-6", "X-Wing Red Two"
    s = position(light={"arena": [luke, xwing]}, dark={"arena": [tie]})
    assert pilots.hosts(s, unit(s, luke)) == [unit(s, xwing)]
    set_controller(s, unit(s, luke), DARK, UNTIL_TURN_END)
    assert s.owner[unit(s, luke)] == DARK and pilots.hosts(s, unit(s, luke)) == []
    s.bp[DARK] = 5
    start(s, ("?build", DARK))
    assert not any(t.startswith("pilot") for t in texts(s))
    end_control(s, UNTIL_TURN_END)
    assert pilots.hosts(s, unit(s, luke)) == [unit(s, xwing)] and not check_invariants(s)
