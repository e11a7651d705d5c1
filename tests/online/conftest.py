"""Fixtures of the Online screens' tests: ``server`` (a ``landgrab-server`` process on
loopback), ``screens`` (apps from their title, see ``online_screens.Screens``), ``wake``
(every question the screens ask wakes it) and ``opened`` (the tables the screens opened)."""

from __future__ import annotations

import threading

import pygame
import pytest
from net_tables import ServerProcess
from online_screens import Screens

from game import hosting
from game.net.client import Connection
from game.scenes.online import common
from game.scenes.online.common import OnlineScreen


@pytest.fixture(autouse=True)
def loopback_only(monkeypatch):
    """This computer's server (hosting from the client) listens on loopback alone."""
    monkeypatch.setattr(hosting.LocalServer, "INTERFACE", "127.0.0.1")


@pytest.fixture
def wake(monkeypatch):
    """Every question the screens ask wakes this event as its messages come."""
    event = threading.Event()
    monkeypatch.setattr(OnlineScreen, "connect",
                        staticmethod(lambda url: Connection(url, on_message=event.set)))
    return event


@pytest.fixture
def server(tmp_path):
    process = ServerProcess(tmp_path / "server-data")
    yield process
    process.stop()


@pytest.fixture
def opened(monkeypatch):
    """The tables the screens open: (url, table, seats, watch)."""
    calls: list[tuple] = []

    def record(services, url, table, seats, watch=False):
        calls.append((url, table, seats, watch))

    monkeypatch.setattr(common, "open_table", record)
    return calls



@pytest.fixture
def screens(wake, no_flip):
    made = []

    def make() -> Screens:
        s = Screens(wake)
        made.append(s)
        return s

    yield make
    for s in made:
        s.close()


@pytest.fixture
def no_flip(monkeypatch):
    monkeypatch.setattr(pygame.display, "flip", lambda: None)
