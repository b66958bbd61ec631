"""Abilities in Dejarik's own words, rendered from the structured vocabulary (never the
printed card text, which Dejarik does not ship)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dejarik.tcg.abilities import (
    ARENA_ATTACK,
    ARENA_CHOSEN,
    ARENA_THREATENED,
    ARENAS,
    FLAG_KEYWORDS,
    Ability,
    Op,
    Sel,
)
from dejarik.tcg.carddefs import CardDef

_OWNER = ("your", "your opponent's", "any")
_UNTIL = ("for this attack", "until the end of the battle phase", "this turn")
TIMING_WORDS = {"build": "in your build step", "would_attack": "instead of attacking with it",
           "attack": "while it attacks", "reroll": "after attack dice are rolled",
           "prevent": "when damage is about to be dealt", "any": "at a chance to play in battle",
           "intercept": "when another of your units in its arena is attacked",
           "retaliate": "when a unit of its arena attacks it"}
EVENT_WORDS = {"battle_start": "When the battle phase starts", "battle_end": "When the battle phase ends",
          "step_start_character": "When the Character battle step starts",
          "build_roll": "When build points are rolled", "deployed": "When you deploy it",
          "discarded": "When it is discarded from its arena", "attack_end": "When its attack ends",
          "attacks": "When it attacks", "destroys": "When damage it deals makes a unit be discarded",
          "draw_step": "After you draw in your draw step",
          "damages": "When damage it deals is placed on a unit",
          "discarded_from_hand": "When an effect of your opponent's makes you discard it from your hand",
          "attacked": "When a unit attacks it", "takes_damage": "When it takes damage and stays in its arena",
          "other_deployed": "When you deploy another unit",
          "step_start_space": "When the Space battle step starts",
          "step_start_ground": "When the Ground battle step starts",
          "step_end_space": "When the Space battle step ends",
          "step_end_ground": "When the Ground battle step ends",
          "step_end_character": "When the Character battle step ends",
          "build_step_start": "When your build step starts", "draws": "When you draw a card"}


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
    if sel.unique is not None:
        words.append("unique" if sel.unique else "non-unique")
    if sel.name:
        words.append(sel.name)
    else:
        kinds = ([*sel.subtypes] or ([" ".join(sel.all_subtypes)] if sel.all_subtypes else [])
                 or [f"{t.title()} unit" for t in sel.types] or ["unit"])
        if sel.location:      # "a Naboo Location": the subtype words, then the card type
            kinds = [f"{' '.join(sel.subtypes)} Location".strip()]
        words.append("/".join(_noun(k, plural) for k in kinds))
    if sel.not_subtypes:
        words.append(f"(not {'/'.join(sel.not_subtypes)})")
    if sel.max_power is not None:
        words.append(f"with power {sel.max_power} or less")
    if sel.min_power is not None:
        words.append(f"with power {sel.min_power} or more")
    if sel.max_health is not None:
        words.append(f"with total health {sel.max_health} or less")
    if sel.stacked is not None:
        words.append("with a stack" if sel.stacked else "with no stack")
    if sel.only_chosen:
        words.append("(only the one chosen earlier)")
    if sel.piloted is not None:
        words.append("with a pilot aboard" if sel.piloted else "with no pilot aboard")
    if sel.has_keyword:
        words.append(f"that has {sel.has_keyword.replace('_', ' ').title()}")
    places = []
    for a in sel.arenas:
        places.append("the chosen arena" if a == ARENA_CHOSEN else "the attack's arena"
                      if a == ARENA_ATTACK else "the damaged unit's arena" if a == ARENA_THREATENED
                      else f"the {ARENAS[a].title()} arena")
    if sel.anywhere:
        words.append("in an arena or a build zone (face-down cards: only your own)")
    elif sel.build_zone:
        if places:      # the arena a unit's type belongs to
            words.append("of " + " or ".join(places).replace("the ", "", 1) + " type")
        words.append("retreated to the build zone")
    elif places:
        words.append("in " + " or ".join(places))
    if sel.other_than_defender:
        words.append("other than the defender")
    if sel.other_than_chosen:
        words.append("other than the one chosen before")
    if sel.other_than_threatened:
        words.append("other than the one the damage is about to be dealt to")
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
    if kind == "threatened":
        return "the unit the damage is about to be dealt to"
    if kind == "defender":
        return "the defending unit"
    if kind == "last_attacker":
        return "the unit that made the last attack"
    if kind == "each":
        return each_text(ref[1])
    return "your attacking unit" if ref[1] else "the attacking unit"


def _mods(stats: tuple[int | str, ...]) -> str:
    names = ("speed", "power", "Critical Hit")
    return " and ".join("power equal to the chosen unit's" if v == "chosen_power"
                        else f"{v:+d} {n}" if n != "Critical Hit" else f"Critical Hit {v}"
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
    if name == "grant_all":
        gets = f"get {op[2].replace('_', ' ').title()} {op[3]}" if op[3] > 0 else \
            f"lose {op[2].replace('_', ' ').title()}"
        return f"this turn, {sel_text(op[1])} (also those that come into play later) {gets}"
    if name == "forbid_plays":
        who = {"you": "you", "opponent": "your opponent", "dark": "the Dark Side",
               "light": "the Light Side"}[op[1]]
        if op[2] == "build_points":
            return f"{who} can't spend build points this turn"
        what = "Battle cards" if op[2] == "battle" else "activated abilities"
        return f"{who} can't play {what} this turn"
    if name == "chain_attack":
        return "it attacks that unit"
    if name == "raise_in_stack":
        return (f"a card stacked under {it} of your choice goes on top of the stack; when the turn ends, "
                f"the card that was on top goes back on top")
    if name == "restack_to":
        return f"put {op[2]} on top of its stack" + ("" if op[3] else " until the turn ends")
    if name == "roll_off":
        return (f"choose {one_of(op[1])}; each player rolls a die for their unit, and the unit with "
                f"the lower roll is tapped (both on a tie)")
    if name == "roll_off_dice":
        return "each player rolls a die; the lower roll's unit is tapped (both on a tie)"
    if name == "to_build_face_down":
        return (f"remove all damage from {it}; it goes face down into your build zone with {op[2]} "
                f"build counters, and the cards stacked with it and its pilots are discarded")
    if name == "forbid_attack":
        return f"this turn {sel_text(op[1])} can't attack"
    if name == "arena_prevent":
        return (f"this turn, {op[1]} of each damage about to be dealt to your units in the chosen arena "
                f"is prevented")
    if name == "one_die":
        return "for this attack, your attacking unit rolls only 1 die, whatever its power"
    if name == "damage_discards":
        return "if your attacking unit damages the defending unit in this attack, that unit is discarded"
    if name == "recoil":
        return ("for this attack, the attacking unit takes as much damage as it places on the "
                "defending unit")
    if name == "forbid_deploy":
        return f"this turn {sel_text(op[1])} can't be deployed or put into their arena"
    if name == "reclaim_counters":
        return ("remove all build counters from your partially built cards (they stay partly "
                "built); you get as many build points this turn")
    if name == "extra_battle_step":
        return "another battle step begins in the chosen arena"
    if name == "cross_arena_power":
        how = "Bombard on a Ground unit" if op[1] == 0 else "Ion Cannon on a Space unit"
        return f"this turn each of your units gets +{op[2]} power while using {how}"
    if name == "hand_to_build":
        kinds = "/".join(op[2]) or (f"{op[1].title()} unit" if op[1] else "unit")
        return (f"show a {kinds} card from your hand and put it face down into your build zone "
                f"with 1 build counter for each of {sel_text(op[3])}")
    if name == "at_attack_end":
        return "when this attack ends, " + ops_text(op[1], it, this)
    if name == "no_evade":
        return f"for this attack, Evade can't prevent damage from {_ref(op[1], it, this)}"
    if name == "to_hand" and op[1:] == ("stack",):
        return ("this card, with the cards that were stacked with it and its pilots, goes back "
                "from your discard pile into your hand")
    if name == "to_hand":
        return "this card goes back from your discard pile into your hand"
    if name == "to_arena":
        return "put this card from your discard pile into its arena"
    if name == "discard_face_down":
        who = "your opponent's" if op[1] == "opponent" else "your"
        unless = f", unless its owner pays {op[2]} Force" if op[2] else ""
        return f"choose one of {who} face-down cards in the build zone: it is discarded{unless}"
    if name == "arrange_top":
        whose = "your" if op[1] == "you" else "your opponent's"
        mill = (f", discard any {op[3].title()} unit cards among them" if op[3] else "")
        return (f"look at the top {op[2]} cards of {whose} deck{mill}, and put the rest back on top "
                f"in any order")
    if name == "split_hits":
        return f"{op[3]} of the {op[2]} hits go on the unit chosen, {op[2] - op[3]} on the defender"
    if name == "discard_card":
        return "that face-down card is discarded"
    if name == "divide_hits":
        return ("for this attack, you may divide your attacking unit's hits between the defender and "
                "another of your opponent's units in its arena")
    if name == "speed_damage":
        then = "; then discard it" if op[2] else ""
        return (f"it deals 1 damage for each 10 speed it has to {one_of(op[1])} you choose{then}")
    if name == "move_damage":
        return (f"move {op[1]} damage counter(s) from it to another unit in its arena you choose "
                f"(nothing prevents them)")
    if name == "pay_defender_cost":
        return (f"you may pay Force equal to the defending unit's total build cost; if you do, "
                f"{ops_text(op[1], it, this)}")
    if name == "choose_one":
        return "choose one: " + " or ".join("(" + ops_text(b, it, this) + ")" for b in op[1])
    if name == "may":
        then = "; if you do, " + ops_text(op[2], it, this) if op[2] else ""
        return "you may " + ops_text(op[1], it, this) + then
    if name == "modify":
        return f"{_ref(op[1], it, this)} gets {_mods(op[2])} {_UNTIL[op[3]]}"
    if name in ("damage", "dice_damage"):
        what = f"{op[2]} dice of damage" if name == "dice_damage" else f"{op[2]} damage"
        if op[2] == "counters":
            what = "as much damage as it has damage counters"
        elif op[2] == "power":
            what = "as many dice of damage as this unit's power"
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
              "return_to_hand": "return {} to its owner's hand, with its stack and pilots",
              "to_deck_top": "put {} on top of its owner's deck, with its stack and pilots",
              "chain_attacks": ("this turn, each time {} attacks, when the attack ends it attacks a "
                                "unit of its arena it has not attacked this turn"),
              "redeploy": "put {} back into its arena, untapped",
              "redirect": "the attacking unit attacks {} instead (if it can be attacked)",
              "discard_after_attack": "when this attack ends, discard {}",
              "command": "untap {}; the next time it would attack this turn, you may have it attack "
                         "another unit of its own side in that arena"}
    if name == "discard_unit" and len(op) > 2 and op[2]:
        return f"discard {_ref(op[1], it, this)} unless you pay {op[2]} Force"
    if name == "redeploy" and len(op) > 2 and op[2]:
        return f"put {_ref(op[1], it, this)} back into its arena (tapped or not, as it was)"
    if name in simple:
        return simple[name].format(_ref(op[1], it, this))
    if name == "protect":
        unit = _ref(op[1], it, this)
        return {"while_others": f"{unit} can't be attacked this turn while you have another "
                                f"unit in its arena",
                "from_damage": f"prevent all damage to {unit} this turn",
                "guards_others": f"while {unit} is in its arena, your other units there can't "
                                 f"be attacked this turn",
                "cant_be_attacked": f"{unit} can't be attacked this turn"}[op[2]]
    if name == "mark_target":
        gets = " and ".join(f"{k} {v}" for k, v in (("Critical Hit", op[3]),
                                                     ("Accuracy", op[4] if len(op) > 4 else 0)) if v)
        return f"this turn, {sel_text(op[2])} get {gets} while attacking {_ref(op[1], it, this)}"
    if name == "gain_force":
        who = {"you": "", "opponent": "your opponent ", "dark": "the Dark Side ",
               "light": "the Light Side "}[op[2] if len(op) > 2 else "you"]
        verb = f"{who}gains" if who else "gain"
        if len(op) > 3 and op[3] is not None:
            return f"{verb} 1 Force for each of {sel_text(op[3])}"
        if op[1] == "unit_cost":
            return f"{verb} Force equal to the chosen unit's total build cost"
        return (f"{verb} Force equal to the damage prevented" if op[1] == "prevented"
                else f"{verb} {op[1]} Force")
    if name == "lose_force":
        who = {"you": "you lose", "opponent": "your opponent loses", "dark": "the Dark Side loses",
               "light": "the Light Side loses"}[op[1]]
        return f"{who} all of their Force" if op[2] < 0 else f"{who} {op[2]} Force"
    if name == "build_points":
        side = {"you": "you get", "opponent": "your opponent gets", "dark": "the Dark Side gets",
                "light": "the Light Side gets"}[op[1]]
        if op[2] == "unit_cost":
            return f"{side} build points equal to the chosen unit's total build cost"
        if op[2] == "count":
            return f"{side} 1 build point this turn for each of {sel_text(op[3])}"
        return f"{side} {op[2]:+d} build points this turn"
    if name == "draw":
        return f"draw {op[1]} card{'s' if op[1] > 1 else ''}"
    if name == "to_deck_bottom":
        return f"put {op[1]} card{'s' if op[1] > 1 else ''} of your choice from hand under your deck"
    if name == "discard":
        who = "discard" if op[2] == "you" else "your opponent discards"
        return f"{who} {op[1]} card{'s' if op[1] > 1 else ''} of their choice from hand"
    if name == "discard_hand":
        return "your opponent discards their hand" if op[1:] == ("opponent",) else "discard your hand"
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
        what = {"battle": "a Battle card", "unit": "a unit card", "location": "a Location card",
                "any": "a card"}[op[1]]
        if op[2]:
            what = f"{'/'.join(op[2])} {'Location' if op[1] == 'location' else 'card'}"
            what = ("an " if what[0] in "AEIOU" else "a ") + what
        if len(op) > 6 and op[6]:
            what += " with the chosen unit's name"
        if op[3]:
            what += " with the name of one of your units in play"
        if len(op) > 5 and op[5]:
            what = f"a {op[5]} card"
        if len(op) > 4 and op[4] < 0:
            return (f"search your deck for {what} that may stack under your unit of its name in the "
                    f"Character arena, put it under that unit, and shuffle")
        if len(op) > 4 and op[4]:
            return (f"search your deck for {what}, show it, put it face down in your build zone "
                    f"with {op[4]} build counter(s), and shuffle")
        return f"search your deck for {what}, show it, put it in your hand, and shuffle"
    if name == "reveal_until_unit":
        return ("choose a unit type; reveal cards from your deck until one of that type, take it, "
                "and shuffle the rest back")
    if name == "recover":
        kinds = "/".join(op[3]) if len(op) > 3 and op[3] else \
            f"{'/'.join(k.title() for k in op[1].split('|'))} unit"
        if len(op) > 4:
            return (f"put up to {op[2]} {kinds} cards of different names from your discard pile into "
                    f"their arena (not a deployment)")
        return f"return up to {op[2]} {kinds} cards from your discard pile to your hand"
    if name == "look_at_hand":
        text = "look at your opponent's hand" + (
            " and the face-down cards of their build zone" if len(op) > 2 and op[2] else "")
        if op[1]:
            kinds = " or ".join(k.title() for k in op[1])
            text += f", then they discard a {kinds} card of your choice from it"
        return text
    if name == "card_counter":
        return f"put {op[1]} counter(s) on this card"
    if name == "cash_counters":
        return "remove all counters from this card: +1 build point this turn for each"
    if name == "by_roll":
        return "roll a die: " + "; ".join(f"{k + 1}) {ops_text(b, it, this)}" for k, b in enumerate(op[1]))
    if name == "unless_tapped":
        return f"unless your opponent tapped it: {ops_text(op[1], it, this)}"
    if name == "at_step_end":
        return f"when the {ARENAS[op[1]].title()} battle step ends this turn: {ops_text(op[2], it, this)}"
    if name == "fastest_side":
        return (f"the player whose fastest unit in the {ARENAS[op[1]].title()} arena is faster "
                f"(none on a tie): {ops_text(op[2], it, this)}")
    if name == "enhance":
        return (f"Enhance: you may pay {op[1]} more Force for: {ops_text(op[2], it, this)}; "
                f"otherwise {ops_text(op[3], it, this)}")
    if name == "roll_vs_build":
        return (f"roll a die: if it shows the build roll, {ops_text(op[1], it, this)}; otherwise, "
                f"{ops_text(op[2], it, this)}")
    if name == "adjust_roll":
        return (f"the build roll goes {'up' if op[1] > 0 else 'down'} by {abs(op[1])} (staying within 1 "
                f"to 6), and both players' build points with it")
    if name == "discard_slowest":
        return (f"if there are more than {op[2]} units in the {ARENAS[op[1]].title()} arena, the one "
                f"with the lowest speed is discarded (you choose among those tied)")
    if name == "crowd_control":
        return (f"each player, Dark Side first, discards one of their units from each arena where "
                f"they have {op[1]} or more")
    if name == "shield_arena":
        where = "the chosen arena's" if op[1] < 0 else f"{ARENAS[op[1]].title()}"
        return f"prevent all damage dealt by {where} units this turn"
    if name == "protect_arena":
        where = "the chosen arena" if op[1] < 0 else f"the {ARENAS[op[1]].title()} arena"
        return f"prevent all damage that would be dealt to units in {where} this turn"
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
                 "all_attack_dice": "all the attack dice just rolled",
                 "opponent_dice": "any of the attack dice rolled against it"}
        if op[1] == "lucky":
            return f"reroll up to {op[2]} of the attack dice"
        return f"reroll {which[op[1]]}"
    if name == "reveal_build":
        return (f"reveal the top {op[1]} cards of your deck; put a {op[2].title()} card among them "
                f"face down in your build zone with {op[3]} build counter(s), and discard the rest")
    if name == "reveal_take":
        who = {"you": "you reveal", "opponent": "your opponent reveals", "dark": "the Dark Side reveals",
               "light": "the Light Side reveals"}[op[1]]
        return (f"name a card type; {who} the top {op[2]} cards of the deck, puts those of that "
                f"type into the hand and discards the rest")
    if name == "gather":
        force = f"; gain {op[2]} Force for each card taken" if op[2] else ""
        return (f"take any number of {'/'.join(op[1])} cards with different names from your deck "
                f"into your hand, shown, and shuffle{force}")
    if name == "predict_hits":
        return f"predict how many hits the attack's dice will show; if right, {ops_text(op[1], it, this)}"
    if name == "tame":
        return f"this turn you decide whether {_ref(op[1], it, this)} attacks and which unit, of either side"
    if name == "unpilot":
        return (f"move one of your pilots aboard a unit in the {ARENAS[op[1]].title()} arena off "
                f"into the Character arena")
    if name == "grant_ability":
        verb = "get" if op[1][0] == "each" else "gets"
        return f"{_ref(op[1], it, this)} {verb} this card's ability {op[2] + 1} this turn"
    if name == "match_speed":
        return f"the slower of the units named gets speed equal to the difference {_UNTIL[op[2]]}"
    if name == "offer_reroll":
        return ("this turn, when your opponent's units in the chosen arena roll attack dice, you may "
                "have all those dice rerolled")
    if name == "reach_build_zone":
        bonus = f", with {op[3]:+d} power for such an attack" if op[3] else ""
        return (f"this turn {_ref(op[1], it, this)} may attack {sel_text(op[2])}{bonus}")
    if name == "forbid_evade":
        return f"{_ref(op[1], it, this)} can't use Evade this turn"
    if name == "disarm":
        return f"prevent all damage {_ref(op[1], it, this)} would deal to the defender in this attack"
    if name == "then_list":
        return ops_text(op[1], it, this)
    if name == "unless_pays":
        who = {"you": "you pay", "opponent": "your opponent pays", "dark": "the Dark Side pays",
               "light": "the Light Side pays"}[op[1]]
        return f"{ops_text(op[3][1], it, this)}, unless {who} {op[2]} Force"
    if name == "offer":
        who = {"you": "you", "opponent": "your opponent", "dark": "the Dark Side",
               "light": "the Light Side"}[op[1]]
        return f"{who} may pay {op[2]} Force; if so, {ops_text(op[3], it, this)}"
    if name == "refresh_hand":
        who = {"you": "you", "opponent": "your opponent", "dark": "the Dark Side",
               "light": "the Light Side"}[op[1]]
        s = "" if who == "you" else "s"
        return f"{who} discard{s} the hand and draw{s} as many cards"
    if name == "build_counters" and op[1] < 0:
        whose = "your" if op[4] == "you" else "your opponent's"
        return f"remove up to {-op[1]} build counters from a face-down card in {whose} build zone"
    if name == "build_counters":
        what = "/".join(op[3]) if op[3] else (f"{op[2].title()}" if op[2] else "")
        then = "; with enough counters, you may deploy it at once" if len(op) > 5 and op[5] else ""
        return (f"show a face-down {what + ' ' if what else ''}card in your build zone and put "
                f"{op[1]} build counter{'s' if op[1] > 1 else ''} on it{then}")
    if name == "at_turn_end":
        return "when this turn ends (before arena control is checked): " + ops_text(op[1], it, this)
    if name == "win":
        return "you win the game"
    if name == "overkill":
        return "the hits beyond what destroys the defender go on the unit chosen"
    return str(name).replace("_", " ")


def ops_text(ops: tuple[Op, ...], it: str = "it", this: str = "this unit") -> str:
    return "; ".join(op_text(op, it, this) for op in ops)


def _cost(ab: Ability, force: int) -> str:
    parts = [f"pay {force} Force"] if force else []
    if ab.tap:
        parts.append("tap it")
    if ab.discard:
        kinds = "/".join(t.title() for t in ab.discard_types)
        parts.append(f"discard {ab.discard} {kinds + ' ' if kinds else ''}cards from your hand")
    if ab.damage_self:
        parts.append(f"put {ab.damage_self} damage on it")
    if ab.retreat_self:
        parts.append("retreat it")
    if ab.build_points:
        parts.append(f"pay {ab.build_points} build point{'s' if ab.build_points > 1 else ''}")
    if ab.discard_self:
        parts.append("discard it from its arena")
    return ", ".join(parts) or "free"


def _cond(cond: dict[str, Any] | None) -> str:
    if not cond:
        return ""
    if "all" in cond:
        return " and".join(_cond(c) for c in cond["all"])
    if "count" in cond:
        if cond.get("max") == 0:
            return f" while there is no {sel_text(cond['count'], plural=False)}"
        if cond.get("min", 1) > 1:
            return f" while there are at least {cond['min']} {sel_text(cond['count'])}"
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
    if cond.get("piloted"):
        return " while it has a pilot aboard"
    if cond.get("outcosts_defender") and len(cond) == 1:
        return " (only while the unit attacked has a lower total build cost than the attacker)"
    if cond.get("bombarding"):
        return " (only while one of your Space units attacks a Ground unit)"
    if "last_attack_missed" in cond:
        what = sel_text(cond["last_attack_missed"], plural=False)
        return f" (only right after an attack by {what} that rolled no hits, before any other attack)"
    if "before_own_attacks_in" in cond:
        return (f" (only before any of your units attacks in the "
                f"{ARENAS[cond['before_own_attacks_in']].title()} arena)")
    if "hand" in cond:
        return f" (only with {cond['hand']} or more cards in your hand)"
    if "force" in cond:
        return f" (only with {cond['force']} Force or more)"
    if "partial_cards" in cond:
        return f" (only with exactly {cond['partial_cards']} other partially built card(s))"
    if "more_than" in cond:
        return (f" (only while there are more {sel_text(cond['count'])} than "
                f"{sel_text(cond['more_than'])})")
    if "damaged_unit" in cond:
        what = sel_text(cond["damaged_unit"], plural=False).replace("your ", "", 1)
        return f" (only for damage to a {what})"
    if "damage_source" in cond:
        return f" (only for damage dealt by {sel_text(cond['damage_source'], plural=False)})"
    if "attacking_unit" in cond or "defender" in cond:
        parts = []
        if "attacking_unit" in cond:
            parts.append(f"the attacking unit is {sel_text(cond['attacking_unit'], plural=False)}")
        if "defender" in cond:
            parts.append(f"the defending unit is {sel_text(cond['defender'], plural=False)}")
        return f" (only while {' and '.join(parts)})"
    if "attacker" in cond:
        what = sel_text(cond["attacker"], plural=False).replace("your ", "", 1)
        return f" (only while your attacking unit is a {what})"
    return ""


def ability_text(ab: Ability) -> str:
    if ab.from_discard:
        return ("Only while this card is in your discard pile: "
                + ability_text(replace(ab, from_discard=False)))
    if ab.reserves:
        return ("Reserves (only while it is retreated in your build zone): "
                + ability_text(replace(ab, reserves=False)))
    if ab.kind == "keyword":
        if ab.keyword in FLAG_KEYWORDS:
            return ab.keyword.title()
        return f"{ab.keyword.replace('_', ' ').title()} {ab.n}"
    if ab.kind == "prevent" and ab.ops:
        onto = one_of(ab.ops[0][1])
        return (f"When damage is about to be dealt to this unit: move damage counters (as many as "
                f"you like) onto {onto}, preventing as much of it (once per damage instance)")
    if ab.kind == "prevent":
        if ab.self_only and (ab.evade or ab.deflect) and not ab.then and not ab.tap and not ab.discard_self \
                and not ab.damage_self and not ab.retreat_self:
            return f"{'Deflect' if ab.deflect else 'Evade'} {ab.n} (pay {ab.force} Force){_cond(ab.cond)}"
        whom = "this unit" if ab.self_only else (sel_text(ab.target) if ab.target else "a unit")
        amount = "all" if ab.n < 0 else f"up to {ab.n}"
        then = f"; then {ops_text(ab.then)}" if ab.then else ""
        whom = whom if ab.self_only or not ab.target else one_of(ab.target)
        return (f"{_cap(_cost(ab, ab.force))}: prevent {amount} damage about to be dealt to "
                f"{whom}{then}{_cond(ab.cond)}")
    if ab.kind == "static":
        st = ab.static
        if "ability" in st and not any(st["mods"]):
            who = "this unit" if st["units"] == "self" else each_text(st["units"])
            return f"{_cap(who)} gets the ability: {ability_text(st['ability'])}{_cond(ab.cond)}"
        if "mods" in st:
            who = "this unit" if st["units"] == "self" else each_text(st["units"])
            when = ""
            if st.get("attacking") == "self":
                when = " while attacking this unit"
            elif "attacking" in st:
                when = f" while attacking a {sel_text(st['attacking'], plural=False).replace('your ', '')}"
            if st.get("per") == "damage":
                per = " for each damage counter on it"
            else:
                per = f" for each of {sel_text(st['per'])}" if "per" in st else ""
            bonus = [_mods(st["mods"])] if any(st["mods"]) else []
            if "grants" in st:
                bonus.append(f"{st['grants'][0].replace('_', ' ').title()} {st['grants'][1]}")
            if st.get("cant_attack"):
                return f"{_cap(who)} can't attack{when}{_cond(ab.cond)}"
            return f"{_cap(who)} gets {' and '.join(bonus)}{per}{when}{_cond(ab.cond)}"
        if "lure" in st:
            return f"{_cap(each_text(st['lure']))} must attack this unit whenever it can"
        if "forbid_plays" in st:
            return ("You can't play Battle cards" if st["forbid_plays"] == "battle"
                    else "You can't play activated abilities")
        if "deploy_cost" in st:
            return f"{_cap(sel_text(st['cards']))} cost {-st['deploy_cost']} fewer build counters to deploy"
        if "cant_retreat" in st:
            return f"{_cap(sel_text(st['cant_retreat']))} can't retreat"
        if "self_cost" in st:
            n = st["self_cost"]
            return (f"This card costs {abs(n)} {'fewer' if n < 0 else 'more'} build counter(s) to "
                    f"deploy{_cond(ab.cond)}")
        if "unlimited_stack" in st:
            return f"{_cap(sel_text(st['unlimited_stack']))} may have more than 4 cards in a stack"
        if "rescues_pilot" in st:
            return (f"When {one_of(st['rescues_pilot'])} is discarded with pilots aboard, you may move one "
                    f"of them to your build zone instead; if you do, discard this unit")
        if "open_hand" in st:
            return "Your opponent plays with their hand face up"
        if "extra_draw" in st:
            return f"You draw {st['extra_draw']} extra card(s) in your draw step"
        if "extra_pilot" in st:
            return f"It may carry an extra pilot: {sel_text(st['extra_pilot'], plural=False)}"
        if "keeps_pilots" in st:
            return ("When it is discarded, you may move its pilots to your build zone instead of "
                    "discarding them")
        if "reach" in st:
            return f"It may attack {sel_text(st['reach'][0])}"
        if "ability_cost" in st:
            return f"Your opponent's units' activated abilities cost {st['ability_cost']} more Force"
        return "Your opponent builds face up (the cards still count as face down)"
    if ab.kind == "ward" and ab.target is not None:
        return (f"When {one_of(ab.target)} would damage this unit, that damage is prevented unless "
                f"your opponent pays {ab.n} Force")
    if ab.kind == "activated" and ab.timing == "retaliate":
        return (f"Retaliate {ab.n} (pay {ab.force} Force): when a unit of its arena attacks it, "
                f"{ab.n} dice of damage to the attacker when the attack ends")
    if ab.kind == "activated" and ab.timing == "intercept":
        return (f"Intercept (pay {ab.force} Force): when another of your units in its arena is "
                f"attacked, it becomes the defender")
    if ab.kind == "activated":
        once = " (once a turn)" if ab.once_per_turn else ""
        return (f"{_cap(_cost(ab, ab.force))}, {TIMING_WORDS[ab.timing]}{once}: {ops_text(ab.ops)}"
                f"{_cond(ab.cond)}")
    if ab.kind == "trigger":
        what = f" ({sel_text(ab.target, plural=False)})" if ab.target is not None else ""
        how = f" (you may pay {ab.force} Force)" if ab.force else " (optional)" if ab.optional else ""
        return f"{EVENT_WORDS[ab.timing]}{what}{how}: {ops_text(ab.ops)}"
    if ab.kind == "treat_as":
        return f"Counts as a {ab.static['subtype']} too"
    if ab.kind == "reroll" and ab.ops and ab.ops[0][1] == "lucky":
        return (f"Lucky {ab.n}: when it attacks or is attacked, its owner may reroll up to {ab.n} "
                f"of the attack dice (once a roll)")
    if ab.kind == "reroll":
        return "When attacked, its owner may reroll any of the attack dice rolled against it (once an attack)"
    if ab.kind == "secret_roll":
        return ("Its attack dice are rolled in secret, once the chance to prevent the damage is over "
                "(prevention counts against the most they could do; no reroll reaches them)")
    if ab.kind == "modes":
        lines = [f"speed {sp}, power {pw}, health {hp}" + "".join(
                 f", {k} {v}" for k, v in (("Critical Hit", crit), ("Accuracy", acc)) if v)
                 for sp, pw, hp, crit, acc in ab.static["modes"]]
        return ("When deployed, and at the start of each ready phase (or keep the last), choose its "
                "stats: " + " or ".join(f"({x})" for x in lines))
    if ab.kind == "play" and ab.static.get("copy"):
        return ("Play it whenever a Battle card your opponent played this turn could be played: pay "
                "that card's cost, meet its conditions, and get its effects")
    if ab.kind == "play":
        when = " or ".join(TIMING_WORDS[t] for t in ab.timing.split("|"))
        return f"Play for {ab.force} Force, {when}{_cond(ab.cond)}: {ops_text(ab.ops)}"
    if ab.kind == "mission":
        return f"When completed{_cond(ab.cond)}: {ops_text(ab.ops)}"
    if ab.kind == "granted":
        return f"Given to units by this card: {ability_text(ab.static['ability'])}"
    if ab.kind == "pilot":
        kinds = " or ".join(ab.static["onto"].subtypes)
        kws = [f"{k.replace('_', ' ').title()} {n}" for k, n in ab.static.get("keywords", ())]
        gets = " and ".join([*([_mods(ab.static["mods"])] if any(ab.static["mods"]) else []), *kws])
        gets = gets or "nothing more"
        granted = "".join(f"; and the ability: {ability_text(g)}" for g in ab.static.get("abilities", ()))
        when = _cond(ab.static.get("if")) if ab.static.get("if") else ""
        if ab.static.get("disembark", -1) >= 0:
            granted += (f"; when the {ARENAS[ab.static['disembark']].title()} battle step ends, the "
                        f"pilot moves off into the Character arena")
        return f"Pilot: may fly one of your non-Droid {kinds} units, which then gets {gets}{when}{granted}"
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
    if d.homes:
        lines.append(f"  Location: goes into the {' or '.join(ARENAS[a].title() for a in d.homes)} arena")
    if not d.implemented:
        lines.append("  abilities: not implemented in Dejarik (playable with --allow-unimplemented, "
                     "printed stats only)")
    for ab in d.abilities:
        lines.append(f"  - {ability_text(ab)}")
    if d.implemented and not d.abilities:
        lines.append("  (no abilities)")
    return lines
