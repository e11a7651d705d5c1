"""The Oregon table, headless: a whole game played by posted mouse events, and the table's
prompts, overlays, hot-seat hand-off and privacy of token values."""

import random

import pygame
import pytest
from table_driver import made_tables
from table_plans import OregonMouseTable, escape_pauses_and_f1_shows_rules, play_to_results

from game.games.oregon.engine import (
    Draw,
    PlaceBuilding,
    PlaceFarmer,
    PlaceStartTile,
    UseExtraTurn,
    preview,
)
from game.games.oregon.table.parts import gains_text
from game.scenes.table.table import Table


@pytest.fixture
def tables():
    yield from made_tables(OregonMouseTable)


def test_whole_game_by_mouse_to_results(tables):
    t = tables("human,bot:easy,bot:easy", seed=11)
    s = t.scene
    rng = random.Random(5)

    def pick(legal, _seen):
        # prefer the interesting moves now and then: buildings, the joker, the extra turn
        fine = [a for a in legal if isinstance(a, (PlaceBuilding, UseExtraTurn))]
        return rng.choice(fine if fine and rng.random() < 0.5 else legal)

    seen = play_to_results(t, pick, 400)
    assert s.session.state.is_over()
    assert {PlaceStartTile, Draw} <= seen
    assert seen & {PlaceFarmer, PlaceBuilding}
    rows = s.game.result_rows()
    assert [r[2] for r in rows] == sorted(r[2] for r in rows)
    assert any(r[5] for r in rows)


def _to_human_play(t):
    """Play (by clicks) until the human must play cards."""
    s = t.scene
    for _ in range(50):
        t.until_human()
        if s.session.state.phase == "play":
            return
        t.play(s.session.state.legal_actions(s.acting)[0])
    raise AssertionError("never reached the human's card play")


def test_illegal_click_explains_why(tables):
    t = tables("human,bot:easy", seed=4)
    s = t.scene
    t.until_human()
    assert s.session.state.phase == "start_tile"
    legal = {a.cell for a in s.session.state.legal_actions(s.acting)}
    cell = next((x, y) for y in range(10) for x in range(15) if (x, y) not in legal)
    reason = s.session.state.why_illegal(PlaceStartTile(cell), s.acting)
    assert reason
    t.click(s.layout.cell_rect(*cell).center)
    assert s.message == reason and s.message_error
    assert s.controls.prompt() == reason
    # in the card play: a cell without cards selected asks for cards first
    _to_human_play(t)
    t.click(s.layout.cell_rect(0, 0).center)
    assert "two cards" in s.message


def test_hover_shows_the_preview(tables):
    t = tables("human,bot:easy", seed=4)
    s = t.scene
    _to_human_play(t)
    action = next(a for a in s.session.state.legal_actions(s.acting)
                  if isinstance(a, (PlaceFarmer, PlaceBuilding)))
    for card in action.cards:
        t.click(s.controls.card_rect(s.controls.hand().index(card)).center)
    if len(action.cards) == 1:
        t.click(s.layout.joker_rect(len(s.controls.hand())).center)
    kind, cells = s.controls.legal_cells()
    assert action.cell in cells
    t.move(s.layout.cell_rect(*action.cell).center)
    assert s.hover_cell == action.cell
    expected = gains_text(preview(s.session.state, action)["players"][s.acting])
    assert s.controls.preview_text(s.hover_cell).split("\n")[0] == f"You: {expected}"


def test_escape_opens_pause_and_f1_rules(tables):
    escape_pauses_and_f1_shows_rules(tables("human,bot:easy", seed=2))


def test_two_humans_hand_off_between_turns(tables):
    t = tables("human,human", seed=8)
    s = t.scene
    t.step(3)
    assert type(t.top).__name__ in ("Handoff", "_SimpleHandoff")
    assert s.viewer is None and s.controls.hand() == []
    first = s.acting
    t.pass_handoff()
    assert isinstance(t.top, Table)
    assert s.viewer == first and s.controls.hand()
    t.until_human()
    t.play(s.session.state.legal_actions(first)[0])  # the start tile
    t.until(lambda: not isinstance(t.top, Table), 2000)
    assert type(t.top).__name__ in ("Handoff", "_SimpleHandoff")
    assert s.viewer is None
    t.pass_handoff()
    assert s.viewer == s.acting != first


def test_token_values_show_only_to_their_owner(tables):
    t = tables("human,bot:easy,bot:easy", seed=3)
    s = t.scene
    s.session.state.coal[0], s.session.state.gold[1], s.session.state.coal[2] = [2], [5], [3]
    s.shown_views = s.views_now()
    s.shown_version += 1
    mine = s.game.panel_model(0)
    assert mine.coal_values == (2,)
    # the owner's panel counts its tokens as every panel does ("×1", not the value 2, which
    # would read as a count); the values are in the owner's tip
    assert "coal ×1" in mine.texts() and "gold ×0" in mine.texts()
    assert "2 = 2 points" in {tip.key: tip.text for tip in s.game.tips()}["panel0_coal"]
    for q in (1, 2):
        m = s.game.panel_model(q)
        assert m.coal_values is None and m.gold_values is None
        assert not any(x.startswith(("coal ", "gold ")) and x[5:].isdigit() for x in m.texts())
    assert "gold ×1" in s.game.panel_model(1).texts()


def test_keyboard_plays_a_start_tile(tables):
    t = tables("human,bot:easy", seed=4)
    s = t.scene
    t.until_human()
    assert s.session.state.phase == "start_tile"
    legal = {a.cell for a in s.session.state.legal_actions(0)}
    # The start-tile phase focuses the board on the legal cell nearest the cursor.
    assert s.focus == "board" and s.cursor in legal
    # Walk the cursor onto a cell that is not legal: Enter explains and changes nothing.
    x, y = s.cursor
    while s.cursor in legal and s.cursor[0] < 14:
        t.key(pygame.K_RIGHT)
    if s.cursor not in legal:
        t.key(pygame.K_RETURN)
        assert s.human_actions == 0 and s.message_error
    # Back onto the legal cell by arrows, then Enter places the tile there.
    while s.cursor[0] > x:
        t.key(pygame.K_LEFT)
    assert s.cursor == (x, y)
    t.key(pygame.K_RETURN)
    assert s.human_actions == 1
    placed = [b for b in s.session.state.view(0)["buildings"] if b["start"] and tuple(b["cell"]) == (x, y)]
    assert placed, "the start tile stands where the keyboard cursor was"
