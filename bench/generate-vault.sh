#!/usr/bin/env bash
# Makes a seeded vault of N cards for timing: bench/generate-vault.sh N DIR
# Realistic titles and tags, ~70% with due dates, ~300-byte bodies, some repeating cards, 1% with remind:,
# a tenth in sub-folders, a few habits; all committed in one commit. Same N, same vault.
set -euo pipefail
n=${1:?number of cards}; dir=${2:?target folder}; bin=${CAROUSEL_BIN:-carousel}
export CAROUSEL_TODAY=${CAROUSEL_TODAY:-2026-11-23} CAROUSEL_AUTHOR_NAME=bench CAROUSEL_AUTHOR_EMAIL=bench@carousel.invalid
rm -rf "$dir"
"$bin" init "$dir" >/dev/null
mkdir -p "$dir/cards/archive" "$dir/cards/work"
awk -v n="$n" -v dir="$dir" 'BEGIN {
  srand(20261123)
  split("Call,Email,Write,Review,Plan,Book,Fix,Clean,Read,Buy,Sort,Prepare,Finish,Pay,Check,Water,Pack,Sketch", verbs, ",")
  split("the report,Mum,the dentist,slides,the garden,groceries,the invoice,timesheets,the car,a book,the kitchen,train times,the budget,photos,the bike", things, ",")
  split("personal,work,health,creative,other", cats, ",")
  split("home,errands,admin,family,deadline,email,reading,garden,money,travel,writing,meeting", tags, ",")
  body = "Some notes about this card, written the way people jot things down: what to bring, who to ask, and why it matters.\n- [ ] first small step\n- [ ] second small step\nMore context that makes the body about three hundred bytes long, give or take.\n"
  for (i = 1; i <= n; i++) {
    sub_ = (i % 10 == 0) ? "archive/" : ((i % 10 == 1) ? "work/" : "")
    f = dir "/cards/" sub_ "card-" i ".md"
    title = verbs[int(rand() * 18) + 1] " " things[int(rand() * 15) + 1] " " i
    printf "---\nid: BENCH%08d\ntitle: %s\nspoons: %d\nimportance: %d\ncategory: %s\ntags: [%s, %s]\n", i, title, int(rand() * 5) + 1, int(rand() * 5) + 1, cats[int(rand() * 5) + 1], tags[int(rand() * 12) + 1], tags[int(rand() * 12) + 1] > f
    if (rand() < 0.7) printf "due: 2026-%02d-%02d\n", int(rand() * 12) + 1, int(rand() * 28) + 1 > f
    if (i % 50 == 0) printf "repeat: every week on mon, thu\n" > f
    if (i % 97 == 0) printf "today: 2026-11-23\n" > f
    if (i % 100 == 7) printf "remind: 30m\n" > f
    printf "created: 2026-11-01T09:%02d\n---\n%s", i % 60, body > f
    close(f)
  }
  for (h = 1; h <= 5; h++) {
    f = dir "/habits/habit-" h ".md"
    printf "---\nid: BENCHH%03d\ntitle: Habit %d\nrepeat: every day\ntarget: 1\nlog:\n  2026-11-20: 1\n  2026-11-21: 1\n---\n", h, h > f
    close(f)
  }
}'
git -C "$dir" add -A && git -C "$dir" -c user.name=bench -c user.email=bench@carousel.invalid commit -qm "bench: $n generated cards"
