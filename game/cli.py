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
import sys  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402

from game import __version__, i18n  # noqa: E402
from game.config import Config  # noqa: E402
from game.engine.save_files import SEED_LIMIT  # noqa: E402
from game.i18n import N_, _  # noqa: E402
from game.registry import GAMES  # noqa: E402
from game.seats import BOT_LEVELS, parse_players  # noqa: E402
from game.settings import saved_language  # noqa: E402

Check = Callable[[argparse.Namespace, Config, argparse.ArgumentParser], None]


# --- argument types ----------------------------------------------------------------------
def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("not a whole number: {text}").format(text=repr(text[:40]))) from None
    if value < 0:
        raise argparse.ArgumentTypeError(_("must be 0 or more, not {value}").format(value=value))
    if value >= SEED_LIMIT:  # a save keeps only seeds below this; the game must reload
        raise argparse.ArgumentTypeError(_("must be at most {limit}").format(limit=SEED_LIMIT - 1))
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("not a number of seconds: {text}").format(text=repr(text))) from None
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(_("must be 0 or more seconds, not {text}").format(text=text))
    return value


# --- sections ---------------------------------------------------------------------------------
def _add_game_options(parser: argparse.ArgumentParser) -> None:
    g = parser.add_argument_group(_("game"))
    g.add_argument("--game", choices=sorted(GAMES), help=_("open this game's seat setup"))
    g.add_argument(
        "--players",
        metavar="SPEC",
        help=_("with --game: start at once with these seats, e.g. human,bot:normal,bot:easy "
               "(bot levels: {levels})").format(levels=", ".join(BOT_LEVELS)),
    )
    g.add_argument("--seed", type=_seed, metavar="N", help=_("seed for the deal"))
    for info in GAMES.values():  # each game's setup choices, e.g. --lakes for Colorado County
        for option in info.options:
            words = "; ".join(f"{v}: {_(w)}" for v, w in option.choices)
            g.add_argument(f"--{option.name}", choices=option.values,
                           help=_("{game}: {option} ({choices})").format(
                               game=info.name, option=_(option.label), choices=words))


def _check_game_options(
    args: argparse.Namespace, config: Config, parser: argparse.ArgumentParser
) -> None:
    config.game = args.game
    config.seed = args.seed
    from game.scenes.table import table_available  # pygame: only once the arguments are good

    if args.game is not None and not table_available(args.game):
        parser.error(_("--game: the {game} table is not in this version yet").format(
            game=GAMES[args.game].name))
    for info in GAMES.values():
        for option in info.options:
            value = getattr(args, option.name)
            if value is None:
                continue
            if args.game != info.id:
                parser.error(_("--{option} is an option of {game} (use it with --game {id})")
                             .format(option=option.name, game=info.name, id=info.id))
            config.options[option.name] = value
    if args.players is not None:
        if args.game is None:
            parser.error(_("--players needs --game (which game are the seats for?)"))
        try:
            config.seats = parse_players(args.players, GAMES[args.game])
        except ValueError as exc:
            parser.error(_("--players: {reason}").format(reason=exc))


def _add_display_options(parser: argparse.ArgumentParser) -> None:
    g = parser.add_argument_group(_("display and sound"))
    mode = g.add_mutually_exclusive_group()
    mode.add_argument(
        "--fullscreen",
        dest="fullscreen",
        action="store_true",
        default=None,
        help=_("start fullscreen (F11 switches)"),
    )
    mode.add_argument(
        "--windowed", dest="fullscreen", action="store_false", help=_("start in a window")
    )
    g.add_argument("--mute", action="store_true", help=_("no sound this time"))
    g.add_argument("--lang", choices=list(i18n.LANGUAGES), metavar="{" + ",".join(i18n.LANGUAGES) + "}",
                   help=_("the language, this time ({names}); Settings keeps a choice").format(
                       names=", ".join(f"{c}: {n}" for c, n in i18n.LANGUAGES.items())))


def _check_display_options(
    args: argparse.Namespace, config: Config, parser: argparse.ArgumentParser
) -> None:
    config.fullscreen = args.fullscreen
    config.mute = args.mute
    config.language = args.lang


def _add_automation_options(parser: argparse.ArgumentParser) -> None:
    g = parser.add_argument_group(_("automation"))
    g.add_argument("--quit-after", type=_seconds, metavar="SECONDS", help=_("quit after this long"))
    g.add_argument(
        "--screenshot", type=Path, metavar="PATH", help=_("save the last frame as a PNG when quitting")
    )


def _check_automation_options(
    args: argparse.Namespace, config: Config, parser: argparse.ArgumentParser
) -> None:
    config.quit_after = args.quit_after
    if args.screenshot is not None and args.screenshot.suffix.lower() != ".png":
        parser.error(_("--screenshot: {path} must end in .png").format(path=repr(str(args.screenshot))))
    config.screenshot = args.screenshot


def _add_mode_options(parser: argparse.ArgumentParser) -> None:
    g = parser.add_argument_group(_("modes"))
    mode = g.add_mutually_exclusive_group()
    mode.add_argument("--load", type=Path, metavar="FILE", help=_("open a saved game"))
    mode.add_argument("--demo", action="store_true",
                      help=_("bots play the three games in turn; any key opens the title"))
    mode.add_argument("--tutorial", choices=sorted(GAMES),
                      help=_("open this game's lesson (Learn to play)"))
    mode.add_argument("--kiosk", action="store_true",
                      help=_("unattended fullscreen attract loop; Ctrl+Alt+Shift+Q quits"))
    g.add_argument("--idle-timeout", type=_seconds, metavar="SECONDS",
                   help=_("with --kiosk: seconds without input before the attract loop resumes "
                          "(default 90)"))


def _check_mode_options(
    args: argparse.Namespace, config: Config, parser: argparse.ArgumentParser
) -> None:
    if (args.load or args.demo or args.kiosk or args.tutorial) and args.game is not None:
        which = ("--load" if args.load else "--demo" if args.demo else "--kiosk" if args.kiosk
                 else "--tutorial")
        parser.error(_("{option} cannot be combined with --game").format(option=which))
    if args.tutorial is not None:
        if not GAMES[args.tutorial].lesson:
            parser.error(_("--tutorial: the {game} lesson is not in this version yet").format(
                game=GAMES[args.tutorial].name))
        config.extra["tutorial"] = args.tutorial
    if args.idle_timeout is not None:
        if not args.kiosk:
            parser.error(_("--idle-timeout is a kiosk option (use it with --kiosk)"))
        if args.idle_timeout < 5:
            parser.error(_("--idle-timeout: at least 5 seconds, not {seconds}").format(
                seconds=f"{args.idle_timeout:g}"))
        config.idle_timeout = args.idle_timeout
    if args.load is not None:
        if not args.load.is_file():
            parser.error(_("--load: no such file: {path}").format(path=repr(str(args.load))))
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
# argparse's own words ("usage:", "options", its error sentences), so that they are in the
# catalogs too: argparse looks each up through its module's ``_`` and ``ngettext``, which
# ``build_parser`` points at ours.  (Python 3.11's wording; a later Python's changed sentence
# falls back to English.)
ARGPARSE_WORDS = (
    N_("usage: "), N_("options"), N_("positional arguments"),
    N_("show this help message and exit"), N_("%(prog)s: error: %(message)s\n"),
    N_("unrecognized arguments: %s"), N_("the following arguments are required: %s"),
    N_("not allowed with argument %s"), N_("ignored explicit argument %r"),
    N_("expected one argument"), N_("expected at most one argument"),
    N_("expected at least one argument"), N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"), N_("argument %(argument_name)s: %(message)s"),
    N_("one of the arguments %s is required"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
)


def choose_language(argv: list[str]) -> str:
    """The language ``--help`` and the errors speak before the arguments are parsed: a valid
    ``--lang`` among them, else the one kept in the settings, else the system's."""
    for i, arg in enumerate(argv):
        value = arg.split("=", 1)[1] if arg.startswith("--lang=") else (
            argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else None)
        if value in i18n.LANGUAGES:
            return value
    return saved_language(Config().settings_path) or i18n.system_language()


def build_parser() -> argparse.ArgumentParser:
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = i18n.ngettext  # type: ignore[attr-defined]
    parser = argparse.ArgumentParser(
        prog="landgrab",
        description=_("Oregon, Colorado County and Oasis at one screen, with bots for empty seats."),
    )
    parser.add_argument("--version", action="version", version=f"Landgrab {__version__}",
                        help=_("show the version and exit"))
    for add, _check in SECTIONS:
        add(parser)
    return parser


def parse_config(argv: list[str] | None = None) -> Config:
    """Arguments -> Config; bad values exit with status 2 (usage and a one-line reason)."""
    argv = sys.argv[1:] if argv is None else argv
    i18n.set_language(choose_language(argv))
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
