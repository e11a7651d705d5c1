"""What a game brings, as plain data: ``GameInfo`` and its parts.  No game code is imported
here; every part that is code is named by its dotted path and loaded when it is needed, by
the layer that needs it (see ``game.registry``)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.i18n import _

if TYPE_CHECKING:  # annotations only: the registry sits below the engine
    from game.engine.core import GameState


@dataclass(frozen=True)
class GameOption:
    """A setup choice a game offers (passed to ``new_game`` as a keyword).  ``label`` and the
    words of each choice are English marked for the catalogs: screens translate them."""

    name: str
    label: str
    choices: tuple[tuple[str, str], ...]  # (value, words shown to players)
    default: str

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(v for v, _words in self.choices)

    def words(self, value: str) -> str:
        return dict(self.choices)[value]


@dataclass(frozen=True)
class HowToStep:
    """One numbered step of the kiosk's "how to play" card: a bold line and a short
    explanation, taken from the game's rules summary (English marked for the catalogs,
    translated where the card is drawn)."""

    title: str
    text: str


@dataclass(frozen=True)
class GameInfo:
    """One game's registry entry.

    id: the game's id (saves, settings, file names); name: its name as players read it
    min_players, max_players: the seats it takes
    package: the game's folder as a package (``game.games.<id>``), holding ``rules.md``
    Code parts, loaded lazily by dotted path:
      engine: package whose ``new_game(num_players, seed, **options)`` starts a game
      bots:   module whose ``make(level, seed)`` gives a bot (and ``bench_normal_decisions``)
      table:  ``"module:Class"`` of the game's table parts (``game.scenes.table.parts``):
              the shared table builds ``Class(table)`` and plays the game with them
    Data:
      map_name:      the board's map in the top-level ``maps/`` (file stem), or "" for a
                     board drawn in code (menus then show a stand-in)
      options:       the setup choices it offers (``GameOption``), passed to ``new_game``
      seat_colours:  palette colour names of the seats, seat 1 first, as the rules give them
      colours:       the colours a player may pick in seat setup, the rules' colours first
      pitch:         one line for the game's card in the menus (marked, translated where shown)
      howto:         the four steps of the kiosk's how-to card
      demo_caption:  where the demo caption sits on the table (canvas coordinates): the room
                     a human's hand or prompt takes, empty in a game of bots
      replay_from_prompt: the replay controls start at the prompt's left edge instead of the
                     screen's (for a table that shows what is being carried out left of it)
      bench_players: seats of the table the frame-time benchmark plays
      lesson:        ``"module:NAME"`` of the game's guided first game (a
                     ``game.scenes.tutorial.lesson.Lesson``), loaded when it is opened
      title_cards:   ``"module:function"``, ``function(rng, size)`` giving card faces that
                     drift across the title screen (the first game that has one is used)
      score_series:  ``"module:function"``, ``function(state, start)`` giving the results
                     chart's ``game.ui.chart_data.ScoreSeries`` of a game that charts its
                     scores its own way (by rounds...); empty: one point per turn
      review_words:  ``"module:function"``, ``function(action, seat)`` giving the sentences
                     (``game.bots.review.Words``) that tell a reviewed move when the log's
                     lines do not tell the choice (None for an action they do tell); empty:
                     the log's lines tell every move
      cell_fields:   the keys of an event's ``data`` that name board cells (``[x, y]`` pairs,
                     lists of them, or dicts holding such keys): the log lights those cells
                     while the pointer is over the event's line
      phase_words:   what the players are doing in each phase (phase id, English words
                     marked for the catalogs), as the replay bar names it; a phase without
                     words reads as its id
    The order of ``GAMES`` is the order of menus and of the demo playlist.
    """

    id: str
    package: str
    name: str
    min_players: int
    max_players: int
    pitch: str
    map_name: str
    seat_colours: tuple[str, ...]
    colours: tuple[str, ...]
    howto: tuple[HowToStep, ...]
    demo_caption: tuple[int, int]
    bench_players: int
    engine: str
    bots: str
    table: str
    options: tuple[GameOption, ...] = ()
    replay_from_prompt: bool = False
    lesson: str = ""
    title_cards: str = ""
    score_series: str = ""
    review_words: str = ""
    cell_fields: tuple[str, ...] = ()
    phase_words: tuple[tuple[str, str], ...] = ()


    @property
    def music(self) -> str:
        """The theme in music/ (file stem) of the table, its replay and how-to card."""
        return self.id

    @property
    def table_module(self) -> str:
        return self.table.partition(":")[0]

    def table_parts(self) -> Any:
        """The class of the game's table parts (imports the table, the game's heaviest part,
        now)."""
        return self.part(self.table)

    @staticmethod
    def part(path: str) -> Any:
        """A part named ``"module:name"`` (imports its module now)."""
        module, _sep, name = path.partition(":")
        return getattr(importlib.import_module(module), name)

    def default_name(self, seat: int) -> str:
        """Seat ``seat``'s name when it has none: its colour (English; tables say it in the
        player's language)."""
        return self.seat_colours[seat]

    def default_options(self) -> dict[str, str]:
        return {o.name: o.default for o in self.options}

    def new(self, num_players: int, seed: int, **options: Any) -> GameState:
        if not self.min_players <= num_players <= self.max_players:
            raise ValueError(
                f"{self.name} takes {self.min_players}-{self.max_players} players, "
                f"not {num_players}"
            )
        state: GameState = importlib.import_module(self.engine).new_game(num_players, seed,
                                                                         **options)
        return state

    @property
    def players_text(self) -> str:
        """"2-4 players", in the current language (made each time it is read)."""
        return _("{low}-{high} players").format(low=self.min_players, high=self.max_players)
