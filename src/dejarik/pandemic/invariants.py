"""What must hold in every position (the fuzz tests and `dejarik` debugging use these).

Droids and blockades are conserved between the board and the pool, every squad, invasion,
villain and mission card is in exactly one place, the tracks are in bounds, no planet holds
more droids than it may, and once a step has resolved no hand is above the limit.
"""

from __future__ import annotations

from collections import Counter

from dejarik.pandemic.state import PHASES, PandemicState


def check_invariants(s: PandemicState) -> list[str]:
    """Every broken invariant, in words (empty: all hold)."""
    from dejarik.pandemic.flow import task_problem

    wrong = task_problem(s)
    if wrong:
        return [wrong]
    if not s.tasks and not s.done:
        return ["the game goes on but no rule is pending (the task stack is empty)"]
    pack = s.pack
    figures = len(pack.villains[s.villain].figures)
    if not len(s.fig_pos) == len(s.fig_last) == len(s.defeated) == figures:
        return [f"the villain has {figures} figures, not {len(s.fig_pos)} positions, "
                f"{len(s.fig_last)} last planets and {len(s.defeated)} defeated marks"]
    fail: list[str] = []
    if sum(s.droids) + s.droid_pool != pack.components["droids"]:
        fail.append(f"droids: {sum(s.droids)} on the board + {s.droid_pool} in the pool")
    if sum(s.blockades) + s.blockade_pool != pack.components["blockades"]:
        fail.append(f"blockades: {sum(s.blockades)} on the board + {s.blockade_pool} in the pool")
    if min(s.droids + s.blockades + [s.droid_pool, s.blockade_pool]) < 0:
        fail.append("a negative count of enemies")
    if max(s.droids) > s.max_droids:
        fail.append(f"a planet holds {max(s.droids)} droids")
    if not 0 <= s.threat <= s.threat_last or not 0 <= s.invasion < len(s.rates):
        fail.append(f"a track out of bounds: threat {s.threat}, invasion {s.invasion}")
    if s.threat >= s.threat_last and not (s.done and not s.won):
        fail.append("the threat is on its last space but the game goes on")
    squad = sorted(s.squad_deck + s.squad_discard + [c for h in s.hands for c in h])
    if squad != list(range(len(s.card_def))):
        fail.append("squad cards are not each in exactly one place")
    held = {c for h in s.hands for c in h}
    if any(s.exhausted[c] for c in range(len(s.card_def)) if c not in held):
        fail.append("an exhausted card outside a hand")
    invasion = Counter(s.inv_deck + s.inv_discard)
    if invasion != Counter([*(pack.invasion_cards or ()), -1, -2]):
        fail.append("invasion cards are not each in exactly one place")
    if sum(s.inv_segments) > len(s.inv_deck) or any(k <= 0 for k in s.inv_segments):
        fail.append(f"invasion deck groups {s.inv_segments} do not fit a deck of {len(s.inv_deck)}")
    resolving = [t[1] for t in s.tasks if t[0] == "villain_discard"]
    villain = sorted(s.villain_deck + s.villain_discard + resolving)
    if villain != list(range(len(pack.villains[s.villain].deck))):
        fail.append("villain cards are not each in exactly one place")
    regular = sorted(m for m in s.mission_deck + s.mission_unseen + s.mission_done +
                     [m for m in s.slots if m >= 0] if not pack.missions[m].finale)
    if regular != [i for i, m in enumerate(pack.missions) if not m.finale]:
        fail.append("missions are not each in exactly one place")
    if s.tasks and s.tasks[-1][0] == "?act" and not s.done:
        limit = pack.rules["hand_limit"]
        over = [s.jedi_name(j) for j in range(s.num_players) if len(s.hands[j]) > limit]
        if over:
            fail.append(f"above the hand limit once a step has resolved: {', '.join(over)}")
    if any(not 0 <= p < len(s.droids) for p in s.pos) or any(p >= len(s.droids) for p in s.fig_pos):
        fail.append("a figure is off the board's planets")
    if not 0 <= s.phase < len(PHASES) or not 0 <= s.active < s.num_players:
        fail.append(f"no such phase or active seat: phase {s.phase}, active seat {s.active}")
    for i, (name, _, lo, hi) in enumerate(pack.villains[s.villain].counters):
        if not lo <= s.counters[i] <= hi:
            fail.append(f"counter {name} is {s.counters[i]}, outside {lo}..{hi}")
    return fail
