"""Read a Tiled map (``maps/NAME.tmx``) into plain board data for the engines.

Logic uses ``pytmx.TiledMap`` without images, so this works with no display and no pygame
import (pytmx only imports pygame inside ``load_pygame``).  The client draws the same map
with ``pytmx.load_pygame`` (see ``game.assets``).

Conventions every map follows:
- Tile layers carry per-tile properties from their tileset (e.g. ``terrain``).  A cell's
  properties are the merge of its tiles' properties over all tile layers, bottom to top.
- Object layers carry named objects; Tiled 1.9+ writes ``class=``, older maps ``type=``:
  both are read into ``MapObject.kind``.
- Map-level properties hold game data such as Oregon's symbol order.
"""

from __future__ import annotations

import logging
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from game import PROJECT_ROOT

MAPS_DIR = PROJECT_ROOT / "maps"


@dataclass(frozen=True)
class MapObject:
    name: str
    kind: str
    layer: str
    x: float  # pixels, as in Tiled
    y: float
    width: float
    height: float
    properties: dict[str, Any] = field(default_factory=dict)

    def cells(self, tile_width: int, tile_height: int) -> list[tuple[int, int]]:
        """Grid cells whose centres lie inside this object's rectangle (or the one cell
        under a point object)."""
        if self.width <= 0 or self.height <= 0:
            return [(int(self.x // tile_width), int(self.y // tile_height))]
        out = []
        cx0 = int(self.x // tile_width)
        cy0 = int(self.y // tile_height)
        cx1 = int((self.x + self.width) // tile_width)
        cy1 = int((self.y + self.height) // tile_height)
        for cy in range(cy0, cy1 + 1):
            for cx in range(cx0, cx1 + 1):
                mx, my = (cx + 0.5) * tile_width, (cy + 0.5) * tile_height
                if (self.x <= mx < self.x + self.width
                        and self.y <= my < self.y + self.height):
                    out.append((cx, cy))
        return out


@dataclass(frozen=True)
class Board:
    name: str
    width: int  # in cells
    height: int
    tile_width: int  # pixels
    tile_height: int
    properties: dict[str, Any]
    cells: tuple[dict[str, Any], ...]  # index y * width + x
    layer_names: tuple[str, ...]
    objects: tuple[MapObject, ...]

    def cell(self, x: int, y: int) -> dict[str, Any]:
        return self.cells[y * self.width + x]

    def grid(self, prop: str, default: Any = None) -> list[list[Any]]:
        """``grid[y][x]`` of one cell property."""
        return [[self.cell(x, y).get(prop, default) for x in range(self.width)]
                for y in range(self.height)]

    def objects_of(self, kind: str) -> list[MapObject]:
        return [o for o in self.objects if o.kind == kind]


def map_path(name: str) -> Path:
    return MAPS_DIR / f"{name}.tmx"


@lru_cache(maxsize=8)
def load_board(name: str) -> Board:
    """Parse ``maps/<name>.tmx``.  Cached: boards are immutable."""
    pytmx = _import_pytmx()
    path = map_path(name)
    if not path.exists():
        raise FileNotFoundError(f"no map {path}")
    tmx = pytmx.TiledMap(str(path))
    w, h = tmx.width, tmx.height
    merged: list[dict[str, Any]] = [{} for _ in range(w * h)]
    objects: list[MapObject] = []
    names: list[str] = []
    for layer in tmx.layers:
        names.append(layer.name)
        if isinstance(layer, pytmx.TiledTileLayer):
            for x, y, gid in layer.iter_data():
                if gid:
                    props = tmx.get_tile_properties_by_gid(gid) or {}
                    merged[y * w + x].update(_clean(props))
        elif isinstance(layer, pytmx.TiledObjectGroup):
            for obj in layer:
                kind = getattr(obj, "class", None) or obj.type or ""
                objects.append(MapObject(
                    name=obj.name or "", kind=kind, layer=layer.name,
                    x=float(obj.x), y=float(obj.y),
                    width=float(obj.width or 0), height=float(obj.height or 0),
                    properties=_clean(obj.properties),
                ))
    return Board(
        name=name, width=w, height=h, tile_width=tmx.tilewidth, tile_height=tmx.tileheight,
        properties=_clean(tmx.properties), cells=tuple(merged), layer_names=tuple(names),
        objects=tuple(objects),
    )


def _import_pytmx() -> Any:
    """Import pytmx without pygame.

    pytmx's ``__init__`` tries ``from pytmx.util_pygame import load_pygame``, which imports
    pygame.  The engine must stay pure, so when pygame is not loaded yet it is masked for
    the duration of the import; pytmx catches the ImportError.  The client later imports
    ``pytmx.util_pygame`` explicitly, which then works normally.
    """

    if "pytmx" in sys.modules or "pygame" in sys.modules:
        import pytmx

        return pytmx

    # pytmx logs "cannot import pygame" when it meets the mask: expected here, so quiet it.
    loggers = [logging.getLogger(n) for n in ("pytmx", "pytmx.util_pygame")]
    for logger in loggers:
        logger.disabled = True
    sys.modules["pygame"] = None  # type: ignore[assignment]
    try:
        import pytmx
    finally:
        del sys.modules["pygame"]
        for logger in loggers:
            logger.disabled = False
    return pytmx


def _clean(props: dict[str, Any]) -> dict[str, Any]:
    # pytmx adds bookkeeping keys (frames, width...) to tile properties; keep user ones.
    return {k: v for k, v in props.items() if k not in ("frames", "width", "height", "id")}
