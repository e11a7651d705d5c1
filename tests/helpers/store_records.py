"""A stored table and the first actions of its game, for the store's tests."""

from __future__ import annotations

from game.registry import GAMES
from game.server.store import SeatRecord, TableRecord, token_hash


def record(code: str = "ABC234") -> TableRecord:
    game = next(iter(GAMES))
    return TableRecord(code, game, 3, 12345, GAMES[game].default_options(),
                       [SeatRecord("human", "Ann", token_hash("t0")), SeatRecord("open", ""),
                        SeatRecord("bot", "Robo", "", "hard")],
                       {"spectators": True, "takeover_after": 30.0, "host": 0})


def bot_actions(n: int) -> list[tuple[int, dict]]:
    """The first ``n`` actions of the record's game, played by its first legal actions."""
    r = record()
    state = GAMES[r.game].new(r.num_players, r.seed, **r.options)
    out = []
    for _ in range(n):
        p = state.to_act()[0]
        action = state.legal_actions(p)[0]
        state.apply(action, p)
        out.append((p, action.to_json()))
    return out
