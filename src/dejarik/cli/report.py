"""`dejarik report DIR`: the balance report of a simulation run."""

from __future__ import annotations

import json
from pathlib import Path

import click

from dejarik.cli.options import fail
from dejarik.core.errors import DejarikError


@click.command("report")
@click.argument("run_dir", metavar="DIR", type=click.Path(path_type=Path))
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="where to write the HTML report (default: DIR/report.html)")
def report(run_dir: Path, out: Path | None) -> None:
    """Summarize the games of a `dejarik sim` run in DIR: win rates, game length, bases, cards
    and the Force, with 95% intervals. Writes DIR/summary.json and an HTML page that opens
    anywhere, offline."""
    from dejarik.sim.report import write_report  # matplotlib loads only when needed
    from dejarik.sim.summary import digest

    try:
        html_path, summary_path = write_report(run_dir, out)
    except DejarikError as err:
        fail(err)
    click.echo(f"wrote {html_path}")
    click.echo(f"wrote {summary_path}")
    summary = json.loads(summary_path.read_text(encoding="utf-8"))
    for line in summary["warnings"]:
        click.echo(f"warning: {line}", err=True)
    for line in digest(summary):
        click.echo(line)
