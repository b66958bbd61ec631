"""The trading card game's learning spaces (dejarik.tcg.tensors, docs/rl.md): what a side may
not identify stays a plain "hidden" row, and the two caps on unbounded numbers."""

from __future__ import annotations

import numpy as np

from dejarik.tcg import flow as F
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
