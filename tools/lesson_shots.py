"""Play a game's lesson with the learner's demo moves and save one picture per step.

    python tools/lesson_shots.py oregon --out /tmp/shots [--lang it] [--ui-scale 1.5]
                                 [--lesson game.games.oregon.table.lesson:LESSON]

Each step is saved as ``DIR/<game>-<lang>-<scale>-step-NN.png`` once it is up and the table
has caught up (the coach's bubble showing), then the step is passed: Continue on a reading
step, the step's first expected move otherwise (``Lesson.demo_action``).  The last picture
(``...-free.png``) is the free part's first turn.  It runs in a real window when there is a
display (``DISPLAY``), else with the dummy video driver; it never touches the player's
settings, saves or the lesson's progress (a temporary data folder is used).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from game.scenes.table import screen as table_screen

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

FRAME = 1 / 60


def main(argv: list[str] | None = None) -> int:
    from game.registry import GAMES  # plain data: no pygame yet

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=list(GAMES))
    parser.add_argument("--out", type=Path, required=True, help="folder for the pictures")
    parser.add_argument("--lang", default="en", help="language code (en, it, es, fr)")
    parser.add_argument("--ui-scale", type=float, default=1.0, help="Text size, 1.0 to 1.5")
    parser.add_argument("--lesson", help="module:NAME of a lesson (default: the registry's)")
    args = parser.parse_args(argv)
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["LANDGRAB_HOME"] = tempfile.mkdtemp(prefix="lesson-shots-")

    import pygame

    from game import i18n
    from game.config import Config
    from game.scenes.services import Services
    from game.scenes.tutorial.coach import open_lesson_table
    from game.scenes.tutorial.guide import LEARNER
    from game.scenes.tutorial.lesson import load_lesson
    from game.ui import theme

    path = args.lesson or GAMES[args.game].lesson
    if not path:
        parser.error(f"{GAMES[args.game].name} has no lesson yet (give one with --lesson)")
    lesson = load_lesson(path)
    if args.lang not in i18n.LANGUAGES:
        parser.error(f"--lang: one of {', '.join(i18n.LANGUAGES)}")
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1920, 1080))
    services = Services.standalone(Config(mute=True))
    services.settings.ui_scale = args.ui_scale
    services.settings.language = args.lang
    i18n.set_language(args.lang)
    theme.set_ui_scale(args.ui_scale)
    services.settings.animation_speed = 4.0
    args.out.mkdir(parents=True, exist_ok=True)
    stem = f"{args.game}-{args.lang}-{args.ui_scale:g}"
    try:
        table = open_lesson_table(services, lesson)
        services.stack.reset(table)
        services.stack.apply_pending()
        coach = table.coach

        def frame() -> None:
            pygame.event.pump()
            services.stack.update(FRAME)
            services.stack.apply_pending()
            services.stack.draw(screen)
            pygame.display.flip()

        def settle() -> None:
            for _ in range(20000):
                frame()
                ready = coach.reading or table.human_can_act or table.session.is_over()
                if ready and not table.timeline.busy and services.stack.top is table:
                    break
            for _ in range(10):  # the last sprites land, the bubble is drawn
                frame()

        def save(name: str) -> None:
            out = args.out / f"{stem}-{name}.png"
            pygame.image.save(screen, str(out))
            print(out)

        while coach.guided:
            settle()
            index = coach.guide.index
            if coach.guide.done == 0:
                save(f"step-{index + 1:02d}")
            if coach.reading:
                coach.proceed()
                continue
            action = lesson.demo_action(index, table.session.legal_actions(LEARNER))
            if not table.controls.try_action(action):
                print(f"step {index + 1}: {action} was refused: {table_screen.shown_message(table)}",
                      file=sys.stderr)
                return 1
        settle()
        save("free")
        table.on_exit()
    finally:
        services.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
