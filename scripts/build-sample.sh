#!/usr/bin/env bash
# Builds waterfall-site and runs it on SampleImages: the site lands in _site/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-dependencies.sh
swift build -c release --static-swift-stdlib --product waterfall-site
.build/release/waterfall-site build SampleImages -o _site "$@"
echo "Open _site/index.html in a browser, or upload _site/ to any static host."
