#!/usr/bin/env bash
# `make image`: builds lockerd's image from bin/lockerd (`make build`) with buildah,
# without a registry or a daemon, into the store of scripts/containers.sh, and tags it
# lockers/lockerd:VERSION (VERSION from scripts/version.sh, "+" written "_", which a
# tag cannot hold) and lockers/lockerd:latest. Two builds of the same binary and CA
# package give the same image id: file times and the creation time are 0, and the
# files come in one layer in a fixed order.
# `scripts/image.sh --again` builds once more from the files the last build laid out,
# without tagging anything (the image test compares the ids).
# Prints the image id on standard output, the figures on standard error.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/containers.sh

context=bin/image/context
# build VERSION [buildah flags]: the one build command; prints the image id.
build() {
  local version=$1 iid
  shift
  iid=$(mktemp)
  # --identity-label=false: no label naming buildah's version, which would change the id
  # with the builder (the Dockerfile's image has no such label either).
  buildah build --quiet --isolation chroot --pull=never --timestamp 0 --layers=false --identity-label=false \
    --build-arg "VERSION=$version" -f deploy/Containerfile --iidfile "$iid" "$@" "$context" >/dev/null
  printf '%s\n' "$(sed 's/^sha256://' "$iid")"
  rm -f "$iid"
}

if [[ ${1:-} == --again ]]; then
  [[ -f bin/image/version ]] || { echo "image: no earlier build to repeat; run make image" >&2; exit 1; }
  build "$(<bin/image/version)"
  exit 0
fi

version=$(scripts/version.sh)
bin=bin/lockerd
[[ -x $bin ]] || { echo "image: no $bin; run make build" >&2; exit 1; }
# The image must hold what `make build` makes of this tree: static, web app inside, this version.
built=$("$bin" version)
[[ $built == "$version" ]] || { echo "image: $bin is version $built, the tree is $version; run make build" >&2; exit 1; }
settings=$(go version -m "$bin")
for want in 'CGO_ENABLED=0' '-tags=embedweb,timetzdata' '-trimpath=true'; do
  grep -qF -- "$want" <<<"$settings" || { echo "image: $bin was not built with $want; run make build" >&2; exit 1; }
done

# Debian's ca-certificates package, kept in bin/image/debs: the build uses the newest one
# there, and asks apt for a newer one when there is none or with IMAGE_CA_REFRESH=1
# (`make release` does).
debs=bin/image/debs
mkdir -p "$debs"
deb=$(ls -1 "$debs"/ca-certificates_*_all.deb 2>/dev/null | sort -V | tail -n 1 || true)
if [[ -z $deb || ${IMAGE_CA_REFRESH:-} == 1 ]]; then
  ca_version=$(apt-cache policy ca-certificates | awk '/Candidate:/ {print $2}')
  [[ -n $ca_version && $ca_version != "(none)" ]] || { echo "image: apt knows no ca-certificates package (apt-get update?)" >&2; exit 1; }
  deb="$debs/ca-certificates_${ca_version//:/%3a}_all.deb"
  [[ -f $deb ]] || (cd "$debs" && apt-get download -q "ca-certificates=$ca_version" 2>&1 | grep -v 'unsandboxed as root' >&2)
  [[ -f $deb ]] || { echo "image: could not download ca-certificates $ca_version into $debs" >&2; exit 1; }
fi
ca_version=$(dpkg-deb --field "$deb" Version)

scripts/image-rootfs.sh "$bin" "$deb" "$context"
echo "$version" >bin/image/version

tag=${version//+/_}
start=$EPOCHREALTIME
id=$(build "$version" -t "lockers/lockerd:$tag" -t lockers/lockerd:latest)
ms=$(( (${EPOCHREALTIME/./} - ${start/./}) / 1000 ))
# Earlier builds' images go: each is a copy of the binary in a vfs store.
old=$(buildah images --noheading --no-trunc --format '{{.ID}}' --filter reference=lockers/lockerd | sed 's/^sha256://' | sort -u | grep -vx "$id" || true)
[[ -z $old ]] || buildah rmi --force $old >/dev/null
buildah rmi --prune >/dev/null
size=$(du -sb "$context" | cut -f1)
printf 'image: lockers/lockerd:%s %s, %s bytes of files, built in %d ms (CA certificates %s)\n' "$tag" "${id:0:12}" "$size" "$ms" "$ca_version" >&2
echo "$id"
