"""Colorado County's board, ``maps/colorado.tmx``: the contract the engine and client use."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

from same_content import difference

from game import PROJECT_ROOT
from game.engine.tiled_map import load_board
from game.games.colorado.engine import new_game
from game.games.colorado.engine.grid import xy
from game.games.colorado.engine.lakes import check_layout, first_game_layout, layout_from_board

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


def test_random_lakes_have_their_shapes_and_never_touch():
    shapes = {
        3: [{(0, 0), (1, 0)}, {(0, 0), (0, 1)}],
        5: [{(0, 0), (1, 0), (2, 0)}, {(0, 0), (0, 1), (0, 2)}],
        6: [{(0, 0), (1, 0), (0, 1), (1, 1)}],
        8: [{(x, y) for x in range(3) for y in range(2)},
            {(x, y) for x in range(2) for y in range(3)}],
        4: [{(0, 0), (0, 1), (1, 1)}, {(0, 0), (1, 0), (0, 1)}, {(0, 0), (1, 0), (1, 1)},
            {(1, 0), (0, 1), (1, 1)}],
        7: [{(0, 0), (1, 0), (2, 0), (1, 1)}, {(1, 0), (0, 1), (1, 1), (2, 1)},
            {(0, 0), (0, 1), (0, 2), (1, 1)}, {(1, 0), (1, 1), (1, 2), (0, 1)}],
    }
    seen_orientations: dict[int, set] = {v: set() for v in shapes}
    for seed in range(300):
        s = new_game(3, seed, lakes="random")
        cells_of = {}
        for lake in s.lakes:
            cells = [xy(i) for i in lake.cells]
            mx, my = min(x for x, _ in cells), min(y for _, y in cells)
            shape = {(x - mx, y - my) for x, y in cells}
            assert shape in shapes[lake.value], (lake.value, shape)
            seen_orientations[lake.value].add(frozenset(shape))
            cells_of[lake.value] = cells
        assert sum(len(c) for c in cells_of.values()) == 22
        values = sorted(cells_of)
        for i, a in enumerate(values):
            for b in values[i + 1:]:
                for ax, ay in cells_of[a]:
                    for bx, by in cells_of[b]:
                        assert max(abs(ax - bx), abs(ay - by)) >= 2, (seed, a, b)
    # Rotated freely: every orientation turns up.
    assert all(len(seen_orientations[v]) == len(shapes[v]) for v in shapes)
