#!/usr/bin/env bash
# Throw-away PostgreSQL for CI and local test runs.
#
#   Sourced:  . server/scripts/ci-postgres.sh && ci_postgres_start   # exports TEST_DATABASE_URL / BENCH_DATABASE_URL
#             ...run tests...; ci_postgres_stop                       # or rely on the EXIT trap set by start
#   Direct:   server/scripts/ci-postgres.sh run npm run test:server   # start, run the command with the URLs, stop
#             PG_CI_DIR=D server/scripts/ci-postgres.sh start             # start and leave running (npm run cluster)
#             PG_CI_DIR=D server/scripts/ci-postgres.sh stop              # stop the cluster in D and remove D
#
# Installs the distribution's postgresql package when missing (needs root and apt), creates a cluster in a temp dir
# (PG_CI_DIR, default /tmp/pgtest-$$) and listens on 127.0.0.1:${PG_CI_PORT:-5433} with trust authentication.

PG_CI_PORT="${PG_CI_PORT:-5433}"
PG_CI_DIR="${PG_CI_DIR:-/tmp/pgtest-$$}"

_pg_ci_bin() {
  local bin
  bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  if [ -z "$bin" ] && command -v pg_ctl >/dev/null 2>&1; then bin="$(dirname "$(command -v pg_ctl)")"; fi
  echo "$bin"
}

# initdb and the server refuse to run as root: use the postgres account then.
_pg_ci_as_owner() {
  if [ "$(id -u)" = "0" ]; then su postgres -s /bin/sh -c "$1"; else sh -c "$1"; fi
}

ci_postgres_start() {
  local bin
  bin="$(_pg_ci_bin)"
  if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    echo "ci-postgres: installing postgresql" >&2
    if [ "$(id -u)" != "0" ]; then echo "ci-postgres: postgresql is missing and installing it needs root" >&2; return 1; fi
    DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null || return 1
    bin="$(_pg_ci_bin)"
  fi
  if [ "$(id -u)" = "0" ]; then install -d -o postgres -g postgres "$PG_CI_DIR"; else mkdir -p "$PG_CI_DIR"; fi
  _pg_ci_as_owner "'$bin/initdb' -D '$PG_CI_DIR/data' -U postgres --auth=trust >/dev/null" || return 1
  _pg_ci_as_owner "'$bin/pg_ctl' -D '$PG_CI_DIR/data' -o \"-p $PG_CI_PORT -k $PG_CI_DIR -c listen_addresses=127.0.0.1 -c fsync=off\" -l '$PG_CI_DIR/log' -w start >/dev/null" || {
    cat "$PG_CI_DIR/log" >&2
    return 1
  }
  PG_CI_BIN="$bin"
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_CI_PORT/postgres"
  export BENCH_DATABASE_URL="$TEST_DATABASE_URL"
  trap ci_postgres_stop EXIT
  echo "ci-postgres: PostgreSQL running, TEST_DATABASE_URL=$TEST_DATABASE_URL" >&2
}

ci_postgres_stop() {
  local bin="${PG_CI_BIN:-$(_pg_ci_bin)}"
  if [ -d "$PG_CI_DIR/data" ]; then
    _pg_ci_as_owner "'$bin/pg_ctl' -D '$PG_CI_DIR/data' -m fast -w stop >/dev/null" || true
    rm -rf "$PG_CI_DIR"
  fi
  trap - EXIT
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  case "${1:-}" in
    run)
      shift
      ci_postgres_start
      "$@"
      ;;
    start)
      ci_postgres_start
      trap - EXIT
      ;;
    stop)
      ci_postgres_stop
      ;;
    *)
      echo "usage: $0 run <command...> | start | stop   (or source it and call ci_postgres_start / ci_postgres_stop)" >&2
      exit 2
      ;;
  esac
fi
