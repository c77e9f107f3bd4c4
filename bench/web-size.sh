#!/usr/bin/env bash
# Checks the web app's first-load weight: the entry script of web/dist/index.html plus
# every chunk listed to preload with it (what a browser must fetch before the first page renders),
# gzipped. Fails above WEB_ENTRY_MAX_GZIP bytes (default 120 kB = 120000 bytes), or
# when the entry pulls in a chart library (admin charts must stay in lazy chunks).
set -euo pipefail
cd "$(dirname "$0")/.."
dist=web/dist
max=${WEB_ENTRY_MAX_GZIP:-120000}
index=$dist/index.html
[[ -f $index ]] || { echo "web-size: $index missing: run \`make web\` first" >&2; exit 1; }

# Script URLs of the <meta name="lockers-preload"> lists in index.html (the boot script
# preloads them after the first paint and imports the first, the entry), e.g.
# /assets/index-abc123.js. Lists marked data-preload hold lazy chunks fetched alongside
# the entry, not entry code: "boot" (the English texts, the API client) is listed but not
# counted, "sign-in" (the sign-in screen, hinted only while it shows) is left out.
urls() {
  grep -oE '<meta name="lockers-preload"[^>]*>' "$index" | grep "$@" | grep -oE 'content="[^"]*"' |
    sed -E 's/^content="//; s/"$//' | tr ' ' '\n' | grep -E '\.js$' | sed -E 's|^/||' | sort -u
}
mapfile -t entry < <(urls -v 'data-preload=')
mapfile -t boot < <(urls 'data-preload="boot"')
[[ ${#entry[@]} -gt 0 ]] || { echo "web-size: no entry script found in $index" >&2; exit 1; }

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
for f in "${boot[@]}"; do
  printf '%-50s %10d %10d  (lazy, hinted)\n' "$f" "$(wc -c <"$dist/$f")" "$(gzip -9 -c "$dist/$f" | wc -c)"
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
