"""Tests do not lean on the clock: none sleeps to order threads or processes, and none
measures a duration (wall clock or CPU time) to assert on it: a loaded machine fails such
tests.  Code with a time budget takes a clock the test drives
(``ticking_clock.TickingClock``), threads and processes are ordered by events, and a wait on
a real process or thread is a bounded ``join``/``wait``/``poll`` whose outcome (done or
not), never its duration, is asserted.

``time.time()`` stays allowed outside comparisons: tests date files with it (``os.utime``).
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent

#: Functions of ``time`` that only measure durations or wait: no test calls them.  CPU time
#: is among them: a busy machine stretches it too (caches, frequency).
FORBIDDEN = {"sleep", "perf_counter", "perf_counter_ns", "monotonic", "monotonic_ns",
             "thread_time", "thread_time_ns", "process_time", "process_time_ns"}


def _time_names(tree: ast.Module) -> tuple[set[str], dict[str, str]]:
    """The names the module gives the ``time`` module, and those it gives ``time``'s
    functions (``from time import sleep as nap``: ``{"nap": "sleep"}``)."""
    modules, functions = set(), {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules |= {a.asname or a.name for a in node.names if a.name == "time"}
        elif isinstance(node, ast.ImportFrom) and node.module == "time":
            functions |= {a.asname or a.name: a.name for a in node.names}
    return modules, functions


def _time_function(call: ast.Call, modules: set[str], functions: dict[str, str]) -> str | None:
    """Which function of ``time`` ``call`` calls, if any."""
    func = call.func
    if (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
            and func.value.id in modules):
        return func.attr
    if isinstance(func, ast.Name) and func.id in functions:
        return functions[func.id]
    return None


def _is_timer(call: ast.Call) -> bool:
    """``threading.Timer(...)``: a thread that starts after a while, ordering by the clock."""
    func = call.func
    return (isinstance(func, ast.Attribute) and func.attr == "Timer"
            and isinstance(func.value, ast.Name) and func.value.id == "threading")


def clock_uses(source: str) -> list[tuple[int, str]]:
    """``(line, what)`` for each forbidden use of the clock in ``source``: a call of a
    function in ``FORBIDDEN``, ``time.time()`` inside a comparison, a ``threading.Timer``."""
    tree = ast.parse(source)
    modules, functions = _time_names(tree)
    found = []
    compared = {id(call) for node in ast.walk(tree) if isinstance(node, ast.Compare)
                for call in ast.walk(node) if isinstance(call, ast.Call)}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        if _is_timer(node):
            found.append((node.lineno, "Timer"))
            continue
        name = _time_function(node, modules, functions)
        if name in FORBIDDEN or (name == "time" and id(node) in compared):
            found.append((node.lineno, name))
    return sorted(found)


def test_no_test_sleeps_or_times_itself():
    offences = []
    for path in sorted(TESTS.rglob("*.py")):
        rel = path.relative_to(TESTS).as_posix()
        for line, name in clock_uses(path.read_text(encoding="utf-8")):
            offences.append(f"{rel}:{line} calls {name}")
    assert not offences, "\n".join(offences)


def test_the_scan_sees_each_way_of_reaching_the_clock():
    assert clock_uses("import time\ntime.sleep(1)\n") == [(2, "sleep")]
    assert clock_uses("import time as t\nx = t.perf_counter()\n") == [(2, "perf_counter")]
    assert clock_uses("from time import monotonic as m\nm()\n") == [(2, "monotonic")]
    assert clock_uses("import time\nassert time.time() - t0 < 3\n") == [(2, "time")]
    assert clock_uses("import time\nt0 = time.thread_time()\n") == [(2, "thread_time")]
    assert clock_uses("import time\nos.utime(p, (time.time() - 60, 0))\n") == []
    assert clock_uses("import threading\nthreading.Timer(0.3, f).start()\n") == [(2, "Timer")]
    assert clock_uses("import pygame\npygame.time.get_ticks()\nsleep(1)\n") == []
