"""The balance report of a simulation run: who wins, how long games last, and which bases and
cards go with winning, from the run's games.jsonl (one record per game; docs/simulation.md).

The file is read one line at a time into running counts, so a run of any size needs memory only
for its cards, bases and turns, not for its games. Writes summary.json (every number) and
report.html (the same numbers, with plots, in one file that needs nothing else to open).
"""

from __future__ import annotations

import html
import io
import json
import math
import re
from collections import Counter, defaultdict
from collections.abc import Collection, Hashable, Iterable, Iterator, Mapping
from itertools import repeat
from operator import itemgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from dejarik.core.errors import DejarikError
from dejarik.sim.stats import (
    benjamini_hochberg,
    difference_interval,
    mean,
    quantile,
    two_proportion_p,
    wilson,
)

if TYPE_CHECKING:
    from matplotlib.figure import Figure

GAMES_FILE = "games.jsonl"
RUN_FILE = "run.json"
MIN_GAMES = 20      # a card is tested only with at least this many games on each side of the split
FDR_Q = 0.05        # the Benjamini-Hochberg false-discovery rate over all card x side rows
FOREST_ROWS = 30    # cards in the forest plot, by size of difference
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

    A player in a game is a (seat, side) appearance: each appearance counts once for its side,
    so even a mirror match is counted fairly."""

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
        winner = rec["winner"]
        if winner is not None and winner not in range(len(sides)):
            raise ValueError(f"winner {winner!r} is not a seat")
        self.games += 1
        self.kinds[str(rec.get("game", "?"))] += 1
        self.configs[json.dumps(rec.get("config", {}), sort_keys=True, default=str)] += 1
        self.agents[tuple(str(a) for a in rec.get("agents", []))] += 1
        self.ends[str(rec.get("end", "win" if winner is not None else NO_WINNER))] += 1
        self.first.add(None, winner == rec["first"])
        for seat, side in enumerate(sides):
            self._add_player(rec, seat, side, str(names[seat]), winner == seat)
        won_by = None if winner is None else sides[winner]
        self.turns[won_by][int(rec["turns"])] += 1
        self.force[won_by].update(enumerate(map(int, rec["force"])))

    def _add_player(self, rec: Mapping[str, Any], seat: int, side: str, name: str, won: bool) -> None:
        self.names.setdefault(side, name)
        self.seats[seat][side] += 1
        self.sides.add(side, won)
        self.order.add((side, seat == rec["first"]), won)
        self.bases.add_all({(side, str(b["card"]), i == 0) for i, b in enumerate(rec["bases"][seat])}, won)
        self.cards.add_all(set(zip(repeat(side), map(str, map(itemgetter("card"), rec["buys"][seat])),
                                   strict=False)), won)

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


def write_report(run_dir: Path, out_html: Path | None = None) -> tuple[Path, Path]:
    """Summarize run_dir/games.jsonl into run_dir/summary.json and an HTML report (by default
    run_dir/report.html); returns the two paths, the HTML first."""
    run_dir = Path(run_dir)
    summary = summarize_run(run_dir)
    html_path = out_html if out_html is not None else run_dir / "report.html"
    summary_path = run_dir / "summary.json"
    _write(summary_path, json.dumps(summary, indent=1, ensure_ascii=False) + "\n")
    _write(html_path, render_html(summary, title=run_dir.resolve().name))
    return html_path, summary_path


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as err:
        raise RecordError(f"{path}: cannot write ({err.strerror})") from None


# ---------------------------------------------------------------- text


DASH = "\u2013"  # an en dash, between the ends of a range


def pct(x: float | None) -> str:
    return DASH if x is None else f"{100 * x:.1f}%"


def ci_text(ci: list[float]) -> str:
    return f"{100 * ci[0]:.1f}{DASH}{100 * ci[1]:.1f}%"


def _rate_cells(r: Mapping[str, Any]) -> list[Any]:
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


# ---------------------------------------------------------------- plots

PLAIN = "#4a6fa5"
STRONG = "#d1495b"
SIDE_COLOURS = ["#3b6fb6", "#e08a2c", "#5a9e4b", "#8d5ab0"]


def _figure(width: float, height: float) -> Figure:
    from matplotlib.figure import Figure  # imported here: only the HTML needs matplotlib

    return Figure(figsize=(width, height), layout="constrained")


def _svg(fig: Figure, key: str) -> str:
    """The figure as an <svg> element to put inline: no size of its own (it fills the column),
    ids prefixed by `key` so several plots in a page do not clash, the same bytes every run."""
    import matplotlib

    buf = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": "dejarik", "svg.fonttype": "none"}):
        fig.savefig(buf, format="svg", metadata={"Date": None})
    text = buf.getvalue()
    text = text[text.index("<svg"):]
    head, body = text.split(">", 1)
    head = re.sub(r'\s(width|height)="[^"]*"', "", head)
    body = body.replace('id="', f'id="{key}-').replace("url(#", f"url(#{key}-")
    body = body.replace('href="#', f'href="#{key}-')
    return f'{head} role="img">{body}'


def _ci_plot(rows: list[tuple[str, float, list[float], bool]], ref: float, xlabel: str, key: str,
             scale: float = 100.0) -> str:
    """Points with interval bars, one row per label (first on top); strong rows in red."""
    fig = _figure(7.0, 0.9 + 0.28 * len(rows))
    ax = fig.add_subplot()
    for y, (_, value, (lo, hi), strong) in enumerate(rows):
        ax.errorbar([value * scale], [y], xerr=[[(value - lo) * scale], [(hi - value) * scale]],
                    fmt="o", ms=4, capsize=3, color=STRONG if strong else PLAIN)
    ax.axvline(ref * scale, color="grey", lw=0.8, ls="--")
    ax.set_yticks(range(len(rows)), [label for label, *_ in rows])
    for tick, (*_, strong) in zip(ax.get_yticklabels(), rows, strict=True):
        if strong:
            tick.set_color(STRONG)
            tick.set_fontweight("bold")
    ax.set_ylim(len(rows) - 0.5, -0.5)
    ax.set_xlabel(xlabel)
    ax.grid(axis="x", alpha=0.3)
    return _svg(fig, key)


def _bins(length: Mapping[str, Any]) -> tuple[int, int, int]:
    """First turn, width and number of the histogram's bins: at most about 30 bars."""
    width = max(1, math.ceil((length["max"] - length["min"] + 1) / 30))
    return length["min"], width, (length["max"] - length["min"]) // width + 1


def _binned(histogram: list[list[int]], first: int, width: int, n: int) -> list[int]:
    counts = [0] * n
    for turns, games in histogram:
        counts[(turns - first) // width] += games
    return counts


def _colour(row: Mapping[str, Any], sides: list[str]) -> str:
    """One colour per winning side, the same in every plot; grey for no winner."""
    if row["winner"] is None:
        return "#999"
    return SIDE_COLOURS[sides.index(row["winner"]) % len(SIDE_COLOURS)]


def _length_plot(length: Mapping[str, Any], sides: list[str], key: str) -> str:
    first, width, n = _bins(length)
    fig = _figure(7.0, 3.2)
    ax = fig.add_subplot()
    starts = [first + i * width for i in range(n)]
    bottom = [0] * n
    for row in length["by_winner"]:
        counts = _binned(row["histogram"], first, width, n)
        ax.bar(starts, counts, width=width * 0.9, bottom=bottom, align="edge", label=_won(row),
               color=_colour(row, sides))
        bottom = [b + c for b, c in zip(bottom, counts, strict=True)]
    ax.set_xlabel("game length (turns, both players' turns counted)")
    ax.set_ylabel("games")
    fig.legend(loc="outside upper center", ncols=3, frameon=False)
    return _svg(fig, key)


def _force_plot(force: Mapping[str, Any], seats: list[str], sides: list[str], shown: int,
                key: str) -> str:
    rows = [r for r in force["turns"] if r["games"] >= shown]
    turns = [r["turn"] for r in rows]
    fig = _figure(7.0, 4.4)
    ax, ax_n = fig.subplots(2, 1, sharex=True, height_ratios=[3, 1])
    ax.fill_between(turns, [r["q25"] for r in rows], [r["q75"] for r in rows], color="#999",
                    alpha=0.3, lw=0, label="middle half of games (25-75%)")
    ax.plot(turns, [r["mean"] for r in rows], color="#222", label="mean, all games")
    for w in force["by_winner"]:
        part = [r for r in w["turns"] if r["games"] >= shown]
        ax.plot([r["turn"] for r in part], [r["mean"] for r in part], ls="--", lw=1,
                color=_colour(w, sides), label=f"mean, {_won(w)}")
    ax.set_ylim(0, 6)
    ax.set_yticks(range(7), [f"0 {seats[0]}"] + [str(i) for i in range(1, 6)] + [f"6 {seats[1]}"])
    ax.set_ylabel("Force marker")
    fig.legend(loc="outside upper center", ncols=2, frameon=False, fontsize="small")
    ax_n.plot(turns, [r["games"] for r in rows], color="grey")
    ax_n.set_ylabel("games")
    ax_n.set_xlabel("turn")
    ax_n.set_ylim(bottom=0)
    return _svg(fig, key)


# ---------------------------------------------------------------- HTML

CSS = """
body{font:16px/1.45 system-ui,sans-serif;color:#222;max-width:56rem;margin:0 auto;padding:0 .8rem 3rem}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2.2rem;border-bottom:1px solid #ccc}
.wide{overflow-x:auto}table{border-collapse:collapse;font-size:.88rem;margin:.6rem 0}
th,td{padding:.2rem .55rem;border-bottom:1px solid #e4e4e4;text-align:right;vertical-align:top}
th{background:#f4f4f4}th:first-child,td:first-child{text-align:left}
tr.sig td{background:#fde8ea;font-weight:600}tr.few td{color:#888}
svg{display:block;width:100%;height:auto}.note{color:#555;font-size:.92rem}
.caveat{background:#fff7e0;border-left:4px solid #e0b000;padding:.5rem .8rem}
.warn{color:#a33}summary{cursor:pointer;color:#345}
"""
LONG_TABLE = 25  # longer tables fold away under their plot


def _table(head: list[str], rows: list[list[Any]], classes: list[str] | None = None,
           fold: str | None = None) -> str:
    """An HTML table (cells escaped), scrolling sideways on a narrow screen; a long one folds."""
    cls = classes or [""] * len(rows)
    lines = ["<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr>"]
    lines += [(f'<tr class="{c}">' if c else "<tr>")
              + "".join(f"<td>{html.escape(str(cell))}</td>" for cell in row) + "</tr>"
              for row, c in zip(rows, cls, strict=True)]
    table = '<div class="wide"><table>' + "\n".join(lines) + "</table></div>"
    if fold is not None and len(rows) > LONG_TABLE:
        return f"<details><summary>{html.escape(fold)} ({len(rows)} rows)</summary>{table}</details>"
    return table


def _p(text: str, cls: str = "") -> str:
    return f'<p class="{cls}">{text}</p>' if cls else f"<p>{text}</p>"


def _values(data: Mapping[str, Any]) -> str:
    return _table(["setting", "value"], [[k, json.dumps(v, ensure_ascii=False)] for k, v in data.items()])


def render_html(summary: Mapping[str, Any], title: str = "") -> str:
    """The whole report as one HTML page: inline CSS and SVG, no scripts, nothing fetched."""
    parts = [_header(summary, title), _wins_section(summary), _length_section(summary),
             _bases_section(summary), _cards_section(summary), _force_section(summary)]
    name = html.escape(f"Balance report: {title}" if title else "Balance report")
    return ('<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{name}</title><style>{CSS}</style></head><body>\n"
            + "\n".join(parts) + "\n</body></html>\n")


def _header(s: Mapping[str, Any], title: str) -> str:
    out = [f"<h1>Balance report{': ' + html.escape(title) if title else ''}</h1>",
           _p(f"<b>{s['games']}</b> games of {html.escape(', '.join(s['game']))}; how they ended: "
              + html.escape(", ".join(f"{k} {v}" for k, v in s["ends"].items())) + ".")]
    out += [_p(f'<span class="warn">Warning: {html.escape(w)}</span>') for w in s["warnings"]]
    agents = "; ".join(f"{' v '.join(a['agents'])} ({a['games']} games)" for a in s["agents"])
    out.append(_p(f"Agents by seat: {html.escape(agents)}."
                  + (" <b>Games between different agents are pooled.</b>" if len(s["agents"]) > 1 else "")))
    configs = s["configs"]
    if len(configs) == 1:
        out += [_p("Game config:"), _values(configs[0]["config"])]
    else:
        out.append(_p(f"<b>The records come from {len(configs)} different game configs, pooled in "
                      "every figure below.</b> They are:"))
        for i, c in enumerate(configs, 1):
            out += [_p(f"Config {i} ({c['games']} games):"), _values(c["config"])]
    if s.get("run"):
        out += [_p("The run's settings (run.json):"), _values(s["run"])]
    out.append(_p(
        "<b>Card and base figures are correlations, not causes.</b> A player who is ahead has "
        "more resources and buys more cards, so cards that are bought by winners look strong; a "
        "base comes into play only when the one before it falls, so later bases show up in "
        "longer, closer games. A difference says where to look, not what to change.", "caveat"))
    out.append(_p("Intervals are 95% Wilson score intervals. A game with no winner (turn or action "
                  "limit) is counted as played and not won in every win rate, so the sides' rates "
                  "need not add up to 100%.", "note"))
    return "\n".join(out)


def _wins_section(s: Mapping[str, Any]) -> str:
    w = s["wins"]
    first, nw = w["first_player"], w["no_winner"]
    rows = ([(r["name"], r) for r in w["by_side"]] + [("first player", first)]
            + [(f"{r['name']} moving {r['order']}", r) for r in w["by_side_and_order"]])
    return "\n".join([
        "<h2>Who wins</h2>",
        _p(f"The seat that took the first turn won {pct(first['rate'])} of games "
           f"(95% CI {ci_text(first['ci'])}). {nw['games']} games ({pct(nw['share'])}) "
           "had no winner; they are in every denominator below."),
        _ci_plot([(label, r["rate"], r["ci"], False) for label, r in rows], 0.5, "win rate (%)", "wins"),
        _table(["who", "games", "wins", "win rate", "95% CI"],
               [[label, *_rate_cells(r)] for label, r in rows]),
    ])


def _length_section(s: Mapping[str, Any]) -> str:
    length = s["length"]
    first, width, n = _bins(length)
    by_winner = length["by_winner"]
    per_winner = [_binned(r["histogram"], first, width, n) for r in by_winner]
    starts = [first + i * width for i in range(n)]
    hist = [[str(a) if width == 1 else f"{a}{DASH}{a + width - 1}", sum(c[i] for c in per_winner),
             *(c[i] for c in per_winner)] for i, a in enumerate(starts)]
    groups = [("all games", length)] + [(_won(r), r) for r in by_winner]
    return "\n".join([
        "<h2>Game length</h2>",
        _p(f"Mean {length['mean']:.1f} turns, median {length['median']:g}, 5th-95th percentile "
           f"{length['p5']:g}-{length['p95']:g} (turns count both players' turns)."),
        _length_plot(length, list(s["sides"]), "length"),
        _table(["games", "count", "mean", "median", "5%", "95%", "least", "most"],
               [[label, r["games"], *(f"{r[k]:g}" for k in ("mean", "median", "p5", "p95")),
                 r["min"], r["max"]] for label, r in groups]),
        _table(["turns", "all", *(_won(r) for r in by_winner)], hist, fold="games by length"),
    ])


def _won(row: Mapping[str, Any]) -> str:
    """'Empire won' for a group of games by winner, or 'no winner'."""
    return NO_WINNER if row["winner"] is None else f"{row['name']} won"


def _bases_section(s: Mapping[str, Any]) -> str:
    rows = s["bases"]
    labels = [f"{r['card']} ({r['name']}{', start' if r['starting'] else ''})" for r in rows]
    return "\n".join([
        "<h2>Bases</h2>",
        _p("For each side and base: the side's win rate in the games where that base came into "
           "play for it. The starting base (marked <i>start</i>) is in play from turn 0 in every "
           "game it starts, so its rate is close to the side's overall rate; a later base appears "
           "only after the side lost bases, which is itself a sign of a game going badly or long."),
        _ci_plot([(lab, r["rate"], r["ci"], False) for lab, r in zip(labels, rows, strict=True)],
                 0.5, "side's win rate when the base came into play (%)", "bases"),
        _table(["base", "side", "starting", "games", "wins", "win rate", "95% CI"],
               [[r["card"], r["name"], "yes" if r["starting"] else "", *_rate_cells(r)] for r in rows],
               fold="all bases"),
    ])


def _cards_section(s: Mapping[str, Any]) -> str:
    c = s["cards"]
    tested = [r for r in c["rows"] if r["tested"]]
    top = sorted(sorted(tested, key=lambda r: -abs(r["difference"]))[:FOREST_ROWS],
                 key=lambda r: -r["difference"])
    plot = (_ci_plot([(f"{r['card']} ({r['name']})", r["difference"], r["difference_ci"],
                       r["significant"]) for r in top], 0.0,
                     "win rate when bought minus when not (percentage points)", "cards")
            if top else _p(f"No card has {c['min_games']} games both with and without it, so none "
                           "was tested.", "note"))
    table = [[r["card"], r["name"], *_rate_cells(r["bought"]), *_rate_cells(r["not_bought"]),
              points(r["difference"]),
              f"{r['p']:.2g}" if r["tested"] else "too few games",
              "yes" if r["significant"] else ""] for r in c["rows"]]
    classes = ["sig" if r["significant"] else "" if r["tested"] else "few" for r in c["rows"]]
    return "\n".join([
        "<h2>Cards bought</h2>",
        _p("For each card and each side that bought it: the side's win rate in games where it "
           "bought at least one copy, against games where it bought none. The p-value is the "
           "two-sided pooled two-proportion z-test; a row is <b>significant</b> when it passes the "
           f"Benjamini-Hochberg rule at a false-discovery rate of {c['q']:g} over all "
           f"{c['tested']} tested rows. Only rows with at least {c['min_games']} games in both "
           f"groups are tested. Significant: {c['significant']} of {c['tested']}. Remember that "
           "winners buy more, so many cards go with winning."),
        _p(f"The plot shows the {len(top)} tested rows with the largest differences, with 95% "
           "intervals (Newcombe's method from the two Wilson intervals); significant rows in red.",
           "note") if top else "",
        plot,
        _table(["card", "side", "games bought", "won", "win rate", "95% CI", "games not", "won",
                "win rate", "95% CI", "difference (points)", "p", "significant"], table, classes,
               fold="all cards"),
    ])


def _force_section(s: Mapping[str, Any]) -> str:
    force = s["force"]
    if not force["turns"]:
        return "<h2>The Force</h2>" + _p("The records hold no Force track.", "note")
    seats = [s["sides"].get(next(iter(counts)), "?") if counts else "?" for counts in s["seats"]]
    seats += ["seat 0", "seat 1"][len(seats):]
    shown = min(10, s["games"])
    table = [[r["turn"], r["games"], f"{r['mean']:.2f}", f"{r['q25']:g}", f"{r['q75']:g}"]
             for r in force["turns"]]
    return "\n".join([
        "<h2>The Force</h2>",
        _p(f"The Force marker at the end of each turn (turn 0: setup), over the games still running "
           f"at that turn. 0 is the {html.escape(seats[0])} end of the track (that side fully has "
           f"the Force), 6 the {html.escape(seats[1])} end. The plot leaves out turns with fewer "
           f"than {shown} games still running; the table has them all."),
        _force_plot(force, seats, list(s["sides"]), shown, "force"),
        _table(["turn", "games running", "mean", "25%", "75%"], table, fold="the Force by turn"),
    ])
