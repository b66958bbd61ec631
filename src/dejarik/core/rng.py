"""One seeded generator per game: SplitMix64, a single int of state.

Python's `random` module is avoided on purpose: its algorithms may change between
versions, and a replay must reproduce forever. The state is one integer, so it clones,
hashes and serialises trivially.
"""

from __future__ import annotations

from typing import TypeVar

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15

T = TypeVar("T")


class Rng:
    """A small deterministic PRNG owned by one game state."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
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
        limit = _MASK - (_MASK + 1) % n
        while True:
            x = self.next64()
            if x <= limit:
                return x % n

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, in place. The same draws as calling `below(i + 1)` for each i, with
        next64 and below written out inline: search shuffles thousands of decks a second."""
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

    def copy(self) -> Rng:
        return Rng(self.state)
