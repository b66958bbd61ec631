"""What every game's drawn run report shares: one HTML page with inline SVG plots and tables,
no scripts, nothing fetched, the same bytes every run (matplotlib loads only when a plot is
drawn)."""

from __future__ import annotations

import html
import io
import json
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dejarik.core.runs import RecordError

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def write_text(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as err:
        raise RecordError(f"{path}: cannot write ({err.strerror})") from None


LABEL = 80
"""The longest label a plot draws whole."""
PLAIN = "#4a6fa5"
STRONG = "#d1495b"
SIDE_COLOURS = ["#3b6fb6", "#e08a2c", "#5a9e4b", "#8d5ab0"]


def short(label: str) -> str:
    """A label cut to a line: a name of megabytes (a damaged record) must not stall a plot."""
    return label if len(label) <= LABEL else label[:LABEL - 3] + "..."


def _cut_labels(fig: Figure) -> None:
    """Cut every text a figure would draw (titles, axis and tick labels, legends) to a line.
    Matplotlib measures a text glyph by glyph, so a damaged record's name of half a megabyte
    took it over a minute, whichever plot of whichever game the name reached."""
    from matplotlib.text import Text

    for text in fig.findobj(Text):
        text.set_text(short(text.get_text()))
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            for ticks in (axis.get_major_formatter(), axis.get_minor_formatter()):
                # tick labels are written while drawing, by whichever formatter the axis has
                labels = ticks.format_ticks
                setattr(ticks, "format_ticks",  # noqa: B010 (mypy refuses assigning a method)
                        lambda values, labels=labels: [short(str(t)) for t in labels(values)])


def figure(width: float, height: float) -> Figure:
    from matplotlib.figure import Figure  # imported here: only the HTML needs matplotlib

    return Figure(figsize=(width, height), layout="constrained")


def svg(fig: Figure, key: str) -> str:
    """The figure as an <svg> element to put inline: no size of its own (it fills the column),
    ids prefixed by `key` so several plots in a page do not clash, the same bytes every run."""
    import matplotlib

    _cut_labels(fig)
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


def ci_plot(rows: list[tuple[str, float, list[float], bool]], ref: float, xlabel: str, key: str,
            scale: float = 100.0) -> str:
    """Points with interval bars, one row per label (first on top); strong rows in red."""
    fig = figure(7.0, 0.9 + 0.28 * len(rows))
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
    return svg(fig, key)


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


def table(head: list[str], rows: list[list[Any]], classes: list[str] | None = None,
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


def para(text: str, cls: str = "") -> str:
    return f'<p class="{cls}">{text}</p>' if cls else f"<p>{text}</p>"


def values(data: Mapping[str, Any]) -> str:
    return table(["setting", "value"], [[k, json.dumps(v, ensure_ascii=False)] for k, v in data.items()])


def page(title: str, parts: list[str]) -> str:
    """The whole report as one HTML page: inline CSS and SVG, no scripts, nothing fetched."""
    name = html.escape(title)
    return ('<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{name}</title><style>{CSS}</style></head><body>\n"
            + "\n".join(parts) + "\n</body></html>\n")


def write_report(run_dir: Path, out_html: Path | None, summary: Mapping[str, Any], html_text: str
                 ) -> tuple[Path, Path]:
    """Write run_dir/summary.json and the page (by default run_dir/report.html); the page's
    path first."""
    html_path = out_html if out_html is not None else Path(run_dir) / "report.html"
    summary_path = Path(run_dir) / "summary.json"
    write_text(summary_path, json.dumps(summary, indent=1, ensure_ascii=False) + "\n")
    write_text(html_path, html_text)
    return html_path, summary_path


def draw_run(run_dir: Path, out_html: Path | None,
             summarize_run: Callable[[Path], dict[str, Any]],
             render_html: Callable[[Mapping[str, Any], str], str]) -> tuple[Path, Path]:
    """A game's `draw`: summarize a run directory and write its summary and page, titled by
    the directory's name."""
    summary = summarize_run(Path(run_dir))
    return write_report(run_dir, out_html, summary, render_html(summary, Path(run_dir).resolve().name))


def length_section(lengths: Mapping[str, list[list[int]]], labels: Mapping[str, str],
                   styles: Mapping[str, tuple[str, str]], by: str) -> str:
    """Game length: turns per game as overlapping bars, one colour and hatch per way a game
    ended (`styles`: colour, hatch), and a table of counts."""
    fig = figure(7.0, 3.0)
    ax = fig.add_subplot()
    for end, rows in lengths.items():
        colour, hatch = styles.get(end, ("#555", ""))
        ax.bar([t for t, _ in rows], [c for _, c in rows], width=0.9, alpha=0.6, color=colour,
               hatch=hatch, label=labels.get(end, end))
    ax.set_xlabel("turns")
    ax.set_ylabel("games")
    ax.legend(fontsize="small")
    cells = [[labels.get(end, end), sum(c for _, c in rows), rows[0][0], rows[-1][0],
              f"{sum(t * c for t, c in rows) / sum(c for _, c in rows):.1f}"]
             for end, rows in lengths.items()]
    return "\n".join(["<h2>Game length</h2>",
                      para(f"Turns per game, by {by} (bars overlap where both are drawn)."),
                      svg(fig, "length"),
                      table(["games", "count", "fewest turns", "most turns", "mean"], cells)])
