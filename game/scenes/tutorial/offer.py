"""Seat setup's suggestion of a game's lesson, made once: when a human seat's name has never
finished the game (the history says), "New to Oregon?" offers Learn to play, or, when the
lesson was left part way, to resume it at its step.  Taken or dismissed, it is not made again
for that game (the Settings keep which were made)."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.messages import N_, say
from game.registry import GAMES
from game.scenes.confirm import ConfirmScene
from game.scenes.table import table_available
from game.seats import Seat

from .coach import has_lesson, lesson_left_at, open_lesson


def should_offer(services, game_id: str, seats: Sequence[Seat]) -> bool:
    """Whether seat setup suggests ``game_id``'s lesson now: it has one, it was not suggested
    before, this is no kiosk or demo, and a human seat's name never finished the game."""
    config = services.config
    if (config.kiosk or config.demo or not has_lesson(game_id) or not table_available(game_id)
            or game_id in services.settings.lessons_offered):
        return False
    history = services.history
    return any(not s.is_bot and history.finished_games(game_id, s.name) == 0 for s in seats)


class LessonOffer(ConfirmScene):
    """"New to Oregon?": Learn to play (opens the lesson) or Not now.  When the lesson was
    left part way, it offers to resume it there instead."""

    def __init__(self, services, game_id: str):
        self.game_id = game_id
        name = GAMES[game_id].name
        left_at = lesson_left_at(services, game_id)
        if left_at is not None:
            n, total = left_at
            super().__init__(
                # Translators: seat setup offers to go on with a lesson left part way
                services, say(N_("Resume your {game} lesson?"), game=name),
                say(N_("You left the {game} lesson at step {n} of {total}. Pick it up "
                       "where you stopped?"), game=name, n=n, total=total),
                # Translators: the button of that offer (its text says the step)
                N_("Resume lesson"), self._learn, N_("Not now"),
                focus_yes=True)
            return
        super().__init__(
            services,
            # Translators: seat setup suggests the game's lesson to someone who never finished it
            say(N_("New to {game}?"), game=name),
            say(N_("Learn to play teaches {game} in a guided game against the computer, one "
                   "idea at a time, in 5 to 10 minutes."), game=name),
            N_("Learn to play"), self._learn, N_("Not now"), focus_yes=True)

    def _made(self) -> None:
        settings = self.services.settings
        if self.game_id not in settings.lessons_offered:
            settings.lessons_offered.append(self.game_id)
            self.services.save_settings()

    def back(self) -> None:
        self._made()
        super().back()

    def _learn(self) -> None:
        self._made()
        open_lesson(self.services, self.game_id)
