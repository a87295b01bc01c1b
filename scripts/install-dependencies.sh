#!/usr/bin/env bash
# Installs the Debian packages waterfall-site needs, only those that are missing.
#   scripts/install-dependencies.sh            libraries for building (libjpeg-dev, libpng-dev)
#   scripts/install-dependencies.sh --tests    also what the tests use (Chromium and its driver, rsync)
set -euo pipefail

packages=(libjpeg-dev libpng-dev pkg-config)
if [[ "${1:-}" == "--tests" ]]; then
  packages+=(chromium chromium-driver python3 rsync)
fi

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

sudo=""
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "error: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
echo "Installing ${missing[*]} …" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
