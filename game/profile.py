"""The player's profile: one SQLite database holding the settings and the game in progress.

The database lives in the platform's user data folder (``platformdirs``) unless a folder is
given. Its schema is versioned with ``PRAGMA user_version`` and migrates forward one step at a
time (:data:`MIGRATIONS`); statistics, history and daily results will be further steps. Every
write is one transaction. A profile that cannot be read (not a database, damaged, or written by
a newer version) is renamed aside, never deleted, and a fresh one is started; the reason is in
:attr:`Profile.notice` for the window to show.

Values are stored as JSON text, so settings and saved games are plain data.

>>> import tempfile
>>> folder = tempfile.mkdtemp()
>>> profile = Profile.open(folder)
>>> profile.set_setting("language", "fr")
>>> Profile.open(folder).setting("language")
'fr'
"""

from __future__ import annotations

import datetime as _dt
import json
import logging
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

APP_NAME: Final = "dame-de-pique"
PROFILE_FILE: Final = "profile.sqlite3"
CURRENT_GAME: Final = "current"
"""The slot of the game in progress."""

log = logging.getLogger(__name__)


class ProfileError(RuntimeError):
    """The profile cannot be used at all (e.g. its folder cannot be created)."""


def default_folder() -> Path:
    """The user's data folder for the game (e.g. ``~/.local/share/dame-de-pique``)."""
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


# --- schema -------------------------------------------------------------------------------------


def _create_v1(db: sqlite3.Connection) -> None:
    db.execute("CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    db.execute(
        "CREATE TABLE games (slot TEXT PRIMARY KEY, data TEXT NOT NULL, saved_at TEXT NOT NULL)"
    )


MIGRATIONS: Final[tuple[Callable[[sqlite3.Connection], None], ...]] = (_create_v1,)
"""``MIGRATIONS[k]`` takes a profile from schema version ``k`` to ``k + 1``. Append, never edit."""
SCHEMA_VERSION: Final = len(MIGRATIONS)


class UnreadableProfile(Exception):
    """The file is not a profile this version can read; the message says why."""


def _now() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")


class Profile:
    """An open profile. Use :meth:`open`; close with :meth:`close` (or let it be collected)."""

    path: Path
    notice: str | None  # set when a broken profile was moved aside while opening
    moved_aside: Path | None  # where that broken profile was kept
    unreadable_reason: str | None  # why it could not be read
    _db: sqlite3.Connection

    def __init__(
        self,
        path: Path,
        db: sqlite3.Connection,
        notice: str | None = None,
        moved_aside: Path | None = None,
        unreadable_reason: str | None = None,
    ) -> None:
        self.path = path
        self._db = db
        self.notice = notice
        self.moved_aside = moved_aside
        self.unreadable_reason = unreadable_reason

    @classmethod
    def open(cls, folder: str | Path | None = None) -> Profile:
        """Open (or create) the profile in ``folder`` (default: :func:`default_folder`).

        Raises :class:`ProfileError` only when the folder itself cannot be used.
        """
        directory = Path(folder) if folder is not None else default_folder()
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ProfileError(f"cannot use the profile folder {directory}: {exc}") from None
        if not directory.is_dir():
            raise ProfileError(f"the profile folder {directory} is not a folder")
        path = directory / PROFILE_FILE
        notice = reason = aside = None
        try:
            db = cls._connect(path)
        except UnreadableProfile as exc:
            reason = str(exc)
            aside = cls._move_aside(path)
            notice = (
                f"Your profile could not be read ({exc}). It was kept as {aside.name} "
                "and a new profile was started."
            )
            log.warning("%s", notice)
            try:
                db = cls._connect(path)
            except UnreadableProfile as again:
                raise ProfileError(f"cannot create a profile in {directory}: {again}") from None
        return cls(path, db, notice, aside, reason)

    @staticmethod
    def _connect(path: Path) -> sqlite3.Connection:
        try:
            db = sqlite3.connect(path, isolation_level=None, timeout=5.0)
        except sqlite3.Error as exc:
            raise UnreadableProfile(str(exc)) from None
        try:
            db.execute("PRAGMA journal_mode=WAL")  # a kill mid-write never leaves half a save
            db.execute("PRAGMA synchronous=NORMAL")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise UnreadableProfile(
                    f"it was written by a newer version of the game (schema {version})"
                )
            check = db.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise UnreadableProfile(f"the database is damaged: {check}")
            for step in range(version, SCHEMA_VERSION):
                db.execute("BEGIN IMMEDIATE")
                try:
                    MIGRATIONS[step](db)
                    db.execute(f"PRAGMA user_version = {step + 1}")
                    db.execute("COMMIT")
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
        except sqlite3.Error as exc:
            db.close()
            raise UnreadableProfile(str(exc)) from None
        except UnreadableProfile:
            db.close()
            raise
        return db

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

    def _write(self, sql: str, params: tuple[Any, ...]) -> None:
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute(sql, params)
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    # -- settings ------------------------------------------------------------------------------

    def setting(self, key: str, default: Any = None) -> Any:
        """A stored setting, or ``default`` when it was never set (or cannot be read)."""
        row = self._db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        if row is None:
            return default
        try:
            return json.loads(row[0])
        except ValueError:
            return default

    def settings(self) -> dict[str, Any]:
        """Every stored setting."""
        result: dict[str, Any] = {}
        for key, value in self._db.execute("SELECT key, value FROM settings"):
            try:
                result[key] = json.loads(value)
            except ValueError:
                continue
        return result

    def set_setting(self, key: str, value: Any) -> None:
        """Store a setting (any JSON-compatible value)."""
        self._write(
            "INSERT INTO settings (key, value) VALUES (?, ?) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (key, json.dumps(value)),
        )

    # -- the game in progress ------------------------------------------------------------------

    def save_game(self, data: Any, slot: str = CURRENT_GAME) -> None:
        """Store a game (plain data, e.g. from :func:`game.save.save_match`) in ``slot``."""
        self._write(
            "INSERT INTO games (slot, data, saved_at) VALUES (?, ?, ?) "
            "ON CONFLICT(slot) DO UPDATE SET data = excluded.data, saved_at = excluded.saved_at",
            (slot, json.dumps(data, separators=(",", ":")), _now()),
        )

    def load_game(self, slot: str = CURRENT_GAME) -> Any:
        """The game stored in ``slot``, or ``None``. Raises ValueError for text that is not
        JSON (use :meth:`set_game_aside` to keep it out of the way)."""
        row = self._db.execute("SELECT data FROM games WHERE slot = ?", (slot,)).fetchone()
        if row is None:
            return None
        return json.loads(row[0])

    def has_game(self, slot: str = CURRENT_GAME) -> bool:
        return (
            self._db.execute("SELECT 1 FROM games WHERE slot = ?", (slot,)).fetchone() is not None
        )

    def clear_game(self, slot: str = CURRENT_GAME) -> None:
        """Forget the game in ``slot`` (it was finished or abandoned)."""
        self._write("DELETE FROM games WHERE slot = ?", (slot,))

    def set_game_aside(self, slot: str = CURRENT_GAME) -> str:
        """Keep an unreadable game under another slot name (never discarded); returns it."""
        aside = f"unreadable-{_now()}"
        self._write("UPDATE games SET slot = ? WHERE slot = ?", (aside, slot))
        return aside
