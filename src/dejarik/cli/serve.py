"""`dejarik serve`: the game server for play in the browser."""

from __future__ import annotations

import gc
import socket

import click

from dejarik.cli.options import fail
from dejarik.core.errors import ConfigError, DejarikError
from dejarik.server.limits import Limits


@click.command()
@click.option("--db", "db_url", default=None,
              help="database URL (default: SQLite in your data directory), e.g. "
                   "postgresql+psycopg://user:pass@host/dejarik or sqlite:///games.db")
@click.option("--host", default="127.0.0.1", show_default=True, help="address to listen on")
@click.option("--port", type=int, default=8000, show_default=True, help="port to listen on")
@click.option("--ai-workers", type=click.IntRange(1, 64), default=None,
              help="processes for AI moves (default: one less than the CPUs, at least 1)")
@click.option("--messages-per-second", type=click.FloatRange(0.1), default=Limits.messages_per_second,
              show_default=True, help="rate limit for each WebSocket connection")
@click.option("--creates-per-minute", type=click.FloatRange(0.1), default=Limits.creates_per_minute,
              show_default=True, help="rate limit on new games and joins, per client address")
def serve(db_url: str | None, host: str, port: int, ai_workers: int | None, messages_per_second: float,
          creates_per_minute: float) -> None:
    """Serve games in the browser: open the printed address."""
    import uvicorn

    from dejarik.server.app import create_app, default_ai_pool
    from dejarik.server.db import default_url

    url = db_url or default_url()
    limits = Limits(messages_per_second=messages_per_second,
                    message_burst=max(30, int(messages_per_second * 3)),
                    creates_per_minute=creates_per_minute,
                    create_burst=max(10, int(creates_per_minute / 3)))
    try:
        app = create_app(url, limits, default_ai_pool(ai_workers))
    except DejarikError as err:
        fail(err)
    # the long-lived objects so far (code, card tables) need no more collecting, and rarer
    # young collections keep the pauses of a busy server short
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)
    sock = _listen(host, port)   # before saying so: a port in use is an error, not a promise
    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    click.echo(f"Dejarik is serving at http://{shown}:{port}/  (database: {_safe(url)})")
    click.echo("Open that address in a browser. Ctrl+C stops the server.", nl=True)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning",
                            ws_max_size=limits.max_message_bytes * 4, ws_per_message_deflate=False,
                            timeout_graceful_shutdown=3)
    uvicorn.Server(config).run(sockets=[sock])


def _listen(host: str, port: int) -> socket.socket:
    """The server's listening socket, or a clear error naming the address (exit status 2)."""
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        return socket.create_server((host, port), family=family, backlog=2048)
    except OSError as err:
        fail(ConfigError(f"cannot serve at {host}:{port}: {err.strerror or err} (another server "
                         "may be using the port: choose another with --port)"))


def _safe(url: str) -> str:
    """The URL without its password."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return "(unparsable URL)"
