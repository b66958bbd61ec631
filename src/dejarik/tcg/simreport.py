"""The card game's run report: each side's win rate with 95% Wilson intervals, by matchup of
decks, how games ended, and their length. Its runs are summarised, not drawn."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from dejarik.core.protocol import GameState
from dejarik.core.reports import RunReport
from dejarik.core.runs import RecordError, summarize_dir
from dejarik.core.stats import pct, pct_range, rate
from dejarik.tcg.state import DARK, LIGHT, TcgState


def _end(rec: Mapping[str, Any]) -> str:
    reason = str(rec.get("reason", ""))
    return ("arenas" if "controls" in reason else "deck out" if "empty deck" in reason
            else "turn limit" if "turn limit" in reason else "other")


def summarize(records: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    games: Counter[str] = Counter()
    dark_wins: Counter[str] = Counter()
    draws: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    turns = 0
    n = 0
    for rec in records:
        key = f"{rec.get('dark')} v {rec.get('light')}"
        n += 1
        games[key] += 1
        dark_wins[key] += rec.get("end") == "dark"
        draws[key] += rec.get("end") == "draw"
        ends[_end(rec)] += 1
        turns += int(rec.get("turns", 0))
    if n == 0:
        raise RecordError("no games to summarise")
    rows = []
    for key in sorted(games):
        dark = rate(dark_wins[key], games[key])
        rows.append({"matchup": key, "games": dark["games"], "dark_wins": dark["wins"],
                     "draws": draws[key], "dark_rate": dark["rate"], "ci": dark["ci"]})
    return {"games": n, "matchups": rows, "ends": dict(ends), "mean_turns": round(turns / n, 2)}


def summarize_run(run_dir: Path) -> dict[str, Any]:
    return summarize_dir(run_dir, summarize)


def digest(summary: Mapping[str, Any]) -> list[str]:
    lines = [f"{summary['games']} games; mean length {summary['mean_turns']} turns; ends: "
             + ", ".join(f"{k} {v}" for k, v in sorted(summary["ends"].items()))]
    for r in summary["matchups"]:
        light = r["games"] - r["dark_wins"] - r["draws"]
        lines.append(f"  {r['matchup']}: Dark Side {r['dark_wins']}/{r['games']} "
                     f"{pct(r['dark_rate'])} (95% CI {pct_range(r['ci'])}), "
                     f"Light Side {light}" + (f", no winner {r['draws']}" if r["draws"] else ""))
    lines += [f"warning: {x}" for x in summary.get("warnings", [])]
    return lines


class TcgReport(RunReport):
    """A record keeps both decks, which side won and why the game ended."""

    def turns(self, state: GameState) -> int:
        return _tcg(state).turn

    def game_record(self, state: GameState) -> dict[str, Any]:
        """What a simulation record keeps of a game (docs/simulation.md)."""
        s = _tcg(state)
        return {"end": ("dark" if s.won == DARK else "light" if s.won == LIGHT else "draw"),
                "reason": s.end_reason, "dark": s.config["dark"],
                "light": s.config["light"]}

    def summarize_run(self, run_dir: Path) -> dict[str, Any]:
        return summarize_run(run_dir)

    def digest(self, summary: Mapping[str, Any]) -> list[str]:
        return digest(summary)


def _tcg(state: GameState) -> TcgState:
    assert isinstance(state, TcgState)
    return state


REPORT = TcgReport()
