"""Finished games of random legal moves, for the replay and results tests (kept: they only
read them)."""

import random

from game.registry import GAMES

_GAMES: dict = {}


def finished(game_id: str, players: int):
    """A finished ``game_id`` game for ``players`` seats (seed 4242, moves from seed 7)."""
    key = (game_id, players)
    if key not in _GAMES:
        st = GAMES[game_id].new(players, 4242)
        rng = random.Random(7)
        while not st.is_over():
            p = st.to_act()[0]
            st.apply(rng.choice(st.legal_actions(p)), p)
        _GAMES[key] = st
    return _GAMES[key]


def results_of(services, game_id: str, players: int, colours=None):
    """The results screen the table of a finished game opens (the game of ``finished``,
    loaded once it is over; ``colours``: the seats wear these instead of their own)."""
    from dataclasses import replace

    from game.scenes.results import ResultsScene
    from game.scenes.table import open_table
    from game.seats import BOT, make_seat

    state = finished(game_id, players)
    seats = [make_seat(game_id, i, BOT, "easy") for i in range(players)]
    if colours is not None:
        seats = [replace(seat, colour=colour, name=f"Seat {i + 1}")
                 for i, (seat, colour) in enumerate(zip(seats, colours, strict=True))]
    table = open_table(services, game_id, seats, state.seed, state=state)
    services.stack.push(table)
    services.stack.apply_pending()
    for _ in range(3000):
        table.update(1 / 60)
        services.stack.apply_pending()
        if isinstance(services.stack.top, ResultsScene):
            break
    scene = services.stack.top
    assert isinstance(scene, ResultsScene)
    return scene
