"""What a game gives the shared table (``table.Table``): its parts, handed over as objects.

A game's table module defines one class built as ``Parts(table)`` (named by the
descriptor's ``GameInfo.table``; the game itself starts from the descriptor's ``new``, the
seats' default names are its ``seat_colours``).  It names the class of the table's layout
(``layout_type``), and builds the game's objects, which the table calls and never
subclasses:

- ``presenter`` (``Presenter``): each event as steps on the table's timeline, and what the
  steps put over the shown state until the table catches up;
- ``controls`` (``controls.Controls``): what a click or a key means now (the prompt, the
  buttons, the focus targets), each game keeping its half-made move in its choice model;
- ``draw``: the renderer; ``tips``/``tips_key``/``cell_tip``: the hover tips.

``GameParts`` gives every optional member its default (a game overrides what it needs); the
shared table owns the turn loop, the apply → steps → catch-up, undo, resume, autosave, the
bots, the hand-off and the hints.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.engine.events import Event
from game.engine.messages import N_
from game.ui.table_anim import Step

if TYPE_CHECKING:
    from game.scenes.table.controls import Controls
    from game.scenes.table.table import Table
    from game.ui.tooltip import Tip

REQUIRED_PARTS = ("layout_type", "draw", "show_results")
"""What every game's parts define themselves (``GameParts`` has no working default)."""


class Presenter(Protocol):
    """How a game's events show on the table (one shape for every game)."""

    def steps(self, e: Event) -> list[Step]:
        """``e`` as steps of the timeline: each has its seconds of animation time and a
        ``start`` that logs its line (``table.log_event``), plays its sound, starts its
        pictures."""

    def catch_up(self, after: Any, version: int | None) -> None:
        """Every step of the action that made the table's version ``version`` has run (None:
        the table was restored at once): ``after`` is shown now; forget what the steps put
        over the shown state."""


def one_step(start: Callable[[Event], None], e: Event, seconds: float) -> list[Step]:
    """The usual shape of ``Presenter.steps``: one step per event, labelled by its kind."""
    return [Step(lambda: start(e), seconds, e.kind)]


class GameParts:
    """A game's parts of the table, with the defaults of everything optional."""

    # --- what the game sets up -----------------------------------------------------------
    layout_type: Any = None
    """The table's layout, built as ``layout_type(players)``: the board's, the log's, the
    panels' rects, ``cell_rect``..."""
    board_size: tuple[int, int] = (1, 1)  # (columns, rows) the board cursor moves in
    bot_pace: float = 0.75  # seconds of animation time before a bot's move shows
    bid_pace: float | None = None  # the same during a simultaneous step (None: bot_pace)
    track_speed_min: float = 6.0  # spaces per second a score marker slides at least
    banner_in_anim_time: bool = False  # whether the banner's timer follows the animation speed
    banner_y: int = 60  # the banner's centre, below the board's top edge
    # Oregon: the prompt stays bold after an error's time ran out, until a choice clears it
    prompt_bold_after_error: bool = False
    strip_keeps: str | None = None  # focus-key prefix from which Up stays in the strip
    strip_vertical: bool = True  # whether Up/Down also step along the strip
    look_kinds: frozenset[str] = frozenset()
    """Kinds of private events showing a hot-seat human something new (drawn at random)."""
    simultaneous_phases: tuple[str, ...] = ()
    """Phases where the players act at once (secret bids), even when one is left to act."""
    move_kinds: frozenset[str] = frozenset()
    """Event kinds that change the board: marked as their seat's last move (table.glance)."""
    recap_kinds: frozenset[str] = frozenset()
    """Event kinds the recap tells a human about when their turn comes."""
    look_prompt = N_("Have a look at what you just got: the table passes on in a moment "
                     "(click or press a key to pass it now).")
    presenter: Presenter
    controls: Controls

    def __init__(self, table: Table) -> None:
        self.table = table

    def start_scores(self, state: Any) -> list[int]:
        """Where the score markers start (the state's scores)."""
        return list(state.scores())

    @property
    def handoff_message(self) -> str:
        """What the hand-off screen says stays hidden until the next player takes the table:
        an English sentence marked ``N_`` (or a ``Sentence``)."""
        return N_("Hand the screen over; your things stay hidden until then.")

    # --- applying an action ------------------------------------------------------------------
    def before_apply(self, action: Any, p: int) -> Any:
        """Just before ``p``'s ``action`` is applied; what it returns goes to ``applied``."""
        return None

    def applied(self, action: Any, p: int, before: Any) -> None:
        """``p``'s action is applied (its steps are not queued yet): forget the half-made
        move, the message."""
        self.table.message, self.table.message_error = "", False

    def reset_choice(self) -> None:
        """Forget the acting human's half-made move (undo, a replay's step)."""

    def animate(self, adt: float) -> None:
        """The game's own clocks, each frame before the turn loop."""

    def log_opening(self) -> None:
        """The log's first lines, before any move."""

    # --- whose turn ----------------------------------------------------------------------------
    def turn_key(self, p: int) -> Hashable:
        """Changes when a new turn of the viewer ``p`` begins: here, when the acting human
        changes (a game may count each action, or each step, as a new turn)."""
        return p

    def handoff_waits(self) -> bool:
        """Whether the next hand-off waits (e.g. everyone still reads the bids just shown)."""
        return False

    def end_waits(self) -> bool:
        """Whether the results wait (e.g. the last scoring is still up)."""
        return False

    def cue_waits(self) -> bool:
        """Whether the "your turn" cue waits, its banner hidden (an overlay is up)."""
        return False

    def bot_action_legal(self, action: Any, p: int) -> bool | None:
        """Whether a bot's choice may be played (None: the table's own check)."""
        return None

    def on_hand_off(self, p: int) -> None:
        """The table is covered until ``p`` takes it."""

    # --- drawing, tips, results ----------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def message_icon(self) -> pygame.Surface | None:
        """A picture at the prompt panel's right end (None: the text takes the width)."""
        return None

    def tips(self) -> list[Tip]:
        """The hover tips of what is drawn, worded for ``viewer``."""
        return []

    def tips_key(self) -> Hashable:
        """What else the tips depend on (e.g. a selection lifting a card)."""
        return None

    def cell_tip(self, cell: tuple[int, int]) -> tuple[str, pygame.Rect | None, bool]:
        """(text, rect to keep clear, show at once) for a board cell; "" for no tip."""
        return "", None, False

    def focus_tip(self) -> tuple[Tip | None, pygame.Rect | None, bool] | None:
        """A tip that takes the place of the one under the pointer or focus (None: none)."""
        return None

    def on_ui_scale(self) -> None:
        """The text size or the language changed: drop the game's text-bearing caches."""

    def show_results(self) -> None:
        """The game is over: open the results."""
        raise NotImplementedError

    def round_words(self, round_: int, rounds: int | None) -> str | None:
        """A round as the game's rulebook calls it, for the replay bar (None: the table's)."""
        return None

    def table_options(self) -> dict[str, str] | None:
        """The game options a new game at this table keeps (Play again)."""
        return None


def missing_parts(parts: type[GameParts]) -> list[str]:
    """The members of ``REQUIRED_PARTS`` a game's parts class leaves to ``GameParts``."""
    return [n for n in REQUIRED_PARTS if getattr(parts, n) is getattr(GameParts, n)]
