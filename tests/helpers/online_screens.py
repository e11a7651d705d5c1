"""Driving the Online screens through the real app loop: ``Screens`` (the app from its title,
keyboard helpers, and ``answered()``, which lets frames go by until a screen's question to
its server is answered, each wait woken by the answer's messages) and ``create_table`` (a
table made by another client)."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pygame

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scenes"))

from net_tables import WAIT  # noqa: E402
from table_driver import AppDriver  # noqa: E402
from test_couch_screens import menu_path  # noqa: E402

from game.app import App  # noqa: E402
from game.config import Config  # noqa: E402
from game.net.client import Connection  # noqa: E402


class Screens(AppDriver):
    via = "keyboard"

    def __init__(self, wake: threading.Event) -> None:
        self.app = App(Config(mute=True))
        self.wake = wake
        pygame.event.clear()
        self.step(3)

    def type(self, text: str) -> None:
        for ch in text:
            code = pygame.K_SPACE if ch == " " else pygame.K_a
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=ch,
                                                 scancode=0))
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode=ch,
                                                 scancode=0))
            self.step()

    def key(self, key: int, mod: int = 0, frames: int = 2) -> None:
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=key, mod=mod, unicode="",
                                                 scancode=0))
        self.step(frames)

    def focused(self) -> str | None:
        f = self.top.group.focused
        return f.key if f is not None else None

    def tab_to(self, key: str) -> None:
        for _ in range(40):
            if self.focused() == key:
                return
            self.key(pygame.K_TAB, frames=1)
        raise AssertionError(f"Tab never reached {key!r}")

    def fill(self, key: str, text: str) -> None:
        """Clear the field ``key`` and type ``text`` into it."""
        self.tab_to(key)
        self.key(pygame.K_DELETE, frames=1)
        self.type(text)

    def press(self, key: str, frames: int = 3) -> None:
        """Tab to the button ``key`` and press Enter."""
        self.tab_to(key)
        for _ in range(60):  # a button that just appeared takes no key for a moment
            if self.top.group.armed(self.top.group.focused, by_pointer=False):
                break
            self.step()
        self.key(pygame.K_RETURN, frames=frames)

    def answered(self, limit: int = 200) -> None:
        """Frames go by until the screen's question to its server is answered (each wait
        ends when a message or a change of connection arrives)."""
        for _ in range(limit):
            scene = self.top
            if getattr(scene, "pending", None) is None and not getattr(scene, "busy", False):
                self.step(2)
                return
            self.wake.wait(WAIT)
            self.wake.clear()
            self.step()
        raise AssertionError("no answer came")


def create_table(url: str, seats: list[dict], spectators: bool = True,
                 game: str = "oregon") -> tuple[str, dict[int, str]]:
    """A table made by another client: its code and the tokens of its host seats."""
    event = threading.Event()
    conn = Connection(url, on_message=event.set)
    conn.send({"type": "create", "game": game, "players": len(seats), "seats": seats,
               "spectators": spectators})
    try:
        for _ in range(50):
            for m in conn.poll():
                if m["type"] == "created":
                    return m["table"], {s["seat"]: s["token"] for s in m["seats"]}
            event.wait(WAIT)
            event.clear()
        raise AssertionError("the table was not created")
    finally:
        conn.close()


def pad_to(s, key: str) -> None:
    """Walk the focus of the screen on top onto ``key`` with the d-pad."""
    for _ in range(40):
        if s.focused() == key:
            return
        s.direction(*menu_path(s.top.group, key)[0])
    raise AssertionError(f"the d-pad never reached {key!r}")


def join_table(url: str, code: str, name: str) -> tuple[int, str]:
    """Another client's ``join``: the seat taken and its token."""
    event = threading.Event()
    conn = Connection(url, on_message=event.set)
    conn.send({"type": "join", "table": code, "name": name})
    try:
        for _ in range(50):
            for m in conn.poll():
                if m["type"] == "joined":
                    return m["seat"], m["token"]
                assert m["type"] != "error", m
            event.wait(WAIT)
            event.clear()
        raise AssertionError("no seat was given")
    finally:
        conn.close()
