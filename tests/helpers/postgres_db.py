"""The PostgreSQL database the ``postgres`` tests use: its URL is ``LANDGRAB_TEST_POSTGRES``
(``.ci/run`` starts a throwaway cluster and sets it).  Unset or unreachable, the tests skip
on a developer's machine and FAIL under CI (``CI`` set): CI must never pass without them.
A test that restarts its database makes a cluster of its own (``Cluster``)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

URL_VARIABLE = "LANDGRAB_TEST_POSTGRES"


def postgres_url() -> str:
    """The test database's URL, after checking it answers (skip, or fail under CI)."""
    url = os.environ.get(URL_VARIABLE, "")
    problem = "" if url else f"{URL_VARIABLE} is not set (see README: the postgres tests)"
    if url:
        import psycopg
        try:
            psycopg.connect(url, connect_timeout=5).close()
        except psycopg.Error as exc:
            problem = f"{URL_VARIABLE}={url} is unreachable: {exc}"
    if problem:
        if os.environ.get("CI"):
            pytest.fail(f"under CI the postgres tests need a database: {problem}")
        pytest.skip(problem)
    return url


@contextmanager
def fresh_schema(url: str | None = None) -> Iterator[str]:
    """A URL whose connections live in a schema of their own in the database at ``url``
    (default: the tests' one), dropped afterwards (tests and xdist workers never see each
    other's tables)."""
    import psycopg

    from game.server.pgstore import schema_url
    url = url or postgres_url()
    schema = f"test_{uuid.uuid4().hex[:16]}"
    try:
        # the schema's name is its connections' application name too: a test may cut
        # exactly its own servers' connections (``cut_connections``)
        yield f"{schema_url(url, schema)}&application_name={schema}"
    finally:
        with psycopg.connect(url, autocommit=True) as db:
            db.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")


def cut_connections(schema_url: str) -> int:
    """End every connection made with ``schema_url`` (what its servers see of a database
    restart, without stopping the database the other tests use); how many were ended."""
    import psycopg
    from psycopg.conninfo import conninfo_to_dict
    name = conninfo_to_dict(schema_url)["application_name"]
    with psycopg.connect(postgres_url(), autocommit=True) as db:
        row = db.execute("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                         "WHERE application_name = %s", (name,)).fetchone()
    return int(row[0]) if row else 0


class Cluster:
    """A PostgreSQL cluster of one test module's own, which it may stop and start (a real
    database restart, which the shared cluster of ``LANDGRAB_TEST_POSTGRES`` must never
    see): what ``.ci/postgres.sh`` makes, in a temporary folder, on a free loopback port,
    run by the ``postgres`` system user when the tests run as root.  ``remove()`` stops it
    and deletes the folder.  Without PostgreSQL's programs the tests skip on a developer's
    machine and FAIL under CI."""

    def __init__(self) -> None:
        self.bin = self._programs()
        self.dir = Path(tempfile.mkdtemp(prefix="landgrab-pg-own."))
        self.data = self.dir / "data"
        self.port = free_port()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        try:
            if os.getuid() == 0:
                if subprocess.run(["id", "postgres"], capture_output=True).returncode:
                    self._run("useradd", "--system", "--home-dir", str(self.dir), "postgres")
                shutil.chown(self.dir, "postgres")
            self.dir.chmod(0o700)
            self._pg("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust",
                     "-E", "UTF8")
            self.start()
        except BaseException:
            self.remove()
            raise

    def start(self) -> None:
        self._pg("pg_ctl", "-D", str(self.data), "-l", str(self.dir / "log"), "-w", "-t", "60",
                 "-o", f"-k {self.dir} -p {self.port} -c listen_addresses=127.0.0.1 "
                 "-c max_connections=100 -c fsync=off", "start")

    def stop(self) -> None:
        """Stop it as an administrator would (``-m fast``: every session is ended)."""
        self._pg("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "-t", "60", "stop")

    def remove(self) -> None:
        if (self.data / "postmaster.pid").exists():
            subprocess.run(self._as_pg(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m",
                                       "immediate", "-w", "stop"), capture_output=True,
                           timeout=60)
        shutil.rmtree(self.dir, ignore_errors=True)

    @staticmethod
    def _programs() -> Path:
        found = shutil.which("initdb")
        if found is None:
            installed = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"),
                               key=lambda p: [int(x) for x in p.parts[-3].split(".")
                                              if x.isdigit()])
            found = str(installed[-1]) if installed else None
        if found is None:
            problem = "PostgreSQL's initdb is not installed: no cluster of the tests' own"
            if os.environ.get("CI"):
                pytest.fail(f"under CI the postgres tests need PostgreSQL: {problem}")
            pytest.skip(problem)
        return Path(found).parent

    @staticmethod
    def _as_pg(*args: str) -> list[str]:
        return ["runuser", "-u", "postgres", "--", *args] if os.getuid() == 0 else list(args)

    def _pg(self, program: str, *args: str) -> None:
        self._run(*self._as_pg(str(self.bin / program), *args))

    @staticmethod
    def _run(*args: str) -> None:
        done = subprocess.run(args, capture_output=True, text=True, timeout=120)
        if done.returncode:
            raise RuntimeError(f"{' '.join(args)} failed: {done.stderr or done.stdout}")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])
