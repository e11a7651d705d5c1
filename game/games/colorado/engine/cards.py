"""The 48 land cards: 4 flag colours x the same 12 star patterns.

A card shows its flag colour and one or two stars.  The second star of a two-star card
stands at ``offset`` (columns, rows) from the first.  A card may be turned to any of its
4 rotations (``rotation`` = quarter turns clockwise on screen, rows growing downwards),
and either star may lie on the flag (``anchor`` 0 = the first star, 1 = the second).
Cards are never mirrored: (2, 1) and (1, 2) are different cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

FLAG_COLOURS: tuple[str, ...] = ("red", "green", "orange", "blue")

CARD_PATTERNS: tuple[tuple[int, int] | None, ...] = (
    None, None,
    (1, 0), (1, 0),
    (1, 1), (1, 1),
    (2, 0), (2, 0),
    (2, 1),
    (1, 2),
    (2, 2),
    (3, 0),
)
"""The 12 cards of every colour: ``None`` = one star, else the second star's offset."""

CARDS_PER_COLOUR = len(CARD_PATTERNS)
NUM_CARDS = CARDS_PER_COLOUR * len(FLAG_COLOURS)


def rotate(offset: tuple[int, int], rotation: int) -> tuple[int, int]:
    """``offset`` turned ``rotation`` quarter turns clockwise (screen coordinates)."""
    x, y = offset
    for _ in range(rotation % 4):
        x, y = -y, x
    return (x, y)


@dataclass(frozen=True)
class Card:
    id: int
    colour: str
    offset: tuple[int, int] | None  # second star relative to the first; None: one star

    @property
    def num_stars(self) -> int:
        return 1 if self.offset is None else 2

    @property
    def anchors(self) -> tuple[int, ...]:
        """Which stars may lie on the flag."""
        return (0,) if self.offset is None else (0, 1)

    def star_cells(self, flag: tuple[int, int], rotation: int,
                   anchor: int = 0) -> tuple[tuple[int, int], ...]:
        """The starred cells when the card lies with star ``anchor`` on ``flag`` (the flag's
        cell first).  Cells may lie off the board; no cube can go there."""
        fx, fy = flag
        if self.offset is None:
            return ((fx, fy),)
        dx, dy = _ROTATED[self.offset][rotation % 4]
        if anchor == 1:
            dx, dy = -dx, -dy
        return ((fx, fy), (fx + dx, fy + dy))

    def describe(self) -> str:
        if self.offset is None:
            return f"{self.colour} card, one star"
        dx, dy = self.offset
        return f"{self.colour} card, two stars {dx} across and {dy} down"

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "colour": self.colour,
                "stars": [[0, 0]] if self.offset is None else [[0, 0], list(self.offset)]}


_ROTATED = {offset: tuple(rotate(offset, r) for r in range(4))
            for offset in CARD_PATTERNS if offset is not None}
# every card's second-star offset in its 4 rotations, worked out once

CARDS: tuple[Card, ...] = tuple(
    Card(c * CARDS_PER_COLOUR + k, colour, pattern)
    for c, colour in enumerate(FLAG_COLOURS)
    for k, pattern in enumerate(CARD_PATTERNS)
)


def cards_of_colour(colour: str) -> tuple[Card, ...]:
    return tuple(card for card in CARDS if card.colour == colour)
