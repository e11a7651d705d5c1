"""The protocol every game engine follows (shapes borrowed from python-chess and OpenSpiel).

A game is one ``GameState`` subclass that owns everything: board, hands, scores and its own
seeded ``random.Random``.  The same seed and the same list of ``(player, action)`` pairs
rebuild the same state bit for bit, so a save file is just seed + options + actions.

This module never imports pygame; neither may any other module under ``game.engine``.

Typed seams, the conventions a game's engine follows:

- Phases: ``engine/phases.py`` holds ``class Phase(StrEnum)`` (and ``PHASES = tuple(Phase)``);
  ``state.phase`` holds a member, and every comparison (rules, bots, table) is against a
  member, never a bare string.  A member is its string, so views, saves and JSON read the
  same as with plain strings; a state rebuilt from a view turns the text back into a member
  (``Phase(view["phase"])``).
- Events: ``engine/events.py`` holds ``EventKind`` (a ``Literal`` of every kind the rules
  emit), ``EVENT_KINDS`` (the same as a set), one ``TypedDict`` per kind that carries data
  and ``PAYLOADS`` (kind -> that ``TypedDict``).  ``Event`` is generic in its payload: code
  reading the data of one kind takes an ``Event[ThatPayload]`` (a presenter's step for
  ``"scored"`` takes ``Event[Scored]``), so mypy checks every ``e.data["field"]`` against the
  declaration; a plain ``Event`` is ``Event[Any]``.  The contract tests check that what the
  rules emit matches ``PAYLOADS`` and that each step takes the payload of its kind.
"""

from __future__ import annotations

import dataclasses
import json
import random
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypedDict, TypeGuard

from game.engine.messages import N_, M, Message, Sentence, describe, render, say
from game.registry import GAMES, GameInfo

SAVE_FORMAT = "landgrab-save"
SAVE_VERSION = 1


class IllegalAction(ValueError):
    """The rules forbid this action.  The message names the rule in plain words.

    Raising it guarantees the state was left exactly as it was before ``apply``.
    """


class SaveError(ValueError):
    """A save file that cannot be read: corrupt, truncated, foreign or from another version.
    ``reason`` is the one-line reason, a ``Sentence`` to show a player in their language."""

    @property
    def reason(self) -> str:
        return self.args[0] if self.args and isinstance(self.args[0], Sentence) else str(self)


class Action:
    """Base for actions.  Subclasses are small frozen dataclasses with a readable ``str()``.

    They serialise to ``{"type": ClassName, field: value...}``; tuples become lists and are
    turned back into tuples on load, so actions compare equal after a JSON round trip.
    """

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": type(self).__name__}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            out[f.name] = _to_jsonable(getattr(self, f.name))
        return out


# --- strict field types -------------------------------------------------------------------
# ``apply`` checks every field of an action against its dataclass annotation before the
# game looks at it, so the rules code only ever sees the types it was written for: a bool
# is not an int, 3.0 is not 3, a list is not a cell, and no integer is large enough to
# overflow a shift or an index.

INT_LIMIT = 2**31 - 1
"""The largest magnitude of an integer in an action (cells, card ids, cowboys...)."""

_FieldCheck = Callable[[Any], bool]
_MISSING = object()


def _is_action_int(v: Any) -> bool:
    return type(v) is int and -INT_LIMIT <= v <= INT_LIMIT


def _is_plain(v: Any) -> bool:
    """A JSON-like scalar or a tuple of them: what a bare ``tuple`` annotation allows."""
    return (v is None or type(v) is str or type(v) is bool or _is_action_int(v)
            or (type(v) is tuple and all(map(_is_plain, v))))


_SIMPLE_CHECKS: dict[Any, _FieldCheck] = {
    int: _is_action_int,
    bool: lambda v: type(v) is bool,
    str: lambda v: type(v) is str,
    type(None): lambda v: v is None,
    tuple: lambda v: type(v) is tuple and all(map(_is_plain, v)),
    Any: lambda v: True,
}


def _field_check(hint: Any) -> _FieldCheck:
    """A predicate accepting exactly the values of the annotation ``hint``."""
    simple = _SIMPLE_CHECKS.get(hint)
    if simple is not None:
        return simple
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        options = tuple(_field_check(a) for a in args)
        if len(options) == 2:  # X | None: no generator for the common case
            first, second = options
            return lambda v: first(v) or second(v)
        return lambda v: any(ok(v) for ok in options)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = _field_check(args[0])
        return lambda v: type(v) is tuple and all(map(item, v))
    if args == (int, int) and origin is tuple:  # a cell: the most common field, kept cheap
        return lambda v: (type(v) is tuple and len(v) == 2 and type(v[0]) is type(v[1]) is int
                          and -INT_LIMIT <= v[0] <= INT_LIMIT and -INT_LIMIT <= v[1] <= INT_LIMIT)
    if origin is tuple and args:
        items = tuple(_field_check(a) for a in args)
        size = len(items)
        return lambda v: (type(v) is tuple and len(v) == size
                          and all(ok(x) for ok, x in zip(items, v, strict=True)))
    raise TypeError(f"action fields of type {hint!r} are not supported")


FieldChecks = tuple[tuple[str, _FieldCheck, str], ...]


_CHECKS: dict[type, FieldChecks] = {}


def field_checks(cls: type) -> FieldChecks:
    """``(field name, predicate, annotation text)`` for each field of an action class (made
    once per class)."""
    checks = _CHECKS.get(cls)
    if checks is None:
        hints = typing.get_type_hints(cls)
        checks = _CHECKS[cls] = tuple((f.name, _field_check(hints[f.name]),
                                       _type_text(hints[f.name]))
                                      for f in dataclasses.fields(cls))
    return checks


def bad_field(action: Any, checks: FieldChecks) -> tuple[str, str, Any] | None:
    """The one check of an action's fields, for ``apply`` and for the moves of a save alike:
    ``(name, annotation text, value)`` of the first field whose value its annotation does not
    allow (``checks``: ``field_checks`` of the action's class), or None when all do."""
    for name, ok, expected in checks:
        value = getattr(action, name, _MISSING)
        if not ok(value):
            return name, expected, value
    return None


def _type_text(hint: Any) -> str:
    """``int``, ``tuple[int, int] | None``: aliases spelled out, for messages."""
    return hint.__name__ if isinstance(hint, type) and not typing.get_args(hint) else str(hint)


def _to_jsonable(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_to_jsonable(v) for v in value]
    if isinstance(value, frozenset):
        return sorted(_to_jsonable(v) for v in value)
    return value


def _from_jsonable(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_from_jsonable(v) for v in value)
    return value


def action_from_json(data: Any, action_types: dict[str, type]) -> Action:
    """Rebuild an action from ``Action.to_json`` output, given the game's action classes:
    raises ``SaveError`` for a move of no known kind, or with a field its kind lacks or
    without one it needs.  The values are not checked here (``read_action`` checks them)."""
    kind = data.get("type") if isinstance(data, dict) else None
    if not isinstance(kind, str) or kind not in action_types:
        raise SaveError(say(N_("unknown move {kind}"), kind=repr(str(kind)[:40])))
    cls = action_types[kind]
    fields = dataclasses.fields(cls)
    names = {f.name for f in fields}
    for name in data:
        if name != "type" and name not in names:
            raise SaveError(say(N_("{kind} has no field {field}"), kind=kind,
                                field=repr(str(name)[:40])))
    for f in fields:
        if f.name not in data and f.default is f.default_factory is dataclasses.MISSING:
            raise SaveError(say(N_("{kind} has a bad {field}"), kind=kind, field=f.name))
    action: Action = cls(**{k: _from_jsonable(v) for k, v in data.items() if k != "type"})
    return action


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
    public_data: dict[str, Any] | None = field(default=None, compare=False)

    def __init__(self, kind: str, msg: Message, player: int | None = None,
                 data: Mapping[str, Any] | None = None, private_to: int | None = None,
                 public_msg: Message | None = None, args: dict[str, Any] | None = None,
                 public_args: dict[str, Any] | None = None,
                 public_data: dict[str, Any] | None = None) -> None:
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

    def text_for(self, viewer: int | None) -> str:
        """The line in English with the engine's names, as ``viewer`` may read it."""
        return describe(self, None, viewer)

    @property
    def text(self) -> str:
        """The full line in English with the engine's names (tests, tools)."""
        return render(self.msg, self.args)


class CommonView(TypedDict):
    """What every game's view holds (each game's view schema extends it)."""

    game: str
    num_players: int
    viewer: int | None
    phase: str
    round: int
    to_act: list[int]
    scores: list[int]
    """Points the viewer may know (face-down points count only for their owner)."""


@dataclass(frozen=True)
class Outcome:
    """How a game stands or ended: points, places and what each point came from."""

    scores: list[int]
    ranking: list[int]
    """Players best first, after the game's tie-breaks (the current order while playing)."""
    winners: list[int]
    """Players sharing first place once the game is over; empty until then."""
    breakdown: list[dict[str, int]]
    """Per player: scoring category (a term, see ``messages.T``) -> points from it."""


# The methods every game defines itself: checked when a game class is defined (a class
# with a ``GAME_ID``), so a game that misses one fails at import, not in the middle of play.
CONTRACT = ("to_act", "legal_actions", "why_illegal", "_apply", "clone", "view", "is_over",
            "scores", "outcome", "setup_events", "state_from_view", "snapshot")


class GameState(ABC):
    """One game in progress.  Subclasses implement the abstract methods below.

    Contract (tests check it for every game):
    - ``to_act()`` lists the players who must decide now (several during simultaneous bids);
      empty exactly when ``is_over()``.
    - ``legal_actions(player)`` lists that player's legal actions in a stable order.
    - ``apply(action, player)`` validates, raises ``IllegalAction`` leaving the state
      untouched, or changes the state and returns the events it caused.  Whatever it is
      given (a player that is no seat number, a foreign object, fields of the wrong type),
      it raises nothing but ``IllegalAction``, and accepts only listed actions (or, where a
      game lists one representative per outcome, an equivalent encoding of one).
    - ``view(player)`` is a JSON-able dict of exactly what that player may know;
      ``view(None)`` is what an onlooker may know (public information only).
    - ``snapshot()`` is a JSON-able dict of the *whole* state, used to compare states.
    """

    GAME_ID: ClassVar[str] = ""
    PLAYER_NAMES: ClassVar[tuple[str, ...]] = ()
    """The engine's name for each seat (its colour), in seat order."""
    ACTION_TYPES: ClassVar[dict[str, type]] = {}
    # action class -> its field checks, compiled once per game class (see ``field_checks``)
    _FIELD_CHECKS: ClassVar[dict[type, FieldChecks]] = {}
    phase: str
    """The step of the game now (each game names its own phases; a view shows it)."""
    _rng: random.Random | None  # None: not seeded yet (see ``rng``)
    _rng_seed: int
    _rng_shared: bool

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._FIELD_CHECKS = {a: field_checks(a) for a in cls.ACTION_TYPES.values()}
        if cls.GAME_ID:
            missing = [name for name in CONTRACT if _defined_by(cls, name) is GameState
                       or getattr(getattr(cls, name), "__isabstractmethod__", False)]
            if missing or not cls.PLAYER_NAMES:
                raise TypeError(f"{cls.__name__} does not define {missing or 'PLAYER_NAMES'}")

    def __init__(self, num_players: int, seed: int, options: dict[str, Any] | None = None):
        self.num_players = num_players
        self.seed = seed
        self.options: dict[str, Any] = dict(options or {})
        # seeded on first use: a state rebuilt from a view (a search makes thousands)
        # often never draws, and seeding costs as much as the rest of setting it up
        self._rng = None
        self._rng_seed = seed
        self._rng_shared = False
        self.history: list[tuple[int, Action]] = []
        self.undo_floor = 0  # actions before this index may not be taken back (see reveal)
        self._revealing = False

    # --- to implement -------------------------------------------------------------------
    @abstractmethod
    def to_act(self) -> list[int]: ...

    @abstractmethod
    def legal_actions(self, player: int | None = None) -> list[Action]: ...

    @abstractmethod
    def why_illegal(self, action: Action, player: int) -> str | None:
        """Why the rules refuse ``action`` by ``player`` now, in plain words, or None when it
        is legal.  ``action`` is already known to be one of this game's actions with fields
        of the right types, and ``player`` one who acts now."""

    @abstractmethod
    def _apply(self, action: Action, player: int) -> list[Event]:
        """Carry out a legal action (``why_illegal`` said None) and report what happened."""

    @abstractmethod
    def clone(self) -> GameState:
        """A cheap, hand-written independent copy (RNG state and history included)."""

    @abstractmethod
    def view(self, player: int | None) -> Mapping[str, Any]: ...

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[int]:
        """Current points per player (final points once the game is over)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """Players sharing first place after tie-breaks; empty until the game is over."""

    @abstractmethod
    def snapshot(self) -> dict[str, Any]: ...

    @abstractmethod
    def outcome(self) -> Outcome:
        """Points, ranking, winners and the points per scoring category."""

    @abstractmethod
    def setup_events(self) -> list[Event]:
        """What the table shows before the first action (the deal, the first offers)."""

    @classmethod
    @abstractmethod
    def state_from_view(cls, view: Any, rng: random.Random) -> GameState:
        """A determinization: a full state consistent with ``view`` (what one seat may know),
        its hidden parts drawn with ``rng`` from what that seat cannot rule out."""

    @property
    def player_names(self) -> list[str]:
        """The engine's name for each seat of this game."""
        return list(self.PLAYER_NAMES[:self.num_players])

    def is_simultaneous(self) -> bool:
        """Whether several players decide at once now (secret bids)."""
        return len(self.to_act()) > 1

    def reveal(self) -> None:
        """The rules call this when the action being applied shows something hidden or
        draws at random: it and everything before it can no longer be taken back."""
        self._revealing = True

    # --- shared behaviour ---------------------------------------------------------------
    def apply(self, action: Action, player: int | None = None) -> list[Event]:
        if player is None:
            acting = self.to_act()
            if len(acting) != 1:
                raise IllegalAction(say(N_("the game is over")) if not acting
                                    else say(N_("several players act now; name one")))
            player = acting[0]
        elif type(player) is not int or not self.acts_now(player):
            if type(player) is int and 0 <= player < self.num_players:
                raise IllegalAction(say(N_("it is not player {n}'s turn to act"), n=player + 1))
            raise IllegalAction(say(N_("there is no player {player} in this game"),
                                    player=_short(player)))
        problem = self.refusal(action, player)
        if problem:
            raise IllegalAction(problem)
        self._revealing = False
        events = self._apply(action, player)
        self.history.append((player, action))
        if self._revealing:
            self.undo_floor = len(self.history)
            self._revealing = False
        return events

    def acts_now(self, player: int) -> bool:
        """Whether seat ``player`` is one of ``to_act()`` (a game may know it faster)."""
        return player in self.to_act()

    def refusal(self, action: Any, player: int) -> str | None:
        """Why ``apply`` would refuse ``action`` by ``player`` (a seat who acts now): not an
        action of this game, or against the rules.  None when it would be carried out.
        Tables explain a refused click with it."""
        return self.action_problem(action) or self.why_illegal(action, player)

    def action_problem(self, action: Any) -> str | None:
        """Why ``action`` is no action of this game at all (a foreign class, a field of the
        wrong type), or None when the rules may look at it."""
        cls = type(action)
        checks = self._FIELD_CHECKS.get(cls)
        if checks is None:
            return say(N_("{action} is not an action of this game"), action=_short(action))
        bad = bad_field(action, checks)
        if bad is None:
            return None
        name, expected, value = bad
        return say(N_("{field} must be {expected}, not {value}"),
                   field=f"{cls.__name__}.{name}", expected=expected, value=_short(value))

    def is_undoable(self, index: int) -> bool:
        """May the action at ``history[index]`` be taken back?  Not once it or a later
        action revealed something (see ``reveal``)."""
        return self.undo_floor <= index < len(self.history)

    def _copy_base_into(self, other: GameState) -> None:
        """Helper for ``clone``: copy the fields this base class owns."""
        other.num_players = self.num_players
        other.seed = self.seed
        other.options = dict(self.options)
        # Copying the RNG was two thirds of a clone, and a search clones far more often
        # than the clone draws: both states share it and copy it on first use (``rng``).
        other._rng = self._rng
        other._rng_seed = self._rng_seed
        other._rng_shared = self._rng_shared = True
        other.history = list(self.history)
        other.undo_floor = self.undo_floor
        other._revealing = False

    @property
    def rng(self) -> random.Random:
        """The game's own random numbers, seeded with ``seed`` on first use.  A state
        shares its RNG with its clones until one of them uses it: that one then takes a
        copy, so every state draws exactly what it would have drawn with a copy of its own
        (nobody draws from a shared RNG)."""
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(self._rng_seed)
            self._rng_shared = False
        elif self._rng_shared:
            # Random.__new__ with a seed skips the OS-entropy seeding of Random()
            rng = random.Random.__new__(random.Random, 0)  # type: ignore[call-arg]
            rng.setstate(self._rng_state())
            self._rng = rng
            self._rng_shared = False
        return rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self._rng = rng
        self._rng_shared = False

    def _rng_state(self) -> tuple[Any, ...]:
        """``rng.getstate()``, without copying a shared RNG nor keeping a seeded one."""
        if self._rng is None:
            return random.Random(self._rng_seed).getstate()
        return self._rng.getstate()

    def rng_fingerprint(self) -> int:
        """A short stand-in for the RNG state inside ``snapshot()``, the same in every
        process (``hash(None)`` is not: the state ends with None when no Gaussian value is
        pending, so only whole numbers and floats, which hash alike everywhere, are hashed)."""
        version, internal, gauss_next = self._rng_state()
        pending = () if gauss_next is None else (gauss_next,)
        return hash((version, internal, pending)) & 0xFFFFFFFF


def _defined_by(cls: type, name: str) -> type | None:
    """The class in ``cls``'s MRO whose body defines ``name``."""
    return next((c for c in cls.__mro__ if name in c.__dict__), None)


def _short(value: Any) -> str | dict[str, Any]:
    """A bounded description of any value as a message argument (``repr`` of garbage may be
    huge, too deep to print, or an int with too many digits)."""
    if value is _MISSING:
        return M(N_("missing"))
    if (type(value) is int and abs(value) <= INT_LIMIT) or (type(value) is str
                                                            and len(value) <= 20):
        return repr(value)
    return M(N_("a value of type {type}"), type=type(value).__name__)


# --- save files -------------------------------------------------------------------------

def save_dict(state: GameState) -> dict[str, Any]:
    """Versioned, JSON-able description that ``load_dict`` replays exactly."""
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game": state.GAME_ID,
        "num_players": state.num_players,
        "seed": state.seed,
        "options": state.options,
        "actions": [[p, a.to_json()] for p, a in state.history],
        "snapshot": {"scores": state.scores(), "to_act": state.to_act(),
                     "moves": len(state.history)},
    }


# Bounds of a save file's contents.  Real games stay far inside them (a five-player Oasis
# ends after about 350 actions); anything beyond is damage, and refused before replaying.
# The moves' own fields have no bounds of their own: ``read_action`` checks them with
# ``apply``'s check (``bad_field``).
SEED_LIMIT = 2**63  # seeds are whole numbers from 0 up to this (excluded)
MAX_ACTIONS = 5000


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def check_save(data: Any) -> GameInfo:
    """The game's registry entry (``GameInfo``) for a save's parsed JSON, after checking
    every field but the actions' contents; raises ``SaveError``."""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(say(N_("not a Landgrab save file")))
    version = data.get("version")
    if not _is_int(version) or version != SAVE_VERSION:
        raise SaveError(say(N_("save version {version} is not supported"),
                            version=repr(str(version)[:20])))
    game = data.get("game")
    info = GAMES.get(game) if isinstance(game, str) else None
    if info is None:
        raise SaveError(say(N_("unknown game {game}"), game=repr(str(game)[:40])))
    n, seed = data.get("num_players"), data.get("seed")
    if not _is_int(n) or not info.min_players <= n <= info.max_players:
        raise SaveError(say(N_("save does not replay: {game} takes {low} to {high} players, "
                               "not {n}"), game=info.name, low=info.min_players,
                            high=info.max_players, n=str(n)[:20]))
    if not _is_int(seed) or not 0 <= seed < SEED_LIMIT:
        raise SaveError(say(N_("save does not replay: the seed {seed} is not a whole number "
                               "from 0 to {limit}"), seed=str(seed)[:20], limit=SEED_LIMIT - 1))
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise SaveError(say(N_("save does not replay: the options are not a table of choices")))
    actions = data.get("actions")
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise SaveError(say(N_("save does not replay: the moves are not a list of at most "
                               "{limit}"), limit=MAX_ACTIONS))
    for i, item in enumerate(actions):
        if not (isinstance(item, list) and len(item) == 2 and _is_int(item[0])
                and 0 <= item[0] < n):
            raise SaveError(say(N_("save does not replay: move {move} is not [player, action]"),
                                move=i + 1))
    snap = data.get("snapshot")
    if snap is not None and not isinstance(snap, dict):
        raise SaveError(say(N_("save does not match its own snapshot")))
    return info


def load_dict(data: Any) -> GameState:
    """Rebuild a game from ``save_dict`` output; raises ``SaveError`` for anything wrong.

    Every field is checked (types, ranges, sizes) before the game is replayed, and anything
    at all going wrong while replaying counts as a bad save: a damaged file is reported,
    never a crash."""
    info = check_save(data)
    try:
        state = info.new(data["num_players"], data["seed"], **data.get("options", {}))
        replay_onto(state, (read_action(player, action_json, state.ACTION_TYPES)
                            for player, action_json in data["actions"]))
        snap = data.get("snapshot")
        if snap is not None and (snap.get("scores") != state.scores()
                                 or snap.get("moves") != len(state.history)
                                 or snap.get("to_act", state.to_act()) != state.to_act()):
            raise SaveError(say(N_("save does not match its own snapshot")))
    except SaveError:
        raise
    except Exception as exc:  # noqa: BLE001 - whatever a damaged file makes the rules do
        first = exc.args[0] if exc.args else None
        reason = (M(first.message, **first.args) if isinstance(first, Sentence)  # the rules' own
                  else str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__)
        raise SaveError(say(N_("save does not replay: {reason}"), reason=reason)) from exc
    return state


def read_action(player: int, action_json: Any, types: dict[str, type]
                ) -> tuple[int, Action]:
    """One saved move, decoded and checked by the very check ``apply`` makes (``bad_field``:
    the same types and limits), so a move the table accepted always loads and a move that
    loads is one ``apply`` looks at (raises ``SaveError`` for any other)."""
    action = action_from_json(action_json, types)
    bad = bad_field(action, field_checks(type(action)))
    if bad is not None:
        raise SaveError(say(N_("{kind} has a bad {field}"), kind=type(action).__name__,
                            field=bad[0]))
    return player, action


def dumps(state: GameState) -> str:
    return json.dumps(save_dict(state), separators=(",", ":"))


def parse_save(text: str) -> Any:
    """A save file's text as JSON; raises ``SaveError`` (never anything else)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(say(N_("corrupt save file: {problem} at line {line}"), problem=exc.msg,
                            line=exc.lineno)) from exc
    except RecursionError as exc:  # brackets nested 100,000 deep
        raise SaveError(say(N_("corrupt save file: nested too deeply"))) from exc
    except ValueError as exc:  # a number of 5,000 digits
        raise SaveError(say(N_("corrupt save file: a number far too long"))) from exc


def loads(text: str) -> GameState:
    return load_dict(parse_save(text))


def replay(state: GameState, upto: int | None = None, start: GameState | None = None
           ) -> GameState:
    """A fresh game rebuilt from ``state``'s seed, options and its first ``upto`` actions
    (all of them by default).  ``start``: the game before its first action when that is not
    the seed's own deal (a lesson's arranged one)."""
    return replay_events(state, upto, start)[0]


def replay_events(state: GameState, upto: int | None = None, start: GameState | None = None
                  ) -> tuple[GameState, list[list[Event]]]:
    """``replay(state, upto, start)`` and the events each of those actions caused, in order
    (what the game's log said, to be rendered again for any viewer)."""
    fresh = start.clone() if start is not None else \
        GAMES[state.GAME_ID].new(state.num_players, state.seed, **state.options)
    return fresh, replay_onto(fresh, state.history[:upto])


def replay_onto(state: GameState, actions: Iterable[tuple[int, Action]],
                before: Callable[[GameState, int], object] | None = None) -> list[list[Event]]:
    """Play ``actions`` ((seat, action) pairs, in order) on ``state`` and return each one's
    events.  Every replay (a save, the history's games, a lesson's progress) goes through
    here, so each accepts exactly what ``apply`` accepts at the table: any action the rules
    allow, not only the representatives ``legal_actions`` lists (a bid of any set of
    cowboys).  ``before(state, seat)`` is called before each action.  Raises
    ``IllegalAction`` (the rules' own reason) at the first action the rules refuse."""
    moves = []
    for player, action in actions:
        if before is not None:
            before(state, player)
        moves.append(state.apply(action, player))
    return moves
