"""Where everything sits on the 1920x1080 Colorado County table.

    +------- score track (100 spaces) -------+  +---- player panels (3-4) ----+
    |  +----------------------------------+  |  |                             |
    |  |      board 15 x 10 cells          |  |  +---- revealed cards --------+
    |  |      lakes, flags, cubes          |  |  |                             |
    |  +----------------------------------+  |  +---- game log ---------------+
    +----------------------------------------+  |                             |
     own flags / cowboy tokens + total    message + buttons                   |

Everything is a ``pygame.Rect`` in canvas pixels; tests click at these rects.
"""

from __future__ import annotations

import pygame

from game.ui.board_labels import BoardLabels
from game.ui.table_common import TableGeometry, square_track_spaces

COLS, ROWS = 15, 10
CELL = 70
TRACK_SPACE = 40
TRACK_ACROSS, TRACK_DOWN = 31, 21  # spaces along the top and down the side: 100 in all
TRACK_ORIGIN = (16, 12)
TRACK_SPACES = 100

TOKEN = 58          # a cowboy token (diameter)
TOKEN_STEP = 64
TOKENS_PER_ROW = 11
STRIP_X, STRIP_Y = 24, 874
FLAG_SLOT = (84, 118)

RIGHT_X = 1276
RIGHT_W = 1920 - RIGHT_X - 14
PANEL_H = 104
PANEL_GAP = 8
CARD = (150, 204)
CARD_GAP = 26


class TableLayout(TableGeometry):
    cell = CELL

    def __init__(self, num_players: int):
        self.num_players = num_players
        tx, ty = TRACK_ORIGIN
        s = TRACK_SPACE
        self.track_rect = pygame.Rect(tx, ty, TRACK_ACROSS * s, TRACK_DOWN * s)
        self.track_inner = self.track_rect.inflate(-2 * s, -2 * s)
        inner = self.track_inner
        bw, bh = COLS * CELL, ROWS * CELL
        self.board_rect = pygame.Rect(inner.x + (inner.w - bw) // 2,
                                      inner.y + (inner.h - bh) // 2, bw, bh)
        b = self.board_rect  # the letters and numbers in the margins above and left of it
        self.labels = BoardLabels(b.topleft, COLS, ROWS, CELL, letters_y=(inner.y + b.y) // 2,
                                  numbers_x=(inner.x + b.x) // 2)
        self._spaces = square_track_spaces(self.track_rect, TRACK_SPACE, TRACK_ACROSS,
                                           TRACK_DOWN)
        self.panels = [pygame.Rect(RIGHT_X, 12 + i * (PANEL_H + PANEL_GAP), RIGHT_W, PANEL_H)
                       for i in range(num_players)]
        top = 12 + max(3, num_players) * (PANEL_H + PANEL_GAP) + 6
        self.cards_rect = pygame.Rect(RIGHT_X, top, RIGHT_W, CARD[1] + 58)
        self.deck_point = (RIGHT_X + RIGHT_W - 40, top + 30)
        log_top = self.cards_rect.bottom + 8
        self.log_rect = pygame.Rect(RIGHT_X, log_top, RIGHT_W, 1080 - 12 - log_top)
        # bottom strip: the acting human's flags or cowboys on the left, prompt and buttons
        self.strip_rect = pygame.Rect(16, 866, 740, 202)
        self.message_rect = pygame.Rect(772, 862, 488, 116)
        self.buttons = [pygame.Rect(772, 990, 236, 76), pygame.Rect(1024, 990, 236, 76)]
        self.bid_panel = pygame.Rect(0, 0, 900, 110 + 86 * num_players)
        self.bid_panel.center = self.board_rect.center
        self.score_panel = pygame.Rect(0, 0, 980, 214 + 74 * num_players)  # + Continue
        self.score_panel.center = self.board_rect.center

    # --- right column ----------------------------------------------------------------------
    def card_rect(self, i: int, n: int) -> pygame.Rect:
        """The ``i``-th of ``n`` revealed cards."""
        total = n * CARD[0] + (n - 1) * CARD_GAP
        x = self.cards_rect.x + (self.cards_rect.w - total) // 2 + i * (CARD[0] + CARD_GAP)
        return pygame.Rect(x, self.cards_rect.y + 46, *CARD)

    def panel_point(self, q: int) -> tuple[int, int]:
        r = self.panels[q]
        return (r.centerx + 120, r.centery)

    def score_point(self, q: int) -> tuple[int, int]:
        """Where points fly to on seat ``q``'s panel: its score, in the top right corner,
        clear of the name, the kind of player and the counters."""
        r = self.panels[q]
        return (r.right - 48, r.y + 30)

    # --- bottom strip ------------------------------------------------------------------------
    def token_rect(self, i: int, n: int = 0) -> pygame.Rect:
        """The ``i``-th of ``n`` cowboy tokens (three rows; more than 33 squeeze together)."""
        per_row = max(TOKENS_PER_ROW, -(-n // 3))
        step = min(TOKEN_STEP, (TOKENS_PER_ROW * TOKEN_STEP) // per_row)
        row, col = divmod(i, per_row)
        return pygame.Rect(STRIP_X + col * step, STRIP_Y + row * TOKEN_STEP, TOKEN, TOKEN)

    def flag_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(STRIP_X + 150 + i * (FLAG_SLOT[0] + 18), STRIP_Y + 40, *FLAG_SLOT)

    def button_rect(self, i: int) -> pygame.Rect:
        return self.buttons[i]
