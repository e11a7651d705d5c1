"""A small, deterministic writer for Tiled maps (.tmx) and external tilesets (.tsx + .png).

The files open in the Tiled editor 1.8 and later and load with pytmx 3.32:

- orthogonal maps, CSV-encoded tile layers, ``version="1.8" tiledversion="1.8.2"``;
- external tilesets (``<tileset firstgid=".." source="tilesets/x.tsx"/>``) whose single PNG
  image path is relative to the .tsx file;
- typed custom properties: ``str`` is written without a type (Tiled's default, string),
  ``bool`` / ``int`` / ``float`` with ``type="bool|int|float"``;
- object classes are written twice, as ``type=`` (Tiled 1.8 and 1.10+, pytmx 3.32) and as
  ``class=`` (Tiled 1.9).  pytmx 3.32 keeps unknown attributes, so both are tolerated, on
  objects and on tiles; ``game.engine.tiled_map`` reads either.

Output is byte-for-byte reproducible: attributes in a fixed order, ``\\n`` line ends, and
PNGs encoded here (zlib level 9, no timestamps) rather than by an image library.

Typical use (see ``tools/make_tilesets.py`` and ``tools/make_maps.py``)::

    ts = Tileset("terrain", 64, 64, columns=8, image="terrain.png")
    ts.add(terrain="plains", variant=0)            # tile id 0, properties in Tiled
    ts.write(out / "tilesets" / "terrain.tsx", surface)   # .tsx + terrain.png beside it

    ts = read_tileset(out / "tilesets" / "terrain.tsx")   # later, from the map script
    m = TiledMap(15, 10, 64, 64, properties={"game": "oregon"})
    first = m.use(ts, "tilesets/terrain.tsx")
    m.tile_layer("terrain", [[first + ts.find(terrain="plains", variant=0)] * 15] * 10)
    m.object_layer("areas", [MapObject("a", "area", 0, 0, 192, 128, {"row": 0})])
    m.write(out / "oregon.tmx")
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.etree import ElementTree
from xml.sax.saxutils import quoteattr

TMX_VERSION = "1.8"
TILED_VERSION = "1.8.2"
XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n'

Properties = dict[str, Any]


# --- properties -------------------------------------------------------------------------

def _property_line(name: str, value: Any, indent: str) -> str:
    if isinstance(value, bool):
        typ, text = ' type="bool"', "true" if value else "false"
    elif isinstance(value, int):
        typ, text = ' type="int"', str(value)
    elif isinstance(value, float):
        typ, text = ' type="float"', repr(value)
    elif isinstance(value, str):
        if value == "":
            # pytmx reads an empty value as None; ask for a real word instead.
            raise ValueError(f"property {name!r}: empty strings do not survive pytmx")
        typ, text = "", value
    else:
        raise TypeError(f"property {name!r}: unsupported type {type(value).__name__}")
    return f"{indent}<property name={quoteattr(name)}{typ} value={quoteattr(text)}/>\n"


def _properties_block(props: Properties, indent: str) -> str:
    if not props:
        return ""
    lines = "".join(_property_line(k, v, indent + " ") for k, v in props.items())
    return f"{indent}<properties>\n{lines}{indent}</properties>\n"


def _parse_properties(node: ElementTree.Element) -> Properties:
    casts = {"int": int, "float": float, "bool": lambda s: s == "true"}
    out: Properties = {}
    for prop in node.findall("properties/property"):
        value = prop.get("value", prop.text or "")
        out[prop.get("name", "")] = casts.get(prop.get("type", ""), str)(value)
    return out


def _class_attrs(kind: str) -> str:
    return f" type={quoteattr(kind)} class={quoteattr(kind)}" if kind else ""


# --- PNG --------------------------------------------------------------------------------

def write_png(path: Path, width: int, height: int, pixels: bytes, alpha: bool) -> None:
    """Write raw RGB(A) rows (top to bottom) as a PNG, deterministically."""
    channels = 4 if alpha else 3
    stride = width * channels
    if len(pixels) != stride * height:
        raise ValueError("pixel buffer does not match the image size")
    raw = b"".join(b"\x00" + pixels[y * stride:(y + 1) * stride] for y in range(height))

    def chunk(tag: bytes, data: bytes) -> bytes:
        body = tag + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 6 if alpha else 2, 0, 0, 0)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                     + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def save_surface_png(surface: Any, path: Path) -> None:
    """Save a pygame Surface with ``write_png`` (RGBA if it has per-pixel alpha)."""
    import pygame

    alpha = bool(surface.get_flags() & pygame.SRCALPHA)
    fmt = "RGBA" if alpha else "RGB"
    w, h = surface.get_size()
    write_png(path, w, h, pygame.image.tobytes(surface, fmt), alpha)


# --- tilesets ---------------------------------------------------------------------------

@dataclass
class Tile:
    id: int
    properties: Properties
    kind: str = ""  # Tiled's tile type/class; optional


@dataclass
class Tileset:
    """One tileset image cut into a grid of equal tiles, with per-tile properties."""

    name: str
    tile_width: int
    tile_height: int
    columns: int
    image: str  # PNG file name, relative to the .tsx
    tiles: list[Tile] = field(default_factory=list)

    def add(self, kind: str = "", **properties: Any) -> int:
        """Append a tile with these properties; returns its local id."""
        tile = Tile(len(self.tiles), dict(properties), kind)
        self.tiles.append(tile)
        return tile.id

    @property
    def rows(self) -> int:
        return -(-len(self.tiles) // self.columns)

    @property
    def image_size(self) -> tuple[int, int]:
        return self.columns * self.tile_width, self.rows * self.tile_height

    def cell_rect(self, tile_id: int) -> tuple[int, int, int, int]:
        """Pixel rectangle of a tile in the tileset image."""
        col, row = tile_id % self.columns, tile_id // self.columns
        return col * self.tile_width, row * self.tile_height, self.tile_width, self.tile_height

    def find(self, **properties: Any) -> int:
        """Local id of the only tile whose properties include all of these."""
        hits = [t.id for t in self.tiles
                if all(t.properties.get(k) == v for k, v in properties.items())]
        if len(hits) != 1:
            raise KeyError(f"{self.name}: {len(hits)} tiles match {properties}")
        return hits[0]

    def tsx(self) -> str:
        w, h = self.image_size
        out = [XML_HEADER,
               f'<tileset version="{TMX_VERSION}" tiledversion="{TILED_VERSION}" '
               f'name={quoteattr(self.name)} tilewidth="{self.tile_width}" '
               f'tileheight="{self.tile_height}" tilecount="{len(self.tiles)}" '
               f'columns="{self.columns}">\n',
               f" <image source={quoteattr(self.image)} width=\"{w}\" height=\"{h}\"/>\n"]
        for tile in self.tiles:
            out.append(f' <tile id="{tile.id}"{_class_attrs(tile.kind)}>\n')
            out.append(_properties_block(tile.properties, "  "))
            out.append(" </tile>\n")
        out.append("</tileset>\n")
        return "".join(out)

    def write(self, tsx_path: Path, surface: Any) -> None:
        """Write the .tsx and its PNG (``self.image``, beside the .tsx)."""
        if tuple(surface.get_size()) != self.image_size:
            raise ValueError(f"{self.name}: image {surface.get_size()} != {self.image_size}")
        if "/" in self.image or "\\" in self.image:
            raise ValueError("keep the tileset image beside its .tsx")
        tsx_path.parent.mkdir(parents=True, exist_ok=True)
        tsx_path.write_text(self.tsx(), encoding="utf-8", newline="\n")
        save_surface_png(surface, tsx_path.parent / self.image)


def read_tileset(tsx_path: Path) -> Tileset:
    """Parse a .tsx written by ``Tileset.write`` (or by Tiled, for single-image sets)."""
    root = ElementTree.parse(tsx_path).getroot()
    ts = Tileset(root.get("name", ""), int(root.get("tilewidth", 0)),
                 int(root.get("tileheight", 0)), int(root.get("columns", 1)),
                 root.find("image").get("source", ""))
    by_id = {int(t.get("id", 0)): t for t in root.findall("tile")}
    for i in range(int(root.get("tilecount", 0))):
        node = by_id.get(i)
        props = _parse_properties(node) if node is not None else {}
        kind = (node.get("type") or node.get("class") or "") if node is not None else ""
        ts.tiles.append(Tile(i, props, kind))
    return ts


# --- maps -------------------------------------------------------------------------------

@dataclass
class MapObject:
    """A rectangle (or, with zero size, a point) in pixels, as Tiled stores it."""

    name: str
    kind: str  # written as both type= and class=
    x: float
    y: float
    width: float = 0
    height: float = 0
    properties: Properties = field(default_factory=dict)


@dataclass
class _TileLayer:
    name: str
    rows: list[list[int]]
    visible: bool
    properties: Properties


@dataclass
class _ObjectLayer:
    name: str
    objects: list[MapObject]
    visible: bool
    properties: Properties


def _num(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else repr(float(v))


@dataclass
class TiledMap:
    width: int  # cells
    height: int
    tile_width: int  # pixels
    tile_height: int
    properties: Properties = field(default_factory=dict)
    tilesets: list[tuple[int, str, Tileset]] = field(default_factory=list)  # firstgid, source
    layers: list[_TileLayer | _ObjectLayer] = field(default_factory=list)

    def use(self, tileset: Tileset, source: str) -> int:
        """Reference an external tileset (``source`` relative to the map); returns firstgid."""
        if Path(source).is_absolute() or "\\" in source:
            raise ValueError("tileset sources must be relative paths with '/'")
        first = 1
        if self.tilesets:
            last_first, _, last = self.tilesets[-1]
            first = last_first + len(last.tiles)
        self.tilesets.append((first, source, tileset))
        return first

    def tile_layer(self, name: str, rows: list[list[int]], *, visible: bool = True,
                   properties: Properties | None = None) -> None:
        """A layer of global tile ids, ``rows[y][x]`` (0 = empty)."""
        if len(rows) != self.height or any(len(r) != self.width for r in rows):
            raise ValueError(f"layer {name!r} is not {self.width}x{self.height}")
        limit = max((f + len(t.tiles) for f, _, t in self.tilesets), default=1)
        if any(not 0 <= g < limit for r in rows for g in r):
            raise ValueError(f"layer {name!r} holds an unknown tile id")
        self.layers.append(_TileLayer(name, [list(r) for r in rows], visible,
                                      dict(properties or {})))

    def object_layer(self, name: str, objects: list[MapObject], *, visible: bool = True,
                     properties: Properties | None = None) -> None:
        self.layers.append(_ObjectLayer(name, list(objects), visible, dict(properties or {})))

    def tmx(self) -> str:
        n_objects = sum(len(la.objects) for la in self.layers if isinstance(la, _ObjectLayer))
        out = [XML_HEADER,
               f'<map version="{TMX_VERSION}" tiledversion="{TILED_VERSION}" '
               f'orientation="orthogonal" renderorder="right-down" width="{self.width}" '
               f'height="{self.height}" tilewidth="{self.tile_width}" '
               f'tileheight="{self.tile_height}" infinite="0" '
               f'nextlayerid="{len(self.layers) + 1}" nextobjectid="{n_objects + 1}">\n',
               _properties_block(self.properties, " ")]
        for first, source, _ in self.tilesets:
            out.append(f' <tileset firstgid="{first}" source={quoteattr(source)}/>\n')
        object_id = 1
        for layer_id, layer in enumerate(self.layers, 1):
            hidden = "" if layer.visible else ' visible="0"'
            if isinstance(layer, _TileLayer):
                out.append(f' <layer id="{layer_id}" name={quoteattr(layer.name)} '
                           f'width="{self.width}" height="{self.height}"{hidden}>\n')
                out.append(_properties_block(layer.properties, "  "))
                csv = ",\n".join(",".join(str(g) for g in row) for row in layer.rows)
                out.append(f'  <data encoding="csv">\n{csv}\n</data>\n </layer>\n')
                continue
            out.append(f' <objectgroup id="{layer_id}" name={quoteattr(layer.name)}{hidden}>\n')
            out.append(_properties_block(layer.properties, "  "))
            for obj in layer.objects:
                size = (f' width="{_num(obj.width)}" height="{_num(obj.height)}"'
                        if obj.width or obj.height else "")
                head = (f'  <object id="{object_id}" name={quoteattr(obj.name)}'
                        f'{_class_attrs(obj.kind)} x="{_num(obj.x)}" y="{_num(obj.y)}"{size}')
                object_id += 1
                point = not (obj.width or obj.height)
                if not obj.properties and not point:
                    out.append(head + "/>\n")
                    continue
                out.append(head + ">\n")
                out.append(_properties_block(obj.properties, "   "))
                if point:
                    out.append("   <point/>\n")
                out.append("  </object>\n")
            out.append(" </objectgroup>\n")
        out.append("</map>\n")
        return "".join(out)

    def write(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        for _, source, _ in self.tilesets:
            if not (path.parent / source).exists():
                raise FileNotFoundError(f"{path.name}: tileset {source} not found beside it")
        path.write_text(self.tmx(), encoding="utf-8", newline="\n")
