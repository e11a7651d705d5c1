"""Map data tests: every Tiled map loads for the engine and the client, Oregon's board meets
the rules, tilesets are referenced properly, and the generators reproduce the files."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import subprocess  # noqa: E402
import sys  # noqa: E402
from collections import Counter  # noqa: E402
from pathlib import Path  # noqa: E402
from xml.etree import ElementTree  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from same_content import assert_same_tree  # noqa: E402

from game import PROJECT_ROOT  # noqa: E402
from game.engine import tiled_map as board_module  # noqa: E402
from game.engine.tiled_map import load_board  # noqa: E402
from game.map_render import render_map, render_map_scaled  # noqa: E402

MAPS_DIR = PROJECT_ROOT / "maps"
TOOLS_DIR = PROJECT_ROOT / "tools"
MAP_NAMES = sorted(p.stem for p in MAPS_DIR.glob("*.tmx"))
SYMBOLS = {"settlers", "wagon", "campfire", "bison", "eagle"}
TERRAINS = {"plains", "rail", "mountain", "water"}


def test_there_are_maps():
    assert "oregon" in MAP_NAMES


# --- every map -----------------------------------------------------------------------------

@pytest.mark.parametrize("name", MAP_NAMES)
def test_map_loads_for_the_engine(name):
    board = load_board(name)
    assert board.width > 0 and board.height > 0
    assert len(board.cells) == board.width * board.height
    assert board.properties.get("game"), "maps name their game"
    assert all(cell for cell in board.cells), "every cell has a tile with properties"


@pytest.mark.parametrize("name", MAP_NAMES)
def test_map_renders_for_the_client(name):
    board = load_board(name)
    surface = render_map(name)
    assert surface.get_size() == (board.width * board.tile_width,
                                  board.height * board.tile_height)
    assert render_map(name) is surface, "rendered once, then cached"
    colours = {tuple(surface.get_at((x, y)))[:3]
               for x in range(0, surface.get_width(), 37)
               for y in range(0, surface.get_height(), 29)}
    assert len(colours) > 20, "the board is drawn, not blank"
    assert all(surface.get_at((x, y)).a == 255 for x, y in ((0, 0), (surface.get_width() - 1,
                                                                      surface.get_height() - 1)))


@pytest.mark.parametrize("name", MAP_NAMES)
def test_tilesets_are_external_relative_and_parse(name):
    root = ElementTree.parse(MAPS_DIR / f"{name}.tmx").getroot()
    assert root.get("orientation") == "orthogonal"
    assert root.get("version") and root.get("tiledversion")
    tilesets = root.findall("tileset")
    assert tilesets
    for ts in tilesets:
        source = ts.get("source")
        assert source and source.endswith(".tsx"), "tilesets are external .tsx files"
        assert not Path(source).is_absolute() and "\\" not in source
        tsx_path = MAPS_DIR / source
        assert tsx_path.is_file(), f"{source} is missing"
        tsx = ElementTree.parse(tsx_path).getroot()
        image = tsx.find("image")
        image_source = image.get("source")
        assert not Path(image_source).is_absolute() and "\\" not in image_source
        png = tsx_path.parent / image_source
        assert png.is_file(), f"{image_source} is missing"
        size = pygame.image.load(str(png)).get_size()
        assert size == (int(image.get("width")), int(image.get("height")))
        columns, tw, th = int(tsx.get("columns")), int(tsx.get("tilewidth")), int(tsx.get(
            "tileheight"))
        assert size[0] == columns * tw
        rows = size[1] // th
        # Tiled allows a partly filled last row of tiles.
        assert columns * (rows - 1) < int(tsx.get("tilecount")) <= columns * rows
    for layer in root.findall("layer"):
        assert layer.find("data").get("encoding") == "csv"


# --- Oregon ----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def oregon():
    return load_board("oregon")


@pytest.fixture(scope="module")
def terrain(oregon):
    return oregon.grid("terrain")


def neighbours8(x, y):
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if (dx or dy) and 0 <= x + dx < 15 and 0 <= y + dy < 10:
                yield x + dx, y + dy


def water_bodies(terrain):
    cells = {(x, y) for y in range(10) for x in range(15) if terrain[y][x] == "water"}
    out = []
    while cells:
        todo = [cells.pop()]
        body = 0
        while todo:
            x, y = todo.pop()
            body += 1
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if n in cells:
                    cells.remove(n)
                    todo.append(n)
        out.append(body)
    return out


def test_oregon_shape_and_layers(oregon, terrain):
    assert (oregon.width, oregon.height) == (15, 10)
    assert (oregon.tile_width, oregon.tile_height) == (64, 64)
    assert "terrain" in oregon.layer_names
    assert oregon.properties["game"] == "oregon"
    assert all(t in TERRAINS for row in terrain for t in row)


def test_oregon_symbols_are_permutations(oregon):
    columns = oregon.properties["column_symbols"].split(",")
    rows = oregon.properties["row_symbols"].split(",")
    assert len(columns) == len(rows) == 5
    assert set(columns) == set(rows) == SYMBOLS
    assert columns != rows, "rows use a different order"


def test_oregon_terrain_counts(terrain):
    counts = Counter(t for row in terrain for t in row)
    assert counts["rail"] >= 12
    assert counts["mountain"] >= 20
    assert counts["plains"] >= 45
    assert 10 <= counts["water"] <= 18


def test_oregon_plains_next_to_water(terrain):
    harbour = [(x, y) for y in range(10) for x in range(15) if terrain[y][x] == "plains"
               and any(terrain[j][i] == "water" for i, j in neighbours8(x, y))]
    assert len(harbour) >= 12


def test_oregon_water_bodies(terrain):
    bodies = water_bodies(terrain)
    assert 2 <= len(bodies) <= 3
    assert 10 <= sum(bodies) <= 18


def test_oregon_every_area_has_room(terrain):
    for r in range(5):
        for c in range(5):
            dry = sum(terrain[y][x] != "water" for y in (2 * r, 2 * r + 1)
                      for x in range(3 * c, 3 * c + 3))
            assert dry >= 3, f"area row band {r} x column band {c}"


def test_oregon_bands_offer_every_terrain(terrain):
    """Each symbol's bands (its 2 rows or its 3 columns) hold plains, and rail and
    mountains turn up in most of them, so building placement is usually possible."""
    rows = [terrain[2 * r] + terrain[2 * r + 1] for r in range(5)]
    cols = [[terrain[y][x] for y in range(10) for x in range(3 * c, 3 * c + 3)]
            for c in range(5)]
    for band in rows + cols:
        assert "plains" in band
    for kind in ("rail", "mountain"):
        assert all(kind in band for band in cols)
        assert sum(kind in band for band in rows) >= 3


def test_oregon_area_objects_match_symbols(oregon):
    areas = oregon.objects_of("area")
    assert len(areas) == 25
    columns = oregon.properties["column_symbols"].split(",")
    rows = oregon.properties["row_symbols"].split(",")
    for area in areas:
        r = rows.index(area.properties["row_symbol"])
        c = columns.index(area.properties["column_symbol"])
        expected = {(x, y) for y in (2 * r, 2 * r + 1) for x in range(3 * c, 3 * c + 3)}
        assert set(area.cells(oregon.tile_width, oregon.tile_height)) == expected


def test_oregon_render_shows_the_terrain(terrain):
    surface = render_map("oregon")
    for y in range(10):
        for x in range(15):
            r, g, b, _ = pygame.transform.average_color(surface, (x * 64, y * 64, 64, 64))
            kind = terrain[y][x]
            if kind == "plains":
                assert g > r + 20 and g > b + 40, (x, y)
            elif kind == "mountain":
                assert max(r, g, b) - min(r, g, b) < 30, (x, y)
            elif kind == "rail":
                assert r > b + 30 and g > b + 20, (x, y)
            else:
                assert b > r + 20 and b > g, (x, y)


def test_scaled_render_after_set_mode():
    pygame.display.set_mode((320, 200))
    scaled = render_map_scaled("oregon", (480, 320))
    assert scaled.get_size() == (480, 320)
    assert render_map_scaled("oregon", (480, 320)) is not scaled  # not kept: tables keep it
    assert render_map_scaled("oregon", (960, 640)) is render_map("oregon")


# --- the generators --------------------------------------------------------------------------

def run_tool(script: str, out: Path) -> str:
    result = subprocess.run([sys.executable, str(TOOLS_DIR / script), "--out", str(out)],
                            capture_output=True, text=True, check=True, timeout=300)
    return result.stdout


def test_generators_reproduce_the_committed_files(tmp_path):
    run_tool("make_tilesets.py", tmp_path)
    report = run_tool("make_maps.py", tmp_path)
    assert "plains next to water" in report
    # Other games' maps come from their own scripts (tools/make_map_*.py), tested beside them.
    assert_same_tree(tmp_path, MAPS_DIR)


def test_tmx_writer_classes_survive_pytmx(tmp_path, monkeypatch):
    """Objects and tiles carry both ``type=`` and ``class=``; pytmx 3.32 and the engine
    reader accept both."""
    sys.path.insert(0, str(TOOLS_DIR))
    try:
        import tmx
    finally:
        sys.path.remove(str(TOOLS_DIR))
    ts = tmx.Tileset("probe", 8, 8, columns=2, image="probe.png")
    ts.add(kind="ground", terrain="plains", score=2, open=True, weight=0.5)
    ts.add(terrain="water")
    image = pygame.Surface(ts.image_size)
    image.fill((10, 120, 30))
    ts.write(tmp_path / "tilesets" / "probe.tsx", image)
    again = tmx.read_tileset(tmp_path / "tilesets" / "probe.tsx")
    assert again.tiles[0].properties == {"terrain": "plains", "score": 2, "open": True,
                                         "weight": 0.5}
    assert again.tiles[0].kind == "ground"
    m = tmx.TiledMap(2, 1, 8, 8, properties={"game": "probe", "seats": 4})
    first = m.use(again, "tilesets/probe.tsx")
    m.tile_layer("terrain", [[first, first + 1]])
    m.object_layer("spots", [tmx.MapObject("well", "bonus", 8, 0, 8, 8, {"points": 3}),
                             tmx.MapObject("camp", "start", 4, 4)])
    m.write(tmp_path / "probe_map_for_test.tmx")

    monkeypatch.setattr(board_module, "MAPS_DIR", tmp_path)
    board = load_board("probe_map_for_test")
    assert board.properties == {"game": "probe", "seats": 4}
    assert board.cell(0, 0)["terrain"] == "plains" and board.cell(0, 0)["score"] == 2
    assert board.cell(1, 0)["terrain"] == "water"
    well, camp = board.objects
    assert (well.kind, well.properties, well.cells(8, 8)) == ("bonus", {"points": 3}, [(1, 0)])
    assert (camp.kind, camp.cells(8, 8)) == ("start", [(0, 0)])
    root = ElementTree.parse(tmp_path / "probe_map_for_test.tmx").getroot()
    obj = root.find("objectgroup/object")
    assert obj.get("type") == obj.get("class") == "bonus"
