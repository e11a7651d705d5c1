"""What a client received, checked against what its seat may know.

``problems(record, texts, seats)`` decodes every text one client received at one table and
replays the table's stored actions independently (from the seed, which only the server and
this check know).  Each view must equal ``state.view(seat)`` at that move, each event
``event.seen_by(seat)`` (rebuilt here field by field, not with the server's encoder), each
message hold only the fields its type has, the seat named must be one the client holds (or
None for a spectator), and the tokens of the seats the client does not hold must appear
nowhere in the bytes.  The seed must appear nowhere up to the message that says the game is
over (the first ``table`` or ``update`` whose turn says so); after it, and only after it,
comes the game's ``record`` (seed and actions: nothing is hidden any more), once to each
connection (a client that comes back gets it again), equal to the save of the replayed
game.  It returns the problems found (none: no leak).
"""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from game.engine.save_files import read_action, save_dict
from game.registry import GAMES

KEYS = {
    "hello": {"type", "protocol", "server", "re"},
    "created": {"type", "re", "table", "seats"},
    "joined": {"type", "re", "table", "seat", "token"},
    "table": {"type", "table", "seat", "game", "players", "options", "host", "spectators",
              "moves", "own_moves", "view", "log", "presence", "turn", "can_undo", "chat"},
    "update": {"type", "table", "seat", "moves", "own_moves", "by", "events", "view", "turn",
               "can_undo"},
    "presence": {"type", "table", "presence", "turn"},
    "refusal": {"type", "re", "table", "seat", "reason"},
    "error": {"type", "re", "code", "reason"},
    "chat": {"type", "table", "seat", "name", "text"},
    "react": {"type", "table", "seat", "reaction"},
    "left": {"type", "re", "table"},
    "games": {"type", "re", "games"},
    "record": {"type", "table", "save"},
}
PRESENCE_KEYS = {"name", "kind", "connected", "level", "away_s", "bot_playing"}
TURN_KEYS = {"to_act", "waiting_s", "over"}


def rt(value: Any) -> Any:
    """``value`` as JSON reads it back (tuples become lists)."""
    return json.loads(json.dumps(value))


def seen(event, viewer) -> dict[str, Any]:
    """The event as ``viewer`` may see it, straight from ``Event.seen_by``."""
    s = event.seen_by(viewer)
    out = {"kind": s.kind, "msg": s.msg, "args": s.args, "player": s.player,
           "data": dict(s.data)}
    if s.private_to is not None:
        out["private_to"] = s.private_to
        public = event.seen_by(None)  # what every other seat reads of it
        out["public"] = {"msg": public.msg, "args": public.args, "data": dict(public.data)}
    return rt(out)


def problems(record, texts: list[str], seats: set[int | None],
             secrets: tuple[str, ...] = ()) -> list[str]:
    """Everything wrong with what one client received at ``record``'s table."""
    found: list[str] = []
    end = end_of_play(texts)
    in_play = "".join(texts[:end + 1])  # the message that says the game is over included
    if str(record.seed) in in_play:
        found.append(f"the seed ({str(record.seed)[:6]}...) is in the bytes received while "
                     "the game was played")
    blob = "".join(texts)
    for secret in secrets:
        if secret in blob:
            found.append(f"a secret ({secret[:6]}...) is in the bytes received")
    by_moves: dict[int, list[dict[str, Any]]] = defaultdict(list)
    records: list[dict[str, Any]] = []
    connection, per_connection = 0, defaultdict(int)  # each connection opens with "hello"
    for i, text in enumerate(texts):
        m = json.loads(text)
        kind = m.get("type")
        connection += kind == "hello"
        if kind not in KEYS or set(m) - KEYS[kind]:
            found.append(f"{kind} carries {sorted(set(m) - KEYS.get(kind, set()))}")
            continue
        if kind == "record":
            if i <= end:
                found.append(f"the game's record came before the game was over (message {i})")
            records.append(m)
            per_connection[connection] += 1
        if kind in ("table", "update", "presence"):
            found += _check_public_parts(m)
        if kind in ("table", "update"):
            if m["seat"] not in seats:
                found.append(f"{kind} for seat {m['seat']}, not held by this client")
            by_moves[m["moves"]].append(m)
    state = GAMES[record.game].new(record.num_players, record.seed, **record.options)
    setup, moves = state.setup_events(), []
    found += _check_at(state, setup, moves, by_moves.pop(0, []))
    for seat, action_json in record.actions:
        moves.append(state.apply(read_action(seat, action_json, state.ACTION_TYPES)[1], seat))
        found += _check_at(state, setup, moves, by_moves.pop(len(moves), []))
    if by_moves:
        found.append(f"messages at moves the table never had: {sorted(by_moves)}")
    if any(n > 1 for n in per_connection.values()):
        found.append(f"the game's record came {max(per_connection.values())} times to one "
                     "connection")
    for m in records:
        if m["table"] != record.code or m["save"] != rt(save_dict(state)):
            found.append("the game's record is not the game played")
    return found


def end_of_play(texts: list[str]) -> int:
    """The index of the first message that says the game is over (past the last when none
    does: the game was still played)."""
    for i, text in enumerate(texts):
        m = json.loads(text)
        if m.get("type") in ("table", "update") and m.get("turn", {}).get("over"):
            return i
    return len(texts)


def _check_public_parts(m: dict[str, Any]) -> list[str]:
    out = []
    for p in m.get("presence", []):
        if set(p) != PRESENCE_KEYS:
            out.append(f"presence carries {sorted(p)}")
    if set(m["turn"]) != TURN_KEYS:
        out.append(f"turn carries {sorted(m['turn'])}")
    return out


def _check_at(state, setup, moves, messages) -> list[str]:
    out = []
    views: dict[int | None, Any] = {}
    for m in messages:
        seat = m["seat"]
        if seat not in views:
            views[seat] = rt(state.view(seat))
        if rt(m["view"]) != views[seat]:
            out.append(f"{m['type']} at move {m['moves']}: seat {seat} got a view that is not "
                       "its own")
        if m["turn"]["to_act"] != state.to_act():
            out.append(f"move {m['moves']}: wrong turn")
        if m["type"] == "update":
            if m["by"] != state.history[-1][0]:
                out.append(f"update at move {m['moves']}: wrong mover")
            if m["events"] != [seen(e, seat) for e in moves[-1]]:
                out.append(f"update at move {m['moves']}: seat {seat} got events it may not "
                           "see so")
        else:
            if m["log"]["by"] != [p for p, _a in state.history]:
                out.append(f"table at move {m['moves']}: wrong movers")
            if m["log"]["setup"] != [seen(e, seat) for e in setup] or m["log"]["moves"] != [
                    [seen(e, seat) for e in events] for events in moves]:
                out.append(f"table at move {m['moves']}: seat {seat} got a log it may not "
                           "see so")
    return out
