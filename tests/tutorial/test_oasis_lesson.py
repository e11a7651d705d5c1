"""The Oasis lesson, at engine level: its fixed deal holds, each step's move is there when the
step is reached, and each mechanic it names really happens at its step."""

from __future__ import annotations

import ast
import inspect

import pytest
from lesson_walk import play_free, start, table_for, unresolved_pointers, walk

from game import i18n
from game.games.oasis.engine.actions import PlaceCamel, PlaceTile
from game.games.oasis.engine.scoring import camel_groups
from game.games.oasis.table import lesson as oasis_lesson
from game.games.oasis.table.lesson import LESSON
from game.registry import GAMES
from game.scenes.tutorial.lesson import load_lesson
from game.ui import theme

WORDS_MAX = 45  # a step says one idea; longer texts overflow the coach bubble
TALLEST = 0.55  # of the screen's height, the most a bubble may take at the largest Text size


@pytest.fixture(scope="module")
def walked():
    """The lesson walked to its last step, and the game left there."""
    game = start(LESSON)
    return walk(LESSON, game), game


@pytest.fixture(scope="module")
def visits(walked):
    return walked[0]


@pytest.fixture(scope="module")
def finished(walked):
    """The free part played to the end (the learner taking the first legal move)."""
    game = walked[1]
    play_free(game)
    return game.state


def _step(say_start: str) -> int:
    """The index of the step whose English text starts with ``say_start``."""
    found = [i for i, s in enumerate(LESSON.steps) if s.say.startswith(say_start)]
    assert len(found) == 1, say_start
    return found[0]


def _events(visits, say_start: str, kind: str, player: int | None = 0,
            before: bool = False) -> list:
    """Events of ``kind`` (by ``player``) from the step's own moves and the bots' moves after
    them, or with ``before`` the ones that led to the step (the bots' moves before it)."""
    i = _step(say_start)
    events = visits[i].events if before else visits[i + 1].events
    return [e for e in events if e.kind == kind and (player is None or e.player == player)]


def _state_after(visits, say_start: str):
    return visits[_step(say_start) + 1].state


def test_registry_names_the_lesson():
    assert load_lesson(GAMES["oasis"].lesson) is LESSON
    assert LESSON.seats[0] == "human"
    assert all(s in ("bot:easy", "bot:normal") for s in LESSON.seats[1:])


def test_walk_reaches_the_last_step_and_the_game_then_ends(visits, finished):
    assert [v.index for v in visits] == list(range(len(LESSON.steps)))
    assert LESSON.steps[-1].reading and not visits[-1].state.is_over()
    assert finished.is_over() and len(finished.winners()) == 1


def test_each_step_that_waits_for_a_move_has_one_and_refuses_the_others(visits):
    for i, (step, v) in enumerate(zip(LESSON.steps, visits, strict=True)):
        if step.reading:
            assert v.expected == [], f"step {i + 1} is a reading step: no move goes through"
            continue
        expected = v.expected
        assert expected, f"step {i + 1} expects none of the legal moves"
        if len(expected) < len(v.legal):
            assert step.refuse, f"step {i + 1} refuses moves without saying why"
            assert any(not LESSON.allows(i, a) for a in v.legal)


def test_offers_and_the_offer_deck(visits):
    turned = _events(visits, "This is your offer deck", "card_turned")
    assert [e.data["position"] for e in turned] == [1]
    assert [e.data["position"] for e in _events(visits, "An offer is 1 to 3", "card_turned")
            ] == [2]
    stopped = _events(visits, "Stop here. You offered 2", "offer_stopped")
    assert len(stopped[0].data["cards"]) == 2
    assert [e.data["count"] for e in _events(visits, "Stop here. You offered 2",
                                             "cards_drawn")] == [1]


def test_discs_and_turn_order(visits):
    discs = visits[_step("The discs set the order")].state
    assert discs.disc[0] == 1 and discs.order[0] == 0  # the learner offers and chooses first
    handed = _events(visits, "When the others have offered", "disc_handed")
    assert [(e.data["disc"], e.data["to"]) for e in handed] == [(1, oasis_lesson.GREEN)]
    # round 2: the learner's offer is taken with disc #1, and the learner has the bonus
    took = _events(visits, "The holder of disc #1 takes your offer", "disc_handed", None,
                   before=True)
    assert (1, 0) in [(e.data["disc"], e.data["to"]) for e in took]
    bonus = _events(visits, "You hold disc #1: place a free camel", "bonus", None,
                    before=True)
    assert [e.player for e in bonus] == [0]


@pytest.mark.parametrize("say_start, card", [
    ("Carry out your cards one at a time", "draw3"),
    ("Stone ×1", "stone1"),
    ("Goods ×1 is a score card", "goods1"),
    ("Camels ×3", "camels3"),
])
def test_each_card_kind_chosen_is_carried_out(visits, say_start, card):
    carried = _events(visits, say_start, "card_carried_out")
    assert [e.data["card"] for e in carried] == [card]


def test_each_card_kind_does_what_its_step_says(visits):
    assert [e.data["count"] for e in _events(visits, "Carry out your cards one at a time",
                                             "cards_drawn")] == [3]
    assert [e.data["kind"] for e in _events(visits, "Place your stone tile", "tile_placed")
            ] == ["stone"]
    steppe = _events(visits, "Steppe ×2", "tile_placed")
    assert [e.data["kind"] for e in steppe] == ["steppe", "steppe"]
    # the steppe card starts by itself (the last kind left): its step is the placing; the
    # first tile starts an area (joining the bonus square it touches), the second grows it
    assert [e.data["mode"] for e in steppe] == ["start", "extend"]
    assert steppe[1].data["size"] == steppe[0].data["size"] + 1
    goods = _events(visits, "Goods ×1 is a score card", "score_tiles_taken")
    assert [(e.data["kind"], e.data["count"]) for e in goods] == [("goods", 1)]
    assert len(_events(visits, "Place your three camels", "camel_placed")) == 3
    oasis = _events(visits, "Oasis ×2", "tile_placed")
    assert [(e.data["kind"], e.data["mode"]) for e in oasis] == [("oasis", "start")]


def test_areas_and_control_markers(visits):
    assert [e.data["markers_left"] for e in _events(visits, "Oasis ×2", "marker_placed")
            ] == [1]
    grown = _events(visits, "Each new area took one of your 4 control markers", "tile_placed")
    assert [(e.data["kind"], e.data["mode"]) for e in grown] == [("oasis", "extend")]
    st = _state_after(visits, "Each new area took one of your 4 control markers")
    assert len(st.markers[0]) == 3  # stone, steppe and oasis areas, each under a marker
    area = st.area[st.board.index(oasis_lesson.OASIS_GROW)]
    started = _events(visits, "Oasis ×2", "tile_placed")[0]
    assert st.a_owner[area] == 0 and st.a_size[area] == started.data["size"] + 1


def test_camels_form_a_chain(visits):
    placed = _events(visits, "You hold disc #1: place a free camel", "camel_placed")
    assert [e.data["cell"] for e in placed] == [list(oasis_lesson.BONUS_CAMEL)]
    st = _state_after(visits, "You hold disc #1: place a free camel")
    chains = camel_groups(st.board, st.camel_at, 0)
    assert len(chains[0]) == 4  # the three camels of the card and the bonus camel


def test_score_tiles(visits):
    taken = _events(visits, "At the end each score tile multiplies", "offer_taken")
    assert sorted(taken[0].data["cards"]) == ["ovoo2", "stone1"]
    after = _state_after(visits, "Grow your stone area")
    assert after.score_tiles[0] == {"goods": 1, "springs": 0, "horses": 0, "ovoo": 2}
    grown = _events(visits, "Grow your stone area", "tile_placed")
    assert [(e.data["kind"], e.data["mode"]) for e in grown] == [("stone", "extend")]


def test_the_end_is_told_before_the_game_ends(visits, finished):
    v = visits[_step("The game ends after the round")]
    assert not v.state.is_over() and not v.state.end_cause
    # the game ended for one of the reasons the step gives, with the score tiles multiplied
    assert finished.end_cause and finished.final is not None
    for q, f in enumerate(finished.final):
        assert f["stone"]["points"] == f["stone"]["tiles"] * finished.score_tiles[q]["ovoo"]


def test_the_last_step_offers_suggest_a_move():
    last = LESSON.steps[-1]
    assert last.reading and "Suggest a move" in last.say and "(H" in last.say


def test_step_texts_are_marked_for_translation_and_short():
    marked = {node.args[0].value for node in ast.walk(ast.parse(inspect.getsource(oasis_lesson)))
              if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "N_"}
    assert LESSON.title in marked
    for i, step in enumerate(LESSON.steps):
        assert step.say in marked, f"step {i + 1} is not marked"
        assert not step.refuse or step.refuse in marked, f"step {i + 1}'s refusal"
        assert len(step.say.split()) <= WORDS_MAX, f"step {i + 1} says too much"


def test_every_pointer_is_resolved_by_the_table():
    assert unresolved_pointers(LESSON) == []


@pytest.fixture(scope="module")
def lesson_table():
    """The Oasis table with the lesson's coach, on the dummy video driver."""
    import pygame

    from game.config import Config
    from game.scenes.services import Services

    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1920, 1080))
    services = Services.standalone(Config(mute=True))
    table = table_for(LESSON, services)
    yield table
    table.on_exit()
    services.close()
    theme.set_ui_scale(1.0)
    i18n.set_language("en")


@pytest.mark.parametrize("code", ["en", "it", "es", "fr"])
def test_every_step_fits_its_bubble_at_the_largest_text_size(lesson_table, visits, code):
    """At Text size 1.5 each step's bubble lies on the screen, covers neither what it points
    at nor where the move is made, and leaves about half the table in view."""
    table = lesson_table
    i18n.set_language(code)
    theme.set_ui_scale(1.5)
    width, height = table.services.canvas_size
    screen = (0, 0, width, height)
    for v in visits:
        table.restore(v.state.clone())
        table.coach.guide.index = v.index
        bubble = table.coach.bubble
        bubble.layout()
        rect = bubble.rect
        assert rect is not None and rect.w > 0
        assert rect.clip(screen) == rect, f"step {v.index + 1} leaves the screen"
        assert rect.h <= height * TALLEST, f"step {v.index + 1} is {rect.h} px tall"
        assert rect.collidelist(bubble.subject()) < 0, f"step {v.index + 1} covers its place"


def test_a_step_lights_only_its_own_cells(lesson_table, visits):
    """Where a step wants a tile or a camel on one cell, that cell alone is lit (the board
    lights every legal cell once the steps are over)."""
    table = lesson_table
    checked = 0
    for v in visits:
        wanted = {a.cell for a in v.expected if isinstance(a, (PlaceTile, PlaceCamel))}
        if not wanted:
            continue
        table.restore(v.state.clone())
        table.coach.guide.index, table.coach.guide.done = v.index, 0
        assert set(table.controls.cell_targets()) == wanted, f"step {v.index + 1}"
        checked += 1
    assert checked >= 6
    stone = visits[_step("Place your stone tile")]
    table.restore(stone.state.clone())
    table.coach.guide.index = len(LESSON.steps)  # the same position, in the free part
    assert set(table.controls.cell_targets()) == {a.cell for a in stone.legal}
    assert len(stone.legal) > 1
