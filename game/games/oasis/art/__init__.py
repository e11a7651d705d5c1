"""The Oasis table's parts: layout, art, board layer and panels."""
