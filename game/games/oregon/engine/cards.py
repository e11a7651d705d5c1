"""Oregon's components as plain data: symbols, buildings, cards, tokens, player colours.

Cards are identified by small integers so actions and save files stay JSON-friendly:

- landscape cards ``0..49``: symbol ``SYMBOLS[id // 10]`` (10 of each symbol);
- building cards ``50..70``: building ``BUILDINGS[(id - 50) // 3]`` (3 of each type).

Landscape ids are all lower than building ids, so a sorted pair is always
``(landscape, building)``.
"""

from __future__ import annotations

from typing import Any

from game.engine.messages import N_

SYMBOLS: tuple[str, ...] = ("settlers", "wagon", "campfire", "bison", "eagle")
BUILDINGS: tuple[str, ...] = (
    "post_office", "harbour", "church", "coal_mine", "gold_mine", "store", "station",
)
SYMBOL_INDEX = {s: i for i, s in enumerate(SYMBOLS)}
BUILDING_INDEX = {b: i for i, b in enumerate(BUILDINGS)}

POST_OFFICE, HARBOUR, CHURCH, COAL_MINE, GOLD_MINE, STORE, STATION = range(7)

LANDSCAPE = "landscape"
BUILDING = "building"
DECKS: tuple[str, str] = (LANDSCAPE, BUILDING)

NUM_LANDSCAPE = 50
NUM_BUILDING_CARDS = 21
NUM_CARDS = NUM_LANDSCAPE + NUM_BUILDING_CARDS  # 71
FIRST_BUILDING_CARD = NUM_LANDSCAPE
TILES_PER_STACK = 4
FARMERS_PER_PLAYER = 14  # the 15th piece marks the score
HAND_SIZE = 4

COAL_VALUES: tuple[int, ...] = (1,) * 7 + (2,) * 7 + (3,) * 7
GOLD_VALUES: tuple[int, ...] = (3,) * 7 + (4,) * 7 + (5,) * 7

PLAYER_COLOURS: tuple[str, ...] = ("yellow", "blue", "green", "red")

# The names are game terms, translated where shown (``T(name)`` in messages).
BUILDING_NAMES = {
    "post_office": N_("post office"), "harbour": N_("harbour"), "church": N_("church"),
    "coal_mine": N_("coal mine"), "gold_mine": N_("gold mine"), "store": N_("store"),
    "station": N_("station"),
}
SYMBOL_NAMES = {
    "settlers": N_("settlers"), "wagon": N_("wagon"), "campfire": N_("campfire"),
    "bison": N_("bison"), "eagle": N_("eagle"),
}
# A card as one term for the log ("plays bison card + church card").
CARD_NAMES = {
    "settlers card": N_("settlers card"), "wagon card": N_("wagon card"),
    "campfire card": N_("campfire card"), "bison card": N_("bison card"),
    "eagle card": N_("eagle card"), "post office card": N_("post office card"),
    "harbour card": N_("harbour card"), "church card": N_("church card"),
    "coal mine card": N_("coal mine card"), "gold mine card": N_("gold mine card"),
    "store card": N_("store card"), "station card": N_("station card"),
}

# A building with its article, as one term: the article agrees with the building's name in
# each language ("builds a church" = "costruisce una chiesa", "un emporio").
A_BUILDING = {
    "post office": N_("a post office"), "harbour": N_("a harbour"), "church": N_("a church"),
    "coal mine": N_("a coal mine"), "gold mine": N_("a gold mine"), "store": N_("a store"),
    "station": N_("a station"),
}
THE_BUILDING = {
    "post office": N_("the post office"), "harbour": N_("the harbour"),
    "church": N_("the church"), "coal mine": N_("the coal mine"),
    "gold mine": N_("the gold mine"), "store": N_("the store"), "station": N_("the station"),
}

# A card with its article, as one term for the log ("draws an eagle card").
A_CARD = {
    "settlers card": N_("a settlers card"), "wagon card": N_("a wagon card"),
    "campfire card": N_("a campfire card"), "bison card": N_("a bison card"),
    "eagle card": N_("an eagle card"), "post office card": N_("a post office card"),
    "harbour card": N_("a harbour card"), "church card": N_("a church card"),
    "coal mine card": N_("a coal mine card"), "gold mine card": N_("a gold mine card"),
    "store card": N_("a store card"), "station card": N_("a station card"),
}


def is_landscape(card: int) -> bool:
    return 0 <= card < FIRST_BUILDING_CARD


def is_building(card: int) -> bool:
    return FIRST_BUILDING_CARD <= card < NUM_CARDS


def card_symbol(card: int) -> int:
    """Symbol index of a landscape card."""
    return card // 10


def card_building(card: int) -> int:
    """Building-type index of a building card."""
    return (card - FIRST_BUILDING_CARD) // 3


def card_kind(card: int) -> str:
    return LANDSCAPE if card < FIRST_BUILDING_CARD else BUILDING


def _card_term(card: int) -> str:
    if card < FIRST_BUILDING_CARD:
        return CARD_NAMES[f"{SYMBOLS[card_symbol(card)]} card"]
    return CARD_NAMES[f"{BUILDING_NAMES[BUILDINGS[card_building(card)]]} card"]


_CARD_TERMS = tuple(_card_term(c) for c in range(NUM_CARDS))
_A_CARD_TERMS = tuple(A_CARD[term] for term in _CARD_TERMS)


def card_name(card: int) -> str:
    """The card's term (a ``CARD_NAMES`` key): "bison card", "harbour card"."""
    if not 0 <= card < NUM_CARDS:
        return f"card {card}"
    return _CARD_TERMS[card]


def a_card(card: int) -> str:
    """The term for one card with its article: "an eagle card", "a church card"."""
    return _A_CARD_TERMS[card] if 0 <= card < NUM_CARDS else A_CARD[card_name(card)]


def card_info(card: int) -> dict[str, Any]:
    """What the UI needs to draw a card: ``{"id", "kind", "symbol" | "building", "name"}``."""
    if card < FIRST_BUILDING_CARD:
        return {"id": card, "kind": LANDSCAPE, "symbol": SYMBOLS[card_symbol(card)],
                "name": card_name(card)}
    return {"id": card, "kind": BUILDING, "building": BUILDINGS[card_building(card)],
            "name": card_name(card)}


def building_name(index: int) -> str:
    return BUILDING_NAMES[BUILDINGS[index]]


def a_building(index: int) -> str:
    """The term for a building with "a": "a church"."""
    return A_BUILDING[building_name(index)]


def the_building(index: int) -> str:
    """The term for a building with "the": "the church"."""
    return THE_BUILDING[building_name(index)]


_PLAYER_NAMES = tuple(colour.capitalize() for colour in PLAYER_COLOURS)


def player_name(player: int) -> str:
    return _PLAYER_NAMES[player] if 0 <= player < len(PLAYER_COLOURS) \
        else f"Player {player + 1}"


LANDSCAPE_CARDS: tuple[int, ...] = tuple(range(NUM_LANDSCAPE))
BUILDING_CARDS: tuple[int, ...] = tuple(range(FIRST_BUILDING_CARD, NUM_CARDS))
