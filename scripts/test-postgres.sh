#!/usr/bin/env bash
# Runs a command (the Go tests) with TEST_DATABASE_URL pointing at a PostgreSQL server of its own:
# a throwaway cluster in memory (tmpfs) on a free loopback port, without fsync, removed when the command ends.
#
# Why: every store test clones a template database and drops it afterwards, several hundred a run, and
# PostgreSQL checkpoints at every DROP DATABASE. On a disk-backed server each clone-and-drop cost 0.3-0.5 s
# of CPU, most of it the kernel writing and syncing pages the test never needed kept (docs/benchmarks.md
# §14); in memory without fsync it costs about 30 ms. Durability is the one thing the tests give up, and
# none of them tests PostgreSQL's crash recovery.
#
# A TEST_DATABASE_URL that is already set is used as it is (a server of your choice). Without PostgreSQL's
# server programs (initdb, pg_ctl) the command runs against the server scripts/ensure-postgres.sh finds or
# starts on 127.0.0.1:5432.
# Usage: scripts/test-postgres.sh COMMAND [ARG...]
set -euo pipefail
cd "$(dirname "$0")/.."
log() { echo "test-postgres: $*" >&2; }

if [[ -n ${TEST_DATABASE_URL:-} ]]; then
  exec "$@"
fi

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
[[ -n $bindir ]] || bindir=$(dirname "$(command -v initdb 2>/dev/null || echo /nonexistent/initdb)")
if [[ ! -x $bindir/initdb || ! -x $bindir/pg_ctl ]]; then
  log "initdb and pg_ctl not found: using the server on 127.0.0.1:5432"
  TEST_DATABASE_URL=$(scripts/ensure-postgres.sh)
  export TEST_DATABASE_URL
  exec "$@"
fi

# PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres user.
as_owner=()
if ((EUID == 0)); then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  as_owner=(runuser -u postgres --)
fi

parent=/dev/shm
[[ -d $parent && -w $parent ]] || parent=${TMPDIR:-/tmp}
dir=$(mktemp -d "$parent/lockers-test-postgres.XXXXXX")
((EUID == 0)) && chown postgres "$dir"

stop() {
  "${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

"${as_owner[@]}" "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 --no-sync >"$dir/initdb.log" 2>&1 ||
  { cat "$dir/initdb.log" >&2; log "initdb failed"; exit 1; }

# A free port: ask the kernel for one, then let PostgreSQL take it (another try if it was taken meanwhile).
free_port() { node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'; }
started=
for _ in 1 2 3; do
  port=$(free_port)
  if "${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 start -o \
    "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off" >/dev/null; then
    started=1
    break
  fi
done
[[ -n $started ]] || { cat "$dir/server.log" >&2; log "PostgreSQL did not start"; exit 1; }

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable"
log "PostgreSQL $("$bindir/postgres" --version | awk "{print \$3}") in $dir on port $port"
status=0
"$@" || status=$?
exit "$status"
