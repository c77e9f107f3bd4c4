#!/usr/bin/env bash
# Prints the one version of a build, which lockerd (`lockerd version`, -ldflags),
# the web app (LOCKERS_VERSION for Vite: the device info it sends, checked against
# MIN_APP_VERSION) and the image's label all carry:
#   - the release tag on HEAD, vMAJOR.MINOR.PATCH, without its "v" — it must equal
#     web/package.json's version (a tag that does not is a mistake: this fails);
#   - else web/package.json's version plus the commit as semver build metadata,
#     e.g. 5.3.0+g1a2b3c4d5e6f (build metadata never changes a version's order,
#     so MIN_APP_VERSION checks treat it as 5.3.0);
#   - without git (a source archive, a Docker build context) the bare package.json version.
set -euo pipefail
cd "$(dirname "$0")/.."

pkg=$(node -p 'require("./web/package.json").version')
if [[ ! $pkg =~ ^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$ ]]; then
  echo "version: web/package.json's version \"$pkg\" is not MAJOR.MINOR.PATCH" >&2
  exit 1
fi

# A make recipe pins the version it printed for what it runs next (LOCKERS_VERSION), so a
# commit landing mid-build cannot give lockerd and its web app different versions. Only the
# build metadata can be pinned: MAJOR.MINOR.PATCH stays package.json's.
if [[ -n ${LOCKERS_VERSION:-} ]]; then
  if [[ ! $LOCKERS_VERSION =~ ^([0-9]+\.[0-9]+\.[0-9]+)(\+[0-9A-Za-z.-]+)?$ || ${BASH_REMATCH[1]} != "$pkg" ]]; then
    echo "version: LOCKERS_VERSION=$LOCKERS_VERSION is not web/package.json's version $pkg (with +build metadata or none)" >&2
    exit 1
  fi
  echo "$LOCKERS_VERSION"
  exit 0
fi

if ! commit=$(git rev-parse --short=12 HEAD 2>/dev/null); then
  echo "$pkg"
  exit 0
fi

# Release tags only (vX.Y.Z); other tags on the commit are ignored.
tag=$(git tag --points-at HEAD --list 'v[0-9]*' | grep -E '^v[0-9]+\.[0-9]+\.[0-9]+$' | sort -V | tail -n 1 || true)
if [[ -n $tag ]]; then
  if [[ ${tag#v} != "$pkg" ]]; then
    echo "version: HEAD is tagged $tag but web/package.json says $pkg; set it there first (cd web && npm version ${tag#v} --no-git-tag-version && node build/native-version.mjs) and tag that commit" >&2
    exit 1
  fi
  echo "${tag#v}"
  exit 0
fi
echo "$pkg+g$commit"
