"""``Event``: something that happened in a game, as data (who, a message id and its
arguments, what the UI needs to animate it) with the one rule of who may see what of it
(``is_hidden_from``, ``seen_by``).  Words come last: ``describe`` renders its line for a
viewer (``game.engine.messages``).

A game declares each kind of event it emits once, as a ``Kind`` (with the ``TypedDict`` of
the data it carries) or a ``PlainKind`` (no data), and its rules make events by calling
the kind: mypy then holds the data of every event the rules emit to its kind's payload, as
it holds a presenter's reads to the payload its ``Event[P]`` names."""

from __future__ import annotations

import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic

from game.engine.messages import Message, describe, render

if TYPE_CHECKING:  # a default for the type variable (PEP 696) is newer than Python 3.11
    from typing_extensions import TypeVar

    Payload = TypeVar("Payload", bound=Mapping[str, Any], covariant=True, default=Any)
else:
    Payload = typing.TypeVar("Payload", covariant=True)


@dataclass(frozen=True, init=False)
class Event(Generic[Payload]):
    """Something that happened, for the UI to animate and the log to print.

    ``kind`` is a short machine word ("placed", "scored", "drew_token"...), ``msg`` the log
    line as a message with named placeholders and ``args`` its arguments (see
    ``game.engine.messages``: seats are indices, never names), ``player`` who it concerns
    (None for the table), and ``data`` whatever the UI needs to animate it (cells,
    amounts...), JSON-able.  ``private_to``: when not None, only that player may see
    ``data``/``msg`` in full (the value of a drawn gold token); others read ``public_msg``
    with ``public_args`` and get ``public_data`` (nothing when None) instead of ``data``.
    ``describe(event, names, viewer, language)`` renders the line.

    Who may see what is decided here only: ``is_hidden_from(viewer)`` is the one rule, and
    ``seen_by(viewer)`` the event as that viewer gets it; logs, presenters, bots and
    replays ask these, never ``private_to`` themselves.
    """

    kind: str
    msg: Message
    player: int | None = None
    data: Payload = field(default_factory=dict, compare=False)  # type: ignore[assignment]
    private_to: int | None = None
    public_msg: Message | None = None
    args: dict[str, Any] = field(default_factory=dict, compare=False)
    public_args: dict[str, Any] | None = field(default=None, compare=False)
    public_data: Mapping[str, Any] | None = field(default=None, compare=False)

    def __init__(self, kind: str, msg: Message, player: int | None = None,
                 data: Mapping[str, Any] | None = None, private_to: int | None = None,
                 public_msg: Message | None = None, args: dict[str, Any] | None = None,
                 public_args: dict[str, Any] | None = None,
                 public_data: Mapping[str, Any] | None = None) -> None:
        # Stored straight into the instance dict, not through the eight
        # ``object.__setattr__`` calls a frozen dataclass makes (nor a dict of keywords):
        # the rules create events by the thousand in a search.
        fields = self.__dict__
        fields["kind"] = kind
        fields["msg"] = msg
        fields["player"] = player
        fields["data"] = {} if data is None else data
        fields["private_to"] = private_to
        fields["public_msg"] = public_msg
        fields["args"] = {} if args is None else args
        fields["public_args"] = public_args
        fields["public_data"] = public_data

    def is_hidden_from(self, viewer: int | None) -> bool:
        """Whether ``viewer`` (None: an onlooker) gets only the public version of this
        event.  The one rule of who sees what: everything below and every reader of
        events (log, presenter, bot, replay) goes through it."""
        return self.private_to is not None and viewer != self.private_to

    def message_for(self, viewer: int | None) -> tuple[Message, dict[str, Any]]:
        """The message and arguments ``viewer`` may read (None: an onlooker)."""
        if self.public_msg is None or not self.is_hidden_from(viewer):
            return self.msg, self.args
        return self.public_msg, (self.public_args if self.public_args is not None
                                 else self.args)

    def seen_by(self, viewer: int | None) -> Event:
        """This event as ``viewer`` gets it: itself, or when it is hidden from them a public
        event (no ``private_to``) with the public message, arguments and data."""
        if not self.is_hidden_from(viewer):
            return self
        msg, args = self.message_for(viewer)
        return Event(self.kind, msg, self.player, dict(self.public_data or {}), args=args)

    def is_private_to(self, viewer: int | None) -> bool:
        """Whether this event shows ``viewer`` something others may not see (a card they
        drew): hidden from an onlooker, not from them."""
        return self.is_hidden_from(None) and not self.is_hidden_from(viewer)

    def wire_for(self, viewer: int | None) -> dict[str, Any]:
        """This event as ``viewer`` gets it, as the plain fields of a message sent to them
        (``from_wire`` reads it back): what ``seen_by`` gives and, when it shows the viewer
        their own secret, that it does (``private_to``) and what anyone else reads of it
        (``public``: a client holding two seats shows each its own)."""
        seen = self.seen_by(viewer)
        out: dict[str, Any] = {"kind": seen.kind, "msg": seen.msg, "args": seen.args,
                               "player": seen.player, "data": dict(seen.data)}
        if seen.private_to is not None:
            public = self.seen_by(None)
            out["private_to"] = seen.private_to
            out["public"] = {"msg": public.msg, "args": public.args, "data": dict(public.data)}
        return out

    @classmethod
    def from_wire(cls, fields: Mapping[str, Any]) -> Event:
        """The event ``wire_for`` wrote (after a JSON round trip: a plural message comes
        back a list)."""
        public = fields.get("public") if fields.get("private_to") is not None else None
        extra: dict[str, Any] = {}
        if isinstance(public, Mapping):
            extra = {"public_msg": _message(public.get("msg", "")),
                     "public_args": public.get("args") or {},
                     "public_data": public.get("data") or {}}
        return cls(fields["kind"], _message(fields["msg"]), fields.get("player"),
                   fields.get("data") or {}, private_to=fields.get("private_to"),
                   args=fields.get("args") or {}, **extra)

    def text_for(self, viewer: int | None) -> str:
        """The line in English with the engine's names, as ``viewer`` may read it."""
        return describe(self, None, viewer)

    @property
    def text(self) -> str:
        """The full line in English with the engine's names (tests, tools)."""
        return render(self.msg, self.args)


_new = object.__new__


def _message(message: Any) -> Message:
    """A message read back from JSON: a plural's (singular, plural) pair comes as a list."""
    if isinstance(message, list) and len(message) == 2:
        return (str(message[0]), str(message[1]))
    return message if isinstance(message, str) else str(message)

# A kind's payload is invariant: its call takes the payload.
Data = typing.TypeVar("Data", bound=Mapping[str, Any])


class Kind(Generic[Data]):
    """A kind of event that carries data: its ``name`` (``Event.kind``) and ``payload``, the
    ``TypedDict`` naming that data's fields.  The rules emit its events by calling it, so
    a missing, unknown or mistyped field of ``data`` is a type error where it is emitted.
    ``public_data`` (what those the event is hidden from get) is a part of the payload."""

    __slots__ = ("name", "payload")

    def __init__(self, name: str, payload: type[Data]) -> None:
        self.name = name
        self.payload = payload

    def __call__(self, msg: Message, player: int | None, data: Data, *,
                 private_to: int | None = None, public_msg: Message | None = None,
                 args: dict[str, Any] | None = None, public_args: dict[str, Any] | None = None,
                 public_data: Mapping[str, Any] | None = None) -> Event[Data]:
        # The fields go straight into a new event's dict, as ``Event.__init__`` puts them,
        # without a second call: the rules emit events by the thousand in a search.
        event: Event[Data] = _new(Event)
        fields = event.__dict__
        fields["kind"] = self.name
        fields["msg"] = msg
        fields["player"] = player
        fields["data"] = data
        fields["private_to"] = private_to
        fields["public_msg"] = public_msg
        fields["args"] = {} if args is None else args
        fields["public_args"] = public_args
        fields["public_data"] = public_data
        return event

    def __repr__(self) -> str:
        return f"Kind({self.name!r})"


class PlainKind:
    """A kind of event that carries no data: calling it makes one (``data`` empty)."""

    __slots__ = ("name",)
    payload = None

    def __init__(self, name: str) -> None:
        self.name = name

    def __call__(self, msg: Message, player: int | None = None, *,
                 private_to: int | None = None, public_msg: Message | None = None,
                 args: dict[str, Any] | None = None,
                 public_args: dict[str, Any] | None = None) -> Event:
        event: Event = _new(Event)  # as ``Kind.__call__`` makes one
        fields = event.__dict__
        fields["kind"] = self.name
        fields["msg"] = msg
        fields["player"] = player
        fields["data"] = {}
        fields["private_to"] = private_to
        fields["public_msg"] = public_msg
        fields["args"] = {} if args is None else args
        fields["public_args"] = public_args
        fields["public_data"] = None
        return event

    def __repr__(self) -> str:
        return f"PlainKind({self.name!r})"


class EventKinds:
    """A game's kinds of events, as the attributes of a subclass, each named as its kind
    (``farmer_placed = Kind("farmer_placed", FarmerPlaced)``): the rules emit through them
    (``Emit.farmer_placed(msg, p, {...})``) and ``declared()`` lists them."""

    @classmethod
    def declared(cls) -> tuple[frozenset[str], dict[str, type[Mapping[str, Any]]]]:
        """The game's ``EVENT_KINDS`` (every kind's name) and ``PAYLOADS`` (name -> payload
        of each kind that carries data)."""
        kinds = {attr: k for attr, k in vars(cls).items() if isinstance(k, Kind | PlainKind)}
        misnamed = [attr for attr, k in kinds.items() if k.name != attr]
        if misnamed:
            raise ValueError(f"kinds named other than their attribute: {misnamed}")
        return frozenset(kinds), {name: k.payload for name, k in kinds.items()
                                  if k.payload is not None}
