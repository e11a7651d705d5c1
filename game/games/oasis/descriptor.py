"""Oasis' registry entry."""

from game.i18n import N_
from game.registry.descriptor import GameInfo, HowToStep

GAME = GameInfo(
    id="oasis",
    package="game.games.oasis",
    name="Oasis",
    min_players=3,
    max_players=5,
    pitch=N_("Offer cards, take the best offer, grow oases, steppes and camel caravans."),
    map_name="oasis",
    seat_colours=("Red", "Blue", "Green", "Yellow", "Black"),
    colours=("Red", "Blue", "Green", "Yellow", "Black", "Purple", "Orange", "Brown"),
    howto=(  # shown through _() by the how-to card
        HowToStep(N_("Make an offer"),
                  N_("Turn up one to three cards from your offer deck: fewer cards, more to "
                     "draw.")),
        HowToStep(N_("Take the best offer"),
                  N_("Disc #1 chooses first and carries out every card of the offer it "
                     "takes.")),
        HowToStep(N_("Grow your land"),
                  N_("Oases, steppes and stone fields on the board, camels along the path.")),
        HowToStep(N_("Multiply at the end"),
                  N_("Camels × goods, oases × springs, steppes × horses: collect the tiles "
                     "that multiply.")),
    ),
    demo_caption=(690, 900),
    # Oasis keeps the cards being carried out (left of its prompt) in view in a replay.
    replay_from_prompt=True,
    bench_players=5,
    engine="game.games.oasis.engine",
    bots="game.games.oasis.bots.normal",
    table="game.games.oasis.table.parts:OasisParts",
    lesson="game.games.oasis.table.lesson:LESSON",
    score_series="game.games.oasis.table.chart:score_series",
    cell_fields=("cell", "cells", "src", "dst", "camels", "group", "oasis", "steppe", "stone"),
    phase_words=(("choose", N_("Choosing offers")), ("carry", N_("Carrying out")),
                 ("bonus", N_("Bonus"))),
)
