# A throwaway PostgreSQL cluster for the tests (sourced by .ci/run; also usable by hand:
#   source .ci/postgres.sh && start_postgres && ...tests... ; stop_postgres).
# start_postgres installs PostgreSQL from the system's packages if it is missing, makes a
# cluster in a temporary folder, starts it on a free loopback port (trust authentication,
# loopback only) and exports LANDGRAB_TEST_POSTGRES; stop_postgres stops it and removes the
# folder.  PostgreSQL refuses to run as root: as root, the cluster is its own system user's.

pg_bin() {
    local found
    found=$(command -v initdb 2>/dev/null || true)
    if [ -z "$found" ]; then
        found=$(ls -d /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -1 || true)
    fi
    [ -n "$found" ] && dirname "$found"
}

as_pg() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start_postgres() {
    if [ -z "$(pg_bin)" ]; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql
    fi
    local port
    PG_BIN=$(pg_bin)
    PG_DIR=$(mktemp -d /tmp/landgrab-pg.XXXXXX)
    export PG_DIR PG_BIN  # set before anything can fail: stop_postgres cleans up after it
    if [ "$(id -u)" = 0 ]; then
        id postgres >/dev/null 2>&1 || useradd --system --home-dir "$PG_DIR" postgres
        chown postgres "$PG_DIR"
    fi
    chmod 700 "$PG_DIR"
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    as_pg "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres --auth=trust -E UTF8 >/dev/null
    as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w -t 60 \
        -o "-k $PG_DIR -p $port -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off" \
        start >/dev/null
    export LANDGRAB_TEST_POSTGRES="postgresql://postgres@127.0.0.1:$port/postgres"
}

stop_postgres() {
    if [ -n "${PG_DIR:-}" ] && [ -d "$PG_DIR" ]; then
        as_pg "${PG_BIN:-}/pg_ctl" -D "$PG_DIR/data" -m immediate -w stop >/dev/null 2>&1 || true
        rm -rf "$PG_DIR"
    fi
}
