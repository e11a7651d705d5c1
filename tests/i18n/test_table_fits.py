"""What follows a game, in every language at Text size 100 % and 150 %: the results table, the
replay bar, the hand-off screen and the table's Undo button keep every word whole and inside
its box; and a change of language writes the table's log and a refusal on show again.

The words a game gives these screens (its results columns, its hand-off message) are checked
to fit here in whatever the catalogs hold for them; that they are translated is each game's
own test.
"""

import dataclasses
import functools

import i18n_tool  # tools/i18n.py, loaded by tests/helpers/i18n_tool.py
import pygame
import pytest
from finished_games import finished as finished_game
from game_hooks import games_with, hooks
from language_check import english_words, speaking
from shipped_games import SHIPPED
from text_boxes import CANVAS, open_table
from text_boxes import WholeTextRecorder as Recorder

from game import i18n
from game.config import Config
from game.engine.messages import N_, describe, say
from game.i18n import LANGUAGES
from game.palette import PLAYER_NAMES
from game.registry import GAMES
from game.scenes.handoff import Handoff, message_width
from game.scenes.replay import ReplayScene, phase_words
from game.scenes.results import ResultRow, ResultsScene
from game.scenes.services import Services
from game.scenes.table import screen as table_screen
from game.seats import BOT, HUMAN, make_seat
from game.settings import Settings
from game.ui import art, theme
from game.ui.log_lines import log_line
from game.ui.widgets import button_label

SCALES = [1.0, 1.5]
# the shipped games (their words are in the catalogs) with results, at their most seats
PLAYERS = {g: GAMES[g].max_players for g in SHIPPED if g in games_with("results")}


@functools.cache
def columns_of(game_id: str) -> list[str]:
    """The game's results columns as its table passes them for a finished game at
    ``PLAYERS`` seats (its hooks' ``results``: Colorado County's four rounds played), then
    its tie-break."""
    n = PLAYERS[game_id]
    h = hooks(game_id)
    _rows, columns, _categories = h.results(finished(game_id), names_for(n), list(range(n)))
    return [*columns, *([h.tie_break] if h.tie_break else [])]
LONG_NAME = "Marie-Gwendoline"  # as long as a seat's name may be (game.seats.NAME_MAX)


@pytest.fixture(autouse=True)
def scale_back():
    yield
    theme.set_ui_scale(1.0)


def services_at(scale: float) -> Services:
    """The app's services at a Text size (made before ``speaking``: they take the language
    of the settings, English)."""
    return Services.standalone(Config(), Settings(ui_scale=scale))


def names_for(n: int) -> list[str]:
    """Seat names as a table shows them: the colours' names, and one long typed name."""
    return [LONG_NAME] + [i18n._(PLAYER_NAMES[c]) for c in range(1, n)]


# The modules whose sentences these screens say (a game's own words, its log lines, its
# results columns, the colours' names, are translated and checked where they are defined).
OURS = ("game/scenes/table/", "game/scenes/handoff.py", "game/scenes/results.py",
        "game/scenes/score_table.py", "game/scenes/replay.py", "game/scenes/replay_bar.py",
        "game/ui/players.py", "game/ui/log_view.py", "game/ui/widgets.py", "game/ui/rows.py")


@functools.cache
def our_sentences() -> frozenset[str]:
    template = i18n_tool._read(i18n_tool.TEMPLATE)
    ids = set()
    for m in template:
        if m.id and any(where.startswith(OURS) for where, _line in m.locations):
            msgid = m.id if isinstance(m.id, str) else m.id[0]
            ids.add(f"{m.context}|{msgid}" if m.context else msgid)
    return frozenset(ids)


def own_missing(code: str, missing: set[str], *_given) -> list[str]:
    """Sentences of these screens looked up without a translation in ``code``."""
    if code == i18n.SOURCE_LANGUAGE:
        return []  # English is the source: it has no catalog
    return sorted(missing & our_sentences())


def art_label_px(label: str, size: tuple[int, int]) -> int:
    """The size an ``art.button_surface`` label is drawn at (it shrinks to the width)."""
    w, h = size
    px = max(10, min(theme.scaled(round(h * 0.46)), round(h * 0.6)))
    while px > 8 and art.assets.font(px, display=True).size(label)[0] > round(w * 0.86):
        px -= 1
    return px


def headline_text(scene: ResultsScene) -> str:
    from game.scenes.results import headline

    return headline(scene.rows)


# --- results ------------------------------------------------------------------------------------
def results_scene(svc, game_id: str, shared: bool) -> ResultsScene:
    n = PLAYERS[game_id]
    columns = columns_of(game_id)
    rows = [ResultRow(name, i, 1 if shared and i < 2 else i + 1, 180 - 11 * i,
                      {c: 10 * i + 99 for c in columns}, i == 0 or (shared and i == 1))
            for i, name in enumerate(names_for(n))]
    return ResultsScene(svc, GAMES[game_id].name, rows, lambda: None, lambda: None, columns)


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("game_id", sorted(PLAYERS))
@pytest.mark.parametrize("code", LANGUAGES)
def test_results_fit_in_every_language(display, code, game_id, scale):
    made = {shared: services_at(scale) for shared in (False, True)}  # (they speak English)
    with speaking(code) as missing:
        for shared, svc in made.items():
            scene = results_scene(svc, game_id, shared)
            scene.skip_intro()
            rec = Recorder()
            scene.draw_static(rec)
            for i in range(len(scene.rows)):
                rec.blit(scene.scores.row_images[i], scene.scores.row_rect(i))
            table = scene.scores.rect
            assert CANVAS.contains(table), table
            bad = [f"{m!r} {r} leaves the canvas" for m, r in rec.texts if not CANVAS.contains(r)]
            bad += [f"{m!r} {r} overflows the table" for m, r in rec.texts
                    if r.colliderect(table) and not table.contains(r)]
            for b in scene.group.widgets:
                assert CANVAS.contains(b.rect) and not b.rect.colliderect(table), (b.rect, table)
                label = button_label(b.label, b.rect.size, b.text_size, theme.INK)
                if label.get_width() > b.rect.w - 24 or label.get_height() > b.rect.h:
                    bad.append(f"{b.label!r} {label.get_size()} overflows its button {b.rect}")
            assert rec.texts and not bad, "\n".join(bad)
            # every heading fits its column on at most two lines, no word cut
            size = theme.scaled(theme.SMALL_SIZE, scene.scores.cap)
            head = theme.font(size, bold=True, fixed=True)
            for label, width in zip(columns_of(game_id), scene.scores.col_widths, strict=True):
                lines = theme.wrap(i18n._(label), size, width - 16, bold=True, fixed=True)
                assert len(lines) <= 2, (label, lines)
                assert all(head.size(line)[0] <= width for line in lines), (label, lines)
            scores = scene.scores
            for label, width in ((i18n._("Rank"), scores.rank_w),
                                 (i18n._("Total"), scores.total_w)):
                assert head.size(label)[0] <= width - 16, label
            headline = scene._headline_image()
            assert headline.get_width() + 2 * 106 <= 1920  # the trophies beside it too
            assert headline.get_rect(center=(960, 190)).bottom <= table.top
            shown = [m for m, _r in rec.texts] + [b.label for b in scene.group.widgets]
            shown.append(headline_text(scene))
            theirs = {w.lower() for label in columns_of(game_id) for w in label.split()}
            if code != "en":
                assert not [w for m in shown for w in english_words(m) if w not in theirs], shown
    assert not own_missing(code, missing, columns_of(game_id))


def test_the_results_speak_the_new_language_at_once(display):
    svc = services_at(1.0)
    scene = results_scene(svc, "oregon", True)
    svc.stack.reset(scene)
    svc.stack.apply_pending()
    with speaking("fr") as missing:
        i18n.set_language("en")
        svc.set_language("fr")
        labels = [b.label for b in scene.group.widgets]
        assert labels[0] == i18n._("Play again") != "Play again"
        assert scene._static is None  # the headings are painted again, in French
        assert i18n._("Final scores") != "Final scores"
    assert not own_missing("fr", missing, columns_of("oregon"))


# --- replay --------------------------------------------------------------------------------------
def finished(game_id: str):
    return finished_game(game_id, PLAYERS[game_id])


def replay_seats(game_id: str):
    seats = [make_seat(game_id, i, HUMAN if i < 2 else BOT) for i in range(PLAYERS[game_id])]
    seats[0] = dataclasses.replace(seats[0], name=LONG_NAME)
    return seats


def words(texts: list[str]) -> list[str]:
    """The words of ``texts`` in order, whatever lines they were broken into."""
    return [w for t in texts for w in t.split() if w != "·"]


def bar_texts(scene: ReplayScene) -> list[tuple[str, pygame.Rect]]:
    rec = Recorder()
    scene.bar.draw(rec)
    return rec.texts


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("game_id", sorted(PLAYERS))
@pytest.mark.parametrize("code", LANGUAGES)
def test_the_replay_bar_fits_in_every_language(display, code, game_id, scale):
    svc = services_at(scale)
    with speaking(code) as missing:
        scene = ReplayScene(svc, finished(game_id), replay_seats(game_id))
        try:
            # the longest moments: the last round's busiest phase, and the end of the game
            moves = [k for k in range(scene.total) if scene.chapters[k][2]]
            longest = max(moves, key=lambda k: len(phase_words(scene.table.game_id, scene.chapters[k][2])))
            for k in (longest, scene.total):
                scene.jump(k)
                texts = bar_texts(scene)
                drawn = {m for m, _r in texts}
                info, (_q, who) = scene.info_line(), scene.who()
                in_info = [m for m, r in texts
                           if scene.bar.info_rect.contains(r) and m != scene.hints()]
                in_who = [m for m, r in texts if scene.bar.who_rect.contains(r)]
                assert words(in_info) == words([info]), f"{info!r} was not drawn whole: {drawn}"
                assert words(in_who) == words([who]), f"{who!r} was not drawn whole: {drawn}"
                for m, r in texts:
                    assert scene.bar.rect.contains(r), (m, r, scene.bar.rect)
                assert CANVAS.contains(scene.bar.rect)
                if code != "en":
                    assert not [w for m in drawn for w in english_words(m)], drawn
                close = scene.bar.buttons["close"]
                assert art_label_px(i18n._("Close"), close.size) >= round(close.h * 0.46)
        finally:
            scene.on_exit()
    assert not own_missing(code, missing), sorted(missing)


# --- the table: hand-off, Undo, the log and a refusal --------------------------------------------
@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_the_handoff_screen_fits_in_every_language(display, code, scale):
    svc = services_at(scale)
    theme.set_ui_scale(scale)
    with speaking(code) as missing:
        for message in (N_("Hand the screen over; your things stay hidden until then."),
                        N_("Have a look at what you just got: the table passes on in a moment "
                           "(click or press a key to pass it now).")):
            screen = Handoff(svc, LONG_NAME, 1, message)
            title, text = screen._texts
            assert title.get_width() <= 1920 - 80
            assert text is not None and text.get_width() <= message_width() + 20
            assert screen._prompt.get_width() <= 1920 - 80
            piece_y, title_y, message_top, prompt_y = screen.positions(1080)
            half = screen._prompt.get_height() // 2
            assert title_y + title.get_height() // 2 <= message_top + 10  # shadows may touch
            assert message_top + text.get_height() < prompt_y - half  # the prompt below it
            assert prompt_y + half <= 1080 and piece_y - 150 >= 0
            words = i18n._("Pass to {player}").format(player=LONG_NAME)
            if code != "en":
                assert words != f"Pass to {LONG_NAME}"
                assert not english_words(words + " " + screen.message_text())
    assert not own_missing(code, missing), sorted(missing)


def test_the_handoff_screen_speaks_the_new_language_at_once(display):
    svc = services_at(1.0)
    screen = Handoff(svc, "Anna", 1, N_("Hand the screen over; your things stay hidden until "
                                        "then."))
    before = screen._texts[0].get_width()
    with speaking("es") as missing:
        screen.on_ui_scale()
        assert screen.message_text() == i18n._(
            "Hand the screen over; your things stay hidden until then.") != screen.message
        assert screen._texts[0].get_width() != before  # "Pasa a Anna", not "Pass to Anna"
    assert not own_missing("es", missing)


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_the_undo_button_fits_in_every_language(display, code, scale):
    svc = services_at(scale)
    scene = open_table(svc, "oregon", "human,bot")
    with speaking(code) as missing:
        r = table_screen.undo_rect(scene)
        assert art_label_px(i18n._("Undo (U)"), r.size) >= round(r.h * 0.46)
        assert r.right == scene.layout.log_rect.right - 16 and r.w >= 180
    assert not own_missing(code, missing)


def test_a_change_of_language_writes_the_log_and_a_refusal_again(display):
    svc = services_at(1.0)
    scene = open_table(svc, "oregon", "bot,human")  # the bot has played: its lines are in
    scene.log.add(say(N_("Game resumed at move {n}."), n=3))
    assert not scene.undo()  # nothing of the human's to take back: the reason shows in red
    refusal = table_screen.prompt_style(scene)[0]
    assert refusal == "Nothing of yours to take back this turn."
    events = [e for e in scene.log.entries if e.source is not None]
    assert events
    with speaking("it") as missing:
        i18n.set_language("en")
        svc.set_language("it")  # Settings -> Language: every scene on the stack hears of it
        shown = table_screen.prompt_style(scene)[0]
        assert shown == i18n._("Nothing of yours to take back this turn.") != refusal
        assert not english_words(shown)
        for e in scene.log.entries:
            if e.source is not None:
                assert e.text == log_line(describe(e.source, scene.names, scene.viewer, "it"))
        assert scene.log.entries[-1].text == i18n._("Game resumed at move {n}.").format(n=3)
        assert scene.log.entries[-1].lines == theme.wrap(
            scene.log.entries[-1].text, scene.log.text_size, scene.log.wrap_width)
    assert not own_missing("it", missing, [e.source.message_for(scene.viewer)[0] for e in events])


def test_a_log_no_scene_told_follows_the_language_at_its_next_frame(display):
    """A replay's or a demo's table is not on the stack: its log notices by itself."""
    svc = services_at(1.0)
    scene = open_table(svc, "oregon", "human,bot")
    log = scene.log
    log.add(say(N_("Replay from the start.")))
    english = [e.text for e in log.entries]
    with speaking("fr"):
        assert [e.text for e in log.entries] == english  # nothing redrawn yet...
        log.update(1 / 60)  # ...until the log's next frame
        assert log.entries[-1].text == i18n._("Replay from the start.") != english[-1]
        assert [e.text for e in log.entries] != english


# --- the line of a suggested move ---------------------------------------------------------------
def hint_lines() -> list[str]:
    """Every line "Suggest a move" may say, with long numbers, in the language spoken."""
    from game.bots.search import Analysis, Choice
    from game.scenes.table.hints import Hint

    def line(choices, legal, ranked=None):
        picks = [Choice(a, v, p, 0.5) for a, v, p in choices]
        return Hint(0, (0, 0), Analysis(0, picks, 99, 0.0, legal, ranked)).line()

    searched = [("a", 9, 14.0), ("b", 4, 2.0)] + [("c", 1, 0.0)] * 6
    return [line([("a", 1, 0.0)], 1), line(searched, 188), line(searched[:1] * 2, 188),
            line([("a", 0, 0.0)], 188, (188, 14.0)), line([("a", 0, 0.0)], 188, (188, 0.2)),
            line([("a", 0, 0.0)], 188)]


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("scale", SCALES)
def test_a_suggested_moves_line_fits_the_prompt_panel(display, code, scale):
    """Each game's prompt panel holds every line of a suggestion, in the height the panel
    may grow to with the Text size, never below the 100 % text size."""
    from game.games.colorado.art.layout import TableLayout
    from game.games.oasis.art.layout import TableLayout as OasisLayout
    from game.games.oregon.art.layout import TableLayout as OregonLayout
    from game.ui.table_common import PROMPT_SIZE, prompt_fit

    theme.set_ui_scale(scale)
    with speaking(code):
        lines = hint_lines()
    assert len(set(lines)) == len(lines)
    for layout in (OregonLayout(4), TableLayout(4), OasisLayout(5)):
        r = layout.message_rect
        for text in lines:
            px, _lines, _step, height = prompt_fit(text, r.w - 32, r.h, False, scale)
            assert px >= PROMPT_SIZE and height <= theme.scaled(r.h), (code, text, px, height)
