"""Abilities in Dejarik's own words, rendered from the structured vocabulary (never the
printed card text, which Dejarik does not ship)."""

from __future__ import annotations

from typing import Any

from dejarik.tcg.abilities import ARENA_ATTACK, ARENA_CHOSEN, ARENAS, Ability, Op, Sel
from dejarik.tcg.carddefs import CardDef

_OWNER = ("your", "your opponent's", "any")
_UNTIL = ("for this attack", "until the end of the battle phase", "this turn")
TIMING_WORDS = {"build": "in your build step", "would_attack": "instead of attacking with it",
           "attack": "while it attacks", "reroll": "after attack dice are rolled",
           "prevent": "when damage is about to be dealt", "any": "at a chance to play in battle"}
EVENT_WORDS = {"battle_start": "When the battle phase starts", "battle_end": "When the battle phase ends",
          "step_start_character": "When the Character battle step starts",
          "build_roll": "When build points are rolled", "deployed": "When you deploy it",
          "discarded": "When it is discarded from its arena", "attack_end": "When its attack ends",
          "attacks": "When it attacks", "destroys": "When damage it deals makes a unit be discarded",
          "draw_step": "After you draw in your draw step"}


def _noun(word: str, plural: bool) -> str:
    if not plural or word.endswith(("s", "Jedi")):
        return word
    return word + "s"


def sel_text(sel: Sel | str, plural: bool = True) -> str:
    """A selector as words: 'your other Naboo Soldiers', or singular: 'your other Naboo Soldier'."""
    if sel == "self":
        return "this unit"
    assert isinstance(sel, Sel)
    if sel.any_of:
        return " or ".join(sel_text(a, plural) for a in sel.any_of)
    words = [("your", "your opponent's", "")[sel.owner]]
    if sel.other:
        words.append("other")
    if sel.tapped is not None:
        words.append("tapped" if sel.tapped else "untapped")
    if sel.damaged:
        words.append("damaged")
    if sel.side:
        words.append(f"{sel.side.title()} Side")
    if sel.name:
        words.append(sel.name)
    else:
        kinds = [*sel.subtypes] or [f"{t.title()} unit" for t in sel.types] or ["unit"]
        words.append("/".join(_noun(k, plural) for k in kinds))
    if sel.not_subtypes:
        words.append(f"(not {'/'.join(sel.not_subtypes)})")
    if sel.max_power is not None:
        words.append(f"with power {sel.max_power} or less")
    places = []
    for a in sel.arenas:
        places.append("the chosen arena" if a == ARENA_CHOSEN else "the attack's arena"
                      if a == ARENA_ATTACK else f"the {ARENAS[a].title()} arena")
    if sel.build_zone:
        words.append("retreated to the build zone")
    elif places:
        words.append("in " + " or ".join(places))
    if sel.other_than_defender:
        words.append("other than the defender")
    return " ".join(w for w in words if w)


def each_text(sel: Sel) -> str:
    """'each Bounty Hunter', 'each of your other Naboo Soldiers'."""
    return f"each {sel_text(sel, plural=False)}" if sel.owner == 2 else f"each of {sel_text(sel)}"


def one_of(sel: Sel) -> str:
    return f"one of the {sel_text(sel)}" if sel.owner == 2 else f"one of {sel_text(sel)}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _ref(ref: Op, it: str = "it", this: str = "this unit") -> str:
    """A unit reference; `it` and `this` name the chosen unit and the ability's own unit where
    they are known (a pending decision), else the words stay general."""
    kind = ref[0]
    if kind == "self":
        return this
    if kind == "chosen":
        return it
    if kind == "each":
        return each_text(ref[1])
    return "your attacking unit" if ref[1] else "the attacking unit"


def _mods(stats: tuple[int, ...]) -> str:
    names = ("speed", "power", "Critical Hit")
    return " and ".join(f"{v:+d} {n}" if n != "Critical Hit" else f"Critical Hit {v}"
                        for v, n in zip(stats, names, strict=True) if v)


def op_text(op: Op, it: str = "it", this: str = "this unit") -> str:
    name = op[0]
    if name == "choose":
        _, sel, by, _, hi = op
        who = "you choose" if by == 0 else "your opponent chooses"
        if hi == 1:
            return f"{who} {one_of(sel)}"
        return f"{who} {'any number of' if hi >= 99 else f'up to {hi}'} {sel_text(sel)}"
    if name == "choose_arena":
        among = op[2] if len(op) > 2 else (0, 1, 2)
        where = ("an arena" if len(among) == 3
                 else " or ".join(f"the {ARENAS[a].title()} arena" for a in among))
        return f"choose {where}" + (" where no unit has attacked this turn" if op[1] else "")
    if name == "branch":
        other = f"; otherwise {ops_text(op[3], it, this)}" if op[3] else ""
        return f"{_cond(dict(op[1])).strip(' ()')}: {ops_text(op[2], it, this)}{other}"
    if name == "grant":
        kw = op[2].replace("_", " ").title()
        gets = f"gets {kw} {op[3]}" if op[3] > 0 else f"loses {kw}"
        return f"{_ref(op[1], it, this)} {gets} {_UNTIL[op[4]]}"
    if name == "at_attack_end":
        return "when this attack ends, " + ops_text(op[1], it, this)
    if name == "no_evade":
        return f"for this attack, Evade can't prevent damage from {_ref(op[1], it, this)}"
    if name == "to_hand":
        return "this card goes back from your discard pile into your hand"
    if name == "choose_one":
        return "choose one: " + " or ".join("(" + ops_text(b, it, this) + ")" for b in op[1])
    if name == "may":
        then = "; if you do, " + ops_text(op[2], it, this) if op[2] else ""
        return "you may " + ops_text(op[1], it, this) + then
    if name == "modify":
        return f"{_ref(op[1], it, this)} gets {_mods(op[2])} {_UNTIL[op[3]]}"
    if name in ("damage", "dice_damage"):
        what = f"{op[2]} dice of damage" if name == "dice_damage" else f"{op[2]} damage"
        text = f"deal {what} to {_ref(op[1], it, this)}"
        if name == "damage" and op[3] is not None:
            has, pays = op[3]
            cond = ("" if has is None else
                    f"has a {sel_text(has, plural=False).replace('your ', '', 1)} and ")
            text += f" unless your opponent {cond}pays {pays} Force"
        if name == "damage" and len(op) > 4 and not isinstance(op[4], int):
            text += f"; Evade can't prevent it unless the unit is a {sel_text(op[4], plural=False)}"
        elif name == "damage" and len(op) > 4 and op[4]:
            text += "; Evade can't prevent it"
        return text
    if name == "remove_damage":
        return f"remove {'all' if op[2] < 0 else f'up to {op[2]}'} damage from {_ref(op[1], it, this)}"
    if name == "tap":
        if op[2] < 0:
            return f"roll a die for {_ref(op[1], it, this)}: on {-op[2]} or more, tap it"
        return f"tap {_ref(op[1], it, this)}" + (f" unless its owner pays {op[2]} Force" if op[2] else "")
    simple = {"untap": "untap {}", "retreat": "retreat {}", "discard_unit": "discard {}",
              "redeploy": "put {} back into its arena, untapped",
              "redirect": "the attacking unit attacks {} instead (if it can be attacked)",
              "discard_after_attack": "when this attack ends, discard {}",
              "command": "untap {}; the next time it would attack this turn, you may have it attack "
                         "another unit of its own side in that arena"}
    if name in simple:
        return simple[name].format(_ref(op[1], it, this))
    if name == "protect":
        unit = _ref(op[1], it, this)
        return {"while_others": f"{unit} can't be attacked this turn while you have another "
                                f"unit in its arena",
                "from_damage": f"prevent all damage to {unit} this turn",
                "guards_others": f"while {unit} is in its arena, your other units there can't "
                                 f"be attacked this turn"}[op[2]]
    if name == "mark_target":
        return (f"this turn, {sel_text(op[2])} get Critical Hit {op[3]} while attacking "
                f"{_ref(op[1], it, this)}")
    if name == "gain_force":
        who = {"you": "", "opponent": "your opponent ", "dark": "the Dark Side ",
               "light": "the Light Side "}[op[2] if len(op) > 2 else "you"]
        verb = f"{who}gains" if who else "gain"
        if len(op) > 3 and op[3] is not None:
            return f"{verb} 1 Force for each of {sel_text(op[3])}"
        return (f"{verb} Force equal to the damage prevented" if op[1] == "prevented"
                else f"{verb} {op[1]} Force")
    if name == "lose_force":
        who = {"you": "you lose", "opponent": "your opponent loses", "dark": "the Dark Side loses",
               "light": "the Light Side loses"}[op[1]]
        return f"{who} {op[2]} Force"
    if name == "build_points":
        side = {"you": "you get", "opponent": "your opponent gets", "dark": "the Dark Side gets",
                "light": "the Light Side gets"}[op[1]]
        if op[2] == "unit_cost":
            return f"{side} build points equal to the chosen unit's total build cost"
        return f"{side} {op[2]:+d} build points this turn"
    if name == "draw":
        return f"draw {op[1]} card{'s' if op[1] > 1 else ''}"
    if name == "to_deck_bottom":
        return f"put {op[1]} card{'s' if op[1] > 1 else ''} of your choice from hand under your deck"
    if name == "discard":
        who = "discard" if op[2] == "you" else "your opponent discards"
        return f"{who} {op[1]} card{'s' if op[1] > 1 else ''} of their choice from hand"
    if name == "discard_hand":
        return "discard your hand"
    if name == "transfer_damage":
        return "put damage counters on it to prevent as much damage"
    if name == "put_damage":
        return f"put {op[2]} damage counter{'s' if op[2] > 1 else ''} on {_ref(op[1], it, this)}"
    if name == "pause_build":
        return ("your build step pauses: your opponent's build step comes now, then yours goes on "
                "with the build points left")
    if name == "retreat_first":
        who = {"you": "your", "opponent": "your opponent's", "dark": "the Dark Side's",
               "light": "the Light Side's"}[op[1]]
        return f"this turn {who} retreat step comes first"
    if name == "search":
        what = {"battle": "a Battle card", "unit": "a unit card", "any": "a card"}[op[1]]
        if op[2]:
            what = f"a {'/'.join(op[2])} card"
        if op[3]:
            what += " with the name of one of your units in play"
        if len(op) > 4 and op[4]:
            return (f"search your deck for {what}, show it, put it face down in your build zone "
                    f"with {op[4]} build counter(s), and shuffle")
        return f"search your deck for {what}, show it, put it in your hand, and shuffle"
    if name == "reveal_until_unit":
        return ("choose a unit type; reveal cards from your deck until one of that type, take it, "
                "and shuffle the rest back")
    if name == "recover":
        kinds = "/".join(op[3]) if len(op) > 3 and op[3] else f"{op[1].title()} unit"
        return f"return up to {op[2]} {kinds} cards from your discard pile to your hand"
    if name == "look_at_hand":
        text = "look at your opponent's hand"
        if op[1]:
            text += f", then they discard a {' or '.join(op[1]).title()} card of your choice from it"
        return text
    if name == "crowd_control":
        return (f"each player, Dark Side first, discards one of their units from each arena where "
                f"they have {op[1]} or more")
    if name == "shield_arena":
        return f"prevent all damage dealt by {ARENAS[op[1]].title()} units this turn"
    if name == "forbid_retreat":
        return f"{sel_text(op[1])} can't retreat this turn"
    if name == "battle_tax":
        return f"Battle cards cost {op[1]} more Force this turn"
    if name == "at_battle_start":
        return "when the battle phase starts: " + ops_text(op[1], it, this)
    if name == "prevent":
        return "prevent all of that damage" if op[1] < 0 else f"prevent up to {op[1]} of that damage"
    if name == "deflect":
        return (f"prevent up to {op[1]} of that damage; the unit may deal as much to a unit in its "
                f"arena")
    if name == "reroll":
        which = {"your_dice": "any of your attack dice", "all_your_dice": "all your attack dice",
                 "opponent_dice": "any of the attack dice rolled against it"}
        return f"reroll {which[op[1]]}"
    return str(name).replace("_", " ")


def ops_text(ops: tuple[Op, ...], it: str = "it", this: str = "this unit") -> str:
    return "; ".join(op_text(op, it, this) for op in ops)


def _cost(ab: Ability, force: int) -> str:
    parts = [f"pay {force} Force"] if force else []
    if ab.tap:
        parts.append("tap it")
    if ab.discard:
        parts.append(f"discard {ab.discard} cards from your hand")
    if ab.damage_self:
        parts.append(f"put {ab.damage_self} damage on it")
    if ab.retreat_self:
        parts.append("retreat it")
    if ab.discard_self:
        parts.append("discard it from its arena")
    return ", ".join(parts) or "free"


def _cond(cond: dict[str, Any] | None) -> str:
    if not cond:
        return ""
    if "count" in cond:
        if cond.get("max") == 0:
            return f" while there is no {sel_text(cond['count'], plural=False)}"
        return f" while there is at least one {sel_text(cond['count'], plural=False)}"
    if cond.get("lost_character"):
        return " (only if one of your Characters was discarded from its arena this turn)"
    if cond.get("no_attack"):
        return " (only while no unit is attacking)"
    if "before_attacks_in" in cond:
        return f" (only before any unit attacks in the {ARENAS[cond['before_attacks_in']].title()} arena)"
    if cond.get("defending"):
        return " (only while one of your units is being attacked)"
    if cond.get("undamaged"):
        return " while it has no damage counters"
    if cond.get("bombarding"):
        return " (only while one of your Space units attacks a Ground unit)"
    return ""


def ability_text(ab: Ability) -> str:
    if ab.kind == "keyword":
        return f"{ab.keyword.replace('_', ' ').title()} {ab.n}"
    if ab.kind == "prevent" and ab.ops:
        onto = one_of(ab.ops[0][1])
        return (f"When damage is about to be dealt to this unit: move damage counters (as many as "
                f"you like) onto {onto}, preventing as much of it (once per damage instance)")
    if ab.kind == "prevent":
        if ab.self_only and not ab.then and not ab.tap and not ab.discard_self and not ab.damage_self \
                and not ab.retreat_self:
            return f"{'Deflect' if ab.deflect else 'Evade'} {ab.n} (pay {ab.force} Force)"
        whom = "this unit" if ab.self_only else (sel_text(ab.target) if ab.target else "a unit")
        amount = "all" if ab.n < 0 else f"up to {ab.n}"
        then = f"; then {ops_text(ab.then)}" if ab.then else ""
        whom = whom if ab.self_only or not ab.target else one_of(ab.target)
        return f"{_cap(_cost(ab, ab.force))}: prevent {amount} damage about to be dealt to {whom}{then}"
    if ab.kind == "static":
        st = ab.static
        if "mods" in st:
            who = "this unit" if st["units"] == "self" else each_text(st["units"])
            when = ""
            if st.get("attacking") == "self":
                when = " while attacking this unit"
            elif "attacking" in st:
                when = f" while attacking a {sel_text(st['attacking'], plural=False).replace('your ', '')}"
            per = f" for each of {sel_text(st['per'])}" if "per" in st else ""
            return f"{_cap(who)} gets {_mods(st['mods'])}{per}{when}{_cond(ab.cond)}"
        if "deploy_cost" in st:
            return f"{_cap(sel_text(st['cards']))} cost {-st['deploy_cost']} fewer build counters to deploy"
        if "cant_retreat" in st:
            return f"{_cap(sel_text(st['cant_retreat']))} can't retreat"
        if "ability_cost" in st:
            return f"Your opponent's units' activated abilities cost {st['ability_cost']} more Force"
        return "Your opponent builds face up (the cards still count as face down)"
    if ab.kind == "activated":
        return f"{_cap(_cost(ab, ab.force))}, {TIMING_WORDS[ab.timing]}: {ops_text(ab.ops)}{_cond(ab.cond)}"
    if ab.kind == "trigger":
        what = f" ({sel_text(ab.target, plural=False)})" if ab.target is not None else ""
        how = f" (you may pay {ab.force} Force)" if ab.force else " (optional)" if ab.optional else ""
        return f"{EVENT_WORDS[ab.timing]}{what}{how}: {ops_text(ab.ops)}"
    if ab.kind == "treat_as":
        return f"Counts as a {ab.static['subtype']} too"
    if ab.kind == "reroll":
        return "When attacked, its owner may reroll any of the attack dice rolled against it (once an attack)"
    if ab.kind == "play":
        return f"Play for {ab.force} Force, {TIMING_WORDS[ab.timing]}{_cond(ab.cond)}: {ops_text(ab.ops)}"
    if ab.kind == "mission":
        return f"When completed{_cond(ab.cond)}: {ops_text(ab.ops)}"
    if ab.kind == "pilot":
        kinds = " or ".join(ab.static["onto"].subtypes)
        gets = _mods(ab.static["mods"]) or "nothing more"
        return f"Pilot: may fly one of your non-Droid {kinds} units, which then gets {gets}"
    return ab.kind


def card_lines(d: CardDef) -> list[str]:
    f = d.facts
    head = f"{f.name} ({f.set} {f.number or 'promo'}, {f.side}, {f.type}"
    head += f", {f.subtype})" if f.subtype else ")"
    lines = [head]
    if d.kind == 0:
        lines.append(f"  cost {f.cost}  speed {f.speed}  power {f.power}  health {f.health}")
    elif f.cost is not None:
        lines.append(f"  cost {f.cost}")
    if not d.implemented:
        lines.append("  abilities: not implemented in Dejarik (playable with --allow-unimplemented, "
                     "printed stats only)")
    for ab in d.abilities:
        lines.append(f"  - {ability_text(ab)}")
    if d.implemented and not d.abilities:
        lines.append("  (no abilities)")
    return lines
