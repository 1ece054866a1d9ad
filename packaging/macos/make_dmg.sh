#!/bin/sh
# Makes a compressed disk image holding the .app and a link to /Applications (drag to install).
# macOS only (hdiutil). Run by `python3 tools/build.py` on macOS, or by hand:
#   sh packaging/macos/make_dmg.sh "dist/Dame de pique.app" dist/dame-de-pique-<version>-macos-<arch>.dmg
set -eu
if [ $# -ne 2 ]; then
    echo "usage: $0 APP_BUNDLE OUTPUT.dmg" >&2
    exit 2
fi
app=$1
dmg=$2
if [ ! -d "$app" ]; then
    echo "make_dmg: no app bundle at $app (build it first: python3 tools/build.py)" >&2
    exit 1
fi
if ! command -v hdiutil >/dev/null; then
    echo "make_dmg: hdiutil not found: disk images can only be made on macOS" >&2
    exit 1
fi
staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
ditto "$app" "$staging/$(basename "$app")"   # ditto keeps symlinks and signatures intact
ln -s /Applications "$staging/Applications"
rm -f "$dmg"
# hdiutil fails now and then with "Resource busy" (Spotlight or XProtect still reading the
# fresh files): try again a few times before giving up.
for attempt in 1 2 3 4; do
    if hdiutil create -volname "Dame de pique" -srcfolder "$staging" -fs HFS+ -format UDZO -ov "$dmg"; then
        exit 0
    fi
    echo "make_dmg: hdiutil failed (attempt $attempt); trying again in $((attempt * 5)) s" >&2
    sleep $((attempt * 5))
done
echo "make_dmg: hdiutil could not create $dmg" >&2
exit 1
