#!/usr/bin/env bash
# Builds the libFuzzer harnesses with AddressSanitizer and runs each for SECONDS (default 60).
#
#   Fuzz/run.sh [seconds]
#
# Seeds come from ../shared/corpora next to the package (when present) and from each harness's
# own growing corpus under Fuzz/.work. Exits non-zero when a harness finds a crash, a leak or a
# timeout; the reproducer is left in Fuzz/.work/artifacts.
set -euo pipefail

seconds="${1:-60}"
# A fixed seed makes a run from the same corpus the same sequence of inputs on every machine, so
# what a CI run finds is found again here by the same command; FUZZ_SEED=0 picks a new seed each
# run (the long runs before a release).
seed="${FUZZ_SEED:-1}"
fuzz_dir="$(cd "$(dirname "$0")" && pwd)"
package_dir="$(dirname "$fuzz_dir")"
shim_dir="$package_dir/Sources/CImageHeaders"
corpora_dir="$(dirname "$package_dir")/shared/corpora"
work="$fuzz_dir/.work"
# $CLANG, else the Swift toolchain's clang, else any clang on PATH (a stock Swift image keeps its
# toolchain in /usr, not /opt/swift).
if [[ -n "${CLANG:-}" ]]; then
    clang="$CLANG"
elif [[ -x /opt/swift/usr/bin/clang ]]; then
    clang=/opt/swift/usr/bin/clang
elif command -v clang >/dev/null; then
    clang="$(command -v clang)"
else
    echo "error: no clang found: set CLANG, or install one (scripts/install-dependencies.sh --tests)" >&2
    exit 1
fi
renditions_dir="$package_dir/Sources/CImageRenditions"
# libheif and libwebp are opened by the codec loader at run time, as in the executable.
loader_dir="$package_dir/Sources/CCodecLoader"
# Sniffing, messages, the byte sources and the libjpeg error manager both shims stand on.
support_dir="$package_dir/Sources/CImageSupport"

harnesses=(header modern exif renditions codec_sizes store)
for harness in "${harnesses[@]}"; do mkdir -p "$work/seeds/$harness" "$work/corpus/$harness"; done
mkdir -p "$work/bin" "$work/artifacts"
# Reproducers belong to the run that found them; a fixed bug must not fail the next run.
rm -f "$work/artifacts/"*

# libheif's and libwebp's headers, where Debian puts them (the multiarch include folder).
library_flags=$(pkg-config --cflags libheif libwebpdemux 2>/dev/null || true)
for harness in "${harnesses[@]}"; do
    source_dir="$shim_dir"
    source="$fuzz_dir/fuzz_$harness.c"
    defines=()
    # The renditions shim reads codec sizes through the header shim before it decodes.
    extra_sources=()
    [[ "$harness" == renditions ]] && { source_dir="$renditions_dir"; extra_sources=("$shim_dir"/*.c); }
    # fuzz_modern is the header harness kept to HEIF/AVIF/WebP inputs.
    [[ "$harness" == modern ]] && { source="$fuzz_dir/fuzz_header.c"; defines=(-DWFS_FUZZ_MODERN); }
    # shellcheck disable=SC2086
    "$clang" -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
        "${defines[@]}" -I"$source_dir/include" -I"$source_dir" -I"$shim_dir/include" -I"$loader_dir/include" \
        -I"$support_dir/include" $library_flags "$source" "$source_dir"/*.c "${extra_sources[@]}" "$support_dir"/*.c \
        "$loader_dir"/*.c \
        -ljpeg -lpng16 -ldl -lm -o "$work/bin/fuzz_$harness" 2>"$work/build-$harness.log" ||
        { cat "$work/build-$harness.log"; exit 1; }
done

if [ -d "$corpora_dir" ]; then
    find "$corpora_dir" -type f \( -name '*.jpg' -o -name '*.png' \) -exec cp -f {} "$work/seeds/header/" \;
    # The modern-format corpus by content (a HEIF may be named .avif); big phone photos are left
    # to the conformance test: their boxes are at the start, which max_len keeps.
    find "$corpora_dir/formats" -type f \( -name '*.heic' -o -name '*.heif' -o -name '*.avif' -o -name '*.webp' \) \
        -size -2M -exec cp -f {} "$work/seeds/modern/" \; 2>/dev/null || true
    # Small files only: each renditions run decodes the whole image.
    find "$corpora_dir" -type f \( -name '*.jpg' -o -name '*.png' -o -name '*.mpo' -o -name '*.webp' -o -name '*.avif' \
        -o -name '*.heic' \) -size -24k \
        -exec cp -f {} "$work/seeds/renditions/" \;
    python3 "$fuzz_dir/extract_exif_seeds.py" "$corpora_dir" "$work/seeds/exif"
    # Whole files for the codec-size readers, behind the byte that picks the whole-file reader.
    find "$corpora_dir" -maxdepth 5 -type f \( -name '*.heic' -o -name '*.heif' -o -name '*.avif' \
        -o -name '*.webp' -o -name '*.png' \) -size -64k -print0 2>/dev/null |
        while IFS= read -r -d '' file; do
            { printf '\004'; cat "$file"; } >"$work/seeds/codec_sizes/$(basename "$file").seed"
        done
    # The store check reads whole small files, as renditions are.
    find "$corpora_dir" -type f \( -name '*.jpg' -o -name '*.png' -o -name '*.webp' -o -name '*.avif' \) -size -24k \
        -exec cp -f {} "$work/seeds/store/" \;
else
    echo "note: $corpora_dir is absent; fuzzing from the harnesses' own corpora only"
fi

# Leaks inside the system's codecs that this code cannot free are listed, with why, in lsan.supp.
export LSAN_OPTIONS="suppressions=$fuzz_dir/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

status=0
for harness in "${harnesses[@]}"; do
    # With the fixed seed, the inputs are a sequence the same on every machine: each harness
    # stops after as many as CI's machine tries in about 45 s (or at the time limit, whichever
    # comes first), so a CI run tries a part of what the same command tried here before a push.
    case "$harness" in
        header) max_len=65536 runs=500000 ;;
        # Past the reader's 32 KB first window, so libheif's reads by pread are fuzzed too.
        modern) max_len=131072 runs=60000 ;;
        exif) max_len=4096 runs=12000000 ;;
        codec_sizes) max_len=65536 runs=1500000 ;;
        renditions) max_len=32768 runs=25000 ;;
        # No pixel is decoded: a fifth of the time (about 9 s in CI) tries as much as it needs,
        # so the store check adds little to the smoke's total.
        store) max_len=32768 runs=120000 ;;
    esac
    # libFuzzer's default 2 GB limit on the whole process is too tight for fuzz_renditions, which
    # peaks between 1.5 and 2.2 GB on ASan's quarantine and the codecs' pools. Any one allocation
    # past 2 GB still fails every harness (-malloc_limit_mb).
    rss_limit=2048
    [[ "$harness" == renditions ]] && rss_limit=4096
    [[ "$seed" == 0 ]] && runs=-1
    # The two harnesses of header bytes alone share one slot of the time budget, so adding the
    # codec-size readers did not lengthen the CI smoke (each gets half; the long runs too).
    harness_seconds="$seconds"
    [[ "$harness" == exif || "$harness" == codec_sizes ]] && harness_seconds=$(((seconds + 1) / 2))
    # The store check decodes no pixel: a fifth of the time tries as much as it needs.
    [[ "$harness" == store ]] && harness_seconds=$(((seconds + 4) / 5))
    echo "== fuzz_$harness for ${harness_seconds}s"
    # -jobs=1 runs one worker in the background and logs to fuzz-0.log; run it from the work
    # folder so the log lands there, then show its summary.
    (
        cd "$work"
        rm -f fuzz-0.log
        "$work/bin/fuzz_$harness" -jobs=1 -workers=1 -seed="$seed" -runs="$runs" -max_total_time="$harness_seconds" -max_len="$max_len" \
            -timeout=10 -rss_limit_mb="$rss_limit" -malloc_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$work/artifacts/$harness-" \
            "$work/corpus/$harness" "$work/seeds/$harness" >/dev/null 2>&1 || true
        grep -E "^(#[0-9]+ +DONE|stat::number_of_executed_units|stat::peak_rss_mb|==[0-9]+==ERROR|SUMMARY)" fuzz-0.log || tail -n 20 fuzz-0.log
        # What the harness said before it stopped (its own abort names the disagreement).
        grep -E "box walk|disagree|runtime error|^    #[0-9] " fuzz-0.log | head -n 20 || true
        mv -f fuzz-0.log "fuzz-$harness.log"
    )
    if compgen -G "$work/artifacts/$harness-*" >/dev/null; then
        echo "FINDING in fuzz_$harness:"; ls -l "$work/artifacts/$harness-"*
        # The reproducer itself, so a finding on another machine (CI) can be replayed here:
        # base64 -d > crash, then Fuzz/.work/bin/fuzz_$harness crash.
        for artifact in "$work/artifacts/$harness-"*; do
            [[ $(stat -c %s "$artifact") -le 65536 ]] && { echo "base64 of $(basename "$artifact"):"; base64 -w 120 "$artifact"; }
        done
        status=1
    fi
done
exit "$status"
