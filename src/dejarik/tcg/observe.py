"""What a player may know, and re-dealing what they may not (for AI search).

Hidden from a player: the opponent's hand and deck, the identity of the opponent's face-down
cards in the build zone (their build counters are public: seed 004, "Budowanie"), and the order
of every deck. A card shown by an effect (a search, Underworld Connections, Darth Sidious) is
known while it stays where it was shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dejarik.core.rng import Rng
from dejarik.tcg.carddefs import BATTLE
from dejarik.tcg.effects import card_counters, open_hand
from dejarik.tcg.state import ARENA_NAMES, ASIDE, BUILD, DECK, HAND, HELD, PHASE_NAMES, SIDE_NAMES

if TYPE_CHECKING:
    from dejarik.tcg.state import TcgState as S


def _unit(s: S, u: int, player: int) -> dict[str, Any]:
    return {"id": u, "name": s.name(u), "speed": s.speed(u), "power": s.power(u),
            "health": s.health(u), "damage": s.damage[u], "tapped": s.tapped[u],
            "stack": [s.name(x) for x in s.under.get(u, ())],
            "pilots": [s.name(x) for x in s.aboard.get(u, ())],
            "equipment": [s.name(x) for x in s.gear.get(u, ())],
            # cards held face down under it: how many, and those the player may know
            "held": [s.name(x) if knows(s, player, x) else "a face-down card"
                     for x in s.held.get(u, ())]}


def _aside(s: S, c: int, player: int) -> dict[str, Any]:
    """A set-aside card as `player` may see it: its name if they may know it, and who may play it."""
    rec = s.aside[c]
    by = SIDE_NAMES[rec[0]] if rec[1] and s.d(c).kind == BATTLE else None
    return {"name": s.name(c) if knows(s, player, c) else "a face-down card", "playable_by": by}


def knows(s: S, player: int, inst: int) -> bool:
    """Whether `player` (-1: a spectator, who knows only what is public) may know which card
    this instance is."""
    z = s.zone[inst]
    if z == DECK:
        return False
    if s.owner[inst] == player:
        return True
    shown = player >= 0 and bool(s.shown[inst] >> player & 1)
    if z == HAND:       # shown by an effect, or a hand played face up (Labria (A))
        return shown or (player >= 0 and open_hand(s, s.owner[inst]))
    if z == BUILD:
        return s.face_up[inst] or shown
    if z == HELD:       # face down under a unit: known only to whom it was shown
        return shown
    if z == ASIDE:      # set aside (effects.set_aside): face up, or face down and shown
        return shown or bool(s.aside[inst][2])
    return True


def observation(s: S, player: int) -> dict[str, Any]:
    sides = []
    for p in (0, 1):
        build = []
        for slot, c in enumerate(s.build[p]):
            # a card the player can't identify shows only its place and counters: its instance
            # number would tell copies apart, and a re-dealt world puts another card there
            entry: dict[str, Any] = {"slot": slot, "counters": s.counters[c], "retreated": s.face_up[c]}
            if knows(s, player, c):
                entry.update(id=c, name=s.name(c))
            if s.face_up[c]:
                entry.update(_unit(s, c, player))
            build.append(entry)
        known = [s.name(c) for c in s.hand[p] if knows(s, player, c)]
        hand: Any = known if p == player else {"count": len(s.hand[p]), "known": known}
        sides.append({"side": SIDE_NAMES[p], "force": s.force[p], "build_points": s.bp[p],
                      "deck": len(s.deck[p]), "hand": hand,
                      "discard": [s.name(c) for c in s.discard[p]],
                      # removed from the game: face up, known to both (docs/tcg.md)
                      "removed": [s.name(c) for c in s.removed[p]],
                      # set aside for a while (effects.set_aside): the cards this side owns
                      "set_aside": [_aside(s, c, player) for c in sorted(s.aside) if s.owner[c] == p],
                      "arenas": {ARENA_NAMES[a].lower(): [_unit(s, u, player) for u in s.arena[p][a]]
                                 for a in range(3)},
                      "locations": {ARENA_NAMES[a].lower(): {"id": c, "name": s.name(c),
                                                             "counters": card_counters(s, c)}
                                    for a, c in enumerate(s.places) if c >= 0 and s.owner[c] == p},
                      "build_zone": build})
    out: dict[str, Any] = {"game": "tcg", "player": player,
                           "you": SIDE_NAMES[player] if player >= 0 else "a spectator",
                           "turn": s.turn, "phase": PHASE_NAMES[s.phase],
                           "step": ARENA_NAMES[s.step] if s.step >= 0 else None,
                           "sides": sides, "done": s.done,
                           "winner": SIDE_NAMES[s.won] if s.done and s.won >= 0 else None}
    if s.atk is not None:
        out["attack"] = {"attacker": s.name(s.atk[0]), "defender": s.name(s.atk[1]), "dice": list(s.dice)}
    if s.dmg is not None:
        out["damage"] = {"unit": s.name(s.dmg[0]), "amount": s.dmg[1], "prevented": s.dmg[4]}
    if not s.done and s.current_player == player:
        out["legal"] = [s.action_to_text(a) for a in s.legal_actions()]
    if not s.done and s.tasks:
        from dejarik.tcg.decisions import decision

        out["decision"] = decision(s, player)
    return out


def resample_hidden(s: S, player: int, seed: int) -> S:
    """A copy where every card `player` cannot identify is dealt again from the same pool.

    The opponent's unknown hand cards, face-down build-zone cards and deck are pooled and
    re-dealt (a face-down card only gets a card that can be built: no Battle card);
    both decks are shuffled, and the copy's dice come from a generator of its own. The known
    cards stay where they are (also the opponent's deck cards shown to the player in their
    places: revealed on top and not shuffled since)."""
    w = s.clone()
    rng = Rng(seed)
    opp = 1 - player
    hidden_hand = [i for i, c in enumerate(w.hand[opp]) if not knows(w, player, c)]
    hidden_build = [i for i, c in enumerate(w.build[opp]) if not knows(w, player, c)]
    # the opponent's cards held face down under a unit that the player may not know
    hidden_held = [(u, i) for u, cards in sorted(w.held.items()) for i, c in enumerate(cards)
                   if w.owner[c] == opp and not knows(w, player, c)]
    # the opponent's face-down set-aside cards the player may not know (effects.set_aside)
    hidden_aside = [c for c in sorted(w.aside) if w.owner[c] == opp and not knows(w, player, c)]
    # the opponent's deck cards shown to the player where they lie (revealed or looked at on
    # top and not shuffled since: Parting of Heroes' revealed cards) stay in their places
    kept = {i for i, c in enumerate(w.deck[opp]) if w.shown[c] >> player & 1}
    # sorted first, so the deal depends on the seed and not on where the cards really are
    pool = sorted([w.hand[opp][i] for i in hidden_hand] + [w.build[opp][i] for i in hidden_build]
                  + [w.held[u][i] for u, i in hidden_held] + hidden_aside
                  + [c for i, c in enumerate(w.deck[opp]) if i not in kept])
    rng.shuffle(pool)
    records = [w.aside.pop(c) for c in hidden_aside]
    for rec in records:
        c = pool.pop()
        w.aside[c] = rec
        w.zone[c] = ASIDE
        w.shown[c] = 1 << opp
    for u, i in hidden_held:
        c = pool.pop()
        w.held[u][i] = c
        w.zone[c] = HELD
        w.shown[c] = 1 << opp
    buildable = [c for c in pool if w.d(c).kind != 1]
    for i in hidden_build:
        c = buildable.pop() if buildable else pool[-1]
        pool.remove(c)
        w.build[opp][i] = c
        w.zone[c] = BUILD
        w.shown[c] = 1 << opp
    for i in hidden_hand:
        c = pool.pop()
        w.hand[opp][i] = c
        w.zone[c] = HAND
        w.shown[c] = 1 << opp
    for c in pool:
        w.zone[c] = DECK
        w.shown[c] = 0
    if kept:
        deck = list(w.deck[opp])
        for i in range(len(deck)):
            if i not in kept:
                deck[i] = pool.pop()
        w.deck[opp] = deck
    else:
        w.deck[opp] = pool
    # the face-down cards moved: counters belong to the slot, not the card
    counters = {i: s.counters[s.build[opp][i]] for i in hidden_build}
    for c in [s.build[opp][i] for i in hidden_build]:
        w.counters[c] = 0
    for i, n in counters.items():
        w.counters[w.build[opp][i]] = n
    w.deck[player].sort()
    rng.shuffle(w.deck[player])
    # a secret bid the player has not seen (effects._secret_bid): dealt again as a guess
    for k, task in enumerate(w.tasks):
        if task[0] == "?secret_bid" and task[2] >= 0 and task[1] == player:
            w.tasks[k] = (*task[:2], rng.below(w.force[opp] + 1), *task[3:])
    # the dice to come are hidden too: the copy rolls from its own generator, never the game's
    w.rng = Rng(rng.next64())
    w._legal = None
    return w

