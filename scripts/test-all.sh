#!/usr/bin/env bash
# `make test`: the Go tests run beside the web and browser tests. Go is mostly CPU
# (compiling, -race) and the browser tests mostly wait on a page, so side by side
# they take little longer than the longer of the two. The web and browser output
# streams as it comes; Go's is printed whole when Go ends, so neither is torn.
set -uo pipefail
cd "$(dirname "$0")/.."

go_log=$(mktemp)
trap 'rm -f "$go_log"' EXIT
# Each step's wall time and the CPU of everything it ran go into the log, so a slow run
# shows which side and which step was slow.
timed() {
  local TIMEFORMAT="$1: %R s wall, %U s user, %S s system"
  shift
  time "$@"
}

(timed test-go make test-go) >"$go_log" 2>&1 &
go_pid=$!

start=$SECONDS
# The image test last: it packs the bin/lockerd test-e2e built (about half a minute).
browser_status=0
for target in test-web test-e2e test-image; do
  timed "$target" make "$target" || { browser_status=$?; break; }
done
echo "test-web, test-e2e and test-image: $((SECONDS - start)) s"

wait "$go_pid"
go_status=$?
echo "---- test-go ----"
cat "$go_log"

if ((go_status != 0 || browser_status != 0)); then
  echo "make test: test-go exit $go_status, test-web/test-e2e/test-image exit $browser_status" >&2
  exit 1
fi
