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
- Events: ``engine/events.py`` holds one ``TypedDict`` per kind that carries data and
  ``Emit``, a ``game.engine.events.EventKinds`` whose attributes are every kind the rules
  emit (``scored = Kind("scored", Scored)``; ``PlainKind`` for a kind without data), and
  ``EVENT_KINDS, PAYLOADS = Emit.declared()``.  The rules make every event by calling its
  kind (``Emit.scored(msg, p, {...})``), so mypy checks the data of each emit against the
  payload.  ``Event`` is generic in its payload: code reading the data of one kind takes
  an ``Event[ThatPayload]`` (a presenter's step for ``"scored"`` takes ``Event[Scored]``),
  so mypy checks every ``e.data["field"]`` against the declaration too; a plain ``Event``
  is ``Event[Any]``.  The contract tests check that what the rules emit matches
  ``PAYLOADS`` and that each step takes the payload of its kind.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypedDict

from game.engine.actions import Action, FieldChecks, bad_field, field_checks, short_value
from game.engine.events import Event
from game.engine.messages import N_, say


class IllegalAction(ValueError):
    """The rules forbid this action.  The message names the rule in plain words.

    Raising it guarantees the state was left exactly as it was before ``apply``.
    """


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
                                    player=short_value(player)))
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
            return say(N_("{action} is not an action of this game"), action=short_value(action))
        bad = bad_field(action, checks)
        if bad is None:
            return None
        name, expected, value = bad
        return say(N_("{field} must be {expected}, not {value}"),
                   field=f"{cls.__name__}.{name}", expected=expected, value=short_value(value))

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
