"""The server benchmark (``python tools/bench.py server``): one ``landgrab-server`` process
on loopback, tables played by bot-driven clients, and a store of idle tables.

Live tables: ``tables`` tables of four seats, each seat a WebSocket connection of this
process; the seat to act answers from its view (a state rebuilt from the view gives its legal
actions, the game's normal bot chooses), each table moving once every ``interval`` seconds on
average (live play, not a flood).  Measured: moves the server played per second, the latency
of a move from the client's send until every seat of its table has been told (p99), and the
server's resident memory per live table.  With ``db`` (a PostgreSQL URL) the servers store in
a schema of their own in that database (dropped afterwards), and ``instances`` servers share
it: seat ``k`` of every table connects to server ``k % instances``, so every move is told
across servers (LISTEN/NOTIFY); the figures are summed over the servers, and the database's
own CPU a move is that of its processes (the servers' connections and its background
workers) over the same window.  The machine's load average (1 minute) at the end of the
window is given beside them: on a shared machine the figures mean little without it.

Idle tables: a store of ``idle`` tables (copies of bot games stopped half-way) and the time
from starting the server on it to its ``listening on`` line (tables are rebuilt on first
use, not at start-up), then the time to sit down at one of them (its replay).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from game.bots import make_bot
from game.net.protocol import PROTOCOL_VERSION, new_table_code, new_token
from game.registry import GAMES
from game.server.store import SeatRecord, SQLiteStore, TableRecord, token_hash

ROOT = Path(__file__).resolve().parent.parent


def start_server(data: Path, db: str | None = None, connections: int = 4
                 ) -> tuple[subprocess.Popen[str], str, float]:
    """A server on ``data`` (or the database ``db``, ``connections`` kept to it); its
    process, URL and seconds until it listened."""
    t0 = time.perf_counter()
    where = ["--db", db, "--db-connections", str(connections)] if db else [
        "--data", str(data)]
    proc = subprocess.Popen([sys.executable, "-m", "game.server", "--host", "127.0.0.1",
                             "--port", "0", *where, "--rate", "1000"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.stdout is not None
    line = proc.stdout.readline()
    elapsed = time.perf_counter() - t0
    if not line.startswith("listening on "):
        proc.kill()
        raise RuntimeError(f"the server did not start: {line!r}")
    return proc, f"ws://127.0.0.1:{line.rsplit(':', 1)[1].strip()}", elapsed


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Seat:
    """One seat's connection; the seat to act answers after its table's pace."""

    def __init__(self, bench: LiveBench, ws: Any, game: str) -> None:
        self.bench, self.ws, self.game = bench, ws, game
        self.seq = 1
        self.table = ""
        self.seat = -1

    async def send(self, message: dict[str, Any]) -> None:
        self.seq += 1
        await self.ws.send(json.dumps({**message, "seq": self.seq}))

    async def read(self) -> None:
        """Only the seat to act decodes a message (in the deciding process); the others
        read the move count and the turn straight from the text, as cheaply as can be."""
        async for text in self.ws:
            head = MOVES.search(text)
            if head is None:
                continue
            self.bench.told(self.table, int(head.group(1)))
            turn = TURN.search(text)
            if turn is not None and turn.group(2) == "false" and \
                    self.seat in json.loads(turn.group(1)):
                asyncio.get_running_loop().create_task(self.answer(str(text)))

    async def answer(self, text: str) -> None:
        await asyncio.sleep(self.bench.interval * (0.5 + random.random()))
        if self.bench.stopping:
            return
        moves, own, action = await asyncio.get_running_loop().run_in_executor(
            self.bench.pool, decide, self.game, text, self.seat)
        self.bench.sent(self.table, moves)
        await self.send({"type": "act", "table": self.table, "seat": self.seat,
                         "action": action, "own_moves": own})


MOVES = re.compile(r'"moves":(\d+)')
TURN = re.compile(r'"turn":\{"to_act":(\[[\d,]*\]),"waiting_s":[\d.]+,"over":(true|false)\}')
_DECIDERS: dict[str, Any] = {}


def decide(game: str, text: str, seat: int) -> tuple[int, int, dict[str, Any]]:
    """In the deciding process: the move count, the seat's own moves and its bot's action."""
    m = json.loads(text)
    view = m["view"]
    if game not in _DECIDERS:
        _DECIDERS[game] = (type(GAMES[game].new(view["num_players"], 0)),
                           make_bot(game, "normal", 1))
    state_class, bot = _DECIDERS[game]
    legal = state_class.state_from_view(view, random.Random(0)).legal_actions(seat)
    return m["moves"], m["own_moves"], bot.choose(view, legal).to_json()


class LiveBench:
    def __init__(self, urls: list[str], game: str, interval: float) -> None:
        self.urls, self.game, self.interval = urls, game, interval
        self.sent_at: dict[tuple[str, int], float] = {}
        self.waiting: dict[tuple[str, int], int] = {}
        self.latencies: list[float] = []
        self.stopping = False
        self.counting = False
        self.moves = 0
        self.tasks: list[asyncio.Task[None]] = []
        self.pool = ProcessPoolExecutor(1)  # bots decide there: this loop only reads

    def sent(self, table: str, moves: int) -> None:
        self.sent_at[(table, moves + 1)] = time.perf_counter()
        self.waiting[(table, moves + 1)] = 4

    def told(self, table: str, moves: int) -> None:
        key = (table, moves)
        left = self.waiting.get(key)
        if left is None:
            return
        if left > 1:
            self.waiting[key] = left - 1
            return
        del self.waiting[key]
        sent = self.sent_at.pop(key)
        if self.counting:
            self.latencies.append(time.perf_counter() - sent)
            self.moves += 1

    async def seat(self, k: int) -> Seat:
        ws = await connect(self.urls[k % len(self.urls)], max_size=None, compression=None)
        seat = Seat(self, ws, self.game)
        await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL_VERSION, "seq": 1}))
        assert json.loads(await ws.recv())["type"] == "hello"
        return seat

    async def table(self) -> None:
        host = await self.seat(0)
        await host.send({"type": "create", "game": self.game, "players": 4,
                         "seats": [{"kind": "host"}] + [{"kind": "open"}] * 3})
        created = json.loads(await host.ws.recv())
        host.table, host.seat = created["table"], 0
        self.tasks.append(asyncio.create_task(host.read()))
        for k in range(1, 4):
            guest = await self.seat(k)
            await guest.send({"type": "join", "table": host.table, "name": "Bench"})
            joined = json.loads(await guest.ws.recv())
            guest.table, guest.seat = joined["table"], joined["seat"]
            self.tasks.append(asyncio.create_task(guest.read()))


def database_pids(url: str | None) -> list[int]:
    """The processes of the database at ``url`` (its connections' and its background
    workers'), or none without a database."""
    if not url:
        return []
    import psycopg
    with psycopg.connect(url, autocommit=True) as db:
        return [pid for (pid,) in db.execute("SELECT pid FROM pg_stat_activity")]


def cpu_of(pids: list[int]) -> dict[int, float]:
    """CPU seconds so far of each of ``pids`` still running."""
    out = {}
    for pid in pids:
        with contextlib.suppress(OSError):
            out[pid] = cpu_seconds(pid)
    return out


async def _live(urls: list[str], game: str, tables: int, seconds: float, interval: float,
                pids: list[int], db: str | None = None) -> dict[str, float]:
    bench = LiveBench(urls, game, interval)
    before = sum(rss_kib(pid) for pid in pids)
    for start in range(0, tables, 20):
        await asyncio.gather(*(bench.table() for _ in range(min(20, tables - start))))
    await asyncio.sleep(interval * 2)  # every table under way
    bench.counting = True
    cpu0 = sum(cpu_seconds(pid) for pid in pids)
    db0 = cpu_of(database_pids(db))
    t0 = time.perf_counter()
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - t0
    bench.counting = False
    after = sum(rss_kib(pid) for pid in pids)
    load = os.getloadavg()[0]
    db1 = cpu_of(list(db0))
    bench.stopping = True
    for task in bench.tasks:
        task.cancel()
    bench.pool.shutdown(cancel_futures=True)
    cpu = sum(cpu_seconds(pid) for pid in pids) - cpu0
    lat = sorted(bench.latencies) or [float("nan")]
    return {"tables": tables, "moves_per_s": bench.moves / elapsed,
            "p99": lat[min(len(lat) - 1, round(0.99 * (len(lat) - 1)))],
            "p50": lat[len(lat) // 2], "rss_per_table": (after - before) / tables,
            "cpu_per_move": cpu / max(1, bench.moves),
            "db_cpu_per_move": sum(db1[p] - db0[p] for p in db1) / max(1, bench.moves),
            "load": load}


def live_tables(tables: int, seconds: float, interval: float, db: str | None = None,
                instances: int = 1, connections: int = 4) -> dict[str, float]:
    game = next(g for g, info in GAMES.items() if info.min_players <= 4 <= info.max_players)
    with tempfile.TemporaryDirectory(prefix="landgrab-bench-server-") as data, \
            bench_schema(db) as url:
        procs = [start_server(Path(data), url, connections)[:2] for _ in range(instances)]
        try:
            return asyncio.run(_live([u for _p, u in procs], game, tables, seconds, interval,
                                     [p.pid for p, _u in procs], url))
        finally:
            for proc, _url in procs:
                proc.terminate()
                proc.wait(timeout=30)


@contextlib.contextmanager
def bench_schema(db: str | None) -> Iterator[str | None]:
    """A schema of its own in the database ``db`` (its URL), dropped afterwards; None
    without a database."""
    if not db:
        yield None
        return
    import psycopg

    from game.server.pgstore import schema_url
    schema = f"bench_{uuid.uuid4().hex[:12]}"
    try:
        yield schema_url(db, schema)
    finally:
        with psycopg.connect(db, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")


def idle_store(data: Path, count: int, models: int = 20) -> str:
    """A store of ``count`` idle tables (copies of ``models`` bot games stopped half-way),
    and the code of one of them."""
    game = next(iter(GAMES))
    info = GAMES[game]
    store = SQLiteStore(data)
    records = []
    for k in range(models):
        state = info.new(2, k)
        bots = [make_bot(game, "normal", k * 7 + s) for s in range(2)]
        for _ in range(60):
            p = state.to_act()[0]
            state.apply(bots[p].choose(state.view(p), state.legal_actions(p)), p)
        records.append(state)
    code = ""
    for i in range(count):
        state = records[i % models]
        code = new_table_code()
        store.create(TableRecord(
            code, game, 2, state.seed, dict(state.options),
            [SeatRecord("human", f"P{s}", token_hash(new_token())) for s in range(2)],
            {"spectators": True, "takeover_after": None, "host": 0},
            [(p, a.to_json()) for p, a in state.history],
            {"to_act": state.to_act(), "over": False, "moves": len(state.history)}))
    store.close()
    return code


async def _first_use(url: str, code: str) -> float:
    async with connect(url, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL_VERSION, "seq": 1}))
        await ws.recv()
        t0 = time.perf_counter()
        await ws.send(json.dumps({"type": "watch", "table": code, "seq": 2}))
        assert json.loads(await ws.recv())["type"] == "table"
        return time.perf_counter() - t0


def idle_tables(count: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="landgrab-bench-idle-") as folder:
        data = Path(folder)
        code = idle_store(data, count)
        proc, url, startup = start_server(data)
        try:
            first = asyncio.run(_first_use(url, code))
        finally:
            proc.terminate()
            proc.wait(timeout=30)
        return {"startup": startup, "first_use": first}
