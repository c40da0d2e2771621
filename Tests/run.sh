#!/usr/bin/env bash
# Runs the built test bundle one test class per process, WORKERS processes side by side, the
# slowest classes first, and prints one line per class and a summary that names every failing
# test. A class that crashes its process is a failure too, named with the last test it started.
#
#   Tests/run.sh BIN_DIR WORKERS LOG_DIR [FILTER]
#
# One process per class (about 140) instead of one per test (about 800): each process costs a
# start of the 120 MB test bundle, which was a fifth of the run. Classes still never share a
# process, so what one leaves behind (a changed directory, a signal handler) cannot reach another.
set -uo pipefail
bin_dir=$1 workers=$2 logs=$3 filter=${4:-}
bundle="$bin_dir/CarouselPackageTests.xctest"
[ -x "$bundle" ] || { echo "no test bundle at $bundle: build with \`swift build --build-tests\`"; exit 1; }
bundle=$(cd "$(dirname "$bundle")" && pwd)/$(basename "$bundle")
rm -rf "$logs" && mkdir -p "$logs"

# The classes that take longest go first so that no worker is left with one at the end.
slow="SharedCorporaTests BrowserTests WedgedDeviceTests RemoteSyncTests PowerCutTests TargetedViewTests SyncTests QuickCommitTests
BackoffTests CrashPointTests JSONShapeTests RepositoryQuickCommitTests GuardTests HostilePeerTests SyncLimitsTests"
"$bundle" --list-tests 2>/dev/null | sed -n 's|^\([A-Za-z0-9_]*\.[A-Za-z0-9_]*\)/.*|\1|p' | uniq >"$logs/classes"
[ -s "$logs/classes" ] || { echo "the test bundle listed no tests"; exit 1; }
{
    for name in $slow; do grep "\.$name\$" "$logs/classes"; done
    grep -v -F -x -f <(for name in $slow; do grep "\.$name\$" "$logs/classes"; done) "$logs/classes"
} | { if [ -n "$filter" ]; then grep -E -- "$filter"; else cat; fi; } >"$logs/order"

run_class() {
    local class=$1 logs=$2 bundle=$3 started=$SECONDS status cpu
    local log="$logs/$class.log"
    # The CPU time of the class and every program it started (git, ssh, the browser), which is
    # what the run costs a machine with fewer cores than workers.
    local TIMEFORMAT='%U %S'
    cpu=$( { time "$bundle" "$class" >"$log" 2>&1; } 2>&1 )
    status=$?
    local passed failed
    passed=$(grep -c "^Test Case '.*' passed" "$log")
    failed=$(grep -c "^Test Case '.*' failed" "$log")
    if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
        echo "crashed" >"${log%.log}.crashed"
    fi
    printf '%-5s %-55s %4d tests %5d s %6.1f s CPU\n' "$([ "$status" -eq 0 ] && echo ok || echo FAIL)" "$class" \
        "$((passed + failed))" "$((SECONDS - started))" "$(echo "$cpu" | awk '{ print $1 + $2 }')"
}
export -f run_class
xargs -a "$logs/order" -P "$workers" -I{} bash -c 'run_class "$@"' _ {} "$logs" "$bundle" | tee "$logs/classes.txt"

cat "$logs"/*.log >"$logs/all.log"
passed=$(grep -c "^Test Case '.*' passed" "$logs/all.log")
failed=$(grep -c "^Test Case '.*' failed" "$logs/all.log")
skipped=$(grep -c "^Test Case '.*' skipped" "$logs/all.log")
crashed=0
for mark in "$logs"/*.crashed; do
    [ -e "$mark" ] || continue
    class=$(basename "$mark" .crashed)
    last=$(grep -o "^Test Case '[^']*' started" "$logs/$class.log" | tail -1 | sed "s/^Test Case '//; s/' started//")
    echo "crashed: $class${last:+, in $last} (its output: $logs/$class.log)"
    crashed=$((crashed + 1))
done
grep -o "^Test Case '[^']*' failed" "$logs/all.log" | sed "s/^Test Case '/failed: /; s/' failed//" | sort -u
# What each failing class said, so that the log of a run alone tells why: the assertions that
# failed, or the end of the output of a class that crashed.
for log in "$logs"/*.log; do
    class=$(basename "$log" .log)
    [ "$class" != all ] || continue
    if [ -e "$logs/$class.crashed" ]; then
        echo "--- the end of $class's output:"; tail -30 "$log" | cut -c1-400
    elif grep -q "^Test Case '.*' failed" "$log"; then
        echo "--- $class:"; grep -E -A4 ": error: [A-Za-z0-9_.]+ : " "$log" | head -60 | cut -c1-400
    fi
done
echo "tests: $passed passed, $((failed + crashed)) failed${skipped:+, $skipped skipped}" \
    "($(awk '{ cpu += $(NF-2) } END { printf "%.0f", cpu }' "$logs/classes.txt") s of CPU)"
[ "$failed" -eq 0 ] && [ "$crashed" -eq 0 ] && [ "$passed" -gt 0 ]
