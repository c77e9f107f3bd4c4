#!/usr/bin/env bash
# Checks the web app's first-load weight: what a browser must fetch before the first page
# renders, gzipped. That is the entry script (src/boot/main.ts; index.html's first-screen
# script imports it after the first paint and names it in its config) plus the app it
# imports (src/boot/start.tsx) with every chunk Vite's loader preloads with it: the list in
# the entry's __vite__mapDeps. Fails above WEB_ENTRY_MAX_GZIP bytes (default 135 kB = 135000
# bytes), or when the entry pulls in a chart library (admin charts must stay in lazy chunks).
set -euo pipefail
cd "$(dirname "$0")/.."
dist=web/dist
max=${WEB_ENTRY_MAX_GZIP:-135000}
index=$dist/index.html
[[ -f $index ]] || { echo "web-size: $index missing: run \`make web\` first" >&2; exit 1; }

main=$(grep -oE '"entry":"/assets/[^"]+\.js"' "$index" | grep -oE 'assets/[^"]+\.js' | head -1)
[[ -n $main ]] || { echo "web-size: no entry script found in $index" >&2; exit 1; }
mapfile -t entry < <({
  echo "$main"
  grep -oE 'm\.f=\[[^]]*\]' "$dist/$main" | grep -oE 'assets/[^"`]+\.js' || true
} | sort -u)

total=0
printf '%-50s %10s %10s\n' file raw gzip
for f in "${entry[@]}"; do
  path=$dist/$f
  [[ -f $path ]] || { echo "web-size: $path referenced by index.html is missing" >&2; exit 1; }
  raw=$(wc -c <"$path")
  gz=$(gzip -9 -c "$path" | wc -c)
  total=$((total + gz))
  printf '%-50s %10d %10d\n' "$f" "$raw" "$gz"
done
chunks=$(find "$dist" -name '*.js' | wc -l)
printf '%-50s %10s %10d\n' "entry total (${#entry[@]} files; $chunks JS files in dist)" "" "$total"

status=0
if grep -lE 'recharts|chart\.js' "${entry[@]/#/$dist/}" >/dev/null 2>&1; then
  echo "web-size: a chart library is part of the entry; it belongs in a lazy admin chunk" >&2
  status=1
fi
if ((total > max)); then
  echo "web-size: entry JS is $total bytes gzipped, over the $max byte budget" >&2
  status=1
else
  echo "web-size: entry JS $total bytes gzipped (budget $max)"
fi
exit $status
