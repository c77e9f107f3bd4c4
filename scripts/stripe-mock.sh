#!/usr/bin/env bash
# Prints the path of a stripe-mock binary for the Stripe adapter's tests:
# $STRIPE_MOCK if set, else bin/tools/stripe-mock, else one on the PATH or in
# Go's bin folder, else it installs the pinned version into bin/tools first.
set -euo pipefail
cd "$(dirname "$0")/.."
version=v0.203.0
tools="$PWD/bin/tools"

if [[ -n "${STRIPE_MOCK:-}" ]]; then
  echo "$STRIPE_MOCK"; exit 0
fi
for candidate in "$tools/stripe-mock" "$(command -v stripe-mock || true)" "$(go env GOPATH)/bin/stripe-mock"; do
  if [[ -n "$candidate" && -x "$candidate" ]]; then
    echo "$candidate"; exit 0
  fi
done
echo "stripe-mock: installing $version into bin/tools" >&2
GOBIN="$tools" go install "github.com/stripe/stripe-mock@$version" >&2
echo "$tools/stripe-mock"
