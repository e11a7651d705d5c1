"""A table hosted on this computer: the client runs ``python -m game.server`` as a child
process (``LocalServer``) on a port others can reach, its store in the app's data folder,
for as long as the client runs (``stop`` on quitting).  No pygame.

The child's standard input is a pipe that only this process writes to: when the client
ends in any way (quits, crashes, is killed), the system closes it and the child, started
``--with-parent``, stops by itself, so its port is free for the next host.

The child says ``listening on HOST:PORT`` when it is ready; a thread reads that line, so
the frame loop only looks at ``status``: ``starting``, ``listening``, ``stopped`` or ``failed`` (with
``problem``: the port is taken, or the server did not start; its log is in the data
folder).  ``lan_address`` is the address the others on this network type.
"""

from __future__ import annotations

import contextlib
import logging
import socket
import subprocess
import sys
import threading
from pathlib import Path

from game.engine.messages import N_, Sentence, say

log = logging.getLogger(__name__)

STARTING, LISTENING, FAILED, STOPPED = "starting", "listening", "failed", "stopped"
SERVER_FOLDER = "server"  # under the data folder: the tables this computer hosts
LOG_NAME = "server.log"


class LocalServer:
    INTERFACE = "0.0.0.0"  # every address of this computer: the others reach it

    def __init__(self, data: Path, port: int, *, extra: tuple[str, ...] = ()) -> None:
        """``port`` 0: a free one (``port`` says which once listening); ``extra``: more
        arguments for the server."""
        self.requested_port = port
        self.port = port
        self.status = STARTING
        self.problem: Sentence | None = None
        self.settled = threading.Event()  # set once it listens or has failed (to wait on)
        data.mkdir(parents=True, exist_ok=True)
        self.log_path = data / LOG_NAME
        self._log = open(self.log_path, "a", encoding="utf-8")  # noqa: SIM115 - the child's
        args = [sys.executable, "-m", "game.server", "--host", self.INTERFACE,
                "--port", str(port), "--data", str(data), "--with-parent", *extra]
        root = Path(__file__).resolve().parents[1]
        self._proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=self._log,
                                      stdin=subprocess.PIPE, text=True, cwd=root)
        self._reader = threading.Thread(target=self._read, name="landgrab-host", daemon=True)
        self._reader.start()

    @property
    def url(self) -> str:
        """Where this client reaches its own server."""
        return f"ws://127.0.0.1:{self.port}"

    @property
    def running(self) -> bool:
        return self.status in (STARTING, LISTENING)

    def _read(self) -> None:
        assert self._proc.stdout is not None
        for line in self._proc.stdout:
            if line.startswith("listening on ") and self.status == STARTING:
                with contextlib.suppress(ValueError):
                    self.port = int(line.rsplit(":", 1)[1])
                self.status = LISTENING
                self.settled.set()
        code = self._proc.wait()
        if self.running:
            self.problem = self._why(code)
            self.status = FAILED
        self.settled.set()

    @property
    def pid(self) -> int:
        """The server process's id."""
        return self._proc.pid

    def _why(self, code: int) -> Sentence:
        self._log.flush()
        try:
            tail = self.log_path.read_text(encoding="utf-8", errors="replace")[-4000:]
        except OSError:
            tail = ""
        log.warning("the server of this computer ended (%s)", code)
        if "Address already in use" in tail or "[Errno 98]" in tail or "[Errno 48]" in tail:
            return say(N_("Port {port} is in use on this computer: choose another."),
                       port=self.requested_port)
        return say(N_("The server of this computer stopped; its log is {file}."),
                   file=str(self.log_path))

    def stop(self) -> None:
        """End the child (its tables are stored: the next run serves them again)."""
        self.status = STOPPED
        if self._proc.stdin is not None:
            with contextlib.suppress(OSError):
                self._proc.stdin.close()
        if self._proc.poll() is None:
            self._proc.terminate()
            try:
                self._proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait(timeout=5)
        self._log.close()


def lan_address() -> str:
    """This computer's address on its network (what the others type), or 127.0.0.1 when it
    has none.  A UDP socket "connected" to a private address sends nothing: the system only
    picks the interface it would use."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            address = str(s.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    return address if address != "0.0.0.0" else "127.0.0.1"
