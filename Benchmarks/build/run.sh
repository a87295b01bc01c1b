#!/usr/bin/env bash
# Site build benchmark: time to build a generated folder of COUNT photos (originals hard-linked)
# against `waterfall-site scan` of the same folder in the same run, the build's peak memory, and
# the bytes of HTML + CSS per photo with the default 4 breakpoints (no captions).
#
#   Benchmarks/build/run.sh [COUNT]     (default 10000)
#
# Targets (issue: site build): build <= 2x scan; HTML + CSS <= 300 bytes per photo uncompressed.
# The corpus comes from Benchmarks/scan/generate_corpus.py (deterministic; Pillow is installed
# with pip when missing). Best of ROUNDS runs (default 5) after one warm-up, since the machine is
# shared. Prints a markdown table; exits 0 whether or not the targets are met.
set -euo pipefail

count="${1:-10000}"
rounds="${ROUNDS:-5}"
here="$(cd "$(dirname "$0")" && pwd)"
package="$(cd "$here/../.." && pwd)"
work="$here/.work"
corpus="$work/corpus-$count"
site="$work/site"
mkdir -p "$work"

python3 -c "import PIL" 2>/dev/null || python3 -m pip install --quiet Pillow
[ -x /usr/bin/time ] || apt-get install -y -qq time >/dev/null

if [ ! -f "$corpus/.complete" ]; then
    rm -rf "$corpus"
    python3 "$package/Benchmarks/scan/generate_corpus.py" "$corpus" "$count"
    touch "$corpus/.complete"
fi

echo "building waterfall-site (release)..." >&2
(cd "$package" && swift build -c release --product waterfall-site >/dev/null)
tool="$(cd "$package" && swift build -c release --show-bin-path)/waterfall-site"

best_seconds() {
    "$@" >/dev/null
    local best=""
    for _ in $(seq "$rounds"); do
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
    /usr/bin/time -v "$@" 2>&1 >/dev/null | awk -F: '/Maximum resident set size/ { printf "%.1f", $2 / 1024 }'
}

scan_s=$(best_seconds "$tool" scan "$corpus" --json)
build_s=$(best_seconds "$tool" build "$corpus" -o "$site" --quiet)
scan_mb=$(peak_mb "$tool" scan "$corpus" --json)
build_mb=$(peak_mb "$tool" build "$corpus" -o "$site" --quiet)

photos=$(find "$site/photos" -type f | wc -l)
pages=$(find "$site" -maxdepth 1 -name '*.html' | wc -l)
html_bytes=$(cat "$site"/*.html | wc -c)
css_bytes=$(cat "$site"/assets/*.css | wc -c)
gzip_bytes=$( (cat "$site"/*.html; cat "$site"/assets/*.css) | gzip -9 | wc -c)
per_photo() { awk -v b="$1" -v n="$photos" 'BEGIN { printf "%.0f", b / n }'; }
ratio=$(awk -v b="$build_s" -v s="$scan_s" 'BEGIN { printf "%.2f", b / s }')
verdict() { awk -v v="$1" -v t="$2" 'BEGIN { print (v <= t ? "met" : "MISSED") }'; }

echo
echo "Build benchmark: $photos photos, $pages pages, 4 breakpoints ($(date -u +%Y-%m-%d), $(nproc) cores, best of $rounds)"
echo
echo "| measure | value |"
echo "|---|---:|"
echo "| scan --json (s) | $scan_s |"
echo "| build, originals hard-linked (s) | $build_s |"
echo "| build / scan | $ratio |"
echo "| peak RSS, scan / build (MB) | $scan_mb / $build_mb |"
echo "| HTML + CSS per photo (bytes) | $(per_photo $((html_bytes + css_bytes))) |"
echo "| HTML + CSS per photo, gzip -9 (bytes) | $(per_photo "$gzip_bytes") |"
echo
echo "- build <= 2x scan: $(verdict "$ratio" 2)"
echo "- HTML + CSS <= 300 bytes per photo: $(verdict "$(per_photo $((html_bytes + css_bytes)))" 300)"
