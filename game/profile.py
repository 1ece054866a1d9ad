"""The player's profile: one SQLite database holding the settings and the game in progress.

The database lives in the platform's user data folder (``platformdirs``) unless a folder is
given. Its schema is versioned with ``PRAGMA user_version`` and migrates forward one step at a
time (:data:`MIGRATIONS`): v1 settings and the saved game slots, v2 the history of finished
games (``games``, read by the statistics), v3 the daily challenge's results and pars. Every
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

import contextlib
import datetime as _dt
import json
import logging
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

APP_NAME: Final = "dame-de-pique"
PROFILE_FILE: Final = "profile.sqlite3"
CURRENT_GAME: Final = "current"
"""The slot of the game in progress."""
DAILY_GAME: Final = "daily"
"""The slot of the daily challenge's hand in progress (kept apart from the ordinary game)."""

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
    each date's par, computed once (``version``: :data:`game.daily.DAILY_VERSION`)."""
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


MIGRATIONS: Final[tuple[Callable[[sqlite3.Connection], None], ...]] = (
    _create_v1,
    _games_history_v2,
    _daily_v3,
    _outcome_and_lineup_v4,
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
    match: Any  # the engine's save of the match (game.save.save_match)
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

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
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

    def record_game(self, game: FinishedGame) -> int:
        """Add a finished game to the history; returns its id. A practice game is stored with
        ``player_won`` false whatever the score said, and so is an abandoned one."""
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
        :func:`game.daily.streaks` reads); ``counts`` is false when it was practice."""
        return {
            r.date: (r.points, r.par, not r.practice)
            for r in self.daily_results()
            if r.first_attempt
        }

    def daily_par(self, date: str, version: int) -> tuple[int, int] | None:
        """The stored ``(par, tricks)`` of ``date`` for algorithm ``version``, if computed."""
        row = self._db.execute(
            "SELECT par, tricks FROM daily_pars WHERE date = ? AND version = ?", (date, version)
        ).fetchone()
        return None if row is None else (int(row[0]), int(row[1]))

    def set_daily_par(self, date: str, version: int, par: int, tricks: int) -> None:
        self._write(
            "INSERT OR REPLACE INTO daily_pars (date, version, par, tricks) VALUES (?, ?, ?, ?)",
            (date, version, par, tricks),
        )
