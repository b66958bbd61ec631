"""Build TCG positions by hand for rules tests: name the cards in each zone, then run tasks."""

from __future__ import annotations

from typing import Any

from dejarik.core.rng import Rng
from dejarik.tcg import flow as F
from dejarik.tcg.carddefs import all_defs
from dejarik.tcg.state import ARENA, BUILD, DARK, DECK, DISCARD, EQUIPPED, HAND, LIGHT, PLACE, TcgState

ZONES = ("arena", "hand", "deck", "discard", "build", "retreated", "locations", "equipped")
ARENA_WORDS = ("space", "ground", "character")


def position(dark: dict[str, Any] | None = None, light: dict[str, Any] | None = None,
             force: tuple[int, int] = (0, 0), seed: int = 1, **options: Any) -> TcgState:
    """A position with these cards. Each side maps zone -> list of card names; `build` takes
    (name, counters) pairs; `deck` lists cards top first; `locations` lists Locations in play,
    each a name (in the first arena its type line names) or a (name, arena word) pair;
    `equipped` lists (Equipment, unit) pairs: the Equipment attached to that side's (first)
    unit of that name, in an arena or retreated. No task is pending."""
    sides = [dark or {}, light or {}]
    names = sorted({(n if isinstance(n, str) else n[0]) for side in sides for z in ZONES
                    for n in side.get(z, [])})
    table = all_defs()
    s = TcgState()
    s.config = {}
    s.options = {"draw": "ready", "deck_out": "lose", "build_points": "lose", "turn_limit": 0, **options}
    s.set_defs(tuple(table[n] for n in names))
    s.rng = Rng(seed)
    s.force = list(force)
    for p, side in enumerate(sides):
        for zone in ZONES:
            items = side.get(zone, [])
            if zone == "deck":
                items = list(reversed(items))    # top = last
            for item in items:
                name, counters = (item, 0) if isinstance(item, str) else item
                if zone in ("locations", "equipped"):
                    counters = 0
                inst = len(s.card_def)
                s.card_def.append(names.index(name))
                s.owner.append(p)
                s.counters.append(counters)
                s.damage.append(0)
                s.tapped.append(zone == "retreated")
                s.face_up.append(zone == "retreated")
                s.shown.append(1 << p)
                if zone == "equipped":
                    host = next(u for u in range(inst) if s.owner[u] == p and s.name(u) == item[1]
                                and s.zone[u] in (ARENA, BUILD))
                    s.zone.append(EQUIPPED)
                    s.gear.setdefault(host, []).append(inst)
                elif zone == "locations":
                    d = s.d(inst)
                    where = d.homes[0] if isinstance(item, str) else ARENA_WORDS.index(item[1])
                    assert where in d.homes and s.places[where] < 0, f"{name} can't go there"
                    s.zone.append(PLACE)
                    s.places[where] = inst
                elif zone == "arena":
                    s.zone.append(ARENA)
                    s.arena[p][s.d(inst).arena].append(inst)
                elif zone in ("build", "retreated"):
                    s.zone.append(BUILD)
                    s.build[p].append(inst)
                else:
                    s.zone.append({"hand": HAND, "deck": DECK, "discard": DISCARD}[zone])
                    getattr(s, zone)[p].append(inst)
    return s


def unit(s: TcgState, name: str, p: int | None = None) -> int:
    """The (first) instance of this card, optionally of one side."""
    for i in range(len(s.card_def)):
        if s.name(i) == name and (p is None or s.owner[i] == p):
            return i
    raise KeyError(name)


def start(s: TcgState, *tasks: tuple[Any, ...]) -> TcgState:
    """Queue tasks (the first given runs first) and run until a decision waits."""
    s.tasks = [*reversed(tasks)]
    s.log = []
    F.run(s)
    return s


def act(s: TcgState, text: str) -> None:
    s.apply(s.text_to_action(text))


def texts(s: TcgState) -> list[str]:
    return [s.action_to_text(a) for a in s.legal_actions()]


def pass_until(s: TcgState, op: str, limit: int = 200) -> None:
    """Answer 'pass' (or the first option) until a decision of kind `op` waits."""
    for _ in range(limit):
        if s.done or s.tasks[-1][0] == op:
            return
        acts = s.legal_actions()
        s.apply((F.PASS, 0, 0) if (F.PASS, 0, 0) in acts else acts[0])
    raise AssertionError(f"no {op} decision within {limit} actions")


def run_out(s: TcgState, limit: int = 100) -> None:
    """Answer 'pass' (or the first option) until no task is left or the game is over."""
    for _ in range(limit):
        if not s.tasks or s.done:
            return
        acts = s.legal_actions()
        s.apply((F.PASS, 0, 0) if (F.PASS, 0, 0) in acts else acts[0])


__all__ = ["DARK", "LIGHT", "act", "pass_until", "position", "run_out", "start", "texts", "unit"]


def c(s: TcgState, name: str, p: int | None = None) -> str:
    """The action-text name of a card instance: 'Name#3'."""
    return f"{name}#{unit(s, name, p)}"


def names(s: TcgState, cards: list[int]) -> list[str]:
    return [s.name(x) for x in cards]


def hits_with(s: TcgState, attacker: int, defender: int, dice: list[int]) -> int:
    """Resolve an attack's damage from fixed dice; the damage the defender ends up with."""
    s.atk = [attacker, defender, -1, s.unit_arena(attacker)]
    s.dice = list(dice)
    before = s.damage[defender]
    start(s, ("attack_damage",))
    return s.damage[defender] - before


def dice_rolled(s: TcgState, attacker: int, defender: int) -> int:
    """How many attack dice the attacker rolls at the defender."""
    s.atk = [attacker, defender, -1, s.unit_arena(attacker)]
    start(s, ("attack_roll",))
    return len(s.dice)


def rolled_in_log(s: TcgState) -> list[int]:
    line = next(x for x in s.log if " rolls [" in x)
    return [int(v) for v in line.split("[")[1].rstrip("]").split(",")]


def close_window(s: TcgState) -> None:
    """Pass at the open play-or-pass chance until it closes."""
    while s.tasks and s.tasks[-1][0] == "?pop":
        act(s, "pass")


def in_attack_window(s: TcgState, attacker: str, defender: str, step: int) -> None:
    """Run the step until the attacker's side may declare, then declare the attack."""
    start(s, ("step", step))
    pass_until(s, "?attack")
    act(s, f"attack {c(s, attacker)} > {c(s, defender)}")


def complete(s: TcgState, mission: str, side: int) -> None:
    """Complete a fully built mission in that side's build step."""
    start(s, ("?build", side))
    act(s, f"complete {c(s, mission)}")
    assert s.zone[unit(s, mission)] == DISCARD


def mission(side: int, name: str, mine: dict[str, Any] | None = None, theirs: dict[str, Any] | None = None,
            force: tuple[int, int] = (0, 0), seed: int = 1) -> TcgState:
    """A position with the mission fully built for `side`."""
    own = dict(mine or {})
    own["build"] = [*own.get("build", []), (name, 5)]
    sides = [own, theirs or {}] if side == DARK else [theirs or {}, own]
    return position(dark=sides[0], light=sides[1], force=force, seed=seed)


def evade_case(card: str, side: int, force: int, hit: int) -> TcgState:
    """Put `hit` damage on the card with `force` Force for its side; return the state at the
    first decision (or finished)."""
    sides: list[dict[str, Any]] = [{}, {}]
    sides[side] = {"arena": [card]}
    f = [0, 0]
    f[side] = force
    s = position(dark=sides[0], light=sides[1], force=(f[0], f[1]))
    start(s, ("damage", unit(s, card), hit, -1, 1))
    return s


def sides_of(card: str, side: int, other: list[str],
             mine: list[str] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """(dark, light) with the card (and `mine`) in play on `side`, `other` on the opposite side."""
    own: dict[str, Any] = {"arena": [card, *(mine or [])]}
    them: dict[str, Any] = {"arena": list(other)}
    return (own, them) if side == DARK else (them, own)
