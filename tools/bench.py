"""Benchmarks: frame time of scenes at 1920x1080 (headless) and start-up time.

    python tools/bench.py                     every benchmark
    python tools/bench.py --scene title       one scene (repeat --scene for more)
    python tools/bench.py startup --frames 600
    python tools/bench.py kiosk --hours 3      memory of the kiosk's attract loop (hard bots too)
    python tools/bench.py idle                 CPU of a still title and of a table waiting
    python tools/bench.py oregon_hard          a table while a hard bot thinks (search process)
    python tools/bench.py server --tables 200  live tables and idle ones on a landgrab-server
    python tools/bench.py server --db postgresql://... --instances 2   the same on PostgreSQL
    python tools/bench.py --list

Each figure is printed on a line of its own as ``name: value unit``, e.g.
``title.frame_p99: 2.1 ms`` and ``startup.first_frame: 0.8 s``.  Frame figures are wall-clock
times; ``*.cpu_p99`` is the same frames' CPU time in this thread, which other programs
running on the machine do not inflate (compare it with the wall figure on a busy machine).

Adding figures: register a scene with ``scene_bench("name", build)`` where ``build(services)``
returns the scenes to put on the stack (bottom first); its frames are timed (update + draw,
one 60 FPS step each).  Anything else: decorate ``fn(options) -> list[Figure]`` with
``@benchmark("name")``.  Target for menu scenes: p99 at most 8 ms on a 2-core machine.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import argparse  # noqa: E402
import contextlib  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from dataclasses import dataclass  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.registry import GAMES  # noqa: E402  (plain data: no game is loaded)
from game.ui import intents as I  # noqa: E402


@dataclass(frozen=True)
class Figure:
    name: str
    value: float
    unit: str

    def __str__(self) -> str:
        digits = 2 if self.value < 10 else 1
        return f"{self.name}: {self.value:.{digits}f} {self.unit}"


BENCHMARKS: dict[str, Callable[[argparse.Namespace], list[Figure]]] = {}
SCENES: list[str] = []  # names of scene benchmarks (what --scene chooses from)


def benchmark(name: str):
    """Register ``fn(options) -> list[Figure]`` under ``name``."""

    def register(fn):
        BENCHMARKS[name] = fn
        return fn

    return register


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


# --- scenes ------------------------------------------------------------------------------------
_home = None
_ui_scale = 1.0  # --ui-scale: the Text size setting the scenes are timed at


def _services():
    global _home
    from game.config import Config
    from game.scenes.services import Services
    from game.settings import Settings

    if _home is None:
        _home = tempfile.mkdtemp(prefix="landgrab-bench-")
        os.environ["LANDGRAB_HOME"] = _home
    if pygame.display.get_surface() is None:
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_mode((1920, 1080))
    return Services.standalone(Config(), Settings(ui_scale=_ui_scale))


def time_frames(scenes_of, frames: int, warmup: int = 60) -> tuple[list[float], list[float]]:
    """Wall and CPU milliseconds of update+draw per frame for the stack ``scenes_of`` builds."""
    services = _services()
    screen = pygame.display.get_surface()
    stack = services.stack
    stack.reset(*scenes_of(services))
    stack.apply_pending()
    dt = 1 / 60
    wall, cpu = [], []
    for i in range(warmup + frames):
        if i % 45 == 0:  # move the focus now and then: hover and focus animations run too
            stack.handle(I.simple(I.NEXT))
        t0, c0 = time.perf_counter(), time.thread_time()
        stack.update(dt)
        stack.draw(screen)
        t1, c1 = time.perf_counter(), time.thread_time()
        stack.apply_pending()
        if i >= warmup:
            wall.append((t1 - t0) * 1000)
            cpu.append((c1 - c0) * 1000)
    stack.reset()
    stack.apply_pending()
    return wall, cpu


def scene_bench(name: str, build: Callable) -> None:
    """Register a scene benchmark: ``build(services)`` -> scenes for the stack, bottom first."""

    def run(options: argparse.Namespace) -> list[Figure]:
        wall, cpu = time_frames(build, options.frames)
        return [
            Figure(f"{name}.frame_p50", percentile(wall, 50), "ms"),
            Figure(f"{name}.frame_p99", percentile(wall, 99), "ms"),
            Figure(f"{name}.cpu_p99", percentile(cpu, 99), "ms"),
        ]

    SCENES.append(name)
    benchmark(name)(run)


def _title(s):
    from game.scenes.title import TitleScene

    return [TitleScene(s)]


def _game_select(s):
    from game.scenes.game_select import GameSelectScene

    return [*_title(s), GameSelectScene(s)]


def _seat_setup(s):
    from game.scenes.seat_setup import SeatSetupScene
    from game.seats import make_seat

    game = max(GAMES.values(), key=lambda g: g.max_players)  # the fullest panel
    seats = [make_seat(game, i, "bot") for i in range(game.max_players)]
    return [*_title(s), SeatSetupScene(s, game.id, seats)]


def _settings(s):
    from game.scenes.settings import SettingsScene

    return [*_title(s), SettingsScene(s)]


def _confirm(s):
    from game.scenes.confirm import quit_confirmation

    return [*_title(s), quit_confirmation(s)]


scene_bench("title", _title)
scene_bench("game_select", _game_select)
scene_bench("seat_setup", _seat_setup)
scene_bench("settings", _settings)
scene_bench("quit_confirm", _confirm)


# --- idle screens ----------------------------------------------------------------------------------
IDLE_SETTLE = 25.0  # seconds of loop before the reading (the title rests 20 s after the last input)
IDLE_SECONDS = 10.0  # seconds of loop the CPU time is read over


def idle_cpu_percent(config, settle: float = IDLE_SETTLE,
                     seconds: float = IDLE_SECONDS) -> tuple[float, bool]:
    """The app's own loop (``App.run``, paced as the game paces it) on the screen ``config``
    opens, with no input: ``settle`` seconds first, then the CPU time of the whole process
    (every thread) over ``seconds`` of wall time, in % of one core; and whether the screen
    was resting at the end."""
    import dataclasses

    from game.app import App

    os.environ.setdefault("LANDGRAB_HOME", tempfile.mkdtemp(prefix="landgrab-bench-"))
    app = App(config)
    try:
        app.config = dataclasses.replace(config, quit_after=settle)
        app.run()
        app.running = True
        app.config = dataclasses.replace(config, quit_after=seconds)
        c0, t0 = time.process_time(), time.perf_counter()
        app.run()
        return (time.process_time() - c0) / (time.perf_counter() - t0) * 100, app.resting
    finally:
        app.close()


@benchmark("idle")
def idle(options: argparse.Namespace) -> list[Figure]:
    """CPU use of a screen nobody touches, in the app's real loop at 1920x1080: the title, and
    Oregon's table waiting for its human player (a bot in the other seat, nothing moving).
    Target: at most 5 % of a core."""
    from game.config import Config
    from game.seats import make_seat

    seats = [make_seat("oregon", 0, "human"), make_seat("oregon", 1, "bot", "easy")]
    screens = {"title": Config(mute=True),
               "table": Config(mute=True, game="oregon", seats=seats, seed=3)}
    figures = []
    for name, config in screens.items():
        percent, resting = idle_cpu_percent(config)
        if not resting:
            print(f"idle: the {name} was still moving at the end", file=sys.stderr)
        figures.append(Figure(f"idle.cpu_percent_{name}", percent, "%"))
    return figures


# --- start-up ------------------------------------------------------------------------------------
@benchmark("startup")
def startup(options: argparse.Namespace) -> list[Figure]:
    """Launch to first frame: ``main.py --quit-after 0`` runs one frame and exits.

    The wall time of that run (best of three) bounds the time to the first frame from above.
    """
    runs = []
    with tempfile.TemporaryDirectory(prefix="landgrab-bench-") as home:
        env = {**os.environ, "LANDGRAB_HOME": home}
        for _ in range(3):
            t0 = time.perf_counter()
            subprocess.run(
                [sys.executable, str(ROOT / "main.py"), "--quit-after", "0", "--mute"],
                env=env,
                check=True,
                capture_output=True,
                timeout=120,
            )
            runs.append(time.perf_counter() - t0)
    return [Figure("startup.first_frame", min(runs), "s")]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="benchmarks to run (default: all)")
    parser.add_argument("--scene", action="append", default=[], choices=SCENES, help="a scene")
    parser.add_argument("--frames", type=int, default=600, help="frames timed per scene")
    parser.add_argument("--list", action="store_true", help="list the benchmarks")
    parser.add_argument("--ui-scale", type=float, default=1.0, metavar="K",
                        help="the Text size setting, 1.0 to 1.5 (default 1.0)")
    parser.add_argument("--hours", type=float, default=KIOSK_HOURS, metavar="H",
                        help=f"kiosk: simulated hours of attract loop, more than the warm-up "
                             f"(default {KIOSK_HOURS:g})")
    parser.add_argument("--warm-up", type=float, default=WARM_UP_HOURS, metavar="H",
                        help=f"kiosk: hours of the loop before its growth is measured "
                             f"(default {WARM_UP_HOURS:g})")
    parser.add_argument("--tables", type=int, default=200,
                        help="server: live tables of four seats (default 200)")
    parser.add_argument("--seconds", type=float, default=30.0,
                        help="server: seconds the live tables are measured (default 30)")
    parser.add_argument("--move-interval", type=float, default=2.0, metavar="S",
                        help="server: seconds between a table's moves, on average (default 2)")
    parser.add_argument("--db", default=None, metavar="postgresql://...",
                        help="server: live tables stored in this PostgreSQL database (a "
                        "schema of their own, dropped afterwards) instead of SQLite")
    parser.add_argument("--instances", type=int, default=1,
                        help="server: servers sharing the database (--db), each table's "
                        "seats spread across them (default 1)")
    parser.add_argument("--db-connections", type=int, default=4, metavar="N",
                        help="server: each server's connections to the database (--db; "
                        "default 4)")
    parser.add_argument("--idle-tables", type=int, default=10000,
                        help="server: idle tables in the store at start-up (default 10000)")
    options = parser.parse_args(argv)
    if options.instances > 1 and not options.db:
        parser.error("--instances above 1 needs --db (servers share a PostgreSQL database)")
    if not 1.0 <= options.ui_scale <= 1.5:
        parser.error(f"--ui-scale: 1.0 to 1.5, not {options.ui_scale:g}")
    if not 0 <= options.warm_up < options.hours <= 1000:
        parser.error(f"--hours: more than the warm-up ({options.warm_up:g}), not "
                     f"{options.hours:g}")
    global _ui_scale
    _ui_scale = options.ui_scale
    if options.list:
        print("\n".join(BENCHMARKS))
        return 0
    names = options.names + options.scene or list(BENCHMARKS)
    unknown = [n for n in names if n not in BENCHMARKS]
    if unknown:
        parser.error(f"unknown benchmark {unknown[0]!r} (see --list)")
    for name in names:
        for figure in BENCHMARKS[name](options):
            print(figure, flush=True)
    return 0


# --- game tables ----------------------------------------------------------------------------------
def _table(s, game_id: str):
    """A game's table during bot play: its benchmark seats, bots at a high animation speed."""
    from game.scenes.table.table import Table
    from game.seats import make_seat

    game = GAMES[game_id]
    s.settings.animation_speed = 4.0
    seats = [make_seat(game_id, i, "bot", "easy") for i in range(game.bench_players)]
    return [Table(s, game_id, seats, 3)]


for _game_id in GAMES:
    scene_bench(_game_id, lambda s, g=_game_id: _table(s, g))


def _replay(s):
    """The replay viewer playing a finished Oasis game (random legal moves) at 2x speed."""
    import random

    from game.scenes.replay import SPEEDS, ReplayScene
    from game.seats import make_seat

    state = GAMES["oasis"].new(4, 3)
    rng = random.Random(3)
    while not state.is_over():
        p = state.to_act()[0]
        state.apply(rng.choice(state.legal_actions(p)), p)
    scene = ReplayScene(s, state, [make_seat("oasis", i, "bot", "easy") for i in range(4)])
    scene.speed_index = SPEEDS.index(2.0)
    scene.jump(len(state.history) // 4)
    scene.toggle_play()
    return [scene]


scene_bench("replay", _replay)


def random_games_per_second(game_id: str, seconds: float = 5.0,
                            clock: Callable[[], float] = time.perf_counter) -> float:
    """Complete games with uniformly random legal actions, one core, for about ``seconds``
    of ``clock`` (``time.process_time``: this process's CPU time, which other programs
    running on the machine do not inflate)."""
    import random

    info = GAMES[game_id]
    rng = random.Random(1)
    games, start = 0, clock()
    while clock() - start < seconds:
        state = info.new(info.max_players - games % (info.max_players - info.min_players + 1),
                         games + 1)
        while not state.is_over():
            player = state.to_act()[0]
            state.apply(rng.choice(state.legal_actions(player)), player)
        games += 1
    return games / (clock() - start)


def search_primitives(game_id: str, positions: int = 60, repeat: int = 20) -> dict[str, float]:
    """Microseconds of CPU per ``clone()``, per ``view(seat)`` and per ``state_from_view``
    (one determinization, its view not counted), on positions spread over seeded random
    games: what a search repeats thousands of times per decision."""
    import random

    info = GAMES[game_id]
    rng = random.Random(2)
    states = []
    g = 0
    while len(states) < positions:
        state = info.new(info.min_players + g % (info.max_players - info.min_players + 1), g + 7)
        while not state.is_over() and len(states) < positions:
            if rng.random() < 0.08:
                states.append(state.clone())
            player = state.to_act()[0]
            state.apply(rng.choice(state.legal_actions(player)), player)
        g += 1
    cls = type(states[0])
    views = [s.view(s.to_act()[0]) for s in states]
    work = {"clone": lambda i: states[i].clone(),
            "view": lambda i: states[i].view(states[i].to_act()[0]),
            "determinize": lambda i: cls.state_from_view(views[i], rng)}
    out = {}
    for name, fn in work.items():
        start = time.process_time()
        for _ in range(repeat):
            for i in range(len(states)):
                fn(i)
        out[name] = (time.process_time() - start) / (repeat * len(states)) * 1e6
    return out


def _engine_figures(game_id: str) -> list[Figure]:
    """Random complete games per second (wall and CPU), the search primitives' costs, and
    the normal bot's decision times."""
    import importlib

    bench_normal_decisions = importlib.import_module(GAMES[game_id].bots).bench_normal_decisions
    rate = random_games_per_second(game_id)
    cpu_rate = random_games_per_second(game_id, clock=time.process_time)
    costs = search_primitives(game_id)
    times = [t * 1000 for t in bench_normal_decisions(200)]
    return [
        *_weights_figures(game_id),
        Figure(f"{game_id}.random_games_per_s", rate, "games/s"),
        Figure(f"{game_id}.random_games_per_cpu_s", cpu_rate, "games/s"),
        *(Figure(f"{game_id}.{name}_us", value, "us") for name, value in costs.items()),
        Figure(f"{game_id}.bot_normal_p50", percentile(times, 50), "ms"),
        Figure(f"{game_id}.bot_normal_p99", percentile(times, 99), "ms"),
    ]


def _weights_figures(game_id: str) -> list[Figure]:
    """How long the game's learned evaluation takes to load (the weights file read and the
    model built), for a game that has trained weights."""
    import importlib

    package = GAMES[game_id].bots.rsplit(".", 1)[0]
    try:
        features = importlib.import_module(package + ".features")
    except ModuleNotFoundError:
        return []
    if not features.WEIGHTS_FILE.exists():
        return []
    from game.bots.learned import ValueModel

    t0 = time.perf_counter()
    ValueModel.load(features.WEIGHTS_FILE)
    return [Figure(f"{game_id}.weights_load", (time.perf_counter() - t0) * 1000, "ms")]


for _game_id in GAMES:
    benchmark(f"{_game_id}_engine")(lambda options, g=_game_id: _engine_figures(g))


# --- a hard bot at the table ----------------------------------------------------------------------
HARD_WALL_LIMIT = 180.0  # seconds: a hard-table benchmark stops here whatever it has measured


def _hard_table_figures(game_id: str, frames: int) -> list[Figure]:
    """A table at 1920x1080 where seat 1 is a hard bot searching in the app's search process
    (1 s per decision, the default), the others normal bots; frames paced at 60 FPS as the
    app paces them.  ``frame_p99_bot_thinking``: update+draw of the frames while the hard bot
    searches (target 16 ms); ``bot_hard_*``: wall time of its decisions as the table waits
    for them (search, start of the job and the answer included; target 1.1 s).  The first
    decision is left out: it waits for the worker to start."""
    from game.bots.remote import RemoteBot
    from game.scenes.table.table import Table
    from game.seats import make_seat

    services = _services()
    services.settings.animation_speed = 4.0
    services.settings.bot_seconds = 1.0
    screen = pygame.display.get_surface()
    stack = services.stack
    game = GAMES[game_id]
    decisions: list[float] = []
    thinking: list[float] = []
    thinking_cpu: list[float] = []
    start = time.perf_counter()
    seed = 3
    try:
        while len(thinking) < frames and time.perf_counter() - start < HARD_WALL_LIMIT:
            seats = [make_seat(game_id, i, "bot", "hard" if i == 0 else "normal")
                     for i in range(game.bench_players)]
            scene = Table(services, game_id, seats, seed)
            seed += 1
            bot = scene.bots[0]
            assert isinstance(bot, RemoteBot)
            real = bot.choose
            searched: list[float] = []

            def timed(view, legal, real=real, searched=searched):
                t0 = time.perf_counter()
                action = real(view, legal)
                if len(legal) > 1:
                    searched.append(time.perf_counter() - t0)
                return action

            bot.choose = timed  # type: ignore[method-assign]
            stack.reset(scene)
            stack.apply_pending()
            while (len(thinking) < frames and not scene.session.is_over()
                   and time.perf_counter() - start < HARD_WALL_LIMIT):
                t0, c0 = time.perf_counter(), time.thread_time()
                stack.update(1 / 60)
                stack.draw(screen)
                t1, c1 = time.perf_counter(), time.thread_time()
                stack.apply_pending()
                warm = len(searched) + len(decisions) > 0
                if warm and scene.bot_driver.seat == 0 and scene.runner.busy:
                    thinking.append((t1 - t0) * 1000)
                    thinking_cpu.append((c1 - c0) * 1000)
                time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - t0)))
            decisions += searched[1:] if not decisions else searched
    finally:
        stack.reset()
        stack.apply_pending()
        services.close()
    if not thinking or not decisions:
        raise SystemExit(f"{game_id}_hard: nothing measured in {HARD_WALL_LIMIT:g} s")
    ms = [d * 1000 for d in decisions]
    return [
        Figure(f"{game_id}.frame_p99_bot_thinking", percentile(thinking, 99), "ms"),
        Figure(f"{game_id}.frame_cpu_p99_bot_thinking", percentile(thinking_cpu, 99), "ms"),
        Figure(f"{game_id}.bot_hard_p50", percentile(ms, 50) / 1000, "s"),
        Figure(f"{game_id}.bot_hard_p99", percentile(ms, 99) / 1000, "s"),
        Figure(f"{game_id}.bot_hard_decisions", len(ms), "decisions"),
    ]


for _game_id in GAMES:
    benchmark(f"{_game_id}_hard")(
        lambda options, g=_game_id: _hard_table_figures(g, options.frames))


# --- kiosk memory --------------------------------------------------------------------------------
KIOSK_HOURS = 3.0  # simulated hours of attract loop (--hours)
KIOSK_FRAME = 0.1  # seconds of kiosk clock per frame: the loop runs fast, every frame drawn
KIOSK_SPEED = 8.0  # the animation speed of the demo games
WARM_UP_HOURS = 1.0  # growth is measured after this: every screen seen, the caches filled
PEAK_EVERY = 5.0  # seconds of kiosk clock between readings of the processes' memory


def rss_mib(field: str = "VmRSS", pid: int | str = "self") -> float:
    """A process's resident memory (``VmHWM``: its peak so far), from /proc/PID/status."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    raise OSError(f"no {field} in /proc/{pid}/status")


def descendants(pid: int) -> list[int]:
    """The processes ``pid`` started, and theirs (Linux: /proc/PID/task/*/children)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            children = [int(c) for c in (task / "children").read_text().split()]
        except OSError:  # the thread ended meanwhile
            continue
        for child in children:
            found += [child, *descendants(child)]
    return found


def children_rss_mib() -> float:
    """Resident memory of every process this one started (the search process that hard bots
    think in)."""
    total = 0.0
    for pid in descendants(os.getpid()):
        with contextlib.suppress(OSError):  # it ended meanwhile
            total += rss_mib(pid=pid)
    return total


def tree_rss_mib() -> float:
    """Resident memory of this process and every process it started: what the kiosk holds on
    the machine."""
    return rss_mib() + children_rss_mib()


def slope_per_hour(samples: list[tuple[float, float]]) -> float:
    """Least-squares slope of (seconds, MiB) samples, in MiB per hour."""
    n = len(samples)
    mt = sum(t for t, _ in samples) / n
    mv = sum(v for _, v in samples) / n
    var = sum((t - mt) ** 2 for t, _ in samples)
    cov = sum((t - mt) * (v - mv) for t, v in samples)
    return cov / var * 3600 if var else 0.0


def _count_searches() -> dict[str, int]:
    """Count the hard bots' searches answered by the search process, and those that failed
    (the table then played the normal bot's move)."""
    from game.bots import remote

    counts = {"answered": 0, "failed": 0}
    run = remote.SearchProcess.run

    def counted(self, fn, *args, timeout):
        try:
            value = run(self, fn, *args, timeout=timeout)
        except remote.SearchFailed:
            counts["failed"] += 1
            raise
        counts["answered"] += 1
        return value

    remote.SearchProcess.run = counted  # type: ignore[method-assign]
    return counts


def kiosk_loop(hours: float, frame: float = KIOSK_FRAME, speed: float = KIOSK_SPEED,
               bots: str | None = None, warm_up: float = WARM_UP_HOURS) -> dict:
    """Run ``--kiosk`` headless for ``hours`` of its clock, ``frame`` seconds a frame, demo
    games at animation ``speed`` (and ``bots`` level, else the demo's own mix: hard bots
    search in the app's search process, at the default thinking time, in real time); returns
    ``growth`` (MiB/h), ``peak`` (MiB), ``app_peak`` (MiB), ``search_peak`` (MiB: the
    search process's highest reading), ``games``, ``searches``,
    ``failed_searches`` and ``samples``.  Memory is that of this process and the processes it
    started (the search process): read at the first frame, every ``PEAK_EVERY`` seconds of
    kiosk clock (``peak`` is the highest reading) and each time the loop comes back to its
    title (``samples``: the same scenes on screen each time); ``growth`` is the slope of the
    samples after ``warm_up`` hours.  ``app_peak`` is this process's own peak (VmHWM)."""
    from game.app import App
    from game.config import Config

    if bots is not None:
        import game.scenes.demo

        game.scenes.demo.DEMO_LEVELS = (bots,)
    searches = _count_searches()
    os.environ["LANDGRAB_HOME"] = tempfile.mkdtemp(prefix="landgrab-bench-")
    app = App(Config(kiosk=True, seed=1))  # with its music, as a kiosk plays it
    app.settings.animation_speed = speed
    attract, clock = app.services.attract, app.services.clock
    app.step(frame)
    samples: list[tuple[float, float]] = [(clock.now, tree_rss_mib())]
    peak, next_reading, search_peak = samples[0][1], PEAK_EVERY, 0.0
    cycles, started, reported = attract.cycles, time.perf_counter(), 0
    while clock.now < hours * 3600:
        app.step(frame)
        if clock.now >= next_reading:
            next_reading += PEAK_EVERY
            search = children_rss_mib()
            peak, search_peak = max(peak, rss_mib() + search), max(search_peak, search)
        if attract.cycles != cycles:
            cycles = attract.cycles
            app.step(frame)  # the title's first frame
            samples.append((clock.now, tree_rss_mib()))
            peak = max(peak, samples[-1][1])
            if int(clock.now // 3600) > reported:
                reported = int(clock.now // 3600)
                print(f"kiosk: {reported} h of kiosk clock, {attract.games} demo games, "
                      f"{searches['answered']} hard searches, RSS {samples[-1][1]:.0f} MiB, "
                      f"{time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    if app.kiosk.recoveries:
        raise RuntimeError(f"the attract loop failed {app.kiosk.recoveries} times (see the log)")
    app.close()
    after = [(t, v) for t, v in samples if t >= warm_up * 3600]
    # A short run may see fewer than two titles after its warm-up (how many depends on how
    # fast the hard bots answer): its other figures stand, its growth is not known.
    growth = slope_per_hour(after) if len(after) >= 2 else None
    return {"growth": growth, "peak": peak, "app_peak": rss_mib("VmHWM"),
            "search_peak": search_peak,
            "games": attract.games, "searches": searches["answered"],
            "failed_searches": searches["failed"], "samples": samples}


def _kiosk_child(conn, args: tuple) -> None:
    try:
        conn.send((True, kiosk_loop(*args)))
    except BaseException as exc:  # noqa: BLE001 - handed to the parent, which raises it
        conn.send((False, f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


def kiosk_in_own_process(*args) -> dict:
    """``kiosk_loop(*args)`` in a fresh process, so other benchmarks' memory does not count.
    A plain (not daemonic) process: the demo tables' hard bots start their search process
    from it, as they do in the app."""
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    ours, theirs = ctx.Pipe(duplex=False)
    child = ctx.Process(target=_kiosk_child, args=(theirs, args), name="landgrab-kiosk")
    child.start()
    theirs.close()
    try:
        ok, value = ours.recv()
    except EOFError:
        ok, value = False, f"the kiosk process ended with code {child.exitcode}"
    child.join()
    if not ok:
        raise RuntimeError(f"kiosk benchmark: {value}")
    return value


@benchmark("kiosk")
def kiosk(options: argparse.Namespace) -> list[Figure]:
    """The kiosk's attract loop (title, demo game with hard, normal and easy bots, how-to
    card, ...) for ``--hours`` of its clock at ``KIOSK_FRAME`` seconds a frame: resident
    memory of the app and its search process, its peak and how fast it grows after the
    first hour (``rss_peak_app_mib``: the app's process alone).  Runs in a fresh process."""
    result = kiosk_in_own_process(options.hours, KIOSK_FRAME, KIOSK_SPEED, None,
                                  options.warm_up)
    if result["games"] and not result["searches"]:
        raise RuntimeError("kiosk benchmark: no hard bot searched in the demo games")
    growth = [] if result["growth"] is None else \
        [Figure("kiosk.rss_growth_mib_per_hour", result["growth"], "MiB/h")]
    if not growth:
        print("kiosk: too few rounds of the loop after the warm-up to tell the growth: give "
              "more --hours", file=sys.stderr)
    return growth + [
        Figure("kiosk.rss_peak_mib", result["peak"], "MiB"),
        Figure("kiosk.rss_peak_app_mib", result["app_peak"], "MiB"),
        Figure("kiosk.rss_peak_search_mib", result["search_peak"], "MiB"),
        Figure("kiosk.demo_games", result["games"], "games"),
        Figure("kiosk.hard_searches", result["searches"], "searches"),
        Figure("kiosk.failed_searches", result["failed_searches"], "searches"),
    ]


@benchmark("server")
def server(options: argparse.Namespace) -> list[Figure]:
    """A ``landgrab-server`` on loopback: ``--tables`` live tables of four bot-driven
    seats (``server.moves_per_s``, ``server.move_latency_p99``: client send until every
    seat is told, ``server.rss_per_table_kib``, ``server.cpu_per_move``, and the machine's
    ``server.load_1min`` at the end, and with a database ``server.db_cpu_per_move``), then a store of ``--idle-tables`` idle
    tables (``server.startup_idle``: start until it listens; ``server.first_use``: sitting
    down at one, its replay; ``--idle-tables 0`` leaves it out).  ``--db postgresql://...``
    stores the live tables in PostgreSQL, ``--instances N`` servers sharing it, each
    table's seats spread across them.  See ``tools/bench_server.py``."""
    from bench_server import idle_tables, live_tables

    live = live_tables(options.tables, options.seconds, options.move_interval, options.db,
                       options.instances, options.db_connections)
    figures = [Figure("server.instances", options.instances, "servers"),
               Figure("server.tables", live["tables"], "tables"),
               Figure("server.moves_per_s", live["moves_per_s"], "moves/s"),
               Figure("server.move_latency_p50", live["p50"] * 1000, "ms"),
               Figure("server.move_latency_p99", live["p99"] * 1000, "ms"),
               Figure("server.rss_per_table_kib", live["rss_per_table"], "KiB"),
               Figure("server.cpu_per_move", live["cpu_per_move"] * 1000, "ms"),
               Figure("server.load_1min", live["load"], "")]
    if options.db:
        figures += [Figure("server.db_connections", options.db_connections, "a server"),
                    Figure("server.db_cpu_per_move", live["db_cpu_per_move"] * 1000, "ms")]
    if options.idle_tables <= 0:
        return figures
    idle = idle_tables(options.idle_tables)
    return figures + [Figure("server.idle_tables", options.idle_tables, "tables"),
                      Figure("server.startup_idle", idle["startup"], "s"),
                      Figure("server.first_use", idle["first_use"] * 1000, "ms")]


if __name__ == "__main__":
    sys.exit(main())
