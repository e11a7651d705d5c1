"""A game as a table plays it: ``Session`` is what the table may ask of a game in progress,
``LocalSession`` one over a ``GameState`` on this machine.

The interface serves views, never the state: the view of the seat looking now, that seat's
legal actions, the rules' refusal of a move (the preview of a click), whose turn it is,
applying an action, taking the last one back, and the events of an action as a viewer may
see them (``Event.seen_by``, the core's one rule).  A remote session (network play) serves
the same from another machine; a table that asks only this cannot show a seat what is hidden
from it.

Pure: no pygame, no scenes (below the scenes in the layers).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from game.engine.actions import Action
from game.engine.core import GameState
from game.engine.events import Event
from game.engine.save_files import replay_events


class Session(Protocol):
    """A game in progress as a table sees it."""

    @property
    def version(self) -> int:
        """Bumps whenever the game changes (an action, an undo)."""

    @property
    def moves(self) -> int:
        """How many actions the game has had."""

    @property
    def phase(self) -> str:
        """The game's phase (public: every view shows it)."""

    @property
    def options(self) -> Mapping[str, Any]:
        """The game's setup options (public: chosen before the deal)."""

    def to_act(self) -> list[int]:
        """The seats the game waits for now (several during a secret bid)."""

    def is_over(self) -> bool: ...

    def is_simultaneous(self) -> bool:
        """Whether the seats to act choose at once (their choices hidden until all are in)."""

    def view(self, viewer: int | None) -> Mapping[str, Any]:
        """The game as ``viewer`` may see it (None: an onlooker)."""

    def legal_actions(self, seat: int) -> list[Action]:
        """``seat``'s legal actions now (only the seat's own: its view decides them)."""

    def refusal(self, action: Any, seat: int) -> str | None:
        """Why the rules refuse ``seat``'s ``action`` now (a ``Sentence``); None if legal."""

    def apply(self, action: Action, seat: int) -> list[Event]:
        """Play ``seat``'s ``action``; its events as they happened (render each for a
        viewer with ``events_for``)."""

    def events_for(self, events: Sequence[Event], viewer: int | None) -> list[Event]:
        """``events`` as ``viewer`` may see them: what is hidden from them left out."""

    def setup_events(self) -> list[Event]:
        """What the game showed before its first action (the deal), as ``apply``'s events."""

    def can_take_back(self) -> bool:
        """Whether the last action may be taken back (nothing was revealed or drawn since)."""

    def take_back(self) -> list[list[Event]]:
        """Take the last action back; the events of each action left (for the log)."""


class LocalSession:
    """A ``Session`` over a ``GameState`` on this machine (hot-seat, bots, lessons,
    replays).  ``state`` is the game itself, for what runs here and may know it all (the
    autosave, the history, the search); a table asks the interface."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.version = 0

    @property
    def moves(self) -> int:
        return len(self.state.history)

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def options(self) -> Mapping[str, Any]:
        return self.state.options

    def to_act(self) -> list[int]:
        return self.state.to_act()

    def is_over(self) -> bool:
        return self.state.is_over()

    def is_simultaneous(self) -> bool:
        return self.state.is_simultaneous()

    def view(self, viewer: int | None) -> Mapping[str, Any]:
        return self.state.view(viewer)

    def legal_actions(self, seat: int) -> list[Action]:
        return self.state.legal_actions(seat)

    def refusal(self, action: Any, seat: int) -> str | None:
        return self.state.refusal(action, seat)

    def apply(self, action: Action, seat: int) -> list[Event]:
        events = self.state.apply(action, seat)
        self.version += 1
        return events

    def events_for(self, events: Sequence[Event], viewer: int | None) -> list[Event]:
        return [e.seen_by(viewer) for e in events]

    def setup_events(self) -> list[Event]:
        return self.state.setup_events()

    def can_take_back(self) -> bool:
        history = self.state.history
        return bool(history) and self.state.is_undoable(len(history) - 1)

    def take_back(self) -> list[list[Event]]:
        self.state, moves = replay_events(self.state, upto=len(self.state.history) - 1)
        self.version += 1
        return moves

    def restore(self, state: GameState) -> None:
        """Go on from ``state`` (a replay's step back, a lesson's undo)."""
        self.state = state
        self.version += 1
