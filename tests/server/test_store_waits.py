"""A store that is slow to answer (a database's round trips, a busy disk) holds up the move
waiting for it, not the server: another table's messages are served meanwhile, while the
table of the waiting move shows nobody that move until it is stored.  News of other
servers' moves is read from the store once however many come together, and not at all for
the server's own move."""

from __future__ import annotations

import asyncio
import threading

from net_tables import WAIT, Driver, InProcessServer
from store_records import record

from game.registry import GAMES
from game.server.app import Server
from game.server.store import SQLiteStore

GAME = next(iter(GAMES))


def hot_seat(driver: Driver, url: str, name: str):
    host = driver.client(url, name)
    host.send({"type": "create", "game": GAME, "players": 2, "spectators": True,
               "seats": [{"kind": "host", "name": "Ann"}, {"kind": "host", "name": "Ben"}]})
    driver.until(lambda: host.of_type("created"), f"{name}'s table")
    return host, host.of_type("created")[0]["table"]


def test_a_move_waiting_for_the_store_holds_up_its_table_only(tmp_path, monkeypatch):
    server = InProcessServer(tmp_path / "data")
    driver = Driver()
    entered, release = threading.Event(), threading.Event()
    keep = SQLiteStore.append_action
    held: list[str] = []

    def slow_store(self, code, *args):
        if not held:  # the first move stored waits until the test lets it through
            held.append(code)
            entered.set()
            release.wait(3 * WAIT)
        keep(self, code, *args)

    try:
        slow, slow_code = hot_seat(driver, server.url, "slow")
        other, other_code = hot_seat(driver, server.url, "other")
        watcher = driver.client(server.url, "watcher")
        watcher.send({"type": "watch", "table": other_code})
        driver.until(lambda: len(slow.of_type("table")) == 2 == len(other.of_type("table"))
                     and watcher.of_type("table"), "both tables sat at, one watched")
        monkeypatch.setattr(SQLiteStore, "append_action", slow_store)
        slow.plays |= {(slow_code, 0), (slow_code, 1)}
        slow.step()  # its first move goes out, and waits in the store
        assert entered.wait(WAIT)
        assert held == [slow_code]
        watcher.send({"type": "watch", "table": slow_code})  # sent first, answered last
        other.send({"type": "chat", "table": other_code, "seat": 0, "text": "still here?"})
        driver.until(lambda: other.of_type("chat"), "the other table's chat, served")
        assert not slow.of_type("update")
        assert [m["table"] for m in watcher.of_type("table")] == [other_code]

        release.set()
        driver.until(lambda: slow.of_type("update") and len(watcher.of_type("table")) == 2,
                     "the move, stored and told")
        assert slow.of_type("update")[0]["moves"] == 1
        assert watcher.of_type("table")[1]["moves"] >= 1  # it waited for the move
    finally:
        release.set()
        driver.close()
        server.stop()


def test_news_of_moves_is_read_once_and_never_for_the_servers_own_move(tmp_path, monkeypatch):
    loads: list[str] = []
    keep = SQLiteStore.load

    def counted(self, code):
        loads.append(code)
        return keep(self, code)

    async def scenario() -> None:
        server = Server(SQLiteStore(tmp_path))
        server.store.sync.create(record())
        table = await server.table("ABC234")
        monkeypatch.setattr(SQLiteStore, "load", counted)
        moves = len(table.state.history)
        async with table.lock:  # its own move being stored: the news of it comes meanwhile
            server.changed_elsewhere(table.code, moves)
        await asyncio.wait(set(server._tasks))
        assert loads == []
        for news in (moves + 1, moves + 2, None):  # other servers' moves, a seat taken
            server.changed_elsewhere(table.code, news)
        await asyncio.wait(set(server._tasks))
        assert loads == [table.code]
        await server.close()

    asyncio.run(scenario())
