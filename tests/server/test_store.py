"""The store's interface, on every implementation (``STORES``: the SQLite file and the
PostgreSQL database, the same tests for both; the ``postgres`` ones need a database, see
``postgres_db``): a table kept whole, actions appended and taken back in
order, seats changed, tokens found, and everything still there when the store is opened
again (each write is committed before it returns)."""

from __future__ import annotations

from contextlib import contextmanager, nullcontext

import pytest
from postgres_db import fresh_schema
from store_records import bot_actions, record

from game.engine.save_files import load_dict
from game.server.store import SeatRecord, SQLiteStore, token_hash


@contextmanager
def postgres_stores(tmp_path):
    from game.server.pgstore import PostgresStore
    with fresh_schema() as url:
        yield lambda: PostgresStore(url, pool_size=2)


STORES = {"sqlite": lambda tmp_path: nullcontext(lambda: SQLiteStore(tmp_path / "data")),
          "postgres": postgres_stores}
"""Each implementation: a context giving a function that opens one store again and again."""


@pytest.fixture(params=list(STORES))
def opened(request, tmp_path):
    """A function opening the store of this implementation (again and again)."""
    stores = []
    with STORES[request.param](tmp_path) as make:
        def open_store():
            store = make()
            stores.append(store)
            return store

        yield open_store
        for store in stores:
            store.close()


def test_a_table_is_kept_whole_and_is_a_save_file(opened):
    store = opened()
    store.create(record())
    actions = bot_actions(6)
    for i, (seat, action) in enumerate(actions):
        store.append_action("ABC234", i, seat, action, {"moves": i + 1})
    store.drop_last_action("ABC234", 5, {"moves": 5})
    again = opened().load("ABC234")
    assert again.actions == actions[:5] and again.status == {"moves": 5}
    assert [s.kind for s in again.seats] == ["human", "open", "bot"]
    assert again.seats[2].level == "hard" and again.settings["takeover_after"] == 30.0
    assert again.seed == 12345 and again.created > 0
    assert len(load_dict(again.save_dict()).history) == 5


def test_seats_tokens_listings_and_codes(opened):
    store = opened()
    store.create(record("ABC234"))
    store.create(record("XYZ789"))
    assert store.take_open_seat("XYZ789", 1, SeatRecord("human", "Bob", token_hash("t1")))
    # two servers seating someone in one seat at once: the second finds it taken
    assert not opened().take_open_seat("XYZ789", 1, SeatRecord("human", "Eve", token_hash("t9")))
    assert not store.take_open_seat("XYZ789", 2, SeatRecord("human", "Eve", token_hash("t9")))
    assert sorted(store.seats_of([token_hash("t0"), token_hash("t1"), "nothing"])) == [
        ("ABC234", 0), ("XYZ789", 0), ("XYZ789", 1)]
    listed = opened().summaries(["XYZ789", "NOSUCH"])
    assert list(listed) == ["XYZ789"] and listed["XYZ789"].seats[1].name == "Bob"
    assert listed["XYZ789"].actions == []
    assert list(store.codes()) == ["ABC234", "XYZ789"]
    assert store.exists("ABC234") and not store.exists("NOSUCH")
    assert store.load("NOSUCH") is None


def test_an_action_twice_at_one_index_is_refused_and_changes_nothing(opened):
    store = opened()
    store.create(record())
    seat, action = bot_actions(1)[0]
    store.append_action("ABC234", 0, seat, action, {"moves": 1})
    with pytest.raises(Exception):  # noqa: B017 - each store raises its own error
        store.append_action("ABC234", 0, seat, action, {"moves": 99})
    again = opened().load("ABC234")
    assert len(again.actions) == 1 and again.status == {"moves": 1}
