"""Jobs for a real search process in tests (module-level, so the worker can import them):
a search that raises, one that never answers, one the test holds, and small probes.

``held`` orders the test and the worker without the clock: it says it started through one
event and waits for the test's other (both ``multiprocessing.Manager`` events, which travel
to the worker as arguments)."""

import os
import signal
import threading


def raises(*args):
    raise RuntimeError("the search broke")


def hangs(*args):
    threading.Event().wait()  # never set: the worker is killed first


def worker_pid() -> int:
    return os.getpid()


def held(started, release, value=None, *search_args):
    """Set ``started``, then answer ``value`` once the test sets ``release`` (never, for a
    search that hangs until its worker is killed).  ``search_args`` takes a hard bot's
    arguments when the job stands in for its search (``functools.partial``)."""
    started.set()
    release.wait()
    return value


def dies(*args):
    os._exit(3)  # the worker ends without answering, as a crash would


def killed(*args):
    os.kill(os.getpid(), signal.SIGKILL)  # as the system's out-of-memory killer would


def search_killed_at_first_rollout(game_id, seed, budget, view, legal):
    """A hard bot's real search whose worker is killed by a signal as its first rollout
    starts: a death in the middle of a search, whatever the machine's speed."""

    from game.bots import remote, search

    def die(*args, **kwargs):
        os.kill(os.getpid(), signal.SIGKILL)

    search.Search.iterate = die
    search.Search._playout = die
    return remote.search_choice(game_id, seed, budget, view, legal)


def heavy_modules() -> list[str]:
    """What of the app's heavy imports the worker holds (a search needs none of them)."""
    import sys

    return [name for name in ("pygame", "numpy", "game.app", "game.ui") if name in sys.modules]
