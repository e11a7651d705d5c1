"""The game log's pictures (``LogView`` draws them), each made once and kept: its panel with
the title, the soft edges where rows are cut off, the seat badges and the "N new" pill."""

from __future__ import annotations

import pygame

from game.ui import art, players, theme

TEXT_SIZE = 28  # the smallest text anywhere: read from a sofa
BADGE = 26  # the seat badge before a player's line
PAD = 16
SCROLLBAR_W = 8

STYLES = {
    # style: (text, soft text, emphasis, scrollbar track, thumb)
    "dark": (theme.ON_TABLE, theme.ON_TABLE_SOFT, theme.FOCUS, (86, 64, 46), (206, 180, 140)),
    "paper": (theme.INK, theme.INK_SOFT, theme.ACCENT, theme.CREAM_DEEP, theme.CREAM_LINE),
}


class LogPictures:
    """The pictures of one log of ``style`` ("dark", "paper" or None: no panel)."""

    def __init__(self, style: str | None) -> None:
        self.style = style
        self.ink, self.soft, self.em, self.track, self.thumb = STYLES[style or "dark"]
        self._background: pygame.Surface | None = None
        self._fade_pair: tuple[pygame.Surface, pygame.Surface] | None = None
        self._badges: dict[int, pygame.Surface] = {}  # seat badges by colour
        self._pills: dict[tuple, pygame.Surface] = {}  # "N new" pills by size, label, scale

    def forget(self, pills: bool = False) -> None:
        """The log moved, was resized or rescaled: the panel and its edges are made again
        (and the pills, when the scale or language changed)."""
        self._background = None
        self._fade_pair = None
        if pills:
            self._pills.clear()

    def forget_fades(self) -> None:
        self._fade_pair = None

    def panel(self, size: tuple[int, int], title: str | None,
              bold: pygame.font.Font) -> pygame.Surface | None:
        """The log's background with its title (None for a log without one)."""
        if self.style is None:
            return None
        if self._background is None:
            try:
                surf = art.panel_surface(size, self.style).copy()
            except Exception:  # noqa: BLE001 - the shared art is optional
                colour = (58, 42, 32) if self.style == "dark" else theme.CREAM
                surf = theme.panel(size, colour).copy()
            if title:
                t = bold.render(title, True, self.soft)
                surf.blit(t, (PAD + 2, PAD - 2))
                y = PAD + bold.get_linesize() + 1
                pygame.draw.line(surf, self.track, (PAD, y), (size[0] - PAD, y), 2)
            self._background = surf
        return self._background

    def fades(self, width: int, face: tuple[int, int, int]
              ) -> tuple[pygame.Surface, pygame.Surface]:
        """Soft edges ``width`` wide where rows are cut off, in the panel's ``face`` colour."""
        if self._fade_pair is None:
            w, h = width, 18
            top = pygame.Surface((w, h), pygame.SRCALPHA)
            for i in range(h):
                a = round(255 * (1 - i / h) ** 1.5)
                pygame.draw.line(top, (*face, a), (0, i), (w, i))
            self._fade_pair = (top, pygame.transform.flip(top, False, True))
        return self._fade_pair

    def badge(self, index: int) -> pygame.Surface:
        b = self._badges.get(index)
        if b is None:
            b = players.badge(index, round(BADGE * 0.5))
            if b is None:
                b = pygame.Surface((BADGE + 4, BADGE + 4), pygame.SRCALPHA)
                players.draw_swatch(b, index, (BADGE // 2 + 2, BADGE // 2 + 2), BADGE // 2)
            self._badges[index] = b
        return b

    def pill_face(self, size: tuple[int, int], label: str) -> pygame.Surface:
        key = (size, label, theme.ui_scale())
        face = self._pills.get(key)
        if face is None:
            w, h = size
            face = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(face, theme.ACCENT, (0, 0, w, h), border_radius=h // 2)
            pygame.draw.rect(face, theme.FOCUS_EDGE, (0, 0, w, h), 2, border_radius=h // 2)
            t = theme.font(TEXT_SIZE, bold=True).render(label, True, theme.ACCENT_INK)
            cx = w // 2 + 12
            face.blit(t, t.get_rect(center=(cx, h // 2 + 1)))
            ax, ay = cx - t.get_width() // 2 - 18, h // 2
            pygame.draw.polygon(
                face, theme.ACCENT_INK, [(ax - 8, ay - 5), (ax + 8, ay - 5), (ax, ay + 6)]
            )
            if len(self._pills) > 64:
                self._pills.clear()
            self._pills[key] = face
        return face
