"""The hard Oasis bot: the normal bot's ranking as candidates, an evaluation that is the final
score once the end is triggered, choices that depend on the seat's view only, a clearly best
offer found, and a time budget kept.

Seats: 0 red (the searching bot), 1 blue, 2 green.
"""

from __future__ import annotations

import random

from ticking_clock import TickingClock

from game.bots import make_bot
from game.bots.search import Budget, HardBot, analyse
from game.games.oasis.bots.evaluation import Position
from game.games.oasis.bots.normal import NormalBot, sample_positions
from game.games.oasis.bots.search import OasisSearch, disc_worth, search_rules
from game.games.oasis.engine import StopOffer, TakeOffer, TurnCard, new_game
from game.games.oasis.engine.flow import trigger_end
from game.games.oasis.engine.scenario import _take_card, give_score_tiles, put_area
from game.games.oasis.engine.state import OasisState

ME, BLUE, GREEN = range(3)


def test_ranking_starts_with_the_normal_choice_and_holds_every_action():
    for view, legal in sample_positions(150, seed=3):
        ranked = NormalBot(4).ranking(view, legal)
        assert ranked[0] == NormalBot(4).choose(view, legal)
        assert sorted(map(repr, ranked)) == sorted(map(repr, legal))


def test_candidates_follow_the_phase():
    rules = search_rules()
    steps = set()
    for view, legal in sample_positions(150, seed=8):
        found = rules.candidates(view, legal)
        assert all(a in legal for a in found)
        step = view["step"]
        steps.add(step)
        ranking = NormalBot(0).ranking(view, legal)
        if step in ("offer", "choose", "pick_card"):
            assert found[0] == ranking[0]
        if step in ("offer", "choose"):
            assert len(found) == min(len(legal), 2 if step == "offer" else len(legal))
        elif step == "pick_card":  # the order of cards: the normal bot's own
            assert len(found) == 1
        else:  # placements: the learned blend's pick of the normal bot's best few
            assert len(found) == 1 and found[0] in ranking[:rules.learned_width]
    assert {"offer", "choose", "place_tiles", "bonus"} <= steps


def game_at(seed: int, steps: int, seat: int = ME, phase: str = "offer") -> OasisState:
    """A 3-player game of normal bots played ``steps`` actions on, then on to ``seat``'s next
    decision with a choice in ``phase``."""
    st = new_game(3, seed)
    bots = [NormalBot(q) for q in range(3)]
    done = 0
    while True:
        p = st.to_act()[0]
        legal = st.legal_actions(p)
        if done >= steps and p == seat and st.phase == phase and len(legal) > 1:
            return st
        st.apply(bots[p].choose(st.view(p), legal), p)
        done += 1
        assert not st.is_over()


def test_same_view_same_choice_whatever_the_hidden_truth():
    st = game_at(5, 40)
    view = st.view(ME)
    other = OasisState.state_from_view(view, random.Random(99))  # other decks, other tiles
    assert other.view(ME) == view
    assert other.offer_decks != st.offer_decks or other.score_tiles != st.score_tiles
    budget = Budget(seconds=None, iterations=6)
    first = HardBot(search_rules(), 7, budget)
    second = HardBot(search_rules(), 7, budget)
    assert first.choose(view, st.legal_actions(ME)) == second.choose(
        other.view(ME), other.legal_actions(ME))
    assert first.last is not None and second.last is not None
    assert [(c.action, c.visits, c.points) for c in first.last.choices] == \
        [(c.action, c.visits, c.points) for c in second.last.choices]
    assert {c.action for c in first.last.choices} == {TurnCard(), StopOffer()}


def final_round_bonus() -> OasisState:
    """The bonus action of the last round (a kind's supply ran out): blue holds disc #1."""
    st = game_at(2, 60, seat=BLUE, phase="bonus")
    trigger_end(st, "supply", "stone", "The stone tiles have run out")
    return st


def test_evaluation_is_the_final_score_once_the_end_is_triggered():
    st = final_round_bonus()
    rules = OasisSearch()
    values = rules.projection(st)
    scores = [st.view(q)["scores"][q] for q in range(3)]  # each seat's points as they stand
    for q in (ME, GREEN):
        assert values[q] == scores[q]
    bonus = max(Position(st.view(BLUE)).mult(BLUE, k) for k in ("oasis", "steppe", "stone"))
    assert values[BLUE] == scores[BLUE] + bonus
    played = rules.evaluate(st)  # the bonus is the round's last decision: nothing to play
    assert played == values


def test_evaluation_values_the_disc_for_the_next_round():
    st = game_at(3, 30, phase="choose")
    pos = Position(st.view(ME))
    worth = [disc_worth(Position(st.view(q)), q) for q in range(3)]
    assert pos.rem > 0
    first = st.disc.index(1)
    last = st.disc.index(3)
    assert worth[first] > worth[last] == 0.0


def offers_for_me(seed: int, offers: dict[int, list[str]]) -> OasisState:
    """A 3-player game in the choosing phase with the given offers; red holds disc #1."""
    st = new_game(3, seed)
    st.disc = [1, 2, 3]
    st.order = [ME, BLUE, GREEN]
    for q, cards in offers.items():
        for card in cards:
            _take_card(st, card)
        st.offers[q] = list(cards)
    st.phase = "choose"
    st.pos = 0
    return st


def test_search_finds_the_clearly_best_offer():
    st = offers_for_me(4, {ME: ["draw3"], BLUE: ["ovoo2", "stone1"], GREEN: ["camels2"]})
    put_area(st, "stone", [(5, 11), (6, 11), (6, 12), (5, 12), (4, 12)], owner=ME)
    give_score_tiles(st, ME, ovoo=3)
    view = st.view(ME)
    found = analyse(search_rules(), view, st.legal_actions(ME),
                    Budget(seconds=None, iterations=8), seed=1)
    assert found.best.action == TakeOffer(BLUE)
    other = found.choice_for(TakeOffer(GREEN))
    assert other is not None and other.visits > 0
    assert found.best.points > other.points + 5  # two ovoo on a stone area of five and more
    assert make_bot("oasis", "hard", 3, Budget(seconds=None, iterations=8)).choose(
        view, st.legal_actions(ME)) == TakeOffer(BLUE)


def test_a_time_budget_is_kept():
    """The table's budget (1 s) ends within 1.1 s, determinizations included (the clock is
    read once an iteration, which here takes 50 ms)."""
    st = game_at(6, 0)  # the first offer: the round's longest playouts
    view, legal = st.view(ME), st.legal_actions(ME)
    bot = HardBot(search_rules(), 1, Budget(seconds=1.0), clock=TickingClock(0.05))
    bot.choose(view, legal)
    assert bot.last is not None and bot.last.iterations >= 2
    assert bot.last.seconds <= 1.0 * 1.1
