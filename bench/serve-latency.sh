#!/usr/bin/env bash
# Edit-to-served latency of `tilebook serve` (a benchmark, not a test).
# Usage: bench/serve-latency.sh [SITE_DIR]   (default SITE_DIR: the repo's own site)
#        ZOLA=/path/to/zola bench/serve-latency.sh   (adds `zola serve` on the flat corpus)
#        FLAT=0 bench/serve-latency.sh               (skips the flat 10,000-page corpus)
# Builds in release mode, then measures ~30 one-page body edits on a generated
# 10,000-page site (4 languages) and on SITE_DIR (or the fixture site when
# SITE_DIR has no content); then, on gen-corpus's flat 10,000-page corpus
# (2,500 pages in one section per language, theme felt), 20 body edits and 20
# title edits with the search index and offline files off (the late phase
# runs after the reload, and blocks the next rebuild while it runs), 3 body
# edits with them on (for the memory), and the same edits on `zola serve`
# when ZOLA is set. See docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin tilebook --example serve_latency --example gen-corpus
bin=target/release/examples/serve_latency
site="${1:-.}"
if ! ls "$site"/content/*/*.md >/dev/null 2>&1; then
  echo "note: $site has no content yet; using tests/fixtures/basic" >&2
  site=tests/fixtures/basic
fi
echo "machine: $(nproc) cores, load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
"$bin" generated --pages 10000 --langs 4 --edits 30
"$bin" site "$site" --edits 30
if [ "${FLAT:-1}" != 0 ]; then
  flat=target/serve-flat-10000
  target/release/examples/gen-corpus --pages 10000 --flat --out "$flat" >/dev/null
  "$bin" site "$flat/tilebook" --edits 20 --titles 20 --no-late
  "$bin" site "$flat/tilebook" --edits 3
  if [ -n "${ZOLA:-}" ]; then
    "$bin" zola "$flat/zola" --zola "$ZOLA" --edits 20 --titles 20
  else
    echo "note: ZOLA is not set; skipping zola serve" >&2
  fi
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
