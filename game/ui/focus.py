"""Focus: which widget of a screen has it (``FocusGroup``: Tab order, spatial arrows / d-pad,
focus following the mouse, intents routed to the focused widget) and how it is shown (a
bright gold outline with a dark edge that breathes gently)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from game.ui import intents as I
from game.ui import stillness, theme
from game.ui.arming import Arming
from game.ui.widgets import Widget, quiet


def draw_focus_ring(
    surface: pygame.Surface, rect: pygame.Rect, t: float, radius: int = theme.RADIUS
) -> None:
    """Outline ``rect`` for the focused widget; ``t`` is a running time in seconds."""
    # 0..1, a bit under a second per breath; holding its middle on a screen left alone
    pulse = 0.5 + math.sin(t * 5.0) / 2 * stillness.ambient()
    grow = 6 + round(3 * pulse)
    outer = rect.inflate(grow * 2 + 6, grow * 2 + 6)
    inner = rect.inflate(grow * 2, grow * 2)
    pygame.draw.rect(surface, theme.FOCUS_EDGE, outer, 3, border_radius=radius + grow + 3)
    gold = tuple(min(255, round(c + (255 - c) * 0.5 * pulse)) for c in theme.FOCUS)
    pygame.draw.rect(surface, gold, inner, 5, border_radius=radius + grow)
    pygame.draw.rect(
        surface,
        theme.FOCUS_EDGE,
        inner.inflate(-10, -10),
        2,
        border_radius=max(2, radius + grow - 5),
    )


class FocusGroup:
    """The widgets of one screen and which one has focus."""

    def __init__(self, widgets: Sequence[Widget] = (), play: Callable[[str], None] = quiet):
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
