#!/usr/bin/env bash
# Makes sure a PostgreSQL server the Go tests can use is reachable on 127.0.0.1:5432 and
# prints the TEST_DATABASE_URL to use on stdout (progress goes to stderr).
#
# Order: use $TEST_DATABASE_URL (default: postgres://postgres@127.0.0.1:5432/postgres
# with trust auth) when it already connects; otherwise install PostgreSQL with apt when
# absent, create the cluster when none exists, start it, and when the local cluster wants
# a password for TCP logins, give the postgres role one and put it in the URL.
# Needs root (apt-get, runuser). The Go tests use it only when PostgreSQL's initdb is missing
# (scripts/test-postgres.sh, which otherwise starts a throwaway server of its own).
set -euo pipefail

default_url='postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable'
url=${TEST_DATABASE_URL:-$default_url}
log() { echo "ensure-postgres: $*" >&2; }

connects() { psql "$1" -XtAqc 'select 1' >/dev/null 2>&1; }
port_open() { (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; }

apt_install() {
  log "apt-get install $*"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >&2
}

if command -v psql >/dev/null && connects "$url"; then
  log "reachable"
  echo "$url"
  exit 0
fi

if ! port_open; then
  if ! compgen -G '/etc/postgresql/*' >/dev/null && ! compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null; then
    apt_install postgresql postgresql-client
  fi
  version=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -1 || true)
  [[ -n $version ]] || version=$(ls /usr/lib/postgresql | sort -V | tail -1)
  if [[ ! -d /etc/postgresql/$version/main ]]; then
    log "creating cluster $version/main"
    pg_createcluster "$version" main >&2
  fi
  log "starting cluster $version/main"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start >&2 ||
    pg_ctlcluster "$version" main start >&2
  for _ in $(seq 1 60); do
    port_open && break
    sleep 0.5
  done
  port_open || { log "PostgreSQL did not come up on 127.0.0.1:5432"; exit 1; }
fi

command -v psql >/dev/null || apt_install postgresql-client
for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 -p 5432 && break
  sleep 0.5
done

if connects "$url"; then
  log "reachable"
  echo "$url"
  exit 0
fi

# The server is up but refuses the URL, typically Debian's default scram-sha-256 for
# TCP. Give the postgres role a password (as the postgres OS user, over the socket).
log "TCP login as postgres needs a password: setting one for the local test role"
runuser -u postgres -- psql -XqAt -c "ALTER ROLE postgres WITH LOGIN PASSWORD 'postgres'" >&2
url='postgres://postgres:postgres@127.0.0.1:5432/postgres?sslmode=disable'
if connects "$url"; then
  log "reachable with a password"
  echo "$url"
  exit 0
fi
log "cannot connect to PostgreSQL on 127.0.0.1:5432 as postgres"
exit 1
