#!/usr/bin/env bash
# Rebuild benchmark (issue 16): how long `tilebook build` takes with the
# previous output in place, against a cold build, on the synthetic corpora
# of examples/gen-corpus.rs, on this machine, in one run.
#
#   bench/rebuild.sh                          # 1,000 and 10,000 pages, flat and nested, 5 runs
#   SIZES=10000 LAYOUTS=flat RUNS=3 bench/rebuild.sh
#   SEARCH=off bench/rebuild.sh               # [search] and [offline] switched off
#   SIZES=100000 LAYOUTS=flat RUNS=1 SEARCH=off GEN_FLAGS=--no-practice bench/rebuild.sh
#
# GEN_FLAGS are passed to gen-corpus (`--no-practice`: no practice sheets,
# which at 100,000 pages would be 300,000 more files); a corpus made with
# them gets its own folder.
#
# Per run, in turn: a cold build (`--no-reuse` into an empty folder, no
# spare folder beside it), a rebuild with nothing changed, a rebuild after
# one page's body changed (a line appended to a lesson that teaches no rule,
# a different line each run: "onepage", the first edit after a cold build)
# and a rebuild after another page's body changed ("nextpage": the next edit
# of an editing session, which recycles the spare folder the previous
# rebuild left). Each rebuild's output is compared with the cold build's
# (`diff -r`, the manifest excepted: it records modification times and
# inodes) the first time.
#
# Prints, per layout, size and kind, the median over RUNS of wall time and
# CPU time (user+sys) with their ranges, and the median of the per-run
# ratios to that run's cold build. Raw measurements: $WORK/rebuild.tsv.
# This is a script, never a test.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
SIZES=${SIZES:-"1000 10000"}
LAYOUTS=${LAYOUTS:-"flat nested"}
RUNS=${RUNS:-5}
SEARCH=${SEARCH:-on}
LANGS=${LANGS:-en,de,ca,pt}
GEN_FLAGS=${GEN_FLAGS:-}
if [[ -d /dev/shm && -w /dev/shm ]]; then WORK=${WORK:-/dev/shm/tilebook-rebuild}; else WORK=${WORK:-$ROOT/target/bench-rebuild}; fi

say() { printf '%s\n' "$*" >&2; }

if [[ ! -x /usr/bin/time ]]; then
  say "installing time"; apt-get install -y time >/dev/null
fi
nice cargo build --release --quiet --bin tilebook --example gen-corpus
BIN=$ROOT/target/release/tilebook
GEN=$ROOT/target/release/examples/gen-corpus

mkdir -p "$WORK"
TSV=$WORK/rebuild.tsv
printf 'layout\tsize\tsearch\trun\tkind\twall_s\tcpu_s\treused\n' >"$TSV"

# One timed build: appends a row to $TSV.
timed() { # layout size run kind out [build flags…]
  local layout=$1 size=$2 run=$3 kind=$4 out=$5; shift 5
  local t=$WORK/time.txt log=$WORK/build.log
  /usr/bin/time -f '%e %U %S' -o "$t" "$BIN" --root "$CORPUS" build -o "$out" --force --timings "$@" >"$log"
  local reused
  reused=$(sed -n 's/^reused: \([0-9]*\) of.*/\1/p' "$log")
  read -r wall user sys <"$t"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$layout" "$size" "$SEARCH" "$run" "$kind" "$wall" \
    "$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" "$reused" >>"$TSV"
}

same_as() { # a b: the two outputs are the same, the manifest excepted
  diff -r -q -x .tilebook-manifest.json "$1" "$2" >/dev/null || { say "error: $1 and $2 differ"; exit 1; }
}

same_as_cold() { # out cold: out is what a cold build of the corpus writes
  rm -rf "$2"; "$BIN" --root "$CORPUS" build -o "$2" --no-reuse >/dev/null
  same_as "$1" "$2"
  rm -rf "$2"
}

for layout in $LAYOUTS; do
  for size in $SIZES; do
    name=$layout-$size$(printf '%s' "$GEN_FLAGS" | tr -c 'a-z0-9' '-')
    CORPUS=$WORK/$name/tilebook
    if [[ ! -f $CORPUS/config.toml ]]; then
      say "generating $layout corpus, $size pages ${GEN_FLAGS:+($GEN_FLAGS)}"
      flag=(); [[ $layout == flat ]] && flag=(--flat)
      # shellcheck disable=SC2086 # GEN_FLAGS is a list of flags
      "$GEN" --pages "$size" --langs "$LANGS" "${flag[@]}" $GEN_FLAGS --out "$WORK/$name" >/dev/null
    fi
    config=$CORPUS/config.toml
    sed -i '/^# bench: search off/,$d' "$config"
    if [[ $SEARCH == off ]]; then
      printf '# bench: search off\n[search]\nenabled = false\n[offline]\nenabled = false\n' >>"$config"
    fi
    # A lesson well past the first (which teaches the rules).
    page=$(find "$CORPUS/content/en" -name '*.md' ! -name '_index.md' | sort | sed -n 50p)
    page2=$(find "$CORPUS/content/en" -name '*.md' ! -name '_index.md' | sort | sed -n 60p)
    cp "$page" "$WORK/page.orig"
    cp "$page2" "$WORK/page2.orig"
    out=$WORK/out-$layout-$size cold=$WORK/cold-$layout-$size
    spare=$WORK/.out-$layout-$size.spare
    say "$layout $size (search $SEARCH): $RUNS runs of cold / no change / one page changed / another page changed"
    for run in $(seq 1 "$RUNS"); do
      rm -rf "$out" "$spare"
      timed "$layout" "$size" "$run" cold "$out" --no-reuse
      if [[ $run == 1 ]]; then rm -rf "$cold"; cp -a "$out" "$cold"; fi
      timed "$layout" "$size" "$run" nochange "$out"
      if [[ $run == 1 ]]; then same_as "$out" "$cold"; fi
      printf '\nOne more line, number %s.\n' "$run" >>"$page"
      timed "$layout" "$size" "$run" onepage "$out"
      if [[ $run == 1 ]]; then same_as_cold "$out" "$cold"; fi
      printf '\nAnother line, number %s.\n' "$run" >>"$page2"
      timed "$layout" "$size" "$run" nextpage "$out"
      if [[ $run == 1 ]]; then same_as_cold "$out" "$cold"; fi
      cp "$WORK/page.orig" "$page"
      cp "$WORK/page2.orig" "$page2"
    done
    rm -rf "$out" "$spare"
  done
done

say "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
awk -F'\t' -f bench/rebuild.awk "$TSV"
