"""What the Online screens share: ``OnlineScreen`` (a menu screen that asks a server one
question at a time without waiting, says what it is doing and why it failed) and
``open_table`` (the shared table on an online table, ``game.scenes.online_table``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.engine.messages import N_, Sentence, say
from game.i18n import _
from game.net.ask import Ask, where
from game.net.client import Connection
from game.scenes.menu import MenuScene, shown
from game.ui import theme
from game.ui.widgets import Button

MESSAGE_WIDTH = 1400  # a message wraps at this width, on at most two lines
MESSAGE_Y = 905  # the middle of the message box (above the Back button)


def open_table(services, url: str, table: str, seats: dict[int, str] | None,
               watch: bool = False) -> Any:
    """Open the shared table on ``table`` at ``url``, sitting with ``seats`` (seat ->
    token) or watching; what it returns, when not None, is why it could not open."""
    from game.scenes.online_table import open_online_table  # it opens this menu again

    return open_online_table(services, url, table, seats, watch=watch)


class OnlineScreen(MenuScene):
    """A screen of the Online menu: its title, a Back button, one question to a server at
    a time (``ask``), a line saying what is under way and a box saying what went wrong."""

    heading = ""  # N_()-marked title
    # how a question reaches its server (tests wake on each message: no waiting by the clock)
    connect: Callable[[str], Connection] = Connection

    def __init__(self, services) -> None:
        self.pending: Ask | None = None
        self._then: Callable[[Ask], None] | None = None
        self.status: str | Sentence = ""  # what is under way ("Connecting to ...")
        self.message: str | Sentence = ""  # what went wrong
        super().__init__(services)

    @property
    def keeps_awake(self) -> bool:  # type: ignore[override]
        return self.pending is not None  # an answer may come at any frame

    @property
    def memory(self):
        return self.services.online

    # --- asking ---------------------------------------------------------------------------
    def ask(self, url: str, message: dict[str, Any], answers: tuple[str, ...],
            then: Callable[[Ask], None]) -> None:
        """Send ``message`` to ``url`` on a connection of its own; ``then(asked)`` when the
        answer comes (``asked.answer``, and what came before it in ``asked.received``),
        else the problem is shown."""
        self.cancel()
        self.message = ""
        self.status = say(N_("Connecting to {address}…"), address=where(url))
        self._then = then
        self.pending = Ask(url, message, answers, connect=type(self).connect)

    def cancel(self) -> None:
        if self.pending is not None:
            self.pending.close()
        self.pending, self._then, self.status = None, None, ""

    def fail(self, problem: str | Sentence) -> None:
        self.cancel()
        self.message = problem
        self.services.audio.play("error")

    def update(self, dt: float) -> None:
        super().update(dt)
        pending = self.pending
        if pending is None:
            return
        pending.poll()
        if pending.problem is not None:
            self.fail(pending.problem)
        elif pending.answer is not None:
            then = self._then
            self.pending, self._then, self.status = None, None, ""
            if then is not None:
                then(pending)

    def open(self, url: str, table: str, seats: dict[int, str] | None,
             watch: bool = False) -> None:
        """Leave the Online screens for the table (or say why it did not open)."""
        problem = open_table(self.services, url, table, seats, watch)
        if problem:
            self.fail(problem)

    # --- leaving --------------------------------------------------------------------------
    def back(self) -> None:
        """Back stops a question under way; else it leaves the screen."""
        if self.pending is not None:
            self.cancel()
            self.services.audio.play("back")
            return
        super().back()

    def on_exit(self) -> None:
        self.cancel()

    # --- drawing --------------------------------------------------------------------------
    def add_back(self) -> None:
        back = pygame.Rect(80, 1040 - theme.BUTTON_HEIGHT, 260, theme.BUTTON_HEIGHT)
        self.group.add(Button(back, _("Back"), self.back, key="back", sound=None))

    def title(self) -> pygame.Surface:
        return theme.shadowed_text(_(self.heading), theme.H1_SIZE)

    @property
    def content_top(self) -> int:
        """Where what is under the title may start, at this text size."""
        return 40 + self.title().get_bounding_rect(min_alpha=100).bottom + 24

    def draw_static(self, surface: pygame.Surface) -> None:
        surface.blit(theme.table_background(), (0, 0))
        title = self.title()
        surface.blit(title, title.get_rect(midtop=(960, 40)))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.message:
            self.draw_message(surface, shown(self.message), theme.ERROR)
        elif self.status:
            self.draw_message(surface, shown(self.status), theme.INK)

    @staticmethod
    def draw_message(surface: pygame.Surface, text: str, ink, y: int = MESSAGE_Y) -> None:
        px, lines, step = theme.fit_wrap(text, theme.BODY_SIZE, MESSAGE_WIDTH,
                                         2 * theme.line_height(theme.BODY_SIZE, True), True,
                                         max_lines=2)
        faces = [theme.text(line, px, ink, bold=True, fixed=True) for line in lines]
        width = max(f.get_width() for f in faces)
        box = pygame.Rect(0, 0, width + 56, step * len(faces) + 28)
        box.center = (960, y)
        surface.blit(theme.panel(box.size, theme.CREAM, 14, ink), box)
        for i, face in enumerate(faces):
            surface.blit(face, face.get_rect(midtop=(960, box.y + 14 + i * step)))
