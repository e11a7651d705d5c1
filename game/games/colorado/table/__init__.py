"""The parts of the Colorado County table: what each event shows (``presenter``), the acting
player's half-made move with its prompt and buttons (``choices``, no pygame), the drawing
(``renderer``) and the final results (``results``).  ``game.games.colorado.table.scene`` wires them
to the shared table."""
