"""Hover tips on the game tables: what a pictogram, token, counter, deck or card is.

A table lists its ``Tip`` targets (a rect and a short text, worded for the seat looking now);
the ``Tooltip`` finds the one under the pointer, or the one with the keyboard/pad focus, and
shows its text after a short delay.  ``place_beside`` puts a box beside its target without
covering a rect that must stay visible (the hovered cell, or the pieces around it that
explain a score preview).  Tip boxes are rendered once per text and text size.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from game.ui import theme

DELAY = 0.35  # seconds the pointer rests on a thing before its tip shows
GAP = 10  # between a tip and what it must not cover
TIP_SIZE = 26
TIP_WIDTH = 560  # lines wrap at this width (times the text size)
BOUNDS = pygame.Rect(8, 8, 1904, 1064)


@dataclass(frozen=True)
class Tip:
    """One hover target: ``key`` names it (a focus key where it has one), ``rect`` is
    (x, y, w, h) on the canvas, ``text`` one or more lines (the first is the title)."""

    key: str
    rect: tuple[int, int, int, int] | pygame.Rect
    text: str

    def contains(self, pos) -> bool:
        return pygame.Rect(self.rect).collidepoint(pos)


def tip_at(tips: list[Tip], pos) -> Tip | None:
    """The topmost tip under ``pos`` (later tips lie over earlier ones)."""
    for tip in reversed(tips):
        if tip.contains(pos):
            return tip
    return None


@theme.rescaled
@lru_cache(maxsize=256)
def tip_surface(text: str) -> pygame.Surface:
    """The tip box: a cream panel with the lines of ``text``, the first one bold."""
    width = theme.scaled(TIP_WIDTH)
    faces = [theme.text(part, TIP_SIZE, theme.INK, i == 0)
             for i, line in enumerate(text.split("\n"))
             for part in theme.wrap(line, TIP_SIZE, width, i == 0)]
    step = theme.line_height(TIP_SIZE) + 2
    w = max(f.get_width() for f in faces) + 28
    h = step * len(faces) + 16
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.blit(theme.panel((w, h), theme.CREAM, 12, theme.CREAM_LINE), (0, 0))
    y = 8
    for f in faces:
        surf.blit(f, (14, y))
        y += step
    return surf


def place_beside(size, target: pygame.Rect, keep_clear: pygame.Rect | None = None,
                 bounds: pygame.Rect = BOUNDS) -> pygame.Rect:
    """A rect of ``size`` beside ``target`` that stays inside ``bounds`` and off
    ``keep_clear`` (default: the target itself): above it, below, right or left, whichever
    fits first; failing all, the side with the most room, pushed off ``keep_clear``."""
    clear = pygame.Rect(keep_clear if keep_clear is not None else target)
    r = pygame.Rect((0, 0), size)
    tries = []
    for side in ("above", "below", "right", "left"):
        c = r.copy()
        if side == "above":
            c.midbottom = (target.centerx, clear.y - GAP)
        elif side == "below":
            c.midtop = (target.centerx, clear.bottom + GAP)
        elif side == "right":
            c.midleft = (clear.right + GAP, target.centery)
        else:
            c.midright = (clear.x - GAP, target.centery)
        c.clamp_ip(bounds)
        if not c.colliderect(clear):
            return c
        tries.append(c)
    # no side fits: keep the tip inside the bounds and move it off the clear rect downwards
    c = tries[1]
    if c.colliderect(clear):
        c.bottom = clear.y - GAP
    return c


class Tooltip:
    """The one tip showing on a table.  ``show`` is called each frame with the tip the
    pointer (or focus) is on and the table's clock; it appears after ``DELAY``."""

    def __init__(self, delay: float = DELAY):
        self.delay = delay
        self.tip: Tip | None = None
        self.since = 0.0
        self.keep_clear: pygame.Rect | None = None
        self.now = 0.0

    def show(self, tip: Tip | None, now: float, keep_clear: pygame.Rect | None = None,
             immediate: bool = False) -> None:
        """``immediate``: no delay (a score preview follows the pointer at once)."""
        if tip != self.tip:
            self.tip, self.since = tip, now - (self.delay if immediate else 0.0)
        self.keep_clear = keep_clear
        self.now = now

    @property
    def visible(self) -> bool:
        return self.tip is not None and self.now - self.since >= self.delay - 1e-9

    def rect(self) -> pygame.Rect | None:
        """Where the tip box goes (None while none shows)."""
        if self.tip is None:
            return None
        surf = tip_surface(self.tip.text)
        return place_beside(surf.get_size(), pygame.Rect(self.tip.rect), self.keep_clear)

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect()
        if not self.visible or self.tip is None or rect is None:
            return
        surface.blit(tip_surface(self.tip.text), rect)


class TableTips:
    """Hover tips on a table: the table (``table``: its clocks, pointer, focus, layout) and
    the game's parts (``parts``: ``tips()``, its pictures' tips worded for the viewer;
    ``tips_key()``, what else its tips depend on, e.g. a selection lifting a card;
    ``cell_tip(cell)``; ``focus_tip()``, a tip taking the place of the one pointed at).
    The game's renderer calls ``draw_tip`` last.  Tips are rebuilt only when the state, the
    viewer or that key changes."""

    def __init__(self, table: Any, parts: Any) -> None:
        self.table = table
        self.parts = parts
        self.tooltip = Tooltip()

    def coached(self) -> bool:
        """Whether a lesson's coach is guiding the player now (focus tips then stay hidden)."""
        coach = self.table.coach
        return coach is not None and coach.guided

    def on_coach(self, pos) -> bool:
        """Whether ``pos`` is on a lesson coach's bubble."""
        coach = self.table.coach
        rect = coach.bubble.rect if coach is not None else None
        return rect is not None and rect.collidepoint(pos)

    def cached_tips(self) -> list[Tip]:
        t = self.table
        key = ("tips", t.version, t.shown_version, t.viewer, self.parts.tips_key())
        tips = t._cache.get(key)
        if tips is None:
            t._cache = {k: x for k, x in t._cache.items() if k[0] != "tips"}
            tips = t._cache[key] = self.parts.tips()
        return tips

    def current_tip(self) -> tuple[Tip | None, pygame.Rect | None, bool]:
        """The tip for what the pointer (or the keyboard/pad focus) is on, the rect it must
        keep clear, and whether it shows at once."""
        own = self.parts.focus_tip()
        if own is not None:
            return own
        t = self.table
        tips = self.cached_tips()
        cell = None
        if t.keyboard:
            if self.coached():
                # a lesson's coach moves the focus to the move it asks for: a tip there would
                # cover the bubble and what it points at
                return None, None, False
            if t.focus == "board":
                cell = t.cursor
            else:
                tip = next((x for x in tips if x.key == t.focus), None)
                return tip, None, False
        elif t.hover is not None:
            if self.on_coach(t.hover):
                return None, None, False  # the pointer reads the bubble, not what is under it
            tip = tip_at(tips, t.hover)
            if tip is not None:
                return tip, None, False
            cell = t.layout.cell_at(t.hover)
        if cell is None:
            return None, None, False
        text, clear, immediate = self.parts.cell_tip(tuple(cell))
        if not text:
            return None, None, False
        rect = t.layout.cell_rect(*cell)
        return Tip(f"cell{cell[0]},{cell[1]}", rect, text), clear or rect, immediate

    def draw_tip(self, surface: pygame.Surface) -> None:
        t = self.table
        key = ("tip_at", t.version, t.shown_version, t.viewer, self.parts.tips_key(),
               t.hover, t.keyboard, t.focus, t.cursor, self.coached())
        found = t._cache.get(key)
        if found is None:
            t._cache = {k: x for k, x in t._cache.items() if k[0] != "tip_at"}
            found = t._cache[key] = self.current_tip()
        if not t.is_top:  # under the pause menu, the rules...: the table is not in use
            found = (None, None, False)
        self.tooltip.show(found[0], t.t, found[1], found[2])
        self.tooltip.draw(surface)
