"""Mosaic's one action: lay a tile of a kind (``kind``) from your hand on an empty cell."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.actions import Action


@dataclass(frozen=True)
class Place(Action):
    kind: str
    cell: tuple[int, int]

    def __str__(self) -> str:
        return f"Place({self.kind} on {self.cell})"


ACTION_TYPES: dict[str, type] = {"Place": Place}
