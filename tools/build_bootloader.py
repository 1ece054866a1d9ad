"""Build PyInstaller's Linux bootloader with the game's one change: a one-file program that
finds its temporary folder mounted ``noexec`` unpacks under the user's cache folder instead.

    python tools/build_bootloader.py        # prints the path of the bootloader ("run")

Why: the one-file program unpacks itself at every launch and then loads libpython from the
unpacked files. Where ``/tmp`` is mounted ``noexec`` (a common hardening) the stock bootloader
dies with "failed to map segment" (exit 127) before any Python runs, so the game cannot even
say what is wrong. PyInstaller's ``runtime_tmpdir`` cannot help: it is one fixed path, and the
bootloader expands neither ``~`` nor ``$HOME`` in it. The patch
(``packaging/linux/bootloader/noexec-fallback.patch``) makes the bootloader probe each
candidate folder (``TMPDIR``, ``/tmp``, ``/var/tmp``) by mapping a small file executable, the
way the dynamic loader will, and fall back to ``$XDG_CACHE_HOME`` or ``~/.cache``; when even that
fails it says which variable to set.

The source is the sdist of the PyInstaller version installed here (constraints.txt pins it),
fetched with pip and refused unless its SHA-256 is the one in :data:`SOURCES`; the patch is
applied with ``--fuzz=0``, so it must apply exactly: a PyInstaller upgrade that moves the code
stops the build with a message instead of shipping a program patched in the wrong place. To
move to another PyInstaller: pin it in constraints.txt, add its sdist's SHA-256 (PyPI's "file
hashes", or ``sha256sum`` of ``pip download --no-binary pyinstaller``) to :data:`SOURCES`, and
rebase the patch if it no longer applies. The result is cached in
``build/bootloader/<version>-<patch digest>/``; about 30 s the first time (download + compile).
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).absolute().parent.parent
PATCH = ROOT / "packaging" / "linux" / "bootloader" / "noexec-fallback.patch"
CACHE = ROOT / "build" / "bootloader"
MARKER = b"Cannot unpack this program"  # a string only the patched bootloader holds
SOURCES = {
    # PyInstaller version: SHA-256 of its source archive (pyinstaller-<version>.tar.gz on PyPI)
    "6.22.3": "05eb2f5615503e72939a7224d68b4aff572c6b0438ee4a17d0a4b481f399362d",
}


class BootloaderError(Exception):
    """The bootloader could not be built; the message says why."""


def cached_path(version: str, patch: Path = PATCH, cache: Path = CACHE) -> Path:
    digest = hashlib.sha256(patch.read_bytes()).hexdigest()[:12]
    return cache / f"{version}-{digest}" / "run"


def check_source(archive: Path, version: str) -> None:
    """Refuse a source archive that is not byte for byte the one pinned for ``version``."""
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()
    if digest != SOURCES.get(version):
        raise BootloaderError(
            f"{archive.name} has SHA-256 {digest}, not the pinned {SOURCES.get(version)}:"
            " refusing to build a bootloader from it"
        )


def run(command: list[str], cwd: Path, what: str) -> None:
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        tail = "\n".join((result.stdout + result.stderr).strip().splitlines()[-20:])
        raise BootloaderError(f"{what} failed ({' '.join(command)}):\n{tail}")


def build(version: str | None = None, patch: Path = PATCH, cache: Path = CACHE) -> Path:
    """The patched bootloader for the installed PyInstaller, built once and cached."""
    if not sys.platform.startswith("linux"):
        raise BootloaderError("the patched bootloader is for Linux builds only")
    version = version or importlib.metadata.version("pyinstaller")
    if version not in SOURCES:
        raise BootloaderError(
            f"PyInstaller {version} is installed but tools/build_bootloader.py knows no checked"
            f" source of it (pinned: {', '.join(SOURCES)}): install the version constraints.txt"
            " pins, or add this one's SHA-256 to SOURCES"
        )
    target = cached_path(version, patch, cache)
    if target.is_file() and MARKER in target.read_bytes():
        return target
    for tool in ("patch", "gcc"):
        if shutil.which(tool) is None:
            raise BootloaderError(f"{tool} is missing (Debian or Ubuntu: apt install {tool})")
    with tempfile.TemporaryDirectory(prefix="bootloader-") as scratch:
        folder = Path(scratch)
        run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary",
             "pyinstaller", f"pyinstaller=={version}", "--dest", str(folder)],
            folder,
            f"downloading the source of PyInstaller {version}",
        )  # fmt: skip
        archives = sorted(folder.glob("pyinstaller-*.tar.gz"))
        if not archives:
            raise BootloaderError(f"pip fetched no source archive of PyInstaller {version}")
        check_source(archives[0], version)
        with tarfile.open(archives[0]) as archive:
            archive.extractall(folder, filter="data")
        source = folder / archives[0].name.removesuffix(".tar.gz")
        run(
            ["patch", "-p1", "--forward", "--batch", "--fuzz=0", "-i", str(patch)],
            source,
            "applying the noexec patch exactly (--fuzz=0)",
        )
        run([sys.executable, "./waf", "all"], source / "bootloader", "compiling")
        built = sorted((source / "PyInstaller" / "bootloader").glob("Linux-*/run"))
        if not built:
            raise BootloaderError("waf finished but produced no Linux bootloader 'run'")
        if MARKER not in built[0].read_bytes():
            raise BootloaderError(f"{built[0]} does not hold the patch")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built[0], target)
    return target


def main() -> int:
    try:
        print(build())
    except BootloaderError as error:
        print(f"build_bootloader: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
