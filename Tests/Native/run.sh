#!/usr/bin/env bash
# C-level checks of the rendition shim, built with the toolchain's clang (as SwiftPM builds the C
# targets):
#
# 0. The C files of every C target call one way, without a circle (Tests/Native/c_graph.py).
# 1. Tests/Native/huffman_optimizer.c, with AddressSanitizer and UBSan: the Huffman optimiser
#    writes the same bytes as libjpeg's optimize_coding, declines what it does not handle, and
#    reads damaged markers within bounds.
# 2. Tests/Native/planar_renditions.c, with the same sanitizers: YCbCr JPEGs of every common chroma
#    layout and orientation, averaged and encoded as planes, come out as close to their pixels as
#    through the RGB path.
# 3. The resampler gives the same bytes whichever vector path the machine takes: builds
#    Tests/Native/resampler_vector_paths.c for plain x86-64, for AVX2, and with the runtime
#    choice, and compares their checksums. Elsewhere than x86-64 Linux there is one path, and
#    nothing to compare.
set -euo pipefail
cd "$(dirname "$0")/../.."
clang=/opt/swift/usr/bin/clang
[[ -x $clang ]] || clang="$(dirname "$(readlink -f "$(command -v swift)")")/clang"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Builds Tests/Native/NAME.c with the whole shim (and the header shim it reads codec sizes with,
# and the shared layer both stand on) under AddressSanitizer and UBSan, and runs it.
# The linker's notes about the sanitizer runtime's symbols are not failures; show them only if
# the build fails.
run_sanitized() {
    if ! "$clang" -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined \
        -I Sources/CImageRenditions -I Sources/CImageRenditions/include -I Sources/CCodecLoader/include \
        -I Sources/CImageHeaders -I Sources/CImageHeaders/include -I Sources/CImageSupport/include \
        $(pkg-config --cflags libheif libwebpdemux) \
        "Tests/Native/$1.c" Sources/CImageRenditions/*.c Sources/CImageHeaders/*.c Sources/CImageSupport/*.c \
        Sources/CCodecLoader/*.c \
        -ljpeg -lpng -ldl \
        -o "$work/$1" 2>"$work/build.log"; then
        cat "$work/build.log" >&2
        exit 1
    fi
    "$work/$1"
}

# The C files call one way: dispatchers into format files, everything into CImageSupport, never
# back up (Sources/CImageSupport/include/CImageSupport.h draws the graph). Each file is compiled
# on its own and c_graph.py reads who calls whom from the objects' symbols.
mkdir -p "$work/graph"
for source in Sources/CImageSupport/*.c Sources/CImageHeaders/*.c Sources/CImageRenditions/*.c Sources/CCodecLoader/*.c; do
    target=$(basename "$(dirname "$source")")
    "$clang" -c -O0 -I Sources/CImageSupport/include -I Sources/CImageHeaders -I Sources/CImageHeaders/include \
        -I Sources/CImageRenditions -I Sources/CImageRenditions/include -I Sources/CCodecLoader/include \
        $(pkg-config --cflags libheif libwebpdemux) "$source" -o "$work/graph/$target-$(basename "$source" .c).o"
done
python3 Tests/Native/c_graph.py "$work"/graph/*.o

run_sanitized huffman_optimizer
run_sanitized planar_renditions

if [[ $(uname -m) != x86_64 || $(uname -s) != Linux ]]; then
    echo "resampler vector paths: one path on $(uname -s) $(uname -m), nothing to compare"
    exit 0
fi
sources=(Tests/Native/resampler_vector_paths.c Sources/CImageRenditions/Resample.c)
flags=(-O2 -I Sources/CImageRenditions -I Sources/CImageRenditions/include -I Sources/CImageSupport/include)
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
