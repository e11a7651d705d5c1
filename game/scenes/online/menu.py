"""Title -> Online: Host a table, Join a table, My online games."""

from __future__ import annotations

from game.engine.messages import N_
from game.i18n import _
from game.scenes.online.common import OnlineScreen
from game.ui import layout, theme
from game.ui.widgets import Button, button_width


class OnlineMenuScene(OnlineScreen):
    heading = N_("Online")

    def __init__(self, services) -> None:
        super().__init__(services)
        self.message = services.online_problem() or ""  # the kept list had to be set aside

    def build(self) -> None:
        entries = [(_("Host a table"), self.host, "host"),
                   (_("Join a table"), self.join, "join"),
                   (_("My online games"), self.mine, "mine")]
        width = max(button_width(label, 640) for label, _a, _k in entries)
        rects = layout.column((960, 330), (min(width, 1400), 96), len(entries), 32)
        for i, (rect, (label, action, key)) in enumerate(zip(rects, entries, strict=True)):
            self.group.add(Button(rect, label, action, primary=i == 0, key=key))
        self.add_back()
        self.group.focus_key("host")

    def draw_static(self, surface) -> None:
        super().draw_static(surface)
        line = theme.fit_text(_("Play with friends at other screens, live or a turn a day."),
                              theme.BODY_SIZE, 1600, theme.ON_TABLE_SOFT)
        surface.blit(line, line.get_rect(midtop=(960, self.content_top)))

    def host(self) -> None:
        from game.scenes.online.host import choose_game_to_host

        choose_game_to_host(self.services)

    def join(self) -> None:
        from game.scenes.online.join import JoinScene

        self.services.stack.push(JoinScene(self.services))

    def mine(self) -> None:
        from game.scenes.online.mine import MyGamesScene

        self.services.stack.push(MyGamesScene(self.services))
