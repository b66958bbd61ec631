"""Live games: each is a room holding the authoritative state, its seats and connections.

An action is checked against the deciding seat's own legal actions, applied to a copy,
stored, and only then made the room's state and told to anyone. A room handles one action at
a time (an asyncio lock, first come first served), so actions arriving together from several
seats are applied one by one, in order.

Every connection receives its own view only: `observation(seat)` (a spectator's is
`observation(-1)`), and the log as that seat may read it: a card the viewer could not see
before or after an action is not named in the line that reports it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from dejarik.core.errors import ConfigError, DejarikError
from dejarik.core.protocol import Game, require
from dejarik.core.registry import first_game_offering, get_game
from dejarik.core.views import BrowserViews, ViewModel
from dejarik.server.ai import think
from dejarik.server.limits import Limits, TokenBucket
from dejarik.server.schema import CreateGame
from dejarik.server.store import (
    SNAPSHOT_EVERY,
    ActionRecord,
    Append,
    DuplicateAction,
    GameRecord,
    SeatRecord,
    Store,
    StoreError,
    digest,
)
from dejarik.tui.session import agent_seed, agent_title

log = logging.getLogger("dejarik.server")
T = TypeVar("T")
SPECTATOR = -1
HIDDEN_CARD = "a card"


class GameError(DejarikError):
    """A request the game refuses; `code` says which kind (see docs/server.md)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class Conn:
    """One WebSocket client: its seat (None: spectator), an outgoing queue written in order by
    its own task, how much of the log it has, and its message budget."""

    QUEUE = 256

    def __init__(self, send: Callable[[str], Awaitable[None]], limits: Limits) -> None:
        self.seat: int | None = None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(self.QUEUE)
        self.log_sent = 0
        self.bucket = TokenBucket(limits.messages_per_second, limits.message_burst)
        self.closed = False
        self._send = send
        self.writer = asyncio.create_task(self._write())

    @property
    def viewer(self) -> int:
        return SPECTATOR if self.seat is None else self.seat

    def send(self, message: dict[str, Any]) -> None:
        self.send_text(json.dumps(message, separators=(",", ":")))

    def send_text(self, text: str) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:  # a client that does not read: drop it rather than the server
            self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(None) if not self.queue.full() else self.writer.cancel()

    async def _write(self) -> None:
        while True:
            text = await self.queue.get()
            if text is None:
                return
            try:
                await self._send(text)
            except Exception:  # the socket is gone; the reader side will notice and clean up
                self.closed = True
                return


@dataclass
class LogEntry:
    """A log line: `text` in full, `alt` what some viewers read instead, `step` the number of
    actions after which it was written."""

    step: int
    text: str
    alt: dict[str, str] = field(default_factory=dict)

    def for_viewer(self, viewer: int) -> str:
        return self.alt.get(str(viewer), self.text)

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "text": self.text, "alt": self.alt}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> LogEntry:
        return cls(int(data["step"]), str(data["text"]), dict(data.get("alt") or {}))


def _shows(view: str, ref: str) -> bool:
    """Does a view (an observation as JSON) show the card `ref`?"""
    return f'"{ref}"' in view


def browser_game() -> Game:
    """The game new browser games are of: the first registered game whose views offer the
    browser."""
    return first_game_offering(lambda g: g.views and g.views.browser, "play in the browser")


def browser_views(game: Game) -> tuple[ViewModel, BrowserViews]:
    """A game's views and their browser part, or an error saying which it lacks."""
    views = require(game.views, game, "views")
    return views, require(views.browser, game, "browser board")


class Room:
    def __init__(self, hub: Hub, rec: GameRecord, state: Any, log_lines: list[LogEntry]) -> None:
        self.hub = hub
        self.id = rec.id
        self.rec = rec
        self.view_model, self.browser = browser_views(get_game(rec.game))
        self.state = state   # the game's own state (its `log` is switched on for each action)
        self.actions = [a.action for a in rec.actions]
        self.log = log_lines
        self.lock = asyncio.Lock()
        self.conns: set[Conn] = set()
        self.thinking: int | None = None
        self.ai_task: asyncio.Task[None] | None = None
        self.views = self._views(state)
        self._legal: tuple[int, list[dict[str, str]]] | None = None   # (seq, labelled legal actions)

    # -- who is who ------------------------------------------------------------------------------
    @property
    def viewers(self) -> list[int]:
        return [*range(self.state.num_players), SPECTATOR]

    @property
    def status(self) -> str:
        if self.state.is_terminal():
            return "finished"
        if any(s.player == "human" and s.token_hash is None for s in self.rec.seats):
            return "waiting"
        return "playing"

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token holds (None: no token, a spectator). A wrong token is refused."""
        if token is None:
            return None
        h = digest(token)
        for s in self.rec.seats:
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, h):
                return s.seat
        raise GameError("unauthorized", "that seat token is not valid for this game")

    def seat_list(self) -> list[dict[str, Any]]:
        connected = {c.seat for c in self.conns}
        return [{"seat": s.seat, "name": self.view_model.seat_name(self.state, s.seat), "player": s.player,
                 "title": s.title,
                 "claimed": s.player == "ai" or s.token_hash is not None,
                 "connected": s.player == "ai" or s.seat in connected}
                for s in self.rec.seats]

    def summary(self) -> dict[str, Any]:
        cfg = self.rec.config
        return {"game": self.id, "status": self.status, "actions": len(self.actions),
                "winner": self.state.winner(), "seats": self.seat_list(),
                "config": self.browser.config_summary(cfg)}

    # -- views -----------------------------------------------------------------------------------
    def _views(self, state: Any) -> dict[int, str]:
        """Every viewer's observation, as the JSON sent (made once per position)."""
        return {v: json.dumps(state.observation(v), separators=(",", ":")) for v in self.viewers}

    def legal(self) -> list[dict[str, str]]:
        """The decider's legal actions with their descriptions (made once per position)."""
        seq = len(self.actions)
        if self._legal is None or self._legal[0] != seq:
            obs = self.state.observation(self.state.current_player)
            titles = [s.title for s in self.rec.seats]
            self._legal = (seq, self.browser.legal_with_labels(self.state, obs, titles))
        return self._legal[1]

    def state_message(self, conn: Conn) -> str:
        """The `state` message for one connection, as JSON text (the view is spliced in)."""
        v = conn.viewer
        legal: list[dict[str, str]] = []
        if v >= 0 and v == self.state.current_player and self.status == "playing":
            legal = self.legal()
        fresh = self.log[conn.log_sent:]
        first = conn.log_sent
        conn.log_sent = len(self.log)
        thinking = None if self.thinking is None else {
            "seat": self.thinking, "title": self.rec.seats[self.thinking].title}
        rest = json.dumps({"type": "state", "seq": len(self.actions), "status": self.status,
                           "legal": legal, "prompt": self.view_model.decision_prompt(self.state),
                           "log": [{"i": first + i, "text": e.for_viewer(v)} for i, e in enumerate(fresh)],
                           "seats": self.seat_list(), "thinking": thinking}, separators=(",", ":"))
        return f'{rest[:-1]},"obs":{self.views[v]}}}'

    def broadcast(self) -> None:
        for conn in list(self.conns):
            conn.send_text(self.state_message(conn))

    def tell_all(self, message: dict[str, Any]) -> None:
        for conn in list(self.conns):
            conn.send(message)

    # -- connections -----------------------------------------------------------------------------
    def join(self, conn: Conn) -> None:
        if len(self.conns) >= self.hub.limits.max_connections_per_game:
            raise GameError("too_many", "this game has too many connections open")
        self.conns.add(conn)
        conn.log_sent = 0
        conn.send({"type": "welcome", "seat": conn.seat, "game": self.summary()})
        self.broadcast()  # the new one gets everything; the others see who is connected
        self.maybe_ai()

    def leave(self, conn: Conn) -> None:
        self.conns.discard(conn)
        conn.close()
        if self.conns:
            self.broadcast()
        self.hub.maybe_forget(self)

    # -- acting ----------------------------------------------------------------------------------
    async def submit(self, seat: int, seq: int, text: str, conn: Conn | None) -> None:
        """Apply `text` as action number `seq` for `seat`, or tell `conn` why not."""
        try:
            async with self.lock:
                await self._submit(seat, seq, text, conn)
        except GameError as err:
            if conn is not None:
                conn.send({"type": "error", "code": err.code, "message": str(err)})
            else:
                log.warning("game %s: AI move refused: %s", self.id, err)
        self.maybe_ai()

    async def _submit(self, seat: int, seq: int, text: str, conn: Conn | None) -> None:
        n = len(self.actions)
        wanted = " ".join(text.lower().split())
        if seq < n:
            done = self.rec.actions[seq]
            if done.seat == seat and done.action == wanted:
                # the same action sent again (say, after a reconnect): it counts once
                if conn is not None:
                    conn.send({"type": "ack", "seq": seq + 1, "action": done.action, "repeated": True})
                    conn.send_text(self.state_message(conn))
                return
            raise GameError("stale", f"action {seq + 1} has already been played; the game is at "
                                     f"action {n + 1} (reload the state)")
        if seq > n:
            raise GameError("stale", f"the game is at action {n + 1}, not {seq + 1}")
        status = self.status
        if status == "finished":
            raise GameError("finished", "the game is over")
        if status == "waiting":
            raise GameError("waiting", "the game starts when every seat is taken")
        if seat != self.state.current_player:
            who = self.view_model.seat_name
            raise GameError("not_your_turn", f"{who(self.state, self.state.current_player)} decides now, "
                                             f"not {who(self.state, seat)}")
        legal = {self.state.action_to_text(a): a for a in self.state.legal_actions()}
        if wanted not in legal:
            raise GameError("illegal", f"{text.strip()!r} is not one of your legal actions now")
        action = legal[wanted]
        nxt = self.state.clone()
        nxt.log = []
        nxt.apply(action)
        views = self._views(nxt)
        entries = self._entries(seat, wanted, nxt, views, n + 1)
        record = ActionRecord(n, seat, wanted, nxt.state_hash(), [e.to_json() for e in entries])
        done_now = nxt.is_terminal()
        snapshot = nxt.to_json() if (n + 1) % SNAPSHOT_EVERY == 0 else None
        try:
            await self.hub.append(Append(self.id, record, "finished" if done_now else self.status,
                                         nxt.winner(), snapshot))
        except DuplicateAction as err:
            raise GameError("stale", f"{err}; reload the game") from None
        except StoreError as err:
            log.error("game %s: %s", self.id, err)
            raise GameError("storage", f"the move could not be stored, so it was not played "
                                       f"({err})") from None
        # stored: now it has happened
        nxt.log = None
        self.state, self.views = nxt, views
        self.actions.append(wanted)
        self.rec.actions.append(record)
        self.log.extend(entries)
        if conn is not None:
            conn.send({"type": "ack", "seq": n + 1, "action": wanted})
        self.broadcast()

    def _entries(self, seat: int, text: str, nxt: Any, views: dict[int, str],
                 step: int) -> list[LogEntry]:
        """The log lines of one action: the action, then what it caused, each as every viewer
        may read it. A card is named to a viewer who saw it just before or just after."""
        head = f"{self.view_model.seat_name(nxt, seat)}: "
        entry = LogEntry(step, head + text)
        refs = self.view_model.action_cards(text)
        for v in self.viewers if refs else ():
            hidden = [r for r in refs if not _shows(self.views[v], r) and not _shows(views[v], r)]
            if hidden:
                masked = text
                for r in hidden:
                    masked = masked.replace(r, HIDDEN_CARD)
                entry.alt[str(v)] = head + masked
        entries = [entry]
        notes = self.browser.secret_notes(nxt)
        for i, line in enumerate(nxt.log or []):
            full = line if line.startswith("--") else f"  {line}"
            e = LogEntry(step, full)
            if i in notes:
                readers, secret = notes[i]
                e.text = f"  {secret}"
                e.alt = {str(v): full for v in self.viewers if v not in readers}
            entries.append(e)
        return entries

    # -- the AI ----------------------------------------------------------------------------------
    def maybe_ai(self) -> None:
        """Start the AI's move if an AI seat decides now and none is thinking yet."""
        if self.ai_task is not None or self.status != "playing":
            return
        seat = self.state.current_player
        rec = self.rec.seats[seat]
        if rec.player != "ai" or rec.agent is None:
            return
        self.thinking = seat
        self.ai_task = asyncio.create_task(self._ai_move(seat, rec.agent))

    async def _ai_move(self, seat: int, spec: str) -> None:
        n = len(self.actions)
        self.tell_all({"type": "thinking", "seat": seat, "title": self.rec.seats[seat].title})
        seed = agent_seed(self.rec.seed, seat) * 1_000_003 + n
        try:
            text = await self.hub.think(self.rec.game, self.state.to_json(), spec, seed)
        except Exception as err:
            log.exception("game %s: the AI failed", self.id)
            self.thinking, self.ai_task = None, None
            self.tell_all({"type": "error", "code": "ai_failed", "message": f"the AI could not move: {err}"})
            return
        self.thinking, self.ai_task = None, None
        await self.submit(seat, n, text, None)
        self.hub.maybe_forget(self)


class Hub:
    """Every live room, the store, and the workers for the database and the AI."""

    def __init__(self, store: Store, limits: Limits, db_pool: Executor, ai_pool: Executor,
                 new_seed: Callable[[], int] | None = None) -> None:
        self.store = store
        self.new_seed = new_seed or (lambda: secrets.randbelow(2**62))  # tests pass their own
        self.limits = limits
        self.db_pool = db_pool
        self.ai_pool = ai_pool
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Future[Room]] = {}
        self._appends: list[tuple[Append, asyncio.Future[None]]] = []
        self._flusher: asyncio.Task[None] | None = None

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.db_pool, fn, *args)

    async def append(self, item: Append) -> None:
        """Store an action; returns once it is committed. Actions of different games that
        arrive while a commit is under way are committed together in the next one."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._appends.append((item, done))
        if self._flusher is None:
            self._flusher = asyncio.create_task(self._flush())
        await done

    async def _flush(self) -> None:
        try:
            while self._appends:
                batch, self._appends = self._appends, []
                try:
                    results = await self.db(self.store.append_all, [item for item, _ in batch])
                except Exception as failure:  # the database itself failed: every waiter hears it
                    results = [StoreError(f"database write failed: {failure}")] * len(batch)
                for (_, done), problem in zip(batch, results, strict=True):
                    if problem is None:
                        done.set_result(None)
                    else:
                        done.set_exception(problem)
        finally:
            self._flusher = None

    async def think(self, game: str, state_json: dict[str, Any], spec: str, seed: int) -> str:
        return await asyncio.get_running_loop().run_in_executor(self.ai_pool, think, game, state_json,
                                                                spec, seed)

    # -- rooms -----------------------------------------------------------------------------------
    async def room(self, game_id: str) -> Room:
        """The live room of a game, loaded from the database the first time.

        The room returned is the one registered when this returns: a caller that waited on
        another caller's load can find that room already dropped (a page's request forgets
        an idle room at once), and then looks again, so that a connection never joins a room
        nobody else can reach."""
        while True:
            room = self.rooms.get(game_id)
            if room is not None:
                return room
            pending = self._loading.get(game_id)
            if pending is None:
                return await self._load(game_id)
            await pending

    async def _load(self, game_id: str) -> Room:
        future: asyncio.Future[Room] = asyncio.get_running_loop().create_future()
        self._loading[game_id] = future
        try:
            rec = await self.db(self.store.load, game_id)
            if rec is None:
                raise GameError("not_found", f"there is no game {game_id!r}")
            room = restore(self, rec)
            self.rooms[game_id] = room
            future.set_result(room)
            return room
        except BaseException as err:
            future.set_exception(err)
            future.exception()  # retrieved: waiting callers get it through `await`
            raise
        finally:
            del self._loading[game_id]

    def maybe_forget(self, room: Room) -> None:
        """Drop an idle room from memory (its game is in the database)."""
        if not room.conns and room.ai_task is None and self.rooms.get(room.id) is room:
            del self.rooms[room.id]

    async def create(self, req: CreateGame) -> tuple[Room, int, str, str | None]:
        """A new game from the web form: (room, the creator's seat, their token, an invite code
        for the friend's seat or None)."""
        game = browser_game()
        views, browser = browser_views(game)
        config = browser.form_config(req.model_dump())
        try:
            config = game.normalize_config(config)
        except ConfigError as err:
            raise GameError("bad_config", str(err)) from None
        seat = req.seat if req.seat is not None else secrets.randbelow(2)
        token = secrets.token_urlsafe(24)
        invite = secrets.token_urlsafe(16) if req.opponent == "friend" else None
        levels = {level.id: level for level in browser.levels}
        if req.opponent == "ai" and req.level not in levels:
            raise GameError("bad_config", f"level: {req.level!r} is not one of this game's levels "
                                          f"({', '.join(levels)})")
        seats = []
        for s in range(2):
            if s == seat:
                seats.append(SeatRecord(s, "human", None, "Player", digest(token), None))
            elif invite is not None:
                seats.append(SeatRecord(s, "human", None, "Friend", None, digest(invite)))
            else:
                level = levels[req.level]
                seats.append(SeatRecord(s, "ai", level.spec, f"{agent_title(level.spec)} ({level.title})",
                                        None, None))
        rec = GameRecord(id=secrets.token_urlsafe(12), game=game.name,
                         engine_version=game.engine_version, config=config,
                         seed=self.new_seed(), status="", winner=None, seats=seats)
        try:
            state = game.new_state(config, rec.seed)
        except DejarikError as err:
            raise GameError("bad_config", str(err)) from None
        rec.status = "waiting" if invite else "playing"
        await self.db(self.store.create, rec)
        room = Room(self, rec, state, [LogEntry(0, line) for line in views.start_log(state)])
        self.rooms[rec.id] = room
        return room, seat, token, invite

    async def join(self, game_id: str, invite: str) -> tuple[int, str]:
        """Spend an invite code on its seat: (the seat, its new token)."""
        room = await self.room(game_id)
        async with room.lock:
            token = secrets.token_urlsafe(24)
            seat = await self.db(self.store.claim, game_id, digest(invite), digest(token))
            if seat is None:
                raise GameError("bad_invite", "that invite is not valid for this game (an invite works once)")
            # the room may have been dropped and loaded again while the claim was stored:
            # the live one (if any) learns of the seat too
            live = self.rooms.get(game_id)
            for r in (room, live):   # (the same room twice, usually: no harm)
                if r is not None:
                    r.rec.seats[seat].token_hash = digest(token)
                    r.rec.seats[seat].invite_hash = None
            if room.status == "playing":
                await self.db(self.store.set_status, game_id, "playing")
        live = self.rooms.get(game_id)
        if live is not None:
            live.broadcast()
            live.maybe_ai()
        return seat, token


def restore(hub: Hub, rec: GameRecord) -> Room:
    """A room from a stored game: from its newest snapshot (or the start), each later action
    applied and its stored hash checked."""
    game = get_game(rec.game)
    if rec.engine_version != game.engine_version:
        raise GameError("engine", f"game {rec.id} was played on engine {rec.engine_version}; this "
                                  f"server runs {game.engine_version}")
    start = 0
    state: Any = game.new_state(rec.config, rec.seed)
    opening = require(game.views, game, "views").start_log(state)   # the log's first lines, as dealt
    if rec.snapshot is not None:
        start, data = rec.snapshot
        state = game.state_from_json(data)
        if state.state_hash() != rec.actions[start - 1].state_hash:
            raise GameError("corrupt", f"game {rec.id}: the snapshot at action {start} does not match")
    for a in rec.actions[start:]:
        legal = {state.action_to_text(x): x for x in state.legal_actions()}
        if a.action not in legal:
            raise GameError("corrupt", f"game {rec.id}: stored action {a.idx + 1} ({a.action!r}) "
                                       "is not legal")
        state.apply(legal[a.action])
        if state.state_hash() != a.state_hash:
            raise GameError("corrupt", f"game {rec.id}: action {a.idx + 1} does not reproduce its hash")
    entries = [LogEntry(0, line) for line in opening]
    entries += [LogEntry.from_json(e) for a in rec.actions for e in a.log]
    return Room(hub, rec, state, entries)
