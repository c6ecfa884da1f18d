#!/usr/bin/env bash
# Start a throwaway PostgreSQL cluster on 127.0.0.1:$PGPORT, run "$@" with DATABASE_URL set, stop and delete it.
# Room for the connections of a parallel test run (each worker its own database, servers and pools).
set -euo pipefail
if ! ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >/dev/null
  else
    echo "PostgreSQL server missing: install Debian's postgresql package" >&2; exit 1
  fi
fi
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
PGPORT=${PGPORT:-25432}  # below the ephemeral ports (32768-60999) that a load run leaves in TIME_WAIT
PGTMP=$(mktemp -d /tmp/pgci.XXXXXX)
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }   # initdb refuses root
[ "$(id -u)" = 0 ] && chown postgres:postgres "$PGTMP"
cleanup() { as_pg "$PGBIN/pg_ctl" -D "$PGTMP/data" -m fast -w stop >/dev/null 2>&1 || true; rm -rf "$PGTMP"; }
trap cleanup EXIT
as_pg "$PGBIN/initdb" -D "$PGTMP/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 \
      --no-sync --no-instructions >"$PGTMP/initdb.log"
as_pg "$PGBIN/pg_ctl" -D "$PGTMP/data" -l "$PGTMP/server.log" -w -t 30 \
  -o "-p $PGPORT -k $PGTMP -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
  start >/dev/null || { cat "$PGTMP/server.log" >&2; exit 1; }
"$PGBIN/createdb" -h 127.0.0.1 -p "$PGPORT" -U postgres canasta_test
export DATABASE_URL="postgresql+psycopg://postgres@127.0.0.1:$PGPORT/canasta_test"
"$@"
