"""A live table: the game (``GameState``, the server's alone), the log of what each action
did, who looks at it (each connection as one seat, or as a spectator) and who is connected,
and the one path by which an action changes it: checked by the rules, committed to the store,
then told to each connection as its seat may see it (``tell``).  Whatever reads or changes
a live table's game runs holding its ``lock`` (the server sees to it): while a move waits
for the store, the table's next message waits for that move, and nobody is shown a game
whose last move is not stored yet.

The seed, the decks and every hidden value stay here while the game is played: a connection
is sent only ``state.view(seat)`` and ``protocol.encode_event(event, seat)`` (a spectator:
seat None).  Once the game is over nothing is hidden any more: each connection is then sent
the whole game once (``record``: the save's own data, seed and actions), for its replay,
its score chart and its player's history.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.engine.actions import Action
from game.engine.core import GameState, IllegalAction
from game.engine.events import Event
from game.engine.messages import N_, Sentence, say
from game.engine.save_files import (
    SaveError,
    check_save,
    read_action,
    replay_events,
    replay_onto,
    save_dict,
)
from game.net.protocol import dump, encode_event, encode_moves
from game.server.async_store import AsyncStore
from game.server.peer import Peer
from game.server.store import MoveConflict, SeatRecord, TableRecord

if TYPE_CHECKING:
    from game.server.pgshared import Shared, TableNews

log = logging.getLogger("landgrab.server")

CHAT_KEPT = 50  # chat lines a table keeps to show whoever sits down (not stored)

# Why the server refuses an undo (the table's own reasons at one screen).
NOTHING = say(N_("Nothing to take back."))
NOT_YOURS = say(N_("Nothing of yours to take back this turn."))
TOO_LATE = say(N_("That can no longer be taken back: something was revealed or drawn since."))
STALE = say(N_("That move was already made, or the table has moved on since."))


def rebuild(record: TableRecord) -> tuple[GameState, list[Event], list[list[Event]]]:
    """The game of a stored table, its set-up events and each action's events; raises
    ``SaveError`` when its actions do not replay (a damaged store)."""
    data = record.save_dict()
    info = check_save(data)
    try:
        state = info.new(record.num_players, record.seed, **record.options)
        setup = state.setup_events()
        moves = replay_onto(state, (read_action(seat, action, state.ACTION_TYPES)
                                    for seat, action in record.actions))
    except SaveError:
        raise
    except Exception as exc:  # noqa: BLE001 - whatever damaged data makes the rules do
        raise SaveError(say(N_("save does not replay: {reason}"),
                            reason=str(exc).splitlines()[0][:120] if str(exc)
                            else type(exc).__name__)) from exc
    return state, setup, moves


def status_of(state: GameState) -> dict[str, Any]:
    return {"to_act": state.to_act(), "over": state.is_over(), "moves": len(state.history)}


class LiveTable:
    """One table in play on this server."""

    def __init__(self, record: TableRecord, store: AsyncStore,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.record = record
        self.code = record.code
        self.store = store
        self.clock = clock
        self.lock = asyncio.Lock()  # held while the game is read or changed (its moves in order)
        # another server's changes are read by one task at a time, whatever their number (a
        # database that is down makes each read wait, and the table's moves wait behind
        # it): the moves stored after each change not read yet (None: its seats changed)
        self.news: set[int | None] = set()
        self.state, self.setup, moves = rebuild(record)
        self._log: list[list[Event]] | None = moves
        record.actions = []  # the store has them; the live table holds the game
        self.version = 0  # bumps at every change: a bot's late answer is dropped
        self.watchers: dict[Peer, set[int | None]] = {}
        # since when each seat has had no connection (None: connected); a restarted
        # server counts from the table's last move
        last = clock() - max(0.0, time.time() - (record.updated or time.time()))
        self.away_since: list[float | None] = [last] * record.num_players
        self.bot_playing: set[int] = set()  # human seats a bot plays while they are away
        # with other servers on the store (``shared``): the seats connected through them,
        # and whether this server is the one that thinks for the table's bots (None: none is)
        self.shared: Shared | None = None
        self.elsewhere: set[int] = set()
        self.thinks: bool | None = True
        self.turn_since = last
        self.chat: list[dict[str, Any]] = []

    # --- who looks ------------------------------------------------------------------------
    @property
    def seats(self) -> list[SeatRecord]:
        return self.record.seats

    @property
    def host(self) -> int | None:
        host = self.record.settings.get("host")
        return host if isinstance(host, int) else None

    def is_bot_seat(self, seat: int) -> bool:
        return self.seats[seat].kind == "bot" or (seat in self.bot_playing
                                                   and not self.is_connected(seat))

    def may_think(self) -> bool:
        """Whether this server thinks for the table's bots (with other servers on the
        store, the one that claimed the table does: it is claimed when none has)."""
        if self.thinks is None and self.shared is not None:
            self.shared.claim(self.code)
        return self.thinks is True

    def attach(self, peer: Peer, seat: int | None) -> None:
        """``peer`` looks at the table as ``seat`` (None: a spectator) from now on; it is
        sent the whole table as that seat sees it (and a finished game's record, once; a
        connection closed meanwhile is not)."""
        if peer.closed:
            return
        first = peer not in self.watchers
        self.watchers.setdefault(peer, set()).add(seat)
        if seat is not None:
            if self.shared is not None:
                self.shared.present(self.code, seat, True)
            self.away_since[seat] = None
            self.bot_playing.discard(seat)
            self.tell_presence()
        peer.send(self.sync_message(seat))
        if first and self.state.is_over():
            peer.send_text(self.record_text())

    def detach(self, peer: Peer) -> list[int]:
        """``peer`` is gone; the seats it held that no connection holds now (through this
        server or another on the store)."""
        seats = self.watchers.pop(peer, set())
        gone = [s for s in seats if s is not None and not self.is_held_here(s)]
        if self.shared is not None:
            for seat in gone:
                self.shared.present(self.code, seat, False)
        left = [s for s in gone if s not in self.elsewhere]
        for seat in left:
            self.away_since[seat] = self.clock()
        if left:
            self.tell_presence()
        return left

    def is_connected(self, seat: int) -> bool:
        """Whether a connection to this server or another on the store holds ``seat``."""
        return seat in self.elsewhere or self.is_held_here(seat)

    def is_held_here(self, seat: int) -> bool:
        return any(seat in seats for seats in self.watchers.values())

    def learn(self, news: TableNews, now: float) -> list[int]:
        """The table as every server on the store sees it; the seats away since."""
        before = [self.is_connected(s) for s in range(len(self.seats))]
        self.elsewhere, self.thinks = set(news.elsewhere), news.thinks
        self.bot_playing = set(news.bot_playing)
        left = []
        for seat, was in enumerate(before):
            if self.is_connected(seat):
                self.away_since[seat] = None
            elif was:
                self.away_since[seat] = now
                left.append(seat)
        return left

    def viewers(self) -> set[int | None]:
        return set().union(*self.watchers.values()) if self.watchers else set()

    # --- what each is sent ----------------------------------------------------------------
    def sync_message(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may know of the table (on sitting down, on rejoining, after
        an undo): its view and the whole log as it may see it."""
        return {"type": "table", "table": self.code, "seat": seat, "game": self.record.game,
                "players": self.record.num_players, "options": self.record.options,
                "host": self.host, "spectators": bool(self.record.settings.get("spectators")),
                "moves": len(self.state.history), "own_moves": self.own_moves(seat),
                "view": self.state.view(seat),
                "log": {"setup": [encode_event(e, seat) for e in self.setup],
                        "moves": encode_moves(self.moves(), seat),
                        "by": [p for p, _a in self.state.history]},
                "presence": self.presence(), "turn": self.turn(),
                "can_undo": seat is not None and self.undo_refusal(seat) is None,
                "chat": list(self.chat)}

    def record_text(self) -> str:
        """The finished game as a whole (``record``): its options, seed and every action,
        as a save holds them.  Sent only once the game is over: it holds the deal."""
        assert self.state.is_over(), "a game in play keeps its deal"
        return dump({"type": "record", "table": self.code, "save": save_dict(self.state)})

    def moves(self) -> list[list[Event]]:
        """The events of each action so far.  Replayed when asked for (someone sits down,
        rejoins, or an undo) and kept only until the next action: a live table holds its
        game, not its log, which keeps the server's memory and its garbage collector's
        pauses small."""
        if self._log is None:
            self._log = replay_events(self.state)[1]
        return self._log

    def presence(self) -> list[dict[str, Any]]:
        now = self.clock()
        out = []
        for i, s in enumerate(self.seats):
            since = self.away_since[i]
            out.append({"name": s.name, "kind": s.kind, "connected": self.is_connected(i),
                        "level": s.level if s.kind == "bot" else None,
                        "away_s": None if since is None or s.kind != "human"
                        else round(now - since, 1),
                        "bot_playing": i in self.bot_playing})
        return out

    def turn(self) -> dict[str, Any]:
        return {"to_act": self.state.to_act(), "waiting_s": round(self.clock() - self.turn_since, 1),
                "over": self.state.is_over()}

    def own_moves(self, seat: int | None) -> int:
        """How many actions ``seat`` has in the game so far: an action carries it, so a
        message sent twice (a resend after a reconnection) is played once."""
        return sum(1 for p, _a in self.state.history if p == seat)

    def broadcast(self, message: dict[str, Any]) -> None:
        text = dump(message)
        for peer in list(self.watchers):
            peer.send_text(text)

    def tell_presence(self) -> None:
        self.broadcast({"type": "presence", "table": self.code, "presence": self.presence(),
                        "turn": self.turn()})

    def tell(self, events: list[Event]) -> None:
        """Each connection gets the last action's events and the view as its seat sees them
        (one encoding per seat, not per connection), and who played it."""
        texts: dict[int | None, str] = {}
        by = self.state.history[-1][0]
        for seat in self.viewers():
            texts[seat] = dump({
                "type": "update", "table": self.code, "seat": seat,
                "moves": len(self.state.history), "own_moves": self.own_moves(seat), "by": by,
                "events": [encode_event(e, seat) for e in events],
                "view": self.state.view(seat), "turn": self.turn(),
                "can_undo": seat is not None and self.undo_refusal(seat) is None})
        for peer, seats in list(self.watchers.items()):
            for seat in seats:
                peer.send_text(texts[seat])
        self.tell_record()

    def resync(self) -> None:
        """Everyone is sent the whole table again (after an undo, or a reload from the
        store)."""
        for peer, seats in list(self.watchers.items()):
            for seat in seats:
                peer.send(self.sync_message(seat))
        self.tell_record()

    def tell_record(self) -> None:
        """Everyone is sent the whole game once it is over (after the message that says
        so: nothing of it reaches anyone while it is played)."""
        if self.state.is_over():
            text = self.record_text()
            for peer in list(self.watchers):
                peer.send_text(text)

    # --- what changes it ------------------------------------------------------------------
    def refusal(self, seat: int, action_json: Any, own_moves: int) -> tuple[Action | None, str]:
        """The action ``seat`` sent, decoded, or None and why the table refuses it."""
        state = self.state
        if own_moves != self.own_moves(seat):
            return None, STALE
        if not state.acts_now(seat):
            if state.is_over():
                return None, say(N_("the game is over"))
            return None, say(N_("it is not player {n}'s turn to act"), n=seat + 1)
        try:
            _seat, action = read_action(seat, action_json, state.ACTION_TYPES)
        except SaveError as exc:
            return None, exc.reason
        return action, state.refusal(action, seat) or ""

    async def play(self, seat: int, action: Action) -> list[Event]:
        """Carry out a legal action: commit it, then tell everyone.  Raises what the store
        raises (the table is then rebuilt from the store, as if the action never came)."""
        to_act = self.state.to_act()
        applied = False
        try:
            events = self.state.apply(action, seat)
            applied = True
            await self.store.append_action(self.code, len(self.state.history) - 1, seat,
                                           action.to_json(), status_of(self.state))
        except IllegalAction:
            raise
        except self.store.unavailable:
            # the store was not reached: nothing to read again either (it would wait as
            # long again while the table's next messages wait behind it); taken back here,
            # and had it been stored after all, the next move's conflict brings it back
            self._take_back_last()
            raise
        except MoveConflict:
            # another server stored a move first: this one is taken back here, and the
            # table goes on from what the store holds, told to everyone as moves
            self._take_back_last()
            if not await self.catch_up():
                await self.reload()
                self.resync()
            raise
        except Exception:
            try:
                await self.reload()
            except Exception:  # the store is unreachable too (a database restart)
                if not applied:
                    raise
                # taken back here; had it been stored after all, the next move's conflict
                # brings it back from the store
                self._take_back_last()
            raise
        self._moved(to_act, events)
        return events

    def _moved(self, to_act: list[int], events: list[Event]) -> None:
        """A move is on the table: its clock starts again if the turn passed; it is told."""
        self._log = None
        self.version += 1
        if self.state.to_act() != to_act:
            self.turn_since = self.clock()
        self.tell(events)

    def undo_refusal(self, seat: int) -> Sentence | None:
        """Why ``seat`` may not take its last action back now (the table's rule at one
        screen: its own last action, in its own turn, nothing revealed since)."""
        history = self.state.history
        if self.is_bot_seat(seat) or not history:
            return NOTHING
        if history[-1][0] != seat or not self.state.acts_now(seat):
            return NOT_YOURS
        if not self.state.is_undoable(len(history) - 1):
            return TOO_LATE
        return None

    async def undo(self) -> None:
        """Take the last action back (``undo_refusal`` said None): committed, then everyone
        is sent the table again."""
        index = len(self.state.history) - 1
        state, moves = replay_events(self.state, upto=index)
        await self.store.drop_last_action(self.code, index, status_of(state))
        self.state, self._log = state, moves
        self.version += 1
        self.turn_since = self.clock()
        self.resync()

    async def reload(self) -> None:
        """Rebuild the game from the store (after a failure between the rules and the
        store: the store is what was promised)."""
        record = await self.store.load(self.code)
        if record is not None:
            self.record = record
            self.state, self.setup, self._log = rebuild(record)
            record.actions = []
        self.version += 1

    def _take_back_last(self) -> None:
        self.state, self._log = replay_events(self.state, upto=len(self.state.history) - 1)
        self.version += 1

    async def catch_up(self) -> bool:
        """Play here the moves another server on the same store stored since this one's
        last, each told to everyone as if played here, and take the seats as stored; False
        when the stored moves do not continue this table's (an undo there): reload then."""
        record = await self.store.load(self.code)
        if record is None:
            return True
        history, stored = self.state.history, record.actions
        if len(stored) < len(history) or (history and stored[len(history) - 1] != (
                history[-1][0], history[-1][1].to_json())):
            return False
        if record.seats != self.seats:
            self.record.seats = record.seats
            self.tell_presence()
        for seat, action_json in stored[len(history):]:
            _seat, action = read_action(seat, action_json, self.state.ACTION_TYPES)
            to_act = self.state.to_act()
            self._moved(to_act, self.state.apply(action, seat))
        return True

    async def take_open_seat(self, seat: int, record: SeatRecord) -> bool:
        """Seat ``record`` in ``seat`` if the store still has it open (False: taken)."""
        if not await self.store.take_open_seat(self.code, seat, record):
            return False
        self.seats[seat] = record
        return True

    def add_chat(self, line: dict[str, Any]) -> None:
        self.chat = (self.chat + [line])[-CHAT_KEPT:]
        self.broadcast(line)
