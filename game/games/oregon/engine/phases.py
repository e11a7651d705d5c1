"""Names of the phases of an Oregon game (see ``state.OregonState``)."""

START_TILE = "start_tile"
PLAY = "play"
EXTRA_TURN = "extra_turn"
DRAW = "draw"
OVER = "over"
PHASES = (START_TILE, PLAY, EXTRA_TURN, DRAW, OVER)
