"""The summary of a simulated run of the card game: each side's win rate with 95% Wilson
intervals, by matchup of decks, how games ended, and their length."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from dejarik.sim.stats import wilson
from dejarik.sim.summary import RecordError, pct, summarize_dir


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
        m, k = games[key], dark_wins[key]
        lo, hi = wilson(k, m)
        rows.append({"matchup": key, "games": m, "dark_wins": k, "draws": draws[key],
                     "dark_rate": round(k / m, 4), "ci": [round(lo, 4), round(hi, 4)]})
    return {"games": n, "matchups": rows, "ends": dict(ends), "mean_turns": round(turns / n, 2)}


def summarize_run(run_dir: Path) -> dict[str, Any]:
    return summarize_dir(run_dir, summarize)


def digest(summary: Mapping[str, Any]) -> list[str]:
    lines = [f"{summary['games']} games; mean length {summary['mean_turns']} turns; ends: "
             + ", ".join(f"{k} {v}" for k, v in sorted(summary["ends"].items()))]
    for r in summary["matchups"]:
        light = r["games"] - r["dark_wins"] - r["draws"]
        lines.append(f"  {r['matchup']}: Dark Side {r['dark_wins']}/{r['games']} "
                     f"{pct(r['dark_rate'])} (95% CI {pct(r['ci'][0])}-{pct(r['ci'][1])}), "
                     f"Light Side {light}" + (f", no winner {r['draws']}" if r["draws"] else ""))
    lines += [f"warning: {x}" for x in summary.get("warnings", [])]
    return lines
