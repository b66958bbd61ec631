"""Which benchmark module measures which game: `dejarik bench GAME` runs the module named here
(its RATES, then its SEARCH rates), and, for a game with learning spaces, interop_bench.py."""

from __future__ import annotations

BENCHMARKS: dict[str, str] = {
    "deckbuilding": "deckbuilding_bench",
    "pandemic": "pandemic_bench",
    "tcg": "tcg_bench",
}
"""Game name -> module in bench/. Each module declares RATES, [(label, rate(seconds))] of
whole-game rates, and SEARCH, [(label, rate(seconds))] of search rates (may be empty)."""
