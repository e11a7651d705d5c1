"""The tables explain themselves: hover tips on every kind of picture (never revealing what the
viewer may not know, never covering the hovered cell), column letters and row numbers in the
notation of the logs, and the scores while playing (Oasis, Colorado County) with Colorado
County's placement gain and its round scoring waiting for the player."""

import random
import re

import pygame
import pytest
from table_driver import made_tables
from table_plans import ColoradoMouseTable, OasisMouseTable, OregonMouseTable

from game.games.colorado import engine as co
from game.games.colorado.engine.grid import cell_name as colorado_cell
from game.games.colorado.engine.scoring import score_round
from game.games.oasis import engine as oa
from game.games.oasis.engine.geometry import cell_name as oasis_cell
from game.games.oasis.engine.scoring import final_scores
from game.games.oregon import engine as og
from game.games.oregon.engine.geometry import cell_name as oregon_cell
from game.ui import theme
from game.ui.board_labels import INK
from game.ui.tooltip import DELAY, Tooltip, place_beside, tip_at

FRAMES_PAST_DELAY = int(DELAY * 60) + 4


@pytest.fixture
def tables():
    def make(cls, spec, seed, speed=60.0):
        return cls(spec, seed=seed, speed=speed)

    yield from made_tables(make)


def _play_until(t, rng, cond, limit=400):
    """Random legal human moves (by the table's inputs) until ``cond()``."""
    s = t.scene
    for _ in range(limit):
        t.wait_turn()
        if cond() or s.session.state.is_over():
            return
        t.play(rng.choice(s.session.state.legal_actions(s.chooser)))
    raise AssertionError("never got there")


def _kinds(tips) -> set[str]:
    """Tip keys without their seat or index: "panel1_coal" -> "panel_coal", "card2" -> "card"."""
    return {re.sub(r"\d+", "", t.key) for t in tips}


def _hover_shows(t, pos) -> str:
    """Rest the pointer on ``pos`` past the delay; the text of the tip then showing."""
    s = t.scene
    t.move(pos)
    t.step(FRAMES_PAST_DELAY)
    tooltip = s.hover_tips.tooltip
    assert tooltip.visible, pos
    return tooltip.tip.text


def _tip_clear_of_cell(t, cell) -> str:
    """Hover ``cell``: a tip shows, and it does not cover the cell."""
    s = t.scene
    rect = s.layout.cell_rect(*cell)
    text = _hover_shows(t, rect.center)
    assert not s.hover_tips.tooltip.rect().colliderect(rect), (cell, text)
    return text


# --- item: every icon says what it is ---------------------------------------------------------
OREGON_KINDS = {f"panel_{k}" for k in ("badge", "score", "farmers", "joker", "extra", "coal",
                                       "gold")} | {
    "stack_post_office", "stack_harbour", "stack_church", "stack_coal_mine", "stack_gold_mine",
    "stack_store", "stack_station", "deck_landscape", "deck_building", "discard_landscape",
    "discard_building", "colsym", "rowsym", "card", "joker"}


def test_oregon_every_kind_of_picture_has_a_tip(tables):
    t = tables(OregonMouseTable, "human,bot:easy,bot:easy", seed=5)
    s = t.scene
    rng = random.Random(1)
    _play_until(t, rng, lambda: s.session.state.phase == "play" and s.dview()["buildings"]
                and any(pv["farmers"] for pv in s.dview()["players"]))
    tips = s.game.tips()
    assert _kinds(tips) >= OREGON_KINDS
    assert all(tip.text.strip() for tip in tips)
    for tip in tips:  # the pointer on each shows its own text
        assert tip_at(tips, pygame.Rect(tip.rect).center).text == tip.text
    for key in ("stack_church", "colsym1", "panel1_joker", "card0"):
        tip = next(x for x in tips if x.key == key)
        assert _hover_shows(t, pygame.Rect(tip.rect).center) == tip.text
    v = s.dview()
    building = tuple(v["buildings"][0]["cell"])
    farmer = next(tuple(c) for pv in v["players"] for c in pv["farmers"])
    assert "tile" in _tip_clear_of_cell(t, building)
    assert "farmer" in _tip_clear_of_cell(t, farmer)
    # keyboard focus shows the focused thing's tip too
    s.keyboard, s.focus = True, "card0"
    t.step(FRAMES_PAST_DELAY)
    assert s.hover_tips.tooltip.visible and s.hover_tips.tooltip.tip.key == "card0"


def test_oregon_token_values_reach_only_their_owner(tables):
    t = tables(OregonMouseTable, "human,bot:easy", seed=3)
    s = t.scene
    t.until_human()
    game = s.session.state
    game.coal[0], game.coal[1] = [3, 2], [1]
    game.gold[1] = [5]
    s.shown_views, s.shown_version = s.views_now(), s.shown_version + 1
    texts = {tip.key: tip.text for tip in s.game.tips()}
    assert "3, 2 = 5 points" in texts["panel0_coal"]
    before = {k: v for k, v in texts.items() if k.startswith("panel1")}
    game.coal[1], game.gold[1] = [3], [4]  # other values, the same counts
    s.shown_views, s.shown_version = s.views_now(), s.shown_version + 1
    after = {tip.key: tip.text for tip in s.game.tips() if tip.key.startswith("panel1")}
    assert after == before
    assert "Face down" in after["panel1_coal"]


COLORADO_PANEL = {f"panel_{k}" for k in ("badge", "score", "cubes", "cowboys", "sale")}


def test_colorado_every_kind_of_picture_has_a_tip(tables):
    t = tables(ColoradoMouseTable, "human,bot:easy,bot:easy", seed=4)
    s = t.scene
    t.wait_turn()
    assert s.session.state.phase == "flags"
    kinds = _kinds(s.game.tips())
    assert COLORADO_PANEL | {"panel_flags", "round", "flag"} <= kinds
    rng = random.Random(3)
    _play_until(t, rng, lambda: s.session.state.phase == "bid")
    assert "token" in _kinds(s.game.tips())
    own = set(s.controls.my_cowboys())
    for tip in s.game.tips():
        m = re.match(r"Your cowboy (\d+)", tip.text)
        assert m is None or int(m.group(1)) in own
    _play_until(t, rng, lambda: s.session.state.phase == "take")
    tips = s.game.tips()
    assert "card" in _kinds(tips)
    card = next(x for x in tips if x.key == "card0")
    assert "card" in _hover_shows(t, pygame.Rect(card.rect).center)
    v = s.dview()
    lake = tuple(v["lakes"][0]["cells"][0])
    assert "lake worth" in _tip_clear_of_cell(t, lake)
    flag = tuple(v["flags"][0]["cell"])
    assert "flag" in _tip_clear_of_cell(t, flag)


def test_oasis_every_kind_of_picture_has_a_tip(tables):
    t = tables(OasisMouseTable, "human,bot:easy,bot:easy", seed=6)
    s = t.scene
    rng = random.Random(2)
    _play_until(t, rng, lambda: any(o >= 0 for o in s.dview()["camel"])
                and any(a["owner"] >= 0 for a in s.dview()["areas"])
                and s.session.state.step() == "choose")
    tips = s.game.tips()
    panel = {f"panel_{k}" for k in ("badge", "disc", "camels", "markers", "deck", "score")}
    assert panel | {"land_oasis", "land_steppe", "land_stone", "score_goods", "score_springs",
                    "score_horses", "score_ovoo", "draw_deck", "discards"} <= _kinds(tips)
    assert "Score tiles" in next(x.text for x in tips if x.key == "panel1_pile")
    disc = next(x for x in tips if x.key == "panel1_disc")
    assert _hover_shows(t, pygame.Rect(disc.rect).center).startswith("Disc #")
    v = s.dview()
    w = v["board"]["width"]
    camel = next(i for i, o in enumerate(v["camel"]) if o >= 0)
    assert "camel" in _tip_clear_of_cell(t, (camel % w, camel // w))
    area = next(a for a in v["areas"] if a["owner"] >= 0)
    assert "area" in _tip_clear_of_cell(t, tuple(area["cells"][0]))
    bonus = v["board"]["bonus"][0]
    assert "bonus square" in _tip_clear_of_cell(t, (bonus[0], bonus[1]))
    # face-up offers show their large view instead of a tip
    q = next(q for q in range(s.n) if v["players"][q]["offer"])
    t.move(s.layout.offer_cards[q][0].center)
    assert s.game.zoom_model() is not None


def test_oasis_tips_and_scores_keep_others_score_tiles_secret(tables):
    t = tables(OasisMouseTable, "human,bot:easy,bot:easy", seed=6)
    s = t.scene
    rng = random.Random(2)
    _play_until(t, rng, lambda: s.dview()["players"][1]["score_tile_count"] > 0
                and s.session.state.step() == "choose", 600)

    def others():
        texts = [x.text for x in s.game.tips() if not x.key.startswith("panel0")]
        return texts, [s.game.panel_model(q).texts() for q in (1, 2)]

    before = others()
    game = s.session.state
    held = game.score_tiles[1]
    n = sum(held.values())
    swapped = dict.fromkeys(held, 0)
    swapped["goods" if held["ovoo"] == n else "ovoo"] = n  # as many tiles, other kinds
    game.score_tiles[1] = swapped
    s.shown_views, s.shown_version = s.views_now(), s.shown_version + 1
    assert others() == before


def test_tip_box_never_covers_what_it_keeps_clear():
    rng = random.Random(7)
    bounds = pygame.Rect(8, 8, 1904, 1064)
    for _ in range(2000):
        target = pygame.Rect(rng.randrange(0, 1860), rng.randrange(0, 1020),
                             rng.randrange(20, 220), rng.randrange(20, 220))
        clear = target.inflate(rng.choice((0, 140)), rng.choice((0, 140)))
        size = (rng.randrange(80, 600), rng.randrange(40, 200))
        r = place_beside(size, target, clear, bounds)
        assert bounds.contains(r) or r.bottom <= clear.y
        assert not r.colliderect(clear), (target, clear, size, r)


def test_tooltip_waits_for_the_pointer_to_rest():
    from game.ui.tooltip import Tip

    tip = Tip("x", pygame.Rect(100, 100, 40, 40), "Coal tokens: 2")
    tooltip = Tooltip()
    tooltip.show(tip, 10.0)
    assert not tooltip.visible
    tooltip.show(tip, 10.0 + DELAY)
    assert tooltip.visible
    tooltip.show(tip, 11.0, immediate=True)
    assert tooltip.visible  # the same tip keeps showing


# --- item: board coordinates ----------------------------------------------------------------
GAMES = (
    (OregonMouseTable, "human,bot:easy", oregon_cell),
    (ColoradoMouseTable, "human,bot:easy,bot:easy", colorado_cell),
    (OasisMouseTable, "human,bot:easy,bot:easy", oasis_cell),
)


def _label_at(labels, cell) -> str:
    """The drawn letter over ``cell``'s column and number beside its row."""
    x0, y0 = labels.origin
    c = labels.cell
    letter = next(text for text, (cx, cy) in labels.positions()
                  if cy == labels.letters_y and x0 + cell[0] * c <= cx < x0 + (cell[0] + 1) * c)
    number = next(text for text, (cx, cy) in labels.positions()
                  if cx == labels.numbers_x and y0 + cell[1] * c <= cy < y0 + (cell[1] + 1) * c)
    return letter + number


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("cls,spec,name", GAMES)
def test_board_labels_are_drawn_in_the_log_notation(tables, cls, spec, name, scale):
    t = tables(cls, spec, seed=2)
    s = t.scene
    theme.set_ui_scale(scale)
    try:
        t.step(2)
        labels = s.layout.labels
        board = s.layout.board_rect
        cols, rows = s.game.board_size
        assert (labels.cols, labels.rows) == (cols, rows)
        for y in range(rows):
            for x in range(cols):
                assert _label_at(labels, (x, y)) == name((x, y))
        frame = pygame.display.get_surface()
        for text, (cx, cy) in labels.positions():
            assert cy < board.y or cx < board.x  # outside the board, above or left of it
            box = pygame.Rect(0, 0, 14, 14)
            box.center = (cx, cy)
            inked = any(sum(abs(a - b) for a, b in zip(frame.get_at((px, py))[:3], INK, strict=True)) < 60
                        for px in range(box.x, box.right) for py in range(box.y, box.bottom))
            assert inked, (text, scale)
    finally:
        theme.set_ui_scale(1.0)


@pytest.mark.parametrize("cls,spec,name", GAMES)
def test_log_lines_name_cells_as_the_labels_do(tables, cls, spec, name):
    t = tables(cls, spec, seed=3)
    s = t.scene
    st = s.session.state.clone()
    rng = random.Random(4)
    seen = 0
    for _ in range(300):
        if st.is_over():
            break
        p = st.to_act()[0]
        for e in st.apply(rng.choice(st.legal_actions(p)), p):
            cell = e.data.get("cell") if isinstance(e.data, dict) else None
            if cell is None or not isinstance(cell, (list, tuple)) or len(cell) != 2 \
                    or isinstance(cell[0], (list, tuple)):
                continue
            text = e.text_for(None)
            assert not re.search(r"\(\d+, ?\d+\)", text), text
            named = re.findall(r"\b[A-Z]\d{1,2}\b", text)
            if named:  # a line that names a cell names the one its event is about
                assert _label_at(s.layout.labels, tuple(cell)) in named, text
                seen += 1
    assert seen >= 3


def test_oasis_prompts_and_actions_use_the_notation():
    assert str(oa.PlaceCamel((6, 3))) == "place a camel at G4"
    assert str(oa.MoveCamel((0, 0), (16, 12))) == "move a camel from A1 to Q13"
    assert oasis_cell((2, 1)) == "C2" == colorado_cell((2, 1)) == oregon_cell((2, 1))


# --- item: scores while playing ---------------------------------------------------------------
def test_oasis_panels_show_the_score_so_far(tables):
    t = tables(OasisMouseTable, "human,bot:easy,bot:easy", seed=6)
    s = t.scene
    rng = random.Random(5)
    _play_until(t, rng, lambda: s.shown.score_tiles[0] and any(
        a["owner"] == 0 for a in s.dview()["areas"]) and s.session.state.step() == "choose", 600)
    st = s.shown
    real = final_scores(st.board, st.camel_at, st.a_kind, st.a_owner, st.a_size,
                        st.score_tiles)
    own = s.game.panel_model(0)
    assert own.projected_exact and own.projected == real[0]["total"]
    assert f"now {real[0]['total']}" in own.texts()
    for q in (1, 2):
        m = s.game.panel_model(q)
        assert not m.projected_exact and m.projected >= real[q]["total"]
        assert f"up to {m.projected}" in m.texts()


def _to_take_with_cubes(t, rng):
    s = t.scene
    _play_until(t, rng, lambda: s.session.state.phase == "take" and any(
        isinstance(a, co.TakeCard) and len(a.cubes) >= 2 for a in s.session.state.legal_actions(s.chooser)),
        600)
    return max((a for a in s.session.state.legal_actions(s.chooser) if isinstance(a, co.TakeCard)),
               key=lambda a: len(a.cubes))


def _round_totals(state) -> list[int]:
    out = [0] * state.num_players
    for r in score_round(max(1, state.round), state.owner, state.lake_owner,
                         state.lakemap.lakes, state.num_players):
        out[r.player] += r.points
    return out


def test_colorado_shows_round_points_and_a_placements_gain(tables):
    t = tables(ColoradoMouseTable, "human,bot:easy,bot:easy", seed=8)
    s = t.scene
    rng = random.Random(6)
    a = _to_take_with_cubes(t, rng)
    totals = _round_totals(s.shown)
    for q in range(s.n):
        assert f"round +{totals[q]}" in s.game.panel_model(q).texts()
    cards = s.controls.card_rects()
    t.click(cards[[cid for cid, _ in cards].index(a.card_id)][1].center)
    if s.controls.choice.use_flag != tuple(a.flag_cell):
        t.cell(a.flag_cell)
    want = set(co.cards.CARDS[a.card_id].star_cells(tuple(a.flag_cell), a.rotation,
                                                   a.anchor_star))
    t.turn_to(want)
    for c in s.controls.choice.ghost_cells():
        if (c not in s.controls.choice.cube_off) != (c in a.cubes) and 0 <= c[0] < 15 and 0 <= c[1] < 10:
            t.cell(c)
    t.move((5, 5))  # the gain shows wherever the pointer is
    t.step(2)
    tip, clear, _ = s.hover_tips.current_tip()
    assert tip.key == "placement" and s.hover_tips.tooltip.visible
    gain = s.controls.choice.placement_gain()
    before = _round_totals(s.session.state)
    after_state = s.session.state.clone()
    after_state.apply(s.controls.choice.card_action(), s.chooser)
    after = _round_totals(after_state)
    assert [g["total"] for g in gain] == [b - a0 for a0, b in zip(before, after, strict=True)]
    assert tip.text.startswith(f"You: {gain[s.chooser]['total']:+d}") or \
        tip.text.startswith("You: no change")
    box = s.hover_tips.tooltip.rect()
    for c in s.controls.choice.ghost_cells():  # the cubes and the land around them stay in view
        if 0 <= c[0] < 15 and 0 <= c[1] < 10:
            assert not box.colliderect(s.layout.cell_rect(*c).inflate(140, 140))
    assert clear.contains(s.layout.cell_rect(*a.flag_cell))


def _to_round_scoring(t, rng):
    s = t.scene
    for _ in range(40000):
        if s.game.score_show and s.game.score_show.get("final"):
            return
        if s.human_can_act:
            s.controls.try_action(rng.choice(s.session.state.legal_actions(s.chooser)))
        t.step()
    raise AssertionError("no round scoring")


def test_colorado_round_scoring_waits_for_a_human(tables):
    t = tables(ColoradoMouseTable, "human,bot:easy,bot:easy", seed=9)
    s = t.scene
    _to_round_scoring(t, random.Random(1))
    moves = len(s.session.state.history)
    t.step(60 * 30)  # half a minute, far past the old timer
    assert s.game.scores_held and s.game.score_show is not None
    assert len(s.session.state.history) == moves  # nobody plays on under it
    t.key(pygame.K_SPACE)
    assert s.game.score_show is None and not s.timeline.held
    t.until(lambda: len(s.session.state.history) > moves)


def test_colorado_round_scoring_closes_by_button_or_click(tables):
    t = tables(ColoradoMouseTable, "human,bot:easy,bot:easy", seed=9)
    s = t.scene
    _to_round_scoring(t, random.Random(1))
    t.step(10)
    assert s.game.scores_held
    t.click(s.game.scores_button_rect().center)
    assert s.game.score_show is None and not s.timeline.held


def test_colorado_round_scoring_keeps_its_timer_without_humans(tables):
    t = tables(ColoradoMouseTable, "bot:easy,bot:easy,bot:easy", seed=9)
    s = t.scene
    t.until(lambda: s.game.score_show is not None and s.game.score_show.get("final"), 60000)
    assert not s.game.scores_held
    t.until(lambda: s.game.score_show is None, 2000)


def test_oregon_preview_keeps_the_cells_around_in_view(tables):
    t = tables(OregonMouseTable, "human,bot:easy", seed=4)
    s = t.scene
    rng = random.Random(2)
    _play_until(t, rng, lambda: s.session.state.phase == "play" and any(
        isinstance(a, (og.PlaceFarmer, og.PlaceBuilding)) for a in s.session.state.legal_actions(s.chooser)))
    action = next(a for a in s.session.state.legal_actions(s.chooser)
                  if isinstance(a, (og.PlaceFarmer, og.PlaceBuilding)))
    for card in action.cards:
        t.click(s.controls.card_rect(s.controls.hand().index(card)).center)
    if len(action.cards) == 1:
        t.click(s.layout.joker_rect(len(s.controls.hand())).center)
    cell = s.layout.cell_rect(*action.cell)
    t.move(cell.center)
    t.step(1)
    assert s.hover_tips.tooltip.visible and s.hover_tips.tooltip.tip.text.startswith("You: ")
    assert not s.hover_tips.tooltip.rect().colliderect(cell.inflate(2 * s.layout.cell, 2 * s.layout.cell))


def test_a_tip_goes_when_the_pause_menu_covers_the_table(tables):
    """The pause menu dims the table and owns the screen: a tip showing on the table goes
    with it (it would stand out bright under the dimming), and comes back after."""
    from game.scenes.pause import PauseMenu

    t = tables(OregonMouseTable, "human,bot:easy", seed=3)
    s = t.scene
    t.until_human()
    tip = next(x for x in s.game.tips() if x.key == "card0")
    assert _hover_shows(t, pygame.Rect(tip.rect).center) == tip.text
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="\x1b", scancode=0))
    t.step(FRAMES_PAST_DELAY)
    assert isinstance(t.top, PauseMenu)
    assert not s.hover_tips.tooltip.visible
