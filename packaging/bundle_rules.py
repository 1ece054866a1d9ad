"""What build.spec leaves out of the program and the small files it writes, kept here so that
the tests can run them with Windows names (``pygame\\freesansbold.ttf``) on any system.

>>> import ntpath
>>> keep_data(ntpath.join("pygame", "freesansbold.ttf"))
False
>>> keep_binary("libstdc++.so.6", platform="linux")
False
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath

# Linux: libraries every desktop system has, whose bundled copies only raise the C library the
# program needs (Debian 12's libstdc++ asks for glibc 2.36; the system's own always fits its
# glibc). SDL_mixer's fluidsynth loads libstdc++; the .deb depends on both packages instead.
SYSTEM_LIBRARIES_NOT_BUNDLED = ("libstdc++.so", "libgcc_s.so")
# pygame's default font (FreeFont, GPL): the game draws every text with its own DejaVu fonts.
DATA_NOT_BUNDLED = ("pygame/freesansbold.ttf",)


def posix_name(dest: str) -> str:
    """A name inside the program with ``/``: PyInstaller joins them with ``\\`` on Windows."""
    return dest.replace("\\", "/")


def keep_binary(dest: str, platform: str) -> bool:
    name = PurePosixPath(posix_name(dest)).name
    return not (platform.startswith("linux") and name.startswith(SYSTEM_LIBRARIES_NOT_BUNDLED))


def keep_data(dest: str) -> bool:
    return posix_name(dest) not in DATA_NOT_BUNDLED


def write_metadata(folder: Path, name: str, version: str, summary: str, licence: str) -> Path:
    """A minimal METADATA so that importlib.metadata.version() works in the program; written
    with "\\n" on every system (the tests look for "Version: x\\n" in the program's bytes)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "METADATA"
    path.write_text(
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
        f"Summary: {summary}\nLicense: {licence}\n",
        encoding="utf-8",
        newline="\n",
    )
    return path
