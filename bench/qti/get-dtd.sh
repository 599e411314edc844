#!/usr/bin/env bash
# Fetches IMS's QTI 1.2.1 DTD (ims_qtiasiv1p2p1.dtd) for the export tests
# (tests/testsuite/export_questions.rs): no registry package installs it,
# but the source distribution of PyPI's pyslet (pinned) ships it with its
# unit tests. Run from anywhere; writes bench/qti/ims_qtiasiv1p2p1.dtd.
set -euo pipefail
cd "$(dirname "$0")"
[ -f ims_qtiasiv1p2p1.dtd ] && exit 0
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
python3 -m pip download --quiet --no-deps --no-binary :all: pyslet==0.7.20170805 -d "$tmp"
tar -xzf "$tmp"/pyslet-0.7.20170805.tar.gz -C "$tmp" \
  pyslet-0.7.20170805/unittests/data_imsqtiv1p2p1/ims_qtiasiv1p2p1.dtd
cp "$tmp"/pyslet-0.7.20170805/unittests/data_imsqtiv1p2p1/ims_qtiasiv1p2p1.dtd .
echo "c991ca648247cde8f228500a4ffb7e3578505c451f54150f43258b7f1ab445bd  ims_qtiasiv1p2p1.dtd" | sha256sum --check --quiet
