"""The title screen: a slow pan over a game board (or the bare table) with cards drifting by.

Buttons: Continue (when a game was left unfinished), Watch last game (when the autosave holds
a finished one), New game, Online (host, join, my online games), History (finished games and
statistics), Settings, Quit.  Esc (or closing the window) asks before quitting.
A save (or the history of finished games) that could not be read is named in a notice line
under the buttons.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable

import pygame

from game import __version__, assets, i18n, saves
from game.engine.messages import N_, M, localized, say
from game.i18n import _
from game.registry import GAMES
from game.scenes.confirm import ConfirmScene
from game.scenes.game_select import GameSelectScene
from game.scenes.history import HistoryScene
from game.scenes.menu import MenuScene
from game.scenes.replay import open_replay
from game.scenes.table import resume_game
from game.seats import in_language
from game.ui import layout, players, previews, stillness, theme
from game.ui.tween import Tween, ease_out_back, ease_out_cubic
from game.ui.widgets import Button

CARD_SIZE = (150, 210)
NOTICE_WIDTH = 1600  # px: a notice about a save wraps at this width
CARD_COUNT = 11
TITLE_Y, SUBTITLE_Y = 250, 395  # centres of the title and the line under it at 100 %
HEADING_GAP = 28  # at least this much between the title's lowest glyph and the subtitle
BUTTONS_GAP = 30  # ... and between the subtitle and the first button


def _faces(rng: random.Random) -> list[pygame.Surface]:
    """Things that drift by: the first game's title cards (``GameInfo.title_cards``) and the
    pieces, else simple cards."""
    try:
        cards = next(info.part(info.title_cards) for info in GAMES.values() if info.title_cards)
        faces = [_with_shadow(card) for card in cards(rng, CARD_SIZE)]
        faces += [assets.piece(i, 110, shadow=True) for i in rng.sample(range(5), 3)]
        return faces
    except Exception:  # noqa: BLE001 - the art is optional here (e.g. pictograms missing)
        return [_card_face(i) for i in range(5)]


def _with_shadow(card: pygame.Surface) -> pygame.Surface:
    w, h = card.get_size()
    surf = pygame.Surface((w + 24, h + 24), pygame.SRCALPHA)
    surf.blit(theme.shadow((w, h), 12, 10, 120), (2, 8))
    surf.blit(card, (12, 12))
    return surf


def _card_face(index: int) -> pygame.Surface:
    """A small player card: cream with a coloured frame and the player's shape."""
    w, h = CARD_SIZE
    surf = pygame.Surface((w + 24, h + 24), pygame.SRCALPHA)
    surf.blit(theme.shadow((w, h), 12, 10, 120), (2, 8))
    card = pygame.Rect(12, 12, w, h)
    pygame.draw.rect(surf, theme.CREAM, card, border_radius=12)
    pygame.draw.rect(surf, players.colour(index), card.inflate(-16, -16), 6, border_radius=8)
    players.draw_swatch(surf, index, card.center, 34)
    pygame.draw.rect(surf, theme.CREAM_LINE, card, 2, border_radius=12)
    return surf


@functools.cache
def version_tag(scale: float) -> pygame.Surface:
    """The version on a dark tag of its own: whatever drifts or pans beneath it (a kiosk shows
    the title all day), the number stays readable.  ``scale`` (the text size) is the key."""
    ver = theme.text(f"v{__version__}", theme.SMALL_SIZE, theme.ON_TABLE_SOFT)
    tag = pygame.Surface(ver.get_rect().inflate(28, 8).size, pygame.SRCALPHA)
    pygame.draw.rect(tag, (26, 16, 8), tag.get_rect(), border_radius=tag.get_height() // 2)
    tag.blit(ver, ver.get_rect(center=tag.get_rect().center))
    return tag


class _Drifter:
    def __init__(self, rng: random.Random, faces: list[pygame.Surface], y: float, left: bool):
        self.rng = rng
        self.reset(faces, y, left)

    def reset(self, faces: list[pygame.Surface], y: float, left: bool) -> None:
        rng = self.rng
        self.face = rng.randrange(len(faces))
        self.angle, self.zoom = rng.uniform(-28, 28), rng.uniform(0.8, 1.05)
        self.redraw(faces)
        # Down the sides only: the middle column holds the title, buttons and hints.
        self.left = left
        self.x = rng.uniform(-20, 440) if left else rng.uniform(1480, 1940)
        self.y = y
        self.speed = rng.uniform(18, 42)  # px per second, upwards
        self.sway = rng.uniform(10, 40)
        self.phase = rng.uniform(0, math.tau)

    def redraw(self, faces: list[pygame.Surface]) -> None:
        """The same card, turned the same way, from ``faces`` (drawn again in a new language)."""
        self.image = pygame.transform.rotozoom(faces[self.face], self.angle, self.zoom)


def ask_before_replacing(services, saved: saves.SavedGame,
                         then: Callable[[], None], opening: str | None = None) -> ConfirmScene:
    """The question before a game replaces the unfinished one ``saved``: a new game (New game
    here, ``--game`` on the command line) or, with ``opening`` (a file's name), a saved game
    ``--load`` opens.  The first button goes on with ``then``; Keep it leaves ``saved``."""
    summary = M(saved.summary.message, **saved.summary.args)
    if opening is not None:
        return ConfirmScene(
            services,
            N_("Open this saved game?"),
            say(N_("Opening {file} replaces your unfinished game ({summary}). To play that "
                   "one, choose Keep it, then Continue."), file=opening, summary=summary),
            N_("Open it"),
            then,
            N_("Keep it"),
        )
    return ConfirmScene(
        services,
        N_("Start a new game?"),
        say(N_("A new game replaces your unfinished one ({summary}). To play that one, "
               "choose Continue instead."), summary=summary),
        N_("New game"),
        then,
        N_("Keep it"),
    )


class TitleScene(MenuScene):
    updates_when_covered = True  # keep drifting behind the settings overlay
    music = "title"  # also under the game choice and seat setup pushed over it

    def __init__(self, services, notice: str | None = None):
        """``notice``: a line under the buttons (a ``Sentence`` follows the language)."""

        self.services = services
        # A kiosk keeps no saves: a visitor never finds a stranger's game to continue.
        self.saved, save_notice = (None, None) if services.config.kiosk else \
            saves.read_autosave(services.config)
        problems = [say(N_("A saved game could not be read: {reason}"),
                        reason=M(save_notice.message, **save_notice.args))] if save_notice else []
        if not services.config.kiosk:  # the history's problem is told once, then it is gone
            history_notice = services.history_problem()
            problems += [history_notice] if history_notice else []
        self.notice = notice or (problems[0] if len(problems) == 1 else say(
            N_("{first}; {second}"), first=M(problems[0].message, **problems[0].args),
            second=M(problems[1].message, **problems[1].args)) if problems else None)
        self._notice_key: tuple | None = None
        self._notice_cache: list[str] = []
        self._continue_key: int | None = None
        self._continue_text = ""
        self.t = 0.0
        self.rng = random.Random(2024)
        self._board = self._board_layer()
        self._faces_state = self.rng.getstate()  # to draw the same cards again (a new language)
        self._faces = _faces(self.rng)
        gap = 1400 / CARD_COUNT  # spread out evenly at first, alternating sides
        self.drifters = [
            _Drifter(
                self.rng, self._faces, -200 + i * gap + self.rng.uniform(0, gap / 2), i % 2 == 0
            )
            for i in range(CARD_COUNT)
        ]
        self.intro = Tween(0.0, 1.0, 0.9, ease_out_back)
        self.fade_in = Tween(0.0, 1.0, 0.6, ease_out_cubic, delay=0.25)
        super().__init__(services)

    def on_ui_scale(self) -> None:
        """The cards drifting by carry their names: drawn again in the language spoken now."""
        rng = random.Random()
        rng.setstate(self._faces_state)
        self._faces = _faces(rng)
        for d in self.drifters:
            d.redraw(self._faces)
        super().on_ui_scale()

    # --- layers ---------------------------------------------------------------------------------
    def _board_layer(self) -> pygame.Surface | None:
        """The first game's board, a third larger than the canvas and darkened, for panning."""
        for game in GAMES.values():
            board = previews.render_map(game)
            if board is None:
                continue
            w, h = self.services.canvas_size
            layer = previews.board_picture(game, (int(w * 1.3), int(h * 1.3)))
            layer.fill((120, 110, 100), special_flags=pygame.BLEND_RGB_MULT)
            return layer.convert() if pygame.display.get_surface() else layer
        return None

    def build(self) -> None:
        entries = []
        if self.saved is not None and not self.saved.finished:
            entries.append((_("Continue"), self.continue_game, "continue"))
        entries.append((_("New game"), self.new_game, "new"))
        if self.saved is not None and self.saved.finished:
            entries.append((_("Watch last game"), self.watch_last, "watch"))
        if not self.services.config.kiosk:  # a kiosk plays at its own screen, keeps no history
            entries.append((_("Online"), self.open_online, "online"))
            entries.append((_("History"), self.open_history, "history"))
        entries.append((_("Settings"), self.services.open_settings, "settings"))
        if not self.services.config.kiosk:  # nobody quits a kiosk from its menus
            entries.append((_("Quit"), self.services.confirm_quit, "quit"))
        n = len(entries)
        # (top, height, gap): six buttons still leave room for the line under them
        top, height, gap = {3: (560, 88, 26), 4: (500, 80, 20), 5: (470, 72, 16)}.get(
            max(3, n), (450, 66, 12))
        self._place_heading(top)
        rects = layout.column((960, top), (520, height), n, gap)
        for i, (rect, (label, action, key)) in enumerate(zip(rects, entries, strict=True)):
            self.group.add(Button(rect, label, action, primary=i == 0, key=key))
        self._buttons_bottom = rects[-1].bottom

    def _heading(self) -> tuple[pygame.Surface, pygame.Surface]:
        title = theme.shadowed_text("Landgrab", theme.TITLE_SIZE, theme.ON_TABLE, offset=6)
        sub = theme.shadowed_text(" · ".join(g.name for g in GAMES.values()), theme.H2_SIZE - 6,
                                  theme.ON_TABLE_SOFT, offset=3)
        return title, sub

    def _place_heading(self, buttons_top: int) -> None:
        """Where the title and the games line sit at this text size: the line stays below the
        title's descenders (the "g"), and both stay above the buttons."""
        title, sub = self._heading()
        glyphs = title.get_bounding_rect(min_alpha=100)  # letters and their dark shadow
        words = sub.get_bounding_rect(min_alpha=100)
        title_bottom = TITLE_Y - title.get_height() // 2 + glyphs.bottom
        sub_y = max(SUBTITLE_Y,
                    title_bottom + HEADING_GAP + sub.get_height() // 2 - words.top)
        sub_bottom = sub_y - sub.get_height() // 2 + words.bottom
        lift = max(0, sub_bottom + BUTTONS_GAP - buttons_top)
        self._title_y, self._sub_y = TITLE_Y - lift, sub_y - lift

    def controls_hint(self) -> str:
        """The footer's controls: Esc asks to quit, except in a kiosk, where it does nothing."""
        if self.services.config.kiosk:
            # Translators: the title's footer in a kiosk, where Esc does nothing
            return _("Arrows · Enter  —  mouse  —  game controller")
        return _("Arrows · Enter · Esc  —  mouse  —  game controller")

    def _draw_footer(self, surface: pygame.Surface) -> None:
        hint = None if self.notice else theme.shadowed_text(
            self.controls_hint(),
            theme.SMALL_SIZE,
            theme.ON_TABLE_SOFT,
            display=False,
            offset=2,
        )
        if hint is not None:  # a notice about a save takes the controls hint's place
            surface.blit(hint, hint.get_rect(midbottom=(960, 1046)))
        surface.blit(version_tag(theme.ui_scale()), self.version_rect)

    @property
    def version_rect(self) -> pygame.Rect:
        return version_tag(theme.ui_scale()).get_rect(bottomright=(1906, 1050))

    # --- actions ---------------------------------------------------------------------------------
    def new_game(self) -> None:
        """Choose a game; while one is left unfinished, first ask before it is replaced."""
        if self.saved is None or self.saved.finished:
            self._choose_game()
            return

        self.services.stack.push(ask_before_replacing(self.services, self.saved,
                                                      self._choose_game))

    def _choose_game(self) -> None:

        self.services.stack.push(GameSelectScene(self.services))

    def continue_game(self) -> None:

        error = resume_game(self.services, self._seated_now())
        if error:
            self.notice = error
            self.services.audio.play("error")

    def open_online(self) -> None:
        from game.scenes.online.menu import OnlineMenuScene

        self.services.stack.push(OnlineMenuScene(self.services))

    def open_history(self) -> None:

        self.services.stack.push(HistoryScene(self.services))

    def watch_last(self) -> None:

        open_replay(self.services, self._seated_now())

    def _seated_now(self) -> saves.SavedGame:
        """The autosave, its seats called by their colour in the language spoken now."""
        saved = self.saved
        assert saved is not None  # Continue and Watch last game show only with a save
        saved.seats = [in_language(s) for s in saved.seats]
        return saved

    def back(self) -> None:
        self.services.confirm_quit()

    # --- frame ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        # The pan and the drifting cards are ambient: they rest on a screen left alone.
        adt = self.anim_dt(dt) * stillness.ambient()
        self.t += adt
        self.intro.update(dt)
        self.fade_in.update(dt)
        for d in self.drifters:
            d.y -= d.speed * adt
            if d.y < -220:
                d.reset(self._faces, 1200 + self.rng.uniform(0, 120), d.left)

    def draw(self, surface: pygame.Surface) -> None:
        if self._board is not None:
            w, h = self.services.canvas_size
            bw, bh = self._board.get_size()
            x = (bw - w) / 2 * (1 + math.sin(self.t * 0.05))
            y = (bh - h) / 2 * (1 + math.sin(self.t * 0.037 + 1.3))
            surface.blit(self._board, (0, 0), pygame.Rect(round(x), round(y), w, h))
            surface.blit(theme.vignette(), (0, 0))
        else:
            self.draw_background(surface)
        for d in self.drifters:
            x = d.x + d.sway * math.sin(self.t * 0.6 + d.phase)
            surface.blit(d.image, d.image.get_rect(center=(round(x), round(d.y))))
        self._draw_title(surface)
        self._draw_footer(surface)
        self.group.draw(surface)
        self._draw_save_lines(surface)

    def _draw_save_lines(self, surface: pygame.Surface) -> None:
        """Under the buttons: what Continue resumes, or why a save could not be read."""
        y = self._buttons_bottom + 34
        if self.saved is not None and not self.saved.finished:
            line = theme.shadowed_text(self._continue_line(), theme.SMALL_SIZE,
                                       theme.ON_TABLE_SOFT, offset=2)
            surface.blit(line, line.get_rect(midtop=(960, y)))
            y += line.get_height() + 10
        for text in self._notice_lines():
            line = theme.shadowed_text(text, theme.SMALL_SIZE, (255, 196, 170), display=False,
                                       offset=2)
            surface.blit(line, line.get_rect(midtop=(960, y)))
            y += line.get_height() + 2

    def _continue_line(self) -> str:
        """What Continue resumes, in the current language (made again only after a change)."""
        if self._continue_key != i18n.generation():
            summary = localized(self.saved.summary, None, i18n.language()) if self.saved else ""
            self._continue_text = _("Continue: {summary}").format(summary=summary)
            self._continue_key = i18n.generation()
        return self._continue_text

    def _notice_lines(self) -> list[str]:
        """The notice in at most two lines across the middle (a save's reason can be long);
        worked out again only when the notice or the text size changes."""
        key = (self.notice, theme.scaled(100), i18n.generation())
        if self._notice_key != key:
            notice = localized(self.notice, None, i18n.language()) if self.notice else ""
            lines = theme.wrap(notice, theme.SMALL_SIZE, NOTICE_WIDTH) if notice else []
            if len(lines) > 2:
                lines = [lines[0], lines[1] + " …"]
            self._notice_key, self._notice_cache = key, lines
        return self._notice_cache

    def _draw_title(self, surface: pygame.Surface) -> None:
        k = self.intro.value
        title, sub = self._heading()
        surface.blit(title, title.get_rect(center=(960, self._title_y - round(60 * (1 - k)))))
        sub.set_alpha(round(255 * self.fade_in.value))
        surface.blit(sub, sub.get_rect(center=(960, self._sub_y)))
        sub.set_alpha(255)
