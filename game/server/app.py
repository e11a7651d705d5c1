"""The server: WebSocket connections in, tables out.

``Server.handler`` runs one connection: the greeting (``hello`` with the protocol version;
another version is refused), then each message read, checked (``protocol.parse``: JSON, a
known type with its fields, in sequence, within the size and the rate) and handed to the
handler of its type (``game.server.handlers``), one message of a connection after the
other.  A bad message gets an error and is logged once; a flood, an oversized message or a
client that stops reading loses its connection.  Nothing a client sends reaches another
table, and no error in one message stops the others.

The store is called off the event loop (``AsyncStore``): while one move waits for its
commit, the other connections are served.  What reads or changes a table holds its lock
(``holding``, ``later``), so a table's messages, bot moves and news from other servers take
their turns and nobody is told of a move before it is stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import AsyncIterator, Callable, Coroutine
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from game.engine.messages import N_, say
from game.engine.save_files import SaveError
from game.net.protocol import (
    PROTOCOL_VERSION,
    BadMessage,
    encode_sentence,
    normal_code,
    parse,
)
from game.server.async_store import AsyncStore
from game.server.bots import Bots
from game.server.handlers import BUSY, HANDLERS, Refused
from game.server.peer import CLOSE_POLICY, CLOSE_PROTOCOL, RATE, SEND_QUEUE_BYTES, Peer
from game.server.store import MoveConflict, Store
from game.server.tables import LiveTable

if TYPE_CHECKING:
    from game.server.pgshared import Shared, TableNews

log = logging.getLogger("landgrab.server")

HELLO_TIMEOUT = 10.0  # seconds a new connection has to say hello
DROPS_BEFORE_CLOSE = 100  # messages over the rate a client may send before it is closed
BOT_RETRY_S = 1.0  # a bot's move the store could not take is tried again after this


class Server:
    """Every table of one store, and the connections looking at them."""

    def __init__(self, store: Store, bot_threads: int = 2, hard_seconds: float = 1.0,
                 clock: Callable[[], float] = time.monotonic, rate: float = RATE,
                 queue_bytes: int = SEND_QUEUE_BYTES) -> None:
        self.store = AsyncStore(store)
        self.rate = rate
        self.queue_bytes = queue_bytes
        self.clock = clock
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Future[LiveTable]] = {}
        # other servers' news of tables being read from the store, for once they are live
        self._loading_news: dict[str, set[int | None]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.bots = Bots(self.bot_played, bot_threads, hard_seconds)
        self.peers: set[Peer] = set()
        self.shared: Shared | None = None

    def share(self, loop: asyncio.AbstractEventLoop) -> None:
        """Share the tables' presence and bots with the other servers on the store, if any
        (their news come to ``loop``)."""
        def news(code: str, table: TableNews) -> None:
            loop.call_soon_threadsafe(self.learn, code, table)

        self.shared = self.store.sync.share(news)

    # --- connections ----------------------------------------------------------------------
    async def handler(self, ws: ServerConnection) -> None:
        peer = Peer(f"{ws.remote_address}", lambda code, reason: self._drop(ws, peer, code,
                                                                             reason),
                    self.clock, self.rate, self.queue_bytes)
        writer = asyncio.create_task(self._write(ws, peer))
        self.peers.add(peer)
        try:
            if await self._greet(ws, peer):
                async for text in ws:
                    await self.receive(peer, text)
        except ConnectionClosed as closed:
            if closed.rcvd is not None and closed.rcvd.code == 1009 or (
                    closed.sent is not None and closed.sent.code == 1009):
                peer.note("too big", "sent a message over the size limit")
        except TimeoutError:
            peer.note("silent", "said no hello")
        finally:
            self.gone(peer)
            if peer.closing is not None:  # an error's reason goes out before the close
                await asyncio.wait({peer.closing}, timeout=HELLO_TIMEOUT)
            writer.cancel()

    async def _greet(self, ws: ServerConnection, peer: Peer) -> bool:
        text = await asyncio.wait_for(ws.recv(), HELLO_TIMEOUT)
        try:
            hello = parse(text, 0)
        except BadMessage as exc:
            hello = {"type": "", "problem": str(exc)}
        if hello.get("type") != "hello":
            peer.note("no hello", f"began without hello ({hello.get('problem', '')})")
            peer.send({"type": "error", "code": "bad_message",
                       "reason": encode_sentence("the first message must be hello")})
            peer.close(CLOSE_POLICY, "no hello")
            return False
        peer.last_seq = hello["seq"]
        if hello["protocol"] != PROTOCOL_VERSION:
            peer.note("version", f"speaks protocol {hello['protocol']}")
            peer.send({"type": "refused", "protocol": PROTOCOL_VERSION, "reason": encode_sentence(
                say(N_("This server speaks version {server} of the online protocol, and "
                       "your game version {client}: update the older one."),
                    server=PROTOCOL_VERSION, client=hello["protocol"]))})
            peer.close(CLOSE_PROTOCOL, "protocol version")
            return False
        peer.send({"type": "hello", "protocol": PROTOCOL_VERSION, "server": "landgrab-server",
                   "re": hello["seq"]})
        return True

    @staticmethod
    async def _write(ws: ServerConnection, peer: Peer) -> None:
        try:
            while True:
                text = await peer.queue.get()
                await ws.send(text)
                peer.sent(text)
        except ConnectionClosed:
            peer.closed = True

    def _drop(self, ws: ServerConnection, peer: Peer, code: int, reason: str) -> None:
        self.gone(peer)

        async def close() -> None:
            # what is queued (the reason of an error) goes first, within a bound
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(peer.queue.join(), 1.0)
            await ws.close(code, reason)

        peer.closing = asyncio.get_running_loop().create_task(close())

    def gone(self, peer: Peer) -> None:
        """``peer`` is closed: its tables are told; an away seat may be handed to a bot."""
        peer.closed = True
        if peer not in self.peers:
            return
        self.peers.discard(peer)
        for code in peer.tables():
            table = self.tables.get(code)
            if table is not None:
                self.later(table, functools.partial(self._left, peer))

    async def _left(self, peer: Peer, table: LiveTable) -> None:
        for seat in table.detach(peer):
            self.wait_for(table, seat, 0.0)
        self.rest(table)

    def wait_for(self, table: LiveTable, seat: int, away_for: float) -> None:
        """After the table's wait (less ``away_for`` already waited), a bot plays ``seat``
        if its player is still away."""
        after = table.record.settings.get("takeover_after")
        if isinstance(after, (int, float)):
            asyncio.get_running_loop().call_later(max(0.0, after - away_for), self.take_over,
                                                  table.code, seat)

    def rest(self, table: LiveTable) -> None:
        """Forget a table nobody looks at and no bot is to play (its store keeps it; the
        next to sit down rebuilds it), so that a server's memory follows its live tables.
        Called holding the table's lock."""
        if table.watchers or self.bots.busy(table.code) or any(
                table.is_bot_seat(s) for s in table.state.to_act()):
            return
        if self.tables.get(table.code) is table:
            del self.tables[table.code]
            self.bots.forget(table.code)
            if self.shared is not None:
                self.shared.drop(table.code)

    def live(self, table: LiveTable) -> None:
        """``table`` is played on this server from now on."""
        self.tables[table.code] = table
        if self.shared is not None:
            table.shared, table.thinks = self.shared, None
            self.shared.watch(table.code)

    # --- messages -------------------------------------------------------------------------
    async def receive(self, peer: Peer, text: str | bytes) -> None:
        if peer.closed:
            return
        if not peer.allow():
            peer.note("flood", "sends too fast")
            peer.dropped += 1
            if peer.dropped > DROPS_BEFORE_CLOSE:
                peer.close(CLOSE_POLICY, "too many messages")
            else:
                self.error(peer, None, "rate", say(N_("Too many messages: slow down.")))
            return
        try:
            message = parse(text, peer.last_seq)
        except BadMessage as exc:
            peer.note("bad message", f"bad message: {exc}")
            self.error(peer, None, "bad_message", str(exc))
            return
        peer.last_seq = message["seq"]
        handler = HANDLERS.get(message["type"])
        if handler is None:  # hello again
            self.error(peer, message["seq"], "bad_message", f"{message['type']} is not "
                       "expected now")
            return
        try:
            await handler(self, peer, message)
        except Refused as refused:
            self.error(peer, message["seq"], refused.code, refused.reason)
        except self.store.unavailable as exc:  # nothing done: the client tries again later
            log.warning("client %s: %s: the store is unavailable: %s", peer.name,
                        message["type"], exc)
            self.error(peer, message["seq"], "busy", BUSY)
        except Exception:  # noqa: BLE001 - one message's failure stops nothing else
            log.exception("client %s: %s failed", peer.name, message["type"])
            self.error(peer, message["seq"], "server", say(N_("The server could not do "
                                                                "that.")))

    @staticmethod
    def error(peer: Peer, seq: int | None, code: str, reason: str) -> None:
        peer.send({"type": "error", "re": seq, "code": code,
                   "reason": encode_sentence(reason)})

    # --- tables ---------------------------------------------------------------------------
    async def table(self, code: str) -> LiveTable:
        """The live table ``code`` (rebuilt from the store on first use, once however many
        ask at the same time); raises ``Refused``."""
        code = normal_code(code)
        table = self.tables.get(code)
        if table is not None:
            return table
        loading = self._loading.get(code)
        if loading is None:
            loading = self._loading[code] = asyncio.ensure_future(self._load(code))
            loading.add_done_callback(lambda _done: (self._loading.pop(code, None),
                                                     self._loading_news.pop(code, None)))
        return await asyncio.shield(loading)

    async def _load(self, code: str) -> LiveTable:
        record = await self.store.load(code) if code else None
        if record is None:
            raise Refused("no_table", say(N_("There is no table {code} on this server."),
                                          code=code[:12]))
        try:
            table = LiveTable(record, self.store, self.clock)
        except SaveError as exc:
            log.error("table %s does not replay: %s", code, exc)
            raise Refused("damaged", say(N_("That table's record is damaged."))) from exc
        self.live(table)
        news = self._loading_news.pop(code, set())
        if news:  # another server changed it while it was read: read what it missed
            table.news |= news
            self.later(table, self._catch_up)
        now = self.clock()
        for seat, held in enumerate(table.seats):
            since = table.away_since[seat]
            if held.kind == "human" and since is not None:
                self.wait_for(table, seat, now - since)
        return table

    @contextlib.asynccontextmanager
    async def holding(self, code: str) -> AsyncIterator[LiveTable]:
        """The live table ``code`` with its lock held (``table`` rebuilds it; raises
        ``Refused``)."""
        while True:
            table = await self.table(code)
            async with table.lock:
                if self.tables.get(table.code) is table:  # not forgotten while waiting
                    yield table
                    return

    def later(self, table: LiveTable,
              work: Callable[[LiveTable], Coroutine[Any, Any, None]]) -> None:
        """Run ``work(table)`` holding the table's lock, unless the table is forgotten by
        then (for what does not come from a message: a bot's move, a timer, another
        server's news, a connection gone)."""
        async def run() -> None:
            async with table.lock:
                if self.tables.get(table.code) is table:
                    await work(table)

        task = asyncio.get_running_loop().create_task(run())
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a table's task failed", exc_info=task.exception())

    def bot_played(self, table: LiveTable, seat: int, action: Any, version: int) -> None:
        self.later(table, functools.partial(self._bot_move, seat, action, version))

    async def _bot_move(self, seat: int, action: Any, version: int,
                        table: LiveTable) -> None:
        if table.version != version or not table.is_bot_seat(seat):
            self.bots.wake(table)  # the game moved on meanwhile: decide again if still asked
            return
        reason = table.refusal(seat, action.to_json(), table.own_moves(seat))[1]
        if reason:
            log.error("table %s: the bot of seat %d chose a refused move: %s", table.code,
                      seat, reason)
            return
        try:
            await table.play(seat, action)
        except MoveConflict:  # another server's move came first; the table has it now
            log.info("table %s: another server played first", table.code)
        except self.store.unavailable as exc:  # decided again once the store is back
            log.warning("table %s: a bot's move could not be stored: %s", table.code, exc)
            asyncio.get_running_loop().call_later(BOT_RETRY_S, self.bots.wake, table)
            return
        except Exception:  # noqa: BLE001 - the table is rebuilt from the store
            log.exception("table %s: a bot's move could not be played", table.code)
            return
        self.bots.wake(table)

    def take_over(self, code: str, seat: int) -> None:
        """A bot plays ``seat`` (its player still away after the table's wait)."""
        table = self.tables.get(code)
        if table is not None:
            self.later(table, functools.partial(self._take_over, seat))

    async def _take_over(self, seat: int, table: LiveTable) -> None:
        if (table.is_connected(seat) or table.seats[seat].kind != "human"
                or seat in table.bot_playing):
            return
        if self.shared is not None:  # decided once, for every server (``learn`` tells)
            self.shared.take_over(table.code, seat)
            return
        log.info("table %s: a bot plays seat %d while its player is away", table.code, seat)
        table.bot_playing.add(seat)
        table.tell_presence()
        self.bots.wake(table)

    def learn(self, code: str, news: TableNews) -> None:
        """The table ``code`` as every server on the store sees it now: who is connected,
        which away seats a bot plays, whether this server thinks for its bots."""
        table = self.tables.get(code)
        if table is not None:
            self.later(table, functools.partial(self._learn, news))

    async def _learn(self, news: TableNews, table: LiveTable) -> None:
        for seat in table.learn(news, self.clock()):
            self.wait_for(table, seat, 0.0)
        table.tell_presence()
        self.bots.wake(table)

    def changed_elsewhere(self, code: str | None, moves: int | None) -> None:
        """Another server on the same store changed table ``code`` (None: maybe any): the
        live table is read again and everyone looking at it is sent it whole."""
        tables = [self.tables[code]] if code in self.tables else []
        if code is None:
            tables = list(self.tables.values())
        for loading in self._loading if code is None else {code} & self._loading.keys():
            self._loading_news.setdefault(loading, set()).add(moves)
        for table in tables:
            if moves == len(table.state.history) and not table.lock.locked():
                continue  # this server's own move, or one it has (not a rival of its own
                # move waiting for the store, which may then not be stored)
            if not table.news:  # else the catch-up queued reads this change too
                self.later(table, self._catch_up)
            table.news.add(moves)

    async def _catch_up(self, table: LiveTable) -> None:
        news, table.news = table.news, set()
        if news == {len(table.state.history)}:
            return  # this server's own move (told while it held the table), nothing else
        try:
            if not await table.catch_up():
                await table.reload()
                table.resync()
        except Exception:  # noqa: BLE001 - the next message reloads it again
            log.exception("table %s: reading it again failed", table.code)
            return
        self.bots.wake(table)

    async def close(self) -> None:
        """Stop: what waits for a table is dropped (the store has every move told), the
        store's calls under way end, then the store is closed."""
        if self.shared is not None:
            self.shared.close()
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.wait(list(self._tasks))
        self.bots.close()
        self.store.close()
