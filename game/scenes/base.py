"""Scenes and the scene stack.

A scene is one screen (title, a menu, a game table) or an overlay on top of one (settings,
pause menu, confirmation).  The app owns one ``SceneStack``:

* ``push / pop / replace / reset`` are *requests*: they are applied by ``apply_pending()``,
  which the app calls between frames, never while a frame is being handled, updated or drawn.
* Hooks, in order: ``push`` -> top.on_pause(), new.on_enter(); ``pop`` -> top.on_exit(),
  new top.on_resume(); ``replace`` -> top.on_exit(), new.on_enter(); ``reset`` -> on_exit()
  from the top down, then on_enter() of each new scene from the bottom up.
* Intents go to the top scene only.  A scene whose ``handle`` returns False and whose
  ``passes_intents`` is True lets the intent fall through to the scene below.
* ``update(dt)`` runs for the top scene, and for covered scenes that set
  ``updates_when_covered`` (e.g. an animated title behind the settings overlay).
* Drawing starts at the topmost opaque scene; each overlay above it first dims what is
  below by its ``dim`` factor (0 = no dimming, 255 = black).
* Music: the topmost scene that names a theme (``music``, see ``game.ui.music``) decides what
  plays; overlays name none, so the theme of the screen under them plays on.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.ui import intents as I

if TYPE_CHECKING:
    from game.scenes.services import Services

log = logging.getLogger(__name__)


class Scene:
    """Base class: override what you need.  ``self.services`` reaches the app (no globals)."""

    opaque: bool = True  # False for overlays: the scenes below are drawn first
    dim: int = 0  # overlays: how much to darken what is below (0-255)
    passes_intents: bool = False  # let unhandled intents fall through to the scene below
    updates_when_covered: bool = False  # keep updating while another scene is on top
    music: str | None = None  # the theme to play while this is the topmost scene naming one
    # True while something may change the screen without input or a visible change first
    # (a bot thinking): the app keeps drawing at full rate rather than resting.
    keeps_awake: bool = False

    def __init__(self, services: Services):
        self.services = services

    # --- life cycle ------------------------------------------------------------------------
    def on_enter(self) -> None:
        """Now on the stack (pushed, or the result of a replace/reset)."""

    def on_exit(self) -> None:
        """Leaving the stack for good (popped, replaced, reset)."""

    def on_pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def on_resume(self) -> None:
        """The scene on top of this one was popped: this one is on top again."""

    def on_ui_scale(self) -> None:
        """The text size or the language changed (``theme.ui_scale()``, ``i18n.language()``):
        lay out and render text again."""

    # --- per frame -------------------------------------------------------------------------
    def handle(self, intent: I.Intent) -> bool:
        """React to an intent; return True when it was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance ``dt`` seconds (real time; scale game animations with ``anim_dt``)."""

    def update_covered(self, dt: float) -> None:
        """Each frame another scene covers this one (unless ``updates_when_covered``, which
        gets ``update`` instead): e.g. a table hides private things after a while."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene (opaque scenes paint every pixel)."""

    # --- helpers ---------------------------------------------------------------------------
    def anim_dt(self, dt: float) -> float:
        """``dt`` scaled by the player's animation speed setting."""
        return dt * self.services.settings.animation_speed

    @property
    def is_top(self) -> bool:
        return self.services.stack.top is self


class SceneStack:
    def __init__(self) -> None:
        self._scenes: list[Scene] = []
        self._pending: list[Callable[[], None]] = []

    # --- requests (applied between frames) -------------------------------------------------
    def push(self, scene: Scene) -> None:
        self._pending.append(lambda: self._push(scene))

    def pop(self) -> None:
        self._pending.append(self._pop)

    def replace(self, scene: Scene) -> None:
        self._pending.append(lambda: self._replace(scene))

    def reset(self, *scenes: Scene) -> None:
        """Empty the stack and put ``scenes`` on it (bottom first): e.g. back to the title."""
        self._pending.append(lambda: self._reset(scenes))

    def reset_to(self, build: Callable[[], Sequence[Scene]]) -> None:
        """Like ``reset``, but the new scenes are built only once the old ones have left: a
        screen that renders big pictures (a table, the title) never coexists with the last
        one, which keeps a long-running kiosk's peak memory down."""

        def apply() -> None:
            self._reset(())
            self._reset(build())

        self._pending.append(apply)

    def remove(self, scene: Scene) -> None:
        """Pop ``scene`` if it is still on top when the request is applied (safe to repeat)."""

        def apply() -> None:
            if self.top is scene:
                self._pop()

        self._pending.append(apply)

    def abandon(self) -> None:
        """Drop every scene and queued request at once, now (recovering from an error).  Each
        scene still gets ``on_exit``; one that fails there is only logged."""
        self._pending.clear()
        while self._scenes:
            scene = self._scenes.pop()
            try:
                scene.on_exit()
            except Exception:  # noqa: BLE001 - the scene is being dropped anyway
                log.exception("%s failed while being dropped", type(scene).__name__)

    @property
    def pending(self) -> bool:
        return bool(self._pending)

    def apply_pending(self) -> None:
        """Apply queued requests in order; requests made by hooks run in the same call."""
        guard = 0
        while self._pending:
            request = self._pending.pop(0)
            request()
            guard += 1
            if guard > 1000:
                raise RuntimeError("scene requests keep requesting scenes")

    def _push(self, scene: Scene) -> None:
        if self._scenes:
            self._scenes[-1].on_pause()
        self._scenes.append(scene)
        scene.on_enter()

    def _pop(self) -> None:
        if not self._scenes:
            return
        self._scenes.pop().on_exit()
        if self._scenes:
            self._scenes[-1].on_resume()

    def _replace(self, scene: Scene) -> None:
        if self._scenes:
            self._scenes.pop().on_exit()
        self._scenes.append(scene)
        scene.on_enter()

    def _reset(self, scenes: Iterable[Scene]) -> None:
        while self._scenes:
            self._scenes.pop().on_exit()
        for scene in scenes:
            if self._scenes:
                self._scenes[-1].on_pause()
            self._scenes.append(scene)
            scene.on_enter()

    # --- reading -----------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    @property
    def scenes(self) -> tuple[Scene, ...]:
        return tuple(self._scenes)

    def __len__(self) -> int:
        return len(self._scenes)

    def __bool__(self) -> bool:
        return bool(self._scenes)

    @property
    def music(self) -> str | None:
        """The theme of the topmost scene that names one (None: silence)."""
        for scene in reversed(self._scenes):
            theme = getattr(scene, "music", None)  # stand-in scenes in tests may lack it
            if theme is not None:
                return theme
        return None

    def find(self, kind: type) -> Scene | None:
        """The topmost scene of that class, if any."""
        for scene in reversed(self._scenes):
            if isinstance(scene, kind):
                return scene
        return None

    # --- per frame ---------------------------------------------------------------------------
    def handle(self, intent: I.Intent) -> bool:
        for scene in reversed(self._scenes):
            if scene.handle(intent):
                return True
            if not scene.passes_intents:
                return False
        return False

    def update(self, dt: float) -> None:
        scenes = self._scenes
        for scene in scenes[:-1]:
            if scene.updates_when_covered:
                scene.update(dt)
            else:
                scene.update_covered(dt)
        if scenes:
            scenes[-1].update(dt)

    def visible(self) -> list[Scene]:
        """The scenes that get drawn, bottom first: from the topmost opaque one up."""
        start = 0
        for i in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[i].opaque:
                start = i
                break
        return self._scenes[start:]

    def draw(self, surface: pygame.Surface) -> None:
        for i, scene in enumerate(self.visible()):
            if i and scene.dim:
                self._darken(surface, scene.dim)
            scene.draw(surface)

    @staticmethod
    def _darken(surface: pygame.Surface, dim: int) -> None:
        keep = max(0, 255 - dim)
        surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
