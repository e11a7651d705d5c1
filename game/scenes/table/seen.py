"""What the table's screen and the game's parts read of the game: views, and the game
rebuilt from them (``game.session.seen``), never the game itself.

``known``: the game now as the viewer may know it (the parts ask their rules about it: a
refusal, a preview, the prompt).  ``shown_views``: the views of every viewer this table
shows (an onlooker, each seat), taken when an action was played and installed when its steps
have run (``Table.catch_up``); ``shown`` the game rebuilt from the viewer's, ``dview()``
the viewer's view itself.  When a hand-off changes who looks, both are rebuilt for them.
"""

from __future__ import annotations

from typing import Any

from game.engine.core import GameState
from game.session import Session
from game.session.seen import SeenGames

Views = dict[int | None, dict[str, Any]]


class SeenByViewer:
    """The table's reading of the game (a part of ``Table``)."""

    session: Session
    version: int  # the table's: bumps when it plays or restores
    shown_version: int  # bumps when the screen catches up
    shown_views: Views
    n: int

    @property
    def viewer(self) -> int | None:
        """Who looks at the screen (the table's privacy says)."""
        raise NotImplementedError

    def _init_seen(self, rules: type[GameState]) -> None:
        """``rules``: the game's class (its ``state_from_view``)."""
        self._known_games = SeenGames(rules)
        self._shown_games = SeenGames(rules)

    @property
    def known(self) -> GameState:
        """The game now as the viewer may know it: rebuilt from the session's view for them,
        hidden parts sampled."""
        key = (self.session.version, self.version)
        return self._known_games.get(key, self.viewer, self.session.view)

    @property
    def shown(self) -> GameState:
        """The game as the screen shows it (``shown_views``), as the viewer may know it."""
        return self._shown_games.get(self.shown_version, self.viewer, self.shown_view)

    def shown_view(self, viewer: int | None) -> dict[str, Any]:
        """The shown game as ``viewer`` may see it."""
        return self.shown_views[viewer]

    def dview(self) -> dict[str, Any]:
        """The shown game as the viewer may see it."""
        return self.shown_views[self.viewer]

    def views_now(self) -> Views:
        """The session's views now, of every viewer this table shows: what the screen shows
        once the steps of an action have run."""
        return {v: dict(self.session.view(v)) for v in (None, *range(self.n))}
