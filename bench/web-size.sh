#!/usr/bin/env bash
# Checks the web app's first-load weight: what a browser must fetch before the first page
# renders, gzipped. That is the entry script (src/boot/main.ts; index.html's first-screen
# script imports it at the first input on the sign-in screen, after the first paint elsewhere, and names it in its config), the app parts it
# imports at once on every path (its import() calls: src/boot/start.tsx, React DOM, the
# app's providers, the texts' runtime) and every chunk those import statically, followed
# through the built files. Fails above WEB_ENTRY_MAX_GZIP bytes (default 100 kB = 100000
# bytes), or when the entry pulls in a chart library (admin charts must stay in lazy chunks).
#
# main.ts also starts the first screen's own part, which is not in the budget and is listed
# below it: on the sign-in screen (/login) its page and frame (src/app/sign-in-screen.tsx,
# rendered without the router, which loads at the first input), on any other path the router
# (src/app/router.tsx: react-router and the route table), which then fetches the route's
# page and layout chunks. Like those, neither is in the entry; both are named here by
# their chunk names, so a build that renames them fails instead of counting them in or out.
set -euo pipefail
cd "$(dirname "$0")/.."
dist=web/dist
max=${WEB_ENTRY_MAX_GZIP:-100000}
# The first screen's own parts (see above), by chunk name.
first_screen=(sign-in-screen router)
index=$dist/index.html
[[ -f $index ]] || { echo "web-size: $index missing: run \`make web\` first" >&2; exit 1; }

main=$(grep -oE '"entry":"/assets/[^"]+\.js"' "$index" | grep -oE 'assets/[^"]+\.js' | head -1)
[[ -n $main ]] || { echo "web-size: no entry script found in $index" >&2; exit 1; }
# static_imports FILE: the chunks FILE imports with import statements (from"./x.js", import"./x.js").
static_imports() { grep -oE '(from|import) ?"\./[^"]+\.js"' "$dist/assets/$1" | grep -oE '[^/"]+\.js' || true; }
# started FILE: the chunks FILE imports with import() (the entry starts the app's parts so).
started() { grep -oE 'import\(`\./[^`]+\.js`\)' "$dist/assets/$1" | grep -oE '[^/`]+\.js' || true; }

# first_screen_part FILE: the name of the first screen's part FILE is (sign-in-screen-x.js:
# sign-in-screen), or nothing.
first_screen_part() { for p in "${first_screen[@]}"; do [[ $1 =~ ^$p-[A-Za-z0-9_-]{8}\.js$ ]] && echo "$p"; done; return 0; }

declare -A seen=() part=()
queue=("${main#assets/}")
for f in $(started "${main#assets/}"); do
  p=$(first_screen_part "$f")
  if [[ -n $p ]]; then part[$p]=$f; else queue+=("$f"); fi
done
# follow FILE...: adds to seen every chunk FILE... import statically, not seen before.
follow() {
  local queue=("$@") f
  while ((${#queue[@]})); do
    f=${queue[0]}
    queue=("${queue[@]:1}")
    [[ -n ${seen[$f]:-} ]] && continue
    [[ -f $dist/assets/$f ]] || { echo "web-size: assets/$f, imported by the entry, is missing" >&2; exit 1; }
    seen[$f]=1
    mapfile -t -O "${#queue[@]}" queue < <(static_imports "$f")
  done
}
follow "${queue[@]}"
mapfile -t entry < <(printf 'assets/%s\n' "${!seen[@]}" | sort)
((${#entry[@]} > 1)) || { echo "web-size: the entry $main imports no app parts: the build changed shape" >&2; exit 1; }
for p in "${first_screen[@]}"; do
  [[ -n ${part[$p]:-} ]] || { echo "web-size: the entry $main starts no $p-*.js part: the build changed shape" >&2; exit 1; }
done

gz() { gzip -9 -c "$dist/$1" | wc -c; }
total=0
printf '%-60s %10s %10s\n' file raw gzip
for f in "${entry[@]}"; do
  raw=$(wc -c <"$dist/$f")
  n=$(gz "$f")
  total=$((total + n))
  printf '%-60s %10d %10d\n' "$f" "$raw" "$n"
done
chunks=$(find "$dist" -name '*.js' | wc -l)
printf '%-60s %10s %10d\n' "entry total (${#entry[@]} files; $chunks JS files in dist)" "" "$total"
# Each first-screen part with the chunks it imports beyond the entry: not in the budget.
parts_files=()
for p in "${first_screen[@]}"; do
  declare -A before=()
  for f in "${!seen[@]}"; do before[$f]=1; done
  follow "${part[$p]}"
  extra=0 files=0
  for f in "${!seen[@]}"; do
    [[ -n ${before[$f]:-} ]] && continue
    extra=$((extra + $(gz "assets/$f"))) files=$((files + 1))
    parts_files+=("assets/$f")
  done
  # Forget this part's chunks again, so the next part is measured against the entry alone.
  for f in "${!seen[@]}"; do [[ -n ${before[$f]:-} ]] || unset "seen[$f]"; done
  unset before
  printf '%-60s %10s %10d\n' "+ $p part ($files files; with the entry $((total + extra)))" "" "$extra"
done

status=0
if grep -lE 'recharts|chart\.js' "${entry[@]/#/$dist/}" "${parts_files[@]/#/$dist/}" >/dev/null 2>&1; then
  echo "web-size: a chart library is part of the entry or a first screen's part; it belongs in a lazy admin chunk" >&2
  status=1
fi
if ((total > max)); then
  echo "web-size: entry JS is $total bytes gzipped, over the $max byte budget" >&2
  status=1
else
  echo "web-size: entry JS $total bytes gzipped (budget $max)"
fi
exit $status
