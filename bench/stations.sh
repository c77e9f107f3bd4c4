#!/usr/bin/env bash
# lockerd as a whole under many stations (issue 13's budget: 1,000 stations × 24 compartments, heartbeats every
# 10 s and temperatures every minute, lockerd under 15 % of one core and memory flat over 10 minutes).
#
# It builds lockerd, makes a SQLite database with STATIONS stations of 24 compartments whose ids and labels are
# the station program's (every fourth compartment cooled), starts a Mosquitto of its own on a free port,
# `lockerd serve` with CONTROLLER=mqtt and `lockerd station-sim`, waits until every station is online, then
# samples lockerd's CPU time (user + system, /proc/PID/stat) and RSS every SAMPLE seconds for DURATION seconds.
# Fails when lockerd used more than CPU_MAX % of one core over the run, or its RSS grew by more than RSS_GROW_MAX_MB
# between the first and the last sample.
set -euo pipefail
cd "$(dirname "$0")/.."
stations=${STATIONS:-1000}
duration=${DURATION:-600}
sample=${SAMPLE:-30}
cpumax=${CPU_MAX:-15}
rssgrow=${RSS_GROW_MAX_MB:-20}

work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

freeport() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

${GO:-go} build -o "$work/lockerd" ./cmd/lockerd
db="$work/lockers.db"
export DATABASE_URL="sqlite:$db" DEMO_SEED=false LOG_LEVEL=warn
"$work/lockerd" migrate >/dev/null

python3 - "$db" "$stations" <<'PY'
import sqlite3, sys
db, n = sys.argv[1], int(sys.argv[2])
c = sqlite3.connect(db)
for s in range(1, n + 1):
    sid = "00000000-0000-4000-8000-%012d" % s  # stationprog.SimStationID
    c.execute("INSERT INTO stations (id, name, address, city, latitude, longitude) VALUES (?, ?, ?, ?, ?, ?)",
              (sid, "Station %d" % s, "Street %d" % s, "Tallinn", 59.4, 24.7))
    for k in range(1, 25):
        lid = "00000000-0000-4000-9%03d-%012d" % (k, s)
        c.execute("INSERT INTO lockers (id, station_id, label, height, temperature, height_mm, width_mm, depth_mm)"
                  " VALUES (?, ?, ?, 'small', ?, 360, 440, 600)",
                  (lid, sid, "A%02d" % k, "cool" if k % 4 == 0 else "neutral"))  # stationprog.DefaultCompartments
c.commit()
PY

mqport=$(freeport)
printf 'listener %s 127.0.0.1\nallow_anonymous true\npersistence false\nset_tcp_nodelay true\n' "$mqport" >"$work/mosquitto.conf"
${MOSQUITTO:-/usr/sbin/mosquitto} -c "$work/mosquitto.conf" >"$work/mosquitto.log" 2>&1 &
pids+=($!)
sleep 0.5

export CONTROLLER=mqtt MQTT_URL="mqtt://127.0.0.1:$mqport" HTTP_ADDR="127.0.0.1:$(freeport)"
# The stations sign with keys derived from the same secret as lockerd's (generation 1).
export STATION_SECRET=bench-stations-secret-0123456789abcdef
"$work/lockerd" serve >"$work/lockerd.log" 2>&1 &
lockerd=$!
pids+=($lockerd)
sleep 2
"$work/lockerd" station-sim -url "$MQTT_URL" -stations "$stations" -compartments 24 >"$work/sim.log" 2>&1 &
pids+=($!)

online() { python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(\"SELECT count(*) FROM stations WHERE link_state = 'online'\").fetchone()[0])" "$db"; }
for _ in $(seq 1 120); do
  [[ $(online) -ge $stations ]] && break
  sleep 1
done
echo "stations: $(online) of $stations online; $(date -u '+%Y-%m-%d %H:%M UTC'), $(uptime | sed 's/.*load/load/')"

ticks=$(getconf CLK_TCK)
cputime() { awk '{ print $14 + $15 }' "/proc/$lockerd/stat"; }
rss() { awk '/^VmRSS/ { print $2 }' "/proc/$lockerd/status"; }
t0=$(date +%s.%N); c0=$(cputime); r0=$(rss)
prev_t=$t0; prev_c=$c0
echo "t(s)  cpu%(interval)  rss(MB)"
end=$(($(date +%s) + duration))
while (($(date +%s) < end)); do
  sleep "$sample"
  t=$(date +%s.%N); c=$(cputime); r=$(rss)
  awk -v t="$t" -v pt="$prev_t" -v t0="$t0" -v c="$c" -v pc="$prev_c" -v hz="$ticks" -v r="$r" \
    'BEGIN { printf "%5.0f  %6.2f  %7.1f\n", t - t0, 100 * (c - pc) / hz / (t - pt), r / 1024 }'
  prev_t=$t; prev_c=$c
done
awk -v t="$prev_t" -v t0="$t0" -v c="$prev_c" -v c0="$c0" -v hz="$ticks" -v r0="$r0" -v r="$(rss)" -v cm="$cpumax" -v gm="$rssgrow" '
  BEGIN {
    cpu = 100 * (c - c0) / hz / (t - t0); grow = (r - r0) / 1024; first = r0 / 1024; last = r / 1024
    printf "lockerd: %.2f %% of one core over %.0f s (budget %s %%); RSS %.1f -> %.1f MB (growth budget %s MB)\n", cpu, t - t0, cm, first, last, gm
    exit (cpu > cm || grow > gm) }'
