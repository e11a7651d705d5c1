"""Who sits at a table: seats, the names and colours shown, the humans, the bots."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.bots import Bot, make_bot
from game.bots.remote import RemoteBot, SearchProcess
from game.bots.search import Budget
from game.seats import Seat, has_default_name, in_language
from game.ui.players import renamer


@dataclass
class Seating:
    seats: list[Seat]
    names: list[str]
    colour: list[int]
    humans: list[int]
    bots: dict[int, Bot]
    rename: Callable[[str], str]
    """Turns the engine's seat names in a line into the names shown."""

    @classmethod
    def build(cls, seats: Sequence[Seat], game: str, seed: int,
              default_name: Callable[[int], str], search: SearchProcess | None = None,
              bot_seconds: float = 1.0) -> Seating:
        """``game``: the engine's id (picks the bots); ``default_name(i)``: seat ``i``'s name
        when it has none.  Each bot's seed follows from the game's seed and its seat.  A hard
        bot searches for ``bot_seconds`` per decision in ``search`` (the app's process; a
        search there that fails plays the one-ply bot's choice), or in its own thread when
        no process is given."""
        seats = list(seats)
        names = [s.name or default_name(i) for i, s in enumerate(seats)]
        budget = Budget(seconds=bot_seconds)

        def bot(i: int, level: str) -> Bot:
            if level == "hard" and search is not None:
                return RemoteBot(game, seed * 31 + i, budget, search)
            return make_bot(game, level, seed * 31 + i, budget)

        return cls(
            seats=seats, names=names, colour=[s.colour for s in seats],
            humans=[i for i, s in enumerate(seats) if not s.is_bot and not s.is_remote],
            bots={i: bot(i, s.level or "normal") for i, s in enumerate(seats) if s.is_bot},
            rename=renamer([default_name(i) for i in range(len(seats))], names))

    @property
    def has_hard_bot(self) -> bool:
        return any(s.is_bot and s.level == "hard" for s in self.seats)

    def follow_language(self) -> None:
        """After a change of language: a seat called by its colour's name is called by it in
        the new language.  The lists change in place, so every view holding them (log, panels,
        hand-off) shows the new names."""
        for i, seat in enumerate(self.seats):
            if has_default_name(seat):
                self.seats[i] = in_language(seat)
                self.names[i] = self.seats[i].name

    @property
    def hot_seat(self) -> bool:
        """Several humans share the screen: private things hide between their turns."""
        return len(self.humans) > 1

    def is_bot(self, p: int) -> bool:
        return self.seats[p].is_bot
