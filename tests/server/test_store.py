"""The store's interface, on every implementation (``STORES``: SQLite now; a shared database
joins the list with the same tests): a table kept whole, actions appended and taken back in
order, seats changed, tokens found, and everything still there when the store is opened
again (each write is committed before it returns)."""

from __future__ import annotations

import pytest

from game.engine.save_files import load_dict
from game.registry import GAMES
from game.server.store import SeatRecord, SQLiteStore, TableRecord, token_hash

STORES = {"sqlite": SQLiteStore}


@pytest.fixture(params=list(STORES))
def opened(request, tmp_path):
    """A function opening the store of this implementation (again and again)."""
    stores = []

    def open_store():
        store = STORES[request.param](tmp_path / "data")
        stores.append(store)
        return store

    yield open_store
    for store in stores:
        store.close()


def record(code: str = "ABC234") -> TableRecord:
    game = next(iter(GAMES))
    return TableRecord(code, game, 3, 12345, GAMES[game].default_options(),
                       [SeatRecord("human", "Ann", token_hash("t0")), SeatRecord("open", ""),
                        SeatRecord("bot", "Robo", "", "hard")],
                       {"spectators": True, "takeover_after": 30.0, "host": 0})


def bot_actions(n: int) -> list[tuple[int, dict]]:
    """The first ``n`` actions of the record's game, played by its first legal actions."""
    r = record()
    state = GAMES[r.game].new(r.num_players, r.seed, **r.options)
    out = []
    for _ in range(n):
        p = state.to_act()[0]
        action = state.legal_actions(p)[0]
        state.apply(action, p)
        out.append((p, action.to_json()))
    return out


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
    store.set_seat("XYZ789", 1, SeatRecord("human", "Bob", token_hash("t1")))
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
