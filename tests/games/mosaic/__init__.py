"""Mosaic: a tiny game that lives in the tests, to prove that a game plugs into the
framework through the registry alone.

Two or three players lay tiles from a hidden hand of two on a 4x4 board and score one point
for each neighbour of the same kind.  ``descriptor`` (its registry entry), ``engine/`` (the
rules, pure), ``bots/`` (``make`` and the search rules), ``table/`` (the table's parts) and
``rules.md``, as in ``game/games/<id>/``.
"""
