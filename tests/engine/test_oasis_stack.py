"""``scenario.stack_offer_decks``: a lesson's fixed deal, from the hidden order only."""

from collections import Counter

import pytest

from game.games.oasis.engine import new_game
from game.games.oasis.engine.scenario import stack_offer_decks


def _hidden(st):
    return Counter(st.draw + [c for d in st.offer_decks for c in d])


@pytest.mark.parametrize("seed", [0, 1, 151])
def test_stacked_cards_lie_on_top_and_every_card_stays(seed):
    st = new_game(3, seed)
    before, sizes, draw = _hidden(st), [len(d) for d in st.offer_decks], len(st.draw)
    tops = {2: ["stone1", "steppe2", "draw3", "camels2", "spring1"], 0: ["goods1", "camels2"],
            1: ["spring1", "oasis2", "camels3"]}
    stack_offer_decks(st, tops)
    for p, cards in tops.items():
        assert st.offer_decks[p][:len(cards)] == cards
    assert [len(d) for d in st.offer_decks] == sizes and len(st.draw) == draw
    assert _hidden(st) == before
    assert st.card_locations()["offer_decks"] + len(st.draw) == 54


def test_a_card_not_free_to_stack_is_refused():
    st = new_game(3, 5)
    with pytest.raises(ValueError, match="goods2"):
        stack_offer_decks(st, {0: ["goods2"], 1: ["goods2"]})  # the deck holds one
    with pytest.raises(ValueError, match="holds only"):
        stack_offer_decks(st, {0: ["stone1"] * 6})


def test_stacked_game_plays_on():
    st = new_game(3, 151)
    stack_offer_decks(st, {0: ["draw3", "draw3", "draw3"]})
    for _ in range(3):
        st.apply(st.legal_actions(0)[0], 0)  # turn up the three cards
    assert st.offers[0] == ["draw3"] * 3
