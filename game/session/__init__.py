"""A game as a table plays it: ``Session`` is what the table may ask of a game in progress,
``LocalSession`` one over a ``GameState`` on this machine.

The interface serves views, never the state: the view of a seat (or of an onlooker), the
seat's legal actions, the rules' refusal of a move (the preview of a click), whose turn it
is, the moves as they arrive (a move handed in, ``submit``, arrives through ``poll`` with
its events, as do the other seats' moves), taking the last one back, the events as a
viewer may see them (``Event.seen_by``, the core's one rule), and the whole game once it
is over (nothing is hidden then).  A table's parts ask their
rules about the game rebuilt from the viewer's view (``game.session.seen``).  A remote
session (network play) serves the same from another machine: ``submit`` sends, ``poll``
hands over what came back; a table that asks only this cannot show a seat what is hidden
from it.

Pure: no pygame, no scenes (below the scenes in the layers).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, Protocol

from game.engine.actions import Action
from game.engine.core import GameState
from game.engine.events import Event
from game.engine.save_files import replay_events


class Move(NamedTuple):
    """One action of the game, as a session hands it over: who played it, what it was (None
    when it was played elsewhere and not told here) and what happened (its events; render
    each for a viewer with ``Session.events_for``)."""

    seat: int
    action: Action | None
    events: list[Event]


class Session(Protocol):
    """A game in progress as a table sees it."""

    @property
    def version(self) -> int:
        """Bumps whenever the game changes (a move arrives, an undo)."""

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
        """The game as ``viewer`` may see it (None: an onlooker); it holds the scores."""

    def legal_actions(self, seat: int) -> list[Action]:
        """``seat``'s legal actions now (only the seat's own: its view decides them)."""

    def refusal(self, action: Any, seat: int) -> str | None:
        """Why the rules refuse ``seat``'s ``action`` now (a ``Sentence``); None if legal."""

    def submit(self, action: Action, seat: int) -> None:
        """Hand in ``seat``'s ``action`` (legal: ``refusal`` said None); it arrives through
        ``poll`` once played."""

    def poll(self) -> list[Move]:
        """The moves played since the last poll, in order (this table's and the others'):
        the table shows them.  Never waits."""

    def events_for(self, events: Sequence[Event], viewer: int | None) -> list[Event]:
        """``events`` as ``viewer`` may see them: what is hidden from them left out."""

    def setup_events(self) -> list[Event]:
        """What the game showed before its first action (the deal), as a move's events."""

    def past_moves(self) -> list[Move]:
        """Every move so far, oldest first (for the log written again on resume)."""

    def last_mover(self) -> int | None:
        """The seat that made the last move (None before the first)."""

    def can_take_back(self) -> bool:
        """Whether the last action may be taken back (nothing was revealed or drawn since)."""

    def take_back(self) -> list[Move]:
        """Take the last action back; the moves left (for the log)."""

    def finished_game(self) -> GameState | None:
        """The whole game once it is over, nothing hidden any more (the results' chart,
        Watch replay); None while it is played."""


class LocalSession:
    """A ``Session`` over a ``GameState`` on this machine (hot-seat, bots, lessons,
    replays): a move handed in is played at once.  ``state`` is the game itself, for what
    runs here and may know it all (the search, a lesson's coach, a replay); ``kept`` is
    called with it after every move and undo (the autosave and the history of games
    played); a table asks the interface."""

    def __init__(self, state: GameState,
                 kept: Callable[[GameState], None] | None = None) -> None:
        self.state = state
        self.version = 0
        self.kept = kept
        self._arrived: list[Move] = []

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

    def submit(self, action: Action, seat: int) -> None:
        self._arrived.append(Move(seat, action, self.apply(action, seat)))

    def poll(self) -> list[Move]:
        arrived, self._arrived = self._arrived, []
        return arrived

    def apply(self, action: Action, seat: int) -> list[Event]:
        """Play ``seat``'s ``action`` now; its events (``submit`` without the ``poll``)."""
        events = self.state.apply(action, seat)
        self.version += 1
        self._keep()
        return events

    def events_for(self, events: Sequence[Event], viewer: int | None) -> list[Event]:
        return [e.seen_by(viewer) for e in events]

    def setup_events(self) -> list[Event]:
        return self.state.setup_events()

    def past_moves(self) -> list[Move]:
        return self._with_seats(replay_events(self.state)[1])

    def last_mover(self) -> int | None:
        history = self.state.history
        return history[-1][0] if history else None

    def can_take_back(self) -> bool:
        history = self.state.history
        return bool(history) and self.state.is_undoable(len(history) - 1)

    def take_back(self) -> list[Move]:
        self.state, events = replay_events(self.state, upto=len(self.state.history) - 1)
        self.version += 1
        self._keep()
        return self._with_seats(events)

    def finished_game(self) -> GameState | None:
        return self.state if self.state.is_over() else None

    def restore(self, state: GameState) -> None:
        """Go on from ``state`` (a replay's step back, a lesson's undo or its progress)."""
        self.state = state
        self.version += 1

    def _with_seats(self, events: list[list[Event]]) -> list[Move]:
        """The moves of the game's history with their ``events`` (from ``replay_events``)."""
        return [Move(p, a, ev) for (p, a), ev in zip(self.state.history, events, strict=False)]

    def _keep(self) -> None:
        if self.kept is not None:
            self.kept(self.state)
