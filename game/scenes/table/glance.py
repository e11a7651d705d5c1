"""Following the game at a glance: what each seat did last, the recap of the others' moves
when a human's turn comes, the "your turn" cue, and the final board held before the results.

``Glance`` keeps the actions of the game as the table applied them (``note``: the acting seat
and the events its action caused) and works out, without pygame:

* ``marks(viewer)``: per seat, the board cells its last move changed (until that seat moves
  again), as ``viewer`` may know them;
* ``recap(h, viewer, ...)``: the lines of the others' moves since human ``h`` last acted, as
  ``viewer`` reads them in the log (``describe``: the log's own visibility rule);
* ``due(h)`` / ``cued(h)``: whether the turn has passed to human ``h`` since their last cue,
  so the cue comes once per turn, not on every action of a turn of several;
* ``FinalHold``: a few seconds of the final board (in the table's frame time) before the
  results, or less when the player clicks or presses a key.

The drawing is in ``game.ui.glance``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from game.engine.events import Event
from game.engine.messages import describe

JOURNAL_MOST = 600  # actions kept: enough for any recap, bounded for a kiosk's long day
RECAP_MOST = 6  # lines a recap shows at most (the newest; the log has the rest)
FINAL_HOLD = 2.5  # seconds the final board stays before the results
_MARK_KEYS = ("dst", "cell")  # where a move put something: a move's destination first


@dataclass
class Played:
    """One applied action: who acted, what it caused, the turn it belongs to."""

    seat: int
    events: list[Event]
    turn: int


def _cell(value) -> tuple[int, int] | None:
    if (isinstance(value, (list, tuple)) and len(value) == 2
            and all(isinstance(c, int) and not isinstance(c, bool) for c in value)):
        return value[0], value[1]
    return None


def mark_cell(e: Event, viewer: int | None) -> tuple[int, int] | None:
    """The cell event ``e`` changed, when ``viewer`` may know it: a private event of another
    seat marks its cell only when the line the viewer reads names a cell too."""
    if e.is_hidden_from(viewer):
        _message, args = e.message_for(viewer)
        if not any(k in args for k in ("cell", "dst")):
            return None
    for key in _MARK_KEYS:
        cell = _cell(e.data.get(key))
        if cell is not None:
            return cell
    return None


@dataclass
class Glance:
    move_kinds: frozenset[str]
    """Event kinds that change the board (a piece, a tile, a cube or a flag put down)."""
    recap_kinds: frozenset[str]
    """Event kinds a recap tells (the moves others made)."""
    humans: Sequence[int] = ()
    journal: list[Played] = field(default_factory=list)
    turn: int = 0  # goes up whenever a seat acts after another one
    last_seat: int | None = None
    _moves: dict[int, list[Event]] = field(default_factory=dict)  # seat -> last move's events
    _move_turn: dict[int, int] = field(default_factory=dict)  # seat -> turn of that move
    _due: dict[int, bool] = field(default_factory=dict)  # human -> a cue is owed
    _acted: set[int] = field(default_factory=set)  # humans who acted since their cue

    # --- what happened ----------------------------------------------------------------------
    def note(self, p: int, events: Iterable[Event]) -> None:
        """Seat ``p``'s action caused ``events``: its marks start again when this is a new
        turn of ``p``'s; the humans who acted since their cue are owed the next one."""
        events = list(events)
        if p != self.last_seat:
            self.turn += 1
            self.last_seat = p
        self.journal.append(Played(p, events, self.turn))
        del self.journal[:-JOURNAL_MOST]
        self._start_move(p)
        for e in events:
            if e.kind in self.move_kinds:
                q = e.player if e.player is not None else p
                self._start_move(q)
                self._moves[q].append(e)
        for h in self.humans:
            if h != p and h in self._acted:
                self._due[h] = True
        if p in self.humans:
            self._acted.add(p)
            self._due[p] = False

    def _start_move(self, q: int) -> None:
        if self._move_turn.get(q) != self.turn:
            self._move_turn[q] = self.turn
            self._moves[q] = []

    def rebuild(self, played: Iterable[tuple[int, list[Event]]]) -> None:
        """Start again from a game's actions ``(seat, events)`` (a resumed game, an undo);
        the humans' cues are left as they were."""
        due, acted = dict(self._due), set(self._acted)
        self.journal, self.turn, self.last_seat = [], 0, None
        self._moves, self._move_turn = {}, {}
        for p, events in played:
            self.note(p, events)
        self._due, self._acted = due, acted

    # --- last moves on the board ------------------------------------------------------------
    def marks(self, viewer: int | None) -> dict[int, list[tuple[int, int]]]:
        """Seat -> the cells its last move changed, as ``viewer`` may know them."""
        out: dict[int, list[tuple[int, int]]] = {}
        for q, events in self._moves.items():
            cells = [c for c in (mark_cell(e, viewer) for e in events) if c is not None]
            if cells:
                out[q] = list(dict.fromkeys(cells))
        return out

    # --- the recap --------------------------------------------------------------------------
    def since(self, h: int) -> list[Played]:
        """The actions after human ``h``'s last one (all of them when ``h`` never acted)."""
        for k in range(len(self.journal) - 1, -1, -1):
            if self.journal[k].seat == h:
                return self.journal[k + 1:]
        return list(self.journal)

    def recap(self, h: int, viewer: int | None, names: Sequence[str] | None,
              language: str | None) -> tuple[list[tuple[int, str]], int]:
        """The others' moves since ``h`` last acted: ``([(seat, line)], left out)`` with the
        newest ``RECAP_MOST`` lines as ``viewer`` reads them in the log."""
        lines = [(e.player, describe(e, names, viewer, language))
                 for played in self.since(h) for e in played.events
                 if e.kind in self.recap_kinds and e.player is not None and e.player != h]
        shown = lines[-RECAP_MOST:]
        return [(q, text) for q, text in shown], len(lines) - len(shown)

    # --- the turn cue -----------------------------------------------------------------------
    def due(self, h: int) -> bool:
        """Whether human ``h`` is owed the "your turn" cue (the turn came to them since)."""
        return self._due.get(h, True)

    def cued(self, h: int) -> None:
        self._due[h] = False
        self._acted.discard(h)


@dataclass
class FinalHold:
    """The final board held before the results: ``FINAL_HOLD`` seconds of frame time once
    the last animation ended, or until ``skip``."""

    left: float = FINAL_HOLD

    def tick(self, dt: float) -> None:
        self.left -= dt

    @property
    def waits(self) -> bool:
        return self.left > 0

    def skip(self) -> None:
        self.left = 0.0
