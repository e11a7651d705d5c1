"""Colorado County's side of the engine contract: ``why_illegal`` agrees with ``apply``,
events are declared kinds with their payloads and name seats only as arguments, the
outcome's breakdown adds up, the undo floor, and ``state_from_view`` (a full state
consistent with one seat's view, its hidden parts drawn at random)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from game.engine.core import IllegalAction
from game.engine.events import Event
from game.engine.messages import describe
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
from game.games.colorado.engine.events import EVENT_KINDS, PAYLOADS
from game.games.colorado.engine.grid import WIDTH
from game.games.colorado.engine.round_end import CATEGORY_TERMS
from game.games.colorado.engine.state import ColoradoState

COLOURS = ("red", "green", "orange", "blue")
SEAT_NAMES = ("Orange", "Brown", "Red", "Black")


def random_action(rng: random.Random, s: ColoradoState, p: int):
    """A legal action, often a bid other than the listed representatives."""
    a = rng.choice(s.legal_actions(p))
    hand = s.hands[p]
    if isinstance(a, Bid) and rng.random() < 0.5:
        return Bid(tuple(rng.sample(hand, rng.randint(0, min(5, len(hand))))))
    if isinstance(a, SaleBid) and rng.random() < 0.5:
        return SaleBid(tuple(rng.sample(hand, rng.randint(1, min(3, len(hand))))))
    return a


def play(seed: int, n: int, lakes: str) -> Iterator[tuple[ColoradoState, int, list[Event]]]:
    """Every position of a random game to its end: (state, player about to act or -1,
    the events of the action that led here)."""
    rng = random.Random(seed)
    s = new_game(n, seed, lakes=lakes)
    events = s.setup_events()
    while not s.is_over():
        p = rng.choice(s.to_act())
        yield s, p, events
        events = s.apply(random_action(rng, s, p), p)
    yield s, -1, events


GAMES = [(seed, 3 + seed % 2, ("first", "random")[seed // 2 % 2]) for seed in range(8)]


# --- events ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("seed", "n", "lakes"), GAMES[:4])
def test_every_event_is_a_declared_kind_with_its_payload(seed, n, lakes):
    seen = set()
    names = [f"Seat{k}" for k in range(n)]
    for _, _, events in play(seed, n, lakes):
        for e in events:
            assert e.kind in EVENT_KINDS, e.kind
            seen.add(e.kind)
            payload = PAYLOADS.get(e.kind)
            required = payload.__required_keys__ if payload else frozenset()
            allowed = required | (payload.__optional_keys__ if payload else frozenset())
            assert required <= set(e.data) <= allowed, (e.kind, sorted(e.data))
            json.dumps(e.data)
            for viewer in (None, *range(n)):
                line = describe(e, names, viewer)
                # every seat is an argument: with other names, no engine name is left
                assert not any(name in line for name in SEAT_NAMES), line
                assert "{" not in line and "}" not in line, line
            if e.private_to is not None:
                assert e.public_msg is not None
    assert {"game_started", "flags_revealed", "bids_revealed", "card_taken", "scored",
            "round_scored", "game_over"} <= seen
    assert set(PAYLOADS) <= EVENT_KINDS


def test_private_events_show_others_only_the_public_words():
    s = new_game(4, 5)
    dealt = [e for e in s.setup_events() if e.kind == "flags_dealt"]
    owner = dealt[0].private_to
    other = (owner + 1) % 4
    assert "flags:" in dealt[0].text_for(owner)
    assert dealt[0].text_for(other) == f"{SEAT_NAMES[owner]} receives 3 flags."
    p = s.to_act()[0]
    colour = s.flag_hands[p][0]
    ev = s.apply(s.legal_actions(p)[0], p)[0]
    assert colour in ev.text_for(p) and colour not in ev.text_for((p + 1) % 4)


# --- why_illegal ----------------------------------------------------------------------------
def probes(rng: random.Random, s: ColoradoState, p: int) -> list:
    """Actions of every kind, mostly illegal here: other phases, foreign cells, cowboys
    and cards, impossible card uses."""
    cell = (rng.randrange(WIDTH), rng.randrange(10))
    hand = s.hands[p]
    out = [PassSale(), DeclareInterest(True), DeclareInterest(False), Bid(()), SaleBid(()),
           GiveCowboy(rng.randint(1, 66)), PlaceFlag(rng.choice(COLOURS), cell),
           OfferForSale(cell), Bid((5, 5)), Bid(tuple(rng.sample(range(1, 67), 3))),
           SaleBid(tuple(rng.sample(range(1, 67), 2))), TakeCard(rng.randrange(48)),
           TakeCard(rng.randrange(48), cell, rng.randrange(5), rng.randrange(3),
                    ((cell[0] + 1, cell[1]), (-1, 0)))]
    if hand:
        out += [Bid(tuple(rng.sample(hand, rng.randint(0, len(hand))))),
                SaleBid(tuple(rng.sample(hand, rng.randint(0, len(hand))))),
                GiveCowboy(rng.choice(hand))]
    for i in list(s.flags)[:3]:
        flag = (i % WIDTH, i // WIDTH)
        for cid in s.revealed:
            out.append(TakeCard(cid, flag, rng.randrange(4), rng.randrange(2), (flag,)))
            out.append(TakeCard(cid, flag, rng.randrange(4), 0,
                                (flag, (flag[0] + 1, flag[1]))))
    return out


@pytest.mark.parametrize(("seed", "n", "lakes"), GAMES[:4])
def test_why_illegal_agrees_with_apply(seed, n, lakes):
    rng = random.Random(seed + 100)
    refused = accepted = 0
    for s, p, _ in play(seed, n, lakes):
        if p < 0:
            break
        for a in s.legal_actions(p):
            assert s.why_illegal(a, p) is None, a
        for a in probes(rng, s, p):
            reason = s.why_illegal(a, p)
            before = s.snapshot()
            c = s.clone()
            if reason is None:
                c.apply(a, p)  # whatever the rules accept, they carry out
                accepted += 1
                continue
            refused += 1
            with pytest.raises(IllegalAction) as exc:
                s.apply(a, p)
            assert str(exc.value) == reason
            assert s.snapshot() == before
    assert refused > 500 and accepted > 50


def test_why_illegal_names_the_rule():
    s = new_game(3, 2)
    p = s.to_act()[0]
    assert s.why_illegal(Bid(()), p) == "You cannot bid for cards now"
    assert s.why_illegal(GiveCowboy(1), p) == "You cannot give a cowboy now"
    missing = next(c for c in COLOURS if c not in s.flag_hands[p])
    assert s.why_illegal(PlaceFlag(missing, (0, 0)), p) == f"You have no {missing} flag to place"
    lake = s.lakemap.lakes[0].cells[0]
    colour = s.flag_hands[p][0]
    assert s.why_illegal(PlaceFlag(colour, (lake % WIDTH, lake // WIDTH)), p).endswith(
        "is a lake: a flag may not stand there")


# --- outcome, winners, undo, simultaneous ----------------------------------------------------
@pytest.mark.parametrize(("seed", "n", "lakes"), GAMES[4:8])
def test_outcome_breakdown_adds_up_to_the_scores(seed, n, lakes):
    for s, p, events in play(seed, n, lakes):
        if any(e.kind == "round_scored" for e in events) or p < 0:
            out = s.outcome()
            assert out.scores == s.scores()
            for q in range(n):
                assert set(out.breakdown[q]) == set(CATEGORY_TERMS.values())
                assert sum(out.breakdown[q].values()) == s.scores()[q]
            keys = [(s.score[q], s.cubes_on_board(q)) for q in out.ranking]
            assert keys == sorted(keys, reverse=True)
            assert out.winners == s.winners() == ([] if p >= 0 else [
                q for q in range(n) if (s.score[q], s.cubes_on_board(q)) == keys[0]])
    assert s.is_over() and s.winners()


def test_is_simultaneous_exactly_in_the_secret_bids():
    kinds = set()
    for s, _p, _ in play(3, 4, "first"):
        kinds.add((s.phase, s.is_simultaneous()))
    assert {(ph, ph in ("bid", "auction")) for ph, _ in kinds} == kinds
    assert ("bid", True) in kinds and ("flags", False) in kinds


def test_undo_floor_follows_what_was_revealed():
    s = new_game(3, 4)
    assert s.undo_floor == 0 and ColoradoState.PLAYER_NAMES[:3] == tuple(s.player_names)
    s.apply(s.legal_actions()[0])
    assert s.is_undoable(0) and s.undo_floor == 0  # a face-down flag shows nothing
    while s.phase == "flags":
        s.apply(s.legal_actions()[0])
    assert s.undo_floor == len(s.history)  # flags turned up, cards revealed
    assert s.clone().undo_floor == s.undo_floor
    floor = s.undo_floor
    while s.phase == "offer":
        s.apply(PassSale())  # passing shows nothing
    first = s.to_act()[0]
    s.apply(Bid(()), first)
    assert s.undo_floor == floor and s.is_undoable(len(s.history) - 1)
    for q in s.to_act():
        s.apply(Bid(()), q)
    assert s.undo_floor == len(s.history)  # bids shown, the lowest bids drew cowboys
    assert not s.is_undoable(len(s.history) - 1)


# --- state_from_view ------------------------------------------------------------------------
def positions() -> Iterator[ColoradoState]:
    """Positions of every phase, several mid-bid with others' bids already in."""
    for seed, n, lakes in GAMES[:4]:
        last_phase = None
        for k, (s, _p, _) in enumerate(play(seed, n, lakes)):
            partial_bids = (s.phase == "bid" and any(b is not None for b in s.bids)) or (
                s.phase == "auction" and s.sale is not None
                and any(b is not None for b in s.sale.bids.values()))
            if s.phase != last_phase or partial_bids or k % 23 == 0:
                yield s.clone()
            last_phase = s.phase


POSITIONS = list(positions())


def test_positions_cover_every_phase():
    phases = {s.phase for s in POSITIONS}
    assert phases == {"flags", "offer", "interest", "give", "auction", "bid", "take", "over"}
    assert any(s.phase == "bid" and sum(b is not None for b in s.bids) > 0 for s in POSITIONS)
    assert any(s.phase == "auction" and any(b is not None for b in s.sale.bids.values())
               for s in POSITIONS)


def as_json(value) -> object:
    return json.loads(json.dumps(value))


def test_rebuilt_state_shows_the_same_view_and_plays_on():
    rng = random.Random(9)
    for k, s in enumerate(POSITIONS):
        for viewer in (None, *range(s.num_players)):
            view = s.view(viewer)
            rebuilt = ColoradoState.state_from_view(view, random.Random(k))
            assert as_json(rebuilt.view(viewer)) == as_json(view), (k, s.phase, viewer)
            assert rebuilt.to_act() == s.to_act()
            if viewer in s.to_act():
                assert rebuilt.legal_actions(viewer) == s.legal_actions(viewer)
            if viewer is None or k % 5:
                continue
            while not rebuilt.is_over():  # the hidden parts hang together
                p = rng.choice(rebuilt.to_act())
                rebuilt.apply(random_action(rng, rebuilt, p), p)


HIDDEN = ("hands", "bag", "decks", "round_deck", "flags", "flag_hands", "bids")


def test_rebuilt_hidden_parts_depend_on_the_rng_and_never_on_the_truth():
    differ = 0
    for k, s in enumerate(POSITIONS[::3]):
        viewer = k % s.num_players
        view = s.view(viewer)
        one = ColoradoState.state_from_view(view, random.Random(1)).snapshot()
        two = ColoradoState.state_from_view(view, random.Random(2)).snapshot()
        differ += any(one[key] != two[key] for key in HIDDEN)
        # another true state the viewer cannot tell apart: cowboys swapped between an
        # opponent and the bag, the decks reordered
        other = s.clone()
        opp = (viewer + 1) % s.num_players
        if other.hands[opp] and other.bag and other.bids[opp] is None and (
                other.sale is None or other.sale.bids.get(opp) is None):
            i = k % len(other.hands[opp])
            other.hands[opp][i], other.bag[0] = other.bag[0], other.hands[opp][i]
            other.hands[opp].sort()
        for deck in other.decks:
            deck.reverse()
        assert as_json(other.view(viewer)) == as_json(view)
        again = ColoradoState.state_from_view(other.view(viewer), random.Random(1)).snapshot()
        assert again == one
    assert differ == len(POSITIONS[::3])


def test_others_bids_are_drawn_from_their_rebuilt_hands():
    mid_bid = [s for s in POSITIONS if s.phase == "bid" and any(b is not None for b in s.bids)]
    varied = 0
    for s in mid_bid:
        viewer = next(p for p in range(s.num_players) if s.bids[p] is None)
        guesses: dict[int, set] = {}
        for seed in range(6):
            r = ColoradoState.state_from_view(s.view(viewer), random.Random(seed))
            for p, bid in enumerate(r.bids):
                assert (bid is None) == (s.bids[p] is None)
                if bid is not None:
                    assert set(bid) <= set(r.hands[p])
                    guesses.setdefault(p, set()).add(bid)
        varied += any(len(g) > 1 for p, g in guesses.items() if s.hands[p])
    assert mid_bid and varied >= len(mid_bid) // 2  # drawn, not one fixed guess
