"""The cooperative game's run report: the team's win rate, overall and by difficulty, villain,
team of Jedi and number of players, with 95% Wilson intervals; what raised the threat and
what finished the games that were lost; the threat and invasion tracks turn by turn; how long
games last. `dejarik sim` prints the summary, `dejarik report` draws it (simpage.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from dejarik.core.protocol import GameState
from dejarik.core.reports import RunReport
from dejarik.core.runs import MAX_TURNS, RecordError, count, one_of, summarize_dir
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


OUTCOMES = ("win", "loss", "turn_limit")
MAX_TRACK = 999   # a track's space, its last one, or the steps one cause raised the threat


def summarize(records: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    games: Counter[tuple[str, str]] = Counter()
    wins: Counter[tuple[str, str]] = Counter()
    ends: Counter[str] = Counter()
    lengths: dict[str, Counter[int]] = {o: Counter() for o in OUTCOMES}
    lost_to: Counter[str] = Counter()
    raised: Counter[str] = Counter()
    tracks: dict[str, dict[str, list[list[int]]]] = {"threat": {}, "invasion": {}}
    scales = {"threat": 0, "invasion": 0}
    traced = turns = n = w = 0
    for rec in records:
        end = one_of(rec.get("end"), "end", OUTCOMES)
        won = end == "win"
        n += 1
        w += won
        played = count(rec.get("turns", 0), "turns")
        turns += played
        ends[end] += 1
        lengths.setdefault(end, Counter())[played] += 1
        for field, _ in GROUPS:
            k = (field, _key(rec, field))
            games[k] += 1
            wins[k] += won
        if "tracks" not in rec:   # a record from before the report traced games
            continue
        traced += 1
        for cause, amount in dict(rec["threat_causes"]).items():
            raised[str(cause)] += count(amount, "threat_causes", MAX_TRACK)
        if end == "loss":
            lost_to[str(rec.get("lost_to"))] += 1
        scales["threat"] = max(scales["threat"], count(rec.get("threat_last", 0), "threat_last", MAX_TRACK))
        scales["invasion"] = max(scales["invasion"],
                                 count(rec.get("invasion_last", 0), "invasion_last", MAX_TRACK))
        if len(rec["tracks"]) > MAX_TURNS:
            raise ValueError(f"tracks: {len(rec['tracks'])} turns, more than {MAX_TURNS}")
        for turn, (threat, invasion) in enumerate(rec["tracks"], start=1):
            count(threat, "tracks", MAX_TRACK)
            count(invasion, "tracks", MAX_TRACK)
            for name, value in (("threat", threat), ("invasion", invasion)):
                cells = tracks[name].setdefault(str(turn), [[0, 0], [0, 0]])   # [sum, games]
                cells[0][0] += int(value)
                cells[0][1] += 1
                if won:
                    cells[1][0] += int(value)
                    cells[1][1] += 1
    if n == 0:
        raise RecordError("no games to summarise")
    by: dict[str, list[dict[str, Any]]] = {}
    for field, _ in GROUPS:
        keys = sorted((k for f, k in games if f == field), key=lambda k: (ORDER.get(k, 9), k))
        by[field] = [{"key": k, **rate(wins[(field, k)], games[(field, k)])} for k in keys]
    losses = sum(lost_to.values())
    return {"games": n, "overall": rate(w, n), "ends": dict(ends), "mean_turns": round(turns / n, 2),
            "by": by, "traced": traced,
            "lengths": {o: sorted([t, c] for t, c in counts.items())
                        for o, counts in lengths.items() if counts},
            "lost_to": [{"cause": cause, **_share(k, losses)} for cause, k in lost_to.most_common()],
            "threat_from": [{"cause": cause, "total": k, "per_game": round(k / traced, 3)}
                            for cause, k in raised.most_common()],
            "tracks": {name: [_track_row(int(turn), cells) for turn, cells in sorted(
                rows.items(), key=lambda kv: int(kv[0]))] for name, rows in tracks.items()},
            "track_ends": scales}


def _share(k: int, n: int) -> dict[str, Any]:
    """A count as a share of n, with its 95% Wilson interval."""
    r = rate(k, n)
    return {"games": k, "share": r["rate"], "ci": r["ci"]}


def _track_row(turn: int, cells: list[list[int]]) -> dict[str, Any]:
    """A track at a turn's start: its mean over the games still running, and over the games
    the team went on to win and to lose."""
    (total, games), (won_total, won_games) = cells
    lost_total, lost_games = total - won_total, games - won_games
    return {"turn": turn, "games": games, "mean": round(total / games, 3),
            "won_games": won_games, "won_mean": round(won_total / won_games, 3) if won_games else None,
            "lost_games": lost_games,
            "lost_mean": round(lost_total / lost_games, 3) if lost_games else None}


def summarize_run(run_dir: Path) -> dict[str, Any]:
    return summarize_dir(run_dir, summarize)


def digest(summary: Mapping[str, Any]) -> list[str]:
    o = summary["overall"]
    lines = [f"{summary['games']} games: the team won {o['wins']} ({pct(o['rate'])}, 95% CI "
             f"{pct_range(o['ci'])}); mean length {summary['mean_turns']} turns; "
             f"ends: " + ", ".join(f"{k} {v}" for k, v in sorted(summary["ends"].items()))]
    if summary.get("lost_to"):
        lines.append("lost games, by what raised the threat last: " + ", ".join(
            f"{r['cause']} {r['games']} ({pct(r['share'])})" for r in summary["lost_to"]))
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
    """A record keeps the villain, difficulty and Jedi, whether the team won or ran out of turns,
    and (traced) the tracks at each turn's start and what raised the threat."""

    draws = True

    def trace(self, state: GameState) -> None:
        s = _pandemic(state)
        # traced once the game is dealt: the first turn has begun, its tracks are these
        s.trace = {"tracks": [[s.threat, s.invasion]] if s.turn >= 1 else [], "causes": {},
                   "lost_to": None}

    def turns(self, state: GameState) -> int:
        return _pandemic(state).turn

    def game_record(self, state: GameState) -> dict[str, Any]:
        """What a simulation record keeps of a game (docs/simulation.md)."""
        s = _pandemic(state)
        out = {"end": "win" if s.won else ("turn_limit" if "turn limit" in s.end_reason else "loss"),
               "villain": s.pack.villains[s.villain].name, "difficulty": s.difficulty,
               "missions": s.mission_count, "jedi": [s.jedi_name(j) for j in range(s.num_players)],
               "threat": s.threat, "missions_done": len(s.mission_done), "finale": s.finale}
        if s.trace is not None:
            out.update(tracks=s.trace["tracks"], threat_causes=s.trace["causes"],
                       lost_to=s.trace["lost_to"], threat_last=s.threat_last,
                       invasion_last=len(s.rates) - 1)
        return out

    def summarize_run(self, run_dir: Path) -> dict[str, Any]:
        return summarize_run(run_dir)

    def digest(self, summary: Mapping[str, Any]) -> list[str]:
        return digest(summary)

    def draw(self, run_dir: Path, out_html: Path | None = None) -> tuple[Path, Path]:
        from dejarik.pandemic.simpage import write_report  # matplotlib loads only here

        return write_report(run_dir, out_html)


def _pandemic(state: GameState) -> PandemicState:
    assert isinstance(state, PandemicState)
    return state


REPORT = PandemicReport()
