"""What the History and Statistics screens share (``game.scenes.history``): a title, a
scrolling list of rows in a window (``RowList`` of ``ListRow``), Back and the other screen's
button, a status line between them (``LookBackScene``).

The list scrolls by the wheel, the arrows or d-pad (row by row), Page Up / Page Down and the
pad's shoulders (a page), Home / End.  Each row's face is rendered once, when it first
shows, and again only after a change of text size or language.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.i18n import _
from game.scenes.menu import MenuScene
from game.ui import intents as I
from game.ui import theme
from game.ui.widgets import Button, Widget, button_width

LIST_X, LIST_W = 120, 1680  # the list's window across the canvas
GAP = 12  # between rows
TITLE_TOP = 30
STATUS_W = 1000  # the line between Back and the other screen's button
GLIDE = 16.0  # how fast the list glides to where it scrolls (1/s)
WHEEL_ROWS = 1.5  # rows per wheel notch


def clipped(message: str, size: int, width: int, colour=theme.INK, bold: bool = False,
            *, shrink: bool = True, fixed: bool = False) -> pygame.Surface:
    """``message`` in ``width`` px: smaller towards 100 % first (unless not ``shrink``: a
    name keeps the size of the names beside it; nor when ``fixed``: ``size`` is the pixel
    size, already chosen), then cut with "…" (a long name in a narrow cell)."""
    def made(words: str) -> pygame.Surface:
        if fixed:
            return theme.text(words, size, colour, bold, fixed=True)
        return theme.fit_text(words, size, width, colour, bold) if shrink else \
            theme.text(words, size, colour, bold)

    t = made(message)
    cut = message
    while t.get_width() > width and len(cut) > 1:
        cut = cut[:-1]
        t = made(cut.rstrip() + "…")
    return t


class ListRow(Widget):
    """A row of a ``RowList``: its face rendered on first sight, drawn only in the window."""

    def __init__(self, width: int, height: int, index: int, *, key: str):
        super().__init__((LIST_X, 0, width, height), key=key)
        self.index = index
        self.window = pygame.Rect(0, 0, 0, 0)  # set by the list
        self._face: pygame.Surface | None = None

    def contains(self, pos) -> bool:
        return self.window.collidepoint(pos) and super().contains(pos)

    def paint(self, face: pygame.Surface) -> None:
        """Draw the row's content on ``face`` (the row's size, at 0, 0)."""

    @property
    def face(self) -> pygame.Surface:
        if self._face is None:
            face = theme.panel(self.rect.size).copy()
            self.paint(face)
            self._face = face
        return self._face

    def draw(self, surface: pygame.Surface) -> None:
        """The list draws its rows (clipped to its window), not the focus group."""

    def draw_in(self, surface: pygame.Surface) -> None:
        lift = round(3 * self.hot.value)
        if self.hot.value > 0.01:
            theme.draw_shadow(surface, self.rect, spread=12, lift=4 + lift, alpha=90)
        surface.blit(self.face, self.rect.move(0, -lift))

    @property
    def focus_rect(self) -> pygame.Rect:
        return self.rect.move(0, -round(3 * self.hot.value)).clip(self.window.inflate(0, 8))


class RowList:
    """Rows stacked in a window that scrolls: keeps the focused row in sight."""

    def __init__(self, window: pygame.Rect, rows: Sequence[ListRow]) -> None:
        self.window = window
        self.rows = list(rows)
        self.offset = 0.0  # where the list scrolls to (px from its top)
        self.shown = 0.0  # where it is drawn now (glides towards ``offset``)
        self._tops = []
        y = 0
        for row in self.rows:
            row.window = window
            self._tops.append(y)
            y += row.rect.height + GAP
        self.height = max(0, y - GAP)
        self.place()

    @property
    def max_offset(self) -> float:
        return float(max(0, self.height - self.window.height))

    def place(self) -> None:
        top = self.window.y - round(self.shown)
        for row, y in zip(self.rows, self._tops, strict=True):
            row.rect.y = top + y

    def scroll_to(self, offset: float, *, smooth: bool = True) -> None:
        self.offset = min(self.max_offset, max(0.0, float(offset)))
        if not smooth:
            self.shown = self.offset
            self.place()

    def scroll_by(self, pixels: float) -> None:
        self.scroll_to(self.offset + pixels)

    def show(self, row: ListRow, *, smooth: bool = True) -> None:
        """Scroll so that ``row`` is whole in the window."""
        y = self._tops[row.index]
        if y < self.offset:
            self.scroll_to(y, smooth=smooth)
        elif y + row.rect.height > self.offset + self.window.height:
            self.scroll_to(y + row.rect.height - self.window.height, smooth=smooth)

    def first_in_sight(self) -> ListRow | None:
        return next((r for r, y in zip(self.rows, self._tops, strict=True)
                     if y >= self.offset - 1), self.rows[-1] if self.rows else None)

    def step(self) -> float:
        """A row's height and gap: how far a wheel notch goes."""
        return (self.rows[0].rect.height + GAP) if self.rows else 100.0

    def update(self, dt: float) -> None:
        diff = self.offset - self.shown
        if diff:
            self.shown = self.offset if abs(diff) < 0.5 else \
                self.shown + diff * min(1.0, dt * GLIDE)
            self.place()

    def draw(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.window.inflate(40, 16))
        for row in self.rows:
            if row.rect.bottom >= self.window.top - 8 and row.rect.top <= self.window.bottom + 8:
                row.draw_in(surface)
        surface.set_clip(clip)
        thumb = self.thumb()
        if thumb is not None:
            pygame.draw.rect(surface, theme.CREAM_DEEP, self.track(), border_radius=5)
            pygame.draw.rect(surface, theme.ACCENT, thumb, border_radius=5)

    def track(self) -> pygame.Rect:
        w = self.window
        return pygame.Rect(w.right + 30, w.y, 10, w.height)

    def thumb(self) -> pygame.Rect | None:
        """The scroll bar's thumb (None when everything shows)."""
        top = self.max_offset
        if top <= 0:
            return None
        t = self.track()
        h = max(60, round(t.height * self.window.height / self.height))
        k = min(1.0, max(0.0, self.shown / top))
        return pygame.Rect(t.x, t.y + round((t.height - h) * k), t.width, h)


class LookBackScene(MenuScene):
    """What both screens share: a title, a list of rows, Back and the other screen's button."""

    heading = ""  # N_: the screen's title
    other = ""  # N_: the other screen's button
    empty_text = ""  # N_: what the empty list says

    def __init__(self, services) -> None:
        self.rows: RowList | None = None
        self.status = ""  # a line by the buttons (the replay is missing...)
        super().__init__(services)

    # --- to override ------------------------------------------------------------------------
    def make_rows(self, width: int) -> list[ListRow]:
        return []

    def open_other(self) -> None: ...

    def draw_head(self, surface: pygame.Surface) -> None:
        """What a screen draws above its list (column headings)."""

    def empty_words(self) -> str:
        return _(self.empty_text)

    # --- building -----------------------------------------------------------------------------
    def title(self) -> pygame.Surface:
        return theme.shadowed_text(_(self.heading), theme.H1_SIZE)

    def title_bottom(self) -> int:
        """Where the title's letters end (it grows with the text size)."""
        title = self.title()
        return TITLE_TOP + title.get_bounding_rect(min_alpha=100).bottom

    def window_top(self) -> int:
        return self.title_bottom() + 24

    def window(self) -> pygame.Rect:
        top = self.window_top()
        bottom = 1040 - theme.BUTTON_HEIGHT - 30
        return pygame.Rect(LIST_X, top, LIST_W, bottom - top)

    def build(self) -> None:
        self.build_top()
        old = self.rows
        self.rows = RowList(self.window(), self.make_rows(LIST_W))
        for row in self.rows.rows:
            self.group.add(row)
        if old is not None and old.rows and self.rows.rows:
            self.rows.scroll_to(old.offset, smooth=False)
        back = pygame.Rect(0, 0, button_width(_("Back"), 300), theme.BUTTON_HEIGHT)
        back.bottomleft = (80, 1040)
        self.group.add(Button(back, _("Back"), self.back, key="back", sound=None))
        other = pygame.Rect(0, 0, button_width(_(self.other), 420), theme.BUTTON_HEIGHT)
        other.bottomright = (1840, 1040)
        self.group.add(Button(other, _(self.other), self.open_other, key="other"))

    def build_top(self) -> None:
        """Widgets above the list (the statistics' game filter)."""

    def draw_static(self, surface: pygame.Surface) -> None:
        surface.blit(theme.table_background(), (0, 0))
        title = self.title()
        surface.blit(title, title.get_rect(midtop=(960, TITLE_TOP)))
        self.draw_head(surface)
        if self.rows is not None and not self.rows.rows:
            w = self.window()
            _px, lines, step = theme.fit_wrap(self.empty_words(), theme.BODY_SIZE, 1100,
                                              w.height)
            y = w.y + 80
            for line in lines:
                t = theme.shadowed_text(line, theme.BODY_SIZE, theme.ON_TABLE, display=False,
                                        offset=2)
                surface.blit(t, t.get_rect(midtop=(960, y)))
                y += step

    def on_ui_scale(self) -> None:
        self.status = ""
        super().on_ui_scale()

    # --- input --------------------------------------------------------------------------------
    def handle(self, intent: I.Intent) -> bool:
        rows = self.rows
        assert rows is not None
        k = intent.kind
        focused = self.group.focused
        if k == I.WHEEL:
            rows.scroll_by(-intent.amount * rows.step() * WHEEL_ROWS)
            return True
        if k == I.ROTATE:  # Page Up / Page Down, the pad's shoulders
            self.page(intent.amount)
            return True
        if k == I.KEY and intent.key in (pygame.K_HOME, pygame.K_END) and rows.rows:
            self._focus_row(rows.rows[0 if intent.key == pygame.K_HOME else -1])
            return True
        if k == I.MOVE and intent.dy and isinstance(focused, ListRow):
            i = focused.index + intent.dy
            if 0 <= i < len(rows.rows):
                self._focus_row(rows.rows[i])
                self.group.play("tick")
                return True
        if k == I.MOVE and intent.dy > 0 and rows.rows and not isinstance(focused, ListRow) \
                and focused is not None and focused.rect.bottom <= rows.window.top:
            self._focus_row(rows.first_in_sight() or rows.rows[0])  # from above into the list
            self.group.play("tick")
            return True
        if k == I.MOVE and intent.dy < 0 and rows.rows and not isinstance(focused, ListRow) \
                and focused is not None and focused.rect.top >= rows.window.bottom:
            self._focus_row(self._last_in_sight())  # from the buttons up into the list
            self.group.play("tick")
            return True
        used = super().handle(intent)
        if isinstance(self.group.focused, ListRow) and k != I.POINT:
            rows.show(self.group.focused)
        return used

    def _last_in_sight(self) -> ListRow:
        assert self.rows is not None
        inside = [r for r in self.rows.rows if r.rect.bottom <= self.rows.window.bottom + 1]
        return inside[-1] if inside else self.rows.rows[0]

    def _focus_row(self, row: ListRow) -> None:
        assert self.rows is not None
        self.group.focus(row)
        self.rows.show(row)

    def page(self, n: int) -> None:
        rows = self.rows
        assert rows is not None
        if not rows.rows:
            return
        rows.scroll_by(n * max(rows.step(), rows.window.height - rows.step()))
        if isinstance(self.group.focused, ListRow):
            target = rows.first_in_sight()
            if target is not None:
                self.group.focus(target)
                rows.show(target)

    # --- frame --------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        assert self.rows is not None
        self.rows.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        assert self.rows is not None
        self.rows.draw(surface)
        self.group.draw(surface, ring=self.is_top)
        line = self._status_line()
        if line is not None:
            surface.blit(line, line.get_rect(center=(960, 1040 - theme.BUTTON_HEIGHT // 2)))

    def _status_line(self) -> pygame.Surface | None:
        """Between the buttons: what went wrong just now, else how to use the list."""
        if self.status:
            return theme.fit_text(self.status, theme.SMALL_SIZE, STATUS_W, (255, 196, 170),
                                  bold=True)
        hint = self.hint_words()
        return theme.fit_text(hint, theme.SMALL_SIZE, STATUS_W, theme.ON_TABLE_SOFT) \
            if hint else None

    def hint_words(self) -> str:
        return ""

    def say_status(self, text: str) -> None:
        self.status = text
        self.services.audio.play("error")
