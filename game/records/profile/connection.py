"""The profile's connection: opening the file, its pragmas (a write-ahead log), the check that
it can be written, and the copies held in memory when it cannot."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path
from typing import Final

from game.records.profile.migrations import check, migrate
from game.records.profile.problems import (
    CannotWrite,
    NewerProfile,
    UnreadableProfile,
    is_broken_file,
)


def files_of(path: Path) -> tuple[Path, ...]:
    """The database, the files SQLite keeps beside it, and the lock file (:mod:`.lock`)."""
    return tuple(path.with_name(path.name + suffix) for suffix in ("", "-wal", "-shm", ".lock"))


def remove_new_empty_files(path: Path, existed: set[Path]) -> None:
    """Remove what a failed open made that was not there before: an empty database or log (a
    new profile on a full disk), a shared-memory index (SQLite's cache of the log, rebuilt at
    will; no other connection had it open, or it would have existed). The folder is left as
    it was."""
    database, log_file, index, lock = files_of(path)
    for file in (database, log_file, index, lock):
        if file not in existed:
            with contextlib.suppress(OSError):
                if file is index or file.stat().st_size == 0:
                    file.unlink()


def memory_profile() -> sqlite3.Connection:
    """An empty profile in memory, at the current schema."""
    db = sqlite3.connect(":memory:", isolation_level=None)
    migrate(db)
    return db


def copy_into(path: Path, db: sqlite3.Connection) -> None:
    """Copy the profile at ``path`` into ``db`` without writing anything beside it: read-only
    first (which sees a write-ahead log left by a killed game), else as an immutable file (a
    read-only folder where SQLite cannot make its shared-memory file)."""
    uri = path.resolve().as_uri()
    last: sqlite3.Error | None = None
    wal = path.with_name(path.name + "-wal")
    logged = wal.exists() and wal.stat().st_size > 0
    # Without a log to read, "immutable" reads the file alone and makes no file beside it.
    modes = ("mode=ro", "immutable=1") if logged else ("immutable=1", "mode=ro")
    for mode in modes:
        try:
            source = sqlite3.connect(f"{uri}?{mode}", uri=True, isolation_level=None)
        except sqlite3.Error as exc:
            last = exc
            continue
        try:
            version = check(source)
            source.backup(db)
            db.execute(f"PRAGMA user_version = {version}")  # a restored dump's, recognised
            return
        except sqlite3.Error as exc:
            if is_broken_file(exc):
                raise UnreadableProfile(str(exc)) from None
            last = exc
        finally:
            source.close()
    assert last is not None
    raise last


LOG_PAGES: Final = 64
"""Checkpoint the write-ahead log once it holds this many pages (SQLite's default, 1000 pages,
lets it grow toward 4 MB: more than a small disk has, for ~100 KB of profile)."""
LOG_LIMIT: Final = 256 * 1024
"""Bytes the log file is cut back to after a checkpoint (SQLite keeps its largest size)."""


def bound_the_log(db: sqlite3.Connection) -> None:
    """Keep the write-ahead log small: checkpointed often, its file cut back after each."""
    db.execute(f"PRAGMA wal_autocheckpoint = {LOG_PAGES}")
    db.execute(f"PRAGMA journal_size_limit = {LOG_LIMIT}")


def free_the_log(db: sqlite3.Connection) -> None:
    """After a write failed for want of space: copy the log into the database and empty its
    file, giving its space back to the disk (nothing is lost; it may fail again, quietly)."""
    with contextlib.suppress(sqlite3.Error):
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def connect(path: Path) -> sqlite3.Connection:
    """The profile's file opened for writing, checked and migrated; raises
    :class:`UnreadableProfile`, :class:`NewerProfile` or :class:`CannotWrite`."""
    try:
        db = sqlite3.connect(path, isolation_level=None, timeout=5.0)
    except sqlite3.Error as exc:
        raise CannotWrite(str(exc)) from exc
    try:
        # First, reading only: a newer version's profile, or another program's database, is
        # left exactly as it is (not even switched to a write-ahead log).
        version = check(db)
        if version != db.execute("PRAGMA user_version").fetchone()[0]:
            db.execute(f"PRAGMA user_version = {version}")  # a profile restored from a dump
        db.execute("PRAGMA journal_mode=WAL")  # a kill mid-write never leaves half a save
        db.execute("PRAGMA synchronous=NORMAL")
        bound_the_log(db)
        migrate(db)
        # A file that cannot be written fails here, before anything depends on it (SQLite
        # opens a read-only file for reading without a word; rewriting the schema version
        # with its own value is a real write that changes nothing).
        version = db.execute("PRAGMA user_version").fetchone()[0]
        db.execute("BEGIN IMMEDIATE")
        db.execute(f"PRAGMA user_version = {int(version)}")
        db.execute("COMMIT")
    except sqlite3.Error as exc:
        db.close()
        if is_broken_file(exc):
            raise UnreadableProfile(str(exc)) from None
        raise CannotWrite(str(exc)) from exc
    except (UnreadableProfile, NewerProfile):
        db.close()
        raise
    return db
