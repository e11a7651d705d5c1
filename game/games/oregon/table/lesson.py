"""Learn to play Oregon: a guided game against one normal bot on a fixed deal.

The learner (Yellow, the start player) builds up one corner of the board, the lower middle
around the water at L9-M10, while the bot keeps to its gold mine in the upper left:

* turn 1: the start harbour on K9; a farmer on J9 with wagon + bison (+4 for the harbour);
  the extra turn kept; two building cards drawn (harbour, coal mine);
* turn 2: a post office on J8 with campfire + post office card (+3 for the farmer); the
  extra turn; a harbour on K10 with the joker + harbour card (+4); a second coal mine card
  drawn, discarded and replaced; three landscape cards drawn;
* turn 3: a coal mine on J10 with bison + coal mine card: the farmer takes a coal token.

Then the end is told and the learner plays on freely.  The game's own rules force the
extra-turn question after every first play and the draw at the end of every turn, so the
first turn's Skip and draw are short instructions; both are explained when they are used.

Every step accepts exactly one move (or one deck), so the bot (seeded from ``SEED`` as the
table seeds it) always meets the same game.  ``arrange`` puts the learner's cards in hand
and on top of the decks between the cards the bot draws in its first turns (three
landscape cards, then the learner's three).
"""

from __future__ import annotations

from game.games.oregon.bots.normal import NormalBot
from game.games.oregon.engine.actions import (
    DiscardDrawn,
    Draw,
    PlaceBuilding,
    PlaceFarmer,
    PlaceStartTile,
    SkipExtraTurn,
    UseExtraTurn,
)
from game.games.oregon.engine.positions import card_of, give_hand, move_cards
from game.games.oregon.engine.state import OregonState
from game.i18n import N_
from game.scenes.tutorial.lesson import Lesson, LessonStep

SEED = 20  # Yellow starts; the start tiles are a harbour (Yellow) and a gold mine (Blue)

WAGON, BISON, CAMPFIRE = card_of("wagon"), card_of("bison"), card_of("campfire")
POST_OFFICE = card_of("post_office")
HARBOUR = card_of("harbour")
COAL_MINE, SECOND_COAL_MINE = card_of("coal_mine"), card_of("coal_mine", 1)
BISON_2, WAGON_2, CAMPFIRE_2 = card_of("bison", 1), card_of("wagon", 1), card_of("campfire", 1)

LEARNER_HAND = [WAGON, BISON, CAMPFIRE, POST_OFFICE]
# Draw order from the top of each deck.  The bot draws three landscape cards in its first
# turn (settlers, settlers, eagle: cards that keep it in its own corner) before the learner
# draws again.
LANDSCAPE_TOP = [card_of("settlers", 1), card_of("settlers", 2), card_of("eagle", 1),
                 BISON_2, WAGON_2, CAMPFIRE_2]
BUILDING_TOP = [HARBOUR, COAL_MINE, SECOND_COAL_MINE]

HARBOUR_CELL = (10, 8)  # K9
FARMER_CELL = (9, 8)  # J9
POST_OFFICE_CELL = (9, 7)  # J8
SECOND_HARBOUR_CELL = (10, 9)  # K10
COAL_MINE_CELL = (9, 9)  # J10


def arrange(state: OregonState) -> None:
    """The learner's hand and the next cards of both decks (the same cards, reordered)."""
    give_hand(state, 0, LEARNER_HAND)
    for deck, cards in ((state.deck[0], LANDSCAPE_TOP), (state.deck[1], BUILDING_TOP)):
        move_cards(state, cards[::-1], deck)  # the last card moved is the top one


def _is(wanted):
    return lambda action: action == wanted


def _cell(cell: tuple[int, int]) -> str:
    return f"cell:{cell[0]},{cell[1]}"


_LIT_CELL = N_("For this lesson, choose the cards named and the lit cell.")

STEPS = (
    LessonStep(N_("Welcome to Oregon! You are {you}, against one bot. You score points by putting "
            "farmers next to buildings and buildings next to farmers. Most points at the end "
            "wins."),
         point=("panel:0",)),
    LessonStep(N_("Every player starts with one building: yours is a harbour. A harbour stands on "
            "plains next to water. Put it on the lit cell."),
         point=(_cell(HARBOUR_CELL),),
         expect=_is(PlaceStartTile(HARBOUR_CELL)),
         refuse=N_("For this lesson, put your harbour on the lit cell.")),
    LessonStep(N_("Look at the board's edges: a symbol over every 3 columns, a symbol beside every "
            "2 rows. Where a row symbol meets a column symbol lies an area of 6 cells, like "
            "the wagon row and the bison column here."),
         point=("column_symbol:3", "row_symbol:4", "area:3,4")),
    LessonStep(N_("Two landscape cards place a farmer. Wagon and bison allow the area where the "
            "wagon row meets the bison column, or the bison row meets the wagon column. Choose "
            "both cards, then the lit cell beside your harbour: +4."),
         point=("action", _cell(HARBOUR_CELL)),
         expect=_is(PlaceFarmer((WAGON, BISON), FARMER_CELL)),
         refuse=_LIT_CELL),
    LessonStep(N_("Your extra-turn token would let you play cards again now. Keep it for later: "
            "press Skip."),
         point=("btn1",),
         expect=_is(SkipExtraTurn()),
         refuse=N_("Keep the extra turn for later: press Skip.")),
    LessonStep(N_("Now you draw back up to 4 cards, one at a time. Click the building deck twice."),
         point=("deck_building",),
         expect=_is(Draw("building")), times=2,
         refuse=N_("Take both cards from the building deck this time.")),
    LessonStep(N_("A landscape card and a building card place a building on a free cell of its "
            "terrain in the symbol's 2 rows or 3 columns. Build the post office with the "
            "campfire card on the lit cell: your farmer beside it scores 3."),
         point=("action", _cell(FARMER_CELL)),
         expect=_is(PlaceBuilding((CAMPFIRE, POST_OFFICE), POST_OFFICE_CELL)),
         refuse=_LIT_CELL),
    LessonStep(N_("Press Use extra turn to play cards a second time this turn. The token is then "
            "spent; a station beside your farmers can make it active again."),
         point=("btn0",),
         expect=_is(UseExtraTurn()),
         refuse=N_("Use the extra turn now.")),
    LessonStep(N_("The joker stands in for one landscape card of any symbol, never for a building "
            "card: with it, the harbour card alone builds a harbour wherever one may stand. "
            "Choose both, then the lit cell. A store beside your farmers can make the joker "
            "active again."),
         point=("action", _cell(FARMER_CELL)),
         expect=_is(PlaceBuilding((HARBOUR,), SECOND_HARBOUR_CELL)),
         refuse=_LIT_CELL),
    LessonStep(N_("You may draw from either deck, one card at a time, but your hand must end with "
            "at least one landscape and one building card. Draw a building card."),
         point=("deck_building",),
         expect=_is(Draw("building")),
         refuse=N_("Draw from the building deck this time.")),
    LessonStep(N_("You already hold a coal mine card. A drawn building card you already hold, or "
            "whose stack is empty, may be discarded for a new draw. Press Discard, redraw."),
         point=("btn1",),
         expect=_is(DiscardDrawn()),
         refuse=N_("Discard the second coal mine card this time.")),
    LessonStep(N_("Now draw 3 landscape cards."),
         point=("deck_landscape",),
         expect=_is(Draw("landscape")), times=3,
         refuse=N_("Take the 3 cards from the landscape deck this time.")),
    LessonStep(N_("Mines pay in hidden tokens: a mine built beside your farmers gives one per "
            "farmer, a farmer placed beside a mine one per mine. Coal is worth 1 to 3, gold 3 "
            "to 5, added at the end. Build the coal mine on the lit cell."),
         point=("action", _cell(FARMER_CELL)),
         expect=_is(PlaceBuilding((BISON_2, COAL_MINE), COAL_MINE_CELL)),
         refuse=_LIT_CELL),
    LessonStep(N_("The game ends when someone places their 14th farmer, or when as many building "
            "stacks are empty as there are players (2 here). The round is played out, tokens "
            "are added, and most points wins."),
         point=("panel:0", "stacks")),
    LessonStep(N_("That is all of Oregon! Finish this game on your own. Stuck? Suggest a move (H, "
            "or X on a pad) shows a good play."),
         point=("log",)),
)

LESSON = Lesson(
    game_id="oregon",
    title=N_("Learn to play Oregon"),
    seats=("human", "bot:normal"),
    bots={"normal": NormalBot},  # the one-ply bot, which never slips: the steps follow its plays
    seed=SEED,
    steps=STEPS,
    arrange=arrange,
)
