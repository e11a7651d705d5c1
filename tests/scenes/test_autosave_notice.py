"""A failed autosave is said on the table: when saving starts to fail, again when it still
fails a while later or fails anew after working, and that it works again; never on every
move.  The notice fits over the board in every language at Text size 100 % and 150 %."""

from __future__ import annotations

import errno
from concurrent.futures import Future

import pytest
from language_check import speaking
from text_boxes import WholeTextRecorder, open_table

from game import saves
from game.config import Config
from game.i18n import LANGUAGES
from game.registry import GAMES
from game.scenes.services import Services
from game.scenes.table import autosave as autosave_module
from game.scenes.table import screen
from game.scenes.table.autosave import REMIND_SECONDS, SAVE_FAILED, SAVED_AGAIN, Autosaver
from game.scenes.table.table import SAVE_NOTICE_SECONDS
from game.settings import Settings
from game.ui import theme


@pytest.fixture(autouse=True)
def scale_back():
    yield
    theme.set_ui_scale(1.0)


def disk_full(*_args, **_kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")


def written(worked: bool) -> Future:
    done: Future = Future()
    done.set_result(worked)
    return done


def test_the_failure_is_said_when_it_starts_again_a_while_later_and_after_working(monkeypatch):
    outcomes: list[bool] = []
    monkeypatch.setattr(autosave_module.saves, "autosave",
                        lambda *_args: written(outcomes.pop(0)))
    saver = Autosaver(Config())

    def move(worked: bool, seconds: float = 1.0):
        outcomes.append(worked)
        saver.save(None, [])
        return saver.poll(seconds)

    assert move(True) is None
    assert move(False) is SAVE_FAILED  # it starts failing: said
    assert [move(False) for _ in range(20)] == [None] * 20  # not on every move
    assert move(False, REMIND_SECONDS) is SAVE_FAILED  # still failing a while later
    assert move(False) is None
    assert move(True) is SAVED_AGAIN
    assert move(True) is None
    assert move(False) is SAVE_FAILED  # failing anew after it worked


def test_a_write_not_finished_yet_is_looked_at_once_it_is(monkeypatch):
    pending: Future = Future()
    monkeypatch.setattr(autosave_module.saves, "autosave", lambda *_args: pending)
    saver = Autosaver(Config())
    saver.save(None, [])
    assert saver.poll(1.0) is None
    pending.set_result(False)
    assert saver.poll(1.0) is SAVE_FAILED


@pytest.fixture
def svc(display):
    services = Services.standalone(Config(mute=True))
    yield services
    services.close()


def frames(svc, n=1):
    for _ in range(n):
        svc.stack.update(1 / 60)
        svc.stack.apply_pending()


def play(svc, t):
    """The human's next move (the bots' before it), its autosave written and looked at."""
    while not t.human_can_act:
        frames(svc)
    t.controls.try_action(t.legal()[0])
    svc.config.writer.flush()
    frames(svc)


def test_a_table_whose_saves_fail_says_so_plainly_and_not_after_every_move(svc, monkeypatch):
    monkeypatch.setattr(saves, "write_atomic", disk_full)
    t = open_table(svc, "oregon", "human,bot:easy")
    play(svc, t)
    assert t.save_notice is SAVE_FAILED and screen.save_notice_box(t) is not None
    rec = WholeTextRecorder()
    t.draw(rec)
    shown = " ".join(m for m, _r in rec.texts)
    assert "could not be saved" in shown and "cannot continue it later" in shown
    t.save_notice = None  # it was said; the next failing moves do not say it again
    for _ in range(4):
        play(svc, t)
    assert t.save_notice is None
    # the notice goes after a while, and says so again once a save works
    t.save_notice = SAVE_FAILED
    t.update(SAVE_NOTICE_SECONDS + 1)
    assert screen.save_notice_box(t) is None
    monkeypatch.undo()
    play(svc, t)
    assert t.save_notice is SAVED_AGAIN and saves.autosave_path(svc.config).exists()


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("code", LANGUAGES)
def test_the_notice_fits_over_the_board_in_every_language(display, code, game_id, scale):
    svc = Services.standalone(Config(mute=True), Settings(ui_scale=scale))
    try:
        players = ",".join(["human"] + ["bot:easy"] * (GAMES[game_id].max_players - 1))
        t = open_table(svc, game_id, players)
        with speaking(code) as missing:
            for notice in (SAVE_FAILED, SAVED_AGAIN):
                t.save_notice, t.save_notice_time = notice, SAVE_NOTICE_SECONDS
                box = screen.save_notice_box(t)
                assert box is not None
                rect = box[0]
                assert t.layout.board_rect.contains(rect), (rect, t.layout.board_rect)
                rec = WholeTextRecorder()
                screen.draw_save_notice(t, rec)
                assert rec.texts
                for message, drawn in rec.texts:
                    assert rect.inflate(-16, -4).contains(drawn), (message, drawn, rect)
        assert not missing & {SAVE_FAILED.message, SAVED_AGAIN.message}
    finally:
        svc.close()
