"""The rule-of-thumb Jedi's choice of action: plan the rest of the turn, take its first step.

Each plan is "go to a planet (flying, with a transport or by an ability), then work there"
(attempt its mission, attack its enemies, call reinforcements), maybe after an attack where
the Jedi stands. Plans are scored in one currency, squad cards: a mission completed, a point
of threat avoided, a droid or blockade destroyed, a villain driven off, a card drawn or lost.
The chances come from the die (seed 001, "Kość") and from what the players know of the
invasion deck; the plan is made again after every step, so it follows the dice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from dejarik.core.protocol import Action
from dejarik.pandemic import board
from dejarik.pandemic import codes as C
from dejarik.pandemic import policy_facts as K
from dejarik.pandemic.effects import planets_of

if TYPE_CHECKING:
    from dejarik.pandemic.state import PandemicState as S

VALUES: dict[str, float] = {
    "mission": 14.0,      # a mission completed
    "threat": 4.0,        # a point of threat avoided
    "droid": 0.25,        # any droid destroyed
    "blockade": 1.0,      # a blockade destroyed (besides what it shields)
    "villain": 3.0,       # a villain figure driven off before the finale
    "card": 1.0,          # a squad card drawn or lost
    "distance": 1.5,      # each route between the Jedi and the nearest mission at the turn's end
}


@dataclass
class Facts:
    """What a decision reads, computed once (and what it works out, kept for the decision)."""

    ms: list[K.Mission]
    risk: K.Risk
    tcost: float
    deck_kinds: dict[str, list[int]]
    target_dist: list[int]
    memo: dict[tuple[Any, ...], Any] = field(default_factory=dict)


def facts(s: S) -> Facts:
    """What every plan of a decision reads: the missions, the risk of occupations, the squad
    cards still to draw (which, not in what order) and each planet's distance to the missions."""
    ms = K.missions(s)
    deck: dict[str, list[int]] = {}
    for c in s.squad_deck or s.squad_discard:   # which cards, never their order
        sd = K.squad(s, c)
        deck.setdefault(sd.kind, []).append(sd.value or 0)
    targets = [m.planet for m in ms]   # a villain in the way can be driven off, or leave
    if s.finale and _defeat_needed(s):
        targets += [q for q in s.fig_pos if q >= 0]
    dist = board.distances(s, targets) if targets else [0] * len(s.droids)
    return Facts(ms, K.Risk(s), K.threat_cost(s), deck, dist)


def _defeat_needed(s: S) -> bool:
    v = s.pack.villains[s.villain]
    return bool(v.win and "defeat" in v.win)


# -- attacks ---------------------------------------------------------------------------------
def villain_value(s: S) -> float:
    """A villain figure driven off: a win condition in the finale, a nuisance gone before."""
    if s.finale:
        return VALUES["mission"] if _defeat_needed(s) else 0.5
    return VALUES["villain"]


def attack_value(s: S, f: Facts, p: int, seats: list[int], me: int) -> float:
    """Seed 001, "Atak": the expected worth of an attack on `p` by `me` with the ready cards
    of `seats`: enemies destroyed, less the cards lost to the enemies left and the die's
    damage after the defense cards there; counting the chance to attack again."""
    key = ("attack", p, tuple(seats), me)
    if key in f.memo:
        return float(f.memo[key])
    if not board.enemies_at(s, p):
        f.memo[key] = -99.0
        return -99.0
    extra = sum(K.ally_effect(K.squad(s, c))[1] for j in seats for c in K.held_allies(s, j, "add_damage")[:1])
    power = K.attack_potential(s, p, seats) + extra
    shield = K.potential(s, p, ("defense",), seats) + \
        sum(2 for j in seats for _ in K.held_allies(s, j, "prevent")[:1])
    figs = tuple(s.figure_health(x) for x in board.figures_at(s, p))
    value = _attack_ev(s, f, p, (s.blockades[p], s.droids[p], figs), power, shield, len(s.hands[me]), 2)
    f.memo[key] = value
    return value


def _attack_ev(s: S, f: Facts, p: int, enemies: tuple[int, int, K.Figures], power: int, shield: int,
               hand: int, depth: int) -> float:
    key = ("attack_ev", p, enemies, power, shield, hand, depth)
    if key in f.memo:
        return float(f.memo[key])
    blockades, droids, figs = enemies
    bh = s.pack.rules["blockade_health"]
    clear = blockades * bh + droids + sum(hp if hp is not None else 99 for hp in figs)
    before = f.risk.at(p, droids)
    alt = draw_worth_n(s, hand)
    mission_here = any(m.planet == p for m in f.ms)
    total = 0.0
    for succ, hits, chance in K.faces(s):
        used = min(power, max(0, clear - succ))
        b, d, rest, removed = K.after_attack(s, blockades, droids, figs, succ + used)
        gain = (blockades - b) * (VALUES["blockade"] + (1.0 if not s.blockade_pool else 0.0))
        gain += (droids - d) * VALUES["droid"] + removed * villain_value(s)
        gain += (before - f.risk.at(p, d)) * VALUES["threat"] * f.tcost
        if mission_here and ((blockades and not b) or (removed and not s.finale and not rest)):
            gain += 2.0   # the mission there can be attempted again
        left = b + d + len(rest)
        taken = min(hand, max(0, left + hits - shield))
        value = gain - taken * VALUES["card"]
        if depth > 1 and left and hand - taken > 0:
            follow = _attack_ev(s, f, p, (b, d, rest), power - used, max(0, shield - left - hits),
                                hand - taken, depth - 1)
            value += max(0.0, follow - alt)
        total += chance * value
    f.memo[key] = total
    return total


# -- missions --------------------------------------------------------------------------------
def draw_gain(f: Facts, kinds: tuple[str, ...]) -> list[tuple[float, int]]:
    """The chance of each gain a card drawn brings to a mission of `kinds`."""
    counts: dict[int, int] = {}
    n = 0
    for kind, values in f.deck_kinds.items():
        for v in values:
            g = v if kind in kinds else 0
            counts[g] = counts.get(g, 0) + 1
            n += 1
    if not n:
        return [(1.0, 0)]
    return [(k / n, g) for g, k in counts.items()]


def mission_plan(s: S, f: Facts, m: K.Mission, have: int, actions: int, card: float) -> tuple[float, bool]:
    """The best expected worth of `actions` actions on the mission's planet, holding `have`
    toward it, attempting or calling reinforcements (seed 001, "Podjęcie misji": the cards
    are added after the roll, so a failed attempt costs only the die's damage); and whether
    to attempt first."""
    key = ("mission", m.slot, have, actions, card)
    if key in f.memo:
        return f.memo[key]  # type: ignore[no-any-return]
    gains = draw_gain(f, m.kinds)
    hits = K.mean_hits(s) * VALUES["card"]
    win = VALUES["mission"] - m.damage * VALUES["card"] * 0.7
    memo: dict[tuple[int, int], float] = {}

    def worth(r: int, x: int) -> tuple[float, bool]:
        if r <= 0:
            return 0.0, False
        p = K.success_chance(s, m.need - x)
        attempt = p * (win + (r - 1) * card) + (1 - p) * cached(r - 1, x) - hits
        draw = card + sum(q * cached(r - 1, x + g) for q, g in gains)
        return (attempt, True) if attempt >= draw else (draw, False)

    def cached(r: int, x: int) -> float:
        k = (r, min(x, m.need))
        if k not in memo:
            memo[k] = worth(r, x)[0]
        return memo[k]

    result = worth(actions, have)
    f.memo[key] = result
    return result


def draw_worth_n(s: S, hand: int) -> float:
    """A card drawn: worth a card below the hand limit, little above it (seed 001, "Karty")."""
    return VALUES["card"] if hand < s.pack.rules["hand_limit"] else 0.15


def draw_worth(s: S, j: int) -> float:
    return draw_worth_n(s, len(s.hands[j]))


def _mission_allies(s: S, seats: list[int]) -> int:
    """Allies that add successes to a mission where their holder stands (seed 001,
    "Sojusznik"): the rule of thumb plays one when it decides the attempt."""
    return max((K.ally_effect(K.squad(s, c))[1] for j in seats for c in K.held_allies(s, j, "add_success")),
               default=0)


def _unblock_chance(s: S, p: int, seats: list[int]) -> float:
    need = s.blockades[p] * s.pack.rules["blockade_health"]
    return K.success_chance(s, need - K.attack_potential(s, p, seats))


# -- work on a planet ------------------------------------------------------------------------
def helpers_at(s: S, p: int, me: int) -> list[int]:
    return [me] + [k for k in range(s.num_players) if k != me and s.pos[k] == p]


def work(s: S, f: Facts, p: int, actions: int, me: int, pulled: int = -1) -> tuple[float, Action]:
    """The worth of spending `actions` on planet `p`, and the first of them."""
    key = ("work", p, actions, me, pulled)
    if key in f.memo:
        return f.memo[key]  # type: ignore[no-any-return]
    if actions <= 0:
        return 0.0, (C.END, 0)
    seats = helpers_at(s, p, me)
    if pulled >= 0 and pulled not in seats:
        seats.append(pulled)
    best = _peaceful_work(s, f, p, actions, me, seats)
    if board.enemies_at(s, p):
        cand = attack_value(s, f, p, seats, me) + _peaceful_work(s, f, p, actions - 1, me, seats)[0]
        if cand > best[0]:
            best = (cand, (C.ATTACK, 0))
    f.memo[key] = best
    return best


def _peaceful_work(s: S, f: Facts, p: int, actions: int, me: int, seats: list[int]) -> tuple[float, Action]:
    """Missions and reinforcements on `p` (an attack only to break a mission's blockade)."""
    if actions <= 0:
        return 0.0, (C.END, 0)
    card = draw_worth(s, me)
    best: tuple[float, Action] = (actions * card, (C.REINFORCE, 0))
    for m in f.ms:
        if m.planet != p or m.villain:
            continue
        have = K.potential(s, p, m.kinds, seats) + _mission_allies(s, seats)
        if m.blockaded:
            value, _ = mission_plan(s, f, m, have, actions - 1, card)
            unblock = _unblock_chance(s, p, seats)
            cand = attack_value(s, f, p, seats, me) + unblock * value + (1 - unblock) * (actions - 1) * card
            if cand > best[0]:
                best = (cand, (C.ATTACK, 0))
            continue
        value, attempt_first = mission_plan(s, f, m, have, actions, card)
        if value > best[0]:
            best = (value, (C.MISSION, m.slot) if attempt_first else (C.REINFORCE, 0))
    return best


def position_value(s: S, f: Facts, p: int) -> float:
    """Where a Jedi ends the turn: near the missions it can work on next."""
    return -VALUES["distance"] * max(0, f.target_dist[p])


# -- getting there ---------------------------------------------------------------------------
def flights(d: int, boosts: int) -> int:
    """Fly actions to cover `d` routes with `boosts` transports (seed 001, "Transport": one
    per fly, each lets it move twice)."""
    if d <= 0:
        return 0
    return max((d + 1) // 2, d - boosts)


def transports(s: S, j: int) -> int:
    return sum(1 for c in s.hands[j] if not s.exhausted[c] and K.squad(s, c).kind == "transport")


def ability_steps(s: S, j: int) -> tuple[tuple[Any, ...], ...]:
    jd = s.pack.jedi[s.jedi[j]]
    if s.uses_left <= 0 or not jd.ability or jd.planet not in (None, s.pos[j]):
        return ()
    return jd.ability


def teleports(s: S, j: int) -> list[int]:
    """Planets the Jedi's ability can move it to for free (a move that is not a fly)."""
    steps = ability_steps(s, j)
    if len(steps) == 1 and steps[0][0] == "move_jedi" and steps[0][1] in ("active", "you"):
        return [p for p in planets_of(s, steps[0][2], j) if p != s.pos[j]]
    return []


def puller(s: S, j: int) -> bool:
    """The ability brings another Jedi to this one's planet (with their player's consent)."""
    steps = ability_steps(s, j)
    return len(steps) == 1 and tuple(steps[0]) == ("move_jedi", "choose_other", "your")


# -- the plans -------------------------------------------------------------------------------
@dataclass
class Plan:
    value: float
    first: Action


def plan(s: S, f: Facts, me: int) -> Plan:
    """The best plan for the rest of the active Jedi's turn."""
    key = ("plan", me, s.actions_left, s.pos[me], s.uses_left)
    if key in f.memo:
        return f.memo[key]  # type: ignore[no-any-return]
    here = s.pos[me]
    actions = s.actions_left
    boosts = transports(s, me)
    dist = board.distances(s, [here])
    jumps = teleports(s, me)
    jump_dist = board.distances(s, jumps) if jumps else None
    pull = pull_candidate(s, f, me) if puller(s, me) else -1
    best_value, dest, jump = -1e9, here, False
    best_first: Action = (C.END, 0)
    here_attack = None
    for p in range(len(s.droids)):
        if dist[p] < 0:
            continue
        cost, via_jump = flights(dist[p], boosts), False
        if jump_dist is not None and jump_dist[p] >= 0 and flights(jump_dist[p], boosts) < cost:
            cost, via_jump = flights(jump_dist[p], boosts), True
        if cost > actions:
            continue
        end = position_value(s, f, p)
        value, first = work(s, f, p, actions - cost, me, pull)
        if value + end > best_value:
            best_value, best_first, dest, jump = value + end, first, p, via_jump
        if p != here and actions - cost >= 1 and board.enemies_at(s, here):
            if here_attack is None:
                here_attack = attack_value(s, f, here, helpers_at(s, here, me), me)
            rest, _ = work(s, f, p, actions - cost - 1, me, pull)
            if here_attack + rest + end > best_value:
                best_value, best_first, dest, jump = here_attack + rest + end, (C.ATTACK, 0), here, False
    if dest != here:
        best_first = (C.ABILITY, 0) if jump else _step_toward(s, here, dest)
    result = Plan(best_value, best_first)
    f.memo[key] = result
    return result


def _step_toward(s: S, here: int, p: int) -> Action:
    dist = board.distances(s, [p])
    return (C.FLY, min(s.routes[here], key=lambda q: (dist[q], q)))


def pull_candidate(s: S, f: Facts, me: int) -> int:
    """The other Jedi a pull would bring (the one it helps most, if any), or -1."""
    best, who = 0.0, -1
    for k in range(s.num_players):
        if k != me and s.pos[k] != s.pos[me]:
            gain = pull_gain(s, f, me, k)
            if gain > best:
                best, who = gain, k
    return who


def pull_gain(s: S, f: Facts, me: int, k: int) -> float:
    """What bringing Jedi `k` to `me`'s planet is worth to the team now: the cards it adds to
    a mission there, less the ground `k` loses toward the missions (0 or less: not worth
    asking, and an AI teammate refuses)."""
    p = s.pos[me]
    gain = 0.0
    for m in f.ms:
        if m.planet == p and not m.villain and not m.blockaded:
            add = K.potential(s, p, m.kinds, [k])
            if add:
                base = K.potential(s, p, m.kinds, helpers_at(s, p, me))
                gain += (K.success_chance(s, m.need - base - add) - K.success_chance(s, m.need - base)) \
                    * VALUES["mission"]
    return gain + position_value(s, f, p) - position_value(s, f, s.pos[k])


# -- the choice of action --------------------------------------------------------------------
def choose(s: S, acts: list[Action]) -> Action:
    """The active Jedi's next step: a free action worth taking now, else the plan's first."""
    me = s.active
    f = facts(s)
    free = _free_action(s, f, acts, me)
    if free is not None:
        return free
    if s.actions_left <= 0:
        return (C.END, 0)
    first = plan(s, f, me).first
    return first if first in acts else (C.REINFORCE, 0)


def _free_action(s: S, f: Facts, acts: list[Action], me: int) -> Action | None:
    """Allies and the Jedi's ability (seed 001, "Karty Jedi": a free action; "Sojusznik"),
    each played when it does some good now; an ability that moves the Jedi waits for the plan."""
    for a in acts:
        if a[0] == C.ALLY and _ally_now(s, f, a[1], me):
            return a
    if (C.ABILITY, 0) not in acts:
        return None
    steps = ability_steps(s, me)
    op = str(steps[0][0]) if len(steps) == 1 else ""
    if op == "draw":
        return (C.ABILITY, 0)
    if op == "ready" and any(s.exhausted[c] for c in s.hands[me]):
        return (C.ABILITY, 0)
    if op in ("deal", "remove_droids") and best_strike(s, f, steps[0], me) > 0:
        return (C.ABILITY, 0)
    if puller(s, me) and pull_candidate(s, f, me) >= 0 and _staying(s, f, me):
        return (C.ABILITY, 0)
    if teleports(s, me) and s.actions_left > 0 and plan(s, f, me).first == (C.ABILITY, 0):
        return (C.ABILITY, 0)
    return None


def _ally_now(s: S, f: Facts, d: int, me: int) -> bool:
    """Play an ally now: one more action, cards that fit in the hand, droids struck where they
    threaten an occupation, a teammate brought where its cards help."""
    sd = s.pack.squad[d]
    op, amount = K.ally_effect(sd)
    step = (sd.effect or ((),))[0]
    if op == "extra_actions":
        return s.actions_left > 0 or bool(_extra_worth(s, f, me) > 1.5)
    if op == "draw":
        limit: int = s.pack.rules["hand_limit"]
        return len(s.hands[me]) - 1 + amount <= limit
    if op in ("remove_droids", "deal"):
        return best_strike(s, f, step, me) >= 1.0
    if op == "move_jedi" and tuple(step[1:]) == ("choose_other", "your"):
        k = pull_candidate(s, f, me)
        return k >= 0 and pull_gain(s, f, me, k) >= 2.5 and _staying(s, f, me)
    return False


def _extra_worth(s: S, f: Facts, me: int) -> float:
    """What one more action would be worth (for an ally that gives one)."""
    s.actions_left += 1
    try:
        return plan(s, facts(s), me).value - position_value(s, f, s.pos[me])
    finally:
        s.actions_left -= 1


def _staying(s: S, f: Facts, me: int) -> bool:
    """True when the plan works where the Jedi stands (so a Jedi brought here meets it)."""
    return s.actions_left <= 0 or plan(s, f, me).first[0] not in (C.FLY, C.ABILITY)


def best_strike(s: S, f: Facts, step: tuple[Any, ...], me: int) -> float:
    """The most an effect that removes droids or deals damage can do, over the planets it may
    pick."""
    op = str(step[0])
    amount = s.amount(step[2])
    return max((strike_gain(s, f, p, amount, op) for p in planets_of(s, step[1], me)), default=0.0)


def strike_gain(s: S, f: Facts, p: int, amount: int, op: str) -> float:
    """What removing droids from `p` (or dealing damage there) is worth."""
    if op == "remove_droids":
        if s.blockades[p]:
            return -1.0   # seed 001, "Blokady": nothing touches droids under a blockade
        blockades, left, removed = s.blockades[p], max(0, s.droids[p] - amount), 0
    else:
        figs = tuple(s.figure_health(x) for x in board.figures_at(s, p))
        blockades, left, _, removed = K.after_attack(s, s.blockades[p], s.droids[p], figs, amount)
    gain = (s.droids[p] - left) * VALUES["droid"] + (s.blockades[p] - blockades) * VALUES["blockade"]
    gain += (f.risk.at(p, s.droids[p]) - f.risk.at(p, left)) * VALUES["threat"] * f.tcost
    return gain + removed * villain_value(s)
