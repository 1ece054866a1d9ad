#!/bin/bash
# CI for the standalone program: builds the one-file and one-folder programs and the .deb
# (tools/build.py, with the noexec-safe bootloader of tools/build_bootloader.py), then runs
# tests/test_packaging.py against them: the smoke test of the one-file program (dummy drivers, a
# demo hand, screenshot pixels, sound), the licence entry of every bundled library, the glibc
# floor of every bundled ELF file, the start under a noexec /tmp (root), the start-up clock and,
# as root, the end-to-end test of the .deb (apt install, launch from the .desktop entry under
# Xvfb, close, apt purge). Finally prints the launch-to-first-frame figures. About five minutes
# on 2 cores (the bootloader's download and compilation is about 50 s of it).
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive

# System tools the build and the tests use (Debian names), installed when missing and root.
needed=""
command -v dpkg-deb >/dev/null || needed="$needed dpkg"
command -v desktop-file-validate >/dev/null || needed="$needed desktop-file-utils"
command -v Xvfb >/dev/null || needed="$needed xvfb"
command -v xdotool >/dev/null || needed="$needed xdotool"
command -v import >/dev/null || needed="$needed imagemagick"
command -v readelf >/dev/null || needed="$needed binutils"   # PyInstaller and the glibc test
command -v gcc >/dev/null || needed="$needed gcc libc6-dev"  # the patched bootloader
command -v patch >/dev/null || needed="$needed patch"
command -v unshare >/dev/null || needed="$needed util-linux"  # the noexec test
if [ "$(id -u)" = 0 ]; then
    # Fresh lists: the .deb test lets apt fetch the package's dependencies.
    apt-get update -q || echo "note: apt-get update failed; using the package lists as they are"
    if [ -n "$needed" ]; then
        # shellcheck disable=SC2086  # one word per package
        apt-get install -y -q $needed
    fi
fi

sh tools/bootstrap.sh            # the project's .venv with the game and PyInstaller
python=.venv/bin/python

rm -rf dist
"$python" tools/build.py

export DAME_BUILT_EXE DAME_BUILT_ONEDIR DAME_BUILT_DEB
DAME_BUILT_EXE=$(ls dist/dame-de-pique-*-linux-* | grep -v '\.tar\.gz$')
DAME_BUILT_ONEDIR=dist/dame-de-pique-folder
DAME_BUILT_DEB=$(ls dist/dame-de-pique_*.deb)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$python" -m pytest -q -p no:cacheprovider -p no:xdist -rs tests/test_packaging.py \
    -k "not windows_installer and not macos_disk_image" | tee "$log"  # those run on their CI
if [ "${CI:-}" = true ] && grep -q "SKIPPED" "$log"; then
    echo "ci_package: in CI every packaging test must run (see the SKIPPED reasons above)" >&2
    exit 1
fi

"$python" packaging/measure_startup.py --runs 3 || echo "note: start-up figures not available"
