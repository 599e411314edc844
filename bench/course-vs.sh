#!/usr/bin/env bash
# The course's `check` and no-change `build`, this checkout's release binary
# against another tilebook binary (issue 30: a binary of 0e26ee5 built the
# same way), paired: the two run in turn, A B A B …, and the ratio A/B is
# taken pair by pair, so a comparison holds when the machine's speed drifts.
#
#   OLD_ROOT=/work/wt/base bench/course-vs.sh /tmp/tilebook-0e26ee5   # 11 pairs
#   RUNS=21 OLD_ROOT=DIR bench/course-vs.sh OLD_BINARY [NEW_BINARY]
#
# Each binary runs on its own commit's course: OLD_ROOT is a checkout of the
# old commit (`git worktree add --detach DIR 0e26ee5`). The course's sources
# change with the code (strings moved to Fluent, new glossary fields), so an
# old binary on today's course stops at its first errors and times nothing
# real; the script refuses a binary whose `check` does not pass on its root.
#
# NEW_BINARY defaults to target/release/tilebook (build it first with
# `cargo build --release`). Each binary builds into its own output folder
# once before timing (so "no-change build" finds its own previous build
# and manifest: a manifest is trusted only by the binary that wrote it).
# Prints, per command, the median wall time of each binary and the median
# of the pair ratios new/old. A script, never a test.
set -euo pipefail
cd "$(dirname "$0")/.."

OLD=${1:?usage: bench/course-vs.sh OLD_BINARY [NEW_BINARY]}
NEW=${2:-target/release/tilebook}
RUNS=${RUNS:-11}
ROOT=$(pwd)
OLD_ROOT=${OLD_ROOT:?set OLD_ROOT to a checkout of the commit of the old binary}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

ms() { date +%s%N; }

# time_once BINARY ARGS...: wall milliseconds of one run (output dropped).
time_once() {
  local start end
  start=$(ms)
  "$@" >/dev/null 2>&1
  end=$(ms)
  echo $(((end - start) / 1000000))
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

bench() {
  local name=$1
  shift
  local new_args=("${@//OUT/$WORK/new}")
  local old_args=("${@//OUT/$WORK/old}")
  new_args=("${new_args[@]//ROOT/$ROOT}")
  old_args=("${old_args[@]//ROOT/$OLD_ROOT}")
  # One warm-up each (and the previous build a no-change build needs).
  "$NEW" "${new_args[@]}" >/dev/null 2>&1 || true
  "$OLD" "${old_args[@]}" >/dev/null 2>&1 || true
  : >"$WORK/$name.tsv"
  for _ in $(seq "$RUNS"); do
    local a b
    a=$(time_once "$NEW" "${new_args[@]}")
    b=$(time_once "$OLD" "${old_args[@]}")
    printf '%s\t%s\n' "$a" "$b" >>"$WORK/$name.tsv"
  done
  local a b r
  a=$(cut -f1 "$WORK/$name.tsv" | median)
  b=$(cut -f2 "$WORK/$name.tsv" | median)
  r=$(awk '{ printf "%.3f\n", ($2 > 0 ? $1 / $2 : 0) }' "$WORK/$name.tsv" | median)
  printf '%-18s new %6s ms   old %6s ms   new/old (median of %s pairs) %s\n' \
    "$name" "$a" "$b" "$RUNS" "$r"
}

for pair in "$NEW:$ROOT" "$OLD:$OLD_ROOT"; do
  if ! "${pair%%:*}" --root "${pair#*:}" check >/dev/null 2>&1; then
    echo "error: \`${pair%%:*} check\` fails on ${pair#*:}: nothing to time" >&2
    exit 1
  fi
done
echo "new: $NEW on $ROOT; old: $OLD on $OLD_ROOT; $(nproc) processors; load $(cut -d' ' -f1-3 /proc/loadavg)"
bench check --root ROOT check
bench "no-change build" --root ROOT build -o OUT
