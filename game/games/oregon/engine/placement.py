"""Where cards allow a placement: legality checks with plain-words messages, the list of
legal plays, and the cell sets the table highlights for a card selection.

Region rules (see the rules file):
- 2 landscape cards A, B -> farmer on an empty non-water cell of area (row A, column B) or
  (row B, column A); joker + card B -> any such cell in B's row or column band.
- landscape A + building card -> tile on an empty cell of A's row band or column band that
  suits the building; joker + building card -> any suitable empty cell of the board.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from game.engine.actions import Action
from game.engine.messages import N_, Sentence, T, say
from game.games.oregon.engine.actions import DiscardNoPlacement, PlaceBuilding, PlaceFarmer
from game.games.oregon.engine.cards import (
    CHURCH,
    COAL_MINE,
    GOLD_MINE,
    HARBOUR,
    POST_OFFICE,
    STATION,
    STORE,
    SYMBOL_NAMES,
    SYMBOLS,
    building_name,
    card_building,
    card_kind,
    card_name,
    is_building,
    is_landscape,
)
from game.games.oregon.engine.geometry import NUM_CELLS, bits, cell_name
from game.games.oregon.engine.phases import Phase

if TYPE_CHECKING:
    from game.games.oregon.engine.state import OregonState

_TERRAIN_RULE = {
    POST_OFFICE: N_("A post office must stand on plains"),
    HARBOUR: N_("A harbour must stand on plains next to water"),
    CHURCH: N_("A church must stand on plains"),
    COAL_MINE: N_("A coal mine must stand on a mountain"),
    GOLD_MINE: N_("A gold mine must stand on a mountain"),
    STORE: N_("A store must stand on plains"),
    STATION: N_("A station must stand on rail"),
}


# --- regions -------------------------------------------------------------------------------
def farmer_region(st: OregonState, cards: tuple[int, ...]) -> int:
    """Empty non-water cells the landscape ``cards`` allow (1 card = with the joker)."""
    b = st.board
    if len(cards) == 2:
        return b.farm[cards[0] // 10][cards[1] // 10] & b.land & ~st.occupied
    return b.band[cards[0] // 10] & b.land & ~st.occupied


def building_region(st: OregonState, building: int, landscape: int | None) -> int:
    """Empty cells where a tile of type ``building`` may go with landscape card
    ``landscape`` (None = the joker: anywhere on the board)."""
    b = st.board
    allowed = b.allowed[building] & ~st.occupied
    if landscape is None:
        return allowed
    return allowed & b.band[landscape // 10]


def start_tile_region(st: OregonState, player: int) -> int:
    return st.board.allowed[st.start_tiles[player]] & ~st.occupied


# --- the list of legal plays ---------------------------------------------------------------
# (cards, region) -> the plays of those cards on each cell of the region (a mask of cells
# they allow on an empty board), lowest cell first, and a function picking from per-cell
# free flags the flags of those cells.  Actions never change, so each is made once and
# shared: a play phase lists hundreds of them and a search lists them again and again.
# Bounded: one board has at most 2346 card tuples, about 5 MiB of plays in all; emptied
# (one step, safe beside other threads) when full.
_PLAYS: dict[tuple[tuple[int, ...], int], tuple[tuple[Action, ...], Callable[[bytes], Any]]] = {}
PLAYS_LIMIT = 2500
_FREE_FLAG = bytes.maketrans(b"01", b"\x01\x00")
_CELL_BITS = f"0{NUM_CELLS}b"  # a mask as binary digits, one per cell


def _plays_on(cards: tuple[int, ...], region: int,
              xy: tuple[tuple[int, int], ...]) -> tuple[tuple[Action, ...], Callable[[bytes], Any]]:
    key = (cards, region)
    entry = _PLAYS.get(key)
    if entry is None:
        if len(_PLAYS) >= PLAYS_LIMIT:  # only with several boards in one process
            _PLAYS.clear()
        cls = PlaceFarmer if cards[-1] < 50 else PlaceBuilding
        cells = list(bits(region))
        actions = tuple(cls(cards, xy[i]) for i in cells)
        pick = itemgetter(*cells) if len(cells) > 1 else itemgetter(slice(cells[0], cells[0] + 1))
        entry = _PLAYS[key] = (actions, pick)
    return entry


def free_flags(occupied: int) -> bytes:
    """Byte ``i`` is 1 when cell ``i`` is not in ``occupied``, else 0."""
    return format(occupied, _CELL_BITS)[::-1].encode().translate(_FREE_FLAG)


class _PlayList:
    """Appends the plays of card tuples on their regions minus the occupied cells."""

    __slots__ = ("out", "occupied", "xy", "flags")

    def __init__(self, out: list[Action], occupied: int, xy: tuple[tuple[int, int], ...]):
        self.out = out
        self.occupied = occupied
        self.xy = xy
        self.flags: bytes | None = None

    def add(self, cards: tuple[int, ...], region: int) -> None:
        if not region:
            return
        actions, pick = _plays_on(cards, region, self.xy)
        if not region & self.occupied:
            self.out += actions
            return
        if not region & ~self.occupied:
            return
        if self.flags is None:
            self.flags = free_flags(self.occupied)
        self.out += compress(actions, pick(self.flags))


def play_actions(st: OregonState, p: int) -> list[Action]:
    """Every legal play of ``p`` in the play phase, in a stable order: farmers with 2 cards,
    farmers with the joker, buildings with 2 cards, buildings with the joker, discards."""
    hand = st.hands[p]
    lands = sorted(c for c in hand if c < 50)
    b = st.board
    free = b.land & ~st.occupied
    out: list[Action] = []
    plays = _PlayList(out, st.occupied, b.xy)
    add = plays.add
    joker = st.joker[p]
    if st.farmers_left[p] > 0:
        farm = b.farm
        land = b.land
        for k, a in enumerate(lands):
            row = farm[a // 10]
            for c in lands[k + 1:]:
                add((a, c), row[c // 10] & land)
        if joker:
            band = b.band
            for a in lands:
                add((a,), band[a // 10] & land)
    stacks = st.stacks
    for c in sorted(c for c in hand if c >= 50):
        t = (c - 50) // 3
        if stacks[t] == 0:
            continue
        allowed = b.allowed[t]
        for a in lands:
            add((a, c), b.band[a // 10] & allowed)
        if joker:
            add((c,), allowed)
    if not out:  # no placement at all: any 2 cards may be discarded
        cards = sorted(hand)
        for k, a in enumerate(cards):
            for c in cards[k + 1:]:
                out.append(DiscardNoPlacement((a, c)))
    else:  # 2 landscape cards whose areas are full may be discarded
        farm = b.farm
        for k, a in enumerate(lands):
            row = farm[a // 10]
            for c in lands[k + 1:]:
                if not row[c // 10] & free:
                    out.append(DiscardNoPlacement((a, c)))
    return out


def placement_possible(st: OregonState, p: int) -> bool:
    """Does ``p``'s hand (with the joker if active) allow any placement at all?"""
    b = st.board
    hand = st.hands[p]
    occ = st.occupied
    free = b.land & ~occ
    syms = [c // 10 for c in hand if c < 50]
    joker = st.joker[p]
    if st.farmers_left[p] > 0:
        for k, a in enumerate(syms):
            row = b.farm[a]
            for c in syms[k + 1:]:
                if row[c] & free:
                    return True
        if joker:
            for a in syms:
                if b.band[a] & free:
                    return True
    for c in hand:
        if c < 50:
            continue
        t = (c - 50) // 3
        if st.stacks[t] == 0:
            continue
        allowed = b.allowed[t] & ~occ
        if not allowed:
            continue
        if joker:
            return True
        for a in syms:
            if b.band[a] & allowed:
                return True
    return False


# --- checks with messages ------------------------------------------------------------------
def _cards_ok(st: OregonState, p: int, cards: Any) -> Sentence | None:
    if not isinstance(cards, tuple) or not all(isinstance(c, int) for c in cards):
        return say(N_("Name the cards by their ids"))
    if len(set(cards)) != len(cards):
        return say(N_("The same card cannot be played twice"))
    hand = st.hands[p]
    for c in cards:
        if c in hand:
            continue
        if not (is_landscape(c) or is_building(c)):
            return say(N_("There is no card {card}"), card=c)
        kind = _kind_key(c)
        if any(_kind_key(h) == kind for h in hand):
            return say(N_("That {card} is not in your hand"), card=T(card_name(c)))
        return say(N_("Your hand holds no {card}"), card=T(card_name(c)))
    return None


def _cards_in_order(cards: tuple[int, ...]) -> Sentence | None:
    # actions sort their cards when built; only one built around the constructor is not
    if list(cards) != sorted(cards):
        return say(N_("Name the cards in increasing order"))
    return None


def _kind_key(card: int) -> tuple[str, int]:
    return (card_kind(card), card // 10 if card < 50 else card_building(card))


def _cell_index(st: OregonState, cell: Any) -> int | Sentence:
    try:
        return st.board.index(cell)
    except ValueError:
        return say(N_("That is not a cell of the board"))


def _not_in_band(name: str, landscape: int) -> Sentence:
    return say(N_("{cell} is not in the {symbol} row or column band"), cell=name,
               symbol=T(SYMBOL_NAMES[SYMBOLS[landscape // 10]]))


def farmer_problem(st: OregonState, p: int, cards: Any, cell: Any) -> Sentence | None:
    if not isinstance(cards, tuple) or len(cards) not in (1, 2):
        return say(N_("A farmer is placed with 2 landscape cards, or 1 and the joker"))
    err = _cards_ok(st, p, cards) or _cards_in_order(cards)
    if err:
        return err
    if not all(is_landscape(c) for c in cards):
        return say(N_("A farmer is placed with landscape cards only, not with a building card"))
    if len(cards) == 1 and not st.joker[p]:
        return say(N_("Your joker is spent"))
    if st.farmers_left[p] <= 0:
        return say(N_("You have no farmers left"))
    i = _cell_index(st, cell)
    if isinstance(i, Sentence):
        return i
    bit = 1 << i
    name = cell_name(st.board.xy[i])
    if st.board.water & bit:
        return say(N_("Farmers cannot stand on water"))
    if st.occupied & bit:
        return say(N_("{cell} is already taken"), cell=name)
    if not farmer_region(st, cards) & bit:
        if len(cards) == 2:
            a, c = SYMBOLS[cards[0] // 10], SYMBOLS[cards[1] // 10]
            message = (N_("{cell} is not in the {a} \u00d7 {b} area") if a == c
                       else N_("{cell} is not in the {a} \u00d7 {b} areas"))
            return say(message, cell=name, a=T(SYMBOL_NAMES[a]), b=T(SYMBOL_NAMES[c]))
        return _not_in_band(name, cards[0])
    return None


def building_problem(st: OregonState, p: int, cards: Any, cell: Any) -> Sentence | None:
    if not isinstance(cards, tuple) or len(cards) not in (1, 2):
        return say(N_("A building is placed with 1 landscape card and 1 building card"))
    err = _cards_ok(st, p, cards) or _cards_in_order(cards)
    if err:
        return err
    if len(cards) == 2:
        if not (is_landscape(cards[0]) and is_building(cards[1])):
            return say(N_("A building is placed with 1 landscape card and 1 building card"))
        landscape: int | None = cards[0]
    else:
        if not is_building(cards[0]):
            return say(N_("The joker stands in for a landscape card only: "
                          "play it with a building card"))
        if not st.joker[p]:
            return say(N_("Your joker is spent"))
        landscape = None
    t = card_building(cards[-1])
    if st.stacks[t] <= 0:
        return say(N_("The {building} stack is empty"), building=T(building_name(t)))
    i = _cell_index(st, cell)
    if isinstance(i, Sentence):
        return i
    bit = 1 << i
    name = cell_name(st.board.xy[i])
    if st.occupied & bit:
        return say(N_("{cell} is already taken"), cell=name)
    if st.board.water & bit:
        return say(N_("Nothing can be built on water"))
    if not st.board.allowed[t] & bit:
        return say(_TERRAIN_RULE[t])
    if landscape is not None and not st.board.band[landscape // 10] & bit:
        return _not_in_band(name, landscape)
    return None


def discard_problem(st: OregonState, p: int, cards: Any) -> Sentence | None:
    if not isinstance(cards, tuple) or len(cards) != 2:
        return say(N_("Exactly 2 cards are discarded"))
    err = _cards_ok(st, p, cards) or _cards_in_order(cards)
    if err:
        return err
    if is_landscape(cards[0]) and is_landscape(cards[1]):
        if not farmer_region(st, cards):
            return None
        if placement_possible(st, p):
            return say(N_("Those landscape cards leave room for a farmer; cards may be "
                          "discarded only when they cannot place anything"))
        return None
    if placement_possible(st, p):
        return say(N_("Your hand still allows a placement; cards may be discarded only "
                      "when none is"))
    return None


def start_tile_problem(st: OregonState, p: int, cell: Any) -> Sentence | None:
    i = _cell_index(st, cell)
    if isinstance(i, Sentence):
        return i
    bit = 1 << i
    t = st.start_tiles[p]
    if st.occupied & bit:
        return say(N_("{cell} is already taken"), cell=cell_name(st.board.xy[i]))
    if st.board.water & bit:
        return say(N_("Nothing can be built on water"))
    if not st.board.allowed[t] & bit:
        return say(_TERRAIN_RULE[t])
    return None


# --- helpers for the table -----------------------------------------------------------------
def selection_region(st: OregonState, p: int, cards: tuple[int, ...],
                     use_joker: bool) -> tuple[str, int]:
    """``("farmer" | "building" | "", mask)`` for a card selection: what it would place and
    where.  ``""`` when the selection cannot place anything (wrong cards, spent joker...)."""
    if st.phase != Phase.PLAY or p != st.current:
        return "", 0
    if use_joker:
        if len(cards) != 1 or not st.joker[p]:
            return "", 0
    elif len(cards) != 2:
        return "", 0
    if _cards_ok(st, p, tuple(cards)):
        return "", 0
    cards = tuple(sorted(cards))
    if all(is_landscape(c) for c in cards):
        if st.farmers_left[p] <= 0:
            return "farmer", 0
        return "farmer", farmer_region(st, cards)
    if len(cards) == 2 and not (is_landscape(cards[0]) and is_building(cards[1])):
        return "", 0
    t = card_building(cards[-1])
    if st.stacks[t] <= 0:
        return "building", 0
    return "building", building_region(st, t, cards[0] if len(cards) == 2 else None)


def legal_cells_for(st: OregonState, p: int, cards: tuple[int, ...],
                    use_joker: bool = False) -> list[tuple[int, int]]:
    """Cells where ``p`` may place with the selected cards (``use_joker``: the joker stands
    in for a landscape card, so ``cards`` holds 1 card)."""
    _, mask = selection_region(st, p, tuple(cards), use_joker)
    return st.board.cells_of(mask)


def action_for(cards: tuple[int, ...], cell: tuple[int, int]) -> Action:
    """The placement action for a card selection and a clicked cell (not checked: ask
    ``state.why_illegal(action, player)``).  1 card = with the joker."""
    if all(is_landscape(c) for c in cards):
        return PlaceFarmer(tuple(cards), (cell[0], cell[1]))
    return PlaceBuilding(tuple(cards), (cell[0], cell[1]))

