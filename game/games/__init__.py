"""The games, one folder each: ``game/games/<id>/`` holds everything of one game (its
descriptor, engine, bots, art, table parts and rules summary).  ``game.registry`` lists them
and says what a game provides; nothing outside a game's folder imports it.
"""
