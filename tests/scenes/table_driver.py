"""A table scene driven through the real app loop by posted pygame events.

Each game's test file subclasses ``TableDriver`` with its ``game`` and ``scene_class`` and
adds its own click planning (how an engine action becomes clicks on that table).
"""

import pygame

from game.app import App
from game.config import Config
from game.engine import GAMES
from game.scenes.seats import parse_players

DT = 1 / 60


class TableDriver:
    """The real app loop with one game's table, driven by posted pygame events."""

    game: str
    scene_class: type

    def __init__(self, spec: str, seed: int, speed: float = 60.0):
        config = Config(mute=True, game=self.game, seats=parse_players(spec, GAMES[self.game]),
                        seed=seed)
        self.app = App(config)
        self.app.settings.animation_speed = speed  # beyond the menu's range: tests only
        pygame.event.clear()
        self.scene = self.app.stack.top
        assert isinstance(self.scene, self.scene_class)

    def step(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.step(DT)

    @property
    def top(self):
        return self.app.stack.top

    def move(self, pos) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        self.step()

    def click(self, pos, button: int = 1, frames: int = 1) -> None:
        pos = tuple(int(v) for v in pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.step(frames)

    def key(self, key, frames: int = 2) -> None:
        for t in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(t, key=key, mod=0, unicode="", scancode=0))
        self.step(frames)

    def until(self, cond, limit: int = 20000) -> None:
        for _ in range(limit):
            if cond():
                return
            self.step()
        raise AssertionError("the table never got there")

    def until_human(self, limit: int = 20000) -> None:
        self.until(lambda: self.scene.human_can_act or self.scene.state.is_over(), limit)

    def close(self) -> None:
        self.app.close()


def made_tables(driver: type):
    """Body of a ``tables`` fixture: a factory of ``driver`` tables, all closed afterwards."""
    made = []

    def make(*args, **kw):
        t = driver(*args, **kw)
        made.append(t)
        return t

    yield make
    for t in made:
        t.close()
