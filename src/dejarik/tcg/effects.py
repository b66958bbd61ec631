"""The effect primitives of the ability vocabulary, and the static abilities of units in play.

An effect list runs as a task `("fx", ops, i, ctx)`; `ctx` is the immutable tuple
(controller, source card, picked units, chosen arena, number). The source is the unit whose
ability it is, or the Battle card or Mission played (then in the discard pile, so `self` names
nothing), or -1. A primitive either acts and lets the list go on, or pushes a decision (flow.py)
that carries the rest of the list with it, and the source, so the decision can say what it is for.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

from dejarik.tcg.abilities import ARENA_CHOSEN, ASIDE_BACK, ASIDE_UNTIL, Ability, Op, Sel
from dejarik.tcg.carddefs import BATTLE, EQUIPMENT, UNIT, word_tags
from dejarik.tcg.state import (
    ARENA,
    ASIDE,
    BUILD,
    DARK,
    DECK,
    DISCARD,
    EQUIPPED,
    HAND,
    HELD,
    LIGHT,
    PILOTING,
    PLACE,
    REMOVED,
    SETUP,
    UNDER,
    WORD_KINDS,
)
from dejarik.tcg.state import BATTLE as BATTLE_PHASE

if TYPE_CHECKING:
    from dejarik.tcg.state import TcgState as S

Ctx = tuple[int, int, tuple[int, ...], int, int]   # controller, source, picked, arena, number
CTL: Final = 0
SRC: Final = 1
PICKED: Final = 2
ARENA_AT: Final = 3
NUM: Final = 4


def ctx_of(ctl: int, source: int) -> Ctx:
    return (ctl, source, (), -1, 0)


def push_fx(s: S, ops: tuple[Op, ...], ctx: Ctx, i: int = 0) -> None:
    if i < len(ops):
        s.tasks.append(("fx", ops, i, ctx))


# -- static abilities -------------------------------------------------------------------------
def _statics(s: S, key: str) -> Iterator[tuple[int, int, Ability]]:
    """(controller, unit, ability) for every static ability `key` of the units in the arenas.
    Seed 004, "Wycofywanie jednostek": abilities of retreated units are ignored. The Locations
    in the arenas count too, each for its owner (docs/tcg.md, "Locations")."""
    for src in s.places:
        if src >= 0 and not (s.effects and ("no_effect", src) in s.effects):    # Occupation
            for ab in s.defs[s.card_def[src]].abilities:
                if ab.kind == "static" and key in ab.static:
                    yield s.owner[src], src, ab
    for p in (DARK, LIGHT):
        for a in s.arena[p]:
            for src in a:
                for ab in s.defs[s.card_def[src]].abilities:
                    if ab.kind == "static" and key in ab.static:
                        yield p, src, ab
                for pilot in s.aboard.get(src, ()):     # static abilities a pilot aboard grants
                    pab = pilot_ability(s, pilot)
                    for ab in pab.static.get("abilities", ()) if pab is not None else ():
                        if ab.kind == "static" and key in ab.static:
                            yield p, src, ab
                if s.defs[s.card_def[src]].copies_pilot:    # and a pilot's copied (copy_pilot)
                    for pab in copied_pilots(s, src):
                        for ab in pab.static.get("abilities", ()):
                            if ab.kind == "static" and key in ab.static:
                                yield p, src, ab
                for g in s.gear.get(src, ()):           # static abilities Equipment gives it
                    gab = gear_ability(s, g, src)
                    for ab in gab.static["abilities"] if gab is not None else ():
                        if ab.kind == "static" and key in ab.static:
                            yield p, src, ab


def mode_stats(s: S, u: int) -> tuple[int, int, int, int, int]:
    """The speed, power, health, Critical Hit and Accuracy of the mode chosen for a card with
    `modes` ('each turn, choose one'); the first line until one is chosen."""
    for a in s.d(u).abilities:      # "power and health equal to your Force total"
        if a.kind == "static" and "force_stats" in a.static:
            f = s.force[s.owner[u]]
            return 0, f, f, 0, 0
    k = next((e[2] for e in s.effects if e[0] == "mode" and e[1] == u), 0)
    ab = next((a for a in s.d(u).abilities if a.kind == "modes"), None)
    return ab.static["modes"][k] if ab is not None else (0, 0, 0, 0, 0)


def static_mods(s: S, u: int) -> tuple[int, int, int]:
    """Speed, power and Critical Hit that units in play give u (their static abilities)."""
    speed = power = crit = 0
    if not s.d(u).health:     # a card with '*' stats: those of the mode chosen (Zam Wesell (D))
        speed, power, _, crit, _ = mode_stats(s, u)
    for pilot in s.aboard.get(u, ()):    # reference section 11: the piloted unit gains the bonuses
        ab = pilot_ability(s, pilot)
        if ab is not None and pilot_bonus_holds(s, ab, u):
            ms = ab.static["mods"]
            speed, power, crit = speed + ms[0], power + ms[1], crit + ms[2]
    if s.defs[s.card_def[u]].copies_pilot:   # a pilot's abilities copied (Hound's Tooth (A))
        for ab in copied_pilots(s, u):
            if pilot_bonus_holds(s, ab, u, True):
                ms = ab.static["mods"]
                speed, power, crit = speed + ms[0], power + ms[1], crit + ms[2]
    for g in s.gear.get(u, ()):          # Equipment attached (docs/tcg.md, "Equipment")
        gab = gear_ability(s, g, u)
        if gab is not None:
            ms = gab.static["mods"]
            speed, power, crit = speed + ms[0], power + ms[1], crit + ms[2]
    for p, src, ab in _statics(s, "mods"):
        st = ab.static
        units = st["units"]
        if units == "self":
            if src != u:
                continue
        elif not s.matches(units, u, p, src):
            continue
        if ab.cond is not None and not condition(s, ab.cond, p, src):
            continue
        if "attacking" in st and not _attacking(s, st["attacking"], u, p, src):
            continue
        ms = st["mods"]
        if st.get("per") == "damage":   # once for each damage counter on the ability's unit
            times = s.damage[src]
        elif st.get("per") == "held":   # once for each card held face down under it
            times = len(s.held.get(src, ()))
        elif st.get("per") == "counters":   # once for each counter on the ability's own card
            times = card_counters(s, src)
        else:
            times = len(s.select(st["per"], p, src)) if "per" in st else 1
        speed += ms[0] * times
        power += ms[1] * times
        crit += ms[2] * times
    return speed, power, crit


def static_health(s: S, u: int) -> int:
    """The health static abilities in play give u ("each neutral unit gets +1 health")."""
    n = 0
    for p, src, ab in _statics(s, "health"):
        if not _static_reaches(s, ab, u, p, src):
            continue
        st = ab.static
        if st.get("per") == "damage":
            times = s.damage[src]
        elif st.get("per") == "held":
            times = len(s.held.get(src, ()))
        elif st.get("per") == "counters":
            times = card_counters(s, src)
        else:
            times = len(s.select(st["per"], p, src)) if "per" in st else 1
        n += int(st["health"]) * times
    return n


def _static_reaches(s: S, ab: Ability, u: int, p: int, src: int) -> bool:
    """Whether the static ability of src (controlled by p) applies to unit u now."""
    st = ab.static
    units = st["units"]
    if units == "self":
        if src != u:
            return False
    elif not s.matches(units, u, p, src):
        return False
    if ab.cond is not None and not condition(s, ab.cond, p, src):
        return False
    return "attacking" not in st or _attacking(s, st["attacking"], u, p, src)


def _attacking(s: S, what: Any, u: int, p: int, src: int) -> bool:
    """Whether u is attacking what a static bonus asks for: the bonus's own unit ('self'), or
    a unit matching a selector (the defender is the opponent's, so match it for them)."""
    if s.atk is None or s.atk[0] != u:
        return False
    if what == "self":
        return s.atk[1] == src
    return s.matches(what, s.atk[1], p ^ 1)


def latest_effect(s: S, kind: str, subject: int | None = None) -> tuple[Any, ...] | None:
    """This turn's latest continuous effect of a kind (about this card, if given), or None.
    A loop, not `next()` over a generator: mypyc cannot compile the latter here."""
    effects: list[tuple[Any, ...]] = s.effects
    for i in range(len(effects) - 1, -1, -1):
        e = effects[i]
        if e[0] == kind and (subject is None or e[1] == subject):
            return e
    return None


def keyword(s: S, u: int, name: str) -> int:
    """A unit's keyword value: its card's, plus what effects give it this turn, or 0 once an
    effect has made it lose the keyword (Careful Targeting, Out of His Misery)."""
    n = s.d(u).keyword(name)
    if name == "accuracy" and not s.d(u).health:   # a '*' card's mode (Zam Wesell (D))
        n += mode_stats(s, u)[4]
    for p, src, ab in _statics(s, "grants"):   # "each of your X gets Accuracy 1" and the like
        if ab.static["grants"][0] == name and _static_reaches(s, ab, u, p, src):
            n += ab.static["grants"][1]
    for pilot in s.aboard.get(u, ()):         # a pilot aboard gives its keywords (Stun 3)
        pab = pilot_ability(s, pilot)
        if pab is not None and pilot_bonus_holds(s, pab, u):
            n += sum(v for k, v in pab.static.get("keywords", ()) if k == name)
    if s.defs[s.card_def[u]].copies_pilot:    # a pilot's abilities copied (Hound's Tooth (A))
        for pab in copied_pilots(s, u):
            if pilot_bonus_holds(s, pab, u, True):
                n += sum(v for k, v in pab.static.get("keywords", ()) if k == name)
    for g in s.gear.get(u, ()):               # Equipment gives its keywords (Shields 1, Stun 2)
        gab = gear_ability(s, g, u)
        if gab is not None:
            n += sum(v for k, v in gab.static["keywords"] if k == name)
    for e in s.effects:     # grant_all / lose_all: every unit a selector names, this turn
        if e[0] == "link" and e[2] == u and e[3] == "kw" and e[4] == name and link_alive(s, e):
            n += e[5]       # "as long as this unit remains tapped, it gets Shields 4"
        if e[0] == "keyword_all" and e[3] == name and s.matches(e[2], u, e[1]):
            if e[4] < 0:
                return 0
            n += e[4]
    for e in s.effects:
        if e[0] == "keyword" and e[1] == u and e[2] == name:
            if e[3] < 0:
                return 0
            n += e[3]
    return n


def attack_barred(s: S, u: int) -> bool:
    """Whether a static ability says u can't attack (Rebel Marine without a Space unit), or an
    effect this turn (Obi-Wan's Handiwork)."""
    if any((e[0] == "forbid_attack" and s.matches_card(e[2], u, e[1]))
           or (e[0] == "forbid_attack_unit" and e[1] == u) for e in s.effects):
        return True
    return any(_static_reaches(s, ab, u, p, src) for p, src, ab in _statics(s, "cant_attack"))


def speed_tie_winner(s: S) -> int:
    """The side that wins a speed tie between the sides: the Dark Side (seed 004), unless only
    the Light Side has a static `wins_speed_ties` in play (docs/tcg.md: both have one, Dark)."""
    owners = [q for q, _, _ab in _statics(s, "wins_speed_ties")]
    return LIGHT if LIGHT in owners and DARK not in owners else DARK


def discard_cheapest_ops(s: S, ctl: int) -> tuple[Op, ...]:
    """Each player's unit of lowest total build cost in the arenas: a choice of its owner's among
    those tied, then discarded (Leap into the Chasm); the lowest costs are read first."""
    steps: list[Op] = []
    for p in (DARK, LIGHT):
        units = s.in_play(p)
        if not units:
            continue
        low = min(s.d(u).cost + s.stack_size(u) for u in units)
        mine = 0 if p == ctl else 1
        steps.append(("choose", Sel(owner=mine, max_cost=low), mine, 1, 1))
        steps.append(("discard_unit", ("chosen",), 0))
    return tuple(steps)


def _pick_random(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """A unit the selector names, at random, is 'chosen' for the rest of the list (Belly of the
    Beast); none: nothing is chosen."""
    units = s.select(op[1], ctx[CTL], ctx[SRC], ctx[ARENA_AT])
    picked: tuple[int, ...] = ()
    if units:
        picked = (units[s.rng.below(len(units))],)
        s.note(f"{s.name(picked[0])} is picked at random")
    _resume(s, ops, i, (ctx[CTL], ctx[SRC], picked, ctx[ARENA_AT], ctx[NUM]))


def _discard_cheapest(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    push_fx(s, discard_cheapest_ops(s, ctx[CTL]), ctx)


def damage_factor(s: S, source: int) -> int:
    """2 for each static `double_damage` naming the damaging unit (Hoth Battle Plains: "double
    all damage units in the Ground arena would do, before prevention")."""
    f = 1
    for p, src, ab in _statics(s, "double_damage"):
        if s.matches(ab.static["double_damage"], source, p, src):
            f *= 2
    return f


def extra_counters(s: S, u: int, n: int) -> int:
    """The damage counters added to n just put on unit u by this turn's `double_counters`
    effects for its arena (Painful Reckoning: 1 more for each; they have no source)."""
    if s.zone[u] != ARENA:
        return 0
    a = s.unit_arena(u)
    return sum(n for e in s.effects if e[0] == "double_counters" and e[1] == a)


def _double_counters(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """This turn each damage counter put on a unit in the arena (chosen earlier, or named) brings
    one more (flow._deal and put_counters read it)."""
    a = ctx[ARENA_AT] if op[1] < 0 else op[1]
    if a >= 0:
        s.effects.append(("double_counters", a))
        s.note(f"this turn each damage counter put on a unit in the {('Space', 'Ground', 'Character')[a]} "
               f"arena brings one more")


def attack_banned(s: S, u: int, t: int) -> bool:
    """Whether a static ability says u can't attack t (no_attack: Shield Generator's "can't use
    Bombard to attack your Ground units", Princess Leia (H) "can't be attacked")."""
    for p, src, ab in _statics(s, "no_attack"):
        by, on = ab.static["no_attack"]
        if not (src == u if by == "self" else s.matches(by, u, p, src)):
            continue
        if not (src == t if on == "self" else s.matches(on, t, p, src)):
            continue
        if ab.cond is None or condition(s, ab.cond, p, src):
            return True
    return False


def lures(s: S, u: int) -> list[int]:
    """The units u must attack whenever it can (Admiral Motti: a Jedi Character must attack him)."""
    return [src for p, src, ab in _statics(s, "lure") if src != u and s.matches(ab.static["lure"], u, p)]


def plays_forbidden(s: S, p: int, kind: str) -> bool:
    """Whether p can't play Battle cards (kind 'battle') or activated abilities ('abilities')
    now: a static ability of p's own unit (General Tagge) or an effect of this turn."""
    for ctl, src, ab in _statics(s, "forbid_plays"):     # each_player: both players (Rancor Pit)
        if ab.static["forbid_plays"] == kind and (ctl == p or ab.static.get("each_player")) \
                and (ab.cond is None or condition(s, ab.cond, ctl, src)):
            return True
    return any(e[0] == "forbid_plays" and e[1] == p and e[2] == kind for e in s.effects)


def static_sources(s: S, key: str) -> list[tuple[int, int, Ability]]:
    """(controller, unit, ability) of every static ability `key` in play (_statics)."""
    return list(_statics(s, key))


def statics(s: S, key: str) -> list[tuple[int, Any]]:
    """(controller, value) of every static ability `key` of the units in play."""
    return [(p, ab.static[key]) for p, _, ab in _statics(s, key)]


def deploy_cost(s: S, inst: int) -> int:
    """The build cost, less what static abilities such as Lama Su's take off (at least 0)."""
    cost: int = s.d(inst).cost
    for p, _, ab in _statics(s, "deploy_cost"):
        if s.matches_card(ab.static["cards"], inst, p):
            cost += ab.static["deploy_cost"]
    for e in s.effects:     # this turn's discounts (Mon Mothma (A)): ("deploy_cost", ctl, cards, n)
        if e[0] == "deploy_cost" and s.matches_card(e[2], inst, e[1]):
            cost += e[3]
    for ab in s.d(inst).abilities:    # "this unit costs 1 fewer ... if": the card's own change
        if ab.kind == "static" and "self_cost" in ab.static and (
                ab.cond is None or condition(s, ab.cond, s.owner[inst], inst)):
            cost += ab.static["self_cost"]
    return max(0, cost)


def stack_unlimited(s: S, c: int) -> bool:
    """Whether a static ability in play lifts the 4-card stack limit for card c's stack
    (Jedi Temple: "a Jedi Character can have more than 4 cards in its stack")."""
    return any(s.matches_card(ab.static["unlimited_stack"], c, p)
               for p, _, ab in _statics(s, "unlimited_stack"))


def ability_tax(s: S, p: int, ab: Ability | None = None) -> int:
    """Extra Force p's units' activated ability `ab` costs (Nexu). A `force_only` tax (Darth
    Sidious (D)) reaches only abilities whose cost names Force, unless another tax reaches the
    ability too (his ruling: with Nexu in play it extends to all that Nexu taxes)."""
    base = only = 0
    for ctl, _, tax in static_sources(s, "ability_cost"):
        if ctl != p:
            if tax.static.get("force_only"):
                only += tax.static["ability_cost"]
            else:
                base += tax.static["ability_cost"]
    return base + (only if base or ab is None or ab.force_cost else 0)


def ability_discount(s: S, p: int, card: int) -> int:
    """Force p's unit `card` saves on its activated abilities (Obi-Wan's Spirit (A):
    `ability_discount` statics of p's naming it)."""
    cut = 0
    for ctl, _, ab in _statics(s, "ability_discount"):
        if ctl == p and s.matches_card(ab.static["cards"], card, p):
            cut += ab.static["ability_discount"]
    return cut


def battle_tax(s: S, p: int = -1) -> int:
    """What Battle cards cost more this turn (effects); for player p, also what static
    abilities add to p's Battle cards (`battle_cost`: Darth Vader (N), Home One)."""
    n: int = sum(e[1] for e in s.effects if e[0] == "battle_tax")
    if p < 0:
        return n
    for ctl, src, ab in _statics(s, "battle_cost"):
        if (ab.static["owner"] == 1) == (ctl != p) and (ab.cond is None or condition(s, ab.cond, ctl, src)):
            n += int(ab.static["battle_cost"])
    return n


def open_build(s: S, p: int) -> bool:
    """Whether p's opponent has a unit in play that makes p build face up (Darth Sidious)."""
    return any(ctl != p for ctl, _ in statics(s, "open_build"))


def open_hand(s: S, p: int) -> bool:
    """Whether p's opponent has a unit in play that makes p play with the hand face up (Labria)."""
    return any(ctl != p for ctl, _ in statics(s, "open_hand"))


def retreat_forbidden(s: S, u: int) -> bool:
    for ctl, sel in statics(s, "cant_retreat"):
        if s.matches(sel, u, ctl):
            return True
    return any(e[0] == "forbid_retreat" and s.matches(e[2], u, e[1]) for e in s.effects)


def can_be_attacked(s: S, u: int) -> bool:
    """Turn effects that keep a unit from being attacked (Ward of the Jedi, Tyranus's Edict)."""
    p = s.owner[u]
    for e in s.effects:
        if e[0] != "protect" or s.owner[e[1]] != p or s.zone[e[1]] != ARENA:
            continue
        guard, mode = e[1], e[2]
        if mode == "cant_be_attacked" and guard == u:
            return False
        same = s.unit_arena(guard) == s.unit_arena(u)
        if mode == "while_others" and guard == u and len(s.arena[p][s.unit_arena(u)]) > 1:
            return False
        if mode == "guards_others" and guard != u and same:
            return False
    return True


def attack_tax(s: S, u: int, t: int, taxes: list[tuple[int, int, Ability]] | None = None,
               targeted_only: bool = False) -> int:
    """The Force u's owner must pay for u to attack t: static `attack_cost` abilities in play
    (Max Rebo Band: each of the opponent's Characters; Mon Mothma: attacks on her). `taxes`:
    those abilities, when the caller has them already."""
    n = 0
    for ctl, src, ab in taxes if taxes is not None else _statics(s, "attack_cost"):
        st = ab.static
        if "targets" in st:     # attacks on the units a selector names ("a Diplomat")
            if not s.matches(st["targets"], t, ctl, src):
                continue
        elif (st["on_self"] and t != src) or (targeted_only and not st["on_self"]):
            continue
        if not s.matches(st["attackers"], u, ctl, src):
            continue
        if ab.cond is None or condition(s, ab.cond, ctl, src):
            n += st["attack_cost"]
    return n


def _no_damage(s: S, u: int) -> bool:
    """A card whose damage, dealt or taken, is all prevented (a static `no_damage`: the Spirits)."""
    return any(ab.kind == "static" and "no_damage" in ab.static for ab in s.d(u).abilities)


def damage_shielded(s: S, target: int, source: int) -> bool:
    """Turn effects that prevent all of this damage (A Moment's Rest, Lost in the Asteroids),
    and units whose damage, dealt or taken, is all prevented."""
    if _no_damage(s, target) or (source >= 0 and _no_damage(s, source)):
        return True
    for e in s.effects:
        if e[0] == "protect" and e[2] == "from_damage" and e[1] == target:
            return True
        if e[0] == "disarmed" and e[1] == source and s.atk is not None and s.atk[1] == target:
            return True
        if e[0] == "shield_arena" and source >= 0 and s.d(source).arena == e[1]:
            return True
        if e[0] == "protect_arena" and s.zone[target] == ARENA and s.unit_arena(target) == e[1]:
            return True       # damage to units in that arena (Discuss It in Committee)
    return False


def _disruptable(s: S, ctl: int, most: int) -> bool:
    """The Battle card played last (the one a disrupt answers) is the opponent's and its
    printed Force cost (its play ability's) is `most` or less."""
    played = latest_effect(s, "played_battle")
    if played is None or played[1] == ctl:
        return False
    for ab in s.d(played[2]).abilities:
        if ab.kind == "play":
            return ab.force <= most
    return False


def condition(s: S, cond: dict[str, Any], ctl: int, source: int, arena: int = -1) -> bool:
    """Whether the condition holds for controller ctl (`arena`: the arena an effect chose, for
    `arena: chosen` in a count)."""
    if cond.get("undamaged") and (source < 0 or s.damage[source] > 0):
        return False
    if cond.get("tapped") and (source < 0 or not s.tapped[source]):
        return False
    if cond.get("damaged") and (source < 0 or s.damage[source] == 0):
        return False
    if cond.get("in_step") and s.step < 0:      # a battle step is under way
        return False
    if "piloted_by" in cond and (source < 0 or not any(
            s.matches_card(cond["piloted_by"], x, ctl) for x in s.aboard.get(source, ()))):
        return False
    if cond.get("piloted") and (source < 0 or not s.aboard.get(source)):   # "as long as it has a Pilot"
        return False
    if "controls" in cond and not s.controls(ctl, cond["controls"]):   # "if you control the Space arena"
        return False
    if "in_arena" in cond and (source < 0 or cond["in_arena"] != (
            s.location_arena(source) if s.zone[source] == PLACE else s.unit_arena(source))):
        return False
    if "all" in cond:
        return all(condition(s, c, ctl, source, arena) for c in cond["all"])
    if "build_counters" in cond and (      # the ability's own card, face down, has N counters
            source < 0 or s.zone[source] != BUILD or s.face_up[source]
            or s.counters[source] < cond["build_counters"]):
        return False
    if "defender_discarded" in cond and (     # an attack is on; its defender is (not) discarded
            s.atk is None or (s.zone[s.atk[1]] == DISCARD) != cond["defender_discarded"]):
        return False
    if cond.get("undercosts_defender"):    # the defender's total build cost is higher (Han's Attack)
        if s.atk is None:
            return False
        a, t = s.atk[0], s.atk[1]
        if s.d(t).cost + s.stack_size(t) <= s.d(a).cost + s.stack_size(a):
            return False
    if cond.get("lethal") and (    # the damage about to be dealt would destroy its unit (Tauntaun)
            s.dmg is None or s.dmg[1] - s.dmg[4] < s.health(s.dmg[0]) - s.damage[s.dmg[0]]):
        return False
    if cond.get("outcosts_defender"):    # the defender's total build cost is lower (A Bigger Fish)
        if s.atk is None:
            return False
        a, t = s.atk[0], s.atk[1]
        if s.d(t).cost + s.stack_size(t) >= s.d(a).cost + s.stack_size(a):
            return False
    if cond.get("bombarding") and not bombarding(s, ctl):
        return False
    if "attacker" in cond and (s.atk is None or s.owner[s.atk[0]] != ctl
                               or not s.matches(cond["attacker"], s.atk[0], ctl, source)):
        return False
    if "damage_source" in cond and (s.dmg is None or s.dmg[2] < 0
                                    or not s.matches_card(cond["damage_source"], s.dmg[2], ctl)):
        return False
    for key, at in (("attacking_unit", 0), ("defender", 1)):   # an attack is on, and its unit matches
        if key in cond and (s.atk is None or not s.matches(cond[key], s.atk[at], ctl, source)):
            return False
    if "count" in cond:
        found = s.select(cond["count"], ctl, source, arena)
        n = (len({differ_by(s, u, cond["count"].different) for u in found}) if cond["count"].different
             else len(found))
        if n < cond.get("min", 0) or ("max" in cond and n > cond["max"]):
            return False
        if "more_than" in cond and n <= len(s.select(cond["more_than"], ctl, source)):
            return False
    if "last_attack_missed" in cond:
        e = latest_effect(s, "last_attack")
        if e is None or e[2] or not s.matches(cond["last_attack_missed"], e[1], ctl, source):
            return False
    if "damaged_unit" in cond and (s.dmg is None or not s.matches_card(cond["damaged_unit"], s.dmg[0], ctl)):
        return False
    if "hand" in cond and len(s.hand[ctl]) < cond["hand"]:
        return False
    if "force" in cond and s.force[ctl] < cond["force"]:
        return False
    if "partial_cards" in cond and len(partial_cards(s, ctl)) != cond["partial_cards"]:
        return False
    if cond.get("lost_character") and not s.lost_character[ctl]:
        return False
    if cond.get("no_attack") and s.atk is not None:
        return False
    if "before_attacks_in" in cond and s.attacked >> cond["before_attacks_in"] & 1:
        return False
    if "step" in cond and s.step != cond["step"]:     # during that arena's battle step
        return False
    if "can_retreat" in cond and any(
            retreat_forbidden(s, u) for u in s.select(cond["can_retreat"], ctl, source)):
        return False        # a unit the selector names can't retreat (R2-D2's Heroism)
    if "discard_pile" in cond and len(s.discard[ctl]) < cond["discard_pile"]:
        return False
    if "deck" in cond and len(s.deck[ctl]) < cond["deck"]:
        return False
    if "hand_kind" in cond and not any(s.d(c).facts.type in cond["hand_kind"] for c in s.hand[ctl]):
        return False        # "a Battle card in your hand"
    if "disrupting_cost" in cond and not _disruptable(s, ctl, cond["disrupting_cost"]):
        return False        # "disrupt a Battle card with a printed Force cost of 4 or less"
    if "pilots" in cond and (source < 0 or len(s.aboard.get(source, ())) < cond["pilots"]):
        return False        # "if there is more than one Pilot on it": N pilots aboard, or more
    # bits 3 + 3 * side + arena: that side's unit has attacked in that arena this turn
    own = cond.get("before_own_attacks_in", -1)
    if own >= 0 and s.attacked >> (3 + 3 * ctl + own) & 1:
        return False
    if cond.get("defending") == "self" and (s.atk is None or s.atk[1] != source):
        return False    # "play only when this unit is attacked"
    return not (cond.get("defending") and (s.atk is None or s.owner[s.atk[1]] != ctl))


def partial_cards(s: S, p: int) -> list[int]:
    """p's partially built cards: face down in the build zone, with fewer build counters than
    the card's build cost."""
    return [c for c in s.build[p] if not s.face_up[c] and s.counters[c] < s.d(c).cost]


def deploy_forbidden(s: S, c: int) -> bool:
    """Whether a turn effect keeps card c from entering its arena (Jedi Extinction)."""
    return any(e[0] == "forbid_deploy" and s.matches_card(e[2], c, e[1]) for e in s.effects)


def cross_arena_bonus(s: S, u: int, fixed_from: int) -> int:
    """Power a turn effect gives u's attack from arena `fixed_from` into another (Bombard from
    Space, Ion Cannon from Ground)."""
    return sum(e[3] for e in s.effects if e[0] == "cross_power" and e[1] == s.owner[u] and e[2] == fixed_from)


def bombarding(s: S, p: int) -> bool:
    """Whether one of p's Space units is attacking a Ground unit (with Bombard)."""
    return (s.atk is not None and s.owner[s.atk[0]] == p and s.unit_arena(s.atk[0]) == 0
            and s.unit_arena(s.atk[1]) == 1)


# -- moving cards -----------------------------------------------------------------------------
def extra_draws(s: S, p: int) -> int:
    """The cards p draws beyond the one of the draw step ("draw 1 extra card")."""
    return sum(ab.static["extra_draw"] for q, _, ab in _statics(s, "extra_draw")
               if q == p or ab.static.get("each_player"))


def draw(s: S, p: int, n: int = 1) -> None:
    """Draw n cards. Reference section 1: a player who must draw from an empty deck loses
    (option deck_out: "lose"; "skip" just stops drawing). With the opponent's C-3PO (F)
    (`show_draws`) in play, each card drawn after setup is shown to the opponent."""
    watched = n > 0 and s.phase != SETUP and any(ctl != p for ctl, _ in statics(s, "show_draws"))
    for _ in range(n):
        if not s.deck[p]:
            if s.options.get("deck_out", "lose") == "lose":
                s.finish(1 - p, f"the {('Dark', 'Light')[p]} Side had to draw from an empty deck")
            return
        c = s.deck[p].pop()
        s.zone[c] = HAND
        s.hand[p].append(c)
        if watched:     # known to the opponent while it stays in hand (observe.knows)
            s.shown[c] |= 1 << (1 - p)
            s.note(f"the {('Dark', 'Light')[p]} Side draws {s.name(c)} and shows it")


def leave_zone(s: S, inst: int) -> None:
    """Take a card out of the list of the zone it is in (its `zone` entry is the caller's)."""
    p = s.owner[inst]
    z = s.zone[inst]
    if z == ARENA:
        s.arena[p][s.unit_arena(inst)].remove(inst)
        if s.moved:
            s.moved.pop(inst, None)
    elif z == PLACE:
        s.places[s.places.index(inst)] = -1
    elif z == PILOTING:
        host = host_of(s, inst)
        s.aboard[host].remove(inst)
        if not s.aboard[host]:
            del s.aboard[host]
    elif z == EQUIPPED:
        host = holder_of(s, inst)
        s.gear[host].remove(inst)
        if not s.gear[host]:
            del s.gear[host]
    elif z == ASIDE:
        del s.aside[inst]
    elif z == HELD:
        for host, cards in s.held.items():
            if inst in cards:
                cards.remove(inst)
                if not cards:
                    del s.held[host]
                break
    elif z == REMOVED:      # (nothing takes a card back from there yet)
        s.removed[p].remove(inst)
    elif z != UNDER:
        (s.deck, s.hand, s.discard, s.build)[z][p].remove(inst)


def remove_from_game(s: S, c: int) -> None:
    """A card goes to its owner's cards removed from the game (zone REMOVED): out of the game
    for good, face up, known to both players (docs/tcg.md, "Cards removed from the game")."""
    if s.zone[c] == REMOVED:
        return
    leave_zone(s, c)
    s.zone[c] = REMOVED
    s.counters[c] = s.damage[c] = 0
    s.tapped[c] = s.face_up[c] = False
    s.shown[c] = 3
    s.removed[s.owner[c]].append(c)


def _remove_cards(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The cards the step before chose in a discard pile are removed from the game; with fewer
    than op[1] of them ("if you do"), the rest of the list does not happen."""
    cards = [c for c in ctx[PICKED] if s.zone[c] == DISCARD]
    for c in cards:
        remove_from_game(s, c)
        s.note(f"{s.name(c)} is removed from the game")
    if len(cards) < op[1] and s.tasks and s.tasks[-1][0] == "fx" and s.tasks[-1][1] is ops \
            and s.tasks[-1][2] == i + 1:
        s.tasks.pop()


def release(s: S, c: int) -> int:
    """A card leaving play goes back under its owner's control (gain_control); its owner."""
    if s.lent and c in s.lent:
        s.owner[c] = s.lent.pop(c)[0]
    return s.owner[c]


def to_hand(s: S, inst: int) -> None:
    """A card goes to its owner's hand from deck or discard pile, shown to both players."""
    leave_zone(s, inst)
    s.zone[inst] = HAND
    s.hand[s.owner[inst]].append(inst)
    s.shown[inst] = 3


SET_ASIDE: Final = -1
"""The s.held key of the cards set aside out of play until the game ends."""


def drop_held(s: S, u: int, discarded: bool = False, from_arena: int = -1) -> None:
    """The cards held face down under u (hold_under, hold_top) as u leaves play: to their
    owners' discard piles when u is discarded; set aside, out of play until the game ends, when
    it leaves any other way (Aurra Sing (C)'s ruling; docs/tcg.md, "Cards held face down").
    A unit with `release_held` (Bright Hope (A), Sando Aqua Monster) discarded from the arena it
    names lets them go where it says; discarded from elsewhere, they stay set aside."""
    cards = s.held.pop(u, ())
    if cards and discarded:
        for ab in s.d(u).abilities:
            if ab.kind == "static" and "release_held" in ab.static:
                if ab.static["release_held"][0] == from_arena:
                    _release_held(s, u, list(cards), ab.static["release_held"])
                    return
                discarded = False       # "they remain set aside for the rest of the game"
    if not discarded:
        if cards:
            s.held.setdefault(SET_ASIDE, []).extend(cards)
            _forget_held_units(s, cards)
        return
    _forget_held_units(s, cards)
    for c in cards:
        s.zone[c] = DISCARD
        s.counters[c] = s.damage[c] = 0
        s.tapped[c] = s.face_up[c] = False
        s.shown[c] = 3
        s.discard[s.owner[c]].append(c)


def _forget_held_units(s: S, cards: Iterable[int]) -> None:
    """The records of how held units were made up (hold_under) go with their cards."""
    if any(e[0] == "held_unit" for e in s.effects):
        gone = set(cards)
        s.effects = [e for e in s.effects if not (e[0] == "held_unit" and e[1] in gone)]


def _release_held(s: S, u: int, cards: list[int], how: tuple[int, str, int]) -> None:
    """u has been discarded from the arena its `release_held` names. `to: build`: each card held
    under it goes face down into its owner's build zone with that many build counters (who knew
    it still does). `to: arena`: each unit held under it (hold_under) comes back into its arena
    tapped, on its owner's side, with the cards stacked with it and its pilots as they went
    under (not a deployment); one whose unique name its owner already has in play, and any
    other held card, stays set aside until the game ends."""
    _, to, counters = how
    if to == "build":
        _forget_held_units(s, cards)
        for c in cards:
            p = s.owner[c]
            s.zone[c] = BUILD
            s.face_up[c] = s.tapped[c] = False
            s.damage[c] = 0
            s.counters[c] = counters
            s.build[p].append(c)
            s.note(f"a card held under {s.name(u)} goes face down into the "
                   f"{('Dark', 'Light')[p]} Side's build zone with {counters} build counter(s)")
        return
    groups = {e[1]: e for e in s.effects if e[0] == "held_unit" and e[1] in cards}
    _forget_held_units(s, cards)
    left = list(cards)
    for top in cards:
        e = groups.get(top)
        if e is None or top not in left or not can_enter(s, top):
            continue
        below, pilots = [c for c in e[2] if c in left], [c for c in e[3] if c in left]
        for c in (top, *below, *pilots):
            left.remove(c)
        place_unit(s, top)     # (held cards are in no list now: leave_zone finds nothing)
        s.tapped[top] = True
        for c in below:
            s.zone[c] = UNDER
            s.under.setdefault(top, []).append(c)
        for c in pilots:
            s.zone[c] = PILOTING
            s.aboard.setdefault(top, []).append(c)
        s.note(f"{s.name(top)} comes back into the {('Space', 'Ground', 'Character')[s.unit_arena(top)]} "
               f"arena, tapped")
    if left:
        s.held.setdefault(SET_ASIDE, []).extend(left)


def _hand_to_held(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """You may put a unit card of your hand (of that type) face down under the effect's own
    unit (in play): held, out of play, known to its owner only."""
    holder = ctx[SRC]
    if holder >= 0 and s.zone[holder] in (ARENA, BUILD) and hand_to_build_fits(s, ctx[CTL], op[1], ()):
        s.tasks.append(("?hand_to_held", ctx[CTL], op[1], holder))


def hold_from_hand(s: S, c: int, holder: int) -> None:
    """A card of the hand goes face down under a unit in play, known to its owner only."""
    leave_zone(s, c)
    s.zone[c] = HELD
    s.shown[c] = 1 << s.owner[c]
    s.held.setdefault(holder, []).append(c)
    s.note(f"a card from the hand goes face down under {s.name(holder)}")


def _hand_to_arena_self(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The effect's own card goes from its owner's hand into its arena, untapped (not a
    deployment), if its unique name allows (a trigger that works from the hand)."""
    c = ctx[SRC]
    if c < 0 or s.zone[c] != HAND or s.d(c).kind != UNIT or not can_enter(s, c):
        return
    place_unit(s, c)
    s.tapped[c] = False
    s.note(f"{s.name(c)} is put from the hand into the "
           f"{('Space', 'Ground', 'Character')[s.unit_arena(c)]} arena")


def fetch_fits(s: S, p: int, name: str, places: tuple[int, ...]) -> list[int]:
    """p's cards of that name (any version) in the places named (0 deck, 1 hand, 2 discard
    pile) that may go into their arena now; one card for each definition and place."""
    seen: set[tuple[int, int]] = set()
    out: list[int] = []
    for k in places:
        for c in sorted((s.deck, s.hand, s.discard)[k][p]):
            d = s.d(c)
            if d.uname != name or d.kind != UNIT or (k, s.card_def[c]) in seen or not can_enter(s, c):
                continue
            seen.add((k, s.card_def[c]))
            out.append(c)
    return out


def _fetch(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Up to N cards of a name from the controller's deck, hand and/or discard pile, one at a
    time (a `?fetch` decision, with a stop), go into their arena untapped; then the deck is
    shuffled, always or only if a card was taken from it."""
    _, name, n, places, shuffle = op
    p = ctx[CTL]
    s.tasks.append(("?fetch", p, name, n, places, shuffle, False, ctx[SRC]))


def _hold_top(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The top N cards of the controller's deck go face down under the effect's own unit (in
    play), out of play; their owner may know them, the opponent may not."""
    holder, p = ctx[SRC], ctx[CTL]
    if holder < 0 or s.zone[holder] not in (ARENA, BUILD):
        return
    for _ in range(op[1]):
        if not s.deck[p]:
            break
        c = s.deck[p].pop()
        s.zone[c] = HELD
        s.shown[c] = 1 << s.owner[c]
        s.held.setdefault(holder, []).append(c)
        s.note(f"the top card of a deck goes face down under {s.name(holder)}")


def _held_to_hand(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Every card held face down under the effect's own unit goes to its owner's hand."""
    cards = s.held.pop(ctx[SRC], [])
    _forget_held_units(s, cards)
    for c in cards:
        s.zone[c] = HAND
        s.hand[s.owner[c]].append(c)
    if cards:
        s.note(f"{len(cards)} card(s) held under {s.name(ctx[SRC])} go to the hand")


# -- cards set aside for a while (set_aside; docs/tcg.md, "Cards set aside") -----------------
UNTIL_CHANCE: Final = ASIDE_UNTIL.index("chance")
UNTIL_TURN_ASIDE: Final = ASIDE_UNTIL.index("turn")
AS_BY, AS_PLAY, AS_UP, AS_BACK, AS_UNTIL, AS_GROUP, AS_ONE, AS_DEPTH = range(8)
"""The fields of an s.aside record: the player who set the card aside, whether that player may
play it as if from their hand (1/0), face up (1: both players know it; 0: only the player who
set it aside and its owner), where it returns (ASIDE_BACK), when (ASIDE_UNTIL), its group (the
cards one effect set aside), 1 if only one card of the group may be played, and for "chance"
the place in the task stack of the play-or-pass chance it belongs to."""


def _set_aside(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The top n cards of a side's deck, or the cards of a kind in a side's hand, go into the
    set-aside place; they are `chosen` for the steps after it (Mace Windu (F)'s +X power)."""
    _, source, side, n, kind, up, play, back, until = op
    p, ctl = side_of(ctx, side), ctx[CTL]
    if source == "deck":
        cards = [s.deck[p][len(s.deck[p]) - 1 - k] for k in range(min(n, len(s.deck[p])))]   # top first
    else:
        cards = [c for c in s.hand[p] if not kind or _KIND_OF[s.d(c).kind] == kind]
    group = 1 + max((r[AS_GROUP] for r in s.aside.values()), default=0)
    depth = -1
    if until == UNTIL_CHANCE:     # the play-or-pass chance in progress: the topmost one
        for k in range(len(s.tasks) - 1, -1, -1):
            if s.tasks[k][0] == "?pop":
                depth = k
                break
    for c in cards:
        leave_zone(s, c)
        s.zone[c] = ASIDE
        s.aside[c] = [ctl, int(play != "none"), int(up), back, until, group, int(play == "one"), depth]
        s.shown[c] = 3 if up else s.shown[c] | 1 << ctl | 1 << s.owner[c]
    if cards:
        whose = "its" if p == ctl else "its opponent's"
        s.note(f"the {('Dark', 'Light')[ctl]} Side sets aside {len(cards)} card(s) from {whose} "
               f"{'deck' if source == 'deck' else 'hand'}" + (": " + ", ".join(s.name(c) for c in cards)
                                                              if up else " face down"))
    if back == ASIDE_BACK.index("discard"):     # cards that can't be played go at once
        for c in cards:
            if s.d(c).kind != BATTLE or play == "none":
                to_discard(s, c)
    _resume(s, ops, i, (ctl, ctx[SRC], tuple(cards), ctx[ARENA_AT], ctx[NUM]))


def _extra_use(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Redoubled Effort: for this attack, one of the unit's activated abilities may be used once
    more than its limit allows (flow.extra_use_left; the first use past a limit spends it)."""
    for u in units_of(s, op[1], ctx):
        if s.zone[u] == ARENA:
            s.effects.append(("extra_use", u))
            s.note(f"{s.name(u)} may use one of its abilities one extra time this attack")


_KIND_OF: Final = ("unit", "battle", "mission", "other", "location", "equipment")   # carddefs' kinds


def aside_plays(s: S, p: int, pop_at: int = -2) -> list[int]:
    """The set-aside cards p may play now as if from their hand (Battle cards, with their
    timing checked by the caller); `pop_at`: the task-stack place of the play-or-pass chance
    asking (a card set aside for a chance is offered only at that chance)."""
    return sorted(c for c, r in s.aside.items()
                  if r[AS_BY] == p and r[AS_PLAY] and s.d(c).kind == BATTLE
                  and (r[AS_UNTIL] != UNTIL_CHANCE or r[AS_DEPTH] == pop_at))


def aside_played(s: S, c: int) -> None:
    """A set-aside card is being played: with "only one of them", the rest of its group can
    no longer be played."""
    r = s.aside.get(c)
    if r is not None and r[AS_ONE]:
        for other in s.aside.values():
            if other[AS_GROUP] == r[AS_GROUP]:
                other[AS_PLAY] = 0


def return_aside(s: S, when: int, depth: int = -1) -> None:
    """The set-aside cards due now go back: those of `when` (an arena's battle step ending,
    the turn ending: all of them, or a play-or-pass chance ending at task place `depth` or
    below). Cards for a deck wait for their setter's order (a `?aside_order` decision)."""
    due = [c for c, r in sorted(s.aside.items()) if when == UNTIL_TURN_ASIDE
           or (r[AS_UNTIL] == when and (when != UNTIL_CHANCE or r[AS_DEPTH] >= depth))]
    orders: dict[tuple[int, int, int], list[int]] = {}
    for c in due:
        r = s.aside[c]
        back = ASIDE_BACK[r[AS_BACK]]
        if back in ("deck_top", "deck_bottom"):
            orders.setdefault((r[AS_BY], s.owner[c], r[AS_BACK]), []).append(c)
            continue
        if back == "discard":
            to_discard(s, c)
        else:
            leave_zone(s, c)
            s.zone[c] = HAND
            s.hand[s.owner[c]].append(c)
        s.note(f"{s.name(c) if r[AS_UP] else 'a set-aside card'} goes back to its owner's {back}")
    for (by, _, _), cards in orders.items():
        if len(cards) == 1:
            aside_to_deck(s, cards[0])
        else:
            s.tasks.append(("?aside_order", by, tuple(cards), ()))


def aside_to_deck(s: S, c: int) -> None:
    """A set-aside card goes on top of (or under) its owner's deck."""
    bottom = ASIDE_BACK[s.aside.pop(c)[AS_BACK]] == "deck_bottom"
    s.zone[c] = DECK
    if bottom:
        s.deck[s.owner[c]].insert(0, c)
    else:
        s.deck[s.owner[c]].append(c)
    s.note(f"a set-aside card goes {'under' if bottom else 'on top of'} its owner's deck")


def _hold_under(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The unit (in an arena) goes face down under the effect's own unit, out of play and no
    part of its stack, with the cards stacked with it and its pilots; its Equipment goes back to
    the build zone and the cards it held are set aside (not a discard: nothing that works on
    discarding triggers). Both players saw the unit go, so both know the cards."""
    holder = ctx[SRC]
    if holder < 0 or s.zone[holder] not in (ARENA, BUILD):
        return
    for u in units_of(s, op[1], ctx):
        if s.zone[u] != ARENA or u == holder:
            continue
        # how the unit was made up, should it come back (release_held to: arena), from turn to turn
        s.effects.append(("held_unit", u, tuple(s.under.get(u, ())), tuple(s.aboard.get(u, ()))))
        forget_words(s, (u, *s.under.get(u, ()), *s.aboard.get(u, ())))
        leave_zone(s, u)
        for g in list(s.gear.get(u, ())):
            park_gear(s, g)
        drop_held(s, u)
        for c in (u, *s.under.pop(u, ()), *s.aboard.pop(u, ())):
            release(s, c)
            s.zone[c] = HELD
            s.counters[c] = s.damage[c] = 0
            s.tapped[c] = s.face_up[c] = False
            s.shown[c] = 3
            s.held.setdefault(holder, []).append(c)
        s.mods = [m for m in s.mods if m[0] != u]
        if any(e[0] in _CARD_BOUND for e in s.effects):    # its counters (and memory) go
            s.effects = [e for e in s.effects if not (e[0] in _CARD_BOUND and e[1] == u)]
        s.note(f"{s.name(u)} goes face down under {s.name(holder)}")


# effects that go with their card
_CARD_BOUND = ("card_counters", "upkeep_grant", "remember", "replace_discard", "pilot_copy")


def to_discard(s: S, inst: int) -> None:
    """Put a card (and a stack's cards) on its owner's discard pile, from wherever it is."""
    if s.zone[inst] == DISCARD:
        return
    from_arena = s.unit_arena(inst) if s.zone[inst] == ARENA else -1
    leave_zone(s, inst)
    if s.options.get("equipment_discard", "detach") == "detach":
        for g in list(s.gear.get(inst, ())):   # its Equipment back to the build zone (docs/tcg.md)
            park_gear(s, g)
    if s.effects and s.effects[0][0] in WORD_KINDS:     # words it gained go (gain_subtype)
        forget_words(s, (inst, *s.under.get(inst, ()), *s.aboard.get(inst, ())))
    gear = s.gear.pop(inst, ())
    if s.held:
        drop_held(s, inst, True, from_arena)
    for c in (inst, *s.under.pop(inst, ()), *s.aboard.pop(inst, ()), *gear):   # its stack and pilots too
        s.zone[c] = DISCARD
        s.counters[c] = s.damage[c] = 0
        s.tapped[c] = s.face_up[c] = False
        s.shown[c] = 3
        s.discard[release(s, c)].append(c)
    s.mods = [m for m in s.mods if m[0] != inst]
    if any(e[0] in _CARD_BOUND for e in s.effects):    # its counters (and memory) go with it
        s.effects = [e for e in s.effects if not (e[0] in _CARD_BOUND and e[1] == inst)]


def discard_unit(s: S, u: int, by_damage: bool = False, asked: bool = False) -> None:
    """A unit leaves play for the discard pile; its 'when discarded' abilities trigger.
    `asked`: a `replace_discard` link was already offered for this discard."""
    from dejarik.tcg.flow import fire

    was_arena = s.zone[u] == ARENA
    if was_arena and _retreats_instead(s, u):
        # "if this unit would be discarded, retreat it and remove all damage counters from it
        # instead" (Snowtrooper Elite Squad): the discard doesn't happen
        s.damage[u] = 0
        s.note(f"{s.name(u)} would be discarded: it retreats instead, with its damage removed")
        retreat(s, u)
        return
    if was_arena and not asked and s.effects:   # "when the chosen unit would be discarded, you
        link = discard_link(s, u)               # may ... instead" (replace_discard): asked first
        if link is not None:
            if not any(t[0] == "discard_rest" and t[1] == u for t in s.tasks):
                s.tasks.append(("discard_rest", u, int(by_damage)))
                ask_link(s, link, u)
            return
    was_place = s.zone[u] == PLACE      # a Location leaving its arena
    was_build = s.zone[u] == BUILD
    if (was_arena or was_build) and s.reads_discards:
        # how it was discarded, for "discarded by damage more than twice its health" this turn
        s.effects = [e for e in s.effects if not (e[0] == "discarded_with" and e[1] == u)]
        s.effects.append(("discarded_with", u, s.damage[u] if by_damage else -1, s.health(u)))
    a = s.unit_arena(u)
    s.note(f"{s.name(u)} is discarded" + (" (destroyed)" if by_damage else ""))
    if was_arena and u in s.aboard and any(ab.kind == "static" and ab.static.get("pilots_to_arena")
                                           for ab in s.d(u).abilities):
        for c in list(s.aboard[u]):    # Stinger: the pilot goes to the Character arena, tapped
            leave_zone(s, c)
            s.zone[c], s.face_up[c], s.tapped[c] = ARENA, False, True
            s.arena[s.owner[c]][2].append(c)
            s.note(f"{s.name(c)} moves off {s.name(u)} into the Character arena, tapped")
    elif was_arena and u in s.aboard and any(ab.kind == "static" and ab.static.get("keeps_pilots")
                                             for ab in s.d(u).abilities):
        for c in list(s.aboard[u]):    # "you may move the pilot to your build zone instead"
            leave_zone(s, c)
            s.zone[c], s.face_up[c], s.tapped[c] = BUILD, True, True
            s.build[s.owner[c]].append(c)
            s.tasks.append(("?keep_pilot", s.owner[c], c))
    elif was_arena and u in s.aboard:
        # Escape Pod: another unit of the owner's may save one pilot, and is discarded for it
        pod = next((src for p, src, ab in _statics(s, "rescues_pilot") if p == s.owner[u] and src != u
                    and s.matches_card(ab.static["rescues_pilot"], u, p)), -1)
        for c in list(s.aboard[u]) if pod >= 0 else ():
            leave_zone(s, c)
            s.zone[c], s.face_up[c], s.tapped[c] = BUILD, True, True
            s.build[s.owner[c]].append(c)
            s.tasks.append(("?keep_pilot", s.owner[c], c, pod))
    leaving: list[int] = []     # pilots that may bail out: asked once the discard is done
    if was_arena and u in s.aboard:     # pilots that bail out into an arena (Luke Skywalker (K))
        for c in list(s.aboard[u]):
            pab = pilot_ability(s, c)
            if pab is not None and pab.static.get("bail", -1) >= 0:
                if pab.static.get("may_leave"):     # "you may move Obi-Wan ...": from the discard pile
                    leaving.append(c)
                else:
                    bail_out(s, c, pab.static["bail"])
    if was_arena:      # the cards that leave with it, for "return it and its stack" (to_hand: stack)
        s.effects.append(("left_play", u, (u, *s.under.get(u, ()), *s.aboard.get(u, ()),
                                           *s.gear.get(u, ())), a, s.damage[u]))   # a: the arena it
        # left; then the damage counters it had (match_from_hand's counters: damage)
    granted = [g for pilot in s.aboard.get(u, ()) for pab in (pilot_ability(s, pilot),) if pab is not None
               for g in pab.static.get("abilities", ()) if g.kind == "trigger" and g.timing == "discarded"]
    if was_arena and s.d(u).copies_pilot:    # and those of a pilot's abilities copied
        granted += [g for pab in copied_pilots(s, u) for g in pab.static.get("abilities", ())
                    if g.kind == "trigger" and g.timing == "discarded"]
    to_discard(s, u)
    if was_arena:      # "when this unit is discarded" abilities its pilot gave it (Tiree)
        for g in granted:
            push_fx(s, g.ops, ctx_of(s.owner[u], u))
    if was_arena and a == 2:
        s.lost_character[s.owner[u]] = 1
    if was_arena or was_place:
        fire(s, "discarded", [u], s.owner[u], force=True)
    if was_arena and s.from_hand:    # "when an X is discarded from any arena"
        fire_from_hand(s, "unit_discarded", u)
    if was_arena or was_build:      # "this turn, whenever that unit is discarded" (watch_discard)
        for e in [e for e in s.effects if e[0] == "watch_discard"]:
            at = e[4] if len(e) > 4 else -1     # the arena chosen when the watch began
            if isinstance(e[2], int):
                hit = e[2] == u
            elif e[2].arenas:      # "in that arena": only a unit discarded from it (not the build zone)
                hit = was_arena and a in [at if x == ARENA_CHOSEN else x for x in e[2].arenas] \
                    and s.matches_card(replace(e[2], arenas=()), u, e[1])
            else:
                hit = s.matches_card(e[2], u, e[1])
            if hit:
                push_fx(s, e[3], (e[1], -1, (u,), at, 0))
    for c in leaving:       # on top: decided before the abilities the discard triggered
        s.tasks.append(("?pilot_off", s.owner[c], c, pilot_ability_arena(s, c)))


def fire_from_hand(s: S, event: str, u: int) -> None:
    """The triggers that work while their card is in its owner's hand (`from_hand`), for an
    event about unit u, whose `of` selector names u: the Dark Side's resolve first."""
    from dejarik.tcg.flow import push_triggers

    for p in (LIGHT, DARK):
        pending = tuple((c, k) for c in s.hand[p] if s.d(c).from_hand
                        for k, ab in enumerate(s.d(c).abilities)
                        if ab.kind == "trigger" and ab.timing == event and ab.static.get("from_hand")
                        and (ab.target is None or s.matches_card(ab.target, u, p)))
        if pending:
            push_triggers(s, p, event, pending)


def discard_link(s: S, u: int) -> tuple[Any, ...] | None:
    """The `replace_discard` link that may save unit u from being discarded: its guarding unit
    is in an arena (and is not u)."""
    for e in s.effects:
        if e[0] == "replace_discard" and e[2] == u and e[1] != u and s.zone[e[1]] == ARENA:
            return e
    return None


def ask_link(s: S, link: tuple[Any, ...], u: int) -> None:
    """The link's controller may have its effects happen instead of u's discard (`spared`
    first marks the discard as replaced)."""
    s.tasks.append(("?may", (("spared",), *link[3]), (), (link[4], link[1], (u,), -1, 0)))


def _replace_discard(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Link the effect's own unit to the unit(s) named: while the own unit is in play, when one
    of them would be discarded from its arena, the controller may have op[2] happen instead."""
    src = ctx[SRC]
    if src < 0 or s.zone[src] != ARENA:
        return
    for u in units_of(s, op[1], ctx):
        if u != src:
            s.effects.append(("replace_discard", src, u, op[2], ctx[CTL]))
            s.note(f"{s.name(src)} watches over {s.name(u)}")


def _spared(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The discard of the chosen unit doesn't happen: it is replaced (flow reads the mark)."""
    for u in ctx[PICKED]:
        s.effects.append(("spared", u))
        s.note(f"{s.name(u)} is not discarded")


def _damage_retreat(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The damage about to be dealt to the chosen unit is all prevented, and the unit retreats
    (one already retreated stays in the build zone)."""
    for u in ctx[PICKED]:
        if s.dmg is not None and s.dmg[0] == u:
            s.dmg[4] = s.dmg[1]
            s.note(f"the damage to {s.name(u)} is prevented")
        if s.zone[u] == ARENA:
            retreat(s, u)


def _shield_units(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """This turn all damage to the units op[1] names is prevented; op[2] (or None): the
    attackers whose prevented damage comes back on them as counters (flow._damage)."""
    s.effects.append(("shield_units", ctx[CTL], op[1], op[2]))
    s.note(f"this turn all damage to the {('Dark', 'Light')[ctx[CTL]]} Side's units named is prevented")


def _cant_lose(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """This turn the controller can't lose the game (state.finish, flow._end_turn read it)."""
    s.effects.append(("cant_lose", ctx[CTL]))
    s.note(f"the {('Dark', 'Light')[ctx[CTL]]} Side can't lose the game this turn")


def _watch_discard(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """This turn, whenever the unit (or a unit the selector names) is discarded from an arena or
    a build zone, the effects happen for the controller, the discarded unit `chosen` in them."""
    if isinstance(op[1], Sel):     # the arena chosen before stays that selector's `arena: chosen`
        s.effects.append(("watch_discard", ctx[CTL], op[1], op[2], ctx[ARENA_AT]))
        return
    for u in units_of(s, op[1], ctx):
        s.effects.append(("watch_discard", ctx[CTL], u, op[2]))
        s.note(f"the {('Dark', 'Light')[ctx[CTL]]} Side watches {s.name(u)}")


def _retreats_instead(s: S, u: int) -> bool:
    """A static `retreats_instead` of the unit's own, its condition holding."""
    for ab in s.d(u).abilities:
        if ab.kind == "static" and ab.static.get("retreats_instead") and (
                ab.cond is None or condition(s, ab.cond, s.owner[u], u)):
            return True
    return False


def retreat(s: S, u: int, tap: bool = True) -> None:
    """Seed 004, "Wycofywanie jednostek": tap it and move it, face up, to the build zone."""
    s.arena[s.owner[u]][s.unit_arena(u)].remove(u)
    if s.moved:
        s.moved.pop(u, None)
    if s.lent:      # it goes to its owner's build zone, with its stack, pilots and Equipment
        for c in (u, *s.under.get(u, ()), *s.aboard.get(u, ()), *s.gear.get(u, ())):
            release(s, c)
    p = s.owner[u]
    s.zone[u] = BUILD
    s.face_up[u] = True
    if tap:
        s.tapped[u] = True
    s.build[p].append(u)
    s.note(f"{s.name(u)} retreats")


def place_unit(s: S, u: int, under_of: int = -1) -> None:
    """A unit enters its arena, or goes under (or on top of) a stack of its versions."""
    p = s.owner[u]
    if s.trace is not None:   # a simulated game notes every card each side put into play
        s.trace["deployed"][p].add(s.name(u))
    leave_zone(s, u)
    s.counters[u] = 0
    s.shown[u] = 3
    s.face_up[u] = False
    a = s.unit_arena(u)
    if under_of >= 0:   # u goes beneath the stack whose top is under_of
        s.zone[u] = UNDER
        s.tapped[u] = False
        s.under.setdefault(under_of, []).append(u)
        return
    top = same_name_in_play(s, p, s.d(u).uname) if s.d(u).unique else -1
    if top >= 0:        # u becomes the new top of that stack
        new_top(s, top, u)
        return
    s.zone[u] = ARENA
    s.arena[p][a].append(u)


def new_top(s: S, top: int, new: int) -> None:
    """`new` (deployed, or from beneath) becomes the top card of top's stack; the stack's
    damage, tapping, modifiers and pilots stay with the unit (reference section 10)."""
    arena = s.arena[s.owner[top]][s.unit_arena(top)]
    arena[arena.index(top)] = new
    s.under[new] = [*(x for x in s.under.pop(top, []) if x != new), top]
    s.zone[new], s.zone[top] = ARENA, UNDER
    s.damage[new], s.damage[top] = s.damage[top], 0
    s.tapped[new], s.tapped[top] = s.tapped[top], False
    s.mods = [(new, *m[1:]) if m[0] == top else m for m in s.mods]
    if top in s.aboard:
        s.aboard[new] = s.aboard.pop(top)
    if top in s.gear:
        s.gear[new] = s.gear.pop(top)
    if top in s.held:       # cards held face down stay with the unit (not its stack)
        s.held[new] = s.held.pop(top)
    if s.moved and top in s.moved:
        s.moved[new] = s.moved.pop(top)


def host_of(s: S, pilot: int) -> int:
    """The unit a pilot is aboard."""
    return next(host for host, pilots in s.aboard.items() if pilot in pilots)


def holder_of(s: S, g: int) -> int:
    """The unit an Equipment card is attached to."""
    for host, gear in s.gear.items():
        if g in gear:
            return host
    return -1


def gear_ability(s: S, g: int, host: int = -1) -> Ability | None:
    """Equipment g's `equip` ability; with `host`, only if it works for that unit now: the unit
    is in an arena (a retreated unit's Equipment does nothing) and its `for` names it."""
    for ab in s.d(g).abilities:
        if ab.kind == "equip":
            if host >= 0 and (s.zone[host] != ARENA or (
                    ab.target is not None and not s.matches_card(ab.target, host, s.owner[host]))):
                return None
            return ab
    return None


def park_gear(s: S, g: int) -> None:
    """Equipment comes off its unit into its owner's build zone: face down, finished (as many
    build counters as its cost), known to both players; it may be equipped again."""
    if s.zone[g] == EQUIPPED:
        leave_zone(s, g)
    p = release(s, g)       # back to its owner, if its unit was under another's control
    s.zone[g] = BUILD
    s.face_up[g] = s.tapped[g] = False
    s.damage[g] = 0
    s.counters[g] = s.d(g).cost
    s.shown[g] = 3
    s.build[p].append(g)
    s.note(f"{s.name(g)} goes back to its owner's build zone")


def pilot_bonus_holds(s: S, ab: Ability, host: int, copy: bool = False) -> bool:
    """A pilot's bonuses with a condition ("as long as you have no other units in the Space
    arena") count only while it holds, read for the unit piloted. For a copy of the pilot's
    abilities (`copy`), a condition on the pilots aboard counts as met (Hound's Tooth's ruling
    on Nien Nunb (A): his bonuses with no other pilot there)."""
    cond = ab.static.get("if")
    if cond is not None and copy and "pilots" in cond:
        cond = {k: v for k, v in cond.items() if k != "pilots"} or None
    return cond is None or condition(s, cond, s.owner[host], host)


def copied_pilots(s: S, u: int) -> list[Ability]:
    """The pilot abilities copied onto unit u this turn (copy_pilot: turn effects
    ("pilot_copy", unit, the pilot's card definition))."""
    out: list[Ability] = []
    for e in s.effects:
        if e[0] == "pilot_copy" and e[1] == u:
            for ab in s.defs[e[2]].abilities:
                if ab.kind == "pilot":
                    out.append(ab)
    return out


def _copy_pilot(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The effect's own unit (in an arena; its card has this effect: CardDef.copies_pilot) gets
    the pilot abilities of the pilot named until the turn ends, whatever units it may fly."""
    u = ctx[SRC]
    if u < 0 or s.zone[u] != ARENA or not s.d(u).copies_pilot:
        return
    for c in units_of(s, op[1], ctx)[:1]:
        if pilot_ability(s, c) is not None:
            s.effects.append(("pilot_copy", u, s.card_def[c]))
            s.note(f"{s.name(u)} gets the pilot abilities of {s.name(c)} this turn")


def abilities_of(s: S, u: int) -> tuple[Ability, ...]:
    """A unit's abilities: its card's, then those its pilots aboard grant it (activated and
    prevention abilities; an action's ability number counts through both)."""
    own: tuple[Ability, ...] = s.d(u).abilities
    extra = tuple(g for pilot in s.aboard.get(u, ()) for ab in (pilot_ability(s, pilot),) if ab is not None
                  for g in ab.static.get("abilities", ()))
    if s.defs[s.card_def[u]].copies_pilot:    # a pilot's abilities copied (Hound's Tooth (A))
        for pab in copied_pilots(s, u):
            extra += pab.static.get("abilities", ())
    for c in s.gear.get(u, ()):    # abilities its Equipment gives it (docs/tcg.md, "Equipment")
        gab = gear_ability(s, c, u)
        if gab is not None:
            extra += gab.static["abilities"]
    # abilities static abilities in play give it ("each Gungan unit gets 'Pay 0 -> Evade 1'")
    for p, src, ab in _statics(s, "ability"):
        if _static_reaches(s, ab, u, p, src):
            if "unless_has" in ab.static and (_has_timing(own, ab.static["unless_has"])
                                              or _has_timing(extra, ab.static["unless_has"])):
                continue        # "each unit that doesn't already have Retaliate gets ..."
            extra += (ab.static["ability"],)
    # abilities effects give it this turn: ("granted", unit, card definition, ability number)
    # and ("shared", unit, card definition, ability number): another card's own (share_abilities)
    for e in s.effects:
        if e[0] == "granted" and e[1] == u:
            extra += (s.defs[e[2]].abilities[e[3]].static["ability"],)
        elif e[0] == "shared" and e[1] == u:
            extra += (s.defs[e[2]].abilities[e[3]],)
    return own + extra if extra else own


def _has_timing(abs_: tuple[Ability, ...], timing: str) -> bool:
    return any(x.timing == timing for x in abs_)


def pilot_ability(s: S, c: int) -> Ability | None:
    return next((ab for ab in s.d(c).abilities if ab.kind == "pilot"), None)


def same_name_in_play(s: S, p: int, uname: str) -> int:
    """p's unit in an arena with this unique name, or -1."""
    for a in s.arena[p]:
        for u in a:
            d = s.defs[s.card_def[u]]
            if d.unique and d.uname == uname:
                return u
    return -1


def gain_force(s: S, p: int, n: int) -> None:
    """Reference section 1: Force never goes below 0; losing more than you have takes it all."""
    s.force[p] = max(0, s.force[p] + n)


def units_of(s: S, ref: Op, ctx: Ctx) -> list[int]:
    kind = ref[0]
    if kind == "self":
        return [ctx[SRC]] if ctx[SRC] >= 0 and s.zone[ctx[SRC]] in (ARENA, BUILD, PLACE) else []
    if kind == "chosen":      # units, or Locations a `zone: location` choice picked
        return [u for u in ctx[PICKED] if s.zone[u] in (ARENA, BUILD, PLACE)]
    if kind == "last_attacker":
        e = latest_effect(s, "last_attack")
        return [e[1]] if e is not None and s.zone[e[1]] == ARENA else []
    if kind == "defender":      # the unit being attacked
        return [s.atk[1]] if s.atk is not None and s.zone[s.atk[1]] == ARENA else []
    if kind == "threatened":    # the unit damage is about to be dealt to
        return [s.dmg[0]] if s.dmg is not None and s.zone[s.dmg[0]] in (ARENA, BUILD) else []
    if kind == "each":
        found = s.select(ref[1], ctx[CTL], ctx[SRC], ctx[ARENA_AT])
        if ref[1].slower_than_chosen:
            found = slower_than_picked(s, found, ctx)
        if ref[1].only_chosen:      # the units chosen earlier, if the selector names them now
            return [u for u in found if u in ctx[PICKED]]
        return [u for u in found if u not in ctx[PICKED]] if ref[1].other_than_chosen else found
    if kind == "attacker":
        if s.atk is None or s.zone[s.atk[0]] != ARENA:
            return []
        return [s.atk[0]] if not ref[1] or s.owner[s.atk[0]] == ctx[CTL] else []
    raise AssertionError(kind)


def slower_than_picked(s: S, found: list[int], ctx: Ctx) -> list[int]:
    """The units found whose speed now is below the printed speed of the card(s) an earlier
    step chose (`slower_than: chosen`: a unit card revealed from hand); none chosen, none."""
    if not ctx[PICKED]:
        return []
    bar = min(s.d(c).speed for c in ctx[PICKED])
    return [u for u in found if s.speed(u) < bar]


def side_of(ctx: Ctx, side: str) -> int:
    return {"you": ctx[CTL], "opponent": 1 - ctx[CTL], "dark": DARK, "light": LIGHT}[side]


# -- running effect lists ---------------------------------------------------------------------
def run_fx(s: S, task: tuple[Any, ...]) -> None:
    _, ops, i, ctx = task
    op = ops[i]
    push_fx(s, ops, ctx, i + 1)     # the rest of the list, under whatever this step pushes
    _OPS[op[0]](s, op, ops, i, ctx)


def _resume(s: S, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Replace the pushed continuation with one carrying a new context (after a choice)."""
    if s.tasks and s.tasks[-1][0] == "fx" and s.tasks[-1][1] is ops and s.tasks[-1][2] == i + 1:
        s.tasks.pop()
    push_fx(s, ops, ctx, i + 1)


def _choose(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    _, sel, by, lo, hi = op
    if s.tasks and s.tasks[-1][0] == "fx" and s.tasks[-1][1] is ops:
        s.tasks.pop()
    if sel.other_than_chosen:    # "one of your other ...": not what the earlier step chose
        sel = replace(sel, exclude=ctx[PICKED])
    if sel.cost_cap == "x":     # "with equal or less build cost": at most the X set before
        sel = replace(sel, max_cost=ctx[NUM], cost_cap="")
    # a new choice starts afresh: 'chosen' after it names only what it picks
    ctx = (ctx[0], ctx[1], (), ctx[3], ctx[4])
    s.tasks.append(("?choose", ops, i, ctx, sel, by, lo, hi))


def choose_candidates(s: S, task: tuple[Any, ...]) -> list[int]:
    ctx, sel = task[3], task[4]
    if sel.total_cost is not None:      # the picks' total build costs within a budget
        return budget_candidates(s, ctx, sel)
    if sel.different:       # "three of your units with different speeds": none like one picked
        seen = {differ_by(s, x, sel.different) for x in ctx[PICKED]}
        return [u for u in s.select(sel, ctx[CTL], ctx[SRC], ctx[ARENA_AT])
                if u not in ctx[PICKED] and differ_by(s, u, sel.different) not in seen]
    return [u for u in s.select(sel, ctx[CTL], ctx[SRC], ctx[ARENA_AT]) if u not in ctx[PICKED]]


def differ_by(s: S, u: int, by: str) -> str:
    """What `different` compares: the unit's speed now, or its name (every version's)."""
    if by == "arena":
        return str(s.unit_arena(u))
    return str(s.speed(u)) if by == "speed" else s.d(u).uname


def chosen(s: S, task: tuple[Any, ...], u: int) -> None:
    """A unit picked (u >= 0) or the picking ended (u < 0) for a choose step."""
    _, ops, i, ctx, sel, by, lo, hi = task
    picked = ctx[PICKED] + ((u,) if u >= 0 else ())
    ctx = (ctx[0], ctx[1], picked, ctx[3], ctx[4])
    if u >= 0 and len(picked) < hi:
        s.tasks.append(("?choose", ops, i, ctx, sel, by, lo, hi))
        return
    push_fx(s, ops, ctx, i + 1)


def _choose_arena(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    if s.tasks and s.tasks[-1][0] == "fx" and s.tasks[-1][1] is ops:
        s.tasks.pop()
    if len(op) > 3:     # with: only an arena where the selector names a unit; none, and the rest stops
        among = tuple(a for a in op[2] if arena_has(s, op[3], ctx, a))
        if among:
            s.tasks.append(("?arena", ops, i, ctx, op[1], among))
        return
    s.tasks.append(("?arena", ops, i, ctx, op[1], op[2]))


def arena_has(s: S, sel: Any, ctx: Ctx, a: int) -> bool:
    """Whether the selector names a unit in arena a ("an arena where you have a Jedi")."""
    return any(s.zone[u] == ARENA and s.unit_arena(u) == a
               for u in s.select(sel, ctx[CTL], ctx[SRC], ctx[ARENA_AT]))


def _reveal_hand(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The controller reveals a card of the types op[1] from hand (a `?reveal_hand` decision):
    it stays there, known to both players, and is `chosen` for the steps after it. With no
    such card, nothing is chosen."""
    p = ctx[CTL]
    if any(s.d(c).facts.type in op[1] for c in s.hand[p]):
        if s.tasks and s.tasks[-1][0] == "fx" and s.tasks[-1][1] is ops:
            s.tasks.pop()
        s.tasks.append(("?reveal_hand", p, ops, i, ctx, op[1]))
    else:
        _resume(s, ops, i, (ctx[0], ctx[1], (), ctx[3], ctx[4]))


def revealed_from_hand(s: S, task: tuple[Any, ...], c: int) -> None:
    """The card revealed stays in hand, known to both players; it is `chosen` after."""
    _, p, ops, i, ctx = task[:5]
    s.shown[c] = 3
    s.note(f"the {('Dark', 'Light')[p]} Side reveals {s.name(c)} from its hand")
    push_fx(s, ops, (ctx[0], ctx[1], (c,), ctx[3], ctx[4]), i + 1)


def _name_top(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """That side shuffles its deck; the controller names a card (a `?name` decision, offering
    only names the namer may know: flow._name_options); the side then reveals its top card and
    puts it into its hand, and a match runs the effects op[2] (flow._name_answer)."""
    p = side_of(ctx, op[1])
    for c in s.deck[p]:
        s.shown[c] = 0
    s.rng.shuffle(s.deck[p])
    s.note(f"the {('Dark', 'Light')[p]} Side shuffles its deck")
    s.tasks.append(("?name", ctx[CTL], p, op[2], ctx))


def _branch(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """'If ... then ..., else ...': the condition is read now, for the effect's controller."""
    push_fx(s, op[2] if condition(s, dict(op[1]), ctx[CTL], ctx[SRC], ctx[ARENA_AT]) else op[3], ctx)


def _grant(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """A keyword given (n > 0) or taken away (n < 0) for a while (effects list, keyword())."""
    _, ref, name, n, until = op
    for u in units_of(s, ref, ctx):
        if s.zone[u] == ARENA:
            s.effects.append(("keyword", u, name, n, until))
            s.note(f"{s.name(u)} " + (f"gets {name.replace('_', ' ')} {n}" if n > 0
                                      else f"loses {name.replace('_', ' ')}"))


def _at_attack_end(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Effects that wait for the attack in progress to end (flow._attack_end runs them)."""
    if s.atk is not None:
        s.effects.append(("attack_end", op[1], ctx))


def _no_evade(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """For this attack, Evade can't prevent damage the unit deals (flow._damage reads it)."""
    for u in units_of(s, op[1], ctx):
        s.effects.append(("no_evade", u))


def _to_hand(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The effect's own card goes from its owner's discard pile back to their hand."""
    src = ctx[SRC]
    if len(op) > 1 and op[1] == "stack":    # with the cards stacked with it and its pilots
        left = latest_effect(s, "left_play", src)
        group: tuple[int, ...] = left[2] if left is not None else (src,)
        for c in group:
            if s.zone[c] == DISCARD and s.owner[c] == s.owner[src]:
                to_hand(s, c)
                s.note(f"{s.name(c)} returns to its owner's hand")
        return
    if src >= 0 and s.zone[src] == DISCARD:
        to_hand(s, src)
        s.note(f"{s.name(src)} returns to its owner's hand")


def _to_deck(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The effect's own card and the cards that left play with it (its stack, pilots and
    Equipment) are shuffled into their owner's deck: those in the discard pile, and Equipment
    parked in the build zone (C-3PO (E)'s ruling)."""
    src = ctx[SRC]
    if src < 0:
        return
    left = latest_effect(s, "left_play", src)
    group: tuple[int, ...] = left[2] if left is not None else (src,)
    p = s.owner[src]
    moved = 0
    for c in group:
        if s.owner[c] == p and (s.zone[c] == DISCARD or (s.zone[c] == BUILD and s.d(c).kind == EQUIPMENT)):
            leave_zone(s, c)
            s.zone[c] = DECK
            s.face_up[c] = s.tapped[c] = False
            s.damage[c] = s.counters[c] = 0
            s.deck[p].append(c)
            moved += 1
            s.note(f"{s.name(c)} goes into its owner's deck")
    if moved:
        s.tasks.append(("shuffle", p))


def _to_arena(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The effect's own unit card (or, `chosen`, the card(s) an earlier step chose in a discard
    pile) goes from the discard pile into its arena, untapped (not a deployment: nothing that
    works on deploying triggers); not a unique name its owner already has in play."""
    if len(op) > 1:
        for c in ctx[PICKED]:
            if s.zone[c] == DISCARD and s.d(c).kind == UNIT and can_enter(s, c):
                place_unit(s, c)
                s.tapped[c] = False
                s.note(f"{s.name(c)} is put into its arena from the discard pile")
        return
    src = ctx[SRC]
    if src >= 0 and s.zone[src] == DISCARD and s.d(src).kind == UNIT and can_enter(s, src):
        place_unit(s, src)
        s.tapped[src] = False
        s.note(f"{s.name(src)} is put into its arena from the discard pile")


def hand_discarded(s: S, c: int, by: int) -> None:
    """Card c went from its owner's hand to the discard pile; with `by` (the player whose effect
    did it) the opponent, its 'discarded from hand' abilities trigger."""
    from dejarik.tcg.flow import push_trigger

    if by < 0 or by == s.owner[c] or s.zone[c] != DISCARD:
        return
    for i, ab in enumerate(s.d(c).abilities):
        if ab.kind == "trigger" and ab.timing == "discarded_from_hand":
            push_trigger(s, c, i)


def _discard_face_down(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    p = side_of(ctx, op[1])
    if any(not s.face_up[c] for c in s.build[p]):
        s.tasks.append(("?face_down", ctx[CTL], p, op[2], ctx[SRC], *((1,) if len(op) > 3 and op[3] else ())))


def _discard_card(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """A face-down card of a build zone is discarded."""
    c = op[1]
    if s.zone[c] == BUILD:
        n = s.counters[c]
        to_discard(s, c)
        s.note(f"{s.name(c)} is discarded from the build zone")
        if len(op) > 2:     # refund: its owner gains a build point for each counter it had
            s.bp[s.owner[c]] += n
            s.note(f"the {('Dark', 'Light')[s.owner[c]]} Side gets {n:+d} build points")


def _arrange_top(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The controller looks at the top n cards of that side's deck (known to them while there),
    may discard unit cards of the type named among them, and puts the rest back in any order."""
    p, ctl = side_of(ctx, op[1]), ctx[CTL]
    cards = tuple(reversed(s.deck[p][-op[2]:]))       # the top card first
    for c in cards:
        s.shown[c] |= 1 << ctl
    s.note(f"the {('Dark', 'Light')[ctl]} Side looks at the top {len(cards)} card(s) of "
           f"{'its' if p == ctl else 'its opponent' + chr(39) + 's'} deck")
    if op[3]:
        s.tasks.append(("?mill", ctl, p, cards, op[3], ctx[SRC]))
    else:
        s.tasks.append(("?arrange", ctl, p, cards, (), ctx[SRC]))


def _silence(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Instill Doubt: this turn the units can't use activated abilities (flow's offers)."""
    for u in units_of(s, op[1], ctx):
        s.effects.append(("silenced", u))
        s.note(f"{s.name(u)} can't use activated abilities this turn")


def _dig(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The controller looks at the top op[1] cards of their deck (known to them), takes op[2]
    of them into hand (flow's "?dig"), and the rest go under the deck (op[3] "discard": to the
    discard pile). op[1] "paid": the controller first names any amount of Force, 0 up to all
    of it, and pays it (a `?x` decision); that many are looked at. op[1] or op[2] "x": the
    context's number (the Force paid; a Mission's X, its build counters when completed)."""
    p = ctx[CTL]
    take: int = ctx[NUM] if op[2] == "x" else op[2]
    if op[1] == "paid":
        if s.tasks and s.tasks[-1][0] == "fx" and s.tasks[-1][1] is ops:
            s.tasks.pop()
        # the Force named becomes X for the look; how many to take is fixed now
        rest: tuple[Op, ...] = (("pay_x",), ("dig", "x", take, *op[3:]), *ops[i + 1:])
        s.tasks.append(("?x", p, rest, 0, ctx, s.force[p]))
        return
    n: int = ctx[NUM] if op[1] == "x" else op[1]
    cards = tuple(reversed(s.deck[p][-n:])) if n > 0 else ()      # the top card first
    for c in cards:
        s.shown[c] |= 1 << p
    s.note(f"the {('Dark', 'Light')[p]} Side looks at the top {len(cards)} card(s) of its deck")
    if cards and take > 0:
        s.tasks.append(("?dig", p, cards, take, ctx[SRC], *op[3:]))
    elif cards:     # none to take: the cards looked at go where the rest go
        dig_rest(s, p, cards, op[3] if len(op) > 3 else "bottom")


def dig_rest(s: S, p: int, cards: tuple[int, ...], where: str) -> None:
    """The cards looked at and not taken: under the deck, in the order they lay, or (where
    "discard") into the discard pile."""
    left = [x for x in cards if s.zone[x] == DECK]
    if where == "discard":
        for x in left:
            to_discard(s, x)
        if left:
            s.note(f"{len(left)} card(s) are discarded")
        return
    for x in left:
        s.deck[p].remove(x)
    s.deck[p][:0] = list(reversed(left))      # the bottom of a deck is its first card
    if left:
        s.note(f"{len(left)} card(s) go under the deck")


def _speed_damage(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The unit chosen before deals 1 damage per 10 speed to a unit chosen now (it is the
    damage's source), then (then_discard) it is discarded."""
    units = [u for u in ctx[PICKED] if s.zone[u] == ARENA]
    if not units:
        return
    u = units[0]
    n = s.speed(u) // 10
    steps: tuple[Op, ...] = (("choose", op[1], 0, 1, 1), ("damage", ("chosen",), n, None, 0))
    if op[2]:
        steps += (("discard_unit", ("self",), 0),)
    push_fx(s, steps, (ctx[CTL], u, (), ctx[ARENA_AT], 0))


def _chain_attacks(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Vader's Fury: this turn, each time the unit's attack ends, it attacks a unit of its arena
    it has not attacked this turn (flow._attack_end and the `chain_attack` task)."""
    for u in units_of(s, op[1], ctx):
        s.effects.append(("chain_attacks", u, ctx[CTL]))


def _chain_attack(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The unit (the effect's source) attacks the unit just chosen, if it still can."""
    from dejarik.tcg.flow import can_attack, start_attack

    u = ctx[SRC]
    targets = [t for t in ctx[PICKED] if s.zone[t] == ARENA]
    if s.atk is None and s.zone[u] == ARENA and targets and can_attack(s, u, targets[0]):
        start_attack(s, u, targets[0])


def _raise_in_stack(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Hero's Potential: the owner picks a card under the unit (an `?option` decision)."""
    for u in units_of(s, op[1], ctx)[:1]:
        raisable = [x for x in s.under.get(u, ()) if not foreign_in_stack(s, x, u)]
        if s.zone[u] == ARENA and raisable:
            s.tasks.append(("?option", tuple(((("restack_to", x, s.name(x), 0),)) for x in raisable), ctx))


def foreign_in_stack(s: S, x: int, top: int) -> bool:
    """Whether card x, beneath top's stack, is of another unique name (stack_under, Yoda (G)):
    such a card never becomes the stack's top card."""
    return s.defs[s.card_def[x]].uname != s.defs[s.card_def[top]].uname


def stack_extra(s: S, top: int) -> int:
    """How many cards top's stack may hold beyond the rule's 4: the `extra_stack` of the cards
    in it (Yoda (G): "the stack can have 1 extra card")."""
    n = 0
    for x in (top, *s.under.get(top, ())):
        for ab in s.defs[s.card_def[x]].abilities:
            if ab.kind == "static" and "extra_stack" in ab.static:
                n += int(ab.static["extra_stack"])
    return n


def stack_hosts(s: S, c: int, sel: Sel, ctl: int) -> list[int]:
    """The units the selector names whose stack card c (a lone card in an arena) may go under:
    its owner's, in an arena, of another unique name, with no card of c's name in the stack and
    room for one more (4, plus the stack's and c's `extra_stack`)."""
    from dejarik.tcg.flow import MAX_STACK

    d = s.d(c)
    room = MAX_STACK + sum(int(ab.static["extra_stack"]) for ab in d.abilities
                           if ab.kind == "static" and "extra_stack" in ab.static)
    out: list[int] = []
    for h in s.select(sel, ctl, c):
        if h == c or s.zone[h] != ARENA or s.owner[h] != s.owner[c] or s.d(h).uname == d.uname:
            continue
        stack = (h, *s.under.get(h, ()))
        if any(s.name(x) == d.name for x in stack):
            continue
        if len(stack) < room + stack_extra(s, h) or stack_unlimited(s, h):
            out.append(h)
    return out


def _stack_under(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The effect's own card, a lone card in an arena (no stack, pilots, Equipment or held
    cards), goes beneath the stack of a unit the selector names, chosen now (an `?option`
    decision among those it may go under: stack_hosts)."""
    c = ctx[SRC]
    if c < 0 or s.zone[c] != ARENA or c in s.under or c in s.aboard or c in s.gear or c in s.held:
        return
    hosts = stack_hosts(s, c, op[1], ctx[CTL])
    if hosts:
        s.tasks.append(("?option", tuple(((("stack_to", c, h, s.name(h)),)) for h in hosts), ctx))


def _stack_to(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Card op[1] goes beneath the stack of unit op[2] (if it still may): a card of that stack
    now (+10 speed, +1 power, +1 health to it), with no damage, tapping or abilities of its own."""
    c, h = op[1], op[2]
    if s.zone[c] != ARENA or s.zone[h] != ARENA or h not in stack_hosts(s, c, Sel(), s.owner[c]):
        return
    leave_zone(s, c)
    s.mods = [m for m in s.mods if m[0] != c]
    s.zone[c] = UNDER
    s.tapped[c] = False
    s.damage[c] = 0
    s.under.setdefault(h, []).append(c)
    s.note(f"{s.name(c)} goes under {s.name(h)}'s stack")


def _restack_to(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Card op[1], under a stack in an arena, becomes its top card; unless op[3], the card that
    was on top goes back on top when the turn ends. A top card with too little health for the
    stack's damage is destroyed."""
    x = op[1]
    top = next((t for t, below in s.under.items() if x in below and s.zone[t] == ARENA), -1)
    if top < 0:
        return
    new_top(s, top, x)
    s.note(f"{s.name(x)} goes on top of its stack")
    if not op[3]:
        s.effects.append(("turn_end", (("restack_to", top, s.name(top), 1),), ctx))
    if s.damage[x] >= s.health(x):
        discard_unit(s, x, by_damage=True)


def _roll_off(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Sabers Locked: the unit chosen before and one chosen now each roll a die; the lower
    roll's unit is tapped (both on a tie)."""
    mine = [u for u in ctx[PICKED] if s.zone[u] in (ARENA, BUILD)]
    if mine:
        push_fx(s, (("choose", op[1], 0, 1, 1), ("roll_off_dice", mine[0])),
                (ctx[CTL], ctx[SRC], (), ctx[ARENA_AT], 0))


def _roll_off_dice(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    theirs = [u for u in ctx[PICKED] if s.zone[u] in (ARENA, BUILD)]
    mine = op[1]
    if not theirs or s.zone[mine] not in (ARENA, BUILD):
        return
    a, b = s.rng.below(6) + 1, s.rng.below(6) + 1
    s.note(f"{s.name(mine)} rolls {a}, {s.name(theirs[0])} rolls {b}")
    for u, lost in ((mine, a <= b), (theirs[0], b <= a)):
        if lost:
            s.tapped[u] = True
            s.note(f"{s.name(u)} is tapped")


def _move_damage(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Counters from the unit chosen before to another unit of its arena, chosen now."""
    units = [u for u in ctx[PICKED] if s.zone[u] == ARENA and s.damage[u] > 0]
    if not units:
        return
    u = units[0]
    # same_side: to another unit of that unit's owner (owner 0: the controller's, 1: the other's)
    owner = (0 if s.owner[u] == ctx[CTL] else 1) if len(op) > 2 and op[2] else 2
    dest = Sel(owner=owner, arenas=(s.unit_arena(u),), exclude=(u,))
    n = s.damage[u] if op[1] < 0 else op[1]     # -1: all its counters
    steps: tuple[Op, ...] = (("choose", dest, 0, 1, 1), ("transfer_counters", u, n))
    push_fx(s, steps, (ctx[CTL], ctx[SRC], (), ctx[ARENA_AT], 0))


def _transfer_counters(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    src, n = op[1], op[2]
    dest = [u for u in ctx[PICKED] if s.zone[u] == ARENA]
    if not dest or s.zone[src] != ARENA:
        return
    k = min(n, s.damage[src])
    s.damage[src] -= k
    s.note(f"{k} damage counter(s) move from {s.name(src)}")
    _put_damage(s, ("put_damage", ("chosen",), k), ops, i, ctx)


def _pay_defender_cost(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """'You may pay Force equal to that unit's total build cost (its card's cost, +1 per card
    beneath it); if you do, ...': the `?offer` decision, for the controller."""
    if s.atk is None or s.zone[s.atk[1]] != ARENA:
        return
    t = s.atk[1]
    cost = s.d(t).cost + s.stack_size(t)
    if s.force[ctx[CTL]] >= cost:
        s.tasks.append(("?offer", ctx[CTL], cost, op[1], ctx))


def _discard_unless(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """"Discard n cards unless you discard a card of these subtypes" (Rune Haako (A)): with
    such a card in hand the player picks a way (one such card, or n cards); else n cards."""
    p = side_of(ctx, op[2])
    plain: tuple[Op, ...] = (("discard", op[1], op[2]),)
    if any(any(t in s.d(c).tags for t in op[3]) for c in s.hand[p]):
        s.tasks.append(("?option", ((("discard", 1, op[2], (), op[3]),), plain), ctx))
    else:
        push_fx(s, plain, ctx)


def _choose_one(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    s.tasks.append(("?option", op[1], ctx))


def _may(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    s.tasks.append(("?may", op[1], op[2], ctx))


def _modify(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    _, ref, (sp, pw, cr), until = op
    if pw == "chosen_power":    # the power of the unit(s) chosen before (Unified Attack)
        pw = sum(s.power(x) for x in ctx[PICKED])
    elif pw == "x":             # the X an earlier pay_x step paid
        pw = ctx[NUM]
    elif pw == "chosen_cost":   # the total build cost of the unit(s) chosen before (Dark Sacrifice)
        pw = sum(s.d(x).cost + s.stack_size(x) for x in ctx[PICKED])
    elif pw == "cost_gap":      # the defender's total build cost less the attacker's (at least 0)
        pw = 0
        if s.atk is not None:
            a, t = s.atk[0], s.atk[1]
            pw = max(0, s.d(t).cost + s.stack_size(t) - s.d(a).cost - s.stack_size(a))
    elif pw == "stack_cards":   # the cards in the effect's own unit's stack, itself included
        pw = 1 + s.stack_size(ctx[SRC]) if ctx[SRC] >= 0 else 0
    for u in units_of(s, ref, ctx):
        if s.zone[u] == ARENA:
            s.mods.append((u, sp, pw, cr, until))
            s.note(f"{s.name(u)}: {sp:+d} speed, {pw:+d} power, +{cr} Critical Hit"
                   .replace(" +0 speed,", "").replace(" +0 power,", "").replace(", +0 Critical Hit", ""))


def payment(s: S, ctx: Ctx, payer: int, amount: int, then: Op) -> None:
    """'unless your opponent pays N Force': the payer decides, if they can pay."""
    if s.force[payer] >= amount:
        s.tasks.append(("?pay", payer, amount, then, ctx))
    else:
        _OPS[then[0]](s, then, (), 0, ctx)


def _tap(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    _, ref, pays = op
    for u in units_of(s, ref, ctx):
        if pays < 0:    # tap it on a die roll of -pays or more (Fog of War)
            roll = s.rng.below(6) + 1
            s.note(f"roll for {s.name(u)}: {roll}")
            if roll < -pays:
                continue
        elif pays:
            payment(s, ctx, s.owner[u], pays, ("tap", ("chosen",), 0))
            return
        s.tapped[u] = True
        s.note(f"{s.name(u)} is tapped")


def _untap(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    for u in units_of(s, op[1], ctx):
        s.tapped[u] = False
        s.note(f"{s.name(u)} is untapped")


def _damage(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    from dejarik.tcg.flow import push_damage

    _, ref, n, unless, no_evade = op
    targets = units_of(s, ref, ctx)
    if unless is not None and targets:
        sel, pays = unless
        payer = 1 - ctx[CTL]
        if (sel is None or s.select(sel, payer)) and s.force[payer] >= pays:
            s.tasks.append(("?pay", payer, pays, ("damage", ref, n, None, no_evade), ctx))
            return
    source = ctx[SRC] if ctx[SRC] >= 0 and s.d(ctx[SRC]).kind == UNIT else -1
    for u in targets if source < 0 else ():     # who deals it, for wards against effects
        s.effects.append(("effect_damage", u, ctx[CTL]))
    for u in reversed(targets):
        # no_evade: 1, or a selector of the units for which Evade still works
        barred = no_evade == 1 or (isinstance(no_evade, Sel) and not s.matches_card(no_evade, u, ctx[CTL]))
        # n "counters": as much damage as the unit has damage counters (Coup de Grace)
        push_damage(s, u, s.damage[u] if n == "counters" else n, source, attack=False, no_evade=barred)


def _dice_damage(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Reference section 8.4: 'N dice of damage' rolls N dice, 4+ is one damage each."""
    from dejarik.tcg.flow import push_damage

    n = op[2]
    if n == "power":    # as many dice as the effect's own unit's power
        n = max(0, s.power(ctx[SRC])) if ctx[SRC] >= 0 else 0
    elif n == "x":      # the X paid before (pay_x)
        n = ctx[NUM]
    elif n == "own_cost":   # the effect's own unit's total build cost (its card's, +1 per card beneath)
        n = s.d(ctx[SRC]).cost + s.stack_size(ctx[SRC]) if ctx[SRC] >= 0 else 0
    # the damage of a unit's ability is that unit's (as `damage`): Bounty, Retaliate kills
    source = ctx[SRC] if ctx[SRC] >= 0 and s.d(ctx[SRC]).kind == UNIT else -1
    for u in units_of(s, op[1], ctx):
        rolls = [s.rng.below(6) + 1 for _ in range(n)]
        hits = sum(1 for r in rolls if r >= 4)
        s.note(f"{n} dice of damage at {s.name(u)}: {rolls} = {hits}")
        if len(op) > 5 and hits:     # only prevention of the units named can prevent it
            s.effects.append(("prevent_only", u, op[5], ctx[CTL]))
        if source < 0 and hits:     # who deals it, for wards against effects
            s.effects.append(("effect_damage", u, ctx[CTL]))
        push_damage(s, u, hits, source, attack=False)


def _remove_damage(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    leave = op[3] if len(op) > 3 and isinstance(op[3], int) else 0    # "all but N counters"
    if len(op) > 3 and isinstance(op[3], tuple) and op[3][0] == "health":
        # "until it is at N remaining health": its counters come down to its total health - N
        for u in units_of(s, op[1], ctx):
            n = max(0, s.damage[u] - max(0, s.health(u) - op[3][1]))
            s.damage[u] -= n
            if n:
                s.note(f"{n} damage removed from {s.name(u)} ({s.damage[u]}/{s.health(u)})")
        return
    # chosen_cost: as many as the chosen unit's build cost (its card's, +1 per card beneath)
    want = sum(s.d(x).cost + s.stack_size(x) for x in ctx[PICKED]) if op[2] == "chosen_cost" \
        else ctx[NUM] if op[2] == "x" else op[2]      # x: the X named or paid before
    doubled = 1
    if want > 0:    # "remove up to twice that many instead" (FX-7), for the controller's own units
        for ctl, _, _ab in _statics(s, "heal_double"):
            if ctl == ctx[CTL]:
                doubled *= 2
    for u in units_of(s, op[1], ctx):
        k = want * doubled if s.owner[u] == ctx[CTL] else want
        n = max(0, s.damage[u] - leave) if want < 0 else min(k, s.damage[u])
        s.damage[u] -= n
        if n:
            s.note(f"{n} damage removed from {s.name(u)}")


def _retreat(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    for u in units_of(s, op[1], ctx):
        if s.zone[u] == ARENA:
            retreat(s, u)


def _return_to_hand(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """A unit goes back to its owner's hand, with every card stacked with it and its pilots
    (not a discard: nothing that works on discarding triggers)."""
    for u in units_of(s, op[1], ctx):
        if s.zone[u] not in (ARENA, BUILD):   # from an arena, or retreated in the build zone
            continue
        forget_words(s, (u, *s.under.get(u, ()), *s.aboard.get(u, ())))
        leave_zone(s, u)
        drop_held(s, u)
        for c in (u, *s.under.pop(u, ()), *s.aboard.pop(u, ()), *s.gear.pop(u, ())):
            s.zone[c] = HAND
            s.counters[c] = s.damage[c] = 0
            s.tapped[c] = s.face_up[c] = False
            s.shown[c] = 3
            s.hand[release(s, c)].append(c)
        s.mods = [m for m in s.mods if m[0] != u]
        s.note(f"{s.name(u)} returns to its owner's hand")


def _to_deck_top(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """A unit in an arena goes on top of its owner's deck, with the cards stacked with it and
    its pilots beneath it (not a discard: nothing that works on discarding triggers)."""
    for u in units_of(s, op[1], ctx):
        if s.zone[u] != ARENA:
            continue
        forget_words(s, (u, *s.under.get(u, ()), *s.aboard.get(u, ())))
        leave_zone(s, u)
        drop_held(s, u)
        for c in (*s.gear.pop(u, ()), *s.aboard.pop(u, ()), *s.under.pop(u, ()), u):    # the unit's card last
            s.zone[c] = DECK
            s.counters[c] = s.damage[c] = 0
            s.tapped[c] = s.face_up[c] = False
            s.shown[c] = 3
            s.deck[release(s, c)].append(c)
        s.mods = [m for m in s.mods if m[0] != u]
        s.note(f"{s.name(u)} goes on top of its owner's deck")


def _to_build_face_down(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Refit on Yavin: a unit in an arena goes face down into its owner's build zone with
    op[2] build counters and no damage; the cards stacked with it and its pilots are
    discarded (the unit is not: nothing that works on discarding triggers for it)."""
    for u in units_of(s, op[1], ctx):
        if s.zone[u] != ARENA:
            continue
        forget_words(s, (u, *s.under.get(u, ()), *s.aboard.get(u, ())))
        leave_zone(s, u)
        drop_held(s, u)
        for c in (*s.under.pop(u, ()), *s.aboard.pop(u, ()), *s.gear.pop(u, ())):
            s.zone[c] = DISCARD
            s.counters[c] = s.damage[c] = 0
            s.tapped[c] = s.face_up[c] = False
            s.shown[c] = 3
            s.discard[release(s, c)].append(c)
        p = release(s, u)
        s.zone[u] = BUILD
        s.face_up[u] = s.tapped[u] = False
        s.damage[u] = 0
        s.counters[u] = op[2]
        s.build[p].append(u)
        s.mods = [m for m in s.mods if m[0] != u]
        s.note(f"{s.name(u)} goes face down into its owner's build zone with {op[2]} build counters")


def _discard_unit(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    for u in units_of(s, op[1], ctx):
        if s.zone[u] in (ARENA, PLACE):     # a unit, or a Location ("discard that Location")
            if len(op) > 2 and op[2]:   # "unless you pay N Force": the unit's owner decides
                payment(s, ctx, s.owner[u], op[2], ("discard_unit", op[1], 0))
                continue
            discard_unit(s, u)
        elif s.zone[u] == BUILD and s.face_up[u]:   # a retreated unit, from the build zone
            discard_unit(s, u)


def _redeploy(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """War Will Follow: a retreated unit goes back into its arena, untapped."""
    for u in units_of(s, op[1], ctx):
        if s.zone[u] == BUILD and can_enter(s, u):
            tapped = s.tapped[u]
            place_unit(s, u)
            s.tapped[u] = tapped if len(op) > 2 and op[2] else False   # op[2]: it stays as it was
            s.note(f"{s.name(u)} is put into the {('Space', 'Ground', 'Character')[s.unit_arena(u)]} arena")


# how long a control change lasts (s.lent): to the end of that arena's battle step (0-2), of the
# battle phase, of the turn, or for the rest of the game
CONTROL_UNTIL: Final = ("space_step", "ground_step", "character_step", "battle", "turn", "game")
UNTIL_BATTLE_PHASE: Final = 3
UNTIL_TURN_END: Final = 4
UNTIL_GAME: Final = 5


def set_controller(s: S, u: int, p: int, until: int) -> None:
    """Player p controls unit u (in an arena), with the cards stacked with it and its pilots:
    they move to p's side of the same arena, keeping damage, tapping and bonuses. Cards another
    player owns are noted in s.lent, with how long the control lasts."""
    old = s.owner[u]
    if old == p or s.zone[u] != ARENA:
        return
    a = s.unit_arena(u)
    s.arena[old][a].remove(u)
    for c in (u, *s.under.get(u, ()), *s.aboard.get(u, ()), *s.gear.get(u, ())):   # and its Equipment
        true = s.lent[c][0] if c in s.lent else s.owner[c]
        if true == p:
            s.lent.pop(c, None)
        else:
            s.lent[c] = [true, until]
        s.owner[c] = p
    s.arena[p][a].append(u)
    s.note(f"the {('Dark', 'Light')[p]} Side gains control of {s.name(u)}")


def end_control(s: S, ending: int) -> None:
    """Control changes that last until `ending` (an arena's battle step 0-2, the battle phase 3,
    the turn 4: each also ends the shorter ones) end: each unit goes back to its owner. An owner
    who already has a unit of its unique name in play gets it back retreated (docs/tcg.md)."""
    for u in s.all_in_play():
        back = -1
        for c in (u, *s.under.get(u, ()), *s.aboard.get(u, ()), *s.gear.get(u, ())):
            lent = s.lent.get(c)
            if lent is not None and (lent[1] == ending
                                     or (ending >= UNTIL_BATTLE_PHASE and lent[1] <= ending)):
                back = lent[0]
        if back < 0:
            continue
        d = s.d(u)
        clash = d.unique and holds_name(s, back, d.uname)
        set_controller(s, u, back, UNTIL_GAME)
        s.note(f"{s.name(u)} goes back to the {('Dark', 'Light')[back]} Side")
        if clash:
            retreat(s, u)


def _repeat_steps(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """This turn, battle steps that end with their arena held by neither side repeat."""
    if ("repeat_steps",) not in s.effects:
        s.effects.append(("repeat_steps",))


def _next_turn(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Effects that wait for the next turn to start; the unit(s) named now are `chosen` then."""
    units = tuple(units_of(s, op[1], ctx)) if op[1] is not None else ctx[PICKED]
    s.effects.append(("next_turn_fx", op[2], (ctx[CTL], ctx[SRC], units, ctx[ARENA_AT], ctx[NUM])))


def pilot_ability_arena(s: S, c: int) -> int:
    """The arena pilot c bails out into (its pilot ability's `bails_out`), or -1."""
    pab = pilot_ability(s, c)
    return -1 if pab is None else int(pab.static.get("bail", -1))


def bail_out(s: S, c: int, a: int) -> None:
    """Pilot c leaves its unit for arena a, untapped, as a unit of that arena's type until a's
    battle step ends (flow._disembark: then into its own arena, untapped, if still there)."""
    leave_zone(s, c)
    s.zone[c] = ARENA
    s.tapped[c] = False
    s.arena[s.owner[c]][a].append(c)
    if a != s.d(c).arena:
        s.moved[c] = [a]
        s.effects.append(("bail_back", c, a))
    s.note(f"{s.name(c)} moves into the {('Space', 'Ground', 'Character')[a]} arena")


def move_back(s: S, a: int) -> None:
    """Units moved into arena a until its battle step ends go to their own arenas, untapped."""
    back = [e for e in s.effects if e[0] == "bail_back" and e[2] == a]
    s.effects = [e for e in s.effects if not (e[0] == "bail_back" and e[2] == a)]
    for e in back:
        c = e[1]
        if s.zone[c] == ARENA and s.moved.get(c, [-1])[0] == a:
            leave_zone(s, c)
            s.zone[c] = ARENA
            s.tapped[c] = False
            s.arena[s.owner[c]][s.d(c).arena].append(c)
            s.note(f"{s.name(c)} moves into the {('Space', 'Ground', 'Character')[s.d(c).arena]} arena")


def _pay_unit_cost(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """"Pay X Force" with X at least the chosen unit's total build cost: the controller pays
    that much (more would buy nothing); with the unit gone or too little Force, the rest stops."""
    units = units_of(s, ("chosen",), ctx)
    cost = sum(s.d(u).cost + s.stack_size(u) for u in units)
    if units and s.force[ctx[CTL]] >= cost:
        s.force[ctx[CTL]] -= cost
        s.note(f"{('Dark', 'Light')[ctx[CTL]]} Side pays {cost} Force")
        return
    if s.tasks and s.tasks[-1][0] == "fx" and s.tasks[-1][1] is ops and s.tasks[-1][2] == i + 1:
        s.tasks.pop()


def _gain_control(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The effect's controller (op[3]: their opponent) gains control of the unit(s) for op[2]
    (CONTROL_UNTIL; -1: the battle step in progress). Not a unit of a unique name they already
    have in play."""
    p = ctx[CTL] ^ op[3]
    until = op[2] if op[2] >= 0 else (s.step if s.step >= 0 else UNTIL_TURN_END)
    for u in units_of(s, op[1], ctx):
        d = s.d(u)
        if s.zone[u] != ARENA or s.owner[u] == p or (d.unique and holds_name(s, p, d.uname)):
            continue
        set_controller(s, u, p, until)


def holds_name(s: S, p: int, uname: str) -> bool:
    """Whether p has a card of this unique name in play: in an arena, retreated face up in the
    build zone, or piloting one of p's units (reference section 10: one of a name)."""
    if same_name_in_play(s, p, uname) >= 0:
        return True
    for c in s.build[p]:
        if s.face_up[c] and s.d(c).unique and s.d(c).uname == uname:
            return True
    for host, pilots in s.aboard.items():
        if s.owner[host] == p:
            for c in pilots:
                if s.d(c).unique and s.d(c).uname == uname:
                    return True
    return False


def _move_arena(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The unit (in an arena, or a pilot aboard a unit) moves into arena op[2], where it counts
    as a unit of that arena's type ("treat it as a Space unit") until it leaves or moves back;
    op[3]: it is untapped."""
    for u in units_of(s, op[1], ctx) if op[1][0] != "self" or ctx[SRC] < 0 or s.zone[ctx[SRC]] != PILOTING \
            else [ctx[SRC]]:
        if s.zone[u] not in (ARENA, PILOTING) or (s.zone[u] == ARENA and s.unit_arena(u) == op[2]):
            continue
        p = s.owner[u]
        leave_zone(s, u)
        s.zone[u] = ARENA
        s.arena[p][op[2]].append(u)
        if op[2] == s.d(u).arena:
            s.moved.pop(u, None)
        else:
            s.moved[u] = [op[2]]
        if op[3]:
            s.tapped[u] = False
        s.note(f"{s.name(u)} moves into the {('Space', 'Ground', 'Character')[op[2]]} arena")


def can_enter(s: S, u: int) -> bool:
    """Reference section 10: one unit of a unique name in battle per player."""
    d = s.d(u)
    return not d.unique or same_name_in_play(s, s.owner[u], d.uname) < 0


def _command(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Untap the unit; the next time it would attack this turn, the caster may have it attack
    another of its owner's units in that arena (seed 004, "Have it attack")."""
    for u in units_of(s, op[1], ctx):
        s.tapped[u] = False
        s.effects.append(("command", u, ctx[CTL]))
        s.note(f"{s.name(u)} is untapped, under the {('Dark', 'Light')[ctx[CTL]]} Side's command")


def _redirect(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Attract Enemy Fire: the attack turns on another unit, unless it can't be attacked. A unit
    of the attacker's own side in its arena may be named too (Untamed Ronto: "yours or your
    opponent's"), as a command does."""
    from dejarik.tcg.flow import can_attack

    for u in units_of(s, op[1], ctx):
        if s.atk is None:
            continue
        a = s.atk[0]
        own = (s.owner[u] == s.owner[a] and u != a and s.zone[u] == ARENA
               and s.unit_arena(u) == s.unit_arena(a) and can_be_attacked(s, u))
        tax = 0 if own else attack_tax(s, a, u, targeted_only=True)
        if tax and (own or can_attack(s, a, u)):
            # "can't attack it unless they pay": the attacker's owner may pay, or the attack stays
            # on its defender (Mon Mothma (A)'s ruling)
            if s.force[s.owner[a]] >= tax:
                s.tasks.append(("?offer", s.owner[a], tax, (("turn_on", u),), ctx))
            else:
                s.note(f"the attack stays on {s.name(s.atk[1])}")
        elif own or can_attack(s, a, u):
            s.atk[1] = u
            s.note(f"the attack turns on {s.name(u)}")


def _mark(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """A counter of a kind on each unit named (one of a kind a unit), or (unmark) none."""
    for u in units_of(s, op[1], ctx):
        e = ("mark", u, op[2])
        if op[0] == "unmark":
            s.effects = [x for x in s.effects if x != e]
        elif e not in s.effects and s.zone[u] == ARENA:
            s.effects.append(e)
            s.note(f"{s.name(u)} gets a {op[2]} counter")


PENDING = ("pending_battle", "pending_mission", "pending_ability")
"""What a Disrupt answers: ("pending_battle"|"pending_mission", card, controller) or
("pending_ability", unit, controller, ability number), the latest first."""


def _disrupt(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Cancel what was just played (the latest pending Battle card, Mission or ability of the
    kinds op[2] names), unless its controller pays N Force; op[3]: a disrupted ability can't
    be used again this turn (Thwart)."""
    k = len(s.effects) - 1
    while k >= 0 and s.effects[k][0] not in PENDING:
        k -= 1
    if k < 0:
        return
    pending = s.effects[k]
    kinds: tuple[str, ...] = op[2] if len(op) > 2 else ("battle",)
    if pending[0][len("pending_"):] not in kinds:
        return
    c, payer = pending[1], pending[2]
    cancel: Op = ("cancel_battle", c, pending[3], bool(op[3])) if pending[0] == "pending_ability" \
        else ("cancel_battle", c)
    if op[1] and s.force[payer] >= op[1]:
        s.tasks.append(("?pay", payer, op[1], cancel, ctx))
    else:
        _cancel_battle(s, cancel, ops, i, ctx)


def _cancel_battle(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """("cancel_battle", card): the Battle card or Mission does nothing; ("cancel_battle",
    unit, ability number, lock): the ability's effects don't happen (lock: nor can it be used
    again this turn)."""
    if len(op) > 2:
        s.effects.append(("cancelled", op[1], op[2]))
        if op[3]:
            s.effects.append(("thwarted", op[1], op[2]))
        s.note(f"{s.name(op[1])}'s ability is disrupted: it does nothing"
               + (" (it can't be used again this turn)" if op[3] else ""))
        return
    s.effects.append(("cancelled", op[1]))
    s.note(f"{s.name(op[1])} is disrupted: it does nothing")


def _while_tapped(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """A link that lasts while the effect's own unit stays tapped, from turn to turn:
    ("link", source, unit, "kw", keyword, n) or ("link", source, unit, "hold", arena, counters)."""
    for u in units_of(s, op[1], ctx):
        s.effects.append(("link", ctx[SRC], u, op[2], op[3], op[4]))
        s.note(f"{s.name(u)} is bound to {s.name(ctx[SRC])} while it stays tapped")


def link_alive(s: S, e: tuple[Any, ...]) -> bool:
    """A while_tapped link holds while its source is tapped in an arena and its unit in play."""
    src: int = e[1]
    held: int = e[2]
    return s.zone[src] == ARENA and s.tapped[src] and s.zone[held] == ARENA


def _pay_x(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """'Pay X Force': the controller names X, from 1 to their Force (a `?x` decision). With
    'up_to_x': from 0 up to the context's number (an X-cost Mission's counters) and their Force."""
    if s.tasks and s.tasks[-1][0] == "fx" and s.tasks[-1][1] is ops:
        s.tasks.pop()
    if len(op) > 1:
        s.tasks.append(("?x", ctx[CTL], ops, i, ctx, min(ctx[NUM], s.force[ctx[CTL]])))
    elif s.force[ctx[CTL]] >= 1:
        s.tasks.append(("?x", ctx[CTL], ops, i, ctx))


def paid_x(s: S, task: tuple[Any, ...], x: int) -> None:
    """X named and paid: the rest of the list goes on with it (the context's number)."""
    p, ops, i, ctx = task[1], task[2], task[3], task[4]
    gain_force(s, p, -x)
    s.note(f"the {('Dark', 'Light')[p]} Side pays X = {x} Force")
    push_fx(s, ops, (ctx[CTL], ctx[SRC], ctx[PICKED], ctx[ARENA_AT], x), i + 1)


def _remember(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The effect's own unit remembers the unit it attacks now: ("remember", unit, defender),
    kept from turn to turn, gone when the unit leaves play (to_discard) or attacks again."""
    u = ctx[SRC]
    if u < 0 or s.atk is None or s.atk[0] != u:
        return
    s.effects = [e for e in s.effects if not (e[0] == "remember" and e[1] == u)]
    s.effects.append(("remember", u, s.atk[1]))


def _recall(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The unit the effect's own unit remembers (remember), if it is in an arena, is chosen for
    the steps after it; else the rest of the list names nothing."""
    u = ctx[SRC]
    held = tuple(e[2] for e in s.effects if e[0] == "remember" and e[1] == u and s.zone[e[2]] == ARENA)
    _resume(s, ops, i, (ctx[CTL], ctx[SRC], held, ctx[ARENA_AT], ctx[NUM]))


def _hold_chosen(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Keep the unit chosen before (in the context's number slot) and make its arena the chosen
    arena, for the steps after it."""
    if not ctx[PICKED]:
        return
    u = ctx[PICKED][0]
    a = s.location_arena(u) if s.zone[u] == PLACE else s.unit_arena(u)     # a Location: where it is
    _resume(s, ops, i, (ctx[CTL], ctx[SRC], ctx[PICKED], a, u))


def _must_attack(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """This turn the units just chosen must attack the unit held before whenever they can
    (flow.must_targets reads ("must", attacker, target))."""
    target = ctx[NUM]
    for u in ctx[PICKED]:
        if target >= 0 and s.zone[target] == ARENA:
            s.effects.append(("must", u, target))
            s.note(f"{s.name(u)} must attack {s.name(target)} this turn")


def _split_hand(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The side's hand is set aside face up (both players know it); its owner takes one card
    back, then the other player discards one of them, in turn until none are left (`?split`)."""
    p = side_of(ctx, op[1])
    cards = tuple(s.hand[p])
    for c in cards:
        s.shown[c] = 3
    if cards:
        s.note(f"the {('Dark', 'Light')[p]} Side sets aside its hand face up ({len(cards)} cards)")
        s.tasks.append(("?split", p, p, cards, ctx[SRC]))


def _strip(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """You look through the side's hand and deck and may discard one card of those types (a
    `?strip` decision); then they shuffle their deck."""
    p = side_of(ctx, op[1])
    for c in s.hand[p]:
        s.shown[c] |= 1 << ctx[CTL]
    s.tasks.append(("shuffle", p))
    s.tasks.append(("?strip", ctx[CTL], p, op[2], ctx[SRC]))


def _deploy_discount(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """This turn the cards the selector names cost n fewer build counters to deploy."""
    s.effects.append(("deploy_cost", ctx[CTL], op[1], -op[2]))


def _turn_on(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The attack in progress turns on this unit (a redirect whose price was paid)."""
    if s.atk is not None and s.zone[op[1]] == ARENA:
        s.atk[1] = op[1]
        s.note(f"the attack turns on {s.name(op[1])}")


def _discard_after_attack(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    for u in units_of(s, op[1], ctx):
        s.effects.append(("discard_after_attack", u))


def _protect(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    for u in units_of(s, op[1], ctx):
        s.effects.append(("protect", u, op[2]))


def _mark_target(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    for u in units_of(s, op[1], ctx):
        s.effects.append(("mark", u, ctx[CTL], op[2], op[3], op[4] if len(op) > 4 else 0, ctx[SRC]))


def mark_bonus(s: S, attacker: int, defender: int, accuracy: bool = False) -> int:
    """Critical Hit (or with `accuracy`, Accuracy) a 'this turn, while attacking that unit'
    effect gives (Hero's Flaw, Tractor Beam)."""
    k = 5 if accuracy else 4
    return sum(e[k] for e in s.effects if e[0] == "mark" and e[1] == defender and len(e) > k
               and s.owner[attacker] == e[2]
               and s.matches_card(e[3], attacker, e[2], e[6] if len(e) > 6 else -1))


def _may_stay_tapped(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """In the next untap step the unit's owner may leave it tapped (flow._ready asks)."""
    for u in units_of(s, op[1], ctx):
        s.effects.append(("may_stay", u))


def _skip_upkeep(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """This turn its owner doesn't have to pay the unit's Upkeep (flow._upkeep reads it)."""
    for u in units_of(s, op[1], ctx):
        s.effects.append(("skip_upkeep", u))


def _simple_effect(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Effects that last the turn and need only be recorded (effects list)."""
    name = op[0]
    if name in ("shield_arena", "protect_arena"):
        s.effects.append((name, op[1] if op[1] >= 0 else ctx[ARENA_AT]))
    elif name == "forbid_retreat":
        s.effects.append(("forbid_retreat", ctx[CTL], op[1]))
    elif name == "battle_tax":
        s.effects.append(("battle_tax", op[1]))
    elif name == "at_battle_start":
        s.effects.append(("battle_start", op[1], ctx))
    elif name == "no_bounty":     # this turn the side named receives no Bounty
        s.effects.append(("no_bounty", side_of(ctx, op[1])))


def _grant_all(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Every unit the selector names, now or later this turn, has the keyword (keyword())."""
    s.effects.append(("keyword_all", ctx[CTL], op[1], op[2], op[3]))
    what = f"get {op[2].replace('_', ' ')} {op[3]}" if op[3] > 0 else f"lose {op[2].replace('_', ' ')}"
    s.note(f"this turn, the units named {what}")


def _forbid_plays(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    p = side_of(ctx, op[1])
    s.effects.append(("forbid_plays", p, op[2]))
    what = "Battle cards" if op[2] == "battle" else "activated abilities"
    s.note(f"the {('Dark', 'Light')[p]} Side can't play {what} this turn")


def _forbid_attack(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """This turn the units the selector names can't attack (attack_barred reads it)."""
    s.effects.append(("forbid_attack", ctx[CTL], op[1]))


def _as_side(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The effects happen with the side named as their controller (Han's Promise)."""
    push_fx(s, op[2], (side_of(ctx, op[1]), ctx[SRC], (), ctx[ARENA_AT], 0))


def _forbid_attack_unit(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """This turn the unit(s) named can't attack (attack_barred reads it)."""
    for u in units_of(s, op[1], ctx):
        s.effects.append(("forbid_attack_unit", u))
        s.note(f"{s.name(u)} can't attack this turn")


def _unit_prevent(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """This turn op[2] of each damage about to be dealt to the unit(s) is prevented (flow._damage)."""
    for u in units_of(s, op[1], ctx):
        s.effects.append(("unit_prevent", u, op[2]))
        s.note(f"this turn {op[2]} of each damage to {s.name(u)} is prevented")


def _arena_prevent(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """This turn N of each damage about to be dealt to the controller's units in the chosen
    arena is prevented (flow._damage reads it; several add up)."""
    if ctx[ARENA_AT] >= 0:
        s.effects.append(("arena_prevent", ctx[CTL], ctx[ARENA_AT], op[1]))


def _recoil(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """For this attack, damage the attacker places on the defender is put on the attacker too
    (flow._deal reads it)."""
    if s.atk is not None:
        s.effects.append(("recoil", s.atk[0]))


def _attack_flag(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """For this attack (your unit's): `one_die`, it rolls 1 die whatever its power (Shields and
    power changes don't count); `damage_discards`, damage it places on the defender discards
    the defender (flow reads both)."""
    if s.atk is not None and s.owner[s.atk[0]] == ctx[CTL]:
        s.effects.append((op[0], s.atk[0]))


def _forbid_deploy(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    s.effects.append(("forbid_deploy", ctx[CTL], op[1]))


def _cross_arena_power(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    s.effects.append(("cross_power", ctx[CTL], op[1], op[2]))


def _hand_to_build(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The controller picks a card of theirs from hand (of the type and subtypes named); it is
    shown and goes face down into their build zone with a counter per unit the selector names."""
    n = op[3] if isinstance(op[3], int) else len(s.select(op[3], ctx[CTL], ctx[SRC]))
    s.tasks.append(("?hand_to_build", ctx[CTL], op[1], op[2], n, ctx[SRC]))


def _hand_to_arena(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The controller puts a unit card of their hand (types op[1], subtypes op[2], printed
    cost at most op[3]) into its arena (a `?hand_to_arena` decision); none fits: nothing."""
    if hand_to_arena_fits(s, ctx[CTL], op[1], op[2], op[3]):     # op[4]: it goes in tapped
        s.tasks.append(("?hand_to_arena", ctx[CTL], op[1], op[2], op[3], ctx[SRC], *op[4:]))


def _reveal_to_arena(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The controller reveals their deck's top card: a unit card of type op[1] whose unique
    name allows goes into its arena untapped (not a deployment), `chosen` for the steps after
    it; any other card stays on top, known to both players."""
    p = ctx[CTL]
    if not s.deck[p]:
        return
    c = s.deck[p][-1]
    s.shown[c] = 3
    s.note(f"the {('Dark', 'Light')[p]} Side reveals {s.name(c)} from the top of its deck")
    d = s.d(c)
    if d.kind != UNIT or d.facts.type != op[1] or not can_enter(s, c):
        return
    place_unit(s, c)
    s.tapped[c] = False
    s.note(f"{s.name(c)} is put into its arena")
    _resume(s, ops, i, (ctx[CTL], ctx[SRC], (c,), ctx[ARENA_AT], ctx[NUM]))


def hand_to_arena_fits(s: S, p: int, kinds: tuple[str, ...], subtypes: tuple[str, ...],
                       most: int) -> list[int]:
    """p's unit cards in hand of those types and subtypes, printed cost at most `most`, whose
    unique name allows them into their arena (can_enter)."""
    out = []
    for c in s.hand[p]:
        d = s.d(c)
        if d.kind != UNIT or (kinds and d.facts.type not in kinds) or d.cost > most:
            continue
        if (subtypes and not any(x in d.tags for x in subtypes)) or not can_enter(s, c):
            continue
        out.append(c)
    return out


def hand_to_build_fits(s: S, p: int, kind: str, subtypes: tuple[str, ...]) -> list[int]:
    out = []
    for c in s.hand[p]:
        d = s.d(c)
        if d.kind != UNIT or (kind and d.facts.type != kind):
            continue
        if subtypes and not any(x in d.tags for x in subtypes):
            continue
        out.append(c)
    return out


def _reclaim_counters(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Every partially built card of the controller loses its build counters (it stays partly
    built); the controller gets as many build points."""
    p = ctx[CTL]
    n = 0
    for c in partial_cards(s, p):
        n += s.counters[c]
        s.counters[c] = 0
    s.bp[p] += n
    s.note(f"the {('Dark', 'Light')[p]} Side takes {n} build counter(s) back as build points")


def _divide_hits(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """For this attack, your attacking unit's owner may divide its hits between the defender and
    another of the defender's side's units in that arena (flow._attack_damage)."""
    if s.atk is not None and s.owner[s.atk[0]] == ctx[CTL]:
        s.effects.append(("divide_hits", s.atk[0]))


def _divide(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """With a second unit chosen, its owner picks how many of the hits go on it (Overkill's
    damage step then deals both parts); else all go on the defender."""
    from dejarik.tcg.flow import push_damage

    _, t, hits = op
    if any(s.zone[u] == ARENA for u in ctx[PICKED]):
        s.tasks.append(("?option", tuple((("split_hits", t, hits, k),) for k in range(hits + 1)), ctx))
    else:
        push_damage(s, t, hits, ctx[SRC], attack=True)


def _split_hits(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """k of the attack's hits go on the unit chosen, the rest on the defender (two damage
    instances, the defender's first)."""
    from dejarik.tcg.flow import push_damage

    _, t, hits, k = op
    other = [u for u in ctx[PICKED] if s.zone[u] == ARENA]
    if other:
        push_damage(s, other[0], k, ctx[SRC], attack=True)
        push_damage(s, t, hits - k, ctx[SRC], attack=True)
    else:
        push_damage(s, t, hits, ctx[SRC], attack=True)


def _extra_battle_step(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Another battle step in the chosen arena begins now (its 'step starts' abilities work)."""
    if ctx[ARENA_AT] >= 0:
        s.tasks.append(("step", ctx[ARENA_AT]))


def _gain_force(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    _, amount, side, count = op
    n = ctx[NUM] if amount == "prevented" else amount
    if count is not None:   # as much Force as units the selector names (Recognition of Valor)
        n = len(s.select(count, ctx[CTL], ctx[SRC]))
    if amount == "unit_cost":   # the chosen unit's total build cost: its card's, +1 per card beneath
        n = sum(s.d(u).cost + s.stack_size(u) for u in ctx[PICKED])
    p = side_of(ctx, side)
    gain_force(s, p, n)
    if n:
        s.note(f"the {('Dark', 'Light')[p]} Side gains {n} Force")


def _lose_force(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    p = side_of(ctx, op[1])
    # "damage": as much as the damage just placed (a `damages` trigger); "counters": as many as
    # the damage counters on the effect's own unit (Mara Jade (A)); -1: all of it
    if op[2] == "counters":
        n = min(s.damage[ctx[SRC]] if ctx[SRC] >= 0 else 0, s.force[p])
    else:
        n = min(ctx[NUM], s.force[p]) if op[2] == "damage" else s.force[p] if op[2] < 0 else op[2]
    gain_force(s, p, -n)
    s.note(f"the {('Dark', 'Light')[p]} Side loses {n} Force")


def _build_points(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    p = side_of(ctx, op[1])
    n = op[2]
    if n == "unit_cost":   # the chosen unit's total build cost: its card's, +1 per card beneath
        n = sum(s.d(u).cost + s.stack_size(u) for u in ctx[PICKED])
    elif n == "count":     # one for each unit the selector names
        n = len(s.select(op[3], ctx[CTL], ctx[SRC]))
    s.bp[p] = max(0, s.bp[p] + n)
    s.note(f"the {('Dark', 'Light')[p]} Side gets {n:+d} build points")


def _mill(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The top n cards of that side's deck go to its discard pile (n: 'force', the controller's
    Force now); fewer if the deck holds fewer (no loss for an empty deck: nobody draws)."""
    p = side_of(ctx, op[1])
    n = s.force[ctx[CTL]] if op[2] == "force" else op[2]
    k = 0
    while k < n and s.deck[p]:
        c = s.deck[p][-1]
        to_discard(s, c)
        k += 1
    s.note(f"the {('Dark', 'Light')[p]} Side puts the top {k} card(s) of its deck into its discard pile")


def _purge_deck(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Every card of the opponent's deck with the unique name of the unit chosen before goes to
    their discard pile; then they shuffle their deck."""
    p = 1 - ctx[CTL]
    names = {s.d(u).uname for u in ctx[PICKED]}
    gone = [c for c in s.deck[p] if s.d(c).uname in names]
    for c in gone:
        to_discard(s, c)
    s.note(f"{len(gone)} card(s) named {', '.join(sorted(names))} go from the "
           f"{('Dark', 'Light')[p]} Side's deck to its discard pile")
    s.tasks.append(("shuffle", p))


def _roll_higher(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """You and your opponent each roll a die; if yours is higher, the effects happen."""
    mine, theirs = s.rng.below(6) + 1, s.rng.below(6) + 1
    s.note(f"{s.name(ctx[SRC]) if ctx[SRC] >= 0 else 'the effect'}: rolls {mine} against {theirs}")
    if mine > theirs:
        push_fx(s, op[1], ctx)
    elif len(op) > 2:     # {win, lose, tie}: lower, or the same
        push_fx(s, op[2] if mine < theirs else op[3], ctx)


def _at_next_step(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Effects that wait for the next battle step to start (flow._step): its arena is then
    the chosen arena of the effects."""
    s.effects.append(("next_step", op[1], ctx))


def _grant_upkeep(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The unit gets an Upkeep of these options until the game ends (flow._upkeep)."""
    for u in units_of(s, op[1], ctx):
        s.effects.append(("upkeep_grant", u, op[2]))
        s.note(f"{s.name(u)} gets an Upkeep")


def _purge_pick(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The controller looks through the opponent's deck and picks a name among its cards of
    type op[1] (an `?option` of `purge_name` effects); then the opponent shuffles."""
    p = 1 - ctx[CTL]
    found = sorted({s.d(c).uname for c in s.deck[p] if s.d(c).facts.type == op[1]})
    if len(op) > 3 and op[3]:   # one_each: one card of any such name at a time, or stop
        s.tasks.append(("shuffle", p))
        if found and op[2] > 0:
            picks: list[tuple[Op, ...]] = [(("purge_stop", op[1]),)]
            picks += [(("purge_name", n, op[1], 1), ("purge_pick", op[1], op[2] - 1, True)) for n in found]
            s.tasks.append(("?option", tuple(picks), ctx))
        return
    s.tasks.append(("shuffle", p))
    if found:
        s.tasks.append(("?option", tuple((("purge_name", n, op[1], op[2]),) for n in found), ctx))


def _nothing(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """An option that does nothing (stop taking cards: purge_stop)."""


def _purge_name(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Up to op[3] cards of type op[2] named op[1] go from the opponent's deck to their discard
    pile (all of them, up to that many)."""
    p = 1 - ctx[CTL]
    gone = [c for c in s.deck[p] if s.d(c).uname == op[1] and s.d(c).facts.type == op[2]][:op[3]]
    for c in gone:
        to_discard(s, c)
    s.note(f"{len(gone)} card(s) named {op[1]} go from the {('Dark', 'Light')[p]} Side's deck to its "
           f"discard pile")


def _bp_next_turn(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """'You gain N extra build points next turn': kept until next turn's build roll (flow._command)."""
    p = side_of(ctx, op[1])
    s.effects.append(("bp_next_turn", p, op[2], s.turn + 1))
    s.note(f"the {('Dark', 'Light')[p]} Side will get {op[2]} extra build point(s) next turn")


def _draw(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    p = side_of(ctx, op[2]) if len(op) > 2 else ctx[CTL]    # {side, n}: that player draws
    before = len(s.hand[p])
    draw(s, p, min(op[1], len(s.deck[p])) if len(op) > 3 else op[1])    # up_to_deck: what is there
    # "when you draw a card" abilities resolve once the whole effect is done (Chewbacca (B)'s
    # ruling): under the rest of this effect list
    rest = s.tasks.pop() if s.tasks and s.tasks[-1][0] == "fx" and s.tasks[-1][1] is ops else None
    fire_draws(s, p, len(s.hand[p]) - before)
    if rest is not None:
        s.tasks.append(rest)


def fire_draws(s: S, p: int, n: int) -> None:
    """p has drawn n cards: p's "when you draw a card" abilities trigger once for each."""
    from dejarik.tcg.flow import fire

    for _ in range(max(0, n)):
        fire(s, "draws", s.in_play(p))


def _discard(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The player named discards n cards of their choice from hand."""
    p = side_of(ctx, op[2])
    if len(op) > 4:     # only cards of these subtypes (discard_unless)
        fits = [c for c in s.hand[p] if any(t in s.d(c).tags for t in op[4])]
        if fits:
            s.tasks.append(("?discard", p, min(op[1], len(fits)), ctx[SRC], "subtypes", op[4]))
        return
    if len(op) > 3:     # only cards of these types
        fits = [c for c in s.hand[p] if s.d(c).facts.type in op[3]]
        if fits:
            s.tasks.append(("?discard", p, min(op[1], len(fits)), ctx[SRC], "types", op[3]))
        return
    n: int = ctx[NUM] if op[1] == "x" else op[1]     # x: the X an earlier pay_x step paid
    if n > 0:
        s.tasks.append(("?discard", p, min(n, len(s.hand[p])), ctx[SRC]))


def _hand_to_deck_top(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The controller puts n cards of their choice from hand on top of their deck, one at a time
    (the last one on top); n 'x': the context's number (Probot)."""
    p = ctx[CTL]
    n = ctx[NUM] if op[1] == "x" else op[1]
    if n > 0 and s.hand[p]:
        s.tasks.append(("?discard", p, min(n, len(s.hand[p])), ctx[SRC], "top"))


def _retreat_pilots(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The pilots aboard the effect's own unit go to their owners' build zones, retreated (face
    up, tapped): "retreat Han" from the Creature he rides (Han Solo (E))."""
    u = ctx[SRC]
    for c in list(s.aboard.get(u, ())) if u >= 0 else ():
        leave_zone(s, c)
        s.zone[c], s.face_up[c], s.tapped[c] = BUILD, True, True
        s.build[s.owner[c]].append(c)
        s.note(f"{s.name(c)} retreats off {s.name(u)}")


def _deploy_self(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The effect's own card, face down in its owner's build zone, is deployed (shown) into its
    arena, on its own or onto its stack as a deployment from the build zone would go; not if
    its unique name or an effect forbids it."""
    from dejarik.tcg.flow import deploy, deploy_choices

    c = ctx[SRC]
    if c < 0 or s.zone[c] != BUILD or s.face_up[c] or deploy_forbidden(s, c):
        return
    ways = deploy_choices(s, c)
    if ways:
        deploy(s, c, ways[0][2])


def _discard_pilot(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The pilots aboard the effect's own unit that the selector names go to their owners'
    discard piles; the unit stays ("discard Needa", a pilot's ability given to its ship)."""
    u = ctx[SRC]
    for c in list(s.aboard.get(u, ())) if u >= 0 else ():
        if s.matches_card(op[1], c, s.owner[c], u):
            to_discard(s, c)
            s.note(f"{s.name(c)} is discarded off {s.name(u)}")


def _x_is(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """X, for the steps after it, is the damage counters on the effect's own unit now (or
    with `count`, the number of units a selector names now)."""
    if op[1] == "count":
        x = len(s.select(op[2], ctx[CTL], ctx[SRC], ctx[ARENA_AT]))
    elif op[1] == "chosen_cost":    # the units chosen: their cards' costs, +1 per card beneath
        x = sum(s.d(u).cost + s.stack_size(u) for u in units_of(s, ("chosen",), ctx))
    else:
        x = s.damage[ctx[SRC]] if ctx[SRC] >= 0 else 0
    _resume(s, ops, i, (ctx[CTL], ctx[SRC], ctx[PICKED], ctx[ARENA_AT], x))


def _secret_bid(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Both players bid Force in secret, the Dark Side first (`?secret_bid`, flow): the second
    bidder's decision carries the first bid, which no view shows (observe.resample_hidden deals
    it again for a player who can't know it)."""
    s.tasks.append(("?secret_bid", DARK, -1, op[1], op[2], ctx))


def location_off(s: S, c: int) -> bool:
    """Whether the Location c has no effect this turn (Occupation: `no_effect`)."""
    return ("no_effect", c) in s.effects


def _no_effect(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Until the turn ends the Location(s) named have no effect: their static abilities,
    triggers and activated abilities are off (they stay in play and may still be chosen)."""
    for c in units_of(s, op[1], ctx):
        if s.zone[c] == PLACE and ("no_effect", c) not in s.effects:
            s.effects.append(("no_effect", c))
            s.note(f"{s.name(c)} has no effect this turn")


def _gain_split(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Force and build points totalling N (op[1]: N or "x"; op[2]: half of it, rounded down),
    split as the controller chooses (`?gain_split`: how much is Force)."""
    n: int = ctx[NUM] if op[1] == "x" else op[1]
    if op[2]:
        n //= 2
    if n > 0:
        s.tasks.append(("?gain_split", ctx[CTL], n, ctx[SRC]))


def _to_deck_bottom(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The controller puts n cards of their choice from hand on the bottom of their deck: the
    discard decision, with the deck's bottom as where the cards go."""
    p = ctx[CTL]
    s.tasks.append(("?discard", p, min(op[1], len(s.hand[p])), ctx[SRC], "bottom"))


def _turn_flag(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """A rule change for the rest of the turn (the turn's effects end with it): reverse_battle
    (the battle steps go Character, Ground, Space: flow._battle), no_stacking (no restacking, and
    no card from hand or the build zone goes onto a stack: flow)."""
    if (op[0],) not in s.effects:
        s.effects.append((op[0],))


def _pause_build(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The controller's build step pauses: the opponent's build step, still to come this turn,
    runs now, and then the paused one goes on with the build points left (no second start)."""
    p = ctx[CTL]
    theirs = ("build_step", 1 - p)
    if theirs not in s.tasks or ("?build", p) not in s.tasks:
        return
    s.tasks.remove(theirs)
    at = max(k for k, t in enumerate(s.tasks) if t == ("?build", p))
    s.tasks.insert(at + 1, theirs)       # above the paused build step: it runs first
    s.note(f"the {('Dark', 'Light')[p]} Side's build step pauses")


def _retreat_first(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """This turn the side named has its retreat step before the other side's."""
    p = side_of(ctx, op[1])
    first, second = ("?retreat", p), ("?retreat", 1 - p)
    if first in s.tasks and second in s.tasks:
        a, b = s.tasks.index(first), s.tasks.index(second)
        if a < b:                        # the later in the list runs first
            s.tasks[a], s.tasks[b] = second, first


def _discard_hand(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    p = side_of(ctx, op[1]) if len(op) > 1 else ctx[CTL]
    cards = list(s.hand[p])
    for c in cards:
        to_discard(s, c)
    for c in cards:
        hand_discarded(s, c, ctx[CTL])


def search_fits(s: S, op: Op, p: int, c: int) -> bool:
    kind, subtypes, same_name = op[1], op[2], op[3]
    d = s.d(c)
    if len(op) > 5 and op[5] and d.uname != op[5]:     # a card of that name
        return False
    if kind == "battle" and d.kind != BATTLE:
        return False
    if kind == "unit" and d.kind != UNIT:
        return False
    if kind == "location" and not d.homes:
        return False
    if kind in ("space", "ground", "character", "equipment") and d.facts.type != kind:
        return False
    if subtypes and not any(t in d.tags for t in subtypes):
        return False
    if len(op) > 7 and d.facts.side != op[7]:     # a card of that printed side
        return False
    return not same_name or any(s.d(u).uname == d.uname for u in s.in_play(p))


def _search(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    if len(op) > 6 and op[6]:   # a card with the name of the unit chosen earlier
        picked = ctx[PICKED]
        op = (*op[:5], s.d(picked[0]).uname if picked else "\x00none")
    s.tasks.append(("shuffle", ctx[CTL]))
    s.tasks.append(("?search", ctx[CTL], op, ctx[SRC]))


def _reveal_until_unit(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    s.tasks.append(("?unit_type", ctx[CTL], ctx[SRC]))


def _recover(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    # ("arena", the names put in so far), or ("bottom",): under the deck
    # a 5th: the damage counters each card put into the arena gets
    # ("hand"|"bottom"|"deck", exact): a 6th, True: exactly that many, no stopping early
    into_arena = ((op[4], (), *op[5:]) if op[4] == "arena" else (op[4], *op[5:])) if len(op) > 4 else ()
    s.tasks.append(("?recover", ctx[CTL], op[1], op[2], ctx[SRC], op[3], *into_arena))


def _look_at_hand(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    p = ctx[CTL]
    for c in s.hand[1 - p]:
        s.shown[c] |= 1 << p
    s.note(f"the {('Dark', 'Light')[p]} Side looks at its opponent's hand")
    if len(op) > 2 and op[2]:   # and at the face-down cards of their build zone
        for c in s.build[1 - p]:
            s.shown[c] |= 1 << p
    if op[1]:
        s.tasks.append(("?pick_from_hand", p, op[1], ctx[SRC]))


def card_counters(s: S, c: int) -> int:
    """The counters an effect has put on card c in play (Corridors of Power's Credit counters;
    not build counters). They stay across turns while it is in play and go when it leaves."""
    return sum(e[2] for e in s.effects if e[0] == "card_counters" and e[1] == c)


def _card_counter(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    c = ctx[SRC]
    if c >= 0 and s.zone[c] in (ARENA, PLACE):
        s.effects.append(("card_counters", c, op[1]))
        s.note(f"{s.name(c)} gets {op[1]} counter(s) ({card_counters(s, c)} now)")


def _cash_counters(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    c = ctx[SRC]
    n = card_counters(s, c) if c >= 0 else 0
    s.effects = [e for e in s.effects if not (e[0] == "card_counters" and e[1] == c)]
    if op[1] == "none":
        s.note(f"{n} counter(s) come off {s.name(c)}" if c >= 0 else "no counters")
        return
    s.bp[ctx[CTL]] += n
    s.note(f"{n} counter(s) come off {s.name(c)}: +{n} build point(s)" if c >= 0 else "no counters")


def _by_roll(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Roll a die; the effects listed for the number shown happen (Let the Cube Decide)."""
    die = s.rng.below(6) + 1
    s.note(f"a die shows {die}")
    push_fx(s, op[1][die - 1], ctx)


def _roll_total(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Roll op[1] dice; if they add up to op[2] or more, the effects op[3] happen (Jedi Test)."""
    dice = [s.rng.below(6) + 1 for _ in range(op[1])]
    s.note(f"the dice show {', '.join(str(x) for x in dice)} ({sum(dice)} in all)")
    if sum(dice) >= op[2]:
        push_fx(s, op[3], ctx)


def _if_x(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """X (a Mission's build counters when it was completed, or the X paid) at least op[1]:
    the effects op[2], else op[3]."""
    push_fx(s, op[2] if ctx[NUM] >= op[1] else op[3], ctx)


def _unless_tapped(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """After the opponent's choice of `unless_taps`: the unit picked is tapped; none picked,
    and the effects op[1] happen."""
    if ctx[PICKED]:
        for u in ctx[PICKED]:
            s.tapped[u] = True
            s.note(f"{s.name(u)} is tapped")
    else:
        push_fx(s, op[1], ctx)


def _at_step_end(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Effects that wait for the end of arena op[1]'s battle step this turn (flow._disembark)."""
    s.effects.append(("step_end_fx", op[1], op[2], ctx))


def _fastest_side(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The effects happen for the player whose fastest unit in arena op[1] is faster than the
    other's (speed now); a tie, or no unit there, and nobody gets them (Podrace)."""
    best = [max((s.speed(u) for u in s.arena[p][op[1]]), default=-1) for p in (DARK, LIGHT)]
    if best[0] != best[1]:
        p = DARK if best[0] > best[1] else LIGHT
        push_fx(s, op[2], (p, ctx[1], ctx[2], ctx[3], ctx[4]))


def _enhance(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Enhance: the controller may pay op[1] more Force for op[2]; otherwise (or unable to pay)
    op[3] happens instead."""
    if s.force[ctx[CTL]] >= op[1]:
        s.tasks.append(("?offer", ctx[CTL], op[1], op[2], ctx, op[3]))
    else:
        push_fx(s, op[3], ctx)


def _roll_vs_build(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Roll a die: op[1] happens if it shows this turn's build roll, op[2] otherwise; with no
    build roll this turn, nothing (Vilmarh Grahrk (A)'s ruling)."""
    roll = next((e[1] for e in s.effects if e[0] == "build_roll"), 0)
    if not roll:
        return
    die = s.rng.below(6) + 1
    s.note(f"a die shows {die} (the build roll is {roll})")
    push_fx(s, op[1] if die == roll else op[2], ctx)


def _reroll_build(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """This turn's build roll is rolled again; both players' build points change with it
    (Cloud City Landing Platform). No roll made this turn: nothing happens."""
    at = -1
    for k in range(len(s.effects)):
        if s.effects[k][0] == "build_roll":
            at = k
            break
    if at < 0:
        return
    roll = s.effects[at][1]
    new = s.rng.below(6) + 1
    s.effects[at] = ("build_roll", new)
    for p in (DARK, LIGHT):
        s.bp[p] = max(0, s.bp[p] + new - roll)
    s.note(f"the build roll is rolled again: {new}")


def shareable(ab: Ability) -> bool:
    """An activated ability (Evade, Deflect, Intercept, Retaliate included) that works in an
    arena: what share_abilities passes on."""
    return (ab.kind in ("activated", "prevent") and not ab.from_discard and not ab.reserves
            and not ab.from_build)


def _share_abilities(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Two units get each other's activated abilities (their top cards' own) as well as their
    own, for the turn (abilities_of reads ("shared", unit, card definition, ability number)).
    Fewer than two units named: nothing."""
    units = [u for u in units_of(s, op[1], ctx) if s.zone[u] == ARENA]
    if len(units) != 2:
        return
    for u, other in ((units[0], units[1]), (units[1], units[0])):
        for k, ab in enumerate(s.d(other).abilities):
            if shareable(ab):
                s.effects.append(("shared", u, s.card_def[other], k))
    s.note(f"{s.name(units[0])} and {s.name(units[1])} get each other's activated abilities this turn")


def _spend_build(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The side named gains n build points and may spend them at once as in a build step
    (build counters only: flow._spend_options), in a decision ("?build", player, n)."""
    p = side_of(ctx, op[1])
    s.note(f"the {('Dark', 'Light')[p]} Side gains {op[2]} build points to spend now")
    s.tasks.append(("?build", p, op[2]))


def _gain_subtype(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Each unit named, with every card of its stack now (the versions in play), counts as having
    these subtype words too (state.gained_tags), until the turn ("words_turn") or the game ends
    ("words"; gone when the card leaves play). The entries go at the front of s.effects, so a
    selector finds none at once when there are none."""
    tags = tuple(sorted(word_tags(" ".join(op[2]))))
    kind = "words_turn" if op[3] == "turn" else "words"
    for u in units_of(s, op[1], ctx):
        for c in (u, *s.under.get(u, ())):
            s.effects.insert(0, (kind, c, tags))
        s.note(f"{s.name(u)} becomes a {' '.join(op[2])} until the {op[3]} ends")


def forget_words(s: S, cards: Iterable[int]) -> None:
    """Subtype words gained (gain_subtype) go with cards that leave play (nothing to do when
    s.effects begins with none)."""
    if s.effects and s.effects[0][0] in WORD_KINDS:
        gone = set(cards)
        s.effects = [e for e in s.effects if not (e[0] in WORD_KINDS and e[1] in gone)]


def _skip_untap(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The unit doesn't untap in the next ready phase (Carbon Freeze, Snowspeeder Rogue Ten)."""
    for u in units_of(s, op[1], ctx):
        if ("no_untap", u) not in s.effects:
            s.effects.append(("no_untap", u))
            s.note(f"{s.name(u)} won't untap in the next untap step")


def _pool_force(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Both players' Force is added up; each loses all of it and gains half the total, the odd
    one to the effect's controller (Quicker, Easier, More Seductive)."""
    total = s.force[DARK] + s.force[LIGHT]
    for p in (DARK, LIGHT):
        s.force[p] = total // 2 + (total % 2 if p == ctx[CTL] else 0)
    s.note(f"the Force is pooled ({total}) and split: Dark Side {s.force[DARK]}, "
           f"Light Side {s.force[LIGHT]}")


def _adjust_roll(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """This turn's build roll changes by op[1], kept within 1 to 6, and both players' build
    points with it (Theed Power Generator). No roll made this turn: nothing happens."""
    at = next((k for k, e in enumerate(s.effects) if e[0] == "build_roll"), -1)
    if at < 0:
        return
    roll = s.effects[at][1]
    new = min(6, max(1, roll + op[1]))
    s.effects[at] = ("build_roll", new)
    for p in (DARK, LIGHT):
        s.bp[p] = max(0, s.bp[p] + new - roll)
    s.note(f"the build roll becomes {new}")


def _discard_slowest(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """With more than op[2] units (either side's) in arena op[1], the one with the lowest speed
    now is discarded; the effect's controller picks among those tied (Podracing Course)."""
    units = s.arena[DARK][op[1]] + s.arena[LIGHT][op[1]]
    if len(units) <= op[2]:
        return
    low = min(s.speed(u) for u in units)
    slow = [u for u in units if s.speed(u) == low]
    if len(slow) == 1:
        discard_unit(s, slow[0])
        return
    tied = Sel(owner=2, arenas=(op[1],), exclude=tuple(u for u in units if u not in slow))
    push_fx(s, (("choose", tied, 0, 1, 1), ("discard_unit", ("chosen",), 0)), ctx)


def _crowd_control(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Clear the Skies: each player discards one of their units from every arena where they
    have op[1] or more, the Dark Side first."""
    for p in (LIGHT, DARK):
        for a in (2, 1, 0):
            if len(s.arena[p][a]) >= op[1]:
                s.tasks.append(("?crowd", p, a, ctx[SRC]))


def _prevent(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Prevent damage about to be dealt (the damage instance in s.dmg); the number prevented
    goes into the context for what follows (Obi-Wan Kenobi (A) gains that much Force)."""
    if s.dmg is None:
        return
    left = s.dmg[1] - s.dmg[4]
    k: int = ctx[NUM] if op[1] == "x" else op[1]     # x: the X an earlier pay_x step paid
    n = left if k < 0 else min(k, left)
    s.dmg[4] += n
    s.note(f"{n} damage to {s.name(s.dmg[0])} prevented")
    if op[0] == "deflect" and n > 0:
        # the protected unit may deal that much damage to a unit in the same arena
        sel = Sel(owner=2, arenas=(s.unit_arena(s.dmg[0]),), other=True)
        back = (("choose", sel, 0, 1, 1), ("damage", ("chosen",), n, None, 0))
        s.tasks.append(("?may", back, (), (ctx[CTL], s.dmg[0], (), -1, n)))
    if s.tasks and s.tasks[-1][0] == "fx" and s.tasks[-1][1] is ops:
        top = s.tasks.pop()
        s.tasks.append(("fx", top[1], top[2], (*ctx[:4], n)))
    if n > 0 and s.owner[s.dmg[0]] == ctx[CTL]:     # "whenever you prevent damage to one of your units"
        from dejarik.tcg.flow import fire
        fire(s, "prevents", s.in_play(ctx[CTL]))


def _transfer_damage(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Prevent k of the damage about to be dealt by putting k damage counters on the unit
    chosen: the controller picks k, from 1 to what is left."""
    if s.dmg is None or not ctx[PICKED]:
        return
    left = s.dmg[1] - s.dmg[4]
    branches = tuple((("prevent", k), ("put_damage", ("chosen",), k)) for k in range(1, left + 1))
    if branches:
        s.tasks.append(("?option", branches, ctx))


def _put_damage(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Damage counters put on a unit (not damage dealt: nothing prevents them)."""
    for u in units_of(s, op[1], ctx):
        s.damage[u] += op[2] + extra_counters(s, u, op[2])
        s.note(f"{op[2]} damage counter(s) put on {s.name(u)} ({s.damage[u]}/{s.health(u)})")
        if s.damage[u] >= s.health(u):
            discard_unit(s, u, by_damage=True)


def _forbid_evade(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The unit can't use Evade this turn (flow._prevents reads the effect)."""
    for u in units_of(s, op[1], ctx):
        s.effects.append(("evade_barred", u))
        s.note(f"{s.name(u)} can't use Evade this turn")


def _disarm(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """For this attack, all damage the unit would deal is prevented (damage_shielded)."""
    for u in units_of(s, op[1], ctx):
        s.effects.append(("disarmed", u))
        s.note(f"all damage {s.name(u)} would deal in this attack is prevented")


def _offer(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """'Your opponent may pay N Force; if they do, ...': the side named decides, if it can pay."""
    _, side, pays, then = op
    payer = side_of(ctx, side)
    if s.force[payer] >= pays:
        s.tasks.append(("?offer", payer, pays, then, ctx))


def _unless_pays(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """'EFFECTS happen unless your opponent pays N Force': the side named decides, if it can pay."""
    payment(s, ctx, side_of(ctx, op[1]), op[2], op[3])


def _then_list(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The effects an `unless_pays` holds back, now that they happen."""
    push_fx(s, op[1], ctx)


def _reach_build_zone(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """This turn the unit may attack the opponent's retreated units the selector names, with
    +power for such an attack (flow.build_reach)."""
    for u in units_of(s, op[1], ctx):
        s.effects.append(("reach", u, op[2], op[3]))
        s.note(f"this turn {s.name(u)} may attack units in the opponent's build zone")


def _tame(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """This turn the controller decides whether the unit attacks and which unit, of either side
    (flow.tamed_by)."""
    for u in units_of(s, op[1], ctx):
        s.effects.append(("tamed", u, ctx[CTL]))
        s.note(f"this turn the {('Dark', 'Light')[ctx[CTL]]} Side decides {s.name(u)}'s attacks")


def _unpilot(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The controller moves one of their pilots aboard a unit of arena op[1] off into the
    Character arena (a `?unpilot` decision, flow.py)."""
    s.tasks.append(("?unpilot", ctx[CTL], op[1], ctx[SRC], *op[2:]))    # (any_number, untap)


def unpilot_choices(s: S, p: int, arena: int) -> list[int]:
    return [c for host in sorted(s.aboard) if s.owner[host] == p and s.zone[host] == ARENA
            and s.unit_arena(host) == arena for c in s.aboard[host]]


def _grant_ability(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The units get the source card's `granted` ability op[2] for the turn (abilities_of)."""
    src = ctx[SRC]
    if src < 0 or op[2] >= len(s.d(src).abilities) or s.d(src).abilities[op[2]].kind != "granted":
        return
    for u in units_of(s, op[1], ctx):
        if s.zone[u] == ARENA:
            s.effects.append(("granted", u, s.card_def[src], op[2]))
            s.note(f"{s.name(u)} gets an ability of {s.name(src)} this turn")


def _match_speed(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Each unit named slower than the fastest of them gets the difference (for that long)."""
    units = [u for u in units_of(s, op[1], ctx) if s.zone[u] == ARENA]
    if not units:
        return
    top = max(s.speed(u) for u in units)
    for u in units:
        if s.speed(u) < top:
            gap = top - s.speed(u)
            s.mods.append((u, gap, 0, 0, op[2]))
            s.note(f"{s.name(u)}: +{gap} speed")


def _offer_reroll(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Record the arena chosen: the opponent's attack rolls there may be rerolled (flow)."""
    if ctx[ARENA_AT] >= 0:
        s.effects.append(("reroll_offer", ctx[CTL], ctx[ARENA_AT], ctx))


def _reveal_build(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Reveal the top op[1] cards of the controller's deck (a `?reveal_pick` decision takes one
    of type op[2] into the build zone; with none, they are all discarded). op[1] -1: reveal
    from the top until op[4] cards of the type with different names (every version's) are
    shown, or the deck ends; the player op[5] names picks one of those (Parting of Heroes)."""
    p = ctx[CTL]
    if op[1] >= 0:
        top = list(reversed(s.deck[p][-op[1]:]))
        picks = tuple(c for c in top if s.d(c).facts.type == op[2])
        chooser = p
    else:
        top, found = [], []
        names: set[str] = set()
        # option different_names: unique names (versions as one, the default) or full names
        versions = s.options.get("different_names", "unique") == "version"
        k = len(s.deck[p]) - 1
        while k >= 0 and len(names) < op[4]:
            c = s.deck[p][k]
            top.append(c)
            name = s.d(c).name if versions else s.d(c).uname
            if s.d(c).facts.type == op[2] and name not in names:
                names.add(name)
                found.append(c)
            k -= 1
        picks, chooser = tuple(found), side_of(ctx, op[5])
    for c in top:
        s.shown[c] = 3
    s.note(f"the {('Dark', 'Light')[p]} Side reveals {', '.join(s.name(c) for c in top) or 'nothing'}")
    if picks and op[1] >= 0:
        s.tasks.append(("?reveal_pick", p, tuple(top), op[2], op[3], ctx[SRC]))
    elif picks:
        s.tasks.append(("?reveal_pick", p, tuple(top), op[2], op[3], ctx[SRC], chooser, picks))
    else:
        for c in top:
            to_discard(s, c)


def _reveal_take(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The controller names a card type (`?card_type`); the side named reveals its top cards."""
    s.tasks.append(("?card_type", ctx[CTL], side_of(ctx, op[1]), op[2], ctx[SRC]))


def draw_reveal_source(s: S, p: int) -> int:
    """p's Location that replaces p's draw-step draw (Mos Eisley: `draw_reveal`), or -1."""
    for c in s.places:
        if c >= 0 and s.owner[c] == p and not location_off(s, c) and any(
                ab.kind == "static" and "draw_reveal" in ab.static for ab in s.d(c).abilities):
            return c
    return -1


def reveal_take(s: S, p: int, n: int, kind: str) -> None:
    """p reveals the top n cards of the deck: those of the type go to hand, the rest are
    discarded. n < 0: p reveals until a card of the type, which goes to hand (Mos Eisley)."""
    if n < 0:
        k = len(s.deck[p]) - 1
        while k >= 0 and s.d(s.deck[p][k]).facts.type != kind:
            k -= 1
        n = len(s.deck[p]) - k if k >= 0 else len(s.deck[p])
    top = list(reversed(s.deck[p][-n:])) if n > 0 else []
    s.note(f"the {('Dark', 'Light')[p]} Side reveals {', '.join(s.name(c) for c in top) or 'nothing'}")
    for c in top:
        if s.d(c).facts.type == kind:
            to_hand(s, c)
        else:
            s.shown[c] = 3
            to_discard(s, c)


def _gather(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    s.tasks.append(("shuffle", ctx[CTL]))
    s.tasks.append(("?gather", ctx[CTL], op[1], (), op[2], ctx[SRC]))


def _predict_hits(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The controller names a number of hits for the attack in progress (`?predict`)."""
    if s.atk is not None:
        s.tasks.append(("?predict", ctx[CTL], op[1], ctx, *op[2:]))   # "damage": predict_damage


def _refresh_hand(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The player named counts their hand, discards it, and draws that many cards."""
    p = side_of(ctx, op[1])
    n = len(s.hand[p])
    for c in list(s.hand[p]):
        to_discard(s, c)
    s.note(f"the {('Dark', 'Light')[p]} Side discards its hand of {n} and draws {n}")
    draw(s, p, n)
    fire_draws(s, p, len(s.hand[p]))


def _build_counters(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Show a face-down card of the controller's build zone (of the kind and subtypes named) and
    put n build counters on it, or (n < 0, a card of the side named) remove up to -n: a
    `?counters` decision (flow.py)."""
    s.tasks.append(("?counters", ctx[CTL], op[1], op[2], op[3], ctx[SRC], side_of(ctx, op[4]),
                    len(op) > 5 and op[5]))


def counter_targets(s: S, p: int, kind: str, subtypes: tuple[str, ...]) -> list[int]:
    """p's face-down cards in the build zone that a build_counters effect may name."""
    out = []
    for c in s.build[p]:
        d = s.d(c)
        if s.face_up[c] or (kind and d.facts.type != kind):
            continue
        if subtypes and not any(x in d.tags for x in subtypes):
            continue
        out.append(c)
    return out


def _at_turn_end(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Effects that wait for the end of the turn, before arena control is checked."""
    s.effects.append(("turn_end", op[1], ctx))


def _win(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    s.finish(ctx[CTL], f"{s.name(ctx[SRC]) if ctx[SRC] >= 0 else 'an effect'} wins the game")


def _overkill(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """An Overkill attack's damage: with a unit chosen, the hits beyond what destroys the
    defender go on it (a damage instance of its own, after the defender's); else all on the
    defender."""
    from dejarik.tcg.flow import push_damage

    _, t, hits, excess = op
    other = [u for u in ctx[PICKED] if s.zone[u] == ARENA]
    if other:
        s.note(f"overkill: {excess} of the hits go on {s.name(other[0])}")
        push_damage(s, other[0], excess, ctx[SRC], attack=True)
        push_damage(s, t, hits - excess, ctx[SRC], attack=True)
    else:
        push_damage(s, t, hits, ctx[SRC], attack=True)


def _reroll(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    if op[1] in ("all_your_dice", "all_attack_dice"):
        s.dice = [s.rng.below(6) + 1 for _ in s.dice]
        s.note(f"dice rerolled: {s.dice}")
    elif op[1] == "lucky":      # up to op[2] dice of the attack, either side's
        s.tasks.append(("?dice", ctx[CTL], 0, ctx[SRC], op[2]))
    else:
        s.tasks.append(("?dice", ctx[CTL], 0, ctx[SRC]))


_OPS: dict[str, Any] = {
    "retreat_pilots": _retreat_pilots, "discard_pilot": _discard_pilot,
    "deploy_self": _deploy_self, "copy_pilot": _copy_pilot,
    "stack_under": _stack_under, "stack_to": _stack_to,
    "hand_to_deck_top": _hand_to_deck_top, "x_is": _x_is,
    "gain_split": _gain_split, "no_effect": _no_effect, "secret_bid": _secret_bid,
    "watch_discard": _watch_discard, "pick_random": _pick_random, "discard_cheapest": _discard_cheapest,
    "double_counters": _double_counters, "as_side": _as_side,
    "forbid_attack_unit": _forbid_attack_unit, "unit_prevent": _unit_prevent,
    "skip_untap": _skip_untap, "gain_subtype": _gain_subtype, "share_abilities": _share_abilities,
    "spend_build": _spend_build, "remember": _remember, "recall": _recall, "pool_force": _pool_force,
    "reroll_build": _reroll_build,
    "remove_cards": _remove_cards,
    "choose": _choose, "choose_arena": _choose_arena, "choose_one": _choose_one, "may": _may,
    "modify": _modify, "tap": _tap, "untap": _untap, "damage": _damage, "dice_damage": _dice_damage,
    "remove_damage": _remove_damage, "retreat": _retreat, "discard_unit": _discard_unit,
    "redeploy": _redeploy, "command": _command, "redirect": _redirect,
    "discard_after_attack": _discard_after_attack, "protect": _protect, "mark_target": _mark_target,
    "shield_arena": _simple_effect, "protect_arena": _simple_effect, "forbid_retreat": _simple_effect,
    "battle_tax": _simple_effect,
    "at_battle_start": _simple_effect, "gain_force": _gain_force, "lose_force": _lose_force,
    "build_points": _build_points, "draw": _draw, "discard": _discard, "discard_hand": _discard_hand,
    "search": _search, "reveal_until_unit": _reveal_until_unit, "recover": _recover,
    "look_at_hand": _look_at_hand, "crowd_control": _crowd_control,
    "discard_slowest": _discard_slowest, "adjust_roll": _adjust_roll,
    "card_counter": _card_counter, "cash_counters": _cash_counters, "roll_vs_build": _roll_vs_build,
    "enhance": _enhance, "by_roll": _by_roll, "roll_total": _roll_total, "if_x": _if_x,
    "hand_to_arena": _hand_to_arena, "at_step_end": _at_step_end, "reveal_to_arena": _reveal_to_arena,
    "unless_tapped": _unless_tapped, "fastest_side": _fastest_side, "prevent": _prevent,
    "deflect": _prevent, "reroll": _reroll, "branch": _branch, "grant": _grant,
    "at_attack_end": _at_attack_end, "no_evade": _no_evade, "to_hand": _to_hand, "to_deck": _to_deck,
    "to_deck_bottom": _to_deck_bottom, "transfer_damage": _transfer_damage, "put_damage": _put_damage,
    "reverse_battle": _turn_flag, "no_stacking": _turn_flag,
    "pause_build": _pause_build, "return_to_hand": _return_to_hand, "grant_all": _grant_all,
    "forbid_plays": _forbid_plays, "forbid_deploy": _forbid_deploy, "forbid_attack": _forbid_attack,
    "arena_prevent": _arena_prevent, "recoil": _recoil, "to_deck_top": _to_deck_top,
    "to_build_face_down": _to_build_face_down, "hold_under": _hold_under, "hold_top": _hold_top,
    "set_aside": _set_aside, "extra_use": _extra_use,
    "held_to_hand": _held_to_hand, "fetch": _fetch, "hand_to_held": _hand_to_held,
    "hand_to_arena_self": _hand_to_arena_self,
    "roll_off": _roll_off,
    "roll_off_dice": _roll_off_dice,
    "raise_in_stack": _raise_in_stack, "restack_to": _restack_to, "chain_attacks": _chain_attacks,
    "chain_attack": _chain_attack,
    "one_die": _attack_flag, "damage_discards": _attack_flag,
    "cross_arena_power": _cross_arena_power, "hand_to_build": _hand_to_build,
    "to_arena": _to_arena, "replace_discard": _replace_discard, "spared": _spared,
    "damage_retreat": _damage_retreat, "shield_units": _shield_units, "cant_lose": _cant_lose,
    "discard_face_down": _discard_face_down, "discard_card": _discard_card,
    "pay_defender_cost": _pay_defender_cost, "speed_damage": _speed_damage, "move_damage": _move_damage,
    "transfer_counters": _transfer_counters, "arrange_top": _arrange_top, "dig": _dig, "silence": _silence,
    "name_top": _name_top, "reveal_hand": _reveal_hand,
    "divide_hits": _divide_hits,
    "divide": _divide, "split_hits": _split_hits,
    "reclaim_counters": _reclaim_counters, "extra_battle_step": _extra_battle_step,
    "gain_control": _gain_control, "move_arena": _move_arena, "pay_unit_cost": _pay_unit_cost,
    "next_turn": _next_turn, "repeat_steps": _repeat_steps, "discard_unless": _discard_unless,
    "retreat_first": _retreat_first,
    "overkill": _overkill, "forbid_evade": _forbid_evade, "disarm": _disarm, "offer": _offer,
    "turn_on": _turn_on, "deploy_discount": _deploy_discount, "strip": _strip, "split_hand": _split_hand,
    "must_attack": _must_attack, "hold_chosen": _hold_chosen, "pay_x": _pay_x, "while_tapped": _while_tapped,
    "disrupt": _disrupt, "cancel_battle": _cancel_battle, "mark": _mark, "unmark": _mark,
    "unless_pays": _unless_pays, "then_list": _then_list,
    "refresh_hand": _refresh_hand, "build_counters": _build_counters, "at_turn_end": _at_turn_end,
    "win": _win, "reach_build_zone": _reach_build_zone, "match_speed": _match_speed,
    "offer_reroll": _offer_reroll, "reveal_build": _reveal_build, "reveal_take": _reveal_take,
    "gather": _gather, "predict_hits": _predict_hits, "grant_ability": _grant_ability,
    "unpilot": _unpilot, "tame": _tame,
    "mill": _mill, "bp_next_turn": _bp_next_turn, "purge_deck": _purge_deck,
    "purge_pick": _purge_pick, "purge_name": _purge_name, "purge_stop": _nothing,
    "roll_higher": _roll_higher, "grant_upkeep": _grant_upkeep, "at_next_step": _at_next_step,
    "no_bounty": _simple_effect,
    "skip_upkeep": _skip_upkeep, "may_stay_tapped": _may_stay_tapped,
}


# -- cards matched against another, budgets, numbers named, units kept in mind (MATCH) ---------
def left_arena(s: S, u: int) -> int:
    """The arena unit u is in, or else the arena it was last discarded from this turn (its
    `left_play` note), or else its own arena."""
    if s.zone[u] == ARENA:
        return s.unit_arena(u)
    e = latest_effect(s, "left_play", u)
    return int(e[3]) if e is not None and len(e) > 3 else s.d(u).arena


def left_damage(s: S, u: int) -> int:
    """The damage counters on unit u, or those it had when it was discarded this turn."""
    if s.zone[u] in (ARENA, BUILD):
        return s.damage[u]
    e = latest_effect(s, "left_play", u)
    return int(e[4]) if e is not None and len(e) > 4 else 0


def hand_matches(s: S, p: int, like: int, match: tuple[str, ...]) -> list[int]:
    """p's unit cards in hand matched against unit `like` (in play or just discarded) by the
    HAND_MATCH words, whose unique name lets them into their arena once `like` is gone."""
    d0 = s.d(like)
    arena = left_arena(s, like) if "arena" in match else -1
    out: list[int] = []
    for c in s.hand[p]:
        d = s.d(c)
        if d.kind != UNIT or c == like:
            continue
        if "type_line" in match and (d.facts.type != d0.facts.type or d.facts.subtype != d0.facts.subtype):
            continue
        if ("other_name" in match and d.uname == d0.uname) or ("max_cost" in match and d.cost > d0.cost):
            continue
        if (arena >= 0 and d.arena != arena) or ("afford" in match and d.cost > s.force[p]):
            continue
        top = same_name_in_play(s, p, d.uname) if d.unique else -1
        if top >= 0 and top != like:
            continue
        if top < 0 and d.unique and holds_name(s, p, d.uname):   # retreated, or piloting
            continue
        out.append(c)
    return out


def _match_from_hand(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The controller puts a unit card of their hand matched (op[1]) against the unit an
    earlier step chose into its arena (a `?match_hand` decision); op[2]: its build cost is paid
    in Force; op[3]: it gets the damage counters that unit had; op[4]: "you may". The card put
    in is `chosen` for the steps after it, its arena the chosen arena. None fits: nothing."""
    if not ctx[PICKED]:
        return
    match = op[1] + (("afford",) if op[2] else ())
    if not hand_matches(s, ctx[CTL], ctx[PICKED][0], match):
        s.note("no card of the hand fits")
        return
    if s.tasks and s.tasks[-1][0] == "fx" and s.tasks[-1][1] is ops:
        s.tasks.pop()
    s.tasks.append(("?match_hand", ctx[CTL], ops, i, ctx, match, op[2], op[3], op[4]))


def match_hand_options(s: S, task: tuple[Any, ...]) -> list[int]:
    return hand_matches(s, task[1], task[4][PICKED][0], task[5])


def match_hand_put(s: S, task: tuple[Any, ...], c: int) -> None:
    """The card c (or none, c < 0, when it is optional) goes from hand into its arena,
    untapped (not a deployment); a unique name the opponent has in play is contested at once
    in the battle phase (In Disguise's ruling)."""
    _, p, ops, i, ctx, _, pays, counters, _ = task
    if c < 0:
        push_fx(s, ops, ctx, i + 1)
        return
    n = left_damage(s, ctx[PICKED][0]) if counters else 0
    if pays:
        gain_force(s, p, -s.d(c).cost)
        s.note(f"the {('Dark', 'Light')[p]} Side pays {s.d(c).cost} Force")
    place_unit(s, c)
    s.tapped[c] = False
    top = same_name_in_play(s, p, s.d(c).uname) if s.d(c).unique else c
    top = c if top < 0 else top
    where = ('Space', 'Ground', 'Character')[s.unit_arena(top)]
    s.note(f"{s.name(c)} is put from the hand into the {where} arena")
    push_fx(s, ops, (ctx[CTL], ctx[SRC], (top,), s.unit_arena(top), ctx[NUM]), i + 1)
    if s.phase == BATTLE_PHASE and s.d(c).unique and same_name_in_play(s, 1 - p, s.d(c).uname) >= 0:
        s.tasks.append(("contests",))
    if n:       # counters, not damage: nothing prevents them; as many as its health destroy it
        s.tasks.append(("fx", (("put_damage", ("chosen",), n),), 0, (p, -1, (top,), -1, 0)))


def budget_candidates(s: S, ctx: Ctx, sel: Sel) -> list[int]:
    """A choice of several within a budget (`total_cost`): the units whose total build cost
    (their card's, +1 per card beneath), with the picks so far, stays within it."""
    most = ctx[NUM] if sel.total_cost_x else (sel.total_cost or 0)
    spent = sum(s.d(x).cost + s.stack_size(x) for x in ctx[PICKED])
    return [u for u in s.select(sel, ctx[CTL], ctx[SRC], ctx[ARENA_AT])
            if u not in ctx[PICKED] and spent + s.d(u).cost + s.stack_size(u) <= most]


def _name_x(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The controller names X from 0 to op[1] (op[2]: no more than the damage counters on the
    unit(s) an earlier step chose), for the steps after it: a `?name_x` decision."""
    most = op[1]
    if op[2]:
        most = min(most, sum(s.damage[u] for u in units_of(s, ("chosen",), ctx)))
    if most <= 0:
        _resume(s, ops, i, (ctx[CTL], ctx[SRC], ctx[PICKED], ctx[ARENA_AT], 0))
        return
    if s.tasks and s.tasks[-1][0] == "fx" and s.tasks[-1][1] is ops:
        s.tasks.pop()
    s.tasks.append(("?name_x", ctx[CTL], ops, i, ctx, most))


def named_x(s: S, task: tuple[Any, ...], x: int) -> None:
    p, ops, i, ctx = task[1], task[2], task[3], task[4]
    s.note(f"the {('Dark', 'Light')[p]} Side names X = {x}")
    push_fx(s, ops, (ctx[CTL], ctx[SRC], ctx[PICKED], ctx[ARENA_AT], x), i + 1)


def _repeat(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """The effects op[1] happen X times (the context's number), one run after another."""
    for _ in range(ctx[NUM]):
        push_fx(s, op[1], ctx)


def _stays_put(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """Each unit named is kept in mind with the arena it is in now (and whether it is there by
    a move from another arena); the check waits for the end of the turn (`stayed`)."""
    kept = tuple((u, s.unit_arena(u), u in s.moved) for u in units_of(s, op[1], ctx) if s.zone[u] == ARENA)
    if kept:
        s.note("kept in mind until the turn ends: " + ", ".join(
            f"{s.name(u)} ({('Space', 'Ground', 'Character')[a]})" for u, a, _ in kept))
        s.effects.append(("turn_end", (("stayed", kept, op[2]),), ctx))


def stack_top(s: S, c: int) -> int:
    """The top card of the stack card c is in (c itself when it is on top), or -1."""
    if s.zone[c] != UNDER:
        return c
    for top, beneath in s.under.items():
        if c in beneath:
            return top
    return -1


def _stayed(s: S, op: Op, ops: tuple[Op, ...], i: int, ctx: Ctx) -> None:
    """It Just Might Work's check: every unit kept in mind is in an arena, the one it was in,
    and not there by a move it was not there by before (its ruling); then the effects."""
    for c, a, was_moved in op[1]:
        u = stack_top(s, c)
        if u < 0 or s.zone[u] != ARENA or s.unit_arena(u) != a or (u in s.moved) != was_moved:
            s.note(f"{s.name(c)} is not in the arena it was in")
            return
    push_fx(s, op[2], ctx)


_OPS.update({"match_from_hand": _match_from_hand, "name_x": _name_x, "repeat": _repeat,
             "stays_put": _stays_put, "stayed": _stayed})
