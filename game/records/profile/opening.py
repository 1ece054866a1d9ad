"""Opening the profile: the file, or a copy in memory when it cannot be written, or a new one
when the file is not a profile (the old one renamed aside, never deleted)."""

from __future__ import annotations

import datetime as _dt
import errno
import logging
import sqlite3
from pathlib import Path
from typing import Final

from game.records.profile.connection import (
    connect,
    copy_into,
    files_of,
    memory_profile,
    remove_new_empty_files,
)
from game.records.profile.daily import DailyStore
from game.records.profile.history import HistoryStore
from game.records.profile.lock import InUse, ProfileLock
from game.records.profile.migrations import migrate
from game.records.profile.person import PersonModelStore
from game.records.profile.problems import (
    CannotWrite,
    NewerProfile,
    Trouble,
    UnreadableProfile,
    WriteProblem,
    write_problem,
)
from game.records.profile.saved_games import SavedGameStore
from game.records.profile.settings import SettingsStore
from game.records.profile.sheets import SheetStore

APP_NAME: Final = "dame-de-pique"
PROFILE_FILE: Final = "profile.sqlite3"

log = logging.getLogger("game.records.profile")


def default_folder() -> Path:
    """The user's data folder for the game (e.g. ``~/.local/share/dame-de-pique``)."""
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


class Profile(
    SettingsStore, SavedGameStore, HistoryStore, DailyStore, SheetStore, PersonModelStore
):
    """An open profile. Use :meth:`open`; close with :meth:`close` (or let it be collected).

    When the profile's file cannot be written (a full or read-only disk, no permission, no
    home folder, a newer version's profile) the profile is held in memory: a copy of what the
    file holds when it can be read, else empty. Nothing is written to disk then, every file is
    left as it is, and :attr:`unsaved` says why (the window says it on screen)."""

    path: Path
    notice: str | None  # set when a broken profile was moved aside while opening
    moved_aside: Path | None  # where that broken profile was kept
    unreadable_reason: str | None  # why it could not be read
    unsaved: WriteProblem | None  # set when the profile is only in memory this time
    was_empty: bool  # the file was there but empty (zero bytes): a new profile was made in it
    _db: sqlite3.Connection

    def __init__(
        self,
        path: Path,
        db: sqlite3.Connection,
        notice: str | None = None,
        moved_aside: Path | None = None,
        unreadable_reason: str | None = None,
        unsaved: WriteProblem | None = None,
        lock: ProfileLock | None = None,
    ) -> None:
        self.path = path
        self._lock = lock
        self.was_empty = False
        self._db = db
        self.notice = notice
        self.moved_aside = moved_aside
        self.unreadable_reason = unreadable_reason
        self.unsaved = unsaved

    @property
    def saving(self) -> bool:
        """True when what is stored reaches the file on disk (False: held in memory only)."""
        return self.unsaved is None

    @classmethod
    def open(cls, folder: str | Path | None = None) -> Profile:
        """Open (or create) the profile in ``folder`` (default: :func:`default_folder`).

        Never fails for want of a usable disk: see the class's description."""
        directory = Path(folder) if folder is not None else default_folder()
        path = directory / PROFILE_FILE
        try:
            directory.mkdir(parents=True, exist_ok=True)
            if not directory.is_dir():
                raise NotADirectoryError(errno.ENOTDIR, "not a folder", str(directory))
        except OSError as exc:
            problem = write_problem(exc)
            log.warning("cannot use the profile folder %s: %s", directory, problem.detail)
            return cls(path, memory_profile(), unsaved=problem)
        if path.is_dir():
            detail = f"{path} is a folder"
            log.warning("the profile cannot be opened: %s", detail)
            return cls(path, memory_profile(), unsaved=WriteProblem(Trouble.FOLDER, detail))
        existed = {p for p in files_of(path) if p.exists()}
        try:
            lock = ProfileLock.take(path)
        except InUse:
            log.warning("the profile %s is open in another copy of the game: not saving", path)
            detail = "another copy of the game has this profile open"
            return cls._read_only(path, WriteProblem(Trouble.IN_USE, detail))
        empty = path in existed and _empty(path)
        try:
            profile = cls(path, connect(path), lock=lock)
            profile.was_empty = empty
            if empty:
                log.warning("the profile %s was an empty file: a new profile was made", path)
            return profile
        except CannotWrite as exc:
            cls._let_go(lock, path, existed)
            cause = exc.__cause__ if exc.__cause__ is not None else exc
            return cls._read_only(path, write_problem(cause, directory))
        except NewerProfile as exc:
            cls._let_go(lock, path, existed)
            log.warning("%s: %s; it is left as it is", path, exc)
            return cls(path, memory_profile(), unsaved=WriteProblem(Trouble.NEWER, str(exc)))
        except UnreadableProfile as exc:
            return cls._set_aside_and_start_again(path, str(exc), lock)

    @staticmethod
    def _let_go(lock: ProfileLock | None, path: Path, existed: set[Path]) -> None:
        """The profile is not written this time: its lock is let go, and what the attempt made
        is removed (the folder is left as it was)."""
        if lock is not None:
            lock.release()
        remove_new_empty_files(path, existed)

    @classmethod
    def _set_aside_and_start_again(
        cls, path: Path, reason: str, lock: ProfileLock | None = None
    ) -> Profile:
        """The file is not a profile: kept under another name, and a new one started."""
        try:
            aside = cls._move_aside(path)
        except OSError as exc:  # cannot even rename it: leave it and play without saving
            log.warning("%s cannot be read (%s) nor moved aside: %s", path, reason, exc)
            problem = write_problem(exc, path.parent)
            if lock is not None:
                lock.release()
            return cls(path, memory_profile(), unreadable_reason=reason, unsaved=problem)
        notice = (
            f"Your profile could not be read ({reason}). It was kept as {aside.name} "
            "and a new profile was started."
        )
        log.warning("%s", notice)
        try:
            db = connect(path)
        except (CannotWrite, UnreadableProfile, NewerProfile) as exc:
            cause = exc.__cause__ if exc.__cause__ is not None else exc
            db = memory_profile()
            if lock is not None:
                lock.release()
            return cls(path, db, notice, aside, reason, write_problem(cause, path.parent))
        return cls(path, db, notice, aside, reason, lock=lock)

    @classmethod
    def _read_only(cls, path: Path, problem: WriteProblem) -> Profile:
        """The file cannot be written: a copy in memory of what it holds (empty if it cannot
        be read either). Nothing is written to the folder."""
        log.warning("the profile %s cannot be written (%s): not saving", path, problem.detail)
        db = memory_profile()
        if path.exists():
            try:
                copy_into(path, db)
                migrate(db)
            except (sqlite3.Error, UnreadableProfile, NewerProfile) as exc:
                log.warning("the profile %s cannot be read either: %s", path, exc)
                db.close()
                db = memory_profile()
        return cls(path, db, unsaved=problem)

    @staticmethod
    def _move_aside(path: Path) -> Path:
        stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"{path.name}.unreadable-{stamp}")
        number = 1
        while aside.exists():
            number += 1
            aside = path.with_name(f"{path.name}.unreadable-{stamp}-{number}")
        path.rename(aside)
        for suffix in ("-wal", "-shm"):
            extra = path.with_name(path.name + suffix)
            if extra.exists():
                extra.rename(aside.with_name(aside.name + suffix))
        return aside

    @property
    def schema_version(self) -> int:
        version: int = self._db.execute("PRAGMA user_version").fetchone()[0]
        return version

    def close(self) -> None:
        self._db.close()
        if self._lock is not None:
            self._lock.release()  # after the database: the next copy finds it all written


def _empty(path: Path) -> bool:
    """The file is there with nothing in it, nor in a log beside it."""
    try:
        if path.stat().st_size != 0:
            return False
        log_file = path.with_name(path.name + "-wal")
        return not log_file.exists() or log_file.stat().st_size == 0
    except OSError:
        return False
