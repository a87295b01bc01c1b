#!/usr/bin/env bash
# Rendition benchmark: 200 generated camera-sized JPEGs (2000–4000 px), one worker, one
# rendition per photo at WIDTH px, quality 82, baseline, optimised Huffman tables:
#   ours           the CImageRenditions shim (as the build calls it), compiled -O2
#   vipsthumbnail  libvips (Debian libvips-tools), shrink-on-load + lanczos3, --vips-concurrency=1
#   pillow-draft   Pillow draft() + LANCZOS
#   c-floor        a minimal C loop with the same libraries: DCT-scaled decode, box, encode
# and "ours" once more writing the default site's five widths from each decode. Prints a
# markdown table: renditions per CPU second and per wall second with ratios (best of REPEATS
# interleaved runs; CPU time is steadier on a shared machine), peak memory, SSIM against Pillow
# LANCZOS of a full decode (of the resize alone and of the file), total bytes.
#
# Usage: Benchmarks/renditions/run.sh [COUNT=200] [WIDTH=800] [REPEATS=2] [SSIM_EVERY=5]
set -euo pipefail
cd "$(dirname "$0")"
here=$(pwd)
root=$(cd ../.. && pwd)
count=${1:-200}
width=${2:-800}
repeats=${3:-2}
ssim_every=${4:-5}
work=${WORK:-$here/.work}

# What the benchmark needs.
need_apt=()
command -v vipsthumbnail >/dev/null || need_apt+=(libvips-tools)
command -v cc >/dev/null || need_apt+=(gcc)
[[ -f /usr/include/jpeglib.h ]] || need_apt+=(libjpeg-dev)
[[ -f /usr/include/png.h ]] || need_apt+=(libpng-dev)
if ((${#need_apt[@]})); then
  sudo=""; [[ $(id -u) == 0 ]] || sudo=sudo
  $sudo apt-get update -q && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${need_apt[@]}"
fi
python3 -c "import PIL, numpy, skimage" 2>/dev/null || python3 -m pip install -q Pillow numpy scikit-image

mkdir -p "$work/bin"
shim="$root/Sources/CImageRenditions"
# The toolchain's clang, which SwiftPM uses for the C targets; cc otherwise. Same flags for both.
compiler=cc
[[ -x /opt/swift/usr/bin/clang ]] && compiler=/opt/swift/usr/bin/clang
command -v swift >/dev/null && [[ -x "$(dirname "$(readlink -f "$(command -v swift)")")/clang" ]] && compiler="$(dirname "$(readlink -f "$(command -v swift)")")/clang"
loader="$root/Sources/CCodecLoader"
# The renditions shim reads codec sizes through the header shim, and both stand on the shared
# C layer (Sources/CImageSupport), so the three are compiled together, as SwiftPM links them.
headers="$root/Sources/CImageHeaders"
support="$root/Sources/CImageSupport"
"$compiler" -O2 -I"$shim/include" -I"$shim" -I"$headers/include" -I"$headers" -I"$support/include" \
  -I"$loader/include" $(pkg-config --cflags libheif libwebpdemux) \
  ours.c "$shim"/*.c "$headers"/*.c "$support"/*.c "$loader"/*.c -ljpeg -lpng16 -ldl -lm -o "$work/bin/ours"
"$compiler" -O2 floor.c -ljpeg -o "$work/bin/floor"

python3 generate.py "$work/photos" "$count" 5
mapfile -t photos < <(ls "$work"/photos/photo-*.jpg | head -n "$count")
site_widths=195,292,438,657,986

: > "$work/timings.txt"
run() {  # tool renditions-per-photo command…
  local tool=$1 per=$2; shift 2
  rm -rf "$work/$tool"; mkdir -p "$work/$tool"
  read -r seconds cpu peak < <(python3 timed.py "$@")
  echo "$tool $(( ${#photos[@]} * per )) $seconds $cpu $peak" >> "$work/timings.txt"
  echo "  $tool: $seconds s wall, $cpu s CPU, peak $peak MiB" >&2
}
for ((r = 1; r <= repeats; r++)); do
  echo "run $r of $repeats" >&2
  run ours 1 "$work/bin/ours" "$work/ours" "$width" "${photos[@]}"
  run vipsthumbnail 1 vipsthumbnail --vips-concurrency=1 -s "${width}x" \
    -o "$work/vipsthumbnail/%s.jpg[Q=82,strip,optimize_coding]" "${photos[@]}"
  run pillow-draft 1 python3 pillow_draft.py "$work/pillow-draft" "$width" "${photos[@]}"
  run c-floor 1 "$work/bin/floor" "$work/c-floor" "$width" "${photos[@]}"
  run ours-site-set 5 "$work/bin/ours" "$work/ours-site-set" "$site_widths" "${photos[@]}"
done
# The resize alone (no JPEG loss), on the SSIM sample: ours before encoding, vips and Pillow as PNG.
sample=()
for ((i = 0; i < ${#photos[@]}; i += ssim_every)); do sample+=("${photos[$i]}"); done
rm -rf "$work"/*-lossless; mkdir -p "$work/ours-lossless" "$work/vipsthumbnail-lossless" "$work/pillow-draft-lossless"
"$work/bin/ours" "pixels:$work/ours-lossless" "$width" "${sample[@]}"
vipsthumbnail --vips-concurrency=1 -s "${width}x" -o "$work/vipsthumbnail-lossless/%s.jpg.png[compression=1]" "${sample[@]}"
python3 pillow_draft.py "$work/pillow-draft-lossless" "$width" "${sample[@]}"
echo "compiler: $compiler -O2" >&2
python3 report.py "$work" "$ssim_every" "$width"
