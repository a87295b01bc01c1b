#!/usr/bin/env bash
# WebP and AVIF rows of Benchmarks/run.sh, on their own (about a minute on 2 shared cores):
#
#   Benchmarks/renditions/webp.sh [COUNT=12] [REPEATS=2] > rows.md
#
# Inputs: the first COUNT JPEGs of SampleImages (real photos, where the WebP quality mapping was
# measured; Benchmarks/README.md), resized once by Pillow to at most 800 px wide and saved at JPEG
# quality 95, so that no tool resizes and every tool decodes the same small JPEGs. Each tool, one
# worker, best CPU time of REPEATS interleaved runs (timed.py):
#   jpeg       the shim (formats.c, the build's wfr_render_sources) writing our JPEG, quality 82
#   jpeg+webp  the same run also writing WebP at 85 (the mapping of JPEG 82) from the same pixels
#   jpeg+avif  the same run also writing AVIF, libheif quality 64 (the mapping of JPEG 82), speed 6, 4:2:0
#   cwebp      cwebp -q 85 -m 4 (our method), one process per photo
#   vips       vipsthumbnail --vips-concurrency=1, no resize ("10000x10000>" only shrinks) → webpsave
#              Q=85 (effort 4), one process for all photos
#   avifenc    avifenc -s 6 -j 1 -y 420, quantizer as libheif's aom plugin maps quality 64
# Ours is charged the encode alone (jpeg+webp − jpeg); the peers also decode the 800 px JPEG, a
# few ms of theirs per photo that ours is not charged, so ours is flattered by that much.
# Bytes: each photo's WebP at 85 against its JPEG at 82 (equal SSIM by the mapping), with the
# SSIM of both against the decoded input. Prints markdown table rows (no header) on stdout.
set -euo pipefail
cd "$(dirname "$0")"
here=$(pwd)
root=$(cd ../.. && pwd)
count=${1:-12}
repeats=${2:-2}
work=${WORK:-$here/.work}/webp
mkdir -p "$work/bin" "$work/inputs"
log() { printf '==> %s\n' "$*" >&2; }

shim="$root/Sources/CImageRenditions"
loader="$root/Sources/CCodecLoader"
compiler=cc
command -v swift >/dev/null && [[ -x "$(dirname "$(readlink -f "$(command -v swift)")")/clang" ]] \
  && compiler="$(dirname "$(readlink -f "$(command -v swift)")")/clang"
# The renditions shim reads codec sizes through the header shim, and both stand on the shared
# C layer (Sources/CImageSupport), so the three are compiled together, as SwiftPM links them.
headers="$root/Sources/CImageHeaders"
support="$root/Sources/CImageSupport"
"$compiler" -O2 -I"$shim/include" -I"$shim" -I"$headers/include" -I"$headers" -I"$support/include" \
  -I"$loader/include" $(pkg-config --cflags libheif libwebp) \
  formats.c "$shim"/*.c "$headers"/*.c "$support"/*.c "$loader"/*.c -ljpeg -lpng16 -ldl -lm -o "$work/bin/formats"

python3 - "$root/SampleImages" "$work/inputs" "$count" <<'EOF'
import sys
from pathlib import Path
from PIL import Image
source, out, count = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
for path in sorted(source.rglob("*.jpg"))[:count]:
    target = out / path.name
    if target.exists():
        continue
    with Image.open(path) as image:
        image = image.convert("RGB")
        if image.width > 800:
            image = image.resize((800, round(image.height * 800 / image.width)), Image.Resampling.LANCZOS)
        image.save(target, quality=95)
EOF
mapfile -t inputs < <(ls "$work"/inputs/*.jpg | LC_ALL=C sort | head -n "$count")
n=${#inputs[@]}

have() { command -v "$1" >/dev/null 2>&1; }
# libheif 1.15's aom plugin: cq-level = ((100 − quality) × 63 + 50) / 100, end usage Q.
avif_quality=64
cq=$(( ((100 - avif_quality) * 63 + 50) / 100 ))
declare -A best
run() {  # NAME COMMAND… → keeps NAME's best CPU seconds
  local name=$1; shift
  rm -rf "$work/out-$name"; mkdir -p "$work/out-$name"
  local wall cpu peak
  read -r wall cpu peak < <(python3 timed.py "$@")
  log "  $name: $cpu s CPU ($wall s wall)"
  if [[ -z ${best[$name]:-} ]] || awk -v a="$cpu" -v b="${best[$name]}" 'BEGIN { exit !(a < b) }'; then best[$name]=$cpu; fi
}
for ((r = 1; r <= repeats; r++)); do
  log "WebP/AVIF encode, $n photos, run $r of $repeats"
  run jpeg "$work/bin/formats" "$work/out-jpeg" 800 82 0 "${inputs[@]}"
  run jpeg+webp "$work/bin/formats" "$work/out-jpeg+webp" 800 82 85 "${inputs[@]}"
  run jpeg+avif "$work/bin/formats" "$work/out-jpeg+avif" 800 82 0 "$avif_quality:6" "${inputs[@]}"
  have cwebp && run cwebp bash -c 'out=$1; shift; for f; do cwebp -quiet -q 85 -m 4 "$f" -o "$out/${f##*/}.webp"; done' _ "$work/out-cwebp" "${inputs[@]}"
  have vipsthumbnail && run vips vipsthumbnail --vips-concurrency=1 -s "10000x10000>" -o "$work/out-vips/%s.webp[Q=85]" "${inputs[@]}"
  have avifenc && run avifenc bash -c 'out=$1 cq=$2; shift 2; for f; do avifenc -j 1 -s 6 -y 420 --min 0 --max 63 -a end-usage=q -a cq-level=$cq "$f" -o "$out/${f##*/}.avif" >/dev/null; done' _ "$work/out-avifenc" "$cq" "${inputs[@]}"
done

ms() { awk -v s="$1" -v n="$n" 'BEGIN { printf "%.1f ms", s * 1000 / n }'; }
div() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
sub_() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a - b }'; }
verdict() { awk -v v="$1" -v l="$2" -v t="$3" 'BEGIN { if (v <= l) print t ": met"; else print t ": **MISSED**" }'; }
row() { echo "| $1 | $2 | $3 | $4 | $5 |"; }
webp_cpu=$(sub_ "${best[jpeg+webp]}" "${best[jpeg]}")
avif_cpu=$(sub_ "${best[jpeg+avif]}" "${best[jpeg]}")
label="$n SampleImages JPEGs ≤ 800 px, 1 worker, CPU per rendition"
ratio=$(div "$webp_cpu" "${best[jpeg]}")
row "WebP q85 encode ÷ our whole JPEG q82 rendition (decode + encode), $label" "$(ms "$webp_cpu")" \
  "$(ms "${best[jpeg]}")" "${ratio}×" "$(verdict "$ratio" 2 "≤ 2×")"
for peer in cwebp vips; do
  case $peer in
    cwebp) what="cwebp -q 85 -m 4" hint="apt-get install webp" ;;
    vips) what="vipsthumbnail → vips webpsave Q=85" hint="apt-get install libvips-tools" ;;
  esac
  if [[ -n ${best[$peer]:-} ]]; then
    ratio=$(div "$webp_cpu" "${best[$peer]}")
    row "WebP encode ÷ $what (theirs includes the 800 px decode), $label" "$(ms "$webp_cpu")" "$(ms "${best[$peer]}")" \
      "${ratio}×" "$(verdict "$ratio" 1 "≤ 1×")"
  else
    row "WebP encode ÷ $what, $label" "$(ms "$webp_cpu")" "not installed ($hint)" "—" "—"
  fi
done
if [[ -n ${best[avifenc]:-} ]]; then
  ratio=$(div "$avif_cpu" "${best[avifenc]}")
  row "AVIF q$avif_quality encode (libheif + aom, speed 6, 4:2:0) ÷ avifenc -s 6 -y 420 cq-level $cq, $label" "$(ms "$avif_cpu")" \
    "$(ms "${best[avifenc]}")" "${ratio}×" "$(verdict "$ratio" 1 "≤ 1×")"
else
  row "AVIF encode ÷ avifenc, $label" "$(ms "$avif_cpu")" "not installed (apt-get install libavif-bin)" "—" "—"
fi

# Bytes and SSIM of the files the jpeg+webp run wrote.
python3 - "$work/out-jpeg+webp" "${inputs[@]}" <<'EOF'
import sys
from pathlib import Path
from statistics import median
import numpy as np
from PIL import Image
from skimage.metrics import structural_similarity
out, inputs = Path(sys.argv[1]), [Path(p) for p in sys.argv[2:]]
def pixels(path):
    with Image.open(path) as image:
        return np.asarray(image.convert("RGB"))
ratios, jpeg_ssim, webp_ssim = [], [], []
for source in inputs:
    jpeg, webp = out / f"{source.name}.q82.jpg", out / f"{source.name}.q85.webp"
    reference = pixels(source)
    jpeg_ssim.append(structural_similarity(reference, pixels(jpeg), channel_axis=2, data_range=255))
    webp_ssim.append(structural_similarity(reference, pixels(webp), channel_axis=2, data_range=255))
    ratios.append(webp.stat().st_size / jpeg.stat().st_size)
kept = [r for r in ratios if r < 1]
saved = 1 - median(kept) if kept else 0
verdict = "≥ 25% fewer (median where kept): " + ("met" if saved >= 0.25 else "**MISSED**")
print(f"| WebP q85 bytes ÷ our JPEG q82 bytes, {len(inputs)} SampleImages JPEGs ≤ 800 px "
      f"(SSIM median WebP {median(webp_ssim):.4f}, JPEG {median(jpeg_ssim):.4f}) | "
      f"median {median(ratios):.3f}, worst {max(ratios):.3f}; kept {len(kept)} of {len(inputs)}, "
      f"median {median(kept) if kept else float('nan'):.3f} there | 1 (JPEG) | {1 - saved:.2f}× | {verdict} |")
EOF
