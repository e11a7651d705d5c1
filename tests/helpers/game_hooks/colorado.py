"""Colorado County's hooks for the contract test: cubes, cowboys, cards and flags accounted
for, lake counts, secret bids and face-down flags kept from the others, card previews that
agree with ``apply``, the tie-break by cubes on the board."""

from __future__ import annotations

from collections import Counter

from game.games.colorado.engine import (
    PLAYER_NAMES,
    Bid,
    PassSale,
    PlaceFlag,
    SaleBid,
    TakeCard,
    new_game,
    preview_card_use,
)
from game.games.colorado.engine.cards import CARDS, FLAG_COLOURS
from game.games.colorado.engine.grid import NUM_CELLS
from game_hooks import GameHooks

ALL_COWBOYS = list(range(1, 67))


def random_subset(rng, hand, at_least_one):
    k = rng.randint(1 if at_least_one else 0, min(len(hand), 6))
    return tuple(rng.sample(hand, k))


class ColoradoHooks(GameHooks):
    game_id = "colorado"
    player_counts = (3, 4)
    games_per_count = 150
    lists_every_action = False  # one representative per outcome is listed
    revealing = None  # the undo floor has its own tests (tests/scenes/test_resume_undo.py)
    must_reach = frozenset({"Bid", "SaleBid", "TakeCard", "PlaceFlag", "cube_placed",
                            "lake_changed"})

    bot_games = (("normal", "easy", "easy"), ("normal", "easy", "normal", "easy"),
                 ("easy", "easy", "easy", "easy"), ("normal", "normal", "normal", "normal"))
    view_only = (60, ("to_act",), ())
    steps_reading_data = 8
    perft = {  # (seed, players): legal actions counted along a fixed random game
        (1, 3):
            [512, 500, 484, 348, 336, 324, 208, 200, 192, 91, 90, 86, 43, 43, 43, 40, 18, 2, 2,
             2, 12, 3, 2, 2, 49, 46, 37, 37, 20, 2, 4, 2, 2, 17, 37, 46, 43, 17, 10, 3, 2, 2,
             2, 10, 55, 2, 37, 20, 4, 2, 52, 7, 20, 3, 4, 34, 30, 16, 351, 339],
        (2, 4):
            [384, 369, 354, 228, 218, 210, 202, 97, 93, 88, 87, 84, 43, 43, 43, 43, 62, 42, 22,
             3, 2, 2, 2, 45, 15, 39, 3, 2, 2, 2, 30, 45, 39, 3, 2, 2, 2, 19, 46, 22, 46, 61,
             35, 18, 3, 2, 2, 2, 12, 42, 2, 2, 2, 2, 48, 12, 24, 3, 2, 2],
    }

    # the screens' tests
    hand_off_seats = "human,human,bot:normal"
    undo_liked = (PassSale,)  # passing the market, before the secret bids
    # the bots' secret bids follow a pass at once (and end what can be taken back): at half
    # speed their pause leaves the player the moment a real one has
    undo_speed = 0.5
    replay_players = 4
    save_players = 4
    tie_break = "Tie-break: cubes"
    rule_colours = ("Orange", "Brown", "Red", "Black")
    history_tables = (("human=Anna", "human=Bruno", "bot:hard"),
                      ("human=Anna", "bot:normal", "bot:normal", "bot:easy"),
                      ("human=Chiara", "bot:hard", "bot:easy"),
                      ("human=Bruno", "human=Anna", "bot:easy", "bot:hard"))

    def table_plan(self):
        from table_plans import ColoradoPlan

        return ColoradoPlan

    def results(self, state, names, colours):
        from game.games.colorado.table.results import POINT_COLUMNS, result_columns, result_rows

        return (result_rows(state, names, colours), result_columns(state),
                list(POINT_COLUMNS))

    def engine_names(self, n):
        return list(PLAYER_NAMES[:n])

    def scrap_lesson(self):
        return "scrap_lessons:COLORADO"

    def new(self, n, seed):
        return new_game(n, seed, lakes="random" if seed % 2 else "first")

    def check_invariants(self, s):
        n = s.num_players
        on_board = Counter(p for p in s.owner if p >= 0)
        for p in range(n):
            assert s.cubes_left[p] + on_board[p] == 40 and s.cubes_left[p] >= 0
        assert s.cube_mask == sum(1 << i for i in range(NUM_CELLS) if s.owner[i] >= 0)
        assert all(s.lakemap.lake_at[i] < 0 for i in range(NUM_CELLS) if s.owner[i] >= 0)
        # cowboys: hands + bag = 66 (pending bids are held in the hand until revealed)
        assert sorted([c for h in s.hands for c in h] + s.bag) == ALL_COWBOYS
        for p in range(n):
            if s.bids[p]:
                assert set(s.bids[p]) <= set(s.hands[p])
        if s.sale is not None:
            for p, b in s.sale.bids.items():
                assert b is None or set(b) <= set(s.hands[p])
        cards = [c for d in s.decks for c in d] + s.round_deck + s.revealed + s.used_cards \
            + s.discarded
        assert sorted(cards) == list(range(48))
        if not s.is_over():
            flags = [c for h in s.flag_hands for c in h] + [c for c, _ in s.flags.values()] \
                + s.flags_unplaced
            assert Counter(flags) == Counter({c: 3 for c in FLAG_COLOURS})
            assert all(s.owner[i] >= 0 or s.lakemap.lake_at[i] < 0 for i in s.flags)
        for lake in s.lakes:
            counts = [sum(1 for f in lake.fields if s.owner[f] == p) for p in range(n)]
            assert s.lake_counts[lake.index] == counts
            if s.lake_owner[lake.index] < 0:
                assert max(counts) == 0
        for p in s.to_act():
            assert s.legal_actions(p), (s.phase, p)

    def scrambled(self, s, viewer, rng):
        c = s.clone()
        others = [p for p in range(c.num_players) if p != viewer]
        pool = c.bag + [x for p in others for x in c.hands[p]]
        rng.shuffle(pool)
        k = 0
        for p in others:
            m = len(c.hands[p])
            c.hands[p] = sorted(pool[k:k + m])
            k += m
            if c.bids[p] is not None:
                c.bids[p] = tuple(sorted(rng.sample(c.hands[p], rng.randint(0, m))))
            if c.sale is not None and c.sale.bids.get(p) is not None:
                c.sale.bids[p] = tuple(sorted(rng.sample(c.hands[p], rng.randint(1, m))))
        c.bag = pool[k:]
        if not c.flags_up:
            slots = [("board", i) for i, (_, q) in sorted(c.flags.items()) if q != viewer]
            slots += [("hand", p, j) for p in others for j in range(len(c.flag_hands[p]))]
            colours = [c.flags[sl[1]][0] if sl[0] == "board" else c.flag_hands[sl[1]][sl[2]]
                       for sl in slots]
            rng.shuffle(colours)
            for sl, colour in zip(slots, colours, strict=True):
                if sl[0] == "board":
                    c.flags[sl[1]] = (colour, c.flags[sl[1]][1])
                else:
                    c.flag_hands[sl[1]][sl[2]] = colour
        for d in c.decks:
            rng.shuffle(d)
        rng.shuffle(c.round_deck)
        return c

    def random_candidate(self, s, p, rng):
        legal = s.legal_actions(p)
        other = s.hands[(p + 1) % s.num_players][:1] or [0]
        return rng.choice([
            PlaceFlag(rng.choice(FLAG_COLOURS), (rng.randrange(-1, 20), rng.randrange(99))),
            Bid((999,)), Bid(tuple(other)), TakeCard(rng.randrange(-1, 60)), SaleBid(()),
            self.choose(s, p, legal, rng),
        ])

    def choose(self, s, p, legal, rng):
        a = rng.choice(legal)
        if isinstance(a, Bid) and rng.random() < 0.5:
            return Bid(random_subset(rng, s.hands[p], False))
        if isinstance(a, SaleBid) and rng.random() < 0.5:
            return SaleBid(random_subset(rng, s.hands[p], True))
        if isinstance(a, TakeCard) and a.flag_cell is not None and rng.random() < 0.3 \
                and CARDS[a.card_id].offset is not None:
            # the same use with the other star on the flag: turned half round
            return TakeCard(a.card_id, a.flag_cell, (a.rotation + 2) % 4, 1, a.cubes[::-1])
        return a

    def check_step(self, before, s, action, p, events, stats):
        if not isinstance(action, TakeCard):
            return
        pv = preview_card_use(before, action)
        assert pv == preview_card_use(before.view(p), action)
        placed = [e.data["cell"] for e in events if e.kind == "cube_placed"]
        changes = [{"lake": e.data["lake"], "value": e.data["value"], "from": e.data["from"],
                    "to": e.data["to"]} for e in events if e.kind == "lake_changed"]
        # placements of this card come first among the events
        assert pv["cells"] == placed[:len(pv["cells"])]
        assert pv["lake_changes"] == changes[:len(pv["lake_changes"])]

    def check_view(self, s, viewer, v):
        if viewer is not None:
            assert v["my_cowboys"] == s.hands[viewer]
            own = s.bids[viewer] if s.phase == "bid" else None
            assert v["my_bid"] == (list(own) if own is not None else None)
        else:
            assert v["my_cowboys"] is None and v["my_bid"] is None and v["my_flags"] is None
        assert v["cowboy_counts"] == [len(h) for h in s.hands]
        if s.sale is not None and v["my_sale_bid"] is not None:
            assert v["my_sale_bid"] == list(s.sale.bids[viewer])
        if v["sale"] is not None:
            assert set(v["sale"]) == {"seller", "cell", "queue", "interested", "declined",
                                      "buyer", "auction_bidders", "auction_bids_in"}
            assert all(isinstance(p, int) for p in v["sale"]["auction_bids_in"])
        for f in v["flags"]:  # face-down flags: only their placer sees the colour
            if not s.flags_up and f["placed_by"] != viewer:
                assert f["colour"] is None
        assert not {"bag", "decks", "round_deck", "hands", "bids"} & set(v)

    def check_end(self, s, stats):
        assert s.round == 4 and len(s.round_results) == 4
        best = max(s.score)
        tops = [p for p in range(s.num_players) if s.score[p] == best]
        most = max(s.cubes_on_board(p) for p in tops)
        assert s.winners() == [p for p in tops if s.cubes_on_board(p) == most]


HOOKS = ColoradoHooks()
