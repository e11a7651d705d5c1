"""The coach's bubble on a lesson table: the step's words on warm paper, the lesson's title
and "Step 3 of 21" above them, Continue on a reading step, an arrow to what the step points
at and a ring on it.

The bubble is placed beside what it points at, never over it: right of it, left, below or
above, else the free spot nearest to it.  Its layout is worked out again only when the step,
the Text size, the language or the pointed places change; the text surfaces come from the
theme's caches, so a frame only blits.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.scenes.table.hints import action_cells
from game.ui import theme
from game.ui.widgets import _button_face

if TYPE_CHECKING:
    from .coach import Coach

WIDTH = 620  # canvas pixels at 100 % Text size (the bubble grows with the text)
MAX_WIDTH = 860
PAD = 26
GAP = 34  # between the bubble and what it points at (the arrow crosses it)
MARGIN = 14  # from the canvas' edges
RING = 12  # the ring stands this far outside a pointed place
ARROW_HALF = 18
CONTINUE = (230, 68)


class Bubble:
    def __init__(self, coach: Coach) -> None:
        self.coach = coach
        self._key: tuple | None = None
        self.rect: pygame.Rect | None = None
        self.continue_rect: pygame.Rect | None = None
        self.targets: list[pygame.Rect] = []
        self._lines: list[str] = []
        self._head: tuple[str, str] = ("", "")

    # --- layout ------------------------------------------------------------------------------
    def pointed(self) -> list[pygame.Rect]:
        """The places the step points at now (names a table cannot resolve show nothing)."""
        step = self.coach.guide.step
        if step is None:
            return []
        table = self.coach.table
        rects: list[pygame.Rect] = []
        for name in step.point:
            rects += table.lesson_rects(name) or []
        return rects

    def avoided(self) -> list[pygame.Rect]:
        """What the bubble must leave uncovered: what it points at, the prompt and the
        buttons and, on a step waiting for a move, where that move is made."""
        table = self.coach.table
        rects = list(self.targets) + [table.prompt_box()[0]]
        rects += [table.layout.button_rect(i) for i in range(len(table.buttons()))]
        if not self.coach.reading:
            rects += table.lesson_rects("action") or []
        return [r.inflate(2 * RING, 2 * RING) for r in rects]

    def lit(self) -> list[pygame.Rect]:
        """The board cells of every move the step lets through: better left uncovered too."""
        if self.coach.reading:
            return []
        table = self.coach.table
        cells = {c for a in table.legal() for c in action_cells(a)}
        return [table.layout.cell_rect(*c) for c in cells]

    def layout(self) -> None:
        coach = self.coach
        guide = coach.guide
        self.targets = self.pointed()
        table = coach.table
        key = (guide.index, coach.reading, theme.ui_scale(), i18n.language(),
               tuple(tuple(r) for r in self.targets), tuple(table.names),
               tuple(table.prompt_box()[0]), len(table.buttons()), table.version)
        if key == self._key:
            return
        self._key = key
        if guide.step is None:
            self.rect = self.continue_rect = None
            return
        width = min(theme.scaled(WIDTH), MAX_WIDTH)
        inner = width - 2 * PAD
        self._lines = theme.wrap(coach.words(), theme.BODY_SIZE, inner)
        # Translators: the coach's bubble in a lesson: which of its steps is shown
        self._head = (i18n._(coach.lesson.title),
                      i18n._("Step {n} of {total}").format(n=guide.index + 1,
                                                          total=len(coach.lesson.steps)))
        head_h = theme.line_height(theme.SMALL_SIZE, bold=True)
        body_h = len(self._lines) * theme.line_height(theme.BODY_SIZE)
        button_h = theme.scaled(CONTINUE[1], cap=1.25)
        height = PAD + head_h + 12 + body_h + PAD + (button_h + 14 if coach.reading else 0)
        self.rect = self._place((width, height))
        if coach.reading:
            bw = max(theme.scaled(CONTINUE[0], cap=1.25),
                     theme.font(theme.BUTTON_SIZE).size(self.continue_label())[0] + 48)
            self.continue_rect = pygame.Rect(0, 0, min(bw, inner), button_h)
            self.continue_rect.bottomright = (self.rect.right - PAD, self.rect.bottom - PAD)
        else:
            self.continue_rect = None

    def continue_label(self) -> str:
        return i18n._("Continue")

    def _place(self, size: tuple[int, int]) -> pygame.Rect:
        cw, ch = self.coach.table.services.canvas_size
        bounds = pygame.Rect(MARGIN, MARGIN, cw - 2 * MARGIN, ch - 2 * MARGIN)
        must = self.avoided()
        better = must + self.lit()
        return self._spot(size, bounds, better) or self._spot(size, bounds, must) or \
            pygame.Rect((cw // 2 - size[0] // 2, MARGIN), size)

    def _spot(self, size: tuple[int, int], bounds: pygame.Rect, avoid: list[pygame.Rect]
              ) -> pygame.Rect | None:
        """Beside what the bubble points at (right, left, below, above), else the free spot
        nearest to it; None when ``avoid`` leaves no room."""
        cw = bounds.right + MARGIN
        rect = pygame.Rect((0, 0), size)
        if not self.targets:
            rect.midtop = (cw // 2 - 200, 120)  # over the board's upper half
            rect.clamp_ip(bounds)
            if rect.collidelist(avoid) < 0:
                return rect
        aim = self.targets[0].unionall(self.targets[1:]) if self.targets else rect.copy()
        w, h = size
        for x, y in ((aim.right + GAP, aim.centery - h // 2),
                     (aim.left - GAP - w, aim.centery - h // 2),
                     (aim.centerx - w // 2, aim.bottom + GAP),
                     (aim.centerx - w // 2, aim.top - GAP - h)):
            rect.topleft = (x, y)
            rect.clamp_ip(bounds)
            if rect.collidelist(avoid) < 0:
                return rect
        # else the free spot nearest to what it points at
        best: pygame.Rect | None = None
        best_d = math.inf
        for y in range(bounds.top, bounds.bottom - h + 1, 30):
            for x in range(bounds.left, bounds.right - w + 1, 30):
                rect.topleft = (x, y)
                if rect.collidelist(avoid) >= 0:
                    continue
                d = math.dist(rect.center, aim.center)
                if d < best_d:
                    best, best_d = rect.copy(), d
        return best

    # --- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.layout()
        rect = self.rect
        if rect is None:
            return
        pulse = round(3 * math.sin(self.coach.table.t * 4))
        for target in self.targets:
            ring = target.inflate(2 * RING + pulse, 2 * RING + pulse)
            pygame.draw.rect(surface, theme.FOCUS_EDGE, ring.inflate(4, 4), 3, border_radius=16)
            pygame.draw.rect(surface, theme.ACCENT, ring, 5, border_radius=14)
        theme.draw_panel(surface, rect, colour=theme.CREAM, border=theme.ACCENT)
        if self.targets:
            self._draw_arrow(surface, rect, self._nearest(rect))
        title, count = self._head
        count_s = theme.text(count, theme.SMALL_SIZE, theme.INK_SOFT, bold=True)
        title_w = rect.width - 2 * PAD - count_s.get_width() - 20
        title_s = theme.fit_text(title, theme.SMALL_SIZE, title_w, theme.ACCENT, bold=True)
        surface.blit(title_s, (rect.x + PAD, rect.y + PAD))
        surface.blit(count_s, count_s.get_rect(topright=(rect.right - PAD, rect.y + PAD)))
        y = rect.y + PAD + theme.line_height(theme.SMALL_SIZE, bold=True) + 12
        step_h = theme.line_height(theme.BODY_SIZE)
        for line in self._lines:
            surface.blit(theme.text(line, theme.BODY_SIZE, theme.INK), (rect.x + PAD, y))
            y += step_h
        if self.continue_rect is not None:
            b = self.continue_rect
            theme.draw_shadow(surface, b, spread=10, lift=3, alpha=80)
            surface.blit(_button_face(b.size, self.continue_label(), theme.ACCENT,
                                      theme.ACCENT_INK, theme.BUTTON_SIZE, None), b)

    def _nearest(self, rect: pygame.Rect) -> pygame.Rect:
        return min(self.targets, key=lambda t: math.dist(t.center, rect.center))

    @staticmethod
    def _draw_arrow(surface: pygame.Surface, rect: pygame.Rect, target: pygame.Rect) -> None:
        """A paper wedge from the bubble's side facing ``target`` to the ring around it."""
        ring = target.inflate(2 * RING, 2 * RING)
        if ring.left >= rect.right:
            y = max(rect.top + 30, min(rect.bottom - 30, ring.centery))
            base = [(rect.right - 2, y - ARROW_HALF), (rect.right - 2, y + ARROW_HALF)]
            tip = (ring.left - 4, max(ring.top, min(ring.bottom, y)))
        elif ring.right <= rect.left:
            y = max(rect.top + 30, min(rect.bottom - 30, ring.centery))
            base = [(rect.left + 2, y - ARROW_HALF), (rect.left + 2, y + ARROW_HALF)]
            tip = (ring.right + 4, max(ring.top, min(ring.bottom, y)))
        elif ring.top >= rect.bottom:
            x = max(rect.left + 30, min(rect.right - 30, ring.centerx))
            base = [(x - ARROW_HALF, rect.bottom - 2), (x + ARROW_HALF, rect.bottom - 2)]
            tip = (max(ring.left, min(ring.right, x)), ring.top - 4)
        elif ring.bottom <= rect.top:
            x = max(rect.left + 30, min(rect.right - 30, ring.centerx))
            base = [(x - ARROW_HALF, rect.top + 2), (x + ARROW_HALF, rect.top + 2)]
            tip = (max(ring.left, min(ring.right, x)), ring.bottom + 4)
        else:
            return  # they overlap (a place too big to stand beside): the ring alone shows it
        points = [base[0], tip, base[1]]
        pygame.draw.polygon(surface, theme.CREAM, points)
        pygame.draw.lines(surface, theme.ACCENT, False, points, 3)
