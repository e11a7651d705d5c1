"""Every event the Oasis engine emits has a presentation on the table (step, sound, what
moves), and presenting an event never reads its English text."""

import random

import pytest
from table_driver import made_tables
from table_plans import OasisMouseTable

from game.engine.events import Event
from game.games.oasis.engine import new_game
from game.games.oasis.engine.events import EVENT_KINDS
from game.games.oasis.table import presenter
from game.games.oasis.table.presenter import CATEGORIES, PRESENTERS


def _random_game(players: int, seed: int) -> list[Event]:
    """Every event of one game played by random legal moves, the setup's first."""
    st = new_game(players, seed)
    events = st.setup_events()
    rng = random.Random(seed)
    while not st.is_over():
        events += st.apply(rng.choice(st.legal_actions()))
    return events


def _kinds_emitted() -> set[str]:
    kinds: set[str] = set()
    for k in range(12):
        kinds |= {e.kind for e in _random_game(3 + k % 3, 100 + k)}
    return kinds


def test_every_kind_emitted_in_random_games_has_a_presentation():
    kinds = _kinds_emitted()
    assert {"card_turned", "offer_taken", "tile_placed", "camel_placed", "final_score",
            "game_over"} <= kinds  # the games went the whole way
    assert kinds <= set(PRESENTERS), sorted(kinds - set(PRESENTERS))


def test_every_declared_kind_has_a_presentation_and_no_other():
    assert set(EVENT_KINDS) == set(PRESENTERS)


def test_presentations_are_sound():
    for kind, p in PRESENTERS.items():
        assert p.duration > 0, kind
        assert p.sound is None or isinstance(p.sound, str)
    assert presenter.present("no_such_kind").duration > 0  # a stray kind does not stop play


@pytest.fixture
def tables():
    yield from made_tables(OasisMouseTable)


def test_events_move_pieces_from_their_data_never_from_their_text(tables, monkeypatch):
    t = tables("human,bot:easy,bot:easy", seed=2)
    s = t.scene
    events = _random_game(3, 7)

    def no_text(self, *args):
        raise AssertionError(f"the table read the text of {self.kind}")

    monkeypatch.setattr(Event, "text", property(no_text))
    monkeypatch.setattr(Event, "text_for", no_text)
    moved = set()
    for e in events:
        s.banner, s.banner_time = "", 0.0
        before = (len(s.sprites.items), s.banner, s.banner_time)
        if e.kind == "final_score":
            for cat in CATEGORIES:
                presenter.score_category(s, e, cat)
            assert s.disp_score[e.player] >= e.data["total"]
            continue
        presenter.start(s, e)
        if (len(s.sprites.items), s.banner, s.banner_time) != before:
            moved.add(e.kind)
        for sprite in s.sprites.items:  # land everything at once
            sprite.done = True
            if sprite.on_done is not None:
                sprite.on_done()
        s.sprites.items.clear()
    shows = {k for k, p in PRESENTERS.items() if p.show is not None}
    assert moved == shows & {e.kind for e in events}
    assert s.game.landed.tiles and s.game.landed.camels and s.game.landed.markers  # pieces landed
    assert any(x.startswith("+") for x in s.floaters.texts)  # points float to the panels
