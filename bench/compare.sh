#!/usr/bin/env bash
# Build benchmark: tilebook vs Hugo vs mdBook vs the raw pulldown-cmark floor,
# on the same synthetic course, on this machine, in one run.
#
#   bench/compare.sh                 # 1,000 and 10,000 pages, 5 runs each
#   SIZES="1000" RUNS=3 bench/compare.sh
#   TOOLS="tilebook raw" bench/compare.sh
#   LAYOUTS=flat ZOLA=/path/to/zola bench/compare.sh
#   LAYOUTS=flat ZOLA_SRC=/path/to/zola-checkout bench/compare.sh
#   GEN_FLAGS="--no-search --no-practice" TOOLS="tilebook raw" bench/compare.sh
#
# GEN_FLAGS are passed to gen-corpus: `--no-search` turns the tilebook
# site's search index and offline files off, `--no-practice` its practice
# sheets (3 more pages per lesson than the other tools write), so that
# tilebook renders the same N pages as the raw floor (docs/benchmarks.md,
# "the render pipeline against the floor").
#
# Tools: tilebook (the course with one exercise per page), tilebook-noquiz
# (the same course without exercises, to show what exercise validation
# costs), tilebook-nonav (the course with an empty navigation template: the
# yardstick for what the theme's navigation costs), hugo, mdbook, zola, raw
# (pulldown-cmark alone, examples/raw-floor.rs).
#
# Layouts (LAYOUTS, default "nested flat"): nested (parts of sections of 25
# pages) and flat (one section per language holding every page); see
# examples/gen-corpus.rs. Zola cannot be installed with `cargo install` here:
# it runs when ZOLA names a binary, or ZOLA_SRC a source checkout (built
# with `cargo build --release` there); otherwise it is skipped with a notice.
#
# N (the size) is the number of Markdown pages across all languages
# (LANGS, default en,de,ca,pt): N / 4 pages per language. See
# examples/gen-corpus.rs and docs/benchmarks.md.
#
# Prints, per size and tool, the median over RUNS of wall time, CPU time
# (user+sys), peak RSS (/usr/bin/time -v "Maximum resident set size") and
# pages per second, the ratios against tilebook, and the 1k→10k growth.
# Raw measurements go to $WORK/results.tsv. This is a script, never a test.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
SIZES=${SIZES:-"1000 10000"}
RUNS=${RUNS:-5}
LANGS=${LANGS:-en,de,ca,pt}
TOOLS=${TOOLS:-"tilebook tilebook-noquiz tilebook-nonav hugo mdbook zola raw"}
LAYOUTS=${LAYOUTS:-"nested flat"}
# Corpora and outputs live in RAM (tmpfs) by default, so the figures measure
# the generators rather than this machine's disk; WORK=target/bench measures
# with the disk.
if [[ -d /dev/shm && -w /dev/shm ]]; then WORK=${WORK:-/dev/shm/tilebook-bench}; else WORK=${WORK:-$ROOT/target/bench}; fi
THREADS=${THREADS:-2}
GEN_FLAGS=${GEN_FLAGS:-}

say() { printf '%s\n' "$*" >&2; }

# ---- tools -----------------------------------------------------------------
if [[ ! -x /usr/bin/time ]]; then
  say "installing time"; apt-get install -y time >/dev/null
fi
if [[ " $TOOLS " == *" hugo "* ]] && ! command -v hugo >/dev/null; then
  say "installing hugo (Debian package)"
  apt-get install -y hugo >/dev/null || { apt-get update -qq && apt-get install -y hugo >/dev/null; }
fi
export PATH="$HOME/.cargo/bin:$PATH"
if [[ " $TOOLS " == *" mdbook "* ]] && ! command -v mdbook >/dev/null; then
  say "installing mdbook from crates.io (compiles for several minutes)"
  cargo install mdbook --locked
fi
if [[ " $TOOLS " == *" zola "* ]]; then
  if [[ -z ${ZOLA:-} && -n ${ZOLA_SRC:-} ]]; then
    say "building zola from the checkout $ZOLA_SRC (release)"
    (cd "$ZOLA_SRC" && cargo build --release --locked --quiet) && ZOLA=$ZOLA_SRC/target/release/zola
  fi
  if [[ -z ${ZOLA:-} ]] && command -v zola >/dev/null; then ZOLA=$(command -v zola); fi
  if [[ -z ${ZOLA:-} || ! -x $ZOLA ]]; then
    say "NOTICE: zola skipped (give ZOLA=/path/to/zola or ZOLA_SRC=/path/to/checkout; cargo install cannot fetch it)"
    TOOLS=$(printf '%s\n' $TOOLS | grep -vx zola | xargs)
  fi
fi
say "building tilebook, gen-corpus and raw-floor (release)"
cargo build --release --quiet --bin tilebook --example gen-corpus --example raw-floor
BIN=$ROOT/target/release
mkdir -p "$WORK"

# ---- one measured command --------------------------------------------------
# measure TOOL SIZE RUN CORPUS OUT: runs the tool once under /usr/bin/time -v
# and appends "size tool run wall cpu rss_kb" to results.tsv.
RESULTS=$WORK/results.tsv
measure() {
  local tool=$1 size=$2 run=$3 corpus=$4 out=$5 tv=$WORK/time.txt log=$WORK/last.log
  # A cold build: no previous output, and no spare folder for tilebook to
  # recycle (src/output/staging.rs).
  rm -rf "$out" "$(dirname "$out")/.$(basename "$out").spare"
  sync
  local cmd
  case $tool in
    tilebook | tilebook-noquiz | tilebook-nonav) cmd=("$BIN/tilebook" --root "$corpus/$tool" build -o "$out" --timings) ;;
    zola) cmd=("$ZOLA" --root "$corpus/zola" build --output-dir "$out" --force) ;;
    hugo) cmd=(hugo --quiet --source "$corpus/hugo" --destination "$out") ;;
    # One book per language, two at a time (mdBook builds a book on one core).
    mdbook) cmd=(bash -c 'printf "%s\n" ${1//,/ } | xargs -P "$4" -I{} mdbook build "$2/mdbook/{}" -d "$3/{}"' _ "$LANGS" "$corpus" "$out" "$THREADS") ;;
    raw) cmd=("$BIN/examples/raw-floor" "$corpus/raw" "$out" --threads "$THREADS") ;;
  esac
  if ! /usr/bin/time -v -o "$tv" "${cmd[@]}" >"$log" 2>&1; then
    say "FAILED: $tool at $size pages:"; tail -20 "$log" >&2; exit 1
  fi
  awk -v size="$size" -v tool="$tool" -v run="$run" -F': ' '
    /Elapsed \(wall clock\)/ { n = split($2, p, ":"); wall = (n == 3) ? p[1]*3600 + p[2]*60 + p[3] : p[1]*60 + p[2] }
    /User time/ { user = $2 } /System time/ { sys = $2 } /Maximum resident/ { rss = $2 }
    END { printf "%s\t%s\t%s\t%.3f\t%.3f\t%d\n", size, tool, run, wall, user + sys, rss }' "$tv" >>"$RESULTS"
  tail -1 "$RESULTS" | awk -F'\t' '{ printf "  %-14s run %s: %6.2f s wall %6.2f s cpu %7.0f MB\n", $2, $3, $4, $5, $6/1024 }' >&2
  # tilebook --timings: "exercises: N validated in V ms (P% of the cpu time), their HTML written in H ms (Q%)"
  if [[ $tool == tilebook && $run != 0 ]]; then
    sed -n 's/^exercises: [0-9]* validated in \([0-9]*\) ms (\([0-9.]*\)%.* written in \([0-9]*\) ms (\([0-9.]*\)%).*/\1\t\2\t\3\t\4/p' "$log" |
      awk -v size="$size" '{ print size "\t" $0 }' >>"$EXERCISES"
  fi
}
EXERCISES=$WORK/exercises.tsv

# ---- corpora and runs ------------------------------------------------------
load_start=$(cut -d' ' -f1-3 /proc/loadavg)
tools=($TOOLS)
for layout in $LAYOUTS; do
RESULTS=$WORK/results-$layout.tsv
EXERCISES=$WORK/exercises-$layout.tsv
: >"$RESULTS"
: >"$EXERCISES"
for size in $SIZES; do
  corpus=$WORK/corpus-$layout-$size
  say "== $layout layout, $size pages: writing the corpus into $corpus"
  "$BIN/examples/gen-corpus" --pages "$size" --langs "$LANGS" --layout "$layout" --out "$corpus" $GEN_FLAGS >&2
  for variant in noquiz nonav; do
    if [[ " ${tools[*]} " == *" tilebook-$variant "* ]]; then
      "$BIN/examples/gen-corpus" --pages "$size" --langs "$LANGS" --layout "$layout" --out "$WORK/$variant-$size" "--${variant/no/no-}" $GEN_FLAGS >&2
      mv "$WORK/$variant-$size/tilebook" "$corpus/tilebook-$variant" && rm -rf "$WORK/$variant-$size"
    fi
  done
  # Warm the page cache and check every tool once (not counted).
  for tool in "${tools[@]}"; do measure "$tool" "$size" 0 "$corpus" "$WORK/out-$tool"; done
  for run in $(seq 1 "$RUNS"); do
    # Alternate: each run starts with a different tool.
    n=${#tools[@]}
    for i in $(seq 0 $((n - 1))); do
      tool=${tools[$(((i + run) % n))]}
      measure "$tool" "$size" "$run" "$corpus" "$WORK/out-$tool"
    done
  done
  rm -rf "$WORK"/out-*
done
done

# ---- report ----------------------------------------------------------------
echo
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(free -g | awk '/Mem:/ {print $2}') GiB"
echo "versions: $("$BIN/tilebook" --version), $(hugo version 2>/dev/null | cut -d' ' -f1-2 || echo 'hugo -'), $(mdbook --version 2>/dev/null || echo 'mdbook -'), $("${ZOLA:-zola}" --version 2>/dev/null || echo 'zola -'), $(rustc --version | cut -d' ' -f1-2)"
echo "medians of $RUNS runs (run 0 warms the cache and is not counted); corpora and outputs in $WORK"
echo "load average before: $load_start, after: $(cut -d' ' -f1-3 /proc/loadavg) (other work on the machine inflates wall times)"
for layout in $LAYOUTS; do
RESULTS=$WORK/results-$layout.tsv
EXERCISES=$WORK/exercises-$layout.tsv
echo
echo "### $layout layout"
echo
"$ROOT/bench/report.awk" "$RESULTS"
if [[ -s $EXERCISES ]]; then
  echo
  echo "tilebook --timings: CPU time in exercise code, summed over threads (median of $RUNS runs)"
  echo "| pages | validating ms | % of CPU | writing HTML ms | % of CPU |"
  echo "|---:|---:|---:|---:|---:|"
  for size in $SIZES; do
    awk -F'\t' -v size="$size" '$1 == size' "$EXERCISES" | sort -t$'\t' -k3,3n |
      awk -F'\t' '{ v[NR] = $2; p[NR] = $3; h[NR] = $4; q[NR] = $5 }
        END { if (NR) { m = int((NR + 1) / 2); printf "| %s | %s | %s | %s | %s |\n", $1, v[m], p[m], h[m], q[m] } }'
  done
fi
done
