"""Small lessons for the coach's tests, one per game: the first few steps a lesson has (a
reading step, moves the step waits for, a step taken twice, the closing step), until the
games' own lessons are in the registry (the tests then play those too).  Which game has
which is in its hooks (``scrap_lesson``)."""

from game_hooks import games_with, hooks

from game.games.colorado.engine.actions import PlaceFlag
from game.games.oasis.engine.actions import TakeOffer, TurnCard
from game.games.oregon.engine import Draw, PlaceFarmer, PlaceStartTile, SkipExtraTurn
from game.scenes.tutorial.lesson import Lesson, LessonStep


def _is(*kinds):
    return lambda action: isinstance(action, kinds)


OREGON = Lesson(
    game_id="oregon", title="Learn to play Oregon", seats=("human", "bot:easy"), seed=11,
    steps=(
        LessonStep("Welcome to Oregon. You are {you}. Each player builds a little town of farmers "
             "and buildings on the map.", point=("scores",)),
        LessonStep("First, put your start tile on the map: any free cell will do.",
             point=("action",), expect=_is(PlaceStartTile),
             refuse="First your start tile: click a free cell."),
        LessonStep("Your panel shows your farmers, your score and what you hold.",
             point=("panel:0",)),
        LessonStep("Play two landscape cards that match a row and a column to put a farmer there.",
             point=("card0", "action"), expect=_is(PlaceFarmer), refuse="A farmer now, please."),
        LessonStep("You may take your extra turn once a game: not now.", point=("action",),
             expect=_is(SkipExtraTurn), refuse="Keep the extra turn for later."),
        LessonStep("Draw until your turn ends.", point=("action",), expect=_is(Draw), times=2,
             refuse="Draw a card now."),
        LessonStep("That is all for the guided part: finish the game as you like. Suggest a move "
             "helps when you are stuck.", point=("log",)),
    ))

COLORADO = Lesson(
    game_id="colorado", title="Learn to play Colorado County", seats=("human", "bot:easy",
                                                                      "bot:easy"), seed=5,
    steps=(
        LessonStep("Welcome to Colorado County. You are {you}.", point=("panel:0",)),
        LessonStep("Put a flag on the map: it scores at the end.", point=("action",),
             expect=_is(PlaceFlag), refuse="Put a flag first."),
        LessonStep("Now finish the game as you like.", point=("scores",)),
    ))

OASIS = Lesson(
    game_id="oasis", title="Learn to play Oasis", seats=("human", "bot:easy", "bot:easy"),
    seed=5,
    steps=(
        LessonStep("Welcome to Oasis. You are {you}.", point=("panel:0",)),
        LessonStep("Turn a card into an offer, or take one.", point=("action",),
             expect=_is(TurnCard, TakeOffer), refuse="Turn a card or take an offer."),
        LessonStep("Now finish the game as you like.", point=("log",)),
    ))

SCRAP = {game_id: hooks(game_id).scrap_lesson() for game_id in games_with("scrap_lesson")}
"""Game id -> the dotted path of its small lesson (its hooks' ``scrap_lesson``)."""
