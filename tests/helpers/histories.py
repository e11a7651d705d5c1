"""A history of a dozen or so finished games (random legal moves), with real replays: for the
history and statistics screens' tests and for looking at them."""

import json
import random
from datetime import datetime, timedelta
from itertools import zip_longest
from pathlib import Path

from game_hooks import hooks

from game.history import HISTORY_FILE, History
from game.registry import GAMES
from game.seats import make_seat, renamed


def history_tables() -> list[tuple[str, list[str]]]:
    """(game, seats as kind[:level][=name]) of every game's made-up tables (its hooks'
    ``history_tables``), oldest first: the games take turns."""
    queues = [[(game_id, list(seats)) for seats in hooks(game_id).history_tables]
              for game_id in GAMES]
    return [table for turn in zip_longest(*queues) for table in turn if table is not None]


TABLES = history_tables()


def finished_state(game_id: str, players: int, seed: int):
    state = GAMES[game_id].new(players, seed)
    rng = random.Random(seed)
    while not state.is_over():
        p = state.to_act()[0]
        state.apply(rng.choice(state.legal_actions(p)), p)
    return state


def seats_of(game_id: str, spec: list[str]):
    out = []
    for i, item in enumerate(spec):
        kind, _, name = item.partition("=")
        k, _, level = kind.partition(":")
        seat = make_seat(game_id, i, k, level or None)
        out.append(renamed(seat, name) if name else seat)
    return out


def write_history(folder: Path, tables=TABLES, start=datetime(2026, 10, 3, 18, 40)) -> History:
    """Play and record ``tables`` into ``folder`` (a saves folder), a day or so apart."""
    history, _problem = History.load(folder)
    now = [start]

    def clock():
        now[0] += timedelta(hours=21, minutes=17)
        return now[0]

    history.clock = clock
    for k, (game_id, spec) in enumerate(tables):
        history.add(finished_state(game_id, len(spec), 100 + k), seats_of(game_id, spec))
    return history


def damage_names_and_scores(folder: Path) -> None:
    """Hand-edit the history in ``folder``: the newest games' human names hold a NUL and a
    lone surrogate, their scores are 10^309 and -10^300."""
    path = folder / HISTORY_FILE
    data = json.loads(path.read_text(encoding="utf-8"))
    newest, before = data["games"][-1]["seats"], data["games"][-2]["seats"]
    newest[0].update(name="Bru\u0000no", score=10 ** 309)
    newest[1].update(name="\u0000", score=-10 ** 300)
    before[0].update(name="\ud83c", score=-10 ** 300)
    path.write_text(json.dumps(data), encoding="utf-8")


if __name__ == "__main__":  # python tests/helpers/histories.py SAVES_FOLDER [damaged]
    import sys

    write_history(Path(sys.argv[1]))
    if sys.argv[2:] == ["damaged"]:
        damage_names_and_scores(Path(sys.argv[1]))
