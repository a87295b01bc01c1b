#!/usr/bin/env bash
# Site build benchmark (originals hard-linked, no renditions: see Benchmarks/renditions for those),
# in one run on the same generated photos:
#  - a 10,000-photo build (originals hard-linked) against the floor any tool must pay for it: the
#    C header loop (Benchmarks/scan/floor.c) over the same files plus `cp -al` of the folder, as
#    Benchmarks/run.sh reports it; and peak memory. (The first site-build issue's "build <= 2x
#    scan" is retired: hard-linking the originals alone costs more than that.)
#  - HTML + CSS bytes per photo with the default 4 breakpoints, no captions (target <= 300 without
#    balancing), and the first page's bytes per photo with balancing (targets <= 450, gzip <= 120);
#  - the build with the default balance tolerance against --balance-tolerance 0 (target <= 1.5x);
#  - item pages: the HTML of an item page without its image (target <= 4 KB, plus the shared CSS),
#    and a build of ITEM_COUNT photos (default 100000) with its item pages: cold into a fresh
#    folder (targets < 10 s and < 600 MB), warm with no change (<= 10% of cold) and after
#    touching 1% of the photos (<= 15% of cold). ITEM_COUNT=0 skips that part; ONLY_ITEMS=1 runs
#    only the item-page part.
# Two layouts of the same photos: nested (444 folders, as a camera archive) and flat (one folder of
# camera-named files, so every page is one 500-photo section: the hardest case for balancing).
#
#   Benchmarks/build/run.sh [COUNT]     (default 10000)
#
# The corpus comes from Benchmarks/scan/generate_corpus.py (deterministic; Pillow is installed with
# pip when missing). Best of ROUNDS runs (default 5) after one warm-up, each build into a fresh
# folder, since the machine is shared. Prints a markdown table; exits 0 whether or not targets are met.
set -euo pipefail

count="${1:-10000}"
rounds="${ROUNDS:-5}"
here="$(cd "$(dirname "$0")" && pwd)"
package="$(cd "$here/../.." && pwd)"
work="$here/.work"
nested="$work/nested-$count"
flat="$work/flat-$count"
site="$work/site"
mkdir -p "$work"

python3 -c "import PIL" 2>/dev/null || python3 -m pip install --quiet Pillow
[ -x /usr/bin/time ] || apt-get install -y -qq time >/dev/null

if [ ! -f "$nested/.complete" ]; then
    rm -rf "$nested"
    python3 "$package/Benchmarks/scan/generate_corpus.py" "$nested" "$count"
    touch "$nested/.complete"
fi
if [ ! -f "$flat/.complete" ]; then
    rm -rf "$flat"
    mkdir -p "$flat"
    # The generator's file names (IMG_00042.jpg, scan-0042.png) are unique across folders, so the
    # flat folder keeps them: one folder of camera files.
    (cd "$nested" && find . -type f \( -name '*.jpg' -o -name '*.png' \) | sort | while read -r file; do
        ln "$file" "$flat/$(basename "$file")"
    done)
    touch "$flat/.complete"
fi

cc -O2 -o "$work/scan-floor" "$package/Benchmarks/scan/floor.c" -ljpeg -lpng16
find "$nested" -type f \( -name '*.jpg' -o -name '*.png' \) | sort > "$work/floor-files.txt"

echo "building waterfall-site (release)..." >&2
(cd "$package" && swift build -c release --static-swift-stdlib --product waterfall-site >/dev/null)
tool="$(cd "$package" && swift build -c release --static-swift-stdlib --show-bin-path)/waterfall-site"

# Sites are moved aside, never deleted, until the end: on ext4 without a journal (these
# machines), a folder deleted in the last minutes makes every later mkdir step over its freed
# inode, which slowed the next build's 444 mkdirs about threefold (see Benchmarks/README.md).
trash="$work/.trash"
mkdir -p "$trash"
trap 'rm -rf "$trash"' EXIT
retire() { [[ -e $1 ]] && mv "$1" "$trash/$(date +%s%N)"; return 0; }

# Best wall-clock seconds of "$@" over $rounds runs after a warm-up; the site folder is moved
# aside before every run (outside the timing), so each build is a cold build into a new folder.
best_seconds() {
    retire "$site"; "$@" >/dev/null
    local best=""
    for _ in $(seq "$rounds"); do
        retire "$site"
        local start end elapsed
        start=$(date +%s%N)
        "$@" >/dev/null
        end=$(date +%s%N)
        elapsed=$((end - start))
        if [ -z "$best" ] || [ "$elapsed" -lt "$best" ]; then best=$elapsed; fi
    done
    awk -v ns="$best" 'BEGIN { printf "%.3f", ns / 1e9 }'
}
peak_mb() {
    retire "$site"
    /usr/bin/time -v "$@" 2>&1 >/dev/null | awk -F: '/Maximum resident set size/ { printf "%.1f", $2 / 1024 }'
}
bytes_per_photo() { awk -v b="$1" -v n="$2" 'BEGIN { printf "%.0f", b / n }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
verdict() { awk -v v="$1" -v t="$2" 'BEGIN { print (v <= t ? "met" : "MISSED") }'; }

item_rows() {
    local items_dir="$work/items-$item_count"
    if [ ! -f "$items_dir/.complete" ]; then
        rm -rf "$items_dir"
        python3 "$package/Benchmarks/scan/generate_corpus.py" "$items_dir" "$item_count" >&2
        touch "$items_dir/.complete"
    fi
    find "$items_dir" -type f \( -name '*.jpg' -o -name '*.png' \) | LC_ALL=C sort > "$work/items-files.txt"
    local build=("$tool" build "$items_dir" -o "$site" --quiet --no-renditions)
    local cold warm touch cold_mb pages
    cold=$(best_seconds "${build[@]}")
    cold_mb=$(peak_mb "${build[@]}")
    retire "$site"; "${build[@]}" >/dev/null
    pages=$(find "$site/items" -name '*.html' | wc -l)
    local best="" start end elapsed
    for _ in $(seq "$rounds"); do
        start=$(date +%s%N); "${build[@]}" >/dev/null; end=$(date +%s%N)
        elapsed=$((end - start)); if [ -z "$best" ] || [ "$elapsed" -lt "$best" ]; then best=$elapsed; fi
    done
    warm=$(awk -v ns="$best" 'BEGIN { printf "%.3f", ns / 1e9 }')
    best=""
    for _ in $(seq "$rounds"); do
        sed -n '0~100p' "$work/items-files.txt" | xargs -d '\n' touch  # a new mtime each round
        start=$(date +%s%N); "${build[@]}" >/dev/null; end=$(date +%s%N)
        elapsed=$((end - start)); if [ -z "$best" ] || [ "$elapsed" -lt "$best" ]; then best=$elapsed; fi
    done
    touch=$(awk -v ns="$best" 'BEGIN { printf "%.3f", ns / 1e9 }')
    echo "| build $item_count photos with $pages item pages, cold (s) | $cold | < 10: $(verdict "$cold" 10) |"
    echo "| same, peak RSS (MB) | $cold_mb | < 600: $(verdict "$cold_mb" 600) |"
    echo "| warm rebuild, no change ÷ cold | $(ratio "$warm" "$cold") ($warm s) | <= 0.10: $(verdict "$(ratio "$warm" "$cold")" 0.10) |"
    echo "| rebuild after touching 1% ÷ cold | $(ratio "$touch" "$cold") ($touch s) | <= 0.15: $(verdict "$(ratio "$touch" "$cold")" 0.15) |"
}
item_count="${ITEM_COUNT:-100000}"
if [ "${ONLY_ITEMS:-0}" = 1 ]; then
    echo
    echo "Item pages benchmark: $item_count photos ($(date -u +%Y-%m-%d), $(nproc) cores, best of $rounds)"
    echo
    echo "| measure | value | target |"
    echo "|---|---:|---|"
    item_rows
    exit 0
fi

# The floor: every header read by the C loop, every original hard-linked into a new folder.
floor_build() { "$work/scan-floor" "$work/floor-files.txt" >/dev/null && cp -al "$nested" "$site"; }
floor_s=$(best_seconds floor_build)
scan_s=$(best_seconds "$tool" scan "$nested" --json)
build0_s=$(best_seconds "$tool" build "$nested" -o "$site" --quiet --no-renditions --balance-tolerance 0)
build_s=$(best_seconds "$tool" build "$nested" -o "$site" --quiet --no-renditions)
flat0_s=$(best_seconds "$tool" build "$flat" -o "$site" --quiet --no-renditions --balance-tolerance 0)
flat_s=$(best_seconds "$tool" build "$flat" -o "$site" --quiet --no-renditions)
scan_mb=$(peak_mb "$tool" scan "$nested" --json)
build_mb=$(peak_mb "$tool" build "$nested" -o "$site" --quiet --no-renditions)

retire "$site"; "$tool" build "$nested" -o "$site" --quiet --no-renditions --balance-tolerance 0
photos=$(find "$site/photos" -type f | wc -l)
all0=$(cat "$site"/*.html "$site"/assets/*.css | wc -c)
retire "$site"; "$tool" build "$nested" -o "$site" --quiet --no-renditions
all16=$(cat "$site"/*.html "$site"/assets/*.css | wc -c)
retire "$site"; summary=$("$tool" build "$flat" -o "$site" --no-renditions | tail -1)
first_page_photos=$(grep -c '^<li ' "$site/index.html")
item_pages=$(find "$site/items" -name '*.html' | wc -l)
item_bytes=$(find "$site/items" -name '*.html' -exec cat {} + | wc -c)
item_largest=$(find "$site/items" -name '*.html' -printf '%s\n' | sort -n | tail -1)
index_bytes=$(cat "$site/index.html" "$site"/assets/*.css | wc -c)
index_gzip=$(cat "$site/index.html" "$site"/assets/*.css | gzip -9 | wc -c)

echo
echo "Build benchmark: $photos photos, 4 breakpoints, no captions ($(date -u +%Y-%m-%d), $(nproc) cores, best of $rounds)"
echo
echo "| measure | value | target |"
echo "|---|---:|---|"
echo "| scan --json, nested (s) | $scan_s | |"
echo "| build, nested, no balancing (s) | $build0_s | |"
echo "| build, nested, balanced (s) | $build_s | |"
echo "| floor: C header loop + \`cp -al\` of the folder (s) | $floor_s | |"
echo "| build (balanced) ÷ floor | $(ratio "$build_s" "$floor_s")× the floor's time | |"
echo "| peak RSS, scan / build (MB) | $scan_mb / $build_mb | |"
echo "| HTML + CSS per photo, nested, no balancing (bytes) | $(bytes_per_photo "$all0" "$photos") | <= 300: $(verdict "$(bytes_per_photo "$all0" "$photos")" 300) |"
echo "| HTML + CSS per photo, nested, balanced (bytes) | $(bytes_per_photo "$all16" "$photos") | |"
echo "| build, flat, balanced / no balancing | $(ratio "$flat_s" "$flat0_s") ($flat_s s / $flat0_s s) | <= 1.5: $(verdict "$(ratio "$flat_s" "$flat0_s")" 1.5) |"
echo "| first page layout data per photo, flat, balanced (bytes) | $(grep -o 'style="[^"]*"' "$site/index.html" | tr -d '\n' | wc -c | awk -v n="$first_page_photos" '{ printf "%.0f", $1 / n }') | |"
echo "| first page HTML + CSS per photo, flat, balanced (bytes) | $(bytes_per_photo "$index_bytes" "$first_page_photos") | <= 450: $(verdict "$(bytes_per_photo "$index_bytes" "$first_page_photos")" 450) |"
echo "| same, gzip -9 (bytes) | $(bytes_per_photo "$index_gzip" "$first_page_photos") | <= 120: $(verdict "$(bytes_per_photo "$index_gzip" "$first_page_photos")" 120) |"
echo "| item page HTML without its image, mean / largest (bytes, $item_pages pages) | $(bytes_per_photo "$item_bytes" "$item_pages") / $item_largest | <= 4096: $(verdict "$item_largest" 4096) |"
[ "$item_count" = 0 ] || item_rows
echo
echo "Flat build summary: $summary"
