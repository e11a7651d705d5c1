"""How Mosaic's events show: each is one step of the timeline that logs its line and plays
its sound; a tile laid lands on the shown board at once, before the table catches up."""

from __future__ import annotations

from typing import Any

from game.engine.core import Event

SECONDS = {"placed": 0.45, "scored": 0.35, "drew": 0.2, "game_over": 0.5}
SOUNDS = {"placed": "knock", "scored": "coin", "drew": "swish"}


class MosaicPresenter:
    def __init__(self, table: Any) -> None:
        self.table = table
        self.landed: dict[tuple[int, int], str] = {}  # tiles laid by running steps

    def seconds(self, kind: str) -> float:
        return SECONDS.get(kind, 0.2)

    def start(self, e: Event) -> None:
        self.table.log_event(e)
        if e.kind == "placed":
            self.landed[tuple(e.data["cell"])] = e.data["tile"]  # type: ignore[index]
        sound = SOUNDS.get(e.kind)
        if sound:
            self.table.services.audio.play(sound)

    def clear(self) -> None:
        self.landed.clear()
