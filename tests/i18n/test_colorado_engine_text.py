"""Colorado County's engine speaks every language: each refusal is a ``Sentence`` of the
catalog's template, and each event line and refusal reads in Italian, Spanish and French with
no sentence missing from the catalogs and no English left; the Italian log uses the Italian
rulebook's words."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import i18n_tool  # tools/i18n.py, loaded by tests/helpers/i18n_tool.py
import pytest
from language_check import english_words, speaking

from game.engine.actions import Action
from game.engine.core import IllegalAction
from game.engine.events import Event
from game.engine.messages import Sentence, describe, localized
from game.games.colorado.engine import (
    Bid,
    DeclareInterest,
    GiveCowboy,
    OfferForSale,
    PassSale,
    PlaceFlag,
    SaleBid,
    TakeCard,
    new_game,
)
from game.games.colorado.engine.cards import CARDS
from game.games.colorado.engine.grid import HEIGHT, WIDTH, cell_name
from game.games.colorado.engine.state import ColoradoState

LANGUAGES = ("it", "es", "fr")
COLOURS = ("red", "green", "orange", "blue", "purple")
NAMES = ("Anna", "Bruno", "Carla", "Dario")  # names players typed: never translated
GAMES = [(11, 3, "first"), (12, 4, "random"), (13, 4, "first"), (14, 3, "random")]
ENGINE_REFUSALS = {
    "You cannot place a flag now", "{colour} is not a flag colour", "You have no {flag} to place",
    "{cell} is not a cell of the board", "{cell} is a lake: a flag may not stand there",
    "{cell} has a cube: a flag needs a free cell", "{cell} already has a flag",
    "A flag may not stand next to another flag", "You cannot offer land for sale now",
    "You have no For Sale token left", "You may put land up for sale only twice per round",
    "You can sell only your own land; {cell} is not yours", "You cannot pass the market now",
    "You cannot declare interest now", "You need at least one cowboy to declare interest",
    "You have no cube left to put on the land", "You cannot give a cowboy now",
    "You can give only one of your own cowboys", "You cannot bid for land now",
    "A cowboy can be bid only once", "You can bid only your own cowboys",
    "A land auction bid needs at least one cowboy", "You cannot bid for cards now",
    "You cannot take a card now", "That card is not among the revealed cards",
    "A card can be turned to rotation 0, 1, 2 or 3 only",
    "A one-star card lies with its only star on the flag",
    "Choose star 0 or star 1 for the flag", "Choose a flag of the card's colour to place cubes",
    "There is no {flag} on {cell}", "{cell} is not a cell",
    "{cell} is not one of the card's starred cells", "A cube cannot go off the board",
    "Each starred cell takes one cube at most", "{cell} is a lake: no cube may stand there",
    "{cell} already has a cube", "You have only {n} cube left",
    "{action} is not a Colorado County action",
}
CELL = re.compile(r"^[A-O]([1-9]|10)$")  # a board coordinate, the same in every language


def template_ids() -> set[str]:
    """The template's message ids (a plural entry by its singular)."""
    return {m.id if isinstance(m.id, str) else m.id[0]
            for m in i18n_tool._read(i18n_tool.TEMPLATE) if m.id}


def messages_in(message: Any, args: dict[str, Any]) -> Iterator[str]:
    """Every sentence and term a message looks up: itself, nested sentences, terms."""
    yield message if isinstance(message, str) else message[0]
    for value in args.values():
        for v in value if isinstance(value, list) else [value]:
            if isinstance(v, dict) and "t" in v:
                yield v["t"]
            elif isinstance(v, dict) and "m" in v:
                yield from messages_in(v["m"], v["a"])


def plain_texts(args: dict[str, Any]) -> Iterator[str]:
    """The arguments shown as they are (no seat, term or sentence), nested ones too."""
    for value in args.values():
        for v in value if isinstance(value, list) else [value]:
            if isinstance(v, str):
                yield v
            elif isinstance(v, dict) and "m" in v:
                yield from plain_texts(v["a"])


def probes(rng: random.Random, s: ColoradoState, p: int) -> list:
    """Candidate actions of every kind, most of them refused here: other phases, cells off
    the board or taken, foreign colours, cowboys and cards, impossible card uses."""
    cell = (rng.randrange(WIDTH), rng.randrange(HEIGHT))
    hand = s.hands[p]
    out = [PassSale(), DeclareInterest(True), DeclareInterest(False), Bid(()), SaleBid(()),
           GiveCowboy(rng.randint(1, 66)), PlaceFlag(rng.choice(COLOURS), cell),
           PlaceFlag(rng.choice(COLOURS), (WIDTH + 2, 3)), OfferForSale(cell),
           OfferForSale((-1, 4)), Bid((5, 5)), Bid(tuple(rng.sample(range(1, 67), 3))),
           SaleBid(tuple(rng.sample(range(1, 67), 2))), TakeCard(rng.randrange(60)),
           TakeCard(rng.randrange(48), (40, 40)),
           TakeCard(rng.randrange(48), cell, rng.randrange(5), rng.randrange(3),
                    ((cell[0] + 1, cell[1]), (-1, 0)))]
    out += [PlaceFlag(c, cell) for c in s.flag_hands[p]]
    owned = [i for i, o in enumerate(s.owner) if o >= 0]
    if owned:
        i = rng.choice(owned)
        out.append(OfferForSale((i % WIDTH, i // WIDTH)))
    if hand:
        out += [Bid(tuple(rng.sample(hand, rng.randint(0, len(hand))))),
                SaleBid(tuple(rng.sample(hand, rng.randint(0, len(hand))))),
                GiveCowboy(rng.choice(hand))]
    for i in list(s.flags)[:4]:
        flag = (i % WIDTH, i // WIDTH)
        for cid in list(s.revealed)[:2]:
            near = [(flag[0] + dx, flag[1] + dy) for dx in (-3, -1, 0, 1, 3)
                    for dy in (-2, 0, 2)]
            out += [TakeCard(cid, flag, rng.randrange(4), rng.randrange(2),
                             tuple(rng.sample(near, 2))),
                    TakeCard(cid, flag, rng.randrange(4), 0, (flag, flag)),
                    TakeCard(cid, flag, 0, 0, (flag,)),
                    TakeCard(cid, None, 0, 0, (flag,)),
                    TakeCard(cid, flag, 0, 0, ("B6",))]
    for i, (colour, _) in s.flags.items():  # each star of a card laid on a flag of its colour
        flag = (i % WIDTH, i // WIDTH)
        for cid in s.revealed:
            card = CARDS[cid]
            if card.colour == colour:
                for rot in range(4):
                    for anchor in card.anchors:
                        far = card.star_cells(flag, rot, anchor)[-1]
                        out.append(TakeCard(cid, flag, rot, anchor, (far,)))
    return out


class Foreign(Action):
    """An action of no game's: the rules name it and refuse it."""


def starved(s: ColoradoState, p: int) -> list[tuple[ColoradoState, Any]]:
    """Positions like this one with the player short of something, and the action that
    needs it: the rare refusals a random game seldom meets."""
    out: list[tuple[ColoradoState, Any]] = []
    mine = [i for i, o in enumerate(s.owner) if o == p]
    if s.phase == "offer" and mine:
        cell = (mine[0] % WIDTH, mine[0] // WIDTH)
        for field, value in (("tokens", 0), ("sales_this_round", 2)):
            c = s.clone()
            getattr(c, field)[p] = value
            out.append((c, OfferForSale(cell)))
    if s.phase == "interest":
        for field, value in (("hands", []), ("cubes_left", 0)):
            c = s.clone()
            getattr(c, field)[p] = value
            out.append((c, DeclareInterest(True)))
    if s.phase == "take":
        for a in s.legal_actions(p):
            if len(a.cubes) == 2:
                c = s.clone()
                c.cubes_left[p] = 1
                out.append((c, a))
                break
    return out


def random_action(rng: random.Random, s: ColoradoState, p: int):
    a = rng.choice(s.legal_actions(p))
    if isinstance(a, Bid) and rng.random() < 0.5:
        return Bid(tuple(rng.sample(s.hands[p], rng.randint(0, min(4, len(s.hands[p]))))))
    return a


def play(seed: int, n: int, lakes: str) -> tuple[list[Event], list[Sentence]]:
    """A random game to its end: every event, and every refusal of the candidate actions
    tried at each decision (also checked to be what ``apply`` raises)."""
    rng = random.Random(seed)
    s = new_game(n, seed, lakes=lakes)
    events = list(s.setup_events())
    refusals: list[Sentence] = []
    while not s.is_over():
        p = rng.choice(s.to_act())
        tries = [(s, a) for a in probes(rng, s, p)] + starved(s, p) + [(s, Foreign())]
        for state, a in tries:
            reason = state.why_illegal(a, p)
            if reason is None:
                continue
            refusals.append(reason)
            if state.action_problem(a):  # a field of the wrong type: apply names the type
                continue
            with pytest.raises(IllegalAction) as exc:
                state.clone().apply(a, p)
            assert exc.value.args[0] == reason
        events += s.apply(random_action(rng, s, p), p)
    return events, refusals


@pytest.fixture(scope="module")
def games() -> list[tuple[int, list[Event], list[Sentence]]]:
    return [(n, *play(seed, n, lakes)) for seed, n, lakes in GAMES]


def test_every_refusal_is_a_sentence_of_the_template(games):
    known = template_ids()
    seen: set[str] = set()
    for _, _, refusals in games:
        for reason in refusals:
            assert isinstance(reason, Sentence), f"plain English refusal: {reason!r}"
            for message in messages_in(reason.message, reason.args):
                assert message in known, f"not in the template: {message!r}"
                seen.add(message)
    # every rule of the engine's is met at least once
    assert seen >= ENGINE_REFUSALS, sorted(ENGINE_REFUSALS - seen)


def test_every_event_speaks_in_template_sentences_and_terms(games):
    known = template_ids()
    for _, events, _ in games:
        for e in events:
            for viewer in (None, e.private_to):
                message, args = e.message_for(viewer)
                for m in messages_in(message, args):
                    assert m in known, f"{e.kind}: not in the template: {m!r}"
                for text in plain_texts(args):
                    # words are terms (T) or sentences (M); a plain text is a cell name
                    assert CELL.match(text), f"{e.kind}: untranslatable argument {text!r}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_line_and_refusal_reads_in_the_language(games, code):
    lines: dict[str, str] = {}
    with speaking(code) as missing:
        for n, events, refusals in games:
            names = NAMES[:n]
            for e in events:
                for viewer in (None, *range(n)):
                    lines[describe(e, names, viewer, code)] = e.kind
            for reason in refusals:
                lines[localized(reason, names, code)] = "refusal"
    assert not missing, f"{code}: no translation for {sorted(missing)[:10]}"
    english = {line: english_words(line) for line in lines if english_words(line)}
    assert not english, f"{code}: English left in {list(english.items())[:5]}"
    assert not [line for line in lines if "{" in line or "}" in line]
    kinds = set(lines.values())
    assert {"flags_dealt", "flag_placed", "flags_revealed", "cards_revealed", "bids_revealed",
            "card_taken", "cube_placed", "lake_changed", "cowboys_drawn", "scored",
            "round_scored", "game_over", "refusal"} <= kinds


def test_the_italian_log_uses_the_italian_rulebooks_words():
    """The seed's words: "bandiera", "cow-boy", "manche", "Bordi", "Doppi", "Grande
    dominio", "lago", gettoni « For Sale »."""
    s = new_game(3, 7)
    p = s.to_act()[0]
    colour = s.flag_hands[p][0]
    cell = next(a.cell for a in s.legal_actions(p) if a.colour == colour)
    placed = s.apply(PlaceFlag(colour, cell), p)[0]
    italian = {"red": "rossa", "green": "verde", "orange": "arancione", "blue": "blu"}[colour]
    with speaking("it") as missing:
        mine = describe(placed, NAMES[:3], p, "it")
        theirs = describe(placed, NAMES[:3], (p + 1) % 3, "it")
        started = [describe(e, NAMES[:3], None, "it") for e in s.setup_events()]
        no_bid = localized(s.why_illegal(Bid(()), p), None, "it")
        no_sale = localized(s.why_illegal(OfferForSale(cell), p), None, "it")
    assert not missing
    name = NAMES[p]
    assert mine == f"{name} piazza la sua bandiera {italian} coperta in {cell_name(cell)}."
    assert theirs == f"{name} piazza una bandiera coperta in {cell_name(cell)}."
    assert any("manche 1" in line for line in started), started
    assert any("15 cow-boy" in line for line in started), started
    assert no_bid == "Ora non puoi fare offerte per le carte"
    assert no_sale == "Ora non puoi mettere in vendita un terreno"


def test_the_italian_scores_name_the_rulebooks_categories(games):
    n, events, _ = games[0]
    with speaking("it"):
        scored = {e.data["category"]: describe(e, NAMES[:n], None, "it")
                  for e in events if e.kind == "scored"}
        lakes = [describe(e, NAMES[:n], None, "it") for e in events if e.kind == "lake_changed"]
    words = {"borders": "per i bordi", "lakes": "per i laghi", "doubles": "per i doppi",
             "domain": "per il grande dominio"}
    assert scored, "no round was scored"
    for category, line in scored.items():
        assert words[category] in line, line
    assert any("il lago di valore" in line for line in lakes), lakes
