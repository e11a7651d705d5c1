"""The Undo button over the game log, used with the mouse alone on all three tables: the
pointer over it lights it, a click takes the move back, the move's lines leave the log and the
prompt says what to do again."""

import random

import pygame
import pytest
from table_plans import ColoradoMouseTable, OasisMouseTable, OregonMouseTable

from game.games.colorado import engine as co
from game.games.oasis import engine as oa
from game.games.oregon import engine as og
from game.scenes.table import screen as table_screen
from game.ui import art

pytestmark = pytest.mark.usefixtures("no_flip")

TABLES = {"oregon": (OregonMouseTable, "human,bot:easy"),
          "colorado": (ColoradoMouseTable, "human,bot:easy,bot:easy"),
          "oasis": (OasisMouseTable, "human,bot:easy,bot:easy")}
# the moves the field report took back (a placement in Oregon, an offer taken in Oasis); in
# Colorado County passing the market, before the secret bids
LIKED = {"oregon": (og.PlaceBuilding, og.PlaceFarmer), "oasis": (oa.TakeOffer,),
         "colorado": (co.PassSale,)}


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
        assert not s.state.is_over()
        legal = s.state.legal_actions(s.chooser)
        liked = [a for a in legal if isinstance(a, LIKED[game_id])]
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


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_undo_button_lights_up_and_takes_back_on_click(game_id, make_table):
    cls, players = TABLES[game_id]
    t = make_table(cls, players, seed=5)
    if game_id == "colorado":
        # the bots' secret bids follow a pass at once (and end what can be taken back):
        # at half speed their pause leaves the player the moment a real one has
        t.app.settings.animation_speed = 0.5
    s = t.scene
    lines, prompt = until_undoable(t, game_id, random.Random(2))
    moves = len(s.state.history)
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
    assert len(s.state.history) == moves - 1
    assert s.log.lines == lines  # the undone move's lines left the log
    assert prompt and s.controls.prompt() == prompt
    assert table_screen.prompt_line(s) == f"Taken back. {prompt}"
    t.step(round(5 * 60))  # the note goes; what to do stays
    assert table_screen.prompt_line(s) == prompt
