"""Learn to play Oasis: a guided first game on a fixed deal against two bots.

The learner (Red, disc #1) makes an offer, takes Green's offer (Draw 3, Stone, Steppe), then in
round 2 Blue's (Goods, Camels, Oasis), gets disc #1 back for a bonus camel, and in round 3
takes Ovoo with a stone tile; then the end is told and the game is theirs to finish.  The
deal is seed 151 with the cards below stacked on the offer decks; the bots (easy Blue, normal
Green) are seeded from it, so the same moves always meet the same game.  Blue is the sensible
random player the script was written around (``RandomBot``), not the easy level of a free
game, which plays much like the normal bot; Green is the one-ply bot (``NormalBot``), which
the normal level of a free game plays with a slip now and then.  Tiles and camels go on one
lit cell each (a different cell would change what the bots do next).
"""

from __future__ import annotations

from game.games.oasis.bots.normal import NormalBot, RandomBot
from game.games.oasis.engine.actions import (
    BonusCamel,
    CarryOut,
    PlaceCamel,
    PlaceTile,
    StopOffer,
    TakeOffer,
    TurnCard,
)
from game.games.oasis.engine.scenario import stack_offer_decks
from game.i18n import N_
from game.scenes.tutorial.lesson import Lesson, LessonStep

# The hidden order of the deal: the top cards of each offer deck.
TOPS = {
    0: ["goods1", "camels2"],
    1: ["spring1", "oasis2", "camels3"],
    2: ["stone1", "steppe2", "draw3", "camels2", "spring1"],
}
GREEN, BLUE = 2, 1  # the seats whose offers the learner takes

# The cells the learner's tiles and camels go on.
STONE = (11, 2)              # L3: starts a stone area
STONE_BONUS = (12, 2)        # M3: the stone bonus square it joins
STEPPE = ((5, 2), (6, 2))    # F3, G3: a steppe area by the camel path
CAMELS = ((8, 7), (7, 7), (6, 7))  # I8, H8, G8: three camels side by side
OASIS_START = (15, 6)        # P7: on the board's edge
OASIS_GROW = (15, 5)         # P6: grows that oasis area
BONUS_CAMEL = (9, 7)         # J8: joins the chain of camels
STONE_GROW = (10, 2)         # K3: grows the stone area


def arrange(state) -> None:
    stack_offer_decks(state, TOPS)


def _is(kind):
    return lambda a: isinstance(a, kind)


def _take(owner: int):
    return lambda a: isinstance(a, TakeOffer) and a.owner == owner


def _carry(card: str):
    return lambda a: isinstance(a, CarryOut) and a.card == card


def _tile(kind: str, *cells):
    return lambda a: (isinstance(a, PlaceTile) and a.kind == kind and a.cell in cells
                      and a.marker_from is None)


def _cell(cell) -> str:
    return f"cell:{cell[0]},{cell[1]}"


def _camel(*cells):
    return lambda a: isinstance(a, PlaceCamel) and a.cell in cells


LIT_CELL = N_("For this lesson, use the lit cell.")

STEPS = (
    # --- offers and the offer deck ---
    LessonStep(N_("Welcome to Oasis! You play {you}. Grow land areas and a chain of camels; at "
            "the end, score tiles multiply them. Each round, everyone offers cards and takes "
            "another player's offer."),
         point=("panel:0",)),
    LessonStep(N_("This is your offer deck: cards face down that nobody may look at, not even "
            "you. Make your offer: turn up its top card."),
         point=("deck",), expect=_is(TurnCard),
         refuse=N_("Turn up the top card of your offer deck first.")),
    LessonStep(N_("An offer is 1 to 3 cards. Fewer cards means more to draw afterwards: 2 cards "
            "after an offer of 1, one after 2, none after 3. Turn up a second card."),
         point=("deck",), expect=_is(TurnCard),
         refuse=N_("Turn up one more card for this lesson.")),
    LessonStep(N_("Stop here. You offered 2 cards, so you draw 1 card, unseen, to the bottom of "
            "your offer deck."),
         point=("btn1",), expect=_is(StopOffer),
         refuse=N_("Stop the offer at two cards for this lesson.")),
    # --- discs and turn order ---
    LessonStep(N_("The discs set the order: with disc #1 you offer and choose first. Taking an "
            "offer hands your disc to its owner. Whoever holds #1 after the choosing places "
            "a free tile or camel."),
         point=("panel:0",)),
    LessonStep(N_("When the others have offered, take the lit offer: you carry out all of its "
            "cards, and its owner gets your disc #1."),
         point=("action",), expect=_take(GREEN),
         refuse=N_("Take the lit offer: it holds three different cards.")),
    # --- each card kind ---
    LessonStep(N_("Carry out your cards one at a time, in any order. Draw 3 cards: you draw 3 "
            "cards, unseen, to the bottom of your offer deck. Start with it."),
         point=("action",), expect=_carry("draw3"),
         refuse=N_("Carry out the Draw 3 cards card first.")),
    LessonStep(N_("Stone ×1: you place one stone tile. A new stone area may start on any "
            "empty cell off the camel path."),
         point=("action",), expect=_carry("stone1"),
         refuse=N_("Carry out the Stone ×1 card now.")),
    LessonStep(N_("Place your stone tile on the lit cell. A tile may never go next to another "
            "player's area of the same type."),
         point=("action",), keep=(_cell(STONE_BONUS),), expect=_tile("stone", STONE),
         refuse=LIT_CELL),
    LessonStep(N_("Steppe ×2: two steppe tiles. A new steppe area must touch the camel path "
            "or a steppe bonus square. Place both tiles on the lit cells."),
         point=("action",), expect=_tile("steppe", *STEPPE), refuse=LIT_CELL, times=2),
    LessonStep(N_("Round 2: the discs as they were handed set the new order. Offer again: turn "
            "up two cards."),
         point=("deck",), expect=_is(TurnCard),
         refuse=N_("Turn up a card of your offer deck."), times=2),
    LessonStep(N_("Stop here. Whoever takes your offer hands you their disc."),
         point=("btn1",), expect=_is(StopOffer),
         refuse=N_("Stop the offer at two cards for this lesson.")),
    LessonStep(N_("The holder of disc #1 takes your offer, so disc #1 comes to you. Then take "
            "the lit offer."),
         point=("action",), expect=_take(BLUE),
         refuse=N_("Take the lit offer: it holds three cards you have not met yet.")),
    LessonStep(N_("Goods ×1 is a score card: you take 1 goods score tile, face down, and keep it "
            "secret. Score cards give goods, springs, horses or ovoo tiles."),
         point=("action",), expect=_carry("goods1"),
         refuse=N_("Carry out the Goods ×1 card first.")),
    LessonStep(N_("Camels ×3: put three of your camels on empty cells of the camel path."),
         point=("action",), expect=_carry("camels3"),
         refuse=N_("Carry out the Camels ×3 card now.")),
    LessonStep(N_("Place your three camels on the lit path cells."),
         point=("action",), expect=_camel(*CAMELS), refuse=LIT_CELL, times=3),
    LessonStep(N_("Oasis ×2: two oasis tiles. A new oasis area must start on the board's edge or "
            "next to an oasis bonus square. Place the first one on the lit cell."),
         point=("action",), expect=_tile("oasis", OASIS_START), refuse=LIT_CELL),
    # --- areas and control markers ---
    LessonStep(N_("Each new area took one of your 4 control markers; only areas under your "
            "markers score. Tiles that touch along a side form one area, bonus squares "
            "too. Grow this one."),
         point=("cell:15,6", "action"), expect=_tile("oasis", OASIS_GROW), refuse=LIT_CELL),
    # --- camels ---
    LessonStep(N_("You hold disc #1: place a free camel. Your camels that touch along the path "
            "form a chain, and only your longest chain scores. Add this camel to it."),
         point=("btn3", "action"), expect=lambda a: isinstance(a, BonusCamel)
         and a.cell == BONUS_CAMEL,
         refuse=N_("Place the free camel on the lit path cell.")),
    LessonStep(N_("Round 3, and you offer first. Turn up one card."),
         point=("deck",), expect=_is(TurnCard), refuse=N_("Turn up one card.")),
    LessonStep(N_("Stop here: you will draw 2 cards."),
         point=("btn1",), expect=_is(StopOffer),
         refuse=N_("Stop the offer at one card for this lesson.")),
    # --- score tiles ---
    LessonStep(N_("At the end each score tile multiplies: goods × your longest camel chain, "
            "springs × oasis, horses × steppe, ovoo × stone tiles in your areas. Take the "
            "lit offer: Ovoo ×2 and a stone tile."),
         point=("action",), expect=_take(BLUE),
         refuse=N_("Take the lit offer: its ovoo multiply your stone tiles.")),
    LessonStep(N_("Carry out both cards, in the order you like."),
         point=("action",), expect=_is(CarryOut)),
    LessonStep(N_("Grow your stone area with the new tile."),
         point=("action",), expect=_tile("stone", STONE_GROW), refuse=LIT_CELL),
    # --- how the game ends ---
    LessonStep(N_("The game ends after the round in which one type of tile runs out, or someone "
            "takes a tile that cannot be placed. Then score tiles are turned up; the highest "
            "total wins."),
         point=("scores",)),
    LessonStep(N_("Now finish the game on your own. Stuck? Ask for \"Suggest a move\" (H, or X "
            "on a controller)."),
         point=("log",)),
)

LESSON = Lesson(
    game_id="oasis",
    title=N_("Learn to play Oasis"),
    seats=("human", "bot:easy", "bot:normal"),
    bots={"easy": RandomBot, "normal": NormalBot},
    seed=151,
    steps=STEPS,
    arrange=arrange,
)
