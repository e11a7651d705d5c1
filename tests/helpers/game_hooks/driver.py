"""The random-game driver of the contract test: plays a game to the end and checks at
every step what every game must do (see ``tests/engine/test_contract.py``), plus the game's
own hooks."""

from __future__ import annotations

import importlib
import json
import random
import re
from collections import Counter

import pytest

from game.engine import save_files
from game.engine.core import CommonView, IllegalAction
from game.engine.messages import describe
from game.registry import GAMES

VIEW_EVERY = 9
OFTEN = 13
SAVE_EVERY = 97


def event_kinds(game_id: str):
    """The game's declared event kinds and payloads (``<engine>.events``)."""
    module = importlib.import_module(f"{GAMES[game_id].engine}.events")
    return module.EVENT_KINDS, module.PAYLOADS


def play_checked(h, n: int, seed: int, state=None) -> Counter:
    """Plays one random game with every check; ``state``: a constructed start to play
    from instead of a new game (not replayable from its seed: no save checks)."""
    st = h.new(n, seed) if state is None else state
    saves = state is None
    rng = random.Random(seed * 7919 + n)
    stats: Counter = Counter()
    names = [f"Seat{q}" for q in range(n)]
    check_events(h, st, st.setup_events(), names)
    h.check_invariants(st)
    prev = st.scores()
    step = 0
    while not st.is_over():
        step += 1
        assert step < 5000, "the game does not end"
        acting = st.to_act()
        assert acting
        p = rng.choice(acting)
        legal = st.legal_actions(p)
        assert legal and len(set(legal)) == len(legal), (st.phase, p)
        cand = h.random_candidate(st, p, rng)
        check_candidate(h, st, cand, p, legal)
        # each viewer in turn, on a stream of its own: the game's random moves stay the same
        check_seen(st, random.Random(step), [(None, *range(n))[step % (n + 1)]], cand)
        if step % OFTEN == 0:
            check_turns_and_clones(st, p, legal, rng)
        action = h.choose(st, p, legal, rng)
        assert st.why_illegal(action, p) is None, action
        before = st.clone()
        events = st.apply(action, p)
        stats[type(action).__name__] += 1
        stats.update(e.kind for e in events)
        check_events(h, st, events, names)
        if h.revealing is not None:
            revealed = any(e.kind in h.revealing for e in events)
            assert st.is_undoable(len(st.history) - 1) == (not revealed), events
        h.check_step(before, st, action, p, events, stats)
        h.check_invariants(st)
        scores = st.scores()
        if h.scores_never_fall:
            assert all(a >= b for a, b in zip(scores, prev, strict=True)), "a score fell"
        prev = scores
        if step % VIEW_EVERY == 0:
            check_views(h, st, rng)
        if saves and step % SAVE_EVERY == 0:
            check_saves(st)
    check_views(h, st, rng)
    check_seen(st, rng, [None, *range(n)])
    if saves:
        check_saves(st)
    check_outcome(h, st)
    h.check_end(st, stats)
    return stats


def check_candidate(h, st, cand, p: int, legal: list) -> None:
    """A random action is refused exactly when the rules give a reason, with that reason,
    and a refused action changes nothing."""
    snap = st.snapshot()
    why = st.why_illegal(cand, p)
    trial = st.clone()
    try:
        trial.apply(cand, p)
    except IllegalAction as exc:
        refusal = str(exc)
    else:
        refusal = None
    if cand in legal:
        assert refusal is None, (cand, refusal)
    elif h.lists_every_action:
        assert refusal is not None, f"{cand} was accepted but is not listed"
    assert why == refusal, (cand, why, refusal)
    if refusal is not None:
        with pytest.raises(IllegalAction):
            st.apply(cand, p)
        assert st.snapshot() == snap


def check_turns_and_clones(st, p: int, legal: list, rng) -> None:
    snap = st.snapshot()
    waiting = [q for q in range(st.num_players) if q not in st.to_act()]
    if waiting:
        with pytest.raises(IllegalAction):
            st.apply(legal[0], waiting[0])
    for bad_player in (-1, st.num_players, None if len(st.to_act()) > 1 else "x"):
        with pytest.raises(IllegalAction):
            st.apply(legal[0], bad_player)
    clone = st.clone()
    assert clone.snapshot() == snap
    clone.apply(rng.choice(legal), p)
    assert st.snapshot() == snap


def check_events(h, st, events: list, names: list[str]) -> None:
    kinds, payloads = event_kinds(h.game_id)
    engine_names = re.compile(r"\b(" + "|".join(st.player_names or ["(?!)"]) + r")\b")
    for e in events:
        assert e.text
        for viewer in (None, *range(st.num_players)):
            line = describe(e, names, viewer)
            assert line and "{" not in line, line
            assert not engine_names.search(line), f"a seat named by colour: {line}"
        assert e.kind in kinds, e.kind
        payload = payloads.get(e.kind)
        required = payload.__required_keys__ if payload else frozenset()
        allowed = required | payload.__optional_keys__ if payload else frozenset()
        assert required <= set(e.data) <= allowed, (e.kind, sorted(e.data))


def check_views(h, st, rng) -> None:
    over = st.is_over()
    for viewer in (None, *range(st.num_players)):
        view = st.view(viewer)
        json.dumps(view)  # JSON-able (tuples allowed: they come back as lists)
        assert set(CommonView.__required_keys__) <= set(view)
        assert view["game"] == h.game_id and view["viewer"] == viewer
        assert view["num_players"] == st.num_players and view["to_act"] == st.to_act()
        assert len(view["scores"]) == st.num_players
        if not over or h.scramble_at_end:
            assert h.scrambled(st, viewer, rng).view(viewer) == view, "a view shows a secret"
        h.check_view(st, viewer, view)
    if not over:
        for p in st.to_act():
            view = st.view(p)
            guess = type(st).state_from_view(view, random.Random(rng.randrange(1 << 30)))
            assert guess.view(p) == view
            assert guess.legal_actions(p) == st.legal_actions(p)
            h.check_invariants(guess)


def check_seen(st, rng, viewers: list, candidate=None) -> None:
    """The game as each of ``viewers`` (an onlooker, seats) may know it, rebuilt from their view
    (what a table reads: ``game.session.SeenGames``), answers what the table asks of it as
    the game does: the same view, phase, seats to act and scores; for a seat to act, its
    legal actions and the refusal of ``candidate``; once over, the outcome."""
    for viewer in viewers:
        view = st.view(viewer)
        seen = type(st).state_from_view(view, random.Random(rng.randrange(1 << 30)))
        assert seen.view(viewer) == view, viewer
        assert (seen.phase, seen.to_act(), seen.is_over()) == (st.phase, st.to_act(),
                                                              st.is_over()), viewer
        assert seen.scores() == st.scores(), viewer
        if st.is_over():
            assert seen.outcome() == st.outcome() and seen.winners() == st.winners(), viewer
        elif viewer in st.to_act():
            assert seen.legal_actions(viewer) == st.legal_actions(viewer), viewer
            if candidate is not None:
                assert seen.refusal(candidate, viewer) == st.refusal(candidate, viewer), (
                    viewer, candidate)


def check_saves(st) -> None:
    snap = st.snapshot()
    assert save_files.loads(save_files.dumps(st)).snapshot() == snap
    assert save_files.replay(st).snapshot() == snap


def check_outcome(h, st) -> None:
    winners = st.winners()
    assert winners and set(winners) <= set(range(st.num_players))
    o = st.outcome()
    assert o.scores == st.scores() and o.winners == winners
    assert sorted(o.ranking) == list(range(st.num_players))
    assert set(o.ranking[:len(winners)]) == set(winners)
    assert all(o.scores[a] >= o.scores[b] for a, b in zip(o.ranking, o.ranking[1:], strict=False))
    for p in range(st.num_players):
        assert o.breakdown[p] and sum(o.breakdown[p].values()) == o.scores[p], o.breakdown[p]
