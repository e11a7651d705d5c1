"""The Colorado County presenter: every event kind the engine emits has a step (length,
sound, what it shows), and steps show the event's data, never its text."""

import random

import pytest
from table_driver import made_tables
from table_plans import ColoradoMouseTable

from game.engine.events import Event
from game.games.colorado.engine import Bid, SaleBid, new_game
from game.games.colorado.engine.events import EVENT_KINDS
from game.games.colorado.table.presenter import EVENT_STEPS, UNKNOWN, beat_for, start_event


def emitted_kinds(games: int = 12) -> set[str]:
    """Every event kind of a few random 3 and 4 player games (bids of every size)."""
    kinds: set[str] = set()
    for seed in range(games):
        rng = random.Random(seed)
        s = new_game(3 + seed % 2, seed, lakes="random" if seed % 3 else "first")
        kinds |= {e.kind for e in s.setup_events()}
        while not s.is_over():
            p = rng.choice(s.to_act())
            legal = s.legal_actions(p)
            a = rng.choice(legal)
            if isinstance(a, (Bid, SaleBid)) and s.hands[p]:
                k = rng.randint(1, min(4, len(s.hands[p])))
                a = type(a)(tuple(sorted(rng.sample(s.hands[p], k))))
            kinds |= {e.kind for e in s.apply(a, p)}
    return kinds


def test_every_kind_a_random_game_emits_has_a_step():
    kinds = emitted_kinds()
    assert {"bids_revealed", "card_taken", "round_scored", "game_over"} <= kinds
    assert kinds <= set(EVENT_STEPS), sorted(kinds - set(EVENT_STEPS))


def test_every_declared_kind_has_a_step():
    missing = set(EVENT_KINDS) - set(EVENT_STEPS)
    assert not missing, sorted(missing)


def test_an_unknown_kind_gets_a_short_silent_step(caplog):
    assert beat_for("no_such_kind") is UNKNOWN and UNKNOWN.sound is None
    assert "no_such_kind" in caplog.text
    assert beat_for("scored") is EVENT_STEPS["scored"]


@pytest.fixture
def tables():
    yield from made_tables(ColoradoMouseTable)


def test_a_score_floats_its_points_from_the_event_data(tables):
    s = tables("human,bot:easy,bot:easy", seed=3).scene
    before = s.disp_score[1]
    e = Event("scored", "not what the table shows", 1,
              {"round": 1, "category": "lakes", "points": 7, "count": 2, "cells": [[3, 4]]})
    start_event(s, e)
    assert s.disp_score[1] == before + 7
    assert s.game.score_show["rows"][1]["lakes"] == (7, 2)
    assert s.game.highlight[1] == [(3, 4)]
    assert s.floaters.texts[-1:] == ["+7"]


def test_a_private_cowboy_shows_only_to_its_owners(tables):
    s = tables("human,bot:easy,bot:easy", seed=3).scene
    viewer = s.viewer
    other = [q for q in range(s.n) if q != viewer]
    secret = Event("cowboy_given", "x", other[0], {"from": other[0], "to": other[1],
                                                   "cowboy": 42}, private_to=other[0])
    start_event(s, secret)
    assert len(s.sprites.items) == 1  # a dim token flies: the number stays hidden
