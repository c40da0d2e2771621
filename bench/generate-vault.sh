#!/usr/bin/env bash
# Makes a vault of N generated cards for timing: bench/generate-vault.sh N DIR
# Cards spread over four categories, a third dated, a few in sub-folders, all committed.
set -euo pipefail
n=${1:?number of cards}; dir=${2:?target folder}; bin=${CAROUSEL_BIN:-carousel}
export CAROUSEL_TODAY=${CAROUSEL_TODAY:-2026-11-23} CAROUSEL_AUTHOR_NAME=bench CAROUSEL_AUTHOR_EMAIL=bench@carousel.invalid
rm -rf "$dir"
"$bin" init "$dir" >/dev/null
cats=(personal work health creative)
for ((i = 1; i <= n; i++)); do
  sub=""; (( i % 10 == 0 )) && sub="archive/"
  f="$dir/cards/${sub}generated-card-$i.md"
  mkdir -p "$(dirname "$f")"
  due=""; (( i % 3 == 0 )) && due="due: 2026-$(printf %02d $(( (i % 12) + 1 )))-$(printf %02d $(( (i % 28) + 1 )))"$'\n'
  printf -- '---\nid: GEN%08d\ntitle: Generated card %d\nspoons: %d\nimportance: %d\ncategory: %s\ntags: [bench, t%d]\n%screated: 2026-11-01T09:00\n---\nSome notes for card %d.\n- [ ] a subtask\n' \
    "$i" "$i" $(( i % 5 + 1 )) $(( (i * 7) % 5 + 1 )) "${cats[$(( i % 4 ))]}" $(( i % 20 )) "$due" "$i" > "$f"
done
git -C "$dir" add -A && git -C "$dir" -c user.name=bench -c user.email=bench@carousel.invalid commit -qm "bench: $n generated cards"
