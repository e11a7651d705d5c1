"""The Oasis board (``maps/oasis.tmx``) meets every requirement of ``rules/oasis.md``: a
Y-shaped camel path of at least 40 cells with its three ends on the outer edge, splitting
at least 130 placement cells into three regions of nearly equal size, each with one oasis,
one steppe and one stone bonus square.  The generator reproduces the committed files."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter

import pytest
from same_content import difference

from game import PROJECT_ROOT
from game.engine.tiled_map import load_board
from game.games.oasis.engine.cards import LAND_SUPPLY
from game.games.oasis.engine.geometry import OasisBoard

KINDS = {"path", "place", "blocked"}
BONUSES = {"", "oasis", "steppe", "stone"}


@pytest.fixture(scope="module")
def tmx():
    return load_board("oasis")


@pytest.fixture(scope="module")
def board():
    return OasisBoard.from_map("oasis")


def test_map_layers_and_properties(tmx):
    assert tmx.properties["game"] == "oasis"
    assert "ground" in tmx.layer_names
    assert {cell.get("kind") for cell in tmx.cells} <= KINDS
    assert {cell.get("bonus") or "" for cell in tmx.cells} <= BONUSES
    assert (tmx.tile_width, tmx.tile_height) == (64, 64)


def path_graph(board):
    cells = set(board.path_cells)
    degree = {c: len(board.path_nbrs[c]) for c in cells}
    edges = sum(degree.values()) // 2
    return cells, degree, edges


def test_the_camel_path_is_a_y(board):
    cells, degree, edges = path_graph(board)
    assert len(cells) >= 40
    counts = Counter(degree.values())
    assert counts[3] == 1 and counts[1] == 3 and counts[2] == len(cells) - 4, counts
    # Connected with one edge fewer than cells: a tree, so cells touch only along the path.
    seen, todo = {min(cells)}, [min(cells)]
    while todo:
        for nb in board.path_nbrs[todo.pop()]:
            if nb not in seen:
                seen.add(nb)
                todo.append(nb)
    assert seen == cells and edges == len(cells) - 1
    # Each end reaches the outer edge; three real arms leave the junction.
    for end in (c for c in cells if degree[c] == 1):
        x, y = board.xy[end]
        assert x in (0, board.width - 1) or y in (0, board.height - 1)
    junction = next(c for c in cells if degree[c] == 3)
    arms = []
    for first in board.path_nbrs[junction]:
        arm, prev, cur = 1, junction, first
        while degree[cur] == 2:
            prev, cur = cur, next(n for n in board.path_nbrs[cur] if n != prev)
            arm += 1
        arms.append(arm)
    assert sorted(arms) == [7, 16, 16] and sum(arms) == len(cells) - 1


def regions(board):
    left = set(board.place_cells)
    out = []
    while left:
        start = min(left)
        left.remove(start)
        group, todo = [start], [start]
        while todo:
            for nb in board.nbrs[todo.pop()]:
                if nb in left:
                    left.remove(nb)
                    group.append(nb)
                    todo.append(nb)
        out.append(group)
    return out


def test_three_regions_of_nearly_equal_size(board):
    groups = regions(board)
    assert len(groups) == 3
    sizes = [len(g) for g in groups]
    mean = sum(sizes) / 3
    assert all(abs(s - mean) <= 0.15 * mean for s in sizes), sizes
    assert max(sizes) <= 1.15 * min(sizes)


def test_placement_cells_and_bonus_squares(board):
    assert len(board.place_cells) >= 130
    room = len(board.place_cells) - len(board.bonus_cells)
    assert room >= sum(LAND_SUPPLY.values()) + 40, "every land tile fits, with room to spare"
    bonus = Counter(board.bonus[c] for c in board.bonus_cells)
    assert bonus == {1: 3, 2: 3, 3: 3}
    for group in regions(board):
        assert sorted(board.bonus[c] for c in group if board.bonus[c]) == [1, 2, 3]
    for c in board.bonus_cells:
        assert board.is_place[c]
        assert not any(board.bonus[n] for n in board.nbrs[c]), "bonus squares stand apart"
        if board.bonus[c] == 1:
            assert not board.edge[c], "an oasis bonus square adds starts away from the edge"
        if board.bonus[c] == 2:
            assert not board.next_to_path[c], "a steppe bonus square adds starts off the path"


def test_edge_cells_are_the_placement_cells_on_the_outer_edge(board):
    edge = {board.xy[c] for c in board.place_cells if board.edge[c]}
    border = {(x, y) for x in range(board.width) for y in range(board.height)
              if x in (0, board.width - 1) or y in (0, board.height - 1)}
    assert not any(k == "blocked" for k in board.kind)
    assert edge == {board.xy[c] for c in board.place_cells} & border
    assert len(edge) == len(border) - 3  # the path ends take three border cells


def test_generator_reproduces_the_committed_files(tmp_path):
    tools = PROJECT_ROOT / "tools"
    result = subprocess.run([sys.executable, str(tools / "make_map_oasis.py"), "--out",
                             str(tmp_path)], capture_output=True, text=True, check=True,
                            timeout=120)
    assert "40 track cells" in result.stdout
    maps = PROJECT_ROOT / "maps"
    for rel in ("oasis.tmx", "tilesets/oasis.tsx", "tilesets/oasis.png"):
        assert difference(tmp_path / rel, maps / rel) is None, rel
    sys.path.insert(0, str(tools))
    try:
        import make_map_oasis
    finally:
        sys.path.remove(str(tools))
    assert OasisBoard.from_map("oasis").rows() == list(make_map_oasis.LAYOUT)


def test_the_tileset_carries_land_tiles_for_the_client():
    from xml.etree import ElementTree

    root = ElementTree.parse(PROJECT_ROOT / "maps" / "tilesets" / "oasis.tsx").getroot()
    pieces = {p.get("value") for p in root.iter("property") if p.get("name") == "piece"}
    assert pieces == {"oasis", "steppe", "stone"}
