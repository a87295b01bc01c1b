#!/usr/bin/env bash
# Builds the same inputs with two binaries and fails on any difference between the sites:
# the check that a refactoring leaves every published byte as it was.
#
# Usage: compare_sites.sh REFERENCE_BINARY NEW_BINARY [WORK_DIR]
# Cases: SampleImages with no options, with page and caption options, with a base URL and a
# currency, each line of docs/layouts/modes.txt; and a generated 2,000-photo gallery (copies of
# the sample photos under 3 folders, built without renditions so it runs in seconds), cold, then
# warm after touching one photo and after deleting one, each warm site checked against a cold one.
set -euo pipefail
reference=$1
new=$2
work=${3:-$(mktemp -d)}
package=$(cd "$(dirname "$0")/../.." && pwd)
cd "$package"
failed=0

compare() { # NAME PHOTOS ARGS...
    local name=$1 photos=$2
    shift 2
    rm -rf "$work/$name"
    mkdir -p "$work/$name"
    "$reference" build "$photos" -o "$work/$name/ref" --quiet "$@"
    "$new" build "$photos" -o "$work/$name/new" --quiet "$@"
    if diff -r "$work/$name/ref" "$work/$name/new" >"$work/$name.diff"; then
        echo "same: $name"
    else
        echo "DIFFERENT: $name (see $work/$name.diff)"
        failed=1
    fi
}

compare plain SampleImages
compare pages SampleImages --page-size 12 --caption-height 64 --publish-originals
compare shop SampleImages --base-url https://shop.example/gallery/ --currency EUR
while read -r name args; do
    [[ -z $name ]] && continue
    # shellcheck disable=SC2086 # the line's options, split as a shell would
    compare "mode-$name" SampleImages $args
done <docs/layouts/modes.txt

# A 2,000-photo gallery: the sample photos copied under numbered names in three folders.
gallery=$work/gallery-photos
rm -rf "$gallery"
mapfile -t sources < <(find SampleImages -type f \( -name '*.jpg' -o -name '*.png' \) | sort)
for index in $(seq 0 1999); do
    folder=$gallery/$(printf 'Folder %d' $((index % 3)))
    mkdir -p "$folder"
    source=${sources[$((index % ${#sources[@]}))]}
    cp "$source" "$folder/photo-$index.${source##*.}"
done
compare gallery "$gallery" --no-renditions
# Warm rebuilds by the new binary must equal cold builds of the same photos by the reference.
warm() { # NAME
    "$new" build "$gallery" -o "$work/gallery/new" --quiet --no-renditions
    rm -rf "$work/gallery/cold"
    "$reference" build "$gallery" -o "$work/gallery/cold" --quiet --no-renditions
    if diff -r "$work/gallery/cold" "$work/gallery/new" >"$work/gallery-$1.diff"; then
        echo "same: gallery, warm after $1"
    else
        echo "DIFFERENT: gallery, warm after $1 (see $work/gallery-$1.diff)"
        failed=1
    fi
}
touch -d '2030-01-01' "$gallery/Folder 1/photo-1000.jpg" 2>/dev/null \
    || touch "$gallery/Folder 1/"photo-1000.*
warm touch
rm -f "$gallery/Folder 2/"photo-1001.*
warm delete
exit $failed
