#!/usr/bin/env bash
# Runs every test: unit, conformance and end-to-end tests (swift test), the check that the
# resampler's vector paths give the same bytes, then the real-browser test of the sample site in
# headless Chromium and the live reload of `serve` in it. Installs what the tests need first.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-dependencies.sh --tests
swift build --build-tests
swift test --skip-build
Tests/Native/run.sh
site=$(mktemp -d)/site
trap 'rm -rf "$(dirname "$site")"' EXIT
.build/debug/waterfall-site build SampleImages -o "$site" --quiet
.build/debug/waterfall-site build SampleImages -o "$site-paged" --quiet --page-size 12 --caption-height 64
python3 Tests/Browser/check_site.py "$site"
python3 Tests/Browser/check_site.py "$site-paged" --widths 12
python3 Tests/Browser/check_live_reload.py .build/debug/waterfall-site
