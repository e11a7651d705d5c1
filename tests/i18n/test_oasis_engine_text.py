"""Oasis' engine speaks every language: each refusal is a ``Sentence`` of the catalog, each log
line and refusal of random games renders in Italian, Spanish and French with no sentence
missing and no English left, and the Italian log uses the Italian rulebook's words."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import i18n_tool
import pytest
from game_hooks.oasis import HOOKS
from language_check import english_words, speaking

from game.engine.events import Event
from game.engine.messages import Sentence, describe, localized
from game.games.oasis.engine import CarryOut, OasisState, PlaceTile, new_game, scenario
from game.games.oasis.engine.events import EVENT_KINDS

LANGUAGES = ("it", "es", "fr")
CANDIDATES = 12  # random actions asked about at each decision, most of them refused
NAMES = ["Ada", "Bruno", "Carla", "Dario", "Elena"]  # no English word among them
SMALL_BOARD = [  # tiles and the path run out: the end by an unplaceable tile, a full path
    "..o.......",
    "....s.....",
    "==========",
    ".....t....",
    "..........",
]
SHORT_PATH = [  # 24 path cells: camels run out and move
    "============",
    "............",
    "..o..s..t...",
    "............",
    "============",
]


def template_ids() -> set[str]:
    return {m.id if isinstance(m.id, str) else m.id[0]
            for m in i18n_tool._read(i18n_tool.TEMPLATE) if m.id}


def message_ids(message: Any, args: dict[str, Any]) -> Iterator[str]:
    """The catalog ids a message needs: its own and those of its terms and inner sentences."""
    yield message if isinstance(message, str) else message[0]
    for value in args.values():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, dict) and "t" in item:
                yield item["t"]
            elif isinstance(item, dict) and "m" in item:
                yield from message_ids(item["m"], item["a"])


def starts() -> Iterator[OasisState]:
    """Random games of 3, 4 and 5 seats, on the real board and on small ones."""
    for n in (3, 4, 5):
        yield new_game(n, 700 + n)
        yield new_game(n, 710 + n, board_rows=SMALL_BOARD)
    for g in range(2):  # red has every camel out: camel cards move camels
        st = new_game(3, 720 + g, board_rows=SHORT_PATH)
        cells = [st.board.xy[c] for c in st.board.path_cells]
        scenario.put_camels(st, 0, cells[:20])
        yield st


def play() -> tuple[list[tuple[Event, int]], list[tuple[Sentence, int]]]:
    """Every event of the games (with the seat count) and the refusals of random actions of
    every type (well-typed fields, most of them against the rules) at every decision."""
    events: list[tuple[Event, int]] = []
    refusals: list[tuple[Sentence, int]] = []
    for g, st in enumerate(starts()):
        rng = random.Random(g)
        n = st.num_players
        events += [(e, n) for e in st.setup_events()]
        while not st.is_over():
            p = st.to_act()[0]
            for _ in range(CANDIDATES):
                action = HOOKS.random_candidate(st, p, rng)
                if st.action_problem(action) is None:
                    reason = st.why_illegal(action, p)
                    if reason is not None:
                        refusals.append((reason, n))
            if st.end_reason:
                refusals.append((st.end_reason, n))
            events += [(e, n) for e in st.apply(rng.choice(st.legal_actions()), p)]
    return events, refusals


@pytest.fixture(scope="module")
def played():
    return play()


def test_every_refusal_is_a_sentence_of_the_catalog(played):
    _, refusals = played
    ids = template_ids()
    kinds = set()
    for reason, _ in refusals:
        assert isinstance(reason, Sentence), f"an English string reaches the player: {reason!r}"
        missing = [m for m in message_ids(reason.message, reason.args) if m not in ids]
        assert not missing, (str(reason), missing)
        kinds.add(reason.message if isinstance(reason.message, str) else reason.message[0])
    assert len(kinds) >= 25, f"only {len(kinds)} kinds of refusal came up"


def test_every_event_names_its_terms_through_the_catalog(played):
    events, _ = played
    ids = template_ids()
    assert {e.kind for e, _ in events} >= EVENT_KINDS - {"no_offer"}  # every kind came up
    for event, n in events:
        for viewer in (None, *range(n)):
            message, args = event.message_for(viewer)
            missing = [m for m in message_ids(message, args) if m not in ids]
            assert not missing, (event.kind, event.text, missing)


@pytest.mark.parametrize("code", LANGUAGES)
def test_log_lines_and_refusals_render_without_english(played, code):
    events, refusals = played
    lines = []
    with speaking(code) as missing:
        for event, n in events:
            names = NAMES[:n]
            lines += [describe(event, names, viewer, code) for viewer in (None, *range(n))]
        lines += [localized(reason, NAMES[:n], code) for reason, n in refusals]
    assert not missing, f"{len(missing)} sentences have no {code} translation: {sorted(missing)[:10]}"
    english = {line: words for line in set(lines) if (words := english_words(line))}
    assert not english, list(english.items())[:10]


def test_an_italian_log_line_uses_the_rulebooks_words():
    """The Italian rulebook says "Tessera Pietraia", "area Pietraia", "Segnalino Controllo",
    "Tessere punti Sorgente" and "a faccia in giù"."""
    st = new_game(3, 4)
    p = st.actor()
    events = scenario.start_carrying(st, p, ["stone1", "spring1"])
    events += st.apply(CarryOut("stone1"), p)
    events += st.apply(PlaceTile("stone", (0, 0)), p)
    seen = {e.kind: e for e in events}
    with speaking("it") as missing:
        placed = describe(seen["tile_placed"], NAMES[:3], None, "it")
        marker = describe(seen["marker_placed"], NAMES[:3], None, "it")
        spring_own = describe(seen["score_tiles_taken"], NAMES[:3], p, "it")
    assert not missing
    who = NAMES[p]
    assert placed == f"{who} piazza una tessera pietraia in A1 e inizia una nuova area pietraia"
    assert marker == f"{who} mette un segnalino controllo sulla nuova area pietraia"
    assert spring_own == f"{who} prende 1 tessera punti sorgente a faccia in giù"


def test_the_registry_words_are_in_the_catalog():
    from game.games.oasis.descriptor import GAME

    ids = template_ids()
    words = [GAME.pitch, *(w for step in GAME.howto for w in (step.title, step.text))]
    assert [w for w in words if w not in ids] == []
