"""The coach's bubble on a lesson table: the step's words on warm paper, the lesson's title
and "Step 3 of 21" above them, Continue on a reading step, an arrow to what the step points
at and a ring on it.

The bubble is placed where it covers nothing the step talks about (``subject``: what it points
at, the places it keeps, the prompt, the lit cells, the newest log lines...): beside what it
points at (right of it, left, below or above), else the free spot nearest to it.  Its layout is worked out again only when the step,
the Text size, the language or the pointed places change; the text surfaces come from the
theme's caches, so a frame only blits.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.scenes.table import screen as table_screen
from game.scenes.table.hints import action_cells
from game.scenes.tutorial.guide import LEARNER
from game.ui import theme
from game.ui.widgets import _button_face

if TYPE_CHECKING:
    from .coach import Coach

WIDTH = 620  # canvas pixels at 100 % Text size (the bubble grows with the text)
MAX_WIDTH = 860  # the usual width's cap
PAD = 26
GAP = 34  # between the bubble and what it points at (the arrow crosses it)
MARGIN = 14  # from the canvas' edges
RING = 12  # the ring stands this far outside a pointed place
ARROW_HALF = 18
CONTINUE = (230, 68)
NEWS_LINES = 4  # the newest log lines the bubble leaves in view
STRIDE = 24  # the spacing of the free spots tried
NARROW, WIDE = 0.85, 1.3  # the other widths tried when the usual one finds no room
TALLEST = 0.55  # of the canvas' height: a shape taller than this is tried last


def _area(rect: pygame.Rect) -> int:
    return rect.width * rect.height


class Bubble:
    def __init__(self, coach: Coach) -> None:
        self.coach = coach
        self._key: tuple | None = None
        self.rect: pygame.Rect | None = None
        self.continue_rect: pygame.Rect | None = None
        self.targets: list[pygame.Rect] = []
        self.arrow = True  # drawn: it crosses nothing the step talks about
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
            rects += table.coaching.lesson_rects(name) or []
        return rects

    def subject(self) -> list[pygame.Rect]:
        """What the step talks about, which the bubble must leave in view: what it points at
        and the places it keeps, the prompt and the buttons, where the move it waits for is
        made (its cards, its lit cells), the newest log lines and the board cells that the
        others' moves since the learner's last one name (a bot's new building)."""
        table = self.coach.table
        rects = list(self.targets) + [table_screen.prompt_box(table)[0]]
        rects += [table.layout.button_rect(i) for i in range(len(table.controls.buttons()))]
        step = self.coach.guide.step
        for name in step.keep if step is not None else ():
            rects += table.coaching.lesson_rects(name) or []
        if not self.coach.reading:
            rects += table.coaching.lesson_rects("action") or []
            cells = {c for a in table.legal() for c in action_cells(a)}
            rects += [table.layout.cell_rect(*c) for c in cells]
        rects += self._news(table)
        return [r.inflate(2 * RING, 2 * RING) for r in rects]

    @staticmethod
    def _news(table) -> list[pygame.Rect]:
        """The newest log lines, and the cells of the others' moves since the learner's last
        one (what changed on the board meanwhile: a bot's new building, its cubes)."""
        rects = [rect for rect, _entry in table.log.newest(NEWS_LINES)]
        cols, rows = table.game.board_size
        for p, action in reversed(table.coach.session.state.history):
            if p == LEARNER:
                break
            cells = action_cells(action) + [tuple(c) for c in getattr(action, "cubes", ())]
            rects += [table.layout.cell_rect(x, y) for x, y in cells
                      if 0 <= x < cols and 0 <= y < rows]
        return rects

    def layout(self) -> None:
        coach = self.coach
        guide = coach.guide
        self.targets = self.pointed()
        table = coach.table
        key = (guide.index, coach.reading, theme.ui_scale(), i18n.language(),
               tuple(tuple(r) for r in self.targets), tuple(table.names),
               tuple(table_screen.prompt_box(table)[0]), len(table.controls.buttons()), table.version,
               len(table.log), table.log.scroll)
        if key == self._key:
            return
        self._key = key
        if guide.step is None:
            self.rect = self.continue_rect = None
            return
        # Translators: the coach's bubble in a lesson: which of its steps is shown
        self._head = (i18n._(coach.lesson.title),
                      i18n._("Step {n} of {total}").format(n=guide.index + 1,
                                                          total=len(coach.lesson.steps)))
        self.rect, self._lines = self._place()
        inner = self.rect.width - 2 * PAD
        if coach.reading:
            button_h = theme.scaled(CONTINUE[1], cap=1.25)
            bw = max(theme.scaled(CONTINUE[0], cap=1.25),
                     theme.font(theme.BUTTON_SIZE).size(self.continue_label())[0] + 48)
            self.continue_rect = pygame.Rect(0, 0, min(bw, inner), button_h)
            self.continue_rect.bottomright = (self.rect.right - PAD, self.rect.bottom - PAD)
        else:
            self.continue_rect = None

    def continue_label(self) -> str:
        return i18n._("Continue")

    def _shape(self, width: int) -> tuple[tuple[int, int], list[str]]:
        """The bubble's size at ``width``, and its words' lines."""
        lines = theme.wrap(self.coach.words(), theme.BODY_SIZE, width - 2 * PAD)
        head_h = theme.line_height(theme.SMALL_SIZE, bold=True)
        body_h = len(lines) * theme.line_height(theme.BODY_SIZE)
        button_h = theme.scaled(CONTINUE[1], cap=1.25)
        height = PAD + head_h + 12 + body_h + PAD + (button_h + 14 if self.coach.reading else 0)
        return (width, height), lines

    def _place(self) -> tuple[pygame.Rect, list[str]]:
        """The first of the candidate places that covers none of the step's subject: at the
        bubble's usual width, then narrower and taller, then wider and lower (a shape taller
        than ``TALLEST`` of the screen last), each beside what it points at (right, left,
        below, above), then at every free spot, nearest first, where its arrow crosses
        nothing of the subject either; else where only the ring shows what it points at (no
        arrow).  Failing all, the first shape where it covers least of the subject."""
        cw, ch = self.coach.table.services.canvas_size
        bounds = pygame.Rect(MARGIN, MARGIN, cw - 2 * MARGIN, ch - 2 * MARGIN)
        subject = self.subject()
        usual = min(theme.scaled(WIDTH), MAX_WIDTH)
        shapes = [self._shape(w) for w in (usual, round(usual * NARROW), round(usual * WIDE))]
        # a bubble taller than about half the screen hides the table: wider and lower first
        shapes.sort(key=lambda shape: shape[0][1] > ch * TALLEST)
        for with_arrow in (True, False):
            for size, lines in shapes:
                for rect in self._candidates(size, bounds):
                    if rect.collidelist(subject) < 0 and not (
                            with_arrow and self.arrow_crosses(rect, subject)):
                        self.arrow = with_arrow
                        return rect, lines
        self.arrow = False
        size, lines = shapes[0]
        least = min(self._candidates(size, bounds),
                    key=lambda r: sum(_area(r.clip(s)) for s in subject))
        return least, lines

    def _candidates(self, size: tuple[int, int], bounds: pygame.Rect) -> list[pygame.Rect]:
        w, h = size
        if self.targets:
            aim = self.targets[0].unionall(self.targets[1:])
            beside = [(aim.right + GAP, aim.centery - h // 2),
                      (aim.left - GAP - w, aim.centery - h // 2),
                      (aim.centerx - w // 2, aim.bottom + GAP),
                      (aim.centerx - w // 2, aim.top - GAP - h)]
        else:
            aim = pygame.Rect((0, 0), size)
            aim.midtop = (bounds.centerx - 200, 120)  # over the board's upper half
            beside = [aim.topleft]
        out = [pygame.Rect((x, y), size).clamp(bounds) for x, y in beside]
        spots = [pygame.Rect((x, y), size)
                 for y in range(bounds.top, bounds.bottom - h + 1, STRIDE)
                 for x in range(bounds.left, bounds.right - w + 1, STRIDE)]
        spots.sort(key=lambda r: math.dist(r.center, aim.center))
        return out + spots

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
        if self.targets and self.arrow:
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

    def arrow_crosses(self, rect: pygame.Rect, subject: list[pygame.Rect]) -> bool:
        """Whether the arrow of a bubble at ``rect`` would cross any of ``subject`` on its way
        to the ring it points at (the rings it ends on aside)."""
        if not self.targets:
            return False
        target = self._nearest(rect)
        points = arrow_points(rect, target)
        if points is None:
            return False
        rings = [t.inflate(2 * RING, 2 * RING) for t in self.targets]
        tip = points[1]
        return any(place.clipline(end, tip) for place in subject if place not in rings
                   for end in (points[0], points[2]))

    @staticmethod
    def _draw_arrow(surface: pygame.Surface, rect: pygame.Rect, target: pygame.Rect) -> None:
        """A paper wedge from the bubble's side facing ``target`` to the ring around it."""
        points = arrow_points(rect, target)
        if points is None:
            return  # they overlap (a place too big to stand beside): the ring alone shows it
        pygame.draw.polygon(surface, theme.CREAM, points)
        pygame.draw.lines(surface, theme.ACCENT, False, points, 3)


def arrow_points(rect: pygame.Rect, target: pygame.Rect
                 ) -> list[tuple[int, int]] | None:
    """The arrow from a bubble at ``rect`` to the ring around ``target``: its base's two
    corners on the bubble's side facing the ring, with the tip between them; None when the
    bubble and the ring overlap."""
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
        return None
    return [base[0], tip, base[1]]
