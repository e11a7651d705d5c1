"""Mosaic's bots: ``normal`` (the easy and normal players, ``make`` and ``search_rules``)."""
