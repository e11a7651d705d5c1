"""How Mosaic's events show: each is one step of the timeline (its ``Beat``: seconds, sound,
pictures) that logs its line; a tile laid lands on the shown board at once, before the table
catches up."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.engine.events import Event
from game.scenes.table.parts import one_step
from game.ui.table_anim import Step

from ..engine.events import Placed


@dataclass(frozen=True)
class Beat:
    seconds: float
    sound: str | None = None
    show: Callable[[MosaicPresenter, Event[Any]], None] | None = None


def _placed(pr: MosaicPresenter, e: Event[Placed]) -> None:
    x, y = e.data["cell"]
    pr.landed[(x, y)] = e.data["tile"]


BEATS: dict[str, Beat] = {
    "dealt": Beat(0.1),
    "placed": Beat(0.45, "knock", _placed),
    "scored": Beat(0.35, "coin"),
    "drew": Beat(0.2, "swish"),
    "game_over": Beat(0.5, "fanfare"),
}


class MosaicPresenter:
    def __init__(self, table: Any) -> None:
        self.table = table
        self.landed: dict[tuple[int, int], str] = {}  # tiles laid by running steps

    def steps(self, e: Event) -> list[Step]:
        return one_step(self.start, e, BEATS[e.kind].seconds)

    def catch_up(self, after: Any, version: int | None) -> None:
        self.landed.clear()
        self.table.disp_score = list(after.scores())

    def start(self, e: Event[Any]) -> None:
        self.table.log_event(e)
        beat = BEATS[e.kind]
        if beat.show is not None:
            beat.show(self, e)
        if beat.sound:
            self.table.services.audio.play(beat.sound)

