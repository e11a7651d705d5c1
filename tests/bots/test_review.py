"""The post-game review's analysis (game.bots.review): one verdict per decision a human seat
made with a choice, losses never below zero, the three costliest marked, progress as the
searches come back, and a cancel that ends the thread and its process."""

import os
import threading

import pytest
from finished_games import finished

import game.games.colorado.bots.normal as colorado_bots
from game.bots import review as rv
from game.bots.remote import SearchFailed, SearchProcess
from game.bots.search import Analysis, Budget, Choice
from game.engine.save_files import replay
from game.games.oregon.engine import Draw, KeepCard
from game.registry import GAMES

TINY = Budget(seconds=None, iterations=2)


class InThread:
    """A search process that searches in the calling thread."""

    closed = False

    def run(self, fn, *args, timeout):
        return fn(*args)

    def close(self):
        self.closed = True


def expected_decisions(state, humans):
    """(move, seat) of every recorded move of ``humans`` with more than one legal action,
    found by replaying the game from its seed."""
    st = GAMES[state.GAME_ID].new(state.num_players, state.seed, **state.options)
    out = []
    for k, (p, action) in enumerate(state.history):
        if p in humans and len(st.legal_actions(p)) > 1:
            out.append((k, p))
        st.apply(action, p)
    return out


def run_review(state, humans, process=None, budget=TINY):
    review = rv.Review(state, humans, process or InThread(), budget)
    review.start()
    assert review.join(120)
    return review


@pytest.fixture(scope="module")
def oregon_review():
    state = finished("oregon", 2)
    return state, run_review(state, {1})


def test_one_verdict_per_human_decision_with_a_choice(oregon_review):
    state, review = oregon_review
    wanted = expected_decisions(state, {1})
    assert wanted and len(wanted) < sum(1 for p, _a in state.history if p == 1)
    assert [(v.move, v.seat) for v in review.verdicts] == wanted
    assert review.complete and review.progress == (len(wanted), len(wanted))
    for v in review.verdicts:
        assert state.history[v.move] == (v.seat, v.played)
        assert v.loss >= 0
        if v.agrees:
            assert v.loss == 0 and v.best_words == v.played_words
        else:
            assert v.best != v.played
    assert any(v.loss > 0 for v in review.verdicts)


def test_the_marks_are_the_three_costliest_moves(oregon_review):
    _state, review = oregon_review
    marks = review.marks()
    losses = sorted((v.loss for v in review.verdicts), reverse=True)
    assert len(marks) == 3
    assert [m.loss for m in marks] == losses[:3]
    assert all(v.loss <= marks[-1].loss for v in review.verdicts if v not in marks)


def test_costliest_breaks_ties_by_move_and_skips_moves_that_cost_nothing():
    def verdict(move, loss):
        return rv.Verdict(move, 0, KeepCard(), KeepCard(), loss, (), ())

    vs = [verdict(5, 2.0), verdict(1, 0.0), verdict(9, 4.0), verdict(3, 2.0), verdict(7, 1.0)]
    assert [v.move for v in rv.costliest(vs)] == [9, 3, 5]
    assert rv.costliest([verdict(2, 0.0), verdict(4, 0.5)]) == [vs[0].__class__(
        4, 0, KeepCard(), KeepCard(), 0.5, (), ())]


def test_a_review_is_reproducible_from_the_seed_and_the_iterations(oregon_review):
    state, review = oregon_review
    part = replay(state, upto=len(state.history) // 3)
    again = run_review(part, {1})
    assert again.verdicts
    assert [(v.move, v.best, v.loss) for v in again.verdicts] == \
        [(v.move, v.best, v.loss) for v in review.verdicts[:len(again.verdicts)]]


def test_the_move_played_is_always_weighed():
    """Even a budget that ends before the root's actions were all tried searches each."""
    state = finished("oasis", 3)
    d = next(d for d in rv.decisions(state, {0}) if len(d.legal) > 3)
    analysis = rv.review_search("oasis", 1, Budget(seconds=None, iterations=1), d.view,
                                d.legal, d.played)
    assert len(analysis.choices) > 1
    assert all(c.visits for c in analysis.choices)
    assert analysis.choice_for(d.played) is not None


def test_the_move_played_is_weighed_first_when_time_is_short():
    state = finished("colorado", 3)
    d = next(d for d in rv.decisions(state, {0}) if len(d.legal) > 3 and d.played != d.legal[0])
    analysis = rv.review_search("colorado", 1, Budget(seconds=1e-6), d.view, d.legal,
                                d.played)
    assert analysis.choice_for(d.played).visits >= 1


def test_a_loss_is_never_below_zero():
    """The search's choice is its most visited move, whose mean may be below the move
    played: that costs nothing."""
    state = finished("oregon", 3)
    d = next(d for d in rv.decisions(state, {0}) if len(d.legal) > 3)
    other = next(a for a in d.legal if a != d.played)
    analysis = Analysis(0, [Choice(other, 9, 3.0, 0.55), Choice(d.played, 2, 5.0, 0.6)], 11,
                        0.0)
    v = rv.verdict_of(d, analysis)
    assert v.best == other and v.loss == 0.0
    worse = Analysis(0, [Choice(other, 9, 7.5, 0.6), Choice(d.played, 2, 5.0, 0.55)], 11, 0.0)
    assert rv.verdict_of(d, worse).loss == (0.0 if v.agrees else 2.5)


def test_moves_are_told_as_an_onlooker_reads_the_log():
    state = finished("oregon", 3)
    draws = [d for d in rv.decisions(state, {0, 1, 2}) if isinstance(d.played, Draw)]
    assert draws
    for d in draws[:5]:
        words = rv.move_words(d.before, d.played, d.events, d.seat)
        drawn = next(e for e in d.events if e.kind == "drew_card")
        assert words == (drawn.message_for(None),)  # which card: never
        assert drawn.message_for(d.seat) != drawn.message_for(None)


def test_a_secret_bid_is_told_by_its_cowboys():
    state = finished("colorado", 3)
    bids = [d for d in rv.decisions(state, {0}) if type(d.played).__name__ == "Bid"]
    assert bids
    d = bids[0]
    ((message, args),) = rv.move_words(d.before, d.played, d.events, d.seat)
    cowboys = sorted(d.played.cowboys)
    if cowboys:
        assert message == colorado_bots.BID and args["n"] == len(cowboys)
        assert args["cowboys"] == ", ".join(map(str, cowboys))
    else:
        assert message == colorado_bots.BID_NOTHING


class Gate:
    """A search process whose searches wait until the test lets each one through."""

    def __init__(self):
        self.go = threading.Semaphore(0)
        self.asked = threading.Semaphore(0)
        self.closed = False

    def run(self, fn, game_id, seed, budget, view, legal, played, timeout):
        self.asked.release()
        self.go.acquire()
        return Analysis(view["viewer"], [Choice(played, 1, 0.0, 0.5)], 1, 0.0)

    def close(self):
        self.closed = True


def test_progress_advances_with_each_search_and_cancel_stops_it():
    state = finished("oregon", 3)
    gate = Gate()
    review = rv.Review(state, {0}, gate, TINY)
    assert review.progress == (0, None) and not review.finished
    review.start()
    total = len(expected_decisions(state, {0}))
    for k in range(3):
        assert gate.asked.acquire(timeout=30)
        assert review.progress == (k, total)
        gate.go.release()
    assert gate.asked.acquire(timeout=30)  # the fourth search is under way
    assert review.progress == (3, total)
    review.cancel()
    gate.go.release()
    assert review.join(30)
    assert review.finished and not review.complete
    assert review.progress == (4, total)  # the search under way was the last
    assert review.marks() == []
    assert not gate.closed  # a process lent to the review is not closed by it


def test_failing_searches_end_the_review():
    class Broken(InThread):
        def run(self, fn, *args, timeout):
            raise SearchFailed("the search process ended")

    review = run_review(finished("oregon", 3), {0}, Broken())
    assert review.failed and review.finished and not review.complete
    assert review.progress[0] == rv.FAILURES - 1 and review.verdicts == []


def test_a_review_without_humans_has_nothing_to_do():
    review = run_review(finished("oregon", 3), set())
    assert review.complete and review.progress == (0, 0) and review.marks() == []


@pytest.mark.search_process
def test_cancel_ends_the_reviews_own_search_process():
    review = rv.Review(finished("oregon", 3), {0}, None, Budget(seconds=None, iterations=5))
    assert review.own_process and isinstance(review.process, SearchProcess)
    review.start()
    for _ in range(600):
        if review.progress[0] >= 1:
            break
        review.join(0.1)
    assert review.progress[0] >= 1, "the search process answered"
    proc = review.process._proc
    assert proc is not None and proc.is_alive()
    pid = proc.pid
    review.cancel()
    assert review.join(60)
    assert review.finished and not review.complete
    assert not proc.is_alive()
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_cancel_before_start_leaves_nothing_running():
    review = rv.Review(finished("oregon", 3), {0}, None, TINY)
    review.cancel()
    assert review.finished and review.process._proc is None
