#!/usr/bin/env bash
# Runs podman or buildah on lockerd's own container store, e.g.
#   scripts/containers.sh podman images
#   scripts/containers.sh podman run --rm --network host lockers/lockerd
# The settings are deploy/containers.conf; the store (vfs: plain folders, no mounts
# left behind) is bin/containers/, git-ignored and removed by `make clean`.
# Sourced (`. scripts/containers.sh`) it only sets the environment.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
store="$root/bin/containers"

need=()
for tool in buildah podman runc; do
  command -v "$tool" >/dev/null || need+=("$tool")
done
if ((${#need[@]})); then
  echo "containers: ${need[*]} missing; install with: apt-get install -y --no-install-recommends buildah podman runc" >&2
  exit 1
fi

mkdir -p "$store"
conf="$store/storage.conf"
want=$(printf '[storage]\ndriver = "vfs"\ngraphroot = "%s/storage"\nrunroot = "%s/run"\n' "$store" "$store")
[[ -f $conf && "$(<"$conf")" == "$want" ]] || printf '%s\n' "$want" >"$conf"
export CONTAINERS_CONF="$root/deploy/containers.conf" CONTAINERS_STORAGE_CONF="$conf"

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
  (($#)) || { echo "usage: scripts/containers.sh podman|buildah ARGS..." >&2; exit 2; }
  exec "$@"
fi
