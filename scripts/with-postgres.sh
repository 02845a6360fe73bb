#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster on loopback, then removes the cluster.
# Usage: scripts/with-postgres.sh COMMAND [ARGS...]
# The command sees TEST_DATABASE_URL=postgres://postgres@127.0.0.1:PORT/postgres; tests create
# (and drop) one fresh database per test on that server.
# When TEST_DATABASE_URL is already set, the command simply runs against that server.
set -euo pipefail
if [ -n "${TEST_DATABASE_URL:-}" ]; then exec "$@"; fi
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [ -z "$PGBIN" ]; then echo "with-postgres: no PostgreSQL binaries found" >&2; exit 3; fi
PORT=${PGPORT_TEST:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')}
PGDATA=$(mktemp -d /tmp/shop-pg.XXXXXX)
as_pg() {
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}
[ "$(id -u)" = 0 ] && chown postgres: "$PGDATA"
cleanup() { as_pg "$PGBIN/pg_ctl -D $PGDATA -m immediate stop" >/dev/null 2>&1 || true; rm -rf "$PGDATA"; }
trap cleanup EXIT
as_pg "$PGBIN/initdb -D $PGDATA -U postgres -A trust --no-locale -E UTF8 --no-sync" >/dev/null
as_pg "$PGBIN/pg_ctl -D $PGDATA -l $PGDATA/log -w -o '-h 127.0.0.1 -p $PORT -k $PGDATA -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300' start" >/dev/null
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "with-postgres: PostgreSQL on 127.0.0.1:$PORT" >&2
"$@"
