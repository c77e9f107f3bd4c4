#!/bin/sh
# Writes DIR/mosquitto.conf: deploy/mosquitto's broker configuration as shipped, except that the TLS listener
# becomes plain TCP on 127.0.0.1:PORT, its files are DIR's and nothing persists; for trying CONTROLLER=mqtt on
# one machine (README, "Real cabinets over MQTT"). Never expose it beyond loopback: it has no TLS.
# Write DIR/passwd first (lockerd station-credentials broker-file DIR/passwd).
set -eu
dir=${1:?usage: try-local.sh DIR [PORT]}
port=${2:-1883}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
cp "$here/acl" "$dir/acl"
sed -e "s#/etc/mosquitto/lockers/#$dir/#" \
    -e "s#^listener 8883#listener $port 127.0.0.1#" \
    -e '/^certfile/d' -e '/^keyfile/d' -e '/^tls_version/d' -e '/^persistence_location/d' \
    -e 's#^persistence true#persistence false#' -e 's#^log_dest syslog#log_dest stderr#' \
    "$here/mosquitto.conf" >"$dir/mosquitto.conf"
# A broker started as root reads its files as the mosquitto user.
[ -f "$dir/passwd" ] && chmod 644 "$dir/passwd"
chmod 755 "$dir"
echo "wrote $dir/mosquitto.conf (plain TCP on 127.0.0.1:$port)"
