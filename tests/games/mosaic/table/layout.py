"""Where everything sits on the 1920x1080 Mosaic table.

    +---- score track (100 spaces) -----+  +-- player panels ---------+
    | +-------------+                   |  +-- your hand: two tiles --+
    | | board 4 x 4 |                   |  +-- game log --------------+
    | +-------------+                   |  |                          |
    +-----------------------------------+  |                          |
     prompt / [ button ]                   +--------------------------+
"""

from __future__ import annotations

import pygame

from game.ui.table_common import TableGeometry, square_track_spaces

SIZE = 4
CELL = 150
SPACE = 34  # a track space; 28 across and 24 down make the 100 spaces
TRACK_RECT = pygame.Rect(14, 12, 28 * SPACE, 24 * SPACE)
RIGHT_X = 1000
RIGHT_W = 1920 - RIGHT_X - 14
PANEL_H = 100
TILE = 120
BUTTON = (240, 70)


class TableLayout(TableGeometry):
    cell = CELL

    def __init__(self, num_players: int):
        self.num_players = num_players
        self.track_rect = TRACK_RECT.copy()
        self.track_inner = self.track_rect.inflate(-2 * SPACE, -2 * SPACE)
        self._spaces = square_track_spaces(self.track_rect, SPACE, 28, 24)
        side = SIZE * CELL
        self.board_rect = pygame.Rect(0, 0, side, side)
        self.board_rect.center = self.track_inner.center
        self.panels = [pygame.Rect(RIGHT_X, 12 + q * (PANEL_H + 8), RIGHT_W, PANEL_H)
                       for q in range(num_players)]
        top = self.panels[-1].bottom + 16
        self.hand_rect = pygame.Rect(RIGHT_X, top, RIGHT_W, TILE + 24)
        self.hand = [pygame.Rect(RIGHT_X + 24 + i * (TILE + 24), top + 12, TILE, TILE)
                     for i in range(2)]
        self.log_rect = pygame.Rect(RIGHT_X, self.hand_rect.bottom + 16, RIGHT_W,
                                    1080 - 14 - self.hand_rect.bottom - 16)
        self.message_rect = pygame.Rect(14, self.track_rect.bottom + 14, 700,
                                        1080 - 14 - self.track_rect.bottom - 14)

    def button_rect(self, i: int) -> pygame.Rect:
        w, h = BUTTON
        return pygame.Rect(self.message_rect.right + 16 + i * (w + 12),
                           self.message_rect.centery - h // 2, w, h)
