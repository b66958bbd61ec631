"""Pilots (seed 004, "Ciemna Strona buduje": moving pilots; reference section 11).

A Character with a pilot ability may go onto one of its owner's non-Droid units of the
subtypes it names, or back off it into the Character arena, once in each of its owner's build
steps. A finished pilot in the build zone may also deploy straight onto a unit. While aboard it
is not a unit of any arena (it can't attack, be attacked or hold an arena); the unit it pilots
gets its bonuses (effects.static_mods) and takes it along wherever the unit goes: into the build
zone on a retreat, and onto the discard pile.

How many pilots one unit may carry is unknown (reference section 11): the `pilots` option
says "one" (Dejarik's default) or "any".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dejarik.tcg.carddefs import UNIT
from dejarik.tcg.effects import (
    abilities_of,
    deploy_cost,
    drop_held,
    host_of,
    leave_zone,
    park_gear,
    pilot_ability,
    same_name_in_play,
)
from dejarik.tcg.state import ARENA, BUILD, PILOTING

if TYPE_CHECKING:
    from dejarik.tcg.state import TcgState as S

OFF = -1   # the "host" of a move off a unit, into the Character arena


def limit(s: S) -> int:
    return 1 if s.options.get("pilots", "one") == "one" else 1 << 30


def moved(s: S, c: int) -> bool:
    return ("piloted", c) in s.effects


def name_outside_arenas(s: S, p: int, uname: str, but: int) -> bool:
    """Whether p holds this unique name, on a card other than `but`, retreated in the build
    zone or aboard a unit as a pilot (one unit of a name per player: reference section 10)."""
    retreated = (c for c in s.build[p] if s.face_up[c])
    aboard = (c for host, pilots in s.aboard.items() if s.owner[host] == p for c in pilots)
    return any(c != but and s.d(c).unique and s.d(c).uname == uname
               for group in (retreated, aboard) for c in group)


def _ready(s: S, c: int) -> bool:
    """Whether a build-zone card can deploy now: finished, or retreated there face up."""
    if s.d(c).kind != UNIT:
        return False
    if s.face_up[c]:
        return True
    if s.counters[c] < deploy_cost(s, c):
        return False
    d = s.d(c)   # a unique name already in play can't deploy again as a pilot
    return not d.unique or (same_name_in_play(s, s.owner[c], d.uname) < 0
                            and not name_outside_arenas(s, s.owner[c], d.uname, c))


def hosts(s: S, c: int) -> list[int]:
    """The units c may go aboard: its owner's, in an arena, of a subtype it names, with room.
    A pilot and its unit have one owner: a card only controlled for now does not join a unit of
    its controller's, nor one of its controller's a unit it controls (docs/tcg.md, "Gaining
    control of a unit"), so control ends cleanly for the whole unit."""
    ab = pilot_ability(s, c)
    if ab is None:
        return []
    p = s.owner[c]
    owner = s.true_owner(c)
    return [u for u in s.in_play(p) if u != c and s.matches(ab.static["onto"], u, p)
            and len(s.aboard.get(u, ())) < limit(s) + _extra_seat(s, u, c) and _admits(s, u, c)
            and s.true_owner(u) == owner]


def _admits(s: S, u: int, c: int) -> bool:
    """Whether unit u lets pilot c aboard: "can be piloted only by Droids" (a static
    `pilots_only` of the unit's card names the pilots it takes)."""
    for ab in s.d(u).abilities:
        if ab.kind == "static" and "pilots_only" in ab.static and not s.matches_card(
                ab.static["pilots_only"], c, s.owner[u], u):
            return False
    return True


def max_pilots(s: S, u: int) -> int:
    """The most pilots unit u may carry now: the rule's limit, +1 with an extra seat ability."""
    extra = any(ab.kind == "static" and "extra_pilot" in ab.static for ab in abilities_of(s, u))
    return limit(s) + int(extra)


def _extra_seat(s: S, u: int, c: int) -> int:
    """1 if unit u may carry pilot c as an extra pilot ("can have an extra Pilot"): one of u's
    abilities (its own, one a pilot aboard grants, or one c would grant) names c, or names every
    pilot aboard."""
    p = s.owner[u]
    own = pilot_ability(s, c)
    for ab in (*abilities_of(s, u), *(own.static.get("abilities", ()) if own is not None else ())):
        sel = ab.static.get("extra_pilot") if ab.kind == "static" else None
        if sel is not None and (s.matches_card(sel, c, p, u)
                                or all(s.matches_card(sel, x, p, u) for x in s.aboard.get(u, ()))):
            return 1
    return 0


def moves(s: S, p: int) -> list[tuple[int, int]]:
    """p's pilot moves in its build step: (pilot, unit to board) or (pilot, OFF)."""
    out: list[tuple[int, int]] = []
    # a lone card, not a stack, whether in the Character arena or retreated to the build zone
    onto = [c for c in (*s.arena[p][2], *s.build[p])
            if not s.under.get(c) and (s.zone[c] != BUILD or _ready(s, c))]
    for c in onto:
        if pilot_ability(s, c) is not None and not moved(s, c):
            out += [(c, u) for u in hosts(s, c)]
    for host, pilots in sorted(s.aboard.items()):
        if s.owner[host] == p:
            out += [(c, OFF) for c in pilots if not moved(s, c)]
    return out


def move(s: S, c: int, host: int) -> None:
    """Put pilot c aboard `host`, or (host OFF) off its unit into the Character arena."""
    p = s.owner[c]
    side = ("Dark", "Light")[p]
    if host == OFF:
        was = host_of(s, c)
        leave_zone(s, c)
        s.zone[c] = ARENA
        s.arena[p][2].append(c)
        s.note(f"the {side} Side moves {s.name(c)} off {s.name(was)} into the Character arena")
    else:
        from_build = s.zone[c] == BUILD
        for g in list(s.gear.get(c, ())):   # a pilot is no unit: its Equipment comes off
            park_gear(s, g)
        if s.held:      # and the cards it held face down go (docs/tcg.md, "Cards held face down")
            drop_held(s, c)
        leave_zone(s, c)
        s.zone[c] = PILOTING
        s.counters[c] = 0
        s.face_up[c] = False
        s.shown[c] = 3
        s.aboard.setdefault(host, []).append(c)
        how = "deploys" if from_build else "moves"
        s.note(f"the {side} Side {how} {s.name(c)} aboard {s.name(host)} as its pilot")
    s.effects.append(("piloted", c))
