"""``RulesOverlay``: a game's rules summary in a cream panel over the dimmed table.

    services.stack.push(RulesOverlay(services, "oregon"))

The text comes from ``rules.md`` in the game's folder (``game/games/<game_id>/``), found through the package (never the
working directory), in a small Markdown subset: ``#`` and ``##`` headings, paragraphs (lines
joined until a blank line), ``- `` bullets (indent two spaces for a second level) and
``**bold**`` inside any of them.  It is laid out once into a tall surface; scrolling only
moves a window over it.

Scroll with the wheel, the arrows or d-pad, Page Up / Page Down (and the pad's shoulders),
Home / End, by dragging the text or the scroll bar.  Esc, pad B, F1 or Start close it; so
does the Close button.
"""

from __future__ import annotations

import re

import pygame

from game import assets
from game.i18n import _
from game.registry import GAMES
from game.rules_text import Block, parse, rules_text
from game.scenes.menu import MenuScene
from game.ui import intents as I
from game.ui import layout, theme
from game.ui.widgets import Button

PANEL_SIZE = (1360, 1000)
BODY = 30  # body text: at least 28 px, read from a sofa
H1 = 56
H2 = 40
LEAD = 1.28  # line spacing, times the font height
HEADING_INK = (170, 70, 26)  # a deeper terracotta: headings on cream
LINE_STEP = 96  # px per arrow press
WHEEL_STEP = 132  # px per wheel notch
GLIDE = 16.0  # how fast the text glides to the scroll target (1/s)
FADE_H = 36  # the soft edge at the top and bottom of the text

# --------------------------------------------------------------------------------------------
# Loading and the Markdown subset
# --------------------------------------------------------------------------------------------

# A breaking space: a no-break space (French "Ventes :", U+00A0 or U+202F) stays inside its
# word, as in ``theme.wrap``.
_SPACE = re.compile("([^\\S\u00a0\u202f]+)")


def runs(text: str) -> list[tuple[str, bool, bool]]:
    """Words of ``text`` as (word, bold, space_before); ``**`` toggles bold."""
    out: list[tuple[str, bool, bool]] = []
    space = False
    for i, part in enumerate(text.split("**")):
        bold = i % 2 == 1
        for tok in _SPACE.split(part):
            if not tok:
                continue
            if _SPACE.fullmatch(tok):
                space = True
            else:
                out.append((tok, bold, space and bool(out)))
                space = False
    return out


# --------------------------------------------------------------------------------------------
# Layout
# --------------------------------------------------------------------------------------------


def _wrap_runs(words, size: int, width: int):
    """Place words on lines: [[(x, word, bold), ...], ...]."""
    fonts = {False: theme.font(size), True: theme.font(size, bold=True)}
    space_w = fonts[False].size(" ")[0]
    lines: list[list[tuple[int, str, bool]]] = [[]]
    x = 0
    for word, bold, space in words:
        w = fonts[bold].size(word)[0]
        gap = space_w if space and x > 0 else 0
        if x > 0 and x + gap + w > width and space:
            lines.append([])
            x, gap = 0, 0
        lines[-1].append((x + gap, word, bold))
        x += gap + w
    return lines


def render_document(blocks: list[Block], width: int) -> pygame.Surface:
    """Lay the blocks out ``width`` px wide into one transparent surface."""
    items: list[tuple[int, int, pygame.Surface]] = []  # (x, y, image)
    y = 0
    first = True
    for block in blocks:
        if block.kind in ("h1", "h2"):
            size = H1 if block.kind == "h1" else H2
            ink = theme.INK if block.kind == "h1" else HEADING_INK
            if not first:
                y += 30 if block.kind == "h1" else 26
            f = theme.font(size, display=True)
            for line in theme.wrap(block.text.replace("**", ""), size, width):
                img = f.render(line, True, ink)
                items.append((0, y, img))
                y += round(f.get_height() * 1.1)
            if block.kind == "h1":
                y += 6
                bar = pygame.Surface((min(width, 140), 6), pygame.SRCALPHA)
                pygame.draw.rect(bar, theme.ACCENT, bar.get_rect(), border_radius=3)
                items.append((0, y, bar))
                y += 22
            else:
                y += 6
        else:
            indent = 0 if block.kind == "p" else 44 + 40 * block.level
            lines = _wrap_runs(runs(block.text), BODY, width - indent)
            fonts = {False: theme.font(BODY), True: theme.font(BODY, bold=True)}
            step = round(fonts[False].get_height() * LEAD)
            if block.kind == "li":
                dot = pygame.Surface((16, 16), pygame.SRCALPHA)
                colour = theme.ACCENT if block.level == 0 else theme.INK_SOFT
                if block.level == 0:
                    pygame.draw.circle(dot, colour, (8, 8), 6)
                else:
                    pygame.draw.circle(dot, colour, (8, 8), 5, 2)
                cy = y + fonts[False].get_height() // 2
                items.append((indent - 30, cy - 8, dot))
            for line in lines:
                for x, word, bold in line:
                    ink = theme.INK
                    items.append((indent + x, y, fonts[bold].render(word, True, ink)))
                y += step
            y += 12 if block.kind == "p" else 6
        first = False
    height = max(1, y)
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    for x, iy, img in items:
        surf.blit(img, (x, iy))
    return surf.convert_alpha() if pygame.display.get_surface() else surf


def _edge_fade(width: int, colour, down: bool) -> pygame.Surface:
    """A band of the panel's colour fading to clear (down=True: opaque at the top)."""
    surf = pygame.Surface((width, FADE_H), pygame.SRCALPHA)
    for i in range(FADE_H):
        t = i / (FADE_H - 1)
        a = round(255 * ((1 - t) if down else t) ** 1.6)
        pygame.draw.line(surf, (*colour, a), (0, i), (width, i))
    return surf


# --------------------------------------------------------------------------------------------
# The overlay
# --------------------------------------------------------------------------------------------


class RulesOverlay(MenuScene):
    opaque = False
    dim = 170

    def __init__(self, services, game_id: str):
        self.game_id = game_id
        self.game_name = GAMES[game_id].name if game_id in GAMES else game_id.title()
        self.panel_rect = layout.centered(PANEL_SIZE)
        p = self.panel_rect
        self.view = pygame.Rect(p.x + 80, p.y + 150, p.width - 180, p.height - 150 - 140)
        self.track = pygame.Rect(self.view.right + 34, self.view.y + 4, 10, self.view.height - 8)
        self._lay_out()
        self.offset = 0.0  # scroll target: pixels from the top of the text
        self._shown = 0.0
        self._drag: tuple[str, int, float] | None = None
        self._fade_top = _edge_fade(self.view.width + 20, theme.CREAM, down=True)
        self._fade_bottom = _edge_fade(self.view.width + 20, theme.CREAM, down=False)
        super().__init__(services)

    def _lay_out(self) -> None:
        """The summary in the language spoken now, laid out into ``self.document``."""
        self.blocks = [Block(b.kind, _(b.text), b.level) for b in parse(rules_text(self.game_id))]
        shown = self.blocks
        if shown and shown[0].kind == "h1":  # the panel's title already names the game
            shown = shown[1:]
        self.document = render_document(shown, self.view.width)

    def on_ui_scale(self) -> None:
        """A new language: the summary is laid out again, scrolled as far in proportion."""
        share = self.offset / self.max_offset if self.max_offset else 0.0
        self._lay_out()
        self.scroll_to(share * self.max_offset, smooth=False)
        super().on_ui_scale()

    # --- scrolling ----------------------------------------------------------------------------
    @property
    def max_offset(self) -> float:
        return float(max(0, self.document.get_height() - self.view.height))

    def scroll_to(self, offset: float, *, smooth: bool = True) -> None:
        self.offset = min(self.max_offset, max(0.0, float(offset)))
        if not smooth:
            self._shown = self.offset

    def scroll_by(self, pixels: float, *, smooth: bool = True) -> None:
        self.scroll_to(self.offset + pixels, smooth=smooth)

    def page(self, n: int) -> None:
        self.scroll_by(n * (self.view.height - 2 * FADE_H))

    def _thumb(self) -> pygame.Rect | None:
        top = self.max_offset
        if top <= 0:
            return None
        t = self.track
        h = max(60, round(t.height * self.view.height / self.document.get_height()))
        k = min(1.0, max(0.0, self._shown / top))
        return pygame.Rect(t.x, t.y + round((t.height - h) * k), t.width, h)

    def _drag_thumb(self, y: int) -> None:
        thumb = self._thumb()
        if thumb is None:
            return
        t = self.track
        k = (y - t.y - thumb.height / 2) / max(1, t.height - thumb.height)
        self.scroll_to(min(1.0, max(0.0, k)) * self.max_offset, smooth=False)

    # --- building -----------------------------------------------------------------------------
    def build(self) -> None:
        p = self.panel_rect
        close = pygame.Rect(0, 0, 260, theme.BUTTON_HEIGHT)
        close.bottomright = (p.right - 60, p.bottom - 34)
        self.close_button = self.group.add(
            Button(close, _("Close"), self.back, primary=True, key="close", sound=None)
        )

    def draw_static(self, surface: pygame.Surface) -> None:
        p = self.panel_rect
        theme.draw_panel(surface, p)
        icon = None
        try:

            icon = assets.pictogram("1F4D6", 64)  # an open book
        except Exception:  # noqa: BLE001 - the icon is decoration
            icon = None
        x = p.x + 80
        if icon is not None:
            surface.blit(icon, icon.get_rect(midleft=(x - 6, p.y + 78)))
            x += 76
        title = theme.fit_text(_("{game} rules").format(game=self.game_name), theme.H2_SIZE + 8,
                               p.right - 80 - x, theme.INK, display=True)
        surface.blit(title, title.get_rect(midleft=(x, p.y + 78)))
        line_y = self.view.y - 22
        pygame.draw.line(surface, theme.CREAM_LINE, (p.x + 60, line_y), (p.right - 60, line_y), 2)
        line_y = self.view.bottom + 22
        pygame.draw.line(surface, theme.CREAM_LINE, (p.x + 60, line_y), (p.right - 60, line_y), 2)
        hint = theme.fit_text(
            _("Wheel, arrows or drag to scroll  ·  Esc or F1 to close"),
            theme.SMALL_SIZE,
            self.close_button.rect.x - 24 - (p.x + 80),
            theme.INK_SOFT,
        )
        surface.blit(hint, hint.get_rect(midleft=(p.x + 80, self.close_button.rect.centery)))

    # --- input --------------------------------------------------------------------------------
    def handle(self, intent: I.Intent) -> bool:
        k = intent.kind
        if k == I.MOVE:
            if intent.dy:
                self.scroll_by(intent.dy * LINE_STEP)
            return True
        if k == I.WHEEL:
            self.scroll_by(-intent.amount * WHEEL_STEP)
            return True
        if k == I.ROTATE:  # Page Up / Page Down, the pad's shoulder buttons
            self.page(intent.amount)
            return True
        if k == I.MENU:
            self.back()
            return True
        if k == I.KEY:
            return self._key(intent.key)
        if k == I.CLICK and intent.button == 1:
            hit_bar = self.track.inflate(36, 0).collidepoint(intent.xy)
            if hit_bar and self.max_offset > 0:
                self._drag = ("bar", intent.xy[1], self.offset)
                self._drag_thumb(intent.xy[1])
                return True
            if self.view.collidepoint(intent.xy):
                self._drag = ("text", intent.xy[1], self.offset)
                return True
        if k == I.POINT and self._drag is not None:
            if not intent.held:
                self._drag = None
            else:
                mode, y0, start = self._drag
                if mode == "bar":
                    self._drag_thumb(intent.xy[1])
                else:
                    self.scroll_to(start - (intent.xy[1] - y0), smooth=False)
                return True
        if k == I.RELEASE and self._drag is not None:
            self._drag = None
            return True
        return super().handle(intent)

    def _key(self, key) -> bool:
        if key in (pygame.K_F1, "pad_back"):  # the pad's Back button opened it too
            self.back()
        elif key == pygame.K_HOME:
            self.scroll_to(0)
        elif key == pygame.K_END:
            self.scroll_to(self.max_offset)
        elif key == pygame.K_PAGEUP:
            self.page(-1)
        elif key == pygame.K_PAGEDOWN:
            self.page(1)
        return True  # an overlay: other keys go nowhere

    # --- frame --------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        diff = self.offset - self._shown
        if abs(diff) < 0.5:
            self._shown = self.offset
        else:
            self._shown += diff * min(1.0, dt * GLIDE)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        v = self.view
        top = round(self._shown)
        area = pygame.Rect(0, top, v.width, v.height)
        surface.blit(self.document, v.topleft, area)
        if top > 0:
            surface.blit(self._fade_top, (v.x - 10, v.y))
        if top < self.max_offset - 1:
            surface.blit(self._fade_bottom, (v.x - 10, v.bottom - FADE_H))
        thumb = self._thumb()
        if thumb is not None:
            pygame.draw.rect(surface, theme.CREAM_DEEP, self.track, border_radius=5)
            hot = self._drag is not None and self._drag[0] == "bar"
            pygame.draw.rect(
                surface, theme.ACCENT if hot else theme.CREAM_LINE, thumb, border_radius=5
            )
        self.group.draw(surface, ring=self.is_top)
