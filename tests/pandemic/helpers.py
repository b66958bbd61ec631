"""Builders for the Pandemic rules tests: positions with little typing, actions by text.

Every test starts from a real game of the rules-test pack (packs/rules_test.yaml) and then sets
fields of the state directly. Cards, droids, blockades, invasion cards and missions are moved,
never created, so `conserved` can check that nothing was lost or duplicated.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from dejarik.core.errors import PackError
from dejarik.core.files import read_yaml
from dejarik.pandemic import flow
from dejarik.pandemic.game import new_state
from dejarik.pandemic.pack import compile_pack
from dejarik.pandemic.state import PandemicState

PACK = str(Path(__file__).parent / "packs" / "rules_test.yaml")
SEED_FILE = "seed 001"
_RAW: dict[str, Any] = {}


def game(players: int = 2, villain: str = "Plain Villain", jedi: list[str] | None = None,
         seed: int = 1, first: int | None = 0, difficulty: str = "padawan",
         missions: int | None = None, pack: str = PACK) -> PandemicState:
    """A new game of the test pack, at the first ?act of seat `first`."""
    cfg: dict[str, Any] = {"pack": pack, "players": players, "villain": villain,
                           "difficulty": difficulty, "first": first}
    seats = 2 if players == 1 else players
    if jedi is None:
        jedi = ["Seer", "Healer", "Caller", "Pusher", "Walker"][:seats]
    cfg["jedi"] = jedi
    if missions is not None:
        cfg["missions"] = missions
    return new_state(cfg, seed)


def board(villain: str = "Plain Villain", players: int = 2, jedi: list[str] | None = None,
          seed: int = 1, at: tuple[str, ...] = ()) -> PandemicState:
    """A game at the start of seat 0's first action step with an empty board: every droid and
    blockade back in its pool, the villain off the board, every hand empty, no mission in
    play, the tracks on their first spaces. `at` places the Jedi (seat by seat)."""
    s = game(players=players, villain=villain, jedi=jedi, seed=seed)
    s.droid_pool += sum(s.droids)
    s.blockade_pool += sum(s.blockades)
    s.droids = [0] * len(s.droids)
    s.blockades = [0] * len(s.blockades)
    s.fig_pos = [-1] * len(s.fig_pos)
    for j in range(s.num_players):
        clear_hand(s, j)
    for slot in (0, 1):
        if s.slots[slot] >= 0:
            s.mission_unseen.append(s.slots[slot])
            s.slots[slot] = -1
    s.threat = 0
    s.invasion = 0
    for j, name in enumerate(at):
        s.pos[j] = P(s, name)
    s._legal = None
    return s


# -- names -----------------------------------------------------------------------------------
def P(s: PandemicState, name: str) -> int:
    """A planet's index."""
    return s.pack.planets.index(name)


def enemies(s: PandemicState, planet: str, droids: int = 0, blockades: int = 0,
            villain: bool = False) -> int:
    """Put droids, blockades and the villain's figure on a planet, taken from their pools."""
    p = P(s, planet)
    s.droids[p] += droids
    s.droid_pool -= droids
    s.blockades[p] += blockades
    s.blockade_pool -= blockades
    if villain:
        s.fig_pos[0] = p
    s._legal = None
    return p


def D(s: PandemicState, name: str) -> int:
    """A squad card def's index."""
    return [c.name for c in s.pack.squad].index(name)


def M(s: PandemicState, name: str) -> int:
    """A mission's index."""
    return [m.name for m in s.pack.missions].index(name)


def names(s: PandemicState, cards: list[int]) -> list[str]:
    return sorted(s.card_name(c) for c in cards)


def legal(s: PandemicState) -> list[str]:
    return [s.action_to_text(a) for a in s.legal_actions()]


def act(s: PandemicState, *texts: str) -> PandemicState:
    for t in texts:
        s.apply(s.text_to_action(t))
    return s


def only_passes(s: PandemicState) -> PandemicState:
    """Answer every decision whose only option is "pass" (a Jedi with nothing to add)."""
    while not s.done and s.tasks and legal(s) == ["pass"]:
        act(s, "pass")
    return s


def decision(s: PandemicState) -> str:
    """The op of the decision waiting now ("?act", "?contrib", ...), or "" when none."""
    return str(s.tasks[-1][0]) if s.tasks and not s.done else ""


# -- cards -----------------------------------------------------------------------------------
def clear_hand(s: PandemicState, seat: int) -> None:
    """Put a hand back at the bottom of the squad deck."""
    for c in s.hands[seat]:
        s.exhausted[c] = False
        s.squad_deck.insert(0, c)
    s.hands[seat] = []


def give(s: PandemicState, seat: int, *card_names: str, exhausted: bool = False) -> list[int]:
    """Move one instance of each named card from the squad deck (or its discard) to a hand."""
    out = []
    for name in card_names:
        d = D(s, name)
        for pile in (s.squad_deck, s.squad_discard):
            c = next((c for c in pile if s.card_def[c] == d), None)
            if c is not None:
                pile.remove(c)
                break
        else:
            raise AssertionError(f"no {name} left outside the hands")
        s.hands[seat].append(c)
        s.exhausted[c] = exhausted
        out.append(c)
    s._legal = None
    return out


def hand(s: PandemicState, seat: int, *card_names: str) -> list[int]:
    clear_hand(s, seat)
    return give(s, seat, *card_names)


def ready_names(s: PandemicState, seat: int) -> list[str]:
    return names(s, s.ready_cards(seat))


# -- dice, missions, the villain -------------------------------------------------------------
def die(s: PandemicState, success: int, damage: int) -> None:
    """Every roll shows `success` successes and `damage` damage symbols (a one-face die)."""
    s.pack = replace(s.pack, die=((success, damage),))


def set_mission(s: PandemicState, slot: int, name: str) -> int:
    """Put a mission in a slot (0 orange, 1 white), taking it from wherever it is."""
    m = M(s, name)
    for pile in (s.mission_deck, s.mission_unseen, s.mission_done):
        if m in pile:
            pile.remove(m)
    for k in (0, 1):
        if s.slots[k] == m:
            s.slots[k] = -1
    if s.slots[slot] >= 0:
        s.mission_unseen.append(s.slots[slot])
    s.slots[slot] = m
    s._legal = None
    return m


def mission_deck(s: PandemicState, *mission_names: str) -> None:
    """The mission deck, listed from the top."""
    for name in mission_names:
        m = M(s, name)
        for pile in (s.mission_deck, s.mission_unseen):
            if m in pile:
                pile.remove(m)
    s.mission_unseen += s.mission_deck
    s.mission_deck = [M(s, n) for n in reversed(mission_names)]


def raw_pack() -> dict[str, Any]:
    if not _RAW:
        data = read_yaml(Path(PACK), PackError)
        assert isinstance(data, dict)
        _RAW.update(data)
    return copy.deepcopy(_RAW)


_EDITED: dict[int, tuple[PandemicState, dict[str, Any]]] = {}
"""Each repacked state's pack data so far (a compiled state takes no attribute of a test's)."""


def repack(s: PandemicState, change: Callable[[dict[str, Any]], None]) -> None:
    """Replace the state's pack by the test pack with `change` applied to its data, on top of
    the changes made before (the board, the squad list and the Jedi stay as they are, so the
    state's indexes stay valid). The die the state had is kept."""
    _, data = _EDITED.get(id(s), (s, None))
    data = data or raw_pack()
    change(data)
    _EDITED[id(s)] = (s, data)    # the state is held, so its id names no other
    s.pack = replace(compile_pack(copy.deepcopy(data), "rules_test.yaml (changed)"), die=s.pack.die)
    s._legal = None


def droids_in_game(s: PandemicState, total: int) -> None:
    """The box holds `total` droids: the pool is what the board does not use."""
    def change(d: dict[str, Any]) -> None:
        d["components"]["droids"] = total
    repack(s, change)
    s.droid_pool = total - sum(s.droids)
    assert s.droid_pool >= 0


def villain_cards(s: PandemicState, *cards: dict[str, Any]) -> None:
    """The villain deck holds these cards, the first on top; the discard is empty. A
    "Planet Under Siege!" card is added to the pack (not the deck) when none is given."""
    deck = [dict(c) for c in cards]
    if not any(c["effects"] == [{"siege": True}] for c in deck):
        deck.append({"name": "Planet Under Siege!", "effects": [{"siege": True}]})
    vname = s.pack.villains[s.villain].name

    def change(d: dict[str, Any]) -> None:
        for v in d["villains"]:
            if v["name"] == vname:
                v["deck"] = deck
    repack(s, change)
    s.villain_deck = list(reversed(range(len(cards))))
    s.villain_discard = []


def card(name: str, *effects: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "effects": list(effects)}


def quiet_villain(s: PandemicState) -> None:
    """Villain cards that do nothing (for tests that go through whole turns)."""
    villain_cards(s, *(card(f"Nothing {i}") for i in range(6)))


def run_tasks(s: PandemicState, *tasks: tuple[Any, ...]) -> None:
    """Run these tasks (the first given first) until a decision waits or they are done."""
    s.tasks = list(reversed(tasks))
    s._legal = None
    flow.run(s)


# -- checks ----------------------------------------------------------------------------------
def conserved(s: PandemicState) -> None:
    """Every component is in exactly one place."""
    cards = s.squad_deck + s.squad_discard + [c for h in s.hands for c in h]
    assert sorted(cards) == list(range(len(s.card_def)))
    assert sum(s.droids) + s.droid_pool == s.pack.components["droids"]
    assert sum(s.blockades) + s.blockade_pool == s.pack.components["blockades"]
    inv = sorted(s.inv_deck + s.inv_discard)
    assert inv == sorted([*(s.pack.invasion_cards or ()), -1, -2])
    regular = sorted(i for i, m in enumerate(s.pack.missions) if not m.finale)
    missions = [m for m in s.slots if m >= 0 and not s.pack.missions[m].finale]
    missions += s.mission_deck + s.mission_unseen
    missions += [m for m in s.mission_done if not s.pack.missions[m].finale]
    assert sorted(missions) == regular
