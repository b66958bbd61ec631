"""The card game's run report as a page (`dejarik report DIR`): summary.json (every number,
from simreport.py) and report.html (the same numbers with plots, one file that needs nothing
else to open)."""

from __future__ import annotations

import html
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from dejarik.core import htmlpage
from dejarik.core.htmlpage import PLAIN, STRONG, ci_plot, figure, length_section, page, para, svg, table
from dejarik.core.stats import ci_text, pct, points, rate_cells
from dejarik.tcg.simreport import summarize_run
from dejarik.tcg.state import ARENA_NAMES

MIN_RUNNING = 10
"""A turn is plotted while at least this many games are still running at it."""
FOREST_ROWS = 30
WINNERS = {"dark": "Dark Side won", "light": "Light Side won", "draw": "no winner"}


def write_report(run_dir: Path, out_html: Path | None = None) -> tuple[Path, Path]:
    return htmlpage.draw_run(run_dir, out_html, summarize_run, render_html)


def render_html(s: Mapping[str, Any], title: str = "") -> str:
    parts = [_header(s, title), _matrix(s), _control(s), _length(s), _cards(s), _use(s)]
    return page(f"Card game report: {title}" if title else "Card game report", parts)


def _header(s: Mapping[str, Any], title: str) -> str:
    ends = ", ".join(f"{k} {v}" for k, v in sorted(s["ends"].items()))
    out = [f"<h1>Card game report{': ' + html.escape(title) if title else ''}</h1>",
           para(f"<b>{s['games']}</b> games; how they ended: {html.escape(ends)}; "
                f"{s['mean_turns']} turns on average.")]
    out += [para(f'<span class="warn">Warning: {html.escape(w)}</span>') for w in s["warnings"]]
    if s["traced"] < s["games"]:
        out.append(para(f"{s['games'] - s['traced']} records come from before games were traced: "
                        "they count in the matchups and lengths, not in the arena and card "
                        "sections.", "note"))
    out.append(para("Intervals are 95% Wilson score intervals. A game with no winner counts as "
                    "won by neither side.", "note"))
    return "\n".join(out)


def _matrix(s: Mapping[str, Any]) -> str:
    rows = s["matchups"]
    darks = sorted({r["matchup"].split(" v ")[0] for r in rows})
    lights = sorted({r["matchup"].split(" v ")[1] for r in rows})
    by = {r["matchup"]: r for r in rows}

    def cell(dark: str, light: str) -> str:
        r = by.get(f"{dark} v {light}")
        return "" if r is None else f"{pct(r['dark_rate'])} ({ci_text(r['ci'])}), {r['games']} games"

    return "\n".join([
        "<h2>Deck against deck</h2>",
        para("The Dark Side's win rate for each Dark Side deck (row) against each Light Side deck "
             "(column); the Light Side won the rest, less the games with no winner."),
        table(["Dark Side deck \\ Light Side deck", *lights],
              [[dark, *(cell(dark, light) for light in lights)] for dark in darks]),
        ci_plot([(r["matchup"], r["dark_rate"], r["ci"], False) for r in rows], 0.5,
                "Dark Side's win rate (%)", "matrix"),
    ])


def _control(s: Mapping[str, Any]) -> str:
    out = ["<h2>Who holds the arenas</h2>"]
    rows = s["control"]
    if not rows:
        return "\n".join([*out, para("The records hold no arena control.", "note")])
    shown = min(MIN_RUNNING, s["traced"])
    part = [r for r in rows if r["games"] >= shown]
    out.append(para("At the end of each turn, the share of the games still running in which each "
                    "side controls each arena (a unit there and none of the other side's); the "
                    "rest, nobody. Holding two arenas at the end of a turn wins. The plot leaves "
                    f"out turns with fewer than {shown} games running; the table has them all."))
    fig = figure(7.0, 6.0)
    axes = fig.subplots(4, 1, sharex=True, height_ratios=[2, 2, 2, 1])
    turns = [r["turn"] for r in part]
    for ax, arena in zip(axes, (a.lower() for a in ARENA_NAMES), strict=False):
        ax.plot(turns, [100 * r[arena]["dark"] for r in part], color=STRONG, label="Dark Side")
        ax.plot(turns, [100 * r[arena]["light"] for r in part], color=PLAIN, ls="--",
                label="Light Side")
        ax.set_ylabel(f"{arena} (%)")
        ax.set_ylim(0, 100)
        ax.grid(alpha=0.3)
    axes[0].legend(fontsize="small", ncols=2, loc="upper left")
    axes[3].plot(turns, [r["games"] for r in part], color="grey")
    axes[3].set_ylabel("games")
    axes[3].set_xlabel("turn")
    axes[3].set_ylim(bottom=0)
    out.append(svg(fig, "control"))
    head = ["turn", "games running"] + [f"{a} held by {side}" for a in ARENA_NAMES
                                         for side in ("Dark", "Light")]
    out.append(table(head, [[r["turn"], r["games"], *(pct(r[a.lower()][side]) for a in ARENA_NAMES
                                                      for side in ("dark", "light"))] for r in rows],
                     fold="arena control by turn"))
    return "\n".join(out)


def _length(s: Mapping[str, Any]) -> str:
    return length_section(s["lengths"], WINNERS, {"dark": (STRONG, "//"), "light": (PLAIN, ""),
                                                  "draw": ("#999", "..")}, "who won")

def _cards(s: Mapping[str, Any]) -> str:
    c = s["cards"]
    rows = c["rows"]
    tested = [r for r in rows if r["tested"]]
    top = sorted(sorted(tested, key=lambda r: -abs(r["difference"]))[:FOREST_ROWS],
                 key=lambda r: -r["difference"])

    def label(r: Mapping[str, Any]) -> str:
        return f"{r['card']} ({r['side']}, {r['deck']})"

    plot = (ci_plot([(label(r), r["difference"], r["difference_ci"], r["significant"]) for r in top],
                    0.0, "win rate when put into play minus when not (percentage points)", "cards")
            if top else para(f"No card has {c['min_games']} games both with and without it, so "
                             "none was tested.", "note"))
    cells = [[r["card"], r["side"], r["deck"], *rate_cells(r["played"]), *rate_cells(r["not_played"]),
              points(r["difference"]), f"{r['p']:.2g}" if r["tested"] else "too few games",
              "yes" if r["significant"] else ""] for r in rows]
    classes = ["sig" if r["significant"] else "" if r["tested"] else "few" for r in rows]
    return "\n".join([
        "<h2>Cards and winning</h2>",
        para("For each card of each deck: the side's win rate in the games where it put the card "
             "into play (deployed, or put there by an ability), against the games where it did "
             "not. A card that comes out in long games, or only when its side is ahead, goes with "
             "winning or losing for that reason alone: <b>these are correlations, not causes</b>. "
             "The p-value is the two-sided pooled two-proportion z-test; a row is "
             f"<b>significant</b> when it passes the Benjamini-Hochberg rule at a false-discovery "
             f"rate of {c['q']:g} over all {c['tested']} tested rows (at least {c['min_games']} "
             f"games in both groups). Significant: {c['significant']} of {c['tested']}.",
             "caveat"),
        plot,
        table(["card", "side", "deck", "games played", "won", "win rate", "95% CI", "games not",
               "won", "win rate", "95% CI", "difference (points)", "p", "significant"], cells,
              classes, fold="all cards"),
    ])


def _use(s: Mapping[str, Any]) -> str:
    """The census of cards offered and played: a card offered game after game and never played
    is one the players cannot decide on, or never judge worth it."""
    rows = sorted(s.get("use", []), key=lambda r: (r["used"] / r["offered"], -r["offered"]))
    if not rows:
        return ""
    cells = [[r["card"], r["side"], str(r["offered"]), str(r["used"]), pct(r["used"] / r["offered"])]
             for r in rows]
    return "\n".join([
        "<h2>Cards the players could play, and did</h2>",
        para("For each card whose ability, Battle card or Mission a side could play at one of its "
             "decisions: the games in which it could, and those in which it did, least played first.",
             "note"),
        table(["card", "side", "games offered", "games played", "share"], cells,
              ["few" if not r["used"] else "" for r in rows], fold="all cards"),
    ])
