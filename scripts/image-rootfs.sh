#!/usr/bin/env bash
# Lays out the files of lockerd's image in OUT, for deploy/Containerfile (`make image`)
# and the Dockerfile's last stage alike, so both images hold the same files:
#   OUT/rootfs/usr/local/bin/lockerd               the static binary
#   OUT/rootfs/etc/ssl/certs/ca-certificates.crt   Debian's CA bundle (Stripe, SMTP, S3 over TLS)
#   OUT/rootfs/etc/passwd, OUT/rootfs/etc/group    root and lockerd (uid/gid 65532)
#   OUT/rootfs/tmp                                 mode 1777
#   OUT/data                                       empty; copied to /data owned by 65532
# The CA bundle is made from the ca-certificates package's own Mozilla certificates,
# concatenated in name order as update-ca-certificates does with its default
# selection — never from a machine's installed bundle, which may hold a local CA
# (a proxy's) that has no business in the image.
# Usage: scripts/image-rootfs.sh LOCKERD CA_CERTIFICATES_DEB OUT
set -euo pipefail
(($# == 3)) || { echo "usage: $0 LOCKERD CA_CERTIFICATES_DEB OUT" >&2; exit 2; }
bin=$1 deb=$2 out=$3

rm -rf "$out"
mkdir -p "$out/rootfs/usr/local/bin" "$out/rootfs/etc/ssl/certs" "$out/rootfs/tmp" "$out/data"
install -m 0755 "$bin" "$out/rootfs/usr/local/bin/lockerd"

pkg=$(mktemp -d)
trap 'rm -rf "$pkg"' EXIT
dpkg-deb -x "$deb" "$pkg"
mapfile -t certs < <(cd "$pkg/usr/share/ca-certificates" && LC_ALL=C find mozilla -name '*.crt' | LC_ALL=C sort)
((${#certs[@]} > 100)) || { echo "image-rootfs: $deb holds ${#certs[@]} Mozilla certificates, expected over 100" >&2; exit 1; }
# awk 1 ends each file's last line with a newline, as update-ca-certificates makes sure of.
(cd "$pkg/usr/share/ca-certificates" && awk 1 "${certs[@]}") >"$out/rootfs/etc/ssl/certs/ca-certificates.crt"

printf '%s\n' 'root:x:0:0:root:/root:/sbin/nologin' 'lockerd:x:65532:65532:lockerd:/data:/sbin/nologin' >"$out/rootfs/etc/passwd"
printf '%s\n' 'root:x:0:' 'lockerd:x:65532:' >"$out/rootfs/etc/group"
chmod 0644 "$out/rootfs/etc/passwd" "$out/rootfs/etc/group" "$out/rootfs/etc/ssl/certs/ca-certificates.crt"
chmod 0755 "$out/rootfs" "$out/rootfs/usr" "$out/rootfs/usr/local" "$out/rootfs/usr/local/bin" \
  "$out/rootfs/etc" "$out/rootfs/etc/ssl" "$out/rootfs/etc/ssl/certs" "$out/data"
chmod 1777 "$out/rootfs/tmp"
