"""Learn to play Colorado County: a guided first round against two easy bots.

The deal is fixed (seed 443, the first-game lakes, the learner starts) and the learner's moves
are the script's, so the easy bots, seeded from the game's seed, always answer the same way.
They are the sensible random players the script was written around (``RandomBot``), not the
easy level of a free game, which plays much like the normal bot.
What the script makes happen, turn by turn of round 1:

- flags: the learner puts their four flags (blue I1, green G1, orange C10, red M1);
- turn 1: three cowboys win the first choice; the blue card is turned onto the flag on K7
  (cubes K7 and J9: it only fits turned);
- turn 2: the learner sells K7 (nobody wants it), bids one cowboy and lays the green card
  on O2 (border cells O2 and N3 are taken);
- turn 3: K7 and J8: J8-J9 is a double;
- turn 4: L10 and K8: K7, K8, J8, J9 make a domain;
- turn 5: M1 and N1: M1 is a field of the lake of 3 on L2-M2, which the learner now owns.

Then the learner plays on alone from turn 6 (the round's last) with hints.  The steps teach
in this order because the game itself begins each round with flags: flags, bidding, the
card, its cubes and rotation, the market, borders, doubles, the big domain, lakes.
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.actions import Action
from game.games.colorado.bots.random_player import RandomBot
from game.games.colorado.engine.actions import Bid, OfferForSale, PassSale, PlaceFlag, TakeCard
from game.i18n import N_
from game.scenes.tutorial.lesson import Lesson, LessonStep

Cell = tuple[int, int]
Expect = Callable[[Action], bool]


def flag(colour: str, cell: Cell) -> Expect:
    """Placing the flag of ``colour`` on ``cell``."""
    return lambda a: isinstance(a, PlaceFlag) and a.colour == colour and tuple(a.cell) == cell


def bid(*cowboys: int) -> Expect:
    """Bidding exactly these cowboys for the cards."""
    wanted = sorted(cowboys)
    return lambda a: isinstance(a, Bid) and sorted(a.cowboys) == wanted


def take(card_id: int, *cubes: Cell) -> Expect:
    """Taking card ``card_id`` with cubes on exactly ``cubes`` (any flag, turn and star that
    put them there)."""
    wanted = set(cubes)
    return lambda a: (isinstance(a, TakeCard) and a.card_id == card_id
                      and {tuple(c) for c in a.cubes} == wanted)


def offer(cell: Cell) -> Expect:
    """Putting the land on ``cell`` up for sale."""
    return lambda a: isinstance(a, OfferForSale) and tuple(a.cell) == cell


def pass_sale(a: Action) -> bool:
    return isinstance(a, PassSale)


def either(*expects: Expect) -> Expect:
    """Any of ``expects``: a step of several moves, one at each decision (only one of them
    is ever legal at a time, so the script cannot fork)."""
    return lambda a: any(e(a) for e in expects)


FIXED = N_("This lesson plays a fixed deal: make the lit move. Afterwards you choose freely.")
NEXT_FLAG = N_("Place your next flag: click the lit flag, then the lit cell.")

LESSON = Lesson(
    game_id="colorado",
    title=N_("Learn to play Colorado County"),
    seats=("human", "bot:easy", "bot:easy"),
    bots={"easy": RandomBot},
    seed=443,
    options={"lakes": "first"},
    steps=(
        LessonStep(N_("Welcome to Colorado County! You play {you}. You claim land by putting your "
                "cubes on the board, and your land scores points at the end of each of the "
                "four rounds. The most points wins."),
             point=("panel:0",)),
        LessonStep(N_("Each round begins with flags. In turn, everyone puts their flags face down, "
                "one at a time, on a free cell that is not next to another flag. Click the lit "
                "flag, then the lit cell."),
             point=("action",), expect=flag("blue", (8, 0)), refuse=FIXED),
        LessonStep(N_("Once all flags are down, they are turned face up. A card can build only at a "
                "flag of its own colour, yours or anyone's. Place your next flag on the lit "
                "cell."),
             point=("action",), expect=flag("green", (6, 0)), refuse=FIXED),
        LessonStep(NEXT_FLAG, point=("action",), expect=flag("orange", (2, 9)), refuse=FIXED),
        LessonStep(NEXT_FLAG, point=("action",), expect=flag("red", (12, 0)), refuse=FIXED),
        LessonStep(N_("Two cards are revealed. Bid cowboys for them: everyone picks in secret, then "
                "all bids show at once. The most cowboys chooses first; on a tie, the "
                "highest-numbered cowboy wins. Pick the lit cowboys, then Bid."),
             point=("action", "btn0"), expect=bid(55, 57, 66), refuse=FIXED),
        LessonStep(N_("When all bids are in, the best bid chooses one of the cards, the second best "
                "takes the other, and the third gets none. A card's colour says which flags it "
                "may use; its stars are where cubes go."),
             point=("cards",), keep=("cell:8,0", "cell:10,6", "cell:11,7")),  # blue flags
        LessonStep(N_("Click the lit card, then its lit flag: one star lies on the flag. Turn the card "
                "(R, right click, the wheel or a pad shoulder) until the other star is on the "
                "marked cell, then place it: a cube goes on each star."),
             point=("action", "cell:9,8"), expect=take(44, (10, 6), (9, 8)), refuse=FIXED),
        LessonStep(N_("The market: before each bid, in turn, each player may put one of their cubes "
                "up for sale, at most twice a round, paying a For Sale token. The cube leaves "
                "the board and the seller draws 2 cowboys. Click the lit cube, then Sell."),
             point=("action",), keep=("cards",), expect=offer((10, 6)), refuse=FIXED),
        LessonStep(N_("Now the others say in turn whether they want your land. If one does, they put "
                "a cube there and give you a cowboy of their choice; if several do, they bid "
                "for it in secret. If nobody does, the land is free again."),
             point=("log",)),
        LessonStep(N_("Now bid again. All bid cowboys go back into the bag, won or lost, and the lowest "
                "bid draws 2 new ones (bidding nothing counts as lowest). Bid the lit cowboy."),
             point=("action", "btn0"), expect=bid(63), refuse=FIXED),
        LessonStep(N_("Each round ends with scoring. Borders are the cells on the board's edge: this "
                "round, the player with the most border cells scores 6 and the next one 2. Lay "
                "the lit card to claim a border cell."),
             point=("action", "cell:13,2"), expect=take(17, (14, 1), (13, 2)), refuse=FIXED),
        LessonStep(N_("A double is exactly two of your cells side by side, touching no other cell of "
                "yours: each scores 2 this round. Pass the market, bid the lit cowboys, then "
                "lay the lit card to make one."),
             point=("action", "cell:9,7"), refuse=FIXED, times=3,
             expect=either(pass_sale, bid(45, 46), take(41, (10, 6), (9, 7)))),
        LessonStep(N_("Three or more of your cells side by side make a domain. From round 2, "
                "whoever has the largest domain scores: 4 points in round 2, up to 11 in round "
                "4. Pass, bid the lit cowboys, then lay the lit card to make one."),
             point=("action", "cell:10,7"), refuse=FIXED, times=3,
             expect=either(pass_sale, bid(36, 41, 43), take(9, (11, 9), (10, 7)))),
        LessonStep(N_("The land cells beside a lake are its fields. The first player with a field "
                "owns the lake; another takes it only with more fields. Each lake owned scores "
                "1 this round, more later. Pass, bid the lit cowboy, and take this lake."),
             point=("action", "cell:11,1", "cell:13,0"), refuse=FIXED, times=3,
             expect=either(pass_sale, bid(29), take(3, (12, 0), (13, 0)))),
        LessonStep(N_("That is the whole game! Finish it on your own: one more turn, this round's "
                "scoring, then three more rounds with new flags. Stuck? Suggest a move (H, or X "
                "on a pad) shows a good one.")),
    ),
)
