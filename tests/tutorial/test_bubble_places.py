"""Where the coach's bubble stands, on every step of every lesson, in every language, at Text
size 100 % and 150 %: on the screen, and neither it nor its arrow over anything the step
talks about (what it points at and the places it keeps, the prompt, the buttons, where its
move is made, the newest log lines and the cells the others' last moves name)."""

from __future__ import annotations

import math

import pygame
import pytest
from lesson_walk import table_for, walk

from game import i18n
from game.registry import GAMES
from game.scenes.tutorial.bubble import RING, arrow_points
from game.scenes.tutorial.lesson import load_lesson
from game.session import Move
from game.ui import theme

GAME_IDS = [g.id for g in GAMES.values() if g.lesson]
_walks: dict[str, list] = {}


def visits_with_moves(game_id: str) -> list:
    """Each step of the game's lesson as it comes up, with the events so far (for the log,
    as one move); walked once per test session."""
    if game_id not in _walks:
        events: list = []
        visits = []
        for visit in walk(load_lesson(GAMES[game_id].lesson)):
            events = events + visit.events
            visits.append((visit, [events]))
        _walks[game_id] = visits
    return _walks[game_id]


def crossed(bubble) -> list:
    """What the bubble's arrow crosses of the step's subject on its way to its ring."""
    if not bubble.targets or not bubble.arrow:
        return []
    target = min(bubble.targets, key=lambda t: math.dist(t.center, bubble.rect.center))
    points = arrow_points(bubble.rect, target)
    if points is None:
        return []
    rings = [t.inflate(2 * RING, 2 * RING) for t in bubble.targets]
    return [r for r in bubble.subject() if r not in rings
            and (r.clipline(points[0], points[1]) or r.clipline(points[2], points[1]))]



def as_moves(state, events):
    """``events`` (the walk's: all of them as one move) as a session's moves, each with the
    seat and action of ``state``'s history at its place."""
    return [Move(p, a, ev) for (p, a), ev in zip(state.history, events, strict=False)]

@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("language", ["en", "it", "es", "fr"])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_bubble_covers_nothing_the_step_talks_about(services, game_id, language, scale):
    lesson = load_lesson(GAMES[game_id].lesson)
    visits = visits_with_moves(game_id)
    i18n.set_language(language)
    theme.set_ui_scale(scale)
    table = table_for(lesson, services)
    canvas = pygame.Rect((0, 0), services.canvas_size)
    try:
        for visit, moves in visits:
            table.restore(visit.state.clone())
            table.rebuild_log(as_moves(visit.state, moves))
            table.coach.guide.index = visit.index
            bubble = table.coach.bubble
            bubble.layout()
            step = visit.index + 1
            assert bubble.rect is not None and canvas.contains(bubble.rect), step
            covered = [r for r in bubble.subject() if bubble.rect.colliderect(r)]
            assert not covered, f"step {step} covers {covered}"
            assert not crossed(bubble), f"step {step}: its arrow crosses {crossed(bubble)}"
    finally:
        table.on_exit()
        theme.set_ui_scale(1.0)
        i18n.set_language("en")


def test_the_newest_log_lines_and_the_others_new_pieces_are_part_of_the_subject(services):
    """Oregon's coal mine step: Blue has just built a church; its log line and its cell are
    what the bubble leaves in view, besides what the step points at."""
    lesson = load_lesson(GAMES["oregon"].lesson)
    visit, moves = next((v, m) for v, m in visits_with_moves("oregon")
                        if v.step.say.startswith("Mines pay"))
    table = table_for(lesson, services)
    try:
        table.restore(visit.state.clone())
        table.rebuild_log(as_moves(visit.state, moves))
        table.coach.guide.index = visit.index
        bubble = table.coach.bubble
        bubble.layout()
        church = next(e for e in table.log.entries if "builds a church" in e.text)
        assert church.cells
        subject = bubble.subject()
        for cell in church.cells:
            assert table.layout.cell_rect(*cell).collidelist(subject) >= 0
        newest = table.log.newest(1)[0][0]
        assert newest.collidelist(subject) >= 0
    finally:
        table.on_exit()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_tips_draw_over_the_bubble_and_none_shows_for_the_bubble_itself(services, display,
                                                                       monkeypatch, game_id):
    from game.scenes.tutorial.coach import Coach
    from game.ui.tooltip import Tooltip

    drawn: list[str] = []
    coach_draw, tip_draw = Coach.draw, Tooltip.draw
    monkeypatch.setattr(Coach, "draw", lambda self, s: (drawn.append("bubble"),
                                                        coach_draw(self, s)))
    monkeypatch.setattr(Tooltip, "draw", lambda self, s: (drawn.append("tip"),
                                                          tip_draw(self, s)))
    table = table_for(load_lesson(GAMES[game_id].lesson), services)
    try:
        table.draw(display)
        assert drawn == ["bubble", "tip"]
        table.keyboard = False
        table.hover = table.coach.bubble.rect.center
        assert table.hover_tips.current_tip()[0] is None
    finally:
        table.on_exit()
