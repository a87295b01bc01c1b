#!/usr/bin/env bash
# Checks that the resampler gives the same bytes whichever vector path the machine takes: builds
# Tests/Native/resampler_vector_paths.c with the toolchain's clang (as SwiftPM builds the C
# targets) for plain x86-64, for AVX2, and with the runtime choice, and compares their checksums.
# Elsewhere than x86-64 Linux there is one path, and nothing to compare.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [[ $(uname -m) != x86_64 || $(uname -s) != Linux ]]; then
    echo "resampler vector paths: one path on $(uname -s) $(uname -m), nothing to compare"
    exit 0
fi
clang=/opt/swift/usr/bin/clang
[[ -x $clang ]] || clang="$(dirname "$(readlink -f "$(command -v swift)")")/clang"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sources=(Tests/Native/resampler_vector_paths.c Sources/CImageRenditions/Resample.c)
flags=(-O2 -I Sources/CImageRenditions -I Sources/CImageRenditions/include)
"$clang" "${flags[@]}" -DWFR_VECTOR_CLONES= "${sources[@]}" -o "$work/plain"
"$clang" "${flags[@]}" -DWFR_VECTOR_CLONES= -mavx2 "${sources[@]}" -o "$work/avx2"
"$clang" "${flags[@]}" "${sources[@]}" -o "$work/chosen"
plain=$("$work/plain")
results=("$plain")
# AVX2 code runs only where the CPU has it.
if grep -qw avx2 /proc/cpuinfo; then results+=("$("$work/avx2")"); fi
results+=("$("$work/chosen")")
for result in "${results[@]}"; do
    if [[ $result != "$plain" ]]; then
        echo "resampler vector paths differ: ${results[*]}" >&2
        exit 1
    fi
done
echo "resampler vector paths: ${#results[@]} builds, the same bytes ($plain)"
