"""A two-seat table whose players' clients are on two server instances sharing one
PostgreSQL database, and the checks after its game (for the ``postgres`` tests)."""

from __future__ import annotations

from leak_check import problems
from net_tables import Driver, two_player_table

from game.registry import GAMES

GAME = next(iter(GAMES))
STALE = "That move was already made, or the table has moved on since."


def split_table(driver: Driver, host_url: str, guest_url: str, **settings):
    """A two-seat table: the host's client on one server, the joined guest's on another
    (``settings``: more fields of the ``create`` message)."""
    host, guest, code = two_player_table(driver, host_url, guest_url, **settings)
    # a move sent as a connection dropped may go out again after it: refused as stale
    host.expect_refusals = guest.expect_refusals = True
    return host, guest, code


def moves_seen(client, code) -> int:
    return max((m["moves"] for k, m in client.latest.items() if k[0] == code), default=0)


def check_stored(url, code, host, guest) -> None:
    """The game is over in the store, every move told was stored, only stale refusals."""
    from game.server.pgstore import PostgresStore
    store = PostgresStore(url)
    record = store.load(code)
    store.close()
    assert record is not None and record.status["over"]
    for client, seat in ((host, 0), (guest, 1)):
        assert not problems(record, client.texts, {seat})
        assert all(r["reason"]["msg"] == STALE for r in client.refusals)
