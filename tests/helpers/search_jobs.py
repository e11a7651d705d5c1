"""Jobs for a real search process in tests (module-level, so the worker can import them):
a search that raises, one that never answers, and small probes."""

import os
import signal
import time


def raises(*args):
    raise RuntimeError("the search broke")


def hangs(*args):
    time.sleep(120)


def worker_pid() -> int:
    return os.getpid()


def sleeps_then_answers(seconds: float, value):
    time.sleep(seconds)
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
