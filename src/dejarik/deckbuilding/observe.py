"""What a player may know (observation) and re-dealing what they may not (for AI search).

Public: the row, every discard and exile pile (in order), cards in play, bases, damage,
pools, the Force marker, victory piles, sizes of hidden zones. Private: your own hand.
Never shown: the opponent's hand, and the order of any deck, except what a decision of
yours shows you right now (looking at the opponent's hand, at the galaxy deck's top).

The team game (seed 002) lets teammates confer and discuss their hands (WSPÓLNE TURY), so
Dejarik shows each player their teammate's hand; the enemies' hands stay hidden.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from dejarik.core.rng import Rng
from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding.decision import decision
from dejarik.deckbuilding.notation import format_action
from dejarik.deckbuilding.rules import attack_of

if TYPE_CHECKING:
    from dejarik.deckbuilding.game import DeckbuildingState

    T = TypeVar("T", bound=DeckbuildingState)


def shown_zones(s: DeckbuildingState, player: int) -> set[int]:
    """Hidden zones the pending decision lets `player` see (seen from the ability's controller)."""
    if not s.waiting or s.decider != player or not s.stack:
        return set()
    f = s.stack[-1]
    op = s.table.progs[f.prog][f.pc]
    zones: set[int] = set()
    if op[0] == d.OP_LOOK:
        zones.add(op[1])
    elif op[0] == d.OP_MOVE:
        zones.update(z for z, _ in op[1])
    elif op[0] == d.OP_SWAP:
        zones.update((op[1][0], op[2][0]))
    # the controller's view: re-express opponent zones relative to the decider
    if f.player != player:
        flip = {d.Z_OPP_HAND: d.Z_HAND, d.Z_HAND: d.Z_OPP_HAND,
                d.Z_OPP_DECK_TOP: d.Z_DECK_TOP, d.Z_DECK_TOP: d.Z_OPP_DECK_TOP}
        zones = {flip.get(z, z) for z in zones}
    return zones


def revealed_cards(s: DeckbuildingState) -> list[int]:
    """Galaxy cards an ability has revealed and that still lie on top of a galaxy deck
    (public: every player saw them)."""
    tops = [r.deck[-1] for r in s.regions if r.deck]
    return [c for c in tops if any(f.revealed == c for f in s.stack)]


def sees_hand(s: DeckbuildingState, viewer: int, seat: int, shown: set[int]) -> bool:
    """May `viewer` see `seat`'s hand now? Their own, their teammate's, or an opponent's
    that a decision shows them (`shown` = shown_zones(s, viewer))."""
    if viewer < 0:
        return False
    return seat in s.mates[viewer] or (seat == viewer ^ 1 and d.Z_OPP_HAND in shown)


def observation(s: DeckbuildingState, player: int) -> dict[str, Any]:
    ref = s.refs().__getitem__
    shown = shown_zones(s, player)
    mine = max(player, 0)
    regions = [{"row": [ref(c) for c in r.row], "galaxy_deck": len(r.deck),
                "galaxy_discard": [ref(c) for c in r.discard], "pilots": len(r.pilots)}
               for r in s.regions]
    players = []
    for i, p in enumerate(s.players):
        players.append({
            "seat": i,
            "name": s.who(i),
            "side": i & 1,
            "region": i >> 1,
            "finished": i in s.finished,
            "faction": p.faction,
            "hand": [ref(c) for c in p.hand] if sees_hand(s, player, i, shown) else len(p.hand),
            "deck": len(p.deck),
            "discard": [ref(c) for c in p.discard],
            "exile": [ref(c) for c in p.exile],
            "play": [{"card": ref(c), "damage": s.damage[c], "ability_used": c in s.used,
                      "attacked": c in s.attacked, "attack": attack_of(s, c, i)}
                     for c in p.play],
            "base": None if p.base < 0 else {"card": ref(p.base), "damage": s.damage[p.base],
                                             "hp": s.card(p.base).hp,
                                             "ability_used": p.base in s.used},
            "base_deck": sorted(ref(c) for c in p.base_deck),
            "victory": [ref(c) for c in p.victory],
            "pool": p.pool,
        })
    obs: dict[str, Any] = {
        "game": "deckbuilding",
        "you": player,
        "turn": s.turn,
        "active": s.active,
        "first": s.first,
        "current_player": s.current_player,
        "force": s.force,
        "force_with": 0 if s.force_with(0) else 1 if s.force_with(1) else None,
        "teams": [list(t) for t in s.teams],
        "region": mine >> 1,
        # your region's galaxy (region 1's for a spectator); every region in `regions`
        **regions[mine >> 1],
        "regions": regions,
        "players": players,
        "attack": {"target": None if s.target < -1 else "base" if s.target == -1 else ref(s.target),
                   "committed": [ref(c) for c in s.committed]},
        "terminal": s.done,
        "winner": s.winner(),
    }
    if shown & {d.Z_GALAXY_TOP, d.Z_GALAXY_TOP2}:
        k = 2 if d.Z_GALAXY_TOP2 in shown else 1
        obs["galaxy_top"] = [ref(c) for c in s.region(player).deck[-k:]]
    revealed = revealed_cards(s)
    if revealed:
        obs["revealed"] = [ref(c) for c in revealed]
    if not s.done:
        obs["decision"] = decision(s, player)
    if player == s.current_player:
        obs["legal"] = [format_action(s, a) for a in s.legal_actions()]
    return obs


def resample_hidden(s: T, player: int, seed: int) -> T:
    """A copy in which every card `player` cannot see is dealt again at random.

    The result depends only on `player`'s observation and the seed: hidden cards are sorted
    before they are shuffled, and the game's own generator (which decides future shuffles) is
    replaced. So two positions `player` cannot tell apart give the same copy."""
    c = s.clone()
    rng = Rng(seed)
    shown = shown_zones(s, player)
    for seat, p in enumerate(c.players):
        if seat == player ^ 1:
            top_zone = d.Z_OPP_DECK_TOP
        elif seat == player:
            top_zone = d.Z_DECK_TOP
        else:
            top_zone = -1
        top = 1 if top_zone in shown and p.deck else 0
        if sees_hand(s, player, seat, shown):
            _shuffle_below(p.deck, top, rng)
            continue
        kept = p.deck[len(p.deck) - top:]
        unseen = sorted(p.hand + p.deck[:len(p.deck) - top])
        rng.shuffle(unseen)
        p.hand, p.deck = unseen[:len(p.hand)], unseen[len(p.hand):] + kept
    revealed = set(revealed_cards(s))
    for i, r in enumerate(c.regions):
        if i == player >> 1 and shown & {d.Z_GALAXY_TOP, d.Z_GALAXY_TOP2}:
            k = 2 if d.Z_GALAXY_TOP2 in shown else 1
        else:
            k = 1 if r.deck and r.deck[-1] in revealed else 0
        _shuffle_below(r.deck, k, rng)
    c.rng = Rng(rng.next64())
    return c


def _shuffle_below(deck: list[int], k: int, rng: Rng) -> None:
    """Shuffle all but the top k cards of a deck (sorted first, so the result depends only on
    which cards are there)."""
    n = max(len(deck) - k, 0)
    below = sorted(deck[:n])
    rng.shuffle(below)
    deck[:n] = below
