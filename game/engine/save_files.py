"""Save files: a game is its seed, options and actions (``save_dict``, ``load_dict``), every
field checked before a damaged file can reach the rules (``SaveError``, a sentence for the
player), and the replays that rebuild a game from its actions (``replay``, ``replay_events``,
``replay_onto``)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable
from typing import Any, TypeGuard

from game.engine.actions import Action, bad_field, field_checks, from_jsonable
from game.engine.core import GameState
from game.engine.events import Event
from game.engine.messages import N_, M, Sentence, say
from game.registry import GAMES, GameInfo

SAVE_FORMAT = "landgrab-save"
SAVE_VERSION = 1


class SaveError(ValueError):
    """A save file that cannot be read: corrupt, truncated, foreign or from another version.
    ``reason`` is the one-line reason, a ``Sentence`` to show a player in their language."""

    @property
    def reason(self) -> str:
        return self.args[0] if self.args and isinstance(self.args[0], Sentence) else str(self)


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
    action: Action = cls(**{k: from_jsonable(v) for k, v in data.items() if k != "type"})
    return action


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
