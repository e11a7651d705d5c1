"""How focus is shown: a bright gold outline with a dark edge that breathes gently."""

from __future__ import annotations

import math

import pygame

from game.ui import stillness, theme


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
