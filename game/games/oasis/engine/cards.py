"""Oasis components: the 54 cards, land tiles, score tiles, player colours.

Cards are plain strings (``"oasis2"``, ``"camels3"``...): JSON-friendly, cheap to copy and
readable in a save file.  ``CARDS`` lists every card kind in a fixed order, which is also the
order the deck is built in before the seeded shuffle.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.messages import N_, T
from game.engine.words import a_or_an  # noqa: F401  (the actions' readable str())

COLOURS = ("red", "blue", "green", "yellow", "black")
PLAYER_NAMES = tuple(c.capitalize() for c in COLOURS)  # the engine's seat names
CAMELS_EACH = 20
MARKERS_EACH = 4
OFFER_DECK_START = 5
MAX_OFFER = 3

# Land tile kinds.  Code 0 means "no tile"; the codes index per-kind tables.
LAND_KINDS = ("oasis", "steppe", "stone")
OASIS, STEPPE, STONE = 1, 2, 3
KIND_CODE = {"oasis": OASIS, "steppe": STEPPE, "stone": STONE}
KIND_NAME = (None, "oasis", "steppe", "stone")
LAND_SUPPLY = {"oasis": 34, "steppe": 34, "stone": 20}

# Score tiles: the kind that multiplies each scoring category.
SCORE_KINDS = ("goods", "springs", "horses", "ovoo")
SCORE_SUPPLY = {"goods": 14, "springs": 12, "horses": 16, "ovoo": 20}
SCORE_FOR_LAND = {"oasis": "springs", "steppe": "horses", "stone": "ovoo"}
# Game terms (translated where shown, through ``messages.T`` or ``_``).
# Translators: score tile kinds, as in "Red takes 2 horse score tiles face down"
SCORE_SINGULAR = {"goods": N_("goods"), "springs": N_("spring"), "horses": N_("horse"),
                  "ovoo": N_("ovoo")}
# Translators: land tile kinds, as in "oasis", "steppe", "stone" (stony plains)
KIND_TERMS = {"oasis": N_("oasis"), "steppe": N_("steppe"), "stone": N_("stone")}
TILE_TERMS = {"oasis": N_("an oasis tile"), "steppe": N_("a steppe tile"),
              "stone": N_("a stone tile")}
# Translators: as in "Red starts a new oasis area"
AREA_TERMS = {"oasis": N_("oasis area"), "steppe": N_("steppe area"), "stone": N_("stone area")}


@dataclass(frozen=True)
class CardInfo:
    """What a card does: ``effect`` is "camels", "tiles", "score" or "draw"."""

    name: str
    title: str  # for people: "Oasis ×2" (a term, marked for translation)
    count: int  # copies in the deck
    effect: str
    amount: int
    what: str = ""  # land kind for "tiles", score kind for "score"


CARDS: dict[str, CardInfo] = {c.name: c for c in (
    CardInfo("camels2", N_("Camels ×2"), 4, "camels", 2),
    CardInfo("camels3", N_("Camels ×3"), 4, "camels", 3),
    CardInfo("oasis2", N_("Oasis ×2"), 8, "tiles", 2, "oasis"),
    CardInfo("steppe2", N_("Steppe ×2"), 8, "tiles", 2, "steppe"),
    CardInfo("stone1", N_("Stone ×1"), 8, "tiles", 1, "stone"),
    CardInfo("goods2", N_("Goods ×2"), 1, "score", 2, "goods"),
    CardInfo("goods1", N_("Goods ×1"), 4, "score", 1, "goods"),
    CardInfo("spring1", N_("Spring"), 5, "score", 1, "springs"),
    CardInfo("horse1", N_("Horse ×1"), 4, "score", 1, "horses"),
    CardInfo("horse2", N_("Horses ×2"), 1, "score", 2, "horses"),
    CardInfo("ovoo2", N_("Ovoo ×2"), 4, "score", 2, "ovoo"),
    CardInfo("draw3", N_("Draw 3 cards"), 3, "draw", 3),
)}
DECK_SIZE = sum(c.count for c in CARDS.values())  # 54
# Each card's title as a message argument, made once and shared by every event naming it
# (nothing changes an event's arguments): the rules name cards in most events they make.
CARD_TERMS = {name: T(info.title) for name, info in CARDS.items()}
DRAW_AFTER = {1: 2, 2: 1, 3: 0}  # cards drawn to the bottom after an offer of 1, 2, 3


def full_deck() -> list[str]:
    """All 54 cards in the fixed pre-shuffle order."""
    return [c.name for c in CARDS.values() for _ in range(c.count)]


def card_title(card: str) -> str:
    return CARDS[card].title


def colour(player: int) -> str:
    return PLAYER_NAMES[player]
