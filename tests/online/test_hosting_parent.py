"""The server a client hosts stops by itself when that client is killed outright (SIGKILL:
no clean-up runs in it), so the port is free for the next host."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# A client reduced to its hosting: start the server, say where it is, then wait for ever
# (on standard input, which the test never closes).
PARENT = """
import sys
from pathlib import Path
from game import hosting
hosting.LocalServer.INTERFACE = "127.0.0.1"
server = hosting.LocalServer(Path(sys.argv[1]), 0)
server.settled.wait(60)
print(server.pid, server.status, server.port, flush=True)
sys.stdin.read()
"""


@pytest.mark.skipif(not hasattr(os, "pidfd_open"), reason="waits on the child by its pidfd")
def test_the_hosted_server_stops_when_its_client_is_killed(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    parent = subprocess.Popen([sys.executable, "-c", PARENT, str(tmp_path)], cwd=ROOT, env=env,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    child = None
    try:
        assert parent.stdout is not None
        words = parent.stdout.readline().split()
        assert len(words) == 3 and words[1] == "listening", words
        child = int(words[0])
        pidfd = os.pidfd_open(child)
        parent.send_signal(signal.SIGKILL)
        parent.wait(timeout=30)
        ready, _w, _x = select.select([pidfd], [], [], 30)  # readable once the child ended
        os.close(pidfd)
        assert ready, "the server outlived the client that started it"
        child = None
        assert "stopped (its parent is gone)" in (tmp_path / "server.log").read_text()
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait(timeout=30)
        if child is not None:
            os.kill(child, signal.SIGKILL)
