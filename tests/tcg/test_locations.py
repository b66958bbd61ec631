"""The Location card type (from ESB on), as Dejarik plays it (docs/tcg.md, "Locations").

Sources: ../shared/reference/swtcg.md section 3 ("Location: built; occupies an arena (type line
names the arena(s)); a new Location replaces the old one in that arena"), and the rulings of
the Location cards of ESB, RAS, PM, ROTJ and ROTS (../shared/reference/swtcg-data/*.txt):
Rebel Command Center ("when you finish building"), Wampa Cave and Lars Homestead (build
counters to deploy), Cloud City Landing Platform ("when you put this Location into its arena"),
Mustafar Battle Grounds ("the arena where this Location is deployed", type "Ground/Character"),
Mustafar System ("if you control the Space arena"). Section 13 lists the replacement details as
unconfirmed: the defaults chosen are in docs/tcg.md."""

from __future__ import annotations

from dejarik.tcg import flow as F
from dejarik.tcg.invariants import check_invariants
from dejarik.tcg.state import BUILD, DISCARD, PLACE, TcgState
from tests.tcg.helpers import DARK, LIGHT, act, c, position, start, texts, unit

THEED = "Streets of Theed"           # Light Location, Ground - Naboo, cost 1
MOS_ESPA = "Mos Espa"                # Neutral Location, Ground - Tatooine City, cost 3
HANGAR = "Trade Federation Hangar"   # Dark Location, Character, cost 3
MUSTAFAR = "Mustafar Battle Grounds"  # Neutral Location, Ground/Character, cost 3 (ROTS)
BDS = "Battle Droid Squad"           # Dark Ground 2/10/2/3 (AOTC)
CLONE = "Clone Platoon"              # Light Ground 4/40/4/4 (AOTC)


def _build(s: TcgState, p: int, bp: int) -> TcgState:
    s.bp[p] = bp
    return start(s, ("?build", p))


def test_a_location_is_built_with_counters_then_deployed_into_its_arena() -> None:
    s = _build(position(dark={"hand": [MOS_ESPA]}), DARK, 5)
    act(s, f"build {c(s, MOS_ESPA)} +2")
    x = unit(s, MOS_ESPA)
    assert s.zone[x] == BUILD and s.counters[x] == 2
    assert f"deploy {c(s, MOS_ESPA)}" not in texts(s)      # cost 3: not finished yet
    act(s, f"build {c(s, MOS_ESPA)} +1")
    act(s, f"deploy {c(s, MOS_ESPA)}")
    assert s.zone[x] == PLACE and s.places == [-1, x, -1] and s.counters[x] == 0
    assert x not in s.build[DARK] and not check_invariants(s)


def test_a_new_location_discards_the_one_in_its_arena_whoever_owns_it() -> None:
    s = _build(position(dark={"build": [(MOS_ESPA, 3)]}, light={"locations": [THEED]}), DARK, 0)
    theed = unit(s, THEED)
    act(s, f"deploy {c(s, MOS_ESPA)}")
    assert s.places[1] == unit(s, MOS_ESPA)
    assert s.zone[theed] == DISCARD and theed in s.discard[LIGHT]
    assert not check_invariants(s)


def test_a_location_of_another_arena_stays() -> None:
    s = _build(position(dark={"build": [(MOS_ESPA, 3)], "locations": [HANGAR]}), DARK, 0)
    act(s, f"deploy {c(s, MOS_ESPA)}")
    assert s.places == [-1, unit(s, MOS_ESPA), unit(s, HANGAR)]


def test_a_location_naming_two_arenas_goes_into_one_of_them() -> None:
    s = _build(position(dark={"build": [(MUSTAFAR, 3)]}), DARK, 0)
    assert {f"deploy {c(s, MUSTAFAR)} ground", f"deploy {c(s, MUSTAFAR)} character"} <= set(texts(s))
    act(s, f"deploy {c(s, MUSTAFAR)} character")
    assert s.places == [-1, -1, unit(s, MUSTAFAR)]


def test_a_location_is_no_unit_for_arena_control_or_attacks() -> None:
    s = position(dark={"arena": [BDS]}, light={"locations": [THEED]})
    assert s.controls(DARK, 1) and not s.controls(LIGHT, 1)
    s.tasks = [("?attack", DARK, 1)]
    assert not any(a[0] == F.ATTACK and a[2] == unit(s, THEED) for a in s.legal_actions())


def test_locations_are_not_deployed_in_setup() -> None:
    s = position(dark={"hand": [MOS_ESPA, BDS]})
    s.setup_left = [30, 30]
    start(s, ("?setup", DARK, 0))
    assert all(a[1] != unit(s, MOS_ESPA) for a in s.legal_actions() if a[0] == F.DEPLOY)


def test_a_location_is_part_of_the_position_and_of_what_players_see() -> None:
    s = position(dark={"arena": [BDS]}, light={"locations": [THEED], "arena": [CLONE]})
    copy = s.clone()
    assert copy.places == s.places and copy.state_hash() == s.state_hash()
    copy.places = [-1, -1, -1]
    assert copy.state_hash() != s.state_hash()
    assert s.to_json()["places"] == [-1, unit(s, THEED), -1]
    assert s.observation(DARK)["sides"][LIGHT]["locations"] == {
        "ground": {"id": unit(s, THEED), "name": THEED, "counters": 0}}


def test_option_location_replace_own_keeps_the_opponents_location() -> None:
    """The unconfirmed point of whose Location a new one replaces (swtcg.md section 13) is the
    option location_replace: `any` (the default) or `own`, where an arena holding the
    opponent's Location is closed to yours and your own is still replaced."""
    s = _build(position(dark={"build": [(MOS_ESPA, 3), (MUSTAFAR, 3)]}, light={"locations": [THEED]},
                        location_replace="own"), DARK, 0)
    assert f"deploy {c(s, MOS_ESPA)}" not in texts(s)
    assert f"deploy {c(s, MUSTAFAR)} ground" not in texts(s)
    act(s, f"deploy {c(s, MUSTAFAR)} character")
    s = _build(position(dark={"build": [(MOS_ESPA, 3)], "locations": [("Mustafar Battle Grounds", "ground")]},
                        location_replace="own"), DARK, 0)
    act(s, f"deploy {c(s, MOS_ESPA)}")
    assert s.places[1] == unit(s, MOS_ESPA) and s.zone[unit(s, MUSTAFAR)] == DISCARD


def test_the_rule_of_thumb_player_deploys_a_location_but_never_over_its_own() -> None:
    """The built-in players (tcg/policy.py): a finished Location is deployed where it replaces
    the opponent's Location or none, never one of the player's own."""
    from dejarik.core.rng import Rng
    from dejarik.tcg.policy import heuristic_action

    s = _build(position(dark={"build": [(MOS_ESPA, 3)]}, light={"locations": [THEED]}), DARK, 0)
    assert s.action_to_text(heuristic_action(s, Rng(1))) == f"deploy {c(s, MOS_ESPA)}"
    s = _build(position(dark={"build": [(MOS_ESPA, 3)], "locations": [("Mustafar Battle Grounds", "ground")]}),
               DARK, 0)
    assert heuristic_action(s, Rng(1)) == (F.PASS, 0, 0)
