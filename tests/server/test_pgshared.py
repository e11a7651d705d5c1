"""What servers on one PostgreSQL database share about a table (``pgshared.Shared``; the
``postgres`` tests need a database, see ``postgres_db``): a seat connected through one
server is not away for another; an away seat goes to a bot once however many servers ask,
and never while a live server holds a connection to it, or at the host's word, for every
server; a player back takes the seat back; exactly one server thinks for a table's bots,
another once it has left."""

from __future__ import annotations

import queue

import psycopg
import pytest
from net_tables import WAIT
from postgres_db import fresh_schema

from game.server.pgshared import Shared, TableNews
from game.server.pgstore import PostgresStore

CODE = "ABC234"


class Server:
    """One server's ``Shared`` and the news it was told of."""

    def __init__(self, url: str) -> None:
        self.news: queue.Queue[TableNews] = queue.Queue()
        self.shared = Shared(url, lambda code, news: self.news.put(news))
        self.shared.watch(CODE)

    def until(self, done, what: str) -> TableNews:
        """The first news for which ``done`` holds (bounded)."""
        for _ in range(1000):
            news = self.news.get(timeout=WAIT)
            if done(news):
                return news
        raise AssertionError(what)


@pytest.fixture
def two():
    with fresh_schema() as url:
        PostgresStore(url).close()  # the schema
        servers = Server(url), Server(url)
        try:
            yield servers
        finally:
            for server in servers:
                server.shared.close()


def test_postgres_a_seat_connected_through_another_server_is_not_away(two):
    a, b = two
    a.shared.present(CODE, 0, True)
    b.until(lambda n: n.elsewhere == {0}, "seat 0 connected through a")
    b.shared.take_over(CODE, 0)  # b holds no connection to seat 0, a does
    b.shared.present(CODE, 1, True)  # after it in b's order: a's news of it come after both
    news = a.until(lambda n: n.elsewhere == {1}, "seat 1 connected through b")
    assert news.bot_playing == frozenset()
    a.shared.present(CODE, 0, False)  # the player really leaves: both servers would hand over
    b.until(lambda n: n.elsewhere == set(), "seat 0 away")
    a.shared.take_over(CODE, 0)
    b.shared.take_over(CODE, 0)
    b.until(lambda n: n.bot_playing == {0}, "a bot plays seat 0")
    a.until(lambda n: n.bot_playing == {0}, "a bot plays seat 0, as a sees it")
    b.shared.present(CODE, 0, True)  # the player back, through b: the seat is theirs again
    a.until(lambda n: n.elsewhere == {0, 1} and not n.bot_playing, "seat 0 back")


def test_postgres_exactly_one_server_thinks_for_a_tables_bots_another_once_it_has_left(two):
    a, b = two
    a.shared.claim(CODE)
    a.until(lambda n: n.thinks is True, "a thinks")
    b.shared.claim(CODE)
    b.shared.present(CODE, 0, True)  # after the claim in b's order: a's news of it after both
    a.until(lambda n: n.elsewhere == {0}, "seat 0 connected through b")
    assert b.until(lambda n: n.thinks is not None, "b told who thinks").thinks is False
    with psycopg.connect(b.shared.url) as db:
        assert db.execute("SELECT server FROM bot_thinkers").fetchall() == [(a.shared.id,)]
    a.shared.close()
    b.until(lambda n: n.thinks is None, "nobody thinks once a has left")
    b.shared.claim(CODE)
    b.until(lambda n: n.thinks is True, "b thinks")


def test_postgres_the_hosts_word_hands_an_away_seat_to_a_bot_on_every_server(two):
    a, b = two
    a.shared.hand_over(CODE, 1, True)
    b.until(lambda n: n.bot_playing == {1}, "a bot plays seat 1, as b sees it")
    a.shared.hand_over(CODE, 1, False)
    b.until(lambda n: n.bot_playing == set(), "seat 1 waits for its player again")
