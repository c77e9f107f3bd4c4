#!/usr/bin/env bash
# The MQTT station controller (internal/adapters/mqttctl), against a Mosquitto the benchmarks start themselves:
#  1. BenchmarkOpenRoundTrip: Open → broker → station program → door open event at the sink, one at a time;
#     fails when the median of the runs' p99 is over MQTT_OPEN_P99_MAX_MS (default 100).
#  2. BenchmarkStationLoad: MQTT_LOAD_STATIONS (default 1,000) stations × 24 compartments in a station-program
#     process, heartbeats every 10 s and temperatures every minute, for MQTT_LOAD_DURATION (default 2m);
#     fails when the receiving process (the mqttctl Controller and a counting sink) uses over
#     MQTT_LOAD_CPU_MAX (default 15) % of one core. MQTT_LOAD_DURATION=0 skips it.
#  3. BenchmarkFloodIsolation (before 2): 1,000 stations beside one flooding station through the shipped broker;
#     fails when a well-behaved station lost a heartbeat.
set -euo pipefail
cd "$(dirname "$0")/.."
p99max=${MQTT_OPEN_P99_MAX_MS:-100}
cpumax=${MQTT_LOAD_CPU_MAX:-15}
pkg=./internal/adapters/mqttctl/
date -u '+%Y-%m-%d %H:%M UTC'; uptime

out=$(${GO:-go} test -run '^$' -bench 'BenchmarkOpenRoundTrip$' -benchtime 1000x -count "${MQTT_OPEN_COUNT:-3}" "$pkg")
echo "$out" | grep -E '^(Benchmark|cpu)'
p99=$(echo "$out" | awk '/^BenchmarkOpenRoundTrip/ { for (i = 2; i <= NF; i++) if ($i == "p99-ms") print $(i-1) }' |
  sort -g | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }')
[[ -n $p99 ]] || { echo "mqtt: no p99 in the benchmark output" >&2; exit 1; }
if awk -v p="$p99" -v m="$p99max" 'BEGIN { exit !(p > m) }'; then
  echo "mqtt: open round trip p99 $p99 ms, over the $p99max ms budget" >&2
  exit 1
fi
echo "mqtt: open round trip p99 $p99 ms (budget $p99max ms)"

out=$(${GO:-go} test -run '^$' -bench 'BenchmarkFloodIsolation$' -benchtime 1x -timeout 30m "$pkg")
echo "$out" | grep -E '^Benchmark'
lost=$(echo "$out" | awk '/^BenchmarkFloodIsolation\/flood=on/ { for (i = 2; i <= NF; i++) if ($i == "lost") print $(i-1) }')
[[ -n $lost ]] || { echo "mqtt: no loss figure in the flood benchmark output" >&2; exit 1; }
if [[ $lost != 0 ]]; then
  echo "mqtt: $lost heartbeats of well-behaved stations lost beside a flooding station" >&2
  exit 1
fi
echo "mqtt: no well-behaved station lost a message beside a flooding station"

[[ ${MQTT_LOAD_DURATION:-2m} == 0 ]] && exit 0
out=$(MQTT_LOAD_DURATION=${MQTT_LOAD_DURATION:-2m} ${GO:-go} test -run '^$' -bench 'BenchmarkStationLoad$' -benchtime 1x \
  -timeout 2h -v "$pkg")
echo "$out" | grep -E '^(Benchmark|cpu)|bench_test'
cpu=$(echo "$out" | awk '/^BenchmarkStationLoad/ { for (i = 2; i <= NF; i++) if ($i == "cpu-%core") print $(i-1) }')
[[ -n $cpu ]] || { echo "mqtt: no CPU figure in the load benchmark output" >&2; exit 1; }
if awk -v c="$cpu" -v m="$cpumax" 'BEGIN { exit !(c > m) }'; then
  echo "mqtt: the receiver used $cpu % of a core, over the $cpumax % budget" >&2
  exit 1
fi
echo "mqtt: the receiver used $cpu % of a core (budget $cpumax %)"
