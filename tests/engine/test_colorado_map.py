"""Colorado County's board, ``maps/colorado.tmx``: the contract the engine and client use."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

from same_content import difference

from game import PROJECT_ROOT
from game.engine.board import load_board
from game.engine.colorado import new_game
from game.engine.colorado.lakes import check_layout, first_game_layout, layout_from_board

MAPS = PROJECT_ROOT / "maps"


def test_board_shape_layers_and_properties():
    b = load_board("colorado")
    assert (b.width, b.height, b.tile_width, b.tile_height) == (15, 10, 64, 64)
    assert b.properties["game"] == "colorado"
    assert {"land", "lakes"} <= set(b.layer_names)


def test_lake_objects_give_exact_shapes_apart_and_off_the_edge():
    b = load_board("colorado")
    lakes = b.objects_of("lake")
    assert sorted(o.properties["value"] for o in lakes) == [3, 4, 5, 6, 7, 8]
    assert all(o.layer == "lakes" for o in lakes)
    layout = layout_from_board(b)  # shapes, inside the board, never touching: or it raises
    assert layout == check_layout(layout)
    for value, cells in layout:
        assert all(0 < x < 14 and 0 < y < 9 for x, y in cells), value
        obj = next(o for o in lakes if o.properties["value"] == value)
        assert set(cells) <= set(obj.cells(64, 64))  # the rectangle bounds the lake


def test_land_layer_agrees_with_the_lakes_and_the_border():
    b = load_board("colorado")
    lake_cells = {c for _, cells in first_game_layout() for c in cells}
    for y in range(10):
        for x in range(15):
            props = b.cell(x, y)
            if (x, y) in lake_cells:
                assert props["terrain"] == "lake"
            else:
                assert props["terrain"] == "meadow"
                assert props["border"] == (x in (0, 14) or y in (0, 9))


def test_engine_uses_the_map_layout():
    s = new_game(3, 1)
    assert [list(c) for _, c in s.lakemap.layout] == [list(c) for _, c in first_game_layout()]
    assert s.options == {"lakes": "first"}


def test_tileset_has_every_water_tile_a_random_layout_needs():
    root = ElementTree.parse(MAPS / "tilesets" / "colorado.tsx").getroot()
    water = set()
    for tile in root.findall("tile"):
        props = {p.get("name"): p.get("value") for p in tile.findall("properties/property")}
        if props.get("terrain") == "lake":
            water.add((props["links"], props["notches"]))
    assert len(water) == 47
    assert ("none", "none") in water and ("NESW", "NE,SE,SW,NW") in water
    assert (MAPS / "tilesets" / "colorado.png").exists()


def test_generator_is_deterministic(tmp_path: Path):
    script = PROJECT_ROOT / "tools" / "make_map_colorado.py"
    subprocess.run([sys.executable, str(script), "--out", str(tmp_path)], check=True,
                   capture_output=True, env={"SDL_VIDEODRIVER": "dummy",
                                             "SDL_AUDIODRIVER": "dummy", "PATH": ""})
    for rel in ("colorado.tmx", "tilesets/colorado.tsx", "tilesets/colorado.png"):
        assert difference(tmp_path / rel, MAPS / rel) is None, rel
