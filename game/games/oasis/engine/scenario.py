"""Build Oasis positions directly: for rule tests, tutorials and puzzles.

These helpers change a state without the rules' checks (the one thing rules never allow is
done here: setting a position up).  Every card, tile, camel and marker they use is taken
from where it lay, so the totals stay whole.  Positions built this way are not replayable
from the action history; save them as snapshots, not as save files.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.engine.events import Event
from game.games.oasis.engine import flow, placement
from game.games.oasis.engine.cards import KIND_CODE, MARKERS_EACH
from game.games.oasis.engine.phases import Phase
from game.games.oasis.engine.state import OasisState

Cell = tuple[int, int]


def put_area(st: OasisState, kind: str, cells: Iterable[Cell], owner: int | None = None) -> int:
    """Lay tiles of ``kind`` on ``cells`` (side-connected, each empty), as one area
    controlled by ``owner`` (marker on the first cell) or uncontrolled.  Returns its id.
    Touching uncontrolled land of the same kind joins it; touching controlled land of the
    same kind is refused."""
    st.legal_memo = None  # the position changes
    k = KIND_CODE[kind]
    idx = [st.board.index(c) for c in cells]
    if not idx:
        raise ValueError("an area needs at least one cell")
    for c in idx:
        if c not in st.empty:
            raise ValueError(f"{st.board.xy[c]} is not an empty placement cell")
    if st.supply[k] < len(idx):
        raise ValueError(f"not enough {kind} tiles left")
    a = len(st.a_kind)
    st.a_kind.append(k)
    st.a_owner.append(-1)
    st.a_size.append(0)
    st.a_marker.append(-1)
    joined: set[int] = set()
    for c in idx:
        st.tiles[c] = k
        st.area[c] = a
        st.empty.remove(c)
        st.supply[k] -= 1
        st.a_size[a] += 1
    for c in idx:
        for nb in st.board.nbrs[c]:
            if st.tiles[nb] == k and st.area[nb] != a:
                other = st.area[nb]
                if st.a_owner[other] != -1:
                    raise ValueError("the area would touch a controlled area of its kind")
                joined.add(other)
    for other in joined:
        for c in st.board.place_cells:
            if st.area[c] == other:
                st.area[c] = a
        st.a_size[a] += st.a_size[other]
        st.a_size[other] = 0
    if owner is not None:
        if len(st.markers[owner]) >= MARKERS_EACH:
            raise ValueError("that player has no unused control marker")
        st.markers[owner].append(idx[0])
        st.a_owner[a] = owner
        st.a_marker[a] = idx[0]
    _check_connected(st, a)
    placement.index_areas(st)
    return a


def _check_connected(st: OasisState, a: int) -> None:
    cells = [c for c in st.board.place_cells if st.area[c] == a]
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        c = todo.pop()
        for nb in st.board.nbrs[c]:
            if st.area[nb] == a and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    if len(seen) != len(cells):
        raise ValueError("an area's cells must be side-connected")


def put_camels(st: OasisState, player: int, cells: Iterable[Cell]) -> None:
    """Put camels of ``player`` on empty path cells."""
    st.legal_memo = None  # the position changes
    for cell in cells:
        c = st.board.index(cell)
        if not st.board.is_path[c] or st.camel_at[c] != -1:
            raise ValueError(f"{cell} is not an empty path cell")
        if st.camels_left[player] == 0:
            raise ValueError("no camels left")
        st.camel_at[c] = player
        st.camels_left[player] -= 1
        st.path_free -= 1


def fill_path(st: OasisState, player: int) -> None:
    """Fill every empty path cell with camels, ``player``'s first, then the others'."""
    n = st.num_players
    for c in st.board.path_cells:
        if st.camel_at[c] != -1:
            continue
        for q in [player] + [q for q in range(n) if q != player]:
            if st.camels_left[q]:
                put_camels(st, q, [st.board.xy[c]])
                break


def give_score_tiles(st: OasisState, player: int, **counts: int) -> None:
    """Hand score tiles from the supply, e.g. ``goods=3, springs=5``."""
    st.legal_memo = None  # the position changes
    for kind, count in counts.items():
        if st.score_supply[kind] < count:
            raise ValueError(f"only {st.score_supply[kind]} {kind} tiles left")
        st.score_supply[kind] -= count
        st.score_tiles[player][kind] += count


def _take_card(st: OasisState, card: str) -> None:
    """Remove one ``card`` from the draw deck, discards or an offer deck."""
    for pile in (st.draw, st.discards, *st.offer_decks):
        if card in pile:
            pile.remove(card)
            return
    raise ValueError(f"no {card} card is left to take")


def start_carrying(st: OasisState, player: int, cards: list[str]) -> list[Event]:
    """Jump to ``player`` carrying out ``cards``, as if they had just taken an offer of them.

    From the offer phase, everyone is taken to have offered nothing; choosers before
    ``player`` in disc order take the (empty) offers left, in turn.  Returns the events of
    the steps that happen by themselves."""
    st.legal_memo = None  # the position changes
    if st.phase == Phase.OFFER:
        st.phase = Phase.CHOOSE
        st.pos = 0
    if st.phase != Phase.CHOOSE or st.order.index(player) < st.pos:
        raise ValueError("that player cannot choose an offer now")
    for card in cards:
        _take_card(st, card)
    while True:
        chooser = st.order[st.pos]
        left = [q for q in range(st.num_players) if st.taken_by[q] == -1]
        owner = next((q for q in left if q != chooser), left[0])
        st.handed[owner] = st.pos + 1
        st.taken_by[owner] = chooser
        st.took[chooser] = owner
        if chooser == player:
            break
        st.pos += 1
    st.phase = Phase.CARRY
    st.pending = list(cards)
    st.current = None
    st.left = 0
    st.done = []
    return flow.advance(st)


def start_bonus(st: OasisState, player: int) -> list[Event]:
    """Jump to the bonus action of ``player`` (who becomes the holder of disc #1)."""
    st.legal_memo = None  # the position changes
    st.phase = Phase.BONUS
    other = st.disc.index(1)
    st.disc[other], st.disc[player] = st.disc[player], 1
    st.handed = list(st.disc)
    st.bonus_player = player
    st.pos = st.num_players
    return flow.advance(st)


def stack_offer_decks(st: OasisState, tops: dict[int, list[str]]) -> None:
    """Put ``tops[p]`` on top of player ``p``'s offer deck, in that order (a lesson's fixed
    deal).  Each card is swapped with the one lying there, from below in the same deck, the
    draw deck, or another offer deck's unstacked part, so every deck keeps its size and the
    54 cards stay whole.  Only hidden order changes: call it before anything is turned up."""
    st.legal_memo = None  # the position changes
    done: dict[int, int] = {}  # stacked players -> how many cards of their deck are fixed
    for p, cards in tops.items():
        deck = st.offer_decks[p]
        if len(cards) > len(deck):
            raise ValueError(f"player {p}'s offer deck holds only {len(deck)} cards")
        for i, card in enumerate(cards):
            if deck[i] == card:
                continue
            piles = [(deck, i + 1), (st.draw, 0)] + [
                (st.offer_decks[q], done.get(q, 0)) for q in range(st.num_players) if q != p]
            for pile, start in piles:
                if card in pile[start:]:
                    j = pile.index(card, start)
                    pile[j], deck[i] = deck[i], pile[j]
                    break
            else:
                raise ValueError(f"no {card} card is free to stack")
        done[p] = len(cards)
