"""The game log at a shared screen: every line is rendered for the seat looking now and again
at each hot-seat hand-off, over whole games of all three games with two humans; seat names
that are colour names; the log rebuilt after Continue; a hot-seat human's look at what they
just drew before the hand-off."""

import dataclasses
import random
import re

import pygame
import pytest
from game_hooks import games_with, table_seats
from table_plans import OregonMouseTable, choose, table_class

from game.engine.save_files import replay_events
from game.games.oregon import engine as og
from game.scenes.handoff import Handoff
from game.scenes.results import ResultsScene
from game.scenes.table import open_table
from game.scenes.table import screen as table_screen
from game.seats import make_seat
from game.ui.log_lines import log_line
from game.ui.table_common import LOOK_TIME

pytestmark = pytest.mark.usefixtures("no_flip")

TABLES = sorted(games_with("table_plan"))  # the games the tests can play by input


def game_events(scene) -> list:
    """Every event of the game so far: the opening ones and those of each action."""
    st = scene.session.state
    opening = st.setup_events()
    return opening + [e for events in replay_events(st)[1] for e in events]


def secrets_of_others(scene, viewer) -> set[str]:
    """The full texts of events private to another seat, where they say more than their
    public text: none of them may be on screen for ``viewer``."""
    return {scene.rename(e.text) for e in game_events(scene)
            if e.private_to is not None and e.private_to != viewer
            and e.text != e.public_msg}


def assert_screen_for(scene, viewer) -> None:
    """The log, floaters, sprites and banner hold only what ``viewer`` may know."""
    assert scene.viewer == viewer
    secrets = secrets_of_others(scene, viewer)
    for entry in scene.log.entries:
        if entry.source is not None:
            assert entry.text == log_line(scene.rename(entry.source.text_for(viewer))), \
                entry.text
        assert entry.text not in secrets, (viewer, entry.text)
        assert not re.search(r"\byou\b", entry.text, re.IGNORECASE), entry.text
    for text in scene.floaters.texts + ([scene.banner] if scene.banner_time > 0 else []):
        assert text not in secrets, (viewer, text)


def play_hot_seat(t, rng, limit: int) -> tuple[int, int]:
    """A whole game of human decisions by mouse, checking the screen at every hand-off: with
    the hand-off screen up (nobody looks) and once the next human has taken the table.
    Returns (hand-offs, private lines seen in full by their owner)."""
    s = t.scene
    seen: set = set()
    handoffs = own_secrets = 0
    for _ in range(limit):
        for _ in range(20000):
            if s.session.state.is_over() or (s.human_can_act and t.top is s):
                break
            if isinstance(t.top, Handoff):
                assert_screen_for(s, None)
                while not t.top.ready:
                    t.step()
                t.click((960, 540))
                assert t.top is s
                assert_screen_for(s, s.viewer)
                assert s.viewer is not None
                handoffs += 1
                own_secrets += sum(1 for e in s.log.entries if e.source is not None
                                   and e.source.private_to == s.viewer
                                   and e.text != e.source.public_msg)
                continue
            if getattr(getattr(s, "game", None), "scores_held", False):  # Colorado's round scoring, until closed
                t.click(s.game.scores_button_rect().center)
                continue
            t.step()
        else:
            raise AssertionError("no human turn came")
        if s.session.state.is_over():
            break
        action = choose(rng, s.session.state.legal_actions(s.chooser), seen)
        t.play(action)
        seen.add(type(action))
    else:
        raise AssertionError("the game did not end")
    t.until(lambda: isinstance(t.top, ResultsScene), 10000)
    return handoffs, own_secrets


@pytest.mark.parametrize("game_id", TABLES)
def test_hot_seat_log_shows_only_what_the_viewer_may_know(game_id, make_table):
    """Two humans, a whole game: at every hand-off each log line is its event as the new
    viewer may read it, and no other seat's hidden card, token value, flag colour, cowboy
    number or score tile kind is on screen; the owner does see their own in full."""
    t = make_table(table_class(game_id), table_seats(game_id, "human", "human"), seed=5)
    handoffs, own_secrets = play_hot_seat(t, random.Random(5), 1500)
    assert handoffs > 10
    assert own_secrets > 0


def test_a_seat_named_like_another_seats_colour_keeps_its_lines(services):
    """Oregon seats named "Blue" (in the yellow seat) and "Bob" (in the blue seat): lines
    about each player name that player, never the other one."""
    seats = [make_seat("oregon", i, "human" if i == 0 else "bot", "easy") for i in range(2)]
    seats = [dataclasses.replace(seats[0], name="Blue"), dataclasses.replace(seats[1], name="Bob")]
    scene = open_table(services, "oregon", seats, 7)
    assert og.player_name(0) == "Yellow" and og.player_name(1) == "Blue"
    assert scene.rename("Yellow scores 3; Blue scores 2") == "Blue scores 3; Bob scores 2"
    rng = random.Random(1)
    state = scene.session.state
    while len(state.history) < 12:
        p = state.to_act()[0]
        scene.play(rng.choice(state.legal_actions(p)), p)
        scene.timeline.flush()
    lines = [(e.text, e.colour_index) for e in scene.log.entries if e.source is not None]
    assert lines
    for text, colour in lines:
        if text.startswith(("Blue ", "Bob ")):
            mine = 0 if text.startswith("Blue ") else 1
            assert colour == scene.colour[mine], text
    assert any(text.startswith("Blue ") for text, _ in lines)
    assert any(text.startswith("Bob ") for text, _ in lines)
    scene.on_exit()


@pytest.mark.parametrize("game_id", TABLES)
def test_continue_rebuilds_the_log_for_the_viewer(game_id, services):
    """A resumed game's log holds its earlier lines, rebuilt from the replay and rendered for
    the one human (their own secrets in full, the bots' as public text), then where it was
    resumed."""
    seats = [make_seat(game_id, i, "human" if i == 0 else "bot", "easy") for i in range(3)]
    scene = open_table(services, game_id, seats, 9)
    rng = random.Random(2)
    state = scene.session.state
    while len(state.history) < 40:
        for p in list(state.to_act()):
            if p in state.to_act():
                scene.play(rng.choice(state.legal_actions(p)), p)
    scene.timeline.flush()
    scene.on_exit()
    resumed = open_table(services, game_id, seats, 9, state=state.clone())
    events = [e for evs in replay_events(state)[1] for e in evs]
    expected = [log_line(resumed.rename(e.text_for(0))) for e in events]
    lines = resumed.log.lines
    assert lines[-1] == f"Game resumed at move {len(state.history)}."
    assert lines[-1 - len(expected):-1] == expected
    assert any(e.private_to == 0 and e.text != e.public_msg for e in events)
    assert any(e.private_to not in (None, 0) and e.text != e.public_msg for e in events)
    resumed.on_exit()


def test_a_hot_seat_human_sees_the_cards_they_drew_before_the_hand_off(make_table):
    """Oregon, two humans: after the last draw of a turn the table stays with the drawer,
    their new card in hand and the prompt saying so, until a click (or a few seconds); only
    then does the hand-off screen hide it."""
    t = make_table(OregonMouseTable, "human,human", seed=4)
    t.app.settings.animation_speed = 4.0
    s = t.scene
    rng = random.Random(5)
    looked = 0
    for _ in range(400):
        for _ in range(20000):
            if s.human_can_act and t.top is s:
                break
            if isinstance(t.top, Handoff) and t.top.ready:
                t.click((960, 540))
            t.step()
        p = s.chooser
        legal = s.session.state.legal_actions(p)
        action = rng.choice(legal)
        last_draw = isinstance(action, og.Draw) and len(s.session.state.hands[p]) == 3
        t.play(action)
        if not last_draw or p in s.session.state.to_act():
            continue
        drawn = s.session.state.hands[p][-1]
        t.until(lambda: not s.timeline.busy and not s.sprites.busy, 2000)
        t.step(5)
        assert t.top is s and s.viewer == p
        assert drawn in s.controls.hand()
        assert table_screen.prompt_line(s) == s.game.look_prompt
        if looked == 0:
            t.click((960, 540))  # done looking
        else:
            t.step(round(LOOK_TIME * 60 / 4.0) + 5)  # or the look's time runs out
        t.step(2)
        assert isinstance(t.top, Handoff)
        looked += 1
        if looked == 2:
            break
    assert looked == 2


def test_log_keeps_hidden_lines_hidden_from_an_onlooker(services):
    """Unit: a log line of a private event changes as the viewer changes."""
    from game.engine.events import Event
    from game.engine.messages import N_, P, T
    from game.ui.log_view import LogView

    log = LogView(pygame.Rect(0, 0, 440, 400))
    log.names = ["Ann", "Bob"]
    e = Event("drew_card", N_("{player} draws a {card} card"), 0, {"card": 51}, private_to=0,
              public_msg=N_("{player} draws a building card"),
              args={"player": P(0, "Yellow"), "card": T("church")},
              public_args={"player": P(0, "Yellow")})
    log.set_viewer(0)
    log.add_event(e, 0)
    log.add("Round 2")
    assert log.lines == ["Ann draws a church card.", "Round 2."]
    log.set_viewer(1)
    assert log.lines == ["Ann draws a building card.", "Round 2."]
    log.set_viewer(None)
    assert log.lines == ["Ann draws a building card.", "Round 2."]
    log.set_viewer(0)
    assert log.lines == ["Ann draws a church card.", "Round 2."]


def visible_line_with_cells(s):
    """A point over a log line whose event names board cells, and that line."""
    log = s.log
    cols, rows = s.game.board_size
    x = log.view.centerx
    for y in range(log.view.bottom - 2, log.view.top, -3):
        e = log.entry_at((x, y))
        if e is not None and e.source is not None and any(
                0 <= cx < cols and 0 <= cy < rows for cx, cy in e.cells):
            return (x, y), e
    return None, None


@pytest.mark.parametrize("game_id", TABLES)
def test_pointing_at_a_log_line_lights_the_cells_it_names(game_id, make_table):
    """The cells come from the event's data (whatever the words say): each is lit while the
    pointer is over the line, and not once it leaves."""
    t = make_table(table_class(game_id), table_seats(game_id, "human"), seed=3)
    s = t.scene
    rng = random.Random(4)
    for _ in range(60):
        pos, entry = visible_line_with_cells(s)
        if pos is not None:
            break
        t.wait_turn()
        t.play(rng.choice(s.session.state.legal_actions(s.chooser)))
    assert pos is not None
    t.wait_turn()  # the human's turn: nothing moves on the board or in the log
    t.move((5, 5))
    t.step(60)  # new lines have slid in
    pos, entry = visible_line_with_cells(s)
    cols, rows = s.game.board_size
    cell = next(c for c in entry.cells if 0 <= c[0] < cols and 0 <= c[1] < rows)
    rect = s.layout.cell_rect(*cell)
    screen = pygame.display.get_surface()
    dark = pygame.surfarray.array3d(screen.subsurface(rect)).astype(int)
    t.move(pos)
    t.step(2)
    assert s.log.entry_at(pos) is entry
    assert table_screen.log_cells(s) == entry.cells
    lit = pygame.surfarray.array3d(screen.subsurface(rect)).astype(int)
    assert abs(lit - dark).mean() > 8
    t.move((5, 5))
    t.step(2)
    assert table_screen.log_cells(s) == ()
    assert abs(pygame.surfarray.array3d(screen.subsurface(rect)).astype(int) - dark).mean() < 1
