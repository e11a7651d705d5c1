"""The command line: parse arguments into a ``Config`` and run the app.

    python main.py                                   the title screen
    python main.py --game oregon                     that game's seat setup
    python main.py --game oregon --players human,bot:normal,bot:easy --seed 7

Options are grouped in sections; each section is a pair of functions, one adding its flags
to the parser and one checking them and copying them into the ``Config``.  A later feature
(``--demo``, ``--kiosk``, ``--load FILE``...) adds one section to ``SECTIONS`` (or a flag to an
existing one) and a field to ``Config``.  Checks report through ``parser.error``: usage, a
one-line reason, exit status 2.
"""

from __future__ import annotations

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before anything imports pygame

import argparse  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402

from game import __version__  # noqa: E402
from game.config import Config  # noqa: E402
from game.engine.core import SEED_LIMIT  # noqa: E402
from game.engine.words import a_or_an  # noqa: E402
from game.registry import GAMES  # noqa: E402
from game.seats import BOT_LEVELS, parse_players  # noqa: E402

Check = Callable[[argparse.Namespace, Config, argparse.ArgumentParser], None]


# --- argument types ----------------------------------------------------------------------
def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text[:40]!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    if value >= SEED_LIMIT:  # a save keeps only seeds below this; the game must reload
        raise argparse.ArgumentTypeError(f"must be at most {SEED_LIMIT - 1}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be 0 or more seconds, not {text}")
    return value


# --- sections ---------------------------------------------------------------------------------
def _add_game_options(parser: argparse.ArgumentParser) -> None:
    g = parser.add_argument_group("game")
    g.add_argument("--game", choices=sorted(GAMES), help="open this game's seat setup")
    g.add_argument(
        "--players",
        metavar="SPEC",
        help=(
            "with --game: start at once with these seats, e.g. human,bot:normal,bot:easy "
            f"(bot levels: {', '.join(BOT_LEVELS)})"
        ),
    )
    g.add_argument("--seed", type=_seed, metavar="N", help="seed for the deal")
    for info in GAMES.values():  # each game's setup choices, e.g. --lakes for Colorado County
        for option in info.options:
            words = "; ".join(f"{v}: {w}" for v, w in option.choices)
            g.add_argument(f"--{option.name}", choices=option.values,
                           help=f"{info.name}: {option.label.lower()} ({words})")


def _check_game_options(
    args: argparse.Namespace, config: Config, parser: argparse.ArgumentParser
) -> None:
    config.game = args.game
    config.seed = args.seed
    from game.scenes.table import table_available  # pygame: only once the arguments are good

    if args.game is not None and not table_available(args.game):
        parser.error(f"--game: the {GAMES[args.game].name} table is not in this version yet")
    for info in GAMES.values():
        for option in info.options:
            value = getattr(args, option.name)
            if value is None:
                continue
            if args.game != info.id:
                parser.error(f"--{option.name} is {a_or_an(info.name)} option "
                             f"(use it with --game {info.id})")
            config.options[option.name] = value
    if args.players is not None:
        if args.game is None:
            parser.error("--players needs --game (which game are the seats for?)")
        try:
            config.seats = parse_players(args.players, GAMES[args.game])
        except ValueError as exc:
            parser.error(f"--players: {exc}")


def _add_display_options(parser: argparse.ArgumentParser) -> None:
    g = parser.add_argument_group("display and sound")
    mode = g.add_mutually_exclusive_group()
    mode.add_argument(
        "--fullscreen",
        dest="fullscreen",
        action="store_true",
        default=None,
        help="start fullscreen (F11 switches)",
    )
    mode.add_argument(
        "--windowed", dest="fullscreen", action="store_false", help="start in a window"
    )
    g.add_argument("--mute", action="store_true", help="no sound this time")


def _check_display_options(
    args: argparse.Namespace, config: Config, parser: argparse.ArgumentParser
) -> None:
    config.fullscreen = args.fullscreen
    config.mute = args.mute


def _add_automation_options(parser: argparse.ArgumentParser) -> None:
    g = parser.add_argument_group("automation")
    g.add_argument("--quit-after", type=_seconds, metavar="SECONDS", help="quit after this long")
    g.add_argument(
        "--screenshot", type=Path, metavar="PATH", help="save the last frame as a PNG when quitting"
    )


def _check_automation_options(
    args: argparse.Namespace, config: Config, parser: argparse.ArgumentParser
) -> None:
    config.quit_after = args.quit_after
    if args.screenshot is not None and args.screenshot.suffix.lower() != ".png":
        parser.error(f"--screenshot: {str(args.screenshot)!r} must end in .png")
    config.screenshot = args.screenshot


def _add_mode_options(parser: argparse.ArgumentParser) -> None:
    g = parser.add_argument_group("modes")
    mode = g.add_mutually_exclusive_group()
    mode.add_argument("--load", type=Path, metavar="FILE", help="open a saved game")
    mode.add_argument("--demo", action="store_true",
                      help="bots play the three games in turn; any key opens the title")
    mode.add_argument("--kiosk", action="store_true",
                      help="unattended fullscreen attract loop; Ctrl+Alt+Shift+Q quits")
    g.add_argument("--idle-timeout", type=_seconds, metavar="SECONDS",
                   help="with --kiosk: seconds without input before the attract loop resumes "
                        "(default 90)")


def _check_mode_options(
    args: argparse.Namespace, config: Config, parser: argparse.ArgumentParser
) -> None:
    if (args.load or args.demo or args.kiosk) and args.game is not None:
        which = "--load" if args.load else "--demo" if args.demo else "--kiosk"
        parser.error(f"{which} cannot be combined with --game")
    if args.idle_timeout is not None:
        if not args.kiosk:
            parser.error("--idle-timeout is a kiosk option (use it with --kiosk)")
        if args.idle_timeout < 5:
            parser.error(f"--idle-timeout: at least 5 seconds, not {args.idle_timeout:g}")
        config.idle_timeout = args.idle_timeout
    if args.load is not None:
        if not args.load.is_file():
            parser.error(f"--load: no such file: {str(args.load)!r}")
        config.load = args.load
    config.demo = args.demo
    config.kiosk = args.kiosk
    if args.kiosk and config.fullscreen is None:
        config.fullscreen = True  # a kiosk fills its screen unless --windowed says otherwise


SECTIONS: list[tuple[Callable[[argparse.ArgumentParser], None], Check]] = [
    (_add_game_options, _check_game_options),
    (_add_display_options, _check_display_options),
    (_add_automation_options, _check_automation_options),
    (_add_mode_options, _check_mode_options),
]


# --- entry points -------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="landgrab",
        description="Oregon, Colorado County and Oasis at one screen, with bots for empty seats.",
    )
    parser.add_argument("--version", action="version", version=f"Landgrab {__version__}")
    for add, _check in SECTIONS:
        add(parser)
    return parser


def parse_config(argv: list[str] | None = None) -> Config:
    """Arguments -> Config; bad values exit with status 2 (usage and a one-line reason)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    config = Config()
    for _add, check in SECTIONS:
        check(args, config, parser)
    return config


def main(argv: list[str] | None = None) -> int:
    config = parse_config(argv)
    from game.app import run  # pygame is imported only once the arguments are good

    return run(config)
