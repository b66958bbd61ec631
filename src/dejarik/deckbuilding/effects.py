"""The effect interpreter: every primitive of the pack vocabulary, and triggers.

An ability is a Frame on `state.stack`. `run` steps frames until one needs a decision;
`options` lists the answers to it and `answer` applies one. A primitive returns DONE (move
on), WAIT (ask the decider) or AGAIN (run this primitive again, e.g. after one of several
picks). Everything here is rules vocabulary; no card is named.

The team game (seed 002) reads "you" as "your team": conditions, constant bonuses and
watching triggers look at both teammates' cards; a repair may go to either team base and
damage to either enemy base; shared cards' abilities may be resolved by either teammate.
Exile is the exception: it never touches a teammate's cards (see `team_reach`, `exiles`).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding.cards import CardDef, CardTable, Cond, Filter, Op
from dejarik.deckbuilding.pack import PROG_DELEGATE, PROG_ORDER
from dejarik.deckbuilding.state import Frame

if TYPE_CHECKING:
    from dejarik.deckbuilding.state import StateData as S

DONE, WAIT, AGAIN = 0, 1, 2  # AGAIN: an answer that leaves the primitive to run once more
# Not a second Action type (that is core.protocol.Action): the fixed-size tuple this compiled
# module uses, which mypyc handles faster than a tuple of any length.
Move3 = tuple[int, int, int]
# zones where identical copies are one choice (candidates); the learning spaces index them alike
MERGED_ZONES = frozenset({d.Z_HAND, d.Z_DISCARD, d.Z_EXILE, d.Z_OPP_HAND, d.Z_OPP_DISCARD,
                          d.Z_GALAXY_DISCARD, d.Z_BASE_DECK})


# -- conditions & candidates -----------------------------------------------------------------
def cond_holds(s: S, c: Cond, pl: int, source: int) -> bool:
    code = c[0]
    if code == d.C_FORCE:
        return s.force_with(pl)
    if code == d.C_ATTACKING_ROW:
        return source in s.committed and s.target >= 0
    if code == d.C_IN_PLAY:
        f: Filter = c[1]
        own, enemy = s.players[pl].faction, s.players[pl ^ 1].faction
        return any(x != source and f.match(s.card(x), own, enemy)
                   for m in s.mates[pl] for x in s.players[m].play)
    if code == d.C_OPP_IN_PLAY:
        f = c[1]
        own, enemy = s.players[pl].faction, s.players[pl ^ 1].faction
        return any(f.match(s.card(x), own, enemy) for x in enemy_in_play(s, pl))
    if code == d.C_BASE:
        return any(s.players[m].base >= 0 and s.card(s.players[m].base).printed == c[1]
                   for m in s.mates[pl])
    if code == d.C_ALL:
        return all(cond_holds(s, x, pl, source) for x in c[1])
    if code == d.C_ANY:
        return any(cond_holds(s, x, pl, source) for x in c[1])
    return not cond_holds(s, c[1], pl, source)


def enemy_in_play(s: S, pl: int) -> list[int]:
    """What pl can reach in the enemy's play area: the region opponent's cards, and in the
    team game the other enemy's capital ships (the shared zone lies in both regions)."""
    cards = s.players[pl ^ 1].play
    if not s.team_game:
        return cards
    return cards + [x for x in s.players[pl ^ 3].play if s.card(x).ctype == d.SHIP]


def team_reach(s: S, sources: tuple[tuple[int, Filter], ...],
               dest: int) -> tuple[tuple[int, Filter], ...]:
    """A move's source zones in the team game: a card may come out of the teammate's discard
    pile too (unless it is being exiled), and an enemy capital ship out of either enemy's
    play area (seed 002: WSPÓŁPRACA, WSPÓLNA STREFA)."""
    if not s.team_game:
        return sources
    key = (sources, dest)
    cache: dict[Any, tuple[tuple[int, Filter], ...]] = s.table.cache.setdefault("team_reach", {})
    out = cache.get(key)
    if out is None:
        extra: list[tuple[int, Filter]] = []
        for zone, flt in sources:
            if zone == d.Z_DISCARD and dest != d.D_EXILE:
                extra.append((d.Z_ALLY_DISCARD, flt))
            elif zone == d.Z_OPP_PLAY and flt.ctype in (-1, d.SHIP):
                extra.append((d.Z_FAR_PLAY, dataclasses.replace(flt, ctype=d.SHIP)))
        out = cache[key] = sources + tuple(extra)
    return out


def sub_programs(op: Op) -> list[int]:
    """The programs an op may run (its branches, its `then`)."""
    code = op[0]
    if code == d.OP_CHOOSE:
        return [p for _, p in op[2]]
    if code == d.OP_IF:
        return [op[2], op[3]]
    if code == d.OP_OPTIONAL:
        return [op[1]]
    if code == d.OP_MOVE:
        return [op[9]]
    if code == d.OP_REVEAL:
        return [op[1], op[2], op[3]]
    return []


def _ops_of(table: CardTable, prog: int) -> list[Op]:
    """Every op a program may run, its branches included."""
    out: list[Op] = []
    todo, seen = [prog], set()
    while todo:
        p = todo.pop()
        if p < 0 or p in seen:
            continue
        seen.add(p)
        for op in table.progs[p]:
            out.append(op)
            todo.extend(sub_programs(op))
    return out


def exiles(table: CardTable, prog: int) -> bool:
    """Does this program exile a card from a player's zones? In the team game such an ability
    is its owner's alone: a teammate may not resolve it (seed 002: WSPÓŁPRACA, 'Wyjątek')."""
    cache: dict[int, bool] = table.cache.setdefault("exiles", {})
    if prog not in cache:
        cache[prog] = any(op[0] == d.OP_EXILE_SELF or (op[0] == d.OP_MOVE and op[2] == d.D_EXILE)
                          for op in _ops_of(table, prog))
    return cache[prog]


def delegable(table: CardTable, prog: int) -> bool:
    """May the team pick who resolves this shared card's triggered ability? Yes unless it
    exiles, or it only moves the Force (then who resolves it makes no difference)."""
    cache: dict[int, bool] = table.cache.setdefault("delegable", {})
    if prog not in cache:
        ops = _ops_of(table, prog)
        personal = any(not (op[0] == d.OP_GAIN and op[1] == op[3] == 0)
                       and op[0] not in (d.OP_OPTIONAL, d.OP_CHOOSE, d.OP_IF) for op in ops)
        cache[prog] = personal and not exiles(table, prog)
    return cache[prog]


def candidates(s: S, sources: tuple[tuple[int, Filter], ...], pl: int,
               merge: bool = True) -> list[tuple[int, int]]:
    """(card, zone) pairs a `move` may pick. With `merge`, identical copies in a pile count
    as one choice (a card marked to be exiled at end of turn stays a choice of its own)."""
    own, enemy = s.players[pl].faction, s.players[pl ^ 1].faction
    out: list[tuple[int, int]] = []
    for zone, flt in sources:
        lst = s.zone_list(zone, pl)
        if zone in (d.Z_DECK_TOP, d.Z_OPP_DECK_TOP, d.Z_GALAXY_TOP, d.Z_GALAXY_TOP2):
            lst = lst[-2:] if zone == d.Z_GALAXY_TOP2 else lst[-1:]
        seen: set[int] = set()
        dedup = merge and zone in MERGED_ZONES
        for c in reversed(lst) if dedup else lst:
            cd = s.card(c)
            if dedup and c not in s.exile_end:
                if cd.id in seen:
                    continue
                seen.add(cd.id)
            if flt.match(cd, own, enemy):
                out.append((c, zone))
    return out


def _galaxy_tops(sources: tuple[tuple[int, Filter], ...]) -> int:
    """How many top cards of the galaxy deck these zones look at (0: none)."""
    k = 0
    for z, _ in sources:
        if z == d.Z_GALAXY_TOP2:
            return 2
        if z == d.Z_GALAXY_TOP:
            k = 1
    return k


def prepare(s: S, sources: tuple[tuple[int, Filter], ...], pl: int) -> None:
    """Before an effect picks from the galaxy deck's top, reshuffle if it runs short."""
    k = _galaxy_tops(sources)
    if k:
        s.ensure_galaxy_deck(pl, k)


def any_candidate(s: S, sources: tuple[tuple[int, Filter], ...], pl: int) -> bool:
    """Could an effect pick anything here? Read-only: a galaxy deck that would be refilled
    from its discard pile counts as not empty (what it would show is not known yet)."""
    k = _galaxy_tops(sources)
    r = s.region(pl)
    if k and len(r.deck) < k and r.discard:
        return True
    # what `candidates` would list, stopping at the first (copies merged or not, one is enough)
    own, enemy = s.players[pl].faction, s.players[pl ^ 1].faction
    for zone, flt in sources:
        lst = s.zone_list(zone, pl)
        if zone in (d.Z_DECK_TOP, d.Z_OPP_DECK_TOP, d.Z_GALAXY_TOP, d.Z_GALAXY_TOP2):
            lst = lst[-2:] if zone == d.Z_GALAXY_TOP2 else lst[-1:]
        for c in lst:
            if flt.match(s.card(c), own, enemy):
                return True
    return False


def can_buy(s: S, cd: CardDef, pl: int) -> bool:
    return cd.faction == s.players[pl].faction or cd.faction == d.NEUTRAL


def buy_candidates(s: S, op: Op, pl: int) -> list[tuple[int, int]]:
    _, zone, flt, free, _to = op
    pool = s.players[pl].pool
    return [(c, z) for c, z in candidates(s, ((zone, flt),), pl)
            if can_buy(s, s.card(c), pl) and (free or s.card(c).cost <= pool)]


def decider_of(s: S, f: Frame, op: Op) -> int:
    code = op[0]
    if (code == d.OP_MOVE and op[7]) or (code == d.OP_CHOOSE and op[1]):
        return f.player ^ 1
    return f.player


# -- "can this be resolved at all?" ------------------------------------------------------------
def op_possible(s: S, op: Op, pl: int, source: int) -> bool:
    code = op[0]
    if code == d.OP_GAIN:
        return bool(op[1] > 0 or op[3] > 0 or (op[2] > 0 and s.force != d.FORCE_END[pl & 1]))
    if code == d.OP_DRAW:
        p = s.players[pl]
        return bool(p.deck or p.discard)
    if code == d.OP_REPAIR:
        return bool(repair_targets(s, pl))
    if code == d.OP_DAMAGE:
        return bool(damage_targets(s, pl))
    if code == d.OP_EXILE_SELF:
        return source in s.players[pl].play
    if code == d.OP_MOVE:
        return any_candidate(s, team_reach(s, op[1], op[2]), pl)
    if code == d.OP_BUY:
        return bool(buy_candidates(s, op, pl))
    if code == d.OP_CHOOSE:
        return any(prog_possible(s, p, pl, source) for _, p in op[2])
    if code == d.OP_IF:
        branch = op[2] if cond_holds(s, op[1], pl, source) else op[3]
        return branch >= 0 and prog_possible(s, branch, pl, source)
    if code == d.OP_REVEAL:
        return bool(s.region(pl).deck or s.region(pl).discard)
    if code == d.OP_LOOK:
        if op[1] == d.Z_GALAXY_TOP:
            return bool(s.region(pl).deck or s.region(pl).discard)
        return bool(s.zone_list(op[1], pl))
    if code == d.OP_SWAP:
        return any_candidate(s, (op[1],), pl) and any_candidate(s, (op[2],), pl)
    if code == d.OP_PAY:
        return bool(s.players[pl].pool >= op[1])
    if code == d.OP_OPTIONAL:
        return prog_possible(s, op[1], pl, source)
    return True


def prog_possible(s: S, prog: int, pl: int, source: int) -> bool:
    ops = s.table.progs[prog]
    if ops and ops[0][0] == d.OP_PAY:
        return op_possible(s, ops[0], pl, source) and any(
            op_possible(s, o, pl, source) for o in ops[1:])
    return any(op_possible(s, o, pl, source) for o in ops)


# -- the interpreter loop ----------------------------------------------------------------------
def run(s: S) -> None:
    """Resolve frames until the stack is empty, a decision is needed, or the game ends."""
    stack = s.stack
    progs = s.table.progs
    while stack and not s.done:
        f = stack[-1]
        ops = progs[f.prog]
        if f.pc >= len(ops):
            stack.pop()
            continue
        op = ops[f.pc]
        if _RUN[op[0]](s, f, op) == WAIT:
            if stack[-1] is f:
                s.waiting = True
                s.decider = decider_of(s, f, op)
                return
            continue  # something it did pushed triggers: resolve those, then ask again
        f.pc += 1
        f.stage = f.n = 0
        f.picked = -1
    s.waiting = False


def options(s: S) -> list[Move3]:
    f = s.stack[-1]
    op = s.table.progs[f.prog][f.pc]
    acts: list[Move3] = _OPTIONS[op[0]](s, f, op)
    return acts


def answer(s: S, action: Move3) -> None:
    f = s.stack[-1]
    op = s.table.progs[f.prog][f.pc]
    s.waiting = False
    if _ANSWER[op[0]](s, f, op, action) == DONE:
        f.pc += 1
        f.stage = f.n = 0
        f.picked = -1
    run(s)


def push(s: S, prog: int, source: int, player: int, revealed: int = -1, moved: int = 0) -> None:
    s.stack.append(Frame(prog, source, player, revealed, moved))


def child(s: S, f: Frame, prog: int, moved: int = 0) -> None:
    s.stack.append(Frame(prog, f.source, f.player, f.revealed, moved))


# -- triggers ----------------------------------------------------------------------------------
def fire_own(s: S, c: int, event: str, pl: int) -> None:
    """Fire card c's own triggers for an event (play, buy, reveal, defeat_target)."""
    for t in s.card(c).triggers.get(event, ()):
        push(s, t.prog, c, pl)


def push_shared(s: S, prog: int, source: int, player: int) -> None:
    """Push a base's triggered ability; in the team game the team first picks who resolves
    it, unless it exiles or the choice makes no difference (`delegable`)."""
    if s.team_game and delegable(s.table, prog):
        f = Frame(PROG_DELEGATE, source, player)
        f.n = prog
        s.stack.append(f)
    else:
        push(s, prog, source, player)


def fire_watchers(s: S, pl: int, event: str, about: int = -1, team: bool = True) -> None:
    """Fire triggers that watch an event (card_played, ...) on the bases and cards in play of
    pl's team (with `team` False: pl's own), resolved by pl. Each base watching turn_start
    fires once, from its owner's start of turn, and the team picks who resolves it."""
    own, enemy = s.players[pl].faction, s.players[pl ^ 1].faction
    watchers: list[int] = []
    for m in s.mates[pl] if team else (pl,):
        p = s.players[m]
        if p.base >= 0:
            watchers.append(p.base)
        watchers.extend(p.play)
    for w in watchers:
        for t in s.card(w).triggers.get(event, ()):
            if about >= 0 and not t.filter.match(s.card(about), own, enemy):
                continue
            if t.first_each_turn:
                key = w * 8 + d.EVENTS.index(event)
                if key in s.fired:
                    continue
                s.fired.add(key)
            if event == "turn_start":
                push_shared(s, t.prog, w, pl)
            else:
                push(s, t.prog, w, pl)


def batch(s: S, start: int) -> None:
    """Abilities pushed since the stack held `start` frames triggered together: the player
    whose cards they are orders them (the rulebooks are silent; see docs/rules.md,
    "Simultaneous triggers"), so a frame on top asks which resolves first."""
    n = len(s.stack) - start
    if n >= 2:
        f = Frame(PROG_ORDER, -1, s.stack[-1].player)
        f.n = n
        s.stack.append(f)


def order_choices(s: S, f: Frame) -> list[Frame]:
    """The triggered abilities an order frame may put first, in the order they would resolve
    otherwise: one per different effect (identical copies resolve alike) and per card (one
    card's abilities resolve in printed order)."""
    out: list[Frame] = []
    progs: set[int] = set()
    sources: set[int] = set()
    stack = s.stack
    top = len(stack) - 1
    for i in range(top - 1, top - 1 - f.n, -1):
        g = stack[i]
        prog = g.n if g.prog == PROG_DELEGATE else g.prog
        if prog in progs or g.source in sources:
            continue
        progs.add(prog)
        sources.add(g.source)
        out.append(g)
    return out


# -- moving and buying -------------------------------------------------------------------------
def move_card(s: S, c: int, zone: int, dest: int, pl: int, mark: bool = False) -> None:
    owner = s.zone_owner(zone, pl)
    s.take(c, zone, pl)
    s.put(c, dest, owner, pl)
    if mark:
        s.exile_end.add(c)
    if s.log is not None:
        where = _ZONE_TEXT.get(zone) or d.ZONE_WORDS[zone].replace("opponent_", "").replace("_", " ")
        whose = s.who(owner) + " " if owner >= 0 else ""
        to = _DEST_WORDS[dest].replace("_", " ")
        text = f"{s.name(c)}: {whose}{where} -> {to}"
        if zone in _HIDDEN_ZONES and dest in _HIDDEN_DESTS:
            # from one hidden place to another: only the mover's and the owner's teams see it
            seen = tuple(sorted(set(s.mates[pl]) | (set(s.mates[owner]) if owner >= 0 else set())))
            s.note(text, seen, f"a card: {whose}{where} -> {to}")
        else:
            s.note(text)
    if (zone in (d.Z_HAND, d.Z_OPP_HAND) and dest == d.D_DISCARD and owner >= 0
            and (owner ^ s.active) & 1):
        # an enemy of the team whose turn it is discards: its region opponent's team watches
        start = len(s.stack)
        fire_watchers(s, owner ^ 1, "opponent_discards")
        batch(s, start)


_DEST_WORDS = {v: k for k, v in d.DEST_NAMES.items()}
_HIDDEN_ZONES = frozenset((d.Z_HAND, d.Z_OPP_HAND, d.Z_DECK_TOP, d.Z_OPP_DECK_TOP, d.Z_GALAXY_TOP,
                           d.Z_GALAXY_TOP2))
_HIDDEN_DESTS = frozenset((d.D_HAND, d.D_DECK_TOP))
_ZONE_TEXT = {d.Z_GALAXY_TOP: "galaxy deck", d.Z_GALAXY_TOP2: "galaxy deck", d.Z_ROW: "galaxy row"}


def buy(s: S, c: int, zone: int, pl: int, free: bool = False, dest: int = -1) -> None:
    """Buy card c for player pl: pay, take it, place it by the purchase rules, fire triggers."""
    cd = s.card(c)
    p = s.players[pl]
    if not free:
        p.pool -= cd.cost
    if s.log is not None:   # narrated only when a log is kept
        s.note(f"{s.who(pl)} buy {cd.name}" + ("" if free else f" for {cd.cost}"))
    s.take(c, zone, pl)
    exile_at_end = False
    if dest < 0 and s.next_buy >= 0:
        dest, s.next_buy = s.next_buy, -1
    if dest < 0:
        for rule in cd.buy_to:
            if rule.self_only:
                dest = rule.dest
                break
    if dest < 0:
        own, enemy = p.faction, s.players[pl ^ 1].faction
        sources = [x for m in s.mates[pl] for x in (s.players[m].base, *s.players[m].play) if x >= 0]
        for src in sources:
            for rule in s.card(src).buy_to:
                if rule.self_only or not rule.filter.match(cd, own, enemy):
                    continue
                if rule.first_each_turn and any(
                        rule.filter.match(s.card(b), own, enemy) for b in s.bought):
                    continue
                dest, exile_at_end = rule.dest, rule.exile_at_end
                break
            if dest >= 0:
                break
    if dest < 0:
        dest = d.D_DISCARD
    s.put(c, dest, pl, pl)
    if exile_at_end:
        s.exile_end.add(c)
    s.bought.append(c)
    s.event(d.EV_BUY, pl, c)
    if dest != d.D_DISCARD and s.log is not None:
        s.note(f"{cd.name} goes to {_DEST_WORDS[dest].replace('_', ' ')}")
    fire_own(s, c, "buy", pl)


# -- primitives: run ---------------------------------------------------------------------------
def _gain(s: S, f: Frame, op: Op) -> int:
    pl = f.player
    s.players[pl].pool += op[1]
    if op[2]:
        gain_force(s, pl, op[2])
    if op[3] and f.source >= 0 and s.owner_in_play(f.source, s.mates[pl]) >= 0:
        s.bonus[f.source] = s.bonus.get(f.source, 0) + op[3]
    return DONE


def gain_force(s: S, pl: int, n: int) -> None:
    s.force = max(0, s.force - n) if pl & 1 == 0 else min(d.FORCE_SPACES - 1, s.force + n)


def _draw(s: S, f: Frame, op: Op) -> int:
    s.draw(f.player, op[1])
    return DONE


def repair_targets(s: S, pl: int) -> list[int]:
    """Seats whose damaged base pl may repair: pl's, or in the team game either teammate's."""
    return [m for m in s.mates[pl]
            if s.players[m].base >= 0 and s.damage[s.players[m].base] > 0]


def damage_targets(s: S, pl: int) -> list[int]:
    """Enemy seats whose base pl's ability may damage (team game: the team picks)."""
    return [e for e in s.foes(pl) if s.players[e].base >= 0]


def _repair(s: S, f: Frame, op: Op) -> int:
    seats = repair_targets(s, f.player)
    if len(seats) > 1:
        return WAIT
    if seats:
        repair(s, seats[0], op[1])
    return DONE


def repair(s: S, seat: int, n: int) -> None:
    base = s.players[seat].base
    s.damage[base] = max(0, s.damage[base] - n)


def _damage(s: S, f: Frame, op: Op) -> int:
    seats = damage_targets(s, f.player)
    if len(seats) > 1:
        return WAIT
    if seats:
        s.damage_base(seats[0], _damage_amount(f, op))
    return DONE


def _damage_amount(f: Frame, op: Op) -> int:
    """A `damage_base` op's damage: fixed, or per card the `move` before it moved."""
    return int(op[1] * f.moved if op[2] else op[1])


def _exile_self(s: S, f: Frame, op: Op) -> int:
    if f.source in s.players[f.player].play:
        move_card(s, f.source, d.Z_PLAY, d.D_EXILE, f.player)
    return DONE


def _move(s: S, f: Frame, op: Op) -> int:
    _, sources, dest, count, _up_to, all_, random_, _opp, mark, then = op
    pl = f.player
    sources = team_reach(s, sources, dest)
    if f.n == 0 and f.stage == 0:  # before the first pick only: picks come from one deal
        prepare(s, sources, pl)
    if all_ and f.stage == 0:
        for c, z in candidates(s, sources, pl):
            if c in s.zone_list(z, pl):
                move_card(s, c, z, dest, pl, mark)
                f.n += 1
        f.stage = 1
    while f.stage == 0 and f.n < count:
        cands = candidates(s, sources, pl, merge=not random_)
        if not cands:
            break
        if not random_:
            return WAIT
        c, z = cands[s.rng.below(len(cands))] if len(cands) > 1 else cands[0]
        move_card(s, c, z, dest, pl, mark)
        f.n += 1
    if f.n > 0 and then >= 0:
        child(s, f, then, moved=f.n)
    return DONE


def _buy_op(s: S, f: Frame, op: Op) -> int:
    return WAIT if buy_candidates(s, op, f.player) else DONE


def _choose(s: S, f: Frame, op: Op) -> int:
    live = [p for _, p in op[2] if prog_possible(s, p, f.player, f.source)]
    if len(live) > 1:
        return WAIT
    if live:
        child(s, f, live[0])
    return DONE


def _if(s: S, f: Frame, op: Op) -> int:
    branch = op[2] if cond_holds(s, op[1], f.player, f.source) else op[3]
    if branch >= 0:
        child(s, f, branch)
    return DONE


def _reveal(s: S, f: Frame, op: Op) -> int:
    s.ensure_galaxy_deck(f.player, 1)
    deck = s.region(f.player).deck
    if not deck:
        return DONE
    c = deck[-1]
    cd = s.card(c)
    if s.log is not None:
        s.note(f"revealed {cd.name}")
    own = s.players[f.player].faction
    branch = op[1] if cd.faction == own else op[3] if cd.faction == d.NEUTRAL else op[2]
    if branch >= 0:
        s.stack.append(Frame(branch, f.source, f.player, c, f.moved))
    return DONE


def _discard_revealed(s: S, f: Frame, op: Op) -> int:
    r = s.region(f.player)
    if f.revealed >= 0 and r.deck and r.deck[-1] == f.revealed:
        r.discard.append(r.deck.pop())
        if s.log is not None:
            s.note(f"{s.name(f.revealed)} is discarded from the galaxy deck")
    return DONE


def _look(s: S, f: Frame, op: Op) -> int:
    if op[1] == d.Z_GALAXY_TOP:
        s.ensure_galaxy_deck(f.player, 1)
    return WAIT if s.zone_list(op[1], f.player) else DONE


def _swap(s: S, f: Frame, op: Op) -> int:
    prepare(s, (op[1], op[2]), f.player)
    if f.stage == 0 and not (candidates(s, (op[1],), f.player) and candidates(s, (op[2],), f.player)):
        return DONE
    return WAIT


def _next_buy(s: S, f: Frame, op: Op) -> int:
    s.next_buy = op[1]
    return DONE


def _pay(s: S, f: Frame, op: Op) -> int:
    p = s.players[f.player]
    p.pool -= min(op[1], p.pool)
    return DONE


def _optional(s: S, f: Frame, op: Op) -> int:
    return WAIT if prog_possible(s, op[1], f.player, f.source) else DONE


def _choose_base(s: S, f: Frame, op: Op) -> int:
    p = s.players[f.player]
    if p.base >= 0 or not p.base_deck:
        return DONE
    if len(p.base_deck) == 1:
        reveal_base(s, f.player, p.base_deck[0])
        return DONE
    return WAIT


def reveal_base(s: S, pl: int, base: int) -> None:
    p = s.players[pl]
    p.base_deck.remove(base)
    p.base = base
    s.event(d.EV_BASE, pl, base)
    if s.log is not None:
        s.note(f"{s.who(pl)} reveal their new base {s.name(base)}")
    for t in s.card(base).triggers.get("reveal", ()):
        push_shared(s, t.prog, base, pl)


def _income(s: S, f: Frame, op: Op) -> int:
    pl = f.player
    p = s.players[pl]
    if s.force == d.FORCE_END[pl & 1]:
        p.pool += 1
    for c in p.play:
        cd = s.card(c)
        if cd.ctype == d.SHIP:
            p.pool += cd.resources
    return DONE


def _start_triggers(s: S, f: Frame, op: Op) -> int:
    start = len(s.stack)
    fire_watchers(s, f.player, "turn_start", team=False)
    batch(s, start)
    return DONE


def _delegate(s: S, f: Frame, op: Op) -> int:
    return WAIT


def _order(s: S, f: Frame, op: Op) -> int:
    return WAIT if len(order_choices(s, f)) > 1 else DONE


def ship_room(s: S, pl: int) -> list[tuple[int, int, int]]:
    """(ship, owner, damage it can still take) for each capital ship of pl's enemies."""
    return [(c, e, (s.card(c).hp or 0) - s.damage[c]) for e in s.foes(pl)
            for c in s.players[e].play if s.card(c).ctype == d.SHIP]


def _assign(s: S, f: Frame, op: Op) -> int:
    """An attack on the enemy: every capital ship must fall before any base takes damage;
    in the team game what is left is split between the two enemy bases (seed 002)."""
    if f.n <= 0:
        return DONE
    ships = ship_room(s, f.player)
    room = sum(r for _, _, r in ships)
    if f.n >= room:
        for c, owner, r in ships:
            s.damage_ship(owner, c, r)
        f.n -= room
        bases = damage_targets(s, f.player)
        if len(bases) > 1 and f.n > 0:
            return WAIT
        if bases:
            s.damage_base(bases[0], f.n)
        return DONE
    if len(ships) == 1:
        s.damage_ship(ships[0][1], ships[0][0], f.n)
        return DONE
    return WAIT


def _hunt_reward(s: S, f: Frame, op: Op) -> int:
    s.players[f.player].pool += s.card(f.source).cost
    return DONE


# -- primitives: decisions ---------------------------------------------------------------------
def _no_options(s: S, f: Frame, op: Op) -> list[Move3]:
    return []


def _move_options(s: S, f: Frame, op: Op) -> list[Move3]:
    acts: list[Move3] = [(d.SELECT, c, z)
                          for c, z in candidates(s, team_reach(s, op[1], op[2]), f.player)]
    if op[4]:
        acts.append((d.DONE, 0, 0))
    return acts


def _move_answer(s: S, f: Frame, op: Op, a: Move3) -> int:
    if a[0] == d.DONE:
        f.stage = 1
    else:
        move_card(s, a[1], a[2], op[2], f.player, op[8])
        f.n += 1
    return AGAIN


def _buy_options(s: S, f: Frame, op: Op) -> list[Move3]:
    acts: list[Move3] = [(d.SELECT, c, z) for c, z in buy_candidates(s, op, f.player)]
    if not op[3]:
        acts.append((d.DONE, 0, 0))
    return acts


def _buy_answer(s: S, f: Frame, op: Op, a: Move3) -> int:
    if a[0] == d.SELECT:
        buy(s, a[1], a[2], f.player, free=op[3], dest=op[4])
    return DONE


def _choose_options(s: S, f: Frame, op: Op) -> list[Move3]:
    return [(d.OPTION, i, 0) for i, (_, p) in enumerate(op[2])
            if prog_possible(s, p, f.player, f.source)]


def _choose_answer(s: S, f: Frame, op: Op, a: Move3) -> int:
    child(s, f, op[2][a[1]][1])
    return DONE


def _done_only(s: S, f: Frame, op: Op) -> list[Move3]:
    return [(d.DONE, 0, 0)]


def _just_done(s: S, f: Frame, op: Op, a: Move3) -> int:
    return DONE


def _swap_options(s: S, f: Frame, op: Op) -> list[Move3]:
    if f.stage == 0:
        acts: list[Move3] = [(d.SELECT, c, z) for c, z in candidates(s, (op[1],), f.player)]
        acts.append((d.DONE, 0, 0))
        return acts
    return [(d.SELECT, c, z) for c, z in candidates(s, (op[2],), f.player)]


def _swap_answer(s: S, f: Frame, op: Op, a: Move3) -> int:
    if a[0] == d.DONE:
        return DONE
    if f.stage == 0:
        f.stage, f.picked, f.n = 1, a[1], a[2]
        return AGAIN
    la = s.zone_list(f.n, f.player)
    lb = s.zone_list(a[2], f.player)
    ia, ib = la.index(f.picked), lb.index(a[1])
    la[ia], lb[ib] = lb[ib], la[ia]
    if s.log is not None:
        s.note(f"{s.name(f.picked)} and {s.name(a[1])} swap places")
    return DONE


def _optional_options(s: S, f: Frame, op: Op) -> list[Move3]:
    return [(d.YES, 0, 0), (d.NO, 0, 0)]


def _optional_answer(s: S, f: Frame, op: Op, a: Move3) -> int:
    if a[0] == d.YES:
        child(s, f, op[1])
    return DONE


def _base_options(s: S, f: Frame, op: Op) -> list[Move3]:
    return [(d.SELECT, c, d.Z_BASE_DECK) for c in s.players[f.player].base_deck]


def _base_answer(s: S, f: Frame, op: Op, a: Move3) -> int:
    reveal_base(s, f.player, a[1])
    return DONE


def _assign_options(s: S, f: Frame, op: Op) -> list[Move3]:
    ships = ship_room(s, f.player)
    if ships:
        return [(d.ASSIGN, c, k) for c, _, room in ships for k in range(1, min(f.n, room) + 1)]
    return [(d.ASSIGN, s.players[e].base, k) for e in damage_targets(s, f.player)
            for k in range(1, f.n + 1)]


def _assign_answer(s: S, f: Frame, op: Op, a: Move3) -> int:
    c = a[1]
    foes = s.foes(f.player)
    owner = s.owner_in_play(c, foes)
    if owner >= 0:
        s.damage_ship(owner, c, a[2])
    else:
        s.damage_base(next(e for e in foes if s.players[e].base == c), a[2])
    f.n -= a[2]
    return DONE if f.n == 0 else AGAIN


def _seat_options(seats: list[int] | tuple[int, ...]) -> list[Move3]:
    return [(d.WHO, m, 0) for m in seats]


def _repair_options(s: S, f: Frame, op: Op) -> list[Move3]:
    return _seat_options(repair_targets(s, f.player))


def _repair_answer(s: S, f: Frame, op: Op, a: Move3) -> int:
    repair(s, a[1], op[1])
    return DONE


def _damage_options(s: S, f: Frame, op: Op) -> list[Move3]:
    return _seat_options(damage_targets(s, f.player))


def _damage_answer(s: S, f: Frame, op: Op, a: Move3) -> int:
    s.damage_base(a[1], _damage_amount(f, op))
    return DONE


def _delegate_options(s: S, f: Frame, op: Op) -> list[Move3]:
    return _seat_options(s.mates[f.player])


def _delegate_answer(s: S, f: Frame, op: Op, a: Move3) -> int:
    if s.log is not None:
        s.note(f"{s.who(a[1])} resolve {s.name(f.source)}")
    s.stack.append(Frame(f.n, f.source, a[1]))
    return DONE


def _order_options(s: S, f: Frame, op: Op) -> list[Move3]:
    return [(d.FIRST, g.source, 0) for g in order_choices(s, f)]


def _order_answer(s: S, f: Frame, op: Op, a: Move3) -> int:
    """Take the chosen ability out of the batch and resolve it now; then ask again about
    the rest (the order frame stays, one ability fewer below it)."""
    g = next(g for g in order_choices(s, f) if g.source == a[1])
    s.stack.remove(g)
    f.n -= 1
    s.stack.append(g)
    return AGAIN


def _tbl(default: Any, **by_op: Any) -> tuple[Any, ...]:
    table = [default] * d.NUM_OPS
    for name, fn in by_op.items():
        table[getattr(d, name)] = fn
    return tuple(table)


_RUN = _tbl(None, OP_GAIN=_gain, OP_DRAW=_draw, OP_REPAIR=_repair, OP_DAMAGE=_damage,
            OP_EXILE_SELF=_exile_self, OP_MOVE=_move, OP_BUY=_buy_op, OP_CHOOSE=_choose,
            OP_IF=_if, OP_REVEAL=_reveal, OP_DISCARD_REVEALED=_discard_revealed, OP_LOOK=_look,
            OP_SWAP=_swap, OP_NEXT_BUY=_next_buy, OP_PAY=_pay, OP_OPTIONAL=_optional,
            OP_CHOOSE_BASE=_choose_base, OP_INCOME=_income, OP_START_TRIGGERS=_start_triggers,
            OP_ASSIGN=_assign, OP_HUNT_REWARD=_hunt_reward, OP_DELEGATE=_delegate,
            OP_ORDER=_order)
_OPTIONS = _tbl(_no_options, OP_MOVE=_move_options, OP_BUY=_buy_options,
                OP_CHOOSE=_choose_options, OP_LOOK=_done_only, OP_SWAP=_swap_options,
                OP_OPTIONAL=_optional_options, OP_CHOOSE_BASE=_base_options,
                OP_ASSIGN=_assign_options, OP_REPAIR=_repair_options, OP_DAMAGE=_damage_options,
                OP_DELEGATE=_delegate_options, OP_ORDER=_order_options)
_ANSWER = _tbl(None, OP_MOVE=_move_answer, OP_BUY=_buy_answer, OP_CHOOSE=_choose_answer,
               OP_LOOK=_just_done, OP_SWAP=_swap_answer, OP_OPTIONAL=_optional_answer,
               OP_CHOOSE_BASE=_base_answer, OP_ASSIGN=_assign_answer, OP_REPAIR=_repair_answer,
               OP_DAMAGE=_damage_answer, OP_DELEGATE=_delegate_answer, OP_ORDER=_order_answer)
