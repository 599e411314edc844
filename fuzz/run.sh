#!/bin/sh
# Runs the given fuzz targets (default: all six) one after the other, each
# for $FUZZ_SECONDS (default 600) at low priority, from the seed corpora.
# Logs: fuzz/logs/<target>.log; crashes: fuzz/artifacts/<target>/.
set -u
cd "$(dirname "$0")/.."
SECONDS_EACH=${FUZZ_SECONDS:-600}
[ $# -gt 0 ] || set -- front_matter config tiles quiz page glossary
python3 fuzz/seed-corpora.py
mkdir -p fuzz/logs
for t in "$@"; do
    echo "== $t ($(date -u +%H:%M:%S))"
    nice -n 10 cargo +nightly fuzz run -s none "$t" "fuzz/corpus/$t" -- \
        -max_total_time="$SECONDS_EACH" -timeout=1 -rss_limit_mb=2048 \
        -print_final_stats=1 > "fuzz/logs/$t.log" 2>&1
    echo "   exit $? ($(date -u +%H:%M:%S)): $(grep -E 'number_of_executed_units|SUMMARY' "fuzz/logs/$t.log" | tr '\n' ' ')"
done
