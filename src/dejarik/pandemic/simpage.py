"""The cooperative game's run report as a page (`dejarik report DIR`): summary.json (every
number, from simreport.py) and report.html (the same numbers with plots, one file that needs
nothing else to open)."""

from __future__ import annotations

import html
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from dejarik.core import htmlpage
from dejarik.core.htmlpage import PLAIN, STRONG, ci_plot, figure, length_section, page, para, svg, table
from dejarik.core.stats import ci_text, pct, rate_cells
from dejarik.pandemic.simreport import GROUPS, summarize_run

MIN_RUNNING = 10
"""A turn is plotted while at least this many games are still running at it."""
END_WORDS = {"win": "won", "loss": "lost", "turn_limit": "stopped by the turn limit"}


def write_report(run_dir: Path, out_html: Path | None = None) -> tuple[Path, Path]:
    return htmlpage.draw_run(run_dir, out_html, summarize_run, render_html)


def render_html(s: Mapping[str, Any], title: str = "") -> str:
    parts = [_header(s, title), _wins(s), _losses(s), _tracks(s), _length(s)]
    return page(f"Pandemic game report: {title}" if title else "Pandemic game report", parts)


def _header(s: Mapping[str, Any], title: str) -> str:
    o = s["overall"]
    ends = ", ".join(f"{END_WORDS.get(k, k)} {v}" for k, v in sorted(s["ends"].items()))
    out = [f"<h1>Pandemic game report{': ' + html.escape(title) if title else ''}</h1>",
           para(f"<b>{s['games']}</b> games; the team won <b>{o['wins']}</b> ({pct(o['rate'])}, "
                f"95% CI {ci_text(o['ci'])}); {html.escape(ends)}; {s['mean_turns']} turns on "
                "average (a turn is one Jedi's).")]
    out += [para(f'<span class="warn">Warning: {html.escape(w)}</span>') for w in s["warnings"]]
    if s["traced"] < s["games"]:
        out.append(para(f"{s['games'] - s['traced']} records come from before games were traced: "
                        "they count in the win rates and lengths, not in the threat and track "
                        "sections.", "note"))
    out.append(para("Intervals are 95% Wilson score intervals. A game stopped by the turn limit "
                    "counts as not won.", "note"))
    return "\n".join(out)


def _wins(s: Mapping[str, Any]) -> str:
    out = ["<h2>Who wins</h2>",
           para("The team's win rate by difficulty, villain, team of Jedi and number of players. "
                "The dashed line is the overall rate.")]
    rows = [(f"{title}: {r['key']}", r) for field, title in GROUPS for r in s["by"][field]]
    out.append(ci_plot([(label, r["rate"], r["ci"], False) for label, r in rows],
                       s["overall"]["rate"] or 0.0, "team's win rate (%)", "wins"))
    out.append(table(["group", "games", "wins", "win rate", "95% CI"],
                     [[label, *rate_cells(r)] for label, r in rows], fold="win rates"))
    return "\n".join(out)


def _losses(s: Mapping[str, Any]) -> str:
    out = ["<h2>How games are lost</h2>"]
    if not s["lost_to"] and not s["threat_from"]:
        return "\n".join([*out, para("No traced game raised the threat.", "note")])
    if s["lost_to"]:
        out += [para("A game is lost when the threat reaches the last space of its track. For "
                     "each lost game, what raised the threat the last time:"),
                _bars([(r["cause"], r["games"]) for r in s["lost_to"]], "lost games", "lost"),
                table(["the last rise came from", "lost games", "share", "95% CI"],
                      [[r["cause"], r["games"], pct(r["share"]), ci_text(r["ci"])]
                       for r in s["lost_to"]])]
    out += [para("Everything that raised the threat, over all traced games (steps of the "
                 "track):"),
            table(["raised by", "steps in all", "per game"],
                  [[r["cause"], r["total"], f"{r['per_game']:.2f}"] for r in s["threat_from"]])]
    return "\n".join(out)


def _bars(rows: list[tuple[str, int]], xlabel: str, key: str) -> str:
    fig = figure(7.0, 0.9 + 0.32 * len(rows))
    ax = fig.add_subplot()
    ax.barh(range(len(rows)), [n for _, n in rows], color=PLAIN)
    ax.set_yticks(range(len(rows)), [label for label, _ in rows])
    ax.set_ylim(len(rows) - 0.5, -0.5)
    ax.set_xlabel(xlabel)
    return svg(fig, key)


def _tracks(s: Mapping[str, Any]) -> str:
    out = ["<h2>The threat and invasion tracks over time</h2>"]
    threat, invasion = s["tracks"]["threat"], s["tracks"]["invasion"]
    if not threat:
        return "\n".join([*out, para("The records hold no tracks.", "note")])
    shown = min(MIN_RUNNING, s["traced"])
    out.append(para(f"Each track's space at the start of each turn, the mean over the games still "
                    f"running then, and over those the team went on to win and to lose. The plot "
                    f"leaves out turns with fewer than {shown} games running; the tables have them "
                    f"all. The threat track's last space (a loss) is {s['track_ends']['threat']}; "
                    f"the invasion track's is {s['track_ends']['invasion']}."))
    fig = figure(7.0, 5.2)
    axes = fig.subplots(3, 1, sharex=True, height_ratios=[3, 3, 1])
    for ax, (name, rows) in zip(axes, (("threat", threat), ("invasion", invasion)), strict=False):
        part = [r for r in rows if r["games"] >= shown]
        turns = [r["turn"] for r in part]
        ax.plot(turns, [r["mean"] for r in part], color="#222", label="all games running")
        for key, label, colour in (("won_mean", "games won", PLAIN), ("lost_mean", "games lost", STRONG)):
            pts = [(r["turn"], r[key]) for r in part if r[key] is not None]
            ax.plot([t for t, _ in pts], [v for _, v in pts], ls="--", lw=1, color=colour, label=label)
        ax.set_ylabel(f"{name} space")
        ax.set_ylim(0, max(s["track_ends"][name], 1))
        ax.grid(alpha=0.3)
    axes[0].legend(fontsize="small", ncols=3, loc="upper left")
    counted = [r for r in threat if r["games"] >= shown]
    axes[2].plot([r["turn"] for r in counted], [r["games"] for r in counted], color="grey")
    axes[2].set_ylabel("games")
    axes[2].set_xlabel("turn")
    axes[2].set_ylim(bottom=0)
    out.append(svg(fig, "tracks"))
    for name, rows in (("threat", threat), ("invasion", invasion)):
        out.append(table(["turn", "games running", "mean", "won: games", "won: mean", "lost: games",
                          "lost: mean"],
                         [[r["turn"], r["games"], f"{r['mean']:.2f}", r["won_games"],
                           "" if r["won_mean"] is None else f"{r['won_mean']:.2f}", r["lost_games"],
                           "" if r["lost_mean"] is None else f"{r['lost_mean']:.2f}"] for r in rows],
                         fold=f"the {name} track by turn"))
    return "\n".join(out)


def _length(s: Mapping[str, Any]) -> str:
    return length_section(s["lengths"], END_WORDS, {"win": (PLAIN, ""), "loss": (STRONG, "//"),
                                                    "turn_limit": ("#999", "..")}, "how the game ended")
