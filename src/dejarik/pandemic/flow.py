"""The turn (seed 001, "Przebieg gry"): ready, up to 4 actions, the villain, the invasion.

Automatic tasks are in `_RUN`; decisions (ops starting with "?") in `_DECIDE`, each with who
decides, the options and how an answer is applied. A decision with no option is skipped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dejarik.core.protocol import Action
from dejarik.core.tasks import run_tasks, task_decider, task_options, unknown_task
from dejarik.pandemic import board
from dejarik.pandemic.codes import (
    ABILITY,
    ALLY,
    ATTACK,
    DISCARD,
    END,
    EXHAUST,
    FLY,
    MISSION,
    PASS,
    REINFORCE,
    TARGET,
)
from dejarik.pandemic.effects import AUTO, DECISIONS, push_effects, run_step
from dejarik.pandemic.pack import SquadDef

if TYPE_CHECKING:
    from dejarik.pandemic.state import PandemicState as S

Task = tuple[Any, ...]

# the action in progress, s.ctx: [what, planet, successes, damage symbols, bonus, card kind, slot]
C_ATTACK, C_MISSION = 0, 1
ASSAULT_KINDS = ("assault", "stealth")


def run(s: S) -> None:
    """Run automatic tasks until a decision with options waits, or the game ends."""
    run_tasks(s, _RUN, _DECIDE, _fx)


def _fx(s: S, task: Task) -> None:
    run_step(s, task[1], task[2])


def decider(s: S, task: Task) -> int:
    return task_decider(_DECIDE, s, task)


def options(s: S, task: Task) -> list[Action]:
    return task_options(_DECIDE, s, task)


def answer(s: S, task: Task, action: Action) -> None:
    """Apply an answer; with the log on, first say who chose what, and for what."""
    if s.log is not None:
        from dejarik.pandemic.words import choice_line

        line = choice_line(s, task, action)
        if line is not None:
            s.note(line)
    _DECIDE[task[0]][2](s, task, action)


# -- the turn --------------------------------------------------------------------------------
def _turn(s: S, task: Task) -> None:
    """Seed 001, "1. Przygotuj karty": ready every card, then the actions."""
    j = s.active
    for c in s.hands[j]:
        s.exhausted[c] = False
    s.turn += 1
    if s.trace is not None:
        s.trace["tracks"].append([s.threat, s.invasion])
    s.phase = 1
    s.actions_left = s.pack.rules["actions_per_turn"]
    s.uses_left = s.pack.jedi[s.jedi[j]].uses
    s.note(f"-- turn {s.turn}: {s.jedi_name(j)} on {s.planet_name(s.pos[j])} --")
    s.tasks += [("end_turn",), ("invasion_step",), ("villain_step",), ("?act",)]


def _end_turn(s: S, task: Task) -> None:
    if s.turn_limit and s.turn >= s.turn_limit:
        s.finish(False, f"the turn limit ({s.turn_limit}) was reached")
        return
    s.active = (s.active + 1) % s.num_players   # the solo marker passes to the other Jedi too
    s.tasks.append(("turn",))


def _villain_step(s: S, task: Task) -> None:
    """Seed 001, "3. Aktywacja złoczyńcy": the ⚠ effect while the reminder token is on the
    deck, then one villain card; then the hand limit ("Karty": 7 at all times), as after an
    action."""
    s.phase = 2
    s.tasks += [("limits",), ("villain_card",)]
    v = s.pack.villains[s.villain]
    reminder = v.finale_reminder if s.finale else v.reminder
    if s.reminder and reminder:
        s.note(f"{v.name}'s reminder")
        push_effects(s, reminder, s.active, ("src", "reminder", int(s.finale), s.active))


def _villain_card(s: S, task: Task) -> None:
    """Seed 001, "Dobranie karty złoczyńcy": top to bottom; an empty deck is reshuffled."""
    if not s.villain_deck:
        s.villain_deck, s.villain_discard = s.villain_discard, []
        s.rng.shuffle(s.villain_deck)
    card = s.villain_deck.pop()
    d = s.pack.villains[s.villain].deck[card]
    s.note(f"villain card: {d.name}")
    s.tasks.append(("villain_discard", card))
    push_effects(s, d.effects or (), s.active, ("src", "villain", card, s.active))


def _villain_discard(s: S, task: Task) -> None:
    s.villain_discard.append(task[1])


def _invasion_step(s: S, task: Task) -> None:
    """Seed 001, "4. Inwazja": as many invasion cards as the invasion rate."""
    s.phase = 3
    s.tasks += [("invade",)] * s.rates[s.invasion]


def _invade(s: S, task: Task) -> None:
    card = draw_invasion(s)
    p = s.card_planet(card)
    s.inv_discard.append(card)
    if p >= 0:
        s.note(f"invasion: {s.planet_name(p)}" + (" (a Mission Planet card)" if card < 0 else ""))
        board.place_droid(s, p)


def draw_invasion(s: S) -> int:
    """The top invasion card; an empty deck is the discard shuffled (seed 001, "Inwazja")."""
    if not s.inv_deck:
        s.inv_deck, s.inv_discard = s.inv_discard, []
        s.rng.shuffle(s.inv_deck)
        s.inv_segments = []
    if s.inv_segments:
        s.inv_segments[0] -= 1
        if s.inv_segments[0] == 0:
            s.inv_segments.pop(0)
    return s.inv_deck.pop()


def _limits(s: S, task: Task) -> None:
    """Seed 001, "Karty": more than 7 squad cards after a step has resolved: discard or play
    allies down to 7 (the active Jedi first)."""
    n = s.num_players
    for k in range(n - 1, -1, -1):
        j = (s.active + k) % n
        if len(s.hands[j]) > s.pack.rules["hand_limit"]:
            s.tasks.append(("?limit", j))


# -- the actions -----------------------------------------------------------------------------
def _act_options(s: S, task: Task) -> list[Action]:
    j = s.active
    here = s.pos[j]
    jd = s.pack.jedi[s.jedi[j]]
    free: list[Action] = []
    if s.uses_left > 0 and jd.ability and jd.planet in (None, here):
        free.append((ABILITY, 0))
    free += _ally_options(s, j)
    if s.actions_left <= 0:   # the free action and allies still fit in the action step
        return [*free, (END, 0)] if free else []
    opts: list[Action] = [(FLY, q) for q in s.routes[here]]
    opts.append((REINFORCE, 0))
    if board.enemies_at(s, here):
        opts.append((ATTACK, 0))   # seed 001, "Dodatkowe informacje": no attack without an enemy
    opts += [(MISSION, slot) for slot in (0, 1) if can_attempt(s, slot, here)]
    opts += free
    opts.append((END, 0))
    return opts


def can_attempt(s: S, slot: int, here: int) -> bool:
    """Seed 001, "Podjęcie misji": on the mission's planet, never under a blockade, and not
    with a villain there before the finale ("Finał")."""
    m = s.slots[slot]
    if m < 0 or s.mission_planet(slot) != here or s.blockades[here]:
        return False
    return s.finale or here not in s.fig_pos


def _act_answer(s: S, task: Task, a: Action) -> None:
    code, arg = a
    j = s.active
    if code == END:
        s.actions_left = 0
        s.tasks.pop()
        return
    if code == ALLY:
        play_ally(s, j, arg)
        return
    if code == ABILITY:
        s.uses_left -= 1
        s.note(f"{s.jedi_name(j)} uses their ability (a free action)")
        s.tasks.append(("limits",))
        push_effects(s, s.pack.jedi[s.jedi[j]].ability or (), j, ("src", "ability", -1, j))
        return
    s.actions_left -= 1
    s.tasks.append(("limits",))
    if code == FLY:
        origin = s.pos[j]
        s.pos[j] = arg
        s.note(f"{s.jedi_name(j)} flies to {s.planet_name(arg)}")
        cands = tuple(k for k in _order(s, j) if (k == j or s.pos[k] == origin)
                      and _has_ready(s, k, ("transport",)))
        if cands:
            s.tasks.append(("?transport", j, cands))
    elif code == REINFORCE:
        draw_squad(s, j, 1)
    elif code == ATTACK:
        success, hits = roll(s)
        s.note(f"{s.jedi_name(j)} attacks on {s.planet_name(s.pos[j])}: "
               f"rolls {success} success, {hits} damage")
        s.ctx = [C_ATTACK, s.pos[j], success, hits, 0, -1, -1]
        s.tasks += [("attack_end",), ("?contrib", _helpers(s, j))]
    elif code == MISSION:
        success, hits = roll(s)
        m = s.pack.missions[s.slots[arg]]
        s.note(f"{s.jedi_name(j)} attempts {m.name}: rolls {success} success, {hits} damage")
        s.ctx = [C_MISSION, s.pos[j], success, hits, 0, -1, arg]
        s.tasks += [("mission_end",), ("?contrib", _helpers(s, j))]


def roll(s: S) -> tuple[int, int]:
    die = s.pack.die or ((0, 0),)
    return die[s.rng.below(len(die))]


def _order(s: S, first: int) -> list[int]:
    return [(first + k) % s.num_players for k in range(s.num_players)]


def _helpers(s: S, j: int) -> tuple[int, ...]:
    """The Jedi whose cards may join an action on `j`'s planet, `j` first."""
    return tuple(k for k in _order(s, j) if s.pos[k] == s.pos[j])


def _has_ready(s: S, j: int, kinds: tuple[str, ...]) -> bool:
    sq = s.pack.squad
    return any(not s.exhausted[c] and sq[s.card_def[c]].kind in kinds and _card_here(s, j, sq[s.card_def[c]])
               for c in s.hands[j])


def _card_here(s: S, j: int, sd: SquadDef) -> bool:
    """Seed 001, "Planety": a card naming a planet is used only there."""
    return sd.planet is None or s.pos[j] == sd.planet


def _distinct(s: S, j: int, keep: Callable[[int], bool]) -> list[int]:
    """One instance per squad def among `j`'s cards that pass `keep` (copies are one choice)."""
    seen: dict[int, int] = {}
    for c in s.hands[j]:
        d = s.card_def[c]
        if d not in seen and keep(c):
            seen[d] = c
    return sorted(seen)


def find_card(s: S, j: int, d: int, exhausted: bool | None) -> int:
    for c in s.hands[j]:
        if s.card_def[c] == d and (exhausted is None or s.exhausted[c] == exhausted):
            return c
    raise AssertionError("an offered card is in the hand")


# -- squad cards -----------------------------------------------------------------------------
def draw_squad(s: S, j: int, n: int) -> None:
    """Seed 001, "Wezwanie posiłków": an empty deck is the discard shuffled."""
    for _ in range(n):
        if not s.squad_deck:
            if not s.squad_discard:
                s.note("no squad card left to draw")
                return
            s.squad_deck, s.squad_discard = s.squad_discard, []
            s.rng.shuffle(s.squad_deck)
        c = s.squad_deck.pop()
        s.exhausted[c] = False
        s.hands[j].append(c)
        s.note(f"{s.jedi_name(j)} draws {s.card_name(c)}")


def discard_card(s: S, j: int, c: int) -> None:
    s.hands[j].remove(c)
    s.exhausted[c] = False
    s.squad_discard.append(c)


def ally_usable(s: S, j: int, sd: SquadDef) -> bool:
    """Seed 001, "Sojusznik" and "Karty sojuszników": any time unless the card says otherwise;
    Dejarik offers an ally whenever its holder has a decision."""
    if not _card_here(s, j, sd):
        return False
    if sd.at_mission_planet and s.pos[j] not in s.mission_planets():
        return False
    when = sd.when
    if when == "any":
        return True
    if when == "actions":
        return s.phase == 1
    kind = -1 if s.ctx is None else s.ctx[0]
    if sd.at_mission_planet and s.ctx is not None and s.ctx[1] != s.pos[j]:
        return False
    return ((when in ("attack", "attack_or_mission") and kind == C_ATTACK)
            or (when in ("mission", "attack_or_mission") and kind == C_MISSION))


def _ally_options(s: S, j: int) -> list[Action]:
    sq = s.pack.squad
    def ok(c: int) -> bool:
        sd = sq[s.card_def[c]]
        return not s.exhausted[c] and sd.kind == "ally" and ally_usable(s, j, sd)

    return [(ALLY, d) for d in _distinct(s, j, ok)]


def play_ally(s: S, j: int, d: int) -> None:
    """Discard an ally to resolve it; the decision it was played in resumes afterwards."""
    c = find_card(s, j, d, False)
    discard_card(s, j, c)
    s.note(f"{s.jedi_name(j)} plays {s.pack.squad[d].name}")
    s.tasks.append(("limits",))
    push_effects(s, s.pack.squad[d].effect or (), j, ("src", "ally", d, j))


# -- flying with a transport -----------------------------------------------------------------
def _transport_options(s: S, task: Task) -> list[Action]:
    k = task[2][0]
    sq = s.pack.squad
    opts: list[Action] = [(EXHAUST, d) for d in _distinct(s, k, lambda c: not s.exhausted[c]
                                                          and sq[s.card_def[c]].kind == "transport")]
    return [*opts, (PASS, 0)]


def _next_helper(s: S, task: Task) -> None:
    """A window that goes round the Jedi (its last field): this one passes, the next decides."""
    s.tasks.pop()
    if len(task[-1]) > 1:
        s.tasks.append((*task[:-1], task[-1][1:]))


def _transport_answer(s: S, task: Task, a: Action) -> None:
    """Seed 001, "Transport": one transport per fly action lets the Jedi move twice."""
    if a[0] == PASS:
        _next_helper(s, task)
        return
    s.tasks.pop()
    flyer, cands = task[1], task[2]
    k = cands[0]
    s.exhausted[find_card(s, k, a[1], False)] = True
    s.tasks.append(("?fly_on", flyer))


def _fly_on_answer(s: S, task: Task, a: Action) -> None:
    s.tasks.pop()
    if a[0] == FLY:
        s.pos[task[1]] = a[1]
        s.note(f"{s.jedi_name(task[1])} flies on to {s.planet_name(a[1])}")


# -- attacks and missions: the cards of the Jedi on the planet --------------------------------
def _contrib_options(s: S, task: Task) -> list[Action]:
    k = task[1][0]
    ctx = s.ctx
    assert ctx is not None
    sq = s.pack.squad
    if ctx[0] == C_ATTACK:
        fixed = ctx[5]
        kinds: tuple[str, ...] = ASSAULT_KINDS if fixed < 0 else (ASSAULT_KINDS[fixed],)
    else:
        kinds = s.pack.missions[s.slots[ctx[6]]].needs or ()

    def ok(c: int) -> bool:
        sd = sq[s.card_def[c]]
        return not s.exhausted[c] and sd.kind in kinds and _card_here(s, k, sd)

    return [(EXHAUST, d) for d in _distinct(s, k, ok)] + _ally_options(s, k) + [(PASS, 0)]


def _contrib_answer(s: S, task: Task, a: Action) -> None:
    """Seed 001, "Szturm i ukrycie" (never both in one attack) and "Podjęcie misji" (the kinds
    the mission shows): each exhausted card adds its symbols."""
    k = task[1][0]
    code, d = a
    if code == PASS:
        _next_helper(s, task)
        return
    if code == ALLY:
        play_ally(s, k, d)
        return
    ctx = s.ctx
    assert ctx is not None
    sd = s.pack.squad[d]
    s.exhausted[find_card(s, k, d, False)] = True
    ctx[4] += sd.value or 0
    if ctx[0] == C_ATTACK:
        ctx[5] = ASSAULT_KINDS.index(sd.kind)


def _attack_end(s: S, task: Task) -> None:
    """Seed 001, "Atak": successes plus cards is the damage dealt (blockades first), then the
    attacker takes 1 damage per enemy left and per damage symbol."""
    ctx = s.ctx
    assert ctx is not None
    s.tasks += [("attack_hurt",), ("alloc", ctx[1], ctx[2] + ctx[4])]


def _attack_hurt(s: S, task: Task) -> None:
    ctx = s.ctx
    assert ctx is not None
    s.ctx = None
    left = board.enemies_at(s, ctx[1])
    s.tasks += [("src", "attack", ctx[1], s.active), ("hurt", s.active, left + ctx[3])]


def _alloc(s: S, task: Task) -> None:
    """Deal `n` damage on a planet: 2 to each blockade first (a blockade shields the rest), then
    droids (1) and villain figures (their health, all in this one action)."""
    _, p, n = task
    bh = s.pack.rules["blockade_health"]
    while s.blockades[p] and n >= bh:
        board.remove_blockade(s, p)
        n -= bh
    if s.blockades[p] or n <= 0:
        return
    targets = _alloc_targets(s, p, n)
    dh = s.pack.rules["droid_health"]
    everything = s.droids[p] * dh + sum(s.figure_health(f) or 0 for f in board.figures_at(s, p))
    if len(targets) > 1 and n < everything:
        s.tasks.append(("?allocate", p, n))
    elif targets:
        _hit(s, p, targets[0], n)


def _alloc_targets(s: S, p: int, n: int) -> list[int]:
    out = [-1] if s.droids[p] and n >= s.pack.rules["droid_health"] else []
    for f in board.figures_at(s, p):
        hp = s.figure_health(f)
        if hp is not None and hp <= n:
            out.append(f)
    return out


def _hit(s: S, p: int, target: int, n: int) -> None:
    if target < 0:
        dh = s.pack.rules["droid_health"]
        k = board.remove_droids(s, p, 1 if n >= dh else 0)
        s.note(f"a droid is destroyed on {s.planet_name(p)}")
        n -= k * dh
    else:
        n -= s.figure_health(target) or 0
        board.remove_figure(s, target)
    s.tasks.append(("alloc", p, n))


def _allocate_options(s: S, task: Task) -> list[Action]:
    return [(TARGET, t) for t in _alloc_targets(s, task[1], task[2])]


def _allocate_answer(s: S, task: Task, a: Action) -> None:
    s.tasks.pop()
    _hit(s, task[1], a[1], task[2])


def _mission_end(s: S, task: Task) -> None:
    """Seed 001, "Sukces" and "Porażka"."""
    ctx = s.ctx
    assert ctx is not None
    s.ctx = None
    slot = ctx[6]
    m = s.slots[slot]
    md = s.pack.missions[m]
    total = ctx[2] + ctx[4]
    need = s.amount(md.threshold)
    j = s.active
    if total < need:
        s.note(f"{md.name} fails ({total} of {need})")
        # the card's damage symbols only count on success
        s.tasks += [("src", "mission", m, j), ("hurt", j, ctx[3])]
        return
    s.note(f"{md.name} is completed ({total} of {need})")
    s.tasks.append(("next_mission", slot))
    push_effects(s, md.when_completed or (), j, ("src", "completed", m, j))
    s.tasks += [("src", "mission", m, j), ("hurt", j, (md.damage or 0) + ctx[3])]


def _next_mission(s: S, task: Task) -> None:
    """The completed card goes to the box; the next one takes its place (its "when drawn"
    resolves); with the deck empty the marker joins the other mission; with every mission
    done, the finale (seed 001, "Sukces", "Finał")."""
    slot = task[1]
    s.mission_done.append(s.slots[slot])
    s.slots[slot] = -1
    if s.finale:
        finale = s.pack.villains[s.villain].finale_missions
        s.finale_next += 1
        if s.finale_next <= len(finale):
            start_mission(s, slot, finale[s.finale_next - 1])
        s.check_win()
        return
    if s.mission_deck:
        start_mission(s, slot, s.mission_deck.pop())
    elif s.slots[1 - slot] < 0:
        s.tasks.append(("finale",))


def start_mission(s: S, slot: int, m: int) -> None:
    s.slots[slot] = m
    md = s.pack.missions[m]
    where = s.mission_planet(slot)
    s.note(f"new mission: {md.name}" + (f" on {s.planet_name(where)}" if where >= 0 else ""))
    push_effects(s, md.when_drawn or (), s.active, ("src", "drawn", m, s.active))


def _start_mission(s: S, task: Task) -> None:
    if s.mission_deck:
        start_mission(s, task[1], s.mission_deck.pop())


def _finale(s: S, task: Task) -> None:
    """Seed 001, "Finał": flip the sheet, resolve its setup; only the finale side counts now."""
    v = s.pack.villains[s.villain]
    s.finale = True
    s.reminder = bool(v.finale_reminder)
    s.note(f"every mission is done: the finale against {v.name} begins")
    s.finale_next = 1 if v.finale_missions else 0
    if v.finale_missions:
        s.tasks.append(("start_finale_mission",))
    push_effects(s, v.finale_setup or (), s.active, ("src", "finale", -1, s.active))


def _start_finale_mission(s: S, task: Task) -> None:
    start_mission(s, 0, s.pack.villains[s.villain].finale_missions[0])
    s.check_win()


# -- damage ----------------------------------------------------------------------------------
def _hurt(s: S, task: Task) -> None:
    """Seed 001, "Karty oddziałów": each damage discards a card (damage beyond the hand is
    lost); defense cards of Jedi on the planet prevent 1 each ("Obrona")."""
    _, j, n = task
    if n <= 0 or not s.hands[j]:
        return
    s.hurt = [j, n]
    s.tasks.append(("take", j))
    helpers = tuple(k for k in _helpers(s, j) if _has_ready(s, k, ("defense", "ally")))
    if helpers:
        s.tasks.append(("?prevent", helpers))


def _prevent_options(s: S, task: Task) -> list[Action]:
    if s.hurt is None or s.hurt[1] <= 0:
        return []
    k = task[1][0]
    sq = s.pack.squad
    def ok(c: int) -> bool:
        sd = sq[s.card_def[c]]
        return not s.exhausted[c] and sd.kind == "defense" and _card_here(s, k, sd)

    return [(EXHAUST, d) for d in _distinct(s, k, ok)] + _ally_options(s, k) + [(PASS, 0)]


def _prevent_answer(s: S, task: Task, a: Action) -> None:
    k = task[1][0]
    code, d = a
    if code == PASS:
        _next_helper(s, task)
    elif code == ALLY:
        play_ally(s, k, d)
    else:
        assert s.hurt is not None
        s.exhausted[find_card(s, k, d, False)] = True
        sd = s.pack.squad[d]
        s.hurt[1] = max(0, s.hurt[1] - (sd.value or 0))


def _take(s: S, task: Task) -> None:
    j = task[1]
    n = 0 if s.hurt is None else s.hurt[1]
    s.hurt = None
    if n <= 0:
        return
    s.note(f"{s.jedi_name(j)} takes {n} damage")
    if len(s.hands[j]) <= n:
        for c in list(s.hands[j]):
            discard_card(s, j, c)
    else:
        s.tasks.append(("?discard", j, n, "damage"))


def discard_options(s: S, j: int) -> list[Action]:
    """A discard names the card and whether it is exhausted: those are different choices."""
    seen: set[int] = set()
    for c in s.hands[j]:
        seen.add(s.card_def[c] * 2 + int(s.exhausted[c]))
    return [(DISCARD, x) for x in sorted(seen)]


def _discard_options(s: S, task: Task) -> list[Action]:
    return discard_options(s, task[1]) if task[2] > 0 and s.hands[task[1]] else []


def _discard_answer(s: S, task: Task, a: Action) -> None:
    _, j, n, why = task
    d, ex = divmod(a[1], 2)
    c = find_card(s, j, d, bool(ex))
    discard_card(s, j, c)
    s.tasks[-1] = ("?discard", j, n - 1, why)


def _limit_options(s: S, task: Task) -> list[Action]:
    j = task[1]
    if len(s.hands[j]) <= s.pack.rules["hand_limit"]:
        return []
    return discard_options(s, j) + _ally_options(s, j)


def _limit_answer(s: S, task: Task, a: Action) -> None:
    j = task[1]
    if a[0] == ALLY:
        play_ally(s, j, a[1])
        return
    d, ex = divmod(a[1], 2)
    discard_card(s, j, find_card(s, j, d, bool(ex)))
    s.note(f"{s.jedi_name(j)} discards {s.pack.squad[d].name} (hand limit)")


def _setup_invasion(s: S, task: Task) -> None:
    """Seed 001, "Przygotowanie" 4: the Mission Planet cards face up in the discard; draw 2
    invasion cards for 3 droids each, 2 for 2, 2 for 1; the villain on the last planet."""
    s.inv_discard = [-1, -2]
    s.inv_deck = list(s.pack.invasion_cards or ())
    s.rng.shuffle(s.inv_deck)
    last = -1
    for count in (3, 3, 2, 2, 1, 1):
        card = s.inv_deck.pop()
        last = s.card_planet(card)
        for _ in range(count):
            board.place_droid(s, last)
        s.inv_discard.append(card)
        s.note(f"setup: {count} droid{'s' if count > 1 else ''} on {s.planet_name(last)}")
    for f in range(len(s.fig_pos)):
        s.fig_pos[f] = last
    s.note(f"setup: {s.pack.villains[s.villain].name} on {s.planet_name(last)}")


_RUN: dict[str, Callable[[S, Task], None]] = {
    "setup_invasion": _setup_invasion, "turn": _turn, "end_turn": _end_turn, "villain_step": _villain_step,
    "villain_card": _villain_card, "villain_discard": _villain_discard,
    "invasion_step": _invasion_step, "invade": _invade, "limits": _limits,
    "attack_end": _attack_end, "attack_hurt": _attack_hurt, "alloc": _alloc,
    "mission_end": _mission_end, "next_mission": _next_mission, "start_mission": _start_mission,
    "finale": _finale, "start_finale_mission": _start_finale_mission, "hurt": _hurt, "take": _take,
    "src": lambda s, task: None,   # the end of what a source marker named (words.py)
}


def _active(s: S, task: Task) -> int:
    return s.active


def _first_cand(s: S, task: Task) -> int:
    return int(task[-1][0])   # windows going round the Jedi keep them in their last field


_DECIDE: dict[str, tuple[Callable[..., Any], ...]] = {
    "?act": (_active, _act_options, _act_answer),
    "?transport": (_first_cand, _transport_options, _transport_answer),
    "?fly_on": (lambda s, t: t[1], lambda s, t: [(FLY, q) for q in s.routes[s.pos[t[1]]]] + [(PASS, 0)],
                _fly_on_answer),
    "?contrib": (_first_cand, _contrib_options, _contrib_answer),
    "?allocate": (_active, _allocate_options, _allocate_answer),
    "?prevent": (_first_cand, _prevent_options, _prevent_answer),
    "?discard": (lambda s, t: t[1], _discard_options, _discard_answer),
    "?limit": (lambda s, t: t[1], _limit_options, _limit_answer),
}
_DECIDE.update(DECISIONS)
_RUN.update(AUTO)


def task_problem(s: S) -> str | None:
    """What is wrong with a loaded position's task stack, or None (core.tasks.unknown_task)."""
    return unknown_task(s.tasks, _RUN, _DECIDE)
