"""Invariants every reachable state keeps. Used by the fuzz tests, scenarios and save loading."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from dejarik.deckbuilding import defs as d

if TYPE_CHECKING:
    from dejarik.deckbuilding.state import StateData


def zones_of(s: StateData) -> dict[str, list[int]]:
    z: dict[str, list[int]] = {}
    for i, r in enumerate(s.regions):
        z.update({f"r{i}.row": r.row, f"r{i}.galaxy_deck": r.deck,
                  f"r{i}.galaxy_discard": r.discard, f"r{i}.pilots": r.pilots})
    for i, p in enumerate(s.players):
        for name in ("hand", "deck", "discard", "play", "exile", "base_deck", "victory"):
            z[f"p{i}.{name}"] = getattr(p, name)
        z[f"p{i}.base"] = [p.base] if p.base >= 0 else []
    return z


def _piles(s: StateData) -> list[list[int]]:
    """Every pile of cards, unnamed (the fast path of the conservation check)."""
    out: list[list[int]] = []
    for r in s.regions:
        out += [r.row, r.deck, r.discard, r.pilots]
    for p in s.players:
        out += [p.hand, p.deck, p.discard, p.play, p.exile, p.base_deck, p.victory]
        if p.base >= 0:
            out.append([p.base])
    return out


def check_invariants(s: StateData) -> list[str]:
    """Every broken invariant, in words (empty: all hold)."""
    problems: list[str] = []
    n = len(s.inst_def)
    seen = bytearray(n)
    total, clash = 0, False
    for cards in _piles(s):
        total += len(cards)
        for c in cards:
            if 0 <= c < n and not seen[c]:
                seen[c] = 1
            else:
                clash = True
    if clash or total != n:  # some card is out of range, twice somewhere or nowhere: name it
        problems.extend(_conservation(zones_of(s), n))
    problems.extend(_bounds(s, n))
    problems.extend(_teams(s))
    if s.waiting and not s.stack:
        problems.append("a decision is awaited, but no ability is resolving")
    return problems


def _conservation(zones: dict[str, list[int]], n: int) -> list[str]:
    problems: list[str] = []
    seen: Counter[int] = Counter()
    for name, cards in zones.items():
        for c in cards:
            if not 0 <= c < n:
                problems.append(f"{name} holds card #{c}, which does not exist")
            seen[c] += 1
    dup = [c for c, k in seen.items() if k > 1]
    if dup:
        problems.append(f"card #{dup[0]} is in {seen[dup[0]]} places")
    missing = n - len(seen)
    if missing > 0:
        problems.append(f"{missing} card(s) are in no zone")
    return problems


def _bounds(s: StateData, n: int) -> list[str]:
    problems: list[str] = []
    for i, r in enumerate(s.regions):
        if len(r.row) > 6:
            problems.append(f"the galaxy row of region {i + 1} has {len(r.row)} cards")
    if not 0 <= s.force < d.FORCE_SPACES:
        problems.append(f"the Force marker is off the track ({s.force})")
    if len(s.damage) != n:
        problems.append("the damage table has the wrong size")
        return problems
    damageable = set()
    for i, p in enumerate(s.players):
        if p.pool < 0:
            problems.append(f"player {i} has a negative resource pool ({p.pool})")
        for c in p.play:
            if 0 <= c < n and s.card(c).ctype == d.SHIP:
                damageable.add(c)
                if s.damage[c] >= (s.card(c).hp or 0):
                    problems.append(f"{s.name(c)} #{c} is in play with {s.damage[c]} damage")
        if p.base >= 0 and p.base < n:
            damageable.add(p.base)
            if s.card(p.base).ctype != d.BASE:
                problems.append(f"player {i}'s base #{p.base} is not a base")
            elif s.damage[p.base] >= (s.card(p.base).hp or 0):
                problems.append(f"{s.name(p.base)} is alive with {s.damage[p.base]} damage")
        for b in p.victory:
            if 0 <= b < n and s.card(b).faction != s.players[i ^ 1].faction:
                problems.append(f"player {i}'s victory pile holds a base that is not the enemy's")
    for c, dmg in enumerate(s.damage):
        if dmg and (dmg < 0 or c not in damageable):
            problems.append(f"card #{c} ({s.name(c)}) holds {dmg} damage outside play"
                            if dmg > 0 else f"card #{c} has negative damage")
    return problems


def _teams(s: StateData) -> list[str]:
    """Seats, shared zones and the victory count (seed 002 for the team game; a 2-player game
    is two teams of one)."""
    problems: list[str] = []
    if len(s.players) != s.num_players or len(s.regions) != s.num_players // 2:
        return [f"{len(s.players)} players in {len(s.regions)} regions for a "
                f"{s.num_players}-player game"]
    for i, p in enumerate(s.players):
        if p.faction != s.players[i & 1].faction:
            problems.append(f"seat {i} plays {p.faction}, its team {s.players[i & 1].faction}")
    # a capital ship in play lies in exactly one shared zone (its team's play areas)
    shared = [[c for m in team for c in s.players[m].play if s.card(c).ctype == d.SHIP]
              for team in s.mates[:2]]
    for side, ships in enumerate(shared):
        for c in ships:
            zones = sum(ships_of.count(c) for ships_of in shared)
            if zones != 1:
                problems.append(f"{s.name(c)} #{c} is in {zones} shared zones")
            if s.card(c).faction not in (s.players[side].faction, d.NEUTRAL):
                problems.append(f"{s.name(c)} #{c} is in the {s.players[side].faction} shared zone")
    # the win: bases_to_win bases from *each* enemy's deck (extra ones do not count)
    won = [all(len(s.players[m].victory) >= s.bases_to_win for m in team) for team in s.mates[:2]]
    if s.done and s.win >= 0 and not won[s.win]:
        problems.append(f"side {s.win} won without {s.bases_to_win} bases from each enemy deck")
    if not s.done and any(won):
        problems.append("a side has its bases from each enemy deck but the game goes on")
    if not s.finished <= set(s.mates[s.active]) or s.active in s.finished:
        problems.append(f"finished seats {sorted(s.finished)} do not fit seat {s.active}'s turn")
    return problems
