"""The pending decision in words: what it is for, who decides what, and what each option does.

Written once, here: the observation's `decision` (observe.py), the views' prompt and option
labels, and the log line saying what was chosen (flow.answer) all read these functions. Words
come from the pending task and static card data only (no cloning, no look-ahead).

Hidden information: `purpose` and `prompt` are public, so they name only cards every seat may
know (units in play, retreated units, Battle cards and Missions being resolved, which are
already face up in the discard pile). An option's words may name the cards its action text
names (cards the decider may know); `answer_line` never names a card only the decider knows
(a card partly built from hand in setup).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from dejarik.tcg import flow as F
from dejarik.tcg.abilities import Ability, Op
from dejarik.tcg.carddefs import BATTLE, EQUIPMENT, MISSION, UNIT
from dejarik.tcg.cardtext import EVENT_WORDS, ability_text, one_of, op_text, ops_text
from dejarik.tcg.effects import abilities_of, deploy_cost, keyword, same_name_in_play
from dejarik.tcg.equipment import cost as equip_cost
from dejarik.tcg.state import ARENA_NAMES, BUILD, HAND, SIDE_NAMES

if TYPE_CHECKING:
    from dejarik.tcg.state import TcgState as S

Task = tuple[Any, ...]
MAIN = frozenset({"?setup", "?build", "?attack"})
"""The main moves of a turn (the line terminal shows the board before them)."""
_EVENT_WORDS = {k: v[:1].lower() + v[1:] for k, v in EVENT_WORDS.items()}
_USED = {"build": "used in the build step", "would_attack": "used instead of attacking",
         "attack": "used while it attacks", "reroll": "used after attack dice are rolled",
         "prevent": "used when damage is about to be dealt", "any": "used at a chance to play",
         "intercept": "used when another unit in its arena is attacked",
         "retaliate": "used when a unit of its arena attacks it",
         "disrupt": "used right after a card is played or an ability used",
         "upkeep": "used as your Upkeeps come due"}
"""When an activated ability is used, for any reader (cardtext's words speak to the owner)."""


def side(p: int) -> str:
    return SIDE_NAMES[p]


def _the(p: int) -> str:
    return f"the {SIDE_NAMES[p]}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- what an effect belongs to ----------------------------------------------------------------
def _holds(x: Any, target: Any, depth: int = 0) -> bool:
    """Whether the effect list `target` is x or nested in it (a branch, a 'may')."""
    if x == target:
        return True
    return depth < 6 and isinstance(x, tuple) and any(
        _holds(y, target, depth + 1) for y in x if isinstance(y, tuple))


def _ability_for(s: S, src: int, ops: Any) -> Ability | None:
    """The ability of unit `src` whose effects hold the effect list `ops`."""
    for ab in abilities_of(s, src):
        if ops is not None and (_holds(ab.ops, ops) or _holds(ab.then, ops) or _holds(ab.remove, ops)):
            return ab
    return None


def _ability_with(s: S, src: int, op_name: str) -> Ability | None:
    """The ability of unit `src` with an effect `op_name` (or that many cards to discard)."""
    for ab in s.d(src).abilities:
        if any(o[0] == op_name for o in ab.ops) or (op_name == "discard" and ab.discard):
            return ab
    return None


def ability_words(s: S, u: int, ab: Ability | None) -> str:
    """'Yoda (A)'s ability (when the battle phase ends)'."""
    name = s.name(u)
    if ab is None:
        return f"{name}'s ability"
    if ab.kind == "trigger":
        return f"{name}'s ability ({_EVENT_WORDS[ab.timing]})"
    if ab.kind == "activated":
        return f"{name}'s ability ({_USED[ab.timing]})"
    if ab.kind == "prevent":
        return f"{name}'s {'Deflect' if ab.deflect else 'prevention ability'}"
    if ab.kind == "reroll":
        return f"{name}'s reroll (when attacked)"
    return f"{name}'s ability"


def source_words(s: S, ctl: int, src: int, ab: Ability | None = None) -> str:
    """The card an effect belongs to, in words (public: it is in play or face up)."""
    if src < 0:
        return f"{_the(ctl)}'s effect"
    kind = s.d(src).kind
    if kind == BATTLE:
        return f"{_the(s.owner[src])}'s Battle card {s.name(src)}"
    if kind == MISSION:
        return f"{_the(s.owner[src])}'s Mission {s.name(src)}"
    return ability_words(s, src, ab)


def _effect_source(s: S, ctx: Any, ops: Any) -> str:
    src = ctx[1]
    if src < 0 or s.d(src).kind != UNIT:
        return source_words(s, ctx[0], src)
    ab = _ability_for(s, src, ops)
    if ab is None and any(a.deflect for a in s.d(src).abilities):
        return f"{s.name(src)}'s Deflect"    # the damage it may deal back (effects._prevent)
    return ability_words(s, src, ab)


def _task_source(task: Task, at: int) -> int:
    """The source card a decision task carries at index `at` (-1 in older saved games)."""
    return int(task[at]) if len(task) > at else -1


def _to_bottom(task: Task) -> bool:
    """A `?discard` decision whose cards go on the bottom of the deck (effects._to_deck_bottom)."""
    return len(task) > 4 and task[4] == "bottom"


def _arena_words(a: int) -> str:
    return f"the {ARENA_NAMES[a]} arena"


def purpose(s: S, task: Task) -> str:
    """What the decision belongs to: the card and its ability, or the rule step."""
    op = task[0]
    if op == "?redraw":
        return "the setup: setting aside Battle and Mission cards"
    if op == "?setup":
        return "the setup: deploying units with 30 build points"
    if op == "?partial":
        return "the setup: partly building one unit"
    if op == "?build":
        return f"{_the(task[1])}'s build step"
    if op == "?retreat":
        return f"{_the(task[1])}'s retreat step"
    if op == "?pop":
        return _window_words(s, task[1])
    if op == "?attack":
        return f"the {ARENA_NAMES[task[2]]} battle: {_the(task[1])}'s next attack"
    if op == "?command":
        return f"{_the(task[2])}'s command of {s.name(task[1])}"
    if op == "?bid":
        return f"the contest for {s.d(task[1]).uname}"
    if op in ("?choose", "?arena", "?may"):
        return _effect_source(s, task[3], task[1])
    if op == "?option":
        return _effect_source(s, task[2], task[1])
    if op == "?pay":
        ctx = task[4]
        if ctx[1] >= 0 and s.d(ctx[1]).kind == UNIT:
            return ability_words(s, ctx[1], _ability_with(s, ctx[1], task[3][0]))
        return source_words(s, ctx[0], ctx[1])
    if op == "?trigger":
        u, i = task[1], task[2]
        if s.zone[u] == HAND:     # a trigger from the hand (from_hand): the card stays unnamed
            return f"an ability of a card in {_the(s.owner[u])}'s hand"
        return ability_words(s, u, s.d(u).abilities[i])
    if op == "?order":
        return (f"the order of {_the(task[1])}'s abilities that trigger together "
                f"({_EVENT_WORDS.get(task[2], task[2])})")
    if op == "?offer":
        return _effect_source(s, task[4], task[3])
    if op in ("?name", "?reveal_hand"):
        ctx = task[4]
        name = "name_top" if op == "?name" else "reveal_hand"
        if ctx[1] >= 0 and s.d(ctx[1]).kind == UNIT:
            return ability_words(s, ctx[1], _ability_with(s, ctx[1], name))
        return source_words(s, ctx[0], ctx[1])
    if op == "?reveal_pick" and len(task) > 6:     # (..., chooser, picks): the source is task[5]
        src = task[5]
        if src >= 0 and s.d(src).kind == UNIT:
            return ability_words(s, src, _ability_with(s, src, "reveal_build"))
        return source_words(s, task[1], src)
    if op in ("?reveal_pick", "?card_type", "?gather"):
        src = task[-1]
        name = {"?reveal_pick": "reveal_build", "?card_type": "reveal_take", "?gather": "gather"}[op]
        if src >= 0 and s.d(src).kind == UNIT:
            return ability_words(s, src, _ability_with(s, src, name))
        return source_words(s, task[1], src)
    if op == "?predict":
        return _effect_source(s, task[3], task[2])
    if op == "?x":
        return _effect_source(s, task[4], task[2])
    if op in ("?match_hand", "?name_x"):
        return _effect_source(s, task[4], task[2])
    if op == "?untap":
        return f"{s.name(task[2])}'s untap (it may stay tapped)"
    if op == "?secret_bid":     # never the first bid: it stays secret until both are in
        return _effect_source(s, task[5], task[4] or task[3]) + ": a secret bid"
    if op == "?gain_split":
        src = task[3]
        if src >= 0 and s.d(src).kind == UNIT:
            return ability_words(s, src, _ability_with(s, src, "gain_split"))
        return source_words(s, task[1], src)
    if op == "?save":
        return f"damage about to discard {s.name(task[2])} ({s.damage[task[2]]}/{s.health(task[2])})"
    if op == "?disrupt" and len(task) > 3 and task[3] == "ability":
        return f"{s.name(task[2])}'s ability just used"
    if op == "?disrupt" and len(task) > 3 and task[3] == "mission":
        return f"the Mission {s.name(task[2])} just completed"
    if op == "?disrupt":
        return f"the Battle card {s.name(task[2])} just played"
    if op == "?upkeep_use":
        return f"{_the(task[1])}'s Upkeeps, due at the start of its build step"
    if op == "?keep_pilot":
        return f"the pilot {s.name(task[2])} of a discarded unit"
    if op == "?pilot_off":
        return (f"the pilot {s.name(task[2])}'s move off its unit" if task[3] < 0
                else f"the pilot {s.name(task[2])} of a discarded unit")
    if op == "?copy":
        return source_words(s, task[1], task[2])
    if op == "?mode":
        return f"{s.name(task[2])}'s stat line this turn"
    if op == "?tame":
        return f"{_the(task[2])}'s control of {s.name(task[1])}'s attack this turn"
    if op == "?unpilot":
        src = task[3]
        if src >= 0 and s.d(src).kind == UNIT:
            return ability_words(s, src, _ability_with(s, src, "unpilot"))
        return source_words(s, task[1], src)
    if op == "?deploy_now":
        src = task[3]
        if src >= 0 and s.d(src).kind == UNIT:
            return ability_words(s, src, _ability_with(s, src, "build_counters"))
        return source_words(s, task[1], src)
    if op == "?counters":
        src = task[5]
        if src >= 0 and s.d(src).kind == UNIT:
            return ability_words(s, src, _ability_with(s, src, "build_counters"))
        return source_words(s, task[1], src)
    if op == "?face_down":
        return source_words(s, task[1], task[4])
    if op == "?dig":
        return source_words(s, task[1], task[4])
    if op in ("?mill", "?arrange"):
        src = task[5]
        if src >= 0 and s.d(src).kind == UNIT:
            return ability_words(s, src, _ability_with(s, src, "arrange_top"))
        return source_words(s, task[1], src)
    if op == "?hand_to_arena":
        src = task[5]
        if src >= 0 and s.d(src).kind == UNIT:
            return ability_words(s, src, _ability_with(s, src, "hand_to_arena"))
        return source_words(s, task[1], src)
    if op == "?hand_to_build":
        src = task[5]
        if src >= 0 and s.d(src).kind == UNIT:
            return ability_words(s, src, _ability_with(s, src, "hand_to_build"))
        return source_words(s, task[1], src)
    if op == "?aside_order":     # set-aside cards going back to a deck (effects.return_aside)
        return f"{_the(task[1])}'s set-aside cards going back to a deck"
    if op in ("?fetch", "?hand_to_held"):
        src = task[-1]
        if src >= 0 and s.d(src).kind == UNIT:
            return ability_words(s, src, _ability_with(s, src, op[1:]))
        return source_words(s, task[1], src)
    at = {"?discard": 3, "?search": 3, "?unit_type": 2, "?recover": 4, "?pick_from_hand": 3,
          "?crowd": 3, "?dice": 3, "?strip": 4, "?split": 4}[op]
    src = _task_source(task, at)
    if src >= 0 and s.d(src).kind == UNIT:
        name = "to_deck_bottom" if _to_bottom(task) else _OP_OF[op]
        return ability_words(s, src, _ability_with(s, src, name))
    return source_words(s, task[1], src)


_OP_OF = {"?discard": "discard", "?search": "search", "?unit_type": "reveal_until_unit",
          "?recover": "recover", "?pick_from_hand": "look_at_hand", "?crowd": "crowd_control",
          "?dice": "reroll", "?strip": "strip", "?split": "split_hand"}


def _window_words(s: S, window: int) -> str:
    if window == F.PREVENT and s.dmg is not None:
        left = s.dmg[1] - s.dmg[4]
        return f"a chance to prevent damage: {left} damage about to be dealt to {s.name(s.dmg[0])}"
    if s.atk is not None and window in (F.IN_ATTACK, F.REROLL):
        u, t = s.atk[0], s.atk[1]
        if window == F.REROLL:
            return f"a chance to reroll: {s.name(u)} rolled {s.dice} against {s.name(t)}"
        return f"a chance to play during {s.name(u)}'s attack on {s.name(t)}"
    if s.step >= 0:
        return f"a chance to play in the {ARENA_NAMES[s.step]} battle"
    return "a chance to play in the battle phase"


# -- who decides what -------------------------------------------------------------------------
def _sel_for(sel: Any, ctl: int) -> str:
    """A selector in words with sides named ('the Light Side's Jedi'), for any reader."""
    words = one_of(sel)
    if words.startswith("one of your opponent's "):
        return f"one of {_the(1 - ctl)}'s " + words[len("one of your opponent's "):]
    if words.startswith("one of your "):
        return f"one of {_the(ctl)}'s " + words[len("one of your "):]
    return words


_ASKS = {
    "?redraw": "set aside Battle and Mission cards from your opening hand, or keep it",
    "?build": "build, deploy, complete a Mission, use a build-step ability, or pass",
    "?retreat": "retreat untapped units to the build zone, or pass",
    "?pop": "play a Battle card or an ability, or pass",
    "?attack": "attack with one of your fastest untapped units, or hold it",
    "?option": "choose one of the effects",
    "?may": "use this effect, or not",
    "?trigger": "use this ability, or not",
    "?order": "choose which of your abilities resolves first",
    "?search": "take a card from your deck into your hand, or nothing",
    "?unit_type": "name a unit type: Space, Ground or Character",
    "?pick_from_hand": "choose a card from your opponent's hand for them to discard",
    "?dice": "pick the dice to reroll, then pass to reroll them",
    "?offer": "pay the Force for the effect, or not",
    "?reveal_pick": "choose which revealed card goes into your build zone (the rest are discarded)",
    "?card_type": "name a card type: those among the revealed cards go to hand, the rest are discarded "
                  "(Mos Eisley: reveal until one of that type)",
    "?gather": "take another card with a different name, or stop",
    "?hand_to_held": "choose a card of your hand to put face down under the unit, or none",
    "?aside_order": ("choose the next set-aside card to go back (on top of the deck the first chosen "
                     "ends on top; under it, at the very bottom)"),
    "?predict": "predict how many hits the attack's dice will show",
    "?mode": "choose the unit's stat line (speed, power, health and keyword)",
    "?tame": "choose whether the tamed unit attacks and which unit (of either side)",
    "?unpilot": "choose a pilot of yours to move off its unit into the Character arena",
    "?copy": "choose the Battle card to copy (you pay its cost)",
    "?keep_pilot": "keep the pilot in your build zone, or discard it with its unit",
    "?pilot_off": "move the pilot off its unit into an arena, or leave it where it is",
    "?deploy_now": "deploy the card that now has enough build counters, or leave it in the build zone",
    "?counters": "choose a face-down card of your build zone to show and put build counters on",
    "?hand_to_build": "choose a card of your hand to show and put into your build zone with build counters",
    "?hand_to_arena": "choose a unit card of your hand to put into its arena",
    "?face_down": "choose one of the face-down cards of a build zone",
    "?mill": "choose cards you looked at on top of a deck to discard",
    "?dig": ("choose a card you looked at on top of your deck to put into your hand (the rest go "
             "under the deck)"),
    "?arrange": "choose the next card to go back on top of the deck (the first chosen is the top card)",
    "?strip": "choose a card of your opponent's hand or deck to discard, or none",
    "?split": "choose a card set aside: its owner keeps it in hand, or the other player discards it",
    "?x": "name X, the Force to pay",
    "?secret_bid": "bid Force in secret (your opponent bids too, unseen; the winner pays its bid)",
    "?gain_split": "choose how much of the total is Force (the rest is build points)",
    "?name_x": "name X, a number for what the effect does",
    "?match_hand": "choose a card of your hand to put into the arena in place of the unit chosen",
    "?untap": "untap the unit now, or leave it tapped",
    "?disrupt": "disrupt what was just played (a Battle card, Mission or ability), or let it resolve",
    "?save": "play a Battle card for the unit about to be discarded, or let it be discarded",
    "?upkeep_use": "use an ability that pays an Upkeep, or pay the Upkeeps as usual",
}
"""What each decision that needs no numbers asks, in a few public words."""


def ask(s: S, task: Task) -> str:
    """What the decider is asked, in a few public words."""
    op = task[0]
    if op == "?reveal_pick" and len(task) > 6 and task[6] != task[1]:
        return ("choose which revealed card goes face down into your opponent's build zone (the rest "
                "are discarded)")
    if op == "?dig" and len(task) > 5 and task[5] == "discard":
        return ("choose a card you looked at on top of your deck to put into your hand (the rest are "
                "discarded)")
    if op in _ASKS:
        return _ASKS[op]
    if op == "?setup":
        return f"deploy a unit ({s.setup_left[task[1]]} setup points left), or stop"
    if op == "?partial":
        return f"partly build one unit with the {s.setup_left[task[1]]} setup points left, or not"
    if op == "?command":
        return f"have {s.name(task[1])} attack another unit of its own side, or let it attack as usual"
    if op == "?bid":
        return (f"bid more Force for {s.d(task[1]).uname} (bids so far: Dark Side {task[3]}, "
                f"Light Side {task[4]}), or stop")
    if op == "?choose":
        ctx, sel, lo, hi = task[3], task[4], task[6], task[7]
        what = _sel_for(sel, ctx[0])
        if hi > 1:
            what += f" (up to {hi}; {len(ctx[2])} chosen so far)" if hi < 99 else " (any number)"
        return f"choose {what}" + (", or stop" if len(ctx[2]) >= lo else "")
    if op == "?name":
        return ("name a card (only names you may know: cards of theirs you can see, your own neutral "
                "cards); your opponent then reveals their top card and puts it into their hand")
    if op == "?reveal_hand":
        return "choose a card of your hand to reveal (it stays in your hand, known to your opponent)"
    if op == "?arena":
        return "choose an arena" + (" where no unit has attacked this turn" if task[4] else "")
    if op == "?pay":
        return f"pay {task[2]} Force to stop it, or not"
    if op == "?discard" and _to_bottom(task):
        return f"put {task[2]} card{'s' if task[2] > 1 else ''} of your hand under your deck"
    if op == "?discard":
        return f"discard {task[2]} card{'s' if task[2] > 1 else ''} from your hand"
    if op == "?recover" and len(task) > 7 and task[6] != "arena" and task[7]:
        return f"return {task[3]} more card(s) from your discard pile"
    if op == "?recover":
        return f"return up to {task[3]} {str(task[2]).title()} unit cards from your discard pile to your hand"
    if op == "?crowd":
        return f"discard one of your units in {_arena_words(task[2])}"
    if op == "?fetch":
        return f"take a {task[2]} card into its arena ({task[3]} more at most), or stop"
    return "decide"


def prompt(s: S, task: Task) -> str:
    return f"{side(F.decider(s, task))}: {ask(s, task)}"


# -- what each option does --------------------------------------------------------------------
def _where(s: S, u: int) -> str:
    return f"{side(s.owner[u])}'s, {_arena_words(s.unit_arena(u))}"


def _dice(s: S, u: int, t: int) -> int:
    return max(0, F.attack_power(s, u, t, F.alt_power(s, u, t)) - keyword(s, t, "shields"))


def _build_words(s: S, c: int, k: int) -> str:
    d = s.d(c)
    what = "Mission " if d.kind == MISSION else ""
    plural = "s" if k > 1 else ""
    if s.zone[c] == HAND:
        return (f"put the {what}card {s.name(c)} face down in your build zone with {k} build "
                f"counter{plural} (it costs {d.cost})")
    have = s.counters[c]
    return f"add {k} build counter{plural} to {s.name(c)} ({have + k} of its cost {d.cost})"


def _deploy_words(s: S, c: int, under: int) -> str:
    d = s.d(c)
    if d.kind == MISSION:
        ab = next((a for a in d.abilities if a.kind == "mission"), None)
        what = f": {ops_text(ab.ops)}" if ab is not None else ""
        return f"complete the Mission {s.name(c)}{what}"
    if d.homes:      # a Location: the arena, and the Location it replaces there
        a = d.homes[under]
        old = s.places[a]
        return f"put the Location {s.name(c)} into {_arena_words(a)}" + (
            f", discarding {s.name(old)}" if old >= 0 else "")
    arena = _arena_words(d.arena)
    need = F.unit_cost(s, c, deploy_cost(s, c))
    if d.hidden and s.zone[c] == BUILD and not s.face_up[c] and s.counters[c] < need:
        rest = need - s.counters[c]
        return f"finish {s.name(c)} by paying {rest} Force (Hidden Cost) and put it into {arena}"
    if under:
        return f"put {s.name(c)} under your {d.uname} stack (+10 speed, +1 power, +1 health to it)"
    if d.unique and same_name_in_play(s, s.owner[c], d.uname) >= 0:
        return f"put {s.name(c)} on top of your {d.uname} stack"
    if s.zone[c] == BUILD and s.face_up[c]:
        return f"put the retreated {s.name(c)} back into {arena}"
    return f"put {s.name(c)} into {arena}"


def _effect_words(s: S, ops: tuple[Op, ...], ctx: Any, it: str = "it") -> str:
    src = ctx[1]
    this = s.name(src) if src >= 0 and s.d(src).kind == UNIT else "this unit"
    return ops_text(ops, it, this) or "nothing more"


def _pass_words(s: S, task: Task) -> str:
    op = task[0]
    words = {
        "?redraw": "keep the rest of your hand and draw back up to 7 cards",
        "?setup": "stop deploying units (you may then partly build one unit)",
        "?partial": "build nothing with the setup points left",
        "?build": "end your build step",
        "?retreat": "retreat no more units",
        "?pop": "play nothing now (play goes on when both sides pass in a row)",
        "?bid": "stop bidding (the higher total wins; the Dark Side wins ties)",
        "?trigger": "no: don't use it",
        "?search": "take nothing (your deck is shuffled)",
        "?recover": "return no more cards",
        "?strip": "discard nothing (the deck is shuffled all the same)",
        "?untap": "leave it tapped",
        "?disrupt": "let it resolve",
        "?save": "play nothing: the unit is discarded",
        "?upkeep_use": "pay the Upkeeps as usual",
        "?mill": "discard no more of the cards looked at",
        "?hand_to_held": "put no card under it",
        "?match_hand": "put no card into the arena",
    }
    if op in words:
        return words[op]
    if op == "?command":
        return f"let {s.name(task[1])} attack as its owner chooses"
    if op == "?choose":
        ctx = task[3]
        picked = ", ".join(s.name(u) for u in ctx[2])
        rest = _effect_words(s, task[1][task[2] + 1:], ctx, picked or "none")
        return f"choose no more units (then: {rest})" if picked else f"choose none (then: {rest})"
    if op == "?may":
        return "no: skip this effect"
    if op == "?pay":
        return f"don't pay: {_then_words(s, task)}"
    if op == "?offer" and len(task) > 5:     # Enhance: the plain effect instead
        return f"don't pay: {_effect_words(s, task[5], task[4])}"
    if op == "?offer":
        return "don't pay: nothing happens"
    if op == "?name":
        return "name a card you have not seen (it can't match)"
    if op == "?gather":
        return "take no more cards (your deck is shuffled)"
    if op == "?fetch":
        return "take no more cards" + (" (your deck is shuffled)" if task[5] == "always" or task[6] else "")
    if op == "?mode":
        return "keep last turn's stat line"
    if op == "?tame":
        return f"let the owner use {s.name(task[1])}'s ability instead of attacking"
    if op == "?keep_pilot":
        return f"discard {s.name(task[2])} with its unit"
    if op == "?pilot_off":
        return (f"leave {s.name(task[2])} aboard its unit" if task[3] < 0
                else f"leave {s.name(task[2])} in your discard pile")
    if op == "?deploy_now":
        return "leave it in the build zone"
    if op == "?dice":
        n = bin(task[2]).count("1")
        return {0: "reroll no dice", 1: "reroll the die picked"}.get(n, f"reroll the {n} dice picked")
    return "pass"


def _then_words(s: S, task: Task) -> str:
    then, ctx = task[3], task[4]
    names = ", ".join(s.name(u) for u in ctx[2]) or "it"
    return op_text(then, names, s.name(ctx[1]) if ctx[1] >= 0 else "this unit")


def _choice_words(s: S, task: Task, x: int, y: int) -> str:
    op = task[0]
    if op == "?redraw":
        return f"set {s.name(x)} aside on your discard pile (you draw back up to 7 when done)"
    if op == "?arena":
        ctx = task[3]
        rest = _effect_words(s, task[1][task[2] + 1:], ctx).replace("the chosen arena", _arena_words(x))
        return f"pick {_arena_words(x)}: {rest}"
    if op == "?option":
        return _effect_words(s, task[1][x], task[2])
    if op == "?dice":
        return f"pick die {x + 1} (showing {s.dice[x]}) to reroll" if x < len(s.dice) else "pick a die"
    if op == "?may" and task[1] and task[1][0][0] in ("damage_retreat", "spared") and task[3][2]:
        # a replacement: name the unit it saves
        return f"yes: {_effect_words(s, task[1], task[3], s.name(task[3][2][0]))}"
    if op == "?may":
        return f"yes: {_effect_words(s, task[1], task[3])}"
    if op == "?trigger":
        u, i = task[1], task[2]
        return f"yes: {ops_text(s.d(u).abilities[i].ops, 'it', s.name(u))}"
    if op == "?pay":
        return f"pay {task[2]} Force so that this does not happen: {_then_words(s, task)}"
    if op == "?offer":
        return f"pay {task[2]} Force so that this happens: {_effect_words(s, task[3], task[4])}"
    if op == "?keep_pilot":
        return f"keep {s.name(x)} in your build zone, retreated"
    if op == "?pilot_off":
        where = ARENA_NAMES[task[3]] if task[3] >= 0 else "Character"
        return f"move {s.name(x)} into the {where} arena"
    if op == "?mode":
        ab = next((a for a in s.d(task[2]).abilities if a.kind == "modes"), None)
        return f"stat line {x + 1}: " + (_mode_words(ab.static["modes"][x]) if ab else "")
    if op == "?unpilot":
        return f"move {s.name(x)} off its unit into the Character arena"
    if op == "?copy":
        ab = next((a for a in s.d(x).abilities if a.kind == "play"), None)
        return f"copy {s.name(x)}" + (f": {ability_text(ab)}" if ab else "")
    if op == "?reveal_pick" and len(task) > 6 and task[6] != task[1]:
        return f"put {s.name(x)} face down in your opponent's build zone with {task[4]} build counter(s)"
    if op == "?reveal_pick":
        return f"put {s.name(x)} face down in your build zone with {task[4]} build counter(s)"
    if op == "?name":
        return f"name {s.d(x).uname} (any version)"
    if op == "?reveal_hand":
        return f"reveal {s.name(x)} from your hand"
    if op == "?card_type":
        kinds = ("Space", "Ground", "Character", "Battle", "Mission", "Location", "Equipment")
        return f"name {kinds[x]} cards"
    if op == "?gather":
        return f"take {s.name(x)} into your hand (shown to your opponent)"
    if op == "?predict":
        return f"predict {x} damage" if len(task) > 4 else f"predict {x} hits"
    if op == "?x":
        return f"pay {x} Force (X = {x})"
    if op == "?gain_split":
        return f"gain {x} Force and {task[2] - x} build point(s)"
    if op == "?name_x":
        return f"name X = {x}"
    if op == "?match_hand":
        pays = f", paying {s.d(x).cost} Force" if task[6] else ""
        return f"put {s.name(x)} from your hand into its arena{pays}"
    if op == "?untap":
        return f"untap {s.name(x)}"
    if op == "?counters" and task[2] == "double":
        return f"double the build counters on {s.name(x)} ({s.counters[x]} on it), unseen by your opponent"
    if op == "?counters" and task[2] < 0:
        return f"remove up to {-task[2]} build counters from a face-down card ({s.counters[x]} on it)"
    if op == "?counters":
        return f"show {s.name(x)} and put {task[2]} build counter(s) on it"
    if op == "?mill":
        return f"discard {s.name(x)} from the top of the deck"
    if op == "?arrange":
        return f"{s.name(x)} goes back next (the first chosen ends on top)"
    if op == "?dig":
        return f"put {s.name(x)} into your hand"
    if op == "?face_down":
        unless = f", unless its owner pays {task[3]} Force" if task[3] else ""
        return f"that face-down card is discarded{unless}"
    if op == "?hand_to_build":
        return f"show {s.name(x)} and put it into your build zone with {task[4]} build counter(s)"
    if op == "?hand_to_arena":
        return f"put {s.name(x)} from your hand into its arena"
    if op == "?hand_to_held":
        return f"put {s.name(x)} face down under {s.name(task[3])} (unseen by your opponent)"
    if op == "?aside_order":
        return f"{s.name(x)} goes back next"
    if op == "?fetch":
        where = ("deck", "hand", "discard pile", "build zone", "arena")[s.zone[x]] if s.zone[x] < 5 else "?"
        return f"put {s.name(x)} from your {where} into its arena, untapped"
    if op == "?choose":
        ctx = task[3]
        return f"pick {s.name(x)} ({_where(s, x)}): {_effect_words(s, task[1][task[2] + 1:], ctx, s.name(x))}"
    if op == "?discard" and _to_bottom(task):
        return f"put {s.name(x)} under your deck"
    if op == "?discard":
        return f"discard {s.name(x)} from your hand"
    if op == "?search" and len(task[2]) > 4 and task[2][4]:
        return (f"put {s.name(x)} face down in your build zone with {task[2][4]} build counter(s) "
                f"(shown to your opponent), then shuffle your deck")
    if op == "?search":
        return f"take {s.name(x)} into your hand (shown to your opponent), then shuffle your deck"
    if op == "?unit_type":
        return (f"reveal cards from the top of your deck until a {ARENA_NAMES[x]} unit; take it "
                f"into your hand and shuffle the rest back")
    if op == "?recover" and len(task) > 6 and task[6] == "deck":
        return f"return {s.name(x)} from your discard pile to your deck"
    if op == "?recover":
        return f"return {s.name(x)} from your discard pile to your hand"
    if op == "?pick_from_hand":
        return f"your opponent discards {s.name(x)} from their hand"
    if op == "?crowd":
        return f"discard {s.name(x)} from {_arena_words(task[2])}"
    if op == "?order":
        ab = s.d(x).abilities[y]
        return f"{s.name(x)}'s ability resolves first: {ops_text(ab.ops, 'it', s.name(x))}"
    return f"pick {s.name(x)}"


def _mode_words(line: tuple[int, ...]) -> str:
    sp, pw, hp, crit, acc = line
    extra = "".join(f", {k} {v}" for k, v in (("Critical Hit", crit), ("Accuracy", acc)) if v)
    return f"speed {sp}, power {pw}, health {hp}{extra}"


def does(s: S, task: Task, action: tuple[int, ...]) -> str:
    """What taking `action` at this decision does, in words."""
    kind, x, y = action[0], action[1], action[2]
    op = task[0]
    if kind == F.PASS:
        return _pass_words(s, task)
    if kind == F.BUILD_K:
        text = _build_words(s, x, y)
        return text + " and draw a card" if op == "?partial" else text
    if kind == F.DEPLOY:
        text = _deploy_words(s, x, y)
        if op == "?setup":
            cost = F.unit_cost(s, x, s.d(x).cost)
            text += f" (costs {cost} of your {s.setup_left[task[1]]} setup points) and draw a card"
        return text
    if kind == F.ABILITY:
        return f"use {s.name(x)}'s ability: {ability_text(abilities_of(s, x)[y])}"
    if kind == F.PLAY:
        ab = next((a for a in s.d(x).abilities if a.kind == "play"), None)
        where = " (set aside)" if s.aside and x in s.aside else ""
        return f"play the Battle card {s.name(x)}{where}" + (f": {ability_text(ab)}" if ab else "")
    if kind == F.ATTACK:
        if op == "?command":
            return f"have {s.name(x)} attack {s.name(y)}, a unit of its own side, instead"
        n = _dice(s, x, y)
        return f"{s.name(x)} attacks {s.name(y)} ({_where(s, y)}) with {n} dice, each 4+ a hit"
    if kind == F.SKIP:
        return f"{s.name(x)} does not attack (it taps)"
    if kind == F.RETREAT:
        return f"move {s.name(x)}, tapped, to your build zone (there it can't attack or be attacked)"
    if kind == F.BID and op == "?secret_bid":
        return f"bid {x} Force in secret"
    if kind == F.BID:
        p = task[5]
        mine = x + s.d(task[1 + p]).cost + s.stack_size(task[1 + p])
        theirs = task[4 - p] + s.d(task[2 - p]).cost + s.stack_size(task[2 - p])
        return f"bid {x} Force (your total {mine} against {theirs})"
    if kind == F.RESTACK:
        return f"put {s.name(y)} on top of its stack in place of {s.name(x)} (the damage stays)"
    if kind == F.PILOT and s.d(x).kind == EQUIPMENT:
        bp, force = equip_cost(s, x, y - 1)
        return (f"pay {bp} build point(s)" + (f" and {force} Force" if force else "")
                + f" to equip {s.name(y - 1)} with {s.name(x)}")
    if kind == F.PILOT:
        if y:
            return f"put the pilot {s.name(x)} aboard {s.name(y - 1)}"
        return f"move the pilot {s.name(x)} off its unit into the Character arena"
    if kind == F.CHOOSE:
        return _choice_words(s, task, x, y)
    return F.KIND_NAMES[kind] if 0 <= kind < len(F.KIND_NAMES) else "act"


# -- the whole decision, and the log line -----------------------------------------------------
def decision(s: S, viewer: int) -> dict[str, Any]:
    """The observation's `decision`; the options only in the decider's own observation."""
    task = s.tasks[-1]
    who = F.decider(s, task)
    options: list[dict[str, str]] = []
    if viewer == who:
        options = [{"action": s.action_to_text(a), "does": does(s, task, a)} for a in s.legal_actions()]
    return {"player": who, "for": purpose(s, task), "prompt": prompt(s, task), "options": options}


def answer_line(s: S, task: Task, action: tuple[int, ...]) -> str:
    """The log line saying what was chosen at an inner decision ('' for a main move, whose
    own log lines tell it). Written before the answer is applied."""
    op = task[0]
    if op in MAIN or op in ("?retreat", "?pop"):
        return ""
    who = _the(F.decider(s, task))
    if op == "?discard" and _to_bottom(task):   # the card goes unseen into the deck
        return f"{who} puts a card of their hand under their deck"
    if op == "?trigger" and action[0] != F.CHOOSE and s.zone[task[1]] == HAND:   # still unseen
        return f"{who} doesn't use an ability of a card in their hand"
    if op == "?hand_to_held" and action[0] == F.CHOOSE:    # unseen by the opponent
        return f"{who} puts a card of their hand face down under {s.name(task[3])}"
    if op == "?aside_order":     # face-down ones are not for the log: no names
        return f"{who} puts a set-aside card back into a deck"
    if op == "?partial":     # the card stays face down: its name is not for the log
        if action[0] == F.BUILD_K:
            return f"{who} partly builds a card in setup with {action[2]} build counter(s)"
        return f"{who} partly builds nothing in setup"
    if op == "?secret_bid":    # the amount stays secret: the resolution tells both bids
        return f"{who} bids in secret for {_third(purpose(s, task))}"
    if op == "?bid":
        if action[0] == F.BID:
            return f"{who} bids {action[1]} Force in the contest for {s.d(task[1]).uname}"
        return f"{who} stops bidding in the contest for {s.d(task[1]).uname}"
    return f"{who} chooses for {_third(purpose(s, task))}: {_third(does(s, task, action))}"


_PERSON = {"you": "they", "your": "their", "You": "They", "Your": "Their"}


def _third(text: str) -> str:
    """An option's words (said to the decider) as the log tells them: 'your' becomes 'their'."""
    return re.sub(r"\b(you|your|You|Your)\b", lambda m: _PERSON[m.group(1)], text)


def decision_prompt(s: S) -> str:
    """The prompt of an inner decision ('' for a main move or a finished game)."""
    if s.done or not s.tasks or s.tasks[-1][0] in MAIN:
        return ""
    return prompt(s, s.tasks[-1])


def option_label(s: S, index: int) -> str:
    """What legal action `index` does ('' out of range or when the game is over)."""
    acts = s.legal_actions()
    if not 0 <= index < len(acts):
        return ""
    return does(s, s.tasks[-1], acts[index])


