"""Colorado County's registry entry."""

from game.i18n import N_
from game.registry.descriptor import GameInfo, GameOption, HowToStep

# Words players read are marked here and translated where they are shown.
GAME = GameInfo(
    id="colorado",
    package="game.games.colorado",
    name="Colorado County",
    min_players=3,
    max_players=4,
    pitch=N_("Bid your cowboys for land cards, stake out borders, lakes and big domains."),
    map_name="colorado",
    # The rules: the first game uses the printed layout, later games random lakes.
    # Translators: a setup choice of Colorado County and its two values
    options=(GameOption("lakes", N_("Lakes"), (("first", N_("First-game layout")),
                                               ("random", N_("Random from the seed"))),
                        "first"),),
    seat_colours=("Orange", "Brown", "Red", "Black"),
    # Green and blue are left out: two of the flag colours, players would take them for
    # cube colours.
    colours=("Orange", "Brown", "Red", "Black", "Purple", "Yellow"),
    howto=(
        HowToStep(N_("Plant your flags"),
                  N_("Each round everyone puts hidden flags on the board, then all turn up.")),
        HowToStep(N_("Bid your cowboys"),
                  N_("Secret bids for the land cards: the most cowboys choose first.")),
        HowToStep(N_("Stake out the county"),
                  N_("Lay a card on a flag of its colour and put a cube on each of its stars.")),
        HowToStep(N_("Score four rounds"),
                  N_("Borders, lakes, doubles and big domains score at the end of every "
                     "round.")),
    ),
    demo_caption=(386, 965),
    bench_players=3,
    engine="game.games.colorado.engine",
    bots="game.games.colorado.bots.normal",
    table="game.games.colorado.table.parts:ColoradoParts",
    lesson="game.games.colorado.table.lesson:LESSON",
    score_series="game.games.colorado.table.chart:score_series",
    review_words="game.games.colorado.bots.normal:review_words",
    cell_fields=("cell", "cells", "flag", "flags", "stars", "cubes"),
    phase_words=(("flags", N_("Placing flags")), ("offer", N_("Offers")),
                 ("interest", N_("Interest")), ("give", N_("Giving a cowboy")),
                 ("auction", N_("Auction")), ("bid", N_("Bidding")),
                 ("take", N_("Taking cards"))),
)
