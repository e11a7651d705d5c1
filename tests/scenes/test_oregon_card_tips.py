"""The Oregon cards' tips say what a card does in whole sentences: each way of playing it
names the move it makes ("it places ...")."""

from game.games.oregon.engine.cards import FIRST_BUILDING_CARD, NUM_CARDS
from game.games.oregon.table.tips import card_text


def test_every_card_tip_says_what_playing_it_places():
    for card in (0, FIRST_BUILDING_CARD - 1, FIRST_BUILDING_CARD, NUM_CARDS - 1):
        rule = card_text(card).split("\n")[1]
        kind, _colon, ways = rule.partition(": ")
        assert kind in ("Landscape card", "Building card"), rule
        for way in ways.split("; "):
            # "played with ... card, it places ..." : each way has its verb
            assert way.startswith("played with ") and ", it places " in way, (card, way)
