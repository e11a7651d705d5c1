"""Finished games go into the history as they end (once; never demo, kiosk, lesson or replay
games), a damaged history is set aside and told once on the title, and the History and
Statistics screens open, scroll, filter and open replays by mouse, keyboard and pad."""

import pygame
import pytest
from histories import TABLES, damage_names_and_scores, finished_state, seats_of, write_history

from game import saves
from game.config import Config
from game.engine.messages import localized
from game.engine.save_files import replay
from game.history import HISTORY_FILE, MAX_SCORE, statistics
from game.scenes.history import GameRow, HistoryScene, StatisticsScene, StatsRow
from game.scenes.replay import ReplayScene
from game.scenes.services import Services
from game.scenes.table import open_table
from game.scenes.title import TitleScene
from game.ui import intents as I
from game.ui import theme


def one_move_short(game_id: str, players: int, seed: int = 3):
    """A game one action before its end."""
    done = finished_state(game_id, players, seed)
    return replay(done, len(done.history) - 1), done


def play_out(services, table, frames: int = 3000) -> None:
    """Step the table until its game is over and the table has shown its end."""
    services.stack.reset(table)
    services.stack.apply_pending()
    for _ in range(frames):
        services.stack.top.update(1 / 60)
        services.stack.apply_pending()
        if table.session.state.is_over() and table.results_shown:
            return
    raise AssertionError("the game did not end")


def bot_table(services, game_id="oregon", players=3, **how):
    state, done = one_move_short(game_id, players)
    seats = seats_of(game_id, ["bot:easy"] * players)
    table = open_table(services, game_id, seats, state.seed, state=state)
    for name, value in how.items():
        setattr(table, name, value)
    return table, done


def test_a_finished_game_is_recorded_once_with_its_replay(services):
    table, _ = bot_table(services)
    play_out(services, table)
    done = table.session.state  # the bot's last move may differ from the random one
    history = services.history
    assert len(history.records) == 1
    record = history.records[0]
    assert record.game == "oregon" and record.winners == tuple(done.winners())
    assert [s.score for s in record.seats] == done.scores()
    assert [s.level for s in record.seats] == ["easy"] * 3
    saves.flush(services.config)
    replayed = saves.load_game(history.replay_path(record))
    assert replayed.state.history == done.history
    # the same game opened again (a table on the finished state) adds nothing
    table.after_action()
    again = open_table(services, "oregon", table.seats, done.seed, state=done.clone())
    play_out(services, again)
    assert len(services.history.records) == 1
    # and the next game read from the disk later is still that one record
    saves.flush(services.config)
    fresh = Services.standalone(Config())
    assert fresh.history.records == [record]


@pytest.mark.parametrize("how", ["demo", "lesson", "kiosk", "replay"])
def test_demo_kiosk_lesson_and_replay_games_are_not_recorded(display, how):
    services = Services.standalone(Config(kiosk=how == "kiosk"))
    try:
        if how == "replay":
            state, done = one_move_short("oasis", 3)
            scene = ReplayScene(services, done, seats_of("oasis", ["human"] * 3))
            services.stack.reset(scene)
            services.stack.apply_pending()
            scene.jump(scene.total)
            for _ in range(200):
                scene.update(1 / 60)
        else:
            # a demo's table and a lesson's both leave the autosave alone
            table, _done = bot_table(services, "colorado", 3,
                                     **({"autosave": False} if how != "kiosk" else {}))
            assert not table.writes_autosave
            play_out(services, table)
            assert table.session.state.is_over()
        saves.flush(services.config)
        assert services.history.records == []
        assert not (services.config.saves_dir / HISTORY_FILE).exists()
    finally:
        services.stack.reset()
        services.stack.apply_pending()
        services.close()


def test_a_damaged_history_is_set_aside_told_once_and_the_next_game_recorded(display):
    config = Config()
    config.saves_dir.mkdir(parents=True, exist_ok=True)
    (config.saves_dir / HISTORY_FILE).write_text("{half a history", encoding="utf-8")
    services = Services.standalone(config)
    try:
        title = TitleScene(services)
        notice = localized(title.notice, None, "en")
        assert "history of finished games could not be read" in notice
        assert "history.json.corrupt" in notice
        assert (config.saves_dir / "history.json.corrupt").read_text() == "{half a history"
        assert TitleScene(services).notice is None  # told once
        table, _done = bot_table(services)
        play_out(services, table)
        saves.flush(config)
        assert len(Services.standalone(Config()).history.records) == 1
        assert (config.saves_dir / "history.json.corrupt").read_text() == "{half a history"
    finally:
        services.stack.reset()
        services.stack.apply_pending()
        services.close()


# --- the screens ---------------------------------------------------------------------------------
@pytest.fixture
def with_history(services):
    write_history(services.config.saves_dir)
    return services


def step(services, frames=30):
    for _ in range(frames):
        services.stack.apply_pending()
        services.stack.top.update(1 / 60)
    services.stack.apply_pending()


def opened(services, scene):
    services.stack.reset(TitleScene(services))
    services.stack.push(scene)
    step(services)
    return scene


def move(dy, source=I.KEYBOARD):
    return I.Intent(I.MOVE, dx=0, dy=dy, source=source)


def test_the_title_opens_the_history_and_a_kiosk_has_none(services, display):
    title = TitleScene(services)
    keys = [w.key for w in title.group.widgets]
    assert "history" in keys
    services.stack.reset(title)
    services.stack.apply_pending()
    title.group.focus_key("history")
    title.handle(I.simple(I.CONFIRM))
    services.stack.apply_pending()
    assert isinstance(services.stack.top, HistoryScene)
    kiosk = Services.standalone(Config(kiosk=True))
    assert "history" not in [w.key for w in TitleScene(kiosk).group.widgets]


def test_the_history_lists_games_newest_first_and_scrolls(with_history, display):
    services = with_history
    scene = opened(services, HistoryScene(services))
    rows = scene.rows.rows
    assert len(rows) == len(TABLES)
    assert all(isinstance(r, GameRow) for r in rows)
    assert [r.record for r in rows] == services.history.records[::-1]
    assert rows[0].record.game == TABLES[-1][0]
    assert scene.rows.max_offset > 0  # a dozen games do not fit one screen
    scene.draw(display)
    # wheel
    scene.handle(I.Intent(I.WHEEL, amount=-1, source=I.MOUSE))
    step(services)
    assert scene.rows.offset > 0 and scene.rows.shown == pytest.approx(scene.rows.offset)
    scene.handle(I.Intent(I.WHEEL, amount=5, source=I.MOUSE))
    step(services)
    assert scene.rows.offset == 0
    # keyboard and pad: row after row, the list follows the focus
    scene.group.focus(rows[0])
    for i in range(1, len(rows)):
        scene.handle(move(1, I.PAD if i % 2 else I.KEYBOARD))
        assert scene.group.focused is rows[i]
    step(services, 60)
    assert scene.rows.offset == scene.rows.max_offset
    last = rows[-1]
    assert scene.rows.window.contains(last.rect)
    scene.handle(I.Intent(I.KEY, key=pygame.K_HOME, source=I.KEYBOARD))
    step(services, 60)
    assert scene.group.focused is rows[0] and scene.rows.offset == 0
    # a page down (Page Down, the pad's shoulder) moves the focus along
    scene.handle(I.Intent(I.ROTATE, amount=1, source=I.PAD))
    step(services, 60)
    assert scene.rows.offset > 0 and scene.group.focused is not rows[0]
    assert scene.rows.window.contains(scene.group.focused.rect)
    # from the last row, down reaches the buttons; up comes back into the list
    scene.handle(I.Intent(I.KEY, key=pygame.K_END, source=I.KEYBOARD))
    scene.handle(move(1))
    assert scene.group.focused.key in ("back", "other")
    scene.handle(move(-1))
    assert isinstance(scene.group.focused, GameRow)
    scene.draw(display)


def test_a_game_opens_its_replay_by_keyboard_mouse_and_pad(with_history, display):
    services = with_history
    scene = opened(services, HistoryScene(services))
    row = scene.rows.rows[1]
    scene.group.focus(row)
    scene.handle(I.simple(I.CONFIRM, I.PAD))
    services.stack.apply_pending()
    top = services.stack.top
    assert isinstance(top, ReplayScene)
    assert top.table.game_id == row.record.game
    assert top.total == len(saves.load_game(services.history.replay_path(row.record))
                            .state.history)
    top.handle(I.simple(I.BACK))
    services.stack.apply_pending()
    assert services.stack.top is scene
    # by mouse: a click on a row in sight
    first = scene.rows.rows[0]
    scene.handle(I.Intent(I.CLICK, pos=first.rect.center, button=1, source=I.MOUSE))
    services.stack.apply_pending()
    assert isinstance(services.stack.top, ReplayScene)
    assert services.stack.top.table.game_id == first.record.game


def test_a_click_on_a_row_out_of_sight_does_nothing(with_history, display):
    services = with_history
    scene = opened(services, HistoryScene(services))
    hidden = scene.rows.rows[-1]
    assert not scene.rows.window.colliderect(hidden.rect)
    scene.handle(I.Intent(I.CLICK, pos=(hidden.rect.centerx, 1000), button=1,
                          source=I.MOUSE))
    services.stack.apply_pending()
    assert services.stack.top is scene


def test_a_missing_replay_is_said_and_its_record_stays(with_history, display):
    services = with_history
    record = services.history.records[-1]
    services.history.replay_path(record).unlink()
    scene = opened(services, HistoryScene(services))
    row = scene.rows.rows[0]
    assert row.record == record and not row.has_replay
    scene.group.focus(row)
    scene.handle(I.simple(I.CONFIRM))
    services.stack.apply_pending()
    assert services.stack.top is scene
    assert scene.status == "The replay of this game is missing."
    assert services.history.records[-1] == record
    scene.draw(display)


def test_a_damaged_replay_is_set_aside_and_said(with_history, display):
    services = with_history
    record = services.history.records[-1]
    path = services.history.replay_path(record)
    path.write_text("{not a save", encoding="utf-8")
    scene = opened(services, HistoryScene(services))
    scene.group.focus(scene.rows.rows[0])
    scene.handle(I.simple(I.CONFIRM))
    services.stack.apply_pending()
    assert services.stack.top is scene
    assert path.name in scene.status and "corrupt" in scene.status
    assert path.with_name(path.name + ".corrupt").read_text() == "{not a save"
    assert not scene.rows.rows[0].has_replay  # its row now says the replay is missing
    assert services.history.records[-1] == record


def test_an_empty_history_says_how_to_fill_it(services, display):
    scene = opened(services, HistoryScene(services))
    assert scene.rows.rows == []
    assert "Play a game to its end" in scene.empty_words()
    scene.handle(I.Intent(I.WHEEL, amount=-1, source=I.MOUSE))
    scene.handle(move(1))
    scene.draw(display)
    stats = opened(services, StatisticsScene(services))
    assert stats.rows.rows == [] and "No statistics yet" in stats.empty_words()
    stats.draw(display)


def test_statistics_show_each_player_and_filter_by_game(with_history, display):
    services = with_history
    scene = opened(services, StatisticsScene(services))
    records = services.history.records
    rows = scene.rows.rows
    assert all(isinstance(r, StatsRow) for r in rows)
    assert [r.stats for r in rows] == statistics(records)
    anna = next(r for r in rows if r.stats.name == "Anna")
    played = [rec for rec in records if any(s.name == "Anna" for s in rec.seats)]
    assert anna.stats.games == len(played)
    assert anna.values()[0] == str(len(played))
    scene.draw(display)
    # the game filter, by keyboard (right arrow on the choice) and by pad
    scene.group.focus_key("game")
    scene.handle(I.Intent(I.MOVE, dx=1, dy=0, source=I.KEYBOARD))
    first_game = scene.game
    assert first_game is not None
    assert [r.stats for r in scene.rows.rows] == statistics(records, first_game)
    scene.handle(I.Intent(I.MOVE, dx=1, dy=0, source=I.PAD))
    assert scene.game != first_game
    assert [r.stats for r in scene.rows.rows] == statistics(records, scene.game)
    # down from the filter goes into the list
    scene.group.focus_key("game")
    scene.handle(move(1))
    assert isinstance(scene.group.focused, StatsRow)
    scene.draw(display)


def test_the_two_screens_lead_to_each_other(with_history, display):
    services = with_history
    scene = opened(services, HistoryScene(services))
    scene.group.focus_key("other")
    scene.handle(I.simple(I.CONFIRM))
    services.stack.apply_pending()
    stats = services.stack.top
    assert isinstance(stats, StatisticsScene)
    stats.group.focus_key("other")
    stats.handle(I.simple(I.CONFIRM))
    services.stack.apply_pending()
    assert isinstance(services.stack.top, HistoryScene)
    services.stack.top.handle(I.simple(I.BACK))
    services.stack.apply_pending()
    assert isinstance(services.stack.top, TitleScene)


def test_faces_are_made_once_not_every_frame(with_history, display, monkeypatch):
    services = with_history
    scene = opened(services, HistoryScene(services))
    scene.draw(display)
    painted = []
    monkeypatch.setattr(GameRow, "paint", lambda self, face: painted.append(self))
    for _ in range(5):
        scene.update(1 / 60)
        scene.draw(display)
    assert painted == []
    scene.handle(I.Intent(I.WHEEL, amount=-3, source=I.MOUSE))
    step(services, 60)
    scene.draw(display)
    assert painted and len(painted) == len(set(map(id, painted)))  # only rows new in sight


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_names_and_scores_a_hand_edit_damaged_show_cleaned_and_bounded(display, scale):
    """A NUL or a lone surrogate in a name, a score of 10^309 or -10^300: both screens show
    the history (names cleaned, scores held between 0 and MAX_SCORE) at every text size."""
    config = Config()
    write_history(config.saves_dir)
    damage_names_and_scores(config.saves_dir)
    theme.set_ui_scale(scale)
    services = Services.standalone(config)
    try:
        assert TitleScene(services).notice is None  # nothing set aside: the games stay
        history = opened(services, HistoryScene(services))
        history.draw(display)
        rows = [r for r in history.rows.rows if isinstance(r, GameRow)]
        for row in rows[:2]:
            assert row.face is not None
        stats = opened(services, StatisticsScene(services))
        stats.draw(display)
        for row in stats.rows.rows:
            assert row.face is not None
        newest = services.history.records[-1]
        assert rows[0].record == newest
        assert [s.name for s in newest.seats[:2]] == ["Bru no", newest.seats[1].colour]
        assert [s.score for s in newest.seats[:2]] == [MAX_SCORE, 0]
        bruno = next(r for r in stats.rows.rows if r.stats.name == "Bru no")
        assert bruno.values()[2] == str(MAX_SCORE)
        assert bruno.face is not None
    finally:
        theme.set_ui_scale(1.0)
        services.stack.reset()
        services.stack.apply_pending()
        services.close()
