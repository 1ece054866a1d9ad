#!/bin/bash
# The Windows stage of .ci/run (issue 39): installs Wine when missing (Debian's wine64 and, for
# Inno Setup's 32-bit compiler and the setup.exe it builds, wine32:i386), then runs
# tools/windows_ci.py: the Windows program built with tools/build.py under Windows' Python,
# installed, started from its Start-menu shortcut, played, uninstalled; the platform-neutral
# tests under Windows' Python; the one-file .exe started. About 6 minutes with the Windows
# Python environment cached in /var/cache/dame-de-pique-wine (README, "Building the standalone
# program").
#
# DAME_WINDOWS_STAGE=skip skips it with a line saying so (never in CI: CI=true fails instead).
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive

if [ "${DAME_WINDOWS_STAGE:-}" = skip ]; then
    if [ "${CI:-}" = true ]; then
        echo "windows-ci: DAME_WINDOWS_STAGE=skip is not allowed in CI" >&2
        exit 1
    fi
    echo "windows-ci: SKIPPED (DAME_WINDOWS_STAGE=skip): the Windows program was NOT tested"
    exit 0
fi

wine_ready() {
    [ -x /usr/lib/wine/wine64 ] && [ -x /usr/lib/wine/wine ] && command -v Xvfb >/dev/null \
        && command -v npm >/dev/null
}

if ! wine_ready; then
    if [ "$(id -u)" != 0 ]; then
        echo "windows-ci: Wine is missing and only root can install it:" >&2
        echo "  see tools/windows_ci.sh for the apt-get commands" >&2
        exit 1
    fi
    echo "windows-ci: installing Wine (wine64, wine32:i386), Xvfb and npm"
    dpkg --add-architecture i386
    # i386 packages are served only at the main suite's versions, while the amd64 libraries may
    # come from the security suite: without this pin apt finds no solution for wine32:i386.
    cat > /etc/apt/preferences.d/dame-de-pique-wine <<'PIN'
Package: *
Pin: release l=Debian-Security
Pin-Priority: 100
PIN
    apt-get update -q || echo "note: apt-get update failed; using the package lists as they are"
    # The gstreamer libraries named so that the resolver finds its way (both architectures at
    # one version); wine64 in the same command, or apt removes it.
    apt-get install -y -q --no-install-recommends wine64 wine32:i386 \
        libgstreamer-plugins-base1.0-0 libgstreamer-plugins-base1.0-0:i386 xvfb npm
fi

.venv/bin/python tools/windows_ci.py "$@"
