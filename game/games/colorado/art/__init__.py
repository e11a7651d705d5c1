"""Colorado County table: layout, board layer, cards, tokens and panels."""
