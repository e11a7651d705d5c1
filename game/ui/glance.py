"""Drawing what the table's glance keeps (``game.scenes.table.glance``): each seat's last move
marked on the board, the "your turn" banner, and the recap card of the others' moves.

* ``draw_marks``: on each cell a seat's last move changed, a thin frame in the seat's colour
  and, in the cell's corner, the seat's token (its colour and its shape): subtle enough to
  leave the pieces readable, clear enough to tell who moved where.
* ``TurnBanner``: "Your turn" sliding in over the board's top and fading out again.
* ``RecapCard``: "Since your last turn:" and one line per move, over the log (which holds the
  same lines, so nothing else is covered); a click on it, Esc or B closes it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.i18n import _, ngettext
from game.ui import players, theme
from game.ui.table_common import banner_back

MARK_ALPHA = 190
BANNER_IN = 0.25  # seconds sliding in
BANNER_HOLD = 1.3
BANNER_OUT = 0.4
BANNER_SIZE = 48
RECAP_TEXT = 28  # the smallest text anywhere (read from a sofa)
RECAP_PAD = 16
RECAP_BADGE = 24


# --- the last moves -------------------------------------------------------------------------
@lru_cache(maxsize=64)
def _mark_frame(size: tuple[int, int], rgb: tuple[int, int, int]) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, (*rgb, MARK_ALPHA), s.get_rect().inflate(-4, -4), 3, border_radius=7)
    return s


def draw_marks(surface: pygame.Surface, marks: dict[int, list[tuple[int, int]]],
               cell_rect: Callable[[int, int], pygame.Rect], colour: Sequence[int]) -> None:
    """``marks``: seat -> cells (``Glance.marks``); ``colour``: each seat's palette index."""
    for q, cells in marks.items():
        rgb = players.colour(colour[q])
        for x, y in cells:
            r = cell_rect(x, y)
            surface.blit(_mark_frame(r.size, rgb), r)
            radius = max(7, round(min(r.w, r.h) * 0.15))
            players.draw_swatch(surface, colour[q], (r.right - radius - 1, r.y + radius + 1),
                                radius)


# --- "your turn" ----------------------------------------------------------------------------
@dataclass
class TurnBanner:
    words: Callable[[], str] | None = None  # the words, in the language of the moment
    age: float = BANNER_IN + BANNER_HOLD + BANNER_OUT  # shown out

    def show(self, words: Callable[[], str]) -> None:
        self.words, self.age = words, 0.0

    @property
    def text(self) -> str:
        return self.words() if self.words is not None else ""

    def update(self, dt: float) -> None:
        self.age += dt

    def leave(self) -> None:
        """Fade out now (the player has moved: the cue did its work)."""
        self.age = max(self.age, BANNER_IN + BANNER_HOLD)

    @property
    def visible(self) -> bool:
        return bool(self.text) and self.age < BANNER_IN + BANNER_HOLD + BANNER_OUT

    def phase(self) -> tuple[float, float]:
        """(slide 0..1 - 1 in place, opacity 0..1) now."""
        if self.age < BANNER_IN:
            k = self.age / BANNER_IN
            return 1 - (1 - k) ** 3, k
        out = self.age - BANNER_IN - BANNER_HOLD
        return 1.0, 1.0 if out <= 0 else max(0.0, 1 - out / BANNER_OUT)

    def draw(self, surface: pygame.Surface, board: pygame.Rect) -> None:
        if not self.visible:
            return
        slide, alpha = self.phase()
        face = _banner_face(self.text, board.w - 120, theme.ui_scale())
        r = face.get_rect(center=(board.centerx, board.y + board.h // 4))
        r.y -= round(40 * (1 - slide))
        back = banner_back((r.w + 60, r.h + 8)).copy()
        back.set_alpha(round(255 * alpha))
        surface.blit(back, r.inflate(60, 8))
        face.set_alpha(round(255 * alpha))
        surface.blit(face, r)
        face.set_alpha(255)


@lru_cache(maxsize=16)
def _banner_face(text: str, width: int, scale: float) -> pygame.Surface:
    """The banner's words at the Text size's size, or smaller when a long name would not fit
    ``width`` (``scale``: the cache key of the Text size)."""
    px = theme.scaled(BANNER_SIZE)
    while px > 28 and theme.font(px, display=True, fixed=True).size(text)[0] > width:
        px -= 2
    return theme.shadowed_text(text, px, (255, 236, 170), display=True, fixed=True)


def turn_text(name: str, hot_seat: bool) -> str:
    if hot_seat:
        # Translators: the banner when the turn comes to a player at a table of several humans
        return _("Your turn, {player}").format(player=name)
    # Translators: the banner when the turn comes to the player
    return _("Your turn")


# --- the recap ------------------------------------------------------------------------------
def recap_title() -> str:
    # Translators: the heading of the card listing the other players' moves
    return _("Since your last turn:")


def recap_more(n: int) -> str:
    # Translators: under the recap, when older moves were left out
    return ngettext("(and {n} earlier move in the log)", "(and {n} earlier moves in the log)",
                    n).format(n=n)


def recap_hint() -> str:
    # Translators: how to close the recap card
    return _("Click or press Esc to close")


def badge_size() -> int:
    """The seat badge before a recap line: as tall as the text's capitals."""
    return theme.scaled(RECAP_BADGE)


class RecapCard:
    """The card of the others' moves for one human; ``lines``: (seat colour, text)."""

    def __init__(self, seat: int, lines: list[tuple[int, str]], left_out: int) -> None:
        self.seat = seat
        self.lines = lines
        self.left_out = left_out
        self.rect = pygame.Rect(0, 0, 0, 0)  # where it was last drawn (for clicks)

    def rows(self, width: int, most: int | None = None) -> list[tuple[int | None, str, bool]]:
        """(badge colour or None, row text, bold) wrapped to ``width``; with ``most``, the
        oldest moves give way (whole) until the rows fit, and are counted as left out; when
        the newest alone is too long, the hint goes, then its last rows (an ellipsis says)."""
        lines, left_out = list(self.lines), self.left_out
        while True:
            out = self._rows(width, lines, left_out)
            if most is None or len(out) <= most:
                return out
            if len(lines) <= 1:
                break
            lines, left_out = lines[1:], left_out + 1
        out = self._rows(width, lines, left_out, hint=False)
        if len(out) > most:
            out = out[:most]
            colour, text, bold = out[-1]
            room = width - 2 * RECAP_PAD - (badge_size() + 10 if colour is not None else 0)
            out[-1] = (colour, _cut(text.rstrip(".,;: "), room), bold)
        return out

    @staticmethod
    def _rows(width: int, lines: list[tuple[int, str]], left_out: int, hint: bool = True
              ) -> list[tuple[int | None, str, bool]]:
        full_w = width - 2 * RECAP_PAD
        out: list[tuple[int | None, str, bool]] = [
            (None, row, True) for row in theme.wrap(recap_title(), RECAP_TEXT, full_w, True)]
        text_w = full_w - badge_size() - 10
        for colour, text in lines:
            for k, row in enumerate(theme.wrap(text, RECAP_TEXT, text_w)):
                out.append((colour if k == 0 else -1, row, False))
        if left_out:
            out += [(-1, row, False)
                    for row in theme.wrap(recap_more(left_out), RECAP_TEXT, text_w)]
        if hint:
            out += [(None, row, False) for row in theme.wrap(recap_hint(), RECAP_TEXT, full_w)]
        return out

    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Over the bottom of ``area`` (the log), as tall as its rows (the oldest rows give
        way when they would not fit)."""
        step = theme.line_height(RECAP_TEXT)
        rows = self.rows(area.w, max(2, (area.h - 2 * RECAP_PAD) // step))
        h = len(rows) * step + 2 * RECAP_PAD
        self.rect = pygame.Rect(area.x, area.bottom - h, area.w, h)
        theme.draw_panel(surface, self.rect)
        y = self.rect.y + RECAP_PAD
        for colour, text, bold in rows:
            x = self.rect.x + RECAP_PAD
            if colour is not None:
                badge = badge_size()
                if colour >= 0:
                    players.draw_swatch(surface, colour, (x + badge // 2, y + step // 2),
                                        badge // 2 - 2)
                x += badge + 10
            ink = theme.INK if colour is not None or bold else theme.INK_SOFT
            img = theme.text(text, RECAP_TEXT, ink, bold)
            surface.blit(img, img.get_rect(midleft=(x, y + step // 2)))
            y += step


# --- the recap on the hand-off screen -------------------------------------------------------
HANDOFF_RECAP_MOST = 4  # lines under the hand-off's message: the piece and title keep room


def recap_block(lines: Sequence[tuple[int, str]], width: int) -> pygame.Surface | None:
    """"Since your last turn:" and the newest lines (one row each, shortened to ``width``),
    light on the dark hand-off screen; None when there is nothing to tell."""
    lines = list(lines)[-HANDOFF_RECAP_MOST:]
    if not lines:
        return None
    step = theme.line_height(RECAP_TEXT)
    rows = [theme.shadowed_text(recap_title(), RECAP_TEXT, theme.ON_TABLE, False, 2)]
    badge = badge_size()
    for colour, text in lines:
        face = theme.shadowed_text(_shortened(text, width - badge - 10), RECAP_TEXT,
                                   theme.ON_TABLE_SOFT, False, 2)
        row = pygame.Surface((face.get_width() + badge + 10, face.get_height()),
                             pygame.SRCALPHA)
        players.draw_swatch(row, colour, (badge // 2 + 2, row.get_height() // 2),
                            badge // 2 - 2)
        row.blit(face, (badge + 6, 0))
        rows.append(row)
    pad = rows[0].get_height() - step
    out = pygame.Surface((max(r.get_width() for r in rows), step * len(rows) + pad + 12),
                         pygame.SRCALPHA)
    for i, row in enumerate(rows):
        out.blit(row, row.get_rect(midtop=(out.get_width() // 2, 12 + i * step)))
    return out


def _cut(text: str, width: int) -> str:
    """``text`` ending with an ellipsis (it goes on), within ``width`` at the recap's size."""
    f = theme.font(RECAP_TEXT)
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _shortened(text: str, width: int) -> str:
    """``text`` cut with an ellipsis to fit ``width`` at the recap's size."""
    f = theme.font(RECAP_TEXT)
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


def below(top: pygame.Surface | None, bottom: pygame.Surface | None) -> pygame.Surface | None:
    """``top`` with ``bottom`` under it, both centred (either may be None)."""
    if top is None or bottom is None:
        return top or bottom
    w = max(top.get_width(), bottom.get_width())
    out = pygame.Surface((w, top.get_height() + bottom.get_height()), pygame.SRCALPHA)
    out.blit(top, top.get_rect(midtop=(w // 2, 0)))
    out.blit(bottom, bottom.get_rect(midtop=(w // 2, top.get_height())))
    return out
