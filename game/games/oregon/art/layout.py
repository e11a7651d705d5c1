"""Where everything sits on the 1920x1080 Oregon table.

    +--------- score track (100 spaces) ---------+  +---- player panels ----+
    |      A  B  C ...  column letters           |  |                       |
    |   column symbols                           |  |                       |
    |1 r  +-----------------------------------+  |  +-- stacks, decks ------+
    | o  |        board 15 x 10 cells         |  |  |                       |
    | w  |                                    |  |  +-- game log -----------+
    +--------------------------------------------+  |                       |
     hand cards . joker      message + buttons      |                       |

Everything is a ``pygame.Rect`` in canvas pixels; tests click at these rects.
"""

from __future__ import annotations

import pygame

from game.ui.board_labels import BoardLabels
from game.ui.table_common import TableGeometry, square_track_spaces

COLS, ROWS = 15, 10
CELL = 68
LABEL_GAP = 28  # the column letters above the symbols, the row numbers left of them
TRACK_SPACE = 40
TRACK_ACROSS, TRACK_DOWN = 31, 21  # spaces along the top and down the side: 100 in all
TRACK_ORIGIN = (16, 12)
TRACK_SPACES = 100

CARD = (140, 196)
CARD_GAP = 14
HAND_Y = 868
HAND_X = 36
JOKER_SIZE = 92

RIGHT_X = 1276
RIGHT_W = 1920 - RIGHT_X - 14
PANEL_H = 104
PANEL_GAP = 8

STACK_TILE = 56
PILE_CARD = (96, 134)


class TableLayout(TableGeometry):
    cell = CELL

    def __init__(self, num_players: int):
        self.num_players = num_players
        tx, ty = TRACK_ORIGIN
        s = TRACK_SPACE
        self.track_rect = pygame.Rect(tx, ty, TRACK_ACROSS * s, TRACK_DOWN * s)
        self.track_inner = self.track_rect.inflate(-2 * s, -2 * s)
        inner = self.track_inner
        strip_left, strip_top = 52, 46
        content_w = LABEL_GAP + strip_left + COLS * CELL
        content_h = LABEL_GAP + strip_top + ROWS * CELL
        bx = inner.x + (inner.w - content_w) // 2 + LABEL_GAP + strip_left
        by = inner.y + (inner.h - content_h) // 2 + LABEL_GAP + strip_top
        self.board_rect = pygame.Rect(bx, by, COLS * CELL, ROWS * CELL)
        self.labels = BoardLabels((bx, by), COLS, ROWS, CELL,
                                  letters_y=by - strip_top - LABEL_GAP // 2,
                                  numbers_x=bx - strip_left - LABEL_GAP // 2)
        self.column_strip = pygame.Rect(bx, by - strip_top, COLS * CELL, strip_top)
        self.row_strip = pygame.Rect(bx - strip_left, by, strip_left, ROWS * CELL)
        self._spaces = square_track_spaces(self.track_rect, TRACK_SPACE, TRACK_ACROSS,
                                           TRACK_DOWN)
        # right column
        self.panels = [
            pygame.Rect(RIGHT_X, 12 + i * (PANEL_H + PANEL_GAP), RIGHT_W, PANEL_H)
            for i in range(num_players)
        ]
        top = 12 + max(3, num_players) * (PANEL_H + PANEL_GAP) + 10
        self.supply_rect = pygame.Rect(RIGHT_X, top, RIGHT_W, 296)
        step = RIGHT_W // 7
        self.stacks = [
            pygame.Rect(RIGHT_X + i * step + (step - STACK_TILE) // 2, top + 14, STACK_TILE,
                        STACK_TILE)
            for i in range(7)
        ]
        pile_y = top + 112
        pw, ph = PILE_CARD
        gap = (RIGHT_W - 4 * pw) // 5
        xs = [RIGHT_X + gap + i * (pw + gap) for i in range(4)]
        self.decks = {"landscape": pygame.Rect(xs[0], pile_y, pw, ph),
                      "building": pygame.Rect(xs[2], pile_y, pw, ph)}
        self.discards = {"landscape": pygame.Rect(xs[1], pile_y, pw, ph),
                         "building": pygame.Rect(xs[3], pile_y, pw, ph)}
        log_top = self.supply_rect.bottom + 8
        self.log_rect = pygame.Rect(RIGHT_X, log_top, RIGHT_W, 1080 - 12 - log_top)
        # bottom strip
        self.message_rect = pygame.Rect(800, 862, 460, 112)
        self.buttons = [pygame.Rect(800, 986, 222, 76), pygame.Rect(1038, 986, 222, 76)]
        self.pending_rect = pygame.Rect(650, HAND_Y, *CARD)

    def column_symbol_rect(self, i: int) -> pygame.Rect:
        r = self.column_strip
        return pygame.Rect(r.x + i * 3 * CELL, r.y, 3 * CELL, r.h)

    def row_symbol_rect(self, i: int) -> pygame.Rect:
        r = self.row_strip
        return pygame.Rect(r.x, r.y + i * 2 * CELL, r.w, 2 * CELL)

    # --- hand -----------------------------------------------------------------------------
    def card_rect(self, i: int, n: int = 4) -> pygame.Rect:
        return pygame.Rect(HAND_X + i * (CARD[0] + CARD_GAP), HAND_Y, *CARD)

    def joker_rect(self, n: int = 4) -> pygame.Rect:
        x = HAND_X + max(4, n) * (CARD[0] + CARD_GAP) + 4
        return pygame.Rect(x, HAND_Y + 28, JOKER_SIZE, JOKER_SIZE)

    def button_rect(self, i: int) -> pygame.Rect:
        return self.buttons[i]
