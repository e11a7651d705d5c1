"""The PostgreSQL database the ``postgres`` tests use: its URL is ``LANDGRAB_TEST_POSTGRES``
(``.ci/run`` starts a throwaway cluster and sets it).  Unset or unreachable, the tests skip
on a developer's machine and FAIL under CI (``CI`` set): CI must never pass without them."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

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
def fresh_schema() -> Iterator[str]:
    """A URL whose connections live in a schema of their own, dropped afterwards (tests and
    xdist workers never see each other's tables)."""
    import psycopg

    from game.server.pgstore import schema_url
    url = postgres_url()
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
