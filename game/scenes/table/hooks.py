"""What a game's table scene provides to the shared table (``scene.SharedTable``).

A game's ``TableScene`` extends ``SharedTable`` and defines the members of ``GameTable``;
``SharedTable`` gives defaults for the optional ones (``OptionalHooks``).  ``TurnHost`` is
the part of a table the turn loop (``turns.TurnLoop``) works with.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Protocol, runtime_checkable

import pygame

from game.engine.core import GameState
from game.engine.events import Event
from game.seats import Seat
from game.ui.table_anim import Timeline


@runtime_checkable
class GameTable(Protocol):
    """The per-game parts of a table."""

    board_size: tuple[int, int]
    """(columns, rows) the board cursor moves in."""
    handoff_message: str
    """What the hand-off screen says stays hidden until the next player takes the table."""

    # --- presenter: applying an action and showing its events step by step -----------------
    def _apply(self, action: Any, p: int) -> None:
        """Apply ``action`` by seat ``p`` to ``state``, queue a step per event on
        ``timeline`` (each calls ``_start_event``), then ``_catch_up``; call
        ``note_revealed(events, p)`` and ``after_action()``."""

    def _start_event(self, e: Event) -> None:
        """An event's step begins: log it (``log_event``), start its animation and sound."""

    def _catch_up(self, after: GameState) -> None:
        """Every step has run: show ``after`` (set ``shown``, bump ``shown_version``)."""

    # --- choice model: the acting human's half-made move ------------------------------------
    def prompt(self) -> str:
        """What the viewer reads in the prompt panel now."""

    def buttons(self) -> list[tuple[str, Any, bool, bool]]:
        """(label, action or callable, enabled, primary) per button slot."""

    def targets(self) -> list[tuple[str, pygame.Rect]]:
        """The focus targets (key, rect); ``"board"`` is the board."""

    def activate(self, key: str) -> None:
        """Use the focus target ``key`` (a click on it, or confirm while it has the focus)."""

    def click_cell(self, cell: tuple[int, int]) -> None: ...

    def _try(self, action: Any) -> Any:
        """Apply the acting human's ``action``, or explain with ``error`` why not."""

    def _focus_default(self) -> None:
        """Put the focus where the acting human most likely acts first."""

    def _focus_board(self) -> None: ...

    # --- renderer and tips --------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None: ...

    def tips(self) -> list[Any]:
        """The hover tips of what is drawn, worded for ``viewer``."""

    def _show_results(self) -> None:
        """The game is over: open the results."""


class OptionalHooks(Protocol):
    """Hooks with a default in ``SharedTable`` that a game's table may override."""

    look_kinds: frozenset[str]
    """Kinds of private events showing a hot-seat human something new (drawn at random)."""
    simultaneous_phases: tuple[str, ...]
    """Phases where the players act at once (secret bids), even when one is left to act."""
    move_kinds: frozenset[str]
    """Event kinds that change the board: marked as their seat's last move (table.glance)."""
    recap_kinds: frozenset[str]
    """Event kinds the recap tells a human about when their turn comes."""
    bot_pace: float
    bid_pace: float | None

    def animate(self, adt: float) -> None:
        """The game's own clocks, each frame before the turn loop."""

    def turn_key(self, p: int) -> Hashable:
        """Changes when a new turn of the viewer ``p`` begins (the focus then moves to
        ``_focus_default``)."""

    def handoff_waits(self) -> bool:
        """Whether the next hand-off waits (e.g. everyone still reads the bids just shown)."""

    def end_waits(self) -> bool:
        """Whether the results wait (e.g. the last scoring is still up)."""

    def cue_waits(self) -> bool:
        """Whether the "your turn" cue waits, its banner hidden (an overlay is up)."""

    def bot_action_legal(self, action: Any, p: int) -> bool: ...

    def log_opening(self) -> None: ...

    def round_words(self, round_: int, rounds: int | None) -> str:
        """A round as the game's rulebook calls it, for the replay bar ("Round 2 of 4")."""

    def _reset_choice(self) -> None: ...


class TurnHost(Protocol):
    """What the turn loop reads and calls on a table."""

    state: GameState
    seats: list[Seat]
    humans: list[int]
    timeline: Timeline
    passive: bool
    results_shown: bool
    revealed: int | None
    handoff_open: bool
    bot_pace: float
    bid_pace: float | None

    @property
    def viewer(self) -> int | None: ...

    def simultaneous(self) -> bool: ...

    def looking(self) -> bool: ...

    def check_privacy(self) -> None: ...

    def game_over(self) -> None: ...

    def end_waits(self) -> bool: ...

    def final_board_waits(self) -> bool: ...

    def handoff_waits(self) -> bool: ...

    def turn_key(self, p: int) -> Hashable: ...

    def _hand_off(self, p: int) -> None: ...

    def _focus_default(self) -> None: ...

    def bot_action_legal(self, action: Any, p: int) -> bool: ...

    def bots_wait(self) -> bool: ...

    def _apply(self, action: Any, p: int) -> None: ...


def protocol_members(protocol: type) -> list[str]:
    """The attributes and methods a ``Protocol`` class declares in its own body."""
    names = set(protocol.__dict__.get("__annotations__", {}))
    names |= {n for n, x in protocol.__dict__.items() if callable(x) and not n.startswith("__")}
    return sorted(names)


def missing_hooks(cls: type) -> list[str]:
    """The members of ``GameTable`` a table scene class lacks."""
    return [n for n in protocol_members(GameTable) if not hasattr(cls, n)]
