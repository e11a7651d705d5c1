"""Widgets for menus and overlays, all usable by mouse, keyboard and controller.

Every widget has a ``rect`` on the canvas, ``handle(intent) -> bool`` (True = used),
``update(dt)`` and ``draw(surface)``.  A ``FocusGroup`` owns the widgets of one screen: it
moves focus (Tab order, spatial arrows / d-pad, focus follows the mouse), routes intents to
the focused widget and draws the focus outline.

Faces are rendered once and cached; hover fades between two cached faces, so a screen full
of widgets costs a few small blits a frame.  Text follows the UI scale (``theme.scaled``):
row labels get a wider column, and labels shrink back towards 100 % only when their box is full.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

import pygame

from game.i18n import _
from game.ui import intents as I
from game.ui import theme
from game.ui.arming import Arming
from game.ui.focus import draw_focus_ring
from game.ui.tween import Smoothed, lerp_colour

Colour = tuple[int, int, int]


def _quiet(_name: str) -> None:
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
        self.play: Callable[[str], None] = _quiet  # sound effects, set by the FocusGroup

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
        size = self.rect.size
        if not self.enabled:
            face = _button_face(
                size, self.label, theme.DISABLED, theme.DISABLED_INK, self.text_size, None
            )
            return face, face
        if self.primary:
            return (
                _button_face(
                    size, self.label, theme.ACCENT, theme.ACCENT_INK, self.text_size, None
                ),
                _button_face(
                    size, self.label, theme.ACCENT_HOT, theme.ACCENT_INK, self.text_size, None
                ),
            )
        return (
            _button_face(
                size, self.label, theme.CREAM, theme.INK, self.text_size, theme.CREAM_LINE
            ),
            _button_face(
                size, self.label, (255, 250, 238), theme.INK, self.text_size, theme.ACCENT
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


LABEL_PADDING = 60  # a row's label column: 24 px before the label, 36 after it


class _Row(Widget):
    """A labelled row: the label on the left, the control on the right; glows when focused."""

    LABEL_WIDTH = 330

    def __init__(self, rect, label: str, *, key: str | None = None, enabled: bool = True,
                 label_column: int | None = None):
        super().__init__(rect, key=key or label, enabled=enabled)
        self.label = label
        self.label_column = label_column  # set by a screen whose rows share one label column

    @classmethod
    def label_need(cls, label: str) -> int:
        """The label column ``label`` asks for: ``LABEL_WIDTH``, or what the label measures at
        the current text size (a language's longer words widen the column, never shrink the
        label)."""
        if not label:
            return 0
        need = theme.font(theme.BODY_SIZE, bold=True).size(label)[0] + LABEL_PADDING
        return max(cls.LABEL_WIDTH, need)

    @property
    def label_width(self) -> int:
        if self.label_column is not None and self.label:
            return self.label_column
        return self.label_need(self.label)

    @property
    def control_rect(self) -> pygame.Rect:
        r = self.rect.copy()
        r.width -= self.label_width
        r.right = self.rect.right
        return r

    def draw_row(self, surface: pygame.Surface) -> None:
        if self.hot.value > 0.01:
            well = theme.panel(self.rect.size, theme.CREAM_DEEP, theme.RADIUS, None)
            well.set_alpha(round(255 * self.hot.value))
            surface.blit(well, self.rect)
            well.set_alpha(255)
        if self.label:
            ink = theme.INK if self.enabled else theme.DISABLED_INK
            t = theme.fit_text(self.label, theme.BODY_SIZE, self.label_width - LABEL_PADDING, ink,
                               bold=True)
            surface.blit(t, t.get_rect(midleft=(self.rect.x + 24, self.rect.centery)))


def align_rows(widgets: Sequence[Widget]) -> None:
    """Give the labelled rows among ``widgets`` one label column (the widest any of their
    labels asks for), so their controls start on one line at every text size."""
    rows = [w for w in widgets if isinstance(w, _Row) and w.label]
    column = max((w.label_need(w.label) for w in rows), default=0)
    for w in rows:
        w.label_column = column


class Toggle(_Row):
    def __init__(
        self, rect, label: str, value: bool, on_change: Callable[[bool], Any] | None = None, **kw
    ):
        super().__init__(rect, label, **kw)
        self.value = value
        self.on_change = on_change
        self.knob = Smoothed(1.0 if value else 0.0, 0.16)

    def set(self, value: bool) -> None:
        if value != self.value:
            self.value = value
            self.knob.target = 1.0 if value else 0.0
            self.play("click")
            if self.on_change is not None:
                self.on_change(value)

    def handle(self, intent: I.Intent) -> bool:
        if intent.kind == I.CONFIRM or self._clicked(intent, self.rect):
            self.bump()
            self.set(not self.value)
            return True
        if intent.kind == I.MOVE and intent.dx:
            self.set(intent.dx > 0)
            return True
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        self.knob.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_row(surface)
        pill = pygame.Rect(0, 0, 120, 60)
        pill.midright = (self.rect.right - 24, self.rect.centery)
        k = self.knob.value
        fill = lerp_colour(theme.CREAM_LINE, theme.ACCENT, k)
        pygame.draw.rect(surface, fill, pill, border_radius=30)
        pygame.draw.rect(surface, theme.INK_SOFT, pill, 2, border_radius=30)
        cx = pill.x + 30 + round(60 * k)
        pygame.draw.circle(surface, theme.SHADOW, (cx, pill.centery + 3), 24)
        pygame.draw.circle(surface, (255, 252, 244), (cx, pill.centery), 24)
        # Translators: the word beside a switch (a setting turned on / off)
        word = theme.text(
            _("On") if self.value else _("Off"), theme.SMALL_SIZE, theme.INK_SOFT, bold=True
        )
        surface.blit(word, word.get_rect(midright=(pill.left - 18, pill.centery)))


class Slider(_Row):
    """A value between ``lo`` and ``hi`` in steps; arrows/d-pad, wheel, click and drag."""

    VALUE_WIDTH = 130

    def __init__(
        self,
        rect,
        label: str,
        value: float,
        lo: float = 0.0,
        hi: float = 1.0,
        step: float = 0.05,
        on_change: Callable[[float], Any] | None = None,
        fmt: Callable[[float], str] = lambda v: _("{n}%").format(n=round(v * 100)),
        **kw,
    ):
        super().__init__(rect, label, **kw)
        self.lo, self.hi, self.step = lo, hi, step
        self.value = self._snap(value)
        self.on_change = on_change
        self.fmt = fmt
        self.dragging = False
        self.shown = Smoothed((self.value - lo) / (hi - lo), 0.1)

    @property
    def track(self) -> pygame.Rect:
        c = self.control_rect
        value_w = theme.scaled(self.VALUE_WIDTH)
        return pygame.Rect(c.x + 24, c.centery - 6, c.width - value_w - 48, 12)

    def _snap(self, v: float) -> float:
        v = min(self.hi, max(self.lo, v))
        steps = round((v - self.lo) / self.step)
        return round(min(self.hi, self.lo + steps * self.step), 6)

    def set(self, value: float) -> None:
        value = self._snap(value)
        if value != self.value:
            self.value = value
            self.shown.target = (value - self.lo) / (self.hi - self.lo)
            self.play("tick")
            if self.on_change is not None:
                self.on_change(value)

    def _from_x(self, x: int) -> None:
        t = self.track
        self.set(self.lo + (self.hi - self.lo) * (x - t.x) / max(1, t.width))

    def handle(self, intent: I.Intent) -> bool:
        k = intent.kind
        if k == I.MOVE and intent.dx:
            self.set(self.value + intent.dx * self.step)
            return True
        if k == I.WHEEL:
            self.set(self.value + intent.amount * self.step)
            return True
        if k == I.CLICK and intent.button == 1 and self.rect.collidepoint(intent.xy):
            if self.track.inflate(40, 60).collidepoint(intent.xy):
                self.dragging = True
                self._from_x(intent.xy[0])
            return True
        if k == I.POINT and self.dragging:
            if intent.held:
                self._from_x(intent.xy[0])
            else:
                self.dragging = False
            return True
        if k == I.RELEASE and self.dragging:
            self.dragging = False
            return True
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        self.shown.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_row(surface)
        t = self.track
        pygame.draw.rect(surface, theme.CREAM_LINE, t, border_radius=6)
        filled = t.copy()
        filled.width = round(t.width * self.shown.value)
        if filled.width:
            pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=6)
        cx = t.x + filled.width
        r = 22 + round(3 * self.hot.value)
        pygame.draw.circle(surface, theme.SHADOW, (cx, t.centery + 3), r)
        pygame.draw.circle(surface, (255, 252, 244), (cx, t.centery), r)
        pygame.draw.circle(surface, theme.ACCENT, (cx, t.centery), r, 4)
        v = theme.fit_text(
            self.fmt(self.value), theme.BODY_SIZE, theme.scaled(self.VALUE_WIDTH) - 8, theme.INK,
            bold=True,
        )
        surface.blit(v, v.get_rect(midright=(self.rect.right - 24, self.rect.centery)))


class Choice(_Row):
    """Cycle through options with left/right (or clicking the arrows); confirm steps forward."""

    def __init__(
        self,
        rect,
        label: str,
        options: Sequence[tuple[Any, str]],
        value: Any,
        on_change: Callable[[Any], Any] | None = None,
        *,
        wrap: bool = True,
        **kw,
    ):
        super().__init__(rect, label, **kw)
        self.options = list(options)
        self.index = next((i for i, (v, _) in enumerate(self.options) if v == value), 0)
        self.on_change = on_change
        self.wrap = wrap

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    def step(self, d: int) -> None:
        n = len(self.options)
        i = (self.index + d) % n if self.wrap else min(n - 1, max(0, self.index + d))
        if i != self.index:
            self.index = i
            self.bump()
            self.play("tick")
            if self.on_change is not None:
                self.on_change(self.value)

    def handle(self, intent: I.Intent) -> bool:
        if intent.kind == I.MOVE and intent.dx:
            self.step(intent.dx)
            return True
        if intent.kind == I.CONFIRM:
            self.step(1)
            return True
        if self._clicked(intent, self.rect):
            self.step(-1 if intent.xy[0] < self.control_rect.centerx else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_row(surface)
        box = self.control_rect.inflate(-16, -16)
        surface.blit(theme.panel(box.size, (255, 250, 238), 14, theme.CREAM_LINE), box)
        ink = theme.INK if self.enabled else theme.DISABLED_INK
        t = theme.fit_text(
            self.options[self.index][1], theme.BODY_SIZE, box.width - 100, ink, bold=True,
            max_height=box.height,
        )
        nudge = round(3 * math.sin(self.press.value * math.pi))
        surface.blit(t, t.get_rect(center=(box.centerx, box.centery + nudge)))
        arrow = theme.ACCENT if self.enabled else theme.DISABLED_INK
        cy, s = box.centery, 13
        lx, rx = box.x + 30, box.right - 30
        pygame.draw.polygon(
            surface, arrow, [(lx - s, cy), (lx + s * 0.7, cy - s), (lx + s * 0.7, cy + s)]
        )
        pygame.draw.polygon(
            surface, arrow, [(rx + s, cy), (rx - s * 0.7, cy - s), (rx - s * 0.7, cy + s)]
        )


class TextField(_Row):
    """A short field of digits (seeds, counts): type, Backspace deletes, Delete clears."""

    def __init__(
        self,
        rect,
        label: str,
        text: str = "",
        *,
        max_len: int = 10,
        digits_only: bool = True,
        placeholder: str = "",
        on_change: Callable[[str], Any] | None = None,
        **kw,
    ):
        super().__init__(rect, label, **kw)
        self.text = text
        self.max_len = max_len
        self.digits_only = digits_only
        self.placeholder = placeholder
        self.on_change = on_change
        self._t = 0.0

    def set_text(self, text: str) -> None:
        if text != self.text:
            self.text = text
            if self.on_change is not None:
                self.on_change(text)

    def handle(self, intent: I.Intent) -> bool:
        k = intent.kind
        if k == I.TEXT:
            ch = intent.char
            if (ch.isdigit() or not self.digits_only) and len(self.text) < self.max_len:
                self.play("tick")
                self.set_text(self.text + ch)
            return True
        if k == I.KEY and intent.key == pygame.K_BACKSPACE:
            self.set_text(self.text[:-1])
            return True
        if k == I.KEY and intent.key == pygame.K_DELETE:
            self.set_text("")
            return True
        return self._clicked(intent, self.rect)  # a click only focuses it

    def update(self, dt: float) -> None:
        super().update(dt)
        self._t += dt

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_row(surface)
        box = self.control_rect.inflate(-16, -16)
        edge = theme.ACCENT if self.focused else theme.CREAM_LINE
        surface.blit(theme.panel(box.size, (255, 252, 244), 14, edge), box)
        if self.text:
            t = theme.fit_text(self.text, theme.BODY_SIZE, box.width - 40, theme.INK, bold=True)
        else:
            t = theme.fit_text(
                self.placeholder or " ", theme.BODY_SIZE, box.width - 40, theme.DISABLED_INK
            )
        r = t.get_rect(midleft=(box.x + 20, box.centery))
        surface.blit(t, r)
        if self.focused and (self._t % 1.0) < 0.6:
            x = r.right + 3 if self.text else box.x + 20
            pygame.draw.line(surface, theme.INK, (x, box.centery - 20), (x, box.centery + 20), 3)


# --- focus -----------------------------------------------------------------------------------
class FocusGroup:
    """The widgets of one screen and which one has focus."""

    def __init__(self, widgets: Sequence[Widget] = (), play: Callable[[str], None] = _quiet):
        self.widgets: list[Widget] = []
        self.play = play
        self._focus: Widget | None = None
        self._t = 0.0
        self.active = True  # False while the screen is covered: nothing shows as focused
        self.pointer: tuple[int, int] | None = None  # where the mouse was last seen
        # a widget that appears (or changes) under the pointer or the focus waits a moment
        self.arming = Arming()
        self.shown = False  # whether a frame of the screen was drawn (updated) yet
        for w in widgets:
            self.add(w)

    def add(self, widget: Widget) -> Widget:
        widget.play = self.play
        self.widgets.append(widget)
        if self._focus is None and widget.can_focus:
            self.focus(widget)
        return widget

    @property
    def focused(self) -> Widget | None:
        return self._focus

    def focus(self, widget: Widget | None) -> None:
        if widget is self._focus:
            return
        if self._focus is not None:
            self._focus.focused = False
        self._focus = widget
        if widget is not None:
            widget.focused = self.active

    def set_active(self, active: bool) -> None:
        """Show (True) or hide (False) the focus, e.g. while an overlay covers the screen."""
        self.active = active
        if self._focus is not None:
            self._focus.focused = active
            if not active:  # a covered screen is not updated: drop the glow at once
                self._focus.hot.snap(0.0)

    def focus_key(self, key: str | None) -> bool:
        for w in self.widgets:
            if w.key == key and w.can_focus:
                self.focus(w)
                return True
        return False

    def _focusables(self) -> list[Widget]:
        return [w for w in self.widgets if w.can_focus]

    def widget_at(self, pos) -> Widget | None:
        for w in reversed(self.widgets):
            if w.can_focus and w.contains(pos):
                return w
        return None

    def _ensure_focus(self) -> None:
        if self._focus is None or not self._focus.can_focus:
            items = self._focusables()
            self.focus(items[0] if items else None)

    def cycle(self, d: int) -> None:
        items = self._focusables()
        if not items:
            return
        i = items.index(self._focus) if self._focus in items else -d
        self.focus(items[(i + d) % len(items)])
        self.play("tick")

    def move(self, dx: int, dy: int) -> bool:
        """Spatial navigation: the nearest focusable widget in that direction."""
        cur = self._focus
        if cur is None:
            self._ensure_focus()
            return self._focus is not None
        c = cur.rect
        best, best_score = None, math.inf
        for w in self._focusables():
            if w is cur:
                continue
            r = w.rect
            if dx:
                ahead = (r.centerx - c.centerx) * dx
                gap = (r.left - c.right) if dx > 0 else (c.left - r.right)
                side = max(0, r.top - c.bottom, c.top - r.bottom)
                off = abs(r.centery - c.centery)
            else:
                ahead = (r.centery - c.centery) * dy
                gap = (r.top - c.bottom) if dy > 0 else (c.top - r.bottom)
                side = max(0, r.left - c.right, c.left - r.right)
                off = abs(r.centerx - c.centerx)
            if ahead <= 0:
                continue
            score = max(0, gap) + 3 * side + 0.25 * off
            if score < best_score:
                best, best_score = w, score
        if best is None:
            return False
        self.focus(best)
        self.play("tick")
        return True

    def handle(self, intent: I.Intent) -> bool:
        """Route one intent; returns True when a widget or the focus used it."""
        self._ensure_focus()
        k = intent.kind
        cur = self._focus
        if k in (I.POINT, I.CLICK):
            self.pointer = intent.pos
        if k == I.POINT:
            if cur is not None and cur.handle(intent):  # e.g. a slider being dragged
                return True
            w = self.widget_at(intent.pos)
            if w is not None:
                self.focus(w)
                return True
            return False
        if k == I.CLICK:
            w = self.widget_at(intent.pos)
            if w is None:
                return False
            self.focus(w)
            return w.handle(intent) if self.armed(w, by_pointer=True) else True
        if k == I.NEXT or k == I.PREV:
            self.cycle(1 if k == I.NEXT else -1)
            return True
        if k == I.CONFIRM and cur is not None and not self.armed(cur, by_pointer=False):
            return True  # it just appeared under the focus: not this key
        if cur is not None and cur.handle(intent):
            return True
        if k == I.MOVE:
            return self.move(intent.dx, intent.dy)
        return False

    def update(self, dt: float) -> None:
        self._t += dt
        for w in self.widgets:
            w.update(dt)
        self.arming.tick(dt)
        focus = self._focus
        opening = not self.shown
        self.shown = True
        # As the screen opens, its default focus is no control that appeared under a focus
        # in use, and a pointer not seen yet is on no widget; later, a new or changed widget
        # under the focus or the pointer waits its moment.
        self.arming.show([(_slot(w), _meaning(w), w.rect) for w in self._focusables()],
                         self.pointer if self.pointer is not None or not opening else OFF,
                         None if opening or focus is None else _slot(focus))

    def armed(self, widget: Widget, by_pointer: bool) -> bool:
        """Whether a click (``by_pointer``) or a confirming key may use ``widget`` now
        (anything, before the screen's first frame: a screen driven without frames)."""
        return not self.shown or self.arming.armed(_slot(widget), _meaning(widget), by_pointer)

    def draw(self, surface: pygame.Surface, *, ring: bool = True) -> None:
        for w in self.widgets:
            w.draw(surface)
        if ring and self.active and self._focus is not None and self._focus.visible:
            rect = getattr(self._focus, "focus_rect", self._focus.rect)
            draw_focus_ring(surface, rect, self._t)


OFF = (-1, -1)  # a pointer that is over no widget


def _slot(widget: Widget) -> object:
    """Where a widget stands for ``Arming``: its key (kept when a screen is rebuilt)."""
    return widget.key if widget.key is not None else id(widget)


def _meaning(widget: Widget) -> tuple:
    """What using a widget would do, as its player sees it: its kind and label."""
    return type(widget).__name__, getattr(widget, "label", None)
