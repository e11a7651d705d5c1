"""``RemoteSession``: a game played on a server, as a table on this machine sees it.

The server holds the game; this client holds one or more of its seats (hot-seat plus
remote: two humans at this screen), or watches it (the public view).  From the server's
``table`` and ``update`` messages (``docs/protocol.md``) it keeps, for each viewer it holds,
that viewer's view and its stream of events (each event as that seat may see it, with the
public version of its own secrets), and the table's public state: the moves, who played
each, whose turn it is, who is connected, the chat.  Nothing of a seat this client does not
hold ever reaches it: it never has it.

A seat's legal actions and the rules' refusal of a move come from a game rebuilt from that
seat's view (``game.session.seen``); the server has the last word: a move handed in
(``submit``) goes out as ``act`` and comes back with the ``update`` that carries its events
(``poll``), or as a refusal with its reason (``take_refusals``).  A move shows once every
seat this client holds has been told of it, so each viewer's events are at hand.  Taking
back sends ``undo`` and nothing changes here until the server answers: with the table as it
is then (the session says the table must be shown again, ``take_resync``, and that the move
was taken back, ``take_taken_back``), or with its refusal (``take_refusals``).  A
reconnection that missed an undo asks for a resync too; one that only missed moves hands
them over as moves.

Once the game is over the server sends its ``record`` (the save's data: seed, options,
actions): the session rebuilds the whole game from it (``finished_game``: the results'
chart, Watch replay, the history of games played), and only then says the game is over.

Pure: no pygame.  The frame loop calls ``poll`` (or ``pump``) each frame; neither waits.
"""

from __future__ import annotations

import json
import logging
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.engine.actions import Action
from game.engine.core import GameState
from game.engine.events import Event
from game.engine.messages import N_, Sentence, say
from game.engine.save_files import SaveError, load_dict
from game.net.client import RECEIVED, Connection
from game.net.protocol import MAX_CHAT_CHARS, decode_event, decode_sentence, dump
from game.registry import GAMES
from game.session import Move

log = logging.getLogger(__name__)

Viewer = int | None
CHAT_SHOWN = 50  # chat lines kept to show
NOT_HELD = say(N_("You do not sit in that seat."))
SAMPLE_SEED = 0  # one view always rebuilds into the same game


def rules_of(game_id: str, players: int, options: Mapping[str, Any]) -> type[GameState]:
    """The game's rules class (its ``state_from_view``), as the registry builds it."""
    return type(GAMES[game_id].new(players, 0, **options))


def whole_game(save: Any, code: str, game_id: str, views: Mapping[Viewer, Any]
               ) -> GameState | None:
    """The finished game of table ``code`` rebuilt from its record (``save``), when it is
    the game this client was shown: over, and each held viewer's last view (``views``) its
    view; None otherwise (logged)."""
    try:
        state = load_dict(save)
    except SaveError as exc:
        log.warning("The record of table %s does not replay: %s", code, exc)
        return None
    if game_id != state.GAME_ID or not state.is_over() or any(
            json.loads(dump(state.view(v))) != view for v, view in views.items()):
        log.warning("The record of table %s is not the game it showed", code)
        return None
    return state


def merged(streams: list[list[Event]]) -> list[Event]:
    """One move's events from each held viewer's stream, each in the version that shows the
    most: a seat's own secret (with its public version) where one stream has it, so every
    viewer this client holds reads its own."""
    out = []
    for versions in zip(*streams, strict=True):
        out.append(next((e for e in versions if e.is_hidden_from(None)), versions[0]))
    return out


@dataclass
class Stream:
    """What one viewer this client holds was told: its view, the events of the set-up and
    of each move as it may see them (decoded, and as they came, to compare), and its own
    count of moves and undo right."""

    view: dict[str, Any]
    setup: list[Event]
    moves: list[list[Event]]
    raw: list[Any]
    turn: dict[str, Any]
    own_moves: int = 0
    can_undo: bool = False


@dataclass
class ChatLine:
    seat: int
    name: str
    text: str


@dataclass
class Presence:
    """Who sits at the table and whose turn it is, as the server last said, with since when
    (this machine's clock): the server says how long the turn and each away seat have been
    waiting as it sends a message, and that is counted back from when the message arrived
    here (its ``RECEIVED`` stamp), not from when it was read, so a client busy for a while
    (a table loading) shows the times every other window shows."""

    seats: list[dict[str, Any]] = field(default_factory=list)
    to_act: list[int] = field(default_factory=list)
    over: bool = False
    turn_since: float = 0.0
    away_since: list[float | None] = field(default_factory=list)


class RemoteSession:
    """A ``Session`` of a table on a server, over a ``Connection`` (see the module)."""

    def __init__(self, connection: Connection, received: Sequence[Mapping[str, Any]],
                 clock: Callable[[], float] = time.monotonic) -> None:
        """``received``: what the connection has received of this table so far, with the
        ``table`` message of every viewer this client holds (one per seat, or the
        spectator's); the first of each sets the session up, the rest is read as if it came
        after."""
        first: list[Mapping[str, Any]] = []
        for m in received:
            if m.get("type") == "table" and m["seat"] not in [f["seat"] for f in first]:
                first.append(m)
        self.backlog = [m for m in received if not any(m is f for f in first)]
        """What came after those ``table`` messages: read by the first ``poll``."""
        head = first[0]
        self.connection = connection
        self.clock = clock
        self.code: str = head["table"]
        self.game_id: str = head["game"]
        self.players: int = head["players"]
        self.options: dict[str, Any] = dict(head["options"])
        self.host: int | None = head["host"]
        self.spectators: bool = bool(head["spectators"])
        self.rules = rules_of(self.game_id, self.players, self.options)
        self.held: list[Viewer] = [m["seat"] for m in first]
        self.version = 0
        self.presence = Presence()
        self.chat: list[ChatLine] = []
        self._streams: dict[Viewer, Stream] = {}
        self._by: list[int] = []
        self._shown = 0  # moves handed over as moves (or shown by a resync)
        self._arrived: list[Move] = []
        self._sent: dict[int, Action] = {}  # a seat's move handed in, not yet back
        self._refusals: list[Sentence] = []
        self._busy_said = False  # "busy" is said once an outage, not at every try again
        self._reactions: list[tuple[int, str]] = []
        self._resync = False
        self._games: dict[tuple[int, Viewer], GameState] = {}
        self._public: tuple[int, dict[str, Any]] = (-1, {})
        self._undo: tuple[int, int] | None = None  # (seat, moves) of an undo asked for
        self._taken_back = False
        self._record_came = False
        self._finished: GameState | None = None  # the whole game, from its record
        for m in first:
            self._sync(m)
        self._shown = self.moves
        self._resync = False

    # --- the Session --------------------------------------------------------------------------
    @property
    def moves(self) -> int:
        """The moves every held viewer has been told of."""
        return min(len(s.moves) for s in self._streams.values())

    @property
    def phase(self) -> str:
        return self._game(self.held[0]).phase

    @property
    def _turn(self) -> Mapping[str, Any]:
        """Whose turn it is after the moves every held viewer knows (the turn the viewer
        told last of all was told with)."""
        return min(self._streams.values(), key=lambda s: len(s.moves)).turn

    def to_act(self) -> list[int]:
        """The seats the game waits for, less those whose move is on its way to the
        server (the table waits for the server then, not for them)."""
        return [p for p in self._turn["to_act"] if p not in self._sent]

    def is_over(self) -> bool:
        """Over once the server has said so and sent the game's record (what the results
        show comes with it)."""
        return bool(self._turn["over"]) and self._record_came

    def is_simultaneous(self) -> bool:
        return self._game(self.held[0]).is_simultaneous()

    def view(self, viewer: Viewer) -> Mapping[str, Any]:
        """``viewer``'s view when this client holds it; any other viewer gets the public
        view (all this client may show of a seat it does not hold)."""
        stream = self._streams.get(viewer)
        if stream is not None:
            return stream.view
        if None in self._streams:
            return self._streams[None].view
        if self._public[0] != self.version:  # as it would come over the wire
            self._public = (self.version, json.loads(dump(self._game(self.held[0]).view(None))))
        return self._public[1]

    def legal_actions(self, seat: int) -> list[Action]:
        """None while the server has not yet told every held viewer of the last move,
        while ``seat``'s move handed in has not come back, or while an undo awaits its
        answer."""
        if (seat not in self._streams or seat not in self.to_act() or seat in self._sent
                or self._undo is not None
                or len({len(s.moves) for s in self._streams.values()}) > 1):
            return []
        return self._game(seat).legal_actions(seat)

    def refusal(self, action: Any, seat: int) -> str | None:
        if seat not in self._streams:
            return NOT_HELD
        return self._game(seat).refusal(action, seat)

    def submit(self, action: Action, seat: int) -> None:
        """Send ``seat``'s ``action``; it comes back through ``poll`` once played (or
        refused: ``take_refusals``)."""
        self._sent[seat] = action
        self.connection.send({"type": "act", "table": self.code, "seat": seat,
                              "action": action.to_json(),
                              "own_moves": self._streams[seat].own_moves})

    def poll(self) -> list[Move]:
        self.pump()
        arrived, self._arrived = self._arrived, []
        return arrived

    def events_for(self, events: Sequence[Event], viewer: Viewer) -> list[Event]:
        return [e.seen_by(viewer) for e in events]

    def setup_events(self) -> list[Event]:
        return merged([s.setup for s in self._streams.values()])

    def past_moves(self) -> list[Move]:
        return [self._move(k) for k in range(self.moves)]

    def last_mover(self) -> int | None:
        n = self.moves
        return self._by[n - 1] if n and len(self._by) >= n else None

    def can_take_back(self) -> bool:
        seat = self.last_mover()
        return seat is not None and seat in self._streams and self._streams[seat].can_undo

    def take_back(self) -> list[Move]:
        """Ask the server to take the last move back; the table is sent again once it has
        (``take_resync`` and ``take_taken_back``), or the refusal comes with its reason.
        The moves as they stand meanwhile (nothing is taken back before the server has)."""
        seat = self.last_mover()
        if seat is not None and seat in self._streams:
            self._undo = (seat, self.moves)
            self.connection.send({"type": "undo", "table": self.code, "seat": seat})
        return self.past_moves()

    @property
    def undo_asked(self) -> bool:
        """Whether an undo was asked for and the server has not answered yet."""
        return self._undo is not None

    def finished_game(self) -> GameState | None:
        """The whole game once it is over, rebuilt from the record the server sends then
        (None before, or when the record does not replay into the game this client was
        shown)."""
        return self._finished if self.is_over() else None

    def known_game(self) -> GameState:
        """The game as the first viewer this client holds may know it (its view rebuilt,
        hidden parts sampled)."""
        return self._game(self.held[0])

    # --- what else an online table shows ---------------------------------------------------------
    def take_refusals(self) -> list[Sentence]:
        """The server's reasons for refusing a move or an undo since the last call (render
        each with ``messages.localized``)."""
        out, self._refusals = self._refusals, []
        return out

    def take_reactions(self) -> list[tuple[int, str]]:
        """The quick reactions sent since the last call: (seat, reaction)."""
        out, self._reactions = self._reactions, []
        return out

    def take_taken_back(self) -> bool:
        """Whether the server took back the move this client asked it to, since the last
        call (the table says "Taken back." then, and not before)."""
        out, self._taken_back = self._taken_back, False
        return out

    def take_resync(self) -> bool:
        """Whether the game changed other than by new moves (an undo, a reconnection that
        missed one) since the last call: show it again from the session."""
        out, self._resync = self._resync, False
        return out

    def waiting_seconds(self) -> float:
        """How long the table has waited for whoever acts now."""
        return self.clock() - self.presence.turn_since

    def away_seconds(self, seat: int) -> float | None:
        """How long ``seat``'s player has been away (None: connected, or not a player)."""
        away = self.presence.away_since
        since = away[seat] if seat < len(away) else None
        return None if since is None else self.clock() - since

    def say(self, text: str, seat: int) -> None:
        """Send a chat line as ``seat`` (cut to the length a line may have)."""
        line = " ".join(text.split())[:MAX_CHAT_CHARS]
        if line:
            self.connection.send({"type": "chat", "table": self.code, "seat": seat,
                                  "text": line})

    def react(self, reaction: str, seat: int) -> None:
        self.connection.send({"type": "react", "table": self.code, "seat": seat,
                              "reaction": reaction})

    def hand_over(self, target: int, to_bot: bool) -> None:
        """The host lets a bot of the server play the away seat ``target`` (or wait)."""
        if self.host is not None and self.host in self._streams:
            self.connection.send({"type": "hand_over", "table": self.code, "seat": self.host,
                                  "target": target, "to_bot": to_bot})

    def close(self) -> None:
        self.connection.close()

    # --- reading the server ----------------------------------------------------------------
    def pump(self) -> None:
        """Read what the server sent since the last call (never waits)."""
        received, self.backlog = self.backlog + self.connection.poll(), []
        for message in received:
            if message.get("table") not in (self.code, None):
                continue
            kind = message.get("type")
            if kind in ("table", "update", "refusal"):  # the server is taking moves again
                self._busy_said = False
            if kind == "table" and message.get("seat") in self.held:
                self._sync(message)
            elif kind == "update" and message.get("seat") in self.held:
                self._update(message)
            elif kind == "refusal":
                # a move handed in, or the undo asked for (no move of that seat on its way)
                seat = message.get("seat", -1)
                if self._undo is not None and self._undo[0] == seat and seat not in self._sent:
                    self._undo = None
                self._sent.pop(seat, None)
                self._refusals.append(decode_sentence(message.get("reason")))
            elif kind == "error" and message.get("code") in ("chat", "rate", "not_allowed"):
                self._refusals.append(decode_sentence(message.get("reason")))
            elif kind == "error" and message.get("code") == "busy":  # the client sends again
                if not self._busy_said:
                    self._refusals.append(decode_sentence(message.get("reason")))
                self._busy_said = True
            elif kind == "presence":
                self._presence(message, message["presence"], message["turn"])
            elif kind == "chat":
                line = ChatLine(message["seat"], str(message["name"]), str(message["text"]))
                self.chat = (self.chat + [line])[-CHAT_SHOWN:]
            elif kind == "react":
                self._reactions.append((message["seat"], str(message["reaction"])))
            elif kind == "record":
                self._record_came = True
                self._finished = whole_game(message.get("save"), self.code, self.game_id,
                                            {v: s.view for v, s in self._streams.items()})
        self._hand_over_moves()

    def _sync(self, m: Mapping[str, Any]) -> None:
        """A viewer's whole table: its log replaces what it had.  Moves it adds after what
        it had show as moves; anything else (fewer, or other) asks for a resync."""
        log = m["log"]
        old = self._streams.get(m["seat"])
        raw = log["moves"]
        stream = Stream(dict(m["view"]), [decode_event(e) for e in log["setup"]],
                        [[decode_event(e) for e in events] for events in raw], list(raw),
                        dict(m["turn"]), m["own_moves"], bool(m["can_undo"]))
        if old is not None and (len(raw) < len(old.raw) or raw[:len(old.raw)] != old.raw):
            self._resync = True
        if self._undo is not None and self._undo[0] == m["seat"]:
            # the undo's answer, or a table sent again after a reconnection: either way the
            # table now shows what the server holds
            self._taken_back = self._taken_back or len(raw) < self._undo[1]
            self._undo = None
        self._streams[m["seat"]] = stream
        self._by = list(log["by"])
        self._sent.pop(m["seat"], None)
        self._presence(m, m["presence"], m["turn"])
        self.chat = [ChatLine(c["seat"], c["name"], c["text"]) for c in m["chat"]][-CHAT_SHOWN:]
        self.version += 1

    def _update(self, m: Mapping[str, Any]) -> None:
        stream = self._streams[m["seat"]]
        if m["moves"] != len(stream.moves) + 1:
            return  # told already (a table message brought it), or a gap a sync will fill
        stream.moves.append([decode_event(e) for e in m["events"]])
        stream.raw.append(m["events"])
        stream.view, stream.own_moves = dict(m["view"]), m["own_moves"]
        stream.can_undo, stream.turn = bool(m["can_undo"]), dict(m["turn"])
        del self._by[m["moves"] - 1:]
        self._by.append(m["by"])
        self._turn_from(m, m["turn"])
        self.version += 1

    def _hand_over_moves(self) -> None:
        """The moves every held viewer now knows, handed over in order; after a resync the
        table is shown from the session and nothing before is handed over."""
        n = self.moves
        if self._resync:
            self._arrived.clear()
            self._shown = n
            self._sent.clear()
            return
        while self._shown < n:
            move = self._move(self._shown)
            self._shown += 1
            self._arrived.append(move)

    def _move(self, k: int) -> Move:
        seat = self._by[k] if k < len(self._by) else -1
        # the action when this client sent it (None: another's, whose action is theirs)
        action = self._sent.pop(seat, None) if k >= self._shown else None
        return Move(seat, action, merged([s.moves[k] for s in self._streams.values()]))

    def _arrived_at(self, m: Mapping[str, Any]) -> float:
        """When ``m`` reached this machine (a message made here: now)."""
        at = m.get(RECEIVED)
        return float(at) if isinstance(at, (int, float)) else self.clock()

    def _presence(self, m: Mapping[str, Any], seats: list[dict[str, Any]],
                  turn: Mapping[str, Any]) -> None:
        """Who sits where, from message ``m``: each away seat's time counted back from the
        message's arrival."""
        at = self._arrived_at(m)
        away = [None if s.get("away_s") is None else at - float(s["away_s"]) for s in seats]
        self.presence = Presence(list(seats), [], False, 0.0, away)
        self._turn_from(m, turn)

    def _turn_from(self, m: Mapping[str, Any], turn: Mapping[str, Any]) -> None:
        """Whose turn it is and since when, from message ``m`` (the seats stay as they
        were last said)."""
        p = self.presence
        p.to_act, p.over = list(turn["to_act"]), bool(turn["over"])
        p.turn_since = self._arrived_at(m) - float(turn["waiting_s"])

    def _game(self, viewer: Viewer) -> GameState:
        """The game as ``viewer`` (held) may know it, rebuilt from its view (its hidden
        parts sampled), once per version."""
        key = (self.version, viewer)
        game = self._games.get(key)
        if game is None:
            self._games = {k: g for k, g in self._games.items() if k[0] == self.version}
            game = self._games[key] = self.rules.state_from_view(
                self._streams[viewer].view, random.Random(SAMPLE_SEED))
        return game
