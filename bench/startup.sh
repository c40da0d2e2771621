#!/usr/bin/env bash
# Start-up cost of the release build: `carousel --version` and the fixed cost of a view (`today`
# and home on a vault with no cards), each run 20 times under `perf stat`, and the median of the
# 20 CPU times (task-clock) and wall times printed. bench/startup.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${CAROUSEL_BIN:-$(swift build -c release --show-bin-path)/carousel}
runs=${1:-20}
command -v perf >/dev/null || { echo "perf is not installed (Debian: linux-perf)" >&2; exit 1; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
export CAROUSEL_TODAY=2026-11-23 CAROUSEL_NOW=2026-11-23T10:30 CAROUSEL_AUTHOR_NAME=bench CAROUSEL_AUTHOR_EMAIL=bench@carousel.invalid NO_COLOR=1
"$bin" init "$work/vault" >/dev/null
"$bin" today --vault "$work/vault" >/dev/null

# median OUT-FILE: the median of one number a line
median() { sort -n | awk '{a[NR]=$1} END {printf "%.2f", (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
# timed LABEL CMD...: CMD $runs times under perf stat; the medians of task-clock and elapsed, in ms
timed() {
  local label=$1 cpu=() wall=(); shift
  for ((r = 0; r < runs; r++)); do
    perf stat -e task-clock -o "$work/stat" -- "$@" >/dev/null 2>&1
    cpu+=("$(awk '/task-clock/ {print $1}' "$work/stat")")
    wall+=("$(awk '/time elapsed/ {print $1 * 1000}' "$work/stat")")
  done
  printf '| %s | %s ms | %s ms |\n' "$label" "$(printf '%s\n' "${cpu[@]}" | median)" "$(printf '%s\n' "${wall[@]}" | median)"
}
echo "| command | CPU (task-clock), median of $runs | wall, median of $runs |"
echo "|---|---:|---:|"
timed "carousel --version" "$bin" --version
timed "carousel today (no cards)" "$bin" today --vault "$work/vault"
timed "carousel (home, no cards)" "$bin" --vault "$work/vault"
echo
echo "Shared libraries loaded: $(ldd "$bin" | grep -c '=>')"
