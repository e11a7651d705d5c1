"""Bad input never takes the server down: malformed JSON, unknown and oversized messages,
a flood, an action for another seat, a message replayed, a stale action, a wrong token, a
client of another protocol version, a client that stops reading.  Each gets an error or
loses its connection, is logged once, and a table in play meanwhile plays on to its end."""

from __future__ import annotations

import contextlib
import json
import socket

import pytest
from net_tables import WAIT, Driver, ServerProcess, game_over
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.net.client import REFUSED, Connection
from game.net.protocol import MAX_MESSAGE_BYTES, PROTOCOL_VERSION
from game.registry import GAMES

RATE = 50  # messages a second the server allows each client here

GAME = next(iter(GAMES))


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = ServerProcess(tmp_path_factory.mktemp("bad") / "data", 0, "--send-queue-kib", "64",
                        rate=RATE)
    yield srv
    assert srv.stop() == 0


class Raw:
    """A hand-driven client: sends exactly what a test writes."""

    def __init__(self, url: str, hello: bool = True) -> None:
        self.ws = connect(url, max_size=None, open_timeout=WAIT).__enter__()
        self.seq = 0
        if hello:
            assert self.ask({"type": "hello", "protocol": PROTOCOL_VERSION})["type"] == "hello"

    def send(self, message: dict) -> None:
        self.seq += 1
        self.ws.send(json.dumps({"seq": self.seq, **message}))

    def recv(self) -> dict:
        return json.loads(self.ws.recv(timeout=WAIT))

    def ask(self, message: dict) -> dict:
        self.send(message)
        return self.recv()

    def until(self, kind: str) -> dict:
        for _ in range(1000):
            m = self.recv()
            if m["type"] == kind:
                return m
        raise AssertionError(f"no {kind}")

    def closed_with(self) -> int:
        """The close code, once the server has closed the connection."""
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(100000):
                self.ws.recv(timeout=WAIT)
        return closed.value.rcvd.code if closed.value.rcvd else -1


def new_table(raw: Raw, **extra) -> dict:
    return raw.ask({"type": "create", "game": GAME, "players": 2,
                    "seats": [{"kind": "host"}, {"kind": "open"}], **extra})


def test_malformed_unknown_and_out_of_place_messages_get_errors(server):
    raw = Raw(server.url)
    for text in ("{nope", "[]", json.dumps({"type": "dance", "seq": 99}),
                 json.dumps({"type": "sit", "seq": 100, "table": 5})):
        raw.ws.send(text)
        assert raw.recv()["code"] == "bad_message"
    raw.seq = 100
    assert raw.ask({"type": "hello", "protocol": PROTOCOL_VERSION})["code"] == "bad_message"
    raw.ws.send(json.dumps({"type": "mine", "seq": 50, "tokens": []}))  # a replay
    assert raw.recv()["code"] == "bad_message"
    assert raw.ask({"type": "watch", "table": "NOSUCH"})["code"] == "no_table"
    assert raw.ask({"type": "create", "game": "chess", "players": 2, "seats": []})[
        "code"] == "bad_table"
    code = new_table(raw)["table"]
    raw.until("table")  # the host's seat
    assert raw.ask({"type": "watch", "table": code})["code"] == "no_spectators"
    assert raw.ask({"type": "sit", "table": code, "seat": 1, "token": "x" * 22})[
        "code"] == "bad_token"
    assert raw.ask({"type": "sit", "table": code, "seat": 0, "token": "guess"})[
        "code"] == "bad_token"
    act = {"type": "act", "table": code, "action": {"type": "Nothing"}, "own_moves": 0}
    assert raw.ask({**act, "seat": 1})["code"] == "not_seated"  # another seat's action
    refusal = raw.ask({**act, "seat": 0, "own_moves": 3})
    assert refusal["type"] == "refusal" and "already" in refusal["reason"]["msg"]
    assert raw.ask({"type": "chat", "table": code, "seat": 0, "text": "x" * 201})[
        "code"] == "chat"
    log = server.log()
    assert log.count("gave a wrong token") == 1  # logged once per client and kind
    assert log.count("bad message:") == 1


def test_an_oversized_message_closes_its_connection(server):
    raw = Raw(server.url)
    raw.ws.send(json.dumps({"type": "chat", "seq": 1, "text": "x" * MAX_MESSAGE_BYTES}))
    assert raw.closed_with() == 1009


def test_a_flood_is_refused_then_cut_off_and_logged_once(server):
    raw = Raw(server.url)
    for _ in range(RATE * 3 + 150):
        try:
            raw.send({"type": "mine", "tokens": []})
        except ConnectionClosed:
            break
    codes = set()
    with pytest.raises(ConnectionClosed):
        for _ in range(100000):
            codes.add(json.loads(raw.ws.recv(timeout=WAIT)).get("code"))
    assert "rate" in codes
    assert server.log().count("sends too fast") == 1


def test_a_client_of_another_protocol_version_is_refused(server, monkeypatch):
    raw = Raw(server.url, hello=False)
    answer = raw.ask({"type": "hello", "protocol": PROTOCOL_VERSION + 1})
    assert answer["type"] == "refused" and "{server}" in answer["reason"]["msg"]
    assert raw.closed_with() == 4000
    monkeypatch.setattr("game.net.client.PROTOCOL_VERSION", PROTOCOL_VERSION + 1)
    conn = Connection(server.url)
    for _ in range(10):
        if conn.status == REFUSED:
            break
        conn.wait(WAIT)
    assert conn.status == REFUSED and "version" in conn.refusal
    conn.close()


def test_a_client_that_stops_reading_is_cut_off_and_others_play_on(server):
    driver = Driver()
    player, watcher = driver.client(server.url, "player"), driver.client(server.url, "watcher")
    player.send({"type": "create", "game": GAME, "players": 2, "spectators": True,
                 "seats": [{"kind": "bot"}, {"kind": "bot"}]})
    driver.until(lambda: player.of_type("created"), "a table of bots")
    finished = player.of_type("created")[0]["table"]
    watcher.send({"type": "watch", "table": finished})
    driver.until(lambda: game_over(watcher, finished), "the bots' game over: a long log")
    player.send({"type": "create", "game": GAME, "players": 2,
                 "seats": [{"kind": "host"}, {"kind": "bot"}]})
    driver.until(lambda: len(player.of_type("created")) == 2, "the table in play")
    code = player.of_type("created")[1]["table"]
    # the sleeper asks for the long log again and again and never reads
    sleeper = Raw(server.url)
    sleeper.ws.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    with contextlib.suppress(ConnectionClosed, OSError):
        for _ in range(RATE * 2):  # within the rate; each answer holds the whole log
            sleeper.send({"type": "watch", "table": finished})
    player.plays.add((code, 0))
    driver.until(lambda: game_over(player, code), "the other table's end")
    driver.close()
    with pytest.raises((ConnectionClosed, OSError)):
        for _ in range(100000):
            sleeper.ws.recv(timeout=WAIT)
    assert server.log().count("stopped reading") == 1
