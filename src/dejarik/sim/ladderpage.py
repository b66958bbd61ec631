"""A ladder's results in words: the table the terminal prints, and a self-contained HTML page
(the table, the head-to-head matrix and the ratings drawn with their intervals)."""

from __future__ import annotations

from html import escape
from typing import Any

from dejarik.core.registry import get_game
from dejarik.core.stats import DASH, ci_text, pct


def _elo(x: float) -> str:
    return f"{x:+.0f}"


def rating_text(r: dict[str, Any] | None) -> tuple[str, str]:
    if r is None:
        return DASH, DASH
    if r["low"] == r["high"] == r["elo"] == 0:
        return "0", "(anchor)"
    return _elo(r["elo"]), f"{_elo(r['low'])}..{_elo(r['high'])}"


def _seconds(x: float | None) -> str:
    if x is None:
        return DASH
    if x < 0.00001:
        return f"{x * 1e6:.1f} \u00b5s"
    if x < 0.001:
        return f"{x * 1e6:.0f} \u00b5s"
    return f"{x * 1000:.1f} ms" if x < 1 else f"{x:.2f} s"


def headline(summary: dict[str, Any]) -> str:
    title = get_game(summary["game"]).info.title
    if summary["one_side"]:
        return (f"{title}: each agent plays {summary['games_per_pair']} deals as the whole team "
                f"(seed {summary['seed']}); ratings on the Elo scale against the game, which is 0")
    return (f"{title}: {summary['games_per_pair']} games per pair of agents, each deal played from "
            f"both sides (seed {summary['seed']}); ratings on the Elo scale, "
            f"{summary['anchor']} = 0")


COLUMNS = ["rank", "agent", "rating", "95% interval", "games", "score", "95% interval",
           "time per move"]


def table_rows(summary: dict[str, Any]) -> list[list[str]]:
    rows = []
    for rank, r in enumerate(summary["agents"], 1):
        elo, interval = rating_text(r["rating"])
        rows.append([str(rank), r["agent"], elo, interval, str(r["games"]), pct(r["rate"]),
                     ci_text(r["ci"]) if r["games"] else DASH, _seconds(r["seconds_per_move"])])
    return rows


def matrix_rows(summary: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """The head-to-head scores: row agent's score against the column agent."""
    names = [r["agent"] for r in summary["agents"]]
    rows = []
    for a in names:
        cells = [a]
        for b in names:
            cell = summary["pairs"].get(f"{a}\t{b}")
            cells.append(DASH if a == b or cell is None or not cell["games"] else pct(cell["rate"]))
        rows.append(cells)
    return names, rows


def ladder_lines(summary: dict[str, Any]) -> list[str]:
    lines = [headline(summary), ""]
    lines += _aligned([COLUMNS, *table_rows(summary)], right={0, 2, 3, 4, 5, 6, 7})
    if not summary["one_side"] and len(summary["agents"]) > 2:
        names, rows = matrix_rows(summary)
        lines += ["", "head to head: the row's score against the column (a draw is half)"]
        header = [""] + [f"#{k}" for k in range(1, len(names) + 1)]
        rows = [[f"#{k} {row[0]}", *row[1:]] for k, row in enumerate(rows, 1)]
        lines += _aligned([header, *rows], right=set(range(1, len(names) + 1)))
    return lines


def _aligned(rows: list[list[str]], right: set[int]) -> list[str]:
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
    return ["  ".join(cell.rjust(w) if c in right else cell.ljust(w)
                      for c, (cell, w) in enumerate(zip(row, widths, strict=True))).rstrip()
            for row in rows]


# -- the page --------------------------------------------------------------------------------
STYLE = """body{font-family:system-ui,sans-serif;margin:2em auto;max-width:60em;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{padding:.25em .6em;border-bottom:1px solid #ddd}
td.n{text-align:right;font-variant-numeric:tabular-nums}th{text-align:left}
.note{color:#555;font-size:.9em}"""


def ladder_html(summary: dict[str, Any]) -> str:
    head = "".join(f"<th>{escape(c)}</th>" for c in COLUMNS)
    body = "".join("<tr>" + "".join(f"<td class='{'n' if c in (0, 2, 3, 4, 5, 6, 7) else ''}'>"
                                    f"{escape(v)}</td>" for c, v in enumerate(row)) + "</tr>"
                   for row in table_rows(summary))
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>Ladder: "
             f"{escape(get_game(summary['game']).info.title)}</title><style>{STYLE}</style></head>"
             f"<body><h1>Ladder</h1><p>{escape(headline(summary))}</p>",
             f"<table><tr>{head}</tr>{body}</table>", _plot(summary)]
    if not summary["one_side"] and len(summary["agents"]) > 2:
        names, rows = matrix_rows(summary)
        top = "".join(f"<th>{escape(n)}</th>" for n in names)
        cells = "".join("<tr><th>" + escape(r[0]) + "</th>" + "".join(
            f"<td class='n'>{escape(v)}</td>" for v in r[1:]) + "</tr>" for r in rows)
        parts.append("<h2>Head to head</h2><p class='note'>The row's score against the column "
                     f"(a draw is half).</p><table><tr><th></th>{top}</tr>{cells}</table>")
    parts.append("<p class='note'>Bradley-Terry ratings fitted to every game, with one virtual "
                 "draw per pair; intervals are 95%. Time per move is the agent's own thinking, "
                 "forced moves included, on the machine that played.</p></body></html>\n")
    return "".join(parts)


def _plot(summary: dict[str, Any]) -> str:
    """Each rating as a dot on its interval, best at the top."""
    rated = [r for r in summary["agents"] if r["rating"]]
    if not rated:
        return ""
    low: float = min(0.0, *(r["rating"]["low"] for r in rated))
    high: float = max(0.0, *(r["rating"]["high"] for r in rated))
    span = max(1.0, high - low)
    left, width, row = 260, 420, 26

    def x(v: float) -> float:
        return left + (v - low) / span * width

    out = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{left + width + 60}' "
           f"height='{row * len(rated) + 40}' role='img' aria-label='ratings with intervals'>",
           f"<line x1='{x(0):.1f}' y1='0' x2='{x(0):.1f}' y2='{row * len(rated)}' stroke='#aaa' "
           "stroke-dasharray='4 3'/>"]
    for k, r in enumerate(rated):
        y = row * k + row / 2
        g = r["rating"]
        out.append(f"<text x='{left - 8}' y='{y + 4:.0f}' text-anchor='end' font-size='12'>"
                   f"{escape(r['agent'])}</text>"
                   f"<line x1='{x(g['low']):.1f}' y1='{y}' x2='{x(g['high']):.1f}' y2='{y}' "
                   "stroke='#36c' stroke-width='2'/>"
                   f"<circle cx='{x(g['elo']):.1f}' cy='{y}' r='4' fill='#036'/>"
                   f"<text x='{x(g['high']) + 6:.1f}' y='{y + 4:.0f}' font-size='11'>"
                   f"{_elo(g['elo'])}</text>")
    for v in (low, 0.0, high):
        out.append(f"<text x='{x(v):.1f}' y='{row * len(rated) + 16}' text-anchor='middle' "
                   f"font-size='11'>{_elo(v)}</text>")
    out.append("</svg>")
    return "".join(out)
