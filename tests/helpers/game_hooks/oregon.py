"""Oregon's hooks for the contract test: the hand-made test board, component counts,
previews that agree with ``apply``, views that answer the same legal actions."""

from __future__ import annotations

from game.games.oregon.engine import (
    DiscardDead,
    DiscardDrawn,
    DiscardNoPlacement,
    Draw,
    KeepCard,
    PlaceBuilding,
    PlaceFarmer,
    PlaceStartTile,
    SkipExtraTurn,
    UseExtraTurn,
    legal_actions_from_view,
    new_game,
    player_name,
    preview,
)
from game.games.oregon.engine.cards import COAL_VALUES, GOLD_VALUES
from game.games.oregon.engine.geometry import bits
from game.games.oregon.engine.positions import TEST_BOARD, scrambled
from game.games.oregon.engine.view import PRIVATE_EVENT_KEYS
from game_hooks import GameHooks


class OregonHooks(GameHooks):
    game_id = "oregon"
    player_counts = (2, 3, 4)
    games_per_count = 100
    lists_every_action = True
    revealing = frozenset({"drew_token", "drew_card", "reshuffled", "game_over"})
    must_reach = frozenset({
        "reshuffled", "drew_token", "extra_turn_used", "extra_turn_skipped", "last_round",
        "DiscardDead", "DiscardDrawn", "KeepCard", "DiscardNoPlacement", "stack_emptied",
        "end_stacks"})  # the rarer end by the last farmer has its own rules test

    bot_games = (("normal", "easy"), ("easy", "normal", "normal"),
                 ("normal", "easy", "normal", "easy"), ("easy", "easy", "easy", "easy"),
                 ("normal", "normal", "normal", "normal"))
    view_only = (40, ("preview", "legal_cells_for", "why_illegal", "scores"),
                 ("game.games.oregon.engine.view.rebuild_state",))
    steps_reading_data = 8
    perft = {  # (seed, players): legal actions counted along a fixed random game
        (1, 2):
            [88, 24, 359, 2, 2, 2, 210, 2, 1, 326, 2, 105, 2, 2, 2, 75, 2, 5, 2, 2, 2, 2, 32,
             2, 2, 177, 2, 40, 2, 2, 56, 2, 1, 30, 2, 2, 2, 51, 2, 2, 66, 2, 1, 50, 2, 2, 47,
             2, 1, 51, 2, 2, 61, 2, 2, 135, 2, 2, 85, 2],
        (2, 4):
            [88, 87, 45, 24, 227, 2, 33, 2, 2, 2, 210, 2, 20, 2, 2, 2, 2, 2, 197, 2, 2, 2, 2,
             2, 2, 326, 2, 20, 2, 2, 1, 115, 2, 1, 83, 2, 2, 281, 2, 2, 112, 2, 2, 73, 2, 1,
             75, 2, 2, 58, 2, 2, 1, 47, 2, 2, 42, 2, 1, 81],
    }

    # the screens' tests
    hand_off_seats = "human,human,bot:normal"
    undo_liked = (PlaceBuilding, PlaceFarmer)  # a placement, as the field report took back
    replay_players = 3
    save_players = 3
    tie_break = "Tie-break: farmers"
    rule_colours = ("Yellow", "Blue", "Green", "Red")
    history_tables = (("human=Anna", "bot:easy", "bot:normal"), ("human=Bruno", "bot:hard"),
                      ("human", "bot:easy"),
                      ("human=Maximiliano Jr", "human=Anna", "bot:hard", "bot:easy"))

    def table_plan(self):
        from table_plans import OregonPlan

        return OregonPlan

    def results(self, state, names, colours):
        from game.games.oregon.table.results import COLUMNS, POINT_COLUMNS, result_rows

        return result_rows(state, names, colours), list(COLUMNS), list(POINT_COLUMNS)

    def engine_names(self, n):
        return [player_name(p) for p in range(n)]

    def scrap_lesson(self):
        return "scrap_lessons:OREGON"

    def new(self, n, seed):
        return new_game(n, seed, **TEST_BOARD)

    def check_invariants(self, st):
        b = st.board
        allf = 0
        for q in range(st.num_players):
            assert st.farmers[q].bit_count() + st.farmers_left[q] == 14
            assert not st.farmers[q] & allf
            allf |= st.farmers[q]
            assert st.marked[q] & ~st.farmers[q] == 0
            assert len(st.hands[q]) <= 4
        assert allf == st.all_farmers and not allf & b.water
        bm = 0
        for t in range(7):
            assert not st.bmask[t] & bm
            bm |= st.bmask[t]
            assert st.bmask[t] & ~b.allowed[t] == 0, "a tile on the wrong terrain"
            assert (st.bmask[t] & ~st.start_mask).bit_count() + st.stacks[t] == 4
        assert bm == st.buildings and not bm & allf and st.occupied == bm | allf
        assert [i for i in range(150) if st.tile[i] >= 0] == list(bits(bm))
        placed_starts = [c for c in st.start_cells if c >= 0]
        assert sorted(placed_starts) == list(bits(st.start_mask))
        assert sorted([t for t in st.start_tiles if t >= 0] + st.unused_start) == list(range(7))
        cards = [*st.deck[0], *st.deck[1], *st.discard[0], *st.discard[1], *st.removed]
        for h in st.hands:
            cards += h
        assert sorted(cards) == list(range(71)), "cards lost or doubled"
        assert all(c >= 50 and st.stacks[(c - 50) // 3] == 0 for c in st.removed)
        assert all(c < 50 for c in st.deck[0] + st.discard[0])
        assert all(c >= 50 for c in st.deck[1] + st.discard[1])
        coal = st.coal_supply + [v for h in st.coal for v in h]
        gold = st.gold_supply + [v for h in st.gold for v in h]
        assert sorted(coal) == sorted(COAL_VALUES) and sorted(gold) == sorted(GOLD_VALUES)
        if st.phase == "play" and st.plays == 0:
            assert len(st.hands[st.current]) == 4

    def scrambled(self, st, viewer, rng):
        return scrambled(st, viewer, rng)

    def random_candidate(self, st, p, rng):
        hand = st.hands[st.current]
        pool = hand + [rng.randrange(71)]

        def some_cards(k):
            return tuple(rng.choice(pool) for _ in range(k))

        cell = (rng.randrange(15), rng.randrange(10))
        kind = rng.randrange(10)
        if kind == 0:
            return PlaceFarmer(some_cards(rng.choice((1, 2, 2))), cell)
        if kind == 1:
            return PlaceBuilding(some_cards(rng.choice((1, 2, 2))), cell)
        if kind == 2:
            return DiscardNoPlacement(some_cards(2))
        if kind == 3:
            return Draw(rng.choice(("landscape", "building")))
        if kind == 4:
            return rng.choice((KeepCard(), DiscardDrawn()))
        if kind == 5:
            return rng.choice((UseExtraTurn(), SkipExtraTurn()))
        if kind == 6:
            return DiscardDead(rng.choice(pool))
        if kind == 7:
            return PlaceStartTile(cell)
        if kind == 8 and st.phase == "play":  # a legal-looking placement with real cards
            lands = [c for c in hand if c < 50]
            if len(lands) >= 2:
                return PlaceFarmer(tuple(rng.sample(lands, 2)), cell)
        return PlaceBuilding(some_cards(2), cell)

    def choose(self, st, p, legal, rng):
        if st.seed % 2:  # half the games prefer farmers, so both end triggers occur
            farmers = [a for a in legal if isinstance(a, PlaceFarmer)]
            if farmers and rng.random() < 0.9:
                return rng.choice(farmers)
        return rng.choice(legal)

    def check_step(self, before, st, action, p, events, stats):
        for e in events:
            if e.kind == "turn_start":
                stats[f"turns{e.player}"] += 1
            if e.private_to is not None:
                for other in range(st.num_players):
                    if other != e.private_to:
                        seen = e.seen_by(other)
                        assert not PRIVATE_EVENT_KEYS & set(seen.data)
                        assert seen.private_to is None
        if isinstance(action, (PlaceFarmer, PlaceBuilding)):
            self._check_preview(before, preview(before, action), st, events)

    @staticmethod
    def _check_preview(before, shown, st, events):
        for q in range(st.num_players):
            d = shown["players"][q]
            assert st.score[q] - before.score[q] == d["points"]
            assert len(st.coal[q]) - len(before.coal[q]) == d["coal"]
            assert len(st.gold[q]) - len(before.gold[q]) == d["gold"]
            flips = {e.data["token"] for e in events
                     if e.kind == "token_flipped" and e.player == q and e.data["active"]}
            assert ("joker" in flips) == d["joker"]
            assert ("extra" in flips) == d["extra"]
            group = sum(e.data["amount"] for e in events
                        if e.kind == "scored" and e.player == q and e.data["reason"] == "group")
            assert group == d["group_bonus"]
        ends = [e.data["reason"] for e in events if e.kind == "end_triggered"]
        assert (ends[0] if ends else None) == shown["ends_game"]

    def check_view(self, st, viewer, view):
        if viewer is not None and viewer in st.to_act():
            assert legal_actions_from_view(view) == st.legal_actions(viewer)

    def check_end(self, st, stats):
        stats[f"end_{st.end_reason}"] += 1
        turns = [stats[f"turns{q}"] for q in range(st.num_players)]
        assert len(set(turns)) == 1 and turns[0] > 0, turns


HOOKS = OregonHooks()
