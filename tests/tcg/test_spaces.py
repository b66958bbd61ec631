"""The trading card game's learning spaces (dejarik.tcg.tensors, docs/rl.md): what a side may
not identify stays a plain "hidden" row, and the two caps on unbounded numbers."""

from __future__ import annotations

import numpy as np

from dejarik.agents.base import parse_agents
from dejarik.core.spaces import learning_game
from dejarik.tcg import flow as F
from dejarik.tcg.observe import knows
from dejarik.tcg.state import (
    ARENA,
    ARENA_NAMES,
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
from dejarik.tcg.tensors import BID_STEPS, BUILD_AT_ONCE, CARD_FEATURES, LOCATIONS, spaces_for
from tests.tcg.helpers import DARK, LIGHT, position, start, unit


def test_a_face_down_card_of_the_opponent_is_only_hidden_and_its_counters_are_public() -> None:
    s = position(dark={"build": [("Jango Fett (A)", 3)], "hand": ["Geonosian Sentry"]},
                 light={"arena": ["Obi-Wan Kenobi (A)"]})
    s.shown = [1 << s.owner[c] for c in range(len(s.card_def))]
    layout = spaces_for(s)
    obs = layout.observe(s, LIGHT)
    cards = obs[:layout.n * layout.card_width].reshape(layout.n, layout.card_width)
    hidden = LOCATIONS.index("opp_hidden")
    for name in ("Jango Fett (A)", "Geonosian Sentry"):
        row = cards[unit(s, name, DARK)]
        assert row[hidden] == 1 and row[:len(LOCATIONS)].sum() == 1
        assert row[CARD_FEATURES.index("counters")] == 0, "the counters are the slot's, not the card's"
    slots = obs[layout.n * layout.card_width:][:3]
    assert np.allclose(slots, [1.0, 3 / 20, 0.0])    # present, 3 counters, not known
    dark_view = layout.observe(s, DARK)[:layout.n * layout.card_width].reshape(layout.n, -1)
    assert dark_view[unit(s, "Jango Fett (A)", DARK), LOCATIONS.index("my_build")] == 1


def test_builds_beyond_the_cap_are_not_offered_and_the_rest_are() -> None:
    s = start(position(dark={"hand": ["Jango Fett (A)"]}, light={}), ("?build", DARK))
    s.bp[DARK] = BUILD_AT_ONCE + 3
    s._legal = None
    layout = spaces_for(s)
    builds = [a for a in s.legal_actions() if a[0] == F.BUILD_K]
    assert len(builds) == BUILD_AT_ONCE + 3
    offered = {a for a in layout.legal(s).values() if a[0] == F.BUILD_K}
    assert offered == {a for a in builds if a[2] <= BUILD_AT_ONCE}
    assert layout.mask(s).sum() == len(layout.legal(s)) == len(s.legal_actions()) - 3


def test_bids_are_offered_up_to_the_cap_above_the_lowest() -> None:
    s = position(dark={"arena": ["Jango Fett (A)"]}, light={"arena": ["Obi-Wan Kenobi (A)"]},
                 force=(BID_STEPS + 10, 0))
    u, v = unit(s, "Jango Fett (A)"), unit(s, "Obi-Wan Kenobi (A)")
    s = start(s, ("?bid", u, v, 0, 0, DARK, 0))
    layout = spaces_for(s)
    bids = sorted(a[1] for a in layout.legal(s).values() if a[0] == F.BID)
    assert bids == list(range(1, BID_STEPS + 1))
    assert np.flatnonzero(layout.mask(s)).size == BID_STEPS + 1   # and pass


PLACES = {DECK: "deck", HAND: "hand", DISCARD: "discard", BUILD: "build", UNDER: "stack",
          PILOTING: "pilot", EQUIPPED: "equipped", HELD: "held", REMOVED: "removed",
          ASIDE: "aside"}
"""The location column's name for a zone, after "my_" or "opp_" (LOCATIONS)."""


def _scaled(x: int, top: float = 20.0) -> np.float32:
    return np.float32(min(max(x / top, 0.0), 1.0))


def _where(s: TcgState, c: int, side: int) -> str:
    """The location column a known card's row should mark, by the docs' names."""
    whose = "my" if s.owner[c] == side else "opp"
    z = s.zone[c]
    if z in (ARENA, PLACE):
        arena = s.unit_arena(c) if z == ARENA else s.location_arena(c)
        return f"at_{whose}_{ARENA_NAMES[arena].lower()}"
    name = PLACES[z]
    if whose == "opp" and name in ("hand", "build"):
        name += "_shown"
    return f"at_{whose}_{name}"


def test_each_cards_row_says_where_it_is_and_how_it_stands() -> None:
    """At every step of random and rule-of-thumb games, from both sides: a card the side may
    not identify is only "hidden"; any other marks its one place, its counters, damage,
    tapped and retreated state, and in an arena its current speed, power, health and stack
    (each over its scale, clipped to 0..1); the attack's units and the unit taking damage are
    marked."""
    game, _ = learning_game("tcg")
    cfg = game.normalize_config({"turn_limit": 30})
    col = {name: i for i, name in enumerate(CARD_FEATURES)}
    dynamic = slice(len(LOCATIONS), col["unit"])
    checked = in_arena = 0
    for seed in range(3):
        s = game.new_state(cfg, seed)
        layout = spaces_for(s)
        players = parse_agents("random" if seed % 2 else "greedy", seed, 2)
        while not s.is_terminal():
            for side in (0, 1):
                cards = layout.observe(s, side)[:layout.n * layout.card_width].reshape(layout.n, -1)
                for c in range(layout.n):
                    row = cards[c]
                    assert row[:len(LOCATIONS)].sum() == 1
                    if s.owner[c] != side and not knows(s, side, c):
                        assert row[col["at_opp_hidden"]] == 1 and not row[dynamic].any()
                        continue
                    assert row[col[_where(s, c, side)]] == 1
                    assert row[col["counters"]] == _scaled(s.counters[c])
                    assert row[col["damage"]] == _scaled(s.damage[c])
                    assert (row[col["tapped"]], row[col["retreated"]]) == (s.tapped[c], s.face_up[c])
                    stats = (s.speed(c), s.power(c), s.health(c)) if s.zone[c] == ARENA else (0, 0, 0)
                    assert [row[col[k]] for k in ("speed", "power", "health")] == [_scaled(x) for x in stats]
                    stack = s.stack_size(c) if s.zone[c] == ARENA else 0
                    assert row[col["stacked"]] == _scaled(stack, F.MAX_STACK)
                    attack = s.atk if s.atk is not None else [-1, -1]
                    assert (row[col["attacking"]], row[col["defending"]]) == (c == attack[0], c == attack[1])
                    assert row[col["taking_damage"]] == (s.dmg is not None and s.dmg[0] == c)
                    checked += 1
                    in_arena += s.zone[c] == ARENA
            s.apply(players[s.current_player].act(s))
    assert checked > 10_000 and in_arena > 500
