#!/usr/bin/env bash
# Issue 31, the search-on build: the corpora and the one-page-edit command
# the figures of docs/benchmarks.md ("Issue 31") were measured with. The
# timing itself is a paired runner's (A B A B …, ratio pair by pair, e.g.
# `hyperfine`-like with a baseline command); see docs/benchmarks.md.
#
#   bench/search.sh prep DIR OLD_ROOT
#       writes DIR/c10k-{flat,nested} (10,000 pages, 2,500 a language, no
#       practice sheets: the corpus of the issue's figures), DIR/…-old (the
#       same with OLD_ROOT's themes/felt, for the old binary) and
#       DIR/c10k-flat-nosearch ([search] and [offline] off).
#   bench/search.sh edit-build BINARY ROOT OUT
#       appends a sentence to one lesson of ROOT (a different one each run
#       is not needed: the text changes every run) and builds ROOT into OUT,
#       reusing OUT's previous build: "one page edited".
#   bench/search.sh zola-pagefind ZOLA PAGEFIND CORPUS OUT
#       the peer: Zola builds CORPUS/zola into OUT, then the Pagefind CLI
#       indexes OUT (what a Zola site with search runs).
#
# Needs `cargo build --release --examples` first (gen-corpus). A script,
# never a test.
set -euo pipefail
cd "$(dirname "$0")/.."

case ${1:-} in
  prep)
    dir=${2:?usage: bench/search.sh prep DIR OLD_ROOT}
    old_root=${3:?usage: bench/search.sh prep DIR OLD_ROOT}
    mkdir -p "$dir"
    for layout in flat nested; do
      c=$dir/c10k-$layout
      rm -rf "$c" "$c-old"
      target/release/examples/gen-corpus --pages 10000 --layout "$layout" --no-practice --out "$c" >/dev/null
      cp -r "$c" "$c-old"
      rm -rf "$c-old/tilebook/themes/felt"
      cp -r "$old_root/themes/felt" "$c-old/tilebook/themes/felt"
    done
    rm -rf "$dir/c10k-flat-nosearch"
    cp -r "$dir/c10k-flat" "$dir/c10k-flat-nosearch"
    printf '\n[search]\nenabled = false\n\n[offline]\nenabled = false\n' \
      >>"$dir/c10k-flat-nosearch/tilebook/config.toml"
    ;;
  edit-build)
    bin=${2:?usage: bench/search.sh edit-build BINARY ROOT OUT}
    root=${3:?}
    out=${4:?}
    page=$root/content/en/lessons/l001234.md
    [[ -f $page ]] || page=$(find "$root/content/en" -name '*.md' ! -name '_index.md' | sort | sed -n 1234p)
    printf '\n\nAn edit at %s.\n' "$(date +%s%N)" >>"$page"
    exec "$bin" build --root "$root" -o "$out" --force
    ;;
  zola-pagefind)
    zola=${2:?usage: bench/search.sh zola-pagefind ZOLA PAGEFIND CORPUS OUT}
    pagefind=${3:?}
    corpus=${4:?}
    out=${5:?}
    "$zola" --root "$corpus/zola" build --output-dir "$out" --force >/dev/null
    exec "$pagefind" --site "$out" >/dev/null
    ;;
  *)
    echo "usage: bench/search.sh prep|edit-build|zola-pagefind …" >&2
    exit 2
    ;;
esac
