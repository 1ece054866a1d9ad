"""One writer per profile: a lock on a file beside it, held while the profile is open.

The operating system's own file lock is used (``fcntl.flock``; ``msvcrt.locking`` on
Windows) rather than SQLite's: SQLite locks a database only for the length of a transaction,
so two windows would still take turns overwriting each other, whereas this lock is held from
opening to closing and the system releases it when the process ends in any way, a crash or a
kill -9 included (a lock file with a process id in it would have to guess whether that
process still lives). The lock file stays empty and is never deleted while in use (deleting it
would let a third copy lock a new file beside a second's lock on the old one).
"""

from __future__ import annotations

import contextlib
import os
import sys
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO, Final

LOCK_SUFFIX: Final = ".lock"


class InUse(Exception):
    """Another copy of the game holds the profile's lock."""


class _LockFile:
    """The process's one open lock file for a profile, and how many of its profiles use it."""

    def __init__(self, key: str, path: Path, file: BinaryIO) -> None:
        self.key = key
        self.path = path
        self.file: BinaryIO | None = file
        self.users = 0


_OPEN: Final[dict[str, _LockFile]] = {}
"""The lock files this process holds, by the lock file's resolved path. Opening a profile the
process already holds shares the lock: one process is one copy of the game (its tests and tools
open a profile twice), and SQLite keeps its transactions apart."""


class ProfileLock:
    """A held lock; :meth:`release` (or the object's collection, or the process's end) lets
    it go."""

    def __init__(self, held: _LockFile) -> None:
        self.path = held.path
        held.users += 1
        self._release = weakref.finalize(self, _let_go, held)

    @classmethod
    def take(cls, database: Path) -> ProfileLock | None:
        """Lock the profile at ``database``. Raises :class:`InUse` when another process holds
        it; None when no lock file can be made (a read-only or full folder: the profile then
        cannot be written by anyone, which the opening finds out by itself)."""
        path = database.with_name(database.name + LOCK_SUFFIX)
        key = str(path.resolve())
        if key in _OPEN:
            return cls(_OPEN[key])
        try:
            file = open(path, "ab")  # noqa: SIM115 (held open as long as the profile)
        except OSError:
            return None
        try:
            _lock(file.fileno())
        except BlockingIOError:
            file.close()
            raise InUse(str(path)) from None
        except OSError:  # a filesystem without locks: as before, unlocked
            file.close()
            return None
        held = _OPEN[key] = _LockFile(key, path, file)
        return cls(held)

    def release(self) -> None:
        self._release()  # once: later calls do nothing


def _let_go(held: _LockFile) -> None:
    held.users -= 1
    if held.users <= 0:
        _close(held)


def _close(held: _LockFile) -> None:
    if _OPEN.get(held.key) is held:
        del _OPEN[held.key]
    if held.file is not None:
        with contextlib.suppress(OSError):
            held.file.close()  # closing the only descriptor releases the lock
        held.file = None


def _forget_in_child() -> None:
    """A forked child (not the worker, which is spawned) gets copies of the lock's descriptor:
    it closes them, so the lock ends with the process that took it (closing a copy leaves the
    parent's lock held)."""
    for held in list(_OPEN.values()):
        _close(held)


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_in_child)


def _lock_windows(fd: int, locking: Callable[[int, int, int], None], no_wait: int) -> None:
    """msvcrt.locking of the file's first byte; a lock held elsewhere raises BlockingIOError.
    Windows says "denied" (EACCES) for it; Wine's C runtime leaves errno at 0 ("[Errno 0]
    Error"): both mean held, and two copies writing is worse than one copy told to wait."""
    try:
        locking(fd, no_wait, 1)
    except OSError as exc:
        if isinstance(exc, PermissionError) or not exc.errno:
            raise BlockingIOError(str(exc)) from None
        raise


if sys.platform == "win32":
    import msvcrt

    def _lock(fd: int) -> None:
        _lock_windows(fd, msvcrt.locking, msvcrt.LK_NBLCK)

else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
