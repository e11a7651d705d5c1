"""How the Oasis table shows each engine event: how long its animation step lasts, the sound
it makes and what it puts in motion (cards, discs and score tiles flying, camels, tiles and
markers landing, banners, the final count's floating points), one small function per kind.

``PRESENTERS`` maps every event kind the engine emits to its ``Present``; a test checks
that none is missing.  Pictures and floaters come from the event's data (what the seat
looking now may see of it); the log line comes from the game log, never from the event.
While steps run, the board shows the state before the action plus what has landed so far
(``Landed``); the table catches up when the action's last step ends.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, Generic

from game import assets
from game.engine.events import Event, Payload
from game.engine.messages import P, say
from game.games.oasis.art import pictures as oart
from game.games.oasis.art.board_view import CAMEL_SIZE, CONTROL_SIZE
from game.games.oasis.art.layout import CARRY_CARD, OFFER_CARD
from game.games.oasis.engine.cards import LAND_KINDS, SCORE_KINDS
from game.games.oasis.engine.events import (
    CamelPlaced,
    CardsDrawn,
    CardTurned,
    DiscHanded,
    DiscsDealt,
    FromTo,
    MarkerMoved,
    MarkerPlaced,
    OfferTaken,
    RoundStarted,
    ScoreTilesTaken,
    TilePlaced,
)
from game.games.oasis.engine.phases import Phase
from game.games.oasis.engine.state import OasisState
from game.i18n import N_, _
from game.ui.table_anim import Step, drop, fly

if TYPE_CHECKING:
    from game.games.oasis.table.parts import OasisTable

log = logging.getLogger(__name__)

SCORE_STEP = 0.55  # seconds per category and player in the final count
CATEGORIES = ("camels", *LAND_KINDS)

Cell = tuple[int, int]


@dataclass
class Landed:
    """What running steps have put on the board before the table catches up: tiles, camels
    and markers landed, players whose new marker landed, cells a piece flies from (hidden
    there) and offers flying to their taker.  ``rev`` changes with every one of them."""

    tiles: dict[Cell, str] = field(default_factory=dict)
    camels: list[tuple[int, Cell]] = field(default_factory=list)  # (colour, cell)
    markers: list[tuple[int, Cell]] = field(default_factory=list)
    new_markers: list[int] = field(default_factory=list)
    hidden_cells: set[tuple] = field(default_factory=set)  # cells, ("m", x, y) for markers
    hidden_offers: set[int] = field(default_factory=set)
    rev: int = 0

    def land(self, what: str, item: Any) -> None:
        if what == "tile":
            self.tiles[item[0]] = item[1]
        elif what == "camel":
            self.camels.append(item)
        else:
            self.markers.append(item)
        self.rev += 1

    def hide(self, cell: tuple) -> None:
        self.hidden_cells.add(cell)
        self.rev += 1

    def clear(self) -> None:
        for part in (self.tiles, self.camels, self.markers, self.new_markers,
                     self.hidden_cells, self.hidden_offers):
            part.clear()
        self.rev += 1


@dataclass(frozen=True)
class Cue(Generic[Payload]):
    """One event starting on the table: ``data`` is what the viewer may see of it, ``line``
    its log line as they read it."""

    event: Event[Payload]
    data: Payload  # empty when the event is hidden from the viewer
    duration: float
    line: str

    @property
    def player(self) -> int:
        """Whom the event concerns (for the kinds that concern one player)."""
        return _player(self.event)


def _player(e: Event) -> int:
    assert e.player is not None, f"{e.kind} concerns no player"
    return e.player


Show = Callable[["OasisTable", Cue], None]


@dataclass(frozen=True)
class Present:
    """An event kind on the table: its step's length, its sound, what it sets in motion."""

    duration: float
    sound: str | None = None
    show: Show | None = None


# --- what moves ---------------------------------------------------------------------------
def _card_turned(t: OasisTable, c: Cue[CardTurned]) -> None:
    q, lay = c.player, t.layout
    slot = lay.offer_cards[q][c.data["position"] - 1]
    t.sprites.add(fly(oart.card_face(c.data["card"], OFFER_CARD), lay.decks[q].center,
                      slot.center, c.duration, arc=30))


def _cards_drawn(t: OasisTable, c: Cue[CardsDrawn]) -> None:
    q, lay = c.player, t.layout
    for k in range(c.event.data.get("count", 0)):
        t.sprites.add(fly(oart.card_back(OFFER_CARD), lay.draw_deck.center,
                          lay.decks[q].move(0, 14).center, c.duration * 0.8,
                          delay=0.1 * k, arc=40))


def _offer_taken(t: OasisTable, c: Cue[OfferTaken]) -> None:
    lay, d = t.layout, c.event.data
    owner = d["owner"]
    t.game.landed.hidden_offers.add(owner)
    for k, card in enumerate(d["cards"]):
        end = lay.carry_cards[k].center if k < 3 else lay.carry_cards[-1].center
        t.sprites.add(fly(oart.card_face(card, CARRY_CARD), lay.offer_cards[owner][k].center,
                          end, c.duration, delay=0.05 * k, arc=50))


def _disc_handed(t: OasisTable, c: Cue[DiscHanded]) -> None:
    lay, d = t.layout, c.event.data
    t.sprites.add(fly(oart.disc(d["disc"], 44, True), lay.discs[d["from"]].center,
                      lay.handed[d["to"]].center, c.duration, arc=70))


def _score_tiles_taken(t: OasisTable, c: Cue[ScoreTilesTaken]) -> None:
    q, lay = c.player, t.layout
    score_kind = c.data.get("kind")  # the kind is the taker's secret
    i = SCORE_KINDS.index(score_kind) if score_kind in SCORE_KINDS else 0
    for k in range(c.event.data.get("count", 0)):
        t.sprites.add(fly(oart.score_tile(None, 40), lay.score_stacks[i].center,
                          lay.piles[q].center, c.duration, delay=0.08 * k, arc=60))


def _camel_placed(t: OasisTable, c: Cue[CamelPlaced]) -> None:
    cell = tuple(c.event.data["cell"])
    col = t.colour[c.player]
    t.sprites.add(drop(oart.camel(col, CAMEL_SIZE), t.layout.cell_rect(*cell).center,
                       c.duration, on_done=lambda: t.game.landed.land("camel", (col, cell))))


def _camel_moved(t: OasisTable, c: Cue[FromTo]) -> None:
    lay = t.layout
    src, dst = tuple(c.event.data["src"]), tuple(c.event.data["dst"])
    col = t.colour[c.player]
    t.game.landed.hide(src)
    t.sprites.add(fly(oart.camel(col, CAMEL_SIZE), lay.cell_rect(*src).center,
                      lay.cell_rect(*dst).center, c.duration, arc=40,
                      on_done=lambda: t.game.landed.land("camel", (col, dst))))


def _tile_placed(t: OasisTable, c: Cue[TilePlaced]) -> None:
    lay = t.layout
    cell = tuple(c.event.data["cell"])
    kind = c.event.data["kind"]
    t.sprites.add(drop(oart.land_tile(kind, lay.cell_rect(0, 0).w), lay.cell_rect(*cell).center,
                       c.duration, on_done=lambda: t.game.landed.land("tile", (cell, kind))))


def _marker_spot(t: OasisTable, cell: Sequence[int]) -> tuple[int, int]:
    """Where a control marker stands on ``cell``: its lower right corner."""
    r = t.layout.cell_rect(*cell)
    return (r.right + 4 - CONTROL_SIZE // 2, r.bottom + 2 - CONTROL_SIZE // 2)


def _marker_placed(t: OasisTable, c: Cue[MarkerPlaced]) -> None:
    q = c.player
    col, dst = t.colour[q], tuple(c.event.data["cell"])

    def landed() -> None:
        t.game.landed.land("marker", (col, dst))
        t.game.landed.new_markers.append(q)

    surf = assets.piece(col, CONTROL_SIZE, "farmer", shadow=True)
    t.sprites.add(fly(surf, t.game.panel_point(q), _marker_spot(t, dst), c.duration, arc=60,
                      on_done=landed))


def _marker_moved(t: OasisTable, c: Cue[MarkerMoved]) -> None:
    col = t.colour[c.player]
    src, dst = tuple(c.event.data["src"]), tuple(c.event.data["dst"])
    t.game.landed.hide(("m", *src))
    surf = assets.piece(col, CONTROL_SIZE, "farmer", shadow=True)
    t.sprites.add(fly(surf, _marker_spot(t, src), _marker_spot(t, dst), c.duration, arc=60,
                      on_done=lambda: t.game.landed.land("marker", (col, dst))))


# --- banners --------------------------------------------------------------------------------
def _banner(t: OasisTable, text: str, seconds: float) -> None:
    t.banner, t.banner_time = text, seconds


def _round_started(t: OasisTable, c: Cue[RoundStarted]) -> None:
    _banner(t, _("Round {n}").format(n=c.event.data.get("round", "")), 1.6)


def _line_banner(seconds: float) -> Show:
    """The event's log line as a banner for ``seconds``."""
    return lambda t, c: _banner(t, c.line, seconds)


def _discs_revealed(t: OasisTable, c: Cue[DiscsDealt]) -> None:
    _banner(t, _("Discs turned up"), 1.4)


def _bonus(t: OasisTable, c: Cue) -> None:
    _banner(t, _("{player}: bonus action").format(player=t.names[c.player]), 1.6)


# --- the final count: one step per category and player ---------------------------------------
# The final count's log line per category: what scores, times what multiplies it.
COUNT_LINES = {
    "camels": N_("{player}: camels {points} (largest caravan {size} × {count} goods)"),
    "oasis": N_("{player}: oasis {points} ({tiles} oasis tiles × {count} springs)"),
    "steppe": N_("{player}: steppe {points} ({tiles} steppe tiles × {count} horses)"),
    "stone": N_("{player}: stone {points} ({tiles} stone tiles × {count} ovoo)"),
}
# ... and its banner
COUNT_BANNERS = {
    "camels": N_("{player}: camels {points}"),
    "oasis": N_("{player}: oasis {points}"),
    "steppe": N_("{player}: steppe {points}"),
    "stone": N_("{player}: stone {points}"),
}


def score_category(t: OasisTable, e: Event, cat: str) -> None:
    """Count one category of one player's final score, with what scores highlighted."""
    q, d = _player(e), e.data
    info = d[cat]
    if cat == "camels":
        cells = [tuple(c) for c in info["group"]]
        size, count = info["size"], info["goods"]
    else:
        cells = [tuple(c) for c in d["cells"][cat]]
        tiles = next(k for k in info if k not in ("areas", "tiles", "points"))
        size, count = info["tiles"], info[tiles]
    pts = info["points"]
    t.game.highlight = cells
    t.game.scored[q][cat] = pts
    t.disp_score[q] += pts
    # a Sentence: the log writes it in the player's language, again if that changes
    t.log.add(say(COUNT_LINES[cat], player=P(q, t.names[q]), points=pts, size=size,
                  tiles=size, count=count), t.colour[q])
    src = t.layout.cell_rect(*cells[len(cells) // 2]).center if cells else t.game.panel_point(q)
    if pts:
        t.floaters.add(f"+{pts}", src, t.layout.score_point(q), colour=(255, 232, 140),
                       duration=SCORE_STEP * 1.6)
        t.services.audio.play("coin")
    else:
        t.services.audio.play("tick")
    _banner(t, _(COUNT_BANNERS[cat]).format(player=t.names[q], points=pts), SCORE_STEP + 0.1)


PRESENTERS: dict[str, Present] = {
    "round_started": Present(0.6, "bell", _round_started),
    "discs_dealt": Present(0.2),
    "card_turned": Present(0.4, "flip", _card_turned),
    "offer_stopped": Present(0.15),
    "cards_drawn": Present(0.4, "swish", _cards_drawn),
    "deck_refilled": Present(0.6, "shuffle"),
    "no_offer": Present(0.3),
    "choosing": Present(0.3),
    "offer_taken": Present(0.5, "swish", _offer_taken),
    "disc_handed": Present(0.5, "token", _disc_handed),
    "card_carried_out": Present(0.25, "click"),
    "score_tiles_taken": Present(0.45, "token", _score_tiles_taken),
    "camel_placed": Present(0.35, "knock", _camel_placed),
    "camel_moved": Present(0.4, "knock", _camel_moved),
    "card_ignored": Present(0.3),
    "tile_placed": Present(0.42, "drop", _tile_placed),
    "marker_placed": Present(0.3, "knock", _marker_placed),
    "marker_moved": Present(0.45, "knock", _marker_moved),
    "area_uncontrolled": Present(0.2),
    "tile_unplaceable": Present(0.7, "error", _line_banner(3.0)),
    "end_triggered": Present(0.9, "bell", _line_banner(3.0)),
    "cards_discarded": Present(0.35, "swish"),
    "discs_revealed": Present(0.6, "flip", _discs_revealed),
    "bonus": Present(0.3, None, _bonus),
    "bonus_skipped": Present(0.25),
    "final_score": Present(SCORE_STEP * len(CATEGORIES)),  # counted by ``score_category``
    "ranking": Present(0.4),
    "game_over": Present(1.2, "fanfare", _line_banner(4.0)),
}
_UNKNOWN = Present(0.2)


def present(kind: str) -> Present:
    """The presentation of ``kind``; a kind without one (a test keeps that from happening)
    gets a short quiet step rather than stopping the game."""
    p = PRESENTERS.get(kind)
    if p is None:
        log.warning("No presentation for the Oasis event %r", kind)
        return _UNKNOWN
    return p


class OasisPresenter:
    """The steps of Oasis' events on ``table`` (a ``game.scenes.table.parts.Presenter``);
    what they put down over the shown state is kept by the game's parts (``table.game``)."""

    def __init__(self, table: OasisTable) -> None:
        self.table = table

    def steps(self, e: Event) -> list[Step]:
        """One step per event; the final scoring, one per category."""
        t = self.table
        if e.kind == "final_score":
            return [Step(partial(score_category, t, e, cat), SCORE_STEP, "final_score")
                    for cat in CATEGORIES]
        return [Step(partial(start, t, e), present(e.kind).duration, e.kind)]

    def catch_up(self, after: OasisState, version: int | None) -> None:
        g = self.table.game
        g.landed.clear()
        if not after.is_over():
            g.highlight = []
        choice = self.table.controls.choice
        if (choice.bonus_mode and self.table.acting is not None
                and self.table.known.phase != Phase.BONUS):
            choice.bonus_mode = None


def start(t: OasisTable, e: Event) -> None:
    """``e``'s step begins: its log line, its pictures in motion, its sound."""
    line = t.log_event(e)
    p = present(e.kind)
    data = t.seen(e).data
    if p.show is not None:
        p.show(t, Cue(e, data, p.duration, line))
    if p.sound:
        t.services.audio.play(p.sound)
