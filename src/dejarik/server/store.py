"""Games in the database: a game is its config, seed and actions (with the hash after each),
plus snapshots of the state every so often so that a long game loads without replaying it all.

Every write is one transaction. `append` is the only way an action enters a game: the
(game, index) key makes a second write of the same index fail, so nothing is applied twice."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from dejarik.core.errors import DejarikError
from dejarik.server import db

SNAPSHOT_EVERY = 100


class StoreError(DejarikError):
    """The database refused a write; nothing of it was stored."""


class DuplicateAction(StoreError):
    """An action with this index is already stored."""


def digest(secret: str) -> str:
    """Seat tokens and invite codes are stored only as their SHA-256."""
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass
class SeatRecord:
    seat: int
    player: str          # "human" or "ai"
    agent: str | None
    title: str
    token_hash: str | None
    invite_hash: str | None


@dataclass
class ActionRecord:
    idx: int
    seat: int
    action: str
    state_hash: str
    log: list[dict[str, Any]]


@dataclass
class GameRecord:
    id: str
    game: str
    engine_version: str
    config: dict[str, Any]
    seed: int
    status: str
    winner: int | None
    seats: list[SeatRecord]
    actions: list[ActionRecord] = field(default_factory=list)
    snapshot: tuple[int, dict[str, Any]] | None = None   # (actions before it, state JSON)


_SET_STATUS = db.games.update().where(db.games.c.id == sa.bindparam("gid")).values(
    status=sa.bindparam("status"), winner=sa.bindparam("winner"), updated_at=sa.bindparam("updated_at"))


@dataclass
class Append:
    """One action to store, with the game's status after it and perhaps a snapshot."""

    game_id: str
    act: ActionRecord
    status: str
    winner: int | None
    snapshot: dict[str, Any] | None = None


def _now() -> datetime:
    return datetime.now(UTC)


class Store:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create(self, rec: GameRecord) -> None:
        """Store a new game with its seats."""
        now = _now()
        with self._writing() as conn:
            conn.execute(db.games.insert().values(
                id=rec.id, game=rec.game, engine_version=rec.engine_version,
                config=json.dumps(rec.config), seed=rec.seed, status=rec.status, winner=rec.winner,
                created_at=now, updated_at=now))
            conn.execute(db.seats.insert(), [
                {"game_id": rec.id, "seat": s.seat, "player": s.player, "agent": s.agent,
                 "title": s.title, "token_hash": s.token_hash, "invite_hash": s.invite_hash}
                for s in rec.seats])

    def append(self, item: Append) -> None:
        """Store one action, the game's new status and, if given, a snapshot after it; all or
        nothing. Raises DuplicateAction if that index is already stored."""
        try:
            with self._writing() as conn:
                self._write(conn, [item])
        except sa.exc.IntegrityError:
            raise DuplicateAction(f"game {item.game_id}: action {item.act.idx + 1} "
                                  "is already stored") from None

    def append_all(self, items: list[Append]) -> list[StoreError | None]:
        """Store several games' actions in one transaction (one sync to disk for all: a group
        commit). If that fails, each is stored on its own, so one bad item fails alone.
        Returns, for each item, None (stored) or the error."""
        try:
            with self._writing() as conn:
                self._write(conn, items)
            return [None] * len(items)
        except (sa.exc.IntegrityError, StoreError):
            pass
        out: list[StoreError | None] = []
        for item in items:
            try:
                self.append(item)
                out.append(None)
            except StoreError as err:
                out.append(err)
        return out

    @staticmethod
    def _write(conn: sa.Connection, items: list[Append]) -> None:
        """The writes of some actions, each statement once for all of them."""
        now = _now()
        conn.execute(db.actions.insert(), [
            {"game_id": i.game_id, "idx": i.act.idx, "seat": i.act.seat, "action": i.act.action,
             "state_hash": i.act.state_hash, "log": json.dumps(i.act.log), "created_at": now}
            for i in items])
        conn.execute(_SET_STATUS, [{"gid": i.game_id, "status": i.status, "winner": i.winner,
                                    "updated_at": now} for i in items])
        snaps = [{"game_id": i.game_id, "idx": i.act.idx + 1, "state": json.dumps(i.snapshot)}
                 for i in items if i.snapshot is not None]
        if snaps:
            conn.execute(db.snapshots.insert(), snaps)

    def claim(self, game_id: str, invite_hash: str, token_hash: str) -> int | None:
        """Give the seat whose unused invite this is a token; the invite is then spent.
        Returns the seat, or None if no seat has that invite."""
        with self._writing() as conn:
            row = conn.execute(sa.select(db.seats.c.seat).where(
                db.seats.c.game_id == game_id, db.seats.c.invite_hash == invite_hash)).first()
            if row is None:
                return None
            conn.execute(db.seats.update().where(
                db.seats.c.game_id == game_id, db.seats.c.seat == row.seat).values(
                invite_hash=None, token_hash=token_hash))
            return int(row.seat)

    def set_status(self, game_id: str, status: str) -> None:
        with self._writing() as conn:
            conn.execute(db.games.update().where(db.games.c.id == game_id).values(
                status=status, updated_at=_now()))

    def load(self, game_id: str) -> GameRecord | None:
        """A stored game with its seats, every action, and its newest snapshot."""
        with self.engine.connect() as conn:
            g = conn.execute(sa.select(db.games).where(db.games.c.id == game_id)).first()
            if g is None:
                return None
            seat_rows = conn.execute(sa.select(db.seats).where(db.seats.c.game_id == game_id)
                                     .order_by(db.seats.c.seat)).all()
            act_rows = conn.execute(sa.select(db.actions).where(db.actions.c.game_id == game_id)
                                    .order_by(db.actions.c.idx)).all()
            snap = conn.execute(sa.select(db.snapshots).where(db.snapshots.c.game_id == game_id)
                                .order_by(db.snapshots.c.idx.desc()).limit(1)).first()
        return GameRecord(
            id=g.id, game=g.game, engine_version=g.engine_version, config=json.loads(g.config),
            seed=int(g.seed), status=g.status, winner=g.winner,
            seats=[SeatRecord(r.seat, r.player, r.agent, r.title, r.token_hash, r.invite_hash)
                   for r in seat_rows],
            actions=[ActionRecord(r.idx, r.seat, r.action, r.state_hash, json.loads(r.log))
                     for r in act_rows],
            snapshot=None if snap is None else (int(snap.idx), json.loads(snap.state)))

    def count_games(self) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(sa.select(sa.func.count()).select_from(db.games)).scalar_one())

    @contextmanager
    def _writing(self) -> Iterator[sa.Connection]:
        """A transaction; a database failure becomes a StoreError (nothing was written)."""
        try:
            with self.engine.begin() as conn:
                yield conn
        except sa.exc.OperationalError as err:
            raise StoreError(f"database write failed: {err.orig}") from None
