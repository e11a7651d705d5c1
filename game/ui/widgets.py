"""Widgets for menus and overlays, all usable by mouse, keyboard and controller: the
``Widget`` base, buttons (and their faces), labels and panels.  The labelled rows of a
settings screen (toggle, slider, choice, text field) are in ``game.ui.rows``.

Every widget has a ``rect`` on the canvas, ``handle(intent) -> bool`` (True = used),
``update(dt)`` and ``draw(surface)``.  A ``FocusGroup`` (``game.ui.focus``) owns the widgets
of one screen: it moves focus (Tab order, spatial arrows / d-pad, focus follows the mouse),
routes intents to the focused widget and draws the focus outline.

Faces are rendered once and cached; hover fades between two cached faces, so a screen full
of widgets costs a few small blits a frame.  Text follows the UI scale (``theme.scaled``):
row labels get a wider column, and labels shrink back towards 100 % only when their box is full.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import pygame

from game.ui import intents as I
from game.ui import theme
from game.ui.tween import Smoothed

Colour = tuple[int, int, int]


def quiet(_name: str) -> None:
    """Plays no sound (a widget's until its ``FocusGroup`` gives it the screen's)."""
    pass


class Widget:
    focusable = True

    def __init__(self, rect, *, key: str | None = None, enabled: bool = True):
        self.rect = pygame.Rect(rect)
        self.key = key  # a stable name, to keep focus on "the same" widget after a rebuild
        self.enabled = enabled
        self.visible = True
        self.focused = False
        self.hot = Smoothed(0.0, 0.14)  # 0..1: focus/hover glow
        self.press = Smoothed(0.0, 0.18)  # 1 right after activation, easing back to 0
        self.play: Callable[[str], None] = quiet  # sound effects, set by the FocusGroup

    @property
    def can_focus(self) -> bool:
        return self.focusable and self.enabled and self.visible

    def contains(self, pos) -> bool:
        return self.visible and self.rect.collidepoint(pos)

    def handle(self, intent: I.Intent) -> bool:
        return False

    def update(self, dt: float) -> None:
        self.hot.target = 1.0 if self.focused and self.enabled else 0.0
        self.hot.update(dt)
        self.press.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def bump(self) -> None:
        """The little press-in animation."""
        self.press.snap(1.0)
        self.press.target = 0.0

    @staticmethod
    def _clicked(intent: I.Intent, rect: pygame.Rect) -> bool:
        return intent.kind == I.CLICK and intent.button == 1 and rect.collidepoint(intent.xy)


# --- faces ---------------------------------------------------------------------------------
def button_width(label: str, least: int, text_size: int = theme.BUTTON_SIZE) -> int:
    """A button's width: ``least``, or what ``label`` needs to be drawn at its full size at
    the current text size (so buttons side by side keep one text size)."""
    return max(least, theme.font(text_size, bold=True).size(label)[0] + 2 * LABEL_MARGIN)


LABEL_MARGIN = 24  # between a button's edge and its label, at the least


def button_label(label: str, size: tuple[int, int], text_size: int, ink) -> pygame.Surface:
    """A button's label, fitted inside the button (the face draws it centred)."""
    return theme.fit_text(label, text_size, size[0] - 24, ink, bold=True, max_height=size[1] - 6)


@theme.rescaled
@cache
def _button_face(size, label, fill, ink, text_size, border) -> pygame.Surface:
    face = theme.panel(size, fill, theme.RADIUS, border).copy()
    t = button_label(label, size, text_size, ink)
    face.blit(t, t.get_rect(center=(size[0] // 2, size[1] // 2 + 1)))
    return face


class Button(Widget):
    def __init__(
        self,
        rect,
        label: str,
        on_click: Callable[[], Any] | None = None,
        *,
        primary: bool = False,
        key: str | None = None,
        enabled: bool = True,
        text_size: int = theme.BUTTON_SIZE,
        sound: str | None = "click",
    ):
        super().__init__(rect, key=key or label, enabled=enabled)
        self.label = label
        self.on_click = on_click
        self.primary = primary
        self.text_size = text_size
        self.sound = sound

    @property
    def face_label(self) -> str:
        """What the button's face reads (its ``label``, which also names what it does)."""
        return self.label

    def activate(self) -> None:
        if not self.enabled:
            return
        self.bump()
        if self.sound:
            self.play(self.sound)
        if self.on_click is not None:
            self.on_click()

    def handle(self, intent: I.Intent) -> bool:
        if intent.kind == I.CONFIRM or self._clicked(intent, self.rect):
            self.activate()
            return True
        return False

    def _faces(self) -> tuple[pygame.Surface, pygame.Surface]:
        size, label = self.rect.size, self.face_label
        if not self.enabled:
            face = _button_face(
                size, label, theme.DISABLED, theme.DISABLED_INK, self.text_size, None
            )
            return face, face
        if self.primary:
            return (
                _button_face(
                    size, label, theme.ACCENT, theme.ACCENT_INK, self.text_size, None
                ),
                _button_face(
                    size, label, theme.ACCENT_HOT, theme.ACCENT_INK, self.text_size, None
                ),
            )
        return (
            _button_face(
                size, label, theme.CREAM, theme.INK, self.text_size, theme.CREAM_LINE
            ),
            _button_face(
                size, label, (255, 250, 238), theme.INK, self.text_size, theme.ACCENT
            ),
        )

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        hot, press = self.hot.value, self.press.value
        lift = round(4 * hot - 4 * press)
        rect = self.rect.move(0, -lift)
        if self.enabled:
            theme.draw_shadow(surface, self.rect, spread=12, lift=4 + lift, alpha=90)
        normal, glow = self._faces()
        surface.blit(normal, rect)
        if hot > 0.01 and glow is not normal:
            glow.set_alpha(round(255 * hot))
            surface.blit(glow, rect)
            glow.set_alpha(255)

    @property
    def focus_rect(self) -> pygame.Rect:
        return self.rect.move(0, -round(4 * self.hot.value))


class Label(Widget):
    focusable = False

    def __init__(
        self,
        rect,
        text: str,
        *,
        size: int = theme.BODY_SIZE,
        colour: Colour = theme.INK,
        bold: bool = False,
        display: bool = False,
        align: str = "left",
        wrap: bool = False,
    ):
        super().__init__(rect)
        self.size, self.colour, self.bold, self.display = size, colour, bold, display
        self.align, self.wrap = align, wrap
        self.set_text(text)

    def set_text(self, text: str, colour: Colour | None = None) -> None:
        self.text = text
        if colour is not None:
            self.colour = colour
        lines = theme.wrap(text, self.size, self.rect.width, self.bold) if self.wrap else [text]
        self._lines = [
            theme.text(line, self.size, self.colour, self.bold, self.display)
            for line in lines
            if line
        ]

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        y = self.rect.y
        for line in self._lines:
            r = line.get_rect(top=y)
            if self.align == "center":
                r.centerx = self.rect.centerx
            elif self.align == "right":
                r.right = self.rect.right
            else:
                r.left = self.rect.left
            if not self.wrap and len(self._lines) == 1:
                r.centery = self.rect.centery
            surface.blit(line, r)
            y += round(line.get_height() * 1.08)


class Panel(Widget):
    """A cream card with a soft shadow; decoration only."""

    focusable = False

    def __init__(self, rect, colour: Colour = theme.CREAM, shadowed: bool = True):
        super().__init__(rect)
        self.colour, self.shadowed = colour, shadowed

    def draw(self, surface: pygame.Surface) -> None:
        if self.visible:
            theme.draw_panel(surface, self.rect, self.colour, shadowed=self.shadowed)
