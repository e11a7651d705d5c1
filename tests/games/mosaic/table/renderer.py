"""Drawing the Mosaic table: plain shapes (the test game has no art of its own)."""

from __future__ import annotations

from typing import Any

import pygame

from game import palette
from game.i18n import _
from game.scenes.table import screen
from game.ui import theme
from game.ui.table_common import draw_panel_frame, draw_score_track, draw_track_markers

from ..engine import SIZE

WOOD = (92, 62, 40)
KIND_COLOURS = {"sun": (236, 178, 52), "leaf": (92, 160, 72), "sea": (62, 120, 196),
                "clay": (186, 96, 62)}
KIND_LETTERS = {"sun": "S", "leaf": "L", "sea": "W", "clay": "C"}


def rgb(table: Any, q: int) -> tuple[int, int, int]:
    return palette.PLAYER_COLOURS[table.colour[q]]


def tile_picture(kind: str, size: int, lifted: bool = False) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    r = surf.get_rect().inflate(-8, -8)
    pygame.draw.rect(surf, KIND_COLOURS[kind], r, border_radius=14)
    pygame.draw.rect(surf, theme.FOCUS if lifted else (40, 28, 20), r, 5 if lifted else 2,
                     border_radius=14)
    letter = theme.text(KIND_LETTERS[kind], size // 3, (255, 250, 236), True, fixed=True)
    surf.blit(letter, letter.get_rect(center=r.center))
    return surf


def _marker(colour_index: int) -> pygame.Surface:
    surf = pygame.Surface((26, 26), pygame.SRCALPHA)
    pygame.draw.circle(surf, palette.PLAYER_COLOURS[colour_index], (13, 13), 12)
    pygame.draw.circle(surf, (30, 20, 12), (13, 13), 12, 2)
    return surf


def draw(t: Any, surface: pygame.Surface) -> None:
    """The whole table for one frame."""
    v = t.dview()
    lay = t.layout
    surface.fill(WOOD)
    draw_score_track(surface, lay)
    board = list(v["board"])
    for (x, y), kind in t.game.presenter.landed.items():
        board[y * SIZE + x] = kind
    lit = set(t.controls.parts_cells()) if t.human_can_act else set()
    for i, kind in enumerate(board):
        cell = (i % SIZE, i // SIZE)
        r = lay.cell_rect(*cell)
        pygame.draw.rect(surface, (214, 196, 160), r.inflate(-4, -4), border_radius=10)
        if kind is not None:
            surface.blit(tile_picture(kind, r.w), r)
        elif cell in lit:
            pygame.draw.rect(surface, theme.FOCUS, r.inflate(-12, -12), 4, border_radius=10)
    t.follow.draw_last_moves(surface)
    draw_track_markers(surface, lay, [(t.colour[q], t.track[q]) for q in range(t.n)], _marker)
    _draw_panels(t, surface, v)
    _draw_hand(t, surface, v)
    screen.draw_message(t, surface)
    screen.draw_buttons(t, surface)
    screen.draw_log(t, surface)
    t.sprites.draw(surface)
    t.floaters.draw(surface)
    if t.human_can_act:
        screen.draw_focus(t, surface)
    screen.draw_banner(t, surface)
    t.hover_tips.draw_tip(surface)


def _draw_panels(t: Any, surface: pygame.Surface, v: dict[str, Any]) -> None:
    for q, rect in enumerate(t.layout.panels):
        panel = pygame.Surface((rect.w + 12, rect.h + 12), pygame.SRCALPHA)
        draw_panel_frame(panel, (rect.w, rect.h), rgb(t, q), q in v["to_act"])
        name = theme.text(t.names[q], 30, theme.INK, True)
        panel.blit(name, (34, 16))
        held = theme.text(_("{n} tiles in hand").format(n=v["hand_sizes"][q]), 22, theme.INK_SOFT)
        panel.blit(held, (34, 58))
        score = theme.text(str(round(t.disp_score[q])), 44, theme.INK, True, fixed=True)
        panel.blit(score, score.get_rect(midright=(rect.w - 20, rect.h // 2 + 6)))
        surface.blit(panel, (rect.x - 6, rect.y - 6))


def _draw_hand(t: Any, surface: pygame.Surface, v: dict[str, Any]) -> None:
    lay = t.layout
    pygame.draw.rect(surface, (72, 48, 30), lay.hand_rect, border_radius=12)
    if t.viewer is None:
        return
    picked = t.controls.choice.tile
    for kind, rect in zip(t.controls.hand(), lay.hand, strict=False):
        surface.blit(tile_picture(kind, rect.w, lifted=kind == picked), rect)
    label = theme.text(_("Your hand"), 24, theme.ON_TABLE, True)
    surface.blit(label, label.get_rect(midleft=(lay.hand[-1].right + 30, lay.hand_rect.centery)))
