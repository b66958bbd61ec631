"""A cheap rule-of-thumb policy for the greedy player: play everything, use abilities, buy
the dearest card, attack the base, end. Decisions pick by card cost. No search, no peeking:
it reads only public state and the deciding player's own cards. In the team game it never
hands the initiative over: it finishes, and the teammate plays on (a legal interleaving)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dejarik.core.rng import Rng
from dejarik.deckbuilding import defs as d

if TYPE_CHECKING:
    from dejarik.deckbuilding.game import DeckbuildingState

# Not a second Action type (that is core.protocol.Action): the fixed-size tuple this compiled
# module uses, which mypyc handles faster than a tuple of any length.
Move3 = tuple[int, int, int]
_MAIN_ORDER = (d.PLAY, d.USE, d.BUY, d.COMMIT, d.RESOLVE, d.END)


def heuristic_action(s: DeckbuildingState, rng: Rng) -> Move3:
    if s.waiting:
        acts = s.legal_actions()
        return acts[0] if len(acts) == 1 else _decide(s, acts)
    for kind in _MAIN_ORDER:
        # only the kinds it looks at are listed: most moves are the first card in hand
        group = s.actions_of_kind(kind)
        if not group:
            continue
        if kind == d.BUY:   # the dearest card, then the strongest, then the lowest number
            best = group[0]
            top = s.card(best[1])
            for a in group:
                cd = s.card(a[1])
                if cd.cost > top.cost or (cd.cost == top.cost and (
                        cd.attack > top.attack or (cd.attack == top.attack and a[1] < best[1]))):
                    best, top = a, cd
            if top.cost == 0:
                continue
            return best
        if kind == d.COMMIT:
            base = [a for a in group if a[2] == d.TARGET_BASE]
            return base[0] if base else group[0]
        return group[0]
    return s.legal_actions()[-1]


def _decide(s: DeckbuildingState, acts: list[Move3]) -> Move3:
    f = s.stack[-1]
    op = s.table.progs[f.prog][f.pc]
    kinds = {a[0] for a in acts}
    if d.YES in kinds:
        return (d.YES, 0, 0)
    if d.ASSIGN in kinds:
        kill = [a for a in acts if a[2] + s.damage[a[1]] >= (s.card(a[1]).hp or 0)]
        pool = kill or acts
        return max(pool, key=lambda a: (s.card(a[1]).cost, a[2]))
    if d.OPTION in kinds:
        return next(a for a in acts if a[0] == d.OPTION)
    if d.WHO in kinds:
        return _who(s, op[0], acts)
    picks = [a for a in acts if a[0] == d.SELECT]
    if not picks:
        return acts[0]
    mine = s.decider == f.player
    if op[0] == d.OP_MOVE and mine and op[2] == d.D_EXILE:
        # trim the deck: exile only the weakest cards (cost 0), otherwise stop
        cheap = [a for a in picks if s.card(a[1]).cost == 0 and a[2] != d.Z_ROW]
        if cheap:
            return cheap[0]
        return (d.DONE, 0, 0) if (d.DONE, 0, 0) in acts else picks[0]
    if op[0] == d.OP_MOVE and not mine:
        return min(picks, key=lambda a: s.card(a[1]).cost)  # the opponent gives up its worst card
    return max(picks, key=lambda a: (s.card(a[1]).cost, s.card(a[1]).hp or 0))


def _who(s: DeckbuildingState, code: int, acts: list[Move3]) -> Move3:
    """Team game: repair the most damaged base, hurt the enemy base nearest to falling;
    otherwise (who resolves a shared card) keep it with the card's player."""
    def hurt(a: Move3) -> int:
        base = s.players[a[1]].base
        return s.damage[base] - (s.card(base).hp or 0) if base >= 0 else -99

    if code == d.OP_REPAIR:
        return max(acts, key=lambda a: (s.damage[s.players[a[1]].base], -a[1]))
    if code == d.OP_DAMAGE:
        return max(acts, key=lambda a: (hurt(a), -a[1]))
    return acts[0]
