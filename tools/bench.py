"""Benchmarks: frame time of scenes at 1920x1080 (headless) and start-up time.

    python tools/bench.py                     every benchmark
    python tools/bench.py --scene title       one scene (repeat --scene for more)
    python tools/bench.py startup --frames 600
    python tools/bench.py kiosk --hours 3      memory of the kiosk's attract loop
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
                        help=f"kiosk: simulated hours of attract loop, more than 1 "
                             f"(default {KIOSK_HOURS:g})")
    options = parser.parse_args(argv)
    if not 1.0 <= options.ui_scale <= 1.5:
        parser.error(f"--ui-scale: 1.0 to 1.5, not {options.ui_scale:g}")
    if not 1.0 < options.hours <= 1000:
        parser.error(f"--hours: more than 1 (the first hour is the warm-up), not {options.hours:g}")
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
    from game.seats import make_seat

    game = GAMES[game_id]
    s.settings.animation_speed = 4.0
    seats = [make_seat(game_id, i, "bot", "easy") for i in range(game.bench_players)]
    return [game.table_class()(s, game_id, seats, 3)]


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
        Figure(f"{game_id}.random_games_per_s", rate, "games/s"),
        Figure(f"{game_id}.random_games_per_cpu_s", cpu_rate, "games/s"),
        *(Figure(f"{game_id}.{name}_us", value, "us") for name, value in costs.items()),
        Figure(f"{game_id}.bot_normal_p50", percentile(times, 50), "ms"),
        Figure(f"{game_id}.bot_normal_p99", percentile(times, 99), "ms"),
    ]


for _game_id in GAMES:
    benchmark(f"{_game_id}_engine")(lambda options, g=_game_id: _engine_figures(g))


# --- kiosk memory --------------------------------------------------------------------------------
KIOSK_HOURS = 2.0  # simulated hours of attract loop (--hours)
KIOSK_FRAME = 0.1  # seconds of kiosk clock per frame: the loop runs fast, every frame drawn
KIOSK_SPEED = 8.0  # the animation speed of the demo games
WARM_UP_HOURS = 1.0  # growth is measured after this: every screen seen, the caches filled


def rss_mib(field: str = "VmRSS") -> float:
    """This process's resident memory (``VmHWM``: its peak so far), from /proc/self/status."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    raise OSError(f"no {field} in /proc/self/status")


def slope_per_hour(samples: list[tuple[float, float]]) -> float:
    """Least-squares slope of (seconds, MiB) samples, in MiB per hour."""
    n = len(samples)
    mt = sum(t for t, _ in samples) / n
    mv = sum(v for _, v in samples) / n
    var = sum((t - mt) ** 2 for t, _ in samples)
    cov = sum((t - mt) * (v - mv) for t, v in samples)
    return cov / var * 3600 if var else 0.0


def kiosk_loop(hours: float, frame: float = KIOSK_FRAME, speed: float = KIOSK_SPEED,
               bots: str | None = None, warm_up: float = WARM_UP_HOURS
               ) -> tuple[float, float, int, list[tuple[float, float]]]:
    """Run ``--kiosk`` headless for ``hours`` of its clock, ``frame`` seconds a frame, demo
    games at animation ``speed`` (and ``bots`` level, else the demo's own); returns (growth
    MiB/h, peak MiB, demo games, samples).  RSS is sampled at the first frame and each time
    the loop comes back to its title (the same scenes on screen each time); the growth is
    the slope of the samples after ``warm_up`` hours."""
    from game.app import App
    from game.config import Config

    if bots is not None:
        import game.scenes.demo

        game.scenes.demo.DEMO_LEVELS = (bots,)
    os.environ["LANDGRAB_HOME"] = tempfile.mkdtemp(prefix="landgrab-bench-")
    app = App(Config(kiosk=True, seed=1))  # with its music, as a kiosk plays it
    app.settings.animation_speed = speed
    attract, clock = app.services.attract, app.services.clock
    app.step(frame)
    samples: list[tuple[float, float]] = [(clock.now, rss_mib())]
    cycles, started, reported = attract.cycles, time.perf_counter(), 0
    while clock.now < hours * 3600:
        app.step(frame)
        if attract.cycles != cycles:
            cycles = attract.cycles
            app.step(frame)  # the title's first frame
            samples.append((clock.now, rss_mib()))
            if int(clock.now // 3600) > reported:
                reported = int(clock.now // 3600)
                print(f"kiosk: {reported} h of kiosk clock, {attract.games} demo games, "
                      f"RSS {samples[-1][1]:.0f} MiB, {time.perf_counter() - started:.0f} s",
                      file=sys.stderr, flush=True)
    if app.kiosk.recoveries:
        raise RuntimeError(f"the attract loop failed {app.kiosk.recoveries} times (see the log)")
    app.close()
    after = [(t, v) for t, v in samples if t >= warm_up * 3600]
    if len(after) < 2:
        raise RuntimeError("too few rounds of the loop after the warm-up: give more --hours")
    return slope_per_hour(after), rss_mib("VmHWM"), attract.games, samples


@benchmark("kiosk")
def kiosk(options: argparse.Namespace) -> list[Figure]:
    """The kiosk's attract loop (title, demo game, how-to card, ...) for ``--hours`` of its
    clock at ``KIOSK_FRAME`` seconds a frame: resident memory, its peak and how fast it grows
    after the first hour.  Runs in a fresh process, so other benchmarks' memory does not
    count."""
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(1) as pool:
        growth, peak, games, _ = pool.apply(kiosk_loop, (options.hours,))
    return [
        Figure("kiosk.rss_growth_mib_per_hour", growth, "MiB/h"),
        Figure("kiosk.rss_peak_mib", peak, "MiB"),
        Figure("kiosk.demo_games", games, "games"),
    ]


if __name__ == "__main__":
    sys.exit(main())
