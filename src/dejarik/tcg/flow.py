"""The turn of seed 004 ("Sekcja 2: Struktura tury") and the setup of reference section 4.

Automatic tasks are in `_RUN`; decisions (ops starting with "?") in `_DECIDE`, each with who
decides, the options and how an answer is applied. A decision with no option runs its `empty`
handler (a play-or-pass chance with nothing to play is a pass).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dejarik.core.protocol import Action
from dejarik.core.tasks import run_tasks, task_decider, task_options, unknown_task
from dejarik.tcg import pilots
from dejarik.tcg.abilities import Ability
from dejarik.tcg.carddefs import BATTLE, MISSION, UNIT
from dejarik.tcg.effects import (
    ability_tax,
    battle_tax,
    can_be_attacked,
    choose_candidates,
    chosen,
    condition,
    ctx_of,
    damage_shielded,
    deploy_cost,
    discard_unit,
    draw,
    gain_force,
    keyword,
    mark_bonus,
    new_top,
    open_build,
    place_unit,
    push_fx,
    retreat,
    retreat_forbidden,
    run_fx,
    same_name_in_play,
    search_fits,
    to_discard,
    to_hand,
)
from dejarik.tcg.state import (
    ARENA,
    BUILD,
    COMMAND,
    DARK,
    DECK,
    DISCARD,
    HAND,
    LIGHT,
    READY,
    SETUP,
    UNTIL_ATTACK,
    UNTIL_BATTLE,
)
from dejarik.tcg.state import (
    BATTLE as BATTLE_PHASE,
)

if TYPE_CHECKING:
    from dejarik.tcg.state import TcgState as S

Task = tuple[Any, ...]

# action kinds: (kind, a, b)
PASS, BUILD_K, DEPLOY, ABILITY, PLAY, ATTACK, SKIP, RETREAT, CHOOSE, BID, RESTACK, PILOT = range(12)
KIND_NAMES = ("pass", "build", "deploy", "use", "play", "attack", "hold", "retreat", "choose",
              "bid", "restack", "pilot")
# play-or-pass windows
GENERAL, IN_ATTACK, REROLL, PREVENT = range(4)
WINDOW_NAMES = ("battle", "attack", "reroll", "prevent")
SETUP_POINTS = 30
HAND_SIZE = 7
MAX_STACK = 4
_P: Action = (PASS, 0, 0)


def run(s: S) -> None:
    """Run automatic tasks until a decision with options waits, or the game ends."""
    run_tasks(s, _RUN, _DECIDE, run_fx)


def decider(s: S, task: Task) -> int:
    return task_decider(_DECIDE, s, task)


def options(s: S, task: Task) -> list[Action]:
    return task_options(_DECIDE, s, task)


def answer(s: S, task: Task, action: Action) -> None:
    """Apply an answer; inside a rule step or an effect, the log first says what was chosen."""
    if s.log is not None:
        from dejarik.tcg.decisions import answer_line

        line = answer_line(s, task, action)
        if line:
            s.log.append(line)
    s.tasks.pop()
    _DECIDE[task[0]][2](s, task, action)


# -- triggers ---------------------------------------------------------------------------------
def fire(s: S, event: str, units: list[int], ctl: int = -1, force: bool = False) -> None:
    """Push the `event` abilities of these units (in arenas, unless `force`), Dark Side's on top
    so they resolve first."""
    found: list[tuple[int, int, Ability]] = []
    for u in units:
        if not force and s.zone[u] != ARENA:
            continue
        for i, ab in enumerate(s.d(u).abilities):
            if ab.kind == "trigger" and ab.timing == event:
                found.append((u, i, ab))
    for p in (LIGHT, DARK):   # Light Side's first on the stack: they run last
        push_triggers(s, p, event, tuple((u, i) for u, i, _ in found if s.owner[u] == p))


def push_triggers(s: S, p: int, event: str, pending: tuple[tuple[int, int], ...]) -> None:
    """Push p's abilities that trigger together. The rulebooks say nothing of their order
    (docs/tcg.md, "Simultaneous triggers"), so p orders them: a `?order` decision, unless
    they are all copies of one ability (then the order changes nothing)."""
    if len({(s.card_def[u], i) for u, i in pending}) > 1:
        s.tasks.append(("?order", p, event, pending))
        return
    for u, i in pending:      # the last pushed resolves first
        push_trigger(s, u, i)


def push_trigger(s: S, u: int, i: int) -> None:
    if s.d(u).abilities[i].optional:   # optional, or with a Force cost: the owner decides
        s.tasks.append(("?trigger", u, i))
    else:
        push_fx(s, s.d(u).abilities[i].ops, ctx_of(s.owner[u], u))


def order_choices(s: S, pending: tuple[tuple[int, int], ...]) -> list[tuple[int, int]]:
    """One (unit, ability) per distinct ability: copies of one ability are the same choice."""
    seen: dict[tuple[int, int], tuple[int, int]] = {}
    for u, i in pending:
        seen.setdefault((s.card_def[u], i), (u, i))
    return list(seen.values())


def _order_options(s: S, task: Task) -> list[Action]:
    return [(CHOOSE, u, i) for u, i in order_choices(s, task[3])]


def _order_answer(s: S, task: Task, a: Action) -> None:
    """The chosen ability resolves first; the rest are ordered when it is done."""
    _, p, event, pending = task
    first = (a[1], a[2])
    rest = list(pending)
    rest.remove(first)
    push_triggers(s, p, event, tuple(rest))
    push_trigger(s, *first)


# -- setup (reference section 4) --------------------------------------------------------------
def _redraw_options(s: S, task: Task) -> list[Action]:
    p = task[1]
    return [*[(CHOOSE, c, 0) for c in s.hand[p] if s.d(c).kind in (BATTLE, MISSION)], _P]


def _redraw_answer(s: S, task: Task, a: Action) -> None:
    """Set aside Battle and Mission cards one at a time, then draw back up to 7."""
    p = task[1]
    if a[0] == CHOOSE:
        to_discard(s, a[1])
        s.tasks.append(task)
        return
    draw(s, p, HAND_SIZE - len(s.hand[p]))


def _setup_options(s: S, task: Task) -> list[Action]:
    p = task[1]
    out = [a for c in s.hand[p] if s.d(c).kind == UNIT and unit_cost(s, c, s.d(c).cost) <= s.setup_left[p]
           for a in deploy_choices(s, c)]
    return [*out, _P]


def _setup_answer(s: S, task: Task, a: Action) -> None:
    """Put units straight into play from the 30 build points, drawing a card for each; the
    sides alternate, Dark Side first, and one who stops may partly build one unit."""
    _, p, stopped = task
    other = 1 - p
    if a[0] == DEPLOY:
        s.setup_left[p] -= unit_cost(s, a[1], s.d(a[1]).cost)
        deploy(s, a[1], a[2])
        draw(s, p)
        nxt = other if not stopped >> other & 1 else p
        s.tasks.append(("?setup", nxt, stopped))
        return
    stopped |= 1 << p
    if not stopped >> other & 1:
        s.tasks.append(("?setup", other, stopped))
    s.tasks.append(("?partial", p))


def _partial_options(s: S, task: Task) -> list[Action]:
    p = task[1]
    left = s.setup_left[p]
    return [(BUILD_K, c, k) for c in s.hand[p] if s.d(c).kind == UNIT
            for k in range(1, min(left, s.d(c).cost) + 1)] + [_P]


def _partial_answer(s: S, task: Task, a: Action) -> None:
    p = task[1]
    if a[0] == BUILD_K:
        add_counters(s, p, a[1], a[2])
        s.setup_left[p] -= a[2]
        draw(s, p)
    s.setup_left[p] = 0


# -- the turn ---------------------------------------------------------------------------------
def _turn(s: S, task: Task) -> None:
    limit = s.options.get("turn_limit", 0)
    if limit and s.turn >= limit:
        s.finish(-1, f"the turn limit ({limit}) was reached")
        return
    s.turn += 1
    s.note(f"-- turn {s.turn} --")
    s.tasks += [("turn",), ("end_turn",), ("battle",), ("command",), ("ready",)]


def _ready(s: S, task: Task) -> None:
    """Seed 004, "Faza gotowości": untap, gain 4 Force, draw; the Dark Side first in each."""
    s.phase = READY
    for p in (DARK, LIGHT):
        for u in (*s.in_play(p), *s.build[p]):
            s.tapped[u] = False
    for p in (DARK, LIGHT):
        gain_force(s, p, 4)
    if s.options.get("draw", "ready") == "ready":
        for p in (DARK, LIGHT):
            draw(s, p)
            if s.done:
                return
        fire(s, "draw_step", s.all_in_play())


def _command(s: S, task: Task) -> None:
    """Seed 004, "Faza dowodzenia" 1-2: the Light Side rolls one die; each player gets that many
    build points, and one more with a unit in every arena."""
    s.phase = COMMAND
    roll = s.rng.below(6) + 1
    for p in (DARK, LIGHT):
        s.bp[p] = roll + (1 if all(s.arena[p][a] for a in range(3)) else 0)
    s.note(f"build roll {roll}: Dark Side {s.bp[DARK]}, Light Side {s.bp[LIGHT]} build points")
    s.tasks += [("command_end",), ("?retreat", LIGHT), ("?retreat", DARK), ("build_step", LIGHT),
                ("build_step", DARK)]
    fire(s, "build_roll", s.all_in_play())


def _build_step(s: S, task: Task) -> None:
    p = task[1]
    s.tasks.append(("?build", p))
    if s.options.get("draw", "ready") == "build":   # the ESB/ROTS rulebooks' draw (reference 5)
        draw(s, p)
        fire(s, "draw_step", s.in_play(p))


def _command_end(s: S, task: Task) -> None:
    if s.options.get("build_points", "lose") == "lose":   # reference section 5: UNKNOWN; decided
        s.bp = [0, 0]


def add_counters(s: S, p: int, c: int, k: int) -> None:
    """Seed 004, "Budowanie": a card from hand goes face down into the build zone; k build
    counters go on it."""
    if s.zone[c] == HAND:
        s.hand[p].remove(c)
        s.build[p].append(c)
        s.zone[c] = BUILD
        s.face_up[c] = False
        s.shown[c] = 1 << p
    if open_build(s, p):   # Darth Sidious: built face up (still a face-down card)
        s.shown[c] |= 1 << (1 - p)
    s.counters[c] += k


def unit_cost(s: S, c: int, base: int) -> int:
    """What deploying unit c costs: `base`, its build cost; or, with the option
    stack_cost=difference, only what it costs above the version it joins (reference 10 leaves
    the cost of stacking unconfirmed)."""
    if s.options.get("stack_cost", "full") == "full" or not s.d(c).unique:
        return base
    top = same_name_in_play(s, s.owner[c], s.d(c).uname)
    return base if top < 0 else max(0, base - s.d(top).cost)


def deploy_choices(s: S, c: int) -> list[Action]:
    """How unit c may enter play: on its own, or (a version of a unique unit already in play)
    on top of or under that stack (reference section 10)."""
    p = s.owner[c]
    d = s.d(c)
    if not d.unique:
        return [(DEPLOY, c, 0)]
    if pilots.name_outside_arenas(s, p, d.uname, c):
        return []           # that name is retreated or pilots a unit: one unit of a name
    top = same_name_in_play(s, p, d.uname)
    if top < 0:
        return [(DEPLOY, c, 0)]
    stack = [top, *s.under.get(top, [])]
    if len(stack) >= MAX_STACK or any(s.d(x).name == d.name for x in stack):
        return []
    if s.d(c).cost < s.d(top).cost:
        return [(DEPLOY, c, 1)]
    return [(DEPLOY, c, 0), (DEPLOY, c, 1)]


def deploy(s: S, c: int, under: int) -> None:
    p = s.owner[c]
    top = same_name_in_play(s, p, s.d(c).uname) if s.d(c).unique else -1
    place_unit(s, c, top if under and top >= 0 else -1)
    s.note(f"the {('Dark', 'Light')[p]} Side deploys {s.name(c)}" + (" under its stack" if under else ""))
    if s.phase != SETUP:
        fire(s, "deployed", [c])


def _build_options(s: S, task: Task) -> list[Action]:
    """Seed 004, "Ciemna Strona buduje": build, deploy and complete, redeploy retreated units,
    restack, and play build-step abilities."""
    p = task[1]
    out: list[Action] = []
    bp = s.bp[p]
    if bp:
        for c in s.hand[p]:
            if s.d(c).kind in (UNIT, MISSION):
                out += [(BUILD_K, c, k) for k in range(1, bp + 1)]
    for c in s.build[p]:
        d = s.d(c)
        if s.face_up[c]:
            out += deploy_choices(s, c)
            continue
        out += [(BUILD_K, c, k) for k in range(1, bp + 1)]
        if s.counters[c] >= unit_cost(s, c, deploy_cost(s, c)):
            if d.kind == UNIT:
                out += deploy_choices(s, c)
            elif d.kind == MISSION and mission_ready(s, c):
                out.append((DEPLOY, c, 0))
    for u in s.in_play(p):
        out += _ability_plays(s, p, u, "build")
        out += [(RESTACK, u, x) for x in s.under.get(u, ())]
    # (PILOT, pilot, unit + 1): aboard that unit; (PILOT, pilot, 0): off into the Character arena
    out += [(PILOT, c, host + 1) for c, host in pilots.moves(s, p)]
    out.append(_P)
    return out


def mission_ready(s: S, c: int) -> bool:
    ab = next((a for a in s.d(c).abilities if a.kind == "mission"), None)
    return ab is None or ab.cond is None or condition(s, ab.cond, s.owner[c], -1)


def _build_answer(s: S, task: Task, a: Action) -> None:
    p = task[1]
    kind, c, b = a
    if kind == PASS:
        return
    s.tasks.append(task)
    if kind == BUILD_K:
        add_counters(s, p, c, b)
        s.bp[p] -= b
        s.note(f"the {('Dark', 'Light')[p]} Side puts {b} build counter(s) on a card "
               f"({s.counters[c]} now)")
    elif kind == DEPLOY and s.d(c).kind == MISSION:
        complete_mission(s, c)
    elif kind == DEPLOY:
        deploy(s, c, b)
    elif kind == RESTACK:
        _restack(s, c, b)
    elif kind == PILOT:
        pilots.move(s, c, b - 1)
    elif kind == ABILITY:
        use_ability(s, p, c, b)


def complete_mission(s: S, c: int) -> None:
    """Seed 004, "Budowanie": turn it face up, do what it says, then discard it."""
    p = s.owner[c]
    to_discard(s, c)   # discarded as it resolves: nothing it does can reach it there
    s.note(f"the {('Dark', 'Light')[p]} Side completes {s.name(c)}")
    ab = next((x for x in s.d(c).abilities if x.kind == "mission"), None)
    if ab is not None:
        push_fx(s, ab.ops, ctx_of(p, c))


def _restack(s: S, top: int, new: int) -> None:
    """Reference section 10: the new top card's features count; damage and tapping stay."""
    new_top(s, top, new)
    s.note(f"{s.name(new)} goes on top of its stack")
    if s.damage[new] >= s.health(new):   # the damage stays: a frailer top card is destroyed
        discard_unit(s, new, by_damage=True)


def _retreat_options(s: S, task: Task) -> list[Action]:
    """Seed 004, "Wycofywanie jednostek": any untapped units in the arenas."""
    p = task[1]
    return [(RETREAT, u, 0) for u in s.in_play(p) if not s.tapped[u] and not retreat_forbidden(s, u)] + [_P]


def _retreat_answer(s: S, task: Task, a: Action) -> None:
    if a[0] == RETREAT:
        retreat(s, a[1])
        s.tasks.append(task)


# -- abilities and Battle cards ---------------------------------------------------------------
def _force_cost(s: S, p: int, ab: Ability, card: int) -> int:
    if ab.kind == "play":
        return ab.force + battle_tax(s)
    if ab.kind in ("activated", "prevent"):   # Nexu taxes activated abilities, not triggers
        return ab.force + ability_tax(s, p)
    return ab.force


def _payable(s: S, p: int, u: int, ab: Ability) -> bool:
    if s.force[p] < _force_cost(s, p, ab, u):
        return False
    if ab.tap and s.tapped[u]:
        return False
    if ab.discard and len(s.hand[p]) < ab.discard:
        return False
    return not ((ab.discard_self or ab.damage_self or ab.retreat_self) and s.zone[u] != ARENA)


def _useful(s: S, p: int, source: int, ab: Ability) -> bool:
    """An ability or card whose first choice has no candidate does nothing: not offered."""
    if ab.cond is not None and not condition(s, ab.cond, p, source):
        return False
    among: tuple[int, ...] = (-1,)     # after an arena is chosen: any arena it may name
    for op in ab.ops:
        if op[0] == "choose":
            return op[3] == 0 or any(s.select(op[1], p, source, a) for a in among)
        if op[0] == "choose_arena":
            among = op[2]
            continue
        if op[0] == "modify" and op[1][0] == "attacker":
            return s.atk is not None and (not op[1][1] or s.owner[s.atk[0]] == p)
        if op[0] == "reroll":
            return bool(s.dice)
        return True
    return True


def _ability_plays(s: S, p: int, u: int, timing: str) -> list[Action]:
    out: list[Action] = []
    if s.zone[u] != ARENA:
        return out
    for i, ab in enumerate(s.d(u).abilities):
        if ab.kind == "activated" and ab.timing == timing and _payable(s, p, u, ab) and _useful(s, p, u, ab):
            out.append((ABILITY, u, i))
    return out


def pay(s: S, p: int, u: int, ab: Ability) -> None:
    cost = _force_cost(s, p, ab, u)
    gain_force(s, p, -cost)
    if ab.tap:
        s.tapped[u] = True
    if ab.damage_self:
        s.damage[u] += ab.damage_self
        if s.damage[u] >= s.health(u):
            discard_unit(s, u, by_damage=True)
            return
    if ab.retreat_self and s.zone[u] == ARENA:
        retreat(s, u)
    if ab.discard_self:
        discard_unit(s, u)
    if ab.discard:
        s.tasks.append(("?discard", p, ab.discard, u))


def use_ability(s: S, p: int, u: int, i: int) -> None:
    ab = s.d(u).abilities[i]
    s.note(f"the {('Dark', 'Light')[p]} Side uses {s.name(u)}")
    if ab.kind == "prevent":
        assert s.dmg is not None
        s.used.append((u, i))
        if ab.ops:          # a prevention with effects of its own (prevent: transfer)
            push_fx(s, ab.ops, ctx_of(p, u))
        else:
            push_fx(s, (("deflect" if ab.deflect else "prevent", ab.n), *ab.then), ctx_of(p, u))
        pay(s, p, u, ab)
        return
    if ab.kind == "reroll":
        s.used.append((u, i))
    push_fx(s, ab.ops, ctx_of(p, u))
    pay(s, p, u, ab)


def play_card(s: S, p: int, c: int) -> None:
    ab = next(a for a in s.d(c).abilities if a.kind == "play")
    gain_force(s, p, -_force_cost(s, p, ab, c))
    to_discard(s, c)
    s.note(f"the {('Dark', 'Light')[p]} Side plays {s.name(c)}")
    push_fx(s, ab.ops, ctx_of(p, c))


def _window_plays(s: S, p: int, window: int) -> list[Action]:
    """What p may play at a play-or-pass chance of this kind (seed 004, "Faza bitwy")."""
    out: list[Action] = []
    timings = {GENERAL: ("any",), IN_ATTACK: ("any", "attack"), REROLL: ("reroll",),
               PREVENT: ("prevent",)}[window]
    tax = battle_tax(s)
    for c in s.hand[p]:
        d = s.d(c)
        if d.kind != BATTLE:
            continue
        ab = next((a for a in d.abilities if a.kind == "play"), None)
        if ab is None or ab.timing not in timings or s.force[p] < ab.force + tax:
            continue
        if window == REROLL and not _may_reroll(s, p, ab):
            continue
        if window == PREVENT and not _prevents(s, p, ab, -1):
            continue
        if _useful(s, p, -1, ab):
            out.append((PLAY, c, 0))
    retreated = [u for u in s.build[p] if s.face_up[u]] if window == PREVENT else []
    for u in (*s.in_play(p), *retreated):
        for i, ab in enumerate(s.d(u).abilities):
            if ab.timing not in timings or not _payable(s, p, u, ab):
                continue
            if ab.kind == "activated" and s.zone[u] == ARENA:
                if ab.timing == "attack" and (s.atk is None or s.atk[0] != u):
                    continue
                if _useful(s, p, u, ab):
                    out.append((ABILITY, u, i))
            elif (u, i) not in s.used and _answers(s, p, ab, u):
                out.append((ABILITY, u, i))
    return out


def _may_reroll(s: S, p: int, ab: Ability) -> bool:
    """A reroll card is for the attacker's dice, or (opponent_dice) for the defender's side."""
    if s.atk is None or not s.dice:
        return False
    theirs = any(op[0] == "reroll" and op[1] == "opponent_dice" for op in ab.ops)
    return (s.owner[s.atk[0]] != p) == theirs


def _answers(s: S, p: int, ab: Ability, u: int) -> bool:
    """A prevention ability that can help now, or a reroll ability of the defending unit."""
    if ab.kind == "prevent":
        return _prevents(s, p, ab, u)
    return ab.kind == "reroll" and s.atk is not None and s.atk[1] == u and bool(s.dice)


def _prevents(s: S, p: int, ab: Ability, u: int) -> bool:
    """Whether a prevention ability or card can help the damage about to be dealt."""
    if s.dmg is None or s.dmg[4] >= s.dmg[1]:
        return False
    if ab.evade and s.dmg[3] & 2:    # this damage can't be prevented with Evade
        return False
    if ab.ops and not _useful(s, p, u, ab):   # nothing to move the damage onto
        return False
    t = s.dmg[0]
    if ab.self_only:
        return u == t
    if u >= 0 and s.zone[u] != ARENA:
        return False
    assert ab.target is not None
    return s.matches_card(ab.target, t, p) and s.zone[t] in (ARENA, BUILD)


def _pop_decider(s: S, task: Task) -> int:
    return int(task[2])


def _pop_options(s: S, task: Task) -> list[Action]:
    plays = _window_plays(s, task[2], task[1])
    return [*plays, _P] if plays else []


def _pop_pass(s: S, task: Task) -> None:
    """Seed 004: players alternate until both pass in a row (the Dark Side first)."""
    _, window, p, passes = task
    if passes + 1 < 2:
        s.tasks.append(("?pop", window, 1 - p, passes + 1))


def _pop_answer(s: S, task: Task, a: Action) -> None:
    _, window, p, _ = task
    if a[0] == PASS:
        _pop_pass(s, task)
        return
    s.tasks.append(("?pop", window, 1 - p, 0))
    if a[0] == PLAY:
        play_card(s, p, a[1])
    else:
        use_ability(s, p, a[1], a[2])


def pop(s: S, window: int) -> None:
    s.tasks.append(("?pop", window, DARK, 0))


# -- battle -----------------------------------------------------------------------------------
def _battle(s: S, task: Task) -> None:
    """Seed 004, "Faza bitwy": Space, then Ground, then Character."""
    s.phase = BATTLE_PHASE
    s.tasks += [("end_battle",), ("step", 2), ("step", 1), ("step", 0)]
    pop(s, GENERAL)
    s.tasks.append(("contests",))
    for e in [e for e in s.effects if e[0] == "battle_start"]:
        push_fx(s, e[1], e[2])
    fire(s, "battle_start", s.all_in_play())


def _step(s: S, task: Task) -> None:
    a = task[1]
    s.step = a
    s.note(f"{('Space', 'Ground', 'Character')[a]} battle")
    s.tasks.append(("next_attack", a))
    pop(s, GENERAL)
    if a == 2:
        fire(s, "step_start_character", s.all_in_play())


def attack_order(s: S, a: int) -> tuple[int, list[int]]:
    """Who acts next in arena a and with which units: the fastest untapped units; between the
    sides the Dark Side wins speed ties (seed 004, "Space battle")."""
    best = -10**9
    group: list[int] = []
    for p in (DARK, LIGHT):
        for u in s.arena[p][a]:
            if s.tapped[u]:
                continue
            v = s.speed(u)
            if v > best:
                best, group = v, [u]
            elif v == best:
                group.append(u)
    if not group:
        return -1, []
    p = DARK if any(s.owner[u] == DARK for u in group) else LIGHT
    return p, [u for u in group if s.owner[u] == p]


def _next_attack(s: S, task: Task) -> None:
    a = task[1]
    p, group = attack_order(s, a)
    if p < 0:
        pop(s, GENERAL)    # the last chance of the step, then the next step
        return
    s.tasks.append(task)
    s.tasks.append(("?attack", p, a))
    for u in group:
        caster = next((e[2] for e in s.effects if e[0] == "command" and e[1] == u), -1)
        if caster >= 0:
            s.tasks.append(("?command", u, caster))
            break


def can_attack(s: S, u: int, t: int) -> bool:
    """Whether u may attack t now: an enemy unit in u's arena, or in the arena its Bombard or Ion
    Cannon reaches, and nothing says t can't be attacked."""
    if s.zone[t] != ARENA or s.owner[t] == s.owner[u] or not can_be_attacked(s, t):
        return False
    return s.unit_arena(t) == s.unit_arena(u) or alt_power(s, u, t) >= 0


def alt_power(s: S, u: int, t: int) -> int:
    """Bombard X (Space at Ground) or Ion Cannon X (Ground at Space): the power of such an attack."""
    au, at = s.unit_arena(u), s.unit_arena(t)
    if au == 0 and at == 1:
        n = s.d(u).keyword("bombard")
    elif au == 1 and at == 0:
        n = s.d(u).keyword("ion_cannon")
    else:
        return -1
    return n if n > 0 else -1


def must_targets(s: S, u: int) -> list[int]:
    """Seed 004, "Must attack": units u must attack if it can (effects ("must", u, t))."""
    return [e[2] for e in s.effects if e[0] == "must" and e[1] == u and can_attack(s, u, e[2])]


def _attack_options(s: S, task: Task) -> list[Action]:
    _, p, a = task
    _, group = attack_order(s, a)
    out: list[Action] = []
    for u in group:
        forced = must_targets(s, u)
        if forced:
            out += [(ATTACK, u, t) for t in forced]
            continue
        for b in (0, 1, 2):
            out += [(ATTACK, u, t) for t in s.arena[1 - p][b] if can_attack(s, u, t)]
        out += _ability_plays(s, p, u, "would_attack")
        out.append((SKIP, u, 0))
    return out


def _attack_answer(s: S, task: Task, a: Action) -> None:
    kind, u, t = a
    if kind == SKIP:
        s.tapped[u] = True
        s.note(f"{s.name(u)} does not attack")
    elif kind == ABILITY:
        use_ability(s, task[1], u, t)
    else:
        start_attack(s, u, t)


def _command_options(s: S, task: Task) -> list[Action]:
    u = task[1]
    p = s.owner[u]
    out = [(ATTACK, u, t) for t in s.arena[p][s.unit_arena(u)]
           if t != u and can_be_attacked(s, t)]
    return [*out, _P] if out else []


def _command_answer(s: S, task: Task, a: Action) -> None:
    _end_command(s, task)
    if a[0] == ATTACK:
        s.tasks.pop()      # the owner's own attack choice is replaced
        start_attack(s, task[1], a[2])


def _end_command(s: S, task: Task) -> None:
    """The command is used up whether or not the commanding player redirects the attack."""
    s.effects = [e for e in s.effects if not (e[0] == "command" and e[1] == task[1])]


def start_attack(s: S, u: int, t: int) -> None:
    """Seed 004, "Jak atakować?" 1: choose the defender, tap the attacker, a chance to play."""
    s.tapped[u] = True
    s.atk = [u, t, alt_power(s, u, t), s.unit_arena(u)]
    s.attacked |= 1 << s.unit_arena(u)
    s.used = []
    s.note(f"{s.name(u)} attacks {s.name(t)}")
    s.tasks += [("attack_end",), ("attack_roll",)]
    pop(s, IN_ATTACK)
    fire(s, "attacks", [u])


def _attack_roll(s: S, task: Task) -> None:
    """Seed 004, "Jak atakować?" 2: roll dice equal to power (none if a unit left the battle or
    the power is 0 or less); Shields take dice away (reference section 9)."""
    assert s.atk is not None
    u, t, fixed, _ = s.atk
    s.dice = []
    if s.zone[u] != ARENA or s.zone[t] != ARENA:
        s.note("no dice: a unit left the battle")
        return
    n = attack_power(s, u, t, fixed) - keyword(s, t, "shields")
    if n <= 0:
        s.note("no dice: power 0 or less")
        return
    s.dice = [s.rng.below(6) + 1 for _ in range(n)]
    s.note(f"{s.name(u)} rolls {s.dice}")
    s.tasks.append(("attack_damage",))
    pop(s, REROLL)


def attack_power(s: S, u: int, t: int, fixed: int) -> int:
    """The attack's power: u's power, or a Bombard / Ion Cannon value plus the bonuses given
    for this attack only (Suppressing Fire)."""
    if fixed < 0:
        return s.power(u)
    return fixed + sum(m[2] for m in s.mods if m[0] == u and m[4] == UNTIL_ATTACK)


def _attack_damage(s: S, task: Task) -> None:
    """Seed 004, "Jak atakować?" 2-3: each 4+ is a hit and one damage; Critical Hit adds its
    value when a die shows a natural 6 (reference section 9)."""
    assert s.atk is not None
    u, t = s.atk[0], s.atk[1]
    hits = sum(1 for r in s.dice if r >= 4)
    if 6 in s.dice:
        hits += s.critical_hit(u) + mark_bonus(s, u, t)
    s.note(f"{hits} damage to {s.name(t)}")
    push_damage(s, t, hits, u, attack=True)


def _attack_end(s: S, task: Task) -> None:
    """Seed 004, "Jak atakować?" 4: the attack ends; then another chance to play."""
    assert s.atk is not None
    u = s.atk[0]
    s.tasks.append(("attack_cleanup",))
    for e in [e for e in s.effects if e[0] == "discard_after_attack"]:
        s.effects.remove(e)
        if s.zone[e[1]] == ARENA:
            discard_unit(s, e[1])
    for e in [e for e in s.effects if e[0] == "attack_end"]:
        s.effects.remove(e)
        push_fx(s, e[1], e[2])
    fire(s, "attack_end", [u])


def _attack_cleanup(s: S, task: Task) -> None:
    s.atk = None
    s.dice = []
    s.mods = [m for m in s.mods if m[4] != UNTIL_ATTACK]
    s.effects = [e for e in s.effects if e[0] != "no_evade" and not _lasts(e, UNTIL_ATTACK)]
    pop(s, GENERAL)


def _lasts(e: tuple[Any, ...], until: int) -> bool:
    """Whether a turn effect is a keyword given or taken away for this long."""
    return bool(e[0] == "keyword" and e[4] == until)


def push_damage(s: S, u: int, n: int, source: int, attack: bool, no_evade: bool = False) -> None:
    """The damage task's flags: 1 an attack's damage, 2 Evade can't prevent it."""
    s.tasks.append(("damage", u, n, source, int(attack) | (2 if no_evade else 0)))


def _damage(s: S, task: Task) -> None:
    """Seed 004, "Jak atakować?" 3: a chance to prevent, then damage counters."""
    _, u, n, source, attack = task
    if n <= 0 or s.zone[u] not in (ARENA, BUILD):
        return
    if damage_shielded(s, u, source):
        s.note(f"all {n} damage to {s.name(u)} is prevented")
        return
    s.tasks.append(("deal", tuple(s.dmg) if s.dmg else None, tuple(s.used)))
    if attack & 1 and ("no_evade", source) in s.effects:
        attack |= 2
    s.dmg = [u, n, source, attack, 0]
    s.used = []
    pop(s, PREVENT)


def _deal(s: S, task: Task) -> None:
    assert s.dmg is not None
    u, n, source, _, prevented = s.dmg
    s.dmg = list(task[1]) if task[1] else None
    s.used = list(task[2])
    left = n - prevented
    if left <= 0 or s.zone[u] not in (ARENA, BUILD):
        return
    s.damage[u] += left
    s.note(f"{s.name(u)} takes {left} damage ({s.damage[u]}/{s.health(u)})")
    if s.damage[u] >= s.health(u):
        discard_unit(s, u, by_damage=True)
        if source >= 0:
            _destroyed_by(s, source, u)
    elif source >= 0 and keyword(s, source, "stun") > 0:
        stun = keyword(s, source, "stun")
        s.mods.append((u, 0, -stun, 0, UNTIL_BATTLE))
        s.note(f"{s.name(u)} is stunned: -{stun} power until the end of the battle phase")


def _destroyed_by(s: S, source: int, victim: int) -> None:
    """The source's 'when its damage causes a unit to be discarded' abilities, for victims
    that match them (the victim is already in the discard pile)."""
    if s.zone[source] != ARENA or s.zone[victim] != DISCARD:
        return
    p = s.owner[source]
    for i, ab in enumerate(s.d(source).abilities):
        if ab.kind == "trigger" and ab.timing == "destroys" and (
                ab.target is None or s.matches_card(ab.target, victim, p)):
            push_trigger(s, source, i)


def _end_battle(s: S, task: Task) -> None:
    s.step = -1
    s.tasks.append(("battle_cleanup",))
    fire(s, "battle_end", s.all_in_play())


def _battle_cleanup(s: S, task: Task) -> None:
    s.mods = [m for m in s.mods if m[4] != UNTIL_BATTLE]
    s.effects = [e for e in s.effects if not _lasts(e, UNTIL_BATTLE)]


def _end_turn(s: S, task: Task) -> None:
    """Seed 004, "Koniec tury": a player who controls 2 or more arenas wins."""
    s.mods = []
    s.effects = []
    s.attacked = 0
    s.lost_character = [0, 0]
    if s.trace is not None:   # who holds each arena at the end of the turn: D, L or - (nobody)
        s.trace["control"].append("".join("D" if s.controls(DARK, a) else "L" if s.controls(LIGHT, a)
                                          else "-" for a in range(3)))
    for p in (DARK, LIGHT):
        held = [a for a in range(3) if s.controls(p, a)]
        if len(held) >= 2:
            names = " and ".join(("Space", "Ground", "Character")[a] for a in held)
            s.finish(p, f"controls the {names} arenas at the end of turn {s.turn}")
            return


# -- contested units (reference section 10) ---------------------------------------------------
def _contests(s: S, task: Task) -> None:
    for u in s.in_play(DARK):
        if not s.d(u).unique:
            continue
        v = same_name_in_play(s, LIGHT, s.d(u).uname)
        if v >= 0:
            s.tasks.append(("?bid", u, v, 0, 0, DARK, 0))
            return


def _bid_decider(s: S, task: Task) -> int:
    return int(task[5])


def _bid_options(s: S, task: Task) -> list[Action]:
    b0, b1, p = task[3], task[4], task[5]
    own = (b0, b1)[p]
    return [_P] + [(BID, x, 0) for x in range(own + 1, s.force[p] + 1)]


def _bid_answer(s: S, task: Task, a: Action) -> None:
    """Bid Force in turns, the Dark Side first, until both stop. Each total is the bid plus
    the unit's build cost (+1 per card under it); the higher wins, the Dark Side wins ties; the
    winner pays its bid and the loser's unit retreats without tapping."""
    _, u, v, b0, b1, p, passes = task
    if a[0] == BID:
        bids = [b0, b1]
        bids[p] = a[1]
        s.tasks.append(("?bid", u, v, bids[0], bids[1], 1 - p, 0))
        return
    if passes == 0:
        s.tasks.append(("?bid", u, v, b0, b1, 1 - p, 1))
        return
    dark = b0 + s.d(u).cost + s.stack_size(u)
    light = b1 + s.d(v).cost + s.stack_size(v)
    winner = DARK if dark >= light else LIGHT
    gain_force(s, winner, -(b0, b1)[winner])
    loser_unit = v if winner == DARK else u
    s.note(f"contest for {s.d(u).uname}: {dark} to {light}; {s.name(loser_unit)} retreats")
    if s.zone[loser_unit] == ARENA:
        retreat(s, loser_unit, tap=False)
    s.tasks.append(("contests",))


# -- choices inside effects -------------------------------------------------------------------
def _choose_decider(s: S, task: Task) -> int:
    ctl = task[3][0]
    return int(ctl if task[5] == 0 else 1 - ctl)


def _choose_options(s: S, task: Task) -> list[Action]:
    lo = task[6]
    out: list[Action] = [(CHOOSE, u, 0) for u in choose_candidates(s, task)]
    if out and len(task[3][2]) >= lo:
        out.append(_P)
    return out


def _choose_answer(s: S, task: Task, a: Action) -> None:
    chosen(s, task, a[1] if a[0] == CHOOSE else -1)


def _choose_empty(s: S, task: Task) -> None:
    if not task[3][2]:
        s.note("no unit can be chosen")
    chosen(s, task, -1)


def _arena_options(s: S, task: Task) -> list[Action]:
    not_attacked = task[4]
    among = task[5] if len(task) > 5 else (0, 1, 2)   # the arenas it may name
    return [(CHOOSE, a, 0) for a in among if not (not_attacked and s.attacked >> a & 1)]


def _arena_answer(s: S, task: Task, a: Action) -> None:
    ops, i, ctx = task[1], task[2], task[3]
    push_fx(s, ops, (ctx[0], ctx[1], ctx[2], a[1], ctx[4]), i + 1)


def _option_options(s: S, task: Task) -> list[Action]:
    return [(CHOOSE, i, 0) for i in range(len(task[1]))]


def _option_answer(s: S, task: Task, a: Action) -> None:
    push_fx(s, task[1][a[1]], task[2])


def _may_options(s: S, task: Task) -> list[Action]:
    ops, ctx = task[1], task[3]
    first = ops[0] if ops else None
    if first is not None and first[0] == "choose" and not s.select(first[1], ctx[0], ctx[1], ctx[3]):
        return []
    return [(CHOOSE, 1, 0), _P]


def _may_answer(s: S, task: Task, a: Action) -> None:
    if a[0] == CHOOSE:
        push_fx(s, task[2], task[3])
        push_fx(s, task[1], task[3])


def _pay_options(s: S, task: Task) -> list[Action]:
    return [(CHOOSE, 1, 0), _P]


def _pay_answer(s: S, task: Task, a: Action) -> None:
    """'Unless you pay N Force': paying stops the effect."""
    from dejarik.tcg.effects import _OPS

    _, payer, amount, then, ctx = task
    if a[0] == CHOOSE:
        gain_force(s, payer, -amount)
        return
    _OPS[then[0]](s, then, (), 0, ctx)


def _trigger_options(s: S, task: Task) -> list[Action]:
    u, i = task[1], task[2]
    if s.force[s.owner[u]] < s.d(u).abilities[i].force:
        return []        # "you may pay N Force": not without N Force
    return [(CHOOSE, 1, 0), _P]


def _trigger_answer(s: S, task: Task, a: Action) -> None:
    _, u, i = task
    if a[0] == CHOOSE:
        ab = s.d(u).abilities[i]
        gain_force(s, s.owner[u], -ab.force)
        push_fx(s, ab.ops, ctx_of(s.owner[u], u))


def _discard_options(s: S, task: Task) -> list[Action]:
    p, n = task[1], task[2]
    return [(CHOOSE, c, 0) for c in s.hand[p]] if n > 0 else []


def _discard_answer(s: S, task: Task, a: Action) -> None:
    """Discard the cards one at a time (task[3], where present: the card that asks; task[4]
    "bottom": they go on the bottom of the deck instead, unseen)."""
    p, n = task[1], task[2]
    if len(task) > 4 and task[4] == "bottom":
        c = a[1]
        s.hand[p].remove(c)
        s.deck[p].insert(0, c)       # the top of a deck is its last card
        s.zone[c] = DECK
        s.shown[c] = 0
    else:
        to_discard(s, a[1])
    if n > 1:
        s.tasks.append(("?discard", p, n - 1, *task[3:]))


def _one_per_card(s: S, cards: list[int]) -> list[int]:
    """Copies of a card are the same choice: the lowest instance stands for them, whatever
    the order of the pile (a shuffled copy of the game must offer the same actions)."""
    first: dict[int, int] = {}
    for c in sorted(cards):
        first.setdefault(s.card_def[c], c)
    return list(first.values())


def _search_options(s: S, task: Task) -> list[Action]:
    p, op = task[1], task[2]
    fits = _one_per_card(s, [c for c in s.deck[p] if search_fits(s, op, p, c)])
    return [(CHOOSE, c, 0) for c in fits] + [_P]


def _search_answer(s: S, task: Task, a: Action) -> None:
    """Take the card into hand, shown to the opponent; the deck is shuffled after."""
    if a[0] != CHOOSE:
        return
    counters = task[2][4] if len(task[2]) > 4 else 0
    if not counters:
        to_hand(s, a[1])
        return
    # shown to both players, then face down in the build zone with that many build counters
    c = a[1]
    p = s.owner[c]
    s.deck[p].remove(c)
    s.zone[c] = BUILD
    s.build[p].append(c)
    s.face_up[c] = False
    s.shown[c] = 3
    s.counters[c] = counters
    s.note(f"the {('Dark', 'Light')[p]} Side puts {s.name(c)} in its build zone with {counters} "
           f"build counter(s)")


def _shuffle(s: S, task: Task) -> None:
    p = task[1]
    for c in s.deck[p]:
        s.shown[c] = 0
    s.rng.shuffle(s.deck[p])


def _unit_type_options(s: S, task: Task) -> list[Action]:
    return [(CHOOSE, a, 0) for a in range(3)]


def _unit_type_answer(s: S, task: Task, a: Action) -> None:
    """Ship Arrival: reveal from the top until a unit of the type; it goes to hand, the rest are
    shuffled back."""
    p = task[1]
    revealed: list[int] = []
    for c in reversed(s.deck[p]):
        if s.d(c).arena == a[1]:
            to_hand(s, c)
            s.note(f"the {('Dark', 'Light')[p]} Side reveals {len(revealed)} cards, then takes {s.name(c)}")
            break
        revealed.append(c)
    _shuffle(s, ("shuffle", p))


def _recover_options(s: S, task: Task) -> list[Action]:
    p, kind, left = task[1], task[2], task[3]
    subtypes = task[5] if len(task) > 5 else ()
    fits = _one_per_card(s, [c for c in s.discard[p] if s.d(c).facts.type == kind
                             and (not subtypes or any(x in s.d(c).tags for x in subtypes))])
    return ([(CHOOSE, c, 0) for c in fits] + [_P]) if fits and left > 0 else []


def _recover_answer(s: S, task: Task, a: Action) -> None:
    p, kind, left = task[1], task[2], task[3]
    if a[0] == CHOOSE:
        to_hand(s, a[1])
        s.tasks.append(("?recover", p, kind, left - 1, *task[4:]))


def _pick_options(s: S, task: Task) -> list[Action]:
    p, kinds = task[1], task[2]
    wanted = {"battle": BATTLE, "mission": MISSION}
    return [(CHOOSE, c, 0) for c in s.hand[1 - p] if s.d(c).kind in {wanted[k] for k in kinds}]


def _pick_answer(s: S, task: Task, a: Action) -> None:
    to_discard(s, a[1])


def _crowd_options(s: S, task: Task) -> list[Action]:
    p, a = task[1], task[2]
    return [(CHOOSE, u, 0) for u in s.arena[p][a]]


def _crowd_answer(s: S, task: Task, a: Action) -> None:
    discard_unit(s, a[1])


def _dice_options(s: S, task: Task) -> list[Action]:
    mask = task[2]
    out: list[Action] = [(CHOOSE, i, 0) for i in range(len(s.dice)) if not mask >> i & 1]
    return [*out, _P] if s.dice else []


def _dice_answer(s: S, task: Task, a: Action) -> None:
    """Pick dice one by one; passing rerolls the picked ones."""
    p, mask = task[1], task[2]
    if a[0] == CHOOSE:
        s.tasks.append(("?dice", p, mask | 1 << a[1], *task[3:]))
        return
    for i in range(len(s.dice)):
        if mask >> i & 1:
            s.dice[i] = s.rng.below(6) + 1
    s.note(f"dice rerolled: {s.dice}")


def _ctl(s: S, task: Task) -> int:
    return int(task[1])


def _fx_ctl(s: S, task: Task) -> int:
    return int(task[-1][0])


def _ctx_ctl(s: S, task: Task) -> int:
    """The controller of the effect a `?arena` or `?may` decision belongs to."""
    return int(task[3][0])


def _trigger_ctl(s: S, task: Task) -> int:
    return int(s.owner[task[1]])


def _command_ctl(s: S, task: Task) -> int:
    return int(task[2])


_RUN: dict[str, Callable[[S, Task], None]] = {
    "turn": _turn, "ready": _ready, "command": _command, "build_step": _build_step,
    "command_end": _command_end, "battle": _battle, "step": _step, "next_attack": _next_attack,
    "attack_roll": _attack_roll, "attack_damage": _attack_damage, "attack_end": _attack_end,
    "attack_cleanup": _attack_cleanup, "damage": _damage, "deal": _deal, "end_battle": _end_battle,
    "battle_cleanup": _battle_cleanup, "end_turn": _end_turn, "contests": _contests,
    "shuffle": _shuffle,
}

_Decide = tuple[Any, ...]
_DECIDE: dict[str, _Decide] = {
    "?redraw": (_ctl, _redraw_options, _redraw_answer),
    "?setup": (_ctl, _setup_options, _setup_answer),
    "?partial": (_ctl, _partial_options, _partial_answer),
    "?build": (_ctl, _build_options, _build_answer),
    "?retreat": (_ctl, _retreat_options, _retreat_answer),
    "?pop": (_pop_decider, _pop_options, _pop_answer, _pop_pass),
    "?attack": (_ctl, _attack_options, _attack_answer),
    "?command": (_command_ctl, _command_options, _command_answer, _end_command),
    "?bid": (_bid_decider, _bid_options, _bid_answer),
    "?choose": (_choose_decider, _choose_options, _choose_answer, _choose_empty),
    "?arena": (_ctx_ctl, _arena_options, _arena_answer),
    "?option": (_fx_ctl, _option_options, _option_answer),
    "?may": (_ctx_ctl, _may_options, _may_answer),
    "?pay": (_ctl, _pay_options, _pay_answer),
    "?trigger": (_trigger_ctl, _trigger_options, _trigger_answer),
    "?discard": (_ctl, _discard_options, _discard_answer),
    "?search": (_ctl, _search_options, _search_answer),
    "?unit_type": (_ctl, _unit_type_options, _unit_type_answer),
    "?recover": (_ctl, _recover_options, _recover_answer),
    "?pick_from_hand": (_ctl, _pick_options, _pick_answer),
    "?crowd": (_ctl, _crowd_options, _crowd_answer),
    "?dice": (_ctl, _dice_options, _dice_answer),
    "?order": (_ctl, _order_options, _order_answer),
}
DECIDE_OPS = frozenset(_DECIDE)
"""Every kind of decision the rules ask for (the op of a decision task)."""


def task_problem(s: S) -> str | None:
    """What is wrong with a loaded position's task stack, or None (core.tasks.unknown_task)."""
    return unknown_task(s.tasks, _RUN, _DECIDE)
