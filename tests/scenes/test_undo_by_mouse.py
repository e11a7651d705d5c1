"""The Undo button over the game log, used with the mouse alone on all three tables: the
pointer over it lights it, a click takes the move back, the move's lines leave the log and the
prompt says what to do again."""

import random

import pygame
import pytest
from game_hooks import games_with, hooks, table_seats
from table_plans import table_class

from game.scenes.table import screen as table_screen
from game.ui import art

pytestmark = pytest.mark.usefixtures("no_flip")

TABLES = sorted(games_with("table_plan"))  # the games the tests can play by input


def face_distance(surface: pygame.Surface, rect: pygame.Rect, face: pygame.Surface) -> float:
    """Mean difference per channel between the screen at ``rect`` and ``face`` drawn on it."""
    shot = surface.subsurface(rect).copy()
    ref = shot.copy()
    ref.blit(face, (0, 0))
    a = pygame.surfarray.array3d(shot).astype(int)
    b = pygame.surfarray.array3d(ref).astype(int)
    return float(abs(a - b).mean())


def until_undoable(t, game_id: str, rng: random.Random):
    """Play the human's moves (by mouse) until one can be taken back; returns the log lines
    and the prompt from just before that move."""
    s = t.scene
    for _ in range(300):
        t.wait_turn()
        assert not s.session.state.is_over()
        legal = s.session.state.legal_actions(s.chooser)
        # the moves the game's hooks name (``undo_liked``: what the field report took back)
        liked = [a for a in legal if isinstance(a, hooks(game_id).undo_liked)]
        action = rng.choice(liked or legal)
        lines, prompt = list(s.log.lines), s.controls.prompt()
        t.play(action)
        for _ in range(600):
            if s.can_undo and not s.sprites.busy:
                return lines, prompt
            if s.human_can_act and not s.timeline.busy:
                break
            t.step()
    raise AssertionError("nothing could be taken back")


@pytest.mark.parametrize("game_id", TABLES)
def test_undo_button_lights_up_and_takes_back_on_click(game_id, make_table):
    t = make_table(table_class(game_id), table_seats(game_id, "human"), seed=5)
    speed = hooks(game_id).undo_speed  # a game whose bots would end the chance to undo
    if speed is not None:
        t.app.settings.animation_speed = speed
    s = t.scene
    lines, prompt = until_undoable(t, game_id, random.Random(2))
    moves = len(s.session.state.history)
    r = table_screen.undo_rect(s)
    screen = pygame.display.get_surface()
    t.move((r.x - 40, r.bottom + 200))  # on the log, away from the button
    t.step(2)
    normal = art.button_surface(r.size, "Undo (U)", "normal", "secondary")
    hover = art.button_surface(r.size, "Undo (U)", "hover", "secondary")
    assert face_distance(screen, r, normal) < face_distance(screen, r, hover)
    t.move(r.center)
    t.step(2)
    assert face_distance(screen, r, hover) < 1.0 < face_distance(screen, r, normal)

    t.click(r.center)
    t.step(2)
    assert len(s.session.state.history) == moves - 1
    assert s.log.lines == lines  # the undone move's lines left the log
    assert prompt and s.controls.prompt() == prompt
    assert table_screen.prompt_line(s) == f"Taken back. {prompt}"
    t.step(round(5 * 60))  # the note goes; what to do stays
    assert table_screen.prompt_line(s) == prompt
