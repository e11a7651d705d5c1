"""The post-game review: every decision the human seats made in a recorded game, searched
again by the hard bot from what that seat could see then, off the frame loop.

    review = Review(record, humans, process)   # humans: the seats played at this screen
    review.start()      # a thread sends one search per decision to the search process
    review.progress     # (decisions searched, decisions in all)
    review.verdicts     # Verdict per decision searched so far, in move order
    review.finished     # every decision searched (or the review failed or was cancelled)
    review.marks()      # the costliest verdicts, costliest first
    review.cancel()     # stop after the search under way; a process of our own is closed

A decision is a human seat's recorded move where it had more than one legal action.  Its
search is the hard bot's analysis of that seat's view before the move, with the move played
searched too (``include``), on a small fixed budget; the loss is how many points of final
lead the search credits its own choice with over the move played (0 when they agree).
"""

from __future__ import annotations

import logging
import math
import random
import threading
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from game.bots import bots_module
from game.bots.remote import GRACE_SECONDS, SearchCancelled, SearchFailed, SearchProcess
from game.bots.search import Analysis, Budget, Search
from game.engine.actions import Action
from game.engine.core import GameState
from game.engine.events import Event
from game.engine.messages import Message, P
from game.engine.save_files import replay
from game.registry import GAMES

log = logging.getLogger(__name__)

BUDGET = Budget(seconds=0.5)  # per decision: a game's review takes about half a minute
MARKS = 3  # the costliest moves marked on the timeline
FAILURES = 3  # searches failing in a row end the review (the process is broken)
TOP_UP = 3.0  # a search may go on this many times its budget until each move was tried
MOVE_SENTENCES = 3  # at most this many log lines say what a move did

Words = tuple[tuple[Message, dict[str, Any]], ...]
"""What a move did, as sentences (message, arguments) to render in any language."""





@dataclass(frozen=True)
class Decision:
    """A human seat's recorded move with a choice: the position before it as that seat saw it."""

    move: int
    """How many recorded actions came before it (the replay shows it after ``move`` moves)."""
    seat: int
    played: Action
    view: Mapping[str, Any]
    legal: list[Action]
    before: GameState
    """The game before the move (to tell what another move would have done)."""
    events: list[Event]
    """What the move played caused."""


@dataclass(frozen=True)
class Verdict:
    """The hard bot's opinion of one decision."""

    move: int
    seat: int
    played: Action
    best: Action
    loss: float
    """Points of final lead the search expects its choice to be worth over the move played
    (0 when the move played is its choice, never below 0)."""
    played_words: Words
    best_words: Words
    """What the move played did, and what the hard bot's choice would have done."""

    @property
    def agrees(self) -> bool:
        """The hard bot would have made this move (or one that does the same)."""
        return self.played_words == self.best_words


def decisions(record: GameState, humans: Iterable[int], start: GameState | None = None
              ) -> list[Decision]:
    """The decisions of ``humans`` in ``record``, rebuilt from its seed (or from ``start``,
    its arranged deal) in one pass."""
    seats = frozenset(humans)
    st = replay(record, 0, start)
    out = []
    for k, (p, action) in enumerate(record.history):
        legal = st.legal_actions(p) if p in seats else []
        if len(legal) > 1:
            before = st.clone()
            view = st.view(p)
            out.append(Decision(k, p, action, view, legal, before, st.apply(action, p)))
        else:
            st.apply(action, p)
    return out


def move_words(before: GameState, action: Action, events: list[Event], seat: int) -> Words:
    """What ``action`` by ``seat`` did from ``before`` (``events``: what it caused), as the
    log tells an onlooker (nothing hidden): the first lines the seat's own move wrote (before
    the table's or another seat's), or a sentence of its own where the log does not tell the
    choice."""
    # a game whose log does not tell the choice words it itself (``GameInfo.review_words``)
    info = GAMES[before.GAME_ID]
    told = info.part(info.review_words) if info.review_words else None
    words: Words | None = told(action, P(seat, before.player_names[seat])) if told else None
    if words is not None:
        return words
    own: list[Event] = []
    for e in events:
        if e.player == seat:
            own.append(e)
        elif own or e.player is not None:
            break
    return tuple(e.message_for(None) for e in own[:MOVE_SENTENCES])


def review_search(game_id: str, seed: int, budget: Budget, view: Mapping[str, Any],
                  legal: list[Action], played: Action) -> Analysis:
    """In the search process: the hard bot's analysis of ``view`` with ``played`` searched
    too.  The root tries its untried actions in turn: the move played goes first (unless
    the game anchors on its own first choice), so it always has an estimate (and wins a
    tie), and when the budget runs out before every
    action was tried the search goes on until each was (for at most ``TOP_UP`` times the
    budget's seconds: a loaded machine gives up on the last ones)."""
    rules = bots_module(game_id).search_rules()
    search = Search(rules, view, legal, random.Random(seed), (played,))
    if getattr(rules, "anchor", None) is None:
        # A game that anchors on its first candidate (the hard bot's own first choice)
        # keeps it first: anchoring on the move played would excuse every move.
        search.root_moves.remove(played)
        search.root_moves.insert(0, played)
    analysis = search.run(budget)
    deadline = time.perf_counter() + TOP_UP * budget.seconds if budget.seconds is not None \
        else math.inf
    while any(c.visits == 0 for c in analysis.choices) and time.perf_counter() < deadline:
        search.iterate()
        analysis = search.analysis(analysis.seconds)
    return analysis


def verdict_of(decision: Decision, analysis: Analysis) -> Verdict:
    before = decision.before
    best = analysis.best
    played = analysis.choice_for(decision.played)
    assert played is not None  # searched: it was included
    played_words = move_words(before, decision.played, decision.events, decision.seat)
    if best.action == decision.played:
        best_words = played_words
    else:
        events = before.clone().apply(best.action, decision.seat)
        best_words = move_words(before, best.action, events, decision.seat)
    # Two moves that read the same (cards of one kind, told apart only by their ids) are
    # one choice: the search's difference between them is noise.
    same = best_words == played_words
    loss = 0.0 if same else max(0.0, best.points - played.points)
    return Verdict(decision.move, decision.seat, decision.played, best.action, loss,
                   played_words, best_words)


def costliest(verdicts: Iterable[Verdict], n: int = MARKS) -> list[Verdict]:
    """The ``n`` verdicts that cost the most points (only those that cost any), costliest
    first; the earlier move first among equal losses."""
    losing = [v for v in verdicts if v.loss > 0]
    return sorted(losing, key=lambda v: (-v.loss, v.move))[:n]


class Review:
    """The review of ``record``'s decisions by the seats ``humans``, searched in ``process``
    (a process of our own, closed when the review ends, when none is given)."""

    def __init__(self, record: GameState, humans: Iterable[int],
                 process: SearchProcess | None = None, budget: Budget = BUDGET,
                 start: GameState | None = None):
        self.record = record
        self.deal = start  # the deal before the first move, when not the seed's (a lesson)
        self.humans = frozenset(humans)
        self.budget = budget
        self.own_process = process is None
        self.process = process if process is not None else SearchProcess()
        self.verdicts: list[Verdict] = []
        self.total: int | None = None  # decisions in all, once counted
        self.failed = False
        self._done = 0
        self._marks: list[Verdict] | None = None
        self._lock = threading.Lock()
        self._cancel = threading.Event()
        self._ended = threading.Event()
        self._thread: threading.Thread | None = None

    # --- what the scene reads ------------------------------------------------------------------
    @property
    def progress(self) -> tuple[int, int | None]:
        """(decisions searched, decisions in all: None until counted)."""
        return self._done, self.total

    @property
    def finished(self) -> bool:
        """Nothing more will come: every decision was searched, or the review failed or was
        cancelled."""
        return self._ended.is_set()

    @property
    def complete(self) -> bool:
        """Every decision was searched."""
        return self.finished and self.total is not None and self._done == self.total \
            and not self.failed and not self._cancel.is_set()

    def marks(self) -> list[Verdict]:
        """The costliest moves (see ``costliest``), once the review is complete."""
        if not self.complete:
            return []
        if self._marks is None:
            self._marks = costliest(self.verdicts)
        return self._marks

    def verdict_at(self, move: int) -> Verdict | None:
        with self._lock:
            return next((v for v in self.verdicts if v.move == move), None)

    # --- life cycle ----------------------------------------------------------------------------
    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="landgrab-review",
                                            daemon=True)
            self._thread.start()

    def cancel(self) -> None:
        """Stop: no new search is sent; the one under way is let finish (a process of our own
        is then closed).  Returns at once."""
        self._cancel.set()
        if self._thread is None:
            self._close()
            self._ended.set()

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the thread to end (tests, tools); True when it has."""
        if self._thread is not None:
            self._thread.join(timeout)
            return not self._thread.is_alive()
        return True

    def _close(self) -> None:
        if self.own_process:
            self.process.close()

    def _run(self) -> None:
        try:
            self._review()
        except Exception:  # noqa: BLE001 - a broken review must never reach the frame loop
            log.exception("The post-game review failed")
            self.failed = True
        finally:
            self._close()
            self._ended.set()

    def _review(self) -> None:
        todo = decisions(self.record, self.humans, self.deal)
        self.total = len(todo)
        game_id = self.record.GAME_ID
        seconds = self.budget.seconds if self.budget.seconds is not None else 60.0
        # the search, its top-up and an iteration past each deadline on a loaded machine
        timeout = (2 + TOP_UP) * seconds + 3 * GRACE_SECONDS
        failures = 0
        for d in todo:
            if self._cancel.is_set():
                return
            try:
                analysis = self.process.run(
                    review_search, game_id, self.record.seed * 7919 + d.move, self.budget,
                    d.view, d.legal, d.played, timeout=timeout)
            except SearchCancelled:
                return  # the replay was left or the app quits
            except SearchFailed as exc:
                failures += 1
                log.warning("Review of move %d skipped: %s", d.move + 1, exc)
                if failures >= FAILURES:
                    self.failed = True
                    return
            else:
                failures = 0
                verdict = verdict_of(d, analysis)
                with self._lock:
                    self.verdicts.append(verdict)
            self._done += 1
        log.info("Reviewed %d decisions of %s", self.total, game_id)
