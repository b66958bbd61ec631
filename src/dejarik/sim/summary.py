"""The numbers of a simulation run: who wins, how long games last, and which bases and cards
go with winning, from the run's games.jsonl (one record per game; docs/simulation.md).

The file is read one line at a time into running counts, so a run of any size needs memory only
for its cards, bases and turns, not for its games. `report.py` draws these numbers.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, Generic, TypeVar

from dejarik.core.errors import DejarikError
from dejarik.sim.records import GAMES_FILE, RUN_FILE
from dejarik.sim.stats import (
    benjamini_hochberg,
    difference_interval,
    mean,
    quantile,
    two_proportion_p,
    wilson,
)

MIN_GAMES = 20      # a card is tested only with at least this many games on each side of the split
FDR_Q = 0.05        # the Benjamini-Hochberg false-discovery rate over all card x side rows
REQUIRED = ("factions", "winner", "first", "turns", "bases", "buys", "force")
NO_WINNER = "no winner"


class RecordError(DejarikError):
    """Game records that cannot be summarized; the message names the file and line."""


# ---------------------------------------------------------------- reading


def read_records(path: Path, warnings: list[str]) -> Iterator[tuple[str, dict[str, Any]]]:
    """(where, record) for each line of a games.jsonl. A last line cut off without its newline is
    what an interrupted write leaves; it is skipped and noted in `warnings`. Any other line
    that is not a JSON object is an error naming the file and line."""
    try:
        stream = path.open(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"{path}: no such file (a run directory holds {GAMES_FILE})") from None
    except OSError as err:
        raise RecordError(f"{path}: cannot read ({err.strerror})") from None
    with stream:
        number = 0
        try:
            for number, line in enumerate(stream, 1):
                if not line.strip():
                    continue
                try:
                    record = json.loads(line)
                except json.JSONDecodeError as err:
                    if not line.endswith("\n"):
                        warnings.append(f"{path.name} line {number} is cut short (an interrupted "
                                        "write?) and was left out")
                        return
                    raise RecordError(f"{path} line {number}: not valid JSON ({err.msg})") from None
                if not isinstance(record, dict):
                    raise RecordError(f"{path} line {number}: a record is a JSON object")
                yield f"{path} line {number}", record
        except UnicodeDecodeError:
            raise RecordError(f"{path} line {number + 1}: not UTF-8 text") from None


def _read_run(path: Path, warnings: list[str]) -> dict[str, Any] | None:
    """run.json, shown in the report only; one that cannot be read is noted, not fatal."""
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        warnings.append(f"{path.name} could not be read ({err}); the run's settings are not shown")
        return None
    if not isinstance(data, dict):
        warnings.append(f"{path.name} is not a JSON object; the run's settings are not shown")
        return None
    return data


# ---------------------------------------------------------------- counting


K = TypeVar("K", bound=Hashable)


class _Counts(Generic[K]):
    """Games and wins per key."""

    def __init__(self) -> None:
        self.games: Counter[K] = Counter()
        self.wins: Counter[K] = Counter()

    def add(self, key: K, won: bool) -> None:
        self.games[key] += 1
        self.wins[key] += won

    def add_all(self, keys: Collection[K], won: bool) -> None:
        """Count a game once for each of several keys (Counter.update counts them in C)."""
        self.games.update(keys)
        if won:
            self.wins.update(keys)

    def rate(self, key: K) -> dict[str, Any]:
        return _rate(self.wins[key], self.games[key])


def _rate(wins: int, games: int) -> dict[str, Any]:
    lo, hi = wilson(wins, games)
    return {"games": games, "wins": wins, "rate": _r(wins / games) if games else None,
            "ci": [_r(lo), _r(hi)]}


def _r(x: float, digits: int = 4) -> float:
    return round(x, digits)


class _Tally:
    """Running counts over the records: everything the summary needs, nothing per game.

    A team in a game (a player, or two in the team game) is an appearance that counts once
    for its side, so even a mirror match is counted fairly."""

    def __init__(self) -> None:
        self.games = 0
        self.names: dict[str, str] = {}
        self.seats: defaultdict[int, Counter[str]] = defaultdict(Counter)
        self.kinds: Counter[str] = Counter()
        self.configs: Counter[str] = Counter()
        self.agents: Counter[tuple[str, ...]] = Counter()
        self.ends: Counter[str] = Counter()
        self.sides: _Counts[str] = _Counts()
        self.first: _Counts[None] = _Counts()                # did the seat that moved first win
        self.order: _Counts[tuple[str, bool]] = _Counts()    # (side, moved first)
        self.bases: _Counts[tuple[str, str, bool]] = _Counts()  # (side, card, starting base)
        self.cards: _Counts[tuple[str, str]] = _Counts()     # (side, card): bought one or more
        self.turns: defaultdict[str | None, Counter[int]] = defaultdict(Counter)  # by winning side
        self.force: defaultdict[str | None, Counter[tuple[int, int]]] = defaultdict(Counter)
        # the Force: by winning side, how many games had the marker at (turn, position)

    def add(self, rec: Mapping[str, Any]) -> None:
        sides = [str(f) for f in rec["factions"]]
        names = rec.get("faction_names") or sides
        teams = rec.get("teams") or [[seat] for seat in range(len(sides))]
        winner = rec["winner"]
        if winner is not None and winner not in range(len(teams)):
            raise ValueError(f"winner {winner!r} is not a team")
        self.games += 1
        self.kinds[str(rec.get("game", "?"))] += 1
        self.configs[json.dumps(rec.get("config", {}), sort_keys=True, default=str)] += 1
        self.agents[tuple(str(a) for a in rec.get("agents", []))] += 1
        self.ends[str(rec.get("end", "win" if winner is not None else NO_WINNER))] += 1
        self.first.add(None, winner == rec["first"])
        for seat, side in enumerate(sides):
            self.seats[seat][side] += 1
        for t, team in enumerate(teams):
            self._add_team(rec, t, [int(x) for x in team], sides[team[0]], str(names[team[0]]),
                           winner == t)
        won_by = None if winner is None else sides[teams[winner][0]]
        self.turns[won_by][int(rec["turns"])] += 1
        self.force[won_by].update(enumerate(map(int, rec["force"])))

    def _add_team(self, rec: Mapping[str, Any], t: int, seats: list[int], side: str, name: str,
                  won: bool) -> None:
        """One side's appearance in a game (a team game's two players count once together:
        a card counts as bought if either bought it)."""
        self.names.setdefault(side, name)
        self.sides.add(side, won)
        self.order.add((side, t == rec["first"]), won)
        self.bases.add_all({(side, str(b["card"]), i == 0) for seat in seats
                            for i, b in enumerate(rec["bases"][seat])}, won)
        self.cards.add_all({(side, str(b["card"])) for seat in seats for b in rec["buys"][seat]}, won)

    # ---------------------------------------------------------- the summary

    def summary(self, min_games: int, q: float) -> dict[str, Any]:
        return {
            "games": self.games,
            "game": sorted(self.kinds),
            "sides": dict(self.names),
            "seats": [dict(self.seats[s].most_common()) for s in sorted(self.seats)],
            "agents": [{"agents": list(a), "games": n} for a, n in self.agents.most_common()],
            "configs": [{"config": json.loads(c), "games": n} for c, n in self.configs.most_common()],
            "ends": dict(self.ends.most_common()),
            "wins": self._wins(),
            "length": self._length(),
            "bases": self._bases(),
            "cards": self._cards(min_games, q),
            "force": self._force(),
        }

    def _name(self, side: str | None) -> str:
        return NO_WINNER if side is None else self.names.get(side, side)

    def _winners(self) -> list[str | None]:
        """Winning sides in the order sides were first seen, then games with no winner."""
        order: list[str | None] = [s for s in self.names if s in self.turns]
        return order + ([None] if None in self.turns else [])

    def _wins(self) -> dict[str, Any]:
        draws = sum(self.turns[None].values()) if None in self.turns else 0
        return {
            "no_winner": {"games": draws, "share": _r(draws / self.games)},
            "by_side": [{"side": s, "name": self.names[s], **self.sides.rate(s)} for s in self.names],
            "first_player": self.first.rate(None),
            "by_side_and_order": [
                {"side": s, "name": self.names[s], "order": "first" if first else "second",
                 **self.order.rate((s, first))}
                for s in self.names for first in (True, False) if self.order.games[(s, first)]],
        }

    def _length(self) -> dict[str, Any]:
        total: Counter[int] = Counter()
        for counts in self.turns.values():
            total.update(counts)
        return {
            **_spread(total),
            "histogram": sorted(total.items()),
            "by_winner": [{"winner": w, "name": self._name(w), **_spread(self.turns[w]),
                           "histogram": sorted(self.turns[w].items())} for w in self._winners()],
        }

    def _bases(self) -> list[dict[str, Any]]:
        rows = [{"side": side, "name": self.names[side], "card": card, "starting": starting,
                 **self.bases.rate((side, card, starting))}
                for side, card, starting in self.bases.games]
        rank = {s: i for i, s in enumerate(self.names)}
        return sorted(rows, key=lambda r: (rank[r["side"]], not r["starting"], -r["rate"], r["card"]))

    def _cards(self, min_games: int, q: float) -> dict[str, Any]:
        rows = [self._card_row(side, card, min_games) for side, card in self.cards.games]
        tested = [r for r in rows if r["tested"]]
        for row, significant in zip(tested, benjamini_hochberg([r["p"] for r in tested], q), strict=True):
            row["significant"] = significant
        tested.sort(key=lambda r: (r["p"], -abs(r["difference"]), r["card"]))
        rest = sorted((r for r in rows if not r["tested"]), key=lambda r: (r["side"], r["card"]))
        return {"min_games": min_games, "q": q, "tested": len(tested),
                "significant": sum(r["significant"] for r in tested), "rows": tested + rest}

    def _card_row(self, side: str, card: str, min_games: int) -> dict[str, Any]:
        """A side's win rate with and without the card among its buys, and whether they differ."""
        k1, n1 = self.cards.wins[(side, card)], self.cards.games[(side, card)]
        k2, n2 = self.sides.wins[side] - k1, self.sides.games[side] - n1
        tested = n1 >= min_games and n2 >= min_games
        lo, hi = difference_interval(k1, n1, k2, n2)
        return {"card": card, "side": side, "name": self.names[side],
                "bought": _rate(k1, n1), "not_bought": _rate(k2, n2),
                "difference": _r(k1 / n1 - k2 / n2) if n1 and n2 else None,
                "difference_ci": [_r(lo), _r(hi)],
                "p": float(f"{two_proportion_p(k1, n1, k2, n2):.4g}") if tested else None,
                "tested": tested, "significant": False}

    def _force_by_turn(self, winner: str | None) -> list[Counter[int]]:
        """{position: games} at the end of each turn, among games `winner` won."""
        counts = self.force[winner]
        track: list[Counter[int]] = [Counter() for _ in range(1 + max((t for t, _ in counts), default=-1))]
        for (t, position), games in counts.items():
            track[t][position] += games
        return track

    def _force(self) -> dict[str, Any]:
        tracks = {w: self._force_by_turn(w) for w in self._winners()}
        longest = max((len(track) for track in tracks.values()), default=0)
        rows = []
        for t in range(longest):
            at_t: Counter[int] = Counter()
            for track in tracks.values():
                if t < len(track):
                    at_t.update(track[t])
            rows.append({"turn": t, "games": sum(at_t.values()), "mean": _r(mean(at_t), 3),
                         "q25": quantile(at_t, 0.25), "q75": quantile(at_t, 0.75)})
        by_winner = [{"winner": w, "name": self._name(w),
                      "turns": [{"turn": t, "games": sum(c.values()), "mean": _r(mean(c), 3)}
                                for t, c in enumerate(tracks[w])]}
                     for w in self._winners() if tracks[w]]
        return {"turns": rows, "by_winner": by_winner}


def _spread(counts: Counter[int]) -> dict[str, Any]:
    """Mean, median, 5th and 95th percentile, least and most of a histogram of game lengths."""
    return {"games": sum(counts.values()), "mean": _r(mean(counts), 2),
            "median": quantile(counts, 0.5), "p5": quantile(counts, 0.05),
            "p95": quantile(counts, 0.95), "min": min(counts), "max": max(counts)}


def _tally(records: Iterable[tuple[str, Mapping[str, Any]]]) -> _Tally:
    tally = _Tally()
    for where, rec in records:
        game = rec.get("game", "deckbuilding")
        if game != "deckbuilding":
            raise RecordError(f"{where}: a {game} game; the report draws deckbuilding runs only "
                              f"(for other games, `dejarik sim` prints the summary)")
        missing = [k for k in REQUIRED if k not in rec]
        if missing:
            raise RecordError(f"{where}: the record has no {', '.join(missing)}")
        try:
            tally.add(rec)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
            raise RecordError(f"{where}: a field is not in the record format ({err!r})") from None
    return tally


def summarize(records: Iterable[Mapping[str, Any]], *, min_games: int = MIN_GAMES,
              q: float = FDR_Q) -> dict[str, Any]:
    """Every number of the report, from game records (see docs/report.md for the keys)."""
    tally = _tally((f"record {i}", rec) for i, rec in enumerate(records))
    if tally.games == 0:
        raise RecordError("no games to summarize")
    return {"warnings": [], "run": None, **tally.summary(min_games, q)}


def summarize_run(run_dir: Path) -> dict[str, Any]:
    """The summary of run_dir/games.jsonl, with run_dir/run.json (if any) for display and any
    warnings met on the way."""
    run_dir = Path(run_dir)
    if not run_dir.is_dir():
        raise RecordError(f"{run_dir}: no such directory")
    games = run_dir / GAMES_FILE
    warnings: list[str] = []
    tally = _tally(read_records(games, warnings))
    if tally.games == 0:
        raise RecordError(f"{games}: no games in the file")
    run = _read_run(run_dir / RUN_FILE, warnings)
    return {"warnings": warnings, "run": run, **tally.summary(MIN_GAMES, FDR_Q)}


# ---------------------------------------------------------------- text


DASH = "\u2013"  # an en dash, between the ends of a range


def pct(x: float | None) -> str:
    return DASH if x is None else f"{100 * x:.1f}%"


def ci_text(ci: list[float]) -> str:
    return f"{100 * ci[0]:.1f}{DASH}{100 * ci[1]:.1f}%"


def rate_cells(r: Mapping[str, Any]) -> list[Any]:
    """Games, wins, win rate and interval of a rate row, as table cells."""
    return [r["games"], r["wins"], pct(r["rate"]), ci_text(r["ci"]) if r["games"] else DASH]


def points(x: float | None) -> str:
    """A difference of two rates, in percentage points."""
    return DASH if x is None else f"{100 * x:+.1f}"


def digest(summary: Mapping[str, Any]) -> list[str]:
    """A few lines for the terminal: who wins, how long games last, how many cards stand out."""
    wins, length, cards = summary["wins"], summary["length"], summary["cards"]
    sides = "; ".join(f"{r['name']} won {pct(r['rate'])} (95% CI {ci_text(r['ci'])})"
                      for r in wins["by_side"])
    first = wins["first_player"]
    return [
        f"{summary['games']} games: {sides}; no winner in {wins['no_winner']['games']}",
        f"the first player won {pct(first['rate'])} (95% CI {ci_text(first['ci'])})",
        f"length: mean {length['mean']:.1f} turns, median {length['median']:g}, "
        f"5-95% {length['p5']:g}-{length['p95']:g}",
        f"cards: {cards['significant']} of {cards['tested']} card-side rows tested differ "
        f"significantly (Benjamini-Hochberg, q = {cards['q']:g}); "
        f"{len(cards['rows']) - cards['tested']} had too few games to test",
    ]


def summarize_dir(run_dir: Path, summarize: Callable[[Iterable[Mapping[str, Any]]], dict[str, Any]]
                  ) -> dict[str, Any]:
    """A game's summary of every record in a run directory, with the reader's warnings."""
    warnings: list[str] = []
    out = summarize(rec for _, rec in read_records(Path(run_dir) / GAMES_FILE, warnings))
    out["warnings"] = warnings
    return out

