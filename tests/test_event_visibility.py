"""One rule decides who sees what of an event: ``Event.is_hidden_from``.

The rule is swapped for others here (an event hidden from everyone, its owner too; from
nobody; from its owner only) over random games of every registered title: the log of each
seat and the review's words (what a bot tells of a move) must follow the rule in force.  A
reader deciding by ``private_to`` itself would still show the owner the secret (or hide it
from the others) and fail.  Besides, no module of the game but the one of ``Event`` reads
the fields the rule is made of."""

import ast
import random
from pathlib import Path

import pygame
import pytest

from game.bots import review
from game.engine.events import Event
from game.engine.messages import describe
from game.registry import GAMES
from game.ui.log_lines import event_cells, log_line
from game.ui.log_view import LogView

GAME_DIR = Path(__file__).resolve().parents[1] / "game"
RULE_FIELDS = {"private_to", "public_msg", "public_args", "public_data"}
ACTIONS = 160  # per game: enough for each title's first private events


def random_game(game_id: str, seed: int):
    """(before, seat, action, events) of each action of a game played at random; the
    setup's events come as one item with no action."""
    info = GAMES[game_id]
    state = info.new(info.min_players, seed)
    rng = random.Random(seed)
    yield state.clone(), None, None, state.setup_events()
    for _ in range(ACTIONS):
        if state.is_over():
            break
        p = rng.choice(state.to_act())
        action = rng.choice(state.legal_actions(p))
        before = state.clone()
        yield before, p, action, state.apply(action, p)


def the_rule(event: Event, viewer: int | None) -> bool:
    return event.private_to is not None and viewer != event.private_to


def hidden_from_all(event: Event, viewer: int | None) -> bool:
    return event.private_to is not None


def hidden_from_none(event: Event, viewer: int | None) -> bool:
    return False


def hidden_from_owner_only(event: Event, viewer: int | None) -> bool:
    return event.private_to is not None and viewer == event.private_to


def full_line(e: Event) -> str:
    return log_line(describe(Event(e.kind, e.msg, e.player, e.data, args=e.args)))


def public_line(e: Event) -> str:
    msg = e.public_msg if e.public_msg is not None else e.msg
    args = e.public_args if e.public_args is not None else e.args
    return log_line(describe(Event(e.kind, msg, e.player, args=args)))


@pytest.mark.parametrize("game_id", list(GAMES))
@pytest.mark.parametrize("rule", [the_rule, hidden_from_all, hidden_from_none,
                                  hidden_from_owner_only])
def test_every_log_and_review_follows_the_one_rule(display, monkeypatch, game_id, rule):
    monkeypatch.setattr(Event, "is_hidden_from", rule)
    played = list(random_game(game_id, 7))
    seats = GAMES[game_id].min_players
    private = 0
    for viewer in [None, *range(seats)]:
        fields = GAMES[game_id].cell_fields
        log = LogView(pygame.Rect(0, 0, 600, 400), max_lines=5000, cell_fields=fields)
        log.set_viewer(viewer)
        events = [e for *_rest, evs in played for e in evs]
        for e in events:
            log.add_event(e)
        for entry, e in zip(log.entries, events, strict=True):
            if e.private_to is None:
                continue
            private += 1
            hidden = rule(e, viewer)
            assert entry.text == (public_line(e) if hidden else full_line(e)), (viewer, e.kind)
            assert entry.cells == event_cells((e.public_data or {}) if hidden else e.data,
                                              fields)
    assert private, f"no private event in {game_id}'s first {ACTIONS} actions"
    reviewed = 0
    for before, p, action, events in played:
        if action is None:
            continue
        said = [m for m, _args in review.move_words(before, action, events, p)]
        for e in events:
            if e.player != p or e.private_to is None or e.public_msg in (None, e.msg):
                continue
            shown, kept = (e.public_msg, e.msg) if rule(e, None) else (e.msg, e.public_msg)
            if shown in said or kept in said:  # the review tells this move by its lines
                reviewed += 1
                assert shown in said and kept not in said, (e.kind, said)
    if game_id == "oasis":  # the title whose review tells its private moves by their lines
        assert reviewed


def test_no_module_reads_what_the_rule_is_made_of():
    """Only ``Event`` reads ``private_to`` and the public parts of an event; everyone else
    asks ``is_hidden_from`` / ``seen_by`` / ``message_for`` (engines still write them)."""
    core = GAME_DIR / "engine" / "events.py"
    readers = []
    for path in sorted(GAME_DIR.rglob("*.py")):
        if path == core:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in RULE_FIELDS:
                readers.append(f"{path.relative_to(GAME_DIR)}:{node.lineno} .{node.attr}")
    assert not readers, readers
