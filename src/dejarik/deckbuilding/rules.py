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

# Not a second Action type (that is core.protocol.Action): the fixed-size tuple this compiled
# module uses, which mypyc handles faster than a tuple of any length.
Move3 = tuple[int, int, int]
HAND_SIZE = 5


# -- attack values -----------------------------------------------------------------------------
def attack_of(s: S, c: int, pl: int) -> int:
    """A card's attack now: printed + gained this turn + constant bonuses that apply. `pl`
    owns the card; bonuses come from every card and base of pl's team (seed 002: Piett,
    Imperial Carrier and Endor also boost the teammate's cards)."""
    return attack_with(s, c, pl, bonus_sources(s, pl))


def bonus_sources(s: S, pl: int) -> list[int]:
    """The cards and bases of pl's team that give attack bonuses (most give none): found
    once for all of pl's cards."""
    out: list[int] = []
    for m in s.mates[pl]:
        q = s.players[m]
        if q.base >= 0 and s.card(q.base).attack_bonuses:
            out.append(q.base)
        for src in q.play:
            if s.card(src).attack_bonuses:
                out.append(src)
    return out


def attack_with(s: S, c: int, pl: int, sources: list[int]) -> int:
    """`attack_of`, given pl's `bonus_sources`."""
    cd = s.card(c)
    atk = cd.attack + s.bonus.get(c, 0)
    if not sources:
        return atk
    own, enemy = s.players[pl].faction, s.players[pl ^ 1].faction
    for src in sources:
        for b in s.card(src).attack_bonuses:
            if b.to_self:
                if src != c:
                    continue
            elif not b.filter.match(cd, own, enemy):
                continue
            if b.cond is not None and not fx.cond_holds(s, b.cond, pl, src):
                continue
            atk += enemy_victories(s, pl) if b.per_opponent_victory else b.amount
    return atk


def enemy_victories(s: S, pl: int) -> int:
    """Bases of pl's side in the enemy's victory piles."""
    return sum(len(s.players[e].victory) for e in s.foes(pl))


def _may_attack(s: S, c: int, pl: int, sources: list[int]) -> bool:
    """Worth committing: it has attack now, or a constant self-bonus that may switch on.
    `sources`: pl's `bonus_sources` (none: no bonus is looked for)."""
    cd = s.defs[s.inst_def[c]]
    if cd.attack > 0 or s.bonus.get(c) or any(b.to_self for b in cd.attack_bonuses):
        return True
    return bool(sources) and attack_with(s, c, pl, sources) > 0


def hunt_allowance(s: S, pl: int) -> int:
    """Attacks on neutral row cards left this turn (Ord Mantell; shared by a team)."""
    total = sum(s.card(x).hunt_neutral for m in s.mates[pl]
                for x in (s.players[m].base, *s.players[m].play) if x >= 0)
    return total - s.hunts_used


def row_targets(s: S, pl: int) -> list[int]:
    """Cards in pl's region's galaxy row that pl may bounty hunt / sabotage."""
    enemy = s.players[pl ^ 1].faction
    neutral_ok = hunt_allowance(s, pl) > 0
    out = []
    for c in s.region(pl).row:
        cd = s.card(c)
        if (cd.faction == enemy and cd.target is not None) or (neutral_ok and cd.faction == d.NEUTRAL):
            out.append(c)
    return out


def target_value(s: S, c: int) -> int:
    cd = s.card(c)
    return cd.target if cd.target is not None else cd.cost


def usable_cards(s: S, pl: int) -> list[int]:
    """Cards whose ability pl may use: pl's base and cards in play, and in the team game the
    teammate's base and capital ships (the shared zone), unless the ability exiles (seed 002:
    WSPÓŁPRACA, WSPÓLNA STREFA)."""
    p = s.players[pl]
    cards = [p.base, *p.play] if p.base >= 0 else list(p.play)
    ally = s.ally(pl)
    if ally >= 0:
        q = s.players[ally]
        for c in (q.base, *q.play):
            if c >= 0 and s.card(c).ctype != d.UNIT and s.card(c).ability >= 0 \
                    and not fx.exiles(s.table, s.card(c).ability):
                cards.append(c)
    return cards


def enemy_exposed(s: S, pl: int) -> bool:
    """Is there anything of the enemy team to attack: a base or a capital ship?"""
    for e in s.foes(pl):
        q = s.players[e]
        if q.base >= 0 or any(s.card(x).ctype == d.SHIP for x in q.play):
            return True
    return False


# -- legal main-phase actions --------------------------------------------------------------------
# The main phase's legal actions come in kinds, each listed by its own function, in the order
# `main_actions` joins them (a random player's pick by index depends on that order). A player
# that wants the first action of some kind, and `apply`'s legality check, list only that kind.
def plays(s: S) -> list[Move3]:
    """One PLAY per kind of card in the active player's hand (copies are the same choice)."""
    idef = s.inst_def
    acts: list[Move3] = []
    seen: set[int] = set()
    exile_end = s.exile_end
    for c in s.players[s.active].hand:
        key = idef[c] if c not in exile_end else -1 - c
        if key not in seen:
            seen.add(key)
            acts.append((d.PLAY, c, 0))
    return acts


def buys(s: S) -> list[Move3]:
    """Row cards of the player's faction or neutral that the pool pays for, then the pilot."""
    a = s.active
    p = s.players[a]
    region = s.region(a)
    defs, idef = s.defs, s.inst_def
    acts: list[Move3] = []
    pool = p.pool
    own = p.faction
    for c in region.row:
        cd = defs[idef[c]]
        if cd.cost <= pool and (cd.faction == own or cd.faction == d.NEUTRAL):
            acts.append((d.BUY, c, d.Z_ROW))
    pilots = region.pilots
    if pilots and defs[idef[pilots[-1]]].cost <= pool:
        acts.append((d.BUY, pilots[-1], d.Z_PILOTS))
    return acts


def uses(s: S) -> list[Move3]:
    """Abilities not yet used this turn whose condition holds and that can do something."""
    a = s.active
    defs, idef = s.defs, s.inst_def
    acts: list[Move3] = []
    used = s.used
    for c in usable_cards(s, a):
        if c in used:
            continue
        cd = defs[idef[c]]
        if cd.ability >= 0 and (cd.requires is None or fx.cond_holds(s, cd.requires, a, c)) \
                and fx.prog_possible(s, cd.ability, a, c):
            acts.append((d.USE, c, 0))
    return acts


def commits(s: S) -> list[Move3]:
    """Each card that has not attacked yet, against the base or a row card it may target."""
    a = s.active
    p = s.players[a]
    acts: list[Move3] = []
    if not p.play:
        return acts
    sources = bonus_sources(s, a)
    attackers = [c for c in p.play if c not in s.attacked and _may_attack(s, c, a, sources)]
    if attackers:
        defs, idef = s.defs, s.inst_def
        target = s.target
        base_ok = target in (NO_TARGET, d.TARGET_BASE) and enemy_exposed(s, a)
        rows = row_targets(s, a) if target != d.TARGET_BASE else []
        if target >= 0:
            rows = [target] if target in rows else []
        for c in attackers:
            if base_ok:
                acts.append((d.COMMIT, c, d.TARGET_BASE))
            if rows and defs[idef[c]].ctype == d.UNIT:
                acts.extend((d.COMMIT, c, r) for r in rows)
    return acts


def closing(s: S) -> list[Move3]:
    """Resolve the committed attack, bribe, hand over to the teammate, end the turn."""
    a = s.active
    acts: list[Move3] = []
    if s.committed:
        acts.append((d.RESOLVE, 0, 0))
    if s.bribing:
        defs, idef = s.defs, s.inst_def
        pool = s.players[a].pool
        for c in s.region(a).row:
            cd = defs[idef[c]]
            if cd.faction == d.NEUTRAL and cd.cost <= pool:
                acts.append((d.BRIBE, c, 0))
    if s.team_game and not s.passed and s.target < 0 and (a ^ 2) not in s.finished:
        acts.append((d.SWITCH, 0, 0))
    acts.append((d.END, 0, 0))
    return acts


def main_actions(s: S) -> list[Move3]:
    acts = plays(s)
    acts.extend(buys(s))
    acts.extend(uses(s))
    acts.extend(commits(s))
    acts.extend(closing(s))
    return acts


def actions_of_kind(s: S, kind: int) -> list[Move3]:
    """The main phase's legal actions of one kind (what `main_actions` holds of it)."""
    if kind == d.PLAY:
        return plays(s)
    if kind == d.BUY:
        return buys(s)
    if kind == d.USE:
        return uses(s)
    if kind == d.COMMIT:
        return commits(s)
    return [a for a in closing(s) if a[0] == kind]


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
    if s.log is not None:
        s.note(f"{s.who(a)} play {cd.name}")
    start = len(s.stack)
    fx.fire_watchers(s, a, "card_played", c)
    fx.fire_own(s, c, "play", a)
    fx.batch(s, start)
    fx.run(s)


def use_ability(s: S, c: int) -> None:
    s.used.add(c)
    if s.log is not None:
        s.note(f"{s.who(s.active)} use {s.name(c)}")
    fx.push(s, s.card(c).ability, c, s.active)
    fx.run(s)


def commit(s: S, c: int, target: int) -> None:
    s.attacked.add(c)
    s.committed.append(c)
    s.target = target


def resolve_attack(s: S) -> None:
    """Resolve the committed attack. In the team game both teammates' cards committed
    against the enemy pool their attack (seed 002: ATAKOWANIE WROGICH BAZ)."""
    a = s.active
    mates = s.mates[a]
    cards = [(c, o) for c in s.committed if (o := s.owner_in_play(c, mates)) >= 0]
    target = s.target
    total = sum(attack_of(s, c, o) for c, o in cards)
    s.committed = []
    s.target = NO_TARGET
    if target == d.TARGET_BASE:
        if s.log is not None:
            s.note(f"{s.who(a)} attack with {total}")
        f = Frame(PROG_ASSIGN, -1, a)
        f.n = total
        s.stack.append(f)
        fx.run(s)
        return
    region = s.region(a)
    if target not in region.row:
        return
    neutral = s.card(target).faction == d.NEUTRAL
    if neutral:
        s.hunts_used += 1
    if total < target_value(s, target):
        if s.log is not None:
            s.note(f"{s.who(a)} fail to defeat {s.name(target)} ({total})")
        return
    s.take(target, d.Z_ROW, a)
    region.discard.append(target)
    if s.log is not None:
        s.note(f"{s.who(a)} defeat {s.name(target)} ({total})")
    # "when" abilities resolve after the reward (rulebook GDY / QUANDO): push them first;
    # their player orders them (`batch`)
    start = len(s.stack)
    for c, _ in reversed(cards):
        for t in s.card(c).triggers.get("defeat_target", ()):
            fx.push(s, t.prog, c, a)
    fx.batch(s, start)
    reward = PROG_HUNT_REWARD if neutral else s.card(target).reward
    if reward >= 0:
        fx.push(s, reward, target, a)
    fx.run(s)


def bribe(s: S, c: int) -> None:
    p = s.players[s.active]
    p.pool -= s.card(c).cost
    s.take(c, d.Z_ROW, s.active)
    s.region(s.active).discard.append(c)
    if s.log is not None:
        s.note(f"{s.who(s.active)} bribe {s.name(c)}")


def switch(s: S) -> None:
    """Team game: hand the initiative to the teammate, who may hand it back after acting."""
    s.active ^= 2
    s.passed = True
    if s.log is not None:
        s.note(f"{s.who(s.active)} take the initiative")


def end_turn(s: S) -> None:
    """`end`: in the team game the player has finished, and the team's turn ends once both
    have (seed 002: WSPÓLNE TURY); then the end of turn, in the rulebook's order."""
    a = s.active
    if s.team_game:
        s.finished.add(a)
        if a ^ 2 not in s.finished:
            if s.target >= 0:  # an attack on a row card left unresolved is given up
                s.committed, s.target = [], NO_TARGET
            s.active, s.passed = a ^ 2, False
            if s.log is not None:
                s.note(f"{s.who(a)} have finished; {s.who(s.active)} play on")
            return
    for m in s.mates[a]:
        _clean_up(s, m)
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
    s.finished.clear()
    s.passed = False
    s.event(d.EV_TURN_END, a, s.force)
    s.active = (a & 1) ^ 1
    s.turn += 1
    if s.turn_limit and s.turn > s.turn_limit:
        if s.log is not None:
            s.note(f"the turn limit ({s.turn_limit}) is reached: no winner")
        s.finish(-1)
        return
    start_turn(s)


def _clean_up(s: S, pl: int) -> None:
    """One player's end of turn."""
    p = s.players[pl]
    for c in sorted(s.exile_end):
        for lst in (p.hand, p.play, p.discard, p.deck):
            if c in lst:
                lst.remove(c)
                s.damage[c] = 0
                p.exile.append(c)
                if s.log is not None:
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
    s.draw(pl, HAND_SIZE)


def start_turn(s: S) -> None:
    """The start of a (team's) turn: each player of the side, region 1 first."""
    if s.log is not None:
        s.note(f"-- turn {s.turn}: {s.factions[s.active].name} --")
    for m in reversed(s.mates[s.active]):
        fx.push(s, PROG_START, -1, m)
    fx.run(s)
