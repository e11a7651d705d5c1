"""What the client keeps of online play: ``online.json`` beside the settings.  No pygame.

It holds the seats this client sits in (server address, table code, seat, token, game:
the token is the only way back to a seat), the last address and name typed, and the port
this computer hosts on.  Written atomically like the settings; a file that cannot be read
is set aside (``online.json.corrupt``) and reported once, and the client starts with an
empty list (``load_online``).

Addresses are typed as ``host``, ``host:port`` or a ``ws://`` URL (``server_url``); table
codes in any case, with spaces or dashes (``table_code``).
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game.engine.messages import N_, Sentence, say
from game.files import remove_stale_temps, set_aside, write_atomic
from game.net.protocol import CODE_ALPHABET, CODE_LENGTH, normal_code
from game.server.cli import DEFAULT_PORT

log = logging.getLogger(__name__)

FILE_NAME = "online.json"
MAX_SEATS_KEPT = 200  # as many as one ``mine`` asks about
MAX_ADDRESS = 200
_HOST = re.compile(r"^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9._-]+)$")


@dataclass(frozen=True)
class HeldSeat:
    """A seat this client sits in.  ``here``: the table is on this computer's own server."""

    url: str
    table: str
    seat: int
    token: str
    game: str
    here: bool = False


@dataclass
class OnlineMemory:
    seats: list[HeldSeat] = field(default_factory=list)
    address: str = ""  # as last typed (Join, or a server to host on)
    name: str = ""  # the name last given when joining
    port: int = DEFAULT_PORT  # where this computer hosts

    def keep(self, held: HeldSeat) -> None:
        """Remember ``held`` (newest last; the same seat again replaces the older one)."""
        self.seats = [s for s in self.seats
                      if (s.url, s.table, s.seat) != (held.url, held.table, held.seat)]
        self.seats.append(held)
        del self.seats[:-MAX_SEATS_KEPT]

    def forget(self, url: str, table: str) -> None:
        self.seats = [s for s in self.seats if (s.url, s.table) != (url, table)]

    def tokens(self, url: str, table: str) -> dict[int, str]:
        """Seat -> token of the seats held at one table (two on a hot-seat client)."""
        return {s.seat: s.token for s in self.seats if (s.url, s.table) == (url, table)}

    def servers(self) -> list[str]:
        """The addresses of the servers holding a seat of this client, first seen first."""
        return list(dict.fromkeys(s.url for s in self.seats))

    def to_json(self) -> dict[str, Any]:
        return {"seats": [asdict(s) for s in self.seats], "address": self.address,
                "name": self.name, "port": self.port}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> OnlineMemory:
        """Built from parsed JSON; entries of the wrong shape are dropped."""
        out = cls()
        for item in data.get("seats", [])[-MAX_SEATS_KEPT:] if isinstance(
                data.get("seats"), list) else []:
            held = _held(item)
            if held is not None:
                out.seats.append(held)
        if isinstance(data.get("address"), str):
            out.address = data["address"][:MAX_ADDRESS]
        if isinstance(data.get("name"), str):
            out.name = data["name"][:40]
        port = data.get("port")
        if isinstance(port, int) and not isinstance(port, bool) and 1 <= port <= 65535:
            out.port = port
        return out


def _held(item: Any) -> HeldSeat | None:
    if not isinstance(item, dict):
        return None
    strings = [item.get(k) for k in ("url", "table", "token", "game")]
    seat, here = item.get("seat"), item.get("here", False)
    if not all(isinstance(s, str) and 0 < len(s) <= MAX_ADDRESS for s in strings) or not (
            isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < 16):
        return None
    url, table, token, game = (str(s) for s in strings)
    return HeldSeat(url, table, seat, token, game, here is True)


def online_path(config) -> Path:
    return Path(config.config_dir) / FILE_NAME


def load_online(path: Path) -> tuple[OnlineMemory, Sentence | None]:
    """What was kept, and why it could not be read (the file is set aside then)."""
    remove_stale_temps(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return OnlineMemory(), None
    except OSError as exc:
        log.warning("%s cannot be read (%s)", path, exc)
        return OnlineMemory(), say(N_("Your online games could not be read ({reason})."),
                                   reason=exc.strerror or str(exc))
    try:
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
    except (ValueError, RecursionError) as exc:
        aside = set_aside(path)
        log.warning("%s is corrupt (%s): %s", path, str(exc)[:200] or type(exc).__name__,
                    f"moved to {aside.name}" if aside else "left in place")
        if aside is None:
            return OnlineMemory(), say(N_("Your online games could not be read."))
        return OnlineMemory(), say(N_("Your online games could not be read; the file was "
                                      "moved to {aside}."), aside=aside.name)
    return OnlineMemory.from_json(data), None


def save_online(memory: OnlineMemory, path: Path) -> bool:
    """Write atomically; False (after one log line) when the folder is not writable."""
    try:
        write_atomic(path, json.dumps(memory.to_json(), indent=2) + "\n")
        return True
    except OSError as exc:
        log.warning("%s could not be saved: %s", path, exc)
        return False


def server_url(text: str) -> str | None:
    """The WebSocket URL of an address as typed (``host``, ``host:port``, ``[v6]:port``,
    ``ws://host:port``, ``wss://...``), or None when it is not one."""
    text = text.strip()
    if not text or len(text) > MAX_ADDRESS or any(c.isspace() for c in text):
        return None
    scheme = "ws"
    if "://" in text:
        scheme, _sep, text = text.partition("://")
        scheme = scheme.lower()
        if scheme not in ("ws", "wss"):
            return None
    text, _slash, path = text.partition("/")
    host, port = text, str(DEFAULT_PORT)
    if text.count(":") == 1 or text.startswith("["):
        before, _colon, after = text.rpartition(":")
        if before and after.isdigit() and (before.startswith("[") or ":" not in before):
            host, port = before, after
    if not _HOST.match(host) or not port.isdigit() or not 1 <= int(port) <= 65535:
        return None
    return f"{scheme}://{host}:{int(port)}" + (f"/{path}" if path else "")


def table_code(text: str) -> str | None:
    """A table code as typed (any case, spaces, dashes) in its stored form, or None when it
    cannot be one (its length, or a letter codes never use)."""
    code = normal_code(text)
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        return None
    return code


def shown_code(code: str) -> str:
    """A code as shown to be read aloud: two groups of three."""
    return f"{code[:3]} {code[3:]}" if len(code) == CODE_LENGTH else code
