#!/usr/bin/env bash
# Prints the path of staticcheck for `make test-go`: bin/tools/staticcheck when it is the pinned version, else
# it installs the pinned version there first (Go's module proxy; no other tool needed).
set -euo pipefail
cd "$(dirname "$0")/.."
version=v0.8.2
tools="$PWD/bin/tools"
bin="$tools/staticcheck"

if [[ -x $bin ]] && "$bin" -version 2>/dev/null | grep -qF "(${version})"; then
  echo "$bin"; exit 0
fi
echo "staticcheck: installing $version into bin/tools" >&2
GOBIN="$tools" go install "honnef.co/go/tools/cmd/staticcheck@$version" >&2
echo "$bin"
