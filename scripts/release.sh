#!/usr/bin/env bash
# The rest of `make release`, after the image and the two binaries are in dist/:
#   dist/lockerd-VERSION-image.oci.tar   the image (podman save --format oci-archive)
#   dist/lockerd-VERSION.cdx.json        a CycloneDX SBOM: the Go modules linked into
#                                        lockerd and the web app's npm packages
#   dist/SHA256SUMS                      the SHA-256 of every file above and the binaries
# The SBOM tools are pinned and installed into bin/tools once, through the registries
# the project uses anyway (the Go module proxy, npm).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/containers.sh

gomod_version=v1.10.0
npm_version=6.0.1
tools="$PWD/bin/tools"

version=$(scripts/version.sh)
tag=${version//+/_}
dist=dist
for arch in amd64 arm64; do
  [[ -x $dist/lockerd-$version-linux-$arch ]] || { echo "release: no $dist/lockerd-$version-linux-$arch; run make release" >&2; exit 1; }
done
# The image holds bin/lockerd; the amd64 binary released is the same file (Go builds reproducibly).
if [[ $(go env GOARCH) == amd64 ]] && ! cmp -s bin/lockerd "$dist/lockerd-$version-linux-amd64"; then
  echo "release: bin/lockerd (in the image) and $dist/lockerd-$version-linux-amd64 differ" >&2
  exit 1
fi
# One SBOM for both: the architectures must link the same modules.
mods() { go version -m "$1" | awk '$1 == "dep" || $1 == "=>" {print $2, $3}'; }
if ! diff <(mods "$dist/lockerd-$version-linux-amd64") <(mods "$dist/lockerd-$version-linux-arm64") >&2; then
  echo "release: the amd64 and arm64 binaries link different modules" >&2
  exit 1
fi

podman save --quiet --format oci-archive -o "$dist/lockerd-$version-image.oci.tar" "lockers/lockerd:$tag"

gomod="$tools/cyclonedx-gomod"
if [[ ! -x $gomod ]] || ! "$gomod" version 2>/dev/null | grep -q "$gomod_version"; then
  echo "release: installing cyclonedx-gomod $gomod_version into bin/tools" >&2
  GOBIN="$tools" go install "github.com/CycloneDX/cyclonedx-gomod/cmd/cyclonedx-gomod@$gomod_version" >&2
fi
npm_dir="$tools/cyclonedx-npm"
cdx_npm="$npm_dir/node_modules/.bin/cyclonedx-npm"
if [[ ! -x $cdx_npm ]] || [[ $("$cdx_npm" --version) != "$npm_version" ]]; then
  echo "release: installing @cyclonedx/cyclonedx-npm $npm_version into bin/tools" >&2
  mkdir -p "$npm_dir"
  npm install --no-audit --no-fund --no-save --loglevel=error --prefix "$npm_dir" "@cyclonedx/cyclonedx-npm@$npm_version" >&2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The modules lockerd links, from the binary itself (build settings and module sums
# included); licences as found in the module cache (reported as evidence).
"$gomod" bin -json -std -licenses -noserial -notimestamp -version "$version" \
  -output "$work/go.json" "$dist/lockerd-$version-linux-amd64"
# Every package of web/package-lock.json, the build's own included: the web build
# inlines code from some of them (the service worker's Workbox runtime), so leaving
# out the dev dependencies would leave out shipped code.
"$cdx_npm" --package-lock-only --output-reproducible --output-format JSON --output-file "$work/web.json" web/package.json
node scripts/sbom-merge.mjs "$work/go.json" "$work/web.json" "$(git log -1 --format=%cI 2>/dev/null || date -u +%FT%TZ)" \
  "$npm_dir/node_modules/@cyclonedx/cyclonedx-library" >"$dist/lockerd-$version.cdx.json"

(cd "$dist" && rm -f SHA256SUMS && sha256sum -- * >SHA256SUMS.tmp && mv SHA256SUMS.tmp SHA256SUMS)
echo "release: $version in $dist/" >&2
(cd "$dist" && ls -l --block-size=1 | tail -n +2 | awk '{printf "  %12s  %s\n", $5, $9}' >&2)
