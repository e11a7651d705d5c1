"""The replay's control bar (``ReplayBar``): its layout under the board, its face, the
info row (the move, round and phase), who moves next, the review's words, the timeline with
its round ticks and marks, and the transport buttons with their icons.

The bar reads the ``ReplayScene`` it belongs to (where the replay is, what is focused,
hovered or pressed) and draws it; the scene decides what a click or key does.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.registry import GAMES
from game.scenes.review import draw_marks
from game.ui import art, players, theme
from game.ui.table_common import focus_ring

if TYPE_CHECKING:
    from game.scenes.replay import ReplayScene

BAR_BOTTOM = 1068  # the bar's bottom edge
BAR_PAD = 20  # inside the bar's rim
BAR_GAP = 8  # between the board (and its letters and numbers) and the top of the bar
# (padding above and below, between rows, the timeline's height, below it): the usual
# spacing, and the closer one of a bar that would otherwise rise over the board
SPACINGS = ((16, 8, 40, 10), (8, 4, 32, 6))
WIDE_BAR = 1200  # a bar this wide says who moves next on its buttons' row
BUTTONS = ("start", "back", "play", "forward", "end", "speed", "close")
TRANSPORT = BUTTONS[:5]

GROOVE = (92, 64, 42)
GROOVE_EDGE = (64, 42, 26)
TICK = (206, 186, 150)



def phase_words(game_id: str, phase: str | None) -> str:
    """What the players are doing in ``phase`` of ``game_id``, in the player's language, as
    the game's descriptor names it ("": the game is over, ``phase`` None)."""
    if not phase:
        return ""
    words = dict(GAMES[game_id].phase_words).get(phase)
    # a phase the descriptor gives no words reads as its id
    return _(words) if words else phase.replace("_", " ").capitalize()


SEPARATOR = "  ·  "


@lru_cache(maxsize=512)
def pack_parts(parts: tuple[str, ...], width: int, scale: float) -> list[str]:
    """The info row's parts on as few lines ``width`` wide as they go, whole parts joined by
    the separator; a part wider than a line is wrapped by words.  ``scale``: the cache key of
    the text size (the language is in the words)."""
    font = theme.font(theme.SMALL_SIZE, bold=True)
    lines: list[str] = []
    for part in parts:
        trial = SEPARATOR.join([lines[-1], part]) if lines else part
        if lines and font.size(trial)[0] <= width:
            lines[-1] = trial
        elif font.size(part)[0] <= width:
            lines.append(part)
        else:
            lines += theme.wrap(part, theme.SMALL_SIZE, width, bold=True)
    return lines


# --- pictures --------------------------------------------------------------------------------
@cache
def icon(kind: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A transport icon (start, back, play, pause, forward, end), drawn 4x and smoothed."""
    k = 4
    s = size * k
    big = pygame.Surface((s, s), pygame.SRCALPHA)
    c = s / 2
    h = s * 0.62  # triangle height
    w = s * 0.5  # triangle width
    bar = max(k * 3, round(s * 0.13))

    def tri(x_tip: float, pointing: int) -> None:
        base = x_tip - pointing * w
        pygame.draw.polygon(big, colour, [(x_tip, c), (base, c - h / 2), (base, c + h / 2)])

    if kind == "play":
        tri(c + w * 0.58, 1)
    elif kind == "pause":
        gap = s * 0.12
        for x in (c - gap - bar * 1.1, c + gap):
            pygame.draw.rect(big, colour, (x, c - h / 2, bar * 1.1, h), border_radius=k * 2)
    elif kind in ("back", "forward"):
        d = -1 if kind == "back" else 1
        total = w + bar + s * 0.06
        x0 = c - d * total / 2  # the triangle's base side
        tri(x0 + d * w, d)
        bx = x0 + d * (w + s * 0.06)
        pygame.draw.rect(big, colour, (bx if d > 0 else bx - bar, c - h / 2, bar, h),
                         border_radius=k)
    elif kind in ("start", "end"):
        d = -1 if kind == "start" else 1
        w2 = w * 0.72
        total = 2 * w2 + bar + s * 0.04
        x0 = c - d * total / 2
        for i in range(2):
            base = x0 + d * i * w2
            pygame.draw.polygon(big, colour, [(base + d * w2, c), (base, c - h / 2),
                                              (base, c + h / 2)])
        bx = x0 + d * (2 * w2 + s * 0.04)
        pygame.draw.rect(big, colour, (bx if d > 0 else bx - bar, c - h / 2, bar, h),
                         border_radius=k)
    return pygame.transform.smoothscale(big, (size, size))


@cache
def bar_panel(size: tuple[int, int]) -> pygame.Surface:
    """The bar's face: a cream panel with a wooden rim, like the table's prompt panels."""
    w, h = size
    out = pygame.Surface((w + 40, h + 40), pygame.SRCALPHA)
    out.blit(theme.shadow(size, 20, 18, 120), (20 - 18, 20 - 18 + 6))
    face = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(face, art.shade(theme.CREAM_LINE, 0.55), face.get_rect(), border_radius=20)
    inner = face.get_rect().inflate(-8, -8)
    pygame.draw.rect(face, theme.CREAM, inner, border_radius=16)
    hi = tuple(min(255, v + 10) for v in theme.CREAM)
    pygame.draw.line(face, hi, (inner.x + 16, inner.y + 3), (inner.right - 16, inner.y + 3), 2)
    out.blit(face, (20, 20))
    return out


@theme.rescaled
@cache
def tag(label: str, height: int) -> pygame.Surface:
    """A small terracotta pill ("REPLAY")."""
    t = theme.text(label, theme.SMALL_SIZE - 6, theme.ACCENT_INK, bold=True)
    w = t.get_width() + 26
    out = pygame.Surface((w, height), pygame.SRCALPHA)
    pygame.draw.rect(out, theme.ACCENT, out.get_rect(), border_radius=height // 2)
    out.blit(t, t.get_rect(center=(w // 2, height // 2 + 1)))
    return out


# --- the bar ---------------------------------------------------------------------------------
class ReplayBar:
    """The bar of ``scene``: laid out at once, its button faces rendered once."""

    def __init__(self, scene: ReplayScene) -> None:
        self.scene = scene
        self._texts: dict = {}
        self.review_laid_out = False  # laid out for the finished review's words
        self.lay_out()
        self._warm()

    def on_ui_scale(self) -> None:
        """A new text size or language: laid out for its words again, rendered again."""
        self._texts.clear()
        self.lay_out()

    # --- layout ----------------------------------------------------------------------------------
    def lay_out(self) -> None:
        """Place the bar's rows and buttons for its words (the review's too, once done)."""
        s = self.scene
        lay = s.table.layout
        msg = lay.message_rect
        # The bar grows upwards for its words, but never over the board: first its rows draw
        # closer, then a table that keeps what is being carried out (left of its prompt) in
        # view gives that up for a bar under the whole board, then the bar reaches over the
        # log's lower part, then the review's words are made a little smaller; only words
        # that still do not fit make it taller.
        room = BAR_BOTTOM - (lay.board_rect.bottom + BAR_GAP)
        lefts = [msg.x] if GAMES[s.record.GAME_ID].replay_from_prompt else []
        spans = [(left, msg.right) for left in [*lefts, 16]] + [(16, 1904)]
        tries = [(span, space, most) for most in (None, room) for span in spans
                 for space in SPACINGS]
        for (left, right), space, most in tries:  # the last: over the log's lower part too
            self.rect = pygame.Rect(left, msg.y, right - left, BAR_BOTTOM - msg.y)
            self.spacing = space
            rows = self._rows(room - 2 * space[0] if most else None)
            if rows + 2 * space[0] <= room:
                break
        r = self.rect
        vpad, row_gap, scrub_h, scrub_gap = self.spacing
        pad = BAR_PAD
        bh = 68 if self.wide else 64
        bw = 84 if self.wide else 72
        gap = 10 if self.wide else 8
        inner = r.inflate(-2 * pad, 0)
        info_h, review_h, who_h = self._row_heights
        if rows + 2 * vpad > r.h:
            r.h = rows + 2 * vpad
            r.bottom = BAR_BOTTOM
        y = r.y + max(vpad, (r.h - rows) // 2)
        self.info_rect = pygame.Rect(inner.x, y, inner.w, info_h)
        y += info_h + row_gap
        self.review_rect = pygame.Rect(inner.x, y, inner.w, review_h)
        y += review_h + row_gap
        self.who_rect = None
        if not self.wide:
            self.who_rect = pygame.Rect(inner.x, y, inner.w, who_h)
            y += who_h + 4
        self.scrub_rect = pygame.Rect(inner.x, y, inner.w, scrub_h)
        self.track_rect = pygame.Rect(inner.x + 16, y + (scrub_h - 14) // 2, inner.w - 32, 14)
        y += scrub_h + scrub_gap
        self.buttons: dict[str, pygame.Rect] = {}
        x = inner.x
        for key in TRANSPORT:
            self.buttons[key] = pygame.Rect(x, y, bw, bh)
            x += bw + gap
        x += 6
        self.buttons["speed"] = pygame.Rect(x, y, 96 if self.wide else 84, bh)
        close_w = 150 if self.wide else 128
        self.buttons["close"] = pygame.Rect(inner.right - close_w, y, close_w, bh)
        if self.wide:
            a = self.buttons["speed"].right + 24
            self.who_rect = pygame.Rect(a, y, self.buttons["close"].x - 16 - a, bh)
        self.ticks = [self.track_x(k) for k in s.round_starts()]

    def _rows(self, most: int | None = None) -> int:
        """The height the bar's rows take at ``self.rect``'s width and ``self.spacing`` (their
        heights are kept in ``_row_heights``): the words take the lines their longest moment
        needs in the player's language and text size (most often one each); with ``most``
        (the room the whole bar has), the review's words are made smaller to fit it."""
        s = self.scene
        _vpad, row_gap, scrub_h, scrub_gap = self.spacing
        self.wide = self.rect.w >= WIDE_BAR  # room for who moves next beside the buttons
        inner = self.rect.inflate(-2 * BAR_PAD, 0)
        self.info_x = inner.x + self._tag().get_width() + 14
        info_h = max(36, theme.line_height(theme.SMALL_SIZE, bold=True) * max(
            len(pack_parts(parts, inner.right - self.info_x, theme.ui_scale()))
            for parts in self._widest_infos()))
        who_h = 0 if self.wide else max(34, theme.line_height(theme.SMALL_SIZE) * max(
            len(theme.wrap(words, theme.SMALL_SIZE, inner.w - 40)[:2])
            for words in self._widest_whos()))
        bh = 68 if self.wide else 64
        others = info_h + 2 * row_gap + (0 if self.wide else who_h + 4) + scrub_h + scrub_gap + bh
        self.review_laid_out = s.panel.complete
        review_h = s.panel.height(inner.w, None if most is None else most - others)
        self._row_heights = (info_h, review_h, who_h)
        return others + review_h

    def _widest_infos(self) -> list[tuple[str, ...]]:
        """The info row's words at each kind of moment of this game (with the most digits)."""
        s = self.scene
        return [tuple(s.info_parts(s.total, fact)) for fact in set(s.chapters)]

    def _widest_whos(self) -> list[str]:
        """What the bar may say of who moves next or who won, for each seat."""
        s = self.scene
        names = players.listed(s.names)
        return [_("End of the recording (the game was not finished)"),
                _("Game over: shared win, {players}").format(players=names),
                *(_("{player} moves next").format(player=n) for n in s.names),
                *(_("Game over: {player} wins").format(player=n) for n in s.names)]

    def track_x(self, k: float) -> int:
        s = self.scene
        t = self.track_rect
        return round(t.x + t.w * (k / s.total if s.total else 0.0))

    def move_at(self, x: float) -> int:
        s = self.scene
        t = self.track_rect
        if not s.total:
            return 0
        return max(0, min(s.total, round((x - t.x) / max(1, t.w) * s.total)))

    def _warm(self) -> None:
        """Render every button face once now, so no frame pays for it later."""
        for key in BUTTONS:
            for state in ("normal", "hover", "focus", "pressed", "disabled"):
                self._face(key, state)
        size = self.buttons["play"].h - 26
        for kind in ("start", "back", "play", "pause", "forward", "end"):
            for colour in self._icon_colours():
                icon(kind, size, colour)
        bar_panel(self.rect.size)

    @staticmethod
    def _icon_colours():
        return (art.BUTTON_STYLES["primary"][1], art.BUTTON_STYLES["secondary"][1], (120, 112, 104))

    def mark_xs(self) -> list[int]:
        """Where the costliest moves' marks stand on the timeline, costliest first."""
        s = self.scene
        return [self.track_x(v.move) for v in s.panel.marks()]

    def _text(self, message: str, size: int, colour=theme.INK, bold: bool = False):
        key = (message, size, colour, bold)
        img = self._texts.get(key)
        if img is None:
            if len(self._texts) > 300:
                self._texts.clear()
            img = self._texts[key] = theme.text(message, size, colour, bold)
        return img

    @staticmethod
    def _tag() -> pygame.Surface:
        # Translators: the tag on the replay bar, in capitals
        return tag(_("REPLAY"), 30)

    def _face(self, key: str, state: str) -> pygame.Surface:
        s = self.scene
        rect = self.buttons[key]
        label = ""
        if key == "speed":
            label = f"{s.speed:g}×"
        elif key == "close":
            # Translators: the replay bar's button that leaves the replay
            label = _("Close")
        style = "primary" if key == "play" else "secondary"
        return art.button_surface(rect.size, label, state, style)

    def _state(self, key: str) -> str:
        s = self.scene
        if not s.enabled(key):
            return "disabled"
        if s.keyboard and s.focus == key:
            return "focus"
        rect = self.buttons[key]
        if not s.keyboard and s.hover is not None and rect.collidepoint(s.hover):
            return "pressed" if s.pressed == key else "hover"
        return "normal"

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scene
        r = self.rect
        surface.blit(bar_panel(r.size), (r.x - 20, r.y - 20))
        # info row: REPLAY tag, move / round / phase, hints
        ir = self.info_rect
        lines = pack_parts(tuple(s.info_parts()), ir.right - self.info_x, theme.ui_scale())
        lh = theme.line_height(theme.SMALL_SIZE, bold=True)
        top = ir.y + (ir.h - lh * len(lines)) // 2
        pill = self._tag()
        surface.blit(pill, pill.get_rect(midleft=(ir.x, top + lh // 2)))
        for i, line in enumerate(lines):
            img = self._text(line, theme.SMALL_SIZE, theme.INK, True)
            surface.blit(img, img.get_rect(midleft=(self.info_x, top + i * lh + lh // 2)))
        if self.wide and len(lines) == 1:
            hint = self._text(s.hints(), theme.SMALL_SIZE - 4, theme.INK_SOFT)
            end = self.info_x + self._text(lines[0], theme.SMALL_SIZE, theme.INK, True).get_width()
            if end + 30 + hint.get_width() <= ir.right:
                surface.blit(hint, hint.get_rect(midright=(ir.right, ir.centery)))
        self._draw_who(surface)
        s.panel.draw(surface, self.review_rect, s.drag_target if s.dragging
                        else s.move, s.pad, (GROOVE, GROOVE_EDGE))
        self._draw_scrubber(surface)
        for key, rect in self.buttons.items():
            state = self._state(key)
            surface.blit(self._face(key, state), rect)
            if key in TRANSPORT:
                kind = ("pause" if s.playing else "play") if key == "play" else key
                colours = self._icon_colours()
                colour = colours[2] if state == "disabled" else (
                    colours[0] if key == "play" else colours[1])
                depth = max(2.0, rect.h * 0.07)
                img = icon(kind, rect.h - 26, colour)
                press = round(depth * 0.7) if state == "pressed" else 0
                surface.blit(img, img.get_rect(center=(rect.centerx,
                                                       rect.centery - depth / 2 + press)))
            if state == "focus":
                focus_ring(surface, rect)

    def _draw_who(self, surface: pygame.Surface) -> None:
        s = self.scene
        wr = self.who_rect
        if wr is None:
            return
        q, words = s.who()
        x = wr.x
        if q is not None:
            players.draw_swatch(surface, s.colours[q], (x + 16, wr.centery), 14)
            x += 40
        px, lines, step = theme.fit_wrap(words, theme.SMALL_SIZE, wr.right - x, wr.h,
                                         scale=theme.ui_scale())
        y = wr.centery - step * len(lines) // 2
        for line in lines:
            img = theme.text(line, px, theme.INK, fixed=True)
            surface.blit(img, img.get_rect(midleft=(x, y + step // 2)))
            y += step

    def _draw_scrubber(self, surface: pygame.Surface) -> None:
        s = self.scene
        t = self.track_rect
        pygame.draw.rect(surface, GROOVE, t, border_radius=t.h // 2)
        k = s.drag_target if s.dragging else s.move
        x = self.track_x(k)
        if x > t.x:
            done = pygame.Rect(t.x, t.y, x - t.x, t.h)
            pygame.draw.rect(surface, theme.ACCENT, done, border_radius=t.h // 2)
        pygame.draw.rect(surface, GROOVE_EDGE, t, 2, border_radius=t.h // 2)
        for tx in self.ticks:
            pygame.draw.line(surface, TICK if tx > x else theme.CREAM, (tx, t.y - 5),
                             (tx, t.bottom + 4), 2)
        draw_marks(surface, t, self.mark_xs())
        hot = s.dragging or (not s.keyboard and s.hover is not None
                                and self.scrub_rect.inflate(0, 16).collidepoint(s.hover))
        radius = 17 if hot else 14
        pygame.draw.circle(surface, theme.SHADOW, (x + 1, t.centery + 3), radius)
        pygame.draw.circle(surface, theme.CREAM, (x, t.centery), radius)
        pygame.draw.circle(surface, theme.ACCENT if hot else art.shade(theme.ACCENT, 0.8),
                           (x, t.centery), radius, 4)
