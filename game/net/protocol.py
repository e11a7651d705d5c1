"""The online protocol: JSON messages over a WebSocket, one object per text frame.

Both sides open with ``hello`` carrying ``PROTOCOL_VERSION``; a peer of another version is
answered ``refused`` (a ``Sentence``) and the connection closes.  Every message is a JSON
object with a ``type`` (see ``CLIENT_MESSAGES`` for what a client may send and the fields each
needs; ``docs/protocol.md`` describes the server's answers).  A client numbers its messages
(``seq``, strictly increasing on a connection): a message repeated or sent out of order is
refused, and the server's answer to a message names it (``re``).

What crosses the wire is what the seat may know, encoded here once:

- an action: ``Action.to_json()`` (a save file's own encoding), decoded by the game's
  ``save_files.action_from_json`` and checked by the rules;
- a view: ``state.view(seat)`` as it is (spectators: ``view(None)``);
- an event: ``encode_event(event, viewer)``, the event as ``Event.seen_by(viewer)`` gives it
  (kind, message, arguments, player, data; never the hidden version);
- a sentence (a refusal, an error): its message id and arguments, rendered by the client in
  its own language (``decode_sentence`` then ``messages.localized``).

Once a game is over, and only then, its whole record (a save's data: seed, options, actions)
goes to every connection at the table, once (``record``).

Pure: no pygame, no game imported (the engine's core only).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from typing import Any

from game.engine.events import Event
from game.engine.messages import N_, Sentence, say

PROTOCOL_VERSION = 1
MAX_MESSAGE_BYTES = 64 * 1024
"""A client's message larger than this closes the connection (the server's own messages
may be larger: a whole game's log on rejoining)."""
MAX_SERVER_MESSAGE_BYTES = 8 * 1024 * 1024
MAX_CHAT_CHARS = 200
MAX_NAME_CHARS = 24
REACTIONS = ("thumbs_up", "laugh", "wow", "sad", "think", "well_played")
"""The quick reactions a seat may send (the client draws each one)."""
TOKEN_BYTES = 16  # a seat token is 128 random bits
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # no 0/O, 1/I/L: read aloud, typed by hand
CODE_LENGTH = 6

# What a client may send: type -> the fields it must carry, with their JSON types.
_INT, _STR, _OBJ, _BOOL, _LIST = "int", "str", "object", "bool", "list"
CLIENT_MESSAGES: dict[str, dict[str, str]] = {
    "hello": {"protocol": _INT},
    "create": {"game": _STR, "players": _INT, "seats": _LIST},
    "join": {"table": _STR, "name": _STR},
    "sit": {"table": _STR, "seat": _INT, "token": _STR},
    "watch": {"table": _STR},
    "leave": {"table": _STR},
    "act": {"table": _STR, "seat": _INT, "action": _OBJ, "own_moves": _INT},
    "undo": {"table": _STR, "seat": _INT},
    "chat": {"table": _STR, "seat": _INT, "text": _STR},
    "react": {"table": _STR, "seat": _INT, "reaction": _STR},
    "hand_over": {"table": _STR, "seat": _INT, "target": _INT, "to_bot": _BOOL},
    "mine": {"tokens": _LIST},
}
SERVER_MESSAGES = ("hello", "refused", "error", "created", "joined", "table", "update",
                   "refusal", "presence", "chat", "react", "games", "left", "record")

_TYPES: dict[str, tuple[type, ...]] = {_INT: (int,), _STR: (str,), _OBJ: (dict,),
                                       _BOOL: (bool,), _LIST: (list,)}


class BadMessage(ValueError):
    """A message the server will not read: ``args[0]`` is the reason, plain English (only a
    faulty or hostile client sends one, never a player)."""


def new_token() -> str:
    """A seat token: 128 random bits, the only proof of a seat."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_table_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(code: str) -> str:
    """A table code as typed (any case, spaces or dashes) in its stored form."""
    return "".join(c for c in code.upper() if c.isalnum())


def dump(message: Mapping[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def parse(text: str | bytes, last_seq: int) -> dict[str, Any]:
    """A client's message read and checked (type, fields, ``seq`` after ``last_seq``);
    raises ``BadMessage``.  Fields the type does not name are ignored."""
    if isinstance(text, bytes):
        raise BadMessage("messages are JSON text")
    if len(text) > MAX_MESSAGE_BYTES:
        raise BadMessage("message too long")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise BadMessage("message is not JSON") from None
    if not isinstance(message, dict):
        raise BadMessage("message is not a JSON object")
    kind = message.get("type")
    fields = CLIENT_MESSAGES.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise BadMessage(f"unknown message type {str(kind)[:30]!r}")
    seq = message.get("seq")
    if not isinstance(seq, int) or isinstance(seq, bool) or seq <= last_seq:
        raise BadMessage(f"message {str(seq)[:20]} is out of sequence")
    for name, expected in fields.items():
        if not _is(message.get(name), expected):
            raise BadMessage(f"{kind} needs {name} ({expected})")
    return message


def _is(value: Any, expected: str) -> bool:
    if isinstance(value, bool) and expected != _BOOL:
        return False
    return isinstance(value, _TYPES[expected])


# --- what crosses the wire ------------------------------------------------------------------
def encode_sentence(text: str) -> dict[str, Any]:
    """A refusal or an error as its message id and arguments (plain text: as it is)."""
    if isinstance(text, Sentence):
        return {"msg": text.message, "args": text.args}
    return {"msg": str(text), "args": {}}


UNREADABLE = say(N_("The server sent a reason this game cannot read."))


def decode_sentence(data: Any) -> Sentence:
    """What ``encode_sentence`` made, as a ``Sentence`` to show with ``localized``."""
    if not isinstance(data, dict):
        return UNREADABLE
    message: Any = data.get("msg", "")
    args = data.get("args")
    if isinstance(message, list) and len(message) == 2:
        message = (str(message[0]), str(message[1]))
    elif not isinstance(message, str):
        message = str(message)
    try:
        return Sentence(message, args if isinstance(args, dict) else {})
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return UNREADABLE  # placeholders its arguments do not fill


def encode_event(event: Event, viewer: int | None) -> dict[str, Any]:
    """``event`` as ``viewer`` (None: a spectator) may see it, and nothing more
    (``Event.wire_for``: the core decides what a viewer gets)."""
    return event.wire_for(viewer)


def decode_event(data: Mapping[str, Any]) -> Event:
    """What ``encode_event`` made: the event as its viewer saw it (with the public version
    of their own secret, so that ``seen_by`` gives what anyone else may see)."""
    return Event.from_wire(data)


def encode_moves(moves: list[list[Event]], viewer: int | None) -> list[list[dict[str, Any]]]:
    return [[encode_event(e, viewer) for e in events] for events in moves]
