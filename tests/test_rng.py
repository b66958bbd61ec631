"""The seeded generator: SplitMix64, whichever way it is computed.

Compiled, `Rng` works on 32-bit halves (`_next64_w`, `_below_w`, `_shuffle_w`); interpreted, on
Python's big ints. A replay must come out the same under either build, forever, so both ways
are checked here against a reference written from the algorithm's definition."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dejarik.core.rng import Rng

MASK = (1 << 64) - 1


class Reference:
    """SplitMix64 as published (add the golden gamma, then mix), with an unbiased `below` by
    rejection of the top 2**64 mod n draws, and a Fisher-Yates shuffle from the last item."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = ((self.state ^ (self.state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        while True:
            x = self.next64()
            if x < (1 << 64) - (1 << 64) % n:
                return x % n

    def shuffle(self, items: list[int]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def test_the_first_draws_from_state_0_are_splitmix64s() -> None:
    # SplitMix64's published first outputs from state 0
    ref = Reference(0)
    assert [ref.next64(), ref.next64()] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]
    r, w = Rng(0), Rng(0)
    assert [r.next64(), r.next64()] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]
    assert [w._next64_w(), w._next64_w()] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=MASK))
def test_draws_match_the_reference_both_ways(seed: int) -> None:
    ref, r, w = Reference(seed), Rng(seed), Rng(seed)
    expected = [ref.next64() for _ in range(8)]
    assert [r.next64() for _ in range(8)] == expected
    assert [w._next64_w() for _ in range(8)] == expected
    assert r.state == w.state == ref.state


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=MASK),
       st.lists(st.one_of(st.integers(min_value=1, max_value=200),
                          st.integers(min_value=1, max_value=(1 << 31) - 1)),
                min_size=1, max_size=6))
def test_below_matches_the_reference_both_ways(seed: int, bounds: list[int]) -> None:
    ref, r, w = Reference(seed), Rng(seed), Rng(seed)
    for n in bounds:
        expected = ref.below(n)
        assert r.below(n) == expected
        assert w._below_w(n) == expected
        assert r.state == w.state == ref.state


def _unxorshift(z: int, k: int) -> int:
    x = z
    for _ in range(64 // k + 1):
        x = z ^ (x >> k)
    return x


def state_before(draw: int) -> int:
    """The state whose next draw is `draw` (SplitMix64's mix is a bijection: undo each step)."""
    y = _unxorshift(draw, 31)
    y = (y * pow(0x94D049BB133111EB, -1, 1 << 64)) & MASK
    y = _unxorshift(y, 27)
    y = (y * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & MASK
    return (_unxorshift(y, 30) - 0x9E3779B97F4A7C15) & MASK


def test_a_rejected_draw_is_drawn_again_both_ways() -> None:
    # 2**64 mod 3 = 1: the all-ones draw alone is rejected for n = 3, and the next one is used
    seed = state_before(MASK)
    assert Reference(seed).next64() == MASK
    ref, r, w = Reference(seed), Rng(seed), Rng(seed)
    expected = ref.below(3)
    assert r.below(3) == w._below_w(3) == expected
    assert r.state == w.state == ref.state == (seed + 2 * 0x9E3779B97F4A7C15) & MASK
    a, b, c = [0, 1, 2], [0, 1, 2], [0, 1, 2]   # the first swap draws below(3) too
    Reference(seed).shuffle(a)
    Rng(seed).shuffle(b)
    Rng(seed)._shuffle_w(c)
    assert a == b == c


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=MASK), st.integers(min_value=0, max_value=120))
def test_shuffle_matches_the_reference_both_ways(seed: int, size: int) -> None:
    ref, r, w = Reference(seed), Rng(seed), Rng(seed)
    expected, a, b = list(range(size)), list(range(size)), list(range(size))
    ref.shuffle(expected)
    r.shuffle(a)
    w._shuffle_w(b)
    assert a == b == expected
    assert r.state == w.state == ref.state
