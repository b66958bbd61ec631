"""`dejarik report DIR`: the balance report of a simulation run, drawn by the run's game."""

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
    """Summarize and draw the games of a `dejarik sim` run in DIR, with 95% intervals (for a
    game whose run report draws). Writes DIR/summary.json and an HTML page that opens anywhere,
    offline."""
    from dejarik.core.protocol import require
    from dejarik.core.registry import get_game
    from dejarik.core.runs import RecordError, game_of_run

    try:
        game = get_game(game_of_run(run_dir))
        run_report = require(game.report, game, "report")
        if not run_report.draws:
            raise RecordError(f"{game.info.title} ({game.name}) has no drawn report; "
                              f"`dejarik sim {game.name}` prints the summary of a run")
        html_path, summary_path = run_report.draw(run_dir, out)
    except DejarikError as err:
        fail(err)
    click.echo(f"wrote {html_path}")
    click.echo(f"wrote {summary_path}")
    summary = json.loads(summary_path.read_text(encoding="utf-8"))
    for line in summary["warnings"]:
        click.echo(f"warning: {line}", err=True)
    for line in run_report.digest(summary):
        click.echo(line)
