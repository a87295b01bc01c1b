#!/usr/bin/env bash
# pagespeed benchmark: the sample gallery (SampleImages, 37 photos) built by waterfall-site and by
# sigal (colorbox theme) in the same run, each served over loopback HTTP and loaded in headless
# Chromium with Lighthouse's mobile settings (412 × 823 at DPR 2.625, 150 ms round trip,
# 1.6 Mbit/s down, 750 kbit/s up, 4× CPU slowdown) and desktop settings (1350 × 940, DPR 1, no
# throttling): LCP, bytes until load, image bytes, requests and CLS, median of LOADS cold loads.
#
#   Benchmarks/pagespeed/run.sh              # the table on stdout, progress on stderr
#   LOADS=3 Benchmarks/pagespeed/run.sh      # fewer loads per site and profile (default 5)
#   NETWORK=1 Benchmarks/pagespeed/run.sh    # each site's network log too (the median load's)
#   GZIP=1 Benchmarks/pagespeed/run.sh       # HTML, CSS and JavaScript served gzipped, as hosts do
#   BASELINE=/path/to/waterfall-site Benchmarks/pagespeed/run.sh
#                                            # a third site built by another binary (say, main's)
#
# Uses .build/release/waterfall-site (built when missing; BINARY=PATH for another). Installs
# what is missing when run as root and NO_INSTALL is not 1: chromium and chromium-driver with
# apt-get, selenium and sigal with pip. The machine is shared: figures move, which is why the
# sites are measured side by side, interleaved, and medians are reported.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
package="$(cd "$here/../.." && pwd)"
work="$here/.work"
binary="${BINARY:-$package/.build/release/waterfall-site}"
loads="${LOADS:-5}"
mkdir -p "$work"

can_install=0
[[ $(id -u) == 0 && ${NO_INSTALL:-0} != 1 ]] && can_install=1
apt_missing=()
[[ -x /usr/bin/chromium ]] || apt_missing+=(chromium fonts-dejavu-core)
[[ -x /usr/bin/chromedriver ]] || apt_missing+=(chromium-driver)
pip_missing=()
python3 -c 'import selenium' 2>/dev/null || pip_missing+=(selenium)
python3 -c 'import sigal' 2>/dev/null || pip_missing+=(sigal)
if ((${#apt_missing[@]} + ${#pip_missing[@]})); then
    if ((can_install)); then
        if ((${#apt_missing[@]})); then
            apt-get update -qq >&2 && apt-get install -y -qq "${apt_missing[@]}" >&2
        fi
        if ((${#pip_missing[@]})); then
            python3 -m pip install --quiet --disable-pip-version-check "${pip_missing[@]}" >&2
        fi
    else
        echo "missing: ${apt_missing[*]} ${pip_missing[*]}; install with apt-get install" \
            "${apt_missing[*]} and python3 -m pip install ${pip_missing[*]}" >&2
        exit 1
    fi
fi

[ -x "$binary" ] || (cd "$package" && swift build -c release --product waterfall-site >&2)

# The photos are copied so that no build writes next to the repository's own.
rm -rf "$work/photos"
cp -r "$package/SampleImages" "$work/photos"

sites=()
rm -rf "$work/ours"
"$binary" build "$work/photos" -o "$work/ours" --quiet
sites+=("waterfall-site=$work/ours")
if [[ -n ${BASELINE:-} ]]; then
    rm -rf "$work/baseline"
    "$BASELINE" build "$work/photos" -o "$work/baseline" --quiet
    sites+=("waterfall-site (baseline)=$work/baseline")
fi

# sigal's own sample settings with its colorbox theme (a thumbnail grid, each photo opening in
# a lightbox): the closest of its themes to a gallery page of tiles. sigal's index of a folder
# with subfolders shows only the albums' covers, so it gets the same photos in one folder
# (named folder-photo), and its index shows all of them, as ours does.
sigal_cmd=(python3 -m sigal)
command -v sigal >/dev/null && sigal_cmd=(sigal)
rm -rf "$work/sigal" "$work/flat"
mkdir -p "$work/sigal" "$work/flat"
(cd "$work/photos" && find . -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' \) \
    | sed 's|^\./||' | while read -r path; do cp "$path" "$work/flat/${path//\//-}"; done)
(cd "$work/sigal" && "${sigal_cmd[@]}" init sigal.conf.py >&2)
sed -i "s/^theme = .*/theme = 'colorbox'/" "$work/sigal/sigal.conf.py"
grep -q "^theme = 'colorbox'" "$work/sigal/sigal.conf.py" \
    || echo "theme = 'colorbox'" >> "$work/sigal/sigal.conf.py"
"${sigal_cmd[@]}" build --quiet -c "$work/sigal/sigal.conf.py" "$work/flat" "$work/sigal/_build" >&2
sites+=("sigal (colorbox)=$work/sigal/_build")

echo "pagespeed: $(date -u '+%Y-%m-%d %H:%M UTC'), $(git -C "$package" rev-parse --short HEAD)," \
    "text $([[ ${GZIP:-0} == 1 ]] && echo gzipped || echo uncompressed)," \
    "$(chromium --version 2>/dev/null | head -1), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
flags=()
[[ ${NETWORK:-0} == 1 ]] && flags+=(--network)
[[ ${GZIP:-0} == 1 ]] && flags+=(--gzip)
python3 "$here/pagespeed.py" --loads "$loads" "${flags[@]}" "${sites[@]}"
