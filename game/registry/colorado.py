"""Colorado County's registry entry."""

from game.registry.descriptor import GameInfo, GameOption, HowToStep

GAME = GameInfo(
    id="colorado",
    name="Colorado County",
    min_players=3,
    max_players=4,
    pitch="Bid your cowboys for land cards, stake out borders, lakes and big domains.",
    map_name="colorado",
    # The rules: the first game uses the printed layout, later games random lakes.
    options=(GameOption("lakes", "Lakes", (("first", "First-game layout"),
                                           ("random", "Random from the seed")), "first"),),
    seat_colours=("Orange", "Brown", "Red", "Black"),
    # Green and blue are left out: two of the flag colours, players would take them for
    # cube colours.
    colours=("Orange", "Brown", "Red", "Black", "Purple", "Yellow"),
    howto=(
        HowToStep("Plant your flags",
                  "Each round everyone puts hidden flags on the board, then all turn up."),
        HowToStep("Bid your cowboys",
                  "Secret bids for the land cards: the most cowboys choose first."),
        HowToStep("Stake out the county",
                  "Lay a card on a flag of its colour and put a cube on each of its stars."),
        HowToStep("Score four rounds",
                  "Borders, lakes, doubles and big domains score at the end of every round."),
    ),
    demo_caption=(386, 965),
    bench_players=3,
    engine="game.engine.colorado",
    bots="game.bots.colorado",
    table="game.scenes.colorado_table:TableScene",
)
