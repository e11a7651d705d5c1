"""Oregon's engine speaks every language: each refusal is a ``Sentence`` whose message and
terms are in the catalog template, and every log line and refusal of random games reads in
Italian, Spanish and French with no entry missing and no English left; the game terms are
the rulebooks' own words."""

import random

import i18n_tool  # tools/i18n.py, loaded by tests/helpers/i18n_tool.py
import pytest
from language_check import english_words, speaking

from game.engine.messages import Sentence, describe, localized
from game.games.oregon.engine import (
    BUILDINGS,
    DiscardDead,
    DiscardDrawn,
    DiscardNoPlacement,
    Draw,
    KeepCard,
    PlaceBuilding,
    PlaceFarmer,
    PlaceStartTile,
    SkipExtraTurn,
    UseExtraTurn,
    cell_name,
    new_game,
)

LANGUAGES = ("it", "es", "fr")
NAMES = ["Anna", "Bruno", "Carla", "Dario"]  # seat names that are no word of any language here
GAMES = ((2, 11), (3, 12), (4, 13), (2, 14), (4, 15))  # (seats, seed)


def _template() -> set[str]:
    return {m.id if isinstance(m.id, str) else m.id[0]
            for m in i18n_tool._read(i18n_tool.TEMPLATE) if m.id}


def _candidates(st, rng: random.Random) -> list[tuple[object, int]]:
    """Actions a player might try now, most of them wrong, with who tries them."""
    p = st.current
    hand = sorted(st.hands[p])
    cells = [(rng.randrange(15), rng.randrange(10)) for _ in range(3)] + [(15, 0)]
    tries: list[object] = [Draw("landscape"), Draw("building"), Draw("river"), KeepCard(),
                           DiscardDrawn(), UseExtraTurn(), SkipExtraTurn(),
                           DiscardDead(rng.choice(hand) if hand else 60), DiscardDead(99)]
    for cell in cells:
        tries.append(PlaceStartTile(cell))
        for n in (1, 2):
            cards = tuple(rng.sample(hand, n)) if len(hand) >= n else (rng.randrange(71),)
            tries += [PlaceFarmer(cards, cell), PlaceBuilding(cards, cell)]
        stranger = (rng.randrange(71), rng.randrange(71))
        tries += [PlaceFarmer(stranger, cell), PlaceBuilding(stranger, cell),
                  PlaceFarmer((rng.randrange(50),), cell), PlaceFarmer((3, 200), cell)]
    if len(hand) >= 2:
        tries.append(DiscardNoPlacement(tuple(rng.sample(hand, 2))))
    tries.append(DiscardNoPlacement((hand[0],) if hand else (0,)))
    who = [(a, p) for a in tries]
    legal = st.legal_actions(p)
    if legal:
        who.append((rng.choice(legal), (p + 1) % st.num_players))  # not their turn
    return who


def _play(seats: int, seed: int):
    """A random game: (its events, the refusals of the candidate actions along the way)."""
    rng = random.Random(seed)
    st = new_game(seats, seed)
    events = list(st.setup_events())
    refusals: list[str] = []
    while not st.is_over():
        for action, who in _candidates(st, rng):
            reason = st.why_illegal(action, who)
            if reason is not None:
                refusals.append(reason)
        events += st.apply(rng.choice(st.legal_actions(st.current)))
    for action, who in _candidates(st, rng):
        reason = st.why_illegal(action, who)
        if reason is not None:
            refusals.append(reason)
    return st, events, refusals


@pytest.fixture(scope="module")
def games():
    return [_play(seats, seed) for seats, seed in GAMES]


def _ids(value) -> list[str]:
    """The catalog ids a message argument looks up (terms and nested sentences)."""
    if isinstance(value, dict):
        if "t" in value:
            return [value["t"]]
        if "m" in value:
            m = value["m"]
            return [m if isinstance(m, str) else m[0]] + [
                i for v in value["a"].values() for i in _ids(v)]
    if isinstance(value, (list, tuple)):
        return [i for v in value for i in _ids(v)]
    return []


def test_every_refusal_is_a_sentence_from_the_template(games):
    template = _template()
    seen = set()
    for _, _, refusals in games:
        for reason in refusals:
            assert isinstance(reason, Sentence), f"plain text refusal: {reason!r}"
            message = reason.message if isinstance(reason.message, str) else reason.message[0]
            seen.add(message)
            ids = [message] + [i for v in reason.args.values() for i in _ids(v)]
            assert set(ids) <= template, f"not in the template: {set(ids) - template}"
    # the random tries reach most of the rules' refusals, so the checks above mean something
    assert len(seen) >= 25, sorted(seen)


def _lines(games) -> list[tuple[str, str, str]]:
    """(what, English, rendered in each language later): every event as each seat and an
    onlooker read it, and every refusal; one of each distinct English text."""
    out = {}
    for st, events, refusals in games:
        names = NAMES[: st.num_players]
        for e in events:
            for viewer in [None, *range(st.num_players)]:
                out.setdefault(describe(e, names, viewer), ("event", e, viewer, names))
        for reason in refusals:
            out.setdefault(localized(reason, names), ("refusal", reason, None, names))
    return list(out.values())


@pytest.mark.parametrize("code", LANGUAGES)
def test_log_lines_and_refusals_read_in_the_language(games, code):
    lines = _lines(games)
    kinds = {item.kind for what, item, _, _ in lines if what == "event"}
    assert {"building_placed", "scored", "farmer_placed", "drew_card",
            "game_over"} <= kinds, kinds
    english = []
    with speaking(code) as missing:
        for what, item, viewer, names in lines:
            text = (describe(item, names, viewer, code) if what == "event"
                    else localized(item, names, code))
            left = english_words(text)
            if left:
                english.append((text, left))
    assert not missing, f"{len(missing)} ids without a translation: {sorted(missing)[:20]}"
    assert not english, english[:20]


def _first(events, kind, **data):
    return next(e for e in events if e.kind == kind
                and all(e.data.get(k) == v for k, v in data.items()))


def _church_game():
    """A seeded game where a church is built and scored for a farmer."""
    for seed in range(40):
        st, events, _ = _play(3, seed)
        built = [e for e in events if e.kind == "building_placed" and e.data["building"] == "church"]
        scored = [e for e in events if e.kind == "scored" and e.data["reason"] == "church"
                  and e.data["farmers"] == 1]
        if built and scored:
            return events
    raise AssertionError("no seeded game builds and scores a church")


# The rulebooks' words: it seed "chiesa", "PV" (es and fr write "3 puntos", "3 points"), "allevatore"; es "iglesia", "granjero" (the seed
# alternates with "agricultor"); fr "Église", "fermier".
CHURCH_BUILT = {"it": "{p} costruisce una chiesa in {cell}",
                "es": "{p} construye una iglesia en {cell}",
                "fr": "{p} construit une église en {cell}"}
CHURCH_SCORED = {"it": "{p} ottiene {n} PV per la chiesa in {cell}",
                 "es": "{p} gana {n} puntos por la iglesia en {cell}",
                 "fr": "{p} marque {n} points pour l'église en {cell}"}
CHURCH_TERRAIN = {"it": "Una chiesa va piazzata sulle praterie",
                  "es": "Una iglesia debe ir en una llanura",
                  "fr": "Une église doit se trouver sur une plaine"}


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_church_is_called_by_the_rulebook_word(code):
    events = _church_game()
    built = _first(events, "building_placed", building="church")
    cell = cell_name(tuple(built.data["cell"]))
    with speaking(code) as missing:
        assert describe(built, NAMES, None, code) == CHURCH_BUILT[code].format(
            p=NAMES[built.player], cell=cell)
        scored = _first(events, "scored", reason="church", farmers=1)
        assert describe(scored, NAMES, None, code) == CHURCH_SCORED[code].format(
            p=NAMES[scored.player], n=scored.data["amount"],
            cell=cell_name(tuple(scored.data["cell"])))
        # a start church on a mountain: refused, with the rulebook's terrain word
        st = new_game(3, 1)
        st.start_tiles[st.current] = BUILDINGS.index("church")
        mountain = next((x, y) for y in range(10) for x in range(15)
                        if st.board.terrain[y][x] == "mountain")
        reason = st.why_illegal(PlaceStartTile(mountain), st.current)
        assert localized(reason, NAMES, code) == CHURCH_TERRAIN[code]
    assert not missing


@pytest.mark.parametrize(("code", "one", "three"), [
    ("es", "Anna gana 1 punto por", "Anna gana 3 puntos por"),
    ("fr", "Anna marque 1 point pour", "Anna marque 3 points pour")])
def test_a_building_scores_its_points_with_their_plural(code, one, three):
    """The rulebooks write "gana 3 puntos" / "marque 3 points": one point is singular."""
    from game.games.oregon.engine.plays import _scored

    st = new_game(3, 1)
    for points, expected in ((1, one), (3, three)):
        event = _scored(st, 0, "store", points, (3, 4), 1, 0)
        assert describe(event, NAMES, None, code).startswith(expected)
