"""What can go wrong with a profile's file, and what a failed write says about the disk."""

from __future__ import annotations

import errno
import os
import sqlite3
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Final


class UnreadableProfile(Exception):
    """The file is not a profile: not an SQLite database, or one that fails its integrity
    check. Only such a file is moved aside."""


class NewerProfile(Exception):
    """The profile was written by a newer version of the game (it is left as it is)."""


class CannotWrite(Exception):
    """The profile cannot be opened for writing: an I/O error, not a broken file."""


# SQLite's primary result codes (https://sqlite.org/rescode.html) that say the file itself is
# broken; every other error (full, read-only, permission, busy, I/O) leaves the file alone.
_SQLITE_CORRUPT: Final = 11
_SQLITE_NOTADB: Final = 26
_SQLITE_PERM: Final = 3
_SQLITE_READONLY: Final = 8
_SQLITE_FULL: Final = 13
_SQLITE_AUTH: Final = 23


class Trouble(StrEnum):
    """Why the profile cannot be written (the window words each one)."""

    FULL = "full"  # no space left on the disk
    READ_ONLY = "read-only"  # the disk or the folder is read-only
    PERMISSION = "permission"  # the folder or the file belongs to someone else
    NEWER = "newer"  # the profile was written by a newer version of the game
    IN_USE = "in use"  # another copy of the game has the profile open
    FOLDER = "folder"  # a folder has the profile file's name
    OTHER = "other"  # any other input/output error (see the detail)


@dataclass(frozen=True)
class WriteProblem:
    """Why the profile is not being written, and the system's own words."""

    trouble: Trouble
    detail: str


def is_broken_file(exc: sqlite3.Error) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in (_SQLITE_CORRUPT, _SQLITE_NOTADB)


def is_full(exc: sqlite3.Error) -> bool:
    """The write failed for want of space on the disk."""
    code = getattr(exc, "sqlite_errorcode", None)
    return code is not None and code & 0xFF == _SQLITE_FULL


def write_problem(exc: BaseException, folder: Path | None = None) -> WriteProblem:
    """What a failed write (an ``sqlite3.Error`` or ``OSError``) says about the disk.

    >>> write_problem(OSError(28, "No space left on device")).trouble
    <Trouble.FULL: 'full'>
    """
    detail = str(exc) or type(exc).__name__
    if isinstance(exc, OSError):
        trouble = {
            errno.ENOSPC: Trouble.FULL,
            errno.EDQUOT: Trouble.FULL,
            errno.EROFS: Trouble.READ_ONLY,
            errno.EACCES: Trouble.PERMISSION,
            errno.EPERM: Trouble.PERMISSION,
        }.get(exc.errno or 0, Trouble.OTHER)
        if exc.strerror:
            detail = exc.strerror
        return WriteProblem(trouble, detail)
    code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF
    trouble = {
        _SQLITE_FULL: Trouble.FULL,
        _SQLITE_READONLY: Trouble.READ_ONLY,
        _SQLITE_PERM: Trouble.PERMISSION,
        _SQLITE_AUTH: Trouble.PERMISSION,
    }.get(code, Trouble.OTHER)
    if trouble in (Trouble.OTHER, Trouble.READ_ONLY) and folder is not None:
        trouble = _folder_trouble(folder) or trouble  # "cannot open" says no more than that
    return WriteProblem(trouble, detail)


def _folder_trouble(folder: Path) -> Trouble | None:
    """What keeps ``folder`` from being written, as far as the system tells."""
    try:
        stats = os.statvfs(folder)
    except (OSError, AttributeError):  # no statvfs on Windows
        return None
    if stats.f_flag & os.ST_RDONLY:
        return Trouble.READ_ONLY
    if stats.f_bavail == 0:
        return Trouble.FULL
    if not os.access(folder, os.W_OK):
        return Trouble.PERMISSION
    return None
