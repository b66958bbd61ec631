"""The turn: main-phase actions, attacks, bounty hunting / sabotage, the end of turn.

Rulebook sections (seed 000 PL / 003 IT): PRZEBIEG TURY / SVOLGIMENTO DEL TURNO,
ZAGRANIE KARTY / GIOCARE UNA CARTA, ZAKUP / ACQUISTARE, ROZPATRZENIE ATAKU / RISOLVERE UN
ATTACCO, ZAKOŃCZENIE TURY / FINIRE IL TURNO, ZWYCIĘSTWO / VINCERE LA PARTITA.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding import effects as fx
from dejarik.deckbuilding.pack import PROG_ASSIGN, PROG_HUNT_REWARD, PROG_START
from dejarik.deckbuilding.state import NO_TARGET, Frame

if TYPE_CHECKING:
    from dejarik.deckbuilding.state import StateData as S

Action = tuple[int, int, int]
HAND_SIZE = 5


# -- attack values -----------------------------------------------------------------------------
def attack_of(s: S, c: int, pl: int) -> int:
    """A card's attack now: printed + gained this turn + constant bonuses that apply."""
    cd = s.card(c)
    atk = cd.attack + s.bonus.get(c, 0)
    p = s.players[pl]
    own, enemy = p.faction, s.players[1 - pl].faction
    for src in (p.base, *p.play):
        if src < 0:
            continue
        for b in s.card(src).attack_bonuses:
            if b.to_self:
                if src != c:
                    continue
            elif not b.filter.match(cd, own, enemy):
                continue
            if b.cond is not None and not fx.cond_holds(s, b.cond, pl, src):
                continue
            atk += len(s.players[1 - pl].victory) if b.per_opponent_victory else b.amount
    return atk


def _may_attack(s: S, c: int, pl: int) -> bool:
    """Worth committing: it has attack now, or a constant self-bonus that may switch on."""
    cd = s.defs[s.inst_def[c]]
    if cd.attack > 0 or s.bonus.get(c) or any(b.to_self for b in cd.attack_bonuses):
        return True
    return attack_of(s, c, pl) > 0


def hunt_allowance(s: S, pl: int) -> int:
    p = s.players[pl]
    total = sum(s.card(x).hunt_neutral for x in (p.base, *p.play) if x >= 0)
    return total - s.hunts_used


def row_targets(s: S, pl: int) -> list[int]:
    """Galaxy-row cards player pl may bounty hunt / sabotage."""
    enemy = s.players[1 - pl].faction
    neutral_ok = hunt_allowance(s, pl) > 0
    out = []
    for c in s.row:
        cd = s.card(c)
        if (cd.faction == enemy and cd.target is not None) or (neutral_ok and cd.faction == d.NEUTRAL):
            out.append(c)
    return out


def target_value(s: S, c: int) -> int:
    cd = s.card(c)
    return cd.target if cd.target is not None else cd.cost


# -- legal main-phase actions --------------------------------------------------------------------
def main_actions(s: S) -> list[Action]:
    a = s.active
    p = s.players[a]
    opp = s.players[1 - a]
    defs, idef = s.defs, s.inst_def
    acts: list[Action] = []
    seen: set[int] = set()
    exile_end = s.exile_end
    for c in p.hand:
        key = idef[c] if c not in exile_end else -1 - c
        if key not in seen:
            seen.add(key)
            acts.append((d.PLAY, c, 0))
    pool = p.pool
    own = p.faction
    for c in s.row:
        cd = defs[idef[c]]
        if cd.cost <= pool and (cd.faction == own or cd.faction == d.NEUTRAL):
            acts.append((d.BUY, c, d.Z_ROW))
    if s.pilots and defs[idef[s.pilots[-1]]].cost <= pool:
        acts.append((d.BUY, s.pilots[-1], d.Z_PILOTS))
    used = s.used
    for c in (p.base, *p.play):
        if c < 0 or c in used:
            continue
        cd = defs[idef[c]]
        if cd.ability >= 0 and (cd.requires is None or fx.cond_holds(s, cd.requires, a, c)) \
                and fx.prog_possible(s, cd.ability, a, c):
            acts.append((d.USE, c, 0))
    attackers = [c for c in p.play if c not in s.attacked and _may_attack(s, c, a)]
    if attackers:
        target = s.target
        base_ok = target in (NO_TARGET, d.TARGET_BASE) and (
            opp.base >= 0 or any(defs[idef[x]].ctype == d.SHIP for x in opp.play))
        rows = row_targets(s, a) if target != d.TARGET_BASE else []
        if target >= 0:
            rows = [target] if target in rows else []
        for c in attackers:
            if base_ok:
                acts.append((d.COMMIT, c, d.TARGET_BASE))
            if rows and defs[idef[c]].ctype == d.UNIT:
                acts.extend((d.COMMIT, c, r) for r in rows)
    if s.committed:
        acts.append((d.RESOLVE, 0, 0))
    if s.bribing:
        for c in s.row:
            cd = defs[idef[c]]
            if cd.faction == d.NEUTRAL and cd.cost <= pool:
                acts.append((d.BRIBE, c, 0))
    acts.append((d.END, 0, 0))
    return acts


# -- applying main-phase actions -----------------------------------------------------------------
def play_card(s: S, c: int) -> None:
    a = s.active
    p = s.players[a]
    p.hand.remove(c)
    p.play.append(c)
    cd = s.card(c)
    p.pool += cd.resources
    if cd.force:
        fx.gain_force(s, a, cd.force)
    s.note(f"{s.factions[a].name} play {cd.name}")
    fx.fire_watchers(s, a, "card_played", c)
    fx.fire_own(s, c, "play", a)
    fx.run(s)


def use_ability(s: S, c: int) -> None:
    s.used.add(c)
    s.note(f"{s.factions[s.active].name} use {s.name(c)}")
    fx.push(s, s.card(c).ability, c, s.active)
    fx.run(s)


def commit(s: S, c: int, target: int) -> None:
    s.attacked.add(c)
    s.committed.append(c)
    s.target = target


def resolve_attack(s: S) -> None:
    a = s.active
    p = s.players[a]
    cards = [c for c in s.committed if c in p.play]
    target = s.target
    total = sum(attack_of(s, c, a) for c in cards)
    s.committed = []
    s.target = NO_TARGET
    if target == d.TARGET_BASE:
        s.note(f"{s.factions[a].name} attack with {total}")
        f = Frame(PROG_ASSIGN, -1, a)
        f.n = total
        s.stack.append(f)
        fx.run(s)
        return
    if target not in s.row:
        return
    neutral = s.card(target).faction == d.NEUTRAL
    if neutral:
        s.hunts_used += 1
    if total < target_value(s, target):
        s.note(f"{s.factions[a].name} fail to defeat {s.name(target)} ({total})")
        return
    s.take(target, d.Z_ROW, a)
    s.galaxy_discard.append(target)
    s.note(f"{s.factions[a].name} defeat {s.name(target)} ({total})")
    # "when" abilities resolve after the reward (rulebook GDY / QUANDO): push them first.
    for c in reversed(cards):
        for t in s.card(c).triggers.get("defeat_target", ()):
            fx.push(s, t.prog, c, a)
    reward = PROG_HUNT_REWARD if neutral else s.card(target).reward
    if reward >= 0:
        fx.push(s, reward, target, a)
    fx.run(s)


def bribe(s: S, c: int) -> None:
    p = s.players[s.active]
    p.pool -= s.card(c).cost
    s.take(c, d.Z_ROW, s.active)
    s.galaxy_discard.append(c)
    s.note(f"{s.factions[s.active].name} bribe {s.name(c)}")


def end_turn(s: S) -> None:
    """End of turn, in the rulebook's order, then the next player's turn begins."""
    a = s.active
    p = s.players[a]
    for c in sorted(s.exile_end):
        for lst in (p.hand, p.play, p.discard, p.deck):
            if c in lst:
                lst.remove(c)
                s.damage[c] = 0
                p.exile.append(c)
                s.note(f"{s.name(c)} is exiled at the end of the turn")
                break
    # 1. units in play are discarded; capital ships stay
    ships = []
    for c in p.play:
        if s.card(c).ctype == d.UNIT:
            p.discard.append(c)
        else:
            ships.append(c)
    p.play = ships
    # 2. abilities are ready again; 3. the hand is discarded, resources return
    p.discard.extend(p.hand)
    p.hand = []
    if not (p.base >= 0 and s.card(p.base).keep_resources):
        p.pool = 0
    # 4. draw five
    s.draw(a, HAND_SIZE)
    s.used.clear()
    s.attacked.clear()
    s.bonus.clear()
    s.committed = []
    s.target = NO_TARGET
    s.fired.clear()
    s.next_buy = -1
    s.bought = []
    s.hunts_used = 0
    s.exile_end.clear()
    s.prevented = [0, 0]
    s.event(d.EV_TURN_END, a, s.force)
    s.active = 1 - a
    s.turn += 1
    if s.turn_limit and s.turn > s.turn_limit:
        s.note(f"the turn limit ({s.turn_limit}) is reached: no winner")
        s.finish(-1)
        return
    start_turn(s)


def start_turn(s: S) -> None:
    s.note(f"-- turn {s.turn}: {s.factions[s.active].name} --")
    fx.push(s, PROG_START, -1, s.active)
    fx.run(s)
