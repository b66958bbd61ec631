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
    ASIDE_BACK,
    FLAG_KEYWORDS,
    FREE_DEPLOY,
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
           "retaliate": "when a unit of its arena attacks it",
           "disrupt": "right after your opponent plays a Battle card, completes a Mission or uses an ability",
           "upkeep": "as your Upkeeps come due (the start of your build step)",
           "abilities": "whenever an activated ability of one of your Characters could be played",
           "discarding": "when damage placed on a unit is about to discard it, before it is discarded"}
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
          "build_step_start": "When your build step starts", "draws": "When you draw a card",
          "deploys_while_discarded": "While it is in your discard pile, when you deploy a unit",
          "unit_attacks": "Whenever a unit attacks",
          "unit_destroys": "Whenever damage from a unit makes a unit be discarded",
          "prevents": "Whenever you prevent damage to one of your units",
          "unit_discarded": "While it is in your hand, when a unit is discarded from any arena"}


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
    if sel.min_speed is not None:
        words.append(f"with speed {sel.min_speed} or more")
    if sel.max_speed is not None:
        words.append(f"with speed {sel.max_speed} or less")
    if sel.max_health is not None:
        words.append(f"with total health {sel.max_health} or less")
    if sel.max_cost is not None:
        words.append(f"with total build cost {sel.max_cost} or less")
    if sel.cost_cap:
        words.append("with total build cost no more than " + ("your Force" if sel.cost_cap == "force"
                                                                else "X" if sel.cost_cap == "x"
                                                                else "the counters on this card"))
    if sel.has_upkeep is not None:
        words.append("with Upkeep" if sel.has_upkeep else "without Upkeep")
    if sel.has_bounty is not None:
        words.append("with Bounty" if sel.has_bounty else "without Bounty")
    if sel.discards_here:
        words.append("in an arena a unit has been discarded from this turn")
    if sel.discarded_by_damage >= 0:
        words.append("discarded the last time this turn by damage"
                     + (f" of more than {sel.discarded_by_damage} times its total health"
                        if sel.discarded_by_damage else ""))
    if sel.is_pilot is not None:
        words.append("that can pilot (Pilots)" if sel.is_pilot else "that can't pilot")
    if sel.stacked is not None:
        words.append("with a stack" if sel.stacked else "with no stack")
    if sel.only_chosen:
        words.append("(only the one chosen earlier)")
    if sel.piloted is not None:
        words.append("with a pilot aboard" if sel.piloted else "with no pilot aboard")
    if sel.has_keyword:
        words.append(f"that has {sel.has_keyword.replace('_', ' ').title()}")
    if sel.different:
        words.append(f"each with a different {sel.different}")
    if sel.hand_match:
        words.append("for which your hand holds a card " + match_words(sel.hand_match))
    if sel.total_cost is not None:
        words.append("whose total build costs (stacked cards included) add up to "
                     + ("X" if sel.total_cost_x else str(sel.total_cost)) + " or less")
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
    elif sel.discard:
        words.append("card in the discard pile")
    elif places:
        words.append("in " + " or ".join(places))
    if sel.other_than_defender:
        words.append("other than the defender")
    if sel.other_than_chosen:
        words.append("other than the one chosen before")
    if sel.other_than_threatened:
        words.append("other than the one the damage is about to be dealt to")
    if sel.slower_than_chosen:
        words.append("with speed lower than the card revealed before")
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
                        else "+1 power for each card in this unit's stack" if v == "stack_cards"
                        else "+X power, X the defender's build cost less the attacker's" if v == "cost_gap"
                        else "+X power" if v == "x"
                        else "+X power, X the chosen unit's total build cost" if v == "chosen_cost"
                        else f"{v:+d} {n}" if n != "Critical Hit" else f"Critical Hit {v}"
                        for v, n in zip(stats, names, strict=True) if v)


def match_words(match: tuple[str, ...]) -> str:
    """How a card of the hand is matched against a unit (HAND_MATCH words)."""
    words = {"type_line": "with the same complete type line", "other_name": "with a different name",
             "max_cost": "with build cost no more than its card's", "arena": "of the arena it is in",
             "afford": "whose build cost you can pay in Force"}
    return ", ".join(words[w] for w in match) or "of any kind"


def op_text(op: Op, it: str = "it", this: str = "this unit") -> str:
    name = op[0]
    if name == "match_from_hand":
        pays = ", paying its build cost in Force" if op[2] else ""
        counters = ", with as many damage counters as the chosen unit had" if op[3] else ""
        may = "you may put" if op[4] else "put"
        return (f"{may} a unit card from your hand {match_words(op[1])} (matched against the unit "
                f"chosen) into its arena{pays}{counters} (not a deployment)")
    if name == "name_x":
        most = ", and no more than the damage counters on the chosen unit" if op[2] else ""
        return f"name X, from 0 to {op[1]}{most}"
    if name == "repeat":
        return f"X times: {ops_text(op[1], it, this)}"
    if name == "stays_put":
        return (f"keep in mind the arena {_ref(op[1], it, this)} is in; when the turn ends, if each is "
                f"still in that arena: {ops_text(op[2], it, this)}")
    if name == "choose":
        _, sel, by, lo, hi = op
        who = "you choose" if by == 0 else "your opponent chooses"
        if hi == 1:
            return f"{who} {one_of(sel)}"
        if lo == hi:        # at_least: as many as can be, up to that number
            return f"{who} {hi} {sel_text(sel)} (as many as there are)"
        return f"{who} {'any number of' if hi >= 99 else f'up to {hi}'} {sel_text(sel)}"
    if name == "choose_arena":
        among = op[2] if len(op) > 2 else (0, 1, 2)
        where = ("an arena" if len(among) == 3
                 else " or ".join(f"the {ARENAS[a].title()} arena" for a in among))
        have = f" where there is {one_of(op[3])}" if len(op) > 3 else ""
        return f"choose {where}{have}" + (" where no unit has attacked this turn" if op[1] else "")
    if name == "name_top":
        whose = "your opponent shuffles their" if op[1] == "opponent" else "you shuffle your"
        return (f"{whose} deck; you name a card; the top card of that deck is revealed "
                f"and put into its owner's hand; if it has the name you named (any version): "
                f"{ops_text(op[2], it, this)}")
    if name == "reveal_hand":
        kinds = "/".join(k.title() for k in op[1])
        return f"reveal a {kinds} card from your hand (it stays there, known to your opponent)"
    if name == "branch":
        if not op[2] and op[3]:     # only an "otherwise": the effects, unless the condition holds
            return f"{ops_text(op[3], it, this)} (not done{_cond(dict(op[1])).replace('(only ', '(')})"
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
        if op[2] == "retaliate":
            return f"{who} can't use Retaliate abilities this turn"
        what = "Battle cards" if op[2] == "battle" else "activated abilities"
        return f"{who} can't play {what} this turn"
    if name == "chain_attack":
        return "it attacks that unit"
    if name == "pay_unit_cost":
        return "pay X Force, X being the chosen unit's total build cost"
    if name == "gain_control":
        ends = ("the Space battle step ends", "the Ground battle step ends",
                "the Character battle step ends", "the battle phase ends", "the turn ends")
        how = ("until the battle step in progress ends" if op[2] < 0 else "until the game ends"
               if op[2] == 5 else f"until {ends[op[2]]}")
        who = "your opponent gains" if op[3] else "you gain"
        return f"{who} control of {_ref(op[1], it, this)}, with its stack and pilots, {how}"
    if name == "repeat_steps":
        return ("this turn, whenever a battle step ends and neither player controls its arena, all "
                "units there untap and that arena has another battle step (not where no one can win it)")
    if name == "next_turn":
        what = f" (for {_ref(op[1], it, this)})" if op[1] is not None else ""
        return f"when the next turn starts{what}: {ops_text(op[2], 'that unit', this)}"
    if name == "move_arena":
        return (f"move {_ref(op[1], it, this)} into the {ARENAS[op[2]].title()} arena"
                + (" untapped" if op[3] else "") + f"; there it counts as a {ARENAS[op[2]].title()} unit")
    if name == "raise_in_stack":
        return (f"a card stacked under {it} of your choice goes on top of the stack; when the turn ends, "
                f"the card that was on top goes back on top")
    if name == "stack_under":
        return (f"you may put this card under the stack of {one_of(op[1])} of another name (no card of "
                f"this name in that stack); there it never goes on top, and it counts as no card of its "
                f"own name")
    if name == "stack_to":
        return f"put this card under the stack of {op[3]}"
    if name == "restack_to":
        return f"put {op[2]} on top of its stack" + ("" if op[3] else " until the turn ends")
    if name == "roll_off":
        return (f"choose {one_of(op[1])}; each player rolls a die for their unit, and the unit with "
                f"the lower roll is tapped (both on a tie)")
    if name == "roll_off_dice":
        return "each player rolls a die; the lower roll's unit is tapped (both on a tie)"
    if name == "held_to_hand":
        return "put all the cards held face down under this unit into their owners' hands"
    if name == "fetch":
        places = " and/or ".join(("your deck", "your hand", "your discard pile")[k] for k in op[3])
        shuffle = "shuffle your deck" if op[4] == "always" else "shuffle your deck if you took a card from it"
        return (f"take up to {op[2]} {op[1]} cards from {places} and put them into their arena, untapped "
                f"(not a deployment); then {shuffle}")
    if name == "hand_to_held":
        kind = f"{op[1].title()} " if op[1] else "unit "
        return (f"you may put a {kind}card from your hand face down under this unit (out of play, "
                f"unseen by your opponent)")
    if name == "hand_to_arena_self":
        return "put this card from your hand into its arena, untapped (not a deployment)"
    if name == "set_aside":
        return _set_aside_words(op)
    if name == "extra_use":
        return f"{_ref(op[1], it, this)} may use one of its activated abilities one extra time this attack"
    if name == "hold_top":
        n = "the top card" if op[1] == 1 else f"the top {op[1]} cards"
        return f"put {n} of your deck face down under this unit (out of play, not part of its stack)"
    if name == "to_build_face_down":
        return (f"remove all damage from {it}; it goes face down into your build zone with {op[2]} "
                f"build counters, and the cards stacked with it and its pilots are discarded")
    if name == "forbid_attack":
        return f"this turn {sel_text(op[1])} can't attack"
    if name == "retreat_pilots":
        return f"the pilots aboard {this} retreat to the build zone"
    if name == "copy_pilot":
        return (f"this unit gets the pilot abilities of {_ref(op[1], it, this)} (its bonuses, keywords and "
                f"the abilities it gives, whatever units it may fly) until the turn ends")
    if name == "deploy_self":
        return "deploy this card from your build zone into its arena"
    if name == "discard_pilot":
        return f"discard {sel_text(op[1], plural=False)} from aboard {this} (the unit stays)"
    if name == "hand_to_deck_top":
        many = "X cards" if op[1] == "x" else f"{op[1]} card(s)"
        return f"put {many} from your hand on top of your deck in any order"
    if name == "secret_bid":
        parts = ["you and your opponent each bid Force in secret (you win ties; the winner pays its bid)"]
        if op[1]:
            parts.append(f"if you win, {ops_text(op[1], it, this)}")
        if op[2]:
            parts.append(f"if your opponent wins, {ops_text(op[2], it, this)}")
        return "; ".join(parts)
    if name == "no_effect":
        return f"{_ref(op[1], it, this)} has no effect until the turn ends"
    if name == "gain_split":
        n = "X" if op[1] == "x" else str(op[1])
        total = f"half of {n} (rounded down)" if op[2] else n
        return f"gain Force and build points totalling {total}, split as you choose"
    if name == "x_is":
        if op[1] == "count":
            return f"X is the number of {sel_text(op[2])}"
        if op[1] == "chosen_cost":
            return "X is the total build cost of the units chosen (stacked cards included)"
        return "X is the number of damage counters on this unit"
    if name == "watch_discard":
        whom = sel_text(op[1]) if isinstance(op[1], Sel) else _ref(op[1], it, this)
        return (f"this turn, whenever {whom} is discarded from an arena or a build zone: "
                f"{ops_text(op[2], 'it', 'it')}")
    if name == "pick_random":
        return f"pick one of {sel_text(op[1])} at random"
    if name == "discard_cheapest":
        return ("each player discards their unit with the lowest build cost in the arenas (they "
                "choose among those tied)")
    if name == "double_counters":
        where = "the chosen arena" if op[1] < 0 else f"the {('Space', 'Ground', 'Character')[op[1]]} arena"
        return (f"this turn, for each damage counter put on a unit in {where}, put 1 more on it "
                f"(the extra counters have no source)")
    if name == "forbid_attack_unit":
        return f"this turn {_ref(op[1], it, this)} can't attack"
    if name == "unit_prevent":
        return f"this turn, {op[2]} of each damage about to be dealt to {_ref(op[1], it, this)} is prevented"
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
        many = (f"{op[3]} build counters" if isinstance(op[3], int)
                else f"1 build counter for each of {sel_text(op[3])}")
        return f"show a {kinds} card from your hand and put it face down into your build zone with {many}"
    if name == "at_attack_end":
        return "when this attack ends, " + ops_text(op[1], it, this)
    if name == "no_evade":
        return f"for this attack, Evade can't prevent damage from {_ref(op[1], it, this)}"
    if name == "to_hand" and op[1:] == ("stack",):
        return ("this card, with the cards that were stacked with it and its pilots, goes back "
                "from your discard pile into your hand")
    if name == "to_hand":
        return "this card goes back from your discard pile into your hand"
    if name == "to_deck":
        return ("shuffle this card, with the cards that were stacked with it, its pilots and its "
                "Equipment, into your deck")
    if name == "to_arena" and len(op) > 1:
        return "put the chosen card from the discard pile into its arena, untapped (not a deployment)"
    if name == "to_arena":
        return "put this card from your discard pile into its arena"
    if name == "shield_units":
        text = f"this turn, prevent all damage that would be dealt to {sel_text(op[1])}"
        if op[2] is not None:
            text += (f"; for each point so prevented that an attacking {sel_text(op[2], False)} would "
                     f"have dealt, put 1 damage counter on that attacker")
        return text
    if name == "cant_lose":
        return "you can't lose the game this turn"
    if name == "replace_discard":
        return (f"while this unit is in play, when {_ref(op[1], it, this)} would be discarded from its "
                f"arena, you may instead: {ops_text(op[2], it, this)}")
    if name == "spared":
        return f"{it} is not discarded"
    if name == "damage_retreat":
        return f"prevent the damage about to be dealt to {it} and retreat {it}"
    if name == "discard_face_down":
        who = "your opponent's" if op[1] == "opponent" else "your"
        unless = f", unless its owner pays {op[2]} Force" if op[2] else ""
        refund = (", all its build counters removed, and its owner gains that many build points"
                  if len(op) > 3 and op[3] else "")
        return f"choose one of {who} face-down cards in the build zone: it is discarded{unless}{refund}"
    if name == "silence":
        return f"{_ref(op[1], it, this)} can't use activated abilities this turn"
    if name == "dig":
        many = "that many" if op[1] in ("paid", "x") else f"the top {op[1]}"
        take = "X (the build counters on this card)" if op[2] == "x" else str(op[2])
        rest = "discard the rest" if len(op) > 3 and op[3] == "discard" else "the rest under your deck"
        pay = "pay any amount of Force, then " if op[1] == "paid" else ""
        return (f"{pay}look at {many} cards from the top of your deck, put {take} of them into your "
                f"hand and {rest}")
    if name == "arrange_top":
        whose = "your" if op[1] == "you" else "your opponent's"
        mill = (f", discard any {op[3].title()} unit cards among them" if op[3] else "")
        if op[3] == "any":
            mill = ", discard any of them"
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
    if name == "move_damage" and len(op) > 2:
        many = "all the" if op[1] < 0 else f"{op[1]}"
        whose = " of that unit's owner" if op[2] else ""
        return (f"move {many} damage counter(s) from it to another unit{whose} in its arena you choose "
                f"(nothing prevents them)")
    if name == "move_damage":
        return (f"move {op[1]} damage counter(s) from it to another unit in its arena you choose "
                f"(nothing prevents them)")
    if name == "as_side":
        who = {"opponent": "your opponent", "you": "you", "dark": "the Dark Side",
               "light": "the Light Side"}[op[1]]
        return f"then {who}, as if it were their own effect: {ops_text(op[2], it, this)}"
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
        elif op[2] == "x":
            what = "X dice of damage"
        text = f"deal {what} to {_ref(op[1], it, this)}"
        if len(op) > 5:
            text += f"; only the abilities of {sel_text(op[5])} can prevent it"
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
    if name == "remove_damage" and op[2] == "chosen_cost":
        return f"remove as many damage counters from {_ref(op[1], it, this)} as the chosen unit's build cost"
    if name == "remove_damage" and op[2] == "x":
        return f"remove X damage counters from {_ref(op[1], it, this)}"
    if name == "remove_damage":
        if len(op) > 3 and isinstance(op[3], tuple):
            return (f"remove damage counters from {_ref(op[1], it, this)} until it has {op[3][1]} "
                    f"health left")
        if op[2] < 0 and len(op) > 3 and isinstance(op[3], int) and op[3]:
            return f"remove all but {op[3]} damage counter(s) from {_ref(op[1], it, this)}"
        return f"remove {'all' if op[2] < 0 else f'up to {op[2]}'} damage from {_ref(op[1], it, this)}"
    if name == "spend_build":
        who = "you gain" if op[1] == "you" else "your opponent gains"
        return (f"{who} {op[2]} build points to spend at once as in a build step (build counters "
                "only: nothing is deployed or completed)")
    if name == "share_abilities":
        return (f"{_ref(op[1], 'they', 'this unit')} (two units) get each other's activated abilities "
                "as well as their own this turn")
    if name == "gain_subtype":
        return (f"{_ref(op[1], it, this)} becomes a {' '.join(op[2])} as well (its whole stack), "
                f"until the {'turn' if op[3] == 'turn' else 'game'} ends")
    if name == "skip_untap":
        return f"{_ref(op[1], it, this)} doesn't untap during the next untap step"
    if name == "pool_force":
        return ("add up both players' Force; each loses all of theirs, then gains half the total "
                "(you gain the odd one)")
    if name == "reroll_build":
        return "reroll this turn's build roll (build points change with it)"
    if name == "tap":
        if op[2] < 0:
            return f"roll a die for {_ref(op[1], it, this)}: on {-op[2]} or more, tap it"
        return f"tap {_ref(op[1], it, this)}" + (f" unless its owner pays {op[2]} Force" if op[2] else "")
    simple = {"untap": "untap {}", "retreat": "retreat {}", "discard_unit": "discard {}",
              "return_to_hand": "return {} to its owner's hand, with its stack and pilots",
              "to_deck_top": "put {} on top of its owner's deck, with its stack and pilots",
              "hold_under": ("put {} face down under this unit, with its stack and pilots (out "
                             "of play, not part of this unit's stack)"),
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
        if op[2] == "damage":
            return f"{who} 1 Force for each damage just placed"
        if op[2] == "counters":
            return f"{who} 1 Force for each damage counter on this unit"
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
        if len(op) > 2 and op[2] != "you":
            who = {"opponent": "your opponent", "dark": "the Dark Side", "light": "the Light Side"}[op[2]]
            return f"{who} draws {op[1]} card{'s' if op[1] > 1 else ''}"
        if len(op) > 3:
            return f"draw {op[1]} cards (as many as your deck holds, if fewer)"
        return f"draw {op[1]} card{'s' if op[1] > 1 else ''}"
    if name == "mill":
        who = {"you": "your", "opponent": "your opponent's", "dark": "the Dark Side's",
               "light": "the Light Side's"}[op[1]]
        many = "as many cards as you have Force" if op[2] == "force" else f"{op[2]} card(s)"
        return f"put the top {many} of {who} deck into its discard pile"
    if name == "roll_higher" and len(op) > 2:
        parts = [f"if {k}: {ops_text(o, it, this)}" for k, o in
                 (("yours is higher", op[1]), ("theirs is higher", op[2]), ("it's a tie", op[3])) if o]
        return f"you and your opponent each roll a die; {'; '.join(parts)}"
    if name == "at_next_step":
        return "when the next battle step starts (its arena: the chosen arena): " + ops_text(op[1], it, this)
    if name == "roll_higher":
        return f"you and your opponent each roll a die; if yours is higher: {ops_text(op[1], it, this)}"
    if name == "grant_upkeep":
        opts = " or ".join(_upkeep_words(o) for o in op[2])
        return f"{_ref(op[1], it, this)} gets 'Upkeep: {opts}' until the game ends"
    if name == "purge_pick" and len(op) > 3 and op[3]:
        return (f"search your opponent's deck for up to {op[2]} {op[1].title()} cards and put them into "
                f"their discard pile (one at a time); they shuffle")
    if name == "purge_stop":
        return f"take no more {op[1].title()} cards from your opponent's deck"
    if name == "purge_pick":
        return (f"search your opponent's deck and name one of its {op[1].title()} cards: up to {op[2]} "
                f"{op[1].title()} cards of that name go to their discard pile; they shuffle")
    if name == "purge_name":
        return (f"up to {op[3]} {op[2].title()} cards named {op[1]} go from your opponent's deck to their "
                f"discard pile")
    if name == "purge_deck":
        return ("every card in your opponent's deck with the chosen unit's name goes to their discard "
                "pile; they shuffle")
    if name == "bp_next_turn":
        who = {"you": "you get", "opponent": "your opponent gets", "dark": "the Dark Side gets",
               "light": "the Light Side gets"}[op[1]]
        return f"{who} {op[2]} extra build point(s) next turn"
    if name == "no_bounty":
        who = {"you": "your", "opponent": "your opponent's", "dark": "the Dark Side's",
               "light": "the Light Side's"}[op[1]]
        return f"this turn {who} units receive no Bounty"
    if name == "may_stay_tapped":
        return f"you may leave {_ref(op[1], it, this)} tapped in your next untap step"
    if name == "skip_upkeep":
        return f"you don't have to pay the Upkeep of {_ref(op[1], it, this)} this turn"
    if name == "to_deck_bottom":
        return f"put {op[1]} card{'s' if op[1] > 1 else ''} of your choice from hand under your deck"
    if name == "discard":
        who = "discard" if op[2] == "you" else "your opponent discards"
        kind = " or ".join(k.title() for k in op[3]) + " " if len(op) > 3 and op[3] else ""
        kind = " or ".join(op[4]) + " " if len(op) > 4 else kind
        if op[1] == "x":
            return f"{who} X {kind}cards of their choice from hand"
        return f"{who} {op[1]} {kind}card{'s' if op[1] > 1 else ''} of their choice from hand"
    if name == "discard_unless":
        who = "discard" if op[2] == "you" else "your opponent discards"
        return (f"{who} {op[1]} cards of their choice from hand, unless they discard a "
                f"{' or '.join(op[3])} card")
    if name == "discard_hand":
        return "your opponent discards their hand" if op[1:] == ("opponent",) else "discard your hand"
    if name == "transfer_damage":
        return "put damage counters on it to prevent as much damage"
    if name == "put_damage":
        return f"put {op[2]} damage counter{'s' if op[2] > 1 else ''} on {_ref(op[1], it, this)}"
    if name == "reverse_battle":
        return "this turn the battle steps go Character first, then Ground, then Space"
    if name == "no_stacking":
        return ("this turn stacks can't be rearranged, and no card from a hand or build zone goes "
                "onto a stack")
    if name == "pause_build":
        return ("your build step pauses: your opponent's build step comes now, then yours goes on "
                "with the build points left")
    if name == "retreat_first":
        who = {"you": "your", "opponent": "your opponent's", "dark": "the Dark Side's",
               "light": "the Light Side's"}[op[1]]
        return f"this turn {who} retreat step comes first"
    if name == "search":
        what = {"battle": "a Battle card", "unit": "a unit card", "location": "a Location card",
                "any": "a card"}.get(op[1], f"a {op[1].title()} card")
        if op[2]:
            noun = {"location": "Location", "space": "Space card", "ground": "Ground card",
                    "character": "Character", "equipment": "Equipment card"}.get(op[1], "card")
            what = f"{'/'.join(op[2])} {noun}"
            what = ("an " if what[0] in "AEIOU" else "a ") + what
        if len(op) > 6 and op[6]:
            what += " with the chosen unit's name"
        if op[3]:
            what += " with the name of one of your units in play"
        if len(op) > 5 and op[5]:
            what = f"a {op[5]} card"
        if len(op) > 7:
            what += f" of the {op[7]} side"
        if len(op) > 4 and op[4] == -2:
            return f"search your deck for {what}, put it into its arena (not a deployment), and shuffle"
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
        if len(op[1].split("|")) > 3:      # any type
            kinds = "/".join(op[3]) if len(op) > 3 and op[3] else ""
        many = "" if len(op) > 5 and op[4] != "arena" and op[5] else "up to "
        if len(op) > 4 and op[4] == "deck":
            what = f"{kinds} cards" if kinds else "cards"
            return f"return {many}{op[2]} {what} from your discard pile to your deck, then shuffle it"
        if len(op) > 4 and op[4] == "bottom":
            what = f"{kinds} cards" if kinds else "cards"
            return f"put {many}{op[2]} {what} from your discard pile under your deck"
        if len(op) > 4:
            hurt = f", with {op[5]} damage counter(s) on each" if len(op) > 5 else ""
            return (f"put up to {op[2]} {kinds} cards of different names from your discard pile into "
                    f"their arena (not a deployment){hurt}")
        return f"return {many}{op[2]} {kinds} cards from your discard pile to your hand"
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
        if op[1] == "none":
            return "remove all counters from this card"
        return "remove all counters from this card: +1 build point this turn for each"
    if name == "hand_to_arena":
        kinds = " or ".join(k.title() for k in op[1]) if len(op[1]) < 3 else "unit"
        kinds = kinds or "unit"
        subs = " ".join(op[2]) + " " if op[2] else ""
        cost = f" with build cost {op[3]} or less" if op[3] < 99 else ""
        tapped = ", tapped" if len(op) > 4 and op[4] else ""
        return f"put a {subs}{kinds} card{cost} from your hand into its arena{tapped} (not a deployment)"
    if name == "remove_cards":      # after the choose step that removal() makes
        return f"remove {'it' if op[1] == 1 else 'them'} from the game"
    if name == "reveal_to_arena":
        return (f"reveal the top card of your deck; if it is a {op[1].title()} card, put it into its "
                f"arena (not a deployment)")
    if name == "roll_total":
        return f"roll {op[1]} dice; if they add up to {op[2]} or more: {ops_text(op[3], it, this)}"
    if name == "if_x":
        other = f"; otherwise {ops_text(op[3], it, this)}" if op[3] else ""
        return (f"if it has {op[1]} or more build counters (X is {op[1]} or more): "
                f"{ops_text(op[2], it, this)}{other}")
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
        if op[1] == "x":
            return "prevent up to X of that damage"
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
    if name == "reveal_build" and op[1] < 0:
        who = "your opponent chooses" if op[5] == "opponent" else "you choose"
        return (f"reveal cards from the top of your deck until {op[4]} {op[2].title()} cards with "
                f"different names are revealed; {who} one of them to go face down in your build zone "
                f"with {op[3]} build counter(s); discard the rest")
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
    if name == "predict_hits" and len(op) > 2:
        return (f"predict how much damage the attack will place on the defender after prevention; "
                f"if right, when the attack ends: {ops_text(op[1], it, this)}")
    if name == "predict_hits":
        return f"predict how many hits the attack's dice will show; if right, {ops_text(op[1], it, this)}"
    if name == "tame":
        return f"this turn you decide whether {_ref(op[1], it, this)} attacks and which unit, of either side"
    if name == "unpilot" and len(op) > 4 and op[4]:
        return (f"move one of your pilots from one of your units in the {ARENAS[op[1]].title()} arena "
                "aboard another of your units there")
    if name == "unpilot" and len(op) > 2:
        many = "any number of your pilots" if op[2] else "one of your pilots"
        then = "; untap them" if op[3] else ""
        return (f"move {many} aboard units in the {ARENAS[op[1]].title()} arena off into the "
                f"Character arena{then}")
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
    if name == "deploy_discount":
        if op[2] >= FREE_DEPLOY:
            return f"this turn you may deploy {sel_text(op[1])} without paying their build costs"
        return f"this turn {sel_text(op[1])} cost {op[2]} fewer build counter(s) to deploy"
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
    if name == "build_counters" and op[1] == "double":
        return "choose a face-down card in your build zone: it gets another build counter for each it has"
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
    if name == "turn_on":
        return "the attack turns on that unit"
    if name == "mark":
        return f"put a {op[2]} counter on {_ref(op[1], it, this)}"
    if name == "unmark":
        return f"remove the {op[2]} counters from {_ref(op[1], it, this)}"
    if name == "disrupt":
        pays = f" unless its controller pays {op[1]} Force" if op[1] else ""
        answers: tuple[str, ...] = op[2] if len(op) > 2 else ("battle",)
        what = " or ".join({"battle": "the Battle card just played", "mission": "the Mission just completed",
                            "ability": "the activated ability just used"}[k] for k in answers)
        lock = "; that ability can't be used again this turn" if len(op) > 3 and op[3] else ""
        return f"disrupt {what} (it does nothing){pays}{lock}"
    if name == "cancel_battle" and len(op) > 2:
        return "the ability does nothing" + (" and can't be used again this turn" if op[3] else "")
    if name == "cancel_battle":
        return "the card does nothing"
    if name == "while_tapped" and op[2] == "kw":
        return (f"as long as this unit stays tapped, {_ref(op[1], it, this)} has "
                f"{op[3].replace('_', ' ').title()} {op[4]}")
    if name == "while_tapped":
        return (f"as long as this unit stays tapped, {_ref(op[1], it, this)} doesn't untap and gets "
                f"{op[4]} damage counter(s) as each {ARENAS[op[3]].title()} battle step starts")
    if name == "pay_x" and len(op) > 1:
        return ("you may pay any amount of Force up to X, the build counters it was completed with "
                "(from here on, X is the amount paid)")
    if name == "pay_x":
        return "pay X Force (you name X)"
    if name == "remember":
        return "this unit remembers the unit it attacks (the last unit it attacked)"
    if name == "recall":
        return "choose the last unit this unit attacked (if it is in an arena)"
    if name == "hold_chosen":
        return "keep it in mind (its arena is the chosen arena)"
    if name == "must_attack":
        return f"this turn {it} must attack the unit kept in mind, whenever it can"
    if name == "split_hand":
        whose = "your opponent's" if op[1] == "opponent" else "your"
        return (f"{whose} hand is set aside face up; in turn its owner takes one card back and the "
                f"other player discards one, until none are left")
    if name == "strip":
        whose = "your opponent's" if op[1] == "opponent" else "your"
        kinds = " or ".join(k.title() for k in op[2])
        return (f"look through {whose} hand and deck and you may discard a {kinds} card from them; "
                f"then that deck is shuffled")
    return str(name).replace("_", " ")


def _set_aside_words(op: Op) -> str:
    """set_aside in words (docs/tcg.md, "Cards set aside")."""
    _, source, side, n, kind, up, play, back, until = op
    whose = "your opponent's" if side == "opponent" else "your"
    if source == "deck":
        what = f"the top {n} cards of {whose} deck" if n > 1 else f"the top card of {whose} deck"
    else:
        what = f"all {kind.title() + ' ' if kind else ''}cards from {whose} hand"
    text = f"set aside {what} face {'up' if up else 'down'}"
    if play != "none":
        which = "one of the Battle cards" if play == "one" else "the Battle cards"
        text += (f"; you may play {which} among them as if from your hand, paying the cost, each then "
                 f"going to its owner's discard pile")
    where = {"hand": "their owner's hand",
             "deck_top": "the top of their owner's deck in the order you choose",
             "deck_bottom": "the bottom of their owner's deck in the order you choose",
             "discard": "their owner's discard pile"}[ASIDE_BACK[back]]
    when = ("when the Space battle step ends", "when the Ground battle step ends",
            "when the Character battle step ends", "when the turn ends",
            "when this play-or-pass sequence ends")[until]
    return f"{text}; {when}, the rest go to {where}"


def ops_text(ops: tuple[Op, ...], it: str = "it", this: str = "this unit") -> str:
    parts = []
    for k in range(len(ops)):
        if ops[k][0] == "choose" and k + 1 < len(ops) and ops[k + 1][0] == "remove_cards":
            parts.append(removal_words(ops[k:k + 2]))     # the two steps of `remove_cards`
        elif ops[k][0] == "modify" and k and ops[k - 1][0] == "set_aside":    # Mace Windu (F)
            parts.append(op_text(ops[k], it, this).replace("the chosen unit's total build cost",
                                                           "the build cost of the card set aside"))
        elif not (ops[k][0] == "remove_cards" and k and ops[k - 1][0] == "choose"):
            parts.append(op_text(ops[k], it, this))
    return "; ".join(parts)


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
    if ab.remove:
        parts.append(removal_words(ab.remove))
    return ", ".join(parts) or "free"


def removal_words(ops: tuple[Op, ...]) -> str:
    """'remove 2 Separatist/Trade Federation cards in your discard pile from the game' (the
    choose and remove_cards steps of `remove_cards`)."""
    sel, n = ops[0][1], ops[1][1]
    kinds = "/".join([*sel.subtypes, *(f"{t.title()} unit" for t in sel.types)])
    whose = "your opponent's" if sel.owner == 1 else "your"
    return (f"remove {n} {kinds + ' ' if kinds else ''}card{'s' if n > 1 else ''} in {whose} "
            f"discard pile from the game")


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
    if "discard_pile" in cond:
        return f" (only with {cond['discard_pile']} or more cards in your discard pile)"
    if "can_retreat" in cond:
        return f" (only if each of {sel_text(cond['can_retreat'])} can retreat)"
    if "deck" in cond:
        return f" (only with {cond['deck']} or more cards in your deck)"
    if "disrupting_cost" in cond:
        return f" (only against a Battle card whose printed cost is {cond['disrupting_cost']} Force or less)"
    if "hand_kind" in cond:
        return f" (only with a {' or '.join(k.title() for k in cond['hand_kind'])} card in your hand)"
    if "pilots" in cond:
        return f" while it has {cond['pilots']} or more pilots aboard"
    if "step" in cond:
        return f" (only during the {ARENAS[cond['step']].title()} battle step)"
    if "controls" in cond:
        return f" (only if you control the {ARENAS[cond['controls']].title()} arena)"
    if "in_arena" in cond:
        return f" (only while this card is in the {ARENAS[cond['in_arena']].title()} arena)"
    if cond.get("in_step") and len(cond) == 1:
        return " (only while a battle step is under way)"
    if "piloted_by" in cond:
        return f" (only while {one_of(cond['piloted_by'])} pilots it)"
    if cond.get("defending") == "self":
        return " (only while this unit is being attacked)"
    if cond.get("lethal") and len(cond) == 1:
        return " (only if the damage would destroy it)"
    if "build_counters" in cond and len(cond) == 1:
        return f" (only while this card has at least {cond['build_counters']} build counters on it)"
    if "defender_discarded" in cond and len(cond) == 1:
        return (" (only if the defending unit has been discarded)" if cond["defender_discarded"]
                else " (only if the defending unit has not been discarded)")
    if cond.get("undercosts_defender") and len(cond) == 1:
        return " (only if the attacker's build cost is lower than the defender's)"
    if cond.get("defending"):
        return " (only while one of your units is being attacked)"
    if cond.get("undamaged"):
        return " while it has no damage counters"
    if cond.get("tapped") and len(cond) == 1:
        return " (only if this unit is tapped)"
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


def _upkeep_words(option: tuple[str, int, tuple[Op, ...]]) -> str:
    kind, n, ops = option
    if kind == "tap_unit":
        return f"tap {one_of(ops[0][1])}"
    if kind == "remove_cards":
        return removal_words(ops)
    return {"build_points": f"pay {n} build point(s)", "force": f"pay {n} Force",
            "discard": f"discard {n} card(s) from your hand", "tap": "tap this unit",
            "counters": f"put {n} damage counter(s) on this unit",
            "mill": f"put the top {n} card(s) of your deck into your discard pile",
            "to_hand": "return this card to its owner's hand"}[kind]


def ability_text(ab: Ability) -> str:
    if ab.from_discard:
        return ("Only while this card is in your discard pile: "
                + ability_text(replace(ab, from_discard=False)))
    if ab.from_build:
        return ("Only while this card lies face down in your build zone: "
                + ability_text(replace(ab, from_build=False)))
    if ab.reserves:
        return ("Reserves (only while it is retreated in your build zone): "
                + ability_text(replace(ab, reserves=False)))
    if ab.kind == "keyword":
        if ab.keyword == "unpreventable_all":
            return "No damage from this unit can be prevented (its attacks', its Deflect's, any)"
        if ab.keyword in FLAG_KEYWORDS:
            return ab.keyword.title()
        return f"{ab.keyword.replace('_', ' ').title()} {ab.n}"
    if ab.kind == "prevent" and ab.ops and ab.ops[0][0] == "pay_x":
        return "Evade X (pay X Force: name X, 1 or more, when you use it)"
    if ab.kind == "prevent" and ab.ops:
        onto = one_of(ab.ops[0][1])
        return (f"When damage is about to be dealt to this unit: move damage counters (as many as "
                f"you like) onto {onto}, preventing as much of it (once per damage instance)")
    if ab.kind == "prevent":
        if ab.self_only and (ab.evade or ab.deflect) and not ab.then and not ab.tap and not ab.discard_self \
                and not ab.damage_self and not ab.retreat_self:
            x = "X, where X is the number of cards in its stack" if ab.static.get("stack") else ab.n
            return f"{'Deflect' if ab.deflect else 'Evade'} {x} (pay {ab.force} Force){_cond(ab.cond)}"
        whom = "this unit" if ab.self_only else (sel_text(ab.target) if ab.target else "a unit")
        amount = "all" if ab.n < 0 else f"up to {ab.n}"
        then = f"; then {ops_text(ab.then)}" if ab.then else ""
        whom = whom if ab.self_only or not ab.target else one_of(ab.target)
        once = " (once a turn)" if ab.once_per_turn else ""
        return (f"{_cap(_cost(ab, ab.force))}{once}: prevent {amount} damage about to be dealt to "
                f"{whom}{then}{_cond(ab.cond)}")
    if ab.kind == "static":
        st = ab.static
        if "ability" in st and not any(st["mods"]) and "health" not in st:
            who = "this unit" if st["units"] == "self" else each_text(st["units"])
            if "unless_has" in st:
                who += f" that doesn't already have {st['unless_has'].title()}"
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
            elif st.get("per") == "held":
                per = " for each card held face down under it"
            elif st.get("per") == "counters":
                per = " for each counter on this card"
            else:
                per = f" for each of {sel_text(st['per'])}" if "per" in st else ""
            bonus = [_mods(st["mods"])] if any(st["mods"]) else []
            if "health" in st:
                bonus.append(f"{st['health']:+d} health")
            if "ability" in st:
                bonus.append(f"the ability: {ability_text(st['ability'])}")
            if "grants" in st:
                bonus.append(f"{st['grants'][0].replace('_', ' ').title()} {st['grants'][1]}")
            if st.get("cant_attack"):
                return f"{_cap(who)} can't attack{when}{_cond(ab.cond)}"
            return f"{_cap(who)} gets {' and '.join(bonus)}{per}{when}{_cond(ab.cond)}"
        if "lure" in st:
            return f"{_cap(each_text(st['lure']))} must attack this unit whenever it can"
        if "forbid_plays" in st:
            who = "No player can" if st.get("each_player") else "You can't"
            return (f"{who} play Battle cards" if st["forbid_plays"] == "battle"
                    else f"{who} play activated abilities").replace("can play", "can't play") \
                + _cond(ab.cond)
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
        if "show_draws" in st:
            return "Whenever your opponent draws a card, they show it to you"
        if "extra_draw" in st:
            if st.get("each_player"):
                return f"Each player draws {st['extra_draw']} extra card(s) in their draw step"
            return f"You draw {st['extra_draw']} extra card(s) in your draw step"
        if "attacks_own" in st or "must_attack" in st:
            parts = (["It must attack whenever it can"] if "must_attack" in st else []) + (
                ["it can attack your other units in its arena"] if "attacks_own" in st else [])
            return _cap("; ".join(parts))
        if "damage_retreat" in st:
            then = ops_text(st["then"], "that unit", "this unit") if st.get("then") else ""
            return (f"If damage would discard {one_of(st['damage_retreat'])} (in an arena or your build "
                    f"zone), you may prevent that damage and retreat that unit instead"
                    + (f"; if you do, {then}" if then else ""))
        if "retreats_instead" in st:
            return (f"If it would be discarded from its arena, it retreats instead and all damage "
                    f"counters are removed from it{_cond(ab.cond)}")
        if "wins_speed_ties" in st:
            return "All your units win ties for speed"
        if "double_damage" in st:
            return f"Double all damage {sel_text(st['double_damage'])} would deal (before prevention)"
        if "no_attack" in st:
            by, on = st["no_attack"]
            who = "this unit" if by == "self" else sel_text(by)
            whom = "this unit" if on == "self" else sel_text(on)
            return f"{_cap(who)} can't attack {whom}{_cond(ab.cond)}"
        if "attacks_weakest" in st:
            return ("When it attacks, it must attack the unit with the lowest power among those it can "
                    "attack (its owner picks among ties)")
        if "ability_discount" in st:
            return (f"The activated abilities of {each_text(st['cards'])} cost {st['ability_discount']} "
                    f"less Force (one that costs 1 Force or more costs at least 1)")
        if "own_ability_cost" in st:
            n = st["own_ability_cost"]
            return f"Each of its activated abilities costs {abs(n)} {'less' if n < 0 else 'more'} Force"
        if "draw_reveal" in st:
            return ("Instead of the card of your draw step, name a card type and reveal cards from the "
                    "top of your deck until one of that type: it goes to your hand, the others to your "
                    "discard pile")
        if "pilots_to_arena" in st:
            return "Discarded from its arena, its pilots move to the Character arena, tapped, instead"
        if "extra_stack" in st:
            return (f"The stack this card is in may have {st['extra_stack']} more card(s) than the 4 of "
                    f"the rule")
        if "no_control" in st:
            return "It doesn't count toward controlling its arena"
        if "release_held" in st:
            frm, to, n = st["release_held"]
            where = (f"go face down into their owners' build zones with {n} build counters" if to == "build"
                     else "come back into their arena tapped, with their stacks and pilots")
            return (f"If it is discarded from the {ARENAS[frm].title()} arena, the cards held face down "
                    f"under it {where}; discarded from elsewhere, they stay set aside for the game")
        if "bounty_free" in st:
            return "Your opponent gets no Bounty for making it be discarded"
        if "pilots_only" in st:
            return f"Only {sel_text(st['pilots_only'])} may pilot it"
        if "no_upkeep" in st:
            return f"You don't have to pay the Upkeep of {sel_text(st['no_upkeep'])}{_cond(ab.cond)}"
        if "equip_discount" in st:
            bp, force = st["equip_discount"]
            return (f"Equipment costs {bp} fewer build point(s) and {force} less Force to attach to "
                    f"this unit")
        if "extra_pilot" in st:
            return f"It may carry an extra pilot: {sel_text(st['extra_pilot'], plural=False)}"
        if "attack_cost" in st:
            on = " attack this unit" if st["on_self"] else " attack"
            if "targets" in st:
                on = f" attack {one_of(st['targets'])}"
            return (f"{sel_text(st['attackers']).capitalize()} can't{on} unless their owner pays "
                    f"{st['attack_cost']} Force{_cond(ab.cond)}")
        if "wins_if_marked" in st:
            return (f"When all of your opponent's units in play have a {st['wins_if_marked']} counter, "
                    f"you win the game")
        if "stay_tapped" in st:
            return "You may choose not to untap this unit during your untap step"
        if "force_stats" in st:
            return "Its power and its health are equal to your Force total"
        if "strikes_arena" in st:
            return (f"It may attack a unit in the {ARENAS[st['strikes_arena']].title()} arena instead of "
                    f"one in its own arena, with its own power")
        if "idle_discard" in st:
            return (f"Whenever {one_of(st['idle_discard'])} attacks and its attack places no damage, "
                    f"it is discarded as the attack ends")
        if "heal_double" in st:
            return ("When an effect of yours would remove damage counters from one of your units, it "
                    "removes up to twice that many instead")
        if "battle_order" in st:
            names = [ARENAS[a].title() for a in st["battle_order"]]
            return f"The battle steps go {names[0]}, {names[1]}, then {names[2]}"
        if "roll_prevent" in st:
            top = st["roll_prevent"]
            return (f"When damage is about to be dealt to this unit, roll a die: on "
                    f"{'1' if top == 1 else f'1 to {top}'}, prevent all of it")
        if "no_damage" in st:
            return "All damage to this unit, and all damage it would deal, is prevented"
        if "keeps_pilots" in st:
            return ("When it is discarded, you may move its pilots to your build zone instead of "
                    "discarding them")
        if "reach" in st:
            return f"It may attack {sel_text(st['reach'][0])}"
        if "battle_cost" in st:
            whose = "Your opponent's" if st["owner"] else "Your"
            n = st["battle_cost"]
            return (f"{whose} Battle cards cost {abs(n)} {'more' if n > 0 else 'less'} Force to play"
                    f"{_cond(ab.cond)}")
        if "ability_cost" in st:
            return (f"Your opponent's units' activated abilities cost {st['ability_cost']} more Force"
                    + (" (those whose cost names Force)" if st.get("force_only") else ""))
        return "Your opponent builds face up (the cards still count as face down)"
    if ab.kind == "hidden_cost":
        return (f"Hidden Cost {ab.n}: face down with {ab.n} build counters (or its whole cost, if less), "
                f"you may finish it at a chance to play or in your build step by paying the rest in "
                f"Force{_cond(ab.cond)}")
    if ab.kind == "ward" and ab.target is not None:
        fx = " (or one of your opponent's effects)" if ab.static.get("effects") else ""
        return (f"When {one_of(ab.target)}{fx} would damage this unit, that damage is prevented unless "
                f"your opponent pays {ab.n} Force{_cond(ab.cond)}")
    if ab.kind == "activated" and ab.timing == "retaliate":
        own_cost = bool(ab.ops) and ab.ops[0][1][0][2] == "own_cost"
        x = ab.n or ("X (its build cost)" if own_cost else "X (its power)")
        paid = "X Force, X its power" if ab.static.get("force_power") else f"{ab.force} Force"
        return (f"Retaliate {x} (pay {paid}): when a unit of its arena attacks it, "
                f"{x} dice of damage to the attacker when the attack ends")
    if ab.kind == "activated" and ab.timing == "intercept":
        which = f" ({sel_text(ab.target)})" if ab.target is not None else ""
        return (f"Intercept (pay {ab.force} Force): when another of your units in its arena{which} is "
                f"attacked, it becomes the defender")
    if ab.kind == "activated":
        once = " (once a turn)" if ab.once_per_turn else ""
        return (f"{_cap(_cost(ab, ab.force))}, {TIMING_WORDS[ab.timing]}{once}: {ops_text(ab.ops)}"
                f"{_cond(ab.cond)}")
    if ab.kind == "trigger":
        what = f" ({sel_text(ab.target, plural=False)})" if ab.target is not None else ""
        if "by" in ab.static:
            what += f" (damage from {sel_text(ab.static['by'], plural=False)})"
        how = f" (you may pay {ab.force} Force)" if ab.force else " (optional)" if ab.optional else ""
        return f"{EVENT_WORDS[ab.timing]}{what}{how}: {ops_text(ab.ops)}"
    if ab.kind == "treat_as":
        return f"Counts as a {ab.static['subtype']} too"
    if ab.kind == "reroll" and ab.ops and ab.ops[0][1] == "lucky" and ab.static.get("attacking"):
        many = "any number" if ab.n >= 99 else f"up to {ab.n}"
        return f"When it rolls its attack dice, its owner may reroll {many} of them (once a roll)"
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
        if ab.timing == "discarding" and ab.target is not None:
            when += f" ({one_of(ab.target)}; 'chosen': that unit)"
        return f"Play for {ab.force} Force, {when}{_cond(ab.cond)}: {ops_text(ab.ops)}"
    if ab.kind == "mission":
        return f"When completed{_cond(ab.cond)}: {ops_text(ab.ops)}"
    if ab.kind == "granted":
        return f"Given to units by this card: {ability_text(ab.static['ability'])}"
    if ab.kind == "upkeep":
        return ("Upkeep (at the start of your build step, pay one you can): "
                + " or ".join(_upkeep_words(o) for o in ab.static["options"]))
    if ab.kind == "bounty":
        return ("Bounty (when its damage discards an opponent's unit, collected at the start of your "
                f"next build step; 'chosen': the unit discarded): {ops_text(ab.ops)}")
    if ab.kind == "pilot":
        kinds = " or ".join(ab.static["onto"].subtypes)
        kws = [f"{k.replace('_', ' ').title()} {n}" for k, n in ab.static.get("keywords", ())]
        gets = " and ".join([*([_mods(ab.static["mods"])] if any(ab.static["mods"]) else []), *kws])
        gets = gets or "nothing more"
        granted = "".join(f"; and the ability: {ability_text(g)}" for g in ab.static.get("abilities", ()))
        when = _cond(ab.static.get("if")) if ab.static.get("if") else ""
        may = ab.static.get("may_leave")
        if ab.static.get("bail", -1) >= 0 and may:
            where = ARENAS[ab.static["bail"]].title()
            granted += (f"; when that unit is discarded from an arena, its owner may move the pilot (gone "
                        f"to the discard pile with it) into the {where} arena untapped")
        elif ab.static.get("bail", -1) >= 0:
            where = ARENAS[ab.static["bail"]].title()
            granted += (f"; when that unit is discarded from an arena, the pilot moves into the {where} "
                        f"arena untapped instead, as a {where} unit until the {where} battle step ends; "
                        f"then, if it is still there, it moves into its own arena untapped")
        if ab.static.get("disembark", -1) >= 0:
            granted += (f"; when the {ARENAS[ab.static['disembark']].title()} battle step ends, "
                        + ("its owner may move the pilot" if may else "the pilot moves")
                        + " off into the Character arena")
        return f"Pilot: may fly one of your non-Droid {kinds} units, which then gets {gets}{when}{granted}"
    if ab.kind == "equip":
        kws = [f"{k.replace('_', ' ').title()} {n}" for k, n in ab.static["keywords"]]
        gets = " and ".join([*([_mods(ab.static["mods"])] if any(ab.static["mods"]) else []), *kws])
        gets = gets or "nothing more"
        granted = "".join(f"; and the ability: {ability_text(g)}" for g in ab.static["abilities"])
        cost = f"{ab.build_points} build point(s)" + (f" and {ab.force} Force" if ab.force else "")
        who = f" (if it is {sel_text(ab.target, plural=False)})" if ab.target is not None else ""
        return (f"Equip (pay {cost}, in your build step, once a turn): attach it to one of your units; "
                f"the equipped unit{who} gets {gets}{granted}")
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
    if d.fits:
        lines.append(f"  Equipment: attaches to a {' or '.join(ARENAS[a].title() for a in d.fits)} unit")
    if not d.implemented:
        lines.append("  abilities: not implemented in Dejarik (playable with --allow-unimplemented, "
                     "printed stats only)")
    for ab in d.abilities:
        lines.append(f"  - {ability_text(ab)}")
    if d.implemented and not d.abilities:
        lines.append("  (no abilities)")
    return lines
