#!/usr/bin/env bash
# Times Carousel against generated vaults, side by side with git on the same vault, and prints
# a table of medians, ratios to the git floor and peak memory: bench/run.sh [SIZES...]
# (default 1000 10000; add 100000 for the large run). With BENCH_WRITE_DOCS=1 the table
# replaces the "Latest run" section of docs/performance.md.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${CAROUSEL_BIN:-$(swift build -c release --show-bin-path)/carousel}
export CAROUSEL_BIN=$bin CAROUSEL_TODAY=2026-11-23 CAROUSEL_AUTHOR_NAME=bench CAROUSEL_AUTHOR_EMAIL=bench@carousel.invalid NO_COLOR=1
sizes=("$@"); [ ${#sizes[@]} -eq 0 ] && sizes=(1000 10000)
runs=${RUNS:-7}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

# median_ms CMD...: median wall time in ms over $runs runs. The clock is bash's own
# (EPOCHREALTIME, digits only): a `date` run on each side would add its own start to each time.
median_ms() {
  local times=() s e
  for ((r = 0; r < runs; r++)); do
    s=${EPOCHREALTIME//[!0-9]/}; "$@" >/dev/null 2>&1 || true; e=${EPOCHREALTIME//[!0-9]/}
    times+=($(( e - s )))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1000}'
}
# paired ROW CMD...: CMD and `git status --porcelain` on the same vault, run in turn $runs
# times; the row's cell is CMD's median and its floor git's median beside it, so a ratio is not
# skewed by the machine's speed changing between one row and the git row measured later.
paired() {
  local row=$1 a=() b=() s e; shift
  for ((r = 0; r < runs; r++)); do
    s=${EPOCHREALTIME//[!0-9]/}; "$@" >/dev/null 2>&1 || true; e=${EPOCHREALTIME//[!0-9]/}; a+=($(( e - s )))
    s=${EPOCHREALTIME//[!0-9]/}; git -C "$v" status --porcelain >/dev/null 2>&1 || true; e=${EPOCHREALTIME//[!0-9]/}; b+=($(( e - s )))
  done
  cell["$row,$n"]=$(printf '%s\n' "${a[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1000}')
  floor["$row,$n"]=$(printf '%s\n' "${b[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1000}')
}
# watched ROW CMD...: CMD, `git status --porcelain` without fsmonitor and `git status
# --porcelain` with the vault's fsmonitor (Carousel's hook, after `watch on`), run in turn $runs
# times; the row's ratio is to git without fsmonitor, and git with it is shown beside.
watched() {
  local row=$1 a=() b=() c=() s e; shift
  for ((r = 0; r < runs; r++)); do
    s=${EPOCHREALTIME//[!0-9]/}; "$@" >/dev/null 2>&1 || true; e=${EPOCHREALTIME//[!0-9]/}; a+=($(( e - s )))
    s=${EPOCHREALTIME//[!0-9]/}; git -C "$v" -c core.fsmonitor=false status --porcelain >/dev/null 2>&1 || true; e=${EPOCHREALTIME//[!0-9]/}; b+=($(( e - s )))
    s=${EPOCHREALTIME//[!0-9]/}; git -C "$v" status --porcelain >/dev/null 2>&1 || true; e=${EPOCHREALTIME//[!0-9]/}; c+=($(( e - s )))
  done
  cell["$row,$n"]=$(printf '%s\n' "${a[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1000}')
  floor["$row,$n"]=$(printf '%s\n' "${b[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1000}')
  monitored["$row,$n"]=$(printf '%s\n' "${c[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1000}')
}
# The Watchman the watcher rows use: on PATH, else the one `make test-servers` unpacks.
watchman_bin=$(command -v watchman || true)
if [ -z "$watchman_bin" ] && [ -x .build/test-servers/usr/bin/watchman ]; then
  watchman_bin=$PWD/.build/test-servers/usr/bin/watchman
  export LD_LIBRARY_PATH=$PWD/.build/test-servers/lib/x86_64-linux-gnu:$PWD/.build/test-servers/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
fi
# peak_mb CMD...: peak resident memory in MB of one run
peak_mb() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1 | awk '{printf "%.0f", $1/1024}'; }

declare -A cell floor monitored
checks=()
rows=("carousel --version" "home (warm)" "today (warm, nothing changed)" "show REF (warm)" "suggest (warm)" "calendar --month (warm)" "board (warm)"
      "board --all (warm, every card)" "countdown (warm)" "list --overdue (warm)" "list --overdue --all (warm, every card)" "timeline (warm)" "search WORD (warm)"
      "today after one editor edit" "remind (the timer runs it every minute)" "index, cold (no .carousel/)" "done X (one card, one commit)"
      "commit route: hand-written index (done X)" "commit route: libgit2's index (done X)"
      "git status" "git add X && git commit" "read every file (cat)" "peak memory of home" "peak memory of suggest" "peak memory of today" "peak memory of show REF" "peak memory of board" "peak memory of board --all"
      "peak memory of calendar" "peak memory of countdown" "peak memory of list --overdue" "peak memory of list --overdue --all" "peak memory of timeline"
      "peak memory of search WORD" "peak memory of remind" "peak memory of done X"
      "serve: home page (warm)" "serve: home page after one editor edit" "fsync cost per change (done X: time inside fsync)"
      "task next (Taskwarrior 2.6, same cards)"
      "watch off: today (warm)" "watch off: home (warm)" "watch off: today after one editor edit"
      "watch on: today (warm)" "watch on: home (warm)" "watch on: show REF (warm)" "watch on: suggest (warm)" "watch on: board (warm)"
      "watch on: today after one editor edit" "watch on: done X (one card, one commit)" "watch on: git add X && git commit (git with fsmonitor)")
for n in "${sizes[@]}"; do
  v="$work/v$n"; bench/generate-vault.sh "$n" "$v" >/dev/null
  "$bin" index --vault "$v" >/dev/null
  cell["carousel --version,$n"]=$(median_ms "$bin" --version)
  # Taskwarrior on the same cards, when it is installed (`make bench` installs it).
  if command -v task >/dev/null; then
    taskrc=$(bench/taskwarrior.sh "$v" "$work/tw$n")
    cell["task next (Taskwarrior 2.6, same cards),$n"]=$(TASKRC=$taskrc median_ms task next)
  else
    cell["task next (Taskwarrior 2.6, same cards),$n"]="-"
  fi
  paired "home (warm)" "$bin" --vault "$v"
  paired "today (warm, nothing changed)" "$bin" today --vault "$v"
  paired "show REF (warm)" "$bin" show "card-$(( n / 2 ))" --vault "$v"
  paired "suggest (warm)" "$bin" suggest --vault "$v"
  paired "calendar --month (warm)" "$bin" calendar --month --vault "$v"
  paired "board (warm)" "$bin" board --vault "$v"
  paired "board --all (warm, every card)" "$bin" board --all --vault "$v"
  paired "countdown (warm)" "$bin" countdown --vault "$v"
  paired "list --overdue (warm)" "$bin" list --overdue --vault "$v"
  paired "list --overdue --all (warm, every card)" "$bin" list --overdue --all --vault "$v"
  paired "timeline (warm)" "$bin" timeline --vault "$v"
  paired "search WORD (warm)" "$bin" search dentist --vault "$v"
  # A card file that exists at the top of cards/ (a fifth are in sub-folders; $RANDOM stops at 32767).
  some_card() { local i=$(( (RANDOM * 32768 + RANDOM) % n + 1 )); while [ ! -f "$v/cards/card-$i.md" ]; do i=$(( i % n + 1 )); done; echo "$v/cards/card-$i.md"; }
  edit() { echo "<!-- edited -->" >> "$(some_card)"; "$bin" today --vault "$v"; }
  paired "today after one editor edit" edit
  paired "remind (the timer runs it every minute)" "$bin" remind --now 2026-11-23T09:00 --vault "$v"
  cell["peak memory of remind,$n"]="$(peak_mb "$bin" remind --now 2026-11-23T09:00 --vault "$v") MB"
  git -C "$v" add -A >/dev/null; git -C "$v" -c user.name=b -c user.email=b@b commit -qm edits >/dev/null || true
  cold() { rm -rf "$v/.carousel"; "$bin" index --vault "$v"; }
  cell["index, cold (no .carousel/),$n"]=$(RUNS=3 median_ms cold)
  i=0
  done_one() { i=$((i + 1)); "$bin" done "card-$(( (i * 7919) % n + 1 ))" --vault "$v" || "$bin" done "card-$(( (i * 104729) % n + 2 ))" --vault "$v"; }
  cell["done X (one card, one commit),$n"]=$(median_ms done_one)
  # The commit's two routes in turn on the same vault (one `done` each, quick, libgit2, quick…):
  # the git index and trees written by Carousel itself (Repository+quickCommit.swift), and
  # libgit2's index (CAROUSEL_QUICK_COMMIT=off). The first row's ratio is to the second.
  commit_routes() {
    local quick=() lib=() s e
    for ((r = 0; r < runs; r++)); do
      s=${EPOCHREALTIME//[!0-9]/}; done_one >/dev/null 2>&1 || true; e=${EPOCHREALTIME//[!0-9]/}; quick+=($(( e - s )))
      s=${EPOCHREALTIME//[!0-9]/}; CAROUSEL_QUICK_COMMIT=off done_one >/dev/null 2>&1 || true; e=${EPOCHREALTIME//[!0-9]/}; lib+=($(( e - s )))
    done
    cell["commit route: hand-written index (done X),$n"]=$(printf '%s\n' "${quick[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1000}')
    cell["commit route: libgit2's index (done X),$n"]=$(printf '%s\n' "${lib[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1000}')
    floor["commit route: hand-written index (done X),$n"]=${cell["commit route: libgit2's index (done X),$n"]}
  }
  commit_routes
  cell["peak memory of done X,$n"]="$(peak_mb "$bin" done "card-$(( n / 2 + 1 ))" --vault "$v") MB"
  # Correctness of the fast path: after those commits the tree is clean and fsck is happy.
  dirty=$(git -C "$v" status --porcelain | wc -l); git -C "$v" fsck --strict >/dev/null 2>&1 && fsck=clean || fsck=FAILED
  checks+=("$n cards: after \`done\`, \`git status --porcelain\` lists $dirty files and \`git fsck --strict\` is $fsck")
  cell["git status,$n"]=$(median_ms git -C "$v" status --porcelain)
  commit_one() { f="cards/card-$(( RANDOM % n + 1 )).md"; [ -f "$v/$f" ] || f=cards/card-2.md; echo "x" >> "$v/$f"; git -C "$v" add "$f"; git -C "$v" -c user.name=b -c user.email=b@b commit -qm x; }
  cell["git add X && git commit,$n"]=$(median_ms commit_one)
  cell["read every file (cat),$n"]=$(median_ms bash -c "find '$v/cards' -name '*.md' -print0 | xargs -0 cat > /dev/null")
  cell["peak memory of home,$n"]="$(peak_mb "$bin" --vault "$v") MB"
  cell["peak memory of suggest,$n"]="$(peak_mb "$bin" suggest --vault "$v") MB"
  cell["peak memory of today,$n"]="$(peak_mb "$bin" today --vault "$v") MB"
  cell["peak memory of show REF,$n"]="$(peak_mb "$bin" show "card-$(( n / 2 ))" --vault "$v") MB"
  cell["peak memory of board,$n"]="$(peak_mb "$bin" board --vault "$v") MB"
  cell["peak memory of board --all,$n"]="$(peak_mb "$bin" board --all --vault "$v") MB"
  cell["peak memory of calendar,$n"]="$(peak_mb "$bin" calendar --month --vault "$v") MB"
  cell["peak memory of countdown,$n"]="$(peak_mb "$bin" countdown --vault "$v") MB"
  cell["peak memory of list --overdue,$n"]="$(peak_mb "$bin" list --overdue --vault "$v") MB"
  cell["peak memory of list --overdue --all,$n"]="$(peak_mb "$bin" list --overdue --all --vault "$v") MB"
  cell["peak memory of timeline,$n"]="$(peak_mb "$bin" timeline --vault "$v") MB"
  cell["peak memory of search WORD,$n"]="$(peak_mb "$bin" search dentist --vault "$v") MB"
  # Durable commits: wall time inside fsync/fdatasync of one `done` (strace -c -w), median and calls.
  fsync_cost() {
    local r out ms=() calls=()
    for ((r = 0; r < runs; r++)); do
      out="$work/fsync.txt"; i=$((i + 1))
      strace -f -c -w -e trace=fsync,fdatasync -o "$out" "$bin" done "card-$(( (i * 6151) % n + 3 ))" --vault "$v" >/dev/null 2>&1 || continue
      read -r c s < <(awk '$NF == "fsync" || $NF == "fdatasync" { c += $4; s += $2 } END { printf "%d %.1f", c, s * 1000 }' "$out")
      calls+=("$c"); ms+=("$s")
    done
    local c; c=$(printf '%s\n' "${calls[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    printf '%s\n' "${ms[@]}" | sort -n | awk -v c="$c" '{a[NR]=$1} END {printf "%s ms (%d calls)", a[int((NR+1)/2)], c}'
  }
  cell["fsync cost per change (done X: time inside fsync),$n"]=$(command -v strace >/dev/null && fsync_cost || echo "-")
  # With and without the watcher: a Watchman of the bench's own (its socket in $work), `watch
  # on` for the rows with it; every view beside git without and with fsmonitor.
  if [ -n "$watchman_bin" ]; then
    wm="$work/watchman$n"; mkdir -p "$wm"
    "$watchman_bin" --foreground --no-save-state --sockname="$wm/sock" --statefile="$wm/state" --logfile="$wm/log" --pidfile="$wm/pid" >/dev/null 2>&1 &
    wpid=$!
    for _ in $(seq 100); do [ -S "$wm/sock" ] && break; sleep 0.1; done
    export WATCHMAN_SOCK="$wm/sock"
    "$bin" index --vault "$v" >/dev/null
    watched "watch off: today (warm)" "$bin" today --vault "$v"
    watched "watch off: home (warm)" "$bin" --vault "$v"
    watched "watch off: today after one editor edit" edit
    "$bin" watch on --vault "$v" >/dev/null
    "$bin" index --vault "$v" >/dev/null; "$bin" index --vault "$v" >/dev/null; git -C "$v" status >/dev/null
    watched "watch on: today (warm)" "$bin" today --vault "$v"
    watched "watch on: home (warm)" "$bin" --vault "$v"
    watched "watch on: show REF (warm)" "$bin" show "card-$(( n / 2 ))" --vault "$v"
    watched "watch on: suggest (warm)" "$bin" suggest --vault "$v"
    watched "watch on: board (warm)" "$bin" board --vault "$v"
    watched "watch on: today after one editor edit" edit
    git -C "$v" add -A >/dev/null; git -C "$v" -c user.name=b -c user.email=b@b commit -qm edits >/dev/null || true
    cell["watch on: done X (one card, one commit),$n"]=$(median_ms done_one)
    cell["watch on: git add X && git commit (git with fsmonitor),$n"]=$(median_ms commit_one)
    used=$("$bin" watch status --json --vault "$v" | sed -n 's/.*"last_refresh" : "\(.*\)".*/\1/p')
    dirty=$(git -C "$v" status --porcelain | wc -l)
    checks+=("$n cards with the watcher: the last refresh used ${used:-nothing}; \`git status --porcelain\` with fsmonitor lists $dirty files")
    "$bin" watch off --vault "$v" >/dev/null
    unset WATCHMAN_SOCK
    kill "$wpid"; wait "$wpid" 2>/dev/null || true
  else
    for r in "${rows[@]}"; do case "$r" in watch*) cell["$r,$n"]="-" ;; esac; done
  fi
  # The web page needs carousel-serve beside the binary; without it those rows stay empty.
  [ -x "$(dirname "$bin")/carousel-serve" ] || { cell["serve: home page (warm),$n"]="-"; cell["serve: home page after one editor edit,$n"]="-"; continue; }
  # The web page: home through `carousel serve` on 127.0.0.1, timed by curl (no process start).
  out="$work/serve$n.txt"; "$bin" serve --vault "$v" --port 0 > "$out" 2>&1 & pid=$!
  for _ in $(seq 300); do grep -q token= "$out" && break; sleep 0.1; done
  url=$(grep -o 'http://[^ ]*' "$out"); base=${url%%/?token=*}; jar="carousel_token=${url##*token=}"
  serve_ms() { for ((r = 0; r < runs; r++)); do "$@" >/dev/null 2>&1 || true; curl -s -o /dev/null -w '%{time_total}\n' -b "$jar" "$base/"; done |
    sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]*1000}'; }
  curl -s -o /dev/null -b "$jar" "$base/"
  cell["serve: home page (warm),$n"]=$(serve_ms true)
  touch_one() { echo "<!-- edited -->" >> "$(some_card)"; sleep 0.4; }
  cell["serve: home page after one editor edit,$n"]=$(serve_ms touch_one)
  kill "$pid"; wait "$pid" 2>/dev/null || true
done

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1f×", a / b; else print "-" }'; }
{
  printf '| operation |'; for n in "${sizes[@]}"; do printf ' %s cards | ratio |' "$n"; done; echo
  printf '|---|'; for n in "${sizes[@]}"; do printf -- '---:|---:|'; done; echo
  for r in "${rows[@]}"; do
    printf '| %s |' "$r"
    for n in "${sizes[@]}"; do
      val=${cell["$r,$n"]}
      case "$r" in
        home*|today*|show*|suggest*|calendar*|board*|countdown*|list*|timeline*|search*|remind*|serve*|task*)
          if [ -n "${floor["$r,$n"]:-}" ]; then rt="$(ratio "$val" "${floor["$r,$n"]}") of ${floor["$r,$n"]}"; else rt=$(ratio "$val" "${cell["git status,$n"]}"); fi ;;
        "watch on: done"*|"watch on: git add"*) rt=$(ratio "$val" "${cell["git add X && git commit,$n"]}") ;;
        watch*) rt="$(ratio "$val" "${floor["$r,$n"]}") of ${floor["$r,$n"]}; git with fsmonitor ${monitored["$r,$n"]}" ;;
        done*) rt=$(ratio "$val" "${cell["git add X && git commit,$n"]}") ;;
        commit*) if [ -n "${floor["$r,$n"]:-}" ]; then rt="$(ratio "$val" "${floor["$r,$n"]}") of ${floor["$r,$n"]}"; else rt=""; fi ;;
        index*) rt=$(ratio "$val" "${cell["read every file (cat),$n"]}") ;;
        *) rt="" ;;
      esac
      case "$val" in *MB|-|*calls*) printf ' %s | |' "$val" ;; *) printf ' %s ms | %s |' "$val" "$rt" ;; esac
    done
    echo
  done
  echo
  for c in "${checks[@]}"; do echo "- $c"; done
  # 50 clients at once for 10 s on loopback (reading home, adding cards): every answer a success,
  # every added card in its file and its commit.
  if [ "${BENCH_LOAD:-1}" != 1 ]; then
    echo "- serve under load: not run (BENCH_LOAD=0)"
  elif [ -x "$(dirname "$bin")/carousel-serve" ] && load=$(python3 Tests/Browser/webtest.py "$(dirname "$bin")" --load 10 2>&1); then
    echo "- serve under load: $(echo "$load" | tail -1)"
  else
    echo "- serve under load: FAILED or skipped: $(echo "${load:-}" | tail -3 | tr '\n' ' ')"
  fi
  echo
  echo "Ratios: views against \`git status\`, \`done\` against \`git add && git commit\`, the cold index against reading every file, all on the same vault in the same run. Each view is timed in turn with \`git status\` (view, git, view, git…) and its ratio is to the median of those git runs, shown beside it (\`1.0× of 280.1\`: git took 280.1 ms); the \`git status\` row is its own later measurement. The web page, Taskwarrior and \`done\` are compared with the rows named; the hand-written commit route with libgit2's, timed in turn. The \`watch\` rows run with a Watchman of the bench's own: each view in turn with \`git status --porcelain\` without fsmonitor (its ratio) and with the vault's fsmonitor (shown beside); \`watch on: done\` and \`git add && git commit\` with fsmonitor are compared with \`git add && git commit\` without."
} | tee "$work/table.md"

if [ "${BENCH_WRITE_DOCS:-0}" = 1 ]; then
  machine="$(nproc) cores ($(lscpu | sed -n 's/^Model name: *//p' | head -1)), $(free -g | awk '/Mem:/ {print $2}') GiB, $(date -u +%Y-%m-%d)"
  awk -v table="$work/table.md" -v machine="$machine" '
    /^## Latest run/ { print; print ""; print "Machine: " machine; print ""; while ((getline line < table) > 0) print line; skip = 1; next }
    skip && /^## / { skip = 0; print "" }
    !skip { print }' docs/performance.md > "$work/perf.md" && cp "$work/perf.md" docs/performance.md
fi
