"""Mosaic's registry entry (registered by the tests only: ``tests/conftest.py``)."""

from game.i18n import N_
from game.registry.descriptor import GameInfo, HowToStep

GAME = GameInfo(
    id="mosaic",
    package="tests.games.mosaic",
    name="Mosaic",
    min_players=2,
    max_players=3,
    pitch=N_("Lay tiles from a hidden hand; each matching neighbour scores."),
    map_name="",
    seat_colours=("Purple", "Orange", "Brown"),
    colours=("Purple", "Orange", "Brown", "Black"),
    howto=(
        HowToStep(N_("Hold two tiles"), N_("Nobody else sees them.")),
        HowToStep(N_("Lay one"), N_("On any empty cell of the board.")),
        HowToStep(N_("Score its neighbours"), N_("A point for each beside it of its kind.")),
        HowToStep(N_("Fill the board"), N_("Then most points wins.")),
    ),
    demo_caption=(960, 1000),
    bench_players=2,
    engine="tests.games.mosaic.engine",
    bots="tests.games.mosaic.bots.normal",
    table="tests.games.mosaic.table.parts:MosaicParts",
    cell_fields=("cell", "cells"),
)
