"""A load test of `dejarik serve` on loopback. Run by `dejarik bench server`, or directly:

    python -m dejarik.benchmarks.server_load --games 200 --seconds 60 --think 0.2-1.0 --seed 1 \
        [--db URL] [--json out.json]

It starts the server as a subprocess (a fresh SQLite file in a temporary folder unless --db
names another database), with rate limits high enough for every client to come from one
address, and waits until it answers GET /api/options. It then creates `games` friend games and
claims each second seat, so both seats of every game are bots: 2 x games WebSocket clients, all
in this one asyncio process.

A bot that receives a state whose legal list is not empty waits a think time (uniform between
the two bounds, from a seeded generator), sends one of the legal actions at random and measures
the time from sending the act to its ack (the action is then stored in the database), and to the
next state. Every error message, unexpected close (a failed connect included) and failed
request is counted as an error, and so are acts never acked, games whose stored actions differ
from their acks, and tracebacks in the server's output.

The clock starts once the first games are set up. For `seconds`, a game that finishes is
replaced by a new one, so `games` stay in play; the replacements' setup is part of the load.
When the time is up no new act is sent: bots wait (up to `drain` seconds) for the acks of acts
already sent, then close. Finally every game's summary (GET /api/games/{id}) is compared with
the acks its two bots received: the counts must match.

The seed fixes the bots' choices and think times; the deals are the server's (a fresh secret
seed per game), so two runs are alike but not identical. Client and server share the machine's
CPUs: the client's CPU time is reported beside the server's.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, ConnectionClosedOK

GAME_FORM = {"edition": "original", "mode": "beginner", "opponent": "friend", "level": "easy", "seat": 0}
SETUP_CONCURRENCY = 20      # games being created and joined at once
START_TIMEOUT = 60.0        # seconds for the server to answer
HIGH_LIMITS = ("--messages-per-second", "1000", "--creates-per-minute", "1000000")


# -- results ---------------------------------------------------------------------------------------
@dataclass
class GameRun:
    """One game played by two bots."""

    id: str
    slot: int
    acked: int = 0          # acks its bots received
    finished: bool = False


@dataclass
class Stats:
    ack_ms: list[float] = field(default_factory=list)
    state_ms: list[float] = field(default_factory=list)
    setup_ms: list[float] = field(default_factory=list)   # create + join of a game
    error_codes: Counter[str] = field(default_factory=Counter)
    unexpected_closes: int = 0
    failed_requests: int = 0
    unacked: int = 0        # acts sent whose ack never came
    games: list[GameRun] = field(default_factory=list)

    @property
    def actions(self) -> int:
        return len(self.ack_ms)


def parse_think(text: str) -> tuple[float, float]:
    """'0.2-1.0' -> (0.2, 1.0); '0' -> (0.0, 0.0)."""
    lo, sep, hi = text.partition("-")
    try:
        pair = (float(lo), float(hi) if sep else float(lo))
    except ValueError:
        raise ValueError(f"think time must be SECONDS or MIN-MAX seconds, got {text!r}") from None
    if not 0 <= pair[0] <= pair[1]:
        raise ValueError(f"think time must be 0 <= MIN <= MAX, got {text!r}")
    return pair


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank q-th percentile (0 < q <= 100); 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, min(len(ordered), -(-len(ordered) * q // 100)))
    return ordered[int(rank) - 1]


def spread(values: Sequence[float]) -> dict[str, float]:
    return {"p50": percentile(values, 50), "p90": percentile(values, 90), "p99": percentile(values, 99),
            "max": max(values, default=0.0), "mean": sum(values) / len(values) if values else 0.0}


# -- the server ------------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process and its waited-for children (Linux /proc), or None."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()   # after the command name, from field 3 (state)
    utime, stime, cutime, cstime = (int(x) for x in fields[11:15])
    return (utime + stime + cutime + cstime) / os.sysconf("SC_CLK_TCK")


class Server:
    """`dejarik serve` in a subprocess on a free loopback port, its output in a log file."""

    def __init__(self, db_url: str, log_path: Path, extra_args: Sequence[str] = ()) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        cmd = [sys.executable, "-m", "dejarik.cli.main", "serve", "--db", db_url, "--host", "127.0.0.1",
               "--port", str(self.port), "--ai-workers", "1", *HIGH_LIMITS, *extra_args]
        self._log = log_path.open("wb")
        self.proc = subprocess.Popen(cmd, stdout=self._log, stderr=subprocess.STDOUT,
                                     env={**os.environ, "PYTHONUNBUFFERED": "1"})

    async def wait_ready(self, client: httpx.AsyncClient) -> None:
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with code {self.proc.returncode}:\n{self.log_tail()}")
            with contextlib.suppress(httpx.TransportError):
                if (await client.get("/api/options", timeout=2.0)).status_code == 200:
                    return
            await asyncio.sleep(0.1)
        raise RuntimeError(f"the server did not answer within {START_TIMEOUT:g} s:\n{self.log_tail()}")

    def cpu(self) -> float | None:
        return cpu_seconds(self.proc.pid)

    def output(self) -> str:
        if not self._log.closed:
            self._log.flush()
        return self.log_path.read_text(errors="replace")

    def log_tail(self, lines: int = 30) -> str:
        return "\n".join(self.output().splitlines()[-lines:])

    def tracebacks(self) -> int:
        return self.output().count("Traceback (most recent call last)")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)  # uvicorn shuts down gracefully
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._log.close()


# -- the bots --------------------------------------------------------------------------------------
class Run:
    """What every bot shares: the server, the clock, the stats and the stop signal."""

    def __init__(self, base_url: str, http: httpx.AsyncClient, think: tuple[float, float], seed: int,
                 drain: float) -> None:
        self.ws_base = base_url.replace("http://", "ws://", 1)
        self.http = http
        self.think = think
        self.seed = seed
        self.drain = drain
        self.stats = Stats()
        self.go = asyncio.Event()     # bots act only once the clock has started
        self.stop = asyncio.Event()   # the time is up: no new acts
        self.setup = asyncio.Semaphore(SETUP_CONCURRENCY)

    async def new_game(self, slot: int) -> tuple[GameRun, list[str]] | None:
        """A friend game with both seats claimed: (the game, the seats' tokens); None on failure."""
        async with self.setup:
            t0 = time.perf_counter()
            try:
                r = await self.http.post("/api/games", json=GAME_FORM)
                r.raise_for_status()
                made = r.json()
                j = await self.http.post(f"/api/games/{made['game']}/join", json={"invite": made["invite"]})
                j.raise_for_status()
                joined = j.json()
            except (httpx.HTTPError, KeyError, ValueError):
                self.stats.failed_requests += 1
                return None
            self.stats.setup_ms.append((time.perf_counter() - t0) * 1000)
        game = GameRun(made["game"], slot)
        self.stats.games.append(game)
        tokens = [""] * 2
        tokens[made["seat"]], tokens[joined["seat"]] = made["token"], joined["token"]
        return game, tokens

    async def slot(self, slot: int, first: tuple[GameRun, list[str]] | None, replace: bool) -> None:
        """One place for a game: its games one after another until the time is up."""
        generation = 0
        made = first
        while True:
            if made is not None:
                game, tokens = made
                bots = [Bot(self, game, seat, tokens[seat],
                            random.Random(f"{self.seed}/{slot}/{generation}/{seat}")) for seat in (0, 1)]
                await asyncio.gather(*(b.run() for b in bots))
            elif self.stop.is_set():
                return
            else:
                await asyncio.sleep(1.0)   # the setup failed (counted); try again shortly
            generation += 1
            if self.stop.is_set() or not replace:
                return
            made = await self.new_game(slot)


class Bot:
    """One seat of one game on its own WebSocket."""

    def __init__(self, run: Run, game: GameRun, seat: int, token: str, rng: random.Random) -> None:
        self.run_ = run
        self.game = game
        self.seat = seat
        self.token = token
        self.rng = rng
        self.scheduled = -1                # the latest seq an act was planned for
        self.pending: int | None = None    # seq of the act sent and not yet acked
        self.sent_at = 0.0
        self.awaiting_state = False
        self.idle = asyncio.Event()        # set while no act is in flight
        self.idle.set()
        self.closing = False
        self.acting: asyncio.Task[None] | None = None

    async def run(self) -> None:
        stats = self.run_.stats
        url = f"{self.run_.ws_base}/ws/games/{self.game.id}"
        try:
            async with connect(url, open_timeout=60, close_timeout=10, ping_interval=None,
                               max_size=2**22) as ws:
                await ws.send(json.dumps({"type": "hello", "token": self.token}))
                reader = asyncio.create_task(self.read(ws))
                stopper = asyncio.create_task(self.run_.stop.wait())
                await asyncio.wait({reader, stopper}, return_when=asyncio.FIRST_COMPLETED)
                stopper.cancel()
                if self.acting is not None and self.pending is None:   # thinking: no act now
                    self.acting.cancel()
                if not reader.done():   # the time is up: let the act in flight be acked
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self.idle.wait(), self.run_.drain)
                    self.closing = True
                    await ws.close()
                await reader
        except (OSError, TimeoutError, ConnectionClosed):
            stats.unexpected_closes += 1
        if self.pending is not None:
            stats.unacked += 1

    async def read(self, ws: ClientConnection) -> None:
        """Handle messages until the game is over or the connection is closed."""
        stats = self.run_.stats
        try:
            async for raw in ws:
                try:
                    msg = json.loads(raw)
                    kind = msg.get("type")
                except (ValueError, AttributeError):
                    stats.error_codes["bad_message"] += 1
                    continue
                if kind == "state":
                    if self.on_state(ws, msg):
                        self.closing = True
                        return
                elif kind == "ack":
                    self.on_ack(msg)
                elif kind == "error":
                    stats.error_codes[str(msg.get("code"))] += 1
                    if self.pending is not None:   # the act was refused: it will not be acked
                        self.pending = None
                        self.awaiting_state = False
                        self.idle.set()
        except ConnectionClosedOK:
            if not self.closing:
                stats.unexpected_closes += 1
            return
        except ConnectionClosed:
            stats.unexpected_closes += 1
            return
        if not self.closing:   # the server ended the stream without a close frame
            stats.unexpected_closes += 1

    def on_state(self, ws: ClientConnection, msg: dict[str, Any]) -> bool:
        """Note a state and plan an act if this seat decides; True once the game is over."""
        seq = int(msg["seq"])
        if self.awaiting_state and self.pending is None and seq >= self.scheduled + 1:
            self.run_.stats.state_ms.append((time.perf_counter() - self.sent_at) * 1000)
            self.awaiting_state = False
        if msg.get("status") == "finished":
            self.game.finished = True
            return self.pending is None
        legal = msg.get("legal") or []
        if (legal and msg.get("status") == "playing" and seq > self.scheduled and self.pending is None
                and not self.run_.stop.is_set()):
            self.scheduled = seq
            action = str(self.rng.choice(legal)["action"])
            lo, hi = self.run_.think
            self.acting = asyncio.create_task(self.act(ws, seq, action, self.rng.uniform(lo, hi)))
        return False

    def on_ack(self, msg: dict[str, Any]) -> None:
        if self.pending is None or int(msg["seq"]) != self.pending + 1 or msg.get("repeated"):
            self.run_.stats.error_codes["unexpected_ack"] += 1
            return
        self.run_.stats.ack_ms.append((time.perf_counter() - self.sent_at) * 1000)
        self.game.acked += 1
        self.pending = None
        self.idle.set()

    async def act(self, ws: ClientConnection, seq: int, action: str, think: float) -> None:
        await self.run_.go.wait()
        if think > 0:
            await asyncio.sleep(think)
        if self.run_.stop.is_set():
            return
        self.pending, self.awaiting_state = seq, True
        self.idle.clear()
        self.sent_at = time.perf_counter()
        with contextlib.suppress(ConnectionClosed):   # the reader counts a lost connection
            await ws.send(json.dumps({"type": "act", "seq": seq, "action": action}))


# -- the run ---------------------------------------------------------------------------------------
async def _verify(run: Run) -> tuple[list[dict[str, Any]], int]:
    """Each game's acks against the actions the server has stored: (per game, failed requests)."""
    sem = asyncio.Semaphore(SETUP_CONCURRENCY)
    failed = 0

    async def one(game: GameRun) -> dict[str, Any]:
        nonlocal failed
        async with sem:
            try:
                r = await run.http.get(f"/api/games/{game.id}")
                r.raise_for_status()
                stored = int(r.json()["actions"])
            except (httpx.HTTPError, KeyError, ValueError):
                failed += 1
                stored = -1
        return {"game": game.id, "acked": game.acked, "stored": stored, "finished": game.finished}

    games = await asyncio.gather(*(one(g) for g in run.stats.games))
    return list(games), failed


async def _load(server: Server, games: int, seconds: float,
                think: tuple[float, float], seed: int, replace: bool, drain: float,
                progress: Callable[[str], None] | None) -> dict[str, Any]:
    say = progress or (lambda _text: None)
    limits = httpx.Limits(max_connections=SETUP_CONCURRENCY * 2)
    async with httpx.AsyncClient(base_url=server.url, timeout=60.0, limits=limits) as http:
        await server.wait_ready(http)
        run = Run(server.url, http, think, seed, drain)
        say(f"server up at {server.url}; creating {games} friend games ...")
        t0 = time.perf_counter()
        firsts = await asyncio.gather(*(run.new_game(i) for i in range(games)))
        setup_s = time.perf_counter() - t0
        say(f"{sum(f is not None for f in firsts)} games ready in {setup_s:.1f} s; "
            f"{2 * games} bots play for {seconds:g} s ...")
        slots = [asyncio.create_task(run.slot(i, first, replace)) for i, first in enumerate(firsts)]
        await asyncio.sleep(0.5)   # the bots connect and say hello before the clock starts
        cpu0, client0, start = server.cpu(), time.process_time(), time.perf_counter()
        run.go.set()
        end = start + seconds
        while (now := time.perf_counter()) < end:
            await asyncio.sleep(min(10.0, end - now))
            if time.perf_counter() < end - 1:
                say(f"  {time.perf_counter() - start:5.0f} s: {run.stats.actions} actions acked, "
                    f"{len(run.stats.games)} games, {sum(run.stats.error_codes.values())} error messages")
        run.stop.set()
        elapsed = time.perf_counter() - start
        cpu1, client1 = server.cpu(), time.process_time()
        say("time is up; waiting for the acts in flight ...")
        await asyncio.gather(*slots)
        per_game, verify_failed = await _verify(run)

    st = run.stats
    mismatched = [g for g in per_game if g["acked"] != g["stored"]]
    errors = (sum(st.error_codes.values()) + st.unexpected_closes + st.failed_requests + verify_failed
              + st.unacked + len(mismatched))
    server_cpu = None if cpu0 is None or cpu1 is None else cpu1 - cpu0
    return {
        "games": len(st.games), "concurrent_games": games, "clients": 2 * games,
        "games_finished": sum(g.finished for g in st.games),
        "seconds": elapsed, "setup_seconds": setup_s, "think": list(think), "seed": seed,
        "actions": st.actions, "actions_per_s": st.actions / elapsed if elapsed else 0.0,
        "ack_ms": spread(st.ack_ms), "state_ms": spread(st.state_ms), "setup_ms": spread(st.setup_ms),
        "errors": errors, "error_codes": dict(st.error_codes), "unexpected_closes": st.unexpected_closes,
        "failed_requests": st.failed_requests + verify_failed, "unacked": st.unacked,
        "mismatched_games": len(mismatched), "per_game": per_game,
        "server_cpu_s": server_cpu,
        "server_cpu_pct": None if server_cpu is None else 100 * server_cpu / elapsed,
        "client_cpu_s": client1 - client0, "client_cpu_pct": 100 * (client1 - client0) / elapsed,
        "cpus": os.cpu_count(),
    }


@contextlib.contextmanager
def _database(db: str | None) -> Iterator[str]:
    """The URL to serve: `db`, or a fresh SQLite file removed afterwards."""
    if db is not None:
        yield db
        return
    with tempfile.TemporaryDirectory(prefix="dejarik-load-") as tmp:
        yield f"sqlite:///{Path(tmp) / 'load.db'}"


def run_load(games: int = 200, seconds: float = 60.0, think: tuple[float, float] = (0.2, 1.0),
             seed: int = 1, db: str | None = None, replace: bool = True, drain: float = 15.0,
             server_args: Sequence[str] = (),
             progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Start a server on `db` (default: a fresh SQLite file), play `games` bot-v-bot games on it
    for `seconds` and return the figures (see the module's doc). `replace`: a finished game is
    replaced by a new one until the time is up. `server_args` are added to `dejarik serve`."""
    if games < 1 or seconds <= 0:
        raise ValueError("games must be at least 1 and seconds more than 0")
    with _database(db) as url, tempfile.TemporaryDirectory(prefix="dejarik-load-log-") as logs:
        server = Server(url, Path(logs) / "server.log", server_args)
        try:
            result = asyncio.run(_load(server, games, seconds, think, seed, replace, drain,
                                       progress))
        finally:
            server.stop()
        result["server_tracebacks"] = server.tracebacks()
        result["errors"] += result["server_tracebacks"]
        if result["server_tracebacks"]:
            result["server_log_tail"] = server.log_tail(60)
    result["db"] = "fresh SQLite file" if db is None else _safe(db)
    return result


def _safe(url: str) -> str:
    """The URL without its password."""
    try:
        from sqlalchemy.engine import make_url

        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return "(unparsable URL)"


def format_table(r: dict[str, Any]) -> str:
    """The figures of `run_load` as a readable table."""
    think = "{:g}-{:g} s".format(*r["think"]) if r["think"][0] != r["think"][1] else f"{r['think'][0]:g} s"

    def cpu(key: str) -> str:
        return "n/a" if r[key] is None else f"{r[key]:.1f} s ({r[key.replace('_s', '_pct')]:.0f}% of one CPU)"

    def ms(key: str) -> str:
        s = r[key]
        return (f"{s['p50']:8.1f}{s['p90']:8.1f}{s['p99']:8.1f}{s['max']:8.1f}{s['mean']:8.1f}")

    codes = ", ".join(f"{k} {v}" for k, v in sorted(r["error_codes"].items())) or "none"
    rows = [
        f"database            {r['db']}",
        f"games               {r['concurrent_games']} at a time ({r['clients']} WebSocket clients); "
        f"{r['games']} played, {r['games_finished']} finished",
        f"think time          {think} (seed {r['seed']})",
        f"duration            {r['seconds']:.1f} s (setup of the first games {r['setup_seconds']:.1f} s)",
        f"actions acked       {r['actions']:,}   {r['actions_per_s']:,.1f} actions/s",
        f"latency (ms)        {'p50':>8}{'p90':>8}{'p99':>8}{'max':>8}{'mean':>8}",
        f"  act -> ack        {ms('ack_ms')}",
        f"  act -> state      {ms('state_ms')}",
        f"  create + join     {ms('setup_ms')}",
        f"errors              {r['errors']}   (error messages: {codes}; unexpected closes "
        f"{r['unexpected_closes']}; failed requests {r['failed_requests']}; unacked {r['unacked']}; "
        f"games whose stored actions differ from the acks {r['mismatched_games']}; "
        f"server tracebacks {r.get('server_tracebacks', 0)})",
        f"server CPU          {cpu('server_cpu_s')}",
        f"client CPU          {cpu('client_cpu_s')}   ({r['cpus']} CPUs on this machine)",
    ]
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="A load test of `dejarik serve` on loopback.")
    p.add_argument("--games", type=int, default=200, help="games in play at once (default 200)")
    p.add_argument("--seconds", type=float, default=60.0, help="how long to play (default 60)")
    p.add_argument("--think", default="0.2-1.0",
                   help="think time: MIN-MAX seconds, or one value (default 0.2-1.0; 0: flat out)")
    p.add_argument("--seed", type=int, default=1,
                   help="seed of the bots' choices and think times (default 1)")
    p.add_argument("--db", default=None, help="database URL to serve (default: a fresh SQLite file)")
    p.add_argument("--no-replace", action="store_true", help="do not replace games that finish")
    p.add_argument("--json", default=None, help="also write the figures to this JSON file")
    args = p.parse_args(argv)
    try:
        think = parse_think(args.think)
        if args.games < 1 or args.seconds <= 0:
            raise ValueError("--games must be at least 1 and --seconds more than 0")
    except ValueError as err:
        p.error(str(err))
    try:
        r = run_load(args.games, args.seconds, think, args.seed, args.db, replace=not args.no_replace,
                     progress=lambda text: print(text, file=sys.stderr, flush=True))
    except RuntimeError as err:   # the server did not start
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(format_table(r))
    if args.json:
        Path(args.json).write_text(json.dumps(r, indent=1) + "\n")
    return 0 if r["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
