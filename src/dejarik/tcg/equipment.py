"""Equipment (ROTS; reference sections 3 and 9, "Equip"; docs/tcg.md, "Equipment").

An Equipment card is built like a unit: from hand face down into the build zone, with build
counters up to its build cost. Once finished, in its owner's build step, its owner may pay its
Equip cost (build points, and Force for some) to attach it to one of their units in an arena of
a type its type line names ("Space/Ground", "Character"); the Equip cost is paid once a turn for
each Equipment, so an attached card may also move to another unit, paying again. While attached
(zone EQUIPPED, `s.gear`) it is no unit: the unit gets what its `equip` ability gives, while the
unit is in an arena (and, with `for`, only a unit the selector names). It goes with its unit on a
retreat, up or down a stack, back to the hand or deck; when the unit is discarded it goes back
to the build zone, finished (option `equipment_discard`); when a Character carrying it goes
aboard a unit as a pilot, it goes back to the build zone too. How many a unit may carry: the
option `equipment_limit` (any, Dejarik's default, or one).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dejarik.tcg.carddefs import EQUIPMENT
from dejarik.tcg.effects import (
    abilities_of,
    deploy_forbidden,
    gear_ability,
    holder_of,
    leave_zone,
    plays_forbidden,
)
from dejarik.tcg.state import ARENA, BUILD, EQUIPPED

if TYPE_CHECKING:
    from dejarik.tcg.state import TcgState as S


def limit(s: S) -> int:
    return 1 if s.options.get("equipment_limit", "any") == "one" else 1 << 30


def equipped(s: S, g: int) -> bool:
    """Whether g's Equip cost was paid this turn (once a turn for each Equipment)."""
    return ("equipped", g) in s.effects


def cost(s: S, g: int, host: int) -> tuple[int, int]:
    """(build points, Force) to attach Equipment g to `host`: its Equip cost, less what the
    unit's `equip_discount` abilities take off (never below 0)."""
    ab = gear_ability(s, g)
    if ab is None:
        return (0, 0)
    bp, force = ab.build_points, ab.force
    for x in abilities_of(s, host):
        if x.kind == "static" and "equip_discount" in x.static:
            bp -= x.static["equip_discount"][0]
            force -= x.static["equip_discount"][1]
    return (max(0, bp), max(0, force))


def ready(s: S, g: int) -> bool:
    """A finished Equipment card in its owner's build zone, or one attached to a unit."""
    if s.d(g).kind != EQUIPMENT or gear_ability(s, g) is None:
        return False
    if s.zone[g] == EQUIPPED:
        return True
    return s.zone[g] == BUILD and not s.face_up[g] and s.counters[g] >= s.d(g).cost


def hosts(s: S, g: int) -> list[int]:
    """The units g may be attached to now: its owner's, in an arena its type line names, with
    room, not the one it is on, and whose Equip cost its owner can pay."""
    p = s.owner[g]
    on = holder_of(s, g) if s.zone[g] == EQUIPPED else -1
    bp = 0 if plays_forbidden(s, p, "build_points") else s.bp[p]
    out = []
    for a in s.d(g).fits:
        for u in s.arena[p][a]:
            # not a unit p only controls for now (its Equipment and it would have two owners)
            if u == on or len(s.gear.get(u, ())) >= limit(s) or s.true_owner(u) != p:
                continue
            need_bp, need_force = cost(s, g, u)
            if need_bp <= bp and need_force <= s.force[p]:
                out.append(u)
    return out


def moves(s: S, p: int) -> list[tuple[int, int]]:
    """p's Equip moves in its build step: (Equipment, unit)."""
    out: list[tuple[int, int]] = []
    attached = [g for host in sorted(s.gear) for g in s.gear[host] if s.owner[g] == p]
    for g in (*s.build[p], *attached):
        # Equipment on a unit another player controls for now moves with it, not on its own
        if ready(s, g) and not equipped(s, g) and not deploy_forbidden(s, g) and g not in s.lent:
            out += [(g, u) for u in hosts(s, g)]
    return out


def attach(s: S, g: int, host: int) -> None:
    """Pay g's Equip cost and attach it to `host` (from the build zone or another unit)."""
    p = s.owner[g]
    bp, force = cost(s, g, host)
    s.bp[p] -= bp
    s.force[p] -= force
    was = holder_of(s, g) if s.zone[g] == EQUIPPED else -1
    leave_zone(s, g)
    s.zone[g] = EQUIPPED
    s.counters[g] = 0
    s.face_up[g] = s.tapped[g] = False
    s.shown[g] = 3
    s.gear.setdefault(host, []).append(g)
    s.effects.append(("equipped", g))
    side = ("Dark", "Light")[p]
    s.note(f"the {side} Side equips {s.name(host)} with {s.name(g)}"
           + (f" (from {s.name(was)})" if was >= 0 else ""))


def carried(s: S, p: int) -> list[int]:
    """p's Equipment attached to units in the arenas."""
    return [g for host in sorted(s.gear) if s.zone[host] == ARENA for g in s.gear[host] if s.owner[g] == p]
