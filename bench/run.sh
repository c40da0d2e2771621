#!/usr/bin/env bash
# Times Carousel against generated vaults and prints a table: bench/run.sh [SIZES...]
# Medians of several runs, side by side with `git status` on the same vault, since the
# machines are noisy and only ratios measured together mean much.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${CAROUSEL_BIN:-$(swift build -c release --show-bin-path)/carousel}
export CAROUSEL_BIN=$bin CAROUSEL_TODAY=2026-11-23 CAROUSEL_AUTHOR_NAME=bench CAROUSEL_AUTHOR_EMAIL=bench@carousel.invalid
sizes=("$@"); [ ${#sizes[@]} -eq 0 ] && sizes=(1000 10000)
runs=${RUNS:-7}
work=$(mktemp -d)

# median of RUNS timings (milliseconds) of a command
median_ms() {
  local times=()
  for ((r = 0; r < runs; r++)); do
    local s e; s=$(date +%s%N); "$@" >/dev/null 2>&1; e=$(date +%s%N)
    times+=($(( (e - s) / 1000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1000}'
}

printf '| %-44s |' "operation"; for n in "${sizes[@]}"; do printf ' %10s |' "$n cards"; done; echo
printf '|%s|' "$(printf -- '-%.0s' {1..46})"; for n in "${sizes[@]}"; do printf '%s|' "$(printf -- '-%.0s' {1..12})"; done; echo
declare -A rows
for n in "${sizes[@]}"; do
  v="$work/v$n"; bench/generate-vault.sh "$n" "$v"
  rm -rf "$v/.carousel"
  s=$(date +%s%N); "$bin" index --vault "$v" >/dev/null; e=$(date +%s%N)
  rows["carousel index (cold: no index yet)"]+=" $(awk "BEGIN{printf \"%.1f\", ($e-$s)/1e6}")"
  rows["carousel today (warm, nothing changed)"]+=" $(median_ms "$bin" today --vault "$v")"
  rows["carousel suggest (warm)"]+=" $(median_ms "$bin" suggest --vault "$v")"
  rows["carousel done X (one card, one commit)"]+=" $(median_ms bash -c "f=$v/cards/generated-card-\$((RANDOM % $n + 1)).md; [ -f \$f ] || exit 0; \"$bin\" done \$(basename \$f .md) --vault $v")"
  rows["git status (same vault, for comparison)"]+=" $(median_ms git -C "$v" status --porcelain)"
  rows["git add one file && git commit (comparison)"]+=" $(median_ms bash -c "echo x >> $v/cards/generated-card-3.md && git -C $v add cards/generated-card-3.md && git -C $v -c user.name=b -c user.email=b@b commit -qm x")"
done
for k in "carousel index (cold: no index yet)" "carousel today (warm, nothing changed)" "carousel suggest (warm)" \
         "carousel done X (one card, one commit)" "git status (same vault, for comparison)" "git add one file && git commit (comparison)"; do
  printf '| %-44s |' "$k"; for t in ${rows[$k]}; do printf ' %7s ms |' "$t"; done; echo
done
rm -rf "$work"
