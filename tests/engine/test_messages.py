"""Events as data: one ``describe`` renders every line for a viewer, with seat names."""

from __future__ import annotations

import pytest

from game.engine.core import GameState
from game.engine.events import Event
from game.engine.messages import N_, NN_, M, P, T, describe, render


def test_names_come_from_the_table_in_one_pass():
    # seats named like another seat's colour keep their own lines
    e = Event("scored", N_("{player} scores {n} against {other}"), 1,
              args={"player": P(1, "Yellow"), "n": 3, "other": P(0, "Blue")})
    assert e.text == "Yellow scores 3 against Blue"
    assert describe(e, ["Blue", "Bob"]) == "Bob scores 3 against Blue"
    assert describe(e, ["Yellow", "Blue"]) == "Blue scores 3 against Yellow"


def test_private_line_reads_differently_for_others():
    e = Event("drew", N_("{player} draws the {card}"), 0, {"card": 7}, private_to=0,
              public_msg=N_("{player} draws a card"),
              args={"player": P(0, "Blue"), "card": T("church")})
    assert describe(e, ["Ann", "Bob"], viewer=0) == "Ann draws the church"
    assert describe(e, ["Ann", "Bob"], viewer=1) == "Ann draws a card"
    assert describe(e, ["Ann", "Bob"], viewer=None) == "Ann draws a card"
    assert e.is_hidden_from(1) and not e.is_hidden_from(0)


def test_plural_forms_follow_the_count():
    msg = NN_("{player} takes {n} card", "{player} takes {n} cards")
    for n, word in ((1, "card"), (2, "cards"), (0, "cards")):
        assert render(msg, {"player": P(0, "Red"), "n": n}) == f"Red takes {n} {word}"


def test_nested_sentences_and_lists():
    places = [M(N_("{place}. {player}"), place=i + 1, player=P(p, n))
              for i, (p, n) in enumerate(((1, "Red"), (0, "Blue")))]
    assert render(N_("Final ranking: {places}"), {"places": places}, ["Ann", "Bob"]) == \
        "Final ranking: 1. Bob, 2. Ann"


def test_a_game_missing_part_of_the_contract_fails_when_defined():
    with pytest.raises(TypeError, match="why_illegal"):
        class Half(GameState):  # noqa: F841 - defining it is the test
            GAME_ID = "half"
            PLAYER_NAMES = ("A", "B")

            def to_act(self): return []
            def legal_actions(self, player=None): return []
            def _apply(self, action, player): return []
            def clone(self): return self
            def view(self, player): return {}
            def is_over(self): return True
            def scores(self): return []
            def winners(self): return []
            def snapshot(self): return {}
