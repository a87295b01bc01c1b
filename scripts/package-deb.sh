#!/usr/bin/env bash
# Makes waterfall-site_VERSION_ARCH.deb in OUT (default: .build/deb): the release binary with the
# Swift runtime linked in statically, so the package needs only Debian's own libraries; a man
# page and bash, zsh and fish completions generated from the binary's --help (which its settings
# table writes); the licence in Debian's copyright format; the README with docs/ and every page
# and picture it links, under /usr/share/doc/waterfall-site.
#
#   scripts/package-deb.sh [OUT]
#
# libheif, libwebp and libwebpdemux are opened with dlopen when a photo needs them (see
# Package.swift), so no tool can read them off the binary: they are named in Depends by hand,
# beside what dpkg-shlibdeps finds for the libraries the binary links.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-.build/deb}")
needs=(dpkg-deb dpkg-shlibdeps fakeroot)
for tool in "${needs[@]}"; do
    command -v "$tool" >/dev/null || { echo "error: $tool is missing: apt-get install dpkg-dev fakeroot" >&2; exit 1; }
done

echo "Building the release binary (static Swift runtime) …" >&2
swift build -c release --static-swift-stdlib --product waterfall-site >&2
binary=$(swift build -c release --static-swift-stdlib --show-bin-path)/waterfall-site
version=$("$binary" --version | awk '{print $2}')
arch=$(dpkg --print-architecture)
# The package's dates come from the last commit, so the same commit gives the same package.
epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
export SOURCE_DATE_EPOCH=$epoch
date=$(date -u -d "@$epoch" +%Y-%m-%d)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/waterfall-site_${version}_$arch
doc=$root/usr/share/doc/waterfall-site
install -D -m 0755 "$binary" "$root/usr/bin/waterfall-site"
strip --remove-section=.comment --remove-section=.note "$root/usr/bin/waterfall-site"

python3 scripts/deb/man_page.py "$root/usr/bin/waterfall-site" "$version" "$date" > "$work/waterfall-site.1"
install -d "$root/usr/share/man/man1"
gzip -9n < "$work/waterfall-site.1" > "$root/usr/share/man/man1/waterfall-site.1.gz"
python3 scripts/deb/completions.py "$root/usr/bin/waterfall-site" "$work/completions"
install -D -m 0644 "$work/completions/waterfall-site.bash" "$root/usr/share/bash-completion/completions/waterfall-site"
install -D -m 0644 "$work/completions/_waterfall-site" "$root/usr/share/zsh/vendor-completions/_waterfall-site"
install -D -m 0644 "$work/completions/waterfall-site.fish" "$root/usr/share/fish/vendor_completions.d/waterfall-site.fish"

install -d "$doc"
# Debian's machine-readable copyright, its licence text the repository's LICENSE (after the title
# and copyright lines), each line indented and each empty line a " .".
{
    printf 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n'
    printf 'Upstream-Name: waterfall-site\n\nFiles: *\n'
    printf 'Copyright: %s\nLicense: Expat\n\nLicense: Expat\n' "$(sed -n 's/^Copyright (c) //p' LICENSE)"
    sed -n '/^Permission/,$p' LICENSE | sed 's/^$/./; s/^/ /'
} > "$doc/copyright"
# The README and every page and picture it links, uncompressed at their paths in the repository
# so the links between them work in a browser or a Markdown viewer.
python3 scripts/deb/docs.py . "$doc" >/dev/null
{
    echo "waterfall-site ($version) unstable; urgency=medium"
    echo
    echo "  * Release $version, packaged from commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)."
    echo
    echo " -- waterfall-site authors <waterfall-site@users.noreply.github.com>  $(date -u -R -d "@$epoch")"
} | gzip -9n > "$doc/changelog.gz"

# What the binary links, as Debian package names with versions (dpkg-shlibdeps needs a
# debian/control to run in), and the libraries it opens with dlopen.
mkdir -p "$work/shlibs/debian"
printf 'Source: waterfall-site\n\nPackage: waterfall-site\nArchitecture: any\n' > "$work/shlibs/debian/control"
# Its warnings (the Swift driver's $ORIGIN run path, the tree not yet being a package) are
# shown only when it fails.
linked=$(cd "$work/shlibs" && dpkg-shlibdeps -O "$root/usr/bin/waterfall-site" 2>"$work/shlibdeps.log" |
    sed -n 's/^shlibs:Depends=//p') || { cat "$work/shlibdeps.log" >&2; exit 1; }
[[ -n $linked ]] || { cat "$work/shlibdeps.log" >&2; echo "error: dpkg-shlibdeps found no libraries" >&2; exit 1; }
depends="$linked, libheif1, libwebp7, libwebpdemux2"

size=$(du -k -s --apparent-size "$root" | cut -f1)
install -d "$root/DEBIAN"
cat > "$root/DEBIAN/control" <<CONTROL
Package: waterfall-site
Version: $version
Architecture: $arch
Maintainer: waterfall-site authors <waterfall-site@users.noreply.github.com>
Installed-Size: $size
Depends: $depends
Section: web
Priority: optional
Homepage: https://github.com/waterfall-site/waterfall-site
Description: static masonry gallery sites for shops, from a folder of photos
 waterfall-site turns a folder of product photos (JPEG, PNG, HEIC, AVIF,
 WebP) into a static masonry ("waterfall") gallery: item pages, resized
 copies in WebP and AVIF where smaller, sharing and search metadata, with
 no JavaScript and no layout shift while images load. Upload the output
 folder to any static host. A preview server rebuilds on every change.
CONTROL
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum > DEBIAN/md5sums)
find "$root" -type d -exec chmod 0755 {} +
find "$root" -exec touch -h -d "@$epoch" {} +
mkdir -p "$out"
deb=$out/waterfall-site_${version}_$arch.deb
fakeroot dpkg-deb --build -Zxz --root-owner-group "$root" "$deb" >&2
echo "$deb"
