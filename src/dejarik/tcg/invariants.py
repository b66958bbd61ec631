"""What must hold in every position (the fuzz tests check these after every action).

Every card is in exactly one place and the zone lists agree with each card's zone; Force,
build points and counters are never negative; a unit in an arena has less damage than its
health (unless a choice to replace its discard is pending); build counters sit only on
face-down cards in the build zone; a player has one unit of
a unique name in play (a stack at most 4 cards, more with `extra_stack`; a unit no more pilots or Equipment
than allowed);
and every unit offered an attack is untapped.
"""

from __future__ import annotations

from collections import Counter

from dejarik.tcg import flow as F
from dejarik.tcg.carddefs import EQUIPMENT
from dejarik.tcg.effects import stack_extra
from dejarik.tcg.equipment import limit as equipment_limit
from dejarik.tcg.pilots import max_pilots
from dejarik.tcg.state import (
    ARENA,
    ASIDE,
    BUILD,
    DECK,
    DISCARD,
    EQUIPPED,
    HAND,
    HELD,
    PILOTING,
    PLACE,
    REMOVED,
    UNDER,
    TcgState,
)


def check_invariants(s: TcgState) -> list[str]:
    """Every broken invariant, in words (empty: all hold)."""
    fail: list[str] = []
    wrong = F.task_problem(s)
    if wrong:
        return [wrong]
    per_player = ("deck", "hand", "discard", "build", "arena", "force", "bp", "setup_left",
                  "lost_character", "removed")
    short = [name for name in per_player if len(getattr(s, name)) != 2]
    if short:
        return [f"{', '.join(short)}: must hold one entry for each of the 2 players"]
    n, kinds = len(s.card_def), len(s.defs)
    if any(len(per_card) != n for per_card in (s.owner, s.zone, s.counters, s.damage)):
        return [f"the per-card lists disagree on how many cards there are ({n})"]
    odd = next((c for c in range(n) if not 0 <= s.card_def[c] < kinds or s.owner[c] not in (0, 1)),
               None)
    if odd is not None:   # checked first: every later check looks these up
        return [f"card #{odd} says definition {s.card_def[odd]} and owner {s.owner[odd]}; there "
                f"are {kinds} definitions and owners 0 and 1"]
    seen: Counter[int] = Counter()
    for p in (0, 1):
        for zone, cards in ((DECK, s.deck[p]), (HAND, s.hand[p]), (DISCARD, s.discard[p]),
                            (BUILD, s.build[p]), *((ARENA, a) for a in s.arena[p]),
                            (REMOVED, s.removed[p])):    # removed from the game, for good
            for c in cards:
                seen[c] += 1
                if s.zone[c] != zone or s.owner[c] != p:
                    fail.append(f"{s.name(c)}#{c} is listed in zone {zone} of player {p} but "
                                f"says zone {s.zone[c]}, owner {s.owner[c]}")
    if len(s.places) != 3:
        fail.append(f"{len(s.places)} Location places; there are 3 arenas")
    for where, c in enumerate(s.places):   # one Location an arena, one its type line names
        if c < 0:
            continue
        seen[c] += 1
        if s.zone[c] != PLACE or where not in s.d(c).homes:
            fail.append(f"{s.name(c)}#{c} is the Location of arena {where} but says zone {s.zone[c]}")
    for top, below in s.under.items():
        if s.zone[top] not in (ARENA, BUILD) and below:
            fail.append(f"a stack under {s.name(top)}#{top}, which is not in play")
        # more only for a card a static ability may lift the limit for (Jedi Temple; the
        # stack stays when the Temple goes)
        lifted = any(ab.kind == "static" and "unlimited_stack" in ab.static
                     and s.matches_card(ab.static["unlimited_stack"], top, s.owner[top])
                     for d in s.defs for ab in d.abilities)
        if len(below) + 1 > F.MAX_STACK + stack_extra(s, top) and not lifted:
            fail.append(f"a stack of {len(below) + 1} under {s.name(top)}")
        for c in below:
            seen[c] += 1
            if s.zone[c] != UNDER:
                fail.append(f"{s.name(c)}#{c} is in a stack but says zone {s.zone[c]}")
    for host, pilots in s.aboard.items():
        if s.zone[host] not in (ARENA, BUILD):
            fail.append(f"pilots aboard {s.name(host)}#{host}, which is not in play")
        if not pilots or len(pilots) > max_pilots(s, host):
            fail.append(f"{len(pilots)} pilots aboard {s.name(host)}#{host}")
        for c in pilots:
            seen[c] += 1
            if s.zone[c] != PILOTING or s.owner[c] != s.owner[host]:
                fail.append(f"{s.name(c)}#{c} is aboard {s.name(host)} but says zone {s.zone[c]}")
    for host, gear in s.gear.items():     # Equipment attached (docs/tcg.md, "Equipment")
        if s.zone[host] not in (ARENA, BUILD):
            fail.append(f"Equipment on {s.name(host)}#{host}, which is not in play")
        if not gear or len(gear) > equipment_limit(s):
            fail.append(f"{len(gear)} Equipment cards on {s.name(host)}#{host}")
        for c in gear:
            seen[c] += 1
            if s.zone[c] != EQUIPPED or s.d(c).kind != EQUIPMENT:
                fail.append(f"{s.name(c)}#{c} is attached to {s.name(host)} but says zone {s.zone[c]}")
    for c, rec in s.aside.items():     # set aside for a while (effects.set_aside), out of play
        seen[c] += 1
        if s.zone[c] != ASIDE or len(rec) != 8 or rec[0] not in (0, 1):
            fail.append(f"{s.name(c)}#{c} is set aside but says zone {s.zone[c]} (record {rec})")
    for host, cards in s.held.items():    # held face down under a unit (-1: set aside), out of play
        if host >= 0 and s.zone[host] not in (ARENA, BUILD):
            fail.append(f"cards held under {s.name(host)}#{host}, which is not in play")
        if not cards:
            fail.append(f"an empty list of held cards under #{host}")
        for c in cards:
            seen[c] += 1
            if s.zone[c] != HELD:
                fail.append(f"{s.name(c)}#{c} is held under #{host} but says zone {s.zone[c]}")
    n = len(s.card_def)
    if sorted(seen) != list(range(n)) or any(v != 1 for v in seen.values()):
        lost = set(range(n)) - set(seen)
        twice = [c for c, v in seen.items() if v > 1]
        fail.append(f"cards not conserved: missing {sorted(lost)[:5]}, in two places {twice[:5]}")
    if min(s.force + s.bp + s.counters) < 0:
        fail.append(f"a negative pool: Force {s.force}, build points {s.bp}")
    for c in range(n):
        if s.counters[c] and (s.zone[c] != BUILD or s.face_up[c]):
            fail.append(f"build counters on {s.name(c)}#{c} outside the build zone")
        if s.zone[c] == ARENA and s.damage[c] >= s.health(c) and not any(
                t[0] in ("deal_rest", "discard_rest") and t[1] == c for t in s.tasks):
            # (unless its discard waits on a choice to replace it: Luke's Vow, Chewbacca (M))
            fail.append(f"{s.name(c)}#{c} in play with {s.damage[c]} damage, health {s.health(c)}")
    for p in (0, 1):
        aboard = [c for host, pilots in s.aboard.items() if s.owner[host] == p for c in pilots]
        names = Counter(s.d(u).uname for u in (*s.in_play(p), *(c for c in s.build[p] if s.face_up[c]),
                                               *aboard) if s.d(u).unique)
        if names and max(names.values()) > 1:
            fail.append(f"two units named {names.most_common(1)[0][0]} in play for player {p}")
    if not s.done and s.tasks and s.tasks[-1][0] == "?attack":
        for a in s.legal_actions():
            if a[0] in (F.ATTACK, F.SKIP) and s.tapped[a[1]]:
                fail.append(f"tapped {s.name(a[1])}#{a[1]} is offered an attack")
    return fail
