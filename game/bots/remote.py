"""Searches in a separate process, so the frame loop keeps its core while a hard bot thinks
(a search in a thread would hold the GIL and cost frames).

``SearchProcess`` is one worker process (started with "spawn": a fresh interpreter, nothing
of the window or its threads copied) that runs one job at a time; callers from several
threads take turns.  A job that fails, or does not answer in time, kills and restarts the
worker and raises ``SearchFailed``: the caller falls back on something simpler.
``RemoteBot`` is a hard bot whose searches run there, and which plays the one-ply bot's
choice when a search fails.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable, Mapping
from multiprocessing.connection import Connection
from typing import Any

from game.bots import bots_module, make_bot
from game.bots.search import Analysis, Budget, analyse
from game.engine.actions import Action

_log = logging.getLogger(__name__)

START_SECONDS = 10.0  # a fresh worker imports the engines before its first answer
GRACE_SECONDS = 2.0  # beyond its budget, what a search may take before it counts as stuck
END_SECONDS = 2.0  # what a worker whose pipe closed may take to finish ending, to say how
# Of a hard bot's budget, what its search iterates: the rest covers choosing the candidates,
# the last iteration's overrun and the trip to the worker, so a table waits about the budget.
SEARCH_SHARE = 0.95
WORKER_NICENESS = 5  # on a busy machine the window's frames come before the search


class SearchFailed(RuntimeError):
    """The worker crashed, raised or did not answer in time (it has been restarted)."""


class SearchCancelled(SearchFailed):
    """The worker was closed on purpose while the job ran (the app quits or leaves the
    table): nothing went wrong, so callers fall back quietly."""


def _serve(conn: Connection) -> None:
    """The worker's loop: run each ``(fn, args)`` received and send back its result (or the
    exception it raised, to be re-raised in the caller)."""
    with contextlib.suppress(OSError, AttributeError):  # not every system lets it
        os.nice(WORKER_NICENESS)
    while True:
        try:
            job = conn.recv()
        except EOFError:
            return
        if job is None:
            return
        fn, args = job
        try:
            conn.send((True, fn(*args)))
        except Exception as exc:  # noqa: BLE001 - the caller decides what a failure means
            conn.send((False, exc))


def _how_it_ended(proc: Any, exc: BaseException) -> str:
    """What became of a worker whose pipe broke or closed (``exc``, often without words):
    its exit code or the signal that killed it, as the log should say it."""
    proc.join(timeout=END_SECONDS)  # closing its end of the pipe was the last thing it did
    code = proc.exitcode
    if code is None:
        how = "it stopped answering"
    elif code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = "an unknown signal"
        how = f"killed by signal {-code} ({name})"
    else:
        how = f"exit code {code}"
    words = str(exc)
    return f"{how} ({words})" if words else how


_STARTING = threading.Lock()  # the main module is hidden from one starting worker at a time


@contextlib.contextmanager
def _main_module_hidden():
    """While a worker starts: "spawn" has the child import the parent's ``__main__`` again
    (main.py, a tool) unless it cannot name it, and that module may pull in pygame, the app
    or numpy, none of which a search needs.  The worker's target lives in this module, so
    the child needs nothing of ``__main__``."""
    main = sys.modules["__main__"]
    saved: dict[str, Any] = {name: main.__dict__[name] for name in ("__file__", "__spec__")
             if name in main.__dict__}
    with _STARTING:
        main.__dict__.pop("__file__", None)
        main.__dict__["__spec__"] = None
        try:
            yield
        finally:
            main.__dict__.pop("__spec__", None)
            main.__dict__.update(saved)


class SearchProcess:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._proc: Any = None
        self._conn: Connection | None = None
        self._fresh = True
        self._closed = False  # close() was called: a job's failure is a cancellation
        self._stale = False  # recycle() was asked while a job ran: a new worker comes next

    def start(self) -> None:
        """Start the worker now (it takes a moment to import the engines).  While a job runs
        the worker is there already: nothing to wait for."""
        if self._lock.acquire(blocking=False):
            try:
                self._ensure()
            finally:
                self._lock.release()

    def recycle(self) -> None:
        """The next job runs in a fresh worker: whatever the searches so far left in the
        worker's memory (its heap only grows over hours of games) goes with the old one.
        An idle worker ends now; a busy one ends after its job."""
        self._stale = True
        if self._lock.acquire(blocking=False):
            try:
                self._retire()
            finally:
                self._lock.release()

    def _retire(self) -> None:
        """End a stale worker (asked to quit, killed if it lingers)."""
        if self._conn is not None and self._proc is not None and self._proc.is_alive():
            with contextlib.suppress(OSError):
                self._conn.send(None)
            self._proc.join(timeout=END_SECONDS)
        self._stop()
        self._stale = False

    def _ensure(self) -> Connection:
        if self._stale:
            self._retire()
        if self._proc is not None and not self._proc.is_alive():
            self._ended_between_jobs()
        if self._proc is None:
            ctx = multiprocessing.get_context("spawn")
            ours, theirs = ctx.Pipe()
            self._proc = ctx.Process(target=_serve, args=(theirs,), name="landgrab-search",
                                     daemon=True)
            with _main_module_hidden():
                self._proc.start()
            theirs.close()
            self._conn = ours
            self._fresh = True
            self._closed = False
        assert self._conn is not None
        return self._conn

    def _ended_between_jobs(self) -> None:
        """The worker ended while no job ran (killed, out of memory): nobody waited on it,
        so it is said now, as a death during a job is, before a new worker takes its place.
        A hard bot that answers without searching (Oregon's far from the end) leaves its
        worker idle nearly all the time, so this is where most deaths are seen."""
        assert self._proc is not None
        _log.warning("The search process had ended since its last job (%s); starting a new "
                     "one", _how_it_ended(self._proc, EOFError()))
        self._stop()

    def run(self, fn: Callable[..., Any], *args: Any, timeout: float) -> Any:
        """``fn(*args)`` in the worker; its result, or ``SearchFailed``.  ``fn`` must be a
        module-level function and its arguments picklable."""
        with self._lock:
            conn = self._ensure()
            wait = timeout + (START_SECONDS if self._fresh else 0.0)
            try:
                conn.send((fn, args))
                if not conn.poll(wait):
                    raise SearchFailed(f"no answer in {wait:.1f} s")
                ok, value = conn.recv()
            except (OSError, EOFError) as exc:
                how = "" if self._closed else _how_it_ended(self._proc, exc)
                self._stop()
                if self._closed:
                    raise SearchCancelled("the search process was closed") from exc
                raise SearchFailed(f"the search process ended: {how}") from exc
            except SearchFailed:
                self._stop()
                raise
            self._fresh = False
            if not ok:
                raise SearchFailed(f"the search raised {value!r}") from value
            return value

    def _stop(self) -> None:
        if self._proc is not None:
            self._proc.kill()
            self._proc.join(timeout=2)
        if self._conn is not None:
            self._conn.close()
        self._proc, self._conn = None, None

    def close(self) -> None:
        """End the worker.  While a job runs the worker is killed at once (its caller gets
        ``SearchCancelled`` and cleans up): quitting never waits for a search."""
        self._closed = True
        if not self._lock.acquire(blocking=False):
            proc = self._proc
            if proc is not None:
                with contextlib.suppress(OSError, ValueError):
                    proc.kill()
            return
        try:
            if self._conn is not None and self._proc is not None and self._proc.is_alive():
                with contextlib.suppress(OSError):
                    self._conn.send(None)
            self._stop()
        finally:
            self._lock.release()


def search_choice(game_id: str, seed: int, budget: Budget, view: Mapping[str, Any],
                  legal: list[Action]) -> Action:
    """In the worker: a hard bot's choice."""
    return make_bot(game_id, "hard", seed, budget).choose(view, legal)


def search_analysis(game_id: str, seed: int, budget: Budget, view: Mapping[str, Any],
                    legal: list[Action], include: tuple[Action, ...] = ()) -> Analysis:
    """In the worker: the whole analysis of a position (hints, the post-game review)."""
    return analyse(bots_module(game_id).search_rules(), view, legal, budget, seed,
                   include)


class RemoteBot:
    """A hard bot whose searches run in ``process``; when one fails it logs why and plays
    the one-ply bot's choice instead, so a table never freezes on a broken search."""

    level = "hard"

    def __init__(self, game_id: str, seed: int, budget: Budget, process: SearchProcess):
        self.game_id = game_id
        self.seed = seed
        self.budget = budget
        self.process = process
        self.decisions = 0
        one_ply = bots_module(game_id).NormalBot  # never slipping, unlike some normal levels
        self.fallback = one_ply(seed)
        self.search: Callable[..., Action] = search_choice  # module-level: run in the worker

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        self.decisions += 1
        budget = self.budget
        seconds = budget.seconds if budget.seconds is not None else 60.0
        if budget.seconds is not None:
            budget = dataclasses.replace(budget, seconds=budget.seconds * SEARCH_SHARE)
        try:
            return self.process.run(self.search, self.game_id,
                                    self.seed * 7919 + self.decisions, budget, view, legal,
                                    timeout=seconds + GRACE_SECONDS)
        except SearchCancelled:
            _log.debug("Hard bot search cancelled; playing the one-ply bot's choice")
            return self.fallback.choose(view, legal)
        except SearchFailed as exc:
            _log.warning("Hard bot search failed (%s); playing the one-ply bot's choice", exc)
            return self.fallback.choose(view, legal)
