#!/usr/bin/env bash
# The Debian package as a user meets it: lintian finds no error, `apt-get install ./….deb` installs
# it with its dependencies, the installed binary builds SampleImages into a site, the man page
# opens, the README and docs/ are installed with their links working, and the bash, zsh and fish
# completions complete an option of `build`. Removes the
# package again at the end. Needs root (it installs a package) and lintian, zsh and fish.
#
#   Tests/Packaging/check_deb.sh [DEB]     (default: builds one with scripts/package-deb.sh)
set -euo pipefail
cd "$(dirname "$0")/../.."
deb=${1:-$(scripts/package-deb.sh)}
failures=0
check() { # check WHAT COMMAND…: runs the command, says which check failed
    local what=$1
    shift
    if "$@"; then echo "ok: $what"; else echo "FAIL: $what" >&2; failures=$((failures + 1)); fi
}

check "lintian finds no error or warning" lintian --fail-on error,warning "$deb"
DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$(realpath "$deb")" >/dev/null
trap 'DEBIAN_FRONTEND=noninteractive apt-get remove -y -q waterfall-site >/dev/null' EXIT
check "installed at /usr/bin/waterfall-site" test -x /usr/bin/waterfall-site
check "the Swift runtime is linked in (no libswift*.so needed)" \
    bash -c '! ldd /usr/bin/waterfall-site | grep -q libswift'

docs=/usr/share/doc/waterfall-site
check "the docs are installed: a page of docs/ and a screenshot the README shows" bash -c \
    "grep -q '^# ' $docs/docs/options.md && grep -q 'docs/item-pages/gallery-1280.jpg' $docs/README.md &&
     test -s $docs/docs/item-pages/gallery-1280.jpg"
check "every relative link of the installed README and docs leads to an installed file" \
    python3 -c 'import sys; sys.path.insert(0, "scripts/deb"); import docs; docs.linked_files(sys.argv[1])' "$docs"

site=$(mktemp -d)
check "the installed binary builds SampleImages" \
    /usr/bin/waterfall-site build SampleImages -o "$site/site" --quiet
check "the site has its gallery and item pages" \
    bash -c "test -s '$site/site/index.html' && ls '$site'/site/items/*/*.html >/dev/null"
check "WebP copies were written through libwebp, which the binary opens with dlopen" \
    bash -c "find '$site/site' -name '*.webp' | grep -q ."
mkdir "$site/one"
cp SampleImages/chelsea-the-cat.jpg "$site/one/"
check "AVIF copies were written through libheif, which the binary opens with dlopen" bash -c \
    "/usr/bin/waterfall-site build '$site/one' -o '$site/one-site' --quiet --avif --avif-speed 9 &&
     find '$site/one-site' -name '*.avif' | grep -q ."
rm -rf "$site"

check "man waterfall-site has every command" bash -c \
    'out=$(MANWIDTH=100 man waterfall-site 2>/dev/null); for c in BUILD SERVE INIT SCAN RENDITIONS; do grep -q "^$c" <<<"$out" || exit 1; done'
check "the man page has no groff warnings" bash -c \
    '! man --warnings -l "$(man -w waterfall-site)" 2>&1 >/dev/null | grep -q .'
check "bash completes build --outp to --output" bash -c '
    source /usr/share/bash-completion/completions/waterfall-site
    COMP_WORDS=(waterfall-site build --outp); COMP_CWORD=2; _waterfall_site
    [[ " ${COMPREPLY[*]} " == *" --output "* ]]'
check "bash completes the command name" bash -c '
    source /usr/share/bash-completion/completions/waterfall-site
    COMP_WORDS=(waterfall-site ser); COMP_CWORD=1; _waterfall_site
    [[ "${COMPREPLY[*]}" == serve ]]'
check "zsh reads its completion" zsh -n /usr/share/zsh/vendor-completions/_waterfall-site
check "fish completes build --outp to --output" bash -c \
    "fish -c 'complete -C \"waterfall-site build --outp\"' | grep -q '^--output'"

if ((failures > 0)); then
    echo "$failures package check(s) failed" >&2
    exit 1
fi
echo "the package installs, builds the sample and completes in bash, zsh and fish"
