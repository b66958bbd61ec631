"""`dejarik serve`: the game server for play in the browser."""

from __future__ import annotations

import click

from dejarik.cli.options import fail
from dejarik.core.errors import DejarikError


@click.command()
@click.option("--db", "db_url", default=None,
              help="database URL (default: SQLite in your data directory), e.g. "
                   "postgresql+psycopg://user:pass@host/dejarik or sqlite:///games.db")
@click.option("--host", default="127.0.0.1", show_default=True, help="address to listen on")
@click.option("--port", type=int, default=8000, show_default=True, help="port to listen on")
def serve(db_url: str | None, host: str, port: int) -> None:
    """Serve games in the browser: open the printed address."""
    import uvicorn

    from dejarik.server.app import create_app
    from dejarik.server.db import default_url

    url = db_url or default_url()
    try:
        app = create_app(url)
    except DejarikError as err:
        fail(err)
    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    click.echo(f"Dejarik is serving at http://{shown}:{port}/  (database: {_safe(url)})")
    click.echo("Open that address in a browser. Ctrl+C stops the server.")
    from dejarik.server.limits import Limits

    uvicorn.run(app, host=host, port=port, log_level="warning",
                ws_max_size=Limits().max_message_bytes * 4, timeout_graceful_shutdown=3)


def _safe(url: str) -> str:
    """The URL without its password."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return "(unparsable URL)"
