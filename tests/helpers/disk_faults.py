"""A real small filesystem for the I/O fault tests: a tmpfs mounted in the test (needs root,
which CI has; elsewhere the tests are skipped with the reason), which can be filled or turned
read-only while a profile lives on it."""

from __future__ import annotations

import contextlib
import errno
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest


def _mount_skip_reason() -> str | None:
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return "mounting a small tmpfs needs root (CI runs as root)"
    return None


@contextlib.contextmanager
def small_disk(where: Path, size: str = "512k") -> Iterator[Path]:
    """A tmpfs of ``size`` mounted on ``where`` for the duration; skips the test when it
    cannot be mounted."""
    reason = _mount_skip_reason()
    if reason is not None:
        pytest.skip(reason)
    where.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", str(where)],
        capture_output=True,
        text=True,
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill(disk: Path) -> Path:
    """Fill ``disk`` to the last byte with one file (returned: delete it to free the space)."""
    filler = disk / "filler"
    chunk = b"\0" * 4096
    with open(filler, "wb", buffering=0) as out:
        try:
            while True:
                out.write(chunk)
        except OSError as exc:
            assert exc.errno == errno.ENOSPC, exc
        with contextlib.suppress(OSError):  # the last partial block
            while True:
                out.write(b"\0")
    return filler


def set_read_only(disk: Path, read_only: bool = True) -> None:
    option = "remount,ro" if read_only else "remount,rw"
    subprocess.run(["mount", "-o", option, str(disk)], check=True)


def files_of(folder: Path) -> dict[str, bytes]:
    """Every file in ``folder`` and its bytes (the filler left out)."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.name != "filler"}
