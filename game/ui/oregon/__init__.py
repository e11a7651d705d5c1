"""Views of the Oregon table: layout, board, hand, panels (used by
``game.scenes.oregon_table``)."""
