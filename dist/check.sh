#!/usr/bin/env bash
# Tries a release archive the way a person without Swift would: unpacked into an empty folder,
# run with a PATH and LD_LIBRARY_PATH that hold nothing from the build (only the system's git and
# the archive's bin/). Runs --version, init, add, done, sync to a bare remote and serve (one page
# fetched). Usage: check.sh carousel-VERSION-linux-ARCH.tar.gz
set -euo pipefail
archive=$(readlink -f "$1")
work=$(mktemp -d)
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "dist check: $*" >&2; exit 1; }

mkdir "$work/unpacked" "$work/home"
tar -xzf "$archive" -C "$work/unpacked" --strip-components=1
bin="$work/unpacked/bin"
clean_env=(env -i HOME="$work/home" PATH="$bin:/usr/bin:/bin" LANG=C.UTF-8 LD_LIBRARY_PATH=
  CAROUSEL_TODAY=2026-11-23 CAROUSEL_AUTHOR_NAME="Archive check" CAROUSEL_AUTHOR_EMAIL=check@carousel.invalid
  GIT_CONFIG_NOSYSTEM=1)
run() { "${clean_env[@]}" "$@"; }

echo "ldd of the unpacked carousel:"; ldd "$bin/carousel" | sed 's/^/  /'
if ldd "$bin/carousel" "$bin/carousel-serve" "$bin/carousel-caldav" | grep -q "not found"; then fail "a library is missing (INSTALL.txt names the packages)"; fi
if ldd "$bin/carousel" "$bin/carousel-serve" "$bin/carousel-caldav" | grep -Eq 'libswift|Foundation|libdispatch|/opt/|/\.build'; then
  fail "a Swift runtime library or a build folder is linked"
fi

version=$(run carousel --version) || fail "--version failed"
echo "carousel --version: $version"
vault="$work/vault"
run carousel init "$vault" >/dev/null || fail "init failed"
run carousel --vault "$vault" add "Water the ferns" --due tomorrow --spoons 1 >/dev/null || fail "add failed"
run carousel --vault "$vault" done water-the-ferns >/dev/null || fail "done failed"
run git init -q --bare -b main "$work/remote.git"
run git -C "$vault" remote add origin "$work/remote.git"
run carousel --vault "$vault" sync >/dev/null || fail "sync failed"
[ "$(run git -C "$work/remote.git" log -1 --format=%s main)" = "$(run git -C "$vault" log -1 --format=%s)" ] \
  || fail "the remote does not have the vault's last commit"
remote_log=$(run git -C "$work/remote.git" log --format=%s main)
grep -qi "^done: Water the ferns" <<<"$remote_log" || fail "the remote lacks the done commit: $remote_log"

# Started directly (not through a function) so that $! is the server itself, which cleanup stops.
"${clean_env[@]}" carousel --vault "$vault" serve --port 0 >"$work/serve.out" 2>&1 &
server=$!
url=""
for _ in $(seq 100); do
  url=$(grep -o 'http://127\.0\.0\.1:[0-9]*/?token=[A-Za-z0-9_-]*' "$work/serve.out" | head -1 || true)
  [ -n "$url" ] && break
  sleep 0.1
done
[ -n "$url" ] || fail "serve printed no address: $(cat "$work/serve.out")"
page=$(python3 - "$url" <<'PY'
import sys, urllib.request, http.cookiejar
opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
print(opener.open(sys.argv[1], timeout=10).read().decode())
PY
) || fail "the page could not be fetched from $url"
grep -q "Carousel" <<<"$page" || fail "the page does not look like Carousel's"
echo "dist check: $(basename "$archive") runs without Swift: --version, init, add, done, sync and serve all work"
