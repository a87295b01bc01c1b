#!/usr/bin/env bash
# Scanning HEIC headers: `waterfall-site scan --json --jobs 1` over COUNT (default 10,000) HEIC
# files, against `exiftool -fast2` and `heif-info` (Debian's libheif-examples) on the same files.
# Prints files/s for each, and the ratio, on stdout; progress on stderr.
#
#   Benchmarks/scan/heic.sh [count]
#
# The corpus is hard links to six real HEICs of ../shared/corpora/formats (three phone photos of
# 1-1.7 MB, grids of 48 tiles; a Nokia grid; a small cropped one; a small iPhone one), so it costs no disk; each link is opened and read like its own file. exiftool reads
# every 5th file and heif-info every 200th (one process per file, as it takes one), so their runs
# stay short; their rates are per file read. Goal (issue 20): at least 20,000 files/s, 1 job.
set -euo pipefail

count=${1:-10000}
here=$(cd "$(dirname "$0")" && pwd)
package=$(cd "$here/../.." && pwd)
formats=$(dirname "$package")/shared/corpora/formats
work=${WORK:-$package/Benchmarks/suite/.work}/heic-$count
tool=${TOOL:-$package/.build/release/waterfall-site}

[[ -d $formats ]] || { echo "error: $formats is absent: the HEIC corpus comes from there" >&2; exit 1; }
[[ -x $tool ]] || { echo "error: $tool is not built: run 'swift build -c release' (or set TOOL)" >&2; exit 1; }

sources=(heif/libvips/Example1.heic heif/libvips/heic-orientation-6.heic
         heif/oiio-images/greyhounds-looking-for-a-table.heic heif/nokia/grid_960x640.heic
         heif/libheif/rainbow-451x461.heic heif/oiio/IMG_7702_small.heic)
if [[ ! -f $work/.complete ]]; then
  rm -rf "$work" && mkdir -p "$work"
  echo "==> linking $count HEIC files into $work" >&2
  for ((i = 0; i < count; i++)); do
    source=${sources[$((i % ${#sources[@]}))]}
    ln "$formats/$source" "$work/photo-$(printf '%05d' "$i").heic"
  done
  touch "$work/.complete"
fi
find "$work" -name '*.heic' | sort > "$work.files"
awk 'NR % 5 == 1' "$work.files" > "$work.exiftool"
awk 'NR % 200 == 1' "$work.files" > "$work.heif-info"

# seconds ROUNDS COMMAND… → wall seconds of the best of ROUNDS runs (the page cache is warm after
# the first scan).
seconds() {
  local best="" rounds=$1
  shift
  for ((round = 0; round < rounds; round++)); do
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1
    end=$(date +%s.%N)
    best=$(echo "$start $end ${best:-1e9}" | awk '{ t = $2 - $1; print (t < $3 ? t : $3) }')
  done
  echo "$best"
}
rate() { echo "$1 $2" | awk '{ r = $1 / $2; if (r < 100) printf "%.1f", r; else printf "%d", r }'; }

"$tool" scan "$work" --json --jobs 1 > "$work.json"
scanned=$(grep -c '"format": "heif"' "$work.json")
[[ $scanned == "$count" ]] || { echo "error: scanned $scanned HEIC photos of $count" >&2; exit 1; }

ours=$(rate "$count" "$(seconds 3 "$tool" scan "$work" --json --jobs 1)")
echo "waterfall-site scan --json, 1 job: $ours files/s ($count HEIC files)"
if command -v exiftool >/dev/null; then
  files=$(wc -l < "$work.exiftool")
  exiftool_rate=$(rate "$files" "$(seconds 1 exiftool -fast2 -q -s3 -ImageSize -@ "$work.exiftool")")
  echo "exiftool -fast2: $exiftool_rate files/s ($files files); ours is $(echo "$ours $exiftool_rate" | awk '{ printf "%.0f", $1 / $2 }')x"
else
  echo "exiftool: not installed (apt-get install libimage-exiftool-perl)"
fi
if command -v heif-info >/dev/null; then
  files=$(wc -l < "$work.heif-info")
  info_rate=$(rate "$files" "$(seconds 1 xargs -d '\n' -n 1 -a "$work.heif-info" heif-info)")
  echo "heif-info: $info_rate files/s ($files files, one process each); ours is $(echo "$ours $info_rate" | awk '{ printf "%.0f", $1 / $2 }')x"
else
  echo "heif-info: not installed (apt-get install libheif-examples)"
fi
echo "goal: at least 20,000 files/s with 1 job: $([[ ${ours%.*} -ge 20000 ]] && echo met || echo MISSED)"
