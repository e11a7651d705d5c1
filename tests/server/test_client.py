"""The client's connection on its own: retries back off exponentially with jitter, a server
that is not there leaves it reconnecting (never raising into the frame loop), ``poll``
never waits, and ``close`` ends it."""

from __future__ import annotations

import random
import socket

from net_tables import WAIT

from game.net.client import CLOSED, RECONNECTING, Connection, backoff


def test_retries_back_off_exponentially_with_jitter():
    rng = random.Random(1)
    for attempt in range(1, 12):
        ceiling = min(15.0, 0.25 * 2 ** (attempt - 1))
        delays = [backoff(attempt, rng) for _ in range(50)]
        assert all(ceiling / 2 <= d <= ceiling for d in delays)
        assert len(set(delays)) > 40  # jittered: clients cut off together come back apart
    assert backoff(30, rng) <= 15.0


def test_a_server_that_is_not_there_leaves_the_connection_retrying_until_closed():
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    attempts = []

    def delays(attempt, rng):
        attempts.append(attempt)
        return 0.01 if attempt < 3 else 60.0

    conn = Connection(f"ws://127.0.0.1:{port}", delays=delays)
    conn.send({"type": "watch", "table": "ABC234"})  # waits for a connection
    assert conn.poll() == []
    for _ in range(100):
        if len(attempts) >= 3:
            break
        conn.wait(WAIT)
    assert attempts[:3] == [1, 2, 3] and conn.status == RECONNECTING
    conn.close()
    assert conn.status == CLOSED
