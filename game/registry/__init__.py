"""The games, one descriptor each: ``GAMES`` is the only list of them.

Each game has its own module here, ``game/registry/<game_id>.py``, holding its ``GameInfo``
(``game.registry.descriptor``): its name and player counts, its engine, bots and table named
by dotted path, seat colours, how-to steps, demo caption, rules text, map and benchmark
table.  Code that needs to know the games iterates ``GAMES`` (in menu and demo order); no
other module names a game.

Adding a game: its own packages (``game/engine/<id>/``, ``game/bots/<id>.py``,
``game/scenes/<id>_table.py``, art under ``game/ui/<id>/``, ``game/rules_text/<id>.md``,
``maps/<id>/``, ``music/<id>.ogg``), its descriptor ``game/registry/<id>.py``, and one line in
``GAMES`` below.

Why here: the registry is plain data at the bottom of the layers (below the engine), so the
engine's save loading (``core.check_save``, ``core.replay_events``) reads it without knowing
anything of bots or scenes, and each layer loads its own part of a game lazily by dotted
path (a game's packages are imported only when it is started, which keeps start-up fast).
"""

from __future__ import annotations

from game.registry import colorado, oasis, oregon
from game.registry.descriptor import GameInfo, GameOption, HowToStep

__all__ = ["GAMES", "GameInfo", "GameOption", "HowToStep"]

GAMES: dict[str, GameInfo] = {g.id: g for g in (oregon.GAME, colorado.GAME, oasis.GAME)}
