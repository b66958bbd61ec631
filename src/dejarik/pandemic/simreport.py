"""The cooperative game's run report: the team's win rate, overall and by difficulty, villain,
team of Jedi and number of players, with 95% Wilson intervals. Its runs are summarised, not
drawn."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from dejarik.core.protocol import GameState
from dejarik.core.reports import RunReport
from dejarik.core.runs import RecordError, summarize_dir
from dejarik.core.stats import pct, pct_range, rate
from dejarik.pandemic.state import PandemicState

GROUPS = (("difficulty", "difficulty"), ("villain", "villain"), ("team", "team of Jedi"),
          ("players", "players"))
ORDER = {"padawan": 0, "knight": 1, "master": 2, "grandmaster": 3}


def _key(rec: Mapping[str, Any], field: str) -> str:
    if field == "team":
        return " + ".join(sorted(rec.get("jedi") or []))
    if field == "players":
        cfg = rec.get("config") or {}
        return "solo (2 Jedi)" if cfg.get("players") == 1 else str(cfg.get("players"))
    return str(rec.get(field))


def summarize(records: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    games: Counter[tuple[str, str]] = Counter()
    wins: Counter[tuple[str, str]] = Counter()
    ends: Counter[str] = Counter()
    turns = 0
    n = w = 0
    for rec in records:
        won = rec.get("end") == "win"
        n += 1
        w += won
        turns += int(rec.get("turns", 0))
        ends[str(rec.get("end"))] += 1
        for field, _ in GROUPS:
            k = (field, _key(rec, field))
            games[k] += 1
            wins[k] += won
    if n == 0:
        raise RecordError("no games to summarise")
    by: dict[str, list[dict[str, Any]]] = {}
    for field, _ in GROUPS:
        keys = sorted((k for f, k in games if f == field), key=lambda k: (ORDER.get(k, 9), k))
        by[field] = [{"key": k, **rate(wins[(field, k)], games[(field, k)])} for k in keys]
    return {"games": n, "overall": rate(w, n), "ends": dict(ends), "mean_turns": round(turns / n, 2),
            "by": by}


def summarize_run(run_dir: Path) -> dict[str, Any]:
    return summarize_dir(run_dir, summarize)


def digest(summary: Mapping[str, Any]) -> list[str]:
    o = summary["overall"]
    lines = [f"{summary['games']} games: the team won {o['wins']} ({pct(o['rate'])}, 95% CI "
             f"{pct_range(o['ci'])}); mean length {summary['mean_turns']} turns; "
             f"ends: " + ", ".join(f"{k} {v}" for k, v in sorted(summary["ends"].items()))]
    for field, title in GROUPS:
        rows = summary["by"][field]
        if len(rows) < 2:
            continue
        lines.append(f"by {title}:")
        for r in rows:
            lines.append(f"  {r['key']:<40} {r['wins']:>5}/{r['games']:<5} {pct(r['rate']):>6}  "
                         f"({pct_range(r['ci'])})")
    lines += [f"warning: {x}" for x in summary.get("warnings", [])]
    return lines


class PandemicReport(RunReport):
    """A record keeps the villain, difficulty and Jedi, and whether the team won or ran out of turns."""

    def turns(self, state: GameState) -> int:
        return _pandemic(state).turn

    def game_record(self, state: GameState) -> dict[str, Any]:
        """What a simulation record keeps of a game (docs/simulation.md)."""
        s = _pandemic(state)
        return {"end": "win" if s.won else ("turn_limit" if "turn limit" in s.end_reason else "loss"),
                "villain": s.pack.villains[s.villain].name, "difficulty": s.difficulty,
                "missions": s.mission_count, "jedi": [s.jedi_name(j) for j in range(s.num_players)],
                "threat": s.threat, "missions_done": len(s.mission_done), "finale": s.finale}

    def summarize_run(self, run_dir: Path) -> dict[str, Any]:
        return summarize_run(run_dir)

    def digest(self, summary: Mapping[str, Any]) -> list[str]:
        return digest(summary)


def _pandemic(state: GameState) -> PandemicState:
    assert isinstance(state, PandemicState)
    return state


REPORT = PandemicReport()
