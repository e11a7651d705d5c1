"""Following the game at a glance: each seat's last move marked on the board (and cleared
when it moves again, hidden from whoever may not know it), the recap of the others' moves
when a human's turn comes (worded as the log words it for them; public on the hand-off), the
"your turn" cue once per turn, the final board held before the results (in frames), and
Rematch on the results (the same seats at a new deal)."""

import dataclasses
import random

import pytest
from shipped_games import SHIPPED

from game import i18n
from game.config import Config
from game.engine.events import Event
from game.engine.messages import N_
from game.registry import GAMES
from game.scenes import table as table_mod
from game.scenes.handoff import Handoff
from game.scenes.results import ResultsScene
from game.scenes.services import Services
from game.scenes.table import screen as table_screen
from game.scenes.table.glance import FINAL_HOLD, Glance, mark_cell
from game.seats import parse_players
from game.settings import Settings
from game.ui import intents as I
from game.ui import theme

DT = 1 / 60
BOARD = frozenset({"placed"})


def placed(p, cell, private_to=None, public_args=None):
    return Event("placed", N_("{player} puts something on {cell}"), p, {"cell": list(cell)},
                 private_to=private_to, public_msg=N_("{player} puts something down"),
                 args={"player": p, "cell": "X"}, public_args=public_args)


def drew(p):
    return Event("drew", N_("{player} draws"), p, {}, args={"player": p})


# --- the last moves ----------------------------------------------------------------------------
def test_a_seat_s_marks_are_its_last_turn_and_go_when_it_moves_again():
    g = Glance(BOARD, BOARD, humans=[0])
    g.note(1, [placed(1, (2, 3))])
    g.note(1, [placed(1, (4, 4))])  # the same turn: both cells are its last move
    assert g.marks(0) == {1: [(2, 3), (4, 4)]}
    g.note(2, [placed(2, (0, 0))])
    g.note(1, [placed(1, (5, 5))])  # a new turn of seat 1: only its new cell
    assert g.marks(0) == {1: [(5, 5)], 2: [(0, 0)]}
    g.note(2, [drew(2)])  # seat 2 moved again without touching the board
    assert g.marks(0) == {1: [(5, 5)]}


def test_marks_show_only_what_the_viewer_may_know():
    # a private move whose public line does not name its cell: only its seat sees the mark
    secret = placed(1, (3, 3), private_to=1, public_args={"player": 1})
    assert mark_cell(secret, 1) == (3, 3)
    assert mark_cell(secret, 0) is None and mark_cell(secret, None) is None
    g = Glance(BOARD, BOARD)
    g.note(1, [secret])
    assert g.marks(1) == {1: [(3, 3)]} and g.marks(0) == {}
    # a private move whose public line names the cell (a face-down flag): marked for all
    flag = placed(1, (1, 1), private_to=1, public_args={"player": 1, "cell": "B2"})
    assert mark_cell(flag, 0) == (1, 1)


def test_the_table_marks_a_bot_s_move_once_it_has_shown_and_clears_it_after_its_next(display):
    svc, table = open_game("oregon", "human,bot:easy", seed=5)
    play_until(svc, table, lambda: any(q == 1 for q in table.glance.marks(0)))
    first = table.glance.marks(0)[1]
    events = [e for _p, ev in zip(table.session.state.history, moves_of(table), strict=False)
              for e in ev]
    assert first and all(c in [tuple(e.data.get("cell", ())) for e in events] for c in first)
    # the bot's next turn replaces them (the human plays in between)
    turns = table.glance.turn
    play_until(svc, table, lambda: table.glance.turn >= turns + 2
               and table.glance.last_seat == 1 and not table.timeline.busy)
    assert table.glance.marks(0).get(1) != first


# --- the recap ---------------------------------------------------------------------------------
def colorado_flags(seats: int, upto: int):
    """A Colorado County game's first ``upto`` flags (face down: private to their owner)."""
    st = GAMES["colorado"].new(seats, 11)
    rng = random.Random(3)
    played = []
    while len(played) < upto:
        p = st.to_act()[0]
        played.append((p, st.apply(rng.choice(st.legal_actions(p)), p)))
    return st, played


def test_the_recap_says_the_others_moves_as_the_log_says_them_to_its_reader():
    _st, played = colorado_flags(3, 4)  # each seat in turn places a flag, the first again
    h = played[0][0]
    assert played[3][0] == h and {p for p, _e in played} == {0, 1, 2}
    g = Glance(frozenset({"flag_placed"}), frozenset({"flag_placed"}), humans=[h])
    for p, events in played[:3]:
        g.note(p, events)
    names = ["Ann", "Bob", "Cy"]
    lines, left_out = g.recap(h, h, names, "en")
    assert [q for q, _t in lines] == [played[1][0], played[2][0]] and left_out == 0
    colours = ("red", "blue", "green", "orange", "purple")
    for q, text in lines:  # the others' flags face down, their colours unsaid
        assert "face down" in text and not any(c in text.lower() for c in colours), text
        assert names[q] in text
    g.note(*played[3])
    assert g.recap(h, h, None, "en") == ([], 0)  # the human moved: nothing new since


def test_the_hand_off_shows_the_recap_an_onlooker_may_read(display):
    svc, table = open_game("colorado", "human,human,bot:easy", seed=11)
    seen: list[Handoff] = []
    for _ in range(4000):
        top = svc.stack.top
        if isinstance(top, Handoff) and top.ready:
            if top.recap is not None and top.recap():
                seen.append(top)
                break
            top.proceed()
        elif table.human_can_act:
            p = table.chooser
            table.controls.try_action(random.Random(1).choice(table.session.state.legal_actions(p)))
        step(svc)
    assert seen, "no hand-off with a recap"
    lines = seen[0].recap()
    for _colour, text in lines:
        assert "face down" in text and "their" not in text, text  # a flag's colour is hidden
    assert seen[0]._texts[1] is not None  # drawn under the message


def test_the_recap_card_comes_with_the_turn_and_goes_with_the_human_s_move(display):
    svc, table = open_game("oregon", "human,bot:easy,bot:easy", seed=5)
    play_until(svc, table, lambda: table.recap_card is not None)
    card = table.recap_card
    assert card.seat == 0 and card.lines and all(q in (1, 2) for q, _t in
                                                 [(table.colour.index(c), t)
                                                  for c, t in card.lines])
    table.draw(svc_screen())
    # a click on it closes it; the human's turn goes on
    assert table.handle(I.Intent(I.CLICK, pos=card.rect.center, button=1))
    assert table.recap_card is None and table.human_can_act


def test_esc_closes_the_recap_card_first_and_start_opens_the_pause_menu_at_once(display):
    from game.scenes.pause import PauseMenu

    svc, table = open_game("oregon", "human,bot:easy,bot:easy", seed=5)
    play_until(svc, table, lambda: table.recap_card is not None)
    assert table.handle(I.simple(I.BACK)) and table.recap_card is None
    svc.stack.apply_pending()
    assert svc.stack.top is table  # Esc / B took the card away, nothing more
    play_until(svc, table, lambda: table.recap_card is not None and table.human_can_act)
    assert table.handle(I.simple(I.MENU, I.PAD))
    svc.stack.apply_pending()
    assert isinstance(svc.stack.top, PauseMenu)  # Start: the menu, card or not


# --- "your turn" -------------------------------------------------------------------------------
def test_the_turn_cue_comes_once_per_turn_of_a_human(display, monkeypatch):
    svc, table = open_game("oregon", "human,bot:easy", seed=5)
    chimes: list[int] = []
    monkeypatch.setattr(svc.audio, "play", lambda name, volume=1.0: name == "chime"
                        and chimes.append(len(table.session.state.history)))
    play_until(svc, table, lambda: len(table.session.state.history) >= 24)
    assert len(chimes) >= 3 and table.turn_banner.text == i18n._("Your turn")
    history = table.session.state.history
    for a, b in zip(chimes, chimes[1:], strict=False):
        # between two cues someone else acted: never two cues in one turn of several actions
        assert any(p != 0 for p, _a in history[a:b]), (a, b)
    # every turn of the human's had its cue
    turns = sum(1 for k in range(len(history)) if history[k][0] == 0
                and (k == 0 or history[k - 1][0] != 0))
    assert len(chimes) == turns + (table.human_can_act and history[-1][0] != 0)


# --- the final board ---------------------------------------------------------------------------
def test_the_final_board_holds_before_the_results_for_its_frames_or_a_click(display):
    from tests.helpers.finished_games import finished

    for skip in (False, True):
        state = finished("oasis", 3)
        svc = Services.standalone(Config(), Settings())
        seats = parse_players("human,bot:easy,bot:easy", GAMES["oasis"])
        table = table_mod.open_table(svc, "oasis", seats, state.seed, state=state)
        svc.stack.reset(table)
        svc.stack.apply_pending()
        frames = 0
        while not isinstance(svc.stack.top, ResultsScene) and frames < 1000:
            if skip and frames == 10:
                table.handle(I.Intent(I.CLICK, pos=(500, 500), button=1))
            step(svc)
            frames += 1
        if skip:
            assert frames == 11
        else:
            assert frames == pytest.approx(FINAL_HOLD / DT, abs=2)


# --- Rematch -----------------------------------------------------------------------------------
def test_rematch_keeps_the_seats_and_deals_anew(display, monkeypatch):
    svc, table = open_game("oregon", "human,bot:hard,bot:easy", seed=77)
    table.seats[0] = dataclasses.replace(table.seats[0], name="Ann")
    draws = iter([77, 77, 4321])  # the same seed first: a rematch never deals it again
    monkeypatch.setattr(random, "randrange", lambda *a: next(draws))
    table.play_again()
    svc.stack.apply_pending()
    new = svc.stack.top
    assert new is not table and new.seed == 4321
    assert [(s.name, s.is_bot, s.level, s.colour) for s in new.seats] == \
        [(s.name, s.is_bot, s.level, s.colour) for s in table.seats]


def test_the_results_offer_rematch_by_key_and_pad_and_not_after_a_lesson(display):
    from tests.helpers.finished_games import results_of

    for scale in (1.0, 1.5):
        svc = Services.standalone(Config(), Settings(ui_scale=scale))
        theme.set_ui_scale(scale)
        try:
            for code in ("en", "it", "es", "fr"):
                i18n.set_language(code)
                results = results_of(svc, "oregon", 3)
                button = results.again_button
                assert results.rematch and button.label == i18n._("Rematch")
                px = theme.font(round(button.rect.h * 0.46)).size(button.label)[0]
                assert px <= button.rect.w - 24, (code, scale)
        finally:
            i18n.set_language("en")
            theme.set_ui_scale(1.0)
    called = []
    results.on_play_again = lambda: called.append(True)
    results.skip_intro()
    assert results.group.focused is results.again_button
    results.handle(I.Intent(I.CONFIRM))  # Enter, Space or A
    assert called == [True]

    class Lesson:
        coach = object()
        seats: list = []
    from game.scenes.results import is_rematch
    assert not is_rematch(Lesson()) and is_rematch(results.services.stack._scenes[-2])


# --- helpers -----------------------------------------------------------------------------------
def open_game(game_id: str, players: str, seed: int):
    svc = Services.standalone(Config(), Settings())
    svc.settings.animation_speed = 60.0
    scene = table_mod.open_table(svc, game_id, parse_players(players, GAMES[game_id]), seed)
    svc.stack.reset(scene)
    svc.stack.apply_pending()
    return svc, scene


def step(svc) -> None:
    svc.stack.update(DT)
    svc.stack.apply_pending()


def play_until(svc, table, done, frames: int = 20000) -> None:
    """Frames (the human playing a random legal move on their turn) until ``done()``."""
    rng = random.Random(2)
    for _ in range(frames):
        if done():
            return
        top = svc.stack.top
        if isinstance(top, Handoff) and top.ready:
            top.proceed()
        elif table.human_can_act and table.glance.due(table.chooser):
            pass  # the cue comes with the frame
        elif table.human_can_act and table.recap_card is None:
            p = table.chooser
            table.controls.try_action(rng.choice(table.session.state.legal_actions(p)))
        elif table.human_can_act:
            table.follow.close_recap()
        step(svc)
    raise AssertionError("never happened")


def moves_of(table):
    from game.engine.save_files import replay_events
    return replay_events(table.session.state)[1]


def svc_screen():
    import pygame
    return pygame.display.get_surface()


@pytest.mark.parametrize("code", ["en", "it", "es", "fr"])
def test_the_recap_and_the_banner_fit_at_every_text_size(display, code):
    from game.ui import glance as view

    long_line = ("Brown takes the orange card, two stars 2 across and 0 down and puts cubes "
                 "on D7 and F7.")
    for scale in (1.0, 1.5):
        theme.set_ui_scale(scale)
        i18n.set_language(code)
        try:
            for game_id in SHIPPED:  # where each shipped table puts its recap
                svc, table = open_game(game_id, "human,bot:easy,bot:easy", seed=3)
                area = table_screen.recap_area(table)
                assert table_screen.hint_rect(table).bottom <= area.top
                assert not any(slot.colliderect(area) for slot in table.layout.buttons)
                card = view.RecapCard(0, [(1, long_line)] * 3, 4)
                for _colour, text, bold in card.rows(area.w):
                    width = theme.font(view.RECAP_TEXT, bold).size(text)[0]
                    assert width <= area.w - 2 * view.RECAP_PAD, (text, scale)
                card.draw(display, area)
                assert area.contains(card.rect)
                board = table.layout.board_rect
                text = view.turn_text("Maximiliano Bartholomew", True)
                face = view._banner_face(text, board.w - 120, theme.ui_scale())
                assert face.get_width() - 24 <= board.w - 60, (game_id, scale)
                block = view.recap_block([(1, long_line * 2)], 1700)
                assert block is not None and block.get_width() <= 1920
        finally:
            theme.set_ui_scale(1.0)
            i18n.set_language("en")


def test_the_turn_banner_leaves_when_the_human_moves(display):
    from game.ui import glance as view

    svc, table = open_game("oregon", "human,bot:easy", seed=5)
    play_until(svc, table, lambda: table.turn_banner.visible)
    assert table.turn_banner.phase()[1] < 1  # still coming in
    p = table.chooser
    table.controls.try_action(random.Random(1).choice(table.session.state.legal_actions(p)))
    assert table.turn_banner.age >= view.BANNER_IN + view.BANNER_HOLD  # fading out
    for _ in range(round(view.BANNER_OUT / DT) + 1):
        table.turn_banner.update(DT)
    assert not table.turn_banner.visible


def test_a_recap_too_long_for_its_room_keeps_within_it(display):
    from game.ui import glance as view

    theme.set_ui_scale(1.5)
    i18n.set_language("fr")
    try:
        long_line = "Bleu pose " + "i " * 400  # rows filled to within a narrow letter
        card = view.RecapCard(0, [(1, long_line)] * 2, 2)
        for width, most in ((630, 4), (630, 3), (400, 2)):
            rows = card.rows(width, most)
            assert len(rows) <= most
            for colour, text, bold in rows:
                room = width - 2 * view.RECAP_PAD - (view.badge_size() + 10
                                                     if colour is not None else 0)
                assert theme.font(view.RECAP_TEXT, bold).size(text)[0] <= room, text
    finally:
        theme.set_ui_scale(1.0)
        i18n.set_language("en")
