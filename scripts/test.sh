#!/usr/bin/env bash
# The whole test run, the same on a fresh machine, a developer's machine and CI:
#   1. installs (Debian packages, as root) and starts what the tests need: a PostgreSQL server on
#      loopback for the ledger, casino and server tests, and Debian's chromium for the browser tests;
#   2. installs crupier with its test extra in .venv;
#   3. runs the lint, the format check, strict typing and the test suite.
# Nothing is skipped for want of a service: if PostgreSQL or chromium cannot be had, the run fails
# (set CRUPIER_ALLOW_MISSING_SERVICES=1 to run the rest anyway, with those tests skipped).
set -euo pipefail
cd "$(dirname "$0")/.."
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_PROGRESS_BAR=off

PG_PORT=${CRUPIER_PG_PORT:-55433}
PG_DIR=${CRUPIER_PG_DIR:-/tmp/crupier-test-pg}

missing() {
  if [ "${CRUPIER_ALLOW_MISSING_SERVICES:-0}" = 1 ]; then
    echo "WARNING: $1; those tests will be skipped" >&2
  else
    echo "ERROR: $1 (set CRUPIER_ALLOW_MISSING_SERVICES=1 to run without it)" >&2
    exit 1
  fi
}

apt_install() {  # apt_install PACKAGE...: Debian packages, once
  [ "$(id -u)" = 0 ] || return 1
  if [ ! -f /tmp/crupier-apt-updated ]; then apt-get update -qq && touch /tmp/crupier-apt-updated; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

start_postgres() {
  if [ -n "${CRUPIER_TEST_PG_URL:-}" ]; then return 0; fi  # a server the caller names
  if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then apt_install postgresql || return 1; fi
  if pg_isready -q -h 127.0.0.1 -p "$PG_PORT" 2>/dev/null; then ensure_database; return; fi
  local bin; bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  local run=("$bin/pg_ctl" -D "$PG_DIR/data")
  local as=()
  if [ "$(id -u)" = 0 ]; then as=(su postgres -c); fi
  if [ ! -f "$PG_DIR/data/PG_VERSION" ]; then
    rm -rf "$PG_DIR"; mkdir -p "$PG_DIR"
    if [ "$(id -u)" = 0 ]; then chown postgres "$PG_DIR"; fi
    if [ ${#as[@]} -gt 0 ]; then "${as[@]}" "$bin/initdb -D $PG_DIR/data -A trust -U postgres" >/dev/null || return 1
    else "$bin/initdb" -D "$PG_DIR/data" -A trust -U postgres >/dev/null || return 1; fi
  fi
  local opts="-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c max_connections=300"
  if [ ${#as[@]} -gt 0 ]; then "${as[@]}" "${run[*]} -l $PG_DIR/server.log -w -o '$opts' start" >/dev/null || return 1
  else "${run[@]}" -l "$PG_DIR/server.log" -w -o "$opts" start >/dev/null || return 1; fi
  STARTED_PG=1
  ensure_database
}

ensure_database() {
  psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -tc "select 1 from pg_database where datname='crupier_test'" | grep -q 1 \
    || psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -c "create database crupier_test" >/dev/null || return 1
  export CRUPIER_TEST_PG_URL="postgresql://postgres@127.0.0.1:$PG_PORT/crupier_test"
}

stop_postgres() {
  if [ "${STARTED_PG:-0}" = 1 ]; then
    local bin; bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
    if [ "$(id -u)" = 0 ]; then su postgres -c "$bin/pg_ctl -D $PG_DIR/data stop -m fast" >/dev/null 2>&1 || true
    else "$bin/pg_ctl" -D "$PG_DIR/data" stop -m fast >/dev/null 2>&1 || true; fi
  fi
}

ensure_chromium() {
  if [ -x /usr/bin/chromium ]; then return 0; fi
  apt_install chromium
}

if start_postgres; then
  echo "PostgreSQL for the tests: $CRUPIER_TEST_PG_URL"
  trap stop_postgres EXIT
else
  missing "no PostgreSQL server could be installed or started"
fi
if ensure_chromium; then
  echo "Browser for the UI tests: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
else
  missing "Debian's chromium could not be installed"
fi

python3 -m venv .venv
.venv/bin/pip install -q -e '.[test]'
.venv/bin/ruff check
.venv/bin/ruff format --check
.venv/bin/mypy
.venv/bin/python -m pytest "$@"
