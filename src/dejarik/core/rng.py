"""One seeded generator per game: SplitMix64, a single int of state.

Python's `random` module is avoided on purpose: its algorithms may change between
versions, and a replay must reproduce forever. The state is one integer, so it clones,
hashes and serialises trivially.
"""

from __future__ import annotations

from typing import Final, TypeVar

from mypy_extensions import i64  # compiled: a machine word; interpreted: an int

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15
_M32: Final = 0xFFFFFFFF
_M16: Final = 0xFFFF
_W_LIMIT: Final = 1 << 31   # the halves' `below(n)` keeps (n-1)**2 + 2**32 inside a machine word


def _probe() -> None:
    """Compiled by mypyc, a function has no `__code__`: that is how the module knows."""


# Compiled, ints below 2**62 are machine words and larger ones are heap objects: the 64-bit
# arithmetic is then done on 32-bit halves, every intermediate below 2**49 (the `_w` methods).
# Interpreted, Python's own big ints are faster. Both give the same numbers (tests/test_rng.py).
_NATIVE = not hasattr(_probe, "__code__")

T = TypeVar("T")


class Rng:
    """A small deterministic PRNG owned by one game state."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        if _NATIVE:
            return self._next64_w()
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def random(self) -> float:
        """A uniform float in [0, 1), from the top 53 bits of one draw."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        if _NATIVE and n < _W_LIMIT:
            return self._below_w(n)
        limit = _MASK - (_MASK + 1) % n
        while True:
            x = self.next64()
            if x <= limit:
                return x % n

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, in place. The same draws as calling `below(i + 1)` for each i, with
        next64 and below written out inline: search shuffles thousands of decks a second."""
        if _NATIVE and len(items) < _W_LIMIT:
            self._shuffle_w(items)
            return
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _MASK - (_MASK + 1) % n
            while True:
                state = (state + _GAMMA) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z <= limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    # -- the same on 32-bit halves (see `_NATIVE`) --
    def _next64_w(self) -> int:
        hi, lo = _step_w(self.state >> 32, self.state & _M32)
        self.state = (int(hi) << 32) | int(lo)
        zh, zl = _mix_w(hi, lo)
        return (int(zh) << 32) | int(zl)

    def _below_w(self, n: i64) -> i64:
        hi: i64 = self.state >> 32
        lo: i64 = self.state & _M32
        m32: i64 = (_M32 + 1) % n
        spare: i64 = (m32 * m32) % n   # 2**64 mod n: a draw among the top `spare` is redrawn
        while True:
            hi, lo = _step_w(hi, lo)
            zh, zl = _mix_w(hi, lo)
            if zh != _M32 or zl <= _M32 - spare:
                self.state = (int(hi) << 32) | int(lo)
                return ((zh % n) * m32 + zl) % n

    def _shuffle_w(self, items: list[T]) -> None:
        hi: i64 = self.state >> 32
        lo: i64 = self.state & _M32
        i: i64 = len(items) - 1
        while i > 0:
            n = i + 1
            m32: i64 = (_M32 + 1) % n
            spare: i64 = (m32 * m32) % n
            while True:
                hi, lo = _step_w(hi, lo)
                zh, zl = _mix_w(hi, lo)
                if zh != _M32 or zl <= _M32 - spare:
                    break
            j = ((zh % n) * m32 + zl) % n
            items[i], items[j] = items[j], items[i]
            i -= 1
        self.state = (int(hi) << 32) | int(lo)

    def copy(self) -> Rng:
        return Rng(self.state)


def _mul_w(ah: i64, al: i64, bh: i64, bl: i64) -> tuple[i64, i64]:
    """(a * b) mod 2**64 on 32-bit halves."""
    p0 = (al & _M16) * bl                  # the low half's product, in two 16-bit pieces
    p1 = (al >> 16) * bl
    low = (p0 & _M32) + ((p1 & _M16) << 16)
    high = (p0 >> 32) + (p1 >> 16) + (low >> 32) + _mul32(al, bh) + _mul32(ah, bl)
    return high & _M32, low & _M32


def _mul32(x: i64, y: i64) -> i64:
    """(x * y) mod 2**32."""
    return ((x & _M16) * y + ((((x >> 16) * y) & _M16) << 16)) & _M32


def _xorshift_w(zh: i64, zl: i64, k: i64) -> tuple[i64, i64]:
    """z ^ (z >> k) for 0 < k < 32."""
    return zh ^ (zh >> k), zl ^ (((zl >> k) | (zh << (32 - k))) & _M32)


_G_HI: Final = _GAMMA >> 32
_G_LO: Final = _GAMMA & _M32
_C1_HI: Final = 0xBF58476D
_C1_LO: Final = 0x1CE4E5B9
_C2_HI: Final = 0x94D049BB
_C2_LO: Final = 0x133111EB


def _step_w(hi: i64, lo: i64) -> tuple[i64, i64]:
    """The state plus the golden gamma, mod 2**64."""
    lo += _G_LO
    return (hi + _G_HI + (lo >> 32)) & _M32, lo & _M32


def _mix_w(hi: i64, lo: i64) -> tuple[i64, i64]:
    """SplitMix64's output function of a state."""
    zh, zl = _xorshift_w(hi, lo, 30)
    zh, zl = _mul_w(zh, zl, _C1_HI, _C1_LO)
    zh, zl = _xorshift_w(zh, zl, 27)
    zh, zl = _mul_w(zh, zl, _C2_HI, _C2_LO)
    return _xorshift_w(zh, zl, 31)
