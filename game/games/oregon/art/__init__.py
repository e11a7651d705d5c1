"""Views of the Oregon table: layout, board, hand, panels (used by
``game.games.oregon.table.scene``)."""
