"""Grammar of log lines, prompts and labels: one plural helper and one a/an helper."""

from __future__ import annotations

import importlib

import pytest

from game.engine.words import a_or_an, plural
from game.games.oregon.engine import Draw
from game.games.oregon.engine.positions import blank_position, card_of, move_cards


def test_plural():
    assert plural(1, "point") == "1 point"
    assert [plural(n, "score tile") for n in (0, 2)] == ["0 score tiles", "2 score tiles"]
    assert plural(1, "cowboy", count=False) == "cowboy"
    assert plural(3, "cowboy", count=False) == "cowboys"


@pytest.mark.parametrize(("word", "text"), [
    ("eagle card", "an eagle card"), ("church card", "a church card"),
    ("orange", "an orange"), ("Oasis", "an Oasis"), ("Colorado County", "a Colorado County"),
])
def test_a_or_an(word, text):
    assert a_or_an(word) == text


def test_oregon_draw_of_an_eagle_card_reads_an():
    st = blank_position(2)
    st.hands[0] = [c for c in st.hands[0] if c >= 50]  # room for a landscape card
    st.phase, st.plays, st.drawn_any, st.pending = "draw", 1, False, -1
    move_cards(st, [card_of("eagle", 4)], st.deck[0])
    events = st.apply(Draw("landscape"))
    assert [e.text for e in events if e.kind == "drew_card"] == ["Yellow draws an eagle card"]


def test_oregon_preview_of_one_point_is_singular():
    gains_text = importlib.import_module("game.games.oregon.table.parts").gains_text
    gains = {"points": 1, "coal": 0, "gold": 0, "joker": False, "extra": False}
    assert gains_text(gains) == "+1 point"
    assert gains_text({**gains, "points": 2}) == "+2 points"


def test_oasis_panel_counts_are_singular_for_one():
    panels = importlib.import_module("game.games.oasis.table.panels")
    model = panels.PanelModel(
        name="Red", kind="Human", colour=0, disc=None, handed=None, camels_left=1,
        markers_left=1, score_count=1, score_tiles=None, deck_size=3, offer=(),
        offer_taken_by=None, active=True, size=(300, 200), score=1)
    assert {"1 camel", "1 control marker", "1 score tile", "1 point"} <= set(model.texts())
