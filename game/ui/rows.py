"""The labelled rows of settings screens: the label on the left, the control on the right
(``Toggle``, ``Slider``, ``Choice``, ``TextField``); ``align_rows`` gives a screen's rows one
label column.  Used by mouse, keyboard and controller like every widget (``game.ui.widgets``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.i18n import _
from game.ui import intents as I
from game.ui import theme
from game.ui.tween import Smoothed, lerp_colour
from game.ui.widgets import Widget

LABEL_PADDING = 60  # a row's label column: 24 px before the label, 36 after it


class Row(Widget):
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
    rows = [w for w in widgets if isinstance(w, Row) and w.label]
    column = max((w.label_need(w.label) for w in rows), default=0)
    for w in rows:
        w.label_column = column


class Toggle(Row):
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


class Slider(Row):
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


class Choice(Row):
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


class TextField(Row):
    """A short field of text: type, paste (Ctrl+V), Backspace deletes, Delete clears.

    ``digits_only`` (seeds, counts) or ``allowed`` (a test of each character) limit what
    goes in; ``on_submit`` is what Enter in the field does (Space types a space).  A
    controller types with the on-screen keyboard (``game.scenes.pad_keyboard``), which
    A on a focused field opens over any menu screen."""

    def __init__(
        self,
        rect,
        label: str,
        text: str = "",
        *,
        max_len: int = 10,
        digits_only: bool = True,
        allowed: Callable[[str], bool] | None = None,
        placeholder: str = "",
        on_change: Callable[[str], Any] | None = None,
        on_submit: Callable[[], Any] | None = None,
        **kw,
    ):
        super().__init__(rect, label, **kw)
        self.text = text
        self.max_len = max_len
        self.allowed = allowed or ((lambda ch: ch.isdigit()) if digits_only else None)
        self.placeholder = placeholder
        self.on_change = on_change
        self.on_submit = on_submit
        self._t = 0.0

    def set_text(self, text: str) -> None:
        if text != self.text:
            self.text = text
            if self.on_change is not None:
                self.on_change(text)

    def fits(self, ch: str) -> bool:
        """Whether the character ``ch`` may go in this field."""
        return ch.isprintable() and (self.allowed is None or self.allowed(ch))

    def type(self, typed: str) -> None:
        """Add what fits of ``typed`` (a key's character, or a pasted text)."""
        kept = "".join(ch for ch in typed if self.fits(ch))
        kept = kept[: self.max_len - len(self.text)]
        if kept:
            self.play("tick")
            self.set_text(self.text + kept)

    def handle(self, intent: I.Intent) -> bool:
        k = intent.kind
        if k == I.TEXT:
            self.type(intent.char)
            return True
        if k == I.CONFIRM and intent.key == pygame.K_SPACE:
            return True  # the space itself comes as text
        if k == I.CONFIRM and intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and \
                self.on_submit is not None:
            self.on_submit()
            return True
        if k == I.KEY and intent.key == pygame.K_v and intent.mod & (
                pygame.KMOD_CTRL | pygame.KMOD_META):
            self.type(" ".join(clipboard_text().split()))  # one line, as typed
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
        fill = (255, 252, 244) if self.enabled else theme.CREAM_DEEP
        surface.blit(theme.panel(box.size, fill, 14, edge), box)
        if self.text:
            ink = theme.INK if self.enabled else theme.DISABLED_INK
            t = theme.fit_text(self.text, theme.BODY_SIZE, box.width - 40, ink, bold=True)
        else:
            t = theme.fit_text(
                self.placeholder or " ", theme.BODY_SIZE, box.width - 40, theme.DISABLED_INK
            )
        r = t.get_rect(midleft=(box.x + 20, box.centery))
        surface.blit(t, r)
        if self.focused and (self._t % 1.0) < 0.6:
            x = r.right + 3 if self.text else box.x + 20
            pygame.draw.line(surface, theme.INK, (x, box.centery - 20), (x, box.centery + 20), 3)


def clipboard_text() -> str:
    """The text on the system's clipboard ("" when there is none or no clipboard)."""
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError, UnicodeError):
        return ""
