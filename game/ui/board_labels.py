"""Column letters and row numbers beside a board, in the notation every game log uses:
"B6" is column B, row 6, and A1 the top-left cell.

The letters sit in a row above the board, the numbers in a column to its left, each centred
on its column or row.  They follow the text size (up to ``LABEL_CAP``, the room the tables
leave for them) and are rendered once per text size: a frame costs two blits.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.ui import theme

COLUMN_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LABEL_SIZE = 18
LABEL_CAP = 1.25  # 150 % text still fits the gaps the tables leave around their boards
INK = (92, 62, 38)


def column_label(x: int) -> str:
    return COLUMN_LETTERS[x]


def row_label(y: int) -> str:
    return str(y + 1)


@dataclass(frozen=True)
class BoardLabels:
    """Where one board's labels go: the board's top-left corner and size in cells, the
    centre line of the letters (``letters_y``) and of the numbers (``numbers_x``)."""

    origin: tuple[int, int]
    cols: int
    rows: int
    cell: int
    letters_y: int
    numbers_x: int

    def positions(self) -> list[tuple[str, tuple[int, int]]]:
        """Every label and its centre on the canvas: the letters, then the numbers."""
        x0, y0 = self.origin
        half = self.cell // 2
        out = [(column_label(x), (x0 + x * self.cell + half, self.letters_y))
               for x in range(self.cols)]
        out += [(row_label(y), (self.numbers_x, y0 + y * self.cell + half))
                for y in range(self.rows)]
        return out

    def draw(self, surface: pygame.Surface) -> None:
        top, left = _strips(self)
        x0, y0 = self.origin
        surface.blit(top, top.get_rect(midleft=(x0, self.letters_y)))
        surface.blit(left, left.get_rect(midtop=(self.numbers_x, y0)))


def _label(text: str) -> pygame.Surface:
    size = theme.scaled(LABEL_SIZE, cap=LABEL_CAP)
    return theme.text(text, size, INK, bold=True, fixed=True)


@theme.rescaled
@lru_cache(maxsize=8)
def _strips(labels: BoardLabels) -> tuple[pygame.Surface, pygame.Surface]:
    """The row of letters and the column of numbers, each label centred on its cell."""
    c = labels.cell
    letters = [_label(column_label(x)) for x in range(labels.cols)]
    numbers = [_label(row_label(y)) for y in range(labels.rows)]
    tall = max(s.get_height() for s in letters)
    top = pygame.Surface((labels.cols * c, tall), pygame.SRCALPHA)
    for x, s in enumerate(letters):
        top.blit(s, s.get_rect(center=(x * c + c // 2, tall // 2)))
    wide = max(s.get_width() for s in numbers)
    left = pygame.Surface((wide, labels.rows * c), pygame.SRCALPHA)
    for y, s in enumerate(numbers):
        left.blit(s, s.get_rect(center=(wide // 2, y * c + c // 2)))
    return top, left
