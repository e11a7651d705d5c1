"""The hard Oregon bot (``game.games.oregon.bots.search``): its candidates come from the normal
bot's own ranking, its rollouts stop between turns, its evaluation counts what each seat
can still expect, and it finds a clearly best play, reproducibly and from the view alone.

Hand-made positions use ``positions.TEST_BOARD`` (see ``test_oregon_bots``).
"""

from __future__ import annotations

import random

import pytest
from ticking_clock import TickingClock

from game.bots import make_bot
from game.bots.search import Budget, HardBot, analyse
from game.games.oregon.bots.evaluation import Position
from game.games.oregon.bots.normal import NormalBot, play_value, sample_positions
from game.games.oregon.bots.search import (
    HARD_WEIGHTS,
    OregonSearch,
    RolloutBot,
    _placement,
    board_potential,
    keep_joker,
    search_rules,
)
from game.games.oregon.bots.weights import DEFAULT_WEIGHTS
from game.games.oregon.engine import PlaceFarmer, UseExtraTurn, preview
from game.games.oregon.engine.actions import DiscardDead, Draw, KeepCard
from game.games.oregon.engine.positions import (
    blank_position,
    card_of,
    give_hand,
    put_building,
    put_farmer,
    scrambled,
)

ME, BLUE = 0, 1
RULES = OregonSearch()  # the hand-made ranking alone (the learned one: test_oregon_learned.py)


class EverySearch(OregonSearch):
    """Searches every play and extra-turn decision, not only near the end."""

    def near_end(self, view):
        return True


EVERY = EverySearch()


def ranker(seed: int = 0) -> NormalBot:
    return NormalBot(seed, HARD_WEIGHTS)


def positions(phase: str, n: int = 120, seed: int = 3):
    return [(v, legal) for v, legal in sample_positions(n, seed=seed) if v["phase"] == phase]


# --- the candidates ------------------------------------------------------------------------
def test_only_decisions_near_the_end_are_searched():
    near = far = 0
    for view, legal in positions("play", 200) + positions("extra_turn", 200):
        cands = RULES.candidates(view, legal)
        if Position(view).turns_left <= RULES.endgame_turns:
            near += len(cands) > 1
            assert cands == EVERY.candidates(view, legal)
        else:
            far += 1
            assert cands == [ranker().choose(view, legal)]
    assert near >= 5 and far >= 5


def test_play_candidates_are_the_normal_bots_best_distinct_plays():
    checked = 0
    for view, legal in positions("play"):
        cands = EVERY.candidates(view, legal)
        pos = Position(view, HARD_WEIGHTS)
        values = {a: play_value(pos, a) for a in legal}
        best = max(values[a] for a in keep_joker(legal))  # the joker kept where it can be
        assert 1 <= len(cands) <= EVERY.width
        assert all(a in legal for a in cands)
        assert values[cands[0]] == best  # the normal bot's first choice leads
        assert [values[a] for a in cands] == sorted((values[a] for a in cands), reverse=True)
        assert all(values[a] >= best - EVERY.window for a in cands)
        # the normal bot's own choice is the first candidate or as good, up to its noise
        chosen = ranker(4).choose(view, legal)
        assert values[chosen] >= best - 0.05
        # no two candidates make the same play with cards of the same kind
        effects = {(type(a), getattr(a, "cell", None),
                    tuple(c // 10 if c < 50 else 10 + (c - 50) // 3 for c in a.cards))
                   for a in cands}
        assert len(effects) == len(cands)
        checked += 1
    assert checked >= 10


def test_ranked_plays_leave_the_normal_bots_choices_alone():
    for view, legal in positions("play", 80, seed=9):
        ranked = NormalBot(1).ranked_plays(view, legal)
        assert sorted(map(str, (a for _, a in ranked))) == sorted(map(str, legal))
        assert [v for v, _ in ranked] == sorted((v for v, _ in ranked), reverse=True)
        # a bot that ranked first still chooses exactly as one that did not
        bot, fresh = NormalBot(6), NormalBot(6)
        bot.ranked_plays(view, legal)
        assert bot.choose(view, legal) == fresh.choose(view, legal)


def test_extra_turns_are_searched_and_draws_left_to_the_normal_bot():
    for view, legal in positions("extra_turn", 200):
        cands = EVERY.candidates(view, legal)
        assert sorted(map(str, cands)) == sorted(map(str, legal))
        assert cands[0] == ranker().choose(view, legal)
    draws = positions("draw", 100)
    assert draws
    for view, legal in draws:
        assert EVERY.candidates(view, legal) == [ranker().choose(view, legal)]
        # so a hard bot answers at once, with no search
        bot = HardBot(EVERY, 1, Budget(None, 10_000))
        assert bot.choose(view, legal) == ranker().choose(view, legal)
        assert bot.last is None or bot.last.iterations == 0


# --- rollouts and evaluation ---------------------------------------------------------------
def test_rollouts_stop_only_between_turns():
    st = blank_position(2, current=ME)
    give_hand(st, ME, [card_of("eagle"), card_of("bison"), card_of("settlers"),
                       card_of("station")])
    assert st.phase == "play" and st.plays == 0
    assert RULES.settled(st)
    st.apply(st.legal_actions()[0])
    assert not RULES.settled(st)
    # near the end a rollout goes on to the final points
    st = blank_position(2, current=ME)
    st.end_triggered = True
    assert st.phase == "play" and st.plays == 0
    assert not RULES.settled(st)


def test_the_evaluation_counts_points_tokens_and_hands():
    st = blank_position(2, current=ME)
    put_farmer(st, ME, (8, 0))
    st.score[ME], st.score[BLUE] = 10, 12
    st.coal[ME] = [3]
    give_hand(st, ME, [card_of("eagle"), card_of("bison"), card_of("settlers"),
                       card_of("station")])
    give_hand(st, BLUE, [card_of("eagle", 1), card_of("bison", 1), card_of("settlers", 1),
                         card_of("station", 1)])
    values = RULES.evaluate(st)
    tf = Position(st.view(ME)).tf
    assert tf > 0
    assert values[ME] > 13  # points and the coal token, plus what the hand and tokens add
    base = list(values)
    st.joker[ME] = False
    assert RULES.evaluate(st)[ME] == pytest.approx(base[ME] - DEFAULT_WEIGHTS.joker * tf)
    assert RULES.evaluate(st)[BLUE] == pytest.approx(base[BLUE])
    st.extra[BLUE] = False
    assert RULES.evaluate(st)[BLUE] == pytest.approx(base[BLUE] - DEFAULT_WEIGHTS.extra * tf)


def test_a_finished_game_is_valued_at_its_final_points():
    st = blank_position(2, current=ME)
    st.phase = "over"
    st.score[:] = [20, 25]
    st.gold[ME] = [6]
    assert list(RULES.evaluate(st)) == [26, 25]


# --- the search ----------------------------------------------------------------------------
def group_bonus_position():
    st = blank_position(2, current=ME)
    st.joker[ME] = False
    put_farmer(st, ME, (8, 0))
    put_farmer(st, ME, (9, 0))
    give_hand(st, ME, [card_of("eagle"), card_of("bison"), card_of("settlers"),
                       card_of("station")])
    return st


def test_the_hard_bot_takes_a_clearly_best_play():
    # J2 makes the group of three beside a post office and a harbour: +12 now
    st = group_bonus_position()
    put_building(st, "post_office", (8, 2))
    put_building(st, "harbour", (10, 2))
    legal = st.legal_actions(ME)
    result = analyse(EVERY, st.view(ME), legal, Budget(None, 60), 3)
    best = result.best.action
    assert isinstance(best, PlaceFarmer)
    assert preview(st, best)["players"][ME]["group_bonus"] == 5
    assert result.best.points >= max(c.points for c in result.choices) - 1.0


def test_the_search_prefers_a_clearly_better_play_to_the_normal_bots_choice():
    """A rules variant whose candidates put a poor play first: the search must still find
    the group bonus, which beats it on every round by more than the anchor."""
    st = group_bonus_position()
    legal = st.legal_actions(ME)
    bonus = EVERY.candidates(st.view(ME), legal)[0]
    assert preview(st, bonus)["players"][ME]["group_bonus"] == 5
    poor = min(legal, key=lambda a: play_value(Position(st.view(ME)), a))

    class PoorFirst(OregonSearch):
        def candidates(self, view, legal):
            return [poor, bonus]

    result = analyse(PoorFirst(), st.view(ME), legal, Budget(None, 40), 3)
    assert result.best.action == bonus
    assert result.gain() > 3


def test_same_seed_and_iterations_same_choice_and_analysis():
    view, legal = positions("play", 60, seed=12)[2]
    runs = [analyse(EVERY, view, legal, Budget(None, 30), 8) for _ in range(2)]
    assert [(c.action, c.visits, c.points) for c in runs[0].choices] == \
        [(c.action, c.visits, c.points) for c in runs[1].choices]
    bots = [make_bot("oregon", "hard", 5, Budget(None, 30)) for _ in range(2)]
    assert bots[0].choose(view, legal) == bots[1].choose(view, legal)


def test_same_view_same_choice_whatever_the_other_hands_and_tokens():
    st = group_bonus_position()
    st.coal[BLUE] = [1]
    st.gold[BLUE] = [7]
    other = scrambled(st, ME, random.Random(4))
    other.coal[BLUE] = [3]
    other.gold[BLUE] = [4]
    assert other.view(ME) == st.view(ME)
    assert other.hands[BLUE] != st.hands[BLUE] or other.deck != st.deck
    picks = []
    for s in (st, other):
        bot = HardBot(EVERY, 2, Budget(None, 25))
        picks.append((bot.choose(s.view(ME), s.legal_actions(ME)),
                      [(c.action, c.visits, c.points) for c in bot.last.choices]))
    assert picks[0] == picks[1]


def test_the_extra_turn_is_used_for_a_good_play():
    from game.games.oregon.engine import PlaceBuilding
    from game.games.oregon.engine.positions import put_building

    st = blank_position(2, current=ME)
    st.joker[ME] = False
    put_building(st, "harbour", (3, 1))
    put_building(st, "post_office", (3, 3))
    give_hand(st, ME, [card_of("bison"), card_of("wagon"), card_of("settlers"),
                       card_of("station")])
    st.apply(PlaceBuilding((card_of("settlers"), card_of("station")), (0, 7)))
    assert st.phase == "extra_turn"
    bot = HardBot(EVERY, 3, Budget(None, 30))
    assert bot.choose(st.view(ME), st.legal_actions(ME)) == UseExtraTurn()


def test_a_time_budget_is_kept():
    view, legal = max(positions("play", 120, seed=4), key=lambda p: len(p[1]))
    bot = HardBot(EVERY, 1, Budget(seconds=0.3), clock=TickingClock(0.02))  # 20 ms a step
    result = bot.choose(view, legal)
    assert result in legal
    assert bot.last is not None and bot.last.iterations > 1
    assert bot.last.seconds <= 0.3 * 1.1


def test_rollout_draws_follow_the_quick_rule():
    draws = positions("draw", 200, seed=6)
    assert draws
    bot = RolloutBot(1)
    for view, legal in draws:
        choice = bot.choose(view, legal)
        assert choice in legal
        kinds = {type(a) for a in legal}
        if DiscardDead in kinds:
            assert isinstance(choice, DiscardDead)
        elif KeepCard in kinds:
            assert isinstance(choice, KeepCard)
        elif len(legal) == 2:
            want = "building" if not any(c >= 50 for c in view["hand"]) else "landscape"
            assert choice == Draw(want)


def test_board_potential_counts_sites_and_pairs():
    st = blank_position(2, current=ME)
    assert board_potential(Position(st.view(ME))) == 0.0
    put_farmer(st, ME, (8, 0))
    one = board_potential(Position(st.view(ME)))
    assert one > 0  # free building sites beside the farmer
    put_farmer(st, ME, (9, 0))
    pos = Position(st.view(ME))
    two = board_potential(pos)
    assert two >= one + DEFAULT_WEIGHTS.pair * pos.tf  # and a pair a third farmer completes
    st.marked[ME] = st.farmers[ME]  # a scored group is no pair to complete
    assert board_potential(Position(st.view(ME))) < two


# --- what a farmer takes from the others ---------------------------------------------------
def _farmer_values(st, cell):
    """(hard ranking's, normal bot's) value of the viewer's farmer on ``cell``."""
    view = st.view(ME)
    i = st.board.index(cell)
    return (Position(view, HARD_WEIGHTS).farmer_value(i),
            Position(view, DEFAULT_WEIGHTS).farmer_value(i))


def test_taking_a_site_beside_the_others_farmers_is_worth_more_to_the_hard_ranking():
    st = blank_position(2, current=ME)
    for cell in ((8, 1), (9, 1), (10, 2)):
        put_farmer(st, BLUE, cell)
    hard, normal = _farmer_values(st, (9, 2))  # a free plains site beside blue's three
    assert hard > normal + 0.5
    mine = blank_position(2, current=ME)
    for cell in ((8, 1), (9, 1), (10, 2)):
        put_farmer(mine, ME, cell)
    hard, normal = _farmer_values(mine, (9, 2))  # the same site, beside the viewer's own
    assert hard < normal


def test_taking_a_spot_beside_a_building_is_worth_what_the_others_would_score_there():
    st = blank_position(2, current=ME)
    put_farmer(st, BLUE, (0, 9))  # far away: the opponent's weight, no site shared
    bare_hard, bare_normal = _farmer_values(st, (9, 2))
    put_building(st, "post_office", (8, 3))
    hard, normal = _farmer_values(st, (9, 2))
    pos = Position(st.view(ME), HARD_WEIGHTS)
    taken = HARD_WEIGHTS.deny_spot * 3 * sum(pos.w)  # a post office pays a farmer 3
    assert (hard - normal) - (bare_hard - bare_normal) == pytest.approx(taken)


def test_the_hard_ranking_takes_the_extra_turn_more_readily():
    """Playing again at once also refills the hand with fresh draws, so the hard ranking
    values the extra turn's play above its points: it takes the extra turn wherever the
    normal bot does, and in some positions where the normal bot keeps the token."""
    more = 0
    for view, legal in positions("extra_turn", 400):
        normal = NormalBot(0).choose(view, legal)
        hard = ranker().choose(view, legal)
        if isinstance(normal, UseExtraTurn):
            assert isinstance(hard, UseExtraTurn)
        more += isinstance(hard, UseExtraTurn) and not isinstance(normal, UseExtraTurn)
    assert more >= 1


# --- the joker is kept where cards in hand make the same play ------------------------------------
def _turn_one_with_joker_and_cards():
    """Seed 2, two seats, the first play of the game: the seat to play holds the joker and two
    landscape cards of the same kind, so a farmer on the cell they name can be placed with
    both cards or with one card and the joker (normal bots set the start tiles)."""
    from game.games.oregon.engine import new_game

    state = new_game(2, 2)
    bots = [make_bot("oregon", "normal", q) for q in range(2)]
    while len(state.history) < 2:
        p = state.to_act()[0]
        state.apply(bots[p].choose(state.view(p), state.legal_actions(p)), p)
    p = state.to_act()[0]
    view, legal = state.view(p), state.legal_actions(p)
    assert view["phase"] == "play" and view["players"][p]["joker_active"]
    both = [(a, b) for a in legal if isinstance(a, PlaceFarmer) and a.uses_joker
            for b in legal if isinstance(b, PlaceFarmer) and not b.uses_joker
            and a.cell == b.cell]
    assert both  # the same farmer on the same cell, with the joker or without it
    return view, legal


def test_the_joker_is_not_spent_where_cards_in_hand_make_the_same_play():
    """Among plays that put the same farmer or building on the same cell (so score the same),
    the hard bot and the suggestion take the one that keeps the joker (its ranking liked
    spending it here: the landscape card kept counts towards a later play)."""
    view, legal = _turn_one_with_joker_and_cards()
    ranked_first = NormalBot(0, HARD_WEIGHTS).choose(view, legal)
    assert ranked_first.uses_joker  # what the ranking alone would play
    assert not any(getattr(a, "uses_joker", False)
                   for a in OregonSearch().candidates(view, legal))
    plain = {_placement(a) for a in legal if not a.uses_joker}

    def wastes_joker(a) -> bool:
        return a.uses_joker and _placement(a) in plain

    assert wastes_joker(ranked_first)
    hard = make_bot("oregon", "hard", 4, Budget(seconds=None, iterations=4))
    assert not wastes_joker(hard.choose(view, legal))
    suggestion = analyse(search_rules(), view, legal, Budget(seconds=None, iterations=4), 4)
    assert not wastes_joker(suggestion.best.action)
    weighed, _gap = suggestion.ranked
    assert suggestion.legal == len(legal) and 2 <= weighed < len(legal)
