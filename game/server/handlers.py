"""What the server does with each kind of message (``HANDLERS``: type -> handler).

A handler gets the server, the connection and the checked message; it answers by sending,
or raises ``Refused`` (an error with its reason).  It is a coroutine (the store is awaited),
and what it does at a table it does holding the table (``Server.holding``).  Proving a seat takes its token (``sit``,
or the token ``create``/``join`` hands out); after that the connection acts for that seat
and no other.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from game.bots import LEVELS
from game.engine.messages import N_, say
from game.engine.save_files import SEED_LIMIT
from game.net.protocol import (
    MAX_CHAT_CHARS,
    MAX_NAME_CHARS,
    REACTIONS,
    encode_sentence,
    new_table_code,
    new_token,
)
from game.registry import GAMES
from game.server.store import MoveConflict, SeatRecord, TableRecord, token_hash
from game.server.tables import LiveTable, status_of

if TYPE_CHECKING:
    from game.server.app import Server
    from game.server.peer import Peer

Handler = Callable[["Server", "Peer", dict[str, Any]], Coroutine[Any, Any, None]]
HANDLERS: dict[str, Handler] = {}
DEFAULT_TAKEOVER_S = None
"""A table's wait before a bot plays an away seat, when its creator names none: none, a bot
plays only at the host's word (a table played turn by turn over days must not see a bot
play for whoever has not come back yet; a live table names its wait)."""
MAX_TOKENS_LISTED = 200
CONFLICT_TRIES = 5  # a move judged again this often as other servers' moves come first
BUSY = say(N_("The server is busy; trying again…"))
"""The reason of a ``busy`` error: the store could not be reached, or other servers' moves
kept coming first; nothing was done, and the client sends the same message again a little
later (the game's own client does so by itself)."""


def handles(kind: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        HANDLERS[kind] = fn
        return fn
    return register


class Refused(Exception):
    """A message the server answers with an error: ``code`` and ``reason`` (a sentence)."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(code, reason)
        self.code = code
        self.reason = reason


_refused = Refused


def _name(value: Any, fallback: str) -> str:
    name = " ".join(str(value).split())[:MAX_NAME_CHARS] if isinstance(value, str) else ""
    return name or fallback


def _seat(table: LiveTable, peer: Peer, message: dict[str, Any]) -> int:
    """The seat a message acts for at ``table``, which the connection must hold."""
    seat: int = message["seat"]
    if not peer.holds(table.code, seat):
        raise _refused("not_seated", say(N_("You do not sit in that seat.")))
    return seat


# --- tables and seats -----------------------------------------------------------------------
@handles("create")
async def create(server: Server, peer: Peer, message: dict[str, Any]) -> None:
    """A new table: seats ``host`` (this connection sits there), ``open`` (for whoever
    joins with the code) or ``bot``; answered ``created`` with the host seats' tokens."""
    info = GAMES.get(message["game"])
    n = message["players"]
    if info is None or not info.min_players <= n <= info.max_players:
        raise _refused("bad_table", say(N_("This server cannot seat that game.")))
    options = message.get("options") or {}
    known = {o.name: o for o in info.options}
    if not isinstance(options, dict) or any(k not in known or v not in known[k].values
                                            for k, v in options.items()):
        raise _refused("bad_table", say(N_("This server cannot seat that game.")))
    specs = message["seats"]
    if len(specs) != n or not all(isinstance(s, dict) for s in specs):
        raise _refused("bad_table", say(N_("This server cannot seat that game.")))
    seats: list[SeatRecord] = []
    tokens: list[dict[str, Any]] = []
    for i, spec in enumerate(specs):
        kind, level = spec.get("kind"), spec.get("level", "normal")
        if kind not in ("host", "open", "bot") or level not in LEVELS:
            raise _refused("bad_table", say(N_("This server cannot seat that game.")))
        if kind == "host":
            token = new_token()
            tokens.append({"seat": i, "token": token})
            seats.append(SeatRecord("human", _name(spec.get("name"), f"Player {i + 1}"),
                                    token_hash(token), level))
        else:
            seats.append(SeatRecord(kind, _name(spec.get("name"), "") if kind == "bot" else "",
                                    "", level))
    after: Any = message.get("takeover_after", DEFAULT_TAKEOVER_S)
    settings = {"spectators": message.get("spectators") is True,
                "takeover_after": float(after) if isinstance(after, (int, float))
                and not isinstance(after, bool) and 0 <= after <= 30 * 86400 else None,
                "host": tokens[0]["seat"] if tokens else None}
    code = new_table_code()
    while await server.store.exists(code):
        code = new_table_code()
    record = TableRecord(code, info.id, n, secrets.randbelow(SEED_LIMIT),
                         {**info.default_options(), **options}, seats, settings)
    table = LiveTable(record, server.store, server.clock)
    record.status = status_of(table.state)
    await server.store.create(record)
    server.live(table)  # nobody knew its code until now: nobody waits for it
    peer.send({"type": "created", "re": message["seq"], "table": code, "seats": tokens})
    for held in tokens:
        seat = int(held["seat"])
        peer.seats.add((code, seat))
        table.attach(peer, seat)
    server.bots.wake(table)


@handles("join")
async def join(server: Server, peer: Peer, message: dict[str, Any]) -> None:
    """Take the first open seat of a table by its code: answered ``joined`` with the seat's
    token (keep it: it is the only way back to the seat)."""
    async with server.holding(message["table"]) as table:
        token = new_token()
        for _ in table.seats:  # each try finds one more seat taken by another server
            stored = (await server.store.summaries([table.code])).get(table.code)
            if stored is not None and stored.seats != table.seats:
                table.record.seats = stored.seats  # another server seated someone meanwhile
            seat = next((i for i, s in enumerate(table.seats) if s.kind == "open"), None)
            if seat is None:
                break
            if await table.take_open_seat(seat, SeatRecord(
                    "human", _name(message["name"], f"Player {seat + 1}"), token_hash(token),
                    table.seats[seat].level)):
                break
        else:
            seat = None
        if seat is None:
            raise _refused("full", say(N_("This table has no free seat.")))
        peer.send({"type": "joined", "re": message["seq"], "table": table.code, "seat": seat,
                   "token": token})
        peer.seats.add((table.code, seat))
        table.attach(peer, seat)


@handles("sit")
async def sit(server: Server, peer: Peer, message: dict[str, Any]) -> None:
    """Sit in a seat with its token (coming back, or a second seat on one client)."""
    async with server.holding(message["table"]) as table:
        seat = message["seat"]
        record = table.seats[seat] if 0 <= seat < len(table.seats) else None
        if record is None or record.kind != "human" or not hmac.compare_digest(
                token_hash(message["token"]), record.token_hash):
            peer.note("bad token", f"gave a wrong token for table {table.code}")
            raise _refused("bad_token", say(N_("That seat's key does not fit.")))
        peer.seats.add((table.code, seat))
        table.attach(peer, seat)
        server.bots.wake(table)


@handles("watch")
async def watch(server: Server, peer: Peer, message: dict[str, Any]) -> None:
    async with server.holding(message["table"]) as table:
        if not table.record.settings.get("spectators"):
            raise _refused("no_spectators", say(N_("This table does not allow spectators.")))
        peer.watching.add(table.code)
        table.attach(peer, None)
        server.bots.wake(table)


@handles("leave")
async def leave(server: Server, peer: Peer, message: dict[str, Any]) -> None:
    async with server.holding(message["table"]) as table:
        peer.watching.discard(table.code)
        peer.seats = {(c, s) for c, s in peer.seats if c != table.code}
        for seat in table.detach(peer):
            server.wait_for(table, seat, 0.0)
        peer.send({"type": "left", "re": message["seq"], "table": table.code})
        server.rest(table)


@handles("hand_over")
async def hand_over(server: Server, peer: Peer, message: dict[str, Any]) -> None:
    """The host lets a bot play a seat whose player is away (``to_bot``), or has it wait
    for them again."""
    async with server.holding(message["table"]) as table:
        seat = _seat(table, peer, message)
        target = message["target"]
        if seat != table.host or not 0 <= target < len(table.seats) or table.seats[
                target].kind != "human" or table.is_connected(target):
            raise _refused("not_allowed", say(N_("Only the host may hand an away player's "
                                                 "seat to a bot.")))
        if message["to_bot"]:
            table.bot_playing.add(target)
        else:
            table.bot_playing.discard(target)
        if server.shared is not None:  # and every server's table
            server.shared.hand_over(table.code, target, message["to_bot"])
        table.tell_presence()
        server.bots.wake(table)


@handles("mine")
async def mine(server: Server, peer: Peer, message: dict[str, Any]) -> None:
    """The tables of the seats whose tokens a client keeps, and whose turn it is there."""
    tokens = [t for t in message["tokens"][:MAX_TOKENS_LISTED] if isinstance(t, str)]
    found = await server.store.seats_of([token_hash(t) for t in tokens])
    records = await server.store.summaries(sorted({code for code, _seat in found}))
    games = []
    for code, seat in found:
        record = records[code]
        status = record.status
        games.append({"table": code, "seat": seat, "game": record.game,
                      "names": [s.name for s in record.seats],
                      "to_act": status.get("to_act", []), "over": status.get("over", False),
                      "your_turn": seat in status.get("to_act", []),
                      "moves": status.get("moves", 0), "updated": record.updated})
    peer.send({"type": "games", "re": message["seq"], "games": games})


# --- play -----------------------------------------------------------------------------------
@handles("act")
async def act(server: Server, peer: Peer, message: dict[str, Any]) -> None:
    async with server.holding(message["table"]) as table:
        seat = _seat(table, peer, message)
        if await _played(table, peer, seat, message):
            server.bots.wake(table)


async def _played(table: LiveTable, peer: Peer, seat: int, message: dict[str, Any]) -> bool:
    """Whether ``seat``'s action is played (stored, then told), or else refused with the
    reason."""
    for _judged in range(CONFLICT_TRIES):
        action, reason = table.refusal(seat, message["action"], message["own_moves"])
        if action is None or reason:
            break
        try:
            await table.play(seat, action)
            return True
        except MoveConflict:
            # another server stored a move first (the table has it now): the action is
            # judged again on the table as it now is, refused with the reason or played
            continue
    else:  # other servers' moves keep coming first: the client sends it again later
        raise _refused("busy", BUSY)
    peer.send({"type": "refusal", "re": message["seq"], "table": table.code, "seat": seat,
               "reason": encode_sentence(reason)})
    return False


@handles("undo")
async def undo(server: Server, peer: Peer, message: dict[str, Any]) -> None:
    async with server.holding(message["table"]) as table:
        seat = _seat(table, peer, message)
        reason = table.undo_refusal(seat)
        if reason is not None:
            peer.send({"type": "refusal", "re": message["seq"], "table": table.code,
                       "seat": seat, "reason": encode_sentence(reason)})
            return
        await table.undo()
        server.bots.wake(table)


@handles("chat")
async def chat(server: Server, peer: Peer, message: dict[str, Any]) -> None:
    async with server.holding(message["table"]) as table:
        seat = _seat(table, peer, message)
        text = " ".join(message["text"].split())
        if not text or len(text) > MAX_CHAT_CHARS:
            raise _refused("chat", say(N_("A chat line holds 1 to {n} characters."),
                                       n=MAX_CHAT_CHARS))
        _chat_rate(peer)
        table.add_chat({"type": "chat", "table": table.code, "seat": seat,
                        "name": table.seats[seat].name, "text": text})


@handles("react")
async def react(server: Server, peer: Peer, message: dict[str, Any]) -> None:
    async with server.holding(message["table"]) as table:
        seat = _seat(table, peer, message)
        if message["reaction"] not in REACTIONS:
            raise _refused("bad_message", "unknown reaction")
        _chat_rate(peer)
        table.broadcast({"type": "react", "table": table.code, "seat": seat,
                         "reaction": message["reaction"]})


def _chat_rate(peer: Peer) -> None:
    if not peer.allow_chat():
        raise _refused("rate", say(N_("Too many messages: slow down.")))
