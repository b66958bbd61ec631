"""Decisions in words: what a pending decision is for, who decides what, what each option does,
and the log line of an answer.

Written once, read by the observation (its "decision"), the views and the log. Everything here
is public: hands are face up (seed 001, "Karty oddziałów"), and no word reads the order of a
deck. The words come from the decision task and static card data, never from a look-ahead.

What an effect's decision belongs to (a villain card, a Jedi's ability, an ally, a mission's
"when drawn" or "when completed", the damage of an attack or mission) is the nearest source
marker under it on the task stack: ("src", kind, arg, seat), pushed with the steps it names
(effects.push_effects, flow.py) and popped, doing nothing, once they are done.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dejarik.core.protocol import Action
from dejarik.pandemic import board
from dejarik.pandemic.codes import (
    ABILITY,
    AGREE,
    ALLY,
    ATTACK,
    DISCARD,
    END,
    EXHAUST,
    FLY,
    MISSION,
    PASS,
    PICK,
    READY,
    REINFORCE,
    TARGET,
)
from dejarik.pandemic.pack import Effects, Step

if TYPE_CHECKING:
    from dejarik.pandemic.state import PandemicState as S

Task = tuple[Any, ...]
C_ATTACK = 0   # flow.C_ATTACK: the kind of action in s.ctx


def decision(s: S, viewer: int) -> dict[str, Any] | None:
    """The pending decision as the observation gives it (None once the game is over): the
    options, with what each does, only in the decider's own observation."""
    if s.done or not s.tasks:
        return None
    task = s.tasks[-1]
    who = s.current_player
    options = [{"action": s.action_to_text(a), "does": does(s, task, a)}
               for a in s.legal_actions()] if viewer == who else []
    return {"player": who, "for": for_words(s, task), "prompt": prompt(s, task), "options": options}


# -- what a decision belongs to ----------------------------------------------------------------
def source(s: S) -> Task | None:
    """The source marker of the effect or damage being resolved now, if any."""
    for t in reversed(s.tasks):
        if t[0] == "src":
            return t
    return None


def source_words(s: S, src: Task | None) -> str:
    """A source marker in words: "Caller's ability", "Plain Villain's villain card 'Strike'"."""
    if src is None:
        return "an effect"
    kind, arg, seat = src[1], src[2], src[3]
    v = s.pack.villains[s.villain]
    if kind == "ability":
        return f"{s.jedi_name(seat)}'s ability"
    if kind == "ally":
        return f"{s.jedi_name(seat)}'s ally {s.pack.squad[arg].name}"
    if kind == "villain":
        return f"{v.name}'s villain card '{v.deck[arg].name}'"
    if kind == "reminder":
        return f"{v.name}'s reminder effect" + (" (finale)" if arg else "")
    if kind == "setup":
        return f"{v.name}'s setup"
    if kind == "finale":
        return f"{v.name}'s finale setup"
    if kind in ("completed", "drawn"):
        return f"the mission '{s.pack.missions[arg].name}' (when {kind})"
    if kind == "attack":
        return f"the attack on {s.planet_name(arg)}"
    return f"the mission '{s.pack.missions[arg].name}'"   # "mission": its damage


def _damage_for(s: S, j: int) -> str:
    return f"the damage {s.jedi_name(j)} takes from {source_words(s, source(s))}"


def _action_for(s: S) -> str:
    """The attack or mission attempt in progress (s.ctx), in words."""
    ctx = s.ctx
    assert ctx is not None
    who = s.jedi_name(s.active)
    if ctx[0] == C_ATTACK:
        return f"{who}'s attack on {s.planet_name(ctx[1])}"
    return f"{who}'s attempt at '{s.pack.missions[s.slots[ctx[6]]].name}'"


def for_words(s: S, task: Task) -> str:
    """What the decision `task` belongs to: the turn, a rule step, or the card it comes from."""
    op = task[0]
    if op == "?act":
        return f"{s.jedi_name(s.active)}'s turn"
    if op == "?transport":
        return f"{s.jedi_name(task[1])}'s flight to {s.planet_name(s.pos[task[1]])}"
    if op == "?fly_on":
        return f"{s.jedi_name(task[1])}'s flight (a transport's second step)"
    if op == "?contrib":
        return _action_for(s)
    if op == "?allocate":
        src = source(s)
        return _action_for(s) if src is None and s.ctx is not None else source_words(s, src)
    if op == "?prevent":
        return _damage_for(s, s.hurt[0] if s.hurt is not None else s.active)
    if op == "?discard" and task[3] == "damage":
        return _damage_for(s, task[1])
    if op == "?limit":
        return f"the hand limit ({s.pack.rules['hand_limit']} cards)"
    return source_words(s, source(s))   # ?pick, ?consent, ?exhaust, ?ready, ?discard by an effect


# -- who decides what --------------------------------------------------------------------------
def prompt(s: S, task: Task) -> str:
    """One sentence for people: who decides what."""
    op = task[0]
    who = s.jedi_name(s.current_player)
    if op == "?act":
        if s.actions_left <= 0:
            return f"{who}: use your free action or an ally, or end your actions"
        total = s.pack.rules["actions_per_turn"]
        return f"{who}: choose an action ({s.actions_left} of {total} actions left)"
    if op == "?transport":
        flyer = s.jedi_name(task[1])
        return f"{who}: exhaust a transport so {flyer} may fly one more step, or pass"
    if op == "?fly_on":
        return f"{who}: fly one more step from {s.planet_name(s.pos[task[1]])}, or stay"
    if op == "?contrib":
        ctx = s.ctx
        assert ctx is not None
        if ctx[0] == C_ATTACK:
            rolled = f"rolled {_n(ctx[2], 'success', 'successes')}, cards +{ctx[4]}"
            kinds = "assault or stealth" if ctx[5] < 0 else ("assault", "stealth")[ctx[5]]
            return f"{who}: add {kinds} cards to {_action_for(s)} ({rolled}), or pass"
        need, kinds = _mission_need(s)
        return f"{who}: add {kinds} cards to {_action_for(s)} ({ctx[2] + ctx[4]} of {need}), or pass"
    if op == "?allocate":
        return f"{who}: choose where {task[2]} damage goes on {s.planet_name(task[1])}"
    if op == "?prevent":
        n = s.hurt[1] if s.hurt is not None else 0
        hurt = s.jedi_name(s.hurt[0]) if s.hurt is not None else who
        return f"{who}: prevent some of the {n} damage {hurt} takes, or pass"
    if op == "?discard":
        return f"{who}: choose a card to discard ({task[2]} to discard)"
    if op == "?limit":
        limit = s.pack.rules["hand_limit"]
        return (f"{who}: {len(s.hands[task[1]])} squad cards, more than {limit}: "
                f"discard a card or play an ally")
    if op == "?pick":
        what = "another Jedi" if task[2] == "jedi" else "a planet"
        return f"{who}: choose {what} for {for_words(s, task)}"
    if op == "?consent":
        return f"{who}: agree to {for_words(s, task)}? ({step_words(s, task[3], task[2])})"
    if op in ("?exhaust", "?ready"):
        verb = "exhaust" if op == "?exhaust" else "ready"
        return f"{who}: choose a card to {verb} for {for_words(s, task)} ({task[2]} to {verb})"
    return f"{who}: choose"


def _mission_need(s: S) -> tuple[int, str]:
    ctx = s.ctx
    assert ctx is not None
    md = s.pack.missions[s.slots[ctx[6]]]
    return s.amount(md.threshold), " or ".join(md.needs or ())


# -- what each option does ---------------------------------------------------------------------
def does(s: S, task: Task, a: Action) -> str:
    """What taking action `a` at decision `task` does, in words (never just its notation)."""
    code, arg = a[0], a[1]
    op = task[0]
    if code == ALLY:
        sd = s.pack.squad[arg]
        return f"discard {sd.name} to resolve it: {effects_words(s, sd.effect or (), s.current_player)}"
    if op == "?act":
        return _act_does(s, code, arg)
    if op == "?transport":
        flyer = s.jedi_name(task[1])
        if code == EXHAUST:
            here = s.planet_name(s.pos[task[1]])
            return f"exhaust {s.pack.squad[arg].name}: {flyer} may fly on from {here}"
        if len(task[2]) > 1:
            return f"exhaust no transport (then {s.jedi_name(task[2][1])} may offer one)"
        return f"exhaust no transport: {flyer}'s flight ends on {s.planet_name(s.pos[task[1]])}"
    if op == "?fly_on":
        here = s.planet_name(s.pos[task[1]])
        return f"fly on from {here} to {s.planet_name(arg)} (no action)" if code == FLY else f"stay on {here}"
    if op == "?contrib":
        return _contrib_does(s, task, code, arg)
    if op == "?allocate":
        p, n = task[1], task[2]
        if arg < 0:
            return f"destroy a droid on {s.planet_name(p)} (1 damage, {n - 1} left)"
        hp = s.figure_health(arg) or 0
        return f"drive {s.figure_name(arg)} off the board ({hp} damage, {n - hp} left)"
    if op == "?prevent":
        hurt = s.jedi_name(s.hurt[0]) if s.hurt is not None else ""
        if code == EXHAUST:
            sd = s.pack.squad[arg]
            return f"exhaust {sd.name}: prevent {sd.value} of the damage to {hurt}"
        if len(task[1]) > 1:
            return f"prevent no more (then {s.jedi_name(task[1][1])} may)"
        n = s.hurt[1] if s.hurt is not None else 0
        lose = min(n, len(s.hands[s.hurt[0]])) if s.hurt is not None else 0
        return f"prevent no more: {hurt} discards {_n(lose, 'card', 'cards')}"
    if code == DISCARD:
        d, ex = divmod(arg, 2)
        left = task[2] - 1 if op == "?discard" else len(s.hands[task[1]]) - 1
        state = "an exhausted " if ex else ""
        if op == "?discard":
            after = f" ({left} more to discard)" if left else ""
        else:
            after = f" ({left} cards left)"
        return f"put {state}{s.pack.squad[d].name} on the squad discard pile{after}"
    if op == "?pick":
        return _pick_does(s, task, arg)
    if op == "?consent":
        effect = step_words(s, task[3], task[2])
        return f"agree: {effect}" if code == AGREE else f"refuse: {s.jedi_name(task[1])} stays where they are"
    if code == EXHAUST:
        return f"exhaust {s.pack.squad[arg].name}: it cannot be used until it is readied"
    if code == READY:
        return f"ready {s.pack.squad[arg].name}: it can be used again"
    return "take this option"


def _act_does(s: S, code: int, arg: int) -> str:
    j = s.active
    here = s.planet_name(s.pos[j])
    if code == FLY:
        return f"fly from {here} to {s.planet_name(arg)} (an action)"
    if code == REINFORCE:
        return "draw a squad card (an action)"
    if code == ATTACK:
        n = board.enemies_at(s, s.pos[j])
        return f"roll the die against the {_n(n, 'enemy', 'enemies')} on {here} (an action)"
    if code == MISSION:
        md = s.pack.missions[s.slots[arg]]
        need = s.amount(md.threshold)
        return (f"roll the die for '{md.name}': it needs {need} successes, "
                f"with {' or '.join(md.needs or ())} cards (an action)")
    if code == ABILITY:
        jd = s.pack.jedi[s.jedi[j]]
        return f"use {jd.name}'s ability (a free action): {effects_words(s, jd.ability or (), j)}"
    if code == END:
        return "end your actions: the villain step, then the invasion"
    return "take this option"


def _contrib_does(s: S, task: Task, code: int, arg: int) -> str:
    ctx = s.ctx
    assert ctx is not None
    here = s.planet_name(ctx[1])
    if code == EXHAUST:
        sd = s.pack.squad[arg]
        if ctx[0] == C_ATTACK:
            only = f" (only {sd.kind} cards may join it then)" if ctx[5] < 0 else ""
            return f"exhaust {sd.name}: +{sd.value} damage to the attack{only}"
        need, _ = _mission_need(s)
        total = ctx[2] + ctx[4] + (sd.value or 0)
        return f"exhaust {sd.name}: +{sd.value} toward the mission ({total} of {need})"
    if len(task[1]) > 1:
        return f"add no more cards (then {s.jedi_name(task[1][1])} may)"
    if ctx[0] == C_ATTACK:
        return f"add no more cards: the attack deals {ctx[2] + ctx[4]} damage on {here}"
    need, _ = _mission_need(s)
    total = ctx[2] + ctx[4]
    outcome = "is completed" if total >= need else "fails"
    return f"add no more cards: the mission {outcome} ({total} of {need})"


def _pick_does(s: S, task: Task, value: int) -> str:
    cont = task[4]
    if cont[0] == "mv_to":
        toward = _TOWARD.get(cont[3], cont[3])
        return f"{s.figure_name(cont[1])} moves to {s.planet_name(value)} (a shortest way toward {toward})"
    kind, you, step, i = cont
    filled = (*step[:i], value, *step[i + 1:])
    words = step_words(s, filled, you)
    if kind == "consent" and value != you:
        return f"{words}, if {s.jedi_name(value)} agrees"
    return words


# -- effects in words ------------------------------------------------------------------------
_TOWARD = {"nearest_jedi": "the nearest Jedi", "missions": "a mission planet", "top": "the top planet"}
_WHO = {"each": "every Jedi", "at_villain": "every Jedi on the villain's planet",
        "near_villain": "every Jedi on or next to the villain's planet",
        "with_enemies": "every Jedi on a planet with enemies",
        "at_missions": "every Jedi on a mission planet"}
_CONDS = {"villain_on_board": "the villain is on the board",
          "villain_at_mission": "the villain is on a mission planet",
          "jedi_at_villain": "a Jedi is on the villain's planet", "finale": "in the finale"}


def effects_words(s: S, effects: Effects, you: int) -> str:
    return "; ".join(step_words(s, step, you) for step in effects) or "nothing"


def _n(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _at(s: S, at: Any, you: int) -> str:
    if isinstance(at, int):
        return s.planet_name(at)
    here = s.planet_name(s.pos[you])
    return {"villain": "the villain's planet", "top": "the top planet", "missions": "each mission planet",
            "your": f"{s.jedi_name(you)}'s planet ({here})", "choose": "a chosen planet",
            "choose_adjacent": f"a planet joined to {here}"}.get(at, str(at))


def _who(s: S, who: Any, you: int) -> str:
    if isinstance(who, int):
        return s.jedi_name(who)
    if who == "active":
        return s.jedi_name(s.active)
    if who == "you":
        return s.jedi_name(you)
    if who == "others_here":
        return f"every other Jedi on {s.planet_name(s.pos[you])}"
    if who == "choose_other":
        return f"another Jedi of {s.jedi_name(you)}'s choice"
    return _WHO.get(who, str(who))


def step_words(s: S, step: Step, you: int) -> str:
    """One compiled effect step (pack.py) in words, with its amounts as they stand now."""
    op = step[0]
    n = s.amount(step[2]) if op in _AT_COUNT or op in _WHO_COUNT or op == "move_villain" else 0
    v = s.pack.villains[s.villain].name
    if op in _AT_COUNT:
        return _AT_COUNT[op].format(n=n, s="" if n == 1 else "s", at=_at(s, step[1], you))
    if op in _WHO_COUNT:
        return _WHO_COUNT[op].format(n=n, s="" if n == 1 else "s", who=_who(s, step[1], you))
    if op in _AMOUNT:
        k = s.amount(step[1])
        return _AMOUNT[op].format(n=k, s="" if k == 1 else "s", active=s.jedi_name(s.active))
    if op == "siege":
        return "Planet Under Siege! (the bottom invasion card's planet fills to 3 droids)"
    if op == "give_card":
        return f"{s.jedi_name(s.active)} takes {step[1]} from the squad deck or discard pile"
    if op == "blockade":
        return f"place a blockade on {_at(s, step[1], you)}"
    if op == "place_villain":
        return f"place {v} on {_at(s, step[1], you)}"
    if op == "move_villain":
        return f"{v} moves {_n(n, 'step', 'steps')} toward {_TOWARD.get(step[1], step[1])}"
    if op == "move_jedi":
        return f"{_who(s, step[1], you)} moves to {_at(s, step[2], you)} (not a fly)"
    if op == "counter":
        return f"move the {step[1]} counter by {step[2]:+d}"
    if op == "if":
        then = f"if {_cond(step[1])}: {effects_words(s, step[2], you)}"
        return then + (f"; otherwise {effects_words(s, step[3], you)}" if step[3] else "")
    return str(op)


def _cond(c: tuple[Any, ...]) -> str:
    if c[0] == "threat_at_least":
        return f"the threat is at least {c[1]}"
    if c[0] == "counter_at_least":
        return f"{c[1]} is at least {c[2]}"
    return _CONDS.get(c[0], str(c[0]))


_AT_COUNT = {"droids": "place {n} droid{s} on {at}", "fill_droids": "add droids to {at} until it has {n}",
             "remove_droids": "remove {n} droid{s} from {at}",
             "deal": "deal {n} damage to the enemies on {at}"}
_WHO_COUNT = {"damage": "{who} takes {n} damage", "exhaust": "{who} exhausts {n} card{s}",
              "draw": "{who} draws {n} squad card{s}", "discard": "{who} discards {n} card{s}",
              "ready": "{who} readies up to {n} exhausted card{s}"}
_AMOUNT = {"threat": "raise the threat by {n}", "invasion": "advance the invasion marker by {n}",
           "invade": "reveal {n} invasion card{s}", "villain_card": "draw {n} more villain card{s}",
           "extra_actions": "{active} gets {n} more action{s} this turn",
           "add_damage": "add {n} damage to the attack", "add_success": "add {n} success{s} to the mission",
           "prevent": "prevent {n} damage"}


# -- the log line of an answer ---------------------------------------------------------------
def choice_line(s: S, task: Task, a: Action) -> str | None:
    """The log line saying who chose what, for what, at a decision inside an action, an effect
    or the damage (None where the rules' own line says it, or for a pass with no alternative)."""
    op = task[0]
    code, arg = a[0], a[1]
    if op in ("?act", "?limit") or code == ALLY or (op == "?fly_on" and code == FLY):
        return None   # the action's, the hand limit's, the ally's and the flight's own lines say it
    who = s.jedi_name(s.current_player)
    if code == PASS:
        if len(s.legal_actions()) < 2:
            return None
        if op == "?fly_on":
            return f"{who} stays on {s.planet_name(s.pos[task[1]])} (no second step)"
        if op == "?transport":
            return f"{who} exhausts no transport for {s.jedi_name(task[1])}'s flight"
        if op == "?prevent":
            return f"{who} prevents no more of {for_words(s, task)}"
        return f"{who} adds no more cards to {for_words(s, task)}"   # ?contrib
    if op == "?transport":
        flyer = s.jedi_name(task[1])
        return f"{who} exhausts {s.pack.squad[arg].name} for {flyer}'s flight: {flyer} may fly on"
    if op == "?contrib":
        sd = s.pack.squad[arg]
        return f"{who} exhausts {sd.name} for {for_words(s, task)} (+{sd.value})"
    if op == "?prevent":
        sd = s.pack.squad[arg]
        return f"{who} exhausts {sd.name} to prevent {sd.value} of {for_words(s, task)}"
    if op == "?discard":
        return f"{who} discards {s.pack.squad[arg // 2].name} for {for_words(s, task)}"
    if op == "?consent":
        verb = "agrees to" if code == AGREE else "refuses"
        return f"{who} {verb} {for_words(s, task)}: {step_words(s, task[3], task[2])}"
    if op in ("?exhaust", "?ready"):
        verb = "exhausts" if code == EXHAUST else "readies"
        return f"{who} {verb} {s.pack.squad[arg].name} for {for_words(s, task)}"
    if code in (PICK, TARGET):
        return f"{who} chooses for {for_words(s, task)}: {does(s, task, a)}"
    return None
