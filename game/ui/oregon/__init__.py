"""Views of the Oregon table: layout, board, hand, panels, animations (used by
``game.scenes.oregon_table``)."""
