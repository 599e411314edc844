#!/usr/bin/env bash
# Accessibility, validity and speed of the built course, as issue 15 defines
# them, on every page in all four languages:
#   - axe-core (WCAG 2.2 A/AA + best practices) and the layout checks of
#     bench/audit/axe.mjs at 390x844 and 1366x900, light and dark;
#   - the Nu HTML Checker (vnu-jar) over every HTML file, errors and warnings;
#   - Lighthouse mobile on each language's home page and every lesson
#     (performance >= 95, accessibility, best practices and SEO 100).
#
#   bench/audit.sh                  # all three
#   bench/audit.sh axe vnu          # a subset
#   ONLY='^/en/' bench/audit.sh     # pages whose path matches (axe, lighthouse)
#
# Needs node, java and /usr/bin/chromium (CHROME_PATH overrides); installs
# the pinned tools of bench/audit/package-lock.json on first use. Results
# (text and JSON) go to bench/out/audit/. The axe + Nu part also runs in
# `cargo test` (tests/testsuite/audit.rs). Exits non-zero if any check fails.
set -uo pipefail

cd "$(dirname "$0")/.."
OUT=bench/out/audit
SITE=$OUT/site
TOOLS=${*:-"axe vnu lighthouse"}
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
ONLY_ARGS=()
[ -n "${ONLY:-}" ] && ONLY_ARGS=(--only "$ONLY")

if ! [ -d bench/audit/node_modules/axe-core ] || ! [ -d bench/audit/node_modules/lighthouse ]; then
  (cd bench/audit && npm ci --no-fund --no-audit) || exit 1
fi
mkdir -p "$OUT"
rm -rf "$SITE"
cargo run --quiet --release -- build -o "$SITE" || exit 1

status=0
for tool in $TOOLS; do
  echo "== $tool"
  case $tool in
    axe)
      node bench/audit/axe.mjs "$SITE" --json "$OUT/axe.json" "${ONLY_ARGS[@]}" | tee "$OUT/axe.txt" || status=1
      ;;
    vnu)
      if java -jar bench/audit/node_modules/vnu-jar/build/dist/vnu.jar --skip-non-html --Werror \
        --format gnu "$SITE" > "$OUT/vnu.txt" 2>&1; then
        echo "Nu HTML Checker: 0 errors, 0 warnings over $(find "$SITE" -name '*.html' | wc -l) files"
      else
        status=1
        echo "Nu HTML Checker: $(grep -c ': error:' "$OUT/vnu.txt") error(s)," \
          "$(grep -c 'warning:' "$OUT/vnu.txt") warning(s) (all in $OUT/vnu.txt):"
        sed 's/^"[^"]*":[0-9.-]*: //' "$OUT/vnu.txt" | sort | uniq -c | sort -rn | head -20
      fi
      ;;
    lighthouse)
      node bench/audit/lighthouse.mjs "$SITE" --json "$OUT/lighthouse.json" "${ONLY_ARGS[@]}" \
        | tee "$OUT/lighthouse.txt" || status=1
      ;;
    *) echo "unknown tool $tool (axe, vnu, lighthouse)"; status=2 ;;
  esac
done
exit $status
