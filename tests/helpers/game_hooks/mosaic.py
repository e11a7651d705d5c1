"""Mosaic's hooks for the contract test (the game of the tests' own, ``tests/games/mosaic``):
every tile accounted for, points that match the board, hidden hands and bag."""

from __future__ import annotations

from collections import Counter

from game_hooks import GameHooks
from tests.games.mosaic.engine import CELLS, KINDS, Place, new_game
from tests.games.mosaic.engine.board import all_tiles, index, neighbours
from tests.games.mosaic.engine.events import PLAYER_NAMES


class MosaicHooks(GameHooks):
    game_id = "mosaic"
    player_counts = (2, 3)
    games_per_count = 40
    revealing = frozenset({"drew"})
    must_reach = frozenset({"placed", "scored", "drew", "game_over"})

    bot_games = (("normal", "easy"), ("easy", "normal", "normal"))
    replay_players = 3
    takes_back = False  # each move draws a tile: nothing to take back
    resume_after = 10  # moves: its game is over within 25
    rule_colours = ("Purple", "Orange", "Brown")

    def engine_names(self, n):
        return list(PLAYER_NAMES[:n])
    perft = {  # (seed, players): legal actions counted along a fixed random game
        (1, 2):
            [32, 30, 28, 26, 24, 22, 10, 9, 16, 14, 12, 10, 4, 6, 4, 2],
        (2, 3):
            [16, 30, 28, 26, 24, 22, 10, 18, 8, 14, 12, 10, 8, 6, 4, 2],
    }

    def new(self, n, seed):
        return new_game(n, seed)

    def check_invariants(self, st):
        tiles = [t for t in st.board if t is not None] + st.bag
        for h in st.hands:
            tiles += h
            assert len(h) <= 2
        assert Counter(tiles) == Counter(all_tiles()), "tiles lost or doubled"
        pairs = sum(1 for c in CELLS for d in neighbours(c)
                    if st.board[index(c)] is not None and st.board[index(c)] == st.board[index(d)])
        assert sum(st.score) == pairs // 2, "points that no pair of tiles made"

    def scrambled(self, st, viewer, rng):
        copy = st.clone()
        hidden = [q for q in range(st.num_players) if q != viewer]
        pool = copy.bag + [t for q in hidden for t in copy.hands[q]]
        rng.shuffle(pool)
        for q in hidden:
            copy.hands[q] = [pool.pop() for _ in copy.hands[q]]
        copy.bag = pool
        return copy

    def random_candidate(self, st, p, rng):
        return Place(rng.choice(KINDS + ("gold",)), (rng.randrange(-1, 5), rng.randrange(-1, 5)))


HOOKS = MosaicHooks()
