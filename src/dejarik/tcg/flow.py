"""The turn of seed 004 ("Sekcja 2: Struktura tury") and the setup of reference section 4.

Automatic tasks are in `_RUN`; decisions (ops starting with "?") in `_DECIDE`, each with who
decides, the options and how an answer is applied. A decision with no option runs its `empty`
handler (a play-or-pass chance with nothing to play is a pass).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from dejarik.core.protocol import Action
from dejarik.core.tasks import run_tasks, task_decider, task_options, unknown_task
from dejarik.tcg import equipment, pilots
from dejarik.tcg.abilities import CARD_TYPES, FREE_DEPLOY, Ability, Sel, disrupt_kinds
from dejarik.tcg.carddefs import BATTLE, EQUIPMENT, LOCATION, MISSION, UNIT
from dejarik.tcg.effects import (
    UNTIL_BATTLE_PHASE,
    UNTIL_CHANCE,
    UNTIL_TURN_ASIDE,
    UNTIL_TURN_END,
    abilities_of,
    ability_discount,
    ability_tax,
    aside_played,
    aside_plays,
    aside_to_deck,
    ask_link,
    attack_banned,
    attack_barred,
    attack_tax,
    bail_out,
    battle_tax,
    can_be_attacked,
    can_enter,
    choose_candidates,
    chosen,
    condition,
    copied_pilots,
    counter_targets,
    cross_arena_bonus,
    ctx_of,
    damage_factor,
    damage_shielded,
    deploy_cost,
    deploy_forbidden,
    dig_rest,
    discard_link,
    discard_unit,
    draw,
    draw_reveal_source,
    end_control,
    extra_counters,
    extra_draws,
    fetch_fits,
    fire_draws,
    foreign_in_stack,
    gain_force,
    hand_discarded,
    hand_to_arena_fits,
    hand_to_build_fits,
    hold_from_hand,
    holds_name,
    host_of,
    keyword,
    leave_zone,
    link_alive,
    location_off,
    lures,
    mark_bonus,
    match_hand_options,
    match_hand_put,
    move_back,
    named_x,
    new_top,
    open_build,
    paid_x,
    payment,
    pilot_ability,
    place_unit,
    plays_forbidden,
    push_fx,
    retreat,
    retreat_forbidden,
    return_aside,
    reveal_take,
    revealed_from_hand,
    run_fx,
    same_name_in_play,
    search_fits,
    shareable,
    speed_tie_winner,
    stack_extra,
    stack_unlimited,
    static_sources,
    to_discard,
    to_hand,
    unpilot_choices,
)
from dejarik.tcg.observe import knows
from dejarik.tcg.state import (
    ARENA,
    ARENA_NAMES,
    ASIDE,
    BUILD,
    COMMAND,
    DARK,
    DECK,
    DISCARD,
    HAND,
    LIGHT,
    PILOTING,
    PLACE,
    READY,
    SETUP,
    SIDE_NAMES,
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
    """Run automatic tasks until a decision with options waits, or the game ends. Then a unit
    whose health has fallen to its damage (a static "+1 health" gone) is discarded, and the
    tasks that brings run too."""
    while True:
        run_tasks(s, _RUN, _DECIDE, run_fx)
        if s.done or not s.sweeps or not _sweep_dead(s):
            return
        s._legal = None


def _sweep_dead(s: S) -> bool:
    """Discard the units in play with as many damage counters as their health now (health
    bonuses and Force-made health); then "when all of your opponent's units have a counter of
    this kind, you win" (a static `wins_if_marked`)."""
    dead = [u for u in s.all_in_play() if (s.damage[u] or not s.d(u).health) and s.damage[u] >= s.health(u)]
    if dead and any(t[0] in ("discard_rest", "deal_rest") for t in s.tasks):
        # a replacement of the discard is being asked for (Luke's Vow, Chewbacca (M)): it waits
        dead = [u for u in dead if not any(t[0] in ("discard_rest", "deal_rest") and t[1] == u
                                           for t in s.tasks)]
    for u in dead:
        if s.zone[u] == ARENA:
            discard_unit(s, u, by_damage=True)
    if any(e[0] == "mark" for e in s.effects):
        s.effects = [e for e in s.effects if e[0] != "mark" or s.zone[e[1]] == ARENA]   # gone with the unit
        for p, _, ab in static_sources(s, "wins_if_marked"):
            kind = ab.static["wins_if_marked"]
            theirs = s.in_play(1 - p)
            if theirs and all(("mark", u, kind) in s.effects for u in theirs):
                s.finish(p, f"every unit of the {('Dark', 'Light')[1 - p]} Side has a {kind} counter")
                return False
    return bool(dead)


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
    """Push the `event` abilities of these units (in arenas, or Locations in play, unless
    `force`), Dark Side's on top so they resolve first."""
    found: list[tuple[int, int, Ability]] = []
    for u in units:
        if not force and s.zone[u] not in (ARENA, PLACE):
            continue
        if s.zone[u] == PLACE and location_off(s, u):     # switched off this turn (Occupation)
            continue
        for i, ab in enumerate(s.d(u).abilities):
            if ab.kind == "trigger" and ab.timing == event:
                found.append((u, i, ab))
    for p in (LIGHT, DARK):   # Light Side's first on the stack: they run last
        push_triggers(s, p, event, tuple((u, i) for u, i, _ in found if s.owner[u] == p))
    if event in ("battle_start", "battle_end", "attacks", "step_start_space", "step_start_ground",
                 "step_start_character", "build_roll"):
        for u in units:     # triggers a pilot aboard gives its unit ("this unit": the unit)
            for pilot in s.aboard.get(u, ()) if s.zone[u] == ARENA else ():
                pab = pilot_ability(s, pilot)
                for g in pab.static.get("abilities", ()) if pab is not None else ():
                    if g.kind == "trigger" and g.timing == event:
                        push_fx(s, g.ops, ctx_of(s.owner[u], u))
            if s.zone[u] == ARENA and s.d(u).copies_pilot:    # a pilot's copied (Hound's Tooth)
                for pab in copied_pilots(s, u):
                    for g in pab.static.get("abilities", ()):
                        if g.kind == "trigger" and g.timing == event:
                            push_fx(s, g.ops, ctx_of(s.owner[u], u))


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
    waiting = [e for e in s.effects if e[0] == "next_turn_fx"]
    if waiting:       # effects that waited for this turn to start (effects.next_turn)
        s.effects = [e for e in s.effects if e[0] != "next_turn_fx"]
        for i in range(len(waiting) - 1, -1, -1):   # not reversed(): mypyc fails on it here
            push_fx(s, waiting[i][1], waiting[i][2])


def _ready(s: S, task: Task) -> None:
    """Seed 004, "Faza gotowości": untap, gain 4 Force, draw; the Dark Side first in each."""
    s.phase = READY
    held = [e[1] for e in s.effects if e[0] == "no_untap"]    # "doesn't untap during your next untap step"
    if held:
        s.effects = [e for e in s.effects if e[0] != "no_untap"]
    frozen = list(held)
    links = [e for e in s.effects if e[0] == "link"]
    if links:       # "as long as this stays tapped, the chosen unit doesn't untap"; dead links go
        held += [e[2] for e in links if e[3] == "hold" and link_alive(s, e)]
        s.effects = [e for e in s.effects if e[0] != "link" or link_alive(s, e)]
    for p in (DARK, LIGHT):
        for u in (*s.in_play(p), *s.build[p]):
            if u in held:
                s.note(f"{s.name(u)} doesn't untap")
                continue
            if s.tapped[u] and s.zone[u] == ARENA and (("may_stay", u) in s.effects or any(
                    ab.kind == "static" and "stay_tapped" in ab.static for ab in s.d(u).abilities)):
                s.tasks.append(("?untap", p, u))     # "you may choose not to untap it"
                continue
            s.tapped[u] = False
    if links:       # a source that untapped just now lets the unit it held untap with it
        for e in links:
            if e[3] == "hold" and s.zone[e[1]] == ARENA and not s.tapped[e[1]] \
                    and s.zone[e[2]] == ARENA and e[2] not in frozen:
                s.tapped[e[2]] = False
        s.effects = [e for e in s.effects if e[0] != "link" or link_alive(s, e)]
    if any(e[0] == "may_stay" for e in s.effects):     # only this (the next) untap step
        s.effects = [e for e in s.effects if e[0] != "may_stay"]
    for p in (DARK, LIGHT):
        gain_force(s, p, 4)
    for p in (LIGHT, DARK):    # "each turn, choose one": the Dark Side first (on top)
        for u in s.in_play(p):
            if any(a.kind == "modes" for a in s.d(u).abilities):
                s.tasks.append(("?mode", p, u, 1))
    if s.options.get("draw", "ready") == "ready":
        got = [0, 0]
        for p in (DARK, LIGHT):
            before = len(s.hand[p])
            draw(s, p, 1 + extra_draws(s, p) - _draw_reveal(s, p))
            if s.done:
                return
            got[p] = len(s.hand[p]) - before
        fire(s, "draw_step", s.all_in_play() + s.locations())
        for p in (LIGHT, DARK):     # "when you draw a card": the Dark Side's on top
            fire_draws(s, p, got[p])


def _command(s: S, task: Task) -> None:
    """Seed 004, "Faza dowodzenia" 1-2: the Light Side rolls one die; each player gets that many
    build points, and one more with a unit in every arena."""
    s.phase = COMMAND
    roll = s.rng.below(6) + 1
    for p in (DARK, LIGHT):
        s.bp[p] = roll + (1 if all(s.arena[p][a] for a in range(3)) else 0)
    s.note(f"build roll {roll}: Dark Side {s.bp[DARK]}, Light Side {s.bp[LIGHT]} build points")
    for e in s.effects:       # "N extra build points next turn"
        if e[0] == "bp_next_turn" and e[3] == s.turn:
            s.bp[e[1]] += e[2]
            s.note(f"{SIDE_NAMES[e[1]]} gets {e[2]} extra build point(s) (from last turn)")
    s.effects.append(("build_roll", roll))     # this turn's roll, for effects that change it
    s.tasks += [("command_end",), ("?retreat", LIGHT), ("?retreat", DARK), ("build_step", LIGHT),
                ("build_step", DARK)]
    fire(s, "build_roll", s.all_in_play() + s.locations())


def _build_step(s: S, task: Task) -> None:
    p = task[1]
    # reference section 5: at its start, collect Bounties and pay Upkeep (in that order, after
    # the "when your build step starts" abilities: docs/tcg.md, "Upkeep and Bounty")
    s.tasks += [("?build", p), ("upkeep", p), ("bounties", p)]
    fire(s, "build_step_start", s.in_play(p) + s.locations(p))   # "when your build step starts"
    if s.options.get("draw", "ready") == "build":   # the ESB/ROTS rulebooks' draw (reference 5)
        before = len(s.hand[p])
        draw(s, p, 1 + extra_draws(s, p) - _draw_reveal(s, p))
        fire(s, "draw_step", s.in_play(p) + s.locations(p))
        fire_draws(s, p, len(s.hand[p]) - before)


def _draw_reveal(s: S, p: int) -> int:
    """Mos Eisley: instead of the draw step's card, p names a card type and reveals until one
    (a `?card_type` decision, n -1); 1 if so (one card fewer to draw), else 0."""
    src = draw_reveal_source(s, p) if s.places != [-1, -1, -1] else -1
    if src < 0:
        return 0
    s.tasks.append(("?card_type", p, p, -1, src))
    return 1


def _bounties(s: S, task: Task) -> None:
    """Bounties p earned since their last build step are collected now, the first earned first:
    the unit discarded is 'chosen' in the Bounty's effects."""
    p = task[1]
    due = [e for e in s.effects if e[0] == "bounty_due" and e[1] == p]
    if not due:
        return
    s.effects = [e for e in s.effects if not (e[0] == "bounty_due" and e[1] == p)]
    for k in range(len(due) - 1, -1, -1):
        _, _, ops, source, victim = due[k]
        s.note(f"{SIDE_NAMES[p]} collects a Bounty of {s.name(source)} for {s.name(victim)}")
        push_fx(s, ops, (p, source, (victim,), -1, 0))


def upkeep_exempt(s: S, u: int) -> bool:
    """Whether u's owner doesn't have to pay its Upkeep now (Prince Xizor, Mos Eisley Cantina)."""
    p = s.owner[u]
    if ("skip_upkeep", u) in s.effects:
        return True
    for q, src, ab in static_sources(s, "no_upkeep"):
        if q == p and s.matches_card(ab.static["no_upkeep"], u, p, src) and (
                ab.cond is None or condition(s, ab.cond, p, src)):
            return True
    return False


def upkeep_payable(s: S, u: int, kind: str, n: int, ops: tuple[Any, ...]) -> bool:
    p = s.owner[u]
    if kind == "build_points":
        return s.bp[p] >= n
    if kind == "force":
        return s.force[p] >= n
    if kind == "discard":
        return len(s.hand[p]) >= n
    if kind == "tap":
        return not s.tapped[u]
    if kind == "tap_unit":
        return bool(s.select(ops[0][1], p, u))
    if kind == "mill":
        return bool(s.deck[p])
    if kind == "remove_cards":      # enough such cards in their discard pile
        return len(s.select(ops[0][1], p, u)) >= n
    return True     # counters


def _upkeep(s: S, task: Task) -> None:
    """Reference section 6: each Upkeep of p's units in the arenas and retreated ones is paid
    now, one option of those p can pay (p's choice); with none payable, nothing happens."""
    p = task[1]
    units = [u for u in (*s.in_play(p), *s.build[p]) if s.zone[u] == ARENA or s.face_up[u]]
    if len(task) == 2 and _upkeep_plays(s, p, units):   # first: abilities that pay an Upkeep
        s.tasks += [("upkeep", p, 1), ("?upkeep_use", p)]
        return
    for k in range(len(units) - 1, -1, -1):      # the first unit's Upkeep is paid first
        u = units[k]
        upkeeps = [ab.static["options"] for ab in s.d(u).abilities if ab.kind == "upkeep"]
        upkeeps += [e[2] for e in s.effects if e[0] == "upkeep_grant" and e[1] == u]   # Falcon's Needs
        if not upkeeps or upkeep_exempt(s, u):
            continue
        for j in range(len(upkeeps) - 1, -1, -1):   # each paid on its own (Falcon's Needs' ruling)
            s.tasks.append(("pay_upkeep", p, u, upkeeps[j]))


def _upkeep_plays(s: S, p: int, units: list[int]) -> list[Action]:
    """p's abilities of timing `upkeep` usable now ("Tap -> pay the Upkeep costs of one of your
    units": C-3PO (G)), looked for only while a unit of p's has an Upkeep."""
    if not any(ab.kind == "upkeep" for u in units for ab in s.d(u).abilities) \
            and not any(e[0] == "upkeep_grant" for e in s.effects):
        return []
    out: list[Action] = []
    for u in s.in_play(p):
        out += _ability_plays(s, p, u, "upkeep")
    return out


def _upkeep_use_options(s: S, task: Task) -> list[Action]:
    p = task[1]
    units = [u for u in (*s.in_play(p), *s.build[p]) if s.zone[u] == ARENA or s.face_up[u]]
    plays = _upkeep_plays(s, p, units)
    return [*plays, _P] if plays else []


def _upkeep_use_answer(s: S, task: Task, a: Action) -> None:
    """An ability used as the Upkeeps come due; then the chance comes again (another such
    ability), until p passes."""
    if a[0] == ABILITY:
        s.tasks.append(task)
        use_ability(s, task[1], a[1], a[2])


def _pay_upkeep(s: S, task: Task) -> None:
    """One Upkeep of unit u: the options payable now (one: paid at once; none: nothing)."""
    _, p, u, options = task
    if s.zone[u] not in (ARENA, BUILD):
        return
    alts = tuple(o[2] for o in options if upkeep_payable(s, u, o[0], o[1], o[2]))
    if len(alts) == 1:
        push_fx(s, alts[0], ctx_of(p, u))
    elif alts:
        s.tasks.append(("?option", alts, ctx_of(p, u)))


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
    if ("no_stacking",) in s.effects:     # Stubborn Personality: no card goes onto a stack
        return []
    stack = [top, *s.under.get(top, [])]
    if (len(stack) >= MAX_STACK + stack_extra(s, top) and not stack_unlimited(s, c)) or any(
            s.d(x).name == d.name for x in stack):
        return []
    if s.d(c).cost < s.d(top).cost:
        return [(DEPLOY, c, 1)]
    return [(DEPLOY, c, 0), (DEPLOY, c, 1)]


def hidden_rest(s: S, c: int) -> int:
    """Hidden Cost (reference section 6): the Force that finishes face-down unit c now, -1 when
    its Hidden Cost does not (none, its condition fails, too few counters, not enough Force)."""
    n = -1
    for ab in s.d(c).abilities:
        if ab.kind == "hidden_cost" and (ab.cond is None or condition(s, ab.cond, s.owner[c], c)):
            n = ab.n
    if n < 0 or s.face_up[c] or deploy_forbidden(s, c):
        return -1
    need = unit_cost(s, c, deploy_cost(s, c))
    rest = max(0, need - s.counters[c])
    if s.counters[c] < min(n, need) or s.force[s.owner[c]] < rest:
        return -1
    return rest


def hidden_deploys(s: S, p: int) -> list[Action]:
    """p's face-down units that Hidden Cost lets them finish with Force now."""
    out: list[Action] = []
    for c in s.build[p]:
        if s.d(c).hidden and hidden_rest(s, c) >= 0:
            out += deploy_choices(s, c)
    return out


def hidden_deploy(s: S, c: int, under: int) -> None:
    """Pay the rest of c's build cost in Force (Hidden Cost) and deploy it."""
    rest = max(0, unit_cost(s, c, deploy_cost(s, c)) - s.counters[c])
    gain_force(s, s.owner[c], -rest)
    s.note(f"the {('Dark', 'Light')[s.owner[c]]} Side pays {rest} Force to finish {s.name(c)} (Hidden Cost)")
    deploy(s, c, under)


def deploy(s: S, c: int, under: int) -> None:
    p = s.owner[c]
    top = same_name_in_play(s, p, s.d(c).uname) if s.d(c).unique else -1
    place_unit(s, c, top if under and top >= 0 else -1)
    s.note(f"the {('Dark', 'Light')[p]} Side deploys {s.name(c)}" + (" under its stack" if under else ""))
    if not under and any(a.kind == "modes" for a in s.d(c).abilities):   # its stats: choose now
        s.tasks.append(("?mode", p, c, 0))
    if s.phase != SETUP:
        fire(s, "deployed", [c])
        _fire_other_deployed(s, c)


def _fire_other_deployed(s: S, c: int) -> None:
    """Abilities of p's other units in the arenas for when p deploys a unit they name."""
    p = s.owner[c]
    pending = tuple((x, i) for x in s.in_play(p) if x != c for i, ab in enumerate(s.d(x).abilities)
                    if ab.kind == "trigger" and ab.timing == "other_deployed"
                    and (ab.target is None or s.matches_card(ab.target, c, p)))
    if pending:
        push_triggers(s, p, "other_deployed", pending)
    # cards of p's discard pile that answer a deployment (Stormtrooper Sentry)
    waiting = tuple((x, i) for x in s.discard[p] for i, ab in enumerate(s.d(x).abilities)
                    if ab.kind == "trigger" and ab.timing == "deploys_while_discarded"
                    and (ab.target is None or s.matches_card(ab.target, c, p)))
    if waiting:
        push_triggers(s, p, "deploys_while_discarded", waiting)


def _free_deploys(s: S, p: int) -> bool:
    """Whether p has a 'deploy without paying build costs' effect this turn (deploy_discount
    n: all): such units may be deployed straight from hand, no build counter needed."""
    return any(e[0] == "deploy_cost" and e[1] == p and e[3] <= -FREE_DEPLOY for e in s.effects)


def _build_options(s: S, task: Task) -> list[Action]:
    """Seed 004, "Ciemna Strona buduje": build, deploy and complete, redeploy retreated units,
    restack, and play build-step abilities."""
    p = task[1]
    out: list[Action] = []
    if len(task) > 2:       # ("?build", p, n): build points an effect gave (spend_build)
        return _spend_options(s, p, task[2])
    bp = 0 if plays_forbidden(s, p, "build_points") else s.bp[p]
    if bp:
        for c in s.hand[p]:
            if s.d(c).kind in (UNIT, MISSION, LOCATION, EQUIPMENT):
                out += [(BUILD_K, c, k) for k in range(1, bp + 1)]
    if _free_deploys(s, p):     # deploy_discount n: all (Rally the Defenders): straight from hand
        for c in s.hand[p]:
            if s.d(c).kind == UNIT and deploy_cost(s, c) == 0 and not deploy_forbidden(s, c):
                out += deploy_choices(s, c)
    for c in s.build[p]:
        d = s.d(c)
        if s.face_up[c]:
            out += [] if deploy_forbidden(s, c) else deploy_choices(s, c)
            continue
        out += [(BUILD_K, c, k) for k in range(1, bp + 1)]
        if d.hidden and s.counters[c] < unit_cost(s, c, deploy_cost(s, c)):
            out += deploy_choices(s, c) if d.kind == UNIT and hidden_rest(s, c) >= 0 else []
        elif s.counters[c] >= unit_cost(s, c, deploy_cost(s, c)):
            if d.kind == UNIT and not deploy_forbidden(s, c):
                out += deploy_choices(s, c)
            elif d.kind == MISSION and mission_ready(s, c):
                out.append((DEPLOY, c, 0))
            elif d.kind == LOCATION and not deploy_forbidden(s, c):
                # (DEPLOY, c, k): into d.homes[k], one of the arenas its type line names
                out += [(DEPLOY, c, k) for k, a in enumerate(d.homes) if location_open(s, p, a)]
    for u in s.in_play(p):
        out += _ability_plays(s, p, u, "build")
        if ("no_stacking",) not in s.effects:
            out += [(RESTACK, u, x) for x in s.under.get(u, ()) if not foreign_in_stack(s, x, u)]
    for u in s.locations(p):
        out += _ability_plays(s, p, u, "build")
    for u in s.build[p]:       # Reserves abilities of retreated units
        if s.face_up[u]:
            out += _ability_plays(s, p, u, "build")
    for u in s.discard[p]:     # abilities that work from the discard pile (Princess Leia (E))
        if s.d(u).from_discard:
            out += _ability_plays(s, p, u, "build")
    out += _build_battle_plays(s, p)
    # (PILOT, pilot, unit + 1): aboard that unit; (PILOT, pilot, 0): off into the Character arena
    out += [(PILOT, c, host + 1) for c, host in pilots.moves(s, p)]
    # (PILOT, Equipment, unit + 1): pay its Equip cost, attach it to that unit (docs/tcg.md)
    out += [(PILOT, g, host + 1) for g, host in equipment.moves(s, p)]
    out.append(_P)
    return out


def _spend_options(s: S, p: int, left: int) -> list[Action]:
    """Build points an effect gave, spent "as though it were a build step" (Surprise
    Reinforcements' ruling): build counters on face-down cards of the build zone or on cards
    put there from hand, and nothing else (no deploying or completing)."""
    out: list[Action] = []
    if not plays_forbidden(s, p, "build_points"):
        for c in s.hand[p]:
            if s.d(c).kind in (UNIT, MISSION, LOCATION, EQUIPMENT):
                out += [(BUILD_K, c, k) for k in range(1, left + 1)]
        for c in s.build[p]:
            if not s.face_up[c]:
                out += [(BUILD_K, c, k) for k in range(1, left + 1)]
    out.append(_P)
    return out


def _build_battle_plays(s: S, p: int) -> list[Action]:
    """Battle cards playable in the build step: those of timing `abilities`, while one of p's
    Characters has an activated ability of the build step."""
    out: list[Action] = []
    for c in (*s.hand[p], *aside_plays(s, p)) if s.aside else s.hand[p]:   # set-aside cards too
        if s.d(c).kind != BATTLE:
            continue
        ab = _play_ability(s, c)
        if ab is not None and ab.timing == "abilities" and not plays_forbidden(s, p, "battle") \
                and s.force[p] >= ab.force + battle_tax(s, p) and character_timing(s, p, ("build",)) \
                and _useful(s, p, -1, ab):
            out.append((PLAY, c, 0))
    return out


def mission_ready(s: S, c: int) -> bool:
    ab = next((a for a in s.d(c).abilities if a.kind == "mission"), None)
    return ab is None or ab.cond is None or condition(s, ab.cond, s.owner[c], -1)


def _build_answer(s: S, task: Task, a: Action) -> None:
    p = task[1]
    kind, c, b = a
    if kind == PASS:
        return
    if len(task) > 2:       # spend_build: counters only, from the points the effect gave
        add_counters(s, p, c, b)
        s.note(f"the {('Dark', 'Light')[p]} Side puts {b} build counter(s) on a card "
               f"({s.counters[c]} now)")
        if task[2] > b:
            s.tasks.append(("?build", p, task[2] - b))
        return
    s.tasks.append(task)
    if kind == BUILD_K:
        add_counters(s, p, c, b)
        s.bp[p] -= b
        s.note(f"the {('Dark', 'Light')[p]} Side puts {b} build counter(s) on a card "
               f"({s.counters[c]} now)")
    elif kind == DEPLOY and s.d(c).kind == MISSION:
        complete_mission(s, c)
    elif kind == DEPLOY and s.d(c).kind == LOCATION:
        deploy_location(s, c, s.d(c).homes[b])
    elif kind == DEPLOY and not s.face_up[c] and s.counters[c] < unit_cost(s, c, deploy_cost(s, c)):
        hidden_deploy(s, c, b)      # Hidden Cost: the rest in Force
    elif kind == DEPLOY:
        deploy(s, c, b)
    elif kind == RESTACK:
        _restack(s, c, b)
    elif kind == PILOT and s.d(c).kind == EQUIPMENT:
        equipment.attach(s, c, b - 1)
    elif kind == PILOT:
        pilots.move(s, c, b - 1)
    elif kind == ABILITY:
        use_ability(s, p, c, b)
    elif kind == PLAY:
        play_card(s, p, c)


def location_open(s: S, p: int, a: int) -> bool:
    """Whether p may deploy a Location into arena a: always (option location_replace=any,
    docs/tcg.md "Locations"), or with `own` only where no opponent's Location is."""
    there = s.places[a]
    return there < 0 or s.owner[there] == p or s.options.get("location_replace", "any") == "any"


def deploy_location(s: S, c: int, a: int) -> None:
    """A finished Location goes face up into arena a (one its type line names). An arena holds
    one Location, either side's: the one there is discarded (docs/tcg.md, "Locations")."""
    p = s.owner[c]
    old = s.places[a]
    if s.trace is not None:
        s.trace["deployed"][p].add(s.name(c))
    leave_zone(s, c)
    s.counters[c] = 0
    s.shown[c] = 3
    s.face_up[c] = s.tapped[c] = False
    if old >= 0:
        s.note(f"{s.name(old)} is discarded: {s.name(c)} takes its place")
        to_discard(s, old)
        fire(s, "discarded", [old], force=True)
    s.places[a] = c
    s.zone[c] = PLACE
    s.note(f"the {('Dark', 'Light')[p]} Side deploys {s.name(c)} to the {ARENA_NAMES[a]} arena")
    fire(s, "deployed", [c])


def complete_mission(s: S, c: int) -> None:
    """Seed 004, "Budowanie": turn it face up, do what it says, then discard it."""
    p = s.owner[c]
    # an X build cost (docs/tcg.md, "X build costs"): X is the counters it was completed with;
    # any other Mission's effects read those counters as X too (`if_x`: "extra build counters")
    xv = s.counters[c]
    variable = "cost" in s.d(c).facts.variable
    to_discard(s, c)   # discarded as it resolves: nothing it does can reach it there
    s.note(f"the {('Dark', 'Light')[p]} Side completes {s.name(c)}"
           + (f" (X = {xv})" if xv and variable else ""))
    ab = next((x for x in s.d(c).abilities if x.kind == "mission"), None)
    if ab is not None and _may_disrupt(s, 1 - p, "mission") and _disrupts(s, 1 - p, "mission"):
        # Disrupt (Foil): the opponent may cancel it before it resolves (docs/tcg.md, "Disrupt")
        if ("cancelled", c) in s.effects:
            s.effects.remove(("cancelled", c))
        s.effects.append(("pending_mission", c, p))
        s.tasks.append(("mission_fx", p, c, xv))
        s.tasks.append(("?disrupt", 1 - p, c, "mission"))
        return
    if ab is not None:
        push_fx(s, ab.ops, (p, c, (), -1, xv))


def _mission_fx(s: S, task: Task) -> None:
    """The Mission's effects, unless it was disrupted (it stays in the discard pile)."""
    _, p, c, xv = task
    s.effects = [e for e in s.effects if not (e[0] == "pending_mission" and e[1] == c)]
    if ("cancelled", c) in s.effects:
        return
    ab = next((x for x in s.d(c).abilities if x.kind == "mission"), None)
    if ab is not None:
        push_fx(s, ab.ops, (p, c, (), -1, xv))


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
    if ab.kind == "play":      # a copying card pays the copied card's cost instead (with the extra)
        return 0 if ab.static.get("copy") else max(0, ab.force + battle_tax(s, p))
    if ab.kind in ("activated", "prevent"):   # Nexu taxes activated abilities, not triggers
        own = 0     # "each of this unit's activated abilities costs 1 less Force" (Luke's X-Wing (D))
        if card >= 0 and s.zone[card] == ARENA:
            for x in s.d(card).abilities:
                if x.kind == "static" and "own_ability_cost" in x.static:
                    own += x.static["own_ability_cost"]
        base = ab.force
        if ab.static and ab.static.get("force_power") and card >= 0:   # "Pay X, X its power"
            base = max(0, s.power(card))
        cost = max(0, base + ability_tax(s, p, ab) + own) if own else base + ability_tax(s, p, ab)
        cut = ability_discount(s, p, card) if card >= 0 and s.zone[card] == ARENA else 0
        return max(1, cost - cut) if cut and cost >= 1 else cost    # "can't cost less than 1"
    return ab.force


def _payable(s: S, p: int, u: int, ab: Ability) -> bool:
    if s.force[p] < _force_cost(s, p, ab, u):
        return False
    if ab.tap and s.tapped[u]:
        return False
    if ab.discard and len(discardable(s, p, ab.discard_types)) < ab.discard:
        return False
    if ab.build_points and (s.bp[p] < ab.build_points or plays_forbidden(s, p, "build_points")):
        return False
    if ab.remove and len(s.select(ab.remove[0][1], p, u)) < ab.remove[1][1]:
        return False        # too few such cards in that discard pile to remove from the game
    if ab.reserves:          # Reserves: discarding it goes from the build zone
        return not (ab.damage_self or ab.retreat_self)
    if ab.discard_self and s.zone[u] == PLACE:    # "discard this Location"
        return True
    return not ((ab.discard_self or ab.damage_self or ab.retreat_self) and s.zone[u] != ARENA)


def in_place(s: S, u: int, ab: Ability) -> bool:
    """Where a unit's ability works: a Reserves ability only while the unit is face up in its
    owner's build zone (retreated); any other only while it is in an arena."""
    if ab.reserves:
        return s.zone[u] == BUILD and s.face_up[u]
    if ab.from_discard:
        return s.zone[u] == DISCARD
    if ab.from_build:       # face down in the build zone ("deploy Maul ...")
        return s.zone[u] == BUILD and not s.face_up[u]
    if s.zone[u] == PLACE:      # a Location switched off this turn (Occupation) does nothing
        return not location_off(s, u)
    return s.zone[u] == ARENA


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
        if op[0] == "unpilot":          # a pilot of yours aboard a unit of that arena
            if len(op) > 4 and op[4]:   # and another unit there it may board
                return bool(repilot_moves(s, p, op[1]))
            return bool(unpilot_choices(s, p, op[1]))
        if op[0] == "build_counters":   # a face-down card to put them on (or take them off)
            owner = p if op[4] == "you" else 1 - p
            return bool(counter_targets(s, owner, op[2], op[3]))
        return True
    return True


def _ability_plays(s: S, p: int, u: int, timing: str) -> list[Action]:
    out: list[Action] = []
    if plays_forbidden(s, p, "abilities") or ("silenced", u) in s.effects:
        return out
    for i, ab in enumerate(abilities_of(s, u)):     # its pilots' granted abilities too
        if ab.kind == "activated" and ab.timing == timing and in_place(s, u, ab) \
                and _payable(s, p, u, ab) and _useful(s, p, u, ab) and not _used_up(s, u, i, ab):
            out.append((ABILITY, u, i))
    return out


def free_repeatable(ab: Ability) -> bool:
    """An activated ability whose cost limits nothing ("Pay 0 Force -> ...": no tap, no card,
    no damage, no build points, not once a turn): a player could use it again and again."""
    return (ab.kind == "activated" and not ab.force and not ab.tap and not ab.discard
            and not ab.discard_self and not ab.damage_self and not ab.retreat_self
            and not ab.build_points and not ab.once_per_turn and not ab.remove)


def _used_up(s: S, u: int, i: int, ab: Ability) -> bool:
    """A once-a-turn ability its unit has used this turn (turn effects ("used", unit, number)),
    with no extra use left for this attack (Redoubled Effort)."""
    if ab.once_per_turn and ("used", u, i) in s.effects and not extra_use_left(s, u):
        return True
    return bool(s.effects) and ("thwarted", u, i) in s.effects    # disrupted with a lock (Thwart)


def extra_use_left(s: S, u: int) -> bool:
    """Whether u may still use one of its activated abilities once past its limit this attack
    (effects `extra_use`, Redoubled Effort): a once-a-turn ability used, a Retaliate used this
    attack, an Evade or other prevention used against this damage."""
    return bool(s.effects) and ("extra_use", u) in s.effects


def _past_limit(s: S, u: int, i: int, ab: Ability) -> bool:
    """Whether using this ability now goes past its limit (so spends an extra use)."""
    return ((ab.once_per_turn and ("used", u, i) in s.effects)
            or (ab.timing == "retaliate" and ("retaliated", u, i) in s.effects)
            or (ab.kind == "prevent" and (u, i) in s.used))


def pay(s: S, p: int, u: int, ab: Ability) -> None:
    cost = _force_cost(s, p, ab, u)
    gain_force(s, p, -cost)
    s.bp[p] -= ab.build_points
    if ab.tap:
        s.tapped[u] = True
    if ab.remove:       # the cards to remove from the game, chosen before the effects resolve
        push_fx(s, ab.remove, ctx_of(p, u))
    if ab.damage_self:
        s.damage[u] += ab.damage_self
        if s.damage[u] >= s.health(u):
            discard_unit(s, u, by_damage=True)
            return
    if ab.retreat_self and s.zone[u] == ARENA:
        retreat(s, u)
    if ab.discard_self:
        discard_unit(s, u, asked=True)     # a cost paid: no replace_discard link replaces it
    if ab.discard:
        typed = ("types", ab.discard_types) if ab.discard_types else ()
        s.tasks.append(("?discard", p, ab.discard, u, *typed))


def _twins_used(s: S, u: int, i: int, ab: Ability) -> None:
    """A once-a-turn ability written twice, for two timings (an ability with no stated timing:
    the build step and battle, docs/tcg.md), is used up at both once used at one."""
    own = abilities_of(s, u)
    for j in range(len(own)):
        x = own[j]
        if j != i and x.once_per_turn and x.timing != ab.timing and x.kind == ab.kind \
                and x.ops == ab.ops and x.remove == ab.remove and x.tap == ab.tap and x.force == ab.force:
            s.effects.append(("used", u, j))


def use_ability(s: S, p: int, u: int, i: int) -> None:
    ab = abilities_of(s, u)[i]
    if s.effects and ("extra_use", u) in s.effects and _past_limit(s, u, i, ab):
        s.effects.remove(("extra_use", u))      # Redoubled Effort's extra use is spent
        s.note(f"{s.name(u)} uses an ability one extra time")
    if ab.once_per_turn:
        s.effects.append(("used", u, i))
        _twins_used(s, u, i, ab)
    elif free_repeatable(ab) and ("used", u, i) not in s.effects:
        s.effects.append(("used", u, i))    # noted, not limited: for the built-in players (policy.py)
    s.note(f"the {('Dark', 'Light')[p]} Side uses {s.name(u)}")
    if ab.kind == "prevent":
        assert s.dmg is not None
        s.used.append((u, i))
        if ab.ops:          # a prevention with effects of its own (prevent: transfer)
            _ability_fx(s, p, u, i, ab.ops)
        else:
            n = 1 + s.stack_size(u) if ab.static.get("stack") else ab.n    # Evade X: cards in its stack
            _ability_fx(s, p, u, i, (("deflect" if ab.deflect else "prevent", n), *ab.then))
        pay(s, p, u, ab)
        return
    if ab.kind == "reroll":
        s.used.append((u, i))
    if ab.timing == "retaliate":     # once an attack (cleared when the attack ends)
        s.effects.append(("retaliated", u, i))
    if ab.kind == "activated":
        _ability_fx(s, p, u, i, ab.ops)
    else:
        push_fx(s, ab.ops, ctx_of(p, u))
    pay(s, p, u, ab)


def _ability_fx(s: S, p: int, u: int, i: int, ops: tuple[Any, ...]) -> None:
    """An activated ability's effects, its cost paid (pushed after this): at once, or, when the
    opponent may disrupt it (Dismiss, Thwart), after their chance to (docs/tcg.md, "Disrupt")."""
    if _may_disrupt(s, 1 - p, "ability") and _disrupts(s, 1 - p, "ability"):
        s.effects.append(("pending_ability", u, p, i))
        s.tasks.append(("ability_fx", p, u, i, ops))
        s.tasks.append(("?disrupt", 1 - p, u, "ability"))
        return
    push_fx(s, ops, ctx_of(p, u))


def _may_disrupt(s: S, q: int, kind: str) -> bool:
    """Whether any card of this game could disrupt this kind of play (a cheap test before
    looking at q's hand and units)."""
    return kind in s.disrupts


def _ability_fx_task(s: S, task: Task) -> None:
    """The effects of an ability used, unless it was disrupted."""
    _, p, u, i, ops = task
    s.effects = [e for e in s.effects if e[:4] != ("pending_ability", u, p, i)]
    if ("cancelled", u, i) in s.effects:
        s.effects.remove(("cancelled", u, i))
        return
    push_fx(s, ops, ctx_of(p, u))


def play_card(s: S, p: int, c: int, window: int = GENERAL, picked: tuple[int, ...] = ()) -> None:
    """Play Battle card c; `picked`: the units its effects call `chosen` from the start (the
    unit a `discarding` card is played for)."""
    ab = next(a for a in s.d(c).abilities if a.kind == "play")
    gain_force(s, p, -_force_cost(s, p, ab, c))
    if s.aside and c in s.aside:     # played from the set-aside place: to its owner's discard pile
        aside_played(s, c)
    to_discard(s, c)
    s.note(f"the {('Dark', 'Light')[p]} Side plays {s.name(c)}")
    s.effects.append(("played_battle", p, c))     # for copies this turn (Dark Dreams)
    if ab.static.get("copy"):
        s.tasks.append(("?copy", p, c, tuple(_copies(s, p, window))))
        return
    if ("cancelled", c) in s.effects:      # played again this turn: a fresh play
        s.effects.remove(("cancelled", c))
    if _may_disrupt(s, 1 - p, "battle") and _disrupts(s, 1 - p, "battle"):
        # Disrupt: the opponent may cancel it before it resolves
        s.effects.append(("pending_battle", c, p))
        s.tasks.append(("battle_fx", p, c, *((picked,) if picked else ())))
        s.tasks.append(("?disrupt", 1 - p, c))
        return
    push_fx(s, ab.ops, (p, c, picked, -1, 0))


def _disrupts(s: S, q: int, kind: str = "battle") -> list[Action]:
    """q's abilities (and Battle cards in hand) that may disrupt what was just played (timing
    `disrupt`): a Battle card (`kind` battle), a Mission just completed (mission) or an
    activated ability just used (ability), as each one's `disrupt` effect says."""
    out: list[Action] = []
    if not plays_forbidden(s, q, "battle"):     # Disrupting Strike, Lando's Trickery
        for c in (*s.hand[q], *aside_plays(s, q)) if s.aside else s.hand[q]:
            ab = _play_ability(s, c) if s.d(c).kind == BATTLE and kind in s.d(c).disrupts else None
            if ab is not None and kind in disrupt_kinds(ab) and \
                    s.force[q] >= ab.force + battle_tax(s, q) and _useful(s, q, -1, ab):
                out.append((PLAY, c, 0))
    if plays_forbidden(s, q, "abilities"):
        return out
    for u in s.in_play(q):
        for i, ab in enumerate(abilities_of(s, u)):
            if ab.kind == "activated" and ab.timing == "disrupt" and kind in disrupt_kinds(ab) \
                    and in_place(s, u, ab) and _payable(s, q, u, ab) and _useful(s, q, u, ab) \
                    and not _used_up(s, u, i, ab):
                out.append((ABILITY, u, i))
    return out


def _disrupt_options(s: S, task: Task) -> list[Action]:
    """("?disrupt", q, card or unit, kind): kind battle when left out."""
    plays = _disrupts(s, task[1], task[3] if len(task) > 3 else "battle")
    return [*plays, _P] if plays else []


def _disrupt_answer(s: S, task: Task, a: Action) -> None:
    if a[0] == ABILITY:
        use_ability(s, task[1], a[1], a[2])
    elif a[0] == PLAY:
        play_card(s, task[1], a[1])


def _battle_fx(s: S, task: Task) -> None:
    """The Battle card's effects, unless it was disrupted."""
    p, c = task[1], task[2]
    s.effects = [e for e in s.effects if not (e[0] == "pending_battle" and e[1] == c)]
    if ("cancelled", c) in s.effects:
        return
    ab = _play_ability(s, c)
    if ab is not None:
        push_fx(s, ab.ops, (p, c, task[3] if len(task) > 3 else (), -1, 0))


def _play_ability(s: S, c: int) -> Ability | None:
    return next((a for a in s.d(c).abilities if a.kind == "play"), None)


def _copies(s: S, p: int, window: int) -> list[int]:
    """The Battle cards p's opponent played this turn that p could play now (their timing,
    cost with this turn's extra, and conditions): what a copying card may copy."""
    timings = {GENERAL: ("any",), IN_ATTACK: ("any", "attack"), REROLL: ("reroll",),
               PREVENT: ("prevent",)}[window]
    out: list[int] = []
    for e in s.effects:
        if e[0] != "played_battle" or e[1] == p or e[2] in out:
            continue
        ab = _play_ability(s, e[2])
        if ab is None or ab.static.get("copy") or ab.timing not in timings:
            continue
        if s.force[p] < ab.force + battle_tax(s, p):
            continue
        if window == REROLL and not _may_reroll(s, p, ab):
            continue
        if window == PREVENT and not _prevents(s, p, ab, -1):
            continue
        if _useful(s, p, -1, ab):
            out.append(e[2])
    return out


def repilot_moves(s: S, p: int, arena: int) -> list[Action]:
    """(PILOT, pilot, unit + 1): one of p's pilots aboard a unit of that arena goes aboard
    another unit of p's there that it may pilot (unpilot with to_unit)."""
    out: list[Action] = []
    for c in unpilot_choices(s, p, arena):
        was = host_of(s, c)
        out += [(PILOT, c, u + 1) for u in pilots.hosts(s, c)
                if u != was and s.zone[u] == ARENA and s.unit_arena(u) == arena]
    return out


def _unpilot_options(s: S, task: Task) -> list[Action]:
    if len(task) > 6 and task[6]:     # to another unit of that arena
        return repilot_moves(s, task[1], task[2])
    out: list[Action] = [(CHOOSE, c, 0) for c in unpilot_choices(s, task[1], task[2])]
    if out and len(task) > 4 and task[4]:     # "any number": stopping is a choice too
        out.append(_P)
    return out


def _unpilot_answer(s: S, task: Task, a: Action) -> None:
    if a[0] == PILOT:
        pilots.move(s, a[1], a[2] - 1)
        return
    if a[0] != CHOOSE:
        return
    pilots.move(s, a[1], pilots.OFF)
    if len(task) > 5 and task[5]:       # "untap those Pilots"
        s.tapped[a[1]] = False
    if len(task) > 4 and task[4]:       # any number: one more, or stop
        s.tasks.append(task)


def _copy_options(s: S, task: Task) -> list[Action]:
    return [(CHOOSE, x, 0) for x in task[3]]


def _copy_answer(s: S, task: Task, a: Action) -> None:
    """Pay the copied card's cost (with this turn's extra) and get its effects."""
    _, p, c, _ = task
    ab = _play_ability(s, a[1])
    assert ab is not None
    gain_force(s, p, -max(0, ab.force + battle_tax(s, p)))
    s.note(f"{s.name(c)} copies {s.name(a[1])}")
    push_fx(s, ab.ops, ctx_of(p, c))


def _window_plays(s: S, p: int, window: int) -> list[Action]:
    """What p may play at a play-or-pass chance of this kind (seed 004, "Faza bitwy")."""
    out: list[Action] = []
    timings = {GENERAL: ("any",), IN_ATTACK: ("any", "attack", "intercept", "retaliate"), REROLL: ("reroll",),
               PREVENT: ("prevent",)}[window]
    tax = battle_tax(s, p)
    no_cards, no_abilities = plays_forbidden(s, p, "battle"), plays_forbidden(s, p, "abilities")
    # set-aside cards p may play as if from hand (effects.set_aside); one set aside for a
    # play-or-pass chance only at that chance (the decision on top of the task stack)
    cards = (*s.hand[p], *aside_plays(s, p, len(s.tasks) - 1)) if s.aside else s.hand[p]
    for c in cards:
        d = s.d(c)
        if d.kind != BATTLE or no_cards:
            continue
        ab = next((a for a in d.abilities if a.kind == "play"), None)
        if ab is not None and ab.static.get("copy"):     # it copies a card played this turn
            if _copies(s, p, window):
                out.append((PLAY, c, 0))
            continue
        if ab is not None and ab.timing == "abilities":    # Don't Get All Mushy (its ruling)
            if s.force[p] >= ab.force + tax and character_timing(s, p, timings) and _useful(s, p, -1, ab):
                out.append((PLAY, c, 0))
            continue
        if ab is None or s.force[p] < ab.force + tax or not any(t in timings for t in ab.timing.split("|")):
            continue
        if window == REROLL and not _may_reroll(s, p, ab):
            continue
        if window == PREVENT and not _prevents(s, p, ab, -1):
            continue
        if _useful(s, p, -1, ab):
            out.append((PLAY, c, 0))
    retreated = [u for u in s.build[p] if s.face_up[u]]
    # abilities that work from the discard pile (Snowspeeder Squad): cards whose definition has one
    revivable = [u for u in s.discard[p] if s.d(u).from_discard] if window in (GENERAL, IN_ATTACK) else []
    if window in (GENERAL, IN_ATTACK):     # and face down in the build zone (Darth Maul (F))
        revivable += [u for u in s.build[p] if not s.face_up[u] and s.d(u).from_build]
    # a Location's battle abilities too ("discard this Location: ...", Dantooine System)
    for u in (*s.in_play(p), *retreated, *s.locations(p), *revivable):
        for i, ab in enumerate(abilities_of(s, u)):
            if ab.timing not in timings or not _payable(s, p, u, ab) or _used_up(s, u, i, ab):
                continue
            if (no_abilities or ("silenced", u) in s.effects) and ab.kind in ("activated", "prevent"):
                continue      # Evade is activated too; a unit `silence` reached: none this turn
            if ab.kind == "activated":
                if not in_place(s, u, ab):
                    continue
                if ab.timing == "attack" and (s.atk is None or s.atk[0] != u):
                    continue
                if ab.timing == "intercept" and not may_intercept(s, p, u, ab):
                    continue
                if ab.timing == "retaliate" and not may_retaliate(s, u, i):
                    continue
                if _useful(s, p, u, ab):
                    out.append((ABILITY, u, i))
            elif ((u, i) not in s.used or extra_use_left(s, u)) and _answers(s, p, ab, u):
                out.append((ABILITY, u, i))
    if window in (GENERAL, IN_ATTACK):     # Hidden Cost: finish a face-down unit with Force
        out += hidden_deploys(s, p)
    return out


def character_timing(s: S, p: int, timings: tuple[str, ...]) -> bool:
    """Whether an activated ability of one of p's Characters in the arena has one of these
    timings (a Battle card of timing `abilities` may be played then: "anytime any of those
    abilities could be played", the play point in general, not that unit's own chance)."""
    return any(shareable(ab) and ab.timing in timings
               for u in s.arena[p][2] for ab in abilities_of(s, u))


def may_retaliate(s: S, u: int, i: int) -> bool:
    """Retaliate (reference section 9): u is being attacked by a unit of its own arena, and
    has not used this Retaliate ability in this attack."""
    if s.atk is None or s.atk[1] != u or s.zone[s.atk[0]] != ARENA or s.zone[u] != ARENA:
        return False
    return (s.unit_arena(s.atk[0]) == s.unit_arena(u)
            and (("retaliated", u, i) not in s.effects or extra_use_left(s, u))
            and not plays_forbidden(s, s.owner[u], "retaliate"))


def may_intercept(s: S, p: int, u: int, ab: Ability | None = None) -> bool:
    """Intercept (reference section 9): another of p's units in u's arena is being attacked,
    and the attacker could attack u instead (an intercept `for` some units: one of those)."""
    if s.atk is None or s.atk[1] == u or s.owner[s.atk[1]] != p or s.zone[s.atk[1]] != ARENA:
        return False
    if ab is not None and ab.target is not None and not s.matches(ab.target, s.atk[1], p, u):
        return False
    return s.unit_arena(s.atk[1]) == s.unit_arena(u) and can_attack(s, s.atk[0], u)


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
    lucky = bool(ab.ops) and ab.ops[0][1] == "lucky"      # Lucky: attacking too
    if lucky and ab.static.get("attacking"):      # only the dice it rolls attacking
        return s.atk is not None and bool(s.dice) and s.atk[0] == u
    return ab.kind == "reroll" and s.atk is not None and bool(s.dice) and (
        s.atk[1] == u or (lucky and s.atk[0] == u))


def _prevents(s: S, p: int, ab: Ability, u: int) -> bool:
    """Whether a prevention ability or card can help the damage about to be dealt."""
    if s.dmg is None or s.dmg[4] >= s.dmg[1]:
        return False
    if ab.evade and s.dmg[3] & 2:    # this damage can't be prevented with Evade
        return False
    for e in s.effects:     # "can only be prevented by a Jedi Master": only such a unit's abilities
        if e[0] == "prevent_only" and e[1] == s.dmg[0] and (u < 0 or not s.matches_card(e[2], u, e[3] ^ 1)):
            return False
    if ab.ops and not _useful(s, p, u, ab):   # nothing to move the damage onto
        return False
    if u >= 0 and ab.cond is not None and not condition(s, ab.cond, p, u):
        return False
    t = s.dmg[0]
    if ab.evade and ("evade_barred", t) in s.effects:   # "can't use Evade this turn"
        return False
    if ab.self_only:
        return u == t and in_place(s, u, ab)     # a retreated unit's Evade is off (reference 9)
    if u >= 0 and not in_place(s, u, ab):
        return False
    assert ab.target is not None
    return s.matches_card(ab.target, t, p, u) and s.zone[t] in (ARENA, BUILD)   # u: "other"


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
    elif s.aside:       # cards set aside for this chance go back (Mace Windu (F))
        return_aside(s, UNTIL_CHANCE, len(s.tasks))


def _pop_answer(s: S, task: Task, a: Action) -> None:
    _, window, p, _ = task
    if a[0] == PASS:
        _pop_pass(s, task)
        return
    s.tasks.append(("?pop", window, 1 - p, 0))
    if a[0] == PLAY:
        play_card(s, p, a[1], window)
    elif a[0] == DEPLOY:        # Hidden Cost: a face-down unit finished with Force
        hidden_deploy(s, a[1], a[2])
    else:
        use_ability(s, p, a[1], a[2])


def pop(s: S, window: int) -> None:
    s.tasks.append(("?pop", window, DARK, 0))


# -- battle -----------------------------------------------------------------------------------
def _battle(s: S, task: Task) -> None:
    """Seed 004, "Faza bitwy": Space, then Ground, then Character."""
    s.phase = BATTLE_PHASE
    order: tuple[int, ...] = (0, 1, 2)
    if ("reverse_battle",) in s.effects:   # Unexpected Attack: Character, Ground, then Space
        order = (2, 1, 0)
    else:       # a static battle order (Streets of Cloud City: Ground, Space, Character)
        for _, _, ab in static_sources(s, "battle_order"):
            order = ab.static["battle_order"]
    s.tasks += [("end_battle",), ("step", order[2]), ("step", order[1]), ("step", order[0])]
    pop(s, GENERAL)
    s.tasks.append(("contests",))
    for e in [e for e in s.effects if e[0] == "battle_start"]:
        push_fx(s, e[1], e[2])
    fire(s, "battle_start", s.all_in_play() + s.locations())


def _step(s: S, task: Task) -> None:
    a = task[1]
    s.step = a
    s.note(f"{('Space', 'Ground', 'Character')[a]} battle")
    s.tasks.append(("next_attack", a))
    pop(s, GENERAL)
    for e in [e for e in s.effects if e[0] == "link" and e[3] == "hold" and e[4] == a]:
        if link_alive(s, e) and e[5]:     # "at the start of the X battle step, put N counters on it"
            t = e[2]
            s.damage[t] += e[5]
            s.note(f"{e[5]} damage counter(s) put on {s.name(t)} ({s.damage[t]}/{s.health(t)})")
            if s.damage[t] >= s.health(t):
                discard_unit(s, t, by_damage=True)
    fire(s, f"step_start_{('space', 'ground', 'character')[a]}", s.all_in_play() + s.locations())
    if any(e[0] == "next_step" for e in s.effects):     # "when the next battle step starts"
        waiting = [e for e in s.effects if e[0] == "next_step"]
        s.effects = [e for e in s.effects if e[0] != "next_step"]
        for k in range(len(waiting) - 1, -1, -1):
            ctx = waiting[k][2]
            push_fx(s, waiting[k][1], (ctx[0], ctx[1], (), a, 0))


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
    if p == DARK and any(s.owner[u] == LIGHT for u in group):
        p = speed_tie_winner(s)     # "all your units win ties for speed" (Rebel Command Center)
    return p, [u for u in group if s.owner[u] == p]


def _next_attack(s: S, task: Task) -> None:
    a = task[1]
    p, group = attack_order(s, a)
    if p < 0:
        s.tasks.append(("disembark", a))   # when the step ends
        pop(s, GENERAL)    # the last chance of the step, then the next step
        return
    s.tasks.append(task)
    s.tasks.append(("?attack", p, a))
    for u in group:
        caster = next((e[2] for e in s.effects if e[0] == "command" and e[1] == u), -1)
        if caster >= 0:
            s.tasks.append(("?command", u, caster))
            break
        tamer = tamed_by(s, u)
        if tamer >= 0:
            s.tasks.append(("?tame", u, tamer))
            break


def tamed_by(s: S, u: int) -> int:
    """The side that decides this turn whether u attacks and what (Tame the Beast), or -1."""
    return next((int(e[2]) for e in s.effects if e[0] == "tamed" and e[1] == u), -1)


def _tame_options(s: S, task: Task) -> list[Action]:
    """Attack any unit of either side in its arena that can be attacked, or not attack; or,
    when its owner has an ability to use instead of attacking, leave the turn to them."""
    u = task[1]
    a = s.unit_arena(u)
    out: list[Action] = [(ATTACK, u, t) for p in (DARK, LIGHT) for t in s.arena[p][a]
                         if t != u and can_be_attacked(s, t) and not attack_barred(s, u)]
    out.append((SKIP, u, 0))
    if _ability_plays(s, s.owner[u], u, "would_attack"):
        out.append(_P)
    return out


def _tame_answer(s: S, task: Task, a: Action) -> None:
    """The tamer's choice replaces the owner's for this unit; passing lets the owner use the
    unit's 'instead of attacking' ability (the card's ruling)."""
    if a[0] == PASS:
        return
    s.tasks.pop()          # the owner's own choice is replaced
    if a[0] == SKIP:
        s.tapped[a[1]] = True
        s.note(f"{s.name(a[1])} does not attack")
    else:
        start_attack(s, a[1], a[2])


def _disembark(s: S, task: Task) -> None:
    """Pilots that leave their unit when this battle step ends (Anakin Skywalker (I)) move off
    it into the Character arena."""
    for host in sorted(s.aboard):
        for c in list(s.aboard.get(host, ())):
            ab = pilot_ability(s, c)
            if ab is not None and ab.static.get("disembark", -1) == task[1] and s.zone[host] == ARENA:
                if ab.static.get("may_leave"):      # "you may move Obi-Wan": asked at once
                    s.tasks.append(("?pilot_off", s.owner[c], c, -1))
                else:
                    pilots.move(s, c, pilots.OFF)
    if s.lent:          # control that lasts until this battle step ends (gain_control)
        end_control(s, task[1])
    if s.moved:         # units treated as this arena's type until its step ends (bails_out)
        move_back(s, task[1])
    if s.aside:         # cards set aside until this battle step ends go back
        return_aside(s, task[1])
    if s.effects and any(e[0] == "repeat_steps" for e in s.effects):
        s.tasks.append(("repeat_step", task[1]))    # after this step's "step ends" abilities
    fire(s, f"step_end_{('space', 'ground', 'character')[task[1]]}", s.all_in_play() + s.locations())
    waiting = [e for e in s.effects if e[0] == "step_end_fx" and e[1] == task[1]]
    if waiting:       # effects that waited for this step's end (effects.at_step_end)
        s.effects = [e for e in s.effects if e not in waiting]
        for i in range(len(waiting) - 1, -1, -1):   # not reversed(): mypyc fails on it here
            push_fx(s, waiting[i][2], waiting[i][3])


REPEAT_LIMIT = 10     # repeated battle steps of one arena in a turn, at most (docs/tcg.md)


def _repeat_step(s: S, task: Task) -> None:
    """repeat_steps (Duel of the Fates): a battle step that ends with neither player controlling
    its arena is fought again, all units there untapped first; skipped where no one can win the
    arena (a side with no unit there, or no unit there with power), and after REPEAT_LIMIT."""
    a = task[1]
    if s.controls(DARK, a) or s.controls(LIGHT, a) or not s.arena[DARK][a] or not s.arena[LIGHT][a]:
        return
    if all(s.power(u) <= 0 for u in s.arena[DARK][a] + s.arena[LIGHT][a]):
        return
    done = sum(1 for e in s.effects if e[0] == "repeated_step" and e[1] == a)
    if done >= REPEAT_LIMIT:
        return
    s.effects.append(("repeated_step", a))
    for u in s.arena[DARK][a] + s.arena[LIGHT][a]:
        s.tapped[u] = False
    s.note(f"neither side holds the {('Space', 'Ground', 'Character')[a]} arena: its battle step again")
    s.tasks.append(("step", a))


def can_attack(s: S, u: int, t: int) -> bool:
    """Whether u may attack t now: an enemy unit in u's arena, or in the arena its Bombard or Ion
    Cannon reaches, and nothing says t can't be attacked."""
    if s.zone[t] == BUILD and s.owner[t] != s.owner[u]:
        return (build_reach(s, u, t) >= 0 and can_be_attacked(s, t) and not attack_barred(s, u)
                and not attack_banned(s, u, t))
    if s.zone[t] != ARENA or s.owner[t] == s.owner[u] or not can_be_attacked(s, t):
        return False
    if attack_barred(s, u) or attack_banned(s, u, t):
        return False
    return s.unit_arena(t) == s.unit_arena(u) or alt_power(s, u, t) != -1


def build_reach(s: S, u: int, t: int) -> int:
    """Whether u may attack t, a retreated unit in the opponent's build zone: -1 if not, else the
    power the attack gets for it ("attacks_build_zone" statics of u's own; turn effects)."""
    p = s.owner[u]
    if s.zone[u] != ARENA or not s.face_up[t]:
        return -1
    best = -1
    for ab in s.d(u).abilities:
        if ab.kind == "static" and "reach" in ab.static and s.matches(ab.static["reach"][0], t, p):
            best = max(best, ab.static["reach"][1])
    for e in s.effects:
        if e[0] == "reach" and e[1] == u and s.matches(e[2], t, p):
            best = max(best, e[3])
    return best


OWN_POWER: Final = -2
"""alt_power's answer for a unit that may attack into another arena with its own power."""


def alt_power(s: S, u: int, t: int) -> int:
    """Bombard X (Space at Ground), Ion Cannon X (Ground at Space) or Barrage X (Space at
    Character): the power of such an attack; OWN_POWER for a `strikes_arena` unit (its power);
    -1: it may not attack there."""
    au, at = s.unit_arena(u), s.unit_arena(t)
    if au == 0 and at == 1:
        n = keyword(s, u, "bombard")
    elif au == 1 and at == 0:
        n = keyword(s, u, "ion_cannon")
    elif au == 0 and at == 2:
        n = keyword(s, u, "barrage")
    else:
        n = 0
    if n <= 0 and au != at:     # "may attack a unit in the Character arena instead": own power
        for ab in s.d(u).abilities:
            if ab.kind == "static" and ab.static.get("strikes_arena", -1) == at:
                return OWN_POWER
    return n if n > 0 else -1


def must_targets(s: S, u: int) -> list[int]:
    """Seed 004, "Must attack": units u must attack if it can (effects ("must", u, t))."""
    forced = [e[2] for e in s.effects if e[0] == "must" and e[1] == u]
    return [t for t in (*forced, *lures(s, u)) if can_attack(s, u, t)]


def _attack_options(s: S, task: Task) -> list[Action]:
    _, p, a = task
    _, group = attack_order(s, a)
    out: list[Action] = []
    for u in group:
        if tamed_by(s, u) >= 0:     # its opponent decides its attack; it may use its abilities
            out += _ability_plays(s, p, u, "would_attack")
            continue
        forced = must_targets(s, u)
        if forced:
            out += [(ATTACK, u, t) for t in forced]
            continue
        targets = [t for b in (0, 1, 2) for t in s.arena[1 - p][b] if can_attack(s, u, t)]
        targets += [t for t in s.build[1 - p] if s.face_up[t] and can_attack(s, u, t)]
        own = must = False      # Wampa: "can attack your other units", "must attack"
        for ab in s.d(u).abilities:
            if ab.kind == "static":
                own = own or "attacks_own" in ab.static
                must = must or "must_attack" in ab.static
        if own:
            targets += [t for t in s.arena[p][s.unit_arena(u)] if t != u and can_be_attacked(s, t)
                        and not attack_barred(s, u)]
        if targets and any(ab.kind == "static" and "attacks_weakest" in ab.static for ab in s.d(u).abilities):
            low = min(s.power(t) for t in targets)      # Ponda Baba: the lowest power only
            targets = [t for t in targets if s.power(t) == low]
        out += [(ATTACK, u, t) for t in targets]
        if must and targets:    # it must attack when it can: no holding back
            continue
        out += _ability_plays(s, p, u, "would_attack")
        out.append((SKIP, u, 0))
    taxes = static_sources(s, "attack_cost")
    if taxes:       # "can't attack unless they pay N Force": only with the Force
        out = [x for x in out if x[0] != ATTACK or s.force[p] >= attack_tax(s, x[1], x[2], taxes)]
        for u in group:     # an attack it must make but can't pay for is one it can't make
            if not any(x[1] == u for x in out):
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
        tax = attack_tax(s, u, t)
        if tax:
            gain_force(s, s.owner[u], -tax)
            s.note(f"the {('Dark', 'Light')[s.owner[u]]} Side pays {tax} Force to attack")
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
    s.attacked |= 1 << s.unit_arena(u) | 1 << (3 + 3 * s.owner[u] + s.unit_arena(u))
    # the last attack and the hits it rolled (Rebel Surrender): none until the dice say more
    s.effects = [e for e in s.effects if e[0] != "last_attack"] + [("last_attack", u, 0)]
    s.used = []
    s.effects.append(("attacked_by", u, t))     # for "a unit it hasn't attacked this turn"
    s.note(f"{s.name(u)} attacks {s.name(t)}" + (" in the build zone" if s.zone[t] == BUILD else ""))
    if s.zone[t] == BUILD and build_reach(s, u, t) > 0:   # "+N power for that attack"
        s.mods.append((u, 0, build_reach(s, u, t), 0, UNTIL_ATTACK))
    s.tasks += [("attack_end",), ("attack_roll",)]
    pop(s, IN_ATTACK)
    fire(s, "attacked", [t])
    fire(s, "attacks", [u])
    if s.places[0] >= 0 or s.places[1] >= 0 or s.places[2] >= 0:
        _fire_unit_attacks(s, u)


def _fire_unit_attacks(s: S, u: int) -> None:
    """Location abilities for "whenever a unit (of those `of` names) attacks" (Dark Cave)."""
    for c in s.places:
        if c >= 0 and not location_off(s, c):
            for i, ab in enumerate(s.d(c).abilities):
                if ab.kind == "trigger" and ab.timing == "unit_attacks" and (
                        ab.target is None or s.matches_card(ab.target, u, s.owner[c])):
                    push_trigger(s, c, i)


def _attack_roll(s: S, task: Task) -> None:
    """Seed 004, "Jak atakować?" 2: roll dice equal to power (none if a unit left the battle or
    the power is 0 or less); Shields take dice away (reference section 9)."""
    assert s.atk is not None
    u, t, fixed, _ = s.atk
    s.dice = []
    if s.zone[u] != ARENA or (s.zone[t] != ARENA and not (s.zone[t] == BUILD and build_reach(s, u, t) >= 0)):
        s.note("no dice: a unit left the battle")
        return
    n = attack_power(s, u, t, fixed) - keyword(s, t, "shields")
    if ("one_die", u) in s.effects:     # "roll only 1 of your dice" (Blow This Thing)
        n = 1
    if n <= 0:
        s.note("no dice: power 0 or less")
        return
    if any(a.kind == "secret_roll" for a in s.d(u).abilities):
        # Darth Sidious (C): the dice are rolled once the chance to prevent is over (his ruling);
        # the damage instance holds the most the dice could do, and the roll settles it (_deal)
        s.effects.append(("secret_roll", u, n))
        s.note(f"{s.name(u)} rolls {n} dice in secret")
        s.tasks.append(("damage", t, n + s.critical_hit(u) + mark_bonus(s, u, t), u, 1 | 4))
        return
    s.dice = [s.rng.below(6) + 1 for _ in range(n)]
    s.note(f"{s.name(u)} rolls {s.dice}")
    s.tasks.append(("attack_damage",))
    pop(s, REROLL)
    for e in s.effects:     # "you may have your opponent reroll all those dice" (before the chance)
        if e[0] == "reroll_offer" and e[1] != s.owner[u] and e[2] == s.unit_arena(u):
            s.tasks.append(("?may", (("reroll", "all_attack_dice"),), (), e[3]))


def attack_power(s: S, u: int, t: int, fixed: int) -> int:
    """The attack's power: u's power, or a Bombard / Ion Cannon value plus the bonuses given
    for this attack only (Suppressing Fire)."""
    if fixed < 0:
        return s.power(u)
    return (fixed + sum(m[2] for m in s.mods if m[0] == u and m[4] == UNTIL_ATTACK)
            + cross_arena_bonus(s, u, s.unit_arena(u)))


def hit_on(s: S, t: int) -> int:
    """What an attack die (with Accuracy) must show to hit unit t: 4, or 5 against Armor
    (reference section 9: "dice against this unit only hit on 5 or 6")."""
    return 5 if keyword(s, t, "armor") > 0 else 4


def _attack_damage(s: S, task: Task) -> None:
    """Seed 004, "Jak atakować?" 2-3: each 4+ is a hit and one damage; Critical Hit adds its
    value when a die shows a natural 6 (reference section 9)."""
    assert s.atk is not None
    u, t = s.atk[0], s.atk[1]
    # Accuracy X adds X to each die; a 6 stays the natural 6
    acc = keyword(s, u, "accuracy") + mark_bonus(s, u, t, accuracy=True) - keyword(s, u, "dice_penalty")
    hits = sum(1 for r in s.dice if r + acc >= hit_on(s, t))
    s.effects = [e for e in s.effects if e[0] != "last_attack"] + [("last_attack", u, hits)]
    for e in [e for e in s.effects if e[0] == "prediction"]:   # "predict the hits you'll roll"
        s.effects.remove(e)
        if e[1] == hits:
            push_fx(s, e[2], e[3])
    if 6 in s.dice:
        hits += s.critical_hit(u) + mark_bonus(s, u, t)
    s.note(f"{hits} damage to {s.name(t)}")
    excess = hits - (s.health(t) - s.damage[t])
    if excess > 0 and keyword(s, u, "overkill") > 0 and s.zone[t] == ARENA:
        # Overkill (reference section 9): the hits beyond what destroys the defender may go on
        # another of the defender's side's units in that arena; the attacker's owner chooses
        other = Sel(owner=1, arenas=(s.unit_arena(t),), other_than_defender=True)
        if s.select(other, s.owner[u], u):
            push_fx(s, (("choose", other, 0, 0, 1), ("overkill", t, hits, excess)), ctx_of(s.owner[u], u))
            return
    if ("divide_hits", u) in s.effects and hits > 0 and s.zone[t] == ARENA:
        # Blaster Barrage: the hits may be divided with another unit of the defender's side there
        other = Sel(owner=1, arenas=(s.unit_arena(t),), other_than_defender=True)
        if s.select(other, s.owner[u], u):
            push_fx(s, (("choose", other, 0, 0, 1), ("divide", t, hits)), ctx_of(s.owner[u], u))
            return
    push_damage(s, t, hits, u, attack=True)


def _attack_end(s: S, task: Task) -> None:
    """Seed 004, "Jak atakować?" 4: the attack ends; then another chance to play."""
    assert s.atk is not None
    u = s.atk[0]
    s.tasks.append(("attack_cleanup",))
    s.effects.append(("attacked_by", u, s.atk[1]))     # an interceptor counts as attacked too
    if any(e[0] == "chain_attacks" and e[1] == u for e in s.effects):
        s.tasks.insert(len(s.tasks) - 1, ("chain_next", u))   # once this attack is cleared
    for e in [e for e in s.effects if e[0] == "discard_after_attack"]:
        s.effects.remove(e)
        if s.zone[e[1]] == ARENA:
            discard_unit(s, e[1])
    for ctl, src, ab in static_sources(s, "idle_discard"):   # "attacks but does no damage"
        if ctl == s.owner[u] and s.zone[u] == ARENA and ("attack_dealt", u) not in s.effects \
                and s.matches_card(ab.static["idle_discard"], u, ctl, src):
            s.note(f"{s.name(u)}'s attack did no damage")
            discard_unit(s, u)
    for e in [e for e in s.effects if e[0] == "attack_end"]:
        s.effects.remove(e)
        push_fx(s, e[1], e[2])
    for e in [e for e in s.effects if e[0] == "predicted_damage"]:   # right: the effects
        s.effects.remove(e)
        if e[1] == e[5]:
            push_fx(s, e[2], e[3])
    fire(s, "attack_end", [u])


def _chain_next(s: S, task: Task) -> None:
    """Vader's Fury: the unit attacks a unit of its arena it can attack and has not attacked
    this turn (its controller chooses); with none, nothing."""
    u = task[1]
    ctl = next((e[2] for e in s.effects if e[0] == "chain_attacks" and e[1] == u), -1)
    if ctl < 0 or s.zone[u] != ARENA or s.atk is not None:
        return
    done = tuple(e[2] for e in s.effects if e[0] == "attacked_by" and e[1] == u)
    foes = [t for t in s.arena[1 - s.owner[u]][s.unit_arena(u)] if t not in done and can_attack(s, u, t)]
    if foes:
        sel = Sel(owner=1 if ctl == s.owner[u] else 0, arenas=(s.unit_arena(u),), exclude=done)
        push_fx(s, (("choose", sel, 0, 1, 1), ("chain_attack",)), ctx_of(ctl, u))


def _attack_cleanup(s: S, task: Task) -> None:
    s.atk = None
    s.dice = []
    s.mods = [m for m in s.mods if m[4] != UNTIL_ATTACK]
    s.effects = [e for e in s.effects
                 if e[0] not in ("no_evade", "disarmed", "prediction", "divide_hits", "secret_roll",
                                 "retaliated", "recoil", "one_die", "damage_discards", "attack_dealt",
                                 "extra_use")
                 and not _lasts(e, UNTIL_ATTACK)]
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
    if source >= 0 and s.zone[source] == ARENA and not attack & 4:
        k = damage_factor(s, source)        # "double all damage ... before damage prevention"
        if k > 1:
            n *= k
            s.note(f"the damage from {s.name(source)} is doubled: {n}")
    if source >= 0 and ((attack & 1 and keyword(s, source, "unpreventable") > 0)
                        or s.d(source).keyword("unpreventable_all")):
        # "damage from this unit's attack can't be prevented": no prevention chance at all
        s.tasks.append(("deal", tuple(s.dmg) if s.dmg else None, tuple(s.used)))
        s.dmg = [u, n, source, attack, 0]
        s.used = []
        return
    if damage_shielded(s, u, source):
        s.note(f"all {n} damage to {s.name(u)} is prevented")
        return
    if s.effects and _units_shielded(s, u, n, source, attack):
        return
    s.tasks.append(("deal", tuple(s.dmg) if s.dmg else None, tuple(s.used)))
    if attack & 1 and ("no_evade", source) in s.effects:
        attack |= 2
    # "this turn, prevent 1 of the damage to each of your units in that arena" (they add up)
    shield = 0
    for e in s.effects:     # and "this turn, prevent up to N of the damage to that unit"
        if e[0] == "arena_prevent" and e[1] == s.owner[u] and s.zone[u] == ARENA and e[2] == s.unit_arena(u):
            shield += e[3]
        elif e[0] == "unit_prevent" and e[1] == u:
            shield += e[2]
    s.dmg = [u, n, source, attack, min(n, shield)]
    if shield:
        s.note(f"{min(n, shield)} damage to {s.name(u)} is prevented")
    if s.zone[u] == ARENA:
        for ab in s.d(u).abilities:     # "roll a die: on 1 or 2, prevent that damage"
            if ab.kind == "static" and "roll_prevent" in ab.static and s.dmg[4] < n:
                r = s.rng.below(6) + 1
                s.note(f"{s.name(u)} rolls {r} to avoid the damage")
                if r <= ab.static["roll_prevent"]:
                    s.dmg[4] = n
                    s.note(f"all {n} damage to {s.name(u)} is prevented")
    s.used = []
    pop(s, PREVENT)
    by = s.owner[source] if source >= 0 else -1
    if source < 0 and any(e[0] == "effect_damage" for e in s.effects):   # an effect's damage: whose
        mine = [e for e in s.effects if e[0] == "effect_damage" and e[1] == u]
        if mine:
            by = mine[-1][2]
            s.effects.remove(mine[-1])
    if by >= 0 and by != s.owner[u]:
        for ab in abilities_of(s, u):     # "prevent it unless your opponent pays N Force" (its
            # own, or given by a pilot aboard or a static ability in play)
            if ab.kind == "ward" and ab.target is not None \
                    and (s.matches_card(ab.target, source, s.owner[u]) if source >= 0
                         else bool(ab.static.get("effects"))) \
                    and (ab.cond is None or condition(s, ab.cond, s.owner[u], u)):
                payment(s, ctx_of(s.owner[u], u), by, ab.n, ("prevent", -1))


def _units_shielded(s: S, u: int, n: int, source: int, attack: int) -> bool:
    """"This turn, whenever one of your units would be damaged, prevent that damage"
    (shield_units): all of it, with no chance opened; an attacking unit the effect's `recoil`
    names gets a damage counter for each point of its attack so prevented (Human Shield)."""
    for e in s.effects:
        if e[0] != "shield_units" or not s.matches_card(e[2], u, e[1]):
            continue
        if attack & 4:      # secret dice: rolled now, to know the damage prevented
            n = _secret_hits(s, source)
        s.note(f"all {n} damage to {s.name(u)} is prevented")
        if e[3] is not None and attack & 1 and n > 0 and s.atk is not None and s.atk[0] == source \
                and s.zone[source] == ARENA and s.matches_card(e[3], source, e[1]):
            s.damage[source] += n + extra_counters(s, source, n)
            s.note(f"{n} damage counter(s) go on {s.name(source)} ({s.damage[source]}/{s.health(source)})")
            if s.damage[source] >= s.health(source):
                discard_unit(s, source, by_damage=True)
        return True
    return False


def _retreat_offer(s: S, task: Task) -> bool:
    """"If one of your units would be damaged and discarded, you may prevent that damage and
    retreat it instead" (a static `damage_retreat`): at the end of the chance to prevent, only
    when the damage left would discard the unit by itself (Millennium Falcon (F)'s ruling), and
    not for a unit that can't retreat. The owner is asked; `deal` then runs again."""
    assert s.dmg is not None
    u, n, _, _, prevented = s.dmg
    left = n - prevented
    # option retreat_replace: "lethal", the damage left would discard it; "excess", it is more
    # than the health left (the ruling's words read literally)
    extra = 1 if s.options.get("retreat_replace", "lethal") == "excess" else 0
    if left <= 0 or s.zone[u] not in (ARENA, BUILD) or s.damage[u] + left < s.health(u) + extra:
        return False
    if s.zone[u] == ARENA and retreat_forbidden(s, u):
        return False
    for ctl, src, ab in static_sources(s, "damage_retreat"):
        if ctl == s.owner[u] and s.matches_card(ab.static["damage_retreat"], u, ctl, src):
            s.dmg[3] |= 8
            s.tasks.append(task)
            s.tasks.append(("?may", (("damage_retreat",), *ab.static["then"]), (), (ctl, src, (u,), -1, 0)))
            return True
    return False


def _deal(s: S, task: Task) -> None:
    assert s.dmg is not None
    if s.dmg[3] & 4:    # a secret roll, rolled now that the chance to prevent is over
        s.dmg[1] = _secret_hits(s, s.dmg[2])
        s.dmg[3] &= ~4
    if not s.dmg[3] & 8 and _retreat_offer(s, task):
        return
    u, n, source, flags, prevented = s.dmg
    s.dmg = list(task[1]) if task[1] else None
    s.used = list(task[2])
    left = n - prevented
    if any(e[0] == "prevent_only" for e in s.effects):     # its chance to prevent is over
        s.effects = [e for e in s.effects if not (e[0] == "prevent_only" and e[1] == u)]
    if left <= 0 or s.zone[u] not in (ARENA, BUILD):
        return
    s.damage[u] += left
    s.note(f"{s.name(u)} takes {left} damage ({s.damage[u]}/{s.health(u)})")
    more = extra_counters(s, u, left)     # Painful Reckoning: counters with no source
    if more:
        s.damage[u] += more
        s.note(f"{more} more damage counter(s) go on {s.name(u)} ({s.damage[u]}/{s.health(u)})")
    if any(e[0] == "predicted_damage" for e in s.effects):     # Han Solo (H): count it
        s.effects = [(*e[:5], e[5] + left) if e[0] == "predicted_damage" and e[4] == u else e
                     for e in s.effects]
    if source >= 0:
        _damaged_by(s, source, u, left)
        if flags & 1 and s.atk is not None and s.atk[0] == source:
            s.effects.append(("attack_dealt", source))     # its attack did damage (idle_discard)
    rest = ("deal_rest", u, source, flags, left)
    if s.damage[u] >= s.health(u) and s.zone[u] == ARENA:
        # before damage discards u from its arena: a chance for each player holding a Battle
        # card of timing `discarding` for it (Luke's Vow: "played during the damage placement
        # chance, before discard effects"), the Dark Side first
        savers = [p for p in (LIGHT, DARK) if _save_plays(s, p, u)]
        if savers:
            s.tasks.append(rest)
            for p in savers:
                s.tasks.append(("?save", p, u))
            return
    _deal_rest(s, rest)


def _save_plays(s: S, p: int, u: int) -> list[Action]:
    """p's Battle cards of timing `discarding` that may be played for u now: u is about to be
    discarded by damage (still as much as its health) and their `for` names it."""
    if s.zone[u] != ARENA or s.damage[u] < s.health(u) or plays_forbidden(s, p, "battle"):
        return []
    out: list[Action] = []
    for c in s.hand[p]:
        ab = _play_ability(s, c) if s.d(c).kind == BATTLE else None
        if ab is not None and ab.timing == "discarding" and s.force[p] >= ab.force + battle_tax(s, p) \
                and (ab.target is None or s.matches(ab.target, u, p)) \
                and (ab.cond is None or condition(s, ab.cond, p, -1)):
            out.append((PLAY, c, 0))
    return out


def _save_options(s: S, task: Task) -> list[Action]:
    plays = _save_plays(s, task[1], task[2])
    return [*plays, _P] if plays else []


def _save_answer(s: S, task: Task, a: Action) -> None:
    if a[0] == PLAY:
        play_card(s, task[1], a[1], picked=(task[2],))


def _deal_rest(s: S, task: Task) -> None:
    """The rest of placing damage on u: its discard if the damage reaches its health (a
    `replace_discard` link may replace it: asked first, then this runs again), Stun, triggers."""
    u, source, flags, left = task[1], task[2], task[3], task[4]
    if s.damage[u] >= s.health(u) and s.zone[u] == ARENA and len(task) < 6 and s.effects:
        link = discard_link(s, u)
        if link is not None:
            s.tasks.append((*task, 1))
            ask_link(s, link, u)
            return
    spared = ("spared", u) in s.effects
    if spared:
        s.effects.remove(("spared", u))
    if s.damage[u] >= s.health(u) and s.zone[u] in (ARENA, BUILD) and not spared:
        discard_unit(s, u, by_damage=True, asked=True)
        if source >= 0:
            _destroyed_by(s, source, u)
    elif source >= 0 and keyword(s, source, "stun") > 0:
        stun = keyword(s, source, "stun")
        s.mods.append((u, 0, -stun, 0, UNTIL_BATTLE))
        s.note(f"{s.name(u)} is stunned: -{stun} power until the end of the battle phase")
    if s.zone[u] == ARENA:      # it took damage and is still in its arena
        fire(s, "takes_damage", [u])
    if flags & 1 and source >= 0 and ("damage_discards", source) in s.effects and s.zone[u] == ARENA \
            and s.atk is not None and u == s.atk[1]:
        s.note(f"{s.name(u)} is discarded: the attack damaged it")
        discard_unit(s, u)
        _destroyed_by(s, source, u)
    if flags & 1 and source >= 0 and ("recoil", source) in s.effects and s.zone[source] == ARENA \
            and s.atk is not None and u == s.atk[1]:
        # Countermeasures: the attacker takes as much as it placed on the defender (counters,
        # after prevention: nothing prevents them)
        s.damage[source] += left
        s.note(f"{s.name(source)} takes {left} damage itself ({s.damage[source]}/{s.health(source)})")
        if s.damage[source] >= s.health(source):
            discard_unit(s, source, by_damage=True)


def _discard_rest(s: S, task: Task) -> None:
    """A discard a `replace_discard` link was offered for: it happens unless it was replaced."""
    u = task[1]
    if ("spared", u) in s.effects:
        s.effects.remove(("spared", u))
    elif s.zone[u] == ARENA:
        discard_unit(s, u, bool(task[2]), asked=True)


def _damaged_by(s: S, source: int, victim: int, dealt: int = 0) -> None:
    """The source's 'when it damages a unit' abilities, for victims that match them (once per
    damage instance, however much damage; reference rulings of Dannik Jerriko (A))."""
    if s.zone[source] != ARENA:
        return
    p = s.owner[source]
    for i, ab in enumerate(s.d(source).abilities):
        if ab.kind == "trigger" and ab.timing == "damages" and (
                ab.target is None or s.matches_card(ab.target, victim, p)):
            if ab.optional:
                push_trigger(s, source, i)
            else:           # the unit damaged is the one its effects call "chosen"; the
                push_fx(s, ab.ops, (p, source, (victim,), -1, dealt))   # damage placed: `damage`


def _secret_hits(s: S, u: int) -> int:
    """Roll a secret attack's dice and show them: its hits (Accuracy, Critical Hit as usual)."""
    e = next((e for e in s.effects if e[0] == "secret_roll" and e[1] == u), None)
    if e is None or s.atk is None:
        return 0
    s.effects.remove(e)
    s.dice = [s.rng.below(6) + 1 for _ in range(e[2])]
    t = s.atk[1]
    acc = keyword(s, u, "accuracy") + mark_bonus(s, u, t, accuracy=True) - keyword(s, u, "dice_penalty")
    hits = sum(1 for r in s.dice if r + acc >= hit_on(s, t))
    if 6 in s.dice:
        hits += s.critical_hit(u) + mark_bonus(s, u, t)
    s.note(f"{s.name(u)}'s secret dice show {s.dice}: {hits} hits")
    return hits


def _destroyed_by(s: S, source: int, victim: int) -> None:
    """The source's 'when its damage causes a unit to be discarded' abilities, for victims
    that match them (the victim is already in the discard pile)."""
    if s.zone[source] != ARENA or s.zone[victim] != DISCARD:
        return
    p = s.owner[source]
    if s.owner[victim] != p and ("no_bounty", p) not in s.effects and not any(
            ab.kind == "static" and "bounty_free" in ab.static for ab in s.d(victim).abilities):
        for ab in abilities_of(s, source):      # Bounty: collected at p's next build step
            if ab.kind == "bounty":
                s.effects.append(("bounty_due", p, ab.ops, source, victim))
                s.note(f"{s.name(source)} earns a Bounty for {s.name(victim)}")
    for i, ab in enumerate(s.d(source).abilities):
        if ab.kind == "trigger" and ab.timing == "destroys" and (
                ab.target is None or s.matches_card(ab.target, victim, p)):
            if ab.optional:
                push_trigger(s, source, i)
            else:       # the unit destroyed is the one its effects call "chosen" (Space Slug)
                push_fx(s, ab.ops, (p, source, (victim,), -1, 0))
    if s.places[0] >= 0 or s.places[1] >= 0 or s.places[2] >= 0:
        _fire_unit_destroys(s, source, victim)


def _fire_unit_destroys(s: S, source: int, victim: int) -> None:
    """Location abilities for "whenever a unit (those `by` names) damages a unit (those `of`
    names) and it is discarded" (Palpatine's Sanctum), from the Location owner's view."""
    for c in s.places:
        if c >= 0:
            for i, ab in enumerate(s.d(c).abilities):
                if ab.kind == "trigger" and ab.timing == "unit_destroys" and (
                        ab.target is None or s.matches_card(ab.target, victim, s.owner[c])) and (
                        "by" not in ab.static or s.matches_card(ab.static["by"], source, s.owner[c])):
                    push_trigger(s, c, i)


def _end_battle(s: S, task: Task) -> None:
    s.step = -1
    s.tasks.append(("battle_cleanup",))
    fire(s, "battle_end", s.all_in_play() + s.locations())


def _battle_cleanup(s: S, task: Task) -> None:
    s.mods = [m for m in s.mods if m[4] != UNTIL_BATTLE]
    s.effects = [e for e in s.effects if not _lasts(e, UNTIL_BATTLE)]
    if s.lent:
        end_control(s, UNTIL_BATTLE_PHASE)


def _end_turn(s: S, task: Task) -> None:
    """Seed 004, "Koniec tury": a player who controls 2 or more arenas wins. Effects that wait
    for the end of the turn resolve first (the ruling of Jedi Council Quorum)."""
    waiting = [e for e in s.effects if e[0] == "turn_end"]
    if waiting:
        s.effects = [e for e in s.effects if e[0] != "turn_end"]
        s.tasks.append(task)
        for i in range(len(waiting) - 1, -1, -1):   # not reversed(): mypyc fails on it here
            push_fx(s, waiting[i][1], waiting[i][2])
        return
    if s.aside:         # every card still set aside goes back (then the turn ends)
        s.tasks.append(task)
        return_aside(s, UNTIL_TURN_ASIDE)
        return
    s.mods = []
    spared = [e[1] for e in s.effects if e[0] == "cant_lose"]     # "you can't lose the game this turn"
    if s.lent and s.options.get("control_return", "before_check") == "before_check":
        end_control(s, UNTIL_TURN_END)     # "until end of turn" control ends (docs/tcg.md)
    # a stat line chosen stays (Zam Wesell (D)), and so do counters on a card in play (Credit)
    s.effects = [e for e in s.effects if e[0] in ("mode", "card_counters", "bounty_due", "bp_next_turn",
                                                  "may_stay",
                                                  "upkeep_grant", "no_untap", "next_turn_fx", "bail_back",
                                                  "link", "mark", "words", "replace_discard", "remember",
                                                  "held_unit")]
    s.attacked = 0
    s.lost_character = [0, 0]
    if s.trace is not None:   # who holds each arena at the end of the turn: D, L or - (nobody)
        s.trace["control"].append("".join("D" if s.controls(DARK, a) else "L" if s.controls(LIGHT, a)
                                          else "-" for a in range(3)))
    for p in (DARK, LIGHT):
        held = [a for a in range(3) if s.controls(p, a)]
        if len(held) >= 2 and 1 - p in spared:
            s.note(f"the {SIDE_NAMES[1 - p]} can't lose the game this turn")
        elif len(held) >= 2:
            names = " and ".join(("Space", "Ground", "Character")[a] for a in held)
            s.finish(p, f"controls the {names} arenas at the end of turn {s.turn}")
            return
    if s.lent:
        end_control(s, UNTIL_TURN_END)


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


def _offer_answer(s: S, task: Task, a: Action) -> None:
    """'Your opponent may pay N Force; if they do, ...': paying makes the effects happen."""
    _, payer, amount, then, ctx, *instead = task
    if a[0] == CHOOSE:
        gain_force(s, payer, -amount)
        push_fx(s, then, ctx)
    elif instead:     # Enhance declined: the plain effect
        push_fx(s, instead[0], ctx)


def _counters_options(s: S, task: Task) -> list[Action]:
    return [(CHOOSE, c, 0) for c in counter_targets(s, task[6], task[3], task[4])]


def _counters_answer(s: S, task: Task, a: Action) -> None:
    """The card is shown to both players and gets the build counters (or loses some, unseen)."""
    c = a[1]
    if task[2] == "double":     # as many more as it has; the card stays unseen
        s.counters[c] *= 2
        s.note(f"a face-down card's build counters are doubled ({s.counters[c]} now)")
        return
    if task[2] < 0:
        k = min(-task[2], s.counters[c])
        s.counters[c] -= k
        s.note(f"{k} build counter(s) removed from a face-down card ({s.counters[c]} left)")
        return
    s.shown[c] = 3
    s.counters[c] += task[2]
    s.note(f"{s.name(c)} is shown and gets {task[2]} build counter(s) ({s.counters[c]} now)")
    ready = s.d(c).kind == UNIT and s.counters[c] >= unit_cost(s, c, deploy_cost(s, c))
    if len(task) > 7 and task[7] and ready and deploy_choices(s, c):
        s.tasks.append(("?deploy_now", task[1], c, task[5]))


def _reveal_pick_options(s: S, task: Task) -> list[Action]:
    if len(task) > 7:   # (..., chooser, the cards to pick among): reveal until (Parting of Heroes)
        return [(CHOOSE, c, 0) for c in task[7] if s.zone[c] == DECK]
    return [(CHOOSE, c, 0) for c in task[2] if s.d(c).facts.type == task[3] and s.zone[c] == DECK]


def _reveal_pick_ctl(s: S, task: Task) -> int:
    """Who picks the revealed card: the deck's owner, or the player the effect names."""
    return int(task[6]) if len(task) > 6 else int(task[1])


def _reveal_pick_answer(s: S, task: Task, a: Action) -> None:
    """The card chosen goes face down (shown) into the build zone with the counters; the other
    revealed cards are discarded."""
    p, c = task[1], a[1]
    s.deck[p].remove(c)
    s.zone[c] = BUILD
    s.build[p].append(c)
    s.face_up[c] = False
    s.counters[c] = task[4]
    s.note(f"{s.name(c)} goes into the build zone with {task[4]} build counter(s)")
    for x in task[2]:
        if x != c and s.zone[x] == DECK:
            to_discard(s, x)


def _name_options(s: S, task: Task) -> list[Action]:
    """("?name", namer, deck owner, effects, ctx): the names the namer may know, each once (a
    card instance stands for its name, every version): the deck owner's cards the namer may
    identify now (in play, discard piles, shown cards: observe.knows), and, the namer's own
    deck list being theirs, their own neutral cards. Never a name read from the hidden deck;
    pass names a card not seen (no match). docs/tcg.md, "Naming a card"."""
    namer, owner = task[1], task[2]
    seen: dict[str, int] = {}
    for c in range(len(s.card_def)):
        d = s.d(c)
        if d.uname in seen:
            continue
        if (s.owner[c] == owner and knows(s, namer, c)) or (
                s.owner[c] == namer and owner != namer and d.facts.side == "neutral"):
            seen[d.uname] = c
    return [*[(CHOOSE, seen[n], 0) for n in sorted(seen)], _P]


def _name_answer(s: S, task: Task, a: Action) -> None:
    """The deck's owner reveals its top card and puts it into its hand; a card of the name
    named (any version) runs the effects."""
    _, namer, owner, ops, ctx = task
    named = s.d(a[1]).uname if a[0] == CHOOSE else ""
    s.note(f"the {('Dark', 'Light')[namer]} Side names " + (named or "a card not seen"))
    if not s.deck[owner]:
        s.note(f"the {('Dark', 'Light')[owner]} Side has no card to reveal")
        return
    c = s.deck[owner][-1]
    to_hand(s, c)
    s.note(f"the {('Dark', 'Light')[owner]} Side reveals {s.name(c)} and puts it into its hand")
    if named and s.d(c).uname == named:
        push_fx(s, ops, ctx)


def _reveal_hand_options(s: S, task: Task) -> list[Action]:
    return [(CHOOSE, c, 0) for c in s.hand[task[1]] if s.d(c).facts.type in task[5]]


def _reveal_hand_answer(s: S, task: Task, a: Action) -> None:
    revealed_from_hand(s, task, a[1])


def _card_type_options(s: S, task: Task) -> list[Action]:
    return [(CHOOSE, k, 0) for k in range(len(CARD_TYPES))]


def _card_type_answer(s: S, task: Task, a: Action) -> None:
    reveal_take(s, task[2], task[3], CARD_TYPES[a[1]])


def _gather_options(s: S, task: Task) -> list[Action]:
    p, subtypes, taken = task[1], task[2], task[3]
    fits = [c for c in s.deck[p] if any(x in s.d(c).tags for x in subtypes) and s.d(c).name not in taken]
    return [*[(CHOOSE, c, 0) for c in _one_per_card(s, fits)], _P]


def _gather_answer(s: S, task: Task, a: Action) -> None:
    """Take cards one at a time (different names); passing ends it and gives the Force."""
    _, p, subtypes, taken, each, src = task
    if a[0] == CHOOSE:
        to_hand(s, a[1])
        s.tasks.append(("?gather", p, subtypes, (*taken, s.d(a[1]).name), each, src))
        return
    if taken and each:
        gain_force(s, p, each * len(taken))
        s.note(f"the {('Dark', 'Light')[p]} Side gains {each * len(taken)} Force")


def _fetch_options(s: S, task: Task) -> list[Action]:
    """("?fetch", p, name, left, places, shuffle, taken from the deck, source): a card of that
    name from one of the places, or stop."""
    p, name, left, places = task[1], task[2], task[3], task[4]
    if left <= 0:
        return []
    fits = fetch_fits(s, p, name, places)
    return [*[(CHOOSE, c, 0) for c in fits], _P] if fits else []


def _fetch_answer(s: S, task: Task, a: Action) -> None:
    """The card goes into its arena untapped (not a deployment); stopping ends the fetch."""
    _, p, name, left, places, shuffle, from_deck, src = task
    if a[0] != CHOOSE:
        _fetch_end(s, task)
        return
    c = a[1]
    from_deck = from_deck or s.zone[c] == DECK
    place_unit(s, c)
    s.tapped[c] = False
    s.note(f"{s.name(c)} is put into the {ARENA_NAMES[s.unit_arena(c)]} arena")
    s.tasks.append(("?fetch", p, name, left - 1, places, shuffle, from_deck, src))


def _fetch_end(s: S, task: Task) -> None:
    """Then the deck is shuffled: always, or (if_taken) only if a card was taken from it."""
    if task[5] == "always" or task[6]:
        _shuffle(s, ("shuffle", task[1]))


def _hand_to_held_options(s: S, task: Task) -> list[Action]:
    """("?hand_to_held", p, type, holder): a unit card of p's hand to put under it, or none."""
    if s.zone[task[3]] not in (ARENA, BUILD):
        return []
    return [*[(CHOOSE, c, 0) for c in hand_to_build_fits(s, task[1], task[2], ())], _P]


def _hand_to_held_answer(s: S, task: Task, a: Action) -> None:
    if a[0] == CHOOSE:
        hold_from_hand(s, a[1], task[3])


def _match_hand_options(s: S, task: Task) -> list[Action]:
    """("?match_hand", player, ops, i, ctx, match, pays, counters, optional): a card of the
    hand matched against the unit chosen before; passing only when it is optional."""
    out: list[Action] = [(CHOOSE, c, 0) for c in match_hand_options(s, task)]
    if task[8] or not out:
        out.append(_P)
    return out


def _match_hand_answer(s: S, task: Task, a: Action) -> None:
    match_hand_put(s, task, a[1] if a[0] == CHOOSE else -1)


def _name_x_options(s: S, task: Task) -> list[Action]:
    """("?name_x", player, ops, i, ctx, most): X from 0 to most."""
    return [(CHOOSE, k, 0) for k in range(task[5] + 1)]


def _name_x_answer(s: S, task: Task, a: Action) -> None:
    named_x(s, task, a[1])


def _predict_options(s: S, task: Task) -> list[Action]:
    if s.atk is None:
        return []
    return [(CHOOSE, k, 0) for k in range(max(0, s.power(s.atk[0])) + 5)]


def _predict_answer(s: S, task: Task, a: Action) -> None:
    """The number named waits for the attack's dice (effects list; _attack_damage reads it);
    a prediction of damage waits for the attack's end (_deal counts, _attack_end checks)."""
    if len(task) > 4 and s.atk is not None:
        s.effects.append(("predicted_damage", a[1], task[2], task[3], s.atk[1], 0))
        s.note(f"the {('Dark', 'Light')[task[1]]} Side predicts {a[1]} damage")
        return
    s.effects.append(("prediction", a[1], task[2], task[3]))
    s.note(f"the {('Dark', 'Light')[task[1]]} Side predicts {a[1]} hits")


def _mode_options(s: S, task: Task) -> list[Action]:
    ab = next((a for a in s.d(task[2]).abilities if a.kind == "modes"), None)
    if ab is None or s.zone[task[2]] != ARENA:
        return []
    return [*[(CHOOSE, k, 0) for k in range(len(ab.static["modes"]))], *([_P] if task[3] else [])]


def _mode_answer(s: S, task: Task, a: Action) -> None:
    """The stat line chosen lasts until another is chosen (passing at the ready phase keeps
    the last turn's); a unit whose damage reaches its new health is destroyed."""
    if a[0] != CHOOSE:
        return
    u = task[2]
    s.effects = [e for e in s.effects if not (e[0] == "mode" and e[1] == u)]
    s.effects.append(("mode", u, a[1]))
    s.note(f"{s.name(u)} takes stat line {a[1] + 1}")
    if s.damage[u] >= s.health(u):
        discard_unit(s, u, by_damage=True)


def _keep_pilot_options(s: S, task: Task) -> list[Action]:
    if s.zone[task[2]] != BUILD:
        return []
    if len(task) > 3 and s.zone[task[3]] != ARENA:     # the Escape Pod has been used: discard
        return [_P]
    return [(CHOOSE, task[2], 0), _P]


def _keep_pilot_answer(s: S, task: Task, a: Action) -> None:
    """The pilot stays in the build zone (retreated), or goes to the discard pile after all;
    kept by an Escape Pod, the Pod is discarded."""
    if a[0] != CHOOSE:
        to_discard(s, task[2])
    elif len(task) > 3 and s.zone[task[3]] == ARENA:
        discard_unit(s, task[3])


def _pilot_off_options(s: S, task: Task) -> list[Action]:
    """A pilot that may leave (`may_leave`): off its unit into the Character arena as the
    battle step ends (arena -1), or out of the discard pile it went to with its unit into the
    arena it bails out into; not when its unique name is in play again."""
    c, arena = task[2], task[3]
    d = s.d(c)
    if s.zone[c] != (PILOTING if arena < 0 else DISCARD) or (
            arena >= 0 and d.unique and holds_name(s, s.owner[c], d.uname)):
        return []
    return [(CHOOSE, c, 0), _P]


def _pilot_off_answer(s: S, task: Task, a: Action) -> None:
    if a[0] != CHOOSE:
        return
    if task[3] < 0:
        pilots.move(s, task[2], pilots.OFF)
    else:
        bail_out(s, task[2], task[3])


def _deploy_now_options(s: S, task: Task) -> list[Action]:
    return [*deploy_choices(s, task[2]), _P]


def _deploy_now_answer(s: S, task: Task, a: Action) -> None:
    """'If there are enough build counters on it, you may finish building it': deploy now."""
    if a[0] == DEPLOY:
        deploy(s, a[1], a[2])


def _trigger_options(s: S, task: Task) -> list[Action]:
    u, i = task[1], task[2]
    if s.force[s.owner[u]] < s.d(u).abilities[i].force:
        return []        # "you may pay N Force": not without N Force
    if s.d(u).from_hand and s.d(u).abilities[i].static.get("from_hand") and s.zone[u] != HAND:
        return []        # a trigger from the hand: the card has left the hand since
    return [(CHOOSE, 1, 0), _P]


def _trigger_answer(s: S, task: Task, a: Action) -> None:
    _, u, i = task
    if a[0] == CHOOSE:
        ab = s.d(u).abilities[i]
        gain_force(s, s.owner[u], -ab.force)
        push_fx(s, ab.ops, ctx_of(s.owner[u], u))


def discardable(s: S, p: int, types: tuple[str, ...] = (),
                subtypes: tuple[str, ...] = ()) -> list[int]:
    """p's hand cards a discard may take: any, or (a cost that names types) those types only,
    or (discard_unless) those of these subtypes only."""
    return [c for c in s.hand[p] if (not types or s.d(c).facts.type in types)
            and (not subtypes or any(t in s.d(c).tags for t in subtypes))]


def _discard_options(s: S, task: Task) -> list[Action]:
    p, n = task[1], task[2]
    types = task[5] if len(task) > 5 and task[4] == "types" else ()
    subtypes = task[5] if len(task) > 5 and task[4] == "subtypes" else ()
    return [(CHOOSE, c, 0) for c in discardable(s, p, types, subtypes)] if n > 0 else []


def _discard_answer(s: S, task: Task, a: Action) -> None:
    """Discard the cards one at a time (task[3], where present: the card that asks; task[4]
    "bottom": they go on the bottom of the deck instead, unseen)."""
    p, n = task[1], task[2]
    if len(task) > 4 and task[4] in ("bottom", "top"):
        c = a[1]
        s.hand[p].remove(c)
        if task[4] == "top":
            s.deck[p].append(c)      # the top of a deck is its last card
        else:
            s.deck[p].insert(0, c)
        s.zone[c] = DECK
        s.shown[c] = 0
    else:
        to_discard(s, a[1])
        src = task[3] if len(task) > 3 else -1     # an opponent's effect made p discard it
        hand_discarded(s, a[1], s.owner[src] if src >= 0 else -1)
    if n > 1:
        s.tasks.append(("?discard", p, n - 1, *task[3:]))


def _untap_options(s: S, task: Task) -> list[Action]:
    """("?untap", owner, unit): untap it, or (pass) leave it tapped."""
    return [(CHOOSE, task[2], 0), _P] if s.zone[task[2]] == ARENA and s.tapped[task[2]] else []


def _untap_answer(s: S, task: Task, a: Action) -> None:
    u = task[2]
    if a[0] != CHOOSE:
        s.note(f"{s.name(u)} stays tapped")
        return
    s.tapped[u] = False
    for e in s.effects:     # its links end: a unit it held untaps with it in this untap step
        if e[0] == "link" and e[1] == u and e[3] == "hold" and s.zone[e[2]] == ARENA \
                and ("no_untap", e[2]) not in s.effects:
            s.tapped[e[2]] = False
    s.effects = [e for e in s.effects if not (e[0] == "link" and e[1] == u)]


def _x_options(s: S, task: Task) -> list[Action]:
    """("?x", player, ops, i, ctx): X from 1 to the player's Force; ("?x", player, ops, i, ctx,
    most): X from 0 to most (pay_x up to an X-cost Mission's X)."""
    if len(task) > 5:
        return [(CHOOSE, k, 0) for k in range(task[5] + 1)]
    return [(CHOOSE, k, 0) for k in range(1, s.force[task[1]] + 1)]


def _x_answer(s: S, task: Task, a: Action) -> None:
    paid_x(s, task, a[1])


def _secret_bid_options(s: S, task: Task) -> list[Action]:
    """("?secret_bid", bidder, the Dark Side's bid or -1, win, lose, ctx): 0 up to the bidder's
    Force."""
    return [(BID, x, 0) for x in range(s.force[task[1]] + 1)]


def _secret_bid_answer(s: S, task: Task, a: Action) -> None:
    """The Dark Side's bid waits, unseen, in the Light Side's decision; with both bids in, the
    effect's controller wins on a bid at least the other's. The winner pays its bid (option
    secret_bid=both: each pays its own)."""
    _, p, first, win, lose, ctx = task
    if p == DARK:
        s.tasks.append(("?secret_bid", LIGHT, a[1], win, lose, ctx))
        return
    bids = (first, a[1])
    ctl = ctx[0]
    won = bids[ctl] >= bids[1 - ctl]
    winner = ctl if won else 1 - ctl
    for q in (DARK, LIGHT):
        if q == winner or s.options.get("secret_bid", "winner") == "both":
            gain_force(s, q, -min(bids[q], s.force[q]))
    src = s.name(ctx[1]) if ctx[1] >= 0 else "the effect"
    s.note(f"secret bids for {src}: Dark Side {bids[DARK]}, Light Side {bids[LIGHT]}; "
           f"the {SIDE_NAMES[winner]} wins")
    push_fx(s, win if won else lose, ctx)


def _gain_split_options(s: S, task: Task) -> list[Action]:
    """("?gain_split", player, total, source): (CHOOSE, k, 0) takes k Force and the rest of
    the total as build points."""
    return [(CHOOSE, k, 0) for k in range(task[2] + 1)]


def _gain_split_answer(s: S, task: Task, a: Action) -> None:
    _, p, total, _ = task
    k = a[1]
    gain_force(s, p, k)
    s.bp[p] += total - k
    s.note(f"the {('Dark', 'Light')[p]} Side gains {k} Force and {total - k} build point(s)")


def _split_options(s: S, task: Task) -> list[Action]:
    """("?split", chooser, owner, cards set aside, source): one of the cards still set aside."""
    return [(CHOOSE, c, 0) for c in task[3] if s.zone[c] == HAND]


def _split_answer(s: S, task: Task, a: Action) -> None:
    """The owner keeps the card chosen in hand; the other player discards it. Then the other
    chooses, while cards are left set aside."""
    _, who, owner, cards, src = task
    c = a[1]
    if who == owner:
        s.note(f"the {('Dark', 'Light')[owner]} Side takes {s.name(c)} back into its hand")
    else:
        to_discard(s, c)
        hand_discarded(s, c, who)
    left = tuple(x for x in cards if x != c)
    if left:
        s.tasks.append(("?split", 1 - who, owner, left, src))


def _strip_options(s: S, task: Task) -> list[Action]:
    """A card of those types from the side's hand or deck (copies are one choice), or none."""
    p, kinds = task[2], task[3]
    fits = _one_per_card(s, [c for c in (*s.hand[p], *s.deck[p]) if s.d(c).facts.type in kinds])
    return [*[(CHOOSE, c, 0) for c in fits], _P] if fits else []


def _strip_answer(s: S, task: Task, a: Action) -> None:
    if a[0] == CHOOSE:
        from_hand = s.zone[a[1]] == HAND
        to_discard(s, a[1])
        s.note(f"{s.name(a[1])} goes from the {('Dark', 'Light')[task[2]]} Side's "
               f"{'hand' if from_hand else 'deck'} to its discard pile")
        if from_hand:
            hand_discarded(s, a[1], task[1])


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
    if len(op) > 4 and op[4] == -2:   # to go into its arena: only a card its name lets in
        fits = [c for c in fits if can_enter(s, c)]
    elif len(op) > 4 and op[4] < 0:     # to go under a stack of its name in the Character arena
        fits = [c for c in fits if _stack_top_for(s, c) >= 0]
    return [(CHOOSE, c, 0) for c in fits] + [_P]


def _stack_top_for(s: S, c: int) -> int:
    """The top card of c's owner's stack of c's unique name in the Character arena, if c may go
    under it (a version not in the stack, fewer than 4 cards in it); else -1."""
    d = s.d(c)
    top = same_name_in_play(s, s.owner[c], d.uname) if d.unique else -1
    if top < 0 or s.unit_arena(top) != 2:
        return -1
    stack = (top, *s.under.get(top, ()))
    if any(s.name(x) == s.name(c) for x in stack) or (
            len(stack) >= MAX_STACK + stack_extra(s, top) and not stack_unlimited(s, c)):
        return -1
    return top


def _search_answer(s: S, task: Task, a: Action) -> None:
    """Take the card into hand, shown to the opponent; the deck is shuffled after."""
    if a[0] != CHOOSE:
        return
    counters = task[2][4] if len(task[2]) > 4 else 0
    if counters == -2:  # into its arena, untapped, if it may enter (Probe Droid)
        if can_enter(s, a[1]):
            place_unit(s, a[1])
            s.tapped[a[1]] = False
            s.note(f"{s.name(a[1])} is put into its arena from the deck")
        return
    if counters < 0:    # under the stack of its name (Obi-Wan Kenobi (H))
        top = _stack_top_for(s, a[1])
        if top >= 0:
            place_unit(s, a[1], top)
            s.note(f"{s.name(a[1])} goes under {s.name(top)}")
        return
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


def _mill_options(s: S, task: Task) -> list[Action]:
    cards, kind = task[3], task[4]
    return [*[(CHOOSE, c, 0) for c in cards if s.zone[c] == DECK and kind in ("any", s.d(c).facts.type)], _P]


def _mill_answer(s: S, task: Task, a: Action) -> None:
    """Discard the chosen card from the looked-at ones; passing goes on to putting the rest
    back in order."""
    _, ctl, p, cards, kind, src = task
    if a[0] == CHOOSE:
        to_discard(s, a[1])
        s.note(f"{s.name(a[1])} is discarded from the top of the deck")
        s.tasks.append(("?mill", ctl, p, tuple(c for c in cards if c != a[1]), kind, src))
        return
    _arrange(s, ("?arrange", ctl, p, cards, (), src))


def _arrange(s: S, task: Task) -> None:
    """Ask for the next card to go back (the first picked ends on top), or, with one left, put
    them all back on top of the deck in that order."""
    _, ctl, p, cards, placed, src = task
    left = tuple(c for c in cards if s.zone[c] == DECK and c not in placed)
    if len(left) > 1:
        s.tasks.append(("?arrange", ctl, p, left, placed, src))
        return
    order = [c for c in (*placed, *left) if s.zone[c] == DECK]
    for c in order:
        s.deck[p].remove(c)
    s.deck[p] += list(reversed(order))          # the top of a deck is its last card
    s.note(f"{len(order)} card(s) go back on top of the deck in the order chosen")


def _dig_options(s: S, task: Task) -> list[Action]:
    return [(CHOOSE, c, 0) for c in task[2] if s.zone[c] == DECK]


def _dig_answer(s: S, task: Task, a: Action) -> None:
    """The chosen card goes into its owner's hand (not shown); once enough are taken (or none
    is left), the other cards looked at go under the deck, in the order they lay."""
    p, cards, take, src = task[1], task[2], task[3], task[4]
    c = a[1]
    leave_zone(s, c)
    s.zone[c] = HAND
    s.hand[p].append(c)
    s.shown[c] = 1 << p
    s.note(f"the {('Dark', 'Light')[p]} Side puts one of the cards looked at into its hand")
    left = tuple(x for x in cards if s.zone[x] == DECK)
    if take > 1 and left:
        s.tasks.append(("?dig", p, left, take - 1, src, *task[5:]))
        return
    # the rest: under the deck, or (task[5] "discard": Future Sight) into the discard pile
    dig_rest(s, p, left, task[5] if len(task) > 5 else "bottom")


def _arrange_options(s: S, task: Task) -> list[Action]:
    return [(CHOOSE, c, 0) for c in task[3] if s.zone[c] == DECK and c not in task[4]]


def _arrange_answer(s: S, task: Task, a: Action) -> None:
    _, ctl, p, cards, placed, src = task
    _arrange(s, ("?arrange", ctl, p, cards, (*placed, a[1]), src))


def _aside_order_options(s: S, task: Task) -> list[Action]:
    return [(CHOOSE, c, 0) for c in task[2] if s.zone[c] == ASIDE and c not in task[3]]


def _aside_order_answer(s: S, task: Task, a: Action) -> None:
    """Set-aside cards going back to a deck, in the order their setter picks: on top, the
    first chosen ends on top; under it, the first chosen ends at the very bottom."""
    _, by, cards, placed = task
    placed = (*placed, a[1])
    left = [c for c in cards if s.zone[c] == ASIDE and c not in placed]
    if len(left) > 1:
        s.tasks.append(("?aside_order", by, cards, placed))
        return
    order = [c for c in (*placed, *left) if s.zone[c] == ASIDE]
    for k in range(len(order) - 1, -1, -1):     # the last chosen goes first: the first ends outside
        aside_to_deck(s, order[k])


def _face_down_options(s: S, task: Task) -> list[Action]:
    return [(CHOOSE, c, 0) for c in s.build[task[2]] if not s.face_up[c]]


def _face_down_answer(s: S, task: Task, a: Action) -> None:
    """The picked card is discarded, unless its owner pays the Force (if asked)."""
    ctl, p, pays, src = task[1], task[2], task[3], task[4]
    op = ("discard_card", a[1], 1) if len(task) > 5 else ("discard_card", a[1])    # refund
    if pays:
        payment(s, ctx_of(ctl, src), p, pays, op)
    else:
        s.tasks.append(("fx", (op,), 0, ctx_of(ctl, src)))


def _hand_to_arena_options(s: S, task: Task) -> list[Action]:
    return [(CHOOSE, c, 0) for c in hand_to_arena_fits(s, task[1], task[2], task[3], task[4])]


def _hand_to_arena_answer(s: S, task: Task, a: Action) -> None:
    """The unit card goes from hand into its arena, untapped (not a deployment); tapped with
    the effect's `tapped` (task[6])."""
    place_unit(s, a[1])
    s.tapped[a[1]] = len(task) > 6 and bool(task[6])
    s.note(f"{s.name(a[1])} is put from the hand into the {ARENA_NAMES[s.unit_arena(a[1])]} arena"
           + (", tapped" if s.tapped[a[1]] else ""))


def _hand_to_build_options(s: S, task: Task) -> list[Action]:
    return [(CHOOSE, c, 0) for c in hand_to_build_fits(s, task[1], task[2], task[3])]


def _hand_to_build_answer(s: S, task: Task, a: Action) -> None:
    """The card is shown and goes face down into the build zone with the counters."""
    c, n = a[1], task[4]
    add_counters(s, task[1], c, n)
    s.shown[c] = 3
    s.note(f"{s.name(c)} is shown and put in the build zone with {n} build counter(s)")


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
    fits = _one_per_card(s, [c for c in s.discard[p] if s.d(c).facts.type in kind.split("|")
                             and (not subtypes or any(x in s.d(c).tags for x in subtypes))])
    if len(task) > 6 and task[6] == "arena":   # into the arena: each of another name, room for it
        fits = [c for c in fits if s.name(c) not in task[7] and can_enter(s, c)]
    if len(task) > 7 and task[6] != "arena" and task[7]:    # "return 5 cards": no stopping early
        return [(CHOOSE, c, 0) for c in fits] if left > 0 else []
    return ([(CHOOSE, c, 0) for c in fits] + [_P]) if fits and left > 0 else []


def _recover_answer(s: S, task: Task, a: Action) -> None:
    p, kind, left = task[1], task[2], task[3]
    if a[0] == CHOOSE and len(task) > 6 and task[6] == "bottom":    # under the owner's deck
        s.discard[p].remove(a[1])
        s.deck[p].insert(0, a[1])       # the top of a deck is its last card
        s.zone[a[1]] = DECK
        s.note(f"{s.name(a[1])} goes from the discard pile under its owner's deck")
        s.tasks.append(("?recover", p, kind, left - 1, *task[4:]))
    elif a[0] == CHOOSE and len(task) > 6 and task[6] == "deck":    # into the deck, shuffled
        s.discard[p].remove(a[1])
        s.deck[p].append(a[1])
        s.zone[a[1]] = DECK
        s.note(f"{s.name(a[1])} goes from the discard pile into its owner's deck")
        _shuffle(s, ("shuffle", p))
        s.tasks.append(("?recover", p, kind, left - 1, *task[4:]))
    elif a[0] == CHOOSE and len(task) > 6 and task[6] == "arena":    # "put into the arena from ..."
        place_unit(s, a[1])
        s.tapped[a[1]] = False
        s.note(f"{s.name(a[1])} is put into its arena from the discard pile")
        s.tasks.append(("?recover", p, kind, left - 1, *task[4:7], (*task[7], s.name(a[1])), *task[8:]))
        if len(task) > 8:       # "put 1 damage counter on it"
            s.damage[a[1]] += task[8]
            s.note(f"{s.name(a[1])} gets {task[8]} damage counter(s) ({s.damage[a[1]]}/{s.health(a[1])})")
            if s.damage[a[1]] >= s.health(a[1]):
                discard_unit(s, a[1])
    elif a[0] == CHOOSE:
        to_hand(s, a[1])
        s.tasks.append(("?recover", p, kind, left - 1, *task[4:]))


def _pick_options(s: S, task: Task) -> list[Action]:
    p, kinds = task[1], task[2]
    wanted = {"battle": BATTLE, "mission": MISSION, "unit": UNIT}
    return [(CHOOSE, c, 0) for c in s.hand[1 - p] if s.d(c).kind in {wanted[k] for k in kinds}]


def _pick_answer(s: S, task: Task, a: Action) -> None:
    to_discard(s, a[1])
    hand_discarded(s, a[1], task[1])


def _crowd_options(s: S, task: Task) -> list[Action]:
    p, a = task[1], task[2]
    return [(CHOOSE, u, 0) for u in s.arena[p][a]]


def _crowd_answer(s: S, task: Task, a: Action) -> None:
    discard_unit(s, a[1])


def _dice_options(s: S, task: Task) -> list[Action]:
    mask = task[2]
    if len(task) > 4 and bin(mask).count("1") >= task[4]:   # Lucky X: X dice picked, no more
        return [_P]
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
    "attack_cleanup": _attack_cleanup, "chain_next": _chain_next, "damage": _damage, "deal": _deal,
    "deal_rest": _deal_rest, "discard_rest": _discard_rest,
    "end_battle": _end_battle,
    "battle_cleanup": _battle_cleanup, "end_turn": _end_turn, "battle_fx": _battle_fx, "contests": _contests,
    "mission_fx": _mission_fx, "ability_fx": _ability_fx_task,
    "shuffle": _shuffle, "disembark": _disembark, "repeat_step": _repeat_step,
    "upkeep": _upkeep, "bounties": _bounties,
    "pay_upkeep": _pay_upkeep,
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
    "?strip": (_ctl, _strip_options, _strip_answer),
    "?split": (_ctl, _split_options, _split_answer),
    "?gain_split": (_ctl, _gain_split_options, _gain_split_answer),
    "?secret_bid": (_ctl, _secret_bid_options, _secret_bid_answer),
    "?x": (_ctl, _x_options, _x_answer),
    "?untap": (_ctl, _untap_options, _untap_answer),
    "?disrupt": (_ctl, _disrupt_options, _disrupt_answer),
    "?save": (_ctl, _save_options, _save_answer),
    "?pick_from_hand": (_ctl, _pick_options, _pick_answer),
    "?crowd": (_ctl, _crowd_options, _crowd_answer),
    "?dice": (_ctl, _dice_options, _dice_answer),
    "?order": (_ctl, _order_options, _order_answer),
    "?offer": (_ctl, _pay_options, _offer_answer),
    "?counters": (_ctl, _counters_options, _counters_answer),
    "?hand_to_build": (_ctl, _hand_to_build_options, _hand_to_build_answer),
    "?hand_to_arena": (_ctl, _hand_to_arena_options, _hand_to_arena_answer),
    "?face_down": (_ctl, _face_down_options, _face_down_answer),
    "?mill": (_ctl, _mill_options, _mill_answer),
    "?arrange": (_ctl, _arrange_options, _arrange_answer),
    "?dig": (_ctl, _dig_options, _dig_answer),
    "?deploy_now": (_ctl, _deploy_now_options, _deploy_now_answer),
    "?keep_pilot": (_ctl, _keep_pilot_options, _keep_pilot_answer),
    "?pilot_off": (_ctl, _pilot_off_options, _pilot_off_answer),
    "?copy": (_ctl, _copy_options, _copy_answer),
    "?unpilot": (_ctl, _unpilot_options, _unpilot_answer),
    "?tame": (_command_ctl, _tame_options, _tame_answer),
    "?mode": (_ctl, _mode_options, _mode_answer),
    "?reveal_pick": (_reveal_pick_ctl, _reveal_pick_options, _reveal_pick_answer),
    "?name": (_ctl, _name_options, _name_answer),
    "?reveal_hand": (_ctl, _reveal_hand_options, _reveal_hand_answer),
    "?card_type": (_ctl, _card_type_options, _card_type_answer),
    "?gather": (_ctl, _gather_options, _gather_answer),
    "?predict": (_ctl, _predict_options, _predict_answer),
    "?match_hand": (_ctl, _match_hand_options, _match_hand_answer),
    "?name_x": (_ctl, _name_x_options, _name_x_answer),
    "?upkeep_use": (_ctl, _upkeep_use_options, _upkeep_use_answer),
    "?fetch": (_ctl, _fetch_options, _fetch_answer, _fetch_end),
    "?hand_to_held": (_ctl, _hand_to_held_options, _hand_to_held_answer),
    "?aside_order": (_ctl, _aside_order_options, _aside_order_answer),
}
DECIDE_OPS = frozenset(_DECIDE)
"""Every kind of decision the rules ask for (the op of a decision task)."""


def task_problem(s: S) -> str | None:
    """What is wrong with a loaded position's task stack, or None (core.tasks.unknown_task)."""
    return unknown_task(s.tasks, _RUN, _DECIDE)
