"""How long a seat has been thinking or away counts from the server's word: the server says
how many seconds have passed as it sends a message, and the client counts on from when the
message *arrived* (the connection stamps it in its own thread), not from when the frame loop
read it, so a client that was busy (a table loading) shows what every other window shows;
a move that comes later keeps the away seats' times.  Clocks are the test's."""

from __future__ import annotations

import asyncio
import json

from net_tables import WAIT
from pytest import approx
from store_records import record

from game.net.client import RECEIVED, Connection
from game.server.async_store import AsyncStore
from game.server.store import SeatRecord, SQLiteStore, token_hash
from game.server.tables import LiveTable
from game.session.remote import RemoteSession


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class Listener:
    """A connection of the server's table: keeps what it is sent."""

    closed = False

    def __init__(self) -> None:
        self.received: list[dict] = []

    def send(self, message) -> None:
        self.send_text(json.dumps(message))

    def send_text(self, text: str) -> None:
        self.received.append(json.loads(text))


class Line:
    """The client's side of the wire: what the test lets arrive."""

    def __init__(self) -> None:
        self.inbox: list[dict] = []

    def poll(self) -> list[dict]:
        out, self.inbox = self.inbox, []
        return out

    def send(self, message) -> None:
        pass

    def close(self) -> None:
        pass


def test_times_count_from_when_the_message_arrived(tmp_path):
    server_clock, client_clock = Clock(1000.0), Clock(500.0)
    r = record()
    r.seats[1] = SeatRecord("human", "Bob", token_hash("t1"))  # never comes: away
    sync_store = SQLiteStore(tmp_path)
    sync_store.create(r)
    store = AsyncStore(sync_store)
    table = LiveTable(r, store, server_clock)
    ann = Listener()
    table.attach(ann, 0)
    server_clock.now = 1030.0
    sitting = table.sync_message(0)  # the table has waited 30 s, Bob has been away 30 s
    waited, away = sitting["turn"]["waiting_s"], sitting["presence"][1]["away_s"]
    assert waited == approx(30.0, abs=0.5) and away == approx(30.0, abs=0.5)
    sitting[RECEIVED] = client_clock.now  # it arrives at 500 ...
    client_clock.now = 504.0  # ... and the table takes 4 s to load before it is read
    line = Line()
    session = RemoteSession(line, [sitting], clock=client_clock)
    client_clock.now = 505.0
    assert session.waiting_seconds() == approx(waited + 5.0)
    assert session.away_seconds(1) == approx(away + 5.0) and session.away_seconds(0) is None
    # ten seconds on, a move: the turn counts from its word, Bob's absence goes on
    server_clock.now, client_clock.now = 1040.0, 510.0
    p = table.state.to_act()[0]
    ann.received.clear()
    asyncio.run(table.play(p, table.state.legal_actions(p)[0]))
    [update] = [m for m in ann.received if m["type"] == "update"]
    update[RECEIVED] = client_clock.now
    line.inbox.append(update)
    client_clock.now = 512.0
    session.pump()
    assert session.waiting_seconds() == approx(update["turn"]["waiting_s"] + 2.0)
    assert session.away_seconds(1) == approx(away + 12.0)
    store.close()


def test_the_connection_stamps_each_message_as_it_arrives(server):
    conn = Connection(server.url, clock=lambda: 42.5)
    try:
        received = []
        for _ in range(10):
            received += conn.wait(WAIT)
            if received:
                break
        assert received and all(m[RECEIVED] == 42.5 for m in received)
    finally:
        conn.close()
