"""Oasis' hooks for the contract test: the 54 cards, camels, land and score tiles accounted
for; areas equal to the connected groups of tiles; markers on their own areas; offer decks
and other players' score tiles kept hidden; the final scoring and its tie-break."""

from __future__ import annotations

from collections import Counter

from game.games.oasis.engine import (
    BonusCamel,
    BonusTile,
    CarryOut,
    IgnoreCard,
    MoveCamel,
    PlaceCamel,
    PlaceTile,
    SkipBonus,
    StopOffer,
    TakeOffer,
    TurnCard,
    new_game,
)
from game.games.oasis.engine.cards import (
    CAMELS_EACH,
    CARDS,
    LAND_KINDS,
    LAND_SUPPLY,
    SCORE_SUPPLY,
    colour,
    full_deck,
)
from game.games.oasis.engine.scoring import score_breakdown
from game_hooks import GameHooks

FULL_DECK = Counter(full_deck())
BOARD_EVENTS = frozenset({"tile_placed", "camel_placed", "camel_moved", "final_score"})


class OasisHooks(GameHooks):
    game_id = "oasis"
    player_counts = (3, 4, 5)
    games_per_count = 100
    scramble_at_end = False  # the end turns everything up
    revealing = frozenset({"card_turned", "cards_drawn", "deck_refilled", "final_score"})
    must_reach = frozenset({"TakeOffer", "CarryOut", "PlaceTile", "PlaceCamel", "BonusTile",
                            "card_turned", "tile_placed", "marker_placed", "final_score"})

    bot_games = (("normal", "easy", "easy"), ("easy", "normal", "normal", "easy"),
                 ("normal", "easy", "normal", "easy", "easy"), ("easy", "easy", "easy", "easy"),
                 ("normal", "normal", "normal", "normal"))
    same_choice_positions = 80
    view_only = (40, ("tile_targets", "camel_targets", "unseen_counts", "scores"), ())
    steps_reading_data = 8
    perft = {  # (seed, players): legal actions counted along a fixed random game
        (1, 3):
            [1, 2, 2, 1, 2, 1, 2, 2, 172, 1, 2, 40, 39, 62, 61, 333, 1, 2, 1, 2, 2, 1, 2, 2, 2,
             3, 166, 2, 38, 37, 36, 1, 2, 161, 314, 1, 2, 2, 1, 2, 1, 2, 2, 159, 2, 3, 154, 2,
             54, 54, 1326, 1, 2, 1, 2, 1, 2, 2, 268, 261],
        (2, 5):
            [1, 2, 2, 1, 2, 2, 1, 2, 2, 1, 2, 1, 2, 4, 3, 3, 2, 63, 62, 40, 39, 2, 2, 2, 55,
             55, 3, 2, 63, 62, 311, 1, 2, 1, 2, 1, 2, 2, 1, 2, 1, 2, 4, 59, 271, 264, 260, 4,
             43, 44, 2, 49, 49, 2, 2, 157, 280, 1, 1, 2],
    }

    # the screens' tests
    hand_off_seats = "human,human,human"
    undo_liked = (TakeOffer,)  # an offer taken, as the field report took back
    replay_players = 3
    save_players = 5
    tie_break = "Tie-break: disc"
    rule_colours = ("Red", "Blue", "Green", "Yellow", "Black")
    chart_never_falls = False  # each round is scored with the score tiles of the end
    history_tables = (("human=Chiara", "bot:normal", "bot:easy", "bot:hard"),
                      ("human=Anna", "human=Bruno", "human=Chiara", "bot:easy", "bot:normal"),
                      ("human=Bruno", "bot:hard", "bot:hard"),
                      ("human=Anna", "human=Chiara", "bot:normal"))

    def table_plan(self):
        from table_plans import OasisPlan

        return OasisPlan

    def results(self, state, names, colours):
        from types import SimpleNamespace

        from game.games.oasis.table import models

        rows = models.result_rows(SimpleNamespace(known=state, names=names, colour=colours))
        return rows, list(models.RESULT_COLUMNS), list(models.POINT_COLUMNS)

    def engine_names(self, n):
        return [colour(p) for p in range(n)]

    def scrap_lesson(self):
        return "scrap_lessons:OASIS"

    def new(self, n, seed):
        return new_game(n, seed)

    def check_invariants(self, st):
        n = st.num_players
        cards = sum(st.offer_decks, []) + st.draw + st.discards + st.pending + st.done
        cards += [c for q in range(n) if st.taken_by[q] == -1 for c in st.offers[q]]
        if st.current is not None:
            cards.append(st.current)
        assert Counter(cards) == FULL_DECK
        assert sum(st.card_locations().values()) == 54
        for p in range(n):
            assert st.camels_left[p] + st.camel_at.count(p) == CAMELS_EACH
        assert st.path_free == st.camel_at.count(-1) - st.board.size + len(st.board.path_cells)
        for kind, total in SCORE_SUPPLY.items():
            assert st.score_supply[kind] + sum(s[kind] for s in st.score_tiles) == total
            assert st.score_supply[kind] >= 0
        over = st.is_over()
        assert (st.to_act() == []) == over == (st.legal_actions() == [])
        if not over:
            assert st.scores() == [0] * n and st.winners() == []

    def check_board(self, st):
        """Tiles and camels where they may be, tiles accounted for; areas = connected
        groups of one kind; markers sit on their own areas."""
        b = st.board
        for k, kind in enumerate(LAND_KINDS, 1):
            placed = sum(1 for c in b.place_cells if st.tiles[c] == k and not b.bonus[c])
            assert st.supply[k] + placed == LAND_SUPPLY[kind]
            assert st.supply[k] >= 0
        assert all(st.tiles[c] == b.bonus[c] for c in b.bonus_cells)
        assert all(st.tiles[c] == 0 for c in range(b.size) if not b.is_place[c])
        assert st.empty == [c for c in b.place_cells if st.tiles[c] == 0]
        assert all(st.camel_at[c] == -1 for c in range(b.size) if not b.is_path[c])
        seen = set()
        for c in b.place_cells:
            if not st.tiles[c] or c in seen:
                continue
            group, todo = [c], [c]
            seen.add(c)
            while todo:
                x = todo.pop()
                for nb in b.nbrs[x]:
                    if st.tiles[nb] == st.tiles[c] and nb not in seen:
                        seen.add(nb)
                        group.append(nb)
                        todo.append(nb)
            ids = {st.area[x] for x in group}
            assert len(ids) == 1, "one area per connected group"
            a = ids.pop()
            assert st.a_size[a] == len(group) and st.a_kind[a] == st.tiles[c]
        live = {st.area[c] for c in b.place_cells if st.tiles[c]}
        assert all((st.a_size[a] > 0) == (a in live) for a in range(len(st.a_size)))
        for p in range(st.num_players):
            assert len(st.markers[p]) <= 4 and len(set(st.markers[p])) == len(st.markers[p])
            for m in st.markers[p]:
                a = st.area[m]
                assert st.a_owner[a] == p and st.a_marker[a] == m
            assert sum(1 for a in live if st.a_owner[a] == p) == len(st.markers[p])
        for a in live:
            assert (st.a_owner[a] == -1) == (st.a_marker[a] == -1)

    def scrambled(self, st, viewer, rng):
        """The unseen cards dealt anew over the offer decks and draw deck; score tile kinds
        swapped between two other players while they are face down."""
        c = st.clone()
        unseen = sum(c.offer_decks, []) + c.draw
        rng.shuffle(unseen)
        for d in c.offer_decks + [c.draw]:
            size = len(d)
            d[:] = unseen[:size]
            del unseen[:size]
        if st.final is not None:  # the final scoring turned every score tile up
            return c
        others = [q for q in range(st.num_players) if q != viewer]
        rng.shuffle(others)
        for q1 in others:
            for q2 in others:
                ka = [k for k, v in c.score_tiles[q1].items() if v]
                kb = [k for k, v in c.score_tiles[q2].items() if v]
                pairs = [(x, y) for x in ka for y in kb if x != y]
                if q1 != q2 and pairs:
                    x, y = rng.choice(pairs)
                    c.score_tiles[q1][x] -= 1
                    c.score_tiles[q1][y] += 1
                    c.score_tiles[q2][y] -= 1
                    c.score_tiles[q2][x] += 1
                    return c
        return c

    def random_candidate(self, st, p, rng):
        b = st.board
        n = st.num_players

        def cell():
            return (rng.randrange(-1, b.width + 1), rng.randrange(-1, b.height + 1))

        kind = rng.choice(["oasis", "steppe", "stone", "sand"])
        marker = rng.choice([None, "none", cell(),
                             *[b.xy[m] for q in range(n) for m in st.markers[q]]])
        return rng.choice([
            TurnCard(), StopOffer(), TakeOffer(rng.randrange(-1, n + 1)),
            CarryOut(rng.choice([*CARDS, "joker"])), PlaceTile(kind, cell(), marker),
            PlaceCamel(cell()), MoveCamel(cell(), cell()), IgnoreCard(),
            BonusTile(kind, cell(), marker), BonusCamel(cell()), SkipBonus(),
        ])

    def check_step(self, before, st, action, p, events, stats):
        for e in events:
            if e.private_to is not None and "kind" in e.data:
                assert e.data["kind"] not in e.text_for(None)
        if any(e.kind in BOARD_EVENTS for e in events) or len(st.history) % 25 == 0:
            self.check_board(st)

    def check_view(self, st, viewer, view):
        for q, entry in enumerate(view["players"]):
            assert ("score_tiles" in entry) == (q == viewer)
            assert isinstance(entry["offer_deck"], int)

    def check_end(self, st, stats):
        n = st.num_players
        self.check_board(st)
        for p, f in enumerate(st.final):
            points = score_breakdown(f["camels"]["size"], st.score_tiles[p]["goods"],
                                     {k: f[k]["tiles"] for k in LAND_KINDS}, st.score_tiles[p])
            assert f["total"] == points["total"] == st.scores()[p]
        assert st.ranking == sorted(range(n), key=lambda q: (-st.scores()[q], st.disc[q]))
        assert st.winners() == st.ranking[:1]


HOOKS = OasisHooks()
