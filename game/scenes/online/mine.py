"""My online games: the tables this client sits at (the seats kept in ``online.json``), as
each server tells them (``mine``): the game, who sits there, whose turn it is ("Your turn"
first), how many moves were played and when the table last changed.  Open one (the table
opens with every seat this client holds there) or forget one (its key is dropped).  The
servers are asked all at once; one that does not answer says so on its tables' rows.  The
tables hosted on this computer need its server: it is started again for them."""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import partial
from typing import Any

import pygame

from game.engine.messages import N_, Sentence, localized, say
from game.hosting import FAILED, LISTENING, LocalServer
from game.i18n import _, language, ngettext
from game.net.ask import Ask
from game.registry import GAMES
from game.scenes.confirm import ConfirmScene
from game.scenes.online.common import OnlineScreen
from game.ui import intents as I
from game.ui import theme
from game.ui.widgets import Button, Widget

ROW_HEIGHT, ROW_GAP = 108, 12  # a row at 100 % (it grows with its two lines of text)
ROW_LEFT, ROW_WIDTH, FORGET_WIDTH = 160, 1360, 250
ROWS_BOTTOM = 1040 - 80 - 24 - 70 - 16  # above Back and the page buttons


@dataclass
class Entry:
    """One table this client sits at, and what its server said of it (None: not yet)."""

    url: str
    table: str
    game: str
    seats: dict[int, str]
    told: dict[str, Any] | None = None
    problem: Sentence | None = None  # why its server said nothing

    @property
    def your_turn(self) -> bool:
        return bool(self.told and self.told.get("your_turn") and not self.told.get("over"))


def ago(seconds: float) -> str:
    """How long ago, in the words of the language spoken now."""
    minutes = int(max(0, seconds) // 60)
    if minutes < 1:
        return _("just now")
    if minutes < 60:
        return ngettext("{n} minute ago", "{n} minutes ago", minutes).format(n=minutes)
    hours = minutes // 60
    if hours < 48:
        return ngettext("{n} hour ago", "{n} hours ago", hours).format(n=hours)
    days = hours // 24
    return ngettext("{n} day ago", "{n} days ago", days).format(n=days)


class TableRow(Widget):
    """A table's row: Enter (or a click) opens it."""

    def __init__(self, rect, entry: Entry, on_open, key: str) -> None:
        super().__init__(rect, key=key, enabled=entry.told is not None)
        self.entry, self.on_open = entry, on_open
        self.label = entry.table  # what the row does, for the focus' arming

    @property
    def can_focus(self) -> bool:
        return self.visible  # a row whose server is silent still shows where the focus is

    def handle(self, intent: I.Intent) -> bool:
        if intent.kind == I.CONFIRM or self._clicked(intent, self.rect):
            if not self.enabled:
                self.play("error")
                return True
            self.bump()
            self.play("click")
            self.on_open(self.entry)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        e, r = self.entry, self.rect.move(0, -round(3 * self.hot.value))
        fill = (255, 250, 238) if self.focused else theme.CREAM
        theme.draw_panel(surface, r, fill)
        info = GAMES.get(e.game)
        name = theme.fit_text(info.name if info else e.game, theme.H2_SIZE, 330, theme.INK,
                              display=True, max_height=r.height - 10)
        surface.blit(name, name.get_rect(midleft=(r.x + 24, r.centery)))
        first, second, ink = self.lines()
        x, width = r.x + 380, r.width - 400
        top = theme.fit_text(first, theme.BODY_SIZE, width, ink, bold=True)
        low = theme.fit_text(second, theme.SMALL_SIZE, width, theme.INK_SOFT)
        gap = max(0, r.height - top.get_height() - low.get_height()) // 3
        surface.blit(top, (x, r.y + gap))
        surface.blit(low, (x, r.y + 2 * gap + top.get_height()))

    def lines(self) -> tuple[str, str, tuple[int, int, int]]:
        """The row's two lines (the turn, then the seats and moves) and the first's ink."""
        e = self.entry
        if e.told is None:
            why = localized(e.problem, None, language()) if e.problem else _("Asking its "
                                                                             "server…")
            return why, _("Table {code}").format(code=e.table), theme.INK_SOFT
        told = e.told
        names = told.get("names") or []
        mine = set(e.seats)
        who = " · ".join(_("{name} (you)").format(name=n) if i in mine else n
                         for i, n in enumerate(names) if n)
        moves = int(told.get("moves", 0))
        second = ngettext("{who} · {n} move · {when}", "{who} · {n} moves · {when}",
                          moves).format(who=who, n=moves,
                                        when=ago(time.time() - float(told.get("updated", 0))))
        if told.get("over"):
            return _("Game over"), second, theme.INK_SOFT
        if e.your_turn:
            return _("Your turn"), second, theme.ACCENT
        waiting = [names[i] for i in told.get("to_act", []) if 0 <= i < len(names)]
        return _("Waiting for {names}").format(names=", ".join(waiting)), second, theme.INK


class MyGamesScene(OnlineScreen):
    heading = N_("My online games")

    def __init__(self, services) -> None:
        self.entries: list[Entry] = []
        self.asks: dict[str, Ask] = {}
        self.starting: LocalServer | None = None  # this computer's server, for its tables
        self.page = 0
        self._rows_seen = False
        super().__init__(services)
        self.refresh()

    @property
    def busy(self) -> bool:
        return bool(self.asks) or self.starting is not None

    @property
    def keeps_awake(self) -> bool:  # type: ignore[override]
        return self.busy

    # --- asking the servers ---------------------------------------------------------------
    def refresh(self) -> None:
        self.close_asks()
        memory = self.memory
        self.entries = []
        for url in memory.servers():
            for held in [s for s in memory.seats if s.url == url]:
                if not any(e.table == held.table and e.url == url for e in self.entries):
                    self.entries.append(Entry(url, held.table, held.game,
                                              memory.tokens(url, held.table)))
        here = [s for s in memory.seats if s.here]
        if here:
            port = int(here[-1].url.rsplit(":", 1)[1])
            self.starting = self.services.host_on(port)
        for url in memory.servers():
            if not (self.starting is not None and url == self.starting.url):
                self.ask_server(url)
        self.rebuild()

    def ask_server(self, url: str) -> None:
        tokens = [s.token for s in self.memory.seats if s.url == url]
        self.asks[url] = Ask(url, {"type": "mine", "tokens": tokens}, ("games",),
                             connect=type(self).connect)

    def update(self, dt: float) -> None:
        super().update(dt)
        server = self.starting
        if server is not None and server.status in (LISTENING, FAILED):
            self.starting = None
            for url in {e.url for e in self.entries if e.url.endswith(f":{server.port}")
                        or e.url == server.url}:
                if server.status == LISTENING:
                    self.ask_server(url)
                else:
                    self.told(url, None, server.problem)
        for url, asked in list(self.asks.items()):
            asked.poll()
            if asked.done:
                del self.asks[url]
                self.told(url, asked.answer, asked.problem)

    def told(self, url: str, answer: dict[str, Any] | None, problem: Sentence | None) -> None:
        games = {(g.get("table"), g.get("seat")): g for g in (answer or {}).get("games", [])}
        for e in [e for e in self.entries if e.url == url]:
            found = [games[(e.table, seat)] for seat in e.seats if (e.table, seat) in games]
            if found:
                e.told = next((g for g in found if g.get("your_turn")), found[0])
                e.problem = None
            else:
                e.problem = problem or say(N_("This table is no longer on its server."))
        self.entries.sort(key=lambda e: (not e.your_turn, e.told is None,
                                         -(e.told or {}).get("updated", 0)))
        self.rebuild()

    def close_asks(self) -> None:
        for asked in self.asks.values():
            asked.close()
        self.asks = {}

    def on_exit(self) -> None:
        super().on_exit()
        self.close_asks()

    # --- widgets --------------------------------------------------------------------------
    def build(self) -> None:
        add = self.group.add
        height = (ROW_HEIGHT + theme.grown(theme.BODY_SIZE, bold=True)
                  + theme.grown(theme.SMALL_SIZE))
        top = self.content_top
        page = max(1, (ROWS_BOTTOM - top) // (height + ROW_GAP))  # rows at once
        self.page = min(self.page, max(0, (len(self.entries) - 1) // page))
        shown = self.entries[self.page * page:(self.page + 1) * page]
        for i, entry in enumerate(shown):
            y = top + i * (height + ROW_GAP)
            add(TableRow((ROW_LEFT, y, ROW_WIDTH, height), entry, self.open_entry,
                         key=f"table_{entry.url}_{entry.table}"))
            add(Button((ROW_LEFT + ROW_WIDTH + 30, y + height // 2 - 40, FORGET_WIDTH, 80),
                       _("Forget"), partial(self.ask_forget, entry),
                       key=f"forget_{entry.url}_{entry.table}", sound=None))
        pages = (len(self.entries) + page - 1) // page
        y = ROWS_BOTTOM + 8
        if pages > 1:
            add(Button((ROW_LEFT, y, 300, 70), _("Previous page"), partial(self.turn, -1),
                       key="previous", enabled=self.page > 0))
            add(Button((ROW_LEFT + ROW_WIDTH - 300, y, 300, 70), _("Next page"),
                       partial(self.turn, 1), key="next_page", enabled=self.page < pages - 1))
        self.add_back()
        refresh = pygame.Rect(0, 0, 360, theme.BUTTON_HEIGHT)
        refresh.bottomright = (1840, 1040)
        add(Button(refresh, _("Refresh"), self.refresh, key="refresh"))

    def rebuild(self) -> None:
        super().rebuild()
        rows = [w for w in self.group.widgets if isinstance(w, TableRow)]
        if rows and not self._rows_seen:  # the tables come first, once they are there
            self._rows_seen = True
            self.group.focus(rows[0])

    def turn(self, pages: int) -> None:
        self.page += pages
        self.rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if not self.entries and not self.message:
            self.draw_message(surface, _("You sit at no online table yet: host one, or join "
                                         "one with its code."), theme.INK, y=400)

    # --- actions --------------------------------------------------------------------------
    def open_entry(self, entry: Entry) -> None:
        self.open(entry.url, entry.table, dict(entry.seats))

    def ask_forget(self, entry: Entry) -> None:
        self.services.stack.push(ConfirmScene(
            self.services, N_("Forget this table?"),
            N_("Its seat's key is kept only here: once forgotten, you cannot sit there "
               "again."), N_("Forget"), partial(self.forget, entry), N_("Keep it")))

    def forget(self, entry: Entry) -> None:
        self.memory.forget(entry.url, entry.table)
        self.services.save_online()
        self.entries.remove(entry)
        self.rebuild()

