""""Suggest a move" at the three tables: the hard bot's analysis of the choosing human's own
view and legal actions (never the state or another seat's view), worked out off the frame
loop, shown as the analysis' best action with the points it expects, nothing played; a
move or a hand-off clears it; a second press while thinking does nothing; absent in a kiosk
and at a table with no human choosing."""

from __future__ import annotations

import threading

import pygame
import pytest
from game_hooks import games_with, table_seats
from table_plans import ColoradoMouseTable, OregonMouseTable, OregonPadTable, table_class

from game.bots import remote
from game.bots.search import Budget
from game.config import Config
from game.registry import GAMES
from game.scenes.handoff import Handoff
from game.scenes.services import Services
from game.scenes.table import screen as table_screen
from game.scenes.table.table import Table
from game.seats import make_seat
from game.ui import intents as I

pytestmark = pytest.mark.usefixtures("no_flip")
TABLES = sorted(games_with("table_plan"))  # the games the tests can play by input
TEST_BUDGET = Budget(seconds=None, iterations=2)  # what conftest gives every search


@pytest.fixture
def asked(monkeypatch):
    """Every search job the tables send: (function, args)."""
    jobs = []
    real = remote.SearchProcess.run

    def run(self, fn, *args, timeout):
        jobs.append((fn, args))
        return real(self, fn, *args, timeout=timeout)

    monkeypatch.setattr(remote.SearchProcess, "run", run)
    return jobs


def hint_jobs(jobs):
    return [args for fn, args in jobs if fn is remote.search_analysis]


def ask(t, via="key"):
    """Press H (or the button, or pad X) and wait until the suggestion is worked out."""
    s = t.scene
    if via == "key":
        t.key(pygame.K_h)
    elif via == "click":
        t.click(table_screen.hint_rect(s).center)
    else:
        t.button("x")
    s.hints.wait(30)
    t.step(2)


@pytest.mark.parametrize("game_id", TABLES)
def test_the_hint_is_the_analysis_best_action_and_nothing_is_played(game_id, make_table,
                                                                     asked):
    t = make_table(table_class(game_id), table_seats(game_id, "human", "bot:hard"),
                   seed=3)
    t.wait_turn()
    s = t.scene
    p = s.chooser
    assert p == 0 and s.suggest.offered
    assert ("hint", table_screen.hint_rect(s)) in s.controls.targets()
    view, legal, history = s.session.state.view(p), s.session.state.legal_actions(p), list(s.session.state.history)
    seed = s.seed * 7919 + s.version
    ask(t)
    assert s.suggest.hint is not None
    expected = remote.search_analysis(game_id, seed, TEST_BUDGET, view, legal)
    assert s.suggest.hint.action == expected.best.action
    assert s.suggest.hint.analysis.choices == expected.choices
    assert s.session.state.history == history  # nothing played for the human
    assert table_screen.prompt_line(s) == s.suggest.hint.line()
    said = (f"of {len(legal)} moves", "plays ranked", f"pick of {len(legal)} moves") \
        if len(legal) > 1 else ("only legal",)
    assert any(words in s.suggest.hint.line() for words in said)
    (args,) = hint_jobs(asked)
    assert args[0] == game_id and args[3] == view and args[4] == legal  # their own view


@pytest.mark.parametrize("via", ["click", "pad"])
def test_the_button_and_the_controller_ask_too(via, make_table):
    t = make_table(OregonPadTable if via == "pad" else OregonMouseTable, "human,bot:easy",
                   seed=2)
    t.wait_turn()
    ask(t, via)
    assert t.scene.suggest.hint is not None


@pytest.mark.parametrize("game_id", TABLES)
def test_a_move_clears_the_hint(game_id, make_table):
    t = make_table(table_class(game_id), table_seats(game_id, "human", "bot:hard"),
                   seed=3)
    t.wait_turn()
    s = t.scene
    ask(t)
    hint = s.suggest.hint
    assert hint is not None
    t.play(hint.action)  # the human plays it themselves
    assert s.session.state.history[-1] == (0, hint.action) or any(
        h == (0, hint.action) for h in s.session.state.history)
    assert s.suggest.hint is None and s.hints.shown is None


@pytest.mark.parametrize("game_id", TABLES)
def test_a_hand_off_clears_the_hint_and_the_next_human_asks_from_their_own_view(
        game_id, make_table, asked):
    t = make_table(table_class(game_id, "pad"), table_seats(game_id, "human", "human"),
                   seed=4)
    t.until_turn()
    s = t.scene
    first = s.chooser
    ask(t)
    assert s.suggest.hint is not None and s.suggest.hint.seat == first
    s.seat_change.hide_private(first)  # the privacy screen (a minute without input) covers the table
    t.step()
    assert isinstance(t.top, Handoff) and s.viewer is None
    assert s.suggest.hint is None  # nobody looks: nothing of the hint shows
    for _ in range(5000):  # the other human's turn comes, past its hand-off
        if s.chooser is not None and s.chooser != first and t.top is s:
            break
        if isinstance(t.top, Handoff):
            if t.top.ready:
                t.button("a")
            else:
                t.step()
            continue
        if s.chooser == first and t.top is s:
            t.play(s.session.state.legal_actions(first)[0])
            continue
        if getattr(getattr(s, "game", None), "scores_held", False) and t.top is s:
            t.game.close_scores()
            continue
        t.step()
    second = s.chooser
    assert second is not None and second != first
    assert s.suggest.hint is None
    ask(t)
    assert s.suggest.hint is not None and s.suggest.hint.seat == second
    views = [args[3] for args in hint_jobs(asked)]
    assert [v["viewer"] for v in views] == [first, second]
    assert views[-1] == s.session.state.view(second)


def test_a_second_press_while_thinking_does_nothing(make_table, monkeypatch):
    release = threading.Event()
    calls = []
    real = remote.SearchProcess.run

    def slow(self, fn, *args, timeout):
        calls.append(fn)
        release.wait(10)
        return real(self, fn, *args, timeout=timeout)

    monkeypatch.setattr(remote.SearchProcess, "run", slow)
    t = make_table(OregonMouseTable, "human,bot:easy", seed=2)
    t.wait_turn()
    s = t.scene
    t.key(pygame.K_h)
    assert s.hints.thinking
    assert table_screen.prompt_line(s) == "Looking for a good move..."
    t.key(pygame.K_h)
    t.click(table_screen.hint_rect(s).center)
    t.step(5)  # frames go on while it thinks
    release.set()
    s.hints.wait(30)
    t.step(2)
    assert calls == [remote.search_analysis]
    assert s.suggest.hint is not None and not s.hints.thinking


@pytest.mark.parametrize("game_id", TABLES)
def test_no_hints_in_a_kiosk(game_id, display, asked):
    services = Services.standalone(Config(kiosk=True))
    info = GAMES[game_id]
    seats = [make_seat(game_id, i, "human" if i == 0 else "bot", "easy")
             for i in range(info.min_players)]
    scene = Table(services, game_id, seats, 3)
    services.stack.reset(scene)
    services.stack.apply_pending()
    for _ in range(3000):
        if scene.human_can_act:
            break
        scene.update(1 / 60)
    assert scene.human_can_act
    assert not scene.suggest.offered
    assert "hint" not in dict(scene.controls.targets())
    scene.handle(I.Intent(I.KEY, key=pygame.K_h))
    scene.handle(I.Intent(I.KEY, key="pad_x"))
    scene.suggest.ask()
    scene.update(1 / 60)
    assert hint_jobs(asked) == [] and scene.suggest.hint is None
    scene.on_exit()
    services.close()


def test_no_hints_while_no_human_chooses(make_table):
    t = make_table(OregonMouseTable, "bot:easy,human", seed=2)
    s = t.scene
    assert s.chooser is None and not s.suggest.offered
    s.suggest.ask()
    assert not s.hints.thinking


def test_another_seats_secret_bid_keeps_the_hint(make_table):
    """In Colorado County's secret bids a bot's bid tells the human nothing and changes none
    of their choices: the hint stays; the human's own bid then clears it."""
    t = make_table(ColoradoMouseTable, "human,bot:easy,bot:easy", seed=3)
    t.wait_turn()
    s = t.scene
    for _ in range(60):  # the human plays on until a round's bidding
        if s.simultaneous() and s.chooser == 0 and len(s.session.state.to_act()) > 1:
            break
        t.play(s.session.state.legal_actions(0)[0])
        t.wait_turn()
    assert s.simultaneous() and s.chooser == 0 and len(s.session.state.to_act()) > 1
    bids = len(s.session.state.history)
    ask(t)  # the bots bid while the human's hint is worked out
    hint = s.suggest.hint
    for q in s.session.state.to_act():
        if q != 0:  # a bot still to bid: as the bot driver plays it
            s.play(s.session.state.legal_actions(q)[0], q)
            t.step(2)
    assert len(s.session.state.history) > bids and s.simultaneous()
    assert s.chooser == 0 and hint is not None and s.suggest.hint is hint
    t.play(hint.action)
    assert s.suggest.hint is None


# --- what the line says it compared -------------------------------------------------------------
def _hint(choices, legal, ranked=None):
    from game.bots.search import Analysis, Choice
    from game.scenes.table.hints import Hint

    return Hint(0, (0, 0), Analysis(0, [Choice(a, v, p, 0.5) for a, v, p in choices], 12, 0.0,
                                    legal, ranked))


def test_the_line_says_how_many_moves_the_search_played_out_and_the_lead():
    line = _hint([("a", 8, 5.2), ("b", 4, 2.1), ("c", 0, 0.0)], 12).line()
    assert "3 of 12 moves played out" in line and "about 3 points better" in line
    assert "as good as" in _hint([("a", 8, 5.2), ("b", 8, 5.0)], 12).line()


def test_a_play_the_ranking_chose_says_how_many_it_weighed_and_by_how_much():
    line = _hint([("a", 0, 0.0)], 40, ranked=(31, 2.6)).line()
    assert "31 plays ranked by points" in line and "about 3 points better than the next" in line
    assert "played out" not in line


def test_a_move_without_a_comparison_says_so():
    assert "only legal move" in _hint([("a", 0, 0.0)], 1).line()
    line = _hint([("a", 0, 0.0)], 5).line()
    assert "pick of 5 moves" in line and "none played out" in line
