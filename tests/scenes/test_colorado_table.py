"""The Colorado County table, headless: a whole game played by posted mouse events, secret
bids kept secret, hot-seat hand-offs, turning a card, illegal uses explained, overlays."""

import random

import pygame
import pytest
from table_driver import made_tables
from table_plans import ColoradoMouseTable, escape_pauses_and_f1_shows_rules, play_to_results

from game.app import App
from game.config import Config
from game.games.colorado.engine import Bid, OfferForSale, PassSale, PlaceFlag, TakeCard, new_game
from game.games.colorado.engine.cards import CARDS
from game.registry import GAMES
from game.seats import parse_players


@pytest.fixture
def tables():
    yield from made_tables(ColoradoMouseTable)


def _pick(rng, legal):
    """A human who mostly bids and places cubes, and now and then sells land."""
    takes = [a for a in legal if isinstance(a, TakeCard) and a.cubes]
    if takes:
        return rng.choice(takes)
    if any(isinstance(a, Bid) for a in legal):
        small = [a for a in legal if isinstance(a, Bid) and 1 <= len(a.cowboys) <= 3]
        return rng.choice(small or legal)
    if any(isinstance(a, OfferForSale) for a in legal):
        offers = [a for a in legal if isinstance(a, OfferForSale)]
        return rng.choice(offers) if rng.random() < 0.15 else PassSale()
    return rng.choice(legal)


def test_whole_game_by_mouse_to_results(tables):
    t = tables("human,bot:easy,bot:easy", seed=7)
    s = t.scene
    rng = random.Random(5)
    seen = play_to_results(t, lambda legal, _seen: _pick(rng, legal), 600)
    assert {PlaceFlag, Bid, TakeCard} <= seen
    rows = s.game.result_rows()
    assert [r[2] for r in rows] == sorted(r[2] for r in rows)
    assert any(r[5] for r in rows)
    assert {"R1", "R4", "Borders", "Tie-break: cubes"} <= set(rows[0][4])


def _to_phase(t, phase: str, rng=None):
    """Play (by clicks) until the human must act in ``phase``."""
    s = t.scene
    rng = rng or random.Random(1)
    for _ in range(200):
        t.until_human()
        if s.session.state.phase == phase:
            return
        t.play(_pick(rng, s.session.state.legal_actions(s.chooser)))
    raise AssertionError(f"never reached {phase}")


def test_other_bids_stay_secret_until_the_reveal(tables):
    t = tables("human,bot:easy,bot:easy", seed=4)
    s = t.scene
    _to_phase(t, "bid")
    # let the bots bid while the human chooses
    t.until(lambda: all(s.session.state.bids[q] is not None for q in (1, 2)), 3000)
    t.step(20)
    assert s.session.state.phase == "bid" and s.human_can_act
    t.tokens(s.controls.my_cowboys()[:1])  # a choice in progress survives the bots' bids
    assert len(s.controls.choice.sel_tokens) == 1
    secret = {c for q in (1, 2) for c in s.session.state.bids[q]} - set(s.session.state.hands[0])
    assert secret
    for q in (1, 2):
        assert "bid in" in s.game.panel_model(q).texts()
    words = set()
    for text in s.game.drawn_texts():
        words |= set(text.replace(",", " ").replace(".", " ").replace("(", " ")
                     .replace(")", " ").split())
    # the own cowboys and how many of them the bid in progress holds ("Your bid: 1 cowboy")
    own = {str(c) for c in s.session.state.hands[0]} | {str(len(s.controls.choice.sel_tokens))}
    # the only numbers on screen: own cowboys, counts and scores, never the others' bids
    for q in (1, 2):
        assert not [w for w in s.game.panel_model(q).texts() if w in {str(c) for c in secret}
                    and w not in (str(s.session.state.cubes_left[q]), str(s.disp_score[q]))]
    bid_lines = [x for x in s.game.drawn_texts() if "bid" in x.lower()]
    for line in bid_lines:
        nums = {w for w in line.replace(",", " ").replace("(", " ").replace(")", " ")
                .replace(".", " ").split() if w.isdigit()}
        assert not (nums & {str(c) for c in secret}) - own, line
    assert s.game.bid_show is None and words


def test_two_humans_hand_off_before_each_secret_bid(tables):
    t = tables("human,human,bot:easy", seed=6)
    s = t.scene
    rng = random.Random(2)
    for _ in range(300):
        t.step(2)
        if type(t.top).__name__ == "Handoff":
            t.pass_handoff()
            continue
        if s.session.state.phase == "bid" and s.human_can_act:
            break
        if s.human_can_act:
            t.play(_pick(rng, s.session.state.legal_actions(s.chooser)))
    assert s.session.state.phase == "bid"
    first = s.chooser
    assert s.viewer == first
    before = s.privacy.handoffs
    t.play(Bid(()))
    # the other human's secret bid comes behind a fresh hand-off screen
    t.until(lambda: type(t.top).__name__ == "Handoff" or s.session.state.phase != "bid", 3000)
    assert s.session.state.phase == "bid"
    assert type(t.top).__name__ == "Handoff"
    assert s.viewer is None and s.privacy.handoffs == before + 1
    t.pass_handoff()
    assert s.viewer == s.chooser != first


def test_rotating_changes_the_ghost(tables):
    t = tables("human,bot:easy,bot:easy", seed=3)
    s = t.scene
    _two_star_choice(t, random.Random(3))
    before = set(s.controls.choice.ghost_cells())
    t.key(pygame.K_r)
    after = set(s.controls.choice.ghost_cells())
    assert after != before and len(after) == 2
    t.key(pygame.K_e)  # Q / E turn too (the ROTATE intent)
    assert set(s.controls.choice.ghost_cells()) not in (after,)
    t.click((100, 100), button=3)
    assert len(set(s.controls.choice.ghost_cells())) == 2


def test_illegal_card_use_shows_a_reason(tables):
    t = tables("human,bot:easy,bot:easy", seed=3)
    s = t.scene
    _to_phase(t, "take")
    cid = s.game.table_cards[0]["id"]
    t.click(dict(s.controls.card_rects())[cid].center)
    colour = CARDS[cid].colour
    # a lake cell: no flag of that colour, and nothing may stand there
    cell = tuple(s.session.state.view(0)["lakes"][0]["cells"][0])
    t.click(s.layout.cell_rect(*cell).center)
    assert s.message_error
    assert colour in s.message or "lake" in s.message
    assert s.controls.prompt() == s.message


def test_illegal_flag_cell_explains(tables):
    t = tables("human,bot:easy,bot:easy", seed=2)
    s = t.scene
    _to_phase(t, "flags")
    cell = tuple(s.session.state.view(0)["lakes"][0]["cells"][0])
    t.click(s.layout.cell_rect(*cell).center)
    assert s.message_error and "lake" in s.message


def test_escape_opens_pause_and_f1_rules(tables):
    escape_pauses_and_f1_shows_rules(tables("human,bot:easy,bot:easy", seed=2))


def test_keyboard_places_a_flag(tables):
    t = tables("human,bot:easy,bot:easy", seed=2)
    s = t.scene
    _to_phase(t, "flags")
    before = s.human_actions
    t.key(pygame.K_RIGHT)
    assert s.focus == "board" and s.keyboard
    t.key(pygame.K_RETURN)
    assert s.human_actions == before + 1 or s.message_error


def test_random_lakes_from_the_command_line_reach_the_table_and_play_again():
    config = Config(mute=True, game="colorado", seats=parse_players("human,bot:easy,bot:easy",
                    GAMES["colorado"]), seed=8, options={"lakes": "random"})
    app = App(config)
    table = app.stack.top
    first = {tuple(map(tuple, lk["cells"])) for lk in new_game(3, 8).view(0)["lakes"]}
    random_lakes = {tuple(map(tuple, lk["cells"])) for lk in table.session.state.view(0)["lakes"]}
    assert table.game.lakes == "random" and random_lakes != first
    table.play_again()
    app.stack.apply_pending()
    assert app.stack.top is not table and app.stack.top.game.lakes == "random"


def _two_star_choice(t, rng):
    """Reach the take phase with a two-star card chosen and one of its flags in use."""
    s = t.scene
    for _ in range(40):
        _to_phase(t, "take", rng)
        two = [a for a in s.session.state.legal_actions(s.chooser)
               if isinstance(a, TakeCard) and a.flag_cell is not None
               and CARDS[a.card_id].num_stars == 2]
        if two:
            a = two[0]
            t.click(dict(s.controls.card_rects())[a.card_id].center)
            if s.controls.choice.use_flag != tuple(a.flag_cell):
                t.click(s.layout.cell_rect(*a.flag_cell).center)
            return a
        t.play(s.session.state.legal_actions(s.chooser)[0])
    raise AssertionError("no two-star card came to the human")


def test_a_turned_star_off_the_board_or_on_a_lake_says_why(tables):
    t = tables("human,bot:easy,bot:easy", seed=3)
    s = t.scene
    a = _two_star_choice(t, random.Random(3))
    flag = tuple(a.flag_cell)
    # lay the flag in a corner so some turn of the card puts its second star off the board
    colour, placer = s.session.state.flags.pop(flag[1] * 15 + flag[0])
    corner = next(c for c in ((0, 0), (14, 0), (0, 9), (14, 9))
                  if s.session.state.owner[c[1] * 15 + c[0]] < 0 and s.session.state.lakemap.lake_at[
                      c[1] * 15 + c[0]] < 0 and c[1] * 15 + c[0] not in s.session.state.flags)
    s.session.state.flags[corner[1] * 15 + corner[0]] = (colour, placer)
    s.version += 1
    s.controls.choice.use_flag = None
    t.click(s.layout.cell_rect(*corner).center)
    assert s.controls.choice.use_flag == corner
    seen = set()
    for _ in range(4):
        stars = s.controls.choice.ghost_cells()
        off = [c for c in stars if not (0 <= c[0] < 15 and 0 <= c[1] < 10)]
        blocked = s.controls.choice.blocked_stars()
        if off:
            seen.add("off")
            assert [c for c, why, _o in blocked if why == "off"] == off
            assert s.controls.prompt().startswith("The second star falls off the board: turn the "
                                         "card (R) to use both."), s.controls.prompt()
            assert s.controls.choice.cube_off >= set(off)
            assert s.controls.choice.card_preview()["legal"]
        elif not blocked:
            assert "second star" not in s.controls.prompt()
        t.key(pygame.K_r)
    assert "off" in seen
    # now a lake and someone's land right beside the flag
    s.controls.choice.rotation = 0
    other = next(c for c in CARDS[a.card_id].star_cells(corner, 0, 0) if c != corner)
    i = other[1] * 15 + other[0]
    if 0 <= other[0] < 15 and 0 <= other[1] < 10:
        was = s.session.state.owner[i]
        s.session.state.owner[i] = 1
        s.version += 1
        s.controls.choice.default_cubes()
        assert s.controls.choice.blocked_stars() == [(other, "land", 1)]
        assert f"lands on {s.names[1]}'s land" in s.controls.prompt()
        assert other in s.controls.choice.cube_off
        s.session.state.owner[i] = was
        s.version += 1


def test_confirmed_bid_tokens_leave_the_strip_at_once(tables):
    t = tables("human,bot:easy,bot:easy", seed=4)
    s = t.scene
    _to_phase(t, "bid")
    chosen = sorted(s.controls.my_cowboys()[:2])
    before = [c for c, _r in s.controls.token_rects()]
    t.play(Bid(tuple(chosen)))
    # at once, whatever the bots and the reveal animation are doing
    left = [c for c, _r in s.controls.token_rects()]
    assert left == [c for c in before if c not in chosen]
    assert s.game.pending_bid[0] == chosen
    if s.session.state.phase == "bid":
        assert f"(cowboys {chosen[0]}, {chosen[1]}) is in" in s.controls.prompt()
    t.step(1)
    assert not set(chosen) & {c for c, _r in s.controls.token_rects()}
    # once the table has caught up the bid is spent: the tokens stay gone
    # (the round may end without the human's turn to take, back to a new bid of its own)
    t.until(lambda: (s.session.state.phase != "bid" or s.session.state.bids[0] is None)
            and not s.timeline.busy, 5000)
    assert 0 not in s.game.pending_bid
    assert not set(chosen) & {c for c, _r in s.controls.token_rects()} - set(s.session.state.hands[0])
