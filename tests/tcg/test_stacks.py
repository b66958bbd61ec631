"""Stacks of versions of a unique unit: ../shared/reference/swtcg.md section 10, and
restacking in the build step (seed 004 line 26, "Ciemna Strona buduje": "reorganizować stosy
kart w arenach", rearrange the stacks in the arenas)."""

from __future__ import annotations

from dejarik.tcg.invariants import check_invariants
from dejarik.tcg.state import ARENA, DARK, DISCARD, UNDER
from tests.tcg.helpers import act, position, start, texts, unit


def _jango(arena: list[str], build: list[tuple[str, int]], **options: str) -> object:
    return start(position(dark={"arena": arena, "build": build}, **options), ("?build", DARK))


def test_ref_10_a_costlier_version_may_go_on_top_or_under_a_cheaper_only_under() -> None:
    s = _jango(["Jango Fett (C)"], [("Jango Fett (B)", 6), ("Jango Fett (D)", 4)])
    b, d = unit(s, "Jango Fett (B)"), unit(s, "Jango Fett (D)")
    options = texts(s)
    assert f"deploy Jango Fett (B)#{b}" in options and f"deploy Jango Fett (B)#{b} under" in options
    assert f"deploy Jango Fett (D)#{d} under" in options and f"deploy Jango Fett (D)#{d}" not in options


def test_ref_10_the_top_card_gets_10_speed_1_power_1_health_per_card_beneath() -> None:
    s = _jango(["Jango Fett (C)"], [("Jango Fett (B)", 6), ("Jango Fett (D)", 4)])
    c, b, d = unit(s, "Jango Fett (C)"), unit(s, "Jango Fett (B)"), unit(s, "Jango Fett (D)")
    act(s, f"deploy Jango Fett (B)#{b}")
    act(s, f"deploy Jango Fett (D)#{d} under")
    assert s.arena[DARK][2] == [b] and s.under[b] == [c, d] and s.zone[c] == s.zone[d] == UNDER
    assert (s.speed(b), s.power(b), s.health(b)) == (60 + 20, 6 + 2, 4 + 2)   # Jango Fett (B) + 2 beneath
    assert check_invariants(s) == []


def test_ref_10_the_same_version_never_stacks_and_four_at_most() -> None:
    s = _jango(["Jango Fett (C)"], [("Jango Fett (C)", 5)])
    assert not [t for t in texts(s) if t.startswith("deploy")]
    s = _jango(["Jango Fett (C)"], [("Jango Fett (B)", 6), ("Jango Fett (D)", 4), ("Jango Fett (A)", 8)])
    for name, how in (("B", ""), ("D", " under"), ("A", "")):
        act(s, f"deploy Jango Fett ({name})#{unit(s, f'Jango Fett ({name})')}{how}")
    top = unit(s, "Jango Fett (A)")
    assert len(s.under[top]) == 3            # four versions: the most a stack holds
    assert check_invariants(s) == []


def test_line_26_restacking_puts_any_card_on_top_and_the_damage_stays() -> None:
    s = _jango(["Jango Fett (C)"], [("Jango Fett (B)", 6)])
    c, b = unit(s, "Jango Fett (C)"), unit(s, "Jango Fett (B)")
    act(s, f"deploy Jango Fett (B)#{b}")
    s.damage[b] = 3
    act(s, f"restack Jango Fett (B)#{b} Jango Fett (C)#{c}")
    assert s.arena[DARK][2] == [c] and s.under[c] == [b] and s.zone[b] == UNDER
    assert s.damage[c] == 3 and s.damage[b] == 0      # the damage stays with the stack
    assert check_invariants(s) == []


def test_line_26_a_frailer_top_card_with_too_much_damage_is_destroyed() -> None:
    s = _jango(["Jango Fett (A)"], [("Jango Fett (D)", 4)])
    a, d = unit(s, "Jango Fett (A)"), unit(s, "Jango Fett (D)")
    act(s, f"deploy Jango Fett (D)#{d} under")
    s.damage[a] = 5                                   # Jango Fett (A): health 6 + 1
    act(s, f"restack Jango Fett (A)#{a} Jango Fett (D)#{d}")   # (D): health 3 + 1 < 5
    assert s.zone[a] == s.zone[d] == DISCARD and not s.arena[DARK][2]
    assert check_invariants(s) == []


def test_stack_cost_option_full_by_default_or_the_difference() -> None:
    full = _jango(["Jango Fett (C)"], [("Jango Fett (B)", 2)])
    assert not [t for t in texts(full) if t.startswith("deploy")]      # needs all 6 counters
    cheap = _jango(["Jango Fett (C)"], [("Jango Fett (B)", 1)], stack_cost="difference")
    b = unit(cheap, "Jango Fett (B)")
    assert f"deploy Jango Fett (B)#{b}" in texts(cheap)               # 6 - 5 = 1 counter
    act(cheap, f"deploy Jango Fett (B)#{b}")
    assert cheap.zone[b] == ARENA
    assert check_invariants(cheap) == []
