"""The deckbuilder's balance report of a simulation run: summary.json (every number, from
simreport.py) and report.html (the same numbers, with plots, in one file that needs nothing
else to open).
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from dejarik.core import htmlpage
from dejarik.core.htmlpage import SIDE_COLOURS, ci_plot, figure, page, para, svg, table, values
from dejarik.core.stats import DASH, ci_text, pct, points, rate_cells
from dejarik.deckbuilding.simreport import NO_WINNER, one_order, summarize_run

FOREST_ROWS = 30    # cards in the forest plot, by size of difference


def write_report(run_dir: Path, out_html: Path | None = None) -> tuple[Path, Path]:
    """Summarize run_dir/games.jsonl into run_dir/summary.json and an HTML report (by default
    run_dir/report.html); returns the two paths, the HTML first."""
    summary = summarize_run(Path(run_dir))
    return htmlpage.write_report(run_dir, out_html, summary,
                                 render_html(summary, title=Path(run_dir).resolve().name))


# ---------------------------------------------------------------- plots

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
    fig = figure(7.0, 3.2)
    ax = fig.add_subplot()
    starts = [first + i * width for i in range(n)]
    bottom = [0] * n
    for row in length["by_winner"]:
        counts = _binned(row["histogram"], first, width, n)
        ax.bar(starts, counts, width=width * 0.9, bottom=bottom, align="edge", label=_won(row),
               color=_colour(row, sides))
        bottom = [b + c for b, c in zip(bottom, counts, strict=True)]
    ax.set_xlabel("game length (rounds: each side's turn once)")
    ax.set_ylabel("games")
    fig.legend(loc="outside upper center", ncols=3, frameon=False)
    return svg(fig, key)


def _force_plot(force: Mapping[str, Any], seats: list[str], sides: list[str], shown: int,
                key: str) -> str:
    rows = [r for r in force["turns"] if r["games"] >= shown]
    turns = [r["turn"] for r in rows]
    fig = figure(7.0, 4.4)
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
    return svg(fig, key)


# ---------------------------------------------------------------- HTML

def render_html(summary: Mapping[str, Any], title: str = "") -> str:
    """The whole report as one HTML page: inline CSS and SVG, no scripts, nothing fetched."""
    parts = [_header(summary, title), _wins_section(summary), _length_section(summary),
             _bases_section(summary), _cards_section(summary), _composition_section(summary),
             _force_section(summary)]
    return page(f"Balance report: {title}" if title else "Balance report", parts)


def _header(s: Mapping[str, Any], title: str) -> str:
    out = [f"<h1>Balance report{': ' + html.escape(title) if title else ''}</h1>",
           para(f"<b>{s['games']}</b> games of {html.escape(', '.join(s['game']))}; how they ended: "
                + html.escape(", ".join(f"{k} {v}" for k, v in s["ends"].items())) + ".")]
    out += [para(f'<span class="warn">Warning: {html.escape(w)}</span>') for w in s["warnings"]]
    agents = "; ".join(f"{' v '.join(a['agents'])} ({a['games']} games)" for a in s["agents"])
    out.append(para(f"Agents by seat: {html.escape(agents)}."
                    + (" <b>Games between different agents are pooled.</b>" if len(s["agents"]) > 1 else "")))
    configs = s["configs"]
    if len(configs) == 1:
        out += [para("Game config:"), values(configs[0]["config"])]
    else:
        out.append(para(f"<b>The records come from {len(configs)} different game configs, pooled in "
                        "every figure below.</b> They are:"))
        for i, c in enumerate(configs, 1):
            out += [para(f"Config {i} ({c['games']} games):"), values(c["config"])]
    if s.get("run"):
        out += [para("The run's settings (run.json):"), values(s["run"])]
    out.append(para(
        "<b>Card and base figures are correlations, not causes.</b> A player who is ahead has "
        "more resources and buys more cards, so cards that are bought by winners look strong; a "
        "base comes into play only when the one before it falls, so later bases show up in "
        "longer, closer games. A difference says where to look, not what to change.", "caveat"))
    out.append(para("Intervals are 95% Wilson score intervals. A game with no winner (turn or action "
                    "limit) is counted as played and not won in every win rate, so the sides' rates "
                    "need not add up to 100%.", "note"))
    return "\n".join(out)


def _wins_section(s: Mapping[str, Any]) -> str:
    w = s["wins"]
    first, nw = w["first_player"], w["no_winner"]
    always = one_order(w)
    if always:   # the first player's rows would repeat the sides' own: one row each
        rows = [(f"{r['name']} (moved first)" if r["name"] == always else r["name"], r)
                for r in w["by_side"]]
        opening = (f"{html.escape(always)} moved first in every game (the edition's rule or the "
                   "run's setting), so the first player's win rate and each side's rate by order "
                   "are the sides' own rates: each is shown once.")
    else:
        rows = ([(r["name"], r) for r in w["by_side"]] + [("first player", first)]
                + [(f"{r['name']} moving {r['order']}", r) for r in w["by_side_and_order"]])
        opening = (f"The seat that took the first turn won {pct(first['rate'])} of games "
                   f"(95% CI {ci_text(first['ci'])}).")
    return "\n".join([
        "<h2>Who wins</h2>",
        para(f"{opening} {nw['games']} games ({pct(nw['share'])}) had no winner; they are in "
             "every denominator below."),
        ci_plot([(label, r["rate"], r["ci"], False) for label, r in rows], 0.5, "win rate (%)", "wins"),
        table(["who", "games", "wins", "win rate", "95% CI"],
              [[label, *rate_cells(r)] for label, r in rows]),
    ])


def _length_section(s: Mapping[str, Any]) -> str:
    """Game length in rounds (each side's turn once), the unit players count in."""
    length = s["length"]
    rounds = {**length["rounds"], "by_winner": [{**r, **r["rounds"]} for r in length["by_winner"]]}
    first, width, n = _bins(rounds)
    by_winner = rounds["by_winner"]
    per_winner = [_binned(r["histogram"], first, width, n) for r in by_winner]
    starts = [first + i * width for i in range(n)]
    hist = [[str(a) if width == 1 else f"{a}{DASH}{a + width - 1}", sum(c[i] for c in per_winner),
             *(c[i] for c in per_winner)] for i, a in enumerate(starts)]
    groups = [("all games", rounds)] + [(_won(r), r) for r in by_winner]
    return "\n".join([
        "<h2>Game length</h2>",
        para(f"Mean {rounds['mean']:.1f} rounds, median {rounds['median']:g}, 5th-95th percentile "
             f"{rounds['p5']:g}-{rounds['p95']:g}. A round is each side's turn once; the round a "
             f"game ends in counts whole ({length['mean']:.1f} turns on average, each side's turn "
             "counted)."),
        _length_plot(rounds, list(s["sides"]), "length"),
        table(["games", "count", "mean", "median", "5%", "95%", "least", "most"],
              [[label, r["games"], *(f"{r[k]:g}" for k in ("mean", "median", "p5", "p95")),
                r["min"], r["max"]] for label, r in groups]),
        table(["rounds", "all", *(_won(r) for r in by_winner)], hist, fold="games by length"),
    ])


def _won(row: Mapping[str, Any]) -> str:
    """'Empire won' for a group of games by winner, or 'no winner'."""
    return NO_WINNER if row["winner"] is None else f"{row['name']} won"


def _bases_section(s: Mapping[str, Any]) -> str:
    rows = s["bases"]
    labels = [f"{r['card']} ({r['name']}{', start' if r['starting'] else ''})" for r in rows]
    return "\n".join([
        "<h2>Bases</h2>",
        para("For each side and base: the side's win rate in the games where that base came into "
             "play for it. The starting base (marked <i>start</i>) is in play from turn 0 in every "
             "game it starts, so its rate is close to the side's overall rate; a later base appears "
             "only after the side lost bases, which is itself a sign of a game going badly or long."),
        ci_plot([(lab, r["rate"], r["ci"], False) for lab, r in zip(labels, rows, strict=True)],
                0.5, "side's win rate when the base came into play (%)", "bases"),
        table(["base", "side", "starting", "games", "wins", "win rate", "95% CI"],
              [[r["card"], r["name"], "yes" if r["starting"] else "", *rate_cells(r)] for r in rows],
              fold="all bases"),
    ])


def _cards_section(s: Mapping[str, Any]) -> str:
    c = s["cards"]
    tested = [r for r in c["rows"] if r["tested"]]
    top = sorted(sorted(tested, key=lambda r: -abs(r["difference"]))[:FOREST_ROWS],
                 key=lambda r: -r["difference"])
    plot = (ci_plot([(f"{r['card']} ({r['name']})", r["difference"], r["difference_ci"],
                       r["significant"]) for r in top], 0.0,
                    "win rate when bought minus when not (percentage points)", "cards")
            if top else para(f"No card has {c['min_games']} games both with and without it, so none "
                             "was tested.", "note"))
    cells = [[r["card"], r["name"], r["copies"],
              "" if r["mean_round"] is None else f"{r['mean_round']:.1f}",
              *rate_cells(r["bought"]), *rate_cells(r["not_bought"]), points(r["difference"]),
              f"{r['p']:.2g}" if r["tested"] else "too few games",
              "yes" if r["significant"] else ""] for r in c["rows"]]
    classes = ["sig" if r["significant"] else "" if r["tested"] else "few" for r in c["rows"]]
    return "\n".join([
        "<h2>Cards bought</h2>",
        para("For each card and each side that bought it: the side's win rate in games where it "
             "bought at least one copy, against games where it bought none. The p-value is the "
             "two-sided pooled two-proportion z-test; a row is <b>significant</b> when it passes the "
             f"Benjamini-Hochberg rule at a false-discovery rate of {c['q']:g} over all "
             f"{c['tested']} tested rows. Only rows with at least {c['min_games']} games in both "
             f"groups are tested. Significant: {c['significant']} of {c['tested']}. Remember that "
             "winners buy more, so many cards go with winning. The copies bought over the run "
             "and the mean round a copy was bought in (each side's turn once a round) say when a "
             "card is taken."),
        para(f"The plot shows the {len(top)} tested rows with the largest differences, with 95% "
             "intervals (Newcombe's method from the two Wilson intervals); significant rows in red.",
             "note") if top else "",
        plot,
        table(["card", "side", "copies bought", "mean round bought", "games bought", "won",
               "win rate", "95% CI", "games not", "won", "win rate", "95% CI",
               "difference (points)", "p", "significant"], cells, classes, fold="all cards"),
    ])


def _force_section(s: Mapping[str, Any]) -> str:
    force = s["force"]
    if not force["turns"]:
        return "<h2>The Force</h2>" + para("The records hold no Force track.", "note")
    seats = [s["sides"].get(next(iter(counts)), "?") if counts else "?" for counts in s["seats"]]
    seats += ["seat 0", "seat 1"][len(seats):]
    shown = min(10, s["games"])
    cells = [[r["turn"], r["games"], f"{r['mean']:.2f}", f"{r['q25']:g}", f"{r['q75']:g}"]
             for r in force["turns"]]
    return "\n".join([
        "<h2>The Force</h2>",
        para(f"The Force marker at the end of each turn (turn 0: setup), over the games still running "
             f"at that turn. 0 is the {html.escape(seats[0])} end of the track (that side fully has "
             f"the Force), 6 the {html.escape(seats[1])} end. The plot leaves out turns with fewer "
             f"than {shown} games still running; the table has them all."),
        _force_plot(force, seats, list(s["sides"]), shown, "force"),
        table(["turn", "games running", "mean", "25%", "75%"], cells, fold="the Force by turn"),
    ])


HATCHES = ("", "//", "..", "xx", "\\\\", "++", "oo")
"""One hatch per band of a stacked plot, so that no band is told by its colour alone."""


def _composition_section(s: Mapping[str, Any]) -> str:
    comp = s.get("composition")
    if not comp or not comp["rounds"]:
        return "<h2>Cards bought over time</h2>" + para("The records hold no purchases.", "note")
    shown = min(10, s["games"])
    last = max((i for i, n in enumerate(comp["running"]) if n >= shown), default=0) + 1
    rounds = comp["rounds"][:last]
    fig = figure(7.0, 2.6 * len(comp["sides"]))
    axes = fig.subplots(len(comp["sides"]), 1, sharex=True, squeeze=False)[:, 0]
    for ax, side in zip(axes, comp["sides"], strict=True):
        bands = [*((c["card"], c["mean"][:last]) for c in side["cards"]),
                 ("other cards", side["others"][:last])]
        bottom = [0.0] * last
        for (label, held), hatch in zip(bands, HATCHES, strict=False):
            top = [b + v for b, v in zip(bottom, held, strict=True)]
            ax.fill_between(rounds, bottom, top, hatch=hatch, alpha=0.55, label=label, lw=0.4,
                            edgecolor="#333")
            bottom = top
        ax.set_ylabel(f"{side['name']}: cards")
        ax.legend(fontsize="x-small", loc="upper left", ncols=2)
        ax.grid(alpha=0.3)
    axes[-1].set_xlabel("round")
    marks = [r for r in (1, 5, 10, 15) if r <= last]
    cells = [[side["name"], c["card"], *(f"{c['mean'][r - 1]:.2f}" for r in marks)]
             for side in comp["sides"]
             for c in [*side["cards"], {"card": "other cards", "mean": side["others"]}]]
    return "\n".join([
        "<h2>Cards bought over time</h2>",
        para("Each side's purchases round by round: the mean copies held of its six most bought "
             "cards, and of all its other bought cards together, over the games still running at "
             f"that round (rounds with fewer than {shown} are left out). The starting decks are "
             "the same in every game and not drawn; exiled and destroyed cards are not in the "
             "records, so a card counts from the round it was bought to the end."),
        svg(fig, "composition"),
        table(["side", "card", *(f"round {r}" for r in marks)], cells),
    ])

