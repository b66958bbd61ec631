"""The tables, and opening a database: SQLite by default, PostgreSQL by URL. The schema is
made and upgraded by Alembic migrations (migrations/), run on every start."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from dejarik.core.errors import DejarikError

metadata = sa.MetaData()

games = sa.Table(
    "games", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("engine_version", sa.String(32), nullable=False),
    sa.Column("config", sa.Text, nullable=False),          # JSON
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),    # waiting, playing, finished
    sa.Column("winner", sa.Integer, nullable=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
)

seats = sa.Table(
    "seats", metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("player", sa.String(16), nullable=False),    # human or ai
    sa.Column("agent", sa.String(200), nullable=True),     # the AI's agent spec
    sa.Column("title", sa.String(200), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=True),  # sha256 of the seat token
    sa.Column("invite_hash", sa.String(64), nullable=True),  # sha256 of an unused invite code
)

actions = sa.Table(
    "actions", metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("idx", sa.Integer, primary_key=True),        # 0-based: a number is stored once
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.Text, nullable=False),
    sa.Column("state_hash", sa.String(64), nullable=False),  # after the action
    sa.Column("log", sa.Text, nullable=False),             # JSON: the log lines it made
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

snapshots = sa.Table(
    "snapshots", metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("idx", sa.Integer, primary_key=True),        # actions applied before it
    sa.Column("state", sa.Text, nullable=False),           # JSON of the whole state
)


def default_url() -> str:
    """A SQLite file in the user's data directory."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("dejarik"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'dejarik.db'}"


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    # WAL with a full sync: a commit is on disk when it returns, so a crash (even of the
    # machine) loses no acknowledged action
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.close()


def open_engine(url: str) -> Engine:
    """An engine for `url`, with the schema migrated to the newest version."""
    try:
        engine = sa.create_engine(url, future=True, pool_pre_ping=True)
    except (sa.exc.ArgumentError, sa.exc.NoSuchModuleError, ImportError) as err:
        raise DejarikError(f"database URL {url!r}: {err}") from None
    if engine.dialect.name == "sqlite":
        sa.event.listen(engine, "connect", _sqlite_pragmas)
    try:
        migrate(engine)
    except sa.exc.OperationalError as err:
        raise DejarikError(f"cannot open the database {engine.url.render_as_string()}: "
                           f"{err.orig}") from None
    return engine


def migrate(engine: Engine) -> None:
    """Bring the schema up to the newest migration (Alembic, in this package)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
