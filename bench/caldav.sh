#!/usr/bin/env bash
# Times `carousel caldav sync` against a Radicale started here on 127.0.0.1: the first sync of a
# generated vault (every dated card sent) and a sync with nothing new (one request per
# collection), at each size given: bench/caldav.sh 1000 10000. Prints a Markdown table.
# Needs Python's radicale (`make pydeps`) and carousel-caldav beside CAROUSEL_BIN.
set -euo pipefail
bin=${CAROUSEL_BIN:-carousel}
python3 -c "import radicale" 2>/dev/null || { echo "radicale is missing (make pydeps); the CalDAV rows are skipped"; exit 0; }
work=$(mktemp -d)
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
export CAROUSEL_TODAY=2026-11-23 CAROUSEL_AUTHOR_NAME=bench CAROUSEL_AUTHOR_EMAIL=bench@carousel.invalid
export CAROUSEL_CALDAV_PASSWORD=bench-pass CAROUSEL_CALDAV_TIMEOUT=600
seconds() { local s e; s=$(date +%s.%N); "$@" >/dev/null; e=$(date +%s.%N); echo "$e - $s" | bc; }
echo "| cards | items sent | first sync (s) | nothing new (s) |"
echo "|---:|---:|---:|---:|"
for n in "$@"; do
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  mkdir -p "$work/radicale-$n"
  echo "bench:bench-pass" > "$work/radicale-$n/users"
  printf '[server]\nhosts = 127.0.0.1:%s\n[auth]\ntype = htpasswd\nhtpasswd_filename = %s\nhtpasswd_encryption = plain\n[storage]\nfilesystem_folder = %s\n[logging]\nlevel = warning\n' \
    "$port" "$work/radicale-$n/users" "$work/radicale-$n/collections" > "$work/radicale-$n/config"
  python3 -m radicale --config "$work/radicale-$n/config" >"$work/radicale-$n/log" 2>&1 &
  server=$!
  for _ in $(seq 100); do (exec 3<>/dev/tcp/127.0.0.1/"$port") 2>/dev/null && break; sleep 0.1; done
  bench/generate-vault.sh "$n" "$work/vault-$n"
  "$bin" caldav connect "http://127.0.0.1:$port/" --user bench --vault "$work/vault-$n" >/dev/null
  first=$(seconds "$bin" caldav sync --vault "$work/vault-$n")
  sent=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["entries"]))' "$work/vault-$n/.carousel/caldav.json")
  "$bin" caldav sync --vault "$work/vault-$n" >/dev/null   # takes in the echoes of its own writes
  quiet=$(seconds "$bin" caldav sync --vault "$work/vault-$n")
  printf '| %s | %s | %.2f | %.2f |\n' "$n" "$sent" "$first" "$quiet"
  kill "$server"; wait "$server" 2>/dev/null || true; server=""
done
