"""Rate and size limits: a token bucket per WebSocket connection and per client address for
game creation, and a cap on request bodies."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send


@dataclass(frozen=True)
class Limits:
    """The server's limits; every one can be changed where the server is made."""

    max_message_bytes: int = 4096      # a WebSocket message from a client
    max_body_bytes: int = 16384        # an HTTP request body
    messages_per_second: float = 10.0  # per connection, sustained ...
    message_burst: int = 30            # ... with bursts up to this
    creates_per_minute: float = 30.0   # new games or joins, per client address
    create_burst: int = 10
    max_connections_per_game: int = 32
    hello_timeout: float = 10.0        # seconds a new connection has to say hello


class TokenBucket:
    """`rate` tokens a second, up to `burst`; a request takes one or is refused."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.stamp = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Buckets:
    """A bucket per key (a client address), forgetting keys idle long enough to be full again."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.buckets: dict[str, TokenBucket] = {}

    def take(self, key: str) -> bool:
        if len(self.buckets) > 10000:
            self.buckets = {k: b for k, b in self.buckets.items() if b.tokens < b.burst - 1}
        bucket = self.buckets.setdefault(key, TokenBucket(self.rate, self.burst))
        return bucket.take()


class BodyLimit:
    """Refuses a request whose body is larger than `limit` bytes with 413, whether it says
    so in Content-Length or only sends more."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await _too_large(send, self.limit)
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _BodyTooLarge
            return message

        try:
            await self.app(scope, limited, send)
        except _BodyTooLarge:
            await _too_large(send, self.limit)


class _BodyTooLarge(Exception):
    pass


async def _too_large(send: Callable[[Message], Awaitable[Any]], limit: int) -> None:
    body = f'{{"error": "request body larger than {limit} bytes"}}'.encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
