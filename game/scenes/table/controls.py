"""What a click or a key means at a table now: a game's ``Controls`` (its part of the table
named ``controls``, built by its ``GameParts``) give the prompt, the buttons, the focus
targets and what using each does; the defaults of the optional members are here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.engine.messages import N_
from game.ui import intents as I

if TYPE_CHECKING:
    from game.scenes.table.table import Table

NOT_NOW = N_("Not possible now.")
REQUIRED_CONTROLS = ("prompt", "try_action")
"""What every game's controls define themselves."""


class Controls:
    def __init__(self, table: Table) -> None:
        self.table = table

    def prompt(self) -> str:
        raise NotImplementedError

    def buttons(self) -> list[tuple[str, Any, bool, bool]]:
        """(label, action or callable, enabled, primary) per button slot."""
        return []

    def targets(self) -> list[tuple[str, pygame.Rect]]:
        """The focus targets (key, rect); ``"board"`` is the board."""
        return []

    def activate(self, key: str) -> None:
        """Use the focus target ``key`` (a click on it, or confirm while it has the focus)."""

    def click_cell(self, cell: tuple[int, int]) -> None:
        """A click (or confirm) on a board cell."""

    def try_action(self, action: Any) -> Any:
        """Apply the acting human's ``action``, or explain with ``error`` why not."""
        raise NotImplementedError

    def try_button(self, action: Any) -> None:
        """A button playing ``action`` was pressed."""
        self.table.services.audio.play("click")
        self.try_action(action)

    def focus_default(self) -> None:
        """Put the focus where the acting human most likely acts first."""

    def focus_board(self) -> None:
        self.table.focus = "board"

    def disabled_reason(self, label: str) -> str:
        """Why the button ``label`` cannot be used now."""
        return NOT_NOW

    def hint_keys(self, action: Any) -> list[str]:
        """The focus targets a suggested ``action`` would use (its cards, decks, tokens...)."""
        return []

    def lesson_places(self) -> dict[str, pygame.Rect]:
        """A game's own names for ``lesson_rect``, besides its targets (none here)."""
        return {}

    def click(self, pos: tuple[int, int]) -> bool:
        """A click the game takes before the table (True: taken)."""
        return False

    def click_elsewhere(self, pos: tuple[int, int]) -> None:
        """A click on nothing usable: a game may explain why."""

    def right_click(self) -> None:
        """What a right click does on this table."""

    def table_intent(self, intent: I.Intent) -> bool:
        """A game's own keys and gestures, before the pointer and focus ones; True if taken."""
        return False

    def on_back(self) -> bool:
        """Esc / pad B: a game may first cancel a half-made move (True: it did)."""
        return False


def missing_controls(controls: type[Controls]) -> list[str]:
    """The members of ``REQUIRED_CONTROLS`` a game's controls class leaves to ``Controls``."""
    return [n for n in REQUIRED_CONTROLS if getattr(controls, n) is getattr(Controls, n)]
