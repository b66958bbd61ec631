"""Writing an observation in place, compiled: only the entries that changed.

An observer keeps a copy of what its array holds; a step's new values are compared with it
one by one, in native code, and only those that differ are written through a memoryview of
the array (each write from Python through NumPy's indexing would cost more than the whole).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dejarik.core.spaces import FloatArray


def unit(v: float) -> float:
    """Clipped to 0..1 (a count past its scale reads as full, a stat below 0 as 0)."""
    return min(max(v, 0.0), 1.0)


def write_changed(values: list[float], last: list[float], out: FloatArray, at: int) -> None:
    """Write `values` to `out[at:]` where they differ from `last` (what it holds there, kept up
    to date; empty at first, standing for zeros). A value past 1 is written as 1: every
    observation's values are at most 1."""
    if not last:
        last.extend([0.0] * len(values))
    for i in range(len(values)):
        v = values[i]
        if v > 1.0:
            v = 1.0
        if last[i] != v:
            last[i] = v
            out[at + i] = v
