"""Oregon on the real board (``maps/oregon.tmx``), the registry entry, and speed."""

from __future__ import annotations

import random

import pytest

from game.engine import save_files
from game.engine.tiled_map import map_path
from game.games.oregon.engine import OregonState, new_game
from game.games.oregon.engine.geometry import make_board
from game.games.oregon.engine.positions import TEST_BOARD
from game.registry import GAMES

needs_map = pytest.mark.skipif(not map_path("oregon").exists(), reason="no maps/oregon.tmx yet")


def play_random(st, rng):
    while not st.is_over():
        st.apply(rng.choice(st.legal_actions()))
    return st


@needs_map
def test_new_game_reads_the_board_from_the_map():
    from game.games.oregon.engine.geometry import board_from_map

    board = board_from_map("oregon")
    assert board.layout_problems() == []
    st = GAMES["oregon"].new(3, 7)
    assert isinstance(st, OregonState) and st.board is board
    assert sorted(board.column_symbols) == sorted(board.row_symbols)
    play_random(st, random.Random(7))
    assert st.winners()
    again = save_files.loads(save_files.dumps(st))
    assert again.snapshot() == st.snapshot()


def test_hand_made_board_options_and_errors():
    st = new_game(2, 1, **TEST_BOARD)
    assert st.board is make_board(TEST_BOARD["terrain"], TEST_BOARD["column_symbols"],
                                  TEST_BOARD["row_symbols"])
    assert st.board.layout_problems() == []
    assert save_files.loads(save_files.dumps(play_random(st, random.Random(1)))).scores() == st.scores()
    with pytest.raises(ValueError, match="unknown Oregon options"):
        new_game(2, 1, colour="red")
    with pytest.raises(ValueError, match="needs"):
        new_game(2, 1, terrain=TEST_BOARD["terrain"])
    with pytest.raises(ValueError, match="5 symbols"):
        new_game(2, 1, **{**TEST_BOARD, "row_symbols": "bison,bison,eagle,wagon,settlers"})
    with pytest.raises(ValueError, match="terrain"):
        new_game(2, 1, **{**TEST_BOARD, "terrain": ["x" * 15] * 10})
    with pytest.raises(ValueError, match="2-4 players"):
        new_game(5, 1, **TEST_BOARD)


def test_same_seed_same_game():
    a = play_random(new_game(4, 99, **TEST_BOARD), random.Random(5))
    b = play_random(new_game(4, 99, **TEST_BOARD), random.Random(5))
    assert a.snapshot() == b.snapshot() and a.history == b.history


