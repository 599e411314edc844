#!/usr/bin/env bash
# Load and fault test of `tilebook serve` (a benchmark, not a test).
# Usage: bench/serve-load.sh [SECONDS]   (default 60)
# Generates a 1,000-page site (4 languages, examples/gen-corpus.rs), starts
# `tilebook serve` on 127.0.0.1 and runs examples/serve_load.rs against it:
# 50 clients, 100 live-reload streams, 10 saves a second in the patterns
# editors use, then path-traversal probes. See docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
cargo build --release --quiet --bin tilebook --example serve_load --example gen-corpus
out=target/serve-load
rm -rf "$out"
target/release/examples/gen-corpus --pages 1000 --langs en,de,ca,pt --out "$out" >/dev/null
echo "machine: $(nproc) cores, load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
target/release/examples/serve_load --site "$out/tilebook" --seconds "$seconds" \
  --clients 50 --streams 100 --saves 10
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
