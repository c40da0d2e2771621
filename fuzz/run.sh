#!/usr/bin/env bash
# Runs each fuzz target for N seconds: fuzz/run.sh SECONDS [TARGET...]
# Built by `make fuzz` (libFuzzer). Each run resumes from the corpus kept in the repository
# (fuzz/corpus/TARGET, seeded from the sample vault and the test suite's examples); inputs that
# reach new code are merged back into it at the end, so the next run starts where this one
# stopped. Every run is added to fuzz/runs.tsv (the running total per target is in
# docs/reliability.md). Crashes land in .build-fuzz/crashes/ and are replayed by the ordinary
# build (`.build/debug/fuzz-card FILE`). Prints a table of executions and crashes per target.
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}; shift || true
targets=("$@"); [ ${#targets[@]} -eq 0 ] && targets=(fuzz-card fuzz-rule fuzz-merge fuzz-tree)
bin=.build-fuzz/x86_64-unknown-linux-gnu/debug
out=.build-fuzz/runs; mkdir -p "$out" .build-fuzz/crashes
export SWIFT_BACKTRACE=enable=no   # let libFuzzer catch the crash and save the input

seed() {  # seed DIR TARGET
  mkdir -p "$1"
  case "$2" in
    fuzz-card)
      cp sample-vault/cards/*.md sample-vault/habits/*.md sample-vault/journal/2026/*.md "$1"/ 2>/dev/null
      printf -- '---\r\ntitle: CRLF\r\n---\r\nbody\r\n' > "$1/crlf.md"
      printf -- '\xef\xbb\xbf---\ntitle: "BOM"\ntags:\n  - a\n  - b\n---\n' > "$1/bom.md"
      printf -- '---\n# comment\ntitle: x # note\nmood: {a: [1, 2]}\n---\n' > "$1/rich.md" ;;
    fuzz-rule)
      i=0
      for r in "every day" "every weekday" "every 3 days" "every 2 weeks on tue, thu" "every month on the 15th" \
               "every month on the last friday" "every month on the 2nd tuesday" "every year on mar 3" \
               "every day until 2026-12-30" "every week for 10 times" "3 days after done" \
               "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;UNTIL=20261230" "FREQ=MONTHLY;BYMONTHDAY=-1" \
               "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29" "FREQ=MONTHLY;BYDAY=-1FR;COUNT=5" "every 3 months on the 31st"; do
        printf '%s' "$r" > "$1/seed-$i"; i=$((i + 1))
      done ;;
    fuzz-merge)
      # base NUL ours NUL theirs, from the sample cards with small edits on each side
      i=0
      for f in sample-vault/cards/*.md; do
        { cat "$f"; printf '\0'; sed 's/^spoons: .*/spoons: 3/; s/^tags: \[/tags: [ours, /' "$f"; printf '\0';
          sed 's/^spoons: .*/spoons: 4/; s/^title: \(.*\)/title: \1!/' "$f"; printf 'A note from the other side.\n'; } > "$1/seed-$i"
        i=$((i + 1))
      done ;;
    fuzz-tree)
      # mode byte (0 file, 1 link, 2 folder), path, NUL, link target; one entry per line
      printf '\x02cards\n\x00cards/a.md\n\x01cards/alias.md\x00a.md\n\x01cards/leak.md\x00../.git/config\n' > "$1/seed-links"
      printf '\x01.carousel\x00/tmp\n\x02habits\n\x00habits/x.md\n' > "$1/seed-state"
      printf '\x01cards\x00../outside\n\x00carousel.yaml\n\x01journal\x00notes/journal\n\x02notes\n' > "$1/seed-folders"
      printf '\x00cards/../x.md\n\x02.Carousel\n\x00.carousel/index.sqlite\n\x01a/b/c.md\x00../../../etc/passwd\n' > "$1/seed-names" ;;
  esac
}

printf '| %-10s | %8s | %12s | %8s |\n' target seconds executions crashes
printf '|%s|%s|%s|%s|\n' ------------ ---------- -------------- ----------
status=0
for t in "${targets[@]}"; do
  kept=fuzz/corpus/$t; work=.build-fuzz/corpus/$t
  [ -d "$kept" ] || seed "$kept" "$t"
  mkdir -p "$work"
  touch "$out/$t.start"   # crashes saved by earlier runs are not counted again
  # New inputs go to the scratch corpus (first directory); the kept one is read.
  "$bin/$t" "$work" "$kept" -max_total_time="$seconds" -print_final_stats=1 -timeout=60 -rss_limit_mb=2048 \
    -artifact_prefix=.build-fuzz/crashes/"$t"- > "$out/$t.log" 2>&1
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$out/$t.log" | grep -o '[0-9]*$' | tail -1)
  # Crashes, leaks, time-outs and memory blow-ups count; a "slow unit" (libFuzzer's note of the
  # slowest input, often a moment the machine was busy elsewhere) is kept but not counted.
  crashes=$(find .build-fuzz/crashes \( -name "$t-crash-*" -o -name "$t-leak-*" -o -name "$t-timeout-*" -o -name "$t-oom-*" \) \
    -newer "$out/$t.start" 2>/dev/null | wc -l)
  [ "$crashes" -gt 0 ] && status=1
  # Keep only the inputs that reach code the kept corpus does not.
  "$bin/$t" -merge=1 -timeout=60 -rss_limit_mb=2048 "$kept" "$work" > "$out/$t.merge.log" 2>&1
  rm -rf "$work"
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%d)" "$t" "$seconds" "${execs:-0}" "$crashes" \
    "$(find "$kept" -type f | wc -l)" >> fuzz/runs.tsv
  printf '| %-10s | %8s | %12s | %8s |\n' "$t" "$seconds" "${execs:-?}" "$crashes"
done
[ $status -ne 0 ] && echo "Crashes saved in .build-fuzz/crashes/ — replay with .build/debug/<target> FILE"
exit $status
