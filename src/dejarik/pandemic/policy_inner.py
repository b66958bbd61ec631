"""The rule-of-thumb answers to the decisions inside an action: which cards join an attack or
a mission, which prevent damage, which go when cards must be discarded, exhausted or readied,
where a transport flies on, which planet or Jedi an effect picks, and whether to agree to be
moved. Every answer reads public facts only (policy_facts)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dejarik.core.protocol import Action
from dejarik.pandemic import board
from dejarik.pandemic import codes as C
from dejarik.pandemic import flow as F
from dejarik.pandemic import policy_facts as K
from dejarik.pandemic import policy_plan as P
from dejarik.pandemic.pack import AT_INDEX

if TYPE_CHECKING:
    from dejarik.pandemic.state import PandemicState as S


# -- attacks and missions --------------------------------------------------------------------
def contrib(s: S, acts: list[Action]) -> Action:
    """Add cards only where they count: an attack gets what clears the planet (each enemy
    left costs a card, seed 001, "Atak"); a mission gets exactly what reaches its threshold,
    and nothing when it cannot be reached. The active Jedi leaves to the others what they can
    cover: their cards are readied at the start of their own turn, which comes first."""
    ctx = s.ctx
    assert ctx is not None
    chain: tuple[int, ...] = s.tasks[-1][1]
    me, later = chain[0], list(chain[1:])
    total = ctx[2] + ctx[4]
    if ctx[0] == F.C_ATTACK:
        return _attack_contrib(s, acts, me, later, total)
    m = s.pack.missions[s.slots[ctx[6]]]
    kinds = tuple(m.needs or ())
    need = s.amount(m.threshold) - total
    if need <= 0:
        return (C.PASS, 0)
    mine = K.potential(s, ctx[1], kinds, [me])
    theirs = K.potential(s, ctx[1], kinds, later)
    boost = [a for a in acts if a[0] == C.ALLY and K.ally_effect(s.pack.squad[a[1]])[0] == "add_success"]
    extra = max((K.ally_effect(s.pack.squad[a[1]])[1] for a in boost), default=0)
    later_extra = max((K.ally_effect(K.squad(s, c))[1] for j in later
                       for c in K.held_allies(s, j, "add_success")), default=0)
    if mine + theirs + max(extra, later_extra) < need:
        return (C.PASS, 0)
    if me == s.active and theirs + later_extra >= need:
        return (C.PASS, 0)
    exhausts = [a for a in acts if a[0] == C.EXHAUST]
    if exhausts and mine + theirs + later_extra >= need:
        return _fitting_card(s, exhausts, need)
    if boost:
        return boost[0]
    return _fitting_card(s, exhausts, need) if exhausts else (C.PASS, 0)


def _fitting_card(s: S, exhausts: list[Action], need: int) -> Action:
    """The smallest card that covers what is missing, else the biggest."""
    val = [(s.pack.squad[a[1]].value or 0, a) for a in exhausts]
    covering = [x for x in val if x[0] >= need]
    return min(covering)[1] if covering else max(val)[1]


def _clear_need(s: S, p: int) -> int:
    """Damage that leaves no enemy on `p` (blockades first, then droids and figures)."""
    bh: int = s.pack.rules["blockade_health"]
    dh: int = s.pack.rules["droid_health"]
    figs = sum(s.figure_health(f) or 99 for f in board.figures_at(s, p))
    return s.blockades[p] * bh + s.droids[p] * dh + figs


def _attack_contrib(s: S, acts: list[Action], me: int, later: list[int], total: int) -> Action:
    p = s.ctx[1] if s.ctx else s.pos[me]
    fixed = s.ctx[5] if s.ctx else -1
    kinds = K.ATTACK_KINDS if fixed < 0 else (K.ATTACK_KINDS[fixed],)
    need = _clear_need(s, p) - total
    exhausts = [a for a in acts if a[0] == C.EXHAUST]
    boost = [a for a in acts if a[0] == C.ALLY and K.ally_effect(s.pack.squad[a[1]])[0] == "add_damage"]
    if need <= 0 or not (exhausts or boost):
        return (C.PASS, 0)
    by_kind = {k: (K.potential(s, p, (k,), [me]), K.potential(s, p, (k,), later)) for k in kinds}
    kind = max(kinds, key=lambda k: (sum(by_kind[k]), -by_kind[k][0]))
    mine, theirs = by_kind[kind]
    if me == s.active and theirs >= need:
        return (C.PASS, 0)
    reach = total + mine + theirs
    if _useful_damage(s, p, total, reach) <= 0 and not boost:
        return (C.PASS, 0)
    cards = [a for a in exhausts if s.pack.squad[a[1]].kind == kind]
    if cards:
        return _fitting_card(s, cards, need)
    if boost and _useful_damage(s, p, total, reach + K.ally_effect(s.pack.squad[boost[0][1]])[1]) > 0:
        return boost[0]
    return (C.PASS, 0)


def _useful_damage(s: S, p: int, now: int, reach: int) -> int:
    """How many fewer enemies `reach` damage leaves than `now` (blockades count whole)."""
    return K.enemies_left(s, p, now) - K.enemies_left(s, p, reach)


def allocate(s: S, acts: list[Action]) -> Action:
    """A villain figure first when the damage reaches it: it blocks missions and plays its cards."""
    return max(acts, key=lambda a: a[1])


# -- damage ----------------------------------------------------------------------------------
def prevent(s: S, acts: list[Action]) -> Action:
    """Exhaust a defense card while damage is coming (it is not lost); play an ally that
    prevents more than one damage only when at least that much would still be taken after
    every defense card (seed 001, "Obrona", "Sojusznik")."""
    hurt = s.hurt
    if hurt is None or hurt[1] <= 0:
        return (C.PASS, 0)
    victim, n = hurt
    chain: tuple[int, ...] = s.tasks[-1][1]
    exhausts = [a for a in acts if a[0] == C.EXHAUST]
    if exhausts and len(s.hands[victim]) > 0:
        return exhausts[0]
    left = n - K.potential(s, s.pos[victim], ("defense",), list(chain[1:]))
    left = min(left, len(s.hands[victim]))
    for a in acts:
        if a[0] == C.ALLY:
            op, amount = K.ally_effect(s.pack.squad[a[1]])
            if op == "prevent" and left >= min(2, amount) and amount >= 2:
                return a
    return (C.PASS, 0)


def discard(s: S, acts: list[Action], j: int) -> Action:
    """Lose the card the missions need least (allies are kept for their effect); over the hand
    limit, an ally that gives an action is played rather than discarded when its holder is the
    one acting (seed 001, "Karty")."""
    demand = K.kind_demand(s, K.missions(s))
    for a in acts:
        if a[0] == C.ALLY and j == s.active and s.phase == 1 \
                and K.ally_effect(s.pack.squad[a[1]])[0] == "extra_actions":
            return a
    discards = [a for a in acts if a[0] == C.DISCARD]
    if not discards:
        return acts[0]
    acting = j == s.active and s.phase == 1 and s.actions_left > 0

    def keep(a: Action) -> tuple[float, int]:
        d, ex = divmod(a[1], 2)
        inst = F.find_card(s, j, d, bool(ex))
        worth = K.card_worth(s, inst, demand)
        return worth + (0.05 if acting and not ex else 0.0), -ex

    return min(discards, key=keep)


def exhaust_or_ready(s: S, acts: list[Action], ready: bool) -> Action:
    """A villain exhausts the card worth least; readying picks the one worth most."""
    j = s.tasks[-1][1]
    demand = K.kind_demand(s, K.missions(s))

    def worth(a: Action) -> float:
        c = next(c for c in s.hands[j] if s.card_def[c] == a[1])
        return K.card_worth(s, c, demand)

    return max(acts, key=worth) if ready else min(acts, key=worth)


# -- flying ----------------------------------------------------------------------------------
def transport(s: S, acts: list[Action]) -> Action:
    """Exhaust a transport when the flyer's plan flies on from here (one fewer fly action)."""
    flyer = s.tasks[-1][1]
    exhausts = [a for a in acts if a[0] == C.EXHAUST]
    if not exhausts or flyer != s.active:
        return (C.PASS, 0)
    wanted = P.plan(s, P.facts(s), flyer).first
    return exhausts[0] if wanted[0] == C.FLY else (C.PASS, 0)


def fly_on(s: S, acts: list[Action]) -> Action:
    """Take the free second move toward where the plan goes, if it goes on."""
    flyer = s.tasks[-1][1]
    s.actions_left += 1   # the move is free: plan as if it cost an action, then give it back
    try:
        wanted = P.plan(s, P.facts(s), flyer).first
    finally:
        s.actions_left -= 1
    return wanted if wanted[0] == C.FLY and wanted in acts else (C.PASS, 0)


# -- choices effects ask for -----------------------------------------------------------------
def pick(s: S, acts: list[Action]) -> Action:
    """A planet or a Jedi for an effect: the best place for good effects, the least harmful
    for the villain's."""
    task = s.tasks[-1]
    cont = task[4]
    options = [a[1] for a in acts]
    if cont[0] == "mv_to":
        return (C.PICK, _least_harm_step(s, options))
    you, step = cont[1], cont[2]
    f = P.facts(s)
    if task[2] == "jedi":
        return (C.PICK, max(options, key=lambda k: P.pull_gain(s, f, you, k)))
    op = step[0]
    if op in ("remove_droids", "deal"):
        amount = s.amount(step[2])
        return (C.PICK, max(options, key=lambda p: P.strike_gain(s, f, p, amount, op)))
    if op == "move_jedi":
        return (C.PICK, _jump_target(s, f, you, options))
    return (C.PICK, min(options, key=lambda p: _harm(s, f, p)))


def _jump_target(s: S, f: P.Facts, you: int, options: list[int]) -> int:
    """Where the Jedi moving itself by its ability does the most this turn."""
    def worth(p: int) -> float:
        return P.work(s, f, p, s.actions_left, you)[0] + P.position_value(s, f, p)
    return max(options, key=worth)


def _harm(s: S, f: P.Facts, p: int) -> float:
    """How bad a droid (or a blockade, or the villain) placed on `p` is: the occupations it
    brings nearer, and a mission it stands in the way of."""
    harm = f.risk.at(p, s.droids[p] + 1) - f.risk.at(p, s.droids[p])
    harm += 0.5 if any(m.planet == p for m in f.ms) else 0.0
    return harm + 0.1 * s.droids[p]


def _least_harm_step(s: S, options: list[int]) -> int:
    """A villain moving toward its target: the step away from the missions and the Jedi."""
    missions = set(s.mission_planets())
    return min(options, key=lambda p: (p in missions, sum(1 for q in s.pos if q == p), s.droids[p], p))


def consent(s: S, acts: list[Action]) -> Action:
    """Agree to be moved to the asking Jedi's planet when it helps the team (the asker's
    rule asks only then, so AI teammates never ask in vain)."""
    task = s.tasks[-1]
    me, you, step = task[1], task[2], task[3]
    if step[0] == "move_jedi" and step[AT_INDEX["move_jedi"]] == "your":
        return (C.AGREE, 0) if P.pull_gain(s, P.facts(s), you, me) > 0 else (C.REFUSE, 0)
    return (C.AGREE, 0)
