"""How each Oregon event shows on the table: its time on the timeline, its sound, and what it
puts on screen (a card flying, a piece dropping, a score floating, a banner).

``BEATS`` maps every event kind the engine emits to a ``Beat``: seconds of animation time, a
sound, and an optional small function that starts the event's pictures.  A test checks that
every kind has one (tests/scenes/test_oregon_choices.py), so no event falls through to a
default.  ``OregonPresenter`` runs them for the table, and keeps what the running steps have
already put down over the shown state (pieces landed, cards gone from the hand, tokens
flipped) until the table catches up with the state.

Pictures come from the event's data as the viewer may see it; the log line comes from the
log (``describe``), never from the event's text.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic

from game.engine.events import Event, Payload
from game.games.oregon.art import pictures as art
from game.games.oregon.art.board_view import piece_surface, tile_surface
from game.games.oregon.engine import OregonState
from game.games.oregon.engine.events import (
    BuildingPlaced,
    CardsPlayed,
    Discarded,
    DrewCard,
    DrewToken,
    EndTriggered,
    FarmerPlaced,
    LastRound,
    Scored,
    StartTilePlaced,
    TokenFlipped,
    TokensRevealed,
)
from game.games.oregon.table.choices import card_kind
from game.games.oregon.table.panels import card_face
from game.scenes.table.parts import one_step
from game.ui.table_anim import Step, drop, fly

if TYPE_CHECKING:
    from game.games.oregon.table.parts import OregonTable

log = logging.getLogger(__name__)

FLYING_CARD = (96, 134)  # a card on its way between hand, decks and discard piles
GAIN_COLOUR = (255, 232, 140)
BANNER_SECONDS = 3.0


@dataclass(frozen=True)
class Cue(Generic[Payload]):
    """One event as it starts: the data the viewer may see, its time, its log line."""

    event: Event[Payload]
    data: Payload  # empty when the event is hidden from the viewer
    seconds: float
    line: str

    @property
    def player(self) -> int:
        """The seat the event concerns (every kind shown with pictures names one)."""
        assert self.event.player is not None, f"{self.event.kind} concerns no player"
        return self.event.player


@dataclass(frozen=True)
class Beat:
    """How one kind of event shows: ``show`` starts its pictures and may return a sound to
    play instead of ``sound``."""

    seconds: float
    sound: str | None = None
    show: Callable[[OregonPresenter, Cue], str | None] | None = None


@dataclass
class PutDown:
    """What running steps have put down over the shown state, until the table catches up."""

    farmers: list[tuple[int, tuple[int, int]]] = field(default_factory=list)  # (colour, cell)
    buildings: list[dict[str, Any]] = field(default_factory=list)
    hidden_cards: set[int] = field(default_factory=set)  # gone from the hand, in flight
    token_over: dict[tuple[int, str], bool] = field(default_factory=dict)  # (seat, token)

    def clear(self) -> None:
        self.farmers.clear()
        self.buildings.clear()
        self.hidden_cards.clear()
        self.token_over.clear()


class OregonPresenter:
    """Starts the pictures and sound of each event on ``table`` (the shared table playing
    Oregon): a ``game.scenes.table.parts.Presenter``."""

    def __init__(self, table: OregonTable) -> None:
        self.table = table
        self.put = PutDown()

    @staticmethod
    def seconds(kind: str) -> float:
        """How long an event of ``kind`` holds the timeline."""
        return beat_for(kind).seconds

    def steps(self, e: Event) -> list[Step]:
        """One step per event."""
        return one_step(self.start, e, self.seconds(e.kind))

    def catch_up(self, after: OregonState, version: int | None) -> None:
        """The table shows ``after``: what the steps put down is in it."""
        self.put.clear()
        self.table.disp_score = list(after.score)

    def start(self, e: Event) -> None:
        """The event's step begins: log it, start its pictures, play its sound."""
        t = self.table
        data = t.seen(e).data
        line = t.log_event(e)
        beat = beat_for(e.kind)
        sound = beat.show(self, Cue(e, data, beat.seconds, line)) if beat.show else None
        sound = sound or beat.sound
        if sound:
            t.services.audio.play(sound)

    def panel_point(self, q: int) -> tuple[int, int]:
        """Where things fly to and from on seat ``q``'s panel."""
        r = self.table.layout.panels[q]
        return (r.right - 60, r.centery)

    def cell_or_panel(self, data: Mapping[str, Any], q: int) -> tuple[int, int]:
        """The centre of the event's cell, or seat ``q``'s panel when it names none."""
        cell = data.get("cell")
        return self.table.layout.cell_rect(*cell).center if cell else self.panel_point(q)


# --- one small function per kind that puts something on screen --------------------------------
def _cards_played(pr: OregonPresenter, cue: Cue[CardsPlayed]) -> str | None:
    t, q = pr.table, cue.player
    shown_hand = t.controls.hand() if q == t.viewer else []
    for k, c in enumerate(cue.data.get("cards", [])):
        if c in shown_hand:
            start = t.layout.card_rect(shown_hand.index(c)).center
        else:
            start = pr.panel_point(q)
        pr.put.hidden_cards.add(c)
        end = t.layout.discards[card_kind(c)].center
        t.sprites.add(fly(card_face(c, FLYING_CARD), start, end, cue.seconds, delay=0.06 * k))
    return None


def _token_flipped(pr: OregonPresenter, cue: Cue[TokenFlipped]) -> str | None:
    token = "joker" if cue.data.get("token") == "joker" else "extra"
    pr.put.token_over[(cue.player, token)] = bool(cue.data.get("active"))
    return None


def _extra_turn_used(pr: OregonPresenter, cue: Cue) -> str | None:
    pr.put.token_over[(cue.player, "extra")] = False
    return None


def _farmer_placed(pr: OregonPresenter, cue: Cue[FarmerPlaced]) -> str | None:
    t = pr.table
    x, y = cue.data["cell"]
    cell = (x, y)
    r = t.layout.cell_rect(x, y)
    colour = t.colour[cue.player]
    surf = piece_surface(colour)
    end = (r.centerx, r.bottom + 2 - surf.get_height() // 2)
    t.sprites.add(drop(surf, end, cue.seconds,
                       on_done=lambda: pr.put.farmers.append((colour, cell))))
    return None


def _tile_placed(pr: OregonPresenter, cue: Cue[BuildingPlaced | StartTilePlaced]) -> str | None:
    cell = tuple(cue.data["cell"])
    start = cue.event.kind == "start_tile_placed"
    tile = {"cell": cell, "building": cue.data["building"], "start": start}
    surf = tile_surface(cue.data["building"], start)
    pr.table.sprites.add(drop(surf, pr.table.layout.cell_rect(*cell).center, cue.seconds,
                              on_done=lambda: pr.put.buildings.append(tile)))
    return None


def _scored(pr: OregonPresenter, cue: Cue[Scored]) -> str | None:
    t, q, d = pr.table, cue.player, cue.data
    t.floaters.add(f"+{d['amount']}", pr.cell_or_panel(d, q), pr.panel_point(q),
                   colour=GAIN_COLOUR, duration=max(0.5, cue.seconds * 1.6))
    t.disp_score[q] = d.get("total", t.disp_score[q] + d["amount"])
    return None


def _drew_token(pr: OregonPresenter, cue: Cue[DrewToken]) -> str | None:
    q, d = cue.player, cue.data
    token = art.mine_token(d.get("token", "coal"), 44, d.get("value"))
    pr.table.sprites.add(fly(token, pr.cell_or_panel(d, q), pr.panel_point(q), cue.seconds))
    return None


def _drew_card(pr: OregonPresenter, cue: Cue[DrewCard]) -> str | None:
    t, q, d = pr.table, cue.player, cue.data
    deck = d.get("deck", "landscape")
    if q == t.viewer and "card" in d:
        end = t.layout.card_rect(len(t.controls.hand())).center
        surf = card_face(d["card"], FLYING_CARD)
    else:
        end = pr.panel_point(q)
        surf = art.card_surface("back", deck, FLYING_CARD)
    t.sprites.add(fly(surf, t.layout.decks[deck].center, end, cue.seconds, arc=30))
    return None


def _discarded(pr: OregonPresenter, cue: Cue[Discarded]) -> str | None:
    t, q = pr.table, cue.player
    for c in cue.data.get("cards", []):
        pr.put.hidden_cards.add(c)
        t.sprites.add(fly(card_face(c, FLYING_CARD), pr.panel_point(q),
                          t.layout.discards[card_kind(c)].center, cue.seconds))
    return None


def _tokens_revealed(pr: OregonPresenter, cue: Cue[TokensRevealed]) -> str | None:
    t, q, d = pr.table, cue.player, cue.data
    t.disp_score[q] = d.get("final", t.disp_score[q])
    if d.get("bonus"):
        t.floaters.add(f"+{d['bonus']}", pr.panel_point(q), colour=GAIN_COLOUR, duration=1.0)
    return None


def _banner(pr: OregonPresenter, cue: Cue[EndTriggered | LastRound]) -> str | None:
    pr.table.banner, pr.table.banner_time = cue.line, BANNER_SECONDS
    return None


BEATS: dict[str, Beat] = {
    "turn_start": Beat(0.15),  # a human's turn: the table's cue chimes (table.glance)
    "cards_played": Beat(0.42, "swish", _cards_played),
    "token_flipped": Beat(0.3, "flip", _token_flipped),
    "farmer_placed": Beat(0.45, "knock", _farmer_placed),
    "building_placed": Beat(0.5, "drop", _tile_placed),
    "start_tile_placed": Beat(0.5, "drop", _tile_placed),
    "scored": Beat(0.45, "coin", _scored),
    "drew_token": Beat(0.4, "token", _drew_token),
    "extra_turn_used": Beat(0.3, "flip", _extra_turn_used),
    "extra_turn_skipped": Beat(0.1),
    "drew_card": Beat(0.3, "swish", _drew_card),
    "discarded": Beat(0.3, "swish", _discarded),
    "reshuffled": Beat(0.6, "shuffle"),
    "stack_emptied": Beat(0.3),
    "end_triggered": Beat(0.8, "bell", _banner),
    "last_round": Beat(0.5, None, _banner),
    "tokens_revealed": Beat(0.5, "coin", _tokens_revealed),
    "game_over": Beat(1.2, "fanfare"),
    # Events that only say something in the log: a short pause so the line is there before
    # the next picture moves, and no sound (nothing lands, nothing is gained).
    "cannot_play": Beat(0.3),  # the hand cannot make a play: the turn goes on to drawing
    "hand_short": Beat(0.3),  # both decks are empty: the hand stays short
    "no_token": Beat(0.3),  # the mine's token supply is empty: nothing flies to the panel
    # a seat's start tile finds no free cell and leaves the game: as long as a tile placed
    "start_tile_unplaceable": Beat(0.5),
}

UNKNOWN = Beat(0.2)  # a kind missing above (a test keeps this from happening)


def beat_for(kind: str) -> Beat:
    beat = BEATS.get(kind)
    if beat is None:
        log.warning("No presentation for Oregon event kind %r", kind)
        return UNKNOWN
    return beat
