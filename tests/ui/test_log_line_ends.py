"""Every line of the game log ends the same way, in every language: with a full stop (or the
message's own "!", "?" or "…"), never two.  Checked over every event of whole random games
of each game, for an onlooker and for a seat, and over the lines the tables add themselves."""

import random

import pygame
import pytest

from game import i18n
from game.engine.messages import N_, say
from game.i18n import LANGUAGES
from game.registry import GAMES
from game.ui.log_view import LogView


def ends_well(text: str) -> bool:
    return text[-1:] in ".!?…" and not text.endswith("..") or text.endswith("...")


def events_of(game_id: str, seed: int):
    info = GAMES[game_id]
    state = info.new(info.min_players + seed % 2, seed)
    rng = random.Random(seed)
    events = list(state.setup_events())
    while not state.is_over():
        p = state.to_act()[0]
        events += state.apply(rng.choice(state.legal_actions(p)), p)
    return events


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("code", LANGUAGES)
def test_every_event_line_ends_with_one_full_stop(display, game_id, code):
    events = [e for seed in (1, 2) for e in events_of(game_id, seed)]
    i18n.set_language(code)
    log = LogView(pygame.Rect(0, 0, 600, 400))
    bad = set()
    for viewer in (None, 0):
        log.set_viewer(viewer)
        for e in events:
            log.add_event(e, e.player)
            text = log.entries[-1].text
            if not ends_well(text):
                bad.add(text)
    assert not bad, sorted(bad)[:20]


def test_lines_a_table_adds_end_alike_and_headings_have_none(display):
    log = LogView(pygame.Rect(0, 0, 600, 400))
    for line in (say(N_("Game resumed at move {n}."), n=3), "Red wins!", "Round 2",
                 "Who plays next?", "Wait…"):
        log.add(line)
        assert ends_well(log.entries[-1].text), log.entries[-1].text
    assert log.lines[-5:] == ["Game resumed at move 3.", "Red wins!", "Round 2.",
                              "Who plays next?", "Wait…"]
    log.add("Round 3", emphasis=True)
    assert log.lines[-1] == "Round 3"
