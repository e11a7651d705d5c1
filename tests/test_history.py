"""The history of finished games: recorded once with its replay, read back exactly, a damaged
file set aside (never lost) and reported, and the statistics drawn from it."""

import json
from datetime import datetime, timedelta

import pytest
from finished_games import finished

from game import saves
from game.engine.messages import localized
from game.files import BackgroundWriter
from game.history import (
    HISTORY_FILE,
    MAX_SCORE,
    GameRecord,
    History,
    SeatRecord,
    dumps,
    statistics,
)
from game.palette import PLAYER_NAMES
from game.seats import make_seat, renamed


def seats(game_id, kinds, names=()):
    out = []
    for i, kind in enumerate(kinds):
        k, _, level = kind.partition(":")
        seat = make_seat(game_id, i, k, level or None)
        out.append(renamed(seat, names[i]) if i < len(names) and names[i] else seat)
    return out


def ticking(start=datetime(2026, 3, 14, 20, 5, 9)):
    """A clock that moves on a minute at each call."""
    now = [start]

    def clock():
        now[0] += timedelta(minutes=1)
        return now[0]

    return clock


def test_a_finished_game_is_recorded_with_its_replay(tmp_path):
    history, problem = History.load(tmp_path)
    assert problem is None and history.records == []
    history.clock = ticking()
    state = finished("oregon", 3)
    table = seats("oregon", ["human", "bot:easy", "bot:hard"], ["Anna"])
    record = history.add(state, table)
    assert record.game == "oregon"
    assert record.finished == "2026-03-14T20:06:09"
    assert record.replay == "2026-03-14-oregon-1.json"
    assert [s.name for s in record.seats] == ["Anna", table[1].name, table[2].name]
    assert [(s.kind, s.level) for s in record.seats] == [("human", ""), ("bot", "easy"),
                                                         ("bot", "hard")]
    assert [s.score for s in record.seats] == state.scores()
    assert record.winners == tuple(state.winners())
    # the replay is the finished game's save, seats included
    replay = saves.load_game(history.replay_path(record))
    assert replay.finished and replay.state.history == state.history
    assert [s.name for s in replay.seats][0] == "Anna"
    # read back exactly
    again, problem = History.load(tmp_path)
    assert problem is None and again.records == [record]
    assert again.has_replay(record)


def test_a_game_is_recorded_once(tmp_path):
    history, _ = History.load(tmp_path)
    history.clock = ticking()
    state = finished("colorado", 3)
    table = seats("colorado", ["human", "bot:normal", "bot:normal"])
    first = history.add(state, table)
    assert history.add(state.clone(), table) == first
    assert len(history.records) == 1
    # also after the history is read again (the same game opened again another day)
    again, _ = History.load(tmp_path)
    again.clock = ticking(datetime(2026, 4, 1))
    assert again.add(state, table) == first
    assert len(again.records) == 1
    assert len(list(history.replays_dir.iterdir())) == 1
    # another game the same day gets its own replay file
    other = finished("colorado", 4)
    second = again.add(other, seats("colorado", ["human"] * 4))
    assert second.replay == "2026-04-01-colorado-1.json" != first.replay
    third = again.add(finished("oasis", 3), seats("oasis", ["human", "bot:hard", "bot:easy"]))
    assert third.replay == "2026-04-01-oasis-1.json"
    assert [r.replay for r in History.load(tmp_path)[0].records] == [
        first.replay, second.replay, third.replay]


def test_the_files_are_written_in_the_background_in_order(tmp_path):
    writer = BackgroundWriter("test")
    history, _ = History.load(tmp_path, writer=writer)
    record = history.add(finished("oasis", 3), seats("oasis", ["human", "human", "bot:easy"]))
    writer.flush()
    assert History.load(tmp_path)[0].records == [record]
    assert history.has_replay(record)


@pytest.mark.parametrize("text", [
    "{not json", "[]", '{"format": "landgrab-history", "version": 99, "games": []}',
    '{"format": "something else", "version": 1, "games": []}',
    '{"format": "landgrab-history", "version": 1, "games": [{"game": "oregon"}]}',
    '{"format": "landgrab-history", "version": 1, "games": [{"finished": "2026-01-01T10:00:00",'
    ' "game": "oregon", "replay": "../../autosave.json", "winners": [], "seats": []}]}',
])
def test_a_damaged_history_is_set_aside_reported_and_a_new_one_starts(tmp_path, text):
    (tmp_path / HISTORY_FILE).write_text(text, encoding="utf-8")
    history, problem = History.load(tmp_path)
    assert history.records == []
    assert problem is not None
    words = localized(problem, None, "en")
    assert "history.json.corrupt" in words and "could not be read" in words
    assert (tmp_path / "history.json.corrupt").read_text(encoding="utf-8") == text
    assert not (tmp_path / HISTORY_FILE).exists()
    # the next game is still recorded, and the file set aside stays as it was
    history.add(finished("oregon", 2), seats("oregon", ["human", "bot:normal"]))
    again, problem = History.load(tmp_path)
    assert problem is None and len(again.records) == 1
    assert (tmp_path / "history.json.corrupt").read_text(encoding="utf-8") == text


def test_a_missing_replay_leaves_the_record(tmp_path):
    history, _ = History.load(tmp_path)
    record = history.add(finished("oregon", 2), seats("oregon", ["human", "bot:normal"]))
    history.replay_path(record).unlink()
    again, problem = History.load(tmp_path)
    assert problem is None and again.records == [record]
    assert not again.has_replay(record)


def test_finished_games_per_game_and_name(tmp_path):
    history, _ = History.load(tmp_path)
    history.add(finished("oregon", 2), seats("oregon", ["human", "bot:normal"], ["Anna"]))
    history.add(finished("oregon", 3), seats("oregon", ["human", "human", "bot:easy"],
                                             ["Bruno", "anna"]))
    history.add(finished("oasis", 3), seats("oasis", ["human", "human", "bot:easy"], ["Bruno"]))
    assert history.finished_games("oregon") == 2
    assert history.finished_games("oregon", "Anna") == 2  # a name in any case
    assert history.finished_games("oregon", "Bruno") == 1
    assert history.finished_games("oasis", "Anna") == 0
    assert history.finished_games("colorado") == 0
    # a seat nobody named is called by its colour, in whatever language it was played
    oasis_second = history.records[-1].seats[1]
    assert history.finished_games("oasis", oasis_second.name) == 1


def seat(name, score, level=""):
    return SeatRecord(name=name, colour="Red", kind="bot" if level else "human", level=level,
                      score=score)


def hand_made():
    day = "2026-02-0{}T21:00:00"
    return [
        GameRecord(day.format(1), "oregon", (seat("Anna", 80), seat("Bot", 70, "easy")),
                   (0,), "a.json"),
        GameRecord(day.format(2), "oregon", (seat("Anna", 60), seat("Bot", 90, "hard"),
                                             seat("Bruno", 50)), (1,), "b.json"),
        GameRecord(day.format(3), "oasis", (seat("anna", 120), seat("Bruno", 130),
                                            seat("Bot", 100, "easy"), seat("Bot", 99, "hard")),
                   (1,), "c.json"),
        GameRecord(day.format(4), "oasis", (seat("Anna", 140), seat("Bruno", 140)), (0, 1),
                   "d.json"),
    ]


def test_statistics_from_a_hand_made_history():
    rows = {r.name: r for r in statistics(hand_made())}
    assert set(rows) == {"Anna", "Bruno"}  # humans only
    anna, bruno = rows["Anna"], rows["Bruno"]
    assert (anna.games, anna.wins, anna.best) == (4, 2, 140)
    assert anna.average == pytest.approx((80 + 60 + 120 + 140) / 4)
    assert anna.win_rate("easy") == (1, 2)  # won game 1, lost game 3
    assert anna.win_rate("hard") == (0, 2)
    assert anna.win_rate("normal") == (0, 0)
    assert (bruno.games, bruno.wins, bruno.best) == (3, 2, 140)
    assert bruno.average == pytest.approx((50 + 130 + 140) / 3)
    assert bruno.win_rate("easy") == (1, 1) and bruno.win_rate("hard") == (1, 2)
    # one game only
    oregon = {r.name: r for r in statistics(hand_made(), "oregon")}
    assert (oregon["Anna"].games, oregon["Anna"].wins, oregon["Anna"].best) == (2, 1, 80)
    assert oregon["Anna"].average == pytest.approx(70)
    assert oregon["Bruno"].win_rate("hard") == (0, 1)
    assert statistics(hand_made(), "colorado") == []
    # most games first
    assert [r.name for r in statistics(hand_made())] == ["Anna", "Bruno"]


def test_a_hand_made_history_reads_back(tmp_path):
    (tmp_path / HISTORY_FILE).write_text(dumps(hand_made()), encoding="utf-8")
    history, problem = History.load(tmp_path)
    assert problem is None and history.records == hand_made()
    assert [r.replay for r in history.newest_first()] == ["d.json", "c.json", "b.json",
                                                          "a.json"]
    data = json.loads((tmp_path / HISTORY_FILE).read_text(encoding="utf-8"))
    assert data["version"] == 1 and len(data["games"]) == 4


def damaged_seats_history() -> str:
    """A history whose names hold a NUL and a lone surrogate and whose scores are far beyond
    any game's (as JSON writes them: a hand edit, a bad disk)."""
    data = json.loads(dumps(hand_made()[:2]))
    first, second = data["games"]
    first["seats"][0].update(name="An\u0000na", score=10 ** 309)
    first["seats"][1].update(colour="Mauve", score=-10 ** 300)
    first["key"] = "\ud800"
    second["seats"][0].update(name="\ud800", colour="Blue")
    second["seats"][2].update(name="\u0000\t", score=-10 ** 300)
    return json.dumps(data)


def test_names_are_cleaned_and_scores_bounded_when_the_history_is_read(tmp_path):
    (tmp_path / HISTORY_FILE).write_text(damaged_seats_history(), encoding="utf-8")
    history, problem = History.load(tmp_path)
    assert problem is None and len(history.records) == 2
    first, second = history.records
    assert [s.name for s in first.seats] == ["An na", "Bot"]
    assert [s.score for s in first.seats] == [MAX_SCORE, 0]
    assert first.seats[1].colour == PLAYER_NAMES[0] and first.key == ""  # as it was drawn
    # nothing left of a name: the seat is called by its colour
    assert [s.name for s in second.seats] == ["Blue", "Bot", "Red"]
    assert second.seats[2].score == 0
    rows = {r.name: r for r in statistics(history.records)}
    assert rows["An na"].average == MAX_SCORE and rows["An na"].best == MAX_SCORE
    assert rows["Red"].average == 0
    # the next game writes the whole history back, as text any disk takes
    history.add(finished("oregon", 2), seats("oregon", ["human", "bot:normal"]))
    again, problem = History.load(tmp_path)
    assert problem is None and again.records == history.records
