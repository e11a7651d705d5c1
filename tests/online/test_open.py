"""The Online screens open the real online table: a host creates a table on this computer's
own server and opens it; a second client joins by the code and its table opens too, both
seated (the table's own tests play it)."""

from __future__ import annotations

from net_tables import WAIT

from game.net.client import Connection
from game.scenes.online.host import HostTableScene
from game.scenes.online.join import JoinScene
from game.scenes.online.share import ShareScene


def until_table(s, limit: int = 200):
    """Frames go by until the table opens, each wait woken by the server's next message."""
    from game.scenes.online_table import OnlineTable

    for _ in range(limit):
        if isinstance(s.top, OnlineTable):
            return s.top
        s.wake.wait(WAIT)
        s.wake.clear()
        s.step()
    raise AssertionError(f"no table opened (at {type(s.top).__name__})")


def test_host_and_guest_sit_at_the_real_table(screens, wake, monkeypatch):
    from game.scenes import online_table

    monkeypatch.setattr(online_table, "Connection",
                        lambda url, **kw: Connection(url, on_message=wake.set, **kw))
    host = screens()
    host.app.services.online.port = 0
    host.press("online")
    host.press("host")
    host.press("oregon")
    host.press("next")
    assert isinstance(host.top, HostTableScene)
    host.press("create")
    host.answered()
    share = host.top
    assert isinstance(share, ShareScene)
    port = host.app.services.hosting.port
    host.press("open")
    table = until_table(host)
    guest = screens()
    guest.press("online")
    guest.press("join")
    assert isinstance(guest.top, JoinScene)
    guest.fill("address", f"127.0.0.1:{port}")
    guest.fill("code", share.code)
    guest.fill("name", "Bob")
    guest.press("join")
    guest.answered()
    theirs = until_table(guest)
    assert table is not theirs
