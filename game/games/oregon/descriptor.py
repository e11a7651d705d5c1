"""Oregon's registry entry."""

from game.i18n import N_
from game.registry.descriptor import GameInfo, HowToStep

GAME = GameInfo(
    id="oregon",
    package="game.games.oregon",
    name="Oregon",
    min_players=2,
    max_players=4,
    pitch=N_("Settle the frontier: play two cards, place farmers beside buildings, score."),
    map_name="oregon",
    seat_colours=("Yellow", "Blue", "Green", "Red"),
    colours=("Yellow", "Blue", "Green", "Red", "Purple", "Orange", "Brown", "Black"),
    howto=(
        HowToStep(N_("Play two cards"),
                  N_("Two landscape cards place a farmer; a landscape and a building card "
                     "place a building.")),
        HowToStep(N_("Score at once"),
                  N_("Farmers score for the buildings beside them, buildings for the farmers "
                     "beside them.")),
        HowToStep(N_("Draw back up to four"),
                  N_("One card at a time, from either deck.")),
        HowToStep(N_("Most points wins"),
                  N_("The game ends at someone's 14th farmer or when the buildings run out.")),
    ),
    demo_caption=(450, 935),
    bench_players=4,
    engine="game.games.oregon.engine",
    bots="game.games.oregon.bots.normal",
    table="game.games.oregon.table.parts:OregonParts",
    lesson="game.games.oregon.table.lesson:LESSON",
    title_cards="game.games.oregon.art.pictures:title_cards",
    review_words="game.games.oregon.bots.normal:review_words",
    cell_fields=("cell", "cells"),
    phase_words=(("start_tile", N_("Start tiles")), ("play", N_("Playing cards")),
                 ("extra_turn", N_("Extra turn")), ("draw", N_("Drawing cards"))),
)
