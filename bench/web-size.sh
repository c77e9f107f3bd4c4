#!/usr/bin/env bash
# Checks the web app's first-load weight: what a browser must fetch before the first page
# renders, gzipped. That is the entry script (src/boot/main.ts; index.html's first-screen
# script imports it after the first paint and names it in its config), the app parts it
# imports at once (its import() calls: src/boot/start.tsx, React, the router, ...) and every
# chunk those import statically, followed through the built files. The route and layout
# chunks the router loads later are not part of it. Fails above WEB_ENTRY_MAX_GZIP bytes
# (default 135 kB = 135000 bytes), or when the entry pulls in a chart library (admin charts
# must stay in lazy chunks).
set -euo pipefail
cd "$(dirname "$0")/.."
dist=web/dist
max=${WEB_ENTRY_MAX_GZIP:-135000}
index=$dist/index.html
[[ -f $index ]] || { echo "web-size: $index missing: run \`make web\` first" >&2; exit 1; }

main=$(grep -oE '"entry":"/assets/[^"]+\.js"' "$index" | grep -oE 'assets/[^"]+\.js' | head -1)
[[ -n $main ]] || { echo "web-size: no entry script found in $index" >&2; exit 1; }
# static_imports FILE: the chunks FILE imports with import statements (from"./x.js", import"./x.js").
static_imports() { grep -oE '(from|import) ?"\./[^"]+\.js"' "$dist/assets/$1" | grep -oE '[^/"]+\.js' || true; }
# started FILE: the chunks FILE imports with import() (the entry starts the app's parts so).
started() { grep -oE 'import\(`\./[^`]+\.js`\)' "$dist/assets/$1" | grep -oE '[^/`]+\.js' || true; }

declare -A seen=()
queue=("${main#assets/}")
mapfile -t -O 1 queue < <(started "${main#assets/}")
while ((${#queue[@]})); do
  f=${queue[0]}
  queue=("${queue[@]:1}")
  [[ -n ${seen[$f]:-} ]] && continue
  [[ -f $dist/assets/$f ]] || { echo "web-size: assets/$f, imported by the entry, is missing" >&2; exit 1; }
  seen[$f]=1
  mapfile -t -O "${#queue[@]}" queue < <(static_imports "$f")
done
mapfile -t entry < <(printf 'assets/%s\n' "${!seen[@]}" | sort)
((${#entry[@]} > 1)) || { echo "web-size: the entry $main imports no app parts: the build changed shape" >&2; exit 1; }

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
