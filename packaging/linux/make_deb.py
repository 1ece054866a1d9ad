"""Build the Debian package from the one-folder build, with dpkg-deb only (no debhelper).

    python packaging/linux/make_deb.py [--onedir dist/dame-de-pique-folder] [--out dist]

Layout of the package:
    /usr/lib/dame-de-pique/                      the one-folder build (starts faster than the
                                                 one-file build, which unpacks itself to /tmp
                                                 on every launch)
    /usr/bin/dame-de-pique                       symbolic link to the program above
    /usr/share/applications/dame-de-pique.desktop
    /usr/share/icons/hicolor/<N>x<N>/apps/dame-de-pique.png   from assets/icon/icon-<N>.png
    /usr/share/doc/dame-de-pique/copyright, changelog.gz
    /usr/share/doc/dame-de-pique/THIRD-PARTY-LICENSES.txt   link to the build's own licence file
                                                 (every bundled library and its licence text)

No maintainer scripts: the icon cache and the desktop database are refreshed by the dpkg
triggers of gtk-update-icon-cache and desktop-file-utils, so removal leaves nothing behind. The
player's profile lives in their home folder and is never touched by the package.
"""

from __future__ import annotations

import argparse
import email.utils
import gzip
import hashlib
import os
import re
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).absolute().parent.parent))
import project_info

HERE = Path(__file__).absolute().parent
ROOT = HERE.parent.parent
INSTALL_DIR = Path("usr/lib") / project_info.APP_ID
NO_EMAIL = "nobody@invalid"  # dpkg wants "Name <email>"; pyproject's authors may give none

# What SDL 2 (bundled in the pygame-ce wheel) opens at run time from the system; every other
# library is inside the build. X11 and its extensions for the window, mouse and display modes;
# ALSA for sound (PulseAudio/PipeWire through libpulse when present, or ALSA's own plug-ins).
#
# libstdc++ and libgcc_s are not bundled (build.spec): the system's own match its C library.
DEPENDS = [
    "libstdc++6",
    "libgcc-s1",
    "libx11-6",
    "libxext6",
    "libxcursor1",
    "libxi6",
    "libxrandr2",
    "libxfixes3",
    "libasound2 | libasound2t64",
]
RECOMMENDS = [
    "libpulse0",  # SDL's preferred sound output on desktops (PulseAudio or PipeWire)
    "libxss1",  # keeps the screen saver away during a long game
]


STANDALONE_NOTE = "A standalone build: it needs no Python on the machine."


class PackagingError(Exception):
    """Something the package needs is missing; the message says what."""


GLIBC_VERSION = re.compile(rb"GLIBC_(\d+(?:\.\d+)+)")
ELF_MAGIC = b"\x7fELF"


def version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def glibc_needed(tree: Path) -> str:
    """The newest GLIBC symbol version any ELF file in ``tree`` needs (``objdump -p``'s
    version references): the C library the package must depend on, which is lower than the
    build machine's own when the build ships nothing newer."""
    if shutil.which("objdump") is None:
        raise PackagingError("objdump is missing (Debian or Ubuntu: apt install binutils)")
    newest = "2.2.5"
    for path in sorted(tree.rglob("*")):
        if path.is_symlink() or not path.is_file():
            continue
        with path.open("rb") as file:
            if file.read(4) != ELF_MAGIC:
                continue
        result = subprocess.run(["objdump", "-p", str(path)], capture_output=True, check=True)
        for found in GLIBC_VERSION.findall(result.stdout):
            version = found.decode()
            if version_key(version) > version_key(newest):
                newest = version
    return newest


def debian_arch() -> str:
    return subprocess.run(
        ["dpkg", "--print-architecture"], check=True, capture_output=True, text=True
    ).stdout.strip()


def icon_sizes(icon_dir: Path) -> dict[int, Path]:
    """``icon-<N>.png`` files of the assets, by size."""
    found = {}
    for path in icon_dir.glob("icon-*.png"):
        match = re.fullmatch(r"icon-(\d+)\.png", path.name)
        if match:
            found[int(match.group(1))] = path
    return found


def deb822_text(text: str) -> str:
    """A block of free text as a deb822 continuation (one leading space, '.' for blank lines)."""
    return "\n".join(" " + line.rstrip() if line.strip() else " ." for line in text.splitlines())


def maintainer(info: project_info.ProjectInfo) -> str:
    return info.author if "<" in info.author else f"{info.author} <{NO_EMAIL}>"


THIRD_PARTY = "THIRD-PARTY-LICENSES.txt"
BUNDLED_LICENCES = INSTALL_DIR / "_internal" / "licences" / THIRD_PARTY


def copyright_file(info: project_info.ProjectInfo, root: Path) -> str:
    """The machine-readable copyright file: the game's own files under its licence, and the
    bundled Python, libraries and fonts each under theirs, listed with their texts in
    THIRD-PARTY-LICENSES.txt beside this file."""
    header = (
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
        f"Upstream-Name: {project_info.APP_NAME}\n"
        + (f"Source: {info.homepage}\n" if info.homepage else "")
        + "Comment: The program is a PyInstaller build. Besides the game's own code and\n"
        " pictures it bundles Python, pygame-ce, SDL 2 and the libraries they use, each\n"
        " under its own licence (LGPL-2.1, Zlib, PSF-2.0, BSD, MIT and others). The\n"
        " build lists every bundled file with its licence text in\n"
        f" /usr/share/doc/{project_info.APP_ID}/{THIRD_PARTY}"
        f" (also /{BUNDLED_LICENCES.as_posix()})."
    )
    author = info.author.split(" <")[0]
    parts = [
        header,
        f"Files: *\nCopyright: {author}\nLicense: {info.license}\n"
        + deb822_text((root / "LICENSE").read_text(encoding="utf-8")),
        f"Files: {INSTALL_DIR.as_posix()}/_internal/*\n"
        "Copyright: the authors of each bundled component\n"
        f"License: various\n See /usr/share/doc/{project_info.APP_ID}/{THIRD_PARTY}: each bundled"
        " file, the\n component it belongs to and that component's licence text.",
    ]
    for licence in sorted((root / "assets").rglob("LICENSE*")):
        folder = licence.parent.relative_to(root)
        parts.append(
            f"Files: {INSTALL_DIR}/_internal/{folder.as_posix()}/*\n"
            f"Copyright: see below\nLicense: see-{licence.name}\n"
            + deb822_text(licence.read_text(encoding="utf-8"))
        )
    return "\n\n".join(parts) + "\n"


def changelog_gz(info: project_info.ProjectInfo) -> bytes:
    """The Debian changelog of this native package (one entry per build), gzip'd reproducibly."""
    when = int(os.environ.get("SOURCE_DATE_EPOCH", time.time()))
    date = email.utils.formatdate(when, localtime=False).replace("-0000", "+0000")
    text = (
        f"{project_info.APP_ID} ({info.version}) unstable; urgency=medium\n\n"
        f"  * Release {info.version}: see the project's history for the changes.\n\n"
        f" -- {maintainer(info)}  {date}\n"
    )
    return gzip.compress(text.encode(), compresslevel=9, mtime=0)


def control_file(info: project_info.ProjectInfo, arch: str, installed_kib: int, glibc: str) -> str:
    summary, _, rest = info.description.partition(": ")
    long_text = rest[:1].upper() + rest[1:] if rest else info.description
    return (
        f"Package: {project_info.APP_ID}\n"
        f"Version: {info.version}\n"
        f"Architecture: {arch}\n"
        f"Maintainer: {maintainer(info)}\n"
        f"Installed-Size: {installed_kib}\n"
        f"Depends: libc6 (>= {glibc}), {', '.join(DEPENDS)}\n"
        f"Recommends: {', '.join(RECOMMENDS)}\n"
        "Section: games\n"
        "Priority: optional\n"
        + (f"Homepage: {info.homepage}\n" if info.homepage else "")
        + f"Description: {summary} card game (Hearts)\n"
        + deb822_text(textwrap.fill(long_text, 78) + "\n\n" + STANDALONE_NOTE)
        + "\n"
    )


def copy_tree(src: Path, dst: Path) -> None:
    """Copy the build keeping its symbolic links (the build links pygame's libraries)."""
    shutil.copytree(src, dst, symlinks=True)


def normalise_modes(tree: Path, executables: list[Path]) -> None:
    """0755 for folders and the program, 0644 for everything else (libraries too): Debian's way."""
    for path in [tree, *tree.rglob("*")]:
        if path.is_symlink():
            continue
        path.chmod(0o755 if path.is_dir() or path in executables else 0o644)


def installed_size_kib(tree: Path) -> int:
    total = sum(p.lstat().st_size for p in tree.rglob("*") if p.is_file() or p.is_symlink())
    return (total + 1023) // 1024


def md5sums(tree: Path) -> str:
    lines = []
    for path in sorted(tree.rglob("*")):
        if path.is_file() and not path.is_symlink() and "DEBIAN" not in path.parts:
            digest = hashlib.md5(path.read_bytes()).hexdigest()
            lines.append(f"{digest}  {path.relative_to(tree).as_posix()}")
    return "\n".join(lines) + "\n"


def validate_desktop_entry(path: Path) -> None:
    validator = shutil.which("desktop-file-validate")
    if validator is None:
        print("note: desktop-file-validate not found, the .desktop entry was not checked")
        return
    result = subprocess.run([validator, str(path)], capture_output=True, text=True)
    if result.returncode != 0 or result.stdout.strip():
        raise PackagingError(f"the .desktop entry is not valid:\n{result.stdout}{result.stderr}")


def build_deb(onedir: Path, out_dir: Path, work_dir: Path, root: Path = ROOT) -> Path:
    """Assemble the package tree in ``work_dir``; build ``out_dir/<name>_<version>_<arch>.deb``.

    Returns the path of the package."""
    info = project_info.read(root)
    executable = onedir / project_info.APP_ID
    if not executable.is_file():
        raise PackagingError(
            f"no one-folder build at {onedir} "
            "(run: python -m PyInstaller build.spec -- --only onedir)"
        )
    icons = icon_sizes(root / "assets" / "icon")
    if not icons:
        raise PackagingError(f"no assets/icon/icon-<size>.png in {root / 'assets' / 'icon'}")
    if shutil.which("dpkg-deb") is None:
        raise PackagingError("dpkg-deb is missing (Debian or Ubuntu: apt install dpkg)")

    tree = work_dir / "deb-root"
    if tree.exists():
        shutil.rmtree(tree)
    copy_tree(onedir, tree / INSTALL_DIR)
    bin_dir = tree / "usr/bin"
    bin_dir.mkdir(parents=True)
    link_target = Path("..") / "lib" / project_info.APP_ID / executable.name
    (bin_dir / project_info.APP_ID).symlink_to(link_target)

    applications = tree / "usr/share/applications"
    applications.mkdir(parents=True)
    desktop = applications / f"{project_info.APP_ID}.desktop"
    shutil.copyfile(HERE / f"{project_info.APP_ID}.desktop", desktop)
    validate_desktop_entry(desktop)

    for size, png in sorted(icons.items()):
        target = tree / f"usr/share/icons/hicolor/{size}x{size}/apps/{project_info.APP_ID}.png"
        target.parent.mkdir(parents=True)
        shutil.copyfile(png, target)

    doc = tree / "usr/share/doc" / project_info.APP_ID
    doc.mkdir(parents=True)
    (doc / "copyright").write_text(copyright_file(info, root), encoding="utf-8")
    (doc / "changelog.gz").write_bytes(changelog_gz(info))
    if not (tree / BUNDLED_LICENCES).is_file():
        raise PackagingError(f"the build has no {BUNDLED_LICENCES.relative_to(INSTALL_DIR)}")
    (doc / THIRD_PARTY).symlink_to(Path("/") / BUNDLED_LICENCES)

    normalise_modes(tree, [tree / INSTALL_DIR / executable.name])
    debian = tree / "DEBIAN"
    debian.mkdir(mode=0o755)
    arch = debian_arch()
    (debian / "control").write_text(
        control_file(info, arch, installed_size_kib(tree), glibc_needed(tree / INSTALL_DIR)),
        encoding="utf-8",
    )
    (debian / "md5sums").write_text(md5sums(tree), encoding="utf-8")
    for path in debian.iterdir():
        path.chmod(0o644)

    out_dir.mkdir(parents=True, exist_ok=True)
    package = out_dir / f"{project_info.APP_ID}_{info.version}_{arch}.deb"
    subprocess.run(
        ["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(tree), str(package)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return package


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--onedir",
        type=Path,
        default=ROOT / "dist" / project_info.ONEDIR_NAME,
        help="the one-folder build (default: %(default)s)",
    )
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="where the .deb goes")
    parser.add_argument(
        "--work", type=Path, default=ROOT / "build" / "deb", help="scratch folder for the tree"
    )
    args = parser.parse_args(argv)
    try:
        package = build_deb(args.onedir, args.out, args.work)
    except (PackagingError, subprocess.CalledProcessError) as error:
        print(f"make_deb: {error}", file=sys.stderr)
        return 1
    print(package)
    return 0


if __name__ == "__main__":
    sys.exit(main())
