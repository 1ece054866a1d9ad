"""The player's profile: one SQLite database holding the settings and the game in progress.

The database lives in the platform's user data folder (``platformdirs``) unless a folder is
given. Its schema is versioned with ``PRAGMA user_version`` and migrates forward one step at a
time (:data:`MIGRATIONS`): v1 settings and the saved game slots, v2 the history of finished
games (``games``, read by the statistics), v3 the daily challenge's results and pars, v4 abandoned
games and each seat's level, v5 the score sheet's players, sheets and hands. Every write is one
transaction.

Only a file that is not a profile (not an SQLite database, or one that fails its integrity
check) is renamed aside, never deleted, and a fresh profile started; the reason is in
:attr:`Profile.notice`. Trouble writing (a full or read-only disk, no permission, no home
folder) or a profile of a newer version leaves every file as it is: the profile is then held
in memory (a copy of the file when it can be read) and :attr:`Profile.unsaved` says why, for
the window to say that this game is played without saving. A write that fails later raises
``sqlite3.Error`` with nothing half-written (:func:`write_problem` says what it means).

Values are stored as JSON text, so settings and saved games are plain data.

>>> import tempfile
>>> folder = tempfile.mkdtemp()
>>> profile = Profile.open(folder)
>>> profile.set_setting("language", "fr")
>>> Profile.open(folder).setting("language")
'fr'
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import errno
import json
import logging
import os
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, Final

APP_NAME: Final = "dame-de-pique"
PROFILE_FILE: Final = "profile.sqlite3"
CURRENT_GAME: Final = "current"
"""The slot of the game in progress."""
DAILY_GAME: Final = "daily"
"""The slot of the daily challenge's hand in progress (kept apart from the ordinary game)."""

log = logging.getLogger(__name__)


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


def _games_history_v2(db: sqlite3.Connection) -> None:
    """The saved-game slots move to ``saved_games``; ``games`` is the history of finished games:
    one row per game with what the statistics need. ``player_won`` is already false for a
    practice game (a hint or teaching mode was used), so counting wins is ``SUM(player_won)``."""
    db.execute("ALTER TABLE games RENAME TO saved_games")
    db.execute(
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            finished_at TEXT NOT NULL,   -- UTC, ISO 8601
            rules TEXT NOT NULL,         -- JSON: the rule variants played
            level TEXT NOT NULL,         -- the opponents' level
            human_seat INTEGER,          -- the player's seat (NULL: nobody, a demo)
            names TEXT NOT NULL,         -- JSON: each seat's name, by seat
            totals TEXT NOT NULL,        -- JSON: each seat's final total, by seat
            winners TEXT NOT NULL,       -- JSON: the winning seats
            player_won INTEGER NOT NULL, -- 1 when the player won and it counts (not practice)
            practice INTEGER NOT NULL,   -- 1 when a hint or teaching mode was used
            hands INTEGER NOT NULL,      -- hands played
            match TEXT NOT NULL          -- JSON: the engine's save of the whole match
        )"""
    )
    db.execute("CREATE INDEX games_by_date ON games (finished_at)")


def _daily_v3(db: sqlite3.Connection) -> None:
    """Every finished daily hand (replays too: ``first_attempt`` marks the date's first) and
    each date's par, computed once (``version``: what it depends on, since 0.2 the text of
    :func:`game.records.daily.par_key`; 0.1 stored the integer ``DAILY_VERSION``, which never
    matches a key now, so those pars are computed again)."""
    db.execute(
        """CREATE TABLE daily_results (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            date TEXT NOT NULL,             -- the local calendar date, YYYY-MM-DD
            points INTEGER NOT NULL,
            par INTEGER NOT NULL,
            tricks INTEGER NOT NULL,        -- tricks the player took
            first_attempt INTEGER NOT NULL, -- 1 for the date's first finished hand
            practice INTEGER NOT NULL,      -- 1 when a hint or teaching mode was used
            finished_at TEXT NOT NULL       -- UTC, ISO 8601
        )"""
    )
    db.execute("CREATE INDEX daily_by_date ON daily_results (date)")
    db.execute(
        """CREATE TABLE daily_pars (
            date TEXT NOT NULL,
            version INTEGER NOT NULL,
            par INTEGER NOT NULL,
            tricks INTEGER NOT NULL,
            PRIMARY KEY (date, version)
        )"""
    )


def _outcome_and_lineup_v4(db: sqlite3.Connection) -> None:
    """A game left before its end is kept as ``outcome = 'abandoned'`` (never a win); each
    seat's computer level is kept by seat (``levels``: JSON, null for a person's seat; NULL in
    rows written before v4, whose ``level`` column says the one level of all opponents)."""
    db.execute("ALTER TABLE games ADD COLUMN outcome TEXT NOT NULL DEFAULT 'finished'")
    db.execute("ALTER TABLE games ADD COLUMN levels TEXT")


def _score_sheets_v5(db: sqlite3.Connection) -> None:
    """The score sheet for real-card games: the players it knows (a name and an optional small
    photo, kept as PNG bytes, never a path), each sheet (its rules and players by seat) and each
    sheet's hands (what was entered: :meth:`game.records.scoresheet.HandEntry.to_dict`)."""
    db.execute(
        """CREATE TABLE players (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE,
            photo BLOB,                  -- a PNG thumbnail, or NULL
            created_at TEXT NOT NULL     -- UTC, ISO 8601
        )"""
    )
    db.execute(
        """CREATE TABLE sheets (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            started_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            rules TEXT NOT NULL,         -- JSON: game.engine.rules.Rules.to_dict()
            players TEXT NOT NULL,       -- JSON: the players' ids, by seat
            names TEXT NOT NULL,         -- JSON: their names when the sheet started, by seat
            finished INTEGER NOT NULL DEFAULT 0,
            winners TEXT NOT NULL DEFAULT '[]'  -- JSON: the winning seats once finished
        )"""
    )
    db.execute(
        """CREATE TABLE sheet_hands (
            sheet_id INTEGER NOT NULL REFERENCES sheets (id),
            number INTEGER NOT NULL,     -- 0 for the first hand
            entry TEXT NOT NULL,         -- JSON: the figures entered
            PRIMARY KEY (sheet_id, number)
        )"""
    )


MIGRATIONS: Final[tuple[Callable[[sqlite3.Connection], None], ...]] = (
    _create_v1,
    _games_history_v2,
    _daily_v3,
    _outcome_and_lineup_v4,
    _score_sheets_v5,
)
"""``MIGRATIONS[k]`` takes a profile from schema version ``k`` to ``k + 1``. Append, never edit."""
SCHEMA_VERSION: Final = len(MIGRATIONS)


FINISHED: Final = "finished"
ABANDONED: Final = "abandoned"
OUTCOMES: Final = (FINISHED, ABANDONED)


@dataclass(frozen=True)
class FinishedGame:
    """One finished game as the history keeps it (plain data: the window fills it in)."""

    rules: dict[str, Any]  # the rule variants, as saved
    level: str  # the opponents' level
    human_seat: int | None  # None: the computer played every seat
    names: tuple[str, ...]  # by seat
    totals: tuple[int, ...]  # by seat
    winners: tuple[int, ...]
    practice: bool  # a hint or teaching mode was used: never a win
    hands: int
    match: Any  # the engine's save of the match (game.engine.save.save_match)
    finished_at: str | None = None  # UTC ISO 8601; None: now
    outcome: str = FINISHED  # FINISHED, or ABANDONED: left before the end (never a win)
    levels: tuple[str | None, ...] | None = None  # by seat (None: a person); None: not known

    @property
    def player_won(self) -> bool:
        """The player is among the winners (practice or not) of a game played to its end."""
        return (
            self.outcome == FINISHED
            and self.human_seat is not None
            and self.human_seat in self.winners
        )

    @property
    def counts_as_win(self) -> bool:
        """A win for the statistics: the player won, and not with help."""
        return self.player_won and not self.practice


@dataclass(frozen=True)
class DailyResult:
    """One finished daily hand."""

    date: str  # YYYY-MM-DD, the player's local date
    points: int
    par: int
    tricks: int
    first_attempt: bool  # the date's first finished hand (only it can count)
    practice: bool  # a hint or teaching mode was used
    finished_at: str

    @property
    def counts(self) -> bool:
        """Counted in the streaks of pars beaten: the first attempt, played without help."""
        return self.first_attempt and not self.practice


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _check(db: sqlite3.Connection) -> None:
    """Refuse a profile this version cannot use: a newer schema, or a damaged database."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise NewerProfile(f"it was written by a newer version of the game (schema {version})")
    check = db.execute("PRAGMA quick_check").fetchone()[0]
    if check != "ok":
        raise UnreadableProfile(f"the database is damaged: {check}")


def _migrate(db: sqlite3.Connection) -> None:
    """Take the profile forward to :data:`SCHEMA_VERSION`, one transaction per step."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    for step in range(version, SCHEMA_VERSION):
        db.execute("BEGIN IMMEDIATE")
        try:
            MIGRATIONS[step](db)
            db.execute(f"PRAGMA user_version = {step + 1}")
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise


def _files_of(path: Path) -> tuple[Path, ...]:
    """The database and the files SQLite keeps beside it."""
    return (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm"))


def _remove_new_empty_files(path: Path, existed: set[Path]) -> None:
    """Remove what a failed open made that was not there before: an empty database or log (a
    new profile on a full disk), a shared-memory index (SQLite's cache of the log, rebuilt at
    will; no other connection had it open, or it would have existed). The folder is left as
    it was."""
    database, log_file, index = _files_of(path)
    for file in (database, log_file, index):
        if file not in existed:
            with contextlib.suppress(OSError):
                if file is index or file.stat().st_size == 0:
                    file.unlink()


def _memory_profile() -> sqlite3.Connection:
    """An empty profile in memory, at the current schema."""
    db = sqlite3.connect(":memory:", isolation_level=None)
    _migrate(db)
    return db


def _copy_into(path: Path, db: sqlite3.Connection) -> None:
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
            _check(source)
            source.backup(db)
            return
        except sqlite3.Error as exc:
            if _is_broken_file(exc):
                raise UnreadableProfile(str(exc)) from None
            last = exc
        finally:
            source.close()
    assert last is not None
    raise last


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
    OTHER = "other"  # any other input/output error (see the detail)


@dataclass(frozen=True)
class WriteProblem:
    """Why the profile is not being written, and the system's own words."""

    trouble: Trouble
    detail: str


def _is_broken_file(exc: sqlite3.Error) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in (_SQLITE_CORRUPT, _SQLITE_NOTADB)


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


def _now() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")


class Profile:
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
    _db: sqlite3.Connection

    def __init__(
        self,
        path: Path,
        db: sqlite3.Connection,
        notice: str | None = None,
        moved_aside: Path | None = None,
        unreadable_reason: str | None = None,
        unsaved: WriteProblem | None = None,
    ) -> None:
        self.path = path
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
            return cls(path, _memory_profile(), unsaved=problem)
        existed = {p for p in _files_of(path) if p.exists()}
        try:
            return cls(path, cls._connect(path))
        except CannotWrite as exc:
            _remove_new_empty_files(path, existed)
            cause = exc.__cause__ if exc.__cause__ is not None else exc
            return cls._read_only(path, write_problem(cause, directory))
        except NewerProfile as exc:
            log.warning("%s: %s; it is left as it is", path, exc)
            return cls(path, _memory_profile(), unsaved=WriteProblem(Trouble.NEWER, str(exc)))
        except UnreadableProfile as exc:
            return cls._set_aside_and_start_again(path, str(exc))

    @classmethod
    def _set_aside_and_start_again(cls, path: Path, reason: str) -> Profile:
        """The file is not a profile: kept under another name, and a new one started."""
        try:
            aside = cls._move_aside(path)
        except OSError as exc:  # cannot even rename it: leave it and play without saving
            log.warning("%s cannot be read (%s) nor moved aside: %s", path, reason, exc)
            problem = write_problem(exc, path.parent)
            return cls(path, _memory_profile(), unreadable_reason=reason, unsaved=problem)
        notice = (
            f"Your profile could not be read ({reason}). It was kept as {aside.name} "
            "and a new profile was started."
        )
        log.warning("%s", notice)
        try:
            db = cls._connect(path)
        except (CannotWrite, UnreadableProfile, NewerProfile) as exc:
            cause = exc.__cause__ if exc.__cause__ is not None else exc
            db = _memory_profile()
            return cls(path, db, notice, aside, reason, write_problem(cause, path.parent))
        return cls(path, db, notice, aside, reason)

    @classmethod
    def _read_only(cls, path: Path, problem: WriteProblem) -> Profile:
        """The file cannot be written: a copy in memory of what it holds (empty if it cannot
        be read either). Nothing is written to the folder."""
        log.warning("the profile %s cannot be written (%s): not saving", path, problem.detail)
        db = _memory_profile()
        if path.exists():
            try:
                _copy_into(path, db)
            except (sqlite3.Error, UnreadableProfile, NewerProfile) as exc:
                log.warning("the profile %s cannot be read either: %s", path, exc)
                db.close()
                db = _memory_profile()
            else:
                _migrate(db)
        return cls(path, db, unsaved=problem)

    @staticmethod
    def _connect(path: Path) -> sqlite3.Connection:
        try:
            db = sqlite3.connect(path, isolation_level=None, timeout=5.0)
        except sqlite3.Error as exc:
            raise CannotWrite(str(exc)) from exc
        try:
            _check(db)  # first: a newer version's profile is left exactly as it is
            db.execute("PRAGMA journal_mode=WAL")  # a kill mid-write never leaves half a save
            db.execute("PRAGMA synchronous=NORMAL")
            _migrate(db)
            # A file that cannot be written fails here, before anything depends on it (SQLite
            # opens a read-only file for reading without a word; rewriting the schema version
            # with its own value is a real write that changes nothing).
            version = db.execute("PRAGMA user_version").fetchone()[0]
            db.execute("BEGIN IMMEDIATE")
            db.execute(f"PRAGMA user_version = {int(version)}")
            db.execute("COMMIT")
        except sqlite3.Error as exc:
            db.close()
            if _is_broken_file(exc):
                raise UnreadableProfile(str(exc)) from None
            raise CannotWrite(str(exc)) from exc
        except (UnreadableProfile, NewerProfile):
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
        with self._transaction() as db:
            db.execute(sql, params)

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
            db.execute("COMMIT")
        except BaseException:
            # A failed COMMIT (a full disk) may have rolled back already: only roll back what
            # is still open, so the first error is the one reported.
            if db.in_transaction:
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
        """Store a game (plain data, e.g. from :func:`game.engine.save.save_match`) in ``slot``."""
        self._write(
            "INSERT INTO saved_games (slot, data, saved_at) VALUES (?, ?, ?) "
            "ON CONFLICT(slot) DO UPDATE SET data = excluded.data, saved_at = excluded.saved_at",
            (slot, json.dumps(data, separators=(",", ":")), _now()),
        )

    def load_game(self, slot: str = CURRENT_GAME) -> Any:
        """The game stored in ``slot``, or ``None``. Raises ValueError for text that is not
        JSON (use :meth:`set_game_aside` to keep it out of the way)."""
        row = self._db.execute("SELECT data FROM saved_games WHERE slot = ?", (slot,)).fetchone()
        if row is None:
            return None
        return json.loads(row[0])

    def has_game(self, slot: str = CURRENT_GAME) -> bool:
        row = self._db.execute("SELECT 1 FROM saved_games WHERE slot = ?", (slot,)).fetchone()
        return row is not None

    def clear_game(self, slot: str = CURRENT_GAME) -> None:
        """Forget the game in ``slot`` (it was finished or abandoned)."""
        self._write("DELETE FROM saved_games WHERE slot = ?", (slot,))

    def set_game_aside(self, slot: str = CURRENT_GAME) -> str:
        """Keep an unreadable game under another slot name (never discarded); returns it."""
        aside = f"unreadable-{_now()}"
        self._write("UPDATE saved_games SET slot = ? WHERE slot = ?", (aside, slot))
        return aside

    # -- finished games ------------------------------------------------------------------------

    def record_game(self, game: FinishedGame, *, clear: str | None = None) -> int:
        """Add a finished game to the history; returns its id. A practice game is stored with
        ``player_won`` false whatever the score said, and so is an abandoned one. With
        ``clear``, that saved-game slot is emptied in the same transaction: a game killed
        in between is never both in the history and still to be continued (and recorded
        twice)."""
        if game.outcome not in OUTCOMES:
            raise ValueError(f"a game's outcome is one of {OUTCOMES}, not {game.outcome!r}")
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO games (finished_at, rules, level, human_seat, names, totals, winners,"
                " player_won, practice, hands, match, outcome, levels)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game.finished_at or _now(),
                    _json(game.rules),
                    game.level,
                    game.human_seat,
                    _json(list(game.names)),
                    _json(list(game.totals)),
                    _json(list(game.winners)),
                    int(game.counts_as_win),
                    int(game.practice),
                    game.hands,
                    _json(game.match),
                    game.outcome,
                    None if game.levels is None else _json(list(game.levels)),
                ),
            )
            if clear is not None:
                db.execute("DELETE FROM saved_games WHERE slot = ?", (clear,))
            return int(cursor.lastrowid or 0)

    def finished_games(self) -> list[FinishedGame]:
        """The history of finished games, oldest first."""
        rows = self._db.execute(
            "SELECT finished_at, rules, level, human_seat, names, totals, winners, practice,"
            " hands, match, outcome, levels FROM games ORDER BY id"
        ).fetchall()
        games = []
        for row in rows:
            finished, rules, level, seat, names, totals, winners, practice, hands, match = row[:10]
            outcome, levels = row[10:]
            games.append(
                FinishedGame(
                    rules=json.loads(rules),
                    level=level,
                    human_seat=seat,
                    names=tuple(json.loads(names)),
                    totals=tuple(json.loads(totals)),
                    winners=tuple(json.loads(winners)),
                    practice=bool(practice),
                    hands=hands,
                    match=json.loads(match),
                    finished_at=finished,
                    outcome=outcome,
                    levels=None if levels is None else tuple(json.loads(levels)),
                )
            )
        return games

    def win_count(self) -> tuple[int, int]:
        """(games won that count, games finished) by the player."""
        won, played = self._db.execute(
            "SELECT COALESCE(SUM(player_won), 0), COUNT(*) FROM games"
            " WHERE human_seat IS NOT NULL AND outcome = 'finished'"
        ).fetchone()
        return int(won), int(played)

    # -- the daily challenge -------------------------------------------------------------------

    def record_daily(
        self, date: str, points: int, par: int, tricks: int, practice: bool = False
    ) -> DailyResult:
        """Add a finished daily hand of ``date`` (YYYY-MM-DD). Only the date's first finished
        hand is its first attempt; later ones are kept as replays. Returns the stored row."""
        finished = _now()
        with self._transaction() as db:
            earlier = db.execute(
                "SELECT 1 FROM daily_results WHERE date = ? LIMIT 1", (date,)
            ).fetchone()
            first = earlier is None
            db.execute(
                "INSERT INTO daily_results (date, points, par, tricks, first_attempt, practice,"
                " finished_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (date, points, par, tricks, int(first), int(practice), finished),
            )
        return DailyResult(date, points, par, tricks, first, practice, finished)

    def daily_results(self) -> list[DailyResult]:
        """Every finished daily hand, by date then in the order played."""
        rows = self._db.execute(
            "SELECT date, points, par, tricks, first_attempt, practice, finished_at"
            " FROM daily_results ORDER BY date, id"
        ).fetchall()
        return [
            DailyResult(day, points, par, tricks, bool(first), bool(practice), finished)
            for day, points, par, tricks, first, practice, finished in rows
        ]

    def daily_history(self) -> dict[str, tuple[int, int, bool]]:
        """Each date's first attempt as ``(points, par, counts)`` (the form
        :func:`game.records.daily.streaks` reads); ``counts`` is false when it was practice."""
        return {
            r.date: (r.points, r.par, not r.practice)
            for r in self.daily_results()
            if r.first_attempt
        }

    def daily_par(self, date: str, version: str) -> tuple[int, int] | None:
        """The stored ``(par, tricks)`` of ``date`` computed under ``version`` (the key of
        what the par depends on: :func:`game.records.daily.par_key`), if there is one."""
        row = self._db.execute(
            "SELECT par, tricks FROM daily_pars WHERE date = ? AND version = ?", (date, version)
        ).fetchone()
        return None if row is None else (int(row[0]), int(row[1]))

    def set_daily_par(self, date: str, version: str, par: int, tricks: int) -> None:
        self._write(
            "INSERT OR REPLACE INTO daily_pars (date, version, par, tricks) VALUES (?, ?, ?, ?)",
            (date, version, par, tricks),
        )

    # -- the score sheet for real-card games ---------------------------------------------------

    def game_ids(self) -> list[int]:
        """The ids of the games :meth:`finished_games` lists, in the same order."""
        return [int(row[0]) for row in self._db.execute("SELECT id FROM games ORDER BY id")]

    def game_rows(self, *, with_match: bool = True, game_id: int | None = None) -> list[Any]:
        """Every stored game's columns as stored, oldest first (``id, finished_at, rules, level,
        human_seat, names, totals, winners, practice, hands, match, outcome, levels``); only
        ``game_id``'s when given. Without ``with_match`` a sound ``match`` is left out (None) and
        one that is not valid JSON is still given, so that a list shows it as damaged. Nothing
        is decoded here: :func:`game.records.stats.read_history` reads each row on its own, so
        one damaged row never hides the others."""
        match = "match" if with_match else "CASE WHEN json_valid(match) THEN NULL ELSE match END"
        sql = (
            "SELECT id, finished_at, rules, level, human_seat, names, totals, winners, practice,"
            f" hands, {match}, outcome, levels FROM games"
        )
        if game_id is not None:
            return self._db.execute(sql + " WHERE id = ?", (game_id,)).fetchall()
        return self._db.execute(sql + " ORDER BY id").fetchall()

    def game_history(self) -> list[tuple[int, FinishedGame]]:
        """Every game of the history with its id, oldest first."""
        return list(zip(self.game_ids(), self.finished_games(), strict=True))

    def players(self) -> list[SheetPlayer]:
        """The score sheet's players, by name."""
        rows = self._db.execute(
            "SELECT id, name, photo FROM players ORDER BY name COLLATE NOCASE"
        ).fetchall()
        return [SheetPlayer(int(i), str(n), None if p is None else bytes(p)) for i, n, p in rows]

    def add_player(self, name: str, photo: bytes | None = None) -> int:
        """A new player for the score sheet; returns the id. ValueError (with a sentence) for
        an empty name or one already taken (names are compared without case)."""
        name = name.strip()
        if not name:
            raise ValueError("a player needs a name")
        try:
            with self._transaction() as db:
                cursor = db.execute(
                    "INSERT INTO players (name, photo, created_at) VALUES (?, ?, ?)",
                    (name, photo, _now()),
                )
        except sqlite3.IntegrityError:
            raise ValueError(f"there is already a player called {name}") from None
        return int(cursor.lastrowid or 0)

    def set_player_photo(self, player_id: int, photo: bytes | None) -> None:
        """Keep a photo (PNG thumbnail bytes) for a player, or forget it (None)."""
        self._write("UPDATE players SET photo = ? WHERE id = ?", (photo, player_id))

    def new_sheet(self, rules: dict[str, Any], player_ids: list[int], names: list[str]) -> int:
        """Start a score sheet; returns its id."""
        now = _now()
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO sheets (started_at, updated_at, rules, players, names)"
                " VALUES (?, ?, ?, ?, ?)",
                (now, now, _json(rules), _json(player_ids), _json(names)),
            )
        return int(cursor.lastrowid or 0)

    def save_sheet_hands(
        self,
        sheet_id: int,
        entries: list[dict[str, Any]],
        finished: bool,
        winners: list[int],
    ) -> None:
        """Store every hand of a sheet (what was entered, in order) and where the game stands,
        in one transaction: a write that failed earlier is made good by the next one."""
        with self._transaction() as db:
            db.execute("DELETE FROM sheet_hands WHERE sheet_id = ?", (sheet_id,))
            db.executemany(
                "INSERT INTO sheet_hands (sheet_id, number, entry) VALUES (?, ?, ?)",
                [(sheet_id, number, _json(entry)) for number, entry in enumerate(entries)],
            )
            db.execute(
                "UPDATE sheets SET updated_at = ?, finished = ?, winners = ? WHERE id = ?",
                (_now(), int(finished), _json(winners), sheet_id),
            )

    def sheets(self) -> list[StoredSheet]:
        """Every score sheet with its hands, the latest played first."""
        rows = self._db.execute(
            "SELECT id, started_at, updated_at, rules, players, names, finished, winners"
            " FROM sheets ORDER BY updated_at DESC, id DESC"
        ).fetchall()
        hands: dict[int, list[Any]] = {}
        for sheet_id, entry in self._db.execute(
            "SELECT sheet_id, entry FROM sheet_hands ORDER BY sheet_id, number"
        ):
            hands.setdefault(int(sheet_id), []).append(json.loads(entry))
        return [
            StoredSheet(
                sheet_id=int(i),
                started_at=started,
                updated_at=updated,
                rules=json.loads(rules),
                player_ids=tuple(json.loads(players)),
                names=tuple(json.loads(names)),
                finished=bool(finished),
                winners=tuple(json.loads(winners)),
                hands=tuple(hands.get(int(i), [])),
            )
            for i, started, updated, rules, players, names, finished, winners in rows
        ]

    def sheet(self, sheet_id: int) -> StoredSheet | None:
        return next((s for s in self.sheets() if s.sheet_id == sheet_id), None)


@dataclass(frozen=True)
class SheetPlayer:
    """A player the score sheet knows."""

    player_id: int
    name: str
    photo: bytes | None  # a PNG thumbnail


@dataclass(frozen=True)
class StoredSheet:
    """A score sheet as stored (plain data; :mod:`game.records.scoresheet` checks it again)."""

    sheet_id: int
    started_at: str
    updated_at: str
    rules: dict[str, Any]
    player_ids: tuple[int, ...]
    names: tuple[str, ...]
    finished: bool
    winners: tuple[int, ...]
    hands: tuple[Any, ...]  # each hand's entry (HandEntry.to_dict())
