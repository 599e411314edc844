#!/usr/bin/env bash
# Edit-to-served latency of `tilebook serve` (a benchmark, not a test).
# Usage: bench/serve-latency.sh [SITE_DIR]   (default SITE_DIR: the repo's own site)
# Builds in release mode, then measures ~30 one-page body edits on a generated
# 10,000-page site (4 languages) and on SITE_DIR (or the fixture site when
# SITE_DIR has no content). See docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin tilebook --example serve_latency
bin=target/release/examples/serve_latency
site="${1:-.}"
if ! ls "$site"/content/*/*.md >/dev/null 2>&1; then
  echo "note: $site has no content yet; using tests/fixtures/basic" >&2
  site=tests/fixtures/basic
fi
"$bin" generated --pages 10000 --langs 4 --edits 30
"$bin" site "$site" --edits 30
