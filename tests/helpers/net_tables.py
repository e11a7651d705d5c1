"""Real servers and bot-driven clients on loopback, for the server's tests.

``ServerProcess`` starts ``python -m game.server`` on 127.0.0.1 with ``--port 0`` (the tests'
own games registered with ``--game``) and reads the port it printed; ``kill()`` is a
``kill -9``, ``stop()`` a SIGTERM.  ``BotClient`` is one client connection whose seats are
played by the games' normal bots, from the view the server sent and the legal actions a
state rebuilt from that view gives (all a remote table knows); it records every text it
receives.  ``Driver`` runs several clients until a condition holds: each wait is bounded,
and a wait that ends with nothing new fails the test.
"""

from __future__ import annotations

import atexit
import json
import os
import queue
import random
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

from game.bots import make_bot
from game.engine.actions import Action
from game.net.client import Connection
from game.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]
TEST_GAME_PACKAGES = ("tests.games.mosaic",)
WAIT = 20.0  # seconds a test waits for anything before it fails


class ServerProcess:
    """A ``landgrab-server`` process on loopback."""

    def __init__(self, data: Path, port: int = 0, *extra: str, rate: float = 1000) -> None:
        """``rate``: bots play far faster than people, and the flood limit is for people
        (its own test sets it low)."""
        self.data = data
        self.log_path = data.parent / f"{data.name}-server.log"
        args = [sys.executable, "-m", "game.server", "--host", "127.0.0.1", "--port",
                str(port), "--data", str(data), "--rate", str(rate), *extra]
        for package in TEST_GAME_PACKAGES:
            args += ["--game", package]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self._log = open(self.log_path, "a", encoding="utf-8")  # noqa: SIM115
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=self._log, text=True,
                                     env=env, cwd=ROOT)
        atexit.register(self._reap)  # a test that fails half-way leaves no server behind
        lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=lambda: [lines.put(line) for line in self.proc.stdout],
                         daemon=True).start()
        line = lines.get(timeout=WAIT)
        assert line.startswith("listening on "), line
        self.port = int(line.rsplit(":", 1)[1])
        self.url = f"ws://127.0.0.1:{self.port}"

    def _reap(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=WAIT)

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=WAIT)
        self._log.close()

    def stop(self) -> int:
        self.proc.send_signal(signal.SIGTERM)
        code = self.proc.wait(timeout=WAIT)
        self._log.close()
        return code

    def log(self) -> str:
        if not self._log.closed:
            self._log.flush()
        return self.log_path.read_text(encoding="utf-8")


class BotClient:
    """One client; the seats in ``plays`` are played by normal bots."""

    def __init__(self, url: str, wake: threading.Event, name: str = "client") -> None:
        self.texts: list[str] = []
        self.conn = Connection(url, name=name, on_text=self.texts.append,
                               on_message=wake.set)
        self.plays: set[tuple[str, int]] = set()
        self.latest: dict[tuple[str, int | None], dict[str, Any]] = {}
        self.messages: list[dict[str, Any]] = []
        self.sent_at: dict[tuple[str, int], int] = {}
        self.refusals: list[dict[str, Any]] = []
        self.paused = False
        self.expect_refusals = False
        self.pause_on: Any = None  # a message that stops the bots (before they answer it)
        self.games: dict[str, tuple[str, int, dict[str, Any]]] = {}
        self._bots: dict[tuple[str, int], Any] = {}

    def send(self, message: dict[str, Any]) -> None:
        self.conn.send(message)

    def step(self) -> list[dict[str, Any]]:
        """Read what arrived; play where a bot seat is to act."""
        new = self.conn.poll()
        for m in new:
            self.messages.append(m)
            if m["type"] == "table":  # sat down again: what was sent may not have arrived
                self.games[m["table"]] = (m["game"], m["players"], m["options"])
                self.sent_at.pop((m["table"], m["seat"]), None)
            if m["type"] in ("table", "update"):
                self.latest[(m["table"], m["seat"])] = m
            elif m["type"] == "refusal":
                self.refusals.append(m)
                assert self.expect_refusals, f"a bot's move was refused: {m}"
                self.sent_at.pop((m["table"], m["seat"]), None)
            if self.pause_on is not None and self.pause_on(m):
                self.paused = True
        if not self.paused:
            for key in list(self.plays):
                self._maybe_play(*key)
        return new

    def _maybe_play(self, table: str, seat: int) -> None:
        m = self.latest.get((table, seat))
        if m is None or m["turn"]["over"] or seat not in m["turn"]["to_act"]:
            return
        if self.sent_at.get((table, seat)) == m["own_moves"]:
            return  # already answered this position
        action = self.choose(m, seat)
        self.sent_at[(table, seat)] = m["own_moves"]
        self.send({"type": "act", "table": table, "seat": seat, "action": action.to_json(),
                   "own_moves": m["own_moves"]})

    def choose(self, m: dict[str, Any], seat: int) -> Action:
        game, players, options = self.games[m["table"]]
        state_class = type(GAMES[game].new(players, 0, **options))
        legal = state_class.state_from_view(m["view"], random.Random(0)).legal_actions(seat)
        key = (m["table"], seat)
        bot = self._bots.get(key)
        if bot is None:
            bot = self._bots[key] = make_bot(game, "normal", 1000 + seat)
        return bot.choose(m["view"], legal)

    def of_type(self, kind: str) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == kind]

    def decoded(self) -> list[dict[str, Any]]:
        return [json.loads(t) for t in self.texts]

    def close(self) -> None:
        self.conn.close()


def step_until(parts, wake: threading.Event, done, what: str, steps: int = 100000) -> None:
    """Step every part (a bot client, a session's bots) until ``done()``; fails when
    ``WAIT`` seconds pass with nothing received, or after ``steps`` rounds."""
    for _ in range(steps):
        for part in parts:
            part.step()
        if done():
            return
        if not wake.wait(WAIT):
            raise AssertionError(f"nothing happened while waiting for {what}")
        wake.clear()
    raise AssertionError(f"{what}: still not done after {steps} rounds")


class Driver:
    """Several clients stepped together until a condition holds."""

    def __init__(self) -> None:
        self.wake = threading.Event()
        self.clients: list[BotClient] = []

    def client(self, url: str, name: str = "client") -> BotClient:
        c = BotClient(url, self.wake, name)
        self.clients.append(c)
        return c

    def until(self, done, what: str, steps: int = 100000) -> None:
        """Step every client until ``done()``; fails when ``WAIT`` seconds pass with
        nothing received, or after ``steps`` rounds."""
        step_until(self.clients, self.wake, done, what, steps)

    def close(self) -> None:
        for c in self.clients:
            c.close()


def seats_of(game_id: str) -> list[dict]:
    """Two hot-seat humans, one remote human, and a server bot when the game takes four."""
    info = GAMES[game_id]
    seats = [{"kind": "host", "name": "Ann"}, {"kind": "host", "name": "Ben"},
             {"kind": "open"}]
    if info.max_players >= 4:
        seats.append({"kind": "bot", "name": "Robo", "level": "normal"})
    return seats[:max(info.min_players, len(seats))]


def play_whole_game(url: str, game_id: str, others_url: str | None = None):
    """Play one table to its end (each client told so, and sent the game's record); the
    clients (host, joiner, spectator) and the code.  The joiner and the spectator connect to
    ``others_url`` if given (another server instance on the same store)."""
    driver = Driver()
    host = driver.client(url, "host")
    joiner, watcher = (driver.client(others_url or url, n) for n in ("joiner", "watcher"))
    seats = seats_of(game_id)
    host.send({"type": "create", "game": game_id, "players": len(seats), "seats": seats,
               "spectators": True})
    driver.until(lambda: host.of_type("created"), "the table")
    code = host.of_type("created")[0]["table"]
    host.plays |= {(code, 0), (code, 1)}
    joiner.send({"type": "join", "table": code, "name": "Cat"})
    watcher.send({"type": "watch", "table": code})
    driver.until(lambda: joiner.of_type("joined"), "the joined seat")
    joiner.plays.add((code, joiner.of_type("joined")[0]["seat"]))
    try:
        driver.until(lambda: all(game_over(c, code) and c.of_type("record")
                                 for c in driver.clients), "the end and its record")
    finally:
        driver.close()
    return host, joiner, watcher, code


def game_over(client: BotClient, table: str) -> bool:
    """Whether each seat the client looks at ``table`` from has been told the game is over."""
    seen = [m for k, m in client.latest.items() if k[0] == table]
    return bool(seen) and all(m["turn"]["over"] for m in seen)


def seats_for(game_id: str) -> int:
    info = GAMES[game_id]
    return min(info.max_players, max(info.min_players, 3))


class InProcessServer:
    """A server in a thread of this process (a test may then patch what it sends)."""

    def __init__(self, data: Path) -> None:
        from game.server.embedded import ServerThread

        self.data = data
        self._thread = ServerThread(data, "127.0.0.1", 0, rate=1000)
        self.server = self._thread.server
        self.port = self._thread.port
        self.url = f"ws://127.0.0.1:{self.port}"

    def stop(self) -> None:
        assert self._thread.stop(WAIT)


def two_player_table(driver: Driver, url: str, guest_url: str | None = None, **settings):
    """A two-seat table of the first game: the host's client in seat 0, a client that
    joined in seat 1 (through ``guest_url``: another server on the same store; by default
    the host's).  ``settings``: more fields of the ``create`` message."""
    host, guest = driver.client(url, "host"), driver.client(guest_url or url, "guest")
    host.send({"type": "create", "game": next(iter(GAMES)), "players": 2,
               "seats": [{"kind": "host", "name": "Ann"}, {"kind": "open"}], **settings})
    driver.until(lambda: host.of_type("created"), "the table")
    code = host.of_type("created")[0]["table"]
    guest.send({"type": "join", "table": code, "name": "Bob"})
    driver.until(lambda: guest.of_type("joined"), "the seat")
    host.plays.add((code, 0))
    guest.plays.add((code, 1))
    return host, guest, code
