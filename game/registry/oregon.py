"""Oregon's registry entry."""

from game.registry.descriptor import GameInfo, HowToStep

GAME = GameInfo(
    id="oregon",
    name="Oregon",
    min_players=2,
    max_players=4,
    pitch="Settle the frontier: play two cards, place farmers beside buildings, score.",
    map_name="oregon",
    seat_colours=("Yellow", "Blue", "Green", "Red"),
    colours=("Yellow", "Blue", "Green", "Red", "Purple", "Orange", "Brown", "Black"),
    howto=(
        HowToStep("Play two cards",
                  "Two landscape cards place a farmer; a landscape and a building card "
                  "place a building."),
        HowToStep("Score at once",
                  "Farmers score for the buildings beside them, buildings for the farmers "
                  "beside them."),
        HowToStep("Draw back up to four",
                  "One card at a time, from either deck."),
        HowToStep("Most points wins",
                  "The game ends at someone's 14th farmer or when the buildings run out."),
    ),
    demo_caption=(450, 935),
    bench_players=4,
    engine="game.engine.oregon",
    bots="game.bots.oregon",
    table="game.scenes.oregon_table:TableScene",
)
