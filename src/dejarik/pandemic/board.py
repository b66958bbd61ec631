"""Placing and removing enemies, the tracks, paths: the rules every step shares.

Seed 001, "Inwazja", "Okupacja", "Blokady" and "Podnoszenie poziomu zagrożenia": a 4th droid
on a planet is an occupation (threat +1 and a blockade); an enemy the pool lacks raises the
threat instead; a full invasion track raises the threat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dejarik.pandemic.state import PandemicState as S


OCCUPATION = "occupations (a droid sent to a full planet)"
NO_DROID = "an empty droid pool"
NO_BLOCKADE = "an empty blockade pool"
INVASION_FULL = "a full invasion track"


def raise_threat(s: S, n: int = 1, cause: str = "effects") -> None:
    """Seed 001, "Wygrana i przegrana": the last space of the threat track loses at once.
    A simulated game notes what raised it (`cause`) for its run report."""
    if n <= 0 or s.done:
        return
    last = s.threat_last
    if s.trace is not None:
        causes = s.trace["causes"]
        causes[cause] = causes.get(cause, 0) + min(n, last - s.threat)
        if s.threat + n >= last:
            s.trace["lost_to"] = cause
    s.threat = min(last, s.threat + n)
    s.note(f"threat rises to {s.threat} of {last}")
    if s.threat >= last:
        s.finish(False, "the threat reached the last space")


def advance_invasion(s: S, n: int = 1) -> None:
    for _ in range(n):
        if s.invasion < len(s.rates) - 1:
            s.invasion += 1
            s.note(f"invasion rate is now {s.rates[s.invasion]}")
        else:
            s.note("the invasion track is full")
            raise_threat(s, cause=INVASION_FULL)


def place_droid(s: S, p: int) -> None:
    if s.droids[p] >= s.max_droids:
        s.note(f"occupation of {s.planet_name(p)}")
        raise_threat(s, cause=OCCUPATION)
        place_blockade(s, p)
    elif s.droid_pool == 0:
        s.note("no droid left in the pool")
        raise_threat(s, cause=NO_DROID)
    else:
        s.droids[p] += 1
        s.droid_pool -= 1


def place_blockade(s: S, p: int) -> None:
    if s.blockade_pool == 0:
        s.note("no blockade left in the pool")
        raise_threat(s, cause=NO_BLOCKADE)
    else:
        s.blockades[p] += 1
        s.blockade_pool -= 1
        s.note(f"a blockade on {s.planet_name(p)}")


def remove_droids(s: S, p: int, n: int) -> int:
    k = min(n, s.droids[p])
    s.droids[p] -= k
    s.droid_pool += k
    return k


def remove_blockade(s: S, p: int) -> None:
    s.blockades[p] -= 1
    s.blockade_pool += 1
    s.note(f"the blockade on {s.planet_name(p)} is destroyed")


def remove_figure(s: S, f: int) -> None:
    s.note(f"{s.figure_name(f)} is driven off the board")
    s.fig_last[f] = s.fig_pos[f]
    s.fig_pos[f] = -1
    if s.finale:
        s.defeated[f] = True
        s.check_win()


def figures_at(s: S, p: int) -> list[int]:
    return [f for f, at in enumerate(s.fig_pos) if at == p]


def enemies_at(s: S, p: int) -> int:
    return s.droids[p] + s.blockades[p] + sum(1 for at in s.fig_pos if at == p)


def distances(s: S, sources: list[int]) -> list[int]:
    """Route distance from the nearest of `sources` to every planet (breadth first)."""
    dist = [-1] * len(s.droids)
    todo = list(dict.fromkeys(sources))
    for p in todo:
        dist[p] = 0
    i = 0
    while i < len(todo):
        p = todo[i]
        i += 1
        for q in s.routes[p]:
            if dist[q] < 0:
                dist[q] = dist[p] + 1
                todo.append(q)
    return dist


def steps_toward(s: S, at: int, targets: list[int]) -> list[int]:
    """The planets one step along a shortest path from `at` toward the nearest target
    (seed 001, "Rozpatrywanie efektów": always the shortest way; ties go to the active
    player). Empty when already there or when nothing is reachable."""
    if not targets:
        return []
    dist = distances(s, targets)
    if dist[at] <= 0:
        return []
    return [q for q in s.routes[at] if dist[q] == dist[at] - 1]
