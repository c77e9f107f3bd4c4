#!/usr/bin/env bash
# `make test` in three lanes at once: the Go tests; ESLint, Vitest and staticcheck; and the type-check, the
# build and the browser tests, then the image test (it packs the bin/lockerd that lane built).
# Each lane alone leaves the CPUs idle much of the time (the Go tests wait for timeouts and
# PostgreSQL, the browser tests for pages and timers), so side by side they take little longer
# than the longest of them. The browser lane's output comes as it goes (a browser file's report when
# the file ends); the other two are printed whole when all have ended, so none is torn.
# The run is CPU-bound and the browser lane is the longest: the other two run under `nice`, so they
# use what it leaves (docs/decisions/091-test-lanes.md). Their tests' waits allow for that: Vitest's are 5 to
# 20 s long, and a door test that counts the station's opens waits for an answer as long as
# production does (5 s).
set -uo pipefail
cd "$(dirname "$0")/.."

go_log=$(mktemp)
web_log=$(mktemp)
trap 'rm -f "$go_log" "$web_log"' EXIT
# Each step's wall time and the CPU of everything it ran go into the log, so a slow run
# shows which lane and which step was slow.
timed() {
  local TIMEFORMAT="$1: %R s wall, %U s user, %S s system"
  shift
  time "$@"
}

(timed test-go nice -n 10 make test-go) >"$go_log" 2>&1 &
go_pid=$!
(timed test-web-checks nice -n 10 make test-web-checks && timed test-go-lint nice -n 10 make test-go-lint) >"$web_log" 2>&1 &
web_pid=$!

start=$SECONDS
browser_status=0
for target in test-web-types test-e2e test-image; do
  timed "$target" make "$target" || { browser_status=$?; break; }
done
echo "test-web-types, test-e2e and test-image: $((SECONDS - start)) s"

wait "$web_pid"
web_status=$?
wait "$go_pid"
go_status=$?
echo "---- test-web-checks and test-go-lint ----"
cat "$web_log"
echo "---- test-go ----"
cat "$go_log"

if ((go_status != 0 || web_status != 0 || browser_status != 0)); then
  echo "make test: test-go exit $go_status, test-web-checks/test-go-lint exit $web_status, test-web-types/test-e2e/test-image exit $browser_status" >&2
  exit 1
fi
