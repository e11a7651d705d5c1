"""Oregon: everything of the game in one folder.

``descriptor`` (its registry entry), ``engine/`` (the rules, pure), ``bots/`` (normal bot,
evaluation, search adapter), ``art/`` (its drawing), ``table/`` (presenter, choices,
renderer, panels, tips, lesson, results rows and the scene) and ``rules.md``.  Imports run
table -> art -> bots -> engine.
"""
