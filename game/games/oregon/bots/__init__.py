"""Oregon's bots: ``normal`` (the heuristic player and ``make``), ``evaluation`` (what a
position is worth) and ``search`` (the rules the shared search plays Oregon by)."""
