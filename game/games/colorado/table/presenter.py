"""What each Colorado County event shows at the table: one step per event with its length,
its sound and a small function that puts down sprites, floaters, highlights and overlays.

``EVENT_STEPS`` maps every event kind the engine emits to its ``Beat``; ``start_event`` runs
an event's step on the table (the scene: its ``sprites``, ``floaters``, ``layout``, ``colour``
and what running steps put down over ``shown``).  What a step shows comes from the event's
data as the seat looking now may see it, never from its text.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, NamedTuple

from game.engine.events import Event
from game.games.colorado.art import pieces
from game.games.colorado.art.layout import CARD
from game.games.colorado.engine.events import (
    BidsRevealed,
    CardsDiscarded,
    CardsRevealed,
    CardTaken,
    CowboyGiven,
    CowboysDrawn,
    CubeMoved,
    FlagPlaced,
    FlagsRevealed,
    GameOver,
    LakeChanged,
    RoundScored,
    RoundStarted,
    SaleBidsRevealed,
    SaleOffered,
    Scored,
)
from game.games.colorado.engine.grid import HEIGHT, WIDTH, cell_name
from game.i18n import _, ngettext
from game.scenes.table.parts import one_step
from game.ui.table_anim import Sprite, Step, drop, fly

log = logging.getLogger(__name__)


class Shown(NamedTuple):
    """An event as the step shows it: its data as the viewer may see it ({} for another
    seat's private event), the step's seconds (animation time) and the log line."""

    data: dict[str, Any]
    seconds: float
    line: str


Start = Callable[[Any, Event, Shown], None]


class Beat(NamedTuple):
    """How long an event's step lasts, its sound, and what it puts on the table."""

    seconds: float
    sound: str | None
    start: Start


def _nothing(table, e: Event, s: Shown) -> None:
    """The step only logs its line (and plays its sound)."""


def _round_started(table, e: Event[RoundStarted], s: Shown) -> None:
    table.banner, table.banner_time = _("Round {round} of 4").format(round=e.data["round"]), 2.2
    table.game.score_show = None


def _flag_placed(table, e: Event[FlagPlaced], s: Shown) -> None:
    cell = tuple(e.data["cell"])
    colour = s.data.get("colour")  # face down for everyone but its owner
    r = table.layout.cell_rect(*cell)
    table.sprites.add(drop(pieces.flag(colour, 58), (r.centerx + 6, r.centery - 4), s.seconds,
                           on_done=lambda: table.game.flag_over.__setitem__(cell, colour)))


def _flags_revealed(table, e: Event[FlagsRevealed], s: Shown) -> None:
    for f in e.data["flags"]:
        table.game.flag_over[tuple(f["cell"])] = f["colour"]
    table.game.flip = 0.0


def _cards_revealed(table, e: Event[CardsRevealed], s: Shown) -> None:
    lay = table.layout
    cards = e.data["cards"]
    table.game.table_cards = list(cards)
    for k, c in enumerate(cards):
        table.game.hidden_cards.add(c["id"])
        end = lay.card_rect(k, len(cards)).center
        table.sprites.add(fly(pieces.card_for(c, CARD), lay.deck_point, end, s.seconds,
                              delay=0.08 * k, arc=30,
                              on_done=lambda c=c: table.game.hidden_cards.discard(c["id"])))


def _sale_offered(table, e: Event[SaleOffered], s: Shown) -> None:
    table.game.sale_mark = tuple(e.data["cell"])
    table.game.highlight = (table.colour[e.player], [table.game.sale_mark], s.seconds * 2)


def _cube_removed(table, e: Event[CubeMoved], s: Shown) -> None:
    cell = tuple(e.data["cell"])
    table.game.cube_over[cell] = -1
    r = table.layout.cell_rect(*cell)
    table.sprites.add(Sprite(pieces.cube(table.colour[e.player], 48), r.center,
                             (r.centerx, r.centery - 60), s.seconds, fade_out=True))


def _cube_placed(table, e: Event[CubeMoved], s: Shown) -> None:
    cell = tuple(e.data["cell"])
    q = e.player
    r = table.layout.cell_rect(*cell)
    table.sprites.add(drop(pieces.cube(table.colour[q], 48), (r.centerx + 1, r.centery + 2),
                           s.seconds, on_done=lambda: table.game.cube_over.__setitem__(cell, q)))


def _lake_changed(table, e: Event[LakeChanged], s: Shown) -> None:
    to = e.data["to"]
    table.game.lake_over[e.data["lake"]] = to
    if to is not None and to >= 0:
        table.game.highlight = (table.colour[to], [tuple(c) for c in e.data["cells"]],
                           s.seconds * 2)


def _cowboys_drawn(table, e: Event[CowboysDrawn], s: Shown) -> None:
    k = e.data.get("count", 0)
    if k:
        table.floaters.add(ngettext("+{n} cowboy", "+{n} cowboys", k).format(n=k),
                           table.layout.panel_point(e.player),
                           colour=(255, 226, 160), duration=0.9)


def _cowboy_given(table, e: Event[CowboyGiven], s: Shown) -> None:
    a, b = e.data["from"], e.data["to"]
    num = s.data.get("cowboy") if table.viewer in (a, b) else None  # only they know it
    surf = pieces.cowboy_token(num, 44) if num is not None else \
        pieces.cowboy_token(0, 44, dim=True)
    lay = table.layout
    table.sprites.add(fly(surf, lay.panel_point(a), lay.panel_point(b), s.seconds, arc=40))


def _bids_revealed(table, e: Event[BidsRevealed], s: Shown) -> None:
    _show_bids(table, e.data["bids"], e.data["ranking"], e.data["takers"],
               _("Bids for the cards"), land=False)


def _sale_bids_revealed(table, e: Event[SaleBidsRevealed], s: Shown) -> None:
    x, y = e.data["cell"]
    title = _("Land auction for {cell}").format(cell=cell_name((x, y)))
    _show_bids(table, e.data["bids"], e.data["ranking"], [e.data["winner"]], title, land=True)


def _show_bids(table, bid_json: dict[str, list[int]], ranking: list[int], takers: list[int],
               title: str, land: bool) -> None:
    """Every bid, best first, in an overlay over the board (cards or a land auction)."""
    bids = {int(k): v for k, v in bid_json.items()}
    order = sorted(bids, key=lambda p: (ranking.index(p) if p in ranking else 99, p))
    rows = [(p, sorted(bids[p]), (ranking.index(p) + 1) if p in ranking else None,
             p in takers) for p in order]
    table.game.bid_show = {"title": title, "rows": rows, "t": 0.0, "land": land}


def _card_taken(table, e: Event[CardTaken], s: Shown) -> None:
    lay = table.layout
    q = e.player
    cid = e.data["card"]["id"]
    src = card_point(table, cid)
    table.game.table_cards = [c for c in table.game.table_cards if c["id"] != cid]
    flag = e.data.get("flag")
    end = lay.cell_rect(*flag).center if flag else lay.panel_point(q)
    table.sprites.add(Sprite(pieces.card_for(e.data["card"], (96, 130)), src, end, s.seconds,
                             fade_out=True, arc=40))
    if e.data.get("stars") and flag:
        stars = [tuple(c) for c in e.data["stars"] if 0 <= c[0] < WIDTH and 0 <= c[1] < HEIGHT]
        table.game.highlight = (table.colour[q], stars, s.seconds * 2.5)


def _cards_discarded(table, e: Event[CardsDiscarded], s: Shown) -> None:
    for c in e.data["cards"]:
        src = card_point(table, c["id"])
        table.sprites.add(Sprite(pieces.card_for(c, (96, 130)), src, (src[0], src[1] + 140),
                                 s.seconds, fade_out=True))
    table.game.table_cards = []


def _scored(table, e: Event[Scored], s: Shown) -> None:
    """Points fly from the scoring cells to the panel; the round scoring fills its row."""
    lay = table.layout
    q = e.player
    assert q is not None, "a score belongs to a seat"
    d = e.data
    cells = [tuple(c) for c in d.get("cells", [])]
    table.game.highlight = (table.colour[q], cells, s.seconds * 1.2)
    start = lay.cell_rect(*cells[len(cells) // 2]).center if cells else lay.panel_point(q)
    table.floaters.add(f"+{d['points']}", start, lay.score_point(q), colour=(255, 232, 140),
                       duration=max(0.5, s.seconds * 1.4))
    table.disp_score[q] += d["points"]
    score_rows(table, d["round"])[q][d["category"]] = (d["points"], d["count"])


def _round_scored(table, e: Event[RoundScored], s: Shown) -> None:
    score_rows(table, e.data["round"])
    table.game.score_show["final"] = True
    table.disp_score = list(e.data["scores"])
    if table.game.scores_wait_for_player:
        table.timeline.hold()  # the table waits until a player closes the scoring


def _flags_removed(table, e: Event, s: Shown) -> None:
    table.game.flags_cleared = True


def _game_over(table, e: Event[GameOver], s: Shown) -> None:
    table.banner, table.banner_time = s.line, 3.0


EVENT_STEPS: dict[str, Beat] = {
    "game_started": Beat(0.2, None, _nothing),
    "round_started": Beat(0.9, "bell", _round_started),
    "flags_dealt": Beat(0.15, None, _nothing),
    "flag_placed": Beat(0.4, "knock", _flag_placed),
    "flag_not_placed": Beat(0.3, "error", _nothing),
    "flags_revealed": Beat(0.8, "flip", _flags_revealed),
    "cards_revealed": Beat(0.6, "swish", _cards_revealed),
    "sale_offered": Beat(0.55, "coin", _sale_offered),
    "sale_passed": Beat(0.12, None, _nothing),
    "interest": Beat(0.3, "tick", _nothing),
    "sale_result": Beat(0.35, None, _nothing),
    "cube_removed": Beat(0.3, "swish", _cube_removed),
    "cube_placed": Beat(0.42, "drop", _cube_placed),
    "lake_changed": Beat(0.45, "coin", _lake_changed),
    "cowboys_drawn": Beat(0.3, "token", _cowboys_drawn),
    "cowboy_given": Beat(0.4, "token", _cowboy_given),
    "bid_submitted": Beat(0.1, "tick", _nothing),
    "sale_bid_submitted": Beat(0.1, "tick", _nothing),
    "bids_revealed": Beat(2.0, "shuffle", _bids_revealed),
    "sale_bids_revealed": Beat(1.6, "shuffle", _sale_bids_revealed),
    "card_taken": Beat(0.5, "swish", _card_taken),
    "cards_discarded": Beat(0.35, "swish", _cards_discarded),
    "scored": Beat(0.6, "coin", _scored),
    "round_scored": Beat(2.4, "fanfare", _round_scored),
    "flags_removed": Beat(0.3, None, _flags_removed),
    "game_over": Beat(1.2, "fanfare", _game_over),
}
UNKNOWN = Beat(0.2, None, _nothing)  # a kind this table does not know: logged, no picture


def beat_for(kind: str) -> Beat:
    """The step of an event kind (a kind without one is reported in the log file; the test
    of the presenter keeps that from happening)."""
    step = EVENT_STEPS.get(kind)
    if step is None:
        log.warning("No step for Colorado County events of kind %r", kind)
        return UNKNOWN
    return step


def start_event(table, e: Event) -> None:
    """Run ``e``'s step: its log line, what it puts on the table, its sound."""
    line = table.log_event(e)
    step = beat_for(e.kind)
    step.start(table, e, Shown(table.seen(e).data, step.seconds, line))
    if step.sound:
        table.services.audio.play(step.sound)


def score_rows(table, rnd: int) -> dict[int, dict[str, tuple[int, int]]]:
    """The round scoring's rows for round ``rnd`` (a fresh overlay for a new round)."""
    if not table.game.score_show or table.game.score_show["round"] != rnd:
        table.game.score_show = {"round": rnd, "t": 0.0, "final": False,
                            "rows": {q: {} for q in range(table.n)}}
    return table.game.score_show["rows"]


def card_point(table, cid: int) -> tuple[int, int]:
    """Where the revealed card ``cid`` lies (the cards' area when it is not there)."""
    ids = [c["id"] for c in table.game.table_cards]
    if cid in ids:
        return table.layout.card_rect(ids.index(cid), len(ids)).center
    return table.layout.cards_rect.center


class ColoradoPresenter:
    """The steps of Colorado's events on ``table`` (a ``game.scenes.table.parts.Presenter``);
    what they put over the shown state is kept by the game's parts (``table.game``)."""

    def __init__(self, table) -> None:
        self.table = table

    def steps(self, e: Event) -> list[Step]:
        return one_step(lambda ev: start_event(self.table, ev), e, beat_for(e.kind).seconds)

    def catch_up(self, after, version: int | None) -> None:
        t, g = self.table, self.table.game
        for q in list(g.pending_bid):
            if version is not None and version < g.pending_since[q]:
                continue  # the table shows a moment before this bid
            v = t.shown_view(q)
            if not (v["my_bid"] or v["my_sale_bid"]):
                del g.pending_bid[q], g.pending_since[q]
        g.cube_over.clear()
        g.flag_over.clear()
        g.lake_over.clear()
        g.flags_cleared = False
        g.flip = None
        g.hidden_cards.clear()
        g.sale_mark = None
        t.disp_score = list(after.score)
        g.table_cards = list(t.dview()["revealed_cards"])
