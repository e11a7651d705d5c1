"""Every Oregon event kind has a deliberate presentation on the table, and each one runs on
real events."""

import random

import pytest
from table_driver import made_tables
from table_plans import OregonMouseTable

from game.games.oregon.engine import new_game
from game.games.oregon.engine.events import EVENT_KINDS
from game.games.oregon.table.presenter import BEATS, OregonPresenter, beat_for

LOG_ONLY_KINDS = {"cannot_play", "hand_short", "no_token", "start_tile_unplaceable"}


def _random_games(count: int):
    """(state, events of one action) through ``count`` random games of 2 to 4 players."""
    for seed in range(count):
        rng = random.Random(seed)
        st = new_game(2 + seed % 3, seed)
        yield st, st.setup_events()
        while not st.is_over():
            p = st.to_act()[0]
            yield st, st.apply(rng.choice(st.legal_actions(p)), p)


def test_every_kind_random_games_emit_has_an_entry():
    seen = {e.kind for _st, events in _random_games(12) for e in events}
    assert {"farmer_placed", "scored", "drew_card", "game_over"} <= seen
    assert seen <= set(BEATS), sorted(seen - set(BEATS))


def test_every_declared_kind_has_an_entry():
    assert set(BEATS) == set(EVENT_KINDS)


def test_log_only_kinds_have_their_own_entries():
    for kind in LOG_ONLY_KINDS:
        beat = BEATS[kind]
        assert beat.show is None and beat.sound is None and beat.seconds >= 0.3
    assert beat_for("no_such_kind").seconds == 0.2  # a fallback, never reached by the engine


@pytest.fixture
def tables():
    yield from made_tables(OregonMouseTable)


def test_each_entry_runs_on_real_events(tables):
    """The presenter starts every event of random games on a live table: pieces drop,
    cards fly, scores float and count, end banners show."""
    s = tables("human,bot:easy", seed=3).scene
    presenter = OregonPresenter(s)
    started = set()
    for st, events in _random_games(6):
        if st.num_players != 2:
            continue
        for e in events:
            sprites = len(s.sprites.items)
            s.floaters.clear()
            presenter.start(e)
            started.add(e.kind)
            if e.kind in ("farmer_placed", "building_placed", "cards_played", "drew_card"):
                assert len(s.sprites.items) > sprites, e.kind
            if e.kind == "scored":
                assert s.floaters.busy
                assert s.disp_score[e.player] == e.data["total"]
            if e.kind in ("end_triggered", "last_round"):
                assert s.banner == s.log.entries[-1].text and s.banner_time > 0
        s.sprites.items.clear()
    assert {"cards_played", "farmer_placed", "scored", "drew_card", "end_triggered"} <= started
