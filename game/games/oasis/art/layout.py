"""Where everything sits on the 1920x1080 Oasis table.

    +---- score track (100 spaces) -----+  +-- player panels: name, discs, camels, ----+
    | +--------------------------------+ |  |   markers, score-tile pile, offer deck,    |
    | |     board 17 x 13 cells        | |  |   the offer in front of its owner          |
    | |                                | |  +-- supply: land tiles, score tiles, decks --+
    | +--------------------------------+ |  +-- game log ------------------------------+
    +------------------------------------+  |                                          |
     cards being carried out | prompt       |                                          |
     [ button ] [ button ] [ button ] ...   +------------------------------------------+

Everything is a ``pygame.Rect`` in canvas pixels; tests click at these rects.
"""

from __future__ import annotations

import pygame

from game.ui import art, theme
from game.ui.board_labels import BoardLabels
from game.ui.table_common import TableGeometry

COLS, ROWS = 17, 13
CELL = 52  # leaves a margin for the column letters and row numbers
TRACK_ACROSS, TRACK_DOWN = 30, 22  # spaces along the top and down a side: 100 in all
TRACK_SPACES = 100
TRACK_THICK = 36
TRACK_RECT = pygame.Rect(14, 12, 1010, 794)

RIGHT_X = 1040
RIGHT_W = 1920 - RIGHT_X - 14
PANEL_H = 122
PANEL_GAP = 8
OFFER_CARD = (76, 106)
CARRY_CARD = (96, 134)
PILE = 46
DISC = 44
BUTTONS = 5
BUTTON_W, BUTTON_H, BUTTON_GAP = 194, 70, 10


class TableLayout(TableGeometry):
    cell = CELL

    def __init__(self, num_players: int):
        self.num_players = num_players
        self.track_rect = TRACK_RECT.copy()
        self.track_inner = self.track_rect.inflate(-2 * TRACK_THICK, -2 * TRACK_THICK)
        inner = self.track_inner
        bw, bh = COLS * CELL, ROWS * CELL
        self.board_rect = pygame.Rect(inner.x + (inner.w - bw) // 2,
                                      inner.y + (inner.h - bh) // 2, bw, bh)
        b = self.board_rect  # the letters and numbers in the margins above and left of it
        self.labels = BoardLabels(b.topleft, COLS, ROWS, CELL, letters_y=(inner.y + b.y) // 2,
                                  numbers_x=(inner.x + b.x) // 2)
        self._spaces = self._track_spaces()
        # right column: one panel per player, the offer lying in front of its owner
        self.panels = [pygame.Rect(RIGHT_X, 12 + i * (PANEL_H + PANEL_GAP), RIGHT_W, PANEL_H)
                       for i in range(num_players)]
        cw, ch = OFFER_CARD
        self.offer_cards: list[list[pygame.Rect]] = []
        self.offer_areas: list[pygame.Rect] = []
        self.decks: list[pygame.Rect] = []
        self.piles: list[pygame.Rect] = []
        self.discs: list[pygame.Rect] = []
        self.handed: list[pygame.Rect] = []
        for p in self.panels:
            right = p.right - 12
            cards = [pygame.Rect(right - (3 - i) * (cw + 8) + 8, p.y + (p.h - ch) // 2, cw, ch)
                     for i in range(3)]
            self.offer_cards.append(cards)
            self.offer_areas.append(cards[0].union(cards[2]).inflate(10, 8))
            self.decks.append(pygame.Rect(cards[0].x - 26 - cw, cards[0].y, cw, ch))
            self.discs.append(pygame.Rect(p.x + 28, p.y + 64, DISC, DISC))
            self.handed.append(pygame.Rect(p.x + 80, p.y + 64, DISC, DISC))
            self.piles.append(pygame.Rect(p.x + 392, p.y + 62, PILE, PILE))
        top = 12 + max(3, num_players) * (PANEL_H + PANEL_GAP) + 4
        self.supply_rect = pygame.Rect(RIGHT_X, top, RIGHT_W, 118)
        s = self.supply_rect
        self.land_stacks = [pygame.Rect(s.x + 20 + i * 84, s.y + 14, 52, 52) for i in range(3)]
        self.score_stacks = [pygame.Rect(s.x + 272 + i * 68, s.y + 18, 46, 46) for i in range(4)]
        self.draw_deck = pygame.Rect(s.right - 226, s.y + 8, 68, 94)
        self.discard_pile = pygame.Rect(s.right - 118, s.y + 8, 68, 94)
        log_top = s.bottom + 8
        self.log_rect = pygame.Rect(RIGHT_X, log_top, RIGHT_W, 1080 - 12 - log_top)
        # bottom strip: cards being carried out, the prompt, buttons
        y = self.track_rect.bottom + 14
        w, h = CARRY_CARD
        self.carry_cards = [pygame.Rect(20 + i * (w + 10), y, w, h) for i in range(3)]
        self.carry_label = pygame.Rect(20, y - 2, 3 * (w + 10), 0)
        self.message_rect = pygame.Rect(344, y, self.track_rect.right - 344, h)
        by = y + h + 12
        self.buttons = [pygame.Rect(self.track_rect.x + i * (BUTTON_W + BUTTON_GAP), by,
                                    BUTTON_W, BUTTON_H) for i in range(BUTTONS)]
        self._sized_for: tuple | None = None  # the labels the buttons were last sized for

    # --- score track ---------------------------------------------------------------------
    def _track_spaces(self) -> list[pygame.Rect]:
        r, t = self.track_rect, TRACK_THICK
        across = r.w / TRACK_ACROSS
        down = (r.h - 2 * t) / (TRACK_DOWN - 2)
        out = []
        for i in range(TRACK_ACROSS):  # top, left to right
            out.append(pygame.Rect(round(r.x + i * across), r.y, round(across), t))
        for i in range(TRACK_DOWN - 2):  # right side, downwards
            out.append(pygame.Rect(r.right - t, round(r.y + t + i * down), t, round(down)))
        for i in range(TRACK_ACROSS):  # bottom, right to left
            out.append(pygame.Rect(round(r.right - (i + 1) * across), r.bottom - t,
                                   round(across), t))
        for i in range(TRACK_DOWN - 2):  # left side, upwards
            out.append(pygame.Rect(r.x, round(r.bottom - t - (i + 1) * down), t, round(down)))
        assert len(out) == TRACK_SPACES
        return out

    def button_rect(self, i: int) -> pygame.Rect:
        return self.buttons[i]

    def score_point(self, q: int) -> tuple[int, int]:
        """Where points fly to on seat ``q``'s panel: its score, left of its offer deck,
        clear of the name and the counters."""
        return (self.decks[q].x - 30, self.panels[q].y + 30)

    def size_buttons(self, labels: list[str]) -> None:
        """Widen the buttons in use to what their labels need at the current text size (each
        at least ``BUTTON_W``, the row no wider than the track): a label keeps its size
        instead of shrinking into a fixed slot."""
        key = (tuple(labels), theme.ui_scale())
        if key == self._sized_for:
            return
        self._sized_for = key
        row = self.track_rect.w
        needs = [max(BUTTON_W, art.button_label_need(label, BUTTON_H)) for label in labels]
        spare = row - BUTTON_GAP * (len(labels) - 1)
        if sum(needs) > spare:  # share the row, never below the usual width
            extra = max(0, spare - BUTTON_W * len(needs))
            wanted = sum(n - BUTTON_W for n in needs) or 1
            needs = [BUTTON_W + (n - BUTTON_W) * extra // wanted for n in needs]
        widths = needs + [BUTTON_W] * (BUTTONS - len(needs))
        x, y = self.track_rect.x, self.buttons[0].y
        for i, w in enumerate(widths[:BUTTONS]):
            self.buttons[i] = pygame.Rect(x, y, w, BUTTON_H)
            x += w + BUTTON_GAP
