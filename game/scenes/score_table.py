"""The final ranking's table on the results screen (``ScoreTable``): a row per player in
rank order (rank, badge, name, one cell per column, the total, then the tie-breaks), the
column headings, laid out for the Text size setting (a game with many columns is scaled
down, never below 100 %, until it fits) and each row's face rendered once.

``ResultRow`` is what a game tells of each player; ``ordinal`` says a place in the ranking.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game import assets
from game.i18n import _
from game.ui import players, theme

GOLD_DEEP = (196, 140, 30)
WINNER_FILL = (255, 238, 178)
ROW_H = 96
ROW_GAP = 10
HEADER_H = 64
TABLE_TOP = 300
MAX_TABLE_W = 1760  # what the columns are squeezed to
FIT_W = 1880  # the widest a table may be: a larger text size is lowered until it fits


@dataclass
class ResultRow:
    name: str
    colour_index: int
    rank: int  # 1 = first; tied players share a rank
    total: int
    breakdown: dict[str, int | str] = field(default_factory=dict)
    winner: bool = False


def ordinal(n: int) -> str:
    """A place in the ranking, as the player's language writes it ("1st", "1º", "1er")."""
    if n == 1:
        # Translators: first place in the final ranking
        return _("1st")
    if 10 <= n % 100 <= 20:
        # Translators: a place in the final ranking: 4th to 20th, 24th...
        pattern = _("{n}th")
    elif n % 10 == 1:
        # Translators: a place in the final ranking: 21st, 31st... (not 1st)
        pattern = _("{n}st")
    elif n % 10 == 2:
        # Translators: a place in the final ranking: 2nd, 22nd...
        pattern = _("{n}nd")
    elif n % 10 == 3:
        # Translators: a place in the final ranking: 3rd, 23rd...
        pattern = _("{n}rd")
    else:
        pattern = _("{n}th")
    return pattern.format(n=n)


class ScoreTable:
    """The table of ``rows`` (in rank order) under ``columns`` (the last ``tie_breaks`` of
    them after the total); ``shared``: several winners, each row says "Shared win"."""

    def __init__(self, rows: list[ResultRow], columns: list[str], tie_breaks: list[str],
                 shared: bool) -> None:
        self.rows = rows
        self.columns = columns
        self.tie_breaks = tie_breaks
        self.shared = shared
        self._total_cache: dict[tuple[int, bool], pygame.Surface] = {}
        self.lay_out()

    def lay_out(self) -> None:
        """Lay out and render the rows for the current text size and language."""
        self._layout_table()
        self.row_images = [self._row_image(i, r) for i, r in enumerate(self.rows)]
        self._total_font = self._font(48, bold=True)
        self._total_cache.clear()

    def _font(self, size: int, bold: bool = False, display: bool = False) -> pygame.font.Font:
        """The table's fonts: the Text size setting, at most ``self.cap``."""
        return theme.font(theme.scaled(size, self.cap), bold, display, fixed=True)

    def _layout_table(self) -> None:
        """Column widths at the Text size setting; a game with many columns scales its table
        down (never below 100 %) until it fits the canvas."""
        self.cap: float | None = None
        self._layout_at_cap()
        while self.rect.width > FIT_W and theme.ui_scale() > 1.0 and \
                (self.cap is None or self.cap > 1.0):
            self.cap = max(1.0, (self.cap or theme.ui_scale()) - 0.05)
            self._layout_at_cap()

    def _layout_at_cap(self) -> None:
        head = self._font(theme.SMALL_SIZE, bold=True)
        body = self._font(theme.BODY_SIZE, bold=True)
        widths, least = [], []
        for c in self.columns:
            longest_word = max((head.size(w)[0] for w in theme.words_of(_(c))), default=0)
            values = [body.size(str(r.breakdown.get(c, "")))[0] for r in self.rows]
            want = max(longest_word + 36, max(values, default=0) + 40,
                       theme.scaled(150, self.cap))
            widths.append(min(theme.scaled(260, self.cap), want))
            # A header word is never cut: it may wrap onto two lines, never shrink past this.
            least.append(max(longest_word + 18, max(values, default=0) + 20))

        def s(px: int) -> int:
            return theme.scaled(px, self.cap)

        self.rank_w, self.name_w, self.total_w = s(170), s(400), s(200)
        self.header_h = s(HEADER_H)
        # Many columns: first give up some of the name column, then squeeze the others.
        self.name_w -= max(0, min(self.name_w - s(300), sum(widths) - (MAX_TABLE_W - s(830))))
        fixed = self.rank_w + self.name_w + self.total_w + 60
        room = MAX_TABLE_W - fixed
        if sum(widths) > room:
            k = room / sum(widths)
            widths = [max(lo, int(w * k)) for w, lo in zip(widths, least, strict=True)]
        self.col_widths = widths
        width = fixed + sum(widths)
        n = len(self.rows)
        height = 24 + self.header_h + n * ROW_H + max(0, n - 1) * ROW_GAP + 24
        self.rect = pygame.Rect(0, TABLE_TOP, width, height)
        self.rect.centerx = 960
        self.row_w = width - 48
        # x of each column's centre, relative to a row's left edge
        x = 0
        self.rank_cx = x + self.rank_w // 2
        x += self.rank_w
        self.name_x = x
        x += self.name_w
        self.col_cx = []
        points_columns = len(self.columns) - len(self.tie_breaks)
        for i, w in enumerate([*widths, 0]):
            if i == points_columns:  # the total: after the points, before the tie-breaks
                self.total_cx = x + self.total_w // 2
                x += self.total_w
            if i < len(widths):
                self.col_cx.append(x + w // 2)
                x += w

    def row_rect(self, i: int) -> pygame.Rect:
        t = self.rect
        y = t.y + 24 + self.header_h + i * (ROW_H + ROW_GAP)
        return pygame.Rect(t.x + 24, y, self.row_w, ROW_H)

    def _row_image(self, i: int, row: ResultRow) -> pygame.Surface:
        w, h = self.row_w, ROW_H
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        if row.winner:
            pygame.draw.rect(surf, WINNER_FILL, (0, 0, w, h), border_radius=16)
            pygame.draw.rect(surf, GOLD_DEEP, (0, 0, w, h), 4, border_radius=16)
        else:
            fill = (252, 246, 232) if i % 2 == 0 else theme.CREAM_DEEP
            pygame.draw.rect(surf, fill, (0, 0, w, h), border_radius=16)
            pygame.draw.rect(surf, theme.CREAM_LINE, (0, 0, w, h), 2, border_radius=16)
        cy = h // 2
        rank = self._font(40, display=True).render(ordinal(row.rank), True, theme.INK)
        if row.winner:
            trophy = assets.pictogram("trophy", 58)
            group_w = trophy.get_width() + 8 + rank.get_width()
            x0 = self.rank_cx - group_w // 2
            surf.blit(trophy, trophy.get_rect(midleft=(x0, cy)))
            surf.blit(rank, rank.get_rect(midleft=(x0 + trophy.get_width() + 8, cy)))
        else:
            surf.blit(rank, rank.get_rect(center=(self.rank_cx, cy)))
        players.draw_swatch(surf, row.colour_index, (self.name_x + 34, cy), 26)
        nx = self.name_x + 78
        name = theme.fit_text(row.name, 36, self.name_w - 78 - 12, theme.INK, True,
                              cap=self.cap)
        if row.winner and self.shared:
            surf.blit(name, name.get_rect(bottomleft=(nx, cy + 6)))
            tag = self._font(theme.SMALL_SIZE, bold=True).render(_("Shared win"), True, GOLD_DEEP)
            surf.blit(tag, tag.get_rect(topleft=(nx, cy + 4)))
        else:
            surf.blit(name, name.get_rect(midleft=(nx, cy)))
        body = self._font(theme.BODY_SIZE, bold=True)
        for col, cx in zip(self.columns, self.col_cx, strict=True):
            value = row.breakdown.get(col, "")
            img = body.render(str(value) if value != "" else "–", True, theme.INK_SOFT)
            surf.blit(img, img.get_rect(center=(cx, cy)))
        # the total's well
        well = pygame.Rect(0, 0, self.total_w - 30, h - 22)
        well.center = (self.total_cx, cy)
        fill = (255, 226, 130) if row.winner else (255, 251, 240)
        pygame.draw.rect(surf, fill, well, border_radius=12)
        edge = GOLD_DEEP if row.winner else theme.CREAM_LINE
        pygame.draw.rect(surf, edge, well, 2, border_radius=12)
        return surf.convert_alpha() if pygame.display.get_surface() else surf

    def total_image(self, value: int, winner: bool) -> pygame.Surface:
        key = (value, winner)
        img = self._total_cache.get(key)
        if img is None:
            if len(self._total_cache) > 400:
                self._total_cache.clear()
            ink = (120, 70, 10) if winner else theme.INK
            img = self._total_font.render(str(value), True, ink)
            self._total_cache[key] = img
        return img

    def draw_headings(self, surface: pygame.Surface) -> None:
        """The table's panel and its column headings (the rows slide in over it)."""
        t = self.rect
        theme.draw_panel(surface, t)
        head = self._font(theme.SMALL_SIZE, bold=True)
        size = theme.scaled(theme.SMALL_SIZE, self.cap)
        y = t.y + 24 + self.header_h // 2
        x0 = t.x + 24

        def header(label: str, cx: int, width: int) -> None:
            lines = theme.wrap(label, size, width - 16, bold=True, fixed=True)[:2]
            lh = head.get_linesize() - 4
            top = y - lh * len(lines) // 2
            for j, line in enumerate(lines):
                img = head.render(line, True, theme.INK_SOFT)
                surface.blit(img, img.get_rect(midtop=(cx, top + j * lh)))

        # Translators: a column heading of the final ranking
        header(_("Rank"), x0 + self.rank_cx, self.rank_w)
        # Translators: a column heading of the final ranking
        name = head.render(_("Player"), True, theme.INK_SOFT)
        surface.blit(name, name.get_rect(midleft=(x0 + self.name_x + 8, y)))
        for col, cx, w in zip(self.columns, self.col_cx, self.col_widths, strict=True):
            header(_(col), x0 + cx, w)
        # Translators: a column heading of the final ranking
        header(_("Total"), x0 + self.total_cx, self.total_w)
