"""What a player may know, and the re-deal of what they may not (for AI search).

Squad cards are kept face up (seed 001, "Karty oddziałów"), so every hand is public. Hidden
are the order of the squad, villain and invasion decks, and which missions are in the mission
deck (the rest went back to the box unseen, "Przygotowanie" 7). After "Planet Under Siege!"
the players know which cards were shuffled onto the invasion deck, not their order.
The pending decision, in words, is public too; only its decider's observation lists the
options (words.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dejarik.core.rng import Rng
from dejarik.pandemic.words import decision

if TYPE_CHECKING:
    from dejarik.pandemic.state import PandemicState as S


def observation(s: S, player: int) -> dict[str, Any]:
    pack = s.pack
    v = pack.villains[s.villain]
    segments = []
    top = len(s.inv_deck)
    for size in s.inv_segments:
        segments.append(sorted(_card(s, c) for c in s.inv_deck[top - size:top]))
        top -= size
    obs: dict[str, Any] = {
        "game": "pandemic", "pack": pack.id, "published": pack.published, "player": player,
        "turn": s.turn, "active": s.active, "phase": ("setup", "actions", "villain", "invasion")[s.phase],
        "actions_left": s.actions_left, "ability_uses_left": s.uses_left,
        "to_act": s.current_player, "done": s.done, "won": s.won, "end": s.end_reason,
        "threat": {"space": s.threat, "last": s.threat_last},
        "invasion": {"space": s.invasion, "rate": s.rates[s.invasion], "rates": list(s.rates)},
        "pool": {"droids": s.droid_pool, "blockades": s.blockade_pool},
        "planets": [{"name": name, "droids": s.droids[p], "blockades": s.blockades[p],
                     "routes": [pack.planets[q] for q in s.routes[p]]}
                    for p, name in enumerate(pack.planets)],
        "jedi": [{"seat": j, "name": s.jedi_name(j), "planet": s.planet_name(s.pos[j]),
                  "cards": [{"name": s.card_name(c), "exhausted": s.exhausted[c]} for c in s.hands[j]]}
                 for j in range(s.num_players)],
        "villain": {"name": v.name, "finale": s.finale, "reminder": s.reminder,
                    "figures": [{"name": f.name,
                                 "planet": s.planet_name(s.fig_pos[i]) if s.fig_pos[i] >= 0 else None,
                                 "health": s.figure_health(i)} for i, f in enumerate(v.figures)],
                    "counters": {c[0]: s.counters[i] for i, c in enumerate(v.counters)},
                    "deck": len(s.villain_deck), "discard": [v.deck[c].name for c in s.villain_discard]},
        "missions": [{"slot": ("orange", "white")[k], "name": pack.missions[m].name if m >= 0 else None,
                      "planet": s.planet_name(s.mission_planet(k)) if s.mission_planet(k) >= 0 else None}
                     for k, m in enumerate(s.slots)],
        "mission_deck": len(s.mission_deck), "missions_done": [pack.missions[m].name for m in s.mission_done],
        "squad_deck": len(s.squad_deck), "squad_discard": [s.card_name(c) for c in s.squad_discard],
        "invasion_deck": len(s.inv_deck), "invasion_deck_known_groups": segments,
        "invasion_discard": [_card(s, c) for c in s.inv_discard],
    }
    pending = decision(s, player)
    if pending is not None:
        obs["decision"] = pending
    return obs


def _card(s: S, c: int) -> str:
    return s.planet_name(c) if c >= 0 else ("Mission Planet (orange)", "Mission Planet (white)")[-c - 1]


def resample_hidden(s: S, seed: int) -> S:
    """A copy with every hidden order dealt again, and future dice from a fresh generator.
    Each hidden group is sorted before it is shuffled, so the copy depends only on what the
    players may know and the seed: the true order cannot leak into a search."""
    t = s.clone()
    rng = t.rng = Rng(seed)
    t.squad_deck.sort()
    rng.shuffle(t.squad_deck)
    t.villain_deck.sort()
    rng.shuffle(t.villain_deck)
    known = sum(t.inv_segments)
    rest = sorted(t.inv_deck[:len(t.inv_deck) - known])
    rng.shuffle(rest)
    groups = [rest]
    top = len(t.inv_deck)
    for size in t.inv_segments:
        group = sorted(t.inv_deck[top - size:top])
        rng.shuffle(group)
        groups.insert(1, group)
        top -= size
    t.inv_deck = [c for g in groups for c in g]
    unseen = sorted(t.mission_deck + t.mission_unseen)
    rng.shuffle(unseen)
    k = len(t.mission_deck)
    t.mission_deck, t.mission_unseen = unseen[:k], unseen[k:]
    t._legal = None
    return t
