"""The HTTP and WebSocket server (FastAPI). `create_app` builds it for a database URL;
`dejarik serve` runs it under uvicorn. See docs/server.md for every route and message."""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import os
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError

from dejarik.core.errors import DejarikError
from dejarik.core.protocol import require
from dejarik.core.registry import get_game
from dejarik.core.replay import Replay
from dejarik.server.db import default_url, open_engine
from dejarik.server.limits import BodyLimit, Buckets, Limits
from dejarik.server.rooms import SPECTATOR, Conn, GameError, Hub, Room, browser_game, browser_views
from dejarik.server.schema import CLIENT_MESSAGE, Act, CreateGame, Hello, Join, Ping, explain
from dejarik.server.store import Store

STATIC = Path(__file__).parent / "static"
log = logging.getLogger("dejarik.server")

_STATUS = {"not_found": 404, "unauthorized": 403, "bad_invite": 403, "bad_config": 400,
           "not_finished": 409, "corrupt": 500, "engine": 409}


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _game_error(err: GameError) -> JSONResponse:
    return _error(_STATUS.get(err.code, 400), str(err))


def default_ai_pool(workers: int | None = None) -> Executor:
    """AI moves run in worker processes, so a long search never stalls other games."""
    workers = workers or max(1, (os.cpu_count() or 2) - 1)
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))


def create_app(db_url: str | None = None, limits: Limits | None = None,
               ai_pool: Executor | None = None, new_seed: Callable[[], int] | None = None) -> FastAPI:
    """The app for a database (default: SQLite in the user's data directory). `ai_pool` runs
    the AI's moves (default: worker processes); `new_seed` deals new games (default: the
    system's secure random source; tests pass a seeded one)."""
    limits = limits or Limits()
    url = db_url or default_url()
    engine = open_engine(url)   # fails here, before serving, if the database cannot be used
    store = Store(engine)
    db_pool = ThreadPoolExecutor(1 if engine.dialect.name == "sqlite" else 4, thread_name_prefix="db")
    hub = Hub(store, limits, db_pool, ai_pool or default_ai_pool(), new_seed)
    creates = Buckets(limits.creates_per_minute / 60, limits.create_burst)
    new_game_options = browser_views(browser_game())[1].new_game_options()

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        yield
        for room in list(hub.rooms.values()):
            if room.ai_task is not None:
                room.ai_task.cancel()
        hub.ai_pool.shutdown(wait=False, cancel_futures=True)
        db_pool.shutdown(wait=True)
        engine.dispose()

    app = FastAPI(title="Dejarik", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.hub = hub
    app.add_middleware(BodyLimit, limit=limits.max_body_bytes)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(GameError)
    async def refused(_request: Request, err: GameError) -> JSONResponse:
        return _game_error(err)

    async def read_room(game_id: str) -> Room:
        """A game's room for one request: loaded if need be, and not kept in memory on that
        account (a room stays while it has connections or an AI move)."""
        room = await hub.room(game_id)
        hub.maybe_forget(room)
        return room

    def client_key(request: Request) -> str:
        return request.client.host if request.client else "?"

    async def body_of(request: Request, model: type[Any]) -> Any:
        try:
            return model.model_validate_json(await request.body())
        except ValidationError as err:
            raise GameError("malformed", f"bad request: {explain(err)}") from None

    # -- pages -----------------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    @app.get("/game/{game_id}", include_in_schema=False)
    @app.get("/game/{game_id}/replay", include_in_schema=False)
    async def page(game_id: str = "") -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    # -- the API ---------------------------------------------------------------------------------
    @app.get("/api/options")
    async def options() -> dict[str, Any]:
        return new_game_options

    @app.post("/api/games", status_code=201, response_model=None)
    async def create(request: Request) -> dict[str, Any] | JSONResponse:
        if not creates.take(client_key(request)):
            return _error(429, "too many new games from this address; wait a minute")
        room, seat, token, invite = await hub.create(await body_of(request, CreateGame))
        return {"game": room.id, "seat": seat, "token": token, "invite": invite}

    @app.post("/api/games/{game_id}/join", response_model=None)
    async def join(game_id: str, request: Request) -> dict[str, Any] | JSONResponse:
        if not creates.take(client_key(request)):
            return _error(429, "too many requests from this address; wait a minute")
        req = await body_of(request, Join)
        seat, token = await hub.join(game_id, req.invite)
        return {"seat": seat, "token": token}

    @app.get("/api/games/{game_id}", response_model=None)
    async def summary(game_id: str) -> dict[str, Any]:
        return (await read_room(game_id)).summary()

    @app.get("/api/games/{game_id}/cards", response_model=None)
    async def cards(game_id: str) -> dict[str, Any]:
        room = await read_room(game_id)
        return {"cards": room.browser.card_catalog(room.state)}

    async def finished_room(game_id: str) -> Room:
        room = await read_room(game_id)
        if room.status != "finished":
            # the config and seed fix every hidden card: they are shown only once it is over
            raise GameError("not_finished", "the replay is available once the game is over")
        return room

    @app.get("/api/games/{game_id}/replay", response_model=None)
    async def replay(game_id: str) -> Response:
        room = await finished_room(game_id)
        rep = Replay(room.rec.game, room.rec.config, room.rec.seed, room.rec.engine_version,
                     list(room.actions), [a.state_hash for a in room.rec.actions],
                     get_game(room.rec.game).new_state(room.rec.config, room.rec.seed).state_hash())
        return Response(json.dumps(rep.to_json(), indent=1), media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="dejarik-{game_id}.json"'})

    @app.get("/api/games/{game_id}/replay/{step}", response_model=None)
    async def replay_step(game_id: str, step: int, seat: int = SPECTATOR) -> dict[str, Any] | JSONResponse:
        room = await finished_room(game_id)
        total = len(room.actions)
        if not 0 <= step <= total:
            return _error(400, f"step must be from 0 to {total}, got {step}")
        if seat not in room.viewers:
            return _error(400, f"seat must be one of 0-{room.state.num_players - 1} (or omitted)")
        game = get_game(room.rec.game)
        views = require(game.views, game, "views")
        state = game.new_state(room.rec.config, room.rec.seed)
        for text in room.actions[:step]:
            state.apply(state.text_to_action(text))
        return {"step": step, "total": total, "obs": state.observation(seat),
                "action": room.actions[step - 1] if step else None,
                "log": [e.for_viewer(seat) for e in room.log if e.step <= step],
                "seat_names": [views.seat_name(state, s) for s in range(state.num_players)]}

    # -- the WebSocket ---------------------------------------------------------------------------
    @app.websocket("/ws/games/{game_id}")
    async def play(ws: WebSocket, game_id: str) -> None:
        await ws.accept()
        conn = Conn(ws.send_text, limits)
        room: Room | None = None
        try:
            first = await asyncio.wait_for(ws.receive_text(), limits.hello_timeout)
            hello = parse(first)
            if not isinstance(hello, Hello):
                raise GameError("unauthorized", "say hello first: {\"type\": \"hello\", \"token\": ...}")
            room = await hub.room(game_id)
            conn.seat = room.seat_of(hello.token)
            room.join(conn)
            while True:
                raw = await ws.receive_text()
                if not conn.bucket.take():
                    conn.send({"type": "error", "code": "rate_limited",
                               "message": f"more than {limits.messages_per_second:g} messages a second; "
                                          "this one was ignored"})
                    continue
                try:
                    msg = parse(raw)
                except GameError as err:
                    conn.send({"type": "error", "code": err.code, "message": str(err)})
                    continue
                if isinstance(msg, Ping):
                    conn.send({"type": "pong"})
                elif isinstance(msg, Hello):
                    conn.send({"type": "error", "code": "malformed", "message": "already said hello"})
                elif isinstance(msg, Act):
                    if conn.seat is None:
                        conn.send({"type": "error", "code": "unauthorized",
                                   "message": "spectators cannot act; open the game with your seat's link"})
                    else:
                        await room.submit(conn.seat, msg.seq, msg.action, conn)
        except (TimeoutError, WebSocketDisconnect):
            pass
        except GameError as err:
            conn.send({"type": "error", "code": err.code, "message": str(err)})
            conn.close()
            await conn.writer
            await ws.close(code=1008)
        except DejarikError as err:
            log.exception("game %s", game_id)
            conn.send({"type": "error", "code": "server", "message": str(err)})
        finally:
            if room is not None:
                room.leave(conn)
            else:
                conn.close()

    def parse(raw: str) -> Hello | Act | Ping:
        if len(raw) > limits.max_message_bytes:
            raise GameError("too_large", f"message larger than {limits.max_message_bytes} bytes")
        try:
            return CLIENT_MESSAGE.validate_json(raw)
        except ValidationError as err:
            raise GameError("malformed", f"bad message: {explain(err)}") from None

    return app

